//! The title screen: the game's name over the live, darkened scene, the scenario list,
//! the seed choice and the controls.

use raster::Framebuffer;

use super::layout::{Layout, Rect, DESIGN_H};
use super::style::{ACCENT, DANGER, INK, INK_DIM, SELECT_BAR};

/// What the title shows; the app owns the choices.
#[derive(Clone, Copy, Debug)]
pub struct TitleView<'a> {
    /// The scenarios, as listed.
    pub entries: &'a [String],
    pub selected: usize,
    /// The seed choice as a line: the scenario's own, random, or the digits typed.
    pub seed: &'a str,
    /// A line under the list (why the last choice could not start), if any.
    pub note: Option<&'a str>,
}

/// The short list of controls on the title (the help screen has them all).
const TITLE_KEYS: &[(&str, &str)] = &[
    ("WASD/arrows", "move"),
    ("Shift", "sprint"),
    ("1  2  3", "formation"),
    ("Space", "manual aim"),
    ("Tab", "next target"),
    ("P", "pause"),
    ("Esc", "menu"),
    ("+ - wheel", "zoom"),
    ("F11", "fullscreen"),
    ("H or ?", "all controls"),
];

/// The list panel's geometry (the app maps mouse clicks with it).
pub const LIST_X: i32 = 80;
pub const LIST_W: i32 = 600;
pub const LIST_TOP: i32 = 250;
pub const LIST_PITCH: i32 = 28;
/// Rows of the list shown at once; longer lists scroll with the selection.
pub const LIST_ROWS: usize = 10;

/// The first entry shown when `selected` of `n` is selected.
pub fn first_shown(n: usize, selected: usize) -> usize {
    if n <= LIST_ROWS {
        0
    } else {
        selected.saturating_sub(LIST_ROWS / 2).min(n - LIST_ROWS)
    }
}

/// The entry under frame pixel `(x, y)`, if any.
pub fn entry_at(n: usize, selected: usize, x: i32, y: i32) -> Option<usize> {
    if !(LIST_X..LIST_X + LIST_W).contains(&x) || y < LIST_TOP - 6 {
        return None;
    }
    let row = ((y - (LIST_TOP - 6)) / LIST_PITCH) as usize;
    (row < LIST_ROWS.min(n)).then(|| first_shown(n, selected) + row)
}

/// Draws the title over the (live) frame.
pub fn draw_title(fb: &mut Framebuffer, v: &TitleView) {
    layout(fb.width, fb.height, v).draw(fb);
}

/// The title on a `w`×`h` frame.
pub fn layout(w: usize, h: usize, v: &TitleView) -> Layout {
    let mut l = Layout::new(w, h);
    let all = l.design();
    l.dim(120);
    l.centred(all, 46, "SQUAD PROTO", ACCENT, 8);
    l.centred(
        all,
        126,
        "Lead a squad through the dark. Keep them alive.",
        INK_DIM,
        2,
    );

    // The scenario list and the seed.
    let list_h = LIST_ROWS as i32 * LIST_PITCH;
    let p = l.panel(Rect::new(
        LIST_X - 20,
        LIST_TOP - 60,
        LIST_W + 40,
        list_h + 170,
    ));
    l.text(p, LIST_X, LIST_TOP - 40, "SCENARIO", ACCENT, 2);
    l.text(
        p,
        LIST_X + 200,
        LIST_TOP - 40,
        "Up/Down chooses",
        INK_DIM,
        2,
    );
    let first = first_shown(v.entries.len(), v.selected);
    for (row, (i, name)) in v
        .entries
        .iter()
        .enumerate()
        .skip(first)
        .take(LIST_ROWS)
        .enumerate()
    {
        let y = LIST_TOP + row as i32 * LIST_PITCH;
        let bar = Rect::new(LIST_X - 8, y - 6, LIST_W, LIST_PITCH);
        let on = i == v.selected;
        if on {
            l.fill(bar, SELECT_BAR);
            l.text(bar, LIST_X - 4, y, ">", ACCENT, 2);
        }
        l.text(bar, LIST_X + 20, y, name, if on { ACCENT } else { INK }, 2);
    }
    if first > 0 {
        l.text(p, LIST_X + LIST_W - 40, LIST_TOP - 40, "^", INK_DIM, 2);
    }
    if first + LIST_ROWS < v.entries.len() {
        l.text(
            p,
            LIST_X + LIST_W - 40,
            LIST_TOP + list_h - 20,
            "v",
            INK_DIM,
            2,
        );
    }
    let seed_y = LIST_TOP + list_h + 20;
    l.text(p, LIST_X, seed_y, "SEED", ACCENT, 2);
    l.text(p, LIST_X + 100, seed_y, v.seed, INK, 2);
    l.text(
        p,
        LIST_X,
        seed_y + 28,
        "Left/Right: own/random; or type digits",
        INK_DIM,
        2,
    );
    if let Some(note) = v.note {
        l.text(p, LIST_X, seed_y + 62, note, DANGER, 2);
    }

    // The controls.
    let cx = LIST_X + LIST_W + 70;
    let c = l.panel(Rect::new(
        cx - 20,
        LIST_TOP - 60,
        1280 - cx - 60,
        list_h + 170,
    ));
    l.text(c, cx, LIST_TOP - 40, "CONTROLS", ACCENT, 2);
    for (i, (key, what)) in TITLE_KEYS.iter().enumerate() {
        let y = LIST_TOP + i as i32 * LIST_PITCH;
        l.text(c, cx, y, key, INK, 2);
        l.text(c, cx + 200, y, what, INK_DIM, 2);
    }

    l.centred(
        all,
        DESIGN_H - 44,
        "Enter or click: start        Esc: quit",
        ACCENT,
        2,
    );
    l
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_scrolls_with_the_selection() {
        assert_eq!(first_shown(5, 4), 0);
        assert_eq!(first_shown(30, 0), 0);
        assert_eq!(first_shown(30, 12), 7);
        assert_eq!(first_shown(30, 29), 20);
    }

    #[test]
    fn a_click_finds_the_row() {
        assert_eq!(entry_at(9, 0, LIST_X + 10, LIST_TOP), Some(0));
        assert_eq!(
            entry_at(9, 0, LIST_X + 10, LIST_TOP + 2 * LIST_PITCH + 3),
            Some(2)
        );
        assert_eq!(
            entry_at(9, 0, LIST_X + 10, LIST_TOP + 9 * LIST_PITCH + 3),
            None
        );
        assert_eq!(entry_at(9, 0, LIST_X - 30, LIST_TOP), None);
        assert_eq!(entry_at(30, 29, LIST_X + 10, LIST_TOP), Some(20));
    }
}
