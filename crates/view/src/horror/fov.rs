//! Fog-of-war line of sight on the tile grid (REQ H2): Albert Ford's *symmetric
//! shadowcasting* (2020).
//!
//! Why this algorithm: fog of war must never show a tile the squad could not see
//! (no leaks through thin walls or diagonal cracks), must show every wall it looks at
//! (expansive walls: a room's walls appear whole when you stand in it), and must be
//! symmetric — if an agent sees a tile, an agent standing on that tile sees it back —
//! so what the player is shown matches what "could see me" means.
//!
//! How it works: each of the four quadrants (north, east, south, west) is swept row by
//! row away from the origin. A row is the set of tiles at one *depth* whose *column*
//! lies between a start and an end slope. Walls split a row: a floor→wall transition
//! spawns the next row with the end slope cut at the wall's near edge, a wall→floor
//! transition moves the start slope to the floor tile's near edge. A floor tile is
//! revealed only if its centre lies inside the row's slopes (that is what makes the
//! result symmetric); a wall tile is revealed whenever the row reaches it.
//!
//! The slopes are exact rationals `(2·col − 1) / (2·depth)` held as integer pairs, so
//! every rounding and comparison is exact: no float slope can let a ray slip past a
//! corner or stop short of one. The sweep uses an explicit stack kept in
//! [`FovScratch`], so after the first call nothing is allocated.

use sim::read::Grid;

/// A slope `num / den` with `den > 0`, exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Slope {
    num: i64,
    den: i64,
}

/// One row still to scan: the tiles at `depth` whose columns lie in `[start, end]`
/// (times `depth`, rounded as the reference algorithm does).
#[derive(Clone, Copy, Debug)]
struct Row {
    depth: i64,
    start: Slope,
    end: Slope,
}

/// Reusable working memory for [`visible_tiles`]: the stack of rows still to scan.
/// Keep one per caller; it grows to the largest depth seen and is then reused.
#[derive(Clone, Debug, Default)]
pub struct FovScratch {
    rows: Vec<Row>,
}

impl FovScratch {
    pub fn new() -> FovScratch {
        FovScratch::default()
    }
}

/// `(col_step, depth_step)` per quadrant: tile `(depth, col)` of a quadrant is
/// `origin + col·col_step + depth·depth_step` (north, east, south, west).
const QUADRANTS: [((i64, i64), (i64, i64)); 4] = [
    ((1, 0), (0, -1)),
    ((0, 1), (1, 0)),
    ((1, 0), (0, 1)),
    ((0, 1), (-1, 0)),
];

/// Marks every tile visible from tile `origin` within Euclidean `radius` by calling
/// `mark(x, y)`.
///
/// - Distances are between tile centres: a tile `(dx, dy)` away is in range when
///   `dx² + dy² <= radius²`. A negative radius counts as 0 (only the origin).
/// - Walls are [`Grid::is_wall`] (outside the grid is wall). Walls are marked when lit.
/// - Only tiles inside the grid are passed to `mark`: the fog buffers are grid-sized,
///   and outside is permanent wall with nothing to draw. The origin is always marked
///   (when it is inside the grid), even if it is a wall.
/// - `mark` may be called more than once for the same tile (the quadrants share their
///   diagonals), so it must be idempotent, e.g. a store into a bitmap.
///
/// The result is exactly the reference algorithm's visible set restricted to the grid
/// and the radius (tested against the `symmetric-shadowcasting` crate). Cost is
/// O(tiles in range); no allocation once `scratch` has warmed up. Never panics: any
/// origin (inside or far outside the grid) and any radius are accepted.
pub fn visible_tiles(
    grid: &Grid,
    origin: (i32, i32),
    radius: i32,
    scratch: &mut FovScratch,
    mut mark: impl FnMut(i32, i32),
) {
    let (w, h) = (grid.width() as i64, grid.height() as i64);
    let (ox, oy) = (origin.0 as i64, origin.1 as i64);
    let inside = |x: i64, y: i64| x >= 0 && y >= 0 && x < w && y < h;
    // In the grid, `x`/`y` fit i32 (the grid's sides are i32).
    let is_wall = |x: i64, y: i64| !inside(x, y) || grid.is_wall(x as i32, y as i32);

    if inside(ox, oy) {
        mark(ox as i32, oy as i32);
    }
    let r = (radius as i64).max(0);
    let r2 = r * r;
    // Rows deeper than the farthest grid tile lie wholly outside the grid (all wall), so
    // they would end the sweep anyway; the cap only keeps a huge radius from meaning
    // anything. It also bounds every product below far from i64 overflow.
    let farthest = (ox.abs())
        .max((ox - (w - 1)).abs())
        .max(oy.abs())
        .max((oy - (h - 1)).abs());
    let max_depth = r.min(farthest + 1);
    if max_depth < 1 {
        return;
    }

    for &((cx, cy), (dx, dy)) in &QUADRANTS {
        scratch.rows.clear();
        scratch.rows.push(Row {
            depth: 1,
            start: Slope { num: -1, den: 1 },
            end: Slope { num: 1, den: 1 },
        });
        while let Some(mut row) = scratch.rows.pop() {
            let depth = row.depth;
            // round_ties_up(depth·start) = floor(depth·num/den + 1/2), and
            // round_ties_down(depth·end) = ceil(depth·num/den − 1/2), exactly.
            let min_col = (2 * depth * row.start.num + row.start.den).div_euclid(2 * row.start.den);
            let max_col = -(row.end.den - 2 * depth * row.end.num).div_euclid(2 * row.end.den);
            // `None` before the first tile, then whether the previous tile was a wall.
            let mut prev_wall: Option<bool> = None;
            for col in min_col..=max_col {
                let x = ox + col * cx + depth * dx;
                let y = oy + col * cy + depth * dy;
                let wall = is_wall(x, y);
                // Symmetric: the tile's centre lies within the row's current slopes.
                let symmetric = col * row.start.den >= depth * row.start.num
                    && col * row.end.den <= depth * row.end.num;
                if (wall || symmetric) && col * col + depth * depth <= r2 && inside(x, y) {
                    mark(x as i32, y as i32);
                }
                // The near edge of this tile, as seen from the origin.
                let edge = Slope {
                    num: 2 * col - 1,
                    den: 2 * depth,
                };
                match (prev_wall, wall) {
                    (Some(true), false) => row.start = edge,
                    (Some(false), true) if depth < max_depth => scratch.rows.push(Row {
                        depth: depth + 1,
                        start: row.start,
                        end: edge,
                    }),
                    _ => {}
                }
                prev_wall = Some(wall);
            }
            if prev_wall == Some(false) && depth < max_depth {
                scratch.rows.push(Row {
                    depth: depth + 1,
                    start: row.start,
                    end: row.end,
                });
            }
        }
    }
}
