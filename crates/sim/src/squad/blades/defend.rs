//! Blades defend (REQ S10.2): a melee enemy winding up on a gunner within `melee.guard_reach` of a blade
//! that could swing at it without taking in an ally is that blade's target, before any
//! other. The swing itself still waits for the discipline check at the strike (M7.4)
//! and S9.5's bounds: this only says whom the blade goes for. Off while `guard_reach` is
//! 0, its default (docs/decisions.md: on, it cost the curve a Long Dark win).

use crate::horde::body::EnemyKind;
use crate::horde::enemy::Enemy;
use crate::squad::agent::{Agent, Role};
use crate::squad::blades::reach::{guarded_sector, target_in_reach};
use crate::squad::view::WorldView;

/// Whether `e` is a melee enemy winding up on a standing gunner of `agents`.
fn strikes_a_gunner(e: &Enemy, agents: &[Agent]) -> bool {
    if matches!(
        e.kind,
        EnemyKind::Spitter | EnemyKind::Dummy | EnemyKind::Nest
    ) {
        return false;
    }
    let gunner = |id: u32| {
        agents
            .get(id as usize)
            .is_some_and(|a| a.alive && a.role == Role::Gunner)
    };
    e.attack.winding_up() && e.attack.target.is_some_and(gunner)
}

/// The enemy `blade` defends a gunner from, if any: none while its own target is in its
/// strike's reach or another enemy stands within `defend_radius` of it (a blade in a
/// fight finishes it: taken off an enemy at its side it lost M7.8's contact on a
/// generated cave); else the nearest live,
/// perceived melee enemy winding up on a gunner within `guard_reach` of the blade (centre to centre)
/// whose guarded sector from where the blade stands holds no ally, and which no other
/// blade holds (`claimed`).
pub fn defend_target(w: &WorldView, blade: &Agent, claimed: impl Fn(u32) -> bool) -> Option<u32> {
    let t = w.tuning;
    let k = blade.melee.strike.min(2);
    let fighting = blade
        .melee
        .target
        .and_then(|id| w.enemy(id))
        .is_some_and(|e| e.alive && target_in_reach(blade, e, k, t))
        || w.enemies.iter().any(|e| {
            e.alive
                && !e.is_dummy()
                && e.pos.distance(blade.pos) <= t.melee.defend_radius
                && !strikes_a_gunner(e, w.agents)
        });
    if fighting {
        return None;
    }
    w.enemies
        .iter()
        .filter(|e| {
            e.alive
                && e.pos.distance(blade.pos) <= t.melee.guard_reach
                && !claimed(e.id)
                && crate::squad::target::perceived(e, w.agents, t)
                && strikes_a_gunner(e, w.agents)
        })
        .filter(|e| {
            let axis = (e.pos - blade.pos).angle();
            let sector = guarded_sector(blade.pos, axis, k, t);
            // No ally's body within the safety margin of it (M4's check, as it stands now).
            w.agents.iter().all(|a| {
                !a.alive
                    || a.id == blade.id
                    || sector.distance(a.pos) >= a.radius + t.melee.safety_margin
            })
        })
        .min_by(|a, b| {
            a.pos
                .distance_sq(blade.pos)
                .total_cmp(&b.pos.distance_sq(blade.pos))
                .then(a.id.cmp(&b.id))
        })
        .map(|e| e.id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::geom::Vec2;
    use crate::horde::enemy::AttackState;
    use crate::space::grid::Grid;
    use crate::squad::anchor::SquadState;
    use crate::tuning::Tuning;

    fn body(id: u32, role: Role, pos: Vec2) -> Agent {
        Agent::new(id, role, id as usize, pos, 0.0, 0.28, 100.0)
    }

    fn shambler(id: u32, pos: Vec2, on: Option<u32>) -> Enemy {
        Enemy {
            id,
            kind: EnemyKind::Shambler,
            pos,
            prev_pos: pos,
            vel: Vec2::ZERO,
            facing: 0.0,
            radius: 0.3,
            health: 100.0,
            alive: true,
            stagger: 0,
            hits: 0,
            attack: AttackState {
                windup_left: on.map(|_| 20),
                windup_ticks: 34,
                target: on,
                ..AttackState::default()
            },
            wander: 0.0,
            sees: true,
            lit: false,
            shy: 0,
        }
    }

    /// A holding squad: blade 0 at the disk, gunner 1 south of it. Enemy 5 is nearer the
    /// blade (1.8 u); enemy 6, winding up on the gunner 2.2 u from the blade, is the one
    /// it defends the gunner from (`choose_blade_target` takes it before any other) — but
    /// not when the gunner stands in the blade's sector toward it, nor when
    /// it winds up on nobody, nor beyond `guard_reach`, nor with enemy 5 at the blade's
    /// side.
    #[test]
    fn a_blade_takes_the_enemy_winding_up_on_a_gunner_first_when_its_sector_is_clear() {
        let mut t = Tuning::default();
        t.melee.guard_reach = 2.5;
        let grid = Grid::open_with_border(40, 40);
        let lanes = crate::squad::registry::LaneRegistry::default();
        let anchor = Vec2::new(20.0, 20.0);
        let blade = body(0, Role::Blade, anchor);
        let choose = |agents: &[Agent], enemies: &[Enemy]| {
            let view = WorldView {
                agents,
                enemies,
                grid: &grid,
                tuning: &t,
                state: SquadState::Holding,
                anchor,
                assigned: None,
                lanes: &lanes,
            };
            defend_target(&view, &blade, |_| false)
        };
        // The gunner south-east; its attacker 2.2 u south of the blade.
        let gunner = body(1, Role::Gunner, Vec2::new(20.7, 22.2));
        let agents = [blade.clone(), gunner.clone()];
        let near = shambler(5, Vec2::new(18.2, 20.0), None);
        let striker = shambler(6, Vec2::new(20.0, 22.2), Some(1));
        assert_eq!(choose(&agents, &[near.clone(), striker.clone()]), Some(6));
        // Not winding up: the nearer one.
        let idle = shambler(6, striker.pos, None);
        assert_eq!(choose(&agents, &[near.clone(), idle]), None);
        // An ally in the sector toward it: the nearer one.
        let mut blocked = [blade.clone(), gunner.clone()];
        blocked[1].pos = Vec2::new(20.0, 21.2);
        assert_eq!(choose(&blocked, &[near.clone(), striker.clone()]), None);
        // Beyond `guard_reach`.
        let far = shambler(
            6,
            Vec2::new(20.0, 20.0 + t.melee.guard_reach + 0.3),
            Some(1),
        );
        assert_eq!(choose(&agents, &[near, far]), None);
        // An enemy at its side (within `defend_radius`): the blade fights it first.
        let beside = shambler(5, Vec2::new(18.6, 20.0), None);
        assert_eq!(choose(&agents, &[beside, striker]), None);
    }
}
