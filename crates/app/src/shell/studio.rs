//! The editor's screen without a window (REQ §31): the [`Editor`] with the view onto
//! its map (centre, zoom, the horror layer, the grid), the form open, the lists'
//! choices, an area being dragged; what each key does ([`edit_key`], the one mapping
//! help's table [`view::screens::editor::EDITOR_KEYS`] is held to), what the mouse
//! does on the map, and the view models drawn from it ([`Studio::view`],
//! [`Studio::marks`]). Saving and playing are the window's (`window::game::make`):
//! this asks for them.

use sim::Vec2;
use view::editor_marks::Marks;
use view::screens::editor::{swatch, EditorView, ModalView};
use winit::keyboard::KeyCode;

use crate::editor::doc::TILES;
use crate::editor::forms::{self, HeaderKey};
use crate::editor::modal::{Kind, Modal, ModalKey, Outcome};
use crate::editor::preview;
use crate::editor::problems::Severity;
use crate::editor::state::{Brush, Command, Editor};

/// What a key does in the editor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EditKey {
    Tile(usize),
    PrevTile,
    NextTile,
    Brush(Brush),
    Undo,
    Redo,
    Save,
    Play,
    Horror,
    Grid,
    /// The view moved by a step in a screen direction.
    Pan(i32, i32),
    Zoom(i32),
    Fit,
    Leave,
    /// A form: the header's, a statement's (an area is dragged first).
    Form(Kind),
    Switch,
    ListUp,
    ListDown,
    Open,
    Delete,
}

/// A key with Ctrl (held or not) and Shift (held, not, or either).
pub type Chord = (KeyCode, bool, Option<bool>);

/// The palette's keys, tile 1 to tile 10, in order (the key table and the dispatch).
const DIGITS: [KeyCode; 10] = [
    KeyCode::Digit1,
    KeyCode::Digit2,
    KeyCode::Digit3,
    KeyCode::Digit4,
    KeyCode::Digit5,
    KeyCode::Digit6,
    KeyCode::Digit7,
    KeyCode::Digit8,
    KeyCode::Digit9,
    KeyCode::Digit0,
];

/// The key `code` with Ctrl and Shift as held, in the editor (`None`: not the editor's:
/// help, fullscreen, a screenshot go on as everywhere).
pub fn edit_key(code: KeyCode, ctrl: bool, shift: bool) -> Option<EditKey> {
    use EditKey as E;
    use KeyCode as K;
    let digit = DIGITS.iter().position(|&d| d == code);
    if ctrl {
        return match (code, shift) {
            (K::KeyZ, false) => Some(E::Undo),
            (K::KeyZ, true) | (K::KeyY, _) => Some(E::Redo),
            (K::KeyS, _) => Some(E::Save),
            _ => None,
        };
    }
    if let Some(i) = digit {
        return Some(E::Tile(i));
    }
    Some(match code {
        K::BracketLeft => E::PrevTile,
        K::BracketRight => E::NextTile,
        K::KeyB => E::Brush(Brush::Pen),
        K::KeyL => E::Brush(Brush::Line),
        K::KeyR if shift => E::Brush(Brush::FilledRect),
        K::KeyR => E::Brush(Brush::Rect),
        K::KeyF => E::Brush(Brush::Fill),
        K::F5 => E::Play,
        K::F3 => E::Horror,
        K::KeyG => E::Grid,
        K::ArrowLeft => E::Pan(-1, 0),
        K::ArrowRight => E::Pan(1, 0),
        K::ArrowUp => E::Pan(0, -1),
        K::ArrowDown => E::Pan(0, 1),
        K::Equal | K::NumpadAdd => E::Zoom(1),
        K::Minus | K::NumpadSubtract => E::Zoom(-1),
        K::Home => E::Fit,
        K::Escape => E::Leave,
        K::KeyI => E::Form(Kind::Header),
        K::KeyA => E::Form(Kind::Area),
        K::KeyO => E::Form(Kind::Objective),
        K::KeyT => E::Form(Kind::Trigger),
        K::KeyW => E::Form(Kind::Wave),
        K::KeyP => E::Form(Kind::Waypoint),
        K::KeyN => E::Form(Kind::Nest),
        K::Tab => E::Switch,
        K::PageUp => E::ListUp,
        K::PageDown => E::ListDown,
        K::Enter | K::NumpadEnter => E::Open,
        K::Delete => E::Delete,
        _ => return None,
    })
}

