//! The title (REQ C2): the game's name over the live, darkened scene and, one page at a
//! time, its top menu (Campaign / Free play / Test range / Settings / Quit, with the
//! controls beside it) and the scenario lists of free play and the test range (with the
//! seed and difficulty choices). The campaign's pages are in `campaign.rs`, the
//! settings in `settings.rs`.

use raster::{clip_end, text_width, wrap_lines};

use super::layout::{Layout, Rect, DESIGN_H, DESIGN_W};
use super::style::{line_box, ACCENT, DANGER, INK, INK_DIM, SELECT_BAR};

/// What a scenario list page shows; the app owns the choices.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TitleView {
    /// The page's name (`FREE PLAY`, `TEST RANGE`).
    pub heading: String,
    /// The scenarios, as listed: each one's name and its detail (length, how it plays,
    /// what it tests, or that it does not load), shown in a column of their own.
    pub entries: Vec<(String, String)>,
    pub selected: usize,
    /// The seed choice as a line: the scenario's own, random, or the digits typed.
    pub seed: String,
    /// The difficulty chosen: easy, normal or hard, or `own` (each scenario's) (T4).
    pub difficulty: String,
    /// A note under the list (why the last choice could not start), if any: wrapped in
    /// the list's panel, over at most [`NOTE_LINES`] lines.
    pub note: Option<String>,
}

/// What the top menu shows: each item's label and a detail under it (its lines, split
/// at `\n`, run on in one, clipped to the row).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TopView {
    pub items: Vec<(String, String)>,
    pub selected: usize,
    /// The controls beside the menu in the player's keys (key, what it does); empty:
    /// [`TITLE_KEYS`] as written.
    pub keys: Vec<(String, String)>,
}

/// The short list of controls on the title under the default keys (the help screen has
/// them all; the app fills [`TopView::keys`] from it in the player's keys).
pub const TITLE_KEYS: &[(&str, &str)] = &[
    ("WASD/arrows", "move"),
    ("Shift", "sprint"),
    ("1  2  3", "formation"),
    ("Space", "manual aim"),
    ("Tab", "next target"),
    ("Q", "map"),
    ("P", "pause"),
    ("Esc", "menu"),
    ("+ - wheel", "zoom"),
    ("F11", "fullscreen"),
    ("H or ?", "all controls"),
];

/// The panels' top and height (every page of the title).
pub const PANEL_TOP: i32 = 160;
pub const PANEL_H: i32 = DESIGN_H - 48 - PANEL_TOP;

/// The list's geometry (the app maps mouse clicks with it).
pub const LIST_X: i32 = 80;
pub const LIST_W: i32 = 1080;
pub const LIST_TOP: i32 = 222;
pub const LIST_PITCH: i32 = 28;
/// How far a row's bar starts above its text (the text's box is [`line_box`]`(2)`, 24).
pub const LIST_BAR_UP: i32 = 2;
/// Rows of the list shown at once; longer lists scroll with the selection.
pub const LIST_ROWS: usize = 10;
/// Lines the note under the list may take.
pub const NOTE_LINES: usize = 4;
/// The widest detail of a row (`(does not load)`, `A4 A5 M7.1  0:20`), in characters.
const DETAIL_CHARS: i32 = 17;
/// The column right of the rows where the scroll arrows sit.
const GUTTER: i32 = 28;

/// The top menu's geometry: its rows (the app maps clicks with them).
pub const TOP_X: i32 = 80;
pub const TOP_W: i32 = 580;
pub const TOP_TOP: i32 = 184;
/// An item: its label (scale 3) and a line of detail (scale 2), 4 units apart (six
/// items fit the panel since the Make page joined them).
pub const TOP_PITCH: i32 = 80;
/// How far an item's bar starts above its label.
pub const TOP_BAR_UP: i32 = 4;

/// The first entry shown when `selected` of `n` is selected, `rows` at a time.
pub fn first_of(n: usize, selected: usize, rows: usize) -> usize {
    if n <= rows {
        0
    } else {
        selected.saturating_sub(rows / 2).min(n - rows)
    }
}

/// The first entry of the scenario list shown when `selected` of `n` is selected.
pub fn first_shown(n: usize, selected: usize) -> usize {
    first_of(n, selected, LIST_ROWS)
}

