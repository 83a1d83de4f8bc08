//! A grenade's burst as the horror layer shows it (REQ K5): from each `GrenadeBurst`
//! event, a big short point light (the flash: the room lit for an instant), a kick of
//! the camera, a fireball, a shockwave ring running out to the blast's radius, sparks
//! and debris thrown out on arcs, and a scorch mark left on the floor. The flash, the
//! kick and the flying things are drawn from the burst's age alone (no state stepped per
//! tick: every band draws the same pixels); the scorches are history, capped like the
//! blood's decals (the oldest replaced, REQ §19), and saved with the layer.

use std::collections::VecDeque;

use raster::{draw_light, draw_line, fill_circle, fill_ellipse, Framebuffer, LineCap, Paint, Rgba};
use serde::{Deserialize, Serialize};
use sim::read::{EventKind, Grid, World};
use sim::tuning::DT;
use sim::Vec2;

use super::fog::Fog;
use super::lights::Light;
use crate::horror::tuning::HorrorTuning;
use crate::iso::{Iso, TILE_H, TILE_W};
use crate::palette as pal;
use crate::scene::Lighting;
use crate::seen::Seen;
use crate::tools::zone_outline;

/// Bursts remembered for their flying things (a grenade is live one at a time: a few
/// cover every burst still in the air).
pub const BURST_CAP: usize = 8;
/// Seconds a burst's fireball, ring and sparks take to die.
pub const BURST_LIFE: f32 = 0.9;
/// Sparks and bits of debris thrown out by a burst.
const SPARKS: u32 = 18;
/// Gravity on the debris, world units of height per s².
const GRAVITY: f32 = 9.0;
/// A scorch's radius over the blast's: the black heart of it (its stain reaches half as
/// far again), a fifth of the blast — the burn where it went off, not the whole reach.
const SCORCH_SHARE: f32 = 0.2;

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Burst {
    pub pos: Vec2,
    /// The blast's radius (the simulation's, from the event).
    pub radius: f32,
    /// The tick it went off.
    pub tick: u64,
    /// The grenade's id: its sparks' pattern.
    pub id: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Scorch {
    pub pos: Vec2,
    /// Radius, world units.
    pub r: f32,
    /// Its blotches' pattern.
    pub seed: u32,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Blasts {
    pub bursts: VecDeque<Burst>,
    pub scorches: Vec<Scorch>,
    /// The next scorch slot to reuse once the cap is reached.
    next_scorch: usize,
    last_tick: u64,
}

/// A small integer hash (cosmetic patterns, deterministic).
fn hash(a: u32, b: u32) -> u32 {
    let mut h = a.wrapping_mul(0x9E37_79B1) ^ b.wrapping_mul(0x85EB_CA77);
    h ^= h >> 15;
    h = h.wrapping_mul(0x2C1B_3C6D);
    h ^ (h >> 12)
}

/// 0..1 from a hash.
fn unit(h: u32) -> f32 {
    (h & 0xFFFF) as f32 / 65535.0
}

impl Blasts {
    /// Blasts read from a save: finite, slots in range.
    pub fn check(&self) -> Result<(), String> {
        let finite = self
            .bursts
            .iter()
            .all(|b| b.pos.is_finite() && b.radius.is_finite())
            && self
                .scorches
                .iter()
                .all(|s| s.pos.is_finite() && s.r.is_finite());
        if !finite || self.next_scorch > self.scorches.len() {
            return Err("the blasts are damaged".into());
        }
        Ok(())
    }

    /// Takes this tick's bursts from `w`'s events; forgets bursts whose flying things
    /// are gone.
    pub fn absorb(&mut self, w: &World, t: &HorrorTuning) {
        let now = w.tick();
        self.last_tick = now;
        for e in w.events() {
            if let EventKind::GrenadeBurst {
                grenade,
                pos,
                radius,
            } = e.kind
            {
                if self.bursts.len() == BURST_CAP {
                    self.bursts.pop_front();
                }
                self.bursts.push_back(Burst {
                    pos,
                    radius,
                    tick: now,
                    id: grenade,
                });
                self.scorch(pos, radius * SCORCH_SHARE, grenade, t);
            }
        }
        let life = self.life_ticks(t);
        while self.bursts.front().is_some_and(|b| now >= b.tick + life) {
            self.bursts.pop_front();
        }
    }

    /// Ticks a burst is kept: its flying things or its flash, whichever is longer.
    fn life_ticks(&self, t: &HorrorTuning) -> u64 {
        (BURST_LIFE.max(t.blast_flash_time) / DT).ceil() as u64 + 1
    }

    /// A scorch at `pos` (the oldest replaced once `scorch_cap` are kept).
    fn scorch(&mut self, pos: Vec2, r: f32, seed: u32, t: &HorrorTuning) {
        let cap = t.scorch_cap as usize;
        if cap == 0 {
            return;
        }
        let s = Scorch { pos, r, seed };
        if self.scorches.len() < cap {
            self.scorches.push(s);
        } else {
            let i = self.next_scorch % cap;
            self.scorches[i] = s;
            self.next_scorch = (i + 1) % cap;
        }
    }

    /// Seconds since burst `b` at frame time `alpha`.
    fn age(&self, b: &Burst, alpha: f32) -> f32 {
        ((self.last_tick as f32 + alpha - 1.0 - b.tick as f32) * DT).max(0.0)
    }

    /// The bursts' flashes as the frame's lights: `blast_flash` dying as the square of
    /// what is left of `blast_flash_time`.
    pub fn lights(&self, t: &HorrorTuning, alpha: f32, out: &mut Vec<Light>) {
        for b in &self.bursts {
            let k = 1.0 - self.age(b, alpha) / t.blast_flash_time.max(1e-3);
            if k > 0.0 {
                out.push(Light::point(b.pos, &t.blast_flash, k * k));
            }
        }
    }

    /// The camera's kick now, screen pixels: each young burst shakes it by
    /// `blast_shake_px`, dying over the flash's time.
    pub fn shake(&self, t: &HorrorTuning, alpha: f32) -> [f32; 2] {
        let mut s = [0.0f32; 2];
        for b in &self.bursts {
            let age = self.age(b, alpha);
            let k = 1.0 - age / t.blast_flash_time.max(1e-3);
            if k <= 0.0 {
                continue;
            }
            let amp = t.blast_shake_px * k * k;
            s[0] += amp * (age * 83.0 + b.id as f32).sin();
            s[1] += amp * (age * 71.0 + b.id as f32 * 1.7).cos();
        }
        s
    }

    /// The scorch marks on the floor (albedo only: the floor's light lights them), on
    /// seen tiles, grey where only remembered.
    pub fn draw_scorches(&self, fb: &mut Framebuffer, fog: &Fog, lit: &dyn Lighting, iso: &Iso) {
        let (w, h) = fb.logical_size();
        let k = std::f32::consts::SQRT_2 * 0.5;
        for s in &self.scorches {
            let c = iso.project(s.pos, 0.0);
            let r = [s.r * TILE_W * k * 1.6, s.r * TILE_H * k * 1.6];
            if c[0] + r[0] < 0.0 || c[0] - r[0] > w || c[1] + r[1] < 0.0 || c[1] - r[1] > h {
                continue;
            }
            let (tx, ty) = Grid::tile_of(s.pos);
            let seen = fog.seen(tx, ty);
            if seen == Seen::Never {
                continue;
            }
            let col = |c: Rgba| {
                if seen == Seen::Live {
                    c
                } else {
                    lit.floor_memory(c)
                }
            };
            let soot = col(pal::SCORCH);
            let rr = [s.r * TILE_W * k, s.r * TILE_H * k];
            // A soft outer stain, the black heart, and blotches flung round it.
            fill_ellipse(
                fb,
                c,
                [rr[0] * 1.5, rr[1] * 1.5],
                Paint::alpha(soot.with_alpha(70)),
            );
            fill_ellipse(fb, c, rr, Paint::alpha(soot.with_alpha(190)));
            // Soot thrown out in streaks.
            for i in 0..11u32 {
                let hh = hash(s.seed ^ 0x5007, i);
                let a = unit(hh) * std::f32::consts::TAU;
                let (d0, d1) = (0.7, 1.3 + 0.9 * unit(hh >> 8));
                let at = |d: f32| [c[0] + a.cos() * rr[0] * d, c[1] + a.sin() * rr[1] * d];
                draw_line(
                    fb,
                    at(d0),
                    at(d1),
                    1.5 + 1.5 * unit(hh >> 16),
                    LineCap::Round,
                    Paint::alpha(soot.with_alpha(120)),
                );
            }
            for i in 0..7u32 {
                let hh = hash(s.seed, i);
                let a = unit(hh) * std::f32::consts::TAU;
                let d = 0.7 + 0.8 * unit(hh >> 7);
                let q = [c[0] + a.cos() * rr[0] * d, c[1] + a.sin() * rr[1] * d];
                let br = 0.15 + 0.25 * unit(hh >> 13);
                fill_ellipse(
                    fb,
                    q,
                    [rr[0] * br, rr[1] * br],
                    Paint::alpha(soot.with_alpha(150)),
                );
            }
        }
    }

    /// The bursts' fireball, shockwave and sparks on the final frame (light: additive).
    pub fn draw(
        &self,
        fb: &mut Framebuffer,
        iso: &Iso,
        grid: &Grid,
        alpha: f32,
        visible: &dyn Fn(Vec2) -> bool,
    ) {
        let mut outline = Vec::new();
        for b in &self.bursts {
            let age = self.age(b, alpha);
            let t = age / BURST_LIFE;
            if t >= 1.0 || !visible(b.pos) {
                continue;
            }
            zone_outline(grid, b.pos, b.radius, &mut outline);
            // The fireball: a white-hot core swelling fast and dying in a fifth of the
            // life.
            let fire = (t * 5.0).min(1.0);
            if fire < 1.0 {
                let c = iso.project(b.pos, 0.3 + 0.3 * fire);
                let r = 8.0 + 30.0 * fire.sqrt();
                draw_light(fb, c, r * 2.2, pal::BLAST, 1.4 * (1.0 - fire));
                // Lobes of fire round it, each its own way out (the grenade's pattern).
                for i in 0..5u32 {
                    let hh = hash(b.id ^ 0xF1E, i);
                    let a = unit(hh) * std::f32::consts::TAU;
                    let d = r * (0.35 + 0.4 * unit(hh >> 9));
                    let q = [c[0] + a.cos() * d, c[1] + a.sin() * d * 0.6];
                    fill_circle(
                        fb,
                        q,
                        r * (0.35 + 0.2 * unit(hh >> 17)),
                        Paint::additive(pal::BLAST.with_alpha((150.0 * (1.0 - fire)) as u8)),
                    );
                }
                fill_circle(
                    fb,
                    c,
                    r * 0.6,
                    Paint::additive(pal::BLAST.with_alpha((230.0 * (1.0 - fire)) as u8)),
                );
                fill_circle(
                    fb,
                    c,
                    r * 0.4,
                    Paint::additive(pal::BLAST_CORE.with_alpha((255.0 * (1.0 - fire)) as u8)),
                );
            }
            // The shockwave: a ring on the floor running out to the radius in the first
            // half of the life, stopped by walls as the blast is.
            let wave = (t * 2.0).min(1.0);
            if wave < 1.0 {
                let rho = b.radius * (0.2 + 0.85 * wave.sqrt());
                let a = (200.0 * (1.0 - wave)) as u8;
                let pts: Vec<[f32; 2]> = outline
                    .iter()
                    .map(|q| {
                        let d = *q - b.pos;
                        let reach = d.length().min(rho);
                        iso.project(b.pos + d.normalize_or_zero() * reach, 0.02)
                    })
                    .collect();
                let (glow, core) = (
                    Paint::additive(pal::BLAST.with_alpha(a / 2)),
                    Paint::additive(pal::BLAST_CORE.with_alpha(a)),
                );
                for i in 0..pts.len() {
                    let (p, q) = (pts[i], pts[(i + 1) % pts.len()]);
                    draw_line(fb, p, q, 3.0 + 4.0 * (1.0 - wave), LineCap::Butt, glow);
                    draw_line(fb, p, q, 1.5, LineCap::Butt, core);
                }
            }
            // Sparks and debris: out and up on arcs, falling back, cooling.
            for i in 0..SPARKS {
                let hh = hash(b.id, i);
                let dir = Vec2::from_angle(unit(hh) * std::f32::consts::TAU);
                let speed = b.radius * (1.2 + 2.2 * unit(hh >> 5));
                let vz = 1.5 + 3.5 * unit(hh >> 11);
                let z = (0.2 + vz * age - 0.5 * GRAVITY * age * age).max(0.0);
                let p = b.pos + dir * (speed * age * (1.0 - 0.35 * t));
                let c = iso.project(p, z);
                let cool = 1.0 - t;
                let hot = i % 3 != 0;
                let col = if hot {
                    pal::BLAST.lerp(pal::FLARE, t)
                } else {
                    Rgba::rgb(120, 100, 80)
                };
                let a = (255.0 * cool) as u8;
                let paint = if hot {
                    Paint::additive(col.with_alpha(a))
                } else {
                    Paint::alpha(col.with_alpha(a))
                };
                fill_circle(fb, c, if hot { 1.3 } else { 1.7 }, paint);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scorches_are_capped_and_the_oldest_go() {
        let t = HorrorTuning {
            scorch_cap: 3,
            ..HorrorTuning::default()
        };
        let mut b = Blasts::default();
        for i in 0..7 {
            b.scorch(Vec2::new(i as f32, 0.0), 1.0, i, &t);
            assert!(b.scorches.len() <= 3);
        }
        let xs: Vec<f32> = b.scorches.iter().map(|s| s.pos.x).collect();
        // 0..=2 placed, then 3, 4, 5 replaced slots 0, 1, 2, then 6 slot 0.
        assert_eq!(xs, [6.0, 4.0, 5.0]);
        assert!(b.check().is_ok());
    }
}
