//! The recorder: the one place `--accept` reads the world. Every tick of a scenario run
//! becomes a [`Frame`] — positions, the few pieces of state the criteria judge, and the
//! tick's events — and the criteria measure from the frames only. A criterion's failing
//! case is a real recording with one frame edited (tests).

use std::sync::Arc;
use std::time::Instant;

use sim::read::{
    EnemyKind, Event, EventKind, Map, Role, Scenario, SquadState, StrikePhase, TickInput, World,
};
use sim::tuning::Tuning;
use sim::Vec2;

use crate::session::Session;
use crate::session::Until;
use crate::setup::Setup;
use std::ops::ControlFlow;

/// A blade's strike state as the world holds it after the tick.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MeleeSnap {
    pub phase: StrikePhase,
    /// The strike in progress or next (0, 1, 2).
    pub strike: u8,
    pub cooldown: u32,
    pub combo_left: u32,
    pub target: Option<u32>,
    /// Strike axis, radians (fixed at windup start).
    pub axis: f32,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AgentSnap {
    pub id: u32,
    pub role: Role,
    pub alive: bool,
    /// Scripted by a `force` hook this tick (no AI).
    pub forced: bool,
    pub pos: Vec2,
    /// Where the agent stood when the tick began.
    pub prev_pos: Vec2,
    /// Velocity after the tick (the movement step integrates `pos += vel · DT`).
    pub vel: Vec2,
    pub radius: f32,
    /// Hit points after the tick (a drop is a blow taken: the undefended-blows row).
    pub health: f32,
    /// Its slot (advancing gunners) or post.
    pub goal: Vec2,
    pub post: Vec2,
    /// Gunners: a clear lane to `lane_target`; the ally blocking the priority target.
    pub has_lane: bool,
    pub lane_target: Option<u32>,
    pub blocking_ally: Option<u32>,
    pub melee: MeleeSnap,
    /// Radians: the gunner's barrel (its beam rides it) and the body's facing (a
    /// blade's beam rides that).
    pub barrel: f32,
    pub facing: f32,
    /// Gunners: rounds in the magazine and reload ticks left (K1, K2).
    pub mag: u32,
    pub reload: u32,
}

impl AgentSnap {
    pub fn is_gunner(&self) -> bool {
        self.role == Role::Gunner
    }
    pub fn is_blade(&self) -> bool {
        self.role == Role::Blade
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EnemySnap {
    pub id: u32,
    pub kind: EnemyKind,
    pub alive: bool,
    pub pos: Vec2,
    /// Its velocity after the tick: its own move (a shove by the crowd moves the body
    /// without it).
    pub vel: Vec2,
    pub radius: f32,
}

impl EnemySnap {
    pub fn is_dummy(&self) -> bool {
        self.kind == EnemyKind::Dummy
    }
}

/// A spitter's projectile after the tick (T1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpitSnap {
    pub id: u32,
    pub enemy: u32,
    pub pos: Vec2,
    /// Where it was when the tick began.
    pub prev_pos: Vec2,
}

/// A flare as recorded: where it is (in flight or on the floor).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FlareSnap {
    pub id: u32,
    pub pos: Vec2,
}

/// A bullet in flight as recorded.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BulletSnap {
    pub id: u32,
    pub shooter: u32,
    pub pos: Vec2,
}

/// The world after one tick (frame `k` is the state after `k` ticks; frame 0 the start).
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    /// Ticks done (the world's tick counter).
    pub tick: u64,
    pub checksum: u64,
    /// The input this tick was stepped with (none for frame 0).
    pub input: TickInput,
    pub holding: bool,
    pub sprinting: bool,
    pub anchor: Vec2,
    pub leash: f32,
    pub urgency: f32,
    /// The resolved manual target.
    pub assigned: Option<u32>,
    pub agents: Vec<AgentSnap>,
    /// Sorted by id.
    pub enemies: Vec<EnemySnap>,
    pub bullets: Vec<BulletSnap>,
    pub spits: Vec<SpitSnap>,
    /// The player's flares in flight or burning (REQ K3), by id.
    pub flares: Vec<FlareSnap>,
    /// The squad's ammunition pool (K1; `None`: no end to it).
    pub ammo_pool: Option<u32>,
    /// This tick's events, in the order the simulation emitted them.
    pub events: Vec<Event>,
}

