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

/// What a marker draws, in drawing units: a ring over a place on screen, or an arrow at
/// the frame's edge toward one off it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Mark {
    Ring {
        centre: [f32; 2],
        radius: f32,
    },
    /// The tip and the unit direction it points.
    Arrow {
        tip: [f32; 2],
        u: [f32; 2],
    },
}

impl Mark {
    /// The box every pixel the mark paints falls in (`x0, y0, x1, y1`): the arrow's two
    /// strokes (3 wide, round ends) and the dot at its tip; the ring's stroke.
    pub fn bounds(&self, s: i32) -> [f32; 4] {
        let s = s as f32;
        match *self {
            Mark::Ring { centre, radius } => {
                let r = radius + s;
                [centre[0] - r, centre[1] - r, centre[0] + r, centre[1] + r]
            }
            Mark::Arrow { tip, u } => {
                let mut b = [tip[0], tip[1], tip[0], tip[1]];
                for e in arrow_ends(tip, u, s) {
                    b = [
                        b[0].min(e[0]),
                        b[1].min(e[1]),
                        b[2].max(e[0]),
                        b[3].max(e[1]),
                    ];
                }
                let pad = 3.0 * s;
                [b[0] - pad, b[1] - pad, b[2] + pad, b[3] + pad]
            }
        }
    }
}

/// The arrow's two back ends, its strokes running from them to the tip.
fn arrow_ends(tip: [f32; 2], [ux, uy]: [f32; 2], s: f32) -> [[f32; 2]; 2] {
    let back = [tip[0] - ux * 18.0 * s, tip[1] - uy * 18.0 * s];
    let side = [-uy * 8.0 * s, ux * 8.0 * s];
    [
        [back[0] + side[0], back[1] + side[1]],
        [back[0] - side[0], back[1] - side[1]],
    ]
}

/// The mark for the place `q` on screen in a `w × h` frame (drawing units) whose
/// bottom is the HUD's from `floor` down (the squad's cards, the supply line and the
/// side box): a ring when `q` shows above the HUD, else an arrow kept `24·s` inside the
/// edges and above `floor` (a playtest found it drawn over the cards and the leash
/// meter), along `way` (a start and a direction on screen) or from the centre.
pub fn mark_at(
    (w, h): (f32, f32),
    floor: f32,
    q: [f32; 2],
    way: Option<([f32; 2], [f32; 2])>,
    s: i32,
) -> Option<Mark> {
    let margin = 24.0 * s as f32;
    let bottom = floor.min(h);
    let inside = q[0] > margin && q[0] < w - margin && q[1] > margin && q[1] < bottom - margin;
    if inside {
        return Some(Mark::Ring {
            centre: q,
            radius: 16.0 * s as f32,
        });
    }
    // The squad stands at the frame's centre.
    let centre = [w / 2.0, h / 2.0];
    let (from, dir) = way.unwrap_or((centre, [q[0] - centre[0], q[1] - centre[1]]));
    let (tip, u) = edge_arrow((w, bottom), from, dir, margin)?;
    Some(Mark::Arrow { tip, u })
}

/// A ring over `p` on screen, or an arrow at the frame's edge when it is off screen (or
/// behind the HUD's bottom, from `floor` down), in `colour` (a fallen agent's red, an
/// objective's gold). The arrow points from the frame's centre toward `p`, or — given
/// `way`, a start on the floor and a unit direction (the path's first leg from the disk,
/// REQ W1) — from that start along it.
pub fn marker(
    fb: &mut Framebuffer,
    v: &HudView,
    p: Vec2,
    way: Option<(Vec2, Vec2)>,
    floor: f32,
    s: i32,
    colour: Rgba,
) {
    let q = on_screen(fb, v, p);
    let way = way.map(|(start, d)| {
        let a = on_screen(fb, v, start);
        let b = on_screen(fb, v, start + d);
        (a, [b[0] - a[0], b[1] - a[1]])
    });
    let paint = Paint::alpha(colour.with_alpha(220));
    match mark_at(units(fb), floor, q, way, s) {
        Some(Mark::Ring { centre, radius }) => {
            stroke_circle(fb, centre, radius, 2.0 * s as f32, paint)
        }
        Some(Mark::Arrow { tip, u }) => {
            for e in arrow_ends(tip, u, s as f32) {
                draw_line(fb, e, tip, 3.0 * s as f32, LineCap::Round, paint);
            }
            fill_circle(fb, tip, 3.0 * s as f32, paint);
        }
        None => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hud::layout::{layout, Rect};

    fn overlap(b: [f32; 4], r: Rect) -> bool {
        let (x0, y0, x1, y1) = (
            r.0 as f32,
            r.1 as f32,
            (r.0 + r.2) as f32,
            (r.1 + r.3) as f32,
        );
        b[0] < x1 && x0 < b[2] && b[1] < y1 && y0 < b[3]
    }

    /// An objective behind the squad toward the bottom (off the frame, or on it but
    /// under the cards) puts the arrow outside every HUD box at 720p and 1080p (a
    /// playtest found it drawn over the cards and the leash meter).
    #[test]
    fn an_objective_toward_the_bottom_puts_the_arrow_outside_every_hud_box() {
        for (fw, fh) in [(1280, 720), (1920, 1080)] {
            let l = layout(fw, fh, 5);
            let (w, h) = view::screens::ui_units(fw as usize, fh as usize);
            let (w, h) = (w as f32, h as f32);
            let s = l.scale;
            let mut boxes = vec![l.top, l.notices, l.objectives, l.side, l.supply];
            boxes.extend(&l.cards);
            let centre = [w / 2.0, h / 2.0];
            let mut arrows = 0;
            for i in -8..=8 {
                let x = w / 2.0 + i as f32 * w / 16.0;
                // Off the bottom edge, and on the frame under the cards.
                for q in [
                    [x, h + 300.0],
                    [x, h - 10.0],
                    [x, l.cards[0].1 as f32 + 5.0],
                ] {
                    let dir = [q[0] - centre[0], q[1] - centre[1]];
                    for way in [None, Some((centre, dir)), Some((centre, [dir[0], 1.0]))] {
                        let m = mark_at((w, h), l.hud_floor() as f32, q, way, s).unwrap();
                        assert!(matches!(m, Mark::Arrow { .. }), "{q:?}: {m:?}");
                        arrows += 1;
                        let b = m.bounds(s);
                        assert!(
                            b[0] >= 0.0 && b[2] <= w && b[1] >= 0.0 && b[3] <= h,
                            "{b:?}"
                        );
                        for r in &boxes {
                            assert!(!overlap(b, *r), "{m:?} {b:?} over {r:?} at {fw}x{fh}");
                        }
                    }
                }
            }
            assert_eq!(arrows, 17 * 3 * 3);
            // Above the HUD it is a ring where the place is.
            let m = mark_at((w, h), l.hud_floor() as f32, centre, None, s);
            assert!(matches!(m, Some(Mark::Ring { centre: c, .. }) if c == centre));
        }
    }
}
