//! The one frame composer (REQ §25 X3): the window and `--screenshot` (and `--bench`)
//! draw every frame here — the scene through the horror layer or plain, zoomed, the
//! manual-aim cone, a throw's reticle, the F1/F2 overlays, the shell's screen, the map
//! (REQ W3), help, PAUSED and the message line — so the same state, zoom and screen give the same pixels
//! headless and in the window. The frame is drawn at its own size, band by band on the
//! composer's threads.

use raster::Framebuffer;
use sim::read::World;
use sim::Vec2;
use view::screens::{self, ScreenView};
use view::{BandScratch, StageTimes, Timings, ViewOptions, Zoom};

use crate::cosmetics::Cosmetics;
use crate::hud;

/// The design resolution (REQ §24): the window opens at this size, the screens and the
/// scene are laid out for it, and a frame of any other size (the window's own, REQ
/// §24) shows the same picture with more or fewer pixels ([`view::zoom::scene_scale`]).
pub const WIDTH: usize = 1280;
pub const HEIGHT: usize = view::zoom::DESIGN_HEIGHT;

/// Everything one frame shows besides the world and the feed.
#[derive(Clone, Copy)]
pub struct Frame<'a> {
    /// The shell's screen over the scene, as the app's menus filled it (play: the HUD).
    pub screen: &'a ScreenView<'a>,
    /// Help over the screen.
    pub help: bool,
    /// Interpolation between the last two ticks (S1.4).
    pub alpha: f32,
    pub zoom: Zoom,
    /// The overlays (F1, F2) and whether the game is paused (no camera shake).
    pub view: ViewOptions,
    /// The horror layer (F3 off: the plain lit board).
    pub horror: bool,
    /// Manual aim on: the aim vector from the anchor and its cone.
    pub aim: Option<Vec2>,
    /// A flare or a grenade being aimed (its key held): the reticle (REQ K3, K5).
    pub throw: Option<&'a view::aim::Reticle>,
    /// The player's keys: the HUD's prompts and kit line name them.
    pub keys: &'a crate::shell::prompts::KeyNames,
    /// PAUSED (P, without the menu).
    pub paused_banner: bool,
    /// A replay being watched, at this speed (×1, ×4): the HUD says so all along.
    pub replay: Option<u32>,
    /// The message line.
    pub message: Option<&'a str>,
    /// The HUD over the game, with the run's end tick (`None`: no HUD).
    pub hud: Option<u64>,
    /// What the F1 overlay reports of the frame and tick times.
    pub timings: &'a Timings,
    /// The floor trail of the way to the objective (REQ W1: the settings' trail).
    pub trail: bool,
    /// The map screen over the game (REQ W3; the run goes on under it).
    pub map: bool,
    /// The mission editor's marks on its map (REQ §31): drawn on the scene, in its
    /// projection.
    pub marks: Option<&'a view::editor_marks::Marks>,
}

/// One band of the frame: its rows, and the horror layer's buffers for them.
struct Band {
    fb: Framebuffer,
    /// At a render scale below 100 %: this band's rows of the smaller scene frame.
    scene: Framebuffer,
    scratch: BandScratch,
    stages: Option<StageTimes>,
    /// What this band cost to draw in the last frame, both phases (seconds).
    cost: f64,
}

/// The composer: the frame's size, drawn as horizontal bands on as many threads (kept
/// between frames), and the player's brightness.
pub struct Composer {
    /// The frame's size in pixels.
    size: (usize, usize),
    /// Threads drawing the frame (each a run of [`bands_per_thread`] bands).
    threads: usize,
    bands: Vec<Band>,
    /// The last frame's scene scale ([`view::zoom::scene_scale`]).
    scale: f32,
    /// The scene's share of the frame's size in percent (the settings' render scale,
    /// 50 … 100): below 100 the scene is drawn smaller and upscaled (bilinear) under
    /// the overlays, HUD and screens, which stay at the frame's own size.
    render_scale: u8,
    /// The render scale the bands are cut for now: the settings' one in play, at most
    /// [`TITLE_SCENE_SCALE`] under the title's pages.
    scene_pct: u8,
    /// The smaller scene put together, at a render scale below 100 %.
    scene_whole: Framebuffer,
    /// The bands put together ([`Composer::frame`]); stale while `assembled` is false.
    whole: Framebuffer,
    assembled: bool,
    /// The brightness (REQ C4): a gamma applied once to the finished frame, screens
    /// and all (render-only; 1.0 changes no byte).
    gamma: raster::Gamma,
}

impl Default for Composer {
    /// The internal resolution on one thread.
    fn default() -> Composer {
        Composer::new((WIDTH, HEIGHT), 1)
    }
}

/// The demo behind the title's pages at most at half the frame's size (the render
/// scale's least): dimmed and under panels, its upscaled softness reads as a backdrop,
/// and it makes the title cheaper than play (issue 35: 47 fps on the title against 60
/// in play at 1080p; measured in docs/decisions.md).
pub const TITLE_SCENE_SCALE: u8 = 50;

