//! H2 fog of war with memory: per tile, live (in the squad's line of sight now),
//! remembered (seen before) or never seen.
//!
//! Line of sight is symmetric shadowcasting ([`super::fov`]) from the tile of every
//! standing agent, out to `sight_radius`; and from the tile of every burning flare out
//! to the reach of its light (REQ K3: what a flare lights the squad sees, round corners
//! and beyond its own sight). It is stepped once per simulation tick, so the memory is a
//! function of the run (a replay or a screenshot at tick N sees the same fog), and
//! recomputed only when some agent changed tile or fell, or a flare's reach changed.
//! The memory lasts the whole run; [`Fog::memory`] is what a save keeps.

use serde::{Deserialize, Serialize};
use sim::read::{Grid, World};

use super::fov::{visible_tiles, FovScratch};
use crate::seen::Seen;

const NEVER: u8 = 0;
const REMEMBERED: u8 = 1;
const LIVE: u8 = 2;

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Fog {
    width: i32,
    height: i32,
    /// Per tile (row-major): never seen, remembered or live.
    state: Vec<u8>,
    /// Per tile: a wall (walls do not count in the corners' shares: the floor's fog edge
    /// is between floor tiles).
    wall: Vec<bool>,
    /// Tiles live now, to demote them cheaply when the sight moves.
    live: Vec<u32>,
    /// The tiles the sight was computed from and each one's radius in tiles: one per
    /// standing agent, then one per burning flare.
    origins: Vec<(i32, i32, i32)>,
    #[serde(skip)]
    scratch: FovScratch,
}

impl Fog {
    /// A fog read from a save fits `grid` and its indices are in range.
    pub fn check(&self, grid: &Grid) -> Result<(), String> {
        let n = (self.width.max(0) * self.height.max(0)) as usize;
        if self.width != grid.width() || self.height != grid.height() {
            return Err("the fog memory is for another map".into());
        }
        if self.state.len() != n
            || self.wall.len() != n
            || self.state.iter().any(|&s| s > LIVE)
            || self.live.iter().any(|&i| i as usize >= n)
        {
            return Err("the fog memory is damaged".into());
        }
        Ok(())
    }

    pub fn new(grid: &Grid) -> Fog {
        let (width, height) = (grid.width().max(0), grid.height().max(0));
        let wall = (0..height)
            .flat_map(|y| (0..width).map(move |x| (x, y)))
            .map(|(x, y)| grid.is_wall(x, y))
            .collect();
        Fog {
            width,
            height,
            state: vec![NEVER; (width * height) as usize],
            wall,
            ..Fog::default()
        }
    }

    /// One simulation tick: the squad's sight now, `radius` tiles round each standing
    /// agent, and what the burning flares light (each to its light's radius in the
    /// simulation times `flare_reach`, the view's light beyond it); what leaves it is
    /// remembered.
    pub fn step(&mut self, w: &World, radius: u32, flare_reach: f32) {
        let grid = &w.map().grid;
        if grid.width() != self.width || grid.height() != self.height {
            *self = Fog::new(grid);
        }
        let radius = radius.min(1024) as i32;
        let mut origins: Vec<(i32, i32, i32)> = w
            .agents()
            .iter()
            .filter(|a| a.alive)
            .map(|a| {
                let (x, y) = Grid::tile_of(a.pos);
                (x, y, radius)
            })
            .collect();
        origins.extend(w.tools().flares.iter().filter_map(|f| {
            let r = flare_sight(f.light_radius(w.tuning(), w.ticks()), flare_reach)?;
            let (x, y) = Grid::tile_of(f.pos);
            Some((x, y, r))
        }));
        if origins == self.origins && !self.live.is_empty() {
            return;
        }
        for &i in &self.live {
            self.state[i as usize] = REMEMBERED;
        }
        self.live.clear();
        let (wd, ht) = (self.width, self.height);
        let state = &mut self.state;
        let live = &mut self.live;
        for &(x, y, r) in &origins {
            visible_tiles(grid, (x, y), r, &mut self.scratch, |x, y| {
                if x >= 0 && y >= 0 && x < wd && y < ht {
                    let i = (y * wd + x) as usize;
                    if state[i] != LIVE {
                        state[i] = LIVE;
                        live.push(i as u32);
                    }
                }
            });
        }
        self.origins = origins;
    }

    #[inline]
    fn at(&self, x: i32, y: i32) -> u8 {
        if x >= 0 && y >= 0 && x < self.width && y < self.height {
            self.state[(y * self.width + x) as usize]
        } else {
            NEVER
        }
    }

    pub fn seen(&self, x: i32, y: i32) -> Seen {
        match self.at(x, y) {
            LIVE => Seen::Live,
            REMEMBERED => Seen::Remembered,
            _ => Seen::Never,
        }
    }

    /// Share of the floor tiles round corner `(x, y)` (of the four touching it) that
    /// are live; 1 where no floor touches it.
    pub fn corner_live(&self, x: i32, y: i32) -> f32 {
        self.corner_share(x, y, |s| s == LIVE)
    }

