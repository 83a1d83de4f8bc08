//! Every number of the behaviour in one place (SPEC Q2): TOML with compiled-in defaults.
//!
//! Unknown keys are errors (serde `deny_unknown_fields`) and every value is range-checked
//! by [`Tuning::validate`], so a typo never silently falls back to a default. Timers are
//! given in seconds here and converted once to integer ticks by [`TickTuning`] (S1.2).

use serde::{Deserialize, Serialize};

pub mod horror;

pub use horror::{FlashlightTuning, HorrorTuning, PointLightTuning};

/// Simulation rate (S1.2).
pub const TICK_HZ: u32 = 60;
/// Seconds per tick.
pub const DT: f32 = 1.0 / TICK_HZ as f32;

/// `ticks = round(seconds * 60)`, the one rounding of a timer (half away from zero, done
/// in f64 so 0.15 s is exactly 9 ticks).
pub fn ticks(seconds: f32) -> u32 {
    let t = (seconds as f64 * TICK_HZ as f64).round();
    if t.is_finite() && t > 0.0 {
        t.min(u32::MAX as f64) as u32
    } else {
        0
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Tuning {
    pub squad: SquadTuning,
    pub anchor: AnchorTuning,
    pub formation: FormationTuning,
    pub lane: LaneTuning,
    pub solver: SolverTuning,
    pub movement: MovementTuning,
    pub fire: FireTuning,
    pub melee: MeleeTuning,
    pub enemy: EnemyTuning,
    /// Render-only: the horror layer (the simulation never reads it).
    pub horror: HorrorTuning,
}

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
    /// Agent walking speed, u/s.
    pub walk_speed: f32,
    /// Agent fast speed (Shift, or urgency 1), u/s.
    pub fast_speed: f32,
    /// Share of a body overlap with an enemy that moves the agent (the enemy takes the
    /// rest): the squad holds its ground against the crowd.
    pub body_push_share: f32,
}

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
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct FormationTuning {
    /// Multiplier of the preset offsets (`formationSpacing`).
    pub spacing: f32,
    /// At urgency 1 the formation is `1 + stretch` times wider and longer.
    pub stretch: f32,
    /// Distance between places of the column a formation folds into in a passage.
    pub column_gap: f32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct LaneTuning {
    /// The muzzle sits this far from the body centre toward the target (S4).
    pub muzzle_offset: f32,
    pub lane_half_width: f32,
    pub safety_margin: f32,
    pub weapon_range: f32,
    /// Enemies farther than this from an agent are not considered at all.
    pub acquisition_radius: f32,
    /// The reservation corridor is this times the LaneClear threshold: push agents out
    /// before a bullet flies (S7).
    pub reserve_scale: f32,
    /// `(1 - d / threshold) * avoid_strength`, saturated at 1 (S7).
    pub avoid_strength: f32,
}

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

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct MovementTuning {
    pub w_seek: f32,
    pub w_separation: f32,
    pub separation_radius: f32,
    /// Must exceed `w_separation`: stepping out of a lane beats keeping distance.
    pub w_lane_avoid: f32,
    pub w_target_push: f32,
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
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct FireTuning {
    pub cooldown: f32,
    /// The barrel must point within this many degrees of the aim point.
    pub aim_tolerance_deg: f32,
    /// Finite barrel turn rate, degrees per second.
    pub barrel_turn_rate_deg: f32,
    /// Fast enough that the flight over `weapon_range` is ≤ 0.4 s (S9).
    pub bullet_speed: f32,
    pub bullet_radius: f32,
    pub bullet_damage: f32,
    /// Manual mode in ADVANCING: fire at secondary targets when the assigned one has
    /// no lane (S5.2).
    pub free_fire_secondary: bool,
    /// Half-angle of the manual-aim cone that picks and cycles targets (S15).
    pub manual_cone_deg: f32,
}

/// Blades (SPEC §10). Arrays are per strike of the combo: slash, slash, heavy thrust.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct MeleeTuning {
    /// Sector reach from the body centre (M1).
    pub reach: [f32; 3],
    pub half_angle_deg: [f32; 3],
    /// Telegraph: rooted, facing fixed (M2).
    pub windup: [f32; 3],
    /// The lunge; hits resolve only here.
    pub active: [f32; 3],
    pub recovery: [f32; 3],
    pub damage: [f32; 3],
    /// Velocity kick given to an enemy hit, u/s (the thrust knocks back).
    pub knockback: [f32; 3],
    /// Seconds an enemy hit is interrupted.
    pub stagger: [f32; 3],
    /// After a recovery, the next strike chains if a target is in reach within this.
    pub combo_window: f32,
    /// The longer cooldown after strike 3 or a missed combo window (M3).
    pub combo_cooldown: f32,
    /// The lunge's own speed and acceleration; only walls constrain it.
    pub lunge_speed: f32,
    pub lunge_accel: f32,
    /// The discipline check grows the sector by this all round (M4).
    pub safety_margin: f32,
    /// Enemies this close to a blade are its melee targets.
    pub engage_radius: f32,
    /// A blade's post is this far beyond body contact with its target: the lunge closes it.
    pub standoff_gap: f32,
    /// Sector reservation: others are pushed out of a blade's sector grown by
    /// `safety_margin × reserve_scale` (S7's reserve for sectors).
    pub reserve_scale: f32,
    /// Approach directions the blade solver tries round its target (M5).
    pub directions: u32,
    /// Extra reach of the blades' post bound while advancing, beyond the solver's hard
    /// bound: the anchor leads the squad by ≈2.9 on the march.
    pub advance_bound_extra: f32,
}

/// One enemy kind (SPEC E4): body, weapon and steering weights (E1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct KindTuning {
    pub speed: f32,
    /// Max steering acceleration, u/s²: the crowd turns with inertia.
    pub accel: f32,
    pub radius: f32,
    pub health: f32,
    pub damage: f32,
    /// Attacks per second (seed 003: `intervalTicks = max(1, round(60 / attackSpeed))`).
    pub attack_speed: f32,
    /// Reach from body surface to body surface.
    pub reach: f32,
    /// The swing's hit frame and frame count: the windup is `hit_frame / frame_count` of
    /// the swing (integer ticks, one rounding only).
    pub hit_frame: u32,
    pub frame_count: u32,
    /// Velocity kick the hit gives the agent, u/s.
    pub knockback: f32,
    /// Pursuit predicts the target this many seconds ahead at most.
    pub pursuit_horizon: f32,
    pub w_pursuit: f32,
    pub w_flow: f32,
    /// Boids: the zombie crowd is strong separation, weak alignment and cohesion.
    pub w_separation: f32,
    pub separation_radius: f32,
    pub w_alignment: f32,
    pub w_cohesion: f32,
    pub neighbour_radius: f32,
    pub w_wander: f32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct EnemyTuning {
    /// The slow horde.
    pub shambler: KindTuning,
    /// Fast and fragile.
    pub runner: KindTuning,
    /// Long windup, heavy hit that knocks agents back.
    pub brute: KindTuning,
    pub dummy_radius: f32,
    /// Seconds an enemy is interrupted after a bullet hit.
    pub stagger_time: f32,
    /// The swing never plays longer than this, in ticks (seed 003 `MaxAttackAnimTicks`).
    pub max_attack_anim_ticks: u32,
    /// The windup is never shorter than this, in ticks: a telegraph one can read and
    /// interrupt (seed 003 `MinWindupTicks`).
    pub min_windup_ticks: u32,
    /// Seconds between flow-field rebuilds (the bounded rate of E2).
    pub flow_interval: f32,
    /// Enemies that see an agent closer than this steer straight at it; the others
    /// follow the flow field.
    pub sight_range: f32,
    /// Cell size of the neighbour grid.
    pub neighbour_cell: f32,
}

impl Default for SquadTuning {
    fn default() -> Self {
        SquadTuning {
            agent_count: 5,
            melee_count: 2,
            body_radius: 0.28,
            agent_health: 100.0,
            hold_delay: 0.15,
            walk_speed: 1.75,
            fast_speed: 2.7,
            body_push_share: 0.3,
        }
    }
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
            settle_speed: 12.0,
        }
    }
}

