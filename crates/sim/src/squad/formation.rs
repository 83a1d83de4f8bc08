//! Formation slots round the anchor (S4), folded into a column in passages.

use crate::core::geom::Vec2;
use crate::nav::tracer::walkable_line;
use crate::space::grid::{resolve_walls, Grid};
use crate::squad::anchor::SquadState;
use crate::squad::Squad;
use crate::tuning::Tuning;

pub use crate::squad::SlotKey;

/// Formation slots round the anchor. A slot that a body could not reach in a straight
/// line from the anchor (inside a wall, behind a corner, across a corridor's side)
/// is pulled in along that line to the last reachable point. When two or more slots
/// fold like that the squad is in a passage: the formation becomes a **column**
/// behind the disk, and the agents take the column places in the order they already
/// walk (nobody has to overtake in a 2-wide corridor; roles matter for flanks, and a
/// column has none). Out of the passage every agent returns to its own slot.
pub fn update_slots(s: &mut Squad, grid: &Grid, t: &Tuning) {
    // Nothing moved since the last tick (a holding squad): the slots stand.
    let key = SlotKey {
        anchor: s.anchor.pos,
        heading: s.anchor.heading,
        urgency: s.anchor.urgency,
        formation: s.formation,
        state: s.state,
    };
    let column = s.state == SquadState::Advancing;
    if !column && s.slot_key == Some(key) {
        return;
    }
    s.slot_key = Some(key);
    let n = s.slots.len();
    let scale = t.formation.spacing * (1.0 + t.formation.stretch * s.anchor.urgency);
    let r = t.squad.body_radius;
    let a = s.anchor.pos;
    let reach = |want: Vec2| -> (Vec2, bool) {
        if walkable_line(grid, a, want, r) {
            return (want, false);
        }
        let (mut lo, mut hi) = (0.0f32, 1.0f32);
        for _ in 0..8 {
            let mid = 0.5 * (lo + hi);
            if walkable_line(grid, a, a.lerp(want, mid), r) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        (resolve_walls(a.lerp(want, lo), r, grid), true)
    };
    let mut folded = 0;
    for i in 0..n {
        let local = s.formation.local_slot(i, n) * scale;
        let (p, f) = reach(a + local.rotate_by(s.anchor.heading));
        s.slots[i] = p;
        folded += f as usize;
    }
    if folded >= 2 && s.state == SquadState::Advancing {
        let h = s.anchor.heading;
        let gap = t.formation.column_gap;
        for k in 0..n {
            s.slots[k] = reach(a - h * (gap * (k as f32 + 0.5))).0;
        }
        // Column places by how far ahead each agent already is.
        let mut order: Vec<usize> = (0..s.agents.len()).collect();
        order.sort_by(|&i, &j| {
            let (pi, pj) = (s.agents[i].pos.dot(h), s.agents[j].pos.dot(h));
            pj.total_cmp(&pi).then(i.cmp(&j))
        });
        for (k, &i) in order.iter().enumerate() {
            s.agents[i].slot = k;
        }
    } else {
        for (i, ag) in s.agents.iter_mut().enumerate() {
            ag.slot = i;
        }
    }
}
