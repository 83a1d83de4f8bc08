//! Help (`H` or `?` at any time): every control, from the one table README's controls
//! table shows too ([`CONTROLS`]; a test holds the two equal), and what the HUD and the
//! disk's colours say, over a dimmed frame.

use raster::{clip_end, text_width, wrap_text, Framebuffer};

use super::layout::{Layout, Rect, DESIGN_H, DESIGN_W};
use super::style::{line_box, ACCENT, INK, INK_DIM};

/// A group of controls: its heading on the help screen and its rows (key, what it does).
pub struct KeyGroup {
    pub heading: &'static str,
    pub keys: &'static [(&'static str, &'static str)],
}

/// Every key the game handles, in the order help and README list them (README's
/// controls table is these rows, heading left out). The menus' keys (arrows or WASD,
/// Enter, Esc) and the results' keys are written on those screens.
pub const CONTROLS: &[KeyGroup] = &[
    KeyGroup {
        heading: "PLAY",
        keys: &[
            ("WASD/arrows", "move the disk"),
            ("Shift", "sprint (holds fire)"),
            ("1 2 3", "wedge / line / ring"),
            ("Space", "manual aim on / off"),
            ("Left/Right", "turn the aim (manual)"),
            ("Tab", "next target in the cone"),
            ("F", "flare (hold to aim)"),
            ("G", "grenade (hold to aim)"),
            ("E", "medkit (most hurt)"),
            ("Q", "map (the run goes on)"),
            ("R", "restart (run or replay)"),
            ("P", "pause (no menu)"),
            ("Esc", "menu; in menus: back"),
            ("H or ?", "this help"),
            ("+ - wheel", "zoom in / out"),
            ("M", "sound off / on"),
            ("F11", "fullscreen on / off"),
        ],
    },
    KeyGroup {
        heading: "REPLAY (V on the results)",
        keys: &[
            ("4", "replay speed x1 / x4"),
            (". (period)", "one tick while paused"),
        ],
    },
    KeyGroup {
        heading: "TOOLS",
        keys: &[
            ("F1", "debug overlay"),
            ("F2", "flow field and paths"),
            ("F3", "horror layer on / off"),
            ("F5", "reload the tuning file"),
            ("F6 / F9", "quick save / load"),
            ("F12", "screenshot to shots/"),
        ],
    },
];

/// The groups in the left column; the rest and [`ON_SCREEN`] go right.
const LEFT_GROUPS: usize = 2;

/// What the HUD shows and what the disk's colours mean (as `app::hud` draws them), each
/// a paragraph.
pub const ON_SCREEN: &[&str] = &[
    "Top: time left, kills, notices; a red ring where an agent fell.",
    "Bottom: a card per agent (health, rounds, reload); over them the pool and each tool's charges; the formation, aim and leash.",
    "F or G held: it lands under the mouse pointer, its reach shown; let go: thrown. Red: refused.",
    "Mouse: a click chooses in menus and closes help; the wheel zooms.",
    "Disk: cyan keeps up, orange lags; let go and it stays put.",
    "Meter: the white mark is the leash now; past the thin line the squad sprints, holds fire.",
];

/// The line under the heading.
pub const INTRO: &str = "You steer the disk. 3 gunners (blue) and 2 blades (orange) follow and fight on their own, and never hit an ally.";

/// Every row of [`CONTROLS`], in order.
pub fn control_rows() -> impl Iterator<Item = &'static (&'static str, &'static str)> {
    CONTROLS.iter().flat_map(|g| g.keys.iter())
}

const SCALE: u32 = 2;
/// A line of text, a row, and the room a heading takes (a line's box is
/// [`line_box`]`(2)`, 24).
const LINE: i32 = line_box(SCALE) + 1;
const ROW: i32 = line_box(SCALE) + 1;
const HEADING: i32 = line_box(SCALE) + 3;

