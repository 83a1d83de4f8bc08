//! P2: a horde of 2 000 and of 10 000 enemies on a large open map — neighbour grid, flow
//! field, steering and attacks — measured per simulation tick.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion};
use sim::script::scenario::Scenario;
use sim::space::map::Map;
use sim::tuning::Tuning;
use sim::world::{tick, TickInput, World};

/// `content::horde_arena(arena)`: open ground with pillars, the squad in the middle, 8
/// spawns round the edge, `per_spawn` shamblers at each; warmed up for 120 ticks so the
/// horde has spread out and is moving.
fn horde_world(arena: usize, per_spawn: u32) -> World {
    let text = sim::content::horde_arena(arena);
    let map = Arc::new(Map::parse("horde.map", &text).unwrap());
    let scn = sim::content::horde_waves(per_spawn);
    let sc = Scenario::parse("horde.scn", &scn).unwrap();
    let mut w = World::new(map, &sc, Tuning::default());
    for _ in 0..120 {
        tick(&mut w, &TickInput::default());
    }
    assert!(w.enemies().iter().filter(|e| e.alive).count() as u32 > per_spawn * 8 * 39 / 40);
    w
}

fn horde(c: &mut Criterion) {
    let mut g = c.benchmark_group("p2_horde");
    g.sample_size(30);
    // 2 000 shamblers (250 per spawn) on the 128 arena.
    let mut w = horde_world(128, 250);
    g.bench_function("tick_2000_enemies", |b| {
        b.iter(|| {
            tick(&mut w, &TickInput::default());
            black_box(w.tick())
        })
    });
    // 10 000 shamblers (1 250 per spawn) on the 192 arena rather than the 128 one: the
    // crowd round each spawn is as dense as in the 2 000 case (≈15 neighbours within
    // 1.5), but the map has room for the horde (0.27 enemies per tile, not 0.61) and a
    // flow field 2.25× larger, closer to a horde game's level.
    let mut w = horde_world(192, 1250);
    g.sample_size(10);
    g.bench_function("tick_10000_enemies", |b| {
        b.iter(|| {
            tick(&mut w, &TickInput::default());
            black_box(w.tick())
        })
    });
    g.finish();
}

criterion_group!(benches, horde);
criterion_main!(benches);
