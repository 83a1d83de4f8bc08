//! The render target: a packed `0x00RRGGBB` pixel array.

use crate::blend::{Paint, Shader};
use crate::color::Rgba;

/// A row-major image of `width * height` pixels in `0x00RRGGBB` format (top byte zero),
/// which is exactly what softbuffer presents, so the window blits it without conversion.
///
/// # Bands
/// A framebuffer may hold only a *band* of its frame: rows `band()` of a `width ×
/// height` frame ([`Framebuffer::new_band`]). Every primitive takes coordinates in the
/// whole frame and draws only the band's rows, each pixel exactly as it would be drawn
/// into the whole frame, so a frame drawn band by band (on as many threads as there are
/// bands) is byte-identical to the frame drawn whole.
///
/// # Scale
/// [`Framebuffer::scale`] is the number of device pixels per drawing unit (1 unless
/// set): every primitive multiplies its positions and sizes by it, so a scene laid out
/// for 1280×720 draws the same picture, with more pixels, into 1920×1080 at scale 1.5.
/// Text is rasterised at its device size (any fraction). Pixel access (`get`,
/// `put`, `pixels`) is always in device pixels.
#[derive(Clone, Debug)]
pub struct Framebuffer {
    pub width: usize,
    /// The whole frame's height (a band stores fewer rows, see [`Framebuffer::band`]).
    pub height: usize,
    /// Row `y` of the band, column `x`, at `pixels[(y - band().start) * width + x]`;
    /// `width * band().len()` long.
    pub pixels: Vec<u32>,
    /// The first row stored.
    y0: usize,
    /// Device pixels per drawing unit.
    scale: f32,
}

impl PartialEq for Framebuffer {
    fn eq(&self, o: &Framebuffer) -> bool {
        self.width == o.width
            && self.height == o.height
            && self.y0 == o.y0
            && self.scale.to_bits() == o.scale.to_bits()
            && self.pixels == o.pixels
    }
}

impl Eq for Framebuffer {}

impl Framebuffer {
    /// A black framebuffer. Zero-sized framebuffers are allowed (every draw is a no-op).
    pub fn new(width: usize, height: usize) -> Framebuffer {
        Framebuffer {
            width,
            height,
            pixels: vec![0; width * height],
            y0: 0,
            scale: 1.0,
        }
    }

    /// A black band: rows `rows` (clamped to the frame) of a `width × height` frame.
    pub fn new_band(width: usize, height: usize, rows: std::ops::Range<usize>) -> Framebuffer {
        let mut fb = Framebuffer::new(0, 0);
        fb.resize_band(width, height, rows);
        fb
    }

    /// Resizes (contents become black). Keeps the allocation when it shrinks. The
    /// framebuffer holds the whole frame again; the scale is kept.
    pub fn resize(&mut self, width: usize, height: usize) {
        self.resize_band(width, height, 0..height);
    }

    /// Makes this framebuffer rows `rows` of a `width × height` frame (black).
    pub fn resize_band(&mut self, width: usize, height: usize, rows: std::ops::Range<usize>) {
        let end = rows.end.min(height);
        let start = rows.start.min(end);
        self.width = width;
        self.height = height;
        self.y0 = start;
        self.pixels.clear();
        self.pixels.resize(width * (end - start), 0);
    }

    /// The rows of the frame this framebuffer holds (`0..height` unless it is a band).
    #[inline]
    pub fn band(&self) -> std::ops::Range<usize> {
        self.y0..self.rows()
    }

    /// Device pixels per drawing unit (1 unless set).
    #[inline]
    pub fn scale(&self) -> f32 {
        self.scale
    }

    /// Sets the scale; anything but a finite positive number means 1.
    pub fn set_scale(&mut self, scale: f32) {
        self.scale = if scale.is_finite() && scale > 0.0 {
            scale
        } else {
            1.0
        };
    }

    /// The frame's size in drawing units: `width / scale × height / scale`.
    pub fn logical_size(&self) -> (f32, f32) {
        (
            self.width as f32 / self.scale,
            self.height as f32 / self.scale,
        )
    }

    /// Row `y` of the frame, if this framebuffer holds it.
    pub fn row(&self, y: usize) -> Option<&[u32]> {
        let r = self.band();
        r.contains(&y).then(|| {
            let o = (y - self.y0) * self.width;
            &self.pixels[o..o + self.width]
        })
    }

    /// Row `y` of the frame, mutable, if this framebuffer holds it.
    pub fn row_mut(&mut self, y: usize) -> Option<&mut [u32]> {
        let r = self.band();
        let w = self.width;
        r.contains(&y).then(|| {
            let o = (y - self.y0) * w;
            &mut self.pixels[o..o + w]
        })
    }

