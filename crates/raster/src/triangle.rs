//! Filled triangles: flat, Gouraud (per-vertex colour) and depth-tested.
//!
//! Coverage comes from the half-space span walker ([`crate::spans`]), so every variant
//! obeys the top-left fill rule and tiles exactly with its neighbours. Attributes
//! (colour, depth) are planes `a·x + b·y + c` fitted to the *original* float vertices,
//! evaluated once per span at the first pixel centre and stepped per pixel: affine
//! interpolation, which is exact for the orthographic / isometric views this crate is
//! for. Vertices are `[x, y]` (or `[x, y, z]`) in pixels, y down.

use crate::blend::{add_row, alpha_row, apply_color, fill_row, Blend, Paint, Shader};
use crate::color::{pack_rgb, Rgba};
use crate::depth::{DepthBuffer, DepthMode};
use crate::framebuffer::Framebuffer;
use crate::spans::{walk, walk_dispatch, SpanSink};

/// Fills a triangle with one paint.
pub fn fill_triangle(fb: &mut Framebuffer, v: [[f32; 2]; 3], paint: impl Into<Paint>) {
    let sh = Shader::new(paint.into());
    fill_triangle_shader(fb, &v, sh);
}

/// The monomorphic hot path: one tight loop per blend kind, chosen once per triangle.
#[inline]
pub(crate) fn fill_triangle_shader(fb: &mut Framebuffer, v: &[[f32; 2]; 3], sh: Shader) {
    let (w, h) = (fb.width, fb.height);
    let px = &mut fb.pixels[..];
    match sh {
        Shader::Skip => {}
        Shader::Fill(c) => walk_dispatch(v, w, h, &mut FillSink { px, w, c }),
        Shader::Alpha { a, srb, sg, .. } => walk_dispatch(
            v,
            w,
            h,
            &mut AlphaSink {
                px,
                w,
                srb,
                sg,
                ia: 255 - a,
            },
        ),
        Shader::Add { add, .. } => walk_dispatch(v, w, h, &mut AddSink { px, w, add }),
    }
}

struct FillSink<'a> {
    px: &'a mut [u32],
    w: usize,
    c: u32,
}

impl SpanSink for FillSink<'_> {
    #[inline(always)]
    fn span(&mut self, y: usize, x0: usize, x1: usize) {
        let o = y * self.w;
        fill_row(&mut self.px[o..o + self.w], x0, x1, self.c);
    }
}

struct AlphaSink<'a> {
    px: &'a mut [u32],
    w: usize,
    srb: u32,
    sg: u32,
    ia: u32,
}

impl SpanSink for AlphaSink<'_> {
    #[inline(always)]
    fn span(&mut self, y: usize, x0: usize, x1: usize) {
        let o = y * self.w;
        alpha_row(&mut self.px[o..o + self.w], x0, x1, self.srb, self.sg, self.ia);
    }
}

struct AddSink<'a> {
    px: &'a mut [u32],
    w: usize,
    add: u32,
}

impl SpanSink for AddSink<'_> {
    #[inline(always)]
    fn span(&mut self, y: usize, x0: usize, x1: usize) {
        let o = y * self.w;
        add_row(&mut self.px[o..o + self.w], x0, x1, self.add);
    }
}

/// An attribute plane `v(x, y) = a·x + b·y + c` through three points.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plane {
    a: f64,
    b: f64,
    c: f64,
}

impl Plane {
    /// `None` for degenerate or non-finite triangles (which draw nothing anyway).
    pub(crate) fn new(p: [[f32; 2]; 3], v: [f32; 3]) -> Option<Plane> {
        let (x0, y0) = (p[0][0] as f64, p[0][1] as f64);
        let (x1, y1) = (p[1][0] as f64 - x0, p[1][1] as f64 - y0);
        let (x2, y2) = (p[2][0] as f64 - x0, p[2][1] as f64 - y0);
        let det = x1 * y2 - x2 * y1;
        if det == 0.0 || !det.is_finite() {
            return None;
        }
        let (v0, v1, v2) = (v[0] as f64, v[1] as f64 - v[0] as f64, v[2] as f64 - v[0] as f64);
        let a = (v1 * y2 - v2 * y1) / det;
        let b = (v2 * x1 - v1 * x2) / det;
        let c = v0 - a * x0 - b * y0;
        (a.is_finite() && b.is_finite() && c.is_finite()).then_some(Plane { a, b, c })
    }

