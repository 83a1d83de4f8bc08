//! Manual aim (S5.2, REQ §15): the player's assigned target or aim cone over the automatic
//! targeting.

use crate::core::geom::Vec2;
use crate::horde::enemy::{find_enemy, Enemy};
use crate::squad::agent::Agent;
use crate::squad::target::perceived;
use crate::squad::Squad;
use crate::tuning::Tuning;
use serde::{Deserialize, Serialize};

pub use crate::squad::ManualAim;

/// A manual-aim command from the player (S5.2, REQ §15).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum ManualCommand {
    /// All agents prioritise this enemy.
    Assign(u32),
    /// Assign the live enemy nearest to a world point.
    AssignNearest(Vec2),
    /// Aim vector from the anchor: the priority target is the nearest enemy (from the
    /// anchor) inside the manual cone around it.
    Aim(Vec2),
    /// Back to automatic targeting.
    Clear,
}

/// Takes the player's manual command of this tick.
pub fn apply_manual(s: &mut Squad, enemies: &[Enemy], command: Option<ManualCommand>, t: &Tuning) {
    match command {
        Some(ManualCommand::Assign(id)) => s.manual = ManualAim::Target(id),
        Some(ManualCommand::AssignNearest(p)) => {
            let nearest = enemies
                .iter()
                .filter(|e| e.alive && perceived(e, &s.agents, t))
                .min_by(|a, b| {
                    a.pos
                        .distance_sq(p)
                        .total_cmp(&b.pos.distance_sq(p))
                        .then(a.id.cmp(&b.id))
                })
                .map(|e| e.id);
            if let Some(id) = nearest {
                s.manual = ManualAim::Target(id);
            }
        }
        Some(ManualCommand::Aim(dir)) => s.manual = ManualAim::Direction(dir.normalize_or_zero()),
        Some(ManualCommand::Clear) => s.manual = ManualAim::Off,
        None => {}
    }
}

/// The target the manual aim names this tick; an assigned target that is gone returns
/// the squad to automatic targeting.
pub fn resolve_manual(s: &mut Squad, enemies: &[Enemy], t: &Tuning) {
    s.assigned = match s.manual {
        ManualAim::Off => None,
        ManualAim::Target(id) => find_enemy(enemies, id).filter(|e| e.alive).map(|e| e.id),
        ManualAim::Direction(dir) => targets_in_cone(s.anchor.pos, enemies, &s.agents, dir, t)
            .first()
            .copied(),
    };
    if let ManualAim::Target(_) = s.manual {
        if s.assigned.is_none() {
            s.manual = ManualAim::Off;
        }
    }
}

/// Live enemies the squad perceives inside the manual cone around `dir` from the
/// anchor, nearest to the anchor first (what Tab cycles through, REQ §15; a stalker in the
/// dark is not among them: T2 — the cone's beams must find it first).
pub fn targets_in_cone(
    anchor: Vec2,
    enemies: &[Enemy],
    agents: &[Agent],
    dir: Vec2,
    t: &Tuning,
) -> Vec<u32> {
    let dir = dir.normalize_or_zero();
    let cos_cone = crate::core::trig::cos(t.fire.manual_cone_deg.to_radians());
    let reach = t.lane.acquisition_radius + t.solver.cohesion_radius;
    let mut v: Vec<(f32, u32)> = enemies
        .iter()
        .filter(|e| e.alive && perceived(e, agents, t))
        .filter_map(|e| {
            let off = e.pos - anchor;
            let d = off.length();
            (d > 1e-4 && d <= reach && off.dot(dir) / d >= cos_cone).then_some((d, e.id))
        })
        .collect();
    v.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    v.into_iter().map(|(_, id)| id).collect()
}
