//! The generators' canvas: a tile grid being carved (all wall to begin with, the border
//! never carved), and what the generators and the placement measure on it: regions,
//! path distance under the movement rule, clearance to the nearest wall. Plus the few
//! random draws they share, all from the sim's own [`Rng`].

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::core::rng::Rng;

/// Map characters (the map format's).
pub const WALL: u8 = b'#';
pub const FLOOR: u8 = b'.';
pub const DEBRIS: u8 = b'~';

/// Step costs of the movement rule (one tile = 10, a diagonal 14), no corner cutting.
pub const STRAIGHT: u32 = 10;
const DIAGONAL: u32 = 14;
const STEPS: [(i32, i32, u32); 8] = [
    (1, 0, STRAIGHT),
    (0, 1, STRAIGHT),
    (-1, 0, STRAIGHT),
    (0, -1, STRAIGHT),
    (1, 1, DIAGONAL),
    (-1, 1, DIAGONAL),
    (-1, -1, DIAGONAL),
    (1, -1, DIAGONAL),
];

/// Unreached in a distance field.
pub const FAR: u32 = u32::MAX;

/// A tile rectangle: `x..x + w`, `y..y + h`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect {
    pub x: i32,
    pub y: i32,
    pub w: i32,
    pub h: i32,
}

impl Rect {
    pub fn new(x: i32, y: i32, w: i32, h: i32) -> Rect {
        Rect { x, y, w, h }
    }

    /// One past the last column.
    pub fn x1(&self) -> i32 {
        self.x + self.w
    }

    /// One past the last row.
    pub fn y1(&self) -> i32 {
        self.y + self.h
    }

    pub fn contains(&self, x: i32, y: i32) -> bool {
        x >= self.x && x < self.x1() && y >= self.y && y < self.y1()
    }

    /// Grown by `n` tiles on every side (shrunk for a negative `n`).
    pub fn grow(&self, n: i32) -> Rect {
        Rect::new(self.x - n, self.y - n, self.w + 2 * n, self.h + 2 * n)
    }
}

/// The grid being carved, row-major, one map character per tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Canvas {
    w: i32,
    h: i32,
    cells: Vec<u8>,
}

impl Canvas {
    /// `w`×`h` tiles of wall.
    pub fn new(w: i32, h: i32) -> Canvas {
        Canvas {
            w,
            h,
            cells: vec![WALL; (w * h) as usize],
        }
    }

    pub fn width(&self) -> i32 {
        self.w
    }

    pub fn height(&self) -> i32 {
        self.h
    }

    /// Everything but the border ring.
    pub fn interior(&self) -> Rect {
        Rect::new(1, 1, self.w - 2, self.h - 2)
    }

    pub fn index(&self, x: i32, y: i32) -> usize {
        (y * self.w + x) as usize
    }

    pub fn tile_at(&self, i: usize) -> (i32, i32) {
        (i as i32 % self.w, i as i32 / self.w)
    }

    /// The character at a tile; wall outside the grid.
    pub fn get(&self, x: i32, y: i32) -> u8 {
        if x < 0 || y < 0 || x >= self.w || y >= self.h {
            WALL
        } else {
            self.cells[self.index(x, y)]
        }
    }

    /// Walkable (anything but wall).
    pub fn is_open(&self, x: i32, y: i32) -> bool {
        self.get(x, y) != WALL
    }

    /// Plain floor (no marker, no debris yet).
    pub fn is_floor(&self, x: i32, y: i32) -> bool {
        self.get(x, y) == FLOOR
    }

    /// Sets a tile; the border ring and the outside stay wall.
    pub fn set(&mut self, x: i32, y: i32, c: u8) {
        if x >= 1 && y >= 1 && x < self.w - 1 && y < self.h - 1 {
            let i = self.index(x, y);
            self.cells[i] = c;
        }
    }

    /// Sets every tile of `r` (clipped to the interior).
    pub fn fill(&mut self, r: Rect, c: u8) {
        for y in r.y..r.y1() {
            for x in r.x..r.x1() {
                self.set(x, y, c);
            }
        }
    }

    /// Walkable tiles.
    pub fn open_count(&self) -> usize {
        self.cells.iter().filter(|&&c| c != WALL).count()
    }

    /// 4-connected regions of the walkable tiles: a label per tile (0 = wall, regions
    /// from 1 in reading order of their first tile) and each region's size (index 0
    /// unused).
    pub fn regions(&self) -> (Vec<u32>, Vec<usize>) {
        let mut labels = vec![0u32; self.cells.len()];
        let mut sizes = vec![0usize];
        let mut stack = Vec::new();
        for start in 0..self.cells.len() {
            if labels[start] != 0 || self.cells[start] == WALL {
                continue;
            }
            let label = sizes.len() as u32;
            sizes.push(0);
            labels[start] = label;
            stack.push(start);
            while let Some(i) = stack.pop() {
                sizes[label as usize] += 1;
                let (x, y) = self.tile_at(i);
                for (dx, dy, _) in &STEPS[..4] {
                    let (nx, ny) = (x + dx, y + dy);
                    if self.is_open(nx, ny) {
                        let j = self.index(nx, ny);
                        if labels[j] == 0 {
                            labels[j] = label;
                            stack.push(j);
                        }
                    }
                }
            }
        }
        (labels, sizes)
    }

