//! `[horror.particles]` (REQ V3): the particles' numbers, a few per kind in the manner of
//! sfxr — how many a burst throws, how fast, how long they live, how big, what colour —
//! and each kind's hard cap (REQ §19: the oldest replaced). Render-only like the rest of
//! `[horror]`: in no checksum, no replay; unknown keys are errors.

use serde::{Deserialize, Serialize};
use sim::tuning::Validator;

/// An RGB colour, `[r, g, b]` 0..=255 (the `[horror]` section's `Rgb`; not imported,
/// since that section holds this one).
pub type Rgb = [u8; 3];

/// Muzzle smoke: a puff or two at the muzzle on every shot, pushed along the aim,
/// slowing, rising, swelling and thinning out; lit by whatever light it drifts through.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SmokeTuning {
    /// Puffs per shot.
    pub per_shot: u32,
    /// Puffs alive at once; a new one replaces the oldest.
    pub cap: u32,
    /// Seconds a puff lives (each lives 70–100 % of it).
    pub life: f32,
    /// Launch speed along the aim, u/s (the shot's blast pushes the smoke out).
    pub speed: f32,
    /// How far off the aim a puff may leave, degrees.
    pub spread_deg: f32,
    /// Velocity lost per second (1/s): the puff stops within a few tenths of a unit.
    pub drag: f32,
    /// Rising speed, u/s of height.
    pub rise: f32,
    /// Radius at birth and at death, world units.
    pub size: [f32; 2],
    /// Opacity at birth (0..1), fading to nothing.
    pub opacity: f32,
    pub color: Rgb,
}

/// Sparks where a bullet stops on a wall: short bright streaks thrown back off the face
/// (about the bullet's reflection), falling, bouncing on the floor, cooling; and a brief
/// small light at the hit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SparkTuning {
    /// Sparks per wall hit.
    pub per_hit: u32,
    /// Sparks alive at once; a new one replaces the oldest.
    pub cap: u32,
    /// Seconds a spark lives (each 50–100 % of it).
    pub life: f32,
    /// Launch speed off the wall, u/s.
    pub speed: f32,
    /// How far off the reflected bullet a spark may leave, degrees.
    pub spread_deg: f32,
    /// Launch speed upward, u/s of height (the most; each 20–100 % of it).
    pub lift: f32,
    /// Share of the vertical speed kept by a bounce on the floor.
    pub bounce: f32,
    /// The streak drawn behind a spark: its path over this many seconds.
    pub streak: f32,
    /// Colour while hot (young) and when cooled (old).
    pub hot: Rgb,
    pub cool: Rgb,
    /// The hit's flash: a small point light of this range (world units), intensity
    /// (units of 1.0) and colour for `flash_time` seconds (at most
    /// [`FLASH_CAP`](super::FLASH_CAP) at once).
    pub flash_range: f32,
    pub flash_intensity: f32,
    pub flash_color: Rgb,
    pub flash_time: f32,
}

/// Dust in the beams: motes floating in the air, drawn only where a flashlight's cone
/// reaches them unblocked. No state: each tile has its motes from a fixed hash of the
/// tile, wandering slowly about their place with the world's clock, so a mote is where
/// it was a frame ago and a replay draws the same.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct DustTuning {
    /// Motes per floor tile (a fraction: that share of tiles gets one more).
    pub per_tile: f32,
    /// The most motes drawn in one frame (in tile order: rows north to south).
    pub cap: u32,
    /// How far a mote wanders about its place, world units.
    pub wander: f32,
    /// Its wander's pace, radians per second.
    pub pace: f32,
    /// Lowest and highest a mote floats, world units of height.
    pub height: [f32; 2],
    /// Brightness of a mote in a full beam (0..1 of the beam's colour).
    pub level: f32,
    /// A mote's radius, drawing units (pixels at 720p).
    pub size: f32,
    /// How much a mote glints as it turns (0: steady, 1: fully out at times).
    pub twinkle: f32,
}

