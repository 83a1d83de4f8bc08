//! REQ V3's particles, measured on drawn frames: each effect shows where its event
//! happened and nowhere else (muzzle smoke in the gunner's beam, sparks at a wall hit,
//! bile droplets and a puddle where a spit fell, a brute's chunks where it died, dust
//! only inside the beams); the caps hold under a flood of events; the same run draws
//! the same frames twice and in bands; and the documentation's frame of every effect
//! (`docs/img/particles.png`) is what this build draws (`UPDATE_DOCS_IMG=1` rewrites it,
//! on purpose).
//!
//! The staged room: a lone gunner in the dark, its beam east along a corridor to a
//! wall; each test feeds the layer the event it draws (through `Particles::hear`, as the
//! simulation's events reach it every tick) and steps the world with no input, so the
//! particles live and fade on the simulation's clock.

// The goldens' helpers (this file compares a documentation frame only).
#[allow(dead_code)]
mod common;

use std::sync::Arc;

use common::check_image;
use raster::{Framebuffer, Rgba};
use sim::content;
use sim::driver::route::RouteDriver;
use sim::read::{tick, EnemyKind, EventKind, Map, Scenario, TickInput, World};
use sim::tuning::Tuning;
use sim::Vec2;
use view::horror::tuning::HorrorTuning;
use view::{BandScratch, Camera, FrameOptions, Horror, Iso, Timings, ViewOptions};

/// The frame's size in drawing units, and the scale the documentation's crops are
/// drawn at.
const W: usize = 320;
const H: usize = 200;

// An open room with a block in it (rows 3–4); the squad starts at S.
const ROOM: &str = "\
####################
#..................#
#..................#
#.....#####........#
#.....#####........#
#..................#
#..................#
#..................#
#..S...............#
#..................#
#..................#
####################
";

/// The gunner the stage keeps standing, south of the block, its beam north on the
/// block's south face (a face the camera sees: the walls' +x and +y faces face it).
const GUNNER_AT: Vec2 = Vec2::new(8.5, 9.5);
const NORTH: f32 = -std::f32::consts::FRAC_PI_2;

/// The staged world: only one gunner standing at [`GUNNER_AT`], its barrel north.
fn stage_world() -> World {
    let map = Arc::new(Map::parse("particles.map", ROOM).unwrap());
    let sc = Scenario::parse("particles.scn", "seed = 5\nduration = 600\n").unwrap();
    let mut w = World::new(map, &sc, Tuning::default());
    let g = w
        .agents()
        .iter()
        .position(|a| a.role == sim::read::Role::Gunner)
        .unwrap();
    for i in 0..w.agents().len() {
        let a = w.agent_mut(i);
        if i == g {
            a.pos = GUNNER_AT;
            a.prev_pos = GUNNER_AT;
            a.barrel = NORTH;
            a.facing = NORTH;
        } else {
            a.alive = false;
            a.pos = Vec2::new(2.5, 8.5);
            a.prev_pos = a.pos;
        }
    }
    w
}

/// The layer's numbers for measuring: no grain, vignette or shake (every pixel's change
/// is the particles').
fn clean() -> HorrorTuning {
    HorrorTuning {
        vignette: [0.0, 0.0],
        vignette_pulse: 0.0,
        grain: [0.0, 0.0],
        shake_px: 0.0,
        ..HorrorTuning::default()
    }
}

struct Stage {
    world: World,
    horror: Horror,
}

impl Stage {
    fn new(t: HorrorTuning) -> Stage {
        let world = stage_world();
        let mut horror = Horror::new(&world, 3, t);
        horror.absorb(&world);
        Stage { world, horror }
    }

