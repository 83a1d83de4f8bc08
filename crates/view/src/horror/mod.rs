//! The horror layer (REQ §13, H1–H7): darkness and occluded light, fog of war with
//! memory, glowing tracers, blood, vignette, grain and tension. Render-only: it reads
//! `&World` and keeps its own cosmetic state ([`Horror`], owned by the app and stepped
//! once per simulation tick by [`Horror::absorb`]); the world is never written.
//!
//! A frame is drawn in stages:
//! 1. **scene** — the albedo: the floor (fog-aware), blood decals and corpses; later the
//!    markers and the sorted walls and bodies, each shape also stamped into the light
//!    buffer with its own light (see [`crate::canvas`]);
//! 2. **light** — the light buffer cleared to the ambient, then every light's visibility
//!    polygon filled with its falloff ([`lights`]);
//! 3. **fog** — where the squad does not see now, the floor's light replaced by memory
//!    ([`fog::resolve_floor`]);
//! 4. **post** — one fused pass `albedo × light`, desaturation, vignette and grain
//!    ([`raster::post_process`]), driven by [`tension`];
//! 5. what shines on the final frame: the eyes of silhouettes ([`silhouette`]: enemies in
//!    sight that no light shows), tracers and muzzle flashes, spits in flight, the
//!    player's tools (flares, the fuse, a burst's fire: [`blasts`]), the pickups' glints,
//!    the medkit's and the reloads' rings, lamp bulbs, blade arcs, sparks, the x-ray of
//!    agents and of the anchor disk behind walls.
//!
//! Particles (REQ V3, [`particles`]) ride along: puddles and lying chunks with the
//! decals, smoke and flying chunks after the bodies (lit where they are), sparks,
//! droplets and dust with the glows.

pub mod blasts;
pub mod blood;
pub mod fog;
pub mod fov;
pub mod gait;
pub mod lights;
pub mod particles;
pub mod silhouette;
pub mod tension;
pub mod tracers;
pub mod tuning;
pub mod vispoly;

use std::time::Instant;

use raster::{fill_ellipse, Framebuffer, Paint, PostParams, PostPass, Rgba};
use sim::read::{Grid, Rng, World};
use sim::tuning::DT;
use sim::Vec2;

use crate::bodies::{Glint, Shade};
use crate::canvas::Canvas;
use crate::effects::Effects;
use crate::horror::tuning::{HorrorTuning, DESATURATE_MAX};
use crate::interp::lerp_pos;
use crate::iso::{Camera, Iso, TILE_H, TILE_W};
use crate::palette as pal;
use crate::scene::{self, memory_tint, Lighting};
use crate::seen::Seen;
use crate::spits::draw_spits;
use crate::strikes::draw_strike_arcs;

use blasts::Blasts;
use blood::Blood;
use fog::Fog;
use gait::Gait;
use lights::{Light, LightScratch};
use particles::draw::ParticleFrame;
use particles::Particles;
use tension::Tension;
use tracers::Tracers;

/// Milliseconds per stage of the last frame drawn with the layer (REQ P4).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct StageTimes {
    pub scene_ms: f32,
    pub light_ms: f32,
    pub fog_ms: f32,
    pub post_ms: f32,
    /// Everything after the post pass (tracers, glows, x-ray).
    pub glow_ms: f32,
    /// The particles (REQ V3): settling the frame's (once, before the bands) and
    /// drawing them in each pass; not in the other stages' times.
    pub particles_ms: f32,
    /// Of `scene_ms`: the bodies (agents, enemies, the dead) and the props (wall and
    /// floor props, lamps) — parts of the scene stage, not stages of their own.
    pub bodies_ms: f32,
    pub props_ms: f32,
}

impl std::ops::AddAssign for StageTimes {
    /// Two bands drawn one after the other (on one thread): their times added.
    fn add_assign(&mut self, o: StageTimes) {
        self.scene_ms += o.scene_ms;
        self.light_ms += o.light_ms;
        self.fog_ms += o.fog_ms;
        self.post_ms += o.post_ms;
        self.glow_ms += o.glow_ms;
        self.particles_ms += o.particles_ms;
        self.bodies_ms += o.bodies_ms;
        self.props_ms += o.props_ms;
    }
}

