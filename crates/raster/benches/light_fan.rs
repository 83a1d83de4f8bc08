//! Occluded light polygons into a 1280×720 light buffer: a 64-spoke closed point-light
//! fan of radius 200 px (8 spokes cut short by a wall), and a 40° flashlight cone of
//! range 400 px (with spill) as a 24-wedge open fan. The throughput is in covered pixels,
//! so `1000 / (Melem/s)` is ns per pixel; the covered counts are printed first.
//!
//! Run: `cargo bench -p raster --bench light_fan -- --warm-up-time 1 --measurement-time 3`
//! (`RASTER_NO_AVX2=1` for the portable build).

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use raster::*;
use std::f32::consts::TAU;

const W: usize = 1280;
const H: usize = 720;

/// Covered pixels of the fan, from the triangle coverage (no shading).
fn covered(apex: [f32; 2], fan: &[[f32; 2]], closed: bool) -> usize {
    let n = fan.len();
    let mut tris: Vec<[[f32; 2]; 3]> = (0..n - 1).map(|i| [apex, fan[i], fan[i + 1]]).collect();
    if closed {
        tris.push([apex, fan[n - 1], fan[0]]);
    }
    tris.iter().map(|t| coverage_count(*t, W, H)).sum()
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("light_fan");
    g.sample_size(50);
    let mut buf = Framebuffer::new(W, H);

    // Point light: 64 spokes, radius 200 px with a few occluded (shortened) spokes, as a
    // visibility polygon would have.
    let centre = [640.3, 360.7];
    let point = LightShape::point(centre, [200.0, 200.0], Rgba::rgb(255, 200, 140), 1.2);
    let fan: Vec<[f32; 2]> = (0..64)
        .map(|i| {
            let a = i as f32 / 64.0 * TAU;
            let r = if (20..28).contains(&i) { 90.0 } else { 200.0 };
            [centre[0] + r * a.cos(), centre[1] + r * a.sin()]
        })
        .collect();
    let n = covered(centre, &fan, true);
    eprintln!("point: {n} covered px");
    g.throughput(Throughput::Elements(n as u64));
    g.bench_function("point_64_spokes_r200", |b| {
        b.iter(|| {
            add_light_fan(&mut buf, black_box(centre), &fan, true, &point);
            black_box(&buf.pixels);
        })
    });

    // Flashlight: 40° cone (inner 15°, outer 20° half-angles), range 400 px, spill.
    let apex = [300.2, 500.6];
    let dir = [0.8f32, -0.6];
    let cone = Cone::new(dir, 15f32.to_radians(), 20f32.to_radians()).with_spill(0.04, 0.35);
    let flash =
        LightShape::point(apex, [400.0, 400.0], Rgba::rgb(240, 245, 255), 1.5).with_cone(cone);
    let a0 = dir[1].atan2(dir[0]);
    let fan: Vec<[f32; 2]> = (0..=24)
        .map(|i| {
            let a = a0 + (i as f32 / 24.0 - 0.5) * 40f32.to_radians();
            [apex[0] + 400.0 * a.cos(), apex[1] + 400.0 * a.sin()]
        })
        .collect();
    let n = covered(apex, &fan, false);
    eprintln!("cone: {n} covered px");
    g.throughput(Throughput::Elements(n as u64));
    g.bench_function("cone_40deg_r400", |b| {
        b.iter(|| {
            add_light_fan(&mut buf, black_box(apex), &fan, false, &flash);
            black_box(&buf.pixels);
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