/// The chords behind each row of help's table of the editor's keys (by its key text);
/// empty for the rows every screen shares (help).
pub fn row_chords(row: &str) -> Vec<Chord> {
    use KeyCode as K;
    let plain = |k: K| (k, false, None);
    let ctrl = |k: K, s: Option<bool>| (k, true, s);
    match row {
        "1 - 9, 0" => DIGITS.map(plain).to_vec(),
        "[ ]" => vec![plain(K::BracketLeft), plain(K::BracketRight)],
        "B L R F" => vec![
            plain(K::KeyB),
            plain(K::KeyL),
            (K::KeyR, false, Some(false)),
            plain(K::KeyF),
        ],
        "Shift+R" => vec![(K::KeyR, false, Some(true))],
        // Redo: Ctrl+Y, or Ctrl+Shift+Z as many programs have it.
        "Ctrl+Z Ctrl+Y" => vec![
            ctrl(K::KeyZ, Some(false)),
            ctrl(K::KeyY, None),
            ctrl(K::KeyZ, Some(true)),
        ],
        "Ctrl+S" => vec![ctrl(K::KeyS, None)],
        "F5" => vec![plain(K::F5)],
        "F3" => vec![plain(K::F3)],
        "G" => vec![plain(K::KeyG)],
        "arrows" => [K::ArrowLeft, K::ArrowRight, K::ArrowUp, K::ArrowDown]
            .map(plain)
            .to_vec(),
        "+ -" => [K::Equal, K::NumpadAdd, K::Minus, K::NumpadSubtract]
            .map(plain)
            .to_vec(),
        "Home" => vec![plain(K::Home)],
        "Esc" => vec![plain(K::Escape)],
        "I" => vec![plain(K::KeyI)],
        "A" => vec![plain(K::KeyA)],
        "O" => vec![plain(K::KeyO)],
        "T" => vec![plain(K::KeyT)],
        "W" => vec![plain(K::KeyW)],
        "P" => vec![plain(K::KeyP)],
        "N" => vec![plain(K::KeyN)],
        "Tab" => vec![plain(K::Tab)],
        "PgUp PgDn" => vec![plain(K::PageUp), plain(K::PageDown)],
        "Enter" => vec![plain(K::Enter), plain(K::NumpadEnter)],
        "Del" => vec![plain(K::Delete)],
        _ => Vec::new(),
    }
}

/// A key in an open form (`text`: what it typed).
pub fn modal_key(code: KeyCode, shift: bool, text: Option<&str>) -> Option<ModalKey> {
    use KeyCode as K;
    Some(match code {
        K::Tab if shift => ModalKey::Prev,
        K::Tab | K::ArrowDown => ModalKey::Next,
        K::ArrowUp => ModalKey::Prev,
        K::ArrowLeft => ModalKey::Left,
        K::ArrowRight => ModalKey::Right,
        K::Enter | K::NumpadEnter => ModalKey::Accept,
        K::Escape => ModalKey::Cancel,
        K::Backspace => ModalKey::Erase,
        _ => {
            let c = text?.chars().next()?;
            if c.is_control() {
                return None;
            }
            ModalKey::Char(c)
        }
    })
}

/// What the editor asks of the window.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ask {
    Nothing,
    Save,
    Play,
    /// Back to the Make page.
    Leave,
    Say(String),
}

/// The editor's zoom: out to see a large map whole, in to paint.
pub const ZOOM: (f32, f32) = (view::zoom::FAR_ZOOM, view::zoom::MAX_ZOOM);
/// The map's room on the screen between the panels (design units): its centre's
/// offset from the frame's centre, and its size.
const ROOM_OFFSET: (f32, f32) = (-36.0, -14.0);
const ROOM: (f32, f32) = (776.0, 560.0);

