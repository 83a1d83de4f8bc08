//! Bands and scale.
//!
//! * Bands: every primitive drawn into the bands of a frame (each its own band
//!   framebuffer, [`Framebuffer::new_band`]), the bands concatenated, is byte for byte
//!   the frame drawn whole: for splits into 1, 2, 3 and 7 bands and an uneven one
//!   (`0..1, 1..100, 100..h`), at 640×360 and 1920×1080, at scale 1 and at the scale
//!   of a 1280×720 layout, with opaque, alpha and additive paints. The kernels are the
//!   ones this process runs (AVX2 when the CPU has it); run the binary again with
//!   `RASTER_NO_AVX2=1` for the portable ones. `cargo test` does that by itself:
//!   [`portable_kernels_draw_the_same_bands_and_frames`] runs this binary again as its
//!   child with `RASTER_NO_AVX2=1`, and compares digests of whole frames between the
//!   two runs. (The post pass is also checked with both kernels explicitly.)
//! * Scale: at scale `s` a primitive in drawing units draws what it draws at scale 1
//!   with its positions and sizes times `s` (exactly, for `s = 2`); `fill_rect` rounds
//!   each edge; text is drawn at its device size, its corner rounded.

use raster::*;
use std::ops::Range;

/// Small xorshift: the tests' only randomness, seeded per scene.
struct Rng(u32);

impl Rng {
    fn new(seed: u32) -> Rng {
        Rng(seed.max(1))
    }
    fn next(&mut self) -> u32 {
        let mut s = self.0;
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        self.0 = s;
        s
    }
    /// Uniform in `[lo, hi)`.
    fn f(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (self.next() >> 8) as f32 / (1u32 << 24) as f32 * (hi - lo)
    }
    fn below(&mut self, n: u32) -> u32 {
        self.next() % n
    }
    fn pt(&mut self, (w, h): (f32, f32)) -> [f32; 2] {
        // A little past every edge, so clipping is exercised everywhere.
        [self.f(-0.1 * w, 1.1 * w), self.f(-0.1 * h, 1.1 * h)]
    }
    fn colour(&mut self) -> Rgba {
        let c = self.next();
        let a = match self.below(4) {
            0 => 255,
            1 => 0,
            _ => (c >> 24) as u8,
        };
        Rgba::new(c as u8, (c >> 8) as u8, (c >> 16) as u8, a)
    }
    fn paint(&mut self) -> Paint {
        let c = self.colour();
        match self.below(3) {
            0 => Paint::opaque(c),
            1 => Paint::alpha(c),
            _ => Paint::additive(c),
        }
    }
    fn blend(&mut self) -> Blend {
        [Blend::Opaque, Blend::Alpha, Blend::Additive][self.below(3) as usize]
    }
}

const SIZES: [(usize, usize); 2] = [(640, 360), (1920, 1080)];

/// The splits of `h` rows every test draws with.
fn splits(h: usize) -> Vec<Vec<Range<usize>>> {
    let even = |n: usize| (0..n).map(|i| i * h / n..(i + 1) * h / n).collect();
    vec![
        even(1),
        even(2),
        even(3),
        even(7),
        vec![0..1, 1..100, 100..h],
    ]
}

/// A deterministic background, from the frame position of each pixel.
fn background(fb: &mut Framebuffer) {
    for y in fb.band() {
        let row = fb.row_mut(y).unwrap();
        for (x, p) in row.iter_mut().enumerate() {
            let mut v = (x as u32).wrapping_mul(0x9E37_79B9) ^ (y as u32).wrapping_mul(0x85EB_CA6B);
            v ^= v >> 15;
            v = v.wrapping_mul(0x2C1B_3C6D);
            v ^= v >> 12;
            *p = v & 0x00FF_FFFF;
        }
    }
}

/// Panics with the first difference and the number of differing pixels.
fn same(name: &str, w: usize, want: &[u32], got: &[u32]) {
    assert_eq!(want.len(), got.len(), "{name}: sizes differ");
    let diff: Vec<usize> = (0..want.len()).filter(|&i| want[i] != got[i]).collect();
    if let Some(&i) = diff.first() {
        panic!(
            "{name}: {} pixels differ, first at ({}, {}): whole {:06x}, bands {:06x}",
            diff.len(),
            i % w,
            i / w,
            want[i],
            got[i]
        );
    }
}

