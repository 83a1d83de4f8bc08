//! `sim`: the pure deterministic simulation of squad_proto.
//!
//! No window, clock, threads or global RNG; ordered collections only. The whole step is
//! [`tick`]`(&mut World, &TickInput)` at 60 Hz with integer-tick timers.
//!
//! The folders are the design, each depending only on those above it:
//! - `core` — geometry, the seeded RNG, ids, events, statistics, load errors;
//! - [`tuning`] — every number, one section per file;
//! - `space` — the tile grid, maps, the uniform neighbour grid, generated maps;
//! - `nav` — A*, the line tracer, smoothing, the flow field, path following;
//! - `combat` — bullets and spits with their steps, the damage records;
//! - `horde` — enemy kinds, attack timing, steering behaviours, the horde's step;
//! - `squad` — agents, anchor and formation, lanes, targeting, reservations, solver,
//!   steering, fire, the blast zone's reservation — and `squad::blades` beside them;
//! - `tools` — the player's tools: flares, medkits, grenades (REQ K3–K5);
//! - `script` and [`content`] — scenario files, waves and scripted walks, the
//!   embedded maps and scenarios;
//! - `world` — the `World` in parts, the schedule of a tick, damage, the checksum;
//! - [`driver`] — scripted pilots that produce tick inputs (not simulation);
//! - [`record`] — replay and save files: encoding, recording, verifying;
//! - [`read`] — the read model: every type the view, the app and drivers read of a run.
//!
//! # The public surface
//! Other crates see [`read`], [`tuning`], [`record`], [`content`], [`driver`] and the
//! root re-exports ([`Vec2`], [`tick`], [`TickInput`], [`World`], [`ManualCommand`]).
//! The system modules (`core`, `space`, `nav`, `combat`, `horde`, `squad`, `tools`,
//! `script`, `world`) are `pub(crate)`: a view or app file that names one does not compile.
//!
//! The sim's own integration tests, benches and examples reach them through a
//! test-only door, the `internals` feature, which makes them `pub` (and hidden from the
//! docs). Only this crate's self dev-dependency
//! (`[dev-dependencies] sim = { path = ".", features = ["internals"] }`) turns it on;
//! no other crate may (`crates/app/tests/architecture.rs` checks every manifest).

// The system modules: `pub(crate)`, or `pub` through the `internals` door.
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod combat;
#[cfg(not(feature = "internals"))]
pub(crate) mod combat;
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod core;
#[cfg(not(feature = "internals"))]
pub(crate) mod core;
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod horde;
#[cfg(not(feature = "internals"))]
pub(crate) mod horde;
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod nav;
#[cfg(not(feature = "internals"))]
pub(crate) mod nav;
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod script;
#[cfg(not(feature = "internals"))]
pub(crate) mod script;
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod space;
#[cfg(not(feature = "internals"))]
pub(crate) mod space;
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod squad;
#[cfg(not(feature = "internals"))]
pub(crate) mod squad;
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod tools;
#[cfg(not(feature = "internals"))]
pub(crate) mod tools;
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod world;
#[cfg(not(feature = "internals"))]
pub(crate) mod world;

// The public modules.
pub mod content;
pub mod driver;
pub mod read;
pub mod record;
pub mod tuning;

pub use crate::core::geom::Vec2;
pub use world::{tick, ManualCommand, TickInput, World};
