//! Filters: the layers' state-variable filter (Andrew Simper's trapezoidal SVF: stable
//! under fast modulation, one structure for low-, band- and high-pass) and the voices'
//! one-pole low-pass (occlusion). Coefficients are computed per block (one `tan` each)
//! and ramped linearly per sample across it, so a sweeping cutoff has no steps.

use crate::block::SR;
use crate::math::{exp, sane, tan_pi};

/// Which response a layer's filter has.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FilterKind {
    /// No filter (costs nothing).
    Off,
    /// 12 dB/oct above the cutoff, a resonant peak of `q` at it.
    LowPass,
    /// Unity gain at the cutoff, 6 dB/oct either side; higher `q` is narrower.
    BandPass,
    /// 12 dB/oct below the cutoff.
    HighPass,
}

/// The lowest and highest cutoff (Hz): below 20 Hz is inaudible, above 20 kHz the
/// bilinear warp runs into Nyquist.
pub const CUTOFF_MIN: f32 = 20.0;
/// See [`CUTOFF_MIN`].
pub const CUTOFF_MAX: f32 = 20_000.0;
/// Resonance range: 0.5 is the flattest useful, 20 rings like a bell (the limiter
/// catches its +26 dB peak).
pub const Q_MIN: f32 = 0.5;
/// See [`Q_MIN`].
pub const Q_MAX: f32 = 20.0;

/// A cutoff made safe: clamped to [`CUTOFF_MIN`] … [`CUTOFF_MAX`], NaN → the maximum.
pub fn sane_cutoff(hz: f32) -> f32 {
    sane(hz, CUTOFF_MIN, CUTOFF_MAX, CUTOFF_MAX)
}

/// The SVF's coefficients for one cutoff (the damping `k = 1/q` is fixed per layer).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SvfCoefs {
    /// 1 / (1 + g(g + k))
    pub a1: f32,
    /// g·a1
    pub a2: f32,
    /// g·a2
    pub a3: f32,
}

impl SvfCoefs {
    /// The coefficients for `cutoff` Hz and damping `k`.
    pub fn new(cutoff: f32, k: f32) -> SvfCoefs {
        let g = tan_pi(sane_cutoff(cutoff) / SR);
        let a1 = 1.0 / (1.0 + g * (g + k));
        let a2 = g * a1;
        SvfCoefs { a1, a2, a3: g * a2 }
    }

    /// Per-sample increments that take `self` to `to` in `n` samples.
    pub fn ramp_to(&self, to: &SvfCoefs, n: usize) -> SvfCoefs {
        let r = 1.0 / n.max(1) as f32;
        SvfCoefs {
            a1: (to.a1 - self.a1) * r,
            a2: (to.a2 - self.a2) * r,
            a3: (to.a3 - self.a3) * r,
        }
    }
}

/// The damping for resonance `q` (clamped to [`Q_MIN`] … [`Q_MAX`], NaN → 0.707).
pub fn damping(q: f32) -> f32 {
    1.0 / sane(q, Q_MIN, Q_MAX, std::f32::consts::FRAC_1_SQRT_2)
}

/// The SVF's two integrator states.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Svf {
    /// First integrator.
    pub ic1: f32,
    /// Second integrator.
    pub ic2: f32,
}

impl Svf {
    /// One sample through the filter: (band, low) outputs, the high-pass is
    /// `v0 − k·band − low`.
    #[inline(always)]
    pub fn tick(&mut self, v0: f32, c: &SvfCoefs) -> (f32, f32) {
        let v3 = v0 - self.ic2;
        let v1 = c.a1 * self.ic1 + c.a2 * v3;
        let v2 = self.ic2 + c.a2 * self.ic1 + c.a3 * v3;
        self.ic1 = 2.0 * v1 - self.ic1;
        self.ic2 = 2.0 * v2 - self.ic2;
        (v1, v2)
    }
}

/// Which output of the SVF a layer takes, as a type so the hot loop is specialised.
pub trait Tap {
    /// `false` for [`FilterKind::Off`]: the filter is skipped.
    const ON: bool;
    /// The output from input `v0`, band `v1`, low `v2`, damping `k`.
    fn pick(v0: f32, v1: f32, v2: f32, k: f32) -> f32;
}

/// [`FilterKind::Off`].
pub struct TapOff;
/// [`FilterKind::LowPass`].
pub struct TapLow;
/// [`FilterKind::BandPass`].
pub struct TapBand;
/// [`FilterKind::HighPass`].
pub struct TapHigh;

impl Tap for TapOff {
    const ON: bool = false;
    #[inline(always)]
    fn pick(v0: f32, _: f32, _: f32, _: f32) -> f32 {
        v0
    }
}
impl Tap for TapLow {
    const ON: bool = true;
    #[inline(always)]
    fn pick(_: f32, _: f32, v2: f32, _: f32) -> f32 {
        v2
    }
}
impl Tap for TapBand {
    const ON: bool = true;
    #[inline(always)]
    fn pick(_: f32, v1: f32, _: f32, k: f32) -> f32 {
        k * v1
    }
}
impl Tap for TapHigh {
    const ON: bool = true;
    #[inline(always)]
    fn pick(v0: f32, v1: f32, v2: f32, k: f32) -> f32 {
        v0 - k * v1 - v2
    }
}

/// The one-pole low-pass coefficient for `hz`: `y += a·(x − y)`. At or above
/// [`CUTOFF_MAX`] it is exactly 1 (open: the output is the input). NaN → open.
pub fn one_pole(hz: f32) -> f32 {
    let hz = sane(hz, CUTOFF_MIN, CUTOFF_MAX, CUTOFF_MAX);
    if hz >= CUTOFF_MAX {
        1.0
    } else {
        1.0 - exp(-std::f32::consts::TAU * hz / SR)
    }
}