    /// One tick of the world (no input; the gunner kept in place, its barrel east) and
    /// the layer, then `events` heard as this tick's.
    fn step(&mut self, events: &[EventKind]) {
        tick(&mut self.world, &TickInput::default());
        let g = self.world.agents().iter().position(|a| a.alive).unwrap();
        let a = self.world.agent_mut(g);
        a.pos = GUNNER_AT;
        a.prev_pos = GUNNER_AT;
        a.barrel = NORTH;
        a.facing = NORTH;
        self.horror.absorb(&self.world);
        let t = self.horror.tuning.particles.clone();
        for (i, e) in events.iter().enumerate() {
            let (w, h) = (&self.world, &mut self.horror);
            h.particles
                .hear(w, 1000 + i as u32, e, &t, &h.tracers.clone());
        }
    }

    fn run(&mut self, ticks: usize) {
        for _ in 0..ticks {
            self.step(&[]);
        }
    }

    /// The frame centred on `center` at `scale` device pixels a unit, through a copy of
    /// the layer with `edit` applied to its particles (to draw the same moment without
    /// one of them).
    fn frame_with(
        &self,
        center: Vec2,
        scale: f32,
        edit: impl FnOnce(&mut Horror),
    ) -> (Framebuffer, Iso) {
        let mut h = self.horror.clone();
        edit(&mut h);
        let mut fb = Framebuffer::new((W as f32 * scale) as usize, (H as f32 * scale) as usize);
        fb.set_scale(scale);
        view::render_frame(
            &mut fb,
            &self.world,
            &Camera::new(center),
            1.0,
            &ViewOptions::default(),
            &Timings::default(),
            None,
            Some(&mut h),
        );
        (fb, Iso::new(center, W, H))
    }

    fn frame(&self, center: Vec2) -> (Framebuffer, Iso) {
        self.frame_with(center, 1.0, |_| {})
    }
}

fn luma(c: Rgba) -> i32 {
    (77 * c.r as i32 + 150 * c.g as i32 + 29 * c.b as i32) >> 8
}

/// Pixels within `r` of `c` where `a` is brighter than `b` by more than `by` levels,
/// and pixels farther than `r` where the two differ at all.
fn brighter_near(a: &Framebuffer, b: &Framebuffer, c: [f32; 2], r: f32, by: i32) -> (usize, usize) {
    let (mut near, mut far) = (0, 0);
    for y in 0..a.height as i32 {
        for x in 0..a.width as i32 {
            let (pa, pb) = (a.get_rgba(x, y).unwrap(), b.get_rgba(x, y).unwrap());
            let d = ((x as f32 - c[0]).powi(2) + (y as f32 - c[1]).powi(2)).sqrt();
            if d <= r {
                if luma(pa) - luma(pb) > by {
                    near += 1;
                }
            } else if pa != pb {
                far += 1;
            }
        }
    }
    (near, far)
}

#[test]
fn a_wall_hit_throws_sparks_at_the_hit_and_nowhere_else() {
    let mut s = Stage::new(clean());
    s.run(3);
    // A bullet stops on the corridor's north wall, on the face the camera sees (the
    // walls' +x and +y faces face the viewer).
    let hit = Vec2::new(8.3, 5.0);
    s.step(&[EventKind::BulletHitWall { pos: hit }]);
    assert_eq!(
        s.horror.particles.sparks.len(),
        s.horror.tuning.particles.sparks.per_hit as usize
    );
    s.run(3);
    let center = Vec2::new(8.5, 7.0);
    let (with, iso) = s.frame(center);
    let (without, _) = s.frame_with(center, 1.0, |h| {
        h.particles.sparks.clear();
        h.particles.flashes.clear();
    });
    let c = iso.project(hit, 0.3);
    let (near, far) = brighter_near(&with, &without, c, 40.0, 40);
    eprintln!("sparks: {near} px brighter by > 40 within 40 px of the hit, {far} changed beyond");
    assert!(near >= 8, "{near}");
    assert_eq!(far, 0);
    // Thrown off the face, never into the wall.
    assert!(s.horror.particles.sparks.iter().all(|b| b.pos.y > 5.0));
    // Gone after their life: the frame is the frame without them.
    s.run(30);
    assert!(s.horror.particles.sparks.is_empty() && s.horror.particles.flashes.is_empty());
}

