//! The editor's small forms as fields (REQ §31): the header's and each statement's
//! [`Modal`], its fields typed or chosen (Left/Right), moved through with Tab or
//! Up/Down, accepted with Enter into the [`Command`]s the editor applies, cancelled
//! with Esc. A statement's line opens in its form with its values, so a statement
//! chosen in the list is edited, not retyped. No window here: the screen sends
//! [`ModalKey`]s and draws the fields.

use super::forms::{self, Action, Form, Goal, HeaderKey, When};
use super::state::Command;

/// Which form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Header,
    Area,
    Objective,
    Trigger,
    Wave,
    Waypoint,
    Nest,
}

impl Kind {
    pub fn heading(self) -> &'static str {
        match self {
            Kind::Header => "MISSION",
            Kind::Area => "AREA",
            Kind::Objective => "OBJECTIVE",
            Kind::Trigger => "TRIGGER",
            Kind::Wave => "WAVE",
            Kind::Waypoint => "WAYPOINT",
            Kind::Nest => "NEST",
        }
    }
}

/// One field: its value typed, or one of its choices.
#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    pub key: &'static str,
    pub label: &'static str,
    pub value: String,
    /// Non-empty: the value is one of these (Left/Right); empty: typed.
    pub choices: Vec<String>,
}

/// What the forms offer to choose from: the scenario's areas and objectives, the
/// map's enemy spawns.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Context {
    pub areas: Vec<String>,
    pub objectives: Vec<String>,
    pub spawns: usize,
}

/// The enemy kinds a wave, a trigger's wave or a nest may name.
pub const KINDS: [&str; 5] = ["shambler", "runner", "brute", "spitter", "stalker"];
/// A trigger's director cues.
pub const CUES: [&str; 8] = [
    "build-up", "peak", "fade", "relax", "easy", "normal", "hard", "off",
];
const GOALS: [&str; 5] = ["reach", "survive", "hold", "nests", "recover"];

/// A key as a form takes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModalKey {
    Next,
    Prev,
    Left,
    Right,
    Char(char),
    Erase,
    Accept,
    Cancel,
}