/// The smallest and largest frame drawn (REQ §24): a window outside is shown scaled.
pub const MIN_SIZE: (usize, usize) = (640, 360);
pub const MAX_SIZE: (usize, usize) = (3840, 2160);

/// `w × h` clamped to [`MIN_SIZE`] ..= [`MAX_SIZE`].
pub fn clamp_size((w, h): (usize, usize)) -> (usize, usize) {
    (
        w.clamp(MIN_SIZE.0, MAX_SIZE.0),
        h.clamp(MIN_SIZE.1, MAX_SIZE.1),
    )
}

/// The size the composer draws a window of `window` pixels at: the window's own
/// (clamped, [`clamp_size`]), or — for a window narrower or shorter than the design
/// frame, whose HUD and screens would not fit — the smallest size with the window's
/// shape that holds the design frame, scaled down when presented.
pub fn window_frame_size((w, h): (usize, usize)) -> (usize, usize) {
    let (w, h) = (w.max(1), h.max(1));
    if w >= WIDTH && h >= HEIGHT {
        return clamp_size((w, h));
    }
    // k = max(WIDTH / w, HEIGHT / h), applied in integers (rounded up).
    let (kw, kh) = (WIDTH * h, HEIGHT * w);
    let (fw, fh) = match kw >= kh {
        // The width binds: w → WIDTH, h → h · WIDTH / w.
        true => (WIDTH, (h * WIDTH).div_ceil(w)),
        false => ((w * HEIGHT).div_ceil(h), HEIGHT),
    };
    clamp_size((fw, fh))
}

/// `WxH` (`1920x1080`): a frame size within [`MIN_SIZE`] ..= [`MAX_SIZE`].
pub fn parse_size(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("`{s}`: expected WIDTHxHEIGHT, e.g. 1920x1080");
    let (w, h) = s.split_once(['x', 'X']).ok_or_else(bad)?;
    let (w, h) = (
        w.trim().parse::<usize>().map_err(|_| bad())?,
        h.trim().parse::<usize>().map_err(|_| bad())?,
    );
    if clamp_size((w, h)) != (w, h) {
        return Err(format!(
            "`{s}`: a frame is from {}x{} to {}x{}",
            MIN_SIZE.0, MIN_SIZE.1, MAX_SIZE.0, MAX_SIZE.1
        ));
    }
    Ok((w, h))
}

/// The cores this machine offers (1 if it does not say).
pub fn all_cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The rows of band `i` of `n` in a frame `h` rows tall: equal shares, the remainder
/// spread so no two bands differ by more than a row.
pub fn band_rows(h: usize, n: usize, i: usize) -> std::ops::Range<usize> {
    (i * h / n)..((i + 1) * h / n)
}

impl Composer {
    /// A composer drawing `size` frames (clamped, [`clamp_size`]) on `threads` threads.
    pub fn new(size: (usize, usize), threads: usize) -> Composer {
        let mut c = Composer {
            size: (0, 0),
            threads: threads.max(1),
            bands: Vec::new(),
            scale: 1.0,
            render_scale: 100,
            scene_pct: 100,
            scene_whole: Framebuffer::new(0, 0),
            whole: Framebuffer::new(0, 0),
            assembled: false,
            gamma: raster::Gamma::default(),
        };
        c.set_size(size);
        c
    }

    /// The frames' size from now on (clamped, [`clamp_size`]).
    pub fn set_size(&mut self, size: (usize, usize)) {
        let size = clamp_size(size);
        if size != self.size {
            self.size = size;
            self.layout();
        }
    }

    pub fn size(&self) -> (usize, usize) {
        self.size
    }

    /// Threads drawing each frame from now on (at least 1).
    pub fn set_threads(&mut self, threads: usize) {
        let threads = threads.max(1);
        if threads != self.threads {
            self.threads = threads;
            self.layout();
        }
    }

    /// The scene's share of the frame's size from now on, in percent (clamped to
    /// 50 … 100).
    pub fn set_render_scale(&mut self, pct: u8) {
        let pct = pct.clamp(50, 100);
        if pct != self.render_scale {
            self.render_scale = pct;
            self.cut_for(pct);
        }
    }

    /// The bands cut for a scene at `pct` percent of the frame, if not already.
    fn cut_for(&mut self, pct: u8) {
        if pct != self.scene_pct {
            self.scene_pct = pct;
            self.layout();
        }
    }

    pub fn render_scale(&self) -> u8 {
        self.render_scale
    }

    /// The size the scene is drawn at: the frame's, or its render-scale share.
    pub fn scene_size(&self) -> (usize, usize) {
        let of = |n: usize| ((n * self.scene_pct as usize + 50) / 100).max(1);
        (of(self.size.0), of(self.size.1))
    }

