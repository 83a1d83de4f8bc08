//! A7: ally-intercept. An ally scripted to cross a firing line: at least one shot
//! withheld by the intercept test, no friendly hit.
//!
//! Preconditions: a `force` hook, and gunners firing while the scripted ally walks.
//! Measured: `ShotWithheld` events (the intercept test's own report, and which ally it
//! named) and friendly-hit events.

use sim::read::EventKind;

use super::criterion::{applicable, Criterion, Home, Outcome};
use super::record::Recording;

pub struct A7;

fn shots_while_forced(r: &Recording) -> Result<usize, String> {
    if r.scenario.forced.is_empty() {
        return Err("no `force` hook".into());
    }
    let n = r
        .frames
        .iter()
        .filter(|f| f.agents.iter().any(|a| a.forced))
        .flat_map(|f| f.kinds())
        .filter(|e| matches!(e, EventKind::Shot { .. }))
        .count();
    if n == 0 {
        Err("no shot fired while an ally was scripted".into())
    } else {
        Ok(n)
    }
}

impl Criterion for A7 {
    fn id(&self) -> &'static str {
        "A7"
    }
    fn threshold(&self) -> &'static str {
        "withheld >= 1, hits = 0"
    }
    fn home(&self) -> Home {
        Home::One("intercept")
    }
    fn judge(&self, runs: &[&Recording]) -> Outcome {
        let runs = match applicable(runs, shots_while_forced) {
            Ok(v) => v,
            Err(na) => return na,
        };
        let (mut withheld, mut for_scripted, mut hits, mut shots) = (0, 0, 0, 0);
        for (r, n) in &runs {
            shots += n;
            let scripted: Vec<u32> = r.scenario.forced.iter().map(|f| f.agent as u32).collect();
            for (_, e) in r.events() {
                match e {
                    EventKind::ShotWithheld { ally, .. } => {
                        withheld += 1;
                        for_scripted += scripted.contains(ally) as usize;
                    }
                    EventKind::FriendlyHit { .. } => hits += 1,
                    _ => {}
                }
            }
        }
        Outcome::judged(
            withheld >= 1 && hits == 0,
            format!(
                "withheld {withheld} ({for_scripted} for the scripted ally), friendly hits {hits}, {shots} shots while scripted"
            ),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accept::testkit::*;
    use sim::read::VictimState;

    #[test]
    fn a7_passes_on_intercept() {
        assert_pass(&A7, embedded("intercept"));
    }

    #[test]
    fn a7_fails_when_no_shot_was_withheld() {
        let mut r = copy("intercept");
        assert!(drop_events(&mut r, |e| matches!(e, EventKind::ShotWithheld { .. })) > 0);
        let m = assert_fail(&A7, &r);
        assert!(m.contains("withheld 0"), "{m}");
    }

    #[test]
    fn a7_fails_on_a_friendly_hit() {
        let mut r = copy("intercept");
        let k = first_frame(&r, |e| matches!(e, EventKind::ShotWithheld { .. })).unwrap();
        let pos = r.frames[k].agents[0].pos;
        push_event(
            &mut r,
            k + 10,
            EventKind::FriendlyHit {
                shooter: 3,
                victim: 0,
                pos,
                victim_state: VictimState::Forced,
                melee: false,
            },
        );
        assert_fail(&A7, &r);
    }

    #[test]
    fn a7_is_not_applicable_without_a_scripted_ally() {
        assert_na(&A7, embedded("lane_free"));
    }
}
