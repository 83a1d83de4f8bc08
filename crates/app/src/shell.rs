//! The player's shell without a window (REQ §20, §23 C2/C4): the title's pages — its
//! top menu (Campaign / Free play / Test range / Settings / Quit), the campaign's list
//! and a mission's briefing, the free play and test range lists with their seed and
//! difficulty, the settings with the key rebinding — the pause menu, the results' keys,
//! what their keys do, and the screens drawn from them. Keys arrive as [`MenuKey`]s so
//! the keyboard, the mouse and a gamepad can all drive the menus (the one raw key read
//! here is a rebinding's capture, [`TitleMenu::capture`]); the window maps its keys,
//! `--screenshot --screen` draws the same screens headless.

use raster::Framebuffer;
use sim::read::Difficulty;
use view::screens::campaign::{BriefingView, CampaignView, MissionRow, Standing};
use view::screens::settings::{Row, SettingsView, Value};
use view::screens::{self, clock_text, Layout, TitleView, TopView};
use winit::keyboard::KeyCode;

use crate::bindings::{key_label, key_name, Bind, Rebound};
use crate::campaign::Mission;
use crate::catalog::{Entry, Source};
use crate::progress::Progress;
use crate::settings::{
    Settings, BRIGHTNESS, FRAME_CAPS, RENDER_SCALE, RENDER_SCALE_STEP, VOLUME_STEP,
};

/// A key as the menus see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuKey {
    Up,
    Down,
    Left,
    Right,
    Confirm,
    Back,
    Digit(u8),
    Erase,
    /// The next difficulty (Tab on the title).
    Difficulty,
    /// A letter key the results take (R retry, N new seed, V replay, T title),
    /// lowercase.
    Letter(char),
}

/// Longest seed typed (digits of u64::MAX).
const SEED_DIGITS: usize = 20;

/// The seed a run starts with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum SeedChoice {
    /// The scenario's own seed.
    #[default]
    Own,
    /// A fresh one each start.
    Random,
    /// Digits typed on the title.
    Typed(String),
}

impl SeedChoice {
    /// The line the title shows.
    pub fn line(&self) -> String {
        match self {
            SeedChoice::Own => "< the scenario's own >".into(),
            SeedChoice::Random => "< random >".into(),
            SeedChoice::Typed(d) => format!("{d}_"),
        }
    }

    /// Left/Right: between the scenario's own and random (typing is the third way).
    pub fn cycle(&mut self) {
        *self = match self {
            SeedChoice::Own => SeedChoice::Random,
            _ => SeedChoice::Own,
        };
    }

    pub fn push_digit(&mut self, d: u8) {
        let mut digits = match self {
            SeedChoice::Typed(s) => std::mem::take(s),
            _ => String::new(),
        };
        if digits.len() < SEED_DIGITS && d < 10 {
            let candidate = format!("{digits}{d}");
            if candidate.parse::<u64>().is_ok() {
                digits = candidate;
            }
        }
        *self = SeedChoice::Typed(digits);
    }

    pub fn erase(&mut self) {
        if let SeedChoice::Typed(s) = self {
            s.pop();
            if s.is_empty() {
                *self = SeedChoice::Own;
            }
        }
    }

    /// The seed to start with: `None` keeps the scenario's own; random draws one.
    pub fn resolve(&self) -> Option<u64> {
        match self {
            SeedChoice::Own => None,
            SeedChoice::Random => Some(random_seed()),
            SeedChoice::Typed(d) => d.parse().ok(),
        }
    }
}

/// A seed from the wall clock and the process id (the shell's own randomness; the
/// simulation only ever sees the number).
pub fn random_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    // splitmix64: neighbouring clock readings give unrelated seeds.
    let mut z = nanos ^ ((std::process::id() as u64) << 32);
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (z ^ (z >> 31)) % 1_000_000
}

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
}

/// The top menu's items.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TopItem {
    Campaign,
    FreePlay,
    TestRange,
    Settings,
    Quit,
}

pub const TOP_ITEMS: [TopItem; 5] = [
    TopItem::Campaign,
    TopItem::FreePlay,
    TopItem::TestRange,
    TopItem::Settings,
    TopItem::Quit,
];

