//! Occluded light polygons (`add_light_fan`): coverage (each pixel of the polygon lit
//! exactly once, nothing outside it), the light formula (peak, falloff, range, cones,
//! spill, anisotropic shapes), saturation and order independence, and hostile input.

use raster::*;
use std::f32::consts::{FRAC_PI_4, PI, TAU};

const BG: Rgba = Rgba::rgb(16, 32, 48);

/// Points on a closed outline around `c`, radius `r(angle)`, counter-clockwise in y-down
/// pixels (the winding does not matter).
fn outline(c: [f32; 2], n: usize, phase: f32, r: impl Fn(f32) -> f32) -> Vec<[f32; 2]> {
    (0..n)
        .map(|i| {
            let a = i as f32 / n as f32 * TAU + phase;
            [c[0] + r(a) * a.cos(), c[1] + r(a) * a.sin()]
        })
        .collect()
}

/// The triangles of a fan, as `add_light_fan` defines them.
fn fan_tris(apex: [f32; 2], fan: &[[f32; 2]], closed: bool) -> Vec<[[f32; 2]; 3]> {
    let n = fan.len();
    let mut t: Vec<_> = (0..n.saturating_sub(1))
        .map(|i| [apex, fan[i], fan[i + 1]])
        .collect();
    if closed && n >= 3 {
        t.push([apex, fan[n - 1], fan[0]]);
    }
    t
}

/// How many times each pixel is covered by `tris`, through the ordinary triangle filler
/// (additive 1 per cover).
fn cover_count(w: usize, h: usize, tris: &[[[f32; 2]; 3]]) -> Vec<u32> {
    let mut fb = Framebuffer::new(w, h);
    for t in tris {
        fill_triangle(&mut fb, *t, Paint::additive(Rgba::rgb(0, 0, 1)));
    }
    fb.pixels.iter().map(|p| p & 0xFF).collect()
}

/// Per-pixel reference: `bg + contribution` where `mask`, `bg` elsewhere.
fn reference(w: usize, h: usize, mask: &[bool], light: &LightShape) -> Framebuffer {
    let mut fb = Framebuffer::new(w, h);
    fb.clear(BG);
    for y in 0..h {
        for x in 0..w {
            if mask[y * w + x] {
                let p = &mut fb.pixels[y * w + x];
                *p = add_sat(*p, light.contribution(x, y));
            }
        }
    }
    fb
}

fn lit(
    w: usize,
    h: usize,
    apex: [f32; 2],
    fan: &[[f32; 2]],
    closed: bool,
    l: &LightShape,
) -> Framebuffer {
    let mut fb = Framebuffer::new(w, h);
    fb.clear(BG);
    add_light_fan(&mut fb, apex, fan, closed, l);
    fb
}

fn ch(fb: &Framebuffer, x: i32, y: i32) -> [i32; 3] {
    let c = fb.get_rgba(x, y).unwrap();
    [c.r as i32, c.g as i32, c.b as i32]
}

fn near(a: i32, b: f32) -> bool {
    (a as f32 - b).abs() <= 1.0
}