#[test]
fn a_shot_leaves_smoke_at_the_muzzle_lit_by_the_beam() {
    let mut s = Stage::new(clean());
    s.run(3);
    let muzzle = GUNNER_AT + Vec2::new(0.0, -0.45);
    let shot = EventKind::Shot {
        shooter: 0,
        bullet: 999,
        target: 0,
        muzzle,
        aim: muzzle + Vec2::new(0.0, -5.0),
    };
    for _ in 0..4 {
        s.step(std::slice::from_ref(&shot));
        s.run(20);
    }
    let center = GUNNER_AT + Vec2::new(0.0, -1.0);
    let (with, iso) = s.frame(center);
    let (without, _) = s.frame_with(center, 1.0, |h| h.particles.smoke.clear());
    let c = iso.project(muzzle + Vec2::new(0.0, -0.25), 0.6);
    let (near, far) = brighter_near(&with, &without, c, 30.0, 6);
    eprintln!("smoke: {near} px brighter by > 6 within 30 px of the muzzle, {far} changed beyond");
    assert!(near >= 40, "{near}");
    assert!(far < near / 4, "{far}");
    // In the dark (no beam: the gunner turned west, the smoke east of it), the same
    // smoke all but vanishes: it is lit, not glowing.
    let mut dark = clean();
    dark.gunner_light.intensity = 0.0;
    dark.gunner_light.spill_level = 0.0;
    dark.anchor_glow.intensity = 0.0;
    let (dim, _) = s.frame_with(center, 1.0, |h| h.tuning = dark.clone());
    let (dim_without, _) = s.frame_with(center, 1.0, |h| {
        h.tuning = dark.clone();
        h.particles.smoke.clear();
    });
    let (near_dark, _) = brighter_near(&dim, &dim_without, c, 30.0, 6);
    eprintln!("smoke in the dark: {near_dark} px");
    assert!(near_dark * 4 < near, "{near_dark} vs {near}");
}

fn spit(pos: Vec2) -> EventKind {
    EventKind::SpitHit {
        enemy: 0,
        spit: 0,
        agent: None,
        amount: 0.0,
        pos,
    }
}

/// Pixels within `r` of `c` where `a` is greener than `b` (green up by more than `by`
/// and above red), and pixels farther than `r` where the two differ at all.
fn greener_near(a: &Framebuffer, b: &Framebuffer, c: [f32; 2], r: f32, by: i32) -> (usize, usize) {
    let (mut near, mut far) = (0, 0);
    for y in 0..a.height as i32 {
        for x in 0..a.width as i32 {
            let (pa, pb) = (a.get_rgba(x, y).unwrap(), b.get_rgba(x, y).unwrap());
            let d = ((x as f32 - c[0]).powi(2) + (y as f32 - c[1]).powi(2)).sqrt();
            if d <= r {
                if pa.g as i32 - pb.g as i32 > by && pa.g > pa.r {
                    near += 1;
                }
            } else if pa != pb {
                far += 1;
            }
        }
    }
    (near, far)
}

