//! Enemies: for now a horde walker that seeks the nearest agent, and static dummies.
//! The module grows into the full horde AI (SPEC §11).

use crate::geom::Vec2;
use crate::scenario::EnemyKind;

#[derive(Clone, Debug, PartialEq)]
pub struct Enemy {
    pub id: u32,
    pub kind: EnemyKind,
    pub pos: Vec2,
    pub prev_pos: Vec2,
    pub vel: Vec2,
    pub facing: f32,
    pub radius: f32,
    pub health: f32,
    pub alive: bool,
    /// Ticks of interruption left after a hit.
    pub stagger: u32,
    /// Hits taken (dummies count them instead of dying).
    pub hits: u32,
}

impl Enemy {
    pub fn is_dummy(&self) -> bool {
        self.kind == EnemyKind::Dummy
    }
}
