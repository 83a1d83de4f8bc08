//! Scenario files (S2.2): seed, duration, a scripted anchor route, enemy waves, test hooks.
//!
//! One statement per line; `#` starts a comment. Header lines are `key = value`:
//! `name`, `map` (`default` or a path, resolved by the caller), `seed`, `duration`
//! (seconds), `formation` (`wedge|line|ring`), `heading` (degrees, initial facing of the
//! squad, 0 = +x, 90 = +y), `start` (`X Y`, the anchor's start instead of the map's `S`),
//! `loop` (`yes`: after the last waypoint the route starts again at the first).
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
//! ```

use crate::core::error::LoadError;
use crate::core::geom::Vec2;
use crate::core::pacing::Difficulty;
use crate::space::map::Map;
use crate::squad::anchor::Formation;
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
    /// `director = off|easy|normal|hard` (T3): `None` is off.
    pub director: Option<Difficulty>,
    /// `difficulty = easy|normal|hard` (T4); the title or `--difficulty` may set it.
    /// Unset, a scenario with a director plays at the director's level, else normal.
    pub difficulty: Option<Difficulty>,
    /// `briefing = ...` (C2): the paragraph the player reads before a mission; several
    /// `briefing` lines are one paragraph, joined by spaces.
    pub briefing: String,
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
            director: None,
            difficulty: None,
            briefing: String::new(),
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

impl Scenario {
    /// The difficulty the run plays at (T4): the one set, else the director's level,
    /// else normal.
    pub fn effective_difficulty(&self) -> Difficulty {
        self.difficulty.or(self.director).unwrap_or_default()
    }

    /// Plays at `d`: the difficulty, and the director's level when it has one (the
    /// title's and `--difficulty`'s choice).
    pub fn set_difficulty(&mut self, d: Difficulty) {
        self.difficulty = Some(d);
        if self.director.is_some() {
            self.director = Some(d);
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
                                format!("unknown key `{key}`: expected name, briefing, map, seed, duration, formation, heading, start, loop, director or difficulty"),
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
                    let kind = EnemyKind::parse(kw)
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
                other => {
                    return Err(c.err(
                        other,
                        format!("unknown statement `{other}`: expected a `key = value` header or waypoint, wave, dummy, place, force, assign, aim, clear_manual"),
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
        Ok(sc)
    }

    /// Checks the scenario against its map: waypoints, dummies, placed agents and path
    /// points on walkable tiles, spawn and agent indices in range. Errors name the file,
    /// line and column of the statement (kept from the parse).
    pub fn check_against(&self, map: &Map, agent_count: usize) -> Result<(), LoadError> {
        // Every problem with its span; the first in the file is reported, as a reader
        // going down the file would meet it.
        let mut found: Vec<(Span, String)> = Vec::new();
        let mut at = |sp: Option<&Span>, msg: String| {
            found.push((sp.copied().unwrap_or(Span { line: 1, col: 1 }), msg));
        };
        let inside_wall = |p: Vec2| map.grid.is_wall_at(p);
        let sp = &self.spans;
        if let Some(p) = self.start {
            if inside_wall(p) {
                at(
                    sp.start.as_ref(),
                    format!(
                        "start ({}, {}) is inside a wall: expected a floor tile",
                        p.x, p.y
                    ),
                );
            }
        }
        for (k, w) in self.route.iter().enumerate() {
            if inside_wall(w.pos) {
                at(sp.route.get(k), format!("waypoint ({}, {}) is inside a wall or outside the map: expected a floor tile", w.pos.x, w.pos.y));
            }
        }
        for (k, w) in self.waves.iter().enumerate() {
            if w.spawn >= map.enemy_spawns.len() {
                at(
                    sp.waves.get(k),
                    format!(
                        "spawn index {} out of range: the map has {} enemy spawns `E`",
                        w.spawn,
                        map.enemy_spawns.len()
                    ),
                );
            }
        }
        for (k, p) in self.dummies.iter().enumerate() {
            if inside_wall(*p) {
                at(
                    sp.dummies.get(k),
                    format!(
                        "dummy ({}, {}) is inside a wall: expected a floor tile",
                        p.x, p.y
                    ),
                );
            }
        }
        for (k, (a, p)) in self.places.iter().enumerate() {
            if *a >= agent_count {
                at(
                    sp.places.get(k),
                    format!("agent index {a} out of range: the squad has {agent_count} agents"),
                );
            }
            if inside_wall(*p) {
                at(
                    sp.places.get(k),
                    format!(
                        "place ({}, {}) is inside a wall: expected a floor tile",
                        p.x, p.y
                    ),
                );
            }
        }
        for (k, f) in self.forced.iter().enumerate() {
            if f.agent >= agent_count {
                at(
                    sp.forced.get(k),
                    format!(
                        "agent index {} out of range: the squad has {agent_count} agents",
                        f.agent
                    ),
                );
            }
            if let Some(p) = f.points.iter().find(|p| inside_wall(**p)) {
                at(
                    sp.forced.get(k),
                    format!(
                        "path point ({}, {}) is inside a wall: expected a floor tile",
                        p.x, p.y
                    ),
                );
            }
        }
        match found.into_iter().min_by_key(|(sp, _)| (sp.line, sp.col)) {
            Some((sp, msg)) => Err(LoadError::new(&self.file, sp.line, sp.col, msg)),
            None => Ok(()),
        }
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
