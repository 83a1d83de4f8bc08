//! Finding the way and reading the screen (REQ W1–W3): the marker's arrow follows the
//! walkable path round a wall (not the straight line through it), the trail's tiles are
//! floor and lead to the objective (a disk steered by the first leg alone gets there),
//! the path is searched again only when the disk changes tile, a zone is drawn on the
//! floor and reads in the dark frame of the horror layer, the map shows the walls the
//! squad has seen and not those it has not, and the enemies it saw; none of it changes
//! the simulation.

use std::sync::Arc;

use raster::{Framebuffer, Rgba};
use sim::read::{tick, Grid, Map, Scenario, TickInput, World};
use sim::tuning::Tuning;
use sim::Vec2;
use view::horror::tuning::HorrorTuning;
use view::way::map::{fit, tile_colour};
use view::way::pointer::edge_arrow;
use view::way::trail::marks;
use view::way::tuning::WayTuning;
use view::{BandScratch, Camera, FrameOptions, Guide, Horror, Iso, WayView};

/// Two rooms joined by a gap at the bottom of the wall between them: the squad (S) in
/// the west room, the objective's area in the east one. The straight line from the
/// disk to the area crosses the wall at x = 9.
const ROOMS: &str = "\
####################
#........#.........#
#..S.....#.........#
#........#.........#
#........#.........#
#........#.........#
#........#.........#
#..................#
####################
";

const REACH: &str = "seed = 5\nduration = 120\n\
area east 13 1 18 4\n\
objective east reach east | Reach the east room\n";

fn world(map: &str, scenario: &str) -> World {
    let map = Arc::new(Map::parse("rooms.map", map).unwrap());
    let sc = Scenario::parse("rooms.scn", scenario).unwrap();
    World::new(map, &sc, Tuning::default())
}

/// The world with its horror layer and guide stepped as the app's feed steps them.
struct Run {
    w: World,
    horror: Horror,
    guide: Guide,
}

impl Run {
    fn new(map: &str, scenario: &str) -> Run {
        let w = world(map, scenario);
        let mut horror = Horror::new(&w, 1, HorrorTuning::default());
        horror.absorb(&w);
        let mut guide = Guide::new(WayTuning::default());
        guide.absorb(&w, &horror.fog);
        Run { w, horror, guide }
    }

    fn step(&mut self, input: &TickInput) {
        tick(&mut self.w, input);
        self.horror.absorb(&self.w);
        self.guide.absorb(&self.w, &self.horror.fog);
    }
}

fn angle_between(a: Vec2, b: Vec2) -> f32 {
    let c = a.dot(b) / (a.length() * b.length());
    c.clamp(-1.0, 1.0).acos().to_degrees()
}

#[test]
fn the_arrow_follows_the_path_round_the_wall() {
    let r = Run::new(ROOMS, REACH);
    let grid = &r.w.map().grid;
    let route = &r.guide.route;
    let disk = r.w.anchor().pos;
    let goal = route.goal().expect("a way to the east room");
    assert_eq!(
        goal,
        r.w.mission().areas[0].centre(),
        "the marker rings the area"
    );
    assert!(
        !grid.line_clear(disk, goal),
        "the straight line to the goal crosses the wall"
    );
    // The first leg: walkable from the disk, toward the gap (down, +y), not at the goal.
    let first = route.legs()[0];
    assert!(
        grid.line_clear(disk, first),
        "first leg {disk:?} -> {first:?}"
    );
    let heading = route.heading().unwrap();
    let straight = goal - disk;
    assert!(heading.y > 0.5, "toward the gap below: {heading:?}");
    assert!(
        angle_between(heading, straight) > 30.0,
        "{heading:?} vs the straight line {straight:?}"
    );
    // On screen: the arrow at the frame's edge, from the disk along the first leg, as
    // the HUD draws it. Back on the floor its tip lies along the leg, and not along the
    // straight line through the wall.
    let iso = Iso::new(disk, 1280, 720);
    let a = iso.project(disk, 0.0);
    let b = iso.project(disk + heading, 0.0);
    let (tip, _) = edge_arrow((1280.0, 720.0), a, [b[0] - a[0], b[1] - a[1]], 24.0).unwrap();
    let pointed = iso.unproject(tip) - disk;
    assert!(angle_between(pointed, heading) < 1.0, "{pointed:?}");
    assert!(angle_between(pointed, straight) > 30.0, "{pointed:?}");
    // The legs, end to end, are walkable and end in the area.
    let mut at = disk;
    for &p in route.legs() {
        assert!(grid.line_clear(at, p), "{at:?} -> {p:?}");
        at = p;
    }
    assert!(r.w.mission().areas[0].contains(at), "{at:?}");
}

