//! The horror layer (REQ §13): it never changes the simulation, light does not pass
//! walls, faces lit from behind stay dark, enemies appear only on live tiles, memory is
//! grey and lasts the run, caps hold over the whole route, frames are reproducible, the
//! frame is dark; readable darkness (issue 19): unlit enemies near the squad are
//! silhouettes with glowing eyes, full tension leaves the squad's neighbourhood readable,
//! the anchor disk gets an x-ray outline behind walls; and goldens of the combat route at
//! 30 s and 140 s with and without the overlay.
//!
//! Regenerate the goldens on purpose with `UPDATE_GOLDEN=1 cargo test -p view --test
//! horror`, look at the PNGs in `crates/view/tests/golden/`, and commit them.

mod common;

use std::sync::Arc;

use common::check_golden;
use raster::{Framebuffer, Rgba};
use sim::content;
use sim::driver::route::RouteDriver;
use sim::read::{tick, EnemyKind, Map, Scenario, World};
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
    run_route_until(seconds, tuning, |_| true)
}

/// The route run to `seconds`, then on until `until` holds of the run (or the route's
/// end): a moment found by what it shows, not pinned to a tick a change of the fight
/// moves.
fn run_route_until(seconds: f32, tuning: HorrorTuning, until: impl Fn(&Run) -> bool) -> Run {
    let (map, sc) = route();
    let world = World::new(map, &sc, Tuning::default());
    let mut d = RouteDriver::new();
    let mut r = Run {
        camera: Camera::new(world.anchor().pos),
        effects: Effects::default(),
        horror: Horror::new(&world, sc.seed, tuning),
        world,
    };
    r.horror.absorb(&r.world);
    let end = (sc.duration * 60.0) as u64;
    while (r.world.tick() as f32) < seconds * 60.0 || (!until(&r) && r.world.tick() < end) {
        let input = d.input(&sc, &r.world);
        tick(&mut r.world, &input);
        r.effects.absorb(&r.world);
        r.horror.absorb(&r.world);
        r.camera.follow(view::camera_target(&r.world, 1.0), DT);
    }
    r
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
        let l = h.light().get_rgba(p[0] as i32, p[1] as i32).unwrap();
        assert_eq!(l, amb, "light behind the wall at ({x}, 6)");
    }
    // North of the wall, the same distance from the lamp, it is lit.
    let p = iso.project(Vec2::new(10.5, 1.5), 0.0);
    let lit = h.light().get_rgba(p[0] as i32, p[1] as i32).unwrap();
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
    let at = |p: [f32; 2]| h.light().get_rgba(p[0] as i32, p[1] as i32).unwrap();
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
        (1280.0, 720.0),
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

// ---- Readable darkness (issue 19) -------------------------------------------------------

/// Tuning for a room in the dark: no flashlight, no anchor glow, no grain or shake (so
/// frames compare exactly); the vignette and desaturation as by default.
fn dark_room() -> HorrorTuning {
    let mut t = HorrorTuning::default();
    t.gunner_light.intensity = 0.0;
    t.blade_light.intensity = 0.0;
    t.anchor_glow.intensity = 0.0;
    t.grain = [0.0, 0.0];
    t.shake_px = 0.0;
    t
}

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

/// `world` with every agent standing in a column at x = `x`, from y = 4.5 down.
fn stand_squad_at(w: &mut World, x: f32) {
    for i in 0..w.agents().len() {
        let a = w.agent_mut(i);
        a.pos = Vec2::new(x, 4.5 + i as f32 * 0.6);
        a.prev_pos = a.pos;
        a.facing = std::f32::consts::PI;
        a.barrel = a.facing;
    }
}

/// The room with (or without) a shambler standing at `at`, facing the viewer (+x +y),
/// the squad in a column at x = 3.5.
fn room_with_shambler(at: Option<Vec2>) -> World {
    room_with_shambler_in(DARK_ROOM, at)
}

fn room_with_shambler_in(map: &str, at: Option<Vec2>) -> World {
    let map = Arc::new(Map::parse("dark.map", map).unwrap());
    let text = match at {
        Some(p) => format!("seed = 1\ndummy {} {}\n", p.x, p.y),
        None => "seed = 1\n".to_string(),
    };
    let sc = Scenario::parse("dark.scn", &text).unwrap();
    let mut w = World::new(map, &sc, Tuning::default());
    stand_squad_at(&mut w, 3.5);
    for e in w.enemies_mut() {
        e.kind = EnemyKind::Shambler;
        e.radius = 0.32;
        e.facing = std::f32::consts::FRAC_PI_4;
    }
    w
}

