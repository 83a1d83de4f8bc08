//! The game window (R3): winit opens it and delivers input, softbuffer presents the
//! frame our rasterizer drew. The event loop drives two steps: the update step
//! (`about_to_wait`, after each batch of events) advances the fixed 60 Hz simulation by
//! the real time elapsed; the redraw (`RedrawRequested`) only draws the latest state,
//! interpolated between the last two ticks (S1.4), and presents it.
//!
//! Pacing (REQ §20): while something moves, one update and one frame per refresh of
//! the display (its rate from the monitor, [`screen::DEFAULT_HZ`] if unknown, or
//! `--fps N`); while nothing does — paused, a menu, the results, the window unfocused
//! or hidden — the loop sleeps until an input and draws only what the input changed.
//!
//! The gamepad (REQ C5) is polled at the top of every update step: its buttons and
//! sticks go to the game as the keys do; while one is connected the idle loop still wakes
//! every [`gamepad::POLL_EVERY`], and once a second otherwise to notice one plugged in.
//!
//! Files: `clock` (real time → ticks, alpha, timing statistics), `input` (keys →
//! actions, menu keys and tick input), `pad` (the gamepad mapping), `gamepad` (the pads
//! under `/dev/input` through `evdev`: found, read, decoded, dropped; Linux only),
//! `game` (the shell's screens, the session, what a key does; frames through
//! [`crate::frame`]), `screen` (window, surface, present, fullscreen, refresh rate),
//! `report` (errors in the window and on stderr, rate-limited; giving up on a display
//! that keeps failing), `no_display` (X when Wayland's socket is gone; the line said when
//! there is no display at all).

mod clock;
mod game;
#[cfg(target_os = "linux")]
pub mod gamepad;
mod input;
mod no_display;
pub mod pad;
mod report;
mod screen;
pub mod sound;
mod throw;

use std::time::{Duration, Instant};

use winit::application::ApplicationHandler;
use winit::event::{ElementState, KeyEvent, MouseButton, MouseScrollDelta, WindowEvent};
use winit::event_loop::{ActiveEventLoop, ControlFlow, EventLoop};
use winit::keyboard::PhysicalKey;
use winit::window::WindowId;

use crate::setup::Setup;
pub use game::{Dirs, Options};
use game::{Game, Next};
pub use no_display::{display_env, no_display_line, DisplayEnv};
use report::FrameFailures;
use screen::{Screen, Shown};

/// Why the window could not run.
pub enum WindowError {
    /// No X11/Wayland display: the caller prints a hint and exits with code 2.
    NoDisplay(String),
    Other(String),
}

/// Frames per second: the display's rate, or a fixed one (`--fps N`; 0 = uncapped).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FrameRate {
    Display,
    Fixed(u32),
}

/// When the next frame is due.
struct Pacing {
    /// `None`: uncapped.
    period: Option<Duration>,
    next: Instant,
    /// An input changed something while nothing animates: draw once.
    dirty: bool,
}

impl Pacing {
    /// Whether a frame is due at `now`; if so the next one is scheduled a period on
    /// (or a period from now, after falling behind).
    fn due(&mut self, now: Instant) -> bool {
        let Some(p) = self.period else {
            return true;
        };
        if now < self.next {
            return false;
        }
        self.next += p;
        if self.next <= now {
            self.next = now + p;
        }
        true
    }
}

/// Elsewhere than Linux no pad is read (REQ C5 is `/dev/input`); said once.
#[cfg(not(target_os = "linux"))]
pub mod gamepad {
    use std::time::{Duration, Instant};

    use super::pad::PadEvent;

    pub const POLL_EVERY: Duration = Duration::from_millis(16);

    pub struct Gamepads {
        told: bool,
    }

