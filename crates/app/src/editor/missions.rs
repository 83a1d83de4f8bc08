//! Custom missions on disk (REQ §31): `missions/NAME.map` and `missions/NAME.scn` in the
//! player's data directory, in the formats the game ships. A save writes both files
//! beside the old ones first and only then puts them in place, so a save that fails
//! leaves the old mission whole; a name that is not a plain file name is refused. The
//! title lists every mission found, a damaged one with its first problem.

use std::fs;
use std::path::{Path, PathBuf};

use super::problems::{self, Severity};

/// `missions/` in the user's data directory (`$XDG_DATA_HOME/squad_proto/missions` on
/// Linux), `None` when the system names no home.
pub fn default_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "squad_proto").map(|d| d.data_dir().join("missions"))
}

/// The longest mission name.
pub const MAX_NAME: usize = 40;

/// Whether `name` can be a mission's file name on every system: 1 to [`MAX_NAME`]
/// letters, digits, `_` and `-`, not starting with `-`, and not a name Windows keeps.
pub fn check_name(name: &str) -> Result<(), String> {
    if name.is_empty() {
        return Err("a mission needs a name".into());
    }
    if name.chars().count() > MAX_NAME {
        return Err(format!("`{name}` is longer than {MAX_NAME} characters"));
    }
    if let Some(c) = name
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || *c == '_' || *c == '-'))
    {
        return Err(format!(
            "`{name}`: `{}` cannot be in a file name here (letters, digits, _ and - only)",
            c.escape_debug()
        ));
    }
    if name.starts_with('-') {
        return Err(format!("`{name}`: a name cannot start with -"));
    }
    const KEPT: [&str; 6] = ["con", "prn", "aux", "nul", "com1", "lpt1"];
    if KEPT.contains(&name.to_ascii_lowercase().as_str()) {
        return Err(format!("`{name}` is a name the system keeps for itself"));
    }
    Ok(())
}

/// The two files of mission `name` in `dir`.
pub fn paths(dir: &Path, name: &str) -> (PathBuf, PathBuf) {
    (
        dir.join(format!("{name}.map")),
        dir.join(format!("{name}.scn")),
    )
}

/// Saves mission `name` into `dir` (made if missing): both texts written to `.tmp`
/// files (each whole and synced), then renamed over the old ones. On an error the old files are untouched and
/// the temporary ones removed.
pub fn save(dir: &Path, name: &str, map: &str, scenario: &str) -> Result<(), String> {
    check_name(name)?;
    fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let (map_path, scn_path) = paths(dir, name);
    let tmp = |p: &Path| {
        p.with_extension(format!(
            "{}.tmp",
            p.extension().unwrap_or_default().to_string_lossy()
        ))
    };
    let (map_tmp, scn_tmp) = (tmp(&map_path), tmp(&scn_path));
    // Each written whole and synced (`files::write`), then both put in place.
    let written = crate::files::write(&map_tmp, map.as_bytes())
        .and_then(|_| crate::files::write(&scn_tmp, scenario.as_bytes()));
    if let Err(e) = written {
        let _ = fs::remove_file(&map_tmp);
        let _ = fs::remove_file(&scn_tmp);
        return Err(e);
    }
    fs::rename(&map_tmp, &map_path).map_err(|e| format!("{}: {e}", map_path.display()))?;
    fs::rename(&scn_tmp, &scn_path).map_err(|e| format!("{}: {e}", scn_path.display()))
}

/// Mission `name`'s texts from `dir`.
pub fn load(dir: &Path, name: &str) -> Result<(String, String), String> {
    check_name(name)?;
    let (m, s) = paths(dir, name);
    let read = |p: &Path| fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()));
    Ok((read(&m)?, read(&s)?))
}

/// One mission found in the folder.
#[derive(Clone, Debug, PartialEq)]
pub struct Custom {
    /// The file's name (without `.scn`).
    pub name: String,
    /// The scenario's `name`, or the file's when it has none.
    pub title: String,
    pub briefing: String,
    pub scenario: PathBuf,
    /// The first error, when it cannot be played.
    pub problem: Option<String>,
}

/// Every mission in `dir` (each `.scn` there), sorted by file name; none when the
/// folder is missing.
pub fn list(dir: &Path, agents: usize) -> Vec<Custom> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "scn"))
        .collect();
    files.sort();
    files.into_iter().map(|p| describe(&p, agents)).collect()
}