/// Draws `draw` into the whole frame and into every split, at every size and at scales
/// 1 and `width / 1280`, and compares.
fn check(name: &str, draw: impl Fn(&mut Framebuffer)) {
    for (w, h) in SIZES {
        for scale in [1.0, w as f32 / 1280.0] {
            let mut whole = Framebuffer::new(w, h);
            whole.set_scale(scale);
            background(&mut whole);
            draw(&mut whole);
            assert_eq!(whole.pixels.len(), w * h);
            for split in splits(h) {
                let mut got = Vec::with_capacity(w * h);
                for rows in &split {
                    let mut band = Framebuffer::new_band(w, h, rows.clone());
                    band.set_scale(scale);
                    background(&mut band);
                    draw(&mut band);
                    assert_eq!(band.band(), rows.clone());
                    assert_eq!(band.pixels.len(), w * rows.len(), "{name}: band resized");
                    got.extend_from_slice(&band.pixels);
                }
                let label = format!("{name} {w}x{h} scale {scale} bands {split:?}");
                same(&label, w, &whole.pixels, &got);
            }
        }
    }
}

/// The frame's size in drawing units.
fn units(fb: &Framebuffer) -> (f32, f32) {
    fb.logical_size()
}

fn random_triangles(fb: &mut Framebuffer, seed: u32, n: usize) {
    let mut r = Rng::new(seed);
    let u = units(fb);
    for _ in 0..n {
        let a = r.pt(u);
        // Mostly small triangles around a point, some spanning the frame.
        let s = if r.below(8) == 0 { u.0 } else { 40.0 };
        let mut near = || [a[0] + r.f(-s, s), a[1] + r.f(-s, s)];
        let (b, c) = (near(), near());
        let p = r.paint();
        fill_triangle(fb, [a, b, c], p);
    }
}

#[test]
fn triangles() {
    check("triangles", |fb| random_triangles(fb, 11, 2000));
}

/// Huge and off-screen triangles (the guard-band clipper, `walk_clipped`), slivers and
/// triangles with vertices on the half-pixel grid (fill-rule ties on band edges).
fn huge_triangles(fb: &mut Framebuffer) {
    let mut r = Rng::new(12);
    let u = units(fb);
    for _ in 0..150 {
        let far = [1e5f32, 1e6, 1e9, 3e4][r.below(4) as usize];
        let mut p = || [r.f(-far, far), r.f(-far, far)];
        let t = [p(), p(), r.pt(u)];
        let pa = r.paint();
        fill_triangle(fb, t, pa);
    }
    // Covering the whole frame with an edge through it.
    fill_triangle(
        fb,
        [[-1e9, -1e9], [1e9, 1e9 + 3.0], [-1e9, 1e9]],
        Paint::additive(Rgba::new(20, 40, 60, 200)),
    );
    for _ in 0..400 {
        let mut p = || {
            let q = r.pt(u);
            [(q[0] * 2.0).round() / 2.0, (q[1] * 2.0).round() / 2.0]
        };
        let t = [p(), p(), p()];
        let pa = r.paint();
        fill_triangle(fb, t, pa);
    }
    // Slivers crossing many rows (long DDAs started at band tops).
    for i in 0..40 {
        let x = r.f(0.0, u.0);
        let t = [
            [x, -500.0],
            [x + 0.3 + i as f32 * 0.01, u.1 + 500.0],
            [x + 0.1, u.1 * 0.5],
        ];
        fill_triangle(fb, t, Paint::alpha(Rgba::new(255, 255, 255, 90)));
    }
}

#[test]
fn huge_off_screen_and_tie_triangles() {
    check("huge triangles", huge_triangles);
}

#[test]
fn gouraud_triangles() {
    check("gouraud", |fb| {
        let mut r = Rng::new(13);
        let u = units(fb);
        for i in 0..600 {
            let a = r.pt(u);
            let s = if i % 10 == 0 { u.0 } else { 60.0 };
            let mut near = || [a[0] + r.f(-s, s), a[1] + r.f(-s, s)];
            let (b, c) = (near(), near());
            let cols = [r.colour(), r.colour(), r.colour()];
            let bl = r.blend();
            fill_triangle_gouraud(fb, [a, b, c], cols, bl);
        }
        fill_triangle_gouraud(
            fb,
            [[-1e7, -3e6], [4e6, 2e5], [10.0, 1e7]],
            [Rgba::RED, Rgba::GREEN, Rgba::new(0, 0, 255, 128)],
            Blend::Alpha,
        );
    });
}

#[test]
fn quads_and_convex_polygons() {
    check("polygons", |fb| {
        let mut r = Rng::new(14);
        let u = units(fb);
        for _ in 0..300 {
            let c = r.pt(u);
            let (rad, n, ph) = (r.f(2.0, 120.0), 3 + r.below(9) as usize, r.f(0.0, 6.3));
            let pts: Vec<[f32; 2]> = (0..n)
                .map(|i| {
                    let a = ph + i as f32 * std::f32::consts::TAU / n as f32;
                    [c[0] + rad * a.cos(), c[1] + rad * 0.6 * a.sin()]
                })
                .collect();
            let p = r.paint();
            fill_convex_polygon(fb, &pts, p);
            let (x, y, qw, qh) = (
                r.f(-20.0, u.0),
                r.f(-20.0, u.1),
                r.f(0.0, 90.0),
                r.f(0.0, 50.0),
            );
            let p = r.paint();
            fill_quad(
                fb,
                [
                    [x, y],
                    [x + qw, y + qh * 0.3],
                    [x + qw, y + qh],
                    [x, y + qh * 0.7],
                ],
                p,
            );
        }
    });
}

