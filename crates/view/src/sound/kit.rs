//! The player's tools and the squad's ammunition as recipes for the synthesizer (REQ
//! §21 AU2, §27 K1–K6), in the style of [`super::patches`]: a throw's whoosh, a flare's
//! strike and its hiss, a landing's clatter, the fuse's ticks and the burst; the
//! medkit's hum, chime and cut; a pickup; a magazine out and in, a dry click; and the
//! buzz of a use refused. The numbers were set by ear against spectrograms of
//! `grenade_drill`'s and `m0_training`'s soundtracks (docs/sound.md).

use audio::{FilterKind, Patch, Wave};

use super::recipe::{filtered, glide, held, later, layer, shot, wobble};

/// A throw leaving the hand: a short whoosh, a band of noise sweeping down.
pub fn throw_whoosh() -> Patch {
    Patch::new(&[glide(
        filtered(
            layer(Wave::White, 0.0, shot(0.02, 0.03, 0.16), 0.45),
            FilterKind::BandPass,
            1900.0,
            600.0,
            1.8,
        ),
        0.0,
        0.2,
    )])
}

/// A flare struck: a pop — a click over a small thump — and the first rush of the flame
/// flaring up and settling.
pub fn flare_pop() -> Patch {
    Patch::new(&[
        filtered(
            layer(Wave::White, 0.0, shot(0.0005, 0.0, 0.012), 0.8),
            FilterKind::HighPass,
            2500.0,
            2500.0,
            0.7,
        ),
        glide(
            layer(Wave::Sine, 190.0, shot(0.001, 0.0, 0.08), 0.6),
            70.0,
            0.06,
        ),
        glide(
            filtered(
                layer(Wave::Pink, 0.0, shot(0.01, 0.06, 0.35), 0.55),
                FilterKind::BandPass,
                3400.0,
                1500.0,
                1.0,
            ),
            0.0,
            0.3,
        ),
    ])
}

/// A flare burning: a held hiss (a high band of noise), a crackle (a thin pulse through
/// a band, wavering) and a soft roar under them; held until the flare goes out, its
/// level following the flare's glow.
pub fn flare_hiss() -> Patch {
    Patch::new(&[
        filtered(
            layer(Wave::White, 0.0, held(0.15, 0.3), 0.32),
            FilterKind::BandPass,
            5200.0,
            5200.0,
            0.9,
        ),
        wobble(
            filtered(
                layer(Wave::Square { duty: 0.05 }, 23.0, held(0.1, 0.3), 0.28),
                FilterKind::BandPass,
                2600.0,
                2600.0,
                2.0,
            ),
            7.0,
            6.0,
        ),
        filtered(
            layer(Wave::Pink, 0.0, held(0.2, 0.3), 0.16),
            FilterKind::LowPass,
            900.0,
            900.0,
            0.7,
        ),
    ])
}

/// A thrown tool landing: a grenade's metal clink (a ringing partial over a knock), or
/// a flare's soft papery tick.
pub fn clatter(metal: bool) -> Patch {
    if metal {
        Patch::new(&[
            filtered(
                layer(Wave::White, 0.0, shot(0.0005, 0.0, 0.03), 0.5),
                FilterKind::BandPass,
                2200.0,
                2200.0,
                1.5,
            ),
            layer(Wave::Triangle, 2700.0, shot(0.001, 0.0, 0.12), 0.16),
            later(
                layer(Wave::Triangle, 3100.0, shot(0.001, 0.0, 0.08), 0.1),
                0.07,
            ),
        ])
    } else {
        Patch::new(&[filtered(
            layer(Wave::White, 0.0, shot(0.001, 0.0, 0.04), 0.4),
            FilterKind::BandPass,
            1400.0,
            1400.0,
            1.2,
        )])
    }
}

/// The fuse's tick: a short, hard beep (the fuse light's blink, heard).
pub fn fuse_tick() -> Patch {
    Patch::new(&[
        filtered(
            layer(
                Wave::Square { duty: 0.5 },
                2300.0,
                shot(0.001, 0.025, 0.03),
                0.28,
            ),
            FilterKind::LowPass,
            6000.0,
            6000.0,
            0.7,
        ),
        layer(Wave::Sine, 4600.0, shot(0.001, 0.01, 0.03), 0.08),
    ])
}

