//! The editor (REQ §31) as a state machine without a window: a mission's map and
//! scenario, the brush chosen, the history, and the problems of what is on the page,
//! checked again after every edit. The screen turns keys and clicks into
//! [`Command`]s; tests drive it the same way.

use std::path::Path;

use super::doc::{tile_name, MapDoc};
use super::forms::{self, Form, HeaderKey};
use super::history::{Edit, History};
use super::missions;
use super::paint::{fill_cells, line_cells, paint, rect_cells};
use super::problems::{self, Problem};

/// How the pointer paints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Brush {
    /// Every cell the pointer passes over while pressed.
    Pen,
    /// A straight line from the press to the release.
    Line,
    /// A rectangle's outline from the press to the release.
    Rect,
    /// A filled rectangle.
    FilledRect,
    /// The connected region of the tile pressed.
    Fill,
}

impl Brush {
    pub const ALL: [Brush; 5] = [
        Brush::Pen,
        Brush::Line,
        Brush::Rect,
        Brush::FilledRect,
        Brush::Fill,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Brush::Pen => "pen",
            Brush::Line => "line",
            Brush::Rect => "rectangle",
            Brush::FilledRect => "filled rectangle",
            Brush::Fill => "fill",
        }
    }
}

/// One thing the maker does.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// The pointer over cell (x, y) (names the tile under it).
    Hover(i32, i32),
    Press(i32, i32),
    Drag(i32, i32),
    Release(i32, i32),
    Brush(Brush),
    Tile(char),
    Undo,
    Redo,
    Header(HeaderKey, String),
    /// Several header keys set at once (the header's form): one step of the history.
    Headers(Vec<(HeaderKey, String)>),
    /// A statement added at the end of the scenario.
    Add(Form),
    /// Line `n` (1-based) of the scenario replaced by a form's statement.
    Replace(usize, Form),
    /// Line `n` of the scenario removed.
    Remove(usize),
}

#[derive(Clone, Debug)]
pub struct Editor {
    /// The mission's file name (`missions/NAME.map`, `.scn`).
    pub name: String,
    pub map: MapDoc,
    pub scenario: String,
    pub brush: Brush,
    pub tile: char,
    /// The cell under the pointer.
    pub cursor: Option<(i32, i32)>,
    /// The press of a line or rectangle in progress, and the pen's edit so far.
    press: Option<(i32, i32)>,
    stroke: Edit,
    history: History,
    problems: Vec<Problem>,
    /// The squad's size the checks use.
    agents: usize,
    /// Counts the commands that may have changed a text (the screen redraws the
    /// mission's world when it moves).
    revision: u64,
}

/// A new mission's scenario: its header, nothing else.
pub fn blank_scenario(name: &str) -> String {
    format!(
        "name = {name}\nbriefing = What the squad must do.\nmap = {name}.map\nduration = 180\nseed = 1\ndifficulty = normal\n"
    )
}

impl Editor {
    /// A new mission `name`: a 32 × 20 room and a bare header.
    pub fn new(name: &str, agents: usize) -> Editor {
        let map = MapDoc::blank(name, 32, 20);
        Editor::from_texts(name, &map.text(), &blank_scenario(name), agents)
    }

    /// The mission `name` from its texts.
    pub fn from_texts(name: &str, map: &str, scenario: &str, agents: usize) -> Editor {
        let mut e = Editor {
            name: name.to_string(),
            map: MapDoc::parse(map),
            scenario: scenario.to_string(),
            brush: Brush::Pen,
            tile: '#',
            cursor: None,
            press: None,
            stroke: Edit::default(),
            history: History::default(),
            problems: Vec::new(),
            agents,
            revision: 0,
        };
        e.check();
        e
    }

    /// Mission `name` from `dir`.
    pub fn open(dir: &Path, name: &str, agents: usize) -> Result<Editor, String> {
        let (m, s) = missions::load(dir, name)?;
        Ok(Editor::from_texts(name, &m, &s, agents))
    }

    /// Saves into `dir` (see [`missions::save`]).
    pub fn save(&self, dir: &Path) -> Result<(), String> {
        missions::save(dir, &self.name, &self.map.text(), &self.scenario)
    }

