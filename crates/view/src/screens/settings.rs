//! The settings page of the title (REQ C4): the rows (volumes as bars, brightness,
//! fullscreen, the frame cap, restoring the defaults, then one row per key binding with
//! its two keys) and, beside them, a panel headed by the chosen row's section (SOUND,
//! DISPLAY, KEYS) with the brightness calibration picture — a dark mark on black and
//! "adjust the brightness until the mark is barely visible" — and what the row's keys
//! do. The frame's gamma is applied after the screen is drawn, so the picture shows the
//! brightness it is adjusting.

use raster::{clip_end, wrap_lines, Rgba};

use super::layout::{Layout, Rect, DESIGN_W};
use super::style::{line_box, ACCENT, INK, INK_DIM, SELECT_BAR};
use super::title::{first_of, footer, heading, PANEL_H, PANEL_TOP};

/// What a row's value is.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A level 0 … 100 drawn as a bar, with its text.
    Level(u8, String),
    /// A choice (`< off >`).
    Choice(String),
    /// An action: no value (restoring the defaults).
    Action,
    /// A binding's keys (`-` for an empty slot); which slot is chosen when the row is,
    /// and whether the game waits for a key for it.
    Keys([String; 2], usize, bool),
    /// A heading between groups of rows.
    Heading,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub label: &'static str,
    pub value: Value,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct SettingsView {
    pub rows: Vec<Row>,
    pub selected: usize,
    /// The gamma as text (`gamma 1.00`).
    pub gamma: String,
    /// What the last change said (a key swapped, a refusal), if anything.
    pub note: Option<String>,
    /// The keys that work on the chosen row.
    pub hint: &'static str,
}

/// The rows' geometry (the app maps clicks with it).
pub const ROW_X: i32 = 80;
pub const ROW_W: i32 = 740;
pub const ROW_TOP: i32 = 214;
pub const ROW_PITCH: i32 = 26;
/// How far a row's bar starts above its text (the text's box is [`line_box`]`(2)`, 24).
pub const ROW_BAR_UP: i32 = 1;
/// Rows shown at once; the rest scroll with the selection.
pub const ROWS: usize = 15;
/// Where the values start.
pub const VALUE_X: i32 = ROW_X + 330;
/// The calibration mark's level on black (0 … 255), before the frame's gamma.
pub const MARK: u8 = 12;
/// The calibration picture, in layout units.
pub const PICTURE: Rect = Rect::new(ROW_X + ROW_W + 60, PANEL_TOP + 60, 320, 170);

/// The row under frame pixel `(x, y)`, of `n` with `selected` chosen.
pub fn row_at(n: usize, selected: usize, x: i32, y: i32) -> Option<usize> {
    if !(ROW_X - 8..ROW_X - 8 + ROW_W).contains(&x) || y < ROW_TOP - ROW_BAR_UP {
        return None;
    }
    let row = ((y - (ROW_TOP - ROW_BAR_UP)) / ROW_PITCH) as usize;
    (row < ROWS.min(n)).then(|| first_of(n, selected, ROWS) + row)
}