/// A grenade's burst: a crack that opens into a roar (white noise through a low-pass
/// closing from 9 kHz to 350 Hz in 0.3 s: bright at first, the transient, then dark), a
/// deep tone falling under it (the body you feel: 95 → 32 Hz), brown noise closing down,
/// and a rumbling tail whose length follows the space round it (`openness`, as a
/// gunshot's).
pub fn boom(openness: f32) -> Patch {
    let tail = 0.6 + 1.6 * openness.clamp(0.0, 1.0);
    Patch::new(&[
        glide(
            filtered(
                layer(Wave::White, 0.0, shot(0.0005, 0.02, 0.35), 1.3),
                FilterKind::LowPass,
                9000.0,
                350.0,
                0.8,
            ),
            0.0,
            0.3,
        ),
        glide(
            layer(Wave::Sine, 95.0, shot(0.002, 0.08, 0.8), 2.0),
            32.0,
            0.6,
        ),
        glide(
            filtered(
                layer(Wave::Brown, 0.0, shot(0.002, 0.06, 0.6), 1.6),
                FilterKind::LowPass,
                2000.0,
                260.0,
                0.8,
            ),
            0.0,
            0.45,
        ),
        glide(
            filtered(
                layer(Wave::Pink, 0.0, shot(0.03, 0.1, tail), 0.45),
                FilterKind::LowPass,
                700.0,
                120.0,
                0.7,
            ),
            0.0,
            tail,
        ),
    ])
}

/// A pickup taken: an ammo crate's rattle of rounds and a latch, or a supply case's
/// latch and two rising notes.
pub fn pickup(ammo: bool) -> Patch {
    let latch = filtered(
        layer(Wave::White, 0.0, shot(0.0005, 0.0, 0.02), 0.55),
        FilterKind::HighPass,
        2800.0,
        2800.0,
        0.7,
    );
    if ammo {
        Patch::new(&[
            latch,
            wobble(
                filtered(
                    layer(
                        Wave::Square { duty: 0.1 },
                        38.0,
                        shot(0.005, 0.12, 0.1),
                        0.35,
                    ),
                    FilterKind::BandPass,
                    1700.0,
                    1700.0,
                    2.0,
                ),
                11.0,
                5.0,
            ),
            later(
                filtered(
                    layer(Wave::White, 0.0, shot(0.0005, 0.01, 0.05), 0.5),
                    FilterKind::BandPass,
                    1100.0,
                    1100.0,
                    1.5,
                ),
                0.22,
            ),
        ])
    } else {
        Patch::new(&[
            latch,
            later(
                layer(Wave::Triangle, 784.0, shot(0.005, 0.05, 0.25), 0.22),
                0.05,
            ),
            later(
                layer(Wave::Triangle, 1175.0, shot(0.005, 0.08, 0.35), 0.2),
                0.15,
            ),
        ])
    }
}

/// The medkit at work: a soft, steady hum — two tones a fifth apart, wavering a little,
/// over a breath of filtered noise — held until the work ends.
pub fn heal_hum() -> Patch {
    Patch::new(&[
        wobble(layer(Wave::Sine, 330.0, held(0.25, 0.2), 0.17), 5.0, 0.12),
        layer(Wave::Sine, 495.0, held(0.35, 0.2), 0.08),
        filtered(
            layer(Wave::Pink, 0.0, held(0.3, 0.2), 0.05),
            FilterKind::BandPass,
            1600.0,
            1600.0,
            1.0,
        ),
    ])
}

/// The medkit's work done: a chime, three notes rising (a major arpeggio).
pub fn heal_chime() -> Patch {
    Patch::new(&[
        layer(Wave::Sine, 660.0, shot(0.004, 0.05, 0.5), 0.3),
        later(layer(Wave::Sine, 831.0, shot(0.004, 0.05, 0.5), 0.26), 0.09),
        later(layer(Wave::Sine, 990.0, shot(0.004, 0.08, 0.7), 0.26), 0.18),
        later(
            layer(Wave::Triangle, 1980.0, shot(0.004, 0.02, 0.4), 0.06),
            0.18,
        ),
    ])
}

