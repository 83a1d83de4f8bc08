//! E7.1: enemy attacks on integer ticks. Damage lands exactly the kind's windup after
//! `AttackStarted`; a stagger in the windup means no damage; a target gone means a whiff
//! — and only then.
//!
//! Each swing is followed from its `AttackStarted` (the snapshot target) to how it ended:
//! - **timing**: a blow or whiff lands exactly the windup after the start, the windup
//!   computed here from the kind's tuning by seed 003's rule as docs/enemies.md states it
//!   ([`windup_ticks`], not the simulation's `attack_timing`);
//! - **stagger**: a bullet or blade hit on the enemy during the windup (after the start
//!   tick, up to the landing tick) must end the swing as interrupted; an interruption
//!   without such a hit is wrong too;
//! - **reach, from positions**: at the landing tick the victim's surface distance to the
//!   enemy, with the victim where it stood after the tick (agents do not move after the
//!   enemies' step) and the enemy where it stood before and after the tick (a rooted
//!   enemy is only shoved by bodies): a blow must have had its target standing and in
//!   reach, a whiff must not. When the two enemy positions straddle the reach the swing
//!   is undecided and counted as such.
//!
//! - **bookkeeping**: a blow, whiff or interruption with no swing begun (an orphan), and
//!   a swing that should have landed by the end of the run but never resolved (nor was
//!   its enemy killed by the tick it was due, nor begun again over it), are violations
//!   too.
//!
//! A spitter's swing ends in a release, not a blow: its swings are E7.3's
//! (`e73_ranged.rs`) and skipped here.
//!
//! Preconditions: at least one swing that ended.

use std::collections::BTreeMap;

use sim::read::{EnemyKind, EventKind};
use sim::tuning::KindTuning;
use sim::tuning::Tuning;

use super::criterion::{applicable, Criterion, Home, Outcome};
use super::record::Recording;

pub struct E71;

/// Float slack on the reach comparison, units.
const EPS: f32 = 1e-3;

/// Seed 003's windup in ticks: `interval = max(1, round(60 / attack_speed))` (the one
/// rounding, half away from zero), `swing = min(max_attack_anim_ticks, interval)`,
/// `windup = clamp(hit_frame × swing / frame_count, min_windup_ticks, interval − 1)` in
/// integer division, never below 1.
pub fn windup_ticks(k: &KindTuning, t: &Tuning) -> u32 {
    let interval = (60.0 / k.attack_speed as f64).round().max(1.0) as u64;
    let swing = (t.enemy.max_attack_anim_ticks as u64).min(interval).max(1);
    let at_hit = k.hit_frame as u64 * swing / k.frame_count.max(1) as u64;
    at_hit
        .max(t.enemy.min_windup_ticks as u64)
        .min(interval.saturating_sub(1).max(1))
        .max(1) as u32
}

#[derive(Clone, Copy, Debug)]
struct Swing {
    start: usize,
    target: u32,
    windup: u32,
    kind: EnemyKind,
    staggered: Option<usize>,
}

#[derive(Debug, Default)]
struct Found {
    ended: usize,
    on_time: usize,
    off_time: Vec<String>,
    blows: usize,
    whiffs: usize,
    interrupted: usize,
    staggered_not_interrupted: Vec<String>,
    interrupted_unprovoked: Vec<String>,
    wrong_reach: Vec<String>,
    undecided: usize,
    /// Resolutions of no swing, and swings that never resolved.
    unpaired: Vec<String>,
}

