//! P2: a horde of 2 000 enemies on a large open map — neighbour grid, flow field,
//! steering and attacks — measured per simulation tick.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion};
use sim::map::Map;
use sim::scenario::Scenario;
use sim::tuning::Tuning;
use sim::world::{tick, TickInput, World};

/// A 128×128 open map with scattered pillars, the squad in the middle and 8 spawns
/// round the edge; 2 000 shamblers (250 per spawn).
fn horde_world() -> World {
    let n = 128;
    let mut text = String::new();
    let spawns = [
        (10, 10),
        (64, 6),
        (118, 10),
        (6, 64),
        (122, 64),
        (10, 118),
        (64, 122),
        (118, 118),
    ];
    for y in 0..n {
        for x in 0..n {
            let c = if x == 0
                || y == 0
                || x == n - 1
                || y == n - 1
                || (x % 16 == 8 && y % 16 == 8 && (x, y) != (64, 64))
            {
                '#'
            } else if (x, y) == (64, 64) {
                'S'
            } else if spawns.contains(&(x, y)) {
                'E'
            } else {
                '.'
            };
            text.push(c);
        }
        text.push('\n');
    }
    let map = Arc::new(Map::parse("horde.map", &text).unwrap());
    let mut scn = String::from("seed = 1\n");
    for i in 0..spawns.len() {
        scn += &format!("wave 0 {i} shambler 250\n");
    }
    let sc = Scenario::parse("horde.scn", &scn).unwrap();
    let mut w = World::new(map, &sc, Tuning::default());
    // Let the horde spread out and start moving before measuring.
    for _ in 0..120 {
        tick(&mut w, &TickInput::default());
    }
    assert!(w.enemies.iter().filter(|e| e.alive).count() > 1950);
    w
}

fn horde(c: &mut Criterion) {
    let mut w = horde_world();
    let mut g = c.benchmark_group("p2_horde");
    g.sample_size(30);
    g.bench_function("tick_2000_enemies", |b| {
        b.iter(|| {
            tick(&mut w, &TickInput::default());
            black_box(w.tick)
        })
    });
    g.finish();
}

criterion_group!(benches, horde);
criterion_main!(benches);