#[test]
fn the_trail_is_floor_and_following_the_way_reaches_the_objective() {
    let mut r = Run::new(ROOMS, REACH);
    let grid = r.w.map().grid.clone();
    let searches = r.guide.route.searches();
    // Standing still: the path is not searched again.
    for _ in 0..30 {
        r.step(&TickInput::default());
    }
    assert_eq!(r.guide.route.searches(), searches, "nothing moved");
    // The trail: the next tiles after the disk's, each floor, each a step from the one
    // before, from the disk's tile.
    let tiles = r.guide.route.tiles().to_vec();
    assert_eq!(tiles[0], Grid::tile_of(r.w.anchor().pos));
    let trail = marks(&r.guide.route, 10);
    assert_eq!(trail.len(), 10);
    for (i, (c, d)) in trail.iter().enumerate() {
        let t = Grid::tile_of(*c);
        assert_eq!(t, tiles[i + 1]);
        assert!(!grid.is_wall(t.0, t.1), "{t:?} is floor");
        assert!((d.length() - 1.0).abs() < 1e-4, "a direction");
    }
    for s in tiles.windows(2) {
        let (dx, dy) = (s[1].0 - s[0].0, s[1].1 - s[0].1);
        assert!(
            dx.abs() <= 1 && dy.abs() <= 1 && (dx, dy) != (0, 0),
            "{s:?}"
        );
    }
    let last = *tiles.last().unwrap();
    assert!(r.w.mission().areas[0].contains(Grid::tile_center(last.0, last.1)));
    // A disk steered by the first leg alone, tick by tick, reaches the objective: the
    // way leads there, through the gap.
    let mut moved_tiles = 1;
    let mut tile = Grid::tile_of(r.w.anchor().pos);
    let start = r.w.tick();
    while !r.w.mission().objectives[0].done() && r.w.tick() < start + 60 * 40 {
        // At the way's end (the disk on the goal's tile), on to the marker's point.
        let goal = r.guide.route.goal().unwrap();
        let d = (r.guide.route.heading()).unwrap_or((goal - r.w.anchor().pos).normalize_or_zero());
        r.step(&TickInput {
            move_dir: d,
            ..TickInput::default()
        });
        let now = Grid::tile_of(r.w.anchor().pos);
        if now != tile {
            tile = now;
            moved_tiles += 1;
        }
    }
    assert!(
        r.w.mission().objectives[0].done(),
        "reached in {} s",
        (r.w.tick() - start) as f32 / 60.0
    );
    // One search per tile the disk entered (and the first), no more.
    let n = r.guide.route.searches() - searches;
    assert!(n <= moved_tiles, "{n} searches for {moved_tiles} tiles");
}

/// A dark yard (no lamps) with a hold zone away from the squad.
const YARD: &str = "\
##########################
#........................#
#........................#
#..S.....................#
#........................#
#........................#
#........................#
#........................#
##########################
";

const HOLD: &str = "seed = 2\nduration = 200\n\
area gate 12 2 20 6\n\
objective hold hold gate 30 | Hold the gate\n";

