//! What the player has done in the campaign (REQ C2): per mission (by its id,
//! `m1_station`), whether it was completed, the best time of a won run, the hardest
//! difficulty it was won at and how many runs it took. Kept as TOML in the user's data
//! directory (`ProjectDirs::data_dir()/progress.toml`: `$XDG_DATA_HOME/squad_proto/` on
//! Linux), never in the working directory; written after every campaign run, through a
//! temporary file renamed into place.
//!
//! A missing file is fresh progress. A damaged one is salvaged (REQ W6): every entry
//! that can be read is kept — a field of the wrong type drops that field, a mission that
//! is not a table that mission, a line that is not TOML (a file cut short, garbage) that
//! line ([`crate::shell::salvage`]), a bad part of the squad only that part
//! ([`crate::shell::squad_file`]) — each fault said (the first on screen, all on
//! stderr), the file as it was kept aside as `progress.toml.bad-N` (never overwritten)
//! and written again as read; never a panic. A file that cannot be read (permission
//! denied) is kept aside the same way and said, and the campaign starts fresh. The file
//! carries its format and the build that wrote it ([`crate::shell::stamp`]): one of a
//! newer format is refused with a line and left untouched (nothing is written over it).
//! `squad_proto --progress` prints it, salvage and all, without changing anything.
//!
//! Format 2 adds the campaign's squad (REQ K6, [`crate::shell::squad`]): a file of
//! format 1 has none, and loads with a fresh one. Format 3 adds the difficulty the
//! player last chose for a mission (`difficulty = "hard"`), where a briefing starts
//! (issue 35); a file without it starts briefings at normal.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use sim::read::Difficulty;

use crate::shell::campaign::Mission;
use crate::shell::salvage;
use crate::shell::squad::Squad;
use crate::shell::squad_file;
use crate::shell::stamp::{self, Format};

/// The file's name in the data directory.
pub const FILE_NAME: &str = "progress.toml";

/// The progress file's format (1: missions by id with their records; 2: and the
/// campaign's squad; 3: and the difficulty last chosen).
pub const FORMAT: Format = Format {
    noun: "campaign progress",
    version: 3,
};

/// One mission's record.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MissionProgress {
    pub completed: bool,
    /// Seconds of the fastest won run.
    pub best_seconds: Option<f32>,
    /// The hardest difficulty a run was won at.
    pub hardest: Option<Difficulty>,
    /// Runs played to their end (won or lost).
    pub attempts: u32,
}

/// The campaign's progress, by mission id (ids the game no longer has are kept), and
/// the squad the campaign carries (`None`: a fresh one, nothing carried yet).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Progress {
    pub missions: BTreeMap<String, MissionProgress>,
    pub squad: Option<Squad>,
    /// The difficulty the player last began a mission at (`None`: never).
    pub difficulty: Option<Difficulty>,
}

/// Where the progress is kept: `progress.toml` in the user's data directory.
pub fn default_path() -> Result<PathBuf, String> {
    directories::ProjectDirs::from("", "", "squad_proto")
        .map(|d| d.data_dir().join(FILE_NAME))
        .ok_or_else(|| "no home directory: campaign progress is not kept".to_string())
}

impl Progress {
    /// `id`'s record, if it was ever played.
    pub fn get(&self, id: &str) -> Option<&MissionProgress> {
        self.missions.get(id)
    }

    pub fn completed(&self, id: &str) -> bool {
        self.get(id).is_some_and(|m| m.completed)
    }

    /// A run of `id` ended: won or not, after `seconds`, at `difficulty`.
    pub fn record(&mut self, id: &str, won: bool, seconds: f32, difficulty: Difficulty) {
        let m = self.missions.entry(id.to_string()).or_default();
        m.attempts = m.attempts.saturating_add(1);
        if won {
            m.completed = true;
            if seconds.is_finite() && seconds >= 0.0 {
                m.best_seconds = Some(m.best_seconds.map_or(seconds, |b| b.min(seconds)));
            }
            m.hardest = Some(m.hardest.map_or(difficulty, |h| h.max(difficulty)));
        }
    }

