//! The floor trail (REQ W1): the next tiles of the way to the objective, a chevron on
//! each pointing along the path, fading with distance from the disk. Drawn in the
//! floor-marker pass, glowing (it reads in the dark and over tiles never seen: it is
//! the way through the black tunnels); walls in front hide it as they hide the floor.
//! Optional: a setting (on by default on easy).

use raster::{LineCap, Paint};
use sim::read::Grid;
use sim::Vec2;

use super::route::Route;
use super::tuning::WayTuning;
use crate::canvas::Canvas;
use crate::iso::Iso;
use crate::palette as pal;

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
    let marks = marks(route, t.trail_tiles as usize);
    let n = marks.len().max(1) as f32;
    for (i, (c, d)) in marks.iter().enumerate() {
        // Nearest at full level, the farthest at a third.
        let a = t.trail_level * (1.0 - 0.67 * i as f32 / n);
        let col = Paint::alpha(pal::WAY.with_alpha((a.clamp(0.0, 1.0) * 255.0) as u8));
        let side = Vec2::new(-d.y, d.x) * WIDTH;
        let tip = iso.project(*c + *d * LENGTH, Z);
        for s in [side, side * -1.0] {
            let back = iso.project(*c - *d * LENGTH + s, Z);
            cv.glow_line(back, tip, 2.5, LineCap::Round, col);
        }
    }
}
