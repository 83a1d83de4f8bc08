//! H1 light: the frame's lights (flashlights, lamps, muzzle flashes, tracers, spits, the
//! anchor's glow, the player's flares and the grenade's fuse), their occlusion by walls, and the light they put on the floor, on wall
//! faces and on bodies.
//!
//! A flashlight's cone — range and half-angle — is the simulation's (`[light]`, the
//! numbers its own light test reads, T2): what the player sees lit is what a stalker
//! shies from. Its look (soft edge, colour, level, spill) is the view's `[horror]`.
//!
//! A light's reach is its visibility polygon on the tile grid ([`super::vispoly`]),
//! computed in world space, projected onto the iso floor and filled into the light buffer
//! by [`raster::add_light_fan`] with the light's falloff evaluated per pixel in world
//! units. Walls and bodies are lit from the same model evaluated at their world position
//! ([`light_at`]) with a ray test for occlusion, so the floor in front of a wall face and
//! the face itself agree, and a face lit from behind stays dark.

use raster::{add_light_fan, Cone, Framebuffer, LightShape, Rgba};
use sim::read::{Grid, Role, World};
use sim::tuning::{BeamTuning, DT};
use sim::Vec2;

use super::tracers::Tracers;
use super::vispoly::{visibility_polygon, VisPoly, VisScratch};
use crate::horror::tuning::{FlashlightTuning, HorrorTuning, PointLightTuning};
use crate::interp::lerp_pos;
use crate::iso::{Iso, TILE_H, TILE_W};

/// A flashlight's beam: a cone with a smooth edge.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Beam {
    /// Axis angle, radians.
    pub axis: f32,
    /// Full light inside this half-angle, zero outside `half_outer`.
    pub half_inner: f32,
    pub half_outer: f32,
}

/// One light of the frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Light {
    pub pos: Vec2,
    pub range: f32,
    /// Light added at the source per channel, light-buffer units (128 = 1.0).
    pub rgb: [f32; 3],
    pub beam: Option<Beam>,
}

impl Light {
    /// Whether any of the unit tile `(x, y)` can be in reach (a cheap conservative test:
    /// the tile's circumcircle against the range and the beam's angle).
    pub fn may_reach_tile(&self, x: i32, y: i32) -> bool {
        const HALF_DIAG: f32 = std::f32::consts::FRAC_1_SQRT_2;
        let d = Vec2::new(x as f32 + 0.5, y as f32 + 0.5) - self.pos;
        let len = d.length();
        if len > self.range + HALF_DIAG {
            return false;
        }
        match self.beam {
            Some(b) if len > HALF_DIAG => {
                let margin = (HALF_DIAG / len).asin();
                let off = sim::read::wrap_angle(d.angle() - b.axis).abs();
                off <= b.half_outer + margin
            }
            _ => true,
        }
    }

    /// A point light of `t`'s look at `pos`, its intensity times `scale`.
    pub fn point(pos: Vec2, t: &PointLightTuning, scale: f32) -> Light {
        Light {
            pos,
            range: t.range,
            rgb: rgb_of(t.color, t.intensity * scale),
            beam: None,
        }
    }

    /// The falloff and cone at `p`, 0..1, ignoring walls. The same formula as the
    /// rasterizer's fan shader: `(1 - d²/r²)²`, times a smoothstep across the beam edge.
    pub fn reach(&self, p: Vec2) -> f32 {
        let d = p - self.pos;
        let d2 = d.length_sq() / (self.range * self.range);
        if d2 >= 1.0 {
            return 0.0;
        }
        let f = (1.0 - d2) * (1.0 - d2);
        match self.beam {
            None => f,
            Some(b) => {
                let len = d.length();
                if len <= 1e-6 {
                    return f;
                }
                let c = d.dot(Vec2::from_angle(b.axis)) / len;
                f * smoothstep(b.half_outer.cos(), b.half_inner.cos(), c)
            }
        }
    }
}

