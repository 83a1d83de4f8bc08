//! The `[horror]` section of the tuning file (REQ §13): numbers of the render-only horror
//! layer. The game has one tuning file (Q2), but the simulation reads only its behaviour
//! sections: this one is the view's ([`crate::tuning::ViewTuning`]), so it is in no
//! checksum and no replay (REQ §25). Unknown keys are errors here too, and F5 reloads
//! it with the rest.
//!
//! Light levels are in units of the surface's own colour: 1.0 shows the albedo as drawn,
//! 2.0 is the brightest a light buffer holds.

use serde::{Deserialize, Serialize};

use sim::tuning::Validator;

use crate::horror::particles::tuning::ParticleTuning;

/// An RGB colour, `[r, g, b]` 0..=255.
pub type Rgb = [u8; 3];

/// The most tension may desaturate the frame: beyond it the team colours, the enemies'
/// eyes and the blood drain to grey exactly when the player must read them. At 0.35 the
/// squad's neighbourhood keeps 62 % of its chroma at full tension (140 s of the route),
/// just above the 60 % the readability test holds.
pub const DESATURATE_MAX: f32 = 0.35;

/// The farthest a flashlight's spill reaches round its bearer, world units (its light
/// is drawn to twice that). A fixed bound: the beam's own range is gameplay tuning
/// (`[light]`, the simulation's), which this section does not see.
pub const SPILL_MAX: f32 = 4.0;

/// How a flashlight carried by an agent looks (H1). Its cone — range and half-angle —
/// is gameplay: the simulation's `[light]` section (`Tuning::light`), which its light
/// test reads too, so what the player sees lit is what a stalker shies from. Here only
/// its soft edge, level, colour and spill.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct FlashlightTuning {
    /// Soft edge outside the full beam, degrees: the light fades to zero over it.
    pub softness_deg: f32,
    /// Light at the bearer, in units of 1.0.
    pub intensity: f32,
    pub color: Rgb,
    /// Radius round the bearer lit in every direction (the beam's spill), world units:
    /// the agent and its feet never stand in its own darkness.
    pub spill: f32,
    /// Level of the spill relative to the beam.
    pub spill_level: f32,
}

/// A point light: lamps, muzzle flashes, tracers, the anchor's glow.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct PointLightTuning {
    pub range: f32,
    pub intensity: f32,
    pub color: Rgb,
}

