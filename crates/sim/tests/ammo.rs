//! Ammunition in whole worlds (REQ K1, K2): the gunners' magazines empty at the rate
//! they fire and refill from the pool; a pool that runs out leaves them dry; a crate on
//! the disk's way refills the pool and a supply case the kit, never with the tools off;
//! ammo is world state (saved and checksummed); bad headers and tuning are refused.

mod common;
use common::room;
use std::sync::Arc;

use sim::core::events::EventKind;
use sim::script::scenario::Scenario;
use sim::space::map::Map;
use sim::tuning::{ticks, Tuning};
use sim::world::{tick, TickInput, World};
use sim::Vec2;

/// A 40 × 16 room, the squad at (6, 8), an extra `c` tile at (x, y) for each pickup.
fn world(scn: &str, tiles: &[(usize, usize, char)]) -> World {
    let mut text = room(40, 16, 6, 8);
    for &(x, y, c) in tiles {
        let i = y * 41 + x;
        text.replace_range(i..i + 1, &c.to_string());
    }
    let map = Arc::new(Map::parse("room.map", &text).unwrap());
    let sc = Scenario::parse("t.scn", scn).unwrap();
    World::new(map, &sc, Tuning::default())
}

fn run(w: &mut World, seconds: f32, input: &TickInput) {
    let until = w.tick() + ticks(seconds) as u64;
    while w.tick() < until {
        tick(w, input);
    }
}

/// Dummies in reach of the gunners: they fire until their rounds run out.
const RANGE: &str = "seed = 2\nduration = 120\ndummy 14.5 8.5\ndummy 15.5 6.5\n";

#[test]
fn gunners_empty_their_magazines_and_reload_from_the_pool_until_it_is_dry() {
    let t = Tuning::default();
    let mut w = world(&format!("ammo = 30\n{RANGE}"), &[]);
    assert_eq!(w.ammo_pool(), Some(30));
    let gunners: Vec<usize> = (0..5).filter(|&i| w.agents()[i].is_gunner()).collect();
    assert!(gunners
        .iter()
        .all(|&i| w.agents()[i].mag == t.ammo.magazine));
    run(&mut w, 60.0, &TickInput::default());
    let s = w.stats();
    // Three magazines and the 30-round pool, all of it fired.
    let rounds = 3 * t.ammo.magazine + 30;
    assert_eq!(s.shots_fired, rounds, "every round fired, none more");
    assert_eq!(w.ammo_pool(), Some(0));
    assert!(gunners.iter().all(|&i| w.agents()[i].mag == 0));
    assert!(s.reloads >= 3, "{} reloads", s.reloads);
    let dry = w
        .log()
        .entries
        .iter()
        .filter(|e| matches!(e.kind, EventKind::OutOfAmmo { .. }))
        .count();
    assert_eq!(dry, 3, "each gunner said it is dry once");
}

#[test]
fn without_an_ammo_line_the_gunners_reload_and_never_run_out() {
    let mut w = world(RANGE, &[]);
    run(&mut w, 30.0, &TickInput::default());
    assert_eq!(w.ammo_pool(), None);
    let t = Tuning::default();
    assert!(w.stats().shots_fired > 3 * t.ammo.magazine * 2);
    assert!(w.stats().reloads >= 3);
}

#[test]
fn a_reload_is_two_seconds_without_fire() {
    let t = Tuning::default();
    let mut w = world(RANGE, &[]);
    let g = (0..5).find(|&i| w.agents()[i].is_gunner()).unwrap();
    let mut began = None;
    let mut shots_while = 0;
    for _ in 0..ticks(20.0) {
        tick(&mut w, &TickInput::default());
        let reloading = w.agents()[g].reload > 0;
        if reloading && began.is_none() {
            began = Some(w.tick());
        }
        if reloading {
            shots_while += w
                .events()
                .iter()
                .filter(
                    |e| matches!(e.kind, EventKind::Shot { shooter, .. } if shooter as usize == g),
                )
                .count();
        }
        if let (Some(b), false) = (began, reloading) {
            let took = w.tick() - b;
            assert_eq!(took, ticks(t.ammo.reload_time) as u64);
            // Refilled before this tick's fire, which may already have spent a round.
            assert!(w.agents()[g].mag >= t.ammo.magazine - 1);
            assert_eq!(shots_while, 0);
            return;
        }
    }
    panic!("gunner {g} never reloaded");
}

