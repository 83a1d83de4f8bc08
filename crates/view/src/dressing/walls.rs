//! The walls' baked detail (REQ V2): per material eight variants of a face — four
//! whole, four worn or damaged —, baked for the +y face (left on screen) and the +x face
//! (right), each anchored at its front bottom corner, `u` along the bottom edge and `v`
//! up the face.

use super::bake::{
    inset, Bake, Baked, DARK, GRIME, HAZARD, LEFT_U, LIGHT, MOSS, PAINT_RED, RIGHT_U, RUST, UP,
};
use super::regions::WallKind;

/// Variants per wall material: `0..CLEAN` whole, the rest worn.
pub const VARIANTS: usize = 8;
pub const CLEAN: usize = 4;

/// Which visible face.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Face {
    /// The +y face, the left one on screen.
    Left,
    /// The +x face, the right one on screen.
    Right,
}

/// Variant `k` of a wall of `kind`, for `face`.
pub fn face(kind: WallKind, face: Face, k: usize, scale: f32) -> Baked {
    let (u, extent) = match face {
        Face::Left => (LEFT_U, [0.0, 36.0, 32.0, 16.0]),
        Face::Right => (RIGHT_U, [0.0, 52.0, 32.0, 0.0]),
    };
    // The same seed for both faces: a variant looks alike whichever way it faces.
    let mut b = Bake::new(scale, extent, u, UP, 4000 + kind as u32 * 100 + k as u32);
    match kind {
        WallKind::Panels => panels(&mut b, k),
        WallKind::Concrete => concrete(&mut b, k),
        WallKind::Tiled => tiled(&mut b, k),
    }
    b.finish(inset(scale, u, UP, 0.6))
}

/// Streaks running down from `top` to a random depth.
fn streaks(b: &mut Bake, n: usize, top: f32, c: raster::Rgba, alpha: (u8, u8)) {
    for _ in 0..n {
        let u = b.range(0.08, 0.92);
        let end = b.range(0.15, top - 0.15);
        let w = b.range(0.8, 2.4);
        let a = alpha.0 + (b.rand() * (alpha.1 - alpha.0) as f32) as u8;
        let drift = b.range(-0.02, 0.02);
        b.stroke((u, top), (u + drift, end), w, c, a);
    }
}

/// Steel panels: a seam at the panel's edge, a kick plate, a top trim, rivets.
fn panels(b: &mut Bake, k: usize) {
    b.rect((0.0, 1.0), (0.0, 0.16), DARK, 55);
    b.line((0.0, 0.15), (1.0, 0.15), 0.8, DARK, 110);
    b.line((0.0, 0.165), (1.0, 0.165), 0.9, LIGHT, 70);
    b.rect((0.0, 1.0), (0.88, 1.0), DARK, 40);
    b.line((0.0, 0.88), (1.0, 0.88), 0.9, DARK, 120);
    b.line((0.0, 0.9), (1.0, 0.9), 0.8, LIGHT, 50);
    b.line((0.02, 0.0), (0.02, 1.0), 1.2, DARK, 150);
    b.line((0.05, 0.0), (0.05, 1.0), 0.8, LIGHT, 40);
    for v in [0.3, 0.5, 0.7] {
        b.rivet((0.1, v), 0.85);
    }
    for u in [0.18, 0.5, 0.82] {
        b.rivet((u, 0.08), 0.85);
    }
    if k.is_multiple_of(2) {
        b.line((0.05, 0.55), (1.0, 0.55), 0.9, DARK, 90);
        b.line((0.05, 0.565), (1.0, 0.565), 0.7, LIGHT, 40);
    }
    match k {
        1 => streaks(b, 5, 0.87, GRIME, (40, 80)),
        3 => {
            // A vent grille.
            b.rect((0.3, 0.72), (0.38, 0.7), DARK, 120);
            for i in 0..5 {
                let v = 0.42 + i as f32 * 0.06;
                b.line((0.32, v), (0.7, v), 0.9, LIGHT, 60);
            }
            b.line((0.3, 0.7), (0.72, 0.7), 0.8, LIGHT, 60);
        }
        4 => {
            streaks(b, 7, 0.87, GRIME, (50, 100));
            for v in [0.3, 0.5, 0.7] {
                let l = b.range(0.1, 0.25);
                b.stroke((0.11, v - 0.02), (0.11, v - l), 1.2, RUST, 110);
            }
        }
        5 => {
            // A dent, scratched round.
            let c = (b.range(0.4, 0.7), b.range(0.35, 0.65));
            b.blot(c, (0.18, 0.15), 0.4, DARK, 80);
            b.stroke(
                (c.0 - 0.14, c.1 + 0.12),
                (c.0 + 0.1, c.1 + 0.16),
                0.8,
                LIGHT,
                70,
            );
            for _ in 0..3 {
                let (u, v) = (b.range(0.2, 0.8), b.range(0.25, 0.8));
                b.stroke((u, v), (u + 0.2, v - 0.08), 0.6, LIGHT, 60);
            }
        }
        6 => {
            // Torn open: a ragged hole, its lips lit.
            let c = (b.range(0.4, 0.65), b.range(0.4, 0.6));
            b.blot((c.0 + 0.02, c.1 + 0.02), (0.2, 0.17), 0.8, LIGHT, 70);
            b.blot(c, (0.18, 0.15), 0.8, DARK, 230);
            b.stroke(
                (c.0 - 0.1, c.1 - 0.05),
                (c.0 + 0.1, c.1 - 0.02),
                1.0,
                RUST,
                120,
            );
            streaks(b, 3, 0.87, GRIME, (40, 70));
        }
        7 => {
            // Hazard stripes on the kick plate.
            for i in 0..6 {
                let u = i as f32 / 6.0 + 0.02;
                b.poly(
                    &[
                        (u, 0.01),
                        (u + 0.08, 0.01),
                        (u + 0.13, 0.14),
                        (u + 0.05, 0.14),
                    ],
                    HAZARD,
                    120,
                );
            }
            streaks(b, 3, 0.87, GRIME, (40, 70));
        }
        _ => {}
    }
}

