//! Target choice (S5): automatic and manual, side flags, and lead targeting (S5.3).

use crate::core::geom::Vec2;
use crate::horde::enemy::Enemy;
use crate::squad::agent::{Agent, LaneEval};
use crate::squad::anchor::SquadState;
use crate::squad::lane::lane_clear_from;
use crate::squad::view::WorldView;
use crate::tuning::Tuning;

/// Lead aim point (S5.3): where a bullet leaving `from` at `bullet_speed`, starting
/// `muzzle_offset` out from `from`, meets a target at `pos` moving at constant `vel`.
///
/// Solves `|D + V t| = s t + r` (D = pos − from): `(V·V − s²) t² + 2 (D·V − s r) t +
/// (D·D − r²) = 0`, smallest positive root. No positive root ⇒ aim at `pos`.
pub fn lead_aim(from: Vec2, pos: Vec2, vel: Vec2, t: &Tuning) -> Vec2 {
    if vel.length_sq() < 1e-8 {
        return pos;
    }
    let s = t.fire.bullet_speed;
    let r = t.lane.muzzle_offset;
    let d = pos - from;
    let a = vel.dot(vel) - s * s;
    let b = 2.0 * (d.dot(vel) - s * r);
    let c = d.dot(d) - r * r;
    let root = if a.abs() < 1e-6 {
        if b.abs() < 1e-9 {
            None
        } else {
            Some(-c / b).filter(|t| *t > 0.0)
        }
    } else {
        let disc = b * b - 4.0 * a * c;
        if disc < 0.0 {
            None
        } else {
            let sq = disc.sqrt();
            let t1 = (-b - sq) / (2.0 * a);
            let t2 = (-b + sq) / (2.0 * a);
            let (lo, hi) = if t1 < t2 { (t1, t2) } else { (t2, t1) };
            if lo > 0.0 {
                Some(lo)
            } else if hi > 0.0 {
                Some(hi)
            } else {
                None
            }
        }
    };
    match root {
        Some(time) if time.is_finite() => pos + vel * time,
        _ => pos,
    }
}

/// Aim point at enemy `e` from `from`.
pub fn aim_at(from: Vec2, e: &Enemy, t: &Tuning) -> Vec2 {
    lead_aim(from, e.pos, e.vel, t)
}

/// The squad perceives `e` (T2): every enemy, but a stalker only while a beam holds it
/// or within arm's reach of a standing agent (`Enemy::perceived_from`) — what one agent
/// feels at its side, the others hear.
pub fn perceived(e: &Enemy, agents: &[Agent], t: &Tuning) -> bool {
    e.kind != crate::horde::enemy::EnemyKind::Stalker
        || e.lit
        || agents.iter().any(|a| a.alive && e.perceived_from(a.pos, t))
}

/// Live enemies within `acquisition_radius` of `from` that the squad perceives
/// ([`perceived`]: a stalker in the dark it does not), nearest first (ties by id).
pub fn enemies_in_reach<'a>(
    from: Vec2,
    enemies: &'a [Enemy],
    agents: &[Agent],
    t: &Tuning,
    out: &mut Vec<&'a Enemy>,
) {
    out.clear();
    let r2 = t.lane.acquisition_radius * t.lane.acquisition_radius;
    out.extend(
        enemies
            .iter()
            .filter(|e| e.alive && e.pos.distance_sq(from) <= r2 && perceived(e, agents, t)),
    );
    out.sort_by(|a, b| {
        a.pos
            .distance_sq(from)
            .total_cmp(&b.pos.distance_sq(from))
            .then(a.id.cmp(&b.id))
    });
}

/// `evaluate_agent_lane` (S5), once per agent per tick, from the agent's position.
pub fn evaluate_agent_lane(agent: &Agent, w: &WorldView) -> LaneEval {
    evaluate_lane_from(agent.pos, agent, w)
}

/// The same evaluation from an arbitrary point (the solver's "what if I stood there").
pub fn evaluate_lane_from(from: Vec2, agent: &Agent, w: &WorldView) -> LaneEval {
    let t = w.tuning;
    let mut near = Vec::new();
    enemies_in_reach(from, w.enemies, w.agents, t, &mut near);
    let assigned = w
        .assigned
        .and_then(|id| w.enemy(id))
        .filter(|e| e.alive && perceived(e, w.agents, t));
    let Some(primary) = assigned.or_else(|| near.first().copied()) else {
        return LaneEval {
            aim: from,
            muzzle: from,
            ..LaneEval::default()
        };
    };
    let aim = aim_at(from, primary, t);
    let res = lane_clear_from(from, aim, agent.id, w.agents, w.grid, t);
    let mut eval = LaneEval {
        target: None,
        priority: Some(primary.id),
        aim,
        muzzle: res.muzzle,
        has_lane: false,
        target_blocked_by_ally: res.ally.is_some(),
        blocking_ally: res.ally,
        target_blocked_by_wall: res.wall,
        lane_intent: res.only_ally_blocks(),
    };
    if res.is_clear() {
        eval.target = Some(primary.id);
        eval.has_lane = true;
        return eval;
    }
    // Manual mode: secondaries only while advancing with `free_fire_secondary`; when
    // holding the agent stays silent and the solver works toward the assigned target.
    let secondaries_allowed = match assigned {
        None => true,
        Some(_) => w.state == SquadState::Advancing && t.fire.free_fire_secondary,
    };
    if secondaries_allowed {
        for e in near.iter().filter(|e| e.id != primary.id) {
            let aim2 = aim_at(from, e, t);
            let r2 = lane_clear_from(from, aim2, agent.id, w.agents, w.grid, t);
            if r2.is_clear() {
                eval.target = Some(e.id);
                eval.has_lane = true;
                eval.aim = aim2;
                eval.muzzle = r2.muzzle;
                break;
            }
        }
    }
    eval
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tuning() -> Tuning {
        Tuning::default()
    }

    #[test]
    fn static_target_is_aimed_directly() {
        let t = tuning();
        let p = Vec2::new(5.0, 3.0);
        assert_eq!(lead_aim(Vec2::ZERO, p, Vec2::ZERO, &t), p);
    }

    #[test]
    fn crossing_target_is_met_by_the_bullet() {
        let t = tuning();
        let from = Vec2::new(0.0, 0.0);
        let pos = Vec2::new(6.0, -2.0);
        let vel = Vec2::new(0.0, 2.5);
        let aim = lead_aim(from, pos, vel, &t);
        assert!(aim != pos);
        // Simulate: the bullet starts at the muzzle toward aim; the target moves on.
        let dir = (aim - from).normalize_or_zero();
        let muzzle = from + dir * t.lane.muzzle_offset;
        let flight = (aim - muzzle).length() / t.fire.bullet_speed;
        let bullet_at = muzzle + dir * (t.fire.bullet_speed * flight);
        let target_at = pos + vel * flight;
        assert!(
            bullet_at.distance(target_at) < 1e-3,
            "{:?} vs {:?}",
            bullet_at,
            target_at
        );
    }

    #[test]
    fn no_root_falls_back_to_direct_aim() {
        let t = tuning();
        // A target running away faster than the bullet can never be met.
        let pos = Vec2::new(5.0, 0.0);
        let vel = Vec2::new(t.fire.bullet_speed * 2.0, 0.0);
        assert_eq!(lead_aim(Vec2::ZERO, pos, vel, &t), pos);
    }
}
