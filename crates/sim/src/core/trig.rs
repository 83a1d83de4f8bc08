//! The simulation's own `atan2`, `sin` and `cos` (REQ A11, §17): IEEE single-precision
//! `+ − × ÷` and comparisons only, so every machine computes the same bits. The
//! platform's `atan2f`/`sinf`/`cosf` (glibc, musl, macOS, the Windows CRT) are not
//! specified to the last bit, and a replay must run the same on another machine. They
//! are also faster: `atanf` was 5 % of a 10 000-enemy horde tick (perf, 2026-11-30).
//!
//! Accuracy: within 3 × 10⁻⁷ rad of the exact `atan2`, and within 3 × 10⁻⁷ of the exact
//! sine and cosine for `|angle| ≤ 10⁴` (tests against `f64`); larger angles are folded
//! into one turn first (exactly, so still the same bits everywhere): a unit vector, as
//! accurate as the float `2π` allows. Rust does not contract `a * b + c` into a fused
//! multiply-add, so the polynomials round the same everywhere.

use std::f32::consts::{FRAC_PI_2, FRAC_PI_4, PI};

/// `tan(π/8)`: above it, [`atan_unit`] reflects the argument round 1.
const TAN_PI_8: f32 = 0.414_213_57;

/// `atan(t)` for `t` in `[0, 1]`: below `tan(π/8)` an odd polynomial in `t` (Cephes'
/// single-precision coefficients, a minimax fit on that interval); above it
/// `π/4 + atan((t − 1)/(t + 1))`, whose argument is back in the polynomial's range.
#[inline(always)]
fn atan_unit(t: f32) -> f32 {
    let (base, x) = if t > TAN_PI_8 {
        (FRAC_PI_4, (t - 1.0) / (t + 1.0))
    } else {
        (0.0, t)
    };
    let z = x * x;
    let p = ((8.053_744_5e-2 * z - 1.387_768_6e-1) * z + 1.997_771_1e-1) * z - 3.333_295e-1;
    base + (p * z * x + x)
}

/// The angle of `(x, y)` from the +x axis, in `[−π, π]`, as `f32::atan2(y, x)`: the same
/// signed zeros, `±π` on the negative x axis, `±π/4`-multiples for infinities, NaN in
/// and NaN out.
#[inline]
pub fn atan2(y: f32, x: f32) -> f32 {
    if x.is_nan() || y.is_nan() {
        return f32::NAN;
    }
    let (ax, ay) = (x.abs(), y.abs());
    // The ratio of the smaller to the larger, in [0, 1] (1 when both are infinite, 0
    // when both are zero).
    let t = if ax == ay {
        if ax == 0.0 {
            0.0
        } else {
            1.0
        }
    } else if ay < ax {
        ay / ax
    } else {
        ax / ay
    };
    let mut a = atan_unit(t);
    if ay > ax {
        a = FRAC_PI_2 - a;
    }
    if x.is_sign_negative() {
        a = PI - a;
    }
    if y.is_sign_negative() {
        -a
    } else {
        a
    }
}

/// Where [`sin_cos`]'s reduction is exact: `k × PIO2_1` and `k × PIO2_2` need at most
/// 24 bits for the quadrant counts `k < 8192` up to here.
const ACCURATE_RANGE: f32 = 1.0e4;

/// `π/2` in three parts (Cody and Waite): the first two have trailing zero bits, so
/// `k × part` is exact for the quadrant counts `k` of the accurate range.
const PIO2_1: f32 = 1.570_312_5;
const PIO2_2: f32 = 4.837_513e-4;
const PIO2_3: f32 = 7.549_79e-8;

/// `(sin a, cos a)`. The angle is reduced to `r` in `[−π/4, π/4]` by the nearest
/// multiple `k` of `π/2`, then minimax polynomials for `sin r` and `cos r` (Cephes'
/// single-precision coefficients) are swapped and signed by `k mod 4`. NaN and
/// infinities give NaN.
#[inline]
pub fn sin_cos(a: f32) -> (f32, f32) {
    if !a.is_finite() {
        return (f32::NAN, f32::NAN);
    }
    if a == 0.0 {
        // ±0 keeps its sign in the sine, as the standard `sin` does.
        return (a, 1.0);
    }
    // Beyond the accurate range the quadrant count outgrows the exact products of the
    // reduction: fold the angle into (−2π, 2π) first. `%` is an exact operation (its
    // result is representable; no rounding), so every machine still gets the same bits,
    // and the result stays a unit vector, though the fold is only as accurate as the
    // float `2π` times the turns folded away.
    let a = if a.abs() > ACCURATE_RANGE {
        a % std::f32::consts::TAU
    } else {
        a
    };
    // Nearest quadrant, half away from zero (|a| < 2π or ≤ 10⁴ here: `k` is small).
    let kf = (a * (2.0 / PI)).round();
    let k = kf as i64;
    let r = ((a - kf * PIO2_1) - kf * PIO2_2) - kf * PIO2_3;
    let z = r * r;
    let s = ((-1.951_529_6e-4 * z + 8.332_161e-3) * z - 1.666_665_5e-1) * z * r + r;
    let c = ((2.443_315_7e-5 * z - 1.388_731_6e-3) * z + 4.166_664_6e-2) * z * z - 0.5 * z + 1.0;
    match k.rem_euclid(4) {
        0 => (s, c),
        1 => (c, -s),
        2 => (-s, -c),
        _ => (-c, s),
    }
}

