//! A gunner's ammunition on its body (REQ K1, K2), from the world's state: reloading
//! (`Agent::reload`, the ticks left) it lowers its barrel (`crate::bodies`) and a small
//! brass ring over its head fills over the reload's time; dry — its magazine empty and
//! the squad's pool spent, so no reload will come — its weapon is dead grey and a grey
//! ring crossed through hangs over it.

use raster::Framebuffer;
use sim::read::{Agent, Role, World};

use crate::interp::lerp_pos;
use crate::iso::Iso;
use crate::marks::{above_head, polyline, progress_ring};
use crate::palette as pal;

/// Pixels above the head the ring sits, and its radius.
const LIFT: f32 = 17.0;
const RING: f32 = 5.5;

/// How far `a`'s reload is at frame time `alpha`, 0..1; `None` when it is not reloading.
pub fn reload_progress(w: &World, a: &Agent, alpha: f32) -> Option<f32> {
    if !a.reloading() {
        return None;
    }
    let total = w.ticks().reload_time.max(1) as f32;
    Some((1.0 - (a.reload as f32 + 1.0 - alpha) / total).clamp(0.0, 1.0))
}

/// A standing gunner with an empty magazine, not reloading, whose squad has no rounds
/// left to give it (an unlimited pool never runs dry).
pub fn dry(w: &World, a: &Agent) -> bool {
    a.alive && a.role == Role::Gunner && a.mag == 0 && !a.reloading() && w.ammo_pool() == Some(0)
}

/// The reload rings and the dry marks over the gunners, on the final frame.
pub fn draw_reload_marks(fb: &mut Framebuffer, iso: &Iso, w: &World, alpha: f32) {
    for a in w
        .agents()
        .iter()
        .filter(|a| a.alive && a.role == Role::Gunner)
    {
        let p = lerp_pos(a.prev_pos, a.pos, alpha);
        let c = above_head(iso, p, LIFT);
        if let Some(k) = reload_progress(w, a, alpha) {
            progress_ring(
                fb,
                c,
                RING,
                2.0,
                k,
                (pal::RELOAD, pal::RELOAD.with_alpha(110)),
            );
        } else if dry(w, a) {
            let col = pal::DRY.with_alpha(220);
            polyline(fb, &crate::marks::arc_points(c, RING, 1.0), 1.6, col);
            let d = RING * 0.7;
            polyline(fb, &[[c[0] - d, c[1] + d], [c[0] + d, c[1] - d]], 1.6, col);
        }
    }
}
