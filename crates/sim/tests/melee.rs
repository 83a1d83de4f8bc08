//! Blades (REQ §10): phase tick counts, the combo chain and its reset, the discipline
//! (predicted ally entry, cancel in windup without spending cooldown), no standing
//! inside the target, and a property: no strike that starts ever hits an ally.

mod common;
use common::room;
use std::sync::Arc;

use proptest::prelude::*;
use sim::core::events::EventKind;
use sim::script::scenario::Scenario;
use sim::space::map::Map;
use sim::squad::agent::{Agent, Role};
use sim::squad::blades::melee::{ally_in_sector_predicted, guarded_sector, StrikePhase};
use sim::tuning::Tuning;
use sim::world::{tick, TickInput, World};
use sim::Vec2;

fn world(scn: &str) -> World {
    let map = Arc::new(Map::parse("room.map", &room(24, 16, 8, 8)).unwrap());
    let sc = Scenario::parse("t.scn", scn).unwrap();
    World::new(map, &sc, Tuning::default())
}

/// The squad facing +x at (8.5, 8.5); a dummy right in front of the tip blade.
fn dummy_world() -> World {
    world("seed = 1\nheading = 0\ndummy 10.9 8.5\n")
}

/// `(tick, blade, kind)` of strike events until `until` ticks.
fn strike_log(w: &mut World, until: u64) -> Vec<(u64, u32, EventKind)> {
    let mut log = Vec::new();
    while w.tick() < until {
        tick(w, &TickInput::default());
        for e in w.events() {
            match e.kind {
                EventKind::StrikeStarted { blade, .. }
                | EventKind::StrikeActive { blade, .. }
                | EventKind::StrikeRecovery { blade, .. }
                | EventKind::StrikeEnded { blade, .. }
                | EventKind::StrikeCancelled { blade, .. } => {
                    log.push((e.tick, blade, e.kind.clone()))
                }
                _ => {}
            }
        }
    }
    log
}

#[test]
fn phases_last_exactly_their_tuned_ticks_and_the_combo_chains_one_two_three() {
    let mut w = dummy_world();
    let tt = w.ticks().clone();
    let log = strike_log(&mut w, 300);
    let b0: Vec<&(u64, u32, EventKind)> = log.iter().filter(|e| e.1 == 0).collect();
    // Started, Active, Recovery, Ended for strikes 0, 1, 2 in order.
    assert!(b0.len() >= 12, "a full combo: {b0:?}");
    for k in 0..3usize {
        let s = &b0[k * 4..k * 4 + 4];
        let strike = k as u8;
        assert!(
            matches!(s[0].2, EventKind::StrikeStarted { strike: x, .. } if x == strike),
            "{s:?}"
        );
        assert!(matches!(s[1].2, EventKind::StrikeActive { strike: x, .. } if x == strike));
        assert!(matches!(s[2].2, EventKind::StrikeRecovery { strike: x, .. } if x == strike));
        assert!(matches!(s[3].2, EventKind::StrikeEnded { strike: x, .. } if x == strike));
        assert_eq!(
            s[1].0 - s[0].0,
            tt.strike_windup[k] as u64,
            "windup of strike {k}"
        );
        assert_eq!(
            s[2].0 - s[1].0,
            tt.strike_active[k] as u64,
            "active of strike {k}"
        );
        assert_eq!(
            s[3].0 - s[2].0,
            tt.strike_recovery[k] as u64,
            "recovery of strike {k}"
        );
    }
    // The tuned defaults, converted once: 0.20/0.18/0.30, 0.10/0.10/0.12, 0.22/0.22/0.40 s.
    assert_eq!(tt.strike_windup, [12, 11, 18]);
    assert_eq!(tt.strike_active, [6, 6, 7]);
    assert_eq!(tt.strike_recovery, [13, 13, 24]);
    // The next strike chains right after a recovery (the target is still in reach).
    assert_eq!(b0[4].0, b0[3].0 + 1);
    assert_eq!(b0[8].0, b0[7].0 + 1);
    // After the thrust: the long cooldown before a new combo begins with strike 1.
    assert!(matches!(
        b0[12].2,
        EventKind::StrikeStarted { strike: 0, .. }
    ));
    assert_eq!(b0[12].0, b0[11].0 + 1 + tt.combo_cooldown as u64);
}

