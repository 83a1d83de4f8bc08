//! A1: no friendly hit, bullets, strikes and blasts (REQ: the combat route with its
//! waves; K5: the grenade drill).
//!
//! Preconditions: the run fired at least one shot, started at least one strike or
//! threw a grenade. Measured: bullets from the recording itself — every bullet's step of
//! every tick swept against every ally's body ([`super::sweep`]), not the simulation's
//! word for it; the simulation's own bullet `FriendlyHit` events are counted beside it
//! and must agree; strikes from the melee friendly-hit events (M7.1 measures strikes
//! from positions); blasts from the allies' recorded positions at every burst
//! ([`super::sweep::allies_in_blasts`]), the simulation's blast hits on allies beside.

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
        Home::Some(&["combat_route", "grenade_drill"])
    }
    fn judge(&self, runs: &[&Recording]) -> Outcome {
        let runs = match applicable(runs, |r| {
            let attacks = r
                .events()
                .filter(|(_, e)| {
                    matches!(
                        e,
                        EventKind::Shot { .. }
                            | EventKind::StrikeStarted { .. }
                            | EventKind::GrenadeThrown { .. }
                    )
                })
                .count();
            if attacks == 0 {
                Err("no shot fired, no strike started, no grenade thrown".to_string())
            } else {
                Ok(attacks)
            }
        }) {
            Ok(v) => v,
            Err(na) => return na,
        };
        let (mut swept, mut said, mut blades, mut attacks, mut steps) = (0, 0, 0, 0, 0);
        let (mut blasted, mut blast_said, mut bursts) = (0, 0, 0);
        let mut first = None;
        let mut first_at = None;
        for (r, n) in &runs {
            attacks += n;
            steps += super::sweep::bullet_steps(r).len();
            for (s, ally) in super::sweep::allies_touched(r) {
                swept += 1;
                first_at.get_or_insert((s.k, s.to));
                first.get_or_insert(format!(
                    " (first: gunner {}'s bullet through ally {ally} at tick {} of {})",
                    s.shooter, s.k, r.name
                ));
            }
            for (k, ally, at) in super::sweep::allies_in_blasts(r) {
                blasted += 1;
                first_at.get_or_insert((k, at));
                first.get_or_insert(format!(
                    " (first: a blast on ally {ally} at tick {k} of {})",
                    r.name
                ));
            }
            for (_, e) in r.events() {
                match e {
                    EventKind::FriendlyHit { melee: true, .. } => blades += 1,
                    EventKind::FriendlyHit { .. } => said += 1,
                    EventKind::BlastHit { agent: Some(_), .. } => blast_said += 1,
                    EventKind::GrenadeBurst { .. } => bursts += 1,
                    _ => {}
                }
            }
        }
        let hits = swept.max(said) + blades + blasted.max(blast_said);
        let out = Outcome::judged(
            swept + said + blades + blasted + blast_said == 0,
            format!(
                "friendly hits {hits} ({swept} bullets swept over {steps} bullet steps, {said} said \
                 by the sim; {blades} strikes; {blasted} allies in {bursts} blasts, {blast_said} \
                 by the sim) over {attacks} shots, strikes and throws{}",
                first.unwrap_or_default()
            ),
        )
        .with_value(hits as f64, true);
        match first_at {
            Some((k, p)) => out.with_at(k, p),
            None => out,
        }
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

    /// A bullet step through an ally the simulation said nothing of: the sweep finds it.
    #[test]
    fn a1_fails_on_a_bullet_through_an_ally_without_an_event() {
        let mut r = copy("combat_route");
        let (k, bullet, shooter) = (2..r.frames.len())
            .find_map(|k| {
                let f = &r.frames[k];
                let prev = &r.frames[k - 1];
                f.bullets
                    .iter()
                    .find(|b| prev.bullets.iter().any(|p| p.id == b.id))
                    .map(|b| (k, b.id, b.shooter))
            })
            .expect("a bullet in flight over two frames");
        let from = r.frames[k - 1]
            .bullets
            .iter()
            .find(|b| b.id == bullet)
            .unwrap()
            .pos;
        let to = r.frames[k]
            .bullets
            .iter()
            .find(|b| b.id == bullet)
            .unwrap()
            .pos;
        let ally = r.frames[k]
            .agents
            .iter()
            .position(|a| a.id != shooter && a.alive)
            .unwrap();
        r.frames[k].agents[ally].pos = from.lerp(to, 0.5);
        let m = assert_fail(&A1, &r);
        assert!(m.contains("0 said by the sim"), "{m}");
        assert!(
            m.contains(&format!("bullet through ally {ally} at tick {k} ")),
            "{m}"
        );
    }

    /// End to end: a world that walks an ally into a real bullet's next step each tick;
    /// the simulation's bullet really hits it, and A1 fails on the sweep and the event.
    #[test]
    fn a1_fails_on_a_world_that_walks_an_ally_into_a_bullet() {
        let r = broken(
            "lane_free",
            |w| {
                let next = w
                    .bullets()
                    .iter()
                    // One shooter's bullets, one at a time: walked from one bullet to
                    // another within a tick, the ally would be recorded where the hit
                    // was not.
                    .find(|b| b.shooter == 2)
                    .map(|b| b.pos + b.dir * (b.speed * sim::tuning::DT * 0.5));
                if let Some(p) = next.filter(|_| w.agents()[0].alive) {
                    w.agent_mut(0).pos = p;
                }
            },
            None,
        );
        let m = assert_fail(&A1, &r);
        // The sweep finds every hit the simulation says it had.
        let number_before = |tail: &str| -> usize {
            let at = m.find(tail).unwrap();
            let head = &m[..at];
            let start = head
                .rfind(|c: char| !c.is_ascii_digit())
                .map_or(0, |i| i + 1);
            head[start..].parse().unwrap()
        };
        let (swept, said) = (number_before(" bullets swept"), number_before(" said by"));
        assert!(swept >= said && said > 0, "{swept} swept, {said} said: {m}");
        assert!(
            !m.contains("(0 bullets swept") && !m.contains(", 0 said"),
            "{m}"
        );
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
