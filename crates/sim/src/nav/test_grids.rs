//! Test fixtures shared by the nav tests: grids drawn as text, a one-shot A* query, and
//! the walkable-chain check for waypoints.

use crate::core::geom::Vec2;
use crate::nav::astar::{find_path, PathLimits, PathResult, PathScratch};
use crate::nav::tiles::Tile;
use crate::nav::tracer::walkable_line;
use crate::space::grid::Grid;

/// `#` wall, anything else free; row index = y.
pub(super) fn grid(rows: &[&str]) -> Grid {
    let h = rows.len() as i32;
    let w = rows[0].len() as i32;
    let walls = rows
        .iter()
        .flat_map(|r| r.bytes().map(|c| c == b'#'))
        .collect();
    Grid::new(w, h, walls)
}

pub(super) fn find(g: &Grid, s: Tile, t: Tile, limits: PathLimits) -> (PathResult, Vec<Tile>) {
    let mut scratch = PathScratch::new();
    let mut out = Vec::new();
    let r = find_path(g, s, t, limits, &mut scratch, &mut out);
    (r, out)
}

pub(super) fn assert_walkable_chain(g: &Grid, from: Vec2, wps: &[Vec2], r: f32) {
    let mut prev = from;
    for &w in wps {
        assert!(walkable_line(g, prev, w, r), "{prev:?} -> {w:?} blocked");
        prev = w;
    }
}
