//! The player's thrown tools drawn (REQ K3, K5): flares and the live grenade, from the
//! world's state alone (`World::tools`), so every band of a frame draws the same pixels
//! and a screenshot at tick N shows what the window showed.
//!
//! - A **flare** in flight is a red spark on an arc ([`crate::throw`]) with a short
//!   trail; landed, a red stick on the floor whose burning end flickers white-hot, spits
//!   sparks and sends up smoke its own light colours. Its light — the horror layer's, a
//!   warm red whose radius follows the simulation's (`flare_light` × its glow, fading
//!   over the last seconds) — is `horror::lights`'; what it lights the fog sees
//!   (`horror::fog`).
//! - The **grenade** in flight is its body on an arc; landed, the body with a fuse
//!   light that blinks faster toward the burst. From the throw to the burst its blast
//!   zone — the radius, stopped by walls as the blast is — is a faint red ring on the
//!   floor, pulsing with the fuse: the player sees why the squad runs out. The burst
//!   itself is the horror layer's (`horror::blasts`).

use raster::{draw_light, fill_circle, fill_ellipse, Framebuffer, LineCap, Paint, Rgba};
use sim::read::{Flare, Grenade, Grid, World};
use sim::tuning::DT;
use sim::Vec2;

use crate::bodies::px;
use crate::canvas::Canvas;
use crate::interp::lerp_pos;
use crate::iso::Iso;
use crate::palette as pal;
use crate::throw::{arc_z, behind, fuse_lit, progress};

/// A flare's casing, world units: its length on the floor and its radius.
const STICK_LEN: f32 = 0.3;
/// A grenade's body radius, world units.
const GRENADE_R: f32 = 0.11;
/// Rays round a blast's centre for its zone's outline (every 7.5°).
const ZONE_RAYS: usize = 48;
/// Smoke puffs rising from a burning flare at once, and the seconds each lives.
const PUFFS: usize = 6;
const PUFF_LIFE: f32 = 1.8;

/// A flare lies on the floor (from the tick after its landing; in the landing tick it is
/// still drawn coming down).
pub fn flare_landed(f: &Flare) -> bool {
    f.flight_left == 0 && f.prev_pos == f.pos
}

/// Where a flare is at frame time `alpha`: on the floor plane and its drawn height.
pub fn flare_head(f: &Flare, alpha: f32) -> (Vec2, f32) {
    if flare_landed(f) {
        return (f.pos, 0.0);
    }
    let p = lerp_pos(f.prev_pos, f.pos, alpha);
    (p, arc_z(f.from, f.to, p))
}

/// Where the grenade is at frame time `alpha`: on the floor plane and its drawn height.
pub fn grenade_head(g: &Grenade, alpha: f32) -> (Vec2, f32) {
    if g.flight_left == 0 && g.prev_pos == g.pos {
        return (g.pos, 0.0);
    }
    let p = lerp_pos(g.prev_pos, g.pos, alpha);
    (p, arc_z(g.from, g.to, p))
}

/// Ticks since the grenade landed at frame time `alpha` (negative in flight).
pub fn fuse_elapsed(w: &World, g: &Grenade, alpha: f32) -> f32 {
    if g.flight_left > 0 {
        return -(g.flight_left as f32);
    }
    (w.ticks().grenade_fuse.saturating_sub(g.fuse_left)) as f32 - 1.0 + alpha
}

/// Whether the landed grenade's fuse light is on at frame time `alpha`.
pub fn fuse_on(w: &World, g: &Grenade, alpha: f32) -> bool {
    g.flight_left == 0 && fuse_lit(fuse_elapsed(w, g, alpha), w.ticks().grenade_fuse)
}

/// A burning flare's flicker at `secs`, 0..1 (cosmetic, deterministic: its id sets its
/// own rhythm).
pub fn flicker(id: u32, secs: f32) -> f32 {
    let k = id as f32 * 1.37;
    let v = 0.55 * (secs * 17.0 + k).sin() * (secs * 5.3 + 2.0 * k).sin()
        + 0.45 * (secs * 41.0 + 0.5 * k).sin();
    (0.5 + 0.5 * v).clamp(0.0, 1.0)
}

