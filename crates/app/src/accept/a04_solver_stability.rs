//! A4: solver stability. Holding against static targets, after the first 3 s at most one
//! commit per agent in any 5 s: gunners' solver commits (`Commit` events) and blades'
//! post changes (a blade's post is re-solved every tick without an event, so a change of
//! its post position is its commit).
//!
//! Under mobs (REQ S10.4: a director or waves; any enemy moving in the window, from the
//! positions) a post follows its fight, so the bound is per contact and per fight
//! (docs/acceptance.md argues it):
//! - a blade's post that rides the enemy it stands round (post − enemy unchanged) is no
//!   re-post; a change of *side* round the same enemy is one: at most one per contact
//!   (blade, enemy) in any 5 s;
//! - a *return* — a blade taking back an enemy it left standing within the last 5 s, a
//!   gunner committing back to within [`RETURN_NEAR`] of a post it left within the last
//!   5 s — is the dithering the static bound forbids (two changes within 5 s): 0.
//!
//! Preconditions: no `force` hook, a dummy or moving enemies in the window, and a still
//! stretch — the anchor unmoved (recorded positions, not the simulation's holding flag)
//! and no movement input — of at least 3 s + 5 s. Measured over that stretch after its
//! first 3 s.

use std::collections::BTreeMap;

use sim::read::EventKind;
use sim::tuning::ticks;
use sim::Vec2;

use super::criterion::{applicable, secs, Criterion, Home, Outcome};
use super::record::{AgentSnap, Frame, Recording};

pub struct A4;

/// A blade's post moving farther than this between two ticks is a re-post.
pub const POST_MOVE: f32 = 0.01;
/// A gunner's commit ending within this of a post it left is a return (a third of the
/// shortest commit measured under the hard director, 0.55 u, and far above the solver's
/// candidate spacing noise).
pub const RETURN_NEAR: f32 = 0.3;
/// A blade is in contact with an enemy within this, centre to centre (M7.8's contact).
const CONTACT: f32 = 1.5;
/// A post stands round an enemy when its distance to the enemy's centre is the approach
/// ring's (`radius + blade radius + standoff_gap`) within this.
const RING_TOL: f32 = 0.02;

/// The longest still stretch `start..end`: the anchor unmoved (≤ [`POST_MOVE`] a tick)
/// and no movement input.
fn still_stretch(r: &Recording) -> (usize, usize) {
    let mut best = (0, 0);
    let mut start = None;
    for k in 1..=r.frames.len() {
        let still = r.frames.get(k).is_some_and(|f| {
            f.input.move_dir.length_sq() == 0.0
                && f.anchor.distance(r.frames[k - 1].anchor) <= POST_MOVE
        });
        match (still, start) {
            (true, None) => start = Some(k),
            (false, Some(s)) => {
                if k - s > best.1 - best.0 {
                    best = (s, k);
                }
                start = None;
            }
            _ => {}
        }
    }
    best
}

/// Whether any live enemy moved within `from..to` (from the positions).
fn enemies_move(r: &Recording, (from, to): (usize, usize)) -> bool {
    (from.max(1)..to).any(|k| {
        r.frames[k].enemies.iter().any(|e| {
            e.alive
                && r.frames[k - 1]
                    .enemy(e.id)
                    .is_some_and(|p| p.alive && p.pos.distance(e.pos) > POST_MOVE)
        })
    })
}

/// The measured window `from..to`.
fn window(r: &Recording) -> Result<(usize, usize), String> {
    if !r.scenario.waves.is_empty() {
        return Err("the scenario has scripted waves (judged under the director only)".into());
    }
    if !r.scenario.forced.is_empty() {
        return Err("a `force` hook moves an agent".into());
    }
    let (s, e) = still_stretch(r);
    let settle = ticks(3.0) as usize;
    let need = settle + ticks(5.0) as usize;
    if e - s < need {
        return Err(format!(
            "longest still stretch {:.1} s, needs >= 8 s",
            secs(e - s)
        ));
    }
    let w = (s + settle, e);
    if !enemies_move(r, w) && !r.frames[s].enemies.iter().any(|e| e.is_dummy()) {
        return Err("no target: no dummy and no enemy moving".into());
    }
    Ok(w)
}

