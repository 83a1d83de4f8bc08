//! The throw's reticle (REQ K3, K5): while the player holds a flare's or a grenade's key,
//! where the throw would land — the arc from the disk, the landing point (short of a
//! wall, within the throw range: `sim::read::throw_landing`, computed by the app) and the
//! tool's reach round it (the grenade's blast, the flare's light) — in red when the
//! simulation would refuse it. Drawn over the horror layer like the manual aim's
//! marker, with a dark edge under every line so it reads on the dark floor and in a
//! flare's glare alike. Render-only: nothing here reaches the simulation.

use raster::{draw_line, fill_circle, fill_ellipse, stroke_ellipse, Framebuffer, LineCap, Rgba};
use sim::read::{Tool, Vec2};
use sim::tuning::Tuning;

use crate::iso::{Camera, Iso, TILE_H, TILE_W};

/// A flare's reticle: the flare's own pink-red.
pub const FLARE: Rgba = Rgba::rgb(255, 120, 190);
/// A grenade's: a warning yellow.
pub const GRENADE: Rgba = Rgba::rgb(255, 214, 80);
/// A throw the simulation would refuse.
pub const REFUSED: Rgba = Rgba::rgb(255, 64, 48);
/// The dark edge under each line.
const EDGE: Rgba = Rgba::new(0, 0, 0, 170);

/// Dashes of the arc from the disk to the landing point.
const ARC_DASHES: usize = 12;
/// The arc's top, as a share of the throw's length, and at most (world units of
/// height): a lob, not a line drive, and never taller than a wall.
const ARC_RISE: f32 = 0.25;
const ARC_TOP: f32 = 1.5;

/// A throw being aimed, as the app computed it from the world.
#[derive(Clone, Debug, PartialEq)]
pub struct Reticle {
    pub tool: Tool,
    /// Where it leaves: the disk (as drawn this frame).
    pub from: Vec2,
    /// Where the player points.
    pub aim: Vec2,
    /// Where it would land (the aim, or short of it).
    pub to: Vec2,
    /// Its reach round the landing point (world units).
    pub radius: f32,
    /// Why the simulation would refuse it, in the player's words (`None`: it would go).
    pub refused: Option<String>,
}

/// The reach a thrown `tool` has round its landing point: a grenade's blast radius, a
/// flare's light (the tuning's; a medkit is not thrown: its reach round the disk).
pub fn reach(tool: Tool, t: &Tuning) -> f32 {
    match tool {
        Tool::Flare => t.tools.flare_light,
        Tool::Grenade => t.tools.grenade_radius,
        Tool::Medkit => t.tools.medkit_reach,
    }
}

impl Reticle {
    /// Its colour: the tool's, or red when refused.
    pub fn colour(&self) -> Rgba {
        match (&self.refused, self.tool) {
            (Some(_), _) => REFUSED,
            (None, Tool::Flare) => FLARE,
            (None, _) => GRENADE,
        }
    }

    /// The landing ring's radii on screen, in drawing units: a circle of the reach on the
    /// floor, seen as the 2:1 projection's ellipse.
    pub fn ring_radii(&self) -> [f32; 2] {
        let k = std::f32::consts::SQRT_2 * self.radius;
        [k * TILE_W * 0.5, k * TILE_H * 0.5]
    }
}

/// A line with its dark edge under it.
fn edged(fb: &mut Framebuffer, a: [f32; 2], b: [f32; 2], w: f32, c: Rgba) {
    draw_line(fb, a, b, w + 2.0, LineCap::Round, EDGE);
    draw_line(fb, a, b, w, LineCap::Round, c);
}

