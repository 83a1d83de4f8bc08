//! `squad_proto --bench`: quick machine-readable performance numbers (SPEC §18), one
//! `key value unit` line each. The criterion benches (`cargo bench`) are the careful
//! measurements, with the peer comparisons; this is the smoke check a player can run.

use std::time::Instant;

use sim::nav::astar::{find_path, PathLimits, PathScratch};
use sim::read::{Map, TickInput};
use view::{Timings, ViewOptions};

use crate::frame::{Composer, Frame, Menus, Screen};
use crate::screenshot::run_to;
use crate::session::{Pilot, Session};
use crate::setup::{self, Setup};
use crate::shell::{PauseMenu, TitleMenu};

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// P1: the scenario's full run, best of `runs` (seconds).
fn route_seconds(setup: &Setup, runs: usize) -> f64 {
    (0..runs)
        .map(|_| {
            let t0 = Instant::now();
            let mut s = Session::route(setup.clone());
            s.run_to(s.end_tick());
            t0.elapsed().as_secs_f64()
        })
        .fold(f64::INFINITY, f64::min)
}

/// P2: mean tick of a horde of `8 × per_spawn` shamblers on the `arena × arena` horde
/// arena (milliseconds) over 300 ticks after a 120-tick warm-up, best of `runs` (as P1:
/// on a shared machine the least is the closest to the cost of the work itself; the
/// criterion bench reports the mean).
fn horde_tick_ms(per_spawn: u32, arena: usize, runs: usize) -> f64 {
    (0..runs)
        .map(|_| horde_run_ms(per_spawn, arena))
        .fold(f64::INFINITY, f64::min)
}

/// One run of [`horde_tick_ms`]: a fresh world, warmed up, then timed.
fn horde_run_ms(per_spawn: u32, arena: usize) -> f64 {
    let setup = setup::from_texts(
        ("arena", &sim::content::horde_arena(arena)),
        ("arena", &sim::content::horde_waves(per_spawn)),
        sim::tuning::Tuning::default(),
    )
    .expect("the arena and its waves parse");
    let mut s = Session::new(setup, Pilot::Hands);
    s.run_to(120);
    let n = 300;
    let t0 = Instant::now();
    for _ in 0..n {
        s.step(TickInput::default());
    }
    t0.elapsed().as_secs_f64() * 1000.0 / n as f64
}

/// A P4 measurement: the median whole frame and the median of each horror stage.
struct FrameNumbers {
    frame_ms: f64,
    stages: Option<[f64; 5]>,
}

/// P4: median frame at the internal resolution (milliseconds) of the scenario at `at`
/// seconds, drawn by the window's composer with the horror layer or plain, with or
/// without the overlay; 101 frames.
fn frame_ms(setup: &Setup, at: f32, overlay: bool, horror: bool) -> FrameNumbers {
    let mut s = run_to(setup, at, false);
    let mut c = Composer::default();
    let (title, pause) = (TitleMenu::default(), PauseMenu::default());
    let (progress, settings) = (
        crate::progress::Progress::default(),
        crate::settings::Settings::default(),
    );
    let lists = crate::shell::Lists {
        free: &[],
        range: &[],
        missions: &[],
        progress: &progress,
        settings: &settings,
    };
    let timings = Timings::default();
    let frame = Frame {
        screen: Screen::Game,
        help: false,
        menus: Menus {
            title: &title,
            lists: &lists,
            pause: &pause,
            about: "",
            results: None,
            results_keys: None,
        },
        alpha: 0.5,
        zoom: view::Zoom::default(),
        view: ViewOptions {
            overlay,
            flow: false,
            paused: false,
        },
        horror,
        aim: None,
        paused_banner: false,
        message: None,
        hud: None,
        timings: &timings,
    };
    let mut frames = Vec::new();
    let mut stages: [Vec<f64>; 5] = Default::default();
    let (world, feed) = s.watched();
    for _ in 0..101 {
        let t0 = Instant::now();
        let st = c.compose(world, feed, &frame);
        frames.push(t0.elapsed().as_secs_f64() * 1000.0);
        if let Some(st) = st {
            for (v, x) in
                stages
                    .iter_mut()
                    .zip([st.scene_ms, st.light_ms, st.fog_ms, st.post_ms, st.glow_ms])
            {
                v.push(x as f64);
            }
        }
    }
    FrameNumbers {
        frame_ms: median(frames),
        stages: horror.then(|| stages.map(median)),
    }
}

