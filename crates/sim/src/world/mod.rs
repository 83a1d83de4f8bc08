//! The world and its tick (S1.3): `tick(&mut World, &TickInput)` at 60 Hz.
//!
//! This file is the state, its accessors and the schedule: `World` is a set of named
//! parts — the squad, the horde, the projectiles, the player's tools, the script,
//! caches, the overlay's debug data, events, statistics, the RNG, ids and the damage
//! queue. The schedule in
//! [`tick`] splits its borrows: each system receives the parts it reads and writes and
//! nothing else (its `…Step` struct lists them). The systems live with their parts
//! (the squad's in `squad/`, the horde's in `horde/`, the bullets' and spits' in
//! `combat/`, the tools' in `tools/`, the script's in `script/`); the world hands the
//! combat and tools steps the one damage path, [`damage::apply_damage`].
//!
//! System order of one tick (each step reads the results of the steps before it):
//! input (formation, manual aim) → squad state → anchor (move → drag → hard limit →
//! walls), urgency → pickups (K1: crates and cases under the disk) → formation slots →
//! waves → a tool used (K3–K5: a throw, a grenade's escape plan, a medkit begun) → lane
//! evaluation (S5) → lane registry (S7) → posts and solvers (S6, M5) → agent movement
//! (S8, a live grenade's zone reserved) → body overlaps → the zone's hold-out → reloads
//! (K1, K2) → fire (S9, re-confirmed on the moved positions) →
//! strikes (§10: phases, discipline, hits) → bullets → spits (T1) → the squad's beams
//! and the flares' lights (T2, K3), the lure → enemies → the tools at work (flights,
//! burns, the blast, the medkit's work) → the director (T3) → the mission (C1, K8) →
//! the reload rule again on the tick's final positions (K2) → deaths and clean-up →
//! `tick += 1`. Damage is applied by [`damage::apply_damage`]
//! right after each bullet's hit, each blade's strike, each enemy's blow, each spit's
//! hit, a grenade's blast and a medkit's heal.

use serde::{Deserialize, Serialize};
pub(crate) mod checksum;
pub(crate) mod damage;
pub mod state;

pub use crate::core::stats::Stats;
pub use crate::horde::Corpse;
pub use crate::squad::manual::ManualCommand;
pub use crate::squad::ManualAim;

use std::sync::Arc;

use crate::combat::bullet::{step_bullets, Bullet, BulletBroadPhase, BulletStep};
use crate::combat::damage::{Damage, DamageQueue, Target};
use crate::combat::spit::{step_spits, Spit, SpitStep};
use crate::core::events::{Event, EventLog, Events};
use crate::core::geom::Vec2;
use crate::core::ids::Ids;
use crate::core::pacing::Difficulty;
use crate::core::rng::Rng;
use crate::horde::enemy::{find_enemy, step_enemies, Enemy, EnemyKind, HordeStep, Lure};
use crate::horde::prey::Prey;
use crate::horde::Horde;
use crate::nav::flow::FlowField;
use crate::nav::follow::PathPlanner;
use crate::script::deeds::Deeds;
use crate::script::director::{step_director, Director, DirectorStep};
use crate::script::mission::{step_mission, Mission, MissionStep};
use crate::script::scenario::{Scenario, Wave};
use crate::script::{spawn_waves, Script, WaveStep};
use crate::space::light::Beam;
use crate::space::map::Map;
use crate::space::spatial::SpatialGrid;
use crate::squad::agent::{Agent, Role};
use crate::squad::ammo::{step_reloads, stop_disallowed_reloads, ReloadStep};
use crate::squad::anchor::{Anchor, Formation, SquadState};
use crate::squad::beams::squad_beams;
use crate::squad::blades::melee::{step_blade, strikes_this_tick, BladeSpot, StrikeStep};
use crate::squad::blades::reach::lunge_extent;
use crate::squad::bodies::resolve_bodies;
use crate::squad::debug::SquadDebug;
use crate::squad::fire::{fire, FireStep};
use crate::squad::formation::update_slots;
use crate::squad::hold_zone::{keep_disk, keep_posts};
use crate::squad::manual::{apply_manual, resolve_manual, targets_in_cone};
use crate::squad::march::{move_anchor, update_state};
use crate::squad::movement::{move_agents, MoveStep};
use crate::squad::posts::{evaluate_lanes, update_posts, PostsStep};
use crate::squad::registry::LaneRegistry;
use crate::squad::solver::Candidate;
use crate::squad::supply::{step_pickups, Kit, Pickup, Supply};
use crate::squad::view::WorldView;
use crate::squad::Squad;
use crate::tools::flare::flare_lights;
use crate::tools::step::{step_tools, use_tool, ToolStep};
use crate::tools::{ToolUse, Tools};
use crate::tuning::{ticks, TickTuning, Tuning};

