//! Renders the horror frame at a moment many times (for perf): min and median, and each
//! stage's median. `frameprof [SECONDS] [FRAMES]`; `TUNING=FILE` draws it with that tuning
//! file (a kind of particle off, say, to see what it costs). `SIZE=3840x2160 THREADS=2`
//! draws it with the window's composer instead (the `--bench` P6 frame).
use app::setup;
fn main() {
    if let Ok(size) = std::env::var("SIZE") {
        return composed(&size);
    }
    let tuning = std::env::var_os("TUNING").map(std::path::PathBuf::from);
    let s = setup::load(None, "combat_route", None, None, tuning.as_deref()).unwrap();
    let at: f32 = std::env::args()
        .nth(1)
        .map(|a| a.parse().unwrap())
        .unwrap_or(140.0);
    let n: usize = std::env::args()
        .nth(2)
        .map(|a| a.parse().unwrap())
        .unwrap_or(500);
    let mut m = app::session::Session::watched_at(&s, at);
    let mut fb = raster::Framebuffer::new(app::frame::WIDTH, app::frame::HEIGHT);
    let mut v = Vec::new();
    let mut st: Vec<[f32; 6]> = Vec::new();
    let (world, feed) = m.watched();
    for _ in 0..n {
        let t0 = std::time::Instant::now();
        let s = view::render_frame(
            &mut fb,
            world,
            &feed.camera,
            0.5,
            &view::ViewOptions::default(),
            &view::Timings::default(),
            Some(&feed.effects),
            Some(&mut feed.horror),
        )
        .unwrap();
        v.push(t0.elapsed().as_secs_f64() * 1000.0);
        st.push([
            s.scene_ms,
            s.light_ms,
            s.fog_ms,
            s.post_ms,
            s.glow_ms,
            s.particles_ms,
        ]);
    }
    v.sort_by(f64::total_cmp);
    let med = |k: usize| {
        let mut x: Vec<f32> = st.iter().map(|s| s[k]).collect();
        x.sort_by(f32::total_cmp);
        x[x.len() / 2]
    };
    println!(
        "frame min {:.3} median {:.3} ms | scene {:.3} light {:.3} fog {:.3} post {:.3} glow {:.3} particles {:.3}",
        v[0],
        v[n / 2],
        med(0),
        med(1),
        med(2),
        med(3),
        med(4),
        med(5)
    );
}

/// The P6 frame: the window's composer at `size` on `THREADS` threads (default 2).
fn composed(size: &str) {
    let s = setup::load(None, "combat_route", None, None, None).unwrap();
    let size = app::frame::parse_size(size).unwrap();
    let threads: usize = std::env::var("THREADS").map_or(2, |t| t.parse().unwrap());
    let n: usize = std::env::args()
        .nth(2)
        .map(|a| a.parse().unwrap())
        .unwrap_or(200);
    let at: f32 = std::env::args()
        .nth(1)
        .map(|a| a.parse().unwrap())
        .unwrap_or(140.0);
    let mut m = app::session::Session::watched_at(&s, at);
    let (world, feed) = m.watched();
    let mut comp = app::frame::Composer::new(size, threads);
    let mut v = Vec::new();
    app::bench::with_game_frame(false, true, |frame| {
        for _ in 0..n {
            let t0 = std::time::Instant::now();
            comp.compose(world, feed, frame);
            v.push(t0.elapsed().as_secs_f64() * 1000.0);
        }
    });
    v.sort_by(f64::total_cmp);
    println!(
        "{size:?} {threads}t frame min {:.3} median {:.3} ms",
        v[0],
        v[n / 2]
    );
}
