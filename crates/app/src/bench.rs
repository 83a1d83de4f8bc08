//! `squad_proto --bench`: quick machine-readable performance numbers (REQ §18), one
//! `key value unit` line each. The criterion benches (`cargo bench`) are the careful
//! measurements, with the peer comparisons; this is the smoke check a player can run.

use std::time::Instant;

use sim::read::nav::{find_path, PathLimits, PathScratch};
use sim::read::{Map, TickInput};
use view::screens::ScreenView;
use view::{Timings, ViewOptions};

use crate::frame::{Composer, Frame};
use crate::session::Until;
use crate::session::{Pilot, Session};
use crate::setup::{self, Setup};

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
            s.run_to(Until::End);
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
    s.run_to(Until::Tick(120));
    let n = 300;
    let t0 = Instant::now();
    for _ in 0..n {
        s.step(TickInput::default());
    }
    t0.elapsed().as_secs_f64() * 1000.0 / n as f64
}

/// A frame measurement: the whole frame's least and median time, and the median of
/// each horror stage (the first thread's: with several threads, its share of the
/// frame), the particles (REQ V3), then the bodies and the props (parts of the scene).
#[derive(Clone, Copy, Debug)]
struct FrameNumbers {
    min_ms: f64,
    frame_ms: f64,
    stages: Option<[f64; STAGES]>,
}

/// The stages reported: scene, light, fog, post, glow, particles, and of the scene the
/// bodies and the props.
const STAGES: usize = 8;

/// A stage line's numbers: `scene … particles …` and, in brackets, the scene's parts.
fn stage_text([scene, light, fog, post, glow, parts, bodies, props]: [f64; STAGES]) -> String {
    format!(
        "scene {scene:.3} (bodies {bodies:.3} props {props:.3}) light {light:.3} fog {fog:.3} \
         post {post:.3} glow {glow:.3} particles {parts:.3}"
    )
}

/// How frames are drawn and timed: the frame's size, the composer's threads, frames
/// drawn untimed first (band buffers, caches), frames timed.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Measure {
    size: (usize, usize),
    threads: usize,
    warmup: usize,
    frames: usize,
}

/// P4's measure: the design frame (1280×720) on one thread, 101 frames, as it has
/// always been measured (whatever `--threads` says).
const P4: Measure = Measure {
    size: (crate::frame::WIDTH, crate::frame::HEIGHT),
    threads: 1,
    warmup: 0,
    frames: 101,
};

/// Calls `f` with the game's frame as the window draws it (no HUD, no screen over it,
/// halfway between two ticks, default zoom), with the horror layer or plain, with or
/// without the overlay. The criterion bench `frame_1080p` draws the same frame.
pub fn with_game_frame<R>(overlay: bool, horror: bool, f: impl FnOnce(&Frame) -> R) -> R {
    let timings = Timings::default();
    let frame = Frame {
        marks: None,
        screen: &ScreenView::Game,
        help: false,
        alpha: 0.5,
        zoom: view::Zoom::default(),
        view: ViewOptions {
            overlay,
            flow: false,
            paused: false,
        },
        horror,
        aim: None,
        throw: None,
        keys: &crate::shell::prompts::KeyNames::default(),
        paused_banner: false,
        replay: None,
        message: None,
        hud: None,
        timings: &timings,
        trail: false,
        map: false,
    };
    f(&frame)
}

/// The least and the median of `v` (NaN for none).
fn min_median(v: &[f64]) -> (f64, f64) {
    if v.is_empty() {
        return (f64::NAN, f64::NAN);
    }
    (
        v.iter().copied().fold(f64::INFINITY, f64::min),
        median(v.to_vec()),
    )
}

/// Times of frames and of their stages, gathered over one or more rounds.
#[derive(Default)]
struct Samples {
    frames: Vec<f64>,
    stages: [Vec<f64>; STAGES],
}

impl Samples {
    fn numbers(&self, horror: bool) -> FrameNumbers {
        let (min_ms, frame_ms) = min_median(&self.frames);
        FrameNumbers {
            min_ms,
            frame_ms,
            stages: (horror && !self.stages[0].is_empty()).then(|| self.stages.clone().map(median)),
        }
    }
}

