//! REQ V2, dressed rooms: the floors' and walls' detail comes from the tiles (the same
//! under any camera), each prop is drawn as its own object, a console's screens glow in
//! the dark, a lamp has its fixture.

#[allow(dead_code)]
mod common;

use std::sync::Arc;

use horror_support::*;
use raster::{Framebuffer, Rgba};
use sim::read::{Map, Scenario, World};
use sim::tuning::Tuning;
use sim::Vec2;
use view::{Camera, Iso, Timings, ViewOptions};

/// Props in niches of the north wall (the floor in front of them), floor props, a lamp.
const ROOM: &str = "\
################
#o##p##c##b#####
#..............#
#..............#
#......S.......#
#..gw....L.....#
#..............#
################
";

/// The props' tiles in `ROOM`.
const PROPS: [(char, i32, i32); 4] = [('o', 1, 1), ('p', 4, 1), ('c', 7, 1), ('b', 10, 1)];

fn world(map: &str) -> World {
    let map = Arc::new(Map::parse("room.map", map).unwrap());
    let sc = Scenario::parse("room.scn", "seed = 1\nheading = 90\n").unwrap();
    World::new(map, &sc, Tuning::default())
}

fn plain(w: &World, center: Vec2, size: (usize, usize)) -> Framebuffer {
    let mut fb = Framebuffer::new(size.0, size.1);
    view::render(
        &mut fb,
        w,
        &Camera::new(center),
        1.0,
        &ViewOptions::default(),
        &Timings::default(),
    );
    fb
}

/// The screen box of a wall block at tile `(x, y)`: its floor diamond and its height.
fn block_box(iso: &Iso, x: i32, y: i32) -> (i32, i32, i32, i32) {
    let l = iso.project(Vec2::new(x as f32, y as f32 + 1.0), 0.0);
    let r = iso.project(Vec2::new(x as f32 + 1.0, y as f32), 0.0);
    let t = iso.project(Vec2::new(x as f32, y as f32), 1.0);
    let b = iso.project(Vec2::new(x as f32 + 1.0, y as f32 + 1.0), 0.0);
    (
        l[0] as i32 + 2,
        t[1] as i32 + 2,
        r[0] as i32 - 2,
        b[1] as i32 - 2,
    )
}

/// The pixels of `a`'s box `(x0, y0, x1, y1)` that differ from `b`'s box at `(dx, dy)`
/// from it.
fn differing(a: &Framebuffer, b: &Framebuffer, bx: (i32, i32, i32, i32), d: (i32, i32)) -> usize {
    let (x0, y0, x1, y1) = bx;
    (y0..y1)
        .flat_map(|y| (x0..x1).map(move |x| (x, y)))
        .filter(|&(x, y)| a.get(x, y) != b.get(x + d.0, y + d.1))
        .count()
}

#[test]
fn the_detail_belongs_to_the_tiles_not_to_the_camera() {
    let w = world(ROOM);
    let c = Vec2::new(7.0, 4.0);
    let a = plain(&w, c, (480, 320));
    // The camera two tiles east and one south: the picture moves by whole pixels.
    let b = plain(&w, c + Vec2::new(2.0, 1.0), (480, 320));
    // (The projection's float rounding may move an anti-aliased edge's coverage by a
    // level or two; a detail drawn anywhere else would differ by far more.)
    let (dx, dy) = (-(2 - 1) * 32, -(2 + 1) * 16);
    let (mut same, mut other) = (0, 0);
    for y in 60..260 {
        for x in 60..420 {
            let p = Rgba::from_u32(a.get(x, y).unwrap());
            let q = Rgba::from_u32(b.get(x + dx, y + dy).unwrap());
            let d = [(p.r, q.r), (p.g, q.g), (p.b, q.b)]
                .iter()
                .map(|&(u, v)| (u as i32 - v as i32).abs())
                .max()
                .unwrap_or(0);
            if d <= 2 {
                same += 1;
            } else {
                other += 1;
            }
        }
    }
    assert_eq!(
        other, 0,
        "{other} pixels moved differently ({same} the same)"
    );
    // And there is detail to move: a floor tile's inside is not one flat colour.
    let iso = Iso::new(c, 480, 320);
    let mut colours = std::collections::BTreeSet::new();
    for (x, y) in [(12, 3), (13, 6), (5, 3)] {
        let m = iso.project(Vec2::new(x as f32 + 0.5, y as f32 + 0.5), 0.0);
        for py in -6..6 {
            for px in -14..14 {
                colours.insert(a.get(m[0] as i32 + px, m[1] as i32 + py));
            }
        }
    }
    assert!(
        colours.len() >= 12,
        "{} colours on three floor tiles",
        colours.len()
    );
}

