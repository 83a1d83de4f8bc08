//! Filled triangles: flat, Gouraud (per-vertex colour) and depth-tested.
//!
//! Coverage comes from the half-space span walker ([`crate::spans`]), so every variant
//! obeys the top-left fill rule and tiles exactly with its neighbours. Attributes
//! (colour, depth) are planes `a·x + b·y + c` fitted to the *original* float vertices,
//! evaluated once per span at the first pixel centre and stepped per pixel: affine
//! interpolation, which is exact for the orthographic / isometric views this crate is
//! for. Vertices are `[x, y]` (or `[x, y, z]`) in drawing units, y down: the public
//! calls multiply x and y (never z) by the framebuffer's scale, then everything below is
//! in device pixels of the whole frame, and only the framebuffer's band is written.

use crate::blend::{
    add_sat, add_span, alpha_span, apply_color, blend_alpha, fill_span, scale_px, Blend, Paint,
    Shader,
};
use crate::color::Rgba;
use crate::depth::{DepthBuffer, DepthMode, DepthTest};
use crate::framebuffer::Framebuffer;
#[cfg(target_arch = "x86_64")]
use crate::spans::walk_avx2;
use crate::spans::{walk, walk_dispatch, RowRange, SpanSink};

/// Fills a triangle with one paint.
pub fn fill_triangle(fb: &mut Framebuffer, v: [[f32; 2]; 3], paint: impl Into<Paint>) {
    let sh = Shader::new(paint.into());
    if fb.scale() == 1.0 {
        fill_triangle_shader(fb, &v, sh);
    } else {
        fill_triangle_scaled(fb, &v, sh);
    }
}

/// [`fill_triangle`] at a scale other than 1, out of line so the scale-1 path stays the
/// tight one it was.
#[inline(never)]
fn fill_triangle_scaled(fb: &mut Framebuffer, v: &[[f32; 2]; 3], sh: Shader) {
    let s = fb.scale();
    fill_triangle_shader(fb, &v.map(|p| scale_pt(s, p)), sh);
}

/// A point in drawing units to device pixels (`p · scale`; untouched at scale 1).
#[inline(always)]
pub(crate) fn scale_pt(s: f32, p: [f32; 2]) -> [f32; 2] {
    [p[0] * s, p[1] * s]
}

/// Points in drawing units to device pixels (untouched at scale 1, so that path is
/// bit for bit what it was before scales existed, and costs one compare).
#[inline(always)]
pub(crate) fn to_device<const N: usize>(fb: &Framebuffer, v: [[f32; 2]; N]) -> [[f32; 2]; N] {
    let s = fb.scale();
    if s == 1.0 {
        v
    } else {
        v.map(|p| scale_pt(s, p))
    }
}

/// [`to_device`] for `[x, y, z]` points: x and y scaled, z (depth) kept.
#[inline(always)]
fn to_device3(fb: &Framebuffer, v: [[f32; 3]; 3]) -> [[f32; 3]; 3] {
    let s = fb.scale();
    if s == 1.0 {
        v
    } else {
        v.map(|p| [p[0] * s, p[1] * s, p[2]])
    }
}

/// The monomorphic hot path: one tight loop per blend kind, chosen once per triangle,
/// and on x86-64 with AVX2 the whole walker is compiled again around the AVX2 kernels.
/// `v` is in device pixels (already scaled).
#[inline]
pub(crate) fn fill_triangle_shader(fb: &mut Framebuffer, v: &[[f32; 2]; 3], sh: Shader) {
    #[cfg(target_arch = "x86_64")]
    {
        let (w, rows) = (fb.width, RowRange::of(fb));
        if w >= 8 && crate::blend::simd::has_avx2() {
            let c = avx2::Sink {
                px: &mut fb.pixels[..],
                w,
                y0: rows.top,
                sh,
            };
            // SAFETY: AVX2 was checked at run time just above, w >= 8, and
            // `rows()` keeps w * (bottom - top) within the pixel buffer.
            unsafe { avx2::walk(v, w, rows, c) };
            return;
        }
    }
    fill_portable(fb, v, sh)
}

/// The portable (baseline ISA) flat fill.
fn fill_portable(fb: &mut Framebuffer, v: &[[f32; 2]; 3], sh: Shader) {
    let (w, rows) = (fb.width, RowRange::of(fb));
    let y0 = rows.top;
    let px = &mut fb.pixels[..];
    match sh {
        Shader::Skip => {}
        Shader::Fill(c) => walk(v, w, rows, &mut FillSink { px, w, y0, c }),
        Shader::Alpha { a, srb, sg, .. } => walk(
            v,
            w,
            rows,
            &mut AlphaSink {
                px,
                w,
                y0,
                srb,
                sg,
                ia: 255 - a,
            },
        ),
        Shader::Add { add, .. } => walk(v, w, rows, &mut AddSink { px, w, y0, add }),
    }
}

