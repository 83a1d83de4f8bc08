//! E7.2: save mid-windup, load, continue: the checksum equals the uninterrupted run.
//!
//! The recorded run is the uninterrupted one. The set-up is run again with its route and
//! saved (the whole file: encoded, decoded, loaded) at the first tick an enemy is
//! mid-windup, a blade is mid-windup, a blade is mid-combo, bullets are in flight and a
//! gunner is inside its commit window, and at a quarter, half and three quarters of the
//! run ([`crate::save_check`]); every save is continued to the end with the saved route
//! pilot, and the checksum after every tick — of the saving run and of each continuation
//! — must equal the recorded frame's.
//!
//! Preconditions (read from the frames): something was mid-windup — an enemy swing
//! started or a blade was in its windup. The moments the run never had are named (the
//! combat route has them all: its test asserts so).

use sim::read::{EventKind, StrikePhase};

use super::criterion::{applicable, Criterion, Home, Outcome};
use super::record::Recording;
use crate::save_check;
use crate::setup;

pub struct E72;

fn pre(r: &Recording) -> Result<(), String> {
    let swing = r
        .events()
        .any(|(_, e)| matches!(e, EventKind::AttackStarted { .. }));
    let blades = || {
        r.frames
            .iter()
            .flat_map(|f| f.agents.iter().filter(|a| a.is_blade()))
    };
    let windup = blades().any(|a| a.melee.phase == StrikePhase::Windup);
    if swing || windup {
        Ok(())
    } else {
        Err("no enemy swing and no blade windup".into())
    }
}

impl Criterion for E72 {
    fn id(&self) -> &'static str {
        "E7.2"
    }
    fn threshold(&self) -> &'static str {
        "checksum equal every tick after each load"
    }
    fn home(&self) -> Home {
        Home::One("combat_route")
    }
    fn judge(&self, runs: &[&Recording]) -> Outcome {
        let ok = match applicable(runs, pre) {
            Ok(ok) => ok,
            Err(na) => return na,
        };
        let mut parts = Vec::new();
        let mut pass = true;
        for (r, ()) in ok {
            let s = match setup::from_origin(&r.origin, &view::ViewTuning::default()) {
                Ok(s) => s,
                Err(e) => return Outcome::fail(format!("{}: {e}", r.name)),
            };
            let reference: Vec<u64> = r.frames.iter().map(|f| f.checksum).collect();
            let c = save_check::check(&s, &reference);
            pass &= c.passed();
            let ticks: Vec<String> = c.saves.iter().map(|(_, t, _)| t.to_string()).collect();
            let mut m = format!(
                "{} saves (ticks {}), {} ticks after loads: {}",
                c.saves.len(),
                ticks.join(" "),
                c.compared,
                c.failure.as_deref().unwrap_or("all equal")
            );
            if !c.missing.is_empty() {
                m += &format!("; never {}", c.missing.join(", "));
            }
            if runs.len() > 1 {
                m = format!("{}: {m}", r.name);
            }
            parts.push(m);
        }
        Outcome::judged(pass, parts.join("; "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accept::testkit::*;

    #[test]
    fn e72_passes_on_the_route_with_saves_mid_windup_and_mid_combo() {
        let r = embedded("combat_route");
        assert_pass(&E72, r);
        let s = setup::from_origin(&r.origin, &view::ViewTuning::default()).unwrap();
        let reference: Vec<u64> = r.frames.iter().map(|f| f.checksum).collect();
        let c = save_check::check(&s, &reference);
        assert!(c.missing.is_empty(), "{:?}", c.missing);
        for m in ["enemy mid-windup", "blade mid-windup", "blade mid-combo"] {
            assert!(c.saves.iter().any(|(what, _, _)| what.contains(m)), "{m}");
        }
    }

    #[test]
    fn a_recording_the_loaded_runs_do_not_match_fails_at_that_tick() {
        let mut r = copy("combat_route");
        let k = 5000;
        r.frames[k].checksum ^= 1;
        let o = judge(&E72, &r);
        assert_eq!(
            o.verdict,
            crate::accept::criterion::Verdict::Fail,
            "{}",
            o.measured
        );
        assert!(o.measured.contains(&format!("tick {k}")), "{}", o.measured);
    }

    #[test]
    fn a_run_without_a_windup_is_not_applicable() {
        let o = judge(&E72, embedded("hold_static"));
        assert_eq!(
            o.verdict,
            crate::accept::criterion::Verdict::NotApplicable,
            "{}",
            o.measured
        );
    }
}
