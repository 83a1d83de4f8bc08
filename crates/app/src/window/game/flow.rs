//! The game's flow (REQ §20, C2, §17): title → briefing → run → results → next mission;
//! restarts (the same seed or a new one), replays watched, again or skipped to their
//! results, quick save and load (F6 / F9), the runs' replays written, the campaign's
//! progress recorded, F12's screenshot; the campaign's squad (REQ K6) carried into a
//! mission as it starts and out of it when it is won.

use sim::record::Replay;

use super::{watched, Game, Next, Start};
use crate::files::write_png;
use crate::session::Session;
use crate::session::Until;
use crate::setup::Setup;
use crate::shell::campaign;
use crate::shell::catalog;
use crate::shell::menu::random_seed;
use crate::shell::pause::{PauseItem, PauseMenu};
use crate::shell::screen::Screen;
use crate::shell::squad::{self, Squad};
use crate::shell::squad_view;
use crate::shell::title::Page;
use view::Zoom;

impl Game {
    /// The run being played ends (a new one, the title, the results, quitting): its
    /// replay is written, to `--record`'s file or to `replays/` in the
    /// data directory (the last few kept).
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
    pub(super) fn quick_save(&mut self) {
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
    pub(super) fn quick_load(&mut self) {
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
                self.aiming = None;
                self.watching = None;
                // A save of another scenario is not the campaign's mission any more.
                let mission = self.start.mission.and_then(|i| self.missions.get(i));
                if mission.is_some_and(|m| m.title != self.session.name()) {
                    self.start.mission = None;
                    self.start.squad = None;
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

    /// Esc in play: the pause menu, from its first item: a replay's menu while one is
    /// watched.
    pub(super) fn open_menu(&mut self) {
        self.screen = Screen::Pause;
        // A throw held into the menu is dropped.
        self.aiming = None;
        self.menu = if self.session.playback().is_some() {
            PauseMenu::replay()
        } else if self.start.editor {
            PauseMenu::editing()
        } else {
            PauseMenu::live()
        };
    }

    /// Into play on a session (the menus closed).
    pub(super) fn play(&mut self, session: Session) {
        self.session = session;
        self.screen = Screen::Game;
        self.results = None;
        self.paused = false;
        self.help = false;
        self.controls.reset();
        self.aiming = None;
        self.watching = None;
    }

    /// A fresh run of `setup`.
    pub(super) fn begin(&mut self, setup: Setup, scripted: bool) {
        self.begin_as(setup, scripted, None, None);
    }

    /// A fresh run of `setup`, the campaign's `mission` if it is one, started with the
    /// campaign's `squad` (already in `setup`) if it carries one.
    pub(super) fn begin_as(
        &mut self,
        setup: Setup,
        scripted: bool,
        mission: Option<usize>,
        squad: Option<Squad>,
    ) {
        self.end_run();
        let s = self.heard(watched(setup.clone(), scripted).recorded());
        self.play(s);
        self.start = Start {
            setup,
            scripted,
            mission,
            squad,
            editor: false,
        };
    }

    /// Enter on a briefing: the mission at the briefing's difficulty, the player
    /// steering (its reference route is for `--headless` and CI).
    pub(super) fn begin_mission(&mut self) {
        let i = self.title.mission;
        let Some(m) = self.missions.get(i).cloned() else {
            return;
        };
        let difficulty = self.title.mission_difficulty;
        // The choice is the player's: the next briefing starts at it (kept with the
        // progress, written after the run).
        self.progress.difficulty = Some(difficulty);
        match campaign::load(&m, None, self.start.setup.tuning_path.as_deref()) {
            Ok(setup) => {
                let setup = setup.with_pacing(self.director, Some(difficulty));
                // The campaign's squad as it stands (REQ K6); the training starts its own.
                let carried = (!m.is_training()).then(|| {
                    self.progress
                        .squad
                        .clone()
                        .unwrap_or_else(|| Squad::fresh(&setup.tuning))
                });
                let setup = match &carried {
                    Some(s) => squad::carry_into(setup, s),
                    None => setup,
                };
                self.begin_as(setup, false, Some(i), carried);
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
    pub(super) fn restart(&mut self, seed: Option<u64>) {
        let mut setup = self.start.setup.clone();
        setup.tuning = self.session.world.tuning().clone();
        setup.view_tuning = self.session.setup.view_tuning.clone();
        if let Some(s) = seed {
            setup.scenario.seed = s;
        }
        let (scripted, mission) = (self.start.scripted, self.start.mission);
        // The same start: the squad the run began with, already in its setup.
        let squad = self.start.squad.clone();
        let editor = self.start.editor;
        self.begin_as(setup, scripted, mission, squad);
        self.start.editor = editor;
        self.say(match seed {
            Some(s) => format!("restarted with seed {s}"),
            None => "restarted".into(),
        });
    }

    /// V on the results: the run just ended, played back from its replay (P pauses,
    /// 4 switches ×1/×4, `.` steps a tick); at its end the results come back.
    pub(super) fn watch_replay(&mut self) {
        let Some(bytes) = self.last_replay.clone() else {
            return self.say(String::from("no replay of this run"));
        };
        self.watch(bytes);
    }

    /// The replay's pause menu (or R while watching): the same replay from its start.
    pub(super) fn watch_again(&mut self) {
        let Some(bytes) = self.watching.clone() else {
            return self.say(String::from("no replay is being watched"));
        };
        self.watch(bytes);
    }

    /// The replay's "skip to the results": played to its end at once (with the
    /// cosmetics feed, whose tally the results read), then the results.
    pub(super) fn skip_to_results(&mut self) {
        self.session.run_to(Until::End);
        self.run_ended();
    }

    /// The run (or replay) reached its end: its replay written, the results shown.
    pub(super) fn run_ended(&mut self) {
        if let Some(why) = self.session.take_divergence() {
            self.report(why);
        }
        self.end_run();
        let mut results = self.session.results();
        // A mission's words in the player's keys ({move} …).
        crate::shell::prompts::KeyNames::of(&self.controls.bindings).fill_results(&mut results);
        // What the campaign keeps of the squad (REQ K6): a won mission's end, carried on;
        // a failed one changes nothing. Said on the results, watched or played.
        let kept = self.start.squad.as_ref().map(|before| {
            let won = campaign::mission_won(&results);
            let (after, rows) = squad_view::kept(before, &self.session.world, won);
            results.campaign = rows;
            after
        });
        // A campaign mission played (not watched): its run goes into the progress.
        if let (Some(i), None) = (self.start.mission, self.session.playback()) {
            if let Some(m) = self.missions.get(i) {
                let won = campaign::mission_won(&results);
                let difficulty = self.session.world.difficulty();
                self.progress.record(m.id, won, results.seconds, difficulty);
                if let Some(Some(after)) = kept {
                    self.progress.squad = Some(after);
                }
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

    /// "N: new squad", confirmed, on the campaign's pages (REQ K6): the campaign starts
    /// over with a fresh squad (the missions' records kept), saved at once.
    pub(super) fn new_squad(&mut self) {
        self.progress.squad = None;
        if let Some(path) = self.dirs.progress.clone() {
            if let Err(e) = self.progress.save(&path) {
                return self.report(format!("campaign progress NOT saved: {e}"));
            }
        }
        self.say("a fresh squad: every agent whole, nothing carried");
    }

    /// On the results of a campaign mission: `Some((won, the last mission))`.
    pub(super) fn mission_result(&self) -> Option<(bool, bool)> {
        let i = self.start.mission?;
        let won = self.results.as_ref().is_some_and(campaign::mission_won);
        Some((won, i + 1 >= self.missions.len()))
    }

    /// Enter on a won mission's results: the next mission's briefing (the campaign's
    /// list after the last).
    pub(super) fn next_mission(&mut self) {
        let i = self.start.mission.map_or(0, |i| i + 1);
        self.back_to_title();
        if i < self.missions.len() {
            let d = self.progress.briefing_difficulty();
            self.title.open_briefing(&self.missions, i, d);
        } else {
            self.title
                .open_campaign(self.missions.len().saturating_sub(1));
            self.say("the campaign is complete");
        }
    }

    /// Plays the replay in `bytes` from its first tick.
    pub(super) fn watch(&mut self, bytes: Vec<u8>) {
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

    /// The title's top menu over its live scene (or, after a run started from the
    /// editor, the editor: REQ §31).
    pub(super) fn back_to_title(&mut self) {
        if self.start.editor && self.studio.is_some() {
            return self.back_to_editor();
        }
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
        self.aiming = None;
        self.watching = None;
    }

    /// Enter on free play's or the test range's list: the chosen scenario with the
    /// chosen seed.
    pub(super) fn start_selected(&mut self) {
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

    /// F12: the last frame at the internal resolution, to `shots/`.
    pub(super) fn screenshot(&mut self) {
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

    /// A pause menu choice.
    pub(super) fn choose(&mut self, item: PauseItem) -> Next {
        match item {
            PauseItem::Resume => self.screen = Screen::Game,
            PauseItem::Restart => self.restart(None),
            PauseItem::NewSeed => self.restart(Some(random_seed())),
            PauseItem::Help => self.help = true,
            PauseItem::Title | PauseItem::Editor => self.back_to_title(),
            PauseItem::Quit => return Next::Quit,
            PauseItem::WatchAgain => self.watch_again(),
            PauseItem::ToResults => self.skip_to_results(),
        }
        Next::Play
    }
}

#[cfg(test)]
mod tests {
    use super::super::testkit::*;
    use super::*;

    /// Help (H) over a live run or a replay pauses it while open, however long it is
    /// read, and the run goes on from where it stood when it closes, at its own pace (a
    /// playtest read the time left falling with help open).
    #[test]
    fn help_pauses_a_live_run_and_a_replay_while_open() {
        let mut w = open("help_pauses");
        w.select("melee_dummy");
        w.press(KeyCode::Enter);
        w.frames(60);
        for replay in [false, true] {
            assert_eq!(w.game.session.playback().is_some(), replay);
            let t = w.tick();
            assert!(t > 0);
            w.press(KeyCode::KeyH);
            assert!(w.game.help);
            // Five seconds of frames with help open: not a tick.
            w.frames(300);
            assert_eq!(w.tick(), t, "help open, replay {replay}");
            w.press(KeyCode::Escape);
            assert!(!w.game.help && w.game.screen == Screen::Game);
            // Closed: on again at one tick a frame, none of help's time made up.
            w.frames(30);
            let ran = w.tick() - t;
            assert!(
                (28..=32).contains(&ran),
                "{ran} ticks in 30 frames, replay {replay}"
            );
            if !replay {
                w.play_out(8 * 60 + 30);
                w.press(KeyCode::KeyV);
                w.frames(60);
            }
        }
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

    /// A replay says REPLAY from its first frame, at its speed, until it ends (a
    /// playtest saw no word of it until 4 or the pause menu); a live run does not.
    #[test]
    fn a_replay_is_labelled_from_its_first_frame() {
        let mut w = open("replay_label");
        w.select("melee_dummy");
        w.press(KeyCode::Enter);
        w.frames(2);
        assert_eq!(w.game.replay_tag(), None, "a live run");
        w.play_out(8 * 60 + 30);
        w.press(KeyCode::KeyV);
        assert_eq!(w.game.replay_tag(), Some(1), "before any key");
        // The message that said so at the start has expired; the tag stays.
        w.frames(300);
        assert!(w.game.message.current(w.now).is_none());
        assert_eq!(w.game.replay_tag(), Some(1));
        w.press(KeyCode::Digit4);
        assert_eq!(w.game.replay_tag(), Some(4));
        w.play_out(8 * 60 + 30);
        assert_eq!(w.game.screen, Screen::Results);
        w.press(KeyCode::KeyT);
        assert_eq!(w.game.screen, Screen::Title);
        assert_eq!(w.game.replay_tag(), None, "the title's scene");
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
        assert_eq!(w.game.menu.items, &REPLAY_PAUSE_ITEMS[..]);
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
        assert_eq!(w.game.menu.items, &PAUSE_ITEMS[..]);
        w.click_pause_item(PauseItem::Restart);
        assert!(w.game.session.playback().is_none() && w.tick() == 0);
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
        // REQ X13: the quick save of the previous build is refused, naming both builds,
        // and changes nothing.
        use sim::record::container::{self, GAME_VERSION, SAVE};
        let ours = w.game.session.save().encode().unwrap();
        let (package, rev) = GAME_VERSION.split_once("+sim").unwrap();
        let prev = format!("{package}+sim{}", rev.parse::<u32>().unwrap() - 1);
        let theirs = container::seal_as(SAVE, &prev, container::open(SAVE, &ours).unwrap().1);
        std::fs::write(w.game.dirs.quick_save(), theirs).unwrap();
        w.press(KeyCode::F9);
        assert_eq!(w.game.session.world.checksum(), before);
        let said = w
            .game
            .message
            .current(w.now)
            .unwrap_or_default()
            .to_string();
        assert!(
            said.contains(&format!(
                "save made by build {prev}; this is build {GAME_VERSION}"
            )),
            "{said}"
        );
    }

    // The campaign, the settings and the key bindings (REQ C2, C4).

    /// The campaign page opens on the next mission; its briefing begins the mission with
    /// the player steering at the chosen difficulty; a won run is recorded (best time,
    /// difficulty, attempts) and saved, and its results' Enter opens the next mission's
    /// briefing; a lost one is an attempt, and Enter retries.
    #[test]
    fn a_campaign_mission_is_briefed_played_recorded_and_leads_to_the_next() {
        let mut w = open("campaign");
        // A worn squad the training (mission 0) neither takes nor changes (REQ K6).
        let mut worn = crate::shell::squad::Squad::fresh(&w.game.start.setup.tuning);
        worn.members[0].health = 12.0;
        worn.rounds = 7;
        w.game.progress.squad = Some(worn.clone());
        w.open_page(Page::Campaign);
        assert_eq!(w.game.title.mission, 0, "nothing done: the first mission");
        w.press(KeyCode::Enter);
        assert_eq!(w.game.title.page, Page::Briefing);
        // Never chosen: normal (issue 35: the mission's own, easy, before).
        let own = sim::read::Difficulty::Normal;
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
        assert_eq!(
            w.game.start.squad, None,
            "the training brings its own squad"
        );
        assert_eq!(
            w.game.progress.squad,
            Some(worn),
            "and leaves the campaign's"
        );
        let rec = w.game.progress.get(id).cloned().unwrap();
        assert!(rec.completed && rec.attempts == 2);
        assert_eq!(rec.hardest, Some(chosen));
        let secs = w.game.results.as_ref().unwrap().seconds;
        assert_eq!(rec.best_seconds, Some(secs));
        // Saved: a new window reads it back, and its campaign starts on mission 2.
        let path = w.game.dirs.progress.clone().unwrap();
        assert_eq!(Progress::load(&path).unwrap().0, w.game.progress);
        assert_eq!(w.game.progress.difficulty, Some(chosen), "the choice kept");
        // The keys line says what Enter does; Enter opens the next briefing.
        let keys = results_keys(w.game.mission_result());
        assert!(keys.starts_with("Enter: next mission"), "{keys}");
        w.press(KeyCode::Enter);
        assert_eq!(w.game.screen, Screen::Title);
        assert_eq!(
            (w.game.title.page, w.game.title.mission),
            (Page::Briefing, 1)
        );
        assert_eq!(
            w.game.title.mission_difficulty, chosen,
            "the next briefing starts at the difficulty chosen"
        );
        w.press(KeyCode::Escape);
        assert_eq!(w.game.title.page, Page::Campaign);
        w.press(KeyCode::Escape);
        w.press(KeyCode::Escape);
        w.open_page(Page::Campaign);
        assert_eq!(w.game.title.mission, 1, "the next mission is highlighted");
    }
}
