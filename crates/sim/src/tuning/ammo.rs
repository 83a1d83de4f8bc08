//! Ammunition (REQ §27 K1, K2): the gunners' magazines, the reload, the crates.

use serde::{Deserialize, Serialize};

use super::validator::Validator;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct AmmoTuning {
    /// Rounds in a gunner's magazine. 14 at the 0.35 s cooldown is 4.6 s of continuous
    /// fire: short enough that a fight needs a reload (at Alien Swarm's 7 s magazine
    /// reloads are rare and nothing is at stake), long enough to finish a small group.
    pub magazine: u32,
    /// Seconds a reload takes, without fire (≈ 2 s: a gap a player sees and hears, and
    /// the squad must cover).
    pub reload_time: f32,
    /// At or below this many rounds, a gunner with nothing in reach reloads (K2): a
    /// third of the magazine, so the next contact begins with most of one.
    pub low: u32,
    /// Rounds in an ammo crate (tile `A`): six magazines.
    pub crate_rounds: u32,
    /// A crate or a supply case is taken when the disk or a standing member of the squad
    /// passes within this distance of its tile's centre (half a tile and a little:
    /// passing over it is enough).
    pub pickup_radius: f32,
    /// What a supply case (tile `K`) holds: flares, medkits, grenades.
    pub case_flares: u32,
    pub case_medkits: u32,
    pub case_grenades: u32,
}

impl Default for AmmoTuning {
    fn default() -> Self {
        AmmoTuning {
            magazine: 14,
            reload_time: 2.0,
            low: 5,
            crate_rounds: 84,
            pickup_radius: 0.75,
            case_flares: 1,
            case_medkits: 1,
            case_grenades: 1,
        }
    }
}

impl AmmoTuning {
    /// Range checks of this section (dotted keys), into `v`.
    pub(crate) fn validate(&self, v: &mut Validator) {
        let t = self;
        v.range("ammo.magazine", t.magazine as f32, 1.0, 1000.0);
        v.range("ammo.reload_time", t.reload_time, 0.0, 60.0);
        v.range("ammo.low", t.low as f32, 0.0, t.magazine as f32);
        v.range("ammo.crate_rounds", t.crate_rounds as f32, 0.0, 1e6);
        v.range("ammo.pickup_radius", t.pickup_radius, 0.0, 8.0);
        v.range("ammo.case_flares", t.case_flares as f32, 0.0, 100.0);
        v.range("ammo.case_medkits", t.case_medkits as f32, 0.0, 100.0);
        v.range("ammo.case_grenades", t.case_grenades as f32, 0.0, 100.0);
    }
}
