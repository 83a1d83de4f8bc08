//! Guard-band clipping in floating point, done *before* converting to fixed point.
//!
//! The span walker works in 24.8 fixed point with `i64` edge maths, which is exact for
//! coordinates inside the guard band `±GUARD` pixels. Anything outside (±1e6, ±1e9 …)
//! is clipped here against the guard box in `f64`, so fixed point can never overflow.
//! Because the guard box is far larger than any framebuffer, the slightly moved
//! clipped edges only exist off-screen.
//!
//! Intersections are computed from the segment's endpoints in a canonical order, so two
//! triangles that share an edge produce bit-identical clipped vertices on it and still
//! tile without gaps or double coverage after clipping.

/// Half-size of the guard box, in pixels. Triangles are only drawn into the first
/// [`crate::MAX_DIM`] (= `GUARD`) rows and columns of a framebuffer.
pub const GUARD: f64 = 32768.0;

/// Capacity for a triangle clipped against four planes (at most 3 + 4 vertices).
pub(crate) const CLIP_CAP: usize = 8;

/// True when every coordinate is finite and inside the guard box (the fast path).
#[inline(always)]
pub(crate) fn inside_guard(pts: &[[f32; 2]]) -> bool {
    let g = GUARD as f32;
    // NaN fails every comparison, so it is routed to the slow path (and rejected there).
    pts.iter().all(|p| p[0].abs() <= g && p[1].abs() <= g)
}

/// Clips a triangle to the guard box. Returns the vertex count of the convex polygon
/// written to `out` (0 when nothing is left or an input is not finite).
pub(crate) fn clip_to_guard(tri: &[[f32; 2]; 3], out: &mut [[f64; 2]; CLIP_CAP]) -> usize {
    if tri.iter().any(|p| !p[0].is_finite() || !p[1].is_finite()) {
        return 0;
    }
    let mut a = [[0.0f64; 2]; CLIP_CAP];
    for (d, s) in a.iter_mut().zip(tri) {
        *d = [s[0] as f64, s[1] as f64];
    }
    let mut na = 3;
    let mut b = [[0.0f64; 2]; CLIP_CAP];
    // (axis, sign): keep points with sign * p[axis] <= GUARD.
    for (axis, sign) in [(0usize, -1.0f64), (0, 1.0), (1, -1.0), (1, 1.0)] {
        let mut nb = 0;
        for i in 0..na {
            let p = a[i];
            let q = a[(i + 1) % na];
            let pin = sign * p[axis] <= GUARD;
            let qin = sign * q[axis] <= GUARD;
            if pin {
                b[nb] = p;
                nb += 1;
            }
            if pin != qin {
                b[nb] = intersect(p, q, axis, sign * GUARD);
                nb += 1;
            }
        }
        if nb < 3 {
            return 0;
        }
        a = b;
        na = nb;
    }
    out[..na].copy_from_slice(&a[..na]);
    na
}

/// Point where segment `pq` crosses `p[axis] == at`, independent of the order of p, q.
fn intersect(p: [f64; 2], q: [f64; 2], axis: usize, at: f64) -> [f64; 2] {
    let (a, b) = if (p[0], p[1]) <= (q[0], q[1]) {
        (p, q)
    } else {
        (q, p)
    };
    let other = 1 - axis;
    let t = (at - a[axis]) / (b[axis] - a[axis]);
    let mut r = [0.0; 2];
    r[axis] = at;
    r[other] = a[other] + t * (b[other] - a[other]);
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_triangle_is_unchanged() {
        let mut out = [[0.0; 2]; CLIP_CAP];
        let n = clip_to_guard(&[[0.0, 0.0], [10.0, 0.0], [0.0, 10.0]], &mut out);
        assert_eq!(n, 3);
        assert_eq!(&out[..3], &[[0.0, 0.0], [10.0, 0.0], [0.0, 10.0]]);
    }

    #[test]
    fn huge_triangle_is_clipped_inside_guard() {
        let mut out = [[0.0; 2]; CLIP_CAP];
        let n = clip_to_guard(&[[-1e9, -1e9], [1e9, -1e9], [0.0, 1e9]], &mut out);
        assert!((3..=7).contains(&n));
        for p in &out[..n] {
            assert!(p[0].abs() <= GUARD && p[1].abs() <= GUARD, "{p:?}");
        }
    }

    #[test]
    fn non_finite_and_outside_are_empty() {
        let mut out = [[0.0; 2]; CLIP_CAP];
        assert_eq!(
            clip_to_guard(&[[f32::NAN, 0.0], [1.0, 0.0], [0.0, 1.0]], &mut out),
            0
        );
        assert_eq!(
            clip_to_guard(&[[f32::INFINITY, 0.0], [1.0, 0.0], [0.0, 1.0]], &mut out),
            0
        );
        assert_eq!(
            clip_to_guard(&[[1e6, 1e6], [2e6, 1e6], [1e6, 2e6]], &mut out),
            0
        );
    }

    #[test]
    fn intersection_is_order_independent() {
        let p = [-123456.7, 98765.4321];
        let q = [654321.1, -4567.89];
        assert_eq!(intersect(p, q, 0, GUARD), intersect(q, p, 0, GUARD));
        assert_eq!(intersect(p, q, 1, -GUARD), intersect(q, p, 1, -GUARD));
    }
}
