//! Lines: anti-aliased thick lines with caps, and 1-pixel aliased lines.
//!
//! A thick line is the set of points within `width / 2` of the segment (round caps) or
//! the segment's rectangle (butt caps, optionally extended by `width / 2`: square caps).
//! Each pixel gets coverage from its centre's signed distance to that shape
//! ([`crate::aa`]). Rows are walked over the exact x-range of the shape's 1-px-grown
//! rectangle, and the part of the row that is certainly fully covered is filled as a
//! plain span, so long thick lines cost little more than a quad.
//!
//! Endpoints and widths are in drawing units: each public call multiplies them by the
//! framebuffer's scale first, then works in device pixels of the whole frame, writing
//! only the band's rows.

use crate::aa::{coverage, px_range, row_range};
use crate::blend::{simd, Paint, Shader};
use crate::framebuffer::Framebuffer;

/// How the ends of a thick line look.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum LineCap {
    /// Ends flat at the endpoints.
    #[default]
    Butt,
    /// Half-disc around each endpoint (a capsule); a zero-length line is a dot.
    Round,
    /// Flat, but extended by half the width past each endpoint.
    Square,
}

/// Draws an anti-aliased line of `width` from `a` to `b` (drawing units: times the
/// framebuffer's scale in device pixels). Widths below one device pixel are drawn one
/// pixel wide with proportionally less opacity (a hairline that fades instead of
/// breaking up). Non-finite input or a width that is not positive draws
/// nothing.
pub fn draw_line(
    fb: &mut Framebuffer,
    a: [f32; 2],
    b: [f32; 2],
    width: f32,
    cap: LineCap,
    paint: impl Into<Paint>,
) {
    let sh = Shader::new(paint.into());
    let s = fb.scale();
    let (a, b, width) = if s == 1.0 {
        (a, b, width)
    } else {
        ([a[0] * s, a[1] * s], [b[0] * s, b[1] * s], width * s)
    };
    let ok = width > 0.0 && width.is_finite() && a.iter().chain(&b).all(|v| v.is_finite());
    if sh.is_skip() || !ok {
        return;
    }
    let (fade, width) = if width < 1.0 {
        (width as f64, 1.0)
    } else {
        (1.0, width as f64)
    };
    let (ax, ay) = (a[0] as f64, a[1] as f64);
    let (ddx, ddy) = (b[0] as f64 - ax, b[1] as f64 - ay);
    let len = (ddx * ddx + ddy * ddy).sqrt();
    if len < 1e-9 && cap == LineCap::Butt {
        return;
    }
    let (dx, dy) = if len < 1e-9 {
        (1.0, 0.0)
    } else {
        (ddx / len, ddy / len)
    };
    let len = if len < 1e-9 { 0.0 } else { len };
    // u: along the line from a, v: across it. n = d rotated by +90°.
    let (nx, ny) = (-dy, dx);
    let r = width / 2.0;
    let ext = if cap == LineCap::Butt { 0.0 } else { r };
    // Outer box (any coverage) and inner box (full coverage), in (u, v).
    let outer = [-ext - 0.5, len + ext + 0.5, r + 0.5];
    let inner = match cap {
        LineCap::Round => [0.0, len, r - 0.5],
        LineCap::Butt => [0.5, len - 0.5, r - 0.5],
        LineCap::Square => [-r + 0.5, len + r - 0.5, r - 0.5],
    };
    let has_inner = inner[2] > 0.0 && inner[0] < inner[1] && fade >= 1.0;

    // Rows: bounding box of the outer box's corners.
    let corner = |u: f64, v: f64| (ax + u * dx + v * nx, ay + u * dy + v * ny);
    let cs = [
        corner(outer[0], -outer[2]),
        corner(outer[0], outer[2]),
        corner(outer[1], -outer[2]),
        corner(outer[1], outer[2]),
    ];
    let ymin = cs.iter().map(|c| c.1).fold(f64::INFINITY, f64::min);
    let ymax = cs.iter().map(|c| c.1).fold(f64::NEG_INFINITY, f64::max);
    let (ya, yb) = row_range(ymin, ymax, fb);
    let line = Line {
        ax,
        ay,
        d: (dx, dy),
        n: (nx, ny),
        r: r as f32,
        len: len as f32,
        fade: (fade * 255.0 + 0.5) as u32,
        outer: BoxRows::new((dx, dy), (nx, ny), outer),
        inner: has_inner.then(|| BoxRows::new((dx, dy), (nx, ny), inner)),
    };
    let (w, y0) = (fb.width, fb.row0());
    let px = &mut fb.pixels;
    simd::run(
        #[inline(always)]
        || match cap {
            LineCap::Butt => rows::<BUTT>(px, w, y0, ya..yb, &line, sh),
            LineCap::Round => rows::<ROUND>(px, w, y0, ya..yb, &line, sh),
            LineCap::Square => rows::<SQUARE>(px, w, y0, ya..yb, &line, sh),
        },
    );
}

