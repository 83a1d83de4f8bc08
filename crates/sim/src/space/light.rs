//! The simulation's light test (REQ T2): is a body inside one of the squad's beams?
//!
//! A beam is a cone from its bearer along its axis, with a range and a half-angle
//! (gameplay tuning `[light]`, which the view's flashlights read too), stopped by walls.
//! A body is lit when its outline enters the cone within the range and the straight line
//! from the bearer to its centre is clear. Arithmetic and comparisons only (the cone's
//! cosine and sine come from the simulation's own trigonometry), so every machine
//! computes the same answer.

use crate::core::geom::Vec2;
use crate::space::grid::Grid;

/// One flashlight's cone this tick.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Beam {
    pub origin: Vec2,
    /// Unit axis.
    pub axis: Vec2,
    pub range: f32,
    /// `cos` and `sin` of the half-angle.
    pub cos_half: f32,
    pub sin_half: f32,
}

impl Beam {
    /// A beam from `origin` along `axis` radians.
    pub fn new(origin: Vec2, axis: f32, range: f32, half_angle: f32) -> Beam {
        let h = Vec2::from_angle(half_angle.clamp(0.0, std::f32::consts::PI));
        Beam {
            origin,
            axis: Vec2::from_angle(axis),
            range,
            cos_half: h.x,
            sin_half: h.y,
        }
    }

    /// The circle at `p` of radius `r` overlaps the cone (walls not considered).
    pub fn touches(&self, p: Vec2, r: f32) -> bool {
        let u = p - self.origin;
        let d2 = u.length_sq();
        let reach = self.range + r;
        if d2 > reach * reach {
            return false;
        }
        if d2 <= r * r {
            return true;
        }
        // Inside the wedge (the angle to the axis within the half-angle) and, as tested
        // above, within the range: lit.
        let d = d2.sqrt();
        if u.dot(self.axis) >= self.cos_half * d {
            return true;
        }
        // Outside it: within `r` of the nearer edge, a segment of the range's length.
        let side = if self.axis.cross(u) >= 0.0 { 1.0 } else { -1.0 };
        let edge = Vec2::new(
            self.axis.x * self.cos_half - side * self.axis.y * self.sin_half,
            self.axis.y * self.cos_half + side * self.axis.x * self.sin_half,
        );
        let t = u.dot(edge).clamp(0.0, self.range);
        (u - edge * t).length_sq() <= r * r
    }

    /// The body at `p` of radius `r` is lit by this beam: it touches the cone and the
    /// line from the bearer to its centre meets no wall.
    pub fn lights(&self, p: Vec2, r: f32, grid: &Grid) -> bool {
        self.touches(p, r) && grid.line_clear(self.origin, p)
    }
}

/// The body at `p` of radius `r` is lit by any of `beams`.
pub fn lit(beams: &[Beam], p: Vec2, r: f32, grid: &Grid) -> bool {
    beams.iter().any(|b| b.lights(p, r, grid))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn beam() -> Beam {
        Beam::new(Vec2::new(2.0, 5.0), 0.0, 6.0, 20f32.to_radians())
    }

    #[test]
    fn a_body_on_the_axis_within_range_is_lit_and_beyond_it_is_not() {
        let g = Grid::open_with_border(16, 10);
        let b = beam();
        assert!(b.lights(Vec2::new(7.0, 5.0), 0.3, &g));
        assert!(
            b.lights(Vec2::new(8.2, 5.0), 0.3, &g),
            "its outline reaches in"
        );
        assert!(!b.lights(Vec2::new(8.4, 5.0), 0.3, &g));
    }

    #[test]
    fn a_body_behind_or_beside_the_cone_is_dark_and_its_edge_counts() {
        let g = Grid::open_with_border(16, 10);
        let b = beam();
        assert!(!b.lights(Vec2::new(0.5, 5.0), 0.3, &g), "behind");
        // At x = 6 (4 u out) the edge is 4 tan 20° = 1.456 off the axis.
        assert!(b.lights(Vec2::new(6.0, 5.0 + 1.4), 0.05, &g));
        assert!(!b.lights(Vec2::new(6.0, 5.0 + 1.9), 0.3, &g));
        assert!(
            b.lights(Vec2::new(6.0, 5.0 + 1.6), 0.3, &g),
            "the outline enters"
        );
        assert!(b.lights(Vec2::new(6.0, 5.0 - 1.6), 0.3, &g), "both sides");
    }

    #[test]
    fn a_wall_between_the_bearer_and_the_body_keeps_it_dark() {
        let mut g = Grid::open_with_border(16, 10);
        g.set_wall(5, 5, true);
        let b = beam();
        assert!(!b.lights(Vec2::new(7.0, 5.2), 0.3, &g));
        assert!(
            b.lights(Vec2::new(4.5, 5.2), 0.3, &g),
            "in front of the wall"
        );
    }

    #[test]
    fn the_bearer_lights_a_body_it_touches() {
        let g = Grid::open_with_border(16, 10);
        assert!(beam().lights(Vec2::new(1.8, 5.0), 0.3, &g));
    }
}
