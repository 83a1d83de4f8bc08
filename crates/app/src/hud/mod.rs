//! The HUD (REQ §20, issue 19): what the player reads over the rendered frame — the
//! time left and the kills; each agent's role and health in a strip (the fallen crossed
//! out) with a gunner's rounds and its reload (K1); the squad's supplies: the pool, each
//! tool's key and charges, the medkit at work (K3–K5); the formation, the aim mode and
//! the leash (the disk's colour, explained); a notice, with a marker pointing to where,
//! when an agent falls, a short line when the formation changes, and the tools' and the
//! ammunition's news (a refusal with its reason, a pickup); a throw's words by its
//! reticle; PAUSED (P, without the menu); and the message line (what the last key did,
//! errors). A mission's words (`{move}` …) are shown in the player's keys. Drawn after
//! the view, so never darkened by the horror layer; laid out by [`layout`] (in units at
//! the frame's UI scale, 1.5 at 1080p) out of the F1 overlay's boxes, the cards on the
//! bottom edge, the message band over them.
//!
//! The rooms: [`feed`] the run's notices, [`layout`] the boxes, [`paint`] the colours
//! and what the frame hands the HUD, [`cards`] the agents' cards, [`supply`] the
//! supplies' line and the throw's words, [`objectives`] the mission's lines.

pub mod cards;
pub mod feed;
pub mod layout;
pub mod objectives;
pub mod paint;
pub mod supply;

use std::time::{Duration, Instant};

use raster::{draw_text, Framebuffer, Paint, Rgba};
use sim::read::World;
use sim::tuning::DT;

pub use feed::{agent_name, foreseen_words, formation_name, refusal_words, HudFeed, Notice};
pub use layout::{layout, Layout, Rect, MESSAGE_LINES};
pub use objectives::objective_lines;
pub use paint::HudView;

use layout::OBJECTIVE_LINES;
use paint::{backing, centred_in, marker, INK, OBJECTIVE, WARN};

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
    // A third of the way down: the objectives and their prompts stay readable at the
    // top (a playtest paused to read them and found PAUSED printed over them), the
    // squad at the centre stays clear.
    let y = view::screens::ui_size(frame).1 as i32 / 3;
    view::screens::centred(frame, y, "PAUSED", Rgba::rgb(255, 255, 255), 3);
    view::screens::centred(
        frame,
        y + 36,
        "P resumes, Esc opens the menu",
        Rgba::rgb(200, 200, 200),
        2,
    );
}

/// `text` (one or more lines, the first [`MESSAGE_LINES`]) on a dark band along the
/// bottom edge: translucent over play, opaque over a screen of the shell's, whose line
/// of keys it covers while it shows (a playtest read the gamepad's notice printed over
/// the title's keys).
pub fn message_line(frame: &mut Framebuffer, text: &str, over_screen: bool) {
    let shown: Vec<&str> = text.lines().take(MESSAGE_LINES).collect();
    let text = shown.join("\n");
    let text = text.as_str();
    let lines = text.lines().count() as i32;
    let (width, height) = view::screens::ui_size(frame);
    let (width, height) = (width as i32, height as i32);
    let band_h = layout::message_h(lines);
    // Over a screen along the bottom edge; in play over the HUD's supplies, right of
    // the F1 overlay's log.
    let (x, bottom) = match over_screen {
        true => (0, height - 10),
        false => {
            let m = layout(frame.width as i32, frame.height as i32, 0).message;
            (m.0, m.1 + m.3)
        }
    };
    frame.fill_rect(
        x,
        bottom - band_h,
        width - x,
        band_h,
        Paint::alpha(Rgba::new(0, 0, 0, if over_screen { 255 } else { 170 })),
    );
    draw_text(
        frame,
        x + 16,
        bottom - band_h + 8,
        text,
        Rgba::rgb(255, 230, 140),
        1,
    );
}