/// Draws `r` over the scene seen by `camera`.
pub fn draw_throw(fb: &mut Framebuffer, camera: &Camera, r: &Reticle) {
    let iso = Iso::for_frame(camera.center, fb);
    let c = r.colour();
    // The arc: dashes of a parabola from the disk up and down to the landing point.
    let top = (ARC_RISE * r.from.distance(r.to)).min(ARC_TOP);
    let at = |u: f32| {
        let p = r.from + (r.to - r.from) * u;
        iso.project(p, 4.0 * top * u * (1.0 - u))
    };
    for i in (0..2 * ARC_DASHES).step_by(2) {
        let n = (2 * ARC_DASHES) as f32;
        edged(fb, at(i as f32 / n), at((i + 1) as f32 / n), 2.0, c);
    }
    // Short of the aim (a wall, the range): a thin line on to where the player points.
    let land = iso.project(r.to, 0.0);
    if r.aim.distance(r.to) > 0.3 {
        let aim = iso.project(r.aim, 0.0);
        draw_line(fb, land, aim, 1.0, LineCap::Round, c.with_alpha(110));
        fill_circle(fb, aim, 2.5, c.with_alpha(140));
    }
    // The reach on the floor, filled faintly, outlined, and its centre.
    let radii = r.ring_radii();
    fill_ellipse(fb, land, radii, c.with_alpha(36));
    stroke_ellipse(fb, land, radii, 4.0, EDGE);
    stroke_ellipse(fb, land, radii, 2.0, c);
    let s = 6.0;
    match r.refused {
        // Refused: crossed out.
        Some(_) => {
            edged(
                fb,
                [land[0] - s, land[1] - s],
                [land[0] + s, land[1] + s],
                2.5,
                c,
            );
            edged(
                fb,
                [land[0] + s, land[1] - s],
                [land[0] - s, land[1] + s],
                2.5,
                c,
            );
        }
        None => {
            edged(fb, [land[0] - s, land[1]], [land[0] + s, land[1]], 2.0, c);
            edged(
                fb,
                [land[0], land[1] - s / 2.0],
                [land[0], land[1] + s / 2.0],
                2.0,
                c,
            );
        }
    }
    // Where it leaves: a small mark at the disk, a hand's height up.
    fill_circle(fb, iso.project(r.from, 0.3), 3.0, c);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reticle(refused: Option<String>) -> Reticle {
        Reticle {
            tool: Tool::Grenade,
            from: Vec2::new(10.0, 10.0),
            aim: Vec2::new(14.0, 10.0),
            to: Vec2::new(14.0, 10.0),
            radius: 3.5,
            refused,
        }
    }

    fn count(fb: &Framebuffer, want: impl Fn(Rgba) -> bool) -> usize {
        (0..fb.height as i32)
            .flat_map(|y| (0..fb.width as i32).map(move |x| (x, y)))
            .filter(|&(x, y)| fb.get_rgba(x, y).is_some_and(&want))
            .count()
    }

    /// The reticle is drawn round the landing point with the tool's reach: the ring's
    /// left and right ends are the reach's ellipse on screen, in the tool's colour, or
    /// red when refused.
    #[test]
    fn the_ring_is_the_reach_round_the_landing_point_in_the_verdict_s_colour() {
        let cam = Camera::new(Vec2::new(12.0, 10.0));
        for (refused, colour) in [(None, GRENADE), (Some("ally too close".into()), REFUSED)] {
            let r = reticle(refused);
            let mut fb = Framebuffer::new(1280, 720);
            draw_throw(&mut fb, &cam, &r);
            let iso = Iso::for_frame(cam.center, &fb);
            let c = iso.project(r.to, 0.0);
            let [rx, _] = r.ring_radii();
            let near = |p: Rgba| {
                (p.r as i32 - colour.r as i32).abs() < 40
                    && (p.g as i32 - colour.g as i32).abs() < 40
                    && (p.b as i32 - colour.b as i32).abs() < 40
            };
            for side in [-1.0f32, 1.0] {
                let x = (c[0] + side * rx).round() as i32;
                let hit = (x - 1..=x + 1).any(|x| fb.get_rgba(x, c[1] as i32).is_some_and(near));
                assert!(hit, "the ring at x {x} (centre {c:?}, rx {rx})");
            }
            assert!(count(&fb, near) > 200, "drawn in its colour");
        }
        // A flare's light is drawn in its own colour.
        let mut fb = Framebuffer::new(1280, 720);
        let mut r = reticle(None);
        r.tool = Tool::Flare;
        draw_throw(&mut fb, &cam, &r);
        assert!(count(&fb, |p| p == FLARE) > 50);
        assert_eq!(count(&fb, |p| p == GRENADE), 0);
    }

    #[test]
    fn the_reach_is_the_tuning_s() {
        let t = Tuning::default();
        assert_eq!(reach(Tool::Grenade, &t), t.tools.grenade_radius);
        assert_eq!(reach(Tool::Flare, &t), t.tools.flare_light);
    }
}