impl Default for FormationTuning {
    fn default() -> Self {
        FormationTuning {
            spacing: 0.8,
            stretch: 0.3,
            column_gap: 0.75,
        }
    }
}

impl Default for LaneTuning {
    fn default() -> Self {
        LaneTuning {
            muzzle_offset: 0.3,
            lane_half_width: 0.10,
            safety_margin: 0.15,
            weapon_range: 8.0,
            acquisition_radius: 9.0,
            reserve_scale: 1.8,
            avoid_strength: 2.0,
        }
    }
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

impl Default for MovementTuning {
    fn default() -> Self {
        MovementTuning {
            w_seek: 1.0,
            w_separation: 1.0,
            separation_radius: 0.7,
            w_lane_avoid: 2.4,
            w_target_push: 1.0,
            target_push_range: 0.15,
            w_wall_avoid: 1.2,
            wall_avoid_range: 0.25,
            arrive_radius: 0.6,
            steer_accel: 14.0,
            repath_interval: 0.5,
            catch_up_start: 3.0,
            catch_up_span: 1.0,
            tether_margin: 0.35,
            w_tether: 3.0,
        }
    }
}

impl Default for FireTuning {
    fn default() -> Self {
        FireTuning {
            cooldown: 0.35,
            aim_tolerance_deg: 5.0,
            barrel_turn_rate_deg: 540.0,
            bullet_speed: 24.0,
            bullet_radius: 0.04,
            bullet_damage: 25.0,
            free_fire_secondary: true,
            manual_cone_deg: 20.0,
        }
    }
}

impl Default for MeleeTuning {
    fn default() -> Self {
        MeleeTuning {
            reach: [1.1, 1.1, 1.4],
            half_angle_deg: [55.0, 55.0, 25.0],
            windup: [0.20, 0.18, 0.30],
            active: [0.10, 0.10, 0.12],
            recovery: [0.22, 0.22, 0.40],
            damage: [30.0, 30.0, 60.0],
            knockback: [0.0, 0.0, 3.0],
            stagger: [0.25, 0.25, 0.5],
            combo_window: 0.35,
            combo_cooldown: 0.6,
            lunge_speed: 3.0,
            lunge_accel: 40.0,
            safety_margin: 0.15,
            engage_radius: 4.0,
            standoff_gap: 0.3,
            reserve_scale: 1.8,
            directions: 12,
            advance_bound_extra: 0.6,
        }
    }
}

impl Default for KindTuning {
    fn default() -> Self {
        KindTuning {
            speed: 1.0,
            accel: 5.0,
            radius: 0.3,
            health: 70.0,
            damage: 8.0,
            attack_speed: 0.8,
            reach: 0.45,
            hit_frame: 4,
            frame_count: 7,
            knockback: 0.0,
            pursuit_horizon: 0.8,
            w_pursuit: 1.0,
            w_flow: 1.0,
            w_separation: 2.0,
            separation_radius: 0.8,
            w_alignment: 0.15,
            w_cohesion: 0.1,
            neighbour_radius: 1.5,
            w_wander: 0.3,
        }
    }
}

impl Default for EnemyTuning {
    fn default() -> Self {
        EnemyTuning {
            shambler: KindTuning::default(),
            runner: KindTuning {
                speed: 2.3,
                accel: 10.0,
                radius: 0.25,
                health: 30.0,
                damage: 5.0,
                attack_speed: 1.5,
                reach: 0.4,
                hit_frame: 2,
                frame_count: 6,
                w_separation: 1.6,
                w_alignment: 0.3,
                ..KindTuning::default()
            },
            brute: KindTuning {
                speed: 0.8,
                accel: 3.0,
                radius: 0.45,
                health: 240.0,
                damage: 25.0,
                attack_speed: 0.4,
                reach: 0.7,
                hit_frame: 6,
                frame_count: 8,
                knockback: 3.0,
                separation_radius: 1.1,
                ..KindTuning::default()
            },
            dummy_radius: 0.3,
            stagger_time: 0.2,
            max_attack_anim_ticks: 60,
            min_windup_ticks: 12,
            flow_interval: 0.5,
            sight_range: 9.0,
            neighbour_cell: 2.0,
        }
    }
}

/// A tuning file that could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TuningError {
    pub message: String,
}

