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