    /// Value at the centre of pixel `(x, y)`.
    #[inline(always)]
    pub(crate) fn at(&self, x: usize, y: usize) -> f64 {
        self.a * (x as f64 + 0.5) + self.b * (y as f64 + 0.5) + self.c
    }

    /// Per-pixel step along x.
    #[inline(always)]
    pub(crate) fn dx(&self) -> f64 {
        self.a
    }
}

/// Four colour planes in 16.16 fixed point, stepped per pixel.
struct ColorPlanes {
    p: [Plane; 4],
    step: [i32; 4],
}

const FIX: f64 = 65536.0;
const FIX_MAX: f64 = 1024.0 * FIX; // far outside 0..=255, still no i32 overflow

impl ColorPlanes {
    fn new(v: [[f32; 2]; 3], c: [Rgba; 3]) -> Option<ColorPlanes> {
        let ch = |f: fn(&Rgba) -> u8| [f(&c[0]) as f32, f(&c[1]) as f32, f(&c[2]) as f32];
        let p = [
            Plane::new(v, ch(|c| c.r))?,
            Plane::new(v, ch(|c| c.g))?,
            Plane::new(v, ch(|c| c.b))?,
            Plane::new(v, ch(|c| c.a))?,
        ];
        let step = p.map(|p| (p.dx() * FIX).clamp(-FIX_MAX, FIX_MAX) as i32);
        Some(ColorPlanes { p, step })
    }

    #[inline(always)]
    fn start(&self, x: usize, y: usize) -> [i32; 4] {
        self.p
            .map(|p| (p.at(x, y) * FIX).clamp(-FIX_MAX, FIX_MAX) as i32 + (1 << 15))
    }
}

#[inline(always)]
fn chan(v: i32) -> u32 {
    (v >> 16).clamp(0, 255) as u32
}

/// Fills a triangle with per-vertex colours interpolated across it (Gouraud shading).
/// Alpha is interpolated too and used by [`Blend::Alpha`] / [`Blend::Additive`];
/// [`Blend::Opaque`] ignores it.
pub fn fill_triangle_gouraud(fb: &mut Framebuffer, v: [[f32; 2]; 3], colors: [Rgba; 3], blend: Blend) {
    let Some(cp) = ColorPlanes::new(v, colors) else {
        return;
    };
    let (w, h) = (fb.width, fb.height);
    let px = &mut fb.pixels[..];
    walk(&v, w, h, &mut |y, x0, x1| {
        let mut acc = cp.start(x0, y);
        for d in px[y * w + x0..y * w + x1].iter_mut() {
            let s = pack_rgb(chan(acc[0]) as u8, chan(acc[1]) as u8, chan(acc[2]) as u8);
            apply_color(d, s, chan(acc[3]), blend);
            for (a, s) in acc.iter_mut().zip(cp.step) {
                *a = a.wrapping_add(s);
            }
        }
    });
}

/// Fills a triangle with depth test and optional depth write. Vertices are
/// `[x, y, z]`; `z` is interpolated affinely and compared per pixel (smaller is nearer).
pub fn fill_triangle_depth(
    fb: &mut Framebuffer,
    depth: &mut DepthBuffer,
    v: [[f32; 3]; 3],
    paint: impl Into<Paint>,
    mode: DepthMode,
) {
    let sh = Shader::new(paint.into());
    let xy = v.map(|p| [p[0], p[1]]);
    let Some(zp) = Plane::new(xy, v.map(|p| p[2])) else {
        return;
    };
    if depth.width != fb.width || depth.height != fb.height {
        return;
    }
    if sh.is_skip() && !mode.write {
        return;
    }
    let (w, h) = (fb.width, fb.height);
    let px = &mut fb.pixels[..];
    let zb = &mut depth.depth[..];
    let dz = zp.dx();
    walk(&xy, w, h, &mut |y, x0, x1| {
        let z0 = zp.at(x0, y);
        let row = &mut px[y * w + x0..y * w + x1];
        let zrow = &mut zb[y * w + x0..y * w + x1];
        for (i, (d, zd)) in row.iter_mut().zip(zrow.iter_mut()).enumerate() {
            let z = (z0 + dz * i as f64) as f32;
            if mode.passes(z, *zd) {
                sh.pixel_cov(d, 255);
                if mode.write {
                    *zd = z;
                }
            }
        }
    });
}

