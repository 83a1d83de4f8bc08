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
//! linear in the row, so the quotient is stepped incrementally (a DDA with an exact
//! remainder, see [`Dda`]): per row one add and one add-with-carry per edge, no division.
//! The span `[left, right)` is then clipped to the target and handed to a tight fill
//! loop. Per triangle the setup costs three `f64` reciprocals (exactly corrected).
//!
//! The triangle is split at its middle vertex so each scanline only looks at the long
//! edge and one short edge. Rows are half-open in y (`y0 <= centre < y2`), which is the
//! same top-left rule for horizontal edges.

use crate::clip::{clip_to_guard, inside_guard, CLIP_CAP};

/// Receives the spans of a triangle. A trait rather than a closure so the per-span body
/// is reliably inlined into the row loop (it is called from two places, the upper and
/// lower half, which makes LLVM reluctant to inline a closure).
pub(crate) trait SpanSink {
    /// Pixels `[x0, x1)` of row `y` (a row of the whole frame, inside the walked row
    /// range), already clipped to the target; never empty.
    fn span(&mut self, y: usize, x0: usize, x1: usize);
}

/// The rows `[top, bottom)` of the frame a walk emits (a framebuffer's band).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RowRange {
    pub(crate) top: usize,
    pub(crate) bottom: usize,
}

impl RowRange {
    /// Rows `0..h`.
    #[inline(always)]
    pub(crate) fn whole(h: usize) -> RowRange {
        RowRange { top: 0, bottom: h }
    }

    /// The rows a framebuffer holds (its band, clipped to the pixels that exist).
    #[inline(always)]
    pub(crate) fn of(fb: &crate::framebuffer::Framebuffer) -> RowRange {
        RowRange {
            top: fb.row0(),
            bottom: fb.rows(),
        }
    }
}

/// Any closure is a sink too, for the cold paths and tests.
impl<F: FnMut(usize, usize, usize)> SpanSink for F {
    #[inline(always)]
    fn span(&mut self, y: usize, x0: usize, x1: usize) {
        self(y, x0, x1)
    }
}

/// Largest framebuffer side the walker draws into; rows and columns past it are left
/// untouched. It keeps the fixed-point edge stepping provably exact and matches the
/// guard band, which must be larger than the target.
pub const MAX_DIM: usize = 1 << 15;

/// Sub-pixel bits of the fixed-point vertex positions (1/256 px).
pub const SUBPIXEL_BITS: u32 = 8;
const SUB: i64 = 1 << SUBPIXEL_BITS;
const HALF: i64 = SUB / 2;

/// Rounds a pixel coordinate to fixed point (half away from zero, cheap and portable:
/// no `round()` libm call on baseline x86-64). Only called on coordinates inside the
/// guard band, where the result fits easily.
#[inline(always)]
pub(crate) fn snap(v: f32) -> i32 {
    debug_assert!(v.abs() <= crate::clip::GUARD as f32);
    let t = v * SUB as f32;
    // SAFETY: |v| <= GUARD = 2^15, so |t| <= 2^23 + 0.5: finite and in i32 range.
    // (The checked `as` costs a compare and two cmovs per coordinate.)
    unsafe { (t + 0.5f32.copysign(t)).to_int_unchecked::<i32>() }
}

#[inline(always)]
fn snap64(v: f64) -> i32 {
    debug_assert!(v.abs() <= crate::clip::GUARD);
    let t = v * SUB as f64;
    // SAFETY: clipped to the guard box: |t| <= 2^23 + 0.5.
    unsafe { (t + 0.5f64.copysign(t)).to_int_unchecked::<i32>() }
}

/// First row whose pixel centre is at or below fixed-point `y`.
#[inline(always)]
fn ceil_row(y: i64) -> i64 {
    (y - HALF + SUB - 1) >> SUBPIXEL_BITS
}

