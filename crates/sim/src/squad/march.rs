//! The squad's march (S3) each tick: ADVANCING or HOLDING from the movement input, then
//! the disk's step on the leash, urgency and sprint. The leash's own maths is
//! [`crate::squad::anchor`]'s.

use crate::core::events::{EventKind, Events};
use crate::core::geom::Vec2;
use crate::space::grid::{resolve_walls, Grid};
use crate::squad::agent::Role;
use crate::squad::anchor::{
    smallest_circle_centre, step_anchor, straggler_lag, urgency_from_distance, SquadState,
};
use crate::squad::disk_walls::step_against_walls;
use crate::squad::Squad;
use crate::tuning::{TickTuning, Tuning};

/// S3.2: ADVANCING while there is input, HOLDING after `hold_delay` without, once the
/// disk has settled among the agents (at most `hold_settle_max`) — or, when the disk
/// stays where it was put (`disk_stays`, REQ W4), once the gunners have walked up to
/// their slots round it (at most `gather_max`). Returns whether there is movement
/// input.
pub fn update_state(
    s: &mut Squad,
    move_dir: Vec2,
    disk_stays: bool,
    t: &Tuning,
    tt: &TickTuning,
    events: &mut Events,
    tick: u64,
) -> bool {
    let moving = move_dir.length_sq() > 1e-6 && move_dir.is_finite();
    if moving {
        s.no_input_ticks = 0;
        if s.state == SquadState::Holding {
            s.state = SquadState::Advancing;
            for a in &mut s.agents {
                a.commit_timer = 0;
            }
            events.emit(tick, EventKind::StateChanged { holding: false });
        }
    } else {
        if disk_stays {
            // No snap-back (one switched on in the middle of one stops it).
            s.anchor.settling = false;
        } else if s.no_input_ticks == 0 && s.state == SquadState::Advancing {
            s.anchor.settling = true;
        }
        s.no_input_ticks = s.no_input_ticks.saturating_add(1);
        let settled = if disk_stays {
            s.no_input_ticks >= tt.gather_max || gathered(s, t)
        } else {
            !s.anchor.settling || s.no_input_ticks >= tt.hold_settle_max
        };
        if s.state == SquadState::Advancing && s.no_input_ticks >= tt.hold_delay && settled {
            s.state = SquadState::Holding;
            // The squad stops where it stands, inside the solver's hard bound.
            let bound = t.solver.cohesion_radius + t.solver.post_leash;
            let anchor = s.anchor.pos;
            for a in &mut s.agents {
                a.commit_timer = 0;
                let off = a.pos - anchor;
                a.post_pos = if off.length() > bound {
                    anchor + off.clamp_length(bound)
                } else {
                    a.pos
                };
            }
            events.emit(tick, EventKind::StateChanged { holding: true });
        }
    }
    moving
}

/// Every standing gunner the AI moves is within `gather_distance` of its goal (its slot
/// round the disk while advancing).
fn gathered(s: &Squad, t: &Tuning) -> bool {
    s.agents
        .iter()
        .filter(|a| a.alive && !a.forced && a.role == Role::Gunner)
        .all(|a| a.pos.distance(s.goal_of(a)) <= t.squad.gather_distance)
}

/// The disk's step (S3): move, leash drag, hard limit, walls (W4: sliding, and round a
/// corner that would stop it when the input asks, `round_corners`); then urgency and
/// sprint.
pub fn move_anchor(
    s: &mut Squad,
    move_dir: Vec2,
    sprint_key: bool,
    round_corners: bool,
    moving: bool,
    grid: &Grid,
    t: &Tuning,
) {
    let dir = if moving {
        move_dir.normalize_or_zero()
    } else {
        Vec2::ZERO
    };
    let centre = s.centre();
    let sprint = moving && sprint_key;
    let middle = if s.anchor.settling {
        let standing: Vec<Vec2> = s.agents.iter().filter(|a| a.alive).map(|a| a.pos).collect();
        smallest_circle_centre(&standing, s.anchor.pos)
    } else {
        centre
    };
    // The worst straggler among the agents the AI moves (a scripted walk is no one's
    // to wait for). A blade fighting stands by its approach spot, so its goal is no lag
    // however far the squad walks on; it lags by how far it stands from its formation
    // slot beyond the reach it may fight at (`engage_radius`) — generated yard 154's
    // blade fought 7 s at the crowd behind while the disk walked 11 u on, then took
    // 14 s to catch up (A10; REQ S10.4).
    let lag = s
        .agents
        .iter()
        .filter(|a| a.alive && !a.forced)
        .map(|a| {
            let mut behind = a.pos.distance(s.goal_of(a));
            if a.role == Role::Blade && s.state == SquadState::Advancing {
                let slot = a.pos.distance(s.slots[a.slot]) - t.melee.engage_radius;
                behind = behind.max(slot);
            }
            straggler_lag(behind, t)
        })
        .fold(0.0, f32::max);
    let from = s.anchor.pos;
    step_anchor(&mut s.anchor, dir, sprint, centre, middle, lag, t);
    // Walls last: sliding along them — and for a person's input nudged round a corner
    // that would stop it (W4).
    s.anchor.pos = if round_corners {
        step_against_walls(from, s.anchor.pos, dir, centre, grid, t)
    } else {
        resolve_walls(s.anchor.pos, t.anchor.radius, grid)
    };
    s.anchor.leash_dist = s.anchor.pos.distance(centre);
    s.anchor.urgency = urgency_from_distance(s.anchor.leash_dist, t);
    s.sprinting = moving && (sprint_key || s.anchor.urgency > t.anchor.sprint_at);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::squad::agent::Agent;

    fn marching_squad() -> Squad {
        let agents = (0..5u32)
            .map(|i| {
                let role = if i < 2 { Role::Blade } else { Role::Gunner };
                let pos = Vec2::new(4.0 + i as f32 * 0.6, 4.0);
                Agent::new(i, role, i as usize, pos, 0.0, 0.28, 100.0)
            })
            .collect();
        Squad::marching(agents, Vec2::new(8.0, 4.0))
    }

    /// Ticks without input until HOLDING, the disk settling until tick `settled_at`.
    fn ticks_to_hold(settled_at: u32, t: &Tuning) -> u32 {
        let tt = TickTuning::from_tuning(t);
        let mut s = marching_squad();
        let mut events = Events::default();
        for k in 1..=600 {
            update_state(&mut s, Vec2::ZERO, false, t, &tt, &mut events, k as u64);
            assert!(
                s.anchor.settling || k > settled_at,
                "input stopped: the disk settles"
            );
            if s.state == SquadState::Holding {
                return k;
            }
            if k == settled_at {
                s.anchor.settling = false;
            }
        }
        panic!("never held");
    }

    #[test]
    fn the_squad_holds_once_the_disk_has_settled_and_the_hold_delay_is_over() {
        let t = Tuning::default();
        let tt = TickTuning::from_tuning(&t);
        // Settled early: the hold delay decides.
        assert_eq!(ticks_to_hold(2, &t), tt.hold_delay);
        // Still in flight past the hold delay: HOLDING the tick after it settles.
        assert_eq!(ticks_to_hold(tt.hold_delay + 5, &t), tt.hold_delay + 6);
        // A disk that never settles (held off by a wall) holds at `hold_settle_max`.
        assert_eq!(ticks_to_hold(u32::MAX, &t), tt.hold_settle_max);
        assert!(tt.hold_settle_max > tt.hold_delay + 6);
    }
}
