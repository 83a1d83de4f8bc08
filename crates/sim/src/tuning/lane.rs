//! The line-of-fire check and lane reservation (REQ S4, S7).

use serde::{Deserialize, Serialize};

use super::validator::Validator;

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

impl LaneTuning {
    /// Range checks of this section (dotted keys), into `v`.
    pub(crate) fn validate(&self, v: &mut Validator) {
        let l = self;
        v.range("lane.muzzle_offset", l.muzzle_offset, 0.0, 2.0);
        v.range("lane.lane_half_width", l.lane_half_width, 0.0, 2.0);
        v.range("lane.safety_margin", l.safety_margin, 0.0, 2.0);
        v.positive("lane.weapon_range", l.weapon_range);
        v.positive("lane.acquisition_radius", l.acquisition_radius);
        v.range("lane.reserve_scale", l.reserve_scale, 1.0, 10.0);
        v.positive("lane.avoid_strength", l.avoid_strength);
    }
}
