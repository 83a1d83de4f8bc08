//! The horde (SPEC §11): enemy kinds, attacks on integer ticks, steering and boids.

pub mod enemy;
pub mod steering;
