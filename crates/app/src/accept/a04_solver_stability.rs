//! A4: solver stability. Holding against static targets, after the first 3 s at most one
//! commit per agent in any 5 s: gunners' solver commits (`Commit` events) and blades'
//! post changes (a blade's post is re-solved every tick without an event, so a change of
//! its post position is its commit).
//!
//! Preconditions: no waves (static targets only), at least one dummy, no `force` hook,
//! and a stretch of HOLDING without movement input of at least 3 s + 5 s.
//! Measured over that stretch after its first 3 s.

use std::collections::BTreeMap;

use sim::read::EventKind;
use sim::tuning::ticks;

use super::criterion::{applicable, secs, Criterion, Home, Outcome};
use super::record::Recording;

pub struct A4;

/// A blade's post moving farther than this between two ticks is a re-post.
pub const POST_MOVE: f32 = 0.01;

/// The longest stretch of HOLDING frames without movement input: `start..end`.
fn holding_stretch(r: &Recording) -> (usize, usize) {
    let mut best = (0, 0);
    let mut start = None;
    for (k, f) in r.frames.iter().enumerate().skip(1) {
        let still = f.holding && f.input.move_dir.length_sq() == 0.0;
        match (still, start) {
            (true, None) => start = Some(k),
            (false, Some(s)) => {
                if k - s > best.1 - best.0 {
                    best = (s, k);
                }
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        if r.frames.len() - s > best.1 - best.0 {
            best = (s, r.frames.len());
        }
    }
    best
}

/// The measured window `from..to`.
fn window(r: &Recording) -> Result<(usize, usize), String> {
    if !r.scenario.waves.is_empty() {
        return Err("the scenario has waves: targets are not static".into());
    }
    if !r.scenario.forced.is_empty() {
        return Err("a `force` hook moves an agent".into());
    }
    if !r.frames[0].enemies.iter().any(|e| e.is_dummy()) {
        return Err("no static target".into());
    }
    let (s, e) = holding_stretch(r);
    let settle = ticks(3.0) as usize;
    let need = settle + ticks(5.0) as usize;
    if e - s < need {
        return Err(format!(
            "longest HOLDING stretch {:.1} s, needs >= 8 s",
            secs(e - s)
        ));
    }
    Ok((s + settle, e))
}

/// Most events of one agent within any 5 s.
fn worst_per_5s(times: &BTreeMap<u32, Vec<usize>>) -> usize {
    let w = ticks(5.0) as usize;
    times
        .values()
        .map(|ts| {
            (0..ts.len())
                .map(|i| ts[i..].iter().take_while(|&&t| t < ts[i] + w).count())
                .max()
                .unwrap_or(0)
        })
        .max()
        .unwrap_or(0)
}

struct Found {
    commits: BTreeMap<u32, Vec<usize>>,
    reposts: BTreeMap<u32, Vec<usize>>,
}

fn measure(r: &Recording, (from, to): (usize, usize)) -> Found {
    let mut commits: BTreeMap<u32, Vec<usize>> = BTreeMap::new();
    let mut reposts: BTreeMap<u32, Vec<usize>> = BTreeMap::new();
    for k in from..to {
        for e in r.frames[k].kinds() {
            if let EventKind::Commit { agent, .. } = e {
                commits.entry(*agent).or_default().push(k);
            }
        }
        let (f, prev) = (&r.frames[k], &r.frames[k - 1]);
        for (a, p) in f.agents.iter().zip(&prev.agents) {
            if a.is_blade() && a.alive && a.post.distance(p.post) > POST_MOVE {
                reposts.entry(a.id).or_default().push(k);
            }
        }
    }
    Found { commits, reposts }
}

impl Criterion for A4 {
    fn id(&self) -> &'static str {
        "A4"
    }
    fn threshold(&self) -> &'static str {
        "<= 1 per agent per 5 s (gunners, blades)"
    }
    fn home(&self) -> Home {
        Home::One("hold_static")
    }
    fn judge(&self, runs: &[&Recording]) -> Outcome {
        let runs = match applicable(runs, window) {
            Ok(v) => v,
            Err(na) => return na,
        };
        let (mut g, mut b, mut nc, mut nr) = (0, 0, 0, 0);
        for (r, w) in &runs {
            let found = measure(r, *w);
            g = g.max(worst_per_5s(&found.commits));
            b = b.max(worst_per_5s(&found.reposts));
            nc += found.commits.values().map(Vec::len).sum::<usize>();
            nr += found.reposts.values().map(Vec::len).sum::<usize>();
        }
        Outcome::judged(
            g <= 1 && b <= 1,
            format!(
                "after 3 s: gunners max {g} commit(s)/5 s ({nc} in all), blades max {b} re-post(s)/5 s ({nr} in all)"
            ),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accept::testkit::*;
    use sim::Vec2;

    #[test]
    fn a4_passes_on_hold_static() {
        assert_pass(&A4, embedded("hold_static"));
    }

    #[test]
    fn a4_fails_on_two_gunner_commits_within_5_s() {
        let mut r = copy("hold_static");
        let commit = EventKind::Commit {
            agent: 3,
            from: Vec2::new(33.7, 52.4),
            to: Vec2::new(33.0, 52.4),
        };
        push_event(&mut r, 400, commit.clone());
        push_event(&mut r, 600, commit);
        let m = assert_fail(&A4, &r);
        assert!(m.contains("gunners max 2"), "{m}");
    }

    #[test]
    fn a4_fails_on_a_blade_that_re_posts_twice_within_5_s() {
        let mut r = copy("hold_static");
        for f in &mut r.frames[500..700] {
            f.agents[0].post.x += 0.5;
        }
        // Moved at 500, moved back at 700: two re-posts in 3.3 s.
        let m = assert_fail(&A4, &r);
        assert!(m.contains("blades max 2"), "{m}");
    }

    #[test]
    fn a4_is_not_applicable_on_the_route() {
        let m = assert_na(&A4, embedded("combat_route"));
        assert!(m.contains("waves"), "{m}");
    }
}
