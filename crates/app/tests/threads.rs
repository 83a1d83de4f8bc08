//! REQ §24 (issue 23): the composer draws the frame in horizontal bands, one per
//! thread, and the pixels are the same for any number of threads. The combat route at
//! [`AT`] (the horde in the yard: tracers, muzzle lights, blood, the flashlights) is
//! composed through `screenshot::compose` — the game with the horror layer, the F1
//! overlay and the HUD — at 640×360 and 1920×1080 on 1, 2, 3 and 7 threads, zoomed, plain,
//! and under the pause menu and the title, and every frame is compared byte for byte with
//! the one drawn on one thread.
//!
//! One session is run to that moment and shared; the film grain moves on with every frame
//! composed, so each frame starts from the same horror layer (a clone taken then).
//!
//! The kernels are the ones this process runs (AVX2 when the CPU has it);
//! [`portable_kernels_draw_the_same_frames`] runs this binary again as its child with
//! `RASTER_NO_AVX2=1` (the rasterizer reads it once per process), so every test here
//! also passes with the portable kernels, and compares digests of the child's frames
//! with this process's, byte for byte.

use std::sync::{Mutex, MutexGuard, OnceLock};

use app::frame::{band_rows, Composer, Frame};
use app::screenshot::{compose, render_screen, Shot};
use app::session::Session;
use app::setup::{load, Setup};
use app::shell::Screen;
use raster::Framebuffer;
use view::screens::ScreenView;
use view::{Horror, Timings, ViewOptions, Zoom};

/// 159 s of the combat route (+sim17, gunners braking at a blade's intended swing;
/// `examples/moments 140 178 0.5` found it, 161.5 s before): the squad firing into the
/// horde (seven tracer pieces and two muzzle flashes in flight), blood on the floor,
/// lamps and flashlights.
const AT: f32 = 159.0;
const SMALL: (usize, usize) = (640, 360);
const FULL_HD: (usize, usize) = (1920, 1080);

fn setup() -> Setup {
    load(None, "combat_route", None, None, None).unwrap()
}

/// The route at [`AT`] seconds and its horror layer as it stood then.
struct Moment {
    session: Session,
    layer: Horror,
}

/// The one run every test draws from (the run costs about a second; each frame is
/// composed from the same state).
fn moment() -> MutexGuard<'static, Moment> {
    static M: OnceLock<Mutex<Moment>> = OnceLock::new();
    M.get_or_init(|| {
        let session = Session::watched_at(&setup(), AT);
        let layer = session.cosmetics.as_ref().unwrap().horror.clone();
        Mutex::new(Moment { session, layer })
    })
    .lock()
    .unwrap_or_else(|e| e.into_inner())
}

impl Moment {
    /// `shot` composed on `shot.threads` threads, from the layer at [`AT`].
    fn draw(&mut self, shot: &Shot) -> Framebuffer {
        self.session.cosmetics.as_mut().unwrap().horror = self.layer.clone();
        let mut c = Composer::new(shot.size, shot.threads);
        let per = app::frame::bands_per_thread(shot.size);
        assert_eq!(c.bands().count(), shot.threads.max(1) * per);
        compose(&mut c, &mut self.session, shot, &[]);
        let whole = c.frame().clone();
        // The bands the window copies out are the frame's rows, in order.
        let rows: Vec<u32> = c.bands().flat_map(|b| b.pixels.iter().copied()).collect();
        assert!(rows == whole.pixels, "the bands are the frame");
        whole
    }
}

fn game(size: (usize, usize), threads: usize) -> Shot {
    Shot {
        overlay: true,
        size,
        threads,
        ..Shot::game()
    }
}

/// Where `a` and `b` differ: how many pixels, and the first (row-major) as `(x, y)`.
fn differ(a: &Framebuffer, b: &Framebuffer) -> (usize, Option<(usize, usize)>) {
    assert_eq!(
        (a.width, a.height),
        (b.width, b.height),
        "the frames' sizes"
    );
    let mut first = None;
    let mut n = 0;
    for (i, (p, q)) in a.pixels.iter().zip(&b.pixels).enumerate() {
        if p != q {
            n += 1;
            first.get_or_insert((i % a.width, i / a.width));
        }
    }
    (n, first)
}

