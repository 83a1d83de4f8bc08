//! Occluded lights: a light's contribution added over exactly one polygon (the region it
//! reaches before walls stop it), into a light buffer.
//!
//! The caller computes a visibility polygon, star-shaped around the light, and hands it
//! over as a fan of triangles `(apex, fan[i], fan[i + 1])`. Coverage comes from the same
//! half-space span walker as every triangle ([`crate::spans`]), so the fan's internal
//! edges follow the top-left rule: each pixel of the polygon is lit exactly once, with
//! no gaps and no double addition along shared edges.
//!
//! The light's shape is described in its own *light space* by an affine map from
//! drawing units ([`LightShape::to_light`]; pixels at scale 1): the light sits at the
//! origin and its range is 1.
//! Any affine projection (an isometric view squashes circles into 2:1 ellipses) is
//! therefore just another `to_light`, and the rasterizer knows nothing about worlds.
//!
//! The exact per-pixel formula is documented on [`add_light_fan`].
//!
//! # Speed
//! First the fan's coverage is collected (the span walker, integer work): spans of
//! adjacent fan triangles on the same row are joined (they meet exactly, by the fill
//! rule), so a thin 64-wedge fan becomes long runs. Then the runs are shaded. A run is
//! shaded 8 pixels at a time in fixed-size blocks written as whole-block stages
//! that LLVM turns into vector instructions (the last, partial block overlaps the
//! previous one, or is masked for runs under 8 pixels: no scalar tail). Rows the spill
//! cannot reach skip it. The shading runs through [`crate::blend::simd::run`]: on x86-64
//! with AVX2 the blocks are 8-lane vectors. `cargo bench -p raster --bench
//! light_fan` measures it.

use crate::blend::{add_sat, simd};
use crate::color::Rgba;
use crate::framebuffer::Framebuffer;
use crate::spans::{walk, RowRange, SpanSink};
use std::borrow::Cow;

use crate::post::LIGHT_ONE;

/// A light's shape in its own space (the light at the origin, range 1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LightShape {
    /// Drawing units (at scale 1 pixels: the centre of pixel `(x, y)` is
    /// `(x + 0.5, y + 0.5)`) to light space:
    /// `q = [m[0][0]*px + m[0][1]*py + m[0][2], m[1][0]*px + m[1][1]*py + m[1][2]]`.
    /// Into a framebuffer of scale `s`, device pixel centres are divided by `s` first
    /// (see [`add_light_fan`]), so the light covers the same drawing.
    pub to_light: [[f32; 3]; 2],
    /// Colour of the light (alpha ignored).
    pub color: Rgba,
    /// Light added at the origin, in units of 1.0 (= [`LIGHT_ONE`] = 128 per channel for
    /// a white light): `channel_c += color_c/255 * intensity * 128 * falloff * cone`.
    pub intensity: f32,
    /// `None`: a point light. `Some`: a cone (flashlight).
    pub cone: Option<Cone>,
}

/// The cone of a flashlight, in light space.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cone {
    /// Direction of the cone axis in light space (normalised when drawing; a zero or
    /// non-finite direction draws nothing).
    pub dir: [f32; 2],
    /// Full light inside this half-angle (cosine), fading smoothly (smoothstep in the
    /// cosine) to zero at `cos_outer`. If `cos_inner <= cos_outer` the edge is hard, at
    /// `cos_outer`.
    pub cos_inner: f32,
    pub cos_outer: f32,
    /// Within this light-space distance of the origin the cone opens to a point light
    /// (smoothly, gone at `2 * spill`), so the bearer and the floor around it are lit:
    /// a flashlight's spill. 0 = none.
    pub spill: f32,
    /// Light level of the spill relative to the beam (clamped to `0..=1`).
    pub spill_level: f32,
}

impl Cone {
    /// A cone along `dir` with full light up to `inner` radians off the axis, fading to
    /// nothing at `outer` radians. No spill.
    pub fn new(dir: [f32; 2], inner: f32, outer: f32) -> Cone {
        Cone {
            dir,
            cos_inner: inner.cos(),
            cos_outer: outer.cos(),
            spill: 0.0,
            spill_level: 0.0,
        }
    }

    /// The same cone with a spill of light-space radius `spill` at relative `level`.
    pub fn with_spill(self, spill: f32, level: f32) -> Cone {
        Cone {
            spill,
            spill_level: level,
            ..self
        }
    }
}

impl LightShape {
    /// A point light centred on pixel position `center` whose range is `radius[0]`
    /// pixels along x and `radius[1]` along y (an axis-aligned ellipse; equal radii for
    /// a circle, `[r, r / 2]` for an isometric floor).
    pub fn point(center: [f32; 2], radius: [f32; 2], color: Rgba, intensity: f32) -> LightShape {
        let (ix, iy) = (1.0 / radius[0] as f64, 1.0 / radius[1] as f64);
        LightShape {
            to_light: [
                [ix as f32, 0.0, (-(center[0] as f64) * ix) as f32],
                [0.0, iy as f32, (-(center[1] as f64) * iy) as f32],
            ],
            color,
            intensity,
            cone: None,
        }
    }