impl StageTimes {
    pub fn total_ms(&self) -> f32 {
        self.scene_ms
            + self.light_ms
            + self.fog_ms
            + self.post_ms
            + self.glow_ms
            + self.particles_ms
    }
}

/// What the F1 overlay shows of the layer's state (the stage times come with the app's
/// [`crate::Timings`]: measured, so never part of a golden image).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Readout {
    pub tension: f32,
    pub target: f32,
    pub bpm: f32,
    pub lights_drawn: usize,
    pub live_tiles: usize,
    pub remembered_tiles: usize,
    pub particles: usize,
    pub decals: usize,
    /// Silhouettes whose eyes shone (enemies in sight, unlit, near the squad).
    pub silhouettes: usize,
    /// REQ V3's particles alive (smoke, sparks, droplets, puddles, chunks) and the dust
    /// motes drawn.
    pub fx: usize,
    pub motes: usize,
}

/// The layer's state: fog memory, tension, blood, tracers (stepped per tick) and the
/// frame's buffers (reused).
#[derive(Clone, Debug)]
pub struct Horror {
    /// The layer's numbers (the tuning file's `[horror]` section: the view's, never the
    /// simulation's).
    pub tuning: HorrorTuning,
    pub fog: Fog,
    pub tension: Tension,
    pub blood: Blood,
    pub tracers: Tracers,
    /// Grenade bursts: their flash, fire and sparks, and the scorches they left.
    pub blasts: Blasts,
    /// The bodies' odometers (their walk cycles).
    pub gait: Gait,
    /// Smoke, sparks, spit splashes, gibs (REQ V3).
    pub particles: Particles,
    lights: Vec<Light>,
    /// The frame's lights' polygons on screen.
    scratch: LightScratch,
    /// Cosmetic randomness of the frame (grain), never `World::rng`.
    grain_rng: Rng,
    /// The frame's standing agents (silhouettes are measured from them).
    squad: Vec<Vec2>,
    /// The frame as [`Horror::prepare`] settled it.
    plan: FramePlan,
    /// The frame's particles as [`Horror::prepare`] settled them.
    particle_frame: ParticleFrame,
    /// The buffers of a frame drawn whole ([`Horror::render`]).
    whole: BandScratch,
    last: Readout,
}

/// [`Horror`]'s lasting state (see [`Horror::state`]).
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct HorrorState {
    pub fog: Fog,
    pub tension: Tension,
    pub blood: Blood,
    pub tracers: Tracers,
    pub blasts: Blasts,
    pub grain_rng: Rng,
    /// The bodies' odometers (their strides).
    pub gait: Gait,
    pub particles: Particles,
}

/// How a frame is to be drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FrameOptions {
    /// No camera shake while paused.
    pub paused: bool,
}

/// The scene's view of the layer during one frame.
struct FrameLighting<'a> {
    fog: &'a Fog,
    grid: &'a Grid,
    lights: &'a [Light],
    ambient: [f32; 3],
    memory: Rgba,
    /// Per channel: remembered floor albedo = luma × this, so that under the ambient
    /// light buffer value it shows at the memory level.
    floor_memory: [f32; 3],
    /// The standing agents at the frame's time.
    squad: &'a [Vec2],
    tuning: &'a HorrorTuning,
    gait: &'a Gait,
}

