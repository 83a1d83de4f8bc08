//! A8: no bullet travels past its verified segment (all scenarios).
//!
//! The allowed segment of every bullet is rebuilt from its `Shot` event — the muzzle,
//! the aim point, and the radius of the target the shot named — and every recorded
//! position of the bullet, tick by tick, and the point where it hit something, must lie
//! on that segment: not behind the muzzle, not beside the line, not farther than
//! `|aim − muzzle| + target radius`. The segment itself must start at the shooter's
//! muzzle: `muzzle_offset` from the gunner toward the aim point.
//!
//! Preconditions: at least one shot.

use std::collections::BTreeMap;

use sim::read::EventKind;
use sim::Vec2;

use super::criterion::{applicable, Criterion, Home, Outcome};
use super::record::Frame;
use super::record::Recording;

pub struct A8;

/// Float slack of a position on its segment, units.
pub const EPS: f32 = 1e-3;

#[derive(Clone, Copy, Debug)]
struct Segment {
    shooter: u32,
    muzzle: Vec2,
    dir: Vec2,
    len: f32,
}

impl Segment {
    /// How far `p` lies outside the segment (0 on it).
    fn excess(&self, p: Vec2) -> f32 {
        let off = p - self.muzzle;
        let along = off.dot(self.dir);
        let beside = off.cross(self.dir).abs();
        (along - self.len).max(-along).max(0.0).max(beside)
    }
}

#[derive(Default, Debug)]
struct Found {
    shots: usize,
    positions: usize,
    hit_points: usize,
    /// `(tick, what)` of every position off its segment.
    beyond: Vec<(usize, String)>,
    /// Bullets with no `Shot` to rebuild their segment from.
    unmatched: Vec<(usize, u32)>,
    /// Shots whose muzzle is not where the shooter's barrel is.
    bad_muzzle: Vec<(usize, u32)>,
}

/// The radius of the target a shot named: from this tick, else the tick before (a target
/// killed by the shot is gone after the tick), else the largest body radius.
pub fn target_radius(r: &Recording, f: &Frame, prev: &Frame, target: u32) -> f32 {
    f.enemy(target)
        .or_else(|| prev.enemy(target))
        .map(|e| e.radius)
        .unwrap_or_else(|| {
            let e = &r.tuning.enemy;
            [
                e.shambler.radius,
                e.runner.radius,
                e.brute.radius,
                e.dummy_radius,
            ]
            .into_iter()
            .fold(0.0, f32::max)
        })
}

fn measure(r: &Recording) -> Found {
    let mut found = Found::default();
    let mut flights: BTreeMap<u32, Segment> = BTreeMap::new();
    for k in 1..r.frames.len() {
        let (prev, f) = (&r.frames[k - 1], &r.frames[k]);
        // This tick's shots, by the bullet each one names.
        let mut fired: BTreeMap<u32, Segment> = BTreeMap::new();
        for e in f.kinds() {
            if let EventKind::Shot {
                shooter,
                bullet,
                target,
                muzzle,
                aim,
            } = e
            {
                found.shots += 1;
                let seg = Segment {
                    shooter: *shooter,
                    muzzle: *muzzle,
                    dir: (*aim - *muzzle).normalize_or_zero(),
                    len: aim.distance(*muzzle) + target_radius(r, f, prev, *target),
                };
                let g = f.agents[*shooter as usize].pos;
                let want = g + (*aim - g).normalize_or_zero() * r.tuning.lane.muzzle_offset;
                if want.distance(*muzzle) > EPS {
                    found.bad_muzzle.push((k, *shooter));
                }
                fired.insert(*bullet, seg);
            }
        }
        // New bullets take the segment of the shot that named them this tick.
        for b in &f.bullets {
            if flights.contains_key(&b.id) {
                continue;
            }
            match fired.remove(&b.id) {
                Some(seg) => {
                    flights.insert(b.id, seg);
                }
                None => found.unmatched.push((k, b.id)),
            }
        }
        // Bullets that ended this tick: the ones gone, and shots whose bullet hit on
        // the tick it was fired.
        let mut ended: Vec<Segment> = fired.into_values().collect();
        flights.retain(|id, seg| {
            let alive = f.bullets.iter().any(|b| b.id == *id);
            if !alive {
                ended.push(*seg);
            }
            alive
        });
        for b in &f.bullets {
            let Some(seg) = flights.get(&b.id) else {
                continue;
            };
            found.positions += 1;
            let x = seg.excess(b.pos);
            if x > EPS {
                found
                    .beyond
                    .push((k, format!("bullet {} {x:.3} off its segment", b.id)));
            }
        }
        for e in f.kinds() {
            let (shooter, pos) = match e {
                EventKind::EnemyHit { shooter, pos, .. } => (Some(*shooter), *pos),
                EventKind::FriendlyHit {
                    shooter,
                    pos,
                    melee: false,
                    ..
                } => (Some(*shooter), *pos),
                EventKind::BulletHitWall { pos } => (None, *pos),
                _ => continue,
            };
            found.hit_points += 1;
            let x = ended
                .iter()
                .filter(|s| shooter.is_none_or(|g| g == s.shooter))
                .map(|s| s.excess(pos))
                .fold(f32::INFINITY, f32::min);
            if x > EPS {
                found
                    .beyond
                    .push((k, format!("hit point {x:.3} off every ended segment")));
            }
        }
    }
    found
}

