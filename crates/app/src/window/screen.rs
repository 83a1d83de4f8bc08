//! The window and its softbuffer surface (R3, REQ §24): the frame our rasterizer drew
//! at the window's own size is copied in band by band; a frame of another size (a
//! render scale below 100 %, a window outside 640×360 … 3840×2160) is upscaled with
//! filtering, on the composer's threads. Every step that can fail says which step it
//! was, so the report names it.

use std::num::NonZeroU32;
use std::rc::Rc;

use raster::{scale_bilinear_into, Framebuffer, Rgba, Viewport};
use winit::dpi::{LogicalSize, PhysicalSize};
use winit::event_loop::ActiveEventLoop;
use winit::window::{Fullscreen, Window};

use crate::frame::{band_rows, Composer, HEIGHT, WIDTH};

/// The window's title at first; a display error is appended while it lasts.
pub const TITLE: &str = "squad_proto";

/// Frames per second when the display does not say its refresh rate.
pub const DEFAULT_HZ: u32 = 60;

pub struct Screen {
    window: Rc<Window>,
    surface: softbuffer::Surface<Rc<Window>, Rc<Window>>,
    /// The frame upscaled to the window, band by band, when it was drawn at another size.
    scaled: Vec<Framebuffer>,
    /// The last frame presented: its size, and where it landed in the window when it
    /// was scaled (`None`: pixel for pixel) — the mouse's mapping.
    frame_size: (usize, usize),
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
        let monitor = event_loop
            .primary_monitor()
            .or_else(|| event_loop.available_monitors().next())
            .map(|m| m.size())
            .map(|s| (s.width, s.height));
        let attrs = Window::default_attributes()
            .with_title(TITLE)
            .with_resizable(true);
        let attrs = match monitor {
            Some(m) => {
                let (w, h) = opening_size(m);
                attrs.with_inner_size(PhysicalSize::new(w, h))
            }
            None => attrs.with_inner_size(LogicalSize::new(WIDTH as f64, HEIGHT as f64)),
        };
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
            scaled: Vec::new(),
            frame_size: (WIDTH, HEIGHT),
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

    /// The window's inner size in pixels (what the frame is drawn for).
    pub fn size(&self) -> (usize, usize) {
        let s = self.window.inner_size();
        (s.width as usize, s.height as usize)
    }

