//! A gunner in melee falls back behind a blade (REQ S10.1, S10.2): while the squad
//! advances, a gunner with an enemy's body within `fall_back_gap` of its own and a Ready
//! blade within `fall_back_blade` steps to the blade's far side from that enemy. A gunner
//! standing between the blade and the crowd is in every swing the blade has (M4
//! withholds it) and takes the blows itself; behind the blade it is in none, and fires
//! past it when a lane opens.

use crate::core::geom::Vec2;
use crate::horde::enemy::Enemy;
use crate::space::grid::Grid;
use crate::squad::agent::{Agent, Role};
use crate::squad::blades::state::StrikePhase;
use crate::tuning::Tuning;

/// Where gunner `me` falls back to, if it does: just behind the nearest Ready blade
/// within reach, on the line from the enemy nearest `me` through that blade, a body's
/// width past it; `None` when no enemy presses `me`, no Ready blade is near, or that
/// spot is in a wall or not in a straight line's reach.
pub fn fall_back_spot(
    me: &Agent,
    agents: &[Agent],
    enemies: &[Enemy],
    grid: &Grid,
    t: &Tuning,
) -> Option<Vec2> {
    let mv = &t.movement;
    if mv.fall_back_gap <= 0.0 || !me.is_gunner() || me.forced {
        return None;
    }
    let gap = |e: &Enemy| e.pos.distance(me.pos) - e.radius - me.radius;
    let e = enemies
        .iter()
        .filter(|e| e.alive && gap(e) < mv.fall_back_gap)
        .min_by(|p, q| gap(p).total_cmp(&gap(q)).then(p.id.cmp(&q.id)))?;
    let blade = agents
        .iter()
        .filter(|b| {
            b.alive
                && b.role == Role::Blade
                && !b.forced
                && b.melee.phase == StrikePhase::Ready
                && b.pos.distance(me.pos) < mv.fall_back_blade
        })
        .min_by(|p, q| {
            p.pos
                .distance_sq(me.pos)
                .total_cmp(&q.pos.distance_sq(me.pos))
                .then(p.id.cmp(&q.id))
        })?;
    let away = (blade.pos - e.pos).normalize_or_zero();
    if away == Vec2::ZERO {
        return None;
    }
    let spot = blade.pos + away * (blade.radius + me.radius + t.melee.standoff_gap);
    // A straight seek replaces the path there: only a spot in plain sight is taken.
    (!grid.circle_hits_wall(spot, me.radius) && grid.line_clear(me.pos, spot)).then_some(spot)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::squad::blades::melee_cases::dummy;

    fn agent(id: u32, role: Role, pos: Vec2) -> Agent {
        Agent::new(id, role, id as usize, pos, 0.0, 0.28, 100.0)
    }

    /// An enemy at a gunner's chest, a Ready blade 1 u behind the gunner: the gunner's
    /// spot is on the blade's far side from the enemy, a body's width past it, out
    /// of every swing the blade has at it. Off (gap 0), with the enemy beyond the gap,
    /// or with the blade mid-strike, it keeps its own goal.
    #[test]
    fn a_gunner_pressed_in_melee_falls_back_behind_a_ready_blade() {
        let mut t = Tuning::default();
        t.movement.fall_back_gap = 0.8;
        let grid = Grid::open_with_border(40, 40);
        let gunner = agent(2, Role::Gunner, Vec2::new(20.0, 20.0));
        let blade = agent(0, Role::Blade, Vec2::new(19.0, 20.0));
        let e = dummy(7, Vec2::new(20.6, 20.0));
        let agents = [blade.clone(), gunner.clone()];
        let spot = fall_back_spot(&gunner, &agents, std::slice::from_ref(&e), &grid, &t)
            .expect("falls back");
        assert!(spot.x < blade.pos.x - blade.radius, "{spot:?}");
        assert!((spot.y - 20.0).abs() < 1e-4, "{spot:?}");

        let mut off = t.clone();
        off.movement.fall_back_gap = 0.0;
        assert_eq!(
            fall_back_spot(&gunner, &agents, std::slice::from_ref(&e), &grid, &off),
            None
        );
        let mut far = e.clone();
        far.pos = Vec2::new(21.5, 20.0);
        assert_eq!(
            fall_back_spot(&gunner, &agents, std::slice::from_ref(&far), &grid, &t),
            None
        );
        let mut busy = agents.clone();
        busy[0].melee.phase = StrikePhase::Windup;
        assert_eq!(
            fall_back_spot(&gunner, &busy, std::slice::from_ref(&e), &grid, &t),
            None
        );
    }
}