/// Asserts `frame`, drawn on `threads` threads, is `one`, drawn on one; on a mismatch
/// says how many pixels differ, the first, and which band it is in.
fn assert_same(what: &str, one: &Framebuffer, frame: &Framebuffer, threads: usize) {
    let (n, first) = differ(one, frame);
    if let Some((x, y)) = first {
        // The bands as first cut (the composer moves its cuts after each frame).
        let bands = threads * app::frame::bands_per_thread((frame.width, frame.height));
        let band = (0..bands)
            .find(|&i| band_rows(frame.height, bands, i).contains(&y))
            .unwrap();
        let rows = band_rows(frame.height, bands, band);
        panic!(
            "{what}: {n} pixels differ between 1 and {threads} threads; the first at \
             ({x}, {y}), in band {band} ({rows:?}): {:06x} on 1 thread, {:06x} on {threads}",
            one.pixels[y * one.width + x],
            frame.pixels[y * frame.width + x],
        );
    }
}

/// The frame holds a real picture: many colours, not black.
fn assert_drawn(what: &str, fb: &Framebuffer) {
    let mut colours: Vec<u32> = fb.pixels.iter().step_by(7).map(|p| p & 0xff_ffff).collect();
    colours.sort_unstable();
    colours.dedup();
    assert!(colours.len() > 500, "{what}: {} colours", colours.len());
}

/// The game with the horror layer, the F1 overlay and the HUD, at 640×360 and
/// 1920×1080, on 1, 2, 3 and 7 threads.
#[test]
fn the_game_s_pixels_are_the_same_on_any_number_of_threads() {
    let mut m = moment();
    for size in [SMALL, FULL_HD] {
        let one = m.draw(&game(size, 1));
        assert_eq!((one.width, one.height), size);
        assert_drawn(&format!("{size:?}"), &one);
        // The comparison can fail: the next frame, its grain moved on, is another.
        let mut c = Composer::new(size, 1);
        compose(&mut c, &mut m.session, &game(size, 1), &[]);
        assert!(differ(&one, c.frame()).0 > 1000, "the grain moves on");
        for threads in [2, 3, 7] {
            let frame = m.draw(&game(size, threads));
            assert_same(&format!("the game at {size:?}"), &one, &frame, threads);
        }
    }
}

/// The moment drawn is what the test means to draw: the horror layer's lights and
/// tracers, blood on the floor, the HUD over it — and `screenshot::render_screen`, run
/// to the moment on its own, draws the same frame on 3 threads as the shared session on
/// one.
#[test]
fn the_moment_has_tracers_blood_lights_and_the_hud() {
    let mut m = moment();
    // At 1920×1080: `render_screen` draws a size below the design frame at the design
    // frame and scales it down, as the window does; this size it draws directly.
    let shot = game(FULL_HD, 1);
    let one = m.draw(&shot);
    let horror = &m.session.cosmetics.as_ref().unwrap().horror;
    let r = horror.readout();
    assert!(r.lights_drawn >= 5, "lights on screen: {r:?}");
    assert!(r.decals > 0 && r.particles > 0, "blood: {r:?}");
    let (trail, flashes) = (horror.tracers.trail.len(), horror.tracers.flashes.len());
    assert!(
        trail >= 5 && flashes > 0,
        "tracers ({trail}) and flashes ({flashes})"
    );
    let (fb, w) = render_screen(&setup(), AT, &Shot { threads: 3, ..shot }, &[]);
    assert_eq!(w.tick(), (AT * 60.0) as u64);
    assert_same("render_screen", &one, &fb, 3);

    // The HUD: the same frame composed without it differs inside the HUD's boxes only
    // (nobody has fallen: no marker toward a fallen agent), and there over most of the
    // time line, each agent's card, the formation box and the supplies' line.
    for size in [SMALL, FULL_HD] {
        let with = m.draw(&game(size, 3));
        let without = without_hud(&mut m, size, 3);
        assert!(m.session.world.agents().iter().all(|a| a.alive));
        let l = app::hud::layout(size.0 as i32, size.1 as i32, m.session.world.agents().len());
        let mut always = vec![
            ("time and kills", l.px(l.top)),
            ("formation", l.px(l.side)),
            ("the pool and the kit", l.px(l.supply)),
        ];
        always.extend(l.cards.iter().map(|&c| ("a card", l.px(c))));
        let boxes: Vec<_> = [l.px(l.notices), l.px(l.objectives)]
            .into_iter()
            .chain(always.iter().map(|b| b.1))
            .collect();
        let inside = |(bx, by, bw, bh): app::hud::Rect, x: usize, y: usize| {
            let (x, y) = (x as i32, y as i32);
            x >= bx && x < bx + bw && y >= by && y < by + bh
        };
        let changed: Vec<(usize, usize)> = (with.pixels.iter().zip(&without.pixels))
            .enumerate()
            .filter(|(_, (p, q))| p != q)
            .map(|(i, _)| (i % size.0, i / size.0))
            .collect();
        let stray = changed
            .iter()
            .filter(|&&(x, y)| !boxes.iter().any(|&b| inside(b, x, y)))
            .count();
        assert_eq!(stray, 0, "{size:?}: HUD pixels outside its boxes");
        for (name, b) in always {
            let n = changed.iter().filter(|&&(x, y)| inside(b, x, y)).count();
            // At 640×360 the HUD keeps its 1280×720 layout (UI scale 1) and the frame
            // cuts it (the formation box lies wholly beyond its right edge): count the
            // part on the frame.
            let (w, h) = (size.0 as i32, size.1 as i32);
            let cut = |lo: i32, len: i32, end: i32| ((lo + len).min(end) - lo.max(0)).max(0);
            let area = (cut(b.0, b.2, w) * cut(b.1, b.3, h)) as usize;
            if area == 0 {
                continue;
            }
            assert!(
                n * 2 > area,
                "{size:?}: {name} ({b:?}) drawn on {n} pixels of {area}"
            );
        }
    }
}