    /// A point light at pixel position `origin` whose light-space unit vectors land on
    /// the pixel vectors `ax` and `ay`: light-space point `(u, v)` is pixel
    /// `origin + u·ax + v·ay`. For a light of range `R` on a projected floor, `ax` and
    /// `ay` are the projections of the world vectors `(R, 0)` and `(0, R)`, so light
    /// space is world space around the light divided by `R` (and a cone's `dir` is a
    /// world direction). Degenerate axes give a light that draws nothing.
    pub fn from_axes(
        origin: [f32; 2],
        ax: [f32; 2],
        ay: [f32; 2],
        color: Rgba,
        intensity: f32,
    ) -> LightShape {
        let [ax0, ax1] = ax.map(|v| v as f64);
        let [ay0, ay1] = ay.map(|v| v as f64);
        let [ox, oy] = origin.map(|v| v as f64);
        let det = ax0 * ay1 - ay0 * ax1;
        // Inverse of the column matrix [ax ay]; det = 0 gives inf / NaN, rejected later.
        let inv = [[ay1 / det, -ay0 / det], [-ax1 / det, ax0 / det]];
        let row = |r: [f64; 2]| [r[0] as f32, r[1] as f32, (-(r[0] * ox + r[1] * oy)) as f32];
        LightShape {
            to_light: [row(inv[0]), row(inv[1])],
            color,
            intensity,
            cone: None,
        }
    }

    /// The same light as a cone.
    pub fn with_cone(self, cone: Cone) -> LightShape {
        LightShape {
            cone: Some(cone),
            ..self
        }
    }

    /// The packed `0x00RRGGBB` value [`add_light_fan`] adds (saturating) at pixel
    /// `(x, y)` when the pixel is inside the polygon, in a framebuffer of scale 1 (where
    /// a pixel is a drawing unit): the formula of [`add_light_fan`], bit for bit. 0 for
    /// a light that draws nothing. (At another scale: [`LightShape::contribution_scaled`].)
    pub fn contribution(&self, x: usize, y: usize) -> u32 {
        self.contribution_scaled(x, y, 1.0)
    }

    /// [`LightShape::contribution`] at device pixel `(x, y)` of a framebuffer whose
    /// [`Framebuffer::scale`] is `scale` (anything but a finite positive number means
    /// 1, as in [`Framebuffer::set_scale`]): what [`add_light_fan`] adds there.
    pub fn contribution_scaled(&self, x: usize, y: usize, scale: f32) -> u32 {
        let scale = if scale.is_finite() && scale > 0.0 {
            scale
        } else {
            1.0
        };
        let Some(k) = Kernel::new(self, scale) else {
            return 0;
        };
        let r = k.row(y);
        let x = x as i32;
        // The spill term is evaluated everywhere here; `add_light_fan` skips it on rows
        // it cannot reach, where it is exactly 0.
        match (k.cone, k.sat) {
            (false, false) => k.px8::<false, false, false>(x, &r)[0],
            (false, true) => k.px8::<false, false, true>(x, &r)[0],
            (true, false) => k.px8::<true, true, false>(x, &r)[0],
            (true, true) => k.px8::<true, true, true>(x, &r)[0],
        }
    }
}

