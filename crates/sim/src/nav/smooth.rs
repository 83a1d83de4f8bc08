//! From tiles to world waypoints: string pulling turns an A* tile path into a few straight
//! legs an agent of a given radius can walk (verified with the line tracer), and
//! [`next_waypoint`] picks the waypoint to seek while following them.

use crate::core::geom::Vec2;
use crate::nav::tiles::Tile;
use crate::nav::tracer::walkable_line;
use crate::space::grid::Grid;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nav::astar::{find, PathLimits, PathStatus};
    use crate::nav::test_grids::grid;
    use crate::nav::tracer::assert_walkable_chain;

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
}
