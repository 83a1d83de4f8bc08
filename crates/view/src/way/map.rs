//! The map screen (REQ W3): what the squad has explored, over the dimmed frame while the
//! run goes on under it. The whole map is laid out in the game's own 2:1 turn (screen up
//! on the map is screen up in play), scaled to fit the frame: the tiles the fog
//! remembers (walls light, floor dark; those in sight now brighter), never-seen tiles
//! left black; the objectives' zones with a hold's progress, the way to the objective
//! and its mark; the enemies as last seen (fading as the memory ages; the nests
//! larger); the squad's agents (gunners blue, blades orange, the fallen grey) and the
//! disk. Tiles are filled pixel by pixel (each device pixel takes its tile's colour),
//! the marks drawn over them.

use raster::{
    draw_line, draw_text, fill_circle, stroke_circle, text_width, Framebuffer, LineCap, Paint, Rgba,
};
use sim::read::{EnemyKind, Grid, Role, World};
use sim::tuning::DT;
use sim::Vec2;

use super::zones::{outline_part, zones, Zone};
use super::Guide;
use crate::horror::fog::Fog;
use crate::palette as pal;
use crate::screens::style::{INK, INK_DIM};
use crate::seen::Seen;

/// The map's colours.
const FLOOR: Rgba = Rgba::rgb(40, 42, 52);
const FLOOR_LIVE: Rgba = Rgba::rgb(66, 70, 84);
const WALL: Rgba = Rgba::rgb(126, 128, 142);
const WALL_LIVE: Rgba = Rgba::rgb(196, 198, 210);
const ENEMY: Rgba = Rgba::rgb(255, 70, 50);
const NEST: Rgba = Rgba::rgb(200, 230, 80);

/// How the world is laid on the frame: the game's 2:1 turn, `k` device pixels per half
/// tile width, the map's centre at `origin`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MapFit {
    pub origin: [f32; 2],
    pub k: f32,
    pub centre: Vec2,
}

impl MapFit {
    /// The whole `map_w × map_h` map fitted into the box `(x, y, w, h)` (device pixels).
    pub fn new(r: (f32, f32, f32, f32), map_w: i32, map_h: i32) -> MapFit {
        let (w, h) = (map_w.max(1) as f32, map_h.max(1) as f32);
        MapFit::around(
            r,
            [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)].map(|(x, y)| Vec2::new(x, y)),
        )
    }

    /// The world points `pts` (at least one) fitted into the box `(x, y, w, h)`.
    pub fn around(r: (f32, f32, f32, f32), pts: impl IntoIterator<Item = Vec2>) -> MapFit {
        // In the turned frame u = x − y runs across the screen, v = x + y down it (at
        // half the scale): the bounds of both.
        let (mut u0, mut u1, mut v0, mut v1) = (f32::MAX, f32::MIN, f32::MAX, f32::MIN);
        for p in pts {
            let (u, v) = (p.x - p.y, p.x + p.y);
            (u0, u1, v0, v1) = (u0.min(u), u1.max(u), v0.min(v), v1.max(v));
        }
        if u0 > u1 {
            (u0, u1, v0, v1) = (0.0, 1.0, 0.0, 1.0);
        }
        let k = (r.2 / (u1 - u0).max(1.0))
            .min(2.0 * r.3 / (v1 - v0).max(1.0))
            .max(0.01);
        let (uc, vc) = ((u0 + u1) * 0.5, (v0 + v1) * 0.5);
        MapFit {
            origin: [r.0 + r.2 * 0.5, r.1 + r.3 * 0.5],
            k,
            centre: Vec2::new((uc + vc) * 0.5, (vc - uc) * 0.5),
        }
    }

    /// World point to device pixels.
    pub fn to_screen(&self, p: Vec2) -> [f32; 2] {
        let (dx, dy) = (p.x - self.centre.x, p.y - self.centre.y);
        [
            self.origin[0] + (dx - dy) * self.k,
            self.origin[1] + (dx + dy) * self.k * 0.5,
        ]
    }

    /// Device pixel to the world point under it.
    pub fn to_world(&self, s: [f32; 2]) -> Vec2 {
        let a = (s[0] - self.origin[0]) / self.k; // dx − dy
        let b = (s[1] - self.origin[1]) / (self.k * 0.5); // dx + dy
        Vec2::new(self.centre.x + 0.5 * (a + b), self.centre.y + 0.5 * (b - a))
    }
}

