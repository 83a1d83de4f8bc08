//! The `[way]` section of the tuning file (REQ W1–W3): the numbers of the way to the
//! objective, the zones on the floor and the map screen. Render-only, like `[horror]`
//! ([`crate::tuning::ViewTuning`]): in no checksum and no replay; unknown keys are
//! errors; F5 reloads it.

use serde::{Deserialize, Serialize};
use sim::tuning::Validator;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct WayTuning {
    /// Tiles of the path the floor trail shows ahead of the disk. Ten is about the
    /// screen's half-height at the default zoom: the trail reaches the next corner or
    /// two, and the arrow at the edge takes over beyond.
    pub trail_tiles: u32,
    /// Opacity of the trail's nearest mark (0..1); the farther ones fade to a third of it,
    /// so the trail reads as a direction and not as a wall of paint.
    pub trail_level: f32,
    /// Opacity of a zone's soft fill (0..1): enough to read the zone on a black floor
    /// (it glows), little enough to see blood and bodies through it.
    pub zone_fill: f32,
    /// Opacity of a zone's outline (0..1).
    pub zone_outline: f32,
    /// Seconds an enemy the squad saw stays on the map once out of sight: long enough to
    /// plan round a crowd left behind, short enough that the map does not fill with
    /// ghosts of the horde that moved on.
    pub recall_seconds: f32,
    /// Tiles another goal (a nest) must be nearer by the path than the one the way
    /// follows before the way turns to it. Without it a disk halfway between two nests
    /// swung the arrow end for end at every tile it crossed (mission 2's tunnel, 16 tiles
    /// from either); six is a short room's width, a small detour against a steady arrow.
    pub switch_tiles: f32,
    /// Degrees a second the off-screen arrow turns at most toward the path's first leg:
    /// a right-angle corner takes a quarter second (15 frames), quick enough to follow,
    /// slow enough that the eye sees it turn rather than jump.
    pub arrow_turn: f32,
}

impl Default for WayTuning {
    fn default() -> WayTuning {
        WayTuning {
            trail_tiles: 10,
            trail_level: 0.8,
            zone_fill: 0.14,
            zone_outline: 0.85,
            recall_seconds: 30.0,
            switch_tiles: 6.0,
            arrow_turn: 360.0,
        }
    }
}

impl WayTuning {
    /// Range checks (dotted keys under `way.`).
    pub fn validate(&self, v: &mut Validator) {
        v.range("way.trail_tiles", self.trail_tiles as f32, 1.0, 64.0);
        v.range("way.trail_level", self.trail_level, 0.0, 1.0);
        v.range("way.zone_fill", self.zone_fill, 0.0, 1.0);
        v.range("way.zone_outline", self.zone_outline, 0.0, 1.0);
        v.range("way.recall_seconds", self.recall_seconds, 0.0, 600.0);
        v.range("way.switch_tiles", self.switch_tiles, 0.0, 64.0);
        v.range("way.arrow_turn", self.arrow_turn, 30.0, 10_000.0);
    }
}
