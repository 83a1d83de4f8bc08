//! Modulation sprites: a small picture baked once and stamped many times as a
//! *multiplier* over what a frame already holds (`dst × m / 128` per channel, 128 =
//! 1.0, like a light buffer), so one baked detail — a seam, a stain, a crack — darkens
//! or lightens whatever colour lies under it. Only the pixels that change anything are
//! kept, as runs, so a stamp costs its changed pixels, not its box.

use crate::color::Rgba;
use crate::framebuffer::Framebuffer;

/// The multiplier that changes nothing: a sprite is baked over this grey.
pub const MOD_ONE: Rgba = Rgba::rgb(128, 128, 128);

/// Unchanged pixels a run bridges rather than starting another.
const GAP: usize = 12;

/// One row's run of changed pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Run {
    y: u32,
    x: u32,
    len: u32,
    /// Its first multiplier in [`ModSprite::px`].
    at: u32,
}

/// A baked picture of multipliers (`0x00RRGGBB`, 128 = 1.0 per channel), as runs
/// sorted by row. Device pixels: bake it at the scale it will be stamped at.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ModSprite {
    /// The box of its runs, from its origin: columns `0..w`, rows `0..h`.
    w: u32,
    h: u32,
    runs: Vec<Run>,
    px: Vec<u32>,
    /// The multipliers' lumas, as grey multipliers (a remembered surface's).
    grey: Vec<u32>,
}

impl ModSprite {
    /// The pixels of `fb` (painted over [`MOD_ONE`]) that differ from it by more than
    /// `tolerance` in some channel and that `keep` keeps (device column, frame row), as a
    /// sprite whose origin is `fb`'s top-left. (A multiplier within 2 of 128 changes a
    /// channel by under 1.6 %: below what a dark scene shows, and skipped for nothing.)
    pub fn from_framebuffer(
        fb: &Framebuffer,
        tolerance: u8,
        keep: impl Fn(usize, usize) -> bool,
    ) -> ModSprite {
        let t = tolerance as i32;
        let one = MOD_ONE.to_u32();
        let mut s = ModSprite::default();
        let mut flags = Vec::with_capacity(fb.width);
        for y in fb.band() {
            let Some(row) = fb.row(y) else { continue };
            // The colour test first (cheap), the caller's mask only where it passes.
            flags.clear();
            flags.extend(row.iter().enumerate().map(|(x, &p)| {
                p != one
                    && [16, 8, 0]
                        .iter()
                        .any(|&s| (((p >> s) & 255) as i32 - 128).abs() > t)
                    && keep(x, y)
            }));
            let mut x = 0;
            while x < row.len() {
                if !flags[x] {
                    x += 1;
                    continue;
                }
                // A run to the last changed pixel before a gap of `GAP` unchanged ones
                // (kept as 128: long runs stamp faster than many short ones).
                let start = x;
                let mut end = x + 1;
                let mut k = end;
                while k < row.len() && k - end < GAP {
                    if flags[k] {
                        end = k + 1;
                    }
                    k += 1;
                }
                let at = s.px.len() as u32;
                s.px.extend((start..end).map(|i| if flags[i] { row[i] } else { one }));
                s.grey
                    .extend(s.px[at as usize..].iter().map(|&m| grey_of(m)));
                s.runs.push(Run {
                    y: y as u32,
                    x: start as u32,
                    len: (end - start) as u32,
                    at,
                });
                s.w = s.w.max(end as u32);
                s.h = s.h.max(y as u32 + 1);
                x = end;
            }
        }
        s
    }

    /// How many pixels a stamp goes over (the changed ones and the short gaps between
    /// them).
    pub fn pixel_count(&self) -> usize {
        self.px.len()
    }

    pub fn is_empty(&self) -> bool {
        self.px.is_empty()
    }
}

/// The luma of a multiplier, as a grey multiplier (what a remembered, grey surface
/// takes of a coloured detail).
#[inline(always)]
fn grey_of(m: u32) -> u32 {
    let (r, g, b) = ((m >> 16) & 255, (m >> 8) & 255, m & 255);
    let l = (r * 77 + g * 150 + b * 29 + 128) >> 8;
    (l << 16) | (l << 8) | l
}

#[inline(always)]
fn modulate(d: u32, m: u32) -> u32 {
    let ch = |s: u32| {
        let v = ((d >> s) & 255) * ((m >> s) & 255);
        ((v + 64) >> 7).min(255) << s
    };
    ch(16) | ch(8) | ch(0)
}