/// [`game`] composed by hand, as `screenshot::compose` does, with no HUD (the game's
/// screen; its menus are not drawn).
fn without_hud(m: &mut Moment, size: (usize, usize), threads: usize) -> Framebuffer {
    m.session.cosmetics.as_mut().unwrap().horror = m.layer.clone();
    let frame = Frame {
        marks: None,
        screen: &ScreenView::Game,
        help: false,
        alpha: 1.0,
        zoom: Zoom::default(),
        view: ViewOptions {
            overlay: true,
            flow: false,
            paused: false,
        },
        horror: true,
        aim: None,
        throw: None,
        keys: &app::shell::prompts::KeyNames::default(),
        paused_banner: false,
        replay: None,
        message: None,
        hud: None,
        timings: &Timings::default(),
        trail: true,
        map: false,
    };
    let mut c = Composer::new(size, threads);
    let (world, feed) = m.session.watched();
    c.compose(world, feed, &frame);
    c.frame().clone()
}

/// Zoomed in, plain (no horror layer), and two of the shell's screens over the game,
/// at 1920×1080 on 1 and 3 threads.
#[test]
fn zoomed_plain_and_the_screens_are_the_same_on_three_threads() {
    let mut m = moment();
    let cases = [
        (
            "zoomed 1.32",
            Shot {
                zoom: Zoom::at(1.32),
                ..game(FULL_HD, 1)
            },
        ),
        (
            "plain",
            Shot {
                plain: true,
                ..game(FULL_HD, 1)
            },
        ),
        (
            "pause",
            Shot {
                screen: Screen::Pause,
                ..game(FULL_HD, 1)
            },
        ),
        (
            "title",
            Shot {
                screen: Screen::Title,
                overlay: false,
                ..game(FULL_HD, 1)
            },
        ),
    ];
    for (what, shot) in cases {
        let one = m.draw(&shot);
        assert_drawn(what, &one);
        let three = m.draw(&Shot { threads: 3, ..shot });
        assert_same(what, &one, &three, 3);
    }
}

