//! A10: no straggler. No agent stays farther than 4 units from its slot or post for more
//! than 3 s.
//!
//! Preconditions: a run longer than 3 s. Agents under a `force` hook are left out (no AI
//! drives them), and so are fallen ones.
//! Measured: per agent the longest run of ticks farther than 4 units from its goal.

use sim::tuning::ticks;

use super::criterion::{applicable, secs, Criterion, Home, Outcome};
use super::record::Recording;

pub struct A10;

pub const STRAGGLE: f32 = 4.0;

/// `(longest run in ticks, agent, tick it ended)`.
fn longest(r: &Recording) -> Result<(usize, u32, usize), String> {
    if r.ticks_run() <= ticks(3.0) as usize {
        return Err(format!("run {:.1} s, needs > 3 s", secs(r.ticks_run())));
    }
    let n = r.frames[0].agents.len();
    let mut run = vec![0usize; n];
    let mut worst = (0, 0, 0);
    for (k, f) in r.frames.iter().enumerate().skip(1) {
        for a in &f.agents {
            let i = a.id as usize;
            if a.alive && !a.forced && a.pos.distance(a.goal) > STRAGGLE {
                run[i] += 1;
                if run[i] > worst.0 {
                    worst = (run[i], a.id, k);
                }
            } else {
                run[i] = 0;
            }
        }
    }
    Ok(worst)
}

impl Criterion for A10 {
    fn id(&self) -> &'static str {
        "A10"
    }
    fn threshold(&self) -> &'static str {
        "<= 3.0 s"
    }
    fn home(&self) -> Home {
        Home::One("combat_route")
    }
    fn judge(&self, runs: &[&Recording]) -> Outcome {
        let runs = match applicable(runs, longest) {
            Ok(v) => v,
            Err(na) => return na,
        };
        let (r, (t, agent, at)) = runs
            .iter()
            .max_by_key(|(_, w)| w.0)
            .expect("applicable runs are not empty");
        let pos = r.frames[(*at).min(r.frames.len() - 1)].agents[*agent as usize].pos;
        Outcome::judged(
            *t <= ticks(3.0) as usize,
            format!(
                "longest straggle {:.2} s (agent {agent}, ending tick {at} of {})",
                secs(*t),
                r.name
            ),
        )
        .with_value(secs(*t), true)
        .with_at(*at, pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accept::testkit::*;

    #[test]
    fn a10_passes_on_the_route() {
        assert_pass(&A10, embedded("combat_route"));
    }

    #[test]
    fn a10_fails_on_an_agent_4_s_away_from_its_goal() {
        let mut r = copy("hold_static");
        for f in &mut r.frames[100..100 + 240] {
            f.agents[2].pos = f.agents[2].goal + sim::Vec2::new(4.5, 0.0);
        }
        let m = assert_fail(&A10, &r);
        assert!(m.contains("4.00 s (agent 2"), "{m}");
    }

    #[test]
    fn a10_is_not_applicable_on_a_short_run() {
        let mut r = copy("lane_free");
        r.frames.truncate(100);
        assert_na(&A10, &r);
    }
}
