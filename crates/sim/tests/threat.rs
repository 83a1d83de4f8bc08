//! The threat (REQ §22): spitters and their projectiles (T1), stalkers and the light
//! test (T2), the director (T3) and the difficulty (T4), in small worlds and on the
//! embedded director scenario.

mod common;

use std::sync::Arc;

use sim::core::events::EventKind;
use sim::driver::route::RouteDriver;
use sim::read::{Difficulty, EnemyKind, Grid, Phase};
use sim::record::replay::Verdict;
use sim::record::{Origin, Recorder, Replay, Save};
use sim::script::scenario::Scenario;
use sim::space::map::Map;
use sim::tuning::{ticks, Tuning};
use sim::world::{tick, TickInput, World};
use sim::Vec2;

/// One gunner that cannot shoot (its weapon range is tiny): nothing interrupts the
/// enemies unless a test does it.
fn lone(agent_count: u32) -> Tuning {
    let mut t = Tuning::default();
    t.squad.agent_count = agent_count;
    t.squad.melee_count = 0;
    t.lane.weapon_range = 0.01;
    t
}

fn world(map: &str, scn: &str, t: Tuning) -> World {
    let map = Arc::new(Map::parse("t.map", map).unwrap());
    let sc = Scenario::parse("t.scn", scn).unwrap();
    World::new(map, &sc, t)
}

/// A long hall: the squad at the west end, a spawn 9 u east of it.
const HALL: &str = "\
####################
#..................#
#..................#
#..................#
#...S........E.....#
#..................#
#..................#
#..................#
####################
";

/// The ticks of the run's events of one kind, with the event.
fn run_events(w: &mut World, n: u64) -> Vec<(u64, EventKind)> {
    let mut out = Vec::new();
    for _ in 0..n {
        tick(w, &TickInput::default());
        out.extend(w.events().iter().map(|e| (w.tick(), e.kind.clone())));
    }
    out
}

#[test]
fn a_spit_leaves_the_windup_after_the_start_and_hits_the_agent_that_stands() {
    // Pinned: a scripted walk of a millimetre (no AI, so no sidestep).
    let scn = "seed = 1\nforce 0 0 600 4.5 4.5 4.501 4.5\nwave 0 0 spitter 1\n";
    let mut w = world(HALL, scn, lone(1));
    let ev = run_events(&mut w, 600);
    let start = ev
        .iter()
        .find_map(|(t, e)| matches!(e, EventKind::AttackStarted { .. }).then_some(*t))
        .expect("the spitter began a windup");
    let (released, spit) = ev
        .iter()
        .find_map(|(t, e)| match e {
            EventKind::SpitReleased { spit, .. } => Some((*t, *spit)),
            _ => None,
        })
        .expect("a spit");
    assert_eq!(released - start, 42, "the 42-tick windup, then the release");
    let (hit, amount) = ev
        .iter()
        .find_map(|(t, e)| match e {
            EventKind::SpitHit {
                spit: s,
                agent: Some(0),
                amount,
                ..
            } if *s == spit => Some((*t, *amount)),
            _ => None,
        })
        .expect("the spit hit the pinned agent");
    assert!(hit > released, "the flight comes on top of the windup");
    assert_eq!(amount, 12.0);
    assert!(w.stats().blows_landed >= 1);
    // It kept its distance: never closer than the keep-away gap.
    let e = w
        .enemies()
        .iter()
        .find(|e| e.kind == EnemyKind::Spitter)
        .unwrap();
    assert!(e.pos.distance(w.agents()[0].pos) > 4.0, "{:?}", e.pos);
}

#[test]
fn a_staggered_spitter_releases_nothing() {
    let scn = "seed = 1\nforce 0 0 600 4.5 4.5 4.501 4.5\nwave 0 0 spitter 1\n";
    let mut w = world(HALL, scn, lone(1));
    // Run to the windup, then stagger it every tick of it (the test hook).
    loop {
        tick(&mut w, &TickInput::default());
        if w.enemies().iter().any(|e| e.attack.winding_up()) {
            break;
        }
        assert!(w.tick() < 600);
    }
    let mut released = 0;
    let mut interrupted = 0;
    for _ in 0..60 {
        for e in w.enemies_mut().iter_mut() {
            e.stagger = 2;
        }
        tick(&mut w, &TickInput::default());
        for e in w.events() {
            match e.kind {
                EventKind::SpitReleased { .. } => released += 1,
                EventKind::AttackInterrupted { .. } => interrupted += 1,
                _ => {}
            }
        }
    }
    assert_eq!((released, interrupted), (0, 1));
    assert!(w.spits().is_empty());
}

