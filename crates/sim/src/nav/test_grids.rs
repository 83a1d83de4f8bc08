//! Test fixture shared by the nav tests: grids drawn as text.

use crate::space::grid::Grid;

/// `#` wall, anything else free; row index = y.
pub(super) fn grid(rows: &[&str]) -> Grid {
    let h = rows.len() as i32;
    let w = rows[0].len() as i32;
    let walls = rows
        .iter()
        .flat_map(|r| r.bytes().map(|c| c == b'#'))
        .collect();
    Grid::new(w, h, walls)
}
