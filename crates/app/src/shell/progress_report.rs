//! `squad_proto --progress` (REQ W6): the campaign's progress as the game would read it,
//! printed without a window so a person can check it — every mission of the campaign in
//! order (done, best time, hardest level, runs), ids the game no longer has, the squad
//! carried, and what a salvage would drop. Reading only: nothing is set aside or
//! written (the game does that when it next starts).

use std::path::Path;

use crate::shell::campaign::Mission;
use crate::shell::progress::{MissionProgress, Progress, FORMAT};
use crate::shell::{squad_view, stamp};

/// The report for the progress file at `path` and the campaign's `missions`; `Err`:
/// the one line refusing the file (a newer format, unreadable).
pub fn report(path: &Path, missions: &[Mission]) -> Result<String, String> {
    let file = path.display().to_string();
    let text = match std::fs::read(path) {
        Ok(b) => String::from_utf8_lossy(&b).into_owned(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Ok(format!(
                "campaign progress: {file}: no file yet (nothing played): every mission to do\n"
            ))
        }
        Err(e) => return Err(stamp::unreadable(&file, FORMAT, &e)),
    };
    let (p, faults) = Progress::read(&file, &text)?;
    Ok(describe(&file, &p, &faults, missions))
}

/// The report's text: a header, a row per mission, the rest, and the salvage.
pub fn describe(file: &str, p: &Progress, faults: &[String], missions: &[Mission]) -> String {
    let mut out = format!(
        "campaign progress: {file}\n{} of {} missions done\n\n",
        p.done(missions),
        missions.len()
    );
    out += &format!(
        "  {:<28} {:<5} {:>8}  {:<7} {:>4}\n",
        "mission", "done", "best", "hardest", "runs"
    );
    for m in missions {
        out += &row(&m.title, p.get(m.id));
    }
    let others: Vec<(&String, &MissionProgress)> = p
        .missions
        .iter()
        .filter(|(id, _)| !missions.iter().any(|m| m.id == id.as_str()))
        .collect();
    if !others.is_empty() {
        out += "  kept, not in this build's campaign:\n";
        for (id, m) in others {
            out += &row(id, Some(m));
        }
    }
    out += &match p.difficulty {
        Some(d) => format!(
            "\ndifficulty: {} (the next briefing starts at it)\n",
            d.name()
        ),
        None => "\ndifficulty: not chosen yet (the briefing starts at normal)\n".to_string(),
    };
    // The summary says what the squad carries ("The squad: 1 hurt, 4 wounded; it
    // carries +2 flares.": the report said it twice).
    out += &match &p.squad {
        Some(s) => format!("squad: {}\n", squad_view::summary(s)),
        None => "squad: fresh (nothing carried yet)\n".to_string(),
    };
    if !faults.is_empty() {
        out += &format!(
            "\n{} entr{} could not be read; the game keeps every other entry and sets the \
             file aside (as {}.bad-N) when it next starts:\n",
            faults.len(),
            if faults.len() == 1 { "y" } else { "ies" },
            Path::new(file)
                .file_name()
                .map_or(String::new(), |n| n.to_string_lossy().into_owned())
        );
        for f in faults {
            out += &format!("  {f}\n");
        }
    }
    out
}

/// One mission's row (`None`: never played).
fn row(name: &str, m: Option<&MissionProgress>) -> String {
    let (done, best, hardest, runs) = match m {
        None => ("-", "-".to_string(), "-", 0),
        Some(m) => (
            if m.completed { "yes" } else { "no" },
            m.best_seconds.map_or("-".to_string(), clock),
            m.hardest.map_or("-", |d| d.name()),
            m.attempts,
        ),
    };
    let name: String = name.chars().take(28).collect();
    format!("  {name:<28} {done:<5} {best:>8}  {hardest:<7} {runs:>4}\n")
}

/// Seconds as `m:ss.s`.
fn clock(s: f32) -> String {
    let tenths = (s * 10.0).round() as u64;
    format!("{}:{:02}.{}", tenths / 600, (tenths / 10) % 60, tenths % 10)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shell::campaign::missions;
    use sim::read::Difficulty;

    #[test]
    fn every_mission_has_its_row_and_kept_ids_are_listed() {
        let ms = missions();
        let mut p = Progress::default();
        p.record(ms[1].id, true, 192.25, Difficulty::Hard);
        p.record(ms[2].id, false, 50.0, Difficulty::Normal);
        p.record("a_later_mission", true, 61.0, Difficulty::Easy);
        let text = describe(
            "p.toml",
            &p,
            &["p.toml:7: `x`: could not be read".into()],
            &ms,
        );
        assert!(
            text.contains(&format!("1 of {} missions done", ms.len())),
            "{text}"
        );
        let line = |title: &str| {
            text.lines()
                .find(|l| l.contains(title))
                .unwrap()
                .to_string()
        };
        let done = line(&ms[1].title);
        assert!(
            done.contains("yes") && done.contains("3:12.3") && done.contains("hard"),
            "{done}"
        );
        assert!(line(&ms[2].title).contains(" no "), "{text}");
        assert!(line(&ms[3].title).contains(" - "), "{text}");
        assert!(line("a_later_mission").contains("1:01.0"), "{text}");
        assert!(text.contains("squad: fresh"), "{text}");
        assert!(text.contains("difficulty: not chosen yet"), "{text}");
        p.difficulty = Some(Difficulty::Hard);
        p.squad = Some(crate::shell::squad::Squad::fresh(
            &sim::tuning::Tuning::default(),
        ));
        let again = describe("p.toml", &p, &[], &ms);
        assert!(again.contains("\ndifficulty: hard (the next"), "{again}");
        let squad = again.lines().find(|l| l.starts_with("squad: ")).unwrap();
        assert_eq!(squad.matches("carries").count(), 1, "said once: {squad}");
        assert!(text.contains("1 entry could not be read"), "{text}");
        assert!(text.contains("  p.toml:7: `x`"), "{text}");
        assert_eq!(clock(0.04), "0:00.0");
        assert_eq!(clock(3599.96), "60:00.0");
    }
}
