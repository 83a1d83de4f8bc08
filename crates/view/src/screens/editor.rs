//! The mission editor's screen (REQ §31) drawn over the map (the scene, drawn by the
//! composer underneath with the editor's marks): the mission's name and state along the
//! top, the palette of tiles and brushes on the left, the problems (each as
//! `file:line:col` names it) and the statements on the right, the tile under the
//! pointer and the main keys along the bottom, and a form over everything while one is
//! open. Its keys are one table ([`EDITOR_KEYS`]) that help shows and docs/editor.md
//! lists; the app maps keys to what they do and tests the two agree.

use raster::{clip_end, text_width, wrap_lines, Rgba};

use super::help::KeyGroup;
use super::layout::{Layout, Rect, DESIGN_W};
use super::style::{line_box, ACCENT, DANGER, INK, INK_DIM, SAFE, SELECT_BAR};

/// The editor's keys, as help shows them and docs/editor.md lists them (a test holds
/// the app's mapping to these rows, another the docs' table).
pub const EDITOR_KEYS: &[KeyGroup] = &[
    KeyGroup {
        heading: "PAINT",
        keys: &[
            ("1 - 9, 0", "choose a tile (the palette's numbers)"),
            ("[ ]", "previous / next tile"),
            ("B L R F", "pen, line, rectangle, fill"),
            ("Shift+R", "filled rectangle"),
            ("Ctrl+Z Ctrl+Y", "undo / redo"),
        ],
    },
    KeyGroup {
        heading: "FILE AND VIEW",
        keys: &[
            ("Ctrl+S", "save"),
            ("F5", "play it (back here after the results)"),
            ("F3", "horror layer on / off"),
            ("G", "grid on / off"),
            ("arrows", "move the view"),
            ("+ -", "zoom in / out"),
            ("Home", "the whole map"),
            ("Esc", "back to the Make page"),
            ("H or ?", "this help"),
        ],
    },
    KeyGroup {
        heading: "MISSION",
        keys: &[
            ("I", "name, briefing, time, difficulty, seed, director"),
            ("A", "an area: drag a rectangle on the map"),
            ("O", "an objective"),
            ("T", "a trigger"),
            ("W", "a wave"),
            ("P", "a waypoint at the mouse"),
            ("N", "a nest at the mouse"),
        ],
    },
    KeyGroup {
        heading: "LISTS",
        keys: &[
            ("Tab", "problems / statements"),
            ("PgUp PgDn", "choose in the list"),
            ("Enter", "show the problem's place; edit the statement"),
            ("Del", "remove the statement"),
        ],
    },
];

/// The groups help puts in its left column.
pub const LEFT_GROUPS: usize = 2;

/// What the mouse and the forms do, help's paragraphs beside the keys.
pub const EDITOR_MOUSE: &[&str] = &[
    "Mouse: the left button paints, or picks a tile, a brush, a list's row; the right one held moves the view; the wheel zooms.",
    "Forms: Tab moves, Left/Right chooses, Enter accepts, Esc cancels; a click on the map sets a point.",
];

/// The line under help's heading in the editor.
pub const EDITOR_INTRO: &str =
    "Paint the map, write what happens through the forms, F5 plays it. Every key:";

/// The line of main keys along the bottom.
pub const EDITOR_FOOTER: &str =
    "F5 play  Ctrl+S save  Ctrl+Z undo  I mission  A area  O objective  T trigger  W wave  H all keys  Esc back";

/// An open form.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ModalView {
    pub heading: String,
    /// Each shown field: its label, its value, whether it is chosen from a list.
    pub rows: Vec<(String, String, bool)>,
    pub focus: usize,
    pub hint: String,
    pub error: Option<String>,
}

/// The editor screen as drawn.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EditorView {
    /// The file's name and the scenario's.
    pub file: String,
    pub title: String,
    pub errors: usize,
    pub warnings: usize,
    /// Changed since the last save.
    pub dirty: bool,
    /// The tile under the pointer (`12, 4: wall`).
    pub cursor: String,
    /// The palette: each tile's character and name (key: its place, 1 … 9, 0).
    pub tiles: Vec<(char, String)>,
    pub tile: usize,
    /// Each brush's key and name.
    pub brushes: Vec<(String, String)>,
    pub brush: usize,
    pub horror: bool,
    pub grid: bool,
    pub zoom: f32,
    /// What the pointer does now (drawing an area), if not painting.
    pub hint: Option<String>,
    /// The statements' list has the keys (else the problems').
    pub on_statements: bool,
    /// Each problem as `file:line:col: severity: message`, and whether an error.
    pub problems: Vec<(String, bool)>,
    pub problem: usize,
    pub statements: Vec<String>,
    pub statement: usize,
    pub modal: Option<ModalView>,
    /// The last thing said (saved, refused, …): along the bottom for a while, over the
    /// line of keys.
    pub message: Option<String>,
}

