//! The cosmetics feed (REQ §25 X2): everything a run keeps beside the world that the
//! simulation never sees — the camera, the short-lived effects, the horror layer's
//! state (fog memory, tension, blood, tracers), the way to the objective and the enemies
//! seen (REQ W1–W3), the results' kill tally, and the sound
//! layer (REQ §21) when the run is heard — in one value that takes each tick's world
//! and events through one method, [`Cosmetics::absorb`]. A [`crate::session::Session`]
//! steps it after every tick in every mode that has it (the window, `--screenshot`,
//! `--soak`, `--audio-out`), so what the player sees and hears is a function of the
//! run, and the soak checks its bounds.

use crate::hud::HudFeed;
use sim::read::World;
use view::effects::EFFECTS_CAP;
use view::horror::tracers::{FLASH_CAP, TRAIL_CAP};
use view::screens::RunTally;
use view::sound::SoundLayer;
use view::way::recall::RECALL_CAP;
use view::{Camera, Effects, Guide, Horror, ViewState, ViewTuning};

pub struct Cosmetics {
    pub camera: Camera,
    pub effects: Effects,
    /// Stepped every tick even while it is not drawn (F3 off), so its fog memory and
    /// tension are right when it is.
    pub horror: Horror,
    /// The way to the objective and the enemies seen (REQ W1–W3): stepped every tick
    /// after the horror layer's fog; not saved (a loaded run finds its way again at
    /// its first tick, and its map starts with no enemies remembered).
    pub guide: Guide,
    pub tally: RunTally,
    /// The HUD's notices (an agent down, a formation change).
    pub hud: HudFeed,
    /// The sound layer, where the run is heard (live output or `--audio-out`): one block
    /// of samples per tick.
    pub sound: Option<SoundLayer>,
}

/// How many of each bounded thing the feed holds now (the soak's peaks).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub effects: usize,
    pub particles: usize,
    pub decals: usize,
    /// The grenades' scorch marks (REQ K5's burst, capped like the decals).
    pub scorches: usize,
    pub trail: usize,
    pub flashes: usize,
    /// The sound layer's voices playing.
    pub voices: usize,
    /// The enemies the map remembers (REQ W3).
    pub remembered: usize,
    /// REQ V3's particles alive, every kind together (each kind's own cap is checked
    /// by [`Cosmetics::over_bounds`]).
    pub fx: usize,
}

impl Counts {
    /// The larger of each count.
    pub fn max(self, o: Counts) -> Counts {
        Counts {
            effects: self.effects.max(o.effects),
            particles: self.particles.max(o.particles),
            decals: self.decals.max(o.decals),
            scorches: self.scorches.max(o.scorches),
            trail: self.trail.max(o.trail),
            flashes: self.flashes.max(o.flashes),
            voices: self.voices.max(o.voices),
            remembered: self.remembered.max(o.remembered),
            fx: self.fx.max(o.fx),
        }
    }
}

impl Cosmetics {
    /// A fresh feed for `world` (nobody has watched it yet): the camera on the anchor,
    /// the layer seeded with `seed` and having seen the world as it stands.
    pub fn new(world: &World, seed: u64, tuning: &ViewTuning) -> Cosmetics {
        let mut horror = Horror::new(world, seed, tuning.horror.clone());
        horror.absorb(world);
        let mut guide = Guide::new(tuning.way.clone());
        guide.absorb(world, &horror.fog);
        Cosmetics {
            camera: Camera::new(world.anchor().pos),
            effects: Effects::default(),
            horror,
            guide,
            tally: RunTally::default(),
            hud: HudFeed::new(world),
            sound: None,
        }
    }

    /// With the sound layer (silent until the next tick), seeded with `seed`.
    pub fn with_sound(mut self, seed: u64, tuning: &ViewTuning) -> Cosmetics {
        self.sound = Some(SoundLayer::new(seed, tuning.audio.clone()));
        self
    }

    /// The feed a save kept for `world` (its view state), drawn with `tuning`.
    pub fn restore(state: &[u8], world: &World, tuning: &ViewTuning) -> Result<Cosmetics, String> {
        let r = ViewState::decode(state, world, &tuning.horror)?;
        let mut guide = Guide::new(tuning.way.clone());
        guide.absorb(world, &r.horror.fog);
        Ok(Cosmetics {
            camera: r.camera,
            effects: r.effects,
            horror: r.horror,
            guide,
            tally: r.tally,
            hud: HudFeed::new(world),
            sound: None,
        })
    }

    /// What a save keeps of the feed.
    pub fn state(&self) -> ViewState {
        ViewState::of(&self.camera, &self.effects, &self.horror, &self.tally)
    }

    /// One simulation tick: call after every `tick` with the world it produced.
    pub fn absorb(&mut self, world: &World) {
        self.effects.absorb(world);
        self.horror.absorb(world);
        self.guide.absorb(world, &self.horror.fog);
        self.tally.absorb(world);
        self.hud.absorb(world);
        if let Some(s) = self.sound.as_mut() {
            s.absorb(world, &self.horror.tension);
        }
    }

    /// The tick's block of sound, where the run is heard.
    pub fn block(&self) -> Option<&audio::Block> {
        self.sound.as_ref().map(SoundLayer::block)
    }

    /// Eases the camera after the anchor (interpolated by `alpha`) over `dt` seconds.
    pub fn follow(&mut self, world: &World, alpha: f32, dt: f32) {
        self.camera.follow(view::camera_target(world, alpha), dt);
    }

    /// New render-only numbers (F5).
    pub fn set_tuning(&mut self, tuning: &ViewTuning) {
        self.horror.tuning = tuning.horror.clone();
        self.guide.tuning = tuning.way.clone();
        if let Some(s) = self.sound.as_mut() {
            s.set_tuning(tuning.audio.clone());
        }
    }

    pub fn counts(&self) -> Counts {
        let h = &self.horror;
        Counts {
            effects: self.effects.fx.len(),
            particles: h.blood.particles.len(),
            decals: h.blood.decals.len(),
            scorches: h.blasts.scorches.len(),
            trail: h.tracers.trail.len(),
            flashes: h.tracers.flashes.len(),
            voices: self.sound.as_ref().map_or(0, |s| s.mixer().voices()),
            remembered: self.guide.recall.len(),
            fx: h.particles.len() + h.particles.flashes.len(),
        }
    }

    /// The first bound the feed is over (effects, blood particles and decals, tracer
    /// pieces, muzzle flashes, the enemies the map remembers, each kind of particle —
    /// smoke, sparks and their flashes, bile droplets and puddles, gibs (REQ V3):
    /// bounded memory, REQ §19; the sound's voices, AU4), if any.
    pub fn over_bounds(&self) -> Option<String> {
        let c = self.counts();
        let t = &self.horror.tuning;
        let cap = self.sound.as_ref().map_or(0, |s| s.mixer().cap());
        let particles = self.horror.particles.counts(&t.particles);
        [
            ("effects", c.effects, EFFECTS_CAP),
            (
                "blood particles",
                c.particles,
                t.blood_particle_cap as usize,
            ),
            ("blood decals", c.decals, t.blood_decal_cap as usize),
            ("scorches", c.scorches, t.scorch_cap as usize),
            ("tracer pieces", c.trail, TRAIL_CAP),
            ("muzzle flashes", c.flashes, FLASH_CAP),
            ("voices", c.voices, cap),
            ("remembered enemies", c.remembered, RECALL_CAP),
        ]
        .iter()
        .chain(&particles)
        .find(|(_, n, cap)| n > cap)
        .map(|(what, n, cap)| format!("{n} {what}, over the bound {cap}"))
    }
}
