//! The game's sounds as recipes for the synthesizer (REQ §21 AU2): each a few layers of
//! oscillators and noise with a filter and an envelope (the sfxr family's way: a handful
//! of numbers per sound, no sample files; the words for them in [`super::recipe`]). The
//! numbers were chosen by ear from spectrograms of offline renders (docs/sound.md); what
//! varies per event (the space round a shot, a windup's length, a beat's strength) comes
//! in as an argument. The threat's sounds (§22) are in [`super::threat`].

use audio::{FilterKind, Layer, Patch, Wave};
use sim::read::EnemyKind;

use super::recipe::{filtered, glide, held, later, layer, shot, wobble};
use super::threat::{spitter_death, spitter_windup, stalker_death, stalker_windup};

/// A gunshot: a transient crack, a tone for its body (the report's ring, a triangle
/// falling 240 → 120 Hz: its harmonics carry the shot in the 200–2000 Hz band where the
/// cues live), a low thump, and a tail whose length follows the space round the shooter
/// (`openness` 0 = a corridor, a short dry tail; 1 = a yard, a long one). The crack is
/// band-passed noise at 2.4 kHz, 6 ms: a broadband click high-passed at 3 kHz with a
/// band-passed noise body (the recipe before the mastering, docs/decisions.md) made the
/// fights a wall of noise up to 24 kHz.
pub fn gunshot(openness: f32) -> Patch {
    let tail = 0.18 + 1.4 * openness.clamp(0.0, 1.0);
    Patch::new(&[
        filtered(
            layer(Wave::White, 0.0, shot(0.0005, 0.0, 0.025), 0.8),
            FilterKind::BandPass,
            2400.0,
            2400.0,
            0.8,
        ),
        glide(
            layer(Wave::Triangle, 240.0, shot(0.001, 0.012, 0.16), 0.55),
            120.0,
            0.1,
        ),
        glide(
            layer(Wave::Sine, 110.0, shot(0.001, 0.006, 0.1), 0.6),
            45.0,
            0.06,
        ),
        glide(
            filtered(
                layer(Wave::Pink, 0.0, shot(0.01, 0.0, tail), 0.3),
                FilterKind::BandPass,
                900.0,
                350.0,
                0.7,
            ),
            0.0,
            tail,
        ),
    ])
}

/// A bullet stopping on a wall: a sharp tick.
pub fn wall_hit() -> Patch {
    Patch::new(&[
        filtered(
            layer(Wave::White, 0.0, shot(0.0003, 0.0, 0.025), 0.7),
            FilterKind::HighPass,
            4000.0,
            4000.0,
            0.7,
        ),
        layer(
            Wave::Square { duty: 0.5 },
            2300.0,
            shot(0.0005, 0.0, 0.03),
            0.15,
        ),
    ])
}

/// Now and then a ricochet whines away.
pub fn ricochet() -> Patch {
    Patch::new(&[wobble(
        glide(
            layer(Wave::Sine, 3400.0, shot(0.002, 0.0, 0.32), 0.22),
            900.0,
            0.3,
        ),
        28.0,
        0.4,
    )])
}

/// A bullet or a blade in flesh: a wet thud — a short band of noise for the transient,
/// a tone for the body (a sine falling 210 → 130 Hz), the low thud under it.
pub fn flesh_hit() -> Patch {
    Patch::new(&[
        glide(
            layer(Wave::Sine, 95.0, shot(0.001, 0.0, 0.08), 0.5),
            50.0,
            0.06,
        ),
        glide(
            layer(Wave::Sine, 210.0, shot(0.001, 0.01, 0.12), 0.6),
            130.0,
            0.08,
        ),
        filtered(
            layer(Wave::Brown, 0.0, shot(0.002, 0.0, 0.1), 0.5),
            FilterKind::BandPass,
            500.0,
            500.0,
            0.8,
        ),
        filtered(
            layer(Wave::White, 0.0, shot(0.001, 0.0, 0.03), 0.35),
            FilterKind::BandPass,
            1200.0,
            1200.0,
            2.0,
        ),
    ])
}