/// The panels (design units).
pub const TOP: Rect = Rect::new(8, 8, 1264, 34);
pub const PALETTE: Rect = Rect::new(8, 50, 200, 592);
pub const PROBLEMS: Rect = Rect::new(1000, 50, 272, 290);
pub const STATEMENTS: Rect = Rect::new(1000, 348, 272, 294);
pub const BOTTOM: Rect = Rect::new(8, 650, 1264, 62);
/// The palette's rows.
const ROW: i32 = 20;
const TILES_TOP: i32 = 78;
/// A list's rows: a line of small text.
const LINE: i32 = line_box(1) + 2;
/// How many lines one problem may take.
const PROBLEM_LINES: usize = 3;

/// What a tile looks like on the palette.
pub fn swatch(c: char) -> Rgba {
    match c {
        '#' => Rgba::rgb(120, 120, 132),
        '.' => Rgba::rgb(70, 66, 62),
        '~' => Rgba::rgb(130, 100, 66),
        'S' => Rgba::rgb(90, 220, 240),
        'E' => Rgba::rgb(232, 70, 56),
        'T' => Rgba::rgb(220, 200, 80),
        'L' => Rgba::rgb(255, 210, 120),
        'A' => Rgba::rgb(120, 220, 120),
        'K' => Rgba::rgb(120, 160, 255),
        _ => Rgba::rgb(200, 130, 220),
    }
}

/// The key of the palette's tile `i` (`1` … `9`, `0`; none beyond).
pub fn tile_key(i: usize) -> String {
    match i {
        0..=8 => (i + 1).to_string(),
        9 => "0".into(),
        _ => " ".into(),
    }
}

/// The palette's brush rows start here.
fn brushes_top(v: &EditorView) -> i32 {
    TILES_TOP + v.tiles.len() as i32 * ROW + 30
}

/// What a click at a design point lands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hit {
    Tile(usize),
    Brush(usize),
    Problem(usize),
    Statement(usize),
    /// A panel, nothing in it.
    Panel,
    /// The map: no panel there.
    Map,
}

/// The rows of a list shown in `room` units: the first, and each shown row's index and
/// height, keeping `sel` in sight.
fn window(heights: &[i32], sel: usize, room: i32) -> Vec<(usize, i32)> {
    if heights.is_empty() {
        return Vec::new();
    }
    let sel = sel.min(heights.len() - 1);
    let mut first = 0;
    while first < sel && heights[first..=sel].iter().sum::<i32>() > room {
        first += 1;
    }
    let mut out = Vec::new();
    let mut used = 0;
    for (i, &h) in heights.iter().enumerate().skip(first) {
        if used + h > room {
            break;
        }
        out.push((i, h));
        used += h;
    }
    out
}

/// Each problem's lines at the list's width.
fn problem_lines(v: &EditorView) -> Vec<Vec<String>> {
    v.problems
        .iter()
        .map(|(p, _)| wrap_lines(p, PROBLEMS.w - 24, 1, PROBLEM_LINES))
        .collect()
}

/// The list's top (under its heading) and its room.
fn list_box(panel: Rect) -> (i32, i32) {
    (panel.y + 28, panel.h - 36)
}

/// The shown problems: index, top, height, lines.
fn shown_problems(v: &EditorView) -> Vec<(usize, i32, i32, Vec<String>)> {
    let lines = problem_lines(v);
    let heights: Vec<i32> = lines.iter().map(|l| l.len() as i32 * LINE + 4).collect();
    let (mut y, room) = list_box(PROBLEMS);
    let mut out = Vec::new();
    for (i, h) in window(&heights, v.problem, room) {
        out.push((i, y, h, lines[i].clone()));
        y += h;
    }
    out
}

/// The shown statements: index and top.
fn shown_statements(v: &EditorView) -> Vec<(usize, i32)> {
    let heights = vec![LINE; v.statements.len()];
    let (mut y, room) = list_box(STATEMENTS);
    let mut out = Vec::new();
    for (i, h) in window(&heights, v.statement, room) {
        out.push((i, y));
        y += h;
    }
    out
}