/// FNV-1a over a frame's size and pixels.
fn digest(fb: &Framebuffer) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    let size = [fb.width as u32, fb.height as u32];
    for p in size.into_iter().chain(fb.pixels.iter().copied()) {
        for b in p.to_le_bytes() {
            h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

/// The frames whose digests the portable child reports: the horror frame at 1920×1080
/// on 2 threads, zoomed on 3, the small one on 7, the plain one on 2.
fn digests() -> Vec<String> {
    let mut m = moment();
    [
        ("full HD, 2 threads", game(FULL_HD, 2)),
        (
            "full HD zoomed, 3 threads",
            Shot {
                zoom: Zoom::at(1.32),
                ..game(FULL_HD, 3)
            },
        ),
        ("small, 7 threads", game(SMALL, 7)),
        (
            "full HD plain, 2 threads",
            Shot {
                plain: true,
                ..game(FULL_HD, 2)
            },
        ),
    ]
    .iter()
    .map(|(what, shot)| format!("{what}: {:016x}", digest(&m.draw(shot))))
    .collect()
}

/// Runs every test of this binary again in a child with `RASTER_NO_AVX2=1`, so the
/// thread tests also pass with the portable kernels, and checks that the child's frames
/// are this process's, byte for byte (whichever kernels this process uses).
#[test]
fn portable_kernels_draw_the_same_frames() {
    const CHILD: &str = "APP_THREADS_PORTABLE_CHILD";
    if std::env::var_os(CHILD).is_some() {
        for d in digests() {
            println!("digest {d}");
        }
        return;
    }
    #[cfg(target_arch = "x86_64")]
    if !std::arch::is_x86_feature_detected!("avx2") {
        eprintln!("no AVX2 on this CPU: both runs take the portable path");
    }
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["--nocapture", "--test-threads=4"])
        .env(CHILD, "1")
        .env("RASTER_NO_AVX2", "1")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "the portable run failed:\n{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let child: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("digest "))
        .collect();
    let ours = digests();
    assert_eq!(child, ours, "the portable frames differ from this run's");
}

/// The settings' render scale (REQ §24): the scene is drawn at 50 % or 70 % of the
/// frame and upscaled under the HUD and overlay, and that too is the same on any number
/// of threads; the frame keeps its size, and the smaller scene is another picture.
#[test]
fn a_render_scale_below_100_is_the_same_on_any_number_of_threads() {
    let mut m = moment();
    let full = m.draw(&game(FULL_HD, 1));
    for pct in [50, 70] {
        let profile = app::screenshot::Profile {
            settings: app::shell::settings::Settings {
                render_scale: pct,
                ..Default::default()
            },
            ..Default::default()
        };
        let mut draw = |threads: usize| {
            m.session.cosmetics.as_mut().unwrap().horror = m.layer.clone();
            let mut c = Composer::new(FULL_HD, threads);
            app::screenshot::compose_with(
                &mut c,
                &mut m.session,
                &game(FULL_HD, threads),
                &[],
                &profile,
            );
            assert_eq!(c.size(), FULL_HD);
            let (w, h) = c.scene_size();
            assert_eq!(
                (w, h),
                (1920 * pct as usize / 100, 1080 * pct as usize / 100)
            );
            c.frame().clone()
        };
        let one = draw(1);
        assert_drawn(&format!("{pct} %"), &one);
        assert!(
            differ(&full, &one).0 > 100_000,
            "{pct} %: the scene is resampled"
        );
        for threads in [2, 3] {
            assert_same(
                &format!("render scale {pct} %"),
                &one,
                &draw(threads),
                threads,
            );
        }
    }
}

/// The composer moves its cuts after each frame so the threads finish together; the
/// pixels do not depend on where they are: uneven splits, and one composer kept over
/// frames (its cuts moved by what each band cost), give the one-thread frame.
#[test]
fn uneven_and_moving_cuts_give_the_same_pixels() {
    let mut m = moment();
    let shot = game(FULL_HD, 1);
    let one = m.draw(&shot);
    let mut c = Composer::new(FULL_HD, 3);
    for bounds in [
        vec![0, 1080],
        vec![0, 1, 2, 1080],
        vec![0, 7, 1000, 1080],
        vec![0, 539, 541, 1080],
        vec![0, 1079, 1080],
    ] {
        c.split(&bounds);
        assert_eq!(c.bounds(), bounds);
        m.session.cosmetics.as_mut().unwrap().horror = m.layer.clone();
        compose(&mut c, &mut m.session, &Shot { threads: 3, ..shot }, &[]);
        let moved = c.bounds();
        assert_same(
            &format!("cut at {bounds:?} (drawn at {moved:?})"),
            &one,
            c.frame(),
            3,
        );
    }
    // One composer kept over frames, started from a lopsided split (one row against
    // 1 079): each frame is drawn at the cuts `balanced_bounds` gives from the costs the
    // composer measured in the frame before, and the first move is away from the
    // lopsided split (a row costs a thousandth of the rest, far past the 10 % dead band).
    let mut c = Composer::new(FULL_HD, 2);
    c.split(&[0, 1, 1080]);
    let mut seen = std::collections::BTreeSet::new();
    for frame in 0..12 {
        let before = c.bounds();
        let want = app::frame::balanced_bounds(&before, &c.costs()).unwrap_or(before.clone());
        m.session.cosmetics.as_mut().unwrap().horror = m.layer.clone();
        compose(&mut c, &mut m.session, &Shot { threads: 2, ..shot }, &[]);
        assert_eq!(
            c.bounds(),
            want,
            "frame {frame}: drawn at the balanced cuts"
        );
        if frame == 1 {
            assert_ne!(c.bounds(), vec![0, 1, 1080], "the lopsided split was moved");
        }
        seen.insert(c.bounds());
        assert_same(
            &format!("kept composer, cuts {:?}", c.bounds()),
            &one,
            c.frame(),
            2,
        );
    }
    assert!(seen.len() > 1, "the cuts moved: {seen:?}");
}