    /// The last frame's scene scale: device pixels per pixel of the design frame
    /// (the frame's height over 720, times the zoom).
    pub fn scene_scale(&self) -> f32 {
        self.scale
    }

    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Cuts the frame into [`bands_per_thread`] bands per thread, of equal rows — as
    /// many as the scene's size asks (below 100 % render scale, and under the title, the
    /// scene is smaller than the frame; its passes are what the cache is for).
    fn layout(&mut self) {
        let h = self.size.1;
        let n = (self.threads * bands_per_thread(self.scene_size()))
            .min(h)
            .max(1);
        let bounds: Vec<usize> = (0..=n).map(|i| i * h / n).collect();
        self.split(&bounds);
    }

    /// Cuts the frame at rows `bounds` (`0 = b₀ < b₁ < … < bₙ = height`; anything else
    /// is refused and the split kept): the threads take the bands in runs of
    /// consecutive ones ([`on_bands`]). The pixels do not depend on where the cuts are:
    /// the composer moves them itself after each frame so the bands cost the same
    /// ([`balanced_bounds`]) and the threads finish together.
    pub fn split(&mut self, bounds: &[usize]) {
        let (w, h) = self.size;
        let n = bounds.len().saturating_sub(1);
        let valid =
            n >= 1 && bounds[0] == 0 && bounds[n] == h && bounds.windows(2).all(|b| b[0] < b[1]);
        if !valid {
            return;
        }
        self.bands.truncate(n);
        while self.bands.len() < n {
            self.bands.push(Band {
                fb: Framebuffer::new(0, 0),
                scene: Framebuffer::new(0, 0),
                scratch: BandScratch::default(),
                stages: None,
                cost: 0.0,
            });
        }
        let (sw, sh) = self.scene_size();
        let scaled = self.scene_pct < 100;
        // The scene's cuts at the same fraction of its height.
        let scene_cut = |b: usize| (b * sh + h / 2) / h;
        for (i, b) in self.bands.iter_mut().enumerate() {
            let rows = bounds[i]..bounds[i + 1];
            if (b.fb.width, b.fb.height, b.fb.band()) != (w, h, rows.clone()) {
                b.fb.resize_band(w, h, rows);
            }
            let scene_rows = scene_cut(bounds[i])..scene_cut(bounds[i + 1]);
            match scaled {
                true => b.scene.resize_band(sw, sh, scene_rows),
                false => b.scene.resize_band(0, 0, 0..0),
            }
            b.cost = 0.0;
        }
        self.assembled = false;
    }

    /// The rows where the bands start, and the frame's height: the split.
    pub fn bounds(&self) -> Vec<usize> {
        let mut b: Vec<usize> = self.bands.iter().map(|b| b.fb.band().start).collect();
        b.push(self.size.1);
        b
    }

    /// What each band cost to draw in the last frame (seconds, both phases): what the
    /// next frame's cuts are moved by.
    pub fn costs(&self) -> Vec<f64> {
        self.bands.iter().map(|b| b.cost).collect()
    }

    /// After a frame: the cuts moved toward where each band costs the same.
    fn rebalance(&mut self) {
        if let Some(next) = balanced_bounds(&self.bounds(), &self.costs()) {
            self.split(&next);
        }
    }

    /// The finished frames' gamma from now on (the settings' brightness).
    pub fn set_gamma(&mut self, gamma: f32) {
        if self.gamma.gamma() != gamma {
            self.gamma = raster::Gamma::new(gamma);
        }
    }

    pub fn gamma(&self) -> f32 {
        self.gamma.gamma()
    }

    /// The last frame composed, put together from its bands.
    pub fn frame(&mut self) -> &Framebuffer {
        if self.bands.len() == 1 {
            return &self.bands[0].fb;
        }
        if !self.assembled {
            assemble(&mut self.whole, self.bands.iter().map(|b| &b.fb));
            self.assembled = true;
        }
        &self.whole
    }

    /// The last frame's bands, top to bottom (what the window copies out).
    pub fn bands(&self) -> impl Iterator<Item = &Framebuffer> {
        self.bands.iter().map(|b| &b.fb)
    }

