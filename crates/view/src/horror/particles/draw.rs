//! The particles of one frame (REQ V3): what [`ParticleFrame::build`] settles once per
//! frame (in `Horror::prepare`: positions at the frame's time, the light each is in,
//! the fog, walls in front) and what every band then draws of it, in three passes:
//!
//! - **floor** (albedo only, before the light: the floor's light lights them) —
//!   puddles of bile, a brute's chunks lying with its corpse;
//! - **lit** (through the canvas, after the bodies: the albedo and the light the
//!   particle is in) — muzzle smoke, chunks in flight;
//! - **glow** (on the final frame, additive: they are light) — sparks, bile droplets,
//!   dust in the beams.
//!
//! Only live tiles show particles in the air (the fog hides the rest, as it hides the
//! blood); a puddle or chunk on a remembered tile is grey, as the blood's decals are.

use raster::{
    draw_line, fill_circle, fill_convex_polygon, fill_ellipse, Framebuffer, LineCap, Paint, Rgba,
};
use sim::read::{Grid, World};
use sim::tuning::DT;
use sim::Vec2;

use super::tuning::{ParticleTuning, Rgb};
use super::{dust, unit, Bit, Particles};
use crate::canvas::{shows, Canvas};
use crate::corpses::{FADE_AFTER, FADE_TICKS};
use crate::horror::lights::Light;
use crate::interp::lerp_pos;
use crate::iso::{Iso, TILE_H, TILE_W};
use crate::scene::{hidden_by_wall, Lighting};
use crate::seen::Seen;

/// A floor radius (world units) to the screen's half-axes: a disc on the 2:1 floor.
const FLOOR_K: f32 = std::f32::consts::SQRT_2 * 0.5;
/// A ball's radius (world units) to screen pixels (the blood's particles' scale).
const BALL_K: f32 = TILE_W * 0.5;
/// The light of a shape inside another of the same particle: none of its own (the
/// lit pass draws it into the albedo only).
const INNER: Rgba = Rgba::new(0, 0, 0, 0);
/// Seconds a puddle takes to spread to its size.
const SPREAD: f32 = 0.3;

/// One shape of the frame's particles, drawing units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shape {
    Blob {
        c: [f32; 2],
        r: [f32; 2],
        color: Rgba,
    },
    Streak {
        a: [f32; 2],
        b: [f32; 2],
        width: f32,
        color: Rgba,
    },
    /// A convex pentagon (a chunk).
    Poly { pts: [[f32; 2]; 5], color: Rgba },
}

impl Shape {
    /// Its screen box (drawing units).
    fn bounds(&self) -> ([f32; 2], [f32; 2]) {
        match *self {
            Shape::Blob { c, r, .. } => ([c[0] - r[0], c[1] - r[1]], [c[0] + r[0], c[1] + r[1]]),
            Shape::Streak { a, b, width, .. } => (
                [a[0].min(b[0]) - width, a[1].min(b[1]) - width],
                [a[0].max(b[0]) + width, a[1].max(b[1]) + width],
            ),
            Shape::Poly { pts, .. } => pts.iter().fold(
                ([f32::INFINITY; 2], [f32::NEG_INFINITY; 2]),
                |(lo, hi), p| {
                    (
                        [lo[0].min(p[0]), lo[1].min(p[1])],
                        [hi[0].max(p[0]), hi[1].max(p[1])],
                    )
                },
            ),
        }
    }

    /// Whether any of it can land in `fb`'s rows.
    fn shows_in(&self, fb: &Framebuffer) -> bool {
        let (lo, hi) = self.bounds();
        shows(fb, lo, hi)
    }

    /// Whether it is on a `size` screen at all.
    fn on_screen(&self, (w, h): (f32, f32)) -> bool {
        let (lo, hi) = self.bounds();
        hi[0] >= 0.0 && hi[1] >= 0.0 && lo[0] <= w && lo[1] <= h
    }

    fn color(&self) -> Rgba {
        match *self {
            Shape::Blob { color, .. } | Shape::Streak { color, .. } | Shape::Poly { color, .. } => {
                color
            }
        }
    }

    fn with_color(self, color: Rgba) -> Shape {
        match self {
            Shape::Blob { c, r, .. } => Shape::Blob { c, r, color },
            Shape::Streak { a, b, width, .. } => Shape::Streak { a, b, width, color },
            Shape::Poly { pts, .. } => Shape::Poly { pts, color },
        }
    }

