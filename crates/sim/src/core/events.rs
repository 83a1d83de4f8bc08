//! Simulation events: this tick's list for observers (view, `--accept`) and a capped log
//! for the overlay tail (S9, bounded memory, REQ §19).

use crate::core::geom::Vec2;
pub use crate::core::kit::{Tool, ToolRefusal};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// Capacity of the rolling log.
pub const EVENT_LOG_CAP: usize = 256;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum VictimState {
    Moving,
    Standing,
    Forced,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum EventKind {
    /// A gunner fired: `bullet` is the id of the bullet now in flight (in
    /// `World::bullets` after this tick unless it hit on its first step).
    Shot {
        shooter: u32,
        bullet: u32,
        target: u32,
        muzzle: Vec2,
        aim: Vec2,
    },
    /// A gunner had everything but the ally-intercept test (S9).
    ShotWithheld {
        shooter: u32,
        ally: u32,
    },
    /// A bullet (`melee: false`, `shooter` a gunner) or a strike (`melee: true`,
    /// `shooter` a blade) hit an ally.
    FriendlyHit {
        shooter: u32,
        victim: u32,
        pos: Vec2,
        victim_state: VictimState,
        melee: bool,
    },
    EnemyHit {
        shooter: u32,
        enemy: u32,
        pos: Vec2,
    },
    EnemyKilled {
        enemy: u32,
        pos: Vec2,
    },
    BulletHitWall {
        pos: Vec2,
    },
    StateChanged {
        holding: bool,
    },
    Commit {
        agent: u32,
        from: Vec2,
        to: Vec2,
    },
    AgentDown {
        agent: u32,
        pos: Vec2,
    },
    EnemySpawned {
        enemy: u32,
    },
    /// An enemy began its windup on `target` (seed 003: the swing's telegraph).
    AttackStarted {
        enemy: u32,
        target: u32,
        windup: u32,
    },
    /// The windup ended on the snapshot target, in reach: the hit frame.
    DamageDealt {
        enemy: u32,
        agent: u32,
        amount: f32,
    },
    /// The windup ended but the target was gone or out of reach: `gap` is its surface
    /// distance at that moment (infinite when it was down).
    AttackWhiffed {
        enemy: u32,
        gap: f32,
    },
    /// A stagger broke the windup: no damage, cooldown not spent.
    AttackInterrupted {
        enemy: u32,
    },
    /// A blade began the windup of strike `strike` (0, 1, 2).
    StrikeStarted {
        blade: u32,
        strike: u8,
        target: u32,
    },
    /// A strike could start but the predicted sector held an ally (M4).
    StrikeWithheld {
        blade: u32,
        ally: u32,
    },
    /// An ally entered the sector during windup: no damage; `cooldown` is the blade's
    /// cooldown, unchanged by the cancel (M4, M7.7).
    StrikeCancelled {
        blade: u32,
        strike: u8,
        ally: u32,
        cooldown: u32,
    },
    StrikeActive {
        blade: u32,
        strike: u8,
    },
    StrikeRecovery {
        blade: u32,
        strike: u8,
    },
    StrikeEnded {
        blade: u32,
        strike: u8,
    },
    MeleeHit {
        blade: u32,
        enemy: u32,
        strike: u8,
        pos: Vec2,
    },
    /// A spitter's windup ended with its target standing: the projectile `spit` leaves
    /// `pos` along `dir` (T1; the release is the hit frame).
    SpitReleased {
        enemy: u32,
        spit: u32,
        target: u32,
        pos: Vec2,
        dir: Vec2,
    },
    /// A spit ended: on `agent` (dealing `amount`), or on a wall or the floor (`None`).
    SpitHit {
        enemy: u32,
        spit: u32,
        agent: Option<u32>,
        amount: f32,
        pos: Vec2,
    },
    /// A stalker was caught in a beam after being in the dark (T2).
    StalkerLit {
        enemy: u32,
    },
    /// The director entered `phase` at `intensity` (T3).
    DirectorPhase {
        phase: crate::core::pacing::Phase,
        intensity: f32,
    },
    /// Objective `objective` (its index in the scenario) became the squad's to do (C1).
    ObjectiveActive {
        objective: u32,
    },
    /// Objective `objective` was completed.
    ObjectiveDone {
        objective: u32,
    },
    /// Trigger `trigger` fired (its index in the scenario).
    TriggerFired {
        trigger: u32,
    },
    /// A trigger's line of text, `line` indexing the mission's lines.
    Said {
        line: u32,
    },
    /// Agent `agent` picked up item `item`.
    ItemPicked {
        item: u32,
        agent: u32,
    },
    /// The carrier of item `item` fell: the item lies at `pos`.
    ItemDropped {
        item: u32,
        pos: Vec2,
    },
    /// The mission ended: every objective done (`won`), or the squad down or out of
    /// time.
    /// A flare left the disk for `to` (REQ K3); it lands, burns, goes out.
    FlareThrown {
        flare: u32,
        from: Vec2,
        to: Vec2,
    },
    FlareLanded {
        flare: u32,
        pos: Vec2,
    },
    FlareOut {
        flare: u32,
    },
    /// A grenade left the disk for `to`, bursting in `fuse` ticks (REQ K5).
    GrenadeThrown {
        grenade: u32,
        from: Vec2,
        to: Vec2,
        fuse: u32,
    },
    GrenadeLanded {
        grenade: u32,
        pos: Vec2,
    },
    GrenadeBurst {
        grenade: u32,
        pos: Vec2,
        radius: f32,
    },
    /// The blast reached a body: an agent (a friendly hit) or an enemy.
    BlastHit {
        grenade: u32,
        agent: Option<u32>,
        enemy: Option<u32>,
        amount: f32,
        pos: Vec2,
    },
    /// The medkit began on `agent` (REQ K4), was interrupted, or gave back `amount`.
    HealStarted {
        agent: u32,
    },
    HealInterrupted {
        agent: u32,
    },
    Healed {
        agent: u32,
        amount: f32,
    },
    /// A use of `tool` the rules refused (nothing spent).
    ToolRefused {
        tool: Tool,
        why: ToolRefusal,
    },
    /// A gunner began a reload (REQ K1, K2), stopped one before it was done (a target
    /// came within reach while it still had rounds), or finished one with `rounds` more
    /// in its magazine.
    ReloadStarted {
        agent: u32,
    },
    ReloadStopped {
        agent: u32,
    },
    Reloaded {
        agent: u32,
        rounds: u32,
    },
    /// A gunner fired its last round and the squad's pool is empty: it is dry.
    OutOfAmmo {
        agent: u32,
    },
    /// The disk passed over an ammo crate (`rounds` into the pool) or a supply case (its
    /// charges into the kit).
    AmmoPicked {
        rounds: u32,
        at: Vec2,
    },
    SupplyPicked {
        flares: u32,
        medkits: u32,
        grenades: u32,
        at: Vec2,
    },
    MissionEnded {
        won: bool,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Event {
    pub tick: u64,
    pub kind: EventKind,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct EventLog {
    pub entries: VecDeque<Event>,
}

impl EventLog {
    pub fn push(&mut self, e: Event) {
        if self.entries.len() == EVENT_LOG_CAP {
            self.entries.pop_front();
        }
        self.entries.push_back(e);
    }
}

/// The events of the current tick and the run's bounded log: every system that reports
/// something writes here, the view and `--accept` read it.
#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize)]
pub struct Events {
    /// This tick's events, in the order they happened (cleared at the start of a tick).
    pub this_tick: Vec<Event>,
    pub log: EventLog,
}

impl Events {
    pub fn emit(&mut self, tick: u64, kind: EventKind) {
        let e = Event { tick, kind };
        self.log.push(e.clone());
        self.this_tick.push(e);
    }
}