/// The settings on a `w`×`h` frame.
pub fn layout(w: usize, h: usize, v: &SettingsView) -> Layout {
    let mut l = Layout::new(w, h);
    heading(&mut l, "Changes apply at once and are saved as you go.");
    let p = l.panel(Rect::new(ROW_X - 20, PANEL_TOP, ROW_W + 40, PANEL_H));
    let hw = l.text(p, ROW_X, PANEL_TOP + 18, "SETTINGS", ACCENT, 2);
    l.text(
        p,
        ROW_X + hw + 40,
        PANEL_TOP + 18,
        "Up/Down chooses, Left/Right changes",
        INK_DIM,
        2,
    );
    let first = first_of(v.rows.len(), v.selected, ROWS);
    for (k, (i, row)) in v.rows.iter().enumerate().skip(first).take(ROWS).enumerate() {
        let y = ROW_TOP + k as i32 * ROW_PITCH;
        let bar = Rect::new(ROW_X - 8, y - ROW_BAR_UP, ROW_W - 28, ROW_PITCH);
        let on = i == v.selected;
        if on {
            l.fill(bar, SELECT_BAR);
            l.text(bar, ROW_X - 4, y, ">", ACCENT, 2);
        }
        let ink = if on { ACCENT } else { INK };
        if row.value == Value::Heading {
            l.text(bar, ROW_X + 20, y, row.label, INK_DIM, 2);
            continue;
        }
        let label = clip_end(row.label, VALUE_X - 16 - (ROW_X + 20), 2);
        l.text(bar, ROW_X + 20, y, &label, ink, 2);
        match &row.value {
            Value::Level(level, text) => {
                let track = Rect::new(VALUE_X, y + 4, 200, 12);
                l.fill(track, Rgba::new(255, 255, 255, 36));
                let filled = 200 * (*level).min(100) as i32 / 100;
                l.fill(
                    Rect::new(VALUE_X, y + 4, filled, 12),
                    Rgba::new(255, 196, 96, 200),
                );
                l.text(bar, VALUE_X + 216, y, text, ink, 2);
            }
            Value::Choice(text) => {
                let room = bar.right() - 8 - VALUE_X;
                l.text(
                    bar,
                    VALUE_X,
                    y,
                    &clip_end(&format!("< {text} >"), room, 2),
                    ink,
                    2,
                );
            }
            Value::Keys(keys, slot, waiting) => {
                const CELL: i32 = 170;
                for (s, key) in keys.iter().enumerate() {
                    let cx = VALUE_X + s as i32 * (CELL + 10);
                    let cell = Rect::new(cx - 6, y - ROW_BAR_UP, CELL, ROW_PITCH);
                    let chosen = on && s == *slot;
                    let (text, colour) = if chosen && *waiting {
                        l.fill(cell, Rgba::new(232, 70, 56, 150));
                        ("press key", INK)
                    } else {
                        if chosen {
                            l.fill(cell, Rgba::new(255, 196, 96, 90));
                        }
                        (key.as_str(), if chosen { INK } else { ink })
                    };
                    l.text(cell, cx, y, &clip_end(text, CELL - 10, 2), colour, 2);
                }
            }
            Value::Action | Value::Heading => {}
        }
    }
    // Scroll arrows at the rows' right end.
    let ax = ROW_X - 8 + ROW_W - 24;
    let gutter = Rect::new(ax - 2, ROW_TOP - ROW_BAR_UP, 22, ROWS as i32 * ROW_PITCH);
    if first > 0 {
        l.text(gutter, ax, ROW_TOP, "^", INK_DIM, 2);
    }
    if first + ROWS < v.rows.len() {
        l.text(
            gutter,
            ax,
            ROW_TOP + (ROWS as i32 - 1) * ROW_PITCH,
            "v",
            INK_DIM,
            2,
        );
    }
    let note_top = ROW_TOP + ROWS as i32 * ROW_PITCH + 8;
    if let Some(note) = &v.note {
        let nb = Rect::new(ROW_X, note_top, ROW_W - 20, p.bottom() - 4 - note_top);
        for (i, line) in wrap_lines(note, nb.w, 2, 2).iter().enumerate() {
            l.text(
                nb,
                ROW_X,
                note_top + i as i32 * (line_box(2) + 1),
                line,
                ACCENT,
                2,
            );
        }
    }

    // The chosen row's section, the calibration picture and what the row's keys do.
    let cx = PICTURE.x - 20;
    let c = l.panel(Rect::new(cx, PANEL_TOP, DESIGN_W - 40 - cx, PANEL_H));
    let tx = PICTURE.x;
    let section = section_of(&v.rows, v.selected);
    l.text(c, tx, PANEL_TOP + 18, section, ACCENT, 2);
    let pitch = line_box(2) + 2;
    {
        l.fill(PICTURE, Rgba::new(0, 0, 0, 255));
        let m = Rect::new(
            PICTURE.x + PICTURE.w / 2 - 36,
            PICTURE.y + PICTURE.h / 2 - 36,
            72,
            72,
        );
        l.fill(m, Rgba::new(MARK, MARK, MARK, 255));
    }
    let mut y = PICTURE.bottom() + 12;
    {
        for line in wrap_lines(
            "adjust the brightness until the mark is barely visible",
            c.right() - 20 - tx,
            2,
            3,
        ) {
            l.text(c, tx, y, &line, INK, 2);
            y += pitch;
        }
        l.text(c, tx, y, &v.gamma, INK_DIM, 2);
        y += pitch + 12;
    }
    let lines = ((c.bottom() - 6 - y) / pitch).max(0) as usize;
    for line in wrap_lines(v.hint, c.right() - 20 - tx, 2, lines) {
        l.text(c, tx, y, &line, INK_DIM, 2);
        y += pitch;
    }
    footer(&mut l, "Esc: back (every change is saved)");
    l
}