/// What a key did to the form.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    Stay,
    Cancel,
    /// Accepted: the commands to apply (the form is closed).
    Done(Vec<Command>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Modal {
    pub kind: Kind,
    pub fields: Vec<Field>,
    /// The field with the focus (an index into `fields`, always a shown one).
    pub focus: usize,
    /// Why the last Enter was refused.
    pub error: Option<String>,
    /// The scenario line (1-based) the form replaces; `None`: a new statement.
    pub line: Option<usize>,
}

fn typed(key: &'static str, label: &'static str, value: impl Into<String>) -> Field {
    Field {
        key,
        label,
        value: value.into(),
        choices: Vec::new(),
    }
}

/// A choice of `choices` at `value` (kept among them if it is not one: a name the
/// scenario no longer defines is shown, not lost). No choices at all: typed.
fn chosen(key: &'static str, label: &'static str, value: &str, choices: &[String]) -> Field {
    let mut c = choices.to_vec();
    if !c.is_empty() && !c.iter().any(|x| x == value) {
        c.insert(0, value.to_string());
    }
    let value = match (value.is_empty(), c.first()) {
        (true, Some(first)) if !c.iter().any(|x| x.is_empty()) => first.clone(),
        _ => value.to_string(),
    };
    Field {
        key,
        label,
        value,
        choices: c,
    }
}

fn strings(s: &[&str]) -> Vec<String> {
    s.iter().map(|x| x.to_string()).collect()
}

/// `base` followed by the first number that makes a name not in `taken`.
pub fn fresh_name(base: &str, taken: &[String]) -> String {
    (1..)
        .map(|i| format!("{base}{i}"))
        .find(|n| !taken.contains(n))
        .unwrap_or_else(|| base.to_string())
}

/// A number as a maker types it (`20`, `4.5`).
fn num_text(v: f32) -> String {
    if v.fract() == 0.0 && v.abs() < 1e7 {
        format!("{}", v as i64)
    } else {
        format!("{v}")
    }
}

impl Modal {
    fn new(kind: Kind, fields: Vec<Field>) -> Modal {
        Modal {
            kind,
            fields,
            focus: 0,
            error: None,
            line: None,
        }
    }

    /// The header's form, filled from `scenario`'s header.
    pub fn header(scenario: &str) -> Modal {
        let h = |k| forms::header(scenario, k).unwrap_or_default();
        let levels = |none: bool| {
            let mut v = if none { vec![String::new()] } else { vec![] };
            v.extend(strings(&["off", "easy", "normal", "hard"]));
            v
        };
        let difficulties: Vec<String> = levels(true).into_iter().filter(|l| l != "off").collect();
        Modal::new(
            Kind::Header,
            vec![
                typed("name", "name", h(HeaderKey::Name)),
                typed("briefing", "briefing", h(HeaderKey::Briefing)),
                typed("duration", "duration (s)", h(HeaderKey::Duration)),
                chosen(
                    "difficulty",
                    "difficulty",
                    &h(HeaderKey::Difficulty),
                    &difficulties,
                ),
                typed("seed", "seed", h(HeaderKey::Seed)),
                chosen(
                    "director",
                    "director",
                    &h(HeaderKey::Director),
                    &levels(true),
                ),
            ],
        )
    }

    /// An area over `rect` (x0 y0 x1 y1, world units), named after the areas taken.
    pub fn area(ctx: &Context, rect: [f32; 4]) -> Modal {
        let mut fields = vec![typed("name", "name", fresh_name("area", &ctx.areas))];
        for (k, v) in ["x0", "y0", "x1", "y1"].into_iter().zip(rect) {
            fields.push(typed(k, k, num_text(v)));
        }
        Modal::new(Kind::Area, fields)
    }

    /// A new objective.
    pub fn objective(ctx: &Context) -> Modal {
        let first_area = ctx.areas.first().cloned().unwrap_or_default();
        let goal = if ctx.areas.is_empty() {
            "survive"
        } else {
            "hold"
        };
        Modal::objective_with(
            ctx,
            &fresh_name("obj", &ctx.objectives),
            goal,
            [&first_area, "30", "", ""],
            "",
            "",
        )
    }

    /// An objective's form: `vals` are the area, the seconds, x and y.
    fn objective_with(
        ctx: &Context,
        name: &str,
        goal: &str,
        vals: [&str; 4],
        after: &str,
        label: &str,
    ) -> Modal {
        let mut afters = vec![String::new()];
        afters.extend(ctx.objectives.iter().filter(|o| *o != name).cloned());
        Modal::new(
            Kind::Objective,
            vec![
                typed("name", "name", name),
                chosen("goal", "goal", goal, &strings(&GOALS)),
                chosen("area", "area", vals[0], &ctx.areas),
                typed("seconds", "seconds", vals[1]),
                typed("x", "item x", vals[2]),
                typed("y", "item y", vals[3]),
                chosen("after", "after", after, &afters),
                typed("label", "label (HUD)", label),
            ],
        )
    }

    /// A new trigger.
    pub fn trigger(ctx: &Context) -> Modal {
        let when = if ctx.areas.is_empty() && !ctx.objectives.is_empty() {
            "done"
        } else {
            "enter"
        };
        let area = ctx.areas.first().cloned().unwrap_or_default();
        let obj = ctx.objectives.first().cloned().unwrap_or_default();
        Modal::trigger_with(
            ctx,
            [when, &area, &obj],
            ["wave", "0", "shambler", "6", "peak", ""],
        )
    }

    /// `w`: when, area, objective; `a`: action, spawn, kind, count, cue, text.
    fn trigger_with(ctx: &Context, w: [&str; 3], a: [&str; 6]) -> Modal {
        Modal::new(
            Kind::Trigger,
            vec![
                chosen("when", "when", w[0], &strings(&["enter", "done"])),
                chosen("area", "area entered", w[1], &ctx.areas),
                chosen("objective", "objective done", w[2], &ctx.objectives),
                chosen(
                    "action",
                    "then",
                    a[0],
                    &strings(&["wave", "director", "say"]),
                ),
                chosen("spawn", spawn_label(ctx), a[1], &spawns(ctx)),
                chosen("kind", "kind", a[2], &strings(&KINDS)),
                typed("count", "count", a[3]),
                chosen("cue", "director cue", a[4], &strings(&CUES)),
                typed("text", "say", a[5]),
            ],
        )
    }

    /// A new wave.
    pub fn wave(ctx: &Context) -> Modal {
        Modal::wave_with(ctx, ["10", "0", "shambler", "6"])
    }

    fn wave_with(ctx: &Context, v: [&str; 4]) -> Modal {
        Modal::new(
            Kind::Wave,
            vec![
                typed("at", "at (s)", v[0]),
                chosen("spawn", spawn_label(ctx), v[1], &spawns(ctx)),
                chosen("kind", "kind", v[2], &strings(&KINDS)),
                typed("count", "count", v[3]),
            ],
        )
    }

    /// A waypoint at `at` (world units: the cell's centre).
    pub fn waypoint(at: (f32, f32)) -> Modal {
        Modal::new(
            Kind::Waypoint,
            vec![
                typed("x", "x", num_text(at.0)),
                typed("y", "y", num_text(at.1)),
                typed("hold", "hold (s, empty: none)", ""),
            ],
        )
    }

    /// A nest at `at`.
    pub fn nest(at: (f32, f32)) -> Modal {
        Modal::nest_with([&num_text(at.0), &num_text(at.1)], "")
    }

    fn nest_with(at: [&str; 2], kind: &str) -> Modal {
        let mut kinds = vec![String::new()];
        kinds.extend(strings(&KINDS));
        Modal::new(
            Kind::Nest,
            vec![
                typed("x", "x", at[0]),
                typed("y", "y", at[1]),
                chosen("kind", "breeds (empty: shambler)", kind, &kinds),
            ],
        )
    }

    /// The form of scenario line `n` (`text`), its values filled in; `None` for a line
    /// no form writes (a route's `place`, a wave that repeats, …: edited in the file).
    pub fn from_line(n: usize, text: &str, ctx: &Context) -> Option<Modal> {
        let (body, label) = match text.split_once('|') {
            Some((b, l)) => (b, Some(l.trim())),
            None => (text, None),
        };
        let t: Vec<&str> = body.split_whitespace().collect();
        let mut m = match t.as_slice() {
            ["area", name, x0, y0, x1, y1] => {
                let mut m = Modal::area(ctx, [0.0; 4]);
                m.set("name", name);
                for (k, v) in ["x0", "y0", "x1", "y1"].into_iter().zip([x0, y0, x1, y1]) {
                    m.set(k, v);
                }
                m
            }
            ["objective", name, goal, rest @ ..] => {
                let (rest, after) = match rest.last().and_then(|l| l.strip_prefix("after=")) {
                    Some(a) => (&rest[..rest.len() - 1], a),
                    None => (rest, ""),
                };
                let vals = match (*goal, rest) {
                    ("reach", [a]) => [*a, "30", "", ""],
                    ("survive", [s]) => ["", *s, "", ""],
                    ("hold", [a, s]) => [*a, *s, "", ""],
                    ("nests", []) => ["", "30", "", ""],
                    ("recover", [x, y, a]) => [*a, "30", *x, *y],
                    _ => return None,
                };
                let mut c = ctx.clone();
                c.areas.retain(|a| !a.is_empty());
                Modal::objective_with(&c, name, goal, vals, after, label.unwrap_or(""))
            }
            ["trigger", when @ ("enter" | "done"), what, action @ ..] => {
                let w = match *when {
                    "enter" => ["enter", *what, ""],
                    _ => ["done", "", *what],
                };
                let say: String;
                let a = match action {
                    ["wave", s, k, c] => ["wave", *s, *k, *c, "peak", ""],
                    ["director", cue] => ["director", "0", "shambler", "6", *cue, ""],
                    ["say", words @ ..] if !words.is_empty() => {
                        // The words as written after `say` (spaces kept).
                        say = body
                            .split_once(" say ")
                            .map_or(words.join(" "), |(_, s)| s.trim().to_string());
                        ["say", "0", "shambler", "6", "peak", say.as_str()]
                    }
                    _ => return None,
                };
                Modal::trigger_with(ctx, w, a)
            }
            ["wave", at, s, k, c] => Modal::wave_with(ctx, [at, s, k, c]),
            ["waypoint", x, y, rest @ ..] => {
                let hold = match rest {
                    [] => "",
                    [h] => h.strip_prefix("hold=")?,
                    _ => return None,
                };
                let mut m = Modal::waypoint((0.0, 0.0));
                m.set("x", x);
                m.set("y", y);
                m.set("hold", hold);
                m
            }
            ["nest", x, y] => Modal::nest_with([x, y], ""),
            ["nest", x, y, k] => Modal::nest_with([x, y], k),
            _ => return None,
        };
        if label.is_some() && m.kind != Kind::Objective {
            return None;
        }
        m.line = Some(n);
        Some(m)
    }

    /// The value of field `key` ("" if the form has none).
    pub fn value(&self, key: &str) -> &str {
        self.fields
            .iter()
            .find(|f| f.key == key)
            .map_or("", |f| f.value.as_str())
    }

    /// Sets field `key` to `v` (a choice not among its choices is added).
    pub fn set(&mut self, key: &str, v: &str) {
        if let Some(f) = self.fields.iter_mut().find(|f| f.key == key) {
            if !f.choices.is_empty() && !f.choices.iter().any(|c| c == v) {
                f.choices.insert(0, v.to_string());
            }
            f.value = v.to_string();
        }
    }

    /// Whether field `key` is shown (an objective's seconds only for survive and hold,
    /// a trigger's count only for a wave, …).
    pub fn shown(&self, key: &str) -> bool {
        let v = |k| self.value(k);
        match (self.kind, key) {
            (Kind::Objective, "area") => matches!(v("goal"), "reach" | "hold" | "recover"),
            (Kind::Objective, "seconds") => matches!(v("goal"), "survive" | "hold"),
            (Kind::Objective, "x" | "y") => v("goal") == "recover",
            (Kind::Trigger, "area") => v("when") == "enter",
            (Kind::Trigger, "objective") => v("when") == "done",
            (Kind::Trigger, "spawn" | "kind" | "count") => v("action") == "wave",
            (Kind::Trigger, "cue") => v("action") == "director",
            (Kind::Trigger, "text") => v("action") == "say",
            _ => true,
        }
    }

    /// The shown fields' indices, in order.
    pub fn shown_fields(&self) -> Vec<usize> {
        (0..self.fields.len())
            .filter(|&i| self.shown(self.fields[i].key))
            .collect()
    }

    /// Whether the form takes a point on the map (a waypoint, a nest, an item).
    pub fn takes_point(&self) -> bool {
        self.shown("x") && self.fields.iter().any(|f| f.key == "x")
    }

    /// A click on the map at world point `at` (a cell's centre): the form's point.
    pub fn pick(&mut self, at: (f32, f32)) {
        if self.takes_point() {
            self.set("x", &num_text(at.0));
            self.set("y", &num_text(at.1));
        }
    }

    /// One key.
    pub fn key(&mut self, k: ModalKey) -> Outcome {
        let shown = self.shown_fields();
        let at = shown.iter().position(|&i| i == self.focus).unwrap_or(0);
        let n = shown.len().max(1);
        match k {
            ModalKey::Next => self.focus = shown[(at + 1) % n],
            ModalKey::Prev => self.focus = shown[(at + n - 1) % n],
            ModalKey::Left | ModalKey::Right => {
                let f = &mut self.fields[self.focus];
                if !f.choices.is_empty() {
                    let i = f.choices.iter().position(|c| *c == f.value).unwrap_or(0);
                    let c = f.choices.len();
                    let j = if k == ModalKey::Right {
                        (i + 1) % c
                    } else {
                        (i + c - 1) % c
                    };
                    f.value = f.choices[j].clone();
                }
            }
            ModalKey::Char(c) => {
                let f = &mut self.fields[self.focus];
                if f.choices.is_empty() && !c.is_control() && f.value.chars().count() < 400 {
                    f.value.push(c);
                }
            }
            ModalKey::Erase => {
                let f = &mut self.fields[self.focus];
                if f.choices.is_empty() {
                    f.value.pop();
                }
            }
            ModalKey::Cancel => return Outcome::Cancel,
            ModalKey::Accept => {
                return match self.commands() {
                    Ok(c) => Outcome::Done(c),
                    Err(e) => {
                        self.error = Some(e);
                        Outcome::Stay
                    }
                }
            }
        }
        // A choice changed what is shown: the focus stays on a shown field.
        if !self.shown(self.fields[self.focus].key) {
            self.focus = self.shown_fields().first().copied().unwrap_or(0);
        }
        Outcome::Stay
    }

    fn label_of<'a>(&'a self, key: &'a str) -> &'a str {
        self.fields
            .iter()
            .find(|f| f.key == key)
            .map_or(key, |f| f.label)
    }

    fn number(&self, key: &str) -> Result<f32, String> {
        let v = self.value(key).trim();
        v.parse::<f32>()
            .ok()
            .filter(|x| x.is_finite())
            .ok_or_else(|| {
                format!(
                    "{}: `{v}` is not a number",
                    self.label_of(key).split(' ').next().unwrap_or(key)
                )
            })
    }

    fn count(&self, key: &str) -> Result<u32, String> {
        let v = self.value(key).trim();
        v.parse::<u32>()
            .ok()
            .filter(|&c| c > 0)
            .ok_or_else(|| format!("{}: `{v}` is not a whole number above 0", key))
    }

    /// A one-word name (areas, objectives are referred to by it).
    fn word(&self, key: &str) -> Result<String, String> {
        let v = self.value(key).trim();
        if v.is_empty() {
            return Err(format!("{}: a name is needed", self.label_of(key)));
        }
        if v.contains(|c: char| c.is_whitespace() || c == '=' || c == '|' || c == '#') {
            return Err(format!(
                "{}: `{v}` must be one word (no spaces, =, | or #)",
                self.label_of(key)
            ));
        }
        Ok(v.to_string())
    }

    /// The form's statement (not the header's).
    pub fn form(&self) -> Result<Form, String> {
        let v = |k: &str| self.value(k).trim().to_string();
        Ok(match self.kind {
            Kind::Header => return Err("the header is not a statement".into()),
            Kind::Area => Form::Area {
                name: self.word("name")?,
                x0: self.number("x0")?,
                y0: self.number("y0")?,
                x1: self.number("x1")?,
                y1: self.number("y1")?,
            },
            Kind::Objective => {
                let area = || self.word("area").map_err(|_| NO_AREA.to_string());
                let goal = match v("goal").as_str() {
                    "reach" => Goal::Reach { area: area()? },
                    "survive" => Goal::Survive {
                        seconds: self.number("seconds")?,
                    },
                    "hold" => Goal::Hold {
                        area: area()?,
                        seconds: self.number("seconds")?,
                    },
                    "nests" => Goal::Nests,
                    _ => Goal::Recover {
                        x: self.number("x")?,
                        y: self.number("y")?,
                        area: area()?,
                    },
                };
                Form::Objective {
                    name: self.word("name")?,
                    goal,
                    after: Some(v("after")).filter(|a| !a.is_empty()),
                    label: Some(v("label")).filter(|l| !l.is_empty()),
                }
            }
            Kind::Trigger => {
                let when = match v("when").as_str() {
                    "enter" => When::Enter {
                        area: self.word("area").map_err(|_| NO_AREA.to_string())?,
                    },
                    _ => When::Done {
                        objective: self
                            .word("objective")
                            .map_err(|_| "no objective yet: O writes one".to_string())?,
                    },
                };
                let action = match v("action").as_str() {
                    "wave" => Action::Wave {
                        spawn: self.count_from_zero("spawn")?,
                        kind: v("kind"),
                        count: self.count("count")?,
                    },
                    "director" => Action::Director { cue: v("cue") },
                    _ if v("text").is_empty() => return Err("say: the words are needed".into()),
                    _ => Action::Say {
                        text: v("text").replace('\n', " "),
                    },
                };
                Form::Trigger { when, action }
            }
            Kind::Wave => Form::Wave {
                at: self.number("at")?,
                spawn: self.count_from_zero("spawn")?,
                kind: v("kind"),
                count: self.count("count")?,
            },
            Kind::Waypoint => Form::Waypoint {
                x: self.number("x")?,
                y: self.number("y")?,
                hold: match v("hold").is_empty() {
                    true => None,
                    false => Some(self.number("hold")?),
                },
            },
            Kind::Nest => Form::Nest {
                x: self.number("x")?,
                y: self.number("y")?,
                kind: Some(v("kind")).filter(|k| !k.is_empty()),
            },
        })
    }

    fn count_from_zero(&self, key: &str) -> Result<usize, String> {
        let v = self.value(key).trim();
        v.parse::<usize>()
            .map_err(|_| format!("{key}: `{v}` is not an index (0, 1, ...)"))
    }

    /// What Enter applies: the header's keys in one step, or the statement added (or
    /// put in place of its line).
    pub fn commands(&self) -> Result<Vec<Command>, String> {
        if self.kind != Kind::Header {
            let f = self.form()?;
            return Ok(vec![match self.line {
                Some(n) => Command::Replace(n, f),
                None => Command::Add(f),
            }]);
        }
        let v = |k: &str| self.value(k).trim().to_string();
        if v("name").is_empty() {
            return Err("name: the mission needs a name".into());
        }
        if !v("duration").is_empty() && self.number("duration").is_ok_and(|d| d <= 0.0)
            || !v("duration").is_empty() && self.number("duration").is_err()
        {
            return Err(format!(
                "duration: `{}` is not a number of seconds",
                v("duration")
            ));
        }
        if !v("seed").is_empty() && v("seed").parse::<u64>().is_err() {
            return Err(format!("seed: `{}` is not a whole number", v("seed")));
        }
        let keys = [
            (HeaderKey::Name, "name"),
            (HeaderKey::Briefing, "briefing"),
            (HeaderKey::Duration, "duration"),
            (HeaderKey::Difficulty, "difficulty"),
            (HeaderKey::Seed, "seed"),
            (HeaderKey::Director, "director"),
        ];
        Ok(vec![Command::Headers(
            keys.iter().map(|(k, f)| (*k, v(f))).collect(),
        )])
    }
}

const NO_AREA: &str = "no area: A, then drag a rectangle on the map, makes one";

/// The spawn field's label: with no `E` on the map yet it says how to make one (a cold
/// playtest picked spawn 0 of none and met the error only after Enter).
fn spawn_label(ctx: &Context) -> &'static str {
    if ctx.spawns == 0 {
        "spawn E (none yet: paint E, key 5)"
    } else {
        "spawn E"
    }
}

