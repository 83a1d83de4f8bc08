//! Anti-aliased circles and axis-aligned ellipses, filled or outlined.
//!
//! Coverage comes from the signed distance of each pixel centre to the outline
//! ([`crate::aa`]): exact for circles, the first-order estimate `f / |∇f|` for ellipses.
//! Each row is split into the part that needs per-pixel coverage (near the outline),
//! the part that is certainly fully covered (filled as one span) and, for outlines, the
//! hole in the middle (skipped), so a big disc costs about as much as a rectangle.
//!
//! Centres, radii and stroke widths are in drawing units: each public call multiplies
//! them by the framebuffer's scale first, then works in device pixels of the whole
//! frame (coverage from the absolute row), writing only the band's rows.

use crate::aa::{coverage, px_range, row_range};
use crate::blend::{simd, Paint, Shader};
use crate::framebuffer::Framebuffer;

/// One row's split: the pixel range `outer` that may have coverage, and inside it the
/// range `inner` that is either certainly full (`Inner::Full`, filled as one span) or
/// certainly empty (`Inner::Hole`, skipped). Empty ranges are `(0, 0)`.
struct RowSplit {
    outer: (usize, usize),
    inner: (usize, usize),
    kind: Inner,
}

#[derive(Clone, Copy, PartialEq)]
enum Inner {
    Full,
    Hole,
}

/// Walks the rows whose centres lie in `centre.y + rows`, asks `split(dy)` for the
/// ranges of each row and `sd(dx, dy)` (pixel centre relative to the shape centre) for
/// the pixels in `outer` but not in `inner`.
#[inline(always)]
fn shade(
    fb: &mut Framebuffer,
    sh: Shader,
    centre: (f64, f64),
    rows: (f64, f64),
    fade: f32,
    split: impl Fn(f64) -> RowSplit,
    sd: impl Fn(f32, f32) -> f32,
) {
    let (ya, yb) = row_range(centre.1 + rows.0, centre.1 + rows.1, fb);
    let (w, y0) = (fb.width, fb.row0());
    let fade = (fade.clamp(0.0, 1.0) * 255.0 + 0.5) as u32;
    let px = &mut fb.pixels;
    simd::run(
        #[inline(always)]
        || {
            for y in ya..yb {
                let dy = y as f64 + 0.5 - centre.1;
                let s = split(dy);
                let (x0, x1) = s.outer;
                if x0 >= x1 {
                    continue;
                }
                let o = (y - y0) * w;
                let row = &mut px[o..o + w];
                let dyf = dy as f32;
                // Written out (not a closure) so it is always inlined into the AVX2 copy.
                let dx = |x: usize| (x as f64 + 0.5 - centre.0) as f32;
                let (i0, i1) = (s.inner.0.clamp(x0, x1), s.inner.1.clamp(x0, x1));
                if i0 < i1 {
                    edge_px(&mut row[x0..i0], dx(x0), dyf, fade, sh, &sd);
                    if s.kind == Inner::Full {
                        sh.span(&mut row[i0..i1]);
                    }
                    edge_px(&mut row[i1..x1], dx(i1), dyf, fade, sh, &sd);
                } else {
                    edge_px(&mut row[x0..x1], dx(x0), dyf, fade, sh, &sd);
                }
            }
        },
    );
}

/// Anti-aliased pixels of one row piece; `dx0` is the first pixel centre's x relative
/// to the shape centre.
#[inline(always)]
fn edge_px(
    row: &mut [u32],
    dx0: f32,
    dy: f32,
    fade: u32,
    sh: Shader,
    sd: &impl Fn(f32, f32) -> f32,
) {
    for (i, d) in row.iter_mut().enumerate() {
        let c = coverage(sd(dx0 + i as f32, dy));
        if c > 0 {
            sh.pixel_cov(d, if fade >= 255 { c } else { c * fade / 255 });
        }
    }
}

/// Half-width of the row at height `dy` through a circle of radius `r` (NaN if none).
#[inline(always)]
fn chord(r: f64, dy: f64) -> f64 {
    (r * r - dy * dy).sqrt()
}

#[inline(always)]
fn centered(cx: f64, half: f64, w: usize) -> (usize, usize) {
    if half.is_nan() {
        (0, 0)
    } else {
        px_range(cx - half, cx + half, w)
    }
}