/// An area being drawn: `None` until the press, then the press's and the pointer's
/// cells.
pub type AreaDrag = Option<((i32, i32), (i32, i32))>;

/// The editor's screen.
#[derive(Clone, Debug)]
pub struct Studio {
    pub editor: Editor,
    /// The world point at the frame's centre.
    pub center: Vec2,
    pub zoom: f32,
    pub horror: bool,
    pub grid: bool,
    pub modal: Option<Modal>,
    /// Drawing an area (A).
    pub area: Option<AreaDrag>,
    /// The statements' list has the keys (else the problems').
    pub on_statements: bool,
    pub problem: usize,
    pub statement: usize,
    /// The texts as last saved or opened.
    saved: (String, String),
    /// Esc was pressed once with changes unsaved.
    pub leaving: bool,
}

impl Studio {
    /// The editor on `editor`, the whole map in view, the horror layer off.
    pub fn new(editor: Editor) -> Studio {
        let saved = (editor.map.text(), editor.scenario.clone());
        let mut s = Studio {
            editor,
            center: Vec2::ZERO,
            zoom: 1.0,
            horror: false,
            grid: true,
            modal: None,
            area: None,
            on_statements: false,
            problem: 0,
            statement: 0,
            saved,
            leaving: false,
        };
        s.fit();
        s
    }

    /// Changed since the last save (or the opening).
    pub fn dirty(&self) -> bool {
        (self.editor.map.text(), &self.editor.scenario) != (self.saved.0.clone(), &self.saved.1)
    }

    /// The texts were saved as they stand.
    pub fn mark_saved(&mut self) {
        self.saved = (self.editor.map.text(), self.editor.scenario.clone());
        self.leaving = false;
    }

    /// The whole map in the room between the panels.
    pub fn fit(&mut self) {
        let (w, h) = (
            self.editor.map.width().max(1) as f32,
            self.editor.map.height().max(1) as f32,
        );
        let span = w + h;
        let z = (ROOM.0 / (span * 32.0)).min(ROOM.1 / (span * 16.0 + 36.0));
        self.zoom = z.clamp(ZOOM.0, ZOOM.1);
        let mid = Vec2::new(w / 2.0, h / 2.0);
        self.center = mid - world_step(ROOM_OFFSET, self.zoom);
    }

    /// Moves the view by `(dx, dy)` design pixels of the screen.
    pub fn pan(&mut self, dx: f32, dy: f32) {
        self.center += world_step((dx, dy), self.zoom);
    }

    /// Moves the view so what was under frame pixel `from` is under `to` (a drag with
    /// the right button) on a frame of `size` pixels.
    pub fn drag_view(&mut self, from: (i32, i32), to: (i32, i32), size: (usize, usize)) {
        let k = view::zoom::scene_scale(size.1, self.zoom);
        self.pan(
            (from.0 - to.0) as f32 / k * self.zoom,
            (from.1 - to.1) as f32 / k * self.zoom,
        );
    }

    /// The cell drawn at frame pixel `px` of a frame of `size` (walls first).
    pub fn cell_at(&self, px: (i32, i32), size: (usize, usize)) -> Option<(i32, i32)> {
        let m = &self.editor.map;
        let grid = (m.width() as i32, m.height() as i32);
        view::editor_marks::pick(px, size, self.center, self.zoom, grid, |x, y| {
            m.get(x, y) == Some('#')
        })
    }

    /// Zooms `notches` steps in (out if negative).
    pub fn zoom_by(&mut self, notches: f32) {
        self.zoom = (self.zoom * 1.15f32.powf(notches)).clamp(ZOOM.0, ZOOM.1);
    }

    fn apply(&mut self, c: Command) {
        self.editor.apply(c);
        self.leaving = false;
        let n = self.editor.problems().len();
        self.problem = self.problem.min(n.saturating_sub(1));
        let s = preview::statements(&self.editor.scenario).len();
        self.statement = self.statement.min(s.saturating_sub(1));
    }

