//! `--screenshot FILE.png [--at SECONDS]`: the frame the window would show at that
//! moment, rendered headless (R4).

use std::path::Path;

use raster::Framebuffer;
use sim::driver::route::RouteDriver;
use sim::tuning::{ticks, DT};
use sim::world::{tick, World};
use view::{Camera, Effects, Horror, Timings, ViewOptions};

use crate::setup::Setup;

/// The internal resolution (R3).
pub const WIDTH: usize = 1280;
pub const HEIGHT: usize = 720;

/// A scenario run to some moment with everything the window keeps beside the world:
/// the camera, the effects and the horror layer's state, stepped exactly as the window
/// steps them at 60 fps.
pub struct Moment {
    pub world: World,
    pub camera: Camera,
    pub effects: Effects,
    pub horror: Horror,
}

/// Runs the scenario to `at` seconds.
pub fn run_to(setup: &Setup, at: f32) -> Moment {
    let mut world = World::new(setup.map.clone(), &setup.scenario, setup.tuning.clone());
    let mut driver = RouteDriver::new();
    let mut camera = Camera::new(world.anchor().pos);
    let mut effects = Effects::default();
    let mut horror = Horror::new(&world, setup.scenario.seed);
    horror.absorb(&world);
    let n = ticks(at) as u64;
    while world.tick() < n {
        let input = driver.input(&setup.scenario, &world);
        tick(&mut world, &input);
        effects.absorb(&world);
        horror.absorb(&world);
        camera.follow(view::camera_target(&world, 1.0), DT);
    }
    Moment {
        world,
        camera,
        effects,
        horror,
    }
}

/// Runs the scenario to `at` seconds, following the anchor with the camera exactly as the
/// window does at 60 fps, and renders that frame (with the horror layer unless `plain`).
pub fn render_at(setup: &Setup, at: f32, overlay: bool, plain: bool) -> (Framebuffer, World) {
    let mut m = run_to(setup, at);
    let mut fb = Framebuffer::new(WIDTH, HEIGHT);
    let opts = ViewOptions {
        overlay,
        flow: false,
        paused: false,
    };
    view::render_frame(
        &mut fb,
        &m.world,
        &m.camera,
        1.0,
        &opts,
        &Timings::default(),
        Some(&m.effects),
        (!plain).then_some(&mut m.horror),
    );
    (fb, m.world)
}

/// Writes a framebuffer as an 8-bit RGB PNG.
pub fn write_png(fb: &Framebuffer, path: &Path) -> Result<(), String> {
    let file = std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut enc = png::Encoder::new(
        std::io::BufWriter::new(file),
        fb.width as u32,
        fb.height as u32,
    );
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    let mut writer = enc
        .write_header()
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let mut data = Vec::with_capacity(fb.width * fb.height * 3);
    for &p in &fb.pixels {
        data.extend_from_slice(&[(p >> 16) as u8, (p >> 8) as u8, p as u8]);
    }
    writer
        .write_image_data(&data)
        .map_err(|e| format!("{}: {e}", path.display()))
}
