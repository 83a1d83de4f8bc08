//! Navigation (SPEC E2): A* with status results, the line tracer and smoothing, the
//! flow field toward the squad, and path following for agents.

pub mod flow;
pub mod follow;
pub mod path;
