//! The game window (R3): winit opens it and reads input, softbuffer presents the frame
//! our rasterizer drew. Fixed 60 Hz simulation steps with an accumulator; rendering
//! interpolates between the last two ticks (S1.4).

use std::collections::BTreeSet;
use std::num::NonZeroU32;
use std::path::PathBuf;
use std::rc::Rc;
use std::time::{Duration, Instant};

use raster::{draw_text, scale_nearest_into, Framebuffer, Paint, Rgba, ScaleMode};
use sim::driver::route::RouteDriver;
use sim::squad::anchor::Formation;
use sim::tuning::DT;
use sim::world::{tick, ManualAim, ManualCommand, TickInput, World};
use sim::Vec2;
use view::{Camera, Effects, Horror, Timings, ViewOptions};
use winit::application::ApplicationHandler;
use winit::dpi::LogicalSize;
use winit::event::{ElementState, KeyEvent, WindowEvent};
use winit::event_loop::{ActiveEventLoop, ControlFlow, EventLoop};
use winit::keyboard::{KeyCode, PhysicalKey};
use winit::window::{Window, WindowId};

use crate::screenshot::{write_png, HEIGHT, WIDTH};
use crate::setup::{load_tuning, Setup};

/// Manual aim vector turn rate (←/→), radians per second.
const AIM_TURN: f32 = 2.6;
/// Longest frame the accumulator accepts: after a stall the game slows down instead of
/// running hundreds of ticks at once.
const MAX_FRAME: f32 = 0.25;

/// Why the window could not run.
pub enum WindowError {
    /// No X11/Wayland display: the caller prints a hint and exits with code 2.
    NoDisplay(String),
    Other(String),
}

/// Player input mapped to simulation commands (SPEC §15).
#[derive(Default)]
struct Controls {
    held: BTreeSet<KeyCode>,
    formation: Option<Formation>,
    manual: Option<ManualCommand>,
    manual_on: bool,
    aim: Vec2,
}

impl Controls {
    /// Movement direction from WASD/arrows in screen terms, turned into the iso world:
    /// screen-up is world (−1, −1).
    fn move_dir(&self) -> Vec2 {
        let held = |k: KeyCode| self.held.contains(&k);
        // In manual aim ←/→ turn the aim vector instead of moving (S15).
        let up = held(KeyCode::KeyW) || held(KeyCode::ArrowUp);
        let down = held(KeyCode::KeyS) || held(KeyCode::ArrowDown);
        let left = held(KeyCode::KeyA) || (!self.manual_on && held(KeyCode::ArrowLeft));
        let right = held(KeyCode::KeyD) || (!self.manual_on && held(KeyCode::ArrowRight));
        let mut d = Vec2::ZERO;
        if up {
            d += Vec2::new(-1.0, -1.0);
        }
        if down {
            d += Vec2::new(1.0, 1.0);
        }
        if left {
            d += Vec2::new(-1.0, 1.0);
        }
        if right {
            d += Vec2::new(1.0, -1.0);
        }
        d.normalize_or_zero()
    }

    fn tick_input(&mut self) -> TickInput {
        let sprint =
            self.held.contains(&KeyCode::ShiftLeft) || self.held.contains(&KeyCode::ShiftRight);
        TickInput {
            move_dir: self.move_dir(),
            sprint,
            formation: self.formation.take(),
            manual: self.manual.take(),
        }
    }
}

struct Game {
    setup: Setup,
    world: World,
    /// Scripted route when a scenario with a route was given and the player has not
    /// touched the controls yet.
    driver: Option<RouteDriver>,
    camera: Camera,
    controls: Controls,
    paused: bool,
    overlay: bool,
    flow: bool,
    effects: Effects,
    /// The horror layer's state; stepped every tick even while F3 has it off, so its
    /// fog memory and tension are right when it comes back.
    horror: Horror,
    horror_on: bool,
    accumulator: f32,
    last: Instant,
    frame: Framebuffer,
    present: Framebuffer,
    timings: Timings,
    tick_time: Duration,
    ticks_timed: u32,
    stats_since: Instant,
    frames: u32,
    message: Option<(String, Instant)>,
}

