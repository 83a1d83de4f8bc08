//! The game the window shows: the shell's screen (title, game, pause menu, results)
//! with help over it, the session being played (or the title's live scene), and what a
//! key, the mouse wheel or a click does. No winit window here, and no clock read: the
//! event loop drives it with the time now, and asks whether anything moves
//! ([`Game::animating`]) to pace its frames; the tests drive it the same way.

use std::path::PathBuf;
use std::time::Instant;

use sim::read::{Difficulty, ManualCommand, TickInput};
use sim::record::Replay;
use view::screens::{self, Results};
use view::{Timings, ViewOptions, Zoom};
use winit::keyboard::KeyCode;

use super::clock::{Clock, Stats};
use super::gamepad::Gamepads;
use super::input::{self, Action, Controls};
use super::pad::{self, MenuStick, PadButton, PadEvent};
use super::report::Throttle;
use super::sound::{Sink, WindowSound};
use crate::campaign::{self, Mission};
use crate::catalog::{self, Entry, Group};
use crate::frame::{Composer, Frame, Menus, Screen, HEIGHT, WIDTH};
use crate::hud::Message;
use crate::progress::Progress;
use crate::screenshot::write_png;
use crate::session::{Pilot, Session};
use crate::settings::Settings;
use crate::setup::{load_tuning, Setup};
use crate::shell::{
    self, Lists, MenuKey, Page, PauseItem, PauseMenu, ResultsAction, TitleAction, TitleMenu,
};
use view::sound::patches::UiSound;

/// Where the window writes: its last runs' replays, the quick save (F6 / F9, REQ §17)
/// and screenshots (F12); the player's settings and campaign progress (REQ C2, C4).
#[derive(Clone, Debug)]
pub struct Dirs {
    pub replays: PathBuf,
    pub saves: PathBuf,
    pub shots: PathBuf,
    /// `settings.toml` (`None`: not kept, the defaults each start).
    pub settings: Option<PathBuf>,
    /// `progress.toml` (`None`: not kept).
    pub progress: Option<PathBuf>,
}

