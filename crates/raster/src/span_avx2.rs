//! AVX2 span kernels, picked at run time (see [`crate::blend::simd::has_avx2`]).
//!
//! Why hand-written: triangle spans are short (the P3 scene averages ~8 px), so what
//! matters is not the bulk loop but the ragged end. Per-pixel tails and length
//! branches mispredict constantly; masked stores (`vpmaskmovd`) are microcoded and slow
//! on AMD Zen. What is fast everywhere is a read-blend-write of one full 8-pixel block,
//! where lanes outside the span are written back with their own value. So a span is
//! `(n - 1) / 8` plain blocks plus one masked read-modify-write block, with no branch on
//! the length other than the loop itself.
//!
//! Every function requires the caller to have checked AVX2 support, and the row slice
//! bounds the block addresses: blocks are placed so that `[at, at + 8)` lies inside
//! `row` (the caller falls back to the portable kernels for rows narrower than 8).

#![cfg(target_arch = "x86_64")]

use std::arch::x86_64::*;

/// Where the last (partial) block goes and which of its lanes belong to the span.
/// `x` is the first pixel not yet written, `x1` the span end, `x1 - x` in `1..=8`.
/// The block starts at `x` unless that would run past the row end, in which case it
/// is the row's last 8 pixels; either way the mask selects lanes `[x - at, x1 - at)`, computed with
/// two compares (a select between two masks makes LLVM emit i1-vector shuffles).
#[inline(always)]
unsafe fn last_block(x: usize, x1: usize, w: usize) -> (usize, __m256i) {
    let idx = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    let at = x.min(w - 8);
    debug_assert!(at <= x && x < x1 && x1 <= at + 8 && at + 8 <= w);
    let lo = _mm256_set1_epi32((x - at) as i32 - 1);
    let hi = _mm256_set1_epi32((x1 - at) as i32);
    let mask = _mm256_and_si256(_mm256_cmpgt_epi32(idx, lo), _mm256_cmpgt_epi32(hi, idx));
    (at, mask)
}

/// Stores `c` into `row[x0..x1]`; `row.len() >= 8`, `x0 < x1 <= row.len()`.
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) unsafe fn fill(row: &mut [u32], x0: usize, x1: usize, c: u32) {
    debug_assert!(row.len() >= 8 && x0 < x1 && x1 <= row.len());
    let p = row.as_mut_ptr();
    let cv = _mm256_set1_epi32(c as i32);
    if x1 - x0 >= 8 {
        // Stores only (no read of the destination): the first and the last 8 pixels
        // (overlapping when n < 16), then whatever lies between. Spans up to 16 px,
        // most of them, take no loop and so no loop-exit misprediction.
        // SAFETY: x0 + 8 <= x1 <= row.len(), so both blocks are inside the row.
        _mm256_storeu_si256(p.add(x0) as *mut __m256i, cv);
        _mm256_storeu_si256(p.add(x1 - 8) as *mut __m256i, cv);
        let mut x = x0 + 8;
        while x + 8 < x1 {
            // SAFETY: x + 8 < x1 <= row.len()
            _mm256_storeu_si256(p.add(x) as *mut __m256i, cv);
            x += 8;
        }
        return;
    }
    // Under 8 pixels: 1..=3 as single stores, 4..=7 as two overlapping 4-pixel stores.
    // A masked read-modify-write block would avoid these branches, but for a pure
    // store the read costs more (it waits for the line) than the occasional mispredict.
    let n = x1 - x0;
    if n >= 4 {
        // SAFETY: x0 + 4 <= x1 and x1 - 4 >= x0, both inside the row.
        _mm_storeu_si128(p.add(x0) as *mut __m128i, _mm256_castsi256_si128(cv));
        _mm_storeu_si128(p.add(x1 - 4) as *mut __m128i, _mm256_castsi256_si128(cv));
    } else {
        // SAFETY: x0 <= x0 + n/2 <= x1 - 1 < row.len()
        *p.add(x0) = c;
        *p.add(x0 + n / 2) = c;
        *p.add(x1 - 1) = c;
    }
}

/// Stores `c` into `row[x0..x1]` through one masked read-modify-write block for the
/// tail (kept for comparison in tests; [`fill`] is faster for opaque stores).
#[cfg(test)]
#[target_feature(enable = "avx2")]
unsafe fn fill_rmw(row: &mut [u32], x0: usize, x1: usize, c: u32) {
    let p = row.as_mut_ptr();
    let cv = _mm256_set1_epi32(c as i32);
    let mut x = x0;
    while x + 8 < x1 {
        _mm256_storeu_si256(p.add(x) as *mut __m256i, cv);
        x += 8;
    }
    let (at, mask) = last_block(x, x1, row.len());
    // SAFETY: last_block keeps [at, at + 8) inside the row (row.len() >= 8).
    let q = p.add(at) as *mut __m256i;
    let old = _mm256_loadu_si256(q);
    _mm256_storeu_si256(q, _mm256_blendv_epi8(old, cv, mask));
}

/// A pure 8-pixel operation. A trait with `#[inline(always)]` rather than a closure: the
/// intrinsics inside must end up inlined into the `avx2` function, which an ordinary
/// closure (compiled without the feature, maybe out of line) does not guarantee.
trait Op8 {
    unsafe fn apply(&self, d: __m256i) -> __m256i;
}

