//! The fused post pass: light × albedo, desaturation, vignette and film grain in one
//! sweep over the frame, in place in the albedo buffer.
//!
//! # Why one fused pass
//! At 1280×720 each input buffer is 3.7 MB, far more than L2. Separate passes would
//! stream the frame through memory once per effect; fused, `light` is read once and
//! `albedo` is read and written once, and everything else lives in small tables (one
//! entry per column, one per row, a 4096-entry grain table) that stay in L1.
//!
//! # Two kernels, identical pixels
//! * Portable: plain Rust, 8 pixels per step with each channel in a `[u16; 8]`, which
//!   LLVM turns into one 128-bit vector per channel on baseline x86-64 (SSE2:
//!   `pmullw`, `pmulhuw`, `pminsw`) and into whatever the target has elsewhere.
//! * AVX2 (x86-64): hand-written intrinsics, 16 pixels per step, chosen at run time
//!   with the rest of the crate's kernels (`RASTER_NO_AVX2=1` forces the portable one).
//!
//! Every intermediate fits in a 16-bit lane (all factors are ≤ 128), so both kernels
//! multiply 16-bit lanes only, and never widen a channel to 32 bits.
//!
//! # Speed
//! 1280×720 with every effect on, one core of the Sapphire Rapids dev machine: about
//! 0.4–0.5 ms with AVX2 and 1.0 ms portable (`cargo bench -p raster --bench post`).

use crate::framebuffer::Framebuffer;

/// Light level of 1.0 in a light buffer channel.
pub const LIGHT_ONE: u8 = 128;

/// How the post pass looks this frame. Every level is `0..=128`; larger values act as 128.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct PostParams {
    /// 0..=128: how far colours are pulled toward their luma (128 = grey).
    pub desaturate: u8,
    /// 0..=128: vignette darkening at the corners (0 = none).
    pub vignette: u8,
    /// 0..=128: film grain amplitude (0 = none).
    pub grain: u8,
    /// Grain pattern for this frame (the caller draws it from its cosmetic RNG each frame).
    pub grain_seed: u32,
}

/// Length of the grain noise table (a power of two). Each row of a frame reads a window
/// of the table starting at a hashed per-row, per-seed offset.
const NOISE_LEN: usize = 4096;

/// `NOISE_LEN` values in `-128..=127`, every value exactly 16 times, in a fixed
/// pseudo-random order (Fisher–Yates with SplitMix64, computed at compile time). Exactly
/// uniform over the table, so the grain adds no bias beyond the −½ of the range itself.
/// Every row is a window of this table, so its autocorrelation is the grain's: the
/// shuffle seed was picked (among 60 consecutive ones) for the smallest worst
/// autocorrelation over lags 1..=8, 0.015 (a random shuffle of 4096 gives ±0.016 per
/// lag), which `tests::grain_looks_like_uniform_white_noise` checks.
static NOISE: [i8; NOISE_LEN] = make_noise();

const fn make_noise() -> [i8; NOISE_LEN] {
    let mut t = [0i8; NOISE_LEN];
    let mut i = 0;
    while i < NOISE_LEN {
        t[i] = i as u8 as i8;
        i += 1;
    }
    let mut s: u64 = 0x5EED_F11E_6BA1_0C18;
    let mut i = NOISE_LEN - 1;
    while i > 0 {
        s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = s;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        let j = (z % (i as u64 + 1)) as usize;
        let tmp = t[i];
        t[i] = t[j];
        t[j] = tmp;
        i -= 1;
    }
    t
}

/// Start of row `y`'s window into the noise table for `seed`: the top 12 bits of the
/// murmur3 finaliser of `seed ^ (y · 0x9E3779B9)`.
#[inline]
fn grain_offset(y: usize, seed: u32) -> usize {
    let mut h = seed ^ (y as u32).wrapping_mul(0x9E37_79B9);
    h ^= h >> 16;
    h = h.wrapping_mul(0x85EB_CA6B);
    h ^= h >> 13;
    h = h.wrapping_mul(0xC2B2_AE35);
    h ^= h >> 16;
    (h >> 20) as usize
}

/// The grain value at pixel `(x, y)` for `seed`, in `-128..=127`:
///
/// `n = NOISE[(x + offset(y, seed)) mod 4096]`, where `NOISE` is a fixed shuffled table
/// holding every value of `-128..=127` exactly 16 times, and `offset(y, seed)` is the
/// top 12 bits of the murmur3 finaliser (`h ^= h >> 16; h *= 0x85EBCA6B; h ^= h >> 13;
/// h *= 0xC2B2AE35; h ^= h >> 16`) of `h = seed ^ (y · 0x9E3779B9)` (wrapping `u32`).
///
/// Why a table and not a hash per pixel: a row of grain is then a contiguous window of
/// a precomputed table, which the SIMD kernels read like any other row instead of
/// spending 32-bit multiplies per pixel. Neighbours along a row are independent table
/// entries (white noise), every row starts at an unrelated offset (no vertical
/// structure), and a new seed moves every row's window, so consecutive frames share no
/// pattern.
pub fn grain_noise(x: usize, y: usize, seed: u32) -> i8 {
    NOISE[x.wrapping_add(grain_offset(y, seed)) & (NOISE_LEN - 1)]
}

/// Darkening contributed by one axis, `0..=vignette/2`: with the pixel centre at
/// normalised distance `u/256` from the middle of an axis of `n` pixels,
/// `u = min(256, 256·|2i + 1 − n| / n)` and `t = max(0, u − 64)`:
/// `h = vignette · t² / 73728` (73728 = 2 · 192²).
#[inline]
fn vignette_axis(i: usize, n: usize, vignette: u32) -> u32 {
    if n == 0 {
        return 0;
    }
    let n = n as u64;
    let d = (i as u64).saturating_mul(2).saturating_add(1).abs_diff(n);
    let u = if d >= n {
        256
    } else {
        match d.checked_mul(256) {
            Some(d256) => (d256 / n) as u32,
            None => ((d as u128 * 256) / n as u128) as u32,
        }
    };
    let t = u.saturating_sub(64);
    vignette * t * t / 73_728
}

/// The vignette factor `v(x, y)` in `0..=128` for a `width × height` frame:
///
/// `v = 128 − h(x, width) − h(y, height)`, where per axis, with the pixel centre at
/// normalised distance `u/256` from the middle (`u = min(256, 256·|2i + 1 − n| / n)`,
/// integer division: 0 at the centre, 256 at the edge) and `t = max(0, u − 64)`:
/// `h(i, n) = min(vignette, 128) · t² / 73728` (73728 = 2 · 192², so `h ≤ vignette/2`).
///
/// Why this shape: it is exactly 128 (no change) in the middle quarter of both axes
/// (and a little beyond, by rounding), then falls off smoothly (quadratically, from zero
/// slope) to about `128 − vignette/2` at the middle of the edges and `128 − vignette` in
/// the corners, darkening mostly the outer third of the frame. Summing the two axes
/// gives rounded-rectangle contours (circular arcs toward the corners) that follow the
/// frame's aspect ratio, and it is separable: the kernels keep `4·h(x)` per column and
/// `4·(128 − h(y))` per row, and `4v` costs one 16-bit subtraction per pixel.
pub fn vignette_factor(x: usize, y: usize, width: usize, height: usize, vignette: u8) -> u8 {
    let vig = vignette.min(128) as u32;
    (128 - vignette_axis(x, width, vig) - vignette_axis(y, height, vig)) as u8
}

