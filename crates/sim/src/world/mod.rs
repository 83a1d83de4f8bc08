//! The world and its tick (S1.3): `tick(&mut World, &TickInput)` at 60 Hz.
//!
//! System order of one tick (each step reads the results of the steps before it):
//! input (formation, manual aim) → squad state → anchor (move → drag → hard limit →
//! walls), urgency → formation slots → waves → lane evaluation (S5) → lane registry
//! (S7) → posts and solvers (S6, M5) → agent movement (S8) → body overlaps → fire (S9,
//! re-confirmed on the moved positions) → strikes (§10: phases, discipline, hits) →
//! bullets → enemies → deaths and clean-up → `tick += 1`.

pub mod checksum;

pub use crate::core::stats::Stats;

use std::sync::Arc;

use crate::combat::bullet::{earliest_hit, Body, Bullet, Hit};
use crate::combat::damage::{self, Damage, Source, Target};
use crate::core::events::{Event, EventKind, EventLog};
use crate::core::geom::Vec2;
use crate::core::rng::Rng;
use crate::horde::enemy::find_enemy;
use crate::horde::enemy::Enemy;
use crate::horde::enemy::{AttackState, EnemyKind};
use crate::nav::flow::FlowField;
use crate::nav::follow::PathPlanner;
use crate::nav::path::walkable_line;
use crate::script::scenario::{ForcedPath, Scenario, Wave};
use crate::space::grid::resolve_walls;
use crate::space::map::Map;
use crate::space::spatial::SpatialGrid;
use crate::squad::agent::{Agent, LaneEval, Role};
use crate::squad::anchor::{
    smallest_circle_centre, squad_speed, step_anchor, urgency_from_distance, Anchor, Formation,
    SquadState,
};
use crate::squad::blades::melee::{
    choose_blade_target, lunge_step, solve_blade_post, step_strikes, BladeSpot, StrikePhase,
};
use crate::squad::fire::{ally_intercepts_shot, barrel_on_target, turn_toward};
use crate::squad::lane::lane_clear_from;
use crate::squad::movement::{approach_velocity, seek, separation, target_push, wall_avoidance};
use crate::squad::registry::LaneRegistry;
use crate::squad::solver::{solve_firing_position, Candidate};
use crate::squad::target::{aim_at, evaluate_agent_lane};
use crate::squad::view::WorldView;
use crate::tuning::{ticks, TickTuning, Tuning, DT};

/// A manual-aim command from the player (S5.2, S15).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ManualCommand {
    /// All agents prioritise this enemy.
    Assign(u32),
    /// Assign the live enemy nearest to a world point.
    AssignNearest(Vec2),
    /// Aim vector from the anchor: the priority target is the nearest enemy (from the
    /// anchor) inside the manual cone around it.
    Aim(Vec2),
    /// Back to automatic targeting.
    Clear,
}

/// One tick of player (or script) input: Doom's tic command.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TickInput {
    /// Movement direction; zero for none. Normalised by the simulation.
    pub move_dir: Vec2,
    pub sprint: bool,
    pub formation: Option<Formation>,
    pub manual: Option<ManualCommand>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ManualAim {
    Off,
    Target(u32),
    Direction(Vec2),
}

/// The inputs of the formation slots: same key, same slots.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SlotKey {
    pub anchor: Vec2,
    pub heading: Vec2,
    pub urgency: f32,
    pub formation: Formation,
    pub state: SquadState,
}

/// A fallen enemy left on the floor (drawn, blocks nothing).
#[derive(Clone, Debug, PartialEq)]
pub struct Corpse {
    pub pos: Vec2,
    pub facing: f32,
    pub kind: EnemyKind,
    pub tick: u64,
}

/// Most corpses kept (S19 bounded memory); the oldest go first.
pub const CORPSE_CAP: usize = 256;

/// Scripted content of the scenario, converted to ticks once.
#[derive(Clone, Debug, Default, PartialEq)]
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

