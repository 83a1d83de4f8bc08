//! The game the window shows: the shell's mode (title, playing, results) with the
//! pause menu and help over it, the run being played (or the title's live scene), and
//! what a key, the mouse wheel or a click does. No winit window here: the event loop
//! drives it, and asks whether anything moves ([`Game::animating`]) to pace its frames.

use std::path::PathBuf;
use std::time::Instant;

use raster::Framebuffer;
use sim::world::{ManualCommand, TickInput};
use view::screens::{self, Results};
use view::{Timings, ViewOptions, Zoom};
use winit::keyboard::KeyCode;

use super::clock::{Clock, Stats};
use super::hud::{self, Message};
use super::input::{self, Action, Controls};
use super::report::Throttle;
use crate::catalog::{self, Entry};
use crate::play::Play;
use crate::screenshot::{write_png, HEIGHT, WIDTH};
use crate::setup::{load_tuning, Setup};
use crate::shell::{self, PauseItem, PauseMenu, TitleAction, TitleMenu, PAUSE_ITEMS};

/// F6 / F9's file (SPEC §17).
pub const QUICK_SAVE: &str = "saves/quick.sav";
/// Where the window keeps its last runs.
pub const REPLAY_DIR: &str = "replays";

/// What the event loop does after an input.
#[derive(Debug, PartialEq)]
pub enum Next {
    Play,
    Quit,
    Fullscreen,
}

/// Where the player is.
enum Mode {
    /// The title over the live scene.
    Title,
    Playing,
    /// The run is over: its numbers over the last frame.
    Results(Results),
}

/// How the run being played was started, to start it again.
struct Start {
    setup: Setup,
    /// The scenario's script drives until the player moves.
    scripted: bool,
}

/// How the window starts.
pub struct Options {
    /// Start playing `setup` at once (a scenario or map given on the command line)
    /// instead of showing the title.
    pub direct: bool,
    /// With `direct`: the scenario's script drives until the player moves.
    pub scripted: bool,
    pub horror: bool,
    /// The title's scenario list.
    pub entries: Vec<Entry>,
    /// A seed given on the command line: the title starts with it typed in.
    pub seed: Option<u64>,
    /// `--record FILE`: the first run's replay goes there (otherwise to `replays/`).
    pub record: Option<PathBuf>,
    /// Play this run at once: a loaded save (`--load`) or a replay (`--replay
    /// --window`).
    pub resume: Option<Play>,
}

pub struct Game {
    entries: Vec<Entry>,
    /// The title's live scene: the default scenario driven by its route.
    demo: Setup,
    title: TitleMenu,
    mode: Mode,
    start: Start,
    /// The title's scene or the run being played.
    play: Play,
    /// The pause menu, open (Esc).
    menu: Option<PauseMenu>,
    /// P: paused without the menu.
    paused: bool,
    help: bool,
    /// The window has the focus (or has never been told it has it: a window that never
    /// got it, like one under a bare X server, is not held still).
    focused: bool,
    /// The window has had the focus at least once.
    had_focus: bool,
    pub controls: Controls,
    overlay: bool,
    flow: bool,
    horror_on: bool,
    zoom: Zoom,
    clock: Clock,
    /// The simulation advanced at the last update (the first update after a pause
    /// banks no time).
    ran: bool,
    stats: Stats,
    timings: Timings,
    /// The last frame drawn at the internal resolution (what F12 saves).
    frame: Framebuffer,
    /// The scene drawn at another size than the frame while zoomed.
    scene: Framebuffer,
    message: Message,
    log: Throttle,
    /// Where the next run's replay is written (`--record`); then `replays/`.
    record_to: Option<PathBuf>,
    /// Replay playback speed, ticks per tick of real time (1 or 4).
    speed: u32,
    /// The last ended run's replay (what V on the results plays).
    last_replay: Option<Vec<u8>>,
}