impl std::fmt::Display for TuningError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for TuningError {}

impl Tuning {
    /// Parses a TOML tuning file. Keys left out keep their defaults; unknown keys and
    /// out-of-range values are errors naming `file:line:col` and the key.
    pub fn from_toml(file: &str, text: &str) -> Result<Tuning, TuningError> {
        let tuning: Tuning = toml::from_str(text).map_err(|e| {
            let (line, col) = match e.span() {
                Some(span) => line_col(text, span.start),
                None => (1, 1),
            };
            TuningError {
                message: format!("{file}:{line}:{col}: {}", e.message().trim()),
            }
        })?;
        tuning.validate().map_err(|(key, expected)| {
            let (line, col) = locate_key(text, &key).unwrap_or((1, 1));
            TuningError {
                message: format!("{file}:{line}:{col}: `{key}`: expected {expected}"),
            }
        })?;
        Ok(tuning)
    }

    /// The compiled-in defaults as TOML (what `--print-tuning` shows).
    pub fn to_toml(&self) -> String {
        // f32 fields widen to f64 on the way out (0.28 would print as
        // 0.2800000011920929); re-read each float through its shortest f32 spelling.
        fn tidy(v: &mut toml::Value) {
            match v {
                toml::Value::Float(f) => {
                    if let Ok(x) = format!("{}", *f as f32).parse::<f64>() {
                        *f = x;
                    }
                }
                toml::Value::Table(t) => t.iter_mut().for_each(|(_, v)| tidy(v)),
                toml::Value::Array(a) => a.iter_mut().for_each(tidy),
                _ => {}
            }
        }
        let mut value = match toml::Value::try_from(self) {
            Ok(v) => v,
            Err(_) => return String::new(),
        };
        tidy(&mut value);
        toml::to_string(&value).unwrap_or_default()
    }

