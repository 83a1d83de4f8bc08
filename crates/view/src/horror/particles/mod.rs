//! REQ V3 particles, render-only: muzzle smoke on every shot, sparks where a bullet
//! stops on a wall (with a brief light), bile droplets and a puddle where a spit lands,
//! chunks thrown out when a brute dies (landing to lie with its corpse), and dust in the
//! flashlights' beams ([`dust`]: no state, a fixed hash per tile).
//!
//! Fed from the simulation's events once per tick ([`Particles::absorb`], with the rest of
//! the horror layer) and stepped per tick ([`Particles::step`]): so a particle is a
//! function of the run — a replay, a screenshot and the window draw the same — and every
//! variation comes from a hash of the tick, the event's place in the tick's list and the
//! particle's index ([`mix`]), never from `World::rng` or the clock. Each kind is a queue
//! with a hard cap from the tuning ([`tuning::ParticleTuning`]); a new particle over it
//! replaces the oldest (REQ §19), and [`Particles::counts`] gives the feed's bounds
//! check its numbers. Saved with the layer's state, so the frame after a load is the one
//! before it. Drawn by [`draw`].

pub mod draw;
pub mod dust;
pub mod tuning;

use std::collections::VecDeque;

use serde::{Deserialize, Serialize};
use sim::read::{EnemyKind, EventKind, Grid, World};
use sim::tuning::DT;
use sim::Vec2;

use super::lights::Light;
use super::tracers::Tracers;
use crate::bodies::GUN_Z;
use crate::corpses::{FADE_AFTER, FADE_TICKS};
use crate::horror::tuning::PointLightTuning;
use tuning::ParticleTuning;

/// Spark flashes (lights) kept at once: a light costs a visibility polygon, so only the
/// newest few hits shine.
pub const FLASH_CAP: usize = 8;
/// Gravity on sparks, droplets and chunks, world units of height per s² (the blood's).
const GRAVITY: f32 = 9.0;
/// Height a spit's splash starts at, world units: about where a spit flies.
const SPLASH_Z: f32 = 0.25;
/// Height a brute's chunks start at: its torso.
const GIB_Z: f32 = 0.6;
/// A puddle lies this far off a wall beside the spit's stop (the effects' glowing pool
/// lies there too).
const PUDDLE_OFF: f32 = 0.3;

/// A small integer hash (cosmetic variation, deterministic).
pub fn mix(a: u32, b: u32) -> u32 {
    let mut h = a.wrapping_mul(0x9E37_79B1) ^ b.wrapping_mul(0x85EB_CA77).rotate_left(13);
    h ^= h >> 15;
    h = h.wrapping_mul(0x2C1B_3C6D);
    h ^= h >> 12;
    h = h.wrapping_mul(0x297A_2D39);
    h ^ (h >> 15)
}

/// 0..1 from `seed`'s `k`-th draw.
pub fn unit(seed: u32, k: u32) -> f32 {
    (mix(seed, k) >> 8) as f32 / (1u32 << 24) as f32
}

/// A tick's seed: every particle born in it varies from this.
fn tick_seed(tick: u64) -> u32 {
    mix(tick as u32, (tick >> 32) as u32 ^ 0x5EED)
}

/// -1..1 from `seed`'s `k`-th draw.
fn signed(seed: u32, k: u32) -> f32 {
    unit(seed, k) * 2.0 - 1.0
}

/// One particle in flight (or a chunk lying).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Bit {
    pub pos: Vec2,
    pub prev_pos: Vec2,
    /// Height above the floor.
    pub z: f32,
    pub prev_z: f32,
    pub vel: Vec2,
    pub vz: f32,
    /// The tick it was born on.
    pub born: u64,
    /// Its own variations (size, life, shade).
    pub seed: u32,
    /// Floor contacts so far (a chunk bounces once, then lies).
    pub bounces: u8,
}

impl Bit {
    fn new(pos: Vec2, z: f32, vel: Vec2, vz: f32, born: u64, seed: u32) -> Bit {
        Bit {
            pos,
            prev_pos: pos,
            z,
            prev_z: z,
            vel,
            vz,
            born,
            seed,
            bounces: 0,
        }
    }

