//! Tile A* (REQ §11 E2) with a status result, multi-target search and a reachability
//! flood fill, over the movement rule of [`crate::nav::tiles`]. The search answers "which
//! tiles, at what cost" (or why not: partial, no path, too far); turning tiles into world
//! waypoints is [`crate::nav::smooth`]'s job.
//!
//! # Open list
//! Because the heuristic is consistent, the `f` of expanded nodes never decreases. A
//! successor whose `f` equals the `f` being expanded (the common case: a step straight
//! toward the goal) goes on a LIFO stack that is drained before the heap is touched, so
//! it costs O(1) instead of a heap push and pop; other successors go into a binary heap
//! keyed by `(f, larger g first, smaller tile index)`. Any order among equal `f` keeps A*
//! optimal.
//!
//! # Determinism
//! No hashing, no clock, no randomness; the stack and the heap's total order mean the
//! same query always expands the same nodes in the same order and returns the same path.
//!
//! # Buffers
//! [`PathScratch`] owns every per-query array (sized to the grid, generation-stamped so
//! nothing is cleared between queries); the path is written into a caller-provided `Vec`.
//! After the first query on a grid of a given size a query allocates nothing (the heap and
//! the output `Vec` keep their capacity).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::nav::tiles::{octile, Tile, COST_DIAGONAL, COST_STRAIGHT};
use crate::space::grid::Grid;

/// Outcome of a path query (Recast/Detour style).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathStatus {
    /// A cheapest path to the goal (to the cheapest goal for [`find_path_to_any`]) was
    /// written. Its cost is optimal and `<= limits.max_cost`.
    Found,
    /// The search was cut short, by the node budget (`limits.max_nodes` expansions) or by
    /// the length limit (some tile was skipped because `g + h > limits.max_cost`), before
    /// reaching a goal. The path written leads to the explored tile nearest the goal (the
    /// smallest heuristic; ties: the cheaper one) — possibly just `[start]`. The goal may
    /// or may not be reachable.
    Partial,
    /// No path: the start or every goal is a wall / outside the grid, or the search
    /// exhausted every tile reachable from the start (within no limit) without reaching a
    /// goal, i.e. the goal is provably unreachable. The output is empty.
    NoPath,
    /// The heuristic (octile) distance from the start to the nearest goal already exceeds
    /// `limits.max_cost`, so no path within the limit can exist. Decided before searching;
    /// the output is empty.
    TooFar,
}

/// Search limits. [`PathLimits::UNLIMITED`] (the default) never yields `Partial`/`TooFar`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PathLimits {
    /// Longest allowed path, in cost units ([`COST_STRAIGHT`] per tile).
    pub max_cost: u32,
    /// Most nodes the search may expand before giving up with `Partial`.
    pub max_nodes: u32,
}

impl PathLimits {
    pub const UNLIMITED: PathLimits = PathLimits {
        max_cost: u32::MAX,
        max_nodes: u32::MAX,
    };

    /// A length limit of `tiles` straight steps, no node budget.
    pub fn max_tiles(tiles: u32) -> PathLimits {
        PathLimits {
            max_cost: tiles.saturating_mul(COST_STRAIGHT),
            max_nodes: u32::MAX,
        }
    }

    /// The same limits with a node budget.
    pub fn with_max_nodes(self, max_nodes: u32) -> PathLimits {
        PathLimits { max_nodes, ..self }
    }
}

impl Default for PathLimits {
    fn default() -> PathLimits {
        PathLimits::UNLIMITED
    }
}

/// What a path query returns besides the tiles written to `out`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PathResult {
    pub status: PathStatus,
    /// Cost of the path written to `out` (0 when `out` is empty or holds only the start).
    pub cost: u32,
    /// For `Found`: index into the goal list of the goal reached (always 0 for
    /// [`find_path`]; the first occurrence for a duplicated goal). `None` otherwise.
    pub goal: Option<usize>,
    /// Nodes expanded by the search (the budget counter).
    pub expanded: u32,
}

impl PathResult {
    fn empty(status: PathStatus) -> PathResult {
        PathResult {
            status,
            cost: 0,
            goal: None,
            expanded: 0,
        }
    }
}