    /// Range checks; on failure the dotted key and what was expected.
    pub fn validate(&self) -> Result<(), (String, String)> {
        let mut v = Validator::default();
        let s = &self.squad;
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
        v.positive("squad.walk_speed", s.walk_speed);
        v.range("squad.fast_speed", s.fast_speed, s.walk_speed, 100.0);
        v.range("squad.body_push_share", s.body_push_share, 0.0, 1.0);
        let a = &self.anchor;
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
        v.range(
            "anchor.settle_distance",
            a.settle_distance,
            0.0,
            a.leash_max,
        );
        v.positive("formation.spacing", self.formation.spacing);
        v.range("formation.stretch", self.formation.stretch, 0.0, 5.0);
        v.positive("formation.column_gap", self.formation.column_gap);
        let l = &self.lane;
        v.range("lane.muzzle_offset", l.muzzle_offset, 0.0, 2.0);
        v.range("lane.lane_half_width", l.lane_half_width, 0.0, 2.0);
        v.range("lane.safety_margin", l.safety_margin, 0.0, 2.0);
        v.positive("lane.weapon_range", l.weapon_range);
        v.positive("lane.acquisition_radius", l.acquisition_radius);
        v.range("lane.reserve_scale", l.reserve_scale, 1.0, 10.0);
        v.positive("lane.avoid_strength", l.avoid_strength);
        let so = &self.solver;
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
        let m = &self.movement;
        v.range("movement.w_seek", m.w_seek, 0.0, 100.0);
        v.range("movement.w_separation", m.w_separation, 0.0, 100.0);
        v.positive("movement.separation_radius", m.separation_radius);
        v.range("movement.w_lane_avoid", m.w_lane_avoid, 0.0, 100.0);
        v.range("movement.w_target_push", m.w_target_push, 0.0, 100.0);
        v.range("movement.target_push_range", m.target_push_range, 0.0, 5.0);
        v.range("movement.w_wall_avoid", m.w_wall_avoid, 0.0, 100.0);
        v.range("movement.wall_avoid_range", m.wall_avoid_range, 0.0, 5.0);
        v.positive("movement.arrive_radius", m.arrive_radius);
        v.positive("movement.steer_accel", m.steer_accel);
        v.positive("movement.repath_interval", m.repath_interval);
        v.range("movement.catch_up_start", m.catch_up_start, 0.0, 100.0);
        v.positive("movement.catch_up_span", m.catch_up_span);
        v.range("movement.tether_margin", m.tether_margin, 0.01, 5.0);
        v.range("movement.w_tether", m.w_tether, 0.0, 100.0);
        let f = &self.fire;
        v.range("fire.cooldown", f.cooldown, 0.0, 60.0);
        v.range("fire.aim_tolerance_deg", f.aim_tolerance_deg, 0.0, 180.0);
        v.positive("fire.barrel_turn_rate_deg", f.barrel_turn_rate_deg);
        v.positive("fire.bullet_speed", f.bullet_speed);
        v.range("fire.bullet_radius", f.bullet_radius, 0.0, 1.0);
        v.range("fire.bullet_damage", f.bullet_damage, 0.0, 1e6);
        v.range("fire.manual_cone_deg", f.manual_cone_deg, 0.0, 180.0);
        let me = &self.melee;
        for k in 0..3 {
            v.range("melee.reach", me.reach[k], 0.1, 10.0);
            v.range("melee.half_angle_deg", me.half_angle_deg[k], 1.0, 180.0);
            v.range("melee.windup", me.windup[k], 1.0 / 60.0, 10.0);
            v.range("melee.active", me.active[k], 1.0 / 60.0, 10.0);
            v.range("melee.recovery", me.recovery[k], 0.0, 10.0);
            v.range("melee.damage", me.damage[k], 0.0, 1e6);
            v.range("melee.knockback", me.knockback[k], 0.0, 100.0);
            v.range("melee.stagger", me.stagger[k], 0.0, 10.0);
        }
        v.range("melee.combo_window", me.combo_window, 0.0, 10.0);
        v.range("melee.combo_cooldown", me.combo_cooldown, 0.0, 60.0);
        v.range("melee.lunge_speed", me.lunge_speed, 0.0, 100.0);
        v.positive("melee.lunge_accel", me.lunge_accel);
        v.range("melee.safety_margin", me.safety_margin, 0.0, 5.0);
        v.positive("melee.engage_radius", me.engage_radius);
        v.range("melee.standoff_gap", me.standoff_gap, 0.0, 5.0);
        v.range("melee.reserve_scale", me.reserve_scale, 1.0, 10.0);
        v.range("melee.directions", me.directions as f32, 1.0, 64.0);
        v.range(
            "melee.advance_bound_extra",
            me.advance_bound_extra,
            0.0,
            10.0,
        );
        let e = &self.enemy;
        for (name, k) in [
            ("shambler", &e.shambler),
            ("runner", &e.runner),
            ("brute", &e.brute),
        ] {
            let key = |f: &str| format!("enemy.{name}.{f}");
            v.range(&key("speed"), k.speed, 0.0, 100.0);
            v.positive(&key("accel"), k.accel);
            v.range(&key("radius"), k.radius, 0.05, 2.0);
            v.positive(&key("health"), k.health);
            v.range(&key("damage"), k.damage, 0.0, 1e6);
            v.positive(&key("attack_speed"), k.attack_speed);
            v.range(&key("reach"), k.reach, 0.0, 10.0);
            v.range(&key("frame_count"), k.frame_count as f32, 1.0, 1000.0);
            v.range(
                &key("hit_frame"),
                k.hit_frame as f32,
                0.0,
                k.frame_count as f32 - 1.0,
            );
            v.range(&key("knockback"), k.knockback, 0.0, 100.0);
            v.range(&key("pursuit_horizon"), k.pursuit_horizon, 0.0, 10.0);
            for (f, w) in [
                ("w_pursuit", k.w_pursuit),
                ("w_flow", k.w_flow),
                ("w_separation", k.w_separation),
                ("w_alignment", k.w_alignment),
                ("w_cohesion", k.w_cohesion),
                ("w_wander", k.w_wander),
            ] {
                v.range(&key(f), w, 0.0, 100.0);
            }
            v.positive(&key("separation_radius"), k.separation_radius);
            v.positive(&key("neighbour_radius"), k.neighbour_radius);
        }
        v.range("enemy.dummy_radius", e.dummy_radius, 0.05, 2.0);
        v.range("enemy.stagger_time", e.stagger_time, 0.0, 10.0);
        v.range(
            "enemy.max_attack_anim_ticks",
            e.max_attack_anim_ticks as f32,
            1.0,
            10000.0,
        );
        v.range(
            "enemy.min_windup_ticks",
            e.min_windup_ticks as f32,
            0.0,
            10000.0,
        );
        v.positive("enemy.flow_interval", e.flow_interval);
        v.positive("enemy.sight_range", e.sight_range);
        v.range("enemy.neighbour_cell", e.neighbour_cell, 0.25, 16.0);
        self.horror.validate(&mut v);
        match v.error {
            Some(err) => Err(err),
            None => Ok(()),
        }
    }