/// `px` holds frame rows from `y0` on (a band), `w` pixels each.
struct FillSink<'a> {
    px: &'a mut [u32],
    w: usize,
    y0: usize,
    c: u32,
}

impl SpanSink for FillSink<'_> {
    #[inline(always)]
    fn span(&mut self, y: usize, x0: usize, x1: usize) {
        let o = (y - self.y0) * self.w;
        fill_span(&mut self.px[o + x0..o + x1], self.c);
    }
}

struct AlphaSink<'a> {
    px: &'a mut [u32],
    w: usize,
    y0: usize,
    srb: u32,
    sg: u32,
    ia: u32,
}

impl SpanSink for AlphaSink<'_> {
    #[inline(always)]
    fn span(&mut self, y: usize, x0: usize, x1: usize) {
        let o = (y - self.y0) * self.w;
        alpha_span(&mut self.px[o + x0..o + x1], self.srb, self.sg, self.ia);
    }
}

struct AddSink<'a> {
    px: &'a mut [u32],
    w: usize,
    y0: usize,
    add: u32,
}

impl SpanSink for AddSink<'_> {
    #[inline(always)]
    fn span(&mut self, y: usize, x0: usize, x1: usize) {
        let o = (y - self.y0) * self.w;
        add_span(&mut self.px[o + x0..o + x1], self.add);
    }
}

/// The AVX2 build of the flat-fill path.
#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::*;
    use crate::span_avx2::{self as k, AlphaLanes};
    use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};

    pub(super) struct Sink<'a> {
        pub(super) px: &'a mut [u32],
        pub(super) w: usize,
        /// The frame row `px` starts with (the band's first row).
        pub(super) y0: usize,
        pub(super) sh: Shader,
    }

    /// Raw row access for the AVX2 sinks: the walker only hands out spans with
    /// `top <= y < bottom` and `0 <= x0 < x1 <= w`, so `base + y * w`, with `base`
    /// pointing `top` rows before the buffer, starts a row of `w` pixels inside the
    /// `w * (bottom - top)` buffer and no per-span bounds check is needed.
    #[derive(Clone, Copy)]
    struct Rows {
        /// Where frame row 0 would start: `top * w` pixels before the buffer (a
        /// wrapping offset, never dereferenced itself; `row` lands back inside).
        base: *mut u32,
        w: usize,
    }

    impl Rows {
        fn new(px: &mut [u32], w: usize, y0: usize) -> Rows {
            Rows {
                base: px.as_mut_ptr().wrapping_sub(y0 * w),
                w,
            }
        }
        /// Hints the cache about the next row's span start: blending reads the
        /// destination, and the next row is 5 KB away, out of reach of the hardware
        /// prefetchers' usual patterns. A prefetch never faults, so no bounds check.
        #[inline(always)]
        fn prefetch_next(self, y: usize, x: usize) {
            let p = self.base.wrapping_add((y + 1) * self.w + x);
            // SAFETY: prefetch is only a hint; it never faults, whatever the address.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(p as *const i8) }
        }

        /// # Safety
        /// `y` must be a row of the buffer this was made from (`top <= y < bottom`),
        /// and no other reference to that row may be alive (the walker hands out one
        /// span at a time).
        #[inline(always)]
        unsafe fn row<'a>(self, y: usize) -> &'a mut [u32] {
            // `wrapping_add` from the wrapped `base` lands on row `y - top` of the
            // buffer, whose provenance `base` kept.
            std::slice::from_raw_parts_mut(self.base.wrapping_add(y * self.w), self.w)
        }
    }

    struct Fill(Rows, u32);
    struct Over(Rows, AlphaLanes);
    struct Add(Rows, u32);

    // SAFETY (all three sinks): they are only built in `walk` below, whose contract
    // gives AVX2 and a buffer of at least w * (bottom - top) pixels with w >= 8; the
    // walker only emits spans with top <= y < bottom and 0 <= x0 < x1 <= w, which is
    // what `row` and the kernels require.
    impl SpanSink for Fill {
        #[inline(always)]
        fn span(&mut self, y: usize, x0: usize, x1: usize) {
            unsafe { k::fill(self.0.row(y), x0, x1, self.1) }
        }
    }
    impl SpanSink for Over {
        #[inline(always)]
        fn span(&mut self, y: usize, x0: usize, x1: usize) {
            self.0.prefetch_next(y, x0);
            unsafe { k::alpha(self.0.row(y), x0, x1, self.1) }
        }
    }
    impl SpanSink for Add {
        #[inline(always)]
        fn span(&mut self, y: usize, x0: usize, x1: usize) {
            unsafe { k::add(self.0.row(y), x0, x1, self.1) }
        }
    }

    /// # Safety
    /// The CPU must support AVX2, `w == s.w >= 8`, `s.y0 == r.top` and
    /// `s.px.len() >= w * (r.bottom - r.top)`.
    pub(super) unsafe fn walk(v: &[[f32; 2]; 3], w: usize, r: RowRange, s: Sink) {
        debug_assert!(w == s.w && w >= 8 && s.y0 == r.top && s.px.len() >= w * (r.bottom - r.top));
        let rows = Rows::new(s.px, s.w, s.y0);
        match s.sh {
            Shader::Skip => {}
            Shader::Fill(c) => walk_avx2(v, w, r, &mut Fill(rows, c)),
            Shader::Alpha { c, a, .. } => {
                walk_avx2(v, w, r, &mut Over(rows, AlphaLanes::new(c, a)))
            }
            Shader::Add { add, .. } => walk_avx2(v, w, r, &mut Add(rows, add)),
        }
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
        let (v0, v1, v2) = (
            v[0] as f64,
            v[1] as f64 - v[0] as f64,
            v[2] as f64 - v[0] as f64,
        );
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

/// Four colour planes (r, g, b, a) in 16.16 fixed point.
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

    /// Values at the centre of pixel `(x, y)`, biased by ½ so `>> 16` rounds.
    #[inline(always)]
    fn start(&self, x: usize, y: usize) -> [i32; 4] {
        let f = |p: &Plane| (p.at(x, y) * FIX).clamp(-FIX_MAX, FIX_MAX) as i32 + (1 << 15);
        [f(&self.p[0]), f(&self.p[1]), f(&self.p[2]), f(&self.p[3])]
    }

    /// Packed colour and alpha of the `i`-th pixel of a span starting at `acc`. Computed
    /// from the start rather than accumulated, so the span loop has no carried state and
    /// vectorises; the sum stays in range because it is an interpolated value.
    #[inline(always)]
    fn at(&self, acc: &[i32; 4], i: i32) -> (u32, u32) {
        let c = |k: usize| chan(acc[k].wrapping_add(self.step[k].wrapping_mul(i)));
        ((c(0) << 16) | (c(1) << 8) | c(2), c(3))
    }
}