impl Game {
    fn new(setup: Setup, horror_on: bool) -> Game {
        let world = World::new(setup.map.clone(), &setup.scenario, setup.tuning.clone());
        let driver = (!setup.scenario.route.is_empty()).then(RouteDriver::new);
        let mut horror = Horror::new(&world, setup.scenario.seed);
        horror.absorb(&world);
        Game {
            horror,
            horror_on,
            camera: Camera::new(world.anchor.pos),
            world,
            driver,
            setup,
            controls: Controls::default(),
            paused: false,
            overlay: false,
            flow: false,
            effects: Effects::default(),
            accumulator: 0.0,
            last: Instant::now(),
            frame: Framebuffer::new(WIDTH, HEIGHT),
            present: Framebuffer::new(WIDTH, HEIGHT),
            timings: Timings::default(),
            tick_time: Duration::ZERO,
            ticks_timed: 0,
            stats_since: Instant::now(),
            frames: 0,
            message: None,
        }
    }

    fn say(&mut self, text: impl Into<String>) {
        self.message = Some((text.into(), Instant::now()));
    }

    fn restart(&mut self) {
        let tuning = self.world.tuning.clone();
        self.world = World::new(self.setup.map.clone(), &self.setup.scenario, tuning);
        self.driver = (!self.setup.scenario.route.is_empty()).then(RouteDriver::new);
        self.camera = Camera::new(self.world.anchor.pos);
        self.effects = Effects::default();
        self.horror = Horror::new(&self.world, self.setup.scenario.seed);
        self.horror.absorb(&self.world);
        self.controls.manual_on = false;
        self.say("restarted");
    }

    fn reload_tuning(&mut self) {
        let Some(path) = self.setup.tuning_path.clone() else {
            self.say("F5: no tuning file (start with --tuning FILE)");
            return;
        };
        match load_tuning(Some(&path)) {
            Ok(t) => {
                self.world.set_tuning(t);
                self.say(format!("tuning reloaded from {}", path.display()));
            }
            Err(e) => self.say(format!("tuning NOT reloaded (old tuning kept):\n{e}")),
        }
    }

    fn screenshot(&mut self) {
        let dir = PathBuf::from("shots");
        let _ = std::fs::create_dir_all(&dir);
        let path = dir.join(format!("squad_proto_{:06}.png", self.world.tick));
        match write_png(&self.frame, &path) {
            Ok(()) => self.say(format!("saved {}", path.display())),
            Err(e) => self.say(e),
        }
    }

    fn key(&mut self, code: KeyCode, pressed: bool, repeat: bool, event_loop: &ActiveEventLoop) {
        if pressed {
            self.controls.held.insert(code);
        } else {
            self.controls.held.remove(&code);
        }
        if !pressed || repeat {
            return;
        }
        if matches!(
            code,
            KeyCode::KeyW
                | KeyCode::KeyA
                | KeyCode::KeyS
                | KeyCode::KeyD
                | KeyCode::ArrowUp
                | KeyCode::ArrowDown
        ) {
            // The player takes over from a scripted route.
            self.driver = None;
        }
        match code {
            KeyCode::Escape => event_loop.exit(),
            KeyCode::KeyP => self.paused = !self.paused,
            KeyCode::F1 => self.overlay = !self.overlay,
            KeyCode::F2 => self.flow = !self.flow,
            KeyCode::F3 => {
                self.horror_on = !self.horror_on;
                self.say(if self.horror_on {
                    "horror layer on"
                } else {
                    "horror layer off (F3)"
                });
            }
            KeyCode::F5 => self.reload_tuning(),
            KeyCode::F12 => self.screenshot(),
            KeyCode::KeyR => self.restart(),
            KeyCode::Digit1 => self.controls.formation = Some(Formation::Wedge),
            KeyCode::Digit2 => self.controls.formation = Some(Formation::Line),
            KeyCode::Digit3 => self.controls.formation = Some(Formation::Ring),
            KeyCode::Space => {
                self.controls.manual_on = !self.controls.manual_on;
                if self.controls.manual_on {
                    self.controls.aim = self.world.anchor.heading;
                    self.controls.manual = Some(ManualCommand::Aim(self.controls.aim));
                    self.say("manual aim: <-/-> turn, Tab cycles targets, Space back to auto");
                } else {
                    self.controls.manual = Some(ManualCommand::Clear);
                    self.say("automatic targeting");
                }
            }
            KeyCode::Tab if self.controls.manual_on => {
                let list = self.world.targets_in_cone(self.controls.aim);
                if list.is_empty() {
                    self.say("no target in the aim cone");
                } else {
                    let current = match self.world.manual {
                        ManualAim::Target(id) => list.iter().position(|&t| t == id),
                        _ => None,
                    };
                    let next = list[current.map_or(0, |i| (i + 1) % list.len())];
                    self.controls.manual = Some(ManualCommand::Assign(next));
                }
            }
            _ => {}
        }
    }

