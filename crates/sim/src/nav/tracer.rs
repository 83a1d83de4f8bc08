//! The line-of-walk tracer: can a circle of some radius move in a straight line between
//! two world points without touching a wall tile? An exact swept-circle (capsule) test
//! against the wall squares, used to skip pathfinding when the way is free, to smooth
//! tile paths into straight legs, and by the world's movement checks.

use crate::core::geom::Vec2;
use crate::space::grid::{floor_i32, Grid};

/// Clearance kept by [`walkable_line`]: a wall tile only blocks when it comes closer than
/// `radius - WALL_SKIN` to the segment, so an agent resting exactly against a wall (as
/// circle-vs-wall resolution leaves it, up to float noise) can still move away from it.
pub const WALL_SKIN: f32 = 1e-3;

/// Line tracer: can a circle of `radius` move straight from `a` to `b` without
/// overlapping a wall tile (or leaving the grid)?
///
/// Exact test of the swept circle (a capsule) against the wall squares, up to
/// [`WALL_SKIN`]: returns false iff some wall tile's closed square is at distance
/// `< radius - WALL_SKIN` from the segment (for `radius <= WALL_SKIN`: iff the segment
/// touches a wall square, so a zero-radius line grazing a wall edge counts as blocked).
/// This agrees with [`Grid::circle_hits_wall`] at every point of the segment, except within
/// the skin. Only the tiles the capsule can touch are examined (column by column along the
/// major axis, about `length × (2·radius + 2)` tiles). Non-finite input → false.
pub fn walkable_line(grid: &Grid, a: Vec2, b: Vec2, radius: f32) -> bool {
    if !a.is_finite() || !b.is_finite() || radius.is_nan() {
        return false;
    }
    // A segment endpoint in a wall tile is inside that wall; this also guarantees the
    // segment lies in the grid's box, which bounds the scan below.
    if grid.is_wall_at(a) || grid.is_wall_at(b) {
        return false;
    }
    let r_eff = (radius.max(0.0) - WALL_SKIN).max(0.0);
    // Candidate range: at least the skin, so a zero-radius line that only grazes a wall
    // square's edge still examines that square.
    let r = radius.max(WALL_SKIN);
    let d = b - a;
    let swap = d.y.abs() > d.x.abs();
    // Work in a frame where u is the major axis; tiles map back with `swap`.
    let (au, av, bu, bv) = if swap {
        (a.y, a.x, b.y, b.x)
    } else {
        (a.x, a.y, b.x, b.y)
    };
    let (du, dv) = (bu - au, bv - av);
    let (umax_tiles, vmax_tiles) = if swap {
        (grid.height(), grid.width())
    } else {
        (grid.width(), grid.height())
    };
    let u_lo = floor_i32(au.min(bu) - r).max(-1);
    let u_hi = floor_i32(au.max(bu) + r).min(umax_tiles);
    for tu in u_lo..=u_hi {
        // Segment points that can reach column [tu, tu + 1] lie in u ∈ [tu - r, tu + 1 + r].
        let (v0, v1) = if du.abs() > 0.0 {
            let ta = ((tu as f32 - r - au) / du).clamp(0.0, 1.0);
            let tb = ((tu as f32 + 1.0 + r - au) / du).clamp(0.0, 1.0);
            (av + dv * ta, av + dv * tb)
        } else {
            (av, bv)
        };
        let v_lo = floor_i32(v0.min(v1) - r).max(-1);
        let v_hi = floor_i32(v0.max(v1) + r).min(vmax_tiles);
        for tv in v_lo..=v_hi {
            let (tx, ty) = if swap { (tv, tu) } else { (tu, tv) };
            if grid.is_wall(tx, ty) && segment_touches_tile(a, b, tx, ty, r_eff) {
                return false;
            }
        }
    }
    true
}

/// Is the closed square of tile `(tx, ty)` at distance `< r` from segment `a`–`b` (for
/// `r == 0`: does the segment touch the square)?
fn segment_touches_tile(a: Vec2, b: Vec2, tx: i32, ty: i32, r: f32) -> bool {
    let (x0, y0) = (tx as f32, ty as f32);
    let (x1, y1) = (x0 + 1.0, y0 + 1.0);
    if segment_intersects_box(a, b, x0, y0, x1, y1) {
        return true;
    }
    if r <= 0.0 {
        return false;
    }
    let r2 = r * r;
    let point_box = |p: Vec2| {
        let dx = (x0 - p.x).max(p.x - x1).max(0.0);
        let dy = (y0 - p.y).max(p.y - y1).max(0.0);
        dx * dx + dy * dy
    };
    if point_box(a) < r2 || point_box(b) < r2 {
        return true;
    }
    // Disjoint convex shapes: the minimum distance is from a vertex of one to the other.
    [(x0, y0), (x1, y0), (x0, y1), (x1, y1)]
        .iter()
        .any(|&(cx, cy)| {
            let c = Vec2::new(cx, cy);
            c.distance_sq(crate::core::geom::closest_point_on_segment(c, a, b)) < r2
        })
}

