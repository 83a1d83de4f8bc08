//! The half-space (edge-function) span walker every filled primitive is built on.
//!
//! Vertices are snapped to 24.8 fixed point. A pixel belongs to a triangle when its
//! centre `(x + ½, y + ½)` is inside all three edge half-planes, with the **top-left
//! fill rule** for centres exactly on an edge: on a left edge or a horizontal top edge
//! the pixel is in, on a right or bottom edge it is out. Two triangles sharing an edge
//! therefore cover every pixel along it exactly once — no gaps, no double blending.
//!
//! Rather than testing every pixel of the bounding box, the walker solves each edge
//! inequality for x once per scanline: a left edge gives the first covered pixel
//! `ceil(N / K)`, a right edge the first uncovered one, with the *same* expression, so an
//! edge shared by two triangles ends one span exactly where it starts the other. `N` is
//! linear in the row, so the quotient is stepped incrementally (integer DDA with exact
//! remainder): per row two adds and a compare per edge, no division, no float. The span
//! `[left, right)` is then clipped to the target and handed to a tight fill loop.
//!
//! The triangle is split at its middle vertex so each scanline only looks at the long
//! edge and one short edge. Rows are half-open in y (`y0 <= centre < y2`), which is the
//! same top-left rule for horizontal edges.

use crate::blend::simd;
use crate::clip::{clip_to_guard, inside_guard, CLIP_CAP};

/// Receives the spans of a triangle. A trait rather than a closure so the per-span body
/// is reliably inlined into the row loop (it is called from two places, the upper and
/// lower half, which makes LLVM reluctant to inline a closure).
pub(crate) trait SpanSink {
    /// Pixels `[x0, x1)` of row `y`, already clipped to the target; never empty.
    fn span(&mut self, y: usize, x0: usize, x1: usize);
}

/// Any closure is a sink too, for the cold paths and tests.
impl<F: FnMut(usize, usize, usize)> SpanSink for F {
    #[inline(always)]
    fn span(&mut self, y: usize, x0: usize, x1: usize) {
        self(y, x0, x1)
    }
}

/// Sub-pixel bits of the fixed-point vertex positions (1/256 px).
pub const SUBPIXEL_BITS: u32 = 8;
const SUB: i64 = 1 << SUBPIXEL_BITS;
const HALF: i64 = SUB / 2;

/// Rounds a pixel coordinate to fixed point (half away from zero, cheap and portable:
/// no `round()` libm call on baseline x86-64).
#[inline(always)]
pub(crate) fn snap(v: f32) -> i32 {
    let t = v * SUB as f32;
    (t + 0.5f32.copysign(t)) as i32
}

#[inline(always)]
fn snap64(v: f64) -> i32 {
    let t = v * SUB as f64;
    (t + 0.5f64.copysign(t)) as i32
}

/// First row whose pixel centre is at or below fixed-point `y`.
#[inline(always)]
fn ceil_row(y: i64) -> i64 {
    (y - HALF + SUB - 1) >> SUBPIXEL_BITS
}

/// Exact incremental `ceil(N(row) / K)` for one edge from the top point `p` to the bottom
/// point `q`: the x of the first pixel whose centre is right of (or on) the edge.
struct Dda {
    q: i64,
    r: i64,
    k: i64,
    dq: i64,
    dr: i64,
}

impl Dda {
    #[inline(always)]
    fn new(px: i64, py: i64, qx: i64, qy: i64, row: i64) -> Dda {
        let d = qy - py; // > 0
        let k = d * SUB;
        let dx = qx - px;
        let yc = row * SUB + HALF;
        // centre_x * d >= px * d + dx * (yc - py)   <=>   x * K >= N
        let n = dx * (yc - py) + (px - HALF) * d;
        let m = n + k - 1; // ceil(n / k) == floor(m / k)
        let s = dx * SUB;
        Dda {
            q: m.div_euclid(k),
            r: m.rem_euclid(k),
            k,
            dq: s.div_euclid(k),
            dr: s.rem_euclid(k),
        }
    }

