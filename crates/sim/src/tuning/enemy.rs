//! Enemy kinds, attacks and the horde's steering (REQ §11).

use serde::{Deserialize, Serialize};

use super::validator::Validator;

/// One enemy kind (REQ E4): body, weapon and steering weights (E1).
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

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct EnemyTuning {
    /// The slow horde.
    pub shambler: KindTuning,
    /// Fast and fragile.
    pub runner: KindTuning,
    /// Long windup, heavy hit that knocks agents back.
    pub brute: KindTuning,
    /// Ranged (T1): keeps its distance and spits; `damage` is the spit's, `reach` the
    /// surface gap it spits from.
    pub spitter: KindTuning,
    /// The hunter in the dark (T2): `speed` is its run when unlit.
    pub stalker: KindTuning,
    /// The spitter's projectile and distance keeping.
    pub spit: SpitTuning,
    /// The stalker's fear of the light.
    pub stalk: StalkTuning,
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
    /// A wave's bodies appear up to this far (each axis) from their spawn point, so a
    /// crowd does not start stacked on one spot.
    pub spawn_jitter: f32,
    /// Most corpses kept on the floor (bounded memory, REQ §19); the oldest go first.
    pub corpse_cap: u32,
    /// A staggered enemy's velocity is multiplied by this every tick: it slides to a stop.
    pub stagger_damping: f32,
    /// Each enemy looks for a line of sight to its prey every this many ticks (staggered by\nid): the horde's sight costs a quarter, a reaction 67 ms late at most.
    pub sight_check_ticks: u32,
    /// A pursuing enemy stops at body contact plus this share of its reach (inside the\nreach, so its swing connects).
    pub close_in_reach_share: f32,
    /// Within this of that stop it arrives (brakes) instead of pursuing.
    pub close_in_slack: f32,
    /// The arrive behaviour's braking radius at the stop.
    pub close_in_arrive: f32,
    /// A wandering enemy turns by up to this many radians a tick (random, the world's RNG).
    pub wander_turn: f32,
    /// An enemy faces the way it moves once its speed² exceeds this ((0.1 u/s)²).
    pub facing_min_speed_sq: f32,
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
            // One spit every 2 s; 5 of 7 frames of the 60-tick swing: a 42-tick (0.7 s)
            // windup, long enough to see the head rear back and to step aside.
            spitter: KindTuning {
                speed: 1.4,
                accel: 6.0,
                radius: 0.3,
                health: 45.0,
                damage: 12.0,
                attack_speed: 0.5,
                reach: 8.0,
                hit_frame: 5,
                frame_count: 7,
                ..KindTuning::default()
            },
            // Faster than a running agent (3.0) in the dark; a short 15-tick windup
            // once it is on you; a high acceleration so a beam stops it dead.
            stalker: KindTuning {
                speed: 3.4,
                accel: 40.0,
                radius: 0.27,
                health: 55.0,
                damage: 14.0,
                attack_speed: 1.2,
                reach: 0.45,
                hit_frame: 1,
                frame_count: 4,
                w_separation: 1.0,
                w_alignment: 0.0,
                w_cohesion: 0.0,
                ..KindTuning::default()
            },
            spit: SpitTuning::default(),
            stalk: StalkTuning::default(),
            dummy_radius: 0.3,
            stagger_time: 0.2,
            max_attack_anim_ticks: 60,
            min_windup_ticks: 12,
            flow_interval: 0.5,
            sight_range: 9.0,
            neighbour_cell: 2.0,
            spawn_jitter: 0.9,
            corpse_cap: 256,
            stagger_damping: 0.8,
            sight_check_ticks: 4,
            close_in_reach_share: 0.6,
            close_in_slack: 0.6,
            close_in_arrive: 0.6,
            wander_turn: 0.3,
            facing_min_speed_sq: 0.01,
        }
    }
}

