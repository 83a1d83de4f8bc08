//! The editor's marks over the map (REQ §31), drawn on the scene after the world in
//! the scene's own projection: the tile grid, the cell under the pointer (on a wall's
//! top where the pointer is over a wall), the cells a line or rectangle would paint,
//! the cell of the chosen problem, the scenario's areas with their names, the enemy
//! spawns numbered as waves name them, the waypoints and nests. And the way back from a
//! frame pixel to the cell drawn there ([`pick`]), the inverse of the projection the
//! composer draws with, walls in front first.

use raster::{draw_line, draw_line_thin, draw_text, fill_quad, text_width, Framebuffer, LineCap};
use raster::{Paint, Rgba};
use sim::Vec2;

use crate::iso::{Iso, HEIGHT_PX};
use crate::scene::WALL_HEIGHT;

/// What the editor marks on its map this frame.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Marks {
    /// The grid's size in cells.
    pub size: (i32, i32),
    /// Which cells are walls (row by row): the grid is drawn on their tops.
    pub walls: Vec<bool>,
    pub grid: bool,
    /// The cell under the pointer, and whether it is a wall (marked on its top).
    pub cursor: Option<((i32, i32), bool)>,
    /// The cells the line or rectangle being drawn would paint, in the tile's colour.
    pub preview: Vec<(i32, i32)>,
    pub preview_colour: Rgba,
    /// The area being dragged (x0 y0 x1 y1, world units).
    pub drag: Option<[f32; 4]>,
    /// The chosen problem's cell.
    pub problem: Option<(i32, i32)>,
    /// The scenario's areas (name, x0 y0 x1 y1).
    pub areas: Vec<(String, [f32; 4])>,
    /// Words on cells (an enemy spawn's number, `S`) and their colours.
    pub labels: Vec<((i32, i32), String, Rgba)>,
    /// Points of the scenario (waypoints, nests): where, and a word.
    pub points: Vec<(Vec2, String)>,
}

const GRID: Rgba = Rgba::new(255, 255, 255, 38);
const CURSOR: Rgba = Rgba::new(255, 196, 96, 255);
const PROBLEM: Rgba = Rgba::new(240, 60, 50, 255);
const AREA: Rgba = Rgba::new(120, 220, 255, 230);
const POINT: Rgba = Rgba::new(200, 160, 255, 240);

/// The four corners of cell `(x, y)` at height `z`, projected.
fn diamond(iso: &Iso, (x, y): (i32, i32), z: f32) -> [[f32; 2]; 4] {
    let (x, y) = (x as f32, y as f32);
    [
        iso.project(Vec2::new(x, y), z),
        iso.project(Vec2::new(x + 1.0, y), z),
        iso.project(Vec2::new(x + 1.0, y + 1.0), z),
        iso.project(Vec2::new(x, y + 1.0), z),
    ]
}

fn outline(fb: &mut Framebuffer, q: &[[f32; 2]; 4], width: f32, c: Rgba) {
    for i in 0..4 {
        draw_line(fb, q[i], q[(i + 1) % 4], width, LineCap::Round, c);
    }
}

/// Draws `m` over the scene in `fb` (at the scene's scale), the projection centred on
/// `center` as the scene's was.
pub fn draw(fb: &mut Framebuffer, center: Vec2, m: &Marks) {
    let iso = Iso::for_frame(center, fb);
    if m.grid {
        grid(fb, &iso, m);
    }
    for (name, r) in &m.areas {
        area(fb, &iso, r, AREA, 2.0);
        let top = iso.project(Vec2::new(r[0], r[1]), 0.0);
        label(fb, top, name, AREA, -14.0);
    }
    if let Some(r) = &m.drag {
        area(fb, &iso, r, CURSOR, 3.0);
    }
    for &c in &m.preview {
        let q = diamond(&iso, c, 0.02);
        fill_quad(fb, q, Paint::alpha(m.preview_colour.with_alpha(120)));
    }
    for (at, p, colour) in &m.labels {
        let c = iso.project(Vec2::new(at.0 as f32 + 0.5, at.1 as f32 + 0.5), 0.3);
        label(fb, c, p, *colour, -6.0);
    }
    for (at, word) in &m.points {
        let c = iso.project(*at, 0.05);
        let r = [c[0] - 6.0, c[1] - 3.0];
        let q = [
            [c[0], c[1] - 6.0],
            [c[0] + 10.0, c[1]],
            [c[0], c[1] + 6.0],
            [c[0] - 10.0, c[1]],
        ];
        outline(fb, &q, 2.0, POINT);
        label(fb, r, word, POINT, -18.0);
    }
    if let Some(c) = m.problem {
        let q = diamond(&iso, c, 0.02);
        outline(fb, &q, 4.0, PROBLEM);
        let mid = iso.project(Vec2::new(c.0 as f32 + 0.5, c.1 as f32 + 0.5), 0.0);
        draw_line(
            fb,
            mid,
            [mid[0], mid[1] - 2.0 * HEIGHT_PX],
            3.0,
            LineCap::Round,
            PROBLEM,
        );
    }
    if let Some((c, wall)) = m.cursor {
        let z = if wall { WALL_HEIGHT } else { 0.02 };
        let q = diamond(&iso, c, z);
        fill_quad(fb, q, Paint::alpha(CURSOR.with_alpha(70)));
        outline(fb, &q, 2.0, CURSOR);
    }
}

