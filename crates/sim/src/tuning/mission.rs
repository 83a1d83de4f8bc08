//! Missions (REQ C1): the nests a mission can ask the squad to destroy, and how close
//! the squad must come to pick up an item.

use serde::{Deserialize, Serialize};

use super::validator::Validator;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct MissionTuning {
    /// A nest's hit points: 12 bullets, or a blade's combo and then some — long
    /// enough that the squad has to stand and burn it while its brood comes.
    pub nest_health: f32,
    /// A nest's body radius, world units (a static body, as a dummy's).
    pub nest_radius: f32,
    /// Seconds between a nest's broods.
    pub nest_every: f32,
    /// Bodies in one brood.
    pub nest_brood: u32,
    /// Most living bodies a nest has sent at once: a nest left alone does not fill the
    /// map.
    pub nest_cap: u32,
    /// A nest wakes when an agent comes this close (world units); asleep, it breeds
    /// nothing, so a mission's far nests do not flood the start.
    pub nest_wake: f32,
    /// An agent (or the anchor) this close to an item picks it up, world units.
    pub pickup_radius: f32,
}

impl Default for MissionTuning {
    fn default() -> Self {
        MissionTuning {
            nest_health: 300.0,
            nest_radius: 0.9,
            nest_every: 7.0,
            nest_brood: 2,
            nest_cap: 6,
            nest_wake: 18.0,
            pickup_radius: 1.5,
        }
    }
}

impl MissionTuning {
    pub(crate) fn validate(&self, v: &mut Validator) {
        v.range("mission.nest_health", self.nest_health, 1.0, 1e6);
        v.range("mission.nest_radius", self.nest_radius, 0.1, 2.0);
        v.range("mission.nest_every", self.nest_every, 0.5, 600.0);
        v.range("mission.nest_brood", self.nest_brood as f32, 0.0, 64.0);
        v.range("mission.nest_cap", self.nest_cap as f32, 0.0, 500.0);
        v.range("mission.nest_wake", self.nest_wake, 0.0, 512.0);
        v.range("mission.pickup_radius", self.pickup_radius, 0.1, 8.0);
    }
}