/// AU4: one block of the sound layer's mixer with its voice cap full of the game's
/// sounds — held windups, roars, moans, gunshots, the beds, thuds and breaths, a third
/// of them behind walls (low-passed) — in milliseconds: the median of 300 blocks (the
/// voices topped up between blocks, outside the timing).
fn mix_block_ms() -> f64 {
    use audio::{Bus, Mixer, Placement, Play, BLOCK};
    use sim::read::EnemyKind;
    use view::sound::patches as p;
    let cap = view::sound::tuning::AudioTuning::default().voices as usize;
    let sounds = [
        p::blade_windup(0.3),
        p::enemy_windup(EnemyKind::Brute, 1.0),
        p::enemy_windup(EnemyKind::Shambler, 0.6),
        p::moan(1.0),
        p::gunshot(0.7),
        p::crowd_bed(),
        p::drone(),
        p::flesh_hit(),
        p::breath(),
        p::blow(),
    ];
    let mut m = Mixer::new(cap);
    m.set_room(0.45);
    let mut block = [0.0; 2 * BLOCK];
    let mut k = 0usize;
    let mut times = Vec::new();
    for i in 0..360 {
        while m.voices() < cap {
            let place = Placement {
                gain: 0.3,
                pan: (k % 7) as f32 / 3.0 - 1.0,
                lowpass: if k.is_multiple_of(3) { 900.0 } else { 20_000.0 },
                reverb: 0.3,
            };
            m.play(Play {
                patch: sounds[k % sounds.len()].clone(),
                place,
                pitch: 1.0 + (k % 5) as f32 * 0.02,
                bus: if k.is_multiple_of(4) {
                    Bus::Ambience
                } else {
                    Bus::Effects
                },
                priority: 1.0,
                seed: k as u32,
            });
            k += 1;
        }
        let t0 = Instant::now();
        m.render(&mut block);
        if i >= 60 {
            times.push(t0.elapsed().as_secs_f64() * 1000.0);
        }
    }
    median(times)
}

/// P5: median A* query on the default map between far-apart floor tiles (microseconds).
fn astar_us(map: &Map) -> f64 {
    let floor: Vec<(i32, i32)> = (0..map.height())
        .flat_map(|y| (0..map.width()).map(move |x| (x, y)))
        .filter(|&(x, y)| !map.grid.is_wall(x, y))
        .collect();
    let mut rng = sim::read::Rng::new(5);
    let mut scratch = PathScratch::for_grid(&map.grid);
    let mut out = Vec::new();
    let samples = (0..200)
        .map(|_| {
            let a = floor[rng.below(floor.len() as u32) as usize];
            let b = floor[rng.below(floor.len() as u32) as usize];
            let t0 = Instant::now();
            find_path(
                &map.grid,
                a,
                b,
                PathLimits::UNLIMITED,
                &mut scratch,
                &mut out,
            );
            t0.elapsed().as_secs_f64() * 1e6
        })
        .collect();
    median(samples)
}

/// Prints every number (the frame with the horror layer unless `horror` is false).
pub fn run(setup: &Setup, horror: bool) {
    println!(
        "p1_route_180s_seconds {:.4} s  (goal <= 0.2)",
        route_seconds(setup, 5)
    );
    println!(
        "p2_horde_2000_tick_ms {:.3} ms  (goal <= 2)",
        horde_tick_ms(250, 128, 3)
    );
    // 10 000 on the 192 arena: the same crowd density round each spawn as the 2 000
    // line, on a map with room for the horde (0.27 enemies per tile overall, not 0.61).
    println!(
        "p2_horde_10000_tick_ms {:.3} ms  (goal <= 5)",
        horde_tick_ms(1250, 192, 3)
    );
    let plain30 = frame_ms(setup, 30.0, false, false);
    let plain140 = frame_ms(setup, 140.0, false, false);
    println!(
        "p4_frame_30s_ms {:.3} ms  (plain scene, no horror layer)",
        plain30.frame_ms
    );
    println!(
        "p4_frame_140s_ms {:.3} ms  (plain scene with the horde)",
        plain140.frame_ms
    );
    if horror {
        for at in [30.0f32, 140.0] {
            let f = frame_ms(setup, at, false, true);
            println!(
                "p4_frame_horror_{}s_ms {:.3} ms  (whole horror layer, goal <= 4)",
                at as u32, f.frame_ms
            );
            if let Some([scene, light, fog, post, glow]) = f.stages {
                println!(
                    "p4_stages_{}s_ms scene {scene:.3} light {light:.3} fog {fog:.3} post {post:.3} glow {glow:.3}",
                    at as u32
                );
                if at == 140.0 {
                    println!("p4_post_ms {post:.3} ms  (fused post pass, goal <= 0.5)");
                }
            }
        }
        let o = frame_ms(setup, 140.0, true, true);
        println!("p4_frame_horror_140s_overlay_ms {:.3} ms", o.frame_ms);
    } else {
        let o = frame_ms(setup, 140.0, true, false);
        println!("p4_frame_140s_overlay_ms {:.3} ms", o.frame_ms);
    }
    println!(
        "p5_astar_default_map_us {:.1} us  (median, goal <= 100)",
        astar_us(&setup.map)
    );
    println!(
        "au_mix_block_ms {:.3} ms  (mixer, voice cap full, one 1/60 s block, goal <= 0.3)",
        mix_block_ms()
    );
    println!("p3_raster: cargo bench -p raster --bench triangles (next to tiny-skia)");
}
