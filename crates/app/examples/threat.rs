//! What the threat did in one run: swings by kind, spits, stalkers lit, the director's
//! phases, blows landed and falls. `cargo run --release -p app --example threat -- NAME|FILE.scn [SEED] [DIFFICULTY]`.
use app::session::{Pilot, Session};
use sim::read::{Difficulty, EventKind, TickInput};
use std::collections::BTreeMap;

fn main() {
    let name = std::env::args().nth(1).unwrap_or("combat_route".into());
    let s = if name.ends_with(".scn") {
        app::setup::load(Some(std::path::Path::new(&name)), "", None, None, None).unwrap()
    } else {
        app::setup::load(None, &name, None, None, None).unwrap()
    };
    let mut sc = s.scenario.clone();
    if let Some(seed) = std::env::args().nth(2) {
        sc.seed = seed.parse().unwrap();
    }
    if let Some(d) = std::env::args().nth(3) {
        sc.set_difficulty(Difficulty::parse(&d).unwrap());
    }
    let s = app::setup::Setup { scenario: sc, ..s };
    let mut run = Session::route(s);
    let _ = matches!(run.pilot, Pilot::Route(_));
    let total = run.end_tick();
    let mut n: BTreeMap<String, u32> = BTreeMap::new();
    let mut bump = |k: String| *n.entry(k).or_default() += 1;
    while run.world.tick() < total {
        run.step(TickInput::default());
        let w = &run.world;
        if let (Ok(id), Ok(from)) = (
            std::env::var("WATCH").map(|v| v.parse::<u32>().unwrap()),
            std::env::var("FROM").map(|v| v.parse::<u64>().unwrap()),
        ) {
            if w.tick() >= from && w.tick() < from + 40 {
                if let Some(e) = w.enemy(id) {
                    println!("t{} e{} pos ({:.3},{:.3}) vel ({:.2},{:.2}) lit {} shy {} windup {:?} stagger {}", w.tick(), id, e.pos.x, e.pos.y, e.vel.x, e.vel.y, e.lit, e.shy, e.attack.windup_left, e.stagger);
                }
            }
        }
        if std::env::var("SPITS").is_ok() {
            for s in w.spits() {
                println!(
                    "  t{} spit {} at ({:.2},{:.2}) traveled {:.2} dir ({:.2},{:.2})",
                    w.tick(),
                    s.id,
                    s.pos.x,
                    s.pos.y,
                    s.traveled,
                    s.dir.x,
                    s.dir.y
                );
            }
        }
        for e in w.events() {
            if let EventKind::SpitHit { pos, agent, .. } = &e.kind {
                if std::env::var("SPITS").is_ok() {
                    println!("spit hit {agent:?} at ({:.2},{:.2})", pos.x, pos.y);
                }
            }
            let kind_of = |id: u32| w.enemy(id).map_or("gone", |e| e.kind.name()).to_string();
            match &e.kind {
                EventKind::AttackStarted { enemy, .. } => {
                    bump(format!("swing {}", kind_of(*enemy)))
                }
                EventKind::AttackInterrupted { enemy } => {
                    bump(format!("interrupted {}", kind_of(*enemy)))
                }
                EventKind::DamageDealt { enemy, .. } => bump(format!("blow {}", kind_of(*enemy))),
                EventKind::SpitReleased { .. } => bump("spit released".into()),
                EventKind::SpitHit { agent: Some(_), .. } => bump("spit hit agent".into()),
                EventKind::SpitHit { agent: None, .. } => bump("spit hit wall/floor".into()),
                EventKind::StalkerLit { .. } => bump("stalker lit".into()),
                EventKind::MeleeHit { .. } => bump("blade hit".into()),
                EventKind::DirectorPhase { phase, intensity } => {
                    println!(
                        "t={:6.1} director {} at {intensity:.2}",
                        w.tick() as f32 / 60.0,
                        phase.name()
                    );
                }
                EventKind::AgentDown { agent, .. } => {
                    println!("t={:6.1} agent {agent} down", w.tick() as f32 / 60.0)
                }
                _ => {}
            }
        }
    }
    let w = &run.world;
    for (k, v) in &n {
        println!("{k}: {v}");
    }
    let st = w.stats();
    println!(
        "blows landed {}, agents down {}, first fall {:?}, kills {}, friendly {}, standing {}, spawned by director {}",
        st.blows_landed, st.agents_down, st.first_fall.map(|t| t as f32 / 60.0), st.kills, st.friendly_hits, w.standing_agents(), w.director().spawned
    );
}
