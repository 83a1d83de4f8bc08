//! Coloured noise, eight lanes at a time, each lane with its own seeded generator
//! ([`crate::rng`]'s LCG): white, pink (Paul Kellet's three-pole "economy" filter,
//! ±0.5 dB of −3 dB/oct above ~10 Hz) and brown (a leaky integrator). Each colour is
//! scaled to about the RMS of white (0.58), so switching a layer's colour changes its
//! timbre, not its loudness.

use crate::lanes::{F8, LANES, U8};
use crate::rng::{LCG_ADD, LCG_MUL};

/// Pink's output scale: Kellet's filter has ~3.3× white's RMS at 48 kHz.
const PINK_SCALE: f32 = 0.3;
/// Brown: y ← 0.995·y + 0.1·w has white's RMS (0.1 / √(1 − 0.995²) ≈ 1) and its
/// corner at (1 − 0.995)·48 000 / 2π ≈ 38 Hz (leaky, so it cannot drift off).
const BROWN_POLE: f32 = 0.995;
const BROWN_IN: f32 = 0.1;

/// Eight noise sources: generators and colour-filter memories.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Noise8 {
    /// The generators' states.
    pub rng: U8,
    /// Pink's three poles.
    pub pink: [F8; 3],
    /// Brown's integrator.
    pub brown: F8,
}

impl Noise8 {
    /// White, uniform in [−1, 1): the top 23 bits of each LCG as a mantissa.
    #[inline(always)]
    pub fn white(&mut self) -> F8 {
        let mut r = [0.0; LANES];
        for (i, s) in self.rng.0.iter_mut().enumerate() {
            *s = s.wrapping_mul(LCG_MUL).wrapping_add(LCG_ADD);
            r[i] = f32::from_bits((*s >> 9) | 0x4000_0000) - 3.0;
        }
        F8(r)
    }

    /// Pink: three one-poles spread over the band, summed.
    #[inline(always)]
    pub fn pink(&mut self) -> F8 {
        let w = self.white();
        let [b0, b1, b2] = self.pink;
        let b0 = F8::splat(0.997_65) * b0 + w * F8::splat(0.099_046);
        let b1 = F8::splat(0.963) * b1 + w * F8::splat(0.296_516_4);
        let b2 = F8::splat(0.57) * b2 + w * F8::splat(1.052_691_3);
        self.pink = [b0, b1, b2];
        (b0 + b1 + b2 + w * F8::splat(0.184_8)) * F8::splat(PINK_SCALE)
    }

    /// Brown: leaky integrated white.
    #[inline(always)]
    pub fn brown(&mut self) -> F8 {
        let w = self.white();
        self.brown = F8::splat(BROWN_POLE) * self.brown + F8::splat(BROWN_IN) * w;
        self.brown
    }
}
