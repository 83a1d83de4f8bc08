//! Fog-of-war field of view (REQ H2): our symmetric shadowcasting against the
//! `symmetric-shadowcasting` crate (a port of Albert Ford's reference), hand-built
//! no-leak cases, and the symmetry property.

use sim::read::{Grid, Rng};
use symmetric_shadowcasting::compute_fov;
use view::horror::fov::{visible_tiles, FovScratch};

fn below(rng: &mut Rng, n: u64) -> i32 {
    (rng.next_u64() % n) as i32
}

/// A random map: uniform wall noise at a random density in 0–45 %, plus a few
/// rectangular rooms (one-tile walls with one or two doorways) and short wall runs.
fn random_map(rng: &mut Rng, w: i32, h: i32) -> Grid {
    let density = rng.next_f32() * 0.45;
    let mut g = Grid::new(w, h, vec![false; (w * h) as usize]);
    for y in 0..h {
        for x in 0..w {
            if rng.next_f32() < density {
                g.set_wall(x, y, true);
            }
        }
    }
    for _ in 0..below(rng, 4) {
        let (rw, rh) = (4 + below(rng, 10), 4 + below(rng, 8));
        let (x0, y0) = (below(rng, w as u64) - 2, below(rng, h as u64) - 2);
        for x in x0..x0 + rw {
            for y in y0..y0 + rh {
                let edge = x == x0 || y == y0 || x == x0 + rw - 1 || y == y0 + rh - 1;
                g.set_wall(x, y, edge);
            }
        }
        for _ in 0..1 + below(rng, 2) {
            // A doorway somewhere on the outline.
            let t = below(rng, (2 * (rw + rh)) as u64);
            let (dx, dy) = if t < rw {
                (x0 + t, y0)
            } else if t < 2 * rw {
                (x0 + t - rw, y0 + rh - 1)
            } else if t < 2 * rw + rh {
                (x0, y0 + t - 2 * rw)
            } else {
                (x0 + rw - 1, y0 + t - 2 * rw - rh)
            };
            g.set_wall(dx, dy, false);
        }
    }
    for _ in 0..below(rng, 5) {
        // Straight and diagonal wall runs (diagonal ones make zero-width gaps).
        let (mut x, mut y) = (below(rng, w as u64), below(rng, h as u64));
        let (sx, sy) = [(1, 0), (0, 1), (1, 1), (1, -1)][below(rng, 4) as usize];
        for _ in 0..3 + below(rng, 8) {
            g.set_wall(x, y, true);
            x += sx;
            y += sy;
        }
    }
    g
}

/// Our visible set as a grid-sized bitmap.
fn ours(g: &Grid, origin: (i32, i32), radius: i32, scratch: &mut FovScratch) -> Vec<bool> {
    let w = g.width();
    let mut vis = vec![false; (w * g.height()) as usize];
    visible_tiles(g, origin, radius, scratch, |x, y| {
        assert!(g.in_bounds(x, y), "marked outside the grid: ({x}, {y})");
        vis[(y * w + x) as usize] = true;
    });
    vis
}

/// The crate's visible set (unlimited range; outside the grid is blocking) restricted
/// to the grid and to `dx² + dy² <= radius²` (no restriction for `None`).
fn oracle(g: &Grid, origin: (i32, i32), radius: Option<i64>) -> Vec<bool> {
    let w = g.width();
    let mut vis = vec![false; (w * g.height()) as usize];
    let mut blocking = |(x, y): (isize, isize)| g.is_wall(x as i32, y as i32);
    let mut mark = |(x, y): (isize, isize)| {
        let (dx, dy) = (x as i64 - origin.0 as i64, y as i64 - origin.1 as i64);
        let in_range = radius.is_none_or(|r| dx * dx + dy * dy <= r * r);
        if in_range && g.in_bounds(x as i32, y as i32) {
            vis[(y as i32 * w + x as i32) as usize] = true;
        }
    };
    compute_fov(
        (origin.0 as isize, origin.1 as isize),
        &mut blocking,
        &mut mark,
    );
    vis
}

