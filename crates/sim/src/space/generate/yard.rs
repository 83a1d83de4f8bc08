//! Yards: open ground with scattered cover — 2×2 blocks, short wall bars, L-shaped
//! corners, single crates and, on larger yards, a hut or two (a wall shell with a
//! 2-wide door) — every piece at least two tiles from the next, and some rubble.

use crate::core::rng::Rng;
use crate::space::generate::carve::{chance, range, Canvas, Rect, DEBRIS, FLOOR, WALL};

/// Open tiles per piece of cover, roughly.
const TILES_PER_PIECE: i32 = 55;

/// Carves a yard into `area`.
pub fn carve(c: &mut Canvas, area: Rect, rng: &mut Rng) {
    c.fill(area, FLOOR);
    let huts = if area.w * area.h >= 1200 {
        range(rng, 0, 2)
    } else {
        0
    };
    for _ in 0..huts {
        for _ in 0..10 {
            let (w, h) = (range(rng, 6, 9), range(rng, 5, 7));
            let r = Rect::new(
                range(rng, area.x + 3, area.x1() - 3 - w),
                range(rng, area.y + 3, area.y1() - 3 - h),
                w,
                h,
            );
            if free(c, r.grow(2)) {
                hut(c, r, rng);
                break;
            }
        }
    }
    let pieces = area.w * area.h / TILES_PER_PIECE;
    let mut placed = 0;
    for _ in 0..pieces * 4 {
        if placed >= pieces {
            break;
        }
        let shape = piece(rng);
        let bound = shape
            .iter()
            .fold(Rect::new(0, 0, 0, 0), |b, r| union(b, *r));
        let (ox, oy) = (
            range(rng, area.x + 2, area.x1() - 2 - bound.w),
            range(rng, area.y + 2, area.y1() - 2 - bound.h),
        );
        let moved: Vec<Rect> = shape
            .iter()
            .map(|r| Rect::new(r.x + ox, r.y + oy, r.w, r.h))
            .collect();
        if moved.iter().all(|r| free(c, r.grow(2))) {
            for r in moved {
                c.fill(r, WALL);
            }
            placed += 1;
        }
    }
    for y in area.y..area.y1() {
        for x in area.x..area.x1() {
            if c.is_floor(x, y) && chance(rng, 1) {
                c.set(x, y, DEBRIS);
            }
        }
    }
}

/// Every tile of `r` open and inside the interior (so nothing is closer than its margin).
fn free(c: &Canvas, r: Rect) -> bool {
    (r.y..r.y1()).all(|y| (r.x..r.x1()).all(|x| c.is_open(x, y)))
}

fn union(a: Rect, b: Rect) -> Rect {
    if a.w == 0 {
        return b;
    }
    let (x, y) = (a.x.min(b.x), a.y.min(b.y));
    Rect::new(x, y, a.x1().max(b.x1()) - x, a.y1().max(b.y1()) - y)
}

/// One piece of cover as wall rectangles from the origin.
fn piece(rng: &mut Rng) -> Vec<Rect> {
    match rng.below(10) {
        0..=2 => vec![Rect::new(0, 0, 2, 2)],
        3..=4 => vec![Rect::new(0, 0, range(rng, 3, 6), 1)],
        5..=6 => vec![Rect::new(0, 0, 1, range(rng, 3, 6))],
        7..=8 => {
            // An L: a bar and a leg from one of its ends.
            let (a, b) = (range(rng, 3, 5), range(rng, 2, 4));
            match rng.below(4) {
                0 => vec![Rect::new(0, 0, a, 1), Rect::new(0, 1, 1, b)],
                1 => vec![Rect::new(0, 0, a, 1), Rect::new(a - 1, 1, 1, b)],
                2 => vec![Rect::new(0, b, a, 1), Rect::new(0, 0, 1, b)],
                _ => vec![Rect::new(0, b, a, 1), Rect::new(a - 1, 0, 1, b)],
            }
        }
        _ => vec![Rect::new(0, 0, 1, 1)],
    }
}

/// A hut: the wall ring of `r` with a 2-wide door in one side and perhaps a window gap
/// (one tile) in another.
fn hut(c: &mut Canvas, r: Rect, rng: &mut Rng) {
    for y in r.y..r.y1() {
        for x in r.x..r.x1() {
            let edge = x == r.x || y == r.y || x == r.x1() - 1 || y == r.y1() - 1;
            if edge {
                c.set(x, y, WALL);
            }
        }
    }
    let side = rng.below(4);
    gap(c, r, side, 2, rng);
    if chance(rng, 50) {
        gap(c, r, (side + 1 + rng.below(3)) % 4, 1, rng);
    }
}

/// Opens `n` tiles of side `side` (0 top, 1 right, 2 bottom, 3 left) of the hut `r`,
/// away from its corners.
fn gap(c: &mut Canvas, r: Rect, side: u32, n: i32, rng: &mut Rng) {
    let along = if side.is_multiple_of(2) { r.w } else { r.h };
    let at = range(rng, 1, along - 1 - n);
    for k in at..at + n {
        let (x, y) = match side {
            0 => (r.x + k, r.y),
            1 => (r.x1() - 1, r.y + k),
            2 => (r.x + k, r.y1() - 1),
            _ => (r.x, r.y + k),
        };
        c.set(x, y, FLOOR);
    }
}
