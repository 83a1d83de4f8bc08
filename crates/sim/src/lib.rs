//! `sim`: the pure deterministic simulation of squad_proto.
//!
//! No window, clock, threads or global RNG; ordered collections only. The whole step is
//! [`world::tick`]`(&mut World, &TickInput)` at 60 Hz with integer-tick timers.

pub mod agent;
pub mod bullet;
pub mod checksum;
pub mod content;
pub mod enemy;
pub mod error;
pub mod events;
pub mod fire;
pub mod flow;
pub mod geom;
pub mod grid;
pub mod horde;
pub mod horror_tuning;
pub mod lane;
pub mod map;
pub mod melee;
pub mod movement;
pub mod nav;
pub mod path;
pub mod registry;
pub mod rng;
pub mod route;
pub mod scenario;
pub mod sector;
pub mod solver;
pub mod spatial;
pub mod squad;
pub mod target;
pub mod tuning;
pub mod view;
pub mod world;

pub use geom::Vec2;
pub use world::{tick, ManualCommand, TickInput, World};
