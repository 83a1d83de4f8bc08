//! The title's Make page without a window (REQ §31): "New mission" (a name typed and
//! checked with [`missions::check_name`], a refused one said with why) and the
//! player's missions from the data directory ([`missions::list`]), each with its
//! briefing or, damaged, its first problem; Enter opens one in the editor. The playable
//! ones are offered on free play's list too ([`play_entries`]).

use view::screens::make::{MakeRow, MakeView};

use super::catalog::{Entry, Source};
use super::menu::MenuKey;
use crate::editor::missions::{self, Custom};

/// The Make page's state.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MakeMenu {
    /// 0: New mission; `i + 1`: the `i`-th mission of the list.
    pub row: usize,
    /// The new mission's name being typed.
    pub naming: Option<String>,
    pub note: Option<String>,
}

/// What the Make page asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MakeAction {
    /// A new mission of this name.
    New(String),
    /// The mission of this file name, into the editor.
    Open(String),
    /// Back to the top menu.
    Back,
    /// The name's first key: typing begins.
    Naming,
    /// A name refused (the note says why).
    Refused,
}

/// A key while a name is typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameKey {
    Char(char),
    Erase,
    Confirm,
    Cancel,
}

impl MakeMenu {
    /// A menu key on the page (not while a name is typed: [`MakeMenu::name_key`]).
    pub fn key(&mut self, k: MenuKey, customs: &[Custom]) -> Option<MakeAction> {
        let n = customs.len() + 1;
        match k {
            MenuKey::Up => self.row = (self.row + n - 1) % n,
            MenuKey::Down => self.row = (self.row + 1) % n,
            MenuKey::Confirm => return self.choose(customs),
            MenuKey::Back => {
                self.note = None;
                return Some(MakeAction::Back);
            }
            _ => {}
        }
        None
    }

    /// The chosen row, confirmed: a name to type, or the mission to open.
    pub fn choose(&mut self, customs: &[Custom]) -> Option<MakeAction> {
        self.note = None;
        match self.row {
            0 => {
                self.naming = Some(String::new());
                Some(MakeAction::Naming)
            }
            i => customs.get(i - 1).map(|c| MakeAction::Open(c.name.clone())),
        }
    }

    /// A key while the new mission's name is typed: the name checked on Enter (a
    /// refused one stays, with the reason in the note; a mission of that name already
    /// there is not made again).
    pub fn name_key(&mut self, k: NameKey, customs: &[Custom]) -> Option<MakeAction> {
        let name = self.naming.as_mut()?;
        match k {
            NameKey::Char(c) if !c.is_control() && name.chars().count() < 60 => name.push(c),
            NameKey::Char(_) => {}
            NameKey::Erase => {
                name.pop();
            }
            NameKey::Cancel => {
                self.naming = None;
                self.note = None;
            }
            NameKey::Confirm => {
                let name = name.clone();
                if let Err(why) = missions::check_name(&name) {
                    self.note = Some(format!("not a mission name: {why}"));
                    return Some(MakeAction::Refused);
                }
                if customs.iter().any(|c| c.name.eq_ignore_ascii_case(&name)) {
                    self.note = Some(format!(
                        "`{name}` is already a mission: choose it in the list to edit it"
                    ));
                    return Some(MakeAction::Refused);
                }
                self.naming = None;
                self.note = None;
                return Some(MakeAction::New(name));
            }
        }
        None
    }

    /// Chooses the mission of file name `name` (after it was made or left).
    pub fn choose_named(&mut self, name: &str, customs: &[Custom]) {
        if let Some(i) = customs.iter().position(|c| c.name == name) {
            self.row = i + 1;
        }
    }
}

/// The page as drawn: `folder` is where the missions are kept.
pub fn make_view(m: &MakeMenu, customs: &[Custom], folder: &str) -> MakeView {
    MakeView {
        rows: customs
            .iter()
            .map(|c| MakeRow {
                title: c.title.clone(),
                file: c.name.clone(),
                detail: match &c.problem {
                    // The folder is said once, over the list.
                    Some(p) => p
                        .strip_prefix(folder)
                        .filter(|_| !folder.is_empty())
                        .map_or(p.as_str(), |rest| rest.trim_start_matches(['/', '\\']))
                        .to_string(),
                    None if c.briefing.is_empty() => "(no briefing)".into(),
                    None => c.briefing.clone(),
                },
                bad: c.problem.is_some(),
            })
            .collect(),
        selected: m.row.min(customs.len()),
        naming: m.naming.clone(),
        note: m.note.clone(),
        folder: folder.to_string(),
    }
}

