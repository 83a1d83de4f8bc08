//! M7.5: blades land hits while the squad advances (REQ: the A6 march with targets in
//! the path).
//!
//! Preconditions: a blade had a *chance* for at least [`MIN_CHANCE`] ticks while the squad
//! advanced (not sprinting): a live enemy a first strike could reach from where the
//! blade stood (its body within the strike's reach grown by the lunge) and within the
//! advancing post bound of the anchor (cohesion radius + post leash + the advancing
//! extra + the first strike's reach, REQ M5/M7: blades fight near the squad, they do not
//! chase). An enemy the gunners kill at four units was never the blade's to hit. Each
//! blade with a chance is judged; a shorter chance is N/A with its length.
//! Measured: per blade, its `MeleeHit` events on ticks the squad was ADVANCING.

use sim::read::{lunge_extent, EventKind};

use super::criterion::{applicable, Criterion, Home, Outcome};
use super::record::Recording;

pub struct M75;

/// Advancing ticks a blade needs an enemy within reach to be judged (1 s).
pub const MIN_CHANCE: usize = 60;

/// Blades that had a chance for at least [`MIN_CHANCE`] ticks.
fn chances(r: &Recording) -> Result<Vec<u32>, String> {
    let m = &r.tuning.melee;
    let s = &r.tuning.solver;
    let bound = s.cohesion_radius + s.post_leash + m.advance_bound_extra + m.reach[0];
    let strike = m.reach[0] + lunge_extent(0, &r.tuning);
    let mut ticks = vec![0usize; r.frames[0].agents.len()];
    for f in r
        .frames
        .iter()
        .skip(1)
        .filter(|f| !f.holding && !f.sprinting)
    {
        for b in f
            .agents
            .iter()
            .filter(|b| b.alive && b.is_blade() && !b.forced)
        {
            if f.enemies.iter().any(|e| {
                e.alive
                    && e.pos.distance(b.pos) <= strike + e.radius
                    && e.pos.distance(f.anchor) <= bound
            }) {
                ticks[b.id as usize] += 1;
            }
        }
    }
    let blades: Vec<u32> = (0..ticks.len() as u32)
        .filter(|&b| ticks[b as usize] >= MIN_CHANCE)
        .collect();
    if blades.is_empty() {
        let most = ticks.iter().copied().max().unwrap_or(0);
        Err(format!(
            "no blade had an enemy within reach while the squad advanced for >= {MIN_CHANCE} ticks (longest {most})"
        ))
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