/// Draws `n` frames of `s` through `c` (timed into `into`, unless `None`).
fn draw_frames(
    c: &mut Composer,
    s: &mut Session,
    frame: &Frame,
    n: usize,
    mut into: Option<&mut Samples>,
) {
    let (world, feed) = s.watched();
    for _ in 0..n {
        let t0 = Instant::now();
        let st = c.compose(world, feed, frame);
        let ms = t0.elapsed().as_secs_f64() * 1000.0;
        if let Some(into) = into.as_deref_mut() {
            into.frames.push(ms);
            if let Some(st) = st {
                for (v, x) in into.stages.iter_mut().zip([
                    st.scene_ms,
                    st.light_ms,
                    st.fog_ms,
                    st.post_ms,
                    st.glow_ms,
                    st.particles_ms,
                    st.bodies_ms,
                    st.props_ms,
                ]) {
                    v.push(x as f64);
                }
            }
        }
    }
}

/// Measures every one of `measures` on the same moment `s`, each through a composer of
/// its own, in `rounds` interleaved rounds (each measure's frames shared out between
/// them), so a burst of load on a shared machine falls on all of them alike and the
/// ratios between them (the speed-up) stay fair.
fn frames_ms(
    s: &mut Session,
    measures: &[Measure],
    rounds: usize,
    overlay: bool,
    horror: bool,
) -> Vec<FrameNumbers> {
    with_game_frame(overlay, horror, |frame| {
        let mut composers: Vec<Composer> = measures
            .iter()
            .map(|m| Composer::new(m.size, m.threads))
            .collect();
        for (c, m) in composers.iter_mut().zip(measures) {
            draw_frames(c, s, frame, m.warmup, None);
        }
        let mut samples: Vec<Samples> = measures.iter().map(|_| Samples::default()).collect();
        let rounds = rounds.max(1);
        for r in 0..rounds {
            for ((c, m), into) in composers.iter_mut().zip(measures).zip(&mut samples) {
                let n = (r + 1) * m.frames / rounds - r * m.frames / rounds;
                draw_frames(c, s, frame, n, Some(into));
            }
        }
        samples.iter().map(|v| v.numbers(horror)).collect()
    })
}

/// P4: the frame at 1280×720 on one thread ([`P4`]) of the scenario at `at` seconds,
/// drawn by the window's composer with the horror layer or plain, with or without the
/// overlay.
fn frame_ms(setup: &Setup, at: f32, overlay: bool, horror: bool) -> FrameNumbers {
    let mut s = Session::watched_at(setup, at);
    frames_ms(&mut s, &[P4], 1, overlay, horror)[0]
}

/// The P6 measures (REQ §24): 1080p and 2160p on `threads` threads and on one, and
/// `extra` (`--size`) on `threads`; each once (a size `--size` repeats, or one thread
/// asked for, is measured once and reported under every name it has).
fn p6_measures(threads: usize, extra: Option<(usize, usize)>) -> Vec<Measure> {
    let m = |size: (usize, usize), threads: usize| Measure {
        size,
        threads,
        warmup: 5,
        // A 2160p frame costs about four 1080p ones: fewer of them keep the run short.
        frames: if size.0 * size.1 > 1920 * 1080 {
            41
        } else {
            101
        },
    };
    let mut v: Vec<Measure> = Vec::new();
    let mut add = |x: Measure| {
        if !v.contains(&x) {
            v.push(x);
        }
    };
    for size in [(1920, 1080), (3840, 2160)] {
        add(m(size, threads));
        add(m(size, 1));
    }
    if let Some(size) = extra {
        add(m(size, threads));
    }
    v
}

