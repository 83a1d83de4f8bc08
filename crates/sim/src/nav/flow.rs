//! Flow field for the horde (REQ §11 E2): a multi-source Dijkstra from the squad's
//! tiles over the whole grid, with the movement rule and integer costs of
//! [`crate::nav::tiles`] (8 directions, no corner cutting, 1000 / 1414). Every tile stores its
//! cost to the nearest seed and the step toward its next tile; an enemy just reads the
//! arrow under its feet, so thousands of enemies cost one rebuild, recomputed at a bounded
//! rate by the caller.
//!
//! # Algorithm
//! With only two edge weights, Dijkstra needs no heap: nodes reached by a straight step go
//! into one FIFO queue and nodes reached by a diagonal step into another. Since nodes are
//! settled in nondecreasing distance, each queue is sorted, and the smaller of the two
//! fronts (straight first on a tie) is the global minimum; the seeds (distance 0) start
//! the straight queue.
//! Every operation is O(1), a rebuild is O(tiles). Stale entries are skipped (lazy
//! deletion). The walls are copied into an array padded with a one-tile wall border, so
//! the inner loop needs no in-grid tests; the copy is redone only when the grid differs
//! from the one last used (checked by `Grid == Grid`, a memcmp).
//!
//! # Arrows
//! When a tile is settled at distance `d`, its arrow points to the neighbour `n` it can
//! step to (movement rule) with `dist[n] + step_cost == d` and the smallest `dist[n]`
//! (ties: the first in [`DIRS`] order). So following arrows strictly decreases the distance
//! and ends on a seed; seeds and unreachable tiles have no arrow.
//!
//! All buffers belong to the [`FlowField`] and are reused: a rebuild allocates only when
//! the grid's size changes.

use std::f32::consts::FRAC_1_SQRT_2;

use crate::core::geom::Vec2;
use crate::nav::tiles::{Tile, DIRS, DIR_COST};
use crate::space::grid::floor_i32;
use crate::space::grid::Grid;

/// Distance of a tile no seed reaches (or beyond `max_cost`), and of walls.
pub const UNREACHABLE: u32 = u32::MAX;

/// Largest usable `max_cost`: keeps `distance + step cost` clear of overflow and of
/// [`UNREACHABLE`] (about 4 million tiles of path, far beyond any map).
pub const MAX_COST_CAP: u32 = UNREACHABLE - 4 * crate::nav::tiles::COST_DIAGONAL;

/// "No arrow" in the direction array.
const NONE: u8 = 8;

/// Unit world vector of each direction of [`DIRS`].
const DIR_UNIT: [Vec2; 8] = [
    Vec2::new(1.0, 0.0),
    Vec2::new(0.0, 1.0),
    Vec2::new(-1.0, 0.0),
    Vec2::new(0.0, -1.0),
    Vec2::new(FRAC_1_SQRT_2, FRAC_1_SQRT_2),
    Vec2::new(-FRAC_1_SQRT_2, FRAC_1_SQRT_2),
    Vec2::new(-FRAC_1_SQRT_2, -FRAC_1_SQRT_2),
    Vec2::new(FRAC_1_SQRT_2, -FRAC_1_SQRT_2),
];

/// A distance/direction field toward the nearest seed tile. Tiles outside the grid read as
/// walls (`UNREACHABLE`, no arrow).
#[derive(Clone, Default)]
pub struct FlowField {
    width: i32,
    height: i32,
    /// Padded row length (`width + 2`); all per-tile arrays have a one-tile wall border.
    pw: usize,
    /// Copy of the grid `open` was built from; compared (a memcmp) on every rebuild.
    cached: Option<Grid>,
    open: Vec<bool>,
    dist: Vec<u32>,
    dir: Vec<u8>,
    /// FIFO queues of `(distance << 32) | padded index` for nodes reached by a straight
    /// step (and the seeds) and by a diagonal step; each is sorted by construction.
    straight: Vec<u64>,
    diagonal: Vec<u64>,
    max_cost: u32,
}

