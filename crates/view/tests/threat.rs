//! The threat drawn (REQ §22, the view's side of issue 21): a spit in flight glows
//! green in the dark where it is and casts one small light; where it lands it leaves
//! glowing bile; a spitter's windup shows in the dark; a stalker a beam holds is drawn
//! caught (lit, not a silhouette) and one in the dark is a silhouette with amber eyes;
//! each threat kind has its own shape; the flashlights are the simulation's cones.

use std::sync::Arc;

use raster::{Framebuffer, Rgba};
use sim::driver::route::RouteDriver;
use sim::read::{tick, EnemyKind, Map, Scenario, Spit, World};
use sim::tuning::Tuning;
use sim::Vec2;
use view::horror::lights::{gather, Light};
use view::horror::tuning::HorrorTuning;
use view::spits::spit_z;
use view::{Camera, Effects, Horror, Iso, Timings, ViewOptions};

const W: usize = 640;
const H: usize = 400;

/// Tuning for the dark: no flashlight, no anchor glow, no grain or shake (frames compare
/// exactly); the vignette and desaturation as by default.
fn dark() -> HorrorTuning {
    let mut t = HorrorTuning::default();
    t.gunner_light.intensity = 0.0;
    t.blade_light.intensity = 0.0;
    t.anchor_glow.intensity = 0.0;
    t.grain = [0.0, 0.0];
    t.shake_px = 0.0;
    t
}

/// Draws `w` through `h` (or the plain scene without it) centred on `center`.
fn frame(w: &World, h: Option<&mut Horror>, fx: Option<&Effects>, center: Vec2) -> Framebuffer {
    let mut fb = Framebuffer::new(W, H);
    view::render_frame(
        &mut fb,
        w,
        &Camera::new(center),
        1.0,
        &ViewOptions::default(),
        &Timings::default(),
        fx,
        h,
    );
    fb
}

/// Pixels within `r` px of `c` that `is` picks.
fn count(fb: &Framebuffer, c: [f32; 2], r: i32, is: impl Fn(Rgba) -> bool) -> usize {
    let (cx, cy) = (c[0].round() as i32, c[1].round() as i32);
    let mut n = 0;
    for y in cy - r..=cy + r {
        for x in cx - r..=cx + r {
            if fb.get_rgba(x, y).is_some_and(&is) {
                n += 1;
            }
        }
    }
    n
}

/// Bright bile green.
fn green(c: Rgba) -> bool {
    c.g >= 120 && c.g as i32 - c.r as i32 >= 30 && c.g as i32 - c.b as i32 >= 50
}

/// A stalker's amber eyeshine.
fn amber(c: Rgba) -> bool {
    c.r >= 150 && c.g >= 100 && c.r as i32 - c.b as i32 >= 90
}

fn luma(c: Rgba) -> u32 {
    (77 * c.r as u32 + 150 * c.g as u32 + 29 * c.b as u32) >> 8
}

// ---- Spits in flight -----------------------------------------------------------------

// An open room: the squad at S, two spawns east of it.
const HALL: &str = "\
##########################
#........................#
#........................#
#........................#
#...............E........#
#........................#
#........................#
#...L.S..................#
#........................#
#........................#
#................E.......#
#........................#
#........................#
#........................#
#........................#
##########################
";

const SPITTERS: &str = "\
seed = 5
duration = 30
formation = wedge
heading = 0
wave 0.5 0 spitter 1
wave 0.5 1 spitter 1
";

/// The hall with its spitters run to tick `until` as the app's session steps it (route
/// input, tick, then the cosmetics absorb), or until `stop` says so; the layer drawn in
/// the dark.
fn spitters_until(until: u64, stop: impl Fn(&World) -> bool) -> (World, Horror, Effects) {
    let map = Arc::new(Map::parse("hall.map", HALL).unwrap());
    let sc = Scenario::parse("spitters.scn", SPITTERS).unwrap();
    let mut w = World::new(map, &sc, Tuning::default());
    let mut d = RouteDriver::new();
    let mut h = Horror::new(&w, sc.seed, dark());
    let mut fx = Effects::default();
    h.absorb(&w);
    while w.tick() < until && !stop(&w) {
        let input = d.input(&sc, &w);
        tick(&mut w, &input);
        fx.absorb(&w);
        h.absorb(&w);
    }
    (w, h, fx)
}

/// The first spit in flight that has flown `far` and is a step clear of every agent.
fn flying(w: &World, far: f32) -> Option<&Spit> {
    w.spits()
        .iter()
        .find(|s| s.traveled >= far && w.agents().iter().all(|a| a.pos.distance(s.pos) > 1.5))
}

