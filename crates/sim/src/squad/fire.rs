//! Fire conditions (S9): cooldown, barrel on target, LaneClear re-confirmed, and the
//! ally-intercept test over the bullet's flight.

use crate::combat::bullet::Bullet;
use crate::core::events::{EventKind, Events};
use crate::core::geom::{dist_point_segment, wrap_angle, Vec2};
use crate::core::ids::Ids;
use crate::core::stats::Stats;
use crate::horde::enemy::{find_enemy, Enemy};
use crate::space::grid::Grid;
use crate::squad::agent::Agent;
use crate::squad::lane::lane_clear_from;
use crate::squad::target::aim_at;
use crate::squad::Squad;
use crate::tuning::{TickTuning, Tuning, DT};

/// The ally (lowest index) that would be on the bullet's path during its flight: a
/// bullet from `muzzle` along unit `dir` at `bullet_speed` for `length` units. "On the
/// path" means closer than the LaneClear threshold to the bullet at the same instant.
///
/// Allies are extrapolated along their velocity — except a blade in the middle of a
/// strike, whose next moves are known: rooted for the rest of its windup, then the lunge
/// along its strike axis (a blade standing still in windup is about to move; its
/// velocity says nothing about that).
pub fn ally_intercepts_shot(
    shooter: u32,
    muzzle: Vec2,
    dir: Vec2,
    length: f32,
    agents: &[Agent],
    t: &Tuning,
) -> Option<u32> {
    let speed = t.fire.bullet_speed;
    let flight = length / speed;
    let threshold = t.lane_threshold();
    let bullet_vel = dir * speed;
    for a in agents.iter().filter(|a| a.alive && a.id != shooter) {
        let hit = if a.melee.striking() {
            lunge_crosses(a, muzzle, bullet_vel, flight, threshold, t)
        } else {
            // Relative position ally − bullet: r0 + w τ, minimised over τ ∈ [0, flight].
            let r0 = a.pos - muzzle;
            let w = a.vel - bullet_vel;
            let ww = w.length_sq();
            let tau = if ww > 1e-9 {
                (-r0.dot(w) / ww).clamp(0.0, flight)
            } else {
                0.0
            };
            (r0 + w * tau).length() < threshold
        };
        if hit {
            return Some(a.id);
        }
    }
    None
}

/// Tick by tick over the flight: does a striking blade's predicted lunge come within
/// `threshold` of the bullet's path segment of that tick?
fn lunge_crosses(
    a: &Agent,
    muzzle: Vec2,
    bullet_vel: Vec2,
    flight: f32,
    threshold: f32,
    t: &Tuning,
) -> bool {
    use crate::squad::blades::reach::lunge_extent;
    use crate::squad::blades::state::StrikePhase;
    let k = a.melee.strike.min(2);
    let axis = Vec2::from_angle(a.melee.axis);
    let extent = lunge_extent(k, t);
    // Ticks until the lunge starts, and its length in ticks.
    let (start, len) = match a.melee.phase {
        StrikePhase::Windup => (
            a.melee.phase_left.saturating_sub(1),
            crate::tuning::ticks(t.melee.active[k]).max(1),
        ),
        _ => (0, a.melee.phase_left.max(1)),
    };
    let n = (flight / DT).ceil() as u32 + 1;
    for step in 0..=n {
        let lunged = (step.saturating_sub(start) as f32 / len as f32).min(1.0) * extent;
        let p = a.pos + axis * lunged;
        let b0 = muzzle + bullet_vel * (step as f32 * DT).min(flight);
        let b1 = muzzle + bullet_vel * ((step + 1) as f32 * DT).min(flight);
        if dist_point_segment(p, b0, b1) < threshold {
            return true;
        }
    }
    false
}

/// Turns `current` toward `wanted` by at most `max_step` radians.
pub fn turn_toward(current: f32, wanted: f32, max_step: f32) -> f32 {
    let diff = wrap_angle(wanted - current);
    if diff.abs() <= max_step {
        wanted
    } else {
        wrap_angle(current + max_step * diff.signum())
    }
}

/// The barrel is within `aim_tolerance_deg` of the direction to `aim`.
pub fn barrel_on_target(barrel: f32, from: Vec2, aim: Vec2, t: &Tuning) -> bool {
    let wanted = (aim - from).angle();
    wrap_angle(wanted - barrel).abs() <= t.fire.aim_tolerance_deg.to_radians()
}

/// What the fire step reads and writes besides the squad.
pub struct FireStep<'a> {
    pub tick: u64,
    pub enemies: &'a [Enemy],
    pub grid: &'a Grid,
    pub tuning: &'a Tuning,
    pub ticks: &'a TickTuning,
    pub bullets: &'a mut Vec<Bullet>,
    pub ids: &'a mut Ids,
    pub stats: &'a mut Stats,
    pub events: &'a mut Events,
}

