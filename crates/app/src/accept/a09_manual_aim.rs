//! A9: manual aim. With an assigned target, within 2 s at least two gunners have a clear
//! lane to it; no shot through an ally.
//!
//! Preconditions: an `assign` statement, a resolved manual target (assigned, or picked by
//! an aim vector), and a tick at which that target was *in reach* of at least two
//! gunners: within weapon range with no wall between, allies ignored (A2's measure; a
//! target across the map cannot be given a lane by any squad behaviour, an ally in the
//! way is what the squad must solve). Each resolved target is judged from its first such
//! tick (the clock starts there) over the next 2 s; one that stops being the manual
//! target sooner (cleared, killed, re-aimed) without two lanes is counted as cut short,
//! not judged.
//! Measured: per tick the gunners whose clear lane leads to the assigned target; and for
//! every shot of the run, from positions at the shot's tick, whether the line from its
//! muzzle to its aim point passes through an ally's body (radius + bullet radius).

use sim::read::{EventKind, ManualEvent};
use sim::tuning::ticks;

use super::a02_uptime::in_reach;
use super::criterion::{applicable, secs, Criterion, Home, Outcome};
use super::geom::point_segment;
use super::record::Recording;

pub struct A9;

/// An assignment: its target and the tick the 2 s clock starts.
#[derive(Clone, Copy, Debug)]
struct Episode {
    target: u32,
    start: usize,
}

fn reachable(r: &Recording, k: usize, target: u32) -> bool {
    let f = &r.frames[k];
    f.enemy(target).is_some_and(|e| {
        e.alive
            && f.agents
                .iter()
                .filter(|a| a.alive && a.is_gunner() && !a.forced && in_reach(r, a.pos, e.pos))
                .count()
                >= 2
    })
}

/// Every assignment with a reachable tick; Err names what is missing.
fn episodes(r: &Recording) -> Result<Vec<Episode>, String> {
    if !r
        .scenario
        .manual
        .iter()
        .any(|(_, m)| matches!(m, ManualEvent::AssignNearest(_)))
    {
        return Err("no `assign` statement".into());
    }
    let mut v: Vec<Episode> = Vec::new();
    let mut assigned = 0;
    let mut current: Option<(u32, bool)> = None;
    for (k, f) in r.frames.iter().enumerate() {
        match f.assigned {
            Some(t) => {
                if current.is_none_or(|(c, _)| c != t) {
                    assigned += 1;
                    current = Some((t, false));
                }
                if let Some((_, started)) = current.as_mut() {
                    if !*started && reachable(r, k, t) {
                        *started = true;
                        v.push(Episode {
                            target: t,
                            start: k,
                        });
                    }
                }
            }
            None => current = None,
        }
    }
    if assigned == 0 {
        Err("the assignment found no target".into())
    } else if v.is_empty() {
        Err(format!(
            "{assigned} manual target(s), none ever in reach (range {}, no wall) of two gunners",
            r.tuning.lane.weapon_range
        ))
    } else {
        Ok(v)
    }
}

/// Gunners with a clear lane to `target` at frame `k`.
fn lanes_to(r: &Recording, k: usize, target: u32) -> usize {
    r.frames[k]
        .agents
        .iter()
        .filter(|a| a.alive && a.is_gunner() && a.has_lane && a.lane_target == Some(target))
        .count()
}

/// How an assignment went: ticks to two lanes, else the most lanes within the window,
/// or `None` when it was cut short.
enum Judged {
    Reached(usize),
    Missed(usize),
    Cut,
}

fn judge_episode(r: &Recording, e: Episode) -> Judged {
    let window = ticks(2.0) as usize;
    let mut most = 0;
    for k in e.start..=e.start + window {
        let Some(f) = r.frames.get(k) else {
            return Judged::Cut;
        };
        if f.assigned != Some(e.target) {
            return Judged::Cut;
        }
        let n = lanes_to(r, k, e.target);
        if n >= 2 {
            return Judged::Reached(k - e.start);
        }
        most = most.max(n);
    }
    Judged::Missed(most)
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
        let runs = match applicable(runs, episodes) {
            Ok(v) => v,
            Err(na) => return na,
        };
        let mut pass = true;
        let (mut judged, mut cut, mut slowest, mut missed) = (0, 0, 0usize, Vec::new());
        let mut through = 0;
        for (r, eps) in runs {
            for e in eps {
                match judge_episode(r, e) {
                    Judged::Reached(t) => {
                        judged += 1;
                        slowest = slowest.max(t);
                    }
                    Judged::Missed(most) => {
                        judged += 1;
                        missed.push(format!(
                            "target {} from tick {}: max {most} gunner(s) within 2 s",
                            e.target, e.start
                        ));
                    }
                    Judged::Cut => cut += 1,
                }
            }
            through += shots_through_allies(r).len();
        }
        if judged == 0 {
            return Outcome::na(format!(
                "every assignment ({cut}) ended within 2 s of becoming reachable"
            ));
        }
        pass &= missed.is_empty() && through == 0;
        let lanes = match missed.first() {
            None => format!(
                "{judged} assignment(s): 2 gunners within {:.2} s",
                secs(slowest)
            ),
            Some(first) => format!(
                "{} of {judged} assignment(s) missed ({first})",
                missed.len()
            ),
        };
        Outcome::judged(
            pass,
            format!("{lanes}, {cut} cut short, {through} shot(s) through an ally"),
        )
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

    /// The assigned target moved out of weapon range for the whole run: nothing to judge.
    #[test]
    fn a9_is_not_applicable_when_the_assigned_target_is_never_in_reach() {
        let mut r = copy("manual_aim");
        for f in &mut r.frames {
            if let Some(id) = f.assigned {
                let anchor = f.anchor;
                for e in f.enemies.iter_mut().filter(|e| e.id == id) {
                    e.pos = anchor + sim::Vec2::new(0.0, 20.0);
                }
            }
        }
        let m = assert_na(&A9, &r);
        assert!(m.contains("none ever in reach"), "{m}");
    }

    #[test]
    fn a9_is_not_applicable_without_an_assignment() {
        assert_na(&A9, embedded("lane_free"));
    }
}