    /// Window pixel `(x, y)` to the pixel of the last frame shown there, or `None` on
    /// the bars.
    pub fn to_frame(&self, x: f64, y: f64) -> Option<(i32, i32)> {
        frame_pixel(self.viewport, self.frame_size, x, y)
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

    /// Copies the composer's last frame to the window — its bands straight in when it
    /// was drawn at the window's size, else upscaled bilinearly (fitted, centred) band
    /// by band on the composer's threads — and presents it.
    pub fn show(&mut self, composer: &mut Composer) -> Result<Shown, String> {
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
        self.frame_size = composer.size();
        if composer.size() == (w, h) {
            for band in composer.bands() {
                let rows = band.band();
                buffer[rows.start * w..rows.end * w].copy_from_slice(&band.pixels);
            }
            self.viewport = None;
        } else {
            let n = composer.threads().min(h).max(1);
            self.scaled.truncate(n);
            self.scaled.resize_with(n, || Framebuffer::new(0, 0));
            for (i, b) in self.scaled.iter_mut().enumerate() {
                b.resize_band(w, h, band_rows(h, n, i));
            }
            let frame = composer.frame();
            self.viewport = Some(upscale(frame, &mut self.scaled));
            for band in &self.scaled {
                let rows = band.band();
                buffer[rows.start * w..rows.end * w].copy_from_slice(&band.pixels);
            }
        }
        buffer
            .present()
            .map_err(|e| format!("cannot present the frame: {e}"))?;
        Ok(Shown::Presented)
    }
}

/// `frame` scaled into the bands of the window (the first on this thread, each other
/// on a thread of its own); where it landed.
fn upscale(frame: &Framebuffer, bands: &mut [Framebuffer]) -> Viewport {
    let Some((first, rest)) = bands.split_first_mut() else {
        return Viewport::default();
    };
    std::thread::scope(|s| {
        for b in rest.iter_mut() {
            s.spawn(move || scale_bilinear_into(frame, b, Rgba::BLACK));
        }
        scale_bilinear_into(frame, first, Rgba::BLACK)
    })
}

/// Window pixel `(x, y)` to the pixel of a `frame` frame shown there: the same pixel
/// when it was presented pixel for pixel (`viewport` `None`), else through where it
/// landed; `None` off the frame.
pub fn frame_pixel(
    viewport: Option<Viewport>,
    frame: (usize, usize),
    x: f64,
    y: f64,
) -> Option<(i32, i32)> {
    let (x, y) = (x.floor() as i32, y.floor() as i32);
    match viewport {
        None => {
            ((0..frame.0 as i32).contains(&x) && (0..frame.1 as i32).contains(&y)).then_some((x, y))
        }
        Some(v) => v
            .to_source(x, y, frame.0, frame.1)
            .map(|(a, b)| (a as i32, b as i32)),
    }
}

/// The window's size when it opens on a `monitor` (pixels): the design frame at the
/// largest quarter step (1, 1.25, 1.5 … as the UI scale goes) within 90 % of the
/// monitor each way, room left for a title bar and a panel — 1600×900 on a 1080p
/// screen, 2240×1260 on 1440p (a playtest found a small 1280×720 window on 1080p);
/// never below the design frame.
pub fn opening_size(monitor: (u32, u32)) -> (u32, u32) {
    let fit = (monitor.0 as f64 * 0.9 / WIDTH as f64).min(monitor.1 as f64 * 0.9 / HEIGHT as f64);
    let k = ((fit * 4.0).floor() / 4.0).max(1.0);
    ((WIDTH as f64 * k) as u32, (HEIGHT as f64 * k) as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_opens_at_the_largest_quarter_step_within_the_monitor() {
        assert_eq!(opening_size((1920, 1080)), (1600, 900));
        assert_eq!(opening_size((2560, 1440)), (2240, 1260));
        assert_eq!(opening_size((3840, 2160)), (3200, 1800));
        assert_eq!(
            opening_size((1366, 768)),
            (1280, 720),
            "never below the design frame"
        );
        assert_eq!(opening_size((1920, 1200)), (1600, 900));
        assert_eq!(opening_size((800, 600)), (1280, 720));
    }

    #[test]
    fn the_mouse_maps_through_the_frame_as_presented() {
        // Drawn at the window's size: the same pixel, nothing off it.
        assert_eq!(
            frame_pixel(None, (1920, 1080), 10.7, 1079.2),
            Some((10, 1079))
        );
        assert_eq!(frame_pixel(None, (1920, 1080), 1920.0, 5.0), None);
        // At a 50 % render scale, upscaled to fill 1920×1080: every 2×2 block is one
        // frame pixel.
        let mut fb = Framebuffer::new(1920, 1080);
        let vp = scale_bilinear_into(&Framebuffer::new(960, 540), &mut fb, Rgba::BLACK);
        assert_eq!(frame_pixel(Some(vp), (960, 540), 0.0, 0.0), Some((0, 0)));
        assert_eq!(
            frame_pixel(Some(vp), (960, 540), 1919.0, 1079.0),
            Some((959, 539))
        );
        assert_eq!(
            frame_pixel(Some(vp), (960, 540), 101.0, 51.0),
            Some((50, 25))
        );
        // A 640×360 frame in a narrow window: fitted 500×281 at y 159, bars above and
        // below; the middle of the window is the middle of the frame.
        let mut fb = Framebuffer::new(500, 600);
        let vp = scale_bilinear_into(&Framebuffer::new(640, 360), &mut fb, Rgba::BLACK);
        assert_eq!(
            frame_pixel(Some(vp), (640, 360), 250.0, 10.0),
            None,
            "on a bar"
        );
        assert_eq!(
            frame_pixel(Some(vp), (640, 360), 250.0, 299.0),
            Some((320, 180))
        );
    }
}
