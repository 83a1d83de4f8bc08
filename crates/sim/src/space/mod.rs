//! Space: the tile grid and its ray cast, maps, the uniform neighbour grid.

pub mod grid;
pub mod map;
pub mod spatial;