/// The box the map takes on a `w × h` frame (device pixels): below the heading, above
/// the legend, a margin at the sides.
pub fn map_box(w: usize, h: usize, ui: f32) -> (f32, f32, f32, f32) {
    let (w, h) = (w as f32, h as f32);
    let top = 56.0 * ui;
    let bottom = 40.0 * ui;
    let side = 24.0 * ui;
    (
        side,
        top,
        (w - 2.0 * side).max(1.0),
        (h - top - bottom).max(1.0),
    )
}

/// The largest a tile is drawn on the map, device pixels per half tile width on a frame
/// 720 pixels high (in proportion on others): a map of one room is not a few blocks
/// across the screen.
const MOST_K: f32 = 14.0;

/// The map's layout on `fb` for `w`: what is known of it — the tiles seen, the squad,
/// the way and its goal — as large as fits (a tile at most [`MOST_K`]), never smaller
/// than the whole map fitted; `ui` the frame's UI scale (the box's margins).
pub fn fit(fb: &Framebuffer, w: &World, fog: &Fog, guide: &Guide, ui: f32) -> MapFit {
    let r = map_box(fb.width, fb.height, ui);
    let grid = &w.map().grid;
    let whole = MapFit::new(r, grid.width(), grid.height());
    let seen = (0..grid.height())
        .flat_map(|y| (0..grid.width()).map(move |x| (x, y)))
        .filter(|&(x, y)| fog.seen(x, y) != Seen::Never)
        .flat_map(|(x, y)| {
            let (x, y) = (x as f32, y as f32);
            [
                Vec2::new(x, y),
                Vec2::new(x + 1.0, y + 1.0),
                Vec2::new(x + 1.0, y),
                Vec2::new(x, y + 1.0),
            ]
        });
    let squad = w.agents().iter().map(|a| a.pos).chain([w.anchor().pos]);
    let way = guide
        .route
        .tiles()
        .iter()
        .map(|t| Grid::tile_center(t.0, t.1))
        .chain(guide.route.goal());
    let mut f = MapFit::around(r, seen.chain(squad).chain(way));
    f.k = f.k.min(MOST_K * fb.height as f32 / 720.0);
    if f.k <= whole.k {
        return whole;
    }
    f
}

/// The colour of tile `(x, y)` on the map, if the squad has seen it.
pub fn tile_colour(grid: &Grid, fog: &Fog, x: i32, y: i32) -> Option<Rgba> {
    let seen = fog.seen(x, y);
    if seen == Seen::Never || !grid.in_bounds(x, y) {
        return None;
    }
    let live = seen == Seen::Live;
    Some(match (grid.is_wall(x, y), live) {
        (true, true) => WALL_LIVE,
        (true, false) => WALL,
        (false, true) => FLOOR_LIVE,
        (false, false) => FLOOR,
    })
}

/// Draws the map screen of `w` over `fb` (the band it holds) at UI scale `ui` (whole
/// steps: its text), with `status` the line under its heading (the time left, the
/// objective, how to leave it).
pub fn draw_map(fb: &mut Framebuffer, w: &World, fog: &Fog, guide: &Guide, ui: f32, status: &str) {
    let scale = fb.scale();
    fb.set_scale(1.0);
    let u = ui.max(1.0);
    let (fw, fh) = (fb.width as i32, fb.height as i32);
    // A sixteenth of the frame's light left: the map reads alone, the run is a shadow
    // under it (a shift per pixel: a whole-frame alpha blend cost 3 ms at 720p).
    for px in fb.pixels.iter_mut() {
        *px = (*px >> 4) & 0x000F_0F0F;
    }
    // The heading's band wholly dark: the HUD's top line under it must not show through.
    fb.fill_rect(0, 0, fw, (52.0 * u) as i32, Paint::opaque(Rgba::BLACK));
    let f = fit(fb, w, fog, guide, u);
    fill_tiles(fb, w, fog, &f);
    draw_zones(fb, w, &f, u);
    draw_way(fb, guide, &f, u);
    draw_enemies(fb, w, guide, &f, u);
    draw_squad(fb, w, &f, u);
    // The heading, the way out, and what the marks mean.
    let s = u.round().max(1.0) as u32;
    let centred = |fb: &mut Framebuffer, y: i32, t: &str, c: Rgba, sc: u32| {
        let x = (fw - text_width(t, sc)) / 2;
        draw_text(fb, x, y, t, c, sc);
    };
    centred(fb, (12.0 * u) as i32, "MAP", INK, 2 * s);
    centred(fb, (34.0 * u) as i32, status, INK_DIM, s);
    legend(fb, fh - (28.0 * u) as i32, s, u);
    fb.set_scale(scale);
}

