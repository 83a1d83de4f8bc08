//! `WorldView`: the read-only slice of the world the squad AI functions take.

use crate::core::geom::Vec2;
use crate::horde::enemy::{find_enemy, Enemy};
use crate::space::grid::Grid;
use crate::squad::agent::Agent;
use crate::squad::anchor::SquadState;
use crate::squad::registry::LaneRegistry;
use crate::squad::Squad;
use crate::tuning::Tuning;

#[derive(Clone, Copy)]
pub struct WorldView<'a> {
    pub agents: &'a [Agent],
    pub enemies: &'a [Enemy],
    pub grid: &'a Grid,
    pub tuning: &'a Tuning,
    pub state: SquadState,
    pub anchor: Vec2,
    /// The manually assigned target (S5.2), if any.
    pub assigned: Option<u32>,
    pub lanes: &'a LaneRegistry,
}

impl<'a> WorldView<'a> {
    /// The squad's view of the world this tick.
    pub fn of(s: &'a Squad, enemies: &'a [Enemy], grid: &'a Grid, tuning: &'a Tuning) -> Self {
        WorldView {
            agents: &s.agents,
            enemies,
            grid,
            tuning,
            state: s.state,
            anchor: s.anchor.pos,
            assigned: s.assigned,
            lanes: &s.lanes,
        }
    }

    /// Enemy by id (enemies are kept sorted by id).
    pub fn enemy(&self, id: u32) -> Option<&Enemy> {
        find_enemy(self.enemies, id)
    }
}