/// A burning flare's light (REQ K3): the view's look of the simulation's. Its radius
/// follows the simulation's light (`tools.flare_light` × the flare's glow, which fades
/// over the last seconds of the burn) times `reach`, so the floor a stalker keeps out of
/// is lit and its edge fades out beyond.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct FlareLightTuning {
    /// The drawn light's radius over the simulation's.
    pub reach: f32,
    /// Light at the flare, in units of 1.0.
    pub intensity: f32,
    pub color: Rgb,
    /// The flame flickers by up to this share of its intensity.
    pub flicker: f32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct HorrorTuning {
    /// Light where no light reaches, units of 1.0: near black, so unlit floor reads black.
    pub ambient: f32,
    pub ambient_color: Rgb,
    /// Brightness of remembered tiles (seen before, not in sight now), drawn grey (H2).
    pub memory_level: f32,
    /// How far the squad sees in the dark, tiles (Euclidean, from each agent's tile):
    /// beyond it the map is memory even in a straight line of sight.
    pub sight_radius: u32,
    /// Gunners' lights ride the barrel: a narrow, long, white beam (its cone:
    /// `light.gunner`).
    pub gunner_light: FlashlightTuning,
    /// Blades carry a wider, shorter, warmer light along their facing (its cone:
    /// `light.blade`).
    pub blade_light: FlashlightTuning,
    /// Map lamps (`L`): warm, occluded like every light.
    pub lamp: PointLightTuning,
    /// Lamps flicker by up to this share of their intensity.
    pub lamp_flicker: f32,
    /// A shot's muzzle flash: a short point light at the muzzle.
    pub muzzle_flash: PointLightTuning,
    /// Seconds a muzzle flash lasts.
    pub muzzle_flash_time: f32,
    /// Each bullet in flight carries a small light.
    pub tracer_light: PointLightTuning,
    /// Each spitter's spit in flight glows: a small green light on the floor under it.
    pub spit_light: PointLightTuning,
    /// Seconds a tracer streak takes to fade after the bullet passed (H3).
    pub tracer_fade: f32,
    /// The anchor disk glows faintly.
    pub anchor_glow: PointLightTuning,
    /// A burning flare (K3).
    pub flare_light: FlareLightTuning,
    /// A flare in flight carries a small light of its own.
    pub flare_spark: PointLightTuning,
    /// A landed grenade's fuse light, while it blinks on (K5).
    pub fuse_light: PointLightTuning,
    /// A grenade's burst: a big, short point light.
    pub blast_flash: PointLightTuning,
    /// Seconds the burst's light takes to die.
    pub blast_flash_time: f32,
    /// The camera's kick at a burst, screen pixels (dying over the flash's time; none
    /// while paused).
    pub blast_shake_px: f32,
    /// Scorch marks kept on the floor; new ones replace the oldest (REQ §19).
    pub scorch_cap: u32,
    /// Blood particles sprayed per hit (H4).
    pub blood_per_hit: u32,
    /// Extra particles when a body falls.
    pub blood_per_kill: u32,
    /// Particles alive at once; new ones replace the oldest.
    pub blood_particle_cap: u32,
    /// Floor decals kept; new ones replace the oldest (bounded memory, REQ §19).
    pub blood_decal_cap: u32,
    /// Particle launch speed along the hit, u/s.
    pub blood_speed: f32,
    /// Enemies within this distance of an agent raise tension (H7).
    pub tension_radius: f32,
    /// Enemies (weighted by closeness) that alone make tension 1.
    pub tension_enemies_full: f32,
    /// Squad damage (health points, decaying) that alone makes tension 1.
    pub tension_damage_full: f32,
    /// Seconds for recent damage to fall to 1/e.
    pub tension_damage_memory: f32,
    /// Tension added per fallen agent.
    pub tension_per_fallen: f32,
    /// Seconds for tension to rise toward a higher target (1/e), and to decay.
    pub tension_rise: f32,
    pub tension_decay: f32,
    /// Heartbeat at tension 0 and 1, beats per minute.
    pub heartbeat_bpm: [f32; 2],
    /// Vignette strength (0..1) at tension 0 and 1; the heartbeat pulses it by
    /// `vignette_pulse` × tension.
    pub vignette: [f32; 2],
    pub vignette_pulse: f32,
    /// The vignette's strength, pulse included, never exceeds this: the corners close in
    /// but never go black (the middle of the frame, where the squad is, it never touches).
    pub vignette_max: f32,
    /// Film grain amplitude (0..1) at tension 0 and 1.
    pub grain: [f32; 2],
    /// Desaturation at tension 1 (none at 0), at most [`DESATURATE_MAX`].
    pub desaturate: f32,
    /// Camera shake at tension 1, screen pixels (grows with tension²; none while paused).
    pub shake_px: f32,
    /// Silhouettes: an enemy on a tile the squad sees now but that no light shows is drawn
    /// as a dark shape with a faint rim light and glowing eyes while it is within this
    /// distance of the nearest standing agent, world units; beyond it the dark hides it.
    pub silhouette_range: f32,
    /// Silhouettes fade out over the last stretch of the range, world units.
    pub silhouette_fade: f32,
    /// Light on a body above the ambient (units of 1.0) at which an enemy counts as lit
    /// (drawn as today, its eyes glowing in the scene); below it, it is that much a
    /// silhouette.
    pub silhouette_lit: f32,
    /// The silhouette's rim light: its colour, and its level (0..1 of that colour).
    pub rim_color: Rgb,
    pub rim_level: f32,
    /// A silhouette's eyes on the final frame, added after the post pass (so neither
    /// vignette nor desaturation dims them): 0..1 of their full glow.
    pub eye_glow: f32,
    /// Particles (REQ V3): muzzle smoke, sparks, dust in the beams, spit splashes,
    /// gibs (`[horror.particles.*]`).
    pub particles: ParticleTuning,
}

impl Default for FlashlightTuning {
    fn default() -> Self {
        FlashlightTuning {
            softness_deg: 9.0,
            intensity: 1.3,
            color: [255, 244, 214],
            spill: 1.3,
            spill_level: 0.35,
        }
    }
}

impl Default for PointLightTuning {
    fn default() -> Self {
        PointLightTuning {
            range: 4.6,
            intensity: 1.35,
            color: [255, 170, 90],
        }
    }
}

impl Default for FlareLightTuning {
    fn default() -> Self {
        FlareLightTuning {
            // 1.25: the light's falloff `(1 − d²/r²)²` puts 0.13 of the flare's level at
            // the simulation's edge (0.8 of the drawn radius) — a stalker shying there
            // is a shape at the rim, eyes shining — and 0.23 at 0.9 of it, where a
            // shambler milling round the flare reads lit.
            reach: 1.25,
            // 2.0, the most a light holds: the brightest light on the map near the flare
            // (a lamp is 1.35), a room's worth of red.
            intensity: 2.0,
            // A road flare's red, warmer than the bile green and the lamps' amber.
            color: [255, 112, 84],
            flicker: 0.18,
        }
    }
}

