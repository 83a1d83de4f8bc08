//! What lies on the map to be picked up (REQ K1, K6): ammunition crates (`A`) and supply
//! cases (`K`), drawn as small props on the floor from `World::pickups` — gone once
//! taken. A crate is a squat olive box with a brass stencil band; a case a flatter pale
//! grey-blue hard case with an orange band and a handle: told apart by shape and colour
//! at a glance. In the dark the squad still finds them: where the squad sees now, each
//! has a faint halo, a glint that catches now and then (each on its own clock), and its
//! name in small letters over it.

use raster::{draw_light, draw_line, draw_text, text_width, Framebuffer, LineCap, Paint, Rgba};
use sim::read::{Pickup, PickupKind, World};
use sim::tuning::DT;
use sim::Vec2;

use crate::bodies::px;
use crate::canvas::Canvas;
use crate::iso::Iso;
use crate::palette::{self as pal, memory_tint};

/// A prop's half extents on the floor and its height, world units.
fn size(kind: PickupKind) -> (Vec2, f32) {
    match kind {
        PickupKind::Ammo => (Vec2::new(0.24, 0.17), 0.26),
        PickupKind::Case => (Vec2::new(0.27, 0.16), 0.17),
    }
}

/// The prop's colours: top, the face toward +y (screen left), toward +x (screen right),
/// its band.
fn colours(kind: PickupKind) -> [Rgba; 4] {
    match kind {
        PickupKind::Ammo => [
            pal::CRATE.scale_rgb(1.2),
            pal::CRATE,
            pal::CRATE_DARK,
            pal::CRATE_MARK,
        ],
        PickupKind::Case => [
            pal::CASE.scale_rgb(1.1),
            pal::CASE,
            pal::CASE_DARK,
            pal::CASE_MARK,
        ],
    }
}

/// What a pickup is called over it.
pub fn label(kind: PickupKind) -> &'static str {
    match kind {
        PickupKind::Ammo => "AMMO",
        PickupKind::Case => "KIT",
    }
}

/// A pickup's prop in the sorted pass: a box with its band, grey when only remembered
/// (`live` false). The caller stamps its light and skips taken ones and never-seen
/// tiles.
pub fn draw_pickup(cv: &mut Canvas, iso: &Iso, p: &Pickup, live: bool) {
    let (half, h) = size(p.kind);
    let tint = |c: Rgba| if live { c } else { memory_tint(c) };
    let [top, left, right, band] = colours(p.kind).map(tint);
    let at = |dx: f32, dy: f32, z: f32| iso.project(p.pos + Vec2::new(dx, dy), z);
    let (x0, x1, y0, y1) = (-half.x, half.x, -half.y, half.y);
    // Its shadow first (albedo only), then the faces toward the viewer and the top.
    raster::fill_ellipse(
        cv.albedo(),
        iso.project(p.pos + Vec2::new(0.04, 0.04), 0.0),
        [px(half.x + half.y) * 1.1, px(half.x + half.y) * 0.55],
        Paint::alpha(pal::SHADOW),
    );
    let left_face = [
        at(x0, y1, 0.0),
        at(x1, y1, 0.0),
        at(x1, y1, h),
        at(x0, y1, h),
    ];
    let right_face = [
        at(x1, y1, 0.0),
        at(x1, y0, 0.0),
        at(x1, y0, h),
        at(x1, y1, h),
    ];
    let top_face = [at(x0, y0, h), at(x1, y0, h), at(x1, y1, h), at(x0, y1, h)];
    cv.polygon(&left_face, Paint::opaque(left));
    cv.polygon(&right_face, Paint::opaque(right));
    cv.polygon(&top_face, Paint::opaque(top));
    // The band round it: across the top and down both faces.
    let (bz0, bz1) = (h * 0.35, h * 0.6);
    let bx = x0 + (x1 - x0) * 0.62;
    let bw = (x1 - x0) * 0.16;
    cv.polygon(
        &[
            at(bx, y1, bz0),
            at(bx + bw, y1, bz0),
            at(bx + bw, y1, bz1),
            at(bx, y1, bz1),
        ],
        Paint::opaque(band),
    );
    match p.kind {
        PickupKind::Ammo => {
            // A stencilled band along the lid.
            cv.polygon(
                &[
                    at(bx, y0, h),
                    at(bx + bw, y0, h),
                    at(bx + bw, y1, h),
                    at(bx, y1, h),
                ],
                Paint::opaque(band),
            );
        }
        PickupKind::Case => {
            // Its band round the right face, and a handle on the lid.
            cv.polygon(
                &[
                    at(x1, y1 - 0.06, bz0),
                    at(x1, y0 + 0.06, bz0),
                    at(x1, y0 + 0.06, bz1),
                    at(x1, y1 - 0.06, bz1),
                ],
                Paint::opaque(band),
            );
            let (a, b) = (at(-0.08, 0.0, h + 0.03), at(0.08, 0.0, h + 0.03));
            cv.line(a, b, 2.4, LineCap::Round, tint(pal::CASE_DARK));
        }
    }
    // Edges: the box reads as a box, not a blot.
    let edge = tint(Rgba::new(230, 230, 220, 90));
    for (a, b) in [
        (top_face[3], top_face[2]),
        (top_face[2], top_face[1]),
        (left_face[1], left_face[2]),
    ] {
        cv.line(a, b, 1.0, LineCap::Butt, edge);
    }
}

