//! Dust in the beams (REQ V3): motes floating in the air, seen only where a flashlight's
//! cone reaches them unblocked. Nothing is kept: each floor tile has its motes from a
//! fixed hash of the tile ([`super::mix`]), each wandering slowly about its place on the
//! world's clock (the tick and the frame's alpha), so a mote is where it was a frame
//! ago, a replay draws the same, and the motes cost nothing between frames. A frame
//! draws at most `dust.cap` of them (REQ §19).

use raster::Rgba;
use sim::read::World;
use sim::tuning::DT;
use sim::Vec2;

use super::tuning::DustTuning;
use super::unit;
use crate::horror::lights::Light;
use crate::iso::Iso;
use crate::scene::{hidden_by_wall, Lighting};
use crate::seen::Seen;

/// Least beam (its falloff times its level, units of 1.0) a mote must be in to be drawn:
/// below it the speck would be under one level of the frame anyway.
const DIM: f32 = 0.04;

/// A beam as the dust tests it, its trigonometry done once a frame: the same falloff and
/// cone as [`Light::reach`], and a tile test on dot and cross products alone.
struct Cone {
    pos: Vec2,
    range: f32,
    axis: Vec2,
    /// Its two edges (the outer half-angle either side of the axis).
    edges: [Vec2; 2],
    cos_outer: f32,
    cos_inner: f32,
    rgb: [f32; 3],
}

impl Cone {
    fn of(l: &Light) -> Option<Cone> {
        let b = l.beam?;
        Some(Cone {
            pos: l.pos,
            range: l.range,
            axis: Vec2::from_angle(b.axis),
            edges: [
                Vec2::from_angle(b.axis - b.half_outer),
                Vec2::from_angle(b.axis + b.half_outer),
            ],
            cos_outer: b.half_outer.cos(),
            cos_inner: b.half_inner.cos(),
            rgb: l.rgb,
        })
    }

    /// Whether any of tile `(x, y)` can be in the cone (its circumcircle against the
    /// range and the cone: inside it, or within the circle's radius of an edge).
    fn may_reach_tile(&self, x: i32, y: i32) -> bool {
        const R: f32 = std::f32::consts::FRAC_1_SQRT_2;
        let d = Vec2::new(x as f32 + 0.5, y as f32 + 0.5) - self.pos;
        let len2 = d.length_sq();
        if len2 > (self.range + R) * (self.range + R) {
            return false;
        }
        if len2 <= R * R {
            return true;
        }
        let along = d.dot(self.axis);
        if along > 0.0 && along * along >= len2 * self.cos_outer * self.cos_outer {
            return true;
        }
        self.edges
            .iter()
            .any(|e| d.dot(*e) > 0.0 && d.cross(*e).abs() <= R)
    }

    /// [`Light::reach`] with the cosines kept.
    fn reach(&self, p: Vec2) -> f32 {
        let d = p - self.pos;
        let d2 = d.length_sq() / (self.range * self.range);
        if d2 >= 1.0 {
            return 0.0;
        }
        let f = (1.0 - d2) * (1.0 - d2);
        let len = d.length();
        if len <= 1e-6 {
            return f;
        }
        let c = d.dot(self.axis) / len;
        let (e0, e1) = (self.cos_outer, self.cos_inner);
        if e1 <= e0 {
            return if c >= e1 { f } else { 0.0 };
        }
        let t = ((c - e0) / (e1 - e0)).clamp(0.0, 1.0);
        f * t * t * (3.0 - 2.0 * t)
    }
}

/// Where mote `k` of tile `(tx, ty)` floats at `secs`, and its glint phase.
fn mote(tx: i32, ty: i32, k: u32, secs: f32, t: &DustTuning) -> (Vec2, f32, f32) {
    let h = super::mix(super::mix(tx as u32, ty as u32 ^ 0xD057), k);
    let base = Vec2::new(tx as f32 + unit(h, 1), ty as f32 + unit(h, 2));
    let phase = unit(h, 3) * std::f32::consts::TAU;
    // Two slightly different paces per axis: a slow loop that never quite repeats.
    let (fx, fy) = (0.7 + 0.6 * unit(h, 4), 0.7 + 0.6 * unit(h, 5));
    let a = secs * t.pace;
    let p = base + Vec2::new((a * fx + phase).sin(), (a * fy + phase * 1.7).cos()) * t.wander;
    let z = t.height[0]
        + (t.height[1] - t.height[0]) * unit(h, 6)
        + 0.3 * t.wander * (a * 0.8 + phase * 2.3).sin();
    (p, z.max(0.02), phase + unit(h, 7) * 40.0)
}

