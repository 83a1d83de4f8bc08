//! The player's tools (REQ K3–K5) in whole worlds: a flare lures the shamblers near it
//! and holds the stalkers out of its light; a medkit heals the most hurt, and a blow
//! interrupts it without spending the kit; a grenade kills what its blast reaches and
//! no ally — the squad runs out of its zone, or the throw is refused; the scenario's
//! `tool` statements drive the route's uses, and `tools = off` makes none.

mod common;
use common::room;
use std::sync::Arc;

use sim::core::events::EventKind;
use sim::core::kit::{Tool, ToolRefusal};
use sim::horde::enemy::EnemyKind;
use sim::script::scenario::Scenario;
use sim::space::map::Map;
use sim::tools::ToolUse;
use sim::tuning::{ticks, Tuning};
use sim::world::{tick, TickInput, World};
use sim::Vec2;

/// A 40 × 16 room, the squad at (6, 8), an enemy spawn at `spawn`.
fn world_with(scn: &str, spawn: Option<(usize, usize)>) -> World {
    let mut text = room(40, 16, 6, 8);
    if let Some((x, y)) = spawn {
        let i = y * 41 + x;
        text.replace_range(i..i + 1, "E");
    }
    let map = Arc::new(Map::parse("room.map", &text).unwrap());
    let sc = Scenario::parse("t.scn", scn).unwrap();
    sc.check_against(&map, 5).unwrap();
    World::new(map, &sc, Tuning::default())
}

fn use_tool(w: &mut World, tool: Tool, at: Vec2) {
    tick(
        w,
        &TickInput {
            tool: Some(ToolUse { tool, at }),
            ..TickInput::default()
        },
    );
}

fn run(w: &mut World, seconds: f32) {
    let until = w.tick() + ticks(seconds) as u64;
    while w.tick() < until {
        tick(w, &TickInput::default());
    }
}

/// The gunners put down (`agent_mut`), so only the flare decides where the horde goes.
fn without_gunners(w: &mut World) {
    for i in 2..5 {
        w.agent_mut(i).alive = false;
    }
}

fn shamblers(w: &World) -> Vec<Vec2> {
    w.enemies()
        .iter()
        .filter(|e| e.alive && e.kind == EnemyKind::Shambler)
        .map(|e| e.pos)
        .collect()
}

/// K3: shamblers within the lure's reach walk to the flare and mill round it; thrown
/// where none can reach it, it draws none (they come for the squad).
#[test]
fn a_flare_draws_the_shamblers_near_it() {
    let scn = "seed = 3\nduration = 60\nwave 0 0 shambler 4\n";
    let flare = Vec2::new(13.5, 8.5);
    let mut lured = world_with(scn, Some((22, 8)));
    without_gunners(&mut lured);
    run(&mut lured, 0.5);
    use_tool(&mut lured, Tool::Flare, flare);
    assert_eq!(lured.tools().flares.len(), 1, "thrown");
    assert_eq!(lured.kit().flares, 1, "a charge spent");
    run(&mut lured, 20.0);
    let near = shamblers(&lured);
    assert_eq!(near.len(), 4);
    for p in &near {
        assert!(p.distance(flare) < 2.5, "milling round the flare: {p:?}");
    }
    // The same horde with no flare comes on past where the flare burnt, to the squad.
    let mut plain = world_with(scn, Some((22, 8)));
    without_gunners(&mut plain);
    run(&mut plain, 20.5);
    let squad = plain.agents()[0].pos;
    for p in shamblers(&plain) {
        assert!(p.distance(squad) < 3.0, "{p:?}");
    }
}

/// K3 with T2: a stalker coming for the squad stands off at the edge of a burning
/// flare's light round it; it never lunges into it.
#[test]
fn a_stalker_never_enters_a_burning_flares_light() {
    let scn = "seed = 5\nduration = 60\nwave 1 0 stalker 2\n";
    let mut w = world_with(scn, Some((30, 8)));
    without_gunners(&mut w);
    let flare = Vec2::new(7.5, 8.5);
    use_tool(&mut w, Tool::Flare, flare);
    let light = Tuning::default().tools.flare_light;
    let fade = w.ticks().flare_fade;
    let mut closest = f32::INFINITY;
    let mut seen = 0;
    while w
        .tools()
        .flares
        .iter()
        .any(|f| f.flight_left > 0 || f.burn_left > fade)
    {
        tick(&mut w, &TickInput::default());
        for e in w
            .enemies()
            .iter()
            .filter(|e| e.alive && e.kind == EnemyKind::Stalker)
        {
            closest = closest.min(e.pos.distance(flare));
            seen += 1;
        }
    }
    assert!(seen > 1000, "the stalkers came: {seen} stalker-ticks");
    assert!(
        closest >= light,
        "a stalker came within {closest:.2} of the flare"
    );
    assert!(closest < light + 3.0, "it came for the squad: {closest:.2}");
}