/// A spit's splash where it lands: bile droplets on arcs and a puddle left on the floor
/// (under the glowing pool the effects draw for its first seconds), fading.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SpitTuning {
    /// Droplets per splash.
    pub per_splash: u32,
    /// Droplets alive at once; a new one replaces the oldest.
    pub cap: u32,
    /// Launch speed out from the splash, u/s (each 30–100 % of it).
    pub speed: f32,
    /// Launch speed upward, u/s of height (each 30–100 % of it).
    pub lift: f32,
    /// A droplet's radius, drawing units.
    pub size: f32,
    /// Puddles kept; a new one replaces the oldest.
    pub puddle_cap: u32,
    /// Seconds a puddle takes to fade away.
    pub puddle_life: f32,
    /// A puddle's radius, world units.
    pub puddle_size: f32,
    /// The droplets' glow and the puddle's stain.
    pub color: Rgb,
    pub puddle: Rgb,
}

/// A brute's death: chunks of it thrown out on arcs (away from the killing blow), which
/// bounce once, land and lie as part of the corpse, fading with it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct GibTuning {
    /// Chunks per brute.
    pub per_brute: u32,
    /// Chunks kept, flying or lying; a new one replaces the oldest.
    pub cap: u32,
    /// Launch speed, u/s (each 40–100 % of it).
    pub speed: f32,
    /// Launch speed upward, u/s of height (each 50–100 % of it).
    pub lift: f32,
    /// Smallest and largest chunk's radius, world units.
    pub size: [f32; 2],
    /// Share of the vertical speed kept by the one bounce.
    pub bounce: f32,
    /// Its hide, the meat torn open on it, and the dark of its underside and of the
    /// smear it leaves.
    pub color: Rgb,
    pub flesh: Rgb,
    pub dark: Rgb,
}

/// Every kind's numbers.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ParticleTuning {
    pub smoke: SmokeTuning,
    pub sparks: SparkTuning,
    pub dust: DustTuning,
    pub spit: SpitTuning,
    pub gibs: GibTuning,
}

impl Default for SmokeTuning {
    fn default() -> Self {
        SmokeTuning {
            // Two puffs a shot, each its own speed: a short plume. A gunner fires about
            // 3 times a second (`fire.cooldown` 0.35 s), so a burst leaves a haze of
            // about 10 puffs in its beam, never a fog that hides the target (a third
            // puff a shot cost a quarter more of the particles' time for little to see).
            per_shot: 2,
            // 3 shots/s × 2 puffs × 1.8 s ≈ 11 alive a gunner: 64 holds five gunners
            // firing at once.
            cap: 64,
            life: 1.8,
            // 2.4 u/s slowed by `drag` 3/s: puffs of 60–100 % of it stop 0.5–0.8 u
            // past the muzzle, strung out along the beam's brightest part.
            speed: 2.4,
            spread_deg: 14.0,
            drag: 3.0,
            // Rises half a unit over its life: it climbs past head height and thins.
            rise: 0.3,
            // 2 px at the muzzle to 19 px across at 720p: a wisp, then a veil.
            size: [0.03, 0.3],
            // 0.35: in a beam a veil the floor shows through; in the dark it all but
            // vanishes (its albedo times the ambient), as smoke does.
            opacity: 0.35,
            // A mid grey: in the beam's full light (up to 2.0) it reads grey-white,
            // never the white of the light itself.
            color: [112, 112, 110],
        }
    }
}

