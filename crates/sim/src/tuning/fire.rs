//! Fire discipline and bullets (REQ S9, S5.2).

use serde::{Deserialize, Serialize};

use super::validator::Validator;

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
    /// S9.5: a shot whose centre line an ally could reach may aim this fraction of the
    /// target's radius to either side instead (0 = centre only). Half the radius still
    /// hits a target that moves as the lead predicts.
    pub aim_offset: f32,
    pub bullet_damage: f32,
    /// Manual mode in ADVANCING: fire at secondary targets when the assigned one has
    /// no lane (S5.2).
    pub free_fire_secondary: bool,
    /// Half-angle of the manual-aim cone that picks and cycles targets (REQ §15).
    pub manual_cone_deg: f32,
}

impl Default for FireTuning {
    fn default() -> Self {
        FireTuning {
            cooldown: 0.35,
            aim_tolerance_deg: 5.0,
            barrel_turn_rate_deg: 540.0,
            bullet_speed: 64.0,
            bullet_radius: 0.04,
            aim_offset: 0.5,
            bullet_damage: 25.0,
            free_fire_secondary: true,
            manual_cone_deg: 20.0,
        }
    }
}

impl FireTuning {
    /// Range checks of this section (dotted keys), into `v`.
    pub(crate) fn validate(&self, v: &mut Validator) {
        let f = self;
        v.range("fire.cooldown", f.cooldown, 0.0, 60.0);
        v.range("fire.aim_tolerance_deg", f.aim_tolerance_deg, 0.0, 180.0);
        v.positive("fire.barrel_turn_rate_deg", f.barrel_turn_rate_deg);
        v.positive("fire.bullet_speed", f.bullet_speed);
        v.range("fire.bullet_radius", f.bullet_radius, 0.0, 1.0);
        v.range("fire.aim_offset", f.aim_offset, 0.0, 0.9);
        v.range("fire.bullet_damage", f.bullet_damage, 0.0, 1e6);
        v.range("fire.manual_cone_deg", f.manual_cone_deg, 0.0, 180.0);
    }
}