/// Adds `light` to `buf` (a light buffer: 128 = 1.0) over the polygon made of the
/// triangles `(apex, fan[i], fan[i + 1])`, and `(apex, fan[last], fan[0])` when `closed`
/// (and the fan has at least 3 points). Pixels are covered by the top-left rule, so
/// shared fan edges are never added twice; the fan must not fold over itself (a
/// polygon star-shaped around `apex`, points in angular order, either winding).
///
/// # Scale and bands
/// `apex`, `fan` and `light.to_light` are in drawing units: the points are multiplied by
/// `buf.scale()` = `s`, and the light is evaluated at device pixel centres divided by
/// `s` (`to_light`'s two linear columns divided by `s`, in `f64`; at `s = 1` nothing
/// changes). Only `buf`'s band is written, each pixel with the value it gets in the
/// whole frame: the formula below depends on the pixel's own frame row and column only.
///
/// Each covered pixel gets `add_sat(pixel, light.contribution_scaled(x, y, s))`
/// ([`LightShape::contribution`] at scale 1). Fans with fewer
/// than 2 points, zero-area triangles, a non-finite point anywhere in the input or a
/// light that cannot draw (non-finite `to_light`, `intensity <= 0`, black, a cone
/// with a zero direction or non-finite parameters) draw nothing; everything is clipped
/// to the buffer.
///
/// # Per-pixel formula
/// With `q = to_light(x + ½, y + ½)` the light-space position of the centre of pixel
/// `(x, y)` (at scale `s`, `m` below is `to_light` with its columns `m[·][0]` and
/// `m[·][1]` divided by `s`), `d = |q|`, a pixel inside the polygon gets, per channel `c`,
///
/// ```text
/// channel_c = min(channel_c + min(⌊peak_c · falloff · k + ½⌋, 255), 255)
/// peak_c    = color_c / 255 · intensity · 128        (capped at 255 · 256)
/// falloff   = max(1 − d², 0)²                        (as draw_light: (1 − (d/r)²)²)
/// k         = 1                                      for a point light
/// k         = max(beam, spill)                       for a cone, with
///   cosθ  = (q · dir) / d                            (1 when d <= e, see below)
///   beam  = smooth((cosθ − cos_outer) / (cos_inner − cos_outer))
///   spill = spill_level · smooth(2 − d / spill)      (1 up to `spill`, 0 from `2·spill`)
/// smooth(t) = t'²(3 − 2t'),  t' = clamp(t, 0, 1)     (smoothstep)
/// ```
///
/// `e = ½(|(m00, m10)| + |(m01, m11)|)` (`m = to_light`) bounds the light-space distance
/// from a pixel's centre to any point of the pixel, so the pixel holding the light is
/// always fully lit by its cone, whatever the direction of its centre (and `d = 0`
/// never divides). A cone with `cos_inner <= cos_outer` has a hard edge at `cos_outer`.
///
/// # How it is evaluated (bit for bit)
/// Along a row, `q` moves on a line, so `d²` is a quadratic in `x` and `q · dir` is
/// linear. Per row, in `f64`, with `a = (m00, m10)`, `q0 = to_light(0, y + ½)`:
/// `xc = −(q0 · a) / |a|²` is where the row passes closest to the light, `qm = q0 + xc·a`
/// that point and `h2 = |qm|²` its squared distance (if `a = 0` or `|xc| > 1e18`, `xc = 0`
/// and `|a|²` counts as 0: `d` is then constant along the row to 1e-13). Then per pixel,
/// in `f32` without fused multiply-adds, so the AVX2 and the portable builds agree:
///
/// ```text
/// u    = f32(x) − f32(xc − ½)                        (pixels from the closest point)
/// cu2  = f32(|a|²) · (u · u)
/// t    = max(f32(1 − h2) − cu2, 0),  falloff = t · t
/// d    = √(f32(h2) + cu2)
/// q·dir = f32(qm · dir) + f32(a · dir) · u
/// ```
///
/// and the rest as above (`(cosθ − cos_outer) · f32(1 / (cos_inner − cos_outer))`,
/// `2 − d · f32(1 / spill)`, `peak_c · (falloff · k) + ½` truncated). This is the same
/// `d² = h2 + |a|²u²` (Pythagoras along the row), a few operations cheaper than stepping
/// both coordinates, and each pixel's value depends only on its own `x` and row, never on
/// how pixels were batched. [`LightShape::contribution`] evaluates exactly this for one
/// pixel.
pub fn add_light_fan(
    buf: &mut Framebuffer,
    apex: [f32; 2],
    fan: &[[f32; 2]],
    closed: bool,
    light: &LightShape,
) {
    if let Some(job) = Job::new(buf, apex, fan, closed, light) {
        // Coverage first (integer work, no use for AVX2), then the shading, vectorised.
        let runs = job.runs(buf.width, RowRange::of(buf));
        simd::run(
            #[inline(always)]
            || job.shade(buf, &runs),
        )
    }
}

/// One validated call of [`add_light_fan`], in device pixels (scaled).
struct Job<'a> {
    apex: [f32; 2],
    fan: Cow<'a, [[f32; 2]]>,
    closed: bool,
    k: Kernel,
}

