//! The horror layer (SPEC §13): it never changes the simulation, light does not pass
//! walls, faces lit from behind stay dark, enemies appear only on live tiles, memory is
//! grey and lasts the run, caps hold over the whole route, frames are reproducible, the frame is dark, and
//! goldens of the combat route at 30 s and 140 s with and without the overlay.
//!
//! Regenerate the goldens on purpose with `UPDATE_GOLDEN=1 cargo test -p view --test
//! horror`, look at the PNGs in `crates/view/tests/golden/`, and commit them.

mod common;

use std::sync::Arc;

use common::check_golden;
use raster::{Framebuffer, Rgba};
use sim::content;
use sim::driver::route::RouteDriver;
use sim::read::{tick, Map, Scenario, World};
use sim::tuning::{Tuning, DT};
use sim::Vec2;
use view::horror::tracers::{FLASH_CAP, TRAIL_CAP};
use view::horror::tuning::HorrorTuning;
use view::scene::Seen;
use view::{Camera, Effects, Horror, Iso, Timings, ViewOptions};

fn route() -> (Arc<Map>, Scenario) {
    let sc = Scenario::parse(
        "combat_route",
        content::scenario_text("combat_route").unwrap(),
    )
    .unwrap();
    let map = Arc::new(Map::parse("default", content::map_text(&sc.map).unwrap()).unwrap());
    (map, sc)
}

/// The combat route run to `seconds` as the window runs it: camera, effects, horror.
/// (The view is below the app, so its tests step the route themselves, as the app's
/// `Session` does: route input, tick, then the layer absorbs.)
struct Run {
    world: World,
    camera: Camera,
    effects: Effects,
    horror: Horror,
}

fn run_route(seconds: f32, tuning: HorrorTuning) -> Run {
    let (map, sc) = route();
    let mut world = World::new(map, &sc, Tuning::default());
    let mut d = RouteDriver::new();
    let mut camera = Camera::new(world.anchor().pos);
    let mut effects = Effects::default();
    let mut horror = Horror::new(&world, sc.seed, tuning);
    horror.absorb(&world);
    while (world.tick() as f32) < seconds * 60.0 {
        let input = d.input(&sc, &world);
        tick(&mut world, &input);
        effects.absorb(&world);
        horror.absorb(&world);
        camera.follow(view::camera_target(&world, 1.0), DT);
    }
    Run {
        world,
        camera,
        effects,
        horror,
    }
}

fn draw(fb: &mut Framebuffer, r: &mut Run, overlay: bool, horror: bool) {
    view::render_frame(
        fb,
        &r.world,
        &r.camera,
        1.0,
        &ViewOptions {
            overlay,
            ..ViewOptions::default()
        },
        &Timings::default(),
        Some(&r.effects),
        horror.then_some(&mut r.horror),
    );
}

fn mean_luma(fb: &Framebuffer) -> f64 {
    let sum: u64 = fb
        .pixels
        .iter()
        .map(|&p| {
            let c = Rgba::from_u32(p);
            (77 * c.r as u64 + 150 * c.g as u64 + 29 * c.b as u64) >> 8
        })
        .sum();
    sum as f64 / fb.pixels.len() as f64
}

#[test]
fn the_checksum_is_the_same_with_the_layer_on_and_off_over_the_whole_route() {
    // One world drawn through the horror layer (stepped every tick, a frame drawn every
    // 30 ticks), one never drawn at all: the same checksum at every tick. `&World` forbids
    // writes; this guards against interior mutability and against the layer ever reading
    // `World::rng`. The same run checks the layer's caps over 180 s of fighting.
    let (map, sc) = route();
    let mut a = World::new(map.clone(), &sc, Tuning::default());
    let mut b = World::new(map, &sc, Tuning::default());
    let (mut da, mut db) = (RouteDriver::new(), RouteDriver::new());
    let mut horror = Horror::new(&a, sc.seed, HorrorTuning::default());
    let mut effects = Effects::default();
    let mut fb = Framebuffer::new(320, 180);
    let cam_at = |w: &World| Camera::new(w.anchor().pos);
    let total = (sc.duration * 60.0) as u64;
    let t = HorrorTuning::default();
    let (mut max_particles, mut max_decals) = (0, 0);
    while a.tick() < total {
        let ia = da.input(&sc, &a);
        let ib = db.input(&sc, &b);
        tick(&mut a, &ia);
        tick(&mut b, &ib);
        horror.absorb(&a);
        effects.absorb(&a);
        if a.tick().is_multiple_of(30) {
            view::render_frame(
                &mut fb,
                &a,
                &cam_at(&a),
                0.5,
                &ViewOptions::default(),
                &Timings::default(),
                Some(&effects),
                Some(&mut horror),
            );
        }
        assert_eq!(a.checksum(), b.checksum(), "tick {}", a.tick());
        max_particles = max_particles.max(horror.blood.particles.len());
        max_decals = max_decals.max(horror.blood.decals.len());
        assert!(horror.tracers.trail.len() <= TRAIL_CAP);
        assert!(horror.tracers.flashes.len() <= FLASH_CAP);
    }
    assert!(max_particles > 0 && max_decals > 0, "the fight bled");
    assert!(max_particles <= t.blood_particle_cap as usize);
    assert!(max_decals <= t.blood_decal_cap as usize);
}

