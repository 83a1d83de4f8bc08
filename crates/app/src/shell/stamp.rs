//! The stamp on the files the player owns (REQ X13): `progress.toml` and
//! `settings.toml` begin with their format version and the build that wrote them,
//!
//! ```toml
//! version = 1
//! build = "0.1.0+sim18"
//! ```
//!
//! A file of a format this build reads (a file without a stamp is the first format,
//! written before files carried one) is read whatever build wrote it. A file of a newer
//! format — written by a newer build — is refused with one line naming both builds, and
//! left as it is: the game goes on with the defaults and writes nothing over it, so the
//! newer build still finds its file. A file that cannot be read (permissions, a
//! directory in its place) is said to be unreadable, never damaged.

use sim::record::container::GAME_VERSION;

/// One kind of the player's files.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Format {
    /// What the file is, for the messages ("campaign progress", "settings").
    pub noun: &'static str,
    /// The format version this build writes, the newest it reads.
    pub version: i64,
}

/// The stamp's lines as the file begins with them.
pub fn stamp(f: Format) -> String {
    format!("version = {}\nbuild = {GAME_VERSION:?}\n", f.version)
}

/// Whether `key` is one of the stamp's (read by [`refusal`], skipped by the readers).
pub fn is_stamp_key(key: &str) -> bool {
    matches!(key, "version" | "build")
}

/// The line refusing `file` (its top-level `table`) when its format is not one this
/// build reads; `None` when it is (or it has no stamp).
pub fn refusal(file: &str, table: &toml::Table, f: Format) -> Option<String> {
    let by = match table.get("build").and_then(|b| b.as_str()) {
        Some(b) => format!("made by build {b}"),
        None => "made by another build".to_string(),
    };
    let version = table.get("version")?;
    let reads = format!(
        "this is build {GAME_VERSION}, which reads {} format {}",
        f.noun, f.version
    );
    match version.as_integer() {
        Some(v) if (1..=f.version).contains(&v) => None,
        Some(v) if v > f.version => Some(format!(
            "{file}: {} format {v}, {by}; {reads}: the file is left as it is and nothing is \
             written over it",
            f.noun
        )),
        _ => Some(format!(
            "{file}: `version = {version}`, {by}: not a {} format ({reads}); the file is left \
             as it is and nothing is written over it",
            f.noun
        )),
    }
}

/// Why a file could not be read, in words ("permission denied").
pub fn cause(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        _ => e.to_string(),
    }
}

/// The line for a file that exists but cannot be read (`e`), left as it is.
pub fn unreadable(file: &str, f: Format, e: &std::io::Error) -> String {
    let why = cause(e);
    format!(
        "{file}: cannot read the {} ({why}); the file is left as it is and nothing is \
         written over it",
        f.noun
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const F: Format = Format {
        noun: "settings",
        version: 1,
    };

    fn table(text: &str) -> toml::Table {
        text.parse().unwrap()
    }

    #[test]
    fn a_file_of_a_format_read_here_is_taken_whoever_wrote_it() {
        assert_eq!(refusal("f", &table(&stamp(F)), F), None);
        assert_eq!(
            refusal("f", &table("version = 1\nbuild = \"0.0.9+sim1\""), F),
            None
        );
        assert_eq!(
            refusal("f", &table("[sound]\nmaster = 50"), F),
            None,
            "no stamp"
        );
        assert!(stamp(F).contains(GAME_VERSION));
    }

    #[test]
    fn a_newer_format_is_refused_naming_both_builds() {
        let why = refusal("f.toml", &table("version = 2\nbuild = \"0.2.0+sim12\""), F).unwrap();
        assert!(why.starts_with("f.toml: settings format 2"), "{why}");
        assert!(why.contains("made by build 0.2.0+sim12"), "{why}");
        assert!(
            why.contains(&format!("this is build {GAME_VERSION}")),
            "{why}"
        );
        assert!(!why.contains("damaged"), "{why}");
        let why = refusal("f.toml", &table("version = \"one\""), F).unwrap();
        assert!(why.contains("made by another build"), "{why}");
        assert!(refusal("f.toml", &table("version = 0"), F).is_some());
    }

    #[test]
    fn an_unreadable_file_is_not_called_damaged() {
        let e = std::io::Error::from(std::io::ErrorKind::PermissionDenied);
        let line = unreadable("p.toml", F, &e);
        assert!(line.contains("permission denied"), "{line}");
        assert!(!line.contains("damaged"), "{line}");
    }
}
