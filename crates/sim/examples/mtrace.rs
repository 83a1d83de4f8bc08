//! A mission traced: `cargo run --release -p sim --example mtrace -- m2_warrens 600` prints
//! the anchor, the squad, the nests, the items and the objectives every N ticks while
//! the reference route drives (how the campaign routes were made).
use sim::driver::route::RouteDriver;
use sim::read::*;
use std::sync::Arc;
fn main() {
    let name = std::env::args().nth(1).unwrap();
    let every: u64 = std::env::args().nth(2).map_or(300, |s| s.parse().unwrap());
    let text = sim::content::scenario_text(&name).unwrap();
    let sc = Scenario::parse(&name, text).unwrap();
    let map = Map::parse(&sc.map, sim::content::map_text(&sc.map).unwrap()).unwrap();
    let mut w = World::new(Arc::new(map), &sc, Default::default());
    let mut d = RouteDriver::new();
    let end = (sc.duration * 60.0) as u64;
    while w.tick() < end && !w.mission().outcome.ended() && !w.lost() {
        let i = d.input(&sc, &w);
        tick(&mut w, &i);
        if w.tick().is_multiple_of(every) {
            let m = w.mission();
            let nests: Vec<String> = m
                .nests
                .iter()
                .map(|n| {
                    w.enemy(n.enemy).map_or("dead".into(), |e| {
                        format!(
                            "{:.0}hp{}{}",
                            e.health,
                            if n.awake { "w" } else { "" },
                            n.children.len()
                        )
                    })
                })
                .collect();
            let a = w.anchor().pos;
            let c = w.squad_centre();
            println!("{:5.1}s anchor ({:.1},{:.1}) centre ({:.1},{:.1}) enemies {} standing {} nests {:?} items {:?} obj {:?}",
                w.tick() as f32 / 60.0, a.x, a.y, c.x, c.y, w.enemies().iter().filter(|e| e.alive).count(), w.standing_agents(), nests,
                m.items.iter().map(|i| (i.carrier, (i.pos.x as i32, i.pos.y as i32))).collect::<Vec<_>>(),
                m.objectives.iter().map(|o| format!("{:?}", o.status)).collect::<Vec<_>>());
        }
    }
    println!("{:?} at {}", w.mission().outcome, w.tick());
}