/// The motes of the frame at `alpha`: each one lit by the beams among `lights` (their
/// falloff and cone, stopped by walls), on live tiles, not behind a wall block, on
/// screen (`size`, drawing units) — given to `emit` as its place and height in the
/// world, its screen point and its colour (the alpha its strength), at most `t.cap`.
/// Returns how many.
#[allow(clippy::too_many_arguments)]
pub fn motes(
    w: &World,
    lit: &dyn Lighting,
    lights: &[Light],
    iso: &Iso,
    size: (f32, f32),
    t: &DustTuning,
    alpha: f32,
    mut emit: impl FnMut(Vec2, f32, [f32; 2], Rgba),
) -> usize {
    let beams: Vec<Cone> = lights.iter().filter_map(Cone::of).collect();
    if beams.is_empty() || t.cap == 0 || t.per_tile <= 0.0 || t.level <= 0.0 {
        return 0;
    }
    let g = &w.map().grid;
    let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
    for l in &beams {
        x0 = x0.min((l.pos.x - l.range).floor() as i32);
        y0 = y0.min((l.pos.y - l.range).floor() as i32);
        x1 = x1.max((l.pos.x + l.range).ceil() as i32);
        y1 = y1.max((l.pos.y + l.range).ceil() as i32);
    }
    let (x0, y0) = (x0.max(0), y0.max(0));
    let (x1, y1) = (x1.min(g.width() - 1), y1.min(g.height() - 1));
    let secs = (w.tick() as f32 + alpha) * DT;
    let whole = t.per_tile.floor() as u32;
    let extra = t.per_tile - whole as f32;
    let mut n = 0;
    for ty in y0..=y1 {
        for tx in x0..=x1 {
            if g.is_wall(tx, ty)
                || lit.seen(tx, ty) != Seen::Live
                || !beams.iter().any(|l| l.may_reach_tile(tx, ty))
            {
                continue;
            }
            let count =
                whole + u32::from(unit(super::mix(tx as u32 ^ 0xA5A5, ty as u32), 0) < extra);
            for k in 0..count {
                let (p, z, glint) = mote(tx, ty, k, secs, t);
                let mut acc = [0.0f32; 3];
                for l in &beams {
                    let f = l.reach(p);
                    if f > 0.0 && g.line_clear(l.pos, p) {
                        for (a, c) in acc.iter_mut().zip(l.rgb) {
                            *a += c * f;
                        }
                    }
                }
                let peak = acc.iter().cloned().fold(0.0f32, f32::max);
                let strength = t.level * peak / 128.0;
                if strength < DIM || g.is_wall_at(p) || hidden_by_wall(w, p, z) {
                    continue;
                }
                let c = iso.project(p, z);
                if c[0] < -2.0 || c[1] < -2.0 || c[0] > size.0 + 2.0 || c[1] > size.1 + 2.0 {
                    continue;
                }
                // A glint as the mote turns: its own pace, never in step with another's.
                let twinkle = 1.0 - t.twinkle * (0.5 + 0.5 * (secs * 2.3 + glint).sin());
                let a = (strength.min(1.0) * twinkle * 255.0).round();
                if a < 1.0 {
                    continue;
                }
                let ch = |v: f32| (v / peak * 255.0).round().clamp(0.0, 255.0) as u8;
                emit(
                    p,
                    z,
                    c,
                    Rgba::new(ch(acc[0]), ch(acc[1]), ch(acc[2]), a as u8),
                );
                n += 1;
                if n >= t.cap as usize {
                    return n;
                }
            }
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    use std::sync::Arc;

    use sim::read::{Map, Scenario};
    use sim::tuning::Tuning;

    use crate::bodies::Shade;
    use crate::horror::lights::Beam;

    /// Every tile live, no light but the ambient.
    struct AllLive;

    impl Lighting for AllLive {
        fn seen(&self, _: i32, _: i32) -> Seen {
            Seen::Live
        }
        fn corner_live(&self, _: i32, _: i32) -> f32 {
            1.0
        }
        fn light_at(&self, _: Vec2) -> Rgba {
            Rgba::rgb(20, 20, 20)
        }
        fn face_light(&self, _: Vec2, _: Vec2) -> Rgba {
            Rgba::rgb(20, 20, 20)
        }
        fn memory_light(&self) -> Rgba {
            Rgba::rgb(20, 20, 20)
        }
        fn floor_memory(&self, c: Rgba) -> Rgba {
            c
        }
        fn ambient_light(&self) -> Rgba {
            Rgba::rgb(20, 20, 20)
        }
        fn enemy_shade(&self, _: Vec2, _: Rgba) -> Shade {
            Shade::LIT
        }
    }

    const ROOM: &str = "\
####################
#..................#
#..................#
#..........#.......#
#..........#.......#
#..S.......#.......#
#..........#.......#
#..........#.......#
#..................#
####################
";

    /// A beam from `(4, 5.5)` east along +x into the wall at x = 11.
    fn beam() -> Light {
        Light {
            pos: Vec2::new(4.0, 5.5),
            range: 12.0,
            rgb: [160.0, 150.0, 130.0],
            beam: Some(Beam {
                axis: 0.0,
                half_inner: 0.25,
                half_outer: 0.4,
            }),
        }
    }

    #[test]
    fn motes_show_only_inside_a_beam_and_never_past_its_wall() {
        let map = Arc::new(Map::parse("dust.map", ROOM).unwrap());
        let sc = Scenario::parse("dust.scn", "seed = 1\n").unwrap();
        let w = World::new(map, &sc, Tuning::default());
        let t = DustTuning::default();
        let iso = Iso::new(Vec2::new(8.0, 5.0), 640, 400);
        let l = beam();
        let mut seen = Vec::new();
        let n = motes(
            &w,
            &AllLive,
            &[l],
            &iso,
            (640.0, 400.0),
            &t,
            0.5,
            |p, z, c, col| seen.push((p, z, c, col)),
        );
        assert_eq!(n, seen.len());
        assert!(n > 20, "{n} motes in the beam");
        for (p, z, c, col) in &seen {
            // In the cone, before the wall, its strength the beam's there.
            assert!(l.reach(*p) > 0.0, "{p:?} outside the beam");
            assert!(p.x < 11.0, "{p:?} past the wall");
            assert!(*z >= t.height[0] - t.wander && *z <= t.height[1] + t.wander);
            assert_eq!(iso.project(*p, *z), *c);
            assert!(col.a as f32 <= t.level * 255.0 * 1.6 + 1.0, "{col:?}");
        }
        // No beam (a point light is no beam), or a beam with no light: no dust.
        let point = Light { beam: None, ..l };
        let none = motes(
            &w,
            &AllLive,
            &[point],
            &iso,
            (640.0, 400.0),
            &t,
            0.5,
            |_, _, _, _| {},
        );
        assert_eq!(none, 0);
        let dark = Light { rgb: [0.0; 3], ..l };
        let none = motes(
            &w,
            &AllLive,
            &[dark],
            &iso,
            (640.0, 400.0),
            &t,
            0.5,
            |_, _, _, _| {},
        );
        assert_eq!(none, 0);
        // The cap holds.
        let few = DustTuning {
            cap: 7,
            ..t.clone()
        };
        let capped = motes(
            &w,
            &AllLive,
            &[l],
            &iso,
            (640.0, 400.0),
            &few,
            0.5,
            |_, _, _, _| {},
        );
        assert_eq!(capped, 7);
        // The same moment gives the same motes; the next frame moves each a hair.
        let mut again = Vec::new();
        motes(
            &w,
            &AllLive,
            &[l],
            &iso,
            (640.0, 400.0),
            &t,
            0.5,
            |p, z, c, col| again.push((p, z, c, col)),
        );
        assert_eq!(seen, again);
    }

    #[test]
    fn a_mote_drifts_slowly_and_stays_near_its_place() {
        let t = DustTuning::default();
        let (a, za, _) = mote(10, 12, 1, 3.0, &t);
        let (b, zb, _) = mote(10, 12, 1, 3.0 + DT, &t);
        // One frame apart: a hair's breadth (≤ wander × pace × 1.3 × dt).
        assert!(
            a.distance(b) <= t.wander * t.pace * 1.3 * DT * 1.5,
            "{a:?} {b:?}"
        );
        assert!((za - zb).abs() < 0.01);
        for s in 0..200 {
            let (p, z, _) = mote(10, 12, 1, s as f32 * 0.37, &t);
            assert!(p.x > 10.0 - t.wander - 0.01 && p.x < 11.0 + t.wander + 0.01);
            assert!(p.y > 12.0 - t.wander - 0.01 && p.y < 13.0 + t.wander + 0.01);
            assert!(z >= 0.02 && z <= t.height[1] + t.wander);
        }
        // Tiles and indices differ.
        assert_ne!(mote(10, 12, 0, 3.0, &t).0, mote(10, 12, 1, 3.0, &t).0);
        assert_ne!(mote(10, 12, 0, 3.0, &t).0, mote(11, 12, 0, 3.0, &t).0);
    }
}
