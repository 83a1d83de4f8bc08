//! The lane registry: reservation of active lanes and stepping aside (S7).

use crate::core::geom::{closest_point_on_segment, Vec2};
use crate::horde::enemy::find_enemy;
use crate::horde::enemy::Enemy;
use crate::squad::agent::{Agent, Role};
use crate::squad::blades::reach::{guarded_sector, target_in_reach};
use crate::squad::blades::sector::Sector;
use crate::squad::blades::state::StrikePhase;
use crate::tuning::Tuning;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReservedLane {
    pub owner: u32,
    pub muzzle: Vec2,
    pub aim: Vec2,
    /// Registered through `laneIntent` (blocked only by an ally), not a clear lane.
    pub intent: bool,
    /// The enemy the lane ends at.
    pub target: Option<u32>,
}

/// A blade's strike sector, reserved like a lane (S7, M5).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReservedSector {
    pub owner: u32,
    pub sector: Sector,
    /// Intended (target in reach, about to strike) rather than mid-strike.
    pub intent: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LaneRegistry {
    pub lanes: Vec<ReservedLane>,
    pub sectors: Vec<ReservedSector>,
}

impl LaneRegistry {
    /// Rebuilds the registry from this tick's lane evaluations: agents with a clear lane
    /// **and** agents with `lane_intent`. Without the second group whoever steps into a
    /// lane removes it from the registry and nothing ever pushes them out.
    pub fn rebuild(&mut self, agents: &[Agent], enemies: &[Enemy], t: &Tuning) {
        self.lanes.clear();
        self.sectors.clear();
        for a in agents
            .iter()
            .filter(|a| a.alive && a.role == Role::Blade && !a.forced)
        {
            let m = &a.melee;
            let k = m.strike;
            if m.striking() {
                self.sectors.push(ReservedSector {
                    owner: a.id,
                    sector: guarded_sector(a.pos, m.axis, k, t),
                    intent: false,
                });
            } else if m.phase == StrikePhase::Ready {
                if let Some(e) = m
                    .target
                    .and_then(|id| find_enemy(enemies, id))
                    .filter(|e| e.alive)
                {
                    if target_in_reach(a, e, k, t)
                        || a.pos.distance(a.post_pos) < t.melee.reserve_at_post
                    {
                        let axis = (e.pos - a.pos).angle();
                        self.sectors.push(ReservedSector {
                            owner: a.id,
                            sector: guarded_sector(a.pos, axis, k, t),
                            intent: true,
                        });
                    }
                }
            }
        }
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
                    target: if a.lane.has_lane {
                        a.lane.target
                    } else {
                        a.lane.priority
                    },
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
    ///
    /// A blade closing on `melee_target` is not pushed by lanes that end at that same
    /// target: it must stand beside it, and the lanes' own LaneClear and ally-intercept
    /// checks keep every shot off it (docs/decisions.md).
    pub fn avoidance(&self, pos: Vec2, me: u32, melee_target: Option<u32>, t: &Tuning) -> Vec2 {
        let th = t.reserve_threshold();
        let mut push = Vec2::ZERO;
        for l in self
            .lanes
            .iter()
            .filter(|l| l.owner != me && (melee_target.is_none() || l.target != melee_target))
        {
            push += lane_push(pos, l.muzzle, l.aim, th, t.lane.avoid_strength, me);
        }
        let reserve = t.melee.safety_margin * t.melee.reserve_scale + t.squad.body_radius;
        for s in self.sectors.iter().filter(|s| s.owner != me) {
            push += sector_push(pos, &s.sector, reserve, t.lane.avoid_strength, me);
        }
        push.clamp_length(1.0)
    }
}

/// Which side of an axis a point is on (the sign of the cross product); exactly on the
/// axis, a deterministic side per agent.
fn side_sign(side: f32, tie_break: u32) -> f32 {
    if side > 1e-6 {
        1.0
    } else if side < -1e-6 {
        -1.0
    } else if tie_break.is_multiple_of(2) {
        1.0
    } else {
        -1.0
    }
}

/// The push out of a reserved sector: perpendicular to its axis toward the side the
/// agent is on, growing as it gets deeper, `(1 − d/threshold) × strength` saturated at 1,
/// where `d` is the distance to the sector and `threshold` the reserve (body radius +
/// safety margin × reserve scale).
pub fn sector_push(pos: Vec2, s: &Sector, threshold: f32, strength: f32, tie_break: u32) -> Vec2 {
    let d = s.distance(pos);
    if d >= threshold {
        return Vec2::ZERO;
    }
    let axis = Vec2::from_angle(s.axis);
    let rel = pos - s.apex;
    if rel.dot(axis) < -threshold {
        return Vec2::ZERO;
    }
    let sign = side_sign(axis.cross(rel), tie_break);
    axis.perp() * (sign * ((1.0 - d / threshold) * strength).min(1.0))
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
    dir.perp() * (side_sign(side, tie_break) * magnitude)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::squad::agent::{LaneEval, Role};

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
        reg.rebuild(&[shooter, blocker.clone()], &[], &Tuning::default());
        assert_eq!(reg.lanes.len(), 1);
        assert!(reg.lanes[0].intent);
        let push = reg.avoidance(blocker.pos, 1, None, &Tuning::default());
        assert!(
            push.y > 0.5 && push.x.abs() < 1e-6,
            "the blocker is pushed out: {:?}",
            push
        );
        assert_eq!(
            reg.avoidance(Vec2::new(4.0, 1.0), 0, None, &Tuning::default()),
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
