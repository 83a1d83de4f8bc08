//! M7.4: an ally placed inside a blade's sector: no strike starts while it is there, and
//! the ally actually stops strikes; a strike of that blade lands within 1.5 s.
//!
//! Preconditions: a `place`d ally inside a blade's guarded sector toward the blade's
//! target at some tick (the first such blade is the blade under test; that tick starts
//! the clock).
//! Measured from positions and the blades' recorded strike state, with this module's own
//! sector geometry (the strike sector grown by the lunge and the safety margin, REQ M4):
//! - **prevented starts**: ticks where the blade under test was ready (phase, cooldown
//!   from the tick before), not sprinting, its target in reach, an ally inside the
//!   guarded sector, and no strike started — must be ≥ 1;
//! - **starts with an ally inside**: every `StrikeStarted` of any blade, against the
//!   guarded sector along the recorded strike axis — must be 0;
//! - **struck through an ally**: ticks the blade under test resolved a strike with an
//!   ally's body in the strike sector — must be 0;
//! - the first `MeleeHit` of the blade under test — within 1.5 s.

use sim::read::{EventKind, StrikePhase};

use super::criterion::{applicable, secs, Criterion, Home, Outcome};
use super::geom::Cone;
use super::m71_melee_friendly::allies_in_active_sectors;
use super::record::AgentSnap;
use super::record::Recording;

pub struct M74;

/// Float slack in the simulation's favour when judging a start (units).
const SLACK: f32 = 1e-3;

/// The guarded sector of strike `k` from `blade` along `axis` (radians).
fn guarded(r: &Recording, blade: &AgentSnap, axis: f32, k: usize) -> Cone {
    let m = &r.tuning.melee;
    Cone::new(
        blade.pos,
        axis,
        m.reach[k] + m.lunge_speed * m.active[k],
        m.half_angle_deg[k],
    )
}

/// Allies (other than `blade`) whose bodies come within `margin` of `cone`.
fn allies_in(agents: &[AgentSnap], blade: u32, cone: &Cone, margin: f32) -> Vec<u32> {
    agents
        .iter()
        .filter(|a| a.alive && a.id != blade && cone.touches(a.pos, a.radius, margin))
        .map(|a| a.id)
        .collect()
}

/// `(blade under test, first tick a placed ally stood in its sector)`.
fn set_up(r: &Recording) -> Result<(u32, usize), String> {
    let placed = r.placed();
    if placed.is_empty() {
        return Err("no `place` hook".into());
    }
    let margin = r.tuning.melee.safety_margin;
    for (k, f) in r.frames.iter().enumerate().skip(1) {
        for b in f
            .agents
            .iter()
            .filter(|b| b.alive && b.is_blade() && !b.forced)
        {
            let Some(t) = b.melee.target.and_then(|id| f.enemy(id)) else {
                continue;
            };
            let cone = guarded(r, b, (t.pos - b.pos).angle(), b.melee.strike as usize);
            if allies_in(&f.agents, b.id, &cone, margin)
                .iter()
                .any(|a| placed.contains(a))
            {
                return Ok((b.id, k));
            }
        }
    }
    Err("no placed ally inside a blade's sector toward its target".into())
}

#[derive(Debug, Default)]
struct Found {
    prevented: usize,
    starts_inside: Vec<(usize, u32, Vec<u32>)>,
    through: usize,
    first_hit: Option<usize>,
}

fn measure(r: &Recording, blade: u32, from: usize) -> Found {
    let margin = r.tuning.melee.safety_margin;
    let mut found = Found::default();
    for k in 1..r.frames.len() {
        let (prev, f) = (&r.frames[k - 1], &r.frames[k]);
        let started: Vec<(u32, u8)> = f
            .kinds()
            .filter_map(|e| match e {
                EventKind::StrikeStarted { blade, strike, .. } => Some((*blade, *strike)),
                _ => None,
            })
            .collect();
        for &(b, s) in &started {
            let a = &f.agents[b as usize];
            let cone = guarded(r, a, a.melee.axis, s as usize);
            let inside = allies_in(&f.agents, b, &cone, margin - SLACK);
            if !inside.is_empty() {
                found.starts_inside.push((k, b, inside));
            }
        }
        let (b, was) = (&f.agents[blade as usize], &prev.agents[blade as usize]);
        let ready = b.alive
            && !b.forced
            && was.melee.phase == StrikePhase::Ready
            && was.melee.cooldown == 0
            && !f.sprinting;
        if ready && !started.iter().any(|s| s.0 == blade) {
            let s = was.melee.strike as usize;
            if let Some(t) = b
                .melee
                .target
                .and_then(|id| prev.enemy(id))
                .filter(|t| t.alive)
            {
                let in_reach = b.pos.distance(t.pos) - t.radius < r.tuning.melee.reach[s];
                let cone = guarded(r, b, (t.pos - b.pos).angle(), s);
                if in_reach && !allies_in(&f.agents, blade, &cone, margin + SLACK).is_empty() {
                    found.prevented += 1;
                }
            }
        }
        found.through += allies_in_active_sectors(r, f)
            .iter()
            .filter(|(b, _)| *b == blade)
            .count();
        if found.first_hit.is_none()
            && k >= from
            && f.kinds()
                .any(|e| matches!(e, EventKind::MeleeHit { blade: b, .. } if *b == blade))
        {
            found.first_hit = Some(k);
        }
    }
    found
}

