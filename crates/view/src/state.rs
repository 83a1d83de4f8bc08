//! What the view keeps between frames, as data for a save (REQ §17): the camera, the
//! effects and the horror layer's lasting state. Animations (windups, strikes, swings)
//! are drawn from the world's state (phase and the tick it started), so they need
//! nothing here; fog memory, blood and tracers are history, so they are saved.

use serde::{Deserialize, Serialize};
use sim::read::World;

use crate::effects::Effects;
use crate::horror::tuning::HorrorTuning;
use crate::horror::{Horror, HorrorState};
use crate::iso::Camera;
use crate::screens::results::RunTally;

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ViewState {
    pub camera: Camera,
    pub effects: Effects,
    pub horror: HorrorState,
    /// The kills so far by gunners and blades (the results screen).
    pub tally: RunTally,
}

/// What the view keeps beside a world, restored.
pub struct Restored {
    pub camera: Camera,
    pub effects: Effects,
    pub horror: Horror,
    pub tally: RunTally,
}

impl ViewState {
    pub fn of(camera: &Camera, effects: &Effects, horror: &Horror, tally: &RunTally) -> ViewState {
        ViewState {
            camera: *camera,
            effects: effects.clone(),
            horror: horror.state(),
            tally: *tally,
        }
    }

    pub fn encode(&self) -> Vec<u8> {
        // Only plain data: postcard cannot fail on it.
        postcard::to_allocvec(self).unwrap_or_default()
    }

    /// Reads the view's part of a save for `world`: camera, effects, the layer (drawn
    /// with `horror`, the player's tuning, not the recorder's), tally.
    pub fn decode(bytes: &[u8], world: &World, horror: &HorrorTuning) -> Result<Restored, String> {
        let s: ViewState = postcard::from_bytes(bytes)
            .map_err(|e| format!("the view's state does not decode ({e})"))?;
        if !s.camera.center.is_finite() {
            return Err("the view's camera is damaged".into());
        }
        let horror = Horror::restored(world, s.horror, horror.clone())?;
        Ok(Restored {
            camera: s.camera,
            effects: s.effects,
            horror,
            tally: s.tally,
        })
    }
}