/// The name of the section row `selected` of `rows` is in: the heading above it, up to
/// its first double space (`KEYS   (Enter: rebind)` is `KEYS`); `SETTINGS` above any.
pub fn section_of(rows: &[Row], selected: usize) -> &'static str {
    rows.iter()
        .take(selected.saturating_add(1))
        .rev()
        .find(|r| r.value == Value::Heading)
        .map_or("SETTINGS", |r| {
            r.label.split("  ").next().unwrap_or(r.label).trim()
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows() -> Vec<Row> {
        let mut r = vec![
            Row {
                label: "SOUND",
                value: Value::Heading,
            },
            Row {
                label: "Master volume",
                value: Value::Level(100, "100%".into()),
            },
            Row {
                label: "DISPLAY",
                value: Value::Heading,
            },
            Row {
                label: "Brightness",
                value: Value::Choice("+5  (gamma 2.00)".into()),
            },
            Row {
                label: "Restore the defaults",
                value: Value::Action,
            },
            Row {
                label: "KEYS   (Enter: rebind)",
                value: Value::Heading,
            },
        ];
        for i in 0..30 {
            r.push(Row {
                label: "A binding with a rather long name",
                value: Value::Keys(["NumEnter".into(), "-".into()], i % 2, i == 3),
            });
        }
        r
    }

    #[test]
    fn every_row_stays_in_its_box_at_every_selection() {
        let rows = rows();
        for (w, h) in crate::screens::ui::TEST_SIZES {
            for selected in 0..rows.len() {
                let v = SettingsView {
                    rows: rows.clone(),
                    selected,
                    gamma: "gamma 2.00".into(),
                    note: Some("P is now Pause's; Restart gets R (it was on Pause) and a long tail".into()),
                    hint: "Enter: rebind this key. Left/Right: the first or the second key. Backspace: clear it.",
                };
                let l = layout(w, h, &v);
                assert!(l.faults().is_empty(), "row {selected}: {:#?}", l.faults());
            }
        }
    }

    /// The panel beside the rows is headed by the chosen row's section (a playtest
    /// found it headed BRIGHTNESS on every row); the calibration picture under it.
    #[test]
    fn the_side_panel_names_the_chosen_row_s_section() {
        let rows = rows();
        let heading = |selected: usize| {
            let v = SettingsView {
                rows: rows.clone(),
                selected,
                gamma: "gamma 2.00".into(),
                note: None,
                hint: "Left/Right: darker or brighter.",
            };
            let l = layout(1280, 720, &v);
            let head = l
                .texts()
                .find(|t| t.x == PICTURE.x && t.y == PANEL_TOP + 18)
                .map(|t| t.text.clone());
            let picture = l
                .ops
                .iter()
                .any(|op| matches!(op, super::super::layout::Op::Fill(r, _) if *r == PICTURE));
            (head.unwrap(), picture)
        };
        assert_eq!(heading(1), ("SOUND".to_string(), true), "Master volume");
        assert_eq!(heading(3), ("DISPLAY".to_string(), true), "Brightness");
        assert_eq!(heading(4), ("DISPLAY".to_string(), true), "Restore");
        assert_eq!(heading(7), ("KEYS".to_string(), true), "a binding");
    }

    #[test]
    fn a_click_finds_the_row() {
        assert_eq!(row_at(40, 0, ROW_X + 20, ROW_TOP), Some(0));
        assert_eq!(row_at(40, 0, ROW_X + 20, ROW_TOP + 3 * ROW_PITCH), Some(3));
        assert_eq!(row_at(40, 0, ROW_X + 20, ROW_TOP + 15 * ROW_PITCH), None);
        assert_eq!(row_at(4, 0, ROW_X + 20, ROW_TOP + 5 * ROW_PITCH), None);
        assert_eq!(row_at(40, 39, ROW_X + 20, ROW_TOP), Some(25));
    }
}