/// Exact incremental `ceil(N(row) / K)` for one edge from the top point `p` to the bottom
/// point `q`: the x of the first pixel whose centre is right of (or on) the edge.
///
/// The textbook DDA keeps the quotient `q` and the remainder `r` in `[0, K)` and per row
/// adds `dq`, `dr` and carries when `r >= K`. Here the remainder is kept as the fraction
/// `r / K` in 0.64 fixed point, so the carry is the carry flag of one 64-bit add and a
/// row step is `add` + `adc`. That is still exact: the fraction and its step are rounded
/// *up* (by less than 2^-49), so the stored fraction is never below the true one and
/// exceeds it by less than `(rows + 2) · 2^-49`. A true carry (sum reaching 1) therefore
/// always carries, and a true non-carry (sum at most `1 - 1/K`, which is exactly where
/// the fill rule's ties sit, thanks to the `K - 1` of the ceiling) never does, as long
/// as `(rows + 2) · 2^-49 < 1/K`. With `K <= 2^32` (guard band) and at most 2^15 rows
/// (the walker never walks more: see [`MAX_DIM`]) that holds with a factor 4 to spare.
#[derive(Clone, Copy)]
struct Dda {
    q: i64,
    f: u64,
    dq: i64,
    df: u64,
}

/// Fraction `r / k` (`0 <= r < k`) in 0.64 fixed point, rounded up (see [`Dda`]).
#[inline(always)]
fn frac64(r: i64, inv_k: f64) -> u64 {
    // 2^-50 upward bias covers the two roundings of `r * inv_k` (< 2^-52 together).
    // Converted at 2^63 scale through i64 (one instruction; x86-64 has no direct
    // f64 -> u64), then shifted: the lost lowest bit is far below the 2^-49 budget,
    // and the truncation it stands for is covered by the bias as well.
    let v = (r as f64 * inv_k + 1.0 / (1u64 << 50) as f64) * 9223372036854775808.0;
    debug_assert!((0.0..9223372036854775808.0).contains(&v));
    // SAFETY: r < k, so v < (1 - 1/k + 2^-50) * 2^63 < 2^63, and v >= 0.
    (unsafe { v.to_int_unchecked::<i64>() } as u64) << 1
}

impl Dda {
    /// The edge's state at row `row`, whatever the row: `N(row)` is computed exactly in
    /// `i64` (|N| < 2^50 inside the guard band), then divided exactly, so a walk that
    /// starts at a clipped top row (a band's first row) has the very quotient and
    /// remainder a walk stepped down to it from the triangle's top would have.
    #[inline(always)]
    fn new(px: i64, py: i64, qx: i64, qy: i64, row: i64) -> Dda {
        let d = qy - py; // > 0
        let k = d * SUB;
        let dx = qx - px;
        let yc = row * SUB + HALF;
        // centre_x * d >= px * d + dx * (yc - py)   <=>   x * K >= N
        let n = dx * (yc - py) + (px - HALF) * d;
        let m = n + k - 1; // ceil(n / k) == floor(m / k)
        let inv_k = 1.0 / k as f64;
        let (q, r) = floor_divmod(m, k, inv_k);
        let (dq, dr) = floor_divmod(dx * SUB, k, inv_k);
        Dda {
            q,
            f: frac64(r, inv_k),
            dq,
            df: frac64(dr, inv_k),
        }
    }

    /// `(a, b)` if `c` else `(b, a)`, field by field with selects (cmov), no branch.
    #[inline(always)]
    fn order(c: bool, a: Dda, b: Dda) -> (Dda, Dda) {
        (Dda::pick(c, a, b), Dda::pick(!c, a, b))
    }

    #[inline(always)]
    fn pick(c: bool, a: Dda, b: Dda) -> Dda {
        let s = |x: i64, y: i64| if c { x } else { y };
        let u = |x: u64, y: u64| if c { x } else { y };
        Dda {
            q: s(a.q, b.q),
            f: u(a.f, b.f),
            dq: s(a.dq, b.dq),
            df: u(a.df, b.df),
        }
    }

    #[inline(always)]
    fn step(&mut self) {
        let (f, carry) = self.f.overflowing_add(self.df);
        self.f = f;
        self.q += self.dq + carry as i64;
    }
}

