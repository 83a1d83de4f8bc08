//! Where the window is ([`Screen`]: play, the title, the pause menu, the results; what
//! `--screen NAME` names) and the shell's state a frame's screen is filled from
//! ([`Menus`] → [`view::screens::ScreenView`]).

use view::screens::{Results, ScreenView};

use super::pause::PauseMenu;
use super::results::{results_keys, EDITOR_RESULTS_KEYS};
use super::title::{Page, TitleMenu};
use super::views::{pause_view, title_view, Lists};

/// The shell's screens: where the window is, and what `--screen NAME` draws. Help (H or
/// ?) is drawn over any of them ([`crate::frame::Frame::help`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    /// The run as played.
    Game,
    /// The title over the live scene (the default scenario driven by its route): the
    /// page [`TitleMenu::page`] says.
    Title,
    /// The pause menu over the game.
    Pause,
    /// The run's results over its last frame.
    Results,
    /// The mission editor (REQ §31), over the mission's own map.
    Editor,
}

impl Screen {
    pub const NAMES: &'static str =
        "game, title, campaign, briefing, settings, free-play, test-range, make, editor, editor-help, help, map, pause, results";

    /// `--screen NAME`: the screen, and whether help is over it (`help` is help over
    /// the game, `map` the map over it, [`Screen::map`]; `campaign`, `briefing` and
    /// `settings` are pages of the title, [`Screen::page`]).
    pub fn parse(s: &str) -> Result<(Screen, bool), String> {
        Ok(match s {
            "game" => (Screen::Game, false),
            "title" | "campaign" | "briefing" | "settings" | "free-play" | "test-range"
            | "make" => (Screen::Title, false),
            "editor" => (Screen::Editor, false),
            "editor-help" => (Screen::Editor, true),
            "help" => (Screen::Game, true),
            "map" => (Screen::Game, false),
            "pause" => (Screen::Pause, false),
            "results" => (Screen::Results, false),
            _ => return Err(format!("unknown screen `{s}`: expected {}", Self::NAMES)),
        })
    }

    /// Whether `--screen NAME` shows the map over the game (REQ W3).
    pub fn map(s: &str) -> bool {
        s == "map"
    }

    /// The title's page `--screen NAME` shows (the top menu unless it names another).
    pub fn page(s: &str) -> Page {
        match s {
            "campaign" => Page::Campaign,
            "briefing" => Page::Briefing,
            "settings" => Page::Settings,
            "free-play" => Page::FreePlay,
            "test-range" => Page::TestRange,
            "make" => Page::Make,
            _ => Page::Top,
        }
    }
}

/// The menus' state a screen is filled from.
#[derive(Clone, Copy)]
pub struct Menus<'a> {
    pub title: &'a TitleMenu,
    /// The title's lists (scenarios, missions), the progress and the settings.
    pub lists: &'a Lists<'a>,
    pub pause: &'a PauseMenu,
    /// The line naming the run on the pause menu.
    pub about: &'a str,
    /// The results screen's numbers.
    pub results: Option<&'a Results>,
    /// A campaign mission's results: `Some((won, the last mission))` (its own line of
    /// keys under the results).
    pub mission: Option<(bool, bool)>,
    /// The run was started from the editor (REQ §31): its results go back there.
    pub from_editor: bool,
}

impl<'a> Menus<'a> {
    /// `screen` as the view draws it this frame.
    pub fn view(&self, screen: Screen) -> ScreenView<'a> {
        match screen {
            Screen::Game => ScreenView::Game,
            Screen::Title => title_view(self.title, self.lists),
            Screen::Pause => ScreenView::Pause(pause_view(self.pause, self.about)),
            Screen::Results => match self.results {
                Some(results) => ScreenView::Results {
                    results,
                    keys: match self.from_editor {
                        true => EDITOR_RESULTS_KEYS,
                        false => results_keys(self.mission),
                    },
                },
                None => ScreenView::Game,
            },
            // The editor composes its own frame (`crate::studio_frame`).
            Screen::Editor => ScreenView::Game,
        }
    }
}