impl<'a> Job<'a> {
    fn new(
        buf: &Framebuffer,
        apex: [f32; 2],
        fan: &'a [[f32; 2]],
        closed: bool,
        light: &LightShape,
    ) -> Option<Job<'a>> {
        let finite = |p: &[f32; 2]| p[0].is_finite() && p[1].is_finite();
        if fan.len() < 2 || !finite(&apex) || !fan.iter().all(finite) {
            return None;
        }
        if buf.width == 0 || buf.row0() >= buf.rows() {
            return None;
        }
        let k = Kernel::new(light, buf.scale())?;
        let s = buf.scale();
        let (apex, fan) = if s == 1.0 {
            (apex, Cow::Borrowed(fan))
        } else {
            let sc = |p: &[f32; 2]| [p[0] * s, p[1] * s];
            (sc(&apex), Cow::Owned(fan.iter().map(sc).collect()))
        };
        Some(Job {
            apex,
            closed: closed && fan.len() >= 3,
            fan,
            k,
        })
    }

    /// The runs of pixels the fan covers in rows `rows`, merged per row.
    fn runs(&self, w: usize, rows: RowRange) -> Vec<[u32; 3]> {
        // Rows the fan can touch: its bounding box, clipped (snapping moves a vertex by
        // at most 1/512 px, never across a pixel centre's row).
        let (lo, hi) = self
            .fan
            .iter()
            .fold((self.apex[1], self.apex[1]), |(lo, hi), p| {
                (lo.min(p[1]), hi.max(p[1]))
            });
        let (top, bottom) = (rows.top, rows.bottom);
        let bbox = (lo.max(0.0) as usize).clamp(top, bottom)
            ..(hi.max(0.0) as usize).saturating_add(1).clamp(top, bottom);
        let mut sink = RunSink {
            y0: bbox.start,
            pend: vec![[0; 2]; bbox.len()],
            runs: Vec::with_capacity(bbox.len() * 2),
        };
        let (fan, n) = (&self.fan[..], self.fan.len());
        for i in 0..n - 1 {
            walk(&[self.apex, fan[i], fan[i + 1]], w, rows, &mut sink);
        }
        if self.closed {
            walk(&[self.apex, fan[n - 1], fan[0]], w, rows, &mut sink);
        }
        sink.finish()
    }

    /// Shades `runs` (from [`Job::runs`] for this buffer).
    #[inline(always)]
    fn shade(&self, buf: &mut Framebuffer, runs: &[[u32; 3]]) {
        let k = &self.k;
        match (k.cone, k.spill_level > 0.0, k.sat) {
            (false, _, false) => self.shade_with::<false, false, false>(buf, runs),
            (false, _, true) => self.shade_with::<false, false, true>(buf, runs),
            (true, false, false) => self.shade_with::<true, false, false>(buf, runs),
            (true, false, true) => self.shade_with::<true, false, true>(buf, runs),
            (true, true, false) => self.shade_with::<true, true, false>(buf, runs),
            (true, true, true) => self.shade_with::<true, true, true>(buf, runs),
        }
    }

    #[inline(always)]
    fn shade_with<const CONE: bool, const SPILL: bool, const SAT: bool>(
        &self,
        buf: &mut Framebuffer,
        runs: &[[u32; 3]],
    ) {
        let mut sh = RunShader::<CONE, SPILL, SAT> {
            stride: buf.width,
            y0: buf.row0(),
            px: &mut buf.pixels[..],
            k: self.k,
        };
        for &[y, x0, x1] in runs {
            sh.shade(y as usize, x0 as usize, x1 as usize);
        }
    }
}

/// The light, reduced once per call to what the per-pixel formula needs.
#[derive(Clone, Copy, Debug)]
struct Kernel {
    /// `to_light` in f64, columns: `a` = per-pixel x step, `b` = per-row step, `c`.
    a: [f64; 2],
    b: [f64; 2],
    c: [f64; 2],
    /// `|a|²`.
    aa: f64,
    /// `color_c/255 · intensity · 128` per channel (r, g, b), capped.
    peak: [f32; 3],
    /// Some peak reaches 255.5, so values need clamping before packing.
    sat: bool,
    cone: bool,
    /// Unit cone axis.
    dir: [f64; 2],
    cos_outer: f32,
    /// Light-space radius of a pixel: within it the cone is open (see
    /// [`add_light_fan`]).
    apex_r: f32,
    /// `1 / (cos_inner − cos_outer)`, at most 1e6 (a hard edge).
    inv_width: f32,
    /// Spill ramp `clamp(spill_a − len · spill_b, 0, 1)`: `2 − len / spill`, or 0.
    spill_a: f32,
    spill_b: f32,
    spill_level: f32,
    /// `(2.02 · spill)²`: rows whose closest point is farther get a spill term of exactly
    /// 0 (2 % past the end of the ramp covers every f32 rounding on the way).
    spill_reach: f64,
}

/// Per-row terms: along row `y`, with `u = x − xc` (`xc` is the pixel *index* of the
/// closest point, so the pixel centre's ½ is folded in),
/// `d² = h2 + cu · u²` and `q · dir = dc + da · u`.
#[derive(Clone, Copy, Debug)]
struct Row {
    xc: f32,
    cu: f32,
    /// `1 − h2`.
    t0: f32,
    h2: f32,
    dc: f32,
    da: f32,
    /// The spill may reach this row (`h2 < spill_reach`).
    spill: bool,
}

/// Beyond this distance (in pixels) of the row's closest point to the light the
/// quadratic is dropped for a constant (the row is ≥ 1e18 light-space pixel steps from
/// the light, so the distance varies by less than 1e-13 across any framebuffer).
const FAR: f64 = 1e18;

