//! Lamp fixtures (REQ V2): each of the map's lamps `L` is a post on a floor plate, an
//! enamel shade at its head and a bulb in a wire cage under it. The post is drawn in the
//! sorted pass, lit by its own lamp; the bulb and a faint cone of its light through the
//! haze go on the final frame where the squad sees the lamp now (a remembered lamp is a
//! grey fixture with a dead bulb).

use raster::{draw_light, fill_circle, fill_convex_polygon, Framebuffer, LineCap, Paint, Rgba};
use sim::Vec2;

use crate::canvas::Canvas;
use crate::iso::Iso;
use crate::palette as pal;
use crate::props::Look;

/// The bulb's height, world units (under the shade).
pub const BULB_Z: f32 = 0.82;
/// The shade: its rim and its crown.
const RIM_Z: f32 = 0.9;
const CROWN_Z: f32 = 1.02;
/// Half the shade's rim on screen, drawing units.
const RIM: f32 = 9.0;

/// The fixture at `l` (the post, shade and cage), as `look` shows it.
pub fn draw_lamp(cv: &mut Canvas, iso: &Iso, l: Vec2, look: &Look) {
    let base = iso.project(l, 0.0);
    if !cv.shows(
        [base[0] - 12.0, base[1] - 44.0],
        [base[0] + 12.0, base[1] + 6.0],
    ) {
        return;
    }
    let head = iso.project(l, CROWN_Z);
    let rim = iso.project(l, RIM_Z);
    let metal = look.col(Rgba::rgb(54, 52, 50));
    cv.ellipse(
        base,
        [8.0, 4.0],
        Paint::opaque(look.col(Rgba::rgb(36, 35, 34))),
    );
    cv.stroke_ellipse(
        base,
        [8.0, 4.0],
        1.0,
        Paint::opaque(look.col(Rgba::rgb(70, 68, 64))),
    );
    cv.line(base, head, 3.0, LineCap::Butt, Paint::opaque(metal));
    cv.inner_line(
        [base[0] + 0.8, base[1]],
        [head[0] + 0.8, head[1]],
        0.8,
        LineCap::Butt,
        look.col(Rgba::rgb(104, 100, 94)),
    );
    // The cage under the shade: three wires to a small ring under the bulb.
    let foot = iso.project(l, 0.72);
    let wire = look.col(Rgba::rgb(84, 84, 82));
    for dx in [-RIM * 0.75, 0.0, RIM * 0.75] {
        cv.line(
            [rim[0] + dx, rim[1]],
            [foot[0] + dx * 0.35, foot[1]],
            0.8,
            LineCap::Round,
            Paint::opaque(wire),
        );
    }
    cv.stroke_ellipse(foot, [3.0, 1.4], 0.8, Paint::opaque(wire));
    let bulb = iso.project(l, BULB_Z);
    if !look.glows() || look.lit.is_none() {
        // A dead bulb where it is remembered; in the plain scene, a lit one.
        match look.lit {
            None => {
                cv.circle(bulb, 5.0, Paint::additive(pal::LAMP.with_alpha(120)));
                cv.circle(bulb, 2.5, Paint::opaque(pal::LAMP));
            }
            Some(_) => cv.circle(bulb, 2.5, Paint::opaque(look.col(Rgba::rgb(150, 146, 130)))),
        }
    }
    // The shade: a cone of green enamel, pale inside at the rim.
    let shade = look.col(Rgba::rgb(50, 66, 54));
    cv.polygon(
        &[
            [head[0] - 3.0, head[1]],
            [head[0] + 3.0, head[1]],
            [rim[0] + RIM, rim[1]],
            [rim[0] - RIM, rim[1]],
        ],
        Paint::opaque(shade),
    );
    cv.ellipse(
        rim,
        [RIM, 2.6],
        Paint::opaque(look.col(Rgba::rgb(150, 146, 120))),
    );
    cv.inner_line(
        [head[0] + 1.5, head[1]],
        [rim[0] + RIM * 0.6, rim[1] - 1.0],
        1.2,
        LineCap::Butt,
        look.col(Rgba::rgb(96, 118, 100)),
    );
}

/// The bulb and a faint cone of light under the shade, on the final frame, at `level`
/// (0..1).
pub fn draw_lamp_glow(fb: &mut Framebuffer, iso: &Iso, l: Vec2, level: f32) {
    let k = level.clamp(0.0, 1.0);
    let bulb = iso.project(l, BULB_Z);
    let rim = iso.project(l, RIM_Z);
    let floor = iso.project(l, 0.0);
    // The haze lit under the shade, widening to a round pool on the floor.
    let mut cone = vec![
        [rim[0] - RIM * 0.9, rim[1] + 1.0],
        [rim[0] + RIM * 0.9, rim[1] + 1.0],
    ];
    cone.extend((0..=8).map(|i| {
        let a = i as f32 / 8.0 * std::f32::consts::PI;
        [floor[0] + 30.0 * a.cos(), floor[1] + 15.0 * a.sin()]
    }));
    fill_convex_polygon(
        fb,
        &cone,
        Paint::additive(pal::LAMP.with_alpha((14.0 * k) as u8)),
    );
    draw_light(fb, bulb, 14.0, pal::LAMP, 0.55 * k);
    fill_circle(
        fb,
        bulb,
        2.5,
        Paint::additive(pal::LAMP.with_alpha((255.0 * k) as u8)),
    );
}