/// Most times one repeating wave comes (`wave … every=S`).
pub const MAX_REPEATS: usize = 10_000;

/// One tick of player (or script) input: Doom's tic command.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TickInput {
    /// Movement direction; zero for none. Normalised by the simulation.
    pub move_dir: Vec2,
    pub sprint: bool,
    pub formation: Option<Formation>,
    pub manual: Option<ManualCommand>,
    /// A tool used this tick, at its aim point (REQ K3–K5).
    pub tool: Option<ToolUse>,
    /// With no movement this tick, the disk stays where it is and the squad walks up to
    /// it before holding (the player's choice, REQ W4); `false` (the scripted routes'):
    /// the stretched leash snaps back and the squad holds where it stands (S3.3).
    pub disk_stays: bool,
    /// A disk stopped by a face of a wall is nudged round its nearer corner (REQ W4,
    /// `anchor.corner_nudge`): for a person's keys and stick. `false` (the scripted
    /// routes'): the plain slide — a route steers round corners along its path and aims
    /// at points beside walls, which a nudge would carry it past.
    pub round_corners: bool,
}

/// Caches the simulation rebuilds from its state (paths, the flow field, the neighbour
/// grid): they make ticks fast and change no outcome a state without them would have.
#[derive(Clone, Debug)]
pub struct Caches {
    pub planner: PathPlanner,
    /// The horde's flow field toward the squad (E2), rebuilt every `flow_interval`.
    pub flow: FlowField,
    /// The squad tiles the flow field was last built from.
    pub flow_seeds: Vec<(i32, i32)>,
    /// Neighbour grid over enemy bodies, rebuilt every tick (E1).
    pub neighbours: SpatialGrid,
    /// The enemies near each bullet's step, rebuilt when bullets step.
    pub bullet_broad: BulletBroadPhase,
    /// The squad's flashlight cones and the burning flares' lights, rebuilt every tick
    /// (T2, K3).
    pub beams: Vec<Beam>,
    /// The flow field toward the lure (the first burning flare, K3), and the flare it
    /// was built for.
    pub lure: FlowField,
    pub lure_flare: Option<u32>,
}

#[derive(Clone, Debug)]
pub struct World {
    pub(crate) tick: u64,
    pub(crate) map: Arc<Map>,
    pub(crate) tuning: Tuning,
    pub(crate) ticks: TickTuning,
    pub(crate) squad: Squad,
    pub(crate) horde: Horde,
    /// Bullets in flight (the projectiles part).
    pub(crate) bullets: Vec<Bullet>,
    /// The player's tools at work: flares, the grenade, the medkit (REQ K3–K5).
    pub(crate) tools: Tools,
    pub(crate) script: Script,
    pub(crate) caches: Caches,
    pub(crate) debug: SquadDebug,
    pub(crate) events: Events,
    pub(crate) stats: Stats,
    pub(crate) rng: Rng,
    pub(crate) ids: Ids,
    /// Damage pushed and not yet applied (the one damage path).
    pub(crate) damage: DamageQueue,
}

