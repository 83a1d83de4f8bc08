//! Every problem of a mission (REQ §31): the loaders' own checks (`Map::parse`,
//! `Scenario::parse`, `Scenario::check_all`), each at the `file:line:col` they name and,
//! for the map's, the grid cell. A loader stops at its first error; to list them all
//! the text is mended where that error points (the line blanked, the cell made floor)
//! and read again, until it loads or nothing more can be mended. Warnings are the
//! editor's own: a mission with them can be played, one with an error cannot.

use std::fmt;

use sim::read::{Map, Scenario};

use super::doc::MapDoc;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    Error,
    Warning,
}

/// One problem, where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub severity: Severity,
    pub file: String,
    pub line: usize,
    pub col: usize,
    pub message: String,
    /// The map cell it is about (the map's own errors).
    pub cell: Option<(i32, i32)>,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let word = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        write!(
            f,
            "{}:{}:{}: {word}: {}",
            self.file, self.line, self.col, self.message
        )
    }
}

/// The most problems listed (a file of garbage is not listed line by line forever).
pub const MAX_PROBLEMS: usize = 100;

fn error(e: &sim::read::LoadError, cell: Option<(i32, i32)>) -> Problem {
    Problem {
        severity: Severity::Error,
        file: e.file.clone(),
        line: e.line,
        col: e.col,
        message: e.message.clone(),
        cell,
    }
}

