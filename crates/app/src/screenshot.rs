//! `--screenshot FILE.png [--at SECONDS] [--screen NAME]`: the frame the window would
//! show at that moment, rendered headless (R4) — the game, or one of the shell's screens
//! over it (SPEC §20).

use std::path::Path;

use raster::Framebuffer;
use sim::tuning::{ticks, DT};
use sim::world::{TickInput, World};
use view::{screens, Timings, ViewOptions};

use crate::catalog::Entry;
use crate::play::Play;
use crate::setup::Setup;
use crate::shell::{self, PauseMenu, TitleMenu};

/// The internal resolution (R3).
pub const WIDTH: usize = 1280;
pub const HEIGHT: usize = 720;

/// A scenario run to some moment with everything the window keeps beside the world
/// (camera, effects, the horror layer's state), stepped exactly as the window steps
/// them at 60 fps.
pub type Moment = Play;

/// Runs the scenario (its route driving) to `at` seconds.
pub fn run_to(setup: &Setup, at: f32) -> Moment {
    run_until(setup, at, false)
}

/// Runs to `at` seconds, or, with `stop_at_end`, until the run ends if sooner.
fn run_until(setup: &Setup, at: f32, stop_at_end: bool) -> Moment {
    let mut m = Play::new(setup.clone(), true);
    let n = ticks(at) as u64;
    while m.world.tick() < n && !(stop_at_end && m.ended()) {
        m.step(TickInput::default());
        m.follow(1.0, DT);
    }
    m
}

/// What `--screen` draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    /// The game as played.
    Game,
    /// The title over the live scene (the scenario running its route).
    Title,
    /// The help over the game.
    Help,
    /// The pause menu over the game.
    Pause,
    /// The results, at `at` or when the run ended if sooner.
    Results,
}

impl Screen {
    pub const NAMES: &'static str = "game, title, help, pause, results";

    pub fn parse(s: &str) -> Result<Screen, String> {
        Ok(match s {
            "game" => Screen::Game,
            "title" => Screen::Title,
            "help" => Screen::Help,
            "pause" => Screen::Pause,
            "results" => Screen::Results,
            _ => return Err(format!("unknown screen `{s}`: expected {}", Self::NAMES)),
        })
    }
}

/// Draws the game frame of `m` into `fb` (the horror layer unless `plain`).
pub fn draw_game(fb: &mut Framebuffer, m: &mut Moment, overlay: bool, plain: bool) {
    let opts = ViewOptions {
        overlay,
        flow: false,
        paused: false,
    };
    view::render_frame(
        fb,
        &m.world,
        &m.camera,
        1.0,
        &opts,
        &Timings::default(),
        Some(&m.effects),
        (!plain).then_some(&mut m.horror),
    );
}

/// Runs the scenario to `at` seconds and renders the frame the window would show on
/// `screen`; `entries` is the title's scenario list.
pub fn render_screen(
    setup: &Setup,
    at: f32,
    screen: Screen,
    overlay: bool,
    plain: bool,
    entries: &[Entry],
) -> (Framebuffer, World) {
    let mut m = run_until(setup, at, screen == Screen::Results);
    let mut fb = Framebuffer::new(WIDTH, HEIGHT);
    draw_game(&mut fb, &mut m, overlay, plain);
    match screen {
        Screen::Game => {}
        Screen::Title => shell::draw_title(&mut fb, &TitleMenu::default(), entries),
        Screen::Help => screens::draw_help(&mut fb),
        Screen::Pause => shell::draw_pause(&mut fb, &PauseMenu::default(), &m.about()),
        Screen::Results => screens::draw_results(&mut fb, &m.results()),
    }
    (fb, m.world)
}

/// Runs the scenario to `at` seconds, following the anchor with the camera exactly as the
/// window does at 60 fps, and renders that frame (with the horror layer unless `plain`).
pub fn render_at(setup: &Setup, at: f32, overlay: bool, plain: bool) -> (Framebuffer, World) {
    render_screen(setup, at, Screen::Game, overlay, plain, &[])
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