#[test]
fn each_prop_is_an_object_of_its_own_not_a_wall_block() {
    let w = world(ROOM);
    let walls = world(&ROOM.replace("#o##p##c##b#####", "################"));
    let c = Vec2::new(7.0, 4.0);
    let (a, b) = (plain(&w, c, (480, 320)), plain(&walls, c, (480, 320)));
    let iso = Iso::new(c, 480, 320);
    let mut boxes = Vec::new();
    for (p, x, y) in PROPS {
        let bx = block_box(&iso, x, y);
        let n = differing(&a, &b, bx, (0, 0));
        let area = ((bx.2 - bx.0) * (bx.3 - bx.1)) as usize;
        assert!(
            n * 4 > area,
            "`{p}` changes only {n} of {area} pixels of the block"
        );
        boxes.push((p, bx));
    }
    // Every two props look different where they stand (their boxes side by side).
    for (i, &(p, bp)) in boxes.iter().enumerate() {
        for &(q, bq) in &boxes[i + 1..] {
            let n = differing(&a, &a, bp, (bq.0 - bp.0, bq.1 - bp.1));
            assert!(n > 150, "`{p}` and `{q}` differ in {n} pixels only");
        }
    }
    // The floor props change their tiles too, and the lamp stands on its own.
    let open = world(&ROOM.replace("#..gw....L.....#", "#..............#"));
    let o = plain(&open, c, (480, 320));
    for (what, x, y, z) in [
        ("grate", 3, 5, 0.0),
        ("cables", 4, 5, 0.0),
        ("lamp", 9, 5, 0.9),
    ] {
        let m = iso.project(Vec2::new(x as f32 + 0.5, y as f32 + 0.5), z);
        let bx = (
            m[0] as i32 - 10,
            m[1] as i32 - 6,
            m[0] as i32 + 10,
            m[1] as i32 + 6,
        );
        let n = differing(&a, &o, bx, (0, 0));
        assert!(n > 40, "the {what} changes {n} pixels");
    }
}

#[test]
fn a_console_s_screens_glow_in_the_dark_and_a_wall_does_not() {
    let w = world(ROOM);
    let walls = world(&ROOM.replace("#o##p##c##b#####", "#o##############"));
    let t = dark();
    let c = Vec2::new(7.0, 4.0);
    let (fb, _, iso) = render_room(&w, c, &t);
    let (plain_fb, _, _) = render_room(&walls, c, &t);
    let bx = block_box(&iso, 1, 1);
    let bright = |fb: &Framebuffer| {
        let (x0, y0, x1, y1) = bx;
        (y0..y1)
            .flat_map(|y| (x0..x1).map(move |x| (x, y)))
            .filter(|&(x, y)| {
                let p = Rgba::from_u32(fb.get(x, y).unwrap_or(0));
                p.r.max(p.g).max(p.b) > 110
            })
            .count()
    };
    assert!(
        bright(&fb) > 20,
        "the console shows {} bright pixels",
        bright(&fb)
    );
    // The same console beside walls: the walls add no light of their own.
    assert_eq!(bright(&fb), bright(&plain_fb));
    let wall = block_box(&iso, 13, 1);
    let (x0, y0, x1, y1) = wall;
    let lit = (y0..y1)
        .flat_map(|y| (x0..x1).map(move |x| (x, y)))
        .filter(|&(x, y)| {
            let p = Rgba::from_u32(fb.get(x, y).unwrap_or(0));
            p.r.max(p.g).max(p.b) > 110
        })
        .count();
    assert_eq!(lit, 0, "a wall block in the dark has no bright pixel");
}

