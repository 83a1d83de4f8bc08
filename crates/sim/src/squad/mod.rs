//! The squad (SPEC §3–§10): agents, the anchor and formation, the line-of-fire check,
//! targeting, lane and sector reservations, the firing-position solver, the movement
//! layers, fire discipline — and the blades.

pub mod agent;
pub mod anchor;
pub mod blades;
pub mod fire;
pub mod lane;
pub mod movement;
pub mod registry;
pub mod solver;
pub mod target;
pub mod view;
