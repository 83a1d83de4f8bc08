//! Scenario files (REQ S2.2): seed, duration, route, waves, test hooks — and the
//! script's part of the world: the waves still to come and the scripted walks.

use serde::{Deserialize, Serialize};
pub(crate) mod ahead;
pub(crate) mod check;
pub mod deeds;
pub mod director;
pub mod mission;
pub mod scenario;

use crate::core::events::{EventKind, Events};
use crate::core::geom::Vec2;
use crate::core::ids::Ids;
use crate::core::pacing::Difficulty;
use crate::core::rng::Rng;
use crate::horde::Horde;
use crate::script::director::Director;
use crate::script::mission::Mission;
use crate::script::scenario::{ForcedPath, Wave};
use crate::space::map::Map;
use crate::tuning::{Tuning, DT};

/// Scripted content of the scenario, converted to ticks once.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Script {
    /// `(tick, wave)` sorted by tick.
    pub waves: Vec<(u64, Wave)>,
    pub next_wave: usize,
    /// `(from_tick, to_tick, path)`.
    pub forced: Vec<(u64, u64, ForcedPath)>,
    /// Each scripted walk's progress, once it has begun (it walks from where the agent
    /// stood to the polyline's first point: test hooks never teleport a body into a
    /// bullet's way).
    pub forced_walkers: Vec<Option<Walker>>,
    /// The director (T3; off unless the scenario turns it on).
    pub director: Director,
    /// The difficulty the run plays at (T4).
    pub difficulty: Difficulty,
    /// The mission's objectives, triggers, items and nests (C1); empty: no mission.
    pub mission: Mission,
}

/// Where a scripted walker is along its polyline.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Walker {
    /// The polyline point it walks toward.
    pub next: usize,
    /// Toward the polyline's last point (else back toward its first).
    pub forward: bool,
}

impl Walker {
    /// On to the point after `next`, turning round at either end.
    fn advance(&mut self, points: usize) {
        if points < 2 {
            return;
        }
        if self.forward && self.next + 1 >= points {
            self.forward = false;
        } else if !self.forward && self.next == 0 {
            self.forward = true;
        }
        if self.forward {
            self.next += 1;
        } else {
            self.next -= 1;
        }
    }
}

/// A polyline point closer than this is reached.
const WALKER_ARRIVE: f32 = 0.05;

impl Script {
    /// The scripted walk of agent `agent` at `tick`, if one runs.
    fn active(&self, agent: usize, tick: u64) -> Option<usize> {
        self.forced
            .iter()
            .position(|(from, to, f)| f.agent == agent && tick >= *from && tick < *to)
    }

    /// Agent `agent` walks a scripted path at `tick` (test hook: no AI, no fire).
    pub fn is_forced(&self, agent: usize, tick: u64) -> bool {
        self.active(agent, tick).is_some()
    }

    /// Where the scripted walk puts agent `agent` (standing at `pos`, moving at `vel`)
    /// after `tick`: from where it stood when the script began to the polyline, then
    /// back and forth along it at up to `walk_speed` — under the agents' own
    /// acceleration limit `accel` (S9.5): it brakes into every point and turns round at
    /// the ends without an instant reversal, so the ally-intercept test's reachable set
    /// holds for it as for any agent.
    pub fn forced_walk(
        &mut self,
        agent: usize,
        pos: Vec2,
        vel: Vec2,
        tick: u64,
        walk_speed: f32,
        accel: f32,
    ) -> Option<Vec2> {
        let k = self.active(agent, tick)?;
        let points = &self.forced[k].2.points;
        let w = self.forced_walkers[k].get_or_insert(Walker {
            next: 0,
            forward: true,
        });
        if pos.distance(points[w.next]) < WALKER_ARRIVE {
            w.advance(points.len());
        }
        let to = points[w.next] - pos;
        // Slow enough to stop at the point with half the acceleration to spare.
        let speed = walk_speed.min((accel * to.length()).sqrt());
        let desired = to.normalize_or_zero() * speed;
        let vel = vel + (desired - vel).clamp_length(accel * DT);
        Some(pos + vel * DT)
    }
}

/// What the wave step reads and writes.
pub struct WaveStep<'a> {
    pub tick: u64,
    pub map: &'a Map,
    pub tuning: &'a Tuning,
    pub horde: &'a mut Horde,
    pub rng: &'a mut Rng,
    pub ids: &'a mut Ids,
    pub events: &'a mut Events,
}

/// Spawns the waves due by now, each body jittered round its spawn point and never
/// inside a wall.
pub fn spawn_waves(script: &mut Script, w: &mut WaveStep) {
    let t = w.tuning;
    while script.next_wave < script.waves.len() && script.waves[script.next_wave].0 <= w.tick {
        let wave = script.waves[script.next_wave].1.clone();
        script.next_wave += 1;
        let Some(&spawn) = w.map.enemy_spawns.get(wave.spawn) else {
            continue;
        };
        let jitter = t.enemy.spawn_jitter;
        for _ in 0..wave.count {
            let mut p = spawn;
            for _ in 0..8 {
                let q = spawn
                    + Vec2::new(
                        w.rng.range_f32(-jitter, jitter),
                        w.rng.range_f32(-jitter, jitter),
                    );
                let r = wave
                    .kind
                    .tuning(t)
                    .map_or(t.enemy.dummy_radius, |k| k.radius);
                if !w.map.grid.circle_hits_wall(q, r) {
                    p = q;
                    break;
                }
            }
            let id = w.horde.spawn(wave.kind, p, t, w.rng, w.ids);
            w.events.emit(w.tick, EventKind::EnemySpawned { enemy: id });
        }
    }
}