impl Default for HorrorTuning {
    fn default() -> Self {
        HorrorTuning {
            ambient: 0.17,
            ambient_color: [150, 160, 255],
            memory_level: 0.15,
            sight_radius: 12,
            gunner_light: FlashlightTuning::default(),
            blade_light: FlashlightTuning {
                softness_deg: 14.0,
                intensity: 1.2,
                color: [255, 214, 160],
                spill: 1.4,
                spill_level: 0.4,
            },
            lamp: PointLightTuning::default(),
            lamp_flicker: 0.12,
            muzzle_flash: PointLightTuning {
                range: 3.2,
                intensity: 1.3,
                color: [255, 214, 140],
            },
            muzzle_flash_time: 0.06,
            tracer_light: PointLightTuning {
                range: 1.6,
                intensity: 0.7,
                color: [255, 190, 110],
            },
            // 1.5 u, bile green: a pool of sick light moving over the floor, small enough
            // that the blob itself stays the brightest thing about it.
            spit_light: PointLightTuning {
                range: 1.5,
                intensity: 0.9,
                color: [140, 255, 60],
            },
            tracer_fade: 0.12,
            anchor_glow: PointLightTuning {
                range: 1.3,
                intensity: 0.35,
                color: [80, 230, 210],
            },
            flare_light: FlareLightTuning::default(),
            // A spark in flight: about a tracer's light, red.
            flare_spark: PointLightTuning {
                range: 1.8,
                intensity: 0.9,
                color: [255, 90, 60],
            },
            // A pinprick of red on the floor round the grenade as it blinks.
            fuse_light: PointLightTuning {
                range: 0.9,
                intensity: 0.9,
                color: [255, 40, 30],
            },
            // 8 u, full: the burst lights the whole room it is in for an instant —
            // past its 3.5 u blast, so the player sees what it caught.
            blast_flash: PointLightTuning {
                range: 8.0,
                intensity: 2.0,
                color: [255, 206, 150],
            },
            blast_flash_time: 0.35,
            blast_shake_px: 5.0,
            // 32 scorches: more grenades than a mission issues and picks up.
            scorch_cap: 32,
            blood_per_hit: 6,
            blood_per_kill: 14,
            blood_particle_cap: 1024,
            blood_decal_cap: 768,
            blood_speed: 2.6,
            tension_radius: 6.0,
            tension_enemies_full: 6.0,
            tension_damage_full: 60.0,
            tension_damage_memory: 4.0,
            tension_per_fallen: 0.25,
            tension_rise: 0.5,
            tension_decay: 3.5,
            heartbeat_bpm: [58.0, 138.0],
            vignette: [0.45, 0.8],
            vignette_pulse: 0.25,
            // 0.85: full tension plus the thump would ask 1.05, which blacks the corners
            // out; at 0.85 they keep 15 % and the middle quarter is untouched anyway.
            vignette_max: 0.85,
            // 0.10 at full tension (was 0.14): grain clamped at black lifts the dark into
            // a grey fizz that hides silhouettes; 0.10 still crawls, it no longer hides.
            grain: [0.06, 0.1],
            // 0.3 (was 0.55): at 0.55 (with the old grain and no vignette cap) the
            // squad's neighbourhood kept 44 % of its chroma at full tension and the team
            // colours read as grey; at 0.3 it keeps 66 %
            // (tests/horror.rs, full_tension_leaves_the_squad_readable).
            desaturate: 0.3,
            shake_px: 2.5,
            // 8 units: about a gunner beam's reach (8.5), so a shape seen in the dark is
            // one the beam can find by turning; 3.5 s of a runner's run, 8 s of a
            // shambler's walk: time to react. Beyond it, to the sight radius (12 tiles),
            // the dark still hides them: the fog of war's edge stays frightening.
            silhouette_range: 8.0,
            // 2 units: shapes come up out of the dark over a step or two instead of
            // popping in at the range.
            silhouette_fade: 2.0,
            // 0.3 above the ambient: a flashlight's spill (0.35) or a lamp's edge shows a
            // body in its colours; anything dimmer leaves it a shape.
            silhouette_lit: 0.3,
            // A cold moonlight blue, against the warm lamps and beams: the rim reads as
            // "something there", not as a light source.
            rim_color: [140, 160, 205],
            // 0.4 of that colour (luma ≈ 63 where fully drawn): a hairline edge that is
            // seen, never as bright as the lit squad.
            rim_level: 0.4,
            // 0.9: the eyes are the one bright thing on a silhouette (what the player
            // reads first), a little under a lit enemy's own glow.
            eye_glow: 0.9,
            particles: ParticleTuning::default(),
        }
    }
}

impl FlashlightTuning {
    fn validate(&self, v: &mut Validator, key: &str) {
        let k = |f: &str| format!("horror.{key}.{f}");
        v.range(&k("softness_deg"), self.softness_deg, 0.0, 180.0);
        v.range(&k("intensity"), self.intensity, 0.0, 2.0);
        v.range(&k("spill"), self.spill, 0.0, SPILL_MAX);
        v.range(&k("spill_level"), self.spill_level, 0.0, 1.0);
    }
}

