//! Bitmap text with an embedded 8×8 font covering printable ASCII.
//!
//! The glyphs are the public-domain `font8x8` basic set (via the `font8x8` crate, no
//! runtime loading). Each glyph cell is 8 px wide and 8 px high, scaled by an integer
//! factor; lines are [`LINE_HEIGHT`] px apart so descenders and the next line's
//! capitals do not touch. Characters outside printable ASCII draw as `?`.

use crate::blend::{Paint, Shader};
use crate::framebuffer::Framebuffer;

/// Glyph cell width (the horizontal advance) at scale 1.
pub const GLYPH_WIDTH: i32 = 8;
/// Glyph cell height at scale 1.
pub const GLYPH_HEIGHT: i32 = 8;
/// Distance between baselines of consecutive lines at scale 1.
pub const LINE_HEIGHT: i32 = 10;

/// The 8 rows of a glyph; bit `i` of a row is column `i` (leftmost is bit 0).
fn glyph(ch: char) -> &'static [u8; 8] {
    let table = &font8x8::legacy::BASIC_LEGACY;
    let c = ch as u32;
    if (0x20..0x7F).contains(&c) {
        &table[c as usize]
    } else {
        &table['?' as usize]
    }
}

/// Width in pixels of the widest line of `text` at `scale`: the advance of its
/// characters, `chars × 8 × scale`. Every lit pixel of [`draw_text`] at `x` lies in
/// `x .. x + text_width` (the font keeps its last column as spacing).
pub fn text_width(text: &str, scale: u32) -> i32 {
    let s = scale.max(1) as i64;
    let widest = text
        .split('\n')
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0) as i64;
    (widest * GLYPH_WIDTH as i64 * s).min(i32::MAX as i64) as i32
}

/// Height in pixels of `text` at `scale`: the line pitch times the line count, minus the
/// gap under the last line.
pub fn text_height(text: &str, scale: u32) -> i32 {
    let s = scale.max(1) as i64;
    let lines = text.split('\n').count() as i64;
    (((lines - 1) * LINE_HEIGHT as i64 + GLYPH_HEIGHT as i64) * s).min(i32::MAX as i64) as i32
}

/// How many characters fit in `max_width` pixels at `scale` (none for a negative width).
pub fn chars_fitting(max_width: i32, scale: u32) -> usize {
    let cell = GLYPH_WIDTH as i64 * scale.max(1) as i64;
    (max_width.max(0) as i64 / cell) as usize
}

/// `text` cut at the end to `max_width` pixels at `scale`, `...` marking the cut
/// (unchanged when it fits).
pub fn clip_end(text: &str, max_width: i32, scale: u32) -> String {
    let n = chars_fitting(max_width, scale);
    if text.chars().count() <= n {
        return text.to_string();
    }
    if n <= 3 {
        return ".".repeat(n);
    }
    let kept: String = text.chars().take(n - 3).collect();
    format!("{kept}...")
}

/// `text` cut at the start to `max_width` pixels at `scale`, `...` marking the cut: the
/// end is kept (a path's file name and a `file:line:col`'s position).
pub fn clip_start(text: &str, max_width: i32, scale: u32) -> String {
    let n = chars_fitting(max_width, scale);
    let len = text.chars().count();
    if len <= n {
        return text.to_string();
    }
    if n <= 3 {
        return ".".repeat(n);
    }
    let kept: String = text.chars().skip(len - (n - 3)).collect();
    format!("...{kept}")
}