#[test]
fn caps_hold_when_small() {
    // The same fight with tiny caps: the rings are reused instead of growing.
    let tuning = HorrorTuning {
        blood_particle_cap: 16,
        blood_decal_cap: 8,
        ..HorrorTuning::default()
    };
    let r = run_route(90.0, tuning);
    assert!(r.horror.blood.particles.len() <= 16);
    assert_eq!(r.horror.blood.decals.len(), 8);
}

#[test]
fn the_same_moment_draws_the_same_frame() {
    // The cosmetic RNG is seeded: two runs to the same tick draw identical frames.
    let mut a = run_route(20.0, HorrorTuning::default());
    let mut b = run_route(20.0, HorrorTuning::default());
    let (mut fa, mut fb) = (Framebuffer::new(400, 240), Framebuffer::new(400, 240));
    draw(&mut fa, &mut a, false, true);
    draw(&mut fb, &mut b, false, true);
    assert_eq!(fa, fb);
}

#[test]
fn the_horror_frame_is_dark() {
    let mut r = run_route(30.0, HorrorTuning::default());
    let mut plain = Framebuffer::new(640, 360);
    let mut dark = Framebuffer::new(640, 360);
    draw(&mut plain, &mut r, false, false);
    draw(&mut dark, &mut r, false, true);
    let (lp, ld) = (mean_luma(&plain), mean_luma(&dark));
    assert!(
        ld < 0.5 * lp,
        "mean luma {ld:.1} with the layer, {lp:.1} without"
    );
    // ...and not black: lit pools are there.
    let bright = dark
        .pixels
        .iter()
        .filter(|&&p| Rgba::from_u32(p).g > 60)
        .count();
    assert!(bright > 2000, "{bright} bright pixels");
}

/// A test room: `.` floor, `#` wall; the squad spawns at `S`.
fn room_world(map: &str) -> World {
    let map = Arc::new(Map::parse("room.map", map).unwrap());
    let sc = Scenario::parse("room.scn", "seed = 1\n").unwrap();
    World::new(map, &sc, Tuning::default())
}

/// Tuning with no flashlights, no anchor glow, no post effects: only lamps light.
fn lamps_only() -> HorrorTuning {
    let mut t = HorrorTuning::default();
    t.gunner_light.intensity = 0.0;
    t.blade_light.intensity = 0.0;
    t.anchor_glow.intensity = 0.0;
    t.lamp_flicker = 0.0;
    t.vignette = [0.0, 0.0];
    t.vignette_pulse = 0.0;
    t.grain = [0.0, 0.0];
    t.desaturate = 0.0;
    t.shake_px = 0.0;
    t
}

/// The ambient light as the light buffer holds it.
fn ambient(t: &HorrorTuning) -> Rgba {
    let v = |c: u8| (c as f32 / 255.0 * t.ambient * 128.0).round() as u8;
    Rgba::rgb(
        v(t.ambient_color[0]),
        v(t.ambient_color[1]),
        v(t.ambient_color[2]),
    )
}

/// Renders `w` through the layer centred on `center`; returns the frame and the layer.
fn render_room(w: &World, center: Vec2, t: &HorrorTuning) -> (Framebuffer, Horror, Iso) {
    let mut h = Horror::new(w, 1, t.clone());
    h.absorb(w);
    let mut fb = Framebuffer::new(640, 400);
    let cam = Camera::new(center);
    view::render_frame(
        &mut fb,
        w,
        &cam,
        1.0,
        &ViewOptions::default(),
        &Timings::default(),
        None,
        Some(&mut h),
    );
    let iso = Iso::new(center, 640, 400);
    (fb, h, iso)
}

// A lamp (L) north of a short thin wall; the squad (S) south-west sees both sides.
const LAMP_ROOM: &str = "\
####################
#..................#
#..................#
#.........L........#
#..................#
#......#######.....#
#..................#
#..................#
#..................#
#..S...............#
#..................#
#..................#
#..................#
####################
";

