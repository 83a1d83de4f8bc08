//! Scenario files (S2.2): seed, duration, a scripted anchor route, enemy waves, test hooks.
//!
//! One statement per line; `#` starts a comment. Header lines are `key = value`:
//! `name`, `map` (`default` or a path, resolved by the caller), `seed`, `duration`
//! (seconds), `formation` (`wedge|line|ring`), `heading` (degrees, initial facing of the
//! squad, 0 = +x, 90 = +y), `start` (`X Y`, the anchor's start instead of the map's `S`),
//! `loop` (`yes`: after the last waypoint the route starts again at the first), `tools`
//! (`off`: the naive player, `--no-tools` — no tool is used and nothing picked up),
//! `ammo` (rounds in the mission's pool beyond the loaded magazines; none: no end to
//! it), `kit` (`F M G`: the flares, medkits and grenades issued; none: 2 1 2),
//! `squad_health` (each agent's health at the start, in squad order), `squad_max` (each
//! agent's health when whole: a campaign's recruit has less).
//! Statements:
//!
//! ```text
//! waypoint X Y [hold=SECONDS] [sprint]   # the anchor walks there; hold = no input after
//! wave T SPAWN KIND COUNT [every=S]      # at T s, COUNT enemies of KIND at spawn index;
//!                                        # with every=S again every S s (S ≥ 1) to the end
//! dummy X Y                              # an extra static target
//! place AGENT X Y                        # test hook: agent AGENT starts at X Y
//! force AGENT FROM TO X1 Y1 X2 Y2 ...    # test hook: between FROM and TO s the agent
//!                                        # walks the polyline back and forth, no AI
//! assign T X Y                           # manual aim: at T s assign the target nearest X Y
//! aim T DEGREES                          # manual aim: at T s aim vector at DEGREES
//! clear_manual T                         # back to automatic targeting
//! tool T flare|grenade X Y               # the route throws a tool at X Y at T s
//! tool T medkit                          # the route uses a medkit at T s (K4)
//! formation T wedge|line|ring            # the route picks a formation at T s
//! ```
//!
//! Missions (C1, `script::mission`; a label after `|` is what the HUD shows):
//!
//! ```text
//! area NAME X1 Y1 X2 Y2                  # a named rectangle, world units
//! objective NAME reach AREA [after=OBJ] [| LABEL]
//! objective NAME survive SECONDS [after=OBJ] [| LABEL]
//! objective NAME hold AREA SECONDS [after=OBJ] [| LABEL]
//! objective NAME nests [after=OBJ] [| LABEL]        # every nest destroyed
//! objective NAME recover X Y AREA [after=OBJ] [| LABEL]  # the item at X Y into AREA
//! objective NAME do ACT [after=OBJ] [| LABEL]   # the player does ACT (K8): move,
//!                                        # sprint, formation, manual, target, flare,
//!                                        # medkit, grenade, reload, pickup
//! nest X Y [KIND]                        # a nest breeding KIND (shambler)
//! trigger enter AREA ACTION              # once, when a standing agent enters AREA
//! trigger done OBJ ACTION                # once, when objective OBJ is done
//! # ACTION: wave SPAWN KIND COUNT | director PHASE|LEVEL|off | say TEXT
//! ```
//!
//! Areas and objectives are named before they are referred to.

use crate::core::error::LoadError;
use crate::core::geom::Vec2;
use crate::core::kit::Tool;
use crate::core::pacing::{Difficulty, Phase};
use crate::script::deeds::Act;
use crate::script::mission::{
    Action, Area, Cue, Goal, MissionSpec, ObjectiveSpec, TriggerSpec, When,
};
use crate::squad::anchor::Formation;
use crate::squad::supply::Kit;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq)]
pub struct Waypoint {
    pub pos: Vec2,
    /// Seconds of no movement input after arriving (the squad holds).
    pub hold: f32,
    pub sprint: bool,
}

