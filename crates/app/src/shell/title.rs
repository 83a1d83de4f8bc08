//! The title's pages without a window (REQ §20, C2): the top menu, the campaign's list
//! and a mission's briefing, free play's and the test range's lists with their seed and
//! difficulty, the settings page inside; what a [`MenuKey`] does on each.

use sim::read::Difficulty;
use winit::keyboard::KeyCode;

use super::campaign::Mission;
use super::catalog::{Entry, Source};
use super::menu::{next_difficulty, step_difficulty, MenuKey, SeedChoice};
use super::settings::Settings;
use super::settings_page::{SettingsEvent, SettingsMenu};

/// The title's pages.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Page {
    /// Campaign / Free play / Test range / Settings / Quit.
    #[default]
    Top,
    /// The missions in order.
    Campaign,
    /// One mission's briefing and its difficulty.
    Briefing,
    FreePlay,
    TestRange,
    Settings,
    /// The mission editor's page: a new mission, the player's own (REQ §31).
    Make,
}

/// The top menu's items.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TopItem {
    Campaign,
    FreePlay,
    TestRange,
    Make,
    Settings,
    Quit,
}

pub const TOP_ITEMS: [TopItem; 6] = [
    TopItem::Campaign,
    TopItem::FreePlay,
    TopItem::TestRange,
    TopItem::Make,
    TopItem::Settings,
    TopItem::Quit,
];

impl TopItem {
    pub fn label(self) -> &'static str {
        match self {
            TopItem::Campaign => "Campaign",
            TopItem::FreePlay => "Free play",
            TopItem::TestRange => "Test range",
            TopItem::Make => "Make",
            TopItem::Settings => "Settings",
            TopItem::Quit => "Quit",
        }
    }
}

/// What the title asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TitleAction {
    /// Start the chosen scenario of the free play or test range list.
    Start,
    /// Begin the briefing's mission at the briefing's difficulty.
    Begin,
    /// A page opened (the confirm sound).
    Opened,
    /// Back one page.
    Back,
    /// A setting changed: apply it and save.
    Changed,
    /// Start the campaign over with a fresh squad (REQ K6; "N: new squad", confirmed).
    NewSquad,
    Quit,
}

/// What the title's pages count, for the keys that move through them.
#[derive(Clone, Copy, Debug)]
pub struct Counts<'a> {
    /// Rows of free play and of the test range.
    pub free: usize,
    pub range: usize,
    pub missions: &'a [Mission],
    /// The mission to play next (the campaign page starts on it).
    pub next: usize,
    /// The difficulty a briefing opens at.
    pub difficulty: Difficulty,
}

/// The title's state: the page shown and each page's choice, the seed and difficulty
/// of the lists, a note about the last start.
#[derive(Clone, Debug, Default)]
pub struct TitleMenu {
    pub page: Page,
    /// The top menu's row.
    pub top: usize,
    /// The campaign's row (the briefing's mission).
    pub mission: usize,
    /// The briefing's difficulty (the one last chosen, else normal, when it opens).
    pub mission_difficulty: Difficulty,
    /// Free play's row.
    pub selected: usize,
    /// The test range's row.
    pub range: usize,
    pub seed: SeedChoice,
    /// Easy, normal or hard (T4): the enemies' damage and counts, and the director's
    /// level where a scenario has one; `None` plays each scenario at its own (a
    /// `director = hard` march is hard).
    pub difficulty: Option<Difficulty>,
    pub note: Option<String>,
    pub settings: SettingsMenu,
    /// N on the campaign's list or a briefing: the next key confirms a fresh squad (N
    /// or Enter) or keeps this one (any other).
    pub confirm_new_squad: bool,
    /// The Make page (REQ §31).
    pub make: super::make::MakeMenu,
}

impl TitleMenu {
    /// `entry` could not start with `error` (a loader's `file:line:col: message`, then
    /// perhaps more lines): the note under the list is its first line whole, the
    /// entry's own folder left out of the file name (the list says which file). The
    /// title wraps it in the list's panel, so the position and the token stay.
    pub fn cannot_start(&mut self, entry: &Entry, error: &str) {
        self.note = Some(start_note(entry, error));
    }

