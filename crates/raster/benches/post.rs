//! The fused post pass ([`raster::post_process`]) at 1280×720 with every effect on,
//! through the portable kernel and the AVX2 kernel (both in one run), plus the free
//! function (which also rebuilds its tables every call).
//!
//! Run: `cargo bench -p raster --bench post`
//!
//! The pass works in place, so each iteration post-processes the previous output; the
//! kernels have no data-dependent branches, so the timing does not drift with it.

mod p3_scene;

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use p3_scene::{Rng, H, W};
use raster::{post_process, Framebuffer, PostKernel, PostParams, PostPass};

fn bench(c: &mut Criterion) {
    let mut rng = Rng(0x9057);
    let mut albedo = Framebuffer::new(W, H);
    let mut light = Framebuffer::new(W, H);
    for p in albedo.pixels.iter_mut() {
        *p = rng.next() as u32 & 0x00FF_FFFF;
    }
    for p in light.pixels.iter_mut() {
        *p = rng.next() as u32 & 0x00FF_FFFF;
    }
    let params = PostParams {
        desaturate: 70,
        vignette: 90,
        grain: 24,
        grain_seed: 0xC0FFEE,
    };

    let mut g = c.benchmark_group("post_1280x720");
    g.sample_size(50);
    let mut pass = PostPass::new();
    for (name, kernel) in [
        ("portable", PostKernel::Portable),
        ("avx2", PostKernel::Avx2),
    ] {
        if !pass.run_kernel(&mut albedo, &light, &params, kernel) {
            eprintln!("post: skipping {name} (not supported by this CPU)");
            continue;
        }
        let mut seed = 0u32;
        g.bench_function(name, |b| {
            b.iter(|| {
                // A new grain pattern every frame, like the game.
                seed = seed.wrapping_add(1);
                let p = PostParams {
                    grain_seed: seed,
                    ..params
                };
                pass.run_kernel(&mut albedo, &light, &p, kernel);
                black_box(&albedo.pixels);
            })
        });
    }
    g.bench_function("post_process_fn", |b| {
        b.iter(|| {
            post_process(&mut albedo, &light, &params);
            black_box(&albedo.pixels);
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