fn spawns(ctx: &Context) -> Vec<String> {
    (0..ctx.spawns.max(1)).map(|i| i.to_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::editor::state::Editor;

    fn ctx() -> Context {
        Context {
            areas: vec!["yard".into(), "gate".into()],
            objectives: vec!["in".into()],
            spawns: 2,
        }
    }

    fn typing(m: &mut Modal, s: &str) {
        for c in s.chars() {
            m.key(ModalKey::Char(c));
        }
    }

    #[test]
    fn the_spawn_field_says_how_to_make_a_spawn_when_the_map_has_none() {
        let none = Context { spawns: 0, ..ctx() };
        let label = |m: &Modal| m.fields.iter().find(|f| f.key == "spawn").unwrap().label;
        assert!(label(&Modal::wave(&none)).contains("paint E"));
        assert_eq!(label(&Modal::wave(&ctx())), "spawn E");
    }

    /// A hold objective typed through its form: Tab moves over the shown fields only,
    /// Left/Right choose, Enter gives the statement the loader reads.
    #[test]
    fn a_hold_objective_through_its_fields() {
        let mut m = Modal::objective(&ctx());
        assert_eq!((m.value("name"), m.value("goal")), ("obj1", "hold"));
        assert!(m.shown("area") && m.shown("seconds") && !m.shown("x"));
        // The goal: survive hides the area.
        m.key(ModalKey::Next);
        m.key(ModalKey::Left);
        assert_eq!(m.value("goal"), "survive");
        assert!(!m.shown("area"));
        m.key(ModalKey::Right);
        m.key(ModalKey::Next);
        m.key(ModalKey::Right);
        assert_eq!(m.value("area"), "gate");
        m.key(ModalKey::Next);
        assert_eq!(m.fields[m.focus].key, "seconds");
        for _ in 0..2 {
            m.key(ModalKey::Erase);
        }
        typing(&mut m, "4x");
        assert_eq!(m.key(ModalKey::Accept), Outcome::Stay);
        assert!(m.error.as_deref().unwrap().contains("`4x` is not a number"));
        m.key(ModalKey::Erase);
        typing(&mut m, "5");
        // after=, then the label: the focus skips the item's x and y.
        m.key(ModalKey::Next);
        assert_eq!(m.fields[m.focus].key, "after");
        m.key(ModalKey::Right);
        m.key(ModalKey::Next);
        typing(&mut m, "Hold the gate");
        let Outcome::Done(c) = m.key(ModalKey::Accept) else {
            panic!("{:?}", m.error)
        };
        let Command::Add(f) = &c[0] else {
            panic!("{c:?}")
        };
        assert_eq!(
            f.line(),
            "objective obj1 hold gate 45 after=in | Hold the gate"
        );
    }

    /// Every form's line opens in its form and gives back the same line.
    #[test]
    fn a_line_opens_in_its_form_and_comes_back_the_same() {
        for line in [
            "area yard 20 6 28 14",
            "objective hold hold yard 20 | Hold the yard",
            "objective s survive 90 after=in",
            "objective n nests",
            "objective r recover 3.5 4.5 yard | Bring it",
            "trigger enter yard say Here they come.",
            "trigger done in wave 1 runner 4",
            "trigger enter gate director peak",
            "wave 15 1 runner 4",
            "waypoint 3.5 2.5 hold=10",
            "waypoint 3.5 2.5",
            "nest 10 12 spitter",
            "nest 10 12",
        ] {
            let m = Modal::from_line(9, line, &ctx()).unwrap_or_else(|| panic!("{line}"));
            let Ok(c) = m.commands() else {
                panic!("{line}: {:?}", m.commands())
            };
            let Command::Replace(9, f) = &c[0] else {
                panic!("{c:?}")
            };
            assert_eq!(f.line(), line);
        }
        for other in [
            "place 0 3 4",
            "wave 5 0 shambler 3 every=10",
            "objective d do move",
        ] {
            assert!(Modal::from_line(1, other, &ctx()).is_none(), "{other}");
        }
    }

    /// The header's form: filled from the file, one step of history for all its keys,
    /// a bad number refused with the field's name.
    #[test]
    fn the_header_form_is_one_step() {
        let mut e = Editor::new("gate", 5);
        let mut m = Modal::header(&e.scenario);
        assert_eq!(m.value("name"), "gate");
        assert_eq!(m.value("duration"), "180");
        m.focus = 2;
        for _ in 0..3 {
            m.key(ModalKey::Erase);
        }
        typing(&mut m, "soon");
        assert_eq!(m.key(ModalKey::Accept), Outcome::Stay);
        assert!(m.error.as_deref().unwrap().starts_with("duration"));
        for _ in 0..4 {
            m.key(ModalKey::Erase);
        }
        typing(&mut m, "120");
        m.focus = 5;
        m.key(ModalKey::Right);
        m.key(ModalKey::Right);
        assert_eq!(m.value("director"), "easy");
        let Outcome::Done(c) = m.key(ModalKey::Accept) else {
            panic!()
        };
        for c in c {
            e.apply(c);
        }
        assert!(e.scenario.contains("duration = 120\n"), "{}", e.scenario);
        assert!(e.scenario.contains("director = easy"), "{}", e.scenario);
        e.apply(Command::Undo);
        assert!(e.scenario.contains("duration = 180\n") && !e.scenario.contains("director"));
        assert!(!e.can_undo(), "one step for the whole form");
    }

    #[test]
    fn a_trigger_shows_the_fields_of_its_choices() {
        let mut m = Modal::trigger(&ctx());
        assert!(m.shown("area") && !m.shown("objective"));
        assert!(m.shown("count") && !m.shown("text"));
        m.key(ModalKey::Right);
        assert_eq!(m.value("when"), "done");
        assert!(m.shown("objective") && !m.shown("area"));
        // To the action, then say: the words are needed.
        while m.fields[m.focus].key != "action" {
            m.key(ModalKey::Next);
        }
        m.key(ModalKey::Left);
        assert_eq!(m.value("action"), "say");
        assert_eq!(m.key(ModalKey::Accept), Outcome::Stay);
        m.key(ModalKey::Next);
        assert_eq!(m.fields[m.focus].key, "text");
        typing(&mut m, "Hold on.");
        let Outcome::Done(c) = m.key(ModalKey::Accept) else {
            panic!()
        };
        let Command::Add(f) = &c[0] else { panic!() };
        assert_eq!(f.line(), "trigger done in say Hold on.");
        // No area at all: a trigger on entering one says how to make one.
        let mut m = Modal::trigger(&Context::default());
        m.set("when", "enter");
        assert_eq!(m.key(ModalKey::Accept), Outcome::Stay);
        assert_eq!(m.error.as_deref(), Some(NO_AREA));
    }
}