    /// The chosen row of the list page shown (free play or the test range).
    pub fn list_row(&self) -> Option<usize> {
        match self.page {
            Page::FreePlay => Some(self.selected),
            Page::TestRange => Some(self.range),
            _ => None,
        }
    }

    /// The entry the list page shown has chosen, of `free` and `range`.
    pub fn chosen_entry<'a>(&self, free: &'a [Entry], range: &'a [Entry]) -> Option<&'a Entry> {
        match self.page {
            Page::FreePlay => free.get(self.selected),
            Page::TestRange => range.get(self.range),
            _ => None,
        }
    }

    /// Opens the campaign's page on `mission`.
    pub fn open_campaign(&mut self, mission: usize) {
        self.page = Page::Campaign;
        self.mission = mission;
    }

    /// Opens the briefing of mission `i` of `missions` at `difficulty` (the player's
    /// last chosen, [`crate::shell::progress::Progress::briefing_difficulty`]).
    pub fn open_briefing(&mut self, missions: &[Mission], i: usize, difficulty: Difficulty) {
        if i >= missions.len() {
            return self.open_campaign(i.min(missions.len().saturating_sub(1)));
        }
        self.page = Page::Briefing;
        self.mission = i;
        self.mission_difficulty = difficulty;
    }

    /// A menu key on the page shown; settings are changed in `settings`.
    pub fn key(&mut self, k: MenuKey, c: &Counts, settings: &mut Settings) -> Option<TitleAction> {
        let wrap = |i: usize, n: usize, up: bool| {
            let n = n.max(1);
            if up {
                (i + n - 1) % n
            } else {
                (i + 1) % n
            }
        };
        if std::mem::take(&mut self.confirm_new_squad) {
            return Some(match k {
                MenuKey::Confirm | MenuKey::Letter('n') => TitleAction::NewSquad,
                _ => TitleAction::Back,
            });
        }
        match (self.page, k) {
            (Page::Campaign | Page::Briefing, MenuKey::Letter('n')) => {
                self.confirm_new_squad = true;
                return Some(TitleAction::Opened);
            }
            (Page::Top, MenuKey::Up | MenuKey::Down) => {
                self.top = wrap(self.top, TOP_ITEMS.len(), k == MenuKey::Up)
            }
            (Page::Top, MenuKey::Confirm) => {
                self.note = None;
                match TOP_ITEMS[self.top.min(TOP_ITEMS.len() - 1)] {
                    TopItem::Campaign => self.open_campaign(c.next),
                    TopItem::FreePlay => self.page = Page::FreePlay,
                    TopItem::TestRange => self.page = Page::TestRange,
                    TopItem::Make => {
                        self.page = Page::Make;
                        self.make.naming = None;
                        self.make.note = None;
                    }
                    TopItem::Settings => {
                        self.page = Page::Settings;
                        self.settings = SettingsMenu::default();
                    }
                    TopItem::Quit => return Some(TitleAction::Quit),
                }
                return Some(TitleAction::Opened);
            }
            (Page::Top, MenuKey::Back) => return Some(TitleAction::Quit),
            (Page::Campaign, MenuKey::Up | MenuKey::Down) => {
                self.mission = wrap(self.mission, c.missions.len(), k == MenuKey::Up)
            }
            (Page::Campaign, MenuKey::Confirm) if !c.missions.is_empty() => {
                self.open_briefing(c.missions, self.mission, c.difficulty);
                return Some(TitleAction::Opened);
            }
            (Page::Briefing, MenuKey::Left) => {
                self.mission_difficulty = step_difficulty(self.mission_difficulty, false)
            }
            (Page::Briefing, MenuKey::Right | MenuKey::Difficulty) => {
                self.mission_difficulty = step_difficulty(self.mission_difficulty, true)
            }
            (Page::Briefing, MenuKey::Confirm) => return Some(TitleAction::Begin),
            (Page::Briefing, MenuKey::Back) => {
                self.page = Page::Campaign;
                return Some(TitleAction::Back);
            }
            (Page::FreePlay | Page::TestRange, _) => return self.list_key(k, c),
            (Page::Settings, _) => {
                return match self.settings.key(k, settings) {
                    Some(SettingsEvent::Changed) => Some(TitleAction::Changed),
                    Some(SettingsEvent::Back) => {
                        self.page = Page::Top;
                        Some(TitleAction::Back)
                    }
                    None => None,
                }
            }
            (_, MenuKey::Back) => {
                self.page = Page::Top;
                return Some(TitleAction::Back);
            }
            _ => {}
        }
        None
    }

