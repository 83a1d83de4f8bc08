//! A squad member: gunner or blade, with its lane evaluation and movement state.

use crate::combat::bullet::{Body, Hit, Hittable};
use crate::core::events::VictimState;
use crate::core::geom::Vec2;
use crate::nav::follow::PathFollow;
use crate::squad::blades::state::MeleeState;
use crate::tuning::{Tuning, DT};
use serde::{Deserialize, Serialize};

/// Layer 5 of the movement (S8), the one law of an agent's velocity: it approaches the
/// wished-for `desired` by at most `steer_accel × dt` per tick (what the ally-intercept
/// test and a grenade's escape plan both count on).
pub fn approach_velocity(vel: Vec2, desired: Vec2, t: &Tuning) -> Vec2 {
    vel + (desired - vel).clamp_length(t.movement.steer_accel * DT)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Role {
    Gunner,
    Blade,
}

/// The result of `evaluate_agent_lane` for one tick (S5), also read by the overlay.
#[derive(Clone, Copy, Debug, PartialEq, Default, Serialize, Deserialize)]
pub struct LaneEval {
    /// The enemy this agent would fire at now (its lane is clear).
    pub target: Option<u32>,
    /// The priority target: the assigned one, or the nearest live enemy in reach.
    pub priority: Option<u32>,
    /// Aim point (lead-corrected) toward `target`, or toward `priority` when no target.
    pub aim: Vec2,
    pub muzzle: Vec2,
    /// There is a clear lane to `target`.
    pub has_lane: bool,
    /// Toward the priority target: an ally is in the way.
    pub target_blocked_by_ally: bool,
    /// That ally (the lowest index inside the lane).
    pub blocking_ally: Option<u32>,
    /// Toward the priority target: a wall is in the way.
    pub target_blocked_by_wall: bool,
    /// "Has a target, only an ally is in the way": keeps the lane in the registry so the
    /// ally is pushed out of it (S7).
    pub lane_intent: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Agent {
    /// Index in the squad, 0-based.
    pub id: u32,
    pub role: Role,
    /// Formation slot index.
    pub slot: usize,
    pub pos: Vec2,
    pub prev_pos: Vec2,
    pub vel: Vec2,
    /// Body facing, radians.
    pub facing: f32,
    /// Barrel direction, radians; turns at a finite rate (S9).
    pub barrel: f32,
    pub radius: f32,
    pub health: f32,
    /// Health when whole: the tuning's `agent_health`, less for a campaign's recruit
    /// (REQ K6, the scenario's `squad_max`); the medkit heals toward it.
    pub max_health: f32,
    pub alive: bool,
    /// Where the solver (or the HOLDING stop) put this agent.
    pub post_pos: Vec2,
    /// Ticks left without re-solving after a commit (S6).
    pub commit_timer: u32,
    /// Ticks until the weapon may fire again.
    pub cooldown: u32,
    pub lane: LaneEval,
    /// The path round walls when the straight seek is blocked (S8).
    pub follow: PathFollow,
    /// Test hook (S2.2): scripted along a polyline, no AI.
    pub forced: bool,
    /// Blades: the strike state machine (REQ §10).
    pub melee: MeleeState,
    /// Gunners: rounds in the magazine (REQ K1).
    pub mag: u32,
    /// Gunners: ticks left of a reload; 0 = not reloading (no fire while it runs).
    pub reload: u32,
}

impl Agent {
    pub fn new(
        id: u32,
        role: Role,
        slot: usize,
        pos: Vec2,
        facing: f32,
        radius: f32,
        health: f32,
    ) -> Agent {
        Agent {
            id,
            role,
            slot,
            pos,
            prev_pos: pos,
            vel: Vec2::ZERO,
            facing,
            barrel: facing,
            radius,
            health,
            max_health: health,
            alive: true,
            post_pos: pos,
            commit_timer: 0,
            cooldown: 0,
            lane: LaneEval::default(),
            follow: PathFollow::default(),
            forced: false,
            melee: MeleeState::default(),
            // The default magazine; the world sets its tuning's (`World::new`).
            mag: crate::tuning::AmmoTuning::default().magazine,
            reload: 0,
        }
    }

    pub fn is_gunner(&self) -> bool {
        self.role == Role::Gunner
    }

    /// A gunner reloading (no fire until it is done).
    pub fn reloading(&self) -> bool {
        self.reload > 0
    }
}

/// A standing agent is a body bullets (but its own) and spits can meet.
impl Hittable for Agent {
    fn body(&self) -> Option<Body> {
        self.alive.then_some(Body {
            hit: Hit::Agent(self.id),
            pos: self.pos,
            radius: self.radius,
        })
    }
}

/// What an ally was doing when it was hit (the friendly-hit log's victim state).
pub fn victim_state(a: &Agent) -> VictimState {
    if a.forced {
        VictimState::Forced
    } else if a.vel.length() > 0.1 {
        VictimState::Moving
    } else {
        VictimState::Standing
    }
}
