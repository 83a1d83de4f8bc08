//! The title's Make page (REQ §31): "New mission" (its name typed here, a refused name
//! said with why) and the player's own missions, each with its briefing or — when it
//! does not load — its first problem in the danger colour, never hidden; Enter opens
//! one in the editor.

use raster::{clip_end, wrap_lines};

use super::layout::{Layout, Rect};
use super::style::{line_box, ACCENT, DANGER, INK, INK_DIM, SELECT_BAR};
use super::title::{first_of, footer, heading, PANEL_H, PANEL_TOP};

/// One mission of the list.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MakeRow {
    /// The scenario's name (or the file's).
    pub title: String,
    /// The file's name (`gate`).
    pub file: String,
    /// Its briefing, or its first problem when `bad`.
    pub detail: String,
    pub bad: bool,
}

/// What the page shows; the app owns the choices.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MakeView {
    pub rows: Vec<MakeRow>,
    /// 0: New mission; `i + 1`: `rows[i]`.
    pub selected: usize,
    /// A new mission's name being typed.
    pub naming: Option<String>,
    /// Why the name was refused, or what happened last.
    pub note: Option<String>,
    /// Where the missions are kept (`~/.local/share/squad_proto/missions`).
    pub folder: String,
}

/// The list's geometry (the app maps clicks with it).
pub const ROWS_X: i32 = 80;
pub const ROWS_W: i32 = 1100;
pub const ROWS_TOP: i32 = 218;
/// A row: the title and a line of detail.
pub const ROWS_PITCH: i32 = 44;
/// Rows shown at once (the first is "New mission").
pub const ROWS: usize = 7;

/// The row under design point `(x, y)` of a list of `n` rows (New mission included).
pub fn row_at(n: usize, selected: usize, x: i32, y: i32) -> Option<usize> {
    if !(ROWS_X - 8..ROWS_X - 8 + ROWS_W).contains(&x) || y < ROWS_TOP - 4 {
        return None;
    }
    let row = ((y - (ROWS_TOP - 4)) / ROWS_PITCH) as usize;
    (row < ROWS.min(n)).then(|| first_of(n, selected, ROWS) + row)
}

/// The page on a `w`×`h` frame.
pub fn layout(w: usize, h: usize, v: &MakeView) -> Layout {
    let mut l = Layout::new(w, h);
    heading(
        &mut l,
        "Make a mission: paint the map, write what happens, play it.",
    );
    let p = l.panel(Rect::new(ROWS_X - 20, PANEL_TOP, ROWS_W + 40, PANEL_H));
    l.text(p, ROWS_X, PANEL_TOP + 16, "MAKE", ACCENT, 2);
    l.text(
        p,
        ROWS_X + 90,
        PANEL_TOP + 20,
        &clip_end(
            &format!("your missions, kept in {}", v.folder),
            ROWS_W - 100,
            1,
        ),
        INK_DIM,
        1,
    );
    let n = v.rows.len() + 1;
    let first = first_of(n, v.selected, ROWS);
    for (row, i) in (first..n).take(ROWS).enumerate() {
        let y = ROWS_TOP + row as i32 * ROWS_PITCH;
        let bar = Rect::new(ROWS_X - 8, y - 4, ROWS_W, ROWS_PITCH - 2);
        let on = i == v.selected;
        if on {
            l.fill(bar, SELECT_BAR);
            l.text(bar, ROWS_X - 4, y, ">", ACCENT, 2);
        }
        let ink = if on { ACCENT } else { INK };
        let (title, detail, bad) = match i {
            0 => match &v.naming {
                Some(name) => (
                    format!("New mission: {name}_"),
                    "Type its file name (letters, digits, _ and -); Enter makes it, Esc cancels."
                        .to_string(),
                    false,
                ),
                None => (
                    "+ New mission".to_string(),
                    "A walled room and a squad spawn to start from.".to_string(),
                    false,
                ),
            },
            _ => {
                let r = &v.rows[i - 1];
                let title = match r.title == r.file {
                    true => r.title.clone(),
                    false => format!("{}  ({})", r.title, r.file),
                };
                (title, r.detail.clone(), r.bad)
            }
        };
        let room = bar.right() - 8 - (ROWS_X + 20);
        l.text(bar, ROWS_X + 20, y, &clip_end(&title, room, 2), ink, 2);
        let colour = if bad { DANGER } else { INK_DIM };
        l.text(
            bar,
            ROWS_X + 20,
            y + line_box(2) + 1,
            &clip_end(&detail, room, 1),
            colour,
            1,
        );
    }
    if first + ROWS < n {
        let y = ROWS_TOP + ROWS as i32 * ROWS_PITCH;
        l.text(p, ROWS_X + 20, y - 6, "v more", INK_DIM, 1);
    }
    if let Some(note) = &v.note {
        let top = ROWS_TOP + ROWS as i32 * ROWS_PITCH + 12;
        let b = Rect::new(ROWS_X, top, ROWS_W, p.bottom() - 4 - top);
        for (k, line) in wrap_lines(note, ROWS_W, 1, 3).iter().enumerate() {
            l.text(b, ROWS_X, top + k as i32 * line_box(1), line, DANGER, 1);
        }
    }
    footer(
        &mut l,
        match v.naming {
            Some(_) => "Enter: make it        Esc: cancel",
            None => "Enter or click: edit        Esc: back",
        },
    );
    l
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(n: usize) -> Vec<MakeRow> {
        (0..n)
            .map(|i| MakeRow {
                title: format!("A mission with a rather long name number {i} indeed"),
                file: format!("mission_{i}_with_a_long_file_name_too"),
                detail: match i % 2 {
                    0 => "Hold the gate for twenty seconds while they come, and then some more words than fit on the line.".repeat(2),
                    _ => "/home/someone/.local/share/squad_proto/missions/x.map:3:4: error: unknown tile `X`: expected one of # . S E T L ~ A K".into(),
                },
                bad: i % 2 == 1,
            })
            .collect()
    }

    #[test]
    fn the_page_fits_with_long_names_errors_and_a_note() {
        for (w, h) in crate::screens::ui::TEST_SIZES {
            for (n, sel, naming) in [(0, 0, None), (3, 2, Some("gate_2")), (12, 11, None)] {
                let v = MakeView {
                    rows: rows(n),
                    selected: sel,
                    naming: naming.map(String::from),
                    note: Some("`con` is a name the system keeps for itself; and a long note that goes on and on about it, longer than a line".into()),
                    folder: "/home/someone/.local/share/squad_proto/missions".into(),
                };
                let l = layout(w, h, &v);
                assert!(l.faults().is_empty(), "{w}x{h} {n}: {:#?}", l.faults());
                // A damaged mission's problem is on the page, in the danger colour.
                if n > 0 && sel < ROWS {
                    assert!(l
                        .texts()
                        .any(|t| t.color == DANGER && t.text.contains("unknown tile")));
                }
            }
        }
    }

    #[test]
    fn a_click_finds_the_row() {
        assert_eq!(row_at(3, 0, ROWS_X, ROWS_TOP), Some(0));
        assert_eq!(row_at(3, 0, ROWS_X, ROWS_TOP + 2 * ROWS_PITCH + 5), Some(2));
        assert_eq!(row_at(3, 0, ROWS_X, ROWS_TOP + 3 * ROWS_PITCH + 5), None);
        assert_eq!(row_at(20, 19, ROWS_X, ROWS_TOP), Some(13));
    }
}
