//! Silhouettes: readable darkness. An enemy on a tile the squad sees now (the fog's
//! `Seen::Live`) that no light shows is not invisible: within `silhouette_range` of the
//! nearest standing agent it is drawn as a dark shape with a faint rim light on its upper
//! edge, and its eyes shine on the final frame after the post pass, so the player sees
//! shapes coming before a beam finds them. Lit enemies are drawn as in the light; enemies
//! on remembered or never-seen tiles are not drawn at all (the fog's rule, in the scene).
//!
//! How much of a silhouette an enemy is comes from two numbers: how far a light shows it
//! (the light on its body above the ambient, against `silhouette_lit`) and how near it is
//! to the squad (full within the range less `silhouette_fade`, none beyond the range).

use raster::{draw_light, fill_circle, Framebuffer, Paint, Rgba};
use sim::Vec2;

use crate::bodies::{Glint, Shade};
use crate::horror::tuning::HorrorTuning;

/// 0..1: how far a light shows a body with light `light` on it, the ambient being
/// `ambient` (light-buffer units, 128 = 1.0): its strongest channel above the ambient,
/// eased in up to `silhouette_lit`.
pub fn lit_share(t: &HorrorTuning, ambient: Rgba, light: Rgba) -> f32 {
    let above = |l: u8, a: u8| l.saturating_sub(a) as f32;
    let excess = above(light.r, ambient.r)
        .max(above(light.g, ambient.g))
        .max(above(light.b, ambient.b))
        / 128.0;
    let x = (excess / t.silhouette_lit.max(1e-3)).clamp(0.0, 1.0);
    x * x * (3.0 - 2.0 * x)
}

/// 0..1: how near the squad an enemy `distance` from its nearest standing agent is, for
/// its silhouette (1 within the range less the fade, 0 at the range and beyond).
pub fn nearness(t: &HorrorTuning, distance: f32) -> f32 {
    let fade = t.silhouette_fade.max(1e-3);
    ((t.silhouette_range - distance) / fade).clamp(0.0, 1.0)
}

/// Distance from `p` to the nearest of `squad` (infinite if none stands).
pub fn nearest(squad: &[Vec2], p: Vec2) -> f32 {
    squad
        .iter()
        .map(|q| q.distance_sq(p))
        .fold(f32::INFINITY, f32::min)
        .sqrt()
}

/// How an enemy with light `light` on it, `distance` from the nearest standing agent,
/// shows.
pub fn shade(t: &HorrorTuning, ambient: Rgba, light: Rgba, distance: f32) -> Shade {
    let lit = lit_share(t, ambient, light);
    let silhouette = (1.0 - lit) * nearness(t, distance);
    if silhouette <= 0.0 {
        return Shade { lit, ..Shade::LIT };
    }
    let c = t
        .rim_color
        .map(|v| (v as f32 * t.rim_level).round().clamp(0.0, 255.0) as u8);
    Shade {
        lit,
        silhouette,
        rim: Rgba::new(c[0], c[1], c[2], (255.0 * silhouette).round() as u8),
    }
}

/// The silhouettes' eyes on the final frame: a small additive dot each with a faint halo.
pub fn draw_glints(fb: &mut Framebuffer, glints: &[Glint], t: &HorrorTuning) {
    for g in glints {
        let k = (g.level * t.eye_glow).clamp(0.0, 1.0);
        if k <= 0.0 {
            continue;
        }
        for c in g.eyes {
            draw_light(fb, c, 4.0, g.color, 0.35 * k);
            fill_circle(
                fb,
                c,
                1.3,
                Paint::additive(g.color.with_alpha((255.0 * k).round() as u8)),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_body_in_the_dark_near_the_squad_is_a_silhouette_and_a_lit_one_is_not() {
        let t = HorrorTuning::default();
        let amb = Rgba::rgb(13, 14, 22);
        let dark = shade(&t, amb, amb, 3.0);
        assert_eq!((dark.lit, dark.silhouette), (0.0, 1.0));
        assert!(dark.rim.a == 255 && dark.rim.b > 0);
        let lit = shade(&t, amb, Rgba::rgb(120, 120, 110), 3.0);
        assert_eq!(lit, Shade::LIT);
        // Beyond the range the dark hides it: no silhouette, no eyes of its own.
        let far = shade(&t, amb, amb, t.silhouette_range + 0.1);
        assert_eq!((far.lit, far.silhouette, far.rim.a), (0.0, 0.0, 0));
        // Half way through the fade, half a silhouette.
        let edge = shade(&t, amb, amb, t.silhouette_range - t.silhouette_fade * 0.5);
        assert!((edge.silhouette - 0.5).abs() < 1e-5, "{edge:?}");
    }

    #[test]
    fn the_nearest_agent_counts() {
        let squad = [Vec2::new(0.0, 0.0), Vec2::new(10.0, 0.0)];
        assert!((nearest(&squad, Vec2::new(8.0, 0.0)) - 2.0).abs() < 1e-6);
        assert_eq!(nearest(&[], Vec2::ZERO), f32::INFINITY);
    }
}