#[derive(Clone, Copy, Debug, Default)]
struct Node {
    /// Generation in which `g` and `parent` were written; stale otherwise.
    stamp: u32,
    g: u32,
    parent: u32,
}

const NO_PARENT: u32 = u32::MAX;

/// Caller-owned, reusable search buffers (open heap, g-costs, parents, visited stamps,
/// goal marks and a padded walkability copy of the grid), sized to the grid on first use.
/// A generation counter replaces clearing: a tile is "visited in this query" iff its stamp
/// equals the current generation. Each query compares the grid with the copy it holds
/// (`Grid == Grid`, a memcmp) and re-syncs only when it changed, so one scratch can serve
/// any grid, and allocates only when the grid's size changes (plus heap/stack growth).
/// Reuse one scratch per system; it is not part of the simulation state (no need to save
/// it: results never depend on what it held before).
#[derive(Clone, Default)]
pub struct PathScratch {
    width: i32,
    height: i32,
    /// Padded row length `width + 2`: every per-tile array has a one-tile border, so a
    /// neighbour index never leaves the array and border tiles read as walls.
    pw: usize,
    /// Copy of the grid the arrays below were built for; compared (a memcmp) each query.
    cached: Option<Grid>,
    /// Padded walkability: `walk[(y + 1) * pw + x + 1] == !grid.is_wall(x, y)`.
    walk: Vec<bool>,
    gen: u32,
    nodes: Vec<Node>,
    /// `(stamp, goal index)` per tile for multi-target queries.
    goals: Vec<(u32, u32)>,
    open: BinaryHeap<Reverse<u128>>,
    /// `(g, index)` of open nodes whose `f` equals the current minimum (see `search`).
    stack: Vec<(u32, u32)>,
}

impl std::fmt::Debug for PathScratch {
    /// Compact: the buffers are scratch, not state.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PathScratch")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("gen", &self.gen)
            .finish_non_exhaustive()
    }
}

impl PathScratch {
    /// An empty scratch (the tests' and benches'; the simulation sizes its own with
    /// [`PathScratch::for_grid`]).
    #[cfg(any(test, feature = "internals"))]
    pub fn new() -> PathScratch {
        PathScratch::default()
    }

    /// A scratch already sized for `grid` (so even the first query does not allocate
    /// its per-tile arrays).
    pub fn for_grid(grid: &Grid) -> PathScratch {
        let mut s = PathScratch::default();
        s.begin(grid);
        s
    }

    /// Starts a query: sync with the grid, bump the generation, empty the heap.
    ///
    /// The walkability copy is rebuilt only when `grid` differs from the cached copy
    /// (`Grid == Grid`: a memcmp of the wall array, well under a microsecond for 128×128),
    /// so a changed grid is always noticed and an unchanged one costs nothing.
    fn begin(&mut self, grid: &Grid) {
        if self.cached.as_ref() != Some(grid) {
            if self.width != grid.width() || self.height != grid.height() || self.pw == 0 {
                self.width = grid.width();
                self.height = grid.height();
                self.pw = self.width as usize + 2;
                let n = self.pw * (self.height as usize + 2);
                self.nodes.clear();
                self.nodes.resize(n, Node::default());
                self.goals.clear();
                self.goals.resize(n, (0, 0));
                self.walk.clear();
                self.walk.resize(n, false);
                self.gen = 0;
            }
            for y in 0..self.height {
                let row = (y as usize + 1) * self.pw + 1;
                for x in 0..self.width {
                    self.walk[row + x as usize] = !grid.is_wall(x, y);
                }
            }
            self.cached = Some(grid.clone());
        }
        self.gen = self.gen.wrapping_add(1);
        if self.gen == 0 {
            // Wrapped after 2^32 queries: old stamps could alias, clear them once.
            self.nodes.fill(Node::default());
            self.goals.fill((0, 0));
            self.gen = 1;
        }
        self.open.clear();
        self.stack.clear();
    }

    /// Padded index of an in-grid tile.
    fn index(&self, t: Tile) -> usize {
        (t.1 as usize + 1) * self.pw + t.0 as usize + 1
    }

