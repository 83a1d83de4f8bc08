//! Colours with 8-bit channels and the packed pixel format of [`crate::Framebuffer`].
//!
//! Pixels are stored packed as `0x00RRGGBB` because that is exactly what the window
//! (softbuffer) blits, so presenting a frame is a plain copy. Alpha lives only in
//! [`Rgba`] (the *source* colour of a draw call); the framebuffer itself is opaque and
//! its top byte is always written as zero.

/// An 8-bit-per-channel colour with straight (non-premultiplied) alpha.
///
/// Straight alpha keeps the API obvious (`Rgba::new(255, 0, 0, 128)` is "half-transparent
/// red"); the blend kernels premultiply once per draw call, not per pixel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Rgba {
    pub r: u8,
    pub g: u8,
    pub b: u8,
    pub a: u8,
}

impl Rgba {
    pub const BLACK: Rgba = Rgba::rgb(0, 0, 0);
    pub const WHITE: Rgba = Rgba::rgb(255, 255, 255);
    pub const RED: Rgba = Rgba::rgb(255, 0, 0);
    pub const GREEN: Rgba = Rgba::rgb(0, 255, 0);
    pub const BLUE: Rgba = Rgba::rgb(0, 0, 255);
    pub const TRANSPARENT: Rgba = Rgba::new(0, 0, 0, 0);

    #[inline]
    pub const fn new(r: u8, g: u8, b: u8, a: u8) -> Rgba {
        Rgba { r, g, b, a }
    }

    /// Fully opaque colour.
    #[inline]
    pub const fn rgb(r: u8, g: u8, b: u8) -> Rgba {
        Rgba { r, g, b, a: 255 }
    }

    /// Same colour with another alpha.
    #[inline]
    pub const fn with_alpha(self, a: u8) -> Rgba {
        Rgba { a, ..self }
    }

    /// Packs to the framebuffer format `0x00RRGGBB` (alpha dropped).
    #[inline]
    pub const fn to_u32(self) -> u32 {
        pack_rgb(self.r, self.g, self.b)
    }

    /// Packs to `0xAARRGGBB` (for callers that want to keep alpha, e.g. PNG export).
    #[inline]
    pub const fn to_argb(self) -> u32 {
        ((self.a as u32) << 24) | pack_rgb(self.r, self.g, self.b)
    }

    /// Unpacks a framebuffer pixel; the top byte is ignored and alpha is 255.
    #[inline]
    pub const fn from_u32(p: u32) -> Rgba {
        Rgba::rgb((p >> 16) as u8, (p >> 8) as u8, p as u8)
    }

    /// Unpacks `0xAARRGGBB`.
    #[inline]
    pub const fn from_argb(p: u32) -> Rgba {
        Rgba::new((p >> 16) as u8, (p >> 8) as u8, p as u8, (p >> 24) as u8)
    }

    /// Linear interpolation of all four channels; `t` is clamped to `0..=1`.
    #[inline]
    pub fn lerp(self, other: Rgba, t: f32) -> Rgba {
        let t = if t.is_nan() { 0.0 } else { t.clamp(0.0, 1.0) };
        let w = (t * 256.0) as u32; // 0..=256
        Rgba::new(
            lerp_u8(self.r, other.r, w),
            lerp_u8(self.g, other.g, w),
            lerp_u8(self.b, other.b, w),
            lerp_u8(self.a, other.a, w),
        )
    }

    /// Multiplies the RGB channels by `f` (clamped to `0..=255`), keeping alpha.
    /// Handy for cheap flat shading of faces.
    #[inline]
    pub fn scale_rgb(self, f: f32) -> Rgba {
        let s = |c: u8| -> u8 {
            let v = c as f32 * f;
            if v.is_nan() {
                0
            } else {
                v.clamp(0.0, 255.0) as u8
            }
        };
        Rgba::new(s(self.r), s(self.g), s(self.b), self.a)
    }
}

/// Packs three channels into `0x00RRGGBB`.
#[inline]
pub const fn pack_rgb(r: u8, g: u8, b: u8) -> u32 {
    ((r as u32) << 16) | ((g as u32) << 8) | b as u32
}

/// Splits `0x00RRGGBB` into `(r, g, b)`.
#[inline]
pub const fn unpack_rgb(p: u32) -> (u8, u8, u8) {
    ((p >> 16) as u8, (p >> 8) as u8, p as u8)
}

/// `a + (b - a) * w / 256` with `w` in `0..=256`, exact at both ends.
#[inline]
fn lerp_u8(a: u8, b: u8, w: u32) -> u8 {
    ((a as u32 * (256 - w) + b as u32 * w) >> 8) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pack_roundtrip() {
        let c = Rgba::new(0x12, 0x34, 0x56, 0x78);
        assert_eq!(c.to_u32(), 0x0012_3456);
        assert_eq!(c.to_argb(), 0x7812_3456);
        assert_eq!(Rgba::from_argb(c.to_argb()), c);
        assert_eq!(Rgba::from_u32(0xFF12_3456), Rgba::rgb(0x12, 0x34, 0x56));
        assert_eq!(unpack_rgb(pack_rgb(1, 2, 3)), (1, 2, 3));
    }

    #[test]
    fn lerp_ends_and_middle() {
        let a = Rgba::new(0, 100, 255, 0);
        let b = Rgba::new(255, 200, 0, 255);
        assert_eq!(a.lerp(b, 0.0), a);
        assert_eq!(a.lerp(b, 1.0), b);
        assert_eq!(a.lerp(b, 2.0), b);
        assert_eq!(a.lerp(b, f32::NAN), a);
        let m = a.lerp(b, 0.5);
        assert_eq!((m.r, m.g, m.b, m.a), (127, 150, 127, 127));
    }

    #[test]
    fn scale_rgb_clamps() {
        let c = Rgba::new(100, 200, 10, 7);
        assert_eq!(c.scale_rgb(2.0), Rgba::new(200, 255, 20, 7));
        assert_eq!(c.scale_rgb(-1.0), Rgba::new(0, 0, 0, 7));
    }
}