fn valid(c: [f32; 2], r: &[f32]) -> bool {
    c.iter().all(|v| v.is_finite()) && r.iter().all(|v| v.is_finite() && *v > 0.0)
}

/// A centre and sizes in drawing units to device pixels (untouched at scale 1).
#[inline(always)]
fn to_device<const N: usize>(fb: &Framebuffer, c: [f32; 2], r: [f32; N]) -> ([f32; 2], [f32; N]) {
    let s = fb.scale();
    if s == 1.0 {
        (c, r)
    } else {
        ([c[0] * s, c[1] * s], r.map(|v| v * s))
    }
}

/// Fills an anti-aliased disc of radius `r` around `c`.
pub fn fill_circle(fb: &mut Framebuffer, c: [f32; 2], r: f32, paint: impl Into<Paint>) {
    let sh = Shader::new(paint.into());
    let (c, [r]) = to_device(fb, c, [r]);
    if sh.is_skip() || !valid(c, &[r]) {
        return;
    }
    let (cx, cy, rr) = (c[0] as f64, c[1] as f64, r as f64);
    let w = fb.width;
    // A disc smaller than a pixel fades with its size instead of staying 50 % bright.
    let fade = (2.0 * r).min(1.0);
    shade(
        fb,
        sh,
        (cx, cy),
        (-rr - 0.5, rr + 0.5),
        fade,
        |dy| RowSplit {
            outer: centered(cx, chord(rr + 0.5, dy), w),
            inner: if rr > 0.5 {
                centered(cx, chord(rr - 0.5, dy), w)
            } else {
                (0, 0)
            },
            kind: Inner::Full,
        },
        #[inline(always)]
        |x, y| (x * x + y * y).sqrt() - r,
    );
}

/// Outlines a circle: an anti-aliased ring of `width` centred on radius `r`.
pub fn stroke_circle(
    fb: &mut Framebuffer,
    c: [f32; 2],
    r: f32,
    width: f32,
    paint: impl Into<Paint>,
) {
    let sh = Shader::new(paint.into());
    let (c, [r, width]) = to_device(fb, c, [r, width]);
    if sh.is_skip() || !valid(c, &[r, width]) {
        return;
    }
    let fade = width.min(1.0);
    let hw = width.max(1.0) / 2.0;
    let (cx, cy) = (c[0] as f64, c[1] as f64);
    let (ro, ri) = ((r + hw) as f64, (r - hw) as f64);
    let w = fb.width;
    shade(
        fb,
        sh,
        (cx, cy),
        (-ro - 0.5, ro + 0.5),
        fade,
        |dy| RowSplit {
            outer: centered(cx, chord(ro + 0.5, dy), w),
            // Pixels closer than ri - 0.5 to the centre have zero coverage.
            inner: if ri > 0.5 {
                centered(cx, chord(ri - 0.5, dy) - 1e-6, w)
            } else {
                (0, 0)
            },
            kind: Inner::Hole,
        },
        #[inline(always)]
        |x, y| ((x * x + y * y).sqrt() - r).abs() - hw,
    );
}

/// Approximate signed distance to the ellipse with radii `a`, `b`: the first-order
/// estimate `f / |∇f|` of `f = |(x/a, y/b)| - 1`, scaled back by `|(x/a, y/b)|`. It is
/// exact for circles and good to a small fraction of a pixel near any ellipse outline,
/// which is all anti-aliasing needs.
#[inline(always)]
fn ellipse_sd(x: f32, y: f32, a: f32, b: f32) -> f32 {
    let (nx, ny) = (x / a, y / b);
    let k0 = (nx * nx + ny * ny).sqrt();
    let k1 = ((nx / a) * (nx / a) + (ny / b) * (ny / b)).sqrt();
    if k1 > 1e-20 {
        (k0 - 1.0) * k0 / k1
    } else {
        -a.min(b)
    }
}

/// Half-width of the row at `dy` through the ellipse with radii `a`, `b` (NaN if none).
#[inline(always)]
fn ellipse_chord(a: f64, b: f64, dy: f64) -> f64 {
    if a <= 0.0 || b <= 0.0 {
        return f64::NAN;
    }
    let t = 1.0 - (dy / b) * (dy / b);
    if t < 0.0 {
        f64::NAN
    } else {
        a * t.sqrt()
    }
}

