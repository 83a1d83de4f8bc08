//! A1: no friendly hit, bullets and strikes (SPEC: the combat route with its waves).
//!
//! Preconditions: the run fired at least one shot or started at least one strike.
//! Measured: the friendly-hit events of the run.

use sim::read::EventKind;

use super::criterion::{applicable, Criterion, Home, Outcome};
use super::record::Recording;

pub struct A1;

impl Criterion for A1 {
    fn id(&self) -> &'static str {
        "A1"
    }
    fn threshold(&self) -> &'static str {
        "= 0"
    }
    fn home(&self) -> Home {
        Home::One("combat_route")
    }
    fn judge(&self, runs: &[&Recording]) -> Outcome {
        let runs = match applicable(runs, |r| {
            let attacks = r
                .events()
                .filter(|(_, e)| {
                    matches!(e, EventKind::Shot { .. } | EventKind::StrikeStarted { .. })
                })
                .count();
            if attacks == 0 {
                Err("no shot fired and no strike started".to_string())
            } else {
                Ok(attacks)
            }
        }) {
            Ok(v) => v,
            Err(na) => return na,
        };
        let (mut bullets, mut blades, mut attacks) = (0, 0, 0);
        for (r, n) in &runs {
            attacks += n;
            for (_, e) in r.events() {
                if let EventKind::FriendlyHit { melee, .. } = e {
                    if *melee {
                        blades += 1;
                    } else {
                        bullets += 1;
                    }
                }
            }
        }
        Outcome::judged(
            bullets + blades == 0,
            format!(
                "friendly hits {} ({bullets} bullets, {blades} strikes) over {attacks} shots and strikes",
                bullets + blades
            ),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accept::testkit::*;
    use sim::read::VictimState;
    use sim::Vec2;

    #[test]
    fn a1_passes_on_the_route() {
        assert_pass(&A1, embedded("combat_route"));
    }

    #[test]
    fn a1_fails_on_one_friendly_bullet() {
        let mut r = copy("lane_free");
        assert_pass(&A1, &r);
        push_event(
            &mut r,
            100,
            EventKind::FriendlyHit {
                shooter: 2,
                victim: 0,
                pos: Vec2::new(33.0, 52.0),
                victim_state: VictimState::Standing,
                melee: false,
            },
        );
        assert_fail(&A1, &r);
    }

    #[test]
    fn a1_is_not_applicable_without_attacks() {
        let mut r = copy("lane_free");
        drop_events(&mut r, |e| {
            matches!(e, EventKind::Shot { .. } | EventKind::StrikeStarted { .. })
        });
        assert_na(&A1, &r);
    }
}