impl World {
    /// A world at tick 0: the squad in formation around the map's spawn, the map's and
    /// the scenario's dummies, the scenario's waves and test hooks.
    pub fn new(map: Arc<Map>, scenario: &Scenario, tuning: Tuning) -> World {
        let tt = TickTuning::from_tuning(&tuning);
        let n = tuning.squad.agent_count as usize;
        let heading = Vec2::from_angle(scenario.heading);
        let spawn = scenario.start.unwrap_or(map.squad_spawn);
        let anchor = Anchor {
            pos: spawn,
            prev_pos: spawn,
            heading,
            leash_dist: 0.0,
            urgency: 0.0,
            settling: false,
        };
        let supply = Supply::of_map(&map, scenario.ammo);
        let mut w = World {
            tick: 0,
            caches: Caches {
                planner: PathPlanner::new(&map.grid),
                flow: FlowField::new(),
                neighbours: SpatialGrid::for_grid(&map.grid, tuning.enemy.neighbour_cell),
                flow_seeds: Vec::new(),
                bullet_broad: BulletBroadPhase::default(),
                beams: Vec::new(),
                lure: FlowField::new(),
                lure_flare: None,
            },
            damage: DamageQueue::default(),
            map,
            ticks: tt,
            squad: Squad {
                state: SquadState::Holding,
                no_input_ticks: 0,
                formation: scenario.formation,
                anchor,
                sprinting: false,
                manual: ManualAim::Off,
                assigned: None,
                agents: Vec::with_capacity(n),
                slots: vec![Vec2::ZERO; n],
                slot_key: None,
                column_left: 0,
                lanes: LaneRegistry::default(),
                kit: scenario.kit.unwrap_or(Kit::ISSUED),
                supply,
            },
            horde: Horde::default(),
            bullets: Vec::new(),
            tools: Tools {
                off: scenario.tools_off,
                ..Tools::default()
            },
            debug: SquadDebug {
                solver: vec![Vec::new(); n],
                blades: vec![Vec::new(); n],
            },
            events: Events::default(),
            stats: Stats::default(),
            rng: Rng::new(scenario.seed),
            ids: Ids::default(),
            script: Script::default(),
            tuning,
        };
        update_slots(&mut w.squad, &w.map.grid, &w.tuning);
        for i in 0..n {
            let role = if i < w.tuning.squad.melee_count as usize {
                Role::Blade
            } else {
                Role::Gunner
            };
            let mut p = w.squad.slots[i];
            if w.map.grid.circle_hits_wall(p, w.tuning.squad.body_radius) {
                p = spawn;
            }
            w.squad.agents.push(Agent::new(
                i as u32,
                role,
                i,
                p,
                scenario.heading,
                w.tuning.squad.body_radius,
                w.tuning.squad.agent_health,
            ));
            let a = &mut w.squad.agents[i];
            a.mag = w.tuning.ammo.magazine;
            if let Some(&m) = scenario.squad_max.get(i) {
                (a.max_health, a.health) = (m, m);
            }
            if let Some(&h) = scenario.squad_health.get(i) {
                a.health = h.min(a.max_health);
            }
        }
        for &(i, p) in &scenario.places {
            if let Some(a) = w.squad.agents.get_mut(i) {
                a.pos = p;
                a.prev_pos = p;
                a.post_pos = p;
            }
        }
        let dummies: Vec<Vec2> = w
            .map
            .dummies
            .iter()
            .chain(&scenario.dummies)
            .copied()
            .collect();
        for p in dummies {
            w.horde
                .spawn(EnemyKind::Dummy, p, &w.tuning, &mut w.rng, &mut w.ids);
        }
        w.script.mission = Mission::new(
            &scenario.mission,
            ticks(scenario.duration) as u64,
            &mut w.horde,
            &w.tuning,
            &mut w.rng,
            &mut w.ids,
        );
        let mut waves: Vec<(u64, Wave)> = Vec::new();
        let difficulty = scenario.effective_difficulty();
        let count_scale = w.tuning.director.level(difficulty).count_scale;
        for wv in &scenario.waves {
            // The difficulty scales every wave (T4): at least one body, none at 0.
            let mut wv = wv.clone();
            if count_scale != 1.0 && wv.count > 0 {
                wv.count = ((wv.count as f32 * count_scale).round() as u32).max(1);
            }
            // A repeating wave comes again every `every` seconds to the scenario's end
            // (at most MAX_REPEATS times).
            let mut t = wv.time;
            let mut n = 0;
            loop {
                waves.push((ticks(t) as u64, wv.clone()));
                t += wv.every;
                n += 1;
                if !(wv.every > 0.0 && t < scenario.duration && n < MAX_REPEATS) {
                    break;
                }
            }
        }
        waves.sort_by_key(|(t, _)| *t);
        w.script.waves = waves;
        w.script.forced = scenario
            .forced
            .iter()
            .map(|f| (ticks(f.from) as u64, ticks(f.to) as u64, f.clone()))
            .collect();
        w.script.forced_walkers = vec![None; w.script.forced.len()];
        w.script.difficulty = difficulty;
        w.script.director.level = scenario.director;
        w.script.director.kinds = scenario
            .director_kinds
            .as_ref()
            .map(|ks| crate::script::director::DIRECTOR_KINDS.map(|k| ks.contains(&k)));
        if let Some(level) = scenario.director {
            // The first mob after a whole `mob_every`, not on the first tick.
            w.script.director.mob_wait = ticks(w.tuning.director.level(level).mob_every);
        }
        w
    }

