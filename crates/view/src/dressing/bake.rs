//! Baking one detail sprite: a small framebuffer over the modulation grey at the frame's
//! scale, shapes drawn on a surface's own coordinates (a floor diamond, a wall face),
//! masked to the surface and kept as a [`ModSprite`]; stamped at a surface's anchor.

use raster::{
    draw_line, fill_circle, fill_convex_polygon, modulate_sprite, Framebuffer, LineCap, ModSprite,
    Paint, Rgba, MOD_ONE,
};

/// A surface's coordinates: `o + u·U + v·V` in drawing units (u, v in 0..1).
#[derive(Clone, Copy, Debug)]
pub struct Plane {
    pub o: [f32; 2],
    pub u: [f32; 2],
    pub v: [f32; 2],
}

impl Plane {
    pub fn at(&self, u: f32, v: f32) -> [f32; 2] {
        [
            self.o[0] + u * self.u[0] + v * self.v[0],
            self.o[1] + u * self.u[1] + v * self.v[1],
        ]
    }

    /// `(u, v)` of drawing point `p` (the plane's axes are independent).
    pub fn local(&self, p: [f32; 2]) -> (f32, f32) {
        let (dx, dy) = (p[0] - self.o[0], p[1] - self.o[1]);
        let det = self.u[0] * self.v[1] - self.u[1] * self.v[0];
        (
            (dx * self.v[1] - dy * self.v[0]) / det,
            (self.u[0] * dy - self.u[1] * dx) / det,
        )
    }
}

/// The floor diamond of a tile at its top corner: u along +x, v along +y.
pub const FLOOR_U: [f32; 2] = [32.0, 16.0];
pub const FLOOR_V: [f32; 2] = [-32.0, 16.0];
/// A wall face: u along its bottom edge, v up its height (`HEIGHT_PX` a unit).
pub const UP: [f32; 2] = [0.0, -36.0];
/// The +y face (the left one on screen), from its left bottom corner.
pub const LEFT_U: [f32; 2] = [32.0, 16.0];
/// The +x face (the right one on screen), from its left (front) bottom corner.
pub const RIGHT_U: [f32; 2] = [32.0, -16.0];

/// A sprite and its anchor, in device pixels from its top-left.
#[derive(Clone, Debug, Default)]
pub struct Baked {
    pub sprite: ModSprite,
    pub at: (i32, i32),
}

impl Baked {
    /// Stamps it with its anchor at drawing point `p` (rounded to a device pixel: the
    /// sprites keep a pixel inside their surface's edges, so the rounding never shows
    /// outside it); `grey` for a remembered surface.
    pub fn stamp(&self, fb: &mut Framebuffer, p: [f32; 2], grey: bool) {
        let s = fb.scale();
        let x = (p[0] * s).round() as i32 - self.at.0;
        let y = (p[1] * s).round() as i32 - self.at.1;
        modulate_sprite(fb, &self.sprite, x, y, grey);
    }
}

/// Darken toward black, lighten, and the tints of rust, oil and grime (multipliers over
/// [`MOD_ONE`]: 128 is no change).
pub const DARK: Rgba = Rgba::rgb(18, 18, 20);
pub const LIGHT: Rgba = Rgba::rgb(215, 212, 205);
pub const RUST: Rgba = Rgba::rgb(166, 108, 76);
pub const OIL: Rgba = Rgba::rgb(40, 38, 44);
pub const GRIME: Rgba = Rgba::rgb(74, 68, 56);
pub const MOSS: Rgba = Rgba::rgb(96, 118, 70);
pub const PAINT_RED: Rgba = Rgba::rgb(190, 60, 50);
pub const HAZARD: Rgba = Rgba::rgb(230, 190, 70);

/// A canvas to bake on, covering `[-left, right] × [-up, down]` drawing units round the
/// anchor, plus a pixel.
pub struct Bake {
    pub fb: Framebuffer,
    pub plane: Plane,
    at: (i32, i32),
    rng: u32,
}