impl Game {
    pub fn new(setup: Setup, opts: Options) -> Game {
        let now = Instant::now();
        let title = TitleMenu {
            seed: match opts.seed {
                Some(s) => crate::shell::SeedChoice::Typed(s.to_string()),
                None => crate::shell::SeedChoice::Own,
            },
            ..TitleMenu::default()
        };
        let (mode, scripted) = if opts.direct || opts.resume.is_some() {
            (Mode::Playing, opts.scripted)
        } else {
            (Mode::Title, true)
        };
        // The title's live scene: the scenario given (the default one) driven by its route.
        let demo = setup.clone();
        let play = match opts.resume {
            Some(p) => p,
            None if opts.direct => Play::new(setup.clone(), scripted).record(),
            None => Play::new(demo.clone(), scripted),
        };
        Game {
            entries: opts.entries,
            demo,
            title,
            mode,
            start: Start { setup, scripted },
            play,
            menu: None,
            paused: false,
            help: false,
            focused: true,
            had_focus: false,
            controls: Controls::default(),
            overlay: false,
            flow: false,
            horror_on: opts.horror,
            zoom: Zoom::default(),
            clock: Clock::new(now),
            ran: false,
            stats: Stats::new(now),
            timings: Timings::default(),
            frame: Framebuffer::new(WIDTH, HEIGHT),
            scene: Framebuffer::new(WIDTH, HEIGHT),
            message: Message::default(),
            log: Throttle::default(),
            record_to: opts.record,
            speed: 1,
            last_replay: None,
        }
    }

    /// The run being played ends (a new one, the title, the results, quitting): its
    /// replay is written, to `--record`'s file or to `replays/` (the last few kept).
    pub fn end_run(&mut self) {
        let Some(r) = self.play.recorder.take() else {
            return;
        };
        if r.ticks() == 0 {
            return;
        }
        let path = match self.record_to.take() {
            Some(p) => p,
            None => crate::files::next_replay_path(std::path::Path::new(REPLAY_DIR)),
        };
        let bytes = match r.encode() {
            Ok(b) => b,
            Err(e) => return self.report(format!("replay NOT written: {e}")),
        };
        match crate::files::write(&path, &bytes) {
            Ok(()) => eprintln!("squad_proto: replay written to {}", path.display()),
            Err(e) => self.report(format!("replay NOT written: {e}")),
        }
        self.last_replay = Some(bytes);
    }

    /// F6: this moment to `saves/quick.sav`, with the view's state.
    fn quick_save(&mut self) {
        let path = std::path::Path::new(QUICK_SAVE);
        match self
            .play
            .save()
            .encode()
            .and_then(|b| crate::files::write(path, &b))
        {
            Ok(()) => self.say(format!(
                "saved tick {} to {QUICK_SAVE}",
                self.play.world.tick()
            )),
            Err(e) => self.report(format!("NOT saved: {e}")),
        }
    }

    /// F9: `saves/quick.sav` back; a refused file changes nothing.
    fn quick_load(&mut self) {
        let loaded = crate::files::read(std::path::Path::new(QUICK_SAVE))
            .and_then(|b| Play::load(&b).map_err(|e| format!("{QUICK_SAVE}: {e}")));
        match loaded {
            Ok(play) => {
                self.end_run();
                self.play = play;
                self.controls = Controls::default();
                self.say(format!(
                    "loaded tick {} from {QUICK_SAVE}",
                    self.play.world.tick()
                ));
            }
            Err(e) => self.report(format!("NOT loaded: {e}")),
        }
    }

    /// Game time starts now (the window is open).
    pub fn start_clock(&mut self) {
        self.clock.restart_from(Instant::now());
    }

    /// A line on the message band.
    pub fn say(&mut self, text: impl Into<String>) {
        self.message.say(text.into(), Instant::now());
    }

    /// Something went wrong: said in the window and printed to stderr, the latter
    /// rate-limited so an error repeated every frame does not flood the terminal.
    pub fn report(&mut self, text: String) {
        if let Some(line) = self.log.note(&text) {
            eprintln!("squad_proto: {line}");
        }
        self.say(text);
    }