    fn draw(&self, fb: &mut Framebuffer, paint: fn(Rgba) -> Paint) {
        match *self {
            Shape::Blob { c, r, color } => fill_ellipse(fb, c, r, paint(color)),
            Shape::Streak { a, b, width, color } => {
                draw_line(fb, a, b, width, LineCap::Round, paint(color))
            }
            Shape::Poly { pts, color } => fill_convex_polygon(fb, &pts, paint(color)),
        }
    }
}

/// A chunk's outline at `c`: a pentagon inscribed in an ellipse of `r` pixels (its
/// shape, turn and squash from `seed`), scaled by `k` — convex, however drawn.
fn pentagon(c: [f32; 2], r: f32, seed: u32, k: f32) -> [[f32; 2]; 5] {
    let turn = unit(seed, 11) * std::f32::consts::PI;
    let (a, b) = (r * k, r * k * (0.5 + 0.35 * unit(seed, 12)));
    let (ct, st) = (turn.cos(), turn.sin());
    std::array::from_fn(|i| {
        let phi =
            (i as f32 + 0.35 * (unit(seed, 13 + i as u32) - 0.5)) * std::f32::consts::TAU / 5.0;
        let (x, y) = (a * phi.cos(), b * phi.sin());
        // Turned, then flattened onto the 2:1 floor.
        [c[0] + x * ct - y * st, c[1] + (x * st + y * ct) * 0.7]
    })
}

/// What the frame draws of the particles (built once a frame, drawn by every band).
#[derive(Clone, Debug, Default)]
pub struct ParticleFrame {
    floor: Vec<Shape>,
    /// Each with the light it is in (the canvas's stamp).
    lit: Vec<(Shape, Rgba)>,
    glow: Vec<Shape>,
    /// Dust motes drawn this frame.
    pub motes: usize,
}

fn rgba(c: Rgb, a: f32) -> Rgba {
    Rgba::new(
        c[0],
        c[1],
        c[2],
        (a * 255.0).round().clamp(0.0, 255.0) as u8,
    )
}

/// A bit's place and height at frame time `alpha`.
fn at(b: &Bit, alpha: f32) -> (Vec2, f32) {
    (
        lerp_pos(b.prev_pos, b.pos, alpha),
        (b.prev_z + (b.z - b.prev_z) * alpha).max(0.0),
    )
}

/// How the fog shows the tile under `p`.
fn seen_at(lit: &dyn Lighting, p: Vec2) -> Seen {
    let (tx, ty) = Grid::tile_of(p);
    lit.seen(tx, ty)
}

impl ParticleFrame {
    /// Settles the frame's particles of `p` at frame time `alpha` on a screen of `size`
    /// drawing units: `lit` is the frame's lighting (fog, light at a point, memory's
    /// tint), `lights` its lights (the beams light the dust).
    #[allow(clippy::too_many_arguments)]
    pub fn build(
        &mut self,
        p: &Particles,
        w: &World,
        lit: &dyn Lighting,
        lights: &[Light],
        iso: &Iso,
        size: (f32, f32),
        t: &ParticleTuning,
        alpha: f32,
    ) {
        self.floor.clear();
        self.lit.clear();
        self.glow.clear();
        self.puddles(p, lit, iso, size, t, alpha);
        self.gibs(p, w, lit, iso, size, t, alpha);
        self.smoke(p, w, lit, iso, size, t, alpha);
        self.sparks(p, w, lit, iso, size, t, alpha);
        self.droplets(p, w, lit, iso, size, t, alpha);
        let glow = &mut self.glow;
        let r = t.dust.size;
        self.motes = dust::motes(
            w,
            lit,
            lights,
            iso,
            size,
            &t.dust,
            alpha,
            |_, _, c, color| {
                glow.push(Shape::Blob {
                    c,
                    r: [r, r],
                    color,
                })
            },
        );
    }

    /// Pushes a floor shape, tinted as the fog remembers its tile, if it shows.
    fn floor_shape(&mut self, s: Shape, seen: Seen, lit: &dyn Lighting, size: (f32, f32)) {
        let s = match seen {
            Seen::Never => return,
            Seen::Live => s,
            _ => {
                let c = s.color();
                s.with_color(lit.floor_memory(c).with_alpha(c.a))
            }
        };
        if s.on_screen(size) {
            self.floor.push(s);
        }
    }