    /// The difficulty a briefing starts at: the one the player last began a mission
    /// at, else normal (issue 35: briefings started at the mission's own level, easy for
    /// missions 1 and 2, and a player on normal changed it every time).
    pub fn briefing_difficulty(&self) -> Difficulty {
        self.difficulty.unwrap_or(Difficulty::Normal)
    }

    /// The mission to play next: the first not completed (the last one when all are).
    /// The training is optional: once a mission of the campaign proper is won it is
    /// not the next one any more (issue 35: the list still marked it "next" after
    /// mission 1 was won).
    pub fn next_mission(&self, missions: &[Mission]) -> usize {
        let won_one = missions
            .iter()
            .any(|m| !m.is_training() && self.completed(m.id));
        missions
            .iter()
            .position(|m| {
                let passed_over = won_one && m.is_training();
                !self.completed(m.id) && !passed_over
            })
            .unwrap_or(missions.len().saturating_sub(1))
    }

    /// How many of `missions` are completed.
    pub fn done(&self, missions: &[Mission]) -> usize {
        missions.iter().filter(|m| self.completed(m.id)).count()
    }

    /// Reads `path` (REQ W6): a missing file is fresh progress with nothing to say. A
    /// file with faults — an entry of the wrong type or unknown, a line that cannot be
    /// read, a file cut short, garbage — keeps every entry that could be read; the faults
    /// are said (the line returned for the screen, every one on stderr), the file as it
    /// was is kept aside as `progress.toml.bad-N` (never overwritten) and written again as
    /// read. A file that exists but cannot be read (permission denied) is kept aside the
    /// same way and said; the campaign starts fresh. `Err`: the file is refused — a newer
    /// format, or unreadable and it could not be moved — with the line that says so; it
    /// is left as it is, and must not be written this session.
    pub fn load(path: &Path) -> Result<(Progress, Option<String>), String> {
        Progress::load_with(path, |p| std::fs::read(p))
    }