/// The medkit's work broken by a blow: a cut — a click and a tone dropping away.
pub fn heal_cut() -> Patch {
    Patch::new(&[
        filtered(
            layer(Wave::White, 0.0, shot(0.0005, 0.0, 0.02), 0.5),
            FilterKind::HighPass,
            2000.0,
            2000.0,
            0.7,
        ),
        glide(
            filtered(
                layer(
                    Wave::Square { duty: 0.5 },
                    330.0,
                    shot(0.002, 0.05, 0.14),
                    0.25,
                ),
                FilterKind::LowPass,
                1600.0,
                1600.0,
                0.7,
            ),
            110.0,
            0.18,
        ),
    ])
}

/// A magazine out (a reload begins): a sharp release click and the magazine sliding
/// free.
pub fn mag_out() -> Patch {
    Patch::new(&[
        filtered(
            layer(Wave::White, 0.0, shot(0.0005, 0.0, 0.012), 0.6),
            FilterKind::HighPass,
            3000.0,
            3000.0,
            0.7,
        ),
        layer(
            Wave::Square { duty: 0.5 },
            1600.0,
            shot(0.001, 0.0, 0.02),
            0.15,
        ),
        later(
            glide(
                filtered(
                    layer(Wave::White, 0.0, shot(0.01, 0.03, 0.05), 0.3),
                    FilterKind::BandPass,
                    900.0,
                    1800.0,
                    1.5,
                ),
                0.0,
                0.08,
            ),
            0.06,
        ),
    ])
}

/// A magazine in (the reload done): a solid clack with a knock under it, and the bolt
/// going home after it.
pub fn mag_in() -> Patch {
    Patch::new(&[
        filtered(
            layer(Wave::White, 0.0, shot(0.0005, 0.005, 0.04), 0.9),
            FilterKind::BandPass,
            1800.0,
            1800.0,
            1.2,
        ),
        glide(
            layer(Wave::Sine, 240.0, shot(0.001, 0.0, 0.06), 0.5),
            140.0,
            0.05,
        ),
        later(
            filtered(
                layer(Wave::White, 0.0, shot(0.0005, 0.004, 0.03), 0.75),
                FilterKind::HighPass,
                2500.0,
                2500.0,
                0.7,
            ),
            0.12,
        ),
    ])
}

/// A trigger on an empty gun: a thin, dry click.
pub fn dry_click() -> Patch {
    Patch::new(&[
        filtered(
            layer(Wave::White, 0.0, shot(0.0003, 0.0, 0.006), 0.7),
            FilterKind::HighPass,
            5000.0,
            5000.0,
            0.7,
        ),
        layer(
            Wave::Square { duty: 0.5 },
            3200.0,
            shot(0.0005, 0.0, 0.008),
            0.18,
        ),
    ])
}

/// A use refused: a low buzz, twice — the game's "no".
pub fn refusal() -> Patch {
    let buzz = |delay: f32| {
        later(
            filtered(
                layer(
                    Wave::Square { duty: 0.5 },
                    110.0,
                    shot(0.005, 0.09, 0.04),
                    0.3,
                ),
                FilterKind::LowPass,
                900.0,
                900.0,
                0.9,
            ),
            delay,
        )
    };
    Patch::new(&[buzz(0.0), buzz(0.16)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_shots_end_and_the_held_ones_are_held() {
        for (name, p) in [
            ("whoosh", throw_whoosh()),
            ("pop", flare_pop()),
            ("clink", clatter(true)),
            ("tick", fuse_tick()),
            ("boom", boom(0.5)),
            ("chime", heal_chime()),
            ("cut", heal_cut()),
            ("mag out", mag_out()),
            ("mag in", mag_in()),
            ("dry", dry_click()),
            ("refusal", refusal()),
            ("pickup", pickup(true)),
            ("case", pickup(false)),
        ] {
            let d = p.duration();
            assert!(d.is_finite() && d > 0.0 && d < 3.0, "{name}: {d} s");
        }
        assert_eq!(flare_hiss().duration(), f32::INFINITY);
        assert_eq!(heal_hum().duration(), f32::INFINITY);
        // The burst's tail follows the space.
        assert!(boom(1.0).duration() > boom(0.0).duration());
    }
}
