//! P6 (REQ §24): the game's frame at 1920×1080 with the whole horror layer — the combat
//! route at 140 s (the horde in the yard) — drawn by the window's composer on 1 and 2
//! threads: the whole frame, and each horror stage (scene, light, fog, post, glow) as
//! the composer reports it for the first thread's bands (with 2 threads, its share of
//! the frame; the light stage holds the frame's preparation). A stage is timed inside the frame, so
//! each of its benches draws whole frames and reports only that stage's time
//! (`iter_custom`). The mean stage times over a run of frames go to stderr as well.
//! `squad_proto --bench` prints the quick numbers (min and median).

use std::hint::black_box;
use std::time::Duration;

use app::bench::with_game_frame;
use app::frame::Composer;
use app::session::Session;
use criterion::{criterion_group, criterion_main, Criterion};
use view::StageTimes;

const SIZE: (usize, usize) = (1920, 1080);

/// One stage's time in a frame's [`StageTimes`].
type Stage = fn(&StageTimes) -> f32;

/// The stages of [`StageTimes`], by name.
const STAGES: [(&str, Stage); 6] = [
    ("scene", |s| s.scene_ms),
    ("light", |s| s.light_ms),
    ("fog", |s| s.fog_ms),
    ("post", |s| s.post_ms),
    ("glow", |s| s.glow_ms),
    ("particles", |s| s.particles_ms),
];

fn frame_1080p(c: &mut Criterion) {
    let setup =
        app::setup::load(None, "combat_route", None, None, None).expect("the combat route loads");
    let mut s = Session::watched_at(&setup, 140.0);
    let (world, feed) = s.watched();
    with_game_frame(false, true, |frame| {
        let mut g = c.benchmark_group("frame_1920x1080");
        g.sample_size(20)
            .warm_up_time(Duration::from_secs(1))
            .measurement_time(Duration::from_secs(3));
        for threads in [1usize, 2] {
            let mut comp = Composer::new(SIZE, threads);
            for _ in 0..5 {
                comp.compose(world, feed, frame);
            }
            g.bench_function(format!("route_140s_horror_{threads}t"), |b| {
                b.iter(|| black_box(comp.compose(world, feed, frame)))
            });
            for (name, stage) in STAGES {
                g.bench_function(format!("route_140s_horror_{threads}t_{name}"), |b| {
                    b.iter_custom(|iters| {
                        let ms: f64 = (0..iters)
                            .map(|_| {
                                let st = comp.compose(world, feed, frame);
                                stage(&st.expect("the horror layer reports its stages")) as f64
                            })
                            .sum();
                        Duration::from_secs_f64(ms / 1000.0)
                    })
                });
            }
            let n = 100;
            let mut sum = [0.0f64; 5];
            for _ in 0..n {
                let st = comp
                    .compose(world, feed, frame)
                    .expect("the horror layer reports its stages");
                for (x, (_, stage)) in sum.iter_mut().zip(STAGES) {
                    *x += stage(&st) as f64;
                }
            }
            let [scene, light, fog, post, glow] = sum.map(|x| x / n as f64);
            eprintln!(
                "frame_1920x1080 {threads}t mean stages over {n} frames (first thread, ms): \
                 scene {scene:.3} light {light:.3} fog {fog:.3} post {post:.3} glow {glow:.3}"
            );
        }
        g.finish();
    });
}

criterion_group!(benches, frame_1080p);
criterion_main!(benches);
