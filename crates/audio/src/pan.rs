//! Where a voice sits in the mix, and the equal-power pan law: left = cos θ, right =
//! sin θ with θ = (pan + 1)·π/4, so a source moving across keeps its loudness
//! (L² + R² = 1) and the centre is −3 dB in each channel.

use crate::math::{cos_turns, sane, sin_turns};

/// Where a voice sits in the mix (the caller computes it from the game's space).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placement {
    /// Linear gain, 0 … 16 (NaN → 0).
    pub gain: f32,
    /// −1 = left … +1 = right, equal-power (NaN → 0).
    pub pan: f32,
    /// Hz of the voice's one-pole low-pass (occlusion); ≥ 20 000 is open (NaN → open).
    pub lowpass: f32,
    /// Send to the shared room reverb, 0 … 1 (NaN → 0).
    pub reverb: f32,
}

impl Placement {
    /// Full gain, centred, open, dry.
    pub const CENTRE: Placement = Placement {
        gain: 1.0,
        pan: 0.0,
        lowpass: 20_000.0,
        reverb: 0.0,
    };

    /// The placement with every field clamped to its range.
    pub fn sane(&self) -> Placement {
        Placement {
            gain: sane(self.gain, 0.0, 16.0, 0.0),
            pan: sane(self.pan, -1.0, 1.0, 0.0),
            lowpass: sane(self.lowpass, 20.0, 20_000.0, 20_000.0),
            reverb: sane(self.reverb, 0.0, 1.0, 0.0),
        }
    }
}

/// Equal-power (left, right) gains for `pan` ∈ [−1, 1].
pub fn equal_power(pan: f32) -> (f32, f32) {
    let t = (sane(pan, -1.0, 1.0, 0.0) + 1.0) * 0.125; // θ in turns: 0 … 1/4
    (cos_turns(t), sin_turns(t))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_power_law() {
        for i in -10..=10 {
            let (l, r) = equal_power(i as f32 / 10.0);
            assert!((l * l + r * r - 1.0).abs() < 1e-5);
        }
        let (l, r) = equal_power(-1.0);
        assert!((l - 1.0).abs() < 1e-5 && r.abs() < 1e-5);
        let (l, r) = equal_power(0.0);
        assert!((l - r).abs() < 1e-6);
    }
}
