//! The mission editor in the window (REQ §31): the title's Make page (a new mission
//! named, a mission of the player's opened), the editor's keys, mouse and wheel, its
//! frame, saving, and playing the mission from it — saved first, played as a free play
//! file is with the player steering, and back to the editor after the results (the
//! replay kept as every run's is).

use std::time::Instant;

use view::screens::editor::{hit, Hit};
use view::sound::patches::UiSound;
use winit::keyboard::KeyCode;

use super::super::input::Button;
use super::{Game, Next};
use crate::editor::missions;
use crate::editor::problems::Severity;
use crate::editor::state::{Brush, Editor};
use crate::frame::Composer;
use crate::shell::make::{MakeAction, NameKey};
use crate::shell::menu::MenuKey;
use crate::shell::screen::Screen;
use crate::shell::studio::{edit_key, modal_key, Ask, EditKey, Studio};
use crate::shell::title::Page;

impl Game {
    /// The squad's size the missions are checked for.
    fn agents(&self) -> usize {
        self.demo.tuning.squad.agent_count as usize
    }

    /// Where the missions are kept, as the Make page says it.
    pub(super) fn folder(&self) -> String {
        self.dirs
            .missions
            .as_ref()
            .map_or("(no data directory)".into(), |d| d.display().to_string())
    }

    /// The player's missions read again (the Make page, free play).
    pub(super) fn refresh_customs(&mut self) {
        self.customs = match &self.dirs.missions {
            Some(d) => missions::list(d, self.agents()),
            None => Vec::new(),
        };
        self.custom_entries = crate::shell::make::play_entries(&self.customs);
    }

    /// A menu key on the Make page.
    pub(super) fn make_key(&mut self, k: MenuKey, repeat: bool) -> Next {
        if repeat && matches!(k, MenuKey::Confirm | MenuKey::Back) {
            return Next::Play;
        }
        let got = self.title.make.key(k, &self.customs);
        self.make_action(got)
    }

    /// What the Make page asked for, done.
    pub(super) fn make_action(&mut self, got: Option<MakeAction>) -> Next {
        match got {
            None => self.ui_sound(UiSound::Move),
            Some(MakeAction::Back) => {
                self.title.page = Page::Top;
                self.ui_sound(UiSound::Back);
            }
            Some(MakeAction::Naming) => self.ui_sound(UiSound::Confirm),
            Some(MakeAction::Refused) => self.ui_sound(UiSound::Back),
            Some(MakeAction::New(name)) => {
                self.ui_sound(UiSound::Confirm);
                let studio = Studio::new(Editor::new(&name, self.agents()));
                self.open_editor(studio);
                // Made on disk at once: listed, and nothing to lose.
                self.save_mission();
                self.say(format!(
                    "{name}: paint with the mouse, I names the mission, F5 plays it, H shows every key"
                ));
            }
            Some(MakeAction::Open(name)) => {
                let Some(dir) = self.dirs.missions.clone() else {
                    return Next::Play;
                };
                match Editor::open(&dir, &name, self.agents()) {
                    Ok(e) => {
                        self.ui_sound(UiSound::Confirm);
                        let said = match e.playable() {
                            true => format!("{name}: F5 plays it, H shows every key"),
                            false => format!(
                                "{name} has errors (listed top right, the map's marked in red): mend them, then F5 plays it"
                            ),
                        };
                        self.open_editor(Studio::new(e));
                        self.say(said);
                    }
                    Err(e) => {
                        self.ui_sound(UiSound::Back);
                        self.title.make.note = Some(format!("cannot open: {e}"));
                    }
                }
            }
        }
        Next::Play
    }

    /// A click on the Make page: its row chosen and opened.
    pub(super) fn make_click(&mut self, (x, y): (i32, i32)) -> Next {
        if self.title.make.naming.is_some() {
            return Next::Play;
        }
        let n = self.customs.len() + 1;
        match view::screens::make::row_at(n, self.title.make.row, x, y) {
            Some(i) => {
                self.title.make.row = i;
                self.make_key(MenuKey::Confirm, false)
            }
            None => Next::Play,
        }
    }