fn measure(r: &Recording) -> Found {
    let mut found = Found::default();
    let mut swings: BTreeMap<u32, Swing> = BTreeMap::new();
    for k in 1..r.frames.len() {
        let (prev, f) = (&r.frames[k - 1], &r.frames[k]);
        // Staggers first: bullets and strikes resolve before the enemies' step.
        for e in f.kinds() {
            if let EventKind::EnemyHit { enemy, .. } | EventKind::MeleeHit { enemy, .. } = e {
                if let Some(s) = swings.get_mut(enemy) {
                    if k > s.start && k <= s.start + s.windup as usize && s.staggered.is_none() {
                        s.staggered = Some(k);
                    }
                }
            }
        }
        let spitter = |id: u32| {
            f.enemy(id)
                .or(prev.enemy(id))
                .is_some_and(|e| e.kind == EnemyKind::Spitter)
        };
        for (i, ev) in f.events.iter().enumerate() {
            match ev.kind {
                EventKind::AttackStarted { enemy, .. }
                | EventKind::AttackInterrupted { enemy }
                | EventKind::AttackWhiffed { enemy, .. }
                    if spitter(enemy) => {}
                EventKind::AttackStarted {
                    enemy,
                    target,
                    windup,
                } => {
                    let Some(kind) = f.enemy(enemy).map(|e| e.kind) else {
                        continue;
                    };
                    if let Some(old) = swings.get(&enemy) {
                        found.unpaired.push(format!(
                            "enemy {enemy}: a swing begun at tick {k} over the one of tick {}, \
                             never resolved",
                            old.start
                        ));
                    }
                    swings.insert(
                        enemy,
                        Swing {
                            start: k,
                            target,
                            windup,
                            kind,
                            staggered: None,
                        },
                    );
                }
                EventKind::EnemyKilled { enemy, .. } => {
                    // Killed in its windup (up to the tick it was due): the swing ends
                    // with it. Killed later, the swing was due and never resolved.
                    if let Some(s) = swings.remove(&enemy) {
                        if k > s.start + s.windup as usize {
                            found.unpaired.push(format!(
                                "enemy {enemy}: the swing of tick {} never resolved (due at \
                                 tick {}, killed at tick {k})",
                                s.start,
                                s.start + s.windup as usize
                            ));
                        }
                    }
                }
                EventKind::AttackInterrupted { enemy } => {
                    let Some(s) = swings.remove(&enemy) else {
                        found.unpaired.push(format!(
                            "enemy {enemy} tick {k}: interrupted with no swing begun"
                        ));
                        continue;
                    };
                    found.ended += 1;
                    found.interrupted += 1;
                    if s.staggered.is_none() {
                        found
                            .interrupted_unprovoked
                            .push(format!("enemy {enemy} tick {k}"));
                    }
                }
                EventKind::DamageDealt { enemy, .. } | EventKind::AttackWhiffed { enemy, .. } => {
                    let Some(s) = swings.remove(&enemy) else {
                        found.unpaired.push(format!(
                            "enemy {enemy} tick {k}: a {} with no swing begun",
                            if matches!(ev.kind, EventKind::DamageDealt { .. }) {
                                "blow"
                            } else {
                                "whiff"
                            }
                        ));
                        continue;
                    };
                    found.ended += 1;
                    let blow = matches!(ev.kind, EventKind::DamageDealt { .. });
                    if let EventKind::DamageDealt { agent, .. } = ev.kind {
                        if agent != s.target {
                            found.wrong_reach.push(format!(
                                "enemy {enemy} tick {k}: hit agent {agent}, not its target {}",
                                s.target
                            ));
                        }
                    }
                    if blow {
                        found.blows += 1;
                    } else {
                        found.whiffs += 1;
                    }
                    if let Some(t) = s.staggered {
                        found.staggered_not_interrupted.push(format!(
                            "enemy {enemy}: staggered at tick {t}, {} at tick {k}",
                            if blow { "hit" } else { "whiffed" }
                        ));
                    }
                    let Some(kt) = s.kind.tuning(&r.tuning) else {
                        continue;
                    };
                    let want = windup_ticks(kt, &r.tuning);
                    if k - s.start == want as usize && s.windup == want {
                        found.on_time += 1;
                    } else {
                        found.off_time.push(format!(
                            "enemy {enemy}: landed {} ticks after its start, windup {want}",
                            k - s.start
                        ));
                    }
                    // Was the target standing when the swing landed?
                    let ti = s.target as usize;
                    let fell_before = f.events[..i].iter().any(
                        |e| matches!(e.kind, EventKind::AgentDown { agent, .. } if agent == s.target),
                    );
                    let standing = prev.agents[ti].alive && !fell_before;
                    let a = &f.agents[ti];
                    let gap =
                        |e: &super::record::EnemySnap| a.pos.distance(e.pos) - a.radius - e.radius;
                    let gaps: Vec<f32> = [prev.enemy(enemy), f.enemy(enemy)]
                        .into_iter()
                        .flatten()
                        .map(gap)
                        .collect();
                    let lo = gaps.iter().copied().fold(f32::INFINITY, f32::min);
                    let hi = gaps.iter().copied().fold(f32::NEG_INFINITY, f32::max);
                    let reach = kt.reach;
                    let wrong = if blow {
                        !standing || lo > reach + EPS
                    } else {
                        standing && hi <= reach - EPS
                    };
                    if wrong {
                        found.wrong_reach.push(format!(
                            "enemy {enemy} tick {k}: {} with the target {} at gap {lo:.3}..{hi:.3}, reach {reach}",
                            if blow { "blow" } else { "whiff" },
                            if standing { "standing" } else { "down" }
                        ));
                    } else if standing && lo <= reach + EPS && hi > reach - EPS && lo != hi {
                        found.undecided += 1;
                    }
                }
                _ => {}
            }
        }
    }
    // Swings still open at the end that should have landed within the run.
    let last = r.frames.len() - 1;
    for (enemy, s) in &swings {
        if s.start + s.windup as usize <= last {
            found.unpaired.push(format!(
                "enemy {enemy}: the swing of tick {} never resolved (due at tick {})",
                s.start,
                s.start + s.windup as usize
            ));
        }
    }
    found
}