#[test]
fn a_spit_in_flight_glows_green_in_the_dark_where_it_is() {
    // The first spit 2.5 u out of the mouth (the spitter's own glowing sac far behind
    // it), and the same run the tick before it left: drawn from the same camera, the
    // spit's point is bright bile green only when it is there.
    let (w, ..) = spitters_until(1800, |w| flying(w, 2.5).is_some());
    let s = flying(&w, 2.5)
        .expect("a spit in flight within 30 s")
        .clone();
    let (w1, mut h1, _) = spitters_until(w.tick(), |_| false);
    let (w0, mut h0, _) = spitters_until(s.released - 1, |_| false);
    assert!(w0.spits().iter().all(|o| o.id != s.id));
    let center = s.pos;
    let with = frame(&w1, Some(&mut h1), None, center);
    let without = frame(&w0, Some(&mut h0), None, center);
    let at = Iso::new(center, W, H).project(s.pos, spit_z(s.traveled, s.range));
    let (g1, g0) = (count(&with, at, 8, green), count(&without, at, 8, green));
    println!(
        "spit {} at {:?}: {g1} green pixels, {g0} before it left",
        s.id, s.pos
    );
    assert!(g1 >= 20, "{g1} bright green pixels round the spit");
    assert_eq!(g0, 0, "bright green there before the spit left");
    // Its light on the floor under it: greener than the floor before it came.
    let floor = Iso::new(center, W, H).project(s.pos, 0.0);
    let tint = |fb: &Framebuffer| {
        let c = fb.get_rgba(floor[0] as i32, floor[1] as i32 + 3).unwrap();
        c.g as i32 - c.r as i32
    };
    assert!(
        tint(&with) > tint(&without) + 8,
        "floor under the spit: g-r {} with, {} without",
        tint(&with),
        tint(&without)
    );
}

#[test]
fn the_frame_has_one_small_green_light_per_spit_in_flight() {
    let (w, h, _) = spitters_until(1800, |w| !w.spits().is_empty());
    assert!(!w.spits().is_empty(), "no spit in flight within 30 s");
    let t = dark();
    let mut lights: Vec<Light> = Vec::new();
    gather(&w, &h.tracers, &t, 1.0, &mut lights);
    let want = view::horror::lights::Light {
        pos: Vec2::ZERO,
        range: t.spit_light.range,
        rgb: t
            .spit_light
            .color
            .map(|v| v as f32 / 255.0 * t.spit_light.intensity * 128.0),
        beam: None,
    };
    let spit_lights: Vec<&Light> = lights
        .iter()
        .filter(|l| l.beam.is_none() && l.range == want.range && l.rgb == want.rgb)
        .collect();
    assert_eq!(spit_lights.len(), w.spits().len());
    for s in w.spits() {
        assert!(
            spit_lights.iter().any(|l| l.pos == s.pos),
            "no light at spit {} ({:?})",
            s.id,
            s.pos
        );
    }
    // With no spit in flight, none.
    let (w0, h0, _) = spitters_until(1, |_| false);
    gather(&w0, &h0.tracers, &t, 1.0, &mut lights);
    assert!(!lights.iter().any(|l| l.rgb == want.rgb));
}

#[test]
fn where_a_spit_lands_it_leaves_glowing_bile_that_fades() {
    let landed = |w: &World| {
        w.events()
            .iter()
            .any(|e| matches!(e.kind, sim::read::EventKind::SpitHit { .. }))
    };
    let (w, mut h, fx) = spitters_until(1800, landed);
    let pos = w
        .events()
        .iter()
        .find_map(|e| match e.kind {
            sim::read::EventKind::SpitHit { pos, .. } => Some(pos),
            _ => None,
        })
        .expect("a spit lands within 30 s");
    let near = fx
        .fx
        .iter()
        .find(|f| f.pos.distance(pos) < 0.5)
        .expect("an effect where the spit landed");
    assert!(matches!(
        near.kind,
        view::effects::FxKind::Spat | view::effects::FxKind::Splat
    ));
    // The frame with the effects is bile green there; the same frame without is not.
    let iso = Iso::new(pos, W, H);
    let z = if near.kind == view::effects::FxKind::Spat {
        0.45
    } else {
        0.3
    };
    let at = iso.project(near.pos, z);
    let with = frame(&w, Some(&mut h), Some(&fx), pos);
    let without = frame(&w, Some(&mut h), None, pos);
    let (g1, g0) = (count(&with, at, 14, green), count(&without, at, 14, green));
    println!(
        "landed {:?} at {pos:?}: {g1} green pixels, {g0} without",
        near.kind
    );
    assert!(g1 >= 20 && g1 > 4 * g0.max(1), "{g1} with, {g0} without");
    // Bounded: gone when its life is over.
    let (w2, _, fx2) = spitters_until(w.tick() + 200, |_| false);
    assert!(w2.tick() > w.tick());
    assert!(fx2
        .fx
        .iter()
        .all(|f| f.born > w.tick() || f.pos.distance(near.pos) > 1e-3));
}

