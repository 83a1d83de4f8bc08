//! REQ W4 on the campaign's tunnels (missions 2 and 6): the disk pushed from every
//! floor tile beside a wall, in each of the eight directions the keys make, for 1.5 s.
//! Counts the pushes that leave it stuck (under 0.5 u along the input) with the corner
//! nudge (`anchor.corner_nudge`) and without it (0): the nudge frees pushes that the
//! plain slide left in a corner, never ends the disk in a wall, and never leaves one
//! stuck that the plain slide freed. The numbers: docs/decisions.md.

use sim::content;
use sim::space::grid::Grid;
use sim::space::map::Map;
use sim::squad::disk_walls::step_against_walls;
use sim::tuning::{Tuning, DT};
use sim::Vec2;

fn grid(name: &str) -> Grid {
    Map::parse(name, content::map_text(name).unwrap())
        .unwrap()
        .grid
}

/// Where the disk ends after `ticks` of input `dir` from `at` (the leash slack: its
/// centre follows it).
fn push(g: &Grid, t: &Tuning, at: Vec2, dir: Vec2, ticks: u32) -> Vec2 {
    let mut p = at;
    for _ in 0..ticks {
        let to = p + dir * (t.anchor.speed * DT);
        p = step_against_walls(p, to, dir, p, g, t);
    }
    p
}

/// Every floor tile's centre with a wall beside it (4-neighbours).
fn beside_walls(g: &Grid) -> Vec<Vec2> {
    let mut out = Vec::new();
    for y in 0..g.height() {
        for x in 0..g.width() {
            let by = [(1, 0), (-1, 0), (0, 1), (0, -1)]
                .iter()
                .any(|(dx, dy)| g.is_wall(x + dx, y + dy));
            if !g.is_wall(x, y) && by {
                out.push(Vec2::new(x as f32 + 0.5, y as f32 + 0.5));
            }
        }
    }
    out
}

#[test]
fn the_corner_nudge_frees_pushes_stuck_in_the_tunnels() {
    let s = std::f32::consts::FRAC_1_SQRT_2;
    let dirs = [
        Vec2::new(1.0, 0.0),
        Vec2::new(-1.0, 0.0),
        Vec2::new(0.0, 1.0),
        Vec2::new(0.0, -1.0),
        Vec2::new(s, s),
        Vec2::new(s, -s),
        Vec2::new(-s, s),
        Vec2::new(-s, -s),
    ];
    let with = Tuning::default();
    let mut without = Tuning::default();
    without.anchor.corner_nudge = 0.0;
    for map in ["warrens", "long_dark"] {
        let g = grid(map);
        let (mut pushes, mut stuck_with, mut stuck_without) = (0, 0, 0);
        for at in beside_walls(&g) {
            for &dir in &dirs {
                pushes += 1;
                let a = push(&g, &with, at, dir, 90);
                let b = push(&g, &without, at, dir, 90);
                assert!(
                    !g.circle_hits_wall(a, with.anchor.radius - 1e-3),
                    "{map}: from {at:?} along {dir:?} the disk ends in a wall at {a:?}"
                );
                let (freed_a, freed_b) = ((a - at).dot(dir) >= 0.5, (b - at).dot(dir) >= 0.5);
                stuck_with += !freed_a as u32;
                stuck_without += !freed_b as u32;
                assert!(
                    freed_a || !freed_b,
                    "{map}: from {at:?} along {dir:?} the nudge left stuck at {a:?} a push the slide freed ({b:?})"
                );
            }
        }
        eprintln!(
            "{map}: {pushes} pushes from beside a wall; stuck {stuck_without} without the \
             corner nudge, {stuck_with} with it"
        );
        assert!(
            stuck_with < stuck_without,
            "{map}: {stuck_with} vs {stuck_without}"
        );
    }
}