impl Criterion for E71 {
    fn id(&self) -> &'static str {
        "E7.1"
    }
    fn threshold(&self) -> &'static str {
        "0 off time, 0 staggered hits, 0 wrong"
    }
    fn home(&self) -> Home {
        Home::Every
    }
    fn judge(&self, runs: &[&Recording]) -> Outcome {
        let runs = match applicable(runs, |r| {
            let f = measure(r);
            if f.ended == 0 {
                Err("no enemy swing ended".to_string())
            } else {
                Ok(f)
            }
        }) {
            Ok(v) => v,
            Err(na) => return na,
        };
        let sum = |g: fn(&Found) -> usize| runs.iter().map(|(_, f)| g(f)).sum::<usize>();
        let all = |g: fn(&Found) -> &Vec<String>| {
            runs.iter()
                .flat_map(|(_, f)| g(f).iter())
                .collect::<Vec<_>>()
        };
        let off = all(|f| &f.off_time);
        let stag = all(|f| &f.staggered_not_interrupted);
        let unprov = all(|f| &f.interrupted_unprovoked);
        let wrong = all(|f| &f.wrong_reach);
        let unpaired = all(|f| &f.unpaired);
        let first = off
            .iter()
            .chain(&stag)
            .chain(&unprov)
            .chain(&wrong)
            .chain(&unpaired)
            .next()
            .map(|s| format!(" (first: {s})"))
            .unwrap_or_default();
        Outcome::judged(
            off.is_empty()
                && stag.is_empty()
                && unprov.is_empty()
                && wrong.is_empty()
                && unpaired.is_empty(),
            format!(
                "{} swings: {} on time, {} off; {} interrupted, {} staggered yet landed, {} interrupted unhit; {} blows, {} whiffs, {} against positions ({} undecided); {} unpaired{first}",
                sum(|f| f.ended),
                sum(|f| f.on_time),
                off.len(),
                sum(|f| f.interrupted),
                stag.len(),
                unprov.len(),
                sum(|f| f.blows),
                sum(|f| f.whiffs),
                wrong.len(),
                sum(|f| f.undecided),
                unpaired.len(),
            ),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accept::testkit::*;

    /// The frame and enemy of the run's first blow.
    fn first_blow(r: &Recording) -> (usize, u32) {
        r.events()
            .find_map(|(k, e)| match e {
                EventKind::DamageDealt { enemy, .. } => Some((k, *enemy)),
                _ => None,
            })
            .expect("a blow in the run")
    }
    use sim::Vec2;

    /// The default kinds by hand: shambler 0.8/s → 75-tick interval, 60-tick swing,
    /// 4/7 → 34; runner 1.5/s → 40, 40, 2/6 → 13; brute 0.4/s → 150, 60, 6/8 → 45.
    #[test]
    fn windups_of_the_default_kinds() {
        let t = Tuning::default();
        assert_eq!(windup_ticks(&t.enemy.shambler, &t), 34);
        assert_eq!(windup_ticks(&t.enemy.runner, &t), 13);
        assert_eq!(windup_ticks(&t.enemy.brute, &t), 45);
    }

    #[test]
    fn e71_passes_on_the_route() {
        assert_pass(&E71, embedded("combat_route"));
    }

    /// A swing that lands out of reach: the victim stands 2 units farther away.
    #[test]
    fn e71_fails_on_a_blow_out_of_reach() {
        let mut r = copy("combat_route");
        let (k, agent, enemy) = r
            .events()
            .find_map(|(k, e)| match e {
                EventKind::DamageDealt { agent, enemy, .. } => Some((k, *agent, *enemy)),
                _ => None,
            })
            .unwrap();
        let e = r.frames[k].enemy(enemy).unwrap().pos;
        let a = &mut r.frames[k].agents[agent as usize];
        a.pos = a.pos + (a.pos - e).normalize_or_zero() * 2.0;
        let m = assert_fail(&E71, &r);
        assert!(m.contains("blow with the target standing"), "{m}");
    }

    /// A whiff whose target stood in reach.
    #[test]
    fn e71_fails_on_a_whiff_in_reach() {
        let mut r = copy("combat_route");
        let (k, enemy) = r
            .events()
            .find_map(|(k, e)| match e {
                EventKind::AttackWhiffed { enemy, .. } => Some((k, *enemy)),
                _ => None,
            })
            .unwrap();
        // The snapshot target, from the swing's start.
        let target = r
            .events()
            .filter(|(j, _)| *j < k)
            .filter_map(|(_, e)| match e {
                EventKind::AttackStarted {
                    enemy: en, target, ..
                } if *en == enemy => Some(*target),
                _ => None,
            })
            .last()
            .unwrap();
        for j in [k - 1, k] {
            r.frames[j].agents[target as usize].alive = true;
        }
        let e = *r.frames[k].enemy(enemy).unwrap();
        let a = &mut r.frames[k].agents[target as usize];
        a.pos = e.pos + Vec2::new(e.radius + a.radius + 0.01, 0.0);
        r.frames[k - 1].enemies.iter_mut().for_each(|x| {
            if x.id == enemy {
                x.pos = e.pos;
            }
        });
        let m = assert_fail(&E71, &r);
        assert!(m.contains("whiff with the target standing"), "{m}");
    }

    #[test]
    fn e71_fails_on_a_blow_one_tick_late() {
        let mut r = copy("combat_route");
        let k = first_frame(&r, |e| matches!(e, EventKind::DamageDealt { .. })).unwrap();
        let i = r.frames[k]
            .events
            .iter()
            .position(|e| matches!(e.kind, EventKind::DamageDealt { .. }))
            .unwrap();
        let ev = r.frames[k].events.remove(i);
        push_event(&mut r, k + 1, ev.kind);
        let m = assert_fail(&E71, &r);
        assert!(m.contains("1 off"), "{m}");
    }

    /// A stagger in the windup that did not stop the blow: a bullet hit inserted.
    #[test]
    fn e71_fails_on_a_blow_despite_a_stagger() {
        let mut r = copy("combat_route");
        let (k, enemy) = first_blow(&r);
        let pos = r.frames[k - 2].enemy(enemy).unwrap().pos;
        push_event(
            &mut r,
            k - 2,
            EventKind::EnemyHit {
                shooter: 2,
                enemy,
                pos,
            },
        );
        let m = assert_fail(&E71, &r);
        assert!(m.contains("1 staggered yet landed"), "{m}");
    }

    /// A blow whose swing never began (its `AttackStarted` dropped) is an orphan; the
    /// counting used to skip it.
    #[test]
    fn e71_fails_on_a_blow_with_no_swing_begun() {
        let mut r = copy("combat_route");
        let (k, enemy) = first_blow(&r);
        let dropped = drop_events(
            &mut r,
            |e| matches!(e, EventKind::AttackStarted { enemy: x, .. } if *x == enemy),
        );
        assert!(dropped > 0);
        let m = assert_fail(&E71, &r);
        assert!(m.contains("with no swing begun"), "{m}");
        // The first unpaired one named is that enemy's first resolution, at or before
        // the blow's tick.
        assert!(
            m.contains(&format!("(first: enemy {enemy} tick ")),
            "{m} (blow at {k})"
        );
    }

    /// A swing that was due within the run and never resolved (its blow dropped) fails.
    #[test]
    fn e71_fails_on_a_swing_that_never_resolves() {
        let mut r = copy("combat_route");
        let (_, enemy) = first_blow(&r);
        let first = std::cell::Cell::new(true);
        let dropped = drop_events(&mut r, |e| {
            let hit =
                first.get() && matches!(e, EventKind::DamageDealt { enemy: x, .. } if *x == enemy);
            first.set(first.get() && !hit);
            hit
        });
        assert_eq!(dropped, 1);
        let m = assert_fail(&E71, &r);
        assert!(m.contains("never resolved"), "{m}");
    }

    #[test]
    fn e71_is_not_applicable_without_swings() {
        assert_na(&E71, embedded("hold_static"));
    }
}
