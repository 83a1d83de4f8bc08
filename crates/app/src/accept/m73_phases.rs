//! M7.3: every strike phase lasts exactly its tuned tick count (windup, active,
//! recovery of each strike of the combo).
//!
//! Preconditions: at least one completed phase.
//! Measured: the ticks between a blade's consecutive phase events, against the tuned
//! seconds converted here by S1.2's rule (`round(s × 60)`; a windup or active phase lasts
//! at least one tick, M2).

use super::criterion::{applicable, tick_count, Criterion, Home, Outcome};
use super::record::Recording;
use super::strikes::{of_blade, Strike};

pub struct M73;

/// `(phases checked, phases off)`.
fn phases(r: &Recording) -> Result<(usize, Vec<String>), String> {
    let m = &r.tuning.melee;
    let windup = m.windup.map(|s| tick_count(s).max(1));
    let active = m.active.map(|s| tick_count(s).max(1));
    let recovery = m.recovery.map(tick_count);
    let (mut checked, mut off) = (0, Vec::new());
    for b in r.blades() {
        let evs: Vec<(usize, Strike)> = of_blade(r, b)
            .into_iter()
            .filter(|e| !matches!(e.1, Strike::Hit(_)))
            .collect();
        for w in evs.windows(2) {
            let ((t0, e0), (t1, e1)) = (w[0], w[1]);
            let (name, want) = match (e0, e1) {
                (Strike::Started(k, _), Strike::Active(j)) if k == j => {
                    ("windup", windup[k as usize])
                }
                (Strike::Active(k), Strike::Recovery(j)) if k == j => {
                    ("active", active[k as usize])
                }
                (Strike::Recovery(k), Strike::Ended(j)) if k == j => {
                    ("recovery", recovery[k as usize])
                }
                _ => continue,
            };
            checked += 1;
            if t1 - t0 != want as usize {
                off.push(format!(
                    "blade {b} {name} at tick {t0}: {} ticks, tuned {want}",
                    t1 - t0
                ));
            }
        }
    }
    if checked == 0 {
        Err("no completed strike phase".into())
    } else {
        Ok((checked, off))
    }
}

impl Criterion for M73 {
    fn id(&self) -> &'static str {
        "M7.3"
    }
    fn threshold(&self) -> &'static str {
        "0 off"
    }
    fn home(&self) -> Home {
        Home::Every
    }
    fn judge(&self, runs: &[&Recording]) -> Outcome {
        let runs = match applicable(runs, phases) {
            Ok(v) => v,
            Err(na) => return na,
        };
        let checked: usize = runs.iter().map(|(_, p)| p.0).sum();
        let off: Vec<&String> = runs.iter().flat_map(|(_, p)| p.1.iter()).collect();
        let first = off
            .first()
            .map(|s| format!(" (first: {s})"))
            .unwrap_or_default();
        Outcome::judged(
            off.is_empty(),
            format!(
                "{} of {checked} phases off their tuned ticks{first}",
                off.len()
            ),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accept::testkit::*;
    use sim::read::EventKind;

    /// The default phases by hand: windup 0.20/0.18/0.30 s → 12/11/18 ticks, active
    /// 0.10/0.10/0.12 → 6/6/7, recovery 0.22/0.22/0.40 → 13/13/24.
    #[test]
    fn default_phase_ticks() {
        let m = sim::tuning::Tuning::default().melee;
        assert_eq!(m.windup.map(tick_count), [12, 11, 18]);
        assert_eq!(m.active.map(tick_count), [6, 6, 7]);
        assert_eq!(m.recovery.map(tick_count), [13, 13, 24]);
    }

    #[test]
    fn m73_passes_on_melee_dummy() {
        assert_pass(&M73, embedded("melee_dummy"));
    }

    /// One active window a tick long: its `StrikeRecovery` moved a tick later.
    #[test]
    fn m73_fails_on_a_phase_one_tick_long() {
        let mut r = copy("melee_dummy");
        let k = first_frame(&r, |e| matches!(e, EventKind::StrikeRecovery { .. })).unwrap();
        let i = r.frames[k]
            .events
            .iter()
            .position(|e| matches!(e.kind, EventKind::StrikeRecovery { .. }))
            .unwrap();
        let ev = r.frames[k].events.remove(i);
        push_event(&mut r, k + 1, ev.kind);
        let m = assert_fail(&M73, &r);
        assert!(m.contains("active at tick"), "{m}");
    }

    #[test]
    fn m73_is_not_applicable_without_strikes() {
        let mut r = copy("lane_free");
        drop_events(&mut r, |_| true);
        assert_na(&M73, &r);
    }
}
