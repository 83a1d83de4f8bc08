//! Scaling a whole framebuffer into another, letterboxed: nearest neighbour, or
//! bilinear (filtered).
//!
//! A frame drawn at another size than the window's (a render scale below 100 %, or a
//! window outside the sizes a frame is drawn at) is fitted into the window keeping the
//! aspect ratio, centred, the bars painted. Nearest keeps pixels crisp; integer mode
//! gives perfectly even pixels at the cost of larger bars. Bilinear is what a fractional
//! upscale wants: nearest would double every other source pixel (uneven lines and
//! text), bilinear spreads each evenly. Source positions are stepped in fixed point (no
//! per-pixel division; bilinear keeps two filtered rows).

use crate::color::Rgba;
use crate::framebuffer::Framebuffer;

/// How the source is fitted into the destination.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ScaleMode {
    /// Largest scale (fractional allowed) that fits; pixels may differ by one in size.
    #[default]
    Fit,
    /// Largest whole-number scale that fits (at least 1, cropped if even 1 is too big).
    Integer,
}

/// Where the scaled image landed in the destination.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Viewport {
    pub x: i32,
    pub y: i32,
    pub width: u32,
    pub height: u32,
}

impl Viewport {
    /// Maps a destination pixel (e.g. the mouse position in the window) to the source
    /// pixel shown there, or `None` on the bars.
    pub fn to_source(&self, x: i32, y: i32, src_w: usize, src_h: usize) -> Option<(usize, usize)> {
        let (dx, dy) = (x as i64 - self.x as i64, y as i64 - self.y as i64);
        if dx < 0 || dy < 0 || dx >= self.width as i64 || dy >= self.height as i64 {
            return None;
        }
        let sx = ((2 * dx + 1) * src_w as i64) / (2 * self.width as i64);
        let sy = ((2 * dy + 1) * src_h as i64) / (2 * self.height as i64);
        Some((sx as usize, sy as usize))
    }
}

/// Scales `src` into `dst` with nearest sampling, centred, the rest filled with
/// `border`. Returns where the image went. Empty inputs just clear `dst`.
///
/// Device pixels throughout (neither framebuffer's scale applies). `dst` may be a band:
/// the layout is that of its whole `width × height` frame (the same viewport for every
/// band) and only the band's rows are written. `src` is taken whole (if it is a band,
/// the rows it holds are the image).
pub fn scale_nearest_into(
    src: &Framebuffer,
    dst: &mut Framebuffer,
    mode: ScaleMode,
    border: Rgba,
) -> Viewport {
    let (sw, sh, dw, dh) = (src.width, src.rows() - src.row0(), dst.width, dst.height);
    if sw == 0 || sh == 0 || dw == 0 || dh == 0 {
        dst.clear(border);
        return Viewport::default();
    }
    let (ox, oy, ow, oh) = fit(sw, sh, dw, dh, mode);
    let b = border.to_u32();
    // Source column of image pixel i (0..ow) = floor((2i + 1) * sw / (2 ow)), stepped in
    // 32.32 fixed point. Start and step are rounded *up*, so the stepped value is never
    // below the exact one and exceeds it by less than (i + 1) / 2^32, far less than the
    // 1 / (2 ow) gap to the next integer: the floor is exact, ties included.
    let step_x = ((sw as u64) << 32).div_ceil(ow as u64);
    let start_x = ((sw as u64) << 32).div_ceil(2 * ow as u64);
    let mut prev_sy = usize::MAX;
    let y0 = dst.row0();
    for y in y0..dst.rows() {
        // Row `y` of the frame is row `y - y0` of the band.
        let (row_before, row) = dst.pixels.split_at_mut((y - y0) * dw);
        let row = &mut row[..dw];
        let iy = y as i64 - oy;
        if iy < 0 || iy >= oh as i64 {
            row.fill(b);
            prev_sy = usize::MAX;
            continue;
        }
        let sy = (((2 * iy as u64 + 1) * sh as u64) / (2 * oh as u64)) as usize;
        if sy == prev_sy && y > y0 {
            row.copy_from_slice(&row_before[(y - y0 - 1) * dw..]);
            continue;
        }
        prev_sy = sy;
        let srow = &src.pixels[sy * sw..sy * sw + sw];
        // Destination columns [dx0, dx1) show image columns [ix0, ..).
        let dx0 = ox.max(0) as usize;
        let dx1 = (ox + ow as i64).min(dw as i64) as usize;
        row[..dx0].fill(b);
        row[dx1..].fill(b);
        let ix0 = (dx0 as i64 - ox) as u64;
        let mut pos = start_x + ix0 * step_x;
        for d in row[dx0..dx1].iter_mut() {
            *d = srow[((pos >> 32) as usize).min(sw - 1)];
            pos += step_x;
        }
    }
    Viewport {
        x: ox as i32,
        y: oy as i32,
        width: ow as u32,
        height: oh as u32,
    }
}

