//! The fused post pass: light × albedo, desaturation, vignette and film grain in one
//! sweep over the frame, in place in the albedo buffer.
//!
//! # Why one fused pass
//! At 1280×720 the two input buffers are 3.7 MB each, far more than L2. Four separate
//! passes would stream the frame through memory four times; fused, `light` is read once
//! and `albedo` is read and written once, and everything else the pass needs lives in
//! small per-column / per-row tables that stay in L1.
//!
//! # Exact integer semantics
//! Per pixel `(x, y)` and channel `c ∈ {r, g, b}` (all integer, `>>` on signed values
//! is an arithmetic shift, i.e. floor), with `k = min(desaturate, 128)`,
//! `q = min(grain, 128)`:
//!
//! 1. `lit_c = min(255, (albedo_c · light_c) >> 7)` — light 128 ([`LIGHT_ONE`]) shows the
//!    albedo unchanged, 255 almost doubles it.
//! 2. `luma = (77·lit_r + 150·lit_g + 29·lit_b) >> 8`.
//! 3. `X_c = 128·lit_c + (luma − lit_c)·k` (= `lit_c·(128 − k) + luma·k`, in `0..=32640`):
//!    the desaturated channel, still scaled by 128.
//! 4. `v = `[`vignette_factor`]`(x, y, albedo.width, albedo.height, vignette)` in
//!    `0..=128`, and `e_c = (X_c · v) >> 14`.
//!
//!    Steps 3 and 4 share one rounding: the textbook form
//!    `d_c = lit_c + (((luma − lit_c)·k) >> 7)` (= `X_c >> 7`) followed by
//!    `(d_c · v) >> 7` floors twice. Flooring once is the same whenever `k = 0` or
//!    `v = 128`, differs by at most 1 otherwise, and saves a shift and a multiply per
//!    channel in SIMD (one `mulhi(X, 4v)`).
//! 5. `n = `[`grain_noise`]`(x, y, grain_seed)` in `-128..=127` (the same for r, g, b:
//!    monochrome grain), and `out_c = clamp(e_c + ((n · q) >> 7), 0, 255)`.
//!
//! [`post_process_reference`] is this list written out pixel by pixel; the fast paths
//! are tested to be bit-identical to it.
//!
//! # Two kernels
//! * Portable: plain Rust on `[u16; 16]` / `[u32; 8]` arrays, shaped so LLVM turns it
//!   into 16-bit SIMD (`pmullw`, `pmulhuw`, `paddusb`) on baseline x86-64 (SSE2) and
//!   into whatever the target has elsewhere.
//! * AVX2: hand-written intrinsics, chosen at run time (`RASTER_NO_AVX2=1` forces the
//!   portable kernel; the pixels are identical).
//!
//! Both keep every channel in a 16-bit lane (`0x00RR00BB` → two lanes, green in a third
//! vector) so that each step is one 16-bit multiply, and never widen to 32 bits per
//! channel: all factors are ≤ 128, so every product fits in `u16`.

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
/// uniform, so the grain has zero bias beyond the −½ of the range itself.
static NOISE: [i8; NOISE_LEN] = make_noise();