/// Fills an anti-aliased axis-aligned ellipse with radii `r = [rx, ry]` around `c`.
pub fn fill_ellipse(fb: &mut Framebuffer, c: [f32; 2], r: [f32; 2], paint: impl Into<Paint>) {
    let sh = Shader::new(paint.into());
    let (c, r) = to_device(fb, c, r);
    if sh.is_skip() || !valid(c, &r) {
        return;
    }
    let (cx, cy) = (c[0] as f64, c[1] as f64);
    let (a, b) = (r[0] as f64, r[1] as f64);
    let w = fb.width;
    let fade = (2.0 * r[0].min(r[1])).min(1.0);
    shade(
        fb,
        sh,
        (cx, cy),
        (-b - 1.0, b + 1.0),
        fade,
        |dy| RowSplit {
            outer: centered(cx, ellipse_chord(a + 1.0, b + 1.0, dy), w),
            // Two pixels in from the outline the estimate is safely past full coverage.
            inner: centered(cx, ellipse_chord(a - 2.0, b - 2.0, dy), w),
            kind: Inner::Full,
        },
        #[inline(always)]
        |x, y| ellipse_sd(x, y, r[0], r[1]),
    );
}

/// Outlines an axis-aligned ellipse with an anti-aliased ring of `width`.
pub fn stroke_ellipse(
    fb: &mut Framebuffer,
    c: [f32; 2],
    r: [f32; 2],
    width: f32,
    paint: impl Into<Paint>,
) {
    let sh = Shader::new(paint.into());
    let (c, [rx, ry, width]) = to_device(fb, c, [r[0], r[1], width]);
    let r = [rx, ry];
    if sh.is_skip() || !valid(c, &[r[0], r[1], width]) {
        return;
    }
    let fade = width.min(1.0);
    let hw = width.max(1.0) / 2.0;
    let (cx, cy) = (c[0] as f64, c[1] as f64);
    let (a, b) = (r[0] as f64, r[1] as f64);
    let h = hw as f64;
    let w = fb.width;
    shade(
        fb,
        sh,
        (cx, cy),
        (-b - h - 1.0, b + h + 1.0),
        fade,
        |dy| RowSplit {
            outer: centered(cx, ellipse_chord(a + h + 1.0, b + h + 1.0, dy), w),
            inner: centered(cx, ellipse_chord(a - h - 2.0, b - h - 2.0, dy), w),
            kind: Inner::Hole,
        },
        #[inline(always)]
        |x, y| ellipse_sd(x, y, r[0], r[1]).abs() - hw,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::color::Rgba;

    fn lit(fb: &Framebuffer) -> usize {
        fb.pixels.iter().filter(|&&p| p != 0).count()
    }

    fn total_coverage(fb: &Framebuffer) -> f64 {
        fb.pixels.iter().map(|&p| (p & 0xFF) as f64 / 255.0).sum()
    }

    #[test]
    fn disc_area_and_symmetry() {
        let mut fb = Framebuffer::new(64, 64);
        fill_circle(&mut fb, [32.0, 32.0], 20.0, Rgba::WHITE);
        let area = std::f64::consts::PI * 400.0;
        assert!(
            (total_coverage(&fb) - area).abs() < 3.0,
            "{}",
            total_coverage(&fb)
        );
        assert_eq!(fb.get(32, 32), Some(0xFFFFFF));
        assert_eq!(fb.get(32, 11), Some(0));
        for y in 0..64 {
            for x in 0..64 {
                assert_eq!(fb.get(x, y), fb.get(63 - x, y), "mirror x at ({x},{y})");
                assert_eq!(fb.get(x, y), fb.get(y, x), "mirror diagonal at ({x},{y})");
            }
        }
    }

    #[test]
    fn disc_never_double_blends() {
        let mut fb = Framebuffer::new(40, 40);
        fill_circle(
            &mut fb,
            [20.3, 19.6],
            12.7,
            Paint::additive(Rgba::rgb(100, 100, 100)),
        );
        assert!(fb.pixels.iter().all(|&p| (p & 0xFF) <= 100));
        assert_eq!(fb.get(20, 20), Some(0x646464));
    }

    #[test]
    fn ring_has_hole_and_right_area() {
        let mut fb = Framebuffer::new(64, 64);
        stroke_circle(
            &mut fb,
            [32.0, 32.0],
            20.0,
            4.0,
            Paint::additive(Rgba::rgb(255, 255, 255)),
        );
        assert_eq!(fb.get(32, 32), Some(0));
        assert_eq!(fb.get(32, 12), Some(0xFFFFFF));
        let area = std::f64::consts::PI * (22.0f64.powi(2) - 18.0f64.powi(2));
        assert!(
            (total_coverage(&fb) - area).abs() < 4.0,
            "{}",
            total_coverage(&fb)
        );
    }

    #[test]
    fn ellipse_extent_and_area() {
        let mut fb = Framebuffer::new(80, 40);
        fill_ellipse(&mut fb, [40.0, 20.0], [30.0, 10.0], Rgba::WHITE);
        let area = std::f64::consts::PI * 300.0;
        assert!(
            (total_coverage(&fb) - area).abs() < 4.0,
            "{}",
            total_coverage(&fb)
        );
        assert_eq!(fb.get(40, 20), Some(0xFFFFFF));
        assert_eq!(fb.get(12, 20), Some(0xFFFFFF));
        assert_eq!(fb.get(8, 20), Some(0));
        assert_eq!(fb.get(40, 8), Some(0));
        // An ellipse with equal radii is the circle, up to the distance estimate.
        let mut a = Framebuffer::new(40, 40);
        let mut b = Framebuffer::new(40, 40);
        fill_ellipse(&mut a, [20.0, 20.0], [12.0, 12.0], Rgba::WHITE);
        fill_circle(&mut b, [20.0, 20.0], 12.0, Rgba::WHITE);
        for (p, q) in a.pixels.iter().zip(&b.pixels) {
            assert!(((p & 0xFF) as i32 - (q & 0xFF) as i32).abs() <= 1);
        }
    }

    #[test]
    fn stroke_ellipse_hole() {
        let mut fb = Framebuffer::new(80, 40);
        // Width 3 around radii (30, 12): pixel centres half a pixel off the outline
        // are a full pixel inside the ring.
        stroke_ellipse(&mut fb, [40.0, 20.0], [30.0, 12.0], 3.0, Rgba::WHITE);
        assert_eq!(fb.get(40, 20), Some(0));
        assert_eq!(fb.get(40, 5), Some(0));
        assert_eq!(fb.get(40, 8), Some(0xFFFFFF));
        assert_eq!(fb.get(10, 20), Some(0xFFFFFF));
        let mut dim = Framebuffer::new(80, 40);
        stroke_ellipse(
            &mut dim,
            [40.0, 20.0],
            [30.0, 12.0],
            3.0,
            Paint::additive(Rgba::rgb(9, 9, 9)),
        );
        assert!(dim.pixels.iter().all(|&p| (p & 0xFF) <= 9));
    }

    #[test]
    fn bad_input_and_clipping() {
        let mut fb = Framebuffer::new(16, 16);
        for (c, r) in [
            ([f32::NAN, 1.0], 3.0),
            ([1.0, 1.0], f32::INFINITY),
            ([1.0, 1.0], -2.0),
            ([1.0, 1.0], 0.0),
            ([1e30, 1.0], 5.0),
        ] {
            fill_circle(&mut fb, c, r, Rgba::WHITE);
            stroke_circle(&mut fb, c, r, 2.0, Rgba::WHITE);
            fill_ellipse(&mut fb, c, [r, r], Rgba::WHITE);
            stroke_ellipse(&mut fb, c, [r, 2.0], 1.0, Rgba::WHITE);
        }
        assert_eq!(lit(&fb), 0);
        // Huge discs covering the target, centred off-screen on every side.
        for c in [[-500.0, 8.0], [516.0, 8.0], [8.0, -500.0], [8.0, 516.0]] {
            let mut fb = Framebuffer::new(16, 16);
            fill_circle(&mut fb, c, 520.0, Rgba::WHITE);
            assert_eq!(lit(&fb), 256, "{c:?}");
        }
        let mut fb = Framebuffer::new(16, 16);
        fill_circle(&mut fb, [8.0, 8.0], 1e9, Rgba::WHITE);
        assert_eq!(lit(&fb), 256);
    }
}