impl Lighting for FrameLighting<'_> {
    fn seen(&self, x: i32, y: i32) -> Seen {
        self.fog.seen(x, y)
    }
    fn corner_live(&self, x: i32, y: i32) -> f32 {
        self.fog.corner_live(x, y)
    }
    fn light_at(&self, p: Vec2) -> Rgba {
        lights::light_at(self.grid, self.lights, self.ambient, p, None)
    }
    fn face_light(&self, p: Vec2, n: Vec2) -> Rgba {
        lights::light_at(self.grid, self.lights, self.ambient, p, Some(n))
    }
    fn memory_light(&self) -> Rgba {
        self.memory
    }
    fn floor_memory(&self, c: Rgba) -> Rgba {
        let l = memory_tint(c).r as f32;
        let ch = |k: f32| (l * k).round().clamp(0.0, 255.0) as u8;
        Rgba::new(
            ch(self.floor_memory[0]),
            ch(self.floor_memory[1]),
            ch(self.floor_memory[2]),
            c.a,
        )
    }
    fn ambient_light(&self) -> Rgba {
        let ch = |v: f32| v.round().clamp(0.0, 255.0) as u8;
        Rgba::rgb(
            ch(self.ambient[0]),
            ch(self.ambient[1]),
            ch(self.ambient[2]),
        )
    }
    fn walked_agent(&self, i: usize) -> Option<f32> {
        self.gait.agent(i)
    }
    fn walked_enemy(&self, id: u32) -> Option<f32> {
        self.gait.enemy(id)
    }
    fn enemy_shade(&self, p: Vec2, light: Rgba) -> Shade {
        silhouette::shade(
            self.tuning,
            self.ambient_light(),
            light,
            silhouette::nearest(self.squad, p),
        )
    }
}

/// Light-buffer value of a level (1.0 = 128) times a colour.
fn level(c: [u8; 3], v: f32) -> [f32; 3] {
    c.map(|x| x as f32 / 255.0 * v * 128.0)
}

/// 0..1 to the post pass's 0..=128.
fn q128(v: f32) -> u8 {
    (v.clamp(0.0, 1.0) * 128.0).round() as u8
}

impl Horror {
    /// A fresh layer for `world` (nothing seen yet) drawn with `tuning`; `seed` seeds
    /// the cosmetic RNG.
    pub fn new(world: &World, seed: u64, tuning: HorrorTuning) -> Horror {
        Horror {
            tuning,
            fog: Fog::new(&world.map().grid),
            tension: Tension::default(),
            blood: Blood::new(seed),
            tracers: Tracers::default(),
            blasts: Blasts::default(),
            gait: Gait::default(),
            particles: Particles::default(),
            lights: Vec::new(),
            scratch: LightScratch::default(),
            grain_rng: Rng::new(seed ^ 0x006E_A111),
            squad: Vec::new(),
            plan: FramePlan::default(),
            particle_frame: ParticleFrame::default(),
            whole: BandScratch::default(),
            last: Readout::default(),
        }
    }

    /// The layer's state that outlives a frame (fog memory, tension, blood, tracers,
    /// the grain's RNG): what a save keeps so the frame after a load is the same.
    pub fn state(&self) -> HorrorState {
        HorrorState {
            fog: self.fog.clone(),
            tension: self.tension.clone(),
            blood: self.blood.clone(),
            tracers: self.tracers.clone(),
            blasts: self.blasts.clone(),
            grain_rng: self.grain_rng.clone(),
            gait: self.gait.clone(),
            particles: self.particles.clone(),
        }
    }

    /// The layer with a saved state, for `world` (refused if it does not fit the map).
    pub fn restored(world: &World, s: HorrorState, tuning: HorrorTuning) -> Result<Horror, String> {
        s.fog.check(&world.map().grid)?;
        s.blood.check()?;
        s.blasts.check()?;
        s.particles.check()?;
        let mut h = Horror::new(world, 0, tuning);
        h.fog = s.fog;
        h.tension = s.tension;
        h.blood = s.blood;
        h.tracers = s.tracers;
        h.blasts = s.blasts;
        h.grain_rng = s.grain_rng;
        h.gait = s.gait;
        h.particles = s.particles;
        Ok(h)
    }

    /// One simulation tick: call after every `tick` with the world it produced.
    pub fn absorb(&mut self, w: &World) {
        let t = &self.tuning;
        self.fog.step(w, t.sight_radius, t.flare_light.reach);
        self.tension.step(w, t);
        self.blood.absorb(w, t);
        self.blood.step(&w.map().grid, t);
        self.tracers.absorb(w, t);
        self.particles.absorb(w, &t.particles, &self.tracers);
        self.particles.step(&w.map().grid, &t.particles);
        self.blasts.absorb(w, t);
        self.gait.absorb(w);
    }

