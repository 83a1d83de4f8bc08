//! The game the window shows: the shell's screen (title, game, pause menu, results)
//! with help over it, the session being played (or the title's live scene), the update
//! step and the frame. No winit window here, and no clock read: the event loop drives
//! it with the time now, and asks whether anything moves ([`Game::animating`]) to pace
//! its frames; the tests drive it the same way.
//!
//! The rooms (REQ X9): this file holds the state, the update step and the frame;
//! [`dispatch`] what an input does, [`flow`] the game's flow (runs, missions, results,
//! replays, saves), [`prefs`] the player's settings applied, [`render`] the frame.

mod dispatch;
mod flow;
mod make;
mod prefs;
mod render;
#[cfg(test)]
mod stakes;
#[cfg(test)]
mod testkit;
mod tools;

use std::path::PathBuf;
use std::time::Instant;

use sim::read::{Difficulty, TickInput};
use view::screens::Results;
use view::{Timings, Zoom};

use super::clock::{Clock, Stats};
use super::input::Controls;
use super::pad::MenuStick;
use super::report::Throttle;
use super::sound::WindowSound;
use super::throw::{Aiming, Probe};
use crate::frame::{Composer, HEIGHT, WIDTH};
use crate::hud::Message;
use crate::session::{Pilot, Session};
use crate::setup::Setup;
use crate::shell::campaign::{self, Mission};
use crate::shell::catalog::{self, Entry, Group};
use crate::shell::menu::SeedChoice;
use crate::shell::pause::PauseMenu;
use crate::shell::progress::Progress;
use crate::shell::screen::Screen;
use crate::shell::settings::Settings;
use crate::shell::title::TitleMenu;

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
    /// The player's missions (REQ §31: `missions/` in the data directory; `None`: no
    /// home to keep them in).
    pub missions: Option<PathBuf>,
}

impl Default for Dirs {
    /// The runs' replays in the user's data directory (`replays/` there: they are the
    /// game's, not the working directory's, REQ W7), beside the progress; saves and
    /// screenshots beside the working directory, as the README says; the settings in the
    /// user's config directory.
    fn default() -> Dirs {
        Dirs {
            replays: replays_dir(),
            saves: PathBuf::from("saves"),
            shots: PathBuf::from("shots"),
            settings: crate::shell::settings::default_path().ok(),
            progress: crate::shell::progress::default_path().ok(),
            missions: crate::editor::missions::default_dir(),
        }
    }
}

/// Where the window keeps its last runs: `replays/` in the user's data directory
/// (`$XDG_DATA_HOME/squad_proto/replays` on Linux), or in the working directory when
/// there is no home.
pub fn replays_dir() -> PathBuf {
    directories::ProjectDirs::from("", "", "squad_proto").map_or_else(
        || PathBuf::from("replays"),
        |d| d.data_dir().join("replays"),
    )
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
    /// The campaign's squad it started with (REQ K6): a campaign mission's but the
    /// training's. What a won run's end is carried from.
    squad: Option<crate::shell::squad::Squad>,
    /// Started from the editor (REQ §31): the results and the pause menu go back there.
    editor: bool,
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
    /// `--record FILE`: the first run's replay goes there (otherwise to the data
    /// directory's `replays/`).
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
    /// The map over the game (REQ W3): it pauses nothing.
    map: bool,
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
    /// Where the next run's replay is written (`--record`); then the data directory's
    /// `replays/`.
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
    /// A flare or a grenade being aimed: its key (or bumper) held (`tools`).
    aiming: Option<Aiming>,
    /// The pad's right stick while a bumper aims a throw (a world vector, length up to
    /// 1; zero while centred).
    pad_aim: sim::Vec2,
    /// The mouse over the frame: the pixel, and when it moved there (a throw's aim).
    cursor: Option<((i32, i32), Instant)>,
    /// The last check of a grenade's throw against the simulation (`tools`).
    probe: Option<Probe>,
    /// The mission editor (REQ §31), while it is open or one of its runs is played.
    studio: Option<crate::shell::studio::Studio>,
    /// The player's missions in `dirs.missions` (the Make page, free play).
    customs: Vec<crate::editor::missions::Custom>,
    /// The playable ones as free play lists them.
    custom_entries: Vec<Entry>,
    /// The editor's revision the scene shows (`None`: to be drawn again).
    scene_rev: Option<u64>,
    /// The mouse's buttons in the editor: the left one painting, the right one moving
    /// the view from this pixel.
    left_down: bool,
    pan_from: Option<(i32, i32)>,
}

/// Manual aim turned on from the pad.
const PAD_MANUAL: &str = "manual aim: right stick aims, X cycles targets, B back to auto";

impl Game {
    /// The game at `now`, at the title or straight in `setup` (see [`Options`]).
    pub fn new(setup: Setup, opts: Options, now: Instant) -> Game {
        let title = TitleMenu {
            seed: match opts.seed {
                Some(s) => SeedChoice::Typed(s.to_string()),
                None => SeedChoice::Own,
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
                squad: None,
                editor: false,
            },
            session,
            menu: PauseMenu::default(),
            paused: false,
            help: false,
            map: false,
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
            aiming: None,
            pad_aim: sim::Vec2::ZERO,
            cursor: None,
            probe: None,
            studio: None,
            customs: Vec::new(),
            custom_entries: Vec::new(),
            scene_rev: None,
            left_down: false,
            pan_from: None,
        };
        game.load_profile();
        game.refresh_customs();
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
            Screen::Editor => format!(
                "squad_proto - editor: {}",
                self.studio.as_ref().map_or("", |s| s.editor.name.as_str())
            ),
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
            Screen::Pause | Screen::Results | Screen::Editor => false,
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
        self.aiming = None;
        self.had_focus |= focused;
        if !self.had_focus {
            return;
        }
        self.focused = focused;
        if !focused && self.screen == Screen::Game && !self.paused {
            self.open_menu();
        }
    }

    /// The title's lists of free play (the player's own playable missions last) and
    /// the test range.
    fn lists(&self) -> (Vec<Entry>, Vec<Entry>) {
        let mut free = catalog::in_group(&self.entries, Group::FreePlay);
        free.extend(self.custom_entries.iter().cloned());
        (free, catalog::in_group(&self.entries, Group::TestRange))
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
}

#[cfg(test)]
mod dirs_tests {
    /// REQ W7: the window's replays go to the user's data directory, beside the
    /// progress, not to the working directory.
    #[test]
    fn replays_are_kept_in_the_data_directory() {
        let progress = crate::shell::progress::default_path().unwrap();
        let replays = super::Dirs::default().replays;
        assert!(replays.is_absolute(), "{}", replays.display());
        assert_eq!(replays, progress.parent().unwrap().join("replays"));
    }
}
