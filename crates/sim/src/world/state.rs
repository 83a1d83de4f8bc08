//! The world's state as data (REQ §17): what a save stores, and what
//! [`World::checksum`] hashes.
//!
//! A save is the world's non-cache parts — squad, horde, bullets, the tools, script, events, the
//! overlay's debug data, statistics, RNG, ids, the damage queue — with the tick and the
//! tuning in force, and of the caches only the squad tiles the flow field was last
//! built from. The rest is rebuilt on load: the flow field from those tiles (it is a
//! function of them and the grid); the path planner's, the neighbour grid's and the
//! bullets' broad phase's buffers start empty (A* and the grids are laid anew on every
//! query or tick, so their buffers carry nothing from one tick to the next). Each
//! agent's path-following state (path, cursor, goal tile, re-plan timer) is the
//! agent's, so it is saved. `tests/save_load.rs` proves that a loaded world continues
//! with the unsaved run's checksum at every tick.
//!
//! [`World::restore`] checks what a tick relies on (sizes, indices, ids sorted and
//! below the id counter, finite positions) so a damaged or hand-made state is refused
//! with a message instead of panicking later.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::combat::bullet::{Bullet, BulletBroadPhase};
use crate::combat::damage::DamageQueue;
use crate::core::events::{Events, EVENT_LOG_CAP};
use crate::core::ids::Ids;
use crate::core::rng::Rng;
use crate::core::stats::Stats;
use crate::horde::Horde;
use crate::nav::flow::FlowField;
use crate::nav::follow::PathPlanner;
use crate::script::Script;
use crate::space::map::Map;
use crate::space::spatial::SpatialGrid;
use crate::squad::debug::SquadDebug;
use crate::squad::Squad;
use crate::tools::Tools;
use crate::tuning::{TickTuning, Tuning};
use crate::world::checksum::{checksum_of, Parts};
use crate::world::{Caches, World};

/// A world as data: everything of it but the map and the rebuildable caches.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WorldState {
    pub tick: u64,
    pub tuning: Tuning,
    pub squad: Squad,
    pub horde: Horde,
    pub bullets: Vec<Bullet>,
    /// The player's tools at work (REQ K3–K5).
    pub tools: Tools,
    pub script: Script,
    pub events: Events,
    /// What the overlay shows of the squad's last decisions (saved so the F1 overlay
    /// after a load is the one before it; never read by the simulation).
    pub debug: SquadDebug,
    pub stats: Stats,
    pub rng: Rng,
    pub ids: Ids,
    pub damage: DamageQueue,
    /// The squad tiles the flow field was last built from; `None` before the first
    /// build.
    pub flow_seeds: Option<Vec<(i32, i32)>>,
}

impl WorldState {
    /// The checksum the world this state restores to has.
    pub fn checksum(&self) -> u64 {
        checksum_of(&Parts {
            tick: self.tick,
            tuning: &self.tuning,
            squad: &self.squad,
            horde: &self.horde,
            bullets: &self.bullets,
            tools: &self.tools,
            script: &self.script,
            stats: &self.stats,
            rng: &self.rng,
            ids: &self.ids,
            damage: &self.damage,
            flow_seeds: self.flow_seeds.as_ref(),
        })
    }
}