    /// A raw key the Make page's name or the editor takes before anything else
    /// (`None`: not theirs; help, fullscreen and a screenshot go on as everywhere).
    pub(super) fn make_capture(
        &mut self,
        code: KeyCode,
        repeat: bool,
        text: Option<&str>,
    ) -> Option<Next> {
        if self.help {
            return None;
        }
        if self.screen == Screen::Title
            && self.title.page == Page::Make
            && self.title.make.naming.is_some()
        {
            let k = match code {
                KeyCode::Enter | KeyCode::NumpadEnter if !repeat => NameKey::Confirm,
                KeyCode::Escape if !repeat => NameKey::Cancel,
                KeyCode::Backspace => NameKey::Erase,
                _ => match text.and_then(|t| t.chars().next()) {
                    Some(c) if !c.is_control() => NameKey::Char(c),
                    _ => return Some(Next::Play),
                },
            };
            let got = self.title.make.name_key(k, &self.customs);
            return Some(self.make_action(got));
        }
        if self.screen != Screen::Editor {
            return None;
        }
        let held = |a, b| self.controls.held.contains(&a) || self.controls.held.contains(&b);
        let ctrl = held(KeyCode::ControlLeft, KeyCode::ControlRight);
        let shift = held(KeyCode::ShiftLeft, KeyCode::ShiftRight);
        let st = self.studio.as_mut()?;
        if st.modal.is_some() {
            let ask = match modal_key(code, shift, text) {
                Some(k) => st.form_key(k),
                None => Ask::Nothing,
            };
            return Some(self.ask(ask));
        }
        let k = edit_key(code, ctrl, shift)?;
        let repeats = matches!(
            k,
            EditKey::Pan(..)
                | EditKey::Zoom(_)
                | EditKey::ListUp
                | EditKey::ListDown
                | EditKey::Undo
                | EditKey::Redo
        );
        if repeat && !repeats {
            return Some(Next::Play);
        }
        let pointer = st.editor.cursor;
        let ask = st.key(k, pointer);
        Some(self.ask(ask))
    }

    /// What the editor asked for, done.
    fn ask(&mut self, a: Ask) -> Next {
        match a {
            Ask::Nothing => {}
            Ask::Save => {
                self.save_mission();
            }
            Ask::Play => self.play_mission(),
            Ask::Leave => self.leave_editor(),
            Ask::Say(text) => self.say(text),
        }
        Next::Play
    }

    /// Into the editor on `studio`.
    pub(super) fn open_editor(&mut self, studio: Studio) {
        self.studio = Some(studio);
        self.back_to_editor();
    }

    /// The editor again (opened, or after one of its runs): its scene drawn afresh.
    pub(super) fn back_to_editor(&mut self) {
        self.end_run();
        self.start.editor = false;
        self.screen = Screen::Editor;
        self.scene_rev = None;
        self.results = None;
        self.paused = false;
        self.help = false;
        self.map = false;
        self.controls.reset();
        self.aiming = None;
        self.watching = None;
        self.left_down = false;
        self.pan_from = None;
        self.zoom = view::Zoom::default();
    }

    /// Esc in the editor: the Make page, the mission chosen in its list.
    fn leave_editor(&mut self) {
        let name = self
            .studio
            .take()
            .map(|s| s.editor.name)
            .unwrap_or_default();
        self.back_to_title();
        self.refresh_customs();
        self.title.page = Page::Make;
        self.title.make.naming = None;
        self.title.make.note = None;
        self.title.make.choose_named(&name, &self.customs);
        self.ui_sound(UiSound::Back);
    }

    /// Ctrl+S (and before a play): both files into the missions folder; a failed save
    /// says why and leaves the mission open as it is (nothing lost).
    fn save_mission(&mut self) -> bool {
        let Some(dir) = self.dirs.missions.clone() else {
            self.report("NOT saved: no data directory to keep missions in".into());
            return false;
        };
        let Some(st) = self.studio.as_mut() else {
            return false;
        };
        match st.editor.save(&dir) {
            Ok(()) => {
                st.mark_saved();
                let (_, scn) = missions::paths(&dir, &st.editor.name);
                self.say(format!("saved {}", scn.display()));
                self.refresh_customs();
                true
            }
            Err(e) => {
                self.report(format!(
                    "NOT saved: {e} (the mission stays open here as it is)"
                ));
                false
            }
        }
    }

