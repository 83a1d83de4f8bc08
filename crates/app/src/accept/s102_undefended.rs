//! S10.2 (issue 36, "blades defend"): *undefended blows* — a melee blow landed on a
//! gunner while a Ready blade within [`REACH`] of the striking enemy had a clear sector
//! toward it for the whole windup. Must be 0.
//!
//! Everything is read from positions and the recorded state, never from the
//! simulation's events or its own judgement of a sector:
//! - **a blow**: a standing gunner's recorded health drops from one frame to the next
//!   while a melee enemy (any kind with a tuning but the spitter) stands with its body
//!   within its kind's reach of the gunner's (before or after the tick: the crowd
//!   shoves it); every such enemy is a candidate striker. A drop with no melee enemy in
//!   reach (a spit) is not a blow;
//! - **its windup**: the [`windup_ticks`] frames before the landing, the windup
//!   computed here from the kind's tuning by seed 003's rule;
//! - **a defender**: a standing, unscripted blade that on every frame of that windup was
//!   Ready with no cooldown (the recorded strike state), not sprinting, within
//!   [`REACH`] of the candidate (centre to centre), and whose guarded sector toward it
//!   (the strike's sector along the line to the enemy, reach grown by the lunge, as
//!   M7.4's) held no ally's body grown by the safety margin — the judge's own
//!   `geom::Cone`.
//!
//! A blow with a defender for some candidate is undefended.
//!
//! Preconditions: a melee blow on a gunner (N/A otherwise, never a PASS by
//! construction). The measurement is streamed ([`Watch`]) so the soak can count it too.

use std::collections::VecDeque;

use sim::read::{EnemyKind, StrikePhase};
use sim::tuning::Tuning;
use sim::Vec2;

use super::criterion::{applicable, Criterion, Home, Outcome};
use super::e71_enemy_swings::windup_ticks;
use super::geom::Cone;
use super::record::{AgentSnap, EnemySnap, Frame, Recording};

pub struct S102;

/// Centre to centre, units: a blade this close to a striking enemy could have stopped
/// its blow. Strike 1 touches a body up to its reach (1.1 u) plus the body's radius
/// (≈0.3 u) from the blade's centre, so from 2 u the blade has ≈0.6 u to walk — a fifth
/// of a second at the squad's pace — and its 0.2 s windup and 0.1 s lunge still land
/// inside a shambler's 34-tick windup, the windup that a standing defender saw whole.
pub const REACH: f32 = 2.0;
/// Float slack on the enemy's reach, units.
const EPS: f32 = 1e-3;

/// One undefended blow: frame, gunner, enemy, blade, where the gunner stood.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Undefended {
    pub tick: usize,
    pub gunner: u32,
    pub enemy: u32,
    pub blade: u32,
    pub at: Vec2,
}

/// What the watch counted.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Found {
    /// Melee blows landed on gunners.
    pub blows: usize,
    pub undefended: Vec<Undefended>,
}

/// The row's measurement, frame by frame: keeps the last frames of the longest windup.
pub struct Watch<'t> {
    tuning: &'t Tuning,
    keep: usize,
    frames: VecDeque<Frame>,
    /// Frames pushed so far.
    seen: usize,
    pub found: Found,
}