impl World {
    pub(crate) fn parts(&self) -> Parts<'_> {
        Parts {
            tick: self.tick,
            tuning: &self.tuning,
            squad: &self.squad,
            horde: &self.horde,
            bullets: &self.bullets,
            tools: &self.tools,
            script: &self.script,
            stats: &self.stats,
            rng: &self.rng,
            ids: &self.ids,
            damage: &self.damage,
            flow_seeds: self.flow_built().then_some(&self.caches.flow_seeds),
        }
    }

    /// The flow field has been built for this map (the horde's step rebuilds it
    /// otherwise).
    fn flow_built(&self) -> bool {
        self.caches.flow.width() == self.map.width()
    }

    /// The world's state as data (a copy).
    pub fn snapshot(&self) -> WorldState {
        WorldState {
            tick: self.tick,
            tuning: self.tuning.clone(),
            squad: self.squad.clone(),
            horde: self.horde.clone(),
            bullets: self.bullets.clone(),
            tools: self.tools.clone(),
            script: self.script.clone(),
            events: self.events.clone(),
            debug: self.debug.clone(),
            stats: self.stats.clone(),
            rng: self.rng.clone(),
            ids: self.ids.clone(),
            damage: self.damage.clone(),
            flow_seeds: self.flow_built().then(|| self.caches.flow_seeds.clone()),
        }
    }

    /// The world `s` describes on `map`, caches rebuilt; a state a tick could not run
    /// from (see [`validate`]) is refused with the reason.
    pub fn restore(map: Arc<Map>, s: WorldState) -> Result<World, String> {
        validate(&map, &s)?;
        let mut caches = Caches {
            planner: PathPlanner::new(&map.grid),
            flow: FlowField::new(),
            neighbours: SpatialGrid::for_grid(&map.grid, s.tuning.enemy.neighbour_cell),
            flow_seeds: Vec::new(),
            bullet_broad: BulletBroadPhase::default(),
            beams: Vec::new(),
            // Rebuilt for the burning flare by the first tick that needs it.
            lure: FlowField::new(),
            lure_flare: None,
        };
        if let Some(seeds) = s.flow_seeds {
            caches.flow.rebuild(&map.grid, &seeds);
            caches.flow_seeds = seeds;
        }
        Ok(World {
            tick: s.tick,
            ticks: TickTuning::from_tuning(&s.tuning),
            tuning: s.tuning,
            map,
            squad: s.squad,
            horde: s.horde,
            bullets: s.bullets,
            tools: s.tools,
            script: s.script,
            caches,
            debug: s.debug,
            events: s.events,
            stats: s.stats,
            rng: s.rng,
            ids: s.ids,
            damage: s.damage,
        })
    }
}

/// The fastest anything may move in a saved state, u/s (bullets fly at tens).
const MAX_SPEED: f32 = 1000.0;