/// Exact `(floor(m / k), m mod k)` for `k > 0`. The quotient is estimated with one
/// float multiply (a pipelined reciprocal is several times cheaper than two 64-bit
/// integer divisions per edge) and corrected with the exact integer remainder, so the
/// result is bit-exact. `|m| < 2^53`, so `m as f64` is exact and the estimate is off
/// by at most one.
#[inline(always)]
fn floor_divmod(m: i64, k: i64, inv_k: f64) -> (i64, i64) {
    let est = m as f64 * inv_k;
    debug_assert!(est.abs() < 9.0e15);
    // SAFETY: |m| < 2^53 and k >= 1, so the estimate is finite and far inside i64.
    let mut q = unsafe { est.to_int_unchecked::<i64>() };
    let mut r = m - q * k;
    // `as` truncates, so negative quotients usually come out one too high: fix that
    // branch-free (the sign of edges is random, a branch here would mispredict half the
    // time), then the rare leftovers with loops that are almost never entered.
    let neg = r >> 63;
    q += neg;
    r += k & neg;
    while r < 0 {
        q -= 1;
        r += k;
    }
    while r >= k {
        q += 1;
        r -= k;
    }
    (q, r)
}

/// Walks the covered spans of a fixed-point triangle clipped to `[0, w) × [top, bottom)`,
/// calling `f(y, x0, x1)` for each non-empty span `[x0, x1)`, top to bottom.
/// Degenerate (zero-area) triangles produce nothing.
///
/// Rows above `top` are not stepped through: the edges' DDAs are set up directly at the
/// first row walked ([`Dda::new`] is exact at any row), so a row's span is the same
/// whatever the row range, and a frame walked band by band gives the spans of the frame
/// walked whole.
#[inline(always)]
pub(crate) fn walk_fixed<F: SpanSink>(v: [[i32; 2]; 3], w: usize, rows: RowRange, f: &mut F) {
    // Sort by y with selects rather than swaps: the order of random triangles is
    // unpredictable and each mispredicted swap costs as much as a few rows.
    let [p, q, r] = v;
    let (a, b) = if q[1] < p[1] { (q, p) } else { (p, q) };
    let (b, c) = if r[1] < b[1] { (r, b) } else { (b, r) };
    let (a, b) = if b[1] < a[1] { (b, a) } else { (a, b) };
    let (x0, y0) = (a[0] as i64, a[1] as i64);
    let (x1, y1) = (b[0] as i64, b[1] as i64);
    let (x2, y2) = (c[0] as i64, c[1] as i64);
    let area = (x1 - x0) * (y2 - y0) - (y1 - y0) * (x2 - x0);
    if area == 0 {
        return;
    }
    let r1 = ceil_row(y1);
    let ra = ceil_row(y0).max(rows.top as i64);
    let rb = ceil_row(y2).min(rows.bottom as i64);
    if ra >= rb {
        return;
    }
    // Spans only need clipping in x when the bounding box leaves the target.
    let xmin = x0.min(x1).min(x2);
    let xmax = x0.max(x1).max(x2);
    let inside = xmin >= 0 && xmax <= (w as i64) << SUBPIXEL_BITS;
    // Middle vertex right of the long edge (area > 0 with y down) => long edge is left.
    // That is a coin flip per triangle, so it is a select in the row loop, not a branch.
    let long_left = area > 0;
    if inside {
        halves::<false, F>(x0, y0, x1, y1, x2, y2, r1, ra, rb, long_left, w, f)
    } else {
        halves::<true, F>(x0, y0, x1, y1, x2, y2, r1, ra, rb, long_left, w, f)
    }
}