    /// Tile of a padded index.
    fn tile(&self, i: usize) -> Tile {
        ((i % self.pw) as i32 - 1, (i / self.pw) as i32 - 1)
    }

    /// Writes start..=`i` into `out` by following parents.
    fn reconstruct(&self, i: usize, out: &mut Vec<Tile>) {
        out.clear();
        let mut i = i as u32;
        while i != NO_PARENT {
            out.push(self.tile(i as usize));
            i = self.nodes[i as usize].parent;
        }
        out.reverse();
    }

    /// The A* core. `single_goal` is the goal's index for a one-goal query; `None` means
    /// "goal tiles are marked in `self.goals` with the current generation". `h` must be
    /// admissible and consistent for the integer step costs.
    fn search<H: Fn(i32, i32) -> u32>(
        &mut self,
        start: Tile,
        single_goal: Option<usize>,
        h: H,
        limits: PathLimits,
        out: &mut Vec<Tile>,
    ) -> PathResult {
        let gen = self.gen;
        let pw = self.pw;
        let si = self.index(start);
        let h0 = h(start.0, start.1);
        self.nodes[si] = Node {
            stamp: gen,
            g: 0,
            parent: NO_PARENT,
        };
        self.stack.clear();
        self.stack.push((0, si as u32));
        // f of the nodes on `stack`; the heap holds only f >= cur_f.
        let mut cur_f = h0;
        // Explored tile nearest the goal: (h, g, index).
        let mut best = (h0, 0u32, si);
        let mut expanded = 0u32;
        let mut pruned = false;
        let mut budget_hit = false;

        loop {
            let (g, iu) = if let Some(e) = self.stack.pop() {
                e
            } else if let Some(Reverse(k)) = self.open.pop() {
                cur_f = (k >> 96) as u32;
                (u32::MAX - (k >> 64) as u32, k as u32)
            } else {
                break;
            };
            let i = iu as usize;
            if g != self.nodes[i].g {
                continue; // stale entry: a cheaper g was pushed later
            }
            let is_goal = match single_goal {
                Some(gi) => i == gi,
                None => self.goals[i].0 == gen,
            };
            if is_goal {
                self.reconstruct(i, out);
                let goal = match single_goal {
                    Some(_) => 0,
                    None => self.goals[i].1 as usize,
                };
                return PathResult {
                    status: PathStatus::Found,
                    cost: g,
                    goal: Some(goal),
                    expanded,
                };
            }
            if expanded >= limits.max_nodes {
                budget_hit = true;
                break;
            }
            expanded += 1;

            let (x, y) = self.tile(i);
            // Relaxes one neighbour; unrolled below so every step has its own branch site.
            macro_rules! relax {
                ($ni:expr, $dx:expr, $dy:expr, $cost:expr) => {{
                    let ni: usize = $ni;
                    let ng = g.saturating_add($cost);
                    let node = &mut self.nodes[ni];
                    if node.stamp != gen || node.g > ng {
                        let hn = h(x + $dx, y + $dy);
                        if ng as u64 + hn as u64 > limits.max_cost as u64 {
                            pruned = true;
                        } else {
                            *node = Node {
                                stamp: gen,
                                g: ng,
                                parent: iu,
                            };
                            if (hn, ng) < (best.0, best.1) {
                                best = (hn, ng, ni);
                            }
                            let f = ng + hn;
                            if f == cur_f {
                                self.stack.push((ng, ni as u32));
                            } else {
                                self.open.push(Reverse(key(f, ng, ni as u32)));
                            }
                        }
                    }
                }};
            }
            // Same order as DIRS: +x, +y, -x, -y, then (+,+), (-,+), (-,-), (+,-). The
            // one-tile wall border keeps every neighbour index in range.
            let (e, so, we, no) = (
                self.walk[i + 1],
                self.walk[i + pw],
                self.walk[i - 1],
                self.walk[i - pw],
            );
            let se = e && so && self.walk[i + pw + 1];
            let sw = we && so && self.walk[i + pw - 1];
            let nw = we && no && self.walk[i - pw - 1];
            let ne = e && no && self.walk[i - pw + 1];
            if e {
                relax!(i + 1, 1, 0, COST_STRAIGHT);
            }
            if so {
                relax!(i + pw, 0, 1, COST_STRAIGHT);
            }
            if we {
                relax!(i - 1, -1, 0, COST_STRAIGHT);
            }
            if no {
                relax!(i - pw, 0, -1, COST_STRAIGHT);
            }
            if se {
                relax!(i + pw + 1, 1, 1, COST_DIAGONAL);
            }
            if sw {
                relax!(i + pw - 1, -1, 1, COST_DIAGONAL);
            }
            if nw {
                relax!(i - pw - 1, -1, -1, COST_DIAGONAL);
            }
            if ne {
                relax!(i - pw + 1, 1, -1, COST_DIAGONAL);
            }
        }

        if budget_hit || pruned {
            self.reconstruct(best.2, out);
            let cost = self.nodes[best.2].g;
            PathResult {
                status: PathStatus::Partial,
                cost,
                goal: None,
                expanded,
            }
        } else {
            out.clear();
            PathResult {
                expanded,
                ..PathResult::empty(PathStatus::NoPath)
            }
        }
    }
}

