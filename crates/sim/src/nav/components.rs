//! Connected regions of the free tiles: label every tile once per grid, then answer "can
//! an agent get from `a` to `b` at all" in O(1) — for many reachability questions on one
//! grid, where a flood fill or A* per question would be wasted.

use crate::nav::tiles::{Tile, DIRS};
use crate::space::grid::Grid;

/// Connected components of the free tiles, labelled once per grid: [`Components::same`]
/// answers "is `b` reachable from `a`" in O(1). Components are 4-connected, which is exact
/// for the no-corner-cutting rule (see [`reachable`](crate::nav::astar::reachable)).
/// Rebuild after the grid changes; answers refer to the grid given to the last
/// [`Components::rebuild`].
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nav::astar::{find_path, reachable, PathLimits, PathScratch, PathStatus};
    use crate::nav::test_grids::grid;

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
}
