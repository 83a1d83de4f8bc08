//! `squad_proto --accept` (REQ §16): runs scenarios headless, records every tick
//! ([`record`]), and judges each criterion of the [`registry`] from the recordings.
//!
//! A criterion ([`Criterion`]) is one module: its preconditions (what a scenario must set
//! up, how many samples it needs) and its measurement side by side. Without
//! `--scenario` every criterion is judged on its embedded home scenario(s), where its
//! preconditions must hold (N/A there is a FAIL: the set-up is broken). With
//! `--scenario FILE` every criterion is judged on that file: measured where its
//! preconditions hold, N/A naming the missing one where not. Every row is printed, then
//! `N PASS, M N/A, K FAIL` and `FRIENDLY_HITS = N`.
//!
//! Exit code: non-zero on any measured FAIL or friendly hit. A row whose feature does not
//! exist yet (none now; E7.2 was the last, issue 11) prints FAIL "not built" and counts among the FAILs of
//! the summary, but does not set the exit code — otherwise every run would exit 1 until
//! the feature lands and CI could not tell a regression from the known gap
//! (docs/acceptance.md, "Exit code").

pub mod criterion;
pub mod generated;
pub mod geom;
pub mod record;
pub mod registry;

mod a01_friendly_fire;
mod a02_uptime;
mod a03_lane_freeing;
mod a04_solver_stability;
mod a05_cohesion;
mod a06_leash;
mod a07_intercept;
mod a08_segment;
mod a09_manual_aim;
mod a10_straggler;
mod a11_determinism;
mod a12_squad_holds;
mod e71_enemy_swings;
mod e72_save_load;
mod e73_ranged;
mod generic;
mod k2_reload_discipline;
mod k3_flare_light;
mod m71_melee_friendly;
mod m72_combo;
mod m73_phases;
mod m74_ally_in_sector;
mod m75_march_hits;
mod m76_no_overlap;
mod m77_cancel;
mod m78_blades_engage;
mod picture;
pub mod s102_undefended;
mod strikes;
mod sweep;
mod t5_stalker_beam;

#[cfg(test)]
mod testkit;

use std::path::Path;

use sim::content;
use sim::read::EventKind;

use crate::setup;
pub use criterion::{applicable, secs, tick_count, Criterion, Home, Outcome, Verdict};
pub use record::{record, Recording};

/// A printed row.
#[derive(Clone, Debug)]
pub struct Row {
    pub id: &'static str,
    pub threshold: &'static str,
    pub outcome: Outcome,
}

/// Judges one criterion on its runs. A built criterion that says "not built" is a FAIL;
/// with `embedded` runs (its home scenarios) N/A is a FAIL: the embedded set-up is broken.
pub fn judge_one(c: &dyn Criterion, runs: &[&Recording], embedded: bool) -> Outcome {
    let outcome = c.judge(runs);
    match outcome.verdict {
        Verdict::NotBuilt if c.built() => Outcome::fail(format!(
            "a built criterion cannot be not built: {}",
            outcome.measured
        )),
        Verdict::NotApplicable if embedded => Outcome::fail(format!(
            "embedded set-up lacks a precondition: {}",
            outcome.measured
        )),
        _ => outcome,
    }
}

/// Judges every criterion of the registry. `embedded`: the runs are the embedded
/// scenarios and each criterion gets its home runs; otherwise every criterion gets every
/// run.
pub fn judge_all(runs: &[&Recording], embedded: bool) -> Vec<Row> {
    registry::CRITERIA
        .iter()
        .map(|c| {
            let mine: Vec<&Recording> = if embedded {
                runs.iter()
                    .copied()
                    .filter(|r| c.home().includes(&r.name))
                    .collect()
            } else {
                runs.to_vec()
            };
            Row {
                id: c.id(),
                threshold: c.threshold(),
                outcome: judge_home(*c, &mine, embedded),
            }
        })
        .collect()
}

/// [`judge_one`], and with `embedded` runs of a criterion homed on named scenarios
/// (`Home::One`, `Home::Some`) every one of them must meet the preconditions on its own:
/// a home run that lacks them is a FAIL naming it, even when another run qualifies (the
/// combat route could lose every contact while `melee_dummy` carried M7.8). `Home::Every`
/// lets its preconditions pick the runs, as it says.
pub fn judge_home(c: &dyn Criterion, runs: &[&Recording], embedded: bool) -> Outcome {
    if embedded && !matches!(c.home(), Home::Every) && runs.len() > 1 {
        for r in runs {
            let alone = c.judge(&[*r]);
            if alone.verdict == Verdict::NotApplicable {
                return Outcome::fail(format!(
                    "home run {} lacks a precondition: {}",
                    r.name, alone.measured
                ));
            }
        }
    }
    judge_one(c, runs, embedded)
}

/// Row counts by verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tally {
    pub pass: usize,
    pub na: usize,
    /// Measured FAILs (they set the exit code).
    pub fail: usize,
    /// FAIL "not built" (printed and counted as FAIL, not in the exit code).
    pub not_built: usize,
}

