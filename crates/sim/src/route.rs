//! The scripted anchor route (S2.2): turns a scenario's waypoints and manual-aim events
//! into tick inputs, as a player's hands would.

use crate::geom::Vec2;
use crate::scenario::{ManualEvent, Scenario};
use crate::tuning::ticks;
use crate::world::{ManualCommand, TickInput, World};

/// The anchor counts as arrived at a waypoint within this distance.
pub const ARRIVE: f32 = 0.25;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct RouteDriver {
    /// Index of the waypoint being walked to.
    pub next: usize,
    /// Ticks of holding left at the current waypoint (`Some` while holding).
    pub hold_left: Option<u32>,
    next_manual: usize,
}

impl RouteDriver {
    pub fn new() -> RouteDriver {
        RouteDriver::default()
    }

    /// True once every waypoint was reached and held.
    pub fn finished(&self, sc: &Scenario) -> bool {
        self.next >= sc.route.len()
    }

    /// The input for the coming tick of `w`.
    pub fn input(&mut self, sc: &Scenario, w: &World) -> TickInput {
        let mut input = TickInput::default();
        while let Some((time, ev)) = sc.manual.get(self.next_manual) {
            if ticks(*time) as u64 > w.tick {
                break;
            }
            input.manual = Some(match ev {
                ManualEvent::AssignNearest(p) => ManualCommand::AssignNearest(*p),
                ManualEvent::Aim(a) => ManualCommand::Aim(Vec2::from_angle(*a)),
                ManualEvent::Clear => ManualCommand::Clear,
            });
            self.next_manual += 1;
        }
        while let Some(wp) = sc.route.get(self.next) {
            if let Some(left) = self.hold_left {
                if left > 0 {
                    self.hold_left = Some(left - 1);
                    return input;
                }
                self.hold_left = None;
                self.next += 1;
                continue;
            }
            let to = wp.pos - w.anchor.pos;
            if to.length() <= ARRIVE {
                if wp.hold > 0.0 {
                    self.hold_left = Some(ticks(wp.hold));
                    continue;
                }
                self.next += 1;
                continue;
            }
            input.move_dir = to.normalize_or_zero();
            input.sprint = wp.sprint;
            return input;
        }
        input
    }
}