    /// `|muzzle-lane axis − ally centre|` below which an ally blocks a lane:
    /// `bodyRadius + laneHalfWidth + safetyMargin` (0.53 with the defaults, S4).
    pub fn lane_threshold(&self) -> f32 {
        self.squad.body_radius + self.lane.lane_half_width + self.lane.safety_margin
    }

    /// The reservation corridor half-width (S7).
    pub fn reserve_threshold(&self) -> f32 {
        self.lane_threshold() * self.lane.reserve_scale
    }
}

#[derive(Default)]
pub(crate) struct Validator {
    error: Option<(String, String)>,
}

impl Validator {
    pub(crate) fn range(&mut self, key: &str, value: f32, lo: f32, hi: f32) {
        if self.error.is_none() && !(value.is_finite() && value >= lo && value <= hi) {
            self.error = Some((
                key.to_string(),
                format!("a number in [{lo}, {hi}], found {value}"),
            ));
        }
    }

    pub(crate) fn positive(&mut self, key: &str, value: f32) {
        if self.error.is_none() && !(value.is_finite() && value > 0.0) {
            self.error = Some((key.to_string(), format!("a number > 0, found {value}")));
        }
    }
}

/// 1-based line and column of byte `offset` in `text`.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// Finds `key = ...` of dotted `section.key` in TOML text (best effort, for messages):
/// `[section]` then `key = `, or a dotted `section.key = ` anywhere; comments ignored.
fn locate_key(text: &str, dotted: &str) -> Option<(usize, usize)> {
    // `horror.vignette[1]` is reported on the line of `vignette = [..]`.
    let dotted = dotted.split('[').next().unwrap_or(dotted);
    let (section, key) = dotted.rsplit_once('.')?;
    let mut in_section = false;
    for (i, line) in text.lines().enumerate() {
        let t = line.split('#').next().unwrap_or("").trim();
        if t.starts_with('[') {
            in_section = t.trim_matches(|c| c == '[' || c == ']').trim() == section;
            continue;
        }
        let Some((k, _)) = t.split_once('=') else {
            continue;
        };
        let k = k.trim();
        let dotted_here = k.split('.').map(str::trim).collect::<Vec<_>>().join(".");
        if (in_section && k == key) || dotted_here == dotted {
            let col = line.find(k.split('.').next().unwrap_or(k)).unwrap_or(0) + 1;
            return Some((i + 1, col));
        }
    }
    None
}

