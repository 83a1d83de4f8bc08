//! A scenario checked against its map (REQ S2.3): every statement that names a place
//! or an index — the start, waypoints, waves' spawns, dummies, placed agents, scripted
//! walks, tool uses, areas, nests, items — on floor and in range, each error at the
//! statement's `file:line:col` (the spans kept from the parse).

use crate::core::error::LoadError;
use crate::core::geom::Vec2;
use crate::core::kit::Tool;
use crate::script::mission::{Action, Area, Goal};
use crate::script::scenario::{Scenario, Span};
use crate::space::map::Map;

impl Scenario {
    /// Checks the scenario against its map: waypoints, dummies, placed agents and path
    /// points on walkable tiles, spawn and agent indices in range. Errors name the file,
    /// line and column of the statement (kept from the parse).
    pub fn check_against(&self, map: &Map, agent_count: usize) -> Result<(), LoadError> {
        // The first in the file is reported, as a reader going down the file would meet it.
        match self.check_all(map, agent_count).into_iter().next() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// Every problem [`Scenario::check_against`] finds, in file order (the editor and
    /// `--validate` list them all).
    pub fn check_all(&self, map: &Map, agent_count: usize) -> Vec<LoadError> {
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
        for (k, u) in self.tools.iter().enumerate() {
            if u.time > self.duration {
                at(
                    sp.tools.get(k),
                    format!(
                        "tool at {} s is after the scenario's end ({} s): expected a time in 0..{}",
                        u.time, self.duration, self.duration
                    ),
                );
            }
            if u.tool != Tool::Medkit && inside_wall(u.at) {
                at(
                    sp.tools.get(k),
                    format!(
                        "{} target ({}, {}) is inside a wall or outside the map: expected a floor tile",
                        u.tool.name(),
                        u.at.x,
                        u.at.y
                    ),
                );
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
        let m = &self.mission;
        let (w, h) = (map.width() as f32, map.height() as f32);
        for (k, a) in m.areas.iter().enumerate() {
            if a.max.x < 0.0 || a.max.y < 0.0 || a.min.x > w || a.min.y > h {
                at(
                    sp.areas.get(k),
                    format!("area `{}` lies outside the map ({w} x {h})", a.name),
                );
            } else if !area_has_floor(map, a) {
                at(
                    sp.areas.get(k),
                    format!(
                        "area `{}` has no floor tile: the squad could never stand in it",
                        a.name
                    ),
                );
            }
        }
        for (k, o) in m.objectives.iter().enumerate() {
            match o.goal {
                Goal::Recover { item, .. } if inside_wall(m.items[item]) => {
                    let p = m.items[item];
                    at(
                        sp.objectives.get(k),
                        format!(
                            "item ({}, {}) is inside a wall: expected a floor tile",
                            p.x, p.y
                        ),
                    );
                }
                Goal::Nests if m.nests.is_empty() => {
                    at(
                        sp.objectives.get(k),
                        "objective `nests` but the scenario has no `nest`".into(),
                    );
                }
                _ => {}
            }
        }
        for (k, (p, _)) in m.nests.iter().enumerate() {
            if inside_wall(*p) {
                at(
                    sp.nests.get(k),
                    format!(
                        "nest ({}, {}) is inside a wall: expected a floor tile",
                        p.x, p.y
                    ),
                );
            }
        }
        for (k, t) in m.triggers.iter().enumerate() {
            if let Action::Wave { spawn, .. } = t.action {
                if spawn >= map.enemy_spawns.len() {
                    at(
                        sp.triggers.get(k),
                        format!(
                            "spawn index {spawn} out of range: the map has {} enemy spawns `E`",
                            map.enemy_spawns.len()
                        ),
                    );
                }
            }
        }
        // Stable: two problems on one statement keep the order they were found in.
        found.sort_by_key(|(sp, _)| (sp.line, sp.col));
        found
            .into_iter()
            .map(|(sp, msg)| LoadError::new(&self.file, sp.line, sp.col, msg))
            .collect()
    }
}

/// Some tile of `a` is floor.
fn area_has_floor(map: &Map, a: &Area) -> bool {
    // Tiles beyond the map are wall: the range stops one past its edges (an area far
    // larger than the map is not walked tile by tile).
    let (x0, y0) = (a.min.x.floor() as i32, a.min.y.floor() as i32);
    let (x1, y1) = (a.max.x.ceil() as i32, a.max.y.ceil() as i32);
    let (x0, y0) = (x0.max(-1), y0.max(-1));
    let (x1, y1) = (x1.min(map.width() + 1), y1.min(map.height() + 1));
    (y0..y1.max(y0 + 1)).any(|y| (x0..x1.max(x0 + 1)).any(|x| !map.grid.is_wall(x, y)))
}
