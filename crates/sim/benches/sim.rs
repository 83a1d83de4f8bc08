//! P1: the 180 s combat route (10 800 ticks), and `lane_clear_from` throughput.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use sim::content;
use sim::driver::route::RouteDriver;
use sim::script::scenario::Scenario;
use sim::space::map::Map;
use sim::squad::agent::{Agent, Role};
use sim::squad::lane::lane_clear_from;
use sim::tuning::{ticks, Tuning};
use sim::world::{tick, World};
use sim::Vec2;

fn route(c: &mut Criterion) {
    let sc = Scenario::parse(
        "combat_route",
        content::scenario_text("combat_route").unwrap(),
    )
    .unwrap();
    let map = Arc::new(Map::parse("default", content::map_text(&sc.map).unwrap()).unwrap());
    let total = ticks(sc.duration) as u64;
    let mut g = c.benchmark_group("p1_route");
    g.sample_size(20);
    g.throughput(Throughput::Elements(total));
    g.bench_function("combat_route_180s", |b| {
        b.iter(|| {
            let mut w = World::new(map.clone(), &sc, Tuning::default());
            let mut d = RouteDriver::new();
            while w.tick() < total {
                let input = d.input(&sc, &w);
                tick(&mut w, &input);
            }
            black_box(w.checksum())
        })
    });
    g.finish();
}

fn lane_clear(c: &mut Criterion) {
    let map = Map::default_map();
    let t = Tuning::default();
    // The squad in the yard, lanes of 3–8 units in every direction.
    let agents: Vec<Agent> = (0..5)
        .map(|i| {
            Agent::new(
                i,
                Role::Gunner,
                i as usize,
                Vec2::new(32.0 + i as f32 * 0.7, 52.0 + (i % 2) as f32),
                0.0,
                0.28,
                100.0,
            )
        })
        .collect();
    let targets: Vec<Vec2> = (0..64)
        .map(|k| {
            let a = k as f32 * 0.39;
            Vec2::new(34.0, 52.5) + Vec2::from_angle(a) * (3.0 + (k % 6) as f32)
        })
        .collect();
    let mut g = c.benchmark_group("lane_clear_from");
    g.throughput(Throughput::Elements(targets.len() as u64));
    g.bench_function("64_lanes_5_allies", |b| {
        b.iter(|| {
            let mut clear = 0;
            for (k, &tp) in targets.iter().enumerate() {
                let from = agents[k % 5].pos;
                if lane_clear_from(from, tp, (k % 5) as u32, &agents, &map.grid, &t).is_clear() {
                    clear += 1;
                }
            }
            black_box(clear)
        })
    });
    g.finish();
}

criterion_group!(benches, route, lane_clear);
criterion_main!(benches);