    /// The squad's read-only view of the world (what the squad's AI functions take).
    pub fn view(&self) -> WorldView<'_> {
        WorldView::of(
            &self.squad,
            &self.horde.enemies,
            &self.map.grid,
            &self.tuning,
        )
    }

    /// Replaces the tuning (live reload, F5). Tick timers are re-derived once.
    pub fn set_tuning(&mut self, t: Tuning) {
        self.ticks = TickTuning::from_tuning(&t);
        // The neighbour grid's cell size orders the horde's neighbour queries: keep it
        // the tuning's, as a world restored with this tuning would have it.
        if t.enemy.neighbour_cell != self.tuning.enemy.neighbour_cell {
            self.caches.neighbours = SpatialGrid::for_grid(&self.map.grid, t.enemy.neighbour_cell);
        }
        self.tuning = t;
    }

    pub fn enemy(&self, id: u32) -> Option<&Enemy> {
        find_enemy(&self.horde.enemies, id)
    }

    /// Mean position of the standing agents (the anchor's leash is tied to it).
    pub fn squad_centre(&self) -> Vec2 {
        self.squad.centre()
    }

    /// Where agent `a` is heading for: its slot while advancing (gunners), else its post.
    pub fn goal_of(&self, a: &Agent) -> Vec2 {
        self.squad.goal_of(a)
    }

    pub fn standing_agents(&self) -> usize {
        self.squad.agents.iter().filter(|a| a.alive).count()
    }

    /// All five are down: the run is over (E4).
    pub fn lost(&self) -> bool {
        self.squad.agents.iter().all(|a| !a.alive)
    }

    /// Live enemies the squad perceives inside the manual cone around `dir` from the
    /// anchor, nearest to the anchor first (what Tab cycles through, REQ §15).
    pub fn targets_in_cone(&self, dir: Vec2) -> Vec<u32> {
        targets_in_cone(
            self.squad.anchor.pos,
            &self.horde.enemies,
            &self.squad.agents,
            dir,
            &self.tuning,
        )
    }
}

