//! What the threat did in one run: swings by kind, spits, stalkers lit, the director's
//! phases, blows landed and falls.
//! `cargo run --release -p app --example threat -- NAME|FILE.scn [SEED] [DIFFICULTY]`.
use std::ops::ControlFlow;

use app::session::{Session, Until};
use sim::read::{Difficulty, EventKind};
use std::collections::BTreeMap;

fn main() {
    let name = std::env::args().nth(1).unwrap_or("combat_route".into());
    let s = if name.ends_with(".scn") {
        app::setup::load(Some(std::path::Path::new(&name)), "", None, None, None).unwrap()
    } else {
        app::setup::load(None, &name, None, None, None).unwrap()
    };
    let seed = std::env::args().nth(2).map(|s| s.parse().unwrap());
    let difficulty = std::env::args()
        .nth(3)
        .map(|d| Difficulty::parse(&d).unwrap());
    let mut s = s.with_pacing(None, difficulty);
    if let Some(seed) = seed {
        s.scenario.seed = seed;
        s.origin.seed = seed;
    }
    let mut run = Session::route(s);
    let mut n: BTreeMap<String, u32> = BTreeMap::new();
    let mut bump = |k: String| *n.entry(k).or_default() += 1;
    run.run(Until::End, |run, _| {
        let w = &run.world;
        let secs = w.tick() as f32 / 60.0;
        for e in w.events() {
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
                EventKind::SpitHit { agent: Some(_), .. } => bump("spit hit an agent".into()),
                EventKind::SpitHit { agent: None, .. } => bump("spit hit a wall or fell".into()),
                EventKind::StalkerLit { .. } => bump("stalker lit".into()),
                EventKind::MeleeHit { .. } => bump("blade hit".into()),
                EventKind::DirectorPhase { phase, intensity } => {
                    println!("t={secs:6.1} director {} at {intensity:.2}", phase.name())
                }
                EventKind::AgentDown { agent, .. } => println!("t={secs:6.1} agent {agent} down"),
                _ => {}
            }
        }
        ControlFlow::Continue(())
    });
    for (k, v) in &n {
        println!("{k}: {v}");
    }
    let w = &run.world;
    let st = w.stats();
    println!(
        "blows landed {}, agents down {}, first fall {:?} s, kills {}, friendly hits {}, standing {}, spawned by the director {}",
        st.blows_landed,
        st.agents_down,
        st.first_fall.map(|t| t as f32 / 60.0),
        st.kills,
        st.friendly_hits,
        w.standing_agents(),
        w.director().spawned
    );
}
