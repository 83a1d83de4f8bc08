//! The 2:1 isometric projection (R2) and the camera that follows the anchor.

use serde::{Deserialize, Serialize};
use sim::Vec2;

/// Pixels per world unit: a tile's diamond is `TILE_W × TILE_H` on screen.
pub const TILE_W: f32 = 64.0;
pub const TILE_H: f32 = 32.0;
/// Screen pixels per world unit of height.
pub const HEIGHT_PX: f32 = 36.0;

/// Projection of the world onto the screen, centred on `center` (world units).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Iso {
    /// World point shown at the screen centre.
    pub center: Vec2,
    /// Screen position of `center`.
    pub origin: [f32; 2],
}

impl Iso {
    pub fn new(center: Vec2, width: usize, height: usize) -> Iso {
        Iso {
            center,
            origin: [width as f32 * 0.5, height as f32 * 0.5],
        }
    }

    /// The projection for a frame: `center` at the middle of `fb` in its drawing units
    /// (its size over its scale), so a frame at any size and scale shows the same part
    /// of the world.
    pub fn for_frame(center: Vec2, fb: &raster::Framebuffer) -> Iso {
        let (w, h) = fb.logical_size();
        Iso {
            center,
            origin: [w * 0.5, h * 0.5],
        }
    }

    /// World point `p` at height `z` (world units) to screen pixels.
    #[inline]
    pub fn project(&self, p: Vec2, z: f32) -> [f32; 2] {
        let dx = p.x - self.center.x;
        let dy = p.y - self.center.y;
        [
            self.origin[0] + (dx - dy) * (TILE_W * 0.5),
            self.origin[1] + (dx + dy) * (TILE_H * 0.5) - z * HEIGHT_PX,
        ]
    }

    /// Screen pixel to the world point on the floor (z = 0) under it.
    pub fn unproject(&self, s: [f32; 2]) -> Vec2 {
        let a = (s[0] - self.origin[0]) / (TILE_W * 0.5); // dx − dy
        let b = (s[1] - self.origin[1]) / (TILE_H * 0.5); // dx + dy
        Vec2::new(self.center.x + 0.5 * (a + b), self.center.y + 0.5 * (b - a))
    }

    /// A world direction on the floor as a unit screen direction.
    pub fn screen_dir(&self, d: Vec2) -> [f32; 2] {
        let sx = (d.x - d.y) * (TILE_W * 0.5);
        let sy = (d.x + d.y) * (TILE_H * 0.5);
        let l = (sx * sx + sy * sy).sqrt().max(1e-6);
        [sx / l, sy / l]
    }
}

/// The camera: eases toward the anchor so the view glides instead of jerking.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Camera {
    pub center: Vec2,
}

impl Camera {
    pub fn new(center: Vec2) -> Camera {
        Camera { center }
    }

    /// Moves toward `target` with a critically damped-looking exponential ease
    /// (time constant ~0.12 s), independent of the frame rate.
    pub fn follow(&mut self, target: Vec2, dt: f32) {
        let k = 1.0 - (-dt.max(0.0) / 0.12).exp();
        self.center = self.center.lerp(target, k);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn screen_world_screen_round_trip() {
        let iso = Iso::new(Vec2::new(31.25, 17.5), 1280, 720);
        for &(x, y) in &[
            (0.0, 0.0),
            (31.25, 17.5),
            (40.0, 12.0),
            (5.5, 60.25),
            (-3.0, 2.0),
        ] {
            let p = Vec2::new(x, y);
            let s = iso.project(p, 0.0);
            let back = iso.unproject(s);
            assert!(back.distance(p) < 1e-3, "{p:?} -> {s:?} -> {back:?}");
            let s2 = iso.project(back, 0.0);
            assert!((s2[0] - s[0]).abs() < 1e-2 && (s2[1] - s[1]).abs() < 1e-2);
        }
    }

    #[test]
    fn projection_is_two_to_one() {
        let iso = Iso::new(Vec2::ZERO, 100, 100);
        let a = iso.project(Vec2::new(1.0, 0.0), 0.0);
        let o = iso.project(Vec2::ZERO, 0.0);
        assert_eq!((a[0] - o[0]) / (a[1] - o[1]), 2.0);
        let up = iso.project(Vec2::ZERO, 1.0);
        assert_eq!(o[1] - up[1], HEIGHT_PX);
    }

    #[test]
    fn camera_eases_toward_the_target() {
        let mut c = Camera::new(Vec2::ZERO);
        c.follow(Vec2::new(10.0, 0.0), 1.0 / 60.0);
        assert!(c.center.x > 0.0 && c.center.x < 2.0);
        for _ in 0..120 {
            c.follow(Vec2::new(10.0, 0.0), 1.0 / 60.0);
        }
        assert!((c.center.x - 10.0).abs() < 1e-3);
    }
}
