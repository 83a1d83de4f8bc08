//! View tests: walls hide what is behind them; golden frames of a small scene and of the
//! overlay, compared pixel for pixel. (That drawing never mutates the world is the
//! signature's guarantee — `view` gets a `&World` and the simulation has no interior
//! mutability — so no test repeats it.)
//!
//! Regenerate the goldens on purpose with `UPDATE_GOLDEN=1 cargo test -p view --test
//! render`, look at the PNGs in `crates/view/tests/golden/`, and commit them.

mod common;

use std::sync::Arc;

use common::check_golden;
use raster::Framebuffer;
use sim::read::{tick, Map, Scenario, TickInput, World};
use sim::tuning::Tuning;
use sim::Vec2;
use view::{Camera, Iso, Timings, ViewOptions};

const ROOM: &str = "\
############
#..........#
#..........#
#....###...#
#....#.....#
#....#.S...#
#..........#
#..~~......#
#..........#
############
";

fn world(scn: &str) -> World {
    let map = Arc::new(Map::parse("room.map", ROOM).unwrap());
    let sc = Scenario::parse("room.scn", scn).unwrap();
    World::new(map, &sc, Tuning::default())
}

fn combat_world() -> World {
    let mut w = world("seed = 3\nheading = 200\ndummy 2.5 2.5\ndummy 9.5 8.5\n");
    for _ in 0..40 {
        tick(&mut w, &TickInput::default());
    }
    w
}

/// Pixels in a box round `c` (the body's middle) filled with the gunner's colours (the x-ray outline
/// drawn over walls is a lighter blend and does not count).
fn body_pixels(fb: &Framebuffer, c: [f32; 2]) -> usize {
    let near = |a: u8, b: u8| (a as i32 - b as i32).abs() <= 12;
    let is = |p: raster::Rgba, c: raster::Rgba| near(p.r, c.r) && near(p.g, c.g) && near(p.b, c.b);
    let mut n = 0;
    // The figure (REQ V1): its trunk and arms in the gunner's colour, the legs, the
    // helmet and the backpack in its dark one.
    for y in (c[1] as i32 - 14)..(c[1] as i32 + 10) {
        for x in (c[0] as i32 - 10)..(c[0] as i32 + 10) {
            if let Some(p) = fb.get_rgba(x, y) {
                if is(p, view::palette::GUNNER) || is(p, view::palette::GUNNER_DARK) {
                    n += 1;
                }
            }
        }
    }
    n
}

/// Body pixels of gunner 2 standing at `p`, alone, in `map_text`.
fn lone_gunner_pixels(map_text: &str, p: Vec2) -> usize {
    let map = Arc::new(Map::parse("room.map", map_text).unwrap());
    let sc = Scenario::parse("room.scn", &format!("seed = 1\nplace 2 {} {}\n", p.x, p.y)).unwrap();
    let mut w = World::new(map, &sc, Tuning::default());
    for i in [0usize, 1, 3, 4] {
        let a = w.agent_mut(i);
        a.alive = false;
        a.pos = Vec2::new(1.5, 8.5);
        a.prev_pos = a.pos;
    }
    let mut fb = Framebuffer::new(320, 240);
    let cam = Camera::new(Vec2::new(6.0, 4.0));
    view::render(
        &mut fb,
        &w,
        &cam,
        1.0,
        &ViewOptions::default(),
        &Timings::default(),
    );
    let iso = Iso::new(cam.center, 320, 240);
    body_pixels(&fb, iso.project(p, 0.45))
}

#[test]
fn walls_hide_an_agent_behind_them_and_not_one_in_front() {
    // The wall block is tiles (5..=7, 3) and (5, 3..=5). The same gunner stands just
    // behind the block's top row (north of it) or just in front (south of it); the same
    // room without those walls is the reference.
    let open_room = ROOM
        .replace("#....###...#", "#..........#")
        .replace("#....#.....#", "#..........#")
        .replace("#....#.S...#", "#......S...#");
    let behind = Vec2::new(6.5, 2.6);
    let front = Vec2::new(6.5, 4.7);
    let (behind_wall, behind_open) = (
        lone_gunner_pixels(ROOM, behind),
        lone_gunner_pixels(&open_room, behind),
    );
    let (front_wall, front_open) = (
        lone_gunner_pixels(ROOM, front),
        lone_gunner_pixels(&open_room, front),
    );
    assert!(
        behind_open > 40 && front_open > 40,
        "the reference draws the body: {behind_open}, {front_open}"
    );
    assert_eq!(
        front_wall, front_open,
        "a wall behind the agent hides nothing of it"
    );
    assert!(
        behind_wall * 2 < behind_open,
        "the wall in front hides most of the body: {behind_wall} of {behind_open} left"
    );
}

#[test]
fn golden_small_scene() {
    let w = combat_world();
    let mut fb = Framebuffer::new(320, 240);
    view::render(
        &mut fb,
        &w,
        &Camera::new(Vec2::new(6.0, 5.0)),
        1.0,
        &ViewOptions::default(),
        &Timings::default(),
    );
    check_golden("small_scene", &fb);
}

#[test]
fn golden_overlay() {
    let w = combat_world();
    let mut fb = Framebuffer::new(640, 360);
    let timings = Timings {
        frame_ms: 1.25,
        tick_ms: 0.012,
        fps: 144.0,
        stages: None,
    };
    view::render(
        &mut fb,
        &w,
        &Camera::new(Vec2::new(6.0, 5.0)),
        1.0,
        &ViewOptions {
            overlay: true,
            ..ViewOptions::default()
        },
        &timings,
    );
    check_golden("overlay", &fb);
}
