//! Input dispatch (REQ §15, §20, C5): what a key, a gamepad's button or stick, the
//! mouse wheel or a click does on the screen shown — the menus through one path
//! ([`Game::menu_key`]), play through its actions.

use std::time::Instant;

use sim::read::ManualCommand;
use view::screens;
use view::sound::patches::UiSound;
use winit::keyboard::KeyCode;

use super::super::gamepad::Gamepads;
use super::super::input::{self, Action};
use super::super::pad::{self, PadButton, PadEvent};
use super::super::throw::Holder;
use super::{Game, Next, PAD_MANUAL};
use crate::shell::menu::{random_seed, MenuKey};
use crate::shell::pause::PauseItem;
use crate::shell::results::{results_key, ResultsAction};
use crate::shell::screen::Screen;
use crate::shell::settings_page::setting_rows;
use crate::shell::title::{Counts, Page, TitleAction, TOP_ITEMS};

impl Game {
    /// A key went down (`pressed`) or up; `text` is what it typed (for `?`). Auto-repeat
    /// only keeps a key held in play, and moves through the menus.
    pub fn key(&mut self, code: KeyCode, pressed: bool, repeat: bool, text: Option<&str>) -> Next {
        self.controls.key(code, pressed);
        if !pressed {
            // Letting go of a throw's key throws.
            self.tool_up(Holder::Key(code));
            return Next::Play;
        }
        self.pad_last = false;
        // The Make page's name being typed and the editor take their keys first.
        if let Some(next) = self.make_capture(code, repeat, text) {
            return next;
        }
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
            self.aiming = None;
            return Next::Play;
        }
        match self.screen {
            Screen::Title | Screen::Pause | Screen::Results => {
                // The letters are the results' only (elsewhere they do nothing, silently),
                // but N on the campaign's pages: a new squad (REQ K6).
                let results = self.screen == Screen::Results;
                let campaign = self.screen == Screen::Title
                    && matches!(self.title.page, Page::Campaign | Page::Briefing);
                let k = input::menu_key(code).filter(|k| match k {
                    MenuKey::Letter('n') => results || campaign,
                    MenuKey::Letter(_) => results,
                    _ => true,
                });
                if let Some(k) = k {
                    return self.menu_key(k, repeat);
                }
            }
            Screen::Game => {
                if !repeat {
                    self.play_key(code, action);
                }
            }
            Screen::Editor => {}
        }
        Next::Play
    }

    /// A menu key on the screen shown, whoever sent it (the keyboard, the pad's buttons or
    /// its stick): the title's pages' and the pause menu's own; on the results Confirm
    /// goes on (the next mission after a won one, the same run again otherwise), Back to
    /// the title, and the letters as [`results_key`] says. A `repeat` (a key or
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
                let Some(a) = results_key(k, won) else {
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
                    ResultsAction::NewSeed => self.restart(Some(random_seed())),
                    ResultsAction::Replay => self.watch_replay(),
                    ResultsAction::Title => self.back_to_title(),
                }
            }
            _ => {}
        }
        Next::Play
    }

    /// A menu key on the title's page: moves, opens pages, changes settings, starts.
    pub(super) fn title_key(&mut self, k: MenuKey, repeat: bool) -> Next {
        if self.title.page == Page::Make {
            return self.make_key(k, repeat);
        }
        if repeat && matches!(k, MenuKey::Confirm | MenuKey::Back) {
            return Next::Play;
        }
        let (free, range) = self.lists();
        let counts = Counts {
            free: free.len(),
            range: range.len(),
            missions: &self.missions,
            next: self.progress.next_mission(&self.missions),
            difficulty: self.progress.briefing_difficulty(),
        };
        let got = self.title.key(k, &counts, &mut self.settings);
        self.title_action(got)
    }

    /// What the title asked for, done (with its sound).
    pub(super) fn title_action(&mut self, got: Option<TitleAction>) -> Next {
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
            Some(TitleAction::NewSquad) => {
                self.ui_sound(UiSound::Confirm);
                self.new_squad();
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
        if !pressed {
            self.tool_up(Holder::Pad(b));
        }
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
            self.aiming = None;
            return Next::Play;
        }
        if self.screen == Screen::Game {
            if let Some(Action::Tool(t)) = pad::pad_action(b) {
                self.tool_down(t, Holder::Pad(b));
                return Next::Play;
            }
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
            // A bumper held: the right stick aims the throw, not the squad.
            if self.aiming.is_some_and(|a| matches!(a.by, Holder::Pad(_))) {
                self.pad_aim = pad::stick_move(right.0, right.1);
                return None;
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
    pub(super) fn then(&mut self, f: impl FnOnce(&mut Game)) -> Next {
        f(self);
        Next::Play
    }

    pub(super) fn toggle_horror(&mut self) {
        self.horror_on = !self.horror_on;
        self.say(if self.horror_on {
            "horror layer on"
        } else {
            "horror layer off (F3)"
        });
    }

    /// A fresh press in play (REQ §15).
    pub(super) fn play_key(&mut self, code: KeyCode, action: Option<Action>) {
        if self.controls.bindings.takes_over_route(code) {
            self.session.take_over();
        }
        if let Some(Action::Tool(t)) = action {
            return self.tool_down(t, Holder::Key(code));
        }
        self.play_action(action);
    }

    /// An action in play, from a key or the pad.
    pub(super) fn play_action(&mut self, action: Option<Action>) {
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
            // The map over the game; the run goes on under it (REQ W3).
            Some(Action::Map) => self.map = !self.map,
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
        if self.screen == Screen::Editor {
            return self.editor_wheel(notches);
        }
        self.zoom.step(notches.clamp(-3.0, 3.0));
    }

    /// A left click at frame pixel `at` (`None` outside the frame): tested against the
    /// screens in their design units (the frame's size, [`screens::design_point`]).
    pub fn click(&mut self, at: Option<(i32, i32)>) -> Next {
        let (raw, size) = (at, self.composer.size());
        let at = at.map(|(x, y)| screens::design_point(size, x, y));
        if self.help {
            self.help = false;
            return Next::Play;
        }
        match self.screen {
            Screen::Title if self.title.page == Page::Make => {
                return self.make_click(at.unwrap_or((-1, -1)))
            }
            Screen::Title => return self.title_click(at),
            Screen::Editor => return self.editor_click(raw),
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
                    let top = screens::pause::row_top(screens::ui::DESIGN_H as usize, n, i) - 3;
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
    pub(super) fn title_click(&mut self, at: Option<(i32, i32)>) -> Next {
        let (x, y) = at.unwrap_or((-1, -1));
        // A click while a new squad waits for its confirmation keeps the squad.
        if std::mem::take(&mut self.title.confirm_new_squad) {
            self.ui_sound(UiSound::Back);
            return Next::Play;
        }
        let (free, range) = self.lists();
        let n_settings = setting_rows().len();
        let t = &mut self.title;
        let confirm = match t.page {
            Page::Top => screens::title::top_item_at(TOP_ITEMS.len(), x, y)
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
            Page::Make => false,
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
}

#[cfg(test)]
mod tests {
    use super::super::testkit::*;
    use super::*;

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
            ((1280, 720), 1.0, 0, 0),
            ((1920, 1080), 1.5, 0, 0),
            ((1920, 1200), 1.5, 0, 60),
            ((3840, 2160), 3.0, 0, 0),
        ] {
            clicks_at_size(size, u, (ox, oy));
        }
    }

    fn clicks_at_size(size: (usize, usize), u: f32, (ox, oy): (i32, i32)) {
        let mut w = open("clicks");
        w.game.composer.set_size(size);
        let grid =
            || (0..HEIGHT as i32).flat_map(|y| (0..WIDTH as i32).step_by(40).map(move |x| (x, y)));
        // A design unit's centre in frame pixels (the frame's UI scale `u`, the design
        // box's corner at `(ox, oy)` pixels).
        let px = |(x, y): (i32, i32)| {
            let at = |o: i32, v: i32| o + ((v as f32 + 0.5) * u) as i32;
            (at(ox, x), at(oy, y))
        };
        // A click beside the top menu does nothing; one on Test range opens it.
        assert_eq!(w.game.click(Some((2, 2))), Next::Play);
        assert_eq!(w.game.title.page, Page::Top);
        let item = TOP_ITEMS
            .iter()
            .position(|&i| i == TopItem::TestRange)
            .unwrap();
        let n = TOP_ITEMS.len();
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
}
