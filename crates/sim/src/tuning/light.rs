//! The squad's flashlights as gameplay (REQ T2): each agent's beam is a cone along its
//! aim — a gunner's barrel, a blade's facing — with a range and a half-angle. The
//! simulation's light test (`space::light`) reads these numbers, and the view's
//! flashlights draw with the same ones, so what the player sees lit is what a stalker
//! shies from. How the beam *looks* (its soft edge, colour, spill) stays in the view's
//! `[horror]` section.

use serde::{Deserialize, Serialize};

use super::validator::Validator;

/// One flashlight's gameplay cone.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct BeamTuning {
    /// Reach of the beam, world units.
    pub range: f32,
    /// Half-angle of the full beam, degrees: a body whose outline enters it is lit.
    pub half_angle_deg: f32,
}

impl Default for BeamTuning {
    fn default() -> Self {
        BeamTuning {
            range: 8.5,
            half_angle_deg: 17.0,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct LightTuning {
    /// Gunners' lights ride the barrel: narrow and long.
    pub gunner: BeamTuning,
    /// Blades carry a wider, shorter light along their facing.
    pub blade: BeamTuning,
}

impl Default for LightTuning {
    fn default() -> Self {
        LightTuning {
            gunner: BeamTuning::default(),
            blade: BeamTuning {
                range: 5.0,
                half_angle_deg: 32.0,
            },
        }
    }
}

impl LightTuning {
    pub(crate) fn validate(&self, v: &mut Validator) {
        for (name, b) in [("gunner", &self.gunner), ("blade", &self.blade)] {
            v.range(&format!("light.{name}.range"), b.range, 0.1, 64.0);
            v.range(
                &format!("light.{name}.half_angle_deg"),
                b.half_angle_deg,
                0.0,
                180.0,
            );
        }
    }
}
