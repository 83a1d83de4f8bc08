//! The floors' baked detail (REQ V2): per material eight variants of one tile — four
//! kept clean, four worn (stains, cracks, rust, grime) —, the grime that gathers along a
//! wall, and the wall tops' speckle. Each is a [`Baked`] sprite of multipliers on the
//! floor diamond, anchored at the tile's top corner.

use super::bake::{
    inset, Bake, Baked, DARK, FLOOR_U, FLOOR_V, GRIME, HAZARD, LIGHT, MOSS, OIL, RUST,
};
use super::regions::FloorKind;

/// Variants per floor material: `0..CLEAN` clean, the rest worn (each of the four
/// clean and four worn designs twice, with other draws).
pub const VARIANTS: usize = 16;
pub const CLEAN: usize = 8;
/// Wall tops' variants: plain, cracked, stained, chipped.
pub const TOPS: usize = 6;

/// The diamond's extent round its top corner: left, up, right, down.
const EXTENT: [f32; 4] = [32.0, 0.0, 32.0, 32.0];

fn bake(scale: f32, seed: u32) -> Bake {
    Bake::new(scale, EXTENT, FLOOR_U, FLOOR_V, seed)
}

fn done(b: Bake, scale: f32) -> Baked {
    b.finish(inset(scale, FLOOR_U, FLOOR_V, 0.8))
}

/// Variant `k` of a floor of `kind`.
pub fn floor(kind: FloorKind, k: usize, scale: f32) -> Baked {
    let mut b = bake(scale, 1000 + kind as u32 * 100 + k as u32);
    // The design: 0..4 clean, 4..8 worn.
    let design = if k < CLEAN { k % 4 } else { 4 + k % 4 };
    match kind {
        FloorKind::Plates => plates(&mut b, design),
        FloorKind::Tiles => tiles(&mut b, design),
        FloorKind::Concrete => concrete(&mut b, design),
    }
    done(b, scale)
}

/// The groove of a concrete slab's joint along a tile's back edge: 0 at u = 0, 1 at
/// v = 0 (slabs are three tiles square: the joints fall on every third tile).
pub fn joint(e: usize, scale: f32) -> Baked {
    let mut b = bake(scale, 2500 + e as u32);
    let (p, q, r, t) = if e == 0 {
        ((0.025, 0.0), (0.025, 1.0), (0.065, 0.0), (0.065, 1.0))
    } else {
        ((0.0, 0.025), (1.0, 0.025), (0.0, 0.065), (1.0, 0.065))
    };
    b.line(p, q, 1.6, DARK, 150);
    b.line(r, t, 0.8, LIGHT, 40);
    done(b, scale)
}

