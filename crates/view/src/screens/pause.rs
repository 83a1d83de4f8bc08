//! The pause menu (Esc): a column of choices, the selected one marked, over a dimmed
//! frame, with what is being played underneath.

use raster::{clip_end, text_width, wrap_lines};

use super::layout::{Layout, Rect, DESIGN_H, DESIGN_W};
use super::style::{ACCENT, INK, INK_DIM, SELECT_BAR};

const SCALE: u32 = 3;
const PITCH: i32 = 44;

/// Where row `i` of a menu of `n` rows sits (top-left y), for drawing and for the mouse.
pub fn row_top(frame_h: usize, n: usize, i: usize) -> i32 {
    let block = n as i32 * PITCH;
    (frame_h as i32 - block) / 2 + 30 + i as i32 * PITCH
}

/// Width of the menu's rows (and of the mouse's target for each).
pub const ROW_W: i32 = 560;

/// What the pause menu shows: its choices with `selected` marked, and `about` (the
/// scenario, seed, time) under the heading.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PauseView {
    pub items: Vec<&'static str>,
    pub selected: usize,
    pub about: String,
}

/// The line under the menu.
pub const FOOTER: &str = "Up/Down choose, Enter confirms, Esc resumes";

/// The pause menu on a `w`×`h` frame: the panel as wide as the rows and the footer need
/// (at most the frame less a margin); the line about the run wraps over two lines in it
/// if it must, each row's label is clipped to its bar.
pub fn layout(w: usize, h: usize, v: &PauseView) -> Layout {
    const PAD: i32 = 32;
    let (items, selected) = (&v.items, v.selected);
    let mut l = Layout::new(w, h);
    l.dim(140);
    let n = items.len();
    let top = row_top(DESIGN_H as usize, n, 0);
    let pw = (text_width(FOOTER, 2) + 2 + 2 * PAD).clamp(ROW_W + 80, DESIGN_W - 80);
    let p = l.panel(Rect::new(
        (DESIGN_W - pw) / 2,
        top - 150,
        pw,
        n as i32 * PITCH + 230,
    ));
    l.centred(p, top - 126, "PAUSED", ACCENT, 5);
    let about = wrap_lines(&v.about, pw - 2 * PAD, 2, 2);
    for (i, line) in about.iter().enumerate() {
        l.centred(p, top - 66 + 25 * i as i32, line, INK_DIM, 2);
    }
    let rx = (DESIGN_W - ROW_W) / 2;
    for (i, item) in items.iter().enumerate() {
        let y = row_top(DESIGN_H as usize, n, i);
        let on = i == selected;
        let bar = Rect::new(rx, y - 3, ROW_W, PITCH - 4);
        if on {
            l.fill(bar, SELECT_BAR);
        }
        let label = clip_end(item, ROW_W - 4, SCALE);
        l.centred(bar, y, &label, if on { ACCENT } else { INK }, SCALE);
    }
    l.centred(p, top + n as i32 * PITCH + 14, FOOTER, INK_DIM, 2);
    l
}