/// A blade's windup: a whoosh rising through `secs` (the windup's length), held until
/// the strike goes active (or is cancelled: cut with a short fade).
pub fn blade_windup(secs: f32) -> Patch {
    Patch::new(&[glide(
        filtered(
            layer(Wave::White, 0.0, held(0.06, 0.08), 0.5),
            FilterKind::BandPass,
            350.0,
            1900.0,
            2.0,
        ),
        0.0,
        secs.max(0.05),
    )])
}

/// The strike's active window: a swish falling away.
pub fn blade_swish(heavy: bool) -> Patch {
    let (from, gain) = if heavy { (1800.0, 0.7) } else { (2600.0, 0.55) };
    Patch::new(&[glide(
        filtered(
            layer(Wave::White, 0.0, shot(0.004, 0.02, 0.12), gain),
            FilterKind::BandPass,
            from,
            500.0,
            1.6,
        ),
        0.0,
        0.13,
    )])
}

/// A blade biting: a metal edge and a thud.
pub fn blade_hit() -> Patch {
    let mut layers: Vec<Layer> = flesh_hit().layers().to_vec();
    layers.truncate(2);
    layers.push(layer(
        Wave::Square { duty: 0.3 },
        1700.0,
        shot(0.0005, 0.0, 0.07),
        0.18,
    ));
    Patch::new(&layers)
}

/// A shambler's moan: a low voice through two formants, slowly wavering.
pub fn moan(pitch: f32) -> Patch {
    let f = 105.0 * pitch;
    Patch::new(&[
        wobble(
            glide(
                filtered(
                    layer(Wave::Saw, f, shot(0.3, 0.5, 0.9), 0.45),
                    FilterKind::BandPass,
                    520.0,
                    420.0,
                    3.0,
                ),
                f * 0.8,
                1.4,
            ),
            4.5,
            0.35,
        ),
        wobble(
            filtered(
                layer(Wave::Saw, f * 1.01, shot(0.35, 0.4, 0.8), 0.22),
                FilterKind::BandPass,
                1150.0,
                1000.0,
                4.0,
            ),
            5.1,
            0.3,
        ),
    ])
}

/// A runner spotting the squad: a shriek.
pub fn shriek() -> Patch {
    Patch::new(&[
        wobble(
            glide(
                filtered(
                    layer(Wave::Saw, 650.0, shot(0.02, 0.15, 0.35), 0.5),
                    FilterKind::BandPass,
                    1900.0,
                    2300.0,
                    3.0,
                ),
                1250.0,
                0.3,
            ),
            9.0,
            1.0,
        ),
        filtered(
            layer(Wave::White, 0.0, shot(0.02, 0.05, 0.3), 0.18),
            FilterKind::HighPass,
            3000.0,
            3000.0,
            0.7,
        ),
    ])
}