/// Read access for the view, the app and drivers: the simulation's state is changed
/// only by [`tick`] (and the test hooks below).
impl World {
    /// Ticks simulated so far.
    pub fn tick(&self) -> u64 {
        self.tick
    }
    pub fn map(&self) -> &Arc<Map> {
        &self.map
    }
    pub fn tuning(&self) -> &Tuning {
        &self.tuning
    }
    /// The tuning's durations in ticks.
    pub fn ticks(&self) -> &TickTuning {
        &self.ticks
    }
    pub fn state(&self) -> SquadState {
        self.squad.state
    }
    pub fn formation(&self) -> Formation {
        self.squad.formation
    }
    pub fn anchor(&self) -> &Anchor {
        &self.squad.anchor
    }
    /// The squad sprints this tick (no fire).
    pub fn sprinting(&self) -> bool {
        self.squad.sprinting
    }
    pub fn manual(&self) -> ManualAim {
        self.squad.manual
    }
    /// The resolved manual target this tick.
    pub fn assigned(&self) -> Option<u32> {
        self.squad.assigned
    }
    /// By index (= id).
    pub fn agents(&self) -> &[Agent] {
        &self.squad.agents
    }
    /// Formation slot positions this tick, by slot index.
    pub fn slots(&self) -> &[Vec2] {
        &self.squad.slots
    }
    /// Sorted by id.
    pub fn enemies(&self) -> &[Enemy] {
        &self.horde.enemies
    }
    pub fn corpses(&self) -> &[Corpse] {
        &self.horde.corpses
    }
    pub fn bullets(&self) -> &[Bullet] {
        &self.bullets
    }
    /// Spitters' projectiles in flight (T1).
    pub fn spits(&self) -> &[Spit] {
        &self.horde.spits
    }
    /// The director's state (T3).
    pub fn director(&self) -> &Director {
        &self.script.director
    }
    /// The mission under way (C1): empty when the scenario has no objectives.
    pub fn mission(&self) -> &Mission {
        &self.script.mission
    }
    /// The difficulty the run plays at (T4).
    pub fn difficulty(&self) -> Difficulty {
        self.script.difficulty
    }
    /// The squad's flashlight cones as the simulation tested them this tick (T2).
    pub fn beams(&self) -> Vec<Beam> {
        let mut out = Vec::new();
        squad_beams(&self.squad.agents, &self.tuning.light, &mut out);
        out
    }
    pub fn lanes(&self) -> &LaneRegistry {
        &self.squad.lanes
    }
    /// The last solve of each agent (overlay), by agent index.
    pub fn solver_debug(&self) -> &[Vec<Candidate>] {
        &self.debug.solver
    }
    /// The blades' approach spots this tick (overlay), by agent index.
    pub fn blade_debug(&self) -> &[Vec<BladeSpot>] {
        &self.debug.blades
    }
    /// The events of the last tick.
    pub fn events(&self) -> &[Event] {
        &self.events.this_tick
    }
    /// Every event of the run (bounded).
    pub fn log(&self) -> &EventLog {
        &self.events.log
    }
    pub fn stats(&self) -> &Stats {
        &self.stats
    }
    /// The horde's flow field toward the squad.
    pub fn flow(&self) -> &FlowField {
        &self.caches.flow
    }
    /// The player's tools at work (flares, the grenade, the medkit) and their uses.
    pub fn tools(&self) -> &Tools {
        &self.tools
    }
    /// The squad's kit: its tools' charges left.
    pub fn kit(&self) -> Kit {
        self.squad.kit
    }
    /// Rounds in the squad's ammunition pool (REQ K1); `None`: it has no end.
    pub fn ammo_pool(&self) -> Option<u32> {
        self.squad.supply.pool
    }
    /// The ammo crates and supply cases on the map, taken or not.
    pub fn pickups(&self) -> &[Pickup] {
        &self.squad.supply.pickups
    }
    /// Test hook: the pool, as [`World::agent_mut`].
    pub fn ammo_pool_mut(&mut self) -> &mut Option<u32> {
        &mut self.squad.supply.pool
    }
    /// Test hook: the kit's charges, as [`World::agent_mut`].
    pub fn kit_mut(&mut self) -> &mut Kit {
        &mut self.squad.kit
    }

    /// Test hook: agent `i` to edit before or between ticks (a scenario test places a
    /// body by hand). Not part of the simulation: replays know nothing of it.
    pub fn agent_mut(&mut self, i: usize) -> &mut Agent {
        &mut self.squad.agents[i]
    }
    /// Test hook: the run's counters, as [`World::agent_mut`] (a soak test breaks one).
    pub fn stats_mut(&mut self) -> &mut Stats {
        &mut self.stats
    }
    /// Test hook: the enemies (kept sorted by id), as [`World::agent_mut`].
    pub fn enemies_mut(&mut self) -> &mut Vec<Enemy> {
        &mut self.horde.enemies
    }
}