/// The list's entry under frame pixel `(x, y)`, if any.
pub fn entry_at(n: usize, selected: usize, x: i32, y: i32) -> Option<usize> {
    if !(LIST_X - 8..LIST_X - 8 + LIST_W).contains(&x) || y < LIST_TOP - LIST_BAR_UP {
        return None;
    }
    let row = ((y - (LIST_TOP - LIST_BAR_UP)) / LIST_PITCH) as usize;
    (row < LIST_ROWS.min(n)).then(|| first_shown(n, selected) + row)
}

/// The top menu's item under frame pixel `(x, y)`, of `n`.
pub fn top_item_at(n: usize, x: i32, y: i32) -> Option<usize> {
    if !(TOP_X - 8..TOP_X - 8 + TOP_W).contains(&x) || y < TOP_TOP - TOP_BAR_UP {
        return None;
    }
    let row = ((y - (TOP_TOP - TOP_BAR_UP)) / TOP_PITCH) as usize;
    (row < n).then_some(row)
}

/// The game's name and the line under it, over the dimmed scene (every title page).
pub fn heading(l: &mut Layout, subtitle: &str) {
    let all = l.design();
    l.dim(120);
    l.centred(all, 30, "SQUAD PROTO", ACCENT, 7);
    l.centred(all, 124, subtitle, INK_DIM, 2);
}

/// The keys line at the foot of a title page.
pub fn footer(l: &mut Layout, keys: &str) {
    let all = l.design();
    l.centred(all, DESIGN_H - 38, keys, ACCENT, 2);
}

/// The top menu on a `w`×`h` frame: the items on the left, the controls on the right.
pub fn top_layout(w: usize, h: usize, v: &TopView) -> Layout {
    let mut l = Layout::new(w, h);
    heading(&mut l, "Lead a squad through the dark. Keep them alive.");
    l.panel(Rect::new(TOP_X - 20, PANEL_TOP, TOP_W + 40, PANEL_H));
    for (i, (label, detail)) in v.items.iter().enumerate() {
        let y = TOP_TOP + i as i32 * TOP_PITCH;
        let bar = Rect::new(TOP_X - 8, y - TOP_BAR_UP, TOP_W, TOP_PITCH - 4);
        let on = i == v.selected;
        if on {
            l.fill(bar, SELECT_BAR);
            l.text(bar, TOP_X - 2, y + 6, ">", ACCENT, 2);
        }
        l.text(bar, TOP_X + 24, y, label, if on { ACCENT } else { INK }, 3);
        let room = bar.right() - 8 - (TOP_X + 24);
        // The detail's lines run on in one (`2 of 6 missions done - next: …`).
        let detail = detail.lines().collect::<Vec<_>>().join(" - ");
        let line = clip_end(&detail, room, 2);
        l.text(bar, TOP_X + 24, y + line_box(3) + 2, &line, INK_DIM, 2);
    }
    controls(&mut l, &v.keys);
    footer(&mut l, "Enter or click: choose        Esc: quit");
    l
}

/// The controls panel right of the top menu: `keys`, or [`TITLE_KEYS`] when empty.
fn controls(l: &mut Layout, keys: &[(String, String)]) {
    let cx = TOP_X + TOP_W + 90;
    let c = l.panel(Rect::new(cx - 20, PANEL_TOP, DESIGN_W - cx - 40, PANEL_H));
    l.text(c, cx, PANEL_TOP + 20, "CONTROLS", ACCENT, 2);
    let rows: Vec<(String, String)> = match keys.is_empty() {
        true => TITLE_KEYS
            .iter()
            .map(|(k, w)| (k.to_string(), w.to_string()))
            .collect(),
        false => keys.to_vec(),
    };
    const KEY_W: i32 = 200;
    for (i, (key, what)) in rows.iter().take(TITLE_KEYS.len()).enumerate() {
        let y = PANEL_TOP + 60 + i as i32 * LIST_PITCH;
        l.text(c, cx, y, &clip_end(key, KEY_W - 14, 2), INK, 2);
        let room = c.right() - 20 - (cx + KEY_W);
        l.text(c, cx + KEY_W, y, &clip_end(what, room, 2), INK_DIM, 2);
    }
    let y = PANEL_TOP + 60 + TITLE_KEYS.len() as i32 * LIST_PITCH + 12;
    for (i, line) in wrap_lines("Every key can be rebound in Settings.", c.w - 40, 2, 2)
        .iter()
        .enumerate()
    {
        l.text(c, cx, y + i as i32 * (line_box(2) + 2), line, INK_DIM, 2);
    }
}

