//! REQ H1/H2 costs on the default map: one light polygon (target well under 20 µs for
//! a radius-8 light in a cluttered area; ~10–20 lights per frame) and one fog-of-war
//! field of view at radius 12 (~5 per 60 Hz tick).

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use sim::read::Map;
use sim::Vec2;
use view::horror::fov::{visible_tiles, FovScratch};
use view::horror::vispoly::{visibility_polygon, VisPoly, VisScratch};

/// Representative light positions: (name, position).
const SPOTS: [(&str, Vec2); 4] = [
    // Among the 4×4 pillars of the pillar hall: the most corners in range.
    ("pillars", Vec2::new(10.6, 32.4)),
    // The chapel room (walls all round, a doorway).
    ("room", Vec2::new(34.3, 31.7)),
    // The open yard with scattered cover.
    ("yard", Vec2::new(30.2, 50.6)),
    // The long east-west corridor.
    ("corridor", Vec2::new(24.5, 12.5)),
];

fn vispoly(c: &mut Criterion) {
    let map = Map::default_map();
    let mut scratch = VisScratch::new();
    let mut out = VisPoly::new();
    let mut g = c.benchmark_group("vispoly");
    for (name, o) in SPOTS {
        assert!(!map.grid.is_wall_at(o), "{name} is on floor");
        for (label, r, cone) in [
            ("r8", 8.0f32, None),
            ("r3", 3.0, None),
            ("cone_r9", 9.0, Some((0.6f32, 0.5f32))),
        ] {
            g.bench_function(format!("{name}_{label}"), |b| {
                b.iter(|| {
                    visibility_polygon(&map.grid, black_box(o), r, cone, &mut scratch, &mut out);
                    black_box(out.points.len())
                })
            });
        }
    }
    g.finish();
}

fn fov(c: &mut Criterion) {
    let map = Map::default_map();
    let w = map.grid.width();
    let mut scratch = FovScratch::new();
    let mut vis = vec![0u8; (w * map.grid.height()) as usize];
    let mut g = c.benchmark_group("fov");
    for (name, o) in SPOTS {
        let t = (o.x as i32, o.y as i32);
        g.bench_function(format!("{name}_r12"), |b| {
            b.iter(|| {
                visible_tiles(&map.grid, black_box(t), 12, &mut scratch, |x, y| {
                    vis[(y * w + x) as usize] = 1;
                });
                black_box(vis[0])
            })
        });
    }
    g.finish();
}

criterion_group!(benches, vispoly, fov);
criterion_main!(benches);
