//! The lane registry: reservation of active lanes and stepping aside (S7).

use crate::agent::Agent;
use crate::geom::{closest_point_on_segment, Vec2};
use crate::tuning::Tuning;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ReservedLane {
    pub owner: u32,
    pub muzzle: Vec2,
    pub aim: Vec2,
    /// Registered through `laneIntent` (blocked only by an ally), not a clear lane.
    pub intent: bool,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct LaneRegistry {
    pub lanes: Vec<ReservedLane>,
}

impl LaneRegistry {
    /// Rebuilds the registry from this tick's lane evaluations: agents with a clear lane
    /// **and** agents with `lane_intent`. Without the second group whoever steps into a
    /// lane removes it from the registry and nothing ever pushes them out.
    pub fn rebuild(&mut self, agents: &[Agent]) {
        self.lanes.clear();
        for a in agents
            .iter()
            .filter(|a| a.alive && a.is_gunner() && !a.forced)
        {
            if a.lane.has_lane || a.lane.lane_intent {
                self.lanes.push(ReservedLane {
                    owner: a.id,
                    muzzle: a.lane.muzzle,
                    aim: a.lane.aim,
                    intent: !a.lane.has_lane,
                });
            }
        }
    }

    /// Lanes of others whose LaneClear corridor `p` would block.
    pub fn blocked_by(&self, p: Vec2, me: u32, t: &Tuning) -> usize {
        let th = t.lane_threshold();
        self.lanes
            .iter()
            .filter(|l| {
                l.owner != me && p.distance(closest_point_on_segment(p, l.muzzle, l.aim)) < th
            })
            .count()
    }

    /// The lane-avoidance layer (S7): for every other agent's lane whose reservation
    /// corridor (`reserve_scale` × the LaneClear threshold) contains `pos`, a push
    /// perpendicular to the lane toward the nearer edge, `(1 − d/threshold) ×
    /// avoid_strength` saturated at 1. Summed over lanes, length at most 1.
    pub fn avoidance(&self, pos: Vec2, me: u32, t: &Tuning) -> Vec2 {
        let th = t.reserve_threshold();
        let mut push = Vec2::ZERO;
        for l in self.lanes.iter().filter(|l| l.owner != me) {
            push += lane_push(pos, l.muzzle, l.aim, th, t.lane.avoid_strength, me);
        }
        push.clamp_length(1.0)
    }
}

/// The push out of one lane `muzzle → aim` for an agent at `pos`: perpendicular to the
/// lane toward the side the agent is already on (the nearer edge).
pub fn lane_push(
    pos: Vec2,
    muzzle: Vec2,
    aim: Vec2,
    threshold: f32,
    strength: f32,
    tie_break: u32,
) -> Vec2 {
    let axis = aim - muzzle;
    let len = axis.length();
    if len < 1e-6 {
        return Vec2::ZERO;
    }
    let dir = axis / len;
    let rel = pos - muzzle;
    let along = rel.dot(dir);
    // Behind the muzzle or past the aim point nothing flies.
    if along < 0.0 || along > len {
        return Vec2::ZERO;
    }
    let side = dir.cross(rel);
    let d = side.abs();
    if d >= threshold {
        return Vec2::ZERO;
    }
    let magnitude = ((1.0 - d / threshold) * strength).min(1.0);
    // Exactly on the axis: a deterministic side per agent.
    let sign = if side > 1e-6 {
        1.0
    } else if side < -1e-6 {
        -1.0
    } else if tie_break % 2 == 0 {
        1.0
    } else {
        -1.0
    };
    dir.perp() * (sign * magnitude)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::{LaneEval, Role};

    #[test]
    fn push_is_perpendicular_toward_the_nearer_edge() {
        let muzzle = Vec2::new(0.0, 0.0);
        let aim = Vec2::new(10.0, 0.0);
        let above = lane_push(Vec2::new(5.0, 0.3), muzzle, aim, 0.954, 2.0, 0);
        assert!(above.x.abs() < 1e-6 && above.y > 0.0, "{:?}", above);
        let below = lane_push(Vec2::new(5.0, -0.3), muzzle, aim, 0.954, 2.0, 0);
        assert!(below.x.abs() < 1e-6 && below.y < 0.0);
        // Grows toward the axis, saturated at 1.
        let far = lane_push(Vec2::new(5.0, 0.8), muzzle, aim, 0.954, 2.0, 0).length();
        let near = lane_push(Vec2::new(5.0, 0.5), muzzle, aim, 0.954, 2.0, 0).length();
        assert!(near > far);
        assert_eq!(
            lane_push(Vec2::new(5.0, 0.01), muzzle, aim, 0.954, 2.0, 0).length(),
            1.0
        );
        assert_eq!(
            lane_push(Vec2::new(5.0, 1.0), muzzle, aim, 0.954, 2.0, 0),
            Vec2::ZERO
        );
    }

    #[test]
    fn registry_keeps_intent_lanes() {
        let mut shooter = Agent::new(0, Role::Gunner, 0, Vec2::new(1.0, 1.0), 0.0, 0.28, 100.0);
        shooter.lane = LaneEval {
            priority: Some(7),
            aim: Vec2::new(9.0, 1.0),
            muzzle: Vec2::new(1.3, 1.0),
            lane_intent: true,
            target_blocked_by_ally: true,
            ..LaneEval::default()
        };
        let blocker = Agent::new(1, Role::Gunner, 1, Vec2::new(4.0, 1.1), 0.0, 0.28, 100.0);
        let mut reg = LaneRegistry::default();
        reg.rebuild(&[shooter, blocker.clone()]);
        assert_eq!(reg.lanes.len(), 1);
        assert!(reg.lanes[0].intent);
        let push = reg.avoidance(blocker.pos, 1, &Tuning::default());
        assert!(
            push.y > 0.5 && push.x.abs() < 1e-6,
            "the blocker is pushed out: {:?}",
            push
        );
        assert_eq!(
            reg.avoidance(Vec2::new(4.0, 1.0), 0, &Tuning::default()),
            Vec2::ZERO,
            "own lane"
        );
    }

    #[test]
    fn reservation_is_wider_than_laneclear() {
        let t = Tuning::default();
        let muzzle = Vec2::new(0.0, 0.0);
        let aim = Vec2::new(10.0, 0.0);
        // 0.7 from the axis: LaneClear (0.53) would let a shot pass, the reserve pushes.
        let p = lane_push(
            Vec2::new(5.0, 0.7),
            muzzle,
            aim,
            t.reserve_threshold(),
            t.lane.avoid_strength,
            0,
        );
        assert!(p.y > 0.0);
    }
}