/// An enemy's windup, by kind, held until the blow, the whiff or the stagger: a
/// shambler's growl, a runner's hiss, a brute's roar (the long telegraph, loud), a
/// spitter's gurgle rising to the spit, a stalker's chitter before it lunges.
pub fn enemy_windup(kind: EnemyKind, secs: f32) -> Patch {
    match kind {
        EnemyKind::Brute => Patch::new(&[
            wobble(
                glide(
                    filtered(
                        layer(Wave::Saw, 62.0, held(0.08, 0.3), 0.9),
                        FilterKind::LowPass,
                        450.0,
                        1100.0,
                        1.5,
                    ),
                    48.0,
                    secs,
                ),
                7.0,
                0.6,
            ),
            filtered(
                layer(Wave::Square { duty: 0.3 }, 63.0, held(0.1, 0.3), 0.45),
                FilterKind::LowPass,
                300.0,
                300.0,
                0.7,
            ),
            filtered(
                layer(Wave::Brown, 0.0, held(0.12, 0.3), 0.4),
                FilterKind::LowPass,
                500.0,
                500.0,
                0.7,
            ),
        ]),
        EnemyKind::Runner => Patch::new(&[filtered(
            layer(Wave::White, 0.0, held(0.03, 0.1), 0.35),
            FilterKind::BandPass,
            2800.0,
            3400.0,
            2.0,
        )]),
        EnemyKind::Spitter => spitter_windup(secs),
        EnemyKind::Stalker => stalker_windup(secs),
        EnemyKind::Shambler | EnemyKind::Dummy | EnemyKind::Nest => Patch::new(&[wobble(
            filtered(
                layer(Wave::Saw, 78.0, held(0.05, 0.2), 0.5),
                FilterKind::LowPass,
                650.0,
                900.0,
                1.2,
            ),
            11.0,
            0.8,
        )]),
    }
}

/// An enemy's blow landing on an agent: a heavy thud.
pub fn blow() -> Patch {
    Patch::new(&[
        glide(
            layer(Wave::Sine, 72.0, shot(0.001, 0.01, 0.2), 1.0),
            34.0,
            0.12,
        ),
        filtered(
            layer(Wave::Brown, 0.0, shot(0.002, 0.0, 0.16), 0.7),
            FilterKind::LowPass,
            850.0,
            850.0,
            0.7,
        ),
        filtered(
            layer(Wave::White, 0.0, shot(0.001, 0.0, 0.04), 0.4),
            FilterKind::BandPass,
            1300.0,
            1300.0,
            1.5,
        ),
    ])
}

/// A blow that met air.
pub fn whiff() -> Patch {
    Patch::new(&[glide(
        filtered(
            layer(Wave::White, 0.0, shot(0.01, 0.02, 0.15), 0.35),
            FilterKind::BandPass,
            1500.0,
            400.0,
            1.4,
        ),
        0.0,
        0.17,
    )])
}

/// A staggered enemy's grunt (its windup is cut).
pub fn grunt() -> Patch {
    Patch::new(&[glide(
        filtered(
            layer(Wave::Saw, 150.0, shot(0.005, 0.02, 0.12), 0.3),
            FilterKind::BandPass,
            650.0,
            650.0,
            2.5,
        ),
        95.0,
        0.12,
    )])
}

/// An enemy going down, by kind (the threat's have their own, [`super::threat`]).
pub fn death(kind: EnemyKind) -> Patch {
    let (from, to, secs, gain) = match kind {
        EnemyKind::Runner => (900.0, 220.0, 0.45, 0.4),
        EnemyKind::Brute => (58.0, 28.0, 1.2, 0.8),
        EnemyKind::Spitter => return spitter_death(),
        EnemyKind::Stalker => return stalker_death(),
        EnemyKind::Shambler | EnemyKind::Dummy => (95.0, 42.0, 0.8, 0.45),
        // A nest bursts: low, long and loud (the objective's sound).
        EnemyKind::Nest => (70.0, 24.0, 1.6, 0.9),
    };
    Patch::new(&[
        wobble(
            glide(
                filtered(
                    layer(Wave::Saw, from, shot(0.01, 0.1, secs), gain),
                    FilterKind::BandPass,
                    from * 5.0,
                    to * 5.0,
                    2.5,
                ),
                to,
                secs,
            ),
            6.0,
            0.5,
        ),
        // The body hitting the floor.
        later(
            filtered(
                layer(Wave::Brown, 0.0, shot(0.002, 0.0, 0.2), 0.5),
                FilterKind::LowPass,
                400.0,
                400.0,
                0.7,
            ),
            secs * 0.6,
        ),
    ])
}

