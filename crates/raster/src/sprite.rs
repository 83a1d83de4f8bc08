//! Modulation sprites: a small picture baked once and stamped many times as a
//! *multiplier* over what a frame already holds (`dst × m / 128` per channel, 128 =
//! 1.0, like a light buffer), so one baked detail — a seam, a stain, a crack — darkens
//! or lightens whatever colour lies under it. Only the pixels that change anything are
//! kept, as runs, so a stamp costs its changed pixels, not its box.

use crate::color::Rgba;
use crate::framebuffer::Framebuffer;

/// The multiplier that changes nothing: a sprite is baked over this grey.
pub const MOD_ONE: Rgba = Rgba::rgb(128, 128, 128);

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
    runs: Vec<Run>,
    px: Vec<u32>,
}

impl ModSprite {
    /// The pixels of `fb` (painted over [`MOD_ONE`]) that differ from it and that `keep`
    /// keeps (device column, frame row), as a sprite whose origin is `fb`'s top-left.
    pub fn from_framebuffer(fb: &Framebuffer, keep: impl Fn(usize, usize) -> bool) -> ModSprite {
        let one = MOD_ONE.to_u32();
        let mut s = ModSprite::default();
        for y in fb.band() {
            let Some(row) = fb.row(y) else { continue };
            let mut x = 0;
            while x < row.len() {
                if row[x] == one || !keep(x, y) {
                    x += 1;
                    continue;
                }
                let start = x;
                let at = s.px.len() as u32;
                while x < row.len() && row[x] != one && keep(x, y) {
                    s.px.push(row[x]);
                    x += 1;
                }
                s.runs.push(Run {
                    y: y as u32,
                    x: start as u32,
                    len: (x - start) as u32,
                    at,
                });
            }
        }
        s
    }

    /// How many pixels a stamp changes.
    pub fn pixel_count(&self) -> usize {
        self.px.len()
    }

    pub fn is_empty(&self) -> bool {
        self.px.is_empty()
    }
}

/// The luma of a multiplier, as a grey multiplier (what a remembered, grey surface
/// takes of a coloured detail).
#[inline]
fn grey_of(m: u32) -> u32 {
    let (r, g, b) = ((m >> 16) & 255, (m >> 8) & 255, m & 255);
    let l = (r * 77 + g * 150 + b * 29 + 128) >> 8;
    (l << 16) | (l << 8) | l
}

#[inline]
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
    let w = fb.width as i64;
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
        let Some(row) = fb.row_mut(fy as usize) else {
            continue;
        };
        let src = &s.px[(r.at as i64 + lo - x0) as usize..(r.at as i64 + hi - x0) as usize];
        for (d, &m) in row[lo as usize..hi as usize].iter_mut().zip(src) {
            let m = if grey { grey_of(m) } else { m };
            *d = modulate(*d, m);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{fill_circle, Paint};

    fn baked() -> ModSprite {
        let mut fb = Framebuffer::new(12, 10);
        fb.clear(MOD_ONE);
        fill_circle(&mut fb, [6.0, 5.0], 3.0, Paint::opaque(Rgba::rgb(64, 128, 255)));
        fb.put(0, 0, Rgba::rgb(0, 0, 0).to_u32());
        ModSprite::from_framebuffer(&fb, |x, _| x > 0)
    }

    #[test]
    fn only_changed_and_kept_pixels_are_runs() {
        let s = baked();
        // The circle's pixels, not the black one the mask dropped.
        assert!(s.pixel_count() > 20 && s.pixel_count() < 40, "{}", s.pixel_count());
        let mut fb = Framebuffer::new(12, 10);
        fb.clear(Rgba::rgb(100, 100, 100));
        modulate_sprite(&mut fb, &s, 0, 0, false);
        assert_eq!(fb.get(0, 0), Some(0x646464), "dropped by the mask");
        assert_eq!(fb.get(11, 9), Some(0x646464), "outside the circle");
        // At the centre: 100 × 64/128, × 1, × 255/128 (rounded), the last clamped.
        assert_eq!(fb.get(6, 5), Some(Rgba::rgb(50, 100, 199).to_u32()));
        let mut g = Framebuffer::new(12, 10);
        g.clear(Rgba::rgb(100, 100, 100));
        modulate_sprite(&mut g, &s, 0, 0, true);
        let l = (64 * 77 + 128 * 150 + 255 * 29 + 128) >> 8;
        let v = ((100 * l + 64) >> 7) as u8;
        assert_eq!(g.get(6, 5), Some(Rgba::rgb(v, v, v).to_u32()));
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
