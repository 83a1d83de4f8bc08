//! The map's wall props (REQ V2, tiles `c b o p`): stacked crates, barrels, a console,
//! pipes and valves, each a 3D-ish object inside its tile, drawn in the sorted pass where
//! a wall block would stand (they are walls to the simulation: they stop light, sight and
//! bullets, and cast into the fog as walls do). Each face is lit like a wall's face,
//! from the floor in front of it; a console's screens and lamps glow. Remembered, a prop
//! is grey under the memory light; never seen, it is a black shape where it hides
//! something seen, like a wall. Shapes, sizes and colours come from a hash of the tile.

use raster::{fill_ellipse, fill_quad, stroke_ellipse, LineCap, Paint, Rgba};
use sim::read::{Grid, Tile, World};
use sim::Vec2;

use crate::canvas::{Canvas, UNLIT};
use crate::iso::{Iso, TILE_W};
use crate::lighting::Lighting;
use crate::palette::memory_tint;
use crate::seen::Seen;

/// How a prop shows this frame: seen now (lit), remembered (grey) or never (black).
#[derive(Clone, Copy)]
pub struct Look<'a> {
    pub seen: Seen,
    pub lit: Option<&'a dyn Lighting>,
}

impl Look<'_> {
    pub fn col(&self, c: Rgba) -> Rgba {
        match self.seen {
            Seen::Live => c,
            Seen::Remembered => memory_tint(c),
            Seen::Never => Rgba::BLACK.with_alpha(c.a),
        }
    }

    /// The light on a face whose floor in front is `p`, facing `n` (`None`: no facing).
    pub fn light(&self, p: Vec2, n: Option<Vec2>) -> Rgba {
        match (self.lit, self.seen) {
            (Some(l), Seen::Live) => match n {
                Some(n) => l.face_light(p, n),
                None => l.light_at(p),
            },
            (Some(l), _) => l.memory_light(),
            (None, _) => UNLIT,
        }
    }

    /// Whether what glows glows (only what the squad sees now).
    pub fn glows(&self) -> bool {
        self.seen == Seen::Live
    }
}

/// A cosmetic hash of a tile and a salt.
pub fn hash(x: i32, y: i32, salt: u32) -> u32 {
    let mut h = (x as u32).wrapping_mul(0x2c1b_3c6d) ^ (y as u32).wrapping_mul(0x297a_2d39) ^ salt;
    h ^= h >> 16;
    h = h.wrapping_mul(0x7feb_352d);
    h ^= h >> 15;
    h = h.wrapping_mul(0x846c_a68b);
    h ^ (h >> 16)
}

/// The direction a prop at `(x, y)` faces: toward the open floor beside it, the
/// camera's sides first (+y, +x, then −y, −x); +y if it stands in rock.
pub fn front(w: &World, x: i32, y: i32) -> Vec2 {
    let g = &w.map().grid;
    [(0, 1), (1, 0), (0, -1), (-1, 0)]
        .into_iter()
        .find(|&(dx, dy)| !g.is_wall(x + dx, y + dy))
        .map_or(Vec2::new(0.0, 1.0), |(dx, dy)| {
            Vec2::new(dx as f32, dy as f32)
        })
}

/// An axis-aligned box `lo..hi` (floor points) from `z0` to `z1` with its three visible
/// faces: the top, the +y face, the +x face.
#[derive(Clone, Copy, Debug)]
pub struct Block {
    pub lo: Vec2,
    pub hi: Vec2,
    pub z0: f32,
    pub z1: f32,
}