    /// A key (with the pointer over `pointer`, a cell, if it is on the map).
    pub fn key(&mut self, k: EditKey, pointer: Option<(i32, i32)>) -> Ask {
        if k != EditKey::Leave {
            self.leaving = false;
        }
        let ctx = || preview::context(&self.editor);
        let at = |c: Option<(i32, i32)>, s: &Studio| match c {
            Some((x, y)) => (x as f32 + 0.5, y as f32 + 0.5),
            None => (s.center.x.floor() + 0.5, s.center.y.floor() + 0.5),
        };
        match k {
            EditKey::Tile(i) => match TILES.get(i) {
                Some(&(t, _)) => self.editor.apply(Command::Tile(t)),
                None => return Ask::Say(format!("no tile {}", i + 1)),
            },
            EditKey::PrevTile | EditKey::NextTile => {
                let n = TILES.len();
                let i = TILES
                    .iter()
                    .position(|(t, _)| *t == self.editor.tile)
                    .unwrap_or(0);
                let j = if k == EditKey::NextTile {
                    (i + 1) % n
                } else {
                    (i + n - 1) % n
                };
                self.editor.apply(Command::Tile(TILES[j].0));
            }
            EditKey::Brush(b) => {
                self.area = None;
                self.editor.apply(Command::Brush(b));
            }
            EditKey::Undo => match self.editor.can_undo() {
                true => self.apply(Command::Undo),
                false => return Ask::Say("nothing to undo".into()),
            },
            EditKey::Redo => match self.editor.can_redo() {
                true => self.apply(Command::Redo),
                false => return Ask::Say("nothing to redo".into()),
            },
            EditKey::Save => return Ask::Save,
            EditKey::Play => return Ask::Play,
            EditKey::Horror => {
                self.horror = !self.horror;
                return Ask::Say(
                    match self.horror {
                        true => "horror layer on: the dark as the squad will see it",
                        false => "horror layer off: everything lit",
                    }
                    .into(),
                );
            }
            EditKey::Grid => self.grid = !self.grid,
            EditKey::Pan(x, y) => self.pan(x as f32 * 80.0, y as f32 * 60.0),
            EditKey::Zoom(n) => self.zoom_by(n as f32),
            EditKey::Fit => self.fit(),
            EditKey::Leave => {
                if self.area.take().is_some() {
                    return Ask::Nothing;
                }
                if self.dirty() && !self.leaving {
                    self.leaving = true;
                    return Ask::Say(
                        "changes not saved: Ctrl+S saves them, Esc again leaves without them"
                            .into(),
                    );
                }
                return Ask::Leave;
            }
            EditKey::Form(Kind::Area) => {
                self.area = Some(None);
                return Ask::Say("area: drag a rectangle on the map".into());
            }
            EditKey::Form(kind) => {
                let c = ctx();
                self.modal = Some(match kind {
                    Kind::Header => Modal::header(&self.editor.scenario),
                    Kind::Objective => Modal::objective(&c),
                    Kind::Trigger => Modal::trigger(&c),
                    Kind::Wave => Modal::wave(&c),
                    Kind::Waypoint => Modal::waypoint(at(pointer, self)),
                    _ => Modal::nest(at(pointer, self)),
                });
            }
            EditKey::Switch => self.on_statements = !self.on_statements,
            EditKey::ListUp | EditKey::ListDown => {
                let (sel, n) = match self.on_statements {
                    true => (
                        &mut self.statement,
                        preview::statements(&self.editor.scenario).len(),
                    ),
                    false => (&mut self.problem, self.editor.problems().len()),
                };
                let n = n.max(1);
                *sel = match k {
                    EditKey::ListUp => (*sel + n - 1) % n,
                    _ => (*sel + 1) % n,
                };
            }
            EditKey::Open => return self.open_chosen(),
            EditKey::Delete => {
                let st = preview::statements(&self.editor.scenario);
                match st.get(self.statement).filter(|_| self.on_statements) {
                    Some((line, text)) => {
                        let said = format!("removed line {line}: {text} (Ctrl+Z brings it back)");
                        self.apply(Command::Remove(*line));
                        return Ask::Say(said);
                    }
                    None => return Ask::Say("Tab to the statements, choose one, then Del".into()),
                }
            }
        }
        Ask::Nothing
    }

