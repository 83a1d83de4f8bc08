//! Bodies: squad agents (gunners and blades, with weapon, facing and health) and enemies
//! (shamblers, runners, brutes, training dummies; the threat's spitters and stalkers,
//! each its own shape at a glance), drawn through a [`Canvas`] so the
//! horror layer can light them. The caller sets [`Canvas::stamp`] to the body's light
//! and, for an enemy, its [`Shade`]: how far a light shows it and how much of a
//! silhouette it is in the dark.

use raster::{LineCap, Paint, Rgba};
use sim::read::{Agent, Enemy, EnemyKind, Role};
use sim::Vec2;

use crate::beasts::{draw_nest_body, draw_spitter_body, draw_stalker_body, SpitterLook};
use crate::canvas::Canvas;
use crate::figures::{draw_human, Human, Look};
use crate::interp::lerp_pos;
use crate::iso::{Iso, TILE_W};
use crate::palette as pal;
use crate::pose::Pose;

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
    /// Their colour ([`eye_color`]: a stalker's amber, the horde's red).
    pub color: Rgba,
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

/// Draws agent `a` posed by `pose` (`crate::pose::agent_pose`); `dry` marks a gunner
/// with nothing left to fire (`crate::reload`). A fallen agent lies where it fell, in
/// its team's darker colours.
pub fn draw_agent(cv: &mut Canvas, iso: &Iso, a: &Agent, alpha: f32, dry: bool, pose: &Pose) {
    let p = lerp_pos(a.prev_pos, a.pos, alpha);
    let (base, dark) = match a.role {
        Role::Gunner => (pal::GUNNER, pal::GUNNER_DARK),
        Role::Blade => (pal::BLADE, pal::BLADE_DARK),
    };
    let kind = match a.role {
        Role::Gunner => Human::Gunner,
        Role::Blade => Human::Blade,
    };
    if !a.alive {
        let look = Look {
            base: base.scale_rgb(0.6),
            dark: dark.scale_rgb(0.6),
            metal: pal::BARREL,
        };
        draw_human(
            cv,
            iso,
            (p, a.facing),
            kind,
            pose,
            look,
            Rgba::new(0, 0, 0, 0),
            1.0,
        );
        return;
    }
    shadow(cv, iso, p, a.radius);
    let look = Look {
        base,
        dark,
        metal: if dry { pal::DRY } else { pal::BARREL },
    };
    // In the dark the squad keeps a thin rim of its team colour: never lost in its own
    // shadow, and gunner (blue) and blade (orange) tell apart at a glance.
    let rim = if cv.has_light() {
        team_color(a.role).with_alpha(210)
    } else {
        Rgba::new(0, 0, 0, 0)
    };
    let head = draw_human(cv, iso, (p, a.facing), kind, pose, look, rim, 1.0);
    if kind == Human::Gunner && !dry && !a.reloading() {
        // The muzzle's tip: a warm point at the barrel's end.
        let d = Vec2::from_angle(a.barrel);
        let tip = iso.project(p + d * (0.62 - 0.08 * pose.recoil), 0.5);
        cv.inner_circle(tip, 1.6, Paint::opaque(pal::MUZZLE_TIP));
    }
    let c = iso.project(p, BODY_Z);
    if a.health < a.max_health - 0.1 {
        health_bar(
            cv,
            [c[0], head.at[1] - head.r - 9.0],
            a.health / a.max_health.max(1.0),
        );
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

/// The least light on a stalker a beam holds (`Enemy::lit`, the simulation's own light
/// test, T2), light-buffer units: the beam's far end is dim as drawn (its falloff), yet
/// a stalker caught there freezes — the player must see it caught, in the light's
/// colours, wherever the cone reaches.
pub const CAUGHT: Rgba = Rgba::rgb(150, 146, 136);

/// The light to draw enemy `e` with, `light` being what the frame's lights put on it:
/// at least [`CAUGHT`] on a stalker a beam holds.
pub fn caught_light(e: &Enemy, light: Rgba) -> Rgba {
    if e.kind != EnemyKind::Stalker || !e.lit {
        return light;
    }
    Rgba::rgb(
        light.r.max(CAUGHT.r),
        light.g.max(CAUGHT.g),
        light.b.max(CAUGHT.b),
    )
}

/// The colour an enemy's eyes glow: a stalker's amber eyeshine, the horde's red.
pub fn eye_color(kind: EnemyKind) -> Rgba {
    match kind {
        EnemyKind::Stalker => pal::STALKER_EYES,
        _ => pal::EYES,
    }
}

/// How far through its windup `e` is at frame time `alpha`, 0..1; `None` when it is not
/// winding up.
pub fn windup_progress(e: &Enemy, alpha: f32) -> Option<f32> {
    let left = e.attack.windup_left?;
    let total = e.attack.windup_ticks.max(1) as f32;
    Some((1.0 - (left as f32 - alpha) / total).clamp(0.0, 1.0))
}

/// A windup's telegraph: a ring on the floor closing in on the body at `p` as the
/// attack gathers (`t` 0..1), emissive so it reads in the dark (seed 003: the windup is
/// gameplay, it must read). Red for a blow; bile green for a spit.
fn closing_ring(cv: &mut Canvas, iso: &Iso, p: Vec2, radius: f32, t: f32, col: Rgba) {
    let c = iso.project(p, 0.0);
    let r = px(radius) * (2.4 - 1.2 * t);
    cv.glow_stroke_ellipse(
        c,
        [r, r * 0.5],
        1.5 + 2.0 * t,
        Paint::alpha(col.with_alpha((90.0 + 150.0 * t) as u8)),
    );
}

/// How a kind's eyes sit on its head: their colour, dot radius (px) and spacing (a
/// share of the body's screen radius either side).
#[derive(Clone, Copy)]
struct EyeStyle {
    col: Rgba,
    size: f32,
    spread: f32,
}

/// The horde's red eyes.
const RED_EYES: EyeStyle = EyeStyle {
    col: pal::EYES,
    size: 1.6,
    spread: 0.22,
};

/// The eyes on a head at `h` (body radius `r` on screen, facing `f`), when it faces the
/// viewer: additive dots, glowing as far as a light shows the body (a silhouette's shine
/// comes after the post pass instead). Returns their points.
fn eyes(
    cv: &mut Canvas,
    iso: &Iso,
    (h, r): ([f32; 2], f32),
    f: Vec2,
    shade: Shade,
    style: EyeStyle,
) -> Option<[[f32; 2]; 2]> {
    if f.x + f.y <= -0.3 {
        return None;
    }
    let side = iso.screen_dir(f.perp());
    let fwd = iso.screen_dir(f);
    let k = style.spread;
    let eye = |s: f32| {
        [
            h[0] + fwd[0] * r * 0.3 + side[0] * s * r * k,
            h[1] + fwd[1] * r * 0.2 + side[1] * s * r * k,
        ]
    };
    let eyes = [eye(-1.0), eye(1.0)];
    let glow = (255.0 * shade.lit.clamp(0.0, 1.0)).round() as u8;
    if glow > 0 {
        for c in eyes {
            cv.circle(c, style.size, Paint::additive(style.col.with_alpha(glow)));
        }
    }
    Some(eyes)
}

/// Draws an enemy as `shade` says; returns its eyes' screen points when it has eyes and
/// shows them (facing the viewer).
pub fn draw_enemy(
    cv: &mut Canvas,
    iso: &Iso,
    e: &Enemy,
    alpha: f32,
    shade: Shade,
    pose: &Pose,
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
        EnemyKind::Spitter => draw_spitter(cv, iso, e, (p, alpha), shade, pose),
        EnemyKind::Stalker => draw_stalker(cv, iso, e, (p, alpha), shade, pose),
        EnemyKind::Nest => {
            draw_nest(cv, iso, e, p, shade, pose);
            None
        }
        EnemyKind::Shambler | EnemyKind::Runner | EnemyKind::Brute => {
            draw_walker(cv, iso, e, (p, alpha), shade, pose)
        }
    }
}

/// A nest (C1): a swollen mound of flesh with sacs that glow and pulse and tendrils
/// that writhe ([`crate::beasts`]) — a body that breeds, not one that walks.
fn draw_nest(cv: &mut Canvas, iso: &Iso, e: &Enemy, p: Vec2, shade: Shade, pose: &Pose) {
    // Wounded, it swells brighter with every hit taken (it never staggers: it is
    // fixed); a dozen hits is most of a nest's life.
    let flush = 1.0 + 0.6 * (e.hits.min(12) as f32 / 12.0);
    // Sacs: each nest's glow its own (its wander phase), changing with every hit taken.
    let beat = (e.wander + e.hits as f32 * 0.7).sin() * 0.5 + 0.5;
    draw_nest_body(
        cv,
        iso,
        (p, e.wander),
        pose,
        (flush, beat),
        (shade.rim, 1.0),
    );
}

/// The horde that walks up and strikes: shamblers, runners, brutes — standing figures
/// ([`crate::figures`]) with red eyes, the windup's ring closing on the floor.
fn draw_walker(
    cv: &mut Canvas,
    iso: &Iso,
    e: &Enemy,
    (p, alpha): (Vec2, f32),
    shade: Shade,
    pose: &Pose,
) -> Option<[[f32; 2]; 2]> {
    if let Some(t) = windup_progress(e, alpha) {
        closing_ring(cv, iso, p, e.radius, t, Rgba::rgb(255, 40, 30));
    }
    let (kind, base, dark) = match e.kind {
        EnemyKind::Runner => (Human::Runner, pal::RUNNER, pal::WALKER_DARK),
        EnemyKind::Brute => (Human::Brute, pal::BRUTE, pal::BRUTE_DARK),
        _ => (Human::Shambler, pal::WALKER, pal::WALKER_DARK),
    };
    let (base, dark) = if e.stagger > 0 {
        (base.scale_rgb(1.5), dark.scale_rgb(1.5))
    } else {
        (base, dark)
    };
    let look = Look {
        base,
        dark,
        metal: pal::BONE,
    };
    let head = draw_human(cv, iso, (p, e.facing), kind, pose, look, shade.rim, 1.0);
    eyes(
        cv,
        iso,
        (head.at, head.r * 2.0),
        Vec2::from_angle(e.facing),
        shade,
        RED_EYES,
    )
}

/// A spitter (T1): a bloated, sickly yellow-green body on stubby legs, a small head
/// over a swollen throat sac. Its windup is its telegraph, readable in the dark: the
/// head rears back, the sac swells and glows bile green, and a green ring closes in on
/// it; at the ring's end the spit leaves and the head snaps forward.
fn draw_spitter(
    cv: &mut Canvas,
    iso: &Iso,
    e: &Enemy,
    (p, alpha): (Vec2, f32),
    shade: Shade,
    pose: &Pose,
) -> Option<[[f32; 2]; 2]> {
    let f = Vec2::from_angle(e.facing);
    if let Some(t) = windup_progress(e, alpha) {
        closing_ring(cv, iso, p, e.radius, t, pal::BILE);
    }
    let k = pose.windup * (1.0 - pose.strike);
    let look = if e.stagger > 0 {
        SpitterLook {
            base: pal::SPITTER.scale_rgb(1.4),
            dark: pal::SPITTER_DARK.scale_rgb(1.4),
        }
    } else {
        SpitterLook {
            base: pal::SPITTER,
            dark: pal::SPITTER_DARK,
        }
    };
    let (head, sac_at, sr) =
        draw_spitter_body(cv, iso, (p, e.facing), pose, look, (shade.rim, 1.0));
    let eyes = eyes(
        cv,
        iso,
        (head.at, 8.0),
        f,
        shade,
        EyeStyle {
            size: 1.3,
            ..RED_EYES
        },
    );
    if k > 0.0 {
        // The telegraph shines through whatever hides the sac (its own body when it
        // faces away): bile light round the throat, stronger as the spit comes.
        let a = (40.0 + 150.0 * k).round() as u8;
        cv.inner_circle(
            sac_at,
            sr * 0.7,
            Paint::alpha(pal::BILE.with_alpha((120.0 * k) as u8)),
        );
        cv.glow_circle(
            sac_at,
            sr * (0.55 + 0.3 * k),
            Paint::additive(pal::BILE.with_alpha(a)),
        );
        cv.glow_circle(
            sac_at,
            sr * 0.35,
            Paint::additive(pal::BILE_CORE.with_alpha((200.0 * k) as u8)),
        );
    }
    eyes
}

/// A stalker (T2): thin, low and dark, crouched on four long limbs, its eyes an amber
/// eyeshine. Caught in a beam (`lit`) it recoils: it rears up, pales, and throws its
/// arms up over its face. Lunging (its windup) it flattens and then leaps; the red ring
/// closes in as on every blow.
fn draw_stalker(
    cv: &mut Canvas,
    iso: &Iso,
    e: &Enemy,
    (p, alpha): (Vec2, f32),
    shade: Shade,
    pose: &Pose,
) -> Option<[[f32; 2]; 2]> {
    if let Some(t) = windup_progress(e, alpha) {
        closing_ring(cv, iso, p, e.radius, t, Rgba::rgb(255, 40, 30));
    }
    let cols = if e.lit || e.stagger > 0 {
        (
            pal::STALKER_LIT,
            pal::STALKER,
            pal::STALKER_LIT.scale_rgb(0.8),
        )
    } else {
        (pal::STALKER, pal::STALKER_DARK, pal::STALKER_LIMB)
    };
    let head = draw_stalker_body(cv, iso, (p, e.facing), pose, cols, (shade.rim, 1.0));
    eyes(
        cv,
        iso,
        (head.at, head.r),
        Vec2::from_angle(e.facing),
        shade,
        EyeStyle {
            col: pal::STALKER_EYES,
            size: 1.4,
            spread: 0.5,
        },
    )
}

/// A fallen enemy of `kind` lying at `p` facing `facing` (`pose.fall` through its fall),
/// `fade` its opacity (an old corpse fades into the floor).
pub fn draw_corpse(
    cv: &mut Canvas,
    iso: &Iso,
    (p, facing, kind): (Vec2, f32, EnemyKind),
    pose: &Pose,
    fade: f32,
) {
    let none = Rgba::new(0, 0, 0, 0);
    let (h, base, dark) = match kind {
        EnemyKind::Runner => (Human::Runner, pal::RUNNER, pal::WALKER_DARK),
        EnemyKind::Brute => (Human::Brute, pal::BRUTE, pal::BRUTE_DARK),
        EnemyKind::Spitter => {
            let look = SpitterLook {
                base: pal::SPITTER.scale_rgb(0.75),
                dark: pal::SPITTER_DARK.scale_rgb(0.75),
            };
            draw_spitter_body(cv, iso, (p, facing), pose, look, (none, fade));
            return;
        }
        EnemyKind::Stalker => {
            let cols = (pal::STALKER, pal::STALKER_DARK, pal::STALKER_LIMB);
            draw_stalker_body(cv, iso, (p, facing), pose, cols, (none, fade));
            return;
        }
        EnemyKind::Nest => {
            draw_nest_body(cv, iso, (p, facing), pose, (0.8, 0.0), (none, fade));
            return;
        }
        _ => (Human::Shambler, pal::WALKER, pal::WALKER_DARK),
    };
    let look = Look {
        base: base.scale_rgb(0.75),
        dark: dark.scale_rgb(0.75),
        metal: pal::BONE,
    };
    draw_human(cv, iso, (p, facing), h, pose, look, none, fade);
}
