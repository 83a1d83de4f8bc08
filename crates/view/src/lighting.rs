//! What the horror layer tells the scene ([`Lighting`]): what the squad sees of a tile,
//! and how lit a body, a wall face or a prop is. Re-exported by `scene.rs`.

use raster::Rgba;
use sim::Vec2;

use crate::bodies::Shade;
use crate::seen::Seen;

/// What the horror layer tells the scene: what is seen and how lit things are. Light
/// values are light-buffer colours (128 = 1.0).
pub trait Lighting {
    fn seen(&self, x: i32, y: i32) -> Seen;
    /// 0..1 at tile corner `(x, y)`: the share of the four tiles round it that are live
    /// (smooth fog edges, never brighter than the tiles themselves).
    fn corner_live(&self, x: i32, y: i32) -> f32;
    /// The light on a body standing at `p`.
    fn light_at(&self, p: Vec2) -> Rgba;
    /// The light on a wall face at floor point `p` (on the face) with outward normal `n`.
    fn face_light(&self, p: Vec2, n: Vec2) -> Rgba;
    /// The light of remembered walls (they stamp their own light).
    fn memory_light(&self) -> Rgba;
    /// The albedo of a remembered thing on the floor (tile, stones, blood, corpse): grey,
    /// and scaled so that under the floor's base light it shows at the memory level —
    /// the floor's light buffer then needs no work where nothing lights it.
    fn floor_memory(&self, c: Rgba) -> Rgba;
    /// The light where no light reaches.
    fn ambient_light(&self) -> Rgba;
    /// How an enemy standing at `p` with light `light` on it shows: lit, or (unlit near
    /// the squad) a silhouette.
    fn enemy_shade(&self, p: Vec2, light: Rgba) -> Shade;
    /// How far agent `i` has walked by the world's tick (its odometer), if kept.
    fn walked_agent(&self, _i: usize) -> Option<f32> {
        None
    }
    /// How far enemy `id` has walked by the world's tick, if kept.
    fn walked_enemy(&self, _id: u32) -> Option<f32> {
        None
    }
}
