//! A9: manual aim. With an assigned target, within 2 s at least two gunners have a clear
//! lane to it; no shot through an ally.
//!
//! Preconditions: an `assign` statement that resolved to a target.
//! Measured: per tick the gunners whose clear lane leads to the assigned target; and for
//! every shot of the run, from positions at the shot's tick, whether the line from its
//! muzzle to its aim point passes through an ally's body (radius + bullet radius).

use sim::core::events::EventKind;
use sim::script::scenario::ManualEvent;
use sim::tuning::ticks;

use super::geom::point_segment;
use super::{applicable, secs, Criterion, Home, Outcome, Recording};

pub struct A9;

fn first_assigned(r: &Recording) -> Result<usize, String> {
    if !r
        .scenario
        .manual
        .iter()
        .any(|(_, m)| matches!(m, ManualEvent::AssignNearest(_)))
    {
        return Err("no `assign` statement".into());
    }
    r.frames
        .iter()
        .position(|f| f.assigned.is_some())
        .ok_or_else(|| "the assignment found no target".to_string())
}

/// `(tick, shooter, ally)` of every shot whose line crossed an ally's body.
pub fn shots_through_allies(r: &Recording) -> Vec<(usize, u32, u32)> {
    let bullet = r.tuning.fire.bullet_radius;
    let mut v = Vec::new();
    for (k, e) in r.events() {
        if let EventKind::Shot {
            shooter,
            muzzle,
            aim,
            ..
        } = e
        {
            for a in r.frames[k]
                .agents
                .iter()
                .filter(|a| a.alive && a.id != *shooter)
            {
                if point_segment(a.pos, *muzzle, *aim) < a.radius + bullet {
                    v.push((k, *shooter, a.id));
                }
            }
        }
    }
    v
}

impl Criterion for A9 {
    fn id(&self) -> &'static str {
        "A9"
    }
    fn threshold(&self) -> &'static str {
        ">= 2 gunners within 2 s, 0 through an ally"
    }
    fn home(&self) -> Home {
        Home::One("manual_aim")
    }
    fn judge(&self, runs: &[&Recording]) -> Outcome {
        let runs = match applicable(runs, first_assigned) {
            Ok(v) => v,
            Err(na) => return na,
        };
        let mut pass = true;
        let mut texts = Vec::new();
        for (r, first) in runs {
            let end = (first + ticks(2.0) as usize + 1).min(r.frames.len());
            let lanes = |k: usize| {
                let f = &r.frames[k];
                f.agents
                    .iter()
                    .filter(|a| {
                        a.alive
                            && a.is_gunner()
                            && a.has_lane
                            && f.assigned.is_some()
                            && a.lane_target == f.assigned
                    })
                    .count()
            };
            let reached = (first..end).find(|&k| lanes(k) >= 2);
            let through = shots_through_allies(r);
            pass &= reached.is_some() && through.is_empty();
            let lane_text = match reached {
                Some(k) => format!("2 gunners after {:.2} s", secs(k - first)),
                None => format!(
                    "max {} gunner(s) within 2 s",
                    (first..end).map(lanes).max().unwrap_or(0)
                ),
            };
            texts.push(format!(
                "{lane_text}, {} shot(s) through an ally",
                through.len()
            ));
        }
        Outcome::judged(pass, texts.join("; "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accept::testkit::*;

    #[test]
    fn a9_passes_on_manual_aim() {
        assert_pass(&A9, embedded("manual_aim"));
    }

    #[test]
    fn a9_fails_on_a_shot_through_an_ally() {
        let mut r = copy("manual_aim");
        let (k, shooter, muzzle, aim) = r
            .events()
            .find_map(|(k, e)| match e {
                EventKind::Shot {
                    shooter,
                    muzzle,
                    aim,
                    ..
                } => Some((k, *shooter, *muzzle, *aim)),
                _ => None,
            })
            .unwrap();
        let ally = (0..5).find(|&i| i != shooter as usize).unwrap();
        r.frames[k].agents[ally].pos = muzzle.lerp(aim, 0.5);
        let m = assert_fail(&A9, &r);
        assert!(m.contains("1 shot(s) through an ally"), "{m}");
    }

    #[test]
    fn a9_fails_when_no_two_gunners_find_a_lane() {
        let mut r = copy("manual_aim");
        for f in &mut r.frames {
            for a in f.agents.iter_mut().skip(3) {
                a.has_lane = false;
            }
        }
        let m = assert_fail(&A9, &r);
        assert!(m.contains("max 1 gunner"), "{m}");
    }

    #[test]
    fn a9_is_not_applicable_without_an_assignment() {
        assert_na(&A9, embedded("lane_free"));
    }
}
