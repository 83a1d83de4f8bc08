//! Pathfinding benchmarks (REQ §18 P2, P5), next to the `pathfinding` crate as a peer.
//!
//! `cargo bench --bench path -- --warm-up-time 1 --measurement-time 3`
//!
//! - `astar_maze`: 100 far-apart queries on a 128×128 maze (recursive backtracker with a
//!   fixed-seed PRNG, plus removed walls for loops), ours vs `pathfinding::prelude::astar`
//!   with the same movement rule, costs and heuristic. One iteration = all 100 queries.
//! - `astar_rooms`: the same on a 128×128 map of rooms and pillars (a "typical" map);
//!   `astar_rooms_short`: 100 typical queries 8..=32 tiles apart on it.
//! - `smooth_path`: string pulling of the 100 far paths of each map (radius 0.28).
//! - `flow_field`: one rebuild on each map from 5 squad tiles (P5 goal ≤ 1 ms).
//! - `spatial`: rebuild + 2000 radius queries for 2000 points (P2).
//!
//! After criterion, a short summary prints per-query times and the ours/peer ratio.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, Throughput};
use pathfinding::prelude::astar;
use sim::core::geom::Vec2;
use sim::nav::astar::{find_path, PathLimits, PathScratch, PathStatus};
use sim::nav::flow::FlowField;
use sim::nav::smooth::smooth_path;
use sim::nav::tiles::Tile;
use sim::space::grid::Grid;
use sim::space::spatial::SpatialGrid;

const N: i32 = 128;
const STRAIGHT: u32 = 1000;
const DIAGONAL: u32 = 1414;

/// xorshift64*: fixed seed, deterministic maps and queries.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: i32) -> i32 {
        (self.next() % n as u64) as i32
    }
    fn unit(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 24) as f32
    }
}

/// 128×128 maze: cells at odd coordinates carved by an iterative recursive backtracker,
/// then `loops` random interior walls between two cells removed.
fn maze(seed: u64, loops: usize) -> Grid {
    let mut rng = Rng(seed);
    let mut g = Grid::new(N, N, vec![true; (N * N) as usize]);
    let cells = (N - 1) / 2; // cells at 1, 3, .., 2 * cells - 1
    let mut seen = vec![false; (cells * cells) as usize];
    let mut stack = vec![(0, 0)];
    seen[0] = true;
    g.set_wall(1, 1, false);
    while let Some(&(cx, cy)) = stack.last() {
        let mut options = [(0, 0); 4];
        let mut n = 0;
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let (nx, ny) = (cx + dx, cy + dy);
            if nx >= 0 && ny >= 0 && nx < cells && ny < cells && !seen[(ny * cells + nx) as usize] {
                options[n] = (nx, ny);
                n += 1;
            }
        }
        if n == 0 {
            stack.pop();
            continue;
        }
        let (nx, ny) = options[rng.below(n as i32) as usize];
        seen[(ny * cells + nx) as usize] = true;
        g.set_wall(2 * nx + 1, 2 * ny + 1, false);
        g.set_wall(cx + nx + 1, cy + ny + 1, false); // the wall between the two cells
        stack.push((nx, ny));
    }
    let mut removed = 0;
    while removed < loops {
        let x = 1 + rng.below(N - 3);
        let y = 1 + rng.below(N - 3);
        // A wall between two horizontally or vertically adjacent cells.
        let between = (x % 2 == 0 && y % 2 == 1) || (x % 2 == 1 && y % 2 == 0);
        if between && g.is_wall(x, y) {
            g.set_wall(x, y, false);
            removed += 1;
        }
    }
    g
}

/// 128×128 "typical" map: open floor with a border, long walls with doorways, and
/// scattered pillars and blocks.
fn rooms(seed: u64) -> Grid {
    let mut rng = Rng(seed);
    let mut g = Grid::open_with_border(N, N);
    for k in 1..8 {
        let x = k * 16;
        for y in 1..N - 1 {
            g.set_wall(x, y, true);
            g.set_wall(y, x, true);
        }
    }
    // Two doorways (2 wide) in every wall segment between crossings.
    for k in 1..8 {
        let x = k * 16;
        for seg in 0..8 {
            for _ in 0..2 {
                let y = seg * 16 + 2 + rng.below(12);
                for d in 0..2 {
                    g.set_wall(x, y + d, false);
                    g.set_wall(y + d, x, false);
                }
            }
        }
    }
    for _ in 0..300 {
        let (x, y) = (1 + rng.below(N - 4), 1 + rng.below(N - 4));
        let (w, h) = (1 + rng.below(3), 1 + rng.below(3));
        for yy in y..y + h {
            for xx in x..x + w {
                g.set_wall(xx, yy, true);
            }
        }
    }
    g
}