/// One pixel of the pass ([`post_process`]'s formulas). `k`, `q`, `v` ≤ 128.
#[inline]
fn post_pixel(albedo: u32, light: u32, k: u32, v: u32, n: i32, q: i32) -> u32 {
    let ch = |p: u32, s: u32| (p >> s) & 255;
    let lit = |s: u32| ((ch(albedo, s) * ch(light, s)) >> 7).min(255);
    let (r, g, b) = (lit(16), lit(8), lit(0));
    let luma_k = ((77 * r + 150 * g + 29 * b) * k) >> 8;
    let grain = (n * q) >> 7;
    let out = |c: u32| {
        let x = c * (128 - k) + luma_k;
        let e = ((x * v) >> 14) as i32;
        (e + grain).clamp(0, 255) as u32
    };
    (out(r) << 16) | (out(g) << 8) | out(b)
}

/// The region the pass touches: the columns and rows both buffers have.
fn overlap(albedo: &Framebuffer, light: &Framebuffer) -> (usize, usize) {
    (
        albedo.width.min(light.width),
        albedo.rows().min(light.rows()),
    )
}

/// Scalar reference for [`post_process`]: its formulas written out pixel by pixel.
/// Slow (tens of milliseconds at 1280×720); it is the specification the fast kernels
/// are tested against. Same size rules as [`post_process`].
pub fn post_process_reference(albedo: &mut Framebuffer, light: &Framebuffer, p: &PostParams) {
    let (w, h) = overlap(albedo, light);
    let k = p.desaturate.min(128) as u32;
    let q = p.grain.min(128) as i32;
    let (aw, ah, lw) = (albedo.width, albedo.height, light.width);
    for y in 0..h {
        for x in 0..w {
            let v = vignette_factor(x, y, aw, ah, p.vignette) as u32;
            let n = grain_noise(x, y, p.grain_seed) as i32;
            let i = y * aw + x;
            albedo.pixels[i] = post_pixel(albedo.pixels[i], light.pixels[y * lw + x], k, v, n, q);
        }
    }
}

/// `out = grain + vignette × desaturate(albedo × light)`, per pixel, in place in
/// `albedo`, in one pass that reads `light` once.
///
/// # Sizes
/// The pass covers the columns and rows both buffers have (the smaller width × the fewer
/// rows); pixels of `albedo` outside that region are left as they are. The vignette is
/// always centred on `albedo`'s own `width × height`. Zero-sized or mismatched buffers
/// never panic.
///
/// # Exact integer semantics
/// Per pixel `(x, y)` and channel `c ∈ {r, g, b}`, all integer, with
/// `k = min(desaturate, 128)` and `q = min(grain, 128)` (`>>` on a signed value is an
/// arithmetic shift, i.e. floor):
///
/// 1. `lit_c = min(255, (albedo_c · light_c) >> 7)`: light 128 ([`LIGHT_ONE`]) shows the
///    albedo unchanged, 255 almost doubles it.
/// 2. `s = 77·lit_r + 150·lit_g + 29·lit_b`: the luma times 256 (`0..=65280`).
/// 3. `X_c = lit_c·(128 − k) + ((s · k) >> 8)`: 128 × the channel pulled toward the luma
///    (`0..=32640`).
/// 4. `v = `[`vignette_factor`]`(x, y, albedo.width, albedo.height, vignette)` in
///    `0..=128`, and `e_c = (X_c · v) >> 14`.
/// 5. `n = `[`grain_noise`]`(x, y, grain_seed)` in `-128..=127`, the same for r, g and b
///    (monochrome grain), and `out_c = clamp(e_c + ((n · q) >> 7), 0, 255)`.
///
/// [`post_process_reference`] is this list written out pixel by pixel; both fast kernels
/// are tested to be bit-identical to it.
///
/// # Rounding, and why it is not the textbook one
/// The textbook chain `luma = s >> 8`, `d_c = lit_c + (((luma − lit_c)·k) >> 7)`,
/// `e_c = (d_c · v) >> 7` floors three times. Steps 3 and 4 above floor once: the
/// luma keeps its fraction in `(s · k) >> 8`, and the vignette multiplies the
/// desaturated value before it is rounded. The result is the same whenever `k = 0`, and
/// whenever `k = 128` and `v = 128` (`out = luma`); otherwise it is at most 2 levels
/// brighter (at most 1 without vignette; tested). In exchange, SIMD gets `s · k`
/// straight out of `vpmaddwd` with `k`-scaled weights, and `(X · v) >> 14` is one
/// `mulhi(X, 4v)`: the AVX2 loop needs 16 instructions per 16 pixels on the
/// multiply/shift ports, which bound it, instead of 24.
///
/// # Cost
/// Builds its tables on every call (tens of microseconds at 1280×720); a [`PostPass`]
/// kept across frames rebuilds them only when something they depend on changes.
pub fn post_process(albedo: &mut Framebuffer, light: &Framebuffer, p: &PostParams) {
    PostPass::new().run(albedo, light, p);
}

/// Which kernel [`PostPass::run_kernel`] uses (for tests and benchmarks).
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PostKernel {
    Portable,
    Avx2,
}

/// [`post_process`] with reusable tables: keep one per frame pipeline and call
/// [`PostPass::run`] every frame.
///
/// The tables (per column and per row for the vignette, and the grain table at the
/// current grain level: 15 KB for the portable kernel, 55 KB for AVX2 at 1280×720) are
/// rebuilt only when the frame size, `vignette` or `grain` change; `desaturate` and
/// `grain_seed` cost nothing to change.
#[derive(Clone, Debug, Default)]
pub struct PostPass {
    t: Tables,
    /// (kernel, albedo width × height, processed width × rows, vignette) the vignette
    /// tables were built for.
    vig_key: Option<(PostKernel, [usize; 4], u8)>,
    /// (kernel, processed width, grain) the grain tables were built for.
    grain_key: Option<(PostKernel, usize, u8)>,
}

/// The tables of one kernel (the other kernel's stay empty).
#[derive(Clone, Debug, Default)]
struct Tables {
    /// Per row `y`: `4·(128 − h(y))`, so that `4v = rows[y] − 4·h(x)`.
    rows: Vec<u16>,
    /// Portable: per column, `4·h(x)`.
    cols16: Vec<u16>,
    /// Portable: the grain term `g(i) = (NOISE[i mod 4096] · grain) >> 7` for
    /// `i < 4096 + width`, so that every row's window is contiguous.
    grain16: Vec<i16>,
    /// AVX2: `4·h(x)` in both 16-bit halves (the blue/red lanes of pixel `x`).
    cols: Vec<u32>,
    /// AVX2: `4·h(x)` low and `4·h(x + 8)` high (the paired green lanes; 0 past the end).
    cols_g: Vec<u32>,
    /// AVX2: `g(i)` in both halves, and `g(i)` low with `g(i + 8)` high.
    grain: Vec<u32>,
    grain_g: Vec<u32>,
}

impl PostPass {
    pub fn new() -> PostPass {
        PostPass::default()
    }