const BUTT: u8 = 0;
const ROUND: u8 = 1;
const SQUARE: u8 = 2;

/// A thick line set up for its rows: frame, size, and the row intervals of its boxes.
struct Line {
    ax: f64,
    ay: f64,
    /// Unit direction and normal.
    d: (f64, f64),
    n: (f64, f64),
    /// Half width and length.
    r: f32,
    len: f32,
    /// Opacity of sub-pixel-wide lines, 0..=255.
    fade: u32,
    outer: BoxRows,
    inner: Option<BoxRows>,
}

/// Walks frame rows `ys` of a line (`px` holds frame rows from `y0` on): edge pixels get
/// coverage from the distance to the line's shape (`CAP` picks the shape at compile
/// time), the certainly-full middle is a span.
#[inline(always)]
fn rows<const CAP: u8>(
    px: &mut [u32],
    w: usize,
    y0: usize,
    ys: std::ops::Range<usize>,
    l: &Line,
    sh: Shader,
) {
    for y in ys {
        let yc = y as f64 + 0.5 - l.ay;
        let (xl, xr) = l.outer.at(yc);
        let (x0, x1) = px_range(l.ax + xl, l.ax + xr, w);
        if x0 >= x1 {
            continue;
        }
        let (i0, i1) = match &l.inner {
            Some(b) => {
                let (il, ir) = b.at(yc);
                let (i0, i1) = px_range(l.ax + il, l.ax + ir, w);
                if i0 < i1 {
                    (i0.clamp(x0, x1), i1.clamp(x0, x1))
                } else {
                    (x1, x1)
                }
            }
            None => (x1, x1),
        };
        let o = (y - y0) * w;
        let row = &mut px[o..o + w];
        edge::<CAP>(row, x0, i0, l, yc, sh);
        if i0 < i1 {
            sh.span(&mut row[i0..i1]);
        }
        edge::<CAP>(row, i1.max(i0), x1, l, yc, sh);
    }
}

/// Anti-aliased pixels `[from, to)` of the row at relative `yc`.
#[inline(always)]
fn edge<const CAP: u8>(row: &mut [u32], from: usize, to: usize, l: &Line, yc: f64, sh: Shader) {
    let (r, len) = (l.r, l.len);
    // (u, v) of the first pixel centre relative to the line start, then stepped in f32:
    // visible pixels are within a screen of the (clipped) start, where f32 is ample.
    let p = from as f64 + 0.5 - l.ax;
    let u0 = (p * l.d.0 + yc * l.d.1) as f32;
    let v0 = (p * l.n.0 + yc * l.n.1) as f32;
    let (du, dv) = (l.d.0 as f32, l.n.0 as f32);
    for (i, d) in row[from..to].iter_mut().enumerate() {
        let (u, v) = (u0 + du * i as f32, v0 + dv * i as f32);
        let sd = match CAP {
            ROUND => {
                let uu = u.min(0.0) + (u - len).max(0.0);
                (uu * uu + v * v).sqrt() - r
            }
            BUTT => (v.abs() - r).max((-u).max(u - len)),
            _ => (v.abs() - r).max((-u - r).max(u - len - r)),
        };
        let c = coverage(sd);
        if c > 0 {
            sh.pixel_cov(d, if l.fade >= 255 { c } else { c * l.fade / 255 });
        }
    }
}