    /// The last frame's numbers for the overlay.
    pub fn readout(&self) -> Readout {
        self.last
    }

    /// The post pass's parameters now (tension drives them); `grain_seed` picks this
    /// frame's grain. The vignette never exceeds `vignette_max` and desaturation never
    /// [`DESATURATE_MAX`], whatever the tension: the squad stays readable.
    pub fn post_params(&self, t: &HorrorTuning, alpha: f32, grain_seed: u32) -> PostParams {
        let k = self.tension.value;
        let pulse = self.tension.pulse(t, alpha);
        let vig =
            t.vignette[0] + (t.vignette[1] - t.vignette[0]) * k + t.vignette_pulse * k * pulse;
        PostParams {
            desaturate: q128((t.desaturate * k).min(DESATURATE_MAX)),
            vignette: q128(vig.min(t.vignette_max)),
            grain: q128(t.grain[0] + (t.grain[1] - t.grain[0]) * k),
            grain_seed,
        }
    }

    /// Camera shake in screen pixels at frame time `alpha` (grows with tension²), and a
    /// grenade burst's kick.
    pub fn shake(&self, w: &World, alpha: f32) -> [f32; 2] {
        let amp = self.tuning.shake_px * self.tension.value * self.tension.value;
        let s = (w.tick() as f32 + alpha) * DT;
        let kick = self.blasts.shake(&self.tuning, alpha);
        [
            amp * (0.6 * (s * 31.0).sin() + 0.4 * (s * 17.3 + 1.0).sin()) + kick[0],
            amp * (0.6 * (s * 27.1 + 2.0).sin() + 0.4 * (s * 13.7 + 3.0).sin()) + kick[1],
        ]
    }

    /// Draws the world with the whole layer into `fb` (the whole frame), the effects'
    /// sparks on top: [`Horror::prepare`], [`Horror::draw_band`] over the whole frame and
    /// [`Horror::finish`]. Returns the stage times.
    pub fn render(
        &mut self,
        fb: &mut Framebuffer,
        w: &World,
        camera: &Camera,
        alpha: f32,
        opts: &FrameOptions,
        effects: Option<&Effects>,
    ) -> StageTimes {
        let prep = self.prepare(fb, w, camera, alpha, opts);
        let mut band = std::mem::take(&mut self.whole);
        let mut stages = self.draw_band(fb, &mut band, w, alpha, effects, None);
        stages.light_ms += prep;
        self.finish(&[&band]);
        self.whole = band;
        stages
    }

    /// The light buffer of the last frame drawn whole ([`Horror::render`]).
    pub fn light(&self) -> &Framebuffer {
        &self.whole.light
    }

    /// The frame's projection (with the camera shake) once [`Horror::prepare`] ran.
    pub fn iso(&self) -> Iso {
        self.plan.iso
    }

