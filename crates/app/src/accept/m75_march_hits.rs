//! M7.5: blades land hits while the squad advances (SPEC: the A6 march with targets in
//! the path).
//!
//! Preconditions: while the squad advanced (not sprinting), a live enemy came within the
//! blades' engage radius of a blade. Each blade that had such a chance is judged.
//! Measured: per blade, its `MeleeHit` events on ticks the squad was ADVANCING.

use sim::core::events::EventKind;

use super::{applicable, Criterion, Home, Outcome, Recording};

pub struct M75;

/// Blades that had an enemy within engage radius while advancing.
fn chances(r: &Recording) -> Result<Vec<u32>, String> {
    let reach = r.tuning.melee.engage_radius;
    let mut blades: Vec<u32> = r
        .frames
        .iter()
        .skip(1)
        .filter(|f| !f.holding && !f.sprinting)
        .flat_map(|f| {
            f.agents
                .iter()
                .filter(|b| b.alive && b.is_blade() && !b.forced)
                .filter(|b| {
                    f.enemies
                        .iter()
                        .any(|e| e.alive && e.pos.distance(b.pos) <= reach)
                })
                .map(|b| b.id)
        })
        .collect();
    blades.sort();
    blades.dedup();
    if blades.is_empty() {
        Err("no enemy within a blade's engage radius while the squad advanced".into())
    } else {
        Ok(blades)
    }
}

impl Criterion for M75 {
    fn id(&self) -> &'static str {
        "M7.5"
    }
    fn threshold(&self) -> &'static str {
        ">= 1 each"
    }
    fn home(&self) -> Home {
        Home::One("leash_march")
    }
    fn judge(&self, runs: &[&Recording]) -> Outcome {
        let runs = match applicable(runs, chances) {
            Ok(v) => v,
            Err(na) => return na,
        };
        let mut pass = true;
        let mut texts = Vec::new();
        for (r, blades) in runs {
            let per: Vec<(u32, usize)> = blades
                .iter()
                .map(|&b| {
                    let n = r
                        .frames
                        .iter()
                        .filter(|f| !f.holding)
                        .flat_map(|f| f.kinds())
                        .filter(|e| matches!(e, EventKind::MeleeHit { blade, .. } if *blade == b))
                        .count();
                    (b, n)
                })
                .collect();
            pass &= per.iter().all(|(_, n)| *n >= 1);
            texts.push(format!("hits while advancing (blade, hits) {per:?}"));
        }
        Outcome::judged(pass, texts.join("; "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accept::testkit::*;

    #[test]
    fn m75_passes_on_leash_march() {
        assert_pass(&M75, embedded("leash_march"));
    }

    #[test]
    fn m75_fails_when_a_blade_lands_nothing_on_the_march() {
        let mut r = copy("leash_march");
        assert!(
            drop_events(&mut r, |e| matches!(
                e,
                EventKind::MeleeHit { blade: 1, .. }
            )) > 0
        );
        let m = assert_fail(&M75, &r);
        assert!(m.contains("(1, 0)"), "{m}");
    }

    #[test]
    fn m75_is_not_applicable_without_a_march() {
        assert_na(&M75, embedded("melee_dummy"));
    }
}
