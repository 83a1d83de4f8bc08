//! The rig every body is drawn with (REQ V1): a figure is a handful of *parts* —
//! capsules between two points (a limb's bone, a torso, a blade) and balls (a head, a
//! fist, a sac) — placed in the body's own frame (forward along its facing, side to its
//! right, height up), projected through the isometric camera and drawn back to front in
//! the painter's order of the world (a part nearer the viewer over a farther one), each
//! with its dark outline. In the dark the whole figure first gets its rim (the light on
//! its upper edge), so a silhouette keeps one continuous edge.
//!
//! A fall is a rotation of the whole frame about the feet: the figure tips backward
//! onto the floor as `fall` goes from 0 to 1 (a corpse is a figure fallen all the way).

use raster::{LineCap, Paint, Rgba};
use sim::Vec2;

use crate::canvas::{Canvas, UNLIT};
use crate::iso::Iso;
use crate::palette as pal;

/// Whether a body standing at `p` can show in `cv` (its figure, lying or raised
/// overhead, keeps within 64 drawing units across and 72 up of its foot point).
pub fn in_view(cv: &Canvas, iso: &Iso, p: Vec2) -> bool {
    let s = iso.project(p, 0.0);
    cv.shows([s[0] - 40.0, s[1] - 72.0], [s[0] + 40.0, s[1] + 24.0])
}

/// A point in the body's frame: forward, side (to its right), height; world units.
pub type Local = [f32; 3];

/// Most parts in one figure (the stalker's 14 is the most).
const MAX_PARTS: usize = 20;

#[derive(Clone, Copy)]
struct Part {
    a: [f32; 2],
    b: [f32; 2],
    /// Width of a capsule, or the radius of a ball (`a == b`, `ball`), drawing units.
    w: f32,
    col: Rgba,
    ball: bool,
    /// Painter's key: the world's depth toward the viewer (x + y) and a little height.
    depth: f32,
    /// A ball's highlight toward the light (lit bodies read round).
    shine: bool,
    /// A trunk or a ball: the parts that carry a team's rim.
    major: bool,
}

/// A figure being put together; [`Rig::draw`] draws it.
pub struct Rig<'a> {
    iso: &'a Iso,
    origin: Vec2,
    fwd: Vec2,
    side: Vec2,
    /// The fall's tilt: (cos, sin) of the angle the body has tipped back.
    tilt: (f32, f32),
    parts: [Part; MAX_PARTS],
    len: usize,
    /// Less detail for bodies no one looks at closely (a corpse lying, a body in the
    /// dark): a limb is one bone, nothing shines. Half the parts, the same shape.
    pub coarse: bool,
    /// The rim on the trunk and the balls only (the squad's team-coloured rim, which
    /// needs only to say whose body it is).
    pub rim_major_only: bool,
    /// Each part outlined (off for a corpse lying: a stain on the floor, half the cost).
    pub outline: bool,
}