/// A flare's glow 0..1 as the simulation has it (full while it burns, fading at the end;
/// 0 in flight).
pub fn glow(w: &World, f: &Flare) -> f32 {
    f.glow(w.ticks())
}

/// The direction a thrown tool flew (its stick lies along it), unit.
fn thrown_dir(from: Vec2, to: Vec2) -> Vec2 {
    let d = (to - from).normalize_or_zero();
    if d == Vec2::ZERO {
        Vec2::new(1.0, 0.0)
    } else {
        d
    }
}

/// A landed flare's stick in the sorted pass: the red casing along its throw, its
/// burning end bright (emissive: it lights itself).
pub fn draw_flare_stick(cv: &mut Canvas, iso: &Iso, f: &Flare) {
    if !flare_landed(f) {
        return;
    }
    let d = thrown_dir(f.from, f.to);
    let tail = iso.project(f.pos - d * STICK_LEN * 0.5, 0.04);
    let head = iso.project(f.pos + d * STICK_LEN * 0.5, 0.05);
    cv.line(tail, head, 5.0, LineCap::Round, pal::OUTLINE);
    cv.line(tail, head, 3.2, LineCap::Round, pal::FLARE_STICK);
    if f.burning() {
        cv.glow_circle(head, 2.6, Paint::additive(pal::FLARE_CORE));
    } else {
        cv.circle(head, 1.8, Paint::opaque(Rgba::rgb(40, 30, 28)));
    }
}

/// The grenade's body in the sorted pass, in flight or landed: a small olive egg with
/// its dark lever.
pub fn draw_grenade_body(cv: &mut Canvas, iso: &Iso, g: &Grenade, alpha: f32) {
    let (p, z) = grenade_head(g, alpha);
    let r = px(GRENADE_R);
    // Its shadow on the floor shows the arc's height.
    let s = iso.project(p, 0.0);
    let k = (1.0 - z * 0.4).clamp(0.4, 1.0);
    fill_ellipse(
        cv.albedo(),
        s,
        [r * 1.2 * k, r * 0.6 * k],
        Paint::alpha(pal::SHADOW),
    );
    let c = iso.project(p, z + GRENADE_R);
    cv.ellipse(c, [r + 1.2, r * 1.15 + 1.2], Paint::alpha(pal::OUTLINE));
    cv.ellipse(c, [r, r * 1.15], Paint::opaque(pal::GRENADE));
    cv.circle(
        [c[0] - r * 0.3, c[1] - r * 0.35],
        r * 0.35,
        Paint::alpha(Rgba::new(255, 255, 255, 60)),
    );
    // The cap and lever.
    let top = [c[0], c[1] - r * 1.1];
    cv.line(
        top,
        [top[0] + r * 0.9, top[1] + r * 0.9],
        1.6,
        LineCap::Round,
        pal::GRENADE_DARK,
    );
    cv.circle(top, r * 0.4, Paint::opaque(pal::GRENADE_DARK));
}

/// How far a blast at `c` reaches along direction `d` within `radius`: to the first wall
/// (the blast stops at walls, `sim::read::blast_share`).
fn reach(grid: &Grid, c: Vec2, d: Vec2, radius: f32) -> f32 {
    const STEP: f32 = 0.05;
    let n = (radius / STEP).ceil() as i32;
    for i in 1..=n {
        let r = (i as f32 * STEP).min(radius);
        if grid.is_wall_at(c + d * r) {
            return (r - STEP).max(0.0);
        }
    }
    radius
}

/// The blast zone's outline round `c` (every [`ZONE_RAYS`]th of a turn, each ray to the
/// radius or the first wall), into `out`.
pub fn zone_outline(grid: &Grid, c: Vec2, radius: f32, out: &mut Vec<Vec2>) {
    out.clear();
    for i in 0..ZONE_RAYS {
        let a = i as f32 * std::f32::consts::TAU / ZONE_RAYS as f32;
        let d = Vec2::from_angle(a);
        out.push(c + d * reach(grid, c, d, radius));
    }
}