/// The x-interval where a row crosses the box `u0 <= u <= u1, |v| <= vr` of a line
/// frame, as linear functions of the row's y: set up once per line, two multiply-adds
/// per bound per row (no division per row).
struct BoxRows {
    slabs: [Slab; 2],
}

/// `lo <= x·cx + y·cy <= hi` solved for x.
#[derive(Clone, Copy)]
enum Slab {
    /// `x` in `[(lo - y·cy) / cx, (hi - y·cy) / cx]`, swapped if `cx < 0`.
    Sloped { inv: f64, lo: f64, hi: f64, cy: f64 },
    /// `cx ≈ 0`: the whole row or nothing, depending on `y`.
    Flat { lo: f64, hi: f64, cy: f64 },
}

impl BoxRows {
    fn new(d: (f64, f64), n: (f64, f64), b: [f64; 3]) -> BoxRows {
        let slab = |cx: f64, cy: f64, lo: f64, hi: f64| {
            if cx.abs() < 1e-12 {
                Slab::Flat { lo, hi, cy }
            } else {
                Slab::Sloped {
                    inv: 1.0 / cx,
                    lo,
                    hi,
                    cy,
                }
            }
        };
        BoxRows {
            slabs: [slab(d.0, d.1, b[0], b[1]), slab(n.0, n.1, -b[2], b[2])],
        }
    }

    /// Interval relative to the line start for the row at relative `yc`; empty
    /// intervals come back with `l > r`.
    #[inline]
    fn at(&self, yc: f64) -> (f64, f64) {
        let (mut l, mut r) = (f64::NEG_INFINITY, f64::INFINITY);
        for s in &self.slabs {
            match *s {
                Slab::Sloped { inv, lo, hi, cy } => {
                    let (a, b) = ((lo - yc * cy) * inv, (hi - yc * cy) * inv);
                    l = l.max(a.min(b));
                    r = r.min(a.max(b));
                }
                Slab::Flat { lo, hi, cy } => {
                    let v = yc * cy;
                    if v < lo || v > hi {
                        return (f64::INFINITY, f64::NEG_INFINITY);
                    }
                }
            }
        }
        (l, r)
    }
}

/// Draws a 1-pixel aliased line from `a` to `b`, both endpoint pixels included, each
/// pixel blended once. Cheap and crisp: for debug overlays and grids. The endpoints are
/// in drawing units (scaled); the line stays one device pixel wide.
pub fn draw_line_thin(fb: &mut Framebuffer, a: [f32; 2], b: [f32; 2], paint: impl Into<Paint>) {
    let sh = Shader::new(paint.into());
    if sh.is_skip() || fb.width == 0 || fb.row0() >= fb.rows() {
        return;
    }
    let s = fb.scale();
    let (a, b) = if s == 1.0 {
        (a, b)
    } else {
        ([a[0] * s, a[1] * s], [b[0] * s, b[1] * s])
    };
    // Clip to a box one pixel larger than the whole frame (not the band: the steps must
    // be the frame's) so the step count stays small.
    let (w, h) = (fb.width as f64, fb.height as f64);
    let (top, bottom) = (fb.row0() as f64, fb.rows() as f64);
    let Some((p, q)) = clip_segment(
        [a[0] as f64, a[1] as f64],
        [b[0] as f64, b[1] as f64],
        [-1.0, -1.0, w + 1.0, h + 1.0],
    ) else {
        return;
    };
    let (x0, y0) = (p[0].floor(), p[1].floor());
    let (x1, y1) = (q[0].floor(), q[1].floor());
    let steps = (x1 - x0).abs().max((y1 - y0).abs());
    let n = steps as i64;
    let (sx, sy) = if n > 0 {
        ((x1 - x0) / steps, (y1 - y0) / steps)
    } else {
        (0.0, 0.0)
    };
    for i in 0..=n {
        let x = (x0 + sx * i as f64 + 0.5).floor();
        let y = (y0 + sy * i as f64 + 0.5).floor();
        if x >= 0.0 && y >= top && x < w && y < bottom {
            let idx = (y as usize - fb.row0()) * fb.width + x as usize;
            sh.pixel_cov(&mut fb.pixels[idx], 255);
        }
    }
}