/// Applies `f` to `row[x0..x1]` (same contract as [`fill`]).
#[inline(always)]
unsafe fn map(row: &mut [u32], x0: usize, x1: usize, f: impl Op8) {
    debug_assert!(row.len() >= 8 && x0 < x1 && x1 <= row.len());
    let p = row.as_mut_ptr();
    let mut x = x0;
    while x + 8 < x1 {
        // SAFETY: x + 8 < x1 <= row.len()
        let q = p.add(x) as *mut __m256i;
        _mm256_storeu_si256(q, f.apply(_mm256_loadu_si256(q)));
        x += 8;
    }
    let (at, mask) = last_block(x, x1, row.len());
    // SAFETY: as in `fill`.
    let q = p.add(at) as *mut __m256i;
    let old = _mm256_loadu_si256(q);
    _mm256_storeu_si256(q, _mm256_blendv_epi8(old, f.apply(old), mask));
}

/// Source-over lanes for [`alpha`], computed once per draw call.
#[derive(Clone, Copy)]
pub(crate) struct AlphaLanes {
    /// `(s & 0x00FF00FF) * a + 0x00800080`: red and blue times alpha, plus rounding.
    rb: u32,
    /// `((s >> 8) & 0x00FF00FF) * a + 0x00800080`: green (and the zero top byte).
    ag: u32,
    /// `255 - a` in both 16-bit halves.
    ia: u32,
}

impl AlphaLanes {
    pub(crate) fn new(s: u32, a: u32) -> AlphaLanes {
        AlphaLanes {
            rb: (s & 0x00FF_00FF) * a + 0x0080_0080,
            ag: ((s >> 8) & 0x00FF_00FF) * a + 0x0080_0080,
            ia: (255 - a) * 0x0001_0001,
        }
    }
}

/// Source-over with constant colour and alpha over `row[x0..x1]`, exact like
/// [`crate::blend_alpha`]: channels sit in 16-bit lanes, `t = d * (255 - a) + s * a + 128`
/// fits in 16 bits, and `(t * 257) >> 16` divides by 255 with rounding.
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) unsafe fn alpha(row: &mut [u32], x0: usize, x1: usize, l: AlphaLanes) {
    struct Over {
        m: __m256i,
        srb: __m256i,
        sag: __m256i,
        ia: __m256i,
        k257: __m256i,
    }
    impl Op8 for Over {
        #[inline(always)]
        unsafe fn apply(&self, d: __m256i) -> __m256i {
            let rb = _mm256_and_si256(d, self.m);
            let ag = _mm256_and_si256(_mm256_srli_epi32(d, 8), self.m);
            // t = d * (255 - a) + s * a + 128, then t / 255 rounded = (t * 257) >> 16,
            // one high-half multiply (same results as `(t + (t >> 8)) >> 8`).
            let rb = _mm256_add_epi16(_mm256_mullo_epi16(rb, self.ia), self.srb);
            let ag = _mm256_add_epi16(_mm256_mullo_epi16(ag, self.ia), self.sag);
            let rb = _mm256_mulhi_epu16(rb, self.k257);
            let ag = _mm256_mulhi_epu16(ag, self.k257);
            _mm256_or_si256(rb, _mm256_slli_epi32(ag, 8))
        }
    }
    let op = Over {
        m: _mm256_set1_epi32(0x00FF_00FF),
        srb: _mm256_set1_epi32(l.rb as i32),
        sag: _mm256_set1_epi32(l.ag as i32),
        ia: _mm256_set1_epi32(l.ia as i32),
        k257: _mm256_set1_epi16(257),
    };
    map(row, x0, x1, op)
}

/// Per-channel saturating add of a constant over `row[x0..x1]`.
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) unsafe fn add(row: &mut [u32], x0: usize, x1: usize, c: u32) {
    struct Add(__m256i);
    impl Op8 for Add {
        #[inline(always)]
        unsafe fn apply(&self, d: __m256i) -> __m256i {
            _mm256_adds_epu8(d, self.0)
        }
    }
    map(row, x0, x1, Add(_mm256_set1_epi32(c as i32)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blend::{add_sat, blend_alpha};

    #[test]
    fn kernels_match_scalar_for_every_span() {
        if !std::arch::is_x86_feature_detected!("avx2") {
            return;
        }
        for w in [8usize, 9, 13, 16, 23, 40] {
            let base: Vec<u32> = (0..w as u32)
                .map(|i| i.wrapping_mul(0x9E37_79B9) & 0xFF_FFFF)
                .collect();
            for x0 in 0..w {
                for x1 in x0 + 1..=w {
                    let inside = |i: usize| (x0..x1).contains(&i);
                    let mut r = base.clone();
                    unsafe { fill(&mut r, x0, x1, 0x123456) };
                    for i in 0..w {
                        assert_eq!(r[i], if inside(i) { 0x123456 } else { base[i] });
                    }
                    let mut r = base.clone();
                    unsafe { fill_rmw(&mut r, x0, x1, 0x123456) };
                    for i in 0..w {
                        assert_eq!(r[i], if inside(i) { 0x123456 } else { base[i] });
                    }
                    let mut r = base.clone();
                    unsafe { alpha(&mut r, x0, x1, AlphaLanes::new(0xC08020, 77)) };
                    for i in 0..w {
                        let e = if inside(i) {
                            blend_alpha(base[i], 0xC08020, 77)
                        } else {
                            base[i]
                        };
                        assert_eq!(r[i], e, "w={w} x0={x0} x1={x1} i={i}");
                    }
                    let mut r = base.clone();
                    unsafe { add(&mut r, x0, x1, 0x40A0FF) };
                    for i in 0..w {
                        let e = if inside(i) {
                            add_sat(base[i], 0x40A0FF)
                        } else {
                            base[i]
                        };
                        assert_eq!(r[i], e);
                    }
                }
            }
        }
    }
}