/// Cast concrete: formwork seams, tie holes, a damp foot.
fn concrete(b: &mut Bake, k: usize) {
    for _ in 0..2 {
        let c = (b.range(0.2, 0.8), b.range(0.3, 0.8));
        b.blot(c, (0.3, 0.2), 0.5, GRIME, 22);
    }
    for v in [0.34, 0.67] {
        b.line((0.0, v), (1.0, v), 0.8, DARK, 70);
    }
    b.line((0.5, 0.0), (0.5, 1.0), 0.7, DARK, 35);
    for v in [0.17, 0.5, 0.83] {
        for u in [0.25, 0.75] {
            b.dot((u, v), 0.9, DARK, 150);
        }
    }
    for _ in 0..14 {
        let c = (b.range(0.05, 0.95), b.range(0.05, 0.95));
        let r = b.range(0.3, 0.6);
        b.dot(c, r, DARK, 70);
    }
    b.rect((0.0, 1.0), (0.0, 0.12), GRIME, 60);
    b.rect((0.0, 1.0), (0.0, 0.05), DARK, 50);
    match k {
        1 => streaks(b, 6, 0.98, DARK, (30, 60)),
        3 => {
            let u = b.range(0.2, 0.8);
            b.crack((u, 0.02), (0.1, 0.9), 0.7, 1.1);
        }
        4 => {
            // Spalled: a chunk gone, the rebar bleeding rust.
            let c = (b.range(0.35, 0.65), b.range(0.35, 0.6));
            b.blot((c.0 - 0.02, c.1 + 0.02), (0.2, 0.16), 0.7, LIGHT, 60);
            b.blot(c, (0.18, 0.14), 0.7, DARK, 140);
            b.line((c.0 - 0.15, c.1), (c.0 + 0.15, c.1), 1.2, RUST, 170);
            b.stroke(
                (c.0 + 0.05, c.1 - 0.05),
                (c.0 + 0.06, c.1 - 0.35),
                1.5,
                RUST,
                80,
            );
        }
        5 => {
            // Scrawled in red: tally marks struck through.
            let (u, v) = (b.range(0.2, 0.4), b.range(0.4, 0.6));
            for i in 0..4 {
                let x = u + i as f32 * 0.08;
                b.stroke((x, v), (x + 0.02, v + 0.22), 1.4, PAINT_RED, 160);
            }
            b.stroke(
                (u - 0.04, v + 0.04),
                (u + 0.34, v + 0.18),
                1.4,
                PAINT_RED,
                160,
            );
            streaks(b, 2, 0.98, DARK, (30, 50));
        }
        6 => {
            for _ in 0..4 {
                let c = (b.range(0.1, 0.9), b.range(0.03, 0.2));
                b.blot(c, (0.14, 0.08), 0.8, MOSS, 90);
            }
            streaks(b, 5, 0.98, GRIME, (40, 80));
        }
        7 => {
            // Scorched.
            let c = (b.range(0.35, 0.65), b.range(0.3, 0.5));
            b.blot(c, (0.35, 0.4), 0.6, DARK, 70);
            b.blot(c, (0.2, 0.25), 0.6, DARK, 90);
        }
        _ => {
            if k == 2 {
                // A bolted sign, its text long gone.
                b.rect((0.3, 0.7), (0.5, 0.72), LIGHT, 55);
                for (p, q) in [((0.3, 0.5), (0.7, 0.5)), ((0.7, 0.5), (0.7, 0.72))] {
                    b.line(p, q, 0.8, DARK, 110);
                }
                for v in [0.57, 0.65] {
                    b.line((0.36, v), (0.6, v), 1.2, DARK, 70);
                }
            }
        }
    }
}