/// Draws `w` through `h` centred on `center` at 640×400 with the tension forced to
/// `tension` (its heartbeat at the thump).
fn render_layer(w: &World, h: &mut Horror, center: Vec2, tension: f32) -> (Framebuffer, Iso) {
    h.tension.value = tension;
    h.tension.beat = 0.03;
    let mut fb = Framebuffer::new(640, 400);
    view::render_frame(
        &mut fb,
        w,
        &Camera::new(center),
        1.0,
        &ViewOptions::default(),
        &Timings::default(),
        None,
        Some(h),
    );
    (fb, Iso::new(center, 640, 400))
}

/// Pixels within `r` px of `c` that are glowing red (an enemy's eyes).
fn red_glow(fb: &Framebuffer, c: [f32; 2], r: i32) -> usize {
    let (cx, cy) = (c[0].round() as i32, c[1].round() as i32);
    let mut n = 0;
    for y in cy - r..=cy + r {
        for x in cx - r..=cx + r {
            if let Some(p) = fb.get_rgba(x, y) {
                if p.r >= 150 && p.r as i32 - p.g as i32 >= 70 {
                    n += 1;
                }
            }
        }
    }
    n
}

/// The screen point of a shambler's head standing at `p` facing the viewer.
fn head_of(iso: &Iso, p: Vec2) -> view::figures::Head {
    let pose = view::pose::Pose::default();
    let facing = std::f32::consts::FRAC_PI_4;
    view::figures::human_head(iso, (p, facing), view::figures::Human::Shambler, &pose)
}

#[test]
fn an_unlit_enemy_in_sight_near_the_squad_is_a_silhouette_with_glowing_eyes() {
    let t = dark_room();
    let at = Vec2::new(7.5, 5.5);
    let w = room_with_shambler(Some(at));
    let empty = room_with_shambler(None);
    let mut h = Horror::new(&w, 1, t.clone());
    h.absorb(&w);
    let (tx, ty) = sim::read::Grid::tile_of(at);
    assert_eq!(h.fog.seen(tx, ty), Seen::Live);
    // Full tension: desaturation and vignette at their caps, and the eyes still glow red
    // (they are added after the post pass).
    let (fb, iso) = render_layer(&w, &mut h, at, 1.0);
    let head = head_of(&iso, at);
    let (head, head_r) = (head.at, head.r);
    let eyes = red_glow(&fb, head, 6);
    assert!(eyes >= 2, "{eyes} glowing eye pixels at the head {head:?}");
    assert_eq!(h.readout().silhouettes, 1);
    // The silhouette's rim: just above its body the frame is brighter than the same
    // spot with no enemy there (a faint moonlit edge on the dark shape).
    let mut he = Horror::new(&empty, 1, t.clone());
    he.absorb(&empty);
    let (fe, _) = render_layer(&empty, &mut he, at, 1.0);
    let luma = |fb: &Framebuffer, x: i32, y: i32| {
        let c = fb.get_rgba(x, y).unwrap();
        (77 * c.r as u32 + 150 * c.g as u32 + 29 * c.b as u32) >> 8
    };
    // The top of the head's outline: its radius and the outline's 1.3 px.
    let top = head[1] - head_r - 1.3;
    let (hx, top) = (head[0].round() as i32, top.round() as i32);
    let rim = (top - 2..=top)
        .map(|y| luma(&fb, hx, y) as i32 - luma(&fe, hx, y) as i32)
        .max()
        .unwrap();
    println!("silhouette: {eyes} glowing eye pixels, rim {rim} levels over the floor");
    assert!(
        rim >= 30,
        "the rim above the body is {rim} levels over the floor"
    );
    // Lit by a lamp beside it, the same enemy is drawn as in the light: no silhouette,
    // its own eyes glowing in the scene.
    let mut rows: Vec<String> = DARK_ROOM.lines().map(str::to_string).collect();
    rows[5].replace_range(8..9, "L");
    let wl = room_with_shambler_in(&(rows.join("\n") + "\n"), Some(at));
    let mut hl = Horror::new(&wl, 1, t.clone());
    hl.absorb(&wl);
    let (fl, _) = render_layer(&wl, &mut hl, at, 1.0);
    assert_eq!(hl.readout().silhouettes, 0);
    assert!(red_glow(&fl, head, 6) >= 2);
}