#[derive(Clone, Debug)]
pub struct World {
    pub(crate) tick: u64,
    pub(crate) map: Arc<Map>,
    pub(crate) tuning: Tuning,
    pub(crate) ticks: TickTuning,
    pub(crate) state: SquadState,
    /// Consecutive ticks without movement input.
    pub(crate) no_input_ticks: u32,
    pub(crate) formation: Formation,
    pub(crate) anchor: Anchor,
    /// Squad movement this tick is a sprint (Shift, or urgency above `sprint_at`):
    /// no fire.
    pub(crate) sprinting: bool,
    pub(crate) manual: ManualAim,
    /// The resolved manual target this tick.
    pub(crate) assigned: Option<u32>,
    pub(crate) agents: Vec<Agent>,
    /// Formation slot positions this tick, by slot index.
    pub(crate) slots: Vec<Vec2>,
    /// What the slots were last computed from (they are recomputed when it changes).
    pub(crate) slot_key: Option<SlotKey>,
    /// Sorted by id.
    pub(crate) enemies: Vec<Enemy>,
    pub(crate) corpses: Vec<Corpse>,
    pub(crate) bullets: Vec<Bullet>,
    pub(crate) lanes: LaneRegistry,
    /// The last solve of each agent (overlay), by agent index.
    pub(crate) solver_debug: Vec<Vec<Candidate>>,
    /// The blades' approach spots this tick (overlay), by agent index.
    pub(crate) blade_debug: Vec<Vec<BladeSpot>>,
    pub(crate) events: Vec<Event>,
    pub(crate) log: EventLog,
    pub(crate) stats: Stats,
    pub(crate) rng: Rng,
    pub(crate) next_id: u32,
    pub(crate) script: Script,
    pub(crate) planner: PathPlanner,
    /// The horde's flow field toward the squad (E2), rebuilt every `flow_interval`.
    pub(crate) flow: FlowField,
    /// Neighbour grid over enemy bodies, rebuilt every tick (E1).
    pub(crate) neighbours: SpatialGrid,
    /// The squad tiles the flow field was last built from.
    pub(crate) flow_seeds: Vec<(i32, i32)>,
    /// Damage pushed this tick and not yet applied (the one damage path).
    pub(crate) damage: Vec<Damage>,
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
        let mut w = World {
            tick: 0,
            planner: PathPlanner::new(&map.grid),
            flow: FlowField::new(),
            neighbours: SpatialGrid::for_grid(&map.grid, tuning.enemy.neighbour_cell),
            flow_seeds: Vec::new(),
            damage: Vec::new(),
            map,
            ticks: tt,
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
            enemies: Vec::new(),
            corpses: Vec::new(),
            bullets: Vec::new(),
            lanes: LaneRegistry::default(),
            solver_debug: vec![Vec::new(); n],
            blade_debug: vec![Vec::new(); n],
            events: Vec::new(),
            log: EventLog::default(),
            stats: Stats::default(),
            rng: Rng::new(scenario.seed),
            next_id: 1,
            script: Script::default(),
            tuning,
        };
        w.update_slots();
        for i in 0..n {
            let role = if i < w.tuning.squad.melee_count as usize {
                Role::Blade
            } else {
                Role::Gunner
            };
            let mut p = w.slots[i];
            if w.map.grid.circle_hits_wall(p, w.tuning.squad.body_radius) {
                p = spawn;
            }
            w.agents.push(Agent::new(
                i as u32,
                role,
                i,
                p,
                scenario.heading,
                w.tuning.squad.body_radius,
                w.tuning.squad.agent_health,
            ));
        }
        for &(i, p) in &scenario.places {
            if let Some(a) = w.agents.get_mut(i) {
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
            w.spawn_enemy(EnemyKind::Dummy, p);
        }
        let mut waves: Vec<(u64, Wave)> = scenario
            .waves
            .iter()
            .map(|wv| (ticks(wv.time) as u64, wv.clone()))
            .collect();
        waves.sort_by_key(|(t, _)| *t);
        w.script.waves = waves;
        w.script.forced = scenario
            .forced
            .iter()
            .map(|f| (ticks(f.from) as u64, ticks(f.to) as u64, f.clone()))
            .collect();
        w.script.forced_origin = vec![None; w.script.forced.len()];
        w
    }

