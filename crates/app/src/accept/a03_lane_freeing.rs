//! A3: lane freeing. An ally placed in a holding gunner's lane: the lane is clear within
//! 1.0 s and the gunner's first shot comes within 1.5 s.
//!
//! Preconditions: a `place` hook, the squad HOLDING at the first tick, and at that tick
//! a gunner whose lane to its priority target is blocked by a placed ally.
//! Measured per blocked gunner: the first tick it has a clear lane, its first `Shot`.

use sim::read::EventKind;

use super::criterion::{applicable, secs, Criterion, Home, Outcome};
use super::record::Recording;

pub struct A3;

fn blocked_gunners(r: &Recording) -> Result<Vec<u32>, String> {
    let placed = r.placed();
    if placed.is_empty() {
        return Err("no `place` hook".into());
    }
    let f = r.frames.get(1).ok_or("no tick run")?;
    if !f.holding {
        return Err("squad not HOLDING at the first tick".into());
    }
    let g: Vec<u32> = f
        .agents
        .iter()
        .filter(|a| a.alive && a.is_gunner() && !a.forced)
        .filter(|a| a.blocking_ally.is_some_and(|b| placed.contains(&b)))
        .map(|a| a.id)
        .collect();
    if g.is_empty() {
        Err("no gunner's lane blocked by a placed ally at the first tick".into())
    } else {
        Ok(g)
    }
}

impl Criterion for A3 {
    fn id(&self) -> &'static str {
        "A3"
    }
    fn threshold(&self) -> &'static str {
        "lane <= 1.0 s, shot <= 1.5 s"
    }
    fn home(&self) -> Home {
        Home::One("lane_free")
    }
    fn judge(&self, runs: &[&Recording]) -> Outcome {
        let runs = match applicable(runs, blocked_gunners) {
            Ok(v) => v,
            Err(na) => return na,
        };
        let (mut worst_lane, mut worst_shot, mut n) = (0usize, 0usize, 0);
        let mut never = Vec::new();
        for (r, gunners) in &runs {
            for &g in gunners {
                n += 1;
                let lane = r.frames.iter().position(|f| f.agents[g as usize].has_lane);
                let shot = r.events().find_map(|(k, e)| {
                    matches!(e, EventKind::Shot { shooter, .. } if *shooter == g).then_some(k)
                });
                match (lane, shot) {
                    (Some(l), Some(s)) => {
                        worst_lane = worst_lane.max(l);
                        worst_shot = worst_shot.max(s);
                    }
                    _ => never.push(g),
                }
            }
        }
        if !never.is_empty() {
            return Outcome::fail(format!(
                "blocked gunner(s) {never:?} never got a lane or never fired"
            ));
        }
        let pass = secs(worst_lane) <= 1.0 && secs(worst_shot) <= 1.5;
        Outcome::judged(
            pass,
            format!(
                "lane {:.2} s, shot {:.2} s ({n} blocked gunner(s))",
                secs(worst_lane),
                secs(worst_shot)
            ),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accept::testkit::*;

    #[test]
    fn a3_passes_on_lane_free() {
        assert_pass(&A3, embedded("lane_free"));
    }

    #[test]
    fn a3_fails_when_the_lane_stays_blocked_too_long() {
        let mut r = copy("lane_free");
        let g = blocked_gunners(&r).unwrap()[0] as usize;
        // The gunner's lane stays blocked for 1.2 s and its first shots before 1.6 s go.
        for f in &mut r.frames[..72] {
            f.agents[g].has_lane = false;
        }
        for f in &mut r.frames[..96] {
            f.events.retain(
                |e| !matches!(e.kind, EventKind::Shot { shooter, .. } if shooter as usize == g),
            );
        }
        let m = assert_fail(&A3, &r);
        assert!(m.contains("lane 1.2"), "{m}");
    }

    #[test]
    fn a3_is_not_applicable_without_a_placed_ally_in_a_lane() {
        assert_na(&A3, embedded("melee_dummy"));
    }
}