#[test]
fn thick_lines_every_cap_and_thin_lines() {
    check("lines", |fb| {
        let mut r = Rng::new(15);
        let u = units(fb);
        for i in 0..500 {
            let (a, b) = (r.pt(u), r.pt(u));
            let b = if i % 3 == 0 {
                [a[0] + r.f(-30.0, 30.0), a[1] + r.f(-30.0, 30.0)]
            } else {
                b
            };
            let width = [0.4, 1.0, 2.5, 7.0, 31.0][r.below(5) as usize];
            let cap = [LineCap::Butt, LineCap::Round, LineCap::Square][i % 3];
            let p = r.paint();
            draw_line(fb, a, b, width, cap, p);
        }
        for _ in 0..300 {
            let (a, b) = (r.pt(u), r.pt(u));
            let p = r.paint();
            draw_line_thin(fb, a, b, p);
        }
        // Far outside, through the frame.
        draw_line_thin(fb, [-1e6, -2e5], [1e6, 3e5], Rgba::WHITE);
        draw_line(
            fb,
            [-1e9, 10.0],
            [1e9, u.1 - 10.0],
            5.0,
            LineCap::Round,
            Rgba::WHITE,
        );
        draw_line(
            fb,
            [20.0, -1e6],
            [30.0, 1e6],
            3.0,
            LineCap::Square,
            Paint::additive(Rgba::new(0, 99, 0, 200)),
        );
    });
}

#[test]
fn circles_and_ellipses_filled_and_stroked() {
    check("circles", |fb| {
        let mut r = Rng::new(16);
        let u = units(fb);
        for i in 0..400 {
            let c = r.pt(u);
            let rad = [0.3, 2.0, 7.5, 40.0, 300.0][r.below(5) as usize];
            let p = r.paint();
            match i % 4 {
                0 => fill_circle(fb, c, rad, p),
                1 => stroke_circle(fb, c, rad, r.f(0.5, 9.0), p),
                2 => fill_ellipse(fb, c, [rad, rad * r.f(0.2, 1.5)], p),
                _ => stroke_ellipse(fb, c, [rad, rad * 0.5], r.f(0.5, 6.0), p),
            }
        }
        fill_circle(
            fb,
            [u.0 * 0.5, u.1 * 0.5],
            1e6,
            Paint::alpha(Rgba::new(9, 9, 9, 40)),
        );
    });
}

#[test]
fn lights() {
    check("draw_light", |fb| {
        let mut r = Rng::new(17);
        let u = units(fb);
        for _ in 0..120 {
            let c = r.pt(u);
            let col = r.colour();
            draw_light(fb, c, r.f(1.0, 250.0), col, r.f(0.1, 3.0));
        }
    });
}

/// A star-shaped outline around `c` with radii cycling through `rs`.
fn star(c: [f32; 2], n: usize, rs: &[f32], squash: f32) -> Vec<[f32; 2]> {
    (0..n)
        .map(|i| {
            let a = i as f32 * std::f32::consts::TAU / n as f32 + 0.05;
            let r = rs[i % rs.len()];
            [c[0] + r * a.cos(), c[1] + r * squash * a.sin()]
        })
        .collect()
}

#[test]
fn light_fans_point_and_cone() {
    check("add_light_fan", |fb| {
        let mut r = Rng::new(18);
        let u = units(fb);
        for i in 0..40 {
            let apex = r.pt(u);
            let range = r.f(20.0, 400.0);
            let col = r.colour();
            let mut light = LightShape::point(apex, [range, range * 0.5], col, r.f(0.3, 2.5));
            if i % 2 == 1 {
                let cone = Cone::new([r.f(-1.0, 1.0), r.f(-1.0, 1.0)], 0.3, 0.6);
                let cone = if i % 4 == 1 {
                    cone.with_spill(0.1, 0.4)
                } else {
                    cone
                };
                light = if i % 3 == 0 {
                    LightShape::from_axes(
                        apex,
                        [range * 0.7, range * 0.35],
                        [-range * 0.7, range * 0.35],
                        col,
                        1.7,
                    )
                } else {
                    light
                }
                .with_cone(cone);
            }
            let fan = star(apex, 24 + i, &[range, range * 0.4, range * 0.8], 0.5);
            add_light_fan(fb, apex, &fan, i % 5 != 0, &light);
        }
    });
}

