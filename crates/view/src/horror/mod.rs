//! The horror layer's geometry (SPEC §13): fog-of-war field of view and light polygons.
pub mod fov;
pub mod vispoly;
