//! Coverage properties of the triangle rasterizer: shared edges, quads split either
//! way, fans, the top-left rule, clipping, and hostile input.
//!
//! Triangles are drawn with an additive paint of value 1 into a zeroed buffer, so each
//! pixel's blue channel counts how many times it was blended. The expected coverage
//! comes from an independent brute-force reference: every pixel centre tested against
//! every edge function in exact integer arithmetic, with the top-left rule.

use proptest::prelude::*;
use raster::{fill_convex_polygon, fill_quad, fill_triangle, Framebuffer, Paint, Rgba};

const W: usize = 64;
const H: usize = 64;

fn one() -> Paint {
    Paint::additive(Rgba::rgb(1, 1, 1))
}

/// Per-pixel blend counts.
fn counts(fb: &Framebuffer) -> Vec<u32> {
    fb.pixels.iter().map(|p| p & 0xFF).collect()
}

/// Snapped 24.8 coordinates (the test only uses multiples of 1/256, so this is exact).
fn fx(p: [f32; 2]) -> [i64; 2] {
    [(p[0] * 256.0) as i64, (p[1] * 256.0) as i64]
}

/// Reference coverage of a convex polygon (any winding), top-left rule.
fn reference(poly: &[[f32; 2]]) -> Vec<u32> {
    let mut v: Vec<[i64; 2]> = poly.iter().map(|&p| fx(p)).collect();
    let n = v.len();
    let area: i64 = (0..n)
        .map(|i| {
            let (p, q) = (v[i], v[(i + 1) % n]);
            p[0] * q[1] - q[0] * p[1]
        })
        .sum();
    let mut out = vec![0u32; W * H];
    if area == 0 {
        return out;
    }
    if area < 0 {
        v.reverse();
    }
    for y in 0..H {
        for x in 0..W {
            let (px, py) = (x as i64 * 256 + 128, y as i64 * 256 + 128);
            let inside = (0..n).all(|i| {
                let (p, q) = (v[i], v[(i + 1) % n]);
                let (dx, dy) = (q[0] - p[0], q[1] - p[1]);
                // With positive (y-down) area the interior is where e > 0.
                let e = dx * (py - p[1]) - dy * (px - p[0]);
                let top_left = dy < 0 || (dy == 0 && dx > 0);
                e > 0 || (e == 0 && top_left)
            });
            out[y * W + x] = inside as u32;
        }
    }
    out
}

fn add(a: &[u32], b: &[u32]) -> Vec<u32> {
    a.iter().zip(b).map(|(x, y)| x + y).collect()
}

/// Pixel centres lying exactly on the open segment `a b`.
fn centres_on_segment(a: [f32; 2], b: [f32; 2]) -> Vec<usize> {
    let (a, b) = (fx(a), fx(b));
    let mut out = vec![];
    for y in 0..H {
        for x in 0..W {
            let p = [x as i64 * 256 + 128, y as i64 * 256 + 128];
            let cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
            let dot = (p[0] - a[0]) * (b[0] - a[0]) + (p[1] - a[1]) * (b[1] - a[1]);
            let len2 = (b[0] - a[0]).pow(2) + (b[1] - a[1]).pow(2);
            if cross == 0 && dot > 0 && dot < len2 {
                out.push(y * W + x);
            }
        }
    }
    out
}

/// Coordinates: half the time on the half-pixel grid (so centres land exactly on
/// edges and vertices), otherwise anywhere on the 1/256 grid; some outside the target.
fn coord() -> impl Strategy<Value = f32> {
    prop_oneof![
        (-16i32..=160).prop_map(|v| v as f32 * 0.5),
        (-2560i32..=18944).prop_map(|v| v as f32 / 256.0),
    ]
}

fn point() -> impl Strategy<Value = [f32; 2]> {
    (coord(), coord()).prop_map(|(x, y)| [x, y])
}