    /// The window's title: the game, and the scenario while one is played.
    pub fn window_title(&self) -> String {
        match self.mode {
            Mode::Title => "squad_proto".into(),
            _ => format!(
                "squad_proto - {} (seed {})",
                self.play.name(),
                self.play.seed()
            ),
        }
    }

    /// The simulation advances now.
    fn ticking(&self) -> bool {
        let open = self.focused && !self.help;
        match self.mode {
            Mode::Title => open,
            Mode::Playing => open && !self.paused && self.menu.is_none(),
            Mode::Results(_) => false,
        }
    }

    /// Something on screen moves by itself: frames are needed at the display's rate.
    /// Otherwise the window draws only when an input changes something.
    pub fn animating(&self) -> bool {
        self.ticking() || (self.zoom.easing() && self.focused)
    }

    /// A message is on screen and will expire: a slow timer is needed to take it away.
    pub fn message_showing(&self) -> bool {
        self.message.showing()
    }

    /// The window got or lost the focus (or was hidden). Losing it in play opens the
    /// pause menu, so the game never runs unseen. A loss before the window ever had the
    /// focus (some displays report one as the window opens) changes nothing.
    pub fn focus(&mut self, focused: bool) {
        self.controls.held.clear();
        self.had_focus |= focused;
        if !self.had_focus {
            return;
        }
        self.focused = focused;
        if !focused && matches!(self.mode, Mode::Playing) && self.menu.is_none() && !self.paused {
            self.menu = Some(PauseMenu::default());
        }
    }

    /// A fresh run of `setup`.
    fn begin(&mut self, setup: Setup, scripted: bool) {
        self.end_run();
        self.play = Play::new(setup.clone(), scripted).record();
        self.start = Start { setup, scripted };
        self.mode = Mode::Playing;
        self.menu = None;
        self.paused = false;
        self.help = false;
        self.controls = Controls::default();
    }

    /// R, or the menu: the same run again, with `seed` if given. Keeps a reloaded
    /// tuning.
    fn restart(&mut self, seed: Option<u64>) {
        let mut setup = self.start.setup.clone();
        setup.tuning = self.play.world.tuning().clone();
        if let Some(s) = seed {
            setup.scenario.seed = s;
        }
        let scripted = self.start.scripted;
        self.begin(setup, scripted);
        self.say(match seed {
            Some(s) => format!("restarted with seed {s}"),
            None => "restarted".into(),
        });
    }

    /// V on the results: the run just ended, played back from its replay (P pauses,
    /// 4 switches ×1/×4, `.` steps a tick); at its end the results come back.
    fn watch_replay(&mut self) {
        let Some(bytes) = self.last_replay.clone() else {
            return self.say(String::from("no replay of this run"));
        };
        let play = sim::record::Replay::decode(&bytes)
            .map_err(|e| e.to_string())
            .and_then(|(h, r)| Play::replay(r, &h.game_version));
        match play {
            Ok(p) => {
                self.play = p;
                self.mode = Mode::Playing;
                self.menu = None;
                self.paused = false;
                self.help = false;
                self.speed = 1;
                self.controls = Controls::default();
                self.say(String::from("replay: P pause, 4 speed x1/x4, . one tick"));
            }
            Err(e) => self.report(format!("replay cannot play: {e}")),
        }
    }

    fn back_to_title(&mut self) {
        self.end_run();
        self.play = Play::new(self.demo.clone(), true);
        self.mode = Mode::Title;
        self.menu = None;
        self.paused = false;
        self.help = false;
        self.controls = Controls::default();
    }

