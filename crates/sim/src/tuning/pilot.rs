//! The scripted route pilot (`driver::route`): how the scenario's "player" walks the
//! disk. Not the simulation's rules, but they shape every scripted run and `--accept`.

use serde::{Deserialize, Serialize};

use super::validator::Validator;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct PilotTuning {
    /// The disk counts as arrived at a waypoint within this distance.
    pub arrive: f32,
    /// The pilot waits for the squad once the leash's urgency comes within this of
    /// `anchor.sprint_at` (before the squad would sprint and stop firing).
    pub wait_margin: f32,
    /// While waiting, the pilot walks the disk back until it is within
    /// `anchor.settle_distance` plus this of the squad's centre.
    pub regroup_margin: f32,
}

impl Default for PilotTuning {
    fn default() -> Self {
        PilotTuning {
            arrive: 0.25,
            wait_margin: 0.05,
            regroup_margin: 0.5,
        }
    }
}

impl PilotTuning {
    /// Range checks of this section (dotted keys), into `v`.
    pub(crate) fn validate(&self, v: &mut Validator) {
        v.range("pilot.arrive", self.arrive, 0.01, 5.0);
        v.range("pilot.wait_margin", self.wait_margin, 0.0, 1.0);
        v.range("pilot.regroup_margin", self.regroup_margin, 0.0, 10.0);
    }
}
