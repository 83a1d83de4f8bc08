//! Horde steering (SPEC E1, seed 002): behaviours that each return a steering force
//! (`desired velocity − current velocity`, OpenSteer style), blended with weights per
//! enemy kind, plus the boids trio with a "zombie crowd" flavour: strong separation,
//! weak alignment and cohesion. Neighbours come from the uniform grid, never O(n²).

use crate::core::geom::Vec2;

/// Seek: full speed toward `target`.
pub fn seek(pos: Vec2, vel: Vec2, target: Vec2, max_speed: f32) -> Vec2 {
    (target - pos).normalize_or_zero() * max_speed - vel
}

/// Arrive: like seek, but braking linearly inside `slow_radius` to stop at `target`.
pub fn arrive(pos: Vec2, vel: Vec2, target: Vec2, max_speed: f32, slow_radius: f32) -> Vec2 {
    let to = target - pos;
    let d = to.length();
    if d < 1e-5 {
        return -vel;
    }
    let speed = if d < slow_radius {
        max_speed * d / slow_radius
    } else {
        max_speed
    };
    to * (speed / d) - vel
}

/// Pursuit: seek the target's predicted position, looking ahead the time it would take
/// to get there at `max_speed`, capped at `horizon` seconds.
pub fn pursuit(
    pos: Vec2,
    vel: Vec2,
    target: Vec2,
    target_vel: Vec2,
    max_speed: f32,
    horizon: f32,
) -> Vec2 {
    let d = pos.distance(target);
    let t = if max_speed > 1e-5 {
        (d / max_speed).min(horizon)
    } else {
        0.0
    };
    seek(pos, vel, target + target_vel * t, max_speed)
}

/// Wander: a heading that drifts by a small random turn each tick (the caller keeps the
/// heading and draws the turn from the world's RNG); returns the force along it.
pub fn wander(vel: Vec2, heading: f32, max_speed: f32) -> Vec2 {
    Vec2::from_angle(heading) * (max_speed * 0.5) - vel
}

/// Follow a flow-field direction (unit vector, zero where there is none).
pub fn follow_flow(vel: Vec2, dir: Vec2, max_speed: f32) -> Vec2 {
    if dir == Vec2::ZERO {
        return -vel * 0.5;
    }
    dir * max_speed - vel
}

/// True when `sqrt(d2) < r` is certainly false, decided without the square root: an
/// early-out that never changes a result. Proof: `r * r * 1.0001` rounded is above
/// `r² (1 + 9·10⁻⁵)`, so `d2` above it has `√d2 > r (1 + 4·10⁻⁵)`, and the correctly
/// rounded square root of a number above the float `r` is not below `r`. NaN and
/// infinite `r` never take the early-out.
#[inline(always)]
pub fn surely_beyond(d2: f32, r: f32) -> bool {
    d2 > r * r * 1.0001
}

/// The boids' accumulators over one enemy's neighbours.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Flock {
    /// Σ away-from-neighbour, stronger when closer (within the separation radius).
    pub separation: Vec2,
    /// Σ neighbour velocities and their count (alignment).
    pub vel_sum: Vec2,
    /// Σ neighbour positions (cohesion).
    pub pos_sum: Vec2,
    pub count: u32,
}

impl Flock {
    /// Adds a neighbour at `other` (moving at `other_vel`) seen from `pos`.
    pub fn add(&mut self, pos: Vec2, other: Vec2, other_vel: Vec2, separation_radius: f32) {
        let off = pos - other;
        // Most neighbours are beyond the separation radius: the square root is skipped
        // when the squared distance alone rules them out (see `surely_beyond`).
        let d2 = off.length_sq();
        if !surely_beyond(d2, separation_radius) {
            let d = d2.sqrt();
            if d < separation_radius && d > 1e-5 {
                // 1/d falloff: bodies about to touch push hard (the crowd does not overlap).
                self.separation += off / d * ((separation_radius - d) / d.max(0.1));
            }
        }
        self.vel_sum += other_vel;
        self.pos_sum += other;
        self.count += 1;
    }

