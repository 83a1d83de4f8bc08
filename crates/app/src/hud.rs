//! The HUD (REQ §20, issue 19): what the player reads over the rendered frame — the
//! time left and the kills; each agent's role and health in a strip (the fallen crossed
//! out); the formation, the aim mode and the leash (the disk's colour, explained); a
//! notice, with a marker pointing to where, when an agent falls, and a short line when
//! the formation changes; PAUSED (P, without the menu); and the message line (what the
//! last key did, errors). Drawn after the view, so never darkened by the horror layer;
//! laid out by [`layout`] (scaled by whole steps with the frame's height) out of the
//! F1 overlay's boxes and above the message band.

use std::time::{Duration, Instant};

use raster::{draw_line, draw_text, fill_circle, stroke_circle, Framebuffer, LineCap, Paint, Rgba};
use sim::read::{Agent, EventKind, Formation, Goal, Role, Vec2, World};
use sim::tuning::DT;
use view::{Camera, Iso};

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

/// Lines of a message shown at once (the overlay and the HUD keep above them).
pub const MESSAGE_LINES: usize = 3;

/// `text` (one or more lines, the first [`MESSAGE_LINES`]) on a dark band along the
/// bottom edge.
pub fn message_line(frame: &mut Framebuffer, text: &str) {
    let shown: Vec<&str> = text.lines().take(MESSAGE_LINES).collect();
    let text = shown.join("\n");
    let text = text.as_str();
    let lines = text.lines().count() as i32;
    let (width, height) = view::screens::ui_size(frame);
    let (width, height) = (width as i32, height as i32);
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

/// How long a notice stays, in ticks.
const NOTICE_TICKS: u64 = 4 * 60;
/// Notices shown at once (the newest).
const NOTICES: usize = 3;
/// At most this many objectives are shown at once (the active ones).
const OBJECTIVE_LINES: usize = 2;

/// Something the HUD says for a while: an agent down (with where), a formation change.
#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    pub text: String,
    /// Where it happened (an agent down), for the marker.
    pub pos: Option<Vec2>,
    /// A warning (red) or news (plain).
    pub warn: bool,
    pub born: u64,
}

/// The HUD's memory of the run, fed each tick through the cosmetics feed: the notices and
/// the formation last seen.
#[derive(Clone, Debug, Default)]
pub struct HudFeed {
    pub notices: Vec<Notice>,
    formation: Option<Formation>,
    now: u64,
}

/// How the HUD names an agent: blades and gunners counted apart from 1 (`Blade 2`).
pub fn agent_name(agents: &[Agent], id: usize) -> String {
    let Some(a) = agents.get(id) else {
        return format!("Agent {id}");
    };
    let nth = agents[..id].iter().filter(|b| b.role == a.role).count() + 1;
    match a.role {
        Role::Blade => format!("Blade {nth}"),
        Role::Gunner => format!("Gunner {nth}"),
    }
}

/// A formation's name as the HUD shows it.
pub fn formation_name(f: Formation) -> &'static str {
    match f {
        Formation::Wedge => "wedge",
        Formation::Line => "line",
        Formation::Ring => "ring",
    }
}

impl HudFeed {
    /// The feed for `w` as it stands (its formation known, so the first change is
    /// said).
    pub fn new(w: &World) -> HudFeed {
        HudFeed {
            notices: Vec::new(),
            formation: Some(w.formation()),
            now: w.tick(),
        }
    }

    /// One simulation tick of `w`.
    pub fn absorb(&mut self, w: &World) {
        self.now = w.tick();
        let m = w.mission();
        for e in w.events() {
            match e.kind {
                EventKind::AgentDown { agent, pos } => {
                    let text = format!("{} is down", agent_name(w.agents(), agent as usize));
                    self.say(text, Some(pos), true);
                }
                EventKind::Said { line } => {
                    if let Some(text) = m.lines.get(line as usize) {
                        self.say(text.clone(), None, false);
                    }
                }
                EventKind::ObjectiveDone { objective } => {
                    if let Some(o) = m.objectives.get(objective as usize) {
                        self.say(format!("done: {}", o.spec.label), None, false);
                    }
                }
                EventKind::ItemDropped { pos, .. } => {
                    self.say("the carrier fell: the item is down".into(), Some(pos), true);
                }
                _ => {}
            }
        }
        let f = w.formation();
        if self.formation.is_some_and(|old| old != f) {
            self.say(format!("formation: {}", formation_name(f)), None, false);
        }
        self.formation = Some(f);
        let now = self.now;
        self.notices.retain(|n| now < n.born + NOTICE_TICKS);
    }

    fn say(&mut self, text: String, pos: Option<Vec2>, warn: bool) {
        self.notices.push(Notice {
            text,
            pos,
            warn,
            born: self.now,
        });
        if self.notices.len() > NOTICES {
            self.notices.remove(0);
        }
    }
}

