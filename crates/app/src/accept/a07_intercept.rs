//! A7: ally-intercept. An ally scripted to cross a firing line: at least one shot
//! withheld by the intercept test while that ally stood in the firing line, no friendly
//! hit.
//!
//! Preconditions: a `force` hook, and gunners firing while the scripted ally walks.
//! Measured from the recording, not the simulation's word (issue 20):
//! - a withheld shot counts only when the scripted ally it names stood, on that tick,
//!   within [`in_line_reach`] of the firing line — the segment from the shooter to the
//!   target of its lane — where a bullet's flight over that segment could meet it;
//! - friendly hits are every bullet step of the run swept against every ally's body
//!   ([`allies_touched`], as A1 does), beside the simulation's `FriendlyHit` events.

use sim::read::EventKind;
use sim::Vec2;

use super::criterion::{applicable, Criterion, Home, Outcome};
use super::geom::point_segment;
use super::record::{Frame, Recording};
use super::sweep::allies_touched;

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

/// How near the firing line an ally must stand for a withheld shot to be about it: the
/// LaneClear threshold, widened by how far the ally could walk at its top speed while a
/// bullet flies the whole weapon range.
pub fn in_line_reach(r: &Recording) -> f32 {
    let t = &r.tuning;
    let flight = t.lane.weapon_range / t.fire.bullet_speed;
    t.lane_threshold() + t.squad.fast_speed * flight
}

/// The ally's distance to shooter `shooter`'s firing line in frame `f`: the segment from
/// where it stands to where its lane target stands (`None` without a live target).
fn off_the_line(f: &Frame, shooter: u32, ally: u32) -> Option<f32> {
    let s = f.agents.get(shooter as usize)?;
    let a = f.agents.get(ally as usize)?;
    let target: Vec2 = f.enemy(s.lane_target?)?.pos;
    Some(point_segment(a.pos, s.pos, target))
}

impl Criterion for A7 {
    fn id(&self) -> &'static str {
        "A7"
    }
    fn threshold(&self) -> &'static str {
        "withheld in the line >= 1, bullet hits = 0"
    }
    fn home(&self) -> Home {
        Home::One("intercept")
    }
    fn judge(&self, runs: &[&Recording]) -> Outcome {
        let runs = match applicable(runs, shots_while_forced) {
            Ok(v) => v,
            Err(na) => return na,
        };
        let (mut withheld, mut in_line, mut said, mut swept, mut shots) = (0, 0, 0, 0, 0);
        for (r, n) in &runs {
            shots += n;
            let reach = in_line_reach(r);
            let scripted: Vec<u32> = r.scenario.forced.iter().map(|f| f.agent as u32).collect();
            for f in &r.frames {
                for e in f.kinds() {
                    match *e {
                        EventKind::ShotWithheld { shooter, ally } => {
                            withheld += 1;
                            let near = off_the_line(f, shooter, ally).is_some_and(|d| d <= reach);
                            let walking = f.agents.get(ally as usize).is_some_and(|a| a.forced);
                            in_line += (scripted.contains(&ally) && walking && near) as usize;
                        }
                        EventKind::FriendlyHit { melee: false, .. } => said += 1,
                        _ => {}
                    }
                }
            }
            swept += allies_touched(r).len();
        }
        Outcome::judged(
            in_line >= 1 && said == 0 && swept == 0,
            format!(
                "withheld {withheld} ({in_line} with the scripted ally in the firing line), friendly hits {swept} swept, {said} said by the sim; {shots} shots while scripted"
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
        assert!(m.contains("withheld 0 (0 with"), "{m}");
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

    /// The simulation says it withheld shots for the scripted ally, but the ally stood
    /// nowhere near the firing line: those withholds do not count.
    #[test]
    fn a7_fails_when_the_withheld_ally_stood_outside_the_firing_line() {
        let mut r = copy("intercept");
        let far = Vec2::new(1.5, 1.5);
        let scripted = r.scenario.forced[0].agent;
        for f in &mut r.frames {
            f.agents[scripted].pos = far;
        }
        let m = assert_fail(&A7, &r);
        assert!(
            m.contains("(0 with the scripted ally in the firing line)"),
            "{m}"
        );
    }

    /// A bullet step through the scripted ally with no event from the simulation.
    #[test]
    fn a7_fails_on_a_bullet_through_the_ally_the_sim_did_not_report() {
        let mut r = copy("intercept");
        let steps = crate::accept::sweep::bullet_steps(&r);
        let s = steps[steps.len() / 2];
        let scripted = r.scenario.forced[0].agent;
        r.frames[s.k].agents[scripted].pos = s.from.lerp(s.to, 0.5);
        let m = assert_fail(&A7, &r);
        assert!(m.contains("friendly hits 1 swept, 0 said"), "{m}");
    }

    #[test]
    fn a7_is_not_applicable_without_a_scripted_ally() {
        assert_na(&A7, embedded("lane_free"));
    }
}
