//! The game the window shows: the shell's screen (title, game, pause menu, results)
//! with help over it, the session being played (or the title's live scene), and what a
//! key, the mouse wheel or a click does. No winit window here, and no clock read: the
//! event loop drives it with the time now, and asks whether anything moves
//! ([`Game::animating`]) to pace its frames; the tests drive it the same way.

use std::path::PathBuf;
use std::time::Instant;

use raster::Framebuffer;
use sim::read::{Difficulty, ManualCommand, TickInput};
use sim::record::Replay;
use view::screens::{self, Results};
use view::{Timings, ViewOptions, Zoom};
use winit::keyboard::KeyCode;

use super::clock::{Clock, Stats};
use super::input::{self, Action, Controls};
use super::report::Throttle;
use super::sound::{Sink, WindowSound};
use crate::catalog::{self, Entry};
use crate::frame::{Composer, Frame, Menus, Screen, HEIGHT, WIDTH};
use crate::hud::Message;
use crate::screenshot::write_png;
use crate::session::{Pilot, Session};
use crate::setup::{load_tuning, Setup};
use crate::shell::{self, PauseItem, PauseMenu, TitleAction, TitleMenu};
use view::sound::patches::UiSound;

/// Where the window writes: its last runs' replays, the quick save (F6 / F9, SPEC §17)
/// and screenshots (F12).
#[derive(Clone, Debug)]
pub struct Dirs {
    pub replays: PathBuf,
    pub saves: PathBuf,
    pub shots: PathBuf,
}

impl Default for Dirs {
    /// Beside the working directory, as the README says.
    fn default() -> Dirs {
        Dirs {
            replays: PathBuf::from("replays"),
            saves: PathBuf::from("saves"),
            shots: PathBuf::from("shots"),
        }
    }
}

impl Dirs {
    /// F6 / F9's file.
    pub fn quick_save(&self) -> PathBuf {
        self.saves.join("quick.sav")
    }
}

/// What the event loop does after an input.
#[derive(Debug, PartialEq)]
pub enum Next {
    Play,
    Quit,
    Fullscreen,
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
    /// `--difficulty`: the title starts with it chosen.
    pub difficulty: Option<Difficulty>,
    /// `--director`: every run started from the title has it.
    pub director: Option<Option<Difficulty>>,
    /// `--record FILE`: the first run's replay goes there (otherwise to `replays/`).
    pub record: Option<PathBuf>,
    /// Play this run at once: a loaded save (`--load`) or a replay (`--replay
    /// --window`).
    pub resume: Option<Session>,
    /// The replay file's bytes when `resume` plays one: what the replay's pause menu
    /// watches again.
    pub watching: Option<Vec<u8>>,
    pub dirs: Dirs,
    /// The ALSA device to play on (`--audio`); `None`: silent.
    pub audio: Option<String>,
}

/// A session the window watches: with the cosmetics feed; steered by the scenario's
/// route (`scripted`) until the player moves, or by the player.
fn watched(setup: Setup, scripted: bool) -> Session {
    let s = if scripted {
        Session::route(setup)
    } else {
        Session::new(setup, Pilot::Hands)
    };
    s.with_cosmetics()
}

pub struct Game {
    entries: Vec<Entry>,
    /// `--director` for the runs started from the title.
    director: Option<Option<Difficulty>>,
    /// The title's live scene: the default scenario driven by its route.
    demo: Setup,
    title: TitleMenu,
    /// Where the player is (help may be over it).
    screen: Screen,
    /// The numbers of the run that ended (the results screen).
    results: Option<Results>,
    start: Start,
    /// The title's scene or the run being played.
    session: Session,
    /// The pause menu's choice (shown on [`Screen::Pause`]).
    menu: PauseMenu,
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
    /// Draws the frames (the last one is what F12 saves).
    composer: Composer,
    message: Message,
    /// The time of the last update or frame (what a message is stamped with).
    now: Instant,
    log: Throttle,
    /// Where the next run's replay is written (`--record`); then `replays/`.
    record_to: Option<PathBuf>,
    /// Replay playback speed, ticks per tick of real time (1 or 4).
    speed: u32,
    /// The last ended run's replay (what V on the results plays).
    last_replay: Option<Vec<u8>>,
    /// The replay being watched, if the session plays one (the pause menu's "watch
    /// again" starts it over; R does too).
    watching: Option<Vec<u8>>,
    dirs: Dirs,
    /// Where the sound goes, when it is heard at all.
    sound: Option<WindowSound>,
}