#[test]
fn text_at_several_scales() {
    check("text", |fb| {
        let mut r = Rng::new(19);
        let u = units(fb);
        for i in 0..120 {
            let (x, y) = (r.f(-40.0, u.0) as i32, r.f(-40.0, u.1) as i32);
            let p = r.paint();
            let gs = [0, 1, 2, 3, 5][i % 5];
            draw_text(fb, x, y, "Hello, bands!\nWq|@#\n12345", p, gs);
        }
    });
}

#[test]
fn rects() {
    check("fill_rect", |fb| {
        let mut r = Rng::new(20);
        let u = units(fb);
        for _ in 0..400 {
            let (x, y) = (r.f(-50.0, u.0) as i32, r.f(-50.0, u.1) as i32);
            let (w, h) = (r.f(-5.0, 200.0) as i32, r.f(-5.0, 120.0) as i32);
            let p = r.paint();
            fb.fill_rect(x, y, w, h, p);
        }
        fb.fill_rect(i32::MIN, i32::MIN, i32::MAX, i32::MAX, Rgba::WHITE);
        fb.fill_rect(i32::MAX - 5, 3, i32::MAX, i32::MAX, Rgba::WHITE);
    });
}

#[test]
fn blits() {
    let mut src = Framebuffer::new(300, 211);
    background(&mut src);
    for p in &mut src.pixels {
        *p ^= 0x00A5_5A33;
    }
    check("blit", |fb| {
        let (w, h) = (fb.width as i32, fb.height as i32);
        for (x, y) in [
            (-50, -30),
            (w / 2, h / 3),
            (w - 100, h - 80),
            (7, 99),
            (-299, 210),
            (w, 0),
            (0, h),
            (i32::MIN, i32::MAX),
        ] {
            fb.blit(&src, x, y);
        }
    });
}

#[test]
fn gamma() {
    let g = Gamma::new(1.8);
    check("gamma", |fb| {
        random_triangles(fb, 21, 200);
        g.apply(fb);
    });
}

#[test]
fn upscale_into_a_band() {
    let mut src = Framebuffer::new(1280, 720);
    background(&mut src);
    let mut odd = Framebuffer::new(333, 250);
    background(&mut odd);
    for mode in [ScaleMode::Fit, ScaleMode::Integer] {
        check("scale_nearest_into", |fb| {
            let vp = scale_nearest_into(&src, fb, mode, Rgba::rgb(1, 2, 3));
            // The same viewport for every band: the whole frame's layout.
            let mut whole = Framebuffer::new(0, 0);
            whole.resize(fb.width, fb.height);
            assert_eq!(vp, scale_nearest_into(&src, &mut whole, mode, Rgba::BLACK));
        });
        check("scale_nearest_into letterboxed", |fb| {
            scale_nearest_into(&odd, fb, mode, Rgba::rgb(1, 2, 3));
        });
    }
}

/// Every primitive, randomly interleaved, every kind of paint.
fn mixed(fb: &mut Framebuffer, seed: u32) {
    let mut r = Rng::new(seed);
    let u = units(fb);
    for i in 0..600 {
        let p = r.paint();
        let (a, b, c) = (r.pt(u), r.pt(u), r.pt(u));
        let near = [a[0] + r.f(-25.0, 25.0), a[1] + r.f(-25.0, 25.0)];
        let near2 = [a[0] + r.f(-25.0, 25.0), a[1] + r.f(-25.0, 25.0)];
        match r.below(14) {
            0 => fill_triangle(fb, [a, near, near2], p),
            1 => fill_triangle(fb, [a, b, c], p),
            2 => {
                let cols = [r.colour(), r.colour(), r.colour()];
                fill_triangle_gouraud(fb, [a, near, near2], cols, p.blend)
            }
            3 => fill_quad(fb, [a, near, [near[0] + 10.0, near2[1]], near2], p),
            4 => draw_line(
                fb,
                a,
                near,
                r.f(0.3, 12.0),
                [LineCap::Butt, LineCap::Round, LineCap::Square][i % 3],
                p,
            ),
            5 => draw_line_thin(fb, a, b, p),
            6 => fill_circle(fb, a, r.f(0.2, 60.0), p),
            7 => stroke_circle(fb, a, r.f(1.0, 60.0), r.f(0.3, 5.0), p),
            8 => fill_ellipse(fb, a, [r.f(1.0, 80.0), r.f(1.0, 40.0)], p),
            9 => stroke_ellipse(fb, a, [r.f(1.0, 80.0), r.f(1.0, 40.0)], r.f(0.5, 4.0), p),
            10 => draw_light(fb, a, r.f(5.0, 150.0), p.color, r.f(0.2, 2.0)),
            11 => {
                let fan = star(a, 16, &[r.f(10.0, 200.0), r.f(10.0, 200.0)], 0.7);
                let l = LightShape::point(a, [300.0, 150.0], p.color, r.f(0.3, 2.0));
                let l = if i % 2 == 0 {
                    l.with_cone(Cone::new([1.0, 0.2], 0.4, 0.8).with_spill(0.05, 0.5))
                } else {
                    l
                };
                add_light_fan(fb, a, &fan, true, &l)
            }
            12 => {
                draw_text(
                    fb,
                    a[0] as i32,
                    a[1] as i32,
                    "MIXED scene 42",
                    p,
                    1 + r.below(3),
                );
            }
            _ => fb.fill_rect(
                a[0] as i32,
                a[1] as i32,
                r.f(0.0, 80.0) as i32,
                r.f(0.0, 40.0) as i32,
                p,
            ),
        }
    }
}

