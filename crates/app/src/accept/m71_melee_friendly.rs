//! M7.1: no melee friendly hit, in every scenario.
//!
//! Preconditions: at least one strike reached its active window.
//! Measured: friendly-hit events from strikes, and from positions: every tick a strike
//! resolves (phase active after the tick), whether an ally's body touches the strike's
//! sector (its reach and half-angle, from the blade along the strike axis).

use sim::read::{EventKind, StrikePhase};

use super::criterion::{applicable, Criterion, Home, Outcome};
use super::geom::Cone;
use super::record::Frame;
use super::record::Recording;

pub struct M71;

/// `(blade, ally)` pairs where an ally's body touches an active strike's sector.
pub fn allies_in_active_sectors(r: &Recording, f: &Frame) -> Vec<(u32, u32)> {
    let m = &r.tuning.melee;
    let mut v = Vec::new();
    for b in f
        .agents
        .iter()
        .filter(|b| b.alive && b.is_blade() && b.melee.phase == StrikePhase::Active)
    {
        let k = b.melee.strike as usize;
        let cone = Cone::new(b.pos, b.melee.axis, m.reach[k], m.half_angle_deg[k]);
        for a in f.agents.iter().filter(|a| a.alive && a.id != b.id) {
            if cone.touches(a.pos, a.radius, 0.0) {
                v.push((b.id, a.id));
            }
        }
    }
    v
}

impl Criterion for M71 {
    fn id(&self) -> &'static str {
        "M7.1"
    }
    fn threshold(&self) -> &'static str {
        "= 0"
    }
    fn home(&self) -> Home {
        Home::Every
    }
    fn judge(&self, runs: &[&Recording]) -> Outcome {
        let runs = match applicable(runs, |r| {
            let n = r
                .events()
                .filter(|(_, e)| matches!(e, EventKind::StrikeActive { .. }))
                .count();
            if n == 0 {
                Err("no strike reached its active window".to_string())
            } else {
                Ok(n)
            }
        }) {
            Ok(v) => v,
            Err(na) => return na,
        };
        let (mut events, mut touches, mut strikes, mut hits) = (0, 0, 0, 0);
        for (r, n) in &runs {
            strikes += n;
            for (_, e) in r.events() {
                match e {
                    EventKind::FriendlyHit { melee: true, .. } => events += 1,
                    EventKind::MeleeHit { .. } => hits += 1,
                    _ => {}
                }
            }
            touches += r
                .frames
                .iter()
                .map(|f| allies_in_active_sectors(r, f).len())
                .sum::<usize>();
        }
        Outcome::judged(
            events == 0 && touches == 0,
            format!(
                "melee friendly hits {events}, ally bodies in an active sector {touches} ({strikes} strikes, {hits} hits on enemies)"
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
    fn m71_passes_on_every_embedded_scenario_with_strikes() {
        for (name, _) in sim::content::SCENARIOS {
            let r = embedded(name);
            if r.events()
                .any(|(_, e)| matches!(e, EventKind::StrikeActive { .. }))
            {
                assert_pass(&M71, r);
            }
        }
    }

    /// An ally standing in the sector while the strike resolves: struck through an ally.
    #[test]
    fn m71_fails_on_an_ally_inside_an_active_strike() {
        let mut r = copy("melee_dummy");
        let k = r
            .frames
            .iter()
            .position(|f| {
                f.agents
                    .iter()
                    .any(|b| b.melee.phase == StrikePhase::Active)
            })
            .unwrap();
        let f = &mut r.frames[k];
        let b = *f
            .agents
            .iter()
            .find(|b| b.melee.phase == StrikePhase::Active)
            .unwrap();
        let ally = if b.id == 0 { 1 } else { 0 };
        f.agents[ally].pos = b.pos + sim::Vec2::from_angle(b.melee.axis) * 0.6;
        let m = assert_fail(&M71, &r);
        assert!(m.contains("active sector 1"), "{m}");
    }

    #[test]
    fn m71_fails_on_a_melee_friendly_hit_event() {
        let mut r = copy("melee_dummy");
        let pos = r.frames[200].agents[2].pos;
        push_event(
            &mut r,
            200,
            EventKind::FriendlyHit {
                shooter: 0,
                victim: 2,
                pos,
                victim_state: VictimState::Standing,
                melee: true,
            },
        );
        assert_fail(&M71, &r);
    }

    #[test]
    fn m71_is_not_applicable_without_strikes() {
        let mut r = copy("lane_free");
        drop_events(&mut r, |e| matches!(e, EventKind::StrikeActive { .. }));
        assert_na(&M71, &r);
    }

    /// A broken world: an ally is set inside a blade's sector while its strike is active
    /// (a blade allowed to strike through an ally).
    #[test]
    fn m71_fails_on_a_world_with_an_ally_inside_an_active_strike() {
        let mut done = false;
        let r = broken(
            "melee_dummy",
            |w| {
                if done {
                    return;
                }
                let Some(b) = w
                    .agents()
                    .iter()
                    .find(|b| b.melee.phase == StrikePhase::Active)
                    .map(|b| (b.id, b.pos, b.melee.axis))
                else {
                    return;
                };
                let ally = if b.0 == 0 { 1 } else { 0 };
                let p = b.1 + sim::Vec2::from_angle(b.2) * 0.6;
                w.agent_mut(ally).pos = p;
                done = true;
            },
            None,
        );
        let m = assert_fail(&M71, &r);
        // The strike resolves on the ally: the simulation's own event and the sector check.
        assert!(m.contains("melee friendly hits 1,"), "{m}");
        assert!(!m.contains("active sector 0 "), "{m}");
    }
}