impl Block {
    /// The box of a tile-local rectangle: `(a, b)` along the prop's front `f` (0 the
    /// back, 1 the front) and along its side; `o` the tile's corner.
    pub fn local(o: Vec2, f: Vec2, a: (f32, f32), b: (f32, f32), z: (f32, f32)) -> Block {
        let side = Vec2::new(f.y.abs(), f.x.abs());
        let along = |t: f32| {
            // The back is the edge away from the front.
            let c = if f.x + f.y > 0.0 { t } else { 1.0 - t };
            Vec2::new(f.x.abs() * c, f.y.abs() * c)
        };
        let p = o + along(a.0) + side * b.0;
        let q = o + along(a.1) + side * b.1;
        Block {
            lo: Vec2::new(p.x.min(q.x), p.y.min(q.y)),
            hi: Vec2::new(p.x.max(q.x), p.y.max(q.y)),
            z0: z.0,
            z1: z.1,
        }
    }

    /// The +y face, `u` along x, `v` up.
    pub fn left_at(&self, iso: &Iso, u: f32, v: f32) -> [f32; 2] {
        let x = self.lo.x + (self.hi.x - self.lo.x) * u;
        iso.project(Vec2::new(x, self.hi.y), self.z0 + (self.z1 - self.z0) * v)
    }

    /// The +x face, `u` along −y (from the front corner), `v` up.
    pub fn right_at(&self, iso: &Iso, u: f32, v: f32) -> [f32; 2] {
        let y = self.hi.y - (self.hi.y - self.lo.y) * u;
        iso.project(Vec2::new(self.hi.x, y), self.z0 + (self.z1 - self.z0) * v)
    }

    /// The top, `u` along x, `v` along y.
    pub fn top_at(&self, iso: &Iso, u: f32, v: f32) -> [f32; 2] {
        let p = Vec2::new(
            self.lo.x + (self.hi.x - self.lo.x) * u,
            self.lo.y + (self.hi.y - self.lo.y) * v,
        );
        iso.project(p, self.z1)
    }

    /// The face with outward normal `n` (+x or +y), `u` along it, `v` up, if visible.
    pub fn face_at(&self, iso: &Iso, n: Vec2, u: f32, v: f32) -> Option<[f32; 2]> {
        if n.y > 0.5 {
            Some(self.left_at(iso, u, v))
        } else if n.x > 0.5 {
            Some(self.right_at(iso, u, v))
        } else {
            None
        }
    }

    /// Draws the box: `c` its colour (the top lighter, the faces darker as walls'),
    /// each face under its light (`light`: the floor in front of the +y and +x faces and
    /// the top's), with dark edges.
    pub fn draw(&self, cv: &mut Canvas, iso: &Iso, look: &Look, c: Rgba, light: [Rgba; 3]) {
        let (l, h) = (self.lo, self.hi);
        let p = |x: f32, y: f32, z: f32| iso.project(Vec2::new(x, y), z);
        let left = [
            p(l.x, h.y, self.z0),
            p(h.x, h.y, self.z0),
            p(h.x, h.y, self.z1),
            p(l.x, h.y, self.z1),
        ];
        let right = [
            p(h.x, h.y, self.z0),
            p(h.x, l.y, self.z0),
            p(h.x, l.y, self.z1),
            p(h.x, h.y, self.z1),
        ];
        let top = [
            p(l.x, l.y, self.z1),
            p(h.x, l.y, self.z1),
            p(h.x, h.y, self.z1),
            p(l.x, h.y, self.z1),
        ];
        cv.stamp = light[0];
        cv.polygon(&left, Paint::opaque(look.col(c.scale_rgb(0.82))));
        cv.stamp = light[1];
        cv.polygon(&right, Paint::opaque(look.col(c.scale_rgb(0.62))));
        cv.stamp = light[2];
        cv.polygon(&top, Paint::opaque(look.col(c.scale_rgb(1.12))));
        let edge = look.col(c.scale_rgb(0.35)).with_alpha(200);
        let hi = look.col(c.scale_rgb(1.5)).with_alpha(120);
        cv.inner_line(left[0], left[1], 1.0, LineCap::Butt, edge);
        cv.inner_line(right[0], right[1], 1.0, LineCap::Butt, edge);
        cv.inner_line(left[1], left[2], 1.0, LineCap::Butt, hi);
        cv.inner_line(top[3], top[2], 1.0, LineCap::Butt, hi);
        cv.inner_line(top[2], top[1], 1.0, LineCap::Butt, hi);
    }
}