/// Tiles to the waist in a running bond, a trim, paint above.
fn tiled(b: &mut Bake, k: usize) {
    let top = 0.5;
    for row in 0..5 {
        let v0 = row as f32 * 0.1;
        let off = if row % 2 == 0 { 0.0 } else { 0.1 };
        for i in 0..6 {
            let u0 = i as f32 * 0.2 - off;
            let s = b.rand();
            if !(0.25..=0.8).contains(&s) {
                let (c, a) = if s < 0.25 {
                    (DARK, 12 + (s * 80.0) as u8)
                } else {
                    (LIGHT, ((s - 0.8) * 100.0) as u8)
                };
                b.rect((u0.max(0.0), (u0 + 0.2).min(1.0)), (v0, v0 + 0.1), c, a);
            }
            if u0 > 0.0 {
                b.line((u0, v0), (u0, v0 + 0.1), 0.7, DARK, 80);
            }
        }
        b.line((0.0, v0 + 0.1), (1.0, v0 + 0.1), 0.7, DARK, 80);
    }
    b.rect((0.0, 1.0), (top, top + 0.06), DARK, 80);
    b.line((0.0, top + 0.06), (1.0, top + 0.06), 0.8, LIGHT, 45);
    let u = b.range(0.3, 0.7);
    b.blot((u, 0.78), (0.3, 0.12), 0.6, GRIME, 25);
    match k {
        1 => {
            for _ in 0..2 {
                let (u, v) = (
                    (b.rand() * 5.0).floor() * 0.2,
                    (b.rand() * 5.0).floor() * 0.1,
                );
                b.rect((u + 0.01, u + 0.19), (v + 0.01, v + 0.09), DARK, 160);
            }
        }
        3 => streaks(b, 6, 0.98, GRIME, (35, 70)),
        4 => {
            // Paint peeling above the trim.
            for _ in 0..3 {
                let c = (b.range(0.15, 0.85), b.range(0.62, 0.9));
                let r = (b.range(0.06, 0.12), b.range(0.05, 0.09));
                b.blot((c.0 + 0.01, c.1 - 0.01), r, 0.8, DARK, 70);
                b.blot(c, r, 0.8, LIGHT, 60);
            }
        }
        5 => {
            let u = b.range(0.1, 0.6);
            b.crack((u, 0.05), (0.4, 0.8), 0.4, 1.0);
            b.rect((0.0, 1.0), (0.0, 0.15), GRIME, 70);
        }
        6 => {
            // A smeared red hand's drag across the paint.
            let (u, v) = (b.range(0.25, 0.45), b.range(0.7, 0.85));
            for i in 0..4 {
                let d = i as f32 * 0.025;
                b.stroke(
                    (u + d, v + d * 0.5),
                    (u + 0.25 + d, v - 0.2),
                    1.3,
                    PAINT_RED,
                    110,
                );
            }
        }
        7 => {
            // A switch plate.
            b.rect((0.55, 0.68), (0.66, 0.8), LIGHT, 70);
            b.line((0.55, 0.66), (0.68, 0.66), 0.8, DARK, 110);
            b.line((0.615, 0.7), (0.615, 0.76), 1.2, DARK, 150);
        }
        _ => {}
    }
}
