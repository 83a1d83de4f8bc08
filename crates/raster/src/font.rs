//! The embedded font and its glyph cache: DejaVu Sans Mono Bold (fonts/, its licence
//! beside it), compiled into the binary, rasterised by `ab_glyph` with coverage
//! (anti-aliased) at the size a text is drawn, each glyph once per size.
//!
//! A size is `px`, device pixels per layout unit of the text ([`crate::text`] lays out
//! in units: a glyph's advance is [`ADVANCE`] units). The cache keeps the sizes asked
//! for ([`sized`]), each with its glyphs rasterised on first use; it is shared by every
//! thread (the composer's bands draw the same texts), read-locked once per text drawn
//! and never per glyph. At most [`SIZES_KEPT`] sizes are kept (a window being resized
//! asks for many): the oldest goes first.

use std::sync::{Arc, OnceLock, RwLock};

use ab_glyph::{point, Font, FontRef, PxScale};

/// The font's bytes (DejaVu Sans Mono Bold 2.37, unmodified; fonts/LICENSE-DejaVu.txt).
static FONT_BYTES: &[u8] = include_bytes!("../fonts/DejaVuSansMono-Bold.ttf");

/// A glyph's advance in layout units at scale 1: every character (the font is
/// monospaced) moves the pen this far.
pub const ADVANCE: i32 = 6;

/// First and one-past-last character the font draws; others draw as `?`.
const FIRST: u32 = 0x20;
const END: u32 = 0x7F;

/// Sizes kept in the cache at once.
pub const SIZES_KEPT: usize = 24;

/// The largest size rasterised, in device pixels per unit: a capital 290 px high
/// (scale 40 at 1:1). A text asked for larger draws at this size (its box is kept);
/// no screen comes near it, and a glyph's coverage stays under 0.3 MB.
pub const MAX_PX: f32 = 40.0;

/// The parsed font. Embedded and parsed once; a test parses it, so it cannot fail at
/// run time.
fn font() -> &'static FontRef<'static> {
    static FONT: OnceLock<FontRef<'static>> = OnceLock::new();
    FONT.get_or_init(|| FontRef::try_from_slice(FONT_BYTES).expect("the embedded font parses"))
}

/// The font's measures as fractions of its `ab_glyph` pixel height (ascent + descent),
/// read from the font once: the advance, the cap height, and how far its printable
/// ASCII glyphs reach above and below the baseline.
#[derive(Clone, Copy, Debug)]
pub struct Metrics {
    pub advance: f32,
    pub cap: f32,
    pub ink_top: f32,
    pub ink_bottom: f32,
}

/// [`Metrics`] of the embedded font.
pub fn metrics() -> Metrics {
    static M: OnceLock<Metrics> = OnceLock::new();
    *M.get_or_init(|| {
        let f = font();
        let h = 1000.0;
        let scaled = ab_glyph::Font::as_scaled(f, PxScale::from(h));
        let advance = ab_glyph::ScaleFont::h_advance(&scaled, f.glyph_id('M')) / h;
        let (mut top, mut bottom) = (0.0f32, 0.0f32);
        for c in (FIRST..END).filter_map(char::from_u32) {
            let g = f.glyph_id(c).with_scale(h);
            if let Some(o) = f.outline_glyph(g) {
                let b = o.px_bounds();
                top = top.max(-b.min.y);
                bottom = bottom.max(b.max.y);
            }
        }
        let cap = f
            .outline_glyph(f.glyph_id('H').with_scale(h))
            .map_or(0.0, |o| -o.px_bounds().min.y);
        Metrics {
            advance,
            cap: cap / h,
            ink_top: top / h,
            ink_bottom: bottom / h,
        }
    })
}

/// The font's pixel height (`ab_glyph`'s scale) that makes the advance [`ADVANCE`]
/// units at `px` device pixels per unit.
pub fn em_px(px: f32) -> f32 {
    ADVANCE as f32 * px / metrics().advance
}

/// One rasterised glyph: its coverage (0..=255, row-major, `w × h`) and where its
/// top-left corner lies from the pen (the advance's start, on the baseline).
#[derive(Clone, Debug, Default)]
pub struct Glyph {
    pub dx: i32,
    pub dy: i32,
    pub w: usize,
    pub h: usize,
    pub cov: Vec<u8>,
    /// Each row's covered columns `[first, end)` (nothing outside them is drawn).
    pub rows: Vec<(u16, u16)>,
}

/// The glyphs at one size, each rasterised when first drawn.
pub struct Sized {
    key: u32,
    /// Device pixels per layout unit.
    pub px: f32,
    glyphs: [OnceLock<Glyph>; (END - FIRST) as usize],
}