#[test]
fn a_lamp_behind_a_wall_leaves_the_floor_beyond_it_at_ambient() {
    let w = room_world(LAMP_ROOM);
    let t = lamps_only();
    let (fb, h, iso) = render_room(&w, Vec2::new(10.0, 6.0), &t);
    let amb = ambient(&t);
    // The tiles just south of the wall, straight below the lamp, are live (seen round
    // the wall's ends) but in its shadow: their light is the ambient, exactly.
    for x in [9, 10, 11] {
        assert_eq!(h.fog.seen(x, 6), Seen::Live, "tile ({x}, 6) is in sight");
        let p = iso.project(Vec2::new(x as f32 + 0.5, 6.5), 0.0);
        let l = h.light.get_rgba(p[0] as i32, p[1] as i32).unwrap();
        assert_eq!(l, amb, "light behind the wall at ({x}, 6)");
    }
    // North of the wall, the same distance from the lamp, it is lit.
    let p = iso.project(Vec2::new(10.5, 1.5), 0.0);
    let lit = h.light.get_rgba(p[0] as i32, p[1] as i32).unwrap();
    assert!(lit.g > amb.g + 30, "{lit:?}");
    // And on the final frame the shadowed floor is near black.
    let p = iso.project(Vec2::new(10.5, 6.5), 0.0);
    let c = fb.get_rgba(p[0] as i32, p[1] as i32).unwrap();
    assert!(c.r < 12 && c.g < 12 && c.b < 16, "{c:?}");
}

// A wall block in the middle of a room; one gunner east of it, one west.
const BLOCK_ROOM: &str = "\
##############
#............#
#............#
#............#
#.....##.....#
#.....##.....#
#............#
#............#
#S...........#
##############
";

/// The light buffer at the centre of the block's visible faces: the +x face (x = 8) and
/// the +y face (y = 6).
fn face_lights((w, t): &(World, HorrorTuning)) -> (Rgba, Rgba) {
    let (_, h, iso) = render_room(w, Vec2::new(7.0, 5.0), t);
    let px = iso.project(Vec2::new(8.0, 5.0), 0.5);
    let py = iso.project(Vec2::new(7.0, 6.0), 0.5);
    let at = |p: [f32; 2]| h.light.get_rgba(p[0] as i32, p[1] as i32).unwrap();
    (at(px), at(py))
}

/// A world with only gunner 2 standing at `p`, its light along `dir`.
fn lone_gunner(p: Vec2, dir: f32) -> (World, HorrorTuning) {
    let mut t = lamps_only();
    t.gunner_light.intensity = 1.5;
    t.gunner_light.spill_level = 0.0;
    let mut w = room_world(BLOCK_ROOM);
    for i in 0..w.agents().len() {
        let a = w.agent_mut(i);
        if i == 2 {
            a.pos = p;
            a.prev_pos = p;
            a.barrel = dir;
            a.facing = dir;
        } else {
            a.alive = false;
            a.pos = Vec2::new(1.5, 8.5);
            a.prev_pos = a.pos;
        }
    }
    (w, t)
}

#[test]
fn a_flashlight_on_a_wall_lights_the_facing_side_only() {
    // East of the block, pointing west at it: the +x face (toward the gunner) is lit,
    // the +y face (its side turned away from the beam) is not.
    let east = lone_gunner(Vec2::new(11.5, 5.0), std::f32::consts::PI);
    let amb = ambient(&east.1);
    let dark = |c: Rgba| c.r <= amb.r && c.g <= amb.g && c.b <= amb.b;
    let (fx, fy) = face_lights(&east);
    assert!(
        fx.g > amb.g + 40,
        "the face toward the light is lit: {fx:?}"
    );
    assert!(
        dark(fy),
        "the side face stays at the ambient: {fy:?} (ambient {amb:?})"
    );
    // West of the block, pointing east at it: the light hits the -x face, which the
    // camera does not see; the visible +x face is lit from behind and stays dark.
    let west = lone_gunner(Vec2::new(3.5, 5.0), 0.0);
    let (fx, fy) = face_lights(&west);
    assert!(dark(fx), "a face lit from behind stays dark: {fx:?}");
    assert!(dark(fy), "{fy:?}");
}

// The squad in the west room; a closed room east behind a solid wall with an enemy.
const TWO_ROOMS: &str = "\
##############
#.....#......#
#.....#......#
#..S..#......#
#.....#......#
#.....#......#
##############
";

