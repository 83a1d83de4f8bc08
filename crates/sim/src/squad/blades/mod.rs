//! Blades (REQ §10): strike sectors, phases, combo, discipline, post solver.

pub(crate) mod around;
pub(crate) mod defend;
pub mod melee;
#[cfg(test)]
pub(crate) mod melee_cases;
pub(crate) mod reach;
pub(crate) mod sector;
pub(crate) mod state;
pub(crate) mod turns;
