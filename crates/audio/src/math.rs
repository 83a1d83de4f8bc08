//! The synthesizer's own transcendental functions, built from IEEE `+ − × ÷` and bit
//! manipulation only. Two reasons: platform `libm` results differ in their last bits
//! between systems (a rendered soundtrack should be the same file everywhere), and
//! these are cheap enough to call per block without thinking. None of them is called
//! per sample in the hot loops except [`sin_unit`], the oscillator's sine.
//!
//! Accuracy is what audio needs, not what `libm` promises: relative errors around
//! 1e-6 for [`exp2`]/[`log2`], 4e-6 absolute for the sines.

use std::f32::consts::TAU;

/// `x` clamped to `lo..=hi`, with NaN replaced by `nan`. Every parameter that enters
/// the synthesizer goes through this, so no NaN or infinity reaches a filter state.
pub fn sane(x: f32, lo: f32, hi: f32, nan: f32) -> f32 {
    if x.is_nan() {
        nan
    } else {
        x.clamp(lo, hi)
    }
}

/// 2^x. Inputs are clamped to ±126 (normal floats only; NaN gives 1).
pub fn exp2(x: f32) -> f32 {
    let x = sane(x, -126.0, 126.0, 0.0);
    let i = (x + 0.5).floor();
    let f = x - i; // in [-0.5, 0.5]
                   // Taylor series of e^(f ln 2) to degree 6: error < 2e-7 on [-0.5, 0.5].
    let p = 1.0
        + f * (std::f32::consts::LN_2
            + f * (0.240_226_5
                + f * (0.055_504_11
                    + f * (0.009_618_129 + f * (0.001_333_355 + f * 0.000_154_035_3)))));
    p * f32::from_bits(((i as i32 + 127) as u32) << 23)
}

/// log2(x) for x > 0. Zero, negatives, NaN and values below 1e-37 give −126 (the
/// bottom of [`exp2`]'s range), infinity gives 128.
pub fn log2(x: f32) -> f32 {
    if x.is_nan() || x < 1e-37 {
        return -126.0;
    }
    if x.is_infinite() {
        return 128.0;
    }
    let bits = x.to_bits();
    let mut e = ((bits >> 23) & 0xff) as i32 - 127;
    let mut m = f32::from_bits((bits & 0x007f_ffff) | 0x3f80_0000); // [1, 2)
    if m > std::f32::consts::SQRT_2 {
        m *= 0.5;
        e += 1;
    }
    // log2(m) = 2/ln2 · atanh(s), s = (m−1)/(m+1), |s| ≤ 0.172: four odd terms.
    let s = (m - 1.0) / (m + 1.0);
    let s2 = s * s;
    e as f32 + s * (2.885_39 + s2 * (0.961_796_7 + s2 * (0.577_078 + s2 * 0.412_198_6)))
}

/// sin(2π·q) for q in [−0.5, 0.5] (a phase in turns, centred): fold to a quarter turn,
/// then an odd degree-9 polynomial. The oscillators' sine; no division, no branch.
#[inline(always)]
pub fn sin_unit(q: f32) -> f32 {
    let a = q.abs();
    let f = (0.25 - (a - 0.25).abs()).copysign(q); // in [−0.25, 0.25], same sine
    let f2 = f * f;
    f * (TAU + f2 * (-41.341_7 + f2 * (81.605_25 + f2 * (-76.705_86 + f2 * 42.058_693))))
}

/// sin(2π·t) for any finite phase `t` in turns.
pub fn sin_turns(t: f32) -> f32 {
    let t = sane(t, -1e6, 1e6, 0.0);
    sin_unit(t - (t + 0.5).floor())
}

/// cos(2π·t) for any finite phase `t` in turns.
pub fn cos_turns(t: f32) -> f32 {
    sin_turns(t + 0.25)
}

/// tan(π·x) for x in [0, 0.49]: the bilinear transform's prewarping, per block.
pub fn tan_pi(x: f32) -> f32 {
    let x = sane(x, 0.0, 0.49, 0.0);
    sin_turns(0.5 * x) / cos_turns(0.5 * x)
}

/// e^x, through [`exp2`].
pub fn exp(x: f32) -> f32 {
    exp2(x * std::f32::consts::LOG2_E)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exp2_and_log2_track_std() {
        for i in -2000..2000 {
            let x = i as f32 * 0.01;
            let rel = (exp2(x) - x.exp2()).abs() / x.exp2();
            assert!(rel < 1e-6, "exp2({x}) rel {rel}");
        }
        for i in 1..5000 {
            let x = i as f32 * 0.37;
            assert!(
                (log2(x) - x.log2()).abs() < 2e-6 * x.log2().abs().max(1.0),
                "log2({x})"
            );
        }
        assert_eq!(log2(0.0), -126.0);
        assert_eq!(log2(f32::NAN), -126.0);
        assert!(exp2(f32::NAN) == 1.0 && exp2(1e9).is_finite());
    }

    #[test]
    fn sines_and_tan_track_std() {
        for i in -3000..3000 {
            let t = i as f32 * 0.000_77;
            let want = (TAU * t).sin();
            assert!((sin_turns(t) - want).abs() < 5e-6, "sin({t})");
            assert!((cos_turns(t) - (TAU * t).cos()).abs() < 5e-6, "cos({t})");
        }
        for i in 0..490 {
            let x = i as f32 * 0.001;
            let want = (std::f32::consts::PI * x).tan();
            assert!((tan_pi(x) - want).abs() < 2e-5 * want.max(1.0), "tan({x})");
        }
    }
}
