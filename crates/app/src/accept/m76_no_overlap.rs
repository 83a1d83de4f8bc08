//! M7.6: a blade never overlaps its target: distance ≥ sum of radii − 0.05.
//!
//! The simulation resolves body overlaps by a hard push after movement, so positions
//! after the tick cannot show an overlap. This criterion measures **before the push**:
//! each agent's position right after its own movement (and the lunge) is rebuilt from
//! the recorded start-of-tick position and velocity, `prev + vel · DT`, pushed out of
//! walls as movement does; its target stands where the previous tick left it (enemies
//! move after the agents). Ticks whose velocity was changed after movement (a strike
//! start or a lunge's end zero it, an enemy blow knocks it, a fall stops it) cannot be
//! rebuilt and are skipped, counted.
//!
//! The rebuild checks itself: wherever no body was near enough to push an agent, the
//! rebuilt position must equal the recorded one; any mismatch makes the row FAIL (the
//! measurement would be meaningless, e.g. after a change of the system order).
//!
//! Preconditions: at least one rebuilt tick of a blade with a live melee target.

use sim::read::resolve_walls;
use sim::read::EventKind;
use sim::tuning::DT;
use sim::Vec2;

use super::criterion::{applicable, Criterion, Home, Outcome};
use super::record::Recording;
use super::record::{AgentSnap, Frame};

pub struct M76;

pub const TOLERANCE: f32 = 0.05;
/// A rebuilt position must match the recorded one this closely where nothing pushed.
const SAME: f32 = 1e-4;

#[derive(Debug)]
struct Found {
    samples: usize,
    skipped: usize,
    /// Smallest gap before the push: `(gap, tick, blade)`.
    min_gap: (f32, usize, u32),
    /// Smallest gap after the tick.
    min_after: f32,
    checked: usize,
    mismatches: Vec<(usize, u32, f32)>,
}

/// Whether agent `a`'s velocity was changed after its movement this tick.
fn vel_changed_after_move(f: &Frame, a: u32) -> bool {
    f.kinds().any(|e| match *e {
        EventKind::StrikeStarted { blade, .. } | EventKind::StrikeRecovery { blade, .. } => {
            blade == a
        }
        EventKind::DamageDealt { agent, .. } | EventKind::AgentDown { agent, .. } => agent == a,
        _ => false,
    })
}

/// Where `a` stood after its own movement this tick, before body overlaps were resolved.
fn before_push(r: &Recording, a: &AgentSnap) -> Vec2 {
    let p = a.prev_pos + a.vel * DT;
    if r.map.grid.circle_hits_wall(p, a.radius) {
        resolve_walls(p, a.radius, &r.map.grid)
    } else {
        p
    }
}

fn measure(r: &Recording) -> Found {
    let mut found = Found {
        samples: 0,
        skipped: 0,
        min_gap: (f32::INFINITY, 0, 0),
        min_after: f32::INFINITY,
        checked: 0,
        mismatches: Vec::new(),
    };
    for k in 1..r.frames.len() {
        let (prev, f) = (&r.frames[k - 1], &r.frames[k]);
        for a in f.agents.iter().filter(|a| a.alive) {
            let target = a
                .melee
                .target
                .filter(|_| a.is_blade() && !a.forced)
                .and_then(|id| prev.enemy(id))
                .filter(|e| e.alive);
            if a.forced || vel_changed_after_move(f, a.id) {
                found.skipped += target.is_some() as usize;
                continue;
            }
            let p = before_push(r, a);
            // Self-check where no body could have pushed it.
            let near = |q: Vec2, rq: f32| q.distance(p) < a.radius + rq + 0.1;
            // An ally that falls this tick was still a body when the pushes ran.
            let crowded = f.agents.iter().any(|o| {
                let body = o.alive || prev.agents.get(o.id as usize).is_some_and(|p| p.alive);
                body && o.id != a.id && (near(o.pos, o.radius) || near(o.prev_pos, o.radius))
            }) || prev
                .enemies
                .iter()
                .chain(f.enemies.iter())
                .any(|e| e.alive && near(e.pos, e.radius));
            if !crowded {
                found.checked += 1;
                let d = p.distance(a.pos);
                if d > SAME {
                    found.mismatches.push((k, a.id, d));
                }
            }
            let Some(t) = target else { continue };
            found.samples += 1;
            let gap = p.distance(t.pos) - a.radius - t.radius;
            if gap < found.min_gap.0 {
                found.min_gap = (gap, k, a.id);
            }
            if let Some(now) = f.enemy(t.id) {
                found.min_after = found
                    .min_after
                    .min(a.pos.distance(now.pos) - a.radius - now.radius);
            }
        }
    }
    found
}