/// `text` with line `line` (1-based) replaced by `with`.
fn replace_line(text: &str, line: usize, with: &str) -> String {
    text.split('\n')
        .enumerate()
        .map(|(i, l)| {
            if i + 1 == line {
                with.to_string()
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The map's errors, and the map once it loads as mended (`None` when it cannot be).
fn map_problems(file: &str, text: &str) -> (Vec<Problem>, Option<Map>) {
    let mut out = Vec::new();
    let mut text = text.to_string();
    while out.len() < MAX_PROBLEMS {
        let e = match Map::parse(file, &text) {
            Ok(m) => return (out, Some(m)),
            Err(e) => e,
        };
        let doc = MapDoc::parse(&text);
        let cell = doc
            .cell_at(e.line, e.col)
            .filter(|&(x, y)| doc.get(x, y).is_some());
        out.push(error(&e, cell));
        let mended = match cell {
            // A wrong tile, a second spawn, a crate nobody can reach: floor there.
            Some((x, y)) if !e.message.contains("non-rectangular") => {
                let mut d = doc;
                d.set(x, y, '.');
                d.text()
            }
            // A row of the wrong width: cut or walled to the first row's width.
            _ if e.message.contains("non-rectangular") => {
                let w = doc.width();
                let row: String = text
                    .split('\n')
                    .nth(e.line - 1)
                    .unwrap_or("")
                    .chars()
                    .collect();
                let row = row.trim_end_matches('\r');
                let fixed: String = row.chars().chain(std::iter::repeat('#')).take(w).collect();
                replace_line(&text, e.line, &fixed)
            }
            // A header line: dropped.
            _ if doc.cell_at(e.line, 1).is_none()
                && text
                    .split('\n')
                    .nth(e.line.wrapping_sub(1))
                    .is_some_and(|l| l.contains('=')) =>
            {
                replace_line(&text, e.line, "")
            }
            _ => break,
        };
        if mended == text {
            break;
        }
        text = mended;
    }
    (out, None)
}

/// The scenario's parse errors, and the scenario once it parses as mended.
fn scenario_problems(file: &str, text: &str) -> (Vec<Problem>, Option<Scenario>) {
    let mut out = Vec::new();
    let mut text = text.to_string();
    while out.len() < MAX_PROBLEMS {
        match Scenario::parse(file, &text) {
            Ok(s) => return (out, Some(s)),
            Err(e) => {
                out.push(error(&e, None));
                let mended = replace_line(&text, e.line, "");
                if mended == text {
                    break;
                }
                text = mended;
            }
        }
    }
    (out, None)
}

/// Every problem of the mission `scenario` on `map` (each a file's name and text), in
/// file order: the map's errors, the scenario's, then the editor's warnings when there
/// is no error. `agents` is the squad's size (spawn and agent indices are checked
/// against it).
pub fn check(map: (&str, &str), scenario: (&str, &str), agents: usize) -> Vec<Problem> {
    let (mut out, m) = map_problems(map.0, map.1);
    let (mut sp, s) = scenario_problems(scenario.0, scenario.1);
    out.append(&mut sp);
    if let (Some(m), Some(s)) = (&m, &s) {
        out.extend(s.check_all(m, agents).iter().map(|e| error(e, None)));
    }
    if out.is_empty() {
        if let (Some(m), Some(s)) = (&m, &s) {
            out.extend(warnings(scenario.0, scenario.1, m, s));
        }
    }
    out.truncate(MAX_PROBLEMS);
    out
}

/// Every problem on its own line, then the count: `2 errors, 1 warning` (or `no
/// problems`), as `--validate` prints them.
pub fn report(problems: &[Problem]) -> String {
    let mut out: String = problems.iter().map(|p| format!("{p}\n")).collect();
    let errors = problems
        .iter()
        .filter(|p| p.severity == Severity::Error)
        .count();
    let warnings = problems.len() - errors;
    let plural = |n: usize, w: &str| format!("{n} {w}{}", if n == 1 { "" } else { "s" });
    if problems.is_empty() {
        out += "no problems\n";
    } else {
        out += &format!(
            "{}, {}\n",
            plural(errors, "error"),
            plural(warnings, "warning")
        );
    }
    out
}

/// Whether `problems` let the mission be played (no error).
pub fn playable(problems: &[Problem]) -> bool {
    problems.iter().all(|p| p.severity != Severity::Error)
}

/// The editor's warnings: what loads but is likely not what its maker meant.
fn warnings(file: &str, text: &str, map: &Map, s: &Scenario) -> Vec<Problem> {
    let mut out = Vec::new();
    let mut warn = |line: usize, message: String| {
        out.push(Problem {
            severity: Severity::Warning,
            file: file.to_string(),
            line,
            col: 1,
            message,
            cell: None,
        })
    };
    let has_nests = text.lines().any(|l| l.trim_start().starts_with("nest "));
    if s.waves.is_empty() && s.director.is_none() && !has_nests && map.dummies.is_empty() {
        warn(
            1,
            "nothing to fight: no `wave`, no `director`, no `nest` and no dummy `T` on the map"
                .into(),
        );
    }
    let objectives = text
        .lines()
        .any(|l| l.trim_start().starts_with("objective "));
    if !objectives {
        warn(
            1,
            "no `objective`: the mission is survived to its end, never won sooner".into(),
        );
    }
    if !s.waves.is_empty() && map.enemy_spawns.is_empty() {
        warn(1, "waves but no enemy spawn `E` on the map".into());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAP: &str = "name = t\n########\n#S....E#\n########\n";

    fn scn(body: &str) -> String {
        format!("name = Test\nmap = t.map\nduration = 60\n{body}")
    }

    #[test]
    fn a_good_mission_has_no_error_and_says_its_warnings() {
        let p = check(("t.map", MAP), ("t.scn", &scn("wave 1 0 shambler 3\n")), 5);
        assert!(playable(&p), "{p:?}");
        assert_eq!(p.len(), 1, "{p:?}");
        assert!(p[0].message.starts_with("no `objective`"), "{}", p[0]);
        assert_eq!(p[0].severity, Severity::Warning);
    }

    #[test]
    fn every_error_is_listed_at_its_place_not_only_the_first() {
        let map = "name = t\ncolour = red\n########\n#S..X.E#\n#S.....#\n#######\n";
        let text = scn("wave 1 0 shambler 3\nwave x 0 shambler 3\nflurble 3\nwave 2 7 runner 2\n");
        let p = check(("t.map", map), ("t.scn", &text), 5);
        let shown: Vec<String> = p.iter().map(|p| p.to_string()).collect();
        // The map: the unknown header key, the unknown tile, the second spawn, the short row.
        assert!(
            shown[0].starts_with("t.map:2:1: error: unknown header key `colour`"),
            "{shown:#?}"
        );
        assert!(
            shown[1].starts_with("t.map:4:5: error: unknown tile `X`"),
            "{shown:#?}"
        );
        assert_eq!(p[1].cell, Some((4, 1)));
        assert!(
            shown[2].starts_with("t.map:5:2: error: second squad spawn"),
            "{shown:#?}"
        );
        assert_eq!(p[2].cell, Some((1, 2)));
        assert!(shown[3].starts_with("t.map:6:"), "{shown:#?}");
        // The scenario: lines 5 and 6 (the bad number, the unknown statement).
        assert!(shown[4].starts_with("t.scn:5:"), "{shown:#?}");
        assert!(shown[5].starts_with("t.scn:6:"), "{shown:#?}");
        // Against the map once both load: the spawn index 7 on line 7.
        assert!(shown[6].starts_with("t.scn:7:"), "{shown:#?}");
        assert!(shown[6].contains("spawn index 7"), "{shown:#?}");
        assert_eq!(p.len(), 7, "{shown:#?}");
        assert!(!playable(&p));
    }

    #[test]
    fn a_map_with_no_grid_is_one_error() {
        let p = check(("t.map", "name = t\n"), ("t.scn", &scn("")), 5);
        assert_eq!(p.len(), 1, "{p:?}");
        assert!(!playable(&p));
    }

    #[test]
    fn every_shipped_mission_checks_clean_of_errors() {
        for (name, text) in sim::content::CAMPAIGN.iter().chain(sim::content::SCENARIOS) {
            let s = Scenario::parse(name, text).expect("ships");
            let map = sim::content::map_text(&s.map).expect("embedded map");
            let p = check((&s.map, map), (name, text), 5);
            assert!(playable(&p), "{name}: {p:?}");
        }
    }
}