    /// F5: the mission played from its saved file with the player steering; refused,
    /// with its first error, while it has one.
    fn play_mission(&mut self) {
        let Some(st) = self.studio.as_mut() else {
            return;
        };
        if let Some(i) = st
            .editor
            .problems()
            .iter()
            .position(|p| p.severity == Severity::Error)
        {
            let first = st.editor.problems()[i].to_string();
            st.on_statements = false;
            st.problem = i;
            return self.say(format!("cannot play: {first}"));
        }
        let name = st.editor.name.clone();
        if !self.save_mission() {
            return;
        }
        let Some(dir) = self.dirs.missions.clone() else {
            return;
        };
        let (_, scn) = missions::paths(&dir, &name);
        let tuning = self.start.setup.tuning_path.clone();
        match crate::setup::load(
            Some(&scn),
            crate::shell::catalog::DEFAULT,
            None,
            None,
            tuning.as_deref(),
        ) {
            Ok(setup) => {
                let setup = setup.with_pacing(self.director, None);
                self.begin(setup, false);
                self.start.editor = true;
                // Said, since F5 writes the files (a cold playtest did not know).
                self.say(format!(
                    "{name} saved; playing {}: H shows the controls; Esc, Back to the editor, or the results bring you back",
                    self.session.name()
                ));
            }
            Err(e) => self.report(format!("cannot play: {e}")),
        }
    }

    /// Whether the pointer's moves need a frame (the cell under it is marked).
    pub fn follows_pointer(&self) -> bool {
        self.screen == Screen::Editor && !self.help
    }

    /// The cell under frame pixel `at` if the map is what is there (not a panel), or if
    /// a stroke is being drawn (it goes on under the panels).
    fn map_cell(&self, at: Option<(i32, i32)>) -> Option<(i32, i32)> {
        let st = self.studio.as_ref()?;
        let px = at?;
        let size = self.composer.size();
        let (x, y) = view::screens::design_point(size, px.0, px.1);
        let over_map = hit(&st.view(), x, y) == Hit::Map;
        (over_map || self.left_down)
            .then(|| st.cell_at(px, size))
            .flatten()
    }

    /// The pointer moved to frame pixel `at` (`None`: off the frame).
    pub(super) fn editor_pointer(&mut self, at: Option<(i32, i32)>) {
        if self.screen != Screen::Editor || self.help {
            return;
        }
        let size = self.composer.size();
        if let (Some(from), Some(to)) = (self.pan_from, at) {
            if let Some(st) = self.studio.as_mut() {
                st.drag_view(from, to, size);
            }
            self.pan_from = Some(to);
        }
        let cell = self.map_cell(at);
        if let Some(st) = self.studio.as_mut() {
            st.hover(cell);
        }
    }

    /// A left click in the editor: a tile, a brush, a list's row (a second click on
    /// the chosen row opens it), or the map (painting starts; a form takes its point).
    pub(super) fn editor_click(&mut self, at: Option<(i32, i32)>) -> Next {
        let Some(px) = at else {
            return Next::Play;
        };
        let size = self.composer.size();
        let (x, y) = view::screens::design_point(size, px.0, px.1);
        let Some(st) = self.studio.as_mut() else {
            return Next::Play;
        };
        let ask = match hit(&st.view(), x, y) {
            Hit::Tile(i) => st.key(EditKey::Tile(i), None),
            Hit::Brush(i) => st.key(EditKey::Brush(Brush::ALL[i.min(4)]), None),
            Hit::Problem(i) => {
                st.on_statements = false;
                match st.problem == i {
                    true => st.key(EditKey::Open, None),
                    false => {
                        st.problem = i;
                        Ask::Nothing
                    }
                }
            }
            Hit::Statement(i) => {
                st.on_statements = true;
                match st.statement == i {
                    true => st.key(EditKey::Open, None),
                    false => {
                        st.statement = i;
                        Ask::Nothing
                    }
                }
            }
            Hit::Panel => Ask::Nothing,
            Hit::Map => {
                if let Some(c) = st.cell_at(px, size) {
                    st.press(c);
                    self.left_down = st.editor.pressed() || st.area.is_some();
                }
                Ask::Nothing
            }
        };
        self.ask(ask)
    }

    /// A mouse button other than the left one's press (that is [`Game::click`]), at
    /// frame pixel `at`: the left one let go ends a stroke; the right (or middle) one
    /// held moves the view.
    pub fn mouse(&mut self, b: Button, pressed: bool, at: Option<(i32, i32)>) -> Next {
        if self.screen != Screen::Editor || self.help {
            return Next::Play;
        }
        match (b, pressed) {
            (Button::Left, false) => {
                let cell = self.studio.as_ref().and_then(|st| {
                    let size = self.composer.size();
                    at.and_then(|px| st.cell_at(px, size))
                });
                self.left_down = false;
                if let Some(st) = self.studio.as_mut() {
                    st.release(cell);
                }
            }
            (Button::Left, true) => return self.editor_click(at),
            (Button::Pan, true) => self.pan_from = at,
            (Button::Pan, false) => self.pan_from = None,
        }
        Next::Play
    }

