//! The acceptance run's own geometry, written apart from the simulation's so that a
//! criterion does not judge the simulation with the code it is judging.

use sim::read::Grid;
use sim::Vec2;

/// Whether the segment `a`–`b` passes through a wall tile (touching one counts), by
/// clipping the segment against every wall tile of its bounding box — not the
/// simulation's DDA ray cast.
pub fn segment_hits_wall(grid: &Grid, a: Vec2, b: Vec2) -> bool {
    let (ax, ay, bx, by) = (a.x as f64, a.y as f64, b.x as f64, b.y as f64);
    let (x0, x1) = (ax.min(bx).floor() as i32, ax.max(bx).floor() as i32);
    let (y0, y1) = (ay.min(by).floor() as i32, ay.max(by).floor() as i32);
    for ty in y0..=y1 {
        for tx in x0..=x1 {
            if grid.is_wall(tx, ty) && clips_square(ax, ay, bx, by, tx as f64, ty as f64) {
                return true;
            }
        }
    }
    false
}

/// Liang–Barsky: does the segment meet the unit square at `(sx, sy)`?
fn clips_square(ax: f64, ay: f64, bx: f64, by: f64, sx: f64, sy: f64) -> bool {
    let (dx, dy) = (bx - ax, by - ay);
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for (p, q) in [
        (-dx, ax - sx),
        (dx, sx + 1.0 - ax),
        (-dy, ay - sy),
        (dy, sy + 1.0 - ay),
    ] {
        if p == 0.0 {
            if q < 0.0 {
                return false;
            }
        } else {
            let t = q / p;
            if p < 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
        }
    }
    t0 <= t1
}

/// Distance from `p` to the segment `a`–`b`.
pub fn point_segment(p: Vec2, a: Vec2, b: Vec2) -> f32 {
    let ab = b - a;
    let len_sq = ab.dot(ab);
    let t = if len_sq > 0.0 {
        ((p - a).dot(ab) / len_sq).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (a + ab * t - p).length()
}

/// A circular sector: apex, unit axis, reach and half-angle (radians).
#[derive(Clone, Copy, Debug)]
pub struct Cone {
    pub apex: Vec2,
    pub axis: Vec2,
    pub reach: f32,
    pub half_angle: f32,
}

impl Cone {
    pub fn new(apex: Vec2, axis_angle: f32, reach: f32, half_angle_deg: f32) -> Cone {
        Cone {
            apex,
            axis: Vec2::new(axis_angle.cos(), axis_angle.sin()),
            reach,
            half_angle: half_angle_deg.to_radians(),
        }
    }

    /// Distance from `p` to the sector (0 inside): inside the opening angle the distance
    /// beyond the arc, outside it the distance to the nearer straight edge.
    pub fn distance(&self, p: Vec2) -> f32 {
        let off = p - self.apex;
        let d = off.length();
        if d == 0.0 {
            return 0.0;
        }
        let cos_to_axis = off.dot(self.axis) / d;
        if cos_to_axis >= self.half_angle.cos() {
            return (d - self.reach).max(0.0);
        }
        let (s, c) = self.half_angle.sin_cos();
        let left = Vec2::new(
            self.axis.x * c - self.axis.y * s,
            self.axis.x * s + self.axis.y * c,
        );
        let right = Vec2::new(
            self.axis.x * c + self.axis.y * s,
            -self.axis.x * s + self.axis.y * c,
        );
        let e1 = self.apex + left * self.reach;
        let e2 = self.apex + right * self.reach;
        point_segment(p, self.apex, e1).min(point_segment(p, self.apex, e2))
    }

    /// Whether a body circle comes closer than `margin` to the sector.
    pub fn touches(&self, centre: Vec2, radius: f32, margin: f32) -> bool {
        self.distance(centre) < radius + margin
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segment_distance_inside_and_beyond_the_ends() {
        let (a, b) = (Vec2::new(0.0, 0.0), Vec2::new(4.0, 0.0));
        assert!((point_segment(Vec2::new(2.0, 1.5), a, b) - 1.5).abs() < 1e-6);
        assert!((point_segment(Vec2::new(7.0, 4.0), a, b) - 5.0).abs() < 1e-6);
        assert!((point_segment(Vec2::new(-3.0, 0.0), a, b) - 3.0).abs() < 1e-6);
    }

    #[test]
    fn segments_through_past_and_along_a_wall_tile() {
        let map = sim::read::Map::parse("t.map", "#####\n#...#\n#.#.#\n#.S.#\n#####\n").unwrap();
        let g = &map.grid;
        // Straight through the pillar at (2, 2).
        assert!(segment_hits_wall(
            g,
            Vec2::new(1.5, 2.5),
            Vec2::new(3.5, 2.5)
        ));
        // Above it, and diagonally past its corner without touching.
        assert!(!segment_hits_wall(
            g,
            Vec2::new(1.5, 1.5),
            Vec2::new(3.5, 1.5)
        ));
        assert!(!segment_hits_wall(
            g,
            Vec2::new(1.2, 1.9),
            Vec2::new(1.9, 1.2)
        ));
        // Into the outer wall.
        assert!(segment_hits_wall(
            g,
            Vec2::new(1.5, 1.5),
            Vec2::new(-0.5, 1.5)
        ));
        // Along a face: touching counts.
        assert!(segment_hits_wall(
            g,
            Vec2::new(1.5, 2.0),
            Vec2::new(3.5, 2.0)
        ));
    }

    #[test]
    fn cone_distance_in_front_beside_and_behind() {
        let c = Cone::new(Vec2::ZERO, 0.0, 1.0, 45.0);
        assert_eq!(c.distance(Vec2::new(0.5, 0.1)), 0.0);
        assert!((c.distance(Vec2::new(2.0, 0.0)) - 1.0).abs() < 1e-6);
        // Straight up: 45° past the edge at distance 1 → sin 45° from the edge line.
        let up = c.distance(Vec2::new(0.0, 1.0));
        assert!((up - std::f32::consts::FRAC_1_SQRT_2).abs() < 1e-5, "{up}");
        // Behind the apex: the apex is the nearest point.
        assert!((c.distance(Vec2::new(-0.5, 0.0)) - 0.5).abs() < 1e-6);
        assert!(c.touches(Vec2::new(1.2, 0.0), 0.25, 0.0));
        assert!(!c.touches(Vec2::new(1.3, 0.0), 0.25, 0.0));
        assert!(c.touches(Vec2::new(1.3, 0.0), 0.25, 0.1));
    }
}