    /// Everything a frame needs before any pixel is drawn, once per frame for all its
    /// bands: the projection (with the shake) for `fb`'s size and scale, this frame's
    /// grain, the lights and their visibility polygons, the standing squad. Returns its
    /// time, milliseconds.
    pub fn prepare(
        &mut self,
        fb: &Framebuffer,
        w: &World,
        camera: &Camera,
        alpha: f32,
        opts: &FrameOptions,
    ) -> f32 {
        let t0 = Instant::now();
        let t = &self.tuning;
        let mut iso = Iso::for_frame(camera.center, fb);
        if !opts.paused {
            let s = self.shake(w, alpha);
            iso.origin[0] += s[0];
            iso.origin[1] += s[1];
        }
        self.plan.iso = iso;
        self.plan.grain_seed = self.grain_rng.next_u64() as u32;
        // The rooms' dressing at this scale, made here once rather than in a band.
        crate::dressing::Dressing::of(w.map(), fb.scale());
        lights::gather(w, &self.tracers, t, alpha, &mut self.lights);
        self.blasts.lights(t, alpha, &mut self.lights);
        self.particles.lights(&t.particles, alpha, &mut self.lights);
        self.plan.drawn = lights::plan_lights(
            fb.logical_size(),
            &w.map().grid,
            &self.lights,
            &iso,
            &mut self.scratch,
        );
        self.squad.clear();
        self.squad.extend(
            w.agents()
                .iter()
                .filter(|a| a.alive)
                .map(|a| lerp_pos(a.prev_pos, a.pos, alpha)),
        );
        self.plan.params = self.post_params(t, alpha, self.plan.grain_seed);
        let t1 = Instant::now();
        let mut frame = std::mem::take(&mut self.particle_frame);
        frame.build(
            &self.particles,
            w,
            &self.lighting(w),
            &self.lights,
            &iso,
            fb.logical_size(),
            &self.tuning.particles,
            alpha,
        );
        self.particle_frame = frame;
        let t2 = Instant::now();
        self.plan.particles_ms = (t2 - t1).as_secs_f32() * 1000.0;
        (t1 - t0).as_secs_f32() * 1000.0
    }

    /// The frame's lighting as the scene sees it.
    fn lighting<'a>(&'a self, w: &'a World) -> FrameLighting<'a> {
        let t = &self.tuning;
        let ambient = level(t.ambient_color, t.ambient);
        let m = (t.memory_level * 128.0).round().clamp(0.0, 255.0) as u8;
        // The floor's base light is the ambient as the light buffer stores it (whole
        // levels); remembered floor albedo is scaled against exactly that.
        let base = ambient.map(|v| v.round().clamp(1.0, 255.0));
        FrameLighting {
            fog: &self.fog,
            grid: &w.map().grid,
            lights: &self.lights,
            ambient,
            memory: Rgba::rgb(m, m, m),
            floor_memory: base.map(|b| m as f32 / b),
            squad: &self.squad,
            tuning: t,
            gait: &self.gait,
        }
    }