/// The lights on a prop's faces at tile `(x, y)`: in front of its +y face, its +x face,
/// and on its top (the floor in front of it, a little dimmer: lights are carried low).
fn lights(look: &Look, x: i32, y: i32, f: Vec2) -> [Rgba; 3] {
    let c = Grid::tile_center(x, y);
    let ly = look.light(c + Vec2::new(0.0, 0.56), Some(Vec2::new(0.0, 1.0)));
    let lx = look.light(c + Vec2::new(0.56, 0.0), Some(Vec2::new(1.0, 0.0)));
    let lt = look.light(c + f * 0.56, None);
    let top = if look.glows() {
        lt.scale_rgb(0.8).lerp(ly.lerp(lx, 0.5), 0.3)
    } else {
        lt
    };
    [ly, lx, top]
}

/// A wall prop at tile `(x, y)`, as the lighting shows it.
pub fn draw_wall_prop(
    cv: &mut Canvas,
    w: &World,
    iso: &Iso,
    x: i32,
    y: i32,
    lit: Option<&dyn Lighting>,
) {
    // Not where it cannot show (the pass walks a rectangle of tiles wider than the
    // frame, and this band's rows are fewer).
    let (fx, fy) = (x as f32, y as f32);
    let (l, r) = (
        iso.project(Vec2::new(fx, fy + 1.0), 0.0),
        iso.project(Vec2::new(fx + 1.0, fy), 0.0),
    );
    let (t, b) = (
        iso.project(Vec2::new(fx, fy), 1.05),
        iso.project(Vec2::new(fx + 1.0, fy + 1.0), 0.0),
    );
    if !cv.shows([l[0] - 4.0, t[1] - 4.0], [r[0] + 4.0, b[1] + 4.0]) {
        return;
    }
    let seen = lit.map_or(Seen::Live, |l| l.seen(x, y));
    if seen == Seen::Never {
        // Only where it hides something seen (like a wall block).
        let Some(l) = lit else { return };
        let behind = (0..=2)
            .any(|b| (0..=2).any(|a| (a, b) != (0, 0) && l.seen(x - a, y - b) != Seen::Never));
        if !behind {
            return;
        }
    }
    let look = Look { seen, lit };
    let f = front(w, x, y);
    let light = lights(&look, x, y, f);
    let o = Vec2::new(x as f32, y as f32);
    match w.map().tile(x, y) {
        Tile::Crates => crates(cv, iso, &look, o, f, hash(x, y, 11), light),
        Tile::Barrels => barrels(cv, iso, &look, o, hash(x, y, 12), light),
        Tile::Console => {
            let blink = hash(x, y, w.tick() as u32 / 9);
            console(cv, iso, &look, o, f, hash(x, y, 13), blink, light)
        }
        Tile::Pipes => pipes(cv, iso, &look, o, f, hash(x, y, 14), light),
        _ => {}
    }
}

const WOOD: Rgba = Rgba::rgb(116, 86, 52);
const OLIVE: Rgba = Rgba::rgb(82, 90, 60);
const CASE: Rgba = Rgba::rgb(72, 80, 92);

