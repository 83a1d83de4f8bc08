//! What can be read of a player's TOML file that does not parse as a whole (REQ W6): a
//! file cut short, a line of garbage, a stray bracket. The file is taken statement by
//! statement — a `[table]` header, or a `key = value` with the lines its value spans —
//! and each statement that parses together with those kept before it is kept; the rest
//! are dropped, each named with its line. A key under a header that was dropped is
//! dropped too (kept, it would land in the table before). The readers of the settings
//! and the progress then read the salvaged table entry by entry, as they read a whole
//! file; and a damaged file is kept aside under a name never used before
//! ([`set_aside`]), never overwritten.

use std::path::{Path, PathBuf};

/// Lines one value may span (the game writes every value on one line; a hand-made
/// array may take a few).
const MAX_SPAN: usize = 8;

/// A statement of the file that was not kept: its first line (from 1) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dropped {
    pub line: usize,
    pub why: String,
}

/// The table of the statements of `text` that parse, and those dropped.
pub fn salvage(text: &str) -> (toml::Table, Vec<Dropped>) {
    let lines: Vec<&str> = text.lines().collect();
    let mut kept = String::new();
    let mut dropped = Vec::new();
    // Under a header that was dropped: its keys go too.
    let mut orphaned = false;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i].trim();
        if line.is_empty() || line.starts_with('#') {
            i += 1;
            continue;
        }
        let header = line.starts_with('[');
        if orphaned && !header {
            dropped.push(Dropped {
                line: i + 1,
                why: format!(
                    "{}: under a table header that could not be read",
                    quote(line)
                ),
            });
            i += 1;
            continue;
        }
        let taken = (1..=MAX_SPAN.min(lines.len() - i)).find_map(|span| {
            let candidate = format!("{kept}{}\n", lines[i..i + span].join("\n"));
            candidate
                .parse::<toml::Table>()
                .is_ok()
                .then_some((span, candidate))
        });
        match taken {
            Some((span, candidate)) => {
                kept = candidate;
                orphaned = false;
                i += span;
            }
            None => {
                dropped.push(Dropped {
                    line: i + 1,
                    why: format!("{}: could not be read", quote(line)),
                });
                orphaned = header;
                i += 1;
            }
        }
    }
    // Every step kept a text that parses, so this does.
    (kept.parse().unwrap_or_default(), dropped)
}

/// The line (from 1) where `key` of the table at `table` (its path of keys: `[]` the
/// top level, `["missions", "m1_station"]` the table `[missions."m1_station"]`)
/// stands in `text`, or the table's header with no key; `None` when it is not found
/// (a value inside an inline table, a file too damaged).
pub fn locate(text: &str, table: &[&str], key: Option<&str>) -> Option<usize> {
    let mut current: Vec<String> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.starts_with('[') {
            // The header's path, as TOML reads it (quoted keys and all).
            current = header_path(line).unwrap_or_default();
            if key.is_none() && current == table {
                return Some(i + 1);
            }
            continue;
        }
        let Some(k) = key else { continue };
        if current != table || !line.contains('=') {
            continue;
        }
        let name = line
            .split('=')
            .next()
            .unwrap_or("")
            .trim()
            .trim_matches('"');
        if name == k {
            return Some(i + 1);
        }
    }
    None
}

/// The keys of a `[a."b"]` header line.
fn header_path(line: &str) -> Option<Vec<String>> {
    let t: toml::Table = line.parse().ok()?;
    let mut path = Vec::new();
    let mut at = &t;
    while let Some((k, v)) = at.iter().next() {
        path.push(k.clone());
        at = v.as_table()?;
    }
    Some(path)
}

/// A line as the reports quote it: at most 40 characters, control characters escaped.
pub fn quote(line: &str) -> String {
    let short: String = line.chars().take(40).collect();
    let more = if line.chars().count() > 40 { "…" } else { "" };
    let shown: String = short
        .chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect();
    format!("`{shown}{more}`")
}

