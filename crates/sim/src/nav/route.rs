//! One-call route for an agent between two world points: the straight line when the
//! tracer says it is free, otherwise A* between the tiles and string pulling, with a goal
//! inside a wall snapped to a free tile near it. What agents and the route pilot call.

use crate::core::geom::Vec2;
use crate::nav::astar::{find_path, find_path_to_any, PathLimits, PathScratch, PathStatus};
use crate::nav::smooth::smooth_path;
use crate::nav::tiles::Tile;
use crate::nav::tracer::walkable_line;
use crate::space::grid::Grid;

/// Free tiles within this Chebyshev distance of a goal inside a wall are tried instead.
const GOAL_SNAP_TILES: i32 = 2;

/// One-call route for an agent of `radius` from world point `from` to `to`:
/// when [`walkable_line`] says the straight line is free, `waypoints = [to]` and `Found`;
/// otherwise A* between the two tiles ([`find_path`], its tiles left in `tiles`), then
/// [`smooth_path`]. On `Found` the last waypoint is `to` itself when it is walkable from
/// the waypoint before it, else the goal tile's centre; on `Partial` the waypoints lead to
/// the explored tile nearest the goal; otherwise `waypoints` is empty.
///
/// When `to` lies in a wall tile (a formation slot pressed into a wall), the route goes to
/// the cheapest free tile within 2 tiles of it instead ([`find_path_to_any`]), ending at
/// that tile's centre; `NoPath` if there is none.
#[allow(clippy::too_many_arguments)]
pub fn plan_route(
    grid: &Grid,
    from: Vec2,
    to: Vec2,
    radius: f32,
    limits: PathLimits,
    scratch: &mut PathScratch,
    tiles: &mut Vec<Tile>,
    waypoints: &mut Vec<Vec2>,
) -> PathStatus {
    waypoints.clear();
    tiles.clear();
    if walkable_line(grid, from, to, radius) {
        waypoints.push(to);
        return PathStatus::Found;
    }
    let start = Grid::tile_of(from);
    let goal = Grid::tile_of(to);
    let goal_in_wall = grid.is_wall(goal.0, goal.1);
    let r = if goal_in_wall {
        const SIDE: usize = (2 * GOAL_SNAP_TILES + 1) as usize;
        let mut near = [(0, 0); SIDE * SIDE];
        let mut n = 0;
        for dy in -GOAL_SNAP_TILES..=GOAL_SNAP_TILES {
            for dx in -GOAL_SNAP_TILES..=GOAL_SNAP_TILES {
                let t = (goal.0.saturating_add(dx), goal.1.saturating_add(dy));
                if !grid.is_wall(t.0, t.1) {
                    near[n] = t;
                    n += 1;
                }
            }
        }
        find_path_to_any(grid, start, &near[..n], limits, scratch, tiles)
    } else {
        find_path(grid, start, goal, limits, scratch, tiles)
    };
    match r.status {
        PathStatus::Found | PathStatus::Partial => {
            smooth_path(grid, tiles, from, radius, waypoints);
            if r.status == PathStatus::Found && !goal_in_wall {
                let n = waypoints.len();
                let prev = if n >= 2 { waypoints[n - 2] } else { from };
                if walkable_line(grid, prev, to, radius) {
                    waypoints[n - 1] = to;
                }
            }
        }
        PathStatus::NoPath | PathStatus::TooFar => {}
    }
    r.status
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nav::smooth::next_waypoint;
    use crate::nav::test_grids::grid;
    use crate::nav::tracer::assert_walkable_chain;

    #[test]
    fn route_and_waypoint_following_leave_a_u_room() {
        let g = grid(&[
            "###########",
            "#.........#",
            "#.........#",
            "#.........#",
            "#..#####..#",
            "#..#...#..#",
            "#..#...#..#",
            "#..#...#..#",
            "#.........#",
            "###########",
        ]);
        let from = Vec2::new(5.3, 5.4);
        let to = Vec2::new(5.6, 2.4);
        let mut s = PathScratch::new();
        let (mut tiles, mut wps) = (Vec::new(), Vec::new());
        let st = plan_route(
            &g,
            from,
            to,
            0.28,
            PathLimits::UNLIMITED,
            &mut s,
            &mut tiles,
            &mut wps,
        );
        assert_eq!(st, PathStatus::Found);
        assert_eq!(*wps.last().unwrap(), to);
        assert_walkable_chain(&g, from, &wps, 0.28);
        // Walk the waypoints with a simple stepper.
        let mut pos = from;
        let mut cursor = 0;
        for _ in 0..2000 {
            match next_waypoint(&g, &wps, &mut cursor, pos, 0.28, 0.01) {
                Some(w) => {
                    let step = (w - pos).clamp_length(0.05);
                    pos += step;
                    assert!(!g.circle_hits_wall(pos, 0.27), "{pos:?}");
                }
                None => break,
            }
        }
        assert!(pos.distance(to) < 0.15, "{pos:?}");
        // A goal inside a wall: the route ends on a free tile next to it.
        let st = plan_route(
            &g,
            from,
            Vec2::new(5.5, 4.5),
            0.28,
            PathLimits::UNLIMITED,
            &mut s,
            &mut tiles,
            &mut wps,
        );
        assert_eq!(st, PathStatus::Found);
        let end = Grid::tile_of(*wps.last().unwrap());
        assert!(!g.is_wall(end.0, end.1));
        assert!((end.0 - 5).abs() <= 2 && (end.1 - 4).abs() <= 2, "{end:?}");
        assert_walkable_chain(&g, from, &wps, 0.28);
        let st = plan_route(
            &g,
            from,
            Vec2::new(-9.0, 4.5),
            0.28,
            PathLimits::UNLIMITED,
            &mut s,
            &mut tiles,
            &mut wps,
        );
        assert_eq!((st, wps.len()), (PathStatus::NoPath, 0));
        // Straight line when visible.
        let st = plan_route(
            &g,
            Vec2::new(1.5, 1.5),
            to,
            0.28,
            PathLimits::UNLIMITED,
            &mut s,
            &mut tiles,
            &mut wps,
        );
        assert_eq!((st, wps.as_slice()), (PathStatus::Found, &[to][..]));
    }
}
