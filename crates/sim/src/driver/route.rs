//! The scripted anchor route (S2.2): turns a scenario's waypoints and manual-aim events
//! into tick inputs, as a player's hands would — including steering round corners: when
//! the next waypoint is not in a straight walkable line, the input follows a path.

use crate::core::geom::Vec2;
use crate::nav::astar::{PathLimits, PathScratch};
use crate::nav::route::plan_route;
use crate::nav::smooth::next_waypoint;
use crate::nav::tiles::Tile;
use crate::nav::tracer::walkable_line;
use crate::script::scenario::{ManualEvent, Scenario};
use crate::space::grid::Grid;
use crate::tools::ToolUse;
use crate::tuning::ticks;
use crate::world::{ManualCommand, TickInput, World};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct RouteDriver {
    /// Index of the waypoint being walked to.
    pub next: usize,
    /// Ticks of holding left at the current waypoint (`Some` while holding).
    pub hold_left: Option<u32>,
    next_manual: usize,
    /// Index of the next of the scenario's tool uses (`tool T KIND …`, REQ K7).
    next_tool: usize,
    /// Index of the next of the scenario's formation changes.
    next_formation: usize,
    /// Search buffers (rebuildable: never part of a save).
    #[serde(skip)]
    scratch: PathScratch,
    #[serde(skip)]
    tiles: Vec<Tile>,
    path: Vec<Vec2>,
    cursor: usize,
    /// The waypoint index the current path leads to.
    path_for: Option<usize>,
    /// The squad could not follow (the leash reached sprint urgency): like a player, the
    /// route waits until the squad has caught up.
    pub waiting: bool,
}

impl RouteDriver {
    pub fn new() -> RouteDriver {
        RouteDriver::default()
    }

    /// What stepping the pilot relies on (a pilot read from a save).
    pub fn validate(&self, sc: &Scenario) -> Result<(), String> {
        if self.cursor > self.path.len()
            || self.path.iter().any(|p| !p.is_finite())
            || self.next_tool > sc.tools.len()
            || self.next_formation > sc.formations.len()
        {
            return Err("the route pilot's path is damaged".into());
        }
        Ok(())
    }

    /// True once every waypoint was reached and held.
    pub fn finished(&self, sc: &Scenario) -> bool {
        self.next >= sc.route.len()
    }

    /// The direction to walk from `from` toward `to`: straight when a body can walk it,
    /// else along a smoothed path.
    fn steer(&mut self, grid: &Grid, from: Vec2, to: Vec2, radius: f32, arrive: f32) -> Vec2 {
        if walkable_line(grid, from, to, radius) {
            self.path_for = None;
            return (to - from).normalize_or_zero();
        }
        if self.path_for != Some(self.next) || self.path.is_empty() {
            plan_route(
                grid,
                from,
                to,
                radius,
                PathLimits::UNLIMITED,
                &mut self.scratch,
                &mut self.tiles,
                &mut self.path,
            );
            self.cursor = 0;
            self.path_for = Some(self.next);
        }
        let goal =
            next_waypoint(grid, &self.path, &mut self.cursor, from, radius, arrive).unwrap_or(to);
        (goal - from).normalize_or_zero()
    }

    /// The input for the coming tick of `w`.
    pub fn input(&mut self, sc: &Scenario, w: &World) -> TickInput {
        let mut input = TickInput::default();
        while let Some((time, ev)) = sc.manual.get(self.next_manual) {
            if ticks(*time) as u64 > w.tick() {
                break;
            }
            input.manual = Some(match ev {
                ManualEvent::AssignNearest(p) => ManualCommand::AssignNearest(*p),
                ManualEvent::Aim(a) => ManualCommand::Aim(Vec2::from_angle(*a)),
                ManualEvent::Clear => ManualCommand::Clear,
            });
            self.next_manual += 1;
        }
        if let Some((time, f)) = sc.formations.get(self.next_formation) {
            if ticks(*time) as u64 <= w.tick() {
                self.next_formation += 1;
                input.formation = Some(*f);
            }
        }
        // One tool use a tick, as the player's hands make them; a naive run (`tools =
        // off`) makes none.
        if let Some(u) = sc.tools.get(self.next_tool) {
            if ticks(u.time) as u64 <= w.tick() {
                self.next_tool += 1;
                if !sc.tools_off {
                    input.tool = Some(ToolUse {
                        tool: u.tool,
                        at: u.at,
                    });
                }
            }
        }
        let mut looped = false;
        loop {
            // A looping route starts again at its first waypoint (once per tick: a
            // route whose every waypoint is reached at once does not spin).
            if sc.loop_route && self.next >= sc.route.len() && !sc.route.is_empty() && !looped {
                self.next = 0;
                self.path_for = None;
                looped = true;
            }
            let Some(wp) = sc.route.get(self.next) else {
                break;
            };
            if let Some(left) = self.hold_left {
                if left > 0 {
                    self.hold_left = Some(left - 1);
                    return input;
                }
                self.hold_left = None;
                self.next += 1;
                continue;
            }
            // A player who sees the squad held back (leash stretched to sprint urgency,
            // which stops fire) pulls the disk back to the squad and lets it fight, then
            // goes on. Waypoints marked `sprint` mean to run and do not wait.
            if !wp.sprint {
                let a = &w.tuning().anchor;
                let pilot = &w.tuning().pilot;
                if !self.waiting && w.anchor().urgency >= a.sprint_at - pilot.wait_margin {
                    self.waiting = true;
                }
                if self.waiting {
                    let back = w.squad_centre() - w.anchor().pos;
                    if back.length() > a.settle_distance + pilot.regroup_margin {
                        input.move_dir = back.normalize_or_zero();
                        return input;
                    }
                    self.waiting = false;
                }
            }
            let to = wp.pos - w.anchor().pos;
            if to.length() <= w.tuning().pilot.arrive {
                if wp.hold > 0.0 {
                    self.hold_left = Some(ticks(wp.hold));
                    continue;
                }
                self.next += 1;
                continue;
            }
            input.move_dir = self.steer(
                &w.map().grid,
                w.anchor().pos,
                wp.pos,
                w.tuning().anchor.radius,
                w.tuning().pilot.arrive,
            );
            input.sprint = wp.sprint;
            return input;
        }
        input
    }
}
