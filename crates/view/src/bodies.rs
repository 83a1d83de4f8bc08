//! Bodies: squad agents (gunners and blades, with weapon, facing and health) and enemies
//! (shamblers, runners, brutes, training dummies), drawn through a [`Canvas`] so the
//! horror layer can light them. The caller sets [`Canvas::stamp`] to the body's light
//! and, for an enemy, its [`Shade`]: how far a light shows it and how much of a
//! silhouette it is in the dark.

use raster::{LineCap, Paint, Rgba};
use sim::read::{Agent, Enemy, EnemyKind, Role, StrikePhase};
use sim::Vec2;

use crate::canvas::{Canvas, UNLIT};
use crate::interp::lerp_pos;
use crate::iso::{Iso, TILE_W};
use crate::palette as pal;

/// Body drawing heights, world units.
pub const BODY_Z: f32 = 0.45;
pub const HEAD_Z: f32 = 0.82;
pub const GUN_Z: f32 = 0.52;

/// Height of an enemy's head, world units (its eyes).
pub const ENEMY_HEAD_Z: f32 = 0.62;

/// How an enemy shows in the dark. The plain scene draws every enemy [`Shade::LIT`]; the
/// horror layer derives it from the light on the body and its distance to the squad
/// (`horror::silhouette`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shade {
    /// 0..1: how far a light shows the body; its own eyes glow in the scene that much.
    pub lit: f32,
    /// 0..1: how much of a silhouette it is (its eyes glow on the final frame that much).
    pub silhouette: f32,
    /// The rim light on the silhouette's upper edge, shown as drawn (alpha: its
    /// strength; 0 = none).
    pub rim: Rgba,
}

impl Shade {
    /// Lit: drawn as in the light, no rim, eyes glowing in the scene.
    pub const LIT: Shade = Shade {
        lit: 1.0,
        silhouette: 0.0,
        rim: Rgba::new(0, 0, 0, 0),
    };
}

/// A silhouette's eyes, to shine on the final frame after the post pass (so neither the
/// vignette nor desaturation dims them).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Glint {
    /// The two eyes' screen points.
    pub eyes: [[f32; 2]; 2],
    /// 0..1: the silhouette's strength.
    pub level: f32,
}

/// Screen radius of a body of world radius `r` (its diamond half-width).
#[inline]
pub fn px(r: f32) -> f32 {
    r * TILE_W * 0.5
}

/// The shadow under a body on the floor: darkens the floor's albedo only.
fn shadow(cv: &mut Canvas, iso: &Iso, p: Vec2, r: f32) {
    let c = iso.project(p, 0.0);
    raster::fill_ellipse(
        cv.albedo(),
        c,
        [px(r) * 1.15, px(r) * 0.6],
        Paint::alpha(pal::SHADOW),
    );
}

/// A lit round body: dark rim, base colour, a highlight toward the light (upper left).
fn body(cv: &mut Canvas, c: [f32; 2], r: f32, base: Rgba, dark: Rgba) {
    // The outline is the silhouette (its light is stamped); the rest lies inside it.
    cv.circle(c, r + 1.5, Paint::alpha(pal::OUTLINE));
    cv.inner_circle(c, r, Paint::opaque(dark));
    cv.inner_circle(
        [c[0] - r * 0.18, c[1] - r * 0.2],
        r * 0.8,
        Paint::opaque(base),
    );
    cv.inner_circle(
        [c[0] - r * 0.35, c[1] - r * 0.4],
        r * 0.3,
        Paint::alpha(Rgba::new(255, 255, 255, 70)),
    );
}

/// The team colour of an agent: blue gunners, orange blades.
pub fn team_color(role: Role) -> Rgba {
    match role {
        Role::Gunner => pal::GUNNER,
        Role::Blade => pal::BLADE,
    }
}