/// Steel deck plates: a bevelled seam on the two back edges, a bolt in each corner.
fn plates(b: &mut Bake, k: usize) {
    b.line((0.02, 0.0), (0.02, 1.0), 1.2, DARK, 170);
    b.line((0.0, 0.02), (1.0, 0.02), 1.2, DARK, 170);
    b.line((0.055, 0.04), (0.055, 1.0), 0.8, LIGHT, 45);
    b.line((0.04, 0.055), (1.0, 0.055), 0.8, LIGHT, 45);
    for (u, v) in [(0.12, 0.12), (0.88, 0.12), (0.12, 0.88), (0.88, 0.88)] {
        b.rivet((u, v), 1.1);
    }
    match k {
        1 => {
            // Tread: raised dashes, alternately along u and along v.
            for i in 0..5 {
                for j in 0..5 {
                    let (u, v) = (0.2 + i as f32 * 0.15, 0.2 + j as f32 * 0.15);
                    let (a, c) = if (i + j) % 2 == 0 {
                        ((u - 0.04, v), (u + 0.04, v))
                    } else {
                        ((u, v - 0.04), (u, v + 0.04))
                    };
                    b.stroke(
                        (a.0 + 0.01, a.1 + 0.01),
                        (c.0 + 0.01, c.1 + 0.01),
                        1.3,
                        DARK,
                        50,
                    );
                    b.stroke(a, c, 1.1, LIGHT, 55);
                }
            }
        }
        2 => {
            for _ in 0..4 {
                let (u, v) = (b.range(0.2, 0.7), b.range(0.2, 0.7));
                let (du, dv) = (b.range(0.1, 0.3), b.range(-0.1, 0.1));
                b.stroke((u, v), (u + du, v + dv), 0.7, LIGHT, 50);
            }
            let (u, v) = (b.range(0.3, 0.6), b.range(0.3, 0.6));
            b.stroke((u, v), (u + 0.2, v + 0.05), 0.8, DARK, 60);
        }
        3 => {
            // An inspection hatch: an inner plate, its bolts and a lifting slot.
            let (a, c) = (0.28, 0.72);
            b.rect((a, c), (a, c), DARK, 25);
            for (p, q) in [((a, a), (c, a)), ((a, a), (a, c))] {
                b.line(p, q, 1.0, DARK, 150);
            }
            for (p, q) in [((a, c), (c, c)), ((c, a), (c, c))] {
                b.line(p, q, 1.0, LIGHT, 60);
            }
            b.rivet((0.34, 0.34), 0.9);
            b.rivet((0.66, 0.66), 0.9);
            b.line((0.45, 0.56), (0.55, 0.56), 1.4, DARK, 190);
        }
        4 => {
            // Rust eating in from a corner, pitted.
            let (u, v) = (b.range(0.3, 0.7), b.range(0.3, 0.7));
            for _ in 0..3 {
                let c = (u + b.range(-0.12, 0.12), v + b.range(-0.12, 0.12));
                let r = b.range(0.08, 0.18);
                let a = 45 + (b.rand() * 40.0) as u8;
                b.blot(c, (r, r * 0.8), 0.6, RUST, a);
            }
            for _ in 0..8 {
                let c = (u + b.range(-0.2, 0.2), v + b.range(-0.2, 0.2));
                b.dot(c, 0.7, DARK, 90);
            }
        }
        5 => oil(b),
        6 => {
            // A dent with a split running out of it.
            b.blot((0.5, 0.5), (0.16, 0.12), 0.3, DARK, 55);
            b.stroke((0.4, 0.42), (0.58, 0.4), 0.8, LIGHT, 60);
            b.crack((0.55, 0.55), (0.7, 0.5), 0.45, 0.8);
        }
        7 => grime(b, 6),
        _ => {}
    }
}

/// Small ceramic tiles, three by three, in grout.
fn tiles(b: &mut Bake, k: usize) {
    let n = 3;
    for i in 0..n {
        for j in 0..n {
            let (u0, v0) = (i as f32 / n as f32, j as f32 / n as f32);
            let (u1, v1) = (u0 + 1.0 / n as f32, v0 + 1.0 / n as f32);
            // A few tiles a shade off their neighbours.
            let shade = b.rand();
            if shade < 0.25 {
                b.rect((u0, u1), (v0, v1), DARK, 14 + (shade * 80.0) as u8);
            } else if shade > 0.8 {
                b.rect((u0, u1), (v0, v1), LIGHT, ((shade - 0.8) * 90.0) as u8);
            }
            b.line(
                (u0 + 0.03, v0 + 0.03),
                (u1 - 0.02, v0 + 0.03),
                0.7,
                LIGHT,
                40,
            );
        }
    }
    let grout = if k == 5 { 170 } else { 110 };
    let wide = if k == 5 { 1.3 } else { 0.9 };
    for i in 0..n {
        let t = i as f32 / n as f32 + 0.012;
        b.line((t, 0.0), (t, 1.0), wide, DARK, grout);
        b.line((0.0, t), (1.0, t), wide, DARK, grout);
    }
    let cell = |b: &mut Bake| {
        let (i, j) = ((b.rand() * 3.0) as usize, (b.rand() * 3.0) as usize);
        (i.min(2) as f32 / 3.0, j.min(2) as f32 / 3.0)
    };
    match k {
        2 => {
            // Grout gone dark round one tile.
            let (u, v) = cell(b);
            b.rect((u + 0.02, u + 0.32), (v + 0.02, v + 0.32), GRIME, 45);
        }
        6 => {
            for _ in 0..2 {
                let (u, v) = cell(b);
                b.crack((u + 0.05, v + 0.1), (0.6, 0.45), 0.3, 0.9);
            }
        }
        3 => {
            // A tile gone: the bed under it, crumbs of it.
            let (u, v) = cell(b);
            b.rect((u + 0.03, u + 0.33), (v + 0.03, v + 0.33), DARK, 160);
            for _ in 0..5 {
                let c = (u + b.range(0.06, 0.3), v + b.range(0.06, 0.3));
                b.dot(c, 0.8, LIGHT, 90);
            }
        }
        4 => {
            let c = (b.range(0.35, 0.65), b.range(0.35, 0.65));
            b.blot(c, (0.28, 0.2), 0.6, GRIME, 100);
            b.blot(c, (0.14, 0.1), 0.6, RUST, 60);
        }
        5 => grime(b, 4),
        7 => {
            // A floor drain: a dark round hole behind slots, a lit rim.
            let c = (0.5, 0.5);
            b.blot((0.48, 0.48), (0.19, 0.19), 0.0, LIGHT, 60);
            b.blot(c, (0.16, 0.16), 0.0, DARK, 200);
            for s in [-0.08, 0.0, 0.08] {
                b.line((0.4, 0.5 + s), (0.6, 0.5 + s), 1.0, LIGHT, 70);
            }
            b.blot((0.55, 0.6), (0.3, 0.25), 0.5, GRIME, 70);
        }
        _ => {}
    }
}

