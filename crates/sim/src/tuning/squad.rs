//! The squad's bodies, health, speeds and the hold delay (REQ S3.1, S3.2).

use serde::{Deserialize, Serialize};

use super::validator::Validator;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SquadTuning {
    /// Agents in the squad (S3.1).
    pub agent_count: u32,
    /// The first `melee_count` formation slots hold blades, the rest are gunners.
    pub melee_count: u32,
    pub body_radius: f32,
    pub agent_health: f32,
    /// Seconds without movement input before the squad switches to HOLDING (S3.2).
    pub hold_delay: f32,
    /// HOLDING also waits for the disk to settle among the agents (S3.3's snap-back), at
    /// most this long after the input stopped (a disk held off by a wall does not keep
    /// the squad marching). Holding at once, a blade fighting at the edge of the march
    /// stood 3.65 u from a disk still in flight (A5's bound is 3.38).
    pub hold_settle_max: f32,
    /// When the player's disk stays where it was put on letting go of the keys (the
    /// input's `disk_stays`, REQ W4), the squad walks up to it before it holds: HOLDING
    /// once every gunner is this close to its slot round the disk (a blade may be
    /// fighting: it is not waited for)…
    pub gather_distance: f32,
    /// …or this long after the input stopped (a gunner held off by a wall or a crowd
    /// does not keep the squad marching). From the march's equilibrium leash of 2.9 u a
    /// squad at walking speed gathers in ≈ 1.5 s (docs/core.md).
    pub gather_max: f32,
    /// Agent walking speed, u/s.
    pub walk_speed: f32,
    /// Agent fast speed (Shift, or urgency 1), u/s.
    pub fast_speed: f32,
    /// Share of a body overlap with an enemy that moves the agent (the enemy takes the
    /// rest): the squad holds its ground against the crowd.
    pub body_push_share: f32,
    /// Body contacts move an agent at most this fast, u/s (an overlap beyond it waits
    /// for the next ticks and for separation steering). S9.5: it bounds how far a shove
    /// can carry an ally off its course during a bullet's flight, so the ally-intercept
    /// test's reachable set covers every motion; 0.6 keeps a crowd from pushing the
    /// squad about while the few cm of overlap it leaves stay under the body's outline.
    pub body_push_max_speed: f32,
}

impl Default for SquadTuning {
    fn default() -> Self {
        SquadTuning {
            agent_count: 5,
            melee_count: 2,
            body_radius: 0.28,
            agent_health: 100.0,
            hold_delay: 0.15,
            hold_settle_max: 0.5,
            gather_distance: 0.5,
            gather_max: 2.5,
            walk_speed: 1.75,
            fast_speed: 2.7,
            body_push_share: 0.3,
            body_push_max_speed: 0.6,
        }
    }
}

impl SquadTuning {
    /// Range checks of this section (dotted keys), into `v`.
    pub(crate) fn validate(&self, v: &mut Validator) {
        let s = self;
        v.range("squad.agent_count", s.agent_count as f32, 1.0, 16.0);
        v.range(
            "squad.melee_count",
            s.melee_count as f32,
            0.0,
            s.agent_count as f32,
        );
        v.range("squad.body_radius", s.body_radius, 0.05, 1.0);
        v.positive("squad.agent_health", s.agent_health);
        v.range("squad.hold_delay", s.hold_delay, 0.0, 10.0);
        v.range(
            "squad.hold_settle_max",
            s.hold_settle_max,
            s.hold_delay,
            10.0,
        );
        v.range("squad.gather_distance", s.gather_distance, 0.05, 10.0);
        v.range("squad.gather_max", s.gather_max, s.hold_delay, 30.0);
        v.positive("squad.walk_speed", s.walk_speed);
        v.range("squad.fast_speed", s.fast_speed, s.walk_speed, 100.0);
        v.range("squad.body_push_share", s.body_push_share, 0.0, 1.0);
        v.range(
            "squad.body_push_max_speed",
            s.body_push_max_speed,
            0.0,
            100.0,
        );
    }
}