impl Criterion for M76 {
    fn id(&self) -> &'static str {
        "M7.6"
    }
    fn threshold(&self) -> &'static str {
        ">= -0.05 before the push"
    }
    fn home(&self) -> Home {
        Home::Every
    }
    fn judge(&self, runs: &[&Recording]) -> Outcome {
        let runs = match applicable(runs, |r| {
            let f = measure(r);
            if f.samples == 0 {
                Err("no blade had a live target on a tick that could be rebuilt".to_string())
            } else {
                Ok(f)
            }
        }) {
            Ok(v) => v,
            Err(na) => return na,
        };
        let samples: usize = runs.iter().map(|(_, f)| f.samples).sum();
        let skipped: usize = runs.iter().map(|(_, f)| f.skipped).sum();
        let checked: usize = runs.iter().map(|(_, f)| f.checked).sum();
        let after = runs
            .iter()
            .map(|(_, f)| f.min_after)
            .fold(f32::INFINITY, f32::min);
        let (r, worst) = runs
            .iter()
            .map(|(r, f)| (r, f.min_gap))
            .min_by(|a, b| a.1 .0.total_cmp(&b.1 .0))
            .expect("applicable runs are not empty");
        let mismatch = runs
            .iter()
            .find_map(|(r, f)| f.mismatches.first().map(|m| (r.name.as_str(), *m)));
        if let Some((name, (k, a, d))) = mismatch {
            return Outcome::fail(format!(
                "rebuild off by {d:.4} for agent {a} at tick {k} of {name}: cannot measure before the push"
            ));
        }
        let (gap, k, b) = worst;
        Outcome::judged(
            gap >= -TOLERANCE,
            format!(
                "min gap before the push {gap:.3} (blade {b}, tick {k} of {}), after {after:.3}; {samples} ticks, {skipped} skipped, rebuild checked on {checked}",
                r.name
            ),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accept::testkit::*;

    #[test]
    fn m76_passes_on_every_embedded_scenario_with_blade_targets() {
        for (name, _) in sim::content::SCENARIOS {
            let r = embedded(name);
            if measure(r).samples > 0 {
                assert_pass(&M76, r);
            }
        }
    }

    /// A blade that walked into its target; the push put it back out after the tick.
    #[test]
    fn m76_fails_on_a_blade_moving_into_its_target() {
        let mut r = copy("melee_dummy");
        let (k, b, t) = (1..r.frames.len())
            .find_map(|k| {
                let f = &r.frames[k];
                f.agents
                    .iter()
                    .find(|a| {
                        a.is_blade() && a.melee.target.is_some() && !vel_changed_after_move(f, a.id)
                    })
                    .map(|a| (k, a.id, a.melee.target.unwrap()))
            })
            .unwrap();
        let e = *r.frames[k - 1].enemy(t).unwrap();
        let a = &mut r.frames[k].agents[b as usize];
        // Moved to 0.1 inside the target's surface.
        let dir = (e.pos - a.prev_pos).normalize_or_zero();
        let want = e.pos - dir * (a.radius + e.radius - 0.1);
        a.vel = (want - a.prev_pos) / DT;
        let m = assert_fail(&M76, &r);
        assert!(m.contains(&format!("blade {b}, tick {k}")), "{m}");
    }

    #[test]
    fn m76_fails_when_the_rebuild_does_not_match() {
        let mut r = copy("melee_dummy");
        for f in &mut r.frames[100..] {
            f.agents[4].vel.x += 1.0;
        }
        let m = assert_fail(&M76, &r);
        assert!(m.contains("rebuild off"), "{m}");
    }

    #[test]
    fn m76_is_not_applicable_without_blade_targets() {
        let mut r = copy("lane_free");
        for f in &mut r.frames {
            for a in &mut f.agents {
                a.melee.target = None;
            }
        }
        assert_na(&M76, &r);
    }

    /// A broken world: a blade walks 0.1 deep into its target and the overlap push is
    /// skipped (its position and velocity set as if it had moved there itself).
    #[test]
    fn m76_fails_on_a_world_that_lets_a_blade_into_its_target() {
        let mut done = None;
        let r = broken(
            "melee_dummy",
            |w| {
                if done.is_some() || w.tick() < 60 {
                    return;
                }
                let Some((i, t)) = w.agents().iter().find_map(|a| {
                    let t = a.melee.target.and_then(|id| w.enemy(id))?;
                    (a.role == sim::read::Role::Blade
                        && a.melee.phase == sim::read::StrikePhase::Ready)
                        .then_some((a.id as usize, (t.pos, t.radius)))
                }) else {
                    return;
                };
                let a = w.agent_mut(i);
                let dir = (t.0 - a.prev_pos).normalize_or_zero();
                a.pos = t.0 - dir * (a.radius + t.1 - 0.1);
                a.vel = (a.pos - a.prev_pos) / DT;
                done = Some((i, w.tick()));
            },
            None,
        );
        let (b, k) = done.expect("a blade had a target");
        let m = assert_fail(&M76, &r);
        // The worst gap is on the tick it was put in or soon after: its velocity, which
        // the acceleration limit lets go only gradually, carries it on inward.
        let at = m
            .split(&format!("blade {b}, tick "))
            .nth(1)
            .and_then(|t| t.split(' ').next())
            .and_then(|t| t.parse::<u64>().ok())
            .unwrap_or_else(|| panic!("blade {b} named: {m}"));
        assert!((k..k + 30).contains(&at), "tick {at}, put in at {k}: {m}");
    }
}