impl std::fmt::Debug for FlowField {
    /// Compact: sizes only, not the per-tile arrays.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FlowField")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("max_cost", &self.max_cost)
            .finish_non_exhaustive()
    }
}

impl FlowField {
    /// An empty field (every query answers "unreachable" until the first rebuild).
    pub fn new() -> FlowField {
        FlowField::default()
    }

    pub fn width(&self) -> i32 {
        self.width
    }

    pub fn height(&self) -> i32 {
        self.height
    }

    /// The cost cut-off of the last rebuild.
    pub fn max_cost(&self) -> u32 {
        self.max_cost
    }

    /// Recomputes the field for `grid` from `seeds` over the whole grid. Seeds that are
    /// walls or outside the grid are ignored; duplicates are harmless.
    pub fn rebuild(&mut self, grid: &Grid, seeds: &[Tile]) {
        self.rebuild_with_max_cost(grid, seeds, MAX_COST_CAP);
    }

    /// As [`FlowField::rebuild`], but tiles whose distance would exceed `max_cost` (cost
    /// units, 1000 per tile) stay `UNREACHABLE` and the search stops there, which bounds
    /// the work around a small squad on a big map.
    pub fn rebuild_with_max_cost(&mut self, grid: &Grid, seeds: &[Tile], max_cost: u32) {
        let max_cost = max_cost.min(MAX_COST_CAP);
        self.max_cost = max_cost;
        if self.cached.as_ref() != Some(grid) {
            self.width = grid.width();
            self.height = grid.height();
            self.pw = self.width as usize + 2;
            let n = self.pw * (self.height as usize + 2);
            self.open.clear();
            self.open.resize(n, false);
            for y in 0..self.height {
                let row = (y as usize + 1) * self.pw + 1;
                for x in 0..self.width {
                    self.open[row + x as usize] = !grid.is_wall(x, y);
                }
            }
            self.cached = Some(grid.clone());
        }
        let pw = self.pw;
        let n = self.open.len();
        self.dist.clear();
        self.dist.resize(n, UNREACHABLE);
        self.dir.clear();
        self.dir.resize(n, NONE);
        self.straight.clear();
        self.diagonal.clear();

        // Seeds first: distance 0 sorts before every later straight-step entry.
        for &(x, y) in seeds {
            if grid.is_wall(x, y) {
                continue;
            }
            let i = (y as usize + 1) * pw + x as usize + 1;
            if self.dist[i] != 0 {
                self.dist[i] = 0;
                self.straight.push(i as u64);
            }
        }

        let open = &self.open;
        let dist = &mut self.dist;
        let dir = &mut self.dir;
        let straight = &mut self.straight;
        let diagonal = &mut self.diagonal;
        let (mut hs, mut hd) = (0usize, 0usize);
        loop {
            // The smaller front of the two sorted queues (straight first on a tie).
            let e = match (straight.get(hs), diagonal.get(hd)) {
                (Some(&a), Some(&b)) if b < a => {
                    hd += 1;
                    b
                }
                (Some(&a), _) => {
                    hs += 1;
                    a
                }
                (None, Some(&b)) => {
                    hd += 1;
                    b
                }
                (None, None) => break,
            };
            let d = (e >> 32) as u32;
            let i = (e & 0xffff_ffff) as usize;
            if d != dist[i] {
                continue; // stale
            }
            // Each neighbour in DIRS order, unrolled so every step has its own branch site.
            // The one-tile wall border keeps every index in range.
            let mut arrow = NONE;
            let mut arrow_dist = UNREACHABLE;
            macro_rules! visit {
                ($k:expr, $ni:expr, $q:ident) => {{
                    let ni: usize = $ni;
                    let nd = dist[ni];
                    let cost = DIR_COST[$k];
                    if nd != UNREACHABLE && nd + cost == d {
                        // Tight edge toward a settled node: arrow candidate.
                        if nd < arrow_dist {
                            arrow_dist = nd;
                            arrow = $k as u8;
                        }
                    } else {
                        let cand = d + cost;
                        if cand < nd && cand <= max_cost {
                            dist[ni] = cand;
                            $q.push(((cand as u64) << 32) | ni as u64);
                        }
                    }
                }};
            }
            let (oe, os, ow, on) = (open[i + 1], open[i + pw], open[i - 1], open[i - pw]);
            if oe {
                visit!(0, i + 1, straight);
            }
            if os {
                visit!(1, i + pw, straight);
            }
            if ow {
                visit!(2, i - 1, straight);
            }
            if on {
                visit!(3, i - pw, straight);
            }
            if oe && os && open[i + pw + 1] {
                visit!(4, i + pw + 1, diagonal);
            }
            if ow && os && open[i + pw - 1] {
                visit!(5, i + pw - 1, diagonal);
            }
            if ow && on && open[i - pw - 1] {
                visit!(6, i - pw - 1, diagonal);
            }
            if oe && on && open[i - pw + 1] {
                visit!(7, i - pw + 1, diagonal);
            }
            debug_assert!(arrow == NONE || arrow_dist < d);
            dir[i] = arrow;
        }
    }