    pub fn view(&self) -> WorldView<'_> {
        WorldView {
            agents: &self.agents,
            enemies: &self.enemies,
            grid: &self.map.grid,
            tuning: &self.tuning,
            state: self.state,
            anchor: self.anchor.pos,
            assigned: self.assigned,
            lanes: &self.lanes,
        }
    }

    /// Replaces the tuning (live reload, F5). Tick timers are re-derived once.
    pub fn set_tuning(&mut self, t: Tuning) {
        self.ticks = TickTuning::from_tuning(&t);
        self.tuning = t;
    }

    pub fn enemy(&self, id: u32) -> Option<&Enemy> {
        find_enemy(&self.enemies, id)
    }

    /// Mean position of the standing agents (the anchor's leash is tied to it).
    pub fn squad_centre(&self) -> Vec2 {
        let mut sum = Vec2::ZERO;
        let mut n = 0;
        for a in self.agents.iter().filter(|a| a.alive) {
            sum += a.pos;
            n += 1;
        }
        if n == 0 {
            self.anchor.pos
        } else {
            sum / n as f32
        }
    }

    /// Where agent `a` is heading for: its slot while advancing (gunners), else its post.
    pub fn goal_of(&self, a: &Agent) -> Vec2 {
        if self.state == SquadState::Advancing && a.role == Role::Gunner {
            self.slots[a.slot]
        } else {
            a.post_pos
        }
    }

    pub fn standing_agents(&self) -> usize {
        self.agents.iter().filter(|a| a.alive).count()
    }

    /// All five are down: the run is over (E4).
    pub fn lost(&self) -> bool {
        self.agents.iter().all(|a| !a.alive)
    }

    /// Live enemies inside the manual cone around `dir` from the anchor, nearest to the
    /// anchor first (what Tab cycles through, S15).
    pub fn targets_in_cone(&self, dir: Vec2) -> Vec<u32> {
        let dir = dir.normalize_or_zero();
        let cos_cone = self.tuning.fire.manual_cone_deg.to_radians().cos();
        let reach = self.tuning.lane.acquisition_radius + self.tuning.solver.cohesion_radius;
        let mut v: Vec<(f32, u32)> = self
            .enemies
            .iter()
            .filter(|e| e.alive)
            .filter_map(|e| {
                let off = e.pos - self.anchor.pos;
                let d = off.length();
                (d > 1e-4 && d <= reach && off.dot(dir) / d >= cos_cone).then_some((d, e.id))
            })
            .collect();
        v.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        v.into_iter().map(|(_, id)| id).collect()
    }

    pub(crate) fn emit(&mut self, kind: EventKind) {
        let e = Event {
            tick: self.tick,
            kind,
        };
        self.log.push(e.clone());
        self.events.push(e);
    }

    fn spawn_enemy(&mut self, kind: EnemyKind, pos: Vec2) -> u32 {
        let (radius, health) = match kind.tuning(&self.tuning) {
            None => (self.tuning.enemy.dummy_radius, f32::INFINITY),
            Some(k) => (k.radius, k.health),
        };
        let wander = self.rng.range_f32(0.0, std::f32::consts::TAU);
        let id = self.next_id;
        self.next_id += 1;
        self.enemies.push(Enemy {
            id,
            kind,
            pos,
            prev_pos: pos,
            vel: Vec2::ZERO,
            facing: 0.0,
            radius,
            health,
            alive: true,
            stagger: 0,
            hits: 0,
            attack: AttackState::default(),
            wander,
            sees: false,
        });
        id
    }

    /// Formation slots round the anchor. A slot that a body could not reach in a straight
    /// line from the anchor (inside a wall, behind a corner, across a corridor's side)
    /// is pulled in along that line to the last reachable point. When two or more slots
    /// fold like that the squad is in a passage: the formation becomes a **column**
    /// behind the disk, and the agents take the column places in the order they already
    /// walk (nobody has to overtake in a 2-wide corridor; roles matter for flanks, and a
    /// column has none). Out of the passage every agent returns to its own slot.
    fn update_slots(&mut self) {
        // Nothing moved since the last tick (a holding squad): the slots stand.
        let key = SlotKey {
            anchor: self.anchor.pos,
            heading: self.anchor.heading,
            urgency: self.anchor.urgency,
            formation: self.formation,
            state: self.state,
        };
        let column = self.state == SquadState::Advancing;
        if !column && self.slot_key == Some(key) {
            return;
        }
        self.slot_key = Some(key);
        let n = self.slots.len();
        let scale = self.tuning.formation.spacing
            * (1.0 + self.tuning.formation.stretch * self.anchor.urgency);
        let r = self.tuning.squad.body_radius;
        let grid = &self.map.grid;
        let a = self.anchor.pos;
        let reach = |want: Vec2| -> (Vec2, bool) {
            if walkable_line(grid, a, want, r) {
                return (want, false);
            }
            let (mut lo, mut hi) = (0.0f32, 1.0f32);
            for _ in 0..8 {
                let mid = 0.5 * (lo + hi);
                if walkable_line(grid, a, a.lerp(want, mid), r) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            (resolve_walls(a.lerp(want, lo), r, grid), true)
        };
        let mut folded = 0;
        for i in 0..n {
            let local = self.formation.local_slot(i, n) * scale;
            let (p, f) = reach(a + local.rotate_by(self.anchor.heading));
            self.slots[i] = p;
            folded += f as usize;
        }
        if folded >= 2 && self.state == SquadState::Advancing {
            let h = self.anchor.heading;
            let gap = self.tuning.formation.column_gap;
            for k in 0..n {
                self.slots[k] = reach(a - h * (gap * (k as f32 + 0.5))).0;
            }
            // Column places by how far ahead each agent already is.
            let mut order: Vec<usize> = (0..self.agents.len()).collect();
            order.sort_by(|&i, &j| {
                let (pi, pj) = (self.agents[i].pos.dot(h), self.agents[j].pos.dot(h));
                pj.total_cmp(&pi).then(i.cmp(&j))
            });
            for (k, &i) in order.iter().enumerate() {
                self.agents[i].slot = k;
            }
        } else {
            for (i, ag) in self.agents.iter_mut().enumerate() {
                ag.slot = i;
            }
        }
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
        self.state
    }
    pub fn formation(&self) -> Formation {
        self.formation
    }
    pub fn anchor(&self) -> &Anchor {
        &self.anchor
    }
    /// The squad sprints this tick (no fire).
    pub fn sprinting(&self) -> bool {
        self.sprinting
    }
    pub fn manual(&self) -> ManualAim {
        self.manual
    }
    /// The resolved manual target this tick.
    pub fn assigned(&self) -> Option<u32> {
        self.assigned
    }
    /// By index (= id).
    pub fn agents(&self) -> &[Agent] {
        &self.agents
    }
    /// Formation slot positions this tick, by slot index.
    pub fn slots(&self) -> &[Vec2] {
        &self.slots
    }
    /// Sorted by id.
    pub fn enemies(&self) -> &[Enemy] {
        &self.enemies
    }
    pub fn corpses(&self) -> &[Corpse] {
        &self.corpses
    }
    pub fn bullets(&self) -> &[Bullet] {
        &self.bullets
    }
    pub fn lanes(&self) -> &LaneRegistry {
        &self.lanes
    }
    /// The last solve of each agent (overlay), by agent index.
    pub fn solver_debug(&self) -> &[Vec<Candidate>] {
        &self.solver_debug
    }
    /// The blades' approach spots this tick (overlay), by agent index.
    pub fn blade_debug(&self) -> &[Vec<BladeSpot>] {
        &self.blade_debug
    }
    /// The events of the last tick.
    pub fn events(&self) -> &[Event] {
        &self.events
    }
    /// Every event of the run (bounded).
    pub fn log(&self) -> &EventLog {
        &self.log
    }
    pub fn stats(&self) -> &Stats {
        &self.stats
    }
    /// The horde's flow field toward the squad.
    pub fn flow(&self) -> &FlowField {
        &self.flow
    }

    /// Test hook: agent `i` to edit before or between ticks (a scenario test places a
    /// body by hand). Not part of the simulation: replays know nothing of it.
    pub fn agent_mut(&mut self, i: usize) -> &mut Agent {
        &mut self.agents[i]
    }
    /// Test hook: the enemies (kept sorted by id), as [`World::agent_mut`].
    pub fn enemies_mut(&mut self) -> &mut Vec<Enemy> {
        &mut self.enemies
    }
}

