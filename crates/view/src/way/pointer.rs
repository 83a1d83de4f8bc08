//! The off-screen arrow's geometry (REQ W1): where on the frame's edge an arrow from
//! the disk along a direction meets it, and which way the arrow points. The HUD draws
//! it; with a way found the direction is the path's first leg, so the arrow never
//! points through a wall; without one, straight at the objective.

/// The arrow for a direction `dir` (screen units, any length) from `from` (the disk on
/// screen) in a frame of `size`, kept `margin` inside its edge: the tip on that inset
/// edge, and the unit direction. `None` for a zero direction.
pub fn edge_arrow(
    size: (f32, f32),
    from: [f32; 2],
    dir: [f32; 2],
    margin: f32,
) -> Option<([f32; 2], [f32; 2])> {
    let len = (dir[0] * dir[0] + dir[1] * dir[1]).sqrt();
    if !len.is_finite() || len < 1e-6 {
        return None;
    }
    let u = [dir[0] / len, dir[1] / len];
    // The inset box, and `from` held inside it.
    let (x0, y0, x1, y1) = (margin, margin, size.0 - margin, size.1 - margin);
    let p = [from[0].clamp(x0, x1.max(x0)), from[1].clamp(y0, y1.max(y0))];
    // The first edge the ray from `p` along `u` meets.
    let reach = |p: f32, u: f32, lo: f32, hi: f32| {
        if u > 1e-6 {
            (hi - p) / u
        } else if u < -1e-6 {
            (lo - p) / u
        } else {
            f32::INFINITY
        }
    };
    let t = reach(p[0], u[0], x0, x1).min(reach(p[1], u[1], y0, y1));
    Some(([p[0] + u[0] * t, p[1] + u[1] * t], u))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_arrow_meets_the_inset_edge_along_its_direction() {
        let (tip, u) = edge_arrow((1280.0, 720.0), [640.0, 360.0], [1.0, 0.0], 24.0).unwrap();
        assert_eq!(tip, [1256.0, 360.0]);
        assert_eq!(u, [1.0, 0.0]);
        let (tip, _) = edge_arrow((1280.0, 720.0), [640.0, 360.0], [-3.0, -3.0], 24.0).unwrap();
        assert!((tip[1] - 24.0).abs() < 1e-3, "the top edge first: {tip:?}");
        assert!((tip[0] - (640.0 - 336.0)).abs() < 1e-3, "{tip:?}");
        assert!(edge_arrow((100.0, 100.0), [50.0, 50.0], [0.0, 0.0], 5.0).is_none());
    }
}
