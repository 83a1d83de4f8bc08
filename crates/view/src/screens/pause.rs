//! The pause menu (Esc): a column of choices, the selected one marked, over a dimmed
//! frame, with what is being played underneath.

use raster::{text_width, Framebuffer, Paint};

use super::style::{centre_x, centred, dim, panel, text, ACCENT, INK, INK_DIM, SELECT_BAR};

const SCALE: u32 = 3;
const PITCH: i32 = 44;

/// Where row `i` of a menu of `n` rows sits (top-left y), for drawing and for the mouse.
pub fn row_top(frame_h: usize, n: usize, i: usize) -> i32 {
    let block = n as i32 * PITCH;
    (frame_h as i32 - block) / 2 + 30 + i as i32 * PITCH
}

/// Width of the menu's rows (and of the mouse's target for each).
pub const ROW_W: i32 = 560;

/// Draws the pause menu: `items` with `selected` marked; `about` (scenario, seed,
/// time) under the heading.
pub fn draw_pause(fb: &mut Framebuffer, items: &[&str], selected: usize, about: &str) {
    dim(fb, 140);
    let n = items.len();
    let top = row_top(fb.height, n, 0);
    let x = centre_x(fb, ROW_W + 80);
    panel(fb, x, top - 150, ROW_W + 80, n as i32 * PITCH + 230);
    centred(fb, top - 126, "PAUSED", ACCENT, 5);
    centred(fb, top - 66, about, INK_DIM, 2);
    let rx = centre_x(fb, ROW_W);
    for (i, item) in items.iter().enumerate() {
        let y = row_top(fb.height, n, i);
        let on = i == selected;
        if on {
            fb.fill_rect(rx, y - 8, ROW_W, PITCH - 4, Paint::alpha(SELECT_BAR));
        }
        let tx = rx + (ROW_W - text_width(item, SCALE)) / 2;
        text(fb, tx, y, item, if on { ACCENT } else { INK }, SCALE);
    }
    centred(
        fb,
        top + n as i32 * PITCH + 14,
        "Up/Down choose, Enter confirms, Esc resumes",
        INK_DIM,
        2,
    );
}