    /// Advances the simulation by the real time elapsed, in whole ticks.
    fn update(&mut self) {
        let now = Instant::now();
        let dt = (now - self.last).as_secs_f32().min(MAX_FRAME);
        self.last = now;
        if self.controls.manual_on {
            let turn = match (
                self.controls.held.contains(&KeyCode::ArrowLeft),
                self.controls.held.contains(&KeyCode::ArrowRight),
            ) {
                (true, false) => -AIM_TURN * dt,
                (false, true) => AIM_TURN * dt,
                _ => 0.0,
            };
            if turn != 0.0 {
                self.controls.aim = Vec2::from_angle(self.controls.aim.angle() + turn);
                self.controls.manual = Some(ManualCommand::Aim(self.controls.aim));
            }
        }
        if !self.paused {
            self.accumulator += dt;
            while self.accumulator >= DT {
                let mut input = self.controls.tick_input();
                if let Some(d) = self.driver.as_mut() {
                    let scripted = d.input(&self.setup.scenario, &self.world);
                    input.move_dir = scripted.move_dir;
                    input.sprint |= scripted.sprint;
                    input.manual = input.manual.or(scripted.manual);
                }
                let t0 = Instant::now();
                tick(&mut self.world, &input);
                self.tick_time += t0.elapsed();
                self.effects.absorb(&self.world);
                self.horror.absorb(&self.world);
                self.ticks_timed += 1;
                self.accumulator -= DT;
            }
        }
        let alpha = if self.paused {
            1.0
        } else {
            (self.accumulator / DT).clamp(0.0, 1.0)
        };
        self.camera
            .follow(view::camera_target(&self.world, alpha), dt);
    }

    fn render(&mut self) {
        let alpha = if self.paused {
            1.0
        } else {
            (self.accumulator / DT).clamp(0.0, 1.0)
        };
        let t0 = Instant::now();
        let opts = ViewOptions {
            overlay: self.overlay,
            flow: self.flow,
            paused: self.paused,
        };
        self.timings.stages = view::render_frame(
            &mut self.frame,
            &self.world,
            &self.camera,
            alpha,
            &opts,
            &self.timings,
            Some(&self.effects),
            self.horror_on.then_some(&mut self.horror),
        );
        if self.world.lost() {
            draw_text(
                &mut self.frame,
                WIDTH as i32 / 2 - 200,
                HEIGHT as i32 / 2 - 30,
                "THE SQUAD IS DOWN",
                Rgba::rgb(230, 60, 50),
                4,
            );
            draw_text(
                &mut self.frame,
                WIDTH as i32 / 2 - 110,
                HEIGHT as i32 / 2 + 20,
                "R restarts, Esc quits",
                Rgba::rgb(220, 220, 220),
                2,
            );
        }
        if self.controls.manual_on {
            view::draw_manual_aim(
                &mut self.frame,
                &self.world,
                &self.camera,
                alpha,
                self.controls.aim,
            );
        }
        if self.paused {
            draw_text(
                &mut self.frame,
                WIDTH as i32 / 2 - 40,
                40,
                "PAUSED",
                Rgba::rgb(255, 255, 255),
                3,
            );
        }
        if let Some((text, at)) = &self.message {
            if at.elapsed() < Duration::from_secs(4) {
                let lines = text.lines().count() as i32;
                self.frame.fill_rect(
                    0,
                    HEIGHT as i32 - 30 - 16 * lines,
                    WIDTH as i32,
                    16 * lines + 20,
                    Paint::alpha(Rgba::new(0, 0, 0, 170)),
                );
                draw_text(
                    &mut self.frame,
                    16,
                    HEIGHT as i32 - 22 - 16 * lines,
                    text,
                    Rgba::rgb(255, 230, 140),
                    1,
                );
            } else {
                self.message = None;
            }
        }
        self.timings.frame_ms = t0.elapsed().as_secs_f32() * 1000.0;
        self.frames += 1;
        let since = self.stats_since.elapsed().as_secs_f32();
        if since >= 1.0 {
            self.timings.fps = self.frames as f32 / since;
            self.timings.tick_ms = if self.ticks_timed > 0 {
                self.tick_time.as_secs_f32() * 1000.0 / self.ticks_timed as f32
            } else {
                0.0
            };
            self.frames = 0;
            self.ticks_timed = 0;
            self.tick_time = Duration::ZERO;
            self.stats_since = Instant::now();
        }
    }
}