/// Where a `sw × sh` image lands in a `dw × dh` frame: its corner (centred; with
/// Integer and a too-small frame it is cropped symmetrically) and size.
fn fit(sw: usize, sh: usize, dw: usize, dh: usize, mode: ScaleMode) -> (i64, i64, usize, usize) {
    // Output size: compare the two aspect ratios exactly in integers.
    let (ow, oh) = match mode {
        ScaleMode::Fit => {
            if dw as u64 * sh as u64 <= dh as u64 * sw as u64 {
                (dw, ((dw as u64 * sh as u64) / sw as u64).max(1) as usize)
            } else {
                (((dh as u64 * sw as u64) / sh as u64).max(1) as usize, dh)
            }
        }
        ScaleMode::Integer => {
            let k = (dw / sw).min(dh / sh).max(1);
            (sw * k, sh * k)
        }
    };
    (
        (dw as i64 - ow as i64) / 2,
        (dh as i64 - oh as i64) / 2,
        ow,
        oh,
    )
}

/// Scales `src` into `dst` bilinearly (pixel centres aligned, edges clamped), fitted
/// and centred as [`ScaleMode::Fit`] — except that an image within 1 % of the frame's
/// size fills it (a frame drawn at a share of the window's size differs from its aspect
/// only by rounding: no one-pixel bar) — the rest filled with `border`. Returns where
/// the image went; empty inputs just clear `dst`.
///
/// Device pixels throughout; `dst` may be a band (the layout is that of its whole frame,
/// only the band's rows are written), so threads can each scale a band. Weights have 8
/// bits: a flat colour stays exactly that colour. Two rows of the image's width are
/// allocated per call (the filtered rows).
pub fn scale_bilinear_into(src: &Framebuffer, dst: &mut Framebuffer, border: Rgba) -> Viewport {
    let (sw, sh, dw, dh) = (src.width, src.rows() - src.row0(), dst.width, dst.height);
    if sw == 0 || sh == 0 || dw == 0 || dh == 0 {
        dst.clear(border);
        return Viewport::default();
    }
    let (mut ox, mut oy, mut ow, mut oh) = fit(sw, sh, dw, dh, ScaleMode::Fit);
    if (dw - ow) * 100 <= dw && (dh - oh) * 100 <= dh {
        (ox, oy, ow, oh) = (0, 0, dw, dh);
    }
    let b = border.to_u32();
    // Source position of image pixel i's centre, minus half a pixel, in 16.16 fixed
    // point: (i + ½)·s/o − ½. Clamped at 0 on the left; the right tap is clamped to the
    // last pixel.
    let step = |s: usize, o: usize| ((s as i64) << 16) / o as i64;
    let (step_x, step_y) = (step(sw, ow), step(sh, oh));
    let (start_x, start_y) = (step_x / 2 - (1 << 15), step_y / 2 - (1 << 15));
    let tap = |pos: i64, s: usize| -> (usize, usize, u32) {
        let pos = pos.max(0);
        let i = ((pos >> 16) as usize).min(s - 1);
        (i, (i + 1).min(s - 1), ((pos >> 8) & 0xFF) as u32)
    };
    let y0 = dst.row0();
    let dx0 = ox.max(0) as usize;
    let dx1 = (ox + ow as i64).min(dw as i64) as usize;
    let ix0 = dx0 as i64 - ox;
    // Separable: each source row is filtered across once into a row of the image's
    // width (the columns' taps worked out once), and each destination row mixes the
    // two filtered rows it falls between — the same arithmetic per pixel as filtering
    // the four taps at once, a third of the mixes, and a vertical mix the compiler
    // runs in vector lanes (issue 35: the title's backdrop at half size).
    let n = dx1 - dx0;
    let mut taps = Taps {
        x0: Vec::with_capacity(n),
        x1: Vec::with_capacity(n),
        fx: Vec::with_capacity(n),
        end: 0,
    };
    for i in 0..n {
        let (x0, x1, fx) = tap(start_x + (ix0 + i as i64) * step_x, sw);
        taps.x0.push(x0 as u32);
        taps.x1.push(x1 as u32);
        taps.fx.push(fx);
        taps.end = taps.end.max(x1 + 1);
    }
    let across = |sy: usize, out: &mut Vec<u32>| {
        out.resize(n, 0);
        filter_row(out, &src.pixels[sy * sw..sy * sw + sw], &taps);
    };
    // The filtered rows held: (source row, its pixels), top and bottom tap.
    let (mut top, mut bottom) = ((usize::MAX, Vec::new()), (usize::MAX, Vec::new()));
    for y in y0..dst.rows() {
        let row = &mut dst.pixels[(y - y0) * dw..(y - y0 + 1) * dw];
        let iy = y as i64 - oy;
        if iy < 0 || iy >= oh as i64 {
            row.fill(b);
            continue;
        }
        let (sy0, sy1, fy) = tap(start_y + iy * step_y, sh);
        if top.0 != sy0 {
            if bottom.0 == sy0 {
                std::mem::swap(&mut top, &mut bottom);
            } else {
                across(sy0, &mut top.1);
                top.0 = sy0;
            }
        }
        if bottom.0 != sy1 {
            across(sy1, &mut bottom.1);
            bottom.0 = sy1;
        }
        row[..dx0].fill(b);
        row[dx1..].fill(b);
        mix_rows(&mut row[dx0..dx1], &top.1, &bottom.1, fy);
    }
    Viewport {
        x: ox as i32,
        y: oy as i32,
        width: ow as u32,
        height: oh as u32,
    }
}