    /// Draws `world` as the feed sees it, and `f` over it, band by band on the
    /// composer's threads. Returns the horror layer's stage times when it drew (the
    /// first thread's bands', with the frame's preparation in the light stage).
    pub fn compose(
        &mut self,
        world: &World,
        feed: &mut Cosmetics,
        f: &Frame,
    ) -> Option<StageTimes> {
        // The cuts where the last frame says the bands cost the same (not after a frame:
        // the window has yet to copy it out).
        // The title's pages dim the demo behind their panels: its scene at most at
        // the title's render scale (issue 35: the title cost more than play at 1080p).
        let pct = match f.screen.is_title() {
            true => self.render_scale.min(TITLE_SCENE_SCALE),
            false => self.render_scale,
        };
        self.cut_for(pct);
        self.rebalance();
        self.assembled = false;
        let scale = view::zoom::scene_scale(self.size.1, f.zoom.current);
        self.scale = scale;
        // Below 100 %, the scene into its own smaller bands.
        let scaled = self.scene_pct < 100;
        let scene_scale = view::zoom::scene_scale(self.scene_size().1, f.zoom.current);
        for b in &mut self.bands {
            b.fb.set_scale(scale);
            b.scene.set_scale(scene_scale);
        }
        let first = match scaled {
            true => &self.bands[0].scene,
            false => &self.bands[0].fb,
        };
        let prep = match f.horror {
            true => Some(feed.horror.prepare(
                first,
                world,
                &feed.camera,
                f.alpha,
                &view::FrameOptions {
                    paused: f.view.paused,
                },
            )),
            false => None,
        };
        let feed_ro: &Cosmetics = feed;
        let horror = f.horror.then_some(&feed_ro.horror);
        let scene = |b: &mut Band| {
            let t0 = std::time::Instant::now();
            let fb = match scaled {
                true => &mut b.scene,
                false => &mut b.fb,
            };
            b.stages = view::render_band(
                fb,
                &mut b.scratch,
                world,
                &feed_ro.camera,
                f.alpha,
                Some(&feed_ro.effects),
                Some(view::WayView {
                    guide: &feed_ro.guide,
                    trail: f.trail,
                }),
                horror,
            );
            if let Some(aim) = f.aim {
                view::draw_manual_aim(fb, world, &feed_ro.camera, f.alpha, aim);
            }
            if let Some(r) = f.throw {
                view::aim::draw_throw(fb, &feed_ro.camera, r);
            }
            if let Some(m) = f.marks {
                view::editor_marks::draw(fb, feed_ro.camera.center, m);
            }
            b.cost = t0.elapsed().as_secs_f64();
        };
        on_bands(&mut self.bands, self.threads, &scene);
        // The first thread's stage times: its run of bands, one after the other.
        let run = self.bands.len().div_ceil(self.threads).max(1);
        let stages = self.bands[0].stages.map(|mut s| {
            for b in &self.bands[1..run] {
                s += b.stages.unwrap_or_default();
            }
            s.light_ms += prep.unwrap_or(0.0);
            s
        });
        if f.horror {
            let scratch: Vec<&BandScratch> = self.bands.iter().map(|b| &b.scratch).collect();
            feed.horror.finish(&scratch);
        }
        let readout = f.horror.then(|| feed.horror.readout());
        if scaled {
            assemble(&mut self.scene_whole, self.bands.iter().map(|b| &b.scene));
        }
        let feed: &Cosmetics = feed;
        let gamma = &self.gamma;
        let scene_whole = &self.scene_whole;
        let over = |b: &mut Band| {
            let t0 = std::time::Instant::now();
            let fb = &mut b.fb;
            if scaled {
                raster::scale_bilinear_into(scene_whole, fb, raster::Rgba::BLACK);
            }
            view::render_overlays(
                fb,
                world,
                &feed.camera,
                f.alpha,
                &f.view,
                f.timings,
                readout.as_ref(),
            );
            // The screens are laid out for the design frame at the frame's UI scale
            // (the HUD and the screens' layouts set the same scale themselves).
            fb.set_scale(screens::ui_scale(fb.width, fb.height));
            draw_screens(fb, world, feed, f);
            fb.set_scale(1.0);
            gamma.apply(fb);
            b.cost += t0.elapsed().as_secs_f64();
        };
        on_bands(&mut self.bands, self.threads, &over);
        stages
    }
}

/// The cuts that would give every band the same cost, from the last frame's `bounds`
/// and each band's `costs`, taking the cost as spread evenly over a band's rows; `None`
/// while the slowest band is within 10 % of the mean (moving the cuts costs a band's
/// buffers being cut again). The cuts go half the way there each frame, so a band
/// that was slow once by the machine's doing, not the picture's, moves them little, and
/// every band keeps at least 8 rows (or 1, on a frame too short for that).
pub fn balanced_bounds(bounds: &[usize], costs: &[f64]) -> Option<Vec<usize>> {
    let n = costs.len();
    if n < 2 || bounds.len() != n + 1 || costs.iter().any(|c| !c.is_finite() || *c < 0.0) {
        return None;
    }
    let total: f64 = costs.iter().sum();
    let worst = costs.iter().copied().fold(0.0, f64::max);
    if total <= 0.0 || worst <= 1.1 * total / n as f64 {
        return None;
    }
    let h = bounds[n];
    let least = (h / n).clamp(1, 8);
    let mut next = vec![0; n + 1];
    next[n] = h;
    // Row where the cumulative cost reaches k/n of the total.
    let (mut band, mut before) = (0, 0.0);
    for (k, cut) in next.iter_mut().enumerate().take(n).skip(1) {
        let want = total * k as f64 / n as f64;
        while band < n - 1 && before + costs[band] < want {
            before += costs[band];
            band += 1;
        }
        let rows = (bounds[band + 1] - bounds[band]) as f64;
        let inside = match costs[band] > 0.0 {
            true => ((want - before) / costs[band]).clamp(0.0, 1.0),
            false => 0.5,
        };
        let target = bounds[band] as f64 + inside * rows;
        *cut = ((bounds[k] as f64 + target) / 2.0).round() as usize;
    }
    // Every band at least `least` rows, in order.
    for k in 1..n {
        next[k] = next[k].max(next[k - 1] + least).min(h - (n - k) * least);
    }
    (next != bounds).then_some(next)
}

