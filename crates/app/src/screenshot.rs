//! `--screenshot FILE.png [--at SECONDS]`: the frame the window would show at that
//! moment, rendered headless (R4).

use std::path::Path;

use raster::Framebuffer;
use sim::route::RouteDriver;
use sim::tuning::{ticks, DT};
use sim::world::{tick, World};
use view::{Camera, Effects, Timings, ViewOptions};

use crate::setup::Setup;

/// The internal resolution (R3).
pub const WIDTH: usize = 1280;
pub const HEIGHT: usize = 720;

/// Runs the scenario to `at` seconds, following the anchor with the camera exactly as the
/// window does at 60 fps, and renders that frame.
pub fn render_at(setup: &Setup, at: f32, overlay: bool) -> (Framebuffer, World) {
    let mut world = World::new(setup.map.clone(), &setup.scenario, setup.tuning.clone());
    let mut driver = RouteDriver::new();
    let mut camera = Camera::new(world.anchor.pos);
    let mut effects = Effects::default();
    let n = ticks(at) as u64;
    while world.tick < n {
        let input = driver.input(&setup.scenario, &world);
        tick(&mut world, &input);
        effects.absorb(&world);
        camera.follow(view::camera_target(&world, 1.0), DT);
    }
    let mut fb = Framebuffer::new(WIDTH, HEIGHT);
    let opts = ViewOptions {
        overlay,
        flow: false,
    };
    view::render_with(
        &mut fb,
        &world,
        &camera,
        1.0,
        &opts,
        &Timings::default(),
        Some(&effects),
    );
    (fb, world)
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
