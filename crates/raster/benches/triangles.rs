//! P3: 10 000 random triangles (fixed seed, mean area ≈ 200 px) into 1280×720,
//! opaque and 50 % alpha, ours next to tiny-skia (non-AA `fill_path`) on the same set.
//!
//! Run: `cargo bench -p raster --bench triangles -- --warm-up-time 1 --measurement-time 3`

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};
use raster::{fill_triangle, Framebuffer, Paint};

mod p3_scene;
use p3_scene::{area, scene, H, N, W};

fn bench(c: &mut Criterion) {
    let sc = scene(0x5EED);
    let mean_area = sc.tris.iter().map(area).sum::<f32>() / N as f32;
    let pixels: usize = sc
        .tris
        .iter()
        .map(|t| raster::coverage_count(*t, W, H))
        .sum();
    eprintln!(
        "P3 scene: {N} triangles, mean area {mean_area:.1} px, {:.1} covered px per triangle",
        pixels as f32 / N as f32
    );

    // tiny-skia: paths and paints built outside the timed loop, like our inputs.
    let paths: Vec<tiny_skia::Path> = sc
        .tris
        .iter()
        .map(|t| {
            let mut pb = tiny_skia::PathBuilder::new();
            pb.move_to(t[0][0], t[0][1]);
            pb.line_to(t[1][0], t[1][1]);
            pb.line_to(t[2][0], t[2][1]);
            pb.close();
            pb.finish().unwrap()
        })
        .collect();
    let sk_paints = |alpha: u8| -> Vec<tiny_skia::Paint<'static>> {
        sc.colors
            .iter()
            .map(|c| {
                let mut p = tiny_skia::Paint::default();
                p.set_color_rgba8(c.r, c.g, c.b, alpha);
                p.anti_alias = false;
                p
            })
            .collect()
    };

    let mut g = c.benchmark_group("triangles_10k");
    g.sample_size(20);
    for (name, alpha) in [("opaque", 255u8), ("alpha50", 128u8)] {
        let paints: Vec<Paint> = sc
            .colors
            .iter()
            .map(|c| Paint::alpha(c.with_alpha(alpha)))
            .collect();
        let mut fb = Framebuffer::new(W, H);
        g.bench_function(BenchmarkId::new("raster", name), |b| {
            b.iter(|| {
                for (t, p) in sc.tris.iter().zip(&paints) {
                    fill_triangle(&mut fb, *t, *p);
                }
                black_box(&fb.pixels);
            })
        });

        let sk = sk_paints(alpha);
        let mut pm = tiny_skia::Pixmap::new(W as u32, H as u32).unwrap();
        g.bench_function(BenchmarkId::new("tiny-skia", name), |b| {
            b.iter(|| {
                for (path, p) in paths.iter().zip(&sk) {
                    pm.fill_path(
                        path,
                        p,
                        tiny_skia::FillRule::Winding,
                        tiny_skia::Transform::identity(),
                        None,
                    );
                }
                black_box(pm.data());
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
