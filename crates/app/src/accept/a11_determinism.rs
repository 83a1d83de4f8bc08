//! A11: determinism. The same set-up run twice gives the same checksum at every tick.
//!
//! Preconditions: a second run of the set-up was recorded.
//! Measured: the first tick whose checksums differ.

use super::criterion::{applicable, Criterion, Home, Outcome};
use super::record::Recording;

pub struct A11;

impl Criterion for A11 {
    fn id(&self) -> &'static str {
        "A11"
    }
    fn threshold(&self) -> &'static str {
        "identical every tick"
    }
    fn home(&self) -> Home {
        Home::One("combat_route")
    }
    fn needs_repeat(&self) -> bool {
        true
    }
    fn judge(&self, runs: &[&Recording]) -> Outcome {
        let runs = match applicable(runs, |r| {
            r.repeat
                .as_ref()
                .ok_or_else(|| "the set-up was run once".to_string())
        }) {
            Ok(v) => v,
            Err(na) => return na,
        };
        let mut texts = Vec::new();
        let mut pass = true;
        for (r, again) in runs {
            let first = r
                .frames
                .iter()
                .map(|f| f.checksum)
                .zip(again.iter())
                .position(|(a, b)| a != *b);
            let same_len = r.frames.len() == again.len();
            pass &= first.is_none() && same_len;
            texts.push(match first {
                None if same_len => format!("{} ticks identical", r.ticks_run()),
                None => format!(
                    "runs of {} and {} ticks",
                    r.ticks_run(),
                    again.len().saturating_sub(1)
                ),
                Some(k) => format!("first divergence at tick {k} of {}", r.name),
            });
        }
        Outcome::judged(pass, texts.join("; "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accept::testkit::*;

    #[test]
    fn a11_passes_on_the_route() {
        assert_pass(&A11, embedded("combat_route"));
    }

    #[test]
    fn a11_fails_when_two_runs_differ_at_one_tick() {
        let mut r = copy("melee_dummy");
        r.repeat.as_mut().unwrap()[250] ^= 1;
        let m = assert_fail(&A11, &r);
        assert!(m.contains("divergence at tick 250"), "{m}");
    }

    #[test]
    fn a11_is_not_applicable_on_a_single_run() {
        let mut r = copy("melee_dummy");
        r.repeat = None;
        assert_na(&A11, &r);
    }

    /// Two real runs that differ at one tick: the second run's world nudges an enemy by
    /// a thousandth of a unit after tick 250.
    #[test]
    fn a11_fails_when_a_second_run_differs_at_tick_250() {
        let mut nudge = |w: &mut sim::read::World| {
            if w.tick() == 250 {
                w.enemies_mut()[0].pos.x += 1e-3;
            }
        };
        let r = broken("melee_dummy", |_| {}, Some(&mut nudge));
        let m = assert_fail(&A11, &r);
        assert!(m.contains("divergence at tick 250"), "{m}");
    }
}
