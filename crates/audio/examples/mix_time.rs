//! Minimum and median time per block of the mixer bench's loads (48 and 8 voices),
//! over 3000 blocks each: `cargo run --release -p audio --example mix_time`.

#[path = "../benches/mix_scene.rs"]
mod mix_scene;

use audio::{Kernel, BLOCK};
use mix_scene::{refill, warm};
use std::time::Instant;

fn main() {
    // `mix_time quick`: the AVX2 kernel at 48 voices only.
    let quick = std::env::args().any(|a| a == "quick");
    let kernels: &[Kernel] = if quick {
        &[Kernel::Avx2]
    } else {
        &[Kernel::Avx2, Kernel::Portable]
    };
    let loads: &[usize] = if quick { &[48] } else { &[48, 8] };
    for &kernel in kernels {
        for &voices in loads {
            let (mut mixer, mut ids, palette, mut n) = warm(voices);
            if !mixer.set_kernel(kernel) {
                continue;
            }
            let mut out = [0.0f32; 2 * BLOCK];
            let mut t = Vec::with_capacity(3000);
            for _ in 0..3000 {
                refill(&mut mixer, &mut ids, &palette, &mut n);
                let s = Instant::now();
                mixer.render(&mut out);
                t.push(s.elapsed().as_secs_f64() * 1e6);
            }
            t.sort_by(|a, b| a.total_cmp(b));
            println!(
                "{kernel:?} {voices:2} voices: min {:6.1} µs  median {:6.1} µs  p90 {:6.1} µs",
                t[0],
                t[t.len() / 2],
                t[t.len() * 9 / 10]
            );
        }
    }
}
