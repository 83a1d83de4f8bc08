//! M7.5: blades land hits while the squad advances (REQ: the A6 march with targets in
//! the path).
//!
//! A *chance* tick of a blade: the anchor moved since the tick before (the disk is
//! advancing, from the recorded positions — not the simulation's holding flag), the
//! player is not sprinting (the input), and a live enemy is where a first strike could
//! reach it from where the blade stood (its body within the strike's reach grown by the
//! lunge) and within the advancing post bound of the anchor (the sum of the cohesion
//! radius, the post leash, the advancing extra and the first strike's reach, REQ M5/M7:
//! blades fight near the squad, they do not chase) — and a strike could reach it: one of
//! the swings the tuning allows at it (straight, or turned off it by up to
//! `swing_turn_max` of the half-angle in `swing_turn_steps` steps a side, the enemy's
//! centre inside on each) has a guarded sector (the reach grown by the lunge) that no
//! ally's body comes within `safety_margin` of, at the recorded positions (REQ M7.4: no
//! strike through an ally; an enemy behind a gunner's back is not the blade's chance).
//! An enemy the gunners kill at four units was never the blade's to hit. A *chance* is a run of a blade's chance ticks (gaps up to
//! [`GAP`] ticks joined: a strike's recovery steps back out of reach) at least
//! [`MIN_CHANCE`] long.
//!
//! Preconditions: at least one chance.
//! Measured: per chance, the blade's `MeleeHit`s from its first tick to [`AFTER`] ticks
//! past its last (a strike begun in the chance lands after it). Every chance must hold a
//! hit: a blade that struck once on the march and then stood by fails on the next one.

use sim::read::{lunge_extent, EventKind, Vec2};

use super::criterion::{applicable, Criterion, Home, Outcome};
use super::geom::Cone;
use super::record::{AgentSnap, Recording};

pub struct M75;

/// Chance ticks a run needs to be judged (1 s).
pub const MIN_CHANCE: usize = 60;
/// Chance ticks apart that still make one chance (0.25 s: a strike's recovery).
pub const GAP: usize = 15;
/// Ticks after a chance in which its hit may land (0.5 s: a strike's windup and swing).
pub const AFTER: usize = 30;
/// The anchor's move per tick that counts as advancing (0.6 u/s).
pub const MOVING: f32 = 0.01;

/// One chance: the blade and its first and last chance tick (frame indices).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chance {
    pub blade: u32,
    pub from: usize,
    pub to: usize,
}

/// Whether a first strike of `blade` could reach an enemy at `at`: some swing at it (the
/// tuning's turned axes, worked out here) whose guarded sector holds no other live
/// ally's body (grown by the safety margin).
fn clear_swing(r: &Recording, agents: &[AgentSnap], blade: &AgentSnap, at: Vec2) -> bool {
    let m = &r.tuning.melee;
    let reach = m.reach[0] + lunge_extent(0, &r.tuning);
    let straight = (at - blade.pos).angle();
    let steps = m.swing_turn_steps;
    let turn = m.swing_turn_max * m.half_angle_deg[0].to_radians();
    let axes = std::iter::once(straight).chain((1..=steps).flat_map(|j| {
        let d = turn * j as f32 / steps as f32;
        [straight + d, straight - d]
    }));
    for axis in axes {
        let cone = Cone::new(blade.pos, axis, reach, m.half_angle_deg[0]);
        if !agents
            .iter()
            .any(|a| a.alive && a.id != blade.id && cone.touches(a.pos, a.radius, m.safety_margin))
        {
            return true;
        }
    }
    false
}

/// Each blade's chance ticks, as runs.
fn chances(r: &Recording) -> Result<Vec<Chance>, String> {
    let m = &r.tuning.melee;
    let s = &r.tuning.solver;
    let bound = s.cohesion_radius + s.post_leash + m.advance_bound_extra + m.reach[0];
    let strike = m.reach[0] + lunge_extent(0, &r.tuning);
    let n = r.frames[0].agents.len();
    let mut open: Vec<Option<Chance>> = vec![None; n];
    let mut out = Vec::new();
    let mut longest = 0;
    let mut close = |c: Chance, out: &mut Vec<Chance>| {
        longest = longest.max(c.to + 1 - c.from);
        if c.to + 1 - c.from >= MIN_CHANCE {
            out.push(c);
        }
    };
    for k in 1..r.frames.len() {
        let (prev, f) = (&r.frames[k - 1], &r.frames[k]);
        let advancing = f.anchor.distance(prev.anchor) > MOVING && !f.input.sprint;
        for b in f.agents.iter().filter(|b| b.is_blade()) {
            let i = b.id as usize;
            let chance = advancing
                && b.alive
                && !b.forced
                && f.enemies.iter().any(|e| {
                    e.alive
                        && e.pos.distance(b.pos) <= strike + e.radius
                        && e.pos.distance(f.anchor) <= bound
                        && clear_swing(r, &f.agents, b, e.pos)
                });
            if !chance {
                if let Some(c) = open[i].filter(|c| k > c.to + GAP) {
                    close(c, &mut out);
                    open[i] = None;
                }
                continue;
            }
            let c = open[i].get_or_insert(Chance {
                blade: b.id,
                from: k,
                to: k,
            });
            c.to = k;
        }
    }
    for c in open.into_iter().flatten() {
        close(c, &mut out);
    }
    if out.is_empty() {
        Err(format!(
            "no blade had an enemy a strike could reach while the disk advanced for >= {MIN_CHANCE} ticks (longest {longest})"
        ))
    } else {
        out.sort_by_key(|c| (c.from, c.blade));
        Ok(out)
    }
}