    /// Share of the floor tiles round corner `(x, y)` that were ever seen.
    pub fn corner_seen(&self, x: i32, y: i32) -> f32 {
        self.corner_share(x, y, |s| s != NEVER)
    }

    fn corner_share(&self, x: i32, y: i32, pick: impl Fn(u8) -> bool) -> f32 {
        let (mut floor, mut n) = (0u32, 0u32);
        for (tx, ty) in [(x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)] {
            if tx < 0 || ty < 0 || tx >= self.width || ty >= self.height {
                continue;
            }
            let i = (ty * self.width + tx) as usize;
            if self.wall[i] {
                continue;
            }
            floor += 1;
            if pick(self.state[i]) {
                n += 1;
            }
        }
        if floor == 0 {
            1.0
        } else {
            n as f32 / floor as f32
        }
    }

    /// Tiles live now and tiles remembered.
    pub fn counts(&self) -> (usize, usize) {
        let live = self.live.len();
        let seen = self.state.iter().filter(|&&s| s != NEVER).count();
        (live, seen - live)
    }

    /// The memory, one byte per tile (0 never seen, 1 remembered, 2 live), for saves.
    pub fn memory(&self) -> &[u8] {
        &self.state
    }
}

/// The sight a burning flare gives, tiles: its light's radius in the simulation
/// (`Flare::light_radius`, 0 once out) times `reach`, rounded up so every tile its light
/// touches is seen; `None` for a flare that gives none.
pub fn flare_sight(light_radius: f32, reach: f32) -> Option<i32> {
    let r = light_radius * reach;
    (r > 0.0 && r.is_finite()).then(|| r.ceil().min(1024.0) as i32)
}

/// The fog stage of a frame. The light buffer starts at the ambient everywhere, and the
/// scene draws remembered floor with an albedo that shows at the memory level under the
/// ambient ([`crate::scene::Lighting::floor_memory`]), so only one thing is left to do:
/// where a light reached a tile the squad does not see now, take its light back to the
/// ambient (the lamp in a remembered room does not light it; memory does not flicker
/// with the squad's beams). Tiles at the edge of sight blend across the tile, so the
/// fog has a soft rim that never reaches into a live tile's interior. Never-seen tiles
/// are black albedo and need nothing.
#[allow(clippy::too_many_arguments)]
pub fn resolve_floor(
    fog: &Fog,
    light: &mut raster::Framebuffer,
    grid: &Grid,
    iso: &crate::iso::Iso,
    tiles: &crate::cull::Visible,
    reach: &[(super::lights::Light, sim::Vec2, sim::Vec2)],
    ambient: raster::Rgba,
    marks: &mut Vec<bool>,
) {
    use raster::{fill_quad, Paint};
    let (x0, y0, x1, y1) = tiles.rect;
    if x1 < x0 || y1 < y0 {
        return;
    }
    let (rw, rh) = ((x1 - x0 + 1) as usize, (y1 - y0 + 1) as usize);
    marks.clear();
    marks.resize(rw * rh, false);
    // Tiles any light's polygon can touch (its bounding box, clipped to the rect).
    for (l, lo, hi) in reach {
        let (lx0, ly0) = Grid::tile_of(*lo);
        let (lx1, ly1) = Grid::tile_of(*hi);
        for y in ly0.max(y0)..=ly1.min(y1) {
            let cols = tiles.cols(y);
            for x in lx0.max(*cols.start())..=lx1.min(*cols.end()) {
                let m = &mut marks[(y - y0) as usize * rw + (x - x0) as usize];
                // Live tiles at the edge of sight blend too (their corners outside it).
                if !*m && l.may_reach_tile(x, y) {
                    *m = fog.seen(x, y) != Seen::Live
                        || fog.corner_live(x, y) < 1.0
                        || fog.corner_live(x + 1, y) < 1.0
                        || fog.corner_live(x + 1, y + 1) < 1.0
                        || fog.corner_live(x, y + 1) < 1.0;
                }
            }
        }
    }
    for y in tiles.rows() {
        for x in tiles.cols(y) {
            if !marks[(y - y0) as usize * rw + (x - x0) as usize] || grid.is_wall(x, y) {
                continue;
            }
            let corners = [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)];
            let live = corners.map(|(cx, cy)| fog.corner_live(cx, cy));
            if live.iter().all(|&v| v >= 1.0) {
                continue;
            }
            if fog.seen(x, y) == Seen::Never && live.iter().all(|&v| v <= 0.0) {
                continue;
            }
            let q = crate::scene::diamond_pts(iso, x, y);
            // A tile out of sight keeps none of its light; a live tile at the edge of
            // sight keeps the mean of its corners, so the rim is one tile soft on the
            // live side and no light spills into memory. One alpha per tile: a flat
            // blend costs a third of a per-pixel (Gouraud) one and this runs on every
            // edge tile a light reaches.
            let keep = if fog.seen(x, y) == Seen::Live {
                live.iter().sum::<f32>() * 0.25
            } else {
                0.0
            };
            let a = ((1.0 - keep) * 255.0).round() as u8;
            fill_quad(light, q, Paint::alpha(ambient.with_alpha(a)));
        }
    }
}