    /// Enter on the title: the chosen scenario with the chosen seed.
    fn start_selected(&mut self) {
        let Some(entry) = self.entries.get(self.title.selected).cloned() else {
            return;
        };
        let seed = self.title.seed.resolve();
        match catalog::load(&entry, seed, self.start.setup.tuning_path.as_deref()) {
            Ok(setup) => {
                self.title.note = None;
                self.begin(setup, !catalog::player_steers(&entry));
                let seed = self.play.seed();
                self.say(format!(
                    "{}, seed {seed}: H shows the controls, Esc the menu",
                    self.play.name()
                ));
            }
            Err(e) => {
                eprintln!("squad_proto: {e}");
                let first = e.lines().next().unwrap_or_default();
                // The file name is long; the list says which one it is.
                let short = first.rsplit(": ").next().unwrap_or(first);
                self.title.note = Some(format!("cannot start: {short}"));
            }
        }
    }

    fn reload_tuning(&mut self) {
        let Some(path) = self.start.setup.tuning_path.clone() else {
            self.say("F5: no tuning file (start with --tuning FILE)");
            return;
        };
        match load_tuning(Some(&path)) {
            Ok(t) => {
                self.play.set_tuning(t);
                self.say(format!("tuning reloaded from {}", path.display()));
            }
            Err(e) => self.say(format!("tuning NOT reloaded (old tuning kept):\n{e}")),
        }
    }

    /// F12: the last frame at the internal resolution, to `shots/`.
    fn screenshot(&mut self) {
        let dir = PathBuf::from("shots");
        if let Err(e) = std::fs::create_dir_all(&dir) {
            self.report(format!("screenshot NOT saved: {}: {e}", dir.display()));
            return;
        }
        let path = dir.join(format!("squad_proto_{:06}.png", self.play.world.tick()));
        match write_png(&self.frame, &path) {
            Ok(()) => self.say(format!("saved {}", path.display())),
            Err(e) => self.report(format!("screenshot NOT saved: {e}")),
        }
    }

    /// A key went down (`pressed`) or up; `text` is what it typed (for `?`). Auto-repeat
    /// only keeps a key held in play, and moves through the menus.
    pub fn key(&mut self, code: KeyCode, pressed: bool, repeat: bool, text: Option<&str>) -> Next {
        self.controls.key(code, pressed);
        if !pressed {
            return Next::Play;
        }
        let action = if text == Some("?") {
            Some(Action::Help)
        } else {
            input::action(code)
        };
        // Keys that work on every screen.
        if !repeat {
            match action {
                Some(Action::Fullscreen) => return Next::Fullscreen,
                Some(Action::Screenshot) => return self.then(Self::screenshot),
                Some(Action::Overlay) => return self.then(|g| g.overlay = !g.overlay),
                Some(Action::Flow) => return self.then(|g| g.flow = !g.flow),
                Some(Action::Horror) => return self.then(Self::toggle_horror),
                Some(Action::ReloadTuning) => return self.then(Self::reload_tuning),
                _ => {}
            }
        }
        match action {
            Some(Action::ZoomIn) => return self.then(|g| g.zoom.step(1.0)),
            Some(Action::ZoomOut) => return self.then(|g| g.zoom.step(-1.0)),
            _ => {}
        }
        if self.help {
            if !repeat
                && (action == Some(Action::Help)
                    || matches!(code, KeyCode::Escape | KeyCode::Enter | KeyCode::Space))
            {
                self.help = false;
            }
            return Next::Play;
        }
        if action == Some(Action::Help) && !repeat {
            self.help = true;
            return Next::Play;
        }
        match self.mode {
            Mode::Title => {
                let Some(k) = input::menu_key(code) else {
                    return Next::Play;
                };
                match self.title.key(k, self.entries.len()) {
                    Some(TitleAction::Start) if !repeat => self.start_selected(),
                    Some(TitleAction::Quit) if !repeat => return Next::Quit,
                    _ => {}
                }
            }
            Mode::Results(_) => match code {
                _ if repeat => {}
                KeyCode::KeyR | KeyCode::Enter | KeyCode::NumpadEnter => self.restart(None),
                KeyCode::KeyN => self.restart(Some(shell::random_seed())),
                KeyCode::KeyT | KeyCode::Escape => self.back_to_title(),
                KeyCode::KeyV => self.watch_replay(),
                _ => {}
            },
            Mode::Playing => {
                if let Some(menu) = self.menu.as_mut() {
                    let chosen = input::menu_key(code).and_then(|k| menu.key(k));
                    if let Some(item) = chosen.filter(|_| !repeat) {
                        return self.choose(item);
                    }
                    return Next::Play;
                }
                if !repeat {
                    self.play_key(code, action);
                }
            }
        }
        Next::Play
    }