// ---- Bodies ----------------------------------------------------------------------------

// A wide dark room; the squad spawns at S (west), nothing lights it.
const DARK_ROOM: &str = "\
##########################
#........................#
#........................#
#........................#
#........................#
#........................#
#..S.....................#
#........................#
#........................#
#........................#
#........................#
##########################
";

/// The dark room with an enemy of `kind` standing at `at` facing the viewer (+x +y),
/// shaped by `edit`, the squad in a column at x = 3.5 facing west (away from it).
fn room_with(kind: EnemyKind, at: Vec2, edit: impl Fn(&mut sim::read::Enemy)) -> World {
    let map = Arc::new(Map::parse("dark.map", DARK_ROOM).unwrap());
    let text = format!("seed = 1\ndummy {} {}\n", at.x, at.y);
    let sc = Scenario::parse("dark.scn", &text).unwrap();
    let mut w = World::new(map, &sc, Tuning::default());
    for i in 0..w.agents().len() {
        let a = w.agent_mut(i);
        a.pos = Vec2::new(3.5, 4.5 + i as f32 * 0.6);
        a.prev_pos = a.pos;
        a.facing = std::f32::consts::PI;
        a.barrel = a.facing;
    }
    for e in w.enemies_mut() {
        e.kind = kind;
        e.radius = match kind {
            EnemyKind::Spitter => 0.3,
            EnemyKind::Stalker => 0.27,
            _ => 0.32,
        };
        e.facing = std::f32::consts::FRAC_PI_4;
        edit(e);
    }
    w
}

fn dark_frame(w: &World) -> (Framebuffer, Horror) {
    let mut h = Horror::new(w, 1, dark());
    h.absorb(w);
    let fb = frame(w, Some(&mut h), None, w.enemies()[0].pos);
    (fb, h)
}

#[test]
fn a_spitter_winding_up_shows_its_telegraph_in_the_dark() {
    let at = Vec2::new(8.5, 5.5);
    let rest = room_with(EnemyKind::Spitter, at, |_| {});
    let winding = room_with(EnemyKind::Spitter, at, |e| {
        e.attack.windup_ticks = 42;
        e.attack.windup_left = Some(8);
    });
    let (fr, _) = dark_frame(&rest);
    let (fw, _) = dark_frame(&winding);
    let iso = Iso::new(at, W, H);
    let body = iso.project(at, 0.4);
    let (gw, gr) = (count(&fw, body, 24, green), count(&fr, body, 24, green));
    println!("spitter: {gw} green pixels winding up, {gr} at rest");
    assert!(
        gw >= 40,
        "{gw} bile-green pixels round a spitter winding up"
    );
    assert_eq!(gr, 0, "a spitter at rest shows no bile glow in the dark");
    // Its ring closes in: further into the windup, the ring on the floor is tighter.
    let later = room_with(EnemyKind::Spitter, at, |e| {
        e.attack.windup_ticks = 42;
        e.attack.windup_left = Some(38);
    });
    let (fl, _) = dark_frame(&later);
    let ring_at = |fb: &Framebuffer, dx: f32| {
        let c = iso.project(at, 0.0);
        count(fb, [c[0] + dx, c[1]], 2, green)
    };
    let wide = view::bodies::px(0.3) * 2.4 * (1.0 - 0.5 * 4.0 / 42.0);
    assert!(
        ring_at(&fl, wide) > 0,
        "early in the windup the ring is wide"
    );
    assert_eq!(ring_at(&fw, wide), 0, "late in the windup it has closed in");
}