impl PointLightTuning {
    fn validate(&self, v: &mut Validator, key: &str) {
        v.range(&format!("horror.{key}.range"), self.range, 0.1, 64.0);
        v.range(&format!("horror.{key}.intensity"), self.intensity, 0.0, 2.0);
    }
}

impl FlareLightTuning {
    fn validate(&self, v: &mut Validator) {
        v.range("horror.flare_light.reach", self.reach, 0.5, 3.0);
        v.range("horror.flare_light.intensity", self.intensity, 0.0, 2.0);
        v.range("horror.flare_light.flicker", self.flicker, 0.0, 1.0);
    }
}

impl HorrorTuning {
    /// Range checks (dotted keys under `horror.`).
    pub fn validate(&self, v: &mut Validator) {
        v.range("horror.ambient", self.ambient, 0.0, 1.0);
        v.range("horror.memory_level", self.memory_level, 0.0, 1.0);
        v.range("horror.sight_radius", self.sight_radius as f32, 1.0, 64.0);
        self.gunner_light.validate(v, "gunner_light");
        self.blade_light.validate(v, "blade_light");
        self.lamp.validate(v, "lamp");
        self.muzzle_flash.validate(v, "muzzle_flash");
        self.tracer_light.validate(v, "tracer_light");
        self.spit_light.validate(v, "spit_light");
        self.anchor_glow.validate(v, "anchor_glow");
        self.flare_light.validate(v);
        self.flare_spark.validate(v, "flare_spark");
        self.fuse_light.validate(v, "fuse_light");
        self.blast_flash.validate(v, "blast_flash");
        v.range("horror.blast_flash_time", self.blast_flash_time, 0.0, 2.0);
        v.range("horror.blast_shake_px", self.blast_shake_px, 0.0, 32.0);
        v.range("horror.scorch_cap", self.scorch_cap as f32, 0.0, 4096.0);
        v.range("horror.lamp_flicker", self.lamp_flicker, 0.0, 1.0);
        v.range("horror.muzzle_flash_time", self.muzzle_flash_time, 0.0, 1.0);
        v.range("horror.tracer_fade", self.tracer_fade, 0.0, 2.0);
        v.range("horror.blood_per_hit", self.blood_per_hit as f32, 0.0, 64.0);
        v.range(
            "horror.blood_per_kill",
            self.blood_per_kill as f32,
            0.0,
            256.0,
        );
        v.range(
            "horror.blood_particle_cap",
            self.blood_particle_cap as f32,
            0.0,
            65536.0,
        );
        v.range(
            "horror.blood_decal_cap",
            self.blood_decal_cap as f32,
            0.0,
            65536.0,
        );
        v.range("horror.blood_speed", self.blood_speed, 0.0, 50.0);
        v.positive("horror.tension_radius", self.tension_radius);
        v.positive("horror.tension_enemies_full", self.tension_enemies_full);
        v.positive("horror.tension_damage_full", self.tension_damage_full);
        v.positive("horror.tension_damage_memory", self.tension_damage_memory);
        v.range(
            "horror.tension_per_fallen",
            self.tension_per_fallen,
            0.0,
            1.0,
        );
        v.positive("horror.tension_rise", self.tension_rise);
        v.positive("horror.tension_decay", self.tension_decay);
        for (i, b) in self.heartbeat_bpm.iter().enumerate() {
            v.range(&format!("horror.heartbeat_bpm[{i}]"), *b, 10.0, 300.0);
        }
        for (i, x) in self.vignette.iter().enumerate() {
            v.range(&format!("horror.vignette[{i}]"), *x, 0.0, 1.0);
        }
        v.range("horror.vignette_pulse", self.vignette_pulse, 0.0, 1.0);
        v.range("horror.vignette_max", self.vignette_max, 0.0, 1.0);
        for (i, x) in self.grain.iter().enumerate() {
            v.range(&format!("horror.grain[{i}]"), *x, 0.0, 1.0);
        }
        v.range("horror.desaturate", self.desaturate, 0.0, DESATURATE_MAX);
        v.range("horror.shake_px", self.shake_px, 0.0, 32.0);
        v.range("horror.silhouette_range", self.silhouette_range, 0.0, 64.0);
        v.range(
            "horror.silhouette_fade",
            self.silhouette_fade,
            0.0,
            self.silhouette_range,
        );
        v.range("horror.silhouette_lit", self.silhouette_lit, 0.01, 2.0);
        v.range("horror.rim_level", self.rim_level, 0.0, 1.0);
        v.range("horror.eye_glow", self.eye_glow, 0.0, 1.0);
        self.particles.validate(v);
    }
}