/// The tile grid: each cell's edges on the floor, or on its top for a wall (so the
/// lines lie on what is drawn), the cells in view only.
fn grid(fb: &mut Framebuffer, iso: &Iso, m: &Marks) {
    let (w, h) = m.size;
    if w <= 0 || h <= 0 {
        return;
    }
    let (x0, y0, x1, y1) = crate::scene::visible_tiles(iso, fb.logical_size(), w, h);
    let z = |x: i32, y: i32| match m.walls.get((y * w + x) as usize) {
        Some(true) => WALL_HEIGHT,
        _ => 0.0,
    };
    let paint = Paint::alpha(GRID);
    let edge = |fb: &mut Framebuffer, a: (f32, f32), b: (f32, f32), z: f32| {
        let (a, b) = (Vec2::new(a.0, a.1), Vec2::new(b.0, b.1));
        draw_line_thin(fb, iso.project(a, z), iso.project(b, z), paint);
    };
    for y in y0..=y1 {
        for x in x0..=x1 {
            let (fx, fy, zc) = (x as f32, y as f32, z(x, y));
            // Its north and west edges; the last row and column close the grid.
            edge(fb, (fx, fy), (fx + 1.0, fy), zc);
            edge(fb, (fx, fy), (fx, fy + 1.0), zc);
            if x == w - 1 {
                edge(fb, (fx + 1.0, fy), (fx + 1.0, fy + 1.0), zc);
            }
            if y == h - 1 {
                edge(fb, (fx, fy + 1.0), (fx + 1.0, fy + 1.0), zc);
            }
        }
    }
}

/// An area's outline on the floor.
fn area(fb: &mut Framebuffer, iso: &Iso, r: &[f32; 4], c: Rgba, width: f32) {
    let q = [
        iso.project(Vec2::new(r[0], r[1]), 0.02),
        iso.project(Vec2::new(r[2], r[1]), 0.02),
        iso.project(Vec2::new(r[2], r[3]), 0.02),
        iso.project(Vec2::new(r[0], r[3]), 0.02),
    ];
    fill_quad(fb, q, Paint::alpha(c.with_alpha(28)));
    outline(fb, &q, width, c);
}

/// `s` centred on scene point `at`, `dy` scene pixels above it, at the screens' text
/// size whatever the zoom (the frame's UI scale).
fn label(fb: &mut Framebuffer, at: [f32; 2], s: &str, c: Rgba, dy: f32) {
    let k = fb.scale();
    let ui = crate::screens::ui_scale(fb.width, fb.height);
    fb.set_scale(ui);
    let x = at[0] * k / ui - text_width(s, 1) as f32 / 2.0;
    let y = (at[1] + dy) * k / ui - 6.0;
    let (x, y) = (x.round() as i32, y.round() as i32);
    draw_text(fb, x + 1, y + 1, s, Rgba::new(0, 0, 0, 220), 1);
    draw_text(fb, x, y, s, c, 1);
    fb.set_scale(k);
}

/// The projection of a frame of `size` pixels whose scene is centred on `center` at
/// `zoom`, in the frame's pixels (the composer draws the scene at
/// [`crate::zoom::scene_scale`] pixels per design pixel): each scene pixel times `k`.
fn projection(size: (usize, usize), center: Vec2, zoom: f32) -> (Iso, f32) {
    let k = crate::zoom::scene_scale(size.1, zoom);
    let iso = Iso {
        center,
        origin: [size.0 as f32 / k * 0.5, size.1 as f32 / k * 0.5],
    };
    (iso, k)
}