/// Poured concrete: pits and mottling, joints, cracks, patches.
fn concrete(b: &mut Bake, k: usize) {
    for _ in 0..3 {
        let c = (b.range(0.2, 0.8), b.range(0.2, 0.8));
        let r = b.range(0.15, 0.3);
        let a = 18 + (b.rand() * 16.0) as u8;
        b.blot(c, (r, r * 0.7), 0.5, GRIME, a);
    }
    for _ in 0..9 {
        let c = (b.range(0.05, 0.95), b.range(0.05, 0.95));
        let a = 40 + (b.rand() * 40.0) as u8;
        let r = b.range(0.35, 0.75);
        b.dot(c, r, DARK, a);
    }
    for _ in 0..4 {
        let c = (b.range(0.05, 0.95), b.range(0.05, 0.95));
        b.dot(c, 0.5, LIGHT, 35);
    }
    match k {
        1 => {
            // Scuffed: tyre marks.
            let v = b.range(0.3, 0.6);
            for d in [0.0, 0.12] {
                b.stroke((0.05, v + d), (0.95, v + d + 0.1), 2.2, DARK, 30);
            }
        }
        2 => {
            // A hairline crack, now and then.
            if b.rand() < 0.5 {
                let a = (b.range(0.05, 0.3), b.range(0.1, 0.4));
                b.crack(a, (0.75, 0.55), 0.6, 0.7);
            }
        }
        3 => {
            for _ in 0..3 {
                let c = (b.range(0.3, 0.7), b.range(0.3, 0.7));
                let r = b.range(0.12, 0.25);
                b.blot(c, (r, r * 0.8), 0.7, DARK, 60);
            }
        }
        4 => {
            // A patch of newer concrete, its edge lit.
            let (u0, v0) = (b.range(0.15, 0.35), b.range(0.15, 0.35));
            let (u1, v1) = (u0 + b.range(0.3, 0.45), v0 + b.range(0.3, 0.45));
            b.rect((u0, u1), (v0, v1), DARK, 45);
            b.line((u0, v0), (u1, v0), 0.8, LIGHT, 50);
            b.line((u0, v0), (u0, v1), 0.8, LIGHT, 50);
            b.line((u0, v1), (u1, v1), 0.9, DARK, 90);
        }
        5 => {
            b.crack((0.2, 0.6), (0.7, -0.3), 0.5, 1.0);
            let c = (b.range(0.4, 0.6), b.range(0.4, 0.6));
            b.blot((c.0 - 0.02, c.1 - 0.02), (0.1, 0.08), 0.6, LIGHT, 60);
            b.blot(c, (0.09, 0.07), 0.6, DARK, 150);
        }
        6 => oil(b),
        7 => {
            // Damp: a mossy stain and the grime round it.
            let c = (b.range(0.3, 0.7), b.range(0.3, 0.7));
            b.blot(c, (0.3, 0.24), 0.6, MOSS, 70);
            b.blot(c, (0.18, 0.14), 0.6, GRIME, 80);
        }
        _ => {
            // A worn painted floor marking's end.
            if b.rand() < 0.5 {
                for i in 0..3 {
                    let u = 0.3 + i as f32 * 0.12;
                    b.poly(
                        &[(u, 0.4), (u + 0.06, 0.4), (u + 0.1, 0.6), (u + 0.04, 0.6)],
                        HAZARD,
                        40,
                    );
                }
            }
        }
    }
}