/// Liang–Barsky clip of segment `p q` to `[x0, y0, x1, y1]`; `None` when it misses or
/// is not finite.
fn clip_segment(p: [f64; 2], q: [f64; 2], r: [f64; 4]) -> Option<([f64; 2], [f64; 2])> {
    if !p.iter().chain(&q).all(|v| v.is_finite()) {
        return None;
    }
    let d = [q[0] - p[0], q[1] - p[1]];
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for (pk, qk) in [
        (-d[0], p[0] - r[0]),
        (d[0], r[2] - p[0]),
        (-d[1], p[1] - r[1]),
        (d[1], r[3] - p[1]),
    ] {
        if pk == 0.0 {
            if qk < 0.0 {
                return None;
            }
        } else {
            let t = qk / pk;
            if pk < 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
        }
    }
    if t0 > t1 {
        return None;
    }
    Some((
        [p[0] + t0 * d[0], p[1] + t0 * d[1]],
        [p[0] + t1 * d[0], p[1] + t1 * d[1]],
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::color::Rgba;

    fn count(fb: &Framebuffer) -> usize {
        fb.pixels.iter().filter(|&&p| p != 0).count()
    }

    #[test]
    fn horizontal_thick_line_has_full_interior_and_soft_edges() {
        let mut fb = Framebuffer::new(40, 20);
        // 4 px wide, centre line y = 10: rows 8..12 fully covered between the ends.
        draw_line(
            &mut fb,
            [5.0, 10.0],
            [35.0, 10.0],
            4.0,
            LineCap::Butt,
            Rgba::WHITE,
        );
        for y in 8..12 {
            for x in 5..35 {
                assert_eq!(fb.get(x, y), Some(0xFFFFFF), "({x},{y})");
            }
        }
        assert_eq!(fb.get(4, 10), Some(0));
        assert_eq!(fb.get(35, 10), Some(0));
        assert_eq!(fb.get(20, 7), Some(0));
        assert_eq!(fb.get(20, 12), Some(0));
    }

    #[test]
    fn half_pixel_offset_gives_half_coverage() {
        let mut fb = Framebuffer::new(20, 20);
        // Width 3 centred on y = 10 covers [8.5, 11.5]: the centres of rows 8 and 11
        // sit exactly on the edges, so they are half covered.
        draw_line(
            &mut fb,
            [2.0, 10.0],
            [18.0, 10.0],
            3.0,
            LineCap::Butt,
            Rgba::WHITE,
        );
        let g = fb.get_rgba(10, 8).unwrap().g;
        assert!((120..=135).contains(&g), "{g}");
        let g = fb.get_rgba(10, 11).unwrap().g;
        assert!((120..=135).contains(&g), "{g}");
        assert_eq!(fb.get(10, 9), Some(0xFFFFFF));
    }

    #[test]
    fn caps_change_length() {
        let mk = |cap| {
            let mut fb = Framebuffer::new(40, 20);
            draw_line(&mut fb, [10.0, 10.0], [30.0, 10.0], 6.0, cap, Rgba::WHITE);
            fb
        };
        let (butt, round, square) = (mk(LineCap::Butt), mk(LineCap::Round), mk(LineCap::Square));
        assert!(count(&butt) < count(&round) && count(&round) < count(&square));
        assert_eq!(butt.get(8, 10), Some(0));
        assert_eq!(round.get(8, 10), Some(0xFFFFFF));
        assert_eq!(square.get(8, 8), Some(0xFFFFFF));
        assert_eq!(round.get(8, 8), Some(0xFFFFFF));
        assert_ne!(
            round.get(7, 7),
            Some(0xFFFFFF),
            "round corner is not square"
        );
    }

    #[test]
    fn zero_length_round_is_a_dot_butt_is_nothing() {
        let mut fb = Framebuffer::new(20, 20);
        draw_line(
            &mut fb,
            [10.0, 10.0],
            [10.0, 10.0],
            6.0,
            LineCap::Butt,
            Rgba::WHITE,
        );
        assert_eq!(count(&fb), 0);
        draw_line(
            &mut fb,
            [10.0, 10.0],
            [10.0, 10.0],
            6.0,
            LineCap::Round,
            Rgba::WHITE,
        );
        let n = count(&fb);
        assert!((28..=45).contains(&n), "{n}");
    }

    #[test]
    fn degenerate_and_huge_input_never_panics() {
        let mut fb = Framebuffer::new(16, 16);
        let nan = f32::NAN;
        let inf = f32::INFINITY;
        for (a, b, w) in [
            ([nan, 0.0], [5.0, 5.0], 2.0),
            ([0.0, 0.0], [inf, 5.0], 2.0),
            ([0.0, 0.0], [5.0, 5.0], nan),
            ([0.0, 0.0], [5.0, 5.0], -1.0),
            ([0.0, 0.0], [5.0, 5.0], inf),
            ([-1e9, -1e9], [1e9, 1e9], 3.0),
            ([-1e30, 8.0], [1e30, 8.0], 1e6),
            ([3.0, 3.0], [3.0, 3.0], 0.1),
        ] {
            for cap in [LineCap::Butt, LineCap::Round, LineCap::Square] {
                draw_line(&mut fb, a, b, w, cap, Rgba::WHITE);
            }
            draw_line_thin(&mut fb, a, b, Rgba::WHITE);
        }
        // The long diagonal crosses the whole target.
        assert_eq!(fb.get(8, 8), Some(0xFFFFFF));
    }

    #[test]
    fn thin_line_endpoints_and_steps() {
        let mut fb = Framebuffer::new(10, 10);
        let p = Paint::additive(Rgba::rgb(1, 1, 1));
        draw_line_thin(&mut fb, [1.5, 1.5], [8.5, 4.5], p);
        assert_eq!(fb.get(1, 1), Some(0x010101));
        assert_eq!(fb.get(8, 4), Some(0x010101));
        assert_eq!(count(&fb), 8, "one pixel per column, none twice");
        assert!(fb.pixels.iter().all(|&p| p <= 0x010101));
    }

    #[test]
    fn hairline_fades_instead_of_vanishing() {
        let mut fb = Framebuffer::new(20, 20);
        draw_line(
            &mut fb,
            [2.0, 10.5],
            [18.0, 10.5],
            0.5,
            LineCap::Butt,
            Rgba::WHITE,
        );
        let g = fb.get_rgba(10, 10).unwrap().g;
        assert!((120..=135).contains(&g), "{g}");
    }

    #[test]
    fn no_double_blend_inside_one_line() {
        let mut fb = Framebuffer::new(64, 64);
        let p = Paint::additive(Rgba::rgb(255, 255, 255).with_alpha(255));
        draw_line(&mut fb, [5.0, 7.0], [60.0, 50.0], 9.0, LineCap::Round, p);
        // Additive with full white saturates anyway; check with a dim colour instead.
        let mut fb2 = Framebuffer::new(64, 64);
        let dim = Paint::additive(Rgba::rgb(100, 100, 100));
        draw_line(&mut fb2, [5.0, 7.0], [60.0, 50.0], 9.0, LineCap::Round, dim);
        assert!(fb2.pixels.iter().all(|&p| (p & 0xFF) <= 100));
        assert!(fb2.pixels.iter().any(|&p| (p & 0xFF) == 100));
        assert!(count(&fb) > 0);
    }
}
