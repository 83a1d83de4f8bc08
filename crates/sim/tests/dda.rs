//! `Grid::raycast` / `Grid::line_clear`: the DDA ray cast behind LaneClear (REQ S4 step 2)
//! and bullet-vs-wall hits (S9).
//!
//! Conventions these tests pin down (from grid.rs and REQ S2.1):
//! - tile `(x, y)` covers the half-open square `[x, x+1) × [y, y+1)`, so a point on a tile
//!   edge belongs to the tile on its `+x` / `+y` side;
//! - anything outside the grid is wall;
//! - `RayHit::t` is the fraction of `a → b` at which the wall tile is entered (0 when `a`
//!   itself is in a wall);
//! - a segment passing *exactly* through a tile corner tests **both** side tiles (the
//!   x-side first), so nothing slips diagonally between two walls — and a single wall
//!   beside the corner is enough to block.

use std::sync::mpsc;
use std::time::Duration;

use proptest::prelude::*;
use sim::space::grid::{Grid, RayHit};
use sim::Vec2;

/// A grid from ASCII rows: `#` wall, anything else floor. Row 0 is `y = 0`.
fn grid(rows: &[&str]) -> Grid {
    let h = rows.len() as i32;
    let w = rows[0].len() as i32;
    let mut walls = Vec::new();
    for r in rows {
        assert_eq!(r.len() as i32, w, "test grid must be rectangular");
        walls.extend(r.chars().map(|c| c == '#'));
    }
    Grid::new(w, h, walls)
}

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn hit(g: &Grid, a: Vec2, b: Vec2) -> RayHit {
    g.raycast(a, b)
        .unwrap_or_else(|| panic!("expected {a:?} -> {b:?} to hit a wall, it is clear"))
}

fn assert_clear(g: &Grid, a: Vec2, b: Vec2) {
    assert_eq!(g.raycast(a, b), None, "expected {a:?} -> {b:?} to be clear");
    assert!(g.line_clear(a, b));
}

fn assert_t(h: RayHit, expected: f32) {
    assert!(
        (h.t - expected).abs() < 1e-5,
        "entry fraction {} expected {expected} ({h:?})",
        h.t
    );
}

// ---------------------------------------------------------------------------------------
// Diagonals and corners

#[test]
fn exact_45_degree_diagonals_through_open_tiles_are_clear() {
    // Every step of these rays passes exactly through a tile corner; all side tiles are
    // floor, so all four diagonal directions are clear.
    let g = Grid::open_with_border(10, 10);
    assert_clear(&g, v(1.5, 1.5), v(8.5, 8.5));
    assert_clear(&g, v(8.5, 8.5), v(1.5, 1.5));
    assert_clear(&g, v(1.5, 8.5), v(8.5, 1.5));
    assert_clear(&g, v(8.5, 1.5), v(1.5, 8.5));
    // Starting and ending exactly on corners.
    assert_clear(&g, v(2.0, 2.0), v(8.0, 8.0));
    assert_clear(&g, v(8.0, 2.0), v(2.0, 8.0));
}

#[test]
fn exact_45_degree_diagonal_hits_the_wall_tile_on_its_path() {
    let g = grid(&[
        "######", //
        "#....#", //
        "#....#", //
        "#..#.#", //
        "#....#", //
        "######", //
    ]);
    // (1.5,1.5) -> (4.5,4.5) enters tile (3,3) through the corner (3,3) at t = 1.5/3.
    let h = hit(&g, v(1.5, 1.5), v(4.5, 4.5));
    assert_eq!(h.tile, (3, 3));
    assert_t(h, 0.5);
}

#[test]
fn ray_through_a_tile_corner_between_two_walls_is_blocked() {
    // The diagonal (1.5,1.5) -> (3.5,3.5) passes exactly through the corner (2,2). Its
    // side tiles (2,1) and (1,2) are both walls; the diagonal tile (2,2) is floor.
    let g = grid(&[
        "######", //
        "#.#..#", //
        "##...#", //
        "#....#", //
        "######", //
    ]);
    let h = hit(&g, v(1.5, 1.5), v(3.5, 3.5));
    assert!(
        h.tile == (2, 1) || h.tile == (1, 2),
        "a side tile of the corner: {h:?}"
    );
    assert_t(h, 0.25);
    // The same corner crossed the other way round.
    let h = hit(&g, v(3.5, 3.5), v(1.5, 1.5));
    assert!(h.tile == (2, 1) || h.tile == (1, 2), "{h:?}");
    assert_t(h, 0.75);
    // grid.rs tests the x-side tile first.
    assert_eq!(hit(&g, v(1.5, 1.5), v(3.5, 3.5)).tile, (2, 1));
}

