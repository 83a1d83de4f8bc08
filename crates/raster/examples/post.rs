//! Quick timing of the fused post pass at 1280×720 (every effect on), without
//! criterion: min and median of repeated runs per kernel, printed as
//! `name min_ms median_ms` lines (thread CPU time).
//!
//! `cargo run --release -p raster --example post [runs] [cached]`
//!
//! With `cached`, also times a 1280×8 frame that stays in L1/L2, scaled to 720 rows:
//! the pass without its memory traffic, to tell compute from bandwidth.

#[path = "../benches/p3_scene/mod.rs"]
mod p3_scene;

use p3_scene::{Rng, H, W};
use raster::{Framebuffer, PostKernel, PostParams, PostPass};
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
        .unwrap_or(200);
    let mut rng = Rng(0x9057);
    let mut albedo = Framebuffer::new(W, H);
    let mut light = Framebuffer::new(W, H);
    for p in albedo.pixels.iter_mut().chain(light.pixels.iter_mut()) {
        *p = rng.next() as u32 & 0x00FF_FFFF;
    }
    let params = PostParams {
        desaturate: 70,
        vignette: 90,
        grain: 24,
        grain_seed: 1,
    };
    let mut pass = PostPass::new();
    for (name, kernel) in [
        ("portable", PostKernel::Portable),
        ("avx2", PostKernel::Avx2),
    ] {
        if !pass.run_kernel(&mut albedo, &light, &params, kernel) {
            println!("{name} unsupported");
            continue;
        }
        let mut seed = 0u32;
        let (mn, md) = time(runs, || {
            seed = seed.wrapping_add(1);
            let p = PostParams {
                grain_seed: seed,
                ..params
            };
            pass.run_kernel(&mut albedo, &light, &p, kernel);
            std::hint::black_box(&albedo.pixels);
        });
        println!("post/{name} {mn:.3} {md:.3}");
    }
    if std::env::args().nth(2).as_deref() == Some("cached") {
        let mut a = Framebuffer::new(W, 8);
        let mut l = Framebuffer::new(W, 8);
        a.pixels.copy_from_slice(&albedo.pixels[..W * 8]);
        l.pixels.copy_from_slice(&light.pixels[..W * 8]);
        for (name, kernel) in [
            ("portable", PostKernel::Portable),
            ("avx2", PostKernel::Avx2),
        ] {
            let (mn, md) = time(runs * 20, || {
                pass.run_kernel(&mut a, &l, &params, kernel);
                std::hint::black_box(&a.pixels);
            });
            let scale = (H / 8) as f64;
            println!("cached/{name} {:.3} {:.3}", mn * scale, md * scale);
        }
    }
}
