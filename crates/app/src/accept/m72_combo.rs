//! M7.2: against a static dummy a full 1-2-3 combo completes within 2.5 s (first windup
//! to the end of the thrust).
//!
//! Preconditions: a blade started a first strike on a dummy.
//! Measured: the shortest chain strike 1 → 2 → 3 (no cancel, no restart) from such a
//! start, from the strike events.

use super::criterion::{applicable, secs, Criterion, Home, Outcome};
use super::record::Recording;
use super::strikes::{of_blade, Strike};
use sim::tuning::ticks;

pub struct M72;

/// Ticks of every full combo started on a dummy; Err when no first strike hit a dummy.
fn combos(r: &Recording) -> Result<Vec<usize>, String> {
    let mut on_dummy = 0;
    let mut done = Vec::new();
    for b in r.blades() {
        let evs = of_blade(r, b);
        for (i, &(t0, ev)) in evs.iter().enumerate() {
            let Strike::Started(0, target) = ev else {
                continue;
            };
            if !r.frames[t0].enemy(target).is_some_and(|e| e.is_dummy()) {
                continue;
            }
            on_dummy += 1;
            let mut next = 0u8;
            for &(t, e) in &evs[i + 1..] {
                match e {
                    Strike::Ended(k) if k == next => {
                        if k == 2 {
                            done.push(t - t0);
                            break;
                        }
                        next += 1;
                    }
                    Strike::Cancelled(_) | Strike::Started(0, _) => break,
                    _ => {}
                }
            }
        }
    }
    if on_dummy == 0 {
        Err("no first strike on a static dummy".into())
    } else {
        Ok(done)
    }
}

impl Criterion for M72 {
    fn id(&self) -> &'static str {
        "M7.2"
    }
    fn threshold(&self) -> &'static str {
        "<= 2.5 s"
    }
    fn home(&self) -> Home {
        Home::One("melee_dummy")
    }
    fn judge(&self, runs: &[&Recording]) -> Outcome {
        let runs = match applicable(runs, combos) {
            Ok(v) => v,
            Err(na) => return na,
        };
        let all: Vec<usize> = runs.iter().flat_map(|(_, c)| c.iter().copied()).collect();
        match all.iter().min() {
            Some(&t) => Outcome::judged(
                t <= ticks(2.5) as usize,
                format!("full combo in {:.2} s ({} combos)", secs(t), all.len()),
            ),
            None => Outcome::fail("no full combo completed"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accept::testkit::*;
    use sim::read::EventKind;

    #[test]
    fn m72_passes_on_melee_dummy() {
        assert_pass(&M72, embedded("melee_dummy"));
    }

    #[test]
    fn m72_fails_when_no_thrust_ends() {
        let mut r = copy("melee_dummy");
        drop_events(&mut r, |e| {
            matches!(e, EventKind::StrikeEnded { strike: 2, .. })
        });
        let m = assert_fail(&M72, &r);
        assert!(m.contains("no full combo"), "{m}");
    }

    #[test]
    fn m72_fails_on_a_slow_combo() {
        let mut r = copy("melee_dummy");
        // Every thrust ends 1.5 s late.
        let ends: Vec<(usize, sim::read::Event)> = r
            .frames
            .iter()
            .enumerate()
            .flat_map(|(k, f)| {
                f.events
                    .iter()
                    .filter(|e| matches!(e.kind, EventKind::StrikeEnded { strike: 2, .. }))
                    .map(move |e| (k, e.clone()))
            })
            .collect();
        drop_events(&mut r, |e| {
            matches!(e, EventKind::StrikeEnded { strike: 2, .. })
        });
        for (k, e) in ends {
            if k + 90 < r.frames.len() {
                push_event(&mut r, k + 90, e.kind);
            }
        }
        assert_fail(&M72, &r);
    }

    #[test]
    fn m72_is_not_applicable_without_a_dummy_strike() {
        assert_na(&M72, embedded("combat_route"));
    }
}
