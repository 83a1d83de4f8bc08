//! Debug trace of one agent over a tick window: position, velocity, goal, path, lane and
//! the nearest enemies. `agenttrace FILE.scn AGENT FROM TO [EVERY]`.
use std::ops::ControlFlow;

use app::session::{Session, Until};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let id: usize = args[2].parse().unwrap();
    let (from, to): (u64, u64) = (args[3].parse().unwrap(), args[4].parse().unwrap());
    let every: u64 = args.get(5).and_then(|s| s.parse().ok()).unwrap_or(1);
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
        if t >= from && t <= to && (t - from) % every == 0 {
            let a = &w.agents()[id];
            let g = w.goal_of(a);
            let mut near: Vec<(f32, u32)> = w
                .enemies()
                .iter()
                .filter(|e| e.alive)
                .map(|e| (e.pos.distance(a.pos) - e.radius - a.radius, e.id))
                .collect();
            near.sort_by(|p, q| p.0.total_cmp(&q.0));
            near.truncate(3);
            let to_goal = (g - a.pos).normalize_or_zero();
            let allies: Vec<String> = w
                .agents()
                .iter()
                .filter(|o| o.alive && o.id != a.id && o.pos.distance(a.pos) < 2.0)
                .map(|o| {
                    let off = o.pos - a.pos;
                    format!("a{}:{:.2}@{:.2}", o.id, off.length(), off.normalize_or_zero().dot(to_goal))
                })
                .collect();
            print!("allies {allies:?} ");
            let lane = w.lanes().avoidance(a.pos, a.id, a.melee.target, w.tuning());
            print!("lanepush ({:.2},{:.2}) tgt {:?} ", lane.x, lane.y, a.melee.target);
            println!(
                "t{t} a{id} pos ({:.2},{:.2}) vel ({:.2},{:.2}) goal ({:.2},{:.2}) d {:.2} path {} lane {:?}/{:?} has {} intent {} anchor ({:.1},{:.1}) near {:?}",
                a.pos.x, a.pos.y, a.vel.x, a.vel.y, g.x, g.y, a.pos.distance(g),
                a.follow.path.len(), a.lane.target, a.lane.priority, a.lane.has_lane, a.lane.lane_intent,
                w.anchor().pos.x, w.anchor().pos.y,
                near.iter().map(|(d, e)| format!("e{e}:{d:.2}")).collect::<Vec<_>>()
            );
        }
        ControlFlow::Continue(())
    });
}
