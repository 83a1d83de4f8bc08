//! Nearest-neighbour scaling of a whole framebuffer into another, letterboxed.
//!
//! The game renders at a fixed internal resolution (1280×720) and the window can be
//! any size: this fits the frame into the window keeping the aspect ratio, centres it,
//! and paints the bars. Nearest keeps pixels crisp; integer mode gives perfectly even
//! pixels at the cost of larger bars. Source columns are stepped in 32.32 fixed point
//! (no per-pixel division, no allocation) and a destination row that maps to the same
//! source row as the previous one is a plain copy.

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
    // Centre; with Integer and a too-small window the image is cropped symmetrically.
    let ox = (dw as i64 - ow as i64) / 2;
    let oy = (dh as i64 - oh as i64) / 2;
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

#[cfg(test)]
mod tests {
    use super::*;

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