/// K3 with T2: a stalker that finds itself inside a burning flare's light (the flare
/// burst round it, or the crowd shoved it in) leaves it at once, away from the flare,
/// and stays out; waiting there for a way ahead that no light reaches, it stood inside.
#[test]
fn a_stalker_caught_inside_a_flares_light_leaves_it() {
    let scn = "seed = 5\nduration = 60\nwave 1 0 stalker 1\n";
    let mut w = world_with(scn, Some((30, 8)));
    without_gunners(&mut w);
    let flare = Vec2::new(24.5, 8.5);
    use_tool(&mut w, Tool::Flare, flare);
    while w.tools().flares.iter().any(|f| f.flight_left > 0) {
        tick(&mut w, &TickInput::default());
    }
    run(&mut w, 1.5);
    let (t, tt) = (Tuning::default(), w.ticks().clone());
    let burning = w.tools().flares[0].clone();
    let flare = burning.pos;
    let light = burning.light_radius(&t, &tt);
    let s = w
        .enemies_mut()
        .iter_mut()
        .find(|e| e.alive && e.kind == EnemyKind::Stalker)
        .expect("the stalker came");
    s.pos = flare + Vec2::new(-1.5, 0.0);
    s.vel = Vec2::ZERO;
    let (mut inside, mut outside) = (0, 0);
    for _ in 0..ticks(3.0) {
        tick(&mut w, &TickInput::default());
        // Out, it comes on for the squad, whose blades may cut it down.
        let Some(s) = w
            .enemies()
            .iter()
            .find(|e| e.alive && e.kind == EnemyKind::Stalker)
        else {
            break;
        };
        if s.pos.distance(flare) < light {
            inside += 1;
        } else {
            outside += 1;
        }
    }
    assert!(outside > 30, "seen out of the light {outside} ticks");
    // Out at its run (from rest, a few ticks more) and never back in.
    let out_by = 60.0 * (light - 1.5) / t.enemy.stalker.speed;
    assert!(
        (inside as f32) < out_by + 12.0,
        "{inside} ticks inside a light of {light:.2} (out in {out_by:.0} at its run)"
    );
}

/// K4: the most hurt within reach is healed 80 % of its missing health after the kit's
/// time, rooted meanwhile; the kit is spent only then.
#[test]
fn a_medkit_heals_the_most_hurt_within_reach() {
    let mut w = world_with("seed = 1\nduration = 60\n", None);
    run(&mut w, 1.0);
    w.agent_mut(1).health = 40.0;
    w.agent_mut(3).health = 70.0;
    use_tool(&mut w, Tool::Medkit, Vec2::ZERO);
    assert_eq!(w.tools().heal.as_ref().map(|h| h.agent), Some(1));
    assert_eq!(w.kit().medkits, 1, "spent when done, not before");
    let stood = w.agents()[1].pos;
    run(&mut w, 2.9);
    assert_eq!(w.agents()[1].pos, stood, "rooted while the kit works");
    run(&mut w, 0.2);
    let share = Tuning::default().tools.medkit_share;
    assert!((w.agents()[1].health - (40.0 + 60.0 * share)).abs() < 1e-3);
    assert_eq!(w.kit().medkits, 0);
    assert_eq!(w.stats().medkits_used, 1);
    // No one hurt within reach: refused, nothing spent.
    w.kit_mut().medkits = 1;
    for i in 0..5 {
        w.agent_mut(i).health = 100.0;
    }
    use_tool(&mut w, Tool::Medkit, Vec2::ZERO);
    let refused = w.events().iter().any(|e| {
        e.kind
            == EventKind::ToolRefused {
                tool: Tool::Medkit,
                why: ToolRefusal::NoPatient,
            }
    });
    assert!(refused && w.kit().medkits == 1);
}

/// K4: a blow on the patient interrupts the work: no heal, the kit kept.
#[test]
fn a_blow_interrupts_the_medkit() {
    let mut w = world_with("seed = 2\nduration = 60\nwave 0 0 runner 1\n", Some((9, 8)));
    without_gunners(&mut w);
    for i in 0..2 {
        w.agent_mut(i).health = 30.0 + i as f32;
    }
    use_tool(&mut w, Tool::Medkit, Vec2::ZERO);
    let patient = w.tools().heal.as_ref().unwrap().agent;
    let mut interrupted = false;
    for _ in 0..ticks(3.5) {
        tick(&mut w, &TickInput::default());
        interrupted |= w
            .events()
            .iter()
            .any(|e| e.kind == EventKind::HealInterrupted { agent: patient });
    }
    assert!(interrupted, "the runner's blow interrupted the kit");
    assert_eq!(w.kit().medkits, 1, "not spent");
    assert!(w.agents()[patient as usize].health < 40.0, "not healed");
}

