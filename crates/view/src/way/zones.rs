//! The places that matter, on the floor (REQ W2): while its objective is active, a
//! reach or hold objective's area, a recovery's item spot (until it is carried) and then
//! its delivery area, each drawn as an outline over a soft fill, in the objective's gold.
//! A hold draws its progress round the outline, clockwise from the top corner, brighter
//! than the rest; while the squad stands outside a hold the outline breathes, so the
//! player sees where to go back to. Every part glows (the light buffer under it is lit,
//! [`Canvas::glow_line`]), so a zone reads in the dark and on tiles never seen.

use raster::{LineCap, Paint};
use sim::read::{Goal, World};
use sim::tuning::DT;
use sim::Vec2;

use super::tuning::WayTuning;
use crate::canvas::Canvas;
use crate::iso::{Iso, TILE_H, TILE_W};
use crate::palette as pal;

/// Height of the zone's paint over the floor (world units): above the floor's own marks.
const Z: f32 = 0.01;

/// A zone to draw: a rectangle of the map, or an item's spot.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Zone {
    /// An area (`min`, `max`), with a hold's progress (0..1) and whether the squad
    /// stands in it.
    Area {
        min: Vec2,
        max: Vec2,
        hold: Option<(f32, bool)>,
    },
    /// Where an item lies, and the radius it is picked up within.
    Spot { at: Vec2, radius: f32 },
}

/// The zones of `w`'s active objectives.
pub fn zones(w: &World) -> Vec<Zone> {
    let m = w.mission();
    if m.outcome.ended() {
        return Vec::new();
    }
    let centre = w.squad_centre();
    let area = |a: usize, hold: Option<(f32, bool)>| Zone::Area {
        min: m.areas[a].min,
        max: m.areas[a].max,
        hold,
    };
    m.objectives
        .iter()
        .filter(|o| o.active())
        .filter_map(|o| match o.spec.goal {
            Goal::Reach { area: a } => Some(area(a, None)),
            Goal::Hold { area: a, seconds } => {
                let done = (o.progress as f32 * DT / seconds.max(DT)).clamp(0.0, 1.0);
                Some(area(a, Some((done, m.areas[a].contains(centre)))))
            }
            Goal::Recover { item, area: a } => match m.items[item].carrier {
                Some(_) => Some(area(a, None)),
                None => Some(Zone::Spot {
                    at: m.items[item].pos,
                    radius: w.tuning().ammo.pickup_radius.max(0.5),
                }),
            },
            Goal::Survive { .. } | Goal::Nests | Goal::Do { .. } => None,
        })
        .collect()
}

/// The four screen corners of the area `min`..`max`, clockwise from the top one.
pub fn area_corners(iso: &Iso, min: Vec2, max: Vec2) -> [[f32; 2]; 4] {
    [
        iso.project(min, Z),
        iso.project(Vec2::new(max.x, min.y), Z),
        iso.project(max, Z),
        iso.project(Vec2::new(min.x, max.y), Z),
    ]
}

/// The points of the outline `corners` (closed) from its first corner, clockwise, over
/// `frac` of its length.
pub fn outline_part(corners: &[[f32; 2]; 4], frac: f32) -> Vec<[f32; 2]> {
    let seg = |i: usize| (corners[i], corners[(i + 1) % 4]);
    let len = |(a, b): ([f32; 2], [f32; 2])| ((b[0] - a[0]).powi(2) + (b[1] - a[1]).powi(2)).sqrt();
    let total: f32 = (0..4).map(|i| len(seg(i))).sum();
    let mut left = total * frac.clamp(0.0, 1.0);
    let mut out = vec![corners[0]];
    for i in 0..4 {
        let (a, b) = seg(i);
        let l = len((a, b));
        if left >= l {
            out.push(b);
            left -= l;
        } else {
            if left > 0.0 {
                let k = left / l.max(1e-6);
                out.push([a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k]);
            }
            break;
        }
    }
    out
}

/// Draws the zones of `w`'s active objectives on the floor (the floor-marker pass).
pub fn draw_zones(cv: &mut Canvas, iso: &Iso, w: &World, t: &WayTuning) {
    let level = |a: f32| (a.clamp(0.0, 1.0) * 255.0).round() as u8;
    // The breath of a hold the squad is out of: once a second, between 45 % and 100 %.
    let secs = w.tick() as f32 * DT;
    let breath = 0.725 + 0.275 * (secs * std::f32::consts::TAU).cos();
    for z in zones(w) {
        match z {
            Zone::Area { min, max, hold } => {
                let c = area_corners(iso, min, max);
                cv.glow_polygon(&c, Paint::alpha(pal::WAY.with_alpha(level(t.zone_fill))));
                let out = match hold {
                    Some((_, false)) => t.zone_outline * breath,
                    Some((_, true)) => t.zone_outline * 0.55,
                    None => t.zone_outline,
                };
                let ring: Vec<[f32; 2]> = c.iter().copied().chain([c[0]]).collect();
                for s in ring.windows(2) {
                    cv.glow_line(
                        s[0],
                        s[1],
                        2.0,
                        LineCap::Round,
                        Paint::alpha(pal::WAY.with_alpha(level(out))),
                    );
                }
                if let Some((done, _)) = hold.filter(|(d, _)| *d > 0.0) {
                    let part = outline_part(&c, done);
                    for s in part.windows(2) {
                        cv.glow_line(
                            s[0],
                            s[1],
                            4.5,
                            LineCap::Round,
                            Paint::alpha(pal::WAY_DONE.with_alpha(level(t.zone_outline))),
                        );
                    }
                }
            }
            Zone::Spot { at, radius } => {
                let c = iso.project(at, Z);
                let k = std::f32::consts::SQRT_2 * 0.5;
                let r = [radius * TILE_W * k, radius * TILE_H * k];
                fill_spot(cv, c, r, level(t.zone_fill));
                cv.glow_stroke_ellipse(
                    c,
                    r,
                    2.0,
                    Paint::alpha(pal::WAY.with_alpha(level(t.zone_outline))),
                );
            }
        }
    }
}

/// An item spot's soft fill: an ellipse of 24 sides as a convex polygon that glows.
fn fill_spot(cv: &mut Canvas, c: [f32; 2], r: [f32; 2], alpha: u8) {
    let pts: Vec<[f32; 2]> = (0..24)
        .map(|i| {
            let a = i as f32 * std::f32::consts::TAU / 24.0;
            [c[0] + r[0] * a.cos(), c[1] + r[1] * a.sin()]
        })
        .collect();
    cv.glow_polygon(&pts, Paint::alpha(pal::WAY.with_alpha(alpha)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_holds_progress_runs_clockwise_from_the_top_corner() {
        let c = [[0.0, 0.0], [10.0, 5.0], [0.0, 10.0], [-10.0, 5.0]];
        assert_eq!(outline_part(&c, 0.0), vec![[0.0, 0.0]]);
        let half = outline_part(&c, 0.5);
        assert_eq!(half.len(), 3, "{half:?}");
        assert_eq!(
            *half.last().unwrap(),
            [0.0, 10.0],
            "half way: the bottom corner"
        );
        let q = outline_part(&c, 0.125);
        let end = *q.last().unwrap();
        assert!(
            (end[0] - 5.0).abs() < 1e-3 && (end[1] - 2.5).abs() < 1e-3,
            "{q:?}"
        );
        assert_eq!(outline_part(&c, 1.0).len(), 5, "the whole ring, closed");
    }
}
