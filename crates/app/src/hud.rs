//! The text drawn over the rendered frame: PAUSED (P, without the menu) and the
//! message line (what the last key did, errors). Drawn after the view, so it is never
//! darkened by the horror layer.

use std::time::{Duration, Instant};

use raster::{draw_text, Framebuffer, Paint, Rgba};

/// How long a message stays on screen.
const MESSAGE_FOR: Duration = Duration::from_secs(4);

/// The message line: the last thing said, until it is [`MESSAGE_FOR`] old.
#[derive(Default)]
pub struct Message {
    said: Option<(String, Instant)>,
}

impl Message {
    pub fn say(&mut self, text: String, now: Instant) {
        self.said = Some((text, now));
    }

    /// Whether a message is held (it may have expired; [`Message::current`] forgets it).
    pub fn showing(&self) -> bool {
        self.said.is_some()
    }

    /// The text to show at `now`; forgets it once it has expired.
    pub fn current(&mut self, now: Instant) -> Option<&str> {
        if let Some((_, at)) = &self.said {
            if now.saturating_duration_since(*at) >= MESSAGE_FOR {
                self.said = None;
            }
        }
        self.said.as_ref().map(|(text, _)| text.as_str())
    }
}

/// P: paused without the menu.
pub fn paused(frame: &mut Framebuffer) {
    view::screens::centred(frame, 40, "PAUSED", Rgba::rgb(255, 255, 255), 3);
    view::screens::centred(
        frame,
        76,
        "P resumes, Esc opens the menu",
        Rgba::rgb(200, 200, 200),
        2,
    );
}

/// `text` (one or more lines) on a dark band along the bottom edge.
pub fn message_line(frame: &mut Framebuffer, text: &str) {
    let lines = text.lines().count() as i32;
    let (width, height) = (frame.width as i32, frame.height as i32);
    frame.fill_rect(
        0,
        height - 30 - 16 * lines,
        width,
        16 * lines + 20,
        Paint::alpha(Rgba::new(0, 0, 0, 170)),
    );
    draw_text(
        frame,
        16,
        height - 22 - 16 * lines,
        text,
        Rgba::rgb(255, 230, 140),
        1,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_expires() {
        let t0 = Instant::now();
        let mut m = Message::default();
        assert_eq!(m.current(t0), None);
        m.say("saved".into(), t0);
        assert_eq!(m.current(t0 + Duration::from_secs(3)), Some("saved"));
        assert_eq!(m.current(t0 + MESSAGE_FOR), None);
        assert_eq!(m.current(t0), None, "forgotten, not hidden");
    }
}
