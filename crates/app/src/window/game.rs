//! The game the window plays: the world and everything kept beside it (route driver,
//! camera, controls, effects, the horror layer), what a tick does, what the keys do,
//! and the frame drawn from it. No winit window here: the event loop drives it.

use std::path::PathBuf;
use std::time::Instant;

use raster::Framebuffer;
use sim::driver::route::RouteDriver;
use sim::world::{tick, ManualCommand, World};
use view::{Camera, Effects, Horror, Timings, ViewOptions};
use winit::keyboard::KeyCode;

use super::clock::{Clock, Stats};
use super::hud::{self, Message};
use super::input::{self, Action, Controls};
use super::report::Throttle;
use crate::screenshot::{write_png, HEIGHT, WIDTH};
use crate::setup::{load_tuning, Setup};

/// What the event loop does after a key.
#[derive(PartialEq)]
pub enum Next {
    Play,
    Quit,
}

pub struct Game {
    setup: Setup,
    world: World,
    /// Scripted route when a scenario with a route was given and the player has not
    /// touched the controls yet.
    driver: Option<RouteDriver>,
    camera: Camera,
    pub controls: Controls,
    paused: bool,
    overlay: bool,
    flow: bool,
    effects: Effects,
    /// The horror layer's state; stepped every tick even while F3 has it off, so its
    /// fog memory and tension are right when it comes back.
    horror: Horror,
    horror_on: bool,
    clock: Clock,
    stats: Stats,
    timings: Timings,
    /// The last frame drawn at the internal resolution (what F12 saves).
    frame: Framebuffer,
    message: Message,
    log: Throttle,
}

impl Game {
    pub fn new(setup: Setup, horror_on: bool) -> Game {
        let now = Instant::now();
        let world = World::new(setup.map.clone(), &setup.scenario, setup.tuning.clone());
        let driver = (!setup.scenario.route.is_empty()).then(RouteDriver::new);
        let mut horror = Horror::new(&world, setup.scenario.seed);
        horror.absorb(&world);
        Game {
            horror,
            horror_on,
            camera: Camera::new(world.anchor().pos),
            world,
            driver,
            setup,
            controls: Controls::default(),
            paused: false,
            overlay: false,
            flow: false,
            effects: Effects::default(),
            clock: Clock::new(now),
            stats: Stats::new(now),
            timings: Timings::default(),
            frame: Framebuffer::new(WIDTH, HEIGHT),
            message: Message::default(),
            log: Throttle::default(),
        }
    }

    /// Game time starts now (the window is open).
    pub fn start_clock(&mut self) {
        self.clock.restart_from(Instant::now());
    }

    /// A line on the message band.
    pub fn say(&mut self, text: impl Into<String>) {
        self.message.say(text.into(), Instant::now());
    }

    /// Something went wrong: said in the window and printed to stderr, the latter
    /// rate-limited so an error repeated every frame does not flood the terminal.
    pub fn report(&mut self, text: String) {
        if let Some(line) = self.log.note(&text) {
            eprintln!("squad_proto: {line}");
        }
        self.say(text);
    }

    fn restart(&mut self) {
        let tuning = self.world.tuning().clone();
        self.world = World::new(self.setup.map.clone(), &self.setup.scenario, tuning);
        self.driver = (!self.setup.scenario.route.is_empty()).then(RouteDriver::new);
        self.camera = Camera::new(self.world.anchor().pos);
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

    /// F12: the last frame at the internal resolution, to `shots/`.
    fn screenshot(&mut self) {
        let dir = PathBuf::from("shots");
        if let Err(e) = std::fs::create_dir_all(&dir) {
            self.report(format!("screenshot NOT saved: {}: {e}", dir.display()));
            return;
        }
        let path = dir.join(format!("squad_proto_{:06}.png", self.world.tick()));
        match write_png(&self.frame, &path) {
            Ok(()) => self.say(format!("saved {}", path.display())),
            Err(e) => self.report(format!("screenshot NOT saved: {e}")),
        }
    }

    /// A key went down (`pressed`) or up; auto-repeat only keeps it held.
    pub fn key(&mut self, code: KeyCode, pressed: bool, repeat: bool) -> Next {
        self.controls.key(code, pressed);
        if !pressed || repeat {
            return Next::Play;
        }
        if input::takes_over_route(code) {
            self.driver = None;
        }
        match input::action(code) {
            Some(Action::Quit) => return Next::Quit,
            Some(Action::Pause) => self.paused = !self.paused,
            Some(Action::Overlay) => self.overlay = !self.overlay,
            Some(Action::Flow) => self.flow = !self.flow,
            Some(Action::Horror) => {
                self.horror_on = !self.horror_on;
                self.say(if self.horror_on {
                    "horror layer on"
                } else {
                    "horror layer off (F3)"
                });
            }
            Some(Action::ReloadTuning) => self.reload_tuning(),
            Some(Action::Screenshot) => self.screenshot(),
            Some(Action::Restart) => self.restart(),
            Some(Action::Formation(f)) => self.controls.formation = Some(f),
            Some(Action::ToggleManual) => {
                if self.controls.toggle_manual(self.world.anchor().heading) {
                    self.say("manual aim: <-/-> turn, Tab cycles targets, Space back to auto");
                } else {
                    self.say("automatic targeting");
                }
            }
            Some(Action::CycleTarget) if self.controls.manual_on => {
                let in_cone = self.world.targets_in_cone(self.controls.aim);
                match input::next_target(&in_cone, self.world.manual()) {
                    Some(id) => self.controls.manual = Some(ManualCommand::Assign(id)),
                    None => self.say("no target in the aim cone"),
                }
            }
            Some(Action::CycleTarget) | None => {}
        }
        Next::Play
    }

    /// The update step: advances the simulation by the real time since the last
    /// update, in whole 60 Hz ticks, and eases the camera after the anchor.
    pub fn update(&mut self) {
        let dt = self.clock.frame(Instant::now());
        self.controls.turn_aim(dt);
        for _ in 0..self.clock.take_ticks(dt, self.paused) {
            self.step();
        }
        let alpha = self.clock.alpha(self.paused);
        self.camera
            .follow(view::camera_target(&self.world, alpha), dt);
    }

    /// One simulation tick with the player's input (or the route's, until the player
    /// takes over), and the cosmetic state that follows the tick's events.
    fn step(&mut self) {
        let mut input = self.controls.tick_input();
        if let Some(d) = self.driver.as_mut() {
            let scripted = d.input(&self.setup.scenario, &self.world);
            input.move_dir = scripted.move_dir;
            input.sprint |= scripted.sprint;
            input.manual = input.manual.or(scripted.manual);
        }
        let t0 = Instant::now();
        tick(&mut self.world, &input);
        self.stats.tick(t0.elapsed());
        self.effects.absorb(&self.world);
        self.horror.absorb(&self.world);
    }

    /// Draws the latest state, interpolated by the clock's alpha, with the HUD on top.
    /// Changes nothing the simulation reads.
    pub fn render(&mut self) -> &Framebuffer {
        let alpha = self.clock.alpha(self.paused);
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
            hud::squad_down(&mut self.frame);
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
            hud::paused(&mut self.frame);
        }
        if let Some(text) = self.message.current(Instant::now()) {
            hud::message_line(&mut self.frame, text);
        }
        self.timings.frame_ms = t0.elapsed().as_secs_f32() * 1000.0;
        if let Some(s) = self.stats.frame(Instant::now()) {
            self.timings.fps = s.fps;
            self.timings.tick_ms = s.tick_ms;
        }
        &self.frame
    }
}