/// `bands` (of one frame, top to bottom) put together into `whole`.
fn assemble<'a>(whole: &mut Framebuffer, bands: impl Iterator<Item = &'a Framebuffer> + Clone) {
    let Some(first) = bands.clone().next() else {
        return;
    };
    let (w, h) = (first.width, first.height);
    if whole.width != w || whole.height != h {
        whole.resize(w, h);
    }
    for b in bands {
        let rows = b.band();
        whole.pixels[rows.start * w..rows.end * w].copy_from_slice(&b.pixels);
    }
}

/// Bands per thread for a scene of `size`: the bands two threads draw at once should
/// keep their albedo and light (8 bytes a pixel) in the processor's last-level cache
/// between the passes over them (floor, light, fog, bodies, post). A band too big for
/// it goes to memory on every pass; each band more walks the world again (0.2–0.3 ms
/// a band at 720p). Measured on the 2-core VM of docs/decisions.md ("V5"): 1080p on 2
/// threads as 4 bands instead of 2, medians 3.5–3.6 instead of 4.7–4.8 ms; 2160p as 8
/// instead of 2, 11.6–12.1 instead of 12.9–13.9 ms; 720p on one thread as 2, 3.6 against
/// 3.3–3.6 ms (so 1).
pub fn bands_per_thread((w, h): (usize, usize)) -> usize {
    /// What the bands drawn at once may hold, bytes (a 32 MB L3 shared with the VM's
    /// neighbours, and the post pass's tables beside them).
    const AT_ONCE: usize = 12 << 20;
    /// Past this many, each band more costs more than it saves (2160p: 3 and 4 the same).
    const MOST: usize = 4;
    (w * h * 8).div_ceil(AT_ONCE).clamp(1, MOST)
}

/// Runs `f` on every band: the bands in `threads` runs of consecutive ones, the first
/// run on this thread and each other on a thread of its own (scoped: they end before
/// this returns).
fn on_bands(bands: &mut [Band], threads: usize, f: &(impl Fn(&mut Band) + Sync)) {
    let per = bands.len().div_ceil(threads.max(1)).max(1);
    let mut runs = bands.chunks_mut(per);
    let Some(first) = runs.next() else { return };
    std::thread::scope(|s| {
        for run in runs {
            s.spawn(move || run.iter_mut().for_each(f));
        }
        first.iter_mut().for_each(f);
    });
}

/// The HUD (or the shell's screen), help and the message line over the scene. With the
/// map open the HUD is not drawn (the map's heading says the time left and the
/// objective; its legend sat over the dimmed cards) and the message line goes under
/// the map, dimmed with the run (a playtest found it at full brightness over the map).
fn draw_screens(fb: &mut Framebuffer, world: &World, feed: &Cosmetics, f: &Frame) {
    let map = f.screen.is_game() && f.map && !f.help;
    match f.screen {
        ScreenView::Game => {
            if let Some(end_tick) = f.hud.filter(|_| !f.help && !map) {
                let v = hud::HudView {
                    feed: &feed.hud,
                    end_tick,
                    manual_aim: f.aim.is_some(),
                    camera: &feed.camera,
                    zoom: f.zoom.current,
                    keys: f.keys,
                    throw: f.throw,
                    way: Some(&feed.guide.route),
                    replay: f.replay,
                };
                hud::draw_hud(fb, world, &v);
            }
            if map {
                if let Some(text) = f.message {
                    hud::message_line(fb, text, false);
                }
                let ui = fb.scale();
                let status = map_status(world, f);
                view::way::map::draw_map(fb, world, &feed.horror.fog, &feed.guide, ui, &status);
            }
            // Over the map the pause is said in its heading's line (issue 35: PAUSED
            // sat on the map's middle, over the tunnels the player paused to read).
            if f.paused_banner && !map {
                hud::paused(fb);
            }
        }
        shown => shown.draw(fb),
    }
    if f.help {
        match f.screen {
            // The editor's own keys (REQ §31).
            ScreenView::Editor(_) => screens::editor::help_layout(fb.width, fb.height).draw(fb),
            _ => screens::draw_help(fb, &|k| f.keys.control(k)),
        }
    }
    match f.message {
        Some(text) if !map => hud::message_line(fb, text, !f.screen.is_game() || f.help),
        _ => {}
    }
}

