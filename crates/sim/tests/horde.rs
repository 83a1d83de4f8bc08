//! Enemies (REQ §11): attacks on integer ticks (E3, seed 003), the horde's steering
//! (E1) and the flow field (E2) in small worlds.

use std::sync::Arc;

use sim::core::events::EventKind;
use sim::script::scenario::Scenario;
use sim::space::map::Map;
use sim::tuning::Tuning;
use sim::world::{tick, TickInput, World};

/// One gunner that cannot shoot (its weapon range is tiny): the enemy's swing is
/// never interrupted by the squad unless a test does it. Scenarios pin it in place with
/// a `force` hook on a path of a few millimetres, so it neither kites nor dodges.
fn lone_target_tuning() -> Tuning {
    let mut t = Tuning::default();
    t.squad.agent_count = 1;
    t.squad.melee_count = 0;
    t.lane.weapon_range = 0.01;
    t
}

fn world(map: &str, scn: &str, t: Tuning) -> World {
    let map = Arc::new(Map::parse("t.map", map).unwrap());
    let sc = Scenario::parse("t.scn", scn).unwrap();
    World::new(map, &sc, t)
}

/// A room with the squad at (5, 5) and an enemy spawn right next to it at (7, 5).
const DUEL: &str = "\
############
#..........#
#..........#
#..........#
#..........#
#....S.E...#
#..........#
#..........#
############
";

/// The lone agent stands still at (5.5, 5.5); one shambler spawns at (7.5, 5.5).
const PINNED: &str = "seed = 1\nforce 0 0 600 5.5 5.5 5.501 5.5\nwave 0 0 shambler 1\n";

fn run_until(w: &mut World, limit: u64, mut pred: impl FnMut(&World) -> bool) {
    while !pred(w) {
        tick(w, &TickInput::default());
        assert!(w.tick() < limit, "condition not reached by tick {limit}");
    }
}

fn started(w: &World) -> Option<(u64, u32)> {
    w.events().iter().find_map(|e| match e.kind {
        EventKind::AttackStarted { windup, .. } => Some((e.tick, windup)),
        _ => None,
    })
}

#[test]
fn damage_lands_exactly_windup_ticks_after_attack_started_and_the_enemy_is_rooted() {
    let mut w = world(DUEL, PINNED, lone_target_tuning());
    run_until(&mut w, 600, |w| started(w).is_some());
    let (t0, windup) = started(&w).unwrap();
    let expected =
        sim::horde::enemy::AttackTiming::of(&w.tuning().enemy.shambler, w.tuning()).windup;
    assert_eq!(windup, expected);
    let rooted_at = w.enemies()[0].pos;
    let health = w.agents()[0].health;
    loop {
        tick(&mut w, &TickInput::default());
        assert_eq!(
            w.enemies()[0].pos,
            rooted_at,
            "rooted during the windup (tick {})",
            w.tick()
        );
        if let Some(e) = w
            .events()
            .iter()
            .find(|e| matches!(e.kind, EventKind::DamageDealt { .. }))
        {
            assert_eq!(e.tick, t0 + windup as u64);
            break;
        }
        assert!(w.tick() <= t0 + windup as u64, "no damage on time");
    }
    assert_eq!(
        w.agents()[0].health,
        health - w.tuning().enemy.shambler.damage
    );
}

#[test]
fn the_cooldown_is_anchored_at_windup_start() {
    let mut w = world(DUEL, PINNED, lone_target_tuning());
    let mut starts = Vec::new();
    while starts.len() < 3 {
        tick(&mut w, &TickInput::default());
        if let Some((t, _)) = started(&w) {
            starts.push(t);
        }
        assert!(w.tick() < 2000);
    }
    let interval =
        sim::horde::enemy::AttackTiming::of(&w.tuning().enemy.shambler, w.tuning()).interval as u64;
    assert_eq!(
        starts[1] - starts[0],
        interval,
        "windup start to windup start = the interval"
    );
    assert_eq!(starts[2] - starts[1], interval);
}