pub fn draw_agent(cv: &mut Canvas, iso: &Iso, a: &Agent, alpha: f32) {
    let p = lerp_pos(a.prev_pos, a.pos, alpha);
    if !a.alive {
        let c = iso.project(p, 0.0);
        cv.ellipse(
            c,
            [px(a.radius) * 1.5, px(a.radius) * 0.7],
            Paint::alpha(pal::FALLEN.with_alpha(220)),
        );
        let tint = if a.role == Role::Gunner {
            pal::GUNNER_DARK
        } else {
            pal::BLADE_DARK
        };
        cv.ellipse(
            [c[0], c[1] - 1.0],
            [px(a.radius) * 1.0, px(a.radius) * 0.45],
            Paint::opaque(tint),
        );
        return;
    }
    shadow(cv, iso, p, a.radius);
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
        draw_weapon(cv, iso, a, p, barrel, facing);
    }
    let c = iso.project(p, BODY_Z);
    body(cv, c, r, base, dark);
    // Facing: a notch on the body's rim.
    let fd = iso.screen_dir(facing);
    cv.inner_circle(
        [c[0] + fd[0] * r * 0.65, c[1] + fd[1] * r * 0.65],
        r * 0.28,
        Paint::opaque(dark),
    );
    let h = iso.project(p, HEAD_Z);
    cv.circle(h, r * 0.48 + 1.2, Paint::alpha(pal::OUTLINE));
    cv.inner_circle(h, r * 0.48, Paint::opaque(pal::HEAD));
    if a.role == Role::Gunner {
        // Helmet: gunners wear a dark cap.
        cv.inner_circle([h[0], h[1] - r * 0.18], r * 0.42, Paint::opaque(dark));
    } else {
        // Blades: a crest.
        cv.line(
            [h[0], h[1] - r * 0.5],
            [h[0], h[1] - r * 0.95],
            3.0,
            LineCap::Round,
            pal::BLADE,
        );
    }
    if !weapon_behind {
        draw_weapon(cv, iso, a, p, barrel, facing);
    }
    if cv.has_light() {
        // In the dark the squad keeps a thin rim of its team colour: never lost in its
        // own shadow, and gunner (blue) and blade (orange) tell apart at a glance.
        let col = team_color(a.role);
        cv.glow_stroke_circle(c, r + 1.0, 1.2, col.with_alpha(150));
    }
    if a.health < 99.9 {
        health_bar(cv, [c[0], c[1] - r * 2.6], a.health / 100.0);
    }
}

fn draw_weapon(cv: &mut Canvas, iso: &Iso, a: &Agent, p: Vec2, barrel: Vec2, facing: Vec2) {
    match a.role {
        Role::Gunner => {
            let from = iso.project(p + barrel * 0.08, GUN_Z);
            let to = iso.project(p + barrel * 0.55, GUN_Z);
            cv.line(from, to, 5.0, LineCap::Butt, pal::OUTLINE);
            cv.line(from, to, 3.0, LineCap::Butt, pal::BARREL);
            cv.circle(to, 2.0, Paint::opaque(pal::MUZZLE_TIP));
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
            cv.line(from, to, 4.0, LineCap::Round, pal::OUTLINE);
            cv.line(from, to, 2.2, LineCap::Round, pal::STEEL);
        }
    }
}

/// A health bar: a marker, so it reads in the dark.
fn health_bar(cv: &mut Canvas, c: [f32; 2], frac: f32) {
    let w = 22.0;
    let x = (c[0] - w * 0.5) as i32;
    let y = c[1] as i32;
    let stamp = cv.stamp;
    if cv.has_light() {
        cv.stamp = crate::canvas::UNLIT;
    }
    cv.rect(x - 1, y - 1, w as i32 + 2, 5, Paint::alpha(pal::HEALTH_BG));
    let col = if frac < 0.35 {
        pal::HEALTH_LOW
    } else {
        pal::HEALTH
    };
    cv.rect(
        x,
        y,
        (w * frac.clamp(0.0, 1.0)).round() as i32,
        3,
        Paint::opaque(col),
    );
    cv.stamp = stamp;
}

