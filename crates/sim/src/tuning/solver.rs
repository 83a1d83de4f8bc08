//! The firing-position solver (REQ S6).

use serde::{Deserialize, Serialize};

use super::validator::Validator;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SolverTuning {
    /// Seconds between two solves of one agent; phases are staggered (S6).
    pub interval: f32,
    pub ring_radii: [f32; 3],
    pub directions: u32,
    /// Candidates closer than this to another agent (or its post) are rejected.
    pub min_agent_distance: f32,
    pub cohesion_radius: f32,
    /// `cohesion_radius + post_leash` is the hard bound from the anchor.
    pub post_leash: f32,
    pub w_lane: f32,
    pub w_coverage: f32,
    pub w_block: f32,
    pub w_move: f32,
    pub w_cohesion: f32,
    pub w_too_close: f32,
    pub min_engage_dist: f32,
    /// A better spot must beat the current one by more than this to be committed.
    pub hysteresis: f32,
    /// After a commit the agent walks to its post without re-solving for this long.
    pub commit_time: f32,
}

impl Default for SolverTuning {
    fn default() -> Self {
        SolverTuning {
            interval: 0.25,
            ring_radii: [0.8, 1.6, 2.4],
            directions: 12,
            min_agent_distance: 0.55,
            cohesion_radius: 2.1,
            post_leash: 1.0,
            w_lane: 100.0,
            w_coverage: 25.0,
            w_block: -35.0,
            w_move: -9.0,
            w_cohesion: -24.0,
            w_too_close: -60.0,
            min_engage_dist: 1.6,
            hysteresis: 15.0,
            commit_time: 0.6,
        }
    }
}

impl SolverTuning {
    /// Range checks of this section (dotted keys), into `v`.
    pub(crate) fn validate(&self, v: &mut Validator) {
        let so = self;
        v.positive("solver.interval", so.interval);
        for r in so.ring_radii {
            v.positive("solver.ring_radii", r);
        }
        v.range("solver.directions", so.directions as f32, 1.0, 64.0);
        v.range("solver.min_agent_distance", so.min_agent_distance, 0.0, 5.0);
        v.positive("solver.cohesion_radius", so.cohesion_radius);
        v.range("solver.post_leash", so.post_leash, 0.0, 10.0);
        v.range("solver.hysteresis", so.hysteresis, 0.0, 1000.0);
        v.range("solver.commit_time", so.commit_time, 0.0, 10.0);
        v.range("solver.min_engage_dist", so.min_engage_dist, 0.0, 20.0);
    }
}
