//! REQ AU4: the mixer with the cap full — 48 voices of 2–3 layers (filtered noise, an
//! oscillator, a sweeping thump; every wave and filter kind in the mix) — costs at most
//! 0.3 ms per block on one core. Voices that end are restarted before every block, so
//! the cap stays full; the 8-voice case is the quiet game's load.
//!
//! Run: `cargo bench -p audio --bench mix`; `cargo run --release -p audio --example
//! mix_time` prints the minimum and median per block of the same loads (criterion's
//! estimate is a mean, which a busy machine inflates).

mod mix_scene;

use audio::*;
use criterion::{black_box, criterion_group, criterion_main, Criterion};
use mix_scene::{refill, warm};

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("mix");
    for voices in [48usize, 8] {
        let (mut mixer, mut ids, palette, mut n) = warm(voices);
        let mut out = [0.0f32; 2 * BLOCK];
        g.bench_function(format!("mix_block_{voices}_voices"), |b| {
            b.iter(|| {
                refill(&mut mixer, &mut ids, &palette, &mut n);
                mixer.render(black_box(&mut out));
            })
        });
        refill(&mut mixer, &mut ids, &palette, &mut n);
        assert_eq!(mixer.voices(), voices, "the cap stays full");
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
