//! Debug trace of the blades over a tick window: phase, target, nearest enemy's gap,
//! and the strike events. `bladetrace FILE.scn FROM TO`.
use std::ops::ControlFlow;

use app::session::{Session, Until};
use sim::read::EventKind;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (from, to): (u64, u64) = (args[2].parse().unwrap(), args[3].parse().unwrap());
    let tuning = std::env::var_os("TUNING").map(std::path::PathBuf::from);
    let s = app::setup::load(
        Some(std::path::Path::new(&args[1])),
        "",
        None,
        None,
        tuning.as_deref(),
    )
    .unwrap();
    let mut run = Session::route(s);
    run.run(Until::End, |run, _| {
        let w = &run.world;
        let t = w.tick();
        if t >= from && t <= to {
            for a in w.agents().iter().filter(|a| a.alive && !a.is_gunner()) {
                let near = w
                    .enemies()
                    .iter()
                    .filter(|e| e.alive)
                    .map(|e| (e.pos.distance(a.pos) - e.radius - a.radius, e.id))
                    .fold((f32::MAX, 0), |m, x| if x.0 < m.0 { x } else { m });
                println!(
                    "t{t} b{} pos ({:.2},{:.2}) {:?} left {} cd {} tgt {:?} near e{} gap {:.2} state {:?} sprint {} rooted {} withheld {} waits {:?}/{} gives {:?}",
                    a.id, a.pos.x, a.pos.y, a.melee.phase, a.melee.phase_left, a.melee.cooldown,
                    a.melee.target, near.1, near.0, w.state(), w.sprinting(), a.melee.rooted, a.melee.withheld, a.melee.waits_on, a.melee.waited, a.melee.gives_way
                );
            }
            if t % 20 == 0 {
                for a in w.agents() {
                    println!("    a{} {:?} ({:.2},{:.2}) v({:.2},{:.2})", a.id, a.role, a.pos.x, a.pos.y, a.vel.x, a.vel.y);
                }
                for e in w.enemies().iter().filter(|e| e.alive) {
                    if w.agents().iter().any(|a| a.pos.distance(e.pos) < 2.5) {
                        println!("    e{} ({:.2},{:.2}) r{:.2}", e.id, e.pos.x, e.pos.y, e.radius);
                    }
                }
            }
            for e in w.events() {
                match &e.kind {
                    EventKind::StrikeStarted { .. }
                    | EventKind::StrikeWithheld { .. }
                    | EventKind::StrikeCancelled { .. }
                    | EventKind::MeleeHit { .. } => println!("  {:?}", e.kind),
                    _ => {}
                }
            }
        }
        if t > to {
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
}
