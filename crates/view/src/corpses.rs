//! The fallen horde (REQ V1): each corpse the simulation keeps (`World::corpses`, its
//! kind, facing and the tick it fell) is its kind's figure falling over
//! [`FALL_TICKS`](crate::pose::FALL_TICKS) and then lying on the floor, fading after
//! [`FADE_AFTER`] over [`FADE_TICKS`]; at most the newest [`CORPSE_CAP`] are drawn (the
//! simulation keeps up to `enemy.corpse_cap`, 256: a figure each would cost a frame
//! a lot for bodies no one looks at any more).
//!
//! A body still falling stands up off the floor, so it is drawn in the scene's sorted
//! pass with the standing bodies ([`falling`], [`draw_falling`]); one that lies is drawn
//! with the floor ([`draw_lying`]), albedo only, lit as the floor is. On a tile the
//! squad only remembers, a corpse is the grey stain it always was.

use raster::{fill_ellipse, Framebuffer, Paint, Rgba};
use sim::read::{Corpse, Grid, World};

use crate::bodies::{draw_corpse, px};
use crate::canvas::Canvas;
use crate::iso::Iso;
use crate::palette as pal;
use crate::pose::{corpse_fall, Pose};
use crate::seen::Seen;

/// The most corpses drawn: the newest.
pub const CORPSE_CAP: usize = 24;
/// Ticks a corpse lies before it fades (20 s).
pub const FADE_AFTER: f32 = 1200.0;
/// Ticks it takes to fade out (10 s).
pub const FADE_TICKS: f32 = 600.0;

/// The corpses drawn this frame: the newest [`CORPSE_CAP`] not yet faded out, with
/// their index.
fn drawn(w: &World) -> impl Iterator<Item = (usize, &Corpse)> {
    let all = w.corpses();
    let from = all.len().saturating_sub(CORPSE_CAP);
    let now = w.tick() as f32;
    all.iter()
        .enumerate()
        .skip(from)
        .filter(move |(_, c)| now - (c.tick as f32) < FADE_AFTER + FADE_TICKS)
}

/// The tick the oldest of the newest [`CORPSE_CAP`] corpses fell on (faded out or
/// not): every corpse that fell before it is gone from the floor, pushed out by newer
/// ones here or by the simulation's own cap. `None` with no corpse.
pub fn oldest_kept(w: &World) -> Option<u64> {
    let all = w.corpses();
    all.get(all.len().saturating_sub(CORPSE_CAP))
        .map(|c| c.tick)
}

/// A corpse's opacity at the world's tick.
fn fade(w: &World, c: &Corpse) -> f32 {
    let age = w.tick() as f32 - c.tick as f32;
    (1.0 - (age - FADE_AFTER) / FADE_TICKS).clamp(0.0, 1.0)
}

/// Corpses still falling at the world's tick (the sorted pass draws them).
pub fn falling(w: &World) -> impl Iterator<Item = usize> + '_ {
    drawn(w)
        .filter(move |(_, c)| corpse_fall(w, c.tick, 0.0) < 1.0)
        .map(|(i, _)| i)
}

/// Draws corpse `i` falling, at frame time `alpha`.
pub fn draw_falling(cv: &mut Canvas, iso: &Iso, w: &World, i: usize, alpha: f32) {
    let c = &w.corpses()[i];
    let pose = Pose {
        fall: corpse_fall(w, c.tick, alpha),
        ..Pose::default()
    };
    draw_corpse(cv, iso, (c.pos, c.facing, c.kind), &pose, 1.0);
}

/// The corpses lying on the floor (albedo only: the floor's light lights them); `seen`
/// says what the squad knows of a tile, `memory` (with the horror layer) how a
/// remembered thing on the floor is tinted.
pub fn draw_lying(
    fb: &mut Framebuffer,
    iso: &Iso,
    w: &World,
    seen: &dyn Fn(i32, i32) -> Seen,
    memory: Option<&dyn Fn(Rgba) -> Rgba>,
) {
    let down = Pose {
        fall: 1.0,
        coarse: true,
        ..Pose::default()
    };
    for (_, c) in drawn(w) {
        if corpse_fall(w, c.tick, 0.0) < 1.0 {
            continue;
        }
        let s = iso.project(c.pos, 0.0);
        if !crate::canvas::shows(fb, [s[0] - 40.0, s[1] - 40.0], [s[0] + 40.0, s[1] + 24.0]) {
            continue;
        }
        let (tx, ty) = Grid::tile_of(c.pos);
        let seen = seen(tx, ty);
        let r = px(0.3);
        match (seen, memory) {
            (Seen::Never, _) => continue,
            (Seen::Live, _) => {
                if memory.is_none() {
                    // With the horror layer the pool under the body is its blood decal.
                    fill_ellipse(fb, s, [r * 1.6, r * 0.8], Paint::alpha(pal::CORPSE));
                }
                let mut cv = Canvas::plain(fb);
                draw_corpse(&mut cv, iso, (c.pos, c.facing, c.kind), &down, fade(w, c));
            }
            (_, Some(tint)) => {
                let col = tint(pal::WALKER_DARK.scale_rgb(0.7));
                let col = col.with_alpha((255.0 * fade(w, c)) as u8);
                fill_ellipse(
                    fb,
                    [s[0] + 2.0, s[1] - 1.0],
                    [r, r * 0.45],
                    Paint::alpha(col),
                );
            }
            (_, None) => {}
        }
    }
}