#[test]
fn ray_through_a_tile_corner_with_only_one_side_wall_is_blocked() {
    // Rule observed in grid.rs: at an exact corner both side tiles are tested, so a single
    // wall beside the corner already blocks (conservative: the shot is never allowed to
    // graze a wall's corner).
    let x_side = grid(&[
        "######", //
        "#.#..#", //
        "#....#", //
        "#....#", //
        "######", //
    ]);
    let h = hit(&x_side, v(1.5, 1.5), v(3.5, 3.5));
    assert_eq!(h.tile, (2, 1));
    assert_t(h, 0.25);

    let y_side = grid(&[
        "######", //
        "#....#", //
        "##...#", //
        "#....#", //
        "######", //
    ]);
    let h = hit(&y_side, v(1.5, 1.5), v(3.5, 3.5));
    assert_eq!(h.tile, (1, 2));
    assert_t(h, 0.25);

    // Negative direction: (3.5,3.5) -> (1.5,1.5) first passes the corner (3,3), whose side
    // tiles are (2,3) (x-side, floor) and (3,2) (y-side, wall).
    let neg = grid(&[
        "######", //
        "#....#", //
        "#..#.#", //
        "#....#", //
        "######", //
    ]);
    let h = hit(&neg, v(3.5, 3.5), v(1.5, 1.5));
    assert_eq!(h.tile, (3, 2));
    assert_t(h, 0.25);

    // Anti-diagonal (+x, -y): (1.5,3.5) -> (3.5,1.5) passes the corner (2,3); side tiles
    // are (2,3) (x-side) and (1,2) (y-side).
    let anti = grid(&[
        "######", //
        "#....#", //
        "##...#", //
        "#....#", //
        "######", //
    ]);
    let h = hit(&anti, v(1.5, 3.5), v(3.5, 1.5));
    assert_eq!(h.tile, (1, 2));
    assert_t(h, 0.25);
}

#[test]
fn ray_just_off_a_corner_touches_only_the_side_tile_it_crosses() {
    // Slightly steeper than 45°: crosses y = 2 before x = 2, so it enters (1,2), never (2,1).
    let x_side = grid(&[
        "######", //
        "#.#..#", //
        "#....#", //
        "#....#", //
        "######", //
    ]);
    assert_clear(&x_side, v(1.5, 1.5), v(3.5, 3.6));
    let y_side = grid(&[
        "######", //
        "#....#", //
        "##...#", //
        "#....#", //
        "######", //
    ]);
    let a = v(1.5, 1.5);
    let b = v(3.5, 3.6);
    let h = hit(&y_side, a, b);
    assert_eq!(h.tile, (1, 2));
    assert_t(h, 0.5 / 2.1);
}

// ---------------------------------------------------------------------------------------
// Tile boundaries

#[test]
fn ray_starting_exactly_on_a_tile_edge_starts_in_the_tile_on_its_plus_side() {
    // (2.0, 1.5) lies on the edge between tile (1,1) (wall) and tile (2,1) (floor).
    let g = grid(&[
        "#######", //
        "##.....", //
        "#######", //
    ]);
    assert_clear(&g, v(2.0, 1.5), v(5.5, 1.5));
    // Heading into the wall it is entered at once.
    let h = hit(&g, v(2.0, 1.5), v(1.5, 1.5));
    assert_eq!(h.tile, (1, 1));
    assert_t(h, 0.0);
}