#[inline(always)]
fn chan(v: i32) -> u32 {
    (v >> 16).clamp(0, 255) as u32
}

/// Per-pixel colour for the fragment sinks: one paint, or Gouraud planes.
#[derive(Clone, Copy)]
enum Source<'a> {
    Flat(Shader),
    Smooth(&'a ColorPlanes, Blend),
}

/// Span sink for the Gouraud and depth-tested variants: colour from [`Source`], optional
/// depth plane with test / write. Blend mode and depth mode are matched once per span,
/// so each inner loop is a tight monomorphic loop (the Gouraud ones vectorise; all are
/// also compiled for AVX2 via [`walk_dispatch`]).
struct FragSink<'a> {
    /// Frame rows from `y0` on.
    px: &'a mut [u32],
    /// Depth rows from `zy0` on (0 for a whole-frame depth buffer).
    zb: &'a mut [f32],
    w: usize,
    y0: usize,
    zy0: usize,
    src: Source<'a>,
    z: Option<(Plane, DepthMode)>,
}

impl SpanSink for FragSink<'_> {
    #[inline(always)]
    fn span(&mut self, y: usize, x0: usize, x1: usize) {
        let o = (y - self.y0) * self.w;
        let row = &mut self.px[o + x0..o + x1];
        let Some((zp, mode)) = self.z else {
            match self.src {
                Source::Flat(sh) => sh.span(row),
                Source::Smooth(cp, blend) => gouraud_span(row, cp, cp.start(x0, y), blend),
            }
            return;
        };
        let zo = (y - self.zy0) * self.w;
        let zrow = &mut self.zb[zo + x0..zo + x1];
        let (z0, dz) = (zp.at(x0, y) as f32, zp.dx() as f32);
        match self.src {
            Source::Flat(sh) => match sh {
                Shader::Fill(c) => depth_span(row, zrow, z0, dz, mode, |_, _| c),
                Shader::Alpha { c, a, .. } => {
                    depth_span(row, zrow, z0, dz, mode, |_, d| blend_alpha(d, c, a))
                }
                Shader::Add { add, .. } => {
                    depth_span(row, zrow, z0, dz, mode, |_, d| add_sat(d, add))
                }
                Shader::Skip => depth_span(row, zrow, z0, dz, mode, |_, d| d),
            },
            Source::Smooth(cp, blend) => {
                let acc = cp.start(x0, y);
                depth_span(row, zrow, z0, dz, mode, |i, mut d| {
                    let (s, a) = cp.at(&acc, i);
                    apply_color(&mut d, s, a, blend);
                    d
                })
            }
        }
    }
}

