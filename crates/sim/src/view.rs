//! `WorldView`: the read-only slice of the world the squad AI functions take.

use crate::agent::Agent;
use crate::enemy::Enemy;
use crate::geom::Vec2;
use crate::grid::Grid;
use crate::registry::LaneRegistry;
use crate::squad::SquadState;
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

impl WorldView<'_> {
    /// Enemy by id (enemies are kept sorted by id).
    pub fn enemy(&self, id: u32) -> Option<&Enemy> {
        find_enemy(self.enemies, id)
    }
}

/// Enemy by id in a slice sorted by id.
pub fn find_enemy(enemies: &[Enemy], id: u32) -> Option<&Enemy> {
    enemies
        .binary_search_by_key(&id, |e| e.id)
        .ok()
        .map(|i| &enemies[i])
}