    impl Gamepads {
        pub fn system() -> Gamepads {
            Gamepads { told: false }
        }
        pub fn connected(&self) -> bool {
            false
        }
        pub fn sticks(&self) -> ((f32, f32), (f32, f32)) {
            ((0.0, 0.0), (0.0, 0.0))
        }
        pub fn next_poll(&self, now: Instant) -> Instant {
            now + Duration::from_secs(3600)
        }
        pub fn poll(&mut self, _now: Instant) -> Vec<PadEvent> {
            if std::mem::replace(&mut self.told, true) {
                return Vec::new();
            }
            vec![PadEvent::Note(
                "no gamepad: read from /dev/input on Linux only".into(),
            )]
        }
    }
}

struct App {
    game: Game,
    pads: gamepad::Gamepads,
    rate: FrameRate,
    pacing: Pacing,
    cursor: (f64, f64),
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
        self.apply_display();
        self.pacing.next = Instant::now();
        self.pacing.dirty = true;
        self.game.start_clock(Instant::now());
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _id: WindowId, event: WindowEvent) {
        let next = match event {
            WindowEvent::CloseRequested => Next::Quit,
            WindowEvent::KeyboardInput {
                event:
                    KeyEvent {
                        physical_key: PhysicalKey::Code(code),
                        state,
                        repeat,
                        text,
                        ..
                    },
                ..
            } => {
                let pressed = state == ElementState::Pressed;
                self.game.key(code, pressed, repeat, text.as_deref())
            }
            WindowEvent::MouseWheel { delta, .. } => {
                let notches = match delta {
                    MouseScrollDelta::LineDelta(_, y) => y,
                    MouseScrollDelta::PixelDelta(p) => (p.y / 40.0) as f32,
                };
                self.game.wheel(notches);
                Next::Play
            }
            WindowEvent::CursorMoved { position, .. } => {
                self.cursor = (position.x, position.y);
                // Over the frame: where a throw may be aimed.
                let at = self
                    .screen
                    .as_ref()
                    .and_then(|s| s.to_frame(self.cursor.0, self.cursor.1));
                if !self.game.cursor(at, Instant::now()) {
                    return;
                }
                Next::Play
            }
            WindowEvent::CursorLeft { .. } => {
                if !self.game.cursor(None, Instant::now()) {
                    return;
                }
                Next::Play
            }
            WindowEvent::MouseInput {
                state: ElementState::Pressed,
                button: MouseButton::Left,
                ..
            } => {
                let at = self
                    .screen
                    .as_ref()
                    .and_then(|s| s.to_frame(self.cursor.0, self.cursor.1));
                self.game.click(at)
            }
            // The editor's other buttons: the left one let go, the right or middle
            // one moving the view (REQ §31).
            WindowEvent::MouseInput { state, button, .. } => {
                let at = self
                    .screen
                    .as_ref()
                    .and_then(|s| s.to_frame(self.cursor.0, self.cursor.1));
                let b = match button {
                    MouseButton::Left => input::Button::Left,
                    MouseButton::Right | MouseButton::Middle => input::Button::Pan,
                    _ => return,
                };
                self.game.mouse(b, state == ElementState::Pressed, at)
            }
            WindowEvent::Focused(f) => {
                self.game.focus(f);
                Next::Play
            }
            WindowEvent::Occluded(hidden) => {
                self.game.focus(!hidden);
                Next::Play
            }
            WindowEvent::RedrawRequested => {
                self.redraw(event_loop);
                return;
            }
            WindowEvent::Resized(_) | WindowEvent::ScaleFactorChanged { .. } => Next::Play,
            _ => return,
        };
        self.pacing.dirty = true;
        self.after(event_loop, next);
    }

    /// The update step: while something moves, once per frame period the simulation
    /// catches up with real time and a frame is requested; while nothing moves, only
    /// after an input (or slowly, while a message waits to expire).
    fn about_to_wait(&mut self, event_loop: &ActiveEventLoop) {
        if self.screen.is_none() {
            return;
        }
        let now = Instant::now();
        self.poll_pads(event_loop, now);
        let Some(screen) = self.screen.as_mut() else {
            return;
        };
        let pad_wake = self.pads.next_poll(now);
        let flow = if self.game.animating() {
            if self.pacing.due(now) {
                self.game.update(now);
                screen.request_redraw();
            }
            match self.pacing.period {
                Some(_) => ControlFlow::WaitUntil(self.pacing.next),
                None => ControlFlow::Poll,
            }
        } else {
            let timer = self.game.message_showing();
            if self.pacing.dirty || (timer && now >= self.pacing.next) {
                self.game.update(now);
                screen.request_redraw();
                self.pacing.next = now + MESSAGE_TIMER;
            }
            if timer {
                ControlFlow::WaitUntil(self.pacing.next.min(pad_wake))
            } else {
                ControlFlow::WaitUntil(pad_wake)
            }
        };
        self.pacing.dirty = false;
        screen.set_title(&self.game.window_title());
        event_loop.set_control_flow(flow);
    }
}