/// A mission file as the title lists it.
fn describe(scn: &Path, agents: usize) -> Custom {
    let name = scn
        .file_stem()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned();
    let text = fs::read_to_string(scn);
    let (title, briefing) = match &text {
        Ok(t) => (
            super::forms::header(t, super::forms::HeaderKey::Name).unwrap_or_else(|| name.clone()),
            super::forms::header(t, super::forms::HeaderKey::Briefing).unwrap_or_default(),
        ),
        Err(_) => (name.clone(), String::new()),
    };
    let problem = match text {
        Err(e) => Some(format!("{}: {e}", scn.display())),
        Ok(t) => first_error(scn, &t, agents),
    };
    Custom {
        name,
        title,
        briefing,
        scenario: scn.to_path_buf(),
        problem,
    }
}

/// The first error of the mission at `scn` (its map found as the game finds it).
pub fn first_error(scn: &Path, text: &str, agents: usize) -> Option<String> {
    validate_file(scn, text, agents)
        .into_iter()
        .find(|p| p.severity == Severity::Error)
        .map(|p| p.to_string())
}

/// Every problem of the scenario file `scn` (text `text`) and its map: an embedded map
/// by name, else the file beside it. A map that cannot be read is one error.
pub fn validate_file(scn: &Path, text: &str, agents: usize) -> Vec<problems::Problem> {
    let file = scn.display().to_string();
    let map_name = super::forms::header(text, super::forms::HeaderKey::Map).unwrap_or_default();
    let (map_file, map_text) = match sim::content::map_text(&map_name) {
        Some(t) => (format!("<embedded {map_name}.map>"), Ok(t.to_string())),
        None => {
            let p = scn.parent().unwrap_or(Path::new(".")).join(&map_name);
            (p.display().to_string(), fs::read_to_string(&p))
        }
    };
    match map_text {
        Ok(m) => problems::check((&map_file, &m), (&file, text), agents),
        Err(e) => {
            let line = text
                .lines()
                .position(|l| l.split_once('=').is_some_and(|(k, _)| k.trim() == "map"))
                .map_or(1, |i| i + 1);
            vec![problems::Problem {
                severity: Severity::Error,
                file,
                line,
                col: 1,
                message: format!("map `{map_name}`: {map_file}: {e}"),
                cell: None,
            }]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(tag: &str) -> PathBuf {
        let d =
            std::env::temp_dir().join(format!("squad_proto_missions_{tag}_{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn names_that_are_not_plain_file_names_are_refused() {
        for bad in [
            "",
            "a/b",
            "..",
            "x.y",
            "-x",
            "con",
            "NUL",
            "sp ace",
            &"a".repeat(41),
        ] {
            assert!(check_name(bad).is_err(), "{bad:?}");
        }
        for good in ["gate_2", "My-Mission", "a"] {
            assert!(check_name(good).is_ok(), "{good}");
        }
    }

    #[test]
    fn saved_missions_load_back_byte_for_byte_and_are_listed() {
        let dir = temp("save");
        let map = "name = t\n######\n#S..E#\n######\n";
        let scn =
            "name = Mine\nbriefing = Go.\nmap = mine.map\nduration = 60\nwave 1 0 shambler 2\n";
        save(&dir, "mine", map, scn).unwrap();
        assert_eq!(
            load(&dir, "mine").unwrap(),
            (map.to_string(), scn.to_string())
        );
        fs::write(
            dir.join("broken.scn"),
            "name = Broken\nmap = mine.map\nflurble\n",
        )
        .unwrap();
        let l = list(&dir, 5);
        assert_eq!(l.len(), 2);
        assert_eq!(
            (l[0].name.as_str(), l[0].title.as_str()),
            ("broken", "Broken")
        );
        let why = l[0].problem.as_deref().expect("damaged");
        assert!(why.contains("broken.scn:3:1"), "{why}");
        assert_eq!(
            (l[1].title.as_str(), l[1].briefing.as_str()),
            ("Mine", "Go.")
        );
        assert_eq!(l[1].problem, None);
        assert!(
            !fs::read_dir(&dir).unwrap().any(|e| e
                .unwrap()
                .path()
                .to_string_lossy()
                .ends_with(".tmp")),
            "no temporary file left"
        );
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_failed_save_keeps_the_old_mission() {
        let dir = temp("fail");
        let map = "name = t\n######\n#S..E#\n######\n";
        save(&dir, "keep", map, "name = Old\nmap = keep.map\n").unwrap();
        // The scenario's temporary file cannot be written: a folder stands in its place.
        fs::create_dir_all(dir.join("keep.scn.tmp")).unwrap();
        let e = save(&dir, "keep", "name = t\n#\n", "name = New\n").unwrap_err();
        assert!(e.contains("keep.scn.tmp"), "{e}");
        assert_eq!(
            load(&dir, "keep").unwrap(),
            (map.to_string(), "name = Old\nmap = keep.map\n".to_string())
        );
        assert!(!dir.join("keep.map.tmp").exists());
        assert!(save(&dir, "../evil", map, "").is_err());
        let _ = fs::remove_dir_all(&dir);
    }
}
