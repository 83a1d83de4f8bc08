//! Which map tiles a framebuffer can show: the frame, or one band of its rows. The
//! composer draws a frame as bands, each on its own pass over the world; a band that
//! walked every tile of the whole frame (its floor details, wall blocks with their light
//! samples, fog edges) paid that walk again per band, so drawing a 1280×720 frame as six
//! bands cost 60 % more than as one (issue 37, V5). A band walks only the tiles whose
//! floor diamond, or anything standing on it, reaches its rows and the frame's columns.
//!
//! In isometric view a tile `(x, y)` sits on screen by `x + y` (down) and `x − y`
//! (across): a band of rows is a range of `x + y`, the frame's width a range of `x − y`,
//! so each map row's columns are one interval.

use std::ops::RangeInclusive;

use raster::Framebuffer;

use crate::iso::{Iso, HEIGHT_PX, TILE_H, TILE_W};

/// How far above its floor diamond anything drawn for a tile reaches (drawing units):
/// a wall block (one `HEIGHT_PX` tall) and the wall props standing in it, with as much
/// again and a tile to spare for strokes and soft edges. (Lamps, pickups and bodies are
/// not walked by tile: each is culled by its own box.)
const RISE: f32 = 2.0 * HEIGHT_PX + TILE_H;
/// How far below its floor diamond (rims of its details, soft edges), a tile to spare.
const SINK: f32 = TILE_H;
/// How far to either side of its diamond, a tile to spare.
const SIDE: f32 = TILE_W;

/// The tiles a framebuffer can show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Visible {
    /// The bounding rectangle of the whole frame's tiles, `(x0, y0, x1, y1)`, clipped to
    /// the map (the fog stage indexes its marks by it).
    pub rect: (i32, i32, i32, i32),
    /// The tiles' `x + y` that reach the framebuffer's rows, inclusive.
    sum: (i32, i32),
    /// The tiles' `x − y` that reach the frame's columns, inclusive.
    diff: (i32, i32),
}

impl Visible {
    /// The tiles of a `map_w × map_h` map that `fb` (a band, or the whole frame) can
    /// show through `iso`.
    pub fn of(fb: &Framebuffer, iso: &Iso, map_w: i32, map_h: i32) -> Visible {
        let size = fb.logical_size();
        let rect = visible_tiles(iso, size, map_w, map_h);
        let k = fb.scale();
        let rows = fb.band();
        let (top, bottom) = (rows.start as f32 / k, rows.end as f32 / k);
        let (hw, hh) = (TILE_W * 0.5, TILE_H * 0.5);
        // Tile (x, y)'s top corner is at y = oy + (x + y − cx − cy)·hh, its bottom a
        // tile lower; its left and right corners at x = ox + (x − y − cx + cy ∓ 1)·hw.
        let c_sum = iso.center.x + iso.center.y;
        let c_diff = iso.center.x - iso.center.y;
        let sum_lo = (top - TILE_H - SINK - iso.origin[1]) / hh + c_sum;
        let sum_hi = (bottom + RISE - iso.origin[1]) / hh + c_sum;
        let diff_lo = (-SIDE - iso.origin[0]) / hw + c_diff - 1.0;
        let diff_hi = (size.0 + SIDE - iso.origin[0]) / hw + c_diff + 1.0;
        let clamp = |v: f32| v.clamp(-1e9, 1e9);
        Visible {
            rect,
            sum: (
                clamp(sum_lo.floor()) as i32 - 1,
                clamp(sum_hi.ceil()) as i32 + 1,
            ),
            diff: (
                clamp(diff_lo.floor()) as i32 - 1,
                clamp(diff_hi.ceil()) as i32 + 1,
            ),
        }
    }

    /// The rows of tiles to walk: the rectangle's.
    pub fn rows(&self) -> RangeInclusive<i32> {
        self.rect.1..=self.rect.3
    }

    /// The columns of tile row `y` this framebuffer can show (empty when none).
    pub fn cols(&self, y: i32) -> RangeInclusive<i32> {
        let (x0, _, x1, _) = self.rect;
        let lo = x0.max(self.sum.0 - y).max(self.diff.0 + y);
        let hi = x1.min(self.sum.1 - y).min(self.diff.1 + y);
        lo..=hi
    }