#[test]
fn mixed_scene() {
    check("mixed scene", |fb| mixed(fb, 22));
    check("mixed scene 2", |fb| mixed(fb, 23));
}

/// Depth-tested triangles with a depth buffer for the whole frame (shared by the bands,
/// drawn one after the other) and with one depth buffer per band: same pixels, same
/// depths.
#[test]
fn depth_triangles_with_whole_and_band_depth_buffers() {
    let draw = |fb: &mut Framebuffer, zb: &mut DepthBuffer| {
        let mut r = Rng::new(24);
        let u = units(fb);
        for i in 0..800 {
            let a = r.pt(u);
            let s = if i % 9 == 0 { u.0 } else { 50.0 };
            let mut p = || [a[0] + r.f(-s, s), a[1] + r.f(-s, s), r.f(0.0, 10.0)];
            let v = [p(), p(), p()];
            let mode = [DepthMode::LESS_WRITE, DepthMode::TEST_ONLY][i % 2];
            match i % 3 {
                0 => {
                    let pa = r.paint();
                    fill_triangle_depth(fb, zb, v, pa, mode)
                }
                1 => {
                    let cols = [r.colour(), r.colour(), r.colour()];
                    let bl = r.blend();
                    fill_triangle_gouraud_depth(fb, zb, v, cols, bl, mode)
                }
                _ => {
                    let q = [v[0], v[1], v[2], [v[0][0] - 5.0, v[2][1] + 3.0, 4.0]];
                    let pa = r.paint();
                    fill_convex_polygon_depth(fb, zb, &q, pa, DepthMode::LESS_WRITE)
                }
            }
        }
    };
    for (w, h) in SIZES {
        for scale in [1.0, w as f32 / 1280.0] {
            let mut whole = Framebuffer::new(w, h);
            whole.set_scale(scale);
            background(&mut whole);
            let mut zw = DepthBuffer::new(w, h);
            draw(&mut whole, &mut zw);
            assert!(zw.depth.iter().any(|z| z.is_finite()));
            for split in splits(h) {
                let mut shared = DepthBuffer::new(w, h);
                let (mut got_shared, mut got_own, mut z_own) = (Vec::new(), Vec::new(), Vec::new());
                for rows in &split {
                    let mut band = Framebuffer::new_band(w, h, rows.clone());
                    band.set_scale(scale);
                    background(&mut band);
                    draw(&mut band, &mut shared);
                    got_shared.extend_from_slice(&band.pixels);
                    let mut band = Framebuffer::new_band(w, h, rows.clone());
                    band.set_scale(scale);
                    background(&mut band);
                    let mut own = DepthBuffer::new(w, rows.len());
                    draw(&mut band, &mut own);
                    got_own.extend_from_slice(&band.pixels);
                    z_own.extend_from_slice(&own.depth);
                }
                let label = format!("depth {w}x{h} scale {scale} {split:?}");
                same(
                    &format!("{label} shared depth"),
                    w,
                    &whole.pixels,
                    &got_shared,
                );
                same(&format!("{label} band depth"), w, &whole.pixels, &got_own);
                let bits = |z: &[f32]| z.iter().map(|v| v.to_bits()).collect::<Vec<u32>>();
                same(
                    &format!("{label} shared depth values"),
                    w,
                    &bits(&zw.depth),
                    &bits(&shared.depth),
                );
                same(
                    &format!("{label} band depth values"),
                    w,
                    &bits(&zw.depth),
                    &bits(&z_own),
                );
            }
        }
    }
    // A depth buffer of neither size draws nothing.
    let mut band = Framebuffer::new_band(64, 64, 10..20);
    let mut zb = DepthBuffer::new(64, 30);
    fill_triangle_depth(
        &mut band,
        &mut zb,
        [[0.0, 0.0, 1.0], [64.0, 0.0, 1.0], [0.0, 64.0, 1.0]],
        Rgba::WHITE,
        DepthMode::LESS_WRITE,
    );
    assert!(band.pixels.iter().all(|&p| p == 0));
}