fn free_tiles(g: &Grid) -> Vec<Tile> {
    (0..g.height())
        .flat_map(|y| (0..g.width()).map(move |x| (x, y)))
        .filter(|t| !g.is_wall(t.0, t.1))
        .collect()
}

fn octile(a: Tile, b: Tile) -> u32 {
    let dx = (a.0 - b.0).unsigned_abs();
    let dy = (a.1 - b.1).unsigned_abs();
    STRAIGHT * dx.max(dy) + (DIAGONAL - STRAIGHT) * dx.min(dy)
}

/// `count` reachable start/goal pairs `min_tiles..=max_tiles` apart (octile).
fn pairs_between(
    g: &Grid,
    seed: u64,
    count: usize,
    min_tiles: u32,
    max_tiles: u32,
) -> Vec<(Tile, Tile)> {
    let free = free_tiles(g);
    let mut rng = Rng(seed);
    let mut scratch = PathScratch::new();
    let mut out = Vec::new();
    let mut pairs = Vec::new();
    while pairs.len() < count {
        let a = free[rng.below(free.len() as i32) as usize];
        let b = free[rng.below(free.len() as i32) as usize];
        let d = octile(a, b);
        if d >= min_tiles.saturating_mul(STRAIGHT)
            && d <= max_tiles.saturating_mul(STRAIGHT)
            && find_path(g, a, b, PathLimits::UNLIMITED, &mut scratch, &mut out).status
                == PathStatus::Found
        {
            pairs.push((a, b));
        }
    }
    pairs
}

fn successors(g: &Grid, &(x, y): &Tile) -> Vec<(Tile, u32)> {
    let free = |x: i32, y: i32| !g.is_wall(x, y);
    let mut v = Vec::with_capacity(8);
    for (dx, dy) in [
        (1, 0),
        (0, 1),
        (-1, 0),
        (0, -1),
        (1, 1),
        (-1, 1),
        (-1, -1),
        (1, -1),
    ] {
        if !free(x + dx, y + dy) {
            continue;
        }
        if dx != 0 && dy != 0 {
            if free(x + dx, y) && free(x, y + dy) {
                v.push(((x + dx, y + dy), DIAGONAL));
            }
        } else {
            v.push(((x + dx, y + dy), STRAIGHT));
        }
    }
    v
}

fn run_ours(
    g: &Grid,
    pairs: &[(Tile, Tile)],
    scratch: &mut PathScratch,
    out: &mut Vec<Tile>,
) -> u64 {
    let mut total = 0u64;
    for &(a, b) in pairs {
        total += find_path(g, a, b, PathLimits::UNLIMITED, scratch, out).cost as u64;
    }
    total
}

fn run_peer(g: &Grid, pairs: &[(Tile, Tile)]) -> u64 {
    let mut total = 0u64;
    for &(a, b) in pairs {
        let r = astar(&a, |p| successors(g, p), |p| octile(*p, b), |p| *p == b);
        total += r.map_or(0, |(_, c)| c as u64);
    }
    total
}

struct Maps {
    maze: Grid,
    maze_pairs: Vec<(Tile, Tile)>,
    rooms: Grid,
    rooms_pairs: Vec<(Tile, Tile)>,
    /// Shorter "typical" queries on the rooms map: 8..=32 tiles apart.
    short_pairs: Vec<(Tile, Tile)>,
}

fn maps() -> Maps {
    let maze = maze(0x6d61_7a65, 300);
    let maze_pairs = pairs_between(&maze, 1, 100, 64, u32::MAX);
    let rooms = rooms(0x726f_6f6d);
    let rooms_pairs = pairs_between(&rooms, 2, 100, 64, u32::MAX);
    let short_pairs = pairs_between(&rooms, 3, 100, 8, 32);
    // Sanity: both searches agree on every query's cost.
    let mut s = PathScratch::new();
    let mut out = Vec::new();
    for (g, p) in [
        (&maze, &maze_pairs),
        (&rooms, &rooms_pairs),
        (&rooms, &short_pairs),
    ] {
        assert_eq!(run_ours(g, p, &mut s, &mut out), run_peer(g, p));
    }
    Maps {
        maze,
        maze_pairs,
        rooms,
        rooms_pairs,
        short_pairs,
    }
}