    /// A key on free play's or the test range's list.
    fn list_key(&mut self, k: MenuKey, c: &Counts) -> Option<TitleAction> {
        let (row, n) = match self.page {
            Page::TestRange => (&mut self.range, c.range),
            _ => (&mut self.selected, c.free),
        };
        let n = n.max(1);
        match k {
            MenuKey::Up => *row = (*row + n - 1) % n,
            MenuKey::Down => *row = (*row + 1) % n,
            MenuKey::Left | MenuKey::Right => self.seed.cycle(),
            MenuKey::Digit(d) => self.seed.push_digit(d),
            MenuKey::Erase => self.seed.erase(),
            MenuKey::Difficulty => self.difficulty = next_difficulty(self.difficulty),
            MenuKey::Confirm => return Some(TitleAction::Start),
            MenuKey::Back => {
                self.note = None;
                self.page = Page::Top;
                return Some(TitleAction::Back);
            }
            MenuKey::Letter(_) => {}
        }
        None
    }

    /// A raw key while the settings wait for a rebinding's key (the only raw key the
    /// menus read): `Some` when the key was taken (Esc cancels).
    pub fn capture(&mut self, code: KeyCode, settings: &mut Settings) -> Option<TitleAction> {
        if self.page != Page::Settings || !self.settings.capturing {
            return None;
        }
        Some(match self.settings.capture(code, settings) {
            true => TitleAction::Changed,
            false => TitleAction::Back,
        })
    }

    /// Whether a rebinding waits for its key.
    pub fn capturing(&self) -> bool {
        self.page == Page::Settings && self.settings.capturing
    }
}