impl Sized {
    fn new(key: u32) -> Sized {
        Sized {
            key,
            px: key as f32 / KEY_STEPS,
            glyphs: std::array::from_fn(|_| OnceLock::new()),
        }
    }

    /// The glyph of `ch` (`?` for a character the font does not draw here).
    pub fn glyph(&self, ch: char) -> &Glyph {
        let c = ch as u32;
        let c = if (FIRST..END).contains(&c) {
            c
        } else {
            '?' as u32
        };
        self.glyphs[(c - FIRST) as usize].get_or_init(|| rasterise(ch_of(c), self.px))
    }
}

fn ch_of(c: u32) -> char {
    char::from_u32(c).unwrap_or('?')
}

/// `ch` at `px` device pixels per unit, the pen at the origin.
fn rasterise(ch: char, px: f32) -> Glyph {
    let f = font();
    let g = f
        .glyph_id(ch)
        .with_scale_and_position(PxScale::from(em_px(px)), point(0.0, 0.0));
    let Some(o) = f.outline_glyph(g) else {
        return Glyph::default();
    };
    let b = o.px_bounds();
    let (w, h) = (b.width() as usize, b.height() as usize);
    let mut cov = vec![0u8; w * h];
    o.draw(|x, y, c| {
        let (x, y) = (x as usize, y as usize);
        if x < w && y < h {
            cov[y * w + x] = (c.clamp(0.0, 1.0) * 255.0 + 0.5) as u8;
        }
    });
    let rows = cov
        .chunks(w.max(1))
        .map(|r| {
            let first = r.iter().position(|&c| c != 0).unwrap_or(r.len());
            let end = r.iter().rposition(|&c| c != 0).map_or(first, |i| i + 1);
            (first as u16, end as u16)
        })
        .collect();
    Glyph {
        dx: b.min.x as i32,
        dy: b.min.y as i32,
        w,
        h,
        cov,
        rows,
    }
}

/// Sizes are cached in steps of 1/64 device pixel per unit.
const KEY_STEPS: f32 = 64.0;

/// The glyphs at `px` device pixels per layout unit (rounded to 1/64, within
/// `1/64 ..= MAX_PX`), from the cache or newly made.
pub fn sized(px: f32) -> Arc<Sized> {
    static CACHE: OnceLock<RwLock<Vec<Arc<Sized>>>> = OnceLock::new();
    let px = if px.is_finite() { px } else { 1.0 };
    let key = (px.clamp(1.0 / KEY_STEPS, MAX_PX) * KEY_STEPS).round() as u32;
    let cache = CACHE.get_or_init(|| RwLock::new(Vec::new()));
    if let Some(s) = cache
        .read()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .find(|s| s.key == key)
    {
        return s.clone();
    }
    let mut all = cache.write().unwrap_or_else(|e| e.into_inner());
    if let Some(s) = all.iter().find(|s| s.key == key) {
        return s.clone();
    }
    if all.len() >= SIZES_KEPT {
        all.remove(0);
    }
    let s = Arc::new(Sized::new(key));
    all.push(s.clone());
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_font_parses_and_is_monospaced() {
        let f = FontRef::try_from_slice(FONT_BYTES).unwrap();
        let scaled = ab_glyph::Font::as_scaled(&f, PxScale::from(100.0));
        let adv = |c| ab_glyph::ScaleFont::h_advance(&scaled, f.glyph_id(c));
        for c in (FIRST..END).filter_map(char::from_u32) {
            assert_ne!(f.glyph_id(c).0, 0, "{c:?} is in the font");
            assert_eq!(adv(c), adv('M'), "{c:?} advances as far as M");
        }
        let m = metrics();
        assert!(
            m.cap > 0.5 && m.cap < m.ink_top && m.ink_bottom > 0.1,
            "{m:?}"
        );
    }

    #[test]
    fn glyphs_are_cached_per_size() {
        let a = sized(1.5);
        let b = sized(1.5 + 0.001);
        assert!(Arc::ptr_eq(&a, &b), "the same size within 1/64");
        let g1 = a.glyph('A') as *const Glyph;
        let g2 = b.glyph('A') as *const Glyph;
        assert_eq!(g1, g2, "rasterised once");
        assert!(a.glyph('A').cov.contains(&255));
        assert!(
            a.glyph('A').cov.iter().any(|&c| c > 0 && c < 255),
            "anti-aliased"
        );
        assert_eq!(a.glyph('\u{e9}').cov, a.glyph('?').cov);
        assert!(a.glyph(' ').cov.is_empty());
        // Absurd sizes stay bounded.
        assert_eq!(sized(f32::NAN).px, 1.0);
        assert_eq!(sized(1e9).px, MAX_PX);
        assert!(sized(0.0).px > 0.0);
    }
}
