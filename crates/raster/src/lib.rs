//! A small CPU software rasterizer. Knows nothing about the game.
//!
//! Placeholder docs; filled in below.

mod blend;
mod clip;
mod color;
mod depth;
mod framebuffer;
mod polygon;
mod spans;
mod triangle;

pub use blend::{add_sat, blend_alpha, Blend, Paint};
pub use clip::GUARD;
pub use color::{pack_rgb, unpack_rgb, Rgba};
pub use depth::{DepthBuffer, DepthMode, DepthTest};
pub use framebuffer::Framebuffer;
pub use polygon::{fill_convex_polygon, fill_convex_polygon_depth, fill_quad};
pub use spans::{coverage_count, SUBPIXEL_BITS};
pub use triangle::{fill_triangle, fill_triangle_depth, fill_triangle_gouraud, fill_triangle_gouraud_depth};