    /// Walls in every region but the largest (the first of equal ones); the tiles filled.
    pub fn keep_largest(&mut self) -> usize {
        let (labels, sizes) = self.regions();
        let Some(best) = (1..sizes.len()).max_by_key(|&l| (sizes[l], Reverse(l))) else {
            return 0;
        };
        let mut filled = 0;
        for (i, &l) in labels.iter().enumerate() {
            if l != 0 && l as usize != best {
                self.cells[i] = WALL;
                filled += 1;
            }
        }
        filled
    }

    /// Can a body step from `(x, y)` by `(dx, dy)`: the destination walkable and, for a
    /// diagonal, both tiles it passes between (no corner cutting, as the sim's rule).
    fn can_step(&self, x: i32, y: i32, dx: i32, dy: i32) -> bool {
        self.is_open(x + dx, y + dy)
            && (dx == 0 || dy == 0 || (self.is_open(x + dx, y) && self.is_open(x, y + dy)))
    }

    /// Path distance from the nearest of `seeds` to every tile, in tenths of a tile
    /// ([`STRAIGHT`] per tile), under the movement rule; [`FAR`] where unreachable.
    pub fn distances(&self, seeds: &[(i32, i32)]) -> Vec<u32> {
        let mut dist = vec![FAR; self.cells.len()];
        let mut heap = BinaryHeap::new();
        for &(x, y) in seeds {
            if self.is_open(x, y) {
                let i = self.index(x, y);
                dist[i] = 0;
                heap.push(Reverse((0u32, i)));
            }
        }
        while let Some(Reverse((d, i))) = heap.pop() {
            if d > dist[i] {
                continue;
            }
            let (x, y) = self.tile_at(i);
            for &(dx, dy, cost) in &STEPS {
                if !self.can_step(x, y, dx, dy) {
                    continue;
                }
                let j = self.index(x + dx, y + dy);
                let nd = d + cost;
                if nd < dist[j] {
                    dist[j] = nd;
                    heap.push(Reverse((nd, j)));
                }
            }
        }
        dist
    }

    /// A shortest path from the seed of `dist` (a field from [`Canvas::distances`]) to
    /// `to`, both ends included; empty when `to` is unreachable.
    pub fn path(&self, dist: &[u32], to: (i32, i32)) -> Vec<(i32, i32)> {
        let mut at = to;
        if !self.is_open(at.0, at.1) || dist[self.index(at.0, at.1)] == FAR {
            return Vec::new();
        }
        let mut out = vec![at];
        while dist[self.index(at.0, at.1)] > 0 {
            let here = dist[self.index(at.0, at.1)];
            let prev = STEPS.iter().find_map(|&(dx, dy, cost)| {
                let (px, py) = (at.0 - dx, at.1 - dy);
                (self.is_open(px, py)
                    && self.can_step(px, py, dx, dy)
                    && dist[self.index(px, py)].checked_add(cost) == Some(here))
                .then_some((px, py))
            });
            match prev {
                Some(p) => {
                    out.push(p);
                    at = p;
                }
                None => return Vec::new(),
            }
        }
        out.reverse();
        out
    }

    /// Per tile, the Chebyshev distance to the nearest wall: 0 on a wall, 1 beside one, 3
    /// where the 5×5 square round the tile is all walkable.
    pub fn clearance(&self) -> Vec<u32> {
        let mut out = vec![FAR; self.cells.len()];
        let mut queue = std::collections::VecDeque::new();
        for (i, &c) in self.cells.iter().enumerate() {
            if c == WALL {
                out[i] = 0;
                queue.push_back(i);
            }
        }
        while let Some(i) = queue.pop_front() {
            let (x, y) = self.tile_at(i);
            for &(dx, dy, _) in &STEPS {
                let (nx, ny) = (x + dx, y + dy);
                if nx < 0 || ny < 0 || nx >= self.w || ny >= self.h {
                    continue;
                }
                let j = self.index(nx, ny);
                if out[j] == FAR {
                    out[j] = out[i] + 1;
                    queue.push_back(j);
                }
            }
        }
        out
    }

    /// A walkable tile between two walls on opposite sides (across, or diagonally): a
    /// one-tile passage a formation goes through in single file.
    pub fn is_pinch(&self, x: i32, y: i32) -> bool {
        let wall = |dx: i32, dy: i32| !self.is_open(x + dx, y + dy);
        self.is_open(x, y)
            && ((wall(-1, 0) && wall(1, 0))
                || (wall(0, -1) && wall(0, 1))
                || (wall(-1, -1) && wall(1, 1))
                || (wall(1, -1) && wall(-1, 1)))
    }

