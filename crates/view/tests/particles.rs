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

mod common;

use std::sync::Arc;

use common::check_image;
use raster::{Framebuffer, Rgba};
use sim::content;
use sim::driver::route::RouteDriver;
use sim::read::{tick, EnemyKind, EventKind, Map, Scenario, TickInput, World};
use sim::tuning::Tuning;
use sim::Vec2;
use view::horror::particles::Particles;
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
        s.step(&[shot.clone()]);
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

#[test]
fn preview_tmp() {
    if std::env::var_os("PREVIEW").is_none() {
        return;
    }
    let mut s = Stage::new(HorrorTuning::default());
    s.run(3);
    let muzzle = GUNNER_AT + Vec2::new(0.0, -0.45);
    let shot = EventKind::Shot {
        shooter: 0,
        bullet: 999,
        target: 0,
        muzzle,
        aim: muzzle + Vec2::new(0.0, -5.0),
    };
    let hit = Vec2::new(9.3, 5.0);
    let mut strip = Framebuffer::new(8 * 240, 2 * 200);
    for k in 0..16 {
        let mut ev = vec![];
        if k == 0 {
            ev.push(EventKind::BulletHitWall { pos: hit });
            ev.push(shot.clone());
        }
        s.step(&ev);
        let (fb, _) = s.frame_with(Vec2::new(8.5, 7.0), 3.0, |_| {});
        let iso = Iso::new(Vec2::new(8.5, 7.0), W, H);
        let c = iso.project(hit, 0.4).map(|v| v * 3.0);
        let m = iso.project(muzzle, 0.6).map(|v| v * 3.0);
        for y in 0..100 {
            for x in 0..240 {
                let (sx, sy) = (c[0] as i32 - 120 + x, c[1] as i32 - 50 + y);
                let px = fb.get(sx, sy).unwrap_or(0);
                let (ox, oy) = ((k % 8) * 240, (k / 8) * 200);
                strip.pixels[(oy + y as usize) * strip.width + ox + x as usize] = px;
                let (sx, sy) = (m[0] as i32 - 120 + x, m[1] as i32 - 70 + y);
                let px = fb.get(sx, sy).unwrap_or(0);
                strip.pixels[(oy + 100 + y as usize) * strip.width + ox + x as usize] = px;
            }
        }
    }
    check_image(
        std::path::Path::new("/tmp/w40/prev_a.png"),
        &strip,
        "PREVIEW",
    );
    for k in 0..126 {
        let ev = if k % 21 == 0 {
            vec![shot.clone()]
        } else {
            vec![]
        };
        s.step(&ev);
    }
    let (fb, _) = s.frame_with(GUNNER_AT + Vec2::new(0.0, -1.5), 3.0, |_| {});
    check_image(std::path::Path::new("/tmp/w40/prev_b.png"), &fb, "PREVIEW");
    let spit = |pos: Vec2| EventKind::SpitHit {
        enemy: 0,
        spit: 0,
        agent: None,
        amount: 0.0,
        pos,
    };
    let mut strip = Framebuffer::new(8 * 240, 2 * 200);
    let (sp, gp) = (Vec2::new(8.8, 6.6), Vec2::new(8.3, 8.2));
    for k in 0..16 {
        let ev = if k == 0 { vec![spit(sp)] } else { vec![] };
        s.step(&ev);
        if k == 0 {
            let t = s.horror.tuning.particles.clone();
            let now = s.world.tick();
            s.horror
                .particles
                .gibs_at(gp, Vec2::new(0.0, -1.0), 77, now, &t);
        }
        let (fb, _) = s.frame_with(Vec2::new(8.5, 7.0), 3.0, |_| {});
        let iso = Iso::new(Vec2::new(8.5, 7.0), W, H);
        let c = iso.project(sp, 0.2).map(|v| v * 3.0);
        let m = iso.project(gp, 0.3).map(|v| v * 3.0);
        for y in 0..100 {
            for x in 0..240 {
                let (sx, sy) = (c[0] as i32 - 120 + x, c[1] as i32 - 60 + y);
                let px = fb.get(sx, sy).unwrap_or(0);
                let (ox, oy) = ((k % 8) * 240, (k / 8) * 200);
                strip.pixels[(oy + y as usize) * strip.width + ox + x as usize] = px;
                let (sx, sy) = (m[0] as i32 - 120 + x, m[1] as i32 - 60 + y);
                let px = fb.get(sx, sy).unwrap_or(0);
                strip.pixels[(oy + 100 + y as usize) * strip.width + ox + x as usize] = px;
            }
        }
    }
    check_image(
        std::path::Path::new("/tmp/w40/prev_c.png"),
        &strip,
        "PREVIEW",
    );
    s.run(200);
    let (fb, _) = s.frame_with(Vec2::new(8.0, 7.5), 3.0, |_| {});
    check_image(std::path::Path::new("/tmp/w40/prev_d.png"), &fb, "PREVIEW");
}