/// The player's keys for a row of the table, by its key text (`None`: the table's words
/// stand): what the app's bindings make of it.
pub type PlayerKeys<'a> = &'a dyn Fn(&str) -> Option<String>;

/// Draws the help screen over the frame, its keys the player's.
pub fn draw_help(fb: &mut Framebuffer, keys: PlayerKeys) {
    layout(fb.width, fb.height, keys).draw(fb);
}

/// One column's texts before the panel is placed: `(dx, dy, text, colour)` from the
/// column's top-left, and its height.
type Column = (Vec<(i32, i32, String, raster::Rgba)>, i32);

/// A column of key groups (keys, then their descriptions wrapped after the column's
/// widest key),
/// then `paragraphs` wrapped to its width.
fn column(groups: &[KeyGroup], paragraphs: &[(&str, &[&str])], w: i32, keys: PlayerKeys) -> Column {
    // A key's words at most a third of the column.
    let shown = |k: &str| clip_end(&keys(k).unwrap_or_else(|| k.to_string()), w / 3, SCALE);
    let key_w = groups
        .iter()
        .flat_map(|g| g.keys.iter())
        .map(|(k, _)| text_width(&shown(k), SCALE))
        .max()
        .unwrap_or(0)
        + 16;
    let mut out = Vec::new();
    let mut y = 0;
    for g in groups {
        out.push((0, y, g.heading.to_string(), ACCENT));
        y += HEADING;
        for (key, what) in g.keys {
            out.push((16, y, shown(key), INK));
            let lines = wrap_text(what, w - 16 - key_w - 2, SCALE);
            for (i, line) in lines.iter().enumerate() {
                out.push((16 + key_w, y + i as i32 * LINE, line.clone(), INK_DIM));
            }
            y += ROW + (lines.len() as i32 - 1) * LINE;
        }
        y += 6;
    }
    for (heading, paras) in paragraphs {
        out.push((0, y, heading.to_string(), ACCENT));
        y += HEADING;
        for p in *paras {
            for line in wrap_text(p, w - 16 - 2, SCALE) {
                out.push((16, y, line, INK_DIM));
                y += LINE;
            }
        }
    }
    (out, y)
}

/// Help on a `w`×`h` frame: the heading and the intro across the panel, then two
/// columns (play and replay keys; tools and what is on screen).
pub fn layout(fw: usize, fh: usize, keys: PlayerKeys) -> Layout {
    layout_of(
        fw,
        fh,
        &Table {
            groups: CONTROLS,
            left: LEFT_GROUPS,
            paragraphs: &[("ON SCREEN", ON_SCREEN)],
            intro: INTRO,
        },
        keys,
    )
}

/// A help screen's contents: its key groups (the first `left` in the left column),
/// paragraphs after the right column's keys, the line under the heading.
pub struct Table<'a> {
    pub groups: &'a [KeyGroup],
    pub left: usize,
    pub paragraphs: &'a [(&'a str, &'a [&'a str])],
    pub intro: &'a str,
}