/// What a tick relies on, checked before a state becomes a world.
pub fn validate(map: &Map, s: &WorldState) -> Result<(), String> {
    let fail = |what: String| Err(format!("world state: {what}"));
    if let Err((key, expected)) = s.tuning.validate() {
        return fail(format!("tuning `{key}`: expected {expected}"));
    }
    let sq = &s.squad;
    let n = sq.agents.len();
    if n == 0 || n > 64 {
        return fail(format!("{n} agents"));
    }
    if sq.slots.len() != n {
        return fail(format!("{} slots for {n} agents", sq.slots.len()));
    }
    let on_map = |p: crate::core::geom::Vec2| {
        p.is_finite()
            && p.x >= 0.0
            && p.y >= 0.0
            && p.x <= map.width() as f32
            && p.y <= map.height() as f32
    };
    // No body of the game moves faster than this (u/s); a saved velocity beyond it is
    // damage, and would make one tick's sweep span the map.
    let fast = |v: crate::core::geom::Vec2| v.is_finite() && v.length() <= MAX_SPEED;
    if !on_map(sq.anchor.pos) || !on_map(sq.anchor.prev_pos) || !sq.anchor.heading.is_finite() {
        return fail("the anchor is off the map".into());
    }
    for (i, a) in sq.agents.iter().enumerate() {
        if a.id as usize != i {
            return fail(format!("agent {i} has id {}", a.id));
        }
        if a.slot >= n {
            return fail(format!("agent {i} has slot {}", a.slot));
        }
        if !on_map(a.pos) || !on_map(a.prev_pos) || !fast(a.vel) || !a.post_pos.is_finite() {
            return fail(format!("agent {i} is off the map"));
        }
        // The tuning's ranges: body radii up to 1 (agents) and 2 (enemies).
        if !(a.radius > 0.0 && a.radius <= 1.0) || a.health.is_nan() {
            return fail(format!("agent {i} has a bad body"));
        }
        if a.follow.cursor > a.follow.path.len() || a.follow.path.iter().any(|p| !p.is_finite()) {
            return fail(format!("agent {i} has a bad path"));
        }
        if a.melee.strike >= 3 {
            return fail(format!("agent {i} is in strike {}", a.melee.strike));
        }
    }
    let next_id = s.ids.peek();
    let mut last = 0;
    for e in &s.horde.enemies {
        if e.id <= last || e.id >= next_id {
            return fail(format!("enemy id {} out of order or not yet issued", e.id));
        }
        last = e.id;
        if !on_map(e.pos) || !on_map(e.prev_pos) || !fast(e.vel) {
            return fail(format!("enemy {} is off the map", e.id));
        }
        if !(e.radius > 0.0 && e.radius <= 2.0) || e.health.is_nan() {
            return fail(format!("enemy {} has a bad body", e.id));
        }
        if e.attack.target.is_some_and(|t| t as usize >= n) {
            return fail(format!("enemy {} targets no agent", e.id));
        }
    }
    let mut last = 0;
    for b in &s.bullets {
        if b.id <= last || b.id >= next_id {
            return fail(format!("bullet id {} out of order or not yet issued", b.id));
        }
        last = b.id;
        let finite = [b.speed, b.traveled, b.verified]
            .iter()
            .all(|v| v.is_finite());
        if !on_map(b.pos) || !b.muzzle.is_finite() || !b.dir.is_finite() || !finite {
            return fail(format!("bullet {} is off the map", b.id));
        }
    }
    let mut last = 0;
    for p in &s.horde.spits {
        if p.id <= last || p.id >= next_id {
            return fail(format!("spit id {} out of order or not yet issued", p.id));
        }
        last = p.id;
        let finite = [p.speed, p.traveled, p.range, p.radius, p.damage]
            .iter()
            .all(|v| v.is_finite());
        if !on_map(p.pos) || !on_map(p.prev_pos) || !p.dir.is_finite() || !finite {
            return fail(format!("spit {} is off the map", p.id));
        }
        if !(p.speed > 0.0 && p.speed <= MAX_SPEED && p.radius > 0.0 && p.radius <= 1.0) {
            return fail(format!("spit {} has a bad body", p.id));
        }
    }
    let tools = &s.tools;
    let flying = tools.flares.iter().map(|f| (f.id, f.pos, f.to));
    let grenade = tools.grenade.iter().map(|g| (g.id, g.pos, g.to));
    if flying
        .chain(grenade)
        .any(|(id, p, to)| id >= next_id || !on_map(p) || !on_map(to))
    {
        return fail("a thrown tool is off the map".into());
    }
    if tools
        .grenade
        .iter()
        .flat_map(|g| &g.escapes)
        .any(|e| e.agent as usize >= n || !e.dir.is_finite())
        || tools.heal.as_ref().is_some_and(|h| h.agent as usize >= n)
    {
        return fail("a tool names no agent".into());
    }
    if !(0.0..=1.0).contains(&s.script.director.intensity) {
        return fail("the director's intensity is out of 0..1".into());
    }
    let sc = &s.script;
    if sc.next_wave > sc.waves.len() || sc.waves.windows(2).any(|w| w[0].0 > w[1].0) {
        return fail("the waves are out of order".into());
    }
    if sc.forced_walkers.len() != sc.forced.len()
        || sc
            .forced
            .iter()
            .any(|(_, _, f)| f.agent >= n || f.points.is_empty())
        || sc
            .forced
            .iter()
            .zip(&sc.forced_walkers)
            .any(|((_, _, f), w)| w.is_some_and(|w| w.next >= f.points.len()))
    {
        return fail("a scripted walk names no agent".into());
    }
    if !s.damage.records.is_empty() {
        return fail("damage pending between ticks".into());
    }
    if s.debug.solver.len() != n || s.debug.blades.len() != n {
        return fail("the overlay's data is for another squad".into());
    }
    if s.events.log.entries.len() > EVENT_LOG_CAP {
        return fail("the event log is over its cap".into());
    }
    if s.horde.corpses.len() > s.tuning.enemy.corpse_cap as usize {
        return fail("more corpses than the cap".into());
    }
    if let Err(e) = s.script.mission.check(n) {
        return fail(format!("mission: {e}"));
    }
    Ok(())
}