/// The frame through the horror layer, with the way (`way`) or without it.
fn dark_frame(r: &mut Run, way: bool) -> (Framebuffer, Iso) {
    let (w, h) = (1280, 720);
    let mut fb = Framebuffer::new(w, h);
    let cam = Camera::new(r.w.anchor().pos + Vec2::new(6.0, 0.0));
    r.horror
        .prepare(&fb, &r.w, &cam, 1.0, &FrameOptions { paused: true });
    let view = WayView {
        guide: &r.guide,
        trail: false,
    };
    r.horror.draw_band(
        &mut fb,
        &mut BandScratch::default(),
        &r.w,
        1.0,
        None,
        way.then_some(&view as &dyn view::scene::FloorExtra),
    );
    (fb, r.horror.iso())
}

fn luma(c: Rgba) -> f32 {
    0.299 * c.r as f32 + 0.587 * c.g as f32 + 0.114 * c.b as f32
}

#[test]
fn a_hold_zone_is_drawn_on_the_floor_and_reads_in_the_dark() {
    let mut r = Run::new(YARD, HOLD);
    let (with, iso) = dark_frame(&mut r, true);
    let (without, _) = dark_frame(&mut r, false);
    let area = r.w.mission().areas[0].clone();
    // Points on the zone's outline (the middle of each edge), and just outside each.
    let mid = |a: Vec2, b: Vec2| (a + b) * 0.5;
    let (lo, hi) = (area.min, area.max);
    let corners = [lo, Vec2::new(hi.x, lo.y), hi, Vec2::new(lo.x, hi.y)];
    let c = area.centre();
    let mut edge_luma = 0.0;
    let mut out_luma = 0.0;
    let mut differ = 0;
    for i in 0..4 {
        let on = mid(corners[i], corners[(i + 1) % 4]);
        let off = on + (on - c).normalize_or_zero() * 1.2;
        let s = iso.project(on, 0.0);
        let o = iso.project(off, 0.0);
        let px = |fb: &Framebuffer, p: [f32; 2]| fb.get_rgba(p[0] as i32, p[1] as i32).unwrap();
        edge_luma += luma(px(&with, s));
        out_luma += luma(px(&with, o));
        if px(&with, s) != px(&without, s) {
            differ += 1;
        }
        let g = px(&with, s);
        assert!(g.r > g.b + 20, "gold on the edge {i}: {g:?}");
    }
    assert_eq!(differ, 4, "every edge of the outline is drawn");
    assert!(
        edge_luma > out_luma + 4.0 * 40.0,
        "the outline reads in the dark: {edge_luma} vs {out_luma} outside"
    );
    // The fill: the zone's inside is lighter than the floor outside it.
    let inside = luma(
        with.get_rgba(iso.project(c, 0.0)[0] as i32, iso.project(c, 0.0)[1] as i32)
            .unwrap(),
    );
    let before = luma(
        without
            .get_rgba(iso.project(c, 0.0)[0] as i32, iso.project(c, 0.0)[1] as i32)
            .unwrap(),
    );
    assert!(inside > before + 5.0, "soft fill: {inside} vs {before}");
}

