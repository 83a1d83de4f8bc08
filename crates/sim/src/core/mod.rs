//! What everything else builds on: geometry, the seeded RNG, events, load errors.

pub mod error;
pub mod events;
pub mod geom;
pub mod rng;
pub mod stats;