/// The post pass on bands of albedo and light (the same rows), through every entry
/// point and both kernels, with one `PostPass` reused across bands of different rows
/// and frames of different sizes (its tables must follow).
#[test]
fn post_pass_on_bands() {
    let params = PostParams {
        desaturate: 45,
        vignette: 110,
        grain: 70,
        grain_seed: 0xC0FF_EE00,
    };
    let light_of = |fb: &mut Framebuffer| {
        fb.clear(Rgba::rgb(60, 70, 90));
        mixed(fb, 31);
    };
    let mut kernels = vec![PostKernel::Portable];
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        kernels.push(PostKernel::Avx2);
    }
    let mut pass = PostPass::new();
    for (w, h) in SIZES {
        let mut albedo = Framebuffer::new(w, h);
        background(&mut albedo);
        mixed(&mut albedo, 30);
        let mut light = Framebuffer::new(w, h);
        light_of(&mut light);
        let mut want = albedo.clone();
        post_process(&mut want, &light, &params);
        let mut reference = albedo.clone();
        post_process_reference(&mut reference, &light, &params);
        same(
            "post whole vs reference",
            w,
            &reference.pixels,
            &want.pixels,
        );
        for split in splits(h) {
            let mut got: Vec<Vec<u32>> = vec![Vec::new(); 3 + kernels.len()];
            // Twice over the bands, so the reused pass sees rows alternate.
            for round in 0..2 {
                for rows in &split {
                    let mut a = Framebuffer::new_band(w, h, rows.clone());
                    background(&mut a);
                    mixed(&mut a, 30);
                    let mut l = Framebuffer::new_band(w, h, rows.clone());
                    light_of(&mut l);
                    let mut outs = vec![a.clone(); 3 + kernels.len()];
                    post_process(&mut outs[0], &l, &params);
                    post_process_reference(&mut outs[1], &l, &params);
                    pass.run(&mut outs[2], &l, &params);
                    for (i, &k) in kernels.iter().enumerate() {
                        assert!(pass.run_kernel(&mut outs[3 + i], &l, &params, k));
                    }
                    if round == 1 {
                        for (g, o) in got.iter_mut().zip(&outs) {
                            g.extend_from_slice(&o.pixels);
                        }
                    }
                }
            }
            for (i, g) in got.iter().enumerate() {
                same(
                    &format!("post {w}x{h} {split:?} path {i}"),
                    w,
                    &want.pixels,
                    g,
                );
            }
        }
    }
}

// ----- scale -----

/// At scale 2 (exact in `f32`), drawing with coordinates and sizes `c` draws exactly
/// what scale 1 draws with `2c`.
#[test]
fn scale_two_is_the_same_maths_as_doubled_coordinates() {
    let scene = |fb: &mut Framebuffer, k: f32| {
        let p = |x: f32, y: f32| [x * k, y * k];
        fill_circle(fb, p(10.0, 10.0), 5.0 * k, Rgba::WHITE);
        fill_circle(fb, p(60.3, 20.7), 0.3 * k, Rgba::WHITE);
        stroke_circle(
            fb,
            p(100.0, 40.0),
            20.0 * k,
            1.5 * k,
            Paint::additive(Rgba::new(0, 200, 90, 150)),
        );
        fill_ellipse(
            fb,
            p(150.0, 50.0),
            [30.0 * k, 12.5 * k],
            Paint::alpha(Rgba::new(200, 10, 10, 99)),
        );
        stroke_ellipse(
            fb,
            p(150.0, 100.0),
            [30.0 * k, 12.5 * k],
            2.0 * k,
            Rgba::GREEN,
        );
        for (i, cap) in [LineCap::Butt, LineCap::Round, LineCap::Square]
            .into_iter()
            .enumerate()
        {
            let y = 130.0 + 20.0 * i as f32;
            draw_line(
                fb,
                p(10.0, y),
                p(190.0, y + 9.3),
                3.0 * k,
                cap,
                Rgba::new(255, 255, 0, 180),
            );
            draw_line(
                fb,
                p(10.0, y + 5.0),
                p(90.0, y - 3.0),
                0.25 * k,
                cap,
                Rgba::WHITE,
            );
        }
        draw_line_thin(fb, p(3.0, 190.0), p(197.0, 170.5), Rgba::RED);
        fill_triangle(
            fb,
            [p(5.0, 5.0), p(80.0, 30.5), p(20.25, 90.0)],
            Paint::alpha(Rgba::new(9, 99, 199, 120)),
        );
        fill_triangle_gouraud(
            fb,
            [p(100.0, 5.0), p(190.0, 20.0), p(120.0, 80.0)],
            [Rgba::RED, Rgba::GREEN, Rgba::BLUE],
            Blend::Opaque,
        );
        fill_quad(
            fb,
            [
                p(30.0, 100.0),
                p(60.0, 95.0),
                p(70.0, 125.0),
                p(25.0, 120.0),
            ],
            Paint::additive(Rgba::rgb(40, 0, 40)),
        );
        fill_convex_polygon(
            fb,
            &star(p(170.0, 160.0), 7, &[15.0 * k], 1.0),
            Rgba::rgb(90, 90, 255),
        );
        draw_light(fb, p(50.0, 60.0), 40.0 * k, Rgba::rgb(255, 180, 90), 1.3);
        let light = LightShape::point(
            p(120.0, 120.0),
            [60.0 * k, 30.0 * k],
            Rgba::rgb(200, 220, 255),
            1.5,
        )
        .with_cone(Cone::new([1.0, 0.5], 0.4, 0.7).with_spill(0.1, 0.5));
        add_light_fan(
            fb,
            p(120.0, 120.0),
            &star(p(120.0, 120.0), 20, &[70.0 * k, 30.0 * k], 0.5),
            true,
            &light,
        );
    };
    let mut a = Framebuffer::new(400, 400);
    a.set_scale(2.0);
    scene(&mut a, 1.0);
    let mut b = Framebuffer::new(400, 400);
    scene(&mut b, 2.0);
    same("scale 2 vs doubled", 400, &b.pixels, &a.pixels);
    assert!(a.pixels.iter().filter(|&&p| p != 0).count() > 20_000);

    // The brief's own example, on its own: radius 5 at (10, 10) at scale 2 covers the
    // pixels of radius 10 at (20, 20) at scale 1.
    let mut a = Framebuffer::new(40, 40);
    a.set_scale(2.0);
    fill_circle(&mut a, [10.0, 10.0], 5.0, Rgba::WHITE);
    let mut b = Framebuffer::new(40, 40);
    fill_circle(&mut b, [20.0, 20.0], 10.0, Rgba::WHITE);
    assert_eq!(a.pixels, b.pixels);
}

