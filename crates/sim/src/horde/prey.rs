//! `Prey`: what the horde sees of an agent — a body, nothing of the squad's minds. The
//! horde reads the squad only through it, so the horde knows nothing of the squad's
//! types (the squad, which targets enemies, depends on the horde, not the reverse).

use crate::core::geom::Vec2;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prey {
    pub id: u32,
    pub pos: Vec2,
    pub vel: Vec2,
    pub radius: f32,
    pub alive: bool,
}

/// What an enemy knows of its target this tick.
#[derive(Clone, Copy)]
pub struct Seen {
    pub id: u32,
    pub pos: Vec2,
    pub vel: Vec2,
    pub radius: f32,
}