/// A closed fan around an interior point of a convex polygon covers exactly the pixels
/// of the polygon filled on its own (fanned from its first vertex, another
/// triangulation), each once: the result equals the per-pixel reference everywhere.
#[test]
fn closed_fan_lights_each_pixel_of_a_convex_polygon_once() {
    let (w, h) = (120, 100);
    let cases: [([f32; 2], usize, f32); 4] = [
        ([60.5, 50.5], 48, 0.0),   // apex on a pixel centre, 48 spokes
        ([55.3, 47.8], 7, 0.3),    // off-centre apex, few spokes
        ([60.0, 50.0], 16, 0.0),   // apex and spokes on pixel corners (fill-rule ties)
        ([48.25, 40.75], 64, 0.1), // apex far from the centre of the polygon
    ];
    for (apex, n, phase) in cases {
        let mut poly = outline([60.0, 50.0], n, phase, |_| 40.0);
        if n == 16 {
            // Snap to the pixel grid: many edges through pixel centres and corners.
            for p in &mut poly {
                *p = [p[0].round(), p[1].round() + 0.5];
            }
        }
        let light = LightShape::point(apex, [70.0, 70.0], Rgba::rgb(255, 180, 90), 0.9);
        let got = lit(w, h, apex, &poly, true, &light);
        // The polygon on its own, as a fan from its first vertex.
        let mask: Vec<bool> = cover_count(w, h, &fan_tris(poly[0], &poly[1..], false))
            .iter()
            .map(|&c| c == 1)
            .collect();
        let want = reference(w, h, &mask, &light);
        assert_eq!(got, want, "apex {apex:?}, {n} spokes");
        // And it really lit (almost) the whole polygon: range > polygon.
        let area = mask.iter().filter(|&&m| m).count();
        let changed = got.pixels.iter().filter(|&&p| p != BG.to_u32()).count();
        assert!(
            area > 4000 && changed >= area * 99 / 100,
            "{changed} of {area}"
        );
    }
}

/// The visibility polygon of a light next to walls: star-shaped, not convex. The light
/// lands exactly on the union of the fan triangles (no pixel twice, none missing), and
/// pixels inside the light's range but outside the polygon (behind the walls) are
/// untouched.
#[test]
fn occluded_pixels_are_untouched_inside_the_range() {
    let (w, h) = (160, 120);
    let c = [80.5, 60.5];
    // A wall cuts the range to 15 px over a 60° wedge to the right, and to 30 px below.
    let r = |a: f32| {
        let a = a.rem_euclid(TAU);
        if !(PI / 6.0..TAU - PI / 6.0).contains(&a) {
            15.0
        } else if (0.4 * PI..0.6 * PI).contains(&a) {
            30.0
        } else {
            70.0
        }
    };
    let poly = outline(c, 96, 0.01, r);
    let light = LightShape::point(c, [60.0, 60.0], Rgba::rgb(200, 220, 255), 1.0);
    for closed in [true, false] {
        let got = lit(w, h, c, &poly, closed, &light);
        let count = cover_count(w, h, &fan_tris(c, &poly, closed));
        assert!(count.iter().all(|&n| n <= 1), "the fan overlaps itself");
        let mask: Vec<bool> = count.iter().map(|&n| n == 1).collect();
        assert_eq!(got, reference(w, h, &mask, &light), "closed {closed}");
    }
    let got = lit(w, h, c, &poly, true, &light);
    let bg = BG.to_u32();
    // Behind the right wall: 20..55 px from the light, well inside its 60 px range.
    for dx in [20, 30, 45, 55] {
        assert_eq!(got.get(80 + dx, 60), Some(bg), "dx {dx}");
        assert_ne!(got.get(80 - dx, 60), Some(bg), "dx -{dx}");
    }
    // Below: lit to 30 px, dark from 32 px on.
    assert_ne!(got.get(80, 60 + 28), Some(bg));
    assert_eq!(got.get(80, 60 + 32), Some(bg));
    assert_eq!(got.get(80, 60 + 50), Some(bg));
    // In front of the right wall it is lit.
    assert_ne!(got.get(80 + 12, 60), Some(bg));
}