/// Scale 1 set explicitly is the default: nothing changes (the goldens in
/// `tests/golden.rs` check the pixels themselves).
#[test]
fn scale_one_changes_nothing() {
    let mut a = Framebuffer::new(640, 360);
    let mut b = Framebuffer::new(640, 360);
    b.set_scale(3.0);
    b.set_scale(1.0);
    assert_eq!(b.scale(), 1.0);
    mixed(&mut a, 40);
    mixed(&mut b, 40);
    assert_eq!(a, b);
    for bad in [0.0, -2.0, f32::NAN, f32::INFINITY] {
        b.set_scale(bad);
        assert_eq!(b.scale(), 1.0, "{bad}");
    }
}

fn lit_rect(fb: &Framebuffer) -> Option<(usize, usize, usize, usize)> {
    let mut r: Option<(usize, usize, usize, usize)> = None;
    for y in fb.band() {
        for (x, &p) in fb.row(y).unwrap().iter().enumerate() {
            if p != 0 {
                r = Some(match r {
                    None => (x, y, x + 1, y + 1),
                    Some((a, b, c, d)) => (a.min(x), b.min(y), c.max(x + 1), d.max(y + 1)),
                });
            }
        }
    }
    r
}

/// `fill_rect(x, y, w, h)` at scale `s` covers `[round(x·s), round((x+w)·s))` (halves
/// away from zero) on each axis, so rects tiling in drawing units tile in pixels.
#[test]
fn fill_rect_rounds_each_edge() {
    let mut fb = Framebuffer::new(20, 20);
    fb.set_scale(1.5);
    fb.fill_rect(1, 1, 2, 2, Rgba::WHITE);
    assert_eq!(
        lit_rect(&fb),
        Some((2, 2, 5, 5)),
        "round(1.5) = 2, round(4.5) = 5"
    );
    assert_eq!(fb.pixels.iter().filter(|&&p| p != 0).count(), 9);
    // A row of unit rects at an awkward scale: every pixel once, none twice.
    let mut fb = Framebuffer::new(200, 4);
    fb.set_scale(1.37);
    for x in 0..100 {
        fb.fill_rect(x, 0, 1, 1, Paint::additive(Rgba::rgb(1, 1, 1)));
    }
    let row = fb.row(0).unwrap();
    assert!(row[..137].iter().all(|&p| p == 0x010101), "{row:?}");
    assert!(row[137..].iter().all(|&p| p == 0));
    // Scale 1: exactly the integer rect.
    let mut fb = Framebuffer::new(10, 10);
    fb.fill_rect(2, 3, 4, 5, Rgba::WHITE);
    assert_eq!(lit_rect(&fb), Some((2, 3, 6, 8)));
}