/// Each image column's two source columns and the weight of the second; `end` is one
/// past the largest column taken (`x0 <= x1`).
struct Taps {
    x0: Vec<u32>,
    x1: Vec<u32>,
    fx: Vec<u32>,
    end: usize,
}

/// `out[i]` = [`mix`]`(r[x0[i]], r[x1[i]], fx[i])`: a source row filtered across, 8
/// columns a step (gathered) where the CPU has AVX2, the same pixels either way.
fn filter_row(out: &mut [u32], r: &[u32], t: &Taps) {
    let n = out.len().min(t.x0.len());
    assert!(t.end <= r.len(), "a tap outside the row");
    #[cfg(target_arch = "x86_64")]
    if crate::blend::simd::has_avx2() {
        // SAFETY: AVX2 support was just checked at run time, and every tap is inside
        // `r` (asserted above).
        let done = unsafe { filter_row_avx2(&mut out[..n], r, t) };
        for i in done..n {
            out[i] = mix(r[t.x0[i] as usize], r[t.x1[i] as usize], t.fx[i]);
        }
        return;
    }
    for i in 0..n {
        out[i] = mix(r[t.x0[i] as usize], r[t.x1[i] as usize], t.fx[i]);
    }
}

/// The whole blocks of 8 of [`filter_row`]; returns how many columns it wrote. The
/// caller checks AVX2 and that every tap indexes `r`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn filter_row_avx2(out: &mut [u32], r: &[u32], t: &Taps) -> usize {
    use std::arch::x86_64::*;
    let n = out.len();
    let (mrb, mg) = (_mm256_set1_epi32(0xFF00FF), _mm256_set1_epi32(0xFF00));
    let (half_rb, half_g) = (_mm256_set1_epi32(0x80_0080), _mm256_set1_epi32(0x8000));
    let whole = _mm256_set1_epi32(256);
    let base = r.as_ptr() as *const i32;
    let load = |v: &[u32], i: usize| _mm256_loadu_si256(v.as_ptr().add(i) as *const __m256i);
    let mut i = 0;
    while i + 8 <= n {
        let a = _mm256_i32gather_epi32::<4>(base, load(&t.x0, i));
        let b = _mm256_i32gather_epi32::<4>(base, load(&t.x1, i));
        let f = load(&t.fx, i);
        let g = _mm256_sub_epi32(whole, f);
        // As `mix`: 32-bit lanes, products below 2^32, the same rounding.
        let lane = |m: __m256i, half: __m256i| {
            let s = _mm256_add_epi32(
                _mm256_mullo_epi32(_mm256_and_si256(a, m), g),
                _mm256_mullo_epi32(_mm256_and_si256(b, m), f),
            );
            _mm256_and_si256(_mm256_srli_epi32::<8>(_mm256_add_epi32(s, half)), m)
        };
        let px = _mm256_or_si256(lane(mrb, half_rb), lane(mg, half_g));
        _mm256_storeu_si256(out.as_mut_ptr().add(i) as *mut __m256i, px);
        i += 8;
    }
    i
}

