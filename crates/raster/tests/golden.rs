//! Golden images: small scenes rendered and compared pixel for pixel with
//! `tests/golden/<name>.png`.
//!
//! On a mismatch the test writes `tests/golden/<name>.actual.png` and fails with the
//! number of differing pixels. To regenerate on purpose:
//! `UPDATE_GOLDEN=1 cargo test -p raster --test golden` (then look at the PNGs).

use raster::*;
use std::path::PathBuf;

const S: usize = 128;

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("golden")
}

fn write_png(path: &PathBuf, fb: &Framebuffer) {
    let file = std::fs::File::create(path).unwrap_or_else(|e| panic!("create {path:?}: {e}"));
    let mut enc = png::Encoder::new(
        std::io::BufWriter::new(file),
        fb.width as u32,
        fb.height as u32,
    );
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    let mut w = enc.write_header().unwrap();
    let data: Vec<u8> = fb
        .pixels
        .iter()
        .flat_map(|&p| [(p >> 16) as u8, (p >> 8) as u8, p as u8])
        .collect();
    w.write_image_data(&data).unwrap();
}

fn read_png(path: &PathBuf) -> Option<Framebuffer> {
    let file = std::fs::File::open(path).ok()?;
    let mut dec = png::Decoder::new(std::io::BufReader::new(file));
    dec.set_transformations(png::Transformations::EXPAND);
    let mut reader = dec.read_info().ok()?;
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).ok()?;
    let (w, h) = (info.width as usize, info.height as usize);
    let ch = match info.color_type {
        png::ColorType::Rgb => 3,
        png::ColorType::Rgba => 4,
        _ => return None,
    };
    let mut fb = Framebuffer::new(w, h);
    for (i, p) in fb.pixels.iter_mut().enumerate() {
        let o = i * ch;
        *p = pack_rgb(buf[o], buf[o + 1], buf[o + 2]);
    }
    Some(fb)
}

fn check(name: &str, fb: &Framebuffer) {
    let dir = golden_dir();
    let golden = dir.join(format!("{name}.png"));
    let actual = dir.join(format!("{name}.actual.png"));
    if std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v == "1") {
        std::fs::create_dir_all(&dir).unwrap();
        write_png(&golden, fb);
        let _ = std::fs::remove_file(&actual);
        return;
    }
    let Some(want) = read_png(&golden) else {
        write_png(&actual, fb);
        panic!("{name}: no readable golden at {golden:?}; wrote {actual:?} (UPDATE_GOLDEN=1 to accept)");
    };
    if (want.width, want.height) != (fb.width, fb.height) {
        write_png(&actual, fb);
        panic!(
            "{name}: size {}x{} vs golden {}x{}; wrote {actual:?}",
            fb.width, fb.height, want.width, want.height
        );
    }
    let diff = want
        .pixels
        .iter()
        .zip(&fb.pixels)
        .filter(|(a, b)| a != b)
        .count();
    if diff > 0 {
        write_png(&actual, fb);
        panic!("{name}: {diff} pixels differ from {golden:?}; wrote {actual:?}");
    }
    let _ = std::fs::remove_file(&actual);
}

fn canvas() -> Framebuffer {
    let mut fb = Framebuffer::new(S, S);
    fb.clear(Rgba::rgb(24, 26, 32));
    fb
}

#[test]
fn golden_triangles() {
    let mut fb = canvas();
    // A fan of flat triangles around the centre sharing edges, alternating colours.
    let c = [64.0f32, 64.0];
    let n = 12;
    for i in 0..n {
        let a0 = i as f32 / n as f32 * std::f32::consts::TAU;
        let a1 = (i + 1) as f32 / n as f32 * std::f32::consts::TAU;
        let p = |a: f32| [c[0] + 50.0 * a.cos(), c[1] + 50.0 * a.sin()];
        let col = if i % 2 == 0 {
            Rgba::rgb(220, 90, 40)
        } else {
            Rgba::rgb(40, 120, 220)
        };
        fill_triangle(&mut fb, [c, p(a0), p(a1)], col);
    }
    // Thin slivers and a tiny triangle.
    fill_triangle(
        &mut fb,
        [[2.0, 2.0], [126.0, 5.0], [2.0, 4.0]],
        Rgba::rgb(250, 250, 90),
    );
    fill_triangle(
        &mut fb,
        [[5.2, 120.3], [8.9, 121.1], [6.1, 124.8]],
        Rgba::WHITE,
    );
    // An iso wall face as a quad, clipped by the right edge.
    fill_quad(
        &mut fb,
        [[96.0, 90.0], [140.0, 112.0], [140.0, 128.0], [96.0, 106.0]],
        Rgba::rgb(90, 200, 110),
    );
    check("triangles", &fb);
}