/// P6: the whole horror layer (or the plain scene) at 1080p and 2160p, on `threads`
/// threads and on one, the speed-up between them at 1080p, and `extra` (`--size`): the
/// combat route at 140 s.
fn print_p6(setup: &Setup, horror: bool, extra: Option<(usize, usize)>, threads: usize) {
    let layer = if horror { "horror" } else { "plain" };
    let measures = p6_measures(threads, extra);
    let mut s = Session::watched_at(setup, 140.0);
    let numbers = frames_ms(&mut s, &measures, 4, false, horror);
    let of = |size: (usize, usize), threads: usize| {
        let i = measures
            .iter()
            .position(|m| m.size == size && m.threads == threads)
            .expect("every size and thread count reported was measured");
        (measures[i], numbers[i])
    };
    let line = |key: String, (m, f): (Measure, FrameNumbers), goal: &str| {
        println!(
            "{key} {:.3} ms  (min of {}; median {:.3}, {} thread{}{goal})",
            f.min_ms,
            m.frames,
            f.frame_ms,
            m.threads,
            if m.threads == 1 { "" } else { "s" },
        );
    };
    let stages = |key: &str, (_, f): (Measure, FrameNumbers)| {
        if let Some(st) = f.stages {
            println!("{key} {}", stage_text(st));
        }
    };
    let (hd, uhd) = ((1920, 1080), (3840, 2160));
    let hd_goal = if horror { ", goal <= 5" } else { "" };
    let uhd_goal = if horror { ", goal <= 16" } else { "" };
    line(
        format!("p6_frame_{layer}_1080p_ms"),
        of(hd, threads),
        hd_goal,
    );
    line(format!("p6_frame_{layer}_1080p_1t_ms"), of(hd, 1), "");
    stages("p6_stages_1080p_ms", of(hd, threads));
    stages("p6_stages_1080p_1t_ms", of(hd, 1));
    let (one, many) = (of(hd, 1).1, of(hd, threads).1);
    println!(
        "p6_speedup_1080p {:.2} x  (1 -> {threads} threads, min over min; medians {:.2}{})",
        one.min_ms / many.min_ms,
        one.frame_ms / many.frame_ms,
        if horror { ", goal >= 1.7" } else { "" },
    );
    line(
        format!("p6_frame_{layer}_2160p_ms"),
        of(uhd, threads),
        uhd_goal,
    );
    line(format!("p6_frame_{layer}_2160p_1t_ms"), of(uhd, 1), "");
    stages("p6_stages_2160p_ms", of(uhd, threads));
    stages("p6_stages_2160p_1t_ms", of(uhd, 1));
    if let Some(size) = extra {
        let (w, h) = size;
        line(
            format!("p6_frame_{layer}_{w}x{h}_ms"),
            of(size, threads),
            "",
        );
        stages(&format!("p6_stages_{w}x{h}_ms"), of(size, threads));
    }
}