    /// [`Progress::load`] reading the file's bytes through `read` (the tests inject a
    /// read error there: as root a file of mode 000 is readable).
    pub fn load_with(
        path: &Path,
        read: impl FnOnce(&Path) -> std::io::Result<Vec<u8>>,
    ) -> Result<(Progress, Option<String>), String> {
        let file = path.display().to_string();
        let text = match read(path) {
            Ok(b) => String::from_utf8_lossy(&b).into_owned(),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Ok((Progress::default(), None))
            }
            Err(e) => {
                let refused = stamp::unreadable(&file, FORMAT, &e);
                if !path.is_file() {
                    return Err(refused);
                }
                return match salvage::set_aside(path) {
                    Ok(aside) => Ok((
                        Progress::default(),
                        Some(format!(
                            "campaign progress: {file}: cannot be read ({}): kept aside as {}; \
                             starting with fresh progress",
                            stamp::cause(&e),
                            aside.display()
                        )),
                    )),
                    Err(_) => Err(refused),
                };
            }
        };
        let (p, faults) = Progress::read(&file, &text)?;
        if faults.is_empty() {
            return Ok((p, None));
        }
        let line = salvaged(path, &p, &faults);
        Ok((p, Some(line)))
    }

    /// The progress in `text` (named `file` in the faults) with every entry that could
    /// be read, and one line for each that could not (`file:line[:col]: …`, in the
    /// file's order): a line that is not TOML (a file cut short, garbage), a mission
    /// that is not a table, a field of the wrong type or unknown, a bad part of the
    /// squad ([`squad_file`]). `Err`: the file is refused (a newer format, REQ X13).
    pub fn read(file: &str, text: &str) -> Result<(Progress, Vec<String>), String> {
        let mut faults: Vec<(usize, String)> = Vec::new();
        let table: toml::Table = match text.parse() {
            Ok(t) => t,
            Err(_) => {
                let (t, dropped) = salvage::salvage(text);
                for d in dropped {
                    faults.push((d.line, format!("{file}:{}: {}", d.line, d.why)));
                }
                t
            }
        };
        if let Some(why) = stamp::refusal(file, &table, FORMAT) {
            return Err(why);
        }
        let mut p = Progress::default();
        let mut squad_faults = Vec::new();
        let mut fault = |path: &[&str], key: Option<&str>, msg: String| {
            let line = salvage::locate(text, path, key);
            let at = line.map_or(file.to_string(), |l| format!("{file}:{l}"));
            faults.push((line.unwrap_or(0), format!("{at}: {msg}")));
        };
        for (k, v) in &table {
            match (k.as_str(), v) {
                ("version", toml::Value::Integer(_)) | ("build", toml::Value::String(_)) => {}
                ("missions", toml::Value::Table(ms)) => {
                    for (id, m) in ms {
                        let Some(m) = m.as_table() else {
                            fault(
                                &["missions"],
                                Some(id),
                                format!("mission `{id}`: expected a table (dropped)"),
                            );
                            continue;
                        };
                        let (record, bad) = mission(m);
                        for (key, msg) in bad {
                            fault(
                                &["missions", id],
                                Some(&key),
                                format!("mission `{id}`: {msg}"),
                            );
                        }
                        p.missions.insert(id.clone(), record);
                    }
                }
                ("squad", v) => {
                    let (squad, said) = squad_file::from_toml(file, text, v);
                    p.squad = Some(squad);
                    squad_faults = said;
                }
                ("difficulty", v) => match v.as_str().and_then(Difficulty::parse) {
                    Some(d) => p.difficulty = Some(d),
                    None => fault(
                        &[],
                        Some(k),
                        format!(
                            "`difficulty = {v}`: expected \"easy\", \"normal\" or \"hard\" \
                             (dropped)"
                        ),
                    ),
                },
                _ => fault(
                    &[],
                    Some(k),
                    format!(
                        "unknown key `{k}` (dropped): expected version, build, difficulty, \
                         missions, squad"
                    ),
                ),
            }
        }
        // The squad's places are `file:line:col`: told in the file's order too.
        for f in squad_faults {
            let line = f
                .strip_prefix(file)
                .and_then(|r| r.strip_prefix(':'))
                .and_then(|r| r.split(':').next())
                .and_then(|l| l.parse().ok())
                .unwrap_or(0);
            faults.push((line, f));
        }
        faults.sort_by_key(|(line, _)| *line);
        Ok((p, faults.into_iter().map(|(_, f)| f).collect()))
    }

    /// The progress as the file keeps it.
    pub fn to_toml(&self) -> String {
        let mut out = String::from(
            "# squad_proto campaign progress: written by the game after each mission.\n",
        );
        out += &stamp::stamp(FORMAT);
        if let Some(d) = self.difficulty {
            out += &format!("difficulty = \"{}\"\n", d.name());
        }
        for (id, m) in &self.missions {
            // Quoted: an id with a dot or a space stays one key, not nested tables.
            out += &format!("\n[missions.{id:?}]\ncompleted = {}\n", m.completed);
            if let Some(s) = m.best_seconds {
                out += &format!("best_seconds = {s:?}\n");
            }
            if let Some(d) = m.hardest {
                out += &format!("hardest = \"{}\"\n", d.name());
            }
            out += &format!("attempts = {}\n", m.attempts);
        }
        if let Some(s) = &self.squad {
            out += &squad_file::to_toml(s);
        }
        out
    }

    /// Writes the progress to `path` (a temporary file renamed into place).
    pub fn save(&self, path: &Path) -> Result<(), String> {
        crate::files::write(path, self.to_toml().as_bytes())
    }
}

/// A mission's record from its table: every field that could be read, and for each
/// that could not (wrong type, out of range, unknown) its key and what was expected;
/// such a field is dropped (its default kept).
fn mission(t: &toml::Table) -> (MissionProgress, Vec<(String, String)>) {
    let mut m = MissionProgress::default();
    let mut bad = Vec::new();
    for (k, v) in t {
        let read: Result<(), &str> = match k.as_str() {
            "completed" => v
                .as_bool()
                .map(|b| m.completed = b)
                .ok_or("expected true or false"),
            "best_seconds" => v
                .as_float()
                .or_else(|| v.as_integer().map(|i| i as f64))
                .filter(|s| s.is_finite() && *s >= 0.0)
                .map(|s| m.best_seconds = Some(s as f32))
                .ok_or("expected seconds (a number >= 0)"),
            "hardest" => v
                .as_str()
                .and_then(Difficulty::parse)
                .map(|d| m.hardest = Some(d))
                .ok_or("expected \"easy\", \"normal\" or \"hard\""),
            "attempts" => v
                .as_integer()
                .and_then(|a| u32::try_from(a).ok())
                .map(|a| m.attempts = a)
                .ok_or("expected a count"),
            _ => Err("unknown key: expected completed, best_seconds, hardest, attempts"),
        };
        if let Err(why) = read {
            bad.push((k.clone(), format!("`{k} = {v}`: {why} (dropped)")));
        }
    }
    (m, bad)
}