/// The disk's colours, as the scene draws them: cyan while the squad keeps up, orange as
/// the leash stretches (`view::palette::ANCHOR` lerped toward this by urgency).
const DISK_CALM: Rgba = Rgba::rgb(80, 230, 210);
const DISK_FAR: Rgba = Rgba::rgb(255, 120, 60);

/// Draws the HUD of `w` over `fb` at the frame's UI scale (the framebuffer's scale is
/// put back after).
pub fn draw_hud(fb: &mut Framebuffer, w: &World, v: &HudView) {
    let l = layout(fb.width as i32, fb.height as i32, w.agents().len());
    let before = fb.scale();
    fb.set_scale(l.ui);
    draw_parts(fb, w, v, &l);
    fb.set_scale(before);
}

/// The HUD's parts into their boxes, `fb` at the layout's UI scale.
fn draw_parts(fb: &mut Framebuffer, w: &World, v: &HudView, l: &Layout) {
    let s = l.scale;
    // Time left and kills.
    let left = v.end_tick.saturating_sub(w.tick()) as f32 * DT;
    let top = format!(
        "{} left   kills {}",
        view::screens::clock_text(left),
        w.stats().kills
    );
    backing(fb, l.top);
    centred_in(fb, l.top, l.top.1 + 3 * s, &top, INK, 2 * s);
    // A replay says so for as long as it plays (a playtest found no word of it until
    // 4 or the pause menu).
    if let Some(speed) = v.replay {
        backing(fb, l.replay);
        let tag = format!("REPLAY x{speed}");
        centred_in(fb, l.replay, l.replay.1 + 3 * s, &tag, OBJECTIVE, 2 * s);
    }
    // Notices in the order they came, the newest last (in the player's keys), and a
    // marker at (or toward) each fallen agent, kept above the squad's boxes.
    let floor = l.hud_floor() as f32;
    let mut y = l.notices.1;
    for n in v.feed.shown() {
        let c = if n.warn { WARN } else { INK };
        centred_in(fb, l.notices, y, &v.keys.fill(&n.text), c, s);
        y += 14 * s;
        if let Some(p) = n.pos {
            marker(fb, v, p, None, floor, s, WARN);
        }
    }
    // The mission: each active objective, how far it has got, and a marker toward
    // where it is (C1); the one the way leads to at the goal it found, its arrow along
    // the path (W1).
    let lines = objective_lines(w);
    if !lines.is_empty() {
        backing(fb, l.objectives);
        let mut y = l.objectives.1 + 4 * s;
        for (text, at, k) in lines.iter().take(OBJECTIVE_LINES) {
            centred_in(fb, l.objectives, y, &v.keys.fill(text), OBJECTIVE, s);
            y += 14 * s;
            let routed = v
                .way
                .filter(|r| r.objective() == Some(*k))
                .and_then(|r| r.goal().map(|g| (g, r.arrow().map(|d| (r.from(), d)))));
            match (routed, at) {
                (Some((goal, way)), _) => marker(fb, v, goal, way, floor, s, OBJECTIVE),
                (None, Some(p)) => marker(fb, v, *p, None, floor, s, OBJECTIVE),
                (None, None) => {}
            }
        }
    }
    // The squad: a card per agent, the supplies over them.
    cards::draw_cards(fb, w, &l.cards, s);
    supply::draw_supply(fb, w, v, l.supply, s);
    supply::draw_throw_words(fb, v, s);
    // Formation, aim and the leash: the disk's colour, from keeping up to lagging.
    let r = l.side;
    backing(fb, r);
    let aim = if v.manual_aim {
        "manual aim"
    } else {
        "auto aim"
    };
    let line = format!("{}  {aim}", formation_name(w.formation()));
    draw_text(fb, r.0 + 6 * s, r.1 + 5 * s, &line, INK, s as u32);
    let (mx, my, mw, mh) = (r.0 + 6 * s, r.1 + 20 * s, r.2 - 12 * s, 8 * s);
    for i in 0..mw {
        let c = DISK_CALM.lerp(DISK_FAR, i as f32 / mw.max(1) as f32);
        fb.fill_rect(mx + i, my, 1, mh, Paint::opaque(c));
    }
    let t = &w.tuning().anchor;
    let at = |u: f32| mx + (mw as f32 * u.clamp(0.0, 1.0)).round() as i32;
    // The sprint threshold (no fire beyond it) and where the leash is now.
    fb.fill_rect(
        at(t.sprint_at),
        my - 2 * s,
        s,
        mh + 4 * s,
        Paint::opaque(INK),
    );
    let u = at(w.anchor().urgency);
    fb.fill_rect(
        u - s,
        my - 3 * s,
        3 * s,
        mh + 6 * s,
        Paint::opaque(Rgba::rgb(255, 255, 255)),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The HUD words each active objective with its progress and marks where it is:
    /// the Warrens' nests, what to do to them and how many are burned (issue 35: the
    /// label did not say how), counted up as the squad burns them, the nearest one marked;
    /// once they are all gone, the exit shaft.
    #[test]
    fn the_hud_shows_the_active_objective_its_progress_and_where_it_is() {
        let setup = crate::setup::load(None, "m2_warrens", None, None, None).unwrap();
        let mut world = World::new(setup.map.clone(), &setup.scenario, setup.tuning.clone());
        let mut route = sim::driver::route::RouteDriver::new();
        let mut step = |w: &mut World| {
            let input = route.input(&setup.scenario, w);
            sim::read::tick(w, &input);
        };
        let s = &mut world;
        let lines = objective_lines(s);
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert_eq!(
            lines[0].0,
            "Burn the three nests: lead the squad up to each  0/3 burned"
        );
        let nearest = lines[0].1.expect("a nest is marked");
        let m = s.mission();
        let first = s.enemy(m.nests[0].enemy).unwrap().pos;
        assert_eq!(nearest, first, "the nest nearest the start");
        let mut burned_seen = vec![0];
        while !s.mission().objectives[0].done() && !s.mission().outcome.ended() {
            step(s);
            let l = objective_lines(s);
            if let Some(n) = l[0]
                .0
                .strip_suffix("/3 burned")
                .and_then(|t| t.rsplit(' ').next())
            {
                let n: usize = n.parse().unwrap();
                if burned_seen.last() != Some(&n) {
                    burned_seen.push(n);
                }
            }
        }
        assert_eq!(burned_seen, [0, 1, 2], "counted up as the nests fell");
        step(s);
        let l = objective_lines(s);
        assert_eq!(l[0].0, "Climb out at the exit shaft");
        let areas = &s.mission().areas;
        let shaft = areas.iter().find(|a| a.name == "shaft").unwrap().centre();
        assert_eq!(l[0].1, Some(shaft));
    }

    /// Over a screen of the shell's, a message covers the line of keys at its foot
    /// whole (a playtest read the gamepad's notice printed over the title's keys): the
    /// footer's pixels are those of the message over nothing at all, at every size.
    #[test]
    fn a_message_covers_the_screen_s_line_of_keys() {
        use view::screens::{ScreenView, TopView};
        let top = TopView {
            items: vec![("Campaign".into(), "7 missions".into())],
            selected: 0,
            keys: Vec::new(),
        };
        let shown = ScreenView::Top(top);
        for (w, h) in view::screens::ui::TEST_SIZES {
            let l = shown.layout(w, h).unwrap();
            let footer = l.texts().last().unwrap();
            assert!(footer.text.contains("Esc"), "{:?}", footer.text);
            let r = l.to_frame(&footer.rect());
            let draw = |screen: bool| {
                let mut fb = Framebuffer::new(w, h);
                fb.set_scale(view::screens::ui_scale(w, h));
                if screen {
                    shown.draw(&mut fb);
                }
                message_line(&mut fb, "gamepad connected: Microsoft X-Box 360 pad", true);
                fb
            };
            let (with, without) = (draw(true), draw(false));
            for y in r.y..r.bottom() {
                for x in r.x..r.right() {
                    assert_eq!(with.get(x, y), without.get(x, y), "({x}, {y}) at {w}x{h}");
                }
            }
        }
    }

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
