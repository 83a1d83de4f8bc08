//! What everything else builds on: geometry, portable trigonometry, the seeded RNG, ids,
//! events, statistics, load errors, the tools' words.

pub mod error;
pub mod events;
pub mod geom;
pub(crate) mod ids;
pub mod kit;
pub mod pacing;
pub mod rng;
pub mod stats;
pub(crate) mod trig;
