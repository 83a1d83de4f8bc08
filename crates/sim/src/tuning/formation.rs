//! Formation presets' spacing, stretch and the column in passages (REQ S3.4).

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
    /// Seconds the column stands after the passage stops folding the slots: a squad
    /// walking past a pillar or a door frame would otherwise switch ring → column →
    /// ring within a few ticks, and every switch moves an agent's goal by up to the
    /// column's length (A10 measured the stragglers it made).
    pub column_hold: f32,
    /// How far (units along the heading) an agent must be ahead of the one in the
    /// column place before it to swap places with it: without it two agents walking
    /// side by side swap every tick.
    pub column_swap: f32,
}

impl Default for FormationTuning {
    fn default() -> Self {
        FormationTuning {
            spacing: 0.8,
            stretch: 0.3,
            column_gap: 0.75,
            column_hold: 0.75,
            column_swap: 0.5,
        }
    }
}

impl FormationTuning {
    /// Range checks of this section (dotted keys), into `v`.
    pub(crate) fn validate(&self, v: &mut Validator) {
        v.positive("formation.spacing", self.spacing);
        v.range("formation.stretch", self.stretch, 0.0, 5.0);
        v.positive("formation.column_gap", self.column_gap);
        v.range("formation.column_hold", self.column_hold, 0.0, 10.0);
        v.range("formation.column_swap", self.column_swap, 0.0, 10.0);
    }
}