#[test]
fn beyond_the_silhouette_range_the_dark_hides_an_unlit_enemy() {
    let t = dark_room();
    // Live (well inside the sight radius) but 9 units from the nearest agent.
    let at = Vec2::new(12.5, 5.5);
    assert!(at.x - 3.5 > t.silhouette_range);
    let w = room_with_shambler(Some(at));
    let mut h = Horror::new(&w, 1, t);
    h.absorb(&w);
    let (tx, ty) = sim::read::Grid::tile_of(at);
    assert_eq!(h.fog.seen(tx, ty), Seen::Live);
    let (fb, iso) = render_layer(&w, &mut h, at, 0.0);
    assert_eq!(
        red_glow(&fb, head_of(&iso, at).at, 8),
        0,
        "no eyes in the dark"
    );
    assert_eq!(h.readout().silhouettes, 0);
}

#[test]
fn an_enemy_on_a_remembered_tile_is_not_drawn_even_near_the_squad() {
    let mut t = dark_room();
    t.sight_radius = 4;
    let at = Vec2::new(9.5, 5.5);
    let mut w = room_with_shambler(Some(at));
    let mut e = room_with_shambler(None);
    let mut h = Horror::new(&w, 1, t.clone());
    let mut he = Horror::new(&e, 1, t.clone());
    // Seen from close by, then remembered from 5.5 units (beyond the sight radius,
    // within the silhouette range).
    stand_squad_at(&mut w, 7.5);
    stand_squad_at(&mut e, 7.5);
    h.absorb(&w);
    he.absorb(&e);
    stand_squad_at(&mut w, 4.0);
    stand_squad_at(&mut e, 4.0);
    h.absorb(&w);
    he.absorb(&e);
    let (tx, ty) = sim::read::Grid::tile_of(at);
    assert_eq!(h.fog.seen(tx, ty), Seen::Remembered);
    assert!(at.x - 4.0 < t.silhouette_range);
    let (fa, iso) = render_layer(&w, &mut h, at, 0.0);
    let (fb, _) = render_layer(&e, &mut he, at, 0.0);
    assert_eq!(red_glow(&fa, head_of(&iso, at).at, 8), 0);
    assert_eq!(fa, fb, "the remembered enemy is not drawn at all");
}

// The anchor's start (S) with a wall block just in front of it (toward the viewer, +x+y).
const DISK_ROOM: &str = "\
############
#..........#
#..........#
#...S......#
#....#.....#
#..........#
#..........#
############
";

/// The room with the wall in front of the disk, or without it; the squad stands far
/// off in the open so only the disk can need an x-ray.
fn disk_world(wall: bool) -> World {
    let text = if wall {
        DISK_ROOM.to_string()
    } else {
        DISK_ROOM.replace("#....#.....#", "#..........#")
    };
    let map = Arc::new(Map::parse("disk.map", &text).unwrap());
    let sc = Scenario::parse("disk.scn", "seed = 1\n").unwrap();
    let mut w = World::new(map, &sc, Tuning::default());
    for i in 0..w.agents().len() {
        let a = w.agent_mut(i);
        a.pos = Vec2::new(8.5 + (i % 2) as f32, 1.5 + (i / 2) as f32 * 0.8);
        a.prev_pos = a.pos;
    }
    w
}

#[test]
fn the_anchor_disk_behind_a_wall_gets_an_x_ray_outline() {
    let outline = |w: &World| {
        let p = w.anchor().pos;
        let iso = Iso::new(p, 200, 120);
        let mut fb = Framebuffer::new(200, 120);
        view::scene::draw_xray(&mut fb, w, &iso, 1.0);
        let c = iso.project(p, 0.0);
        let mut n = 0;
        for y in (c[1] - 12.0) as i32..=(c[1] + 12.0) as i32 {
            for x in (c[0] - 20.0) as i32..=(c[0] + 20.0) as i32 {
                if fb.get(x, y).is_some_and(|v| v != 0) {
                    n += 1;
                }
            }
        }
        n
    };
    let behind = disk_world(true);
    let open = disk_world(false);
    assert!(view::scene::hidden_by_wall(
        &behind,
        behind.anchor().pos,
        0.0
    ));
    assert!(!view::scene::hidden_by_wall(&open, open.anchor().pos, 0.0));
    let (nb, no) = (outline(&behind), outline(&open));
    assert!(nb > 40, "{nb} outline pixels behind the wall");
    assert_eq!(no, 0, "no outline in the open");
    // On the frame the whole ring reads over the wall, as in the open.
    let ring = |w: &World| {
        let p = w.anchor().pos;
        let mut h = Horror::new(w, 1, dark_room());
        h.absorb(w);
        let (fb, iso) = render_layer(w, &mut h, p, 0.0);
        let c = iso.project(p, 0.0);
        let r = view::bodies::px(w.tuning().anchor.radius) * 1.3;
        (0..32)
            .filter(|k| {
                let a = *k as f32 / 32.0 * std::f32::consts::TAU;
                let q = [c[0] + r * a.cos(), c[1] + 0.5 * r * a.sin()];
                let v = fb
                    .get_rgba(q[0].round() as i32, q[1].round() as i32)
                    .unwrap();
                v.g >= 90 && v.b >= 90 && (v.r as i32) < v.g as i32 - 20
            })
            .count()
    };
    let (rb, ro) = (ring(&behind), ring(&open));
    assert!(
        rb >= 28 && ro >= 28,
        "ring samples in cyan: {rb} behind, {ro} open"
    );
}