    fn puddles(
        &mut self,
        p: &Particles,
        lit: &dyn Lighting,
        iso: &Iso,
        size: (f32, f32),
        t: &ParticleTuning,
        alpha: f32,
    ) {
        let s = &t.spit;
        for q in &p.puddles {
            let secs = p.age(q.born, alpha) * DT;
            let fade = (1.0 - secs / s.puddle_life).clamp(0.0, 1.0);
            if fade <= 0.0 {
                continue;
            }
            let seen = seen_at(lit, q.pos);
            let spread = (secs / SPREAD).clamp(0.0, 1.0).sqrt();
            let r = s.puddle_size * (0.85 + 0.3 * unit(q.seed, 1)) * (0.4 + 0.6 * spread);
            let c = iso.project(q.pos, 0.0);
            // A soft edge (two discs at half strength), runnels round it, a thick middle
            // that lasts longest; all fading with the puddle's age.
            let color = rgba(s.puddle, 0.45 * fade);
            let blob = |c: [f32; 2], r: f32, color: Rgba| Shape::Blob {
                c,
                r: [r * TILE_W * FLOOR_K, r * TILE_H * FLOOR_K],
                color,
            };
            self.floor_shape(blob(c, r, color), seen, lit, size);
            self.floor_shape(blob(c, r * 0.78, color), seen, lit, size);
            for k in 0..3 {
                let a = unit(q.seed, 10 + k) * std::f32::consts::TAU;
                let d = r * (0.75 + 0.45 * unit(q.seed, 20 + k));
                let off = iso.project(q.pos + Vec2::from_angle(a) * d, 0.0);
                let rr = r * (0.16 + 0.18 * unit(q.seed, 30 + k));
                self.floor_shape(blob(off, rr, color), seen, lit, size);
            }
            let dark = [s.puddle[0] / 2, s.puddle[1] / 2, s.puddle[2] / 2];
            let core = rgba(dark, 0.5 * fade.sqrt());
            self.floor_shape(blob(c, r * 0.45, core), seen, lit, size);
            // Flecks of it still glowing, so a pool in the dark is not lost: a few
            // specks breathing slowly, dying with the puddle (live tiles only).
            if seen != Seen::Live {
                continue;
            }
            for k in 0..4 {
                let a = unit(q.seed, 40 + k) * std::f32::consts::TAU;
                let d = r * 0.8 * unit(q.seed, 50 + k).sqrt();
                let at = iso.project(q.pos + Vec2::from_angle(a) * d, 0.0);
                let breath = 0.6 + 0.4 * (secs * 1.3 + unit(q.seed, 60 + k) * 6.0).sin();
                let fleck = Shape::Blob {
                    c: at,
                    r: [0.9, 0.9],
                    color: rgba(s.color, 0.5 * fade * breath),
                };
                if fleck.on_screen(size) {
                    self.glow.push(fleck);
                }
            }
        }
    }