impl Kernel {
    /// For a framebuffer of scale `s` (finite, positive): device pixel centres are
    /// divided by `s` before `to_light`, i.e. its linear columns are.
    fn new(l: &LightShape, s: f32) -> Option<Kernel> {
        let mut m = l.to_light.map(|r| r.map(|v| v as f64));
        if s != 1.0 {
            for r in &mut m {
                r[0] /= s as f64;
                r[1] /= s as f64;
            }
        }
        if !m.iter().flatten().all(|v| v.is_finite()) {
            return None;
        }
        if !(l.intensity > 0.0 && l.intensity.is_finite()) {
            return None;
        }
        // Capped so the f32 -> int conversion always sees a small value (255 · 256 is
        // already a factor 256 past saturation).
        let peak = |c: u8| {
            (c as f64 / 255.0 * l.intensity as f64 * LIGHT_ONE as f64).min(255.0 * 256.0) as f32
        };
        let peak = [peak(l.color.r), peak(l.color.g), peak(l.color.b)];
        if peak == [0.0; 3] {
            return None;
        }
        let a = [m[0][0], m[1][0]];
        let mut k = Kernel {
            a,
            b: [m[0][1], m[1][1]],
            c: [m[0][2], m[1][2]],
            aa: a[0] * a[0] + a[1] * a[1],
            peak,
            // peak · f + ½ < 256 truncates to at most 255 when f <= 1.
            sat: peak.iter().any(|&p| p >= 255.5),
            cone: false,
            dir: [1.0, 0.0],
            cos_outer: -2.0,
            apex_r: 0.0,
            inv_width: 1.0,
            spill_a: 0.0,
            spill_b: 0.0,
            spill_level: 0.0,
            spill_reach: 0.0,
        };
        if !k.aa.is_finite() {
            return None;
        }
        if let Some(c) = l.cone {
            let ok = [c.dir[0], c.dir[1], c.cos_inner, c.cos_outer, c.spill]
                .iter()
                .all(|v| v.is_finite())
                && !c.spill_level.is_nan();
            let (dx, dy) = (c.dir[0] as f64, c.dir[1] as f64);
            let len = (dx * dx + dy * dy).sqrt();
            if !(ok && len > 0.0 && len.is_finite()) {
                return None;
            }
            k.cone = true;
            k.dir = [dx / len, dy / len];
            k.cos_outer = c.cos_outer;
            k.apex_r = (0.5 * (m[0][0].hypot(m[1][0]) + m[0][1].hypot(m[1][1]))) as f32;
            k.inv_width = (1.0 / (c.cos_inner as f64 - c.cos_outer as f64).max(1e-6)) as f32;
            // A spill below 1e-6 of the range is less than a pixel of any real light.
            if c.spill >= 1e-6 && c.spill_level > 0.0 {
                k.spill_a = 2.0;
                k.spill_b = (1.0 / c.spill as f64) as f32;
                k.spill_level = c.spill_level.min(1.0);
                k.spill_reach = (2.02 * c.spill as f64).powi(2);
            }
        }
        Some(k)
    }

    /// The terms of row `y`, in f64: `q(x) = q0 + x·a` is closest to the light at
    /// `xc = −(q0·a) / |a|²`, where `|q|² = h2`.
    #[inline(always)]
    fn row(&self, y: usize) -> Row {
        let yc = y as f64 + 0.5;
        let q0 = [self.b[0] * yc + self.c[0], self.b[1] * yc + self.c[1]];
        let qa = q0[0] * self.a[0] + q0[1] * self.a[1];
        let (xc, cu) = if self.aa > 0.0 && qa.abs() <= FAR * self.aa {
            (-qa / self.aa, self.aa)
        } else {
            (0.0, 0.0)
        };
        let qm = [q0[0] + xc * self.a[0], q0[1] + xc * self.a[1]];
        let h2 = qm[0] * qm[0] + qm[1] * qm[1];
        let dot = |v: [f64; 2]| v[0] * self.dir[0] + v[1] * self.dir[1];
        Row {
            xc: (xc - 0.5) as f32,
            cu: cu as f32,
            t0: (1.0 - h2) as f32,
            h2: h2 as f32,
            dc: dot(qm) as f32,
            da: dot(self.a) as f32,
            spill: h2 < self.spill_reach,
        }
    }

