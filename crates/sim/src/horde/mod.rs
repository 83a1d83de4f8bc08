//! The horde (REQ §11): enemy kinds, attacks on integer ticks, steering and boids.

use serde::{Deserialize, Serialize};
pub mod body;
pub mod enemy;
pub(crate) mod prey;
pub(crate) mod spitter;
pub(crate) mod stalker;
pub(crate) mod steering;

use crate::combat::spit::Spit;
use crate::core::geom::Vec2;
use crate::core::ids::Ids;
use crate::core::rng::Rng;
use crate::horde::enemy::{Enemy, EnemyKind};
use crate::tuning::Tuning;

/// The horde's part of the world: the living and the fallen.
#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize)]
pub struct Horde {
    /// Sorted by id.
    pub enemies: Vec<Enemy>,
    /// The newest fallen, oldest first, at most `enemy.corpse_cap`.
    pub corpses: Vec<Corpse>,
    /// Spitters' projectiles in flight, by id (T1).
    pub spits: Vec<Spit>,
}

/// A fallen enemy left on the floor (drawn, blocks nothing).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Corpse {
    pub pos: Vec2,
    pub facing: f32,
    pub kind: EnemyKind,
    pub tick: u64,
}

impl Horde {
    /// A new enemy of `kind` standing at `pos`; returns its id.
    pub fn spawn(
        &mut self,
        kind: EnemyKind,
        pos: Vec2,
        tuning: &Tuning,
        rng: &mut Rng,
        ids: &mut Ids,
    ) -> u32 {
        let (radius, health) = match (kind, kind.tuning(tuning)) {
            (EnemyKind::Nest, _) => (tuning.mission.nest_radius, tuning.mission.nest_health),
            (_, None) => (tuning.enemy.dummy_radius, f32::INFINITY),
            (_, Some(k)) => (k.radius, k.health),
        };
        let wander = rng.range_f32(0.0, std::f32::consts::TAU);
        let id = ids.take();
        self.enemies.push(Enemy {
            wander,
            ..Enemy::standing(id, kind, pos, radius, health)
        });
        id
    }

    /// The dead leave the horde and lie down as corpses (REQ §19: at most `cap`, the
    /// oldest go first).
    pub fn bury_dead(&mut self, tick: u64, cap: usize) {
        let mut i = 0;
        while i < self.enemies.len() {
            if self.enemies[i].alive {
                i += 1;
                continue;
            }
            let e = self.enemies.remove(i);
            if self.corpses.len() >= cap {
                self.corpses.remove(0);
            }
            if cap > 0 {
                self.corpses.push(Corpse {
                    pos: e.pos,
                    facing: e.facing,
                    kind: e.kind,
                    tick,
                });
            }
        }
    }
}