/// Most events of one key within any 5 s.
fn worst_per_5s<K>(times: &BTreeMap<K, Vec<usize>>) -> usize {
    let w = ticks(5.0) as usize;
    times
        .values()
        .map(|ts| {
            (0..ts.len())
                .map(|i| ts[i..].iter().take_while(|&&t| t < ts[i] + w).count())
                .max()
                .unwrap_or(0)
        })
        .max()
        .unwrap_or(0)
}

/// The live enemy `post` stands round (on its approach ring), nearest the ring.
fn round_enemy(f: &Frame, a: &AgentSnap, post: Vec2, gap: f32) -> Option<(u32, Vec2)> {
    f.enemies
        .iter()
        .filter(|e| e.alive)
        .map(|e| {
            let off = (post.distance(e.pos) - (e.radius + a.radius + gap)).abs();
            (off, e)
        })
        .filter(|(off, _)| *off <= RING_TOL)
        .min_by(|x, y| x.0.total_cmp(&y.0).then(x.1.id.cmp(&y.1.id)))
        .map(|(_, e)| (e.id, post - e.pos))
}

/// The side of an enemy a post faces it from: the nearest of the blade solver's
/// `dirs` approach directions (the enemy's own step within the tick moves the offset by
/// a few hundredths, far below half a direction's 15°).
fn side(off: Vec2, dirs: u32) -> u32 {
    let step = std::f32::consts::TAU / dirs as f32;
    (off.angle().rem_euclid(std::f32::consts::TAU) / step).round() as u32 % dirs
}

#[derive(Default)]
struct Found {
    /// Static targets: gunners' commits and blades' post changes, per agent.
    commits: BTreeMap<u32, Vec<usize>>,
    reposts: BTreeMap<u32, Vec<usize>>,
    /// Moving enemies: side changes per contact (blade, enemy), returns per agent.
    sides: BTreeMap<(u32, u32), Vec<usize>>,
    returns: BTreeMap<u32, Vec<usize>>,
    moving: bool,
}

fn measure(r: &Recording, (from, to): (usize, usize)) -> Found {
    let mut found = Found {
        moving: enemies_move(r, (from, to)),
        ..Found::default()
    };
    let w = ticks(5.0) as usize;
    let gap = r.tuning.melee.standoff_gap;
    let dirs = r.tuning.melee.directions;
    // Per blade: the enemy its post stands round and on which side; enemies it left
    // standing, with the tick. Per gunner: posts it left, with the tick.
    let mut choice: BTreeMap<u32, Option<(u32, Vec2)>> = BTreeMap::new();
    let mut left: BTreeMap<u32, Vec<(u32, usize)>> = BTreeMap::new();
    let mut left_posts: BTreeMap<u32, Vec<(Vec2, usize)>> = BTreeMap::new();
    let mut sides_left: BTreeMap<(u32, u32), Vec<(u32, usize)>> = BTreeMap::new();
    for k in from.max(1)..to {
        let (f, prev) = (&r.frames[k], &r.frames[k - 1]);
        for e in f.kinds() {
            if let EventKind::Commit { agent, from, to } = e {
                found.commits.entry(*agent).or_default().push(k);
                let back = left_posts.entry(*agent).or_default();
                if back
                    .iter()
                    .any(|(p, t)| k - t < w && p.distance(*to) <= RETURN_NEAR)
                {
                    found.returns.entry(*agent).or_default().push(k);
                }
                back.push((*from, k));
            }
        }
        for (a, p) in f.agents.iter().zip(&prev.agents) {
            if !a.is_blade() || !a.alive || a.forced {
                continue;
            }
            let cur = *choice
                .entry(a.id)
                .or_insert_with(|| round_enemy(prev, p, p.post, gap));
            if a.post.distance(p.post) <= POST_MOVE {
                continue;
            }
            found.reposts.entry(a.id).or_default().push(k);
            let now = round_enemy(f, a, a.post, gap);
            match (cur, now) {
                (Some((e0, off0)), Some((e1, off1))) if e0 == e1 => {
                    let (s0, s1) = (side(off0, dirs), side(off1, dirs));
                    let contact = f
                        .enemy(e1)
                        .is_some_and(|e| e.pos.distance(a.pos) <= CONTACT);
                    if s0 != s1 && contact {
                        found.sides.entry((a.id, e1)).or_default().push(k);
                        let back = sides_left.entry((a.id, e1)).or_default();
                        if back.iter().any(|&(o, t)| k - t < w && o == s1) {
                            found.returns.entry(a.id).or_default().push(k);
                        }
                        back.push((s0, k));
                    }
                }
                _ => {
                    let gone = left.entry(a.id).or_default();
                    if let Some((e1, _)) = now {
                        if gone.iter().any(|&(e, t)| e == e1 && k - t < w) {
                            found.returns.entry(a.id).or_default().push(k);
                        }
                    }
                    if let Some((e0, _)) = cur {
                        if f.enemy(e0).is_some_and(|e| e.alive) {
                            gone.push((e0, k));
                        }
                    }
                }
            }
            choice.insert(a.id, now);
        }
    }
    found
}

