//! Scenario files (SPEC S2.2): seed, duration, route, waves, test hooks.

pub mod scenario;