struct App {
    game: Game,
    window: Option<Rc<Window>>,
    surface: Option<softbuffer::Surface<Rc<Window>, Rc<Window>>>,
    error: Option<String>,
}

impl ApplicationHandler for App {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.window.is_some() {
            return;
        }
        let attrs = Window::default_attributes()
            .with_title("squad_proto")
            .with_inner_size(LogicalSize::new(WIDTH as f64, HEIGHT as f64))
            .with_resizable(true);
        let window = match event_loop.create_window(attrs) {
            Ok(w) => Rc::new(w),
            Err(e) => {
                self.error = Some(format!("cannot open a window: {e}"));
                event_loop.exit();
                return;
            }
        };
        let surface = softbuffer::Context::new(window.clone())
            .and_then(|ctx| softbuffer::Surface::new(&ctx, window.clone()));
        match surface {
            Ok(s) => self.surface = Some(s),
            Err(e) => {
                self.error = Some(format!("cannot create the frame surface: {e}"));
                event_loop.exit();
                return;
            }
        }
        self.window = Some(window);
        self.game.last = Instant::now();
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _id: WindowId, event: WindowEvent) {
        match event {
            WindowEvent::CloseRequested => event_loop.exit(),
            WindowEvent::KeyboardInput {
                event:
                    KeyEvent {
                        physical_key: PhysicalKey::Code(code),
                        state,
                        repeat,
                        ..
                    },
                ..
            } => {
                self.game
                    .key(code, state == ElementState::Pressed, repeat, event_loop);
            }
            WindowEvent::Focused(false) => self.game.controls.held.clear(),
            WindowEvent::RedrawRequested => self.redraw(),
            _ => {}
        }
    }

    fn about_to_wait(&mut self, event_loop: &ActiveEventLoop) {
        if let Some(w) = &self.window {
            w.request_redraw();
        }
        // ~250 Hz at most; the frame itself paces us below that.
        event_loop.set_control_flow(ControlFlow::WaitUntil(
            Instant::now() + Duration::from_millis(4),
        ));
    }
}

impl App {
    fn redraw(&mut self) {
        let (Some(window), Some(surface)) = (&self.window, &mut self.surface) else {
            return;
        };
        self.game.update();
        self.game.render();
        let size = window.inner_size();
        let (Some(w), Some(h)) = (NonZeroU32::new(size.width), NonZeroU32::new(size.height)) else {
            return;
        };
        if surface.resize(w, h).is_err() {
            return;
        }
        let Ok(mut buffer) = surface.buffer_mut() else {
            return;
        };
        let (w, h) = (size.width as usize, size.height as usize);
        if w == WIDTH && h == HEIGHT {
            buffer.copy_from_slice(&self.game.frame.pixels);
        } else {
            self.game.present.resize(w, h);
            scale_nearest_into(
                &self.game.frame,
                &mut self.game.present,
                ScaleMode::Fit,
                Rgba::BLACK,
            );
            buffer.copy_from_slice(&self.game.present.pixels);
        }
        let _ = buffer.present();
    }
}

/// Opens the window and plays until Esc or close; `horror` starts with the horror
/// layer on (F3 toggles it).
pub fn run(setup: Setup, horror: bool) -> Result<(), WindowError> {
    let event_loop = EventLoop::new().map_err(|e| WindowError::NoDisplay(e.to_string()))?;
    let mut app = App {
        game: Game::new(setup, horror),
        window: None,
        surface: None,
        error: None,
    };
    event_loop
        .run_app(&mut app)
        .map_err(|e| WindowError::Other(e.to_string()))?;
    match app.error {
        Some(e) if app.window.is_none() => Err(WindowError::NoDisplay(e)),
        Some(e) => Err(WindowError::Other(e)),
        None => Ok(()),
    }
}
