//! Tile pathfinding (SPEC §11 E2): A* with a status result, multi-target search,
//! reachability, a swept-circle line tracer and string-pulling path smoothing.
//!
//! # Movement rule (shared with [`crate::nav::flow`])
//! Eight directions. A straight step costs [`COST_STRAIGHT`] (= 1000, i.e. one tile) and a
//! diagonal step [`COST_DIAGONAL`] (= 1414 ≈ 1000·√2). Costs are integers so every sum is
//! exact and the search is bit-deterministic on any platform. A diagonal step is allowed
//! only when both orthogonal neighbours it passes between are free (**no corner
//! cutting**), see [`can_step`]. The rule is symmetric: `a -> b` is allowed iff `b -> a` is.
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

use crate::core::geom::Vec2;
use crate::space::grid::{floor_i32, Grid};

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
/// free. Whether `from` itself is free is not checked.
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
/// queries on one grid prefer [`Components`] (O(1) per query).
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

/// Connected components of the free tiles, labelled once per grid: [`Components::same`]
/// answers "is `b` reachable from `a`" in O(1). Components are 4-connected, which is exact
/// for the no-corner-cutting rule (see [`reachable`]). Rebuild after the grid changes;
/// answers refer to the grid given to the last [`Components::rebuild`].
#[derive(Clone, Debug, Default)]
pub struct Components {
    width: i32,
    height: i32,
    /// 0 for walls, otherwise the component id (1-based, in row-major order of each
    /// component's first tile).
    labels: Vec<u32>,
    count: u32,
    stack: Vec<u32>,
}

impl Components {
    pub fn new() -> Components {
        Components::default()
    }

    pub fn from_grid(grid: &Grid) -> Components {
        let mut c = Components::new();
        c.rebuild(grid);
        c
    }

    /// Labels every free tile of `grid` (O(tiles), reusing the buffers).
    pub fn rebuild(&mut self, grid: &Grid) {
        self.width = grid.width();
        self.height = grid.height();
        let w = self.width as usize;
        self.labels.clear();
        self.labels.resize(w * self.height as usize, 0);
        self.count = 0;
        for y in 0..self.height {
            for x in 0..self.width {
                let i = y as usize * w + x as usize;
                if self.labels[i] != 0 || grid.is_wall(x, y) {
                    continue;
                }
                self.count += 1;
                let label = self.count;
                self.labels[i] = label;
                self.stack.clear();
                self.stack.push(i as u32);
                while let Some(j) = self.stack.pop() {
                    let (tx, ty) = ((j as usize % w) as i32, (j as usize / w) as i32);
                    for &(dx, dy) in &DIRS[..4] {
                        let (nx, ny) = (tx + dx, ty + dy);
                        if grid.is_wall(nx, ny) {
                            continue;
                        }
                        let ni = ny as usize * w + nx as usize;
                        if self.labels[ni] == 0 {
                            self.labels[ni] = label;
                            self.stack.push(ni as u32);
                        }
                    }
                }
            }
        }
    }

    /// Component id of a free tile; `None` for walls and tiles outside the grid.
    pub fn label(&self, t: Tile) -> Option<u32> {
        if t.0 < 0 || t.1 < 0 || t.0 >= self.width || t.1 >= self.height {
            return None;
        }
        match self.labels[t.1 as usize * self.width as usize + t.0 as usize] {
            0 => None,
            l => Some(l),
        }
    }

    /// True when both tiles are free and connected.
    pub fn same(&self, a: Tile, b: Tile) -> bool {
        match (self.label(a), self.label(b)) {
            (Some(x), Some(y)) => x == y,
            _ => false,
        }
    }

    /// Number of components.
    pub fn count(&self) -> u32 {
        self.count
    }
}

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

