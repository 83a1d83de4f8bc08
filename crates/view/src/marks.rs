//! Marks over an agent's head on the final frame (a reload, the medkit's work): a small
//! ring that fills clockwise from the top as the work goes, over a dim track, so it
//! reads in the dark and never hides the body it belongs to.

use raster::{draw_line, Framebuffer, LineCap, Paint, Rgba};
use sim::Vec2;

use crate::bodies::HEAD_Z;
use crate::iso::Iso;

/// Segments of a whole ring (a part of it takes its share, at least one).
const SEGMENTS: usize = 28;

/// The screen point `lift` pixels above the head of an agent standing at `p`.
pub fn above_head(iso: &Iso, p: Vec2, lift: f32) -> [f32; 2] {
    let h = iso.project(p, HEAD_Z);
    [h[0], h[1] - lift]
}

/// The points of an arc of radius `r` round `c` from the top, clockwise, over `frac` of
/// a turn (the screen's y grows down, so clockwise is increasing angle).
pub fn arc_points(c: [f32; 2], r: f32, frac: f32) -> Vec<[f32; 2]> {
    let frac = frac.clamp(0.0, 1.0);
    let n = ((SEGMENTS as f32 * frac).ceil() as usize).max(1);
    let start = -std::f32::consts::FRAC_PI_2;
    (0..=n)
        .map(|i| {
            let a = start + std::f32::consts::TAU * frac * i as f32 / n as f32;
            [c[0] + r * a.cos(), c[1] + r * a.sin()]
        })
        .collect()
}

/// A progress ring at `c`: the whole track in `track`, then `frac` of it in `col`.
pub fn progress_ring(
    fb: &mut Framebuffer,
    c: [f32; 2],
    r: f32,
    width: f32,
    frac: f32,
    (col, track): (Rgba, Rgba),
) {
    polyline(fb, &arc_points(c, r, 1.0), width, track);
    if frac > 0.0 {
        polyline(fb, &arc_points(c, r, frac), width, col);
    }
}

/// Joined segments of one colour (butt caps: an alpha colour does not pile up at the
/// joints).
pub fn polyline(fb: &mut Framebuffer, pts: &[[f32; 2]], width: f32, col: Rgba) {
    for s in pts.windows(2) {
        draw_line(fb, s[0], s[1], width, LineCap::Butt, Paint::alpha(col));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_arc_starts_at_the_top_and_turns_clockwise() {
        let pts = arc_points([0.0, 0.0], 10.0, 0.25);
        let (first, last) = (pts[0], *pts.last().unwrap());
        assert!(first[0].abs() < 1e-4 && (first[1] + 10.0).abs() < 1e-4);
        assert!(
            (last[0] - 10.0).abs() < 1e-3 && last[1].abs() < 1e-3,
            "{last:?}"
        );
        assert_eq!(arc_points([0.0, 0.0], 10.0, 1.0).len(), SEGMENTS + 1);
    }
}