/// The live grenade's blast zone on the floor (a marker: it glows, so it reads in the
/// dark), from the throw to the burst: a faint red ring of the blast's radius, cut short
/// by walls as the blast is, brighter as the burst nears and with each blink.
pub fn draw_blast_zone(cv: &mut Canvas, iso: &Iso, w: &World, alpha: f32) {
    let Some(g) = &w.tools().grenade else {
        return;
    };
    let radius = w.tuning().tools.grenade_radius;
    let mut ring = Vec::with_capacity(ZONE_RAYS);
    zone_outline(&w.map().grid, g.to, radius, &mut ring);
    let total = (g.flight + w.ticks().grenade_fuse).max(1) as f32;
    let near = (1.0 - (g.ticks_left() as f32 + 1.0 - alpha) / total).clamp(0.0, 1.0);
    let blink = if fuse_on(w, g, alpha) { 40.0 } else { 0.0 };
    let a = (pal::BLAST_ZONE.a as f32 * (0.55 + 0.45 * near) + blink).min(255.0) as u8;
    let pts: Vec<[f32; 2]> = ring.iter().map(|&p| iso.project(p, 0.02)).collect();
    for i in 0..pts.len() {
        let (p, q) = (pts[i], pts[(i + 1) % pts.len()]);
        cv.glow_line(
            p,
            q,
            5.0,
            LineCap::Butt,
            Paint::alpha(pal::BLAST_ZONE.with_alpha(a / 5)),
        );
        cv.glow_line(
            p,
            q,
            1.6,
            LineCap::Round,
            Paint::alpha(pal::BLAST_ZONE.with_alpha(a)),
        );
    }
    // The landing point: a small cross-hair where it will go off.
    let c = iso.project(g.to, 0.02);
    let s = 5.0;
    let col = Paint::alpha(pal::BLAST_ZONE.with_alpha(a));
    cv.glow_line([c[0] - s, c[1]], [c[0] + s, c[1]], 1.2, LineCap::Butt, col);
    cv.glow_line(
        [c[0], c[1] - s * 0.5],
        [c[0], c[1] + s * 0.5],
        1.2,
        LineCap::Butt,
        col,
    );
}

/// What of the thrown tools is light, on the final frame: flares in flight (a spark and
/// its trail), burning flares' cores, sparks and smoke, the grenade's fuse light.
/// `visible(p)` says whether the squad may see floor point `p` at all (the fog's
/// never-seen tiles stay black).
pub fn draw_tool_glows(
    fb: &mut Framebuffer,
    iso: &Iso,
    w: &World,
    alpha: f32,
    visible: &dyn Fn(Vec2) -> bool,
) {
    let secs = (w.tick() as f32 + alpha) * DT;
    for f in &w.tools().flares {
        if !flare_landed(f) {
            draw_flare_flight(fb, iso, f, alpha);
        } else if f.burning() && visible(f.pos) {
            draw_flare_fire(fb, iso, w, f, secs);
        }
    }
    if let Some(g) = &w.tools().grenade {
        let (p, z) = grenade_head(g, alpha);
        if g.flight_left == 0 && visible(p) {
            let r = px(GRENADE_R);
            let c = iso.project(p, z + GRENADE_R);
            let led = [c[0] + r * 0.5, c[1] - r * 0.9];
            if fuse_on(w, g, alpha) {
                draw_light(fb, led, 11.0, pal::FUSE, 0.9);
                fill_circle(fb, led, 1.7, Paint::additive(pal::FUSE));
            } else {
                fill_circle(fb, led, 1.2, Paint::additive(pal::FUSE.with_alpha(70)));
            }
        }
    }
}

/// A flare in flight: a hot spark on its arc, a fading trail behind it.
fn draw_flare_flight(fb: &mut Framebuffer, iso: &Iso, f: &Flare, alpha: f32) {
    let (p, z) = flare_head(f, alpha);
    let s = progress(f.from, f.to, p);
    const TRAIL: usize = 6;
    for i in (1..=TRAIL).rev() {
        let (q, qz) = behind(f.from, f.to, s, 0.14 * i as f32);
        let k = 1.0 - i as f32 / (TRAIL + 1) as f32;
        fill_circle(
            fb,
            iso.project(q, qz),
            0.8 + 1.6 * k,
            Paint::additive(pal::FLARE.with_alpha((30.0 + 150.0 * k) as u8)),
        );
    }
    let c = iso.project(p, z);
    draw_light(fb, c, 16.0, pal::FLARE, 0.8);
    fill_circle(fb, c, 2.6, Paint::additive(pal::FLARE));
    fill_circle(fb, c, 1.4, Paint::additive(pal::FLARE_CORE));
}

