//! The editor's brushes over a [`MapDoc`]: one cell, a line, a rectangle (outline or
//! filled) and a flood fill. Each returns the cells it changed with their old tiles
//! (the undo record); cells outside the grid and cells that already hold the tile are
//! left out. The squad spawn is one tile: painting `S` moves it.

use super::doc::MapDoc;

/// One cell changed: where, the tile before and the tile after.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellChange {
    pub x: i32,
    pub y: i32,
    pub old: char,
    pub new: char,
}

/// Sets each of `cells` to `c` (in order; a cell named twice is changed once).
pub fn paint(doc: &mut MapDoc, cells: &[(i32, i32)], c: char) -> Vec<CellChange> {
    let mut out = Vec::new();
    if c == 'S' {
        // One squad spawn: the old one becomes floor.
        if let Some(&(x, y)) = cells.last() {
            for (ox, oy) in doc.find('S') {
                if (ox, oy) != (x, y) {
                    doc.set(ox, oy, '.');
                    out.push(CellChange {
                        x: ox,
                        y: oy,
                        old: 'S',
                        new: '.',
                    });
                }
            }
            if let Some(old) = doc.get(x, y).filter(|&o| o != 'S') {
                doc.set(x, y, 'S');
                out.push(CellChange {
                    x,
                    y,
                    old,
                    new: 'S',
                });
            }
        }
        return out;
    }
    for &(x, y) in cells {
        if let Some(old) = doc.get(x, y).filter(|&o| o != c) {
            doc.set(x, y, c);
            out.push(CellChange { x, y, old, new: c });
        }
    }
    out
}

/// The cells of the straight line from `a` to `b` (Bresenham: 8-connected, both ends).
pub fn line_cells(a: (i32, i32), b: (i32, i32)) -> Vec<(i32, i32)> {
    let (mut x, mut y) = a;
    let (dx, dy) = ((b.0 - a.0).abs(), -(b.1 - a.1).abs());
    let (sx, sy) = ((b.0 - a.0).signum(), (b.1 - a.1).signum());
    let mut err = dx + dy;
    let mut out = vec![(x, y)];
    while (x, y) != b {
        let e2 = 2 * err;
        if e2 >= dy {
            err += dy;
            x += sx;
        }
        if e2 <= dx {
            err += dx;
            y += sy;
        }
        out.push((x, y));
    }
    out
}

/// The cells of the rectangle with corners `a` and `b`: its outline, or all of it.
pub fn rect_cells(a: (i32, i32), b: (i32, i32), filled: bool) -> Vec<(i32, i32)> {
    let (x0, x1) = (a.0.min(b.0), a.0.max(b.0));
    let (y0, y1) = (a.1.min(b.1), a.1.max(b.1));
    let mut out = Vec::new();
    for y in y0..=y1 {
        for x in x0..=x1 {
            if filled || x == x0 || x == x1 || y == y0 || y == y1 {
                out.push((x, y));
            }
        }
    }
    out
}

/// The 4-connected region of cells holding the same tile as `at` (reading order).
pub fn fill_cells(doc: &MapDoc, at: (i32, i32)) -> Vec<(i32, i32)> {
    let Some(like) = doc.get(at.0, at.1) else {
        return Vec::new();
    };
    let (w, h) = (doc.width(), doc.height());
    let mut seen = vec![false; w * h];
    let mut stack = vec![at];
    let mut out = Vec::new();
    while let Some((x, y)) = stack.pop() {
        if x < 0 || y < 0 || x as usize >= w || y as usize >= h {
            continue;
        }
        let k = y as usize * w + x as usize;
        if seen[k] || doc.get(x, y) != Some(like) {
            continue;
        }
        seen[k] = true;
        out.push((x, y));
        stack.extend([(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]);
    }
    out.sort_by_key(|&(x, y)| (y, x));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(rows: &[&str]) -> MapDoc {
        MapDoc::parse(&(rows.join("\n") + "\n"))
    }

    fn grid(d: &MapDoc) -> Vec<String> {
        (0..d.height() as i32)
            .map(|y| {
                (0..d.width() as i32)
                    .map(|x| d.get(x, y).unwrap())
                    .collect()
            })
            .collect()
    }

    #[test]
    fn a_line_is_connected_and_ends_where_asked() {
        for b in [(5, 2), (-3, 4), (0, -6), (4, 4), (7, -1)] {
            let l = line_cells((0, 0), b);
            assert_eq!(l[0], (0, 0));
            assert_eq!(*l.last().unwrap(), b);
            assert_eq!(l.len() as i32, b.0.abs().max(b.1.abs()) + 1, "{b:?}");
            for p in l.windows(2) {
                assert!((p[1].0 - p[0].0).abs() <= 1 && (p[1].1 - p[0].1).abs() <= 1);
            }
        }
    }

    #[test]
    fn rectangles_outline_and_filled() {
        assert_eq!(rect_cells((3, 1), (1, 3), true).len(), 9);
        let o = rect_cells((1, 1), (3, 3), false);
        assert_eq!(o.len(), 8);
        assert!(!o.contains(&(2, 2)));
    }

    #[test]
    fn fill_takes_the_connected_region_only() {
        let mut d = doc(&["#####", "#..##", "##.##", "#.#.#", "#####"]);
        let cells = fill_cells(&d, (1, 1));
        assert_eq!(cells, vec![(1, 1), (2, 1), (2, 2)]);
        let ch = paint(&mut d, &cells, '~');
        assert_eq!(ch.len(), 3);
        assert_eq!(grid(&d), ["#####", "#~~##", "##~##", "#.#.#", "#####"]);
    }

    #[test]
    fn painting_the_squad_spawn_moves_it_and_records_both_cells() {
        let mut d = doc(&["#####", "#S..#", "#####"]);
        let ch = paint(&mut d, &[(3, 1)], 'S');
        assert_eq!(grid(&d), ["#####", "#..S#", "#####"]);
        assert_eq!(ch.len(), 2);
        assert!(paint(&mut d, &[(3, 1)], 'S').is_empty(), "already there");
        assert!(paint(&mut d, &[(9, 9)], '#').is_empty(), "outside");
    }
}
