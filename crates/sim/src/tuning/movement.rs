//! The movement layers (REQ S8).

use serde::{Deserialize, Serialize};

use super::validator::Validator;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct MovementTuning {
    pub w_seek: f32,
    /// Stepping out of a spit's way (T1) beats every other wish: 3× the seek.
    pub w_dodge: f32,
    /// Seconds of a spit's flight ahead an agent reads: at 7 u/s, 5.6 u.
    pub dodge_horizon: f32,
    /// Clearance beyond the two bodies' radii the sidestep makes.
    pub dodge_margin: f32,
    /// Seconds a spit flies before the squad reacts to it.
    pub dodge_reaction: f32,
    pub w_separation: f32,
    pub separation_radius: f32,
    /// Must exceed `w_separation`: stepping out of a lane beats keeping distance.
    pub w_lane_avoid: f32,
    pub w_target_push: f32,
    /// An agent may close on another agent only as fast as it could still stop at this
    /// much overlap of the two bodies (`sqrt(2 · steer_accel · gap)`): they touch and
    /// shoulder, but the crowd does not press one inside the other.
    pub ally_brake_slack: f32,
    /// Enemies and targets push agents that come closer than contact plus this.
    pub target_push_range: f32,
    pub w_wall_avoid: f32,
    /// Walls closer than this to the body surface push the agent away.
    pub wall_avoid_range: f32,
    /// Seek brakes linearly inside this distance of the goal (arrive).
    pub arrive_radius: f32,
    /// Max change of velocity, u/s²: sharp turns take a few ticks, no teleporting.
    pub steer_accel: f32,
    /// Seconds between path re-plans of an agent whose straight seek is blocked.
    pub repath_interval: f32,
    /// An agent farther than this from its goal starts to hurry on its own: above the
    /// march equilibrium (≈2.7 behind the slot), so only the tail of a column and real
    /// stragglers speed up.
    pub catch_up_start: f32,
    /// Over this many more units the hurry goes from walk to fast speed.
    pub catch_up_span: f32,
    /// Holding: agents beyond the hard bound round the disk are pulled in, at full
    /// strength this far beyond it.
    pub tether_margin: f32,
    /// Weight of that pull; above `w_lane_avoid` so the bound wins.
    pub w_tether: f32,
    /// An agent with no target faces the way it walks once its speed² exceeds this
    /// ((0.2 u/s)²; slower, it keeps its facing instead of jittering).
    pub facing_min_speed_sq: f32,
    /// The tether's pull is capped at this (in units of `w_tether`).
    pub tether_max: f32,
    /// Longest path an agent plans, in tiles: the squad is never farther apart than this.
    pub path_max_tiles: u32,
    /// Node budget of one agent's path query (a 64×64 map has 4096 tiles).
    pub path_max_nodes: u32,
    /// A path waypoint within this distance counts as passed.
    pub waypoint_arrive: f32,
    /// A gunner falls back behind a blade (`squad::fall_back`) while an enemy's body is
    /// this close to its own; 0 turns it off.
    pub fall_back_gap: f32,
    /// … and a Ready blade stands within this of it (centre to centre).
    pub fall_back_blade: f32,
}

impl Default for MovementTuning {
    fn default() -> Self {
        MovementTuning {
            w_seek: 1.0,
            w_dodge: 3.0,
            dodge_horizon: 0.8,
            dodge_margin: 0.2,
            dodge_reaction: 0.25,
            w_separation: 1.0,
            separation_radius: 0.7,
            w_lane_avoid: 2.4,
            w_target_push: 1.0,
            target_push_range: 0.15,
            ally_brake_slack: 0.05,
            w_wall_avoid: 1.2,
            wall_avoid_range: 0.25,
            arrive_radius: 0.6,
            steer_accel: 14.0,
            repath_interval: 0.5,
            catch_up_start: 3.0,
            catch_up_span: 1.0,
            tether_margin: 0.35,
            w_tether: 3.0,
            facing_min_speed_sq: 0.04,
            tether_max: 1.5,
            path_max_tiles: 160,
            path_max_nodes: 6000,
            waypoint_arrive: 0.35,
            fall_back_gap: 0.0,
            fall_back_blade: 3.0,
        }
    }
}

impl MovementTuning {
    /// Range checks of this section (dotted keys), into `v`.
    pub(crate) fn validate(&self, v: &mut Validator) {
        let m = self;
        v.range("movement.w_seek", m.w_seek, 0.0, 100.0);
        v.range("movement.w_dodge", m.w_dodge, 0.0, 100.0);
        v.range("movement.dodge_horizon", m.dodge_horizon, 0.0, 10.0);
        v.range("movement.dodge_margin", m.dodge_margin, 0.0, 5.0);
        v.range("movement.dodge_reaction", m.dodge_reaction, 0.0, 10.0);
        v.range("movement.w_separation", m.w_separation, 0.0, 100.0);
        v.positive("movement.separation_radius", m.separation_radius);
        v.range("movement.w_lane_avoid", m.w_lane_avoid, 0.0, 100.0);
        v.range("movement.w_target_push", m.w_target_push, 0.0, 100.0);
        v.range("movement.target_push_range", m.target_push_range, 0.0, 5.0);
        v.range("movement.ally_brake_slack", m.ally_brake_slack, 0.0, 0.5);
        v.range("movement.w_wall_avoid", m.w_wall_avoid, 0.0, 100.0);
        v.range("movement.wall_avoid_range", m.wall_avoid_range, 0.0, 5.0);
        v.positive("movement.arrive_radius", m.arrive_radius);
        v.positive("movement.steer_accel", m.steer_accel);
        v.positive("movement.repath_interval", m.repath_interval);
        v.range("movement.catch_up_start", m.catch_up_start, 0.0, 100.0);
        v.positive("movement.catch_up_span", m.catch_up_span);
        v.range("movement.tether_margin", m.tether_margin, 0.01, 5.0);
        v.range("movement.w_tether", m.w_tether, 0.0, 100.0);
        v.range(
            "movement.facing_min_speed_sq",
            m.facing_min_speed_sq,
            0.0,
            100.0,
        );
        v.range("movement.tether_max", m.tether_max, 0.0, 10.0);
        v.range("movement.fall_back_gap", m.fall_back_gap, 0.0, 5.0);
        v.range("movement.fall_back_blade", m.fall_back_blade, 0.0, 20.0);
        v.range(
            "movement.path_max_tiles",
            m.path_max_tiles as f32,
            1.0,
            100000.0,
        );
        v.range(
            "movement.path_max_nodes",
            m.path_max_nodes as f32,
            1.0,
            10000000.0,
        );
        v.range("movement.waypoint_arrive", m.waypoint_arrive, 0.01, 5.0);
    }
}