/// What design point `(x, y)` is over on the screen `v` draws.
pub fn hit(v: &EditorView, x: i32, y: i32) -> Hit {
    let inside = |r: Rect| (r.x..r.right()).contains(&x) && (r.y..r.bottom()).contains(&y);
    if let Some(m) = &v.modal {
        if inside(modal_rect(m.rows.len())) {
            return Hit::Panel;
        }
    }
    if inside(PALETTE) {
        let row = |top: i32, n: usize| {
            let r = (y - (top - 3)).div_euclid(ROW);
            (y >= top - 3 && (r as usize) < n).then_some(r as usize)
        };
        if let Some(i) = row(TILES_TOP, v.tiles.len()) {
            return Hit::Tile(i);
        }
        if let Some(i) = row(brushes_top(v), v.brushes.len()) {
            return Hit::Brush(i);
        }
        return Hit::Panel;
    }
    if inside(PROBLEMS) {
        for (i, top, h, _) in shown_problems(v) {
            if (top - 2..top - 2 + h).contains(&y) {
                return Hit::Problem(i);
            }
        }
        return Hit::Panel;
    }
    if inside(STATEMENTS) {
        for (i, top) in shown_statements(v) {
            if (top - 1..top - 1 + LINE).contains(&y) {
                return Hit::Statement(i);
            }
        }
        return Hit::Panel;
    }
    if inside(TOP) || inside(BOTTOM) {
        return Hit::Panel;
    }
    Hit::Map
}

/// The screen on a `w`×`h` frame (no dimming: the map under it is the page).
pub fn layout(w: usize, h: usize, v: &EditorView) -> Layout {
    let mut l = Layout::new(w, h);
    top_bar(&mut l, v);
    palette(&mut l, v);
    problems(&mut l, v);
    statements(&mut l, v);
    bottom_bar(&mut l, v);
    if let Some(m) = &v.modal {
        modal(&mut l, m);
    }
    l
}

fn top_bar(l: &mut Layout, v: &EditorView) {
    let p = l.panel(TOP);
    let x = p.x + 12;
    let y = p.y + 5;
    let ew = l.text(p, x, y, "EDITOR", ACCENT, 2);
    let plural = |n: usize, w: &str| format!("{n} {w}{}", if n == 1 { "" } else { "s" });
    let (status, colour) = match (v.errors, v.warnings) {
        (0, 0) => ("ready to play (F5)".to_string(), SAFE),
        (0, w) => (
            format!("{}: can be played (F5)", plural(w, "warning")),
            SAFE,
        ),
        (e, w) => (
            format!(
                "{}, {}: cannot be played",
                plural(e, "error"),
                plural(w, "warning")
            ),
            DANGER,
        ),
    };
    let sw = text_width(&status, 1);
    let sx = p.right() - 12 - sw;
    l.text(p, sx, y + 6, &status, colour, 1);
    let mut name = format!("{}  -  {}", v.file, v.title);
    if v.dirty {
        name += "  (unsaved)";
    }
    let nx = x + ew + 24;
    l.text(p, nx, y, &clip_end(&name, sx - 24 - nx, 2), INK, 2);
}

fn palette(l: &mut Layout, v: &EditorView) {
    let p = l.panel(PALETTE);
    let x = p.x + 12;
    l.text(p, x, p.y + 10, "TILES", ACCENT, 1);
    for (i, (c, name)) in v.tiles.iter().enumerate() {
        let y = TILES_TOP + i as i32 * ROW;
        let bar = Rect::new(p.x + 4, y - 3, p.w - 8, ROW);
        let on = i == v.tile;
        if on {
            l.fill(bar, SELECT_BAR);
        }
        l.text(
            bar,
            x,
            y,
            &tile_key(i),
            if on { ACCENT } else { INK_DIM },
            1,
        );
        l.fill(Rect::new(x + 14, y - 1, 14, 14), swatch(*c));
        let room = bar.right() - 4 - (x + 36);
        let label = clip_end(&format!("{c} {name}"), room, 1);
        l.text(bar, x + 36, y, &label, if on { ACCENT } else { INK }, 1);
    }
    let top = brushes_top(v);
    l.text(p, x, top - 20, "BRUSH", ACCENT, 1);
    for (i, (key, name)) in v.brushes.iter().enumerate() {
        let y = top + i as i32 * ROW;
        let bar = Rect::new(p.x + 4, y - 3, p.w - 8, ROW);
        let on = i == v.brush;
        if on {
            l.fill(bar, SELECT_BAR);
        }
        l.text(bar, x, y, key, if on { ACCENT } else { INK_DIM }, 1);
        let label = clip_end(name, bar.right() - 4 - (x + 56), 1);
        l.text(bar, x + 56, y, &label, if on { ACCENT } else { INK }, 1);
    }
    let mut y = top + v.brushes.len() as i32 * ROW + 14;
    l.text(p, x, y, "VIEW", ACCENT, 1);
    y += 18;
    let onoff = |b: bool| if b { "on" } else { "off" };
    for line in [
        format!("F3 horror: {}", onoff(v.horror)),
        format!("G  grid: {}", onoff(v.grid)),
        format!("zoom {:.2}x  (+ - Home)", v.zoom),
    ] {
        l.text(p, x, y, &clip_end(&line, p.w - 24, 1), INK_DIM, 1);
        y += LINE;
    }
    if let Some(hint) = &v.hint {
        y += 10;
        for line in wrap_lines(hint, p.w - 24, 1, 6) {
            l.text(p, x, y, &line, ACCENT, 1);
            y += LINE;
        }
    }
}