impl Bake {
    pub fn new(scale: f32, extent: [f32; 4], u: [f32; 2], v: [f32; 2], seed: u32) -> Bake {
        let [left, up, right, down] = extent;
        let at = (
            (left * scale).ceil() as i32 + 1,
            (up * scale).ceil() as i32 + 1,
        );
        let w = at.0 as usize + (right * scale).ceil() as usize + 2;
        let h = at.1 as usize + (down * scale).ceil() as usize + 2;
        let mut fb = Framebuffer::new(w, h);
        fb.set_scale(scale);
        fb.clear(MOD_ONE);
        let o = [at.0 as f32 / scale, at.1 as f32 / scale];
        Bake {
            fb,
            plane: Plane { o, u, v },
            at,
            rng: seed.wrapping_mul(0x9E37_79B9) ^ 0x5bd1_e995,
        }
    }

    /// The next of the bake's own draws, 0..1 (a function of its seed alone).
    pub fn rand(&mut self) -> f32 {
        let mut x = self.rng;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.rng = x;
        (x >> 8) as f32 / (1u32 << 24) as f32
    }

    pub fn range(&mut self, a: f32, b: f32) -> f32 {
        a + (b - a) * self.rand()
    }

    pub fn line(&mut self, a: (f32, f32), b: (f32, f32), width: f32, c: Rgba, alpha: u8) {
        let (p, q) = (self.plane.at(a.0, a.1), self.plane.at(b.0, b.1));
        draw_line(
            &mut self.fb,
            p,
            q,
            width,
            LineCap::Butt,
            Paint::alpha(c.with_alpha(alpha)),
        );
    }

    /// A round-capped line (scratches, streaks).
    pub fn stroke(&mut self, a: (f32, f32), b: (f32, f32), width: f32, c: Rgba, alpha: u8) {
        let (p, q) = (self.plane.at(a.0, a.1), self.plane.at(b.0, b.1));
        draw_line(
            &mut self.fb,
            p,
            q,
            width,
            LineCap::Round,
            Paint::alpha(c.with_alpha(alpha)),
        );
    }

    /// A polyline through `pts`.
    pub fn path(&mut self, pts: &[(f32, f32)], width: f32, c: Rgba, alpha: u8) {
        for w in pts.windows(2) {
            self.stroke(w[0], w[1], width, c, alpha);
        }
    }

    pub fn poly(&mut self, pts: &[(f32, f32)], c: Rgba, alpha: u8) {
        let p: Vec<[f32; 2]> = pts.iter().map(|&(u, v)| self.plane.at(u, v)).collect();
        fill_convex_polygon(&mut self.fb, &p, Paint::alpha(c.with_alpha(alpha)));
    }

    /// A quad `[u0, u1] × [v0, v1]` on the surface.
    pub fn rect(&mut self, u: (f32, f32), v: (f32, f32), c: Rgba, alpha: u8) {
        self.poly(&[(u.0, v.0), (u.1, v.0), (u.1, v.1), (u.0, v.1)], c, alpha);
    }

    /// A blot: an ellipse of radii `r` on the surface round `(u, v)`, its outline
    /// wobbling by `wobble` (0 = smooth).
    pub fn blot(&mut self, c0: (f32, f32), r: (f32, f32), wobble: f32, c: Rgba, alpha: u8) {
        const N: usize = 14;
        // A fan from the centre (the wobbled outline need not be convex; every fan
        // triangle is, and they share edges without overlapping).
        let mut pts = [[0.0f32; 2]; N + 2];
        pts[0] = self.plane.at(c0.0, c0.1);
        for k in 0..N {
            let a = k as f32 / N as f32 * std::f32::consts::TAU;
            let s = 1.0 + wobble * (self.rand() - 0.5);
            pts[k + 1] = self
                .plane
                .at(c0.0 + r.0 * s * a.cos(), c0.1 + r.1 * s * a.sin());
        }
        pts[N + 1] = pts[1];
        fill_convex_polygon(&mut self.fb, &pts, Paint::alpha(c.with_alpha(alpha)));
    }

