//! P2: a horde of 2 000 enemies on a large open map — neighbour grid, flow field,
//! steering and attacks — measured per simulation tick.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion};
use sim::script::scenario::Scenario;
use sim::space::map::Map;
use sim::tuning::Tuning;
use sim::world::{tick, TickInput, World};

/// `content::horde_arena(128)`: open ground with pillars, the squad in the middle, 8
/// spawns round the edge; 2 000 shamblers (250 per spawn).
fn horde_world() -> World {
    let text = sim::content::horde_arena(128);
    let map = Arc::new(Map::parse("horde.map", &text).unwrap());
    let mut scn = String::from("seed = 1\n");
    for i in 0..8 {
        scn += &format!("wave 0 {i} shambler 250\n");
    }
    let sc = Scenario::parse("horde.scn", &scn).unwrap();
    let mut w = World::new(map, &sc, Tuning::default());
    // Let the horde spread out and start moving before measuring.
    for _ in 0..120 {
        tick(&mut w, &TickInput::default());
    }
    assert!(w.enemies().iter().filter(|e| e.alive).count() > 1950);
    w
}

fn horde(c: &mut Criterion) {
    let mut w = horde_world();
    let mut g = c.benchmark_group("p2_horde");
    g.sample_size(30);
    g.bench_function("tick_2000_enemies", |b| {
        b.iter(|| {
            tick(&mut w, &TickInput::default());
            black_box(w.tick())
        })
    });
    g.finish();
}

criterion_group!(benches, horde);
criterion_main!(benches);