/// Text at a framebuffer scale is drawn at its size in device pixels: at scale 1.5,
/// text scale 2 is the very pixels of text scale 3 at `(round(1.5x), round(1.5y))`; the
/// return value stays in drawing units. Any fraction draws (no whole steps): 1.25 is
/// its own size, between 1 and 1.5; 0 is treated as 1; 0.4 still draws.
#[test]
fn text_scale_draws_at_the_device_size() {
    let text = "Scaled\ntext 1.5";
    for (x, y) in [(5, 7), (3, 1), (-4, 9)] {
        let mut a = Framebuffer::new(300, 120);
        a.set_scale(1.5);
        let ret = draw_text(&mut a, x, y, text, Rgba::WHITE, 2);
        assert_eq!(ret, text_width(text, 2));
        let mut b = Framebuffer::new(300, 120);
        let (dx, dy) = (
            (x as f32 * 1.5).round() as i32,
            (y as f32 * 1.5).round() as i32,
        );
        draw_text(&mut b, dx, dy, text, Rgba::WHITE, 3);
        assert_eq!(a.pixels, b.pixels, "at ({x}, {y})");
    }
    let lit_rows = |s: f32, gs: u32| {
        let mut a = Framebuffer::new(100, 60);
        a.set_scale(s);
        draw_text(&mut a, 4, 4, "HI", Rgba::WHITE, gs);
        lit_rect(&a).map(|(_, y0, _, y1)| y1 - y0)
    };
    let (one, quarter, half) = (lit_rows(1.0, 1), lit_rows(1.25, 1), lit_rows(1.5, 1));
    assert!(
        one < quarter && quarter < half,
        "{one:?} {quarter:?} {half:?}"
    );
    assert_eq!(lit_rows(1.25, 0), quarter);
    assert!(lit_rows(0.4, 1).is_some());
}

/// `LightShape::contribution_scaled` is what `add_light_fan` adds at that scale, and at
/// scale 1 it is `contribution`.
#[test]
fn light_fan_contribution_at_a_scale() {
    let apex = [100.0, 60.0];
    let light = LightShape::point(apex, [80.0, 40.0], Rgba::rgb(255, 190, 120), 1.4)
        .with_cone(Cone::new([0.8, 0.6], 0.5, 0.9).with_spill(0.1, 0.5));
    // A fan covering the whole light (a big polygon around it).
    let fan = star(apex, 12, &[500.0], 1.0);
    for s in [1.0f32, 1.5, 0.75, 2.0] {
        let mut fb = Framebuffer::new(400, 250);
        fb.set_scale(s);
        add_light_fan(&mut fb, apex, &fan, true, &light);
        let mut lit = 0;
        for y in 0..250 {
            for x in 0..400 {
                let want = light.contribution_scaled(x, y, s);
                assert_eq!(fb.get(x as i32, y as i32), Some(want), "({x}, {y}) at {s}");
                lit += (want != 0) as usize;
                if s == 1.0 {
                    assert_eq!(want, light.contribution(x, y));
                }
            }
        }
        assert!(lit > 1000, "{lit} at {s}");
    }
}

// ----- AVX2 and portable -----

/// Something that draws a frame.
type Scene<'a> = &'a dyn Fn(&mut Framebuffer);

/// FNV-1a of a frame's pixels.
fn digest(px: &[u32]) -> u64 {
    px.iter().fold(0xCBF2_9CE4_8422_2325u64, |h, &p| {
        (h ^ p as u64).wrapping_mul(0x0000_0100_0000_01B3)
    })
}

/// Digests of whole frames of the scenes that use every primitive, at every size and
/// scale the band tests draw.
fn digests() -> Vec<String> {
    let scenes: [(&str, Scene); 3] = [
        ("mixed 22", &|fb| mixed(fb, 22)),
        ("mixed 23", &|fb| mixed(fb, 23)),
        ("huge triangles", &huge_triangles),
    ];
    let mut out = Vec::new();
    for (w, h) in SIZES {
        for scale in [1.0, w as f32 / 1280.0] {
            for (name, draw) in scenes {
                let mut fb = Framebuffer::new(w, h);
                fb.set_scale(scale);
                background(&mut fb);
                draw(&mut fb);
                out.push(format!(
                    "{name} {w}x{h} {scale}: {:016x}",
                    digest(&fb.pixels)
                ));
            }
        }
    }
    out
}

/// Runs every test of this binary again in a child with `RASTER_NO_AVX2=1` (the
/// rasterizer reads it once per process), so the band tests also pass with the
/// portable kernels, and checks that the child's whole frames are this process's, byte
/// for byte (whichever kernels this process uses: AVX2 when the CPU has it).
#[test]
fn portable_kernels_draw_the_same_bands_and_frames() {
    const CHILD: &str = "RASTER_BANDS_PORTABLE_CHILD";
    if std::env::var_os(CHILD).is_some() {
        for d in digests() {
            println!("digest {d}");
        }
        return;
    }
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["--nocapture", "--test-threads=2"])
        .env(CHILD, "1")
        .env("RASTER_NO_AVX2", "1")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "the portable run failed:\n{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let child: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("digest "))
        .collect();
    let ours = digests();
    assert_eq!(child, ours, "portable frames differ from this run's");
}
