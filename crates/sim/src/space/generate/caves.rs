//! Caves: a cellular automaton (45 % wall noise; a tile becomes wall with five or more
//! walls in its 3×3, and in the first rounds also when its 5×5 is nearly empty, which
//! breaks up the biggest caverns), then only the largest connected region is kept.

use crate::core::rng::Rng;
use crate::space::generate::carve::{chance, Canvas, Rect, DEBRIS, FLOOR, WALL};

/// Rounds of the automaton, and of those the first with the open-space rule.
const ROUNDS: usize = 5;
const BREAK_ROUNDS: usize = 3;
/// A cave keeping at least this share of its area (percent) is taken at once.
const ENOUGH: usize = 42;

/// Carves a cave into `area`: the best of a few tries, its largest region only.
pub fn carve(c: &mut Canvas, area: Rect, rng: &mut Rng) {
    let mut best: Option<Canvas> = None;
    for _ in 0..6 {
        let k = attempt(area.w, area.h, rng);
        let better = best
            .as_ref()
            .is_none_or(|b| k.open_count() > b.open_count());
        let enough = k.open_count() * 100 >= ENOUGH * (area.w * area.h) as usize;
        if better {
            best = Some(k);
        }
        if enough {
            break;
        }
    }
    let Some(mut k) = best else { return };
    // A little rubble on the cave floor (walkable).
    let inner = k.interior();
    for y in inner.y..inner.y1() {
        for x in inner.x..inner.x1() {
            if k.is_floor(x, y) && chance(rng, 1) {
                k.set(x, y, DEBRIS);
            }
        }
    }
    c.blit(&k, area.x - 1, area.y - 1);
}

/// One cave of `w`×`h` tiles inside a wall ring.
fn attempt(w: i32, h: i32, rng: &mut Rng) -> Canvas {
    let mut k = Canvas::new(w + 2, h + 2);
    let inner = k.interior();
    for y in inner.y..inner.y1() {
        for x in inner.x..inner.x1() {
            if !chance(rng, 45) {
                k.set(x, y, FLOOR);
            }
        }
    }
    for round in 0..ROUNDS {
        let prev = k.clone();
        let walls = |x: i32, y: i32, r: i32| {
            let mut n = 0;
            for dy in -r..=r {
                for dx in -r..=r {
                    n += u32::from(!prev.is_open(x + dx, y + dy));
                }
            }
            n
        };
        for y in inner.y..inner.y1() {
            for x in inner.x..inner.x1() {
                let wall = walls(x, y, 1) >= 5 || (round < BREAK_ROUNDS && walls(x, y, 2) <= 2);
                k.set(x, y, if wall { WALL } else { FLOOR });
            }
        }
    }
    k.keep_largest();
    k
}