    /// Fills every pixel with `color` (alpha ignored).
    pub fn clear(&mut self, color: Rgba) {
        self.pixels.fill(color.to_u32());
    }

    /// The packed pixel at `(x, y)`, or `None` outside.
    #[inline]
    pub fn get(&self, x: i32, y: i32) -> Option<u32> {
        self.index(x, y).map(|i| self.pixels[i])
    }

    /// The pixel at `(x, y)` as a colour (alpha 255), or `None` outside.
    #[inline]
    pub fn get_rgba(&self, x: i32, y: i32) -> Option<Rgba> {
        self.get(x, y).map(Rgba::from_u32)
    }

    /// Stores a packed pixel; outside coordinates are ignored.
    #[inline]
    pub fn put(&mut self, x: i32, y: i32, packed: u32) {
        if let Some(i) = self.index(x, y) {
            self.pixels[i] = packed & 0x00FF_FFFF;
        }
    }

    /// Blends one pixel with a paint; outside coordinates are ignored.
    #[inline]
    pub fn blend_pixel(&mut self, x: i32, y: i32, paint: impl Into<Paint>) {
        let sh = Shader::new(paint.into());
        if let Some(i) = self.index(x, y) {
            sh.pixel_cov(&mut self.pixels[i], 255);
        }
    }

    /// Fills the rectangle `[x, x+w) × [y, y+h)` (drawing units), clipped to the
    /// framebuffer's band. At scale `s` ≠ 1 it covers device pixels
    /// `[round(x·s), round((x+w)·s)) × [round(y·s), round((y+h)·s))`, in `f32` with
    /// [`f32::round`] (halves away from zero): each edge is rounded on its own, so
    /// rects that tile in drawing units still tile in pixels, without gaps or overlap.
    pub fn fill_rect(&mut self, x: i32, y: i32, w: i32, h: i32, paint: impl Into<Paint>) {
        let sh = Shader::new(paint.into());
        if sh.is_skip() {
            return;
        }
        let (x, y) = (x as i64, y as i64);
        let (xe, ye) = (x + w.max(0) as i64, y + h.max(0) as i64);
        let s = self.scale;
        let [x, y, xe, ye] = if s == 1.0 {
            [x, y, xe, ye]
        } else {
            // Saturating conversions; the clamps below take care of the rest.
            [x, y, xe, ye].map(|v| (v as f32 * s).round() as i64)
        };
        let (top, end) = (self.row0() as i64, self.rows() as i64);
        let x0 = x.clamp(0, self.width as i64) as usize;
        let y0 = y.clamp(top, end) as usize;
        let x1 = xe.clamp(0, self.width as i64) as usize;
        let y1 = ye.clamp(top, end) as usize;
        if x0 >= x1 {
            return;
        }
        let (width, band0) = (self.width.max(1), self.y0);
        let rows = self
            .pixels
            .chunks_exact_mut(width)
            .take(y1.saturating_sub(band0))
            .skip(y0 - band0);
        // The AVX2 span kernels when the CPU has them (a screen's dim and panels blend a
        // whole frame's worth of pixels: 2.5 ms of a 1080p title frame portably).
        #[cfg(target_arch = "x86_64")]
        if crate::blend::simd::has_avx2() && width >= 8 {
            use crate::span_avx2 as k;
            for row in rows {
                // SAFETY: AVX2 was checked; `row` is at least 8 wide and
                // `x0 < x1 <= row.len()`.
                unsafe {
                    match sh {
                        Shader::Skip => {}
                        Shader::Fill(c) => k::fill(row, x0, x1, c),
                        Shader::Alpha { c, a, .. } => {
                            k::alpha(row, x0, x1, k::AlphaLanes::new(c, a))
                        }
                        Shader::Add { add, .. } => k::add(row, x0, x1, add),
                    }
                }
            }
            return;
        }
        for row in rows {
            sh.long_span(&mut row[x0..x1]);
        }
    }

    /// Copies `src` with its top-left corner at device pixel `(x, y)` of the frame,
    /// clipped to this framebuffer's band (a plain copy: the source is opaque like every
    /// framebuffer; not scaled). `src` is normally a whole framebuffer; if it is a band,
    /// its rows sit at their own frame rows, offset by `y`.
    pub fn blit(&mut self, src: &Framebuffer, x: i32, y: i32) {
        let sx0 = (-(x as i64)).clamp(0, src.width as i64) as usize;
        let dx0 = (x as i64).clamp(0, self.width as i64) as usize;
        let w = (src.width - sx0).min(self.width - dx0);
        // Destination frame rows: src's rows moved by y, within this band.
        let (y, top, end) = (y as i64, self.row0() as i64, self.rows() as i64);
        let d0 = (src.row0() as i64 + y).max(top);
        let d1 = (src.rows() as i64 + y).min(end);
        if w == 0 || d0 >= d1 {
            return;
        }
        for dy in d0..d1 {
            let s = (dy - y - src.row0() as i64) as usize * src.width + sx0;
            let d = (dy - top) as usize * self.width + dx0;
            self.pixels[d..d + w].copy_from_slice(&src.pixels[s..s + w]);
        }
    }