/// A box on the frame: `x, y, w, h`.
pub type Rect = (i32, i32, i32, i32);

/// Where the HUD's parts go on a `width × height` frame for `agents` agents.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// Whole-step scale of text and boxes (1 at 720 lines, 2 at 1440 …).
    pub scale: i32,
    /// The time and kills line, top centre.
    pub top: Rect,
    /// The notices under it.
    pub notices: Rect,
    /// The mission's objectives under the notices (C1), a line each.
    pub objectives: Rect,
    /// One card per agent, bottom centre, above the message band.
    pub cards: Vec<Rect>,
    /// The formation, aim and leash box beside the cards.
    pub side: Rect,
}

/// The HUD's boxes (see [`Layout`]): out of the F1 overlay's text boxes
/// ([`view::overlay::text_regions`]) and above a message band of
/// [`MESSAGE_LINES`] lines.
pub fn layout(width: i32, height: i32, agents: usize) -> Layout {
    let s = view::screens::ui_scale(width.max(0) as usize, height.max(0) as usize) as i32;
    let top_w = 380 * s;
    // Centred, but right of the overlay's stats block (x < 464).
    let tx = ((width - top_w) / 2).max(470 * s);
    let top = (tx, 6 * s, top_w, 22 * s);
    // Notices and objectives are wider than the time line: a trigger's sentence fits.
    let wide_w = 560 * s;
    let wx = ((width - wide_w) / 2).max(470 * s);
    let notices = (wx, top.1 + top.3 + 4 * s, wide_w, 14 * s * NOTICES as i32);
    let objectives = (
        wx,
        notices.1 + notices.3 + 4 * s,
        wide_w,
        (14 * OBJECTIVE_LINES as i32 + 6) * s,
    );
    let (card_w, card_h, gap) = (62 * s, 34 * s, 6 * s);
    let side_w = 150 * s;
    let total = agents as i32 * (card_w + gap) + side_w;
    // Right of the overlay's log box (x < 390), centred where the frame allows.
    let x0 = ((width - total) / 2).max(400 * s);
    let band = 30 + 16 * MESSAGE_LINES as i32;
    let y = height - band - 8 * s - card_h;
    let cards = (0..agents as i32)
        .map(|i| (x0 + i * (card_w + gap), y, card_w, card_h))
        .collect();
    let side = (x0 + agents as i32 * (card_w + gap), y, side_w, card_h);
    Layout {
        scale: s,
        top,
        notices,
        objectives,
        cards,
        side,
    }
}

/// What the HUD shows besides the world: the run's end tick, the aim mode, the camera
/// and the zoom the frame was drawn with (for the markers).
#[derive(Clone, Copy, Debug)]
pub struct HudView<'a> {
    pub feed: &'a HudFeed,
    pub end_tick: u64,
    pub manual_aim: bool,
    pub camera: &'a Camera,
    pub zoom: f32,
}

const INK: Rgba = Rgba::rgb(235, 235, 225);
const DIM: Rgba = Rgba::rgb(150, 150, 145);
const WARN: Rgba = Rgba::rgb(255, 90, 70);
const GUNNER: Rgba = Rgba::rgb(110, 170, 255);
const BLADE: Rgba = Rgba::rgb(255, 170, 70);
/// The disk's colours, as the scene draws them: cyan while the squad keeps up, orange as
/// the leash stretches (`view::palette::ANCHOR` lerped toward this by urgency).
const DISK_CALM: Rgba = Rgba::rgb(80, 230, 210);
const DISK_FAR: Rgba = Rgba::rgb(255, 120, 60);

fn backing(fb: &mut Framebuffer, r: Rect) {
    fb.fill_rect(r.0, r.1, r.2, r.3, Paint::alpha(Rgba::new(0, 0, 0, 150)));
}

/// Text centred in `r` horizontally, at `y`.
fn centred_in(fb: &mut Framebuffer, r: Rect, y: i32, s: &str, c: Rgba, scale: i32) {
    let w = raster::text_width(s, scale as u32);
    draw_text(fb, r.0 + (r.2 - w) / 2, y, s, c, scale as u32);
}