#[test]
fn a_missed_combo_window_resets_to_strike_one_with_the_long_cooldown() {
    let mut w = dummy_world();
    // Tick to the end of strike 1, then take the target away.
    loop {
        tick(&mut w, &TickInput::default());
        if w.events().iter().any(|e| {
            matches!(
                e.kind,
                EventKind::StrikeEnded {
                    blade: 0,
                    strike: 0
                }
            )
        }) {
            break;
        }
        assert!(w.tick() < 200);
    }
    assert_eq!(w.agents()[0].melee.strike, 1, "strike 2 is next");
    assert!(w.agents()[0].melee.combo_left > 0);
    w.enemies_mut().clear();
    let window = w.ticks().combo_window;
    for _ in 0..window {
        tick(&mut w, &TickInput::default());
    }
    let m = &w.agents()[0].melee;
    assert_eq!(m.strike, 0, "the combo starts over");
    assert_eq!(m.cooldown, w.ticks().combo_cooldown);
    assert_eq!(m.phase, StrikePhase::Ready);
}

#[test]
fn an_ally_entering_during_windup_cancels_the_strike_without_spending_cooldown() {
    let mut w = dummy_world();
    loop {
        tick(&mut w, &TickInput::default());
        if w.agents()[0].melee.phase == StrikePhase::Windup {
            break;
        }
        assert!(w.tick() < 200);
    }
    let strike_hits_before = w.stats().melee_hits;
    let cooldown_before = w.agents()[0].melee.cooldown;
    let strike_before = w.agents()[0].melee.strike;
    // Step gunner 2 into the sector, between the blade and the dummy.
    let between = w.agents()[0].pos.lerp(w.enemies()[0].pos, 0.5) + Vec2::new(0.0, 0.1);
    w.agent_mut(2).pos = between;
    tick(&mut w, &TickInput::default());
    let cancelled = w.events().iter().any(|e| {
        matches!(
            e.kind,
            EventKind::StrikeCancelled {
                blade: 0,
                ally: 2,
                ..
            }
        )
    });
    assert!(cancelled, "{:?}", w.events());
    let m = &w.agents()[0].melee;
    assert_eq!(m.phase, StrikePhase::Ready);
    assert_eq!(m.cooldown, cooldown_before, "no cooldown spent");
    assert_eq!(m.strike, strike_before, "the same strike is tried again");
    assert_eq!(w.stats().melee_hits, strike_hits_before, "no damage");
    assert_eq!(w.stats().friendly_hits, 0);
}

fn agent(id: u32, p: Vec2, v: Vec2) -> Agent {
    let mut a = Agent::new(
        id,
        if id < 2 { Role::Blade } else { Role::Gunner },
        id as usize,
        p,
        0.0,
        0.28,
        100.0,
    );
    a.vel = v;
    a
}

#[test]
fn a_predicted_ally_entry_blocks_the_strike_start() {
    let t = Tuning::default();
    let blade = agent(0, Vec2::ZERO, Vec2::ZERO);
    let sector = guarded_sector(Vec2::ZERO, 0.0, 0, &t);
    let ticks = 12 + 6;
    // Beside the sector's edge (outside it and its margin now), walking across it at
    // 2.7 u/s: inside within the 0.3 s of windup + active.
    let crossing = agent(2, Vec2::new(0.6, 1.8), Vec2::new(0.0, -2.7));
    assert!(sector.distance(crossing.pos) > crossing.radius + t.melee.safety_margin);
    assert_eq!(
        ally_in_sector_predicted(&blade, &sector, &[blade.clone(), crossing], ticks, &t),
        Some(2)
    );
    // The same ally walking away does not block.
    let leaving = agent(2, Vec2::new(0.6, 1.8), Vec2::new(0.0, 2.7));
    assert_eq!(
        ally_in_sector_predicted(&blade, &sector, &[blade.clone(), leaving], ticks, &t),
        None
    );
    // Standing behind the blade does not block either.
    let behind = agent(3, Vec2::new(-0.8, 0.0), Vec2::ZERO);
    assert_eq!(
        ally_in_sector_predicted(&blade, &sector, &[blade.clone(), behind], ticks, &t),
        None
    );
}