    #[inline(always)]
    fn step(&mut self) {
        self.q += self.dq;
        self.r += self.dr;
        if self.r >= self.k {
            self.r -= self.k;
            self.q += 1;
        }
    }
}

/// Walks the covered spans of a fixed-point triangle clipped to `[0, w) × [0, h)`,
/// calling `f(y, x0, x1)` for each non-empty span `[x0, x1)`, top to bottom.
/// Degenerate (zero-area) triangles produce nothing.
#[inline(always)]
pub(crate) fn walk_fixed<F: SpanSink>(
    v: [[i32; 2]; 3],
    w: usize,
    h: usize,
    f: &mut F,
) {
    let [mut a, mut b, mut c] = v;
    if a[1] > b[1] {
        std::mem::swap(&mut a, &mut b);
    }
    if b[1] > c[1] {
        std::mem::swap(&mut b, &mut c);
    }
    if a[1] > b[1] {
        std::mem::swap(&mut a, &mut b);
    }
    let (x0, y0) = (a[0] as i64, a[1] as i64);
    let (x1, y1) = (b[0] as i64, b[1] as i64);
    let (x2, y2) = (c[0] as i64, c[1] as i64);
    let area = (x1 - x0) * (y2 - y0) - (y1 - y0) * (x2 - x0);
    if area == 0 {
        return;
    }
    let r1 = ceil_row(y1);
    let ra = ceil_row(y0).max(0);
    let rb = ceil_row(y2).min(h as i64);
    if ra >= rb {
        return;
    }
    // Middle vertex right of the long edge (area > 0 with y down) => long edge is left.
    let long_left = area > 0;
    let w = w as i64;
    let mut long = Dda::new(x0, y0, x2, y2, ra);
    let top_end = r1.min(rb);
    if ra < top_end {
        let mut short = Dda::new(x0, y0, x1, y1, ra);
        run(&mut long, &mut short, ra, top_end, long_left, w, f);
    }
    let bot_start = r1.max(ra);
    if bot_start < rb {
        let mut short = Dda::new(x1, y1, x2, y2, bot_start);
        run(&mut long, &mut short, bot_start, rb, long_left, w, f);
    }
}

#[inline(always)]
fn run<F: SpanSink>(
    long: &mut Dda,
    short: &mut Dda,
    ya: i64,
    yb: i64,
    long_left: bool,
    w: i64,
    f: &mut F,
) {
    for y in ya..yb {
        let (l, r) = if long_left {
            (long.q, short.q)
        } else {
            (short.q, long.q)
        };
        let l = l.max(0);
        let r = r.min(w);
        if l < r {
            f.span(y as usize, l as usize, r as usize);
        }
        long.step();
        short.step();
    }
}

/// Walks the spans of a float triangle: snaps it to fixed point when it is inside the
/// guard band (the common case), otherwise clips it in `f64` first and walks the fan of
/// the clipped polygon. Non-finite input draws nothing.
#[inline(always)]
pub(crate) fn walk<F: SpanSink>(
    tri: &[[f32; 2]; 3],
    w: usize,
    h: usize,
    f: &mut F,
) {
    if w == 0 || h == 0 {
        return;
    }
    if inside_guard(tri) {
        let v = [
            [snap(tri[0][0]), snap(tri[0][1])],
            [snap(tri[1][0]), snap(tri[1][1])],
            [snap(tri[2][0]), snap(tri[2][1])],
        ];
        walk_fixed(v, w, h, f);
    } else {
        walk_clipped(tri, w, h, f);
    }
}