fn picture(g: &Grid, origin: (i32, i32), vis: &[bool]) -> String {
    let mut s = String::new();
    for y in 0..g.height() {
        for x in 0..g.width() {
            let v = vis[(y * g.width() + x) as usize];
            s.push(match ((x, y) == origin, g.is_wall(x, y), v) {
                (true, _, _) => '@',
                (_, true, true) => '#',
                (_, true, false) => '+',
                (_, false, true) => '.',
                (_, false, false) => ' ',
            });
        }
        s.push('\n');
    }
    s
}

fn assert_same(g: &Grid, origin: (i32, i32), radius: i32, got: &[bool], want: &[bool]) {
    if got != want {
        panic!(
            "origin {origin:?} radius {radius}\nours:\n{}\ncrate:\n{}",
            picture(g, origin, got),
            picture(g, origin, want)
        );
    }
}

/// Compares 400 random 40×30 maps × 10 origins = 4000 origins (7 random floor tiles,
/// 2 random tiles that may be walls, 1 just outside the grid), each at a random radius
/// 0–18, at radius 12 and at an unlimited radius: 12 000 comparisons in all.
#[test]
fn matches_the_reference_crate_on_random_maps() {
    let mut rng = Rng::new(0xF0F);
    let mut scratch = FovScratch::new();
    let (w, h) = (40, 30);
    let mut compared = 0;
    for _ in 0..400 {
        let g = random_map(&mut rng, w, h);
        for k in 0..10 {
            let origin = match k {
                0..=6 => {
                    // A floor tile if one is found quickly.
                    let mut o = (below(&mut rng, w as u64), below(&mut rng, h as u64));
                    for _ in 0..50 {
                        if !g.is_wall(o.0, o.1) {
                            break;
                        }
                        o = (below(&mut rng, w as u64), below(&mut rng, h as u64));
                    }
                    o
                }
                7 | 8 => (below(&mut rng, w as u64), below(&mut rng, h as u64)),
                _ => match below(&mut rng, 4) {
                    0 => (-1, below(&mut rng, h as u64)),
                    1 => (w, below(&mut rng, h as u64)),
                    2 => (below(&mut rng, w as u64), -1),
                    _ => (below(&mut rng, w as u64), h),
                },
            };
            let full = oracle(&g, origin, None);
            assert_same(
                &g,
                origin,
                i32::MAX,
                &ours(&g, origin, i32::MAX, &mut scratch),
                &full,
            );
            for radius in [below(&mut rng, 19), 12] {
                let want = oracle(&g, origin, Some(radius as i64));
                let got = ours(&g, origin, radius, &mut scratch);
                assert_same(&g, origin, radius, &got, &want);
            }
            compared += 3;
        }
    }
    assert_eq!(compared, 12_000);
}

/// Parses a picture: `#` wall, `.` floor, `@` the origin (floor).
fn parse(rows: &[&str]) -> (Grid, (i32, i32)) {
    let (w, h) = (rows[0].len() as i32, rows.len() as i32);
    let mut g = Grid::new(w, h, vec![false; (w * h) as usize]);
    let mut origin = (0, 0);
    for (y, row) in rows.iter().enumerate() {
        assert_eq!(row.len() as i32, w);
        for (x, c) in row.chars().enumerate() {
            match c {
                '#' => g.set_wall(x as i32, y as i32, true),
                '@' => origin = (x as i32, y as i32),
                _ => {}
            }
        }
    }
    (g, origin)
}

/// The visible set of a hand-built case, checked against the crate first.
fn seen(rows: &[&str]) -> (Grid, (i32, i32), Vec<bool>) {
    let (g, origin) = parse(rows);
    let vis = ours(&g, origin, i32::MAX, &mut FovScratch::new());
    assert_same(&g, origin, i32::MAX, &vis, &oracle(&g, origin, None));
    (g, origin, vis)
}

#[test]
fn a_thin_wall_hides_everything_behind_it() {
    let (g, o, vis) = seen(&[
        "..............",
        "..............",
        "......@.......",
        "..............",
        "##############",
        "..............",
        "..............",
        "..............",
    ]);
    let w = g.width();
    for y in 5..g.height() {
        for x in 0..w {
            assert!(
                !vis[(y * w + x) as usize],
                "({x}, {y}) seen through the wall\n{}",
                picture(&g, o, &vis)
            );
        }
    }
    // The wall itself is lit along its whole length (expansive walls).
    for x in 0..w {
        assert!(vis[(4 * w + x) as usize], "wall ({x}, 4) not shown");
    }
}