impl EnemyTuning {
    /// Range checks of this section (dotted keys), into `v`.
    pub(crate) fn validate(&self, v: &mut Validator) {
        let e = self;
        for (name, k) in [
            ("shambler", &e.shambler),
            ("runner", &e.runner),
            ("brute", &e.brute),
            ("spitter", &e.spitter),
            ("stalker", &e.stalker),
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
        v.range("enemy.spawn_jitter", e.spawn_jitter, 0.0, 2.0);
        v.range("enemy.corpse_cap", e.corpse_cap as f32, 0.0, 100000.0);
        v.range("enemy.stagger_damping", e.stagger_damping, 0.0, 1.0);
        v.range(
            "enemy.sight_check_ticks",
            e.sight_check_ticks as f32,
            1.0,
            600.0,
        );
        v.range(
            "enemy.close_in_reach_share",
            e.close_in_reach_share,
            0.0,
            1.0,
        );
        v.range("enemy.close_in_slack", e.close_in_slack, 0.0, 5.0);
        v.range("enemy.close_in_arrive", e.close_in_arrive, 0.01, 5.0);
        v.range("enemy.wander_turn", e.wander_turn, 0.0, 3.15);
        v.range(
            "enemy.facing_min_speed_sq",
            e.facing_min_speed_sq,
            0.0,
            100.0,
        );
        e.spit.validate(v);
        e.stalk.validate(v);
    }
}

/// The spitter's projectile (T1): a real body in flight, slower than a bullet (40 u/s),
/// so it is seen coming and can be stepped out of.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SpitTuning {
    /// Flight speed, u/s: 8 u/s crosses the 8 u spitting distance in one second.
    pub speed: f32,
    /// The projectile's radius (it hits a body its circle touches).
    pub radius: f32,
    /// Farthest it flies, u: a spit that misses flies on into the wall behind.
    pub range: f32,
    /// A spitter closer than this (surface gap) to its target backs away (it never
    /// closes to melee).
    pub keep_away: f32,
}

impl Default for SpitTuning {
    fn default() -> Self {
        SpitTuning {
            speed: 8.0,
            radius: 0.15,
            range: 20.0,
            keep_away: 4.0,
        }
    }
}

/// The stalker (T2): uses the dark, fears the beams.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct StalkTuning {
    /// Seconds a stalker backs off after the last tick a beam held it.
    pub back_off_time: f32,
    /// Its speed backing away from the light, u/s.
    pub back_off_speed: f32,
    /// Within this surface gap of its prey, unlit and in sight, it lunges.
    pub lunge_range: f32,
    /// Its lunge, u/s.
    pub lunge_speed: f32,
    /// It looks this far ahead for a dark way round a beam, u.
    pub lookahead: f32,
    /// The turns it tries off its way to stay dark, degrees (0, ±step, ±2 step, ...).
    pub turn_step_deg: f32,
    /// The squad perceives an unlit stalker only this close (centre to centre, u): at
    /// body contact, when it is already on you.
    pub sensed_within: f32,
}

impl Default for StalkTuning {
    fn default() -> Self {
        StalkTuning {
            back_off_time: 1.0,
            back_off_speed: 1.8,
            lunge_range: 2.5,
            lunge_speed: 6.0,
            lookahead: 1.5,
            turn_step_deg: 30.0,
            sensed_within: 1.2,
        }
    }
}

impl SpitTuning {
    pub(crate) fn validate(&self, v: &mut Validator) {
        v.range("enemy.spit.speed", self.speed, 0.1, 100.0);
        v.range("enemy.spit.radius", self.radius, 0.01, 1.0);
        v.range("enemy.spit.range", self.range, 0.1, 100.0);
        v.range("enemy.spit.keep_away", self.keep_away, 0.0, 100.0);
    }
}

impl StalkTuning {
    pub(crate) fn validate(&self, v: &mut Validator) {
        v.range("enemy.stalk.back_off_time", self.back_off_time, 0.0, 60.0);
        v.range(
            "enemy.stalk.back_off_speed",
            self.back_off_speed,
            0.0,
            100.0,
        );
        v.range("enemy.stalk.lunge_range", self.lunge_range, 0.0, 100.0);
        v.range("enemy.stalk.lunge_speed", self.lunge_speed, 0.0, 100.0);
        v.range("enemy.stalk.lookahead", self.lookahead, 0.0, 100.0);
        v.range("enemy.stalk.turn_step_deg", self.turn_step_deg, 1.0, 90.0);
        v.range("enemy.stalk.sensed_within", self.sensed_within, 0.0, 100.0);
    }
}