/// While nothing moves but a message is shown, how often the frame is redrawn so the
/// message goes away on time.
const MESSAGE_TIMER: Duration = Duration::from_millis(250);

impl App {
    /// What the event loop does after an input (F11 has flipped the settings'
    /// fullscreen, which [`App::apply_display`] applies with any other display change).
    fn after(&mut self, event_loop: &ActiveEventLoop, next: Next) {
        match next {
            Next::Play | Next::Fullscreen => {}
            Next::Quit => event_loop.exit(),
        }
        self.apply_display();
    }

    /// The settings' display (REQ C4), at start and whenever it changed: fullscreen on
    /// or off, and the frame period — `--fps N` if given, else the display's rate
    /// capped by the settings' frame cap.
    fn apply_display(&mut self) {
        let Some(s) = &self.screen else {
            return;
        };
        let Some((full, cap)) = self.game.take_display_change() else {
            return;
        };
        s.set_fullscreen(full);
        let hz = match self.rate {
            FrameRate::Fixed(n) => n,
            FrameRate::Display => {
                let display = s.refresh_hz().unwrap_or(screen::DEFAULT_HZ);
                cap.map_or(display, |c| c.min(display))
            }
        };
        self.pacing.period = (hz > 0).then(|| Duration::from_secs_f64(1.0 / hz as f64));
    }

    /// The gamepads read into the game.
    fn poll_pads(&mut self, event_loop: &ActiveEventLoop, now: Instant) {
        if let Some(next) = self.game.poll_pads(&mut self.pads, now) {
            self.pacing.dirty = true;
            self.after(event_loop, next);
        }
    }

    /// Draws the latest state and presents it; a frame that cannot be shown is
    /// reported, and a display that keeps failing closes the window with an error.
    fn redraw(&mut self, event_loop: &ActiveEventLoop) {
        let Some(screen) = self.screen.as_mut() else {
            return;
        };
        self.game.set_window_size(screen.size());
        let composer = self.game.render(Instant::now());
        match screen.show(composer) {
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

/// Opens the window at the title (or straight into `setup`, see [`Options`]) and
/// plays until Quit or close, at `rate` frames per second.
pub fn run(setup: Setup, opts: Options, rate: FrameRate) -> Result<(), WindowError> {
    let mut builder = EventLoop::builder();
    // A WAYLAND_DISPLAY whose socket is gone would fail without trying X (REQ W7).
    #[cfg(target_os = "linux")]
    if display_env().prefer_x11() {
        use winit::platform::x11::EventLoopBuilderExtX11;
        builder.with_x11();
    }
    let event_loop = builder
        .build()
        .map_err(|e| WindowError::NoDisplay(e.to_string()))?;
    let mut app = App {
        game: Game::new(setup, opts, Instant::now()),
        pads: gamepad::Gamepads::system(),
        rate,
        pacing: Pacing {
            period: None,
            next: Instant::now(),
            dirty: true,
        },
        cursor: (0.0, 0.0),
        screen: None,
        failures: FrameFailures::default(),
        title_error: None,
        error: None,
    };
    let ran = event_loop.run_app(&mut app);
    app.game.end_run();
    ran.map_err(|e| WindowError::Other(e.to_string()))?;
    match app.error {
        Some(e) if app.screen.is_none() => Err(WindowError::NoDisplay(e)),
        Some(e) => Err(WindowError::Other(e)),
        None => Ok(()),
    }
}