/// The title's note for `entry` refused with `error` ([`TitleMenu::cannot_start`]).
pub fn start_note(entry: &Entry, error: &str) -> String {
    let first = error.lines().next().unwrap_or_default();
    let shown = match &entry.source {
        Source::File(p) => {
            let path = p.display().to_string();
            match (first.strip_prefix(path.as_str()), p.file_name()) {
                (Some(rest), Some(name)) if rest.starts_with(':') => {
                    format!("{}{rest}", name.to_string_lossy())
                }
                _ => first.to_string(),
            }
        }
        Source::Embedded(_) => first.to_string(),
    };
    format!("cannot start: {shown}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shell::bindings::Bind;
    use crate::shell::settings_page::SettingRow;

    fn counts(ms: &[Mission]) -> Counts<'_> {
        Counts {
            free: 4,
            range: 11,
            missions: ms,
            next: 2,
            difficulty: Difficulty::Hard,
        }
    }

    #[test]
    fn the_title_list_wraps_and_starts() {
        let ms = crate::shell::campaign::missions();
        let mut set = Settings::default();
        let mut t = TitleMenu {
            page: Page::FreePlay,
            ..TitleMenu::default()
        };
        assert_eq!(t.key(MenuKey::Up, &counts(&ms), &mut set), None);
        assert_eq!(t.selected, 3);
        t.key(MenuKey::Down, &counts(&ms), &mut set);
        assert_eq!(t.selected, 0);
        assert_eq!(
            t.key(MenuKey::Confirm, &counts(&ms), &mut set),
            Some(TitleAction::Start)
        );
        // The test range keeps its own row.
        t.page = Page::TestRange;
        t.key(MenuKey::Up, &counts(&ms), &mut set);
        assert_eq!((t.range, t.selected), (10, 0));
        assert_eq!(
            t.key(MenuKey::Back, &counts(&ms), &mut set),
            Some(TitleAction::Back)
        );
        assert_eq!(t.page, Page::Top);
        assert_eq!(
            t.key(MenuKey::Back, &counts(&ms), &mut set),
            Some(TitleAction::Quit),
            "Esc on the top menu quits"
        );
    }

    /// The top menu opens each page; Esc goes back one level from every page.
    #[test]
    fn the_top_menu_opens_every_page_and_esc_goes_back_one_level() {
        let ms = crate::shell::campaign::missions();
        let c = counts(&ms);
        let mut set = Settings::default();
        let mut t = TitleMenu::default();
        let mut pages = Vec::new();
        for (i, item) in TOP_ITEMS.iter().enumerate() {
            t.top = i;
            let got = t.key(MenuKey::Confirm, &c, &mut set);
            if *item == TopItem::Quit {
                assert_eq!(got, Some(TitleAction::Quit));
                continue;
            }
            assert_eq!(got, Some(TitleAction::Opened), "{item:?}");
            pages.push(t.page);
            assert_eq!(t.key(MenuKey::Back, &c, &mut set), Some(TitleAction::Back));
            assert_eq!(t.page, Page::Top);
        }
        assert_eq!(
            pages,
            [
                Page::Campaign,
                Page::FreePlay,
                Page::TestRange,
                Page::Make,
                Page::Settings
            ]
        );
        // Up from the first item wraps to Quit.
        t.top = 0;
        t.key(MenuKey::Up, &c, &mut set);
        assert_eq!(TOP_ITEMS[t.top], TopItem::Quit);
    }

    /// The campaign opens on the next mission; its briefing starts at the difficulty
    /// the player last chose (the counts' hard here, not the mission's own easy), Tab
    /// and Left/Right cycle easy/normal/hard, Enter begins, Esc goes back to the list,
    /// then to the top.
    #[test]
    fn the_campaign_list_and_the_briefing() {
        let ms = crate::shell::campaign::missions();
        let c = counts(&ms);
        let mut set = Settings::default();
        let mut t = TitleMenu::default();
        t.key(MenuKey::Confirm, &c, &mut set);
        assert_eq!((t.page, t.mission), (Page::Campaign, 2), "the next mission");
        t.key(MenuKey::Up, &c, &mut set);
        t.key(MenuKey::Up, &c, &mut set);
        assert_eq!(t.mission, 0);
        t.key(MenuKey::Up, &c, &mut set);
        assert_eq!(
            t.mission,
            ms.len() - 1,
            "a mission beyond the next one is chosen"
        );
        t.key(MenuKey::Down, &c, &mut set);
        assert_eq!(
            t.key(MenuKey::Confirm, &c, &mut set),
            Some(TitleAction::Opened)
        );
        assert_eq!(t.page, Page::Briefing);
        let own = c.difficulty;
        assert_ne!(ms[0].director, Some(own), "not the mission's own");
        assert_eq!(t.mission_difficulty, own);
        let mut seen = Vec::new();
        for k in [
            MenuKey::Difficulty,
            MenuKey::Right,
            MenuKey::Right,
            MenuKey::Left,
        ] {
            assert_eq!(t.key(k, &c, &mut set), None);
            seen.push(t.mission_difficulty);
        }
        assert_eq!(seen[2], own, "three steps go round");
        assert_eq!(seen[3], step_difficulty(own, false));
        assert_eq!(
            t.key(MenuKey::Confirm, &c, &mut set),
            Some(TitleAction::Begin)
        );
        assert_eq!(t.key(MenuKey::Back, &c, &mut set), Some(TitleAction::Back));
        assert_eq!(t.page, Page::Campaign);
        t.key(MenuKey::Back, &c, &mut set);
        assert_eq!(t.page, Page::Top);
    }

    /// REQ K6: N on the campaign's list or a briefing asks; N or Enter then starts a
    /// fresh squad, any other key keeps this one (and does nothing else).
    #[test]
    fn a_new_squad_is_asked_for_and_confirmed() {
        let ms = crate::shell::campaign::missions();
        let c = counts(&ms);
        let mut set = Settings::default();
        for page in [Page::Campaign, Page::Briefing] {
            for (yes, then) in [
                (MenuKey::Confirm, Some(TitleAction::NewSquad)),
                (MenuKey::Letter('n'), Some(TitleAction::NewSquad)),
                (MenuKey::Back, Some(TitleAction::Back)),
                (MenuKey::Down, Some(TitleAction::Back)),
            ] {
                let mut t = TitleMenu {
                    page,
                    ..TitleMenu::default()
                };
                let ask = t.key(MenuKey::Letter('n'), &c, &mut set);
                assert_eq!(ask, Some(TitleAction::Opened));
                assert!(t.confirm_new_squad);
                assert_eq!(t.key(yes, &c, &mut set), then, "{page:?} {yes:?}");
                assert!(!t.confirm_new_squad);
                assert_eq!((t.page, t.mission), (page, 0), "nothing else moved");
            }
        }
        // Elsewhere N asks nothing.
        let mut t = TitleMenu {
            page: Page::FreePlay,
            ..TitleMenu::default()
        };
        t.key(MenuKey::Letter('n'), &c, &mut set);
        assert!(!t.confirm_new_squad);
    }

    #[test]
    fn tab_on_the_title_cycles_the_difficulty_from_the_scenarios_own() {
        let ms = crate::shell::campaign::missions();
        let mut set = Settings::default();
        let mut m = TitleMenu {
            page: Page::FreePlay,
            ..TitleMenu::default()
        };
        assert_eq!(m.difficulty, None, "each scenario at its own level");
        let seen: Vec<Option<Difficulty>> = (0..4)
            .map(|_| {
                assert_eq!(m.key(MenuKey::Difficulty, &counts(&ms), &mut set), None);
                m.difficulty
            })
            .collect();
        assert_eq!(
            seen,
            [
                Some(Difficulty::Easy),
                Some(Difficulty::Normal),
                Some(Difficulty::Hard),
                None
            ]
        );
        assert_eq!(m.selected, 0, "the scenario stays chosen");
    }

    /// A broken file's note keeps `file:line:col` and the token, the folder left out.
    #[test]
    fn a_refused_file_s_note_keeps_the_position_and_the_token() {
        let dir = std::env::temp_dir().join(format!("squad_note_{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("broken.scn"),
            "name = b\nseed = 4\n      wave2 = 3\n",
        )
        .unwrap();
        let list = crate::shell::catalog::catalog(std::slice::from_ref(&dir));
        let entry = list.last().unwrap();
        let err = crate::shell::catalog::load(entry, None, None).unwrap_err();
        assert!(err.contains(&dir.display().to_string()), "{err}");
        let mut t = TitleMenu::default();
        t.cannot_start(entry, &err);
        let note = t.note.as_deref().unwrap();
        assert!(
            note.starts_with("cannot start: broken.scn:3:7: unknown key `wave2`"),
            "{note}"
        );
        // An error naming another file (a map, the tuning) keeps that file's path.
        let other = format!("{}/x.map:1:2: bad", dir.display());
        assert_eq!(start_note(entry, &other), format!("cannot start: {other}"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// The settings page: Up/Down skip the headings, Left/Right change values within
    /// their ranges, Enter on a binding waits for a key (the raw key goes to
    /// `capture`), Esc cancels the wait, then goes back.
    #[test]
    fn the_settings_page_changes_values_and_rebinds_keys() {
        let ms = crate::shell::campaign::missions();
        let c = counts(&ms);
        let mut s = Settings::default();
        let mut t = TitleMenu {
            page: Page::Settings,
            ..TitleMenu::default()
        };
        assert_eq!(t.settings.row(), SettingRow::Master);
        assert_eq!(t.key(MenuKey::Right, &c, &mut s), None, "already 100 %");
        assert_eq!(t.key(MenuKey::Left, &c, &mut s), Some(TitleAction::Changed));
        assert_eq!(s.master, 90);
        // Up from the first row wraps past the headings to the last binding.
        t.key(MenuKey::Up, &c, &mut s);
        assert_eq!(
            t.settings.row(),
            SettingRow::Key(*Bind::ALL.last().unwrap())
        );
        t.key(MenuKey::Down, &c, &mut s);
        for _ in 0..3 {
            t.key(MenuKey::Down, &c, &mut s);
        }
        assert_eq!(t.settings.row(), SettingRow::Brightness, "over DISPLAY");
        for _ in 0..9 {
            t.key(MenuKey::Right, &c, &mut s);
        }
        assert_eq!(s.brightness, 5, "at most +5");
        t.key(MenuKey::Down, &c, &mut s);
        t.key(MenuKey::Confirm, &c, &mut s);
        assert!(s.fullscreen);
        t.key(MenuKey::Down, &c, &mut s);
        t.key(MenuKey::Left, &c, &mut s);
        assert_eq!(s.frame_cap, Some(144), "off wraps back to 144");
        // The render scale: 10 % steps, 50 to 100.
        t.key(MenuKey::Down, &c, &mut s);
        assert_eq!(t.settings.row(), SettingRow::RenderScale);
        assert_eq!(t.key(MenuKey::Right, &c, &mut s), None, "already 100 %");
        for _ in 0..9 {
            t.key(MenuKey::Left, &c, &mut s);
        }
        assert_eq!(s.render_scale, 50, "at least 50 %");
        t.key(MenuKey::Right, &c, &mut s);
        assert_eq!(s.render_scale, 60);
        // The trail (REQ W1): on easy, on, off, round.
        t.key(MenuKey::Down, &c, &mut s);
        assert_eq!(t.settings.row(), SettingRow::Trail);
        t.key(MenuKey::Right, &c, &mut s);
        assert_eq!(s.trail, crate::shell::settings::Trail::On);
        t.key(MenuKey::Right, &c, &mut s);
        assert_eq!(s.trail, crate::shell::settings::Trail::Off);
        // The defaults row puts everything back.
        t.key(MenuKey::Down, &c, &mut s);
        assert_eq!(
            t.key(MenuKey::Confirm, &c, &mut s),
            Some(TitleAction::Changed)
        );
        assert_eq!(s, Settings::default());
        // The controls (REQ W4), over their heading: each toggles.
        use crate::shell::controls::{DiskRelease, MoveKeys};
        t.key(MenuKey::Down, &c, &mut s);
        assert_eq!(t.settings.row(), SettingRow::MoveKeys);
        assert_eq!(
            t.key(MenuKey::Confirm, &c, &mut s),
            Some(TitleAction::Changed)
        );
        assert_eq!(s.controls.move_keys, MoveKeys::Screen);
        t.key(MenuKey::Left, &c, &mut s);
        assert_eq!(s.controls.move_keys, MoveKeys::Map);
        t.key(MenuKey::Down, &c, &mut s);
        assert_eq!(t.settings.row(), SettingRow::Release);
        t.key(MenuKey::Right, &c, &mut s);
        assert_eq!(s.controls.release, DiskRelease::Return);
        t.key(MenuKey::Right, &c, &mut s);
        assert_eq!(s.controls.release, DiskRelease::Stay);
        // Move up: Enter waits, a raw key rebinds its first slot.
        t.key(MenuKey::Down, &c, &mut s);
        assert_eq!(t.settings.row(), SettingRow::Key(Bind::MoveUp));
        assert!(!t.capturing());
        t.key(MenuKey::Confirm, &c, &mut s);
        assert!(t.capturing());
        assert_eq!(t.capture(KeyCode::KeyI, &mut s), Some(TitleAction::Changed));
        assert!(!t.capturing());
        assert!(s.keys.is(Bind::MoveUp, KeyCode::KeyI));
        assert!(!s.keys.is(Bind::MoveUp, KeyCode::KeyW));
        // Its second slot onto P: pause's key, swapped (pause gets Up).
        t.key(MenuKey::Right, &c, &mut s);
        t.key(MenuKey::Confirm, &c, &mut s);
        assert_eq!(t.capture(KeyCode::KeyP, &mut s), Some(TitleAction::Changed));
        assert!(s.keys.is(Bind::Pause, KeyCode::ArrowUp));
        let note = t.settings.note.clone().unwrap();
        assert!(
            note.contains("P is now Move up's") && note.contains("Pause gets Up"),
            "{note}"
        );
        // Esc while waiting cancels; Esc again goes back to the top.
        t.key(MenuKey::Confirm, &c, &mut s);
        assert_eq!(t.capture(KeyCode::Escape, &mut s), Some(TitleAction::Back));
        assert!(!t.capturing() && t.page == Page::Settings);
        let before = s.clone();
        t.key(MenuKey::Confirm, &c, &mut s);
        assert_eq!(
            t.key(MenuKey::Back, &c, &mut s),
            None,
            "a pad's B cancels too"
        );
        assert!(!t.capturing());
        assert_eq!(s, before);
        // Backspace clears the chosen slot.
        assert_eq!(
            t.key(MenuKey::Erase, &c, &mut s),
            Some(TitleAction::Changed)
        );
        assert_eq!(s.keys.keys(Bind::MoveUp).count(), 1);
        assert_eq!(t.key(MenuKey::Back, &c, &mut s), Some(TitleAction::Back));
        assert_eq!(t.page, Page::Top);
    }
}