    /// Every tile this framebuffer can show, row by row.
    pub fn tiles(&self) -> impl Iterator<Item = (i32, i32)> + '_ {
        self.rows()
            .flat_map(move |y| self.cols(y).map(move |x| (x, y)))
    }

    /// Whether tile `(x, y)` is one of [`Visible::tiles`].
    pub fn contains(&self, x: i32, y: i32) -> bool {
        self.rows().contains(&y) && self.cols(y).contains(&x)
    }
}

/// Visible tile rectangle for this projection (with a margin for wall height).
pub fn visible_tiles(
    iso: &Iso,
    (w, h): (f32, f32),
    world_w: i32,
    world_h: i32,
) -> (i32, i32, i32, i32) {
    let corners = [
        iso.unproject([0.0, -HEIGHT_PX * 2.0]),
        iso.unproject([w, -HEIGHT_PX * 2.0]),
        iso.unproject([0.0, h + TILE_H]),
        iso.unproject([w, h + TILE_H]),
    ];
    let minx = corners
        .iter()
        .map(|c| c.x)
        .fold(f32::INFINITY, f32::min)
        .floor() as i32
        - 1;
    let maxx = corners
        .iter()
        .map(|c| c.x)
        .fold(f32::NEG_INFINITY, f32::max)
        .ceil() as i32
        + 1;
    let miny = corners
        .iter()
        .map(|c| c.y)
        .fold(f32::INFINITY, f32::min)
        .floor() as i32
        - 1;
    let maxy = corners
        .iter()
        .map(|c| c.y)
        .fold(f32::NEG_INFINITY, f32::max)
        .ceil() as i32
        + 1;
    (
        minx.max(0),
        miny.max(0),
        maxx.min(world_w - 1),
        maxy.min(world_h - 1),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use sim::Vec2;

    /// Whether anything of tile `(x, y)` (its floor diamond raised by a wall block)
    /// lands in `fb`'s rows and columns: the screen box of the block.
    fn block_shows(fb: &Framebuffer, iso: &Iso, x: i32, y: i32) -> bool {
        let (fx, fy) = (x as f32, y as f32);
        let pts = [
            iso.project(Vec2::new(fx, fy), 1.0),
            iso.project(Vec2::new(fx + 1.0, fy + 1.0), 0.0),
            iso.project(Vec2::new(fx, fy + 1.0), 0.0),
            iso.project(Vec2::new(fx + 1.0, fy), 0.0),
        ];
        let x0 = pts.iter().map(|p| p[0]).fold(f32::INFINITY, f32::min);
        let x1 = pts.iter().map(|p| p[0]).fold(f32::NEG_INFINITY, f32::max);
        let y0 = pts.iter().map(|p| p[1]).fold(f32::INFINITY, f32::min);
        let y1 = pts.iter().map(|p| p[1]).fold(f32::NEG_INFINITY, f32::max);
        crate::canvas::shows(fb, [x0, y0], [x1, y1])
    }

    #[test]
    fn a_band_walks_every_tile_it_shows_and_fewer_than_half_the_frame_s() {
        let (w, h) = (1920, 1080);
        let iso_at = |c: Vec2| Iso {
            center: c,
            origin: [w as f32 / 2.0 / 1.5, h as f32 / 2.0 / 1.5],
        };
        for center in [Vec2::new(20.5, 30.25), Vec2::new(3.0, 70.0)] {
            let iso = iso_at(center);
            let mut whole = Framebuffer::new(w, h);
            whole.set_scale(1.5);
            let all = Visible::of(&whole, &iso, 100, 100);
            let frame_tiles = all.tiles().count();
            let mut walked = 0;
            for rows in [0..1, 0..135, 135..540, 540..541, 1000..1080] {
                let mut band = Framebuffer::new(0, 0);
                band.resize_band(w, h, rows.clone());
                band.set_scale(1.5);
                let v = Visible::of(&band, &iso, 100, 100);
                for y in -5..105 {
                    for x in -5..105 {
                        let inside = (0..100).contains(&x) && (0..100).contains(&y);
                        if inside && block_shows(&band, &iso, x, y) {
                            assert!(v.contains(x, y), "{rows:?} shows ({x}, {y}), not walked");
                        }
                        assert!(!v.contains(x, y) || inside, "({x}, {y}) off the map walked");
                    }
                }
                let n = v.tiles().count();
                assert_eq!(n, v.tiles().filter(|&(x, y)| v.contains(x, y)).count());
                if rows.len() <= 135 {
                    assert!(n * 2 < frame_tiles, "{rows:?}: {n} of {frame_tiles} tiles");
                }
                walked += n;
            }
            assert!(walked > 0);
        }
    }
}