/// One of the squad's footsteps: a scuff (pink noise through a band round 600 Hz) and
/// a tick. Brown noise low-passed at 380 Hz (before the mastering, docs/decisions.md)
/// put the steps' weight under 200 Hz, with the drone, instead of among the cues.
pub fn footstep() -> Patch {
    Patch::new(&[
        filtered(
            layer(Wave::Pink, 0.0, shot(0.002, 0.0, 0.07), 0.6),
            FilterKind::BandPass,
            600.0,
            600.0,
            1.3,
        ),
        filtered(
            layer(Wave::White, 0.0, shot(0.0005, 0.0, 0.015), 0.15),
            FilterKind::BandPass,
            2600.0,
            2600.0,
            1.0,
        ),
    ])
}

/// The crowd's bed: shuffling feet, held while enemies are near; its level follows them.
/// Its brown noise through a band round 380 Hz, not a low-pass: the shuffle is heard,
/// not felt as more drone.
pub fn crowd_bed() -> Patch {
    Patch::new(&[
        filtered(
            layer(Wave::Brown, 0.0, held(0.5, 1.0), 0.8),
            FilterKind::BandPass,
            380.0,
            380.0,
            0.8,
        ),
        filtered(
            layer(Wave::Pink, 0.0, held(0.5, 1.0), 0.3),
            FilterKind::BandPass,
            750.0,
            750.0,
            0.8,
        ),
    ])
}

/// One shuffle in the crowd (a step or a drag near the squad).
pub fn shuffle() -> Patch {
    Patch::new(&[filtered(
        layer(Wave::Brown, 0.0, shot(0.01, 0.02, 0.12), 0.5),
        FilterKind::BandPass,
        420.0,
        420.0,
        1.0,
    )])
}

/// An agent falling: a cry.
pub fn cry() -> Patch {
    Patch::new(&[
        wobble(
            glide(
                filtered(
                    layer(Wave::Saw, 430.0, shot(0.02, 0.2, 0.55), 0.5),
                    FilterKind::BandPass,
                    950.0,
                    800.0,
                    4.0,
                ),
                250.0,
                0.5,
            ),
            6.0,
            0.7,
        ),
        filtered(
            layer(Wave::Saw, 432.0, shot(0.02, 0.2, 0.45), 0.22),
            FilterKind::BandPass,
            2400.0,
            2100.0,
            5.0,
        ),
    ])
}

/// The notice that an agent fell (the HUD says who and where): a low toll, two
/// inharmonic partials over a deep one, ringing out.
pub fn notice() -> Patch {
    Patch::new(&[
        layer(Wave::Sine, 196.0, shot(0.004, 0.05, 1.6), 0.4),
        layer(Wave::Sine, 293.0 * 1.007, shot(0.004, 0.03, 1.1), 0.25),
        layer(Wave::Sine, 98.0, shot(0.01, 0.1, 1.8), 0.35),
    ])
}

/// One laboured breath: a rasping inhale, then the exhale.
pub fn breath() -> Patch {
    Patch::new(&[
        filtered(
            layer(Wave::Pink, 0.0, shot(0.35, 0.05, 0.35), 0.3),
            FilterKind::BandPass,
            950.0,
            1200.0,
            1.5,
        ),
        later(
            filtered(
                layer(Wave::Pink, 0.0, shot(0.08, 0.1, 0.5), 0.35),
                FilterKind::BandPass,
                650.0,
                500.0,
                1.5,
            ),
            0.75,
        ),
    ])
}

