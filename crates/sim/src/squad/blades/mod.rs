//! Blades (SPEC §10): strike sectors, phases, combo, discipline, post solver.

pub mod melee;
pub mod reach;
pub mod sector;
pub mod state;
