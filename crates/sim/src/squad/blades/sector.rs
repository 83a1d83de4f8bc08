//! Strike sectors (M1): a circular sector in front of a blade, and the distance from a
//! point to it — the angular twin of the point–segment distance LaneClear uses.

use crate::core::geom::{dist_point_segment, wrap_angle, Vec2};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sector {
    pub apex: Vec2,
    /// Axis direction, radians.
    pub axis: f32,
    pub reach: f32,
    pub half_angle: f32,
}

impl Sector {
    /// Distance from `p` to the sector (0 inside).
    pub fn distance(&self, p: Vec2) -> f32 {
        let off = p - self.apex;
        let d = off.length();
        if d < 1e-6 {
            return 0.0;
        }
        let delta = wrap_angle(off.angle() - self.axis).abs();
        if delta <= self.half_angle {
            return (d - self.reach).max(0.0);
        }
        let e1 = self.apex + Vec2::from_angle(self.axis + self.half_angle) * self.reach;
        let e2 = self.apex + Vec2::from_angle(self.axis - self.half_angle) * self.reach;
        dist_point_segment(p, self.apex, e1).min(dist_point_segment(p, self.apex, e2))
    }

    /// A body circle (`c`, `r`) intersects the sector.
    pub fn hits_circle(&self, c: Vec2, r: f32) -> bool {
        self.distance(c) < r
    }

    /// The sector grown by `margin` all round (the discipline check's safety margin).
    pub fn enlarged(&self, margin: f32) -> EnlargedSector {
        EnlargedSector {
            sector: *self,
            margin,
        }
    }
}

/// A sector plus a margin: a body intersects it when it comes within `margin` of the
/// sector (a Minkowski sum, not a scaled sector, so the margin is the same everywhere).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EnlargedSector {
    pub sector: Sector,
    pub margin: f32,
}

impl EnlargedSector {
    pub fn hits_circle(&self, c: Vec2, r: f32) -> bool {
        self.sector.distance(c) < r + self.margin
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sector() -> Sector {
        Sector {
            apex: Vec2::ZERO,
            axis: 0.0,
            reach: 1.1,
            half_angle: 55f32.to_radians(),
        }
    }

    #[test]
    fn body_at_the_edge_of_reach_just_inside_and_just_outside() {
        let s = sector();
        // Centre on the axis at reach + radius: touching. Just inside hits, just outside not.
        assert!(s.hits_circle(Vec2::new(1.1 + 0.3 - 0.01, 0.0), 0.3));
        assert!(!s.hits_circle(Vec2::new(1.1 + 0.3 + 0.01, 0.0), 0.3));
    }

    #[test]
    fn body_at_the_edge_of_the_angle_just_inside_and_just_outside() {
        let s = sector();
        let edge = 55f32.to_radians();
        // A point body at 0.8 from the apex, 1° inside and 1° outside the half-angle.
        assert!(s.hits_circle(Vec2::from_angle(edge - 1f32.to_radians()) * 0.8, 0.001));
        assert!(!s.hits_circle(Vec2::from_angle(edge + 1f32.to_radians()) * 0.8, 0.001));
        // A body of radius 0.28 just outside the angle still touches the edge.
        let c = Vec2::from_angle(edge + 10f32.to_radians()) * 0.8;
        let gap = 0.8 * (10f32.to_radians()).sin();
        assert!(s.hits_circle(c, gap + 0.01));
        assert!(!s.hits_circle(c, gap - 0.01));
    }

    #[test]
    fn body_behind_the_blade_is_outside() {
        let s = sector();
        assert!(!s.hits_circle(Vec2::new(-0.6, 0.0), 0.28));
        assert!(
            s.hits_circle(Vec2::new(-0.2, 0.0), 0.28),
            "overlapping the apex"
        );
    }

    #[test]
    fn enlarged_sector_adds_the_margin_everywhere() {
        let e = sector().enlarged(0.15);
        assert!(e.hits_circle(Vec2::new(1.1 + 0.3 + 0.14, 0.0), 0.3));
        assert!(!e.hits_circle(Vec2::new(1.1 + 0.3 + 0.16, 0.0), 0.3));
    }
}