impl Default for Dirs {
    /// Replays, saves and screenshots beside the working directory, as the README says;
    /// the settings in the user's config directory, the progress in the data directory
    /// (never the working directory).
    fn default() -> Dirs {
        Dirs {
            replays: PathBuf::from("replays"),
            saves: PathBuf::from("saves"),
            shots: PathBuf::from("shots"),
            settings: crate::settings::default_path().ok(),
            progress: crate::progress::default_path().ok(),
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
    /// The campaign's mission it plays (its index), if one.
    mission: Option<usize>,
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
    /// Threads drawing each frame (`--threads`; at least 1).
    pub threads: usize,
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
    /// The title's scenarios (free play's and the test range's, [`Group`]).
    entries: Vec<Entry>,
    /// The campaign, what the player has done of it, and the settings (REQ C2, C4).
    missions: Vec<Mission>,
    progress: Progress,
    settings: Settings,
    /// The display's settings (fullscreen, the frame cap) the event loop was last told
    /// ([`Game::take_display_change`]).
    display_told: Option<(bool, Option<u32>)>,
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
    /// The gamepad's triggers held (bit 0 left, bit 1 right): sprint.
    pad_triggers: u8,
    /// The left stick stepping through the menus.
    menu_stick: MenuStick,
    /// The last press was the pad's (what the manual aim's message names).
    pad_last: bool,
}

/// Manual aim turned on from the pad.
const PAD_MANUAL: &str = "manual aim: right stick aims, X cycles targets, B back to auto";

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
            missions: campaign::missions(),
            progress: Progress::default(),
            settings: Settings::default(),
            display_told: None,
            demo,
            title,
            director,
            screen,
            results: None,
            start: Start {
                setup,
                scripted,
                mission: None,
            },
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
            composer: Composer::new((WIDTH, HEIGHT), opts.threads),
            message: Message::default(),
            now,
            log: Throttle::default(),
            record_to: opts.record,
            speed: 1,
            last_replay: None,
            watching: opts.watching,
            dirs: opts.dirs,
            sound: None,
            pad_triggers: 0,
            menu_stick: MenuStick::default(),
            pad_last: false,
        };
        game.load_profile();
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
        let audio = self.settings.audio(&self.session.setup.view_tuning.audio);
        self.sound = Some(WindowSound::new(sink, &audio));
        self.session.hear();
        self.apply_volumes();
    }

    /// The settings and the campaign's progress from the player's files (REQ C2, C4):
    /// whatever was wrong in them said (stderr and the message band), the defaults or
    /// fresh progress used; then the settings applied.
    fn load_profile(&mut self) {
        let mut said = Vec::new();
        if let Some(path) = self.dirs.settings.clone() {
            let (s, faults) = Settings::load(&path);
            self.settings = s;
            for f in &faults {
                eprintln!("squad_proto: {f}");
            }
            if let Some(first) = faults.first() {
                said.push(match faults.len() - 1 {
                    0 => format!("settings: {first}"),
                    n => format!("settings: {first} (and {n} more on stderr)"),
                });
            }
        }
        if let Some(path) = self.dirs.progress.clone() {
            let (p, line) = Progress::load(&path);
            self.progress = p;
            if let Some(line) = line {
                eprintln!("squad_proto: {line}");
                said.push(line);
            }
        }
        if !said.is_empty() {
            self.say(said.join("\n"));
        }
        self.apply_settings();
    }

    /// The settings at work: the bindings, the brightness, the volumes (the display's
    /// are the event loop's, [`Game::take_display_change`]).
    fn apply_settings(&mut self) {
        self.controls.bindings = self.settings.keys.clone();
        self.composer.set_gamma(self.settings.gamma());
        self.apply_volumes();
    }

    /// The settings' volumes over the tuning's, on the run's sound and the menus'.
    fn apply_volumes(&mut self) {
        let audio = self.settings.audio(&self.session.setup.view_tuning.audio);
        if let Some(w) = self.sound.as_mut() {
            w.set_tuning(&audio);
        }
        if let Some(layer) = self
            .session
            .cosmetics
            .as_mut()
            .and_then(|c| c.sound.as_mut())
        {
            layer.set_tuning(audio);
        }
    }

    /// A setting changed: applied, and the file written.
    fn settings_changed(&mut self) {
        self.apply_settings();
        self.save_settings();
    }

    fn save_settings(&mut self) {
        if let Some(path) = self.dirs.settings.clone() {
            if let Err(e) = self.settings.save(&path) {
                self.report(format!("settings NOT saved: {e}"));
            }
        }
    }

    /// The display's settings: fullscreen, the frame cap.
    fn display(&self) -> (bool, Option<u32>) {
        (self.settings.fullscreen, self.settings.frame_cap)
    }

    /// The display's settings (fullscreen, the frame cap) when they changed since the
    /// last call (and at start): the event loop applies them.
    pub fn take_display_change(&mut self) -> Option<(bool, Option<u32>)> {
        let now = self.display();
        (self.display_told != Some(now)).then(|| {
            self.display_told = Some(now);
            now
        })
    }

    /// The title's lists of free play and the test range.
    fn lists(&self) -> (Vec<Entry>, Vec<Entry>) {
        (
            catalog::in_group(&self.entries, Group::FreePlay),
            catalog::in_group(&self.entries, Group::TestRange),
        )
    }

    /// `s`, heard when the window has sound.
    fn heard(&self, mut s: Session) -> Session {
        if self.sound.is_some() {
            s.hear();
            let audio = self.settings.audio(&s.setup.view_tuning.audio);
            if let Some(layer) = s.cosmetics.as_mut().and_then(|c| c.sound.as_mut()) {
                layer.set_tuning(audio);
            }
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
                self.controls.reset();
                self.watching = None;
                // A save of another scenario is not the campaign's mission any more.
                let mission = self.start.mission.and_then(|i| self.missions.get(i));
                if mission.is_some_and(|m| m.title != self.session.name()) {
                    self.start.mission = None;
                }
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
        self.controls.reset();
        self.watching = None;
    }

    /// A fresh run of `setup`.
    fn begin(&mut self, setup: Setup, scripted: bool) {
        self.begin_as(setup, scripted, None);
    }

    /// A fresh run of `setup`, the campaign's `mission` if it is one.
    fn begin_as(&mut self, setup: Setup, scripted: bool, mission: Option<usize>) {
        self.end_run();
        let s = self.heard(watched(setup.clone(), scripted).recorded());
        self.play(s);
        self.start = Start {
            setup,
            scripted,
            mission,
        };
    }

    /// Enter on a briefing: the mission at the briefing's difficulty, the player
    /// steering (its reference route is for `--headless` and CI).
    fn begin_mission(&mut self) {
        let i = self.title.mission;
        let Some(m) = self.missions.get(i).cloned() else {
            return;
        };
        let difficulty = self.title.mission_difficulty;
        match campaign::load(&m, None, self.start.setup.tuning_path.as_deref()) {
            Ok(setup) => {
                let setup = setup.with_pacing(self.director, Some(difficulty));
                self.begin_as(setup, false, Some(i));
                self.say(format!(
                    "{}, {}: H shows the controls, Esc the menu",
                    m.title,
                    self.session.world.difficulty().name()
                ));
            }
            Err(e) => self.report(format!("cannot start {}: {e}", m.id)),
        }
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
        let (scripted, mission) = (self.start.scripted, self.start.mission);
        self.begin_as(setup, scripted, mission);
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
        let results = self.session.results();
        // A campaign mission played (not watched): its run goes into the progress.
        if let (Some(i), None) = (self.start.mission, self.session.playback()) {
            if let Some(m) = self.missions.get(i) {
                let won = campaign::mission_won(&results);
                let difficulty = self.session.world.difficulty();
                self.progress.record(m.id, won, results.seconds, difficulty);
                if let Some(path) = self.dirs.progress.clone() {
                    if let Err(e) = self.progress.save(&path) {
                        self.report(format!("campaign progress NOT saved: {e}"));
                    }
                }
            }
        }
        self.results = Some(results);
        self.screen = Screen::Results;
        self.ran = false;
    }

    /// On the results of a campaign mission: `Some((won, the last mission))`.
    fn mission_result(&self) -> Option<(bool, bool)> {
        let i = self.start.mission?;
        let won = self.results.as_ref().is_some_and(campaign::mission_won);
        Some((won, i + 1 >= self.missions.len()))
    }

    /// Enter on a won mission's results: the next mission's briefing (the campaign's
    /// list after the last).
    fn next_mission(&mut self) {
        let i = self.start.mission.map_or(0, |i| i + 1);
        self.back_to_title();
        if i < self.missions.len() {
            self.title.open_briefing(&self.missions, i);
        } else {
            self.title
                .open_campaign(self.missions.len().saturating_sub(1));
            self.say("the campaign is complete");
        }
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

    /// The title's top menu over its live scene.
    fn back_to_title(&mut self) {
        self.end_run();
        self.session = self.heard(watched(self.demo.clone(), true));
        self.screen = Screen::Title;
        self.title.page = Page::Top;
        self.title.settings.capturing = false;
        // The title shows the default view (a run keeps the player's zoom).
        self.zoom = Zoom::default();
        self.results = None;
        self.paused = false;
        self.help = false;
        self.controls.reset();
        self.watching = None;
    }

    /// Enter on free play's or the test range's list: the chosen scenario with the
    /// chosen seed.
    fn start_selected(&mut self) {
        let (free, range) = self.lists();
        let Some(entry) = self.title.chosen_entry(&free, &range).cloned() else {
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
                self.title.cannot_start(&entry, &e);
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
                self.apply_volumes();
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
        self.pad_last = false;
        // A rebinding on the settings page takes the next key, whatever it is.
        if self.screen == Screen::Title && self.title.capturing() && !self.help {
            if !repeat {
                let got = self.title.capture(code, &mut self.settings);
                return self.title_action(got);
            }
            return Next::Play;
        }
        let action = if text == Some("?") {
            Some(Action::Help)
        } else {
            input::bound_action(&self.controls.bindings, code)
        };
        // Keys that work on every screen.
        if !repeat {
            match action {
                Some(Action::Fullscreen) => {
                    self.settings.fullscreen = !self.settings.fullscreen;
                    self.settings_changed();
                    return Next::Fullscreen;
                }
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
            Screen::Title | Screen::Pause | Screen::Results => {
                // The letters are the results' only (elsewhere they do nothing, silently).
                let results = self.screen == Screen::Results;
                let k =
                    input::menu_key(code).filter(|k| results || !matches!(k, MenuKey::Letter(_)));
                if let Some(k) = k {
                    return self.menu_key(k, repeat);
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

    /// A menu key on the screen shown, whoever sent it (the keyboard, the pad's buttons or
    /// its stick): the title's pages' and the pause menu's own; on the results Confirm
    /// goes on (the next mission after a won one, the same run again otherwise), Back to
    /// the title, and the letters as [`shell::results_key`] says. A `repeat` (a key or
    /// the stick held) moves but never chooses.
    pub fn menu_key(&mut self, k: MenuKey, repeat: bool) -> Next {
        match self.screen {
            Screen::Title => return self.title_key(k, repeat),
            Screen::Pause => match self.menu.key(k).filter(|_| !repeat) {
                Some(PauseItem::Resume) => {
                    self.ui_sound(UiSound::Back);
                    return self.choose(PauseItem::Resume);
                }
                Some(item) => {
                    self.ui_sound(UiSound::Confirm);
                    return self.choose(item);
                }
                None => self.ui_sound(UiSound::Move),
            },
            Screen::Results if !repeat => {
                let won = self.mission_result().map(|(won, _)| won);
                let Some(a) = shell::results_key(k, won) else {
                    return Next::Play;
                };
                self.ui_sound(if a == ResultsAction::Title {
                    UiSound::Back
                } else {
                    UiSound::Confirm
                });
                match a {
                    ResultsAction::NextMission => self.next_mission(),
                    ResultsAction::Retry => self.restart(None),
                    ResultsAction::NewSeed => self.restart(Some(shell::random_seed())),
                    ResultsAction::Replay => self.watch_replay(),
                    ResultsAction::Title => self.back_to_title(),
                }
            }
            _ => {}
        }
        Next::Play
    }

    /// A menu key on the title's page: moves, opens pages, changes settings, starts.
    fn title_key(&mut self, k: MenuKey, repeat: bool) -> Next {
        if repeat && matches!(k, MenuKey::Confirm | MenuKey::Back) {
            return Next::Play;
        }
        let (free, range) = self.lists();
        let counts = shell::Counts {
            free: free.len(),
            range: range.len(),
            missions: &self.missions,
            next: self.progress.next_mission(&self.missions),
        };
        let got = self.title.key(k, &counts, &mut self.settings);
        self.title_action(got)
    }

    /// What the title asked for, done (with its sound).
    fn title_action(&mut self, got: Option<TitleAction>) -> Next {
        match got {
            Some(TitleAction::Start) => {
                self.ui_sound(UiSound::Confirm);
                self.start_selected();
            }
            Some(TitleAction::Begin) => {
                self.ui_sound(UiSound::Confirm);
                self.begin_mission();
            }
            Some(TitleAction::Opened) => self.ui_sound(UiSound::Confirm),
            Some(TitleAction::Back) => self.ui_sound(UiSound::Back),
            Some(TitleAction::Changed) => {
                self.ui_sound(UiSound::Move);
                self.settings_changed();
            }
            Some(TitleAction::Quit) => return Next::Quit,
            None => self.ui_sound(UiSound::Move),
        }
        Next::Play
    }

    /// The gamepads read (`pads.poll`, once per update step): their buttons and sticks
    /// as [`Game::pad_button`] and [`Game::pad_sticks`] take them, their notes said.
    /// `Some` when anything happened (a frame to draw), with a Quit if one was asked for.
    pub fn poll_pads(&mut self, pads: &mut Gamepads, now: Instant) -> Option<Next> {
        let mut next = None;
        for e in pads.poll(now) {
            let n = match e {
                PadEvent::Button(b, pressed) => self.pad_button(b, pressed),
                PadEvent::Note(text) => {
                    self.note(text);
                    Next::Play
                }
            };
            if next != Some(Next::Quit) {
                next = Some(n);
            }
        }
        let (left, right) = pads.sticks();
        match self.pad_sticks(left, right, now) {
            Some(n) if next != Some(Next::Quit) => Some(n),
            _ => next,
        }
    }

    /// A line from the gamepad backend (a pad plugged in or pulled out, or why there is
    /// none): on the message band and stderr.
    pub fn note(&mut self, text: String) {
        eprintln!("squad_proto: {text}");
        self.say(text);
    }

    /// A gamepad button went down (`pressed`) or up (REQ C5; the table is `pad`'s): the
    /// triggers held sprint; Select is help on every screen (A, B or Start close it); in
    /// play a button's action (Y the next formation), in the menus its [`MenuKey`] through
    /// [`Game::menu_key`], the keyboard's path. Presses while the window is not focused
    /// do nothing.
    pub fn pad_button(&mut self, b: PadButton, pressed: bool) -> Next {
        let trigger = match b {
            PadButton::LeftTrigger => 1,
            PadButton::RightTrigger => 2,
            _ => 0,
        };
        if pressed {
            self.pad_triggers |= trigger;
        } else {
            self.pad_triggers &= !trigger;
        }
        self.controls.pad_sprint = self.pad_triggers != 0;
        if !pressed || !self.focused {
            return Next::Play;
        }
        self.pad_last = true;
        if self.help {
            if matches!(
                b,
                PadButton::Select | PadButton::South | PadButton::East | PadButton::Start
            ) {
                self.help = false;
            }
            return Next::Play;
        }
        if b == PadButton::Select {
            self.help = true;
            return Next::Play;
        }
        if self.screen == Screen::Game {
            let action = match b {
                PadButton::North => {
                    let now = self.controls.formation;
                    let f = now.unwrap_or_else(|| self.session.world.formation());
                    Some(Action::Formation(pad::next_formation(f)))
                }
                _ => pad::pad_action(b),
            };
            self.play_action(action);
            return Next::Play;
        }
        match pad::pad_menu_key(b) {
            Some(k) => self.menu_key(k, false),
            None => Next::Play,
        }
    }

    /// The gamepad's sticks now (x right, y up, −1..1). In play the left one moves the
    /// disk (taking over from the scenario's route, as a movement key does) and the right
    /// one aims (manual aim on); in the menus the left one steps as the d-pad does,
    /// repeating while held. `Some` when it sent a menu key.
    pub fn pad_sticks(
        &mut self,
        left: (f32, f32),
        right: (f32, f32),
        now: Instant,
    ) -> Option<Next> {
        self.controls.pad_sprint = self.pad_triggers != 0;
        self.controls.pad_move = sim::Vec2::ZERO;
        if !self.focused {
            self.menu_stick.reset();
            return None;
        }
        if self.screen == Screen::Game {
            self.menu_stick.reset();
            let d = pad::stick_move(left.0, left.1);
            self.controls.pad_move = d;
            if d != sim::Vec2::ZERO {
                self.session.take_over();
            }
            if let Some(aim) = pad::stick_aim(right.0, right.1) {
                if self.controls.stick_aim(aim) {
                    self.say(PAD_MANUAL);
                }
            }
            return None;
        }
        let (k, repeat) = self.menu_stick.step(left.0, left.1, now)?;
        if self.help {
            return None;
        }
        Some(self.menu_key(k, repeat))
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

    /// A fresh press in play (REQ §15).
    fn play_key(&mut self, code: KeyCode, action: Option<Action>) {
        if self.controls.bindings.takes_over_route(code) {
            self.session.take_over();
        }
        self.play_action(action);
    }

    /// An action in play, from a key or the pad.
    fn play_action(&mut self, action: Option<Action>) {
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
            Some(Action::SingleStep) if self.paused && !self.session.ended() => {
                let input = self.controls.tick_input();
                self.session.step(input);
                // Stepped onto the run's last tick (a mission won, say): its end, as a
                // running clock would have found it.
                if self.session.ended() {
                    self.run_ended();
                }
            }
            Some(Action::Formation(f)) => self.controls.formation = Some(f),
            Some(Action::ToggleManual) => {
                if self
                    .controls
                    .toggle_manual(self.session.world.anchor().heading)
                {
                    self.say(if self.pad_last {
                        PAD_MANUAL
                    } else {
                        "manual aim: <-/-> turn, Tab cycles targets, Space back to auto"
                    });
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

    /// A left click at frame pixel `at` (`None` outside the frame): tested against the
    /// screens in their design units (the frame's size, [`screens::design_point`]).
    pub fn click(&mut self, at: Option<(i32, i32)>) -> Next {
        let size = self.composer.size();
        let at = at.map(|(x, y)| screens::design_point(size, x, y));
        if self.help {
            self.help = false;
            return Next::Play;
        }
        match self.screen {
            Screen::Title => return self.title_click(at),
            Screen::Pause => {
                let Some((x, y)) = at else {
                    return Next::Play;
                };
                let n = self.menu.items.len();
                let w = screens::pause::ROW_W;
                let left = (screens::ui::DESIGN_W - w) / 2;
                if !(left..left + w).contains(&x) {
                    return Next::Play;
                }
                for (i, item) in self.menu.items.iter().enumerate() {
                    let top = screens::pause::row_top(screens::ui::DESIGN_H as usize, n, i) - 8;
                    if (top..top + 40).contains(&y) {
                        return self.choose(*item);
                    }
                }
            }
            _ => {}
        }
        Next::Play
    }

    /// A click on the title's page: a row is chosen and confirmed (a list's click starts
    /// its chosen row wherever it lands, a briefing's begins; a settings row is chosen,
    /// and confirmed when it already was).
    fn title_click(&mut self, at: Option<(i32, i32)>) -> Next {
        let (x, y) = at.unwrap_or((-1, -1));
        let (free, range) = self.lists();
        let n_settings = shell::setting_rows().len();
        let t = &mut self.title;
        let confirm = match t.page {
            Page::Top => screens::title::top_item_at(shell::TOP_ITEMS.len(), x, y)
                .map(|i| t.top = i)
                .is_some(),
            Page::Campaign => {
                let n = self.missions.len();
                screens::campaign::mission_at(n, t.mission, x, y)
                    .map(|i| t.mission = i)
                    .is_some()
            }
            Page::Briefing => true,
            Page::FreePlay | Page::TestRange => {
                let (n, row) = match t.page {
                    Page::FreePlay => (free.len(), &mut t.selected),
                    _ => (range.len(), &mut t.range),
                };
                if let Some(i) = screens::title::entry_at(n, *row, x, y) {
                    *row = i;
                }
                true
            }
            Page::Settings => {
                match screens::settings::row_at(n_settings, t.settings.selected, x, y) {
                    Some(i) if i == t.settings.selected => true,
                    Some(i) => {
                        t.settings.choose(i);
                        false
                    }
                    None => false,
                }
            }
        };
        if confirm {
            return self.title_key(MenuKey::Confirm, false);
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

    /// The window is `size` pixels now: frames are drawn at its size (REQ §24,
    /// [`crate::frame::window_frame_size`]) from the next one on, the scene at the
    /// settings' render scale. A window with no area changes nothing.
    pub fn set_window_size(&mut self, size: (usize, usize)) {
        if size.0 > 0 && size.1 > 0 {
            self.composer
                .set_size(crate::frame::window_frame_size(size));
        }
        self.composer.set_render_scale(self.settings.render_scale);
    }

    /// Draws the latest state at `now`, interpolated by the clock's alpha, with the
    /// shell's screen, help and the message line on top, through the one composer
    /// (whose bands the window presents). Changes nothing the simulation reads.
    pub fn render(&mut self, now: Instant) -> &mut Composer {
        self.now = now;
        let t0 = Instant::now();
        let about = self.session.about();
        let in_run = matches!(self.screen, Screen::Game | Screen::Pause);
        let (free, range) = self.lists();
        let lists = Lists {
            free: &free,
            range: &range,
            missions: &self.missions,
            progress: &self.progress,
            settings: &self.settings,
        };
        let results_keys = self.mission_result().map(|m| shell::results_keys(Some(m)));
        let frame = Frame {
            screen: self.screen,
            help: self.help,
            menus: Menus {
                title: &self.title,
                lists: &lists,
                pause: &self.menu,
                about: &about,
                results: self.results.as_ref(),
                results_keys,
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
        &mut self.composer
    }
}

#[cfg(test)]
mod tests {
    //! The window's state machine driven without a window (REQ §20, §25 X8): keys,
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
            settings: Some(root.join("config").join("settings.toml")),
            progress: Some(root.join("data").join("progress.toml")),
        }
    }

    /// The window's options as `squad_proto` opens it, its files in `dirs`.
    fn options(dirs: Dirs) -> Options {
        Options {
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
            dirs,
            audio: None,
            // Not the screenshot's 1: the same-pixels test compares the two.
            threads: 3,
        }
    }

    /// The window as `squad_proto` opens it: the title over the default scenario.
    fn open(test: &str) -> Window {
        let setup = crate::setup::load(None, catalog::DEFAULT, None, None, None).unwrap();
        let now = Instant::now();
        let opts = options(dirs(test));
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

        /// Opens the title's `page` from the top menu, with the keys (Esc back to the
        /// top first).
        fn open_page(&mut self, page: Page) {
            while self.game.title.page != Page::Top {
                self.press(KeyCode::Escape);
            }
            let item = match page {
                Page::Campaign | Page::Briefing => shell::TopItem::Campaign,
                Page::FreePlay => shell::TopItem::FreePlay,
                Page::TestRange => shell::TopItem::TestRange,
                Page::Settings => shell::TopItem::Settings,
                Page::Top => return,
            };
            while shell::TOP_ITEMS[self.game.title.top] != item {
                self.press(KeyCode::ArrowDown);
            }
            self.press(KeyCode::Enter);
            assert_eq!(self.game.title.page, page);
        }

        /// Free play's or the test range's page with the embedded scenario `name`
        /// selected.
        fn select(&mut self, name: &'static str) {
            let (free, range) = self.game.lists();
            let at = |l: &[Entry]| l.iter().position(|e| e.source == Source::Embedded(name));
            let (page, i) = match at(&free) {
                Some(i) => (Page::FreePlay, i),
                None => (Page::TestRange, at(&range).unwrap()),
            };
            self.open_page(page);
            while self.game.title.list_row() != Some(i) {
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
        // The top menu: Campaign first; Down to Free play, Enter opens its list, whose
        // first entry is the default scenario; Enter starts it, recorded, from tick 0.
        assert_eq!(w.game.title.page, Page::Top);
        w.press(KeyCode::ArrowDown);
        w.press(KeyCode::Enter);
        assert_eq!(w.game.title.page, Page::FreePlay);
        w.press(KeyCode::Enter);
        assert_eq!(w.game.screen, Screen::Game);
        assert_eq!(w.game.session.name(), catalog::DEFAULT);
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
    fn zoom_returns_to_one_and_to_the_design_scale() {
        let mut w = open("zoom");
        w.select("combat_route");
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
        assert_eq!(
            w.game.composer.scene_scale(),
            0.75,
            "zoomed out: the scene drawn at 3/4 scale"
        );
        w.press(KeyCode::Equal);
        w.press(KeyCode::Equal);
        w.frames(60);
        assert_eq!(w.game.zoom.current, 1.0, "back at 1 exactly");
        w.game.render(w.now);
        assert_eq!(
            w.game.composer.scene_scale(),
            1.0,
            "and at the design scale again"
        );
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
        w.select("combat_route");
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

    // The gamepad (REQ C5): buttons and sticks as `Game::poll_pads` hands them on.
    use crate::window::pad::PadButton as Pad;

    impl Window {
        /// A pad button pressed and let go.
        fn pad(&mut self, b: Pad) -> Next {
            let next = self.game.pad_button(b, true);
            self.game.pad_button(b, false);
            next
        }

        /// The sticks held (x right, y up) for `n` frames, read every frame as the loop
        /// reads them.
        fn sticks(&mut self, left: (f32, f32), right: (f32, f32), n: usize) {
            for _ in 0..n {
                self.now += FRAME;
                self.game.pad_sticks(left, right, self.now);
                self.game.update(self.now);
            }
        }
    }

    const CENTRE: (f32, f32) = (0.0, 0.0);

    #[test]
    fn the_pad_drives_the_title_play_the_pause_menu_help_and_the_results() {
        let mut w = open("pad_everywhere");
        // The title: the stick steps once when pushed, repeats only after a delay (400 ms,
        // then every 120 ms); the d-pad steps as the arrows do.
        w.sticks((0.0, -1.0), CENTRE, 1);
        assert_eq!(w.game.title.top, 1);
        w.sticks((0.0, -1.0), CENTRE, 20);
        assert_eq!(w.game.title.top, 1, "no repeat before the delay");
        w.sticks((0.0, -1.0), CENTRE, 10);
        assert_eq!(w.game.title.top, 2, "one repeat at 400 ms");
        w.sticks(CENTRE, CENTRE, 1);
        w.pad(Pad::DPadUp);
        w.pad(Pad::DPadUp);
        assert_eq!(w.game.title.top, 0);
        // Down to the test range, A opens it; down to a scripted scenario, A starts it.
        w.pad(Pad::DPadDown);
        w.pad(Pad::DPadDown);
        w.pad(Pad::South);
        assert_eq!(w.game.title.page, Page::TestRange);
        let (_, range) = w.game.lists();
        let want = range
            .iter()
            .position(|e| e.source == Source::Embedded("lane_free"))
            .unwrap();
        while w.game.title.range != want {
            w.pad(Pad::DPadDown);
        }
        w.pad(Pad::South);
        assert_eq!(w.game.screen, Screen::Game);
        assert!(w.game.session.scripted(), "the route drives");
        // The left stick up with a trigger held: the tick input moves as W does, and
        // sprints; the stick takes over from the route.
        w.game.pad_button(Pad::RightTrigger, true);
        let from = w.game.session.world.anchor().pos;
        w.sticks((0.0, 1.0), CENTRE, 30);
        assert!(!w.game.session.scripted(), "the stick took over");
        let input = w.game.controls.tick_input();
        let h = std::f32::consts::FRAC_1_SQRT_2;
        assert!((input.move_dir - sim::Vec2::new(-h, -h)).length() < 1e-4);
        assert!(input.sprint);
        let moved = w.game.session.world.anchor().pos - from;
        assert!(
            moved.x < -0.5 && moved.y < -0.5,
            "screen-up is world (-1, -1): {moved:?}"
        );
        w.game.pad_button(Pad::RightTrigger, false);
        w.sticks(CENTRE, CENTRE, 1);
        let input = w.game.controls.tick_input();
        assert!(!input.sprint && input.move_dir == sim::Vec2::ZERO);
        // The right stick aims: manual aim on, along the stick.
        w.sticks(CENTRE, (1.0, 0.0), 2);
        assert!(w.game.controls.manual_on);
        let want = pad::stick_aim(1.0, 0.0).unwrap();
        assert!((w.game.controls.aim - want).length() < 1e-5);
        assert_eq!(w.game.message.current(w.now), Some(PAD_MANUAL));
        // X cycles the target in the cone (or says there is none), Y the formation, B
        // back to automatic targeting.
        w.pad(Pad::West);
        let before = w.game.session.world.formation();
        w.pad(Pad::North);
        w.frames(2);
        assert_eq!(
            w.game.session.world.formation(),
            pad::next_formation(before)
        );
        w.pad(Pad::East);
        assert!(!w.game.controls.manual_on);
        // Start: the pause menu; the stick and the d-pad move in it, B resumes.
        w.pad(Pad::Start);
        assert_eq!(w.game.screen, Screen::Pause);
        let t = w.tick();
        w.sticks((0.0, -1.0), CENTRE, 1);
        w.sticks(CENTRE, CENTRE, 1);
        w.pad(Pad::DPadDown);
        assert_eq!(w.game.menu.current(), PauseItem::NewSeed);
        assert_eq!(w.tick(), t, "the stick moved the menu, not the squad");
        w.pad(Pad::East);
        assert_eq!(w.game.screen, Screen::Game);
        // Select: help over the game; A closes it. Start then Start: menu and back.
        w.pad(Pad::Select);
        assert!(w.game.help);
        w.pad(Pad::South);
        assert!(!w.game.help);
        w.pad(Pad::Start);
        w.pad(Pad::Start);
        assert_eq!(w.game.screen, Screen::Game);
        // The results: A plays again, B goes to the title, where B quits.
        let end = |w: &mut Window| {
            for i in 0..w.game.session.world.agents().len() {
                w.game.session.world.agent_mut(i).alive = false;
            }
            w.frames(2);
            assert_eq!(w.game.screen, Screen::Results);
        };
        end(&mut w);
        w.pad(Pad::South);
        assert_eq!(w.game.screen, Screen::Game);
        assert_eq!(w.tick(), 0, "played again");
        end(&mut w);
        w.pad(Pad::East);
        assert_eq!(w.game.screen, Screen::Title);
        assert_eq!(w.pad(Pad::East), Next::Quit);
    }

    #[test]
    fn the_pad_does_nothing_while_the_window_is_not_focused() {
        let mut w = open("pad_unfocused");
        w.game.focus(true);
        w.game.focus(false);
        w.pad(Pad::South);
        w.sticks((0.0, -1.0), CENTRE, 3);
        assert_eq!(w.game.screen, Screen::Title);
        assert_eq!((w.game.title.page, w.game.title.top), (Page::Top, 0));
        w.game.focus(true);
        w.pad(Pad::South);
        assert_eq!(w.game.title.page, Page::Campaign, "A chose the first item");
    }

    /// Recorded evdev events from a pad in a folder of the test's own, through
    /// `Game::poll_pads` as the event loop calls it: found, its A starts a run, its
    /// stick moves, its trigger sprints, and pulled out mid-run it lets go of both.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_recorded_pad_plays_through_poll_pads_and_is_pulled_out() {
        use crate::window::gamepad::testkit::*;
        let dir = folder("game_poll");
        std::fs::write(dir.join("event7"), "").unwrap();
        let feed: Feed = Default::default();
        let mut pads = Gamepads::new(&dir, opener("event7", feed.clone()));
        let mut w = open("pad_poll");
        w.open_page(Page::FreePlay);
        let mut poll = |w: &mut Window| {
            w.now += FRAME;
            let next = w.game.poll_pads(&mut pads, w.now);
            w.game.update(w.now);
            next
        };
        assert_eq!(poll(&mut w), Some(Next::Play), "found");
        assert_eq!(
            w.game.message.current(w.now),
            Some("gamepad connected: Microsoft X-Box 360 pad")
        );
        feed.borrow_mut().extend([
            Ok(vec![ev(KEY, 0x130, 1), report()]),
            Ok(vec![ev(KEY, 0x130, 0), report()]),
            // The stick fully down-left, the left trigger pulled.
            Ok(vec![ev(ABS, 0, -32768), ev(ABS, 1, 32767), report()]),
            Ok(vec![ev(ABS, 2, 255), report()]),
        ]);
        poll(&mut w);
        assert_eq!(w.game.screen, Screen::Game, "A started the run");
        for _ in 0..3 {
            poll(&mut w);
        }
        assert!(w.game.controls.pad_sprint);
        // Screen down-left: S + A, world (0, 1).
        let d = w.game.controls.pad_move;
        assert!((d - sim::Vec2::new(0.0, 1.0)).length() < 1e-3, "{d:?}");
        feed.borrow_mut()
            .push_back(Err(std::io::Error::from_raw_os_error(19)));
        poll(&mut w);
        assert!(!w.game.controls.pad_sprint, "the trigger let go");
        assert_eq!(w.game.controls.pad_move, sim::Vec2::ZERO);
        assert_eq!(
            w.game.message.current(w.now),
            Some("gamepad unplugged: Microsoft X-Box 360 pad")
        );
        assert_eq!(w.game.screen, Screen::Game, "the run goes on");
    }

    /// At every frame size the screens are drawn at a whole scale `u`, centred at
    /// `(ox, oy)` frame pixels: a click on the frame pixel under a design unit is
    /// tested as that unit.
    #[test]
    fn clicks_start_a_title_entry_and_choose_menu_rows() {
        for (size, u, ox, oy) in [
            ((1280, 720), 1, 0, 0),
            ((1920, 1080), 1, 320, 180),
            ((3840, 2160), 3, 0, 0),
        ] {
            clicks_at_size(size, u, (ox, oy));
        }
    }

    fn clicks_at_size(size: (usize, usize), u: i32, (ox, oy): (i32, i32)) {
        let mut w = open("clicks");
        w.game.composer.set_size(size);
        let grid =
            || (0..HEIGHT as i32).flat_map(|y| (0..WIDTH as i32).step_by(40).map(move |x| (x, y)));
        let px = |(x, y): (i32, i32)| (ox + x * u + u / 2, oy + y * u + u / 2);
        // A click beside the top menu does nothing; one on Test range opens it.
        assert_eq!(w.game.click(Some((2, 2))), Next::Play);
        assert_eq!(w.game.title.page, Page::Top);
        let item = shell::TOP_ITEMS
            .iter()
            .position(|&i| i == shell::TopItem::TestRange)
            .unwrap();
        let n = shell::TOP_ITEMS.len();
        let at = grid().find(|&(x, y)| screens::title::top_item_at(n, x, y) == Some(item));
        w.game.click(at.map(px));
        assert_eq!(w.game.title.page, Page::TestRange, "{size:?}");
        // A click on a row starts it.
        let (_, range) = w.game.lists();
        let want = range
            .iter()
            .position(|e| e.source == Source::Embedded("lane_free"))
            .unwrap();
        let n = range.len();
        let at = grid().find(|&(x, y)| screens::title::entry_at(n, 0, x, y) == Some(want));
        let Some(at) = at else {
            panic!("entry {want} of {n} is not on the first page of the title");
        };
        w.game.click(Some(px(at)));
        assert_eq!(w.game.screen, Screen::Game, "{size:?}");
        assert_eq!(w.game.session.name(), "lane_free");
        // A click beside the menu's rows does nothing; one on Quit quits.
        w.press(KeyCode::Escape);
        assert_eq!(w.game.click(Some((2, 2))), Next::Play);
        assert_eq!(w.game.screen, Screen::Pause);
        let items = w.game.menu.items;
        let i = items.iter().position(|&p| p == PauseItem::Quit).unwrap();
        let y = screens::pause::row_top(HEIGHT, items.len(), i) + 4;
        assert_eq!(
            w.game.click(Some(px((WIDTH as i32 / 2, y)))),
            Next::Quit,
            "{size:?}"
        );
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

    /// REQ §24: the frame is drawn at the window's size, at any moment of a run, on
    /// any screen (a window smaller than the design frame: at the design frame with its
    /// shape); a render scale below 100 % draws the scene smaller; a minimised window
    /// changes nothing.
    #[test]
    fn the_frame_follows_the_window_size_at_any_moment() {
        let mut w = open("resize");
        w.select("combat_route");
        w.press(KeyCode::Enter);
        for (win, want) in [
            ((1920, 1080), (1920, 1080)),
            ((800, 600), (1280, 960)),
            ((3840, 2160), (3840, 2160)),
            ((0, 0), (3840, 2160)),
            ((640, 360), (1280, 720)),
            ((1280, 720), (1280, 720)),
        ] {
            w.game.set_window_size(win);
            w.frames(3);
            let c = w.game.render(w.now);
            assert_eq!(c.size(), want, "window {win:?}");
            let fb = c.frame();
            assert_eq!((fb.width, fb.height), want);
            assert!(
                fb.pixels.iter().any(|&p| p != 0),
                "window {win:?}: something drawn"
            );
        }
        // Over the pause menu, then at a 50 % render scale from the settings.
        w.press(KeyCode::Escape);
        w.game.set_window_size((1920, 1080));
        assert_eq!(w.game.render(w.now).size(), (1920, 1080));
        w.game.settings.render_scale = 50;
        w.game.set_window_size((1920, 1080));
        let c = w.game.render(w.now);
        assert_eq!(
            c.size(),
            (1920, 1080),
            "the HUD and screens at the window's size"
        );
        assert_eq!(c.scene_size(), (960, 540), "the scene at half");
    }

    #[test]
    fn the_window_and_the_screenshot_draw_the_same_pixels() {
        let mut w = open("same_pixels");
        w.select("combat_route");
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
            let window = w.game.render(w.now).frame().clone();
            reset(&mut w);
            let mut c = Composer::default();
            let shot = Shot {
                screen,
                help,
                overlay: false,
                plain: false,
                zoom: w.game.zoom,
                page: Page::Top,
                ..Shot::game()
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
        let window = w.game.render(w.now).frame().clone();
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

    // The campaign, the settings and the key bindings (REQ C2, C4).

    /// The campaign page opens on the next mission; its briefing begins the mission with
    /// the player steering at the chosen difficulty; a won run is recorded (best time,
    /// difficulty, attempts) and saved, and its results' Enter opens the next mission's
    /// briefing; a lost one is an attempt, and Enter retries.
    #[test]
    fn a_campaign_mission_is_briefed_played_recorded_and_leads_to_the_next() {
        let mut w = open("campaign");
        w.open_page(Page::Campaign);
        assert_eq!(w.game.title.mission, 0, "nothing done: the first mission");
        w.press(KeyCode::Enter);
        assert_eq!(w.game.title.page, Page::Briefing);
        let own = w.game.missions[0].director.unwrap_or_default();
        assert_eq!(w.game.title.mission_difficulty, own);
        w.press(KeyCode::Tab);
        let chosen = w.game.title.mission_difficulty;
        assert_ne!(chosen, own);
        w.press(KeyCode::Enter);
        assert_eq!(w.game.screen, Screen::Game);
        assert_eq!(w.game.start.mission, Some(0));
        assert_eq!(w.game.session.name(), w.game.missions[0].title);
        assert!(!w.game.session.scripted(), "the player steers");
        assert_eq!(w.game.session.world.difficulty(), chosen);
        // Lost: an attempt, not completed; Enter retries the mission.
        for i in 0..w.game.session.world.agents().len() {
            w.game.session.world.agent_mut(i).alive = false;
        }
        w.frames(2);
        assert_eq!(w.game.screen, Screen::Results);
        assert_eq!(w.game.mission_result(), Some((false, false)));
        let id = w.game.missions[0].id;
        let rec = w.game.progress.get(id).cloned().unwrap();
        assert_eq!((rec.completed, rec.attempts), (false, 1));
        w.press(KeyCode::Enter);
        assert_eq!((w.game.screen, w.tick()), (Screen::Game, 0), "retried");
        assert_eq!(w.game.start.mission, Some(0));
        // Won: the mission's reference route drives this time.
        w.game.session = Session::route(w.game.start.setup.clone())
            .with_cosmetics()
            .recorded();
        w.play_out(300 * 60);
        assert_eq!(w.game.mission_result(), Some((true, false)), "won");
        let rec = w.game.progress.get(id).cloned().unwrap();
        assert!(rec.completed && rec.attempts == 2);
        assert_eq!(rec.hardest, Some(chosen));
        let secs = w.game.results.as_ref().unwrap().seconds;
        assert_eq!(rec.best_seconds, Some(secs));
        // Saved: a new window reads it back, and its campaign starts on mission 2.
        let path = w.game.dirs.progress.clone().unwrap();
        assert_eq!(Progress::load(&path).0, w.game.progress);
        // The keys line says what Enter does; Enter opens the next briefing.
        let keys = shell::results_keys(w.game.mission_result());
        assert!(keys.starts_with("Enter: next mission"), "{keys}");
        w.press(KeyCode::Enter);
        assert_eq!(w.game.screen, Screen::Title);
        assert_eq!(
            (w.game.title.page, w.game.title.mission),
            (Page::Briefing, 1)
        );
        w.press(KeyCode::Escape);
        assert_eq!(w.game.title.page, Page::Campaign);
        w.press(KeyCode::Escape);
        w.press(KeyCode::Escape);
        w.open_page(Page::Campaign);
        assert_eq!(w.game.title.mission, 1, "the next mission is highlighted");
    }

    /// A damaged progress file and a damaged settings file: said in the window, the
    /// game goes on with fresh progress and the defaults where the file was wrong.
    #[test]
    fn damaged_progress_and_settings_are_reported_in_the_window() {
        let d = dirs("damaged_files");
        let (sp, pp) = (d.settings.clone().unwrap(), d.progress.clone().unwrap());
        std::fs::create_dir_all(sp.parent().unwrap()).unwrap();
        std::fs::create_dir_all(pp.parent().unwrap()).unwrap();
        std::fs::write(&sp, "[display]\nbrightness = 99\n").unwrap();
        std::fs::write(&pp, "not = [toml").unwrap();
        let setup = crate::setup::load(None, catalog::DEFAULT, None, None, None).unwrap();
        let now = Instant::now();
        let mut game = Game::new(setup, options(d), now);
        let said = game.message.current(now).unwrap_or_default().to_string();
        assert!(
            said.contains("settings: ") && said.contains(":2:1: `brightness`"),
            "{said}"
        );
        assert!(said.contains("campaign progress damaged"), "{said}");
        assert_eq!(game.progress, Progress::default());
        assert_eq!(game.settings.brightness, 0);
        assert!(std::fs::read_to_string(&sp)
            .unwrap()
            .contains("brightness = 0"));
        assert_eq!(Progress::load(&pp), (Progress::default(), None), "replaced");
    }

    /// REQ C4 in the window: Pause moved from P to O on the settings page (Enter, then
    /// the key); saved; in play O pauses and P does nothing; a new window has O too.
    #[test]
    fn a_key_rebound_on_the_settings_page_works_in_play() {
        let mut w = open("rebind");
        w.open_page(Page::Settings);
        while w.game.title.settings.row() != shell::SettingRow::Key(crate::bindings::Bind::Pause) {
            w.press(KeyCode::ArrowDown);
        }
        w.press(KeyCode::Enter);
        assert!(w.game.title.capturing());
        // The capture takes the key even where it means something else (F1, the overlay).
        w.press(KeyCode::KeyO);
        assert!(!w.game.title.capturing());
        let file = std::fs::read_to_string(w.game.dirs.settings.as_ref().unwrap()).unwrap();
        assert!(file.contains("pause = [\"O\"]"), "{file}");
        w.press(KeyCode::Escape);
        w.select("combat_route");
        w.press(KeyCode::Enter);
        assert_eq!(w.game.screen, Screen::Game);
        w.press(KeyCode::KeyP);
        assert!(!w.game.paused, "P is free now");
        w.press(KeyCode::KeyO);
        assert!(w.game.paused, "O pauses");
        // A new window with the same files starts with O.
        let dirs = w.game.dirs.clone();
        let setup = crate::setup::load(None, catalog::DEFAULT, None, None, None).unwrap();
        let mut opts = options(dirs);
        opts.direct = true;
        let mut g = Game::new(setup, opts, w.now);
        g.key(KeyCode::KeyO, true, false, None);
        assert!(g.paused);
    }

    /// The settings' volumes apply at once: master at 0 silences the title's scene,
    /// heard through the window's sound; back up, it is heard again.
    #[test]
    fn the_master_volume_applies_live() {
        let mut w = open("volume");
        let got = Rc::new(RefCell::new((Vec::new(), 0)));
        w.game.hear(Box::new(Capture(got.clone())));
        let loudest = |got: &Rc<RefCell<(Vec<f32>, usize)>>| {
            got.borrow().0.iter().fold(0.0f32, |m, x| m.max(x.abs()))
        };
        w.frames(120);
        assert!(loudest(&got) > 1e-3, "the title's scene is heard");
        w.open_page(Page::Settings);
        assert_eq!(w.game.title.settings.row(), shell::SettingRow::Master);
        for _ in 0..10 {
            w.press(KeyCode::ArrowLeft);
        }
        assert_eq!(w.game.settings.master, 0);
        w.frames(10);
        got.borrow_mut().0.clear();
        w.frames(60);
        assert!(loudest(&got) < 1e-6, "silent: {}", loudest(&got));
        for _ in 0..10 {
            w.press(KeyCode::ArrowRight);
        }
        w.frames(10);
        got.borrow_mut().0.clear();
        w.frames(60);
        assert!(loudest(&got) > 1e-3, "heard again");
    }

    /// The brightness step on the settings page sets the composer's gamma (the frame
    /// itself is measured in `tests/brightness.rs`); F11 flips the fullscreen setting,
    /// and the event loop is told of both display changes.
    #[test]
    fn brightness_and_fullscreen_reach_the_frame_and_the_event_loop() {
        let mut w = open("display");
        assert_eq!(
            w.game.take_display_change(),
            Some((false, None)),
            "at start"
        );
        assert_eq!(w.game.take_display_change(), None);
        w.open_page(Page::Settings);
        while w.game.title.settings.row() != shell::SettingRow::Brightness {
            w.press(KeyCode::ArrowDown);
        }
        w.press(KeyCode::ArrowRight);
        assert_eq!(w.game.composer.gamma(), crate::settings::gamma_of(1));
        assert_eq!(w.game.take_display_change(), None, "not the display's");
        assert_eq!(w.press(KeyCode::F11), Next::Fullscreen);
        assert_eq!(w.game.take_display_change(), Some((true, None)));
        w.press(KeyCode::ArrowDown);
        w.press(KeyCode::ArrowDown);
        w.press(KeyCode::ArrowRight);
        assert_eq!(w.game.take_display_change(), Some((true, Some(30))));
        let saved = Settings::load(w.game.dirs.settings.as_ref().unwrap()).0;
        assert_eq!(
            (saved.brightness, saved.fullscreen, saved.frame_cap),
            (1, true, Some(30))
        );
    }

    // The window's live sound path against the offline render (REQ §21 AU6).
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
