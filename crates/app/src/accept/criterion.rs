//! One acceptance criterion's vocabulary (REQ §16): the [`Criterion`] trait, what it
//! finds ([`Outcome`], [`Verdict`]), where it is judged ([`Home`]) and the helpers every
//! criterion's preconditions and measurement use. The criteria's files depend on this
//! one; the list of them ([`super::registry`]) and the run that judges the list
//! ([`super`]) depend on them.

use super::record::Recording;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Pass,
    /// The preconditions do not hold (named in the measured column).
    NotApplicable,
    Fail,
    /// The feature the criterion needs does not exist: printed and counted as FAIL,
    /// but not in the exit code. Only a criterion whose `built()` is false may say it.
    NotBuilt,
}

/// What a criterion found: the verdict and the measured value (or the missing
/// precondition).
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    pub verdict: Verdict,
    pub measured: String,
    /// The headline number, for `--accept --generated`'s worst-over-maps column.
    pub value: Option<Value>,
    /// Where on the map the worst moment was (tick, position): marked in the picture of
    /// a failing generated map.
    pub at: Option<(usize, sim::Vec2)>,
}

/// A criterion's headline number and which way is worse.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Value {
    pub x: f64,
    pub higher_is_worse: bool,
}

impl Value {
    /// Whether `self` is worse than `other`.
    pub fn worse_than(&self, other: &Value) -> bool {
        if self.higher_is_worse {
            self.x > other.x
        } else {
            self.x < other.x
        }
    }
}

impl Outcome {
    pub fn judged(pass: bool, measured: impl Into<String>) -> Outcome {
        Outcome {
            verdict: if pass { Verdict::Pass } else { Verdict::Fail },
            measured: measured.into(),
            value: None,
            at: None,
        }
    }

    /// With its headline number: `x`, where a higher one is worse when `higher_is_worse`.
    pub fn with_value(mut self, x: f64, higher_is_worse: bool) -> Outcome {
        self.value = Some(Value { x, higher_is_worse });
        self
    }

    /// With the moment and place of its worst sample.
    pub fn with_at(mut self, tick: usize, pos: sim::Vec2) -> Outcome {
        self.at = Some((tick, pos));
        self
    }

    pub fn na(why: impl Into<String>) -> Outcome {
        Outcome {
            verdict: Verdict::NotApplicable,
            measured: why.into(),
            value: None,
            at: None,
        }
    }

    pub fn fail(why: impl Into<String>) -> Outcome {
        Outcome::judged(false, why)
    }

    pub fn not_built(why: impl Into<String>) -> Outcome {
        Outcome {
            verdict: Verdict::NotBuilt,
            measured: format!("not built: {}", why.into()),
            value: None,
            at: None,
        }
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

/// One acceptance criterion: REQ §16 row or a generic row.
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
    /// False while the feature it judges does not exist; its verdict is then `NotBuilt`.
    fn built(&self) -> bool {
        true
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

/// Ticks of a tuned duration, by REQ S1.2's rule (`round(seconds × 60)`, one rounding),
/// computed here rather than read from the simulation's converted tuning.
pub fn tick_count(seconds: f32) -> u32 {
    (seconds as f64 * 60.0).round().max(0.0) as u32
}
