//! The disk and its elastic leash, urgency and sprint (REQ S3.3).

use serde::{Deserialize, Serialize};

use super::validator::Validator;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct AnchorTuning {
    /// Faster than the agents so starts and turns read instantly (S3.3).
    pub speed: f32,
    pub sprint_speed: f32,
    /// Collision radius of the disk against walls.
    pub radius: f32,
    /// Free distance from the squad centre (`anchorLeash`).
    pub leash: f32,
    /// Hard limit (`anchorLeashMax`).
    pub leash_max: f32,
    /// Between `leash` and `leash_max` the disk gets heavier: at the hard limit
    /// `1 - leash_drag` of its speed is left.
    pub leash_drag: f32,
    /// Leash distance at which urgency starts to rise from 0; it reaches 1 at `leash_max`.
    /// 2.0 puts the march equilibrium at urgency ≈ 0.56 (docs/core.md), below `sprint_at`.
    pub urgency_start: f32,
    /// Above this urgency the squad sprints and stops firing.
    pub sprint_at: f32,
    /// When movement input stops, the stretched leash relaxes: the disk glides back
    /// toward the squad centre until it is this close, so the holding squad gathers
    /// round the disk instead of standing three units behind it.
    pub settle_distance: f32,
    /// Speed of that snap-back, u/s: fast enough that within `hold_delay` the disk is
    /// back among the agents (A5), as an elastic would snap.
    pub settle_speed: f32,
    /// The squad waits for a straggler: while an agent lags behind its goal past the
    /// catch-up start (`movement.catch_up_start`, full at `+ catch_up_span`), the disk
    /// pulling away from the squad keeps `1 - straggler_wait` of its speed. Without it a
    /// straggler at the agents' top speed closes on a squad marching at its equilibrium
    /// speed at 0.42 u/s, and a blade back from a fight lags for seconds (A10).
    pub straggler_wait: f32,
    /// The disk pushed into a wall is "stopped by it" when the wall leaves less than this
    /// share of the step's progress along the input: a slide along a wall at 45° keeps
    /// half, so only a push into a corner or nearly head-on into a face counts (W4).
    pub blocked_share: f32,
    /// A disk stopped by a face is nudged along it round the nearer corner when the way
    /// on is open at most this far to the side: a tile and a skin, so a one-tile step in
    /// a corridor's side or a door's jamb beside the disk does not snag it, and a wall
    /// with no opening near stays a wall (W4).
    pub corner_nudge: f32,
}

impl Default for AnchorTuning {
    fn default() -> Self {
        AnchorTuning {
            speed: 3.3,
            sprint_speed: 4.8,
            radius: 0.25,
            leash: 2.4,
            leash_max: 3.6,
            leash_drag: 0.75,
            urgency_start: 2.0,
            sprint_at: 0.85,
            settle_distance: 0.3,
            settle_speed: 20.0,
            straggler_wait: 0.5,
            blocked_share: 0.25,
            corner_nudge: 1.2,
        }
    }
}

impl AnchorTuning {
    /// Range checks of this section (dotted keys), into `v`.
    pub(crate) fn validate(&self, v: &mut Validator) {
        let a = self;
        v.positive("anchor.speed", a.speed);
        v.positive("anchor.sprint_speed", a.sprint_speed);
        v.range("anchor.radius", a.radius, 0.0, 1.0);
        v.positive("anchor.leash", a.leash);
        v.range("anchor.leash_max", a.leash_max, a.leash + 0.01, 100.0);
        v.range("anchor.leash_drag", a.leash_drag, 0.0, 0.99);
        v.range(
            "anchor.urgency_start",
            a.urgency_start,
            0.0,
            a.leash_max - 0.01,
        );
        v.range("anchor.sprint_at", a.sprint_at, 0.0, 1.0);
        v.range("anchor.straggler_wait", a.straggler_wait, 0.0, 0.99);
        v.range("anchor.blocked_share", a.blocked_share, 0.0, 1.0);
        v.range("anchor.corner_nudge", a.corner_nudge, 0.0, 3.0);
        v.range(
            "anchor.settle_distance",
            a.settle_distance,
            0.0,
            a.leash_max,
        );
    }
}
