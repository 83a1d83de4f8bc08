//! The isometric scene (R2): floor, walls as shaded blocks, bodies, the anchor disk,
//! bullets with tracer streaks, fallen bodies.
//!
//! Occlusion is a stable painter's order: the floor first, then walls and bodies
//! together sorted back to front by `x + y` of their footprint (a wall tile by its
//! centre, a body by its foot point; ties by kind and id). For unit blocks and bodies
//! smaller than a tile this is exact where they overlap on screen. Squad agents hidden
//! behind walls get an x-ray outline drawn last, so the player never loses them.

use raster::{
    draw_line, fill_circle, fill_convex_polygon, fill_ellipse, fill_quad, stroke_circle,
    stroke_ellipse, Framebuffer, LineCap, Paint, Rgba,
};
use sim::agent::{Agent, Role};
use sim::enemy::Enemy;
use sim::map::Tile;
use sim::melee::{strike_sector, StrikePhase};
use sim::scenario::EnemyKind;
use sim::world::World;
use sim::Vec2;

use crate::iso::{Iso, HEIGHT_PX, TILE_H, TILE_W};
use crate::palette as pal;

/// Height of a wall block, world units.
pub const WALL_HEIGHT: f32 = 1.0;
/// Body drawing heights, world units.
const BODY_Z: f32 = 0.45;
const HEAD_Z: f32 = 0.82;
const GUN_Z: f32 = 0.52;

/// Interpolated position between the last two ticks (S1.4).
#[inline]
pub fn lerp_pos(prev: Vec2, cur: Vec2, alpha: f32) -> Vec2 {
    prev.lerp(cur, alpha)
}

/// Screen radius of a body of world radius `r` (its diamond half-width).
#[inline]
fn px(r: f32) -> f32 {
    r * TILE_W * 0.5
}