    /// Runs `f` and goes on.
    fn then(&mut self, f: impl FnOnce(&mut Game)) -> Next {
        f(self);
        Next::Play
    }

    fn toggle_horror(&mut self) {
        self.horror_on = !self.horror_on;
        self.say(if self.horror_on {
            "horror layer on"
        } else {
            "horror layer off (F3)"
        });
    }

    /// A pause menu choice.
    fn choose(&mut self, item: PauseItem) -> Next {
        match item {
            PauseItem::Resume => self.menu = None,
            PauseItem::Restart => self.restart(None),
            PauseItem::NewSeed => self.restart(Some(shell::random_seed())),
            PauseItem::Help => self.help = true,
            PauseItem::Title => self.back_to_title(),
            PauseItem::Quit => return Next::Quit,
        }
        Next::Play
    }

    /// A fresh press in play (SPEC §15).
    fn play_key(&mut self, code: KeyCode, action: Option<Action>) {
        if input::takes_over_route(code) {
            self.play.driver = None;
        }
        match action {
            Some(Action::Menu) => self.menu = Some(PauseMenu::default()),
            Some(Action::Pause) => self.paused = !self.paused,
            Some(Action::Restart) => self.restart(None),
            Some(Action::QuickSave) => self.quick_save(),
            Some(Action::QuickLoad) => self.quick_load(),
            Some(Action::Speed) if self.play.playback.is_some() => {
                self.speed = if self.speed == 1 { 4 } else { 1 };
                self.say(format!("replay speed x{}", self.speed));
            }
            Some(Action::SingleStep) if self.paused => {
                let input = self.controls.tick_input();
                self.play.step(input);
            }
            Some(Action::Formation(f)) => self.controls.formation = Some(f),
            Some(Action::ToggleManual) => {
                if self
                    .controls
                    .toggle_manual(self.play.world.anchor().heading)
                {
                    self.say("manual aim: <-/-> turn, Tab cycles targets, Space back to auto");
                } else {
                    self.say("automatic targeting");
                }
            }
            Some(Action::CycleTarget) if self.controls.manual_on => {
                let w = &self.play.world;
                let in_cone = w.targets_in_cone(self.controls.aim);
                match input::next_target(&in_cone, w.manual()) {
                    Some(id) => self.controls.manual = Some(ManualCommand::Assign(id)),
                    None => self.say("no target in the aim cone"),
                }
            }
            _ => {}
        }
    }

    /// The mouse wheel: `notches` up zoom in.
    pub fn wheel(&mut self, notches: f32) {
        self.zoom.step(notches.clamp(-3.0, 3.0));
    }

    /// A left click at frame pixel `at` (`None` outside the frame).
    pub fn click(&mut self, at: Option<(i32, i32)>) -> Next {
        if self.help {
            self.help = false;
            return Next::Play;
        }
        match self.mode {
            Mode::Title => {
                if let Some((x, y)) = at {
                    let n = self.entries.len();
                    if let Some(i) = screens::title::entry_at(n, self.title.selected, x, y) {
                        self.title.selected = i;
                    }
                }
                self.start_selected();
            }
            Mode::Playing if self.menu.is_some() => {
                let Some((x, y)) = at else {
                    return Next::Play;
                };
                let n = PAUSE_ITEMS.len();
                let w = screens::pause::ROW_W;
                let left = (WIDTH as i32 - w) / 2;
                if !(left..left + w).contains(&x) {
                    return Next::Play;
                }
                for (i, item) in PAUSE_ITEMS.iter().enumerate() {
                    let top = screens::pause::row_top(HEIGHT, n, i) - 8;
                    if (top..top + 40).contains(&y) {
                        return self.choose(*item);
                    }
                }
            }
            _ => {}
        }
        Next::Play
    }

