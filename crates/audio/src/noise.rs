//! Coloured noise from the voice's seeded [`Rng`]: white, pink (Paul Kellet's
//! three-pole "economy" filter, ±0.5 dB of −3 dB/oct above ~10 Hz) and brown (a leaky
//! integrator). Each colour is scaled to about the RMS of white (0.58), so switching a
//! layer's colour changes its timbre, not its loudness.

use crate::rng::Rng;

/// The state of one noise source: the generator and the colour filters' memory.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Noise {
    /// The seeded generator.
    pub rng: Rng,
    b0: f32,
    b1: f32,
    b2: f32,
    brown: f32,
}

/// Pink's output scale: Kellet's filter has ~3.3× white's RMS at 48 kHz.
const PINK_SCALE: f32 = 0.3;
/// Brown: y ← 0.995·y + 0.1·w has white's RMS (0.1 / √(1 − 0.995²) ≈ 1) and its
/// corner at (1 − 0.995)·48 000 / 2π ≈ 38 Hz (leaky, so it cannot drift off).
const BROWN_POLE: f32 = 0.995;
const BROWN_IN: f32 = 0.1;

impl Noise {
    /// A source seeded with `seed`.
    pub fn new(seed: u32) -> Noise {
        Noise {
            rng: Rng::new(seed),
            b0: 0.0,
            b1: 0.0,
            b2: 0.0,
            brown: 0.0,
        }
    }

    /// White, uniform in [−1, 1).
    #[inline(always)]
    pub fn white(&mut self) -> f32 {
        self.rng.bipolar()
    }

    /// Pink: three one-poles spread over the band, summed.
    #[inline(always)]
    pub fn pink(&mut self) -> f32 {
        let w = self.rng.bipolar();
        self.b0 = 0.997_65 * self.b0 + w * 0.099_046;
        self.b1 = 0.963 * self.b1 + w * 0.296_516_4;
        self.b2 = 0.57 * self.b2 + w * 1.052_691_3;
        (self.b0 + self.b1 + self.b2 + w * 0.184_8) * PINK_SCALE
    }

    /// Brown: leaky integrated white.
    #[inline(always)]
    pub fn brown(&mut self) -> f32 {
        let w = self.rng.bipolar();
        self.brown = BROWN_POLE * self.brown + BROWN_IN * w;
        self.brown
    }
}