/// Mean luma and mean chroma (max − min channel) of the pixels within `r` px of `c`.
fn neighbourhood(fb: &Framebuffer, c: [f32; 2], r: f32) -> (f64, f64) {
    let (mut luma, mut chroma, mut n) = (0u64, 0u64, 0u64);
    for y in 0..fb.height {
        for x in 0..fb.width {
            let (dx, dy) = (x as f32 + 0.5 - c[0], y as f32 + 0.5 - c[1]);
            if dx * dx + dy * dy > r * r {
                continue;
            }
            let p = Rgba::from_u32(fb.pixels[y * fb.width + x]);
            luma += ((77 * p.r as u32 + 150 * p.g as u32 + 29 * p.b as u32) >> 8) as u64;
            chroma += (p.r.max(p.g).max(p.b) - p.r.min(p.g).min(p.b)) as u64;
            n += 1;
        }
    }
    (luma as f64 / n as f64, chroma as f64 / n as f64)
}

/// The radius round the anchor's projection that must stay readable, px of 1280×720:
/// the squad (within about 3 units of the anchor) and a margin round it.
const READABLE_PX: f32 = 200.0;

/// Mean luma of the pixels of `fb` outside the middle half of both axes (the frame's outer
/// band, where the vignette closes in).
fn outer_band(fb: &Framebuffer) -> f64 {
    let (mut luma, mut n) = (0u64, 0u64);
    for y in 0..fb.height {
        for x in 0..fb.width {
            let inner = x >= fb.width / 4
                && x < fb.width * 3 / 4
                && y >= fb.height / 4
                && y < fb.height * 3 / 4;
            if inner {
                continue;
            }
            let p = Rgba::from_u32(fb.pixels[y * fb.width + x]);
            luma += ((77 * p.r as u32 + 150 * p.g as u32 + 29 * p.b as u32) >> 8) as u64;
            n += 1;
        }
    }
    luma as f64 / n as f64
}

/// The moment of `r` drawn with tension forced to `k` (the heartbeat at its thump), with
/// or without the film grain.
fn tension_frame(r: &Run, k: f32, grain: bool) -> Framebuffer {
    let mut h = r.horror.clone();
    h.tension.value = k;
    h.tension.beat = 0.03;
    if !grain {
        h.tuning.grain = [0.0, 0.0];
    }
    assert!(k == 0.0 || h.tension.pulse(&h.tuning, 1.0) > 0.9);
    let mut fb = Framebuffer::new(1280, 720);
    view::render_frame(
        &mut fb,
        &r.world,
        &r.camera,
        1.0,
        &ViewOptions::default(),
        &Timings::default(),
        Some(&r.effects),
        Some(&mut h),
    );
    fb
}