/// Where a pickup's glint sits: the top corner nearest the viewer.
fn glint_point(iso: &Iso, p: &Pickup) -> [f32; 2] {
    let (half, h) = size(p.kind);
    iso.project(p.pos + Vec2::new(half.x, half.y * 0.2), h)
}

/// How bright pickup `i`'s glint is at `secs`, 0..1: a short catch of light every 2.4 s,
/// each pickup on its own clock.
pub fn glint(i: usize, secs: f32) -> f32 {
    let t = (secs / 2.4 + i as f32 * 0.37).fract();
    let x = (1.0 - (t - 0.1).abs() / 0.1).max(0.0);
    x * x
}

/// On the final frame, for every pickup not taken on a tile the squad sees now
/// (`live(p)`): a faint halo, its glint, and its name in small letters over it.
pub fn draw_pickup_glints(
    fb: &mut Framebuffer,
    iso: &Iso,
    w: &World,
    alpha: f32,
    live: &dyn Fn(Vec2) -> bool,
) {
    let secs = (w.tick() as f32 + alpha) * DT;
    for (i, p) in w.pickups().iter().enumerate() {
        if p.taken || !live(p.pos) {
            continue;
        }
        let band = colours(p.kind)[3];
        let c = iso.project(p.pos, 0.15);
        draw_light(fb, c, 22.0, band, 0.16);
        let g = glint_point(iso, p);
        let k = glint(i, secs);
        if k > 0.0 {
            let s = 2.0 + 5.0 * k;
            let col = Paint::additive(Rgba::new(255, 250, 230, (230.0 * k) as u8));
            draw_line(
                fb,
                [g[0] - s, g[1]],
                [g[0] + s, g[1]],
                1.0,
                LineCap::Round,
                col,
            );
            draw_line(
                fb,
                [g[0], g[1] - s * 0.7],
                [g[0], g[1] + s * 0.7],
                1.0,
                LineCap::Round,
                col,
            );
            draw_light(fb, g, 6.0, Rgba::rgb(255, 250, 230), 0.6 * k);
        }
        let name = label(p.kind);
        let x = (c[0] - text_width(name, 1) as f32 * 0.5).round() as i32;
        let y = (c[1] - 26.0).round() as i32;
        draw_text(fb, x, y, name, Paint::alpha(band.with_alpha(150)), 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_glint_catches_now_and_then_each_on_its_own_clock() {
        let lit = |i: usize| (0..240).filter(|&k| glint(i, k as f32 * DT) > 0.5).count();
        // About a tenth of the period bright: a catch, not a beacon.
        assert!((3..=20).contains(&lit(0)), "{}", lit(0));
        assert_ne!(
            (0..240)
                .map(|k| glint(0, k as f32 * DT))
                .collect::<Vec<_>>(),
            (0..240)
                .map(|k| glint(1, k as f32 * DT))
                .collect::<Vec<_>>()
        );
    }
}