/// One Gouraud span, a separate loop per blend mode.
#[inline(always)]
fn gouraud_span(row: &mut [u32], cp: &ColorPlanes, acc: [i32; 4], blend: Blend) {
    match blend {
        Blend::Opaque => {
            for (i, d) in row.iter_mut().enumerate() {
                *d = cp.at(&acc, i as i32).0;
            }
        }
        Blend::Alpha => {
            for (i, d) in row.iter_mut().enumerate() {
                let (s, a) = cp.at(&acc, i as i32);
                *d = blend_alpha(*d, s, a);
            }
        }
        Blend::Additive => {
            for (i, d) in row.iter_mut().enumerate() {
                let (s, a) = cp.at(&acc, i as i32);
                *d = add_sat(*d, scale_px(s, a));
            }
        }
    }
}

/// One depth-tested span: pixels that pass become `shade(i, old)`. The test and the
/// write flag are compile-time constants of the loop, and pass / fail is a select
/// rather than a branch (every pixel is rewritten, failing ones with their old value),
/// so the loop vectorises.
#[inline(always)]
fn depth_span(
    row: &mut [u32],
    zrow: &mut [f32],
    z0: f32,
    dz: f32,
    mode: DepthMode,
    shade: impl Fn(i32, u32) -> u32,
) {
    const LT: u8 = 0;
    const LE: u8 = 1;
    const ALL: u8 = 2;
    #[inline(always)]
    fn body<const T: u8, const W: bool>(
        row: &mut [u32],
        zrow: &mut [f32],
        z0: f32,
        dz: f32,
        shade: impl Fn(i32, u32) -> u32,
    ) {
        for (i, (d, zd)) in row.iter_mut().zip(zrow.iter_mut()).enumerate() {
            let z = z0 + dz * i as f32;
            let pass = match T {
                LT => z < *zd,
                LE => z <= *zd,
                _ => true,
            };
            let new = shade(i as i32, *d);
            *d = if pass { new } else { *d };
            if W {
                *zd = if pass { z } else { *zd };
            }
        }
    }
    match (mode.test, mode.write) {
        (DepthTest::Less, true) => body::<LT, true>(row, zrow, z0, dz, shade),
        (DepthTest::Less, false) => body::<LT, false>(row, zrow, z0, dz, shade),
        (DepthTest::LessEqual, true) => body::<LE, true>(row, zrow, z0, dz, shade),
        (DepthTest::LessEqual, false) => body::<LE, false>(row, zrow, z0, dz, shade),
        (DepthTest::Always, true) => body::<ALL, true>(row, zrow, z0, dz, shade),
        (DepthTest::Always, false) => body::<ALL, false>(row, zrow, z0, dz, shade),
    }
}

/// Fills a triangle with per-vertex colours interpolated across it (Gouraud shading).
/// Alpha is interpolated too and used by [`Blend::Alpha`] / [`Blend::Additive`];
/// [`Blend::Opaque`] ignores it.
pub fn fill_triangle_gouraud(
    fb: &mut Framebuffer,
    v: [[f32; 2]; 3],
    colors: [Rgba; 3],
    blend: Blend,
) {
    let v = to_device(fb, v);
    let Some(cp) = ColorPlanes::new(v, colors) else {
        return;
    };
    let (w, rows) = (fb.width, RowRange::of(fb));
    let mut sink = FragSink {
        px: &mut fb.pixels[..],
        zb: &mut [],
        w,
        y0: rows.top,
        zy0: 0,
        src: Source::Smooth(&cp, blend),
        z: None,
    };
    walk_dispatch(&v, w, rows, &mut sink);
}

