//! E7.2's measurement (REQ §16, §17): a scenario run with its route, saved at several
//! moments — the first tick an enemy is mid-windup, a blade mid-windup, a blade
//! mid-combo, bullets in flight, a gunner inside its commit window, and at a quarter,
//! half and three quarters of the run — each save encoded, decoded, loaded and run to
//! the end with the checksum compared at every tick to the run that was never saved
//! (`reference`: the checksum after every tick of an uninterrupted run, index = ticks
//! done; the run that takes the saves is compared to it too).

use std::ops::ControlFlow;

use sim::read::{Role, StrikePhase, World};

use crate::session::{Session, Until};
use crate::setup::Setup;

/// A moment a save is taken at: its name and the test on the world after a tick.
pub type Moment = (&'static str, fn(&World) -> bool);

pub const MOMENTS: [Moment; 5] = [
    ("enemy mid-windup", |w| {
        w.enemies().iter().any(|e| e.attack.winding_up())
    }),
    ("blade mid-windup", |w| {
        w.agents()
            .iter()
            .any(|a| a.alive && a.role == Role::Blade && a.melee.phase == StrikePhase::Windup)
    }),
    ("blade mid-combo", |w| {
        w.agents().iter().any(|a| {
            a.alive
                && a.role == Role::Blade
                && a.melee.strike >= 1
                && a.melee.phase != StrikePhase::Ready
        })
    }),
    ("bullets in flight", |w| !w.bullets().is_empty()),
    ("gunner in its commit window", |w| {
        w.agents()
            .iter()
            .any(|a| a.alive && a.role == Role::Gunner && a.commit_timer > 0)
    }),
];

/// What the check found.
#[derive(Clone, Debug, Default)]
pub struct SaveCheck {
    /// `(what, tick, bytes)` of every save taken.
    pub saves: Vec<(String, u64, usize)>,
    /// The moments of [`MOMENTS`] the run never had.
    pub missing: Vec<&'static str>,
    /// Ticks simulated after loads and compared.
    pub compared: u64,
    /// The first difference: `(save, tick, expected, got)`, or a save that did not load.
    pub failure: Option<String>,
}

impl SaveCheck {
    pub fn passed(&self) -> bool {
        self.failure.is_none() && !self.saves.is_empty()
    }
}

/// Runs `setup` to its end with its route, saving at the moments, then continues every
/// save to the end, comparing every tick with `reference` (see the module doc).
pub fn check(setup: &Setup, reference: &[u64]) -> SaveCheck {
    let mut run = Session::route(setup.clone());
    let end = run.end_tick().min(reference.len().saturating_sub(1) as u64);
    let sum_at = |t: u64| reference[t as usize];
    let quarters = [end / 4, end / 2, 3 * end / 4];
    let mut pending: Vec<Moment> = MOMENTS.to_vec();
    let mut saves: Vec<(String, Vec<u8>)> = Vec::new();
    let mut out = SaveCheck::default();
    run.run(Until::Tick(end), |run, _| {
        let t = run.world.tick();
        let (expected, got) = (sum_at(t), run.world.checksum());
        if expected != got {
            out.failure = Some(format!(
                "the run that saves, at tick {t}: expected {expected:016x}, got {got:016x}"
            ));
            return ControlFlow::Break(());
        }
        let mut names: Vec<String> = Vec::new();
        pending.retain(|(name, holds)| {
            let now = holds(&run.world);
            if now {
                names.push(name.to_string());
            }
            !now
        });
        if quarters.contains(&t) {
            names.push(format!("{}% of the run", 100 * t / end.max(1)));
        }
        if !names.is_empty() {
            match run.save().encode() {
                Ok(b) => saves.push((names.join(" + "), b)),
                Err(e) => {
                    out.failure = Some(format!("tick {t}: not saved: {e}"));
                    return ControlFlow::Break(());
                }
            }
        }
        ControlFlow::Continue(())
    });
    if out.failure.is_some() {
        return out;
    }
    out.missing = pending.iter().map(|(n, _)| *n).collect();
    for (what, bytes) in &saves {
        let mut r = match Session::load(bytes, None) {
            Ok(r) => r,
            Err(e) => {
                out.failure = Some(format!("{what}: not loaded: {e}"));
                return out;
            }
        };
        let at = r.world.tick();
        out.saves.push((what.clone(), at, bytes.len()));
        let mismatch = |t: u64, got: u64| {
            let expected = sum_at(t);
            (expected != got).then(|| {
                format!("{what} (saved at tick {at}): tick {t} expected {expected:016x}, got {got:016x}")
            })
        };
        if let Some(why) = mismatch(at, r.world.checksum()) {
            out.failure = Some(why);
            return out;
        }
        let mut compared = 0;
        let mut failure = None;
        r.run(Until::Tick(end), |r, _| {
            compared += 1;
            failure = mismatch(r.world.tick(), r.world.checksum());
            match failure {
                Some(_) => ControlFlow::Break(()),
                None => ControlFlow::Continue(()),
            }
        });
        out.compared += compared;
        if failure.is_some() {
            out.failure = failure;
            return out;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saves_across_a_melee_run_continue_identically() {
        let s = crate::setup::load(None, "melee_cancel", None, None, None).unwrap();
        let mut r = Session::route(s.clone());
        let mut reference = vec![r.world.checksum()];
        r.run(Until::End, |r, _| {
            reference.push(r.world.checksum());
            ControlFlow::Continue(())
        });
        let c = check(&s, &reference);
        assert!(c.passed(), "{:?}", c.failure);
        assert!(c.saves.len() >= 4, "{:?}", c.saves);
        assert!(!c.missing.contains(&"blade mid-windup"), "{:?}", c.missing);
        assert!(c.compared > 1000);
        // A reference that differs at one tick after every save is caught there.
        let last = c.saves.iter().map(|s| s.1).max().unwrap();
        reference[last as usize + 5] ^= 1;
        let c = check(&s, &reference);
        assert!(!c.passed());
        let why = c.failure.unwrap();
        assert!(why.contains(&format!("tick {}", last + 5)), "{why}");
    }
}