/// Stamps `s` with its origin at device pixel `(x, y)` of the frame: every pixel it
/// covers becomes `min(255, dst × m / 128)` per channel (rounded), `m` its multiplier,
/// or with `grey` the multiplier's luma on every channel. Clipped to the frame and to
/// `fb`'s band; each pixel depends on the sprite and itself alone, so a frame stamped
/// band by band is the frame stamped whole. Device pixels: the scale is not applied.
pub fn modulate_sprite(fb: &mut Framebuffer, s: &ModSprite, x: i32, y: i32, grey: bool) {
    let band = fb.band();
    let (x, y) = (x as i64, y as i64);
    if x >= fb.width as i64
        || x + s.w as i64 <= 0
        || y >= band.end as i64
        || y + s.h as i64 <= band.start as i64
    {
        return;
    }
    let (x, y) = (x as i32, y as i32);
    #[cfg(target_arch = "x86_64")]
    if crate::blend::simd::has_avx2() {
        // SAFETY: AVX2 support was checked at run time.
        unsafe { stamp_avx2(fb, s, (x, y), grey) };
        return;
    }
    stamp(fb, s, (x, y), grey, modulate_row);
}

/// The stamp's loop over its runs, each row's pixels through `row`.
#[inline(always)]
fn stamp(
    fb: &mut Framebuffer,
    s: &ModSprite,
    (x, y): (i32, i32),
    grey: bool,
    row: impl Fn(&mut [u32], &[u32]),
) {
    let band = fb.band();
    let w = fb.width as i64;
    let px = if grey { &s.grey } else { &s.px };
    // The first run at or below the band's first row.
    let first = s
        .runs
        .partition_point(|r| (r.y as i64 + y as i64) < band.start as i64);
    for r in &s.runs[first..] {
        let fy = r.y as i64 + y as i64;
        if fy >= band.end as i64 {
            break;
        }
        let x0 = r.x as i64 + x as i64;
        let (lo, hi) = (x0.max(0), (x0 + r.len as i64).min(w));
        if lo >= hi {
            continue;
        }
        let o = (fy as usize - band.start) * fb.width;
        let dst = &mut fb.pixels[o + lo as usize..o + hi as usize];
        let src = &px[(r.at as i64 + lo - x0) as usize..(r.at as i64 + hi - x0) as usize];
        row(dst, src);
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn stamp_avx2(fb: &mut Framebuffer, s: &ModSprite, at: (i32, i32), grey: bool) {
    stamp(fb, s, at, grey, |d, m| unsafe { modulate_avx2(d, m) });
}

/// `dst[i]` = [`modulate`]`(dst[i], m[i])`, one pixel at a time.
fn modulate_row(dst: &mut [u32], m: &[u32]) {
    for (d, &m) in dst.iter_mut().zip(m) {
        *d = modulate(*d, m);
    }
}

/// [`modulate_row`] eight pixels a step: the channels as 16-bit lanes (`d × m` ≤ 65025,
/// plus 64 still below 2^16), `>> 7`, packed back with unsigned saturation (the `min`
/// with 255); the last few under a mask. The same integer arithmetic, the same pixels.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn modulate_avx2(dst: &mut [u32], m: &[u32]) {
    use std::arch::x86_64::*;
    let n = dst.len().min(m.len());
    let (zero, half) = (_mm256_setzero_si256(), _mm256_set1_epi16(64));
    let step = |d: __m256i, k: __m256i| {
        let lane = |a: __m256i, b: __m256i| {
            _mm256_srli_epi16::<7>(_mm256_add_epi16(_mm256_mullo_epi16(a, b), half))
        };
        let lo = lane(_mm256_unpacklo_epi8(d, zero), _mm256_unpacklo_epi8(k, zero));
        let hi = lane(_mm256_unpackhi_epi8(d, zero), _mm256_unpackhi_epi8(k, zero));
        _mm256_packus_epi16(lo, hi)
    };
    let mut i = 0;
    while i + 8 <= n {
        let pd = dst.as_mut_ptr().add(i) as *mut __m256i;
        let k = _mm256_loadu_si256(m.as_ptr().add(i) as *const __m256i);
        _mm256_storeu_si256(pd, step(_mm256_loadu_si256(pd), k));
        i += 8;
    }
    if i < n {
        // Lanes below the count: all ones.
        let left = _mm256_set1_epi32((n - i) as i32);
        let mask = _mm256_cmpgt_epi32(left, _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
        let pd = dst.as_mut_ptr().add(i) as *mut i32;
        let d = _mm256_maskload_epi32(pd, mask);
        let k = _mm256_maskload_epi32(m.as_ptr().add(i) as *const i32, mask);
        _mm256_maskstore_epi32(pd, mask, step(d, k));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blend::Paint;
    use crate::circle::fill_circle;

    fn baked() -> ModSprite {
        let mut fb = Framebuffer::new(12, 10);
        fb.clear(MOD_ONE);
        fill_circle(
            &mut fb,
            [6.0, 5.0],
            3.0,
            Paint::opaque(Rgba::rgb(64, 128, 255)),
        );
        fb.put(0, 0, Rgba::rgb(0, 0, 0).to_u32());
        ModSprite::from_framebuffer(&fb, 0, |x, _| x > 0)
    }

    #[test]
    fn only_changed_and_kept_pixels_are_runs() {
        let s = baked();
        // The circle's pixels (a run a row), not the black one the mask dropped.
        assert!(
            s.pixel_count() > 20 && s.pixel_count() < 40,
            "{}",
            s.pixel_count()
        );
        assert_eq!(s.runs.len(), 6, "{:?}", s.runs);
        let mut fb = Framebuffer::new(12, 10);
        fb.clear(Rgba::rgb(100, 100, 100));
        modulate_sprite(&mut fb, &s, 0, 0, false);
        assert_eq!(fb.get(0, 0), Some(0x646464), "dropped by the mask");
        assert_eq!(fb.get(11, 9), Some(0x646464), "outside the circle");
        // At the centre: 100 × 64/128, × 1, × 255/128 (rounded), the last clamped.
        assert_eq!(fb.get(6, 5), Some(Rgba::rgb(50, 100, 199).to_u32()));
        assert_eq!(s.grey.len(), s.px.len());
        let mut g = Framebuffer::new(12, 10);
        g.clear(Rgba::rgb(100, 100, 100));
        modulate_sprite(&mut g, &s, 0, 0, true);
        let l = (64 * 77 + 128 * 150 + 255 * 29 + 128) >> 8;
        let v = ((100 * l + 64) >> 7) as u8;
        assert_eq!(g.get(6, 5), Some(Rgba::rgb(v, v, v).to_u32()));
    }

    #[test]
    fn a_tolerance_drops_the_pixels_that_change_little_and_gaps_are_bridged() {
        let mut fb = Framebuffer::new(40, 1);
        fb.clear(MOD_ONE);
        fb.put(0, 0, Rgba::rgb(130, 128, 126).to_u32());
        fb.put(1, 0, Rgba::rgb(131, 128, 128).to_u32());
        fb.put(3, 0, Rgba::rgb(128, 120, 128).to_u32());
        fb.put(30, 0, Rgba::rgb(100, 100, 100).to_u32());
        let runs = |t| {
            let s = ModSprite::from_framebuffer(&fb, t, |_, _| true);
            s.runs.iter().map(|r| (r.x, r.len)).collect::<Vec<_>>()
        };
        // A gap of one is bridged (as 128), one of 26 is not.
        assert_eq!(runs(0), vec![(0, 4), (30, 1)]);
        assert_eq!(runs(2), vec![(1, 3), (30, 1)]);
        assert_eq!(runs(3), vec![(3, 1), (30, 1)]);
        let s = ModSprite::from_framebuffer(&fb, 2, |_, _| true);
        assert_eq!(
            s.px[1],
            MOD_ONE.to_u32(),
            "the bridged pixel changes nothing"
        );
    }

    #[test]
    fn the_avx2_rows_are_the_portable_rows() {
        #[cfg(target_arch = "x86_64")]
        {
            if !std::arch::is_x86_feature_detected!("avx2") {
                return;
            }
            let mut state = 0x1234_5678u32;
            let mut next = || {
                state ^= state << 13;
                state ^= state >> 17;
                state ^= state << 5;
                state & 0x00FF_FFFF
            };
            for n in [0, 1, 7, 8, 9, 31, 64, 67] {
                let d: Vec<u32> = (0..n).map(|_| next()).collect();
                let m: Vec<u32> = (0..n).map(|_| next()).collect();
                let mut a = d.clone();
                let mut b = d.clone();
                modulate_row(&mut a, &m);
                unsafe { modulate_avx2(&mut b, &m) };
                assert_eq!(a, b, "{n} pixels");
            }
            // The extremes: 255 × 255 saturates, 0 stays 0.
            let mut e = vec![0x00FF_FF00u32; 8];
            unsafe { modulate_avx2(&mut e, &[0x00FF_00FFu32; 8]) };
            assert_eq!(e, vec![0x00FF_0000u32; 8]);
        }
    }

    #[test]
    fn a_stamp_is_clipped_and_the_same_band_by_band() {
        let s = baked();
        for (x, y) in [(0, 0), (-5, -4), (7, 6), (-20, 0), (3, 40)] {
            let mut whole = Framebuffer::new(14, 11);
            whole.clear(Rgba::rgb(90, 140, 30));
            modulate_sprite(&mut whole, &s, x, y, false);
            let mut joined = Vec::new();
            for rows in [0..3, 3..4, 4..11] {
                let mut b = Framebuffer::new_band(14, 11, rows);
                b.clear(Rgba::rgb(90, 140, 30));
                modulate_sprite(&mut b, &s, x, y, false);
                joined.extend_from_slice(&b.pixels);
            }
            assert_eq!(joined, whole.pixels, "at ({x}, {y})");
        }
    }
}