    /// Enter on a list: the problem's place shown (its cell in the middle of the view,
    /// or its statement chosen), or the statement's form opened.
    fn open_chosen(&mut self) -> Ask {
        let st = preview::statements(&self.editor.scenario);
        if self.on_statements {
            let Some((line, text)) = st.get(self.statement) else {
                return Ask::Nothing;
            };
            return match Modal::from_line(*line, text, &preview::context(&self.editor)) {
                Some(m) => {
                    self.modal = Some(m);
                    Ask::Nothing
                }
                None => Ask::Say(format!(
                    "line {line} has no form here: edit it in {}",
                    self.editor.scenario_file()
                )),
            };
        }
        let Some(p) = self.editor.problems().get(self.problem).cloned() else {
            return Ask::Nothing;
        };
        if let Some((x, y)) = p.cell {
            self.center =
                Vec2::new(x as f32 + 0.5, y as f32 + 0.5) - world_step(ROOM_OFFSET, self.zoom);
            return Ask::Say(format!("{x}, {y}: {}", p.message));
        }
        if p.file == self.editor.scenario_file() {
            if let Some(i) = st.iter().position(|(n, _)| *n == p.line) {
                self.statement = i;
                self.on_statements = true;
                return Ask::Say(format!("line {}: {}", p.line, p.message));
            }
        }
        Ask::Say(p.to_string())
    }

    /// A key in the open form.
    pub fn form_key(&mut self, k: ModalKey) -> Ask {
        let Some(m) = self.modal.as_mut() else {
            return Ask::Nothing;
        };
        match m.key(k) {
            Outcome::Stay => Ask::Nothing,
            Outcome::Cancel => {
                self.modal = None;
                Ask::Nothing
            }
            Outcome::Done(commands) => {
                let added = commands.iter().any(|c| matches!(c, Command::Add(_)));
                let kind = m.kind;
                self.modal = None;
                for c in commands {
                    self.apply(c);
                }
                if added {
                    let n = preview::statements(&self.editor.scenario).len();
                    self.statement = n.saturating_sub(1);
                    self.on_statements = true;
                }
                Ask::Say(format!("{} written", kind.heading().to_lowercase()))
            }
        }
    }

    /// The pointer over `cell` (None: off the map).
    pub fn hover(&mut self, cell: Option<(i32, i32)>) {
        if let Some((x, y)) = cell {
            if let Some(Some((a, _))) = self.area {
                self.area = Some(Some((a, (x, y))));
            }
            match self.editor.pressed() {
                true => self.editor.apply(Command::Drag(x, y)),
                false => self.editor.apply(Command::Hover(x, y)),
            }
        } else if !self.editor.pressed() {
            self.editor.cursor = None;
        }
    }

    /// The left button pressed over `cell`.
    pub fn press(&mut self, cell: (i32, i32)) {
        if let Some(m) = self.modal.as_mut() {
            m.pick((cell.0 as f32 + 0.5, cell.1 as f32 + 0.5));
            return;
        }
        if self.area.is_some() {
            self.area = Some(Some((cell, cell)));
            return;
        }
        self.leaving = false;
        self.editor.apply(Command::Press(cell.0, cell.1));
    }

    /// The left button let go (over `cell`, or off the map: where the pointer last was).
    pub fn release(&mut self, cell: Option<(i32, i32)>) {
        if let Some(Some((a, b))) = self.area {
            let b = cell.unwrap_or(b);
            self.area = None;
            let rect = [
                a.0.min(b.0) as f32,
                a.1.min(b.1) as f32,
                (a.0.max(b.0) + 1) as f32,
                (a.1.max(b.1) + 1) as f32,
            ];
            self.modal = Some(Modal::area(&preview::context(&self.editor), rect));
            return;
        }
        if !self.editor.pressed() {
            return;
        }
        let Some((x, y)) = cell.or(self.editor.cursor) else {
            return;
        };
        self.apply(Command::Release(x, y));
    }