/// A stack of crates: one, two side by side or three, one on the others.
fn crates(cv: &mut Canvas, iso: &Iso, look: &Look, o: Vec2, f: Vec2, h: u32, light: [Rgba; 3]) {
    let col = [WOOD, OLIVE, CASE, WOOD][(h & 3) as usize];
    let mut boxes: Vec<Block> = match (h >> 2) % 3 {
        0 => vec![
            Block::local(o, f, (0.06, 0.86), (0.06, 0.9), (0.0, 0.56)),
            Block::local(o, f, (0.12, 0.66), (0.2, 0.7), (0.56, 0.98)),
        ],
        1 => vec![
            Block::local(o, f, (0.06, 0.62), (0.04, 0.48), (0.0, 0.5)),
            Block::local(o, f, (0.1, 0.9), (0.52, 0.96), (0.0, 0.5)),
            Block::local(o, f, (0.1, 0.6), (0.2, 0.72), (0.5, 0.9)),
        ],
        _ => vec![
            Block::local(o, f, (0.04, 0.92), (0.04, 0.94), (0.0, 0.1)),
            Block::local(o, f, (0.08, 0.88), (0.08, 0.9), (0.1, 0.52)),
            Block::local(o, f, (0.14, 0.8), (0.16, 0.8), (0.52, 0.96)),
        ],
    };
    // Back to front, lower first.
    boxes.sort_by(|a, b| {
        (a.z0, a.lo.x + a.lo.y)
            .partial_cmp(&(b.z0, b.lo.x + b.lo.y))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    let pallet = (h >> 2) % 3 == 2;
    for (i, b) in boxes.iter().enumerate() {
        let c = if pallet && i == 0 {
            Rgba::rgb(92, 74, 50)
        } else {
            col.scale_rgb(0.9 + ((h >> (8 + i)) & 3) as f32 * 0.06)
        };
        b.draw(cv, iso, look, c, light);
        if pallet && i == 0 {
            continue;
        }
        crate_detail(cv, iso, look, b, c, col == CASE, h >> (12 + i * 3));
    }
}

/// Planks, a frame and a brace on a crate's visible faces; a metal case's ribs and
/// latches instead; sometimes a stencil.
fn crate_detail(cv: &mut Canvas, iso: &Iso, look: &Look, b: &Block, c: Rgba, case: bool, h: u32) {
    let dark = look.col(c.scale_rgb(0.45)).with_alpha(190);
    let pale = look.col(c.scale_rgb(1.45)).with_alpha(110);
    for n in [Vec2::new(0.0, 1.0), Vec2::new(1.0, 0.0)] {
        let at = |u: f32, v: f32| b.face_at(iso, n, u, v).unwrap_or([0.0, 0.0]);
        let mut line = |p: (f32, f32), q: (f32, f32), w: f32, col: Rgba| {
            cv.inner_line(at(p.0, p.1), at(q.0, q.1), w, LineCap::Butt, col);
        };
        if case {
            for u in [0.3, 0.7] {
                line((u, 0.05), (u, 0.95), 1.2, dark);
            }
            line((0.0, 0.85), (1.0, 0.85), 1.0, pale);
            line(
                (0.45, 0.6),
                (0.55, 0.6),
                2.0,
                look.col(Rgba::rgb(150, 150, 140)),
            );
        } else {
            // The frame, the planks, the brace.
            line((0.07, 0.08), (0.07, 0.92), 1.3, dark);
            line((0.93, 0.08), (0.93, 0.92), 1.3, dark);
            line((0.0, 0.08), (1.0, 0.08), 1.0, dark);
            line((0.0, 0.92), (1.0, 0.92), 1.0, pale);
            for v in [0.36, 0.64] {
                line((0.07, v), (0.93, v), 0.8, dark);
            }
            if h & 1 == 0 {
                line((0.1, 0.12), (0.9, 0.88), 1.6, pale);
                line((0.1, 0.14), (0.9, 0.9), 0.8, dark);
            }
        }
        if (h >> 1) & 3 == 0 {
            // A stencilled mark.
            let m = look.col(Rgba::rgb(200, 190, 150)).with_alpha(90);
            line((0.35, 0.55), (0.65, 0.55), 2.0, m);
            line((0.4, 0.45), (0.55, 0.45), 1.5, m);
        }
    }
}

const DRUMS: [Rgba; 4] = [
    Rgba::rgb(122, 48, 34),
    Rgba::rgb(150, 120, 40),
    Rgba::rgb(46, 68, 112),
    Rgba::rgb(64, 82, 54),
];

/// Two or three drums standing together.
fn barrels(cv: &mut Canvas, iso: &Iso, look: &Look, o: Vec2, h: u32, light: [Rgba; 3]) {
    let spots: &[(f32, f32)] = match h % 3 {
        0 => &[(0.3, 0.32), (0.7, 0.34), (0.42, 0.72)],
        1 => &[(0.32, 0.5), (0.7, 0.55)],
        _ => &[(0.3, 0.3), (0.72, 0.3), (0.3, 0.72), (0.72, 0.7)],
    };
    let mut drums: Vec<Vec2> = spots.iter().map(|&(a, b)| o + Vec2::new(a, b)).collect();
    drums.sort_by(|a, b| (a.x + a.y).total_cmp(&(b.x + b.y)));
    let lit = light[0].lerp(light[1], 0.5);
    for (i, &p) in drums.iter().enumerate() {
        let k = (h >> (4 + i * 3)) as usize;
        let col = DRUMS[k % 4];
        let tall = 0.62 + ((k >> 2) & 1) as f32 * 0.08;
        let r = if spots.len() == 4 { 0.19 } else { 0.22 };
        cv.stamp = lit;
        drum(cv, iso, look, p, r, tall, col, k & 32 != 0);
    }
}

/// A standing cylinder of radius `r` (world) from the floor to height `z`, shaded
/// round, with its lid.
fn cylinder(cv: &mut Canvas, iso: &Iso, look: &Look, p: Vec2, r: f32, z: f32, c: Rgba) {
    let rx = r * std::f32::consts::SQRT_2 * TILE_W * 0.5;
    let (b, t) = (iso.project(p, 0.0), iso.project(p, z));
    let body = look.col(c.scale_rgb(0.8));
    cv.ellipse(b, [rx, rx * 0.5], Paint::opaque(body));
    cv.polygon(
        &[
            [b[0] - rx, b[1]],
            [b[0] + rx, b[1]],
            [t[0] + rx, t[1]],
            [t[0] - rx, t[1]],
        ],
        Paint::opaque(body),
    );
    // Rounded shading: dark at the left, a highlight right of the middle (bands in the
    // albedo under the body's light, their feet on the bottom rim).
    for (x0, x1, k) in [(-1.0, -0.6, 0.55), (-0.6, -0.25, 0.75), (0.15, 0.45, 1.25)] {
        let foot = |x: f32| b[1] + 0.5 * rx * (1.0 - x * x).max(0.0).sqrt() - 0.5;
        fill_quad(
            cv.albedo(),
            [
                [b[0] + rx * x0, t[1]],
                [b[0] + rx * x1, t[1]],
                [b[0] + rx * x1, foot(x1)],
                [b[0] + rx * x0, foot(x0)],
            ],
            Paint::alpha(look.col(c.scale_rgb(k)).with_alpha(150)),
        );
    }
    fill_ellipse(
        cv.albedo(),
        t,
        [rx, rx * 0.5],
        Paint::opaque(look.col(c.scale_rgb(1.15))),
    );
}

/// The front half of a ring round a cylinder at height `z`.
#[allow(clippy::too_many_arguments)]
fn ring(cv: &mut Canvas, iso: &Iso, p: Vec2, rx: f32, z: f32, col: Rgba, w: f32) {
    let cc = iso.project(p, z);
    let mut prev = [cc[0] + rx, cc[1]];
    for i in 1..=6 {
        let a = i as f32 / 6.0 * std::f32::consts::PI;
        let q = [cc[0] + rx * a.cos(), cc[1] + rx * 0.5 * a.sin()];
        cv.inner_line(prev, q, w, LineCap::Round, col);
        prev = q;
    }
}

/// A drum of radius `r` and height `z`: the cylinder, two ribs, maybe a painted band,
/// the lid's rim and its bung.
#[allow(clippy::too_many_arguments)]
fn drum(cv: &mut Canvas, iso: &Iso, look: &Look, p: Vec2, r: f32, z: f32, c: Rgba, band: bool) {
    cylinder(cv, iso, look, p, r, z, c);
    let rx = r * std::f32::consts::SQRT_2 * TILE_W * 0.5;
    for zz in [z * 0.33, z * 0.66] {
        ring(
            cv,
            iso,
            p,
            rx,
            zz,
            look.col(c.scale_rgb(0.45)).with_alpha(200),
            1.6,
        );
    }
    if band {
        ring(
            cv,
            iso,
            p,
            rx,
            z * 0.5,
            look.col(Rgba::rgb(200, 170, 60)).with_alpha(150),
            3.0,
        );
    }
    let t = iso.project(p, z);
    stroke_ellipse(
        cv.albedo(),
        t,
        [rx * 0.82, rx * 0.41],
        1.0,
        Paint::alpha(look.col(c.scale_rgb(0.5)).with_alpha(200)),
    );
    cv.inner_circle(
        [t[0] + rx * 0.4, t[1] - rx * 0.05],
        rx * 0.12,
        Paint::opaque(look.col(c.scale_rgb(0.4))),
    );
}

const STEEL: Rgba = Rgba::rgb(70, 74, 80);

/// A console: a tall cabinet at the back with its screens, a sloped desk of keys in
/// front; from behind, its back panel.
#[allow(clippy::too_many_arguments)]
fn console(
    cv: &mut Canvas,
    iso: &Iso,
    look: &Look,
    o: Vec2,
    f: Vec2,
    h: u32,
    blink: u32,
    light: [Rgba; 3],
) {
    let cab = Block::local(o, f, (0.04, 0.44), (0.06, 0.94), (0.0, 0.98));
    let desk = Block::local(o, f, (0.44, 0.9), (0.1, 0.9), (0.0, 0.42));
    let col = STEEL.scale_rgb(0.9 + (h & 3) as f32 * 0.06);
    let seen_front = f.x + f.y > 0.0;
    if seen_front {
        cab.draw(cv, iso, look, col, light);
        desk.draw(cv, iso, look, col.scale_rgb(0.9), light);
    } else {
        desk.draw(cv, iso, look, col.scale_rgb(0.9), light);
        cab.draw(cv, iso, look, col, light);
    }
    let n = if f.y.abs() > 0.5 {
        Vec2::new(0.0, 1.0)
    } else {
        Vec2::new(1.0, 0.0)
    };
    let dark = look.col(Rgba::rgb(14, 15, 18));
    if !seen_front {
        // The back panel: vents and a cable out of it.
        for i in 0..5 {
            let v = 0.3 + i as f32 * 0.1;
            let (a, b) = (
                cab.face_at(iso, n, 0.25, v).unwrap_or_default(),
                cab.face_at(iso, n, 0.75, v).unwrap_or_default(),
            );
            cv.inner_line(a, b, 1.2, LineCap::Butt, dark.with_alpha(200));
        }
        return;
    }
    // The desk's sloped panel of keys, on the desk's top.
    let keys = look.col(Rgba::rgb(40, 42, 46));
    let (k0, k1) = (desk.top_at(iso, 0.2, 0.2), desk.top_at(iso, 0.8, 0.8));
    cv.inner_line(k0, k1, 5.0, LineCap::Butt, keys);
    let screens = 1 + (h >> 3) % 2;
    let glow = [
        Rgba::rgb(90, 255, 150),
        Rgba::rgb(255, 176, 70),
        Rgba::rgb(120, 190, 255),
    ][((h >> 5) % 3) as usize];
    for s in 0..screens {
        let (u0, u1) = if screens == 1 {
            (0.2, 0.8)
        } else {
            (0.08 + s as f32 * 0.46, 0.46 + s as f32 * 0.46)
        };
        let at = |u: f32, v: f32| cab.face_at(iso, n, u, v).unwrap_or_default();
        let q = [at(u0, 0.5), at(u1, 0.5), at(u1, 0.86), at(u0, 0.86)];
        let dead = (h >> (7 + s)) & 3 == 0;
        let on = look.glows() && !dead && blink & 15 != 0;
        if on {
            let level = 170 + ((blink >> 4) & 63) as u8;
            cv.glow_polygon(&q, Paint::opaque(glow.scale_rgb(level as f32 / 255.0)));
            // Scanlines and a line of text.
            for i in 1..6 {
                let v = 0.5 + i as f32 * 0.06;
                cv.inner_line(
                    at(u0, v),
                    at(u1, v),
                    0.8,
                    LineCap::Butt,
                    glow.scale_rgb(0.45),
                );
            }
            let w = 0.25 + ((blink >> 10) & 7) as f32 * 0.06;
            cv.inner_line(
                at(u0 + 0.05, 0.78),
                at(u0 + (u1 - u0) * w, 0.78),
                1.5,
                LineCap::Butt,
                glow.scale_rgb(1.3),
            );
        } else {
            cv.polygon(&q, Paint::opaque(dark));
            if dead {
                cv.inner_line(
                    at(u0 + 0.1, 0.84),
                    at(u1 - 0.15, 0.55),
                    0.8,
                    LineCap::Butt,
                    look.col(Rgba::rgb(90, 96, 104)),
                );
            }
        }
        cv.inner_line(
            q[0],
            q[1],
            1.0,
            LineCap::Butt,
            look.col(Rgba::rgb(24, 25, 28)),
        );
    }
    // Indicator lamps on the desk.
    if look.glows() {
        for i in 0..3 {
            let c = desk.top_at(iso, 0.3 + i as f32 * 0.2, 0.35);
            let on = (blink >> (12 + i)) & 1 == 1;
            let col = [
                Rgba::rgb(255, 60, 40),
                Rgba::rgb(80, 255, 90),
                Rgba::rgb(255, 190, 60),
            ][i];
            let col = if on { col } else { col.scale_rgb(0.3) };
            cv.glow_circle(c, 1.3, Paint::opaque(col));
        }
    }
}

const PIPE_COLORS: [Rgba; 3] = [
    Rgba::rgb(96, 100, 106),
    Rgba::rgb(112, 72, 50),
    Rgba::rgb(62, 92, 72),
];

/// Pipes up the wall behind: two or three risers with flanges, one with a valve wheel,
/// a gauge on another, and a run across between them.
fn pipes(cv: &mut Canvas, iso: &Iso, look: &Look, o: Vec2, f: Vec2, h: u32, light: [Rgba; 3]) {
    let side = Vec2::new(f.y.abs(), f.x.abs());
    let back = |t: f32| {
        let c = if f.x + f.y > 0.0 { t } else { 1.0 - t };
        Vec2::new(f.x.abs() * c, f.y.abs() * c)
    };
    let n = 2 + (h % 2) as usize;
    let mut risers: Vec<(Vec2, f32, Rgba)> = (0..n)
        .map(|i| {
            let s = (i as f32 + 0.5) / n as f32;
            let r = [0.15, 0.1, 0.12][(i + (h >> 2) as usize) % 3];
            let depth = 0.22 + ((h >> (4 + i)) & 1) as f32 * 0.12;
            let col = PIPE_COLORS[((h >> (8 + i * 2)) % 3) as usize];
            (o + back(depth) + side * s, r, col)
        })
        .collect();
    risers.sort_by(|a, b| (a.0.x + a.0.y).total_cmp(&(b.0.x + b.0.y)));
    let lit = light[0].lerp(light[1], 0.5);
    // The run across, behind the risers' fronts.
    let (a, b) = (risers[0].0, risers[risers.len() - 1].0);
    let zr = 0.55 + ((h >> 14) & 3) as f32 * 0.06;
    cv.stamp = lit;
    let pa = iso.project(a, zr);
    let pb = iso.project(b, zr);
    let pc = look.col(PIPE_COLORS[((h >> 16) % 3) as usize]);
    cv.polygon(
        &[
            [pa[0], pa[1] - 3.5],
            [pb[0], pb[1] - 3.5],
            [pb[0], pb[1] + 3.5],
            [pa[0], pa[1] + 3.5],
        ],
        Paint::opaque(pc.scale_rgb(0.75)),
    );
    cv.inner_line(
        [pa[0], pa[1] - 2.0],
        [pb[0], pb[1] - 2.0],
        1.5,
        LineCap::Butt,
        pc.scale_rgb(1.3),
    );
    for (i, &(p, r, col)) in risers.iter().enumerate() {
        cv.stamp = lit;
        cylinder(cv, iso, look, p, r, 1.0, col);
        for z in [0.22, 0.8] {
            flange(cv, iso, look, p, r * 1.3, z, col);
        }
        if i == risers.len() - 1 {
            valve(cv, iso, look, p + f * (r + 0.05), f, 0.17, 0.45);
        } else if i == 0 && h & 64 != 0 {
            gauge(cv, iso, look, p + f * r, 0.7, h);
        }
    }
}

/// A short, wider collar round a riser.
fn flange(cv: &mut Canvas, iso: &Iso, look: &Look, p: Vec2, r: f32, z: f32, c: Rgba) {
    let rx = r * std::f32::consts::SQRT_2 * TILE_W * 0.5;
    let (b, t) = (iso.project(p, z), iso.project(p, z + 0.05));
    let col = look.col(c.scale_rgb(0.7));
    cv.ellipse(b, [rx, rx * 0.5], Paint::opaque(col));
    cv.polygon(
        &[
            [b[0] - rx, b[1]],
            [b[0] + rx, b[1]],
            [t[0] + rx, t[1]],
            [t[0] - rx, t[1]],
        ],
        Paint::opaque(col),
    );
    cv.ellipse(t, [rx, rx * 0.5], Paint::opaque(look.col(c.scale_rgb(1.1))));
}

/// A valve wheel on a riser, in the vertical plane facing `f`: a red rim, spokes, a hub.
fn valve(cv: &mut Canvas, iso: &Iso, look: &Look, c: Vec2, f: Vec2, r: f32, z: f32) {
    let side = Vec2::new(-f.y, f.x);
    let at = |a: f32| iso.project(c + side * (r * a.cos()), z + r * a.sin());
    let rim = look.col(Rgba::rgb(170, 40, 30));
    let mut prev = at(0.0);
    // Albedo only: the wheel stands in the riser's light.
    for i in 1..=8 {
        let q = at(i as f32 / 8.0 * std::f32::consts::TAU);
        cv.inner_line(prev, q, 2.0, LineCap::Round, rim);
        prev = q;
    }
    let hub = iso.project(c, z);
    for k in 0..3 {
        let q = at(k as f32 / 3.0 * std::f32::consts::TAU + 0.4);
        cv.inner_line(hub, q, 1.0, LineCap::Butt, rim.scale_rgb(0.7));
    }
    cv.circle(hub, 1.8, Paint::opaque(look.col(Rgba::rgb(60, 60, 64))));
}

/// A pressure gauge: a pale dial with its needle.
fn gauge(cv: &mut Canvas, iso: &Iso, look: &Look, p: Vec2, z: f32, h: u32) {
    let c = iso.project(p, z);
    cv.circle(c, 3.6, Paint::opaque(look.col(Rgba::rgb(40, 40, 44))));
    cv.inner_circle(c, 2.8, Paint::opaque(look.col(Rgba::rgb(196, 190, 170))));
    let a = (h >> 20) as f32 / 4096.0 * 4.0 + 2.4;
    let q = [c[0] + 2.4 * a.cos(), c[1] + 2.4 * a.sin()];
    cv.inner_line(c, q, 0.8, LineCap::Butt, look.col(Rgba::rgb(160, 20, 20)));
}