#[test]
fn a_spit_splashes_bile_where_it_lands_and_leaves_a_fading_puddle() {
    let mut s = Stage::new(clean());
    s.run(3);
    // On the floor in the beam, and one in the dark behind the gunner.
    let (lit_at, dark_at) = (Vec2::new(8.8, 6.6), Vec2::new(4.5, 9.5));
    s.step(&[spit(lit_at), spit(dark_at)]);
    let t = s.horror.tuning.particles.clone();
    assert_eq!(
        s.horror.particles.droplets.len(),
        2 * t.spit.per_splash as usize
    );
    assert_eq!(s.horror.particles.puddles.len(), 2);
    s.run(8);
    let center = Vec2::new(7.0, 8.0);
    let (with, iso) = s.frame(center);
    let (without, _) = s.frame_with(center, 1.0, |h| {
        h.particles.droplets.clear();
        h.particles.puddles.clear();
    });
    for (at, what) in [(lit_at, "in the beam"), (dark_at, "in the dark")] {
        let c = iso.project(at, 0.1);
        let (near, _) = greener_near(&with, &without, c, 24.0, 12);
        eprintln!("splash {what}: {near} px greener by > 12 within 24 px");
        assert!(near >= 6, "{what}: {near}");
    }
    let far = with
        .pixels
        .iter()
        .zip(&without.pixels)
        .enumerate()
        .filter(|(i, (a, b))| {
            let (x, y) = ((i % W) as f32, (i / W) as f32);
            let d = |p: Vec2| {
                let c = iso.project(p, 0.1);
                ((x - c[0]).powi(2) + (y - c[1]).powi(2)).sqrt()
            };
            a != b && d(lit_at) > 24.0 && d(dark_at) > 24.0
        })
        .count();
    assert_eq!(far, 0, "the splashes change nothing away from them");
    // The droplets land within a second; the puddle stays, fading, for its life.
    s.run(60);
    assert!(s.horror.particles.droplets.is_empty());
    assert_eq!(s.horror.particles.puddles.len(), 2);
    let (later, _) = s.frame(center);
    let (bare, _) = s.frame_with(center, 1.0, |h| h.particles.puddles.clear());
    let c = iso.project(lit_at, 0.0);
    let (stain, _) = brighter_near(&later, &bare, c, 24.0, 3);
    let (greener, _) = greener_near(&later, &bare, c, 24.0, 3);
    eprintln!("the puddle in the beam a second on: {greener} px greener, {stain} brighter");
    assert!(greener >= 20, "{greener}");
    s.run((t.spit.puddle_life * 60.0) as usize);
    assert!(s.horror.particles.puddles.is_empty(), "gone after its life");
}

#[test]
fn dust_floats_only_in_the_beam() {
    let mut s = Stage::new(clean());
    s.run(3);
    let center = Vec2::new(8.5, 7.0);
    let (with, iso) = s.frame(center);
    let mut h = s.horror.clone();
    let mut fb = Framebuffer::new(W, H);
    view::render_frame(
        &mut fb,
        &s.world,
        &Camera::new(center),
        1.0,
        &ViewOptions::default(),
        &Timings::default(),
        None,
        Some(&mut h),
    );
    let motes = h.readout().motes;
    let mut none = clean();
    none.particles.dust.level = 0.0;
    let (without, _) = s.frame_with(center, 1.0, |h| h.tuning = none.clone());
    // The beam runs north from the gunner: its motes lie over the floor it lights,
    // between the gunner and the block; none over the dark room west of the gunner.
    let changed: Vec<(usize, usize)> = (0..W * H)
        .filter(|&i| with.pixels[i] != without.pixels[i])
        .map(|i| (i % W, i / W))
        .collect();
    eprintln!("dust: {motes} motes, {} px changed", changed.len());
    assert!(motes >= 10, "{motes}");
    assert!(changed.len() >= motes, "{}", changed.len());
    let g = iso.project(GUNNER_AT, 0.0);
    let west = changed
        .iter()
        .filter(|(x, _)| (*x as f32) < g[0] - 12.0)
        .count();
    assert_eq!(west, 0, "no dust west of the gunner, where no beam goes");
    // The gunner's light out: no dust at all.
    let mut dark = clean();
    dark.gunner_light.intensity = 0.0;
    let mut h = s.horror.clone();
    h.tuning = dark;
    let mut fb = Framebuffer::new(W, H);
    view::render_frame(
        &mut fb,
        &s.world,
        &Camera::new(center),
        1.0,
        &ViewOptions::default(),
        &Timings::default(),
        None,
        Some(&mut h),
    );
    assert_eq!(h.readout().motes, 0);
}

