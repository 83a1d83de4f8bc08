//! Our A* (`sim::nav::astar`) and flow field (`sim::nav::flow`) against the `pathfinding` crate on
//! random small grids: same movement rule (8 directions, no corner cutting), same integer
//! costs (1000 straight, 1414 diagonal), so the optimal costs and the "no path" verdicts
//! must be identical. Paths may differ among equal-cost alternatives; ours must be valid.

use pathfinding::prelude::astar;
use proptest::prelude::*;
use sim::nav::astar::{
    find_path, find_path_to_any, reachable, PathLimits, PathScratch, PathStatus,
};
use sim::nav::components::Components;
use sim::nav::flow::{FlowField, UNREACHABLE};
use sim::nav::smooth::smooth_path;
use sim::nav::tiles::Tile;
use sim::nav::tracer::walkable_line;
use sim::space::grid::Grid;

const STRAIGHT: u32 = 1000;
const DIAGONAL: u32 = 1414;

/// splitmix64: a tiny fixed-seed generator so a proptest case is just a seed.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: i32) -> i32 {
        (self.next() % n as u64) as i32
    }
}

/// A `w × h` grid with about `wall_pct` % walls, plus `n` random tiles; the tiles are
/// cleared unless `keep_walls` (then some endpoints may be walls).
fn random_case(
    w: i32,
    h: i32,
    seed: u64,
    wall_pct: i32,
    n: usize,
    keep_walls: bool,
) -> (Grid, Vec<Tile>) {
    let mut rng = Rng(seed);
    let walls = (0..w * h).map(|_| rng.below(100) < wall_pct).collect();
    let mut g = Grid::new(w, h, walls);
    let tiles: Vec<Tile> = (0..n).map(|_| (rng.below(w), rng.below(h))).collect();
    if !keep_walls {
        for &(x, y) in &tiles {
            g.set_wall(x, y, false);
        }
    }
    (g, tiles)
}