/// Peak, half range, range: `intensity · 128 · colour / 255`, then `(1 − d²)²`.
#[test]
fn peak_falloff_and_range() {
    let (w, h) = (200, 200);
    let c = [100.5, 100.5];
    let big = outline(c, 40, 0.0, |_| 95.0); // larger than the range: no occlusion
    let light = LightShape::point(c, [40.0, 40.0], Rgba::rgb(255, 128, 64), 1.0);
    let mut fb = Framebuffer::new(w, h);
    add_light_fan(&mut fb, c, &big, true, &light);
    assert_eq!(ch(&fb, 100, 100), [128, 64, 32]);
    // d = 0.5 in all four directions: 0.5625 × the peak.
    for (x, y) in [(120, 100), (80, 100), (100, 120), (100, 80)] {
        let v = ch(&fb, x, y);
        assert!(
            near(v[0], 72.0) && near(v[1], 36.0) && near(v[2], 18.0),
            "{v:?}"
        );
    }
    // d = 0.25: (1 - 1/16)^2.
    let v = ch(&fb, 110, 100);
    assert!(near(v[0], 128.0 * 0.878_906_25), "{v:?}");
    // Zero at the range and beyond (still inside the polygon).
    for x in [140, 141, 150, 190] {
        assert_eq!(fb.get(x, 100), Some(0), "x {x}");
        assert_eq!(fb.get(100, x), Some(0), "y {x}");
    }
    assert_ne!(fb.get(136, 100), Some(0)); // d = 0.9: (1 - 0.81)² · 128 = 4.6
                                           // Monotonic falloff along a row.
    let row: Vec<i32> = (100..141).map(|x| ch(&fb, x, 100)[0]).collect();
    assert!(row.windows(2).all(|p| p[0] >= p[1]), "{row:?}");
    // Intensity scales the peak: 1.5 × 128 × 200 / 255 = 150.6.
    let light = LightShape::point(c, [40.0, 40.0], Rgba::rgb(200, 0, 255), 1.5);
    let mut fb = Framebuffer::new(w, h);
    add_light_fan(&mut fb, c, &big, true, &light);
    let v = ch(&fb, 100, 100);
    assert!(near(v[0], 150.6) && v[1] == 0 && near(v[2], 192.0), "{v:?}");
}

/// Saturation at 255, additivity of two lights, and order independence.
#[test]
fn lights_add_saturate_and_commute() {
    let (w, h) = (100, 80);
    let ca = [40.5, 40.5];
    let cb = [60.5, 40.5];
    let a = LightShape::point(ca, [30.0, 30.0], Rgba::rgb(255, 100, 0), 1.9);
    let b = LightShape::point(cb, [25.0, 40.0], Rgba::rgb(40, 200, 255), 1.1)
        .with_cone(Cone::new([1.0, 0.3], 0.5, 0.9).with_spill(0.2, 0.6));
    let fa = outline(ca, 33, 0.2, |t| if t.cos() > 0.9 { 12.0 } else { 34.0 });
    let fb_ = outline(cb, 20, 0.0, |_| 45.0);
    let draw = |first_a: bool| {
        let mut fb = Framebuffer::new(w, h);
        fb.clear(BG);
        if first_a {
            add_light_fan(&mut fb, ca, &fa, true, &a);
            add_light_fan(&mut fb, cb, &fb_, true, &b);
        } else {
            add_light_fan(&mut fb, cb, &fb_, true, &b);
            add_light_fan(&mut fb, ca, &fa, true, &a);
        }
        fb
    };
    let ab = draw(true);
    assert_eq!(ab, draw(false));
    // Additivity: each pixel is bg + a + b, saturating per channel.
    let alone = |l: &LightShape, c, f: &[[f32; 2]]| {
        let mut fb = Framebuffer::new(w, h);
        add_light_fan(&mut fb, c, f, true, l);
        fb
    };
    let (la, lb) = (alone(&a, ca, &fa), alone(&b, cb, &fb_));
    let mut sat = 0;
    for i in 0..w * h {
        let want = add_sat(add_sat(BG.to_u32(), la.pixels[i]), lb.pixels[i]);
        assert_eq!(ab.pixels[i], want, "pixel {i}");
        sat += ((ab.pixels[i] >> 16) == 255) as usize;
    }
    assert!(sat > 0, "the test should reach saturation somewhere");
    // A light far past 2.0 saturates to 255, never wraps.
    let hot = LightShape::point(ca, [30.0, 30.0], Rgba::WHITE, 50.0);
    let mut fb = Framebuffer::new(w, h);
    fb.clear(Rgba::rgb(200, 200, 200));
    add_light_fan(&mut fb, ca, &fa, true, &hot);
    assert_eq!(fb.get(40, 40), Some(0xFF_FF_FF));
    assert_eq!(fb.get(20, 40), Some(0xFF_FF_FF)); // d = 2/3, still way over
    assert_eq!(fb.get(60, 40), Some(0xC8_C8_C8)); // behind the short wedge
    assert_eq!(fb.get(40, 75), Some(0xC8_C8_C8)); // beyond range: untouched
}

