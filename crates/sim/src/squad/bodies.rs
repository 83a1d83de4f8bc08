//! Body overlaps of the squad (S8): agent–agent split evenly (a scripted walker is not
//! pushed), agent–enemy by `body_push_share`, dummies do not move. Walls win last.

use crate::core::geom::Vec2;
use crate::horde::enemy::Enemy;
use crate::space::grid::{resolve_walls, Grid};
use crate::squad::agent::Agent;
use crate::tuning::{Tuning, DT};

pub fn resolve_bodies(agents: &mut [Agent], enemies: &mut [Enemy], grid: &Grid, t: &Tuning) {
    // S9.5: what contacts may move each agent this tick; the rest of an overlap waits.
    let budget = t.squad.body_push_max_speed * DT;
    let mut left = vec![budget; agents.len()];
    let n = agents.len();
    for i in 0..n {
        for j in (i + 1)..n {
            let (a, b) = (&agents[i], &agents[j]);
            if !a.alive || !b.alive {
                continue;
            }
            let off = b.pos - a.pos;
            let d = off.length();
            let min = a.radius + b.radius;
            if d < min {
                let dir = if d > 1e-5 {
                    off / d
                } else {
                    Vec2::new(1.0, 0.0)
                };
                let overlap = min - d;
                // The scripted walker stands: the other takes the whole overlap.
                let (share_i, share_j) = match (a.forced, b.forced) {
                    (true, false) => (0.0, 1.0),
                    (false, true) => (1.0, 0.0),
                    _ => (0.5, 0.5),
                };
                let mi = (overlap * share_i).min(left[i]);
                let mj = (overlap * share_j).min(left[j]);
                left[i] -= mi;
                left[j] -= mj;
                agents[i].pos -= dir * mi;
                agents[j].pos += dir * mj;
            }
        }
    }
    for (a, left) in agents.iter_mut().zip(left.iter_mut()) {
        if !a.alive || a.forced {
            continue;
        }
        for e in enemies.iter_mut().filter(|e| e.alive) {
            let off = a.pos - e.pos;
            let d = off.length();
            let min = a.radius + e.radius;
            if d < min {
                let dir = if d > 1e-5 {
                    off / d
                } else {
                    Vec2::new(1.0, 0.0)
                };
                let overlap = min - d;
                if e.is_fixed() {
                    let m = overlap.min(*left);
                    *left -= m;
                    a.pos += dir * m;
                } else {
                    // A trained squad holds its ground against a mindless crowd: the
                    // agent takes only `body_push_share` of the overlap (and no more
                    // than its budget); the enemy takes the rest.
                    let m = (overlap * t.squad.body_push_share).min(*left);
                    *left -= m;
                    a.pos += dir * m;
                    // Pushed back by the squad, the enemy stops at a wall like any body
                    // (G1: pressed into walls in a crowd it sank up to 0.11 u).
                    e.pos = resolve_walls(e.pos - dir * (overlap - m), e.radius, grid);
                }
            }
        }
        a.pos = resolve_walls(a.pos, a.radius, grid);
    }
}
