//! Filters: the layers' state-variable filter (Andrew Simper's trapezoidal SVF: stable
//! under fast modulation, one structure for low-, band- and high-pass) and the voices'
//! one-pole low-pass (occlusion, see [`one_pole`]), eight lanes at a time.
//! Coefficients are computed per block (one `tan` each) and ramped linearly per sample
//! across it, so a sweeping cutoff has no steps.

use crate::block::SR;
use crate::lanes::F8;
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

/// The SVF's coefficients for one cutoff, in the form its state update uses. With
/// Simper's `g = tan(π·fc/fs)`, `a1 = 1/(1 + g(g + k))`, `a2 = g·a1`, `a3 = g·a2`, one
/// sample is `v3 = x − ic2`, `v1 = a1·ic1 + a2·v3`, `v2 = ic2 + a2·ic1 + a3·v3`,
/// `ic1 ← 2v1 − ic1`, `ic2 ← 2v2 − ic2`. Substituted, the states update as
/// `ic1 ← m11·ic1 + m12·v3`, `ic2 ← ic2 + m12·ic1 + b2·v3` and the outputs are the
/// means of old and new states (`v1 = (ic1 + ic1')/2`, `v2 = (ic2 + ic2')/2`): the same
/// filter with a shorter dependency chain per sample.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SvfCoefs {
    /// 2·a1 − 1
    pub m11: f32,
    /// 2·a2
    pub m12: f32,
    /// 2·a3
    pub b2: f32,
}

impl SvfCoefs {
    /// The coefficients for `cutoff` Hz and damping `k`.
    pub fn new(cutoff: f32, k: f32) -> SvfCoefs {
        let g = tan_pi(sane_cutoff(cutoff) / SR);
        let a1 = 1.0 / (1.0 + g * (g + k));
        let a2 = g * a1;
        SvfCoefs {
            m11: 2.0 * a1 - 1.0,
            m12: 2.0 * a2,
            b2: 2.0 * g * a2,
        }
    }

    /// Per-sample increments that take `self` to `to` in `n` samples (the state update
    /// is affine in them, so this is the linear ramp of Simper's coefficients).
    pub fn ramp_to(&self, to: &SvfCoefs, n: usize) -> SvfCoefs {
        let r = 1.0 / n.max(1) as f32;
        SvfCoefs {
            m11: (to.m11 - self.m11) * r,
            m12: (to.m12 - self.m12) * r,
            b2: (to.b2 - self.b2) * r,
        }
    }
}

/// The damping for resonance `q` (clamped to [`Q_MIN`] … [`Q_MAX`], NaN → 0.707).
pub fn damping(q: f32) -> f32 {
    1.0 / sane(q, Q_MIN, Q_MAX, std::f32::consts::FRAC_1_SQRT_2)
}

/// How a response is taken from the SVF: `out = x·x + band·b + low·l`, with `b` and
/// `l` halved because [`Svf8::tick`] hands over twice the band and low outputs (the
/// sums of old and new states).
pub fn tap_weights(kind: FilterKind, k: f32) -> [f32; 3] {
    let [x, b, l] = match kind {
        FilterKind::Off => [1.0, 0.0, 0.0],
        FilterKind::LowPass => [0.0, 0.0, 1.0],
        // k·band: unity gain at the centre whatever the q.
        FilterKind::BandPass => [0.0, k, 0.0],
        // x − k·band − low.
        FilterKind::HighPass => [1.0, -k, -1.0],
    };
    [x, 0.5 * b, 0.5 * l]
}

/// Eight SVFs: their states, coefficients (ramping) and output weights.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Svf8 {
    /// First integrators.
    pub ic1: F8,
    /// Second integrators.
    pub ic2: F8,
    /// Coefficients ([`SvfCoefs`]'s fields per lane).
    pub m11: F8,
    /// See `m11`.
    pub m12: F8,
    /// See `m11`.
    pub b2: F8,
    /// Per-sample ramps of the coefficients.
    pub dm11: F8,
    /// See `dm11`.
    pub dm12: F8,
    /// See `dm11`.
    pub db2: F8,
    /// Output weights ([`tap_weights`]) on input, band and low.
    pub tx: F8,
    /// See `tx`.
    pub tb: F8,
    /// See `tx`.
    pub tl: F8,
}

impl Svf8 {
    /// One sample through every lane's filter (coefficients held: see
    /// [`Svf8::ramp`]).
    #[inline(always)]
    pub fn tick(&mut self, x: F8) -> F8 {
        let (ic1, ic2) = (self.ic1, self.ic2);
        let v3 = x - ic2;
        let n1 = self.m11 * ic1 + self.m12 * v3;
        let n2 = ic2 + (self.m12 * ic1 + self.b2 * v3);
        self.ic1 = n1;
        self.ic2 = n2;
        self.tx * x + self.tb * (ic1 + n1) + self.tl * (ic2 + n2)
    }

    /// Moves the coefficients `n` samples along their ramps. The bank calls it every
    /// few samples, not every sample: a staircase of 8-sample steps is inaudible and
    /// saves three adds per sample.
    #[inline(always)]
    pub fn ramp(&mut self, n: F8) {
        self.m11 = self.m11 + self.dm11 * n;
        self.m12 = self.m12 + self.dm12 * n;
        self.b2 = self.b2 + self.db2 * n;
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