/// Liang–Barsky: does segment `a`–`b` meet the closed box?
fn segment_intersects_box(a: Vec2, b: Vec2, x0: f32, y0: f32, x1: f32, y1: f32) -> bool {
    let d = b - a;
    let mut t0 = 0.0f32;
    let mut t1 = 1.0f32;
    for (p, q) in [
        (-d.x, a.x - x0),
        (d.x, x1 - a.x),
        (-d.y, a.y - y0),
        (d.y, y1 - a.y),
    ] {
        if p == 0.0 {
            if q < 0.0 {
                return false;
            }
        } else {
            let t = q / p;
            if p < 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
            if t0 > t1 {
                return false;
            }
        }
    }
    true
}

/// Asserts that a body of radius `r` walks from `from` through the waypoints `wps` in
/// straight lines (the tests' check of smoothed paths and routes).
#[cfg(test)]
pub(crate) fn assert_walkable_chain(g: &Grid, from: Vec2, wps: &[Vec2], r: f32) {
    let mut prev = from;
    for &w in wps {
        assert!(walkable_line(g, prev, w, r), "{prev:?} -> {w:?} blocked");
        prev = w;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nav::test_grids::grid;

    #[test]
    fn floor_i32_matches_floor_and_saturates() {
        for x in [
            0.0f32, 0.5, 1.0, 1.999, -0.0, -0.5, -1.0, -1.5, 37.25, -1e9, 1e9,
        ] {
            assert_eq!(floor_i32(x), x.floor() as i32, "{x}");
        }
        assert_eq!(floor_i32(f32::NAN), 0);
        assert_eq!(floor_i32(-1e10), i32::MIN);
        assert_eq!(floor_i32(-2_147_483_648.5), i32::MIN);
        assert_eq!(floor_i32(1e10), i32::MAX);
        assert_eq!(floor_i32(f32::NEG_INFINITY), i32::MIN);
    }

    #[test]
    fn walkable_line_respects_radius() {
        let g = grid(&[
            "#######", //
            "#.....#", //
            "#.....#", //
            "#..#..#", //
            "#.....#", //
            "#######",
        ]);
        let a = Vec2::new(1.5, 3.5);
        let b = Vec2::new(5.5, 3.5);
        assert!(!walkable_line(&g, a, b, 0.0), "through the pillar");
        let a = Vec2::new(1.5, 2.5);
        let b = Vec2::new(5.5, 2.5);
        assert!(
            walkable_line(&g, a, b, 0.28),
            "0.5 clearance above the pillar"
        );
        assert!(!walkable_line(&g, a, b, 0.6));
        // Resting against a wall (distance exactly r) and moving away is allowed.
        let a = Vec2::new(1.28, 1.28);
        assert!(walkable_line(&g, a, Vec2::new(2.5, 2.0), 0.28));
        // Leaving the grid / NaN.
        assert!(!walkable_line(
            &g,
            Vec2::new(1.5, 1.5),
            Vec2::new(-3.0, 1.5),
            0.1
        ));
        assert!(!walkable_line(
            &g,
            Vec2::new(f32::NAN, 1.5),
            Vec2::new(2.0, 1.5),
            0.1
        ));
        assert!(walkable_line(
            &g,
            Vec2::new(2.5, 1.5),
            Vec2::new(2.5, 1.5),
            0.28
        ));
    }

    /// Dense sampling with `Grid::circle_hits_wall` as the reference.
    fn sampled_clear(g: &Grid, a: Vec2, b: Vec2, r: f32) -> bool {
        let n = ((b - a).length() / 0.005).ceil() as usize + 1;
        (0..=n).all(|i| {
            let p = a.lerp(b, i as f32 / n as f32);
            if r > 0.0 {
                !g.circle_hits_wall(p, r)
            } else {
                !g.is_wall_at(p)
            }
        })
    }

    #[test]
    fn walkable_line_matches_sampled_circle_checks() {
        let g = grid(&[
            "##########",
            "#....#...#",
            "#.##.....#",
            "#....#.#.#",
            "#.#......#",
            "#...##.#.#",
            "#........#",
            "##########",
        ]);
        // Deterministic pseudo-random segments.
        let mut s = 0x2545_f491_u32;
        let mut rnd = || {
            s ^= s << 13;
            s ^= s >> 17;
            s ^= s << 5;
            (s % 10_000) as f32 / 10_000.0
        };
        let mut agree = 0;
        for _ in 0..3000 {
            let a = Vec2::new(rnd() * 10.0, rnd() * 8.0);
            let b = Vec2::new(rnd() * 10.0, rnd() * 8.0);
            let r = [0.0, 0.1, 0.28, 0.45][(rnd() * 4.0) as usize % 4];
            let fast = walkable_line(&g, a, b, r);
            if fast {
                // Sound: never claims clear when a circle (shrunk by the skin) would hit.
                assert!(
                    sampled_clear(&g, a, b, r - 2.0 * WALL_SKIN),
                    "{a:?} {b:?} {r}"
                );
            } else if r > 0.0 {
                // Tight: blocked means even a slightly smaller circle would hit
                // (sampling may miss grazes, allow a margin).
                assert!(!sampled_clear(&g, a, b, r + 0.02), "{a:?} {b:?} {r}");
            }
            agree += fast as u32;
        }
        assert!(agree > 100, "test exercises clear lines too ({agree})");
    }
}