/// The combat route stepped as the app steps it (route input, tick, the layer) until
/// `until` holds or the route ends.
fn route_until(until: impl Fn(&World, &Horror) -> bool) -> (World, Horror) {
    let sc = Scenario::parse(
        "combat_route",
        content::scenario_text("combat_route").unwrap(),
    )
    .unwrap();
    let map = Arc::new(Map::parse("default", content::map_text(&sc.map).unwrap()).unwrap());
    let mut w = World::new(map, &sc, Tuning::default());
    let mut h = Horror::new(&w, sc.seed, HorrorTuning::default());
    h.absorb(&w);
    let mut d = RouteDriver::new();
    let end = (sc.duration * 60.0) as u64;
    while !until(&w, &h) && w.tick() < end {
        let input = d.input(&sc, &w);
        tick(&mut w, &input);
        h.absorb(&w);
    }
    (w, h)
}

/// A brute's chunks go with its corpse: once newer corpses push it off the floor (the
/// newest `CORPSE_CAP` are kept), its chunks are gone too, before their own fade. The
/// route's horde cut down where it stands, tick after tick, lays the corpses fast.
#[test]
fn a_brute_s_chunks_go_when_its_corpse_is_pushed_off_the_floor() {
    let (mut w, mut h) = route_until(|_, h| !h.particles.gibs.is_empty());
    let brute = w.corpses().last().unwrap().tick;
    let chunks = |h: &Horror| {
        h.particles
            .gibs
            .iter()
            .filter(|b| b.born == brute + 1)
            .count()
    };
    assert!(chunks(&h) > 0);
    let sc = Scenario::parse(
        "combat_route",
        content::scenario_text("combat_route").unwrap(),
    )
    .unwrap();
    let mut d = RouteDriver::new();
    while view::corpses::oldest_kept(&w).is_some_and(|t| t <= brute) && w.tick() < brute + 1700 {
        assert!(
            chunks(&h) > 0,
            "gone at tick {} with the corpse kept",
            w.tick()
        );
        for e in w.enemies_mut().iter_mut() {
            e.alive = false;
        }
        let input = d.input(&sc, &w);
        tick(&mut w, &input);
        h.absorb(&w);
    }
    assert!(
        view::corpses::oldest_kept(&w).unwrap() > brute,
        "the corpse was still kept at tick {}",
        w.tick()
    );
    assert_eq!(
        chunks(&h),
        0,
        "the chunks went with it, at tick {}",
        w.tick()
    );
}

#[test]
fn a_brute_dying_on_the_route_throws_its_chunks_round_its_corpse() {
    let (mut w, mut h) = route_until(|_, h| !h.particles.gibs.is_empty());
    let t = h.tuning.particles.gibs.clone();
    assert_eq!(h.particles.gibs.len(), t.per_brute as usize, "one brute's");
    let brute = w.corpses().last().unwrap().clone();
    assert_eq!(brute.kind, EnemyKind::Brute);
    assert_eq!(brute.tick + 1, w.tick(), "born the tick it fell");
    // Two seconds on: landed round the corpse, lying.
    let sc = Scenario::parse(
        "combat_route",
        content::scenario_text("combat_route").unwrap(),
    )
    .unwrap();
    let mut d = RouteDriver::new();
    for _ in 0..120 {
        let input = d.input(&sc, &w);
        tick(&mut w, &input);
        h.absorb(&w);
    }
    let at = brute.pos;
    let chunks: Vec<_> = h.particles.gibs.iter().take(t.per_brute as usize).collect();
    for b in &chunks {
        assert!(b.lying(), "{b:?}");
        assert!(b.pos.distance(at) < 2.5, "{b:?} from {at:?}");
        assert!(!w.map().grid.is_wall_at(b.pos));
    }
    // Drawn there: the frame with them differs from the frame without round the corpse
    // only.
    let cam = Camera::new(at);
    let draw = |h: &mut Horror| {
        let mut fb = Framebuffer::new(W, H);
        view::render_frame(
            &mut fb,
            &w,
            &cam,
            1.0,
            &ViewOptions::default(),
            &Timings::default(),
            None,
            Some(h),
        );
        fb
    };
    let mut bare = h.clone();
    bare.particles.gibs.clear();
    let (with, without) = (draw(&mut h.clone()), draw(&mut bare));
    let iso = Iso::new(at, W, H);
    let c = iso.project(at, 0.0);
    let (mut near, mut far) = (0, 0);
    for i in 0..W * H {
        if with.pixels[i] != without.pixels[i] {
            let (x, y) = ((i % W) as f32, (i / W) as f32);
            if ((x - c[0]).powi(2) + (y - c[1]).powi(2)).sqrt() < 100.0 {
                near += 1;
            } else {
                far += 1;
            }
        }
    }
    eprintln!("gibs: {near} px changed within 100 px of the corpse, {far} beyond");
    assert!(near >= 20, "{near}");
    assert_eq!(far, 0);
}