/// Heap key: `f` in the high half; in the low half `!g`, so that among equal `f` the
/// deeper node (larger `g`, nearer the goal) pops first, and `g` is recoverable.
fn key(f: u32, g: u32, i: u32) -> u128 {
    ((f as u128) << 96) | (((u32::MAX - g) as u128) << 64) | i as u128
}

/// A* from `start` to `goal` (tiles). On `Found`/`Partial` writes the tiles
/// start..=end into `out` (cleared first); on `NoPath`/`TooFar` leaves `out` empty.
///
/// Checks, in order: start or goal is a wall/outside → `NoPath`; `octile(start, goal) >
/// limits.max_cost` → `TooFar`; `start == goal` → `Found` with `[start]`; then the search
/// (see [`PathStatus`]). The path is optimal for the integer costs and never cuts a corner.
pub fn find_path(
    grid: &Grid,
    start: Tile,
    goal: Tile,
    limits: PathLimits,
    scratch: &mut PathScratch,
    out: &mut Vec<Tile>,
) -> PathResult {
    out.clear();
    if grid.is_wall(start.0, start.1) || grid.is_wall(goal.0, goal.1) {
        return PathResult::empty(PathStatus::NoPath);
    }
    if octile(start, goal) > limits.max_cost {
        return PathResult::empty(PathStatus::TooFar);
    }
    scratch.begin(grid);
    let gi = scratch.index(goal);
    let (gx, gy) = goal;
    scratch.search(
        start,
        Some(gi),
        |x, y| octile((x, y), (gx, gy)),
        limits,
        out,
    )
}

/// Goals up to which the multi-target heuristic is the exact minimum over the goals;
/// beyond it the octile distance to the goals' bounding box is used (O(1) per node, still
/// admissible and consistent: the minimum of distances to a set of points).
const FEW_GOALS: usize = 4;