/// K5: a grenade into a crowd of shamblers away from the squad kills what its blast
/// reaches and hurts no ally.
#[test]
fn a_grenade_kills_the_crowd_it_lands_in() {
    let mut w = world_with(
        "seed = 4\nduration = 60\nwave 0 0 shambler 6\n",
        Some((16, 8)),
    );
    without_gunners(&mut w);
    run(&mut w, 0.3);
    let crowd = shamblers(&w);
    let centre = crowd.iter().fold(Vec2::ZERO, |s, p| s + *p) / crowd.len() as f32;
    use_tool(&mut w, Tool::Grenade, centre);
    assert!(w.tools().grenade.is_some(), "thrown");
    run(&mut w, 2.5);
    assert!(w.tools().grenade.is_none(), "burst");
    assert!(w.stats().kills >= 3, "kills {}", w.stats().kills);
    assert_eq!(w.stats().friendly_hits, 0);
}

/// K5: thrown beside the squad (its blast over most of it), the squad runs out of the
/// zone and the blast reaches no one; boxed in where no ally can get out in time, the
/// throw is refused and nothing is spent.
#[test]
fn a_grenade_at_the_squads_feet_is_escaped_or_refused() {
    let mut w = world_with("seed = 6\nduration = 60\n", None);
    run(&mut w, 1.0);
    let at = w.anchor().pos + Vec2::new(2.5, 0.0);
    use_tool(&mut w, Tool::Grenade, at);
    let g = w
        .tools()
        .grenade
        .clone()
        .expect("thrown: the squad can get out");
    assert!(
        g.escapes.iter().any(|e| e.dir != Vec2::ZERO),
        "someone runs"
    );
    while w.tools().grenade.is_some() {
        tick(&mut w, &TickInput::default());
    }
    assert_eq!(w.stats().friendly_hits, 0);
    // At the blast every body stood clear of it.
    let keep = Tuning::default().tools.grenade_radius;
    for a in w.agents() {
        assert!(
            a.pos.distance(g.to) > keep + a.radius,
            "agent {} at {:?}",
            a.id,
            a.pos
        );
    }
    // In a closet two tiles wide no one gets out of a 3.5 u blast.
    let map = "##########\n#S......##\n##########\n";
    let map = Arc::new(Map::parse("closet.map", map).unwrap());
    let sc = Scenario::parse("t.scn", "seed = 1\nduration = 30\n").unwrap();
    let mut w = World::new(map, &sc, Tuning::default());
    run(&mut w, 0.5);
    let before = w.kit().grenades;
    use_tool(&mut w, Tool::Grenade, Vec2::new(4.5, 1.5));
    assert!(w.tools().grenade.is_none(), "refused");
    let refused = w.events().iter().any(|e| {
        matches!(
            e.kind,
            EventKind::ToolRefused {
                tool: Tool::Grenade,
                why: ToolRefusal::AllyTooClose { .. }
            }
        )
    });
    assert!(refused);
    assert_eq!((w.kit().grenades, w.stats().grenades_refused), (before, 1));
}

/// REQ K7: the scenario's `tool` statements are the route's uses; with `tools = off`
/// the same route uses none.
#[test]
fn tool_statements_drive_the_route_and_tools_off_makes_none() {
    use sim::driver::route::RouteDriver;
    let scn = "seed = 1\nduration = 10\ntool 1 flare 12.5 8.5\ntool 2 medkit\n";
    for (text, flares) in [(scn.to_string(), 1), (format!("tools = off\n{scn}"), 0)] {
        let mut w = world_with(&text, None);
        let sc = Scenario::parse("t.scn", &text).unwrap();
        let mut d = RouteDriver::new();
        while w.tick() < ticks(3.0) as u64 {
            let input = d.input(&sc, &w);
            tick(&mut w, &input);
        }
        assert_eq!(w.stats().flares_used, flares, "{text}");
    }
}