/// A scenario list page on a `w`×`h` frame: the list, the seed and the difficulty.
pub fn layout(w: usize, h: usize, v: &TitleView) -> Layout {
    let mut l = Layout::new(w, h);
    heading(&mut l, "Lead a squad through the dark. Keep them alive.");
    let list_h = LIST_ROWS as i32 * LIST_PITCH;
    let p = l.panel(Rect::new(
        LIST_X - 20,
        PANEL_TOP,
        LIST_W + GUTTER + 32,
        PANEL_H,
    ));
    let hw = l.text(p, LIST_X, LIST_TOP - 40, &v.heading, ACCENT, 2);
    l.text(
        p,
        LIST_X + hw + 40,
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
        let bar = Rect::new(LIST_X - 8, y - LIST_BAR_UP, LIST_W, LIST_PITCH);
        // The detail's column at the bar's right end; the name clipped before it.
        let detail_x = bar.right() - 8 - text_width(&"M".repeat(DETAIL_CHARS as usize), 2);
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
    let gutter = Rect::new(LIST_X - 8 + LIST_W, LIST_TOP - LIST_BAR_UP, GUTTER, list_h);
    let arrow_x = gutter.x + (GUTTER - text_width("v", 2)) / 2;
    if first > 0 {
        l.text(gutter, arrow_x, LIST_TOP, "^", INK_DIM, 2);
    }
    if first + LIST_ROWS < v.entries.len() {
        let last = LIST_TOP + (LIST_ROWS as i32 - 1) * LIST_PITCH;
        l.text(gutter, arrow_x, last, "v", INK_DIM, 2);
    }
    let seed_y = LIST_TOP + list_h + 10;
    // The difficulty's column right of the seed's (its hint is 38 characters wide).
    let dx = LIST_X + 660;
    l.text(p, LIST_X, seed_y, "SEED", ACCENT, 2);
    l.text(
        p,
        LIST_X + 100,
        seed_y,
        &clip_end(&v.seed, dx - 40 - (LIST_X + 100), 2),
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
    // The difficulty (T4), level with the seed.
    l.text(p, dx, seed_y, "DIFFICULTY", ACCENT, 2);
    let dw = text_width("DIFFICULTY", 2);
    l.text(
        p,
        dx + dw + 24,
        seed_y,
        &format!("< {} >", v.difficulty),
        INK,
        2,
    );
    l.text(p, dx, seed_y + 28, "Tab: own/easy/normal/hard", INK_DIM, 2);
    if let Some(note) = &v.note {
        let top = seed_y + 56;
        let note_box = Rect::new(LIST_X, top, LIST_W, p.bottom() - 4 - top);
        for (i, line) in wrap_lines(note, LIST_W, 2, NOTE_LINES).iter().enumerate() {
            l.text(
                note_box,
                LIST_X,
                top + i as i32 * (line_box(2) + 1),
                line,
                DANGER,
                2,
            );
        }
    }
    footer(&mut l, "Enter or click: start        Esc: back");
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
        assert_eq!(top_item_at(5, TOP_X, TOP_TOP), Some(0));
        assert_eq!(top_item_at(5, TOP_X, TOP_TOP + 4 * TOP_PITCH + 10), Some(4));
        assert_eq!(top_item_at(5, TOP_X, TOP_TOP + 5 * TOP_PITCH + 10), None);
        assert_eq!(top_item_at(6, TOP_X, TOP_TOP + 5 * TOP_PITCH + 10), Some(5));
        assert_eq!(top_item_at(5, TOP_X + TOP_W + 40, TOP_TOP), None);
    }

    #[test]
    fn the_pages_fit() {
        let items = [
            (
                "Campaign",
                "2 of 6 done\nnext: 3. Hold the Gate and a very long title",
            ),
            ("Free play", "4 scenarios\nyour seed and difficulty"),
            (
                "Test range",
                "11 set-pieces\neach proves one rule\na third line not shown",
            ),
            (
                "Make",
                "3 missions of yours\npaint a map, write what happens, play it",
            ),
            ("Settings", "sound, brightness, display, keys"),
            ("Quit", ""),
        ];
        for (w, h) in crate::screens::ui::TEST_SIZES {
            for sel in 0..items.len() {
                let l = top_layout(
                    w,
                    h,
                    &TopView {
                        items: items.map(|(a, b)| (a.to_string(), b.to_string())).to_vec(),
                        selected: sel,
                        keys: TITLE_KEYS
                            .iter()
                            .map(|(k, w)| (format!("{k}/NumEnter PageDown"), w.to_string()))
                            .collect(),
                    },
                );
                assert!(l.faults().is_empty(), "{w}x{h}: {:#?}", l.faults());
            }
        }
    }
}
