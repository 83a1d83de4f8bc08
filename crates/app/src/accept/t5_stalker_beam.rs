//! T5: a stalker caught in a beam stops closing within 0.2 s (REQ T2).
//!
//! Measured from positions, with the light computed here from the recorded squad: each
//! standing agent's cone (a gunner's along its barrel, a blade's along its facing, the
//! range and half-angle of the `[light]` tuning — the numbers the view's flashlights
//! draw with), tested by the simulation's light test (`sim::read::lit`, walls
//! included) against where the stalker stood when the tick began: what it saw as it
//! decided. A stalker is *caught* from the first tick a beam holds it after one that did
//! not; from 0.2 s (12 ticks) on, for as long as the beam still holds it, its own move
//! toward the nearest standing agent — its velocity after the tick, what it does — must
//! not exceed [`EPS`] u/s. Its body's displacement is reported beside it: a crowd
//! pressing from behind shoves a stalker that backs off (measured: 0.25 u/s of shove
//! against a back-off of 1.76 u/s on stalkers.scn), which is not the stalker closing.
//!
//! Reported: catches, catches held at least 0.2 s, the ticks to stop (median, worst —
//! the first tick from the catch with a closing speed at or below [`EPS`]), and the
//! worst closing speed on a judged tick.
//!
//! Preconditions: at least one catch held past 0.2 s (a tick judged).

use std::collections::BTreeMap;

use sim::read::{lit, Beam, EnemyKind, Role};
use sim::tuning::DT;

use super::criterion::{applicable, Criterion, Home, Outcome};
use super::record::{AgentSnap, Recording};

pub struct T5;

/// Ticks from the catch after which the stalker must have stopped closing (0.2 s).
pub const STOP_TICKS: usize = 12;
/// Closing speed, u/s, that still counts as stopped (crowd pushes move a body a little).
pub const EPS: f32 = 0.1;

/// The beams of the standing agents, as the simulation builds them.
pub fn beams_of(agents: &[AgentSnap], t: &sim::tuning::Tuning) -> Vec<Beam> {
    agents
        .iter()
        .filter(|a| a.alive)
        .map(|a| {
            let (axis, b) = match a.role {
                Role::Gunner => (a.barrel, &t.light.gunner),
                Role::Blade => (a.facing, &t.light.blade),
            };
            Beam::new(a.pos, axis, b.range, b.half_angle_deg.to_radians())
        })
        .collect()
}

#[derive(Debug, Default)]
struct Found {
    catches: usize,
    held: usize,
    stop_ticks: Vec<usize>,
    worst: f32,
    /// The worst displacement toward the squad on a judged tick (shoves included).
    worst_body: f32,
    judged: usize,
    late: Vec<String>,
}

#[derive(Clone, Copy)]
struct Catch {
    start: usize,
    stopped: Option<usize>,
}

fn measure(r: &Recording) -> Found {
    let mut found = Found {
        worst: f32::NEG_INFINITY,
        worst_body: f32::NEG_INFINITY,
        ..Found::default()
    };
    let grid = &r.map.grid;
    let mut open: BTreeMap<u32, Catch> = BTreeMap::new();
    let close_catch = |c: Catch, end: usize, found: &mut Found| {
        // Held past 0.2 s: lit on a tick the row judges.
        if end - c.start > STOP_TICKS {
            found.held += 1;
            found.stop_ticks.push(c.stopped.unwrap_or(end) - c.start);
        }
    };
    for k in 1..r.frames.len() {
        let (prev, f) = (&r.frames[k - 1], &r.frames[k]);
        let beams = beams_of(&f.agents, &r.tuning);
        let mut lit_now: Vec<u32> = Vec::new();
        for e in prev
            .enemies
            .iter()
            .filter(|e| e.kind == EnemyKind::Stalker && e.alive)
        {
            let Some(after) = f.enemy(e.id).filter(|x| x.alive) else {
                continue;
            };
            if !lit(&beams, e.pos, e.radius, grid) {
                continue;
            }
            lit_now.push(e.id);
            let Some(near) = f.agents.iter().filter(|a| a.alive).min_by(|a, b| {
                a.pos
                    .distance_sq(e.pos)
                    .total_cmp(&b.pos.distance_sq(e.pos))
            }) else {
                continue;
            };
            let toward = (near.pos - e.pos).normalize_or_zero();
            let closing = after.vel.dot(toward);
            let shoved = (after.pos - e.pos).dot(toward) / DT;
            let c = open.entry(e.id).or_insert_with(|| {
                found.catches += 1;
                Catch {
                    start: k,
                    stopped: None,
                }
            });
            if closing <= EPS && c.stopped.is_none() {
                c.stopped = Some(k);
            }
            if k - c.start >= STOP_TICKS {
                found.judged += 1;
                found.worst = found.worst.max(closing);
                found.worst_body = found.worst_body.max(shoved);
                if closing > EPS {
                    found.late.push(format!(
                        "stalker {} tick {k}: closing at {closing:.2} u/s, {} ticks after the catch",
                        e.id,
                        k - c.start
                    ));
                }
            }
        }
        let ended: Vec<u32> = open
            .keys()
            .copied()
            .filter(|id| !lit_now.contains(id))
            .collect();
        for id in ended {
            if let Some(c) = open.remove(&id) {
                close_catch(c, k, &mut found);
            }
        }
    }
    let last = r.frames.len();
    for (_, c) in std::mem::take(&mut open) {
        close_catch(c, last, &mut found);
    }
    found
}