pub use crate::horde::enemy::EnemyKind;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Wave {
    pub time: f32,
    pub spawn: usize,
    pub kind: EnemyKind,
    pub count: u32,
    /// Seconds between repeats until the scenario's end; 0 = once.
    pub every: f32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ForcedPath {
    pub agent: usize,
    pub from: f32,
    pub to: f32,
    pub points: Vec<Vec2>,
}

/// A use of a tool the route makes (`tool T KIND [X Y]`, REQ K7).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ToolEvent {
    pub time: f32,
    pub tool: Tool,
    pub at: Vec2,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ManualEvent {
    /// Assign the live enemy nearest to this point.
    AssignNearest(Vec2),
    /// Aim vector at this angle (radians).
    Aim(f32),
    Clear,
}

/// Where a statement stands in its file (1-based line and column), kept from the parse
/// so map-dependent errors point at it without reading the text again.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Span {
    pub line: usize,
    pub col: usize,
}

/// The spans of the scenario's statements, item for item.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Spans {
    pub start: Option<Span>,
    pub route: Vec<Span>,
    pub waves: Vec<Span>,
    pub dummies: Vec<Span>,
    pub places: Vec<Span>,
    pub forced: Vec<Span>,
    pub tools: Vec<Span>,
    pub areas: Vec<Span>,
    pub objectives: Vec<Span>,
    pub nests: Vec<Span>,
    pub triggers: Vec<Span>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    /// The file it was parsed from (error messages).
    pub file: String,
    pub name: String,
    /// `default` for the embedded map, otherwise a path the caller resolves.
    pub map: String,
    pub seed: u64,
    pub duration: f32,
    pub formation: Formation,
    /// Initial facing of the squad, radians.
    pub heading: f32,
    /// Anchor start point; `None` = the map's `S`.
    pub start: Option<Vec2>,
    pub route: Vec<Waypoint>,
    /// After the last waypoint the route starts again at the first.
    pub loop_route: bool,
    pub waves: Vec<Wave>,
    pub dummies: Vec<Vec2>,
    pub places: Vec<(usize, Vec2)>,
    pub forced: Vec<ForcedPath>,
    pub manual: Vec<(f32, ManualEvent)>,
    /// The route's uses of the player's tools (REQ K7): at `time` s, `tool` aimed at
    /// `at` (a medkit's `at` is unused), in the file's order.
    pub tools: Vec<ToolEvent>,
    /// The route's formation changes (`formation T KIND`), in time order.
    pub formations: Vec<(f32, Formation)>,
    /// `tools = off`: the naive player (REQ K7, `--no-tools`): no tool is used, by the
    /// route or anyone, and no pickup is taken.
    pub tools_off: bool,
    /// `ammo = N` (REQ K1): the mission's ammunition pool beyond the loaded magazines;
    /// `None` (no line): the gunners reload but never run out.
    pub ammo: Option<u32>,
    /// `kit = F M G` (REQ K3–K6): the flares, medkits and grenades the mission issues;
    /// `None`: the default issue ([`Kit::ISSUED`]).
    pub kit: Option<Kit>,
    /// `squad_health = H H H H H` (REQ K6, K8): each agent's health at the start, in
    /// squad order (a wounded squad carried from the last mission, a training patient);
    /// agents past the list start whole.
    pub squad_health: Vec<f32>,
    /// `squad_max = M M M M M` (REQ K6): each agent's health when whole, in squad order
    /// (a campaign's recruit is weaker); agents past the list have the tuning's.
    pub squad_max: Vec<f32>,
    /// `director = off|easy|normal|hard` (T3): `None` is off.
    pub director: Option<Difficulty>,
    /// `difficulty = easy|normal|hard` (T4); the title or `--difficulty` may set it.
    /// Unset, a scenario with a director plays at the director's level, else normal.
    pub difficulty: Option<Difficulty>,
    /// `briefing = ...` (C2): the paragraph the player reads before a mission; several
    /// `briefing` lines are one paragraph, joined by spaces.
    pub briefing: String,
    /// `director_kinds = shambler runner …` (C2): the kinds the director may send;
    /// `None`: every kind its level weighs.
    pub director_kinds: Option<Vec<EnemyKind>>,
    /// Areas, objectives, nests and triggers (C1); empty: no mission.
    pub mission: MissionSpec,
    pub spans: Spans,
}