/// String pulling: turns a tile path into a few world waypoints an agent of `radius` at
/// `from` can follow in straight lines. Writes into `out` (cleared first) the waypoints
/// after `from`: the first is the farthest tile centre of the path found reachable by a
/// [`walkable_line`] from `from`, the next the farthest found from that one, and so on;
/// the last is always the centre of the last tile.
///
/// "Farthest found": the end of the path is tried first; otherwise an exponential then
/// binary search along the path (probing 1, 2, 4, … tiles ahead, then bisecting between
/// the farthest visible and the nearest blocked probe) finds the last visible centre in
/// O(log n) traces instead of one trace per tile. It is the exact farthest one whenever
/// visibility along the path is monotone (the usual case); otherwise some visible centre
/// before a blocked one. Every emitted waypoint was verified, so the chain is always
/// walkable.
///
/// Consecutive tile centres of a valid path are always mutually walkable for
/// `radius < 0.5 - WALL_SKIN`, so the output is a walkable chain from the first waypoint
/// on. If not even the next centre is visible from `from` (an agent pushed into a corner),
/// that centre is emitted anyway and steering takes over.
pub fn smooth_path(grid: &Grid, tiles: &[Tile], from: Vec2, radius: f32, out: &mut Vec<Vec2>) {
    out.clear();
    if tiles.is_empty() {
        return;
    }
    let center = |i: usize| Grid::tile_center(tiles[i].0, tiles[i].1);
    let last = tiles.len() - 1;
    let mut cur = from;
    let mut next = 0usize; // first path index not yet passed
    loop {
        // Shortcut: the end is directly visible.
        if walkable_line(grid, cur, center(last), radius) {
            out.push(center(last));
            return;
        }
        // Exponential search: `good` = farthest index seen visible, `bad` = nearest index
        // seen blocked (`last` is blocked, tested above).
        let mut good: Option<usize> = None;
        let mut bad = last;
        let mut probe = next;
        let mut step = 1;
        while probe < bad {
            if walkable_line(grid, cur, center(probe), radius) {
                good = Some(probe);
                probe += step;
                step *= 2;
            } else {
                bad = probe;
            }
        }
        // Binary search between them.
        if let Some(mut g) = good {
            while g + 1 < bad {
                let mid = g + (bad - g) / 2;
                if walkable_line(grid, cur, center(mid), radius) {
                    g = mid;
                } else {
                    bad = mid;
                }
            }
            good = Some(g);
        }
        // Always make progress, even when nothing is visible.
        let pick = good.unwrap_or(next);
        out.push(center(pick));
        if pick == last {
            return;
        }
        cur = center(pick);
        next = pick + 1;
    }
}