impl<'t> Watch<'t> {
    pub fn new(tuning: &'t Tuning) -> Watch<'t> {
        let keep = [
            EnemyKind::Shambler,
            EnemyKind::Runner,
            EnemyKind::Brute,
            EnemyKind::Stalker,
        ]
        .iter()
        .filter_map(|k| k.tuning(tuning))
        .map(|k| windup_ticks(k, tuning) as usize)
        .max()
        .unwrap_or(1)
            + 1;
        Watch {
            tuning,
            keep,
            frames: VecDeque::with_capacity(keep + 1),
            seen: 0,
            found: Found::default(),
        }
    }

    /// The next frame (frame 0 first).
    pub fn push(&mut self, f: Frame) {
        self.frames.push_back(f);
        if self.frames.len() > self.keep + 1 {
            self.frames.pop_front();
        }
        self.seen += 1;
        if self.frames.len() >= 2 {
            self.judge_last();
        }
    }

    fn judge_last(&mut self) {
        let n = self.frames.len();
        let (prev, f) = (&self.frames[n - 2], &self.frames[n - 1]);
        let t = self.tuning;
        for g in f.agents.iter().filter(|g| g.is_gunner() && !g.forced) {
            let Some(was) = prev.agents.get(g.id as usize) else {
                continue;
            };
            if !was.alive || g.health >= was.health {
                continue;
            }
            let strikers: Vec<(u32, usize)> = prev
                .enemies
                .iter()
                .filter(|e| e.alive)
                .filter_map(|e| {
                    let kt = melee_kind(e.kind).and_then(|k| k.tuning(t))?;
                    let gap = |x: &EnemySnap| g.pos.distance(x.pos) - g.radius - x.radius;
                    let lo = gap(e).min(f.enemy(e.id).map_or(f32::INFINITY, gap));
                    (lo <= kt.reach + EPS).then(|| (e.id, windup_ticks(kt, t) as usize))
                })
                .collect();
            if strikers.is_empty() {
                continue;
            }
            self.found.blows += 1;
            // The windup's frames: the `w` frames before the landing one.
            let defended = strikers.iter().find_map(|&(enemy, w)| {
                if w + 1 > n - 1 {
                    return None;
                }
                let windup: Vec<&Frame> = (n - 1 - w..n - 1).map(|i| &self.frames[i]).collect();
                idle_defender(t, &windup, enemy).map(|b| (enemy, b))
            });
            if let Some((enemy, blade)) = defended {
                self.found.undefended.push(Undefended {
                    tick: self.seen - 1,
                    gunner: g.id,
                    enemy,
                    blade,
                    at: g.pos,
                });
            }
        }
    }
}

/// A kind that strikes in melee (its blow lands from body contact).
fn melee_kind(k: EnemyKind) -> Option<EnemyKind> {
    (!matches!(k, EnemyKind::Spitter | EnemyKind::Dummy)).then_some(k)
}

/// A blade that on every one of `windup`'s frames was a Ready, clear-sectored blade
/// within [`REACH`] of `enemy`.
fn idle_defender(t: &Tuning, windup: &[&Frame], enemy: u32) -> Option<u32> {
    let first = windup.first()?;
    first
        .agents
        .iter()
        .filter(|b| b.is_blade())
        .map(|b| b.id)
        .find(|&id| {
            windup.iter().all(|f| {
                let (Some(b), Some(e)) = (f.agents.get(id as usize), f.enemy(enemy)) else {
                    return false;
                };
                e.alive && could_defend(t, f, b, e)
            })
        })
}

/// Whether blade `b` stood Ready within [`REACH`] of `e` with a clear guarded sector.
pub fn could_defend(t: &Tuning, f: &Frame, b: &AgentSnap, e: &EnemySnap) -> bool {
    if !b.alive
        || b.forced
        || f.sprinting
        || b.melee.phase != StrikePhase::Ready
        || b.melee.cooldown > 0
        || b.pos.distance(e.pos)
            > std::env::var("S102R")
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(REACH)
    {
        return false;
    }
    let m = &t.melee;
    let k = (b.melee.strike as usize).min(2);
    let cone = Cone::new(
        b.pos,
        (e.pos - b.pos).angle(),
        m.reach[k] + m.lunge_speed * m.active[k],
        m.half_angle_deg[k],
    );
    !f.agents
        .iter()
        .any(|a| a.alive && a.id != b.id && cone.touches(a.pos, a.radius, m.safety_margin))
}

/// The row's measurement over a whole recording.
pub fn measure(r: &Recording) -> Found {
    let mut w = Watch::new(&r.tuning);
    for f in &r.frames {
        w.push(f.clone());
    }
    w.found
}

impl Criterion for S102 {
    fn id(&self) -> &'static str {
        "S10.2"
    }
    fn threshold(&self) -> &'static str {
        "0 undefended blows on gunners"
    }
    fn home(&self) -> Home {
        Home::Every
    }
    fn judge(&self, runs: &[&Recording]) -> Outcome {
        let runs = match applicable(runs, |r| {
            let f = measure(r);
            if f.blows == 0 {
                Err("no melee enemy struck a gunner".to_string())
            } else {
                Ok(f)
            }
        }) {
            Ok(v) => v,
            Err(na) => return na,
        };
        let blows: usize = runs.iter().map(|(_, f)| f.blows).sum();
        let bad: Vec<(&Recording, Undefended)> = runs
            .iter()
            .flat_map(|(r, f)| f.undefended.iter().map(move |u| (*r, *u)))
            .collect();
        let first = bad
            .first()
            .map(|(r, u)| {
                format!(
                    " (first: tick {} of {}, enemy {} on gunner {}, blade {} idle)",
                    u.tick, r.name, u.enemy, u.gunner, u.blade
                )
            })
            .unwrap_or_default();
        let out = Outcome::judged(
            bad.is_empty(),
            format!(
                "{} of {blows} melee blows on gunners undefended{first}",
                bad.len()
            ),
        )
        .with_value(bad.len() as f64, true);
        match bad.first() {
            Some((_, u)) => out.with_at(u.tick, u.at),
            None => out,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accept::testkit::*;

    /// The first melee blow on a gunner the row finds: (frame, gunner, enemy).
    fn first_blow(r: &Recording) -> (usize, u32, u32) {
        let t = &r.tuning;
        for k in 1..r.frames.len() {
            let (prev, f) = (&r.frames[k - 1], &r.frames[k]);
            for g in f.agents.iter().filter(|g| g.is_gunner()) {
                let was = &prev.agents[g.id as usize];
                if !was.alive || g.health >= was.health {
                    continue;
                }
                if let Some(e) = prev.enemies.iter().find(|e| {
                    e.alive
                        && melee_kind(e.kind)
                            .and_then(|k| k.tuning(t))
                            .is_some_and(|kt| {
                                g.pos.distance(e.pos) - g.radius - e.radius <= kt.reach + EPS
                            })
                }) {
                    return (k, g.id, e.id);
                }
            }
        }
        panic!("no melee blow on a gunner in {}", r.name)
    }

    /// The failing case: the blade idles next to the gunner being hit. A blade is put,
    /// Ready with no cooldown, 1.5 u from the striker on the far side from the gunner for
    /// the blow's whole windup (nobody else near its sector).
    fn idle_blade_beside_the_first_blow(r: &mut Recording) -> (u32, usize) {
        let (k, gunner, enemy) = first_blow(r);
        let blade = r.blades()[0];
        let e0 = r.frames[k - 1].enemy(enemy).unwrap().kind;
        let w = windup_ticks(e0.tuning(&r.tuning).unwrap(), &r.tuning) as usize;
        for j in k - w - 1..=k {
            let f = &mut r.frames[j];
            let e = f.enemy(enemy).unwrap().pos;
            let g = f.agents[gunner as usize].pos;
            let away = (e - g).normalize_or_zero();
            let b = &mut f.agents[blade as usize];
            b.alive = true;
            b.forced = false;
            b.pos = e + away * 1.5;
            b.melee.phase = StrikePhase::Ready;
            b.melee.cooldown = 0;
            b.melee.strike = 0;
            f.sprinting = false;
            // Every other agent out of its way (beyond the sector, behind the blade).
            let bp = f.agents[blade as usize].pos;
            for a in f.agents.iter_mut() {
                if a.id != blade && a.id != gunner {
                    a.pos = bp + away * (3.0 + a.id as f32);
                }
            }
        }
        (blade, k)
    }

    #[test]
    fn s102_fails_when_a_ready_blade_idles_beside_a_gunner_being_hit() {
        let mut r = copy("combat_route");
        let (blade, k) = idle_blade_beside_the_first_blow(&mut r);
        let m = assert_fail(&S102, &r);
        assert!(m.contains("undefended"), "{m}");
        assert!(
            m.contains(&format!("(first: tick {k} ")) && m.contains(&format!("blade {blade} idle")),
            "{m}"
        );
    }

    /// The same blade, but busy (a strike in recovery) on one tick of the windup: not
    /// idle for the whole windup, so that blow is not counted against it.
    #[test]
    fn s102_does_not_count_a_blade_busy_during_the_windup() {
        let mut r = copy("combat_route");
        let (blade, k) = idle_blade_beside_the_first_blow(&mut r);
        r.frames[k - 3].agents[blade as usize].melee.phase = StrikePhase::Recovery;
        let after = measure(&r);
        assert!(
            !after.undefended.iter().any(|u| u.tick == k),
            "{:?}",
            after.undefended
        );
    }

    /// The same blade with an ally standing in its sector toward the striker (half way
    /// to it): its swing would take in the ally, so the blow is not undefended.
    #[test]
    fn s102_does_not_count_a_blade_whose_sector_holds_an_ally() {
        let mut r = copy("combat_route");
        let (blade, k) = idle_blade_beside_the_first_blow(&mut r);
        let (_, _, enemy) = first_blow(&r);
        let other = r.blades().into_iter().find(|&b| b != blade).unwrap();
        for f in &mut r.frames[..=k] {
            let (Some(e), b) = (f.enemy(enemy).map(|e| e.pos), f.agents[blade as usize].pos) else {
                continue;
            };
            let o = &mut f.agents[other as usize];
            o.alive = true;
            o.pos = b + (e - b) * 0.5;
        }
        let found = measure(&r);
        assert!(
            !found.undefended.iter().any(|u| u.tick == k),
            "{:?}",
            found.undefended
        );
    }

    #[test]
    fn s102_passes_on_the_route() {
        assert_pass(&S102, embedded("combat_route"));
    }

    #[test]
    fn s102_is_not_applicable_when_no_melee_enemy_strikes_a_gunner() {
        let m = assert_na(&S102, embedded("melee_dummy"));
        assert!(m.contains("no melee enemy struck a gunner"), "{m}");
    }
}
