//! The window and its softbuffer surface (R3): the frame our rasterizer drew is copied
//! in, scaled to the window's size, and presented. Every step that can fail says which
//! step it was, so the report names it.

use std::num::NonZeroU32;
use std::rc::Rc;

use raster::{scale_nearest_into, Framebuffer, Rgba, ScaleMode, Viewport};
use winit::dpi::LogicalSize;
use winit::event_loop::ActiveEventLoop;
use winit::window::{Fullscreen, Window};

use crate::frame::{HEIGHT, WIDTH};

/// The window's title at first; a display error is appended while it lasts.
pub const TITLE: &str = "squad_proto";

/// Frames per second when the display does not say its refresh rate.
pub const DEFAULT_HZ: u32 = 60;

pub struct Screen {
    window: Rc<Window>,
    surface: softbuffer::Surface<Rc<Window>, Rc<Window>>,
    /// The frame scaled to a window of another size than the internal resolution.
    scaled: Framebuffer,
    /// Where the frame landed in the window at the last present (mouse mapping).
    viewport: Option<Viewport>,
    title: String,
    note: Option<String>,
}

/// What became of a frame handed to [`Screen::show`].
pub enum Shown {
    Presented,
    /// The window has no area (minimised): nothing to present, nothing wrong.
    NoArea,
}

impl Screen {
    /// Opens the resizable window at the internal resolution and its frame surface.
    pub fn open(event_loop: &ActiveEventLoop) -> Result<Screen, String> {
        let attrs = Window::default_attributes()
            .with_title(TITLE)
            .with_inner_size(LogicalSize::new(WIDTH as f64, HEIGHT as f64))
            .with_resizable(true);
        let window = event_loop
            .create_window(attrs)
            .map(Rc::new)
            .map_err(|e| format!("cannot open a window: {e}"))?;
        let surface = softbuffer::Context::new(window.clone())
            .and_then(|ctx| softbuffer::Surface::new(&ctx, window.clone()))
            .map_err(|e| format!("cannot create the frame surface: {e}"))?;
        Ok(Screen {
            window,
            surface,
            scaled: Framebuffer::new(WIDTH, HEIGHT),
            viewport: None,
            title: TITLE.into(),
            note: None,
        })
    }

    /// The refresh rate of the window's monitor in whole Hz, if the display says.
    pub fn refresh_hz(&self) -> Option<u32> {
        let mhz = self.window.current_monitor()?.refresh_rate_millihertz()?;
        let hz = (mhz + 500) / 1000;
        (hz > 0).then_some(hz)
    }

    /// Borderless fullscreen on the current monitor (`on`) or the window (the settings'
    /// fullscreen, at start and when it changes).
    pub fn set_fullscreen(&self, on: bool) {
        if self.window.fullscreen().is_some() != on {
            self.window
                .set_fullscreen(on.then_some(Fullscreen::Borderless(None)));
        }
    }

    /// Window pixel `(x, y)` to the frame pixel shown there, or `None` on the bars.
    pub fn to_frame(&self, x: f64, y: f64) -> Option<(i32, i32)> {
        let (x, y) = (x.floor() as i32, y.floor() as i32);
        match self.viewport {
            None => ((0..WIDTH as i32).contains(&x) && (0..HEIGHT as i32).contains(&y))
                .then_some((x, y)),
            Some(v) => v
                .to_source(x, y, WIDTH, HEIGHT)
                .map(|(a, b)| (a as i32, b as i32)),
        }
    }

    /// The window's title (the scenario played); kept under a display error's note.
    pub fn set_title(&mut self, title: &str) {
        if self.title != title {
            self.title = title.to_string();
            self.apply_title();
        }
    }

    fn apply_title(&self) {
        match &self.note {
            Some(s) => self.window.set_title(&format!("{} - {s}", self.title)),
            None => self.window.set_title(&self.title),
        }
    }

    pub fn request_redraw(&self) {
        self.window.request_redraw();
    }

    /// Shows `suffix` after the title (a place for an error that stays visible even
    /// when no frame can be presented); `None` restores the plain title.
    pub fn title_note(&mut self, suffix: Option<&str>) {
        self.note = suffix.map(str::to_string);
        self.apply_title();
    }

    /// Copies `frame` to the window (nearest-neighbour fit when sizes differ) and
    /// presents it.
    pub fn show(&mut self, frame: &Framebuffer) -> Result<Shown, String> {
        let size = self.window.inner_size();
        let (Some(w), Some(h)) = (NonZeroU32::new(size.width), NonZeroU32::new(size.height)) else {
            return Ok(Shown::NoArea);
        };
        self.surface
            .resize(w, h)
            .map_err(|e| format!("cannot resize the frame surface to {w}x{h}: {e}"))?;
        let mut buffer = self
            .surface
            .buffer_mut()
            .map_err(|e| format!("cannot get the frame buffer: {e}"))?;
        let (w, h) = (size.width as usize, size.height as usize);
        if w == WIDTH && h == HEIGHT {
            buffer.copy_from_slice(&frame.pixels);
            self.viewport = None;
        } else {
            self.scaled.resize(w, h);
            let v = scale_nearest_into(frame, &mut self.scaled, ScaleMode::Fit, Rgba::BLACK);
            self.viewport = Some(v);
            buffer.copy_from_slice(&self.scaled.pixels);
        }
        buffer
            .present()
            .map_err(|e| format!("cannot present the frame: {e}"))?;
        Ok(Shown::Presented)
    }
}
