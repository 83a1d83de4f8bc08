//! The medkit at work drawn (REQ K4), from the world's state (`World::tools().heal`):
//! the patient stands in a green ring on the floor that breathes while the kit works,
//! and over its head a green cross inside a ring that fills over the medkit's time. Its
//! end is an effect (`crate::effects`): a short green glow when it is healed, a red cut
//! when a blow interrupts it.

use raster::{draw_light, Framebuffer, Paint};
use sim::read::{Heal, World};
use sim::tuning::DT;

use crate::bodies::px;
use crate::canvas::Canvas;
use crate::interp::lerp_pos;
use crate::iso::Iso;
use crate::marks::{above_head, polyline, progress_ring};
use crate::palette as pal;

/// Pixels above the patient's head the cross sits.
const LIFT: f32 = 22.0;

/// How far the medkit's work is at frame time `alpha`, 0..1.
pub fn heal_progress(w: &World, h: &Heal, alpha: f32) -> f32 {
    let total = w.ticks().medkit_time.max(1) as f32;
    (1.0 - (h.left as f32 + 1.0 - alpha) / total).clamp(0.0, 1.0)
}

/// The patient's ring on the floor (a marker: it glows), breathing at 1.5 Hz.
pub fn draw_heal_ring(cv: &mut Canvas, iso: &Iso, w: &World, alpha: f32) {
    let Some(h) = &w.tools().heal else {
        return;
    };
    let Some(a) = w.agents().get(h.agent as usize).filter(|a| a.alive) else {
        return;
    };
    let p = lerp_pos(a.prev_pos, a.pos, alpha);
    let secs = (w.tick() as f32 + alpha) * DT;
    let breath = 0.5 + 0.5 * (secs * std::f32::consts::TAU * 1.5).sin();
    let c = iso.project(p, 0.01);
    let r = px(a.radius) * (1.9 + 0.15 * breath);
    cv.glow_stroke_ellipse(
        c,
        [r, r * 0.5],
        2.0,
        Paint::alpha(pal::HEAL.with_alpha((120.0 + 80.0 * breath) as u8)),
    );
    cv.glow_stroke_ellipse(
        c,
        [r * 1.25, r * 0.625],
        1.0,
        Paint::alpha(pal::HEAL.with_alpha(60)),
    );
}

/// Over the patient's head on the final frame: a green cross in a ring that fills as
/// the kit works.
pub fn draw_heal_marks(fb: &mut Framebuffer, iso: &Iso, w: &World, alpha: f32) {
    let Some(h) = &w.tools().heal else {
        return;
    };
    let Some(a) = w.agents().get(h.agent as usize).filter(|a| a.alive) else {
        return;
    };
    let p = lerp_pos(a.prev_pos, a.pos, alpha);
    let c = above_head(iso, p, LIFT);
    let k = heal_progress(w, h, alpha);
    draw_light(fb, c, 14.0, pal::HEAL, 0.25 + 0.25 * k);
    progress_ring(fb, c, 7.5, 2.0, k, (pal::HEAL, pal::HEAL.with_alpha(60)));
    let s = 3.6;
    let col = pal::HEAL.with_alpha(235);
    polyline(fb, &[[c[0] - s, c[1]], [c[0] + s, c[1]]], 2.2, col);
    polyline(fb, &[[c[0], c[1] - s], [c[0], c[1] + s]], 2.2, col);
}