/// One heartbeat: lub, then dub — each a low sine and a short knock of noise round
/// 300 Hz, so the beat is heard in the band of the cues and on small speakers, not only
/// felt (the sines alone put the quiet stretches' 20–200 Hz band 10 dB over the cues,
/// docs/decisions.md).
pub fn heartbeat() -> Patch {
    Patch::new(&[
        glide(
            layer(Wave::Sine, 62.0, shot(0.004, 0.02, 0.13), 0.2),
            40.0,
            0.08,
        ),
        filtered(
            layer(Wave::Brown, 0.0, shot(0.002, 0.0, 0.06), 0.9),
            FilterKind::BandPass,
            320.0,
            320.0,
            1.2,
        ),
        later(
            glide(
                layer(Wave::Sine, 54.0, shot(0.004, 0.015, 0.11), 0.15),
                36.0,
                0.07,
            ),
            0.17,
        ),
        later(
            filtered(
                layer(Wave::Brown, 0.0, shot(0.002, 0.0, 0.05), 0.65),
                FilterKind::BandPass,
                280.0,
                280.0,
                1.2,
            ),
            0.17,
        ),
    ])
}

/// The drone under everything: two detuned low saws and an octave, slowly wavering.
pub fn drone() -> Patch {
    Patch::new(&[
        wobble(
            filtered(
                layer(Wave::Saw, 41.0, held(3.0, 2.0), 0.4),
                FilterKind::LowPass,
                130.0,
                130.0,
                0.9,
            ),
            0.07,
            0.15,
        ),
        wobble(
            filtered(
                layer(Wave::Saw, 41.35, held(4.0, 2.0), 0.35),
                FilterKind::LowPass,
                115.0,
                115.0,
                0.9,
            ),
            0.05,
            0.12,
        ),
        wobble(layer(Wave::Sine, 82.5, held(5.0, 2.0), 0.12), 0.11, 0.2),
        filtered(
            layer(Wave::Pink, 0.0, held(4.0, 2.0), 0.06),
            FilterKind::LowPass,
            260.0,
            260.0,
            0.7,
        ),
    ])
}

/// The distant noises of the dark, chosen by `which` (0..3): metal struck far away, a
/// drip, a far howl.
pub fn distant(which: u32) -> Patch {
    match which % 3 {
        0 => Patch::new(&[
            filtered(
                layer(
                    Wave::Square { duty: 0.5 },
                    231.0,
                    shot(0.002, 0.0, 2.2),
                    0.16,
                ),
                FilterKind::BandPass,
                900.0,
                700.0,
                2.0,
            ),
            filtered(
                layer(
                    Wave::Square { duty: 0.4 },
                    318.0,
                    shot(0.002, 0.0, 1.8),
                    0.12,
                ),
                FilterKind::BandPass,
                1300.0,
                900.0,
                2.0,
            ),
        ]),
        1 => Patch::new(&[glide(
            layer(Wave::Sine, 1900.0, shot(0.001, 0.0, 0.06), 0.18),
            950.0,
            0.03,
        )]),
        _ => Patch::new(&[wobble(
            glide(
                filtered(
                    layer(Wave::Saw, 310.0, shot(0.7, 0.8, 1.6), 0.22),
                    FilterKind::BandPass,
                    700.0,
                    800.0,
                    3.0,
                ),
                460.0,
                1.4,
            ),
            5.0,
            0.5,
        )]),
    }
}

/// The menus' sounds: a move, a confirm (a step up), a back (a step down).
pub fn ui(kind: UiSound) -> Patch {
    let blip = |f: f32, delay: f32, gain: f32| {
        later(
            filtered(
                layer(Wave::Square { duty: 0.5 }, f, shot(0.001, 0.01, 0.05), gain),
                FilterKind::LowPass,
                3500.0,
                3500.0,
                0.7,
            ),
            delay,
        )
    };
    match kind {
        UiSound::Move => Patch::new(&[blip(880.0, 0.0, 0.15)]),
        UiSound::Confirm => Patch::new(&[blip(660.0, 0.0, 0.18), blip(990.0, 0.06, 0.18)]),
        UiSound::Back => Patch::new(&[blip(660.0, 0.0, 0.18), blip(440.0, 0.06, 0.18)]),
    }
}

/// What a menu key did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UiSound {
    Move,
    Confirm,
    Back,
}