/// A list's heading: its name, its count, and whether it has the keys.
fn list_heading(l: &mut Layout, p: Rect, name: &str, n: usize, focused: bool) {
    let t = format!("{name} {n}");
    let colour = if focused { ACCENT } else { INK_DIM };
    let w = l.text(p, p.x + 12, p.y + 8, &t, colour, 1);
    let hint = if focused { "PgUp PgDn  Enter" } else { "Tab" };
    let hw = text_width(hint, 1);
    if p.x + 12 + w + 16 < p.right() - 12 - hw {
        l.text(p, p.right() - 12 - hw, p.y + 8, hint, INK_DIM, 1);
    }
}

/// The chosen row's bar: bright where the list has the keys.
fn bar_colour(focused: bool) -> Rgba {
    if focused {
        SELECT_BAR
    } else {
        Rgba::new(255, 255, 255, 22)
    }
}

fn problems(l: &mut Layout, v: &EditorView) {
    let p = l.panel(PROBLEMS);
    list_heading(l, p, "PROBLEMS", v.problems.len(), !v.on_statements);
    if v.problems.is_empty() {
        let (y, _) = list_box(p);
        l.text(p, p.x + 12, y, "none: the mission loads", SAFE, 1);
        return;
    }
    for (i, top, h, lines) in shown_problems(v) {
        let bar = Rect::new(p.x + 4, top - 2, p.w - 8, h);
        if i == v.problem {
            l.fill(bar, bar_colour(!v.on_statements));
        }
        let colour = if v.problems[i].1 { DANGER } else { ACCENT };
        for (k, line) in lines.iter().enumerate() {
            l.text(bar, p.x + 12, top + k as i32 * LINE, line, colour, 1);
        }
    }
}

fn statements(l: &mut Layout, v: &EditorView) {
    let p = l.panel(STATEMENTS);
    list_heading(l, p, "STATEMENTS", v.statements.len(), v.on_statements);
    if v.statements.is_empty() {
        let (y, _) = list_box(p);
        for (k, line) in wrap_lines(
            "none yet: A area, O objective, T trigger, W wave, P waypoint, N nest",
            p.w - 24,
            1,
            4,
        )
        .iter()
        .enumerate()
        {
            l.text(p, p.x + 12, y + k as i32 * LINE, line, INK_DIM, 1);
        }
        return;
    }
    for (i, top) in shown_statements(v) {
        let bar = Rect::new(p.x + 4, top - 1, p.w - 8, LINE);
        if i == v.statement {
            l.fill(bar, bar_colour(v.on_statements));
        }
        let s = clip_end(&v.statements[i], p.w - 24, 1);
        l.text(bar, p.x + 12, top, &s, INK, 1);
    }
}

fn bottom_bar(l: &mut Layout, v: &EditorView) {
    let p = l.panel(BOTTOM);
    let x = p.x + 12;
    let cursor = match v.cursor.is_empty() {
        true => "the pointer is off the map",
        false => v.cursor.as_str(),
    };
    l.text(p, x, p.y + 6, &clip_end(cursor, p.w - 24, 2), INK, 2);
    let (line, colour) = match &v.message {
        Some(m) => (m.as_str(), INK),
        None => (EDITOR_FOOTER, ACCENT),
    };
    l.text(p, x, p.y + 40, &clip_end(line, p.w - 24, 1), colour, 1);
}

