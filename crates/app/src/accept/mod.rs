//! `squad_proto --accept` (SPEC §16): runs scenarios headless, records every tick
//! ([`record`]), and judges each criterion of the [`registry`] from the recordings.
//!
//! A criterion ([`Criterion`]) is one module: its preconditions (what a scenario must set
//! up, how many samples it needs) and its measurement side by side. Without
//! `--scenario` every criterion is judged on its embedded home scenario(s), where its
//! preconditions must hold (N/A there is a FAIL: the set-up is broken). With
//! `--scenario FILE` every criterion is judged on that file: measured where its
//! preconditions hold, N/A naming the missing one where not. Every row is printed, then
//! `N PASS, M N/A, K FAIL` and `FRIENDLY_HITS = N`; any FAIL makes the exit code non-zero.

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
mod generic;
mod m71_melee_friendly;
mod m72_combo;
mod m73_phases;
mod m74_ally_in_sector;
mod m75_march_hits;
mod m76_no_overlap;
mod m77_cancel;
mod strikes;

#[cfg(test)]
mod testkit;

use std::path::Path;

use sim::content;
use sim::core::events::EventKind;

use crate::setup;
pub use record::{record, Recording};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Pass,
    /// The preconditions do not hold (named in the measured column).
    NotApplicable,
    Fail,
}

/// What a criterion found: the verdict and the measured value (or the missing
/// precondition).
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    pub verdict: Verdict,
    pub measured: String,
}

impl Outcome {
    pub fn judged(pass: bool, measured: impl Into<String>) -> Outcome {
        Outcome {
            verdict: if pass { Verdict::Pass } else { Verdict::Fail },
            measured: measured.into(),
        }
    }

    pub fn na(why: impl Into<String>) -> Outcome {
        Outcome {
            verdict: Verdict::NotApplicable,
            measured: why.into(),
        }
    }

    pub fn fail(why: impl Into<String>) -> Outcome {
        Outcome::judged(false, why)
    }
}

/// The embedded scenario(s) a criterion is judged on by `--accept`.
#[derive(Clone, Copy, Debug)]
pub enum Home {
    One(&'static str),
    Some(&'static [&'static str]),
    /// Every embedded scenario (the criterion's preconditions pick the runs).
    Every,
}

impl Home {
    pub fn includes(&self, name: &str) -> bool {
        match self {
            Home::One(n) => *n == name,
            Home::Some(ns) => ns.contains(&name),
            Home::Every => true,
        }
    }
}

/// One acceptance criterion: SPEC §16 row or a generic row.
pub trait Criterion: Sync {
    /// The id printed in the first column (`A1`, `M7.4`, …).
    fn id(&self) -> &'static str;
    /// The threshold column.
    fn threshold(&self) -> &'static str;
    /// Where `--accept` without `--scenario` judges it.
    fn home(&self) -> Home;
    /// Needs a second run of the same set-up (`Recording::repeat`).
    fn needs_repeat(&self) -> bool {
        false
    }
    /// Checks the preconditions on each run and measures where they hold.
    fn judge(&self, runs: &[&Recording]) -> Outcome;
}

/// The runs whose preconditions hold, with what `pre` found on each; when none does,
/// N/A naming what each run lacks.
pub fn applicable<'a, T>(
    runs: &[&'a Recording],
    pre: impl Fn(&'a Recording) -> Result<T, String>,
) -> Result<Vec<(&'a Recording, T)>, Outcome> {
    let mut ok = Vec::new();
    let mut missing = Vec::new();
    for r in runs {
        match pre(r) {
            Ok(t) => ok.push((*r, t)),
            Err(why) => missing.push((r.name.as_str(), why)),
        }
    }
    if !ok.is_empty() {
        return Ok(ok);
    }
    Err(Outcome::na(match missing.as_slice() {
        [(_, why)] => why.clone(),
        [] => "no run".to_string(),
        many => many
            .iter()
            .map(|(n, w)| format!("{n}: {w}"))
            .collect::<Vec<_>>()
            .join("; "),
    }))
}

/// Seconds of `n` ticks.
pub fn secs(n: usize) -> f64 {
    n as f64 / 60.0
}

/// A printed row.
#[derive(Clone, Debug)]
pub struct Row {
    pub id: &'static str,
    pub threshold: &'static str,
    pub outcome: Outcome,
}

/// Judges every criterion of the registry. `embedded`: the runs are the embedded
/// scenarios and each criterion gets its home runs, where N/A means the embedded set-up
/// is broken (FAIL); otherwise every criterion gets every run.
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
            let mut outcome = c.judge(&mine);
            if embedded && outcome.verdict == Verdict::NotApplicable {
                outcome = Outcome::fail(format!(
                    "embedded set-up lacks a precondition: {}",
                    outcome.measured
                ));
            }
            Row {
                id: c.id(),
                threshold: c.threshold(),
                outcome,
            }
        })
        .collect()
}

/// `(pass, n/a, fail)` counts.
pub fn tally(rows: &[Row]) -> (usize, usize, usize) {
    let n = |v: Verdict| rows.iter().filter(|r| r.outcome.verdict == v).count();
    (
        n(Verdict::Pass),
        n(Verdict::NotApplicable),
        n(Verdict::Fail),
    )
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
            Verdict::Fail => "FAIL",
        };
        println!(
            "{:<6} {:<84} {:<42} {}",
            r.id, r.outcome.measured, r.threshold, v
        );
    }
    let (p, n, f) = tally(rows);
    println!("{p} PASS, {n} N/A, {f} FAIL");
}

/// `--accept`: the embedded scenarios, or every criterion on one scenario file.
/// Ok(true) when nothing failed.
pub fn run_cli(
    scenario: Option<&Path>,
    map: Option<&Path>,
    seed: Option<u64>,
    tuning: Option<&Path>,
) -> Result<bool, String> {
    let recordings: Vec<Recording> = match scenario {
        Some(path) => {
            let s = setup::load(Some(path), "combat_route", map, seed, tuning)?;
            vec![record(&s, true)]
        }
        None => {
            let mut v = Vec::new();
            for (name, _) in content::SCENARIOS {
                let s = setup::load(None, name, map, seed, tuning)?;
                let repeat = registry::CRITERIA
                    .iter()
                    .any(|c| c.needs_repeat() && c.home().includes(name));
                let r = record(&s, repeat);
                print_progress(&r);
                v.push(r);
            }
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
    let (_, _, failed) = tally(&rows);
    Ok(failed == 0 && friendly == 0)
}