/// Every device pixel over the map in `fb`'s band takes its tile's colour. The tiles'
/// colours are looked up once into a table; along a row the world point under a pixel
/// moves by a constant step, and only the run of pixels over the map is visited.
fn fill_tiles(fb: &mut Framebuffer, w: &World, fog: &Fog, f: &MapFit) {
    let grid = &w.map().grid;
    let (gw, gh) = (grid.width().max(0), grid.height().max(0));
    const NONE: u32 = u32::MAX;
    let table: Vec<u32> = (0..gh)
        .flat_map(|y| (0..gw).map(move |x| (x, y)))
        .map(|(x, y)| tile_colour(grid, fog, x, y).map_or(NONE, Rgba::to_u32))
        .collect();
    let o = f.to_world([0.5, 0.0]);
    let step = f.to_world([1.5, 0.0]) - o;
    let down = f.to_world([0.5, 1.0]) - o;
    // The run of x where `lo <= a + b·x < hi`, intersected with `r`.
    let clip = |r: (f32, f32), a: f32, b: f32, hi: f32| -> (f32, f32) {
        if b.abs() < 1e-9 {
            return if (0.0..hi).contains(&a) {
                r
            } else {
                (1.0, 0.0)
            };
        }
        let (p, q) = ((0.0 - a) / b, (hi - a) / b);
        (r.0.max(p.min(q)), r.1.min(p.max(q)))
    };
    let band = fb.band();
    let width = fb.width;
    for y in band {
        let Some(row) = fb.row_mut(y) else { continue };
        let base = o + down * (y as f32 + 0.5);
        let r = clip((0.0, width as f32), base.x, step.x, gw as f32);
        let (x0, x1) = clip(r, base.y, step.y, gh as f32);
        if x0 >= x1 {
            continue;
        }
        let (x0, x1) = (
            x0.floor().max(0.0) as usize,
            (x1.ceil() as usize).min(width),
        );
        // Tile by tile along the row: the pixels up to where the world point leaves the
        // tile take its colour at once.
        let mut x = x0;
        while x < x1 {
            let p = base + step * x as f32;
            let (tx, ty) = (floor(p.x), floor(p.y));
            let end = leaves(base.x, step.x, tx)
                .min(leaves(base.y, step.y, ty))
                .clamp(x + 1, x1);
            if tx >= 0 && ty >= 0 && tx < gw && ty < gh {
                let c = table[(ty * gw + tx) as usize];
                if c != NONE {
                    row[x..end].fill(c);
                }
            }
            x = end;
        }
    }
}

/// `v.floor()` for the map's coordinates (above −1024): a cast, where `f32::floor` is a
/// library call on the baseline x86-64 target.
fn floor(v: f32) -> i32 {
    (v + 1024.0) as i32 - 1024
}

/// The first pixel `x` at which `a + b·x` is no longer in `[t, t + 1)` (rounded up: the
/// row's pixels at most one off at a tile's edge).
fn leaves(a: f32, b: f32, t: i32) -> usize {
    let x = if b > 1e-9 {
        (t as f32 + 1.0 - a) / b
    } else if b < -1e-9 {
        (t as f32 - a) / b
    } else {
        return usize::MAX;
    };
    // Rounded up with a cast (`f32::ceil` is a library call on the baseline target).
    let x = x.clamp(0.0, 1e9);
    let i = x as usize;
    i + usize::from((i as f32) < x)
}

/// The active objectives' zones: an area's outline (a hold's progress brighter), an item
/// spot's ring.
fn draw_zones(fb: &mut Framebuffer, w: &World, f: &MapFit, u: f32) {
    let gold = Paint::alpha(pal::WAY.with_alpha(230));
    for z in zones(w) {
        match z {
            Zone::Area { min, max, hold } => {
                let c = [
                    f.to_screen(min),
                    f.to_screen(Vec2::new(max.x, min.y)),
                    f.to_screen(max),
                    f.to_screen(Vec2::new(min.x, max.y)),
                ];
                for i in 0..4 {
                    draw_line(fb, c[i], c[(i + 1) % 4], 1.5 * u, LineCap::Round, gold);
                }
                if let Some((done, _)) = hold.filter(|(d, _)| *d > 0.0) {
                    let part = outline_part(&c, done);
                    for s in part.windows(2) {
                        draw_line(
                            fb,
                            s[0],
                            s[1],
                            3.5 * u,
                            LineCap::Round,
                            Paint::alpha(pal::WAY_DONE),
                        );
                    }
                }
            }
            Zone::Spot { at, .. } => {
                stroke_circle(fb, f.to_screen(at), 5.0 * u, 1.5 * u, gold);
            }
        }
    }
}

