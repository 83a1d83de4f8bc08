use std::sync::Arc;
use raster::Framebuffer;
use sim::content;
use sim::driver::route::RouteDriver;
use sim::read::{tick, Map, Scenario, World};
use sim::tuning::{Tuning, DT};
use view::{Camera, Horror, Timings, ViewOptions};

fn main() {
    let at: f32 = std::env::args().nth(1).map_or(140.0, |s| s.parse().unwrap());
    let sc = Scenario::parse("combat_route", content::scenario_text("combat_route").unwrap()).unwrap();
    let map = Arc::new(Map::parse("default", content::map_text(&sc.map).unwrap()).unwrap());
    let mut w = World::new(map, &sc, Tuning::default());
    let mut d = RouteDriver::new();
    let mut cam = Camera::new(w.anchor().pos);
    let mut h = Horror::new(&w, sc.seed, view::horror::tuning::HorrorTuning::default());
    h.absorb(&w);
    while (w.tick() as f32) < at * 60.0 {
        let input = d.input(&sc, &w);
        tick(&mut w, &input);
        h.absorb(&w);
        cam.follow(view::camera_target(&w, 1.0), DT);
    }
    println!("enemies {} corpses {}", w.enemies().len(), w.corpses().len());
    let mut fb = Framebuffer::new(1280, 720);
    let n: usize = std::env::var("FRAMES").map_or(200, |v| v.parse().unwrap());
    let modes: Vec<bool> = match std::env::var("MODE").as_deref() { Ok("plain") => vec![false], Ok("horror") => vec![true], _ => vec![true, false] };
    for horror in modes {
        let mut best = f64::MAX;
        for _ in 0..n {
            let t = std::time::Instant::now();
            view::render_frame(&mut fb, &w, &cam, 0.5, &ViewOptions::default(), &Timings::default(), None, horror.then_some(&mut h));
            best = best.min(t.elapsed().as_secs_f64() * 1e3);
        }
        println!("horror {horror}: min {best:.3} ms");
    }
}