impl Criterion for A4 {
    fn id(&self) -> &'static str {
        "A4"
    }
    fn threshold(&self) -> &'static str {
        "static: <= 1 per agent/5 s; mobs: <= 1 side change per contact/5 s, <= 1 return per agent/5 s"
    }
    fn home(&self) -> Home {
        Home::One("hold_static")
    }
    fn judge(&self, runs: &[&Recording]) -> Outcome {
        let runs = match applicable(runs, window) {
            Ok(v) => v,
            Err(na) => return na,
        };
        let mut ok = true;
        let mut said = Vec::new();
        for (r, w) in &runs {
            let found = measure(r, *w);
            let (g, b) = (worst_per_5s(&found.commits), worst_per_5s(&found.reposts));
            let nc: usize = found.commits.values().map(Vec::len).sum();
            let nr: usize = found.reposts.values().map(Vec::len).sum();
            if found.moving {
                let sides = worst_per_5s(&found.sides);
                let ns: usize = found.sides.values().map(Vec::len).sum();
                let back = worst_per_5s(&found.returns);
                let nb: usize = found.returns.values().map(Vec::len).sum();
                ok &= sides <= 1 && back <= 1;
                said.push(format!(
                    "mobs, after 3 s: blades max {sides} side change(s) per contact/5 s ({ns} in all, {} contacts), max {back} return(s) per agent/5 s ({nb} in all); shown: gunners max {g} commit(s)/5 s ({nc}), blades max {b} post change(s)/5 s ({nr})",
                    found.sides.len(),
                ));
            } else {
                ok &= g <= 1 && b <= 1;
                said.push(format!(
                    "after 3 s: gunners max {g} commit(s)/5 s ({nc} in all), blades max {b} re-post(s)/5 s ({nr} in all)"
                ));
            }
        }
        Outcome::judged(ok, said.join("; "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accept::testkit::*;
    use sim::Vec2;

    #[test]
    fn a4_passes_on_hold_static() {
        assert_pass(&A4, embedded("hold_static"));
    }

    #[test]
    fn a4_fails_on_two_gunner_commits_within_5_s() {
        let mut r = copy("hold_static");
        let commit = EventKind::Commit {
            agent: 3,
            from: Vec2::new(33.7, 52.4),
            to: Vec2::new(33.0, 52.4),
        };
        push_event(&mut r, 400, commit.clone());
        push_event(&mut r, 600, commit);
        let m = assert_fail(&A4, &r);
        assert!(m.contains("gunners max 2"), "{m}");
    }

    #[test]
    fn a4_fails_on_a_blade_that_re_posts_twice_within_5_s() {
        let mut r = copy("hold_static");
        for f in &mut r.frames[500..700] {
            f.agents[0].post.x += 0.5;
        }
        // Moved at 500, moved back at 700: two re-posts in 3.3 s.
        let m = assert_fail(&A4, &r);
        assert!(m.contains("blades max 2"), "{m}");
    }

    #[test]
    fn a4_passes_on_march_hard_under_the_director() {
        let r = embedded("march_hard");
        assert_pass(&A4, r);
        assert!(judge(&A4, r).measured.starts_with("mobs"));
    }

    /// A blade in contact whose post swings round its enemy to another side and back,
    /// three times in 1.5 s (the fault: the side solver flapping within one fight).
    #[test]
    fn a4_fails_on_a_blade_that_flaps_between_sides_in_one_contact() {
        let mut r = copy("march_hard");
        // A second into the measured window (the still stretch after its first 3 s).
        let k0 = window(&r).expect("march_hard is judged").0 + 60;
        let b = r.frames[k0]
            .agents
            .iter()
            .position(|a| a.is_blade() && a.alive);
        let b = b.expect("a standing blade");
        let e = r.frames[k0..k0 + 90]
            .iter()
            .map(|f| {
                f.enemies
                    .iter()
                    .filter(|e| e.alive)
                    .map(|e| e.id)
                    .collect::<Vec<_>>()
            })
            .reduce(|x, y| x.into_iter().filter(|id| y.contains(id)).collect())
            .and_then(|ids| ids.first().copied())
            .expect("an enemy standing throughout");
        let gap = r.tuning.melee.standoff_gap;
        for (j, f) in r.frames[k0..k0 + 90].iter_mut().enumerate() {
            let blade = f.agents[b];
            let en = f.enemies.iter_mut().find(|x| x.id == e).unwrap();
            en.pos = blade.pos + Vec2::new(1.0, 0.0);
            let ring = en.radius + blade.radius + gap;
            let dir = if (j / 30) % 2 == 0 { -1.0 } else { 1.0 };
            f.agents[b].post = en.pos + Vec2::new(0.0, dir * ring);
        }
        let m = assert_fail(&A4, &r);
        assert!(m.contains("max 2 side change(s) per contact"), "{m}");
        assert!(m.contains("max 1 return(s)"), "{m}");
    }

    /// A gunner committing A → B → A → B within 3 s: two returns (the fault: the
    /// solver dithering between two posts under mobs).
    #[test]
    fn a4_fails_on_a_gunner_that_commits_back_and_forth_under_mobs() {
        let mut r = copy("march_hard");
        let (a, b) = (Vec2::new(40.0, 48.0), Vec2::new(41.5, 48.0));
        let k0 = window(&r).expect("march_hard is judged").0 + 60;
        for (j, k) in [k0, k0 + 60, k0 + 120].into_iter().enumerate() {
            let (from, to) = if j % 2 == 0 { (a, b) } else { (b, a) };
            push_event(&mut r, k, EventKind::Commit { agent: 3, from, to });
        }
        let m = assert_fail(&A4, &r);
        assert!(m.contains("max 2 return(s) per agent"), "{m}");
    }

    /// A blade's post that rides a walking enemy (one side, every tick a new place) is
    /// no side change: only the side counts.
    #[test]
    fn a4_does_not_count_a_post_riding_its_enemy() {
        let mut r = copy("march_hard");
        // A second into the measured window (the still stretch after its first 3 s).
        let k0 = window(&r).expect("march_hard is judged").0 + 60;
        let b = r.frames[k0]
            .agents
            .iter()
            .position(|a| a.is_blade() && a.alive);
        let b = b.expect("a standing blade");
        let e = r.frames[k0].enemies.iter().find(|e| e.alive).unwrap().id;
        let gap = r.tuning.melee.standoff_gap;
        let found_before = measure(&r, window(&r).unwrap()).sides.len();
        for (j, f) in r.frames[k0..k0 + 60].iter_mut().enumerate() {
            let blade = f.agents[b];
            let Some(en) = f.enemies.iter_mut().find(|x| x.id == e && x.alive) else {
                continue;
            };
            en.pos = blade.pos + Vec2::new(1.0, 0.02 * j as f32);
            let ring = en.radius + blade.radius + gap;
            f.agents[b].post = en.pos + Vec2::new(-ring, 0.0);
        }
        let found = measure(&r, window(&r).unwrap());
        assert_eq!(found.sides.len(), found_before);
    }

    #[test]
    fn a4_is_not_applicable_on_the_route() {
        let m = assert_na(&A4, embedded("combat_route"));
        assert!(m.contains("waves"), "{m}");
    }
}