#[test]
fn an_agent_steps_out_of_a_spit_it_sees_coming() {
    let scn = "seed = 1\nwave 0 0 spitter 1\n";
    let mut w = world(HALL, scn, lone(1));
    let mut hits = 0;
    let mut walls = 0;
    let mut side = 0.0f32;
    for _ in 0..900 {
        let before = w.agents()[0].pos;
        tick(&mut w, &TickInput::default());
        if !w.spits().is_empty() {
            side = side.max((w.agents()[0].pos.y - before.y).abs());
        }
        for e in w.events() {
            match e.kind {
                EventKind::SpitHit { agent: Some(_), .. } => hits += 1,
                EventKind::SpitHit { agent: None, .. } => walls += 1,
                _ => {}
            }
        }
    }
    assert!(walls >= 3, "{walls} spits flew past into the wall");
    assert_eq!(hits, 0, "a free agent sidesteps every spit here");
    assert!(side > 0.0, "it moved across the spit's line");
}

/// A plaza: the squad in the middle facing east (its beam along +x), spawns east and
/// west of it.
const PLAZA: &str = "\
##########################
#........................#
#........................#
#........................#
#.E..........S.........E.#
#........................#
#........................#
#........................#
##########################
";

/// The stalker's distance to the agent over `n` ticks.
fn stalker_distances(scn: &str, n: usize) -> Vec<f32> {
    let mut w = world(PLAZA, scn, lone(1));
    (0..n)
        .map(|_| {
            tick(&mut w, &TickInput::default());
            w.enemies()
                .iter()
                .find(|e| e.kind == EnemyKind::Stalker)
                .map_or(f32::NAN, |e| e.pos.distance(w.agents()[0].pos))
        })
        .collect()
}

#[test]
fn a_stalker_caught_in_the_beam_backs_off_and_one_in_the_dark_closes() {
    // Pinned facing east: the east spawn (index 1) is in the beam, the west one behind.
    let pin = "force 0 0 600 13.5 4.5 13.501 4.5\n";
    let lit = stalker_distances(
        &format!("seed = 1\nheading = 0\n{pin}wave 0 1 stalker 1\n"),
        120,
    );
    let dark = stalker_distances(
        &format!("seed = 1\nheading = 0\n{pin}wave 0 0 stalker 1\n"),
        120,
    );
    // The gunner's beam reaches 8.5 u: the stalker comes to its edge and no further.
    let closest = lit.iter().skip(10).copied().fold(f32::INFINITY, f32::min);
    assert!(
        closest > 8.0,
        "the beam holds it off at {closest:.2} u (from {:.2})",
        lit[10]
    );
    assert!(
        dark[119] < dark[10] - 3.0,
        "in the dark it comes on: {:.2} -> {:.2}",
        dark[10],
        dark[119]
    );
}

#[test]
fn the_squad_does_not_see_a_stalker_in_the_dark() {
    let t = Tuning::default();
    let mut w = world(
        PLAZA,
        "seed = 1\nheading = 0\nwave 0 0 stalker 1\n",
        lone(1),
    );
    tick(&mut w, &TickInput::default());
    let e = w.enemies()[0].clone();
    assert!(!e.lit);
    assert!(!e.perceived_from(w.agents()[0].pos, &t));
    assert!(
        e.perceived_from(e.pos + Vec2::new(1.0, 0.0), &t),
        "at arm's length"
    );
    let mut lit = e.clone();
    lit.lit = true;
    assert!(lit.perceived_from(w.agents()[0].pos, &t), "a beam shows it");
}

fn origin(name: &str, difficulty: Option<Difficulty>) -> Origin {
    Origin {
        difficulty,
        ..common::origin(name)
    }
}

