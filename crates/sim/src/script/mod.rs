//! Scenario files (SPEC S2.2): seed, duration, route, waves, test hooks — and the
//! script's part of the world: the waves still to come and the scripted walks.

use serde::{Deserialize, Serialize};
pub mod scenario;

use crate::core::events::{EventKind, Events};
use crate::core::geom::Vec2;
use crate::core::ids::Ids;
use crate::core::rng::Rng;
use crate::horde::Horde;
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
    /// Where each forced agent stood when its script began (it walks from there to the
    /// polyline's first point: test hooks never teleport a body into a bullet's way).
    pub forced_origin: Vec<Option<Vec2>>,
}

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

    /// Where the scripted walk puts agent `agent` (standing at `pos`) after `tick`:
    /// from where it stood when the script began to the polyline, then back and forth
    /// along it at `walk_speed`.
    pub fn forced_walk(
        &mut self,
        agent: usize,
        pos: Vec2,
        tick: u64,
        walk_speed: f32,
    ) -> Option<Vec2> {
        let k = self.active(agent, tick)?;
        let origin = *self.forced_origin[k].get_or_insert(pos);
        let (from, _, f) = &self.forced[k];
        let walked = (tick + 1 - from) as f32 * DT * walk_speed;
        let lead = origin.distance(f.points[0]);
        Some(if walked < lead {
            origin.lerp(f.points[0], walked / lead)
        } else {
            polyline_at(&f.points, walked - lead)
        })
    }
}

/// Position along a ping-pong polyline after walking `dist`.
fn polyline_at(points: &[Vec2], dist: f32) -> Vec2 {
    let total: f32 = points.windows(2).map(|s| s[0].distance(s[1])).sum();
    if total <= 1e-6 {
        return points[0];
    }
    let mut d = dist % (2.0 * total);
    if d > total {
        d = 2.0 * total - d;
    }
    for s in points.windows(2) {
        let l = s[0].distance(s[1]);
        if d <= l {
            return s[0].lerp(s[1], if l > 0.0 { d / l } else { 0.0 });
        }
        d -= l;
    }
    *points.last().unwrap_or(&points[0])
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
