//! K2: reload discipline (REQ K1, K2).
//!
//! Measured from the recording: each gunner's magazine and reload as recorded after
//! every tick, its shots (the tick's `Shot` events, which A8 pairs with the bullets in
//! flight), and the squad's contact worked out here from positions — a live enemy
//! within the lane evaluation's `acquisition_radius` of a standing gunner. Judged:
//!
//! - in contact, never two gunners reloading at once unless every one of them is empty;
//! - no shot from a gunner reloading, or with an empty magazine;
//! - the magazine moves by exactly the shots fired, except when a reload ends, and a
//!   reload that refills it has lasted the tuned `reload_time`;
//! - an empty gunner with rounds left in the pool is reloading by the next tick.
//!
//! Preconditions: some gunner reloaded.

use sim::read::EventKind;
use sim::tuning::ticks;

use super::criterion::{applicable, Criterion, Home, Outcome};
use super::record::{Frame, Recording};

pub struct K2;

#[derive(Debug, Default)]
struct Found {
    reloads: usize,
    contact_reload_ticks: usize,
    most_in_contact: usize,
    faults: Vec<String>,
    at: Option<(usize, sim::Vec2)>,
}

/// A live enemy is within `reach` of a standing, unscripted gunner.
fn contact(f: &Frame, reach: f32) -> bool {
    f.agents
        .iter()
        .filter(|a| a.alive && a.is_gunner() && !a.forced)
        .any(|a| {
            f.enemies
                .iter()
                .any(|e| e.alive && e.pos.distance(a.pos) <= reach)
        })
}

fn shots_by(f: &Frame, agent: u32) -> u32 {
    f.kinds()
        .filter(|k| matches!(k, EventKind::Shot { shooter, .. } if *shooter == agent))
        .count() as u32
}

fn measure(r: &Recording) -> Found {
    let reach = r.tuning.lane.acquisition_radius;
    let reload_ticks = ticks(r.tuning.ammo.reload_time).max(1) as usize;
    let mut found = Found::default();
    // Per agent: consecutive frames reloading, and frames empty and idle.
    let n = r.frames.first().map_or(0, |f| f.agents.len());
    let mut run = vec![0usize; n];
    let mut idle = vec![0usize; n];
    for k in 1..r.frames.len() {
        let (prev, f) = (&r.frames[k - 1], &r.frames[k]);
        let mut fault = |what: String, pos| {
            if found.faults.is_empty() {
                found.at = Some((k, pos));
            }
            found.faults.push(format!("{what} at tick {k}"));
        };
        let reloading: Vec<_> = f
            .agents
            .iter()
            .filter(|a| a.alive && a.is_gunner() && a.reload > 0)
            .collect();
        if contact(f, reach) && !reloading.is_empty() {
            found.contact_reload_ticks += 1;
            found.most_in_contact = found.most_in_contact.max(reloading.len());
            if reloading.len() >= 2 && reloading.iter().any(|a| a.mag > 0) {
                let ids: Vec<u32> = reloading.iter().map(|a| a.id).collect();
                fault(
                    format!("gunners {ids:?} reloading at once in contact, not all empty"),
                    reloading[0].pos,
                );
            }
        }
        for (a, b) in prev.agents.iter().zip(&f.agents) {
            if !a.is_gunner() {
                continue;
            }
            let i = a.id as usize;
            let shots = shots_by(f, a.id);
            let ended = a.reload > 0 && b.reload == 0;
            // A reload that ends refills before the tick's fire: a shot may follow it.
            if shots > 0 && (b.reload > 0 || (a.mag == 0 && !ended)) {
                fault(format!("gunner {} fired reloading or empty", a.id), b.pos);
            }
            let expect = a.mag.saturating_sub(shots);
            if ended {
                if b.mag > expect {
                    found.reloads += 1;
                    if run[i] != reload_ticks {
                        fault(
                            format!(
                                "gunner {} refilled after {} reload ticks, not {reload_ticks}",
                                a.id, run[i]
                            ),
                            b.pos,
                        );
                    }
                }
            } else if b.mag != expect {
                fault(
                    format!(
                        "gunner {}'s magazine went {} -> {} with {shots} shot(s) and no reload",
                        a.id, a.mag, b.mag
                    ),
                    b.pos,
                );
            }
            run[i] = if b.reload > 0 { run[i] + 1 } else { 0 };
            let dry = f.ammo_pool == Some(0);
            idle[i] = if b.alive && !b.forced && b.mag == 0 && b.reload == 0 && !dry {
                idle[i] + 1
            } else {
                0
            };
            if idle[i] == 2 {
                fault(
                    format!(
                        "gunner {} empty with rounds in the pool, not reloading",
                        a.id
                    ),
                    b.pos,
                );
            }
        }
    }
    found
}