/// A damaged file moved out of the way beside itself, to `NAME.bad-N` with the first N
/// from 1 that names no file (an earlier one is never overwritten): where it went. The
/// move is a hard link and the old name's removal where the file system has links, so a
/// name taken meanwhile is not written over either.
pub fn set_aside(path: &Path) -> Result<PathBuf, String> {
    for n in 1..10_000 {
        let mut to = path.as_os_str().to_owned();
        to.push(format!(".bad-{n}"));
        let to = PathBuf::from(to);
        if to.symlink_metadata().is_ok() {
            continue;
        }
        match std::fs::hard_link(path, &to) {
            Ok(()) => {
                std::fs::remove_file(path).map_err(|e| format!("{}: {e}", path.display()))?;
                return Ok(to);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            // No links here (or none across to it): a plain rename to the free name.
            Err(_) => {
                return std::fs::rename(path, &to)
                    .map(|()| to.clone())
                    .map_err(|e| format!("{}: {e}", to.display()))
            }
        }
    }
    Err(format!("{}: no free name to set it aside", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_cut_short_keeps_everything_before_the_cut() {
        // Cut in the middle of the last value.
        let cut = "version = 1\n[sound]\nmaster = 40\n[keys]\nmove_up = [\"W\", \"Up";
        assert!(cut.parse::<toml::Table>().is_err());
        let (t, dropped) = salvage(cut);
        assert_eq!(t["version"].as_integer(), Some(1));
        assert_eq!(t["sound"]["master"].as_integer(), Some(40));
        assert!(t["keys"].as_table().unwrap().is_empty());
        assert_eq!(dropped.len(), 1, "{dropped:?}");
        assert_eq!(dropped[0].line, 5);
        assert!(dropped[0].why.contains("move_up"), "{dropped:?}");
    }

    #[test]
    fn a_bad_header_drops_its_keys_and_a_value_may_span_lines() {
        let text =
            "[a]\nx = 1\n[b\ny = 2\n[c]\nz = [\n  1,\n  2,\n]\nw = 1\nw = 2\n\u{1}\u{2}junk\n";
        let (t, dropped) = salvage(text);
        assert_eq!(t["a"]["x"].as_integer(), Some(1));
        assert!(t.get("b").is_none() && t["a"].get("y").is_none(), "{t:?}");
        assert_eq!(t["c"]["z"].as_array().unwrap().len(), 2);
        assert_eq!(t["c"]["w"].as_integer(), Some(1), "the first of two kept");
        let lines: Vec<usize> = dropped.iter().map(|d| d.line).collect();
        assert_eq!(lines, [3, 4, 11, 12], "{dropped:?}");
        assert!(
            dropped[1].why.contains("under a table header"),
            "{dropped:?}"
        );
        assert!(dropped[3].why.contains("\\u{1}"), "escaped: {dropped:?}");
    }

    #[test]
    fn keys_are_found_under_their_quoted_headers() {
        let text = "version = 2\n[missions.\"m1_station\"]\ncompleted = true\n\n\
                    [missions.\"m2_warrens\"]\nattempts = \"x\"\n";
        assert_eq!(locate(text, &[], Some("version")), Some(1));
        assert_eq!(locate(text, &["missions", "m2_warrens"], None), Some(5));
        assert_eq!(
            locate(text, &["missions", "m2_warrens"], Some("attempts")),
            Some(6)
        );
        assert_eq!(
            locate(text, &["missions", "m1_station"], Some("attempts")),
            None
        );
    }

    #[test]
    fn garbage_keeps_nothing_and_says_so_line_by_line() {
        let (t, dropped) = salvage("\u{0}\u{1}garbage\n@@@\n");
        assert!(t.is_empty());
        assert_eq!(dropped.len(), 2);
    }

    #[test]
    fn a_file_set_aside_never_overwrites_an_earlier_one() {
        let d = std::env::temp_dir().join(format!("squad_salvage_{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        let f = d.join("p.toml");
        for n in 1..=3 {
            std::fs::write(&f, format!("copy {n}")).unwrap();
            let to = set_aside(&f).unwrap();
            assert_eq!(to, d.join(format!("p.toml.bad-{n}")));
            assert!(!f.exists());
        }
        for n in 1..=3 {
            let kept = std::fs::read_to_string(d.join(format!("p.toml.bad-{n}"))).unwrap();
            assert_eq!(kept, format!("copy {n}"));
        }
        assert!(set_aside(&f).is_err(), "nothing there to set aside");
        std::fs::remove_dir_all(&d).unwrap();
    }
}
