//! The voices' noise source: a 32-bit linear congruential generator. Audio noise needs
//! speed and a flat spectrum, not cryptographic quality; the top bits of an LCG give
//! both, and its one-multiply step keeps the per-sample dependency chain short. Seeded
//! explicitly (no global state), so the same seed gives the same noise bit for bit.

/// The LCG's multiplier and increment (Numerical Recipes': full period 2^32).
pub const LCG_MUL: u32 = 1_664_525;
/// See [`LCG_MUL`].
pub const LCG_ADD: u32 = 1_013_904_223;

/// A seeded noise generator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rng(u32);

/// Murmur3's finaliser: spreads a seed (and a layer index mixed into it) over all bits,
/// so seeds 1 and 2 start unrelated sequences.
pub fn mix32(mut h: u32) -> u32 {
    h ^= h >> 16;
    h = h.wrapping_mul(0x85eb_ca6b);
    h ^= h >> 13;
    h = h.wrapping_mul(0xc2b2_ae35);
    h ^ (h >> 16)
}

impl Rng {
    /// A generator for `seed`, decorrelated from its neighbours by [`mix32`].
    pub fn new(seed: u32) -> Rng {
        Rng(mix32(seed ^ 0x9e37_79b9))
    }

    /// The state, for a lane of [`crate::noise::Noise8`] to continue.
    pub fn state(self) -> u32 {
        self.0
    }

    /// The next raw state (the scalar twin of a lane's generator, for tests).
    #[cfg(test)]
    pub fn next_u32(&mut self) -> u32 {
        self.0 = self.0.wrapping_mul(LCG_MUL).wrapping_add(LCG_ADD);
        self.0
    }

    /// Uniform in [−1, 1): the top 23 bits as a mantissa of [2, 4), minus 3.
    #[cfg(test)]
    pub fn bipolar(&mut self) -> f32 {
        f32::from_bits((self.next_u32() >> 9) | 0x4000_0000) - 3.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bipolar_is_uniform_and_seeded() {
        let mut r = Rng::new(7);
        let (mut sum, mut sq, mut lo, mut hi) = (0.0f64, 0.0f64, 0.0f32, 0.0f32);
        for _ in 0..100_000 {
            let x = r.bipolar();
            assert!((-1.0..1.0).contains(&x));
            sum += x as f64;
            sq += (x * x) as f64;
            lo = lo.min(x);
            hi = hi.max(x);
        }
        assert!((sum / 1e5).abs() < 0.01, "mean");
        assert!((sq / 1e5 - 1.0 / 3.0).abs() < 0.01, "variance");
        assert!(lo < -0.999 && hi > 0.999);
        assert_eq!(Rng::new(7), Rng::new(7));
        assert_ne!(Rng::new(7).next_u32(), Rng::new(8).next_u32());
    }
}