#[test]
fn the_map_shows_the_walls_seen_and_not_the_others() {
    let mut r = Run::new(ROOMS, REACH);
    r.step(&TickInput::default());
    let grid = r.w.map().grid.clone();
    let fog = &r.horror.fog;
    // A wall the squad sees (the west room's north wall) and one it has never seen (the
    // east room's far wall, behind the dividing wall).
    let seen = (3, 0);
    let unseen = (19, 3);
    assert_ne!(fog.seen(seen.0, seen.1), view::scene::Seen::Never);
    assert_eq!(fog.seen(unseen.0, unseen.1), view::scene::Seen::Never);
    let mut fb = Framebuffer::new(1280, 720);
    view::way::map::draw_map(&mut fb, &r.w, fog, &r.guide, 1.0, "Q closes");
    let f = fit(&fb, &r.w, fog, &r.guide, 1.0);
    let at = |t: (i32, i32)| {
        let s = f.to_screen(Grid::tile_center(t.0, t.1));
        fb.get_rgba(s[0] as i32, s[1] as i32).unwrap()
    };
    let wall = tile_colour(&grid, fog, seen.0, seen.1).unwrap();
    assert_eq!(at(seen), wall.with_alpha(255), "the seen wall, drawn");
    assert!(tile_colour(&grid, fog, unseen.0, unseen.1).is_none());
    let dark = at(unseen);
    assert!(luma(dark) < 30.0, "the unseen wall is not drawn: {dark:?}");
    assert!(luma(at(seen)) > luma(dark) + 60.0);
    // The way is on the map too: gold between the disk and the goal.
    let g = f.to_screen(r.guide.route.goal().unwrap());
    let ring = (0..64)
        .map(|k| {
            let a = k as f32 * std::f32::consts::TAU / 64.0;
            [g[0] + 7.0 * a.cos(), g[1] + 7.0 * a.sin()]
        })
        .filter(|p| {
            fb.get_rgba(p[0] as i32, p[1] as i32)
                .is_some_and(|c| c.r > 150 && c.g > 120 && c.b < 140)
        })
        .count();
    assert!(ring > 16, "the goal's ring: {ring} gold points of 64");
}

#[test]
fn the_map_remembers_the_enemies_seen_and_forgets_them_when_they_go() {
    // A shambler in the west room in sight of the squad, one in the unseen east room.
    let map = ROOMS.replace("#........#.........#\n#..S", "#......E.#.......E.#\n#..S");
    let mut r = Run::new(
        &map,
        "seed = 1\nduration = 60\nwave 0 0 shambler 1\nwave 0 1 shambler 1\n",
    );
    for _ in 0..3 {
        r.step(&TickInput::default());
    }
    let seen: Vec<Vec2> = r.guide.recall.sightings().map(|s| s.pos).collect();
    assert_eq!(r.w.enemies().len(), 2, "both spawned");
    assert_eq!(seen.len(), 1, "only the one in sight: {seen:?}");
    assert!(seen[0].x < 9.0, "the west room's: {seen:?}");
    // Killed: forgotten.
    let id = r.w.enemies().iter().find(|e| e.pos.x < 9.0).unwrap().id;
    let i = r.w.enemies().iter().position(|e| e.id == id).unwrap();
    r.w.enemies_mut()[i].alive = false;
    r.guide.absorb(&r.w, &r.horror.fog);
    assert!(r.guide.recall.is_empty());
}

#[test]
fn the_way_leaves_the_simulation_alone() {
    let mut a = world(ROOMS, REACH);
    let mut b = world(ROOMS, REACH);
    let mut horror = Horror::new(&b, 1, HorrorTuning::default());
    let mut guide = Guide::new(WayTuning::default());
    for k in 0..240 {
        let input = TickInput {
            move_dir: Vec2::new(if k < 120 { 1.0 } else { 0.0 }, 1.0),
            ..TickInput::default()
        };
        tick(&mut a, &input);
        tick(&mut b, &input);
        horror.absorb(&b);
        guide.absorb(&b, &horror.fog);
        let mut fb = Framebuffer::new(320, 180);
        view::way::map::draw_map(&mut fb, &b, &horror.fog, &guide, 1.0, "");
        assert_eq!(a.checksum(), b.checksum(), "tick {k}");
    }
    assert!(
        guide.route.searches() > 1,
        "the way was found again as the disk moved"
    );
}

/// Mission 2's warrens with its three nests, without its waves (the way alone).
fn warrens() -> Run {
    let map = sim::content::MAPS
        .iter()
        .find(|m| m.0 == "warrens")
        .unwrap()
        .1;
    let scn = sim::content::CAMPAIGN
        .iter()
        .find(|m| m.0 == "m2_warrens")
        .unwrap()
        .1;
    let scn: String = scn
        .lines()
        .filter(|l| !l.starts_with("wave") && !l.starts_with("trigger"))
        .map(|l| format!("{l}\n"))
        .collect();
    Run::new(map, &scn)
}

