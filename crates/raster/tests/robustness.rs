//! Every public drawing call with hostile numbers (NaN, ±inf, ±1e38, ±1e9, zero, tiny,
//! negative sizes) into odd framebuffer sizes, whole and as bands at odd scales: it must
//! never panic, never change the buffer's size, and (checked separately) never draw
//! outside the target.

use proptest::prelude::*;
use raster::*;

fn wild() -> impl Strategy<Value = f32> {
    prop_oneof![
        Just(f32::NAN),
        Just(f32::INFINITY),
        Just(f32::NEG_INFINITY),
        Just(f32::MAX),
        Just(f32::MIN),
        Just(1e9f32),
        Just(-1e9f32),
        Just(0.0f32),
        Just(-0.0f32),
        Just(1e-30f32),
        Just(0.5f32),
        -100.0f32..100.0,
        -1e6f32..1e6,
    ]
}

fn pt() -> impl Strategy<Value = [f32; 2]> {
    (wild(), wild()).prop_map(|(x, y)| [x, y])
}

fn colour() -> impl Strategy<Value = Rgba> {
    any::<[u8; 4]>().prop_map(|c| Rgba::new(c[0], c[1], c[2], c[3]))
}

fn paint() -> impl Strategy<Value = Paint> {
    (colour(), 0u8..3).prop_map(|(c, b)| {
        Paint::new(
            c,
            [Blend::Opaque, Blend::Alpha, Blend::Additive][b as usize],
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn nothing_panics(
        size in prop::sample::select(vec![(0usize, 0usize), (1, 1), (7, 3), (3, 7), (8, 8), (33, 17)]),
        p in [pt(), pt(), pt(), pt()],
        z in [wild(), wild(), wild()],
        s in wild(),
        t in wild(),
        paint in paint(),
        cols in [colour(), colour(), colour()],
        ix in any::<i32>(),
        iy in any::<i32>(),
        scale in any::<u32>(),
        text in "\\PC{0,12}",
        fb_scale in prop::sample::select(vec![1.0f32, 0.5, 1.5, 3.0, 1e-20, 1e20, f32::MAX]),
    ) {
        let (w, h) = size;
        // The whole frame, then a band of it at some scale, then band-sized depth.
        for (rows, zrows) in [(0..h, h), (h / 3..h, h), (h / 3..h, h - h / 3)] {
        let mut fb = Framebuffer::new_band(w, h, rows.clone());
        if rows.start > 0 {
            fb.set_scale(fb_scale);
        }
        let mut zb = DepthBuffer::new(w, zrows);
        fill_triangle(&mut fb, [p[0], p[1], p[2]], paint);
        fill_triangle_gouraud(&mut fb, [p[0], p[1], p[2]], cols, paint.blend);
        let p3 = [[p[0][0], p[0][1], z[0]], [p[1][0], p[1][1], z[1]], [p[2][0], p[2][1], z[2]]];
        fill_triangle_depth(&mut fb, &mut zb, p3, paint, DepthMode::LESS_WRITE);
        fill_triangle_gouraud_depth(&mut fb, &mut zb, p3, cols, paint.blend, DepthMode::TEST_ONLY);
        fill_quad(&mut fb, p, paint);
        fill_convex_polygon(&mut fb, &p[..3], paint);
        fill_convex_polygon_depth(&mut fb, &mut zb, &p3, paint, DepthMode::LESS_WRITE);
        for cap in [LineCap::Butt, LineCap::Round, LineCap::Square] {
            draw_line(&mut fb, p[0], p[1], s, cap, paint);
        }
        draw_line_thin(&mut fb, p[2], p[3], paint);
        fill_circle(&mut fb, p[0], s, paint);
        stroke_circle(&mut fb, p[1], s, t, paint);
        fill_ellipse(&mut fb, p[2], [s, t], paint);
        stroke_ellipse(&mut fb, p[3], [t, s], s, paint);
        draw_light(&mut fb, p[0], s, paint.color, t);
        let light = LightShape {
            to_light: [[s, t, z[0]], [z[1], s, z[2]]],
            color: paint.color,
            intensity: t,
            cone: None,
        };
        add_light_fan(&mut fb, p[0], &p[1..], true, &light);
        add_light_fan(&mut fb, p[3], &p, false, &LightShape::point(p[1], [s, t], paint.color, z[0]));
        let cone = Cone { dir: p[2], cos_inner: s, cos_outer: t, spill: z[0], spill_level: z[1] };
        add_light_fan(&mut fb, p[0], &p[1..], true, &light.with_cone(cone));
        let _ = light.with_cone(cone).contribution(ix as usize, iy as usize);
        draw_text(&mut fb, ix, iy, &text, paint, scale);
        let _ = text_width(&text, scale);
        let _ = text_height(&text, scale);
        fb.fill_rect(ix, iy, ix.wrapping_mul(3), iy, paint);
        fb.put(ix, iy, 0xFFFFFF);
        let _ = fb.get(ix, iy);
        let src = Framebuffer::new(h, w);
        fb.blit(&src, ix, iy);
        let mut win = Framebuffer::new(h + 5, w + 2);
        for mode in [ScaleMode::Fit, ScaleMode::Integer] {
            let vp = scale_nearest_into(&fb, &mut win, mode, paint.color);
            let _ = vp.to_source(ix, iy, w, h);
        }
        if rows.start > 0 {
            let mut light = Framebuffer::new_band(w, h, rows.clone());
            light.clear(paint.color);
            let pp = PostParams { desaturate: ix as u8, vignette: iy as u8, grain: scale as u8, grain_seed: ix as u32 };
            post_process(&mut fb, &light, &pp);
            Gamma::new(s).apply(&mut fb);
        }
        prop_assert_eq!(fb.pixels.len(), w * rows.len());
        prop_assert!(fb.pixels.iter().all(|p| p >> 24 == 0), "top byte must stay zero");
        }
    }

    /// A pixel buffer longer than `width * height` with a canary tail: whatever is
    /// drawn (the AVX2 kernels write through raw pointers and 8-pixel blocks), the tail
    /// past the last row is never touched.
    #[test]
    fn nothing_written_past_the_last_row(
        size in prop::sample::select(vec![(8usize, 1usize), (9, 2), (24, 16), (13, 5)]),
        p in [pt(), pt(), pt()],
        s in wild(),
        paint in paint(),
        near in [(-4.0f32..30.0, -4.0f32..20.0), (-4.0f32..30.0, -4.0f32..20.0), (-4.0f32..30.0, -4.0f32..20.0)],
    ) {
        let (w, h) = size;
        let mut fb = Framebuffer::new(w, h);
        fb.pixels.fill(0x00AB_CDEF);
        fb.pixels.extend([0x00AB_CDEF; 64]);
        let q = near.map(|(x, y)| [x, y]);
        fill_triangle(&mut fb, p, paint);
        fill_triangle(&mut fb, q, paint);
        fill_quad(&mut fb, [q[0], q[1], q[2], p[0]], paint);
        draw_line(&mut fb, q[0], q[1], s, LineCap::Square, paint);
        fill_circle(&mut fb, q[2], s, paint);
        stroke_ellipse(&mut fb, q[1], [s, 3.0], 2.0, paint);
        draw_light(&mut fb, q[0], s, paint.color, 1.0);
        let light = LightShape::point(q[1], [s, 9.0], paint.color, 1.5);
        add_light_fan(&mut fb, q[1], &[q[0], q[2], p[0], p[1]], true, &light);
        let cone = Cone::new([1.0, s], 0.3, 0.6).with_spill(0.2, 0.5);
        add_light_fan(&mut fb, q[2], &[q[0], q[1], p[2]], true, &light.with_cone(cone));
        draw_text(&mut fb, q[0][0] as i32, q[0][1] as i32, "Wq", paint, 2);
        prop_assert!(fb.pixels[w * h..].iter().all(|&c| c == 0x00AB_CDEF));
    }
}

/// The fields are public: a caller may shrink `pixels` without fixing `height`. Every
/// primitive then draws less (the rows that exist) and never panics.
#[test]
fn a_framebuffer_with_fewer_pixels_than_its_size_draws_less_and_never_panics() {
    let mut fb = Framebuffer::new(16, 16);
    fb.pixels.truncate(16 * 5 + 3);
    fill_triangle(
        &mut fb,
        [[-5.0, -5.0], [40.0, 0.0], [0.0, 40.0]],
        Rgba::WHITE,
    );
    fill_triangle(
        &mut fb,
        [[-5.0, -5.0], [40.0, 0.0], [0.0, 40.0]],
        Rgba::new(1, 2, 3, 4),
    );
    fill_circle(&mut fb, [8.0, 8.0], 20.0, Rgba::WHITE);
    draw_line(
        &mut fb,
        [0.0, 0.0],
        [16.0, 16.0],
        3.0,
        LineCap::Round,
        Rgba::WHITE,
    );
    draw_text(&mut fb, 0, 0, "Hi", Rgba::WHITE, 3);
    draw_light(&mut fb, [8.0, 8.0], 20.0, Rgba::WHITE, 1.0);
    fb.fill_rect(0, 0, 16, 16, Rgba::WHITE);
    fb.put(1, 10, 5);
    assert_eq!(fb.get(1, 10), None);
    let src = Framebuffer::new(16, 16);
    fb.blit(&src, 0, 0);
    let mut zb = DepthBuffer::new(16, 16);
    fill_triangle_depth(
        &mut fb,
        &mut zb,
        [[0.0, 0.0, 1.0], [16.0, 0.0, 1.0], [0.0, 16.0, 1.0]],
        Rgba::WHITE,
        DepthMode::LESS_WRITE,
    );
    let mut big = Framebuffer::new(40, 40);
    scale_nearest_into(&fb, &mut big, ScaleMode::Fit, Rgba::BLACK);
    assert_eq!(fb.pixels.len(), 16 * 5 + 3);
}

/// The same for a band: with `pixels` shrunk behind its back it draws only the rows
/// that are left, each as the whole frame has it, and never panics.
#[test]
fn a_band_with_fewer_pixels_than_its_rows_draws_less_and_never_panics() {
    let draw = |fb: &mut Framebuffer, zb: &mut DepthBuffer| {
        let tri = [[-5.0, 3.0], [40.0, 8.0], [2.0, 40.0]];
        fill_triangle(fb, tri, Rgba::WHITE);
        fill_triangle(fb, tri, Rgba::new(1, 2, 3, 4));
        fill_triangle(
            fb,
            [[-1e9, -1e9], [1e9, 0.0], [0.0, 1e9]],
            Paint::additive(Rgba::new(9, 9, 9, 99)),
        );
        fill_triangle_gouraud(fb, tri, [Rgba::RED, Rgba::GREEN, Rgba::BLUE], Blend::Alpha);
        let t3 = [[0.0, 0.0, 1.0], [16.0, 5.0, 1.0], [0.0, 40.0, 1.0]];
        fill_triangle_depth(fb, zb, t3, Rgba::new(200, 9, 9, 200), DepthMode::LESS_WRITE);
        fill_triangle_gouraud_depth(
            fb,
            zb,
            t3,
            [Rgba::GREEN; 3],
            Blend::Additive,
            DepthMode::TEST_ONLY,
        );
        fill_quad(
            fb,
            [[1.0, 9.0], [14.0, 11.0], [12.0, 16.0], [3.0, 14.0]],
            Rgba::new(0, 99, 0, 150),
        );
        draw_line(
            fb,
            [0.0, 0.0],
            [16.0, 40.0],
            3.0,
            LineCap::Round,
            Rgba::WHITE,
        );
        draw_line_thin(fb, [15.0, 0.0], [0.0, 39.0], Rgba::RED);
        fill_circle(fb, [8.0, 12.0], 20.0, Rgba::new(9, 99, 199, 77));
        stroke_ellipse(fb, [8.0, 14.0], [6.0, 4.0], 1.5, Rgba::WHITE);
        draw_text(fb, 0, 9, "Hi", Rgba::WHITE, 2);
        draw_light(fb, [8.0, 12.0], 20.0, Rgba::WHITE, 1.0);
        let light = LightShape::point([8.0, 12.0], [10.0, 6.0], Rgba::rgb(90, 60, 30), 1.0)
            .with_cone(Cone::new([1.0, 0.3], 0.3, 0.7).with_spill(0.2, 0.5));
        add_light_fan(
            fb,
            [8.0, 12.0],
            &[[0.0, 0.0], [16.0, 2.0], [15.0, 30.0], [1.0, 25.0]],
            true,
            &light,
        );
        fb.fill_rect(3, 11, 16, 2, Paint::alpha(Rgba::new(5, 5, 250, 128)));
        fb.put(1, 10, 5);
        fb.put(1, 20, 5);
        let mut src = Framebuffer::new(5, 30);
        src.clear(Rgba::rgb(1, 2, 3));
        fb.blit(&src, 9, -3);
        let mut l = Framebuffer::new_band(16, 40, fb.band());
        l.clear(Rgba::rgb(100, 128, 160));
        post_process(
            fb,
            &l,
            &PostParams {
                desaturate: 30,
                vignette: 100,
                grain: 50,
                grain_seed: 7,
            },
        );
        Gamma::new(1.6).apply(fb);
    };
    for scale in [1.0, 1.5] {
        let mut whole = Framebuffer::new(16, 40);
        whole.set_scale(scale);
        draw(&mut whole, &mut DepthBuffer::new(16, 40));
        let mut band = Framebuffer::new_band(16, 40, 10..30);
        band.set_scale(scale);
        band.pixels.truncate(16 * 5 + 3);
        assert_eq!(band.band(), 10..15);
        // A whole-frame depth buffer works; one of the band's nominal size no longer
        // matches the band and draws nothing.
        draw(&mut band, &mut DepthBuffer::new(16, 40));
        draw(&mut band.clone(), &mut DepthBuffer::new(16, 20));
        assert_eq!(band.get(1, 20), None);
        assert_eq!(band.pixels.len(), 16 * 5 + 3);
        assert_eq!(
            band.pixels[..80],
            whole.pixels[160..240],
            "at scale {scale}"
        );
        let mut big = Framebuffer::new(40, 40);
        scale_nearest_into(&band, &mut big, ScaleMode::Fit, Rgba::BLACK);
        scale_nearest_into(&whole, &mut band, ScaleMode::Integer, Rgba::BLACK);
        assert_eq!(band.pixels.len(), 16 * 5 + 3);
    }
}