fn bench_astar(c: &mut Criterion, m: &Maps) {
    for (name, g, pairs) in [
        ("astar_maze", &m.maze, &m.maze_pairs),
        ("astar_rooms", &m.rooms, &m.rooms_pairs),
        ("astar_rooms_short", &m.rooms, &m.short_pairs),
    ] {
        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Elements(pairs.len() as u64));
        let mut scratch = PathScratch::for_grid(g);
        let mut out = Vec::new();
        group.bench_function(BenchmarkId::new("ours", "100q"), |b| {
            b.iter(|| black_box(run_ours(g, black_box(pairs), &mut scratch, &mut out)))
        });
        group.bench_function(BenchmarkId::new("pathfinding", "100q"), |b| {
            b.iter(|| black_box(run_peer(g, black_box(pairs))))
        });
        group.finish();
    }
}

/// The tile paths of `pairs` (computed once), for the smoothing bench.
fn tile_paths(g: &Grid, pairs: &[(Tile, Tile)]) -> Vec<Vec<Tile>> {
    let mut scratch = PathScratch::new();
    pairs
        .iter()
        .map(|&(a, b)| {
            let mut out = Vec::new();
            find_path(g, a, b, PathLimits::UNLIMITED, &mut scratch, &mut out);
            out
        })
        .collect()
}

fn run_smooth(g: &Grid, paths: &[Vec<Tile>], out: &mut Vec<Vec2>) -> usize {
    let mut n = 0;
    for p in paths {
        let from = Grid::tile_center(p[0].0, p[0].1);
        smooth_path(g, p, from, 0.28, out);
        n += out.len();
    }
    n
}

fn bench_smooth(c: &mut Criterion, m: &Maps) {
    let mut group = c.benchmark_group("smooth_path");
    for (name, g, pairs) in [
        ("maze", &m.maze, &m.maze_pairs),
        ("rooms", &m.rooms, &m.rooms_pairs),
    ] {
        let paths = tile_paths(g, pairs);
        let mut out = Vec::new();
        group.throughput(Throughput::Elements(paths.len() as u64));
        group.bench_function(BenchmarkId::new("r0.28", name), |b| {
            b.iter(|| black_box(run_smooth(g, black_box(&paths), &mut out)))
        });
    }
    group.finish();
}

fn squad_seeds() -> Vec<Tile> {
    vec![(63, 63), (64, 63), (63, 65), (65, 64), (61, 64)]
}

fn bench_flow(c: &mut Criterion, m: &Maps) {
    let mut group = c.benchmark_group("flow_field");
    for (name, g) in [("maze_128", &m.maze), ("rooms_128", &m.rooms)] {
        let seeds: Vec<Tile> = squad_seeds()
            .into_iter()
            .filter(|t| !g.is_wall(t.0, t.1))
            .collect();
        let seeds = if seeds.is_empty() {
            vec![m.maze_pairs[0].0]
        } else {
            seeds
        };
        let mut flow = FlowField::new();
        group.bench_function(BenchmarkId::new("rebuild", name), |b| {
            b.iter(|| {
                flow.rebuild(g, black_box(&seeds));
                black_box(flow.distance(1, 1))
            })
        });
    }
    group.finish();
}

fn spatial_points(clustered: bool) -> Vec<(u32, Vec2)> {
    let mut rng = Rng(0x7370_6174);
    (0..2000u32)
        .map(|i| {
            let p = if clustered {
                Vec2::new(44.0 + rng.unit() * 40.0, 44.0 + rng.unit() * 40.0)
            } else {
                Vec2::new(1.0 + rng.unit() * 126.0, 1.0 + rng.unit() * 126.0)
            };
            (i, p)
        })
        .collect()
}

fn spatial_tick(sg: &mut SpatialGrid, pts: &[(u32, Vec2)], out: &mut Vec<u32>, r: f32) -> usize {
    sg.rebuild(pts.iter().copied());
    let mut total = 0;
    for &(_, p) in pts {
        sg.query_radius(p, r, out);
        total += out.len();
    }
    total
}

fn bench_spatial(c: &mut Criterion) {
    let mut group = c.benchmark_group("spatial");
    let open = Grid::open_with_border(N, N);
    for (name, clustered) in [("uniform_r1.5", false), ("clustered_r1.5", true)] {
        let pts = spatial_points(clustered);
        let mut sg = SpatialGrid::for_grid(&open, 2.0);
        let mut out = Vec::new();
        group.bench_function(BenchmarkId::new("rebuild+2000q", name), |b| {
            b.iter(|| black_box(spatial_tick(&mut sg, black_box(&pts), &mut out, 1.5)))
        });
    }
    group.finish();
}

