//! `sim`: the pure deterministic simulation of squad_proto.
//!
//! No window, clock, threads or global RNG; ordered collections only. The whole step is
//! [`world::tick`]`(&mut World, &TickInput)` at 60 Hz with integer-tick timers.
//!
//! The folders are the design, each depending only on those above it:
//! - [`core`] — geometry, the seeded RNG, ids, events, statistics, load errors;
//! - [`tuning`] — every number, one section per file;
//! - [`space`] — the tile grid, maps, the uniform neighbour grid, generated maps;
//! - [`nav`] — A*, the line tracer, smoothing, the flow field, path following;
//! - [`combat`] — bullets and the damage records;
//! - [`horde`] — enemy kinds, attack timing, steering behaviours, the horde's step;
//! - [`squad`] — agents, anchor and formation, lanes, targeting, reservations, solver,
//!   steering, fire — and [`squad::blades`] beside them;
//! - [`script`] and [`content`] — scenario files, waves and scripted walks, the
//!   embedded maps and scenarios;
//! - [`world`] — the `World` in parts, the schedule of a tick, damage, the checksum;
//! - [`driver`] — scripted pilots that produce tick inputs (not simulation);
//! - [`record`] — replay and save files: encoding, recording, verifying;
//! - [`read`] — the read model: every type the view, the app and drivers read of a run.

pub(crate) mod combat;
pub mod content;
pub mod core;
pub mod driver;
pub mod horde;
pub mod nav;
pub mod read;
pub mod record;
pub mod script;
pub mod space;
pub mod squad;
pub mod tuning;
pub mod world;

pub use crate::core::geom::Vec2;
pub use world::{tick, ManualCommand, TickInput, World};