/// Gouraud colours plus depth test / write.
pub fn fill_triangle_gouraud_depth(
    fb: &mut Framebuffer,
    depth: &mut DepthBuffer,
    v: [[f32; 3]; 3],
    colors: [Rgba; 3],
    blend: Blend,
    mode: DepthMode,
) {
    let xy = v.map(|p| [p[0], p[1]]);
    let Some(zp) = Plane::new(xy, v.map(|p| p[2])) else {
        return;
    };
    let Some(cp) = ColorPlanes::new(xy, colors) else {
        return;
    };
    if depth.width != fb.width || depth.height != fb.height {
        return;
    }
    let (w, h) = (fb.width, fb.height);
    let px = &mut fb.pixels[..];
    let zb = &mut depth.depth[..];
    let dz = zp.dx();
    walk(&xy, w, h, &mut |y, x0, x1| {
        let z0 = zp.at(x0, y);
        let mut acc = cp.start(x0, y);
        let row = &mut px[y * w + x0..y * w + x1];
        let zrow = &mut zb[y * w + x0..y * w + x1];
        for (i, (d, zd)) in row.iter_mut().zip(zrow.iter_mut()).enumerate() {
            let z = (z0 + dz * i as f64) as f32;
            if mode.passes(z, *zd) {
                let s = pack_rgb(chan(acc[0]) as u8, chan(acc[1]) as u8, chan(acc[2]) as u8);
                apply_color(d, s, chan(acc[3]), blend);
                if mode.write {
                    *zd = z;
                }
            }
            for (a, s) in acc.iter_mut().zip(cp.step) {
                *a = a.wrapping_add(s);
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::depth::DepthTest;

    fn lit(fb: &Framebuffer) -> Vec<(usize, usize)> {
        (0..fb.pixels.len())
            .filter(|&i| fb.pixels[i] != 0)
            .map(|i| (i % fb.width, i / fb.width))
            .collect()
    }

    #[test]
    fn top_left_rule_on_axis_aligned_edges() {
        // Right triangle whose legs run exactly through pixel centres:
        // left edge x = 1.5 (centres of column 1), top edge y = 1.5 (centres of row 1),
        // hypotenuse from (5.5, 1.5) to (1.5, 5.5).
        let mut fb = Framebuffer::new(8, 8);
        fill_triangle(&mut fb, [[1.5, 1.5], [5.5, 1.5], [1.5, 5.5]], Rgba::WHITE);
        let l = lit(&fb);
        assert!(l.contains(&(1, 1)), "top-left corner centre on left and top edge: in");
        assert!(l.contains(&(1, 4)), "centre on the left edge: in");
        assert!(l.contains(&(4, 1)), "centre on the top edge: in");
        // Centres on the hypotenuse (x + y = 7 in centre coordinates) are on a right
        // edge (interior to its left): out. (2,3): centre (2.5, 3.5), sum 6 < 7: in.
        assert!(!l.contains(&(3, 3)) && !l.contains(&(2, 4)) && !l.contains(&(4, 2)));
        assert!(l.contains(&(2, 3)) && l.contains(&(3, 2)));
        assert_eq!(l.len(), 4 + 3 + 2 + 1);

        // Mirror: right and bottom legs through centres, they are excluded.
        let mut fb = Framebuffer::new(8, 8);
        fill_triangle(&mut fb, [[5.5, 5.5], [5.5, 1.5], [1.5, 5.5]], Rgba::WHITE);
        let l = lit(&fb);
        assert!(!l.iter().any(|&(x, y)| x == 5 || y == 5), "right / bottom edges: out");
        assert!(l.contains(&(4, 4)) && l.contains(&(4, 2)) && l.contains(&(2, 4)));
        // Hypotenuse is now a left edge: centres on it are in.
        assert!(l.contains(&(3, 3)) && l.contains(&(4, 2)) && l.contains(&(2, 4)));
        assert_eq!(l.len(), 1 + 2 + 3);
    }

    #[test]
    fn shared_edge_rule_on_sloped_edges() {
        // A 4x4 square of pixel centres split on its diagonal: each centre exactly once.
        let mut fb = Framebuffer::new(8, 8);
        let p = Paint::additive(Rgba::rgb(1, 1, 1));
        let (a, b, c, d) = ([0.5, 0.5], [4.5, 0.5], [4.5, 4.5], [0.5, 4.5]);
        fill_triangle(&mut fb, [a, b, c], p);
        fill_triangle(&mut fb, [a, c, d], p);
        for y in 0..8 {
            for x in 0..8 {
                let want = if x < 4 && y < 4 { 0x010101 } else { 0 };
                assert_eq!(fb.get(x, y), Some(want), "({x},{y})");
            }
        }
    }

    #[test]
    fn winding_does_not_matter() {
        let t = [[1.2, 0.7], [9.9, 3.1], [4.4, 8.8]];
        let mut a = Framebuffer::new(12, 12);
        let mut b = Framebuffer::new(12, 12);
        fill_triangle(&mut a, t, Rgba::WHITE);
        fill_triangle(&mut b, [t[2], t[1], t[0]], Rgba::WHITE);
        assert_eq!(a, b);
        assert!(!lit(&a).is_empty());
    }

    #[test]
    fn gouraud_hits_vertex_colours_and_interpolates() {
        let mut fb = Framebuffer::new(64, 64);
        let v = [[0.0, 0.0], [64.0, 0.0], [0.0, 64.0]];
        fill_triangle_gouraud(&mut fb, v, [Rgba::RED, Rgba::GREEN, Rgba::BLUE], Blend::Opaque);
        let c = fb.get_rgba(0, 0).unwrap();
        assert!(c.r >= 250 && c.g <= 5 && c.b <= 5, "{c:?}");
        let c = fb.get_rgba(62, 0).unwrap();
        assert!(c.g >= 245 && c.r <= 10, "{c:?}");
        let c = fb.get_rgba(16, 16).unwrap();
        // centre (16.5, 16.5): weights g = b = 16.5/64, r = 31/64
        let expect = |w: f32| (w * 255.0).round() as i32;
        assert!((c.r as i32 - expect(31.0 / 64.0)).abs() <= 1, "{c:?}");
        assert!((c.g as i32 - expect(16.5 / 64.0)).abs() <= 1, "{c:?}");
        assert!((c.b as i32 - expect(16.5 / 64.0)).abs() <= 1, "{c:?}");
    }

    #[test]
    fn depth_test_keeps_nearest() {
        let mut fb = Framebuffer::new(16, 16);
        let mut zb = DepthBuffer::new(16, 16);
        let far = [[0.0, 0.0, 5.0], [16.0, 0.0, 5.0], [0.0, 16.0, 5.0]];
        let near = [[0.0, 0.0, 1.0], [16.0, 0.0, 1.0], [0.0, 16.0, 1.0]];
        fill_triangle_depth(&mut fb, &mut zb, near, Rgba::RED, DepthMode::LESS_WRITE);
        fill_triangle_depth(&mut fb, &mut zb, far, Rgba::BLUE, DepthMode::LESS_WRITE);
        assert_eq!(fb.get_rgba(2, 2), Some(Rgba::RED));
        assert_eq!(zb.get(2, 2), Some(1.0));
        // Sloped triangle crossing z = 3 from left (z 0) to right (z 6): left half wins.
        let slope = [[0.0, 0.0, 0.0], [16.0, 0.0, 6.0], [0.0, 16.0, 0.0]];
        let mut fb2 = fb.clone();
        fill_triangle_depth(&mut fb2, &mut zb.clone(), slope, Rgba::GREEN, DepthMode::LESS_WRITE);
        assert_eq!(fb2.get_rgba(1, 1), Some(Rgba::GREEN));
        assert_eq!(fb2.get_rgba(10, 1), Some(Rgba::RED));
        // Always + no write draws over and leaves depth alone.
        let always = DepthMode {
            test: DepthTest::Always,
            write: false,
        };
        fill_triangle_depth(&mut fb, &mut zb, far, Rgba::BLUE, always);
        assert_eq!(fb.get_rgba(2, 2), Some(Rgba::BLUE));
        assert_eq!(zb.get(2, 2), Some(1.0));
        // Gouraud + depth honours the test too.
        fill_triangle_gouraud_depth(
            &mut fb,
            &mut zb,
            far,
            [Rgba::GREEN; 3],
            Blend::Opaque,
            DepthMode::LESS_WRITE,
        );
        assert_eq!(fb.get_rgba(2, 2), Some(Rgba::BLUE));
        fill_triangle_gouraud_depth(
            &mut fb,
            &mut zb,
            near.map(|p| [p[0], p[1], 0.5]),
            [Rgba::GREEN; 3],
            Blend::Opaque,
            DepthMode::LESS_WRITE,
        );
        assert_eq!(fb.get_rgba(2, 2), Some(Rgba::GREEN));
        assert_eq!(zb.get(2, 2), Some(0.5));
    }
}
