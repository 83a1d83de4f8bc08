//! REQ W1–W3 costs (docs/decisions.md quotes them): the A* search of the way from the
//! disk to the objective (run when the disk enters another tile), the way's update on a
//! tick when the disk stayed in its tile (the legs string-pulled again), the zones and
//! the trail drawn on a lit 1280×720 frame, and the map screen at 720p and 1080p. On
//! the campaign's largest map (the long dark, 110×110) from the start, the way to the
//! depot's nests; and the gate's yard, its hold zone.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion};
use raster::Framebuffer;
use sim::content;
use sim::read::nav::{find_path_to_any, PathLimits, PathScratch};
use sim::read::{Grid, Map, Scenario, World};
use sim::tuning::Tuning;
use view::canvas::Canvas;
use view::horror::tuning::HorrorTuning;
use view::scene::FloorExtra;
use view::way::route::place;
use view::way::tuning::WayTuning;
use view::{Guide, Horror, Iso, WayView};

fn world(name: &str) -> World {
    let sc = Scenario::parse(name, content::scenario_text(name).unwrap()).unwrap();
    let map = Arc::new(Map::parse(&sc.map, content::map_text(&sc.map).unwrap()).unwrap());
    World::new(map, &sc, Tuning::default())
}

fn way(c: &mut Criterion) {
    let mut g = c.benchmark_group("way");
    for name in ["m6_long_dark", "m3_gate"] {
        let w = world(name);
        let mut h = Horror::new(&w, 1, HorrorTuning::default());
        h.absorb(&w);
        let mut guide = Guide::new(WayTuning::default());
        guide.absorb(&w, &h.fog);
        let p = place(&w).expect("an objective with a place");
        let start = Grid::tile_of(w.anchor().pos);
        let grid = &w.map().grid;
        let mut scratch = PathScratch::for_grid(grid);
        let mut out = Vec::new();
        g.bench_function(format!("{name}_search"), |b| {
            b.iter(|| {
                let r = find_path_to_any(
                    grid,
                    start,
                    &p.goals,
                    PathLimits::UNLIMITED,
                    &mut scratch,
                    &mut out,
                );
                black_box((r.cost, out.len()))
            })
        });
        // The farthest way the mission asks: to its last area (the long dark's platform,
        // across the map from the depot).
        let far = w
            .mission()
            .areas
            .last()
            .map(|a| Grid::tile_of(a.centre()))
            .unwrap();
        g.bench_function(format!("{name}_search_far"), |b| {
            b.iter(|| {
                let r = find_path_to_any(
                    grid,
                    start,
                    &[far],
                    PathLimits::UNLIMITED,
                    &mut scratch,
                    &mut out,
                );
                black_box((r.cost, r.expanded, out.len()))
            })
        });
        let r = find_path_to_any(
            grid,
            start,
            &[far],
            PathLimits::UNLIMITED,
            &mut scratch,
            &mut out,
        );
        eprintln!(
            "{name}: the far way {} tiles, {} nodes expanded",
            out.len(),
            r.expanded
        );
        g.bench_function(format!("{name}_update_same_tile"), |b| {
            b.iter(|| {
                guide.route.update(black_box(&w), &WayTuning::default());
                black_box(guide.route.legs().len())
            })
        });
        let mut fb = Framebuffer::new(1280, 720);
        let mut light = Framebuffer::new(1280, 720);
        let iso = Iso::new(w.anchor().pos, 1280, 720);
        let v = WayView {
            guide: &guide,
            trail: true,
        };
        g.bench_function(format!("{name}_floor_720p"), |b| {
            b.iter(|| {
                let mut cv = Canvas::lit(&mut fb, &mut light);
                v.draw_floor(&mut cv, &iso, &w);
                black_box(fb.pixels[0])
            })
        });
        for (label, size) in [("720p", (1280, 720)), ("1080p", (1920, 1080))] {
            let mut fb = Framebuffer::new(size.0, size.1);
            g.bench_function(format!("{name}_map_{label}"), |b| {
                b.iter(|| {
                    view::way::map::draw_map(&mut fb, &w, &h.fog, &guide, 1.0, "Q closes");
                    black_box(fb.pixels[0])
                })
            });
        }
    }
    g.finish();
}

criterion_group!(benches, way);
criterion_main!(benches);
