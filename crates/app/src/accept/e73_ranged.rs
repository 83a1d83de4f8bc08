//! E7.3: ranged attacks on integer ticks (REQ T1). A spitter's projectile leaves
//! exactly the kind's windup after its `AttackStarted` (the release is the hit frame); a
//! windup a bullet or blade hit staggers releases nothing (it ends interrupted); and a
//! projectile never passes a wall.
//!
//! Each spitter swing is followed from its start to its end, as E7.1 follows the others:
//! - **timing**: `SpitReleased` exactly [`windup_ticks`] (seed 003's rule, computed here
//!   from the tuning) after the start;
//! - **stagger**: a hit on the spitter in its windup must end the swing interrupted, with
//!   no release; an interruption without a hit is wrong too;
//! - **whiff**: a swing may end without a release only when its target was down;
//! - **the release, from positions**: the spit the event names is in flight that
//!   frame, new, at its spitter's body;
//! - **walls, from positions**: every tick of every spit's flight (where it was when the
//!   tick began to where it is after it, or to where it ended) must be a straight
//!   segment no wall cuts before its end, and where it ended must not be inside a wall;
//! - **bookkeeping**: a release or interruption with no swing begun, and a swing due
//!   within the run that never ended.
//!
//! Preconditions: at least one spit released, one spitter windup that took a hit (a
//! bullet's or a blade's, counted from the hits, not from the interruptions the
//! simulation reports: a spitter that ignored its staggers would report none), and one
//! spit that ended on a wall (each part of the row is then measured, not assumed). Walls
//! are the judge's own clip (`geom::segment_hits_wall`), not the simulation's ray cast.

use std::collections::BTreeMap;

use sim::read::{EnemyKind, EventKind, Grid};
use sim::Vec2;

use super::criterion::{applicable, Criterion, Home, Outcome};
use super::e71_enemy_swings::windup_ticks;
use super::geom::segment_hits_wall;
use super::record::Recording;

pub struct E73;

#[derive(Clone, Copy, Debug)]
struct Swing {
    start: usize,
    target: u32,
    staggered: bool,
    /// The tick of the first hit in its windup.
    hit_at: usize,
}

#[derive(Debug, Default)]
struct Found {
    released: usize,
    on_time: usize,
    off_time: Vec<String>,
    interrupted: usize,
    /// Windups that took a hit (each counted once).
    hit_windups: usize,
    staggered_released: Vec<String>,
    /// Swings still going a tick after the hit in their windup (neither interrupted
    /// nor ended by the spitter's death).
    staggered_going: Vec<String>,
    interrupted_unhit: Vec<String>,
    whiffs: usize,
    wrong_whiff: Vec<String>,
    flights: usize,
    at_wall: usize,
    through_wall: Vec<String>,
    /// Releases with no new spit in flight at the spitter that frame.
    unseen: Vec<String>,
    unpaired: Vec<String>,
}

/// How far a released spit may be from its spitter's recorded body that frame: the
/// crowd's push moves the body after the release (a step's worth, never more).
const RELEASE_SLACK: f32 = 0.1;

/// The segment `a → b` meets no wall before its end (a spit stopping on a wall's face
/// ends where the wall begins): the segment to a hair before `b` touches no wall tile.
fn clear_to_end(grid: &Grid, a: Vec2, b: Vec2) -> bool {
    !segment_hits_wall(grid, a, just_before(a, b))
}

/// `p`, a hair back toward `from`: a point on a wall's face reads as the floor before it.
fn just_before(from: Vec2, p: Vec2) -> Vec2 {
    p - (p - from).normalize_or_zero() * 1e-3
}