/// Independent statement of the movement rule for the reference search.
fn successors(g: &Grid, &(x, y): &Tile) -> Vec<(Tile, u32)> {
    let free = |x: i32, y: i32| !g.is_wall(x, y);
    let mut v = Vec::with_capacity(8);
    for dy in -1..=1 {
        for dx in -1..=1 {
            if (dx, dy) == (0, 0) || !free(x + dx, y + dy) {
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
    }
    v
}

fn octile(a: Tile, b: Tile) -> u32 {
    let dx = (a.0 - b.0).unsigned_abs();
    let dy = (a.1 - b.1).unsigned_abs();
    STRAIGHT * dx.max(dy) + (DIAGONAL - STRAIGHT) * dx.min(dy)
}

/// The reference: optimal cost or `None`.
fn reference(g: &Grid, s: Tile, t: Tile) -> Option<u32> {
    if g.is_wall(s.0, s.1) || g.is_wall(t.0, t.1) {
        return None;
    }
    astar(&s, |p| successors(g, p), |p| octile(*p, t), |p| *p == t).map(|(_, c)| c)
}

/// Consecutive tiles adjacent, free, no corner cut; returns the summed cost.
fn path_cost(g: &Grid, p: &[Tile]) -> u32 {
    assert!(
        p.iter().all(|t| !g.is_wall(t.0, t.1)),
        "path through a wall: {p:?}"
    );
    p.windows(2)
        .map(|w| {
            successors(g, &w[0])
                .into_iter()
                .find(|&(n, _)| n == w[1])
                .unwrap_or_else(|| panic!("illegal step {:?} -> {:?}", w[0], w[1]))
                .1
        })
        .sum()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn astar_cost_and_verdict_match_pathfinding(
        w in 8i32..40, h in 8i32..40, seed in any::<u64>(), wall_pct in 10i32..40, keep in 0u8..8,
    ) {
        let (g, tiles) = random_case(w, h, seed, wall_pct, 12, keep == 0);
        let mut scratch = PathScratch::new();
        let mut out = Vec::new();
        for pair in tiles.chunks(2) {
            let (s, t) = (pair[0], pair[1]);
            let r = find_path(&g, s, t, PathLimits::UNLIMITED, &mut scratch, &mut out);
            match reference(&g, s, t) {
                Some(cost) => {
                    prop_assert_eq!(r.status, PathStatus::Found);
                    prop_assert_eq!(r.cost, cost);
                    prop_assert_eq!(out.first(), Some(&s));
                    prop_assert_eq!(out.last(), Some(&t));
                    prop_assert_eq!(path_cost(&g, &out), cost);
                }
                None => {
                    prop_assert_eq!(r.status, PathStatus::NoPath);
                    prop_assert!(out.is_empty());
                }
            }
        }
    }

    #[test]
    fn limits_never_lose_a_path_within_them(
        w in 8i32..40, h in 8i32..40, seed in any::<u64>(), max_tiles in 0u32..60, budget in 0u32..400,
    ) {
        let (g, tiles) = random_case(w, h, seed, 25, 8, false);
        let mut scratch = PathScratch::new();
        let mut out = Vec::new();
        for pair in tiles.chunks(2) {
            let (s, t) = (pair[0], pair[1]);
            let truth = reference(&g, s, t);
            // Length limit only.
            let limits = PathLimits::max_tiles(max_tiles);
            let r = find_path(&g, s, t, limits, &mut scratch, &mut out);
            if octile(s, t) > limits.max_cost {
                prop_assert_eq!(r.status, PathStatus::TooFar);
            } else {
                match truth {
                    Some(c) if c <= limits.max_cost => {
                        prop_assert_eq!((r.status, r.cost), (PathStatus::Found, c));
                    }
                    Some(_) => prop_assert_eq!(r.status, PathStatus::Partial),
                    None => prop_assert!(matches!(r.status, PathStatus::Partial | PathStatus::NoPath)),
                }
            }
            if r.status == PathStatus::Partial {
                prop_assert_eq!(out.first(), Some(&s));
                prop_assert_eq!(path_cost(&g, &out), r.cost);
                prop_assert!(r.cost <= limits.max_cost);
                // The end is no farther from the goal than the start.
                prop_assert!(octile(*out.last().unwrap(), t) <= octile(s, t));
            }
            // Node budget only.
            let limits = PathLimits::UNLIMITED.with_max_nodes(budget);
            let r = find_path(&g, s, t, limits, &mut scratch, &mut out);
            prop_assert!(r.expanded <= budget);
            match r.status {
                PathStatus::Found => prop_assert_eq!(Some(r.cost), truth),
                PathStatus::NoPath => prop_assert_eq!(truth, None),
                PathStatus::Partial => {
                    prop_assert_eq!(r.expanded, budget);
                    prop_assert_eq!(out.first(), Some(&s));
                    prop_assert_eq!(path_cost(&g, &out), r.cost);
                }
                PathStatus::TooFar => prop_assert!(false, "no length limit"),
            }
        }
    }

    #[test]
    fn multi_target_finds_the_cheapest_goal(
        w in 8i32..40, h in 8i32..40, seed in any::<u64>(), n_goals in 1usize..9,
    ) {
        let (g, tiles) = random_case(w, h, seed, 25, n_goals + 1, false);
        let (start, goals) = (tiles[0], &tiles[1..]);
        let costs: Vec<Option<u32>> = goals.iter().map(|&t| reference(&g, start, t)).collect();
        let best = costs.iter().flatten().min().copied();
        let mut scratch = PathScratch::new();
        let mut out = Vec::new();
        let r = find_path_to_any(&g, start, goals, PathLimits::UNLIMITED, &mut scratch, &mut out);
        match best {
            Some(c) => {
                prop_assert_eq!((r.status, r.cost), (PathStatus::Found, c));
                let k = r.goal.unwrap();
                prop_assert_eq!(costs[k], Some(c));
                prop_assert_eq!(out.last(), Some(&goals[k]));
                prop_assert_eq!(path_cost(&g, &out), c);
            }
            None => prop_assert_eq!(r.status, PathStatus::NoPath),
        }
    }

    #[test]
    fn reachability_matches_pathfinding(
        w in 8i32..40, h in 8i32..40, seed in any::<u64>(), wall_pct in 20i32..50, keep in 0u8..4,
    ) {
        let (g, tiles) = random_case(w, h, seed, wall_pct, 16, keep == 0);
        let comps = Components::from_grid(&g);
        let mut scratch = PathScratch::new();
        for pair in tiles.chunks(2) {
            let truth = reference(&g, pair[0], pair[1]).is_some();
            prop_assert_eq!(comps.same(pair[0], pair[1]), truth);
            prop_assert_eq!(reachable(&g, pair[0], pair[1], &mut scratch), truth);
        }
    }

    #[test]
    fn flow_distances_equal_astar_costs(
        w in 8i32..40, h in 8i32..40, seed in any::<u64>(), n_seeds in 1usize..4,
    ) {
        let (g, tiles) = random_case(w, h, seed, 25, n_seeds + 10, false);
        let (seeds, starts) = tiles.split_at(n_seeds);
        let mut flow = FlowField::new();
        flow.rebuild(&g, seeds);
        let mut scratch = PathScratch::new();
        let mut out = Vec::new();
        for &s in starts {
            let r = find_path_to_any(&g, s, seeds, PathLimits::UNLIMITED, &mut scratch, &mut out);
            let d = flow.distance(s.0, s.1);
            if r.status == PathStatus::Found {
                prop_assert_eq!(d, r.cost);
                // Following the arrows costs exactly the distance and ends on a seed.
                let mut cur = s;
                let mut walked = vec![cur];
                while let Some(n) = flow.next_tile(cur.0, cur.1) {
                    prop_assert!(flow.distance(n.0, n.1) < flow.distance(cur.0, cur.1));
                    cur = n;
                    walked.push(cur);
                }
                prop_assert!(seeds.contains(&cur));
                prop_assert_eq!(path_cost(&g, &walked), d);
            } else {
                prop_assert_eq!(r.status, PathStatus::NoPath);
                prop_assert_eq!(d, UNREACHABLE);
                prop_assert_eq!(flow.step(s.0, s.1), None);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn smoothed_paths_are_walkable_chains(
        w in 8i32..40, h in 8i32..40, seed in any::<u64>(), radius in 0.0f32..0.45,
    ) {
        let (g, tiles) = random_case(w, h, seed, 20, 2, false);
        let mut scratch = PathScratch::new();
        let mut out = Vec::new();
        let r = find_path(&g, tiles[0], tiles[1], PathLimits::UNLIMITED, &mut scratch, &mut out);
        prop_assume!(r.status == PathStatus::Found);
        let from = Grid::tile_center(tiles[0].0, tiles[0].1);
        let mut wps = Vec::new();
        smooth_path(&g, &out, from, radius, &mut wps);
        prop_assert!(!wps.is_empty() && wps.len() <= out.len());
        prop_assert_eq!(*wps.last().unwrap(), Grid::tile_center(tiles[1].0, tiles[1].1));
        let mut prev = from;
        for &p in &wps {
            prop_assert!(walkable_line(&g, prev, p, radius), "{:?} -> {:?}", prev, p);
            prev = p;
        }
        // Never longer than the tile path.
        let len = |pts: &[sim::core::geom::Vec2]| pts.windows(2).map(|w| w[0].distance(w[1])).sum::<f32>();
        let centres: Vec<_> = out.iter().map(|t| Grid::tile_center(t.0, t.1)).collect();
        let mut chain = vec![from];
        chain.extend_from_slice(&wps);
        prop_assert!(len(&chain) <= len(&centres) + 1e-3);
    }
}

#[test]
fn all_pairs_on_one_fixed_grid() {
    // A denser deterministic check: every pair of a 14×11 grid.
    let (g, _) = random_case(14, 11, 0x5eed, 30, 0, false);
    let mut scratch = PathScratch::new();
    let mut out = Vec::new();
    let tiles: Vec<Tile> = (0..11).flat_map(|y| (0..14).map(move |x| (x, y))).collect();
    for &s in &tiles {
        for &t in &tiles {
            let r = find_path(&g, s, t, PathLimits::UNLIMITED, &mut scratch, &mut out);
            match reference(&g, s, t) {
                Some(c) => assert_eq!((r.status, r.cost), (PathStatus::Found, c), "{s:?} -> {t:?}"),
                None => assert_eq!(r.status, PathStatus::NoPath, "{s:?} -> {t:?}"),
            }
        }
    }
}