/// A burning flare's fire: the white-hot end flickering in a red halo, sparks spitting
/// off it, smoke rising in its light; all as bright as its glow (fading at the end).
fn draw_flare_fire(fb: &mut Framebuffer, iso: &Iso, w: &World, f: &Flare, secs: f32) {
    let k = glow(w, f);
    let fl = flicker(f.id, secs);
    let d = thrown_dir(f.from, f.to);
    let end = f.pos + d * STICK_LEN * 0.5;
    let c = iso.project(end, 0.06);
    // Smoke: puffs rising and drifting with the flare's own wind, lit red from below.
    let wind = Vec2::from_angle(f.id as f32 * 2.39) * 0.35;
    for i in 0..PUFFS {
        let age = (secs + i as f32 * PUFF_LIFE / PUFFS as f32).rem_euclid(PUFF_LIFE) / PUFF_LIFE;
        let q = iso.project(end + wind * age, 0.15 + 1.1 * age);
        let r = 3.0 + 10.0 * age;
        let a = (std::f32::consts::PI * age).sin() * 80.0 * k;
        fill_circle(
            fb,
            q,
            r,
            Paint::alpha(Rgba::new(200, 112, 100, a.round() as u8)),
        );
    }
    draw_light(fb, c, 14.0 + 4.0 * fl, pal::FLARE, (0.5 + 0.25 * fl) * k);
    fill_circle(
        fb,
        c,
        3.2 + 0.8 * fl,
        Paint::additive(pal::FLARE.with_alpha((255.0 * k) as u8)),
    );
    fill_circle(
        fb,
        c,
        1.8 + 0.5 * fl,
        Paint::additive(pal::FLARE_CORE.with_alpha((255.0 * k) as u8)),
    );
    // Sparks: each a short flight up and out from the end, on its own clock.
    for j in 0..4u32 {
        let t = (secs * 2.7 + j as f32 * 0.25 + f.id as f32 * 0.13).fract();
        let a = (j as f32 * 1.9 + (secs * 2.7 + j as f32 * 0.25).floor() * 2.3).sin() * 3.0;
        let dir = [a.cos(), a.sin() * 0.5];
        let reach = 4.0 + 10.0 * t;
        let q = [
            c[0] + dir[0] * reach,
            c[1] + dir[1] * reach - 12.0 * t + 14.0 * t * t,
        ];
        let v = ((1.0 - t) * 230.0 * k) as u8;
        fill_circle(fb, q, 0.9, Paint::additive(pal::FLARE_CORE.with_alpha(v)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_zone_stops_at_walls() {
        let mut g = Grid::open_with_border(20, 20);
        let c = Vec2::new(10.5, 10.5);
        let mut ring = Vec::new();
        zone_outline(&g, c, 3.5, &mut ring);
        assert_eq!(ring.len(), ZONE_RAYS);
        assert!(ring.iter().all(|p| (p.distance(c) - 3.5).abs() < 1e-4));
        g.set_wall(12, 10, true);
        zone_outline(&g, c, 3.5, &mut ring);
        // East (the first ray) stops short of the wall at x = 12.
        assert!(ring[0].x < 12.0 && ring[0].x > 11.8, "{:?}", ring[0]);
        assert!(
            (ring[ZONE_RAYS / 2].distance(c) - 3.5).abs() < 1e-4,
            "west is open"
        );
    }

    #[test]
    fn flicker_is_a_share_and_its_own_per_flare() {
        let a: Vec<f32> = (0..50).map(|i| flicker(1, i as f32 * 0.05)).collect();
        let b: Vec<f32> = (0..50).map(|i| flicker(2, i as f32 * 0.05)).collect();
        assert!(a.iter().all(|v| (0.0..=1.0).contains(v)));
        assert_ne!(a, b);
    }
}
