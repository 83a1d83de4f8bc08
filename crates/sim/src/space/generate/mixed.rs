//! Mixed: the area split by a wall column into two sides, rooms and corridors on one,
//! a yard, caves or a pillar hall on the other, joined by two or three 2-wide passages
//! cut through from the nearest open tile on each side.

use crate::core::rng::Rng;
use crate::space::generate::carve::{chance, range, Canvas, Rect, FLOOR};
use crate::space::generate::{caves, pillars, rooms, yard};

/// Carves the two sides into `area` and joins them.
pub fn carve(c: &mut Canvas, area: Rect, rng: &mut Rng) {
    let split = area.x + area.w * range(rng, 40, 60) / 100;
    let left = Rect::new(area.x, area.y, split - area.x, area.h);
    let right = Rect::new(split + 1, area.y, area.x1() - split - 1, area.h);
    let (rooms_side, other) = if chance(rng, 50) {
        (left, right)
    } else {
        (right, left)
    };
    // Rooms first: their doorways are narrowed while they are the only floor.
    rooms::carve(c, rooms_side, rng);
    match rng.below(3) {
        0 => yard::carve(c, other, rng),
        1 => caves::carve(c, other, rng),
        _ => pillars::carve(c, other, rng),
    }
    let n = range(rng, 2, 3);
    let band = area.h / n;
    let mut joined = 0;
    for k in 0..n {
        for _ in 0..6 {
            let y = area.y + k * band + range(rng, 1, (band - 3).max(1));
            if join(c, split, y, area) {
                joined += 1;
                break;
            }
        }
    }
    // Whatever the draws, the sides meet: the first row that joins them.
    let mut y = area.y;
    while joined == 0 && y + 1 < area.y1() {
        if join(c, split, y, area) {
            joined += 1;
        }
        y += 1;
    }
}

/// Cuts a 2-wide passage along rows `y` and `y + 1` through the divider at `split`,
/// from the nearest open tile on the left to the nearest on the right (both rows
/// looked at); false, nothing cut, when a side has none in `area`.
fn join(c: &mut Canvas, split: i32, y: i32, area: Rect) -> bool {
    let open_row = |x: i32| c.is_open(x, y) || c.is_open(x, y + 1);
    let Some(x0) = (area.x..split).rev().find(|&x| open_row(x)) else {
        return false;
    };
    let Some(x1) = (split + 1..area.x1()).find(|&x| open_row(x)) else {
        return false;
    };
    if y + 1 >= area.y1() {
        return false;
    }
    c.fill(Rect::new(x0, y, x1 - x0 + 1, 2), FLOOR);
    true
}