impl Criterion for M74 {
    fn id(&self) -> &'static str {
        "M7.4"
    }
    fn threshold(&self) -> &'static str {
        "prevented >= 1, 0 starts, 0 through, hit <= 1.5 s"
    }
    fn home(&self) -> Home {
        Home::One("melee_ally")
    }
    fn judge(&self, runs: &[&Recording]) -> Outcome {
        let runs = match applicable(runs, set_up) {
            Ok(v) => v,
            Err(na) => return na,
        };
        let mut pass = true;
        let mut texts = Vec::new();
        for (r, (blade, from)) in runs {
            let f = measure(r, blade, from);
            let hit = f.first_hit.map(|h| secs(h - from));
            pass &= f.prevented >= 1
                && f.starts_inside.is_empty()
                && f.through == 0
                && hit.is_some_and(|t| t <= 1.5);
            let first = f
                .starts_inside
                .first()
                .map(|(k, b, a)| format!(" (tick {k}: blade {b}, allies {a:?})"))
                .unwrap_or_default();
            texts.push(format!(
                "blade {blade}: {} starts prevented, {} starts with an ally inside{first}, {} ticks through an ally, {}",
                f.prevented,
                f.starts_inside.len(),
                f.through,
                hit.map_or("no hit".to_string(), |t| format!("first hit {t:.2} s")),
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
    fn m74_passes_on_melee_ally() {
        assert_pass(&M74, embedded("melee_ally"));
    }

    /// A blade allowed to strike through an ally: a start on a tick the ally stood in the
    /// sector.
    #[test]
    fn m74_fails_on_a_strike_started_with_the_ally_inside() {
        let mut r = copy("melee_ally");
        let (blade, from) = set_up(&r).unwrap();
        let f = &mut r.frames[from];
        let b = &f.agents[blade as usize];
        let target = b.melee.target.unwrap();
        let axis = (f.enemy(target).unwrap().pos - b.pos).angle();
        f.agents[blade as usize].melee.axis = axis;
        push_event(
            &mut r,
            from,
            EventKind::StrikeStarted {
                blade,
                strike: 0,
                target,
            },
        );
        let m = assert_fail(&M74, &r);
        assert!(m.contains("1 starts with an ally inside"), "{m}");
    }

    /// The ally stopped nothing: the blade under test was never ready (always on a
    /// cooldown) on any tick it did not start a strike.
    #[test]
    fn m74_fails_when_the_ally_prevented_no_strike() {
        let mut r = copy("melee_ally");
        let (blade, _) = set_up(&r).unwrap();
        for f in &mut r.frames {
            let m = &mut f.agents[blade as usize].melee;
            if m.phase == StrikePhase::Ready {
                m.cooldown = m.cooldown.max(5);
            }
        }
        let m = assert_fail(&M74, &r);
        assert!(m.contains("0 starts prevented"), "{m}");
    }

    /// The hit came from the other blade, not the blade under test.
    #[test]
    fn m74_fails_when_only_the_other_blade_hits() {
        let mut r = copy("melee_ally");
        let (blade, _) = set_up(&r).unwrap();
        let other = r.blades().into_iter().find(|&b| b != blade).unwrap();
        for f in &mut r.frames {
            for e in &mut f.events {
                if let EventKind::MeleeHit { blade: b, .. } = &mut e.kind {
                    if *b == blade {
                        *b = other;
                    }
                }
            }
        }
        let m = assert_fail(&M74, &r);
        assert!(m.contains("no hit"), "{m}");
    }

    #[test]
    fn m74_is_not_applicable_without_a_placed_ally() {
        assert_na(&M74, embedded("melee_dummy"));
    }
}
