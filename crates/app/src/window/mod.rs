//! The game window (R3): winit opens it and delivers input, softbuffer presents the
//! frame our rasterizer drew. The event loop drives two steps: the update step
//! (`about_to_wait`, after each batch of events) advances the fixed 60 Hz simulation by
//! the real time elapsed; the redraw (`RedrawRequested`) only draws the latest state,
//! interpolated between the last two ticks (S1.4), and presents it.
//!
//! Files: `clock` (real time → ticks, alpha, timing statistics), `input` (keys →
//! actions and tick input), `game` (the state and what a tick does), `hud` (text over
//! the frame), `screen` (window, surface, present), `report` (errors in the window and
//! on stderr, rate-limited; giving up on a display that keeps failing).

mod clock;
mod game;
mod hud;
mod input;
mod report;
mod screen;

use std::time::{Duration, Instant};

use winit::application::ApplicationHandler;
use winit::event::{ElementState, KeyEvent, WindowEvent};
use winit::event_loop::{ActiveEventLoop, ControlFlow, EventLoop};
use winit::keyboard::PhysicalKey;
use winit::window::WindowId;

use crate::setup::Setup;
use game::{Game, Next};
use report::FrameFailures;
use screen::{Screen, Shown};

/// Why the window could not run.
pub enum WindowError {
    /// No X11/Wayland display: the caller prints a hint and exits with code 2.
    NoDisplay(String),
    Other(String),
}

struct App {
    game: Game,
    screen: Option<Screen>,
    failures: FrameFailures,
    /// The display error shown in the title bar, while frames keep failing.
    title_error: Option<String>,
    /// Why the window closed, when it was not the player's choice.
    error: Option<String>,
}

impl ApplicationHandler for App {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.screen.is_some() {
            return;
        }
        match Screen::open(event_loop) {
            Ok(s) => self.screen = Some(s),
            Err(e) => {
                self.error = Some(e);
                event_loop.exit();
                return;
            }
        }
        self.game.start_clock();
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
                let pressed = state == ElementState::Pressed;
                if self.game.key(code, pressed, repeat) == Next::Quit {
                    event_loop.exit();
                }
            }
            WindowEvent::Focused(false) => self.game.controls.held.clear(),
            WindowEvent::RedrawRequested => self.redraw(event_loop),
            _ => {}
        }
    }

    /// The update step: the simulation catches up with real time, then a frame of the
    /// new state is requested.
    fn about_to_wait(&mut self, event_loop: &ActiveEventLoop) {
        let Some(screen) = &self.screen else {
            return;
        };
        self.game.update();
        screen.request_redraw();
        // ~250 Hz at most; the frame itself paces us below that.
        event_loop.set_control_flow(ControlFlow::WaitUntil(
            Instant::now() + Duration::from_millis(4),
        ));
    }
}

impl App {
    /// Draws the latest state and presents it; a frame that cannot be shown is
    /// reported, and a display that keeps failing closes the window with an error.
    fn redraw(&mut self, event_loop: &ActiveEventLoop) {
        let Some(screen) = self.screen.as_mut() else {
            return;
        };
        let frame = self.game.render();
        match screen.show(frame) {
            Ok(Shown::Presented) => {
                if let Some(n) = self.failures.shown() {
                    screen.title_note(None);
                    self.title_error = None;
                    self.game
                        .report(format!("display recovered after {n} failed frames"));
                }
            }
            Ok(Shown::NoArea) => {}
            Err(e) => {
                if self.title_error.as_ref() != Some(&e) {
                    screen.title_note(Some(&e));
                    self.title_error = Some(e.clone());
                }
                let give_up = self.failures.failed(Instant::now());
                self.game.report(e.clone());
                if let Some(why) = give_up {
                    self.error = Some(format!("giving up: {why}; last error: {e}"));
                    event_loop.exit();
                }
            }
        }
    }
}

/// Opens the window and plays until Esc or close; `horror` starts with the horror
/// layer on (F3 toggles it).
pub fn run(setup: Setup, horror: bool) -> Result<(), WindowError> {
    let event_loop = EventLoop::new().map_err(|e| WindowError::NoDisplay(e.to_string()))?;
    let mut app = App {
        game: Game::new(setup, horror),
        screen: None,
        failures: FrameFailures::default(),
        title_error: None,
        error: None,
    };
    event_loop
        .run_app(&mut app)
        .map_err(|e| WindowError::Other(e.to_string()))?;
    match app.error {
        Some(e) if app.screen.is_none() => Err(WindowError::NoDisplay(e)),
        Some(e) => Err(WindowError::Other(e)),
        None => Ok(()),
    }
}