/// [`walk`] compiled for AVX2 when the CPU has it (checked once, then one predictable
/// branch per triangle), so the sink's fill loops run 8 pixels per instruction.
#[inline(always)]
pub(crate) fn walk_dispatch<F: SpanSink>(tri: &[[f32; 2]; 3], w: usize, h: usize, f: &mut F) {
    #[cfg(target_arch = "x86_64")]
    {
        if simd::has_avx2() {
            // SAFETY: AVX2 support was just checked at run time.
            unsafe { walk_avx2(tri, w, h, f) };
            return;
        }
    }
    walk(tri, w, h, f)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn walk_avx2<F: SpanSink>(tri: &[[f32; 2]; 3], w: usize, h: usize, f: &mut F) {
    walk(tri, w, h, f)
}

#[inline(never)]
fn walk_clipped<F: SpanSink>(
    tri: &[[f32; 2]; 3],
    w: usize,
    h: usize,
    f: &mut F,
) {
    let mut poly = [[0.0f64; 2]; CLIP_CAP];
    let n = clip_to_guard(tri, &mut poly);
    if n < 3 {
        return;
    }
    let mut fx = [[0i32; 2]; CLIP_CAP];
    for (d, p) in fx.iter_mut().zip(&poly[..n]) {
        *d = [snap64(p[0]), snap64(p[1])];
    }
    for i in 1..n - 1 {
        walk_fixed([fx[0], fx[i], fx[i + 1]], w, h, f);
    }
}

/// Covered pixel count of one triangle in a `w × h` target (used by tests and benches
/// to compute areas without drawing).
pub fn coverage_count(tri: [[f32; 2]; 3], w: usize, h: usize) -> usize {
    let mut n = 0;
    walk(&tri, w, h, &mut |_: usize, x0: usize, x1: usize| n += x1 - x0);
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brute(tri: [[f32; 2]; 3], w: usize, h: usize) -> Vec<bool> {
        // Independent per-pixel edge-function test with the top-left rule, exact in i64.
        let v: Vec<[i64; 2]> = tri
            .iter()
            .map(|p| [snap(p[0]) as i64, snap(p[1]) as i64])
            .collect();
        let mut area = (v[1][0] - v[0][0]) * (v[2][1] - v[0][1])
            - (v[1][1] - v[0][1]) * (v[2][0] - v[0][0]);
        let mut v = v;
        if area < 0 {
            v.swap(1, 2);
            area = -area;
        }
        let mut out = vec![false; w * h];
        if area == 0 {
            return out;
        }
        for y in 0..h {
            for x in 0..w {
                let px = x as i64 * SUB + HALF;
                let py = y as i64 * SUB + HALF;
                let inside = (0..3).all(|i| {
                    let p = v[i];
                    let q = v[(i + 1) % 3];
                    let (dx, dy) = (q[0] - p[0], q[1] - p[1]);
                    // positive inside for this winding (y down, area > 0)
                    let e = dx * (py - p[1]) - dy * (px - p[0]);
                    let top_left = dy < 0 || (dy == 0 && dx > 0);
                    e > 0 || (e == 0 && top_left)
                });
                out[y * w + x] = inside;
            }
        }
        out
    }

    fn spans(tri: [[f32; 2]; 3], w: usize, h: usize) -> Vec<bool> {
        let mut out = vec![false; w * h];
        walk(&tri, w, h, &mut |y: usize, x0: usize, x1: usize| {
            for x in x0..x1 {
                assert!(!out[y * w + x], "span overlap");
                out[y * w + x] = true;
            }
        });
        out
    }

    #[test]
    fn walker_matches_brute_force_edge_functions() {
        let mut s = 0x1234_5678u32;
        let mut rnd = |m: f32| {
            s ^= s << 13;
            s ^= s >> 17;
            s ^= s << 5;
            (s % 10_000) as f32 / 10_000.0 * m
        };
        for i in 0..3000 {
            let k = if i % 3 == 0 { 2.0 } else { 256.0 };
            let mut p = || {
                // mix of on-grid (ties with centres) and random sub-pixel positions
                let x = (rnd(44.0) - 2.0) * k;
                let y = (rnd(44.0) - 2.0) * k;
                [x.round() / k, y.round() / k]
            };
            let tri = [p(), p(), p()];
            assert_eq!(spans(tri, 40, 40), brute(tri, 40, 40), "{tri:?}");
        }
    }

    #[test]
    fn snap_rounds_half_away() {
        assert_eq!(snap(1.0), 256);
        assert_eq!(snap(-1.0), -256);
        assert_eq!(snap(0.5 / 256.0), 1);
        assert_eq!(snap(-0.5 / 256.0), -1);
        assert_eq!(snap(0.4 / 256.0), 0);
    }
}