fn measure(r: &Recording) -> Found {
    let mut found = Found::default();
    let grid = &r.map.grid;
    let Some(kt) = EnemyKind::Spitter.tuning(&r.tuning) else {
        return found;
    };
    let want = windup_ticks(kt, &r.tuning) as usize;
    let mut swings: BTreeMap<u32, Swing> = BTreeMap::new();
    for k in 1..r.frames.len() {
        let (prev, f) = (&r.frames[k - 1], &r.frames[k]);
        let spitter = |id: u32| {
            f.enemy(id)
                .or(prev.enemy(id))
                .is_some_and(|e| e.kind == EnemyKind::Spitter)
        };
        // Staggers first: bullets and strikes resolve before the enemies' step.
        for e in f.kinds() {
            if let EventKind::EnemyHit { enemy, .. } | EventKind::MeleeHit { enemy, .. } = e {
                if let Some(s) = swings.get_mut(enemy) {
                    if k > s.start && k <= s.start + want && !s.staggered {
                        s.staggered = true;
                        s.hit_at = k;
                        found.hit_windups += 1;
                    }
                }
            }
        }
        for ev in &f.events {
            match ev.kind {
                EventKind::AttackStarted { enemy, target, .. } if spitter(enemy) => {
                    if let Some(old) = swings.insert(
                        enemy,
                        Swing {
                            start: k,
                            target,
                            staggered: false,
                            hit_at: 0,
                        },
                    ) {
                        found.unpaired.push(format!(
                            "spitter {enemy}: a swing begun at tick {k} over the one of tick {}",
                            old.start
                        ));
                    }
                }
                EventKind::SpitReleased { enemy, spit, .. } => {
                    // From positions: the spit is new in this frame, at its spitter.
                    let body = f.enemy(enemy).or(prev.enemy(enemy)).map(|e| e.pos);
                    let here = f.spits.iter().find(|x| x.id == spit).map(|x| x.pos);
                    let before = prev.spits.iter().any(|x| x.id == spit);
                    match (here, body) {
                        (Some(p), Some(b)) if !before && p.distance(b) <= RELEASE_SLACK => {}
                        _ => found.unseen.push(format!(
                            "spit {spit} tick {k}: released, but not in flight from spitter {enemy}"
                        )),
                    }
                    let Some(s) = swings.remove(&enemy) else {
                        found.unpaired.push(format!(
                            "spitter {enemy} tick {k}: spit {spit} with no swing"
                        ));
                        continue;
                    };
                    found.released += 1;
                    if k - s.start == want {
                        found.on_time += 1;
                    } else {
                        found.off_time.push(format!(
                            "spitter {enemy}: released {} ticks after its start, windup {want}",
                            k - s.start
                        ));
                    }
                    if s.staggered {
                        found.staggered_released.push(format!(
                            "spitter {enemy}: staggered in the windup of tick {}, released at {k}",
                            s.start
                        ));
                    }
                }
                EventKind::AttackInterrupted { enemy } if spitter(enemy) => {
                    let Some(s) = swings.remove(&enemy) else {
                        found
                            .unpaired
                            .push(format!("spitter {enemy} tick {k}: interrupted, no swing"));
                        continue;
                    };
                    found.interrupted += 1;
                    if !s.staggered {
                        found
                            .interrupted_unhit
                            .push(format!("spitter {enemy} tick {k}"));
                    }
                }
                EventKind::AttackWhiffed { enemy, .. } if spitter(enemy) => {
                    let Some(s) = swings.remove(&enemy) else {
                        found
                            .unpaired
                            .push(format!("spitter {enemy} tick {k}: a whiff, no swing"));
                        continue;
                    };
                    found.whiffs += 1;
                    let down =
                        !prev.agents[s.target as usize].alive || !f.agents[s.target as usize].alive;
                    if !down {
                        found.wrong_whiff.push(format!(
                            "spitter {enemy} tick {k}: no release with agent {} standing",
                            s.target
                        ));
                    }
                }
                EventKind::EnemyKilled { enemy, .. } => {
                    if let Some(s) = swings.remove(&enemy) {
                        if k > s.start + want {
                            found.unpaired.push(format!(
                                "spitter {enemy}: the swing of tick {} never ended (killed at {k})",
                                s.start
                            ));
                        }
                    }
                }
                EventKind::SpitHit { spit, pos, .. } => {
                    // Its last tick: from where it was to where it ended.
                    let Some(from) = prev.spits.iter().find(|s| s.id == spit).map(|s| s.pos) else {
                        // Released and ended on one tick: from its spitter's body.
                        continue;
                    };
                    found.flights += 1;
                    if !clear_to_end(grid, from, pos) || grid.is_wall_at(just_before(from, pos)) {
                        found.through_wall.push(format!(
                            "spit {spit} tick {k}: ({:.2}, {:.2}) -> ({:.2}, {:.2}) crosses a wall",
                            from.x, from.y, pos.x, pos.y
                        ));
                    }
                    let ahead = pos + (pos - from).normalize_or_zero() * 0.02;
                    if grid.is_wall_at(ahead) {
                        found.at_wall += 1;
                    }
                }
                _ => {}
            }
        }
        // A hit stops the windup on its own tick: a swing still open after the tick
        // that hit it ignored the stagger.
        let going: Vec<u32> = swings
            .iter()
            .filter(|(_, s)| s.staggered && s.hit_at < k)
            .map(|(id, _)| *id)
            .collect();
        for id in going {
            let s = swings.remove(&id).expect("listed");
            found.staggered_going.push(format!(
                "spitter {id}: hit at tick {} in the windup of tick {}, still winding up at {k}",
                s.hit_at, s.start
            ));
        }
        // Every spit's tick from where the previous frame recorded it (a new one: where
        // it was released, checked above).
        for s in &f.spits {
            let Some(from) = prev.spits.iter().find(|x| x.id == s.id).map(|x| x.pos) else {
                continue;
            };
            found.flights += 1;
            if !clear_to_end(grid, from, s.pos) || grid.is_wall_at(s.pos) {
                found.through_wall.push(format!(
                    "spit {} tick {k}: ({:.2}, {:.2}) -> ({:.2}, {:.2}) crosses a wall",
                    s.id, from.x, from.y, s.pos.x, s.pos.y
                ));
            }
        }
    }
    let last = r.frames.len() - 1;
    for (enemy, s) in &swings {
        if s.start + want <= last {
            found.unpaired.push(format!(
                "spitter {enemy}: the swing of tick {} never ended (due at {})",
                s.start,
                s.start + want
            ));
        }
    }
    found
}