/// A crop of `fb`: `w × h` pixels from `(x0, y0)`.
fn crop(fb: &Framebuffer, (x0, y0): (usize, usize), w: usize, h: usize) -> Framebuffer {
    let mut out = Framebuffer::new(w, h);
    for y in 0..h {
        out.pixels[y * w..(y + 1) * w]
            .copy_from_slice(&fb.pixels[(y0 + y) * fb.width + x0..(y0 + y) * fb.width + x0 + w]);
    }
    out
}

/// The documentation's close crop of a dressed room (docs/render.md, "Rooms"): mission
/// 1's relay room at 40 s on its reference route, at 1920×1080 through the whole horror
/// layer — the squad's beams and the room's lamps on tiled floor, drains and grates,
/// concrete walls with scrawls and spalls, the consoles' screens, cables, a niche of
/// pipes. `UPDATE_DOCS_IMG=1` redraws it, on purpose.
#[test]
fn the_docs_frame_of_a_dressed_room_is_what_this_build_draws() {
    use sim::driver::route::RouteDriver;
    use sim::read::tick;
    use view::horror::tuning::HorrorTuning;
    use view::{Effects, Horror};
    let text = sim::content::scenario_text("m1_station").unwrap();
    let sc = Scenario::parse("m1_station.scn", text).unwrap();
    let map = Map::parse("station.map", sim::content::map_text(&sc.map).unwrap()).unwrap();
    let mut w = World::new(Arc::new(map), &sc, Tuning::default());
    let mut h = Horror::new(&w, sc.seed, HorrorTuning::default());
    let mut fx = Effects::default();
    let mut cam = Camera::new(w.anchor().pos);
    let mut d = RouteDriver::new();
    h.absorb(&w);
    while w.tick() < 40 * 60 {
        let input = d.input(&sc, &w);
        tick(&mut w, &input);
        fx.absorb(&w);
        h.absorb(&w);
        cam.follow(view::camera_target(&w, 1.0), sim::tuning::DT);
    }
    let mut fb = Framebuffer::new(1920, 1080);
    fb.set_scale(1.5);
    view::render_frame(
        &mut fb,
        &w,
        &cam,
        1.0,
        &ViewOptions::default(),
        &Timings::default(),
        Some(&fx),
        Some(&mut h),
    );
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/img");
    let near = crop(&fb, (560, 200), 900, 560);
    common::check_image(
        &dir.join("rooms_relay_1080_crop.png"),
        &near,
        "UPDATE_DOCS_IMG",
    );
}

/// The horror layer's set-up for these rooms (a dark room: no beams, no lamps' flicker,
/// no post effects).
mod horror_support {
    use super::*;
    use view::horror::tuning::HorrorTuning;
    use view::Horror;

    pub fn dark() -> HorrorTuning {
        let mut t = HorrorTuning::default();
        t.gunner_light.intensity = 0.0;
        t.blade_light.intensity = 0.0;
        t.anchor_glow.intensity = 0.0;
        t.lamp.intensity = 0.0;
        t.lamp_flicker = 0.0;
        t.vignette = [0.0, 0.0];
        t.vignette_pulse = 0.0;
        t.grain = [0.0, 0.0];
        t.desaturate = 0.0;
        t.shake_px = 0.0;
        t
    }

    pub fn render_room(w: &World, center: Vec2, t: &HorrorTuning) -> (Framebuffer, Horror, Iso) {
        let mut h = Horror::new(w, 1, t.clone());
        h.absorb(w);
        let mut fb = Framebuffer::new(480, 320);
        view::render_frame(
            &mut fb,
            w,
            &Camera::new(center),
            1.0,
            &ViewOptions::default(),
            &Timings::default(),
            None,
            Some(&mut h),
        );
        (fb, h, Iso::new(center, 480, 320))
    }
}