    /// The wheel in the editor: its own zoom.
    pub(super) fn editor_wheel(&mut self, notches: f32) {
        if let Some(st) = self.studio.as_mut() {
            st.zoom_by(notches.clamp(-3.0, 3.0));
        }
    }

    /// The editor's frame: its scene drawn again when the mission changed.
    pub(super) fn render_editor(&mut self, now: Instant, t0: Instant) -> &mut Composer {
        let Some(st) = self.studio.as_ref() else {
            return &mut self.composer;
        };
        let rev = st.editor.revision();
        if self.scene_rev != Some(rev) {
            let (t, v) = (&self.demo.tuning, &self.demo.view_tuning);
            if let Some(s) = crate::studio_frame::scene(st, t, v) {
                self.session = s;
            }
            self.scene_rev = Some(rev);
        }
        let message = self.message.current(now).map(str::to_string);
        let stages = crate::studio_frame::compose(
            &mut self.composer,
            &mut self.session,
            st,
            self.help,
            message.as_deref(),
            &self.timings,
        );
        self.timings.stages = stages;
        self.timings.frame_ms = t0.elapsed().as_secs_f32() * 1000.0;
        &mut self.composer
    }
}

#[cfg(test)]
mod tests {
    use super::super::testkit::*;
    use super::*;

    /// Title → Make → a new mission named (a bad name refused with why) → the editor.
    fn new_mission(w: &mut Window, name: &str) {
        w.open_page(Page::Make);
        w.press(KeyCode::Enter);
        for c in "con".chars() {
            w.game.key(KeyCode::KeyC, true, false, Some(&c.to_string()));
        }
        w.press(KeyCode::Enter);
        let note = w.game.title.make.note.clone().unwrap();
        assert!(note.contains("keeps for itself"), "{note}");
        for _ in 0..3 {
            w.press(KeyCode::Backspace);
        }
        for c in name.chars() {
            w.game.key(KeyCode::KeyA, true, false, Some(&c.to_string()));
            w.game.key(KeyCode::KeyA, false, false, None);
        }
        w.press(KeyCode::Enter);
        assert_eq!(w.game.screen, Screen::Editor);
    }

    fn chord(w: &mut Window, held: KeyCode, code: KeyCode) {
        w.game.key(held, true, false, None);
        w.press(code);
        w.game.key(held, false, false, None);
    }

    /// F5 is refused with the first error while the mission has one; once mended it
    /// saves, plays the saved file with the player steering, and after the results the
    /// window is back in the editor on the same mission (the replay written).
    #[test]
    fn play_from_the_editor_and_back_after_the_results() {
        let mut w = open("editor_play");
        new_mission(&mut w, "gate");
        let dir = w.game.dirs.missions.clone().unwrap();
        assert!(dir.join("gate.scn").exists(), "made on disk at once");
        // A wave from a spawn the map lacks: F5 is refused with the error.
        w.press(KeyCode::KeyW);
        w.press(KeyCode::Enter);
        assert!(!w.game.studio.as_ref().unwrap().editor.playable());
        w.press(KeyCode::F5);
        assert_eq!(w.game.screen, Screen::Editor, "refused");
        let said = w.game.message.current(w.now).unwrap().to_string();
        assert!(
            said.starts_with("cannot play: gate.scn:7:1: error: spawn index 0"),
            "{said}"
        );
        // An enemy spawn painted with the mouse mends it.
        w.press(KeyCode::Digit5);
        let size = w.game.composer.size();
        let st = w.game.studio.as_ref().unwrap();
        let px = view::editor_marks::cell_pixel((28, 10), size, st.center, st.zoom, 0.0);
        w.game.cursor(Some(px), w.now);
        w.game.click(Some(px));
        w.game.mouse(Button::Left, false, Some(px));
        let st = w.game.studio.as_ref().unwrap();
        assert_eq!(st.editor.map.get(28, 10), Some('E'));
        assert!(st.editor.playable(), "{:?}", st.editor.problems());
        w.frames(2);
        w.press(KeyCode::F5);
        assert_eq!(w.game.screen, Screen::Game);
        assert!(w.game.start.editor);
        assert!(!w.game.session.scripted(), "the player steers");
        let saved = std::fs::read_to_string(dir.join("gate.map")).unwrap();
        assert!(saved.contains('E'), "saved before playing");
        let said = w.game.message.current(w.now).unwrap().to_string();
        assert!(
            said.starts_with("gate saved; playing "),
            "and says so: {said}"
        );
        // The run ends: the results, then T goes back to the editor, not the title.
        for i in 0..w.game.session.world.agents().len() {
            w.game.session.world.agent_mut(i).alive = false;
        }
        w.frames(2);
        assert_eq!(w.game.screen, Screen::Results);
        let written: Vec<_> = std::fs::read_dir(&w.game.dirs.replays).unwrap().collect();
        assert_eq!(written.len(), 1, "the run's replay was written");
        w.press(KeyCode::KeyT);
        assert_eq!(w.game.screen, Screen::Editor);
        assert_eq!(w.game.studio.as_ref().unwrap().editor.name, "gate");
        // The pause menu of a run from the editor goes back to it too.
        w.press(KeyCode::F5);
        w.press(KeyCode::Escape);
        assert_eq!(w.game.menu.items[4], crate::shell::pause::PauseItem::Editor);
        w.click_pause_item(crate::shell::pause::PauseItem::Editor);
        assert_eq!(w.game.screen, Screen::Editor);
        // Esc: the Make page, the mission listed and chosen; Esc again: the top menu.
        w.press(KeyCode::Escape);
        assert_eq!(
            (w.game.screen, w.game.title.page),
            (Screen::Title, Page::Make)
        );
        assert_eq!(w.game.title.make.row, 1);
        assert_eq!(w.game.customs.len(), 1);
        // And free play lists it.
        let (free, _) = w.game.lists();
        assert!(free.iter().any(|e| e.detail.ends_with("custom")));
        w.press(KeyCode::Escape);
        assert_eq!(w.game.title.page, Page::Top);
    }