/// Path following helper for waypoints from [`smooth_path`]. `cursor` (owned by the
/// caller, start at 0) is the index of the waypoint being sought. Skips waypoints within
/// `arrive` of `pos`, then skips one more when the following waypoint is already walkable
/// from `pos` (at most one line trace per call). Returns the waypoint to seek, or `None`
/// when every waypoint is passed (then seek the real goal).
pub fn next_waypoint(
    grid: &Grid,
    waypoints: &[Vec2],
    cursor: &mut usize,
    pos: Vec2,
    radius: f32,
    arrive: f32,
) -> Option<Vec2> {
    while *cursor < waypoints.len() && pos.distance_sq(waypoints[*cursor]) <= arrive * arrive {
        *cursor += 1;
    }
    if *cursor + 1 < waypoints.len() && walkable_line(grid, pos, waypoints[*cursor + 1], radius) {
        *cursor += 1;
    }
    waypoints.get(*cursor).copied()
}

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

    /// `#` wall, anything else free; row index = y.
    fn grid(rows: &[&str]) -> Grid {
        let h = rows.len() as i32;
        let w = rows[0].len() as i32;
        let walls = rows
            .iter()
            .flat_map(|r| r.bytes().map(|c| c == b'#'))
            .collect();
        Grid::new(w, h, walls)
    }

    fn find(g: &Grid, s: Tile, t: Tile, limits: PathLimits) -> (PathResult, Vec<Tile>) {
        let mut scratch = PathScratch::new();
        let mut out = Vec::new();
        let r = find_path(g, s, t, limits, &mut scratch, &mut out);
        (r, out)
    }

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
    fn reachability_query_and_components() {
        let g = grid(&[
            "#########",
            "#...#...#",
            "#...#...#",
            "#..#....#",
            "#########",
        ]);
        let mut s = PathScratch::new();
        let c = Components::from_grid(&g);
        // (2,3) and (4,3)... left room {x 1..3} and right room; (3,3) is a wall, (4,3)
        // free: the rooms touch only diagonally at (3,2)-(4,3), which is a corner cut.
        assert_eq!(c.count(), 2);
        assert!(!reachable(&g, (1, 1), (7, 3), &mut s));
        assert!(!c.same((1, 1), (7, 3)));
        assert!(!c.same((3, 2), (4, 3)));
        assert!(reachable(&g, (1, 1), (2, 3), &mut s));
        assert!(c.same((1, 1), (2, 3)));
        assert!(reachable(&g, (5, 1), (4, 3), &mut s));
        assert!(!reachable(&g, (1, 1), (0, 0), &mut s));
        assert!(!c.same((0, 0), (0, 0)));
        assert_eq!(c.label((-1, 2)), None);
        // Agrees with A* on every pair.
        let mut out = Vec::new();
        for a in 0..g.width() * g.height() {
            for b in 0..g.width() * g.height() {
                let (ta, tb) = ((a % 9, a / 9), (b % 9, b / 9));
                let astar = find_path(&g, ta, tb, PathLimits::UNLIMITED, &mut s, &mut out).status;
                assert_eq!(astar == PathStatus::Found, c.same(ta, tb));
                assert_eq!(astar == PathStatus::Found, reachable(&g, ta, tb, &mut s));
            }
        }
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

    fn assert_walkable_chain(g: &Grid, from: Vec2, wps: &[Vec2], r: f32) {
        let mut prev = from;
        for &w in wps {
            assert!(walkable_line(g, prev, w, r), "{prev:?} -> {w:?} blocked");
            prev = w;
        }
    }

    #[test]
    fn smoothing_shortens_a_staircase_into_a_visible_chain() {
        // Open room: A* gives diagonal + straight steps; smoothing gives one line.
        let g = Grid::open_with_border(20, 12);
        let (r, p) = find(&g, (1, 1), (18, 7), PathLimits::UNLIMITED);
        assert_eq!(r.status, PathStatus::Found);
        let from = Grid::tile_center(1, 1);
        let mut wps = Vec::new();
        smooth_path(&g, &p, from, 0.28, &mut wps);
        assert_eq!(wps, vec![Grid::tile_center(18, 7)]);

        let staircase: f32 = p
            .windows(2)
            .map(|w| Grid::tile_center(w[0].0, w[0].1).distance(Grid::tile_center(w[1].0, w[1].1)))
            .sum();
        assert!(from.distance(wps[0]) < staircase - 1.0);

        // A serpentine of 2-wide corridors: smoothing keeps a few corners and cuts them.
        let g = grid(&[
            "##############",
            "#............#",
            "#............#",
            "##########...#",
            "#............#",
            "#............#",
            "#...##########",
            "#............#",
            "#............#",
            "##############",
        ]);
        let (r, p) = find(&g, (1, 1), (1, 8), PathLimits::UNLIMITED);
        assert_eq!(r.status, PathStatus::Found);
        let from = Grid::tile_center(1, 1);
        smooth_path(&g, &p, from, 0.28, &mut wps);
        assert_walkable_chain(&g, from, &wps, 0.28);
        assert!(
            wps.len() < p.len() / 2,
            "{} waypoints for {} tiles",
            wps.len(),
            p.len()
        );
        assert_eq!(*wps.last().unwrap(), Grid::tile_center(1, 8));
        let len = |pts: &mut dyn Iterator<Item = Vec2>| {
            let v: Vec<Vec2> = pts.collect();
            v.windows(2).map(|w| w[0].distance(w[1])).sum::<f32>()
        };
        let tile_len = len(&mut p.iter().map(|t| Grid::tile_center(t.0, t.1)));
        let smooth_len = len(&mut std::iter::once(from).chain(wps.iter().copied()));
        assert!(smooth_len < tile_len, "{smooth_len} < {tile_len}");
    }

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
