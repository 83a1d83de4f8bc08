//! Space: the tile grid and its ray cast, maps, the uniform neighbour grid, generated
//! maps.

pub mod generate;
pub mod grid;
pub mod light;
pub mod map;
pub mod spatial;