#[test]
fn a_stalker_in_the_dark_is_a_silhouette_with_amber_eyes_and_caught_it_is_drawn_lit() {
    let at = Vec2::new(8.5, 5.5);
    let dark_one = room_with(EnemyKind::Stalker, at, |_| {});
    let caught = room_with(EnemyKind::Stalker, at, |e| e.lit = true);
    let (fd, hd) = dark_frame(&dark_one);
    let (fc, hc) = dark_frame(&caught);
    assert_eq!(hd.readout().silhouettes, 1);
    assert_eq!(hc.readout().silhouettes, 0, "a stalker a beam holds is lit");
    let iso = Iso::new(at, W, H);
    let head = iso.project(
        at + Vec2::from_angle(std::f32::consts::FRAC_PI_4) * 0.25,
        0.4,
    );
    let eyes = count(&fd, head, 8, amber);
    println!("stalker: {eyes} amber eye pixels in the dark");
    assert!(eyes >= 2, "{eyes} amber eye pixels");
    assert_eq!(
        count(&fd, head, 8, |c| c.r >= 150 && (c.g as i32) < 90),
        0,
        "its eyes are not the horde's red"
    );
    // Caught, its body shows: the region round it is much brighter than in the dark,
    // though no light of the frame reaches it (the beam's far end is dim as drawn).
    let mean = |fb: &Framebuffer| {
        let c = iso.project(at, 0.3);
        let (mut sum, mut n) = (0u32, 0u32);
        for y in c[1] as i32 - 14..=c[1] as i32 + 10 {
            for x in c[0] as i32 - 16..=c[0] as i32 + 16 {
                sum += luma(fb.get_rgba(x, y).unwrap());
                n += 1;
            }
        }
        sum as f32 / n as f32
    };
    let (lc, ld) = (mean(&fc), mean(&fd));
    println!("stalker: mean luma {lc:.1} caught, {ld:.1} in the dark");
    assert!(lc > ld + 12.0, "caught {lc:.1}, dark {ld:.1}");
}

#[test]
fn each_threat_kind_has_its_own_shape() {
    // The plain board (every body lit): a spitter, a stalker and a shambler at the same
    // spot draw clearly different pixels; a stalker caught in a beam flinches.
    let at = Vec2::new(8.5, 5.5);
    let draw = |w: &World| frame(w, None, None, at);
    let spitter = draw(&room_with(EnemyKind::Spitter, at, |_| {}));
    let stalker = draw(&room_with(EnemyKind::Stalker, at, |_| {}));
    let shambler = draw(&room_with(EnemyKind::Shambler, at, |_| {}));
    let flinch = draw(&room_with(EnemyKind::Stalker, at, |e| e.lit = true));
    let differ = |a: &Framebuffer, b: &Framebuffer| {
        a.pixels
            .iter()
            .zip(&b.pixels)
            .filter(|(x, y)| {
                let (x, y) = (Rgba::from_u32(**x), Rgba::from_u32(**y));
                (x.r as i32 - y.r as i32).abs()
                    + (x.g as i32 - y.g as i32).abs()
                    + (x.b as i32 - y.b as i32).abs()
                    > 40
            })
            .count()
    };
    for (name, a, b) in [
        ("spitter/shambler", &spitter, &shambler),
        ("stalker/shambler", &stalker, &shambler),
        ("spitter/stalker", &spitter, &stalker),
        ("stalker/caught stalker", &stalker, &flinch),
    ] {
        let n = differ(a, b);
        println!("{name}: {n} pixels differ");
        assert!(n >= 120, "{name}: only {n} pixels differ");
    }
}

// ---- The beams -------------------------------------------------------------------------

#[test]
fn the_flashlights_are_the_simulations_cones() {
    // A gunner's beam drawn with the simulation's `[light]` numbers: narrowed there, the
    // frame's beam narrows; the view's `[horror]` keeps only the look.
    let map = Arc::new(Map::parse("dark.map", DARK_ROOM).unwrap());
    let sc = Scenario::parse("dark.scn", "seed = 1\n").unwrap();
    let mut t = Tuning::default();
    let w = World::new(map.clone(), &sc, t.clone());
    t.light.gunner.range = 3.0;
    t.light.gunner.half_angle_deg = 5.0;
    let narrow = World::new(map, &sc, t);
    let h = Horror::new(&w, 1, HorrorTuning::default());
    let mut lights: Vec<Light> = Vec::new();
    let beams = |w: &World, lights: &mut Vec<Light>| {
        gather(w, &h.tracers, &HorrorTuning::default(), 1.0, lights);
        lights
            .iter()
            .filter_map(|l| l.beam.map(|b| (l.range, b.half_inner)))
            .collect::<Vec<_>>()
    };
    let wide = beams(&w, &mut lights);
    let cones = &w.tuning().light;
    assert!(wide.contains(&(cones.gunner.range, cones.gunner.half_angle_deg.to_radians())));
    assert!(wide.contains(&(cones.blade.range, cones.blade.half_angle_deg.to_radians())));
    let small = beams(&narrow, &mut lights);
    assert!(small.contains(&(3.0, 5f32.to_radians())));
    assert!(!small.contains(&(cones.gunner.range, cones.gunner.half_angle_deg.to_radians())));
    // One drawn beam per cone the simulation tests.
    assert_eq!(wide.len(), w.beams().len());
}
