//! The squad (REQ §3–§10): agents, the anchor and formation, the line-of-fire check,
//! targeting, lane and sector reservations, the firing-position solver, the movement
//! layers, fire discipline — and the blades.

use serde::{Deserialize, Serialize};
pub mod agent;
pub(crate) mod ammo;
pub mod anchor;
pub mod beams;
pub mod blades;
pub mod blast;
pub(crate) mod bodies;
pub(crate) mod debug;
pub mod disk_walls;
pub(crate) mod fall_back;
pub mod fire;
pub(crate) mod formation;
pub(crate) mod hold_zone;
pub mod lane;
pub(crate) mod manual;
pub(crate) mod march;
pub(crate) mod movement;
pub(crate) mod posts;
pub(crate) mod registry;
pub mod solver;
pub mod supply;
pub mod target;
pub(crate) mod view;

use crate::core::geom::Vec2;
use crate::squad::agent::{Agent, Role};
use crate::squad::anchor::{Anchor, Formation, SquadState};
use crate::squad::registry::LaneRegistry;

/// The manual aim in force.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum ManualAim {
    Off,
    Target(u32),
    Direction(Vec2),
}

/// The inputs of the formation slots: same key, same slots.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SlotKey {
    pub anchor: Vec2,
    pub heading: Vec2,
    pub urgency: f32,
    pub formation: Formation,
    pub state: SquadState,
}

/// The squad's part of the world: the five, the disk they follow, and what they agreed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Squad {
    pub state: SquadState,
    /// Consecutive ticks without movement input.
    pub no_input_ticks: u32,
    pub formation: Formation,
    pub anchor: Anchor,
    /// Squad movement this tick is a sprint (Shift, or urgency above `sprint_at`):
    /// no fire.
    pub sprinting: bool,
    pub manual: ManualAim,
    /// The resolved manual target this tick.
    pub assigned: Option<u32>,
    /// By index (= id).
    pub agents: Vec<Agent>,
    /// Formation slot positions this tick, by slot index.
    pub slots: Vec<Vec2>,
    /// What the slots were last computed from (they are recomputed when it changes).
    pub slot_key: Option<SlotKey>,
    /// Ticks the column (S3.4 in a passage) still stands; 0 = the formation's own slots.
    pub column_left: u32,
    pub lanes: LaneRegistry,
    /// The player's tools' charges (REQ K3–K5).
    pub kit: crate::squad::supply::Kit,
    /// The ammunition pool and the pickups on the map (REQ K1).
    pub supply: crate::squad::supply::Supply,
}

impl Squad {
    /// Mean position of the standing agents (the anchor's leash is tied to it).
    pub fn centre(&self) -> Vec2 {
        let mut sum = Vec2::ZERO;
        let mut n = 0;
        for a in self.agents.iter().filter(|a| a.alive) {
            sum += a.pos;
            n += 1;
        }
        if n == 0 {
            self.anchor.pos
        } else {
            sum / n as f32
        }
    }

    /// Where agent `a` is heading for: its slot while advancing (gunners), else its post.
    pub fn goal_of(&self, a: &Agent) -> Vec2 {
        if self.state == SquadState::Advancing && a.role == Role::Gunner {
            self.slots[a.slot]
        } else {
            a.post_pos
        }
    }
}

#[cfg(test)]
impl Squad {
    /// A squad for the squad's unit tests: `agents` advancing in a wedge behind their disk
    /// at `anchor`, heading +x, the leash slack, nothing else started.
    pub(crate) fn marching(agents: Vec<Agent>, anchor: Vec2) -> Squad {
        let slots = vec![Vec2::ZERO; agents.len()];
        Squad {
            state: SquadState::Advancing,
            no_input_ticks: 0,
            formation: Formation::Wedge,
            anchor: Anchor {
                pos: anchor,
                prev_pos: anchor,
                heading: Vec2::new(1.0, 0.0),
                leash_dist: 0.0,
                urgency: 0.0,
                settling: false,
            },
            sprinting: false,
            manual: ManualAim::Off,
            assigned: None,
            agents,
            slots,
            slot_key: None,
            column_left: 0,
            lanes: LaneRegistry::default(),
            kit: Default::default(),
            supply: Default::default(),
        }
    }
}