impl Default for Scenario {
    fn default() -> Self {
        Scenario {
            file: String::new(),
            name: "free play".into(),
            map: "default".into(),
            seed: 1,
            duration: 180.0,
            formation: Formation::Wedge,
            heading: 0.0,
            start: None,
            route: Vec::new(),
            loop_route: false,
            waves: Vec::new(),
            dummies: Vec::new(),
            places: Vec::new(),
            forced: Vec::new(),
            manual: Vec::new(),
            tools: Vec::new(),
            formations: Vec::new(),
            tools_off: false,
            ammo: None,
            kit: None,
            squad_health: Vec::new(),
            squad_max: Vec::new(),
            director: None,
            difficulty: None,
            briefing: String::new(),
            director_kinds: None,
            mission: MissionSpec::default(),
            spans: Spans::default(),
        }
    }
}

struct Cursor<'a> {
    file: &'a str,
    line: usize,
    text: &'a str,
}

impl Cursor<'_> {
    fn err(&self, word: &str, msg: impl Into<String>) -> LoadError {
        // Column of `word` inside the line (1-based); word slices come from `text`.
        let col = if word.is_empty() {
            self.text.len() + 1
        } else {
            (word.as_ptr() as usize).saturating_sub(self.text.as_ptr() as usize) + 1
        };
        LoadError::new(self.file, self.line, col, msg)
    }

    fn number(&self, word: Option<&str>, what: &str) -> Result<f32, LoadError> {
        let w = word.ok_or_else(|| self.err("", format!("expected {what}, found end of line")))?;
        match w.parse::<f32>() {
            Ok(v) if v.is_finite() => Ok(v),
            _ => Err(self.err(w, format!("bad number `{w}`: expected {what}"))),
        }
    }

    fn index(&self, word: Option<&str>, what: &str) -> Result<usize, LoadError> {
        let w = word.ok_or_else(|| self.err("", format!("expected {what}, found end of line")))?;
        w.parse::<usize>().map_err(|_| {
            self.err(
                w,
                format!("bad number `{w}`: expected {what} (a whole number ≥ 0)"),
            )
        })
    }
}

/// What the HUD says of an objective the scenario gave no label.
fn default_label(goal: &Goal, m: &MissionSpec) -> String {
    let area = |a: usize| m.areas[a].name.replace('_', " ");
    match *goal {
        Goal::Reach { area: a } => format!("Reach {}", area(a)),
        Goal::Survive { seconds } => format!("Survive {} s", seconds.round()),
        Goal::Hold { area: a, seconds } => format!("Hold {} for {} s", area(a), seconds.round()),
        Goal::Nests => "Burn the nests: lead the squad up to each".into(),
        Goal::Recover { area: a, .. } => format!("Bring the item to {}", area(a)),
        Goal::Do { act } => act.label().into(),
    }
}

impl Scenario {
    /// The difficulty the run plays at (T4): the one set, else the director's level,
    /// else normal.
    pub fn effective_difficulty(&self) -> Difficulty {
        self.difficulty.or(self.director).unwrap_or_default()
    }

    /// Plays at `d` (the title's and `--difficulty`'s choice): the difficulty, and the
    /// director's level moved by as many steps as `d` is from the difficulty the scenario
    /// was made for (clamped to easy..hard). A scenario that names no difficulty was made
    /// for its director's level, so its director plays at `d`; a campaign mission made
    /// for normal with an easy director (the first missions' gentle pressure) keeps it
    /// easy on normal and plays it at normal on hard.
    pub fn set_difficulty(&mut self, d: Difficulty) {
        let made_for = self.effective_difficulty();
        self.difficulty = Some(d);
        if let Some(level) = self.director {
            self.director = Some(level.shifted(d.step() - made_for.step()));
        }
    }