impl Criterion for K2 {
    fn id(&self) -> &'static str {
        "K2"
    }
    fn threshold(&self) -> &'static str {
        "0 faults"
    }
    fn home(&self) -> Home {
        Home::One("combat_route")
    }
    fn judge(&self, runs: &[&Recording]) -> Outcome {
        let runs = match applicable(runs, |r| {
            let reloaded = r
                .frames
                .iter()
                .any(|f| f.agents.iter().any(|a| a.is_gunner() && a.reload > 0));
            if reloaded {
                Ok(measure(r))
            } else {
                Err("no gunner reloaded".to_string())
            }
        }) {
            Ok(v) => v,
            Err(na) => return na,
        };
        let faults: Vec<&String> = runs.iter().flat_map(|(_, f)| f.faults.iter()).collect();
        let reloads: usize = runs.iter().map(|(_, f)| f.reloads).sum();
        let contact: usize = runs.iter().map(|(_, f)| f.contact_reload_ticks).sum();
        let most = runs
            .iter()
            .map(|(_, f)| f.most_in_contact)
            .max()
            .unwrap_or(0);
        let first = faults
            .first()
            .map(|s| format!(" (first: {s})"))
            .unwrap_or_default();
        let mut o = Outcome::judged(
            faults.is_empty(),
            format!(
                "{reloads} reloads; {contact} ticks reloading in contact, at most {most} at once; {} faults{first}",
                faults.len()
            ),
        )
        .with_value(faults.len() as f64, true);
        o.at = runs.iter().find_map(|(_, f)| f.at);
        o
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accept::criterion::Verdict;
    use crate::accept::testkit::{assert_pass, broken, copy, judge};

    #[test]
    fn the_combat_route_reloads_under_discipline() {
        assert_pass(&K2, crate::accept::testkit::embedded("combat_route"));
    }

    #[test]
    fn two_gunners_with_rounds_reloading_in_contact_fail() {
        // After every tick, the first two gunners with rounds are made to reload while
        // an enemy is near: the discipline the row holds, broken.
        let r = broken(
            "combat_route",
            |w| {
                let reach = w.tuning().lane.acquisition_radius;
                let near = |p: sim::Vec2| {
                    w.enemies()
                        .iter()
                        .any(|e| e.alive && e.pos.distance(p) <= reach)
                };
                let ids: Vec<usize> = w
                    .agents()
                    .iter()
                    .filter(|a| a.alive && a.is_gunner() && a.mag > 0 && near(a.pos))
                    .map(|a| a.id as usize)
                    .take(2)
                    .collect();
                if ids.len() == 2 {
                    for i in ids {
                        w.agent_mut(i).reload = 30;
                    }
                }
            },
            None,
        );
        let o = judge(&K2, &r);
        assert_eq!(o.verdict, Verdict::Fail, "{}", o.measured);
        assert!(o.measured.contains("reloading at once"), "{}", o.measured);
    }

    #[test]
    fn rounds_from_nowhere_fail() {
        // Every two seconds a round slips into each magazine with no reload.
        let r = broken(
            "combat_route",
            |w| {
                let magazine = w.tuning().ammo.magazine;
                if w.tick() % 120 != 0 {
                    return;
                }
                for i in 0..w.agents().len() {
                    let a = &w.agents()[i];
                    if a.is_gunner() && a.reload == 0 && a.mag < magazine {
                        w.agent_mut(i).mag += 1;
                    }
                }
            },
            None,
        );
        let o = judge(&K2, &r);
        assert_eq!(o.verdict, Verdict::Fail, "{}", o.measured);
    }

    #[test]
    fn a_shot_during_a_reload_fails() {
        let mut r = copy("combat_route");
        let k = r
            .frames
            .iter()
            .position(|f| f.kinds().any(|e| matches!(e, EventKind::Shot { .. })))
            .expect("the route fires");
        let shooter = r.frames[k]
            .kinds()
            .find_map(|e| match e {
                EventKind::Shot { shooter, .. } => Some(*shooter),
                _ => None,
            })
            .unwrap();
        r.frames[k].agents[shooter as usize].reload = 10;
        let o = judge(&K2, &r);
        assert_eq!(o.verdict, Verdict::Fail, "{}", o.measured);
        assert!(o.measured.contains("fired reloading"), "{}", o.measured);
    }

    #[test]
    fn no_reload_is_not_applicable() {
        let mut r = copy("combat_route");
        r.frames.truncate(60);
        assert_eq!(judge(&K2, &r).verdict, Verdict::NotApplicable);
    }
}