impl Frame {
    pub fn enemy(&self, id: u32) -> Option<&EnemySnap> {
        self.enemies
            .binary_search_by_key(&id, |e| e.id)
            .ok()
            .map(|i| &self.enemies[i])
    }

    /// This frame's event kinds.
    pub fn kinds(&self) -> impl Iterator<Item = &EventKind> {
        self.events.iter().map(|e| &e.kind)
    }

    /// The frame of `w` after a tick stepped with `input`.
    pub fn of(w: &World, input: TickInput) -> Frame {
        Frame {
            tick: w.tick(),
            checksum: w.checksum(),
            input,
            holding: w.state() == SquadState::Holding,
            sprinting: w.sprinting(),
            anchor: w.anchor().pos,
            leash: w.anchor().leash_dist,
            urgency: w.anchor().urgency,
            assigned: w.assigned(),
            agents: w
                .agents()
                .iter()
                .map(|a| AgentSnap {
                    id: a.id,
                    role: a.role,
                    alive: a.alive,
                    forced: a.forced,
                    pos: a.pos,
                    prev_pos: a.prev_pos,
                    vel: a.vel,
                    radius: a.radius,
                    health: a.health,
                    goal: w.goal_of(a),
                    post: a.post_pos,
                    has_lane: a.lane.has_lane,
                    lane_target: a.lane.target,
                    blocking_ally: a.lane.blocking_ally,
                    melee: MeleeSnap {
                        phase: a.melee.phase,
                        strike: a.melee.strike as u8,
                        cooldown: a.melee.cooldown,
                        combo_left: a.melee.combo_left,
                        target: a.melee.target,
                        axis: a.melee.axis,
                    },
                    barrel: a.barrel,
                    facing: a.facing,
                    mag: a.mag,
                    reload: a.reload,
                })
                .collect(),
            enemies: w
                .enemies()
                .iter()
                .map(|e| EnemySnap {
                    id: e.id,
                    kind: e.kind,
                    alive: e.alive,
                    pos: e.pos,
                    vel: e.vel,
                    radius: e.radius,
                })
                .collect(),
            bullets: w
                .bullets()
                .iter()
                .map(|b| BulletSnap {
                    id: b.id,
                    shooter: b.shooter,
                    pos: b.pos,
                })
                .collect(),
            spits: w
                .spits()
                .iter()
                .map(|s| SpitSnap {
                    id: s.id,
                    enemy: s.enemy,
                    pos: s.pos,
                    prev_pos: s.prev_pos,
                })
                .collect(),
            flares: w
                .tools()
                .flares
                .iter()
                .map(|f| FlareSnap {
                    id: f.id,
                    pos: f.pos,
                })
                .collect(),
            ammo_pool: w.ammo_pool(),
            events: w.events().to_vec(),
        }
    }
}

/// One scenario run, tick by tick.
#[derive(Clone, Debug)]
pub struct Recording {
    pub name: String,
    pub scenario: Scenario,
    pub map: Arc<Map>,
    pub tuning: Tuning,
    /// The files, tuning and seed of the set-up (what a save carries: E7.2).
    pub origin: sim::record::Origin,
    /// Frame 0 is the world before the first tick.
    pub frames: Vec<Frame>,
    /// The checksums of a second run of the same set-up, frame for frame (A11).
    pub repeat: Option<Vec<u64>>,
    /// Wall-clock seconds of the (first) run.
    pub seconds: f64,
}

impl Recording {
    /// Ticks run (frames after the start).
    pub fn ticks_run(&self) -> usize {
        self.frames.len().saturating_sub(1)
    }

