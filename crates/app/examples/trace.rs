//! Debug trace of a scenario: per second, anchor and agents (distance to goal).
use std::ops::ControlFlow;

use app::session::{Pilot, Session, Until};

fn main() {
    let name = std::env::args().nth(1).unwrap_or("combat_route".into());
    let every: u64 = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(60);
    let s = if name.ends_with(".scn") {
        app::setup::load(Some(std::path::Path::new(&name)), "", None, None, None).unwrap()
    } else {
        app::setup::load(None, &name, None, None, None).unwrap()
    };
    let mut sc = s.scenario.clone();
    if let Ok(seed) = std::env::var("TRACE_SEED") {
        sc.seed = seed.parse().unwrap();
    }
    let s = app::setup::Setup { scenario: sc, ..s };
    let mut run = Session::route(s);
    run.run(Until::End, |run, _| {
        let w = &run.world;
        let wp = match &run.pilot {
            Pilot::Route(d) => d.next,
            _ => 0,
        };
        for a in w.agents().iter().filter(|a| a.alive && !a.forced) {
            let d = a.pos.distance(w.goal_of(a));
            if d > 4.0 {
                println!("STRAGGLE t={:.2} agent {} d={:.2} pos=({:.2},{:.2}) goal=({:.2},{:.2}) state={:?} path={}", w.tick() as f32 / 60.0, a.id, d, a.pos.x, a.pos.y, w.goal_of(a).x, w.goal_of(a).y, w.state(), a.follow.path.len());
            }
        }
        if w.state() == sim::read::SquadState::Holding {
            for a in w.agents() {
                let d = a.pos.distance(w.anchor().pos);
                if d > 3.2 && a.alive {
                    println!("HOLD-FAR t={:.2} agent {} d={:.3} pos=({:.2},{:.2}) post=({:.2},{:.2}) anc=({:.2},{:.2}) settling={}", w.tick() as f32 / 60.0, a.id, d, a.pos.x, a.pos.y, a.post_pos.x, a.post_pos.y, w.anchor().pos.x, w.anchor().pos.y, w.anchor().settling);
                }
            }
        }
        if let (Ok(a), Ok(b)) = (std::env::var("TRACE_FROM"), std::env::var("TRACE_TO")) {
            let (a, b): (u64, u64) = (a.parse().unwrap(), b.parse().unwrap());
            if w.tick() >= a && w.tick() <= b {
                for ag in w.agents() {
                    println!("    t={} a{} pos=({:.3},{:.3}) vel=({:.2},{:.2}) phase={:?} lane_t={:?} has={} forced={}", w.tick(), ag.id, ag.pos.x, ag.pos.y, ag.vel.x, ag.vel.y, ag.melee.phase, ag.lane.target, ag.lane.has_lane, ag.forced);
                }
                for b in w.bullets() {
                    println!("    bullet {} from g{} pos=({:.3},{:.3}) dir=({:.3},{:.3}) trav={:.2}/{:.2}", b.id, b.shooter, b.pos.x, b.pos.y, b.dir.x, b.dir.y, b.traveled, b.verified);
                }
            }
        }
        if let Ok(near) = std::env::var("TRACE_NEAR") {
            let id: usize = near.parse().unwrap();
            let every: u64 = std::env::var("TRACE_EVERY")
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(20);
            if w.tick().is_multiple_of(every) {
                let a = &w.agents()[id];
                for e in w
                    .enemies()
                    .iter()
                    .filter(|e| e.alive && e.pos.distance(a.pos) < 2.5)
                {
                    println!("    near t={} a{} enemy {} {:?} d={:.2} pos=({:.2},{:.2}) hp={:.0} stagger={} attack={:?} sees={}", w.tick(), id, e.id, e.kind, e.pos.distance(a.pos), e.pos.x, e.pos.y, e.health, e.stagger, e.attack, e.sees);
                }
                println!("    blade t={} a{} pos=({:.2},{:.2}) post=({:.2},{:.2}) anc=({:.2},{:.2}) state={:?} melee={:?}", w.tick(), id, a.pos.x, a.pos.y, a.post_pos.x, a.post_pos.y, w.anchor().pos.x, w.anchor().pos.y, w.state(), (a.melee.phase, a.melee.target, a.melee.cooldown, a.melee.combo_left, a.melee.withheld));
            }
        }
        for e in w.events() {
            if !matches!(
                e.kind,
                sim::read::EventKind::Shot { .. }
                    | sim::read::EventKind::EnemyHit { .. }
                    | sim::read::EventKind::BulletHitWall { .. }
            ) {
                println!("  ev t={} {:?}", e.tick, e.kind);
            }
        }
        if w.tick().is_multiple_of(every) {
            for a in w
                .agents()
                .iter()
                .filter(|a| a.role == sim::read::Role::Blade)
            {
                println!(
                    "  blade {} pos=({:.2},{:.2}) post=({:.2},{:.2}) melee={:?}",
                    a.id,
                    a.pos.x,
                    a.pos.y,
                    a.post_pos.x,
                    a.post_pos.y,
                    (
                        a.melee.phase,
                        a.melee.phase_left,
                        a.melee.strike,
                        a.melee.target,
                        a.melee.cooldown,
                        a.melee.combo_left
                    )
                );
            }
            print!(
                "t={:5.1} wp={} {:?} anc=({:.1},{:.1}) L={:.2} u={:.2} en={} |",
                w.tick() as f32 / 60.0,
                wp,
                w.state(),
                w.anchor().pos.x,
                w.anchor().pos.y,
                w.anchor().leash_dist,
                w.anchor().urgency,
                w.enemies()
                    .iter()
                    .filter(|e| e.alive && !e.is_dummy())
                    .count()
            );
            for a in w.agents() {
                let g = w.goal_of(a);
                print!(
                    " {}:({:.1},{:.1})g{:.1}{} t{:?}p{:?}{}{}",
                    a.id,
                    a.pos.x,
                    a.pos.y,
                    a.pos.distance(g),
                    if a.follow.path.is_empty() { "" } else { "P" },
                    a.lane.target,
                    a.lane.priority,
                    if a.lane.has_lane { "L" } else { "-" },
                    if a.lane.lane_intent { "I" } else { "" }
                );
            }
            println!();
        }
        ControlFlow::Continue(())
    });
}