#[test]
fn golden_gouraud() {
    let mut fb = canvas();
    fill_triangle_gouraud(
        &mut fb,
        [[64.0, 6.0], [122.0, 110.0], [6.0, 110.0]],
        [Rgba::RED, Rgba::GREEN, Rgba::BLUE],
        Blend::Opaque,
    );
    // Translucent gradient strip on top: white fading to transparent.
    fill_triangle_gouraud(
        &mut fb,
        [[0.0, 112.0], [128.0, 112.0], [0.0, 128.0]],
        [
            Rgba::new(255, 255, 255, 255),
            Rgba::new(255, 255, 255, 0),
            Rgba::new(255, 255, 255, 255),
        ],
        Blend::Alpha,
    );
    fill_triangle_gouraud(
        &mut fb,
        [[128.0, 112.0], [128.0, 128.0], [0.0, 128.0]],
        [
            Rgba::new(255, 255, 255, 0),
            Rgba::new(255, 255, 255, 0),
            Rgba::new(255, 255, 255, 255),
        ],
        Blend::Alpha,
    );
    check("gouraud", &fb);
}

#[test]
fn golden_lines() {
    let mut fb = canvas();
    // A star of AA lines with growing width, round caps.
    for i in 0..16 {
        let a = i as f32 / 16.0 * std::f32::consts::TAU;
        let w = 0.5 + i as f32 * 0.4;
        let col = Rgba::rgb(255, 200 - i as u8 * 10, 60 + i as u8 * 12);
        draw_line(
            &mut fb,
            [64.0 + 14.0 * a.cos(), 64.0 + 14.0 * a.sin()],
            [64.0 + 56.0 * a.cos(), 64.0 + 56.0 * a.sin()],
            w,
            LineCap::Round,
            col,
        );
    }
    // Caps side by side.
    for (i, cap) in [LineCap::Butt, LineCap::Round, LineCap::Square]
        .into_iter()
        .enumerate()
    {
        let y = 6.0 + i as f32 * 8.0;
        draw_line(
            &mut fb,
            [10.0, y],
            [40.0, y + 2.0],
            5.0,
            cap,
            Rgba::rgb(120, 220, 255),
        );
    }
    // 1-px aliased lines.
    draw_line_thin(
        &mut fb,
        [90.0, 4.0],
        [124.0, 30.0],
        Rgba::rgb(255, 255, 255),
    );
    draw_line_thin(&mut fb, [124.0, 4.0], [90.0, 30.0], Rgba::rgb(255, 80, 80));
    check("lines", &fb);
}

#[test]
fn golden_circles() {
    let mut fb = canvas();
    fill_circle(&mut fb, [32.0, 32.0], 24.0, Rgba::rgb(230, 70, 70));
    stroke_circle(&mut fb, [32.0, 32.0], 27.0, 2.0, Rgba::WHITE);
    fill_circle(&mut fb, [96.5, 32.5], 3.3, Rgba::rgb(255, 230, 120));
    fill_circle(&mut fb, [110.2, 20.7], 0.7, Rgba::WHITE);
    stroke_circle(&mut fb, [96.0, 32.0], 16.0, 0.6, Rgba::rgb(255, 230, 120));
    fill_ellipse(&mut fb, [40.0, 96.0], [30.0, 12.0], Rgba::rgb(70, 160, 90));
    stroke_ellipse(
        &mut fb,
        [96.0, 96.0],
        [14.0, 26.0],
        3.0,
        Rgba::rgb(120, 140, 255),
    );
    // Clipped disc in the corner.
    fill_circle(&mut fb, [130.0, 130.0], 12.0, Rgba::rgb(200, 200, 200));
    check("circles", &fb);
}

#[test]
fn golden_text() {
    let mut fb = canvas();
    draw_text(&mut fb, 2, 2, "Hello, raster!", Rgba::WHITE, 1);
    draw_text(
        &mut fb,
        2,
        14,
        "0123456789 !?#%",
        Rgba::rgb(255, 210, 90),
        1,
    );
    draw_text(
        &mut fb,
        2,
        26,
        "abcdefghijklm\nnopqrstuvwxyz",
        Rgba::rgb(140, 220, 255),
        1,
    );
    draw_text(&mut fb, 2, 50, "SCALE 2", Rgba::rgb(255, 120, 120), 2);
    draw_text(
        &mut fb,
        2,
        70,
        "x3",
        Paint::alpha(Rgba::new(120, 255, 120, 160)),
        3,
    );
    let w = text_width("centred", 1);
    draw_text(&mut fb, (S as i32 - w) / 2, 110, "centred", Rgba::WHITE, 1);
    check("text", &fb);
}

