//! Going round the target (M5, M6): a blade whose approach spot lies on the far side of
//! its target cannot walk through the body — target push and the contact brake stop it
//! at contact — so it walks round, and the solver prices a spot by that walk.

use crate::core::geom::{dist_point_segment, wrap_angle, Vec2};

/// How far a blade at `from` walks to `to` when a body of radius `body` (its own radius
/// included) stands at `centre`: straight when the line clears the body, else in to the
/// ring of radius `ring` round it and along that ring.
pub fn walk_round(from: Vec2, to: Vec2, centre: Vec2, body: f32, ring: f32) -> f32 {
    if dist_point_segment(centre, from, to) >= body {
        return from.distance(to);
    }
    let turn = wrap_angle((to - centre).angle() - (from - centre).angle()).abs();
    (from.distance(centre) - ring).abs() + ring * turn + (to.distance(centre) - ring).abs()
}

/// Where a blade at `pos` steers on its way to `goal` round a body of radius `body` at
/// `centre`: `goal` itself when the straight line clears the body, else a point on the
/// ring of radius `ring` at most `max_turn` radians round from the blade, toward the
/// goal's side — so it circles the target instead of pressing into it.
pub fn round_goal(
    pos: Vec2,
    goal: Vec2,
    centre: Vec2,
    body: f32,
    ring: f32,
    max_turn: f32,
) -> Vec2 {
    if dist_point_segment(centre, pos, goal) >= body {
        return goal;
    }
    let from = (pos - centre).angle();
    let turn = wrap_angle((goal - centre).angle() - from).clamp(-max_turn, max_turn);
    centre + Vec2::from_angle(from + turn) * ring.max(pos.distance(centre))
}

#[cfg(test)]
mod tests {
    use super::*;

    const C: Vec2 = Vec2 { x: 0.0, y: 0.0 };

    #[test]
    fn a_clear_line_is_walked_straight() {
        let (a, b) = (Vec2::new(-2.0, 1.0), Vec2::new(2.0, 1.0));
        assert_eq!(walk_round(a, b, C, 0.6, 0.9), a.distance(b));
        assert_eq!(round_goal(a, b, C, 0.6, 0.9, 0.8), b);
    }

    #[test]
    fn the_far_side_costs_half_the_ring_more_than_the_near_side() {
        // Blade at contact on the west, spots on the east (far) and north-west (near).
        let blade = Vec2::new(-0.9, 0.0);
        let far = Vec2::new(0.9, 0.0);
        let near = Vec2::from_angle(2.6) * 0.9;
        let far_walk = walk_round(blade, far, C, 0.6, 0.9);
        assert!(
            (far_walk - 0.9 * std::f32::consts::PI).abs() < 1e-4,
            "{far_walk}"
        );
        assert!(
            far_walk > blade.distance(far) + 0.9,
            "dearer than the straight line"
        );
        assert!(walk_round(blade, near, C, 0.6, 0.9) < 0.6);
    }

    #[test]
    fn the_blade_steers_round_the_body_by_at_most_the_turn() {
        let blade = Vec2::new(-0.9, 0.0);
        let g = round_goal(blade, Vec2::new(0.9, 0.05), C, 0.6, 0.9, 0.8);
        assert!((g.length() - 0.9).abs() < 1e-4, "on the ring: {g:?}");
        let turned = wrap_angle(g.angle() - blade.angle()).abs();
        assert!((turned - 0.8).abs() < 1e-4, "turned {turned}");
        // The steering point is off the line through the body: the blade slides round.
        assert!(dist_point_segment(C, blade, g) > 0.3);
    }
}
