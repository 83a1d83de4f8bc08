//! The shell's look: its colours, the dimmed frame, panels, shadowed and centred text,
//! centring, the clock's text.

use raster::{draw_text, text_width, Framebuffer, Paint, Rgba, GLYPH_HEIGHT};

use super::ui::ui_size;

/// Colours of the shell.
pub const INK: Rgba = Rgba::rgb(236, 232, 222);
pub const INK_DIM: Rgba = Rgba::rgb(150, 148, 156);
pub const ACCENT: Rgba = Rgba::rgb(255, 196, 96);
pub const DANGER: Rgba = Rgba::rgb(232, 70, 56);
pub const SAFE: Rgba = Rgba::rgb(120, 220, 140);
pub const SELECT_BAR: Rgba = Rgba::new(255, 196, 96, 54);
pub const PANEL: Rgba = Rgba::new(6, 6, 10, 196);
pub const PANEL_EDGE: Rgba = Rgba::new(255, 255, 255, 40);

/// The height a line of text at `scale` takes with its shadow (its box's height,
/// [`super::layout::text_rect`]): what a row must hold.
pub const fn line_box(scale: u32) -> i32 {
    (GLYPH_HEIGHT + 1) * scale as i32
}

/// Darkens the whole frame toward black by `amount` (0 = unchanged, 255 = black).
pub fn dim(fb: &mut Framebuffer, amount: u8) {
    let (w, h) = ui_size(fb);
    let (w, h) = (w as i32 + 1, h as i32 + 1);
    fb.fill_rect(0, 0, w, h, Paint::alpha(Rgba::new(0, 0, 0, amount)));
}

/// A dark translucent box with a faint edge.
pub fn panel(fb: &mut Framebuffer, x: i32, y: i32, w: i32, h: i32) {
    fb.fill_rect(x, y, w, h, Paint::alpha(PANEL));
    let edge = Paint::alpha(PANEL_EDGE);
    fb.fill_rect(x, y, w, 1, edge);
    fb.fill_rect(x, y + h - 1, w, 1, edge);
    fb.fill_rect(x, y, 1, h, edge);
    fb.fill_rect(x + w - 1, y, 1, h, edge);
}

/// Text with a one-font-pixel shadow down and right, readable over any scene.
pub fn text(fb: &mut Framebuffer, x: i32, y: i32, s: &str, color: Rgba, scale: u32) -> i32 {
    let d = scale.max(1) as i32;
    draw_text(fb, x + d, y + d, s, Rgba::new(0, 0, 0, 200), scale);
    draw_text(fb, x, y, s, color, scale)
}

/// [`text`] centred horizontally on the frame.
pub fn centred(fb: &mut Framebuffer, y: i32, s: &str, color: Rgba, scale: u32) {
    let x = (ui_size(fb).0 as i32 - text_width(s, scale)) / 2;
    text(fb, x, y, s, color, scale);
}

/// The left edge of a `w`-wide block centred on the frame.
pub fn centre_x(fb: &Framebuffer, w: i32) -> i32 {
    (ui_size(fb).0 as i32 - w) / 2
}

/// The top edge of an `h`-high block centred on the frame.
pub fn centre_y(fb: &Framebuffer, h: i32) -> i32 {
    (ui_size(fb).1 as i32 - h) / 2
}

/// Seconds as `m:ss.s`.
pub fn clock_text(seconds: f32) -> String {
    // Rounded to tenths first, then split: 179.97 s is 3:00.0, never 2:60.0.
    let tenths = (seconds.max(0.0) * 10.0).round() as u64;
    let (m, rest) = (tenths / 600, tenths % 600);
    format!("{m}:{:02}.{}", rest / 10, rest % 10)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_text_reads_minutes_and_seconds() {
        assert_eq!(clock_text(0.0), "0:00.0");
        assert_eq!(clock_text(65.24), "1:05.2");
        assert_eq!(clock_text(180.0), "3:00.0");
        // A playtest saw "2:60.0 left" a tick before three minutes.
        assert_eq!(clock_text(179.97), "3:00.0");
        assert_eq!(clock_text(59.96), "1:00.0");
        assert_eq!(clock_text(59.94), "0:59.9");
    }

    #[test]
    fn dim_darkens_and_keeps_black() {
        let mut fb = Framebuffer::new(4, 4);
        fb.clear(Rgba::rgb(200, 100, 50));
        dim(&mut fb, 128);
        let p = fb.get_rgba(1, 1).unwrap();
        assert!(p.r < 110 && p.r > 90, "{p:?}");
        let mut black = Framebuffer::new(2, 2);
        dim(&mut black, 200);
        assert_eq!(black.get(0, 0), Some(0));
    }
}
