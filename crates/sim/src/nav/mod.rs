//! Navigation (REQ E2): the tile movement rule, A* with status results, connected
//! regions, the line tracer, path smoothing and one-call routes, the flow field toward
//! the squad, and path following for agents.

pub mod astar;
// Connected regions: the tests' and the generator tests' oracle (the simulation asks A*).
#[cfg(any(test, feature = "internals"))]
pub mod components;
pub mod flow;
pub(crate) mod follow;
pub(crate) mod route;
pub mod smooth;
pub mod tiles;
pub mod tracer;

#[cfg(test)]
mod test_grids;