    /// The screen's view model.
    pub fn view(&self) -> EditorView {
        let e = &self.editor;
        let errors = e
            .problems()
            .iter()
            .filter(|p| p.severity == Severity::Error)
            .count();
        let brushes = [
            ("B", Brush::Pen),
            ("L", Brush::Line),
            ("R", Brush::Rect),
            ("Shift+R", Brush::FilledRect),
            ("F", Brush::Fill),
        ];
        let modal = self.modal.as_ref().map(|m| {
            let shown = m.shown_fields();
            let hint = match m.takes_point() {
                true => "Tab/Up/Down: field  Left/Right: choose  Enter: done  Esc: cancel.  A click on the map puts the point there.",
                false => "Tab/Up/Down: field   Left/Right: choose   type the words   Enter: done   Esc: cancel",
            };
            ModalView {
                heading: match (m.line, m.kind) {
                    (Some(n), _) => format!("{} (line {n})", m.kind.heading()),
                    (None, Kind::Header) => m.kind.heading().to_string(),
                    (None, _) => format!("NEW {}", m.kind.heading()),
                },
                rows: shown
                    .iter()
                    .map(|&i| {
                        let f = &m.fields[i];
                        (f.label.to_string(), f.value.clone(), !f.choices.is_empty())
                    })
                    .collect(),
                focus: shown.iter().position(|&i| i == m.focus).unwrap_or(0),
                hint: hint.into(),
                error: m.error.clone(),
            }
        });
        let hint = match self.area {
            Some(None) => {
                Some("AREA: press on one corner, drag to the other, let go. Esc: cancel.".into())
            }
            Some(Some(_)) => Some("AREA: let go on the other corner.".into()),
            None if e.tile == 'E' => Some(
                "Enemy spawns are numbered from 0 in reading order, on the map as waves name them."
                    .into(),
            ),
            None => None,
        };
        EditorView {
            file: e.name.clone(),
            title: forms::header(&e.scenario, HeaderKey::Name).unwrap_or_default(),
            errors,
            warnings: e.problems().len() - errors,
            dirty: self.dirty(),
            cursor: e.cursor_words().unwrap_or_default(),
            tiles: TILES.iter().map(|(c, n)| (*c, n.to_string())).collect(),
            tile: TILES.iter().position(|(c, _)| *c == e.tile).unwrap_or(0),
            brushes: brushes
                .iter()
                .map(|(k, b)| (k.to_string(), b.name().to_string()))
                .collect(),
            brush: brushes.iter().position(|(_, b)| *b == e.brush).unwrap_or(0),
            horror: self.horror,
            grid: self.grid,
            zoom: self.zoom,
            hint,
            on_statements: self.on_statements,
            problems: e
                .problems()
                .iter()
                .map(|p| (p.to_string(), p.severity == Severity::Error))
                .collect(),
            problem: self.problem,
            statements: preview::statements(&e.scenario)
                .iter()
                .map(|(n, t)| format!("{n:>3}  {t}"))
                .collect(),
            statement: self.statement,
            modal,
            message: None,
        }
    }

