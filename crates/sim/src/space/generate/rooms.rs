//! Rooms and corridors: the area cut into a grid of cells, a room in each (or, in one
//! or two cells, only a 2×2 junction where corridors meet, which makes the long
//! corridors), the cells joined along a random spanning tree plus a few loops by 2-wide
//! corridors (straight where the rooms face each other, else a Z), some of whose
//! doorways are narrowed to one tile.

use crate::core::rng::Rng;
use crate::space::generate::carve::{chance, range, shuffle, Canvas, Rect, FLOOR, WALL};

/// A corridor's two tiles across, where it leaves a room: the doorway.
type Door = [(i32, i32); 2];

/// One cell of the layout: its room (or junction) rectangle.
#[derive(Clone, Copy, Debug)]
struct Node {
    room: Rect,
    junction: bool,
}

/// Carves rooms and corridors inside `area` (walls elsewhere untouched).
pub fn carve(c: &mut Canvas, area: Rect, rng: &mut Rng) {
    let cols = (area.w / 13).clamp(2, 4);
    let rows = (area.h / 12).clamp(2, 3);
    let xs: Vec<i32> = (0..=cols).map(|i| area.x + area.w * i / cols).collect();
    let ys: Vec<i32> = (0..=rows).map(|j| area.y + area.h * j / rows).collect();
    let n = (cols * rows) as usize;
    // Junction cells: one on most layouts of six cells or more, sometimes two.
    let mut junction = vec![false; n];
    if n >= 6 && chance(rng, 75) {
        junction[rng.below(n as u32) as usize] = true;
        if n >= 9 && chance(rng, 30) {
            junction[rng.below(n as u32) as usize] = true;
        }
    }
    let mut nodes = Vec::with_capacity(n);
    for j in 0..rows as usize {
        for i in 0..cols as usize {
            let cell = Rect::new(xs[i], ys[j], xs[i + 1] - xs[i], ys[j + 1] - ys[j]);
            let k = j * cols as usize + i;
            nodes.push(node(cell, junction[k], rng));
        }
    }
    // Edges between neighbouring cells: a random spanning tree, then some loops.
    let mut edges = Vec::new();
    for j in 0..rows as usize {
        for i in 0..cols as usize {
            let k = j * cols as usize + i;
            if i + 1 < cols as usize {
                edges.push((k, k + 1, true));
            }
            if j + 1 < rows as usize {
                edges.push((k, k + cols as usize, false));
            }
        }
    }
    shuffle(rng, &mut edges);
    let mut parent: Vec<usize> = (0..n).collect();
    fn root(p: &mut [usize], mut a: usize) -> usize {
        while p[a] != a {
            p[a] = p[p[a]];
            a = p[a];
        }
        a
    }
    let mut used = vec![false; edges.len()];
    for (e, &(a, b, _)) in edges.iter().enumerate() {
        let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
        if ra != rb {
            parent[ra] = rb;
            used[e] = true;
        }
    }
    for u in used.iter_mut().filter(|u| !**u) {
        *u = chance(rng, 30);
    }
    // A junction is a corridor's bend or crossing, never its dead end.
    for k in (0..n).filter(|&k| nodes[k].junction) {
        let touches = |e: &(usize, usize, bool)| e.0 == k || e.1 == k;
        let degree = edges
            .iter()
            .zip(&used)
            .filter(|(e, u)| **u && touches(e))
            .count();
        if degree < 2 {
            if let Some(e) = (0..edges.len()).find(|&e| !used[e] && touches(&edges[e])) {
                used[e] = true;
            }
        }
    }
    for nd in &nodes {
        c.fill(nd.room, FLOOR);
    }
    let mut doors: Vec<Door> = Vec::new();
    for (e, &(a, b, across)) in edges.iter().enumerate() {
        if !used[e] {
            continue;
        }
        let (da, db) = corridor(c, nodes[a].room, nodes[b].room, across, rng);
        if !nodes[a].junction {
            doors.push(da);
        }
        if !nodes[b].junction {
            doors.push(db);
        }
    }
    // Some doorways narrowed to one tile (never cutting the level in two).
    let regions = c.regions().1.len();
    for d in doors {
        if !chance(rng, 30) {
            continue;
        }
        let t = d[rng.below(2) as usize];
        if !c.is_floor(t.0, t.1) {
            continue;
        }
        c.set(t.0, t.1, WALL);
        if c.regions().1.len() != regions {
            c.set(t.0, t.1, FLOOR);
        }
    }
}

/// The room (or the junction) of a cell: rooms keep two tiles from the cell's edges, so
/// two rooms are at least four tiles apart.
fn node(cell: Rect, junction: bool, rng: &mut Rng) -> Node {
    if junction {
        let x = range(rng, cell.x + 3, cell.x1() - 5);
        let y = range(rng, cell.y + 3, cell.y1() - 5);
        return Node {
            room: Rect::new(x, y, 2, 2),
            junction,
        };
    }
    let max_w = (cell.w - 4).max(3);
    let max_h = (cell.h - 4).max(3);
    let w = range(rng, (cell.w / 2).max(4).min(max_w), max_w);
    let h = range(rng, (cell.h / 2).max(4).min(max_h), max_h);
    let x = range(rng, cell.x + 2, cell.x1() - 2 - w);
    let y = range(rng, cell.y + 2, cell.y1() - 2 - h);
    Node {
        room: Rect::new(x, y, w, h),
        junction,
    }
}

/// A 2-wide corridor from room `a` to room `b`, `b` to the right of `a` (`across`) or
/// below it: straight where their sides overlap by two tiles, else a Z with its middle
/// leg in the gap between them. Returns the doorway at each end.
fn corridor(c: &mut Canvas, a: Rect, b: Rect, across: bool, rng: &mut Rng) -> (Door, Door) {
    // u runs from a to b, v across; `at` maps back to (x, y).
    let at = |u: i32, v: i32| if across { (u, v) } else { (v, u) };
    let (a_u1, b_u0) = if across { (a.x1(), b.x) } else { (a.y1(), b.y) };
    let (a_v, a_v1, b_v, b_v1) = if across {
        (a.y, a.y1(), b.y, b.y1())
    } else {
        (a.x, a.x1(), b.x, b.x1())
    };
    let mut open = |u0: i32, u1: i32, v0: i32, v1: i32| {
        for u in u0..u1 {
            for v in v0..v1 {
                let (x, y) = at(u, v);
                c.set(x, y, FLOOR);
            }
        }
    };
    let (lo, hi) = (a_v.max(b_v), a_v1.min(b_v1) - 2);
    let (va, vb) = if lo <= hi {
        let v = range(rng, lo, hi);
        open(a_u1, b_u0, v, v + 2);
        (v, v)
    } else {
        let va = range(rng, a_v, a_v1 - 2);
        let vb = range(rng, b_v, b_v1 - 2);
        let um = range(rng, a_u1 + 1, b_u0 - 3);
        open(a_u1, um + 2, va, va + 2);
        open(um, um + 2, va.min(vb), va.max(vb) + 2);
        open(um, b_u0, vb, vb + 2);
        (va, vb)
    };
    (
        [at(a_u1, va), at(a_u1, va + 1)],
        [at(b_u0 - 1, vb), at(b_u0 - 1, vb + 1)],
    )
}