/// The form's panel for `rows` fields.
pub fn modal_rect(rows: usize) -> Rect {
    let w = 680;
    let h = 64 + rows as i32 * 32 + 84;
    Rect::new((DESIGN_W - w) / 2, (720 - h) / 2, w, h)
}

fn modal(l: &mut Layout, m: &ModalView) {
    let p = modal_rect(m.rows.len());
    // Twice: the form stands out darker over the map.
    l.panel(p);
    l.panel(p);
    l.text(p, p.x + 20, p.y + 14, &m.heading, ACCENT, 2);
    let label_w = 200;
    for (i, (label, value, choice)) in m.rows.iter().enumerate() {
        let y = p.y + 56 + i as i32 * 32;
        let bar = Rect::new(p.x + 8, y - 4, p.w - 16, 30);
        let on = i == m.focus;
        if on {
            l.fill(bar, SELECT_BAR);
        }
        l.text(
            bar,
            p.x + 20,
            y + 6,
            &clip_end(label, label_w - 8, 1),
            INK_DIM,
            1,
        );
        let vx = p.x + 20 + label_w;
        let room = bar.right() - 8 - vx;
        let shown = match (choice, on) {
            (true, _) => format!("< {} >", if value.is_empty() { "(none)" } else { value }),
            (false, true) => clip_start(&format!("{value}_"), room, 2),
            (false, false) => clip_end(value, room, 2),
        };
        let shown = clip_end(&shown, room, 2);
        l.text(bar, vx, y, &shown, if on { ACCENT } else { INK }, 2);
    }
    let mut y = p.y + 56 + m.rows.len() as i32 * 32 + 8;
    if let Some(e) = &m.error {
        for line in wrap_lines(e, p.w - 40, 1, 2) {
            l.text(p, p.x + 20, y, &line, DANGER, 1);
            y += LINE;
        }
    }
    let hint_y = p.bottom() - 12 - 2 * LINE;
    for (k, line) in wrap_lines(&m.hint, p.w - 40, 1, 2).iter().enumerate() {
        l.text(p, p.x + 20, hint_y + k as i32 * LINE, line, INK_DIM, 1);
    }
}

/// The end of `s` that fits `room` (a long value being typed shows where it grows).
fn clip_start(s: &str, room: i32, scale: u32) -> String {
    if text_width(s, scale) <= room {
        return s.to_string();
    }
    let chars: Vec<char> = s.chars().collect();
    for k in 0..chars.len() {
        let t: String = std::iter::once('.')
            .chain(std::iter::once('.'))
            .chain(chars[k..].iter().copied())
            .collect();
        if text_width(&t, scale) <= room {
            return t;
        }
    }
    String::new()
}

/// Help over the editor: its own keys (`H` or `?` there).
pub fn help_layout(w: usize, h: usize) -> Layout {
    super::help::layout_of(
        w,
        h,
        &super::help::Table {
            groups: EDITOR_KEYS,
            left: LEFT_GROUPS,
            paragraphs: &[("MOUSE AND FORMS", EDITOR_MOUSE)],
            intro: EDITOR_INTRO,
        },
        &|_| None,
    )
}

