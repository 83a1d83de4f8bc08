//! H4 blood: particles sprayed along every hit (bullets, strikes, enemy blows, spits on
//! an agent, friendly hits, a grenade's blast) and pools where bodies fall; particles that land leave decals on the floor.
//! Both are capped and the oldest are reused, so memory stays bounded however long the
//! run (REQ §19). Randomness comes from the layer's own cosmetic RNG, never `World::rng`.

use serde::{Deserialize, Serialize};
use sim::read::{EventKind, Grid, Rng, World};
use sim::tuning::DT;
use sim::Vec2;

use crate::horror::tuning::HorrorTuning;

/// Gravity on a particle, world units (of height) per s².
const GRAVITY: f32 = 9.0;
/// A landing particle joins a decal whose centre is this close instead of adding one:
/// sprays become pools and the decal count stays low.
const MERGE_DIST: f32 = 0.16;
/// Decals grow by merging up to this radius, world units.
const MAX_DECAL_R: f32 = 0.38;
/// Recent decals searched for a merge.
const MERGE_WINDOW: usize = 48;

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Particle {
    pub pos: Vec2,
    pub prev_pos: Vec2,
    /// Height above the floor.
    pub z: f32,
    pub prev_z: f32,
    pub vel: Vec2,
    pub vz: f32,
    /// Radius, world units.
    pub size: f32,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Decal {
    pub pos: Vec2,
    /// Radius, world units.
    pub r: f32,
    /// 0..=255: darker (older, thicker) to brighter red.
    pub shade: u8,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Blood {
    pub particles: Vec<Particle>,
    pub decals: Vec<Decal>,
    /// Next particle / decal slot to reuse once the caps are reached.
    next_particle: usize,
    next_decal: usize,
    rng: Rng,
}

impl Blood {
    /// Blood read from a save: finite, slots in range.
    pub fn check(&self) -> Result<(), String> {
        let finite = self
            .particles
            .iter()
            .all(|p| p.pos.is_finite() && p.vel.is_finite())
            && self
                .decals
                .iter()
                .all(|d| d.pos.is_finite() && d.r.is_finite());
        if !finite
            || self.next_particle > self.particles.len()
            || self.next_decal > self.decals.len()
        {
            return Err("the blood is damaged".into());
        }
        Ok(())
    }

    pub fn new(seed: u64) -> Blood {
        Blood {
            particles: Vec::new(),
            decals: Vec::new(),
            next_particle: 0,
            next_decal: 0,
            rng: Rng::new(seed ^ 0xB100D),
        }
    }

    /// Sprays `n` particles at `at` along `dir` (a unit vector, or zero for all round).
    pub fn spray(&mut self, at: Vec2, dir: Vec2, n: u32, t: &HorrorTuning) {
        let cap = t.blood_particle_cap as usize;
        if cap == 0 {
            return;
        }
        for _ in 0..n {
            let spread = if dir == Vec2::ZERO {
                Vec2::from_angle(
                    self.rng
                        .range_f32(-std::f32::consts::PI, std::f32::consts::PI),
                )
            } else {
                let a = dir.angle() + self.rng.range_f32(-0.6, 0.6);
                Vec2::from_angle(a)
            };
            let speed = t.blood_speed * self.rng.range_f32(0.3, 1.0);
            let z = self.rng.range_f32(0.3, 0.6);
            let p = Particle {
                pos: at,
                prev_pos: at,
                z,
                prev_z: z,
                vel: spread * speed,
                vz: self.rng.range_f32(0.2, 2.2),
                size: self.rng.range_f32(0.025, 0.06),
            };
            if self.particles.len() < cap {
                self.particles.push(p);
            } else {
                let i = self.next_particle % cap;
                self.particles[i] = p;
                self.next_particle = (i + 1) % cap;
            }
        }
    }

    /// A decal at `at` (merged into a near recent one when there is one).
    pub fn splat(&mut self, at: Vec2, r: f32, t: &HorrorTuning) {
        let cap = t.blood_decal_cap as usize;
        if cap == 0 {
            return;
        }
        let n = self.decals.len();
        // The most recent decals are the slots just before `next_decal` (ring order).
        let newest = if n < cap { n } else { self.next_decal };
        for k in 1..=MERGE_WINDOW.min(n) {
            let i = (newest + n - k) % n;
            let d = &mut self.decals[i];
            if d.pos.distance_sq(at) < MERGE_DIST * MERGE_DIST && d.r < MAX_DECAL_R {
                // Area adds up; the centre moves a little toward the new drop.
                let area = d.r * d.r + r * r * 0.6;
                d.r = area.sqrt().min(MAX_DECAL_R);
                d.pos = d.pos.lerp(at, 0.2);
                d.shade = d.shade.saturating_sub(6);
                return;
            }
        }
        let decal = Decal {
            pos: at,
            r,
            shade: 150 + (self.rng.below(90) as u8),
        };
        if n < cap {
            self.decals.push(decal);
        } else {
            let i = self.next_decal % cap;
            self.decals[i] = decal;
            self.next_decal = (i + 1) % cap;
        }
    }

    /// Takes this tick's hits and falls from `w`'s events.
    pub fn absorb(&mut self, w: &World, t: &HorrorTuning) {
        let agent_pos = |id: u32| w.agents().get(id as usize).map(|a| a.pos);
        let enemy_pos = |id: u32| {
            w.enemies()
                .binary_search_by_key(&id, |e| e.id)
                .ok()
                .map(|i| w.enemies()[i].pos)
        };
        let along = |from: Option<Vec2>, to: Vec2| {
            from.map_or(Vec2::ZERO, |f| (to - f).normalize_or_zero())
        };
        // The tick's burst, for the blast's hits after it.
        let mut burst: Option<Vec2> = None;
        for e in w.events() {
            match e.kind {
                EventKind::GrenadeBurst { pos, .. } => burst = Some(pos),
                // A grenade's blast (K5): blood thrown away from the burst.
                EventKind::BlastHit { pos, .. } => {
                    self.spray(pos, along(burst, pos), t.blood_per_hit, t)
                }
                EventKind::EnemyHit { shooter, pos, .. } => {
                    self.spray(pos, along(agent_pos(shooter), pos), t.blood_per_hit, t)
                }
                EventKind::MeleeHit { blade, pos, .. } => {
                    self.spray(pos, along(agent_pos(blade), pos), t.blood_per_hit, t)
                }
                EventKind::FriendlyHit { shooter, pos, .. } => {
                    self.spray(pos, along(agent_pos(shooter), pos), t.blood_per_hit, t)
                }
                EventKind::DamageDealt { enemy, agent, .. } => {
                    if let Some(p) = agent_pos(agent) {
                        self.spray(p, along(enemy_pos(enemy), p), t.blood_per_hit, t);
                    }
                }
                // A spit burst on an agent hurts as a blow does: blood along its flight
                // (the bile's splash is an effect, `effects.rs`).
                EventKind::SpitHit {
                    agent: Some(agent),
                    pos,
                    ..
                } => {
                    if let Some(p) = agent_pos(agent) {
                        self.spray(p, along(Some(pos), p), t.blood_per_hit, t);
                    }
                }
                EventKind::EnemyKilled { pos, .. } | EventKind::AgentDown { pos, .. } => {
                    self.spray(pos, Vec2::ZERO, t.blood_per_kill, t);
                    if !w.map().grid.is_wall_at(pos) {
                        self.splat(pos, 0.22, t);
                    }
                }
                _ => {}
            }
        }
    }

    /// One simulation tick of flight: ballistic arcs; a particle that lands on the floor
    /// becomes (or feeds) a decal, one that flies into a wall is gone.
    pub fn step(&mut self, grid: &Grid, t: &HorrorTuning) {
        let mut landed: Vec<(Vec2, f32)> = Vec::new();
        self.particles.retain_mut(|p| {
            p.prev_pos = p.pos;
            p.prev_z = p.z;
            p.vz -= GRAVITY * DT;
            p.pos += p.vel * DT;
            p.z += p.vz * DT;
            if grid.is_wall_at(p.pos) {
                return false;
            }
            if p.z <= 0.0 {
                landed.push((p.pos, p.size * 1.6));
                return false;
            }
            true
        });
        if self.next_particle >= self.particles.len() {
            self.next_particle = 0;
        }
        for (pos, r) in landed {
            self.splat(pos, r, t);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tuning(particles: u32, decals: u32) -> HorrorTuning {
        HorrorTuning {
            blood_particle_cap: particles,
            blood_decal_cap: decals,
            ..HorrorTuning::default()
        }
    }

    #[test]
    fn particles_fly_along_the_hit_and_land_as_decals() {
        let t = tuning(64, 64);
        let grid = Grid::open_with_border(40, 40);
        let mut b = Blood::new(1);
        let at = Vec2::new(20.0, 20.0);
        b.spray(at, Vec2::new(1.0, 0.0), 20, &t);
        assert_eq!(b.particles.len(), 20);
        for _ in 0..120 {
            b.step(&grid, &t);
        }
        assert!(b.particles.is_empty(), "all landed");
        assert!(!b.decals.is_empty());
        // Sprayed along +x within ±0.6 rad: every decal lies ahead of the hit.
        assert!(b.decals.iter().all(|d| d.pos.x > at.x), "{:?}", b.decals);
    }

    #[test]
    fn caps_hold_over_a_long_run() {
        let t = tuning(50, 30);
        let grid = Grid::open_with_border(60, 60);
        let mut b = Blood::new(7);
        for i in 0..4000 {
            // A hit every 10 ticks, somewhere new each time (no merging into one pool).
            if i % 10 == 0 {
                let k = i / 10;
                let at = Vec2::new(5.0 + (k % 50) as f32, 5.0 + (k / 50 % 50) as f32);
                b.spray(at, Vec2::new(0.0, 1.0), 9, &t);
            }
            b.step(&grid, &t);
            assert!(b.particles.len() <= 50);
            assert!(b.decals.len() <= 30);
        }
        assert_eq!(b.decals.len(), 30, "the decal ring is full and reused");
    }

    #[test]
    fn the_same_seed_gives_the_same_blood() {
        let t = tuning(64, 64);
        let grid = Grid::open_with_border(40, 40);
        let run = |seed| {
            let mut b = Blood::new(seed);
            b.spray(Vec2::new(10.0, 10.0), Vec2::new(0.0, 1.0), 12, &t);
            for _ in 0..60 {
                b.step(&grid, &t);
            }
            b.decals
        };
        assert_eq!(run(3), run(3));
        assert_ne!(run(3), run(4));
    }

    #[test]
    fn particles_do_not_land_in_walls() {
        let t = tuning(64, 64);
        let mut grid = Grid::open_with_border(20, 20);
        for y in 0..20 {
            grid.set_wall(11, y, true);
        }
        let mut b = Blood::new(2);
        b.spray(Vec2::new(10.8, 10.0), Vec2::new(1.0, 0.0), 40, &t);
        for _ in 0..120 {
            b.step(&grid, &t);
        }
        assert!(b.decals.iter().all(|d| !grid.is_wall_at(d.pos)));
    }
}