    fn padded(&self, x: i32, y: i32) -> Option<usize> {
        if x < 0 || y < 0 || x >= self.width || y >= self.height {
            None
        } else {
            Some((y as usize + 1) * self.pw + x as usize + 1)
        }
    }

    /// Cost from tile `(x, y)` to the nearest seed (1000 per straight step), or
    /// [`UNREACHABLE`] for walls, unreached tiles and tiles outside the grid.
    pub fn distance(&self, x: i32, y: i32) -> u32 {
        self.padded(x, y).map_or(UNREACHABLE, |i| self.dist[i])
    }

    /// The step `(dx, dy)` (one of [`DIRS`]) from tile `(x, y)` toward the nearest seed;
    /// `None` at seeds, walls, unreachable tiles and outside the grid.
    pub fn step(&self, x: i32, y: i32) -> Option<(i32, i32)> {
        let i = self.padded(x, y)?;
        DIRS.get(self.dir[i] as usize).copied()
    }

    /// The tile the arrow of `(x, y)` points to.
    pub fn next_tile(&self, x: i32, y: i32) -> Option<Tile> {
        self.step(x, y).map(|(dx, dy)| (x + dx, y + dy))
    }

    /// Unit world vector of the arrow of the tile containing `p` (diagonals are
    /// `(±1/√2, ±1/√2)`); zero at seeds, walls, unreachable tiles, outside the grid and for
    /// non-finite `p`.
    pub fn direction_at(&self, p: Vec2) -> Vec2 {
        if !p.is_finite() {
            return Vec2::ZERO;
        }
        let (x, y) = Grid::tile_of(p);
        match self.padded(x, y) {
            Some(i) => DIR_UNIT
                .get(self.dir[i] as usize)
                .copied()
                .unwrap_or(Vec2::ZERO),
            None => Vec2::ZERO,
        }
    }

    /// A smoother direction: bilinear blend of the arrows of the four tiles whose centres
    /// surround `p` (tiles without an arrow contribute nothing), normalised. Falls back to
    /// [`FlowField::direction_at`] when `p`'s own tile has no arrow, or when the blend turns
    /// more than 60° away from that arrow (near wall corners), so it never points backward
    /// and stays close to a legal step. Cosmetic: steering's wall avoidance still applies.
    pub fn smooth_direction_at(&self, p: Vec2) -> Vec2 {
        let own = self.direction_at(p);
        if own == Vec2::ZERO {
            return own;
        }
        let fx = p.x - 0.5;
        let fy = p.y - 0.5;
        let (x0, y0) = (floor_i32(fx), floor_i32(fy));
        let (tx, ty) = (fx - x0 as f32, fy - y0 as f32);
        // `p`'s own tile is in the grid (it has an arrow), so the four tiles round `p` are
        // within the one-tile border of the padded arrays: no bounds test, and a tile
        // without an arrow (`NONE`, the border's too) reads the zero vector of
        // `DIR_UNIT_OR_ZERO`, whose +0 terms leave the sum as it was (it starts at +0 and
        // is never −0).
        let i = (y0 + 1) as usize * self.pw + (x0 + 1) as usize;
        let pw = self.pw;
        let u = |k: usize| DIR_UNIT_OR_ZERO[self.dir[k] as usize & 15];
        let mut sum = Vec2::ZERO;
        sum += u(i) * ((1.0 - tx) * (1.0 - ty));
        sum += u(i + 1) * (tx * (1.0 - ty));
        sum += u(i + pw) * ((1.0 - tx) * ty);
        sum += u(i + pw + 1) * (tx * ty);
        let blended = sum.normalize_or_zero();
        if blended.dot(own) >= 0.5 {
            blended
        } else {
            own
        }
    }
}