    /// The brute's chunks: lying with the floor (fading with its corpse), or in flight,
    /// lit where they fly.
    #[allow(clippy::too_many_arguments)]
    fn gibs(
        &mut self,
        p: &Particles,
        w: &World,
        lit: &dyn Lighting,
        iso: &Iso,
        size: (f32, f32),
        t: &ParticleTuning,
        alpha: f32,
    ) {
        let s = &t.gibs;
        for b in &p.gibs {
            let r = s.size[0] + (s.size[1] - s.size[0]) * unit(b.seed, 5);
            let (pos, z) = at(b, alpha);
            let seen = seen_at(lit, pos);
            // Its underside (dark, a little larger: the outline), its hide, the meat
            // torn open on it.
            let chunk = |c: [f32; 2], fade: f32| {
                let rr = r * BALL_K;
                let shade = 0.8 + 0.4 * unit(b.seed, 8);
                let tone = |c: Rgb| c.map(|v| (v as f32 * shade).min(255.0) as u8);
                let meat = [c[0] + rr * 0.15, c[1] - rr * 0.2];
                [
                    Shape::Poly {
                        pts: pentagon(c, rr, b.seed, 1.2),
                        color: rgba(s.dark, fade),
                    },
                    Shape::Poly {
                        pts: pentagon(c, rr, b.seed, 1.0),
                        color: rgba(tone(s.color), fade),
                    },
                    Shape::Poly {
                        pts: pentagon(meat, rr, b.seed ^ 0x3EA7, 0.55),
                        color: rgba(tone(s.flesh), fade),
                    },
                ]
            };
            if b.lying() {
                let age = p.age(b.born, alpha);
                let fade = (1.0 - (age - FADE_AFTER) / FADE_TICKS).clamp(0.0, 1.0);
                if fade <= 0.0 {
                    continue;
                }
                let c = iso.project(pos, 0.0);
                // The smear it left as it slid to a stop: a short dark skid behind it.
                let skid = Vec2::from_angle(unit(b.seed, 11) * std::f32::consts::TAU);
                // Tapering: a wide faint stroke, a narrower one over its nearer half.
                let len = r * (1.5 + 2.0 * unit(b.seed, 12));
                for (reach, width, a) in [(1.0, 0.9, 0.3), (0.5, 0.55, 0.35)] {
                    let smear = Shape::Streak {
                        a: iso.project(pos - skid * (len * reach), 0.0),
                        b: c,
                        width: r * BALL_K * width,
                        color: rgba(s.dark, a * fade),
                    };
                    self.floor_shape(smear, seen, lit, size);
                }
                for sh in chunk(c, fade) {
                    self.floor_shape(sh, seen, lit, size);
                }
            } else if seen == Seen::Live && !hidden_by_wall(w, pos, z) {
                let light = lit.light_at(pos);
                for sh in chunk(iso.project(pos, z), 1.0) {
                    if sh.on_screen(size) {
                        self.lit.push((sh, light));
                    }
                }
            }
        }
    }

    /// Muzzle smoke: each puff a soft ball (three discs), swelling and thinning, lit by
    /// the light where it hangs.
    #[allow(clippy::too_many_arguments)]
    fn smoke(
        &mut self,
        p: &Particles,
        w: &World,
        lit: &dyn Lighting,
        iso: &Iso,
        size: (f32, f32),
        t: &ParticleTuning,
        alpha: f32,
    ) {
        let s = &t.smoke;
        let life = (s.life / DT).max(1.0);
        for b in &p.smoke {
            let (pos, z) = at(b, alpha);
            if seen_at(lit, pos) != Seen::Live || hidden_by_wall(w, pos, z) {
                continue;
            }
            let k = (p.age(b.born, alpha) / (life * (0.7 + 0.3 * unit(b.seed, 7)))).clamp(0.0, 1.0);
            let op = s.opacity * (1.0 - k).powf(1.5);
            // Its discs' alpha in 255ths: under 2 each it is gone (and at its widest, so
            // the dearest to draw).
            let a = (op / 3.0 * 255.0).round();
            if a < 2.0 {
                continue;
            }
            let a = a.min(255.0) as u8;
            let r = (s.size[0] + (s.size[1] - s.size[0]) * k.sqrt()) * BALL_K;
            let c = iso.project(pos, z);
            let tint = 0.9 + 0.2 * unit(b.seed, 9);
            let col = |v: u8| (v as f32 * tint).min(255.0) as u8;
            let color = Rgba::rgb(col(s.color[0]), col(s.color[1]), col(s.color[2]));
            let light = lit.light_at(pos);
            // Three discs, each a third of the opacity: dense in the middle, soft out.
            // The outer one stamps the puff's light under it; the inner ones only
            // thicken its colour (the light under them is the puff's already).
            for (i, f) in [1.0f32, 0.7, 0.42].into_iter().enumerate() {
                let sh = Shape::Blob {
                    c: [c[0] + r * 0.12 * (1.0 - f), c[1] - r * 0.1 * (1.0 - f)],
                    r: [r * f, r * f],
                    color: color.with_alpha(a),
                };
                if sh.on_screen(size) {
                    self.lit.push((sh, if i == 0 { light } else { INNER }));
                }
            }
        }
    }