/// Every timer of the tuning, converted once to integer ticks (S1.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TickTuning {
    pub hold_delay: u32,
    pub solve_interval: u32,
    pub commit_time: u32,
    pub fire_cooldown: u32,
    pub repath_interval: u32,
    pub stagger: u32,
    pub strike_windup: [u32; 3],
    pub strike_active: [u32; 3],
    pub strike_recovery: [u32; 3],
    pub strike_stagger: [u32; 3],
    pub combo_window: u32,
    pub combo_cooldown: u32,
    pub flow_interval: u32,
}

impl TickTuning {
    pub fn from_tuning(t: &Tuning) -> TickTuning {
        TickTuning {
            hold_delay: ticks(t.squad.hold_delay),
            solve_interval: ticks(t.solver.interval).max(1),
            commit_time: ticks(t.solver.commit_time),
            fire_cooldown: ticks(t.fire.cooldown),
            repath_interval: ticks(t.movement.repath_interval).max(1),
            stagger: ticks(t.enemy.stagger_time),
            strike_windup: t.melee.windup.map(|s| ticks(s).max(1)),
            strike_active: t.melee.active.map(|s| ticks(s).max(1)),
            strike_recovery: t.melee.recovery.map(ticks),
            strike_stagger: t.melee.stagger.map(ticks),
            combo_window: ticks(t.melee.combo_window),
            combo_cooldown: ticks(t.melee.combo_cooldown),
            flow_interval: ticks(t.enemy.flow_interval).max(1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timers_round_once_half_away_from_zero() {
        assert_eq!(ticks(0.15), 9);
        assert_eq!(ticks(0.35), 21);
        assert_eq!(ticks(0.25), 15);
        assert_eq!(ticks(0.6), 36);
        assert_eq!(ticks(0.125), 8, "7.5 ticks rounds up");
        assert_eq!(ticks(0.0083), 0, "0.498 ticks rounds down");
        assert_eq!(ticks(-1.0), 0);
        assert_eq!(ticks(f32::NAN), 0);
    }

    #[test]
    fn defaults_are_valid_and_round_trip_through_toml() {
        let t = Tuning::default();
        t.validate().unwrap();
        let text = t.to_toml();
        assert_eq!(Tuning::from_toml("defaults.toml", &text).unwrap(), t);
        assert!((t.lane_threshold() - 0.53).abs() < 1e-6);
    }

    #[test]
    fn unknown_key_is_an_error_naming_file_line_and_key() {
        let err = Tuning::from_toml("t.toml", "[lane]\nweapon_range = 7.0\nweapon_rnage = 3.0\n")
            .unwrap_err();
        assert!(err.message.starts_with("t.toml:3:1:"), "{}", err.message);
        assert!(err.message.contains("weapon_rnage"), "{}", err.message);
    }

    #[test]
    fn out_of_range_value_names_the_key_and_its_line() {
        let err = Tuning::from_toml("t.toml", "[fire]\n\ncooldown = -2.0\n").unwrap_err();
        assert_eq!(
            err.message,
            "t.toml:3:1: `fire.cooldown`: expected a number in [0, 60], found -2"
        );
    }

    #[test]
    fn wrong_type_is_an_error() {
        let err = Tuning::from_toml("t.toml", "[squad]\nwalk_speed = \"fast\"\n").unwrap_err();
        assert!(err.message.starts_with("t.toml:2:"), "{}", err.message);
    }

    #[test]
    fn partial_file_keeps_other_defaults() {
        let t = Tuning::from_toml("t.toml", "[anchor]\nspeed = 4.0\n").unwrap();
        assert_eq!(t.anchor.speed, 4.0);
        assert_eq!(t.anchor.leash, AnchorTuning::default().leash);
    }
}
