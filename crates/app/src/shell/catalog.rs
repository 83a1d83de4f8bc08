//! The scenarios the title offers: every embedded one, then the `.scn` files of a
//! `scenarios/` folder beside the binary and in the working directory (each file once,
//! sorted by name within its folder). The title shows them on two pages ([`Group`]):
//! free play (the combat route, the director's scenarios and the files) and the test
//! range (the acceptance set-pieces, each named by what it proves, [`TEST_RANGE`]).

use std::path::{Path, PathBuf};

use sim::content;
use sim::read::Scenario;

use crate::setup::{self, Setup};

/// Where a scenario comes from.
#[derive(Clone, Debug, PartialEq)]
pub enum Source {
    Embedded(&'static str),
    File(PathBuf),
}

/// One row of the list: the scenario's name and, in its own column, its length and
/// how it plays (or that it does not load).
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub name: String,
    pub detail: String,
    pub source: Source,
}

/// The detail of a file that does not parse.
pub const DOES_NOT_LOAD: &str = "(does not load)";

/// The embedded scenario the game starts on; played from the window, the player steers
/// instead of its scripted route.
pub const DEFAULT: &str = "combat_route";

/// The title's page an entry is listed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// The combat route, the director's scenarios, the `scenarios/` files.
    FreePlay,
    /// The acceptance set-pieces.
    TestRange,
}

/// The test range: each acceptance set-piece (`sim::content::SCENARIOS` but the combat
/// route), what it shows and the criteria it is the home of (docs/acceptance.md).
pub const TEST_RANGE: &[(&str, &str, &str)] = &[
    (
        "hold_static",
        "Holding still: posts kept, no fidgeting",
        "A4 A5",
    ),
    ("lane_free", "A blocked lane: gunners step aside", "A3"),
    ("intercept", "Holding fire: an ally in the lane", "A7"),
    ("manual_aim", "Manual aim: two guns on the target", "A9"),
    ("leash_march", "Blades strike on the march", "M7.5"),
    ("melee_dummy", "A blade's combo on a dummy", "M7.2"),
    ("melee_ally", "No strike through an ally", "M7.4"),
    (
        "melee_cancel",
        "A cancelled strike keeps its cooldown",
        "M7.7",
    ),
    (
        "leash_hold",
        "The leash on a long march, foes on the flanks",
        "A6",
    ),
    ("spitters", "Spitters: their spit in flight", "E7.3"),
    ("stalkers", "Stalkers freeze in the beams", "T5"),
    (
        "flare_stalkers",
        "A flare: stalkers keep out, shamblers drawn",
        "K3",
    ),
    (
        "grenade_drill",
        "Grenades beside the squad: it runs clear",
        "A1",
    ),
];

/// The page `e` is listed on.
pub fn group(e: &Entry) -> Group {
    match e.source {
        Source::Embedded(name) if TEST_RANGE.iter().any(|(n, _, _)| *n == name) => Group::TestRange,
        _ => Group::FreePlay,
    }
}

/// The entries of `group`, in the catalog's order.
pub fn in_group(entries: &[Entry], g: Group) -> Vec<Entry> {
    entries.iter().filter(|e| group(e) == g).cloned().collect()
}

/// `scenarios/` beside the binary, then in the working directory.
pub fn scenario_dirs() -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    if let Some(d) = std::env::current_exe()
        .ok()
        .and_then(|e| e.parent().map(Path::to_path_buf))
    {
        dirs.push(d.join("scenarios"));
    }
    if let Ok(d) = std::env::current_dir() {
        dirs.push(d.join("scenarios"));
    }
    dirs
}

/// The name and `m:ss` (and `note`) from a scenario's text, or the fallback name and
/// [`DOES_NOT_LOAD`] when it does not parse.
fn label(file: &str, text: &str, fallback: &str, note: &str) -> (String, String) {
    match Scenario::parse(file, text) {
        Ok(s) => {
            let secs = s.duration.round() as u32;
            (s.name, format!("{}:{:02}{note}", secs / 60, secs % 60))
        }
        Err(_) => (fallback.to_string(), DOES_NOT_LOAD.to_string()),
    }
}