#[test]
fn the_disk_picks_up_a_crate_and_a_case_on_its_way_but_not_with_the_tools_off() {
    let t = Tuning::default();
    let tiles = [(12, 8, 'A'), (16, 8, 'K')];
    let walk = TickInput {
        move_dir: Vec2::new(1.0, 0.0),
        ..TickInput::default()
    };
    let mut w = world("ammo = 10\nkit = 0 0 0\nduration = 60\n", &tiles);
    assert_eq!(w.pickups().len(), 2);
    run(&mut w, 6.0, &walk);
    assert!(w.pickups().iter().all(|p| p.taken), "{:?}", w.pickups());
    assert_eq!(w.ammo_pool(), Some(10 + t.ammo.crate_rounds));
    let k = w.kit();
    assert_eq!(
        (k.flares, k.medkits, k.grenades),
        (
            t.ammo.case_flares,
            t.ammo.case_medkits,
            t.ammo.case_grenades
        )
    );
    let mut naive = world(
        "tools = off\nammo = 10\nkit = 0 0 0\nduration = 60\n",
        &tiles,
    );
    run(&mut naive, 6.0, &walk);
    assert!(naive.pickups().iter().all(|p| !p.taken));
    assert_eq!(naive.ammo_pool(), Some(10));
}

#[test]
fn magazines_pool_and_pickups_are_saved_and_checksummed() {
    let mut w = world(&format!("ammo = 40\n{RANGE}"), &[(20, 8, 'A')]);
    run(&mut w, 3.0, &TickInput::default());
    let before = w.checksum();
    w.agent_mut(2).mag += 1;
    assert_ne!(w.checksum(), before, "a magazine is in the checksum");
    w.agent_mut(2).mag -= 1;
    *w.ammo_pool_mut() = Some(39);
    assert_ne!(w.checksum(), before, "the pool is in the checksum");
    *w.ammo_pool_mut() = Some(40);
    let state = w.snapshot();
    let w2 = World::restore(w.map().clone(), state).unwrap();
    assert_eq!(w2.checksum(), before);
    assert_eq!(w2.ammo_pool(), w.ammo_pool());
    assert_eq!(w2.agents()[2].mag, w.agents()[2].mag);
    assert_eq!(w2.pickups(), w.pickups());
}

#[test]
fn bad_ammo_and_kit_lines_and_tuning_are_refused_with_their_place() {
    let err = |s: &str| Scenario::parse("t.scn", s).unwrap_err().to_string();
    assert!(
        err("ammo = -5\n").starts_with("t.scn:1:8: bad number `-5`"),
        "{}",
        err("ammo = -5\n")
    );
    assert!(
        err("kit = 1 2\n").starts_with("t.scn:1:7: bad kit `1 2`"),
        "{}",
        err("kit = 1 2\n")
    );
    assert!(err("kit = 1 x 2\n").contains("expected three whole numbers"));
    let sc = Scenario::parse("t.scn", "ammo = 120\nkit = 3 0 1\n").unwrap();
    assert_eq!(sc.ammo, Some(120));
    assert_eq!(
        sc.kit.map(|k| (k.flares, k.medkits, k.grenades)),
        Some((3, 0, 1))
    );
    assert!(err("squad_health = 100 0 100\n").starts_with("t.scn:1:20: bad health `0`"));
    let hurt = world("squad_health = 100 100 100 45\n", &[]);
    let h: Vec<f32> = hurt.agents().iter().map(|a| a.health).collect();
    assert_eq!(
        h,
        vec![100.0, 100.0, 100.0, 45.0, 100.0],
        "past the list, whole"
    );
    // A recruit (REQ K6): whole at 70; a health over the max is the max.
    let rec = world(
        "squad_max = 100 100 100 100 70\nsquad_health = 100 100 100 45 90\n",
        &[],
    );
    let hm: Vec<(f32, f32)> = rec
        .agents()
        .iter()
        .map(|a| (a.health, a.max_health))
        .collect();
    assert_eq!(
        hm,
        vec![
            (100.0, 100.0),
            (100.0, 100.0),
            (100.0, 100.0),
            (45.0, 100.0),
            (70.0, 70.0)
        ]
    );
    assert!(err("squad_max = 100 -1\n").starts_with("t.scn:1:17: bad health `-1`"));
    let terr = |s: &str| Tuning::from_toml("t.toml", s).unwrap_err().to_string();
    let e = terr("[ammo]\nmagazine = -3\n");
    assert!(e.starts_with("t.toml:2:12: `ammo.magazine`: "), "{e}");
    let e = terr("[ammo]\nmagazine = 0\n");
    assert!(e.contains("ammo.magazine"), "{e}");
    let e = terr("[ammo]\nreload_time = -1.0\n");
    assert!(e.contains("ammo.reload_time"), "{e}");
    let e = terr("[tools]\ngrenade_fuse = -1.0\n");
    assert!(e.contains("tools.grenade_fuse"), "{e}");
    let e = terr("[ammo]\nclip = 3\n");
    assert!(e.contains("clip"), "{e}");
}