#[test]
fn ray_ending_exactly_on_the_near_edge_of_a_wall_tile_touches_it() {
    // The end point (3.0, 1.5) belongs to tile (3,1): the wall is entered at t = 1.
    let g = grid(&[
        "######", //
        "#..#.#", //
        "######", //
    ]);
    let h = hit(&g, v(1.0, 1.5), v(3.0, 1.5));
    assert_eq!(h.tile, (3, 1));
    assert_t(h, 1.0);
    // Coming from the right, x = 4.0 belongs to tile (4,1): the wall is not touched.
    let g = grid(&[
        "#######", //
        "#..#..#", //
        "#######", //
    ]);
    assert_clear(&g, v(5.5, 1.5), v(4.0, 1.5));
}

#[test]
fn ray_along_a_horizontal_tile_edge_runs_in_the_row_below_the_edge_line() {
    // y = 2.0 exactly: the ray lies in row 2 (`[2, 3)`), row 1 only touches it at its
    // open upper boundary.
    let row1 = grid(&[
        "########", //
        "#...#..#", //
        "#......#", //
        "########", //
    ]);
    assert_clear(&row1, v(1.5, 2.0), v(6.5, 2.0));
    assert_clear(&row1, v(6.5, 2.0), v(1.5, 2.0));
    let row2 = grid(&[
        "########", //
        "#......#", //
        "#...#..#", //
        "########", //
    ]);
    let h = hit(&row2, v(1.5, 2.0), v(6.5, 2.0));
    assert_eq!(h.tile, (4, 2));
    assert_t(h, 2.5 / 5.0);
    let h = hit(&row2, v(6.5, 2.0), v(1.5, 2.0));
    assert_eq!(h.tile, (4, 2));
    assert_t(h, 1.5 / 5.0);
}

#[test]
fn ray_along_a_vertical_tile_edge_runs_in_the_column_right_of_the_edge_line() {
    let col2 = grid(&[
        "#####", //
        "#...#", //
        "#.#.#", //
        "#...#", //
        "#...#", //
        "#####", //
    ]);
    // x = 3.0: column 3; the wall at (2,2) only shares the edge line.
    assert_clear(&col2, v(3.0, 1.5), v(3.0, 4.5));
    let col3 = grid(&[
        "#####", //
        "#...#", //
        "#..##", //
        "#...#", //
        "#...#", //
        "#####", //
    ]);
    let h = hit(&col3, v(3.0, 4.5), v(3.0, 1.5));
    assert_eq!(h.tile, (3, 2));
    assert_t(h, 1.5 / 3.0);
}

// ---------------------------------------------------------------------------------------
// Start and end inside / near walls

#[test]
fn ray_starting_inside_a_wall_hits_at_t_zero_in_the_start_tile() {
    let g = grid(&[
        "#####", //
        "#.#.#", //
        "#####", //
    ]);
    let h = hit(&g, v(2.5, 1.5), v(3.5, 1.5));
    assert_eq!(h.tile, (2, 1));
    assert_eq!(h.t, 0.0);
    // Also when the ray would leave the wall toward open floor the other way.
    let h = hit(&g, v(2.9, 1.2), v(1.1, 1.8));
    assert_eq!((h.tile, h.t), ((2, 1), 0.0));
}

#[test]
fn ray_ending_just_before_a_wall_is_clear() {
    let g = grid(&[
        "#######", //
        "#...#.#", //
        "#######", //
    ]);
    assert_clear(&g, v(1.5, 1.5), v(3.999, 1.5));
    assert_clear(&g, v(1.5, 1.2), v(3.99, 1.8));
}

#[test]
fn ray_ending_just_inside_a_wall_hits_it_at_the_entry_fraction() {
    let g = grid(&[
        "#######", //
        "#...#.#", //
        "#######", //
    ]);
    let (a, b) = (v(1.5, 1.5), v(4.2, 1.5));
    let h = hit(&g, a, b);
    assert_eq!(h.tile, (4, 1));
    assert_t(h, (4.0 - 1.5) / (4.2 - 1.5));
    // A slanted ray: entry where x crosses 4.
    let (a, b) = (v(1.5, 1.2), v(4.01, 1.8));
    let h = hit(&g, a, b);
    assert_eq!(h.tile, (4, 1));
    assert_t(h, (4.0 - 1.5) / (4.01 - 1.5));
    // The entry point lies on the wall tile's edge.
    let p = a + (b - a) * h.t;
    assert!((p.x - 4.0).abs() < 1e-4, "{p:?}");
}