/// One simulation step (S1.3).
pub fn tick(w: &mut World, input: &TickInput) {
    w.events.clear();
    for a in &mut w.agents {
        a.prev_pos = a.pos;
    }
    for e in &mut w.enemies {
        e.prev_pos = e.pos;
    }
    for b in &mut w.bullets {
        b.prev_pos = b.pos;
    }
    w.anchor.prev_pos = w.anchor.pos;

    apply_input(w, input);
    let moving = update_state(w, input);
    move_anchor(w, input, moving);
    w.update_slots();
    spawn_waves(w);
    resolve_manual(w);
    evaluate_lanes(w);
    w.lanes.rebuild(&w.agents, &w.enemies, &w.tuning);
    update_posts(w);
    move_agents(w);
    resolve_bodies(w);
    fire(w);
    step_strikes(w);
    step_bullets(w);
    crate::horde::enemy::step_enemies(w);
    clean_up(w);
    w.tick += 1;
}

fn apply_input(w: &mut World, input: &TickInput) {
    if let Some(f) = input.formation {
        w.formation = f;
    }
    match input.manual {
        Some(ManualCommand::Assign(id)) => w.manual = ManualAim::Target(id),
        Some(ManualCommand::AssignNearest(p)) => {
            let nearest = w
                .enemies
                .iter()
                .filter(|e| e.alive)
                .min_by(|a, b| {
                    a.pos
                        .distance_sq(p)
                        .total_cmp(&b.pos.distance_sq(p))
                        .then(a.id.cmp(&b.id))
                })
                .map(|e| e.id);
            if let Some(id) = nearest {
                w.manual = ManualAim::Target(id);
            }
        }
        Some(ManualCommand::Aim(dir)) => w.manual = ManualAim::Direction(dir.normalize_or_zero()),
        Some(ManualCommand::Clear) => w.manual = ManualAim::Off,
        None => {}
    }
}

/// S3.2: ADVANCING while there is input, HOLDING after `hold_delay` without. Returns
/// whether there is movement input.
fn update_state(w: &mut World, input: &TickInput) -> bool {
    let moving = input.move_dir.length_sq() > 1e-6 && input.move_dir.is_finite();
    if moving {
        w.no_input_ticks = 0;
        if w.state == SquadState::Holding {
            w.state = SquadState::Advancing;
            for a in &mut w.agents {
                a.commit_timer = 0;
            }
            w.emit(EventKind::StateChanged { holding: false });
        }
    } else {
        if w.no_input_ticks == 0 && w.state == SquadState::Advancing {
            w.anchor.settling = true;
        }
        w.no_input_ticks = w.no_input_ticks.saturating_add(1);
        if w.state == SquadState::Advancing && w.no_input_ticks >= w.ticks.hold_delay {
            w.state = SquadState::Holding;
            // The squad stops where it stands, inside the solver's hard bound.
            let bound = w.tuning.solver.cohesion_radius + w.tuning.solver.post_leash;
            let anchor = w.anchor.pos;
            for a in &mut w.agents {
                a.commit_timer = 0;
                let off = a.pos - anchor;
                a.post_pos = if off.length() > bound {
                    anchor + off.clamp_length(bound)
                } else {
                    a.pos
                };
            }
            w.emit(EventKind::StateChanged { holding: true });
        }
    }
    moving
}