fn orient(a: [f32; 2], b: [f32; 2], c: [f32; 2]) -> i64 {
    let (a, b, c) = (fx(a), fx(b), fx(c));
    (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
}

fn strictly_convex(p: &[[f32; 2]]) -> bool {
    let n = p.len();
    let s: Vec<i64> = (0..n)
        .map(|i| orient(p[i], p[(i + 1) % n], p[(i + 2) % n]))
        .collect();
    s.iter().all(|&v| v > 0) || s.iter().all(|&v| v < 0)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// Two triangles on opposite sides of a shared edge: no pixel blended twice, every
    /// pixel centre on the shared edge covered exactly once, and each triangle exactly
    /// matches the reference.
    #[test]
    fn shared_edge_no_gap_no_double(a in point(), b in point(), c in point(), d in point()) {
        let (oc, od) = (orient(a, b, c), orient(a, b, d));
        prop_assume!(oc != 0 && od != 0 && (oc > 0) != (od > 0));
        let mut fb = Framebuffer::new(W, H);
        fill_triangle(&mut fb, [a, b, c], one());
        fill_triangle(&mut fb, [b, a, d], one());
        let got = counts(&fb);
        prop_assert!(got.iter().all(|&n| n <= 1), "double blend");
        prop_assert_eq!(&got, &add(&reference(&[a, b, c]), &reference(&[a, b, d])));
        for i in centres_on_segment(a, b) {
            prop_assert_eq!(got[i], 1, "gap on the shared edge at pixel {}", i);
        }
    }

    /// A convex quad split on either diagonal covers exactly the quad's reference
    /// pixels, once each, and so does `fill_quad`.
    #[test]
    fn quad_split_equals_whole(
        cx in -8i32..72, cy in -8i32..72,
        rx in 1.0f32..50.0, ry in 1.0f32..50.0,
        ang in [0.0f32..6.3, 0.0f32..6.3, 0.0f32..6.3, 0.0f32..6.3],
        grid in prop_oneof![Just(2.0f32), Just(256.0f32)],
        diag in any::<bool>(),
    ) {
        // Points on an ellipse in angular order form a convex quad; snapping to the
        // half-pixel grid makes pixel centres land exactly on edges and corners.
        let mut ang = ang;
        ang.sort_by(|a, b| a.total_cmp(b));
        let snap = |v: f32| (v * grid).round() / grid;
        let p = ang.map(|a| [snap(cx as f32 + rx * a.cos()), snap(cy as f32 + ry * a.sin())]);
        prop_assume!(strictly_convex(&p));
        let want = reference(&p);
        let (t1, t2) = if diag {
            ([p[0], p[1], p[2]], [p[0], p[2], p[3]])
        } else {
            ([p[1], p[2], p[3]], [p[1], p[3], p[0]])
        };
        let mut fb = Framebuffer::new(W, H);
        fill_triangle(&mut fb, t1, one());
        fill_triangle(&mut fb, t2, one());
        prop_assert_eq!(counts(&fb), want.clone());
        let mut whole = Framebuffer::new(W, H);
        fill_quad(&mut whole, p, one());
        prop_assert_eq!(counts(&whole), want);
    }

    /// A fan of triangles around an inner vertex of a convex polygon: every pixel once,
    /// union equal to the polygon's reference.
    #[test]
    fn fan_around_shared_vertex(
        n in 3usize..9,
        cx in 0i32..64, cy in 0i32..64,
        rx in 2.0f32..40.0, ry in 2.0f32..40.0,
        phase in 0.0f32..6.3,
        jitter in prop::collection::vec(0.0f32..1.0, 8),
        grid in prop_oneof![Just(2.0f32), Just(256.0f32)],
    ) {
        // Points on an ellipse in angular order are convex; snap to the half-pixel
        // grid (centres exactly on edges) or the 1/256 grid.
        let mut ang: Vec<f32> = (0..n)
            .map(|i| phase + (i as f32 + 0.8 * jitter[i]) * std::f32::consts::TAU / n as f32)
            .collect();
        ang.sort_by(|a, b| a.total_cmp(b));
        let snap = |v: f32| (v * grid).round() / grid;
        let poly: Vec<[f32; 2]> = ang
            .iter()
            .map(|a| [snap(cx as f32 + rx * a.cos()), snap(cy as f32 + ry * a.sin())])
            .collect();
        prop_assume!(strictly_convex(&poly));
        let centre = [
            snap(poly.iter().map(|p| p[0]).sum::<f32>() / n as f32),
            snap(poly.iter().map(|p| p[1]).sum::<f32>() / n as f32),
        ];
        prop_assume!((0..n).all(|i| orient(poly[i], poly[(i + 1) % n], centre) != 0));
        let mut fb = Framebuffer::new(W, H);
        for i in 0..n {
            fill_triangle(&mut fb, [centre, poly[i], poly[(i + 1) % n]], one());
        }
        let want = reference(&poly);
        prop_assert_eq!(counts(&fb), want.clone());
        // The library's own fan (around vertex 0) gives the same pixels.
        let mut fb2 = Framebuffer::new(W, H);
        fill_convex_polygon(&mut fb2, &poly, one());
        prop_assert_eq!(counts(&fb2), want);
    }

    /// Huge coordinates (clipped in floating point before fixed point): a huge convex
    /// quad split on a diagonal still covers each pixel at most once, and a quad that
    /// contains the whole target covers every pixel exactly once.
    #[test]
    fn huge_shared_edges(
        s in prop::sample::select(vec![1e5f32, 1e6, 1e7, 1e9, 3e38]),
        a in (-1.0f32..1.0, -1.0f32..1.0),
        b in (-1.0f32..1.0, -1.0f32..1.0),
        c in (-1.0f32..1.0, -1.0f32..1.0),
        d in (-1.0f32..1.0, -1.0f32..1.0),
    ) {
        let p = |v: (f32, f32)| [32.0 + v.0 * s, 32.0 + v.1 * s];
        let (a, b, c, d) = (p(a), p(b), p(c), p(d));
        let mut fb = Framebuffer::new(W, H);
        fill_triangle(&mut fb, [a, b, c], one());
        fill_triangle(&mut fb, [a, c, d], one());
        let got = counts(&fb);
        let quad = [a, b, c, d];
        let convex = {
            let o = |i: usize| {
                let (p, q, r) = (quad[i], quad[(i + 1) % 4], quad[(i + 2) % 4]);
                ((q[0] as f64 - p[0] as f64) * (r[1] as f64 - p[1] as f64)
                    - (q[1] as f64 - p[1] as f64) * (r[0] as f64 - p[0] as f64)).signum()
            };
            (0..4).all(|i| o(i) == o(0) && o(0) != 0.0)
        };
        if convex {
            prop_assert!(got.iter().all(|&n| n <= 1), "double blend with s = {}", s);
        }
        let mut corners = Framebuffer::new(W, H);
        let big = [[-s, -s], [s + 64.0, -s], [s + 64.0, s + 64.0], [-s, s + 64.0]];
        fill_triangle(&mut corners, [big[0], big[1], big[2]], one());
        fill_triangle(&mut corners, [big[0], big[2], big[3]], one());
        prop_assert!(counts(&corners).iter().all(|&n| n == 1), "s = {}", s);
    }
}

#[test]
fn top_left_rule_pixel_centres_on_edges() {
    // Square with corners on pixel centres (2.5, 2.5) .. (6.5, 6.5), as two triangles.
    // Left and top edges run through centres of column 2 / row 2: included.
    // Right and bottom edges run through centres of column 6 / row 6: excluded.
    let mut fb = Framebuffer::new(10, 10);
    let (a, b, c, d) = ([2.5, 2.5], [6.5, 2.5], [6.5, 6.5], [2.5, 6.5]);
    fill_triangle(&mut fb, [a, b, c], one());
    fill_triangle(&mut fb, [a, c, d], one());
    let got = counts(&fb);
    for y in 0..10 {
        for x in 0..10 {
            let want = ((2..6).contains(&x) && (2..6).contains(&y)) as u32;
            assert_eq!(got[y * 10 + x], want, "pixel ({x},{y})");
        }
    }
    // Each single edge case on its own triangle.
    let lit = |t: [[f32; 2]; 3], x: usize, y: usize| {
        let mut fb = Framebuffer::new(10, 10);
        fill_triangle(&mut fb, t, one());
        fb.pixels[y * 10 + x] & 0xFF
    };
    // Left edge (vertical, interior to the right) through centre (2.5, 4.5): in.
    assert_eq!(lit([[2.5, 0.0], [2.5, 9.0], [8.0, 4.5]], 2, 4), 1);
    // Right edge (vertical, interior to the left) through the same centre: out.
    assert_eq!(lit([[2.5, 0.0], [2.5, 9.0], [-3.0, 4.5]], 2, 4), 0);
    // Top edge (horizontal, interior below) through centre (4.5, 2.5): in.
    assert_eq!(lit([[0.0, 2.5], [9.0, 2.5], [4.5, 8.0]], 4, 2), 1);
    // Bottom edge (horizontal, interior above): out.
    assert_eq!(lit([[0.0, 2.5], [9.0, 2.5], [4.5, -3.0]], 4, 2), 0);
    // Sloped left edge through a centre: in; the mirrored right edge: out.
    assert_eq!(lit([[0.5, 0.5], [6.5, 6.5], [8.5, 0.5]], 3, 3), 1);
    assert_eq!(lit([[0.5, 0.5], [6.5, 6.5], [0.5, 8.5]], 3, 3), 0);
}

#[test]
fn clipping_on_every_side_matches_an_unclipped_render() {
    // Render into 64x64 and into a 192x192 buffer shifted by 64 px (an exact shift in
    // fixed point): the visible window must be identical, whatever crosses the edges.
    let tris: Vec<[[f32; 2]; 3]> = vec![
        [[-20.3, 10.0], [30.7, 20.2], [-5.0, 50.1]],     // left
        [[40.0, 5.0], [90.2, 30.3], [50.0, 60.0]],       // right
        [[10.0, -30.0], [50.0, -10.0], [30.0, 20.5]],    // top
        [[5.0, 50.0], [60.0, 55.0], [30.0, 99.0]],       // bottom
        [[-30.0, -30.0], [100.0, -20.0], [20.0, 120.0]], // all four
        [[-100.0, 32.0], [200.0, 31.0], [200.0, 33.0]],  // sliver across
    ];
    for t in tris {
        let mut small = Framebuffer::new(64, 64);
        fill_triangle(&mut small, t, one());
        let mut big = Framebuffer::new(192, 192);
        fill_triangle(&mut big, t.map(|p| [p[0] + 64.0, p[1] + 64.0]), one());
        for y in 0..64 {
            for x in 0..64 {
                assert_eq!(
                    small.pixels[y * 64 + x],
                    big.pixels[(y + 64) * 192 + x + 64],
                    "{t:?} at ({x},{y})"
                );
            }
        }
        assert!(
            small.pixels.iter().any(|&p| p != 0),
            "{t:?} should be visible"
        );
    }
}

#[test]
fn degenerate_and_hostile_triangles_draw_nothing_and_never_panic() {
    let nan = f32::NAN;
    let inf = f32::INFINITY;
    let cases: Vec<[[f32; 2]; 3]> = vec![
        [[5.0, 5.0], [5.0, 5.0], [5.0, 5.0]],     // all equal
        [[1.0, 1.0], [10.0, 10.0], [20.0, 20.0]], // collinear
        [[1.0, 5.0], [10.0, 5.0], [30.0, 5.0]],   // horizontal line
        [[7.0, 1.0], [7.0, 10.0], [7.0, 30.0]],   // vertical line
        [[1.0, 1.0], [1e9, 1e9], [2e9, 2e9]],     // collinear, huge
        [[nan, 1.0], [10.0, 1.0], [1.0, 10.0]],
        [[1.0, nan], [10.0, 1.0], [1.0, 10.0]],
        [[inf, 1.0], [10.0, 1.0], [1.0, 10.0]],
        [[-inf, -inf], [inf, -inf], [0.0, inf]],
        [[nan, nan], [nan, nan], [nan, nan]],
        [[100.0, 100.0], [200.0, 100.0], [100.0, 200.0]], // fully outside
        [[-1e9, -1e9], [-1e9 + 1.0, -1e9], [-1e9, -1e9 + 1.0]], // tiny, far away
        [[f32::MAX, f32::MAX], [f32::MIN, f32::MAX], [0.0, f32::MAX]],
    ];
    for t in &cases {
        for fb_size in [(64, 64), (1, 1), (0, 0), (0, 5), (7, 0)] {
            let mut fb = Framebuffer::new(fb_size.0, fb_size.1);
            fill_triangle(&mut fb, *t, one());
            fill_triangle(&mut fb, *t, Rgba::new(9, 9, 9, 128));
            fill_triangle(&mut fb, *t, Rgba::WHITE);
            assert!(fb.pixels.iter().all(|&p| p == 0), "{t:?} drew something");
        }
    }
    // Huge but valid triangles that contain the whole target fill it exactly once.
    for s in [1e4f32, 1e6, 1e9, 1e20, f32::MAX / 4.0] {
        let mut fb = Framebuffer::new(64, 64);
        fill_triangle(&mut fb, [[-s, -s], [s, -s], [0.0, s]], one());
        assert!(counts(&fb).iter().all(|&n| n == 1), "s = {s}");
    }
    // A tiny framebuffer and degenerate polygons.
    let mut fb = Framebuffer::new(1, 1);
    fill_triangle(&mut fb, [[0.0, 0.0], [2.0, 0.0], [0.0, 2.0]], one());
    assert_eq!(counts(&fb), vec![1]);
    // Its centre is exactly on this hypotenuse, a right edge: excluded.
    let mut fb = Framebuffer::new(1, 1);
    fill_triangle(&mut fb, [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]], one());
    assert_eq!(counts(&fb), vec![0]);
    fill_convex_polygon(&mut fb, &[], one());
    fill_convex_polygon(&mut fb, &[[0.0, 0.0]], one());
}