#[test]
fn a_doorway_shows_only_the_cone_through_the_door() {
    let (g, o, vis) = seen(&[
        "####################",
        "#..................#",
        "#..................#",
        "#..................#",
        "#########.##########",
        "#..................#",
        "#..................#",
        "#........@.........#",
        "####################",
    ]);
    let w = g.width();
    // The door tile (9, 4) blocks nothing; its frame walls block their tile width at
    // their centre line y = 4.5, seen from the origin's centre (9.5, 7.5). A floor tile
    // of the upper room may be visible only if its centre's ray crosses y = 4.5 within
    // the opening x ∈ [9, 10] (in integers: |2·(x − 9)·3 − … |, done with rationals).
    let mut inside_cone = 0;
    for y in 1..4 {
        for x in 1..19 {
            let v = vis[(y * w + x) as usize];
            // Ray (9.5, 7.5) → (x + .5, y + .5) meets y = 4.5 at
            // x' = 9.5 + (x − 9)·3 / (7 − y); need 9 <= x' <= 10.
            let num = 3 * (x - 9); // x' − 9.5 = num / den
            let den = 7 - y;
            let in_cone = 2 * num.abs() <= den;
            assert!(
                !v || in_cone,
                "({x}, {y}) seen outside the door's cone\n{}",
                picture(&g, o, &vis)
            );
            inside_cone += in_cone as i32;
            if in_cone {
                assert!(
                    v,
                    "({x}, {y}) in the door's cone but hidden\n{}",
                    picture(&g, o, &vis)
                );
            }
        }
    }
    assert!(inside_cone >= 3);
    // The whole lower room is visible (it is convex).
    for y in 5..8 {
        for x in 1..19 {
            assert!(vis[(y * w + x) as usize]);
        }
    }
}

#[test]
fn around_a_corner_the_hidden_side_stays_hidden() {
    let (g, o, vis) = seen(&[
        "#########",
        "#@......#",
        "#######.#",
        "#######.#",
        "#######.#",
        "#######.#",
    ]);
    let w = g.width();
    for y in 3..g.height() {
        assert!(
            !vis[(y * w + 7) as usize],
            "corridor tile (7, {y}) seen around the corner\n{}",
            picture(&g, o, &vis)
        );
    }
    // The corridor's end wall and the first corner tile are visible.
    assert!(vis[(w + 8) as usize] && vis[(w + 7) as usize]);
}

/// Symmetric shadowcasting does see through a zero-width diagonal gap: the origin's
/// diagonal neighbour past two walls touching at a corner is visible (its centre lies
/// inside the row's slopes; Ford's reference and the crate agree), and so is the line of
/// tiles continuing that diagonal. The light polygons (`vispoly`) are stricter and stop
/// light at such a corner, like `Grid::raycast`.
#[test]
fn diagonal_gap_is_seen_through_as_in_the_reference() {
    let (g, o, vis) = seen(&[
        "........", ".@#.....", ".#......", "........", "........", "........",
    ]);
    let w = g.width();
    let at = |x: i32, y: i32| vis[(y * w + x) as usize];
    let pic = picture(&g, o, &vis);
    assert!(at(2, 2), "diagonal neighbour through the gap\n{pic}");
    assert!(
        at(3, 3) && at(4, 4) && at(5, 5),
        "the diagonal beyond the gap\n{pic}"
    );
    // Off the diagonal, the two walls still shade the tiles right behind them.
    assert!(!at(4, 2) && !at(2, 4), "tiles behind the walls\n{pic}");
}