    /// The map file's name the scenario's `map =` names and the checks report.
    pub fn map_file(&self) -> String {
        format!("{}.map", self.name)
    }

    pub fn scenario_file(&self) -> String {
        format!("{}.scn", self.name)
    }

    /// Every problem of the mission as it stands.
    pub fn problems(&self) -> &[Problem] {
        &self.problems
    }

    /// No error: the mission can be played.
    pub fn playable(&self) -> bool {
        problems::playable(&self.problems)
    }

    /// Moves whenever a command may have changed the map or the scenario (a stroke
    /// in progress too).
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Whether a line or rectangle (or a pen's stroke) is being drawn.
    pub fn pressed(&self) -> bool {
        self.press.is_some()
    }

    pub fn can_undo(&self) -> bool {
        self.history.can_undo()
    }

    pub fn can_redo(&self) -> bool {
        self.history.can_redo()
    }

    /// The cells a line or rectangle would paint if released at the cursor now (the
    /// screen's preview).
    pub fn preview(&self) -> Vec<(i32, i32)> {
        match (self.press, self.cursor) {
            (Some(a), Some(b)) => match self.brush {
                Brush::Line => line_cells(a, b),
                Brush::Rect => rect_cells(a, b, false),
                Brush::FilledRect => rect_cells(a, b, true),
                _ => Vec::new(),
            },
            _ => Vec::new(),
        }
    }

    /// What the status line says about the cell under the pointer.
    pub fn cursor_words(&self) -> Option<String> {
        let (x, y) = self.cursor?;
        let t = self.map.get(x, y)?;
        Some(format!("{x}, {y}: {}", tile_name(t)))
    }

    fn check(&mut self) {
        let (m, s) = (self.map.text(), self.scenario.clone());
        // The scenario names its map by file: the checks read it under that name.
        self.problems = problems::check(
            (&self.map_file(), &m),
            (&self.scenario_file(), &s),
            self.agents,
        );
    }

    fn record(&mut self, e: Edit) {
        self.history.push(e);
        self.check();
    }

    fn set_scenario(&mut self, text: String) {
        let before = std::mem::replace(&mut self.scenario, text);
        let after = self.scenario.clone();
        self.record(Edit {
            cells: Vec::new(),
            scenario: Some((before, after)),
        });
    }

    /// Does `c`.
    pub fn apply(&mut self, c: Command) {
        if !matches!(c, Command::Hover(..) | Command::Brush(_) | Command::Tile(_)) {
            self.revision += 1;
        }
        match c {
            Command::Hover(x, y) => self.cursor = Some((x, y)),
            Command::Brush(b) => {
                self.brush = b;
                self.press = None;
            }
            Command::Tile(t) => self.tile = t,
            Command::Press(x, y) => {
                self.cursor = Some((x, y));
                match self.brush {
                    Brush::Pen => {
                        self.stroke = Edit::default();
                        self.stroke.cells = paint(&mut self.map, &[(x, y)], self.tile);
                        self.press = Some((x, y));
                    }
                    Brush::Fill => {
                        let cells = fill_cells(&self.map, (x, y));
                        let e = Edit {
                            cells: paint(&mut self.map, &cells, self.tile),
                            scenario: None,
                        };
                        self.record(e);
                    }
                    _ => self.press = Some((x, y)),
                }
            }
            Command::Drag(x, y) => {
                let last = self.cursor;
                self.cursor = Some((x, y));
                if self.brush == Brush::Pen && self.press.is_some() {
                    // Every cell between the last position and this one: a fast stroke
                    // leaves no gaps.
                    let cells = line_cells(last.unwrap_or((x, y)), (x, y));
                    let mut more = paint(&mut self.map, &cells, self.tile);
                    self.stroke.cells.append(&mut more);
                }
            }
            Command::Release(x, y) => {
                self.cursor = Some((x, y));
                let Some(a) = self.press.take() else {
                    return;
                };
                let cells = match self.brush {
                    Brush::Pen => {
                        let e = std::mem::take(&mut self.stroke);
                        self.record(e);
                        return;
                    }
                    Brush::Line => line_cells(a, (x, y)),
                    Brush::Rect => rect_cells(a, (x, y), false),
                    Brush::FilledRect => rect_cells(a, (x, y), true),
                    Brush::Fill => return,
                };
                let e = Edit {
                    cells: paint(&mut self.map, &cells, self.tile),
                    scenario: None,
                };
                self.record(e);
            }
            Command::Undo => {
                if self.history.undo(&mut self.map, &mut self.scenario) {
                    self.check();
                }
            }
            Command::Redo => {
                if self.history.redo(&mut self.map, &mut self.scenario) {
                    self.check();
                }
            }
            Command::Header(k, v) => {
                let t = forms::set_header(&self.scenario, k, &v);
                self.set_scenario(t);
            }
            Command::Headers(keys) => {
                let t = keys.iter().fold(self.scenario.clone(), |t, (k, v)| {
                    forms::set_header(&t, *k, v)
                });
                if t != self.scenario {
                    self.set_scenario(t);
                }
            }
            Command::Add(f) => {
                let mut t = self.scenario.clone();
                if !t.is_empty() && !t.ends_with('\n') {
                    t.push('\n');
                }
                t += &f.line();
                t.push('\n');
                self.set_scenario(t);
            }
            Command::Replace(n, f) => {
                let t = edit_line(&self.scenario, n, Some(&f.line()));
                self.set_scenario(t);
            }
            Command::Remove(n) => {
                let t = edit_line(&self.scenario, n, None);
                self.set_scenario(t);
            }
        }
    }
}

/// `text` with line `n` (1-based) replaced, or removed.
fn edit_line(text: &str, n: usize, with: Option<&str>) -> String {
    let mut lines: Vec<&str> = text.split('\n').collect();
    if n == 0 || n > lines.len() {
        return text.to_string();
    }
    match with {
        Some(w) => lines[n - 1] = w,
        None => {
            lines.remove(n - 1);
        }
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::editor::forms::{Action, Goal, When};
    use crate::editor::problems::Severity;

    fn grid(e: &Editor) -> Vec<String> {
        (0..e.map.height() as i32)
            .map(|y| {
                (0..e.map.width() as i32)
                    .map(|x| e.map.get(x, y).unwrap())
                    .collect()
            })
            .collect()
    }

    #[test]
    fn every_shipped_mission_opens_and_saves_back_byte_for_byte() {
        let dir =
            std::env::temp_dir().join(format!("squad_proto_roundtrip_{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut n = 0;
        for (name, text) in sim::content::CAMPAIGN.iter().chain(sim::content::SCENARIOS) {
            let s = sim::read::Scenario::parse(name, text).expect("ships");
            let map = sim::content::map_text(&s.map).expect("embedded map");
            let e = Editor::from_texts(name, map, text, 5);
            e.save(&dir).unwrap();
            let again = Editor::open(&dir, name, 5).unwrap();
            assert_eq!(again.map.text(), *map, "{name}'s map");
            assert_eq!(again.scenario, *text, "{name}");
            n += 1;
        }
        assert!(n >= 20, "{n} missions");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn paint_undo_redo_through_every_brush() {
        let mut e = Editor::new("t", 5);
        let start = e.map.text();
        e.apply(Command::Tile('#'));
        for (b, a, z, n) in [
            (Brush::Line, (3, 3), (8, 3), 6),
            (Brush::Rect, (10, 5), (14, 8), 14),
            (Brush::FilledRect, (20, 5), (22, 7), 9),
        ] {
            e.apply(Command::Brush(b));
            e.apply(Command::Press(a.0, a.1));
            e.apply(Command::Hover(z.0, z.1));
            assert_eq!(e.preview().len(), n, "{b:?} preview");
            e.apply(Command::Release(z.0, z.1));
            assert_eq!(e.preview().len(), 0);
        }
        // The pen: a fast drag leaves no gap.
        e.apply(Command::Brush(Brush::Pen));
        e.apply(Command::Press(3, 12));
        e.apply(Command::Drag(9, 12));
        e.apply(Command::Release(9, 12));
        assert_eq!(grid(&e)[12][3..=9].to_string(), "#######");
        let painted = e.map.text();
        // Four edits undone one by one give back the blank room, byte for byte.
        for _ in 0..4 {
            assert!(e.can_undo());
            e.apply(Command::Undo);
        }
        assert!(!e.can_undo());
        assert_eq!(e.map.text(), start);
        for _ in 0..4 {
            e.apply(Command::Redo);
        }
        assert_eq!(e.map.text(), painted);
        // A new edit after an undo drops the redo.
        e.apply(Command::Undo);
        e.apply(Command::Brush(Brush::Fill));
        e.apply(Command::Tile('~'));
        e.apply(Command::Press(1, 1));
        assert!(!e.can_redo());
        assert_eq!(grid(&e)[1].chars().filter(|&c| c == '~').count(), 30);
    }

    #[test]
    fn every_edit_is_checked_and_the_problem_names_its_cell() {
        let mut e = Editor::new("t", 5);
        assert!(e.playable(), "{:?}", e.problems());
        // Painting over the squad spawn: the loader's own error.
        let s = e.map.find('S')[0];
        e.apply(Command::Tile('#'));
        e.apply(Command::Press(s.0, s.1));
        e.apply(Command::Release(s.0, s.1));
        assert!(!e.playable());
        assert!(
            e.problems()[0].to_string().contains("missing squad spawn"),
            "{:?}",
            e.problems()
        );
        e.apply(Command::Undo);
        assert!(e.playable());
        // A wave from a spawn the map does not have: an error at the statement's line.
        e.apply(Command::Add(Form::Wave {
            at: 2.0,
            spawn: 0,
            kind: "shambler".into(),
            count: 4,
        }));
        let p = &e.problems()[0];
        assert_eq!((p.severity, p.line), (Severity::Error, 7), "{p}");
        assert!(p.message.contains("spawn index 0"), "{p}");
        // An enemy spawn placed on the map mends it.
        e.apply(Command::Tile('E'));
        e.apply(Command::Press(28, 10));
        e.apply(Command::Release(28, 10));
        assert!(e.playable(), "{:?}", e.problems());
        assert_eq!(e.cursor_words().as_deref(), Some("28, 10: enemy spawn"));
    }

    #[test]
    fn a_hold_mission_made_from_forms_loads_and_plays() {
        let mut e = Editor::new("gate", 5);
        e.apply(Command::Tile('E'));
        e.apply(Command::Press(29, 3));
        e.apply(Command::Release(29, 3));
        e.apply(Command::Header(HeaderKey::Name, "The Gate".into()));
        e.apply(Command::Add(Form::Area {
            name: "yard".into(),
            x0: 20.0,
            y0: 6.0,
            x1: 28.0,
            y1: 14.0,
        }));
        e.apply(Command::Add(Form::Objective {
            name: "hold".into(),
            goal: Goal::Hold {
                area: "yard".into(),
                seconds: 20.0,
            },
            after: None,
            label: Some("Hold the yard".into()),
        }));
        e.apply(Command::Add(Form::Trigger {
            when: When::Enter {
                area: "yard".into(),
            },
            action: Action::Say {
                text: "Here they come.".into(),
            },
        }));
        e.apply(Command::Add(Form::Wave {
            at: 5.0,
            spawn: 0,
            kind: "shambler".into(),
            count: 6,
        }));
        e.apply(Command::Add(Form::Wave {
            at: 15.0,
            spawn: 0,
            kind: "runner".into(),
            count: 4,
        }));
        assert!(e.playable(), "{:?}", e.problems());
        assert!(e.problems().is_empty(), "{:?}", e.problems());
        // Saved and opened again: the same bytes; and the game loads it as a scenario file.
        let dir = std::env::temp_dir().join(format!("squad_proto_editor_{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        e.save(&dir).unwrap();
        let again = Editor::open(&dir, "gate", 5).unwrap();
        assert_eq!(
            (again.map.text(), again.scenario.clone()),
            (e.map.text(), e.scenario.clone())
        );
        let (_, scn) = missions::paths(&dir, "gate");
        let setup =
            crate::setup::load(Some(&scn), "", None, None, None).expect("the game loads it");
        assert_eq!(setup.scenario.name, "The Gate");
        assert_eq!(setup.scenario.waves.len(), 2);
        let _ = std::fs::remove_dir_all(&dir);
        // Removing the area's line breaks the objective that names it; undo mends it.
        e.apply(Command::Remove(7));
        assert!(!e.playable());
        e.apply(Command::Undo);
        assert!(e.playable());
    }
}