fn oil(b: &mut Bake) {
    let c = (b.range(0.35, 0.6), b.range(0.35, 0.6));
    b.blot(c, (0.25, 0.18), 0.6, OIL, 70);
    b.blot(c, (0.13, 0.09), 0.6, OIL, 70);
    b.stroke(
        (c.0 - 0.12, c.1 - 0.05),
        (c.0 + 0.02, c.1 - 0.12),
        0.8,
        LIGHT,
        45,
    );
}

fn grime(b: &mut Bake, n: usize) {
    for _ in 0..n {
        let c = (b.range(0.15, 0.85), b.range(0.15, 0.85));
        let r = b.range(0.08, 0.2);
        let a = 50 + (b.rand() * 50.0) as u8;
        b.blot(c, (r, r * 0.7), 0.7, GRIME, a);
    }
    for _ in 0..3 {
        let (u, v) = (b.range(0.2, 0.7), b.range(0.2, 0.7));
        b.stroke((u, v), (u + 0.2, v + 0.08), 1.2, DARK, 45);
    }
}

/// Grime gathered along a tile's edge against a wall: edge 0 is u = 0 (the wall at −x),
/// 1 is v = 0 (−y), 2 is u = 1 (+x), 3 is v = 1 (+y); two variants each.
pub fn edge(e: usize, k: usize, scale: f32) -> Baked {
    let mut b = bake(scale, 2000 + e as u32 * 10 + k as u32);
    // (u, v) of a point `d` in from the edge, `t` along it.
    let at = |d: f32, t: f32| match e {
        0 => (d, t),
        1 => (t, d),
        2 => (1.0 - d, t),
        _ => (t, 1.0 - d),
    };
    for i in 0..7 {
        let d = 0.02 + i as f32 * 0.035;
        let a = (95.0 * (1.0 - i as f32 / 7.0)) as u8;
        b.line(at(d, 0.0), at(d, 1.0), 3.0, GRIME, a / 2);
    }
    for _ in 0..4 {
        let c = at(b.range(0.05, 0.2), b.range(0.1, 0.9));
        let r = b.range(0.06, 0.14);
        b.blot(c, (r, r), 0.7, DARK, 55);
    }
    done(b, scale)
}

/// A wall top's speckle and wear (the diamond at the wall's height).
pub fn top(k: usize, scale: f32) -> Baked {
    let mut b = bake(scale, 3000 + k as u32);
    for _ in 0..14 {
        let c = (b.range(0.08, 0.92), b.range(0.08, 0.92));
        let r = b.range(0.4, 0.8);
        b.dot(c, r, DARK, 60);
    }
    b.line((0.05, 0.05), (0.95, 0.05), 0.8, DARK, 60);
    b.line((0.05, 0.05), (0.05, 0.95), 0.8, DARK, 60);
    match k {
        1 | 2 => {
            let a = (b.range(0.15, 0.5), b.range(0.15, 0.4));
            let d = (b.range(0.2, 0.6), b.range(0.4, 0.8));
            b.crack(a, d, 0.6, 0.9);
        }
        3 | 4 => {
            let c = (b.range(0.3, 0.7), b.range(0.3, 0.7));
            b.blot(c, (0.3, 0.22), 0.7, GRIME, 60);
        }
        5 => {
            // Bird-lime and soot streaks.
            for _ in 0..3 {
                let (u, v) = (b.range(0.2, 0.7), b.range(0.2, 0.7));
                b.stroke((u, v), (u + 0.18, v + 0.05), 1.4, DARK, 50);
            }
        }
        _ => {}
    }
    done(b, scale)
}