#[test]
fn negative_directions_report_the_entry_from_the_far_side() {
    let g = grid(&[
        "##########", //
        "#........#", //
        "#..#.....#", //
        "#........#", //
        "#........#", //
        "#........#", //
        "##########", //
    ]);
    // -x: tile (3,2) is entered at x = 4.
    let (a, b) = (v(8.5, 2.5), v(2.8, 2.5));
    let h = hit(&g, a, b);
    assert_eq!(h.tile, (3, 2));
    assert_t(h, (8.5 - 4.0) / (8.5 - 2.8));
    // -y: tile (3,2) is entered at y = 3.
    let (a, b) = (v(3.5, 5.5), v(3.5, 2.2));
    let h = hit(&g, a, b);
    assert_eq!(h.tile, (3, 2));
    assert_t(h, (5.5 - 3.0) / (5.5 - 2.2));
    // -x, -y, not 45°: (6.5, 4.7) -> (3.2, 2.5) crosses x = 4 at y ≈ 3.03 (still row 3,
    // floor), then y = 3 at x = 6.5 - 3.3 * 1.7/2.2 ≈ 3.95: it enters (3,2) through that
    // tile's +y edge at t = 1.7/2.2.
    let (a, b) = (v(6.5, 4.7), v(3.2, 2.5));
    let h = hit(&g, a, b);
    assert_eq!(h.tile, (3, 2));
    assert_t(h, 1.7 / 2.2);
    // Reversed, the ray starts inside that wall.
    assert_eq!(hit(&g, b, a).t, 0.0);
}

#[test]
fn zero_length_ray_is_clear_on_floor_and_blocked_inside_a_wall() {
    let g = grid(&[
        "####", //
        "#..#", //
        "####", //
    ]);
    assert_clear(&g, v(1.5, 1.5), v(1.5, 1.5));
    assert_clear(&g, v(2.0, 1.0), v(2.0, 1.0));
    let h = hit(&g, v(0.5, 1.5), v(0.5, 1.5));
    assert_eq!((h.tile, h.t), ((0, 1), 0.0));
}

// ---------------------------------------------------------------------------------------
// Outside the grid

#[test]
fn rays_leaving_the_grid_hit_the_outside_which_is_wall() {
    // No wall tiles at all: the only walls are outside.
    let g = Grid::new(5, 4, vec![false; 20]);
    let c = v(2.5, 1.5);
    let h = hit(&g, c, v(7.5, 1.5));
    assert_eq!(h.tile, (5, 1));
    assert_t(h, 2.5 / 5.0);
    let h = hit(&g, c, v(-2.5, 1.5));
    assert_eq!(h.tile, (-1, 1));
    assert_t(h, 2.5 / 5.0);
    let h = hit(&g, c, v(2.5, 6.5));
    assert_eq!(h.tile, (2, 4));
    assert_t(h, 2.5 / 5.0);
    let h = hit(&g, c, v(2.5, -3.5));
    assert_eq!(h.tile, (2, -1));
    assert_t(h, 1.5 / 5.0);
    // Diagonally out through a side: (2.5,1.5) -> (8.5,3.5) leaves at x = 5 (y = 2.33).
    let h = hit(&g, c, v(8.5, 3.5));
    assert_eq!(h.tile, (5, 2));
    assert_t(h, 2.5 / 6.0);
    // Staying inside is clear, also touching the last tile.
    assert_clear(&g, c, v(4.99, 3.99));
    assert_clear(&g, c, v(0.0, 0.0));
}

#[test]
fn ray_starting_outside_the_grid_is_blocked_at_once() {
    let g = Grid::new(5, 4, vec![false; 20]);
    let h = hit(&g, v(-0.5, 1.5), v(2.5, 1.5));
    assert_eq!((h.tile, h.t), ((-1, 1), 0.0));
    let h = hit(&g, v(2.5, 4.0), v(2.5, 1.5));
    assert_eq!((h.tile, h.t), ((2, 4), 0.0));
}