impl Default for SparkTuning {
    fn default() -> Self {
        SparkTuning {
            // 9 a hit: enough to read as a burst at 720p, few enough that a burst of
            // misses is not a firework.
            per_hit: 9,
            // Five gunners all missing (3 shots/s) keep 4 hits' sparks alive (0.28 s):
            // 24; 128 is five times that.
            cap: 128,
            life: 0.3,
            // 7 u/s: a fan out about a unit before they drop (a ricochet's spray, not a
            // grenade's).
            speed: 7.0,
            spread_deg: 70.0,
            lift: 2.0,
            bounce: 0.35,
            // 30 ms of path: a streak 4–10 px long at 720p, the look of a spark caught
            // by the eye.
            streak: 0.03,
            hot: [255, 244, 200],
            cool: [255, 110, 30],
            // A pinprick of warm light on the wall and floor round the hit, shorter than
            // a muzzle flash (0.06 s): the hit reads as light without lighting the room.
            flash_range: 1.2,
            flash_intensity: 1.0,
            flash_color: [255, 196, 120],
            flash_time: 0.05,
        }
    }
}

impl Default for DustTuning {
    fn default() -> Self {
        DustTuning {
            // 2.5 a tile: a gunner's beam (8.5 u, ±12°) holds about 40 motes, a
            // visible haze of specks, not snow.
            per_tile: 2.5,
            // Five beams' worth.
            cap: 600,
            // A third of a unit about its place at 0.5 rad/s: drifting slowly (about
            // 0.15 u/s at most), never streaking.
            wander: 0.3,
            pace: 0.5,
            height: [0.15, 1.2],
            // 0.5 of the beam's colour at the beam's brightest: specks that catch the
            // light, dimmer than the lit floor round them.
            level: 0.5,
            size: 0.7,
            twinkle: 0.6,
        }
    }
}

impl Default for SpitTuning {
    fn default() -> Self {
        SpitTuning {
            per_splash: 12,
            // A spitter spits once in 2 s and a splash's droplets live under 0.5 s: 96
            // covers nine splashes at once, a room of spitters.
            cap: 96,
            // 2.6 u/s out, 1.8 u/s up: a crown of droplets landing within 0.4 s,
            // 0.3–1 u from the splash.
            speed: 2.6,
            lift: 1.8,
            // Under a pixel and a half: flecks, the splash's glow is the effects' pool.
            size: 0.8,
            // The newest 24 puddles: a spitter fight leaves its trail for a while.
            puddle_cap: 24,
            // 24 s: the stain outlives the 3 s glowing pool by far, and the fight.
            puddle_life: 24.0,
            puddle_size: 0.24,
            color: [140, 255, 60],
            // A dark, sickly green stain: seen in a beam, gone in the dark.
            puddle: [70, 110, 24],
        }
    }
}

impl Default for GibTuning {
    fn default() -> Self {
        GibTuning {
            // 7 chunks: a brute's death is an event, not a particle effect.
            per_brute: 7,
            // 8 brutes' worth: more than lie at once on any map (corpses fade at 30 s).
            cap: 56,
            // 2.2 u/s, 3 u/s up: arcs of about 0.65 s landing up to 1.4 u away.
            speed: 2.2,
            lift: 3.0,
            // 3–6 px chunks at 720p: the brute's own scale.
            size: [0.045, 0.095],
            bounce: 0.3,
            // The brute's own hide (`palette::BRUTE`, a shade darker), raw meat, and
            // blood's dark (`palette::BLOOD_DARK`).
            color: [96, 60, 70],
            flesh: [150, 22, 26],
            dark: [62, 4, 6],
        }
    }
}

