//! 2D vector math in world units (one map tile = one unit, REQ S1.1).
//!
//! `f32` throughout: the simulation is bit-deterministic on one build because every
//! operation here is plain IEEE arithmetic (no fused multiply-add, no platform libm
//! outside `sqrt`, `sin`, `cos`, `atan2`, which are the same on one build).

use serde::{Deserialize, Serialize};
use std::ops::{Add, AddAssign, Div, Mul, Neg, Sub, SubAssign};

#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Vec2 {
    pub x: f32,
    pub y: f32,
}

impl Vec2 {
    pub const ZERO: Vec2 = Vec2 { x: 0.0, y: 0.0 };

    pub const fn new(x: f32, y: f32) -> Vec2 {
        Vec2 { x, y }
    }

    /// Unit vector at `angle` radians (0 = +x, counter-clockwise toward +y).
    /// The same bits on every machine ([`crate::core::trig`]).
    pub fn from_angle(angle: f32) -> Vec2 {
        let (s, c) = crate::core::trig::sin_cos(angle);
        Vec2::new(c, s)
    }

    pub fn dot(self, o: Vec2) -> f32 {
        self.x * o.x + self.y * o.y
    }

    /// z of the 3D cross product: > 0 when `o` is counter-clockwise from `self`.
    pub fn cross(self, o: Vec2) -> f32 {
        self.x * o.y - self.y * o.x
    }

    pub fn length_sq(self) -> f32 {
        self.dot(self)
    }

    pub fn length(self) -> f32 {
        self.length_sq().sqrt()
    }

    pub fn distance(self, o: Vec2) -> f32 {
        (self - o).length()
    }

    pub fn distance_sq(self, o: Vec2) -> f32 {
        (self - o).length_sq()
    }

    /// Unit vector, or zero for a (near) zero vector: callers never divide by zero.
    pub fn normalize_or_zero(self) -> Vec2 {
        let l = self.length();
        if l > 1e-6 {
            self / l
        } else {
            Vec2::ZERO
        }
    }

    /// Shortens the vector to at most `max` length, keeping its direction.
    pub fn clamp_length(self, max: f32) -> Vec2 {
        let l = self.length();
        if l > max && l > 0.0 {
            self * (max / l)
        } else {
            self
        }
    }

    /// Rotated 90° counter-clockwise: (x, y) -> (-y, x).
    pub fn perp(self) -> Vec2 {
        Vec2::new(-self.y, self.x)
    }

    /// Rotates by the angle whose cosine/sine are the components of unit vector `dir`.
    pub fn rotate_by(self, dir: Vec2) -> Vec2 {
        Vec2::new(
            self.x * dir.x - self.y * dir.y,
            self.x * dir.y + self.y * dir.x,
        )
    }

    /// The angle from the +x axis, in `[−π, π]`: the same bits on every machine
    /// ([`crate::core::trig`]).
    pub fn angle(self) -> f32 {
        crate::core::trig::atan2(self.y, self.x)
    }

    pub fn lerp(self, o: Vec2, t: f32) -> Vec2 {
        self + (o - self) * t
    }

    pub fn is_finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite()
    }
}

impl Add for Vec2 {
    type Output = Vec2;
    fn add(self, o: Vec2) -> Vec2 {
        Vec2::new(self.x + o.x, self.y + o.y)
    }
}
impl AddAssign for Vec2 {
    fn add_assign(&mut self, o: Vec2) {
        self.x += o.x;
        self.y += o.y;
    }
}
impl Sub for Vec2 {
    type Output = Vec2;
    fn sub(self, o: Vec2) -> Vec2 {
        Vec2::new(self.x - o.x, self.y - o.y)
    }
}
impl SubAssign for Vec2 {
    fn sub_assign(&mut self, o: Vec2) {
        self.x -= o.x;
        self.y -= o.y;
    }
}
impl Mul<f32> for Vec2 {
    type Output = Vec2;
    fn mul(self, s: f32) -> Vec2 {
        Vec2::new(self.x * s, self.y * s)
    }
}
impl Div<f32> for Vec2 {
    type Output = Vec2;
    fn div(self, s: f32) -> Vec2 {
        Vec2::new(self.x / s, self.y / s)
    }
}
impl Neg for Vec2 {
    type Output = Vec2;
    fn neg(self) -> Vec2 {
        Vec2::new(-self.x, -self.y)
    }
}

