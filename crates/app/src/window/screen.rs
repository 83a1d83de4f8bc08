//! The window and its softbuffer surface (R3): the frame our rasterizer drew is copied
//! in, scaled to the window's size, and presented. Every step that can fail says which
//! step it was, so the report names it.

use std::num::NonZeroU32;
use std::rc::Rc;

use raster::{scale_nearest_into, Framebuffer, Rgba, ScaleMode};
use winit::dpi::LogicalSize;
use winit::event_loop::ActiveEventLoop;
use winit::window::Window;

use crate::screenshot::{HEIGHT, WIDTH};

/// The window's title; a display error is appended while it lasts.
pub const TITLE: &str = "squad_proto";

pub struct Screen {
    window: Rc<Window>,
    surface: softbuffer::Surface<Rc<Window>, Rc<Window>>,
    /// The frame scaled to a window of another size than the internal resolution.
    scaled: Framebuffer,
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
        })
    }

    pub fn request_redraw(&self) {
        self.window.request_redraw();
    }

    /// Shows `suffix` after the title (a place for an error that stays visible even
    /// when no frame can be presented); `None` restores the plain title.
    pub fn title_note(&self, suffix: Option<&str>) {
        match suffix {
            Some(s) => self.window.set_title(&format!("{TITLE} — {s}")),
            None => self.window.set_title(TITLE),
        }
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
        } else {
            self.scaled.resize(w, h);
            scale_nearest_into(frame, &mut self.scaled, ScaleMode::Fit, Rgba::BLACK);
            buffer.copy_from_slice(&self.scaled.pixels);
        }
        buffer
            .present()
            .map_err(|e| format!("cannot present the frame: {e}"))?;
        Ok(Shown::Presented)
    }
}
