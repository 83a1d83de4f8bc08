//! Path following for squad agents (S8): walk straight when the way is free, otherwise
//! follow a smoothed A* path so nobody sticks in the shadow of a U-shaped wall.

use crate::core::geom::Vec2;
use crate::nav::astar::{PathLimits, PathScratch, PathStatus};
use crate::nav::route::plan_route;
use crate::nav::smooth::next_waypoint;
use crate::nav::tiles::Tile;
use crate::nav::tracer::walkable_line;
use crate::space::grid::Grid;
use serde::{Deserialize, Serialize};

/// How a walker plans and follows (from the movement tuning).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FollowLimits {
    /// Longest path planned, in tiles.
    pub max_tiles: u32,
    /// Node budget of one query.
    pub max_nodes: u32,
    /// A waypoint within this distance counts as passed.
    pub arrive: f32,
    /// Ticks between re-plans while the straight way stays blocked.
    pub repath_ticks: u32,
}

/// One walker's path state: the smoothed waypoints toward its goal when the straight way
/// is blocked by walls (empty when walking straight), the waypoint being sought, the tile
/// the path leads to, and the ticks until it is planned again.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PathFollow {
    pub path: Vec<Vec2>,
    pub cursor: usize,
    pub goal: (i32, i32),
    pub repath_timer: u32,
}

impl Default for PathFollow {
    fn default() -> Self {
        PathFollow {
            path: Vec::new(),
            cursor: 0,
            goal: (i32::MIN, i32::MIN),
            repath_timer: 0,
        }
    }
}

/// Reusable search buffers shared by all agents (caller-owned, Recast style).
#[derive(Clone, Debug, Default)]
pub struct PathPlanner {
    scratch: PathScratch,
    tiles: Vec<Tile>,
}

impl PathPlanner {
    pub fn new(grid: &Grid) -> PathPlanner {
        PathPlanner {
            scratch: PathScratch::for_grid(grid),
            tiles: Vec::new(),
        }
    }

    /// The point a walker of `radius` at `pos` should seek this tick on its way to `goal`:
    /// `goal` itself when it can walk there straight, else the next waypoint of a path
    /// planned (and re-planned every `lim.repath_ticks`, or when the goal tile changes).
    pub fn steer_goal(
        &mut self,
        grid: &Grid,
        pos: Vec2,
        radius: f32,
        a: &mut PathFollow,
        goal: Vec2,
        lim: FollowLimits,
    ) -> Vec2 {
        if walkable_line(grid, pos, goal, radius) {
            a.path.clear();
            a.cursor = 0;
            return goal;
        }
        let goal_tile = Grid::tile_of(goal);
        a.repath_timer = a.repath_timer.saturating_sub(1);
        if a.path.is_empty() || a.goal != goal_tile || a.repath_timer == 0 {
            let limits = PathLimits::max_tiles(lim.max_tiles).with_max_nodes(lim.max_nodes);
            let status = plan_route(
                grid,
                pos,
                goal,
                radius,
                limits,
                &mut self.scratch,
                &mut self.tiles,
                &mut a.path,
            );
            a.cursor = 0;
            a.goal = goal_tile;
            a.repath_timer = lim.repath_ticks.max(1);
            if matches!(status, PathStatus::NoPath | PathStatus::TooFar) {
                a.path.clear();
            }
        }
        next_waypoint(grid, &a.path, &mut a.cursor, pos, radius, lim.arrive).unwrap_or(goal)
    }
}