/// `out[i]` = [`mix`]`(a[i], b[i], f)`: in AVX2 lanes where the CPU has them (8 pixels
/// a step; the same integer arithmetic, the same pixels).
fn mix_rows(out: &mut [u32], a: &[u32], b: &[u32], f: u32) {
    #[cfg(target_arch = "x86_64")]
    if crate::blend::simd::has_avx2() {
        // SAFETY: AVX2 support was just checked at run time.
        unsafe { mix_rows_avx2(out, a, b, f) };
        return;
    }
    mix_rows_portable(out, a, b, f);
}

#[inline(always)]
fn mix_rows_portable(out: &mut [u32], a: &[u32], b: &[u32], f: u32) {
    for ((d, &t), &u) in out.iter_mut().zip(a).zip(b) {
        *d = mix(t, u, f);
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn mix_rows_avx2(out: &mut [u32], a: &[u32], b: &[u32], f: u32) {
    mix_rows_portable(out, a, b, f);
}

/// `a` toward `b` by `f`/256 per channel (`0x00RRGGBB`), rounded: red and blue in one
/// multiply, green in another; (256 − f)·a + f·b + ½ stays below 2^16 per lane.
#[inline(always)]
fn mix(a: u32, b: u32, f: u32) -> u32 {
    let g = 256 - f;
    let rb = (((a & 0xFF00FF) * g + (b & 0xFF00FF) * f + 0x80_0080) >> 8) & 0xFF00FF;
    let gg = (((a & 0xFF00) * g + (b & 0xFF00) * f + 0x8000) >> 8) & 0xFF00;
    rb | gg
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The separable filter gives every pixel the four-tap formula's value (the mix
    /// across both rows, then down), on a patterned image at sizes up, down and
    /// uneven, whole frames and bands.
    #[test]
    fn bilinear_is_the_four_tap_mix_per_pixel() {
        let mut src = Framebuffer::new(37, 23);
        for (i, p) in src.pixels.iter_mut().enumerate() {
            *p = (i as u32).wrapping_mul(2_654_435_761) & 0xFF_FFFF;
        }
        for (dw, dh, band) in [
            (74, 46, 0..46),
            (80, 40, 0..40),
            (50, 31, 7..19),
            (20, 12, 0..12),
        ] {
            let mut dst = Framebuffer::new(dw, dh);
            dst.resize_band(dw, dh, band.clone());
            let vp = scale_bilinear_into(&src, &mut dst, Rgba::RED);
            let (sw, sh) = (src.width, src.height);
            let (ow, oh) = (vp.width as usize, vp.height as usize);
            let step = |s: usize, o: usize| ((s as i64) << 16) / o as i64;
            let (step_x, step_y) = (step(sw, ow), step(sh, oh));
            let tap = |pos: i64, s: usize| {
                let pos = pos.max(0);
                let i = ((pos >> 16) as usize).min(s - 1);
                (i, (i + 1).min(s - 1), ((pos >> 8) & 0xFF) as u32)
            };
            for y in band.clone() {
                for x in 0..dw {
                    let (ix, iy) = (x as i64 - vp.x as i64, y as i64 - vp.y as i64);
                    let got = dst.pixels[(y - band.start) * dw + x];
                    if ix < 0 || iy < 0 || ix >= ow as i64 || iy >= oh as i64 {
                        assert_eq!(got, Rgba::RED.to_u32());
                        continue;
                    }
                    let (x0, x1, fx) = tap(step_x / 2 - (1 << 15) + ix * step_x, sw);
                    let (y0, y1, fy) = tap(step_y / 2 - (1 << 15) + iy * step_y, sh);
                    let p = |x: usize, y: usize| src.pixels[y * sw + x];
                    let top = mix(p(x0, y0), p(x1, y0), fx);
                    let bottom = mix(p(x0, y1), p(x1, y1), fx);
                    assert_eq!(got, mix(top, bottom, fy), "{dw}x{dh} at ({x}, {y})");
                }
            }
        }
    }

    #[test]
    fn bilinear_keeps_flat_colour_and_blends_edges_evenly() {
        let mut src = Framebuffer::new(4, 2);
        src.clear(Rgba::rgb(200, 100, 50));
        let mut dst = Framebuffer::new(8, 4);
        let vp = scale_bilinear_into(&src, &mut dst, Rgba::RED);
        assert_eq!((vp.x, vp.y, vp.width, vp.height), (0, 0, 8, 4));
        assert!(dst.pixels.iter().all(|&p| p == src.pixels[0]));
        // Left half black, right half white: a ramp across the middle, even on both
        // sides, the ends exact.
        for y in 0..2 {
            for x in 0..4 {
                src.put(x, y, if x < 2 { 0 } else { 0xFFFFFF });
            }
        }
        scale_bilinear_into(&src, &mut dst, Rgba::RED);
        let row: Vec<u32> = (0..8).map(|x| dst.get(x, 1).unwrap() & 0xFF).collect();
        assert_eq!(row[0], 0);
        assert_eq!(row[7], 0xFF);
        assert!(row.windows(2).all(|w| w[0] <= w[1]), "{row:?}");
        assert_eq!(row[3] + row[4], 0xFF, "symmetric about the edge: {row:?}");
        assert!(row[3] > 0 && row[4] < 0xFF, "the edge is blended: {row:?}");
    }

    #[test]
    fn bilinear_fits_letterboxes_and_fills_a_near_fit() {
        let src = checker(16, 9);
        let mut dst = Framebuffer::new(40, 9);
        let vp = scale_bilinear_into(&src, &mut dst, Rgba::RED);
        assert_eq!((vp.x, vp.y, vp.width, vp.height), (12, 0, 16, 9));
        assert_eq!(dst.get(11, 4), Some(0xFF0000));
        assert_eq!(dst.get(28, 4), Some(0xFF0000));
        assert_eq!(dst.get(12, 0), Some(src.pixels[0]), "same size: copied");
        // 961×541 into 1921×1081 is a 1920-wide fit: within 1 %, it fills.
        let src = checker(961, 541);
        let mut dst = Framebuffer::new(1921, 1081);
        let vp = scale_bilinear_into(&src, &mut dst, Rgba::RED);
        assert_eq!((vp.x, vp.y, vp.width, vp.height), (0, 0, 1921, 1081));
        assert!(dst.pixels.iter().all(|&p| p != 0xFF0000), "no bar");
    }

    #[test]
    fn bilinear_bands_are_the_whole_frame() {
        let src = checker(640, 360);
        let mut whole = Framebuffer::new(1920, 1080);
        let want = scale_bilinear_into(&src, &mut whole, Rgba::BLACK);
        let mut at = 0;
        for rows in [0..1, 1..400, 400..401, 401..1080] {
            let mut band = Framebuffer::new_band(1920, 1080, rows.clone());
            assert_eq!(scale_bilinear_into(&src, &mut band, Rgba::BLACK), want);
            let n = band.pixels.len();
            assert_eq!(band.pixels[..], whole.pixels[at..at + n], "rows {rows:?}");
            at += n;
        }
        assert_eq!(at, whole.pixels.len());
    }

    fn checker(w: usize, h: usize) -> Framebuffer {
        let mut fb = Framebuffer::new(w, h);
        for y in 0..h {
            for x in 0..w {
                fb.pixels[y * w + x] = x as u32 | (y as u32) << 12;
            }
        }
        fb
    }

    #[test]
    fn integer_upscale_repeats_pixels() {
        let src = checker(4, 3);
        let mut dst = Framebuffer::new(12, 9);
        let vp = scale_nearest_into(&src, &mut dst, ScaleMode::Fit, Rgba::RED);
        assert_eq!(
            vp,
            Viewport {
                x: 0,
                y: 0,
                width: 12,
                height: 9
            }
        );
        for y in 0..9 {
            for x in 0..12 {
                assert_eq!(dst.pixels[y * 12 + x], src.pixels[(y / 3) * 4 + x / 3]);
            }
        }
    }

    #[test]
    fn letterbox_wide_and_tall() {
        let src = checker(16, 9);
        let mut dst = Framebuffer::new(40, 9);
        let vp = scale_nearest_into(&src, &mut dst, ScaleMode::Fit, Rgba::RED);
        assert_eq!(
            vp,
            Viewport {
                x: 12,
                y: 0,
                width: 16,
                height: 9
            }
        );
        assert_eq!(dst.get(11, 4), Some(0xFF0000));
        assert_eq!(dst.get(28, 4), Some(0xFF0000));
        assert_eq!(dst.get(12, 0), Some(src.pixels[0]));
        assert_eq!(dst.get(27, 8), Some(src.pixels[8 * 16 + 15]));

        let mut dst = Framebuffer::new(32, 40);
        let vp = scale_nearest_into(&src, &mut dst, ScaleMode::Fit, Rgba::BLUE);
        assert_eq!((vp.width, vp.height), (32, 18));
        assert_eq!(vp.y, 11);
        assert_eq!(dst.get(5, 10), Some(0x0000FF));
        assert_eq!(dst.get(5, 29), Some(0x0000FF));
        assert_eq!(dst.get(0, 11), Some(src.pixels[0]));
    }

    #[test]
    fn fractional_fit_samples_every_source_row_and_column() {
        let src = checker(1280, 720);
        let mut dst = Framebuffer::new(1920, 1080);
        let vp = scale_nearest_into(&src, &mut dst, ScaleMode::Fit, Rgba::BLACK);
        assert_eq!(
            vp,
            Viewport {
                x: 0,
                y: 0,
                width: 1920,
                height: 1080
            }
        );
        let mut seen_x = vec![false; 1280];
        let mut seen_y = vec![false; 720];
        for y in 0..1080 {
            for x in 0..1920 {
                let p = dst.pixels[y * 1920 + x];
                let (sx, sy) = ((p & 0xFFF) as usize, (p >> 12) as usize);
                // Nearest sample of the destination pixel centre.
                assert_eq!(
                    (sx, sy),
                    ((2 * x + 1) * 1280 / 3840, (2 * y + 1) * 720 / 2160)
                );
                assert_eq!(vp.to_source(x as i32, y as i32, 1280, 720), Some((sx, sy)));
                seen_x[sx] = true;
                seen_y[sy] = true;
            }
        }
        assert!(seen_x.iter().all(|&s| s) && seen_y.iter().all(|&s| s));
        // Downscale works too and stays in bounds.
        let mut small = Framebuffer::new(333, 101);
        let vp = scale_nearest_into(&src, &mut small, ScaleMode::Fit, Rgba::BLACK);
        assert_eq!((vp.width, vp.height), (179, 101));
    }

    #[test]
    fn integer_mode_and_degenerate_sizes() {
        let src = checker(10, 5);
        let mut dst = Framebuffer::new(35, 17);
        let vp = scale_nearest_into(&src, &mut dst, ScaleMode::Integer, Rgba::GREEN);
        assert_eq!(
            vp,
            Viewport {
                x: 2,
                y: 1,
                width: 30,
                height: 15
            }
        );
        assert_eq!(dst.get(2, 1), Some(src.pixels[0]));
        assert_eq!(dst.get(4, 3), Some(src.pixels[0]));
        assert_eq!(dst.get(5, 1), Some(src.pixels[1]));
        // Window smaller than the source: scale 1, cropped around the centre.
        let mut tiny = Framebuffer::new(4, 3);
        let vp = scale_nearest_into(&src, &mut tiny, ScaleMode::Integer, Rgba::GREEN);
        assert_eq!((vp.x, vp.y, vp.width, vp.height), (-3, -1, 10, 5));
        assert_eq!(tiny.get(0, 0), Some(src.pixels[10 + 3]));
        for (s, d) in [((0, 0), (5, 5)), ((5, 5), (0, 0)), ((0, 3), (3, 0))] {
            let src = Framebuffer::new(s.0, s.1);
            let mut dst = Framebuffer::new(d.0, d.1);
            scale_nearest_into(&src, &mut dst, ScaleMode::Fit, Rgba::WHITE);
        }
        let src = checker(1, 1);
        let mut dst = Framebuffer::new(7, 3);
        scale_nearest_into(&src, &mut dst, ScaleMode::Fit, Rgba::WHITE);
        assert_eq!(dst.get(3, 1), Some(src.pixels[0]));
    }

    #[test]
    fn viewport_maps_back() {
        let vp = Viewport {
            x: 10,
            y: 0,
            width: 20,
            height: 10,
        };
        assert_eq!(vp.to_source(9, 0, 10, 5), None);
        assert_eq!(vp.to_source(10, 0, 10, 5), Some((0, 0)));
        assert_eq!(vp.to_source(29, 9, 10, 5), Some((9, 4)));
        assert_eq!(vp.to_source(30, 9, 10, 5), None);
    }
}