#[test]
fn a_stagger_in_the_windup_means_no_damage_and_the_cooldown_is_not_spent() {
    let mut w = world(DUEL, PINNED, lone_target_tuning());
    run_until(&mut w, 600, |w| started(w).is_some());
    let (t0, windup) = started(&w).unwrap();
    let health = w.agents()[0].health;
    // A hit lands (what a bullet or a blade does): a short stagger.
    let stagger = 5;
    w.enemies_mut()[0].stagger = stagger;
    tick(&mut w, &TickInput::default());
    assert!(w
        .events()
        .iter()
        .any(|e| matches!(e.kind, EventKind::AttackInterrupted { .. })));
    assert_eq!(
        w.enemies()[0].attack.cooldown,
        0,
        "the cooldown is given back"
    );
    // It swings again as soon as the stagger is over (no cooldown to wait out), and the
    // interrupted swing never lands: no damage through its would-be hit tick.
    let mut restart = None;
    while w.tick() <= t0 + windup as u64 {
        tick(&mut w, &TickInput::default());
        assert!(
            !w.events()
                .iter()
                .any(|e| matches!(e.kind, EventKind::DamageDealt { .. })),
            "tick {}",
            w.tick()
        );
        if restart.is_none() {
            restart = started(&w).map(|(t, _)| t);
        }
    }
    assert_eq!(w.agents()[0].health, health);
    assert_eq!(
        restart,
        Some(t0 + 1 + stagger as u64),
        "the next windup starts the tick the stagger ends"
    );
}

#[test]
fn a_target_gone_at_the_hit_means_a_whiff() {
    let mut w = world(DUEL, PINNED, lone_target_tuning());
    run_until(&mut w, 600, |w| started(w).is_some());
    let (t0, windup) = started(&w).unwrap();
    let health = w.agents()[0].health;
    // The snapshot target falls mid-windup (what another enemy's blow could do).
    w.agent_mut(0).alive = false;
    // Event ticks are the tick being processed; run through tick t0 + windup.
    while w.tick() <= t0 + windup as u64 {
        tick(&mut w, &TickInput::default());
    }
    let whiff = w
        .events()
        .iter()
        .find(|e| matches!(e.kind, EventKind::AttackWhiffed { .. }));
    assert_eq!(whiff.map(|e| e.tick), Some(t0 + windup as u64));
    assert_eq!(w.agents()[0].health, health);
}

#[test]
fn separation_keeps_a_crowd_apart() {
    // Forty shamblers released in a heap from one spawn chase a lone agent in a big room.
    let mut map = String::new();
    for y in 0..30 {
        for x in 0..40 {
            map.push(if x == 0 || y == 0 || x == 39 || y == 29 {
                '#'
            } else if (x, y) == (30, 15) {
                'S'
            } else if (x, y) == (6, 15) {
                'E'
            } else {
                '.'
            });
        }
        map.push('\n');
    }
    let mut w = world(
        &map,
        "seed = 1\nwave 0 0 shambler 40\n",
        lone_target_tuning(),
    );
    for _ in 0..600 {
        tick(&mut w, &TickInput::default());
    }
    let live: Vec<_> = w.enemies().iter().filter(|e| e.alive).collect();
    assert_eq!(live.len(), 40);
    let mut worst = f32::INFINITY;
    for (i, a) in live.iter().enumerate() {
        for b in &live[i + 1..] {
            worst = worst.min(a.pos.distance(b.pos) - a.radius - b.radius);
        }
    }
    assert!(worst > -0.08, "bodies overlap by {}", -worst);
    // And they moved as a crowd toward the agent.
    let mean_x = live.iter().map(|e| e.pos.x).sum::<f32>() / live.len() as f32;
    assert!(mean_x > 11.0, "the crowd advanced: mean x {mean_x}");
}

#[test]
fn the_flow_field_leads_the_horde_out_of_a_u_shaped_wall() {
    // The spawn sits inside a U open to the west; the agent is east, behind the U's base.
    // Pure seeking would press into the base forever.
    let rows = [
        "####################",
        "#..................#",
        "#..................#",
        "#....########......#",
        "#...........#......#",
        "#.......E...#...S..#",
        "#...........#......#",
        "#....########......#",
        "#..................#",
        "#..................#",
        "####################",
    ];
    let map = rows.join("\n") + "\n";
    let mut w = world(&map, "seed = 1\nwave 0 0 runner 1\n", lone_target_tuning());
    let mut reached = None;
    for _ in 0..1200 {
        tick(&mut w, &TickInput::default());
        if w.enemies()
            .iter()
            .any(|e| e.pos.distance(w.agents()[0].pos) < 1.0)
        {
            reached = Some(w.tick());
            break;
        }
    }
    assert!(reached.is_some(), "the runner got round the U to the agent");
}
