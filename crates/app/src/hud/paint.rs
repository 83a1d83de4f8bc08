//! What every part of the HUD draws with: what the frame hands it besides the world
//! ([`HudView`]), its colours, the dark backing under a box, centred text, and a world
//! point where the scene drew it (for the markers and the throw's words).

use raster::{draw_line, draw_text, fill_circle, stroke_circle, Framebuffer, LineCap, Paint, Rgba};
use sim::read::Vec2;
use view::aim::Reticle;
use view::way::pointer::edge_arrow;
use view::way::route::Route;
use view::{Camera, Iso};

use super::feed::HudFeed;
use crate::shell::prompts::KeyNames;

/// What the HUD shows besides the world: the run's end tick, the aim mode, the camera
/// and the zoom the frame was drawn with (for the markers), the player's keys (the
/// prompts' placeholders, the kit's line) and the throw being aimed.
#[derive(Clone, Copy, Debug)]
pub struct HudView<'a> {
    pub feed: &'a HudFeed,
    pub end_tick: u64,
    pub manual_aim: bool,
    pub camera: &'a Camera,
    pub zoom: f32,
    pub keys: &'a KeyNames,
    pub throw: Option<&'a Reticle>,
    /// The way to the active objective (REQ W1): its marker's arrow points along the
    /// path's first leg (`None`: straight at the place, as a fallen agent's does).
    pub way: Option<&'a Route>,
    /// A replay being watched, at this speed: the REPLAY tag.
    pub replay: Option<u32>,
}

pub const INK: Rgba = Rgba::rgb(235, 235, 225);
pub const DIM: Rgba = Rgba::rgb(150, 150, 145);
pub const WARN: Rgba = Rgba::rgb(255, 90, 70);
/// Low on something (a magazine at the reload mark, a reload under way).
pub const LOW: Rgba = Rgba::rgb(255, 190, 80);
pub const GOOD: Rgba = Rgba::rgb(90, 220, 110);
pub const GUNNER: Rgba = Rgba::rgb(110, 170, 255);
pub const BLADE: Rgba = Rgba::rgb(255, 170, 70);
/// A key's name on the HUD (the kit's line).
pub const KEY: Rgba = Rgba::rgb(240, 210, 120);
/// The objective marker's colour: a pale gold, apart from the warnings' red.
pub const OBJECTIVE: Rgba = Rgba::rgb(240, 210, 120);

/// The translucent dark under a box.
pub fn backing(fb: &mut Framebuffer, r: super::layout::Rect) {
    fb.fill_rect(r.0, r.1, r.2, r.3, Paint::alpha(Rgba::new(0, 0, 0, 150)));
}

/// Text centred in `r` horizontally, at `y`.
pub fn centred_in(
    fb: &mut Framebuffer,
    r: super::layout::Rect,
    y: i32,
    s: &str,
    c: Rgba,
    scale: i32,
) {
    let w = raster::text_width(s, scale as u32);
    draw_text(fb, r.0 + (r.2 - w) / 2, y, s, c, scale as u32);
}

/// Where the scene drew the floor point `p` on `fb`, in `fb`'s drawing units (the HUD
/// draws at the UI scale): laid out for the design frame round its centre, scaled by
/// the frame's height and the zoom.
pub fn on_screen(fb: &Framebuffer, v: &HudView, p: Vec2) -> [f32; 2] {
    let (w, h) = (fb.width as f32, fb.height as f32);
    let iso = Iso::new(v.camera.center, 0, 0);
    let q = iso.project(p, 0.0);
    let k = view::zoom::scene_scale(fb.height, v.zoom);
    let u = fb.scale();
    [(w / 2.0 + q[0] * k) / u, (h / 2.0 + q[1] * k) / u]
}

/// `fb`'s size in its drawing units.
pub fn units(fb: &Framebuffer) -> (f32, f32) {
    fb.logical_size()
}

/// A ring over `p` on screen, or an arrow at the frame's edge when it is off screen, in
/// `colour` (a fallen agent's red, an objective's gold). The arrow points from the
/// frame's centre toward `p`, or — given `way`, a start on the floor and a unit
/// direction (the path's first leg from the disk, REQ W1) — from that start along it.
pub fn marker(
    fb: &mut Framebuffer,
    v: &HudView,
    p: Vec2,
    way: Option<(Vec2, Vec2)>,
    s: i32,
    colour: Rgba,
) {
    let (w, h) = units(fb);
    let q = on_screen(fb, v, p);
    let margin = 24.0 * s as f32;
    let inside = q[0] > margin && q[0] < w - margin && q[1] > margin && q[1] < h - margin;
    let paint = Paint::alpha(colour.with_alpha(220));
    if inside {
        stroke_circle(fb, q, 16.0 * s as f32, 2.0 * s as f32, paint);
        return;
    }
    let centre = [w / 2.0, h / 2.0];
    let (from, dir) = match way {
        Some((start, d)) => {
            let a = on_screen(fb, v, start);
            let b = on_screen(fb, v, start + d);
            (a, [b[0] - a[0], b[1] - a[1]])
        }
        None => (centre, [q[0] - centre[0], q[1] - centre[1]]),
    };
    let Some((tip, [ux, uy])) = edge_arrow((w, h), from, dir, margin) else {
        return;
    };
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