/// Upper half (long edge + top edge) then lower half (long edge + bottom edge).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn halves<const CLIP: bool, F: SpanSink>(
    x0: i64,
    y0: i64,
    x1: i64,
    y1: i64,
    x2: i64,
    y2: i64,
    r1: i64,
    ra: i64,
    rb: i64,
    long_left: bool,
    w: usize,
    f: &mut F,
) {
    let mut long = Dda::new(x0, y0, x2, y2, ra);
    let top_end = r1.min(rb);
    if ra < top_end {
        let short = Dda::new(x0, y0, x1, y1, ra);
        // Branch-free swap into (left, right) so the row loop has no select and the
        // coin-flip orientation costs no misprediction.
        let (mut l, mut r) = Dda::order(long_left, long, short);
        run::<CLIP, F>(&mut l, &mut r, ra, top_end, w as i64, f);
        long = Dda::pick(long_left, l, r);
    }
    let bot_start = r1.max(ra);
    if bot_start < rb {
        let short = Dda::new(x1, y1, x2, y2, bot_start);
        let (mut l, mut r) = Dda::order(long_left, long, short);
        run::<CLIP, F>(&mut l, &mut r, bot_start, rb, w as i64, f);
    }
}

/// Rows `ya..yb` between a left and a right edge.
#[inline(always)]
fn run<const CLIP: bool, F: SpanSink>(
    l: &mut Dda,
    r: &mut Dda,
    ya: i64,
    yb: i64,
    w: i64,
    f: &mut F,
) {
    for y in ya..yb {
        let (x0, x1) = if CLIP {
            (l.q.max(0), r.q.min(w))
        } else {
            (l.q, r.q)
        };
        if x0 < x1 {
            f.span(y as usize, x0 as usize, x1 as usize);
        }
        l.step();
        r.step();
    }
}

/// Walks the spans of a float triangle in rows `rows` of a `w`-wide target: snaps it to
/// fixed point when it is inside the guard band (the common case), otherwise clips it in
/// `f64` first and walks the fan of the clipped polygon. Non-finite input draws nothing.
#[inline(always)]
pub(crate) fn walk<F: SpanSink>(tri: &[[f32; 2]; 3], w: usize, rows: RowRange, f: &mut F) {
    let w = w.min(MAX_DIM);
    let rows = RowRange {
        top: rows.top,
        bottom: rows.bottom.min(MAX_DIM),
    };
    if w == 0 || rows.top >= rows.bottom {
        return;
    }
    if inside_guard(tri) {
        let v = [
            [snap(tri[0][0]), snap(tri[0][1])],
            [snap(tri[1][0]), snap(tri[1][1])],
            [snap(tri[2][0]), snap(tri[2][1])],
        ];
        walk_fixed(v, w, rows, f);
    } else {
        walk_clipped(tri, w, rows, f);
    }
}

/// [`walk`], through [`walk_avx2`] when the CPU has AVX2 (checked once, then one
/// predictable branch per triangle), so generic sinks get vectorised with AVX2 too.
#[inline(always)]
pub(crate) fn walk_dispatch<F: SpanSink>(tri: &[[f32; 2]; 3], w: usize, rows: RowRange, f: &mut F) {
    #[cfg(target_arch = "x86_64")]
    {
        if crate::blend::simd::has_avx2() {
            // SAFETY: AVX2 support was just checked at run time.
            unsafe { walk_avx2(tri, w, rows, f) };
            return;
        }
    }
    walk(tri, w, rows, f)
}

/// [`walk`] compiled with AVX2 enabled, so sinks built on the AVX2 span kernels inline
/// into the row loop. Callers pick it once per triangle after checking the CPU.
///
/// # Safety
/// The CPU must support AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
pub(crate) unsafe fn walk_avx2<F: SpanSink>(
    tri: &[[f32; 2]; 3],
    w: usize,
    rows: RowRange,
    f: &mut F,
) {
    walk(tri, w, rows, f)
}

#[inline(never)]
fn walk_clipped<F: SpanSink>(tri: &[[f32; 2]; 3], w: usize, rows: RowRange, f: &mut F) {
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
        walk_fixed([fx[0], fx[i], fx[i + 1]], w, rows, f);
    }
}

