//! A blade's melee state (§10), kept on its agent: the phase of its strike (ready →
//! windup → active → recovery) and its timers, the combo, what the strike has hit.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum StrikePhase {
    #[default]
    Ready,
    Windup,
    Active,
    Recovery,
}

/// What a strike has already hit (each body once per strike).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Struck {
    Agent(u32),
    Enemy(u32),
}

#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize)]
pub struct MeleeState {
    pub phase: StrikePhase,
    /// Ticks left in the current phase.
    pub phase_left: u32,
    /// The strike in progress or next: 0, 1 (slashes), 2 (thrust).
    pub strike: usize,
    /// Strike axis (radians), fixed at windup start.
    pub axis: f32,
    /// The melee target (enemy id).
    pub target: Option<u32>,
    /// The combo's place (0 or 1) a hemmed thrust in progress stands in for: the
    /// strike after it is that place's next (issue 36).
    pub hemmed: Option<usize>,
    /// Ticks left to chain the next strike of the combo.
    pub combo_left: u32,
    /// Ticks before a new combo may start.
    pub cooldown: u32,
    /// Bodies the current strike has hit.
    pub struck: Vec<Struck>,
    /// Current lunge speed, u/s.
    pub lunge: f32,
    /// Committed approach direction round the target (solver hysteresis).
    pub approach: Option<u32>,
    /// Tick the current phase started (the view animates from it).
    pub phase_started: u64,
    /// The last tick's strike was withheld (the event is logged once per episode).
    pub withheld: bool,
    /// Ticks a cancelled windup still roots the blade: the rest of the windup and the
    /// active window it had planned (a flinch). A gunner's shot already in flight had
    /// foreseen the blade rooted and then on its lunge; walking off from rest at once
    /// it would leave that prediction (S9.5).
    pub rooted: u32,
    /// Turn-taking at a choke (S10.1): the allies (the partner, gunners) whose bodies
    /// alone keep every swing of this Ready blade from being clear, the ticks it has
    /// waited on them, and the axis of the swing that would be clear without them.
    pub waits_on: Vec<u32>,
    pub waited: u32,
    pub wait_axis: f32,
    /// The blade this agent gives way to this tick: it steps out of that blade's swing
    /// (a blade giving way starts no strike).
    pub gives_way: Option<u32>,
}

impl MeleeState {
    /// In windup or active: the blade is committed to its strike.
    pub fn striking(&self) -> bool {
        matches!(self.phase, StrikePhase::Windup | StrikePhase::Active)
    }
}
