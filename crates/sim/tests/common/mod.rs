//! Helpers shared by the scenario tests.

/// A walled open room `w × h` with the squad spawn at `(sx, sy)`.
pub fn room(w: usize, h: usize, sx: usize, sy: usize) -> String {
    let mut s = String::new();
    for y in 0..h {
        for x in 0..w {
            s.push(if x == 0 || y == 0 || x == w - 1 || y == h - 1 {
                '#'
            } else if (x, y) == (sx, sy) {
                'S'
            } else {
                '.'
            });
        }
        s.push('\n');
    }
    s
}
