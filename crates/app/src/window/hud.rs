//! The text drawn over the rendered frame: the squad-down screen, PAUSED and the
//! message line (what the last key did, errors). Drawn after the view, so it is never
//! darkened by the horror layer.

use std::time::{Duration, Instant};

use raster::{draw_text, Framebuffer, Paint, Rgba};

use crate::screenshot::{HEIGHT, WIDTH};

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

/// "THE SQUAD IS DOWN" and how to go on.
pub fn squad_down(frame: &mut Framebuffer) {
    let (cx, cy) = (WIDTH as i32 / 2, HEIGHT as i32 / 2);
    draw_text(
        frame,
        cx - 200,
        cy - 30,
        "THE SQUAD IS DOWN",
        Rgba::rgb(230, 60, 50),
        4,
    );
    draw_text(
        frame,
        cx - 110,
        cy + 20,
        "R restarts, Esc quits",
        Rgba::rgb(220, 220, 220),
        2,
    );
}

pub fn paused(frame: &mut Framebuffer) {
    draw_text(
        frame,
        WIDTH as i32 / 2 - 40,
        40,
        "PAUSED",
        Rgba::rgb(255, 255, 255),
        3,
    );
}

/// `text` (one or more lines) on a dark band along the bottom edge.
pub fn message_line(frame: &mut Framebuffer, text: &str) {
    let lines = text.lines().count() as i32;
    frame.fill_rect(
        0,
        HEIGHT as i32 - 30 - 16 * lines,
        WIDTH as i32,
        16 * lines + 20,
        Paint::alpha(Rgba::new(0, 0, 0, 170)),
    );
    draw_text(
        frame,
        16,
        HEIGHT as i32 - 22 - 16 * lines,
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