fn move_anchor(w: &mut World, input: &TickInput, moving: bool) {
    let dir = if moving {
        input.move_dir.normalize_or_zero()
    } else {
        Vec2::ZERO
    };
    let centre = w.squad_centre();
    let sprint = moving && input.sprint;
    let middle = if w.anchor.settling {
        let standing: Vec<Vec2> = w.agents.iter().filter(|a| a.alive).map(|a| a.pos).collect();
        smallest_circle_centre(&standing, w.anchor.pos)
    } else {
        centre
    };
    step_anchor(&mut w.anchor, dir, sprint, centre, middle, &w.tuning);
    w.anchor.pos = resolve_walls(w.anchor.pos, w.tuning.anchor.radius, &w.map.grid);
    w.anchor.leash_dist = w.anchor.pos.distance(centre);
    w.anchor.urgency = urgency_from_distance(w.anchor.leash_dist, &w.tuning);
    w.sprinting = moving && (input.sprint || w.anchor.urgency > w.tuning.anchor.sprint_at);
}

fn spawn_waves(w: &mut World) {
    while w.script.next_wave < w.script.waves.len()
        && w.script.waves[w.script.next_wave].0 <= w.tick
    {
        let wave = w.script.waves[w.script.next_wave].1.clone();
        w.script.next_wave += 1;
        let Some(&spawn) = w.map.enemy_spawns.get(wave.spawn) else {
            continue;
        };
        for _ in 0..wave.count {
            // Jitter inside the spawn's neighbourhood, never inside a wall.
            let mut p = spawn;
            for _ in 0..8 {
                let q = spawn + Vec2::new(w.rng.range_f32(-0.9, 0.9), w.rng.range_f32(-0.9, 0.9));
                let r = wave
                    .kind
                    .tuning(&w.tuning)
                    .map_or(w.tuning.enemy.dummy_radius, |k| k.radius);
                if !w.map.grid.circle_hits_wall(q, r) {
                    p = q;
                    break;
                }
            }
            let id = w.spawn_enemy(wave.kind, p);
            w.emit(EventKind::EnemySpawned { enemy: id });
        }
    }
}

fn resolve_manual(w: &mut World) {
    w.assigned = match w.manual {
        ManualAim::Off => None,
        ManualAim::Target(id) => w.enemy(id).filter(|e| e.alive).map(|e| e.id),
        ManualAim::Direction(dir) => w.targets_in_cone(dir).first().copied(),
    };
    if let ManualAim::Target(_) = w.manual {
        if w.assigned.is_none() {
            // The assigned target is gone: back to automatic.
            w.manual = ManualAim::Off;
        }
    }
}

fn is_forced_now(w: &World, agent: usize) -> Option<&ForcedPath> {
    w.script
        .forced
        .iter()
        .find(|(from, to, f)| f.agent == agent && w.tick >= *from && w.tick < *to)
        .map(|(_, _, f)| f)
}

fn evaluate_lanes(w: &mut World) {
    for i in 0..w.agents.len() {
        let forced = is_forced_now(w, i).is_some();
        w.agents[i].forced = forced;
        let a = &w.agents[i];
        let eval = if a.alive && a.is_gunner() && !forced {
            evaluate_agent_lane(a, &w.view())
        } else {
            LaneEval::default()
        };
        w.agents[i].lane = eval;
    }
}

