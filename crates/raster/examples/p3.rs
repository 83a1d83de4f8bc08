//! Quick P3 timing without criterion: min and median of repeated full-scene draws,
//! ours and tiny-skia, printed as `name min_ms median_ms` lines (thread CPU time).
//!
//! `cargo run --release -p raster --example p3 [runs]`

#[path = "../benches/p3_scene/mod.rs"]
mod p3_scene;

use p3_scene::{scene, H, W};
use raster::{fill_triangle, Framebuffer, Paint};
use std::time::Instant;

/// CPU time of this thread in ns (Linux), so a busy machine's scheduling does not
/// count; `None` (wall time) elsewhere.
#[cfg(target_os = "linux")]
fn cpu_ns() -> Option<u64> {
    #[repr(C)]
    struct Timespec {
        sec: i64,
        nsec: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, ts: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut ts = Timespec { sec: 0, nsec: 0 };
    // SAFETY: plain libc call writing into a valid, properly laid out timespec.
    let rc = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    (rc == 0).then(|| ts.sec as u64 * 1_000_000_000 + ts.nsec as u64)
}

#[cfg(not(target_os = "linux"))]
fn cpu_ns() -> Option<u64> {
    None
}

fn time(runs: usize, mut f: impl FnMut()) -> (f64, f64) {
    f();
    let mut t: Vec<f64> = (0..runs)
        .map(|_| {
            let (c, s) = (cpu_ns(), Instant::now());
            f();
            match (c, cpu_ns()) {
                (Some(a), Some(b)) => (b - a) as f64 / 1e6,
                _ => s.elapsed().as_secs_f64() * 1e3,
            }
        })
        .collect();
    t.sort_by(|a, b| a.total_cmp(b));
    (t[0], t[t.len() / 2])
}

fn main() {
    let runs: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(50);
    // Optional second argument: `noskia` skips tiny-skia; `opaque` / `alpha50` runs
    // only that case of ours (handy under a profiler).
    let only = std::env::args().nth(2).unwrap_or_default();
    let skia = only.is_empty();
    let sc = scene(0x5EED);
    let (mn, md) = time(runs, || {
        let n: usize = sc
            .tris
            .iter()
            .map(|t| raster::coverage_count(*t, W, H))
            .sum();
        std::hint::black_box(n);
    });
    println!("walk-only {mn:.3} {md:.3}");
    for (name, alpha) in [("opaque", 255u8), ("alpha50", 128u8)] {
        if !only.is_empty() && only != "noskia" && only != name {
            continue;
        }
        let paints: Vec<Paint> = sc
            .colors
            .iter()
            .map(|c| Paint::alpha(c.with_alpha(alpha)))
            .collect();
        let mut fb = Framebuffer::new(W, H);
        let (mn, md) = time(runs, || {
            for (t, p) in sc.tris.iter().zip(&paints) {
                fill_triangle(&mut fb, *t, *p);
            }
            std::hint::black_box(&fb.pixels);
        });
        println!("raster/{name} {mn:.3} {md:.3}");
        if !skia {
            continue;
        }
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
        let sk: Vec<tiny_skia::Paint> = sc
            .colors
            .iter()
            .map(|c| {
                let mut p = tiny_skia::Paint::default();
                p.set_color_rgba8(c.r, c.g, c.b, alpha);
                p.anti_alias = false;
                p
            })
            .collect();
        let mut pm = tiny_skia::Pixmap::new(W as u32, H as u32).unwrap();
        let (mn, md) = time(runs / 5 + 1, || {
            for (path, p) in paths.iter().zip(&sk) {
                pm.fill_path(
                    path,
                    p,
                    tiny_skia::FillRule::Winding,
                    tiny_skia::Transform::identity(),
                    None,
                );
            }
            std::hint::black_box(pm.data());
        });
        println!("tiny-skia/{name} {mn:.3} {md:.3}");
    }
}