#[test]
fn a_blade_never_stands_inside_its_target() {
    for scn in [
        "seed = 1\nheading = 0\ndummy 10.9 8.5\n",
        "seed = 2\nheading = 0\ndummy 10.2 8.3\ndummy 9.0 10.4\n",
        "seed = 3\nheading = 180\ndummy 6.0 8.5\nwave 0 0 walker 3\n",
    ] {
        let map = Arc::new(
            Map::parse(
                "room.map",
                &room(24, 16, 8, 8).replacen("..........\n", "........E.\n", 1),
            )
            .unwrap(),
        );
        let sc = Scenario::parse("t.scn", scn).unwrap();
        let mut w = World::new(map, &sc, Tuning::default());
        let mut min_gap = f32::INFINITY;
        for _ in 0..900 {
            tick(&mut w, &TickInput::default());
            for a in w
                .agents()
                .iter()
                .filter(|a| a.alive && a.role == Role::Blade)
            {
                if let Some(e) = a.melee.target.and_then(|id| w.enemy(id)) {
                    min_gap = min_gap.min(a.pos.distance(e.pos) - a.radius - e.radius);
                }
            }
        }
        assert!(min_gap.is_finite(), "a blade engaged");
        assert!(min_gap >= -0.05, "{scn}: overlap {min_gap}");
        assert!(w.stats().melee_hits > 0, "{scn}: strikes landed");
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(64),
        ..ProptestConfig::default()
    })]

    /// Random dummies and walkers round a holding or moving squad, and a scripted ally
    /// walking through: no strike that starts ever hits an ally.
    #[test]
    fn no_strike_that_starts_ever_hits_an_ally(
        targets in prop::collection::vec((4.0f32..13.0, 4.0f32..13.0), 1..5),
        cross in prop::option::of(((3.0f32..14.0, 3.0f32..14.0), (3.0f32..14.0, 3.0f32..14.0), 2usize..5)),
        moves in prop::collection::vec((0u8..9, 20u16..90), 1..6),
        seed in any::<u64>(),
    ) {
        let map_text = room(18, 18, 8, 8);
        let mut scn = format!("seed = {seed}\n");
        for (x, y) in &targets {
            scn += &format!("dummy {x} {y}\n");
        }
        if let Some(((ax, ay), (bx, by), agent)) = cross {
            scn += &format!("force {agent} 0.3 30 {ax} {ay} {bx} {by}\n");
        }
        let map = Arc::new(Map::parse("room.map", &map_text).unwrap());
        let sc = Scenario::parse("t.scn", &scn).unwrap();
        let mut w = World::new(map, &sc, Tuning::default());
        for (dir, n) in moves {
            let mv = if dir == 8 { Vec2::ZERO } else { Vec2::from_angle(dir as f32 * std::f32::consts::FRAC_PI_4) };
            for _ in 0..n {
                tick(&mut w, &TickInput { move_dir: mv, ..TickInput::default() });
                for e in w.events() {
                    if let EventKind::FriendlyHit { shooter, victim, melee, .. } = e.kind {
                        prop_assert!(false, "tick {}: {} {shooter} hit ally {victim}", e.tick, if melee { "blade" } else { "gunner" });
                    }
                }
            }
        }
        prop_assert_eq!(w.stats().melee_friendly_hits, 0);
    }
}