/// A* from `start` to whichever of `goals` is cheapest to reach, in one search. Goals that
/// are walls or outside the grid are ignored (all of them → `NoPath`). The heuristic is
/// the minimum octile distance over the goals (for more than 4 goals, the octile
/// distance to their bounding box); `TooFar` when it exceeds `limits.max_cost` at the
/// start. `PathResult::goal` is the index of the goal reached (the first occurrence when
/// a tile is listed twice). Other rules as for [`find_path`].
pub fn find_path_to_any(
    grid: &Grid,
    start: Tile,
    goals: &[Tile],
    limits: PathLimits,
    scratch: &mut PathScratch,
    out: &mut Vec<Tile>,
) -> PathResult {
    out.clear();
    if grid.is_wall(start.0, start.1) {
        return PathResult::empty(PathStatus::NoPath);
    }
    scratch.begin(grid);
    let gen = scratch.gen;
    let mut few = [(0i32, 0i32); FEW_GOALS];
    let mut count = 0usize;
    let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
    for (k, &t) in goals.iter().enumerate() {
        if grid.is_wall(t.0, t.1) {
            continue;
        }
        let i = scratch.index(t);
        if scratch.goals[i].0 == gen {
            continue; // duplicate: keep the first index
        }
        scratch.goals[i] = (gen, k as u32);
        if count < FEW_GOALS {
            few[count] = t;
        }
        count += 1;
        x0 = x0.min(t.0);
        y0 = y0.min(t.1);
        x1 = x1.max(t.0);
        y1 = y1.max(t.1);
    }
    if count == 0 {
        return PathResult::empty(PathStatus::NoPath);
    }
    let si = scratch.index(start);
    if count <= FEW_GOALS {
        let few = &few[..count];
        let h = |x: i32, y: i32| few.iter().map(|&g| octile((x, y), g)).min().unwrap_or(0);
        if h(start.0, start.1) > limits.max_cost {
            return PathResult::empty(PathStatus::TooFar);
        }
        if scratch.goals[si].0 == gen {
            out.push(start);
            let goal = Some(scratch.goals[si].1 as usize);
            return PathResult {
                status: PathStatus::Found,
                cost: 0,
                goal,
                expanded: 0,
            };
        }
        scratch.search(start, None, h, limits, out)
    } else {
        let h = |x: i32, y: i32| {
            let cx = x.clamp(x0, x1);
            let cy = y.clamp(y0, y1);
            octile((x, y), (cx, cy))
        };
        if h(start.0, start.1) > limits.max_cost {
            return PathResult::empty(PathStatus::TooFar);
        }
        if scratch.goals[si].0 == gen {
            out.push(start);
            let goal = Some(scratch.goals[si].1 as usize);
            return PathResult {
                status: PathStatus::Found,
                cost: 0,
                goal,
                expanded: 0,
            };
        }
        scratch.search(start, None, h, limits, out)
    }
}

/// Can an agent walk from tile `a` to tile `b` at all (ignoring length)? A greedy
/// best-first flood fill from `a` (4-connected, ordered by Manhattan distance to `b`)
/// that stops as soon as `b` is seen: fast when `b` is reachable, the whole component of
/// `a` when it is not. False when either tile is a wall or outside the grid.
///
/// 4-connectivity is exact for our movement rule: a diagonal step needs both orthogonal
/// neighbours free, so it never connects tiles that are not already 4-connected. For many
/// queries on one grid prefer `nav::components::Components` (O(1) per query). The
/// tests' oracle: the simulation itself asks A*.
#[cfg(any(test, feature = "internals"))]
pub fn reachable(grid: &Grid, a: Tile, b: Tile, scratch: &mut PathScratch) -> bool {
    if grid.is_wall(a.0, a.1) || grid.is_wall(b.0, b.1) {
        return false;
    }
    if a == b {
        return true;
    }
    scratch.begin(grid);
    let gen = scratch.gen;
    let ai = scratch.index(a);
    scratch.nodes[ai].stamp = gen;
    let manhattan = |t: Tile| ((t.0 - b.0).unsigned_abs() + (t.1 - b.1).unsigned_abs()) as u64;
    scratch
        .open
        .push(Reverse(((manhattan(a) as u128) << 64) | ai as u128));
    let bi = scratch.index(b);
    let pw = scratch.pw;
    while let Some(Reverse(k)) = scratch.open.pop() {
        let i = k as u32 as usize;
        for ni in [i + 1, i + pw, i - 1, i - pw] {
            if !scratch.walk[ni] {
                continue;
            }
            if ni == bi {
                return true;
            }
            let n = scratch.tile(ni);
            if scratch.nodes[ni].stamp != gen {
                scratch.nodes[ni].stamp = gen;
                scratch
                    .open
                    .push(Reverse(((manhattan(n) as u128) << 64) | ni as u128));
            }
        }
    }
    false
}