/// Covered pixel count of one triangle in a `w × h` target (used by tests and benches
/// to compute areas without drawing).
pub fn coverage_count(tri: [[f32; 2]; 3], w: usize, h: usize) -> usize {
    let mut n = 0;
    walk(
        &tri,
        w,
        RowRange::whole(h),
        &mut |_: usize, x0: usize, x1: usize| n += x1 - x0,
    );
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
        let mut area =
            (v[1][0] - v[0][0]) * (v[2][1] - v[0][1]) - (v[1][1] - v[0][1]) * (v[2][0] - v[0][0]);
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
        walk(
            &tri,
            w,
            RowRange::whole(h),
            &mut |y: usize, x0: usize, x1: usize| {
                for x in x0..x1 {
                    assert!(!out[y * w + x], "span overlap");
                    out[y * w + x] = true;
                }
            },
        );
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

    /// Long edges with huge slopes stepped over many rows: the 0.64 fixed-point
    /// remainder must make exactly the carries of the exact integer DDA.
    #[test]
    fn fixed_point_dda_is_exact_over_many_rows() {
        let (w, h) = (12, 20_000);
        let mut s = 0x2545_F491u32;
        let mut rnd = |m: u32| {
            s ^= s << 13;
            s ^= s >> 17;
            s ^= s << 5;
            s % m
        };
        for i in 0..24 {
            // Vertices far outside the narrow, tall target, inside the guard band, on
            // the half-pixel grid for every other triangle (ties with centres).
            let k: u32 = if i % 2 == 0 { 2 } else { 256 };
            let mut v = || {
                let x = rnd(60_000 * k) as f32 / k as f32 - 30_000.0;
                let y = rnd(44_000 * k) as f32 / k as f32 - 12_000.0;
                [x, y]
            };
            let tri = [v(), v(), v()];
            assert_eq!(spans(tri, w, h), brute(tri, w, h), "{tri:?}");
        }
        // A sliver through the whole height, nearly vertical: one carry every few
        // thousand rows, crossing pixel centres exactly.
        let tri = [[5.5, -0.5], [6.5, 20_000.5], [5.5, 20_000.5]];
        assert_eq!(spans(tri, w, h), brute(tri, w, h));
    }

    /// A walk over any row range emits exactly the spans of the whole walk that lie in
    /// it: the DDAs set up at a clipped top row agree with those stepped down to it.
    #[test]
    fn row_ranges_cut_the_whole_walk_exactly() {
        let mut s = 0x0BAD_5EEDu32;
        let mut rnd = |m: u32| {
            s ^= s << 13;
            s ^= s >> 17;
            s ^= s << 5;
            s % m
        };
        let (w, h) = (37usize, 300usize);
        for i in 0..4000 {
            // Small, screen-sized and far-off-screen (guard-clipped) triangles, on the
            // half-pixel grid for every other one.
            let (k, span, off) = match i % 4 {
                0 => (2u32, 40 * 2, 0.0),
                1 => (256, 400 * 256, 50.0),
                2 => (256, 3_000_000 * 256, 1_500_000.0),
                _ => (2, 80_000 * 2, 40_000.0),
            };
            let mut v = || {
                let x = rnd(span) as f32 / k as f32 - off;
                let y = rnd(span) as f32 / k as f32 - off;
                [x, y]
            };
            let tri = [v(), v(), v()];
            let mut whole = Vec::new();
            walk(
                &tri,
                w,
                RowRange::whole(h),
                &mut |y: usize, a: usize, b: usize| whole.push((y, a, b)),
            );
            let top = rnd(h as u32) as usize;
            let bottom = top + rnd((h - top) as u32 + 1) as usize;
            let mut band = Vec::new();
            walk(
                &tri,
                w,
                RowRange { top, bottom },
                &mut |y: usize, a: usize, b: usize| band.push((y, a, b)),
            );
            let want: Vec<_> = whole
                .iter()
                .copied()
                .filter(|&(y, _, _)| (top..bottom).contains(&y))
                .collect();
            assert_eq!(band, want, "{tri:?} rows {top}..{bottom}");
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