impl Criterion for T5 {
    fn id(&self) -> &'static str {
        "T5"
    }
    fn threshold(&self) -> &'static str {
        "lit stalkers stop closing within 0.2 s"
    }
    fn home(&self) -> Home {
        Home::One("stalkers")
    }
    fn judge(&self, runs: &[&Recording]) -> Outcome {
        let runs = match applicable(runs, |r| {
            let f = measure(r);
            if f.held == 0 || f.judged == 0 {
                Err(format!(
                    "no stalker held in a beam 0.2 s ({} caught, {} ticks judged)",
                    f.catches, f.judged
                ))
            } else {
                Ok(f)
            }
        }) {
            Ok(v) => v,
            Err(na) => return na,
        };
        let mut stops: Vec<usize> = runs
            .iter()
            .flat_map(|(_, f)| f.stop_ticks.iter().copied())
            .collect();
        stops.sort_unstable();
        let late: Vec<&String> = runs.iter().flat_map(|(_, f)| f.late.iter()).collect();
        let worst = runs
            .iter()
            .map(|(_, f)| f.worst)
            .fold(f32::NEG_INFINITY, f32::max);
        let worst_body = runs
            .iter()
            .map(|(_, f)| f.worst_body)
            .fold(f32::NEG_INFINITY, f32::max);
        let first = late
            .first()
            .map(|s| format!(" (first: {s})"))
            .unwrap_or_default();
        Outcome::judged(
            late.is_empty(),
            format!(
                "{} catches, {} held 0.2 s: stopped in {} ticks median, {} worst; {} judged ticks, worst closing {worst:.2} u/s (body {worst_body:.2} with shoves), {} late{first}",
                runs.iter().map(|(_, f)| f.catches).sum::<usize>(),
                stops.len(),
                stops[stops.len() / 2],
                stops.last().copied().unwrap_or(0),
                runs.iter().map(|(_, f)| f.judged).sum::<usize>(),
                late.len(),
            ),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accept::testkit::*;

    #[test]
    fn t5_passes_on_the_stalkers() {
        assert_pass(&T5, embedded("stalkers"));
    }

    /// A stalker that keeps coming in the light: at 0.2 s into a catch its recorded
    /// velocity points at the squad at 3 u/s.
    #[test]
    fn t5_fails_on_a_stalker_that_keeps_closing_in_the_beam() {
        let mut r = copy("stalkers");
        let grid = r.map.grid.clone();
        // The first tick judged: a stalker lit 12 ticks after its catch.
        let mut run: BTreeMap<u32, usize> = BTreeMap::new();
        let mut hit = None;
        'find: for k in 1..r.frames.len() {
            let beams = beams_of(&r.frames[k].agents, &r.tuning);
            for e in r.frames[k - 1]
                .enemies
                .iter()
                .filter(|e| e.kind == EnemyKind::Stalker)
            {
                if e.alive && lit(&beams, e.pos, e.radius, &grid) {
                    let n = run.entry(e.id).or_insert(0);
                    *n += 1;
                    if *n == STOP_TICKS + 1 {
                        hit = Some((k, e.id));
                        break 'find;
                    }
                } else {
                    run.remove(&e.id);
                }
            }
        }
        let (k, id) = hit.expect("a stalker held 0.2 s");
        let before = r.frames[k - 1].enemy(id).unwrap().pos;
        let near = r.frames[k]
            .agents
            .iter()
            .filter(|a| a.alive)
            .min_by(|a, b| {
                a.pos
                    .distance_sq(before)
                    .total_cmp(&b.pos.distance_sq(before))
            })
            .unwrap()
            .pos;
        let toward = (near - before).normalize_or_zero();
        let f = &mut r.frames[k];
        let i = f.enemies.iter().position(|e| e.id == id).unwrap();
        f.enemies[i].vel = toward * 3.0;
        let m = assert_fail(&T5, &r);
        assert!(m.contains("late"), "{m}");
    }

    #[test]
    fn t5_is_not_applicable_without_stalkers() {
        let m = assert_na(&T5, embedded("hold_static"));
        assert!(m.contains("no stalker held"), "{m}");
    }
}