impl Game {
    /// The game at `now`, at the title or straight in `setup` (see [`Options`]).
    pub fn new(setup: Setup, opts: Options, now: Instant) -> Game {
        let title = TitleMenu {
            seed: match opts.seed {
                Some(s) => crate::shell::SeedChoice::Typed(s.to_string()),
                None => crate::shell::SeedChoice::Own,
            },
            difficulty: opts.difficulty,
            ..TitleMenu::default()
        };
        let director = opts.director;
        let (screen, scripted) = if opts.direct || opts.resume.is_some() {
            (Screen::Game, opts.scripted)
        } else {
            (Screen::Title, true)
        };
        // The title's live scene: the scenario given (the default one) driven by its route.
        let demo = setup.clone();
        let session = match opts.resume {
            Some(s) => s,
            None if opts.direct => watched(setup.clone(), scripted).recorded(),
            None => watched(demo.clone(), scripted),
        };
        let mut game = Game {
            entries: opts.entries,
            demo,
            title,
            director,
            screen,
            results: None,
            start: Start { setup, scripted },
            session,
            menu: PauseMenu::default(),
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
            composer: Composer::default(),
            message: Message::default(),
            now,
            log: Throttle::default(),
            record_to: opts.record,
            speed: 1,
            last_replay: None,
            watching: opts.watching,
            dirs: opts.dirs,
            sound: None,
        };
        if let Some(device) = opts.audio.as_deref() {
            match crate::audio_out::AudioOut::open(device, crate::audio_out::AudioOut::LIBRARY) {
                Ok(out) => game.hear(Box::new(out)),
                Err(e) => {
                    eprintln!("squad_proto: {e}");
                    game.say(e);
                }
            }
        }
        game
    }

    /// From now on the runs are heard, through `sink`.
    pub fn hear(&mut self, sink: Box<dyn Sink>) {
        self.sound = Some(WindowSound::new(
            sink,
            &self.session.setup.view_tuning.audio,
        ));
        self.session.hear();
    }

    /// `s`, heard when the window has sound.
    fn heard(&self, mut s: Session) -> Session {
        if self.sound.is_some() {
            s.hear();
        }
        s
    }

    /// A menu key's sound, when the window has sound.
    fn ui_sound(&mut self, s: view::sound::patches::UiSound) {
        if let Some(w) = self.sound.as_mut() {
            w.ui(s);
        }
    }