    /// The update step: advances the simulation by the real time since the last
    /// update, in whole 60 Hz ticks, eases the camera and the zoom, and notices the end
    /// of a run.
    pub fn update(&mut self) {
        let dt = self.clock.frame(Instant::now());
        let ticking = self.ticking();
        // Coming back from a pause: the time spent paused is not game time.
        let banked = if self.ran { dt } else { 0.0 };
        self.ran = ticking;
        if matches!(self.mode, Mode::Playing) && ticking {
            self.controls.turn_aim(dt);
        }
        let speed = if self.play.playback.is_some() {
            self.speed
        } else {
            1
        };
        for _ in 0..self.clock.take_ticks(banked, !ticking) * speed {
            let input = match self.mode {
                Mode::Playing => self.controls.tick_input(),
                _ => TickInput::default(),
            };
            let t0 = Instant::now();
            self.play.step(input);
            self.stats.tick(t0.elapsed());
            if self.play.ended() {
                if let Some(why) = self.play.diverged.take() {
                    self.report(why);
                }
                match self.mode {
                    Mode::Playing => {
                        self.end_run();
                        self.mode = Mode::Results(self.play.results());
                        self.ran = false;
                        break;
                    }
                    _ => self.play = Play::new(self.demo.clone(), true),
                }
            }
        }
        let alpha = self.clock.alpha(!self.ran);
        self.play.follow(alpha, dt);
        self.zoom.ease(dt);
    }

    /// Draws the latest state, interpolated by the clock's alpha, with the HUD and the
    /// shell's screens on top. Changes nothing the simulation reads.
    pub fn render(&mut self) -> &Framebuffer {
        let alpha = self.clock.alpha(!self.ran);
        let t0 = Instant::now();
        let opts = ViewOptions {
            overlay: self.overlay,
            flow: self.flow,
            paused: !self.ran,
        };
        let (sw, sh) = self.zoom.scene_size(WIDTH, HEIGHT);
        let direct = (sw, sh) == (WIDTH, HEIGHT);
        let target = if direct {
            &mut self.frame
        } else {
            self.scene.resize(sw, sh);
            &mut self.scene
        };
        let p = &mut self.play;
        self.timings.stages = view::render_frame(
            target,
            &p.world,
            &p.camera,
            alpha,
            &opts,
            &self.timings,
            Some(&p.effects),
            self.horror_on.then_some(&mut p.horror),
        );
        if matches!(self.mode, Mode::Playing) && self.controls.manual_on {
            view::draw_manual_aim(target, &p.world, &p.camera, alpha, self.controls.aim);
        }
        if !direct {
            view::zoom::resample(&self.scene, &mut self.frame);
        }
        match &self.mode {
            Mode::Title => shell::draw_title(&mut self.frame, &self.title, &self.entries),
            Mode::Playing => {
                if let Some(menu) = &self.menu {
                    shell::draw_pause(&mut self.frame, menu, &self.play.about());
                } else if self.paused {
                    hud::paused(&mut self.frame);
                }
            }
            Mode::Results(r) => screens::draw_results(&mut self.frame, r),
        }
        if self.help {
            screens::draw_help(&mut self.frame);
        }
        if let Some(text) = self.message.current(Instant::now()) {
            hud::message_line(&mut self.frame, text);
        }
        self.timings.frame_ms = t0.elapsed().as_secs_f32() * 1000.0;
        if let Some(s) = self.stats.frame(Instant::now()) {
            self.timings.fps = s.fps;
            self.timings.tick_ms = s.tick_ms;
        }
        &self.frame
    }
}