/// The line for a progress file at `path` read as `p` with `faults`: the file as it was
/// set aside, written again as read (the good entries kept). Every fault but the first
/// goes to stderr here; the first is in the line, which the caller says.
fn salvaged(path: &Path, p: &Progress, faults: &[String]) -> String {
    for f in faults.iter().skip(1) {
        eprintln!("squad_proto: {f}");
    }
    let kept = match salvage::set_aside(path) {
        Ok(aside) => match p.save(path) {
            Ok(()) => format!(
                "the file as it was kept as {}, written again as read",
                aside.display()
            ),
            Err(e) => format!(
                "the file as it was kept as {}; NOT written again: {e}",
                aside.display()
            ),
        },
        Err(e) => format!("the file could not be set aside ({e}) and is left as it was"),
    };
    let more = match faults.len() {
        0 | 1 => String::new(),
        n => format!(" (and {} more on stderr)", n - 1),
    };
    let rest = if p == &Progress::default() {
        "nothing else could be read: starting with fresh progress"
    } else {
        "every other entry kept"
    };
    format!(
        "campaign progress: {}{more}; {rest}; {kept}",
        faults.first().map_or("", String::as_str)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shell::campaign::missions;

    fn dir(tag: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("squad_progress_{tag}_{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn runs_are_recorded_best_time_hardest_level_and_attempts() {
        let mut p = Progress::default();
        p.record("m1_station", false, 40.0, Difficulty::Hard);
        assert!(!p.completed("m1_station"));
        p.record("m1_station", true, 200.0, Difficulty::Normal);
        p.record("m1_station", true, 150.5, Difficulty::Easy);
        p.record("m1_station", true, 180.0, Difficulty::Hard);
        let m = p.get("m1_station").unwrap();
        assert_eq!(
            m,
            &MissionProgress {
                completed: true,
                best_seconds: Some(150.5),
                hardest: Some(Difficulty::Hard),
                attempts: 4,
            }
        );
    }

    #[test]
    fn the_next_mission_is_the_first_not_completed() {
        let ms = missions();
        let mut p = Progress::default();
        assert_eq!(p.next_mission(&ms), 0);
        p.record(ms[0].id, true, 100.0, Difficulty::Normal);
        p.record(ms[2].id, true, 100.0, Difficulty::Normal);
        assert_eq!(p.next_mission(&ms), 1, "a skipped one comes first");
        for m in &ms {
            p.record(m.id, true, 90.0, Difficulty::Easy);
        }
        assert_eq!(p.next_mission(&ms), ms.len() - 1);
        assert_eq!(p.done(&ms), ms.len());
        assert_eq!(Progress::default().next_mission(&[]), 0);
    }

    #[test]
    fn the_training_is_not_next_once_a_mission_is_won() {
        let ms = missions();
        assert!(ms[0].is_training() && !ms[1].is_training());
        let mut p = Progress::default();
        assert_eq!(p.next_mission(&ms), 0, "a new player: the training first");
        p.record(ms[0].id, false, 100.0, Difficulty::Normal);
        assert_eq!(p.next_mission(&ms), 0, "the training tried, not done");
        // Mission 1 won without the training: mission 2 is next.
        p.record(ms[1].id, true, 300.0, Difficulty::Normal);
        assert_eq!(p.next_mission(&ms), 2);
        // Every mission but the training won: the last, as when all are.
        for m in &ms[1..] {
            p.record(m.id, true, 300.0, Difficulty::Normal);
        }
        assert_eq!(p.next_mission(&ms), ms.len() - 1);
    }

    /// A briefing starts at the difficulty last chosen, normal before any (issue 35);
    /// a bad value in the file is dropped and said, the rest kept.
    #[test]
    fn the_briefing_s_difficulty_is_the_last_chosen_or_normal() {
        let mut p = Progress::default();
        assert_eq!(p.briefing_difficulty(), Difficulty::Normal);
        p.difficulty = Some(Difficulty::Hard);
        assert_eq!(p.briefing_difficulty(), Difficulty::Hard);
        let (read, faults) = Progress::read("p.toml", &p.to_toml()).unwrap();
        assert_eq!((read.difficulty, faults.len()), (Some(Difficulty::Hard), 0));
        let text =
            "version = 3\ndifficulty = \"brutal\"\n[missions.m1_station]\ncompleted = true\n";
        let (read, faults) = Progress::read("p.toml", text).unwrap();
        assert_eq!(read.difficulty, None);
        assert!(read.completed("m1_station"), "the rest kept");
        assert_eq!(faults.len(), 1);
        assert!(
            faults[0].starts_with("p.toml:2: `difficulty = \"brutal\"`"),
            "{}",
            faults[0]
        );
    }

    #[test]
    fn progress_round_trips_through_the_file() {
        let d = dir("round");
        let path = d.join("deeper").join(FILE_NAME);
        assert_eq!(Progress::load(&path).unwrap(), (Progress::default(), None));
        let mut p = Progress::default();
        p.record("m1_station", true, 192.25, Difficulty::Hard);
        p.record("m2_warrens", false, 31.0, Difficulty::Normal);
        p.record("a_mission_of_a_later_version", true, 1.0, Difficulty::Easy);
        // An id with a dot or a space stays one mission (a quoted key).
        p.record("mods.night 2", true, 5.0, Difficulty::Easy);
        p.save(&path).unwrap();
        assert!(
            !path.with_extension("toml.part").exists(),
            "no temporary left"
        );
        assert_eq!(Progress::load(&path).unwrap(), (p, None));
        std::fs::remove_dir_all(&d).unwrap();
    }

    /// REQ K6: the squad is kept in the progress (format 2); a file of format 1 (no
    /// squad) still loads, with a fresh squad.
    #[test]
    fn the_squad_round_trips_and_a_format_1_file_loads_with_a_fresh_one() {
        use crate::shell::squad::{Member, State};
        use sim::read::Kit;
        let d = dir("squad");
        let path = d.join(FILE_NAME);
        let mut p = Progress::default();
        p.record("m1_station", true, 99.5, Difficulty::Hard);
        p.squad = Some(Squad {
            members: vec![
                Member {
                    health: 21.0,
                    max: 70.0,
                    state: State::Wounded,
                },
                Member {
                    health: 70.0,
                    max: 70.0,
                    state: State::Recruit,
                },
                Member::whole(100.0),
            ],
            kit: Kit {
                flares: 3,
                medkits: 1,
                grenades: 0,
            },
            rounds: 250,
        });
        p.difficulty = Some(Difficulty::Hard);
        p.save(&path).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.starts_with("# squad_proto") && text.contains("version = 3\n"));
        assert!(text.contains("difficulty = \"hard\"\n"), "{text}");
        assert!(text.contains("state = \"recruit\""), "{text}");
        assert_eq!(Progress::load(&path).unwrap(), (p.clone(), None));
        // Format 1, as the builds before the squad wrote it.
        let v1 = "version = 1\nbuild = \"0.1.0+sim11\"\n\n[missions.\"m1_station\"]\n\
                  completed = true\nattempts = 2\n";
        std::fs::write(&path, v1).unwrap();
        let (old, said) = Progress::load(&path).unwrap();
        assert_eq!(said, None);
        assert!(old.completed("m1_station") && old.squad.is_none());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), v1, "untouched");
        std::fs::remove_dir_all(&d).unwrap();
    }

    /// W6: a bad entry of the squad is reported at its place and only it replaced;
    /// every mission is kept, the file set aside and written again as read.
    #[test]
    fn a_bad_squad_entry_is_salvaged_and_the_missions_kept() {
        let d = dir("salvage");
        let path = d.join(FILE_NAME);
        std::fs::create_dir_all(&d).unwrap();
        let mut p = Progress::default();
        p.record("m1_station", true, 99.5, Difficulty::Hard);
        p.record("m2_warrens", false, 10.0, Difficulty::Normal);
        p.squad = Some(Squad::fresh(&sim::tuning::Tuning::default()));
        let text = p
            .to_toml()
            .replacen("state = \"fit\"", "state = \"undead\"", 1);
        let text = text.replace("rounds = 0", "rounds = -12");
        std::fs::write(&path, &text).unwrap();
        let (got, said) = Progress::load(&path).unwrap();
        let said = said.expect("reported");
        let member_line = text.lines().position(|l| l.contains("undead")).unwrap() + 1;
        assert!(
            said.starts_with(&format!(
                "campaign progress: {}:{member_line}:5: [squad] member 1: `state = \"undead\"`",
                path.display()
            )),
            "{said}"
        );
        assert!(said.contains("(and 1 more on stderr)"), "{said}");
        assert!(said.contains("every other entry kept"), "{said}");
        assert!(said.contains("progress.toml.bad-1"), "{said}");
        assert_eq!(got.missions, p.missions, "every mission kept");
        assert_eq!(
            got.squad, p.squad,
            "the bad member whole and fit, the rounds none"
        );
        assert_eq!(
            std::fs::read_to_string(d.join("progress.toml.bad-1")).unwrap(),
            text,
            "the file as it was is kept"
        );
        // Written again as read: it loads with nothing to say.
        assert_eq!(Progress::load(&path).unwrap(), (got, None));
        std::fs::remove_dir_all(&d).unwrap();
    }

    /// `directories` honours `XDG_DATA_HOME` and `XDG_CONFIG_HOME` (on Linux): the test
    /// binary runs this test again as a child with both set to a temporary folder (the
    /// variables of this process, shared by the tests running in parallel, stay
    /// untouched); the child, told by `CHILD`, prints where the files go.
    #[cfg(target_os = "linux")]
    #[test]
    fn the_user_directories_follow_xdg() {
        const CHILD: &str = "SQUAD_PROTO_XDG_CHILD";
        if std::env::var_os(CHILD).is_some() {
            println!("progress={}", default_path().unwrap().display());
            println!(
                "settings={}",
                crate::shell::settings::default_path().unwrap().display()
            );
            return;
        }
        let d = dir("xdg");
        let out = std::process::Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "shell::progress::tests::the_user_directories_follow_xdg",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(CHILD, "1")
            .env("XDG_DATA_HOME", d.join("data"))
            .env("XDG_CONFIG_HOME", d.join("config"))
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        let data = d.join("data").join("squad_proto").join(FILE_NAME);
        let config = d.join("config").join("squad_proto").join("settings.toml");
        assert!(
            text.contains(&format!("progress={}", data.display())),
            "{text}"
        );
        assert!(
            text.contains(&format!("settings={}", config.display())),
            "{text}"
        );
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    /// REQ X13: a file of a newer format (a newer build's) is refused naming both
    /// builds and left as it is; an unreadable one is not called damaged or replaced.
    #[test]
    fn a_newer_or_unreadable_progress_file_is_refused_and_left_alone() {
        let d = dir("refused");
        let path = d.join(FILE_NAME);
        std::fs::create_dir_all(&d).unwrap();
        let newer = "version = 4\nbuild = \"0.2.0+sim12\"\n[missions.m1_station]\nstars = 3\n";
        std::fs::write(&path, newer).unwrap();
        let why = Progress::load(&path).unwrap_err();
        assert!(why.contains("made by build 0.2.0+sim12"), "{why}");
        let this = sim::record::container::GAME_VERSION;
        assert!(why.contains(&format!("this is build {this}")), "{why}");
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            newer,
            "left as it is"
        );
        assert!(!d.join("progress.toml.bad-1").exists());
        // A folder where the file should be: unreadable, not damaged.
        std::fs::remove_file(&path).unwrap();
        std::fs::create_dir_all(&path).unwrap();
        let why = Progress::load(&path).unwrap_err();
        assert!(
            why.contains("cannot read") && !why.contains("damaged"),
            "{why}"
        );
        assert!(path.is_dir(), "left as it is");
        // What this build writes carries its stamp and reads back.
        std::fs::remove_dir_all(&path).unwrap();
        Progress::default().save(&path).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(&format!("build = \"{this}\"")), "{text}");
        assert!(Progress::load(&path).is_ok());
        std::fs::remove_dir_all(&d).unwrap();
    }
}
