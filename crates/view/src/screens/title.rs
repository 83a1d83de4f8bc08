//! The title screen: the game's name over the live, darkened scene, the scenario list,
//! the seed and difficulty choices and the controls.

use raster::{clip_end, wrap_lines, Framebuffer};

use super::layout::{Layout, Rect, DESIGN_H, DESIGN_W};
use super::style::{ACCENT, DANGER, INK, INK_DIM, SELECT_BAR};

/// What the title shows; the app owns the choices.
#[derive(Clone, Copy, Debug)]
pub struct TitleView<'a> {
    /// The scenarios, as listed: each one's name and its detail (length, how it plays,
    /// or that it does not load), shown in a column of their own.
    pub entries: &'a [(&'a str, &'a str)],
    pub selected: usize,
    /// The seed choice as a line: the scenario's own, random, or the digits typed.
    pub seed: &'a str,
    /// The difficulty chosen: easy, normal or hard, or `own` (each scenario's) (T4).
    pub difficulty: &'a str,
    /// A note under the list (why the last choice could not start), if any: wrapped in
    /// the list's panel, over at most [`NOTE_LINES`] lines.
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
pub const LIST_TOP: i32 = 220;
pub const LIST_PITCH: i32 = 28;
/// Rows of the list shown at once; longer lists scroll with the selection.
pub const LIST_ROWS: usize = 10;
/// Lines the note under the list may take.
pub const NOTE_LINES: usize = 4;
/// The widest detail of a row (`(does not load)`, `3:00  you steer`), in characters.
const DETAIL_CHARS: i32 = 15;
/// The column right of the rows where the scroll arrows sit.
const GUTTER: i32 = 28;

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
    let top = LIST_TOP - 60;
    let panel_h = DESIGN_H - 48 - top;
    let p = l.panel(Rect::new(LIST_X - 20, top, LIST_W + 40, panel_h));
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
    let name_x = LIST_X + 20;
    for (row, (i, (name, detail))) in v
        .entries
        .iter()
        .enumerate()
        .skip(first)
        .take(LIST_ROWS)
        .enumerate()
    {
        let y = LIST_TOP + row as i32 * LIST_PITCH;
        let bar = Rect::new(LIST_X - 8, y - 6, LIST_W, LIST_PITCH);
        // The detail's column at the bar's right end; the name clipped before it.
        let detail_x = bar.right() - 8 - DETAIL_CHARS * 16;
        let on = i == v.selected;
        let ink = if on { ACCENT } else { INK };
        if on {
            l.fill(bar, SELECT_BAR);
            l.text(bar, LIST_X - 4, y, ">", ACCENT, 2);
        }
        let name = clip_end(name, detail_x - 16 - name_x, 2);
        l.text(bar, name_x, y, &name, ink, 2);
        let detail = clip_end(detail, bar.right() - 8 - detail_x, 2);
        l.text(bar, detail_x, y, &detail, ink, 2);
    }
    // The arrows in a gutter of their own, beside the first and the last row.
    let gutter = Rect::new(LIST_X - 8 + LIST_W, LIST_TOP - 6, GUTTER, list_h);
    let arrow_x = gutter.x + (GUTTER - 16) / 2;
    if first > 0 {
        l.text(gutter, arrow_x, LIST_TOP, "^", INK_DIM, 2);
    }
    if first + LIST_ROWS < v.entries.len() {
        let last = LIST_TOP + (LIST_ROWS as i32 - 1) * LIST_PITCH;
        l.text(gutter, arrow_x, last, "v", INK_DIM, 2);
    }
    let seed_y = LIST_TOP + list_h + 20;
    l.text(p, LIST_X, seed_y, "SEED", ACCENT, 2);
    l.text(
        p,
        LIST_X + 100,
        seed_y,
        &clip_end(v.seed, LIST_W - 100, 2),
        INK,
        2,
    );
    l.text(
        p,
        LIST_X,
        seed_y + 28,
        "Left/Right: own/random; or type digits",
        INK_DIM,
        2,
    );
    if let Some(note) = v.note {
        let top = seed_y + 62;
        let note_box = Rect::new(LIST_X, top, LIST_W, p.bottom() - 8 - top);
        for (i, line) in wrap_lines(note, LIST_W, 2, NOTE_LINES).iter().enumerate() {
            l.text(note_box, LIST_X, top + i as i32 * 20, line, DANGER, 2);
        }
    }

    // The controls.
    let cx = LIST_X + LIST_W + 70;
    let c = l.panel(Rect::new(cx - 20, top, DESIGN_W - cx - 60, panel_h));
    l.text(c, cx, LIST_TOP - 40, "CONTROLS", ACCENT, 2);
    for (i, (key, what)) in TITLE_KEYS.iter().enumerate() {
        let y = LIST_TOP + i as i32 * LIST_PITCH;
        l.text(c, cx, y, key, INK, 2);
        l.text(c, cx + 200, y, what, INK_DIM, 2);
    }
    // The difficulty (T4), level with the seed on the left.
    l.text(c, cx, seed_y, "DIFFICULTY", ACCENT, 2);
    l.text(
        c,
        cx + 200,
        seed_y,
        &format!("< {} >", v.difficulty),
        INK,
        2,
    );
    l.text(c, cx, seed_y + 28, "Tab: own/easy/normal/hard", INK_DIM, 2);

    l.centred(
        all,
        DESIGN_H - 36,
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