    /// The packed contributions of pixels `x .. x + 8` of row `r`. Written as
    /// whole-block stages over `[f32; 8]` with selects only, so each stage is one
    /// vector operation (8 lanes with AVX2, 2 × 4 with SSE2), and each lane depends only
    /// on its own pixel.
    #[inline(always)]
    fn px8<const CONE: bool, const SPILL: bool, const SAT: bool>(
        &self,
        x: i32,
        r: &Row,
    ) -> [u32; 8] {
        // The pixel index x + j is exact in f32 (x < 2^15); `xc` holds the ½.
        let u: [f32; 8] = lanes(|j| (x + j as i32) as f32 - r.xc);
        let cu2: [f32; 8] = lanes(|j| r.cu * (u[j] * u[j]));
        let t: [f32; 8] = lanes(|j| pos(r.t0 - cu2[j]));
        let mut f: [f32; 8] = lanes(|j| t[j] * t[j]);
        if CONE {
            let len: [f32; 8] = lanes(|j| (r.h2 + cu2[j]).sqrt());
            let dot: [f32; 8] = lanes(|j| r.dc + r.da * u[j]);
            let cs: [f32; 8] = lanes(|j| {
                if len[j] > self.apex_r {
                    dot[j] / len[j]
                } else {
                    1.0
                }
            });
            let beam: [f32; 8] = lanes(|j| smooth((cs[j] - self.cos_outer) * self.inv_width));
            if SPILL {
                let spill: [f32; 8] =
                    lanes(|j| self.spill_level * smooth(self.spill_a - len[j] * self.spill_b));
                f = lanes(|j| {
                    f[j] * if beam[j] > spill[j] {
                        beam[j]
                    } else {
                        spill[j]
                    }
                });
            } else {
                f = lanes(|j| f[j] * beam[j]);
            }
        }
        // `pos`, `smooth` and the selects map NaN to 0, so f is in [0, 1] whatever q is.
        let ch = |p: f32| -> [u32; 8] {
            lanes(|j| {
                let v = p * f[j] + 0.5;
                let v = if SAT && v >= 255.0 { 255.0 } else { v };
                // SAFETY: 0 <= p <= 65280 and 0 <= f <= 1, so v is in [0.5, 255] (or,
                // without SAT, p < 255.5 and v < 256): in range and not NaN (the
                // checked `as` would not vectorise).
                unsafe { v.to_int_unchecked::<i32>() as u32 }
            })
        };
        let (r, g, b) = (ch(self.peak[0]), ch(self.peak[1]), ch(self.peak[2]));
        lanes(|j| (r[j] << 16) | (g[j] << 8) | b[j])
    }
}

/// `[f(0), .., f(7)]`: a plain loop over a local array, always inlined (unlike
/// `std::array::from_fn`, whose out-of-line body would miss the AVX2 build), so LLVM
/// turns each call into one vector operation.
#[inline(always)]
fn lanes<T: Copy + Default>(f: impl Fn(usize) -> T) -> [T; 8] {
    let mut a = [T::default(); 8];
    for (j, v) in a.iter_mut().enumerate() {
        *v = f(j);
    }
    a
}

/// [`add_sat`] of 8 pixels: a per-byte saturating add (`paddusb`), which is exactly the
/// per-channel saturating add, the top bytes being zero in both operands.
#[inline(always)]
fn add_sat8(d: &[u32; 8], s: &[u32; 8]) -> [u32; 8] {
    // SAFETY: [u32; 8] and [u8; 32] have the same size and every bit pattern is valid
    // for both; each pixel keeps its four bytes in place.
    let (a, b) = unsafe {
        (
            std::mem::transmute::<[u32; 8], [u8; 32]>(*d),
            std::mem::transmute::<[u32; 8], [u8; 32]>(*s),
        )
    };
    let mut r = [0u8; 32];
    for (r, (a, b)) in r.iter_mut().zip(a.iter().zip(&b)) {
        *r = a.saturating_add(*b);
    }
    // SAFETY: as above.
    unsafe { std::mem::transmute::<[u8; 32], [u32; 8]>(r) }
}

/// `max(x, 0)`, NaN to 0, as one `maxps`.
#[inline(always)]
fn pos(x: f32) -> f32 {
    if x > 0.0 {
        x
    } else {
        0.0
    }
}

/// Smoothstep of `u` clamped to `[0, 1]` (NaN gives 0).
#[inline(always)]
fn smooth(u: f32) -> f32 {
    let u = pos(u);
    let u = if u < 1.0 { u } else { 1.0 };
    u * u * (3.0 - 2.0 * u)
}

/// Collects the spans of the fan's triangles into runs. Per row it keeps one pending
/// span and extends it while the next span on that row touches it (neighbouring fan
/// triangles meet exactly), so thin wedges become long runs; a span that does not touch
/// retires the pending one to `runs`. Spans never overlap, so neither do runs: every
/// pixel is shaded exactly once. Shading happens afterwards, in one place ([`RunShader`]),
/// so the walker's several inlined copies of [`SpanSink::span`] stay small.
struct RunSink {
    /// First row of `pend`.
    y0: usize,
    /// Pending `[x0, x1)` per row from `y0` (empty when `x0 >= x1`).
    pend: Vec<[u32; 2]>,
    /// Finished runs `(y, x0, x1)`.
    runs: Vec<[u32; 3]>,
}