/// One query with fresh buffers: the status and the path (the tests' shorthand).
#[cfg(test)]
pub(crate) fn find(g: &Grid, s: Tile, t: Tile, limits: PathLimits) -> (PathResult, Vec<Tile>) {
    let mut scratch = PathScratch::new();
    let mut out = Vec::new();
    let r = find_path(g, s, t, limits, &mut scratch, &mut out);
    (r, out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nav::test_grids::grid;
    use crate::nav::tiles::{can_step, DIRS, DIR_COST};

    /// Consecutive tiles adjacent, all free, no corner cut; returns the cost.
    fn check_valid(g: &Grid, p: &[Tile]) -> u32 {
        let mut cost = 0;
        for t in p {
            assert!(!g.is_wall(t.0, t.1), "{t:?} is a wall");
        }
        for w in p.windows(2) {
            let d = (w[1].0 - w[0].0, w[1].1 - w[0].1);
            let k = DIRS
                .iter()
                .position(|&x| x == d)
                .expect("tiles not adjacent");
            assert!(
                can_step(g, w[0], d),
                "illegal step {:?} -> {:?}",
                w[0],
                w[1]
            );
            cost += DIR_COST[k];
        }
        cost
    }

    #[test]
    fn straight_path_along_a_row() {
        let g = Grid::open_with_border(12, 5);
        let (r, p) = find(&g, (1, 2), (10, 2), PathLimits::UNLIMITED);
        assert_eq!(r.status, PathStatus::Found);
        assert_eq!(r.cost, 9 * COST_STRAIGHT);
        assert_eq!(p.len(), 10);
        assert!(p.iter().all(|t| t.1 == 2));
        assert_eq!(check_valid(&g, &p), r.cost);
    }

    #[test]
    fn start_equals_goal() {
        let g = Grid::open_with_border(5, 5);
        let (r, p) = find(&g, (2, 2), (2, 2), PathLimits::UNLIMITED);
        assert_eq!((r.status, r.cost, p), (PathStatus::Found, 0, vec![(2, 2)]));
    }

    #[test]
    fn path_goes_around_a_wall() {
        let g = grid(&[
            "#########",
            "#.......#",
            "#...#...#",
            "#...#...#",
            "#...#...#",
            "#########",
        ]);
        let (r, p) = find(&g, (2, 4), (6, 4), PathLimits::UNLIMITED);
        assert_eq!(r.status, PathStatus::Found);
        assert_eq!(check_valid(&g, &p), r.cost);
        assert!(p.iter().any(|t| t.1 == 1), "must pass above the wall");
        // Up to (3,1) (one diagonal, two straight), across to (5,1), down to (6,4): the
        // diagonal (3,2)->(4,1) would cut the wall's corner.
        assert_eq!(r.cost, 2 * COST_DIAGONAL + 6 * COST_STRAIGHT);
    }

    #[test]
    fn escapes_a_u_shaped_room() {
        // Start inside the U (open at the bottom), goal straight above it.
        let g = grid(&[
            "###########",
            "#.........#",
            "#....G....#",
            "#.........#",
            "#..#####..#",
            "#..#...#..#",
            "#..#.S.#..#",
            "#..#...#..#",
            "#.........#",
            "###########",
        ]);
        let (r, p) = find(&g, (5, 6), (5, 2), PathLimits::UNLIMITED);
        assert_eq!(r.status, PathStatus::Found);
        check_valid(&g, &p);
        assert!(p.iter().any(|t| t.1 == 8), "leaves through the open bottom");
        assert!(!g.line_clear(Grid::tile_center(5, 6), Grid::tile_center(5, 2)));
    }

    #[test]
    fn no_corner_cutting_between_two_diagonal_walls() {
        let g = grid(&[
            "#####", //
            "#.#.#", //
            "##..#", //
            "#...#", //
            "#####",
        ]);
        // (1,1) -> (2,2) would squeeze between walls (2,1) and (1,2): forbidden, and
        // (1,1) has no other exit.
        assert!(!can_step(&g, (1, 1), (1, 1)));
        let (r, p) = find(&g, (1, 1), (3, 3), PathLimits::UNLIMITED);
        assert_eq!(r.status, PathStatus::NoPath);
        assert!(p.is_empty());
        // One wall is enough to forbid the diagonal.
        let g2 = grid(&[
            "#####", //
            "#..##", //
            "##..#", //
            "#...#", //
            "#####",
        ]);
        let (r, p) = find(&g2, (1, 1), (2, 2), PathLimits::UNLIMITED);
        assert_eq!(r.status, PathStatus::Found);
        assert_eq!(p, vec![(1, 1), (2, 1), (2, 2)]);
        assert_eq!(r.cost, 2 * COST_STRAIGHT);
    }

    #[test]
    fn no_path_out_of_a_closed_box() {
        let g = grid(&[
            "#########",
            "#.......#",
            "#.#####.#",
            "#.#...#.#",
            "#.#...#.#",
            "#.#####.#",
            "#########",
        ]);
        let (r, p) = find(&g, (4, 3), (1, 1), PathLimits::UNLIMITED);
        assert_eq!(r.status, PathStatus::NoPath);
        assert!(p.is_empty());
        assert_eq!(r.expanded, 6, "explored exactly the box interior");
        // Walls as endpoints.
        assert_eq!(
            find(&g, (0, 0), (1, 1), PathLimits::UNLIMITED).0.status,
            PathStatus::NoPath
        );
        assert_eq!(
            find(&g, (1, 1), (2, 2), PathLimits::UNLIMITED).0.status,
            PathStatus::NoPath
        );
        assert_eq!(
            find(&g, (1, 1), (-5, 2), PathLimits::UNLIMITED).0.status,
            PathStatus::NoPath
        );
    }

    #[test]
    fn too_far_is_decided_before_searching() {
        let g = Grid::open_with_border(40, 5);
        let (r, p) = find(&g, (1, 2), (38, 2), PathLimits::max_tiles(36));
        assert_eq!((r.status, r.expanded), (PathStatus::TooFar, 0));
        assert!(p.is_empty());
        // Exactly at the limit is fine.
        let (r, _) = find(&g, (1, 2), (38, 2), PathLimits::max_tiles(37));
        assert_eq!((r.status, r.cost), (PathStatus::Found, 37 * COST_STRAIGHT));
    }

    #[test]
    fn length_limit_with_a_detour_gives_partial() {
        // Octile distance 3 tiles, but the walls force a 7-tile detour.
        let g = grid(&[
            "##########",
            "#........#",
            "#.######.#",
            "#.#....#.#",
            "#.#.##.#.#",
            "#...##...#",
            "##########",
        ]);
        let (r, _) = find(&g, (3, 5), (6, 5), PathLimits::UNLIMITED);
        assert_eq!((r.status, r.cost), (PathStatus::Found, 7 * COST_STRAIGHT));
        let full = r.cost;
        let (r, p2) = find(
            &g,
            (3, 5),
            (6, 5),
            PathLimits {
                max_cost: full - 1,
                ..PathLimits::UNLIMITED
            },
        );
        assert_eq!(r.status, PathStatus::Partial);
        assert_eq!(check_valid(&g, &p2), r.cost);
        assert!(r.cost < full);
        assert_eq!(p2[0], (3, 5));
    }

    #[test]
    fn node_budget_gives_partial_toward_the_goal() {
        let g = Grid::open_with_border(60, 60);
        let (r, p) = find(
            &g,
            (2, 2),
            (57, 57),
            PathLimits::UNLIMITED.with_max_nodes(10),
        );
        assert_eq!(r.status, PathStatus::Partial);
        assert_eq!(r.expanded, 10);
        assert_eq!(p[0], (2, 2));
        let end = *p.last().unwrap();
        assert!(octile(end, (57, 57)) < octile((2, 2), (57, 57)));
        assert_eq!(check_valid(&g, &p), r.cost);
        // A budget of zero: only the start.
        let (r, p) = find(
            &g,
            (2, 2),
            (57, 57),
            PathLimits::UNLIMITED.with_max_nodes(0),
        );
        assert_eq!((r.status, p), (PathStatus::Partial, vec![(2, 2)]));
    }

    #[test]
    fn multi_target_picks_the_cheapest_goal() {
        let g = grid(&[
            "############",
            "#..........#",
            "#.########.#",
            "#.#......#.#",
            "#.#.S....#.#",
            "#.#......#.#",
            "#.####.###.#",
            "#..........#",
            "############",
        ]);
        let mut s = PathScratch::new();
        let mut out = Vec::new();
        // (7,4) is in the start's room; (4,7) is behind the gap at (6,6).
        let goals = [(0, 0), (10, 1), (4, 7), (7, 4)];
        let r = find_path_to_any(&g, (4, 4), &goals, PathLimits::UNLIMITED, &mut s, &mut out);
        assert_eq!((r.status, r.goal), (PathStatus::Found, Some(3)));
        assert_eq!(out.last(), Some(&(7, 4)));
        let goals = [(10, 1), (4, 7), (1, 1)];
        let r = find_path_to_any(&g, (4, 4), &goals, PathLimits::UNLIMITED, &mut s, &mut out);
        assert_eq!((r.status, r.goal), (PathStatus::Found, Some(1)));
        assert_eq!(check_valid(&g, &out), r.cost);
        // Same answer with many goals (bounding-box heuristic) as with few.
        let many = [(10, 1), (1, 1), (10, 7), (1, 7), (10, 3), (4, 7), (1, 3)];
        let r2 = find_path_to_any(&g, (4, 4), &many, PathLimits::UNLIMITED, &mut s, &mut out);
        assert_eq!(
            (r2.status, r2.cost, r2.goal),
            (PathStatus::Found, r.cost, Some(5))
        );
        // Start on a goal; only walls as goals.
        let r = find_path_to_any(
            &g,
            (4, 4),
            &[(0, 0), (4, 4)],
            PathLimits::UNLIMITED,
            &mut s,
            &mut out,
        );
        assert_eq!(
            (r.status, r.goal, out.len()),
            (PathStatus::Found, Some(1), 1)
        );
        let r = find_path_to_any(
            &g,
            (4, 4),
            &[(0, 0)],
            PathLimits::UNLIMITED,
            &mut s,
            &mut out,
        );
        assert_eq!(r.status, PathStatus::NoPath);
    }

    #[test]
    fn scratch_is_reused_across_grid_sizes() {
        let mut s = PathScratch::new();
        let mut out = Vec::new();
        let a = Grid::open_with_border(10, 10);
        let b = Grid::open_with_border(30, 7);
        for _ in 0..3 {
            let r = find_path(&a, (1, 1), (8, 8), PathLimits::UNLIMITED, &mut s, &mut out);
            assert_eq!(r.cost, 7 * COST_DIAGONAL);
            let r = find_path(&b, (1, 1), (28, 5), PathLimits::UNLIMITED, &mut s, &mut out);
            assert_eq!(r.cost, 4 * COST_DIAGONAL + 23 * COST_STRAIGHT);
        }
        // Generation wrap-around clears old stamps.
        s.gen = u32::MAX;
        let r = find_path(&b, (1, 1), (28, 5), PathLimits::UNLIMITED, &mut s, &mut out);
        assert_eq!(r.cost, 4 * COST_DIAGONAL + 23 * COST_STRAIGHT);
    }

    #[test]
    fn scratch_notices_a_changed_grid_of_the_same_size() {
        let mut g = Grid::open_with_border(10, 5);
        let mut s = PathScratch::new();
        let mut out = Vec::new();
        let r = find_path(&g, (1, 2), (8, 2), PathLimits::UNLIMITED, &mut s, &mut out);
        assert_eq!(r.cost, 7 * COST_STRAIGHT);
        for y in 1..4 {
            g.set_wall(5, y, true); // seal the room in two
        }
        let r = find_path(&g, (1, 2), (8, 2), PathLimits::UNLIMITED, &mut s, &mut out);
        assert_eq!(r.status, PathStatus::NoPath);
        assert!(!reachable(&g, (1, 2), (8, 2), &mut s));
        g.set_wall(5, 1, false);
        let r = find_path(&g, (1, 2), (8, 2), PathLimits::UNLIMITED, &mut s, &mut out);
        assert_eq!(r.cost, 5 * COST_STRAIGHT + 2 * COST_DIAGONAL);
    }
}
