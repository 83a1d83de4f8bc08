//! Pillar halls: the area as one to three halls side by side (wall columns between them
//! with 2–3-wide openings), sometimes a gallery along the top behind a wall with
//! openings, and in each hall a grid of 1×1 or 2×2 pillars two to four tiles apart —
//! staggered on some, a few pillars missing, sometimes a clearing left open.

use crate::core::rng::Rng;
use crate::space::generate::carve::{chance, range, Canvas, Rect, FLOOR, WALL};

/// Carves pillar halls into `area`.
pub fn carve(c: &mut Canvas, area: Rect, rng: &mut Rng) {
    c.fill(area, FLOOR);
    let halls_n = match area.w {
        w if w >= 44 => range(rng, 1, 3),
        w if w >= 28 => range(rng, 1, 2),
        _ => 1,
    };
    // A gallery along the top: a 3-wide passage behind a wall row.
    let mut body = area;
    if area.h >= 26 && chance(rng, 35) {
        let gy = area.y + 3;
        body = Rect::new(area.x, gy + 1, area.w, area.y1() - gy - 1);
        for x in area.x..area.x1() {
            c.set(x, gy, WALL);
        }
        // One opening per hall's stretch at least; here, spread along the wall.
        let openings = 2 + halls_n;
        for k in 0..openings {
            let span = area.w / openings;
            let w = range(rng, 2, 4);
            let x = area.x + k * span + range(rng, 1, (span - w - 1).max(1));
            for dx in 0..w {
                c.set(x + dx, gy, FLOOR);
            }
        }
    }
    let mut xs = vec![body.x];
    for k in 1..halls_n {
        let mid = body.x + body.w * k / halls_n;
        xs.push(mid + range(rng, -2, 2));
    }
    xs.push(body.x1());
    for k in 0..halls_n as usize {
        // The divider is the column at xs[k] (not for the first hall).
        let x0 = if k == 0 { xs[0] } else { xs[k] + 1 };
        let hall = Rect::new(x0, body.y, xs[k + 1] - x0, body.h);
        if k > 0 {
            divider(c, xs[k], body, rng);
        }
        pillars(c, hall, rng);
    }
}

/// A wall column at `x` over `body`'s rows with two or three openings, 2–3 tiles each.
fn divider(c: &mut Canvas, x: i32, body: Rect, rng: &mut Rng) {
    for y in body.y..body.y1() {
        c.set(x, y, WALL);
    }
    let n = range(rng, 2, 3);
    let span = body.h / n;
    for k in 0..n {
        let h = range(rng, 2, 3);
        let y = body.y + k * span + range(rng, 1, (span - h - 1).max(1));
        for dy in 0..h {
            c.set(x, y + dy, FLOOR);
        }
    }
}

/// A pillar grid inside `hall`, two or three tiles off its sides.
fn pillars(c: &mut Canvas, hall: Rect, rng: &mut Rng) {
    let s = if chance(rng, 50) { 1 } else { 2 };
    let sx = s + range(rng, 2, 4);
    let sy = s + range(rng, 2, 4);
    let m = range(rng, 2, 3);
    let stagger = chance(rng, 30);
    let clearing = chance(rng, 50).then(|| {
        let (w, h) = (6.min(hall.w), 6.min(hall.h));
        Rect::new(
            range(rng, hall.x, hall.x1() - w),
            range(rng, hall.y, hall.y1() - h),
            w,
            h,
        )
    });
    let mut row = 0;
    let mut y = hall.y + m;
    while y + s <= hall.y1() - m {
        let mut x = hall.x + m + if stagger && row % 2 == 1 { sx / 2 } else { 0 };
        while x + s <= hall.x1() - m {
            let p = Rect::new(x, y, s, s);
            let cleared =
                clearing.is_some_and(|r| r.contains(x, y) || r.contains(x + s - 1, y + s - 1));
            if !cleared && !chance(rng, 12) {
                c.fill(p, WALL);
            }
            x += sx;
        }
        y += sy;
        row += 1;
    }
}