/// Help of `table` on a `w`×`h` frame (the game's, or a screen's own: the editor's).
pub fn layout_of(fw: usize, fh: usize, table: &Table, keys: PlayerKeys) -> Layout {
    const MARGIN: i32 = 24;
    const GAP: i32 = 30;
    let mut l = Layout::new(fw, fh);
    l.dim(170);
    let w = DESIGN_W - 40;
    let x = (DESIGN_W - w) / 2;
    let col_w = (w - 2 * MARGIN - GAP) / 2;
    let intro = wrap_text(table.intro, w - 2 * MARGIN - 2, SCALE);
    let cols_top = 56 + intro.len() as i32 * LINE + 12;
    let left = column(&table.groups[..table.left], &[], col_w, keys);
    let right = column(&table.groups[table.left..], table.paragraphs, col_w, keys);
    let h = cols_top + left.1.max(right.1) + 36;
    let y = ((DESIGN_H - h) / 2).max(0);
    let p = l.panel(Rect::new(x, y, w, h));
    l.centred(p, y + 14, "CONTROLS", ACCENT, 3);
    for (i, line) in intro.iter().enumerate() {
        l.centred(p, y + 56 + i as i32 * LINE, line, INK_DIM, SCALE);
    }
    for (i, (texts, ch)) in [left, right].into_iter().enumerate() {
        let cx = x + MARGIN + i as i32 * (col_w + GAP);
        let c = Rect::new(cx, y + cols_top, col_w, ch);
        for (dx, dy, s, colour) in texts {
            l.text(c, cx + dx, c.y + dy, &s, colour, SCALE);
        }
    }
    l.centred(p, y + h - 30, "H, ?, Esc or Enter closes", ACCENT, SCALE);
    l
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every key of the table is on the screen, its description beside it, and nothing
    /// leaves its box.
    #[test]
    fn help_shows_every_row_of_the_table() {
        for (w, h) in crate::screens::ui::TEST_SIZES {
            let l = layout(w, h, &|_| None);
            let texts: Vec<_> = l.texts().collect();
            for (key, what) in control_rows() {
                let k = texts
                    .iter()
                    .find(|t| t.text == *key)
                    .unwrap_or_else(|| panic!("{key} on the help screen"));
                let beside: Vec<&str> = texts
                    .iter()
                    .filter(|t| t.container == k.container && t.x > k.x && t.y >= k.y)
                    .filter(|t| t.y < k.y + ROW + 2 * LINE && t.color == INK_DIM)
                    .map(|t| t.text.as_str())
                    .collect();
                assert!(
                    beside.join(" ").starts_with(what),
                    "{key}: {what:?} in {beside:?}"
                );
            }
            assert!(l.faults().is_empty(), "{:#?}", l.faults());
        }
    }

    /// After a rebind help names the player's keys (a playtest found the defaults
    /// there), the others as the table writes them.
    #[test]
    fn help_shows_the_player_s_keys() {
        let keys = |k: &str| (k == "F").then(|| "NumEnter".to_string());
        let l = layout(1280, 720, &keys);
        let texts: Vec<&str> = l.texts().map(|t| t.text.as_str()).collect();
        assert!(texts.contains(&"NumEnter"), "{texts:?}");
        assert!(!texts.contains(&"F"), "the default gone");
        assert!(texts.contains(&"G"), "the others stand");
        assert!(l.faults().is_empty(), "{:#?}", l.faults());
    }

    /// README's controls table (the rows under `## Controls`) is [`CONTROLS`], row for
    /// row: a key added, dropped or renamed in one and not the other fails here.
    #[test]
    fn readme_s_controls_table_is_the_help_s() {
        let readme =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md"))
                .expect("README.md");
        let table: Vec<(String, String)> = readme
            .lines()
            .skip_while(|l| l.trim() != "## Controls")
            .skip(1)
            .skip_while(|l| !l.starts_with('|'))
            .take_while(|l| l.starts_with('|'))
            .skip(2) // the header and the separator
            .map(|l| {
                let cells: Vec<&str> = l
                    .trim()
                    .trim_matches('|')
                    .split('|')
                    .map(str::trim)
                    .collect();
                // A third cell is the pad's (app::window::pad holds it to the mapping).
                assert!(
                    matches!(cells.len(), 2 | 3),
                    "a row of two cells and the pad's: {l}"
                );
                (cells[0].to_string(), cells[1].to_string())
            })
            .collect();
        let ours: Vec<(String, String)> = control_rows()
            .map(|(k, w)| (k.to_string(), w.to_string()))
            .collect();
        for (i, (a, b)) in table.iter().zip(&ours).enumerate() {
            assert_eq!(a, b, "row {} of README's controls table", i + 1);
        }
        assert_eq!(table.len(), ours.len(), "README: {table:#?}");
    }
}
