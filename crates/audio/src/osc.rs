//! Oscillators: the periodic waves as functions of a phase in turns ([0, 1)), eight
//! layers at a time. [`Osc8`] is the phase accumulator (one add per sample, the
//! increment ramped linearly across a block towards the exactly computed pitch at its
//! end); the shape functions turn a phase into a sample. Saw and square are
//! band-limited with PolyBLEP: the naive wave's jumps are replaced by a two-sample
//! polynomial step, which pushes the aliases of the harmonics above Nyquist down by
//! 20–40 dB at no table cost. Written without branches (each lane may be at a different
//! place in its cycle).

use crate::lanes::F8;
use crate::math::sin_unit;

/// A layer's source: four periodic waves and three noise colours.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Wave {
    /// A pure tone (polynomial sine, harmonics below −100 dB).
    Sine,
    /// Linear ramps up and down: odd harmonics falling 12 dB/oct, so its aliasing is
    /// already low and it is left naive.
    Triangle,
    /// Rising ramp, all harmonics, band-limited (PolyBLEP).
    Saw,
    /// High for `duty` of the period (clamped to 0.02 … 0.98, NaN → 0.5), band-limited
    /// (PolyBLEP).
    Square {
        /// Fraction of the period spent high: 0.5 is a square, small values thin pulses.
        duty: f32,
    },
    /// Flat spectrum, uniform in [−1, 1).
    White,
    /// −3 dB/oct (equal energy per octave): rain, wind, crowds.
    Pink,
    /// −6 dB/oct (integrated white, leaky below ~40 Hz): rumble, distant roar.
    Brown,
}

impl Wave {
    /// Noise waves have no pitch: their `freq` is ignored.
    pub fn is_noise(self) -> bool {
        matches!(self, Wave::White | Wave::Pink | Wave::Brown)
    }

    /// The kind as an index 0 … 6, the mixer's bank key (a bank runs one kind).
    pub(crate) fn kind(self) -> usize {
        match self {
            Wave::Sine => 0,
            Wave::Triangle => 1,
            Wave::Saw => 2,
            Wave::Square { .. } => 3,
            Wave::White => 4,
            Wave::Pink => 5,
            Wave::Brown => 6,
        }
    }
}

/// The duty cycle an oscillator uses for `duty`.
pub fn sane_duty(duty: f32) -> f32 {
    crate::math::sane(duty, 0.02, 0.98, 0.5)
}

/// Eight phase accumulators.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Osc8 {
    /// Phase in turns, [0, 1).
    pub phase: F8,
    /// Phase increment per sample (Hz / sample rate), below 0.5.
    pub inc: F8,
    /// Per-sample change of `inc` across the block.
    pub dinc: F8,
    /// 1 / `inc`, for PolyBLEP (ramped alongside it, not divided per sample).
    pub rinc: F8,
    /// Per-sample change of `rinc`.
    pub drinc: F8,
    /// Pulse widths.
    pub duty: F8,
}

impl Osc8 {
    /// Advances every lane by one sample (the increment held: see [`Osc8::ramp`]).
    #[inline(always)]
    pub fn step(&mut self) {
        let p = self.phase + self.inc;
        self.phase = p.lt_select(F8::splat(1.0), p, p - F8::splat(1.0));
    }

    /// Moves the increments `n` samples along their ramps (every few samples: the pitch
    /// then glides in 8-sample steps, far below what an ear resolves).
    #[inline(always)]
    pub fn ramp(&mut self, n: F8) {
        self.inc = self.inc + self.dinc * n;
        self.rinc = self.rinc + self.drinc * n;
    }
}

/// Sine at phase `p`.
#[inline(always)]
pub fn sine(p: F8) -> F8 {
    -(p - F8::splat(0.5)).map(sin_unit)
}

/// Triangle at phase `p`: −1 at 0, +1 at 0.5.
#[inline(always)]
pub fn triangle(p: F8) -> F8 {
    F8::splat(1.0) - F8::splat(4.0) * (p - F8::splat(0.5)).abs()
}

/// The PolyBLEP residual at phase `t` for 1/increment `r`: the correction that turns
/// a unit downward jump at `t = 0` into a band-limited one. With `x` the distance to
/// the jump in samples (−1 … 1): −(1 − x)² just after it, (1 + x)² just before, 0
/// elsewhere.
#[inline(always)]
pub fn poly_blep(t: F8, r: F8) -> F8 {
    let u = t.gt_select(F8::splat(0.5), t - F8::splat(1.0), t);
    let x = u * r;
    let m = (F8::splat(1.0) - x.abs()).max(F8::splat(0.0));
    (m * m).copysign(-x)
}

/// Band-limited saw at phase `p`.
#[inline(always)]
pub fn saw(p: F8, r: F8) -> F8 {
    F8::splat(2.0) * p - F8::splat(1.0) - poly_blep(p, r)
}

/// Band-limited pulse at phase `p`, high while `p < duty`.
#[inline(always)]
pub fn square(p: F8, r: F8, duty: F8) -> F8 {
    let naive = p.lt_select(duty, F8::splat(1.0), F8::splat(-1.0));
    let q = p - duty;
    let q = q.lt_select(F8::splat(0.0), q + F8::splat(1.0), q);
    naive + poly_blep(p, r) - poly_blep(q, r)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The branch-free PolyBLEP is the textbook one.
    #[test]
    fn blep_matches_the_textbook_form() {
        let dt = 0.03f32;
        for i in 0..1000 {
            let t = i as f32 / 1000.0;
            let want = if t < dt {
                let x = t / dt;
                x + x - x * x - 1.0
            } else if t > 1.0 - dt {
                let x = (t - 1.0) / dt;
                x * x + x + x + 1.0
            } else {
                0.0
            };
            let got = poly_blep(F8::splat(t), F8::splat(1.0 / dt)).0[0];
            assert!((got - want).abs() < 1e-5, "t {t}: {got} vs {want}");
        }
    }
}