/// `text` as lines of at most `max_width` pixels at `scale`: words (split at
/// whitespace, rejoined with one space) fill each line in turn; a word longer than a
/// line is cut at its start ([`clip_start`]), so its end stays. A text that fits is one
/// line, unchanged.
pub fn wrap_text(text: &str, max_width: i32, scale: u32) -> Vec<String> {
    let n = chars_fitting(max_width, scale);
    if text.chars().count() <= n {
        return vec![text.to_string()];
    }
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    let mut line_len = 0;
    for word in text.split_whitespace() {
        let word = clip_start(word, max_width, scale);
        let len = word.chars().count();
        if line_len > 0 && line_len + 1 + len > n {
            lines.push(std::mem::take(&mut line));
            line_len = 0;
        }
        if line_len > 0 {
            line.push(' ');
            line_len += 1;
        }
        line.push_str(&word);
        line_len += len;
    }
    if line_len > 0 || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// [`wrap_text`] kept to `max_lines`: when more would follow, the last line shown ends
/// in ` ...`, whole words dropped from its end to make room (a line of one word that
/// leaves no room is kept whole: its end may be a position).
pub fn wrap_lines(text: &str, max_width: i32, scale: u32, max_lines: usize) -> Vec<String> {
    let mut lines = wrap_text(text, max_width, scale);
    if lines.len() > max_lines {
        lines.truncate(max_lines);
        if let Some(last) = lines.last_mut() {
            let n = chars_fitting(max_width, scale);
            let mut words: Vec<&str> = last.split(' ').collect();
            loop {
                let marked = format!("{} ...", words.join(" "));
                if marked.chars().count() <= n {
                    *last = marked;
                    break;
                }
                if words.len() <= 1 {
                    break;
                }
                words.pop();
            }
        }
    }
    lines
}

/// Draws `text` with its top-left corner at `(x, y)`, each font pixel a
/// `scale × scale` block (scale 0 is treated as 1). `'\n'` starts a new line.
/// Returns the width of the widest line in drawing units, like [`text_width`].
///
/// Into a framebuffer of [`Framebuffer::scale`] `s` ≠ 1, font pixels stay whole device
/// pixels: the glyph scale is `g = max(1, round(max(scale, 1) · s))` and the top-left
/// corner is `(round(x · s), round(y · s))`, all in `f32` with [`f32::round`] (halves
/// away from zero), and everything else follows in device pixels (so the drawn width
/// is `text_width(text, g)` device pixels, which is `text_width(text, scale) · s` only
/// up to that rounding). Only the band's rows are written.
pub fn draw_text(
    fb: &mut Framebuffer,
    x: i32,
    y: i32,
    text: &str,
    paint: impl Into<Paint>,
    scale: u32,
) -> i32 {
    let sh = Shader::new(paint.into());
    let fs = fb.scale();
    let (x, y, s) = if fs == 1.0 {
        (x as i64, y as i64, scale.clamp(1, 1 << 16) as i64)
    } else {
        let g = (scale.clamp(1, 1 << 16) as f32 * fs).round();
        (
            device_coord(x, fs),
            device_coord(y, fs),
            g.clamp(1.0, (1 << 16) as f32) as i64,
        )
    };
    let (w, h) = (fb.width as i64, fb.rows() as i64);
    if !sh.is_skip() {
        for (line_no, line) in text.split('\n').enumerate() {
            let top = y + line_no as i64 * LINE_HEIGHT as i64 * s;
            if top >= h {
                break;
            }
            if top + GLYPH_HEIGHT as i64 * s <= fb.row0() as i64 {
                continue;
            }
            for (i, ch) in line.chars().enumerate() {
                let left = x + i as i64 * GLYPH_WIDTH as i64 * s;
                if left >= w {
                    break;
                }
                if left + GLYPH_WIDTH as i64 * s <= 0 || ch == ' ' {
                    continue;
                }
                draw_glyph(fb, left, top, glyph(ch), s, sh);
            }
        }
    }
    text_width(text, scale)
}

/// `round(v · s)` (`f32`, halves away from zero) as a device coordinate, kept within
/// ±2^40 so the text layout's sums cannot overflow (anything that far is off-target).
pub(crate) fn device_coord(v: i32, s: f32) -> i64 {
    ((v as f32 * s).round() as i64).clamp(-(1 << 40), 1 << 40)
}

/// One glyph at device position `(left, top)`, font pixels `s × s`: each row's set bits
/// become horizontal runs, each run one clipped rect, so a scaled glyph costs a handful
/// of span fills rather than per-pixel work. Only the band's rows are written.
fn draw_glyph(fb: &mut Framebuffer, left: i64, top: i64, g: &[u8; 8], s: i64, sh: Shader) {
    let (w, h) = (fb.width as i64, fb.rows() as i64);
    let band0 = fb.row0() as i64;
    for (gy, &bits) in g.iter().enumerate() {
        let y0 = (top + gy as i64 * s).max(band0);
        let y1 = (top + (gy as i64 + 1) * s).min(h);
        if y0 >= y1 || bits == 0 {
            continue;
        }
        let mut gx = 0i64;
        while gx < 8 {
            if bits & (1 << gx) == 0 {
                gx += 1;
                continue;
            }
            let run0 = gx;
            while gx < 8 && bits & (1 << gx) != 0 {
                gx += 1;
            }
            let x0 = (left + run0 * s).max(0);
            let x1 = (left + gx * s).min(w);
            if x0 >= x1 {
                continue;
            }
            for yy in y0..y1 {
                let o = (yy - band0) as usize * fb.width;
                sh.span(&mut fb.pixels[o + x0 as usize..o + x1 as usize]);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::color::Rgba;

    /// Bounding box `[x0, x1) × [y0, y1)` of lit pixels.
    fn extent(fb: &Framebuffer) -> Option<(i32, i32, i32, i32)> {
        let mut b: Option<(i32, i32, i32, i32)> = None;
        for y in 0..fb.height as i32 {
            for x in 0..fb.width as i32 {
                if fb.get(x, y) != Some(0) {
                    b = Some(match b {
                        None => (x, y, x + 1, y + 1),
                        Some((a, c, d, e)) => (a.min(x), c.min(y), d.max(x + 1), e.max(y + 1)),
                    });
                }
            }
        }
        b
    }

    #[test]
    fn width_matches_drawn_extent() {
        for scale in [1u32, 2, 3] {
            for text in ["HM", "Hello, World", "MMM\nW", "|", "A\nBCDM"] {
                let mut fb = Framebuffer::new(400, 120);
                let ret = draw_text(&mut fb, 5, 7, text, Rgba::WHITE, scale);
                let tw = text_width(text, scale);
                let th = text_height(text, scale);
                assert_eq!(ret, tw);
                let (x0, y0, x1, y1) = extent(&fb).unwrap();
                assert!(x0 >= 5 && x1 <= 5 + tw, "{text:?} x {x0}..{x1} vs {tw}");
                assert!(y0 >= 7 && y1 <= 7 + th, "{text:?} y {y0}..{y1} vs {th}");
                // The font keeps glyph column 7 and row 7 blank as spacing; capitals
                // like M and W fill columns 0..=6, so the extent is tight to that.
                if text.lines().any(|l| l.ends_with('M') || l.ends_with('W')) {
                    assert_eq!(x1, 5 + tw - scale as i32, "{text:?}");
                }
            }
        }
        assert_eq!(text_width("", 2), 0);
        assert_eq!(text_width("abc\nde", 1), 24);
        assert_eq!(text_height("a\nb\nc", 2), (2 * 10 + 8) * 2);
    }

    #[test]
    fn glyph_pixels_and_scale() {
        let mut fb = Framebuffer::new(20, 20);
        // 'I' in font8x8: rows 0x1E, 0x0C x5, 0x1E, 0 -> row 0 lit in columns 1..=4.
        draw_text(&mut fb, 0, 0, "I", Rgba::WHITE, 2);
        let row0: Vec<bool> = (0..16).map(|x| fb.get(x, 0) == Some(0xFFFFFF)).collect();
        let expect: Vec<bool> = (0..16).map(|x| (2..10).contains(&x)).collect();
        assert_eq!(row0, expect);
        // Row 1 = 0x0C: columns 2 and 3 -> pixels 4..8 of rows 2..4.
        assert_eq!(fb.get(3, 2), Some(0));
        assert_eq!(fb.get(4, 2), Some(0xFFFFFF));
        assert_eq!(fb.get(7, 3), Some(0xFFFFFF));
        assert_eq!(fb.get(8, 3), Some(0));
        assert_eq!(fb.get(4, 15), Some(0)); // glyph row 7 is blank
    }

    #[test]
    fn clipping_and_odd_input() {
        let mut fb = Framebuffer::new(30, 12);
        draw_text(&mut fb, -4, -3, "W\u{e9}\t\u{1F600}x", Rgba::WHITE, 1);
        draw_text(&mut fb, i32::MAX - 3, i32::MIN, "abc", Rgba::WHITE, 9999);
        draw_text(&mut fb, i32::MIN, i32::MAX, "abc", Rgba::WHITE, u32::MAX);
        draw_text(&mut fb, 25, 8, "WWW", Rgba::WHITE, 0);
        assert!(extent(&fb).is_some());
        // Non-ASCII renders as '?', same as a literal '?'.
        let mut a = Framebuffer::new(10, 10);
        let mut b = Framebuffer::new(10, 10);
        draw_text(&mut a, 1, 1, "\u{e9}", Rgba::WHITE, 1);
        draw_text(&mut b, 1, 1, "?", Rgba::WHITE, 1);
        assert_eq!(a, b);
    }

    #[test]
    fn clipping_keeps_the_end_or_the_start() {
        // 10 characters fit in 160 px at scale 2.
        assert_eq!(chars_fitting(160, 2), 10);
        assert_eq!(chars_fitting(-5, 2), 0);
        assert_eq!(clip_end("short", 160, 2), "short");
        assert_eq!(clip_end("a_long_scenario_name", 160, 2), "a_long_...");
        assert_eq!(clip_start("dir/sub/file.scn:3:7:", 160, 2), "...cn:3:7:");
        assert_eq!(
            clip_start("dir/sub/file.scn:3:7:", 800, 2),
            "dir/sub/file.scn:3:7:"
        );
        assert_eq!(clip_end("abcdef", 40, 2), "..");
        for s in ["", "x", "a fairly long line of text", "\u{e9}t\u{e9}s"] {
            for w in [0, 16, 48, 100, 400] {
                assert!(text_width(&clip_end(s, w, 2), 2) <= w.max(0), "{s:?} {w}");
                assert!(text_width(&clip_start(s, w, 2), 2) <= w.max(0), "{s:?} {w}");
            }
        }
    }

    #[test]
    fn wrapping_fills_lines_and_keeps_a_long_word_s_end() {
        let note = "cannot start: /a/very/long/folder/of/scenarios/broken.scn:3:7: unknown key `wave2`: expected name, map or seed";
        let lines = wrap_text(note, 37 * 16, 2);
        assert_eq!(
            lines,
            [
                "cannot start:",
                "...older/of/scenarios/broken.scn:3:7:",
                "unknown key `wave2`: expected name,",
                "map or seed",
            ]
        );
        for l in &lines {
            assert!(text_width(l, 2) <= 37 * 16, "{l:?}");
        }
        assert_eq!(wrap_text("fits", 100, 1), ["fits"]);
        assert_eq!(wrap_text("", 100, 1), [""]);
        let short = wrap_lines(note, 37 * 16, 2, 2);
        assert_eq!(
            short,
            &lines[..2],
            "no room for the mark: the position stays"
        );
        let three = wrap_lines(note, 37 * 16, 2, 3);
        assert_eq!(three[2], "unknown key `wave2`: expected ...");
        assert_eq!(wrap_lines(note, 37 * 16, 2, 9), lines);
    }

    #[test]
    fn alpha_text_blends_each_pixel_once() {
        let mut fb = Framebuffer::new(40, 10);
        draw_text(&mut fb, 0, 0, "#@", Paint::additive(Rgba::rgb(3, 3, 3)), 1);
        assert!(fb.pixels.iter().all(|&p| p == 0 || p == 0x030303));
    }
}