fn smoothstep(e0: f32, e1: f32, x: f32) -> f32 {
    if e1 <= e0 {
        return if x >= e1 { 1.0 } else { 0.0 };
    }
    let t = ((x - e0) / (e1 - e0)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// Light-buffer units per channel for a colour at an intensity.
fn rgb_of(c: [u8; 3], intensity: f32) -> [f32; 3] {
    c.map(|v| v as f32 / 255.0 * intensity * 128.0)
}

/// A flashlight as two lights: the beam (the cone `cone`, the simulation's, drawn with a
/// soft edge outside it), and the spill round the bearer.
fn flashlight(pos: Vec2, axis: f32, cone: &BeamTuning, t: &FlashlightTuning, out: &mut Vec<Light>) {
    let half = cone.half_angle_deg.to_radians();
    out.push(Light {
        pos,
        range: cone.range,
        rgb: rgb_of(t.color, t.intensity),
        beam: Some(Beam {
            axis,
            half_inner: half,
            half_outer: half + t.softness_deg.to_radians(),
        }),
    });
    if t.spill > 0.0 && t.spill_level > 0.0 {
        out.push(Light {
            pos,
            range: t.spill * 2.0,
            rgb: rgb_of(t.color, t.intensity * t.spill_level),
            beam: None,
        });
    }
}

/// A smooth flicker 0..1 for lamp `i` at time `s` seconds (cosmetic, deterministic).
fn flicker(i: usize, s: f32) -> f32 {
    let k = i as f32 * 1.731;
    let v = (s * 7.3 + k).sin() * (s * 2.9 + k * 2.1).sin() + 0.4 * (s * 23.0 + k * 0.7).sin();
    (0.5 + 0.5 * v).clamp(0.0, 1.0)
}

/// Every light of the frame at interpolation `alpha`.
pub fn gather(w: &World, tracers: &Tracers, t: &HorrorTuning, alpha: f32, out: &mut Vec<Light>) {
    out.clear();
    let cones = &w.tuning().light;
    for a in w.agents().iter().filter(|a| a.alive) {
        let p = lerp_pos(a.prev_pos, a.pos, alpha);
        match a.role {
            // The gunner's light rides the barrel; the blade's its facing (the axes of
            // the simulation's beams, `World::beams`).
            Role::Gunner => flashlight(p, a.barrel, &cones.gunner, &t.gunner_light, out),
            Role::Blade => flashlight(p, a.facing, &cones.blade, &t.blade_light, out),
        }
    }
    let secs = (w.tick() as f32 + alpha) * DT;
    for (i, &l) in w.map().lamps.iter().enumerate() {
        let k = 1.0 - t.lamp_flicker * flicker(i, secs);
        out.push(Light::point(l, &t.lamp, k));
    }
    for (f, k) in tracers.live_flashes(t, alpha) {
        out.push(Light::point(f.pos, &t.muzzle_flash, k));
    }
    for b in w.bullets() {
        out.push(Light::point(
            lerp_pos(b.prev_pos, b.pos, alpha),
            &t.tracer_light,
            1.0,
        ));
    }
    for s in w.spits() {
        out.push(Light::point(
            lerp_pos(s.prev_pos, s.pos, alpha),
            &t.spit_light,
            1.0,
        ));
    }
    let anchor = lerp_pos(w.anchor().prev_pos, w.anchor().pos, alpha);
    out.push(Light::point(anchor, &t.anchor_glow, 1.0));
    tool_lights(w, t, alpha, out);
}

/// A burning flare's light (REQ K3): at the flare, its radius the simulation's light
/// radius (`Flare::light_radius`: `flare_light` × its glow, fading at the end) times the
/// view's `reach`, flickering.
pub fn flare_light(w: &World, f: &sim::read::Flare, t: &HorrorTuning, secs: f32) -> Option<Light> {
    let r = f.light_radius(w.tuning(), w.ticks()) * t.flare_light.reach;
    if r <= 0.0 || !r.is_finite() {
        return None;
    }
    let fl = crate::tools::flicker(f.id, secs);
    let k = t.flare_light.intensity * (1.0 - t.flare_light.flicker * fl);
    Some(Light {
        pos: f.pos,
        range: r,
        rgb: rgb_of(t.flare_light.color, k),
        beam: None,
    })
}

/// The player's tools' lights: burning flares, flares in flight, the grenade's fuse
/// while it blinks on.
fn tool_lights(w: &World, t: &HorrorTuning, alpha: f32, out: &mut Vec<Light>) {
    let secs = (w.tick() as f32 + alpha) * DT;
    for f in &w.tools().flares {
        if !crate::tools::flare_landed(f) {
            let (p, _) = crate::tools::flare_head(f, alpha);
            out.push(Light::point(p, &t.flare_spark, 1.0));
        }
        if let Some(l) = flare_light(w, f, t, secs) {
            out.push(l);
        }
    }
    if let Some(g) = &w.tools().grenade {
        if crate::tools::fuse_on(w, g, alpha) {
            out.push(Light::point(g.pos, &t.fuse_light, 1.0));
        }
    }
}

/// The light at world point `p`: ambient plus every light that reaches it unblocked.
/// `normal` (a wall face's outward normal) adds a Lambert term with a little wrap.
pub fn light_at(
    grid: &Grid,
    lights: &[Light],
    ambient: [f32; 3],
    p: Vec2,
    normal: Option<Vec2>,
) -> Rgba {
    let mut acc = ambient;
    for l in lights {
        let k = l.reach(p);
        if k <= 0.0 {
            continue;
        }
        let k = match normal {
            Some(n) => {
                let to = (l.pos - p).normalize_or_zero();
                let ndl = n.dot(to);
                if ndl <= 0.0 {
                    continue;
                }
                k * (0.25 + 0.75 * ndl)
            }
            None => k,
        };
        if !grid.line_clear(l.pos, p) {
            continue;
        }
        for (a, c) in acc.iter_mut().zip(l.rgb) {
            *a += c * k;
        }
    }
    let ch = |v: f32| v.round().clamp(0.0, 255.0) as u8;
    Rgba::rgb(ch(acc[0]), ch(acc[1]), ch(acc[2]))
}

/// The light's shape in the rasterizer's terms: pixel → world (the inverse iso
/// projection on the floor) → light space (the light at the origin, range 1).
pub fn shape(l: &Light, iso: &Iso) -> LightShape {
    let (hw, hh) = (TILE_W * 0.5, TILE_H * 0.5);
    // world = center + 0.5 * (a + b, b - a), a = (px - ox) / hw, b = (py - oy) / hh
    let inv_r = 1.0 / l.range;
    let (ox, oy) = (iso.origin[0], iso.origin[1]);
    let cx = iso.center.x - l.pos.x - 0.5 * (ox / hw + oy / hh);
    let cy = iso.center.y - l.pos.y - 0.5 * (oy / hh - ox / hw);
    let to_light = [
        [0.5 / hw * inv_r, 0.5 / hh * inv_r, cx * inv_r],
        [-0.5 / hw * inv_r, 0.5 / hh * inv_r, cy * inv_r],
    ];
    let peak = l.rgb.iter().cloned().fold(0.0f32, f32::max).max(1e-6);
    let color = Rgba::rgb(
        (l.rgb[0] / peak * 255.0).round() as u8,
        (l.rgb[1] / peak * 255.0).round() as u8,
        (l.rgb[2] / peak * 255.0).round() as u8,
    );
    LightShape {
        to_light,
        color,
        intensity: peak / 128.0,
        cone: l.beam.map(|b| Cone {
            dir: [b.axis.cos(), b.axis.sin()],
            cos_inner: b.half_inner.cos(),
            cos_outer: b.half_outer.cos(),
            spill: 0.0,
            spill_level: 0.0,
        }),
    }
}

/// Scratch for drawing lights (caller-owned, reused every frame): the frame's lights as
/// fans on screen, planned once ([`plan_lights`]) and drawn into each band of the light
/// buffer ([`draw_planned`]).
#[derive(Clone, Debug, Default)]
pub struct LightScratch {
    vis: VisScratch,
    poly: VisPoly,
    /// Every planned fan's screen points, one after the other.
    screen: Vec<[f32; 2]>,
    /// Each planned light: its centre on screen, its points in `screen`, whether its
    /// polygon is closed, its shape.
    fans: Vec<Fan>,
    /// Each light drawn this frame with the world bounding box (min, max) of its
    /// polygon: where the fog stage has to look for light on tiles the squad does not see.
    pub reach: Vec<(Light, Vec2, Vec2)>,
}

/// One light of the frame, ready for the rasterizer.
#[derive(Clone, Debug)]
struct Fan {
    centre: [f32; 2],
    points: std::ops::Range<usize>,
    closed: bool,
    shape: LightShape,
}

/// Plans every light that can touch a screen of `size` (drawing units) as its
/// visibility polygon on screen. Returns how many.
pub fn plan_lights(
    size: (f32, f32),
    grid: &Grid,
    lights: &[Light],
    iso: &Iso,
    s: &mut LightScratch,
) -> usize {
    let (w, h) = size;
    s.reach.clear();
    s.fans.clear();
    s.screen.clear();
    for l in lights {
        // The iso image of a circle of radius r spans ±√2·r·TILE_W/2 across, half that
        // down: skip lights whose footprint misses the screen.
        let c = iso.project(l.pos, 0.0);
        let ex = l.range * TILE_W * 0.5 * std::f32::consts::SQRT_2;
        let ey = l.range * TILE_H * 0.5 * std::f32::consts::SQRT_2;
        if c[0] + ex < 0.0 || c[0] - ex > w || c[1] + ey < 0.0 || c[1] - ey > h {
            continue;
        }
        let cone = l.beam.map(|b| (b.axis, b.half_outer));
        visibility_polygon(grid, l.pos, l.range, cone, &mut s.vis, &mut s.poly);
        if s.poly.points.len() < 2 {
            continue;
        }
        let first = s.screen.len();
        s.screen
            .extend(s.poly.points.iter().map(|&p| iso.project(p, 0.0)));
        let (lo, hi) = s.poly.points.iter().fold((l.pos, l.pos), |(lo, hi), p| {
            (
                Vec2::new(lo.x.min(p.x), lo.y.min(p.y)),
                Vec2::new(hi.x.max(p.x), hi.y.max(p.y)),
            )
        });
        s.reach.push((*l, lo, hi));
        s.fans.push(Fan {
            centre: c,
            points: first..s.screen.len(),
            closed: s.poly.closed,
            shape: shape(l, iso),
        });
    }
    s.fans.len()
}

/// Adds the planned lights to the light buffer (or the band of it `buf` holds).
pub fn draw_planned(buf: &mut Framebuffer, s: &LightScratch) {
    for f in &s.fans {
        add_light_fan(
            buf,
            f.centre,
            &s.screen[f.points.clone()],
            f.closed,
            &f.shape,
        );
    }
}

/// Adds every light that can touch the screen to the light buffer over its visibility
/// polygon ([`plan_lights`], then [`draw_planned`]). Returns how many were drawn.
pub fn draw_lights(
    buf: &mut Framebuffer,
    grid: &Grid,
    lights: &[Light],
    iso: &Iso,
    s: &mut LightScratch,
) -> usize {
    let n = plan_lights(buf.logical_size(), grid, lights, iso, s);
    draw_planned(buf, s);
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shape_maps_pixels_to_light_space() {
        let iso = Iso::new(Vec2::new(10.0, 7.0), 640, 360);
        let l = Light {
            pos: Vec2::new(12.0, 6.5),
            range: 4.0,
            rgb: [128.0, 64.0, 0.0],
            beam: None,
        };
        let s = shape(&l, &iso);
        for p in [
            Vec2::new(12.0, 6.5),
            Vec2::new(14.0, 6.5),
            Vec2::new(11.0, 9.0),
        ] {
            let px = iso.project(p, 0.0);
            let m = s.to_light;
            let q = [
                m[0][0] * px[0] + m[0][1] * px[1] + m[0][2],
                m[1][0] * px[0] + m[1][1] * px[1] + m[1][2],
            ];
            let want = (p - l.pos) * (1.0 / l.range);
            assert!(
                (q[0] - want.x).abs() < 1e-4 && (q[1] - want.y).abs() < 1e-4,
                "{q:?} {want:?}"
            );
        }
        assert_eq!(s.color, Rgba::rgb(255, 128, 0));
        assert!((s.intensity - 1.0).abs() < 1e-6);
    }

    #[test]
    fn a_beam_lights_ahead_and_not_behind() {
        let l = Light {
            pos: Vec2::ZERO,
            range: 8.0,
            rgb: [128.0; 3],
            beam: Some(Beam {
                axis: 0.0,
                half_inner: 0.3,
                half_outer: 0.45,
            }),
        };
        assert!(l.reach(Vec2::new(2.0, 0.0)) > 0.8);
        assert_eq!(l.reach(Vec2::new(-2.0, 0.0)), 0.0);
        assert_eq!(l.reach(Vec2::new(2.0, 2.0)), 0.0);
        assert_eq!(l.reach(Vec2::new(9.0, 0.0)), 0.0);
    }

    #[test]
    fn walls_block_light_and_faces_lit_from_behind_stay_dark() {
        let mut g = Grid::open_with_border(20, 20);
        g.set_wall(10, 10, true);
        let l = Light {
            pos: Vec2::new(8.5, 10.5),
            range: 6.0,
            rgb: [128.0; 3],
            beam: None,
        };
        let amb = [4.0; 3];
        // The floor beyond the wall is at ambient; beside the light it is lit.
        assert_eq!(
            light_at(&g, &[l], amb, Vec2::new(12.5, 10.5), None),
            Rgba::rgb(4, 4, 4)
        );
        assert!(light_at(&g, &[l], amb, Vec2::new(9.5, 11.5), None).r > 40);
        // The wall's -x face (toward the light) is lit, its +x face (away) is not.
        let toward = light_at(
            &g,
            &[l],
            amb,
            Vec2::new(9.96, 10.5),
            Some(Vec2::new(-1.0, 0.0)),
        );
        let away = light_at(
            &g,
            &[l],
            amb,
            Vec2::new(11.04, 10.5),
            Some(Vec2::new(1.0, 0.0)),
        );
        assert!(toward.r > 60, "{toward:?}");
        assert_eq!(away, Rgba::rgb(4, 4, 4));
    }
}
