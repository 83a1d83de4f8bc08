//! Formation slots round the anchor (S4), folded into a column in passages.

use crate::core::geom::Vec2;
use crate::nav::tracer::walkable_line;
use crate::space::grid::{resolve_walls, Grid};
use crate::squad::anchor::SquadState;
use crate::squad::Squad;
use crate::tuning::{ticks, Tuning};

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
    // The column stands `column_hold` after the passage last folded two slots, so the
    // squad does not switch shapes at every pillar it passes.
    let was_column = s.column_left > 0;
    if s.state != SquadState::Advancing {
        s.column_left = 0;
    } else if folded >= 2 {
        s.column_left = ticks(t.formation.column_hold).max(1);
    } else {
        s.column_left = s.column_left.saturating_sub(1);
    }
    if s.column_left > 0 {
        let h = s.anchor.heading;
        let gap = t.formation.column_gap;
        for k in 0..n {
            s.slots[k] = reach(a - h * (gap * (k as f32 + 0.5))).0;
        }
        column_places(
            s,
            h,
            if was_column {
                t.formation.column_swap
            } else {
                0.0
            },
        );
    } else {
        for (i, ag) in s.agents.iter_mut().enumerate() {
            ag.slot = i;
        }
    }
}

/// Column places by how far ahead each agent walks along `h`. Places already held stand
/// until an agent is `swap` ahead of the one in the place before it (then the two swap;
/// at most n bubble passes a tick, the rest the next tick); on entering the column
/// (`swap` 0, the slots still the formation's identity) the order is taken afresh, ties
/// by index. The standing take the first places; the fallen the last ones (a body left
/// in the passage held a place in the middle of the column, and the one behind it
/// walked a gap's length farther back than it needed — issue 36).
fn column_places(s: &mut Squad, h: Vec2, swap: f32) {
    let n = s.agents.len();
    let ahead = |i: usize| s.agents[i].pos.dot(h);
    let standing = s.agents.iter().filter(|a| a.alive).count();
    // `order[k]` = the agent in place k.
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&i| (!s.agents[i].alive, s.agents[i].slot, i));
    // Bubble passes with the margin over the standing: deterministic, at most n passes.
    for _ in 0..n {
        let mut swapped = false;
        for k in 0..standing.saturating_sub(1) {
            let (i, j) = (order[k], order[k + 1]);
            if ahead(j) > ahead(i) + swap || (swap == 0.0 && ahead(j) == ahead(i) && j < i) {
                order.swap(k, k + 1);
                swapped = true;
            }
        }
        if !swapped {
            break;
        }
    }
    for (k, &i) in order.iter().enumerate() {
        s.agents[i].slot = k;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::squad::agent::{Agent, Role};

    /// A 2-wide corridor (x 1..=13, y 5..=6) opening into a hall (x 14..=28); five
    /// agents in a wedge facing +x.
    fn corridor_squad() -> (Squad, Grid) {
        let mut grid = Grid::open_with_border(30, 14);
        for x in 1..14 {
            for y in 1..13 {
                if !(5..=6).contains(&y) {
                    grid.set_wall(x, y, true);
                }
            }
        }
        let agents = (0..5u32)
            .map(|i| {
                let role = if i < 2 { Role::Blade } else { Role::Gunner };
                Agent::new(
                    i,
                    role,
                    i as usize,
                    Vec2::new(8.0 - i as f32 * 0.6, 6.0),
                    0.0,
                    0.28,
                    100.0,
                )
            })
            .collect();
        let squad = Squad::marching(agents, Vec2::new(8.5, 6.0));
        (squad, grid)
    }

    #[test]
    fn the_column_stands_its_hold_after_the_passage_stops_folding_the_slots() {
        let t = Tuning::default();
        let (mut s, grid) = corridor_squad();
        update_slots(&mut s, &grid, &t);
        assert!(s.column_left > 0, "a wedge does not fit a 2-wide corridor");
        // Out in the hall the wedge fits again: the column still stands for its hold...
        s.anchor.pos = Vec2::new(20.5, 7.0);
        let hold = ticks(t.formation.column_hold);
        for k in 1..hold {
            update_slots(&mut s, &grid, &t);
            assert!(
                s.column_left > 0,
                "back to the wedge after {k} of {hold} ticks"
            );
        }
        // ...then every agent takes its own slot again.
        update_slots(&mut s, &grid, &t);
        assert_eq!(s.column_left, 0);
        assert!(s.agents.iter().enumerate().all(|(i, a)| a.slot == i));
    }

    #[test]
    fn column_places_are_kept_until_an_agent_is_a_swap_ahead() {
        let t = Tuning::default();
        let (mut s, _) = corridor_squad();
        let h = Vec2::new(1.0, 0.0);
        // Agent i stands at x = i + 1: on entering, the one farthest ahead leads.
        for (i, a) in s.agents.iter_mut().enumerate() {
            a.pos = Vec2::new(i as f32 + 1.0, 5.5);
            a.slot = i;
        }
        column_places(&mut s, h, 0.0);
        let places: Vec<usize> = s.agents.iter().map(|a| a.slot).collect();
        assert_eq!(places, vec![4, 3, 2, 1, 0]);
        // Agent 0 (last place) a little ahead of agent 1: the places stand.
        let swap = t.formation.column_swap;
        s.agents[0].pos.x = 2.0 + 0.6 * swap;
        column_places(&mut s, h, swap);
        assert_eq!(s.agents[0].slot, 4);
        // More than a swap ahead: the two change places, nobody else moves.
        s.agents[0].pos.x = 2.0 + 1.2 * swap;
        column_places(&mut s, h, swap);
        let places: Vec<usize> = s.agents.iter().map(|a| a.slot).collect();
        assert_eq!(places, vec![3, 4, 2, 1, 0]);
    }

    /// Issue 36's fault: a fallen agent held its column place, so the standing behind it
    /// kept a gap's length farther back.
    #[test]
    fn the_fallen_hold_no_column_place() {
        let t = Tuning::default();
        let (mut s, _) = corridor_squad();
        let h = Vec2::new(1.0, 0.0);
        for (i, a) in s.agents.iter_mut().enumerate() {
            a.pos = Vec2::new(i as f32 + 1.0, 5.5);
            a.slot = i;
        }
        // Agent 3, second in the column, falls.
        s.agents[3].alive = false;
        column_places(&mut s, h, 0.0);
        let places: Vec<usize> = s.agents.iter().map(|a| a.slot).collect();
        assert_eq!(places, vec![3, 2, 1, 4, 0]);
        // Held places with the margin: the fallen stays last even when far ahead.
        s.agents[3].pos.x = 30.0;
        column_places(&mut s, h, t.formation.column_swap);
        assert_eq!(s.agents[3].slot, 4);
        assert_eq!(s.agents[4].slot, 0);
    }
}