    /// Lies on the floor for good.
    pub fn lying(&self) -> bool {
        self.bounces >= 2
    }

    fn finite(&self) -> bool {
        self.pos.is_finite()
            && self.prev_pos.is_finite()
            && self.vel.is_finite()
            && [self.z, self.prev_z, self.vz].iter().all(|v| v.is_finite())
    }
}

/// Bile left on the floor where a spit fell.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Puddle {
    pub pos: Vec2,
    pub born: u64,
    pub seed: u32,
}

/// A wall hit's flash (a light for a few ticks).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Flash {
    /// Just off the wall's face.
    pub pos: Vec2,
    pub born: u64,
}

/// The particles alive: one capped queue per kind, oldest first.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Particles {
    pub smoke: VecDeque<Bit>,
    pub sparks: VecDeque<Bit>,
    pub droplets: VecDeque<Bit>,
    pub gibs: VecDeque<Bit>,
    pub puddles: VecDeque<Puddle>,
    pub flashes: VecDeque<Flash>,
    /// The world's tick at the last absorb (frame time is this plus alpha).
    pub last_tick: u64,
}

/// Appends `x`, dropping the oldest while the queue is at `cap` (nothing with cap 0).
fn push<T>(q: &mut VecDeque<T>, cap: usize, x: T) {
    if cap == 0 {
        q.clear();
        return;
    }
    while q.len() >= cap {
        q.pop_front();
    }
    q.push_back(x);
}

/// Drops the oldest until the queue holds at most `cap` (a cap lowered by F5).
fn trim<T>(q: &mut VecDeque<T>, cap: usize) {
    while q.len() > cap {
        q.pop_front();
    }
}

/// Seconds to ticks, at least one.
fn life_ticks(secs: f32) -> f32 {
    (secs / DT).max(1.0)
}

/// The outward normal of the wall face at `p` (a bullet's or spit's stop on it): the sum
/// of the axis directions with no wall just off `p` and a wall on the other side; zero
/// when no wall is near.
pub fn wall_normal(g: &Grid, p: Vec2) -> Vec2 {
    for probe in [0.06f32, 0.3] {
        let mut n = Vec2::ZERO;
        for d in [
            Vec2::new(1.0, 0.0),
            Vec2::new(-1.0, 0.0),
            Vec2::new(0.0, 1.0),
            Vec2::new(0.0, -1.0),
        ] {
            if g.is_wall_at(p + d * probe) && !g.is_wall_at(p - d * probe) {
                n -= d;
            }
        }
        if n != Vec2::ZERO {
            return n.normalize_or_zero();
        }
    }
    Vec2::ZERO
}

/// Where a spit stopped at `p` leaves its puddle: moved off any wall beside it, as the
/// effects' glowing pool is.
fn off_the_wall(g: &Grid, p: Vec2) -> Vec2 {
    let mut q = p;
    for d in [
        Vec2::new(1.0, 0.0),
        Vec2::new(-1.0, 0.0),
        Vec2::new(0.0, 1.0),
        Vec2::new(0.0, -1.0),
    ] {
        if g.is_wall_at(p + d * PUDDLE_OFF) {
            q -= d * PUDDLE_OFF;
        }
    }
    q
}

/// The direction the bullet that stopped at `hit` this tick was flying: its last tick's
/// tracer piece (or, fired this tick, its shot) on a line through the hit.
fn incoming(tracers: &Tracers, w: &World, hit: Vec2) -> Option<Vec2> {
    let now = w.tick();
    let mut best: Option<(f32, Vec2)> = None;
    let mut consider = |from: Vec2, dir: Vec2, reach: f32| {
        if dir == Vec2::ZERO {
            return;
        }
        let rel = hit - from;
        let ahead = rel.dot(dir);
        let off = (rel - dir * ahead).length();
        if (-0.05..=reach).contains(&ahead) && off < 0.08 && best.is_none_or(|(o, _)| off < o) {
            best = Some((off, dir));
        }
    };
    let step = w.tuning().fire.bullet_speed * DT * 1.5 + 0.1;
    for p in tracers.trail.iter().rev() {
        if p.tick + 1 < now {
            break;
        }
        if p.tick + 1 == now {
            consider(p.to, (p.to - p.from).normalize_or_zero(), step);
        }
    }
    for e in w.events() {
        if let EventKind::Shot { muzzle, aim, .. } = e.kind {
            consider(muzzle, (aim - muzzle).normalize_or_zero(), step);
        }
    }
    best.map(|(_, d)| d)
}