fn update_posts(w: &mut World) {
    let interval = w.ticks.solve_interval as u64;
    let n = w.agents.len().max(1) as u64;
    let stride = (interval / n).max(1);
    for i in 0..w.agents.len() {
        let a = &w.agents[i];
        if !a.alive || a.forced {
            continue;
        }
        if a.commit_timer > 0 {
            w.agents[i].commit_timer -= 1;
        }
        let a = &w.agents[i];
        if a.role == Role::Blade {
            // Blades go to their post in both states (M7): the approach spot round their
            // melee target (M5), or without one the formation slot. Mid-strike the post
            // stays where it is.
            if a.melee.striking() {
                continue;
            }
            let target = choose_blade_target(w, a);
            let mut buf = std::mem::take(&mut w.blade_debug[i]);
            let spot = target.and_then(|id| solve_blade_post(w, &w.agents[i], id, &mut buf));
            w.blade_debug[i] = buf;
            let slot = w.slots[w.agents[i].slot];
            let a = &mut w.agents[i];
            a.melee.target = target;
            match spot {
                Some(s) => {
                    a.post_pos = s.pos;
                    a.melee.approach = Some(s.dir);
                }
                None => {
                    a.post_pos = slot;
                    a.melee.approach = None;
                }
            }
            continue;
        }
        if w.state != SquadState::Holding {
            continue;
        }
        if a.lane.priority.is_none() {
            // Nothing in reach: a straggler returns to the squad.
            w.agents[i].post_pos = w.slots[a.slot];
            continue;
        }
        let phase_due = (w.tick + i as u64 * stride).is_multiple_of(interval);
        let lane_to_priority = a.lane.has_lane && a.lane.target == a.lane.priority;
        if phase_due && a.commit_timer == 0 && !lane_to_priority {
            let mut buf = std::mem::take(&mut w.solver_debug[i]);
            let chosen = solve_firing_position(&w.agents[i], &w.view(), &mut buf);
            w.solver_debug[i] = buf;
            if let Some(p) = chosen {
                let from = w.agents[i].post_pos;
                w.agents[i].post_pos = p;
                w.agents[i].commit_timer = w.ticks.commit_time;
                w.stats.commits += 1;
                w.emit(EventKind::Commit {
                    agent: i as u32,
                    from,
                    to: p,
                });
            }
        }
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

fn move_agents(w: &mut World) {
    let t = w.tuning.clone();
    for i in 0..w.agents.len() {
        if !w.agents[i].alive {
            w.agents[i].vel = Vec2::ZERO;
            continue;
        }
        let active = w
            .script
            .forced
            .iter()
            .position(|(from, to, f)| f.agent == i && w.tick >= *from && w.tick < *to);
        if let Some(k) = active {
            // Test hook: walk from where the agent stood to the polyline, then back and
            // forth along it at walking speed, no AI.
            let origin = *w.script.forced_origin[k].get_or_insert(w.agents[i].pos);
            let (from, _, f) = &w.script.forced[k];
            let walked = (w.tick + 1 - from) as f32 * DT * t.squad.walk_speed;
            let lead = origin.distance(f.points[0]);
            let p = if walked < lead {
                origin.lerp(f.points[0], walked / lead)
            } else {
                polyline_at(&f.points, walked - lead)
            };
            let a = &mut w.agents[i];
            a.vel = (p - a.pos) / DT;
            if a.vel.length_sq() > 1e-6 {
                a.facing = a.vel.angle();
            }
            a.pos = p;
            continue;
        }
        match w.agents[i].melee.phase {
            StrikePhase::Windup => {
                // Rooted, facing fixed on the strike axis (M2).
                let a = &mut w.agents[i];
                a.vel = Vec2::ZERO;
                a.facing = a.melee.axis;
                continue;
            }
            StrikePhase::Active => {
                lunge_step(w, i);
                continue;
            }
            _ => {}
        }
        let goal = w.goal_of(&w.agents[i]);
        // An agent far behind its goal hurries on its own (catch-up), so the tail of a
        // column in a corridor or a straggler closes in without waiting for the leash.
        let behind = w.agents[i].pos.distance(goal);
        let catch_up =
            ((behind - t.movement.catch_up_start) / t.movement.catch_up_span).clamp(0.0, 1.0);
        let speed = match w.state {
            SquadState::Advancing if w.sprinting => t.squad.fast_speed,
            SquadState::Advancing => squad_speed(w.anchor.urgency.max(catch_up), &t),
            SquadState::Holding => squad_speed(catch_up, &t),
        };
        let steer_goal = {
            let a = &mut w.agents[i];
            w.planner.steer_goal(
                &w.map.grid,
                a.pos,
                a.radius,
                &mut a.follow,
                goal,
                w.ticks.repath_interval,
            )
        };
        let a = &w.agents[i];
        let m = &t.movement;
        let mut desired = seek(a.pos, steer_goal, m.arrive_radius) * m.w_seek;
        desired += separation(a, &w.agents, m.separation_radius) * m.w_separation;
        desired += w.lanes.avoidance(a.pos, a.id, a.melee.target, &t) * m.w_lane_avoid;
        desired += target_push(a, &w.enemies, m.target_push_range) * m.w_target_push;
        desired += wall_avoidance(a.pos, a.radius, steer_goal, &w.map.grid, m.wall_avoid_range)
            * m.w_wall_avoid;
        if w.state == SquadState::Holding {
            desired += tether(a.pos, w.anchor.pos, &t) * m.w_tether;
        }
        // Recovering from a strike: the blade moves at half speed.
        let speed = if a.melee.phase == StrikePhase::Recovery {
            speed * 0.5
        } else {
            speed
        };
        let desired_vel = desired.clamp_length(1.0) * speed;
        let a = &mut w.agents[i];
        a.vel = approach_velocity(a.vel, desired_vel, &t);
        let next = a.pos + a.vel * DT;
        a.pos = resolve_walls(next, a.radius, &w.map.grid);
        // Face the target when there is one, else the way we walk.
        let melee_target = a
            .melee
            .target
            .and_then(|id| find_enemy(&w.enemies, id))
            .map(|e| e.pos);
        if a.melee.phase == StrikePhase::Recovery {
            a.facing = a.melee.axis;
        } else if let Some(tp) = melee_target {
            a.facing = (tp - a.pos).angle();
        } else if a.lane.priority.is_some() {
            a.facing = (a.lane.aim - a.pos).angle();
        } else if a.vel.length_sq() > 0.04 {
            a.facing = a.vel.angle();
        }
    }
}

/// The holding squad's tether: an agent drifting (pushed by the crowd, a lunge, a
/// knockback) past the solver's hard bound round the disk is pulled back toward it,
/// harder the farther out (full strength `tether_margin` beyond) — stronger than lane
/// avoidance, so the bound holds for bodies as it does for posts (A5). Posts are never
/// beyond the bound, so the tether never fights a committed post.
fn tether(pos: Vec2, anchor: Vec2, t: &Tuning) -> Vec2 {
    let start = t.solver.cohesion_radius + t.solver.post_leash;
    let off = anchor - pos;
    let d = off.length();
    if d <= start || d < 1e-5 {
        return Vec2::ZERO;
    }
    off / d * ((d - start) / t.movement.tether_margin.max(1e-3)).min(1.5)
}

/// Circle overlaps: agent–agent split evenly, agent–enemy split evenly, dummies do not
/// move. Walls win last.
fn resolve_bodies(w: &mut World) {
    let t = w.tuning.clone();
    let n = w.agents.len();
    for i in 0..n {
        for j in (i + 1)..n {
            let (a, b) = (&w.agents[i], &w.agents[j]);
            if !a.alive || !b.alive {
                continue;
            }
            let off = b.pos - a.pos;
            let d = off.length();
            let min = a.radius + b.radius;
            if d < min {
                let dir = if d > 1e-5 {
                    off / d
                } else {
                    Vec2::new(1.0, 0.0)
                };
                let push = dir * ((min - d) * 0.5);
                let a_forced = a.forced;
                let b_forced = b.forced;
                match (a_forced, b_forced) {
                    (true, false) => w.agents[j].pos += push * 2.0,
                    (false, true) => w.agents[i].pos -= push * 2.0,
                    _ => {
                        w.agents[i].pos -= push;
                        w.agents[j].pos += push;
                    }
                }
            }
        }
    }
    for i in 0..n {
        if !w.agents[i].alive || w.agents[i].forced {
            continue;
        }
        for e in w.enemies.iter_mut().filter(|e| e.alive) {
            let a = &mut w.agents[i];
            let off = a.pos - e.pos;
            let d = off.length();
            let min = a.radius + e.radius;
            if d < min {
                let dir = if d > 1e-5 {
                    off / d
                } else {
                    Vec2::new(1.0, 0.0)
                };
                if e.kind == EnemyKind::Dummy {
                    a.pos += dir * (min - d);
                } else {
                    // A trained squad holds its ground against a mindless crowd: the
                    // agent takes only `body_push_share` of the overlap.
                    let share = t.squad.body_push_share;
                    a.pos += dir * ((min - d) * share);
                    e.pos -= dir * ((min - d) * (1.0 - share));
                }
            }
        }
        let a = &mut w.agents[i];
        a.pos = resolve_walls(a.pos, a.radius, &w.map.grid);
    }
}

fn fire(w: &mut World) {
    let t = w.tuning.clone();
    let turn = t.fire.barrel_turn_rate_deg.to_radians() * DT;
    for i in 0..w.agents.len() {
        let a = &w.agents[i];
        if !a.alive || !a.is_gunner() || a.forced {
            continue;
        }
        let mut barrel = a.barrel;
        if a.lane.priority.is_some() {
            barrel = turn_toward(barrel, (a.lane.aim - a.pos).angle(), turn);
        }
        let cooldown = a.cooldown.saturating_sub(1);
        w.agents[i].barrel = barrel;
        w.agents[i].cooldown = cooldown;
        if w.sprinting || cooldown > 0 {
            continue;
        }
        let Some(tid) = w.agents[i].lane.target else {
            continue;
        };
        let Some(e) = find_enemy(&w.enemies, tid).filter(|e| e.alive) else {
            continue;
        };
        let a = &w.agents[i];
        // Re-confirm on this tick's positions: aim and lane from where the agent is now.
        let aim = aim_at(a.pos, e, &t);
        let res = lane_clear_from(a.pos, aim, a.id, &w.agents, &w.map.grid, &t);
        if !res.is_clear() || !barrel_on_target(barrel, a.pos, aim, &t) {
            continue;
        }
        let dir = (aim - res.muzzle).normalize_or_zero();
        if dir == Vec2::ZERO {
            continue;
        }
        let verified = res.muzzle.distance(aim) + e.radius;
        if let Some(ally) = ally_intercepts_shot(a.id, res.muzzle, dir, verified, &w.agents, &t) {
            w.stats.shots_withheld_intercept += 1;
            w.emit(EventKind::ShotWithheld {
                shooter: i as u32,
                ally,
            });
            continue;
        }
        let id = w.next_id;
        w.next_id += 1;
        w.bullets.push(Bullet {
            id,
            shooter: i as u32,
            pos: res.muzzle,
            prev_pos: res.muzzle,
            muzzle: res.muzzle,
            dir,
            speed: t.fire.bullet_speed,
            traveled: 0.0,
            verified,
            target: tid,
        });
        w.agents[i].cooldown = w.ticks.fire_cooldown;
        w.stats.shots_fired += 1;
        w.emit(EventKind::Shot {
            shooter: i as u32,
            target: tid,
            muzzle: res.muzzle,
            aim,
        });
    }
}

fn step_bullets(w: &mut World) {
    let t = w.tuning.clone();
    let mut bodies: Vec<Body> = Vec::with_capacity(w.agents.len() + w.enemies.len());
    let mut bullets = std::mem::take(&mut w.bullets);
    bullets.retain_mut(|b| {
        bodies.clear();
        bodies.extend(
            w.agents
                .iter()
                .filter(|a| a.alive && a.id != b.shooter)
                .map(|a| Body {
                    hit: Hit::Agent(a.id),
                    pos: a.pos,
                    radius: a.radius,
                }),
        );
        bodies.extend(w.enemies.iter().filter(|e| e.alive).map(|e| Body {
            hit: Hit::Enemy(e.id),
            pos: e.pos,
            radius: e.radius,
        }));
        let step = (b.speed * DT).min(b.verified - b.traveled).max(0.0);
        let start = b.pos;
        let end = b.pos + b.dir * step;
        let wall_t = w.map.grid.raycast(start, end).map(|h| h.t);
        let hit = earliest_hit(start, end, wall_t, &bodies, t.fire.bullet_radius);
        let (frac, alive) = match hit {
            Some((f, _)) => (f, false),
            None => (1.0, true),
        };
        b.pos = start + b.dir * (step * frac);
        b.traveled += step * frac;
        if b.pos.distance(b.muzzle) > b.verified + 1e-3 {
            w.stats.segment_violations += 1;
        }
        if let Some((_, what)) = hit {
            apply_hit(w, b, what, &t);
            apply_damage(w);
        }
        alive && b.traveled < b.verified - 1e-5
    });
    w.bullets = bullets;
}

/// A bullet's hit: a wall stops it (an event); a body gets a damage record.
fn apply_hit(w: &mut World, b: &Bullet, what: Hit, t: &Tuning) {
    let target = match what {
        Hit::Wall => {
            w.emit(EventKind::BulletHitWall { pos: b.pos });
            return;
        }
        Hit::Agent(id) => Target::Agent(id),
        Hit::Enemy(id) => Target::Enemy(id),
    };
    w.damage.push(Damage {
        target,
        source: Source::Bullet { shooter: b.shooter },
        amount: t.fire.bullet_damage,
        stagger: w.ticks.stagger,
        knockback: Vec2::ZERO,
        pos: b.pos,
    });
}

/// The damage system: applies every record pushed since the last call (S9, E3, M1).
/// It runs where damage happens — after each bullet's hit, each blade's strike, each
/// enemy's blow — so a body killed by one is no longer there for the next, exactly as
/// the hits happen. (Applying once at the end of each system instead let dead bodies
/// soak later bullets and blows: measured on the combat route, A12 fell from 5/5 to 3/5
/// standing and M7.6 failed at −0.091; docs/decisions.md.)
pub(crate) fn apply_damage(w: &mut World) {
    let tick = w.tick;
    let (events, log) = (&mut w.events, &mut w.log);
    damage::apply_damage(
        &mut w.damage,
        &mut w.agents,
        &mut w.enemies,
        &mut w.stats,
        |kind| {
            let e = Event { tick, kind };
            log.push(e.clone());
            events.push(e);
        },
    );
}

fn clean_up(w: &mut World) {
    let tick = w.tick;
    let mut i = 0;
    while i < w.enemies.len() {
        if w.enemies[i].alive {
            i += 1;
            continue;
        }
        let e = w.enemies.remove(i);
        if w.corpses.len() == CORPSE_CAP {
            w.corpses.remove(0);
        }
        w.corpses.push(Corpse {
            pos: e.pos,
            facing: e.facing,
            kind: e.kind,
            tick,
        });
    }
}