/// The frame pixel where cell `(x, y)`'s centre at height `z` is drawn.
pub fn cell_pixel(
    cell: (i32, i32),
    size: (usize, usize),
    center: Vec2,
    zoom: f32,
    z: f32,
) -> (i32, i32) {
    let (iso, k) = projection(size, center, zoom);
    let p = iso.project(Vec2::new(cell.0 as f32 + 0.5, cell.1 as f32 + 0.5), z);
    (
        (p[0] * k - 0.5).round() as i32,
        (p[1] * k - 0.5).round() as i32,
    )
}

/// The cell drawn at frame pixel `px` of a frame of `size` pixels (its scene centred on
/// `center` at `zoom`) on a grid of `grid` cells: the first wall the eye meets there
/// (its top or its side, `wall` saying which cells are walls), else the floor cell
/// under it; `None` off the grid.
pub fn pick(
    px: (i32, i32),
    size: (usize, usize),
    center: Vec2,
    zoom: f32,
    grid: (i32, i32),
    wall: impl Fn(i32, i32) -> bool,
) -> Option<(i32, i32)> {
    let (iso, k) = projection(size, center, zoom);
    let s = [(px.0 as f32 + 0.5) / k, (px.1 as f32 + 0.5) / k];
    let inside = |(x, y): (i32, i32)| x >= 0 && y >= 0 && x < grid.0 && y < grid.1;
    let cell = |p: Vec2| (p.x.floor() as i32, p.y.floor() as i32);
    // Down the eye's ray from a wall's top: the point at height z drawn at `s` lies on
    // the floor under s + z · HEIGHT_PX.
    const STEPS: i32 = 10;
    for i in 0..STEPS {
        let z = WALL_HEIGHT * (STEPS - i) as f32 / STEPS as f32;
        let c = cell(iso.unproject([s[0], s[1] + z * HEIGHT_PX]));
        if inside(c) && wall(c.0, c.1) {
            return Some(c);
        }
    }
    let c = cell(iso.unproject(s));
    inside(c).then_some(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Screen to cell and back: every cell's floor centre picks that cell at every
    /// frame size and zoom; a wall's top picks the wall, and the floor behind a wall
    /// (drawn under it) picks the wall in front.
    #[test]
    fn a_cell_s_pixel_picks_the_cell() {
        let grid = (20, 14);
        let walls = |x: i32, y: i32| x == 7 && (3..9).contains(&y);
        for size in [(1280, 720), (1920, 1080), (3840, 2160), (1600, 900)] {
            for zoom in [0.4, 0.75, 1.0, 2.0] {
                let center = Vec2::new(9.3, 6.8);
                for y in 0..grid.1 {
                    for x in 0..grid.0 {
                        let z = if walls(x, y) { WALL_HEIGHT } else { 0.0 };
                        let px = cell_pixel((x, y), size, center, zoom, z);
                        let got = pick(px, size, center, zoom, grid, walls);
                        // A floor cell hidden behind a wall: the wall is what is seen.
                        // (The eye's ray from a floor point rises toward +x +y: over a
                        // wall's height it meets only the cell diagonally in front.)
                        let hidden = !walls(x, y) && walls(x + 1, y + 1);
                        if !hidden {
                            assert_eq!(got, Some((x, y)), "{size:?} ×{zoom}");
                        } else {
                            let (gx, gy) = got.unwrap();
                            assert!(walls(gx, gy), "{size:?} ×{zoom} ({x}, {y}) → {got:?}");
                        }
                    }
                }
                // Off the grid: nothing.
                let far = cell_pixel((-3, -3), size, center, zoom, 0.0);
                assert_eq!(pick(far, size, center, zoom, grid, walls), None);
            }
        }
    }

    #[test]
    fn the_marks_draw_where_the_cells_are() {
        let mut fb = Framebuffer::new(640, 360);
        fb.set_scale(crate::zoom::scene_scale(360, 1.0));
        let center = Vec2::new(5.0, 5.0);
        let m = Marks {
            size: (10, 10),
            cursor: Some(((5, 5), false)),
            ..Marks::default()
        };
        draw(&mut fb, center, &m);
        let (x, y) = cell_pixel((5, 5), (640, 360), center, 1.0, 0.0);
        let p = fb.get_rgba(x, y).unwrap();
        assert!(
            p.r > 60 && p.g > 40,
            "the cursor's fill under its cell: {p:?}"
        );
        let away = fb.get_rgba(x + 100, y + 100).unwrap();
        assert_eq!(
            (away.r, away.g, away.b),
            (0, 0, 0),
            "nothing elsewhere without a grid"
        );
    }
}