impl SpanSink for RunSink {
    #[inline(always)]
    fn span(&mut self, y: usize, x0: usize, x1: usize) {
        let (a, b) = (x0 as u32, x1 as u32);
        // `pend` covers the fan's bounding rows; a span outside them (which the walker
        // never emits) would simply not be merged.
        let Some(p) = self.pend.get_mut(y.wrapping_sub(self.y0)) else {
            self.runs.push([y as u32, a, b]);
            return;
        };
        if p[1] == a {
            p[1] = b;
        } else if p[0] == b {
            p[0] = a;
        } else {
            let old = std::mem::replace(p, [a, b]);
            if old[0] < old[1] {
                self.runs.push([y as u32, old[0], old[1]]);
            }
        }
    }
}

impl RunSink {
    /// Retires the pending runs.
    fn finish(mut self) -> Vec<[u32; 3]> {
        for (i, &[a, b]) in self.pend.iter().enumerate() {
            if a < b {
                self.runs.push([(self.y0 + i) as u32, a, b]);
            }
        }
        self.runs
    }
}

/// Adds the light to runs of pixels.
struct RunShader<'a, const CONE: bool, const SPILL: bool, const SAT: bool> {
    /// Frame rows from `y0` on (the band), `stride` pixels each.
    px: &'a mut [u32],
    stride: usize,
    y0: usize,
    k: Kernel,
}