/// The way to the objective, from the disk, and a ring at its goal.
fn draw_way(fb: &mut Framebuffer, guide: &Guide, f: &MapFit, u: f32) {
    let r = &guide.route;
    let pts: Vec<[f32; 2]> = std::iter::once(r.from())
        .chain(
            r.tiles()
                .iter()
                .skip(1)
                .map(|t| Grid::tile_center(t.0, t.1)),
        )
        .map(|p| f.to_screen(p))
        .collect();
    if pts.len() >= 2 {
        for s in pts.windows(2) {
            draw_line(
                fb,
                s[0],
                s[1],
                2.0 * u,
                LineCap::Round,
                Paint::alpha(pal::WAY.with_alpha(200)),
            );
        }
    }
    if let Some(g) = r.goal() {
        stroke_circle(fb, f.to_screen(g), 7.0 * u, 2.0 * u, Paint::alpha(pal::WAY));
    }
}

/// The enemies as last seen: a dot each, fading with the time since; a nest larger.
fn draw_enemies(fb: &mut Framebuffer, w: &World, guide: &Guide, f: &MapFit, u: f32) {
    let keep = guide.tuning.recall_seconds.max(DT);
    for s in guide.recall.sightings() {
        let age = w.tick().saturating_sub(s.tick) as f32 * DT;
        let a = (1.0 - 0.65 * (age / keep).min(1.0)).clamp(0.0, 1.0);
        let (col, r) = match s.kind {
            EnemyKind::Nest => (NEST, 4.5 * u),
            EnemyKind::Brute => (ENEMY, 3.0 * u),
            _ => (ENEMY, 2.0 * u),
        };
        fill_circle(
            fb,
            f.to_screen(s.pos),
            r,
            Paint::alpha(col.with_alpha((a * 255.0) as u8)),
        );
    }
}

/// The agents (by role; the fallen a grey cross) and the disk.
fn draw_squad(fb: &mut Framebuffer, w: &World, f: &MapFit, u: f32) {
    for a in w.agents() {
        let c = f.to_screen(a.pos);
        if !a.alive {
            let d = 3.0 * u;
            let grey = Paint::alpha(Rgba::new(150, 150, 150, 200));
            draw_line(
                fb,
                [c[0] - d, c[1] - d],
                [c[0] + d, c[1] + d],
                1.5 * u,
                LineCap::Butt,
                grey,
            );
            draw_line(
                fb,
                [c[0] - d, c[1] + d],
                [c[0] + d, c[1] - d],
                1.5 * u,
                LineCap::Butt,
                grey,
            );
            continue;
        }
        let col = if a.role == Role::Gunner {
            pal::GUNNER
        } else {
            pal::BLADE
        };
        fill_circle(fb, c, 3.5 * u, Paint::opaque(Rgba::rgb(10, 10, 14)));
        fill_circle(fb, c, 2.6 * u, Paint::opaque(col));
    }
    stroke_circle(
        fb,
        f.to_screen(w.anchor().pos),
        6.0 * u,
        2.0 * u,
        Paint::alpha(pal::ANCHOR),
    );
}

/// What the marks mean, in one line centred at `y`.
fn legend(fb: &mut Framebuffer, y: i32, s: u32, u: f32) {
    let items: [(Rgba, &str); 5] = [
        (pal::ANCHOR, "disk"),
        (pal::GUNNER, "squad"),
        (pal::WAY, "objective and the way"),
        (ENEMY, "enemies last seen"),
        (NEST, "nests"),
    ];
    let gap = (18.0 * u) as i32;
    let dot = (10.0 * u) as i32;
    let total: i32 = items
        .iter()
        .map(|(_, t)| dot + text_width(t, s))
        .sum::<i32>()
        + gap * (items.len() as i32 - 1);
    let mut x = (fb.width as i32 - total) / 2;
    for (c, t) in items {
        fill_circle(
            fb,
            [x as f32 + 3.0 * u, y as f32 + 4.0 * u],
            3.5 * u,
            Paint::opaque(c),
        );
        x += dot;
        x += draw_text(fb, x, y, t, INK_DIM, s) + gap;
    }
}
