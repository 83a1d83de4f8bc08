//! M7.7: a cancelled windup spends no cooldown.
//!
//! Each cancelled strike is followed from its windup start through the cancel to the
//! blade's next strike start: the cooldown right after the cancel must be what it was
//! before the windup began, and it must stay there until the next start, which must be
//! the same strike of the combo (the cancel neither ends nor advances the combo) — or
//! the thrust, when a slash was cancelled: a blade whose every slash would take in an
//! ally thrusts instead (issue 36), so long as its recorded strike stayed the cancelled
//! one on every tick up to that start (the combo did not move; the thrust is the
//! blade's choice at the start). The one
//! allowed exception is M3's: a cancelled 2nd or 3rd strike whose combo window then runs
//! out — no sooner than a full window after the cancel — ends the combo with the combo
//! cooldown ("lapsed").
//!
//! Preconditions: at least one `StrikeCancelled`.
//! Measured from the blades' recorded strike state (strike index, cooldown) per tick.

use sim::read::{EventKind, StrikePhase};

use super::criterion::{applicable, secs, tick_count, Criterion, Home, Outcome};
use super::record::Recording;
use super::strikes::{of_blade, Strike};

pub struct M77;

#[derive(Debug, Default)]
struct Found {
    cancels: usize,
    resumed: usize,
    lapsed: usize,
    unresolved: usize,
    /// Ticks from a cancel to the next start, for the resumed ones.
    resume_ticks: Vec<usize>,
    /// Of the resumed, those whose next strike was the thrust.
    thrusts: usize,
    spent: Vec<String>,
}

fn follow(r: &Recording) -> Result<Found, String> {
    let window = tick_count(r.tuning.melee.combo_window) as usize;
    let mut found = Found::default();
    for b in r.blades() {
        let evs = of_blade(r, b);
        for (i, &(c, ev)) in evs.iter().enumerate() {
            let Strike::Cancelled(k) = ev else { continue };
            found.cancels += 1;
            let bi = b as usize;
            // The windup it cancelled: the blade's last event before must be its start.
            let start = evs[..i]
                .iter()
                .rev()
                .find(|e| !matches!(e.1, Strike::Hit(_)))
                .and_then(|&(s, e)| matches!(e, Strike::Started(j, _) if j == k).then_some(s));
            let Some(s) = start else {
                found
                    .spent
                    .push(format!("blade {b} tick {c}: cancel outside a windup"));
                continue;
            };
            let before = r.frames[s - 1].agents[bi].melee.cooldown;
            let at = r.frames[c].agents[bi].melee;
            if at.cooldown != before || at.strike != k || at.phase != StrikePhase::Ready {
                found.spent.push(format!(
                    "blade {b} tick {c}: after the cancel cooldown {} (before the windup {before}), strike {} (cancelled {k})",
                    at.cooldown, at.strike
                ));
                continue;
            }
            let mut outcome = None;
            for j in c + 1..r.frames.len() {
                let f = &r.frames[j];
                let m = f.agents[bi].melee;
                if !f.agents[bi].alive {
                    break;
                }
                let next = f.kinds().find_map(|e| match e {
                    EventKind::StrikeStarted { blade, strike, .. } if *blade == b => Some(*strike),
                    _ => None,
                });
                if let Some(n) = next {
                    // The hemmed thrust: the combo's recorded place never moved off `k`.
                    let held = || (c..j).all(|q| r.frames[q].agents[bi].melee.strike == k);
                    let thrust = n == 2 && k < 2 && held();
                    if thrust {
                        found.thrusts += 1;
                    }
                    outcome = Some(if n == k || thrust {
                        Ok(Some(j - c))
                    } else {
                        Err(format!(
                            "blade {b} tick {j}: next strike {n} after cancelled strike {k}"
                        ))
                    });
                    break;
                }
                if m.cooldown > before {
                    outcome = Some(if k > 0 && j - c >= window && m.strike == 0 {
                        Ok(None)
                    } else {
                        Err(format!(
                            "blade {b}: cooldown {} at tick {j}, {:.2} s after the cancel at {c} (strike {k})",
                            m.cooldown,
                            secs(j - c)
                        ))
                    });
                    break;
                }
            }
            match outcome {
                None => found.unresolved += 1,
                Some(Ok(Some(wait))) => found.resume_ticks.push(wait),
                Some(Ok(None)) => found.lapsed += 1,
                Some(Err(e)) => found.spent.push(e),
            }
        }
    }
    found.resumed = found.resume_ticks.len();
    if found.cancels == 0 {
        Err("no strike was cancelled".into())
    } else {
        Ok(found)
    }
}

