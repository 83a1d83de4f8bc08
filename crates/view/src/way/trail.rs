//! The floor trail (REQ W1): the next tiles of the way to the objective, a chevron on
//! each pointing along the path, fading with distance from the disk. Drawn in the
//! floor-marker pass, glowing (it reads in the dark and over tiles never seen: it is
//! the way through the black tunnels). A shortest path hugs walls, and a wall block
//! hides the floor a tile behind it on screen: the marks a wall hides are drawn again
//! over the finished frame, dimmer, as the squad's x-ray outlines are, so the trail is
//! never lost behind the corridor's near wall. Optional: a setting (on by default on
//! easy).

use raster::{draw_line, Framebuffer, LineCap, Paint};
use sim::read::{Grid, World};
use sim::Vec2;

use super::route::Route;
use super::tuning::WayTuning;
use crate::canvas::Canvas;
use crate::iso::Iso;
use crate::palette as pal;
use crate::scene::hidden_by_wall;

/// Height of the trail's paint over the floor (world units).
const Z: f32 = 0.015;

/// A chevron's half-length along the path and half-width across it, world units.
const LENGTH: f32 = 0.2;
const WIDTH: f32 = 0.22;

/// The trail's marks: for each of the next tiles, its centre and the unit direction of
/// the path there (toward the next tile; the last keeps the one before).
pub fn marks(route: &Route, n: usize) -> Vec<(Vec2, Vec2)> {
    let tiles = route.tiles();
    let ahead = route.ahead(n).len();
    let centre = |i: usize| Grid::tile_center(tiles[i].0, tiles[i].1);
    (1..=ahead)
        .map(|i| {
            let d = match tiles.get(i + 1) {
                Some(_) => centre(i + 1) - centre(i),
                None => centre(i) - centre(i - 1),
            };
            (centre(i), d.normalize_or_zero())
        })
        .collect()
}

/// Draws the trail of `route` (the floor-marker pass).
pub fn draw_trail(cv: &mut Canvas, iso: &Iso, route: &Route, t: &WayTuning) {
    each_chevron(route, t, |i, a, b, tip| {
        let col = Paint::alpha(pal::WAY.with_alpha(level(t, i, 1.0)));
        cv.glow_line(
            iso.project(a, Z),
            iso.project(tip, Z),
            2.5,
            LineCap::Round,
            col,
        );
        cv.glow_line(
            iso.project(b, Z),
            iso.project(tip, Z),
            2.5,
            LineCap::Round,
            col,
        );
    });
}

/// The marks of `route`'s trail a wall hides, over the finished frame: thinner and at
/// 60 % of their level (through the wall, as the x-ray outlines).
pub fn draw_trail_xray(fb: &mut Framebuffer, iso: &Iso, w: &World, route: &Route, t: &WayTuning) {
    each_chevron(route, t, |i, a, b, tip| {
        let c = (a + b) * 0.5;
        if !(hidden_by_wall(w, c, 0.0) || hidden_by_wall(w, tip, 0.0)) {
            return;
        }
        let col = Paint::alpha(pal::WAY.with_alpha(level(t, i, 0.6)));
        draw_line(
            fb,
            iso.project(a, Z),
            iso.project(tip, Z),
            1.8,
            LineCap::Round,
            col,
        );
        draw_line(
            fb,
            iso.project(b, Z),
            iso.project(tip, Z),
            1.8,
            LineCap::Round,
            col,
        );
    });
}

/// Mark `i`'s opacity: the nearest at the trail's level, the farthest at a third, times
/// `k`.
fn level(t: &WayTuning, i: usize, k: f32) -> u8 {
    let n = t.trail_tiles.max(1) as f32;
    let a = t.trail_level * (1.0 - 0.67 * i as f32 / n) * k;
    (a.clamp(0.0, 1.0) * 255.0).round() as u8
}

/// Calls `f(i, back_a, back_b, tip)` for each chevron of the trail, floor points.
fn each_chevron(route: &Route, t: &WayTuning, mut f: impl FnMut(usize, Vec2, Vec2, Vec2)) {
    for (i, (c, d)) in marks(route, t.trail_tiles as usize).iter().enumerate() {
        let side = Vec2::new(-d.y, d.x) * WIDTH;
        let back = *c - *d * LENGTH;
        f(i, back + side, back - side, *c + *d * LENGTH);
    }
}