    /// Runs the pass (see [`post_process`] for semantics and size rules), with the AVX2
    /// kernel when the CPU has it (and `RASTER_NO_AVX2` is not set).
    pub fn run(&mut self, albedo: &mut Framebuffer, light: &Framebuffer, p: &PostParams) {
        let kernel = if crate::blend::simd::has_avx2() {
            PostKernel::Avx2
        } else {
            PostKernel::Portable
        };
        self.run_kernel(albedo, light, p, kernel);
    }

    /// Runs the pass with the given kernel, whatever `RASTER_NO_AVX2` says. Returns
    /// `false` without touching anything when the CPU cannot run that kernel.
    #[doc(hidden)]
    pub fn run_kernel(
        &mut self,
        albedo: &mut Framebuffer,
        light: &Framebuffer,
        p: &PostParams,
        kernel: PostKernel,
    ) -> bool {
        if kernel == PostKernel::Avx2 && !avx2_available() {
            return false;
        }
        let (w, h) = overlap(albedo, light);
        if w == 0 || h == 0 {
            return true;
        }
        let size = [albedo.width, albedo.height, w, h];
        self.prepare(kernel, size, p.vignette.min(128), p.grain.min(128));
        let k = p.desaturate.min(128) as u16;
        let t = &self.t;
        let (aw, lw) = (albedo.width, light.width);
        let rows = albedo
            .pixels
            .chunks_exact_mut(aw)
            .zip(light.pixels.chunks_exact(lw))
            .zip(&t.rows)
            .take(h)
            .enumerate()
            .map(|(y, ((a, l), &k4))| (&mut a[..w], &l[..w], k4, grain_offset(y, p.grain_seed)));
        match kernel {
            PostKernel::Portable => {
                for (a, l, k4, off) in rows {
                    let rc = RowConsts { k, k4 };
                    portable::row(a, l, &t.cols16[..w], &t.grain16[off..off + w], rc);
                }
            }
            #[cfg(target_arch = "x86_64")]
            PostKernel::Avx2 => {
                // SAFETY (both calls): AVX2 support was checked above.
                let kernel = unsafe { avx2::Kernel::new(k) };
                for (a, l, k4, off) in rows {
                    let r = avx2::Rows {
                        l,
                        cols: &t.cols[..w],
                        cols_g: &t.cols_g[..w],
                        grain: &t.grain[off..off + w],
                        grain_g: &t.grain_g[off..off + w],
                    };
                    unsafe { kernel.row(a, &r, k4) }
                }
            }
            #[cfg(not(target_arch = "x86_64"))]
            PostKernel::Avx2 => unreachable!("checked above"),
        }
        true
    }

    /// (Re)builds the tables `kernel` needs for an `aw × ah` albedo processed over its
    /// first `w` columns and `h` rows (`size = [aw, ah, w, h]`).
    fn prepare(&mut self, kernel: PostKernel, size: [usize; 4], vig: u8, grain: u8) {
        let [aw, ah, w, h] = size;
        let t = &mut self.t;
        if self.vig_key != Some((kernel, size, vig)) {
            let hx: Vec<u32> = (0..w)
                .map(|x| 4 * vignette_axis(x, aw, vig as u32))
                .collect();
            t.rows.clear();
            t.rows
                .extend((0..h).map(|y| (4 * (128 - vignette_axis(y, ah, vig as u32))) as u16));
            t.cols16.clear();
            t.cols.clear();
            t.cols_g.clear();
            match kernel {
                PostKernel::Portable => t.cols16.extend(hx.iter().map(|&h| h as u16)),
                PostKernel::Avx2 => {
                    t.cols.extend(hx.iter().map(|&h| h * 0x0001_0001));
                    t.cols_g.extend(
                        (0..w).map(|x| hx[x] | (hx.get(x + 8).copied().unwrap_or(0) << 16)),
                    );
                }
            }
            self.vig_key = Some((kernel, size, vig));
        }
        if self.grain_key != Some((kernel, w, grain)) {
            let q = grain as i32;
            let g = |i: usize| ((NOISE[i & (NOISE_LEN - 1)] as i32 * q) >> 7) as i16;
            let lane = |i: usize| g(i) as u16 as u32;
            let n = NOISE_LEN + w;
            t.grain16.clear();
            t.grain.clear();
            t.grain_g.clear();
            match kernel {
                PostKernel::Portable => t.grain16.extend((0..n).map(g)),
                PostKernel::Avx2 => {
                    t.grain.extend((0..n).map(|i| lane(i) * 0x0001_0001));
                    t.grain_g
                        .extend((0..n).map(|i| lane(i) | (lane(i + 8) << 16)));
                }
            }
            self.grain_key = Some((kernel, w, grain));
        }
    }
}