    /// Separation as a steering force toward `max_speed` away from the crowd.
    pub fn separation_force(&self, vel: Vec2, max_speed: f32) -> Vec2 {
        if self.separation == Vec2::ZERO {
            return Vec2::ZERO;
        }
        let _ = vel;
        self.separation.normalize_or_zero() * (max_speed * self.separation.length().min(1.0))
    }

    /// Alignment: toward the neighbours' mean velocity.
    pub fn alignment_force(&self, vel: Vec2) -> Vec2 {
        if self.count == 0 {
            return Vec2::ZERO;
        }
        self.vel_sum / self.count as f32 - vel
    }

    /// Cohesion: seek the neighbours' centre.
    pub fn cohesion_force(&self, pos: Vec2, vel: Vec2, max_speed: f32) -> Vec2 {
        if self.count == 0 {
            return Vec2::ZERO;
        }
        seek(pos, vel, self.pos_sum / self.count as f32, max_speed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seek_and_arrive_point_at_the_target_and_arrive_brakes() {
        let f = seek(Vec2::ZERO, Vec2::ZERO, Vec2::new(3.0, 4.0), 2.0);
        assert!((f - Vec2::new(1.2, 1.6)).length() < 1e-6);
        let far = arrive(Vec2::ZERO, Vec2::ZERO, Vec2::new(10.0, 0.0), 2.0, 1.0);
        let near = arrive(Vec2::ZERO, Vec2::ZERO, Vec2::new(0.5, 0.0), 2.0, 1.0);
        assert!((far.x - 2.0).abs() < 1e-6 && (near.x - 1.0).abs() < 1e-6);
    }

    #[test]
    fn pursuit_leads_a_moving_target() {
        let f = pursuit(
            Vec2::ZERO,
            Vec2::ZERO,
            Vec2::new(4.0, 0.0),
            Vec2::new(0.0, 2.0),
            2.0,
            1.0,
        );
        assert!(f.y > 0.0, "aims ahead of the target: {f:?}");
        // Far away the look-ahead is capped at the horizon: 1 s × 2 u/s = 2 units ahead.
        let capped = pursuit(
            Vec2::ZERO,
            Vec2::ZERO,
            Vec2::new(40.0, 0.0),
            Vec2::new(0.0, 2.0),
            2.0,
            1.0,
        );
        let want = Vec2::new(40.0, 2.0).normalize_or_zero() * 2.0;
        assert!((capped - want).length() < 1e-5, "{capped:?}");
    }

    #[test]
    fn surely_beyond_never_disagrees_with_the_square_root() {
        let mut rng = crate::core::rng::Rng::new(11);
        for _ in 0..200_000 {
            let r = rng.range_f32(0.0, 2.0);
            // Squared distances packed round r² (where rounding could matter) and beyond.
            let d2 = r * r * rng.range_f32(0.999, 1.001) + rng.range_f32(0.0, 1e-6);
            if surely_beyond(d2, r) {
                assert!(d2.sqrt() >= r, "d2 {d2} r {r}");
            }
        }
        assert!(!surely_beyond(1.0, f32::NAN) && !surely_beyond(1e30, f32::INFINITY));
        assert!(surely_beyond(0.81, 0.8) && !surely_beyond(0.64, 0.8));
    }

    #[test]
    fn separation_grows_as_neighbours_close_in() {
        let mut near = Flock::default();
        near.add(Vec2::ZERO, Vec2::new(0.2, 0.0), Vec2::ZERO, 0.8);
        let mut far = Flock::default();
        far.add(Vec2::ZERO, Vec2::new(0.7, 0.0), Vec2::ZERO, 0.8);
        assert!(near.separation.length() > far.separation.length());
        assert!(near.separation.x < 0.0, "pushes away from the neighbour");
    }
}