/// A wall's bounce: the velocity's component into the wall crossed between `from` and
/// `to` reversed and damped by `keep` (both components at a corner).
fn bounce_off_walls(g: &Grid, from: Vec2, to: Vec2, vel: Vec2, keep: f32) -> Vec2 {
    let (fx, fy) = Grid::tile_of(from);
    let (tx, ty) = Grid::tile_of(to);
    let mut v = vel;
    let mut hit = false;
    if tx != fx && g.is_wall(tx, fy) {
        v.x = -v.x * keep;
        hit = true;
    }
    if ty != fy && g.is_wall(fx, ty) {
        v.y = -v.y * keep;
        hit = true;
    }
    if !hit {
        v = -v * keep;
    }
    v
}

impl Particles {
    /// Particles read from a save: every number finite.
    pub fn check(&self) -> Result<(), String> {
        let bits = self
            .smoke
            .iter()
            .chain(&self.sparks)
            .chain(&self.droplets)
            .chain(&self.gibs)
            .all(Bit::finite);
        let rest = self.puddles.iter().all(|p| p.pos.is_finite())
            && self.flashes.iter().all(|f| f.pos.is_finite());
        if bits && rest {
            Ok(())
        } else {
            Err("the particles are damaged".into())
        }
    }

    /// Each kind's count and its cap, by name (the cosmetics feed's bounds, REQ §19).
    pub fn counts(&self, t: &ParticleTuning) -> [(&'static str, usize, usize); 6] {
        [
            ("smoke puffs", self.smoke.len(), t.smoke.cap as usize),
            ("sparks", self.sparks.len(), t.sparks.cap as usize),
            ("bile droplets", self.droplets.len(), t.spit.cap as usize),
            (
                "bile puddles",
                self.puddles.len(),
                t.spit.puddle_cap as usize,
            ),
            ("gibs", self.gibs.len(), t.gibs.cap as usize),
            ("spark flashes", self.flashes.len(), FLASH_CAP),
        ]
    }

    /// Every particle alive (the overlay's count).
    pub fn len(&self) -> usize {
        self.smoke.len()
            + self.sparks.len()
            + self.droplets.len()
            + self.gibs.len()
            + self.puddles.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Takes this tick's shots, wall hits, spits landed and brutes fallen from `w`'s
    /// events (call once per tick, after the tracers took theirs).
    pub fn absorb(&mut self, w: &World, t: &ParticleTuning, tracers: &Tracers) {
        let now = w.tick();
        self.last_tick = now;
        for (i, e) in w.events().iter().enumerate() {
            self.hear(w, i as u32, &e.kind, t, tracers);
        }
        // Brutes buried this tick (the simulation lays a corpse down at the tick's end,
        // stamped with the tick before the count moved on).
        let fresh = w
            .corpses()
            .iter()
            .rev()
            .take_while(|c| c.tick + 1 == now)
            .filter(|c| c.kind == EnemyKind::Brute);
        for (k, c) in fresh.enumerate() {
            let away = killing_blow(w, c.pos);
            let seed = mix(tick_seed(now) ^ 0x61B5, k as u32);
            self.gibs_at(c.pos, away, seed, now, t);
        }
        // A brute's chunks go with its corpse: born the tick after it fell, they are
        // older than the oldest corpse kept once it is gone (before, they lay on alone
        // for the rest of their 30 s when newer corpses pushed it out).
        if let Some(kept) = crate::corpses::oldest_kept(w) {
            self.gibs.retain(|b| b.born > kept);
        }
    }

    /// One event of `w`'s tick, the `i`-th of its list (its particles' seed): a shot's
    /// smoke, a wall hit's sparks, a spit's splash and puddle. (Tests feed events of
    /// their own through it, as the sound layer's `hear`.)
    pub fn hear(
        &mut self,
        w: &World,
        i: u32,
        e: &EventKind,
        t: &ParticleTuning,
        tracers: &Tracers,
    ) {
        let now = w.tick();
        let g = &w.map().grid;
        let seed = mix(tick_seed(now), i);
        match *e {
            EventKind::Shot { muzzle, aim, .. } => {
                self.smoke_at(muzzle, (aim - muzzle).normalize_or_zero(), seed, now, t)
            }
            EventKind::BulletHitWall { pos } => {
                let n = wall_normal(g, pos);
                let dir = incoming(tracers, w, pos);
                self.sparks_at(pos, n, dir, seed, now, t);
            }
            EventKind::SpitHit { pos, agent, .. } => {
                let n = wall_normal(g, pos);
                self.splash_at(pos, n, seed, now, t);
                let at = off_the_wall(g, pos);
                if agent.is_none() && !g.is_wall_at(at) {
                    let p = Puddle {
                        pos: at,
                        born: now,
                        seed,
                    };
                    push(&mut self.puddles, t.spit.puddle_cap as usize, p);
                }
            }
            _ => {}
        }
    }

    /// A shot's smoke at `muzzle`, pushed along `dir`.
    pub fn smoke_at(&mut self, muzzle: Vec2, dir: Vec2, seed: u32, now: u64, t: &ParticleTuning) {
        let s = &t.smoke;
        for k in 0..s.per_shot {
            let h = mix(seed, k);
            let a = dir.angle() + signed(h, 1) * s.spread_deg.to_radians();
            let speed = s.speed * (0.6 + 0.4 * unit(h, 2));
            let vel = Vec2::from_angle(a) * speed;
            let b = Bit::new(muzzle, GUN_Z, vel, s.rise, now, h);
            push(&mut self.smoke, s.cap as usize, b);
        }
    }

    /// A wall hit's sparks at `pos` on a face with outward normal `n`, the bullet flying
    /// along `dir` (if known): thrown about its reflection, never into the wall; and the
    /// hit's flash.
    pub fn sparks_at(
        &mut self,
        pos: Vec2,
        n: Vec2,
        dir: Option<Vec2>,
        seed: u32,
        now: u64,
        t: &ParticleTuning,
    ) {
        let s = &t.sparks;
        let out = match (dir, n == Vec2::ZERO) {
            (Some(d), false) => (d - n * (2.0 * d.dot(n))).normalize_or_zero(),
            (Some(d), true) => -d,
            (None, _) => n,
        };
        // Just off the face, so the spark and its light start in the open.
        let at = pos + n * 0.03;
        for k in 0..s.per_hit {
            let h = mix(seed, k);
            let a = out.angle() + signed(h, 1) * s.spread_deg.to_radians();
            let mut d = Vec2::from_angle(a);
            if n != Vec2::ZERO && d.dot(n) < 0.15 {
                // Mirrored out of the wall.
                d = (d - n * (2.0 * d.dot(n))).normalize_or_zero();
            }
            let vel = d * (s.speed * (0.4 + 0.6 * unit(h, 2)));
            let vz = s.lift * (0.2 + 0.8 * unit(h, 3));
            push(
                &mut self.sparks,
                s.cap as usize,
                Bit::new(at, GUN_Z, vel, vz, now, h),
            );
        }
        let f = Flash {
            pos: pos + n * 0.08,
            born: now,
        };
        push(&mut self.flashes, FLASH_CAP, f);
    }

    /// A spit's splash at `pos`: droplets out all round (away from a wall at `n`).
    pub fn splash_at(&mut self, pos: Vec2, n: Vec2, seed: u32, now: u64, t: &ParticleTuning) {
        let s = &t.spit;
        let at = pos + n * 0.05;
        for k in 0..s.per_splash {
            let h = mix(seed, k);
            let mut d = Vec2::from_angle(unit(h, 1) * std::f32::consts::TAU);
            if n != Vec2::ZERO && d.dot(n) < 0.0 {
                d = d - n * (2.0 * d.dot(n));
            }
            let vel = d * (s.speed * (0.3 + 0.7 * unit(h, 2)));
            let vz = s.lift * (0.3 + 0.7 * unit(h, 3));
            push(
                &mut self.droplets,
                s.cap as usize,
                Bit::new(at, SPLASH_Z, vel, vz, now, h),
            );
        }
    }

    /// A brute's chunks at `pos`, thrown along `away` (a unit vector from the killing
    /// blow, or zero: all round).
    pub fn gibs_at(&mut self, pos: Vec2, away: Vec2, seed: u32, now: u64, t: &ParticleTuning) {
        let s = &t.gibs;
        for k in 0..s.per_brute {
            let h = mix(seed, k);
            let a = if away == Vec2::ZERO {
                unit(h, 1) * std::f32::consts::TAU
            } else {
                away.angle() + signed(h, 1) * 1.1
            };
            let vel = Vec2::from_angle(a) * (s.speed * (0.4 + 0.6 * unit(h, 2)));
            let vz = s.lift * (0.5 + 0.5 * unit(h, 3));
            push(
                &mut self.gibs,
                s.cap as usize,
                Bit::new(pos, GIB_Z, vel, vz, now, h),
            );
        }
    }

    /// One simulation tick: smoke drifts, sparks fly, bounce and cool, droplets fall and
    /// are gone when they land, chunks bounce once and lie; what has lived its life goes.
    pub fn step(&mut self, g: &Grid, t: &ParticleTuning) {
        let now = self.last_tick;
        let age = |born: u64| now.saturating_sub(born) as f32;

        let s = &t.smoke;
        let keep = (-s.drag * DT).exp();
        let life = life_ticks(s.life);
        self.smoke.retain_mut(|b| {
            b.prev_pos = b.pos;
            b.prev_z = b.z;
            b.vel = b.vel * keep;
            let next = b.pos + b.vel * DT;
            if g.is_wall_at(next) {
                b.vel = Vec2::ZERO;
            } else {
                b.pos = next;
            }
            b.z += b.vz * DT;
            age(b.born) < life * (0.7 + 0.3 * unit(b.seed, 7))
        });

        let k = &t.sparks;
        let life = life_ticks(k.life);
        self.sparks.retain_mut(|b| {
            fly(g, b, 0.5);
            if b.z <= 0.0 {
                b.z = 0.0;
                b.vz = -b.vz * k.bounce;
                b.vel = b.vel * 0.6;
            }
            age(b.born) < life * (0.5 + 0.5 * unit(b.seed, 7))
        });

        self.droplets.retain_mut(|b| {
            let into_wall = fly(g, b, 0.0);
            // Landed (the puddle is the splash's own) or stopped on a wall: gone; one
            // second at most whatever happens.
            !into_wall && b.z > 0.0 && age(b.born) < 60.0
        });

        let g_k = &t.gibs;
        let lie = FADE_AFTER + FADE_TICKS;
        self.gibs.retain_mut(|b| {
            if b.lying() {
                b.prev_pos = b.pos;
                b.prev_z = 0.0;
            } else {
                fly(g, b, 0.4);
                if b.z <= 0.0 {
                    b.z = 0.0;
                    b.bounces += 1;
                    if b.bounces == 1 && b.vz.abs() > 1.0 {
                        b.vz = -b.vz * g_k.bounce;
                        b.vel = b.vel * 0.45;
                    } else {
                        b.bounces = 2;
                        b.vz = 0.0;
                        b.vel = Vec2::ZERO;
                    }
                }
            }
            age(b.born) < lie
        });

        let puddle = life_ticks(t.spit.puddle_life);
        self.puddles.retain(|p| age(p.born) < puddle);
        let flash = life_ticks(k.flash_time);
        self.flashes.retain(|f| age(f.born) < flash + 1.0);

        trim(&mut self.smoke, s.cap as usize);
        trim(&mut self.sparks, k.cap as usize);
        trim(&mut self.droplets, t.spit.cap as usize);
        trim(&mut self.gibs, g_k.cap as usize);
        trim(&mut self.puddles, t.spit.puddle_cap as usize);
    }

    /// Ticks since `born` at frame time `alpha`.
    pub fn age(&self, born: u64, alpha: f32) -> f32 {
        self.last_tick.saturating_sub(born) as f32 + alpha
    }

    /// The wall hits' flashes as the frame's lights: `sparks.flash` dying linearly over
    /// `sparks.flash_time`.
    pub fn lights(&self, t: &ParticleTuning, alpha: f32, out: &mut Vec<Light>) {
        let s = &t.sparks;
        let look = PointLightTuning {
            range: s.flash_range,
            intensity: s.flash_intensity,
            color: s.flash_color,
        };
        let life = life_ticks(s.flash_time);
        for f in &self.flashes {
            let k = 1.0 - self.age(f.born, alpha) / (life + 1.0);
            if k > 0.0 && s.flash_intensity > 0.0 && s.flash_time > 0.0 {
                out.push(Light::point(f.pos, &look, k));
            }
        }
    }
}

/// One tick of a ballistic flight under gravity; a wall in the way turns it back
/// (keeping `keep` of the speed into it). Returns whether it met a wall.
fn fly(g: &Grid, b: &mut Bit, keep: f32) -> bool {
    b.prev_pos = b.pos;
    b.prev_z = b.z;
    b.vz -= GRAVITY * DT;
    let next = b.pos + b.vel * DT;
    let walled = g.is_wall_at(next);
    if walled {
        b.vel = bounce_off_walls(g, b.pos, next, b.vel, keep);
    } else {
        b.pos = next;
    }
    b.z += b.vz * DT;
    walled
}

/// The direction a body at `pos` killed this tick was struck along (from the shooter or
/// blade of the tick's last hit on it, from a grenade's burst), or zero.
fn killing_blow(w: &World, pos: Vec2) -> Vec2 {
    let mut killed = None;
    for e in w.events() {
        if let EventKind::EnemyKilled { enemy, pos: p } = e.kind {
            if p.distance_sq(pos) < 1e-4 {
                killed = Some(enemy);
            }
        }
    }
    let Some(id) = killed else {
        return Vec2::ZERO;
    };
    let agent = |i: u32| w.agents().get(i as usize).map(|a| a.pos);
    let mut burst = None;
    let mut from = None;
    for e in w.events() {
        match e.kind {
            EventKind::GrenadeBurst { pos, .. } => burst = Some(pos),
            EventKind::EnemyHit { shooter, enemy, .. } if enemy == id => from = agent(shooter),
            EventKind::MeleeHit { blade, enemy, .. } if enemy == id => from = agent(blade),
            EventKind::BlastHit {
                enemy: Some(enemy), ..
            } if enemy == id => from = burst,
            _ => {}
        }
    }
    from.map_or(Vec2::ZERO, |f| (pos - f).normalize_or_zero())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small_caps() -> ParticleTuning {
        let mut t = ParticleTuning::default();
        t.smoke.cap = 5;
        t.sparks.cap = 7;
        t.spit.cap = 9;
        t.spit.puddle_cap = 3;
        t.gibs.cap = 4;
        t
    }

    #[test]
    fn a_flood_of_events_keeps_every_kind_under_its_cap_and_the_newest() {
        let t = small_caps();
        let g = Grid::open_with_border(40, 40);
        let mut p = Particles::default();
        for tick in 1..=2000u64 {
            p.last_tick = tick;
            let at = Vec2::new(5.0 + (tick % 30) as f32, 5.0 + (tick / 30 % 30) as f32);
            for k in 0..4 {
                let seed = mix(tick as u32, k);
                p.smoke_at(at, Vec2::new(1.0, 0.0), seed, tick, &t);
                p.sparks_at(at, Vec2::new(0.0, -1.0), None, seed, tick, &t);
                p.splash_at(at, Vec2::ZERO, seed, tick, &t);
                p.gibs_at(at, Vec2::ZERO, seed, tick, &t);
                push(
                    &mut p.puddles,
                    t.spit.puddle_cap as usize,
                    Puddle {
                        pos: at,
                        born: tick,
                        seed,
                    },
                );
            }
            p.step(&g, &t);
            for (what, n, cap) in p.counts(&t) {
                assert!(n <= cap, "tick {tick}: {n} {what} over {cap}");
            }
        }
        // Full and holding the newest: the oldest were the ones replaced.
        assert_eq!(p.smoke.len(), 5);
        assert_eq!(p.gibs.len(), 4);
        assert!(p.gibs.iter().all(|b| b.born == 2000), "{:?}", p.gibs);
        assert!(p.puddles.iter().all(|q| q.born == 2000));
        assert_eq!(p.flashes.len(), FLASH_CAP);
        assert!(p.check().is_ok());
    }

    #[test]
    fn sparks_leave_the_wall_and_fall() {
        let t = ParticleTuning::default();
        let mut g = Grid::open_with_border(20, 20);
        for y in 0..20 {
            g.set_wall(12, y, true);
        }
        // A bullet flying +x stops on the wall's west face at x = 12.
        let hit = Vec2::new(12.0, 10.3);
        let n = wall_normal(&g, hit);
        assert_eq!(n, Vec2::new(-1.0, 0.0));
        let mut p = Particles {
            last_tick: 1,
            ..Particles::default()
        };
        p.sparks_at(hit, n, Some(Vec2::new(1.0, 0.0)), 7, 1, &t);
        assert_eq!(p.sparks.len(), t.sparks.per_hit as usize);
        assert!(p.sparks.iter().all(|b| b.vel.x < 0.0), "thrown back west");
        for tick in 2..8 {
            p.last_tick = tick;
            p.step(&g, &t);
            for b in &p.sparks {
                assert!(b.pos.x < 12.0 && !g.is_wall_at(b.pos), "{b:?}");
            }
        }
        assert!(p.sparks.iter().all(|b| b.z < GUN_Z + 0.4));
        // Their life is over within `life`.
        for tick in 8..(8 + life_ticks(t.sparks.life) as u64) {
            p.last_tick = tick;
            p.step(&g, &t);
        }
        assert!(p.sparks.is_empty());
    }

    #[test]
    fn chunks_bounce_once_and_lie_with_the_corpse_until_it_fades() {
        let t = ParticleTuning::default();
        let g = Grid::open_with_border(30, 30);
        let mut p = Particles {
            last_tick: 10,
            ..Particles::default()
        };
        let at = Vec2::new(15.0, 15.0);
        p.gibs_at(at, Vec2::new(1.0, 0.0), 3, 10, &t);
        for tick in 11..200 {
            p.last_tick = tick;
            p.step(&g, &t);
        }
        assert_eq!(p.gibs.len(), t.gibs.per_brute as usize);
        for b in &p.gibs {
            assert!(b.lying() && b.z == 0.0 && b.vel == Vec2::ZERO, "{b:?}");
            // Thrown away from the blow (+x, within ±1.1 rad).
            assert!(b.pos.x > at.x && b.pos.distance(at) < 2.5, "{b:?}");
        }
        p.last_tick = 10 + (FADE_AFTER + FADE_TICKS) as u64;
        p.step(&g, &t);
        assert!(p.gibs.is_empty(), "gone when the corpse has faded");
    }

    #[test]
    fn the_same_events_give_the_same_particles() {
        let t = ParticleTuning::default();
        let g = Grid::open_with_border(30, 30);
        let run = |seed: u32| {
            let mut p = Particles::default();
            for tick in 1..40u64 {
                p.last_tick = tick;
                if tick % 5 == 0 {
                    let at = Vec2::new(10.0, 10.0);
                    p.smoke_at(at, Vec2::new(0.0, 1.0), mix(seed, tick as u32), tick, &t);
                    p.splash_at(at, Vec2::ZERO, mix(seed, tick as u32), tick, &t);
                }
                p.step(&g, &t);
            }
            (p.smoke, p.droplets)
        };
        assert_eq!(run(1), run(1));
        assert_ne!(run(1), run(2));
    }

    #[test]
    fn the_normal_points_out_of_the_face_hit() {
        let mut g = Grid::open_with_border(10, 10);
        g.set_wall(5, 5, true);
        assert_eq!(wall_normal(&g, Vec2::new(5.5, 5.0)), Vec2::new(0.0, -1.0));
        assert_eq!(wall_normal(&g, Vec2::new(6.0, 5.5)), Vec2::new(1.0, 0.0));
        assert_eq!(wall_normal(&g, Vec2::new(2.5, 2.5)), Vec2::ZERO);
    }
}
