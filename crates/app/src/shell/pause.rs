//! The pause menu (Esc in play): a run's choices or a replay's, and what a key does.

use super::menu::MenuKey;

/// The pause menu's choices, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PauseItem {
    Resume,
    Restart,
    NewSeed,
    Help,
    Title,
    Quit,
    /// A replay: watch it again from its first tick (never a live run).
    WatchAgain,
    /// A replay: played to its end at once, then its results.
    ToResults,
    /// A run started from the editor: back to it (REQ §31).
    Editor,
}

/// The pause menu of a run being played.
pub const PAUSE_ITEMS: [PauseItem; 6] = [
    PauseItem::Resume,
    PauseItem::Restart,
    PauseItem::NewSeed,
    PauseItem::Help,
    PauseItem::Title,
    PauseItem::Quit,
];

/// The pause menu of a replay being watched: its actions restart the replay or end it,
/// never a live run (a player who wants to play again does so from the results).
pub const REPLAY_PAUSE_ITEMS: [PauseItem; 6] = [
    PauseItem::Resume,
    PauseItem::WatchAgain,
    PauseItem::ToResults,
    PauseItem::Help,
    PauseItem::Title,
    PauseItem::Quit,
];

/// The pause menu of a run started from the editor: its Title goes back to the editor.
pub const EDITOR_PAUSE_ITEMS: [PauseItem; 6] = [
    PauseItem::Resume,
    PauseItem::Restart,
    PauseItem::NewSeed,
    PauseItem::Help,
    PauseItem::Editor,
    PauseItem::Quit,
];

impl PauseItem {
    pub fn label(self) -> &'static str {
        match self {
            PauseItem::Resume => "Resume",
            PauseItem::Restart => "Restart",
            PauseItem::NewSeed => "Restart with a new seed",
            PauseItem::Help => "Help",
            PauseItem::Title => "Back to the title",
            PauseItem::Quit => "Quit",
            PauseItem::WatchAgain => "Watch the replay again",
            PauseItem::ToResults => "Skip to the results",
            PauseItem::Editor => "Back to the editor",
        }
    }
}

/// The pause menu: its choices (a run's or a replay's) and which row is marked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PauseMenu {
    pub items: &'static [PauseItem],
    pub selected: usize,
}

impl Default for PauseMenu {
    fn default() -> PauseMenu {
        PauseMenu::live()
    }
}

impl PauseMenu {
    /// The menu over a run being played.
    pub fn live() -> PauseMenu {
        PauseMenu {
            items: &PAUSE_ITEMS,
            selected: 0,
        }
    }

    /// The menu over a replay being watched.
    pub fn replay() -> PauseMenu {
        PauseMenu {
            items: &REPLAY_PAUSE_ITEMS,
            selected: 0,
        }
    }

    /// The menu over a run started from the editor (REQ §31).
    pub fn editing() -> PauseMenu {
        PauseMenu {
            items: &EDITOR_PAUSE_ITEMS,
            selected: 0,
        }
    }

    /// The marked choice.
    pub fn current(&self) -> PauseItem {
        self.items[self.selected]
    }

    /// A key; the choice made, if any (Back resumes).
    pub fn key(&mut self, k: MenuKey) -> Option<PauseItem> {
        let n = self.items.len();
        match k {
            MenuKey::Up => self.selected = (self.selected + n - 1) % n,
            MenuKey::Down => self.selected = (self.selected + 1) % n,
            MenuKey::Confirm => return Some(self.current()),
            MenuKey::Back => return Some(PauseItem::Resume),
            _ => {}
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pause_menu_chooses_and_escape_resumes() {
        let mut p = PauseMenu::default();
        assert_eq!(p.key(MenuKey::Back), Some(PauseItem::Resume));
        p.key(MenuKey::Up);
        assert_eq!(p.key(MenuKey::Confirm), Some(PauseItem::Quit));
        p.key(MenuKey::Down);
        p.key(MenuKey::Down);
        assert_eq!(p.key(MenuKey::Confirm), Some(PauseItem::Restart));
        assert_eq!(p.key(MenuKey::Digit(3)), None);
    }
}