/// A cone lights along `dir` and not behind it or outside its angle; the spill lights
/// a disc around the bearer.
#[test]
fn cone_lights_along_its_direction() {
    let (w, h) = (200, 200);
    let c = [100.5, 100.5];
    let around = outline(c, 64, 0.0, |_| 95.0);
    let dir = [FRAC_PI_4.cos(), FRAC_PI_4.sin()]; // down-right
    let cone = Cone::new(dir, 20f32.to_radians(), 30f32.to_radians());
    let light = LightShape::point(c, [80.0, 80.0], Rgba::WHITE, 1.0).with_cone(cone);
    let fb = lit(w, h, c, &around, true, &light);
    let bg = BG.to_u32();
    let at = |d: f32, deg: f32| {
        let a = deg.to_radians() + FRAC_PI_4;
        let (x, y) = (c[0] + d * a.cos(), c[1] + d * a.sin());
        fb.get(x.floor() as i32, y.floor() as i32).unwrap()
    };
    // On the axis: the point light's value.
    for d in [10.0, 30.0, 60.0] {
        let x = (c[0] + d * dir[0]).floor() as usize;
        let y = (c[1] + d * dir[1]).floor() as usize;
        let want = LightShape::point(c, [80.0, 80.0], Rgba::WHITE, 1.0).contribution(x, y);
        assert_eq!(fb.pixels[y * w + x], add_sat(bg, want), "d {d}");
        assert!(want > 0);
    }
    // Inside the inner angle: lit; outside the outer angle, and behind: untouched.
    for d in [8.0, 20.0, 50.0, 70.0] {
        assert_ne!(at(d, 15.0), bg, "d {d} at 15°");
        assert_ne!(at(d, -15.0), bg, "d {d} at -15°");
        for deg in [35.0, -35.0, 90.0, -90.0, 180.0, 150.0] {
            assert_eq!(at(d, deg), bg, "d {d} at {deg}°");
        }
    }
    // The penumbra fades monotonically from 20° to 30°.
    let fade: Vec<u32> = (20..=31).map(|a| at(50.0, a as f32) & 0xFF).collect();
    assert!(fade.windows(2).all(|p| p[0] >= p[1]), "{fade:?}");
    assert!(fade[0] > fade[8], "{fade:?}");

    // With a spill of 0.1 (8 px) at half level: lit behind within 8 px, fading to
    // nothing at 16 px; the beam is unchanged.
    let spilled = light.with_cone(cone.with_spill(0.1, 0.5));
    let fs = lit(w, h, c, &around, true, &spilled);
    let behind = |d: f32| {
        let (x, y) = (c[0] - d * dir[0], c[1] - d * dir[1]);
        let p = fs.get(x.floor() as i32, y.floor() as i32).unwrap();
        (p & 0xFF) as f32 - BG.b as f32
    };
    // At 4 px (d = 0.05): 0.5 × (1 - 0.0025)² × 128 ≈ 63.7.
    assert!((behind(4.0) - 63.7).abs() <= 1.5, "{}", behind(4.0));
    assert!(behind(11.0) > 0.0 && behind(11.0) < behind(6.0));
    assert_eq!(behind(17.0), 0.0);
    assert_eq!(behind(40.0), 0.0);
    for d in [20.0, 50.0] {
        assert_eq!(
            at(d, 0.0),
            fs.get(
                (c[0] + d * dir[0]).floor() as i32,
                (c[1] + d * dir[1]).floor() as i32
            )
            .unwrap()
        );
    }
    // And the fill equals the per-pixel reference everywhere (the spill is skipped on
    // rows it cannot reach; that must not change a pixel).
    let mask: Vec<bool> = cover_count(w, h, &fan_tris(c, &around, true))
        .iter()
        .map(|&n| n == 1)
        .collect();
    assert_eq!(fs, reference(w, h, &mask, &spilled));
}