    /// The marks over the map.
    pub fn marks(&self) -> Marks {
        let e = &self.editor;
        let m = &e.map;
        let problems = e.problems();
        let problem = problems
            .get(self.problem)
            .and_then(|p| p.cell)
            .or_else(|| problems.iter().find_map(|p| p.cell));
        let mut labels: Vec<((i32, i32), String, raster::Rgba)> = m
            .find('E')
            .into_iter()
            .enumerate()
            .map(|(i, c)| (c, format!("E{i}"), swatch('E')))
            .collect();
        labels.extend(
            m.find('S')
                .into_iter()
                .map(|c| (c, "S".to_string(), swatch('S'))),
        );
        let mut points = Vec::new();
        let mut w = 0;
        for (_, l) in preview::statements(&e.scenario) {
            let t: Vec<&str> = l.split_whitespace().collect();
            let xy = |i: usize| -> Option<Vec2> {
                Some(Vec2::new(
                    t.get(i)?.parse().ok()?,
                    t.get(i + 1)?.parse().ok()?,
                ))
            };
            match t.first() {
                Some(&"waypoint") => {
                    w += 1;
                    if let Some(p) = xy(1) {
                        points.push((p, format!("w{w}")));
                    }
                }
                Some(&"nest") => {
                    if let Some(p) = xy(1) {
                        points.push((p, "nest".to_string()));
                    }
                }
                _ => {}
            }
        }
        let drag = match self.area {
            Some(Some((a, b))) => Some([
                a.0.min(b.0) as f32,
                a.1.min(b.1) as f32,
                (a.0.max(b.0) + 1) as f32,
                (a.1.max(b.1) + 1) as f32,
            ]),
            _ => None,
        };
        let (w, h) = (m.width() as i32, m.height() as i32);
        let walls = (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .map(|(x, y)| m.get(x, y) == Some('#'))
            .collect();
        Marks {
            size: (w, h),
            walls,
            grid: self.grid,
            cursor: e
                .cursor
                .filter(|_| {
                    self.modal.is_none() || self.modal.as_ref().is_some_and(Modal::takes_point)
                })
                .map(|(x, y)| ((x, y), m.get(x, y) == Some('#'))),
            preview: e.preview(),
            preview_colour: swatch(e.tile),
            drag,
            problem,
            areas: preview::areas(&e.scenario),
            labels,
            points,
        }
    }
}

/// The world vector drawn `(dx, dy)` design pixels across the screen at `zoom`.
fn world_step((sx, sy): (f32, f32), zoom: f32) -> Vec2 {
    let a = sx / (32.0 * zoom); // dx − dy
    let b = sy / (16.0 * zoom); // dx + dy
    Vec2::new((a + b) / 2.0, (b - a) / 2.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::editor::sample;
    use view::screens::editor::key_rows;

    /// Every row of help's table of the editor's keys stands for chords the editor
    /// maps, and every chord the editor maps is in a row (a key added to one and not
    /// the other fails here).
    #[test]
    fn the_keys_are_help_s_table() {
        let mut all: Vec<Chord> = Vec::new();
        for (row, _) in key_rows() {
            let chords = row_chords(row);
            if *row == "H or ?" {
                assert!(chords.is_empty(), "help is every screen's");
                assert_eq!(edit_key(KeyCode::KeyH, false, false), None);
                continue;
            }
            assert!(!chords.is_empty(), "row `{row}` has no key");
            for &(code, ctrl, shift) in &chords {
                for s in [false, true] {
                    if shift.is_none_or(|x| x == s) {
                        assert!(edit_key(code, ctrl, s).is_some(), "`{row}`: {code:?}");
                    }
                }
            }
            all.extend(chords);
        }
        // Every key a binding can name: the whole keyboard the game knows.
        use crate::shell::bindings::{key_from_name, key_names};
        for code in key_names().filter_map(key_from_name) {
            for ctrl in [false, true] {
                for shift in [false, true] {
                    if edit_key(code, ctrl, shift).is_some() {
                        let listed = all.iter().any(|&(c, k, s)| {
                            c == code && k == ctrl && s.is_none_or(|x| x == shift)
                        });
                        assert!(
                            listed,
                            "{code:?} ctrl {ctrl} shift {shift} is in no row of help"
                        );
                    }
                }
            }
        }
    }

    /// Keys become commands: tiles, brushes, undo and redo, the forms; Esc with changes
    /// unsaved warns once, then leaves.
    #[test]
    fn keys_drive_the_editor() {
        let mut s = Studio::new(Editor::new("t", 5));
        let key = |s: &mut Studio, code: KeyCode, ctrl: bool, shift: bool| {
            let k = edit_key(code, ctrl, shift).unwrap();
            s.key(k, Some((10, 10)))
        };
        key(&mut s, KeyCode::Digit5, false, false);
        assert_eq!(s.editor.tile, 'E');
        key(&mut s, KeyCode::KeyR, false, true);
        assert_eq!(s.editor.brush, Brush::FilledRect);
        key(&mut s, KeyCode::KeyB, false, false);
        s.press((20, 5));
        s.release(Some((20, 5)));
        assert_eq!(s.editor.map.get(20, 5), Some('E'));
        assert!(s.dirty());
        key(&mut s, KeyCode::KeyZ, true, false);
        assert_eq!(s.editor.map.get(20, 5), Some('.'));
        key(&mut s, KeyCode::KeyZ, true, true);
        assert_eq!(s.editor.map.get(20, 5), Some('E'));
        // W: a wave's form over the pointer; Enter writes it.
        key(&mut s, KeyCode::KeyW, false, false);
        assert_eq!(s.modal.as_ref().map(|m| m.kind), Some(Kind::Wave));
        let said = s.form_key(ModalKey::Accept);
        assert_eq!(said, Ask::Say("wave written".into()));
        assert!(
            s.editor.scenario.ends_with("wave 10 0 shambler 6\n"),
            "{}",
            s.editor.scenario
        );
        assert!(s.on_statements);
        // P: a waypoint at the pointer's cell.
        key(&mut s, KeyCode::KeyP, false, false);
        s.form_key(ModalKey::Accept);
        assert!(s.editor.scenario.ends_with("waypoint 10.5 10.5\n"));
        // Enter on the chosen statement opens its form; Del removes it.
        key(&mut s, KeyCode::Enter, false, false);
        assert_eq!(s.modal.as_ref().map(|m| m.line.is_some()), Some(true));
        s.form_key(ModalKey::Cancel);
        assert!(
            matches!(key(&mut s, KeyCode::Delete, false, false), Ask::Say(w) if w.starts_with("removed line"))
        );
        assert!(!s.editor.scenario.contains("waypoint"));
        // Esc: warned once with changes unsaved, then leaves.
        assert!(matches!(
            key(&mut s, KeyCode::Escape, false, false),
            Ask::Say(_)
        ));
        assert_eq!(key(&mut s, KeyCode::Escape, false, false), Ask::Leave);
        s.mark_saved();
        s.leaving = false;
        assert_eq!(key(&mut s, KeyCode::Escape, false, false), Ask::Leave);
        assert_eq!(key(&mut s, KeyCode::F5, false, false), Ask::Play);
        assert_eq!(key(&mut s, KeyCode::KeyS, true, false), Ask::Save);
    }

    /// An area is dragged on the map and named in its form; the problem's Enter shows
    /// its statement; the view and the marks say what is there.
    #[test]
    fn an_area_is_dragged_and_problems_show_their_place() {
        let mut s = Studio::new(sample::gate("g"));
        s.key(EditKey::Form(Kind::Area), None);
        s.hover(Some((3, 3)));
        s.press((3, 3));
        s.hover(Some((6, 5)));
        assert_eq!(s.marks().drag, Some([3.0, 3.0, 7.0, 6.0]));
        s.release(Some((6, 5)));
        let m = s.modal.as_ref().unwrap();
        assert_eq!(
            (m.kind, m.value("name"), m.value("x1")),
            (Kind::Area, "area1", "7")
        );
        s.form_key(ModalKey::Accept);
        assert!(s.editor.scenario.contains("area area1 3 3 7 6\n"));
        // A wave from a spawn the map lacks: Enter on its problem chooses its line.
        s.editor
            .apply(Command::Add(crate::editor::forms::Form::Wave {
                at: 3.0,
                spawn: 9,
                kind: "brute".into(),
                count: 1,
            }));
        assert!(!s.editor.playable());
        s.on_statements = false;
        s.problem = 0;
        let said = s.key(EditKey::Open, None);
        assert!(
            matches!(&said, Ask::Say(w) if w.contains("spawn index 9")),
            "{said:?}"
        );
        assert!(s.on_statements);
        let v = s.view();
        assert!(
            v.statements[s.statement].contains("wave 3 9 brute 1"),
            "{:?}",
            v.statements
        );
        assert_eq!(
            (v.errors, v.file.as_str(), v.title.as_str()),
            (1, "g", "The Gate")
        );
        // A map error's cell is marked.
        s.editor.apply(Command::Tile('S'));
        s.editor.apply(Command::Press(25, 10));
        s.editor.apply(Command::Release(25, 10));
        s.editor.map.set(25, 12, 'X');
        s.editor.apply(Command::Undo);
        s.editor.apply(Command::Redo);
        let marks = s.marks();
        assert_eq!(marks.problem, Some((25, 12)));
        assert_eq!(
            marks.labels.iter().filter(|l| l.1.starts_with('E')).count(),
            2
        );
    }
}