    /// Draws the rows `fb` holds (a band of the frame, or all of it; the size and scale
    /// [`Horror::prepare`] was given) with the whole layer, using `band`'s buffers. Reads
    /// the layer only, so the bands of one frame are drawn in parallel, and each pixel is
    /// the same whatever the split. Returns the band's stage times.
    pub fn draw_band(
        &self,
        fb: &mut Framebuffer,
        band: &mut BandScratch,
        w: &World,
        alpha: f32,
        effects: Option<&Effects>,
        way: Option<&dyn scene::FloorExtra>,
    ) -> StageTimes {
        let t = &self.tuning;
        let iso = &self.plan.iso;
        let t0 = Instant::now();
        let lit = self.lighting(w);
        let mut parts = scene::PartTimes::default();
        let tiles = scene::draw_floor_layer(fb, w, iso, Some(&lit), &mut parts);
        self.blasts.draw_scorches(fb, &self.fog, &lit, iso);
        draw_decals(fb, &self.blood, &self.fog, &lit, iso);
        let p0 = Instant::now();
        self.particle_frame.draw_floor(fb);
        let mut in_scene = p0.elapsed();
        let t1 = Instant::now();

        let light = &mut band.light;
        // Only when the band's geometry changed: the ambient fill below covers every
        // pixel, and zeroing it first each frame cost 0.2 ms a band at 1080p.
        if (light.width, light.height, light.band()) != (fb.width, fb.height, fb.band()) {
            light.resize_band(fb.width, fb.height, fb.band());
        }
        light.set_scale(fb.scale());
        light.clear(lit.ambient_light());
        lights::draw_planned(light, &self.scratch);
        let t2 = Instant::now();

        fog::resolve_floor(
            &self.fog,
            light,
            &w.map().grid,
            iso,
            &tiles,
            &self.scratch.reach,
            lit.ambient_light(),
            &mut band.marks,
        );
        let t3 = Instant::now();

        band.glints.clear();
        (band.rows, band.scale) = (fb.band(), fb.scale());
        {
            let mut cv = Canvas::lit(fb, light);
            if let Some(way) = way {
                way.draw_floor(&mut cv, iso, w);
            }
            scene::draw_floor_markers(&mut cv, iso, w, alpha);
            if let Some(fx) = effects {
                fx.draw_floor(&mut cv, iso, alpha);
            }
            scene::draw_objects(
                &mut cv,
                w,
                iso,
                alpha,
                &tiles,
                Some(&lit),
                &mut band.glints,
                &mut parts,
            );
            draw_particles(&mut cv, &self.blood, &lit, iso, alpha);
            let p0 = Instant::now();
            self.particle_frame.draw_lit(&mut cv);
            in_scene += p0.elapsed();
        }
        let t4 = Instant::now();

        band.post.run(fb, &band.light, &self.plan.params);
        let t5 = Instant::now();

        silhouette::draw_glints(fb, &band.glints, t);
        scene::draw_lamp_glows(fb, iso, w, &lit, 1.0);
        draw_strike_arcs(fb, iso, w, alpha);
        self.tracers.draw(fb, iso, t, alpha);
        let p0 = Instant::now();
        self.particle_frame.draw_glow(fb);
        let in_glow = p0.elapsed();
        draw_spits(fb, iso, w.spits(), alpha);
        let seen = |p: Vec2| {
            let (tx, ty) = Grid::tile_of(p);
            self.fog.seen(tx, ty) != Seen::Never
        };
        self.blasts.draw(fb, iso, &w.map().grid, alpha, &seen);
        scene::draw_kit_glows(fb, iso, w, alpha, Some(&lit));
        if let Some(fx) = effects {
            fx.draw_glows(fb, iso, alpha);
        }
        scene::draw_xray(fb, w, iso, alpha);
        if let Some(way) = way {
            way.draw_xray(fb, iso, w);
        }
        let t6 = Instant::now();

        let ms = |a: Instant, b: Instant| (b - a).as_secs_f32() * 1000.0;
        let (in_scene, in_glow) = (
            in_scene.as_secs_f32() * 1000.0,
            in_glow.as_secs_f32() * 1000.0,
        );
        // The frame's settling counts once, with the band on the frame's first row.
        let settle = if fb.band().start == 0 {
            self.plan.particles_ms
        } else {
            0.0
        };
        // The passes' times come out of the stages they run in (scene, glow).
        StageTimes {
            scene_ms: ms(t0, t1) + ms(t3, t4) - in_scene,
            light_ms: ms(t1, t2),
            fog_ms: ms(t2, t3),
            post_ms: ms(t4, t5),
            glow_ms: ms(t5, t6) - in_glow,
            particles_ms: in_scene + in_glow + settle,
            bodies_ms: parts.bodies.as_secs_f32() * 1000.0,
            props_ms: parts.props.as_secs_f32() * 1000.0,
        }
    }

    /// After every band of the frame is drawn: the overlay's readout (the silhouettes
    /// on screen, each counted by the band whose rows hold its eyes).
    pub fn finish(&mut self, bands: &[&BandScratch]) {
        let (live_tiles, remembered_tiles) = self.fog.counts();
        self.last = Readout {
            tension: self.tension.value,
            target: self.tension.target,
            bpm: self.tension.bpm(&self.tuning),
            lights_drawn: self.plan.drawn,
            live_tiles,
            remembered_tiles,
            particles: self.blood.particles.len(),
            decals: self.blood.decals.len(),
            silhouettes: bands.iter().map(|b| b.silhouettes()).sum(),
            fx: self.particles.len(),
            motes: self.particle_frame.motes,
        };
    }
}

/// The per-band buffers of the layer (one per band of the frame, kept between
/// frames): the band's light buffer, the fog stage's marks, the band's silhouettes and
/// its post pass with its tables.
#[derive(Clone, Debug)]
pub struct BandScratch {
    /// The band's light buffer (128 = 1.0 per channel).
    pub light: Framebuffer,
    marks: Vec<bool>,
    glints: Vec<Glint>,
    /// The rows the band last drew, and its scale: which glints are its own.
    rows: std::ops::Range<usize>,
    scale: f32,
    post: PostPass,
}

