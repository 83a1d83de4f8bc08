//! The threat's sounds (REQ §22) as recipes for the synthesizer, in the style of
//! [`super::patches`]: a spitter's gurgling windup, its spit's release and splat, a
//! stalker's shriek at a beam, its chitter before it lunges, both kinds' deaths.

use audio::{FilterKind, Patch, Wave};

use super::recipe::{filtered, glide, held, later, layer, shot, wobble};

/// A spitter's windup (T1): a wet gurgle rising through `secs` to the spit — a bubbling
/// pulse and a gurgling tone climbing through a throat that opens (the band-pass
/// rising), over wet brown noise; held until the release (or cut by a stagger).
pub fn spitter_windup(secs: f32) -> Patch {
    let secs = secs.max(0.05);
    Patch::new(&[
        wobble(
            glide(
                filtered(
                    layer(Wave::Square { duty: 0.3 }, 70.0, held(0.04, 0.12), 0.45),
                    FilterKind::BandPass,
                    400.0,
                    2000.0,
                    3.0,
                ),
                210.0,
                secs,
            ),
            17.0,
            2.5,
        ),
        wobble(
            glide(layer(Wave::Sine, 190.0, held(0.06, 0.1), 0.25), 560.0, secs),
            13.0,
            3.0,
        ),
        glide(
            filtered(
                layer(Wave::Brown, 0.0, held(0.05, 0.12), 0.55),
                FilterKind::BandPass,
                300.0,
                1100.0,
                4.0,
            ),
            0.0,
            secs,
        ),
    ])
}

/// The spit leaving (T1, `SpitReleased`): a wet "ptoo" — a plosive spray of noise
/// closing down, a pitch dropping from the lips, a wet body.
pub fn spit_release() -> Patch {
    Patch::new(&[
        glide(
            filtered(
                layer(Wave::White, 0.0, shot(0.002, 0.01, 0.09), 0.75),
                FilterKind::LowPass,
                2600.0,
                600.0,
                0.9,
            ),
            0.0,
            0.08,
        ),
        glide(
            layer(Wave::Sine, 330.0, shot(0.003, 0.03, 0.12), 0.55),
            110.0,
            0.1,
        ),
        filtered(
            layer(Wave::Brown, 0.0, shot(0.004, 0.03, 0.16), 0.5),
            FilterKind::BandPass,
            700.0,
            700.0,
            2.0,
        ),
    ])
}

/// A spit bursting (T1, `SpitHit`): a wet slap falling in pitch and an acid sizzle after
/// it; on an agent (`flesh`) with a thud under it, on a wall or the floor a thinner
/// splat.
pub fn spit_splat(flesh: bool) -> Patch {
    let (slap, thud) = if flesh { (0.75, 0.6) } else { (0.55, 0.0) };
    Patch::new(&[
        glide(
            filtered(
                layer(Wave::Pink, 0.0, shot(0.001, 0.02, 0.22), slap),
                FilterKind::BandPass,
                1300.0,
                450.0,
                1.5,
            ),
            0.0,
            0.2,
        ),
        glide(
            layer(Wave::Sine, 150.0, shot(0.001, 0.0, 0.12), thud),
            55.0,
            0.1,
        ),
        later(
            filtered(
                layer(Wave::White, 0.0, shot(0.04, 0.1, 0.35), 0.06),
                FilterKind::BandPass,
                6000.0,
                6000.0,
                1.5,
            ),
            0.05,
        ),
    ])
}

/// A stalker caught in a beam (T2, `StalkerLit`): a short hiss and a shriek cut short,
/// high and wavering.
pub fn stalker_lit() -> Patch {
    Patch::new(&[
        filtered(
            layer(Wave::White, 0.0, shot(0.004, 0.08, 0.22), 0.45),
            FilterKind::BandPass,
            4800.0,
            4800.0,
            1.2,
        ),
        wobble(
            glide(
                filtered(
                    layer(Wave::Saw, 980.0, shot(0.01, 0.06, 0.18), 0.32),
                    FilterKind::BandPass,
                    2600.0,
                    3200.0,
                    3.0,
                ),
                1500.0,
                0.12,
            ),
            18.0,
            1.2,
        ),
    ])
}

/// A stalker's windup (T2): the chitter of its jaw before it lunges — a clicking pulse
/// through a narrow band and a breath drawn in, held until the blow.
pub fn stalker_windup(secs: f32) -> Patch {
    Patch::new(&[
        wobble(
            filtered(
                layer(Wave::Square { duty: 0.08 }, 34.0, held(0.01, 0.05), 0.6),
                FilterKind::BandPass,
                2100.0,
                2100.0,
                4.0,
            ),
            9.0,
            4.0,
        ),
        glide(
            filtered(
                layer(Wave::White, 0.0, held(0.03, 0.06), 0.25),
                FilterKind::BandPass,
                2200.0,
                4200.0,
                2.0,
            ),
            0.0,
            secs.max(0.05),
        ),
    ])
}

/// A spitter going down: a wet burst — its sac popping — and a gurgle sinking away.
pub fn spitter_death() -> Patch {
    Patch::new(&[
        filtered(
            layer(Wave::Brown, 0.0, shot(0.002, 0.02, 0.25), 0.7),
            FilterKind::LowPass,
            900.0,
            900.0,
            0.8,
        ),
        glide(
            filtered(
                layer(Wave::Pink, 0.0, shot(0.002, 0.01, 0.18), 0.4),
                FilterKind::BandPass,
                1600.0,
                500.0,
                1.5,
            ),
            0.0,
            0.15,
        ),
        wobble(
            glide(
                layer(Wave::Sine, 210.0, shot(0.02, 0.15, 0.55), 0.35),
                55.0,
                0.6,
            ),
            15.0,
            2.5,
        ),
    ])
}

/// A stalker going down: a high keening falling away, and the rattle of its limbs.
pub fn stalker_death() -> Patch {
    Patch::new(&[
        wobble(
            glide(
                filtered(
                    layer(Wave::Saw, 1400.0, shot(0.01, 0.08, 0.55), 0.35),
                    FilterKind::BandPass,
                    3000.0,
                    900.0,
                    3.0,
                ),
                320.0,
                0.55,
            ),
            11.0,
            0.8,
        ),
        later(
            filtered(
                layer(Wave::Square { duty: 0.1 }, 26.0, shot(0.005, 0.1, 0.2), 0.3),
                FilterKind::BandPass,
                1500.0,
                1500.0,
                2.5,
            ),
            0.3,
        ),
    ])
}