    /// The end of the rows that really exist: the band's end, unless someone shrank
    /// `pixels` behind our back (the fields are public). Every draw call clips to this,
    /// so an inconsistent framebuffer draws less instead of panicking or writing out of
    /// bounds.
    #[inline]
    pub(crate) fn rows(&self) -> usize {
        let stored = self.pixels.len().checked_div(self.width).unwrap_or(0);
        (self.y0 + stored)
            .min(self.height)
            .max(self.y0.min(self.height))
    }

    /// The first row stored (the band's start).
    #[inline]
    pub(crate) fn row0(&self) -> usize {
        self.y0
    }

    #[inline]
    fn index(&self, x: i32, y: i32) -> Option<usize> {
        if x >= 0 && y >= self.y0 as i32 && (x as usize) < self.width && (y as usize) < self.rows()
        {
            Some((y as usize - self.y0) * self.width + x as usize)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blend::Paint;

    #[test]
    fn get_put_and_bounds() {
        let mut fb = Framebuffer::new(4, 3);
        fb.put(3, 2, 0xFF12_3456);
        assert_eq!(fb.get(3, 2), Some(0x0012_3456));
        assert_eq!(fb.get(4, 2), None);
        assert_eq!(fb.get(-1, 0), None);
        fb.put(-1, 0, 1);
        fb.put(0, 3, 1);
        assert_eq!(fb.pixels.iter().filter(|&&p| p != 0).count(), 1);
    }

    #[test]
    fn fill_rect_clips() {
        let mut fb = Framebuffer::new(5, 5);
        fb.fill_rect(-2, 3, 4, 10, Rgba::WHITE);
        let lit: Vec<(usize, usize)> = (0..25)
            .filter(|i| fb.pixels[*i] != 0)
            .map(|i| (i % 5, i / 5))
            .collect();
        assert_eq!(lit, vec![(0, 3), (1, 3), (0, 4), (1, 4)]);
        fb.fill_rect(
            i32::MIN,
            i32::MIN,
            i32::MAX,
            i32::MAX,
            Paint::opaque(Rgba::RED),
        );
        fb.fill_rect(
            i32::MAX,
            i32::MAX,
            i32::MAX,
            i32::MAX,
            Paint::opaque(Rgba::RED),
        );
        // [MIN, MIN + MAX) = [MIN, -1): empty; the second rect starts past the edge.
        assert_eq!(fb.get(0, 4), Some(0x00FF_FFFF));
        assert_eq!(fb.get(4, 4), Some(0));
        fb.fill_rect(3, -5, 100, 6, Paint::opaque(Rgba::RED));
        assert_eq!(fb.get(4, 0), Some(0x00FF_0000));
        assert_eq!(fb.get(2, 0), Some(0));
        assert_eq!(fb.get(4, 1), Some(0));
    }

    #[test]
    fn inconsistent_fields_draw_less_and_never_panic() {
        // The fields are public; a caller may shrink `pixels` without fixing `height`.
        // (Every primitive on such a buffer: `tests/robustness.rs`.)
        let mut fb = Framebuffer::new(16, 16);
        fb.pixels.truncate(16 * 5 + 3);
        assert_eq!(fb.rows(), 5);
        fb.fill_rect(0, 0, 16, 16, Rgba::WHITE);
        fb.put(1, 10, 5);
        assert_eq!(fb.get(1, 10), None);
        let src = Framebuffer::new(16, 16);
        fb.blit(&src, 0, 0);
    }

    #[test]
    fn blit_clips_on_all_sides() {
        let mut src = Framebuffer::new(3, 3);
        for (i, p) in src.pixels.iter_mut().enumerate() {
            *p = i as u32 + 1;
        }
        let mut dst = Framebuffer::new(4, 4);
        dst.blit(&src, -1, -1);
        assert_eq!(&dst.pixels[0..2], &[5, 6]);
        assert_eq!(&dst.pixels[4..6], &[8, 9]);
        let mut dst = Framebuffer::new(4, 4);
        dst.blit(&src, 3, 3);
        assert_eq!(dst.get(3, 3), Some(1));
        assert_eq!(dst.pixels.iter().filter(|&&p| p != 0).count(), 1);
        dst.blit(&src, i32::MAX, i32::MIN);
        dst.blit(&src, i32::MIN, i32::MAX);
    }
}