/// The title's frame and the play frame at 1080p (issue 35: the title ran at 47 fps
/// against play's 60), each as the window draws it on `threads` threads at the route's
/// `at` seconds: the title's top menu over the live demo (the view model built each
/// frame, as the window does: the lists, the player's keys, the menu's texts), and play
/// with the HUD (time, notices, objectives, cards, supplies). Least and median ms over
/// `frames` each, interleaved.
pub fn title_and_play_ms(setup: &Setup, at: f32, threads: usize, frames: usize) -> [(f64, f64); 2] {
    use crate::shell::{
        campaign, catalog, prompts::KeyNames, screen::Screen, settings::Settings, title::TitleMenu,
        views::Lists,
    };
    let mut s = Session::watched_at(setup, at);
    let entries = catalog::catalog(&[]);
    let missions = campaign::missions();
    let progress = crate::shell::progress::Progress::default();
    let settings = Settings::default();
    let title = TitleMenu::default();
    let pause = crate::shell::PauseMenu::live();
    let timings = Timings::default();
    let size = (1920, 1080);
    let (mut tc, mut pc) = (Composer::new(size, threads), Composer::new(size, threads));
    let mut samples = [Vec::new(), Vec::new()];
    for i in 0..frames + 5 {
        for (which, c) in [(0, &mut tc), (1, &mut pc)] {
            let t0 = Instant::now();
            let keys = KeyNames::of(&settings.keys);
            let (free, range) = (
                catalog::in_group(&entries, catalog::Group::FreePlay),
                catalog::in_group(&entries, catalog::Group::TestRange),
            );
            let lists = Lists {
                free: &free,
                range: &range,
                missions: &missions,
                progress: &progress,
                settings: &settings,
                customs: &[],
                folder: "",
            };
            let menus = crate::shell::screen::Menus {
                title: &title,
                lists: &lists,
                pause: &pause,
                about: "",
                results: None,
                mission: None,
                from_editor: false,
            };
            let screen = menus.view(if which == 0 {
                Screen::Title
            } else {
                Screen::Game
            });
            let frame = Frame {
                marks: None,
                screen: &screen,
                help: false,
                alpha: 0.5,
                zoom: view::Zoom::default(),
                view: ViewOptions {
                    overlay: false,
                    flow: false,
                    paused: false,
                },
                horror: true,
                aim: None,
                throw: None,
                keys: &keys,
                paused_banner: false,
                replay: None,
                trail: false,
                map: false,
                message: None,
                hud: Some(s.end_tick()),
                timings: &timings,
            };
            let (world, feed) = s.watched();
            c.compose(world, feed, &frame);
            if i >= 5 {
                samples[which].push(t0.elapsed().as_secs_f64() * 1000.0);
            }
        }
    }
    samples.map(|v| min_median(&v))
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

/// Prints every number (the frame with the horror layer unless `horror` is false; P6
/// on `threads` threads, and at `size` too when given).
pub fn run(setup: &Setup, horror: bool, size: Option<(usize, usize)>, threads: usize) {
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
            if let Some(st) = f.stages {
                let [_, _, _, post, _, parts, _, _] = st;
                println!("p4_stages_{}s_ms {}", at as u32, stage_text(st));
                if at == 140.0 {
                    println!("p4_post_ms {post:.3} ms  (fused post pass, goal <= 0.5)");
                    println!(
                        "p4_particles_ms {parts:.3} ms  (REQ V3: smoke, sparks, dust, splashes, gibs; settled and drawn)"
                    );
                }
            }
        }
        let o = frame_ms(setup, 140.0, true, true);
        println!("p4_frame_horror_140s_overlay_ms {:.3} ms", o.frame_ms);
    } else {
        let o = frame_ms(setup, 140.0, true, false);
        println!("p4_frame_140s_overlay_ms {:.3} ms", o.frame_ms);
    }
    print_p6(setup, horror, size, threads.max(1));
    for at in [30.0f32, 140.0] {
        let [title, play] = title_and_play_ms(setup, at, threads.max(1), 101);
        println!(
            "title_frame_1080p_{}s_ms {:.3} ms  (min of 101; median {:.3}; the top menu over the demo, goal <= play's)",
            at as u32, title.0, title.1
        );
        println!(
            "play_frame_1080p_{}s_ms {:.3} ms  (min of 101; median {:.3}; the scene with the HUD)",
            at as u32, play.0, play.1
        );
    }
    println!(
        "p5_astar_default_map_us {:.1} us  (median, goal <= 100)",
        astar_us(&setup.map)
    );
    println!(
        "au_mix_block_ms {:.3} ms  (mixer, voice cap full, one 1/60 s block, goal <= 0.3)",
        mix_block_ms()
    );
    match crate::loudness::measure(&crate::loudness::soundtrack(setup)) {
        Ok(l) => println!(
            "au_loudness {:.1} LUFS integrated, true peak {:.2} dBTP  ({}'s soundtrack, BS.1770; goal -24 +- 1 LUFS, <= -1 dBTP)",
            l.integrated,
            l.true_peak,
            setup.scenario.name
        ),
        Err(e) => println!("au_loudness: {e}"),
    }
    println!("p3_raster: cargo bench -p raster --bench triangles (next to tiny-skia)");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn p6_measures_each_size_and_thread_count_once() {
        let sizes = |v: &[Measure]| -> Vec<((usize, usize), usize)> {
            v.iter().map(|m| (m.size, m.threads)).collect()
        };
        let (hd, uhd) = ((1920, 1080), (3840, 2160));
        assert_eq!(
            sizes(&p6_measures(2, None)),
            [(hd, 2), (hd, 1), (uhd, 2), (uhd, 1)]
        );
        assert_eq!(sizes(&p6_measures(1, None)), [(hd, 1), (uhd, 1)]);
        assert_eq!(
            sizes(&p6_measures(2, Some((2560, 1440)))),
            [(hd, 2), (hd, 1), (uhd, 2), (uhd, 1), ((2560, 1440), 2)]
        );
        assert_eq!(
            sizes(&p6_measures(2, Some(uhd))).len(),
            4,
            "--size 3840x2160 again"
        );
        assert!(p6_measures(2, None)
            .iter()
            .all(|m| m.warmup > 0 && m.frames >= 41));
    }

    #[test]
    fn p4_stays_the_design_frame_on_one_thread() {
        assert_eq!((P4.size, P4.threads, P4.frames), ((1280, 720), 1, 101));
    }

    #[test]
    fn min_and_median() {
        assert_eq!(min_median(&[3.0, 1.0, 2.0]), (1.0, 2.0));
        assert!(min_median(&[]).0.is_nan());
    }
}