/// S9: barrels turn toward the priority target; a gunner off cooldown, not sprinting,
/// fires at its lane target when the lane is clear *from where it stands now*, the
/// barrel is on target and no ally walks into the verified segment.
pub fn fire(s: &mut Squad, f: &mut FireStep) {
    let t = f.tuning;
    let turn = t.fire.barrel_turn_rate_deg.to_radians() * DT;
    for i in 0..s.agents.len() {
        let a = &s.agents[i];
        if !a.alive || !a.is_gunner() || a.forced {
            continue;
        }
        let mut barrel = a.barrel;
        if a.lane.priority.is_some() {
            barrel = turn_toward(barrel, (a.lane.aim - a.pos).angle(), turn);
        }
        let cooldown = a.cooldown.saturating_sub(1);
        s.agents[i].barrel = barrel;
        s.agents[i].cooldown = cooldown;
        if s.sprinting || cooldown > 0 {
            continue;
        }
        let Some(tid) = s.agents[i].lane.target else {
            continue;
        };
        let Some(e) = find_enemy(f.enemies, tid).filter(|e| e.alive) else {
            continue;
        };
        let a = &s.agents[i];
        // Re-confirm on this tick's positions: aim and lane from where the agent is now.
        let aim = aim_at(a.pos, e, t);
        let res = lane_clear_from(a.pos, aim, a.id, &s.agents, f.grid, t);
        if !res.is_clear() || !barrel_on_target(barrel, a.pos, aim, t) {
            continue;
        }
        let dir = (aim - res.muzzle).normalize_or_zero();
        if dir == Vec2::ZERO {
            continue;
        }
        let verified = res.muzzle.distance(aim) + e.radius;
        if let Some(ally) = ally_intercepts_shot(a.id, res.muzzle, dir, verified, &s.agents, t) {
            f.stats.shots_withheld_intercept += 1;
            f.events.emit(
                f.tick,
                EventKind::ShotWithheld {
                    shooter: i as u32,
                    ally,
                },
            );
            continue;
        }
        let bullet = f.ids.take();
        f.bullets.push(Bullet {
            id: bullet,
            shooter: i as u32,
            pos: res.muzzle,
            prev_pos: res.muzzle,
            muzzle: res.muzzle,
            dir,
            speed: t.fire.bullet_speed,
            traveled: 0.0,
            verified,
            target: tid,
        });
        s.agents[i].cooldown = f.ticks.fire_cooldown;
        f.stats.shots_fired += 1;
        f.events.emit(
            f.tick,
            EventKind::Shot {
                shooter: i as u32,
                bullet,
                target: tid,
                muzzle: res.muzzle,
                aim,
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::squad::agent::Role;

    fn agent(id: u32, p: Vec2, v: Vec2) -> Agent {
        let mut a = Agent::new(id, Role::Gunner, 0, p, 0.0, 0.28, 100.0);
        a.vel = v;
        a
    }

    #[test]
    fn ally_walking_into_the_path_withholds_the_shot() {
        let t = Tuning::default();
        // Ally 0.9 beside the line at x = 4 (outside LaneClear's 0.53), walking toward it
        // at 2.7 u/s: when the bullet passes x = 4 after 0.154 s it is 0.48 from the axis.
        let agents = [
            agent(0, Vec2::ZERO, Vec2::ZERO),
            agent(1, Vec2::new(4.0, 0.9), Vec2::new(0.0, -2.7)),
        ];
        let hit = ally_intercepts_shot(
            0,
            Vec2::new(0.3, 0.0),
            Vec2::new(1.0, 0.0),
            8.0,
            &agents,
            &t,
        );
        assert_eq!(hit, Some(1));
    }

    #[test]
    fn ally_walking_away_does_not_withhold() {
        let t = Tuning::default();
        let agents = [
            agent(0, Vec2::ZERO, Vec2::ZERO),
            agent(1, Vec2::new(4.0, 0.7), Vec2::new(0.0, 2.7)),
        ];
        assert_eq!(
            ally_intercepts_shot(
                0,
                Vec2::new(0.3, 0.0),
                Vec2::new(1.0, 0.0),
                8.0,
                &agents,
                &t
            ),
            None
        );
    }

    #[test]
    fn barrel_turns_at_a_finite_rate() {
        let a = turn_toward(0.0, 1.0, 0.1);
        assert!((a - 0.1).abs() < 1e-6);
        assert_eq!(turn_toward(0.0, 0.05, 0.1), 0.05);
        // Across the ±π seam it takes the short way.
        let b = turn_toward(3.0, -3.0, 0.1);
        assert!(!(-3.0..=3.0).contains(&b));
    }
}