/// The map screen's line under its heading: PAUSED when the player paused (the banner
/// is not drawn over the map), the time left, the first objective, and the key that
/// closes it (REQ W3: the run goes on while it is open).
fn map_status(world: &World, f: &Frame) -> String {
    let mut parts = Vec::new();
    if f.paused_banner {
        parts.push(f.keys.fill("PAUSED ({pause} resumes)"));
    }
    if let Some(end) = f.hud {
        let left = end.saturating_sub(world.tick()) as f32 * sim::tuning::DT;
        parts.push(format!("{} left", screens::clock_text(left)));
    }
    if let Some((text, _, _)) = hud::objective_lines(world).first() {
        parts.push(f.keys.fill(text));
    }
    parts.push(f.keys.fill("{map} closes"));
    parts.join("  -  ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_within_the_frame_limits() {
        assert_eq!(parse_size("1920x1080"), Ok((1920, 1080)));
        assert_eq!(parse_size("640X360"), Ok((640, 360)));
        assert_eq!(parse_size("3840x2160"), Ok((3840, 2160)));
        for bad in ["", "1920", "x1080", "1920x", "axb", "1920x1080x2", "-1x5"] {
            let e = parse_size(bad).unwrap_err();
            assert!(e.contains("expected WIDTHxHEIGHT"), "{bad}: {e}");
        }
        for out in ["639x360", "640x359", "3841x2160", "3840x2161"] {
            let e = parse_size(out).unwrap_err();
            assert!(e.contains("from 640x360 to 3840x2160"), "{out}: {e}");
        }
        assert_eq!(clamp_size((100, 5000)), (640, 2160));
    }

    /// PAUSED with the map open (issue 35): said in the map's heading line, not drawn
    /// over the map. Paused or not, the frames differ only in the heading's band; with
    /// the map closed the banner is drawn a third of the way down, as before.
    #[test]
    fn paused_over_the_map_is_said_in_its_heading() {
        let setup = crate::setup::load(None, "m2_warrens", None, None, None).unwrap();
        let mut s = crate::session::Session::watched_at(&setup, 5.0);
        let keys = crate::shell::prompts::KeyNames::default();
        let timings = Timings::default();
        let end = s.end_tick();
        let (world, feed) = s.watched();
        let draw = |map: bool, paused: bool| {
            let f = Frame {
                marks: None,
                screen: &ScreenView::Game,
                help: false,
                alpha: 1.0,
                zoom: Zoom::default(),
                view: ViewOptions::default(),
                horror: true,
                aim: None,
                throw: None,
                keys: &keys,
                paused_banner: paused,
                replay: None,
                message: None,
                hud: Some(end),
                timings: &timings,
                trail: false,
                map,
            };
            let mut fb = Framebuffer::new(WIDTH, HEIGHT);
            draw_screens(&mut fb, world, feed, &f);
            (fb, map.then(|| map_status(world, &f)))
        };
        let rows_changed = |a: &Framebuffer, b: &Framebuffer| -> Vec<usize> {
            (0..a.height)
                .filter(|&y| {
                    (0..a.width)
                        .any(|x| a.get_rgba(x as i32, y as i32) != b.get_rgba(x as i32, y as i32))
                })
                .collect()
        };
        let (map_run, status) = draw(true, false);
        let (map_paused, paused_status) = draw(true, true);
        assert!(!status.unwrap().contains("PAUSED"));
        let said = paused_status.unwrap();
        assert!(said.starts_with("PAUSED (P resumes)  -  "), "{said}");
        let rows = rows_changed(&map_run, &map_paused);
        assert!(!rows.is_empty(), "the pause is said");
        // The heading's band: 52 px at the 720p frame's UI scale of 1.
        assert!(
            rows.iter().all(|&y| y < 52),
            "paused drew on the map, rows {:?}",
            rows.iter()
                .filter(|&&y| y >= 52)
                .take(5)
                .collect::<Vec<_>>()
        );
        // Without the map the banner is where it was: a third of the way down.
        let (run, _) = draw(false, false);
        let (paused, _) = draw(false, true);
        let rows = rows_changed(&run, &paused);
        assert!(rows.contains(&(HEIGHT / 3 + 5)), "{:?}", rows.first());
    }

    /// With the map open (a playtest: the mission's yellow message sat at full
    /// brightness over the map, and the legend over the dimmed cards) the message goes
    /// under the map, dimmed with the run, and the HUD is not drawn under it; with the
    /// map closed both are drawn as before.
    #[test]
    fn the_message_goes_under_the_map_and_the_hud_is_hidden_by_it() {
        let setup = crate::setup::load(None, "m3_gate", None, None, None).unwrap();
        let mut s = crate::session::Session::watched_at(&setup, 5.0);
        let keys = crate::shell::prompts::KeyNames::default();
        let timings = Timings::default();
        let end = s.end_tick();
        let (world, feed) = s.watched();
        let text = "3. Hold the Gate, normal: H shows the controls, Esc the menu";
        let draw = |map: bool, message: bool, hud: bool| {
            let f = Frame {
                marks: None,
                screen: &ScreenView::Game,
                help: false,
                alpha: 1.0,
                zoom: Zoom::default(),
                view: ViewOptions::default(),
                horror: true,
                aim: None,
                throw: None,
                keys: &keys,
                paused_banner: false,
                replay: None,
                message: message.then_some(text),
                hud: hud.then_some(end),
                timings: &timings,
                trail: false,
                map,
            };
            let mut fb = Framebuffer::new(WIDTH, HEIGHT);
            draw_screens(&mut fb, world, feed, &f);
            fb
        };
        let changed = |a: &Framebuffer, b: &Framebuffer| -> Vec<raster::Rgba> {
            (0..a.height as i32)
                .flat_map(|y| (0..a.width as i32).map(move |x| (x, y)))
                .filter(|&(x, y)| a.get_rgba(x, y) != b.get_rgba(x, y))
                .map(|(x, y)| b.get_rgba(x, y).unwrap())
                .collect()
        };
        // The map: the message is there, but only as a shadow (the map keeps a
        // sixteenth of the light under it).
        let under = changed(&draw(true, false, true), &draw(true, true, true));
        assert!(!under.is_empty(), "the message is under the map");
        assert!(
            under.iter().all(|c| c.r <= 16 && c.g <= 16 && c.b <= 16),
            "drawn bright over the map: {:?}",
            under
                .iter()
                .max_by_key(|c| c.r as u32 + c.g as u32 + c.b as u32)
        );
        // The HUD is not drawn under the map: the frames with and without it agree
        // under the heading's band (52 px at 720p; its line says the time left).
        let rows = |a: &Framebuffer, b: &Framebuffer| -> Vec<usize> {
            (0..a.height)
                .filter(|&y| {
                    (0..a.width)
                        .any(|x| a.get_rgba(x as i32, y as i32) != b.get_rgba(x as i32, y as i32))
                })
                .collect()
        };
        let hud_rows = rows(&draw(true, true, false), &draw(true, true, true));
        assert!(
            !hud_rows.is_empty() && hud_rows.iter().all(|&y| y < 52),
            "{hud_rows:?}"
        );
        // The map closed: the message at full brightness, the HUD drawn.
        let over = changed(&draw(false, false, true), &draw(false, true, true));
        assert!(
            over.iter().any(|c| c.r == 255 && c.g == 230),
            "the message's ink"
        );
        assert!(!changed(&draw(false, true, false), &draw(false, true, true)).is_empty());
    }

    #[test]
    fn a_window_smaller_than_the_design_frame_is_drawn_at_it() {
        assert_eq!(window_frame_size((1920, 1080)), (1920, 1080));
        assert_eq!(window_frame_size((1280, 720)), (1280, 720));
        assert_eq!(window_frame_size((5000, 3000)), (3840, 2160));
        assert_eq!(window_frame_size((640, 360)), (1280, 720));
        assert_eq!(
            window_frame_size((1000, 700)),
            (1280, 896),
            "the width binds"
        );
        assert_eq!(
            window_frame_size((1600, 600)),
            (1920, 720),
            "the height binds"
        );
        assert_eq!(window_frame_size((0, 0)), (1280, 1280), "no area: square");
    }

    #[test]
    fn the_cuts_move_toward_equal_costs_by_halves() {
        // Band 0 cost three times band 1: the cut moves down, half the way to where
        // both would cost the same (cost spread evenly: 2/3 of band 0 is half the
        // total, row 360; half way from 540 is 450).
        let b = [0, 540, 1080];
        assert_eq!(balanced_bounds(&b, &[3.0, 1.0]), Some(vec![0, 450, 1080]));
        // Within 10 %: left alone; nothing to balance on one band or on no cost.
        assert_eq!(balanced_bounds(&b, &[1.05, 1.0]), None);
        assert_eq!(balanced_bounds(&[0, 1080], &[5.0]), None);
        assert_eq!(balanced_bounds(&b, &[0.0, 0.0]), None);
        assert_eq!(balanced_bounds(&b, &[f64::NAN, 1.0]), None);
        // Three bands, the last one heavy; repeated, the cuts settle where the costs
        // (here: a density of 1 on rows 0..600 and 5 below) are equal.
        let density =
            |r: std::ops::Range<usize>| -> f64 { r.map(|y| if y < 600 { 1.0 } else { 5.0 }).sum() };
        let mut b = vec![0, 360, 720, 1080];
        for _ in 0..30 {
            let costs: Vec<f64> = b.windows(2).map(|w| density(w[0]..w[1])).collect();
            match balanced_bounds(&b, &costs) {
                Some(next) => b = next,
                None => break,
            }
        }
        let costs: Vec<f64> = b.windows(2).map(|w| density(w[0]..w[1])).collect();
        let mean = costs.iter().sum::<f64>() / 3.0;
        assert!(costs.iter().all(|c| *c <= 1.1 * mean), "{b:?}: {costs:?}");
        // Every band keeps 8 rows, however lopsided the costs.
        let next = balanced_bounds(&[0, 8, 16], &[100.0, 0.0]).unwrap_or(vec![0, 8, 16]);
        assert!(next.windows(2).all(|w| w[1] - w[0] >= 8), "{next:?}");
    }

    #[test]
    fn a_split_is_taken_only_when_it_cuts_the_frame_into_bands() {
        let mut c = Composer::new((640, 360), 3);
        assert_eq!(c.bounds(), vec![0, 120, 240, 360]);
        c.split(&[0, 10, 300, 360]);
        assert_eq!(c.bounds(), vec![0, 10, 300, 360]);
        let rows: Vec<_> = c.bands().map(|b| b.band()).collect();
        assert_eq!(rows, vec![0..10, 10..300, 300..360]);
        for bad in [
            &[0, 300, 10, 360][..],
            &[0, 10, 300, 359],
            &[1, 10, 300, 360],
            &[0, 0, 300, 360],
            &[360],
            &[0, 90, 90, 360],
        ] {
            c.split(bad);
            assert_eq!(c.bounds(), vec![0, 10, 300, 360], "{bad:?} refused");
        }
        c.split(&[0, 360]);
        assert_eq!(
            c.bounds(),
            vec![0, 360],
            "fewer bands than threads is a split too"
        );
    }

    #[test]
    fn bands_cover_every_row_once_and_differ_by_at_most_one() {
        for h in [360, 720, 1080, 2160, 7] {
            for n in 1..=9 {
                let rows: Vec<_> = (0..n).map(|i| band_rows(h, n, i)).collect();
                assert_eq!(rows[0].start, 0);
                assert_eq!(rows[n - 1].end, h);
                for w in rows.windows(2) {
                    assert_eq!(w[0].end, w[1].start, "h {h} n {n}");
                }
                let lens: Vec<usize> = rows.iter().map(|r| r.len()).collect();
                let (lo, hi) = (lens.iter().min().unwrap(), lens.iter().max().unwrap());
                assert!(hi - lo <= 1, "h {h} n {n}: {lens:?}");
            }
        }
    }

    #[test]
    fn a_composer_never_has_more_bands_than_rows_and_follows_its_size() {
        let mut c = Composer::new((1280, 720), 3);
        assert_eq!(c.size(), (1280, 720));
        assert_eq!(c.bands().count(), 3);
        let rows: Vec<_> = c.bands().map(|b| b.band()).collect();
        assert_eq!(rows, vec![0..240, 240..480, 480..720]);
        // A frame whose bands would not stay in the cache is cut finer.
        c.set_size((1920, 1080));
        assert_eq!(c.bands().count(), 6);
        c.set_size((3840, 2160));
        assert_eq!(c.bands().count(), 12);
        // By the scene's size: at half scale a 2160p frame's scene is 1080p.
        c.set_render_scale(50);
        assert_eq!(c.bands().count(), 6);
        c.set_render_scale(100);
        c.set_size((10, 10));
        assert_eq!(c.size(), MIN_SIZE, "clamped");
        c.set_threads(0);
        assert_eq!((c.threads(), c.bands().count()), (1, 1));
        assert_eq!(c.frame().pixels.len(), 640 * 360);
    }

    #[test]
    fn bands_per_thread_keep_the_bands_drawn_at_once_in_the_cache() {
        assert_eq!(bands_per_thread((1280, 720)), 1);
        assert_eq!(bands_per_thread((1920, 1080)), 2);
        assert_eq!(bands_per_thread((2560, 1440)), 3);
        assert_eq!(bands_per_thread((3840, 2160)), 4, "at most 4");
    }

    #[test]
    fn each_thread_draws_a_run_of_consecutive_bands() {
        let mut c = Composer::new((640, 360), 2);
        c.split(&[0, 60, 120, 180, 240, 360]);
        assert_eq!(c.bands().count(), 5);
        let bands = &mut c.bands;
        let threads = std::sync::Mutex::new(Vec::new());
        on_bands(bands, 2, &|b: &mut Band| {
            threads
                .lock()
                .unwrap()
                .push((b.fb.band().start, std::thread::current().id()));
        });
        let mut seen = threads.into_inner().unwrap();
        seen.sort_by_key(|s| s.0);
        let ids: Vec<_> = seen.iter().map(|s| s.1).collect();
        assert!(ids[0] == ids[1] && ids[1] == ids[2], "{seen:?}");
        assert!(ids[3] == ids[4] && ids[3] != ids[0], "{seen:?}");
    }
}