/// Drives the disk along `dir` for `ticks`, returning each tick's arrow.
fn drive(r: &mut Run, dir: Vec2, ticks: usize) -> Vec<Option<Vec2>> {
    (0..ticks)
        .map(|_| {
            r.step(&TickInput {
                move_dir: dir,
                ..TickInput::default()
            });
            r.guide.route.arrow()
        })
        .collect()
}

#[test]
fn the_arrow_holds_steady_where_the_way_could_double_back() {
    // Mission 2's tunnel: at x ≈ 32 the first nest (north, up chamber A's branch at
    // x 22) and the second (south, down chamber B's at x 40) are as far by the path.
    // Before the fix the way swung from one to the other as the disk crossed tile 31/32,
    // and the arrow turned end for end in one frame (179°).
    let mut r = warrens();
    let east = Vec2::new(1.0, 0.0);
    let first = r.guide.route.goal().unwrap();
    let mut arrows = vec![r.guide.route.arrow()];
    // East until the way turns to the second nest.
    while r.guide.route.goal() == Some(first) && r.w.tick() < 60 * 40 {
        arrows.extend(drive(&mut r, east, 1));
    }
    let second = r.guide.route.goal().unwrap();
    assert!(
        (second.y - 42.5).abs() < 1.0,
        "chamber B's nest: {second:?}"
    );
    let x = r.w.anchor().pos.x;
    assert!(x > 33.0, "it turned only past the middle: x {x}");
    // Back and forth, a tile and more each way, eight times: the disk crosses tiles, the
    // way is searched again each time, and it stays with the second nest.
    let mut tiles = std::collections::BTreeSet::new();
    let mut goals = Vec::new();
    for _ in 0..8 {
        for d in [-east, east] {
            for _ in 0..40 {
                arrows.extend(drive(&mut r, d, 1));
                tiles.insert(Grid::tile_of(r.w.anchor().pos));
                goals.push(r.guide.route.goal());
            }
        }
    }
    assert!(tiles.len() >= 2, "the disk crossed a tile: {tiles:?}");
    assert!(
        goals.iter().all(|g| *g == Some(second)),
        "the way went back to another nest {} times of {}",
        goals.iter().filter(|g| **g != Some(second)).count(),
        goals.len()
    );
    let turn = WayTuning::default().arrow_turn / 60.0;
    let largest = arrows
        .windows(2)
        .filter_map(|p| match p {
            [Some(a), Some(b)] => Some(angle_between(*a, *b)),
            _ => None,
        })
        .fold(0.0f32, f32::max);
    assert!(
        largest <= turn + 0.01,
        "the arrow turned {largest}° in one tick (at most {turn}°)"
    );
    assert!(arrows.iter().all(Option::is_some), "an arrow every tick");
    // Steady: standing still, the arrow comes to point where the way leads.
    drive(&mut r, Vec2::ZERO, 60);
    let (a, h) = (
        r.guide.route.arrow().unwrap(),
        r.guide.route.heading().unwrap(),
    );
    assert!(angle_between(a, h) < 0.5, "{a:?} vs {h:?}");
}

#[test]
fn a_much_nearer_nest_still_takes_the_way() {
    // Far past the middle (x ≈ 38, by chamber B's branch) the second nest is the nearer
    // by more than `switch_tiles`: the way turns to it even though it followed the first.
    let mut r = warrens();
    let first = r.guide.route.goal().unwrap();
    while r.w.anchor().pos.x < 38.5 {
        drive(&mut r, Vec2::new(1.0, 0.0), 1);
    }
    let now = r.guide.route.goal().unwrap();
    assert_ne!(now, first, "still the first nest at {:?}", r.w.anchor().pos);
    assert!((now.y - 42.5).abs() < 1.0, "chamber B's nest: {now:?}");
}