/// Every row of [`EDITOR_KEYS`], in order.
pub fn key_rows() -> impl Iterator<Item = &'static (&'static str, &'static str)> {
    EDITOR_KEYS.iter().flat_map(|g| g.keys.iter())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view(problems: usize, statements: usize, modal: bool) -> EditorView {
        EditorView {
            file: "a_mission_with_a_rather_long_file_name_indeed".into(),
            title: "And a title that goes on for a good while longer than that".into(),
            errors: problems,
            warnings: 1,
            dirty: true,
            cursor: "31, 19: ammunition crate".into(),
            tiles: "#.~SETLAKXY"
                .chars()
                .map(|c| (c, format!("tile {c} with a long name indeed")))
                .collect(),
            tile: 3,
            brushes: ["B", "L", "R", "Shift+R", "F"]
                .iter()
                .map(|k| (k.to_string(), "filled rectangle".to_string()))
                .collect(),
            brush: 4,
            horror: true,
            grid: true,
            zoom: 0.47,
            hint: Some("AREA: drag a rectangle on the map; Esc cancels. And more words.".into()),
            on_statements: statements > 3,
            problems: (0..problems)
                .map(|i| (format!("/home/someone/.local/share/squad_proto/missions/m.scn:{i}:1: error: spawn index 7 out of range: the map has 2 enemy spawns `E` and more words after"), i % 2 == 0))
                .collect(),
            problem: problems.saturating_sub(1),
            statements: (0..statements)
                .map(|i| format!("objective hold{i} hold yard 20 after=in | Hold the yard until they stop coming"))
                .collect(),
            statement: statements / 2,
            modal: modal.then(|| ModalView {
                heading: "OBJECTIVE".into(),
                rows: (0..9)
                    .map(|i| (format!("label of row {i} long"), "w".repeat(80), i % 2 == 0))
                    .collect(),
                focus: 3,
                hint: "Tab/Up/Down: field   Left/Right: choose   Enter: done   Esc: cancel   A click on the map puts the point there.".into(),
                error: Some("seconds: `4x` is not a number, and a long reason that wraps onto another line of the form".into()),
            }),
            message: modal.then(|| "cannot play: gate.scn:7:1: error: spawn index 0 out of range: the map has 0 enemy spawns `E`, and a good deal more said after that to fill the line and more".repeat(2)),
        }
    }

    /// The screen fits at every size with long names, many problems and statements, a
    /// form open.
    #[test]
    fn the_editor_fits() {
        for (w, h) in crate::screens::ui::TEST_SIZES {
            for (p, s, m) in [
                (0, 0, false),
                (3, 2, false),
                (40, 60, false),
                (40, 60, true),
            ] {
                let l = layout(w, h, &view(p, s, m));
                assert!(
                    l.faults().is_empty(),
                    "{w}x{h} {p} {s} {m}: {:#?}",
                    l.faults()
                );
            }
        }
    }

    /// A click finds what the layout drew there: a tile, a brush, a problem, a
    /// statement, the map between the panels.
    #[test]
    fn clicks_land_on_what_is_drawn() {
        let v = view(5, 8, false);
        assert_eq!(
            hit(&v, PALETTE.x + 30, TILES_TOP + 2 * ROW + 4),
            Hit::Tile(2)
        );
        assert_eq!(
            hit(&v, PALETTE.x + 30, brushes_top(&v) + ROW + 4),
            Hit::Brush(1)
        );
        let (top, _) = list_box(PROBLEMS);
        assert_eq!(hit(&v, PROBLEMS.x + 20, top + 2), Hit::Problem(0));
        let (top, _) = list_box(STATEMENTS);
        assert_eq!(
            hit(&v, STATEMENTS.x + 20, top + 3 * LINE + 2),
            Hit::Statement(3)
        );
        assert_eq!(hit(&v, 600, 300), Hit::Map);
        assert_eq!(hit(&v, 600, 20), Hit::Panel);
        let with_form = view(5, 8, true);
        assert_eq!(hit(&with_form, 600, 300), Hit::Panel);
    }

    /// Help over the editor shows every row of its table and fits.
    #[test]
    fn the_editor_s_help_fits() {
        for (w, h) in crate::screens::ui::TEST_SIZES {
            let l = help_layout(w, h);
            assert!(l.faults().is_empty(), "{w}x{h}: {:#?}", l.faults());
            for (k, _) in key_rows() {
                assert!(l.texts().any(|t| t.text == *k), "{k}");
            }
        }
    }

    /// docs/editor.md's table of keys (under `### Keys`) is [`EDITOR_KEYS`], row for
    /// row: a key added, dropped or renamed in one and not the other fails here.
    #[test]
    fn the_docs_table_of_keys_is_help_s() {
        let doc =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/editor.md"))
                .expect("docs/editor.md");
        let table: Vec<(String, String)> = doc
            .lines()
            .skip_while(|l| l.trim() != "### Keys")
            .skip_while(|l| !l.starts_with('|'))
            .take_while(|l| l.starts_with('|'))
            .skip(2)
            .map(|l| {
                let cells: Vec<&str> = l
                    .trim()
                    .trim_matches('|')
                    .split('|')
                    .map(str::trim)
                    .collect();
                (cells[0].to_string(), cells[1..].join("|"))
            })
            .collect();
        let ours: Vec<(String, String)> = key_rows()
            .map(|(k, w)| (k.to_string(), w.to_string()))
            .collect();
        assert_eq!(table, ours);
    }

    /// A long list keeps the chosen row in sight.
    #[test]
    fn the_lists_scroll_with_the_choice() {
        let mut v = view(40, 60, false);
        for sel in [0, 17, 39] {
            v.problem = sel;
            assert!(shown_problems(&v).iter().any(|(i, ..)| *i == sel));
        }
        for sel in [0, 30, 59] {
            v.statement = sel;
            assert!(shown_statements(&v).iter().any(|(i, _)| *i == sel));
        }
    }
}
