//! Blades (REQ §10).

use serde::{Deserialize, Serialize};

use super::validator::Validator;

/// Blades (REQ §10). Arrays are per strike of the combo: slash, slash, heavy thrust.
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
    /// A blade keeps its current target out to this many times `engage_radius`
    /// (hysteresis: a target that steps back is not dropped at once).
    pub keep_target_factor: f32,
    /// Self-defence while advancing: an enemy this close to a blade (centre to centre)
    /// is a target even beyond the post bound, and the blade may fight it from a spot no
    /// farther from the disk than it already stands. Without it a blade left behind the
    /// march walks away from the crowd on its heels and is struck from behind (A10 and
    /// the "blades engage" row measured it). The same 1.5 u as that row's contact.
    pub defend_radius: f32,
    /// Guarding the gunners (REQ S10.2): a melee enemy striking at a gunner (winding up
    /// on one, or with its body in its reach of one) this close to a blade (centre to
    /// centre) whose sector toward it is clear is that blade's target before any other.
    /// 0 (off) by default: at 2.5 u (a blade covers the half unit beyond the acceptance
    /// row's 2 u and still swings inside a shambler's 0.57 s windup) it trimmed blows on
    /// gunners where blades stand close (march_hard 9 → 3) but the curve's Long Dark
    /// reference fell to 17 of 20 wins on normal, below K7's 18 (docs/decisions.md).
    pub guard_reach: f32,
    /// A blade whose post is on the far side of its target walks round the body, this
    /// many degrees of the ring at a time (a steering point, not a path): straight at the
    /// post it would press into the target and stand there (the "blades engage" row).
    pub round_turn_deg: f32,
    /// The blade solver keeps a spot this far from the other blade and its post (the
    /// solver's too-close penalty): side by side at body contact each blade stands in
    /// the other's guarded sector unless the target is dead ahead, and neither strikes.
    /// At 1.2 u the other body takes ≈21° beyond the 55° half-angle.
    pub blade_spacing: f32,
    /// A swing need not be aimed at the target's centre: when an ally stands in the
    /// sector of the straight swing, the axis turns off the target, up to this fraction
    /// of the half-angle, in `swing_turn_steps` steps each side, so long as the target's
    /// centre stays inside the sector. Two blades side by side at body contact block each
    /// other's straight slashes; a slash turned 40° away from the partner clears it (the
    /// "blades engage" row measured blades that stood by a crowd and never hit).
    pub swing_turn_max: f32,
    pub swing_turn_steps: u32,
    /// Turn-taking at a choke (REQ S10.1): a Ready blade withheld this long only
    /// because up to `turn_allies` allies (its partner; gunners with `turn_gunners`)
    /// stand in its swing (without them a swing is clear) claims the turn, and they give
    /// way: they step out of that swing's guarded sector (a blade giving way starts no
    /// strike). 0.25 s, measured over 200 generated maps with gunners giving way: 0.15 s
    /// gave "blades engage" 104 of 117 and A10 189 of 200 (below its 95 %), 0.2 s 111 of
    /// 119 but A10 189, 0.25 s 109 of 119 with A10 191, 0.3 s 106 of 119 and mission 2's
    /// tunnel blade unhit (docs/decisions.md).
    pub turn_wait: f32,
    /// How long a turn claim lasts: a partner that cannot step out (a door's walls)
    /// gives way this long, then fights on and the waiting blade claims again after
    /// `turn_wait`. 0.6 s: two body widths at the run, and about one slash's cycle of
    /// the partner's own fighting lost.
    pub turn_give: f32,
    /// At most this many allies give way to one waiting blade: the partner and a gunner
    /// beside it at a door (mission 2's tunnels need both); a blade behind more of the
    /// squad than that waits for the next gap instead. 0 turns the turns off.
    pub turn_allies: u32,
    /// Whether gunners give way too while the squad advances, or only the partner blade.
    /// Off by default: on, mission 2's tunnel blade strikes (m2 and m4 pass every row)
    /// and 109 of 119 generated maps pass "blades engage", but the combat route fails it
    /// (a contact of blade 1 unhit) and A5 (3.46 u), and the curve's Long Dark reference
    /// wins 17 of 20 on normal, below K7's 18 (docs/decisions.md). Off: 108 of 120.
    pub turn_gunners: bool,
    /// Hemmed in (issue 36): a Ready blade whose every slash would take in an ally
    /// thrusts instead when the thrust's narrow sector is clear, in the slash's place in
    /// the combo. Off by default: on, "blades engage" rises from 90.5 % to 93.5 % of the
    /// maps with a contact over 600 generated seeds, but A10 on the CI's 200 falls to
    /// 189, below §26's 95 % (docs/decisions.md).
    pub hemmed_thrust: bool,
    /// The lunge stops this far short of body contact with its target (M6).
    pub lunge_stop_gap: f32,
    /// A blade recovering from a strike moves at this fraction of the squad's speed.
    pub recovery_speed_factor: f32,
    /// A ready blade this close to its post reserves its strike sector even before its
    /// target is in reach (gunners keep their lanes out of it early).
    pub reserve_at_post: f32,
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
            keep_target_factor: 1.25,
            defend_radius: 1.5,
            guard_reach: 0.0,
            round_turn_deg: 45.0,
            blade_spacing: 1.2,
            swing_turn_max: 0.8,
            swing_turn_steps: 2,
            turn_wait: 0.25,
            turn_give: 0.6,
            turn_allies: 2,
            turn_gunners: false,
            hemmed_thrust: false,
            lunge_stop_gap: 0.02,
            recovery_speed_factor: 0.5,
            reserve_at_post: 0.5,
        }
    }
}

impl MeleeTuning {
    /// Range checks of this section (dotted keys), into `v`.
    pub(crate) fn validate(&self, v: &mut Validator) {
        let me = self;
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
        v.range(
            "melee.defend_radius",
            me.defend_radius,
            0.0,
            me.engage_radius,
        );
        v.range("melee.guard_reach", me.guard_reach, 0.0, me.engage_radius);
        v.range("melee.round_turn_deg", me.round_turn_deg, 1.0, 180.0);
        v.range(
            "melee.blade_spacing",
            me.blade_spacing,
            0.0,
            me.engage_radius,
        );
        v.range("melee.swing_turn_max", me.swing_turn_max, 0.0, 1.0);
        v.range(
            "melee.swing_turn_steps",
            me.swing_turn_steps as f32,
            0.0,
            16.0,
        );
        v.range("melee.turn_wait", me.turn_wait, 0.0, 10.0);
        v.range("melee.turn_give", me.turn_give, 0.0, 10.0);
        v.range("melee.turn_allies", me.turn_allies as f32, 0.0, 8.0);
        v.range("melee.standoff_gap", me.standoff_gap, 0.0, 5.0);
        v.range("melee.reserve_scale", me.reserve_scale, 1.0, 10.0);
        v.range("melee.directions", me.directions as f32, 1.0, 64.0);
        v.range(
            "melee.advance_bound_extra",
            me.advance_bound_extra,
            0.0,
            10.0,
        );
        v.range(
            "melee.keep_target_factor",
            self.keep_target_factor,
            1.0,
            4.0,
        );
        v.range("melee.lunge_stop_gap", self.lunge_stop_gap, 0.0, 0.5);
        v.range(
            "melee.recovery_speed_factor",
            self.recovery_speed_factor,
            0.0,
            1.0,
        );
        v.range("melee.reserve_at_post", self.reserve_at_post, 0.0, 5.0);
    }
}