#[test]
fn huge_finite_endpoints_are_blocked_by_the_outside() {
    let g = Grid::open_with_border(8, 8);
    let c = v(3.5, 3.5);
    for b in [
        v(1e30, 3.5),
        v(-1e30, 3.5),
        v(3.5, 1e30),
        v(3.5, -1e30),
        v(1e30, 1e30),
        v(-1e30, -1e30),
        v(f32::MAX, -f32::MAX),
        v(1e9, 2e9),
    ] {
        let h = hit(&g, c, b);
        assert!(!g.in_bounds(h.tile.0, h.tile.1) || g.is_wall(h.tile.0, h.tile.1));
        assert!((0.0..=1.0).contains(&h.t), "{b:?}: {h:?}");
    }
}

#[test]
fn non_finite_endpoints_neither_panic_nor_hang() {
    // NaN and infinite positions can reach the ray cast from a corrupted world; it must
    // answer (anything) quickly. Run in a thread so a hang fails the test instead of
    // blocking the suite.
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let g = Grid::open_with_border(8, 8);
        let nan = f32::NAN;
        let inf = f32::INFINITY;
        let specials = [nan, inf, -inf, 3.5];
        let mut panics = Vec::new();
        for &ax in &specials {
            for &ay in &specials {
                for &bx in &specials {
                    for &by in &specials {
                        let (a, b) = (v(ax, ay), v(bx, by));
                        let r = std::panic::catch_unwind(|| (g.raycast(a, b), g.line_clear(a, b)));
                        match r {
                            Ok((hit, clear)) => {
                                if hit.is_some() == clear {
                                    panics.push(format!("{a:?} -> {b:?}: line_clear disagrees"));
                                }
                            }
                            Err(_) => panics.push(format!("{a:?} -> {b:?}: panicked")),
                        }
                    }
                }
            }
        }
        let _ = tx.send(panics);
    });
    let failures = rx
        .recv_timeout(Duration::from_secs(20))
        .expect("raycast with NaN/inf endpoints did not return within 20 s");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn infinite_end_point_from_inside_the_grid_is_blocked() {
    // A ray toward infinity certainly leaves the grid, and outside is wall.
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let g = Grid::open_with_border(8, 8);
        let c = v(3.5, 3.5);
        let inf = f32::INFINITY;
        let mut out = Vec::new();
        for b in [
            v(inf, 3.5),
            v(-inf, 3.5),
            v(3.5, inf),
            v(3.5, -inf),
            v(inf, inf),
            v(-inf, -inf),
            v(inf, -inf),
        ] {
            let r = std::panic::catch_unwind(|| g.raycast(c, b));
            out.push((b, r.map_err(|_| ())));
        }
        let _ = tx.send(out);
    });
    let out = rx
        .recv_timeout(Duration::from_secs(20))
        .expect("raycast toward infinity did not return within 20 s");
    let bad: Vec<String> = out
        .iter()
        .filter(|(_, r)| !matches!(r, Ok(Some(_))))
        .map(|(b, r)| format!("(3.5, 3.5) -> {b:?}: {r:?}"))
        .collect();
    assert!(
        bad.is_empty(),
        "expected a wall hit, got:\n{}",
        bad.join("\n")
    );
}

// ---------------------------------------------------------------------------------------
// Property: DDA equals a dense sampling of the segment

#[derive(Clone, Debug)]
struct RayCase {
    w: i32,
    h: i32,
    walls: Vec<bool>,
    a: (f32, f32),
    b: (f32, f32),
}

fn ray_case() -> impl Strategy<Value = RayCase> {
    (1i32..8, 1i32..8)
        .prop_flat_map(|(w, h)| {
            let n = (w * h) as usize;
            let fx = -1.5f32..(w as f32 + 1.5);
            let fy = -1.5f32..(h as f32 + 1.5);
            (
                Just(w),
                Just(h),
                prop::collection::vec(prop::bool::weighted(0.3), n),
                (fx.clone(), fy.clone()),
                (fx, fy),
            )
        })
        .prop_map(|(w, h, walls, a, b)| RayCase { w, h, walls, a, b })
}

const SAMPLES: usize = 2000;

/// Distance from lattice point `c` to segment `a`–`b`, in f64.
fn dist_to_segment(c: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let l2 = dx * dx + dy * dy;
    let t = if l2 == 0.0 {
        0.0
    } else {
        (((c.0 - a.0) * dx + (c.1 - a.1) * dy) / l2).clamp(0.0, 1.0)
    };
    let (px, py) = (a.0 + dx * t, a.1 + dy * t);
    ((px - c.0).powi(2) + (py - c.1).powi(2)).sqrt()
}