/// The embedded scenarios, then the files of `dirs`.
pub fn catalog(dirs: &[PathBuf]) -> Vec<Entry> {
    // The combat route, the director's scenarios, then the acceptance set-pieces.
    let (first, rest) = content::SCENARIOS.split_at(1);
    let mut list: Vec<Entry> = first
        .iter()
        .chain(content::PLAY)
        .chain(rest)
        .map(|&(name, text)| {
            let steer = if name == DEFAULT { "  you steer" } else { "" };
            let (mut name_shown, mut detail) = label(name, text, name, steer);
            if let Some((_, what, rows)) = TEST_RANGE.iter().find(|(n, _, _)| *n == name) {
                name_shown = what.to_string();
                detail = format!("{rows}  {detail}");
            }
            Entry {
                name: name_shown,
                detail,
                source: Source::Embedded(name),
            }
        })
        .collect();
    let mut seen: Vec<PathBuf> = Vec::new();
    for dir in dirs {
        let Ok(rd) = std::fs::read_dir(dir) else {
            continue;
        };
        let mut files: Vec<PathBuf> = rd
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "scn") && p.is_file())
            .collect();
        files.sort();
        for p in files {
            let canon = p.canonicalize().unwrap_or_else(|_| p.clone());
            if seen.contains(&canon) {
                continue;
            }
            seen.push(canon);
            let stem = p
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let text = std::fs::read_to_string(&p).unwrap_or_default();
            let (name, detail) = label(&p.display().to_string(), &text, &stem, "  file");
            list.push(Entry {
                name,
                detail,
                source: Source::File(p),
            });
        }
    }
    list
}

/// Loads an entry with `seed` (or its own) and the tuning file, if any.
pub fn load(entry: &Entry, seed: Option<u64>, tuning: Option<&Path>) -> Result<Setup, String> {
    match &entry.source {
        Source::Embedded(name) => setup::load(None, name, None, seed, tuning),
        Source::File(p) => setup::load(Some(p), DEFAULT, None, seed, tuning),
    }
}

/// Whether the player steers from the first tick (the default scenario, as the window
/// always played it) rather than the scripted route driving until a movement key.
pub fn player_steers(entry: &Entry) -> bool {
    entry.source == Source::Embedded(DEFAULT)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_scenarios_come_first_and_load() {
        let list = catalog(&[]);
        assert_eq!(list.len(), content::SCENARIOS.len() + content::PLAY.len());
        assert_eq!(list[0].source, Source::Embedded(DEFAULT));
        assert_eq!(list[0].name, "combat_route");
        assert_eq!(list[0].detail, "3:00  you steer");
        // The director's scenarios follow the combat route (T3), before the test range.
        assert_eq!(list[1].name, "hold_director");
        assert_eq!(list[2].name, "march_hard");
        assert_eq!(list[3].name, "Holding still: posts kept, no fidgeting");
        assert_eq!(list[3].detail, "A4 A5  0:20");
        for e in &list {
            assert!(load(e, Some(9), None).is_ok(), "{}", e.name);
        }
        assert_eq!(load(&list[0], Some(9), None).unwrap().scenario.seed, 9);
    }

    /// Free play: the route, the director's scenarios and the files; the test range:
    /// every acceptance set-piece but the route, each named by what it proves.
    #[test]
    fn free_play_and_the_test_range_split_the_list() {
        let list = catalog(&[std::path::PathBuf::from("../../scenarios")]);
        let free: Vec<String> = in_group(&list, Group::FreePlay)
            .into_iter()
            .map(|e| e.name)
            .collect();
        assert_eq!(
            free,
            ["combat_route", "hold_director", "march_hard", "last_stand"]
        );
        let range = in_group(&list, Group::TestRange);
        let names: Vec<&str> = range
            .iter()
            .map(|e| match e.source {
                Source::Embedded(n) => n,
                Source::File(_) => "a file",
            })
            .collect();
        let want: Vec<&str> = content::SCENARIOS[1..].iter().map(|(n, _)| *n).collect();
        assert_eq!(names, want, "every set-piece but the route, in order");
        for e in &range {
            assert!(e.name.contains(' '), "{} is named by what it tests", e.name);
        }
    }

    #[test]
    fn scenario_files_are_found_once_and_bad_ones_are_listed() {
        let dir = std::env::temp_dir().join(format!("squad_catalog_{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("b.scn"), "name = bee\nduration = 75\n").unwrap();
        std::fs::write(dir.join("a.scn"), "name = ay\nbogus line\n").unwrap();
        std::fs::write(dir.join("notes.txt"), "not a scenario").unwrap();
        let list = catalog(&[dir.clone(), dir.clone()]);
        let files: Vec<&Entry> = list
            .iter()
            .filter(|e| matches!(e.source, Source::File(_)))
            .collect();
        assert_eq!(files.len(), 2, "{list:?}");
        assert_eq!(
            (files[0].name.as_str(), files[0].detail.as_str()),
            ("a", DOES_NOT_LOAD)
        );
        assert_eq!(
            (files[1].name.as_str(), files[1].detail.as_str()),
            ("bee", "1:15  file")
        );
        assert!(load(files[0], None, None).is_err());
        assert!(load(files[1], None, None).is_ok());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