/// The playable missions as free play lists them (`custom` and their length).
pub fn play_entries(customs: &[Custom]) -> Vec<Entry> {
    customs
        .iter()
        .filter(|c| c.problem.is_none())
        .map(|c| {
            let secs = std::fs::read_to_string(&c.scenario)
                .ok()
                .and_then(|t| sim::read::Scenario::parse("m.scn", &t).ok())
                .map_or(0, |s| s.duration.round() as u32);
            Entry {
                name: c.title.clone(),
                detail: format!("{}:{:02}  custom", secs / 60, secs % 60),
                source: Source::File(c.scenario.clone()),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::editor::sample;

    fn folder(tag: &str) -> std::path::PathBuf {
        let d = std::env::temp_dir().join(format!("squad_make_{tag}_{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    /// The page lists every mission in the folder: a good one with its briefing, a
    /// damaged one with its first error in the danger colour (shown, not hidden), and
    /// only the good one on free play.
    #[test]
    fn the_make_page_lists_a_damaged_mission_with_its_error() {
        let dir = folder("list");
        sample::gate("gate").save(&dir).unwrap();
        std::fs::write(
            dir.join("broken.scn"),
            "name = Broken\nmap = broken.map\nwave 1 0 shambler 3\n",
        )
        .unwrap();
        std::fs::write(dir.join("broken.map"), "#####\n#S.X#\n#####\n").unwrap();
        let customs = missions::list(&dir, 5);
        let v = make_view(&MakeMenu::default(), &customs, "f");
        assert_eq!(v.rows.len(), 2);
        let broken = &v.rows[0];
        assert!(broken.bad, "{broken:?}");
        assert!(
            broken.detail.contains("broken.map:2:4"),
            "{}",
            broken.detail
        );
        assert!(
            broken.detail.contains("unknown tile `X`"),
            "{}",
            broken.detail
        );
        let gate = &v.rows[1];
        assert!(!gate.bad);
        assert_eq!(gate.title, "The Gate");
        assert!(gate.detail.starts_with("Hold the gate"), "{}", gate.detail);
        // The page draws the error, in the danger colour.
        let l = view::screens::make::layout(1920, 1080, &v);
        assert!(l
            .texts()
            .any(|t| t.color == view::screens::DANGER && t.text.contains("unknown tile")));
        let free = play_entries(&customs);
        assert_eq!(free.len(), 1);
        assert_eq!(
            (free[0].name.as_str(), free[0].detail.as_str()),
            ("The Gate", "2:00  custom")
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A new mission's name is typed and checked: a name that is not a file name is
    /// refused with why, one taken is refused, a good one is made; Esc cancels.
    #[test]
    fn a_new_mission_s_name_is_checked() {
        let dir = folder("names");
        sample::gate("gate").save(&dir).unwrap();
        let customs = missions::list(&dir, 5);
        let mut m = MakeMenu::default();
        assert_eq!(m.key(MenuKey::Confirm, &customs), Some(MakeAction::Naming));
        for c in "my gate".chars() {
            m.name_key(NameKey::Char(c), &customs);
        }
        assert_eq!(
            m.name_key(NameKey::Confirm, &customs),
            Some(MakeAction::Refused)
        );
        let note = m.note.clone().unwrap();
        assert!(note.contains("` ` cannot be in a file name"), "{note}");
        assert_eq!(
            m.naming.as_deref(),
            Some("my gate"),
            "the name stays to mend"
        );
        for _ in 0..5 {
            m.name_key(NameKey::Erase, &customs);
        }
        for c in "gate".chars() {
            m.name_key(NameKey::Char(c), &customs);
        }
        assert_eq!(m.naming.as_deref(), Some("mygate"));
        for _ in 0..6 {
            m.name_key(NameKey::Erase, &customs);
        }
        for c in "GATE".chars() {
            m.name_key(NameKey::Char(c), &customs);
        }
        assert_eq!(
            m.name_key(NameKey::Confirm, &customs),
            Some(MakeAction::Refused)
        );
        assert!(m.note.as_deref().unwrap().contains("already a mission"));
        m.name_key(NameKey::Char('2'), &customs);
        assert_eq!(
            m.name_key(NameKey::Confirm, &customs),
            Some(MakeAction::New("GATE2".into()))
        );
        assert_eq!(m.naming, None);
        // The list: Down to the mission, Enter opens it; Esc goes back.
        m.key(MenuKey::Down, &customs);
        assert_eq!(
            m.key(MenuKey::Confirm, &customs),
            Some(MakeAction::Open("gate".into()))
        );
        m.key(MenuKey::Up, &customs);
        m.key(MenuKey::Confirm, &customs);
        m.name_key(NameKey::Cancel, &customs);
        assert_eq!(m.naming, None);
        assert_eq!(m.key(MenuKey::Back, &customs), Some(MakeAction::Back));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
