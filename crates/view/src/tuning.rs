//! The view's sections of the tuning file (REQ §25): render-only numbers, read from the
//! same TOML text as the simulation's behaviour sections but never given to the
//! simulation, so changing them changes no checksum and no replay: the horror layer's
//! `[horror]`, the sound layer's `[audio]` and the way to the objective's `[way]`.

use serde::{Deserialize, Serialize};
use sim::tuning::{section_from_toml, to_toml_text, TuningError, Validator};

use crate::horror::tuning::HorrorTuning;
use crate::sound::tuning::AudioTuning;
use crate::way::tuning::WayTuning;

/// The render-only sections. Keys left out keep their defaults; unknown keys inside a
/// section are errors; the other top-level sections are the simulation's.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ViewTuning {
    pub horror: HorrorTuning,
    pub audio: AudioTuning,
    pub way: WayTuning,
}

impl ViewTuning {
    /// The top-level sections this reader owns (the simulation skips them).
    pub const SECTIONS: &'static [&'static str] = &["horror", "audio", "way"];

    /// Reads the view's sections of a tuning file (errors name `file:line:col`).
    pub fn from_toml(file: &str, text: &str) -> Result<ViewTuning, TuningError> {
        section_from_toml(file, text, |t: &ViewTuning, v| t.check(v))
    }

    /// The sections as TOML.
    pub fn to_toml(&self) -> String {
        to_toml_text(self)
    }

    /// Every section's range checks into `v`.
    fn check(&self, v: &mut Validator) {
        self.horror.validate(v);
        self.audio.validate(v);
        self.way.validate(v);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_views_sections_are_read_and_the_simulations_left_alone() {
        let text = "[lane]\nweapon_range = 7.0\n\n[horror]\nambient = 0.3\n";
        let t = ViewTuning::from_toml("t.toml", text).unwrap();
        assert_eq!(t.horror.ambient, 0.3);
        let d = ViewTuning::default();
        assert_eq!(ViewTuning::from_toml("d.toml", &d.to_toml()).unwrap(), d);
        let err = ViewTuning::from_toml("t.toml", "[horror]\n\nambeint = 0.3\n").unwrap_err();
        assert!(err.message.starts_with("t.toml:3:1:"), "{}", err.message);
        let err = ViewTuning::from_toml("t.toml", "[horror]\nambient = 3.0\n").unwrap_err();
        assert_eq!(
            err.message,
            "t.toml:2:1: `horror.ambient`: expected a number in [0, 1], found 3"
        );
    }
}