#[inline]
pub fn cos(a: f32) -> f32 {
    sin_cos(a).1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::rng::Rng;

    #[test]
    fn atan2_is_within_3e_7_rad_of_the_exact_angle() {
        let mut rng = Rng::new(3);
        let mut worst = 0.0f64;
        for i in 0..400_000 {
            // Mixed scales: unit-size, tiny and large vectors, and axis-near ones.
            let s = [1.0, 1e-6, 1e6, 1.0][i % 4];
            let (mut x, mut y) = (rng.range_f32(-1.0, 1.0) * s, rng.range_f32(-1.0, 1.0) * s);
            if i % 4 == 3 {
                x *= 1e-4;
            }
            if i % 8 == 7 {
                y = 0.0;
            }
            let exact = (y as f64).atan2(x as f64);
            let err = (atan2(y, x) as f64 - exact).abs();
            worst = worst.max(err);
        }
        assert!(worst < 3e-7, "worst error {worst:e} rad");
    }

    #[test]
    fn atan2_keeps_the_special_values_of_the_standard_one() {
        let cases = [
            (0.0f32, 0.0f32),
            (-0.0, 0.0),
            (0.0, -0.0),
            (-0.0, -0.0),
            (1.0, 0.0),
            (-1.0, 0.0),
            (0.0, -1.0),
            (-0.0, -1.0),
            (f32::INFINITY, f32::INFINITY),
            (-f32::INFINITY, f32::INFINITY),
            (f32::INFINITY, -f32::INFINITY),
            (-f32::INFINITY, -f32::INFINITY),
            (1.0, f32::INFINITY),
            (1.0, -f32::INFINITY),
            (f32::INFINITY, 1.0),
            (3.0, 3.0),
            (-2.0, -2.0),
        ];
        for (y, x) in cases {
            let (ours, std) = (atan2(y, x), y.atan2(x));
            assert!(
                (ours - std).abs() <= 2.5e-7 && ours.is_sign_negative() == std.is_sign_negative(),
                "atan2({y}, {x}) = {ours}, std {std}"
            );
        }
        assert!(atan2(f32::NAN, 1.0).is_nan() && atan2(1.0, f32::NAN).is_nan());
    }

    #[test]
    fn sin_cos_are_within_3e_7_of_the_exact_values() {
        let mut rng = Rng::new(4);
        let mut worst = 0.0f64;
        for i in 0..400_000 {
            let a = match i % 3 {
                0 => rng.range_f32(-4.0, 4.0),
                1 => rng.range_f32(-100.0, 100.0),
                _ => rng.range_f32(-1e4, 1e4),
            };
            let (s, c) = sin_cos(a);
            let (es, ec) = ((a as f64).sin(), (a as f64).cos());
            worst = worst.max((s as f64 - es).abs()).max((c as f64 - ec).abs());
        }
        assert!(worst < 3e-7, "worst error {worst:e}");
    }

    #[test]
    fn huge_angles_still_give_unit_vectors() {
        for a in [3.3e7f32, -1.0e9, 1.0e20, f32::MAX, f32::MIN, 1.0e4 + 0.5] {
            let (s, c) = sin_cos(a);
            let len = (s as f64).hypot(c as f64);
            assert!((len - 1.0).abs() < 1e-6, "{a}: ({s}, {c})");
        }
        // Just past the accurate range, still close to the exact values.
        let a = 1.2e4f32;
        let (s, c) = sin_cos(a);
        assert!(
            (s as f64 - (a as f64).sin()).abs() < 1e-3
                && (c as f64 - (a as f64).cos()).abs() < 1e-3
        );
        let (s, _) = sin_cos(-0.0);
        assert!(s == 0.0 && s.is_sign_negative(), "sin(−0) = −0");
    }

    #[test]
    fn sin_cos_at_the_quadrant_angles() {
        for k in -8..=8 {
            let a = k as f32 * FRAC_PI_2;
            let (s, c) = sin_cos(a);
            let (es, ec) = ((a as f64).sin(), (a as f64).cos());
            assert!(
                (s as f64 - es).abs() < 3e-7 && (c as f64 - ec).abs() < 3e-7,
                "{k}"
            );
        }
        assert_eq!(sin_cos(0.0), (0.0, 1.0));
        assert!(sin_cos(f32::NAN).0.is_nan() && sin_cos(f32::INFINITY).1.is_nan());
    }

    #[test]
    fn the_angle_of_a_direction_turns_back_into_it() {
        let mut rng = Rng::new(6);
        for _ in 0..100_000 {
            let a = rng.range_f32(-PI, PI);
            let (s, c) = sin_cos(a);
            // Compared round the circle: −π comes back as +π.
            let d = (atan2(s, c) - a).abs();
            assert!(d.min((d - 2.0 * PI).abs()) < 5e-7, "{a}");
        }
    }
}