#[test]
fn golden_blending() {
    let mut fb = Framebuffer::new(S, S);
    fb.clear(Rgba::rgb(10, 10, 14));
    // Three translucent discs (alpha) overlapping.
    fill_circle(&mut fb, [48.0, 40.0], 26.0, Rgba::new(255, 40, 40, 140));
    fill_circle(&mut fb, [80.0, 40.0], 26.0, Rgba::new(40, 255, 40, 140));
    fill_circle(&mut fb, [64.0, 66.0], 26.0, Rgba::new(40, 40, 255, 140));
    // Additive lights below, overlapping into white.
    draw_light(&mut fb, [40.0, 104.0], 26.0, Rgba::rgb(255, 140, 40), 1.2);
    draw_light(&mut fb, [64.0, 100.0], 26.0, Rgba::rgb(40, 140, 255), 1.2);
    draw_light(&mut fb, [88.0, 104.0], 26.0, Rgba::rgb(255, 60, 200), 1.2);
    // Additive and alpha triangles across everything.
    fill_triangle(
        &mut fb,
        [[0.0, 0.0], [128.0, 0.0], [0.0, 30.0]],
        Paint::additive(Rgba::new(60, 60, 60, 255)),
    );
    fill_quad(
        &mut fb,
        [[100.0, 60.0], [128.0, 60.0], [128.0, 90.0], [100.0, 90.0]],
        Rgba::new(0, 0, 0, 128),
    );
    check("blending", &fb);
}

#[test]
fn golden_depth() {
    let mut fb = canvas();
    let mut zb = DepthBuffer::new(S, S);
    // Two interpenetrating quads: depth decides per pixel where they cross.
    fill_convex_polygon_depth(
        &mut fb,
        &mut zb,
        &[
            [10.0, 20.0, 0.0],
            [118.0, 20.0, 10.0],
            [118.0, 70.0, 10.0],
            [10.0, 70.0, 0.0],
        ],
        Rgba::rgb(220, 120, 60),
        DepthMode::LESS_WRITE,
    );
    fill_convex_polygon_depth(
        &mut fb,
        &mut zb,
        &[
            [10.0, 40.0, 10.0],
            [118.0, 40.0, 0.0],
            [118.0, 100.0, 0.0],
            [10.0, 100.0, 10.0],
        ],
        Rgba::rgb(60, 140, 220),
        DepthMode::LESS_WRITE,
    );
    // Gouraud triangle pierced by the quads, and a translucent overlay that only tests.
    fill_triangle_gouraud_depth(
        &mut fb,
        &mut zb,
        [[64.0, 4.0, 5.0], [120.0, 124.0, 5.0], [8.0, 124.0, 5.0]],
        [
            Rgba::rgb(255, 255, 255),
            Rgba::rgb(255, 220, 0),
            Rgba::rgb(0, 200, 120),
        ],
        Blend::Opaque,
        DepthMode::LESS_WRITE,
    );
    fill_triangle_depth(
        &mut fb,
        &mut zb,
        [[0.0, 110.0, 4.0], [128.0, 110.0, 4.0], [64.0, 128.0, 4.0]],
        Rgba::new(255, 0, 255, 110),
        DepthMode::TEST_ONLY,
    );
    check("depth", &fb);
}

#[test]
fn golden_scale() {
    // A 32x18 image scaled into a 128x128 window: letterboxed, fractional scale 4.
    let mut src = Framebuffer::new(32, 18);
    src.clear(Rgba::rgb(30, 30, 60));
    fill_triangle(
        &mut src,
        [[1.0, 1.0], [31.0, 9.0], [4.0, 17.0]],
        Rgba::rgb(250, 180, 60),
    );
    draw_text(&mut src, 20, 5, "ok", Rgba::WHITE, 1);
    let mut fb = Framebuffer::new(S, S);
    let vp = scale_nearest_into(&src, &mut fb, ScaleMode::Fit, Rgba::rgb(0, 0, 0));
    assert_eq!((vp.x, vp.y, vp.width, vp.height), (0, 28, 128, 72));
    check("scale", &fb);
}