/// Draws the HUD of `w` over `fb`.
pub fn draw_hud(fb: &mut Framebuffer, w: &World, v: &HudView) {
    let agents = w.agents();
    let l = layout(fb.width as i32, fb.height as i32, agents.len());
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
    // Notices, newest first, and a marker at (or toward) each fallen agent.
    let mut y = l.notices.1;
    for n in v.feed.notices.iter().rev() {
        let c = if n.warn { WARN } else { INK };
        centred_in(fb, l.notices, y, &n.text, c, s);
        y += 14 * s;
        if let Some(p) = n.pos {
            marker(fb, v, p, s, WARN);
        }
    }
    // The mission: each active objective, how far it has got, and a marker toward
    // where it is (C1).
    let lines = objective_lines(w);
    if !lines.is_empty() {
        backing(fb, l.objectives);
        let mut y = l.objectives.1 + 4 * s;
        for (text, at) in lines.iter().take(OBJECTIVE_LINES) {
            centred_in(fb, l.objectives, y, text, OBJECTIVE, s);
            y += 14 * s;
            if let Some(p) = at {
                marker(fb, v, *p, s, OBJECTIVE);
            }
        }
    }
    // The squad: a card per agent.
    let full = w.tuning().squad.agent_health.max(1.0);
    for (i, (a, r)) in agents.iter().zip(&l.cards).enumerate() {
        backing(fb, *r);
        let role = if a.role == Role::Blade { BLADE } else { GUNNER };
        let name = agent_name(agents, i);
        let short = format!("{}{}", &name[..1], name.rsplit(' ').next().unwrap_or(""));
        draw_text(
            fb,
            r.0 + 5 * s,
            r.1 + 5 * s,
            &short,
            if a.alive { role } else { DIM },
            s as u32,
        );
        let (bx, by, bw, bh) = (r.0 + 5 * s, r.1 + 20 * s, r.2 - 10 * s, 8 * s);
        fb.fill_rect(bx, by, bw, bh, Paint::opaque(Rgba::rgb(40, 40, 40)));
        if a.alive {
            let k = (a.health / full).clamp(0.0, 1.0);
            let c = WARN.lerp(Rgba::rgb(90, 220, 110), k);
            fb.fill_rect(bx, by, (bw as f32 * k).round() as i32, bh, Paint::opaque(c));
            let hp = format!("{}", a.health.ceil().max(0.0) as i32);
            let hw = raster::text_width(&hp, s as u32);
            draw_text(fb, r.0 + r.2 - 5 * s - hw, r.1 + 5 * s, &hp, DIM, s as u32);
        } else {
            // Crossed out.
            let paint = Paint::opaque(WARN);
            let (x0, y0, x1, y1) = (
                r.0 as f32,
                r.1 as f32,
                (r.0 + r.2) as f32,
                (r.1 + r.3) as f32,
            );
            draw_line(
                fb,
                [x0 + 3.0, y0 + 3.0],
                [x1 - 3.0, y1 - 3.0],
                2.0 * s as f32,
                LineCap::Round,
                paint,
            );
            draw_line(
                fb,
                [x1 - 3.0, y0 + 3.0],
                [x0 + 3.0, y1 - 3.0],
                2.0 * s as f32,
                LineCap::Round,
                paint,
            );
        }
    }
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

/// The active objectives as the HUD words them — the label and how far it has got — and
/// where each is (its area, its item, the nearest nest), when it has a place.
pub fn objective_lines(w: &World) -> Vec<(String, Option<Vec2>)> {
    let m = w.mission();
    if m.outcome.ended() {
        return Vec::new();
    }
    let centre = w.squad_centre();
    m.objectives
        .iter()
        .enumerate()
        .filter(|(_, o)| o.active())
        .map(|(k, o)| {
            let secs = |t: u64| t as f32 * DT;
            let more = match o.spec.goal {
                Goal::Reach { .. } | Goal::Do { .. } => String::new(),
                Goal::Survive { seconds } => format!(
                    "  {} left",
                    view::screens::clock_text((seconds - secs(o.progress)).max(0.0))
                ),
                Goal::Hold { area, seconds } => {
                    let inside = m.areas[area].contains(centre);
                    format!(
                        "  {:.0}/{seconds:.0} s{}",
                        secs(o.progress).min(seconds),
                        if inside { "" } else { "  (get inside)" }
                    )
                }
                Goal::Nests => format!("  {} left", m.nests_left_in(w.enemies())),
                Goal::Recover { item, .. } => {
                    let it = &m.items[item];
                    match it.carrier {
                        Some(c) => format!("  carried by {}", agent_name(w.agents(), c as usize)),
                        None => "  (find it)".into(),
                    }
                }
            };
            (
                format!("{}{more}", o.spec.label),
                m.marker_in(k, w.enemies(), centre),
            )
        })
        .collect()
}

/// The objective marker's colour: a pale gold, apart from the warnings' red.
const OBJECTIVE: Rgba = Rgba::rgb(240, 210, 120);

/// A ring over `p` on screen, or an arrow at the frame's edge toward it when it is off
/// screen, in `colour` (a fallen agent's red, an objective's gold).
fn marker(fb: &mut Framebuffer, v: &HudView, p: Vec2, s: i32, colour: Rgba) {
    let (w, h) = (fb.width as f32, fb.height as f32);
    // Where the scene drew `p`: laid out for the design frame round its centre, scaled
    // by the frame's height and the zoom.
    let iso = Iso::new(v.camera.center, 0, 0);
    let q = iso.project(p, 0.0);
    let k = view::zoom::scene_scale(fb.height, v.zoom);
    let q = [w / 2.0 + q[0] * k, h / 2.0 + q[1] * k];
    let margin = 24.0 * s as f32;
    let inside = q[0] > margin && q[0] < w - margin && q[1] > margin && q[1] < h - margin;
    let paint = Paint::alpha(colour.with_alpha(220));
    if inside {
        stroke_circle(fb, q, 16.0 * s as f32, 2.0 * s as f32, paint);
        return;
    }
    // Toward `q` from the centre, stopped at the margin.
    let d = [q[0] - w / 2.0, q[1] - h / 2.0];
    let k =
        ((w / 2.0 - margin) / d[0].abs().max(1e-3)).min((h / 2.0 - margin) / d[1].abs().max(1e-3));
    let tip = [w / 2.0 + d[0] * k, h / 2.0 + d[1] * k];
    let len = (d[0] * d[0] + d[1] * d[1]).sqrt().max(1e-3);
    let (ux, uy) = (d[0] / len, d[1] / len);
    let back = [tip[0] - ux * 18.0 * s as f32, tip[1] - uy * 18.0 * s as f32];
    let side = [-uy * 8.0 * s as f32, ux * 8.0 * s as f32];
    for e in [
        [back[0] + side[0], back[1] + side[1]],
        [back[0] - side[0], back[1] - side[1]],
    ] {
        draw_line(fb, e, tip, 3.0 * s as f32, LineCap::Round, paint);
    }
    fill_circle(fb, tip, 3.0 * s as f32, paint);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn overlap(a: Rect, b: Rect) -> bool {
        a.0 < b.0 + b.2 && b.0 < a.0 + a.2 && a.1 < b.1 + b.3 && b.1 < a.1 + a.3
    }

    #[test]
    fn the_hud_keeps_out_of_the_overlay_and_the_message_band_and_inside_the_frame() {
        for (w, h) in [(1280, 720), (1920, 1080), (2560, 1440)] {
            let l = layout(w, h, 5);
            let band = (
                0,
                h - 30 - 16 * MESSAGE_LINES as i32,
                w,
                30 + 16 * MESSAGE_LINES as i32,
            );
            let mut boxes = vec![
                ("top", l.top),
                ("notices", l.notices),
                ("objectives", l.objectives),
                ("side", l.side),
            ];
            boxes.extend(l.cards.iter().map(|c| ("card", *c)));
            for (name, r) in &boxes {
                assert!(
                    r.0 >= 0 && r.1 >= 0 && r.0 + r.2 <= w && r.1 + r.3 <= h,
                    "{name} {r:?} off {w}x{h}"
                );
                assert!(
                    !overlap(*r, band),
                    "{name} {r:?} under the message band at {w}x{h}"
                );
                for o in view::overlay::text_regions(w, h) {
                    assert!(
                        !overlap(*r, o),
                        "{name} {r:?} over the overlay's {o:?} at {w}x{h}"
                    );
                }
                for (other, q) in &boxes {
                    assert!(
                        std::ptr::eq(r, q) || !overlap(*r, *q),
                        "{name} over {other} at {w}x{h}"
                    );
                }
            }
            assert_eq!(l.scale, (h / 720).max(1));
        }
        // The overlay's log stays above the message band too.
        let log = view::overlay::text_regions(1280, 720)[1];
        assert!(log.1 + log.3 <= 720 - 30 - 16 * MESSAGE_LINES as i32);
    }

    /// The HUD words each active objective with its progress and marks where it is:
    /// the Warrens' nests, counted down as the squad burns them, the nearest one marked;
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
        assert_eq!(lines[0].0, "Burn out the three nests  3 left");
        let nearest = lines[0].1.expect("a nest is marked");
        let m = s.mission();
        let first = s.enemy(m.nests[0].enemy).unwrap().pos;
        assert_eq!(nearest, first, "the nest nearest the start");
        let mut left_seen = vec![3];
        while !s.mission().objectives[0].done() && !s.mission().outcome.ended() {
            step(s);
            let l = objective_lines(s);
            if let Some(n) = l[0]
                .0
                .strip_suffix(" left")
                .and_then(|t| t.rsplit(' ').next())
            {
                let n: usize = n.parse().unwrap();
                if left_seen.last() != Some(&n) {
                    left_seen.push(n);
                }
            }
        }
        assert_eq!(left_seen, [3, 2, 1], "counted down as the nests fell");
        step(s);
        let l = objective_lines(s);
        assert_eq!(l[0].0, "Climb out at the exit shaft");
        let shaft = s.mission().areas[4].centre();
        assert_eq!(l[0].1, Some(shaft));
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