#[test]
fn a_flood_of_events_keeps_every_kind_under_its_cap() {
    let mut t = clean();
    t.particles.smoke.cap = 40;
    t.particles.sparks.cap = 50;
    t.particles.spit.cap = 30;
    t.particles.spit.puddle_cap = 5;
    let mut s = Stage::new(t);
    let muzzle = GUNNER_AT + Vec2::new(0.0, -0.45);
    let shot = EventKind::Shot {
        shooter: 0,
        bullet: 999,
        target: 0,
        muzzle,
        aim: muzzle + Vec2::new(0.0, -5.0),
    };
    let mut flood = Vec::new();
    for k in 0..60 {
        flood.push(shot.clone());
        flood.push(EventKind::BulletHitWall {
            pos: Vec2::new(6.5 + k as f32 * 0.05, 5.0),
        });
        flood.push(spit(Vec2::new(4.0 + k as f32 * 0.1, 7.0)));
    }
    for tick in 0..120 {
        s.step(&flood);
        let p = &s.horror.particles;
        for (what, n, cap) in p.counts(&s.horror.tuning.particles) {
            assert!(n <= cap, "tick {tick}: {n} {what} over {cap}");
        }
    }
    let p = &s.horror.particles;
    assert_eq!(
        (p.smoke.len(), p.sparks.len(), p.puddles.len()),
        (40, 50, 5),
        "full"
    );
    // The newest kept: everything alive was born on the last tick or just before.
    let now = s.world.tick();
    assert!(p.puddles.iter().all(|q| q.born == now));
    assert!(p.sparks.iter().all(|b| b.born == now));
    // And a frame of it draws.
    let (fb, _) = s.frame(Vec2::new(7.0, 7.0));
    assert_eq!(fb.pixels.len(), W * H);
}

#[test]
fn the_same_run_draws_the_same_particles_twice_and_in_bands() {
    // 157 s of the route: smoke in the beams, a brute's chunks lying, dust.
    let moment = |w: &World, _: &Horror| w.tick() >= 157 * 60;
    let (wa, mut ha) = route_until(moment);
    let (wb, mut hb) = route_until(moment);
    assert!(!ha.particles.smoke.is_empty() && !ha.particles.gibs.is_empty());
    let cam = Camera::new(wa.anchor().pos);
    let mut banded = ha.clone();
    let draw = |w: &World, h: &mut Horror| {
        let mut fb = Framebuffer::new(640, 360);
        view::render_frame(
            &mut fb,
            w,
            &cam,
            0.5,
            &ViewOptions::default(),
            &Timings::default(),
            None,
            Some(h),
        );
        fb
    };
    let (a, b) = (draw(&wa, &mut ha), draw(&wb, &mut hb));
    assert!(ha.readout().motes > 0);
    assert!(
        a == b,
        "the same moment of the same run draws the same frame"
    );
    // In three uneven bands, as the app's threads draw it: the same pixels.
    let whole = Framebuffer::new(640, 360);
    banded.prepare(&whole, &wa, &cam, 0.5, &FrameOptions::default());
    let mut rows = Vec::new();
    for band in [0..97, 97..250, 250..360] {
        let mut fb = Framebuffer::new_band(640, 360, band);
        banded.draw_band(&mut fb, &mut BandScratch::default(), &wa, 0.5, None, None);
        rows.extend_from_slice(&fb.pixels);
    }
    assert!(rows == a.pixels, "bands draw the whole frame's pixels");
}

