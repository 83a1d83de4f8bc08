//! Text from the embedded font ([`crate::font`]: DejaVu Sans Mono Bold, anti-aliased,
//! each glyph rasterised once per size), printable ASCII (other characters draw as `?`).
//!
//! Text is laid out in units: at scale 1 a character advances [`GLYPH_WIDTH`] units
//! (the font is monospaced, so a line's width is its length times that), a line's ink
//! lies within [`GLYPH_HEIGHT`] units under its top, and lines are [`LINE_HEIGHT`]
//! units apart. A scale multiplies all three; the framebuffer's
//! [`Framebuffer::scale`] turns units into device pixels, any fraction of it (1.5 at
//! 1920×1080) drawing the glyphs at that size, not rounded to a whole step.

use crate::blend::{Paint, Shader};
use crate::font::{self, metrics, ADVANCE};
use crate::framebuffer::Framebuffer;

/// A character's advance at scale 1, in units.
pub const GLYPH_WIDTH: i32 = ADVANCE;
/// The height a line's ink keeps within at scale 1, in units.
pub const GLYPH_HEIGHT: i32 = 11;
/// Distance between the tops of consecutive lines at scale 1, in units.
pub const LINE_HEIGHT: i32 = 13;

/// The baseline's distance under a line's top at scale 1, in units: the printable
/// ASCII ink (the font's reach above and below its baseline) centred in
/// [`GLYPH_HEIGHT`].
pub fn baseline() -> f32 {
    let m = metrics();
    let em = font::em_px(1.0);
    let ink = (m.ink_top + m.ink_bottom) * em;
    (GLYPH_HEIGHT as f32 - ink) / 2.0 + m.ink_top * em
}

/// A capital's height at scale 1 in units (the font's `H`): what the text measures as
/// its size.
pub fn cap_height() -> f32 {
    metrics().cap * font::em_px(1.0)
}

/// Width in units of the widest line of `text` at `scale`: the advance of its
/// characters, `chars × 6 × scale`. Every pixel [`draw_text`] lights at `x` lies in
/// `x .. x + text_width`.
pub fn text_width(text: &str, scale: u32) -> i32 {
    let s = scale.max(1) as i64;
    let widest = text
        .split('\n')
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0) as i64;
    (widest * GLYPH_WIDTH as i64 * s).min(i32::MAX as i64) as i32
}

/// Height in units of `text` at `scale`: the line pitch times the line count, minus the
/// gap under the last line.
pub fn text_height(text: &str, scale: u32) -> i32 {
    let s = scale.max(1) as i64;
    let lines = text.split('\n').count() as i64;
    (((lines - 1) * LINE_HEIGHT as i64 + GLYPH_HEIGHT as i64) * s).min(i32::MAX as i64) as i32
}

/// How many characters fit in `max_width` units at `scale` (none for a negative width).
pub fn chars_fitting(max_width: i32, scale: u32) -> usize {
    let cell = GLYPH_WIDTH as i64 * scale.max(1) as i64;
    (max_width.max(0) as i64 / cell) as usize
}

/// `text` cut at the end to `max_width` units at `scale`, `...` marking the cut
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

/// `text` cut at the start to `max_width` units at `scale`, `...` marking the cut: the
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

/// The words of `text` (split at whitespace) for wrapping, a number kept with the short
/// unit after it (`90 s)`, `20 m`, `3 min`): a line never ends in `(90` with `s)` on
/// the next.
fn words(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for w in text.split_whitespace() {
        let unit = w.chars().count() <= 3 && w.starts_with(|c: char| c.is_alphabetic() || c == '%');
        match out.last_mut() {
            Some(prev) if unit && prev.ends_with(|c: char| c.is_ascii_digit()) => {
                prev.push(' ');
                prev.push_str(w);
            }
            _ => out.push(w.to_string()),
        }
    }
    out
}

