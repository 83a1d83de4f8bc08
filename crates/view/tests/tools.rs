//! The player's tools and supplies drawn (REQ K1–K6, the view's side): a burning flare's
//! light has the simulation's radius (times the view's reach) and fades with it, lights
//! the floor to that reach and no farther, and the fog sees what it lights (an enemy
//! there is drawn); the grenade's blast zone shows from the throw to the burst, and the
//! burst is a light; a taken pickup is not drawn; scorches are capped; frames with every
//! tool in them are the same drawn whole or in bands; and goldens of a flare in the dark
//! and a grenade's fuse and burst.
//!
//! Regenerate the goldens on purpose with `UPDATE_GOLDEN=1 cargo test --release -p view
//! --test tools`, look at the PNGs in `crates/view/tests/golden/`, and commit them.

mod common;

use std::sync::Arc;

use common::check_golden;
use raster::{Framebuffer, Rgba};
use sim::content;
use sim::driver::route::RouteDriver;
use sim::read::{tick, Map, PickupKind, Scenario, Tool, ToolUse, World};
use sim::tuning::{Tuning, DT};
use sim::{TickInput, Vec2};
use view::horror::lights::{gather, Light};
use view::horror::tracers::Tracers;
use view::horror::tuning::HorrorTuning;
use view::horror::BandScratch;
use view::palette as pal;
use view::scene::Seen;
use view::{Camera, Effects, FrameOptions, Horror, Iso, Timings, ViewOptions};

const W: usize = 640;
const H: usize = 360;

/// A scenario run with its route to `secs` as the app's session steps it (route input,
/// tick, the effects and the layer absorb, the camera follows).
struct Run {
    world: World,
    camera: Camera,
    effects: Effects,
    horror: Horror,
}

