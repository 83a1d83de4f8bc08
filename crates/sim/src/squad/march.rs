//! The squad's march (S3) each tick: ADVANCING or HOLDING from the movement input, then
//! the disk's step on the leash, urgency and sprint. The leash's own maths is
//! [`crate::squad::anchor`]'s.

use crate::core::events::{EventKind, Events};
use crate::core::geom::Vec2;
use crate::space::grid::{resolve_walls, Grid};
use crate::squad::anchor::{
    smallest_circle_centre, step_anchor, urgency_from_distance, SquadState,
};
use crate::squad::Squad;
use crate::tuning::{TickTuning, Tuning};

/// S3.2: ADVANCING while there is input, HOLDING after `hold_delay` without. Returns
/// whether there is movement input.
pub fn update_state(
    s: &mut Squad,
    move_dir: Vec2,
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
        if s.no_input_ticks == 0 && s.state == SquadState::Advancing {
            s.anchor.settling = true;
        }
        s.no_input_ticks = s.no_input_ticks.saturating_add(1);
        if s.state == SquadState::Advancing && s.no_input_ticks >= tt.hold_delay {
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

/// The disk's step (S3): move, leash drag, hard limit, walls; then urgency and sprint.
pub fn move_anchor(
    s: &mut Squad,
    move_dir: Vec2,
    sprint_key: bool,
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
    step_anchor(&mut s.anchor, dir, sprint, centre, middle, t);
    s.anchor.pos = resolve_walls(s.anchor.pos, t.anchor.radius, grid);
    s.anchor.leash_dist = s.anchor.pos.distance(centre);
    s.anchor.urgency = urgency_from_distance(s.anchor.leash_dist, t);
    s.sprinting = moving && (sprint_key || s.anchor.urgency > t.anchor.sprint_at);
}