impl ParticleTuning {
    /// Range checks (dotted keys under `horror.particles.`).
    pub fn validate(&self, v: &mut Validator) {
        let caps = |v: &mut Validator, key: &str, n: u32| {
            v.range(&format!("horror.particles.{key}"), n as f32, 0.0, 4096.0)
        };
        let s = &self.smoke;
        v.range(
            "horror.particles.smoke.per_shot",
            s.per_shot as f32,
            0.0,
            16.0,
        );
        caps(v, "smoke.cap", s.cap);
        v.range("horror.particles.smoke.life", s.life, 0.05, 10.0);
        v.range("horror.particles.smoke.speed", s.speed, 0.0, 20.0);
        v.range(
            "horror.particles.smoke.spread_deg",
            s.spread_deg,
            0.0,
            180.0,
        );
        v.range("horror.particles.smoke.drag", s.drag, 0.0, 60.0);
        v.range("horror.particles.smoke.rise", s.rise, -2.0, 5.0);
        for (i, r) in s.size.iter().enumerate() {
            v.range(&format!("horror.particles.smoke.size[{i}]"), *r, 0.0, 2.0);
        }
        v.range("horror.particles.smoke.opacity", s.opacity, 0.0, 1.0);
        let k = &self.sparks;
        v.range(
            "horror.particles.sparks.per_hit",
            k.per_hit as f32,
            0.0,
            64.0,
        );
        caps(v, "sparks.cap", k.cap);
        v.range("horror.particles.sparks.life", k.life, 0.02, 5.0);
        v.range("horror.particles.sparks.speed", k.speed, 0.0, 50.0);
        v.range(
            "horror.particles.sparks.spread_deg",
            k.spread_deg,
            0.0,
            90.0,
        );
        v.range("horror.particles.sparks.lift", k.lift, 0.0, 20.0);
        v.range("horror.particles.sparks.bounce", k.bounce, 0.0, 1.0);
        v.range("horror.particles.sparks.streak", k.streak, 0.0, 0.5);
        v.range(
            "horror.particles.sparks.flash_range",
            k.flash_range,
            0.1,
            16.0,
        );
        v.range(
            "horror.particles.sparks.flash_intensity",
            k.flash_intensity,
            0.0,
            2.0,
        );
        v.range("horror.particles.sparks.flash_time", k.flash_time, 0.0, 1.0);
        let d = &self.dust;
        v.range("horror.particles.dust.per_tile", d.per_tile, 0.0, 16.0);
        caps(v, "dust.cap", d.cap);
        v.range("horror.particles.dust.wander", d.wander, 0.0, 2.0);
        v.range("horror.particles.dust.pace", d.pace, 0.0, 20.0);
        v.range("horror.particles.dust.height[0]", d.height[0], 0.0, 3.0);
        v.range(
            "horror.particles.dust.height[1]",
            d.height[1],
            d.height[0],
            3.0,
        );
        v.range("horror.particles.dust.level", d.level, 0.0, 1.0);
        v.range("horror.particles.dust.size", d.size, 0.1, 8.0);
        v.range("horror.particles.dust.twinkle", d.twinkle, 0.0, 1.0);
        let p = &self.spit;
        v.range(
            "horror.particles.spit.per_splash",
            p.per_splash as f32,
            0.0,
            64.0,
        );
        caps(v, "spit.cap", p.cap);
        v.range("horror.particles.spit.speed", p.speed, 0.0, 20.0);
        v.range("horror.particles.spit.lift", p.lift, 0.0, 20.0);
        v.range("horror.particles.spit.size", p.size, 0.1, 8.0);
        caps(v, "spit.puddle_cap", p.puddle_cap);
        v.range(
            "horror.particles.spit.puddle_life",
            p.puddle_life,
            0.1,
            600.0,
        );
        v.range("horror.particles.spit.puddle_size", p.puddle_size, 0.0, 2.0);
        let g = &self.gibs;
        v.range(
            "horror.particles.gibs.per_brute",
            g.per_brute as f32,
            0.0,
            64.0,
        );
        caps(v, "gibs.cap", g.cap);
        v.range("horror.particles.gibs.speed", g.speed, 0.0, 20.0);
        v.range("horror.particles.gibs.lift", g.lift, 0.0, 20.0);
        v.range("horror.particles.gibs.size[0]", g.size[0], 0.0, 1.0);
        v.range("horror.particles.gibs.size[1]", g.size[1], g.size[0], 1.0);
        v.range("horror.particles.gibs.bounce", g.bounce, 0.0, 1.0);
    }
}
