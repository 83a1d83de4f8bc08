//! `squad_proto --bench`: quick machine-readable performance numbers (SPEC §18), one
//! `key value unit` line each. The criterion benches (`cargo bench`) are the careful
//! measurements, with the peer comparisons; this is the smoke check a player can run.

use std::sync::Arc;
use std::time::Instant;

use raster::Framebuffer;
use sim::map::Map;
use sim::path::{find_path, PathLimits, PathScratch};
use sim::route::RouteDriver;
use sim::scenario::Scenario;
use sim::tuning::{ticks, DT};
use sim::world::{tick, TickInput, World};
use view::{Camera, Timings, ViewOptions};

use crate::setup::Setup;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// P1: the scenario's full run, best of `runs` (seconds).
fn route_seconds(setup: &Setup, runs: usize) -> f64 {
    let total = ticks(setup.scenario.duration) as u64;
    (0..runs)
        .map(|_| {
            let t0 = Instant::now();
            let mut w = World::new(setup.map.clone(), &setup.scenario, setup.tuning.clone());
            let mut d = RouteDriver::new();
            while w.tick < total {
                let input = d.input(&setup.scenario, &w);
                tick(&mut w, &input);
            }
            t0.elapsed().as_secs_f64()
        })
        .fold(f64::INFINITY, f64::min)
}

/// P2: mean tick of a 2 000-enemy horde on the 128×128 arena (milliseconds).
fn horde_tick_ms() -> f64 {
    let map =
        Arc::new(Map::parse("arena", &sim::content::horde_arena(128)).expect("the arena parses"));
    let mut scn = String::from("seed = 1\n");
    for i in 0..8 {
        scn += &format!("wave 0 {i} shambler 250\n");
    }
    let sc = Scenario::parse("arena", &scn).expect("the arena scenario parses");
    let mut w = World::new(map, &sc, sim::tuning::Tuning::default());
    for _ in 0..120 {
        tick(&mut w, &TickInput::default());
    }
    let n = 300;
    let t0 = Instant::now();
    for _ in 0..n {
        tick(&mut w, &TickInput::default());
    }
    t0.elapsed().as_secs_f64() * 1000.0 / n as f64
}

/// P4 (scene and overlay, no horror layer yet): median frame at 1280×720 (milliseconds).
fn frame_ms(setup: &Setup, at: f32, overlay: bool) -> f64 {
    let mut w = World::new(setup.map.clone(), &setup.scenario, setup.tuning.clone());
    let mut d = RouteDriver::new();
    let mut cam = Camera::new(w.anchor.pos);
    while w.tick < ticks(at) as u64 {
        let input = d.input(&setup.scenario, &w);
        tick(&mut w, &input);
        cam.follow(view::camera_target(&w, 1.0), DT);
    }
    let mut fb = Framebuffer::new(1280, 720);
    let opts = ViewOptions {
        overlay,
        flow: false,
    };
    let samples = (0..101)
        .map(|_| {
            let t0 = Instant::now();
            view::render(&mut fb, &w, &cam, 0.5, &opts, &Timings::default());
            t0.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    median(samples)
}

/// P5: median A* query on the default map between far-apart floor tiles (microseconds).
fn astar_us(map: &Map) -> f64 {
    let floor: Vec<(i32, i32)> = (0..map.height())
        .flat_map(|y| (0..map.width()).map(move |x| (x, y)))
        .filter(|&(x, y)| !map.grid.is_wall(x, y))
        .collect();
    let mut rng = sim::rng::Rng::new(5);
    let mut scratch = PathScratch::for_grid(&map.grid);
    let mut out = Vec::new();
    let samples = (0..200)
        .map(|_| {
            let a = floor[rng.below(floor.len() as u32) as usize];
            let b = floor[rng.below(floor.len() as u32) as usize];
            let t0 = Instant::now();
            find_path(
                &map.grid,
                a,
                b,
                PathLimits::UNLIMITED,
                &mut scratch,
                &mut out,
            );
            t0.elapsed().as_secs_f64() * 1e6
        })
        .collect();
    median(samples)
}

/// Prints every number.
pub fn run(setup: &Setup) {
    println!(
        "p1_route_180s_seconds {:.4} s  (goal <= 0.2)",
        route_seconds(setup, 5)
    );
    println!(
        "p2_horde_2000_tick_ms {:.3} ms  (goal <= 2)",
        horde_tick_ms()
    );
    println!(
        "p4_frame_30s_ms {:.3} ms  (scene, goal <= 2)",
        frame_ms(setup, 30.0, false)
    );
    println!(
        "p4_frame_140s_ms {:.3} ms  (scene with the horde)",
        frame_ms(setup, 140.0, false)
    );
    println!(
        "p4_frame_140s_overlay_ms {:.3} ms",
        frame_ms(setup, 140.0, true)
    );
    println!(
        "p5_astar_default_map_us {:.1} us  (median, goal <= 100)",
        astar_us(&setup.map)
    );
    println!("p3_raster: cargo bench -p raster --bench triangles (next to tiny-skia)");
}