    /// Parses scenario text. Map-dependent checks (waypoints inside walls, spawn indices)
    /// are done by [`Scenario::check_against`] once the map is known.
    pub fn parse(file: &str, text: &str) -> Result<Scenario, LoadError> {
        let mut sc = Scenario {
            file: file.to_string(),
            ..Scenario::default()
        };
        for (i, raw) in text.lines().enumerate() {
            let line_text = raw.split('#').next().unwrap_or("");
            let c = Cursor {
                file,
                line: i + 1,
                text: raw,
            };
            let here = Span {
                line: i + 1,
                col: raw.len() - raw.trim_start().len() + 1,
            };
            let before = (
                sc.route.len(),
                sc.waves.len(),
                sc.dummies.len(),
                sc.places.len(),
                sc.forced.len(),
            );
            if line_text.trim().is_empty() {
                continue;
            }
            if let Some((k, v)) = line_text.split_once('=') {
                if !k.trim().contains(char::is_whitespace) && !k.trim().is_empty() {
                    let key = k.trim();
                    let value = v.trim();
                    let vword = &raw[raw.find('=').map_or(0, |p| p + 1)..].trim_start();
                    let vword = &vword[..value.len().min(vword.len())];
                    match key {
                        "name" => sc.name = value.to_string(),
                        "director_kinds" => {
                            let mut kinds = Vec::new();
                            for w in vword.split(|c: char| c == ',' || c.is_whitespace()).filter(|w| !w.is_empty()) {
                                let k = EnemyKind::parse(w)
                                    .filter(|k| crate::script::director::DIRECTOR_KINDS.contains(k))
                                    .ok_or_else(|| c.err(w, format!("unknown director kind `{w}`: expected shambler, runner, brute, spitter or stalker")))?;
                                kinds.push(k);
                            }
                            if kinds.is_empty() {
                                return Err(c.err(vword, "expected at least one kind: shambler, runner, brute, spitter or stalker"));
                            }
                            sc.director_kinds = Some(kinds);
                        }
                        "briefing" => {
                            if !sc.briefing.is_empty() {
                                sc.briefing.push(' ');
                            }
                            sc.briefing.push_str(value);
                        }
                        "map" => sc.map = value.to_string(),
                        "seed" => {
                            sc.seed = value.parse::<u64>().map_err(|_| {
                                c.err(
                                    vword,
                                    format!(
                                        "bad number `{value}`: expected a seed (whole number ≥ 0)"
                                    ),
                                )
                            })?
                        }
                        "duration" => {
                            let d = c.number(Some(vword), "a duration in seconds")?;
                            if !(d > 0.0 && d <= 3600.0) {
                                return Err(
                                    c.err(vword, "expected a duration in (0, 3600] seconds")
                                );
                            }
                            sc.duration = d;
                        }
                        "formation" => {
                            sc.formation = Formation::parse(value).ok_or_else(|| {
                                c.err(
                                    vword,
                                    format!(
                                        "unknown formation `{value}`: expected wedge, line or ring"
                                    ),
                                )
                            })?
                        }
                        "loop" => {
                            sc.loop_route = match value {
                                "yes" | "true" => true,
                                "no" | "false" => false,
                                _ => {
                                    return Err(c.err(
                                        vword,
                                        format!("bad value `{value}`: expected yes or no"),
                                    ))
                                }
                            }
                        }
                        "tools" => {
                            sc.tools_off = match value {
                                "on" => false,
                                "off" => true,
                                _ => {
                                    return Err(c.err(
                                        vword,
                                        format!("bad value `{value}`: expected on or off"),
                                    ))
                                }
                            }
                        }
                        "ammo" => {
                            sc.ammo = Some(value.parse::<u32>().map_err(|_| {
                                c.err(vword, format!("bad number `{value}`: expected the ammunition pool in rounds (whole number ≥ 0)"))
                            })?)
                        }
                        "kit" => {
                            let n: Vec<&str> = vword.split_whitespace().collect();
                            let counts: Option<Vec<u32>> = n.iter().map(|w| w.parse().ok()).collect();
                            match counts.as_deref() {
                                Some(&[flares, medkits, grenades]) => sc.kit = Some(Kit { flares, medkits, grenades }),
                                _ => return Err(c.err(vword, format!("bad kit `{value}`: expected three whole numbers: flares medkits grenades"))),
                            }
                        }
                        "squad_health" | "squad_max" => {
                            let mut hs = Vec::new();
                            for w in vword.split_whitespace() {
                                let h = w.parse::<f32>().ok().filter(|h| *h > 0.0 && *h <= 1e6);
                                let h = h.ok_or_else(|| c.err(w, format!("bad health `{w}`: expected a number above 0 for each agent")))?;
                                hs.push(h);
                            }
                            if hs.is_empty() {
                                return Err(c.err(vword, "expected a health for each agent"));
                            }
                            if key == "squad_max" {
                                sc.squad_max = hs;
                            } else {
                                sc.squad_health = hs;
                            }
                        }
                        "director" => {
                            sc.director = match value {
                                "off" => None,
                                v => Some(Difficulty::parse(v).ok_or_else(|| {
                                    c.err(
                                        vword,
                                        format!(
                                            "unknown director `{value}`: expected off, easy, normal or hard"
                                        ),
                                    )
                                })?),
                            }
                        }
                        "difficulty" => {
                            sc.difficulty = Some(Difficulty::parse(value).ok_or_else(|| {
                                c.err(
                                    vword,
                                    format!(
                                        "unknown difficulty `{value}`: expected easy, normal or hard"
                                    ),
                                )
                            })?)
                        }
                        "heading" => {
                            sc.heading = c.number(Some(vword), "a heading in degrees")?.to_radians()
                        }
                        "start" => {
                            sc.spans.start = Some(here);
                            let mut it = vword.split_whitespace();
                            let x = c.number(it.next(), "start X")?;
                            let y = c.number(it.next(), "start Y")?;
                            if let Some(extra) = it.next() {
                                return Err(c.err(
                                    extra,
                                    format!("unexpected `{extra}`: expected end of line"),
                                ));
                            }
                            sc.start = Some(Vec2::new(x, y));
                        }
                        _ => {
                            let kw = &raw[raw.find(key).unwrap_or(0)..];
                            return Err(c.err(
                                &kw[..key.len()],
                                format!("unknown key `{key}`: expected name, briefing, map, seed, duration, formation, heading, start, loop, tools, ammo, kit, squad_health, squad_max, director, director_kinds or difficulty"),
                            ));
                        }
                    }
                    continue;
                }
            }
            let mut words = line_text.split_whitespace();
            let Some(cmd) = words.next() else { continue };
            match cmd {
                "waypoint" => {
                    let x = c.number(words.next(), "waypoint X")?;
                    let y = c.number(words.next(), "waypoint Y")?;
                    let mut wp = Waypoint { pos: Vec2::new(x, y), hold: 0.0, sprint: false };
                    for w in words {
                        if w == "sprint" {
                            wp.sprint = true;
                        } else if let Some(h) = w.strip_prefix("hold=") {
                            let hv = c.number(Some(h), "hold seconds")?;
                            if hv < 0.0 {
                                return Err(c.err(h, "expected hold seconds ≥ 0"));
                            }
                            wp.hold = hv;
                        } else {
                            return Err(c.err(w, format!("unexpected `{w}`: expected hold=SECONDS or sprint")));
                        }
                    }
                    sc.route.push(wp);
                    sc.spans.route.push(here);
                    continue;
                }
                "wave" => {
                    let time = c.number(words.next(), "wave time in seconds")?;
                    let spawn = c.index(words.next(), "a spawn index")?;
                    let kw = words.next().ok_or_else(|| c.err("", "expected an enemy kind, found end of line"))?;
                    // A nest is stated with `nest` (a wave of them would never breed).
                    let kind = EnemyKind::parse(kw)
                        .filter(|k| *k != EnemyKind::Nest)
                        .ok_or_else(|| c.err(kw, format!("unknown enemy kind `{kw}`: expected shambler, runner, brute, spitter, stalker, walker or dummy")))?;
                    let count = c.index(words.next(), "an enemy count")?;
                    if count > 500 {
                        return Err(c.err(line_text.trim_end(), "expected a count ≤ 500"));
                    }
                    let mut every = 0.0;
                    if let Some(w) = words.next() {
                        let v = w.strip_prefix("every=").ok_or_else(|| {
                            c.err(w, format!("unexpected `{w}`: expected end of line (or every=SECONDS)"))
                        })?;
                        every = c.number(Some(v), "seconds between repeats")?;
                        if !(every >= 1.0 && every.is_finite()) {
                            return Err(c.err(v, "expected a repeat of at least 1 second"));
                        }
                    }
                    sc.waves.push(Wave { time, spawn, kind, count: count as u32, every });
                }
                "dummy" => {
                    let x = c.number(words.next(), "dummy X")?;
                    let y = c.number(words.next(), "dummy Y")?;
                    sc.dummies.push(Vec2::new(x, y));
                }
                "place" => {
                    let a = c.index(words.next(), "an agent index")?;
                    let x = c.number(words.next(), "X")?;
                    let y = c.number(words.next(), "Y")?;
                    sc.places.push((a, Vec2::new(x, y)));
                }
                "force" => {
                    let agent = c.index(words.next(), "an agent index")?;
                    let from = c.number(words.next(), "start time")?;
                    let to = c.number(words.next(), "end time")?;
                    let mut points = Vec::new();
                    while let Some(w) = words.next() {
                        let x = c.number(Some(w), "X")?;
                        let y = c.number(words.next(), "Y of the last point")?;
                        points.push(Vec2::new(x, y));
                    }
                    if points.len() < 2 {
                        return Err(c.err("", "expected at least two points X Y X Y"));
                    }
                    if to <= from || to.is_nan() {
                        return Err(c.err("", "expected the end time after the start time"));
                    }
                    sc.forced.push(ForcedPath { agent, from, to, points });
                    sc.spans.forced.push(here);
                    continue;
                }
                "area" => {
                    let name = words.next().ok_or_else(|| c.err("", "expected an area name, found end of line"))?;
                    if sc.mission.area(name).is_some() {
                        return Err(c.err(name, format!("area `{name}` is named twice")));
                    }
                    let x1 = c.number(words.next(), "area X1")?;
                    let y1 = c.number(words.next(), "area Y1")?;
                    let x2 = c.number(words.next(), "area X2")?;
                    let y2 = c.number(words.next(), "area Y2")?;
                    sc.mission.areas.push(Area {
                        name: name.to_string(),
                        min: Vec2::new(x1.min(x2), y1.min(y2)),
                        max: Vec2::new(x1.max(x2), y1.max(y2)),
                    });
                    sc.spans.areas.push(here);
                }
                "objective" => {
                    let (left, label) = match line_text.split_once('|') {
                        Some((l, r)) => (l, Some(r.trim())),
                        None => (line_text, None),
                    };
                    let mut ws = left.split_whitespace().skip(1);
                    let name = ws.next().ok_or_else(|| c.err("", "expected an objective name, found end of line"))?;
                    if sc.mission.objective(name).is_some() {
                        return Err(c.err(name, format!("objective `{name}` is named twice")));
                    }
                    let area_of = |w: Option<&str>, sc: &Scenario| -> Result<usize, LoadError> {
                        let w = w.ok_or_else(|| c.err("", "expected an area name, found end of line"))?;
                        sc.mission.area(w).ok_or_else(|| c.err(w, format!("unknown area `{w}`: name it with `area` above")))
                    };
                    let kw = ws.next().ok_or_else(|| c.err("", "expected reach, survive, hold, nests, recover or do, found end of line"))?;
                    let goal = match kw {
                        "reach" => Goal::Reach { area: area_of(ws.next(), &sc)? },
                        "survive" => {
                            let w = ws.next();
                            let seconds = c.number(w, "seconds to survive")?;
                            if seconds <= 0.0 {
                                return Err(c.err(w.unwrap_or(kw), "expected seconds > 0"));
                            }
                            Goal::Survive { seconds }
                        }
                        "hold" => {
                            let area = area_of(ws.next(), &sc)?;
                            let w = ws.next();
                            let seconds = c.number(w, "seconds to hold")?;
                            if seconds <= 0.0 {
                                return Err(c.err(w.unwrap_or(kw), "expected seconds > 0"));
                            }
                            Goal::Hold { area, seconds }
                        }
                        "nests" => Goal::Nests,
                        "recover" => {
                            let x = c.number(ws.next(), "the item's X")?;
                            let y = c.number(ws.next(), "the item's Y")?;
                            let area = area_of(ws.next(), &sc)?;
                            sc.mission.items.push(Vec2::new(x, y));
                            Goal::Recover { item: sc.mission.items.len() - 1, area }
                        }
                        "do" => {
                            let w = ws.next().ok_or_else(|| c.err("", "expected an act (move, sprint, formation, manual, target, flare, medkit, grenade, reload, pickup), found end of line"))?;
                            let act = Act::parse(w).ok_or_else(|| c.err(w, format!("unknown act `{w}`: expected move, sprint, formation, manual, target, flare, medkit, grenade, reload or pickup")))?;
                            Goal::Do { act }
                        }
                        other => return Err(c.err(other, format!("unknown objective `{other}`: expected reach, survive, hold, nests, recover or do"))),
                    };
                    let mut after = None;
                    for w in ws {
                        let Some(o) = w.strip_prefix("after=") else {
                            return Err(c.err(w, format!("unexpected `{w}`: expected after=OBJECTIVE or `| label`")));
                        };
                        after = Some(sc.mission.objective(o).ok_or_else(|| {
                            c.err(o, format!("unknown objective `{o}`: name it with `objective` above"))
                        })?);
                    }
                    let label = match label {
                        Some(l) if !l.is_empty() => l.to_string(),
                        _ => default_label(&goal, &sc.mission),
                    };
                    sc.mission.objectives.push(ObjectiveSpec { name: name.to_string(), goal, after, label });
                    sc.spans.objectives.push(here);
                    continue;
                }
                "nest" => {
                    let x = c.number(words.next(), "nest X")?;
                    let y = c.number(words.next(), "nest Y")?;
                    let kind = match words.next() {
                        None => EnemyKind::Shambler,
                        Some(w) => match EnemyKind::parse(w) {
                            Some(k) if !matches!(k, EnemyKind::Nest | EnemyKind::Dummy) => k,
                            _ => return Err(c.err(w, format!("unknown brood `{w}`: expected shambler, runner, brute, spitter or stalker"))),
                        },
                    };
                    sc.mission.nests.push((Vec2::new(x, y), kind));
                    sc.spans.nests.push(here);
                }
                "trigger" => {
                    let when_kw = words.next().ok_or_else(|| c.err("", "expected enter or done, found end of line"))?;
                    let what = words.next().ok_or_else(|| c.err("", "expected an area or objective name, found end of line"))?;
                    let when = match when_kw {
                        "enter" => When::Enter(sc.mission.area(what).ok_or_else(|| c.err(what, format!("unknown area `{what}`: name it with `area` above")))?),
                        "done" => When::Done(sc.mission.objective(what).ok_or_else(|| c.err(what, format!("unknown objective `{what}`: name it with `objective` above")))?),
                        other => return Err(c.err(other, format!("unknown trigger `{other}`: expected enter or done"))),
                    };
                    let act = words.next().ok_or_else(|| c.err("", "expected wave, director or say, found end of line"))?;
                    let action = match act {
                        "wave" => {
                            let spawn = c.index(words.next(), "a spawn index")?;
                            let kw = words.next().ok_or_else(|| c.err("", "expected an enemy kind, found end of line"))?;
                            let kind = EnemyKind::parse(kw)
                                .filter(|k| !matches!(k, EnemyKind::Nest | EnemyKind::Dummy))
                                .ok_or_else(|| c.err(kw, format!("unknown enemy kind `{kw}`: expected shambler, runner, brute, spitter or stalker")))?;
                            let cw = words.next();
                            let count = c.index(cw, "an enemy count")?;
                            if count > 500 {
                                return Err(c.err(cw.unwrap_or(kw), "expected a count ≤ 500"));
                            }
                            Action::Wave { spawn, kind, count: count as u32 }
                        }
                        "director" => {
                            let w = words.next().ok_or_else(|| c.err("", "expected a phase, a level or off, found end of line"))?;
                            let cue = match w {
                                "off" => Cue::Level(None),
                                "build-up" | "buildup" => Cue::Phase(Phase::BuildUp),
                                "peak" => Cue::Phase(Phase::Peak),
                                "fade" => Cue::Phase(Phase::Fade),
                                "relax" => Cue::Phase(Phase::Relax),
                                v => Cue::Level(Some(Difficulty::parse(v).ok_or_else(|| c.err(v, format!("unknown director cue `{v}`: expected build-up, peak, fade, relax, easy, normal, hard or off")))?)),
                            };
                            Action::Director(cue)
                        }
                        "say" => {
                            let at = act.as_ptr() as usize - line_text.as_ptr() as usize + act.len();
                            let text = line_text[at..].trim();
                            if text.is_empty() {
                                return Err(c.err("", "expected the text to say, found end of line"));
                            }
                            sc.mission.lines.push(text.to_string());
                            for _ in words.by_ref() {}
                            Action::Say(sc.mission.lines.len() - 1)
                        }
                        other => return Err(c.err(other, format!("unknown action `{other}`: expected wave, director or say"))),
                    };
                    sc.mission.triggers.push(TriggerSpec { when, action });
                    sc.spans.triggers.push(here);
                }
                "assign" => {
                    let t = c.number(words.next(), "time")?;
                    let x = c.number(words.next(), "X")?;
                    let y = c.number(words.next(), "Y")?;
                    sc.manual.push((t, ManualEvent::AssignNearest(Vec2::new(x, y))));
                }
                "aim" => {
                    let t = c.number(words.next(), "time")?;
                    let d = c.number(words.next(), "degrees")?;
                    sc.manual.push((t, ManualEvent::Aim(d.to_radians())));
                }
                "clear_manual" => {
                    let t = c.number(words.next(), "time")?;
                    sc.manual.push((t, ManualEvent::Clear));
                }
                "formation" => {
                    let tw = words.next();
                    let time = c.number(tw, "time")?;
                    let kw = words.next().ok_or_else(|| c.err("", "expected wedge, line or ring, found end of line"))?;
                    let f = Formation::parse(kw).ok_or_else(|| c.err(kw, format!("unknown formation `{kw}`: expected wedge, line or ring")))?;
                    if time < 0.0 || sc.formations.last().is_some_and(|(t, _)| *t > time) {
                        return Err(c.err(tw.unwrap_or(""), format!("time {time}: expected seconds >= 0, the formation statements in time order")));
                    }
                    sc.formations.push((time, f));
                }
                "tool" => {
                    let tw = words.next();
                    let time = c.number(tw, "time")?;
                    if time < 0.0 {
                        return Err(c.err(tw.unwrap_or(""), format!("time {time} is before the start: expected seconds >= 0")));
                    }
                    let kw = words.next().ok_or_else(|| c.err("", "expected a tool (flare, grenade or medkit), found end of line"))?;
                    let tool = Tool::parse(kw).ok_or_else(|| c.err(kw, format!("unknown tool `{kw}`: expected flare, grenade or medkit")))?;
                    let at = if tool == Tool::Medkit {
                        Vec2::ZERO
                    } else {
                        let x = c.number(words.next(), "X")?;
                        let y = c.number(words.next(), "Y")?;
                        Vec2::new(x, y)
                    };
                    if sc.tools.last().is_some_and(|u| u.time > time) {
                        return Err(c.err(tw.unwrap_or(""), format!("tool at {time} s comes before the one above it: expected the tool statements in time order")));
                    }
                    sc.tools.push(ToolEvent { time, tool, at });
                    sc.spans.tools.push(here);
                }
                other => {
                    return Err(c.err(
                        other,
                        format!("unknown statement `{other}`: expected a `key = value` header or waypoint, wave, dummy, place, force, assign, aim, clear_manual, tool, formation, area, objective, nest, trigger"),
                    ))
                }
            }
            if let Some(extra) = words.next() {
                return Err(c.err(extra, format!("unexpected `{extra}`: expected end of line")));
            }
            let sp = &mut sc.spans;
            sp.route.resize(sc.route.len().max(before.0), here);
            sp.waves.resize(sc.waves.len().max(before.1), here);
            sp.dummies.resize(sc.dummies.len().max(before.2), here);
            sp.places.resize(sc.places.len().max(before.3), here);
            sp.forced.resize(sc.forced.len().max(before.4), here);
        }
        sc.manual.sort_by(|a, b| a.0.total_cmp(&b.0));
        // Nests and triggers belong to a mission: without an objective they would be
        // dropped without a word.
        if !sc.mission.is_mission() {
            let first = sc
                .spans
                .nests
                .first()
                .map(|s| (*s, "nest"))
                .into_iter()
                .chain(sc.spans.triggers.first().map(|s| (*s, "trigger")))
                .min_by_key(|(s, _)| (s.line, s.col));
            if let Some((at, what)) = first {
                return Err(LoadError::new(
                    file,
                    at.line,
                    at.col,
                    format!("`{what}` without an objective: nests and triggers belong to a mission; add an `objective`"),
                ));
            }
        }
        Ok(sc)
    }
}

#[cfg(test)]
mod content_tests {
    use super::Scenario;
    use crate::content::{map_text, SCENARIOS};
    use crate::space::map::Map;

    #[test]
    fn every_embedded_scenario_loads_against_its_map() {
        for (name, text) in SCENARIOS {
            let sc = Scenario::parse(name, text).unwrap_or_else(|e| panic!("{e}"));
            let map_src = map_text(&sc.map).unwrap_or_else(|| panic!("{name}: map {}", sc.map));
            let map = Map::parse(&sc.map, map_src).unwrap();
            sc.check_against(&map, 5).unwrap_or_else(|e| panic!("{e}"));
        }
    }
}