/// [`DIR_UNIT`] with the zero vector for `NONE` and past it (indexed by `dir & 15`).
const DIR_UNIT_OR_ZERO: [Vec2; 16] = {
    let mut t = [Vec2::ZERO; 16];
    let mut k = 0;
    while k < 8 {
        t[k] = DIR_UNIT[k];
        k += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nav::astar::{find_path, PathLimits, PathScratch, PathStatus};
    use crate::nav::tiles::{can_step, COST_STRAIGHT};

    fn grid(rows: &[&str]) -> Grid {
        let h = rows.len() as i32;
        let w = rows[0].len() as i32;
        let walls = rows
            .iter()
            .flat_map(|r| r.bytes().map(|c| c == b'#'))
            .collect();
        Grid::new(w, h, walls)
    }

    fn rooms() -> Grid {
        grid(&[
            "#.#.#...######.#",
            "#......#.......#",
            "#.####.#.#####.#",
            "#.#....#.#...#.#",
            "#.#.####.#.#.#.#",
            "#.#......#.#...#",
            "#.######.#.#####",
            "#........#.....#",
            "#####.####.##..#",
            "#.....#....#...#",
            "#.###.#.##.#.#.#",
            "#...#...#....#.#",
            "###########..#.#",
            "#.#...#......#.#",
            "#.#.#...######.#",
            "#.#.#...######.#",
        ])
    }

    /// Follows arrows from every tile: distance strictly decreases, steps are legal and a
    /// seed is reached; unreachable tiles have no arrow.
    fn check_arrows(g: &Grid, f: &FlowField, seeds: &[Tile]) {
        for y in 0..g.height() {
            for x in 0..g.width() {
                let d = f.distance(x, y);
                if d == UNREACHABLE {
                    assert_eq!(f.step(x, y), None, "({x},{y}) unreachable with an arrow");
                    assert_eq!(f.direction_at(Grid::tile_center(x, y)), Vec2::ZERO);
                    continue;
                }
                let (mut cx, mut cy) = (x, y);
                let mut steps = 0;
                while let Some(s) = f.step(cx, cy) {
                    assert!(
                        can_step(g, (cx, cy), s),
                        "arrow at ({cx},{cy}) cuts a corner"
                    );
                    let (nx, ny) = (cx + s.0, cy + s.1);
                    assert!(f.distance(nx, ny) < f.distance(cx, cy));
                    (cx, cy) = (nx, ny);
                    steps += 1;
                    assert!(steps < 10_000);
                }
                assert_eq!(f.distance(cx, cy), 0, "({x},{y}) ends off-seed");
                assert!(seeds.contains(&(cx, cy)));
            }
        }
    }

    #[test]
    fn arrows_descend_to_a_seed_and_match_astar() {
        let g = rooms();
        let seeds = [(14, 13), (3, 3)];
        let mut f = FlowField::new();
        f.rebuild(&g, &seeds);
        check_arrows(&g, &f, &seeds);
        // Distances are the A* cost to the nearer seed.
        let mut s = PathScratch::new();
        let mut out = Vec::new();
        for y in 0..g.height() {
            for x in 0..g.width() {
                let best = seeds
                    .iter()
                    .filter_map(|&t| {
                        let r = find_path(&g, (x, y), t, PathLimits::UNLIMITED, &mut s, &mut out);
                        (r.status == PathStatus::Found).then_some(r.cost)
                    })
                    .min()
                    .unwrap_or(UNREACHABLE);
                assert_eq!(f.distance(x, y), best, "({x},{y})");
            }
        }
        assert_eq!(f.distance(1, 13), UNREACHABLE, "walled-in tile");
        assert_eq!(f.distance(-1, 3), UNREACHABLE);
        assert_eq!(f.step(99, 3), None);
    }

    #[test]
    fn diagonal_arrows_never_cut_corners() {
        // Open room with scattered pillars: plenty of diagonals near walls.
        let mut g = Grid::open_with_border(24, 18);
        for &(x, y) in &[
            (5, 5),
            (6, 6),
            (10, 3),
            (11, 4),
            (15, 10),
            (16, 9),
            (7, 12),
            (8, 13),
        ] {
            g.set_wall(x, y, true);
        }
        let mut f = FlowField::new();
        let seeds = [(20, 15)];
        f.rebuild(&g, &seeds);
        check_arrows(&g, &f, &seeds);
        // Squeezing between (5,5) and (6,6) is not allowed: (5,6) -> (6,5) is never an arrow.
        assert_ne!(f.next_tile(5, 6), Some((6, 5)));
        assert_ne!(f.next_tile(6, 5), Some((5, 6)));
    }

    #[test]
    fn max_cost_cuts_off_far_tiles() {
        let g = Grid::open_with_border(30, 5);
        let mut f = FlowField::new();
        f.rebuild_with_max_cost(&g, &[(1, 2)], 10 * COST_STRAIGHT);
        assert_eq!(f.distance(11, 2), 10 * COST_STRAIGHT);
        assert_eq!(f.distance(12, 2), UNREACHABLE);
        assert_eq!(f.step(12, 2), None);
        check_arrows(&g, &f, &[(1, 2)]);
    }

    #[test]
    fn seeds_walls_and_rebuild_in_place() {
        let g = rooms();
        let mut f = FlowField::new();
        // Only wall / outside seeds: nothing reachable.
        f.rebuild(&g, &[(0, 0), (-4, 2), (99, 99)]);
        assert!((0..16).all(|x| f.distance(x, 1) == UNREACHABLE));
        // Seeds have distance 0 and zero direction.
        f.rebuild(&g, &[(1, 1), (1, 1)]);
        assert_eq!(f.distance(1, 1), 0);
        assert_eq!(f.direction_at(Vec2::new(1.5, 1.5)), Vec2::ZERO);
        assert_eq!(f.direction_at(Vec2::new(2.5, 1.5)), Vec2::new(-1.0, 0.0));
        assert_eq!(f.direction_at(Vec2::new(f32::NAN, 1.5)), Vec2::ZERO);
        // Same size, different walls: the field follows the new grid.
        let mut g3 = g.clone();
        g3.set_wall(2, 1, true);
        f.rebuild(&g3, &[(1, 1)]);
        assert_eq!(f.direction_at(Vec2::new(2.5, 1.5)), Vec2::ZERO);
        assert_eq!(f.distance(2, 1), UNREACHABLE);
        check_arrows(&g3, &f, &[(1, 1)]);
        // A different grid size reuses the same field.
        let g2 = Grid::open_with_border(9, 7);
        f.rebuild(&g2, &[(7, 5)]);
        assert_eq!(f.width(), 9);
        assert_eq!(
            f.direction_at(Vec2::new(1.5, 1.5)),
            Vec2::new(FRAC_1_SQRT_2, FRAC_1_SQRT_2)
        );
        check_arrows(&g2, &f, &[(7, 5)]);
    }

    #[test]
    fn smooth_direction_stays_near_the_arrow() {
        let g = rooms();
        let mut f = FlowField::new();
        f.rebuild(&g, &[(14, 13)]);
        for y in 0..64 {
            for x in 0..64 {
                let p = Vec2::new(x as f32 * 0.25 + 0.1, y as f32 * 0.25 + 0.1);
                let own = f.direction_at(p);
                let s = f.smooth_direction_at(p);
                if own == Vec2::ZERO {
                    assert_eq!(s, Vec2::ZERO);
                } else {
                    assert!((s.length() - 1.0).abs() < 1e-4);
                    assert!(s.dot(own) >= 0.5 - 1e-6);
                }
            }
        }
    }
}