impl<'a> Rig<'a> {
    /// A figure standing at `origin` facing `facing` (radians), tipped back by
    /// `fall` (0 standing … 1 flat on the floor).
    pub fn new(iso: &'a Iso, origin: Vec2, facing: f32, fall: f32) -> Rig<'a> {
        let fwd = Vec2::from_angle(facing);
        let ang = fall.clamp(0.0, 1.0) * std::f32::consts::FRAC_PI_2 * 0.96;
        Rig {
            iso,
            origin,
            fwd,
            side: fwd.perp(),
            tilt: (ang.cos(), ang.sin()),
            parts: [Part {
                a: [0.0; 2],
                b: [0.0; 2],
                w: 0.0,
                col: Rgba::rgb(0, 0, 0),
                ball: false,
                depth: 0.0,
                shine: false,
                major: false,
            }; MAX_PARTS],
            len: 0,
            coarse: false,
            rim_major_only: false,
            outline: true,
        }
    }

    /// A local point in the world (after the fall's tilt) and its height.
    fn world(&self, l: Local) -> (Vec2, f32) {
        let (c, s) = self.tilt;
        // Tip backward about the feet: forward goes down, height goes back.
        let f = l[0] * c - l[2] * s;
        let z = (l[0] * s + l[2] * c).max(l[2].min(0.03));
        (self.origin + self.fwd * f + self.side * l[1], z)
    }

    /// A local point on screen.
    pub fn at(&self, l: Local) -> [f32; 2] {
        let (p, z) = self.world(l);
        self.iso.project(p, z)
    }

    /// The screen direction of a local forward/side direction (for eyes).
    pub fn screen_dir(&self, d: [f32; 2]) -> [f32; 2] {
        self.iso.screen_dir(self.fwd * d[0] + self.side * d[1])
    }

    fn push(&mut self, p: Part) {
        if self.len < MAX_PARTS {
            self.parts[self.len] = p;
            self.len += 1;
        }
    }

    fn depth(&self, l: Local) -> f32 {
        let (p, z) = self.world(l);
        p.x + p.y + z * 0.02
    }

    /// A capsule from `a` to `b`, `w` drawing units wide.
    pub fn bone(&mut self, a: Local, b: Local, w: f32, col: Rgba) {
        let mid = [
            (a[0] + b[0]) * 0.5,
            (a[1] + b[1]) * 0.5,
            (a[2] + b[2]) * 0.5,
        ];
        let p = Part {
            a: self.at(a),
            b: self.at(b),
            w,
            col,
            ball: false,
            depth: self.depth(mid),
            shine: false,
            major: false,
        };
        self.push(p);
    }

    /// A trunk: a torso, a belly (it carries a team's rim).
    pub fn trunk(&mut self, a: Local, b: Local, w: f32, col: Rgba) {
        self.bone(a, b, w, col);
        self.parts[self.len - 1].shine = !self.coarse;
        self.parts[self.len - 1].major = true;
    }

    /// A ball of radius `r` drawing units at `c`.
    pub fn ball(&mut self, c: Local, r: f32, col: Rgba) {
        let s = self.at(c);
        let p = Part {
            a: s,
            b: s,
            w: r,
            col,
            ball: true,
            depth: self.depth(c),
            shine: !self.coarse,
            major: true,
        };
        self.push(p);
    }

    /// A two-bone limb: `a` to the joint `k` to `b`.
    pub fn limb(&mut self, a: Local, k: Local, b: Local, w: f32, col: Rgba) {
        if self.coarse {
            self.bone(a, b, w, col);
            return;
        }
        self.bone(a, k, w, col);
        self.bone(k, b, w * 0.85, col);
    }

    /// Draws the figure: its rim first (when `rim` shows: the light on its upper edge,
    /// emissive so it reads in the dark), then every part back to front with its
    /// outline. `fade` (0..1) is the whole figure's opacity (a corpse fading out).
    pub fn draw(mut self, cv: &mut Canvas, rim: Rgba, fade: f32) {
        let parts = &mut self.parts[..self.len];
        parts.sort_by(|a, b| a.depth.total_cmp(&b.depth));
        let fade = fade.clamp(0.0, 1.0);
        let k = |a: u8| (a as f32 * fade).round() as u8;
        if rim.a > 0 && fade > 0.0 {
            let stamp = cv.stamp;
            if cv.has_light() {
                cv.stamp = UNLIT;
            }
            let rim = rim.with_alpha(k(rim.a));
            for p in parts.iter().filter(|p| p.major || !self.rim_major_only) {
                let up = |q: [f32; 2]| [q[0], q[1] - 1.2];
                if p.ball {
                    cv.circle(up(p.a), p.w + 1.9, Paint::alpha(rim));
                } else {
                    cv.line(
                        up(p.a),
                        up(p.b),
                        p.w + 2.6,
                        LineCap::Round,
                        Paint::alpha(rim),
                    );
                }
            }
            cv.stamp = stamp;
        }
        // Opaque at full strength: the outline is near black whatever lies under it,
        // and an opaque span fills without blending (the figures' largest cost).
        let outline = if fade >= 1.0 {
            Paint::opaque(pal::OUTLINE.with_alpha(255))
        } else {
            Paint::alpha(pal::OUTLINE.with_alpha(k(pal::OUTLINE.a)))
        };
        let solid = |c: Rgba| {
            if fade >= 1.0 {
                Paint::opaque(c)
            } else {
                Paint::alpha(c.with_alpha(k(255)))
            }
        };
        for p in parts.iter() {
            if !self.outline {
                if p.ball {
                    cv.circle(p.a, p.w + 0.5, solid(p.col));
                } else {
                    cv.line(p.a, p.b, p.w + 0.5, LineCap::Round, solid(p.col));
                }
            } else if p.ball {
                cv.circle(p.a, p.w + 1.3, outline);
                cv.inner_circle(p.a, p.w, solid(p.col));
                if p.shine && fade >= 1.0 {
                    cv.inner_circle(
                        [p.a[0] - p.w * 0.3, p.a[1] - p.w * 0.35],
                        p.w * 0.4,
                        Paint::alpha(Rgba::new(255, 255, 255, 60)),
                    );
                }
            } else {
                cv.line(p.a, p.b, p.w + 2.0, LineCap::Round, outline);
                cv.inner_line(p.a, p.b, p.w, LineCap::Round, solid(p.col));
            }
        }
    }
}
