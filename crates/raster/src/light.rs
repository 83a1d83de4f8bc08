//! Cheap radial glows ("light splats"), added on top of the frame.
//!
//! Intensity falls off as `(1 - (d / r)²)²`: smooth at the centre, reaching zero with a
//! zero slope at the radius, so overlapping splats never show a rim. It needs no square
//! root, only `d²`, which is stepped per pixel. Additive and saturating, so the order of
//! lights does not matter.

use crate::aa::{px_range, row_range};
use crate::blend::{add_sat, simd};
use crate::color::Rgba;
use crate::framebuffer::Framebuffer;

/// Adds a radial glow of `color` at `c` with the given `radius`. `intensity` scales the
/// peak (1.0 = `color` at the centre, more saturates a wider core). Alpha of `color` is
/// ignored. Non-finite or non-positive parameters draw nothing. `c` and `radius` are in
/// drawing units (multiplied by the framebuffer's scale); only the band's rows are
/// written, each pixel as in the whole frame.
pub fn draw_light(fb: &mut Framebuffer, c: [f32; 2], radius: f32, color: Rgba, intensity: f32) {
    let s = fb.scale();
    let (c, radius) = if s == 1.0 {
        (c, radius)
    } else {
        ([c[0] * s, c[1] * s], radius * s)
    };
    let ok = radius > 0.0
        && intensity > 0.0
        && radius.is_finite()
        && intensity.is_finite()
        && c[0].is_finite()
        && c[1].is_finite();
    if !ok {
        return;
    }
    let (cx, cy, r) = (c[0] as f64, c[1] as f64, radius as f64);
    let (ya, yb) = row_range(cy - r, cy + r, fb);
    let (w, y0) = (fb.width, fb.row0());
    let inv_r2 = (1.0 / (r * r)) as f32;
    // Peak contribution per channel; capped so the f32 -> u32 conversions stay small.
    let peak = |v: u8| (v as f32 * intensity).min(255.0 * 256.0);
    let (cr, cg, cb) = (peak(color.r), peak(color.g), peak(color.b));
    let px = &mut fb.pixels;
    simd::run(
        #[inline(always)]
        || {
            for y in ya..yb {
                let dy = y as f64 + 0.5 - cy;
                let half = (r * r - dy * dy).sqrt();
                if half.is_nan() {
                    continue;
                }
                let (x0, x1) = px_range(cx - half, cx + half, w);
                let dy2 = (dy * dy) as f32;
                let fx0 = (x0 as f64 + 0.5 - cx) as f32;
                // Branch-free body (t clamped at 0) so the row vectorises.
                let o = (y - y0) * w;
                for (i, d) in px[o + x0..o + x1].iter_mut().enumerate() {
                    let dx = fx0 + i as f32;
                    let t = (1.0 - (dx * dx + dy2) * inv_r2).max(0.0);
                    let k = t * t;
                    // SAFETY: c >= 0 and 0 <= k <= 1 are finite, so the value is in
                    // [0.5, 255]: the unchecked conversion is exact truncation, and it
                    // vectorises (a checked `as` falls back to scalar code per lane).
                    let ch = |c: f32| unsafe { (c * k + 0.5).min(255.0).to_int_unchecked::<i32>() }
                        as u32;
                    *d = add_sat(*d, (ch(cr) << 16) | (ch(cg) << 8) | ch(cb));
                }
            }
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn peak_falloff_and_radius() {
        let mut fb = Framebuffer::new(41, 41);
        draw_light(&mut fb, [20.5, 20.5], 16.0, Rgba::rgb(200, 100, 0), 1.0);
        let c = fb.get_rgba(20, 20).unwrap();
        assert_eq!((c.r, c.g, c.b), (200, 100, 0));
        // (1 - 0.25)^2 = 0.5625 at half the radius.
        let h = fb.get_rgba(28, 20).unwrap();
        assert!((h.r as i32 - 112).abs() <= 1, "{h:?}");
        assert_eq!(fb.get(20, 36), Some(0));
        assert_eq!(fb.get(4, 20), Some(0));
        // Monotonic falloff along a row.
        let row: Vec<u8> = (20..37).map(|x| fb.get_rgba(x, 20).unwrap().r).collect();
        assert!(row.windows(2).all(|w| w[0] >= w[1]), "{row:?}");
    }

    #[test]
    fn additive_and_saturating() {
        let mut fb = Framebuffer::new(20, 20);
        fb.clear(Rgba::rgb(100, 100, 100));
        draw_light(&mut fb, [10.0, 10.0], 8.0, Rgba::WHITE, 5.0);
        assert_eq!(fb.get(10, 10), Some(0xFFFFFF));
        assert_eq!(fb.get(0, 0), Some(0x646464));
    }

    #[test]
    fn bad_input_is_ignored() {
        let mut fb = Framebuffer::new(8, 8);
        draw_light(&mut fb, [f32::NAN, 1.0], 5.0, Rgba::WHITE, 1.0);
        draw_light(&mut fb, [1.0, 1.0], f32::INFINITY, Rgba::WHITE, 1.0);
        draw_light(&mut fb, [1.0, 1.0], 5.0, Rgba::WHITE, -1.0);
        draw_light(&mut fb, [1.0, 1.0], -5.0, Rgba::WHITE, 1.0);
        assert!(fb.pixels.iter().all(|&p| p == 0));
        draw_light(&mut fb, [1e30, -1e30], 1e30, Rgba::WHITE, 1.0);
    }
}