    /// Sparks: a bright streak along the last `streak` seconds of each one's path,
    /// cooling from white-hot to orange, and a faint halo round it.
    #[allow(clippy::too_many_arguments)]
    fn sparks(
        &mut self,
        p: &Particles,
        w: &World,
        lit: &dyn Lighting,
        iso: &Iso,
        size: (f32, f32),
        t: &ParticleTuning,
        alpha: f32,
    ) {
        let s = &t.sparks;
        let life = (s.life / DT).max(1.0);
        for b in &p.sparks {
            let (pos, z) = at(b, alpha);
            if seen_at(lit, pos) != Seen::Live || hidden_by_wall(w, pos, z) {
                continue;
            }
            let k = (p.age(b.born, alpha) / (life * (0.5 + 0.5 * unit(b.seed, 7)))).clamp(0.0, 1.0);
            if k >= 1.0 {
                continue;
            }
            let head = iso.project(pos, z);
            let tail = iso.project(pos - b.vel * s.streak, (z - b.vz * s.streak).max(0.0));
            let hot = rgba(s.hot, 1.0).lerp(rgba(s.cool, 1.0), k.sqrt());
            let a = (1.0 - k).powf(0.7);
            let halo = Shape::Streak {
                a: head,
                b: tail,
                width: 2.8,
                color: rgba(s.cool, 0.3 * a),
            };
            let core = Shape::Streak {
                a: head,
                b: tail,
                width: 1.1,
                color: hot.with_alpha((255.0 * a) as u8),
            };
            for sh in [halo, core] {
                if sh.on_screen(size) {
                    self.glow.push(sh);
                }
            }
        }
    }

    /// Bile droplets: a glowing drop with a short trail.
    #[allow(clippy::too_many_arguments)]
    fn droplets(
        &mut self,
        p: &Particles,
        w: &World,
        lit: &dyn Lighting,
        iso: &Iso,
        size: (f32, f32),
        t: &ParticleTuning,
        alpha: f32,
    ) {
        let s = &t.spit;
        for b in &p.droplets {
            let (pos, z) = at(b, alpha);
            if seen_at(lit, pos) != Seen::Live || hidden_by_wall(w, pos, z) {
                continue;
            }
            let head = iso.project(pos, z);
            let tail = iso.project(pos - b.vel * 0.03, (z - b.vz * 0.03).max(0.0));
            let r = s.size * (0.7 + 0.6 * unit(b.seed, 5));
            let trail = Shape::Streak {
                a: head,
                b: tail,
                width: r * 1.2,
                color: rgba(s.color, 0.45),
            };
            let drop = Shape::Blob {
                c: head,
                r: [r, r],
                color: rgba(s.color, 0.9),
            };
            for sh in [trail, drop] {
                if sh.on_screen(size) {
                    self.glow.push(sh);
                }
            }
        }
    }

    /// The floor pass: into the albedo, before the light (the band's rows of it).
    pub fn draw_floor(&self, fb: &mut Framebuffer) {
        for s in &self.floor {
            if s.shows_in(fb) {
                s.draw(fb, Paint::alpha);
            }
        }
    }

    /// The lit pass: through the canvas, each shape with the light it is in.
    pub fn draw_lit(&self, cv: &mut Canvas) {
        for (s, light) in &self.lit {
            match *s {
                Shape::Blob { c, r, color } => {
                    if !cv.shows([c[0] - r[0], c[1] - r[1]], [c[0] + r[0], c[1] + r[1]]) {
                        continue;
                    }
                    // A round blob as a circle: a third of an ellipse's cost.
                    if *light == INNER {
                        cv.inner_circle(c, r[0], Paint::alpha(color));
                    } else if r[0] == r[1] {
                        cv.stamp = *light;
                        cv.circle(c, r[0], Paint::alpha(color));
                    } else {
                        cv.stamp = *light;
                        cv.ellipse(c, r, Paint::alpha(color));
                    }
                }
                Shape::Streak { a, b, width, color } => {
                    cv.stamp = *light;
                    cv.line(a, b, width, LineCap::Round, Paint::alpha(color));
                }
                Shape::Poly { pts, color } => {
                    cv.stamp = *light;
                    cv.polygon(&pts, Paint::alpha(color));
                }
            }
        }
    }

    /// The glow pass: additive on the final frame.
    pub fn draw_glow(&self, fb: &mut Framebuffer) {
        for s in &self.glow {
            if !s.shows_in(fb) {
                continue;
            }
            match *s {
                // A mote or a drop of a pixel or two: a disc is its exact coverage.
                Shape::Blob { c, r, color } if r[0] == r[1] => {
                    fill_circle(fb, c, r[0], Paint::additive(color))
                }
                _ => s.draw(fb, Paint::additive),
            }
        }
    }
}