    /// Ctrl+Z and Ctrl+Y through the window's keys; a frame of the editor draws at
    /// the window's size; the wheel zooms the editor's view; Esc with changes unsaved
    /// asks once.
    #[test]
    fn the_editor_s_keys_in_the_window() {
        let mut w = open("editor_keys");
        new_mission(&mut w, "keys");
        w.press(KeyCode::Digit1);
        let size = w.game.composer.size();
        let st = w.game.studio.as_ref().unwrap();
        let (a, b) = (
            view::editor_marks::cell_pixel((10, 5), size, st.center, st.zoom, 0.0),
            view::editor_marks::cell_pixel((14, 5), size, st.center, st.zoom, 0.0),
        );
        // The cell under the pointer is named until the pointer leaves the window, and
        // its leaving asks for the frame that shows it gone.
        assert!(w.game.cursor(Some(a), w.now), "a frame for the marked cell");
        assert_eq!(w.game.studio.as_ref().unwrap().editor.cursor, Some((10, 5)));
        assert!(w.game.cursor(None, w.now), "a frame for the pointer gone");
        assert_eq!(w.game.studio.as_ref().unwrap().editor.cursor, None);
        w.press(KeyCode::KeyL);
        w.game.cursor(Some(a), w.now);
        w.game.click(Some(a));
        w.game.cursor(Some(b), w.now);
        assert_eq!(w.game.studio.as_ref().unwrap().editor.preview().len(), 5);
        w.game.mouse(Button::Left, false, Some(b));
        let row = |w: &Window| -> String {
            (10..=14)
                .map(|x| {
                    w.game
                        .studio
                        .as_ref()
                        .unwrap()
                        .editor
                        .map
                        .get(x, 5)
                        .unwrap()
                })
                .collect()
        };
        assert_eq!(row(&w), "#####");
        chord(&mut w, KeyCode::ControlLeft, KeyCode::KeyZ);
        assert_eq!(row(&w), ".....");
        chord(&mut w, KeyCode::ControlLeft, KeyCode::KeyY);
        assert_eq!(row(&w), "#####");
        let z = w.game.studio.as_ref().unwrap().zoom;
        w.game.wheel(1.0);
        assert!(w.game.studio.as_ref().unwrap().zoom > z);
        assert_eq!(
            w.game.zoom,
            view::Zoom::default(),
            "the game's zoom untouched"
        );
        let c = w.game.render(w.now);
        assert_eq!(c.size(), (WIDTH, HEIGHT));
        // Esc: asked once, the mission kept.
        w.press(KeyCode::Escape);
        assert_eq!(w.game.screen, Screen::Editor);
        chord(&mut w, KeyCode::ControlLeft, KeyCode::KeyS);
        w.press(KeyCode::Escape);
        assert_eq!(w.game.screen, Screen::Title);
    }
}