/// `text` as lines of at most `max_width` units at `scale`: words (split at
/// whitespace, rejoined with one space; a number and its unit stay together) fill each
/// line in turn; a word longer than a line is cut at its start ([`clip_start`]), so its
/// end stays. A text that fits is one line, unchanged.
pub fn wrap_text(text: &str, max_width: i32, scale: u32) -> Vec<String> {
    let n = chars_fitting(max_width, scale);
    if text.chars().count() <= n {
        return vec![text.to_string()];
    }
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    let mut line_len = 0;
    for word in words(text) {
        let word = clip_start(&word, max_width, scale);
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

/// Draws `text` with its top-left corner at `(x, y)` in units at `scale` (0 is treated
/// as 1). `'\n'` starts a new line. Returns the width of the widest line in units, like
/// [`text_width`].
///
/// On a framebuffer of [`Framebuffer::scale`] `s` the glyphs are drawn at
/// `p = scale · s` device pixels per unit (up to [`font::MAX_PX`]): the text's corner
/// at `(round(x · s), round(y · s))`, the `i`-th character's pen `round(6 · i · p)`
/// pixels right of it and the `n`-th line's top `round(13 · n · p)` under it (`f64`,
/// halves away from zero), so pens are evenly spaced. Every pixel drawn lies inside the
/// text's box, `round(x · s) .. round((x + text_width) · s)` ×
/// `round(y · s) .. round((y + text_height) · s)`, each line's ink inside its own
/// [`GLYPH_HEIGHT`] rows: a glyph is clipped to them. Only the band's rows are
/// written.
pub fn draw_text(
    fb: &mut Framebuffer,
    x: i32,
    y: i32,
    text: &str,
    paint: impl Into<Paint>,
    scale: u32,
) -> i32 {
    let sh = Shader::new(paint.into());
    let width = text_width(text, scale);
    if sh.is_skip() || text.is_empty() {
        return width;
    }
    let fs = fb.scale() as f64;
    let unit = scale.max(1) as f64;
    let glyphs = font::sized((unit * fs) as f32);
    // Device pixels per unit as drawn (the cache's size: at most `font::MAX_PX`); the
    // box is the one asked for.
    let px = glyphs.px as f64;
    let base = baseline() as f64;
    let (w, h) = (fb.width as i64, fb.rows() as i64);
    let band0 = fb.row0() as i64;
    let (x0, y0) = (dev(x as f64, fs), dev(y as f64, fs));
    let left_edge = x0.max(0);
    for (line_no, line) in text.split('\n').enumerate() {
        let top_u = y as f64 + line_no as f64 * LINE_HEIGHT as f64 * unit;
        let top_drawn = y0 + dev(line_no as f64 * LINE_HEIGHT as f64, px);
        let top = dev(top_u, fs).max(top_drawn).max(band0);
        let bottom = dev(top_u + GLYPH_HEIGHT as f64 * unit, fs).min(h);
        if top >= h || top_drawn >= h {
            break;
        }
        if top >= bottom {
            continue;
        }
        let baseline = top_drawn + dev(base, px);
        let len = line.chars().count() as f64;
        let right = dev(x as f64 + len * GLYPH_WIDTH as f64 * unit, fs).min(w);
        for (i, ch) in line.chars().enumerate() {
            let pen = x0 + dev(i as f64 * GLYPH_WIDTH as f64, px);
            if pen >= right {
                break;
            }
            if ch == ' ' {
                continue;
            }
            let g = glyphs.glyph(ch);
            let gx0 = pen + g.dx as i64;
            let gy0 = baseline + g.dy as i64;
            let (c0, c1) = (gx0.max(left_edge), (gx0 + g.w as i64).min(right));
            let (r0, r1) = (gy0.max(top), (gy0 + g.h as i64).min(bottom));
            if c0 >= c1 || r0 >= r1 {
                continue;
            }
            for yy in r0..r1 {
                let gy = (yy - gy0) as usize;
                let row = &g.cov[gy * g.w..][..g.w];
                // Only the row's covered columns, within the clip.
                let (first, end) = g.rows[gy];
                let a = (c0 - gx0).max(first as i64);
                let b = (c1 - gx0).min(end as i64);
                if a >= b {
                    continue;
                }
                let src = &row[a as usize..b as usize];
                let o = (yy - band0) as usize * fb.width + gx0 as usize;
                let dst = &mut fb.pixels[o + a as usize..o + b as usize];
                for (d, &c) in dst.iter_mut().zip(src) {
                    if c != 0 {
                        sh.pixel_cov(d, c as u32);
                    }
                }
            }
        }
    }
    width
}

/// `round(v · s)` (halves away from zero) as a device coordinate, kept within ±2^40
/// so sums of them cannot overflow (anything that far is off-target).
fn dev(v: f64, s: f64) -> i64 {
    let d = (v * s).round();
    if d.is_nan() {
        0
    } else {
        d.clamp(-(2f64.powi(40)), 2f64.powi(40)) as i64
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

    /// The ink stays inside the text's box at every scale and framebuffer scale, and
    /// fills it nearly: a line's capitals reach within a pixel or two of its ends.
    #[test]
    fn width_matches_drawn_extent() {
        for fs in [1.0f32, 1.5, 2.0, 1.37] {
            for scale in [1u32, 2, 3] {
                for text in ["HM", "Hello, World", "MMM\nW", "|", "A\nBCDM", "gjpqy_`"] {
                    let mut fb = Framebuffer::new(400, 160);
                    fb.set_scale(fs);
                    let ret = draw_text(&mut fb, 5, 7, text, Rgba::WHITE, scale);
                    let tw = text_width(text, scale);
                    let th = text_height(text, scale);
                    assert_eq!(ret, tw);
                    let d = |v: i32| (v as f32 * fs).round() as i32;
                    let (x0, y0, x1, y1) = extent(&fb).unwrap();
                    let what = format!("{text:?} ×{scale} at {fs}");
                    assert!(x0 >= d(5) && x1 <= d(5 + tw), "{what}: x {x0}..{x1}");
                    assert!(y0 >= d(7) && y1 <= d(7 + th), "{what}: y {y0}..{y1}");
                    if text.lines().any(|l| l.ends_with('M')) {
                        let px = (scale as f32 * fs).ceil() as i32;
                        assert!(x1 >= d(5 + tw) - px, "{what}: {x1} short of {}", d(5 + tw));
                    }
                }
            }
        }
        assert_eq!(text_width("", 2), 0);
        assert_eq!(text_width("abc\nde", 1), 18);
        assert_eq!(text_height("a\nb\nc", 2), (2 * 13 + 11) * 2);
    }

    /// The glyphs are the font's, anti-aliased: a capital is as tall as the font's cap
    /// height at the size drawn (1.5 times as tall at a framebuffer scale of 1.5), with
    /// partly covered pixels on its round edges, and pens advance evenly.
    #[test]
    fn capitals_are_the_font_s_height_at_any_scale() {
        let cap = |fs: f32, scale: u32| {
            let mut fb = Framebuffer::new(200, 200);
            fb.set_scale(fs);
            draw_text(&mut fb, 0, 0, "H", Rgba::WHITE, scale);
            let (_, y0, _, y1) = extent(&fb).unwrap();
            (y1 - y0, fb)
        };
        let (h1, _) = cap(1.0, 1);
        let (h15, _) = cap(1.5, 1);
        let (h3, _) = cap(1.0, 3);
        let want = cap_height();
        assert!((h1 as f32 - want).abs() <= 1.0, "{h1} vs {want}");
        assert!(
            (h15 as f32 - 1.5 * want).abs() <= 1.0,
            "{h15} vs {}",
            1.5 * want
        );
        assert!(
            (h3 as f32 - 3.0 * want).abs() <= 1.0,
            "{h3} vs {}",
            3.0 * want
        );
        let mut fb = Framebuffer::new(100, 20);
        draw_text(&mut fb, 0, 0, "OOOO", Rgba::WHITE, 1);
        let partial = fb
            .pixels
            .iter()
            .filter(|&&p| p != 0 && p != 0xFF_FFFF)
            .count();
        assert!(partial > 8, "anti-aliased edges: {partial}");
        // The same glyph at every pen: four O's, each 6 units on.
        let col = |x: i32| (0..20).map(|y| fb.get(x, y).unwrap()).collect::<Vec<_>>();
        for i in 1..4 {
            for dx in 0..6 {
                assert_eq!(col(dx), col(6 * i + dx), "O {i} column {dx}");
            }
        }
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
        let mut a = Framebuffer::new(10, 14);
        let mut b = Framebuffer::new(10, 14);
        draw_text(&mut a, 1, 1, "\u{e9}", Rgba::WHITE, 1);
        draw_text(&mut b, 1, 1, "?", Rgba::WHITE, 1);
        assert_eq!(a, b);
        // A huge scale draws at the largest size, inside its box.
        let mut big = Framebuffer::new(600, 600);
        draw_text(&mut big, 0, 0, "M", Rgba::WHITE, 1000);
        let (x0, y0, x1, y1) = extent(&big).unwrap();
        assert!(
            x0 >= 0 && y0 >= 0 && x1 > 100 && y1 > 100,
            "{x0} {y0} {x1} {y1}"
        );
    }

    #[test]
    fn clipping_keeps_the_end_or_the_start() {
        // 10 characters fit in 120 units at scale 2.
        assert_eq!(chars_fitting(120, 2), 10);
        assert_eq!(chars_fitting(-5, 2), 0);
        assert_eq!(clip_end("short", 120, 2), "short");
        assert_eq!(clip_end("a_long_scenario_name", 120, 2), "a_long_...");
        assert_eq!(clip_start("dir/sub/file.scn:3:7:", 120, 2), "...cn:3:7:");
        assert_eq!(
            clip_start("dir/sub/file.scn:3:7:", 800, 2),
            "dir/sub/file.scn:3:7:"
        );
        assert_eq!(clip_end("abcdef", 30, 2), "..");
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
        let lines = wrap_text(note, 37 * 12, 2);
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
            assert!(text_width(l, 2) <= 37 * 12, "{l:?}");
        }
        assert_eq!(wrap_text("fits", 100, 1), ["fits"]);
        assert_eq!(wrap_text("", 100, 1), [""]);
        let short = wrap_lines(note, 37 * 12, 2, 2);
        assert_eq!(
            short,
            &lines[..2],
            "no room for the mark: the position stays"
        );
        let three = wrap_lines(note, 37 * 12, 2, 3);
        assert_eq!(three[2], "unknown key `wave2`: expected ...");
        assert_eq!(wrap_lines(note, 37 * 12, 2, 9), lines);
    }

    /// A playtest read "(90" at a line's end and "s)" on the next: a number keeps its
    /// unit, at every width.
    #[test]
    fn a_number_keeps_its_unit() {
        let label = "Hold the relay room while the power comes back (90 s)";
        for chars in 8..60 {
            let lines = wrap_text(label, chars * 6, 1);
            for l in &lines {
                assert!(!l.ends_with("(90"), "{chars}: {lines:?}");
                assert!(text_width(l, 1) <= chars * 6, "{chars}: {l:?}");
            }
            assert!(lines.iter().any(|l| l.ends_with("(90 s)")), "{lines:?}");
        }
        assert_eq!(
            wrap_text("3 min to go, 20 m away", 8 * 6, 1),
            ["3 min to", "go, 20 m", "away"]
        );
        assert_eq!(wrap_text("1 2 3 4", 3 * 6, 1), ["1 2", "3 4"]);
    }

    /// Each pixel is blended once, with its coverage: an additive text never adds more
    /// than its colour to a pixel.
    #[test]
    fn alpha_text_blends_each_pixel_once() {
        let mut fb = Framebuffer::new(40, 14);
        draw_text(
            &mut fb,
            0,
            0,
            "#@",
            Paint::additive(Rgba::rgb(30, 30, 30)),
            1,
        );
        assert!(fb.pixels.iter().all(|&p| p & 0xFF <= 30));
        assert!(fb.pixels.contains(&0x1E1E1E));
    }
}