#[test]
fn nothing_is_seen_through_a_closed_staircase_wall() {
    // Wall tiles (11 − y, y) and (12 − y, y) for y in 0..=11: a 4-connected diagonal
    // staircase from the top edge to the left edge. The origin's side is x + y <= 10.
    let (w, h) = (16, 16);
    let mut g = Grid::new(w, h, vec![false; (w * h) as usize]);
    for y in 0..=11 {
        g.set_wall(11 - y, y, true);
        g.set_wall(12 - y, y, true);
    }
    for origin in [(3, 3), (9, 0), (0, 9), (5, 5), (0, 0)] {
        let vis = ours(&g, origin, i32::MAX, &mut FovScratch::new());
        assert_same(&g, origin, i32::MAX, &vis, &oracle(&g, origin, None));
        for y in 0..h {
            for x in 0..w {
                if vis[(y * w + x) as usize] && !g.is_wall(x, y) {
                    assert!(
                        x + y <= 10,
                        "({x}, {y}) seen from {origin:?}\n{}",
                        picture(&g, origin, &vis)
                    );
                }
            }
        }
    }
}

#[test]
fn radius_limits_and_odd_inputs_never_panic() {
    let (g, o, _) = seen(&["......", "..@...", "......", "......"]);
    let mut scratch = FovScratch::new();
    let count = |radius: i32, origin: (i32, i32), scratch: &mut FovScratch| {
        ours(&g, origin, radius, scratch)
            .iter()
            .filter(|&&v| v)
            .count()
    };
    assert_eq!(count(0, o, &mut scratch), 1, "radius 0: the origin only");
    assert_eq!(
        count(-7, o, &mut scratch),
        1,
        "negative radius: the origin only"
    );
    assert_eq!(count(i32::MIN, o, &mut scratch), 1);
    assert_eq!(
        count(1, o, &mut scratch),
        5,
        "radius 1: the origin and its 4 neighbours"
    );
    // 13 offsets within radius 2, one of them, (2, -1), above the grid.
    assert_eq!(count(2, o, &mut scratch), 12);
    assert_eq!(
        count(i32::MAX, o, &mut scratch),
        24,
        "an open room is all visible"
    );
    // An origin inside a wall is still marked.
    let (gw, _) = parse(&["###", "#.#", "###"]);
    let vis = ours(&gw, (0, 0), 5, &mut scratch);
    assert!(vis[0]);
    for origin in [
        (-1, 1),
        (6, 0),
        (-100, -100),
        (i32::MIN, i32::MIN),
        (i32::MAX, i32::MAX),
        (i32::MIN, 2),
        (3, i32::MAX),
    ] {
        for radius in [i32::MIN, -1, 0, 1, 12, i32::MAX] {
            count(radius, origin, &mut scratch);
        }
    }
    // From just outside the grid the neighbouring column is seen, as in the reference.
    let vis = ours(&g, (-1, 1), i32::MAX, &mut scratch);
    assert_same(&g, (-1, 1), i32::MAX, &vis, &oracle(&g, (-1, 1), None));
    assert!(vis[6]);
}

/// If B is visible from A (both floor), A is visible from B: 40 random 24×18 maps,
/// every ordered pair of floor tiles.
#[test]
fn visibility_is_symmetric_on_random_maps() {
    let mut rng = Rng::new(77);
    let mut scratch = FovScratch::new();
    let (w, h) = (24, 18);
    let n = (w * h) as usize;
    let mut pairs = 0u64;
    for _ in 0..40 {
        let g = random_map(&mut rng, w, h);
        let mut seen_from = vec![false; n * n];
        for y in 0..h {
            for x in 0..w {
                if g.is_wall(x, y) {
                    continue;
                }
                let a = (y * w + x) as usize;
                let radius = 10;
                visible_tiles(&g, (x, y), radius, &mut scratch, |bx, by| {
                    seen_from[a * n + (by * w + bx) as usize] = true;
                });
            }
        }
        for a in 0..n {
            for b in 0..n {
                let floor = |i: usize| !g.is_wall(i as i32 % w, i as i32 / w);
                if floor(a) && floor(b) {
                    pairs += 1;
                    assert_eq!(
                        seen_from[a * n + b],
                        seen_from[b * n + a],
                        "tiles {:?} and {:?}",
                        (a as i32 % w, a as i32 / w),
                        (b as i32 % w, b as i32 / w)
                    );
                }
            }
        }
    }
    assert!(pairs > 1_000_000);
}