/// Visible tile rectangle for this projection (with a margin for wall height).
pub fn visible_tiles(
    iso: &Iso,
    w: usize,
    h: usize,
    world_w: i32,
    world_h: i32,
) -> (i32, i32, i32, i32) {
    let corners = [
        iso.unproject([0.0, -HEIGHT_PX * 2.0]),
        iso.unproject([w as f32, -HEIGHT_PX * 2.0]),
        iso.unproject([0.0, h as f32 + TILE_H]),
        iso.unproject([w as f32, h as f32 + TILE_H]),
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

/// A cheap hash for per-tile colour variation (cosmetic, deterministic).
fn tile_hash(x: i32, y: i32) -> u32 {
    let mut h = (x as u32).wrapping_mul(0x9E37_79B1) ^ (y as u32).wrapping_mul(0x85EB_CA77);
    h ^= h >> 15;
    h = h.wrapping_mul(0x2C1B_3C6D);
    h ^ (h >> 12)
}

fn floor_color(x: i32, y: i32, tile: Tile) -> Rgba {
    let h = tile_hash(x, y);
    let base = match tile {
        Tile::Debris => pal::DEBRIS,
        _ => {
            if (x + y) & 1 == 0 {
                pal::FLOOR_A
            } else {
                pal::FLOOR_B
            }
        }
    };
    base.scale_rgb(0.92 + (h & 15) as f32 / 100.0)
}

fn diamond(iso: &Iso, x: f32, y: f32, z: f32) -> [[f32; 2]; 4] {
    [
        iso.project(Vec2::new(x, y), z),
        iso.project(Vec2::new(x + 1.0, y), z),
        iso.project(Vec2::new(x + 1.0, y + 1.0), z),
        iso.project(Vec2::new(x, y + 1.0), z),
    ]
}

fn draw_floor(fb: &mut Framebuffer, w: &World, iso: &Iso, rect: (i32, i32, i32, i32)) {
    let (x0, y0, x1, y1) = rect;
    for y in y0..=y1 {
        for x in x0..=x1 {
            let tile = w.map.tile(x, y);
            if tile == Tile::Wall {
                continue;
            }
            fill_quad(
                fb,
                diamond(iso, x as f32, y as f32, 0.0),
                Paint::opaque(floor_color(x, y, tile)),
            );
            if tile == Tile::Debris {
                // A few stones of rubble.
                let h = tile_hash(x, y);
                for k in 0..3u32 {
                    let ox = ((h >> (k * 5)) & 31) as f32 / 40.0 + 0.1;
                    let oy = ((h >> (k * 5 + 15)) & 31) as f32 / 40.0 + 0.1;
                    let c = iso.project(Vec2::new(x as f32 + ox, y as f32 + oy), 0.04);
                    fill_ellipse(
                        fb,
                        c,
                        [4.0 + k as f32, 2.5 + k as f32 * 0.5],
                        Paint::opaque(pal::DEBRIS.scale_rgb(1.35)),
                    );
                }
            }
        }
    }
}

fn draw_wall(fb: &mut Framebuffer, w: &World, iso: &Iso, x: i32, y: i32) {
    let (fx, fy) = (x as f32, y as f32);
    let h = WALL_HEIGHT;
    let b = iso.project(Vec2::new(fx + 1.0, fy), 0.0);
    let c = iso.project(Vec2::new(fx + 1.0, fy + 1.0), 0.0);
    let d = iso.project(Vec2::new(fx, fy + 1.0), 0.0);
    let bt = iso.project(Vec2::new(fx + 1.0, fy), h);
    let ct = iso.project(Vec2::new(fx + 1.0, fy + 1.0), h);
    let dt = iso.project(Vec2::new(fx, fy + 1.0), h);
    let shade = 0.94 + (tile_hash(x, y) & 7) as f32 / 100.0;
    // Only faces toward the viewer (+x, +y) and only where no wall hides them.
    if !w.map.grid.is_wall(x, y + 1) {
        fill_quad(
            fb,
            [d, c, ct, dt],
            Paint::opaque(pal::WALL_LEFT.scale_rgb(shade)),
        );
    }
    if !w.map.grid.is_wall(x + 1, y) {
        fill_quad(
            fb,
            [c, b, bt, ct],
            Paint::opaque(pal::WALL_RIGHT.scale_rgb(shade)),
        );
    }
    let top = diamond(iso, fx, fy, h);
    // Solid rock (walls all round) is darker than the wall tops that face a room, so
    // rooms and corridors read at a glance instead of drowning in one grey plateau.
    let g = &w.map.grid;
    let interior = (-1..=1).all(|dy| (-1..=1).all(|dx| g.is_wall(x + dx, y + dy)));
    let top_col = if interior { pal::ROCK } else { pal::WALL_TOP };
    fill_quad(fb, top, Paint::opaque(top_col.scale_rgb(shade)));
    // Light edges where the top meets open floor: reads as a block, not a slab.
    if !w.map.grid.is_wall(x, y + 1) {
        draw_line(fb, top[3], top[2], 1.0, LineCap::Butt, pal::WALL_EDGE);
    }
    if !w.map.grid.is_wall(x + 1, y) {
        draw_line(fb, top[2], top[1], 1.0, LineCap::Butt, pal::WALL_EDGE);
    }
}

/// One thing to draw in the sorted pass.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Item {
    Wall(i32, i32),
    Agent(usize),
    Enemy(usize),
}

fn item_key(it: &Item, w: &World, alpha: f32) -> (f32, u8, u32) {
    match *it {
        Item::Wall(x, y) => ((x + y) as f32 + 1.0, 0, 0),
        Item::Agent(i) => {
            let a = &w.agents[i];
            let p = lerp_pos(a.prev_pos, a.pos, alpha);
            (p.x + p.y, 2, a.id)
        }
        Item::Enemy(i) => {
            let e = &w.enemies[i];
            let p = lerp_pos(e.prev_pos, e.pos, alpha);
            (p.x + p.y, 1, e.id)
        }
    }
}

/// The shadow under a body on the floor.
fn shadow(fb: &mut Framebuffer, iso: &Iso, p: Vec2, r: f32) {
    let c = iso.project(p, 0.0);
    fill_ellipse(
        fb,
        c,
        [px(r) * 1.15, px(r) * 0.6],
        Paint::alpha(pal::SHADOW),
    );
}

/// A lit round body: dark rim, base colour, a highlight toward the light (upper left).
fn body(fb: &mut Framebuffer, c: [f32; 2], r: f32, base: Rgba, dark: Rgba) {
    fill_circle(fb, c, r + 1.5, Paint::alpha(pal::OUTLINE));
    fill_circle(fb, c, r, Paint::opaque(dark));
    fill_circle(
        fb,
        [c[0] - r * 0.18, c[1] - r * 0.2],
        r * 0.8,
        Paint::opaque(base),
    );
    fill_circle(
        fb,
        [c[0] - r * 0.35, c[1] - r * 0.4],
        r * 0.3,
        Paint::alpha(Rgba::new(255, 255, 255, 70)),
    );
}

fn draw_agent(fb: &mut Framebuffer, iso: &Iso, a: &Agent, alpha: f32) {
    let p = lerp_pos(a.prev_pos, a.pos, alpha);
    if !a.alive {
        let c = iso.project(p, 0.0);
        fill_ellipse(
            fb,
            c,
            [px(a.radius) * 1.5, px(a.radius) * 0.7],
            Paint::alpha(pal::FALLEN.with_alpha(220)),
        );
        let tint = if a.role == Role::Gunner {
            pal::GUNNER_DARK
        } else {
            pal::BLADE_DARK
        };
        fill_ellipse(
            fb,
            [c[0], c[1] - 1.0],
            [px(a.radius) * 1.0, px(a.radius) * 0.45],
            Paint::opaque(tint),
        );
        return;
    }
    shadow(fb, iso, p, a.radius);
    let (base, dark) = match a.role {
        Role::Gunner => (pal::GUNNER, pal::GUNNER_DARK),
        Role::Blade => (pal::BLADE, pal::BLADE_DARK),
    };
    let r = px(a.radius) * 0.95;
    let facing = Vec2::from_angle(a.facing);
    let barrel = Vec2::from_angle(a.barrel);
    // The weapon behind the body when it points away from the viewer.
    let weapon_behind = {
        let d = if a.role == Role::Gunner {
            barrel
        } else {
            facing
        };
        d.x + d.y < 0.0
    };
    if weapon_behind {
        draw_weapon(fb, iso, a, p, barrel, facing);
    }
    let c = iso.project(p, BODY_Z);
    body(fb, c, r, base, dark);
    // Facing: a notch on the body's rim.
    let fd = iso.screen_dir(facing);
    fill_circle(
        fb,
        [c[0] + fd[0] * r * 0.65, c[1] + fd[1] * r * 0.65],
        r * 0.28,
        Paint::opaque(dark),
    );
    let h = iso.project(p, HEAD_Z);
    fill_circle(fb, h, r * 0.48 + 1.2, Paint::alpha(pal::OUTLINE));
    fill_circle(fb, h, r * 0.48, Paint::opaque(pal::HEAD));
    if a.role == Role::Gunner {
        // Helmet: gunners wear a dark cap.
        fill_circle(fb, [h[0], h[1] - r * 0.18], r * 0.42, Paint::opaque(dark));
    } else {
        // Blades: a crest.
        draw_line(
            fb,
            [h[0], h[1] - r * 0.5],
            [h[0], h[1] - r * 0.95],
            3.0,
            LineCap::Round,
            pal::BLADE,
        );
    }
    if !weapon_behind {
        draw_weapon(fb, iso, a, p, barrel, facing);
    }
    if a.health < 99.9 {
        health_bar(fb, [c[0], c[1] - r * 2.6], a.health / 100.0);
    }
}

fn draw_weapon(fb: &mut Framebuffer, iso: &Iso, a: &Agent, p: Vec2, barrel: Vec2, facing: Vec2) {
    match a.role {
        Role::Gunner => {
            let from = iso.project(p + barrel * 0.08, GUN_Z);
            let to = iso.project(p + barrel * 0.55, GUN_Z);
            draw_line(fb, from, to, 5.0, LineCap::Butt, pal::OUTLINE);
            draw_line(fb, from, to, 3.0, LineCap::Butt, pal::BARREL);
            fill_circle(fb, to, 2.0, Paint::opaque(pal::MUZZLE_TIP));
        }
        Role::Blade => {
            // Windup: the sword drawn back over the shoulder; active: out along the axis.
            let (side, reach, lift) = match a.melee.phase {
                StrikePhase::Windup => (facing.perp() * -0.25, 0.35, 0.35),
                StrikePhase::Active => (facing.perp() * 0.05, 0.8, 0.0),
                _ => (facing.perp() * 0.18, 0.62, 0.1),
            };
            let from = iso.project(p + side, GUN_Z);
            let to = iso.project(p + side + facing * reach, GUN_Z + lift);
            draw_line(fb, from, to, 4.0, LineCap::Round, pal::OUTLINE);
            draw_line(fb, from, to, 2.2, LineCap::Round, pal::STEEL);
        }
    }
}

fn health_bar(fb: &mut Framebuffer, c: [f32; 2], frac: f32) {
    let w = 22.0;
    let x = (c[0] - w * 0.5) as i32;
    let y = c[1] as i32;
    fb.fill_rect(x - 1, y - 1, w as i32 + 2, 5, Paint::alpha(pal::HEALTH_BG));
    let col = if frac < 0.35 {
        pal::HEALTH_LOW
    } else {
        pal::HEALTH
    };
    fb.fill_rect(
        x,
        y,
        (w * frac.clamp(0.0, 1.0)).round() as i32,
        3,
        Paint::opaque(col),
    );
}

fn draw_enemy(fb: &mut Framebuffer, iso: &Iso, e: &Enemy, alpha: f32) {
    let p = lerp_pos(e.prev_pos, e.pos, alpha);
    shadow(fb, iso, p, e.radius);
    match e.kind {
        EnemyKind::Dummy => {
            let base = iso.project(p, 0.0);
            let top = iso.project(p, 0.7);
            draw_line(fb, base, top, 6.0, LineCap::Butt, pal::OUTLINE);
            draw_line(fb, base, top, 4.0, LineCap::Butt, pal::DUMMY_POST);
            let arm = Vec2::new(
                std::f32::consts::FRAC_1_SQRT_2,
                -std::f32::consts::FRAC_1_SQRT_2,
            ) * 0.32;
            let l = iso.project(p - arm, 0.55);
            let r = iso.project(p + arm, 0.55);
            draw_line(fb, l, r, 4.0, LineCap::Round, pal::DUMMY_POST);
            let h = iso.project(p, 0.82);
            body(fb, h, px(e.radius) * 0.6, pal::DUMMY_HEAD, pal::DUMMY_POST);
            // The painted target.
            stroke_circle(fb, h, px(e.radius) * 0.3, 1.5, Rgba::rgb(170, 40, 30));
        }
        EnemyKind::Shambler | EnemyKind::Runner | EnemyKind::Brute => {
            // The swing's telegraph: a red ring closing in on the body as the blow
            // gathers (seed 003: the windup is gameplay, it must read).
            if let Some(left) = e.attack.windup_left {
                let total = e.attack.windup_ticks.max(1) as f32;
                let t = (1.0 - (left as f32 - alpha) / total).clamp(0.0, 1.0);
                let c = iso.project(p, 0.0);
                let r = px(e.radius) * (2.4 - 1.2 * t);
                stroke_ellipse(
                    fb,
                    c,
                    [r, r * 0.5],
                    1.5 + 2.0 * t,
                    Paint::alpha(Rgba::new(255, 40, 30, (90.0 + 150.0 * t) as u8)),
                );
            }
            let staggered = e.stagger > 0;
            let lean = Vec2::from_angle(e.facing) * 0.08;
            let c = iso.project(p + lean, 0.36);
            let r = px(e.radius) * 0.95;
            let (base, dark) = match e.kind {
                EnemyKind::Runner => (pal::RUNNER, pal::WALKER_DARK),
                EnemyKind::Brute => (pal::BRUTE, pal::BRUTE_DARK),
                _ => (pal::WALKER, pal::WALKER_DARK),
            };
            let (base, dark) = if staggered {
                (base.scale_rgb(1.5), dark.scale_rgb(1.5))
            } else {
                (base, dark)
            };
            body(fb, c, r, base, dark);
            let h = iso.project(p + lean * 2.5, 0.62);
            fill_circle(fb, h, r * 0.55 + 1.2, Paint::alpha(pal::OUTLINE));
            fill_circle(fb, h, r * 0.55, Paint::opaque(dark));
            let f = Vec2::from_angle(e.facing);
            if f.x + f.y > -0.3 {
                let side = iso.screen_dir(f.perp());
                let fwd = iso.screen_dir(f);
                for s in [-1.0f32, 1.0] {
                    let eye = [
                        h[0] + fwd[0] * r * 0.3 + side[0] * s * r * 0.22,
                        h[1] + fwd[1] * r * 0.2 + side[1] * s * r * 0.22,
                    ];
                    fill_circle(fb, eye, 1.6, Paint::additive(pal::EYES));
                }
            }
        }
    }
}

fn draw_anchor(fb: &mut Framebuffer, iso: &Iso, w: &World, alpha: f32) {
    let p = lerp_pos(w.anchor.prev_pos, w.anchor.pos, alpha);
    let c = iso.project(p, 0.0);
    let r = px(w.tuning.anchor.radius) * 1.3;
    let tension = w.anchor.urgency;
    let col = pal::ANCHOR.lerp(Rgba::rgb(255, 120, 60), tension);
    stroke_ellipse(fb, c, [r, r * 0.5], 3.0, Paint::alpha(col.with_alpha(230)));
    stroke_ellipse(
        fb,
        c,
        [r * 1.5, r * 0.75],
        1.5,
        Paint::additive(col.with_alpha(90)),
    );
    fill_ellipse(fb, c, [r * 0.3, r * 0.15], Paint::opaque(col));
}

fn draw_bullets(fb: &mut Framebuffer, iso: &Iso, w: &World, alpha: f32) {
    for b in &w.bullets {
        let head = lerp_pos(b.prev_pos, b.pos, alpha);
        // A short streak behind the head, never behind the muzzle.
        let back = (head - b.muzzle).length().min(0.9);
        let tail = head - b.dir * back;
        let h = iso.project(head, GUN_Z);
        let t = iso.project(tail, GUN_Z);
        draw_line(
            fb,
            t,
            h,
            3.0,
            LineCap::Round,
            Paint::additive(pal::TRACER.with_alpha(120)),
        );
        draw_line(fb, t, h, 1.5, LineCap::Round, Paint::additive(pal::TRACER));
        fill_circle(fb, h, 1.8, Paint::additive(pal::TRACER_HEAD));
    }
}

/// Progress 0..1 through a blade's current phase, interpolated within the tick.
fn phase_progress(w: &World, a: &Agent, alpha: f32) -> f32 {
    let k = a.melee.strike.min(2);
    let len = match a.melee.phase {
        StrikePhase::Windup => w.ticks.strike_windup[k],
        StrikePhase::Active => w.ticks.strike_active[k],
        StrikePhase::Recovery => w.ticks.strike_recovery[k],
        StrikePhase::Ready => return 0.0,
    };
    let since = w.tick.saturating_sub(a.melee.phase_started) as f32 + alpha - 1.0;
    (since / len.max(1) as f32).clamp(0.0, 1.0)
}

/// The points of a strike sector on the floor (apex first), for fills and outlines.
fn sector_points(iso: &Iso, apex: Vec2, axis: f32, reach: f32, half: f32, z: f32) -> Vec<[f32; 2]> {
    let mut pts = vec![iso.project(apex, z)];
    let n = 10;
    for i in 0..=n {
        let a = axis - half + 2.0 * half * i as f32 / n as f32;
        pts.push(iso.project(apex + Vec2::from_angle(a) * reach, z));
    }
    pts
}

/// Blade telegraphs on the floor: during windup the strike sector fills in as the blow
/// gathers (the enemy's and the player's cue); during recovery a fading print of it.
fn draw_strike_telegraphs(fb: &mut Framebuffer, iso: &Iso, w: &World, alpha: f32) {
    for a in w.agents.iter().filter(|a| a.alive && a.role == Role::Blade) {
        let k = a.melee.strike.min(2);
        let p = lerp_pos(a.prev_pos, a.pos, alpha);
        let sector = strike_sector(p, a.melee.axis, k, &w.tuning);
        let t = phase_progress(w, a, alpha);
        match a.melee.phase {
            StrikePhase::Windup => {
                let pts = sector_points(
                    iso,
                    p,
                    sector.axis,
                    sector.reach * (0.35 + 0.65 * t),
                    sector.half_angle,
                    0.02,
                );
                fill_convex_polygon(
                    fb,
                    &pts,
                    Paint::alpha(pal::TELEGRAPH.with_alpha((40.0 + 90.0 * t) as u8)),
                );
                let edge =
                    sector_points(iso, p, sector.axis, sector.reach, sector.half_angle, 0.02);
                for w2 in edge[1..].windows(2) {
                    draw_line(
                        fb,
                        w2[0],
                        w2[1],
                        1.5,
                        LineCap::Round,
                        Paint::alpha(pal::TELEGRAPH.with_alpha(160)),
                    );
                }
            }
            StrikePhase::Active => {
                let pts = sector_points(iso, p, sector.axis, sector.reach, sector.half_angle, 0.02);
                fill_convex_polygon(fb, &pts, Paint::additive(pal::SLASH.with_alpha(70)));
            }
            StrikePhase::Recovery => {
                let pts = sector_points(iso, p, sector.axis, sector.reach, sector.half_angle, 0.02);
                fill_convex_polygon(
                    fb,
                    &pts,
                    Paint::alpha(pal::TELEGRAPH.with_alpha((50.0 * (1.0 - t)) as u8)),
                );
            }
            StrikePhase::Ready => {}
        }
    }
}

/// The swept arc of an active strike: a bright blade trail sweeping across the sector
/// (the thrust is a straight stab along the axis).
fn draw_strike_arcs(fb: &mut Framebuffer, iso: &Iso, w: &World, alpha: f32) {
    for a in w
        .agents
        .iter()
        .filter(|a| a.alive && a.role == Role::Blade && a.melee.phase == StrikePhase::Active)
    {
        let k = a.melee.strike.min(2);
        let p = lerp_pos(a.prev_pos, a.pos, alpha);
        let s = strike_sector(p, a.melee.axis, k, &w.tuning);
        let t = phase_progress(w, a, alpha);
        if k == 2 {
            let from = iso.project(p + Vec2::from_angle(s.axis) * 0.2, GUN_Z);
            let to = iso.project(p + Vec2::from_angle(s.axis) * s.reach, GUN_Z);
            draw_line(
                fb,
                from,
                to,
                6.0,
                LineCap::Round,
                Paint::additive(pal::SLASH.with_alpha(110)),
            );
            draw_line(
                fb,
                from,
                to,
                2.5,
                LineCap::Round,
                Paint::additive(pal::SLASH),
            );
            continue;
        }
        // Slashes alternate direction: strike 1 sweeps left to right, strike 2 back.
        let sweep = if k == 0 { t } else { 1.0 - t };
        let n = 12;
        let mut prev: Option<[f32; 2]> = None;
        for i in 0..=n {
            let f = i as f32 / n as f32 * sweep;
            let ang = s.axis - s.half_angle + 2.0 * s.half_angle * f;
            let q = iso.project(p + Vec2::from_angle(ang) * s.reach * 0.9, GUN_Z);
            if let Some(pq) = prev {
                let fade = (f / sweep.max(1e-3)).powf(2.0);
                draw_line(
                    fb,
                    pq,
                    q,
                    1.0 + 4.0 * fade,
                    LineCap::Round,
                    Paint::additive(pal::SLASH.with_alpha((60.0 + 195.0 * fade) as u8)),
                );
            }
            prev = Some(q);
        }
    }
}

fn draw_corpses(fb: &mut Framebuffer, iso: &Iso, w: &World) {
    for c in &w.corpses {
        let s = iso.project(c.pos, 0.0);
        let r = px(0.3);
        fill_ellipse(fb, s, [r * 1.6, r * 0.8], Paint::alpha(pal::CORPSE));
        fill_ellipse(
            fb,
            [s[0] + 2.0, s[1] - 1.0],
            [r * 1.0, r * 0.45],
            Paint::opaque(pal::WALKER_DARK.scale_rgb(0.7)),
        );
    }
}

fn draw_lamps(fb: &mut Framebuffer, iso: &Iso, w: &World) {
    for &l in &w.map.lamps {
        let base = iso.project(l, 0.0);
        let top = iso.project(l, 0.9);
        draw_line(fb, base, top, 3.0, LineCap::Butt, Rgba::rgb(40, 38, 36));
        fill_circle(fb, top, 5.0, Paint::additive(pal::LAMP.with_alpha(120)));
        fill_circle(fb, top, 2.5, Paint::opaque(pal::LAMP));
    }
}

/// Draws the whole scene for `world` at interpolation `alpha` (0 = previous tick,
/// 1 = current) into `fb` with projection `iso`.
pub fn draw_scene(fb: &mut Framebuffer, w: &World, iso: &Iso, alpha: f32) {
    fb.clear(pal::BACKGROUND);
    let rect = visible_tiles(iso, fb.width, fb.height, w.map.width(), w.map.height());
    draw_floor(fb, w, iso, rect);
    draw_corpses(fb, iso, w);
    draw_strike_telegraphs(fb, iso, w, alpha);
    draw_anchor(fb, iso, w, alpha);

    let (x0, y0, x1, y1) = rect;
    let mut items: Vec<Item> = Vec::with_capacity(1024);
    for y in y0..=y1 {
        for x in x0..=x1 {
            if w.map.grid.is_wall(x, y) {
                items.push(Item::Wall(x, y));
            }
        }
    }
    items.extend((0..w.agents.len()).map(Item::Agent));
    items.extend((0..w.enemies.len()).map(Item::Enemy));
    let mut keyed: Vec<((f32, u8, u32), Item)> = items
        .into_iter()
        .map(|it| (item_key(&it, w, alpha), it))
        .collect();
    keyed.sort_by(|a, b| {
        a.0 .0
            .total_cmp(&b.0 .0)
            .then(a.0 .1.cmp(&b.0 .1))
            .then(a.0 .2.cmp(&b.0 .2))
    });
    for (_, it) in &keyed {
        match *it {
            Item::Wall(x, y) => draw_wall(fb, w, iso, x, y),
            Item::Agent(i) => draw_agent(fb, iso, &w.agents[i], alpha),
            Item::Enemy(i) => draw_enemy(fb, iso, &w.enemies[i], alpha),
        }
    }
    draw_lamps(fb, iso, w);
    draw_strike_arcs(fb, iso, w, alpha);
    draw_bullets(fb, iso, w, alpha);
    // X-ray: squad agents stay readable behind walls.
    for a in w.agents.iter().filter(|a| a.alive) {
        let p = lerp_pos(a.prev_pos, a.pos, alpha);
        if wall_in_front(w, p) {
            let c = iso.project(p, BODY_Z);
            let col = if a.role == Role::Gunner {
                pal::GUNNER
            } else {
                pal::BLADE
            };
            stroke_circle(
                fb,
                c,
                px(a.radius) * 0.95,
                2.0,
                Paint::alpha(col.lerp(pal::XRAY, 0.5).with_alpha(170)),
            );
            let h = iso.project(p, HEAD_Z);
            stroke_circle(fb, h, px(a.radius) * 0.45, 1.5, Paint::alpha(pal::XRAY));
        }
    }
}

/// True when a wall tile stands between `p` and the viewer (toward +x +y) within the
/// screen footprint of a body: those agents get the x-ray outline.
pub fn wall_in_front(w: &World, p: Vec2) -> bool {
    let g = &w.map.grid;
    // Walk toward the viewer along the +x+y diagonal, which is "down" on screen; a wall
    // within the body's height on screen hides part of it.
    for k in 1..=3 {
        let d = k as f32 * 0.35;
        for off in [-0.25f32, 0.0, 0.25] {
            let q = p + Vec2::new(d + off, d - off);
            if g.is_wall_at(q) {
                return true;
            }
        }
    }
    false
}
