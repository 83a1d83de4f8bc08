//! The tile movement rule shared by A* ([`crate::nav::astar`]) and the flow field
//! ([`crate::nav::flow`]): tile coordinates, integer step costs, the eight directions, the
//! no-corner-cutting test and the octile heuristic. Kept in one place so both searches
//! agree on which steps exist and what they cost.
//!
//! # Movement rule
//! Eight directions. A straight step costs [`COST_STRAIGHT`] (= 1000, i.e. one tile) and a
//! diagonal step [`COST_DIAGONAL`] (= 1414 ≈ 1000·√2). Costs are integers so every sum is
//! exact and the search is bit-deterministic on any platform. A diagonal step is allowed
//! only when both orthogonal neighbours it passes between are free (**no corner
//! cutting**), see `can_step` (the rule as the tests state it). The rule is symmetric: `a -> b` is allowed iff `b -> a` is.

#[cfg(test)]
use crate::space::grid::Grid;

/// A tile coordinate `(x, y)`.
pub type Tile = (i32, i32);

/// Cost of a straight (orthogonal) step: one tile = 1000 cost units.
pub const COST_STRAIGHT: u32 = 1000;
/// Cost of a diagonal step: 1414 ≈ 1000·√2 (slightly below √2, so the octile heuristic
/// built from the same integers stays admissible and consistent).
pub const COST_DIAGONAL: u32 = 1414;

/// The eight step directions in the fixed order used for expansion and tie-breaking:
/// the four orthogonal steps (+x, +y, -x, -y), then the four diagonals.
pub const DIRS: [(i32, i32); 8] = [
    (1, 0),
    (0, 1),
    (-1, 0),
    (0, -1),
    (1, 1),
    (-1, 1),
    (-1, -1),
    (1, -1),
];

/// Step cost of each entry of [`DIRS`].
pub const DIR_COST: [u32; 8] = [
    COST_STRAIGHT,
    COST_STRAIGHT,
    COST_STRAIGHT,
    COST_STRAIGHT,
    COST_DIAGONAL,
    COST_DIAGONAL,
    COST_DIAGONAL,
    COST_DIAGONAL,
];

/// The movement rule: may an agent step from tile `from` by `d` (one of [`DIRS`])?
/// The destination must be free; a diagonal step also needs both orthogonal neighbours
/// free. Whether `from` itself is free is not checked. The rule as the tests state it
/// (A* and the flow field apply it on their padded arrays).
#[cfg(test)]
pub fn can_step(grid: &Grid, from: Tile, d: (i32, i32)) -> bool {
    let (x, y) = (from.0 + d.0, from.1 + d.1);
    if grid.is_wall(x, y) {
        return false;
    }
    d.0 == 0 || d.1 == 0 || (!grid.is_wall(x, from.1) && !grid.is_wall(from.0, y))
}

/// Octile distance between two tiles in cost units: the exact cost of the cheapest path
/// on an empty grid, hence an admissible and consistent A* heuristic. Saturates at
/// `u32::MAX`.
pub fn octile(a: Tile, b: Tile) -> u32 {
    let dx = (a.0 as i64 - b.0 as i64).unsigned_abs();
    let dy = (a.1 as i64 - b.1 as i64).unsigned_abs();
    let (lo, hi) = if dx < dy { (dx, dy) } else { (dy, dx) };
    let c = COST_STRAIGHT as u64 * (hi - lo) + COST_DIAGONAL as u64 * lo;
    c.min(u32::MAX as u64) as u32
}