/// Fills a triangle with depth test and optional depth write. Vertices are
/// `[x, y, z]`; `z` is interpolated affinely and compared per pixel (smaller is nearer).
/// x and y are in drawing units (scaled by [`Framebuffer::scale`]); z is not scaled.
///
/// `depth` is either the whole frame's size (`width × height`, indexed by frame row, so
/// bands drawn one after the other can share it) or exactly the band's (`width ×
/// band().len()`, its row 0 the band's first row, so each thread drawing a band can own
/// one); the depth values are the same either way. Nothing is drawn for any other size.
pub fn fill_triangle_depth(
    fb: &mut Framebuffer,
    depth: &mut DepthBuffer,
    v: [[f32; 3]; 3],
    paint: impl Into<Paint>,
    mode: DepthMode,
) {
    let sh = Shader::new(paint.into());
    if sh.is_skip() && !mode.write {
        return;
    }
    depth_fill(fb, depth, to_device3(fb, v), Source::Flat(sh), mode);
}

/// Gouraud colours plus depth test / write (see [`fill_triangle_gouraud`] and
/// [`fill_triangle_depth`]).
pub fn fill_triangle_gouraud_depth(
    fb: &mut Framebuffer,
    depth: &mut DepthBuffer,
    v: [[f32; 3]; 3],
    colors: [Rgba; 3],
    blend: Blend,
    mode: DepthMode,
) {
    let v = to_device3(fb, v);
    let Some(cp) = ColorPlanes::new(v.map(|p| [p[0], p[1]]), colors) else {
        return;
    };
    depth_fill(fb, depth, v, Source::Smooth(&cp, blend), mode);
}

/// `v` in device pixels (already scaled).
fn depth_fill(
    fb: &mut Framebuffer,
    depth: &mut DepthBuffer,
    v: [[f32; 3]; 3],
    src: Source,
    mode: DepthMode,
) {
    let xy = v.map(|p| [p[0], p[1]]);
    let Some(zp) = Plane::new(xy, v.map(|p| p[2])) else {
        return;
    };
    let (w, rows) = (fb.width, RowRange::of(fb));
    // The depth buffer covers the whole frame (indexed by frame row) or exactly the
    // band (indexed from the band's first row); a band that is the whole frame is both.
    let band = fb.band();
    let zy0 = if depth.height == fb.height {
        0
    } else if depth.height == band.len() {
        band.start
    } else {
        return;
    };
    if depth.width != w || depth.depth.len() < w * (rows.bottom - zy0) {
        return;
    }
    let mut sink = FragSink {
        px: &mut fb.pixels[..],
        zb: &mut depth.depth[..],
        w,
        y0: rows.top,
        zy0,
        src,
        z: Some((zp, mode)),
    };
    walk_dispatch(&xy, w, rows, &mut sink);
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
        assert!(
            l.contains(&(1, 1)),
            "top-left corner centre on left and top edge: in"
        );
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
        assert!(
            !l.iter().any(|&(x, y)| x == 5 || y == 5),
            "right / bottom edges: out"
        );
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
        fill_triangle_gouraud(
            &mut fb,
            v,
            [Rgba::RED, Rgba::GREEN, Rgba::BLUE],
            Blend::Opaque,
        );
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

    /// The AVX2 kernels and the portable ones must produce identical pixels (goldens
    /// are rendered on whichever the test machine has).
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn avx2_and_portable_paths_agree() {
        if !std::arch::is_x86_feature_detected!("avx2") {
            return;
        }
        let mut s = 0x9E37_79B9u32;
        let mut rnd = |m: f32| {
            s ^= s << 13;
            s ^= s >> 17;
            s ^= s << 5;
            (s % 100_000) as f32 / 100_000.0 * m
        };
        let paints = [
            Paint::opaque(Rgba::rgb(200, 100, 50)),
            Paint::alpha(Rgba::new(30, 200, 90, 77)),
            Paint::additive(Rgba::new(90, 60, 250, 200)),
        ];
        for (w, h) in [(61, 40), (8, 9), (130, 33)] {
            let mut a = Framebuffer::new(w, h);
            let mut b = Framebuffer::new(w, h);
            for i in 0..600 {
                let mut p = || [rnd(w as f32 + 20.0) - 10.0, rnd(h as f32 + 20.0) - 10.0];
                let v = [p(), p(), p()];
                let sh = Shader::new(paints[i % 3]);
                fill_triangle_shader(&mut a, &v, sh);
                fill_portable(&mut b, &v, sh);
            }
            assert_eq!(a, b, "{w}x{h}");
            assert!(a.pixels.iter().filter(|&&p| p != 0).count() > w * h / 2);
        }
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
        fill_triangle_depth(
            &mut fb2,
            &mut zb.clone(),
            slope,
            Rgba::GREEN,
            DepthMode::LESS_WRITE,
        );
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
