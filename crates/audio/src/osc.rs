//! Oscillators: the periodic waves, as pure functions of a phase in turns ([0, 1)) and
//! the phase increment per sample. The caller owns the phase accumulator (one add per
//! sample); these shape it. Saw and square are band-limited with PolyBLEP: the naive
//! wave's jumps are replaced by a two-sample polynomial step, which pushes the aliases
//! of the harmonics above Nyquist down by 20–40 dB at no table cost.

use crate::math::sin_unit;

/// A layer's source: four periodic waves and three noise colours.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Wave {
    /// A pure tone (polynomial sine, −100 dB harmonics).
    Sine,
    /// Linear ramps up and down: odd harmonics falling 12 dB/oct, so its aliasing is
    /// already low and it is left naive.
    Triangle,
    /// Rising ramp, all harmonics, band-limited (PolyBLEP).
    Saw,
    /// High for `duty` of the period (clamped to 0.02 … 0.98), band-limited (PolyBLEP).
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
}

/// The PolyBLEP residual at phase `t` for increment `dt`: the correction that turns a
/// unit downward jump at `t = 0` into a band-limited one.
#[inline(always)]
pub fn poly_blep(t: f32, dt: f32) -> f32 {
    if t < dt {
        let x = t / dt;
        x + x - x * x - 1.0
    } else if t > 1.0 - dt {
        let x = (t - 1.0) / dt;
        x * x + x + x + 1.0
    } else {
        0.0
    }
}

/// Sine at phase `p` ∈ [0, 1).
#[inline(always)]
pub fn sine(p: f32) -> f32 {
    -sin_unit(p - 0.5)
}

/// Triangle at phase `p` ∈ [0, 1): −1 at 0, +1 at 0.5.
#[inline(always)]
pub fn triangle(p: f32) -> f32 {
    1.0 - 4.0 * (p - 0.5).abs()
}

/// Band-limited saw at phase `p` ∈ [0, 1) with increment `dt` < 0.5.
#[inline(always)]
pub fn saw(p: f32, dt: f32) -> f32 {
    2.0 * p - 1.0 - poly_blep(p, dt)
}

/// Band-limited pulse at phase `p` ∈ [0, 1), high while `p < duty`.
#[inline(always)]
pub fn square(p: f32, dt: f32, duty: f32) -> f32 {
    let naive = if p < duty { 1.0 } else { -1.0 };
    let q = p - duty;
    let q = if q < 0.0 { q + 1.0 } else { q };
    naive + poly_blep(p, dt) - poly_blep(q, dt)
}

/// The duty cycle an oscillator uses for `duty` (NaN → 0.5).
pub fn sane_duty(duty: f32) -> f32 {
    crate::math::sane(duty, 0.02, 0.98, 0.5)
}