/// Distance from `p` to the segment `a`–`b` (the LaneClear primitive, REQ S4).
pub fn dist_point_segment(p: Vec2, a: Vec2, b: Vec2) -> f32 {
    p.distance(closest_point_on_segment(p, a, b))
}

/// Distance between the segments `a`–`b` and `c`–`d` (0 when they cross).
pub fn dist_segment_segment(a: Vec2, b: Vec2, c: Vec2, d: Vec2) -> f32 {
    let ab = b - a;
    let cd = d - c;
    let side = |o: Vec2, dir: Vec2, p: Vec2| dir.cross(p - o);
    let (d1, d2) = (side(a, ab, c), side(a, ab, d));
    let (d3, d4) = (side(c, cd, a), side(c, cd, b));
    if d1 * d2 < 0.0 && d3 * d4 < 0.0 {
        return 0.0;
    }
    dist_point_segment(a, c, d)
        .min(dist_point_segment(b, c, d))
        .min(dist_point_segment(c, a, b))
        .min(dist_point_segment(d, a, b))
}

/// The point of segment `a`–`b` nearest to `p`.
pub fn closest_point_on_segment(p: Vec2, a: Vec2, b: Vec2) -> Vec2 {
    let ab = b - a;
    let len_sq = ab.length_sq();
    if len_sq <= 1e-12 {
        return a;
    }
    let t = ((p - a).dot(ab) / len_sq).clamp(0.0, 1.0);
    a + ab * t
}

/// First parameter `t` in `[0, 1]` at which the segment `a + (b - a) t` enters the circle
/// (`center`, `radius`); `Some(0.0)` when `a` already lies inside.
pub fn segment_circle_entry(a: Vec2, b: Vec2, center: Vec2, radius: f32) -> Option<f32> {
    let d = b - a;
    let f = a - center;
    let c = f.length_sq() - radius * radius;
    if c <= 0.0 {
        return Some(0.0);
    }
    let qa = d.length_sq();
    if qa <= 1e-12 {
        return None;
    }
    let qb = 2.0 * f.dot(d);
    let disc = qb * qb - 4.0 * qa * c;
    if disc < 0.0 {
        return None;
    }
    let t = (-qb - disc.sqrt()) / (2.0 * qa);
    if (0.0..=1.0).contains(&t) {
        Some(t)
    } else {
        None
    }
}

/// Wraps an angle into `(-PI, PI]`.
pub fn wrap_angle(a: f32) -> f32 {
    let two_pi = std::f32::consts::TAU;
    let mut a = a % two_pi;
    if a <= -std::f32::consts::PI {
        a += two_pi;
    } else if a > std::f32::consts::PI {
        a -= two_pi;
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn point_segment_distance_uses_the_nearest_endpoint_beyond_the_ends() {
        let a = Vec2::new(0.0, 0.0);
        let b = Vec2::new(4.0, 0.0);
        assert_eq!(dist_point_segment(Vec2::new(2.0, 1.0), a, b), 1.0);
        assert_eq!(dist_point_segment(Vec2::new(-3.0, 4.0), a, b), 5.0);
        assert_eq!(dist_point_segment(Vec2::new(7.0, 4.0), a, b), 5.0);
    }

    #[test]
    fn segment_enters_circle_at_the_first_crossing() {
        let t = segment_circle_entry(
            Vec2::new(0.0, 0.0),
            Vec2::new(10.0, 0.0),
            Vec2::new(5.0, 0.0),
            1.0,
        )
        .unwrap();
        assert!((t - 0.4).abs() < 1e-6);
        assert_eq!(
            segment_circle_entry(
                Vec2::new(0.0, 2.0),
                Vec2::new(10.0, 2.0),
                Vec2::new(5.0, 0.0),
                1.0
            ),
            None
        );
    }

    #[test]
    fn wrap_angle_stays_in_half_open_range() {
        assert!((wrap_angle(3.0 * std::f32::consts::PI) - std::f32::consts::PI).abs() < 1e-5);
        assert!((wrap_angle(-0.5) + 0.5).abs() < 1e-6);
    }
}