#[test]
fn enemies_are_drawn_only_on_live_tiles_and_unseen_rooms_are_black() {
    let map = Arc::new(Map::parse("two.map", TWO_ROOMS).unwrap());
    let with = Scenario::parse("a.scn", "seed = 1\ndummy 10.5 3.5\n").unwrap();
    let without = Scenario::parse("b.scn", "seed = 1\n").unwrap();
    let wa = World::new(map.clone(), &with, Tuning::default());
    let wb = World::new(map, &without, Tuning::default());
    let center = Vec2::new(7.0, 3.5);
    let (fa, ha, iso) = render_room(&wa, center, &lamps_only());
    let (fb, _, _) = render_room(&wb, center, &lamps_only());
    assert_eq!(ha.fog.seen(10, 3), Seen::Never);
    assert_eq!(fa, fb, "the dummy behind the wall is not drawn at all");
    // Every pixel of the east room's floor is black.
    for (x, y) in [(8, 2), (10, 3), (12, 5)] {
        let p = iso.project(Vec2::new(x as f32 + 0.5, y as f32 + 0.5), 0.0);
        assert_eq!(fa.get(p[0] as i32, p[1] as i32), Some(0), "({x}, {y})");
    }
    // With the wall opened the same dummy is in sight and drawn.
    let open = TWO_ROOMS.replace("#..S..#......#", "#..S.........#");
    let map = Arc::new(Map::parse("open.map", &open).unwrap());
    let wc = World::new(map.clone(), &with, Tuning::default());
    let wd = World::new(map, &without, Tuning::default());
    let (fc, hc, _) = render_room(&wc, center, &lamps_only());
    let (fd, _, _) = render_room(&wd, center, &lamps_only());
    assert_eq!(hc.fog.seen(10, 3), Seen::Live);
    assert_ne!(fc, fd, "a dummy in sight is drawn");
}

#[test]
fn remembered_tiles_are_grey_and_keep_no_enemies() {
    // Walk the squad out of a room: the room becomes memory, drawn without colour.
    let r = run_route(40.0, HorrorTuning::default());
    let (live, remembered) = r.horror.fog.counts();
    assert!(
        live > 50 && remembered > 50,
        "{live} live, {remembered} remembered"
    );
    let mut run = r;
    let mut fb = Framebuffer::new(1280, 720);
    draw(&mut fb, &mut run, false, true);
    let iso = Iso::new(run.camera.center, 1280, 720);
    let (x0, y0, x1, y1) = view::scene::visible_tiles(
        &iso,
        1280,
        720,
        run.world.map().width(),
        run.world.map().height(),
    );
    let (mut checked, mut grey) = (0, 0);
    for y in y0..=y1 {
        for x in x0..=x1 {
            let all_remembered = (-1..=1).all(|dy| {
                (-1..=1).all(|dx| run.horror.fog.seen(x + dx, y + dy) == Seen::Remembered)
            });
            if !all_remembered || run.world.map().grid.is_wall(x, y) {
                continue;
            }
            let p = iso.project(Vec2::new(x as f32 + 0.5, y as f32 + 0.5), 0.0);
            if p[0] < 40.0 || p[1] < 40.0 || p[0] > 1240.0 || p[1] > 680.0 {
                continue;
            }
            // Grey up to rounding (the grain is monochrome): r, g, b within a few levels.
            // A tracer flying over the memory is light on the final frame, so a few
            // tiles may be covered by one.
            let c = fb.get_rgba(p[0] as i32, p[1] as i32).unwrap();
            let spread = c.r.max(c.g).max(c.b) - c.r.min(c.g).min(c.b);
            checked += 1;
            if spread <= 3 {
                grey += 1;
            }
        }
    }
    assert!(checked > 10, "{checked} remembered tiles on screen");
    assert!(
        grey * 100 >= checked * 95,
        "{grey} of {checked} remembered tiles grey"
    );
}

#[test]
fn golden_route_frames() {
    for at in [30.0f32, 140.0] {
        let mut r = run_route(at, HorrorTuning::default());
        for overlay in [false, true] {
            let mut fb = Framebuffer::new(640, 360);
            draw(&mut fb, &mut r, overlay, true);
            let name = format!(
                "horror_route_{}s{}",
                at as u32,
                if overlay { "_overlay" } else { "" }
            );
            check_golden(&name, &fb);
        }
    }
}

#[test]
fn the_fog_remembers_the_whole_run() {
    let a = run_route(20.0, HorrorTuning::default());
    let b = run_route(60.0, HorrorTuning::default());
    let seen = |h: &Horror| {
        let (l, r) = h.fog.counts();
        l + r
    };
    assert!(seen(&b.horror) > seen(&a.horror));
    // Everything seen by 20 s is still seen (live or remembered) at 60 s.
    let (ma, mb) = (a.horror.fog.memory(), b.horror.fog.memory());
    assert!(ma.iter().zip(mb).all(|(&x, &y)| x == 0 || y != 0));
}