/// One simulation step (S1.3).
pub fn tick(w: &mut World, input: &TickInput) {
    let World {
        tick,
        map,
        tuning: t,
        ticks: tt,
        squad,
        horde,
        bullets,
        tools,
        script,
        caches,
        debug,
        events,
        stats,
        rng,
        ids,
        damage: queue,
    } = w;
    let (tick, grid, t, tt) = (*tick, &map.grid, &*t, &*tt);

    events.this_tick.clear();
    for a in &mut squad.agents {
        a.prev_pos = a.pos;
    }
    for e in &mut horde.enemies {
        e.prev_pos = e.pos;
    }
    for b in bullets.iter_mut() {
        b.prev_pos = b.pos;
    }
    for s in horde.spits.iter_mut() {
        s.prev_pos = s.pos;
    }
    squad.anchor.prev_pos = squad.anchor.pos;

    if let Some(f) = input.formation {
        squad.formation = f;
    }
    apply_manual(squad, &horde.enemies, input.manual, t);
    let moving = update_state(squad, input.move_dir, input.disk_stays, t, tt, events, tick);
    move_anchor(
        squad,
        input.move_dir,
        input.sprint,
        input.round_corners,
        moving,
        grid,
        t,
    );
    let from = squad.anchor.prev_pos;
    keep_disk(squad, from, moving, script.mission.hold_zone_at(from));
    let disk = squad.anchor.pos;
    let off = tools.off;
    step_pickups(
        &mut squad.supply,
        &mut squad.kit,
        (disk, &squad.agents),
        off,
        t,
        (tick, events, stats),
    );
    update_slots(squad, grid, t);
    spawn_waves(
        script,
        &mut WaveStep {
            tick,
            map,
            tuning: t,
            horde,
            rng,
            ids,
            events,
        },
    );
    resolve_manual(squad, &horde.enemies, t);
    if let Some(u) = input.tool {
        // Where each scripted walker will stand `n` ticks on: its script run ahead on a
        // copy (the grenade's plan must not count on steering it, REQ K5).
        let bodies: Vec<(Vec2, Vec2)> = squad.agents.iter().map(|a| (a.pos, a.vel)).collect();
        let forced_at =
            |n: u32| crate::script::ahead::forced_positions(script, &bodies, tick, n, t);
        use_tool(
            tools,
            squad,
            u,
            &horde.enemies,
            forced_at,
            &mut ToolStep {
                tick,
                grid,
                tuning: t,
                ticks: tt,
                ids,
                stats,
                events,
            },
        );
    }
    let forced: Vec<bool> = (0..squad.agents.len())
        .map(|i| script.is_forced(i, tick))
        .collect();
    evaluate_lanes(squad, &forced, &horde.enemies, grid, t);
    squad.lanes.rebuild(&squad.agents, &horde.enemies, t);
    update_posts(
        squad,
        &mut PostsStep {
            tick,
            enemies: &horde.enemies,
            grid,
            tuning: t,
            ticks: tt,
            debug,
            stats,
            events,
        },
    );
    keep_posts(squad, script.mission.hold_zone_at(squad.anchor.pos));
    let walks: Vec<Option<Vec2>> = squad
        .agents
        .iter()
        .enumerate()
        .map(|(i, a)| {
            a.alive
                .then(|| {
                    let (speed, accel) = (t.squad.walk_speed, t.movement.steer_accel);
                    script.forced_walk(i, a.pos, a.vel, tick, speed, accel)
                })
                .flatten()
        })
        .collect();
    // The live grenade's reserved zone and the medkit's patient, as the squad's
    // movement, fire and strikes read them (K4, K5).
    let zone = tools.grenade.as_ref().map(|g| g.zone());
    let patient = tools.heal.as_ref().map(|h| h.agent);
    move_agents(
        squad,
        &mut MoveStep {
            enemies: &horde.enemies,
            grid,
            tuning: t,
            ticks: tt,
            planner: &mut caches.planner,
            forced: &walks,
            spits: &horde.spits,
            blast: zone,
            rooted: patient,
        },
    );
    resolve_bodies(&mut squad.agents, &mut horde.enemies, grid, t);
    if let Some(z) = &zone {
        for a in squad.agents.iter_mut() {
            let prev = a.prev_pos;
            z.hold_out(a, prev, t);
        }
    }
    step_reloads(
        &mut squad.agents,
        &mut squad.supply,
        &mut ReloadStep {
            tick,
            enemies: &horde.enemies,
            tuning: t,
            ticks: tt,
            events,
            stats,
        },
    );
    fire(
        squad,
        &mut FireStep {
            tick,
            enemies: &horde.enemies,
            grid,
            tuning: t,
            ticks: tt,
            bullets,
            ids,
            stats,
            events,
            busy: patient,
        },
    );
    for i in 0..squad.agents.len() {
        if !strikes_this_tick(&squad.agents[i]) {
            continue;
        }
        let a = &squad.agents[i];
        let lunge = (0..3).map(|k| lunge_extent(k, t)).fold(0.0, f32::max);
        let in_zone = zone.is_some_and(|z| z.reserves(a.pos, a.radius + lunge, t));
        let hold_strikes = squad.sprinting || in_zone || patient == Some(i as u32);
        step_blade(
            &mut StrikeStep {
                tick,
                tuning: t,
                ticks: tt,
                hold_strikes,
                gunners_give_way: t.melee.turn_gunners
                    && squad.state == crate::squad::anchor::SquadState::Advancing,
                agents: &mut squad.agents,
                enemies: &horde.enemies,
                damage: queue,
                events,
            },
            i,
        );
        damage::apply_damage(
            queue,
            &mut squad.agents,
            &mut horde.enemies,
            stats,
            events,
            tick,
        );
    }
    step_bullets(&mut BulletStep {
        tick,
        grid,
        tuning: t,
        ticks: tt,
        agents: &mut squad.agents,
        enemies: &mut horde.enemies,
        bullets,
        broad: &mut caches.bullet_broad,
        queue,
        stats,
        events,
        apply: damage::apply_damage,
    });
    step_spits(&mut SpitStep {
        tick,
        grid,
        agents: &mut squad.agents,
        spits: &mut horde.spits,
        queue,
        stats,
        events,
        apply: damage::apply_damage,
    });
    squad_beams(&squad.agents, &t.light, &mut caches.beams);
    let flashlights = caches.beams.len();
    flare_lights(&tools.flares, t, tt, &mut caches.beams);
    // The lure's field, built once per burning flare (K3).
    let lure_flare = tools.lure().map(|f| (f.id, f.pos));
    if lure_flare.map(|l| l.0) != caches.lure_flare {
        if let Some((_, p)) = lure_flare {
            let max_cost = (t.tools.flare_lure * 1000.0) as u32;
            caches.lure.rebuild_with_max_cost(
                grid,
                &[crate::space::grid::Grid::tile_of(p)],
                max_cost,
            );
        }
        caches.lure_flare = lure_flare.map(|l| l.0);
    }
    let lure = lure_flare.map(|(_, pos)| Lure {
        pos,
        field: &caches.lure,
    });
    let damage_scale = t.director.level(script.difficulty).damage_scale;
    let mut prey: Vec<Prey> = squad.agents.iter().map(prey_of).collect();
    let agents = &mut squad.agents;
    let mut deal = |d: Damage, events: &mut Events| -> Prey {
        let Target::Agent(victim) = d.target else {
            unreachable!("the horde deals blows to agents only")
        };
        queue.push(d);
        damage::apply_damage(queue, agents, &mut [], stats, events, tick);
        prey_of(&agents[victim as usize])
    };
    step_enemies(&mut HordeStep {
        tick,
        map,
        tuning: t,
        ticks: tt,
        enemies: &mut horde.enemies,
        agents: &mut prey,
        flow: &mut caches.flow,
        flow_seeds: &mut caches.flow_seeds,
        neighbours: &mut caches.neighbours,
        rng,
        ids,
        events,
        beams: &caches.beams,
        flare_lights: &caches.beams[flashlights..],
        spits: &mut horde.spits,
        damage_scale,
        deal: &mut deal,
        lure,
    });
    step_tools(
        tools,
        squad,
        &mut horde.enemies,
        queue,
        damage::apply_damage,
        &mut ToolStep {
            tick,
            grid,
            tuning: t,
            ticks: tt,
            ids,
            stats,
            events,
        },
    );
    let prey: Vec<Prey> = squad.agents.iter().map(prey_of).collect();
    step_director(
        &mut script.director,
        &mut DirectorStep {
            tick,
            map,
            tuning: t,
            flow: &caches.flow,
            agents: &prey,
            flare_lights: &caches.beams[flashlights..],
            horde,
            rng,
            ids,
            events,
        },
    );
    step_mission(
        &mut script.mission,
        &mut MissionStep {
            tick,
            map,
            tuning: t,
            agents: &squad.agents,
            anchor: squad.anchor.pos,
            horde,
            director: &mut script.director,
            difficulty: script.difficulty,
            rng,
            ids,
            events,
            deeds: Deeds {
                moved: input.move_dir != Vec2::ZERO,
                sprinted: squad.sprinting,
                formation: input.formation.is_some(),
                manual: squad.manual != ManualAim::Off,
                target: squad.assigned.is_some(),
                picked: stats.crates_taken + stats.cases_taken > 0,
            },
        },
    );
    // K2 judged on where everyone stands at the tick's end (after the horde moved and
    // spawned): a reload the rule no longer allows stops now, not a tick late.
    stop_disallowed_reloads(
        &mut squad.agents,
        &squad.supply,
        &mut ReloadStep {
            tick,
            enemies: &horde.enemies,
            tuning: t,
            ticks: tt,
            events,
            stats,
        },
    );
    horde.bury_dead(tick, t.enemy.corpse_cap as usize);
    w.tick += 1;
}

/// What the horde sees of an agent.
fn prey_of(a: &Agent) -> Prey {
    Prey {
        id: a.id,
        pos: a.pos,
        vel: a.vel,
        radius: a.radius,
        alive: a.alive,
    }
}