/// `(min, median)` of `reps` timings of `f` (the minimum filters out preemption when
/// the machine is shared).
fn timings<F: FnMut()>(reps: usize, mut f: F) -> (Duration, Duration) {
    let mut t: Vec<Duration> = (0..reps)
        .map(|_| {
            let s = Instant::now();
            f();
            s.elapsed()
        })
        .collect();
    t.sort();
    (t[0], t[reps / 2])
}

fn us(d: Duration, per: f64) -> f64 {
    d.as_secs_f64() * 1e6 / per
}

fn summary(m: &Maps) {
    println!("\n== path bench summary: min / median of repeated runs ==");
    for (name, g, pairs) in [
        ("maze", &m.maze, &m.maze_pairs),
        ("rooms", &m.rooms, &m.rooms_pairs),
        ("short", &m.rooms, &m.short_pairs),
    ] {
        let mut scratch = PathScratch::for_grid(g);
        let mut out = Vec::new();
        let mut expanded = 0u64;
        let mut tiles = 0usize;
        for &(a, b) in pairs.iter() {
            expanded +=
                find_path(g, a, b, PathLimits::UNLIMITED, &mut scratch, &mut out).expanded as u64;
            tiles += out.len();
        }
        let ours = timings(21, || {
            black_box(run_ours(g, pairs, &mut scratch, &mut out));
        });
        let peer = timings(21, || {
            black_box(run_peer(g, pairs));
        });
        let n = pairs.len() as f64;
        println!(
            "astar {name:5} ({:.0} tiles/path, {:.0} expanded/query): ours {:6.1} / {:6.1} µs/query, \
             pathfinding {:6.1} / {:6.1} µs/query, pathfinding/ours = {:.2}x / {:.2}x",
            tiles as f64 / n,
            expanded as f64 / n,
            us(ours.0, n),
            us(ours.1, n),
            us(peer.0, n),
            us(peer.1, n),
            peer.0.as_secs_f64() / ours.0.as_secs_f64(),
            peer.1.as_secs_f64() / ours.1.as_secs_f64(),
        );
    }
    for (name, g, pairs) in [
        ("maze", &m.maze, &m.maze_pairs),
        ("rooms", &m.rooms, &m.rooms_pairs),
    ] {
        let paths = tile_paths(g, pairs);
        let mut out = Vec::new();
        let wps = run_smooth(g, &paths, &mut out);
        let t = timings(21, || {
            black_box(run_smooth(g, &paths, &mut out));
        });
        let n = paths.len() as f64;
        println!(
            "smooth {name:5}: {:6.1} / {:6.1} µs/path (r=0.28, {:.0} tiles -> {:.1} waypoints)",
            us(t.0, n),
            us(t.1, n),
            paths.iter().map(|p| p.len()).sum::<usize>() as f64 / n,
            wps as f64 / n
        );
    }
    for (name, g) in [("maze", &m.maze), ("rooms", &m.rooms)] {
        let mut flow = FlowField::new();
        let seeds: Vec<Tile> = squad_seeds()
            .into_iter()
            .filter(|t| !g.is_wall(t.0, t.1))
            .collect();
        let seeds = if seeds.is_empty() {
            vec![m.maze_pairs[0].0]
        } else {
            seeds
        };
        let t = timings(51, || flow.rebuild(g, &seeds));
        println!(
            "flow  {name:5}: rebuild 128x128 {:6.1} / {:6.1} µs",
            us(t.0, 1.0),
            us(t.1, 1.0)
        );
    }
    let open = Grid::open_with_border(N, N);
    for (name, clustered) in [("uniform", false), ("clustered", true)] {
        let pts = spatial_points(clustered);
        let mut sg = SpatialGrid::for_grid(&open, 2.0);
        let mut out = Vec::new();
        let found = spatial_tick(&mut sg, &pts, &mut out, 1.5);
        let t = timings(51, || {
            black_box(spatial_tick(&mut sg, &pts, &mut out, 1.5));
        });
        println!(
            "spatial {name:9}: rebuild + 2000 queries r=1.5 {:6.1} / {:6.1} µs ({:.1} hits/query)",
            us(t.0, 1.0),
            us(t.1, 1.0),
            found as f64 / 2000.0
        );
    }
}

fn main() {
    let m = maps();
    let mut c = Criterion::default().configure_from_args();
    bench_astar(&mut c, &m);
    bench_smooth(&mut c, &m);
    bench_flow(&mut c, &m);
    bench_spatial(&mut c);
    c.final_summary();
    // `cargo bench` passes `--bench`; `cargo test --benches` does not (smoke run only).
    if std::env::args().any(|a| a == "--bench") {
        summary(&m);
    }
}