#[test]
fn the_director_spawns_out_of_sight_and_far_enough_along_the_flow_field() {
    // With the bodies' spawn jitter (0.9 u): every body, not only the place, unseen.
    let o = origin("hold_director", None);
    let (mut w, _) = o.world().unwrap();
    let d = o.tuning.director.clone();
    let mut spawned = 0;
    while w.tick() < ticks(120.0) as u64 {
        let agents: Vec<Vec2> = w
            .agents()
            .iter()
            .filter(|a| a.alive)
            .map(|a| a.pos)
            .collect();
        tick(&mut w, &TickInput::default());
        for e in w.events() {
            let EventKind::EnemySpawned { enemy } = e.kind else {
                continue;
            };
            spawned += 1;
            let p = w.enemy(enemy).unwrap().pos;
            let (x, y) = Grid::tile_of(p);
            let flow = w.flow().distance(x, y);
            assert!(
                flow >= (d.min_flow_tiles * 1000.0) as u32,
                "{p:?}: {flow} along the flow field"
            );
            for &a in &agents {
                let seen = a.distance(p) <= d.sight_range && w.map().grid.line_clear(a, p);
                assert!(!seen, "an agent at {a:?} sees the spawn at {p:?}");
            }
        }
    }
    assert!(spawned > 40, "{spawned} spawned in two minutes");
}

#[test]
fn the_director_builds_peaks_fades_and_relaxes() {
    let (mut w, _) = origin("hold_director", None).world().unwrap();
    let mut phases: Vec<(u64, Phase)> = Vec::new();
    while w.tick() < ticks(180.0) as u64 {
        tick(&mut w, &TickInput::default());
        for e in w.events() {
            if let EventKind::DirectorPhase { phase, .. } = e.kind {
                phases.push((w.tick(), phase));
            }
        }
    }
    let order: Vec<Phase> = phases.iter().map(|p| p.1).collect();
    assert!(
        order.starts_with(&[Phase::Peak, Phase::Fade, Phase::Relax, Phase::BuildUp]),
        "{order:?}"
    );
    let at = |k: usize| phases[k].0;
    let peak = (at(1) - at(0)) as f32 / 60.0;
    assert!((3.0..=5.05).contains(&peak), "the peak held {peak:.2} s");
    let relax = (at(3) - at(2)) as f32 / 60.0;
    assert!(
        (30.0..=45.05).contains(&relax),
        "the relax lasted {relax:.2} s"
    );
    assert!(w.director().spawned > 0 && w.director().mobs > 0);
}

#[test]
fn a_director_run_replays_and_saves_bit_exact() {
    let o = origin("hold_director", Some(Difficulty::Hard));
    let (mut w, sc) = o.world().unwrap();
    assert_eq!(
        w.director().level,
        Some(Difficulty::Hard),
        "the origin's difficulty"
    );
    let mut d = RouteDriver::new();
    let mut r = Recorder::fresh(&o);
    let mut save = None;
    let end = ticks(90.0) as u64;
    while w.tick() < end {
        let input = d.input(&sc, &w);
        tick(&mut w, &input);
        r.tick(&input, &w);
        if w.tick() == ticks(45.0) as u64 {
            save = Some(Save::of(&o, &w, Some(&d)).encode().unwrap());
        }
    }
    assert!(w.director().spawned > 0);
    let (_, replay) = Replay::decode(&r.encode().unwrap()).unwrap();
    assert_eq!(
        replay.verify().unwrap(),
        Verdict::Same {
            ticks: end,
            checksum: w.checksum()
        }
    );
    let l = Save::load(&save.unwrap()).unwrap();
    let (mut w2, sc2) = (l.world, l.scenario);
    let mut d2 = l.pilot.unwrap();
    while w2.tick() < end {
        let input = d2.input(&sc2, &w2);
        tick(&mut w2, &input);
    }
    assert_eq!(
        w2.checksum(),
        w.checksum(),
        "a save mid-run continues the same"
    );
}

#[test]
fn hard_scales_the_blows_and_the_waves() {
    let scn = "seed = 1\nforce 0 0 900 4.5 4.5 4.501 4.5\nwave 0 0 shambler 10\n";
    let mut counts = Vec::new();
    for d in [Difficulty::Normal, Difficulty::Hard] {
        let mut sc = Scenario::parse("t.scn", scn).unwrap();
        sc.set_difficulty(d);
        let map = Arc::new(Map::parse("t.map", HALL).unwrap());
        let mut w = World::new(map, &sc, lone(1));
        let ev = run_events(&mut w, 900);
        let spawned = ev
            .iter()
            .filter(|(_, e)| matches!(e, EventKind::EnemySpawned { .. }))
            .count();
        let blow = ev.iter().find_map(|(_, e)| match e {
            EventKind::DamageDealt { amount, .. } => Some(*amount),
            _ => None,
        });
        assert_eq!(w.difficulty(), d);
        counts.push((spawned, blow));
    }
    assert_eq!(counts[0], (10, Some(8.0)));
    assert_eq!(
        counts[1],
        (11, Some(10.0)),
        "x1.1 the count, x1.25 the blow"
    );
}
