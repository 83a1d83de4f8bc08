//! A12: the squad holds. With real waves at least 3 agents stand at the end of the run
//! (REQ: the default route, 180 s); kills per minute reported.
//!
//! Preconditions: the scenario has waves, and in the run enemies spawned and attacked
//! (a wave that comes after the end, or a horde that never swings, tests nothing).
//! Measured: standing agents in the last tick; `EnemyKilled` and `MeleeHit` events.

use sim::read::EventKind;

use super::criterion::{applicable, secs, Criterion, Home, Outcome};
use super::record::Recording;

pub struct A12;

pub const MIN_STANDING: usize = 3;

impl Criterion for A12 {
    fn id(&self) -> &'static str {
        "A12"
    }
    fn threshold(&self) -> &'static str {
        ">= 3 standing"
    }
    fn home(&self) -> Home {
        Home::One("combat_route")
    }
    fn judge(&self, runs: &[&Recording]) -> Outcome {
        let runs = match applicable(runs, |r| {
            let has = |f: fn(&EventKind) -> bool| r.events().any(|(_, e)| f(e));
            if r.scenario.waves.is_empty() {
                Err("no waves".to_string())
            } else if !has(|e| matches!(e, EventKind::EnemySpawned { .. })) {
                Err("no enemy spawned in the run".to_string())
            } else if !has(|e| matches!(e, EventKind::AttackStarted { .. })) {
                Err("no enemy attacked in the run".to_string())
            } else {
                Ok(())
            }
        }) {
            Ok(v) => v,
            Err(na) => return na,
        };
        let mut pass = true;
        let mut texts = Vec::new();
        let mut fewest = usize::MAX;
        for (r, ()) in runs {
            let last = r.frames.last().expect("frame 0 exists");
            let standing = last.agents.iter().filter(|a| a.alive).count();
            let minutes = secs(r.ticks_run()) / 60.0;
            let count = |f: fn(&EventKind) -> bool| r.events().filter(|(_, e)| f(e)).count();
            let kills = count(|e| matches!(e, EventKind::EnemyKilled { .. }));
            let blade = count(|e| matches!(e, EventKind::MeleeHit { .. }));
            pass &= standing >= MIN_STANDING;
            fewest = fewest.min(standing);
            texts.push(format!(
                "{standing}/{} standing at {:.0} s; {kills} kills, {:.1} kills/min, blade hits {:.1}/min",
                last.agents.len(),
                secs(r.ticks_run()),
                kills as f64 / minutes.max(1e-9),
                blade as f64 / minutes.max(1e-9)
            ));
        }
        Outcome::judged(pass, texts.join("; ")).with_value(fewest as f64, false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accept::testkit::*;

    #[test]
    fn a12_passes_on_the_route() {
        assert_pass(&A12, embedded("combat_route"));
    }

    #[test]
    fn a12_fails_when_three_agents_are_down_at_the_end() {
        let mut r = copy("combat_route");
        let last = r.frames.last_mut().unwrap();
        // Whoever stands at the end, leave exactly two.
        for a in last.agents.iter_mut().filter(|a| a.alive).skip(2) {
            a.alive = false;
        }
        let m = assert_fail(&A12, &r);
        assert!(m.starts_with("2/5 standing"), "{m}");
    }

    /// A scenario whose only wave comes after its end: 5/5 standing proves nothing.
    #[test]
    fn a12_is_not_applicable_when_no_enemy_spawned_or_attacked() {
        let mut r = copy("combat_route");
        drop_events(&mut r, |e| matches!(e, EventKind::AttackStarted { .. }));
        let m = assert_na(&A12, &r);
        assert!(m.contains("no enemy attacked"), "{m}");
        drop_events(&mut r, |e| matches!(e, EventKind::EnemySpawned { .. }));
        let m = assert_na(&A12, &r);
        assert!(m.contains("no enemy spawned"), "{m}");
    }

    #[test]
    fn a12_is_not_applicable_without_waves() {
        assert_na(&A12, embedded("hold_static"));
    }
}
