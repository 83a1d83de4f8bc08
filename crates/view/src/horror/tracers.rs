//! H3 glowing tracers and muzzle flashes: every tick each bullet in flight leaves the
//! piece of path it covered; pieces fade over `tracer_fade` and are drawn as additive
//! streaks with a glow falloff, so a burst reads as light sweeping through the dark.
//! Shots leave a muzzle flash (a sprite and a short point light). Capped rings.

use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

use raster::{draw_light, draw_line, Framebuffer, LineCap, Paint, Rgba};
use sim::read::{EventKind, World};
use sim::tuning::ticks;
use sim::Vec2;

use crate::bodies::GUN_Z;
use crate::horror::tuning::HorrorTuning;
use crate::iso::Iso;
use crate::palette as pal;

/// Streak pieces kept at once.
pub const TRAIL_CAP: usize = 1024;
/// Muzzle flashes kept at once.
pub const FLASH_CAP: usize = 64;

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct TrailPiece {
    pub from: Vec2,
    pub to: Vec2,
    /// Tick the bullet covered it (ended on).
    pub tick: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Flash {
    pub pos: Vec2,
    pub dir: Vec2,
    pub tick: u64,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Tracers {
    pub trail: VecDeque<TrailPiece>,
    pub flashes: VecDeque<Flash>,
    last_tick: u64,
}

impl Tracers {
    /// Takes this tick's bullets and shots, drops what has faded.
    pub fn absorb(&mut self, w: &World, t: &HorrorTuning) {
        let now = w.tick();
        self.last_tick = now;
        let shots = || {
            w.events().iter().filter_map(|e| match e.kind {
                EventKind::Shot {
                    bullet,
                    muzzle,
                    aim,
                    ..
                } => Some((bullet, muzzle, aim)),
                _ => None,
            })
        };
        for b in w.bullets() {
            if self.trail.len() == TRAIL_CAP {
                self.trail.pop_front();
            }
            // A bullet fired this tick (its shot names it) draws its first piece from
            // the muzzle.
            let from = if shots().any(|(id, ..)| id == b.id) {
                b.muzzle
            } else {
                b.prev_pos
            };
            self.trail.push_back(TrailPiece {
                from,
                to: b.pos,
                tick: now,
            });
        }
        for (_, muzzle, aim) in shots() {
            if self.flashes.len() == FLASH_CAP {
                self.flashes.pop_front();
            }
            self.flashes.push_back(Flash {
                pos: muzzle,
                dir: (aim - muzzle).normalize_or_zero(),
                tick: now,
            });
        }
        let fade = ticks(t.tracer_fade).max(1) as u64;
        while self.trail.front().is_some_and(|p| p.tick + fade < now) {
            self.trail.pop_front();
        }
        let flash = ticks(t.muzzle_flash_time).max(1) as u64;
        while self.flashes.front().is_some_and(|f| f.tick + flash < now) {
            self.flashes.pop_front();
        }
    }

    /// Age of something born on `tick` at frame time `last_tick + alpha`, in ticks.
    fn age(&self, tick: u64, alpha: f32) -> f32 {
        (self.last_tick as f32 - tick as f32) + alpha
    }

    /// The muzzle flashes alive at `alpha`, with their strength 1..0.
    pub fn live_flashes<'a>(
        &'a self,
        t: &HorrorTuning,
        alpha: f32,
    ) -> impl Iterator<Item = (&'a Flash, f32)> + 'a {
        let life = ticks(t.muzzle_flash_time).max(1) as f32;
        self.flashes.iter().filter_map(move |f| {
            let k = 1.0 - self.age(f.tick, alpha) / (life + 1.0);
            (k > 0.0).then_some((f, k))
        })
    }

    /// Draws the streaks and flashes additively on the final frame.
    pub fn draw(&self, fb: &mut Framebuffer, iso: &Iso, t: &HorrorTuning, alpha: f32) {
        let fade = ticks(t.tracer_fade).max(1) as f32;
        for p in &self.trail {
            // The piece covered during the last tick is still being drawn out (the
            // bullet's head interpolates within it); older pieces fade.
            let age = self.age(p.tick, alpha);
            let (from, to) = if age < 1.0 {
                (p.from, p.from.lerp(p.to, alpha.clamp(0.0, 1.0)))
            } else {
                (p.from, p.to)
            };
            let k = (1.0 - (age - 1.0).max(0.0) / fade).clamp(0.0, 1.0);
            if k <= 0.0 {
                continue;
            }
            let a = iso.project(from, GUN_Z);
            let b = iso.project(to, GUN_Z);
            let glow = |alpha: f32, c: Rgba| {
                Paint::additive(c.with_alpha((alpha * k).clamp(0.0, 255.0) as u8))
            };
            draw_line(fb, a, b, 7.0, LineCap::Butt, glow(40.0, pal::TRACER));
            draw_line(fb, a, b, 3.0, LineCap::Butt, glow(110.0, pal::TRACER));
            draw_line(fb, a, b, 1.3, LineCap::Butt, glow(255.0, pal::TRACER_HEAD));
        }
        for (f, k) in self.live_flashes(t, alpha) {
            let c = iso.project(f.pos, GUN_Z);
            draw_light(fb, c, 18.0, pal::MUZZLE_FLASH, 0.9 * k);
            let tip = iso.project(f.pos + f.dir * 0.35, GUN_Z);
            draw_line(
                fb,
                c,
                tip,
                3.0,
                LineCap::Round,
                Paint::additive(pal::TRACER_HEAD.with_alpha((230.0 * k) as u8)),
            );
        }
    }
}