    /// A dot of radius `r` drawing units (a rivet, a pit).
    pub fn dot(&mut self, at: (f32, f32), r: f32, c: Rgba, alpha: u8) {
        let p = self.plane.at(at.0, at.1);
        fill_circle(&mut self.fb, p, r, Paint::alpha(c.with_alpha(alpha)));
    }

    /// A rivet or bolt: a dark dot with a light glint up and to the left.
    pub fn rivet(&mut self, at: (f32, f32), r: f32) {
        self.dot(at, r, DARK, 170);
        let p = self.plane.at(at.0, at.1);
        fill_circle(
            &mut self.fb,
            [p[0] - r * 0.35, p[1] - r * 0.35],
            r * 0.55,
            Paint::alpha(LIGHT.with_alpha(150)),
        );
    }

    /// A crack: a jagged path from `a` heading along `dir` for `len`, with a branch.
    pub fn crack(&mut self, a: (f32, f32), dir: (f32, f32), len: f32, width: f32) {
        let steps = 5;
        let mut p = a;
        let mut pts = vec![p];
        for _ in 0..steps {
            let j = (self.range(-0.5, 0.5), self.range(-0.5, 0.5));
            p = (
                p.0 + (dir.0 + j.0 * 0.8) * len / steps as f32,
                p.1 + (dir.1 + j.1 * 0.8) * len / steps as f32,
            );
            pts.push(p);
        }
        // The lit lip beside it first, then the crack.
        let lip: Vec<(f32, f32)> = pts.iter().map(|&(u, v)| (u + 0.012, v - 0.012)).collect();
        self.path(&lip, width * 0.8, LIGHT, 70);
        self.path(&pts, width, DARK, 200);
        let k = 2 + (self.rand() * 2.0) as usize;
        let mut q = pts[k];
        let side = if self.rand() < 0.5 { 1.0 } else { -1.0 };
        let mut br = vec![q];
        for _ in 0..2 {
            q = (
                q.0 + (dir.0 * 0.5 - dir.1 * side * 0.7) * len / steps as f32,
                q.1 + (dir.1 * 0.5 + dir.0 * side * 0.7) * len / steps as f32,
            );
            br.push(q);
        }
        self.path(&br, width * 0.7, DARK, 160);
    }

    /// The sprite: every changed pixel whose centre `keep` keeps (given in the plane's
    /// `(u, v)`).
    pub fn finish(self, keep: impl Fn(f32, f32) -> bool) -> Baked {
        let s = self.fb.scale();
        let p = self.plane;
        // The plane's inverse, once: device pixel centre → (u, v).
        let det = p.u[0] * p.v[1] - p.u[1] * p.v[0];
        let (a, b, c, d) = (p.v[1] / det, -p.v[0] / det, -p.u[1] / det, p.u[0] / det);
        let sprite = ModSprite::from_framebuffer(&self.fb, 2, |x, y| {
            let (dx, dy) = ((x as f32 + 0.5) / s - p.o[0], (y as f32 + 0.5) / s - p.o[1]);
            keep(a * dx + b * dy, c * dx + d * dy)
        });
        Baked {
            sprite,
            at: self.at,
        }
    }
}

/// A keep for a surface with axes `u`, `v` (drawing units) at scale `s`: `px` device
/// pixels in from every edge.
pub fn inset(s: f32, u: [f32; 2], v: [f32; 2], px: f32) -> impl Fn(f32, f32) -> bool {
    let det = (u[0] * v[1] - u[1] * v[0]).abs();
    let len = |a: [f32; 2]| (a[0] * a[0] + a[1] * a[1]).sqrt();
    // Distance from the edge u = 0 per unit of u, and from v = 0 per unit of v.
    let (mu, mv) = (px / (det / len(v) * s), px / (det / len(u) * s));
    move |a, b| a > mu && a < 1.0 - mu && b > mv && b < 1.0 - mv
}