/// The pixel holding the light is lit by its cone, whatever side of the light its
/// centre is on, and a zero-length position never gives NaN.
#[test]
fn cone_apex_pixel_is_lit() {
    for (cx, cy) in [(10.5, 10.5), (10.9, 10.1), (10.01, 10.99), (10.0, 10.0)] {
        let c = [cx, cy];
        let light = LightShape::point(c, [20.0, 20.0], Rgba::WHITE, 1.0).with_cone(Cone::new(
            [0.0, -1.0],
            0.1,
            0.2,
        ));
        let fan = outline(c, 12, 0.0, |_| 25.0);
        let fb = lit(24, 24, c, &fan, true, &light);
        let (x, y) = (cx.floor() as i32, cy.floor() as i32);
        let v = ch(&fb, x.min(10), y.min(10))[0] - BG.r as i32;
        assert!(v >= 126, "light at {c:?}: {v}");
    }
}

/// An anisotropic `to_light` gives an elliptical footprint: a 2:1 isometric squash, both
/// axis-aligned and through `from_axes` (rotated 45° in the world).
#[test]
fn anisotropic_footprint_is_an_ellipse() {
    let (w, h) = (220, 160);
    let c = [110.5, 80.5];
    let around = outline(c, 64, 0.0, |_| 100.0);
    let light = LightShape::point(c, [80.0, 40.0], Rgba::WHITE, 1.0);
    let fb = lit(w, h, c, &around, true, &light);
    let v = |dx: i32, dy: i32| ch(&fb, 110 + dx, 80 + dy)[0] - BG.r as i32;
    assert!(v(70, 0) > 0 && v(-70, 0) > 0);
    assert_eq!(v(0, 45), 0);
    assert_eq!(v(0, -45), 0);
    assert!(v(0, 35) > 0);
    // Same light-space distance, same value: (40, 0) and (0, 20) are both d = 0.5.
    assert_eq!(v(40, 0), v(0, 20));
    assert!(near(v(40, 0), 72.0), "{}", v(40, 0));
    assert_eq!(v(-40, 0), v(0, -20));

    // Isometric floor: world x goes to screen (+40, +20) per range, world y to (−40, +20).
    let iso = LightShape::from_axes(c, [40.0, 20.0], [-40.0, 20.0], Rgba::WHITE, 1.0);
    let fb = lit(w, h, c, &around, true, &iso);
    let v = |dx: i32, dy: i32| ch(&fb, 110 + dx, 80 + dy)[0] - BG.r as i32;
    // Half-way along either world axis: d = 0.5.
    assert!(
        near(v(20, 10), 72.0) && near(v(-20, 10), 72.0),
        "{} {}",
        v(20, 10),
        v(-20, 10)
    );
    assert_eq!(v(20, 10), v(-20, -10));
    // Screen (40, 0) and (0, 20) are both d = √½ in the world: (1 - ½)² = ¼.
    assert!(
        near(v(40, 0), 32.0) && near(v(0, 20), 32.0),
        "{} {}",
        v(40, 0),
        v(0, 20)
    );
    // The footprint reaches 40·√2 ≈ 56.6 px sideways but only 28.3 px up and down.
    assert!(v(54, 0) > 0 && v(0, 27) > 0);
    assert_eq!(v(58, 0), 0);
    assert_eq!(v(0, 30), 0);
    // A cone pointing along world +x lights the screen direction (2, 1).
    let beam = iso.with_cone(Cone::new([1.0, 0.0], 0.2, 0.3));
    let fb = lit(w, h, c, &around, true, &beam);
    let v = |dx: i32, dy: i32| ch(&fb, 110 + dx, 80 + dy)[0] - BG.r as i32;
    assert!(v(30, 15) > 0);
    assert_eq!(v(-30, -15), 0);
    assert_eq!(v(-30, 15), 0);
}

