//! P4: the default frame at 1280×720 — the combat route's scene at 30 s and at 140 s
//! (the horde in the yard), with the whole horror layer and plain, with and without the
//! overlay.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion};
use raster::Framebuffer;
use sim::content;
use sim::driver::route::RouteDriver;
use sim::read::{tick, Map, Scenario, World};
use sim::tuning::{Tuning, DT};
use view::{Camera, Horror, Timings, ViewOptions};

fn world_at(seconds: f32) -> (World, Camera, Horror) {
    let sc = Scenario::parse(
        "combat_route",
        content::scenario_text("combat_route").unwrap(),
    )
    .unwrap();
    let map = Arc::new(Map::parse("default", content::map_text(&sc.map).unwrap()).unwrap());
    let mut w = World::new(map, &sc, Tuning::default());
    let mut d = RouteDriver::new();
    let mut cam = Camera::new(w.anchor().pos);
    let mut h = Horror::new(&w, sc.seed, view::horror::tuning::HorrorTuning::default());
    h.absorb(&w);
    while (w.tick() as f32) < seconds * 60.0 {
        let input = d.input(&sc, &w);
        tick(&mut w, &input);
        h.absorb(&w);
        cam.follow(view::camera_target(&w, 1.0), DT);
    }
    (w, cam, h)
}

fn frame(c: &mut Criterion) {
    let mut fb = Framebuffer::new(1280, 720);
    let mut g = c.benchmark_group("frame_1280x720");
    g.sample_size(40);
    for at in [30.0f32, 140.0] {
        let (w, cam, mut h) = world_at(at);
        for (horror, overlay) in [(true, false), (true, true), (false, false), (false, true)] {
            let name = format!(
                "route_{}s{}{}",
                at as u32,
                if horror { "_horror" } else { "_plain" },
                if overlay { "_overlay" } else { "" }
            );
            g.bench_function(&name, |b| {
                b.iter(|| {
                    view::render_frame(
                        &mut fb,
                        &w,
                        &cam,
                        0.5,
                        &ViewOptions {
                            overlay,
                            ..ViewOptions::default()
                        },
                        &Timings::default(),
                        None,
                        horror.then_some(&mut h),
                    );
                    black_box(fb.pixels[0])
                })
            });
        }
    }
    g.finish();
}

criterion_group!(benches, frame);
criterion_main!(benches);
