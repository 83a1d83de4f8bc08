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

/// The region the pass touches: the columns both buffers have, and the frame rows both
/// hold (`[start, end)`, empty when `start >= end`).
fn overlap(albedo: &Framebuffer, light: &Framebuffer) -> (usize, usize, usize) {
    (
        albedo.width.min(light.width),
        albedo.row0().max(light.row0()),
        albedo.rows().min(light.rows()),
    )
}

/// Scalar reference for [`post_process`]: its formulas written out pixel by pixel.
/// Slow (tens of milliseconds at 1280×720); it is the specification the fast kernels
/// are tested against. Same size rules as [`post_process`].
pub fn post_process_reference(albedo: &mut Framebuffer, light: &Framebuffer, p: &PostParams) {
    let (w, y0, y1) = overlap(albedo, light);
    let k = p.desaturate.min(128) as u32;
    let q = p.grain.min(128) as i32;
    let (aw, ah, lw) = (albedo.width, albedo.height, light.width);
    let (ay0, ly0) = (albedo.row0(), light.row0());
    for y in y0..y1 {
        for x in 0..w {
            let v = vignette_factor(x, y, aw, ah, p.vignette) as u32;
            let n = grain_noise(x, y, p.grain_seed) as i32;
            let i = (y - ay0) * aw + x;
            let l = light.pixels[(y - ly0) * lw + x];
            albedo.pixels[i] = post_pixel(albedo.pixels[i], l, k, v, n, q);
        }
    }
}

/// `out = grain + vignette × desaturate(albedo × light)`, per pixel, in place in
/// `albedo`, in one pass that reads `light` once.
///
/// # Sizes
/// The pass covers the columns and rows both buffers have (the smaller width × the frame
/// rows both hold); pixels of `albedo` outside that region are left as they are. The
/// vignette is always centred on `albedo`'s own `width × height`. Zero-sized or
/// mismatched buffers never panic.
///
/// # Bands
/// `albedo` and `light` may be bands (normally of the same rows, see
/// [`Framebuffer::new_band`]): the formulas below use the pixel's frame row `y` and the
/// whole frame's `width × height`, so a frame processed band by band is byte-identical
/// to the frame processed whole. Device pixels: the framebuffers' scale plays no part.
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
/// The tables (per column and per frame row for the vignette, and the grain table at
/// the current grain level: 15 KB for the portable kernel, 55 KB for AVX2 at 1280×720)
/// are rebuilt only when the frame size, the processed width, `vignette` or `grain`
/// change; `desaturate` and `grain_seed` cost nothing to change, and neither does which
/// band of the frame is processed (the row table covers every row of the frame).
#[derive(Clone, Debug, Default)]
pub struct PostPass {
    t: Tables,
    /// (kernel, albedo width × height, processed width, vignette) the vignette tables
    /// were built for.
    vig_key: Option<(PostKernel, [usize; 3], u8)>,
    /// (kernel, processed width, grain) the grain tables were built for.
    grain_key: Option<(PostKernel, usize, u8)>,
}

/// The tables of one kernel (the other kernel's stay empty).
#[derive(Clone, Debug, Default)]
struct Tables {
    /// Per frame row `y` (all `height` of them): `4·(128 − h(y))`, so that
    /// `4v = rows[y] − 4·h(x)`.
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
        let (w, y0, y1) = overlap(albedo, light);
        if w == 0 || y0 >= y1 {
            return true;
        }
        let size = [albedo.width, albedo.height, w];
        self.prepare(kernel, size, p.vignette.min(128), p.grain.min(128));
        let k = p.desaturate.min(128) as u16;
        let t = &self.t;
        let (aw, lw, ar0) = (albedo.width, light.width, albedo.row0());
        // Frame rows y0..y1: row y - row0 of each buffer, and the frame's row tables.
        let rows = albedo
            .pixels
            .chunks_exact_mut(aw)
            .skip(y0 - ar0)
            .zip(light.pixels.chunks_exact(lw).skip(y0 - light.row0()))
            .zip(&t.rows[y0..])
            .take(y1 - y0)
            .enumerate()
            .map(|(i, ((a, l), &k4))| {
                let y = y0 + i;
                (&mut a[..w], &l[..w], k4, grain_offset(y, p.grain_seed))
            });
        match kernel {
            PostKernel::Portable => {
                for (a, l, k4, off) in rows {
                    let rc = portable::RowConsts { k, k4 };
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

    /// (Re)builds the tables `kernel` needs for an `aw × ah` albedo frame processed over
    /// its first `w` columns (`size = [aw, ah, w]`), rows for all `ah` frame rows.
    fn prepare(&mut self, kernel: PostKernel, size: [usize; 3], vig: u8, grain: u8) {
        let [aw, ah, w] = size;
        let t = &mut self.t;
        if self.vig_key != Some((kernel, size, vig)) {
            let hx: Vec<u32> = (0..w)
                .map(|x| 4 * vignette_axis(x, aw, vig as u32))
                .collect();
            t.rows.clear();
            t.rows
                .extend((0..ah).map(|y| (4 * (128 - vignette_axis(y, ah, vig as u32))) as u16));
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

/// The portable kernel: 8 pixels per step, each channel in its own `[u16; 8]` (one
/// 128-bit vector of 16-bit lanes). Written as loops over fixed-size arrays that LLVM
/// fully unrolls and re-vectorises 8 lanes wide. The shape matters: a plain loop over
/// the `u32` pixels vectorises only 4 pixels per step (the loop vectoriser sizes vectors
/// by the widest type), wasting half of every 16-bit operation, and assembling the
/// output `u32`s from the channels made LLVM scalarise the whole block; instead the
/// block hands back the pixels' 16-bit halves (`0xGGBB`, `0x00RR`), which it
/// interleaves with two `punpcklwd`.
mod portable;

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
mod avx2;

#[cfg(test)]
mod tests;
