//! Blade strikes on screen: the windup telegraph on the floor (the sector filling in as
//! the blow gathers), the active sector and the fading print of a recovery, and the
//! swept arc of the blade itself.

use raster::{draw_line, LineCap, Paint};
use sim::read::{strike_sector, Agent, Role, StrikePhase, World};
use sim::Vec2;

use crate::bodies::GUN_Z;
use crate::canvas::Canvas;
use crate::interp::lerp_pos;
use crate::iso::Iso;
use crate::palette as pal;

/// Progress 0..1 through a blade's current phase, interpolated within the tick.
pub fn phase_progress(w: &World, a: &Agent, alpha: f32) -> f32 {
    let k = a.melee.strike.min(2);
    let len = match a.melee.phase {
        StrikePhase::Windup => w.ticks().strike_windup[k],
        StrikePhase::Active => w.ticks().strike_active[k],
        StrikePhase::Recovery => w.ticks().strike_recovery[k],
        StrikePhase::Ready => return 0.0,
    };
    let since = w.tick().saturating_sub(a.melee.phase_started) as f32 + alpha - 1.0;
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
/// Markers: they glow, so they read in the dark.
pub fn draw_strike_telegraphs(cv: &mut Canvas, iso: &Iso, w: &World, alpha: f32) {
    for a in w
        .agents()
        .iter()
        .filter(|a| a.alive && a.role == Role::Blade)
    {
        let k = a.melee.strike.min(2);
        let p = lerp_pos(a.prev_pos, a.pos, alpha);
        let sector = strike_sector(p, a.melee.axis, k, w.tuning());
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
                cv.glow_polygon(
                    &pts,
                    Paint::alpha(pal::TELEGRAPH.with_alpha((40.0 + 90.0 * t) as u8)),
                );
                let edge =
                    sector_points(iso, p, sector.axis, sector.reach, sector.half_angle, 0.02);
                for w2 in edge[1..].windows(2) {
                    cv.glow_line(
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
                cv.polygon(&pts, Paint::additive(pal::SLASH.with_alpha(70)));
            }
            StrikePhase::Recovery => {
                let pts = sector_points(iso, p, sector.axis, sector.reach, sector.half_angle, 0.02);
                cv.glow_polygon(
                    &pts,
                    Paint::alpha(pal::TELEGRAPH.with_alpha((50.0 * (1.0 - t)) as u8)),
                );
            }
            StrikePhase::Ready => {}
        }
    }
}

/// The swept arc of an active strike: a bright blade trail sweeping across the sector
/// (the thrust is a straight stab along the axis). Additive light, drawn on the final
/// frame.
pub fn draw_strike_arcs(fb: &mut raster::Framebuffer, iso: &Iso, w: &World, alpha: f32) {
    for a in w
        .agents()
        .iter()
        .filter(|a| a.alive && a.role == Role::Blade && a.melee.phase == StrikePhase::Active)
    {
        let k = a.melee.strike.min(2);
        let p = lerp_pos(a.prev_pos, a.pos, alpha);
        let s = strike_sector(p, a.melee.axis, k, w.tuning());
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