/// Bad `tool` statements are refused at their line and column.
#[test]
fn bad_tool_statements_name_their_place() {
    let err = |s: &str| Scenario::parse("t.scn", s).unwrap_err().to_string();
    assert!(err("tool 1 pipebomb 3 3\n").starts_with("t.scn:1:8: unknown tool `pipebomb`"));
    assert!(err("tool -1 flare 3 3\n").starts_with("t.scn:1:6: time -1 is before the start"));
    assert!(err("tool 1 grenade 3\n").contains("expected Y"));
    assert!(
        err("tool 2 medkit\ntool 1 medkit\n").starts_with("t.scn:2:6: tool at 1 s comes before")
    );
    assert!(err("tools = maybe\n").contains("expected on or off"));
    let map = Map::parse("room.map", &room(40, 16, 6, 8)).unwrap();
    let check = |s: &str| {
        Scenario::parse("t.scn", s)
            .unwrap()
            .check_against(&map, 5)
            .unwrap_err()
            .to_string()
    };
    assert!(
        check("duration = 30\n\ntool 40 medkit\n").starts_with("t.scn:3:1: tool at 40 s is after")
    );
    assert!(check("tool 1 flare 0.5 0.5\n")
        .starts_with("t.scn:1:1: flare target (0.5, 0.5) is inside a wall"));
}

/// REQ K8: `do` objectives wait for the player's verbs, one after the other: each is
/// done the tick its act is seen (here the route's: a move, a formation, manual aim, an
/// assignment, a flare, a sprint), and the mission is won when the last is.
#[test]
fn do_objectives_wait_for_each_verb_in_turn() {
    use sim::driver::route::RouteDriver;
    let scn = "seed = 1\nduration = 30\n\
        objective m do move\n\
        objective f do formation after=m\n\
        objective a do manual after=f\n\
        objective t do target after=a\n\
        objective l do flare after=t\n\
        objective s do sprint after=l\n\
        waypoint 12.5 8.5 hold=10\n\
        formation 4 line\n\
        aim 6 0\n\
        assign 7 30 8\n\
        tool 9 flare 14.5 8.5\n\
        waypoint 20.5 8.5 sprint\n\
        dummy 30.5 8.5\n";
    let mut w = world_with(scn, None);
    let sc = Scenario::parse("t.scn", scn).unwrap();
    let mut d = RouteDriver::new();
    let mut done_at = Vec::new();
    while w.tick() < ticks(30.0) as u64 && !w.mission().outcome.ended() {
        let input = d.input(&sc, &w);
        tick(&mut w, &input);
        for e in w.events() {
            if let EventKind::ObjectiveDone { objective } = e.kind {
                done_at.push((objective, e.tick));
            }
        }
    }
    let order: Vec<u32> = done_at.iter().map(|d| d.0).collect();
    assert_eq!(order, [0, 1, 2, 3, 4, 5], "{done_at:?}");
    assert_eq!(
        w.mission().outcome,
        sim::script::mission::Outcome::Won { at: done_at[5].1 }
    );
    // The formation's prompt waited for the route's change at 4 s.
    assert!(done_at[1].1 >= ticks(4.0) as u64, "{done_at:?}");
}

/// REQ K8: a crate taken before its prompt counts when the prompt comes (a playtest
/// sprinted over the training's crate while the formation's prompt was up; the crate's
/// prompt then waited for good): here the route walks over the crate at about 1 s and
/// changes the formation at 6 s; the pickup's objective is done right after.
#[test]
fn a_crate_taken_before_its_prompt_counts() {
    use sim::driver::route::RouteDriver;
    let mut text = room(40, 16, 6, 8);
    let i = 8 * 41 + 9;
    text.replace_range(i..i + 1, "A");
    let map = Arc::new(Map::parse("room.map", &text).unwrap());
    let scn = "seed = 1\nduration = 30\nammo = 10\n\
        objective f do formation\n\
        objective p do pickup after=f\n\
        waypoint 14.5 8.5 hold=10\n\
        formation 6 line\n";
    let sc = Scenario::parse("t.scn", scn).unwrap();
    sc.check_against(&map, 5).unwrap();
    let mut w = World::new(map, &sc, Tuning::default());
    let mut d = RouteDriver::new();
    let (mut picked, mut done) = (None, Vec::new());
    while w.tick() < ticks(12.0) as u64 && !w.mission().outcome.ended() {
        let input = d.input(&sc, &w);
        tick(&mut w, &input);
        for e in w.events() {
            match e.kind {
                EventKind::AmmoPicked { .. } => picked = picked.or(Some(e.tick)),
                EventKind::ObjectiveDone { objective } => done.push((objective, e.tick)),
                _ => {}
            }
        }
    }
    let picked = picked.expect("the route walked over the crate");
    assert_eq!(done.len(), 2, "{done:?}");
    assert!(
        picked < done[0].1,
        "taken before the formation's prompt was done"
    );
    assert!(
        done[1].1 <= done[0].1 + 2,
        "the crate's prompt done at once: {done:?}"
    );
}
