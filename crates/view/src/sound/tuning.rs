//! The `[audio]` section of the tuning file (REQ §21): the sound layer's numbers —
//! volumes, the voice cap, the space model (distance, occlusion, pan), the crowd, the
//! squad's steps and breath, the heartbeat, the ambience. Render-only, the view's like
//! `[horror]`: in no checksum and no replay.

use serde::{Deserialize, Serialize};
use sim::tuning::Validator;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct AudioTuning {
    /// Linear volumes: everything, the game's sounds, the ambience (drone, distant
    /// noises, the crowd's bed), the menus. `master` sets the loudness: 0.43 puts the
    /// combat route and hold_director at −24 LUFS integrated (the console norm, EBU
    /// R128 / BS.1770; 0.8 before the mastering gave −19.9 and −20.8 with true peaks
    /// over full scale; `app/tests/mastering.rs` measures it).
    pub master: f32,
    pub effects: f32,
    pub ambience: f32,
    pub ui: f32,
    /// Voices playing at once; the quietest, least important go first (AU4).
    pub voices: u32,
    /// Within this distance of the listener (the anchor) a sound plays at full level,
    /// units.
    pub ref_distance: f32,
    /// Beyond `ref_distance` the level falls as `ref / (ref + rolloff · (d − ref))`.
    pub rolloff: f32,
    /// Sounds farther than this are not started at all, units.
    pub max_distance: f32,
    /// Level lost per wall tile between the source and the listener, dB (AU3).
    pub occlusion_db: f32,
    /// The low-pass behind one wall tile, Hz; each further tile halves it.
    pub occlusion_lowpass: f32,
    /// How far a source at the screen's edge pans (0 = mono, 1 = hard).
    pub pan_width: f32,
    /// Half the screen's width in world units along the screen's x (the camera shows
    /// about 20 units across): a source this far left of the listener is at the edge.
    pub pan_half_width: f32,
    /// Enemies within this radius of the listener feed the crowd's bed, units.
    pub crowd_radius: f32,
    /// Closeness-weighted enemies for a full bed.
    pub crowd_full: f32,
    /// Chance per second that a shambler within hearing moans.
    pub moan_rate: f32,
    /// Moans alive at once.
    pub moans_max: u32,
    /// A footstep per this distance walked, units.
    pub stride: f32,
    /// A footstep's level walking and sprinting. The steps are the cue the quiet
    /// stretches are heard by (0.3 / 0.45 before the mastering left them 10–20 dB under
    /// the drone; docs/decisions.md).
    pub footsteps: [f32; 2],
    /// Below this share of its health an agent breathes hard.
    pub breath_health: f32,
    /// Tension below which the heartbeat is not heard; its level at tension 1.
    pub heartbeat_from: f32,
    pub heartbeat_level: f32,
    /// The drone's level: a bed under the cues, 6 dB or more under the 200–2000 Hz band
    /// in the quiet stretches (0.35 before the mastering put its 20–200 Hz band 13–20 dB
    /// *over* the cues; docs/decisions.md).
    pub drone: f32,
    /// Seconds between distant noises, at least and at most (the cosmetic RNG picks):
    /// with the steps, what the quiet stretches are heard by (5–16 before the mastering).
    pub distant_every: [f32; 2],
    /// The shared room's reverb size 0..1.
    pub room: f32,
    /// Burning flares heard hissing at once (the nearest; REQ K3).
    pub flare_hisses: u32,
}

impl Default for AudioTuning {
    fn default() -> Self {
        AudioTuning {
            master: 0.43,
            effects: 1.0,
            ambience: 0.7,
            ui: 0.6,
            voices: 48,
            ref_distance: 3.0,
            rolloff: 0.45,
            max_distance: 30.0,
            occlusion_db: 7.0,
            occlusion_lowpass: 1400.0,
            pan_width: 0.85,
            pan_half_width: 10.0,
            crowd_radius: 9.0,
            crowd_full: 20.0,
            moan_rate: 0.05,
            moans_max: 5,
            stride: 0.8,
            footsteps: [1.0, 1.3],
            breath_health: 0.35,
            heartbeat_from: 0.12,
            heartbeat_level: 0.9,
            drone: 0.02,
            distant_every: [4.0, 11.0],
            room: 0.45,
            // Two: a second flare is heard beside the first, more only thicken the
            // hiss into a bed over the fight.
            flare_hisses: 2,
        }
    }
}

impl AudioTuning {
    /// Range checks (dotted keys under `audio.`).
    pub fn validate(&self, v: &mut Validator) {
        for (k, x) in [
            ("master", self.master),
            ("effects", self.effects),
            ("ambience", self.ambience),
            ("ui", self.ui),
        ] {
            v.range(&format!("audio.{k}"), x, 0.0, 2.0);
        }
        v.range("audio.voices", self.voices as f32, 1.0, 256.0);
        v.range("audio.ref_distance", self.ref_distance, 0.1, 50.0);
        v.range("audio.rolloff", self.rolloff, 0.0, 10.0);
        v.range("audio.max_distance", self.max_distance, 1.0, 500.0);
        v.range("audio.occlusion_db", self.occlusion_db, 0.0, 40.0);
        v.range(
            "audio.occlusion_lowpass",
            self.occlusion_lowpass,
            100.0,
            20000.0,
        );
        v.range("audio.pan_width", self.pan_width, 0.0, 1.0);
        v.positive("audio.pan_half_width", self.pan_half_width);
        v.positive("audio.crowd_radius", self.crowd_radius);
        v.positive("audio.crowd_full", self.crowd_full);
        v.range("audio.moan_rate", self.moan_rate, 0.0, 10.0);
        v.range("audio.moans_max", self.moans_max as f32, 0.0, 64.0);
        v.positive("audio.stride", self.stride);
        v.range("audio.footsteps[0]", self.footsteps[0], 0.0, 2.0);
        v.range("audio.footsteps[1]", self.footsteps[1], 0.0, 2.0);
        v.range("audio.breath_health", self.breath_health, 0.0, 1.0);
        v.range("audio.heartbeat_from", self.heartbeat_from, 0.0, 1.0);
        v.range("audio.heartbeat_level", self.heartbeat_level, 0.0, 2.0);
        v.range("audio.drone", self.drone, 0.0, 2.0);
        v.range("audio.distant_every[0]", self.distant_every[0], 0.1, 600.0);
        v.range(
            "audio.distant_every[1]",
            self.distant_every[1],
            self.distant_every[0],
            600.0,
        );
        v.range("audio.room", self.room, 0.0, 1.0);
        v.range("audio.flare_hisses", self.flare_hisses as f32, 0.0, 16.0);
    }
}