/// The documentation's crops: their size (pixels) and scale (pixels a design unit).
const CROP: (usize, usize) = (240, 180);
const CROP_SCALE: f32 = 3.0;

/// One crop of the documentation's picture: the staged frame drawn at three times the
/// design scale (2160p's), [`CROP`] round the point at height `z` over `at`.
fn docs_crop(s: &Stage, at: Vec2, z: f32) -> Framebuffer {
    let (fb, _) = s.frame_with(at, CROP_SCALE, |_| {});
    let c = Iso::new(at, W, H).project(at, z).map(|v| v * CROP_SCALE);
    common::close_up(&fb, c, CROP.0, CROP.1, 1)
}

#[test]
fn docs_picture_is_what_this_build_draws() {
    let muzzle = GUNNER_AT + Vec2::new(0.0, -0.45);
    let shot = EventKind::Shot {
        shooter: 0,
        bullet: 999,
        target: 0,
        muzzle,
        aim: muzzle + Vec2::new(0.0, -5.0),
    };
    let t = HorrorTuning::default();
    // Muzzle smoke: a burst of six shots, the last half a second ago.
    let mut smoke = Stage::new(t.clone());
    for k in 0..150 {
        smoke.step(if k % 21 == 0 {
            std::slice::from_ref(&shot)
        } else {
            &[]
        });
    }
    // Sparks: 6 ticks after a hit on the block's face.
    let hit = Vec2::new(9.3, 5.0);
    let mut sparks = Stage::new(t.clone());
    sparks.run(3);
    sparks.step(&[EventKind::BulletHitWall { pos: hit }]);
    sparks.run(6);
    // Spit: 8 ticks after the splash, and a puddle from a second before.
    let mut bile = Stage::new(t.clone());
    let (first, second) = (Vec2::new(9.6, 7.2), Vec2::new(8.8, 6.8));
    bile.step(&[spit(first)]);
    bile.run(60);
    bile.step(&[spit(second)]);
    bile.run(8);
    // Gibs: a brute's chunks thrown up the beam, some landed, one still in the air (the
    // corpse is the simulation's; the staged room has none).
    let mut gibs = Stage::new(t.clone());
    gibs.run(3);
    let (gp, now) = (Vec2::new(8.5, 8.3), gibs.world.tick());
    let gt = gibs.horror.tuning.particles.clone();
    gibs.horror
        .particles
        .gibs_at(gp, Vec2::new(0.0, -1.0), 77, now, &gt);
    gibs.run(34);
    let dust = Stage::new(t);
    let crops = [
        docs_crop(&smoke, muzzle + Vec2::new(0.0, -0.5), 0.8),
        docs_crop(&sparks, hit + Vec2::new(0.0, 0.35), 0.3),
        docs_crop(&bile, second, 0.1),
        docs_crop(&gibs, gp + Vec2::new(0.0, -0.8), 0.0),
        docs_crop(&dust, GUNNER_AT + Vec2::new(0.0, -2.5), 0.6),
    ];
    let (cw, ch) = CROP;
    let mut out = Framebuffer::new(5 * cw + 4 * 4, ch);
    for (k, c) in crops.iter().enumerate() {
        for y in 0..ch {
            let row = &c.pixels[y * cw..(y + 1) * cw];
            let x0 = y * out.width + k * (cw + 4);
            out.pixels[x0..x0 + cw].copy_from_slice(row);
        }
    }
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/img");
    check_image(&dir.join("particles.png"), &out, "UPDATE_DOCS_IMG");
}