impl TopItem {
    pub fn label(self) -> &'static str {
        match self {
            TopItem::Campaign => "Campaign",
            TopItem::FreePlay => "Free play",
            TopItem::TestRange => "Test range",
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
    /// The briefing's difficulty (the mission's own when the briefing opens).
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

    /// Opens the briefing of mission `i` of `missions`, at its own difficulty.
    pub fn open_briefing(&mut self, missions: &[Mission], i: usize) {
        let Some(m) = missions.get(i) else {
            return self.open_campaign(i.min(missions.len().saturating_sub(1)));
        };
        self.page = Page::Briefing;
        self.mission = i;
        self.mission_difficulty = m.director.unwrap_or_default();
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
        match (self.page, k) {
            (Page::Top, MenuKey::Up | MenuKey::Down) => {
                self.top = wrap(self.top, TOP_ITEMS.len(), k == MenuKey::Up)
            }
            (Page::Top, MenuKey::Confirm) => {
                self.note = None;
                match TOP_ITEMS[self.top.min(TOP_ITEMS.len() - 1)] {
                    TopItem::Campaign => self.open_campaign(c.next),
                    TopItem::FreePlay => self.page = Page::FreePlay,
                    TopItem::TestRange => self.page = Page::TestRange,
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
                self.open_briefing(c.missions, self.mission);
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

/// Easy ↔ normal ↔ hard, wrapping (the briefing's choice).
pub fn step_difficulty(d: Difficulty, up: bool) -> Difficulty {
    let all = Difficulty::ALL;
    let i = all.iter().position(|&x| x == d).unwrap_or(1);
    all[if up { (i + 1) % 3 } else { (i + 2) % 3 }]
}

/// The scenario's own → easy → normal → hard → the scenario's own.
pub fn next_difficulty(d: Option<Difficulty>) -> Option<Difficulty> {
    match d {
        None => Some(Difficulty::Easy),
        Some(Difficulty::Easy) => Some(Difficulty::Normal),
        Some(Difficulty::Normal) => Some(Difficulty::Hard),
        Some(Difficulty::Hard) => None,
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

/// A row of the settings page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettingRow {
    Heading(&'static str),
    Master,
    Effects,
    Ambience,
    Brightness,
    Fullscreen,
    FrameCap,
    RenderScale,
    Defaults,
    Key(Bind),
}

/// The settings page's rows, in order.
pub fn setting_rows() -> Vec<SettingRow> {
    let mut rows = vec![
        SettingRow::Heading("SOUND"),
        SettingRow::Master,
        SettingRow::Effects,
        SettingRow::Ambience,
        SettingRow::Heading("DISPLAY"),
        SettingRow::Brightness,
        SettingRow::Fullscreen,
        SettingRow::FrameCap,
        SettingRow::RenderScale,
        SettingRow::Defaults,
        SettingRow::Heading("KEYS   (Enter: rebind)"),
    ];
    rows.extend(Bind::ALL.into_iter().map(SettingRow::Key));
    rows
}

/// What a key on the settings page did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettingsEvent {
    /// A setting changed (apply it, save the file).
    Changed,
    Back,
}

/// The settings page's state: the row chosen, a binding's key slot, whether a key is
/// awaited, what the last change said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettingsMenu {
    pub selected: usize,
    pub slot: usize,
    pub capturing: bool,
    pub note: Option<String>,
}

impl Default for SettingsMenu {
    fn default() -> SettingsMenu {
        SettingsMenu {
            selected: 1,
            slot: 0,
            capturing: false,
            note: None,
        }
    }
}

impl SettingsMenu {
    /// The chosen row.
    pub fn row(&self) -> SettingRow {
        let rows = setting_rows();
        rows[self.selected.min(rows.len() - 1)]
    }

    /// Chooses row `i` (a heading chooses the row after it).
    pub fn choose(&mut self, i: usize) {
        let rows = setting_rows();
        let mut i = i.min(rows.len() - 1);
        while matches!(rows[i], SettingRow::Heading(_)) && i + 1 < rows.len() {
            i += 1;
        }
        if i != self.selected {
            self.slot = 0;
        }
        self.selected = i;
    }

    /// A menu key: Up/Down move (over the headings), Left/Right change a value (or
    /// choose a binding's first or second key), Enter toggles, cycles, restores the
    /// defaults or waits for a binding's new key, Backspace clears a binding's key, Esc
    /// goes back (or cancels the wait).
    pub fn key(&mut self, k: MenuKey, s: &mut Settings) -> Option<SettingsEvent> {
        if self.capturing {
            if k == MenuKey::Back {
                self.capturing = false;
                self.note = Some("not changed".into());
            }
            return None;
        }
        let rows = setting_rows();
        let n = rows.len();
        let row = self.row();
        let volume = |v: &mut u8, up: bool| {
            let was = *v;
            *v = if up {
                v.saturating_add(VOLUME_STEP).min(100)
            } else {
                v.saturating_sub(VOLUME_STEP)
            };
            was != *v
        };
        let changed = match (k, row) {
            (MenuKey::Up | MenuKey::Down, _) => {
                let mut i = self.selected;
                loop {
                    i = if k == MenuKey::Up {
                        (i + n - 1) % n
                    } else {
                        (i + 1) % n
                    };
                    if !matches!(rows[i], SettingRow::Heading(_)) {
                        break;
                    }
                }
                self.selected = i;
                self.slot = 0;
                self.note = None;
                false
            }
            (MenuKey::Back, _) => {
                self.note = None;
                return Some(SettingsEvent::Back);
            }
            (MenuKey::Left | MenuKey::Right, SettingRow::Master) => {
                volume(&mut s.master, k == MenuKey::Right)
            }
            (MenuKey::Left | MenuKey::Right, SettingRow::Effects) => {
                volume(&mut s.effects, k == MenuKey::Right)
            }
            (MenuKey::Left | MenuKey::Right, SettingRow::Ambience) => {
                volume(&mut s.ambience, k == MenuKey::Right)
            }
            (MenuKey::Left | MenuKey::Right, SettingRow::Brightness) => {
                let was = s.brightness;
                let d = if k == MenuKey::Right { 1 } else { -1 };
                s.brightness = (s.brightness + d).clamp(*BRIGHTNESS.start(), *BRIGHTNESS.end());
                was != s.brightness
            }
            (MenuKey::Left | MenuKey::Right | MenuKey::Confirm, SettingRow::Fullscreen) => {
                s.fullscreen = !s.fullscreen;
                true
            }
            (MenuKey::Left | MenuKey::Right | MenuKey::Confirm, SettingRow::FrameCap) => {
                let i = FRAME_CAPS
                    .iter()
                    .position(|&c| c == s.frame_cap)
                    .unwrap_or(0);
                let m = FRAME_CAPS.len();
                let j = if k == MenuKey::Left {
                    (i + m - 1) % m
                } else {
                    (i + 1) % m
                };
                s.frame_cap = FRAME_CAPS[j];
                true
            }
            (MenuKey::Left | MenuKey::Right, SettingRow::RenderScale) => {
                let was = s.render_scale;
                s.render_scale = match k {
                    MenuKey::Right => s.render_scale.saturating_add(RENDER_SCALE_STEP),
                    _ => s.render_scale.saturating_sub(RENDER_SCALE_STEP),
                }
                .clamp(*RENDER_SCALE.start(), *RENDER_SCALE.end());
                was != s.render_scale
            }
            (MenuKey::Confirm, SettingRow::Defaults) => {
                *s = Settings::default();
                self.note = Some("every setting and key is back to its default".into());
                true
            }
            (MenuKey::Left, SettingRow::Key(_)) => {
                self.slot = 0;
                false
            }
            (MenuKey::Right, SettingRow::Key(_)) => {
                self.slot = 1;
                false
            }
            (MenuKey::Confirm, SettingRow::Key(b)) => {
                self.capturing = true;
                self.note = Some(format!("press the new key for {} (Esc cancels)", b.label()));
                false
            }
            (MenuKey::Erase, SettingRow::Key(b)) => match s.keys.clear(b, self.slot) {
                Ok(()) => {
                    self.note = Some(format!("{}: {}", b.label(), keys_text(s, b)));
                    true
                }
                Err(e) => {
                    self.note = Some(e);
                    false
                }
            },
            _ => false,
        };
        changed.then_some(SettingsEvent::Changed)
    }

    /// The key pressed while a rebinding waits: put in the chosen slot (true), or the
    /// wait cancelled with Esc or refused (false). A key bound elsewhere is swapped,
    /// and the note says so.
    pub fn capture(&mut self, code: KeyCode, s: &mut Settings) -> bool {
        self.capturing = false;
        let SettingRow::Key(b) = self.row() else {
            return false;
        };
        if code == KeyCode::Escape {
            self.note = Some("not changed".into());
            return false;
        }
        let Some(name) = key_name(code) else {
            self.note = Some("that key cannot be bound".into());
            return false;
        };
        let (note, changed) = match s.keys.rebind(b, self.slot, code) {
            Rebound::Done => (format!("{}: {}", b.label(), keys_text(s, b)), true),
            Rebound::Swapped { other, gets } => (
                match gets {
                    Some(k) => format!(
                        "{name} is now {}'s; {} gets {} instead",
                        b.label(),
                        other.label(),
                        key_label(k)
                    ),
                    None => format!("{name} is now {}'s; {} lost it", b.label(), other.label()),
                },
                true,
            ),
            Rebound::Refused(why) => (format!("not changed: {why}"), false),
        };
        self.note = Some(note);
        changed
    }
}

/// A binding's keys as text (`W, Up`; `none`).
fn keys_text(s: &Settings, b: Bind) -> String {
    let keys: Vec<&str> = s.keys.keys(b).map(key_label).collect();
    if keys.is_empty() {
        "no key".into()
    } else {
        keys.join(", ")
    }
}

/// What the results' keys do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultsAction {
    /// The next mission's briefing (a campaign mission won).
    NextMission,
    Retry,
    NewSeed,
    Replay,
    Title,
}

/// A key on the results; `mission` is `Some(won)` after a campaign mission. Enter plays
/// the next mission after a won one, and the same run again otherwise; R retries, N (not
/// in the campaign) takes a new seed, V plays the replay, T or Esc goes to the title.
pub fn results_key(k: MenuKey, mission: Option<bool>) -> Option<ResultsAction> {
    Some(match k {
        MenuKey::Confirm if mission == Some(true) => ResultsAction::NextMission,
        MenuKey::Confirm | MenuKey::Letter('r') => ResultsAction::Retry,
        MenuKey::Letter('n') if mission.is_none() => ResultsAction::NewSeed,
        MenuKey::Letter('v') => ResultsAction::Replay,
        MenuKey::Letter('t') | MenuKey::Back => ResultsAction::Title,
        _ => return None,
    })
}

/// The line of keys under the results: a campaign mission's (`Some((won, last))`) or
/// every other run's.
pub fn results_keys(mission: Option<(bool, bool)>) -> &'static str {
    match mission {
        None => screens::results::RESULTS_KEYS,
        Some((true, false)) => "Enter: next mission   R: retry   V: replay   T: title",
        Some((true, true)) => "Enter: the campaign   R: retry   V: replay   T: title",
        Some((false, _)) => "Enter/R: retry   V: replay   T/Esc: title",
    }
}

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

/// What the title's pages are drawn from besides their state.
#[derive(Clone, Copy)]
pub struct Lists<'a> {
    /// Free play's and the test range's scenarios.
    pub free: &'a [Entry],
    pub range: &'a [Entry],
    pub missions: &'a [Mission],
    pub progress: &'a Progress,
    pub settings: &'a Settings,
}

impl Lists<'_> {
    pub fn counts(&self) -> Counts<'_> {
        Counts {
            free: self.free.len(),
            range: self.range.len(),
            missions: self.missions,
            next: self.progress.next_mission(self.missions),
        }
    }
}

/// Draws the title's page over `frame` (the live scene).
pub fn draw_title(frame: &mut Framebuffer, menu: &TitleMenu, lists: &Lists) {
    let (w, h) = view::screens::ui_size(frame);
    title_layout(w, h, menu, lists).draw(frame);
}

/// The title's page as [`draw_title`] draws it on a `w`×`h` frame (what the layout
/// tests check).
pub fn title_layout(w: usize, h: usize, menu: &TitleMenu, lists: &Lists) -> Layout {
    match menu.page {
        Page::Top => top_layout(w, h, menu, lists),
        Page::Campaign => campaign_layout(w, h, menu, lists),
        Page::Briefing => briefing_layout(w, h, menu, lists),
        Page::FreePlay => list_layout(w, h, menu, "FREE PLAY", lists.free, menu.selected),
        Page::TestRange => list_layout(w, h, menu, "TEST RANGE", lists.range, menu.range),
        Page::Settings => settings_layout(w, h, &menu.settings, lists.settings),
    }
}

fn top_layout(w: usize, h: usize, menu: &TitleMenu, lists: &Lists) -> Layout {
    let (ms, p) = (lists.missions, lists.progress);
    let done = p.done(ms);
    let campaign = match ms.get(p.next_mission(ms)) {
        _ if ms.is_empty() => "no missions".to_string(),
        _ if done == ms.len() => format!("all {} missions done", ms.len()),
        Some(m) if done == 0 => format!("{} missions, none done yet\nfirst: {}", ms.len(), m.title),
        Some(m) => format!("{done} of {} missions done\nnext: {}", ms.len(), m.title),
        None => String::new(),
    };
    let details = [
        campaign,
        format!("{} scenarios\nyour seed, your difficulty", lists.free.len()),
        format!(
            "{} set-pieces\neach shows one rule at work",
            lists.range.len()
        ),
        "sound, brightness, display, keys".to_string(),
        String::new(),
    ];
    let items: Vec<(&str, &str)> = TOP_ITEMS
        .iter()
        .zip(&details)
        .map(|(i, d)| (i.label(), d.as_str()))
        .collect();
    screens::title::top_layout(
        w,
        h,
        &TopView {
            items: &items,
            selected: menu.top,
        },
    )
}

fn list_layout(
    w: usize,
    h: usize,
    menu: &TitleMenu,
    heading: &str,
    entries: &[Entry],
    selected: usize,
) -> Layout {
    let labels: Vec<(&str, &str)> = entries
        .iter()
        .map(|e| (e.name.as_str(), e.detail.as_str()))
        .collect();
    let seed = menu.seed.line();
    screens::title::layout(
        w,
        h,
        &TitleView {
            heading,
            entries: &labels,
            selected,
            seed: &seed,
            difficulty: menu.difficulty.map_or("own", |d| d.name()),
            note: menu.note.as_deref(),
        },
    )
}

/// The status column of mission `i` (`done  3:12.0  hard`, `next`, `ahead`).
pub fn mission_status(lists: &Lists, i: usize) -> (Standing, String) {
    let m = &lists.missions[i];
    let next = lists.progress.next_mission(lists.missions);
    match lists.progress.get(m.id) {
        Some(r) if r.completed => {
            let mut s = String::from("done");
            if let Some(t) = r.best_seconds {
                s += &format!("  {}", clock_text(t));
            }
            if let Some(d) = r.hardest {
                s += &format!("  {}", d.name());
            }
            (Standing::Done, s)
        }
        _ if i == next => (Standing::Next, "next".into()),
        _ => (Standing::Ahead, "ahead".into()),
    }
}

fn campaign_layout(w: usize, h: usize, menu: &TitleMenu, lists: &Lists) -> Layout {
    let statuses: Vec<(Standing, String)> = (0..lists.missions.len())
        .map(|i| mission_status(lists, i))
        .collect();
    let rows: Vec<MissionRow> = lists
        .missions
        .iter()
        .zip(&statuses)
        .map(|(m, (standing, status))| MissionRow {
            title: &m.title,
            standing: *standing,
            status,
        })
        .collect();
    let done = lists.progress.done(lists.missions);
    let summary = format!("{done} of {} missions done", lists.missions.len());
    let briefing = lists
        .missions
        .get(menu.mission)
        .map_or("", |m| m.briefing.as_str());
    screens::campaign::layout(
        w,
        h,
        &CampaignView {
            rows: &rows,
            selected: menu.mission,
            summary: &summary,
            briefing,
        },
    )
}

fn briefing_layout(w: usize, h: usize, menu: &TitleMenu, lists: &Lists) -> Layout {
    let ms = lists.missions;
    let Some(m) = ms.get(menu.mission) else {
        return campaign_layout(w, h, menu, lists);
    };
    let place = format!("MISSION {} OF {}", m.index + 1, ms.len());
    let record = match lists.progress.get(m.id) {
        Some(r) if r.completed => format!(
            "Done: best {}{}, {} {}",
            r.best_seconds.map_or("-".into(), clock_text),
            r.hardest
                .map_or(String::new(), |d| format!(" on {}", d.name())),
            r.attempts,
            if r.attempts == 1 {
                "attempt"
            } else {
                "attempts"
            }
        ),
        Some(r) if r.attempts > 0 => format!(
            "Not won yet: {} {}",
            r.attempts,
            if r.attempts == 1 {
                "attempt"
            } else {
                "attempts"
            }
        ),
        _ => "Not played yet.".into(),
    };
    screens::campaign::briefing_layout(
        w,
        h,
        &BriefingView {
            place: &place,
            title: &m.title,
            briefing: &m.briefing,
            difficulty: menu.mission_difficulty.name(),
            own: m.director.unwrap_or_default().name(),
            record: &record,
        },
    )
}

/// The settings page as drawn for `s`.
pub fn settings_layout(w: usize, h: usize, menu: &SettingsMenu, s: &Settings) -> Layout {
    let rows = setting_rows();
    let pct = |p: u8| format!("{p}%");
    let texts: Vec<(String, [String; 2])> = rows
        .iter()
        .map(|r| match r {
            SettingRow::Master => (pct(s.master), Default::default()),
            SettingRow::Effects => (pct(s.effects), Default::default()),
            SettingRow::Ambience => (pct(s.ambience), Default::default()),
            SettingRow::Brightness => (format!("{:+}", s.brightness), Default::default()),
            SettingRow::Fullscreen => (
                if s.fullscreen { "on" } else { "off" }.into(),
                Default::default(),
            ),
            SettingRow::FrameCap => (
                match s.frame_cap {
                    None => "off (display rate)".into(),
                    Some(n) => format!("{n} fps"),
                },
                Default::default(),
            ),
            SettingRow::RenderScale => (
                match s.render_scale {
                    100 => "100% (the window's size)".into(),
                    p => format!("{p}% (filtered)"),
                },
                Default::default(),
            ),
            SettingRow::Key(b) => {
                let slots = s.keys.slots(*b);
                let name = |k: Option<KeyCode>| k.map_or("-".to_string(), |k| key_label(k).into());
                (String::new(), [name(slots[0]), name(slots[1])])
            }
            _ => Default::default(),
        })
        .collect();
    let view_rows: Vec<Row> = rows
        .iter()
        .zip(&texts)
        .map(|(r, (text, keys))| {
            let (label, value) = match r {
                SettingRow::Heading(h) => (*h, Value::Heading),
                SettingRow::Master => ("Master volume", Value::Level(s.master, text)),
                SettingRow::Effects => ("Effects volume", Value::Level(s.effects, text)),
                SettingRow::Ambience => ("Ambience volume", Value::Level(s.ambience, text)),
                SettingRow::Brightness => ("Brightness", Value::Choice(text)),
                SettingRow::Fullscreen => ("Fullscreen", Value::Choice(text)),
                SettingRow::FrameCap => ("Frame cap", Value::Choice(text)),
                SettingRow::RenderScale => ("Render scale", Value::Choice(text)),
                SettingRow::Defaults => ("Restore defaults", Value::Action),
                SettingRow::Key(b) => (
                    b.label(),
                    Value::Keys([&keys[0], &keys[1]], menu.slot, menu.capturing),
                ),
            };
            Row { label, value }
        })
        .collect();
    let hint = if menu.capturing {
        "Press the new key. Esc cancels."
    } else {
        match menu.row() {
            SettingRow::Master | SettingRow::Effects | SettingRow::Ambience => {
                "Left/Right: 10% less or more."
            }
            SettingRow::Brightness => "Left/Right: darker or brighter.",
            SettingRow::Fullscreen => "Left/Right or Enter: on or off (F11 too).",
            SettingRow::FrameCap => {
                "Left/Right: at most 30, 60, 120 or 144 frames a second, or off (the display's rate)."
            }
            SettingRow::RenderScale => {
                "Left/Right: draw the scene at 50 to 100% of the window's size, upscaled smoothly under a sharp HUD (for slow machines)."
            }
            SettingRow::Defaults => "Enter: every setting and key back to its default.",
            SettingRow::Key(_) => {
                "Enter: press a new key. Left/Right: its first or second key. Backspace: clear it. A key in use elsewhere is swapped."
            }
            SettingRow::Heading(_) => "",
        }
    };
    let gamma = format!("gamma {:.2}", s.gamma());
    screens::settings::layout(
        w,
        h,
        &SettingsView {
            rows: &view_rows,
            selected: menu.selected,
            gamma: &gamma,
            note: menu.note.as_deref(),
            hint,
        },
    )
}

/// Draws the pause menu over `frame`; `about` names the run.
pub fn draw_pause(frame: &mut Framebuffer, menu: &PauseMenu, about: &str) {
    let (w, h) = view::screens::ui_size(frame);
    pause_layout(w, h, menu, about).draw(frame);
}

/// The pause menu as [`draw_pause`] draws it on a `w`×`h` frame.
pub fn pause_layout(w: usize, h: usize, menu: &PauseMenu, about: &str) -> Layout {
    let labels: Vec<&str> = menu.items.iter().map(|i| i.label()).collect();
    screens::pause::layout(w, h, &labels, menu.selected, about)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(ms: &[Mission]) -> Counts<'_> {
        Counts {
            free: 4,
            range: 11,
            missions: ms,
            next: 2,
        }
    }

