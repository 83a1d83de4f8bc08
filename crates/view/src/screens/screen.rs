//! The shell's screen of one frame as a view model (REQ X9): the app's menus fill a
//! [`ScreenView`] from their state each frame, the composer hands it down, and the view
//! lays it out and draws it. Data goes one way, app state → view model → drawing; the
//! view never calls back into the app.

use raster::Framebuffer;

use super::campaign::{self, BriefingView, CampaignView};
use super::editor::{self, EditorView};
use super::layout::Layout;
use super::make::{self, MakeView};
use super::pause::{self, PauseView};
use super::results::{self, Results};
use super::settings::{self, SettingsView};
use super::title::{self, TitleView, TopView};

/// What the shell shows over the scene in one frame.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum ScreenView<'a> {
    /// Play: no screen of the shell's (the HUD is drawn instead).
    #[default]
    Game,
    /// The title's top menu (Campaign / Free play / Test range / Settings / Quit).
    Top(TopView),
    /// Free play's or the test range's list.
    List(TitleView),
    Campaign(CampaignView),
    Briefing(BriefingView),
    Settings(SettingsView),
    /// The title's Make page: a new mission, the player's own (REQ §31).
    Make(MakeView),
    /// The mission editor over its map (REQ §31).
    Editor(&'a EditorView),
    Pause(PauseView),
    /// The run's results, with the line of keys under them.
    Results {
        results: &'a Results,
        keys: &'a str,
    },
}

impl ScreenView<'_> {
    /// The screen laid out on a `w`×`h` frame (pixels) in design units (`None`: play).
    pub fn layout(&self, w: usize, h: usize) -> Option<Layout> {
        Some(match self {
            ScreenView::Game => return None,
            ScreenView::Top(v) => title::top_layout(w, h, v),
            ScreenView::List(v) => title::layout(w, h, v),
            ScreenView::Campaign(v) => campaign::layout(w, h, v),
            ScreenView::Briefing(v) => campaign::briefing_layout(w, h, v),
            ScreenView::Settings(v) => settings::layout(w, h, v),
            ScreenView::Make(v) => make::layout(w, h, v),
            ScreenView::Editor(v) => editor::layout(w, h, v),
            ScreenView::Pause(v) => pause::layout(w, h, v),
            ScreenView::Results { results: r, keys } => results::layout_with_keys(w, h, r, keys),
        })
    }

    /// Draws the screen over `fb` at its UI scale.
    pub fn draw(&self, fb: &mut Framebuffer) {
        if let Some(l) = self.layout(fb.width, fb.height) {
            l.draw(fb);
        }
    }

    /// Whether this is one of the title's pages, drawn over the demo as a backdrop
    /// (dimmed, mostly under panels).
    pub fn is_title(&self) -> bool {
        matches!(
            self,
            ScreenView::Top(_)
                | ScreenView::List(_)
                | ScreenView::Campaign(_)
                | ScreenView::Briefing(_)
                | ScreenView::Settings(_)
                | ScreenView::Make(_)
        )
    }

    /// Whether this is play (the HUD's frame, not a screen of the shell's).
    pub fn is_game(&self) -> bool {
        matches!(self, ScreenView::Game)
    }
}