impl BandScratch {
    /// The silhouettes whose eyes are in this band's rows (a band draws every glint
    /// that reaches its rows; the one holding the eyes counts it).
    fn silhouettes(&self) -> usize {
        let row = |y: f32| (y * self.scale).floor();
        let (a, b) = (self.rows.start as f32, self.rows.end as f32);
        self.glints
            .iter()
            .filter(|g| (a..b).contains(&row(g.eyes[0][1])))
            .count()
    }
}

impl Default for BandScratch {
    fn default() -> BandScratch {
        BandScratch {
            light: Framebuffer::new(0, 0),
            marks: Vec::new(),
            glints: Vec::new(),
            rows: 0..0,
            scale: 1.0,
            post: PostPass::new(),
        }
    }
}

/// What [`Horror::prepare`] settled for the frame's bands.
#[derive(Clone, Copy, Debug)]
struct FramePlan {
    iso: Iso,
    grain_seed: u32,
    params: PostParams,
    drawn: usize,
    /// Milliseconds settling the frame's particles took.
    particles_ms: f32,
}

impl Default for FramePlan {
    fn default() -> FramePlan {
        FramePlan {
            iso: Iso::new(Vec2::ZERO, 0, 0),
            grain_seed: 0,
            params: PostParams::default(),
            drawn: 0,
            particles_ms: 0.0,
        }
    }
}

/// Blood decals on the floor (albedo only): on seen tiles, grey where only remembered.
fn draw_decals(fb: &mut Framebuffer, blood: &Blood, fog: &Fog, lit: &FrameLighting, iso: &Iso) {
    let (w, h) = fb.logical_size();
    let k = std::f32::consts::SQRT_2 * 0.5;
    for d in &blood.decals {
        let c = iso.project(d.pos, 0.0);
        let r = [d.r * TILE_W * k, d.r * TILE_H * k];
        if c[0] + r[0] < 0.0 || c[0] - r[0] > w || c[1] + r[1] < 0.0 || c[1] - r[1] > h {
            continue;
        }
        let (tx, ty) = Grid::tile_of(d.pos);
        let seen = fog.seen(tx, ty);
        if seen == Seen::Never {
            continue;
        }
        let col = pal::BLOOD_DARK.lerp(pal::BLOOD, d.shade as f32 / 255.0);
        let col = if seen == Seen::Live {
            col
        } else {
            lit.floor_memory(col)
        };
        if r[0] < 3.0 {
            // A drop of a few pixels: a small rectangle costs a fraction of an ellipse.
            let (w, h) = (
                (r[0] * 1.6).round().max(1.0) as i32,
                (r[1] * 1.6).round().max(1.0) as i32,
            );
            fb.fill_rect(
                (c[0] - w as f32 * 0.5) as i32,
                (c[1] - h as f32 * 0.5) as i32,
                w,
                h,
                Paint::alpha(col.with_alpha(215)),
            );
        } else {
            fill_ellipse(fb, c, r, Paint::alpha(col.with_alpha(215)));
        }
    }
}

/// Blood in flight, lit where it flies (only over live tiles).
fn draw_particles(cv: &mut Canvas, blood: &Blood, lit: &FrameLighting, iso: &Iso, alpha: f32) {
    for p in &blood.particles {
        let pos = lerp_pos(p.prev_pos, p.pos, alpha);
        let (tx, ty) = Grid::tile_of(pos);
        if lit.seen(tx, ty) != Seen::Live {
            continue;
        }
        let z = p.prev_z + (p.z - p.prev_z) * alpha;
        cv.stamp = lit.light_at(pos);
        let c = iso.project(pos, z.max(0.0));
        cv.circle(
            c,
            (p.size * TILE_W * 0.5).max(1.0),
            Paint::opaque(pal::BLOOD),
        );
    }
}