    #[test]
    fn the_title_list_wraps_and_starts() {
        let ms = crate::campaign::missions();
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
        let ms = crate::campaign::missions();
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
                Page::Settings
            ]
        );
        // Up from the first item wraps to Quit.
        t.top = 0;
        t.key(MenuKey::Up, &c, &mut set);
        assert_eq!(TOP_ITEMS[t.top], TopItem::Quit);
    }

    /// The campaign opens on the next mission; its briefing starts at the mission's own
    /// difficulty, Tab and Left/Right cycle easy/normal/hard, Enter begins, Esc goes
    /// back to the list, then to the top.
    #[test]
    fn the_campaign_list_and_the_briefing() {
        let ms = crate::campaign::missions();
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
        let own = ms[0].director.unwrap_or_default();
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

    #[test]
    fn tab_on_the_title_cycles_the_difficulty_from_the_scenarios_own() {
        let ms = crate::campaign::missions();
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

    /// The settings page: Up/Down skip the headings, Left/Right change values within
    /// their ranges, Enter on a binding waits for a key (the raw key goes to
    /// `capture`), Esc cancels the wait, then goes back.
    #[test]
    fn the_settings_page_changes_values_and_rebinds_keys() {
        let ms = crate::campaign::missions();
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
        // The defaults row puts everything back.
        t.key(MenuKey::Down, &c, &mut s);
        assert_eq!(
            t.key(MenuKey::Confirm, &c, &mut s),
            Some(TitleAction::Changed)
        );
        assert_eq!(s, Settings::default());
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

    #[test]
    fn the_results_keys_follow_the_mission() {
        use ResultsAction::*;
        assert_eq!(results_key(MenuKey::Confirm, None), Some(Retry));
        assert_eq!(results_key(MenuKey::Confirm, Some(true)), Some(NextMission));
        assert_eq!(results_key(MenuKey::Confirm, Some(false)), Some(Retry));
        assert_eq!(results_key(MenuKey::Letter('r'), Some(true)), Some(Retry));
        assert_eq!(results_key(MenuKey::Letter('n'), None), Some(NewSeed));
        assert_eq!(results_key(MenuKey::Letter('n'), Some(false)), None);
        assert_eq!(results_key(MenuKey::Letter('t'), None), Some(Title));
        assert_eq!(results_key(MenuKey::Back, Some(true)), Some(Title));
        assert_eq!(results_key(MenuKey::Letter('v'), None), Some(Replay));
        assert!(results_keys(Some((true, false))).starts_with("Enter: next mission"));
        assert!(results_keys(Some((false, false))).contains("R: retry"));
        assert_eq!(results_keys(None), screens::results::RESULTS_KEYS);
    }

    #[test]
    fn seeds_are_own_random_or_typed() {
        let mut s = SeedChoice::Own;
        assert_eq!(s.resolve(), None);
        s.cycle();
        assert_eq!(s, SeedChoice::Random);
        assert!(s.resolve().is_some());
        s.cycle();
        assert_eq!(s, SeedChoice::Own);
        for d in [4, 0, 2] {
            s.push_digit(d);
        }
        assert_eq!(s.resolve(), Some(402));
        assert_eq!(s.line(), "402_");
        s.erase();
        assert_eq!(s.resolve(), Some(40));
        s.erase();
        s.erase();
        assert_eq!(
            s,
            SeedChoice::Own,
            "erasing every digit goes back to the own seed"
        );
        // Never more than a u64 holds.
        for _ in 0..30 {
            s.push_digit(9);
        }
        assert_eq!(s.resolve(), Some(9_999_999_999_999_999_999));
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
        let list = crate::catalog::catalog(std::slice::from_ref(&dir));
        let entry = list.last().unwrap();
        let err = crate::catalog::load(entry, None, None).unwrap_err();
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