impl<const CONE: bool, const SPILL: bool, const SAT: bool> RunShader<'_, CONE, SPILL, SAT> {
    /// Adds the light to pixels `[x0, x1)` of row `y` (`x1 <= stride`, `y` a real row).
    /// Rows that the spill cannot reach are shaded without it (same pixels: the spill
    /// term is exactly 0 there).
    #[inline(always)]
    fn shade(&mut self, y: usize, x0: usize, x1: usize) {
        let r = self.k.row(y);
        if SPILL && r.spill {
            self.shade_row::<SPILL>(y, x0, x1, &r)
        } else {
            self.shade_row::<false>(y, x0, x1, &r)
        }
    }

    #[inline(always)]
    fn shade_row<const SP: bool>(&mut self, y: usize, x0: usize, x1: usize, r: &Row) {
        let w = self.stride;
        let o = (y - self.y0) * w;
        let row = &mut self.px[o..o + w];
        let k = &self.k;
        let px8 = |x: usize| k.px8::<CONE, SP, SAT>(x as i32, r);
        if w < 8 {
            for (x, d) in row.iter_mut().enumerate().take(x1).skip(x0) {
                *d = add_sat(*d, px8(x)[0]);
            }
            return;
        }
        if x1 - x0 >= 8 {
            // Whole blocks from x0 on; the pixels left over are covered by one more block
            // ending at x1, which overlaps the last whole block. It is computed from the
            // original pixels before the loop and stored after it, so the overlap ends up
            // with `original + light` (written twice, added once), like `map_span`.
            let t = x1 - 8;
            let tail = !(x1 - x0).is_multiple_of(8);
            let tail_px = if tail {
                let old: &[u32; 8] = row[t..x1].try_into().unwrap();
                add_sat8(old, &px8(t))
            } else {
                [0; 8]
            };
            let mut c = x0;
            while c <= t {
                let block: &mut [u32; 8] = (&mut row[c..c + 8]).try_into().unwrap();
                *block = add_sat8(block, &px8(c));
                c += 8;
            }
            if tail {
                row[t..x1].copy_from_slice(&tail_px);
            }
        } else {
            // A short run: one block inside the row, masked to the run.
            let ws = x0.min(w - 8);
            let (lo, hi) = ((x0 - ws) as i32, (x1 - ws) as i32);
            let block: &mut [u32; 8] = (&mut row[ws..ws + 8]).try_into().unwrap();
            let v = px8(ws);
            let v = lanes(|j| {
                let j = j as i32;
                if (j >= lo) & (j < hi) {
                    v[j as usize]
                } else {
                    0
                }
            });
            *block = add_sat8(block, &v);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn star(c: [f32; 2], n: usize, r: impl Fn(usize) -> f32) -> Vec<[f32; 2]> {
        (0..n)
            .map(|i| {
                let a = i as f32 * std::f32::consts::TAU / n as f32 + 0.1;
                [c[0] + r(i) * a.cos(), c[1] + r(i) * a.sin()]
            })
            .collect()
    }

    /// The AVX2 build and the portable build give identical buffers (the test calls
    /// the portable body directly; `add_light_fan` takes AVX2 when the CPU has it).
    #[test]
    fn avx2_and_portable_agree() {
        #[cfg(target_arch = "x86_64")]
        if !simd::has_avx2() {
            eprintln!("no AVX2 here (or RASTER_NO_AVX2 set): both paths are portable");
        }
        for (w, h) in [(101, 77), (8, 5), (7, 30), (1, 1), (64, 64), (300, 9)] {
            let (fw, fh) = (w as f32, h as f32);
            let s = fw.max(fh);
            let cone = Cone::new([0.6, -0.8], 0.3, 0.45).with_spill(0.08, 0.4);
            // Point, saturating cone with spill (from_axes), wide cone without spill.
            let lights = [
                (
                    [fw * 0.4, fh * 0.6],
                    LightShape::point([0.0; 2], [s * 0.5, s * 0.25], Rgba::rgb(255, 180, 90), 1.3),
                ),
                (
                    [fw * 0.3 + 0.5, fh * 0.3 + 0.5],
                    LightShape::from_axes(
                        [0.0; 2],
                        [s * 0.6, s * 0.3],
                        [-s * 0.6, s * 0.3],
                        Rgba::rgb(200, 220, 255),
                        2.5,
                    )
                    .with_cone(cone),
                ),
                (
                    [fw * 0.7, fh * 0.5],
                    LightShape::point([0.0; 2], [s * 0.4, s * 0.7], Rgba::rgb(9, 250, 1), 0.7)
                        .with_cone(Cone {
                            cos_inner: 0.2,
                            cos_outer: 0.9,
                            spill: 0.0,
                            ..cone
                        }),
                ),
            ];
            let mut a = Framebuffer::new(w, h);
            let mut b = Framebuffer::new(w, h);
            a.clear(Rgba::rgb(3, 100, 250));
            b.clear(Rgba::rgb(3, 100, 250));
            for (i, (apex, l)) in lights.into_iter().enumerate() {
                // Move the light to the apex.
                let mut l = l;
                for r in &mut l.to_light {
                    r[2] -= r[0] * apex[0] + r[1] * apex[1];
                }
                let fan = star(apex, 37 + i, |j| [0.9, 0.3, 0.6, 0.1][(j + i) % 4] * s);
                add_light_fan(&mut a, apex, &fan, i != 1, &l);
                let job = Job::new(&b, apex, &fan, i != 1, &l).unwrap();
                let runs = job.runs(w, RowRange::of(&b));
                job.shade(&mut b, &runs);
            }
            assert_eq!(a, b, "{w}x{h}");
            let lit = a.pixels.iter().filter(|&&p| p != 0x0364FA).count();
            assert!(lit > w * h / 3, "{w}x{h}: {lit} lit");
        }
    }

    #[test]
    fn formula_values() {
        let l = LightShape::point([10.5, 10.5], [8.0, 8.0], Rgba::rgb(255, 128, 0), 1.0);
        assert_eq!(l.contribution(10, 10), 0x80_40_00);
        // d = 0.5: (1 - 0.25)^2 = 0.5625 of 128 = 72.
        let h = l.contribution(14, 10);
        assert!(((h >> 16) as i32 - 72).abs() <= 1, "{h:x}");
        assert_eq!(l.contribution(18, 10), 0);
        assert_eq!(l.contribution(30, 10), 0);
        let bad = LightShape {
            intensity: f32::NAN,
            ..l
        };
        assert_eq!(bad.contribution(10, 10), 0);
    }

    #[test]
    fn cone_apex_and_spill() {
        // Pixel centre exactly on the light: len = 0 is fully lit, not NaN.
        let cone = Cone::new([1.0, 0.0], 0.2, 0.3);
        let l = LightShape::point([10.5, 10.5], [20.0, 20.0], Rgba::WHITE, 1.0).with_cone(cone);
        assert_eq!(l.contribution(10, 10), 0x80_80_80);
        assert!(l.contribution(15, 10) > 0);
        assert_eq!(l.contribution(5, 10), 0);
        assert_eq!(l.contribution(10, 15), 0);
        // The pixel holding the light is lit even when its centre is behind the light.
        let off = LightShape::point([10.9, 10.1], [20.0, 20.0], Rgba::WHITE, 1.0).with_cone(cone);
        assert!(
            off.contribution(10, 10) >= 0x7F_7F_7F,
            "{:x}",
            off.contribution(10, 10)
        );
        assert_eq!(off.contribution(9, 10), 0);
        // With a spill of 0.25 (5 px) at level 0.5: lit behind within 5 px, then a smooth
        // fade to nothing at 10 px.
        let l = l.with_cone(cone.with_spill(0.25, 0.5));
        let back = |x| (l.contribution(x, 10) & 0xFF) as i32;
        assert!((back(8) - (64.0 * (1.0f32 - 0.01).powi(2)) as i32).abs() <= 1);
        assert!(back(6) > back(3) && back(3) > 0, "{} {}", back(6), back(3));
        assert_eq!(back(0), 0);
    }
}