/// Fewer than 2 points, zero-area triangles and bad numbers draw nothing and never panic;
/// huge coordinates are clipped.
#[test]
fn degenerate_and_hostile_input() {
    let (w, h) = (64, 48);
    let c = [30.5, 20.5];
    let light = LightShape::point(c, [30.0, 30.0], Rgba::WHITE, 1.0);
    let fan = outline(c, 10, 0.0, |_| 20.0);
    let blank = {
        let mut fb = Framebuffer::new(w, h);
        fb.clear(BG);
        fb
    };
    let draws_nothing = |apex: [f32; 2], f: &[[f32; 2]], closed: bool, l: &LightShape| {
        assert_eq!(
            lit(w, h, apex, f, closed, l),
            blank,
            "{apex:?} {f:?} {closed} {l:?}"
        );
    };
    // Too few points.
    draws_nothing(c, &[], true, &light);
    draws_nothing(c, &[[40.0, 20.0]], true, &light);
    // Zero area: all points on a line through the apex, or repeated.
    let line: Vec<[f32; 2]> = (0..6)
        .map(|i| [c[0] + i as f32 * 3.0, c[1] + i as f32])
        .collect();
    draws_nothing(c, &line, true, &light);
    draws_nothing(c, &[c, c, c], true, &light);
    draws_nothing(c, &[[1.0, 1.0]; 5], true, &light);
    // Non-finite points anywhere draw nothing at all.
    for bad in [f32::NAN, f32::INFINITY, f32::NEG_INFINITY] {
        draws_nothing([bad, 20.0], &fan, true, &light);
        let mut f = fan.clone();
        f[3][1] = bad;
        draws_nothing(c, &f, true, &light);
    }
    // Lights that cannot draw.
    let bad_lights = [
        LightShape {
            intensity: 0.0,
            ..light
        },
        LightShape {
            intensity: -1.0,
            ..light
        },
        LightShape {
            intensity: f32::NAN,
            ..light
        },
        LightShape {
            intensity: f32::INFINITY,
            ..light
        },
        LightShape {
            color: Rgba::new(0, 0, 0, 255),
            ..light
        },
        LightShape::point(c, [0.0, 30.0], Rgba::WHITE, 1.0),
        LightShape::point(c, [f32::NAN, 30.0], Rgba::WHITE, 1.0),
        LightShape::from_axes(c, [10.0, 5.0], [20.0, 10.0], Rgba::WHITE, 1.0), // singular
        light.with_cone(Cone::new([0.0, 0.0], 0.1, 0.2)),
        light.with_cone(Cone::new([f32::NAN, 1.0], 0.1, 0.2)),
        light.with_cone(Cone {
            cos_outer: f32::NAN,
            ..Cone::new([1.0, 0.0], 0.1, 0.2)
        }),
        light.with_cone(Cone::new([1.0, 0.0], 0.1, 0.2).with_spill(f32::INFINITY, 0.5)),
        light.with_cone(Cone::new([1.0, 0.0], 0.1, 0.2).with_spill(0.1, f32::NAN)),
    ];
    for l in &bad_lights {
        draws_nothing(c, &fan, true, l);
        assert_eq!(l.contribution(30, 20), 0, "{l:?}");
    }
    // A closed fan of 2 points is one triangle, not the same triangle twice.
    let two = [[50.0, 5.0], [50.0, 40.0]];
    let closed = lit(w, h, c, &two, true, &light);
    assert_eq!(closed, lit(w, h, c, &two, false, &light));
    assert_ne!(closed, blank);
    // Huge coordinates: clipped, identical to a polygon that just covers the target.
    let huge = [[-1e9, -1e9], [1e9, -1e9], [1e9, 1e9], [-1e9, 1e9]];
    let frame = [[-1.0, -1.0], [65.0, -1.0], [65.0, 49.0], [-1.0, 49.0]];
    assert_eq!(
        lit(w, h, c, &huge, true, &light),
        lit(w, h, c, &frame, true, &light)
    );
    let far = [[3e38, 0.0], [0.0, 3e38], [-3e38, -3e38]];
    let _ = lit(w, h, c, &far, true, &light);
    let _ = lit(w, h, [-1e30, 1e30], &huge, true, &light);
    // Huge or tiny light spaces never panic.
    for s in [1e-30f32, 1e-6, 1e6, 1e30, f32::MAX] {
        let l = LightShape {
            to_light: [[s, s, -s], [s, -s, s]],
            ..light
        };
        let _ = lit(w, h, c, &fan, true, &l);
        let l = l.with_cone(Cone::new([1.0, 1.0], 0.1, 0.2).with_spill(s, 1.0));
        let _ = lit(w, h, c, &fan, true, &l);
    }
    // Empty and odd-sized targets.
    for (w, h) in [(0, 0), (0, 5), (5, 0), (1, 1), (7, 3), (3, 9)] {
        let mut fb = Framebuffer::new(w, h);
        add_light_fan(&mut fb, [1.0, 1.0], &fan, true, &light);
        add_light_fan(
            &mut fb,
            [1.2, 1.7],
            &[[-5.0, -5.0], [9.0, 0.0], [0.0, 9.0]],
            true,
            &light,
        );
        assert_eq!(fb.pixels.len(), w * h);
    }
}