impl Criterion for M77 {
    fn id(&self) -> &'static str {
        "M7.7"
    }
    fn threshold(&self) -> &'static str {
        "0 spent"
    }
    fn home(&self) -> Home {
        Home::Every
    }
    fn judge(&self, runs: &[&Recording]) -> Outcome {
        let runs = match applicable(runs, follow) {
            Ok(v) => v,
            Err(na) => return na,
        };
        let sum = |g: fn(&Found) -> usize| runs.iter().map(|(_, f)| g(f)).sum::<usize>();
        let spent: Vec<&String> = runs.iter().flat_map(|(_, f)| f.spent.iter()).collect();
        let longest = runs
            .iter()
            .flat_map(|(_, f)| f.resume_ticks.iter().copied())
            .max()
            .unwrap_or(0);
        let first = spent
            .first()
            .map(|s| format!(" (first: {s})"))
            .unwrap_or_default();
        Outcome::judged(
            spent.is_empty(),
            format!(
                "{} cancels: {} resumed ({} as the thrust; longest wait {:.2} s), {} lapsed after the full window, {} open at the end, {} spent{first}",
                sum(|f| f.cancels),
                sum(|f| f.resumed),
                sum(|f| f.thrusts),
                secs(longest),
                sum(|f| f.lapsed),
                sum(|f| f.unresolved),
                spent.len()
            ),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accept::testkit::*;

    #[test]
    fn m77_passes_on_melee_cancel() {
        assert_pass(&M77, embedded("melee_cancel"));
    }

    /// A cancel that put the blade on the combo cooldown a few ticks later.
    #[test]
    fn m77_fails_when_the_cooldown_is_spent_after_the_cancel() {
        let mut r = copy("melee_cancel");
        let (c, b) = r
            .events()
            .find_map(|(k, e)| match e {
                EventKind::StrikeCancelled { blade, .. } => Some((k, *blade)),
                _ => None,
            })
            .unwrap();
        let cd = tick_count(r.tuning.melee.combo_cooldown);
        for (i, f) in r.frames[c + 3..c + 3 + cd as usize].iter_mut().enumerate() {
            f.agents[b as usize].melee.cooldown = cd - i as u32;
        }
        // And no start meanwhile.
        for f in &mut r.frames[c + 1..c + 3 + cd as usize] {
            f.events.retain(
                |e| !matches!(e.kind, EventKind::StrikeStarted { blade, .. } if blade == b),
            );
        }
        let m = assert_fail(&M77, &r);
        assert!(m.contains("1 spent"), "{m}");
    }

    /// A cancel that reset the combo: the blade's next strike is not the cancelled one.
    #[test]
    fn m77_fails_when_the_cancel_changes_the_strike() {
        let mut r = copy("melee_cancel");
        let c = first_frame(&r, |e| matches!(e, EventKind::StrikeCancelled { .. })).unwrap();
        let b = r.frames[c]
            .kinds()
            .find_map(|e| match e {
                EventKind::StrikeCancelled { blade, .. } => Some(*blade),
                _ => None,
            })
            .unwrap();
        r.frames[c].agents[b as usize].melee.strike += 1;
        assert_fail(&M77, &r);
    }

    /// A cancelled 2nd or 3rd strike that drops into the combo cooldown two ticks after
    /// the cancel, long before its combo window ran out: the cancel spent it.
    #[test]
    fn m77_fails_when_a_later_strike_lapses_before_its_window() {
        let mut r = copy("melee_cancel");
        let (c, b) = r
            .events()
            .find_map(|(k, e)| match e {
                EventKind::StrikeCancelled { blade, strike, .. } if *strike > 0 => {
                    Some((k, *blade))
                }
                _ => None,
            })
            .expect("melee_cancel cancels a 2nd or 3rd strike");
        let cd = tick_count(r.tuning.melee.combo_cooldown);
        for (i, f) in r.frames[c + 2..c + 2 + cd as usize].iter_mut().enumerate() {
            let m = &mut f.agents[b as usize].melee;
            m.cooldown = cd - i as u32;
            m.strike = 0;
        }
        for f in &mut r.frames[c + 1..c + 2 + cd as usize] {
            f.events.retain(
                |e| !matches!(e.kind, EventKind::StrikeStarted { blade, .. } if blade == b),
            );
        }
        let m = assert_fail(&M77, &r);
        assert!(m.contains("0.03 s after the cancel"), "{m}");
    }

    /// The next start after a cancelled slash, turned into the thrust (the hemmed
    /// thrust); `moved` also moves the recorded combo place off the slash one tick before.
    fn thrust_after_cancel(moved: bool) -> Recording {
        let mut r = copy("melee_cancel");
        // The blade's next start after frame `from`, and its strike.
        let next_start = |r: &Recording, b: u32, from: usize| {
            (from + 1..r.frames.len()).find_map(|q| {
                r.frames[q].kinds().find_map(|e| match e {
                    EventKind::StrikeStarted { blade, strike, .. } if *blade == b => {
                        Some((q, *strike))
                    }
                    _ => None,
                })
            })
        };
        // Whether the strike started at `q` went active (was not cancelled itself).
        let went_active = |r: &Recording, b: u32, q: usize| {
            (q + 1..r.frames.len())
                .find_map(|j| {
                    r.frames[j].kinds().find_map(|e| match e {
                        EventKind::StrikeActive { blade, .. } if *blade == b => Some(true),
                        EventKind::StrikeCancelled { blade, .. } if *blade == b => Some(false),
                        _ => None,
                    })
                })
                .unwrap_or(false)
        };
        // A cancelled slash taken up again by the same slash, which then went active.
        let (b, next) = r
            .events()
            .filter_map(|(q, e)| match e {
                EventKind::StrikeCancelled { blade, strike, .. } if *strike < 2 => {
                    Some((q, *blade, *strike))
                }
                _ => None,
            })
            .find_map(|(c, b, k)| {
                next_start(&r, b, c)
                    .filter(|&(n, s)| s == k && went_active(&r, b, n))
                    .map(|(n, _)| (b, n))
            })
            .expect("melee_cancel resumes a cancelled slash");
        for e in &mut r.frames[next].events {
            if let EventKind::StrikeStarted { blade, strike, .. } = &mut e.kind {
                if *blade == b {
                    *strike = 2;
                }
            }
        }
        if moved {
            r.frames[next - 1].agents[b as usize].melee.strike = 2;
        }
        r
    }

    /// A blade whose slashes would all take in an ally thrusts instead: its combo's
    /// place held on the cancelled slash to the start, no cooldown was spent.
    #[test]
    fn m77_passes_a_thrust_after_a_cancelled_slash_when_the_combo_held_its_place() {
        let r = thrust_after_cancel(false);
        assert_pass(&M77, &r);
        let m = judge(&M77, &r).measured;
        assert!(m.contains("(1 as the thrust;"), "{m}");
    }

    /// The same thrust after the recorded combo moved off the slash: the cancel advanced it.
    #[test]
    fn m77_fails_a_thrust_after_the_cancel_moved_the_combo() {
        let m = assert_fail(&M77, &thrust_after_cancel(true));
        assert!(m.contains("next strike 2 after cancelled strike"), "{m}");
    }

    #[test]
    fn m77_is_not_applicable_without_cancels() {
        assert_na(&M77, embedded("melee_dummy"));
    }
}
