//! The map's floor props (REQ V2, tiles `g w`): a drain grate, and cables run across
//! the floor from tile to tile. Floor to the simulation, they are drawn with the floor
//! (the albedo alone, lit by the floor's light, grey where remembered).

use raster::{draw_line, fill_circle, fill_quad, Framebuffer, LineCap, Paint, Rgba};
use sim::read::{Map, Tile};
use sim::Vec2;

use crate::iso::Iso;
use crate::props::hash;

/// A floor prop on tile `(x, y)`; `memory` turns a colour into its remembered grey.
pub fn draw_floor_prop(
    fb: &mut Framebuffer,
    iso: &Iso,
    map: &Map,
    (x, y): (i32, i32),
    tile: Tile,
    memory: Option<&dyn Fn(Rgba) -> Rgba>,
) {
    let col = |c: Rgba| memory.map_or(c, |m| m(c));
    let at = |u: f32, v: f32| iso.project(Vec2::new(x as f32 + u, y as f32 + v), 0.0);
    let (l, r, t, b) = (at(0.0, 1.0), at(1.0, 0.0), at(0.0, 0.0), at(1.0, 1.0));
    if !crate::canvas::shows(fb, [l[0] - 8.0, t[1] - 8.0], [r[0] + 8.0, b[1] + 8.0]) {
        return;
    }
    match tile {
        Tile::Grate => {
            let quad = |a: f32, b: f32| [at(a, a), at(b, a), at(b, b), at(a, b)];
            fill_quad(
                fb,
                quad(0.12, 0.88),
                Paint::opaque(col(Rgba::rgb(84, 86, 92))),
            );
            fill_quad(
                fb,
                quad(0.19, 0.81),
                Paint::opaque(col(Rgba::rgb(9, 10, 12))),
            );
            // Water far down catching a little light.
            let h = hash(x, y, 21);
            let wet = at(0.35 + (h & 7) as f32 * 0.03, 0.5);
            fill_circle(
                fb,
                wet,
                5.0,
                Paint::alpha(col(Rgba::rgb(40, 52, 58)).with_alpha(90)),
            );
            let bar = col(Rgba::rgb(74, 76, 82));
            for i in 0..7 {
                let u = 0.24 + i as f32 * 0.087;
                draw_line(fb, at(u, 0.19), at(u, 0.81), 1.5, LineCap::Butt, bar);
            }
            draw_line(
                fb,
                at(0.19, 0.5),
                at(0.81, 0.5),
                1.2,
                LineCap::Butt,
                col(Rgba::rgb(50, 52, 56)),
            );
            for (u, v) in [
                (0.155, 0.155),
                (0.845, 0.155),
                (0.155, 0.845),
                (0.845, 0.845),
            ] {
                fill_circle(fb, at(u, v), 1.3, Paint::opaque(col(Rgba::rgb(30, 30, 34))));
            }
        }
        Tile::Cables => cables(fb, map, (x, y), &col, &at),
        _ => {}
    }
}

/// Cables: from each side where the run goes on (another cable tile, else a wall it
/// comes out of), through the middle; a loose coil where it ends.
fn cables(
    fb: &mut Framebuffer,
    map: &Map,
    (x, y): (i32, i32),
    col: &dyn Fn(Rgba) -> Rgba,
    at: &dyn Fn(f32, f32) -> [f32; 2],
) {
    let sides = [(-1, 0), (0, -1), (1, 0), (0, 1)];
    let mid = |(dx, dy): (i32, i32)| (0.5 + dx as f32 * 0.5, 0.5 + dy as f32 * 0.5);
    let mut ends: Vec<(f32, f32)> = sides
        .iter()
        .filter(|&&(dx, dy)| map.tile(x + dx, y + dy) == Tile::Cables)
        .map(|&d| mid(d))
        .collect();
    if ends.len() < 2 {
        if let Some(&d) = sides
            .iter()
            .find(|&&(dx, dy)| map.tile(x + dx, y + dy).is_wall() && !ends.contains(&mid((dx, dy))))
        {
            ends.push(mid(d));
        }
    }
    let h = hash(x, y, 22);
    let colours = [
        Rgba::rgb(24, 24, 26),
        Rgba::rgb(30, 28, 24),
        Rgba::rgb(96, 64, 22),
    ];
    let coil = ends.len() < 2;
    for (k, &c) in colours.iter().enumerate().take(2 + (h & 1) as usize) {
        let off = (k as f32 - 0.8) * 0.07;
        let through = (
            0.5 + off,
            0.5 - off * 0.5 + ((h >> (4 + k)) & 3) as f32 * 0.02,
        );
        let mut legs = Vec::new();
        for &(u, v) in &ends {
            let e = (
                u + off * (1.0 - (u - 0.5).abs() * 2.0),
                v + off * (1.0 - (v - 0.5).abs() * 2.0),
            );
            legs.push(e);
        }
        for e in &legs {
            // A sagging curve from the side to the middle.
            let bend = ((h >> (8 + k)) & 7) as f32 * 0.02 - 0.07;
            let m = (
                (e.0 + through.0) * 0.5 + bend,
                (e.1 + through.1) * 0.5 - bend,
            );
            let pts = [*e, m, through];
            for w in pts.windows(2) {
                let (a, b) = (at(w[0].0, w[0].1), at(w[1].0, w[1].1));
                draw_line(fb, a, b, 2.6, LineCap::Round, col(c));
                draw_line(
                    fb,
                    [a[0], a[1] - 0.7],
                    [b[0], b[1] - 0.7],
                    0.8,
                    LineCap::Round,
                    col(c.scale_rgb(2.4)).with_alpha(150),
                );
            }
        }
        if coil && k == 0 {
            let c0 = at(through.0, through.1);
            raster::stroke_ellipse(fb, c0, [7.0, 3.5], 2.2, Paint::opaque(col(c)));
            raster::stroke_ellipse(
                fb,
                [c0[0] + 2.0, c0[1] + 1.0],
                [5.0, 2.5],
                2.0,
                Paint::opaque(col(c)),
            );
        }
    }
}