pub fn tally(rows: &[Row]) -> Tally {
    let n = |v: Verdict| rows.iter().filter(|r| r.outcome.verdict == v).count();
    Tally {
        pass: n(Verdict::Pass),
        na: n(Verdict::NotApplicable),
        fail: n(Verdict::Fail),
        not_built: n(Verdict::NotBuilt),
    }
}

/// The summary line: `N PASS, M N/A, K FAIL`, the not-built FAILs named.
pub fn summary(rows: &[Row]) -> String {
    let t = tally(rows);
    let mut s = format!(
        "{} PASS, {} N/A, {} FAIL",
        t.pass,
        t.na,
        t.fail + t.not_built
    );
    if t.not_built > 0 {
        let ids: Vec<&str> = rows
            .iter()
            .filter(|r| r.outcome.verdict == Verdict::NotBuilt)
            .map(|r| r.id)
            .collect();
        s += &format!(
            " ({} not built: {}; not in the exit code)",
            t.not_built,
            ids.join(", ")
        );
    }
    s
}

/// Whether the run passes: no measured FAIL and no friendly hit.
pub fn passed(rows: &[Row], friendly_hits: usize) -> bool {
    tally(rows).fail == 0 && friendly_hits == 0
}

/// `FRIENDLY_HITS`: every friendly-hit event of the runs, bullets and strikes.
pub fn friendly_hits(runs: &[&Recording]) -> usize {
    runs.iter()
        .flat_map(|r| r.events())
        .filter(|(_, e)| matches!(e, EventKind::FriendlyHit { .. }))
        .count()
}

fn print_progress(r: &Recording) {
    let count = |f: fn(&EventKind) -> bool| r.events().filter(|(_, e)| f(e)).count();
    let last = r.frames.last().expect("a recording has frame 0");
    println!(
        "scenario {:<16} {:>6} ticks {:>7.3} s  shots {:>4}  strikes {:>3}  kills {:>3}  standing {}/{}  friendly hits {}",
        r.name,
        r.ticks_run(),
        r.seconds,
        count(|e| matches!(e, EventKind::Shot { .. })),
        count(|e| matches!(e, EventKind::StrikeStarted { .. })),
        count(|e| matches!(e, EventKind::EnemyKilled { .. })),
        last.agents.iter().filter(|a| a.alive).count(),
        last.agents.len(),
        count(|e| matches!(e, EventKind::FriendlyHit { .. })),
    );
}

fn print_rows(rows: &[Row]) {
    for r in rows {
        let v = match r.outcome.verdict {
            Verdict::Pass => "PASS",
            Verdict::NotApplicable => "N/A",
            Verdict::Fail | Verdict::NotBuilt => "FAIL",
        };
        println!(
            "{:<6} {:<84} {:<42} {}",
            r.id, r.outcome.measured, r.threshold, v
        );
    }
    println!("{}", summary(rows));
}

/// The rows of `expected` (criterion ids) that were not measured: each N/A one with its
/// reason. An id no criterion has is an error.
pub fn unmeasured(rows: &[Row], expected: &[String]) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    for id in expected {
        let Some(r) = rows.iter().find(|r| r.id == id.trim()) else {
            let ids: Vec<&str> = rows.iter().map(|r| r.id).collect();
            return Err(format!(
                "--expect-measured: no criterion {:?} (there are {})",
                id.trim(),
                ids.join(", ")
            ));
        };
        if r.outcome.verdict == Verdict::NotApplicable {
            out.push(format!("{} N/A: {}", r.id, r.outcome.measured));
        }
    }
    Ok(out)
}