/// Rim light round a disc about to be drawn at `c` with its outline's radius `r`: a
/// disc a little larger and higher, which the body then covers all but a thin edge of,
/// thickest on top (`lift` px) and thinning down the sides.
fn rim(cv: &mut Canvas, c: [f32; 2], r: f32, grow: f32, lift: f32, col: Rgba) {
    let stamp = cv.stamp;
    if cv.has_light() {
        cv.stamp = UNLIT;
    }
    cv.circle([c[0], c[1] - lift], r + grow, Paint::alpha(col));
    cv.stamp = stamp;
}

/// Draws an enemy as `shade` says; returns its eyes' screen points when it has eyes and
/// shows them (facing the viewer).
pub fn draw_enemy(
    cv: &mut Canvas,
    iso: &Iso,
    e: &Enemy,
    alpha: f32,
    shade: Shade,
) -> Option<[[f32; 2]; 2]> {
    let p = lerp_pos(e.prev_pos, e.pos, alpha);
    shadow(cv, iso, p, e.radius);
    match e.kind {
        EnemyKind::Dummy => {
            let base = iso.project(p, 0.0);
            let top = iso.project(p, 0.7);
            cv.line(base, top, 6.0, LineCap::Butt, pal::OUTLINE);
            cv.line(base, top, 4.0, LineCap::Butt, pal::DUMMY_POST);
            let arm = Vec2::new(
                std::f32::consts::FRAC_1_SQRT_2,
                -std::f32::consts::FRAC_1_SQRT_2,
            ) * 0.32;
            let l = iso.project(p - arm, 0.55);
            let r = iso.project(p + arm, 0.55);
            cv.line(l, r, 4.0, LineCap::Round, pal::DUMMY_POST);
            let h = iso.project(p, 0.82);
            body(cv, h, px(e.radius) * 0.6, pal::DUMMY_HEAD, pal::DUMMY_POST);
            // The painted target.
            cv.stroke_circle(h, px(e.radius) * 0.3, 1.5, Rgba::rgb(170, 40, 30));
            None
        }
        EnemyKind::Shambler
        | EnemyKind::Runner
        | EnemyKind::Brute
        | EnemyKind::Spitter
        | EnemyKind::Stalker => {
            // The swing's telegraph: a red ring closing in on the body as the blow
            // gathers (seed 003: the windup is gameplay, it must read — in the dark too).
            if let Some(left) = e.attack.windup_left {
                let total = e.attack.windup_ticks.max(1) as f32;
                let t = (1.0 - (left as f32 - alpha) / total).clamp(0.0, 1.0);
                let c = iso.project(p, 0.0);
                let r = px(e.radius) * (2.4 - 1.2 * t);
                cv.glow_stroke_ellipse(
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
            let h = iso.project(p + lean * 2.5, ENEMY_HEAD_Z);
            let hr = r * 0.55;
            if shade.rim.a > 0 {
                rim(cv, c, r + 1.5, 0.8, 1.0, shade.rim);
            }
            body(cv, c, r, base, dark);
            if shade.rim.a > 0 {
                rim(cv, h, hr + 1.2, 0.0, 1.6, shade.rim);
            }
            cv.circle(h, hr + 1.2, Paint::alpha(pal::OUTLINE));
            cv.inner_circle(h, hr, Paint::opaque(dark));
            let f = Vec2::from_angle(e.facing);
            if f.x + f.y <= -0.3 {
                return None;
            }
            let side = iso.screen_dir(f.perp());
            let fwd = iso.screen_dir(f);
            let eye = |s: f32| {
                [
                    h[0] + fwd[0] * r * 0.3 + side[0] * s * r * 0.22,
                    h[1] + fwd[1] * r * 0.2 + side[1] * s * r * 0.22,
                ]
            };
            let eyes = [eye(-1.0), eye(1.0)];
            // Additive: the eyes glow in the dark, as far as a light shows the body (a
            // silhouette's shine after the post pass instead).
            let glow = (255.0 * shade.lit.clamp(0.0, 1.0)).round() as u8;
            if glow > 0 {
                for c in eyes {
                    cv.circle(c, 1.6, Paint::additive(pal::EYES.with_alpha(glow)));
                }
            }
            Some(eyes)
        }
    }
}