#[test]
fn full_tension_leaves_the_squad_readable() {
    // The combat route's first moment from 140 s on with the tension over 0.9 by itself:
    // the horde in the yard. The same moment drawn calm (tension forced to 0) and at
    // full tension (forced to 1, the heartbeat at its thump): the squad's neighbourhood
    // keeps its light and its colour.
    let r = run_route_until(140.0, HorrorTuning::default(), |r| {
        r.horror.tension.value > 0.9
    });
    assert!(
        r.horror.tension.value > 0.9,
        "the route's own tension reaches 0.9 after 140 s"
    );
    let frame = |k: f32, grain: bool| tension_frame(&r, k, grain);
    let iso = Iso::new(r.camera.center, 1280, 720);
    let c = iso.project(r.world.anchor().pos, 0.0);
    // As played (grain on), and the light alone (grain off in both frames: the grain's
    // noise, clamped at black, lifts dark pixels and would hide a darkening).
    for grain in [true, false] {
        let (calm, full) = (frame(0.0, grain), frame(1.0, grain));
        let (lc, cc) = neighbourhood(&calm, c, READABLE_PX);
        let (lf, cf) = neighbourhood(&full, c, READABLE_PX);
        // Each standing agent's body on its own.
        let bodies: Vec<(f64, f64)> = r
            .world
            .agents()
            .iter()
            .filter(|a| a.alive)
            .map(|a| {
                let b = iso.project(a.pos, view::bodies::BODY_Z);
                (
                    neighbourhood(&calm, b, 8.0).0,
                    neighbourhood(&full, b, 8.0).0,
                )
            })
            .collect();
        let worst = bodies
            .iter()
            .map(|(c, f)| f / c)
            .fold(f64::INFINITY, f64::min);
        let (oc, of) = (outer_band(&calm), outer_band(&full));
        println!(
            "grain {grain}: within {READABLE_PX} px of the anchor luma calm {lc:.2} full \
             {lf:.2} ({:.3}), chroma calm {cc:.2} full {cf:.2} ({:.3}); {} agents' bodies, \
             worst luma ratio {worst:.3}; outer band luma calm {oc:.2} full {of:.2} ({:.3})",
            lf / lc,
            cf / cc,
            bodies.len(),
            of / oc
        );
        assert!(lf >= 0.6 * lc, "luma {lf:.2} at full tension, {lc:.2} calm");
        assert!(
            cf >= 0.6 * cc,
            "chroma {cf:.2} at full tension, {cc:.2} calm"
        );
        assert!(!bodies.is_empty());
        assert!(worst >= 0.6, "an agent's body keeps {worst:.3} of its luma");
        if !grain {
            // The measure sees darkening where there is some: the frame's outer band,
            // where the vignette closes in, is clearly darker at full tension.
            assert!(of < 0.9 * oc, "outer band {of:.2} full, {oc:.2} calm");
        }
    }
}

/// The documentation's frames (`docs/img/`) are what this build draws, pixel for pixel
/// (rewritten only on purpose: `UPDATE_DOCS_IMG=1 cargo test --release -p view --test
/// horror docs_frames`). The combat route at 140 s drawn calm (tension forced to 0) and
/// at full tension (forced to 1, the heartbeat at its thump); and a close-up of
/// silhouettes in the dark at 171 s.
#[test]
fn docs_frames_are_what_this_build_draws() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/img");
    let r = run_route(140.0, HorrorTuning::default());
    for (k, name) in [(0.0f32, "tension_calm_140s"), (1.0, "tension_full_140s")] {
        let fb = tension_frame(&r, k, true);
        common::check_image(&dir.join(format!("{name}.png")), &fb, "UPDATE_DOCS_IMG");
    }
    let mut r = run_route(171.0, HorrorTuning::default());
    let mut fb = Framebuffer::new(1280, 720);
    draw(&mut fb, &mut r, false, true);
    let c = Iso::new(r.camera.center, 1280, 720).project(r.world.anchor().pos, 0.0);
    let near = common::close_up(&fb, [c[0] + 60.0, c[1] - 40.0], 640, 360, 2);
    common::check_image(&dir.join("silhouettes_171s.png"), &near, "UPDATE_DOCS_IMG");
}

/// V5's stage lines: the scene stage times its bodies and props inside it. A bare room
/// with a shambler has body time and no prop time; the same room with a crate and a
/// grate in sight has prop time too; both are parts of the scene's time.
#[test]
fn the_scene_stage_reports_its_bodies_and_props() {
    let at = Vec2::new(7.5, 5.5);
    let stages = |w: &World| {
        let mut h = Horror::new(w, 1, dark_room());
        h.absorb(w);
        let mut fb = Framebuffer::new(640, 400);
        view::render_frame(
            &mut fb,
            w,
            &Camera::new(at),
            1.0,
            &ViewOptions::default(),
            &Timings::default(),
            None,
            Some(&mut h),
        )
        .expect("the layer reports its stages")
    };
    let bare = stages(&room_with_shambler(Some(at)));
    assert!(bare.bodies_ms > 0.0, "{bare:?}");
    assert_eq!(bare.props_ms, 0.0, "no props, no lamps: {bare:?}");
    assert!(bare.bodies_ms <= bare.scene_ms, "{bare:?}");
    let dressed = DARK_ROOM.replacen("#..S......", "#..S..cg..", 1);
    assert_ne!(dressed, DARK_ROOM);
    let st = stages(&room_with_shambler_in(&dressed, Some(at)));
    assert!(st.props_ms > 0.0, "{st:?}");
    assert!(st.bodies_ms + st.props_ms <= st.scene_ms, "{st:?}");
}