/// Whether the CPU can run the AVX2 kernel (ignores `RASTER_NO_AVX2`).
fn avx2_available() -> bool {
    #[cfg(target_arch = "x86_64")]
    return std::arch::is_x86_feature_detected!("avx2");
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// Per-row constants of the portable kernel.
#[derive(Clone, Copy)]
struct RowConsts {
    /// Desaturation `k` (0..=128).
    k: u16,
    /// `4·(128 − h(y))`: the row's part of `4v`.
    k4: u16,
}

/// The portable kernel: 8 pixels per step, each channel in its own `[u16; 8]` (one
/// 128-bit vector of 16-bit lanes). Written as loops over fixed-size arrays that LLVM
/// fully unrolls and re-vectorises 8 lanes wide. The shape matters: a plain loop over
/// the `u32` pixels vectorises only 4 pixels per step (the loop vectoriser sizes vectors
/// by the widest type), wasting half of every 16-bit operation, and assembling the
/// output `u32`s from the channels made LLVM scalarise the whole block; instead the
/// block hands back the pixels' 16-bit halves (`0xGGBB`, `0x00RR`), which it
/// interleaves with two `punpcklwd`.
mod portable {
    use super::RowConsts;

    const N: usize = 8;

    /// Which half of a pixel word holds `0xGGBB` (the other holds `0x00RR`).
    const GB: usize = if cfg!(target_endian = "little") { 0 } else { 1 };

    #[inline(always)]
    fn mulhi(a: u16, b: u16) -> u16 {
        ((a as u32 * b as u32) >> 16) as u16
    }

    /// `N` pixels, returned as the 16-bit halves of their words, in memory order.
    #[inline(always)]
    fn block(
        a: &[u32; N],
        l: &[u32; N],
        cols: &[u16; N],
        grain: &[i16; N],
        c: RowConsts,
    ) -> [u16; 2 * N] {
        let (k8, ik) = (c.k << 8, 128 - c.k);
        let (mut r, mut g, mut b) = ([0u16; N], [0u16; N], [0u16; N]);
        for i in 0..N {
            let lit = |s: u32| {
                let a = ((a[i] >> s) & 0xFF) as u16;
                let l = ((l[i] >> s) & 0xFF) as u16;
                (a.wrapping_mul(l) >> 7).min(255)
            };
            r[i] = lit(16);
            g[i] = lit(8);
            b[i] = lit(0);
        }
        // (s · k) >> 8 = mulhi(s, k << 8): s ≤ 65280 fits a 16-bit lane.
        let mut lk = [0u16; N];
        for i in 0..N {
            let s = (29 * b[i]).wrapping_add(77 * r[i]).wrapping_add(150 * g[i]);
            lk[i] = mulhi(s, k8);
        }
        // e = mulhi(X, 4v) = (X · v) >> 14, plus grain, clamped.
        let (mut er, mut eg, mut eb) = ([0u8; N], [0u8; N], [0u8; N]);
        for i in 0..N {
            let v4 = c.k4.wrapping_sub(cols[i]);
            let gr = grain[i];
            let e = |ch: u16| -> u8 {
                let x = mulhi(ch.wrapping_mul(ik).wrapping_add(lk[i]), v4) as i16;
                x.wrapping_add(gr).clamp(0, 255) as u8
            };
            er[i] = e(r[i]);
            eg[i] = e(g[i]);
            eb[i] = e(b[i]);
        }
        let mut out = [0u16; 2 * N];
        for i in 0..N {
            out[2 * i + GB] = eb[i] as u16 | ((eg[i] as u16) << 8);
            out[2 * i + 1 - GB] = er[i] as u16;
        }
        out
    }

    /// Stores the first `a.len()` pixels of a block's output into `a`.
    #[inline(always)]
    fn put(a: &mut [u32], o: &[u16; 2 * N]) {
        // SAFETY: u16 has no invalid bit patterns and an alignment dividing u32's; the
        // slice covers exactly the bytes of `a`, which it borrows for its lifetime.
        let a = unsafe { core::slice::from_raw_parts_mut(a.as_mut_ptr() as *mut u16, 2 * a.len()) };
        a.copy_from_slice(&o[..a.len()]);
    }

    /// One row: `l`, `cols` (`4·h(x)`) and `grain` (the row's window) as long as `a`.
    #[inline(always)]
    pub(super) fn row(a: &mut [u32], l: &[u32], cols: &[u16], grain: &[i16], c: RowConsts) {
        let n = a.len();
        let (l, cols, grain) = (&l[..n], &cols[..n], &grain[..n]);
        if n < N {
            // Pad to one block; the padding lanes are computed and dropped.
            let (mut pa, mut pl, mut pc, mut pg) = ([0; N], [0; N], [0; N], [0; N]);
            pa[..n].copy_from_slice(a);
            pl[..n].copy_from_slice(l);
            pc[..n].copy_from_slice(cols);
            pg[..n].copy_from_slice(grain);
            put(a, &block(&pa, &pl, &pc, &pg, c));
            return;
        }
        // The ragged end is one block overlapping the previous one, computed from the
        // original pixels before the main loop overwrites them, stored last.
        let t = n - N;
        let tail = block(
            a[t..].try_into().unwrap(),
            l[t..].try_into().unwrap(),
            cols[t..].try_into().unwrap(),
            grain[t..].try_into().unwrap(),
            c,
        );
        for (((a, l), cols), grain) in a
            .chunks_exact_mut(N)
            .zip(l.chunks_exact(N))
            .zip(cols.chunks_exact(N))
            .zip(grain.chunks_exact(N))
        {
            let o = block(
                (&*a).try_into().unwrap(),
                l.try_into().unwrap(),
                cols.try_into().unwrap(),
                grain.try_into().unwrap(),
                c,
            );
            put(a, &o);
        }
        put(&mut a[t..], &tail);
    }
}

/// The AVX2 kernel: 16 pixels per step in three vectors of 16-bit lanes, none wasted:
/// * blue and red of pixels 0..8, and of pixels 8..16 (two lanes per pixel);
/// * the greens of pixel `i` and `i + 8` side by side in lane pair `i`.
///
/// The albedo enters those lanes shifted left by 8 (a `vpshufb` does that for free) and
/// the light doubled, so `lit` is one `vpmulhuw` and a `vpminuw`. `s · k` comes from two
/// `vpmaddwd` per 8 pixels with the luma weights pre-multiplied by `k`, and reaches the
/// lanes through one `vpshufb`; `(X · v) >> 14` is one `vpmulhuw` by `4v`; the grain is a
/// 16-bit add from tables already in lane order; `vpackuswb` clamps to bytes, and one
/// more `vpshufb` per 8 pixels restores `0x00RRGGBB` with a zero top byte.
///
/// That is 47 vector instructions per 16 pixels, 16 of them on the multiply/shift ports
/// (0 and 1 on Intel cores), which is what bounds the loop: every choice above trades a
/// multiply-port instruction for one that can also run on port 5.
#[cfg(target_arch = "x86_64")]
mod avx2 {
    use std::arch::x86_64::*;

    /// One row's read-only inputs, every slice as long as the albedo row (the grain
    /// slices start at the row's offset).
    pub(super) struct Rows<'a> {
        pub(super) l: &'a [u32],
        pub(super) cols: &'a [u32],
        pub(super) cols_g: &'a [u32],
        pub(super) grain: &'a [u32],
        pub(super) grain_g: &'a [u32],
    }

    /// The loop's constants (`k4` set per row, the rest per frame). With 14 of them the
    /// loop runs out of registers and reloads a few per step: a plain load is free, a
    /// 16-bit broadcast (load + shuffle) is not, hence 32-bit splats and `opaque` below.
    #[derive(Clone, Copy)]
    struct Consts {
        /// 0x00FF00FF: the b, r lanes, and 255 in every 16-bit lane.
        m: __m256i,
        rb8: __m256i,
        g8_lo: __m256i,
        g8_hi: __m256i,
        g_lo: __m256i,
        g_hi: __m256i,
        w_rb: __m256i,
        w_g0: __m256i,
        w_g1: __m256i,
        dup_lk: __m256i,
        ik: __m256i,
        k4: __m256i,
        il0: __m256i,
        il1: __m256i,
    }

    /// A `vpshufb` control from per-pixel byte patterns: byte `j` of pixel `i` (of 4 in
    /// a 128-bit lane) takes byte `p(i)[j]` of the lane (−1 = zero).
    #[inline(always)]
    unsafe fn shuffle(p: impl Fn(i8) -> [i8; 4]) -> __m256i {
        let mut c = [0i8; 32];
        for (i, c) in c.chunks_exact_mut(4).enumerate() {
            c.copy_from_slice(&p((i % 4) as i8));
        }
        _mm256_loadu_si256(c.as_ptr() as *const __m256i)
    }

    /// The same byte pattern for every pixel, relative to the pixel (−1 = zero).
    #[inline(always)]
    unsafe fn per_pixel(p: [i8; 4]) -> __m256i {
        shuffle(|i| p.map(|b| if b < 0 { -1 } else { 4 * i + b }))
    }

    /// `v` with its value hidden from LLVM (an empty `asm!` on the register).
    #[target_feature(enable = "avx2")]
    #[inline]
    unsafe fn opaque(mut v: __m256i) -> __m256i {
        std::arch::asm!("/* {0} */", inout(ymm_reg) v, options(pure, nomem, nostack, preserves_flags));
        v
    }

    #[inline(always)]
    unsafe fn consts(k: u16) -> Consts {
        let k = k as i32;
        Consts {
            // Hidden from LLVM, which otherwise re-creates it in the loop with a 16-bit
            // broadcast (a shuffle-port instruction) instead of reloading it.
            m: opaque(_mm256_set1_epi32(0x00FF_00FF)),
            // b, r to the high byte of their lanes (albedo << 8). Hidden from LLVM,
            // which would otherwise turn this `vpshufb` into a `vpsllw`: same work, but
            // only on the multiply/shift ports that bound the loop.
            rb8: opaque(per_pixel([-1, 0, -1, 2])),
            // Albedo g << 8 into the low lane (pixel i) or the high lane (pixel i + 8).
            g8_lo: per_pixel([-1, 1, -1, -1]),
            g8_hi: per_pixel([-1, -1, -1, 1]),
            // Light g into the low or the high lane.
            g_lo: per_pixel([1, -1, -1, -1]),
            g_hi: per_pixel([-1, -1, 1, -1]),
            w_rb: _mm256_set1_epi32((29 * k) | ((77 * k) << 16)),
            w_g0: _mm256_set1_epi32(150 * k),
            w_g1: _mm256_set1_epi32((150 * k) << 16),
            // Bytes 1, 2 of each 32-bit s·k (= (s·k) >> 8 < 2^15) into both lanes.
            dup_lk: per_pixel([1, 2, 1, 2]),
            ik: _mm256_set1_epi32((128 - k) * 0x0001_0001),
            k4: _mm256_setzero_si256(), // per row
            // `packus(e_rb, e_g)` back to 0x00RRGGBB: per 128-bit lane, bytes 0..8 are
            // b0 r0 b1 r1 b2 r2 b3 r3 and bytes 8..16 the greens, pixel i's at 8 + 2i
            // (first 8 pixels of a step) or 8 + 2i + 1 (second 8).
            il0: shuffle(|i| [2 * i, 8 + 2 * i, 2 * i + 1, -1]),
            il1: shuffle(|i| [2 * i, 9 + 2 * i, 2 * i + 1, -1]),
        }
    }

    /// 8 words of `s` from `x`; the caller keeps `x + 8 <= s.len()`.
    #[inline(always)]
    unsafe fn ld(s: &[u32], x: usize) -> __m256i {
        debug_assert!(x + 8 <= s.len());
        _mm256_loadu_si256(s.as_ptr().add(x) as *const __m256i)
    }

    /// 8 words at `p + x`, for the albedo row (read and written through one pointer).
    #[inline(always)]
    unsafe fn ldp(p: *const u32, x: usize) -> __m256i {
        _mm256_loadu_si256(p.add(x) as *const __m256i)
    }

    /// `min(255, mulhi(a << 8, 2·l)) = min(255, (a · l) >> 7)` per 16-bit lane.
    #[inline(always)]
    unsafe fn lit(a8: __m256i, l: __m256i, c: &Consts) -> __m256i {
        _mm256_min_epu16(_mm256_mulhi_epu16(a8, _mm256_add_epi16(l, l)), c.m)
    }

    /// `mulhi(lit·(128 − k) + lk, k4 − cols) = (X · v) >> 14`.
    #[inline(always)]
    unsafe fn shade(lit: __m256i, lk: __m256i, cols: __m256i, c: &Consts) -> __m256i {
        let x = _mm256_add_epi16(_mm256_mullo_epi16(lit, c.ik), lk);
        _mm256_mulhi_epu16(x, _mm256_sub_epi16(c.k4, cols))
    }

    /// Pixels `[x, x + 16)` (`ap` = the albedo row); the caller keeps `x + 16` within
    /// the row.
    #[inline(always)]
    unsafe fn block(ap: *const u32, r: &Rows, x: usize, c: &Consts) -> (__m256i, __m256i) {
        let shuf = _mm256_shuffle_epi8;
        let (a0, a1) = (ldp(ap, x), ldp(ap, x + 8));
        let (l0, l1) = (ld(r.l, x), ld(r.l, x + 8));
        let lit_rb0 = lit(shuf(a0, c.rb8), _mm256_and_si256(l0, c.m), c);
        let lit_rb1 = lit(shuf(a1, c.rb8), _mm256_and_si256(l1, c.m), c);
        let a_g8 = _mm256_or_si256(shuf(a0, c.g8_lo), shuf(a1, c.g8_hi));
        let l_g = _mm256_or_si256(shuf(l0, c.g_lo), shuf(l1, c.g_hi));
        let lit_g = lit(a_g8, l_g, c);
        // s·k per pixel (32-bit), then (s·k) >> 8 into the lanes.
        let s0 = _mm256_add_epi32(
            _mm256_madd_epi16(lit_rb0, c.w_rb),
            _mm256_madd_epi16(lit_g, c.w_g0),
        );
        let s1 = _mm256_add_epi32(
            _mm256_madd_epi16(lit_rb1, c.w_rb),
            _mm256_madd_epi16(lit_g, c.w_g1),
        );
        let lk0 = shuf(s0, c.dup_lk);
        let lk1 = shuf(s1, c.dup_lk);
        let lk_g = _mm256_blend_epi16::<0xAA>(lk0, lk1);
        let e_rb0 = shade(lit_rb0, lk0, ld(r.cols, x), c);
        let e_rb1 = shade(lit_rb1, lk1, ld(r.cols, x + 8), c);
        let e_g = shade(lit_g, lk_g, ld(r.cols_g, x), c);
        // + grain in 16 bits; the pack clamps to 0..=255.
        let e_rb0 = _mm256_add_epi16(e_rb0, ld(r.grain, x));
        let e_rb1 = _mm256_add_epi16(e_rb1, ld(r.grain, x + 8));
        let e_g = _mm256_add_epi16(e_g, ld(r.grain_g, x));
        let o0 = shuf(_mm256_packus_epi16(e_rb0, e_g), c.il0);
        let o1 = shuf(_mm256_packus_epi16(e_rb1, e_g), c.il1);
        (o0, o1)
    }

    /// The kernel for one frame: its constants, built once.
    pub(super) struct Kernel(Consts);

    impl Kernel {
        /// For desaturation `k`.
        #[target_feature(enable = "avx2")]
        pub(super) unsafe fn new(k: u16) -> Kernel {
            Kernel(consts(k))
        }

        /// One row, whose part of `4v` is `k4` (`4·(128 − h(y))`).
        #[target_feature(enable = "avx2")]
        pub(super) unsafe fn row(&self, a: &mut [u32], r: &Rows, k4: u16) {
            let c = Consts {
                k4: _mm256_set1_epi32(k4 as i32 * 0x0001_0001),
                ..self.0
            };
            row(a, r, &c)
        }
    }

    #[inline(always)]
    unsafe fn row(a: &mut [u32], r: &Rows, c: &Consts) {
        let n = a.len();
        assert!(
            r.l.len() == n
                && r.cols.len() == n
                && r.cols_g.len() == n
                && r.grain.len() == n
                && r.grain_g.len() == n
        );
        if n < 16 {
            // Pad to one block; the padding lanes are computed and dropped. Every lane
            // below n sees its own inputs (the paired green tables included: their high
            // half for pixel i + 8 < n is in range).
            let mut p = [[0u32; 16]; 6];
            for (p, s) in p
                .iter_mut()
                .zip([&*a, r.l, r.cols, r.cols_g, r.grain, r.grain_g])
            {
                p[..n].copy_from_slice(s);
            }
            let [mut pa, l, cols, cols_g, grain, grain_g] = p;
            let pr = Rows {
                l: &l,
                cols: &cols,
                cols_g: &cols_g,
                grain: &grain,
                grain_g: &grain_g,
            };
            let (o0, o1) = block(pa.as_ptr(), &pr, 0, c);
            _mm256_storeu_si256(pa.as_mut_ptr() as *mut __m256i, o0);
            _mm256_storeu_si256(pa.as_mut_ptr().add(8) as *mut __m256i, o1);
            a.copy_from_slice(&pa[..n]);
            return;
        }
        // SAFETY (every block and store below): blocks cover [x, x + 16) with
        // x + 16 <= n, and all rows hold n words (asserted above).
        let ap = a.as_mut_ptr();
        let st = |x: usize, v: __m256i| _mm256_storeu_si256(ap.add(x) as *mut __m256i, v);
        // The ragged end: one block overlapping the previous ones, computed from the
        // original pixels before the loop overwrites them, stored last.
        let tail = (!n.is_multiple_of(16)).then(|| block(ap, r, n - 16, c));
        let mut x = 0;
        while x + 16 <= n {
            let (o0, o1) = block(ap, r, x, c);
            st(x, o0);
            st(x + 8, o1);
            x += 16;
        }
        if let Some((o0, o1)) = tail {
            st(n - 16, o0);
            st(n - 8, o1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        }
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    /// Random pixels; with `top_garbage` the top byte is random too (the crate promises
    /// zero, but the fields are public).
    fn random_fb(rng: &mut Rng, w: usize, h: usize, top_garbage: bool) -> Framebuffer {
        let mut fb = Framebuffer::new(w, h);
        for p in fb.pixels.iter_mut() {
            let v = rng.next() as u32;
            *p = if top_garbage { v } else { v & 0x00FF_FFFF };
        }
        fb
    }

    /// Params biased toward the edges (0, 128, above 128).
    fn random_params(rng: &mut Rng) -> PostParams {
        let lvl = |rng: &mut Rng| match rng.below(5) {
            0 => 0,
            1 => 128,
            2 => 129 + rng.below(127) as u8,
            _ => rng.below(129) as u8,
        };
        PostParams {
            desaturate: lvl(rng),
            vignette: lvl(rng),
            grain: lvl(rng),
            grain_seed: rng.next() as u32,
        }
    }

    fn kernels() -> Vec<PostKernel> {
        let mut k = vec![PostKernel::Portable];
        if avx2_available() {
            k.push(PostKernel::Avx2);
        } else {
            eprintln!("no AVX2 on this CPU: only the portable kernel is tested");
        }
        k
    }

    /// Every kernel, through `pass` and through a fresh pass, against the reference.
    fn check(albedo: &Framebuffer, light: &Framebuffer, p: &PostParams, pass: &mut PostPass) {
        let mut want = albedo.clone();
        post_process_reference(&mut want, light, p);
        for kernel in kernels() {
            for fresh in [false, true] {
                let mut got = albedo.clone();
                let mut new = PostPass::new();
                let pass = if fresh { &mut new } else { &mut *pass };
                assert!(pass.run_kernel(&mut got, light, p, kernel));
                if let Some(i) = (0..got.pixels.len()).find(|&i| got.pixels[i] != want.pixels[i]) {
                    panic!(
                        "{kernel:?} (fresh pass: {fresh}) albedo {}x{} light {}x{} {p:?}: \
                         pixel {i} is {:08x}, reference {:08x}",
                        albedo.width,
                        albedo.height,
                        light.width,
                        light.height,
                        got.pixels[i],
                        want.pixels[i]
                    );
                }
            }
        }
    }

    #[test]
    fn kernels_match_reference_on_random_buffers() {
        let mut rng = Rng(1);
        let mut pass = PostPass::new();
        for w in (1..=40).chain([1279, 1280, 1283, 1301]) {
            for _ in 0..3 {
                let h = 1 + rng.below(4) as usize;
                let garbage = rng.below(3) == 0;
                let albedo = random_fb(&mut rng, w, h, garbage);
                let light = random_fb(&mut rng, w, h, garbage);
                check(&albedo, &light, &random_params(&mut rng), &mut pass);
            }
        }
    }

    #[test]
    fn kernels_match_reference_on_a_full_frame() {
        let mut rng = Rng(2);
        let albedo = random_fb(&mut rng, 1280, 720, false);
        let light = random_fb(&mut rng, 1280, 720, false);
        let p = PostParams {
            desaturate: 70,
            vignette: 90,
            grain: 24,
            grain_seed: 7,
        };
        check(&albedo, &light, &p, &mut PostPass::new());
    }

    #[test]
    fn every_channel_value_pair_matches() {
        // All 256 × 256 (albedo, light) channel values, in every channel position, at
        // a few levels, so no lane of any kernel can hide a rounding slip.
        let mut albedo = Framebuffer::new(256, 256);
        let mut light = Framebuffer::new(256, 256);
        for y in 0..256u32 {
            for x in 0..256u32 {
                let i = (y * 256 + x) as usize;
                albedo.pixels[i] = (x << 16) | (((x * 7 + y) & 255) << 8) | (255 - x);
                light.pixels[i] = (y << 16) | (((y * 3 + x) & 255) << 8) | (255 - y);
            }
        }
        let mut pass = PostPass::new();
        for (desaturate, vignette, grain) in [
            (0, 0, 0),
            (128, 0, 0),
            (0, 128, 0),
            (0, 0, 128),
            (37, 101, 55),
            (128, 128, 128),
        ] {
            let p = PostParams {
                desaturate,
                vignette,
                grain,
                grain_seed: 99,
            };
            check(&albedo, &light, &p, &mut pass);
        }
    }

    #[test]
    fn mismatched_sizes_process_the_overlap_only() {
        let mut rng = Rng(3);
        let mut pass = PostPass::new();
        let sizes = [
            (0, 0),
            (0, 5),
            (5, 0),
            (1, 1),
            (7, 3),
            (17, 2),
            (33, 4),
            (40, 1),
        ];
        for &(aw, ah) in &sizes {
            for &(lw, lh) in &sizes {
                let albedo = random_fb(&mut rng, aw, ah, false);
                let light = random_fb(&mut rng, lw, lh, false);
                let p = random_params(&mut rng);
                check(&albedo, &light, &p, &mut pass);
                let mut got = albedo.clone();
                post_process(&mut got, &light, &p);
                for y in 0..ah {
                    for x in 0..aw {
                        let i = y * aw + x;
                        if x >= lw || y >= lh {
                            assert_eq!(got.pixels[i], albedo.pixels[i], "({x}, {y}) outside");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn inconsistent_framebuffers_do_not_panic() {
        // Public fields: `pixels` shorter than `width * height`.
        let mut rng = Rng(4);
        let mut albedo = random_fb(&mut rng, 20, 10, false);
        let mut light = random_fb(&mut rng, 20, 10, false);
        albedo.pixels.truncate(20 * 6 + 3);
        light.pixels.truncate(20 * 8);
        let p = random_params(&mut rng);
        check(&albedo, &light, &p, &mut PostPass::new());
        let before = albedo.clone();
        post_process(&mut albedo, &light, &p);
        assert_eq!(albedo.pixels[20 * 6..], before.pixels[20 * 6..]);
        let mut empty = Framebuffer::new(0, 0);
        post_process(&mut empty, &light, &p);
        post_process(&mut albedo, &Framebuffer::new(0, 0), &p);
    }

    #[test]
    fn one_pass_reused_across_sizes_and_levels_matches_fresh_passes() {
        let mut rng = Rng(5);
        let mut pass = PostPass::new();
        for _ in 0..60 {
            let w = 1 + rng.below(70) as usize;
            let h = 1 + rng.below(6) as usize;
            let albedo = random_fb(&mut rng, w, h, false);
            let lw = w + rng.below(3) as usize;
            let light = random_fb(&mut rng, lw, h, false);
            let mut p = random_params(&mut rng);
            // Repeat some levels so that tables get reused, not only rebuilt.
            if rng.below(2) == 0 {
                p.vignette = 50;
                p.grain = 60;
            }
            check(&albedo, &light, &p, &mut pass);
        }
    }

    #[test]
    fn output_top_byte_is_zero() {
        let mut rng = Rng(6);
        for kernel in kernels() {
            let mut albedo = random_fb(&mut rng, 37, 5, true);
            let light = random_fb(&mut rng, 37, 5, true);
            let p = PostParams {
                desaturate: 60,
                vignette: 60,
                grain: 128,
                grain_seed: 1,
            };
            PostPass::new().run_kernel(&mut albedo, &light, &p, kernel);
            assert!(albedo.pixels.iter().all(|&p| p >> 24 == 0), "{kernel:?}");
        }
    }

    /// Runs every kernel on `albedo` and returns the (identical) results.
    fn run_all(albedo: &Framebuffer, light: &Framebuffer, p: &PostParams) -> Framebuffer {
        let mut want = albedo.clone();
        post_process_reference(&mut want, light, p);
        for kernel in kernels() {
            let mut got = albedo.clone();
            PostPass::new().run_kernel(&mut got, light, p, kernel);
            assert_eq!(got, want, "{kernel:?}");
        }
        want
    }

    fn rgb(p: u32) -> [u32; 3] {
        [(p >> 16) & 255, (p >> 8) & 255, p & 255]
    }

    #[test]
    fn full_desaturation_is_grey() {
        let mut rng = Rng(7);
        let albedo = random_fb(&mut rng, 61, 9, false);
        let light = random_fb(&mut rng, 61, 9, false);
        for (vignette, grain) in [(0, 0), (100, 0), (0, 100), (128, 128)] {
            let p = PostParams {
                desaturate: 128,
                vignette,
                grain,
                grain_seed: 3,
            };
            for &px in &run_all(&albedo, &light, &p).pixels {
                let [r, g, b] = rgb(px);
                assert!(r == g && g == b, "{px:06x} {p:?}");
            }
        }
        // Without vignette and grain the grey is the luma of the lit pixel.
        let p = PostParams {
            desaturate: 128,
            ..PostParams::default()
        };
        let out = run_all(&albedo, &light, &p);
        for i in 0..out.pixels.len() {
            let (a, l) = (rgb(albedo.pixels[i]), rgb(light.pixels[i]));
            let lit: Vec<u32> = (0..3).map(|c| ((a[c] * l[c]) >> 7).min(255)).collect();
            let luma = (77 * lit[0] + 150 * lit[1] + 29 * lit[2]) >> 8;
            assert_eq!(rgb(out.pixels[i]), [luma; 3]);
        }
    }

    #[test]
    fn neutral_light_and_no_effects_is_the_identity() {
        let mut rng = Rng(8);
        let albedo = random_fb(&mut rng, 77, 13, false);
        let mut light = Framebuffer::new(77, 13);
        light.pixels.fill(0x0080_8080);
        let p = PostParams {
            grain_seed: 1234,
            ..PostParams::default()
        };
        assert_eq!(run_all(&albedo, &light, &p), albedo);
    }

    #[test]
    fn no_light_leaves_only_the_grain() {
        let mut rng = Rng(9);
        let albedo = random_fb(&mut rng, 53, 7, false);
        let light = Framebuffer::new(53, 7);
        let p = PostParams {
            desaturate: 40,
            vignette: 90,
            grain: 128,
            grain_seed: 77,
        };
        let out = run_all(&albedo, &light, &p);
        let mut lit_pixels = 0;
        for y in 0..7 {
            for x in 0..53 {
                let n = grain_noise(x, y, p.grain_seed) as i32;
                let want = n.max(0) as u32; // (n · 128) >> 7 = n, clamped at 0
                assert_eq!(rgb(out.pixels[y * 53 + x]), [want; 3], "({x}, {y})");
                lit_pixels += (want > 0) as usize;
            }
        }
        assert!(lit_pixels > 53 * 7 / 3, "grain shows on black");
        let p = PostParams { grain: 0, ..p };
        assert!(run_all(&albedo, &light, &p).pixels.iter().all(|&p| p == 0));
    }

    #[test]
    fn light_saturates_at_white() {
        let mut albedo = Framebuffer::new(40, 3);
        let mut light = Framebuffer::new(40, 3);
        albedo.pixels.fill(0x00FF_FFFF);
        light.pixels.fill(0x00FF_FFFF);
        for desaturate in [0, 64, 128] {
            let p = PostParams {
                desaturate,
                ..PostParams::default()
            };
            assert!(run_all(&albedo, &light, &p)
                .pixels
                .iter()
                .all(|&p| p == 0x00FF_FFFF));
        }
        // Half albedo at double light: 128·255 >> 7 = 255 as well; 200 clips to 255.
        albedo.pixels.fill(0x0080_C880);
        assert!(run_all(&albedo, &light, &PostParams::default())
            .pixels
            .iter()
            .all(|&p| p == 0x00FF_FFFF));
        // Grain clamps at both ends: white stays white where the grain is positive.
        albedo.pixels.fill(0x00FF_FFFF);
        let p = PostParams {
            grain: 128,
            grain_seed: 5,
            ..PostParams::default()
        };
        let out = run_all(&albedo, &light, &p);
        for y in 0..3 {
            for x in 0..40 {
                let n = grain_noise(x, y, 5) as i32;
                let want = (255 + n).clamp(0, 255) as u32;
                assert_eq!(rgb(out.pixels[y * 40 + x]), [want; 3]);
            }
        }
    }

    #[test]
    fn rounding_stays_within_two_levels_of_the_textbook_chain() {
        // The documented deviation: floor once instead of three times.
        let mut rng = Rng(10);
        for _ in 0..200_000 {
            let (a, l) = (rng.next() as u32 & 0xFF_FFFF, rng.next() as u32 & 0xFF_FFFF);
            let k = rng.below(129) as u32;
            let v = rng.below(129) as u32;
            let got = rgb(post_pixel(a, l, k, v, 0, 0));
            let (a, l) = (rgb(a), rgb(l));
            let lit: Vec<i32> = (0..3)
                .map(|c| ((a[c] * l[c]) >> 7).min(255) as i32)
                .collect();
            let luma = (77 * lit[0] + 150 * lit[1] + 29 * lit[2]) >> 8;
            for c in 0..3 {
                let d = lit[c] + (((luma - lit[c]) * k as i32) >> 7);
                let textbook = (d * v as i32) >> 7;
                let diff = got[c] as i32 - textbook;
                let max = if v == 128 { 1 } else { 2 };
                assert!((0..=max).contains(&diff), "a={a:?} l={l:?} k={k} v={v}");
                if k == 0 || (k == 128 && v == 128) {
                    assert_eq!(diff, 0);
                }
            }
        }
    }

    #[test]
    fn grain_is_deterministic_and_changes_with_the_seed() {
        let (w, h) = (640, 360);
        let frame = |seed: u32| -> Vec<i8> {
            (0..h)
                .flat_map(|y| (0..w).map(move |x| grain_noise(x, y, seed)))
                .collect()
        };
        let a = frame(1);
        assert_eq!(a, frame(1));
        for other in [2, 0x8000_0001, u32::MAX] {
            let b = frame(other);
            let same = a.iter().zip(&b).filter(|(x, y)| x == y).count();
            // Unrelated uniform values agree 1 time in 256.
            assert!(
                same < a.len() / 100,
                "seed {other}: {same} of {} equal",
                a.len()
            );
        }
        // Through the pass as well, on a flat grey frame.
        let mut albedo = Framebuffer::new(64, 8);
        albedo.pixels.fill(0x0080_8080);
        let mut light = Framebuffer::new(64, 8);
        light.pixels.fill(0x0080_8080);
        let run = |seed| {
            let p = PostParams {
                grain: 64,
                grain_seed: seed,
                ..PostParams::default()
            };
            run_all(&albedo, &light, &p)
        };
        assert_eq!(run(10), run(10));
        assert_ne!(run(10), run(11));
    }

    #[test]
    fn grain_looks_like_uniform_white_noise() {
        let (w, h) = (1280, 720);
        let n: Vec<f64> = (0..h)
            .flat_map(|y| (0..w).map(move |x| grain_noise(x, y, 0xABCD) as f64))
            .collect();
        let len = n.len() as f64;
        let mean = n.iter().sum::<f64>() / len;
        // Uniform on -128..=127: mean -0.5, variance (256² - 1) / 12.
        assert!((mean + 0.5).abs() < 0.5, "mean {mean}");
        let var = n.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / len;
        assert!(
            (var / ((65536.0 - 1.0) / 12.0) - 1.0).abs() < 0.02,
            "variance {var}"
        );
        let mut hist = [0usize; 256];
        for &x in &n {
            hist[(x as i32 + 128) as usize] += 1;
        }
        let expect = len / 256.0;
        for (v, &c) in hist.iter().enumerate() {
            assert!(
                (c as f64 - expect).abs() < 0.15 * expect,
                "value {}: {c} times, expected {expect}",
                v as i32 - 128
            );
        }
        // No correlation with the neighbours (horizontal, vertical, diagonal).
        for (dx, dy) in [(1, 0), (2, 0), (0, 1), (0, 2), (1, 1), (1, 2)] {
            let mut sum = 0.0;
            for y in 0..h - dy {
                for x in 0..w - dx {
                    sum += (n[y * w + x] - mean) * (n[(y + dy) * w + x + dx] - mean);
                }
            }
            let corr = sum / (((w - dx) * (h - dy)) as f64 * var);
            assert!(corr.abs() < 0.03, "correlation at ({dx}, {dy}): {corr}");
        }
    }

    #[test]
    fn vignette_is_flat_in_the_middle_and_darkest_in_the_corners() {
        for (w, h) in [(1280, 720), (321, 181), (4, 4), (2, 2), (1, 1), (7, 300)] {
            for vig in [0u8, 1, 40, 90, 128, 255] {
                let v = |x, y| vignette_factor(x, y, w, h, vig);
                if w != 2 && h != 2 {
                    // (In a 2 × 2 frame every pixel is half a frame from the centre.)
                    assert_eq!(v(w / 2, h / 2), 128, "{w}x{h} vig {vig}: centre");
                    assert_eq!(v((w - 1) / 2, (h - 1) / 2), 128);
                }
                if vig == 0 {
                    for (x, y) in [(0, 0), (w - 1, h - 1), (w / 3, h - 1)] {
                        assert_eq!(v(x, y), 128);
                    }
                    continue;
                }
                let corner = v(0, 0);
                let vig = vig.min(128);
                assert!(corner >= 128 - vig);
                if w >= 300 && h >= 180 {
                    // Up to the flooring of each axis' h: 128 - vig at the very corner.
                    assert!(
                        corner <= 128 - vig + 4,
                        "{w}x{h} vig {vig}: corner {corner}"
                    );
                    assert!(vig < 4 || corner < 128);
                }
                // Symmetric, and the corners are the minimum.
                for (x, y) in [(0, 0), (3.min(w - 1), 1.min(h - 1)), (w / 4, h / 3)] {
                    assert_eq!(v(x, y), v(w - 1 - x, y));
                    assert_eq!(v(x, y), v(x, h - 1 - y));
                    assert!(v(x, y) >= corner);
                }
                // Non-increasing from the centre outward along rows and columns.
                for y in [0, h / 5, h / 2, h - 1] {
                    for x in w / 2..w - 1 {
                        assert!(v(x + 1, y) <= v(x, y), "{w}x{h} vig {vig}: row {y} at {x}");
                    }
                    for x in 1..=w / 2 {
                        assert!(v(x - 1, y) <= v(x, y));
                    }
                }
                for x in [0, w / 3, w / 2] {
                    for y in h / 2..h - 1 {
                        assert!(v(x, y + 1) <= v(x, y));
                    }
                }
            }
        }
        // The flat middle: the central quarter of both axes is untouched.
        let v = |x, y| vignette_factor(x, y, 1280, 720, 128);
        assert_eq!(v(640 - 160, 360 - 90), 128);
        assert_eq!(v(640 + 159, 360 + 89), 128);
        assert!(v(640 - 240, 360) < 128);
        assert!(v(640, 360 - 135) < 128);
        // Mid-edges at about 128 - vig/2, corners at about 128 - vig.
        assert!((60..=70).contains(&v(0, 360)), "{}", v(0, 360));
        assert!(v(0, 0) <= 6, "{}", v(0, 0));
    }

    #[test]
    fn noise_table_is_an_exact_uniform_shuffle() {
        let mut hist = [0usize; 256];
        for &n in NOISE.iter() {
            hist[(n as i32 + 128) as usize] += 1;
        }
        assert!(hist.iter().all(|&c| c == NOISE_LEN / 256));
        // Not left in the initial counting order.
        assert!(
            NOISE
                .windows(2)
                .filter(|w| w[1] == w[0].wrapping_add(1))
                .count()
                < 64
        );
    }

    #[test]
    fn free_function_and_auto_dispatch_match_the_reference() {
        let mut rng = Rng(11);
        let albedo = random_fb(&mut rng, 300, 17, false);
        let light = random_fb(&mut rng, 300, 17, false);
        let p = random_params(&mut rng);
        let mut want = albedo.clone();
        post_process_reference(&mut want, &light, &p);
        let mut got = albedo.clone();
        post_process(&mut got, &light, &p);
        assert_eq!(got, want);
        let mut got = albedo.clone();
        PostPass::new().run(&mut got, &light, &p);
        assert_eq!(got, want);
    }
}