impl Criterion for A8 {
    fn id(&self) -> &'static str {
        "A8"
    }
    fn threshold(&self) -> &'static str {
        "= 0"
    }
    fn home(&self) -> Home {
        Home::Every
    }
    fn judge(&self, runs: &[&Recording]) -> Outcome {
        let runs = match applicable(runs, |r| {
            let f = measure(r);
            if f.shots == 0 {
                Err("no shot fired".to_string())
            } else {
                Ok(f)
            }
        }) {
            Ok(v) => v,
            Err(na) => return na,
        };
        let sum = |g: fn(&Found) -> usize| runs.iter().map(|(_, f)| g(f)).sum::<usize>();
        let shots = sum(|f| f.shots);
        let positions = sum(|f| f.positions);
        let hits = sum(|f| f.hit_points);
        let beyond = sum(|f| f.beyond.len());
        let unmatched = sum(|f| f.unmatched.len());
        let muzzle = sum(|f| f.bad_muzzle.len());
        let first = runs
            .iter()
            .find_map(|(r, f)| {
                f.beyond
                    .first()
                    .map(|(k, w)| format!(" (first: {} tick {k}: {w})", r.name))
            })
            .unwrap_or_default();
        Outcome::judged(
            beyond + unmatched + muzzle == 0,
            format!(
                "violations {beyond} over {shots} shots, {positions} positions, {hits} hit points; {unmatched} bullets without a shot, {muzzle} muzzles off the barrel{first}"
            ),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accept::testkit::*;

    #[test]
    fn a8_passes_on_every_embedded_scenario() {
        for (name, _) in sim::content::SCENARIOS {
            assert_pass(&A8, embedded(name));
        }
    }

    /// A bullet seen past the end of the segment its shot verified: 0.05 behind the
    /// target's far side.
    #[test]
    fn a8_fails_on_a_bullet_past_its_segment() {
        let mut r = copy("lane_free");
        let k = r.frames.iter().position(|f| !f.bullets.is_empty()).unwrap();
        let b = r.frames[k].bullets[0];
        let (target, muzzle, aim) = r.frames[k]
            .kinds()
            .find_map(|e| match e {
                EventKind::Shot {
                    bullet,
                    target,
                    muzzle,
                    aim,
                    ..
                } if *bullet == b.id => Some((*target, *muzzle, *aim)),
                _ => None,
            })
            .unwrap();
        let radius = r.frames[k].enemy(target).unwrap().radius;
        let dir = (aim - muzzle).normalize_or_zero();
        r.frames[k].bullets[0].pos = aim + dir * (radius + 0.05);
        assert_pass(&A8, embedded("lane_free"));
        let m = assert_fail(&A8, &r);
        assert!(m.contains("violations 1 "), "{m}");
    }

    /// A bullet given a longer segment than it verified: its shot says it aimed short.
    #[test]
    fn a8_fails_when_the_shot_verified_a_shorter_segment() {
        let mut r = copy("lane_free");
        let k = first_frame(&r, |e| matches!(e, EventKind::Shot { .. })).unwrap();
        for ev in &mut r.frames[k].events {
            if let EventKind::Shot { muzzle, aim, .. } = &mut ev.kind {
                *aim = *muzzle + (*aim - *muzzle) * 0.3;
            }
        }
        assert_fail(&A8, &r);
    }

    #[test]
    fn a8_fails_on_a_bullet_beside_its_line() {
        let mut r = copy("hold_static");
        let k = r.frames.iter().position(|f| !f.bullets.is_empty()).unwrap();
        r.frames[k].bullets[0].pos.y += 0.05;
        assert_fail(&A8, &r);
    }

    #[test]
    fn a8_fails_on_a_hit_point_off_the_segment() {
        let mut r = copy("hold_static");
        let k = first_frame(&r, |e| matches!(e, EventKind::EnemyHit { .. })).unwrap();
        for ev in &mut r.frames[k].events {
            if let EventKind::EnemyHit { pos, .. } = &mut ev.kind {
                pos.x += 1.0;
                pos.y += 1.0;
            }
        }
        assert_fail(&A8, &r);
    }

    #[test]
    fn a8_is_not_applicable_without_shots() {
        let mut r = copy("lane_free");
        drop_events(&mut r, |e| matches!(e, EventKind::Shot { .. }));
        for f in &mut r.frames {
            f.bullets.clear();
        }
        assert_na(&A8, &r);
    }
}
