//! Anti-aliasing helpers shared by lines, circles, ellipses and lights.
//!
//! Coverage is a 1-pixel linear ramp of the signed distance from the pixel centre to
//! the shape's edge (negative inside): 255 at `sd <= -0.5`, 0 at `sd >= 0.5`. That is
//! the exact area coverage for a straight edge crossing a pixel along an axis, close
//! enough for any direction, and cheap (no supersampling).

/// Coverage 0..=255 for a pixel centre at signed distance `sd`. NaN gives 0.
#[inline(always)]
pub(crate) fn coverage(sd: f32) -> u32 {
    let c = 0.5 - sd;
    if c >= 1.0 {
        255
    } else if c > 0.0 {
        // SAFETY: 0 < c < 1 here, so the value is in (0.5, 255.5): in range, not NaN.
        // (The checked `as` would turn into scalar code with saturation fix-ups.)
        unsafe { (c * 255.0 + 0.5).to_int_unchecked::<i32>() as u32 }
    } else {
        0
    }
}

/// Pixel columns whose centres lie in `[xl, xr]`, clipped to `[0, w)`, as a half-open
/// range. Works for any finite or infinite bounds; NaN gives an empty range. Bounds are
/// clamped to just outside the target first, so floor / ceil can be done with plain
/// integer conversions (baseline x86-64 has no rounding instruction and would call libm).
#[inline(always)]
pub(crate) fn px_range(xl: f64, xr: f64, w: usize) -> (usize, usize) {
    if xl.is_nan() || xr.is_nan() {
        return (0, 0);
    }
    let wf = w as f64;
    let lo = (xl - 0.5).clamp(-1.0, wf + 1.0);
    let hi = (xr - 0.5).clamp(-2.0, wf + 1.0);
    // SAFETY: both are finite and within [-2, w + 1], far inside i64. (Checked `as`
    // conversions cost a dozen instructions each, and this runs several times a row.)
    let (li, hi_i) = unsafe { (lo.to_int_unchecked::<i64>(), hi.to_int_unchecked::<i64>()) };
    // Truncation towards zero, then fixed up to ceil / floor.
    let first = li + ((li as f64) < lo) as i64;
    let end = hi_i - ((hi_i as f64) > hi) as i64 + 1;
    let (first, end) = (first.max(0), end.min(w as i64));
    if first < end {
        (first as usize, end as usize)
    } else {
        (0, 0)
    }
}

/// Pixel rows whose centres lie in `[yt, yb]`, clipped to the framebuffer's band
/// `[fb.row0(), fb.rows())` (frame rows; an empty range may come back with `a >= b`).
#[inline(always)]
pub(crate) fn row_range(yt: f64, yb: f64, fb: &crate::framebuffer::Framebuffer) -> (usize, usize) {
    let (a, b) = px_range(yt, yb, fb.rows());
    (a.max(fb.row0()), b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coverage_ramp() {
        assert_eq!(coverage(-3.0), 255);
        assert_eq!(coverage(-0.5), 255);
        assert_eq!(coverage(0.0), 128);
        assert_eq!(coverage(0.5), 0);
        assert_eq!(coverage(9.0), 0);
        assert_eq!(coverage(f32::NAN), 0);
    }

    #[test]
    fn ranges_clip_and_round() {
        assert_eq!(px_range(0.5, 2.5, 10), (0, 3));
        assert_eq!(px_range(0.6, 2.4, 10), (1, 2));
        assert_eq!(px_range(-1e30, 1e30, 10), (0, 10));
        assert_eq!(px_range(f64::NAN, 3.0, 10), (0, 0));
        assert_eq!(px_range(5.0, 4.0, 10), (0, 0));
        assert_eq!(px_range(f64::NEG_INFINITY, f64::INFINITY, 7), (0, 7));
        assert_eq!(px_range(-3.7, -1.2, 7), (0, 0));
        assert_eq!(px_range(-0.7, 0.5, 7), (0, 1));
        assert_eq!(px_range(6.4, 99.0, 7), (6, 7));
        assert_eq!(px_range(7.6, 99.0, 7), (0, 0));
        // Centres exactly on the bounds are included, just past them excluded.
        assert_eq!(px_range(1.5, 3.5, 7), (1, 4));
        assert_eq!(px_range(1.500001, 3.499999, 7), (2, 3));
        assert_eq!(px_range(-0.5, 0.5, 7), (0, 1));
        assert_eq!(px_range(-1.5, -0.5, 7), (0, 0));
    }
}