/// Cases the sampling cannot decide: the segment passes close to a tile corner (a thin
/// sliver of a tile might fall between samples, and exact corners follow the side-tile
/// rule), or an end point or a near-axis-parallel segment lies on a grid line.
fn ambiguous(c: &RayCase) -> bool {
    let a = (c.a.0 as f64, c.a.1 as f64);
    let b = (c.b.0 as f64, c.b.1 as f64);
    let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
    let margin = 1e-3f64.max(2.0 * len / SAMPLES as f64);
    for x in -3..=c.w + 3 {
        for y in -3..=c.h + 3 {
            if dist_to_segment((x as f64, y as f64), a, b) < margin {
                return true;
            }
        }
    }
    let near_line = |p: f64| (p - p.round()).abs() < 1e-3;
    if near_line(a.0) || near_line(a.1) || near_line(b.0) || near_line(b.1) {
        return true;
    }
    // Nearly parallel to an axis and within the margin of a grid line anywhere.
    let (dx, dy) = ((b.0 - a.0).abs(), (b.1 - a.1).abs());
    if (dx < 1e-3 && near_line(a.0)) || (dy < 1e-3 && near_line(a.1)) {
        return true;
    }
    false
}

/// First sample index (of SAMPLES along a → b, both ends included) inside a wall tile.
fn first_wall_sample(g: &Grid, c: &RayCase) -> Option<usize> {
    let a = (c.a.0 as f64, c.a.1 as f64);
    let b = (c.b.0 as f64, c.b.1 as f64);
    (0..SAMPLES).find(|&i| {
        let t = i as f64 / (SAMPLES - 1) as f64;
        let x = a.0 + (b.0 - a.0) * t;
        let y = a.1 + (b.1 - a.1) * t;
        g.is_wall(x.floor() as i32, y.floor() as i32)
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    #[test]
    fn raycast_agrees_with_dense_sampling_of_the_segment(c in ray_case()) {
        prop_assume!(!ambiguous(&c));
        let g = Grid::new(c.w, c.h, c.walls.clone());
        let (a, b) = (v(c.a.0, c.a.1), v(c.b.0, c.b.1));
        let got = g.raycast(a, b);
        prop_assert_eq!(got.is_none(), g.line_clear(a, b));
        match (first_wall_sample(&g, &c), got) {
            (None, None) => {}
            (Some(k), Some(h)) => {
                // The reported tile is the wall the first wall sample fell into, and the
                // entry fraction lies between that sample and the one before it.
                let t = k as f64 / (SAMPLES - 1) as f64;
                let x = c.a.0 as f64 + (c.b.0 as f64 - c.a.0 as f64) * t;
                let y = c.a.1 as f64 + (c.b.1 as f64 - c.a.1 as f64) * t;
                prop_assert_eq!(h.tile, (x.floor() as i32, y.floor() as i32), "hit {:?}", h);
                prop_assert!(g.is_wall(h.tile.0, h.tile.1));
                let lo = if k == 0 { 0.0 } else { (k - 1) as f64 / (SAMPLES - 1) as f64 };
                prop_assert!(
                    (h.t as f64) >= lo - 1e-4 && (h.t as f64) <= t + 1e-4,
                    "t = {} outside [{lo}, {t}]", h.t
                );
            }
            (Some(k), None) => prop_assert!(false, "sample {} is in a wall but raycast says clear", k),
            (None, Some(h)) => prop_assert!(false, "no sample in a wall but raycast hit {:?}", h),
        }
    }

    #[test]
    fn raycast_is_total_and_t_is_a_fraction(c in ray_case()) {
        let g = Grid::new(c.w, c.h, c.walls.clone());
        let (a, b) = (v(c.a.0, c.a.1), v(c.b.0, c.b.1));
        if let Some(h) = g.raycast(a, b) {
            prop_assert!((0.0..=1.0).contains(&h.t), "{:?}", h);
            prop_assert!(g.is_wall(h.tile.0, h.tile.1), "{:?}", h);
        }
    }
}
