//! The other primitives at game-like loads into 1280×720: Gouraud and depth-tested
//! triangles, AA lines, discs, glows, text and the window upscale.
//!
//! Run: `cargo bench -p raster --bench primitives -- --warm-up-time 1 --measurement-time 2`

mod p3_scene;

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use p3_scene::{scene, Rng, H, W};
use raster::*;

fn bench(c: &mut Criterion) {
    let sc = scene(0x5EED);
    let mut g = c.benchmark_group("primitives");
    g.sample_size(20);

    let mut fb = Framebuffer::new(W, H);
    g.bench_function("gouraud_10k_triangles", |b| {
        b.iter(|| {
            for (i, t) in sc.tris.iter().enumerate() {
                let c = sc.colors[i];
                let cols = [c, Rgba::rgb(c.b, c.r, c.g), Rgba::rgb(c.g, c.b, c.r)];
                fill_triangle_gouraud(&mut fb, *t, cols, Blend::Opaque);
            }
            black_box(&fb.pixels);
        })
    });

    let mut zb = DepthBuffer::new(W, H);
    let tris3: Vec<[[f32; 3]; 3]> = sc
        .tris
        .iter()
        .enumerate()
        .map(|(i, t)| t.map(|p| [p[0], p[1], (i % 97) as f32 + p[0] * 0.01]))
        .collect();
    g.bench_function("depth_10k_triangles", |b| {
        b.iter(|| {
            zb.clear();
            for (t, c) in tris3.iter().zip(&sc.colors) {
                fill_triangle_depth(&mut fb, &mut zb, *t, *c, DepthMode::LESS_WRITE);
            }
            black_box(&fb.pixels);
        })
    });

    let mut rng = Rng(7);
    let lines: Vec<([f32; 2], [f32; 2], f32)> = (0..2000)
        .map(|_| {
            let a = [rng.range(0.0, W as f32), rng.range(0.0, H as f32)];
            let b = [a[0] + rng.range(-60.0, 60.0), a[1] + rng.range(-60.0, 60.0)];
            (a, b, rng.range(1.0, 4.0))
        })
        .collect();
    g.bench_function("aa_lines_2k_len40_w1-4", |b| {
        b.iter(|| {
            for (a, e, w) in &lines {
                draw_line(
                    &mut fb,
                    *a,
                    *e,
                    *w,
                    LineCap::Round,
                    Rgba::new(255, 220, 120, 200),
                );
            }
            black_box(&fb.pixels);
        })
    });

    let discs: Vec<([f32; 2], f32)> = (0..2000)
        .map(|_| {
            (
                [rng.range(0.0, W as f32), rng.range(0.0, H as f32)],
                rng.range(2.0, 12.0),
            )
        })
        .collect();
    g.bench_function("aa_discs_2k_r2-12", |b| {
        b.iter(|| {
            for (c, r) in &discs {
                fill_circle(&mut fb, *c, *r, Rgba::rgb(200, 60, 60));
            }
            black_box(&fb.pixels);
        })
    });

    g.bench_function("lights_64_r80", |b| {
        b.iter(|| {
            for (c, _) in discs.iter().take(64) {
                draw_light(&mut fb, *c, 80.0, Rgba::rgb(255, 180, 90), 0.8);
            }
            black_box(&fb.pixels);
        })
    });

    let text = "The quick brown fox jumps over the lazy dog 0123456789";
    g.bench_function("text_40_lines", |b| {
        b.iter(|| {
            for i in 0..40 {
                draw_text(&mut fb, 4, i * 18, text, Rgba::WHITE, 2);
            }
            black_box(&fb.pixels);
        })
    });

    let mut win = Framebuffer::new(1920, 1080);
    g.bench_function("scale_1280x720_to_1920x1080", |b| {
        b.iter(|| {
            scale_nearest_into(&fb, &mut win, ScaleMode::Fit, Rgba::BLACK);
            black_box(&win.pixels);
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