const fn make_noise() -> [i8; NOISE_LEN] {
    let mut t = [0i8; NOISE_LEN];
    let mut i = 0;
    while i < NOISE_LEN {
        t[i] = i as u8 as i8;
        i += 1;
    }
    let mut s: u64 = 0x5EED_F11E_6BA1_0C0D;
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

/// Start of row `y`'s window into the noise table for `seed`: the murmur3 finaliser of
/// `seed ^ (y · 0x9E3779B9)`, top 12 bits. Every row gets an independent-looking offset,
/// and a new seed moves every row, so the grain changes completely from frame to frame.
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
/// `NOISE[(x + offset(y, seed)) mod 4096]`, where `NOISE` is a fixed shuffled table
/// holding every value in `-128..=127` exactly 16 times and `offset(y, seed)` is the top
/// 12 bits of the murmur3 finaliser of `seed ^ (y · 0x9E3779B9)`.
///
/// Why a table and not a per-pixel hash: a row of grain is then a contiguous window of a
/// precomputed table, which the SIMD kernels read like any other row (no per-pixel
/// 32-bit multiplies). Consecutive pixels are independent table entries (white noise);
/// rows start at unrelated offsets, so there is no vertical structure either.
pub fn grain_noise(x: usize, y: usize, seed: u32) -> i8 {
    NOISE[x.wrapping_add(grain_offset(y, seed)) & (NOISE_LEN - 1)]
}

/// Darkening contributed by one axis, `0..=vignette/2`: with the pixel centre at
/// normalised distance `u/256` from the middle of an axis of `n` pixels,
/// `u = min(256, 256·|2i + 1 − n| / n)`, `t = max(0, u − 64)`:
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
/// i.e. 0 at the centre and 256 at the edge) and `t = max(0, u − 64)`:
/// `h(i, n) = min(vignette, 128) · t² / 73728` (73728 = 2 · 192², so `h ≤ vignette/2`).
///
/// Why this shape: it is exactly 128 (no change) in the middle quarter of both axes,
/// then falls off smoothly (quadratic, zero slope where it starts), reaching about
/// `128 − vignette/2` at the middle of the edges and `128 − vignette` in the corners.
/// Summing the two axes gives rounded-rectangle contours (circular arcs toward the
/// corners) that follow the frame's aspect ratio, and it is separable: the kernels
/// keep one table of `h(x)` per column and one value per row, and `v` costs one
/// subtraction per pixel.
pub fn vignette_factor(x: usize, y: usize, width: usize, height: usize, vignette: u8) -> u8 {
    let vig = vignette.min(128) as u32;
    (128 - vignette_axis(x, width, vig) - vignette_axis(y, height, vig)) as u8
}

/// One pixel of the pass (the module docs' formulas, written out). `k`, `q` ≤ 128,
/// `v` ≤ 128.
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

/// Scalar reference for [`post_process`]: the module docs' formulas pixel by pixel.
/// Slow (several milliseconds at 1280×720); it is the specification the fast kernels
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
/// `albedo` (see the module docs for the exact integer formulas).
///
/// Sizes: the pass covers the columns and rows both buffers have
/// (`min` of the widths × `min` of the rows); pixels of `albedo` outside that region are
/// left as they are. The vignette is always centred on `albedo`'s own
/// `width × height`. Zero-sized or mismatched buffers never panic.
///
/// This builds the per-column and grain tables on every call (a few tens of
/// microseconds at 1280 px wide); a [`PostPass`] kept across frames rebuilds them only
/// when the size, `vignette` or `grain` level changes.
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
/// [`PostPass::run`] every frame. The tables (two `u32` per column for the vignette,
/// two `u32` per grain table entry at the current grain level, about 50 KB at 1280 px
/// wide) are rebuilt only when the width, the albedo size, `vignette` or `grain`
/// change; `desaturate` and `grain_seed` cost nothing to change.
#[derive(Clone, Debug, Default)]
pub struct PostPass {
    /// Per processed column `x`: `4·h(x)` in both 16-bit halves (see
    /// [`vignette_factor`]), so that `4v` of a pixel is one 16-bit subtraction.
    cols: Vec<u32>,
    /// Per column `x`: `4·h(x)` in the low half and `4·h(x + 8)` in the high half, the
    /// layout of the AVX2 kernel's paired green lanes (0 past the end).
    cols_g: Vec<u32>,
    /// (albedo width, processed width, vignette) the column tables were built for.
    cols_key: Option<(usize, usize, u8)>,
    /// Grain terms `g(i) = (NOISE[i mod 4096] · grain) >> 7` for `i < 4096 + width`
    /// (so every row's window is contiguous), in the kernel's layout:
    /// * portable: `grain_a` = `max(g, 0)`, `grain_b` = `max(−g, 0)`, each in the r, g
    ///   and b bytes, for saturating byte adds;
    /// * AVX2: `grain_a` = `g(i)` in both 16-bit halves, `grain_b` = `g(i)` low and
    ///   `g(i + 8)` high (paired green lanes), added before the saturating pack.
    grain_a: Vec<u32>,
    grain_b: Vec<u32>,
    /// (processed width, grain) the grain tables were built for.
    grain_key: Option<(usize, u8)>,
    /// The portable kernel's tables: `4·h(x)` per column and `g(i)` per grain entry.
    cols16: Vec<u16>,
    grain16: Vec<i16>,
}

impl PostPass {
    pub fn new() -> PostPass {
        PostPass::default()
    }

    /// Runs the pass (see [`post_process`] for semantics and size rules), with the AVX2
    /// kernel when the CPU has it.
    pub fn run(&mut self, albedo: &mut Framebuffer, light: &Framebuffer, p: &PostParams) {
        let kernel = if crate::blend::simd::has_avx2() {
            PostKernel::Avx2
        } else {
            PostKernel::Portable
        };
        self.run_kernel(albedo, light, p, kernel);
    }

    /// Runs the pass with the given kernel regardless of `RASTER_NO_AVX2`. Returns
    /// `false` without touching anything when the CPU cannot run it.
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
        let vig = p.vignette.min(128);
        self.prepare(albedo.width, w, vig, p.grain.min(128));
        let k = p.desaturate.min(128) as u32;
        let (aw, ah, lw) = (albedo.width, albedo.height, light.width);
        for y in 0..h {
            let off = grain_offset(y, p.grain_seed);
            let a = &mut albedo.pixels[y * aw..y * aw + w];
            let rows = Rows {
                l: &light.pixels[y * lw..y * lw + w],
                cols: &self.cols[..w],
                cols_g: &self.cols_g[..w],
                grain_a: &self.grain_a[off..off + w],
                grain_b: &self.grain_b[off..off + w],
            };
            // 4·(128 − h(y)): the row's share of 4v, so that 4v = k4 − cols[x].
            let k4 = 4 * (128 - vignette_axis(y, ah, vig as u32));
            match kernel {
                PostKernel::Portable => portable::row(
                    a,
                    rows.l,
                    &self.cols16[..w],
                    &self.grain16[off..off + w],
                    k,
                    k4,
                ),
                // SAFETY: AVX2 support was checked above.
                #[cfg(target_arch = "x86_64")]
                PostKernel::Avx2 => unsafe { avx2::row(a, &rows, k, k4) },
                #[cfg(not(target_arch = "x86_64"))]
                PostKernel::Avx2 => unreachable!(),
            }
        }
        true
    }

    /// (Re)builds the tables for an albedo `aw` wide processed over `w` columns.
    fn prepare(&mut self, aw: usize, w: usize, vig: u8, grain: u8) {
        if self.cols_key != Some((aw, w, vig)) {
            let h4: Vec<u32> = (0..w)
                .map(|x| 4 * vignette_axis(x, aw, vig as u32))
                .collect();
            self.cols.clear();
            self.cols.extend(h4.iter().map(|&h| h * 0x0001_0001));
            self.cols_g.clear();
            self.cols_g
                .extend((0..w).map(|x| h4[x] | (h4.get(x + 8).copied().unwrap_or(0) << 16)));
            self.cols16.clear();
            self.cols16.extend(h4.iter().map(|&h| h as u16));
            self.cols_key = Some((aw, w, vig));
        }
        if self.grain_key != Some((w, grain)) {
            let q = grain as i32;
            let g = |i: usize| ((NOISE[i & (NOISE_LEN - 1)] as i32 * q) >> 7) as u16 as u32;
            let n = NOISE_LEN + w;
            self.grain_a.clear();
            self.grain_b.clear();
            self.grain_a.extend((0..n).map(|i| g(i) * 0x0001_0001));
            self.grain_b.extend((0..n).map(|i| g(i) | (g(i + 8) << 16)));
            self.grain16.clear();
            self.grain16.extend((0..n).map(|i| g(i) as u16 as i16));
            self.grain_key = Some((w, grain));
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

/// One row's read-only inputs, every slice exactly as long as the albedo row (the grain
/// slices already start at the row's offset).
struct Rows<'a> {
    l: &'a [u32],
    cols: &'a [u32],
    cols_g: &'a [u32],
    grain_a: &'a [u32],
    grain_b: &'a [u32],
}

/// A row narrower than 16 pixels copied into one zero-padded block: albedo, then the
/// [`Rows`] slices in order. Every lane below `a.len()` sees its own inputs (the paired
/// green tables included: their high half for pixel `i + 8 < a.len()` is in range).
fn pad16(a: &[u32], r: &Rows) -> [[u32; 16]; 6] {
    let n = a.len();
    let mut p = [[0u32; 16]; 6];
    for (p, s) in p
        .iter_mut()
        .zip([a, r.l, r.cols, r.cols_g, r.grain_a, r.grain_b])
    {
        p[..n].copy_from_slice(&s[..n]);
    }
    p
}

/// The portable kernel: 8 pixels per step, each channel in its own `[u16; 8]` (one
/// 128-bit vector of 16-bit lanes: `pmullw`, `pmulhuw` on SSE2). Written as fixed-size
/// array loops that LLVM fully unrolls and re-vectorises 8 lanes wide; a plain loop over
/// the `u32` pixels would vectorise only 4 pixels per step (the loop vectoriser sizes
/// vectors by the widest type), wasting half of every 16-bit operation.
mod portable {
    const N: usize = 8;

    #[inline(always)]
    fn mulhi(a: u16, b: u16) -> u16 {
        ((a as u32 * b as u32) >> 16) as u16
    }

    /// Per-row constants: `k8` = k << 8, `ik` = 128 − k, `k4` = 4·(128 − h(y)).
    #[derive(Clone, Copy)]
    struct K {
        k8: u16,
        ik: u16,
        k4: u16,
    }

    #[inline(always)]
    fn block(a: &[u32; N], l: &[u32; N], cols: &[u16; N], grain: &[i16; N], c: K) -> [u16; 2 * N] {
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
        let mut lk = [0u16; N];
        for i in 0..N {
            let sum = (29 * b[i]).wrapping_add(77 * r[i]).wrapping_add(150 * g[i]);
            lk[i] = mulhi(sum, c.k8);
        }
        let (mut er, mut eg, mut eb) = ([0u16; N], [0u16; N], [0u16; N]);
        for i in 0..N {
            let v4 = c.k4.wrapping_sub(cols[i]);
            let gr = grain[i];
            let e = |ch: u16| -> u16 {
                let x = mulhi(ch.wrapping_mul(c.ik).wrapping_add(lk[i]), v4) as i16;
                x.wrapping_add(gr).clamp(0, 255) as u16
            };
            er[i] = e(r[i]);
            eg[i] = e(g[i]);
            eb[i] = e(b[i]);
        }
        // Interleave back into pixel words, as their 16-bit halves (`0xGGBB`, `0x00RR`).
        let mut out = [0u16; 2 * N];
        for i in 0..N {
            out[2 * i + GB] = eb[i] | (eg[i] << 8);
            out[2 * i + 1 - GB] = er[i];
        }
        out
    }

    /// Which half of a pixel word holds `0xGGBB` (the other holds `0x00RR`).
    const GB: usize = if cfg!(target_endian = "little") { 0 } else { 1 };

    /// Stores (the first `a.len()` pixels of) a block's output into pixel words, as
    /// their 16-bit halves.
    #[inline(always)]
    fn put(a: &mut [u32], o: &[u16; 2 * N]) {
        // SAFETY: u16 has no invalid bit patterns and an alignment dividing u32's; the
        // slice covers exactly the bytes of `a`, which it borrows for its lifetime.
        let a = unsafe { core::slice::from_raw_parts_mut(a.as_mut_ptr() as *mut u16, 2 * a.len()) };
        a.copy_from_slice(&o[..a.len()]);
    }

    /// One row (`k` = desaturation, `k4` = the row's `4·(128 − h(y))`); `cols` and
    /// `grain` are the per-column `4·h(x)` and the row's grain terms.
    #[inline(always)]
    pub(super) fn row(a: &mut [u32], l: &[u32], cols: &[u16], grain: &[i16], k: u32, k4: u32) {
        let n = a.len();
        let (l, cols, grain) = (&l[..n], &cols[..n], &grain[..n]);
        let c = K {
            k8: (k as u16) << 8,
            ik: 128 - k as u16,
            k4: k4 as u16,
        };
        if n < N {
            // Pad to one block; the padding lanes are computed and dropped.
            let (mut pa, mut pl, mut pc, mut pg) = ([0; N], [0; N], [0; N], [0; N]);
            pa[..n].copy_from_slice(a);
            pl[..n].copy_from_slice(l);
            pc[..n].copy_from_slice(cols);
            pg[..n].copy_from_slice(grain);
            let o = block(&pa, &pl, &pc, &pg, c);
            put(a, &o);
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

/// The AVX2 kernel: 16 pixels per step in three vectors of 16-bit lanes, with no lane
/// wasted:
/// * blue and red of pixels 0..8 and of 8..16 (`0x00RR00BB` → two lanes per pixel);
/// * the greens of pixel `i` and `i + 8` side by side in lane pair `i`.
///
/// The albedo goes into those lanes pre-shifted left by 8 (`vpshufb` does that for
/// free), the light doubled (`vpand` + `vpaddw`), so `lit` is one `vpmulhuw` and a
/// `vpminuw`. `(luma_sum · k) >> 8` comes from two `vpmaddwd` per 8 pixels with the
/// weights pre-multiplied by `k`, spread to the lanes by `vpshufb`; `X · 4v` is one
/// `vpmulhuw`; the grain is a 16-bit add from tables already in the lane layout; and
/// `vpackuswb` clamps to bytes, after which one `vpshufb` per 8 pixels restores
/// `0x00RRGGBB`. That is 47 vector instructions per 16 pixels, 16 of them on the
/// multiply/shift ports (0 and 1), which is what bounds the loop on Intel cores.
#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::Rows;
    use std::arch::x86_64::*;

    struct Consts {
        m: __m256i,
        c255: __m256i,
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

    /// A `vpshufb` control applying the byte pattern `p` to every pixel: byte `i` of a
    /// pixel's result is byte `p[i]` of the same pixel (−1 = zero).
    #[inline(always)]
    unsafe fn rep4(p: [i8; 4]) -> __m256i {
        let mut c = [0u8; 32];
        for (i, c) in c.iter_mut().enumerate() {
            let b = p[i % 4];
            // Indices are relative to the 128-bit lane: pixel (i / 4) % 4 of it.
            *c = if b < 0 {
                0x80
            } else {
                b as u8 + 4 * ((i / 4) % 4) as u8
            };
        }
        _mm256_loadu_si256(c.as_ptr() as *const __m256i)
    }

    /// `v`, with LLVM unable to see its value (an empty `asm!` on the register).
    #[target_feature(enable = "avx2")]
    #[inline]
    unsafe fn opaque(mut v: __m256i) -> __m256i {
        std::arch::asm!("/* {0} */", inout(ymm_reg) v, options(pure, nomem, nostack, preserves_flags));
        v
    }

    /// `vpshufb` control turning `packus(e_rb, e_g)` back into `0x00RRGGBB`: in each
    /// 128-bit lane, bytes 0..8 are b0 r0 b1 r1 b2 r2 b3 r3 and bytes 8..16 the greens,
    /// green of pixel i at 8 + 2i (first 8 pixels of a step, `hi = 0`) or 8 + 2i + 1
    /// (second 8, `hi = 1`). −128 zeroes the top byte.
    #[inline(always)]
    unsafe fn interleave(hi: i8) -> __m256i {
        _mm256_setr_epi8(
            0,
            8 + hi,
            1,
            -128,
            2,
            10 + hi,
            3,
            -128,
            4,
            12 + hi,
            5,
            -128,
            6,
            14 + hi,
            7,
            -128,
            0,
            8 + hi,
            1,
            -128,
            2,
            10 + hi,
            3,
            -128,
            4,
            12 + hi,
            5,
            -128,
            6,
            14 + hi,
            7,
            -128,
        )
    }

    #[inline(always)]
    unsafe fn consts(k: u32, k4: u32) -> Consts {
        let k = k as i32;
        Consts {
            m: _mm256_set1_epi32(0x00FF_00FF),
            c255: _mm256_set1_epi16(255),
            // b, r to the high byte of their lanes (albedo << 8). Hidden from LLVM,
            // which would otherwise turn this `vpshufb` into a `vpsllw`: the same work
            // but on the multiply ports (0 and 1) that bound this loop, where `vpshufb`
            // can also use port 5.
            rb8: opaque(rep4([-1, 0, -1, 2])),
            // g << 8 into the low lane (pixel i) or the high lane (pixel i + 8).
            g8_lo: rep4([-1, 1, -1, -1]),
            g8_hi: rep4([-1, -1, -1, 1]),
            // g into the low or high lane (light).
            g_lo: rep4([1, -1, -1, -1]),
            g_hi: rep4([-1, -1, 1, -1]),
            w_rb: _mm256_set1_epi32((29 * k) | ((77 * k) << 16)),
            w_g0: _mm256_set1_epi32(150 * k),
            w_g1: _mm256_set1_epi32((150 * k) << 16),
            // bytes 1, 2 of each 32-bit (luma_sum · k) = its value >> 8, to both lanes.
            dup_lk: rep4([1, 2, 1, 2]),
            ik: _mm256_set1_epi16((128 - k) as i16),
            k4: _mm256_set1_epi16(k4 as i16),
            il0: interleave(0),
            il1: interleave(1),
        }
    }

    #[inline(always)]
    unsafe fn ld(s: &[u32], x: usize) -> __m256i {
        debug_assert!(x + 8 <= s.len());
        // SAFETY: the caller keeps x + 8 <= s.len().
        _mm256_loadu_si256(s.as_ptr().add(x) as *const __m256i)
    }

    /// Load from the albedo row, through the same raw pointer the stores use.
    #[inline(always)]
    unsafe fn ldp(p: *const u32, x: usize) -> __m256i {
        // SAFETY: the caller keeps x + 8 within the row `p` points to.
        _mm256_loadu_si256(p.add(x) as *const __m256i)
    }

    /// `min(255, mulhi(a << 8, 2·l)) = min(255, (a · l) >> 7)` per 16-bit lane.
    #[inline(always)]
    unsafe fn lit(a8: __m256i, l: __m256i, c: &Consts) -> __m256i {
        _mm256_min_epu16(_mm256_mulhi_epu16(a8, _mm256_add_epi16(l, l)), c.c255)
    }

    /// `mulhi(lit·(128 − k) + lk, 4v) = (X · v) >> 14`.
    #[inline(always)]
    unsafe fn shade(lit: __m256i, lk: __m256i, v4: __m256i, c: &Consts) -> __m256i {
        let x = _mm256_add_epi16(_mm256_mullo_epi16(lit, c.ik), lk);
        _mm256_mulhi_epu16(x, v4)
    }

    /// Pixels `[x, x + 16)` (`ap` = the albedo row); the caller keeps `x + 16 <= n`.
    #[inline(always)]
    unsafe fn block(ap: *const u32, r: &Rows, x: usize, c: &Consts) -> (__m256i, __m256i) {
        let (a0, a1) = (ldp(ap, x), ldp(ap, x + 8));
        let (l0, l1) = (ld(r.l, x), ld(r.l, x + 8));
        let shuf = _mm256_shuffle_epi8;
        let lit_rb0 = lit(shuf(a0, c.rb8), _mm256_and_si256(l0, c.m), c);
        let lit_rb1 = lit(shuf(a1, c.rb8), _mm256_and_si256(l1, c.m), c);
        let a_g8 = _mm256_or_si256(shuf(a0, c.g8_lo), shuf(a1, c.g8_hi));
        let l_g = _mm256_or_si256(shuf(l0, c.g_lo), shuf(l1, c.g_hi));
        let lit_g = lit(a_g8, l_g, c);
        // (29·b + 77·r + 150·g)·k per pixel, 32-bit.
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
        let v4 = |cols: __m256i| _mm256_sub_epi16(c.k4, cols);
        let e_rb0 = shade(lit_rb0, lk0, v4(ld(r.cols, x)), c);
        let e_rb1 = shade(lit_rb1, lk1, v4(ld(r.cols, x + 8)), c);
        let e_g = shade(lit_g, lk_g, v4(ld(r.cols_g, x)), c);
        // + grain (16-bit; the pack below clamps to 0..=255).
        let e_rb0 = _mm256_add_epi16(e_rb0, ld(r.grain_a, x));
        let e_rb1 = _mm256_add_epi16(e_rb1, ld(r.grain_a, x + 8));
        let e_g = _mm256_add_epi16(e_g, ld(r.grain_b, x));
        let o0 = shuf(_mm256_packus_epi16(e_rb0, e_g), c.il0);
        let o1 = shuf(_mm256_packus_epi16(e_rb1, e_g), c.il1);
        (o0, o1)
    }

    /// One row (same contract as `portable::row`).
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn row(a: &mut [u32], r: &Rows, k: u32, k4: u32) {
        let n = a.len();
        assert!(
            r.l.len() == n
                && r.cols.len() == n
                && r.cols_g.len() == n
                && r.grain_a.len() == n
                && r.grain_b.len() == n
        );
        let c = consts(k, k4);
        if n < 16 {
            // Pad to one block; the padding lanes are computed and dropped.
            let [mut pa, l, cols, cols_g, grain_a, grain_b] = super::pad16(a, r);
            let r = Rows {
                l: &l,
                cols: &cols,
                cols_g: &cols_g,
                grain_a: &grain_a,
                grain_b: &grain_b,
            };
            let (o0, o1) = block(pa.as_ptr(), &r, 0, &c);
            _mm256_storeu_si256(pa.as_mut_ptr() as *mut __m256i, o0);
            _mm256_storeu_si256(pa.as_mut_ptr().add(8) as *mut __m256i, o1);
            a.copy_from_slice(&pa[..n]);
            return;
        }
        let st = |p: *mut u32, x: usize, v: __m256i| {
            // SAFETY: x + 8 <= n, the length of the row `p` points into.
            _mm256_storeu_si256(p.add(x) as *mut __m256i, v)
        };
        // The ragged end: one block overlapping the previous ones, computed from the
        // original pixels before the loop overwrites them, stored last.
        let ap = a.as_mut_ptr();
        let tail = (n % 16 != 0).then(|| block(ap, r, n - 16, &c));
        let mut x = 0;
        while x + 16 <= n {
            let (o0, o1) = block(ap, r, x, &c);
            st(ap, x, o0);
            st(ap, x + 8, o1);
            x += 16;
        }
        if let Some((o0, o1)) = tail {
            st(ap, n - 16, o0);
            st(ap, n - 8, o1);
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
        fn byte(&mut self) -> u8 {
            self.next() as u8
        }
    }

    fn random_fb(rng: &mut Rng, w: usize, h: usize, top_garbage: bool) -> Framebuffer {
        let mut fb = Framebuffer::new(w, h);
        for p in fb.pixels.iter_mut() {
            let v = rng.next() as u32;
            *p = if top_garbage { v } else { v & 0x00FF_FFFF };
        }
        fb
    }

    /// Params biased toward the interesting values (0, 128, > 128).
    fn random_params(rng: &mut Rng) -> PostParams {
        let lvl = |rng: &mut Rng| match rng.next() % 5 {
            0 => 0,
            1 => 128,
            2 => 200,
            _ => rng.byte() % 129,
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
        }
        k
    }

    fn check(albedo: &Framebuffer, light: &Framebuffer, p: &PostParams, pass: &mut PostPass) {
        let mut want = albedo.clone();
        post_process_reference(&mut want, light, p);
        for kernel in kernels() {
            let mut got = albedo.clone();
            assert!(pass.run_kernel(&mut got, light, p, kernel));
            if got != want {
                let i = (0..got.pixels.len())
                    .find(|&i| got.pixels[i] != want.pixels[i])
                    .unwrap();
                panic!(
                    "{kernel:?} {}x{} (light {}x{}) {p:?}: pixel {i} got {:08x} want {:08x}",
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

    #[test]
    fn kernels_match_reference_on_random_buffers() {
        let mut rng = Rng(1);
        let mut pass = PostPass::new();
        for w in (1..=40).chain([1280, 1283, 1301]) {
            for _ in 0..4 {
                let h = 1 + (rng.next() % 5) as usize;
                let garbage = rng.next() % 4 == 0;
                let albedo = random_fb(&mut rng, w, h, garbage);
                let light = random_fb(&mut rng, w, h, garbage);
                let p = random_params(&mut rng);
                check(&albedo, &light, &p, &mut pass);
                check(&albedo, &light, &p, &mut PostPass::new());
            }
        }
    }
}
