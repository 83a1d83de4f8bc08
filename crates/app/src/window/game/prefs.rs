//! The settings at work in the window (REQ C4, AU5): the player's files read at start
//! (faults said), the bindings, brightness and volumes applied, a change saved; the
//! display's settings handed to the event loop; sound on the runs and the menus; F5's
//! tuning reload.

use super::super::sound::{Sink, WindowSound};
use super::Game;
use crate::session::Session;
use crate::setup::load_tuning;
use crate::shell::progress::Progress;
use crate::shell::settings::Settings;

impl Game {
    /// From now on the runs are heard, through `sink`.
    pub fn hear(&mut self, sink: Box<dyn Sink>) {
        let audio = self.settings.audio(&self.session.setup.view_tuning.audio);
        self.sound = Some(WindowSound::new(sink, &audio));
        self.session.hear();
        self.apply_volumes();
    }

    /// The settings and the campaign's progress from the player's files (REQ C2, C4):
    /// whatever was wrong in them said (stderr and the message band), the defaults or
    /// fresh progress used; then the settings applied. A refused file (a newer build's,
    /// or unreadable, REQ X13) is left as it is: this session keeps no such file.
    pub(super) fn load_profile(&mut self) {
        let mut said = Vec::new();
        if let Some(path) = self.dirs.settings.clone() {
            let (s, faults) = Settings::load(&path).unwrap_or_else(|why| {
                self.dirs.settings = None;
                (Settings::default(), vec![why])
            });
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
            let (p, line) = Progress::load(&path).unwrap_or_else(|why| {
                self.dirs.progress = None;
                (Progress::default(), Some(why))
            });
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
    pub(super) fn apply_settings(&mut self) {
        self.controls.bindings = self.settings.keys.clone();
        self.controls.move_keys = self.settings.controls.move_keys;
        self.controls.release = self.settings.controls.release;
        self.composer.set_gamma(self.settings.gamma());
        self.apply_volumes();
    }

    /// The settings' volumes over the tuning's, on the run's sound and the menus'.
    pub(super) fn apply_volumes(&mut self) {
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
    pub(super) fn settings_changed(&mut self) {
        self.apply_settings();
        self.save_settings();
    }

    pub(super) fn save_settings(&mut self) {
        if let Some(path) = self.dirs.settings.clone() {
            if let Err(e) = self.settings.save(&path) {
                self.report(format!("settings NOT saved: {e}"));
            }
        }
    }

    /// The display's settings: fullscreen, the frame cap.
    pub(super) fn display(&self) -> (bool, Option<u32>) {
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

    /// `s`, heard when the window has sound.
    pub(super) fn heard(&self, mut s: Session) -> Session {
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
    pub(super) fn ui_sound(&mut self, s: view::sound::patches::UiSound) {
        if let Some(w) = self.sound.as_mut() {
            w.ui(s);
        }
    }

    /// M: the sound off or on (at the output: the run's soundtrack goes on).
    pub(super) fn toggle_mute(&mut self) {
        let Some(w) = self.sound.as_mut() else {
            return self.say("no sound (start with --audio DEVICE where ALSA is)");
        };
        w.muted = !w.muted;
        let muted = w.muted;
        self.say(if muted { "sound muted (M)" } else { "sound on" });
    }

    pub(super) fn reload_tuning(&mut self) {
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
}

#[cfg(test)]
mod tests {
    use super::super::testkit::*;
    use super::*;

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
        assert!(
            said.contains("campaign progress: ")
                && said.contains("`not = [toml`: could not be read"),
            "{said}"
        );
        assert!(said.contains("progress.toml.bad-1"), "{said}");
        assert_eq!(game.progress, Progress::default());
        assert_eq!(game.settings.brightness, 0);
        assert!(std::fs::read_to_string(&sp)
            .unwrap()
            .contains("brightness = 0"));
        assert_eq!(
            Progress::load(&pp).unwrap(),
            (Progress::default(), None),
            "replaced"
        );
    }

    /// REQ X13 in the window: a newer build's settings and progress are refused with a
    /// line naming both builds, the defaults used, and neither file is written over:
    /// the session keeps neither (a changed setting is not saved, nor a run's progress).
    #[test]
    fn a_newer_builds_files_are_refused_and_never_written_over() {
        let d = dirs("newer_files");
        let (sp, pp) = (d.settings.clone().unwrap(), d.progress.clone().unwrap());
        std::fs::create_dir_all(sp.parent().unwrap()).unwrap();
        std::fs::create_dir_all(pp.parent().unwrap()).unwrap();
        let settings = "version = 7\nbuild = \"9.0.0+sim99\"\n[display]\nbrightness = 3\n";
        let progress = "version = 7\nbuild = \"9.0.0+sim99\"\n";
        std::fs::write(&sp, settings).unwrap();
        std::fs::write(&pp, progress).unwrap();
        let setup = crate::setup::load(None, catalog::DEFAULT, None, None, None).unwrap();
        let now = Instant::now();
        let mut game = Game::new(setup, options(d), now);
        let said = game.message.current(now).unwrap_or_default().to_string();
        let this = sim::record::container::GAME_VERSION;
        for noun in ["settings format 7", "campaign progress format 7"] {
            assert!(said.contains(noun), "{said}");
        }
        assert!(said.contains("made by build 9.0.0+sim99"), "{said}");
        assert!(said.contains(&format!("this is build {this}")), "{said}");
        assert!(!said.contains("damaged"), "{said}");
        assert_eq!(game.settings, Settings::default());
        // F11 changes a setting (and would save it).
        game.key(KeyCode::F11, true, false, None);
        assert!(game.settings.fullscreen);
        game.save_settings();
        assert_eq!((&game.dirs.settings, &game.dirs.progress), (&None, &None));
        assert_eq!(std::fs::read_to_string(&sp).unwrap(), settings);
        assert_eq!(std::fs::read_to_string(&pp).unwrap(), progress);
    }

    /// REQ C4 in the window: Pause moved from P to O on the settings page (Enter, then
    /// the key); saved; in play O pauses and P does nothing; a new window has O too.
    #[test]
    fn a_key_rebound_on_the_settings_page_works_in_play() {
        let mut w = open("rebind");
        w.open_page(Page::Settings);
        while w.game.title.settings.row() != SettingRow::Key(Bind::Pause) {
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

    /// REQ W4 in the window: with the default controls D runs along the map's east and a
    /// tap's disk stays where it was put; switched on the settings page to the screen's
    /// frame and the return, D runs down-right on the map's (1, −1) and the disk springs
    /// back toward the squad.
    #[test]
    fn the_controls_settings_reach_the_disk() {
        let mut w = open("controls");
        w.select("combat_route");
        w.press(KeyCode::Enter);
        assert_eq!(w.game.screen, Screen::Game);
        // Let the squad stand still first (the route's disk is taken over by a key).
        let tap = |w: &mut Window| {
            w.game.key(KeyCode::KeyD, true, false, None);
            let from = w.game.session.world.anchor().pos;
            w.frames(15);
            w.game.key(KeyCode::KeyD, false, false, None);
            let put = w.game.session.world.anchor().pos;
            w.frames(90);
            (from, put, w.game.session.world.anchor().pos)
        };
        let (from, put, after) = tap(&mut w);
        let step = put - from;
        assert!(step.x > 0.5 && step.y.abs() < 1e-3, "east: {step:?}");
        assert_eq!(after, put, "the disk stays where it was put");
        // The settings page: the screen's frame and the return.
        w.press(KeyCode::Escape);
        w.game.settings.controls.move_keys = crate::shell::controls::MoveKeys::Screen;
        w.game.settings.controls.release = crate::shell::controls::DiskRelease::Return;
        w.game.settings_changed();
        let file = std::fs::read_to_string(w.game.dirs.settings.as_ref().unwrap()).unwrap();
        assert!(file.contains("move_keys = \"screen\"") && file.contains("release = \"return\""));
        w.press(KeyCode::Escape);
        let (from, put, after) = tap(&mut w);
        let step = put - from;
        assert!(
            step.x > 0.3 && (step.x + step.y).abs() < 0.05,
            "down-right: {step:?}"
        );
        assert!(
            after.distance(put) > 0.3,
            "sprang back: {put:?} → {after:?}"
        );
    }

    /// The settings' volumes apply at once: master at 0 silences the title's scene,
    /// heard through the window's sound; back up, it is heard again.
    #[test]
    fn the_master_volume_applies_live() {
        let mut w = open("volume");
        let got = heard();
        w.game.hear(Box::new(Capture(got.clone())));
        let loudest = |got: &Heard| got.borrow().0.iter().fold(0.0f32, |m, x| m.max(x.abs()));
        w.frames(120);
        assert!(loudest(&got) > 1e-3, "the title's scene is heard");
        w.open_page(Page::Settings);
        assert_eq!(w.game.title.settings.row(), SettingRow::Master);
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
        while w.game.title.settings.row() != SettingRow::Brightness {
            w.press(KeyCode::ArrowDown);
        }
        w.press(KeyCode::ArrowRight);
        assert_eq!(w.game.composer.gamma(), crate::shell::settings::gamma_of(1));
        assert_eq!(w.game.take_display_change(), None, "not the display's");
        assert_eq!(w.press(KeyCode::F11), Next::Fullscreen);
        assert_eq!(w.game.take_display_change(), Some((true, None)));
        w.press(KeyCode::ArrowDown);
        w.press(KeyCode::ArrowDown);
        w.press(KeyCode::ArrowRight);
        assert_eq!(w.game.take_display_change(), Some((true, Some(30))));
        let saved = Settings::load(w.game.dirs.settings.as_ref().unwrap())
            .unwrap()
            .0;
        assert_eq!(
            (saved.brightness, saved.fullscreen, saved.frame_cap),
            (1, true, Some(30))
        );
    }

    /// The window's device stream is the offline render of the run's replay with the
    /// title's confirm sound mixed in as the window mixes it — that sound rendered
    /// alone, by a second window sound fed the same blocks in the same order — with
    /// not one sample different, from the run's first block to its last.
    #[test]
    fn the_window_hands_the_device_the_samples_an_offline_render_writes() {
        let mut w = open("sound_live");
        let got = heard();
        w.game.hear(Box::new(Capture(got.clone())));
        w.select("melee_dummy");
        // The list's move sounds ring out first: the menus' mixer is idle at the key.
        w.frames(60);
        let from = got.borrow().2.len();
        w.press(KeyCode::Enter);
        let before = got.borrow().0.len();
        w.play_out(8 * 60 + 30);
        let live = got.borrow().0[before..].to_vec();
        assert_eq!(live.len(), 8 * 60 * 2 * audio::BLOCK, "one block a tick");
        assert!(live.iter().any(|x| *x != 0.0), "the run was heard");
        // The run's replay rendered offline.
        let (h, r) = sim::record::Replay::decode(w.game.last_replay.as_ref().unwrap()).unwrap();
        let mut s = Session::replay(r, &h.game_version, None)
            .unwrap()
            .with_sound();
        let mut offline = Vec::new();
        while s.step(TickInput::default()).is_some() {
            offline.extend_from_slice(s.sound().unwrap());
        }
        assert_eq!(offline.len(), live.len());
        assert!(
            live.iter().zip(&offline).any(|(a, b)| a != b),
            "the confirm was heard over the run's start"
        );
        // The confirm alone: a window sound with the same volumes, the sound played
        // at the key, then every block the window handed over since, in its order —
        // the run's blocks from the offline render, the others the menus' alone.
        let mine = heard();
        let audio = w
            .game
            .settings
            .audio(&w.game.session.setup.view_tuning.audio);
        let mut alone = WindowSound::new(Box::new(Capture(mine.clone())), &audio);
        alone.ui(view::sound::patches::UiSound::Confirm);
        let order = got.borrow().2[from..].to_vec();
        let mut run = offline.chunks_exact(2 * audio::BLOCK);
        for is_run in order {
            if is_run {
                if let Some(b) = run.next() {
                    alone.tick(b.try_into().unwrap());
                }
            } else {
                let n = mine.borrow().1;
                while mine.borrow().1 == n {
                    alone.elapsed(1.0 / 60.0);
                    alone.fill();
                }
            }
        }
        let expected = mine.borrow().0.clone();
        assert_eq!(expected.len(), live.len());
        let differ = live
            .iter()
            .zip(&expected)
            .filter(|(a, b)| a.to_bits() != b.to_bits())
            .count();
        assert_eq!(
            differ, 0,
            "samples differ from the offline render with the confirm"
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