fn run(name: &str, secs: f32, tuning: HorrorTuning) -> Run {
    let sc = Scenario::parse(name, content::scenario_text(name).unwrap()).unwrap();
    let map = Arc::new(Map::parse(&sc.map, content::map_text(&sc.map).unwrap()).unwrap());
    let mut world = World::new(map, &sc, Tuning::default());
    let mut d = RouteDriver::new();
    let mut camera = Camera::new(world.anchor().pos);
    let mut effects = Effects::default();
    let mut horror = Horror::new(&world, sc.seed, tuning);
    horror.absorb(&world);
    while (world.tick() as f32) < secs / DT - 0.5 {
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

/// The run's frame through the layer (the window's, without the HUD).
fn draw(r: &mut Run) -> Framebuffer {
    let mut fb = Framebuffer::new(W, H);
    view::render_frame(
        &mut fb,
        &r.world,
        &r.camera,
        1.0,
        &ViewOptions::default(),
        &Timings::default(),
        Some(&r.effects),
        Some(&mut r.horror),
    );
    fb
}

/// Tuning for the dark: no flashlight, no anchor glow, no lamps' flicker; no grain,
/// shake, vignette or desaturation (frames and light values compare exactly).
fn dark() -> HorrorTuning {
    let mut t = HorrorTuning::default();
    t.gunner_light.intensity = 0.0;
    t.blade_light.intensity = 0.0;
    t.anchor_glow.intensity = 0.0;
    t.lamp.intensity = 0.0;
    t.grain = [0.0, 0.0];
    t.vignette = [0.0, 0.0];
    t.vignette_pulse = 0.0;
    t.desaturate = 0.0;
    t.shake_px = 0.0;
    t.blast_shake_px = 0.0;
    t
}

/// The burning flares' lights of the frame (matched by position).
fn flare_lights(w: &World, t: &HorrorTuning) -> Vec<Light> {
    let mut lights = Vec::new();
    gather(w, &Tracers::default(), t, 1.0, &mut lights);
    lights
        .into_iter()
        .filter(|l| {
            w.tools()
                .flares
                .iter()
                .any(|f| f.pos == l.pos && f.burning())
        })
        .collect()
}

#[test]
fn a_flares_light_has_the_simulations_radius_and_fades_with_it() {
    let t = dark();
    // Flare 1 lands at 1.6 s and burns 30 s, its last 5 fading: full at 10 s, about
    // half its glow at 29.2 s.
    for (secs, glow_at_most) in [(10.0f32, 1.0f32), (29.2, 0.6)] {
        let r = run("flare_stalkers", secs, t.clone());
        let w = &r.world;
        let f = &w.tools().flares[0];
        assert!(f.burning(), "flare 1 burns at {secs} s");
        let sim_r = f.light_radius(w.tuning(), w.ticks());
        let lights = flare_lights(w, &t);
        let l = lights.iter().find(|l| l.pos == f.pos).expect("its light");
        eprintln!(
            "{secs} s: the simulation's radius {sim_r:.3}, the drawn light's {:.3}",
            l.range
        );
        assert_eq!(l.range, sim_r * t.flare_light.reach);
        assert!(sim_r <= w.tuning().tools.flare_light * glow_at_most + 1e-5);
        if glow_at_most < 1.0 {
            assert!(sim_r > 0.0, "still burning");
        }
    }
}

// A dark hall, no lamps: the squad (S) at the west end.
const HALL: &str = "\
##############################
#............................#
#............................#
#............................#
#..S.........................#
#............................#
#............................#
#............................#
##############################
";

/// The hall with the squad, a flare thrown `dx` east of the disk on the first tick
/// (none for `None`), run `ticks` ticks with the layer absorbing.
fn hall(flare_dx: Option<f32>, ticks: u64, t: &HorrorTuning) -> (World, Horror) {
    let map = Arc::new(Map::parse("hall.map", HALL).unwrap());
    let sc = Scenario::parse("hall.scn", "seed = 3\nduration = 60\n").unwrap();
    let mut w = World::new(map, &sc, Tuning::default());
    let mut h = Horror::new(&w, 3, t.clone());
    h.absorb(&w);
    let disk = w.anchor().pos;
    while w.tick() < ticks {
        let tool = flare_dx.filter(|_| w.tick() == 0).map(|dx| ToolUse {
            tool: Tool::Flare,
            at: disk + Vec2::new(dx, 0.0),
        });
        tick(
            &mut w,
            &TickInput {
                tool,
                ..TickInput::default()
            },
        );
        h.absorb(&w);
    }
    (w, h)
}

/// The light buffer's red at floor point `p` of the layer's last frame drawn whole.
fn light_red(h: &Horror, iso: &Iso, p: Vec2) -> u8 {
    let s = iso.project(p, 0.0);
    h.light().get_rgba(s[0] as i32, s[1] as i32).unwrap().r
}

#[test]
fn a_flare_lights_the_floor_to_its_reach_and_no_farther() {
    let t = dark();
    let (w, mut h) = hall(Some(6.0), 120, &t);
    let f = w.tools().flares[0].clone();
    assert!(f.burning());
    let reach = f.light_radius(w.tuning(), w.ticks()) * t.flare_light.reach;
    let mut fb = Framebuffer::new(W, H);
    let cam = Camera::new(f.pos);
    h.render(&mut fb, &w, &cam, 1.0, &FrameOptions::default(), None);
    let iso = h.iso();
    let amb = (t.ambient_color[0] as f32 / 255.0 * t.ambient * 128.0).round() as u8;
    // East of the flare along the hall: bright near it, falling off, the ambient past
    // its reach.
    let at = |d: f32| light_red(&h, &iso, f.pos + Vec2::new(d, 0.0));
    let reds: Vec<(f32, u8)> = [0.3f32, 1.0, 2.0, 3.0, 4.0, 5.0, 5.8]
        .iter()
        .map(|&d| (d, at(d)))
        .collect();
    eprintln!(
        "reach {reach:.2}, ambient red {amb}: {reds:?}, past the reach {}",
        at(reach + 0.3)
    );
    // (The flame flickers the level by up to 18 %.)
    assert!(
        reds[0].1 >= 200,
        "the flare's own floor is lit bright: {reds:?}"
    );
    assert!(
        reds.windows(2).all(|p| p[1].1 <= p[0].1),
        "falling off: {reds:?}"
    );
    // Inside the simulation's own radius (where a stalker never stands) it is lit.
    let sim_edge = f.light_radius(w.tuning(), w.ticks());
    assert!(
        at(sim_edge * 0.9) as i32 >= amb as i32 + 24,
        "lit at 0.9 of the simulation's radius: {}",
        at(sim_edge * 0.9)
    );
    assert_eq!(
        at(reach + 0.3),
        amb,
        "past its reach the floor is at the ambient"
    );
}

#[test]
fn a_flare_reveals_what_it_lights() {
    // The squad sees 3 tiles in the dark; a flare 7 units out lights the hall round it,
    // and the fog sees there while it burns (and remembers it after).
    let mut t = dark();
    t.sight_radius = 3;
    let (w0, h0) = hall(None, 120, &t);
    let (w1, h1) = hall(Some(7.0), 120, &t);
    let f = w1.tools().flares[0].clone();
    assert!(f.burning());
    let spot = f.pos + Vec2::new(1.5, 0.5);
    let (tx, ty) = sim::read::Grid::tile_of(spot);
    assert_eq!(h0.fog.seen(tx, ty), Seen::Never, "out of the squad's sight");
    assert_eq!(h1.fog.seen(tx, ty), Seen::Live, "seen in the flare's light");
    // An enemy standing there is drawn (lit), in the flare's light only.
    let with_enemy = |w: &World, h: &Horror, p: Vec2| -> Framebuffer {
        let mut w = w.clone();
        let mut h = h.clone();
        place_dummy(&mut w, p);
        let mut fb = Framebuffer::new(W, H);
        h.render(
            &mut fb,
            &w,
            &Camera::new(f.pos),
            1.0,
            &FrameOptions::default(),
            None,
        );
        fb
    };
    let far = Vec2::new(27.5, 1.5);
    let shows = |w: &World, h: &Horror| {
        let a = with_enemy(w, h, spot);
        let b = with_enemy(w, h, far);
        let c = Iso::new(f.pos, W, H).project(spot, 0.4);
        differing(&a, &b, c, 14)
    };
    let (lit, dark_hall) = (shows(&w1, &h1), shows(&w0, &h0));
    eprintln!("an enemy in the flare's light: {lit} pixels drawn; with no flare: {dark_hall}");
    assert!(lit > 80, "{lit} pixels");
    assert_eq!(dark_hall, 0, "not drawn where nothing is seen");
    // It is lit by the flare, not a silhouette.
    let mut lights = Vec::new();
    gather(&w1, &Tracers::default(), &t, 1.0, &mut lights);
    let on =
        view::horror::lights::light_at(&w1.map().grid, &lights, [13.0, 14.0, 22.0], spot, None);
    let amb = Rgba::rgb(13, 14, 22);
    let share = view::horror::silhouette::lit_share(&t, amb, on);
    assert!(share > 0.99, "lit share {share} ({on:?})");
}

/// Puts a shambler standing at `p` into `w` (the hall has no horde: one spawned in
/// another world of the same map stands in).
fn place_dummy(w: &mut World, p: Vec2) {
    let mut other = {
        // The hall with a spawn where the hall's far end is.
        let text = HALL.replacen(
            "#............................#",
            "#...........................E#",
            1,
        );
        let map = Arc::new(Map::parse("hall.map", &text).unwrap());
        let sc = Scenario::parse("e.scn", "seed = 1\nduration = 5\nwave 0 0 shambler 1\n").unwrap();
        let mut o = World::new(map, &sc, Tuning::default());
        tick(&mut o, &TickInput::default());
        o
    };
    let mut e = other.enemies_mut()[0].clone();
    e.pos = p;
    e.prev_pos = p;
    e.facing = std::f32::consts::FRAC_PI_4;
    w.enemies_mut().push(e);
}

/// Pixels within `r` of `c` that differ between `a` and `b`.
fn differing(a: &Framebuffer, b: &Framebuffer, c: [f32; 2], r: i32) -> usize {
    let (cx, cy) = (c[0] as i32, c[1] as i32);
    let mut n = 0;
    for y in cy - r..=cy + r {
        for x in cx - r..=cx + r {
            if a.get(x, y) != b.get(x, y) {
                n += 1;
            }
        }
    }
    n
}

// A store with an ammunition crate (A) east of the squad (S).
const STORE: &str = "\
##############
#............#
#..S.....A...#
#............#
##############
";

/// Olive pixels within `r` of `c`: the crate's faces (its halo on top tints them a
/// little; nothing else in the store is olive — the floor is grey, the squad blue and
/// orange).
fn crate_pixels(fb: &Framebuffer, c: [f32; 2], r: i32) -> usize {
    let olive = |c: Rgba| {
        c.g as i32 - c.b as i32 >= 25 && c.r >= 60 && (c.r as i32 - c.g as i32).abs() < 30
    };
    let (cx, cy) = (c[0] as i32, c[1] as i32);
    let mut n = 0;
    for y in cy - r..=cy + r {
        for x in cx - r..=cx + r {
            if fb.get_rgba(x, y).is_some_and(olive) {
                n += 1;
            }
        }
    }
    n
}

#[test]
fn a_pickup_is_drawn_until_it_is_taken() {
    let map = Arc::new(Map::parse("store.map", STORE).unwrap());
    let sc = Scenario::parse("store.scn", "seed = 2\nduration = 30\nammo = 10\n").unwrap();
    let mut w = World::new(map, &sc, Tuning::default());
    assert_eq!(w.pickups().len(), 1);
    assert_eq!(w.pickups()[0].kind, PickupKind::Ammo);
    let at = w.pickups()[0].pos;
    let plain = |w: &World| {
        let mut fb = Framebuffer::new(W, H);
        view::render(
            &mut fb,
            w,
            &Camera::new(at),
            1.0,
            &ViewOptions::default(),
            &Timings::default(),
        );
        fb
    };
    let c = Iso::new(at, W, H).project(at, 0.1);
    let before = crate_pixels(&plain(&w), c, 16);
    // Walk the disk east over it, and on past it (its ring warms toward khaki when it
    // runs ahead of the squad).
    while (!w.pickups()[0].taken || w.anchor().pos.x < at.x + 1.8) && w.tick() < 900 {
        tick(
            &mut w,
            &TickInput {
                move_dir: Vec2::new(1.0, 0.0),
                ..TickInput::default()
            },
        );
    }
    assert!(w.pickups()[0].taken, "the disk took the crate");
    let after = crate_pixels(&plain(&w), c, 16);
    eprintln!("the crate: {before} pixels of its colours, {after} once taken");
    assert!(before > 60, "{before}");
    assert_eq!(after, 0);
}

#[test]
fn the_blast_zone_shows_from_the_throw_to_the_burst_and_the_burst_is_a_light() {
    // grenade_drill's first grenade: thrown at 14.0 s, lands at 14.3, bursts at 15.83.
    let t = dark();
    let mut live = run("grenade_drill", 15.0, t.clone());
    let g = live
        .world
        .tools()
        .grenade
        .clone()
        .expect("a live grenade at 15 s");
    let radius = live.world.tuning().tools.grenade_radius;
    let mut ring = Vec::new();
    view::tools::zone_outline(&live.world.map().grid, g.to, radius, &mut ring);
    let reddish = |r: &mut Run| {
        r.camera = Camera::new(g.to);
        let fb = draw(r);
        let iso = Iso::new(g.to, W, H);
        ring.iter()
            .filter(|&&p| {
                let s = iso.project(p, 0.02);
                (-1..=1).any(|dy| {
                    fb.get_rgba(s[0] as i32, s[1] as i32 + dy)
                        .is_some_and(|c| c.r as i32 > c.g as i32 + 40 && c.r > 70)
                })
            })
            .count()
    };
    let during = reddish(&mut live);
    let mut after = run("grenade_drill", 17.0, t.clone());
    let gone = reddish(&mut after);
    eprintln!(
        "the zone's outline: {during} of {} points red while live, {gone} after",
        ring.len()
    );
    // (A few points lie under the squad's bodies or behind a wall block in front.)
    assert!(during * 3 >= ring.len() * 2, "{during} of {}", ring.len());
    assert!(gone * 10 <= ring.len(), "{gone} after the burst");
    // The burst: one light of the flash's range at its centre at once, none once the
    // flash is over.
    let at = |secs: f32| {
        let r = run("grenade_drill", secs, t.clone());
        let mut v = Vec::new();
        r.horror.blasts.lights(&t, 1.0, &mut v);
        v
    };
    let flash = at(15.85);
    assert_eq!(flash.len(), 1);
    assert_eq!((flash[0].pos, flash[0].range), (g.to, t.blast_flash.range));
    assert!(at(15.85 + t.blast_flash_time + 0.1).is_empty());
}

#[test]
fn scorches_are_capped() {
    let t = HorrorTuning {
        scorch_cap: 1,
        ..dark()
    };
    let r = run("grenade_drill", 24.0, t);
    // grenade_drill's two grenades have burst by 24 s (at 15.8 and 22.8 s).
    assert_eq!(r.world.tools().used[Tool::Grenade as usize], 2);
    assert!(r.world.tools().grenade.is_none());
    assert_eq!(r.horror.blasts.scorches.len(), 1, "two bursts, one kept");
}

/// `r`'s frame drawn whole and in three bands of uneven height (as the app's threads
/// draw it): the bands' rows are the whole frame's, pixel for pixel.
fn bands_match(r: &Run) -> bool {
    let mut whole_h = r.horror.clone();
    let mut band_h = r.horror.clone();
    let mut whole = Framebuffer::new(W, H);
    whole_h.render(
        &mut whole,
        &r.world,
        &r.camera,
        0.5,
        &FrameOptions::default(),
        Some(&r.effects),
    );
    band_h.prepare(&whole, &r.world, &r.camera, 0.5, &FrameOptions::default());
    let mut rows = Vec::new();
    for band in [0..97, 97..250, 250..H] {
        let mut fb = Framebuffer::new_band(W, H, band);
        band_h.draw_band(
            &mut fb,
            &mut BandScratch::default(),
            &r.world,
            0.5,
            Some(&r.effects),
            None,
        );
        rows.extend_from_slice(&fb.pixels);
    }
    rows == whole.pixels
}

#[test]
fn frames_with_the_tools_are_the_same_drawn_in_bands() {
    for (name, secs) in [
        ("flare_stalkers", 1.3),
        ("flare_stalkers", 5.0),
        ("grenade_drill", 15.0),
        ("grenade_drill", 15.9),
        ("m0_training", 3.0),
        ("m0_training", 27.5),
        ("m0_training", 45.5),
    ] {
        let r = run(name, secs, HorrorTuning::default());
        assert!(bands_match(&r), "{name} at {secs} s");
    }
}

#[test]
fn golden_tool_frames() {
    for (name, secs, golden) in [
        ("flare_stalkers", 5.0, "tools_flare_5s"),
        ("grenade_drill", 15.1, "tools_grenade_fuse_15_1s"),
        ("grenade_drill", 15.9, "tools_grenade_burst_15_9s"),
    ] {
        let mut r = run(name, secs, HorrorTuning::default());
        let fb = draw(&mut r);
        check_golden(golden, &fb);
    }
}

#[test]
fn drawing_and_hearing_the_tools_leave_the_simulation_alone() {
    // Each run with every tool in it twice: one world drawn through the layer (a frame
    // every 20 ticks) and heard, one never drawn nor heard: the same checksum at every
    // tick.
    for name in ["flare_stalkers", "grenade_drill", "m0_training"] {
        let sc = Scenario::parse(name, content::scenario_text(name).unwrap()).unwrap();
        let map = Arc::new(Map::parse(&sc.map, content::map_text(&sc.map).unwrap()).unwrap());
        let mut a = World::new(map.clone(), &sc, Tuning::default());
        let mut b = World::new(map, &sc, Tuning::default());
        let (mut da, mut db) = (RouteDriver::new(), RouteDriver::new());
        let mut horror = Horror::new(&a, sc.seed, HorrorTuning::default());
        let mut effects = Effects::default();
        let mut sound = view::sound::SoundLayer::new(sc.seed, Default::default());
        let mut fb = Framebuffer::new(320, 180);
        while a.tick() < (sc.duration / DT) as u64 {
            let (ia, ib) = (da.input(&sc, &a), db.input(&sc, &b));
            tick(&mut a, &ia);
            tick(&mut b, &ib);
            horror.absorb(&a);
            effects.absorb(&a);
            sound.absorb(&a, &horror.tension);
            if a.tick().is_multiple_of(20) {
                view::render_frame(
                    &mut fb,
                    &a,
                    &Camera::new(a.anchor().pos),
                    0.5,
                    &ViewOptions::default(),
                    &Timings::default(),
                    Some(&effects),
                    Some(&mut horror),
                );
            }
            assert_eq!(a.checksum(), b.checksum(), "{name}, tick {}", a.tick());
        }
    }
}

#[test]
fn a_reloading_gunner_and_a_dry_one_show_it() {
    // The store's squad, a gunner set reloading, then dry (its magazine empty, the pool
    // spent): over its head a brass ring, then a grey crossed one; neither when it is
    // loaded.
    let map = Arc::new(Map::parse("store.map", STORE).unwrap());
    let sc = Scenario::parse("store.scn", "seed = 2\nduration = 30\nammo = 10\n").unwrap();
    let mut w = World::new(map, &sc, Tuning::default());
    tick(&mut w, &TickInput::default());
    let g = w
        .agents()
        .iter()
        .position(|a| a.role == sim::read::Role::Gunner)
        .unwrap();
    let at = w.agents()[g].pos;
    let head = view::marks::above_head(&Iso::new(at, W, H), at, 17.0);
    let ring = |w: &World, is: fn(Rgba) -> bool| {
        let mut fb = Framebuffer::new(W, H);
        let opts = ViewOptions::default();
        view::render(
            &mut fb,
            w,
            &Camera::new(at),
            1.0,
            &opts,
            &Timings::default(),
        );
        let (cx, cy) = (head[0] as i32, head[1] as i32);
        (cy - 7..=cy + 7)
            .flat_map(|y| (cx - 7..=cx + 7).map(move |x| (x, y)))
            .filter(|&(x, y)| fb.get_rgba(x, y).is_some_and(is))
            .count()
    };
    let brass = |c: Rgba| c.r > 200 && c.g > 170 && c.b < 190 && c.r as i32 - c.b as i32 > 60;
    let grey = |c: Rgba| {
        let d = pal::DRY;
        (c.r as i32 - d.r as i32).abs() < 12
            && (c.g as i32 - d.g as i32).abs() < 12
            && (c.b as i32 - d.b as i32).abs() < 12
    };
    let loaded = (ring(&w, brass), ring(&w, grey));
    w.agent_mut(g).reload = w.ticks().reload_time / 2;
    let reloading = ring(&w, brass);
    w.agent_mut(g).reload = 0;
    w.agent_mut(g).mag = 0;
    *w.ammo_pool_mut() = Some(0);
    let dry = ring(&w, grey);
    eprintln!("loaded {loaded:?}, reloading {reloading} brass px, dry {dry} grey px");
    assert_eq!(loaded, (0, 0));
    assert!(reloading >= 8, "{reloading}");
    assert!(dry >= 12, "{dry}");
}