    /// The run being played ends (a new one, the title, the results, quitting): its
    /// replay is written, to `--record`'s file or to `replays/` (the last few kept).
    pub fn end_run(&mut self) {
        let Some(r) = self.session.recorder.take() else {
            return;
        };
        if r.ticks() == 0 {
            return;
        }
        let path = match self.record_to.take() {
            Some(p) => p,
            None => crate::files::next_replay_path(&self.dirs.replays),
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
        let path = self.dirs.quick_save();
        match self
            .session
            .save()
            .encode()
            .and_then(|b| crate::files::write(&path, &b))
        {
            Ok(()) => self.say(format!(
                "saved tick {} to {}",
                self.session.world.tick(),
                path.display()
            )),
            Err(e) => self.report(format!("NOT saved: {e}")),
        }
    }

    /// F9: `saves/quick.sav` back (recorded from there on); a refused file changes
    /// nothing.
    fn quick_load(&mut self) {
        let path = self.dirs.quick_save();
        let view = self.session.setup.view_tuning.clone();
        let loaded = crate::files::read(&path).and_then(|b| {
            Session::load(&b, Some(&view)).map_err(|e| format!("{}: {e}", path.display()))
        });
        match loaded {
            Ok(s) => {
                self.end_run();
                self.session = self.heard(s.recorded());
                self.controls = Controls::default();
                self.watching = None;
                self.say(format!(
                    "loaded tick {} from {}",
                    self.session.world.tick(),
                    path.display()
                ));
            }
            Err(e) => self.report(format!("NOT loaded: {e}")),
        }
    }

    /// Game time starts at `now` (the window is open).
    pub fn start_clock(&mut self, now: Instant) {
        self.now = now;
        self.clock.restart_from(now);
    }

    /// A line on the message band.
    pub fn say(&mut self, text: impl Into<String>) {
        self.message.say(text.into(), self.now);
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
        match self.screen {
            Screen::Title => "squad_proto".into(),
            _ => format!(
                "squad_proto - {} (seed {})",
                self.session.name(),
                self.session.seed()
            ),
        }
    }

    /// The simulation advances now.
    fn ticking(&self) -> bool {
        let open = self.focused && !self.help;
        match self.screen {
            Screen::Title => open,
            Screen::Game => open && !self.paused,
            Screen::Pause | Screen::Results => false,
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
        if !focused && self.screen == Screen::Game && !self.paused {
            self.open_menu();
        }
    }

    /// Esc in play: the pause menu, from its first item: a replay's menu while one is
    /// watched.
    fn open_menu(&mut self) {
        self.screen = Screen::Pause;
        self.menu = if self.session.playback().is_some() {
            PauseMenu::replay()
        } else {
            PauseMenu::live()
        };
    }

    /// Into play on a session (the menus closed).
    fn play(&mut self, session: Session) {
        self.session = session;
        self.screen = Screen::Game;
        self.results = None;
        self.paused = false;
        self.help = false;
        self.controls = Controls::default();
        self.watching = None;
    }

    /// A fresh run of `setup`.
    fn begin(&mut self, setup: Setup, scripted: bool) {
        self.end_run();
        let s = self.heard(watched(setup.clone(), scripted).recorded());
        self.play(s);
        self.start = Start { setup, scripted };
    }

    /// R, or the menu: the same run again, with `seed` if given. Keeps a reloaded
    /// tuning.
    fn restart(&mut self, seed: Option<u64>) {
        let mut setup = self.start.setup.clone();
        setup.tuning = self.session.world.tuning().clone();
        setup.view_tuning = self.session.setup.view_tuning.clone();
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
        self.watch(bytes);
    }

    /// The replay's pause menu (or R while watching): the same replay from its start.
    fn watch_again(&mut self) {
        let Some(bytes) = self.watching.clone() else {
            return self.say(String::from("no replay is being watched"));
        };
        self.watch(bytes);
    }

    /// The replay's "skip to the results": played to its end at once (with the
    /// cosmetics feed, whose tally the results read), then the results.
    fn skip_to_results(&mut self) {
        self.session.run_to_end();
        self.run_ended();
    }

    /// The run (or replay) reached its end: its replay written, the results shown.
    fn run_ended(&mut self) {
        if let Some(why) = self.session.take_divergence() {
            self.report(why);
        }
        self.end_run();
        self.results = Some(self.session.results());
        self.screen = Screen::Results;
        self.ran = false;
    }

    /// Plays the replay in `bytes` from its first tick.
    fn watch(&mut self, bytes: Vec<u8>) {
        let view = self.session.setup.view_tuning.clone();
        let session = Replay::decode(&bytes)
            .and_then(|(h, r)| Session::replay(r, &h.game_version, Some(&view)));
        match session {
            Ok(s) => {
                let s = self.heard(s);
                self.play(s);
                self.watching = Some(bytes);
                self.speed = 1;
                self.say(String::from("replay: P pause, 4 speed x1/x4, . one tick"));
            }
            Err(e) => self.report(format!("replay cannot play: {e}")),
        }
    }

    fn back_to_title(&mut self) {
        self.end_run();
        self.session = self.heard(watched(self.demo.clone(), true));
        self.screen = Screen::Title;
        // The title shows the default view (a run keeps the player's zoom).
        self.zoom = Zoom::default();
        self.results = None;
        self.paused = false;
        self.help = false;
        self.controls = Controls::default();
        self.watching = None;
    }

    /// Enter on the title: the chosen scenario with the chosen seed.
    fn start_selected(&mut self) {
        let Some(entry) = self.entries.get(self.title.selected).cloned() else {
            return;
        };
        let seed = self.title.seed.resolve();
        let difficulty = self.title.difficulty;
        match catalog::load(&entry, seed, self.start.setup.tuning_path.as_deref()) {
            Ok(setup) => {
                self.title.note = None;
                let setup = setup.with_pacing(self.director, difficulty);
                self.begin(setup, !catalog::player_steers(&entry));
                let seed = self.session.seed();
                self.say(format!(
                    "{}, seed {seed}, {}: H shows the controls, Esc the menu",
                    self.session.name(),
                    self.session.world.difficulty().name()
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
            Ok((sim, view)) => {
                if let Some(w) = self.sound.as_mut() {
                    w.set_tuning(&view.audio);
                }
                self.session.set_tuning(sim, view);
                self.say(format!("tuning reloaded from {}", path.display()));
            }
            Err(e) => self.say(format!("tuning NOT reloaded (old tuning kept):\n{e}")),
        }
    }

    /// F12: the last frame at the internal resolution, to `shots/`.
    fn screenshot(&mut self) {
        let dir = self.dirs.shots.clone();
        if let Err(e) = std::fs::create_dir_all(&dir) {
            self.report(format!("screenshot NOT saved: {}: {e}", dir.display()));
            return;
        }
        let path = dir.join(format!("squad_proto_{:06}.png", self.session.world.tick()));
        match write_png(self.composer.frame(), &path) {
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
                Some(Action::Mute) => return self.then(Self::toggle_mute),
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
        match self.screen {
            Screen::Title => {
                let Some(k) = input::menu_key(code) else {
                    return Next::Play;
                };
                match self.title.key(k, self.entries.len()) {
                    Some(TitleAction::Start) if !repeat => {
                        self.ui_sound(UiSound::Confirm);
                        self.start_selected();
                    }
                    Some(TitleAction::Quit) if !repeat => return Next::Quit,
                    _ => self.ui_sound(UiSound::Move),
                }
            }
            Screen::Results => match code {
                _ if repeat => {}
                KeyCode::KeyR | KeyCode::Enter | KeyCode::NumpadEnter => {
                    self.ui_sound(UiSound::Confirm);
                    self.restart(None);
                }
                KeyCode::KeyN => {
                    self.ui_sound(UiSound::Confirm);
                    self.restart(Some(shell::random_seed()));
                }
                KeyCode::KeyT | KeyCode::Escape => {
                    self.ui_sound(UiSound::Back);
                    self.back_to_title();
                }
                KeyCode::KeyV => {
                    self.ui_sound(UiSound::Confirm);
                    self.watch_replay();
                }
                _ => {}
            },
            Screen::Pause => {
                let k = input::menu_key(code);
                let chosen = k.and_then(|k| self.menu.key(k));
                match chosen.filter(|_| !repeat) {
                    Some(PauseItem::Resume) => {
                        self.ui_sound(UiSound::Back);
                        return self.choose(PauseItem::Resume);
                    }
                    Some(item) => {
                        self.ui_sound(UiSound::Confirm);
                        return self.choose(item);
                    }
                    None if k.is_some() => self.ui_sound(UiSound::Move),
                    None => {}
                }
            }
            Screen::Game => {
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

    /// M: the sound off or on (at the output: the run's soundtrack goes on).
    fn toggle_mute(&mut self) {
        let Some(w) = self.sound.as_mut() else {
            return self.say("no sound (start with --audio DEVICE where ALSA is)");
        };
        w.muted = !w.muted;
        let muted = w.muted;
        self.say(if muted { "sound muted (M)" } else { "sound on" });
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
            PauseItem::Resume => self.screen = Screen::Game,
            PauseItem::Restart => self.restart(None),
            PauseItem::NewSeed => self.restart(Some(shell::random_seed())),
            PauseItem::Help => self.help = true,
            PauseItem::Title => self.back_to_title(),
            PauseItem::Quit => return Next::Quit,
            PauseItem::WatchAgain => self.watch_again(),
            PauseItem::ToResults => self.skip_to_results(),
        }
        Next::Play
    }

    /// A fresh press in play (SPEC §15).
    fn play_key(&mut self, code: KeyCode, action: Option<Action>) {
        if input::takes_over_route(code) {
            self.session.take_over();
        }
        match action {
            Some(Action::Menu) => {
                self.ui_sound(UiSound::Move);
                self.open_menu();
            }
            Some(Action::Pause) => self.paused = !self.paused,
            // R while watching a replay watches it again (never a live run).
            Some(Action::Restart) if self.watching.is_some() => self.watch_again(),
            Some(Action::Restart) => self.restart(None),
            Some(Action::QuickSave) => self.quick_save(),
            Some(Action::QuickLoad) => self.quick_load(),
            Some(Action::Speed) if self.session.playback().is_some() => {
                self.speed = if self.speed == 1 { 4 } else { 1 };
                self.say(format!("replay speed x{}", self.speed));
            }
            Some(Action::SingleStep) if self.paused => {
                let input = self.controls.tick_input();
                self.session.step(input);
            }
            Some(Action::Formation(f)) => self.controls.formation = Some(f),
            Some(Action::ToggleManual) => {
                if self
                    .controls
                    .toggle_manual(self.session.world.anchor().heading)
                {
                    self.say("manual aim: <-/-> turn, Tab cycles targets, Space back to auto");
                } else {
                    self.say("automatic targeting");
                }
            }
            Some(Action::CycleTarget) if self.controls.manual_on => {
                let w = &self.session.world;
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
        match self.screen {
            Screen::Title => {
                if let Some((x, y)) = at {
                    let n = self.entries.len();
                    if let Some(i) = screens::title::entry_at(n, self.title.selected, x, y) {
                        self.title.selected = i;
                    }
                }
                self.start_selected();
            }
            Screen::Pause => {
                let Some((x, y)) = at else {
                    return Next::Play;
                };
                let n = self.menu.items.len();
                let w = screens::pause::ROW_W;
                let left = (WIDTH as i32 - w) / 2;
                if !(left..left + w).contains(&x) {
                    return Next::Play;
                }
                for (i, item) in self.menu.items.iter().enumerate() {
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

    /// The update step at `now`: advances the simulation by the real time since the
    /// last update, in whole 60 Hz ticks, eases the camera and the zoom, and notices the
    /// end of a run.
    pub fn update(&mut self, now: Instant) {
        self.now = now;
        let dt = self.clock.frame(now);
        let ticking = self.ticking();
        // Coming back from a pause: the time spent paused is not game time.
        let banked = if self.ran { dt } else { 0.0 };
        self.ran = ticking;
        if let Some(w) = self.sound.as_mut() {
            w.elapsed(dt);
        }
        let playing = self.screen == Screen::Game;
        if playing && ticking {
            self.controls.turn_aim(dt);
        }
        let speed = if self.session.playback().is_some() {
            self.speed
        } else {
            1
        };
        for _ in 0..self.clock.take_ticks(banked, !ticking) * speed {
            let input = if playing {
                self.controls.tick_input()
            } else {
                TickInput::default()
            };
            // Measured for the overlay's tick time, never read by the game.
            let t0 = Instant::now();
            self.session.step(input);
            self.stats.tick(t0.elapsed());
            if let (Some(w), Some(b)) = (self.sound.as_mut(), self.session.sound()) {
                w.tick(b);
            }
            if self.session.ended() {
                if playing {
                    self.run_ended();
                    break;
                }
                if let Some(why) = self.session.take_divergence() {
                    self.report(why);
                }
                self.session = self.heard(watched(self.demo.clone(), true));
            }
        }
        if let Some(w) = self.sound.as_mut() {
            w.fill();
        }
        let alpha = self.clock.alpha(!self.ran);
        if let Some(feed) = self.session.cosmetics.as_mut() {
            feed.follow(&self.session.world, alpha, dt);
        }
        self.zoom.ease(dt);
    }

    /// Draws the latest state at `now`, interpolated by the clock's alpha, with the
    /// shell's screen, help and the message line on top, through the one composer.
    /// Changes nothing the simulation reads.
    pub fn render(&mut self, now: Instant) -> &Framebuffer {
        self.now = now;
        let t0 = Instant::now();
        let about = self.session.about();
        let in_run = matches!(self.screen, Screen::Game | Screen::Pause);
        let frame = Frame {
            screen: self.screen,
            help: self.help,
            menus: Menus {
                title: &self.title,
                entries: &self.entries,
                pause: &self.menu,
                about: &about,
                results: self.results.as_ref(),
            },
            alpha: self.clock.alpha(!self.ran),
            zoom: self.zoom,
            view: ViewOptions {
                overlay: self.overlay,
                flow: self.flow,
                paused: !self.ran,
            },
            horror: self.horror_on,
            aim: (in_run && self.controls.manual_on).then_some(self.controls.aim),
            paused_banner: self.screen == Screen::Game && self.paused,
            message: self.message.current(now),
            hud: Some(self.session.end_tick()),
            timings: &self.timings,
        };
        let (world, feed) = self.session.watched();
        let stages = self.composer.compose(world, feed, &frame);
        self.timings.stages = stages;
        self.timings.frame_ms = t0.elapsed().as_secs_f32() * 1000.0;
        if let Some(s) = self.stats.frame(now) {
            self.timings.fps = s.fps;
            self.timings.tick_ms = s.tick_ms;
        }
        self.composer.frame()
    }
}

#[cfg(test)]
mod tests {
    //! The window's state machine driven without a window (SPEC §20, §25 X8): keys,
    //! clicks, focus and the time are fed in as the event loop feeds them; files go to
    //! a folder of the test's own.

    use std::time::Duration;

    use super::*;
    use crate::catalog::{catalog, Source};
    use crate::screenshot::{self, Shot};

    /// One frame at 60 Hz.
    const FRAME: Duration = Duration::from_nanos(16_666_667);

    struct Window {
        game: Game,
        now: Instant,
    }

    /// A fresh folder for one test's files.
    fn dirs(test: &str) -> Dirs {
        let root = std::env::temp_dir()
            .join(format!("squad_proto_window_{}", std::process::id()))
            .join(test);
        let _ = std::fs::remove_dir_all(&root);
        Dirs {
            replays: root.join("replays"),
            saves: root.join("saves"),
            shots: root.join("shots"),
        }
    }

    /// The window as `squad_proto` opens it: the title over the default scenario.
    fn open(test: &str) -> Window {
        let setup = crate::setup::load(None, catalog::DEFAULT, None, None, None).unwrap();
        let now = Instant::now();
        let opts = Options {
            direct: false,
            scripted: false,
            horror: true,
            entries: catalog(&[]),
            seed: None,
            difficulty: None,
            director: None,
            record: None,
            resume: None,
            watching: None,
            dirs: dirs(test),
            audio: None,
        };
        let mut game = Game::new(setup, opts, now);
        game.start_clock(now);
        Window { game, now }
    }

    impl Window {
        /// `n` frames of real time, each an update (and a frame drawn every tenth).
        fn frames(&mut self, n: usize) {
            for k in 0..n {
                self.now += FRAME;
                self.game.update(self.now);
                if k % 10 == 9 {
                    self.game.render(self.now);
                }
            }
        }

        /// A key pressed and let go.
        fn press(&mut self, code: KeyCode) -> Next {
            let next = self.game.key(code, true, false, None);
            self.game.key(code, false, false, None);
            next
        }

        fn tick(&self) -> u64 {
            self.game.session.world.tick()
        }

        /// Selects the title's entry of the embedded scenario `name`.
        fn select(&mut self, name: &'static str) {
            let i = self
                .game
                .entries
                .iter()
                .position(|e| e.source == Source::Embedded(name))
                .unwrap();
            while self.game.title.selected != i {
                self.press(KeyCode::ArrowDown);
            }
        }

        /// Frames until the run ends (at most `limit` of them).
        fn play_out(&mut self, limit: usize) {
            for _ in 0..limit {
                if self.game.screen == Screen::Results {
                    return;
                }
                self.frames(1);
            }
            panic!("the run did not end in {limit} frames");
        }

        /// The pause menu's row of `item`, as a click sees it.
        fn click_pause_item(&mut self, item: PauseItem) -> Next {
            let items = self.game.menu.items;
            let i = items.iter().position(|&p| p == item).unwrap();
            let y = screens::pause::row_top(HEIGHT, items.len(), i) + 4;
            self.game.click(Some((WIDTH as i32 / 2, y)))
        }
    }

    #[test]
    fn title_play_pause_help_and_back() {
        let mut w = open("title_play_pause_help");
        assert_eq!(w.game.screen, Screen::Title);
        w.frames(30);
        assert!(w.tick() > 20, "the title's live scene runs: {}", w.tick());
        assert!(
            w.game.session.recorder.is_none(),
            "the demo is not recorded"
        );
        // Enter starts the selected scenario (the default one), recorded, from tick 0.
        w.press(KeyCode::Enter);
        assert_eq!(w.game.screen, Screen::Game);
        assert_eq!(w.tick(), 0);
        assert!(w.game.session.recorder.is_some());
        w.frames(30);
        let t = w.tick();
        assert!(t >= 28, "{t}");
        // Esc: the pause menu; nothing runs under it.
        w.press(KeyCode::Escape);
        assert_eq!(w.game.screen, Screen::Pause);
        w.frames(30);
        assert_eq!(w.tick(), t, "paused by the menu");
        // Help from the menu, over it; H closes it and the menu is still there.
        w.press(KeyCode::ArrowDown);
        w.press(KeyCode::ArrowDown);
        w.press(KeyCode::ArrowDown);
        assert_eq!(w.game.menu.current(), PauseItem::Help);
        w.press(KeyCode::Enter);
        assert!(w.game.help && w.game.screen == Screen::Pause);
        w.frames(10);
        w.press(KeyCode::KeyH);
        assert!(!w.game.help);
        assert_eq!(w.game.screen, Screen::Pause);
        // Esc in the menu resumes.
        w.press(KeyCode::Escape);
        assert_eq!(w.game.screen, Screen::Game);
        w.frames(30);
        assert!(w.tick() > t, "running again");
        // H in play is help over the game, which stands still under it.
        w.press(KeyCode::KeyH);
        let t = w.tick();
        w.frames(10);
        assert_eq!(w.tick(), t);
        w.press(KeyCode::Escape);
        assert!(!w.game.help);
        // P pauses without the menu; `.` steps one tick; P again runs.
        w.press(KeyCode::KeyP);
        w.frames(10);
        let t = w.tick();
        w.press(KeyCode::Period);
        assert_eq!(w.tick(), t + 1, "one tick");
        w.press(KeyCode::KeyP);
        w.frames(10);
        assert!(w.tick() > t + 5);
        // The menu's Title goes back to the title; its Quit quits.
        w.press(KeyCode::Escape);
        w.press(KeyCode::ArrowUp);
        w.press(KeyCode::ArrowUp);
        assert_eq!(w.game.menu.current(), PauseItem::Title);
        w.press(KeyCode::Enter);
        assert_eq!(w.game.screen, Screen::Title);
        let written: Vec<_> = std::fs::read_dir(&w.game.dirs.replays).unwrap().collect();
        assert_eq!(written.len(), 1, "the run's replay was written");
        assert_eq!(
            w.press(KeyCode::Escape),
            Next::Quit,
            "Esc on the title quits"
        );
    }

    #[test]
    fn results_replay_and_title() {
        let mut w = open("results_replay_title");
        w.select("melee_dummy");
        w.press(KeyCode::Enter);
        assert_eq!(w.game.session.name(), "melee_dummy");
        w.play_out(8 * 60 + 30);
        let first = w.game.results.clone().unwrap();
        assert_eq!(first.seconds, 8.0);
        assert!(w.game.last_replay.is_some());
        let t = w.tick();
        w.frames(20);
        assert_eq!(w.tick(), t, "nothing runs on the results");
        // V plays the run back from its replay, to the same results.
        w.press(KeyCode::KeyV);
        assert_eq!(w.game.screen, Screen::Game);
        assert!(w.game.session.playback().is_some());
        assert_eq!(w.tick(), 0);
        w.play_out(8 * 60 + 30);
        assert_eq!(w.game.results.as_ref(), Some(&first));
        // R restarts the scenario (a live run again), T goes to the title.
        w.press(KeyCode::KeyR);
        assert_eq!(w.game.screen, Screen::Game);
        assert!(w.game.session.playback().is_none() && w.tick() == 0);
        w.frames(5);
        w.press(KeyCode::Escape);
        w.click_pause_item(PauseItem::Resume);
        assert_eq!(w.game.screen, Screen::Game, "a click on Resume");
        w.play_out(8 * 60 + 30);
        w.press(KeyCode::KeyT);
        assert_eq!(w.game.screen, Screen::Title);
        assert_eq!(w.game.session.name(), catalog::DEFAULT);
    }

    #[test]
    fn the_replays_pause_menu_watches_again_never_a_live_run() {
        let mut w = open("replay_pause_menu");
        w.select("melee_dummy");
        w.press(KeyCode::Enter);
        w.play_out(8 * 60 + 30);
        let first = w.game.results.clone().unwrap();
        let written = |w: &Window| std::fs::read_dir(&w.game.dirs.replays).unwrap().count();
        assert_eq!(written(&w), 1);
        w.press(KeyCode::KeyV);
        w.frames(60);
        assert!(w.tick() > 30);
        // Esc while watching: the replay's menu, with nothing that starts a live run.
        w.press(KeyCode::Escape);
        assert_eq!(w.game.screen, Screen::Pause);
        assert_eq!(w.game.menu.items, &shell::REPLAY_PAUSE_ITEMS[..]);
        assert!(!w.game.menu.items.contains(&PauseItem::Restart));
        assert!(w.game.session.about().starts_with("replay: melee_dummy"));
        w.click_pause_item(PauseItem::WatchAgain);
        assert_eq!(w.game.screen, Screen::Game);
        assert!(w.game.session.playback().is_some(), "still a replay");
        assert_eq!(w.tick(), 0, "from its first tick");
        w.frames(60);
        // R while watching watches again too.
        w.press(KeyCode::KeyR);
        assert!(w.game.session.playback().is_some() && w.tick() == 0);
        w.frames(30);
        // Skip to the results: the same results as the run, and no new replay written.
        w.press(KeyCode::Escape);
        w.click_pause_item(PauseItem::ToResults);
        assert_eq!(w.game.screen, Screen::Results);
        assert_eq!(w.game.results.as_ref(), Some(&first));
        assert_eq!(written(&w), 1, "watching writes no replay");
        // A live run's menu is the live one again.
        w.press(KeyCode::KeyR);
        w.press(KeyCode::Escape);
        assert_eq!(w.game.menu.items, &shell::PAUSE_ITEMS[..]);
        w.click_pause_item(PauseItem::Restart);
        assert!(w.game.session.playback().is_none() && w.tick() == 0);
    }

    #[test]
    fn zoom_returns_to_one_and_to_the_direct_frame() {
        let mut w = open("zoom");
        w.press(KeyCode::Enter);
        for k in [
            KeyCode::Minus,
            KeyCode::Minus,
            KeyCode::Minus,
            KeyCode::Minus,
        ] {
            w.press(k);
        }
        w.frames(60);
        w.game.render(w.now);
        assert!(
            w.game.composer.resampled,
            "zoomed out: the scene is resampled"
        );
        w.press(KeyCode::Equal);
        w.press(KeyCode::Equal);
        w.frames(60);
        assert_eq!(w.game.zoom.current, 1.0, "back at 1 exactly");
        w.game.render(w.now);
        assert!(!w.game.composer.resampled, "and drawn directly again");
        // Zoomed in a run, the title is back at the default view.
        w.press(KeyCode::Equal);
        w.press(KeyCode::Escape);
        w.click_pause_item(PauseItem::Title);
        assert_eq!(w.game.zoom, Zoom::default());
    }

    #[test]
    fn losing_the_focus_in_play_opens_the_menu() {
        let mut w = open("focus");
        // Some displays report a loss as the window opens: it changes nothing.
        w.game.focus(false);
        w.frames(10);
        assert!(w.tick() > 5, "the title still runs");
        w.game.focus(true);
        w.press(KeyCode::Enter);
        w.frames(10);
        w.game.focus(false);
        assert_eq!(w.game.screen, Screen::Pause);
        let t = w.tick();
        w.frames(30);
        assert_eq!(w.tick(), t, "the game never runs unseen");
        assert!(!w.game.animating(), "and draws nothing new");
        // Back in focus the menu stays until the player resumes.
        w.game.focus(true);
        assert_eq!(w.game.screen, Screen::Pause);
        w.press(KeyCode::Enter);
        assert_eq!(w.game.screen, Screen::Game);
        // On the title a focus loss holds the scene still.
        w.press(KeyCode::Escape);
        w.click_pause_item(PauseItem::Title);
        assert_eq!(w.game.screen, Screen::Title);
        w.game.focus(false);
        let t = w.tick();
        w.frames(10);
        assert_eq!(w.tick(), t);
    }

    #[test]
    fn clicks_start_a_title_entry_and_choose_menu_rows() {
        let mut w = open("clicks");
        let want = w
            .game
            .entries
            .iter()
            .position(|e| e.source == Source::Embedded("lane_free"))
            .unwrap();
        let n = w.game.entries.len();
        let at = (0..HEIGHT as i32)
            .flat_map(|y| (0..WIDTH as i32).step_by(40).map(move |x| (x, y)))
            .find(|&(x, y)| screens::title::entry_at(n, 0, x, y) == Some(want));
        let Some(at) = at else {
            panic!("entry {want} of {n} is not on the first page of the title");
        };
        w.game.click(Some(at));
        assert_eq!(w.game.screen, Screen::Game);
        assert_eq!(w.game.session.name(), "lane_free");
        // A click beside the menu's rows does nothing; one on Quit quits.
        w.press(KeyCode::Escape);
        assert_eq!(w.game.click(Some((2, 2))), Next::Play);
        assert_eq!(w.game.screen, Screen::Pause);
        assert_eq!(w.click_pause_item(PauseItem::Quit), Next::Quit);
        // A click closes help wherever it is open.
        w.press(KeyCode::KeyH);
        w.game.click(None);
        assert!(!w.game.help);
    }

    #[test]
    fn quick_save_load_and_screenshot_write_to_their_folders() {
        let mut w = open("files");
        w.select("melee_dummy");
        w.press(KeyCode::Enter);
        w.frames(60);
        w.press(KeyCode::F6);
        let saved = w.tick();
        assert!(w.game.dirs.quick_save().exists());
        w.frames(60);
        assert!(w.tick() > saved);
        w.press(KeyCode::F9);
        assert_eq!(w.tick(), saved, "back at the save");
        assert!(w.game.session.recorder.is_some(), "recorded from the save");
        w.game.render(w.now);
        w.press(KeyCode::F12);
        let shots: Vec<_> = std::fs::read_dir(&w.game.dirs.shots).unwrap().collect();
        assert_eq!(shots.len(), 1);
        // A damaged quick save changes nothing.
        std::fs::write(w.game.dirs.quick_save(), b"not a save").unwrap();
        let before = w.game.session.world.checksum();
        w.press(KeyCode::F9);
        assert_eq!(w.game.session.world.checksum(), before);
    }

    #[test]
    fn the_window_and_the_screenshot_draw_the_same_pixels() {
        let mut w = open("same_pixels");
        w.press(KeyCode::Enter);
        w.frames(240);
        // Zoomed in, eased to rest, on the pause menu, the messages gone.
        w.press(KeyCode::Equal);
        w.press(KeyCode::Escape);
        w.frames(300);
        assert!(!w.game.zoom.easing());
        let entries = w.game.entries.clone();
        // Each frame draws new film grain: both frames start from the same layer.
        let layer = w.game.session.cosmetics.as_ref().unwrap().horror.clone();
        let reset =
            |w: &mut Window| w.game.session.cosmetics.as_mut().unwrap().horror = layer.clone();
        for (screen, help) in [(Screen::Pause, false), (Screen::Pause, true)] {
            w.game.help = help;
            reset(&mut w);
            let window = w.game.render(w.now).clone();
            reset(&mut w);
            let mut c = Composer::default();
            let shot = Shot {
                screen,
                help,
                overlay: false,
                plain: false,
                zoom: w.game.zoom,
            };
            screenshot::compose(&mut c, &mut w.game.session, &shot, &entries);
            let differ = window
                .pixels
                .iter()
                .zip(&c.frame().pixels)
                .filter(|(a, b)| a != b)
                .count();
            assert_eq!(differ, 0, "{screen:?} help {help}: {differ} pixels differ");
        }
        // The results of a run that ended, and the zoom back at 1.
        w.game.help = false;
        w.press(KeyCode::Enter);
        w.press(KeyCode::Minus);
        w.frames(120);
        for i in 0..w.game.session.world.agents().len() {
            w.game.session.world.agent_mut(i).alive = false;
        }
        w.frames(2);
        assert_eq!(w.game.screen, Screen::Results);
        w.frames(300);
        let layer = w.game.session.cosmetics.as_ref().unwrap().horror.clone();
        let window = w.game.render(w.now).clone();
        w.game.session.cosmetics.as_mut().unwrap().horror = layer;
        let mut c = Composer::default();
        let shot = Shot {
            screen: Screen::Results,
            zoom: w.game.zoom,
            ..Shot::game()
        };
        screenshot::compose(&mut c, &mut w.game.session, &shot, &entries);
        assert!(window == *c.frame(), "the results differ");
    }

    // The window's live sound path against the offline render (SPEC §21 AU6).
    use std::cell::RefCell;
    use std::rc::Rc;

    use crate::window::sound::Sink;

    /// Keeps what the window handed the device: the run's blocks apart.
    struct Capture(Rc<RefCell<(Vec<f32>, usize)>>);

    impl Sink for Capture {
        fn push(&mut self, _: &[f32]) -> bool {
            self.0.borrow_mut().1 += 1;
            true
        }
        fn run(&mut self, block: &[f32]) -> bool {
            self.0.borrow_mut().0.extend_from_slice(block);
            true
        }
    }

    #[test]
    fn the_window_hands_the_device_the_samples_an_offline_render_writes() {
        let mut w = open("sound_live");
        let got = Rc::new(RefCell::new((Vec::new(), 0)));
        w.game.hear(Box::new(Capture(got.clone())));
        w.select("melee_dummy");
        w.press(KeyCode::Enter);
        got.borrow_mut().0.clear();
        w.play_out(8 * 60 + 30);
        let live = got.borrow().0.clone();
        assert_eq!(live.len(), 8 * 60 * 2 * audio::BLOCK, "one block a tick");
        assert!(live.iter().any(|x| *x != 0.0), "the run was heard");
        // The run's replay rendered offline: the same samples, bit for bit.
        let (h, r) = sim::record::Replay::decode(w.game.last_replay.as_ref().unwrap()).unwrap();
        let mut s = Session::replay(r, &h.game_version, None)
            .unwrap()
            .with_sound();
        let mut offline = Vec::new();
        while s.step(TickInput::default()).is_some() {
            offline.extend_from_slice(s.sound().unwrap());
        }
        assert_eq!(offline.len(), live.len());
        // The menu's confirm (Enter on the title) rings over the run's first blocks,
        // mixed in at the output; from its end on, the same samples bit for bit.
        let blip = 15 * 2 * audio::BLOCK;
        let differ: Vec<usize> = live
            .iter()
            .zip(&offline)
            .enumerate()
            .filter(|(_, (a, b))| a.to_bits() != b.to_bits())
            .map(|(i, _)| i)
            .collect();
        assert!(
            !differ.is_empty(),
            "the confirm was heard over the run's start"
        );
        assert!(
            differ.iter().all(|&i| i < blip),
            "{} samples differ, the last at frame {}",
            differ.len(),
            differ.last().unwrap() / 2
        );
        // On the results nothing runs, and the device is still fed, by real time.
        let fillers = got.borrow().1;
        w.frames(60);
        assert!(
            got.borrow().1 >= fillers + 55,
            "{} blocks of menu sound",
            got.borrow().1 - fillers
        );
        // M mutes at the output.
        w.press(KeyCode::KeyM);
        assert!(w.game.sound.as_ref().unwrap().muted);
    }
}
