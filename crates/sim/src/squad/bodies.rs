//! Body overlaps of the squad (S8): agent–agent split evenly (a scripted walker is not
//! pushed), agent–enemy by `body_push_share`, dummies do not move. Walls win last.

use crate::core::geom::Vec2;
use crate::horde::enemy::{Enemy, EnemyKind};
use crate::space::grid::{resolve_walls, Grid};
use crate::squad::agent::Agent;
use crate::tuning::Tuning;

pub fn resolve_bodies(agents: &mut [Agent], enemies: &mut [Enemy], grid: &Grid, t: &Tuning) {
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
                let push = dir * ((min - d) * 0.5);
                match (a.forced, b.forced) {
                    // The scripted walker stands: the other takes the whole overlap.
                    (true, false) => agents[j].pos += push * 2.0,
                    (false, true) => agents[i].pos -= push * 2.0,
                    _ => {
                        agents[i].pos -= push;
                        agents[j].pos += push;
                    }
                }
            }
        }
    }
    for a in agents.iter_mut() {
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
                if e.kind == EnemyKind::Dummy {
                    a.pos += dir * (min - d);
                } else {
                    // A trained squad holds its ground against a mindless crowd: the
                    // agent takes only `body_push_share` of the overlap.
                    let share = t.squad.body_push_share;
                    a.pos += dir * ((min - d) * share);
                    e.pos -= dir * ((min - d) * (1.0 - share));
                }
            }
        }
        a.pos = resolve_walls(a.pos, a.radius, grid);
    }
}