impl Criterion for E73 {
    fn id(&self) -> &'static str {
        "E7.3"
    }
    fn threshold(&self) -> &'static str {
        "0 off time, 0 staggered releases, 0 through walls"
    }
    fn home(&self) -> Home {
        Home::One("spitters")
    }
    fn judge(&self, runs: &[&Recording]) -> Outcome {
        let runs = match applicable(runs, |r| {
            let f = measure(r);
            if f.released == 0 {
                Err("no spit released".to_string())
            } else if f.hit_windups == 0 {
                Err("no spitter hit in its windup".to_string())
            } else if f.at_wall == 0 {
                Err("no spit ended on a wall".to_string())
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
        let bad = [
            all(|f| &f.off_time),
            all(|f| &f.staggered_released),
            all(|f| &f.staggered_going),
            all(|f| &f.interrupted_unhit),
            all(|f| &f.wrong_whiff),
            all(|f| &f.through_wall),
            all(|f| &f.unpaired),
            all(|f| &f.unseen),
        ];
        let first = bad
            .iter()
            .flatten()
            .next()
            .map(|s| format!(" (first: {s})"))
            .unwrap_or_default();
        Outcome::judged(
            bad.iter().all(|b| b.is_empty()),
            format!(
                "{} spits: {} on time, {} off; {} windups hit, {} interrupted, {} released anyway, {} went on, {} interrupted unhit; {} whiffs ({} wrong); {} spit-ticks, {} on walls, {} through; {} unpaired; {} releases not in flight{first}",
                sum(|f| f.released),
                sum(|f| f.on_time),
                bad[0].len(),
                sum(|f| f.hit_windups),
                sum(|f| f.interrupted),
                bad[1].len(),
                bad[2].len(),
                bad[3].len(),
                sum(|f| f.whiffs),
                bad[4].len(),
                sum(|f| f.flights),
                sum(|f| f.at_wall),
                bad[5].len(),
                bad[6].len(),
                bad[7].len(),
            ),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accept::testkit::*;

    #[test]
    fn e73_passes_on_the_spitters() {
        assert_pass(&E73, embedded("spitters"));
    }

    #[test]
    fn the_spitters_windup_is_forty_two_ticks() {
        let t = sim::tuning::Tuning::default();
        // 1/2 attacks a second → 120-tick interval, 60-tick swing, 5/7 of it → 42.
        assert_eq!(windup_ticks(&t.enemy.spitter, &t), 42);
    }

    #[test]
    fn e73_fails_on_a_release_one_tick_late() {
        let mut r = copy("spitters");
        let k = first_frame(&r, |e| matches!(e, EventKind::SpitReleased { .. })).unwrap();
        let i = r.frames[k]
            .events
            .iter()
            .position(|e| matches!(e.kind, EventKind::SpitReleased { .. }))
            .unwrap();
        let ev = r.frames[k].events.remove(i);
        push_event(&mut r, k + 1, ev.kind);
        let m = assert_fail(&E73, &r);
        assert!(m.contains("1 off"), "{m}");
    }

    /// A hit on the spitter on its release's own tick (bullets resolve before the
    /// enemies' step) that did not stop the release; and one three ticks before it, after
    /// which the swing went on.
    #[test]
    fn e73_fails_on_a_release_despite_a_stagger() {
        for (back, says) in [(0, "1 released anyway"), (3, "1 went on")] {
            let mut r = copy("spitters");
            let (k, enemy) = r
                .events()
                .find_map(|(k, e)| match e {
                    EventKind::SpitReleased { enemy, .. } => Some((k, *enemy)),
                    _ => None,
                })
                .unwrap();
            let pos = r.frames[k - back].enemy(enemy).unwrap().pos;
            push_event(
                &mut r,
                k - back,
                EventKind::EnemyHit {
                    shooter: 2,
                    enemy,
                    pos,
                },
            );
            let m = assert_fail(&E73, &r);
            assert!(m.contains(says), "{back} ticks before: {m}");
        }
    }

    /// A spit that ends beyond the wall it met.
    #[test]
    fn e73_fails_on_a_spit_through_a_wall() {
        let mut r = copy("spitters");
        let grid = r.map.grid.clone();
        let (k, i, from) = r
            .frames
            .iter()
            .enumerate()
            .skip(1)
            .find_map(|(k, f)| {
                f.events.iter().enumerate().find_map(|(i, e)| match e.kind {
                    EventKind::SpitHit {
                        agent: None,
                        spit,
                        pos,
                        ..
                    } => {
                        let from = r.frames[k - 1].spits.iter().find(|s| s.id == spit)?.pos;
                        grid.is_wall_at(pos + (pos - from).normalize_or_zero() * 0.02)
                            .then_some((k, i, from))
                    }
                    _ => None,
                })
            })
            .expect("a spit on a wall");
        if let EventKind::SpitHit { pos, .. } = &mut r.frames[k].events[i].kind {
            *pos = *pos + (*pos - from).normalize_or_zero() * 1.5;
        }
        let m = assert_fail(&E73, &r);
        assert!(m.contains("1 through"), "{m}");
    }

    /// A release the event reports but no spit in flight shows.
    #[test]
    fn e73_fails_on_a_release_with_no_spit_in_flight() {
        let mut r = copy("spitters");
        let k = first_frame(&r, |e| matches!(e, EventKind::SpitReleased { .. })).unwrap();
        let spit = r.frames[k]
            .kinds()
            .find_map(|e| match e {
                EventKind::SpitReleased { spit, .. } => Some(*spit),
                _ => None,
            })
            .unwrap();
        r.frames[k].spits.retain(|s| s.id != spit);
        let m = assert_fail(&E73, &r);
        assert!(m.contains("1 releases not in flight"), "{m}");
    }

    /// The injected fault: a spitter that ignores its staggers — its interruptions taken
    /// out of the record (such a spitter reports none). The windups that took a hit are
    /// still counted from the hits, so the row is judged and fails: those swings went on
    /// after the hit.
    #[test]
    fn e73_fails_on_a_spitter_that_ignores_its_staggers() {
        let mut r = copy("spitters");
        assert!(drop_events(&mut r, |e| matches!(e, EventKind::AttackInterrupted { .. })) > 0);
        let m = assert_fail(&E73, &r);
        assert!(m.contains("still winding up"), "{m}");
    }

    #[test]
    fn e73_is_not_applicable_without_spitters() {
        let m = assert_na(&E73, embedded("hold_static"));
        assert!(m.contains("no spit released"), "{m}");
    }
}
