//! Formation presets' spacing, stretch and the column in passages (SPEC S3.4).

use serde::{Deserialize, Serialize};

use super::validator::Validator;

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

impl Default for FormationTuning {
    fn default() -> Self {
        FormationTuning {
            spacing: 0.8,
            stretch: 0.3,
            column_gap: 0.75,
        }
    }
}

impl FormationTuning {
    /// Range checks of this section (dotted keys), into `v`.
    pub(crate) fn validate(&self, v: &mut Validator) {
        v.positive("formation.spacing", self.spacing);
        v.range("formation.stretch", self.stretch, 0.0, 5.0);
        v.positive("formation.column_gap", self.column_gap);
    }
}
