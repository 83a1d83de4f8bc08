//! The player's shell without a window: the title's choices (scenario, seed, difficulty), the pause
//! menu, what their keys do, and the screens drawn from them. Keys arrive as
//! [`MenuKey`]s so the keyboard, the mouse and a gamepad can all drive the menus; the
//! window maps its keys, `--screenshot --screen` draws the same screens headless.

use raster::Framebuffer;
use sim::read::Difficulty;
use view::screens::{self, Layout, TitleView};

use crate::catalog::{Entry, Source};

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

/// What the title asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TitleAction {
    Start,
    Quit,
}

/// The title's state: the scenario chosen, the seed, a note about the last start.
#[derive(Clone, Debug, Default)]
pub struct TitleMenu {
    pub selected: usize,
    pub seed: SeedChoice,
    /// Easy, normal or hard (T4): the enemies' damage and counts, and the director's
    /// level where a scenario has one; `None` plays each scenario at its own (a
    /// `director = hard` march is hard).
    pub difficulty: Option<Difficulty>,
    pub note: Option<String>,
}

impl TitleMenu {
    /// `entry` could not start with `error` (a loader's `file:line:col: message`, then
    /// perhaps more lines): the note under the list is its first line whole, the
    /// entry's own folder left out of the file name (the list says which file). The
    /// title wraps it in the list's panel, so the position and the token stay.
    pub fn cannot_start(&mut self, entry: &Entry, error: &str) {
        self.note = Some(start_note(entry, error));
    }

    /// A key on a list of `n` scenarios.
    pub fn key(&mut self, k: MenuKey, n: usize) -> Option<TitleAction> {
        match k {
            MenuKey::Up => self.selected = (self.selected + n.max(1) - 1) % n.max(1),
            MenuKey::Down => self.selected = (self.selected + 1) % n.max(1),
            MenuKey::Left | MenuKey::Right => self.seed.cycle(),
            MenuKey::Digit(d) => self.seed.push_digit(d),
            MenuKey::Erase => self.seed.erase(),
            MenuKey::Difficulty => self.difficulty = next_difficulty(self.difficulty),
            MenuKey::Confirm => return Some(TitleAction::Start),
            MenuKey::Back => return Some(TitleAction::Quit),
        }
        None
    }
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

/// Draws the title over `frame` (the live scene).
pub fn draw_title(frame: &mut Framebuffer, menu: &TitleMenu, entries: &[Entry]) {
    title_layout(frame.width, frame.height, menu, entries).draw(frame);
}

/// The title as [`draw_title`] draws it on a `w`×`h` frame (what the layout tests check).
pub fn title_layout(w: usize, h: usize, menu: &TitleMenu, entries: &[Entry]) -> Layout {
    let labels: Vec<(&str, &str)> = entries
        .iter()
        .map(|e| (e.name.as_str(), e.detail.as_str()))
        .collect();
    let seed = menu.seed.line();
    screens::title::layout(
        w,
        h,
        &TitleView {
            entries: &labels,
            selected: menu.selected,
            seed: &seed,
            difficulty: menu.difficulty.map_or("own", |d| d.name()),
            note: menu.note.as_deref(),
        },
    )
}

/// Draws the pause menu over `frame`; `about` names the run.
pub fn draw_pause(frame: &mut Framebuffer, menu: &PauseMenu, about: &str) {
    pause_layout(frame.width, frame.height, menu, about).draw(frame);
}

/// The pause menu as [`draw_pause`] draws it on a `w`×`h` frame.
pub fn pause_layout(w: usize, h: usize, menu: &PauseMenu, about: &str) -> Layout {
    let labels: Vec<&str> = menu.items.iter().map(|i| i.label()).collect();
    screens::pause::layout(w, h, &labels, menu.selected, about)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_title_list_wraps_and_starts() {
        let mut t = TitleMenu::default();
        assert_eq!(t.key(MenuKey::Up, 4), None);
        assert_eq!(t.selected, 3);
        t.key(MenuKey::Down, 4);
        assert_eq!(t.selected, 0);
        assert_eq!(t.key(MenuKey::Confirm, 4), Some(TitleAction::Start));
        assert_eq!(t.key(MenuKey::Back, 4), Some(TitleAction::Quit));
    }

    #[test]
    fn tab_on_the_title_cycles_the_difficulty_from_the_scenarios_own() {
        let mut m = TitleMenu::default();
        assert_eq!(m.difficulty, None, "each scenario at its own level");
        let seen: Vec<Option<Difficulty>> = (0..4)
            .map(|_| {
                assert_eq!(m.key(MenuKey::Difficulty, 4), None);
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