    /// `(frame index, event)` of every event of the run, in order.
    pub fn events(&self) -> impl Iterator<Item = (usize, &EventKind)> {
        self.frames
            .iter()
            .enumerate()
            .flat_map(|(k, f)| f.events.iter().map(move |e| (k, &e.kind)))
    }

    /// The agents a `place` hook put somewhere.
    pub fn placed(&self) -> Vec<u32> {
        self.scenario
            .places
            .iter()
            .map(|(i, _)| *i as u32)
            .collect()
    }

    pub fn gunners(&self) -> Vec<u32> {
        self.frames[0]
            .agents
            .iter()
            .filter(|a| a.is_gunner())
            .map(|a| a.id)
            .collect()
    }

    pub fn blades(&self) -> Vec<u32> {
        self.frames[0]
            .agents
            .iter()
            .filter(|a| a.is_blade())
            .map(|a| a.id)
            .collect()
    }
}

/// Runs a set-up to its duration with the scripted route, recording every tick. With
/// `repeat` the set-up is run a second time for its checksums.
pub fn record(setup: &Setup, repeat: bool) -> Recording {
    let start = Instant::now();
    let frames = run_frames(setup, true, |_| {});
    let seconds = start.elapsed().as_secs_f64();
    let repeat = repeat.then(|| checksums(&run_frames(setup, false, |_| {})));
    recording(setup, frames, repeat, seconds)
}

/// A recording of a *broken world* (tests only; the release binary has no fault path):
/// `fault` edits the world after each tick, before the frame is taken (through the
/// world's test hooks `agent_mut`/`enemies_mut`); `repeat_fault`, when given, runs the
/// set-up a second time with its own edits for A11.
#[cfg(test)]
pub fn record_broken(
    setup: &Setup,
    fault: impl FnMut(&mut World),
    repeat_fault: Option<&mut dyn FnMut(&mut World)>,
) -> Recording {
    let frames = run_frames(setup, true, fault);
    let repeat = repeat_fault.map(|f| checksums(&run_frames(setup, false, f)));
    recording(setup, frames, repeat, 0.0)
}

fn checksums(frames: &[Frame]) -> Vec<u64> {
    frames.iter().map(|f| f.checksum).collect()
}

fn recording(
    setup: &Setup,
    frames: Vec<Frame>,
    repeat: Option<Vec<u64>>,
    seconds: f64,
) -> Recording {
    Recording {
        name: setup.scenario.name.clone(),
        scenario: setup.scenario.clone(),
        map: setup.map.clone(),
        tuning: setup.tuning.clone(),
        origin: setup.origin.clone(),
        frames,
        repeat,
        seconds,
    }
}

/// The frames of one run; without `full` only the checksums are kept (empty frames).
/// `after_tick` runs after every tick, before the frame is taken (a no-op outside tests).
fn run_frames(setup: &Setup, full: bool, mut after_tick: impl FnMut(&mut World)) -> Vec<Frame> {
    let mut s = Session::route(setup.clone());
    let total = s.end_tick();
    let mut frames = Vec::with_capacity(total as usize + 1);
    let snap = |w: &World, input: TickInput| {
        if full {
            Frame::of(w, input)
        } else {
            Frame {
                tick: w.tick(),
                checksum: w.checksum(),
                input,
                holding: false,
                sprinting: false,
                anchor: Vec2::ZERO,
                leash: 0.0,
                urgency: 0.0,
                assigned: None,
                agents: Vec::new(),
                enemies: Vec::new(),
                bullets: Vec::new(),
                spits: Vec::new(),
                flares: Vec::new(),
                ammo_pool: None,
                events: Vec::new(),
            }
        }
    };
    frames.push(snap(&s.world, TickInput::default()));
    // To the run's end, as in every mode (a mission's when it is won or failed, C1).
    s.run(Until::End, |s, input| {
        after_tick(&mut s.world);
        frames.push(snap(&s.world, input));
        ControlFlow::Continue(())
    });
    frames
}