/// The blade's hits from the chance's first tick to [`AFTER`] ticks past its last.
fn hits_in(r: &Recording, c: &Chance) -> usize {
    let end = (c.to + AFTER).min(r.frames.len() - 1);
    r.frames[c.from..=end]
        .iter()
        .flat_map(|f| f.kinds())
        .filter(|e| matches!(e, EventKind::MeleeHit { blade, .. } if *blade == c.blade))
        .count()
}

impl Criterion for M75 {
    fn id(&self) -> &'static str {
        "M7.5"
    }
    fn threshold(&self) -> &'static str {
        ">= 1 hit in every chance"
    }
    fn home(&self) -> Home {
        Home::One("leash_march")
    }
    fn judge(&self, runs: &[&Recording]) -> Outcome {
        let runs = match applicable(runs, chances) {
            Ok(v) => v,
            Err(na) => return na,
        };
        let mut missed: Vec<String> = Vec::new();
        let (mut total, mut hits) = (0, 0);
        let mut at = None;
        for (r, cs) in &runs {
            for c in cs {
                total += 1;
                let n = hits_in(r, c);
                hits += n;
                if n == 0 {
                    if at.is_none() {
                        let b = r.frames[c.from].agents.iter().find(|a| a.id == c.blade);
                        at = b.map(|b| (c.from, b.pos));
                    }
                    missed.push(format!(
                        "blade {} ticks {}..{} of {}",
                        c.blade, c.from, c.to, r.name
                    ));
                }
            }
        }
        let first = missed
            .first()
            .map(|s| format!(" (first: {s})"))
            .unwrap_or_default();
        let out = Outcome::judged(
            missed.is_empty(),
            format!(
                "{} of {total} chances while advancing without a hit{first}; {hits} hits in them",
                missed.len()
            ),
        )
        .with_value(missed.len() as f64, true);
        match at {
            Some((k, p)) => out.with_at(k, p),
            None => out,
        }
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

    /// The blade of the march's first chance lands nothing (its hits taken out of the
    /// record): its chance fails — a chance is still judged on the hits.
    #[test]
    fn m75_fails_when_a_blade_lands_nothing_on_the_march() {
        let mut r = copy("leash_march");
        let b = chances(&r).expect("leash_march has chances")[0].blade;
        assert!(
            drop_events(&mut r, |e| matches!(
                e,
                EventKind::MeleeHit { blade, .. } if *blade == b
            )) > 0
        );
        let m = assert_fail(&M75, &r);
        assert!(m.contains(&format!("(first: blade {b}")), "{m}");
    }

    /// The injected fault: a blade that never strikes again after its first hit — every
    /// hit of blade 0 after its first taken out of the record. The chances after it hold
    /// no hit and fail, though the blade "hit on the march".
    #[test]
    fn m75_fails_when_a_blade_stops_striking_after_its_first_hit() {
        let mut r = copy("leash_march");
        let cs = chances(&r).unwrap();
        let mut seen = false;
        for f in &mut r.frames {
            f.events.retain(|e| match e.kind {
                EventKind::MeleeHit { blade: 0, .. } => !std::mem::replace(&mut seen, true),
                _ => true,
            });
        }
        assert!(seen);
        if cs.iter().filter(|c| c.blade == 0).count() < 2 {
            panic!("leash_march gives blade 0 one chance only: {cs:?}");
        }
        let m = assert_fail(&M75, &r);
        assert!(m.contains("(first: blade 0"), "{m}");
    }

    /// The disk standing still is no march: the anchor's recorded positions frozen (the
    /// holding flag left as the simulation wrote it) leave no chance.
    #[test]
    fn m75_judges_the_advance_from_the_anchors_positions() {
        let mut r = copy("leash_march");
        let still = r.frames[0].anchor;
        for f in &mut r.frames {
            f.anchor = still;
        }
        let m = assert_na(&M75, &r);
        assert!(m.contains("while the disk advanced"), "{m}");
    }

    /// Only enemies a strike could reach are chances: with a gunner's body standing on
    /// each blade in every frame (inside every swing it has) no tick is a chance.
    #[test]
    fn m75_an_enemy_no_swing_could_reach_without_an_ally_is_no_chance() {
        let mut r = copy("leash_march");
        for f in &mut r.frames {
            let blades: Vec<Vec2> = f
                .agents
                .iter()
                .filter(|a| a.is_blade())
                .map(|a| a.pos)
                .collect();
            let mut gunners = f.agents.iter_mut().filter(|a| !a.is_blade());
            for p in blades {
                let g = gunners.next().expect("a gunner per blade");
                g.pos = p + Vec2::new(0.3, 0.0);
                g.alive = true;
            }
        }
        let m = assert_na(&M75, &r);
        assert!(m.contains("a strike could reach"), "{m}");
    }

    /// The swings are the tuning's: the partner beside the blade 66° off the straight
    /// slash blocks it, a turned one clears it; with no turned swings there is none.
    #[test]
    fn m75_counts_a_turned_swing_as_a_strike_that_could_reach() {
        let mut r = copy("leash_march");
        let f = &r.frames[0];
        let mut blade = *f.agents.iter().find(|a| a.is_blade()).unwrap();
        let mut partner = *f.agents.iter().find(|a| a.id != blade.id).unwrap();
        blade.pos = Vec2::ZERO;
        partner.pos = Vec2::new(0.9, 0.4);
        let target = Vec2::new(0.0, 1.1);
        let agents = [blade, partner];
        assert!(clear_swing(&r, &agents, &blade, target));
        r.tuning.melee.swing_turn_steps = 0;
        assert!(!clear_swing(&r, &agents, &blade, target));
    }

    #[test]
    fn m75_is_not_applicable_without_a_march() {
        assert_na(&M75, embedded("melee_dummy"));
    }
}