/// `--accept`: the embedded scenarios, or every criterion on one scenario file (where
/// the criteria in `expect_measured` must be measured, not N/A). Ok(true) when nothing
/// failed.
pub fn run_cli(
    scenario: Option<&Path>,
    map: Option<&Path>,
    seed: Option<u64>,
    tuning: Option<&Path>,
    expect_measured: &[String],
) -> Result<bool, String> {
    if !expect_measured.is_empty() && scenario.is_none() {
        return Err(
            "--expect-measured goes with --accept --scenario FILE (the embedded \
                    scenarios' N/A rows fail already)"
                .to_string(),
        );
    }
    let recordings: Vec<Recording> = match scenario {
        Some(path) => {
            // No such file, an embedded scenario's name: that one (as the other modes).
            let embedded = (!path.exists())
                .then(|| {
                    path.to_str()
                        .filter(|n| content::scenario_text(n).is_some())
                })
                .flatten();
            let s = match embedded {
                Some(name) => setup::load(None, name, map, seed, tuning)?,
                None => setup::load(Some(path), "combat_route", map, seed, tuning)?,
            };
            vec![record(&s, true)]
        }
        None => {
            // Every scenario recorded on its own core (the soak's runner): each run is
            // single-threaded and deterministic, the order is the list's.
            let mut setups = Vec::new();
            for (name, _) in content::SCENARIOS {
                let s = setup::load(None, name, map, seed, tuning)?;
                let repeat = registry::CRITERIA
                    .iter()
                    .any(|c| c.needs_repeat() && c.home().includes(name));
                setups.push((s, repeat));
            }
            let v = crate::runner::map(None, &setups, |(s, repeat)| record(s, *repeat))?;
            v.iter().for_each(print_progress);
            v
        }
    };
    if scenario.is_some() {
        print_progress(&recordings[0]);
    }
    let runs: Vec<&Recording> = recordings.iter().collect();
    let rows = judge_all(&runs, scenario.is_none());
    print_rows(&rows);
    let friendly = friendly_hits(&runs);
    println!("FRIENDLY_HITS = {friendly}");
    let missing = unmeasured(&rows, expect_measured)?;
    for m in &missing {
        println!("expected measured, not: {m}");
    }
    Ok(passed(&rows, friendly) && missing.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every home run must qualify: the combat route with its enemies taken out of the
    /// record has no contact, and `melee_dummy`'s contacts do not carry it.
    #[test]
    fn m78_fails_when_a_home_run_has_no_contact_though_the_other_does() {
        let mut r = testkit::copy("combat_route");
        for f in &mut r.frames {
            f.enemies.clear();
        }
        let both = [&r, testkit::embedded("melee_dummy")];
        assert_eq!(m78_blades_engage::M78.judge(&both).verdict, Verdict::Pass);
        let o = judge_home(&m78_blades_engage::M78, &both, true);
        assert_eq!(o.verdict, Verdict::Fail, "{}", o.measured);
        assert!(
            o.measured
                .contains("home run combat_route lacks a precondition"),
            "{}",
            o.measured
        );
        let fine = [
            testkit::embedded("combat_route"),
            testkit::embedded("melee_dummy"),
        ];
        assert_eq!(
            judge_home(&m78_blades_engage::M78, &fine, true).verdict,
            Verdict::Pass
        );
    }

    fn row(id: &'static str, outcome: Outcome) -> Row {
        Row {
            id,
            threshold: "",
            outcome,
        }
    }

    #[test]
    fn an_expected_row_that_is_not_applicable_is_named() {
        let rows = vec![
            row("A1", Outcome::judged(true, "ok")),
            row("A2", Outcome::na("hold not judged")),
            row("A7", Outcome::na("no `force` hook")),
        ];
        let want = |ids: &[&str]| ids.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(unmeasured(&rows, &want(&["A1"])), Ok(vec![]));
        assert_eq!(
            unmeasured(&rows, &want(&["A1", "A2"])),
            Ok(vec!["A2 N/A: hold not judged".to_string()])
        );
        let e = unmeasured(&rows, &want(&["A99"])).unwrap_err();
        assert!(e.contains("no criterion \"A99\""), "{e}");
    }

    #[test]
    fn a_not_built_row_is_a_fail_in_the_summary_but_not_in_the_exit_code() {
        let rows = vec![
            row("A1", Outcome::judged(true, "ok")),
            row("A2", Outcome::na("no waves")),
            row("E7.2", Outcome::not_built("no saves")),
        ];
        assert_eq!(
            summary(&rows),
            "1 PASS, 1 N/A, 1 FAIL (1 not built: E7.2; not in the exit code)"
        );
        assert!(passed(&rows, 0));
        assert!(!passed(&rows, 1), "a friendly hit fails the run");
    }

    #[test]
    fn a_measured_fail_sets_the_exit_code() {
        let rows = vec![
            row("A1", Outcome::judged(false, "1 hit")),
            row("E7.2", Outcome::not_built("no saves")),
        ];
        assert_eq!(
            summary(&rows),
            "0 PASS, 0 N/A, 2 FAIL (1 not built: E7.2; not in the exit code)"
        );
        assert!(!passed(&rows, 0));
    }

    struct Says(Outcome, bool);
    impl Criterion for Says {
        fn id(&self) -> &'static str {
            "X"
        }
        fn threshold(&self) -> &'static str {
            ""
        }
        fn home(&self) -> Home {
            Home::Every
        }
        fn built(&self) -> bool {
            self.1
        }
        fn judge(&self, _: &[&Recording]) -> Outcome {
            self.0.clone()
        }
    }

    #[test]
    fn only_unbuilt_criteria_may_say_not_built_and_embedded_na_is_a_fail() {
        let built_but_says = Says(Outcome::not_built("x"), true);
        assert_eq!(
            judge_one(&built_but_says, &[], false).verdict,
            Verdict::Fail
        );
        let unbuilt = Says(Outcome::not_built("x"), false);
        assert_eq!(judge_one(&unbuilt, &[], false).verdict, Verdict::NotBuilt);
        let na = Says(Outcome::na("no place hook"), true);
        assert_eq!(judge_one(&na, &[], false).verdict, Verdict::NotApplicable);
        assert_eq!(judge_one(&na, &[], true).verdict, Verdict::Fail);
    }
}