    /// The canvas with every pinch walled: the ground a formation crosses abreast.
    pub fn without_pinches(&self) -> Canvas {
        let mut out = self.clone();
        for i in 0..self.cells.len() {
            let (x, y) = self.tile_at(i);
            if self.is_pinch(x, y) {
                out.cells[i] = WALL;
            }
        }
        out
    }

    /// Copies `src` (a smaller canvas) with its top-left tile at `(x, y)`, its border
    /// ring left out.
    pub fn blit(&mut self, src: &Canvas, x: i32, y: i32) {
        for sy in 1..src.h - 1 {
            for sx in 1..src.w - 1 {
                self.set(x + sx, y + sy, src.get(sx, sy));
            }
        }
    }

    /// The grid as map rows.
    pub fn rows(&self) -> String {
        let mut s = String::with_capacity(self.cells.len() + self.h as usize);
        for row in self.cells.chunks(self.w as usize) {
            s.extend(row.iter().map(|&c| c as char));
            s.push('\n');
        }
        s
    }
}

/// Uniform integer in `lo..=hi` (`lo` when `hi < lo`).
pub fn range(rng: &mut Rng, lo: i32, hi: i32) -> i32 {
    if hi <= lo {
        lo
    } else {
        lo + rng.below((hi - lo + 1) as u32) as i32
    }
}

/// True `percent` times in a hundred.
pub fn chance(rng: &mut Rng, percent: u32) -> bool {
    rng.below(100) < percent
}

/// Fisher–Yates, from the back.
pub fn shuffle<T>(rng: &mut Rng, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = rng.below(i as u32 + 1) as usize;
        items.swap(i, j);
    }
}

/// One of `items` (which must not be empty).
pub fn pick<T: Copy>(rng: &mut Rng, items: &[T]) -> T {
    items[rng.below(items.len() as u32) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canvas(rows: &[&str]) -> Canvas {
        let mut c = Canvas::new(rows[0].len() as i32, rows.len() as i32);
        for (y, r) in rows.iter().enumerate() {
            for (x, ch) in r.bytes().enumerate() {
                c.set(x as i32, y as i32, ch);
            }
        }
        c
    }

    #[test]
    fn regions_keep_largest_and_the_border_stays_wall() {
        let mut c = canvas(&["#######", "#..#..#", "#..#.##", "#######"]);
        assert_eq!(c.regions().1, vec![0, 4, 3]);
        assert_eq!(c.keep_largest(), 3);
        assert_eq!(c.regions().1.len(), 2);
        assert!(c.is_open(1, 1) && !c.is_open(4, 1));
        c.fill(Rect::new(-2, -2, 20, 20), FLOOR);
        assert!(!c.is_open(0, 0) && !c.is_open(6, 3) && c.is_open(5, 2));
    }

    #[test]
    fn distances_follow_the_movement_rule() {
        // The diagonal between (1,1) and (2,2) cuts a corner: not allowed.
        let c = canvas(&["#####", "#..##", "##..#", "#####"]);
        let d = c.distances(&[(1, 1)]);
        assert_eq!(d[c.index(2, 1)], 10);
        assert_eq!(d[c.index(2, 2)], 20);
        assert_eq!(d[c.index(3, 2)], 30);
        assert_eq!(d[c.index(0, 0)], FAR);
        assert_eq!(c.path(&d, (3, 2)), vec![(1, 1), (2, 1), (2, 2), (3, 2)]);
        let open = canvas(&["#####", "#...#", "#...#", "#####"]);
        let d = open.distances(&[(1, 1)]);
        assert_eq!(d[open.index(2, 2)], 14);
    }

    #[test]
    fn pinches_are_one_tile_passages() {
        let c = canvas(&["#######", "#..#..#", "#.....#", "#..#..#", "#######"]);
        assert!(c.is_pinch(3, 2), "a door in a wall");
        assert!(!c.is_pinch(1, 2) && !c.is_pinch(3, 1));
        let d = canvas(&["######", "#..###", "###..#", "######"]);
        assert!(d.is_pinch(2, 1), "walls above and below");
        let wide = c.without_pinches();
        assert!(!wide.is_open(3, 2) && wide.is_open(2, 2));
    }

    #[test]
    fn clearance_counts_to_the_nearest_wall() {
        let mut c = Canvas::new(9, 9);
        c.fill(c.interior(), FLOOR);
        let cl = c.clearance();
        assert_eq!(cl[c.index(0, 0)], 0);
        assert_eq!(cl[c.index(1, 1)], 1);
        assert_eq!(cl[c.index(4, 4)], 4);
        assert_eq!(cl[c.index(3, 4)], 3);
    }
}