/// Random lights (cones of every width, with and without spill, anisotropic, near and
/// off-screen, saturating or not) over a polygon covering the whole target: every pixel
/// equals the per-pixel reference. The fill's shortcuts (merged runs, 8-pixel blocks
/// with overlapping or masked ends, the spill left out on rows it cannot reach, the
/// clamp left out when nothing can saturate) must never change a pixel.
#[test]
fn random_lights_match_the_formula_everywhere() {
    let (w, h) = (150, 110);
    let mut s = 0x2545_F491_4F6C_DD1Du64;
    let mut rnd = move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        (s >> 11) as f32 / (1u64 << 53) as f32
    };
    let cover = [[-3.0, -2.0], [160.0, -4.0], [157.0, 115.0], [-2.0, 113.0]];
    let mask = vec![true; w * h];
    for i in 0..300 {
        let c = [rnd() * 190.0 - 20.0, rnd() * 150.0 - 20.0];
        let r = 10.0 + rnd() * 200.0;
        let squash = 0.3 + rnd() * 1.4;
        let turn = rnd() * TAU;
        let ax = [r * turn.cos(), r * turn.sin() * squash];
        let ay = [-r * turn.sin(), r * turn.cos() * squash];
        let color = Rgba::rgb((rnd() * 255.0) as u8, (rnd() * 255.0) as u8, 255);
        let mut light = LightShape::from_axes(c, ax, ay, color, 0.3 + rnd() * 2.5);
        if i % 4 != 0 {
            let a = rnd() * TAU;
            let outer = 0.05 + rnd() * 1.6;
            let inner = outer * rnd();
            let mut cone = Cone::new([a.cos(), a.sin()], inner, outer);
            if i % 3 == 0 {
                cone = cone.with_spill(rnd() * 0.3, rnd());
            }
            light = light.with_cone(cone);
        }
        let apex = [c[0].clamp(0.0, 149.0), c[1].clamp(0.0, 109.0)];
        let got = lit(w, h, apex, &cover, true, &light);
        assert_eq!(got, reference(w, h, &mask, &light), "light {i}: {light:?}");
    }
}
