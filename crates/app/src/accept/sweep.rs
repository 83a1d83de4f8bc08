//! Every bullet's path, tick by tick, rebuilt from the recording alone (issue 20: A1
//! measures friendly hits itself instead of reading the simulation's `FriendlyHit`).
//!
//! A bullet's step on tick `k` runs from where it was after tick `k − 1` (its shot's
//! muzzle on the tick it was fired) to where it is after tick `k`. A bullet gone after
//! tick `k` stopped on that tick: at the nearest hit point of the tick that lies on its
//! step (an enemy, a wall, an ally — whatever the events say it met), else at the end of
//! a full step or of its verified segment, whichever comes first.

use std::collections::BTreeMap;

use sim::read::EventKind;
use sim::Vec2;

use super::a08_segment::target_radius;
use super::geom::point_segment;
use super::record::Recording;

/// Slack of a hit point on a step, units.
const ON_STEP: f32 = 1e-3;

/// One bullet's movement over one tick: frame `k`, from `from` to `to`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Step {
    pub k: usize,
    pub shooter: u32,
    pub from: Vec2,
    pub to: Vec2,
}

/// A bullet in flight: where its step begins, its direction and where its verified
/// segment ends.
#[derive(Clone, Copy, Debug)]
struct Flight {
    shooter: u32,
    at: Vec2,
    dir: Vec2,
    end: Vec2,
}

/// Every bullet step of the run.
pub fn bullet_steps(r: &Recording) -> Vec<Step> {
    let speed = r.tuning.fire.bullet_speed * sim::tuning::DT;
    let mut out = Vec::new();
    let mut flights: BTreeMap<u32, Flight> = BTreeMap::new();
    for k in 1..r.frames.len() {
        let f = &r.frames[k];
        for e in f.kinds() {
            if let EventKind::Shot {
                shooter,
                bullet,
                muzzle,
                aim,
                target,
            } = *e
            {
                let dir = (aim - muzzle).normalize_or_zero();
                // The verified segment runs past the aim point by the target's radius.
                let end = aim + dir * target_radius(r, f, &r.frames[k - 1], target);
                flights.insert(
                    bullet,
                    Flight {
                        shooter,
                        at: muzzle,
                        dir,
                        end,
                    },
                );
            }
        }
        let hits: Vec<Vec2> = f
            .kinds()
            .filter_map(|e| match *e {
                EventKind::EnemyHit { pos, .. }
                | EventKind::FriendlyHit {
                    pos, melee: false, ..
                }
                | EventKind::BulletHitWall { pos } => Some(pos),
                _ => None,
            })
            .collect();
        flights.retain(|id, fl| {
            let alive = f.bullets.iter().find(|b| b.id == *id);
            let to = match alive {
                Some(b) => b.pos,
                None => {
                    let full = fl.at + fl.dir * speed;
                    let stop = if (full - fl.at).dot(fl.dir) > (fl.end - fl.at).dot(fl.dir) {
                        fl.end
                    } else {
                        full
                    };
                    hits.iter()
                        .copied()
                        .filter(|h| point_segment(*h, fl.at, stop) <= ON_STEP)
                        .min_by(|a, b| a.distance(fl.at).total_cmp(&b.distance(fl.at)))
                        .unwrap_or(stop)
                }
            };
            out.push(Step {
                k,
                shooter: fl.shooter,
                from: fl.at,
                to,
            });
            fl.at = to;
            alive.is_some()
        });
    }
    out
}

/// The allies a grenade's blast reaches (REQ K5), measured from the recording: for every
/// `GrenadeBurst` (its centre and radius), each ally standing before the tick whose body
/// — where it stood after the tick: the blast is the tick's last move — is within the
/// radius along a clear line: `(frame, ally, where)`.
pub fn allies_in_blasts(r: &Recording) -> Vec<(usize, u32, Vec2)> {
    let mut out = Vec::new();
    for k in 1..r.frames.len() {
        let (prev, f) = (&r.frames[k - 1], &r.frames[k]);
        for e in &f.events {
            let EventKind::GrenadeBurst { pos, radius, .. } = e.kind else {
                continue;
            };
            for a in &f.agents {
                let was = prev.agents.iter().any(|p| p.id == a.id && p.alive);
                let reach = radius + a.radius;
                if was && a.pos.distance(pos) < reach && r.map.grid.line_clear(pos, a.pos) {
                    out.push((k, a.id, a.pos));
                }
            }
        }
    }
    out
}

/// The allies (not the shooter, standing before the tick) whose body a step touches:
/// `(step, ally)` for each, the body where it stood after the tick (agents move before
/// bullets in a tick) grown by the bullet's radius.
pub fn allies_touched(r: &Recording) -> Vec<(Step, u32)> {
    let grow = r.tuning.fire.bullet_radius;
    let mut out = Vec::new();
    for s in bullet_steps(r) {
        let (prev, f) = (&r.frames[s.k - 1], &r.frames[s.k]);
        for a in &f.agents {
            let was = prev.agents.iter().any(|p| p.id == a.id && p.alive);
            if a.id == s.shooter || !was {
                continue;
            }
            // Touching counts: a step that ends on the body's edge (the simulation's hit
            // point of a bullet that met it) is a hit.
            if point_segment(a.pos, s.from, s.to) < a.radius + grow + ON_STEP {
                out.push((s, a.id));
            }
        }
    }
    out
}
