//! K3: no stalker enters a burning flare's light (REQ K3 with T2).
//!
//! Measured from the recording, the flare's light worked out here, not read from the
//! simulation: a flare is thrown at the `to` its `FlareThrown` event names, flies, and
//! burns from the first frame it stands there (within [`LANDED`]: the landing step's
//! arithmetic may leave the last ulp); for the `[tools]` tuning's burn its
//! light has the radius `flare_light`, shrinking to nothing over the fade's last
//! seconds (`flare_fade`). On every frame every standing stalker's centre must be at
//! least that radius from every burning flare — save one thing the stalker did not do:
//! a flare that bursts round a stalker (thrown at it), or just ahead of one at its run,
//! finds it on the light's first frame inside or nearer the edge than it can stop in
//! (its top speed's braking distance at its kind's acceleration, plus two ticks at its
//! run: the simulation's light test reads a landing a tick late). Such a stalker is
//! *caught*, not entering, and may stand inside while it walks out: no deeper than that
//! stopping distance past where it was found, for that depth at its top speed plus
//! [`CAUGHT_GRACE`], and only until it is first outside again. Reported: the closest a
//! stalker came to a burning flare's edge, a caught one's walk out aside (the distance
//! less the radius, negative inside it), the stalker-frames judged (a stalker within
//! 3 u of a light's edge), and the caught stalkers that were inside, with their frames
//! inside.
//!
//! Preconditions: a flare burned with a stalker within 3 u of its light's edge.

use std::collections::BTreeMap;

use sim::read::{EnemyKind, EventKind};
use sim::tuning::ticks;
use sim::Vec2;

use super::criterion::{applicable, Criterion, Home, Outcome};
use super::record::Recording;

pub struct K3;

/// A stalker this close to a light's edge is judged (it came for the squad past it).
pub const NEAR: f32 = 3.0;

/// A flare within this of its throw's target has landed.
pub const LANDED: f32 = 1e-3;

/// A caught stalker's time to walk out beyond the depth at its top speed, seconds: its
/// turn and the start from wherever it was going (T2's acceleration), with room.
pub const CAUGHT_GRACE: f32 = 0.5;

#[derive(Debug, Default)]
struct Found {
    /// The least (distance − radius) on a judged stalker-frame.
    closest: f32,
    judged: usize,
    inside: Vec<String>,
    at: Option<(usize, Vec2)>,
    /// Stalkers caught by a light's first frame that were inside it, and the frames they
    /// stood inside walking out.
    caught: usize,
    caught_frames: usize,
}

/// A stalker a flare's light caught on its first frame, by (flare, stalker).
struct Caught {
    /// The last frame it may still stand inside.
    until: usize,
    /// The deepest it may stand.
    deepest: f32,
    /// It has been inside (one found just outside on the landing may come in first).
    been_in: bool,
}

/// Each flare's landing point and the frame it began to burn (`None` while it flies).
fn burning_from(r: &Recording) -> BTreeMap<u32, (Vec2, Option<usize>)> {
    let mut flares = BTreeMap::new();
    for (k, f) in r.frames.iter().enumerate() {
        for e in &f.events {
            if let EventKind::FlareThrown { flare, to, .. } = e.kind {
                flares.insert(flare, (to, None));
            }
        }
        for s in &f.flares {
            if let Some((to, lit)) = flares.get_mut(&s.id) {
                if lit.is_none() && s.pos.distance(*to) <= LANDED {
                    *lit = Some(k);
                }
            }
        }
    }
    flares
}

fn measure(r: &Recording) -> Found {
    let t = &r.tuning.tools;
    let (burn, fade) = (ticks(t.flare_burn).max(1), ticks(t.flare_fade));
    let kt = &r.tuning.enemy.stalker;
    let speed = kt.speed.max(1e-3);
    // How far past a light's edge a stalker at its run may come before it stops: two
    // ticks at the run (the light is read a tick after the landing, the step is
    // taken), then braking at its acceleration.
    let stop = speed * speed / (2.0 * kt.accel.max(1e-3)) + 2.0 * speed * sim::tuning::DT;
    let flares = burning_from(r);
    let mut found = Found {
        closest: f32::INFINITY,
        ..Found::default()
    };
    let mut caught: BTreeMap<(u32, u32), Caught> = BTreeMap::new();
    for (k, f) in r.frames.iter().enumerate() {
        for s in &f.flares {
            let Some(&(to, Some(from))) = flares.get(&s.id) else {
                continue;
            };
            if k < from {
                // Still in flight: no light yet (the frame before the landing once got
                // the whole light, its burn count wrapping round).
                continue;
            }
            // Burn ticks left after this frame, as the tuning times it.
            let left = (burn as usize).saturating_sub(k - from + 1) as u32;
            let glow = if left >= fade || fade == 0 {
                1.0
            } else {
                left as f32 / fade as f32
            };
            let radius = t.flare_light * glow;
            if radius <= 0.0 {
                continue;
            }
            for e in f
                .enemies
                .iter()
                .filter(|e| e.alive && e.kind == EnemyKind::Stalker)
            {
                let edge = e.pos.distance(to) - radius;
                if edge > NEAR {
                    continue;
                }
                found.judged += 1;
                let key = (s.id, e.id);
                if k == from && edge < stop {
                    // Found `edge` from it (negative inside): it may come `stop` further.
                    let deepest = stop - edge;
                    let out = deepest / speed + CAUGHT_GRACE;
                    let until = k + ticks(out) as usize;
                    caught.insert(
                        key,
                        Caught {
                            until,
                            deepest,
                            been_in: false,
                        },
                    );
                }
                if edge >= 0.0 {
                    // Out after it was in: from here on it is judged as any other.
                    if caught.get(&key).is_some_and(|c| c.been_in) {
                        caught.remove(&key);
                    }
                } else if let Some(c) = caught
                    .get_mut(&key)
                    .filter(|c| k <= c.until && -edge <= c.deepest)
                {
                    found.caught += usize::from(!c.been_in);
                    c.been_in = true;
                    found.caught_frames += 1;
                    continue;
                }
                if edge < found.closest {
                    found.closest = edge;
                    found.at = Some((k, e.pos));
                }
                if edge < 0.0 {
                    let how = if caught.contains_key(&key) {
                        "still "
                    } else {
                        ""
                    };
                    found.inside.push(format!(
                        "stalker {} {how}{:.2} inside flare {}'s light at tick {k}",
                        e.id, -edge, s.id
                    ));
                }
            }
        }
    }
    found
}

impl Criterion for K3 {
    fn id(&self) -> &'static str {
        "K3"
    }
    fn threshold(&self) -> &'static str {
        "no stalker inside a burning flare's light"
    }
    fn home(&self) -> Home {
        Home::One("flare_stalkers")
    }
    fn judge(&self, runs: &[&Recording]) -> Outcome {
        let runs = match applicable(runs, |r| {
            let f = measure(r);
            if f.judged == 0 {
                Err(format!(
                    "no stalker came within {NEAR} u of a burning flare's light"
                ))
            } else {
                Ok(f)
            }
        }) {
            Ok(v) => v,
            Err(na) => return na,
        };
        let inside: Vec<&String> = runs.iter().flat_map(|(_, f)| f.inside.iter()).collect();
        let closest = runs
            .iter()
            .map(|(_, f)| f.closest)
            .fold(f32::INFINITY, f32::min);
        let judged: usize = runs.iter().map(|(_, f)| f.judged).sum();
        let caught: usize = runs.iter().map(|(_, f)| f.caught).sum();
        let caught_frames: usize = runs.iter().map(|(_, f)| f.caught_frames).sum();
        let first = inside
            .first()
            .map(|s| format!(" (first: {s})"))
            .unwrap_or_default();
        let mut o = Outcome::judged(
            inside.is_empty(),
            format!(
                "closest {closest:.2} u from a light's edge over {judged} stalker-ticks near one, {} inside{first}; caught by a burst {caught} ({caught_frames} ticks walking out)",
                inside.len()
            ),
        );
        o.at = runs.iter().find_map(|(_, f)| f.at);
        o
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accept::testkit::*;

    #[test]
    fn k3_passes_on_the_flare_and_the_stalkers() {
        assert_pass(&K3, embedded("flare_stalkers"));
    }

    /// A stalker moved to a burning flare's centre on the frame it came closest.
    #[test]
    fn k3_fails_on_a_stalker_inside_the_light() {
        let mut r = copy("flare_stalkers");
        let found = measure(&r);
        let (k, pos) = found.at.expect("a stalker came near a flare");
        let flare = r.frames[k]
            .flares
            .iter()
            .map(|s| s.pos)
            .min_by(|a, b| a.distance(pos).total_cmp(&b.distance(pos)))
            .unwrap();
        let f = &mut r.frames[k];
        let i = f.enemies.iter().position(|e| e.pos == pos).unwrap();
        f.enemies[i].pos = flare + Vec2::new(0.5, 0.0);
        let m = assert_fail(&K3, &r);
        assert!(m.contains("1 inside"), "{m}");
    }

    /// The stalker id the tests add: past every id the run gave out.
    const ADDED: u32 = 999_999;

    /// A stalker added from a flare's first burning frame for `secs` seconds, walked by
    /// `depth(seconds since the landing)`: its distance from the flare, on one side. The
    /// copy, the flare's spot and its landing frame.
    fn caught_stalker(secs: f32, depth: impl Fn(f32) -> f32) -> (Recording, Vec2, usize) {
        let mut r = copy("flare_stalkers");
        let (to, from) = burning_from(&r)
            .into_values()
            .find_map(|(to, from)| Some((to, from?)))
            .expect("a flare burned");
        let like = r
            .frames
            .iter()
            .find_map(|f| f.enemies.iter().find(|e| e.kind == EnemyKind::Stalker))
            .copied()
            .expect("a stalker in the run");
        for k in from..from + ticks(secs) as usize {
            let mut e = like;
            e.id = ADDED;
            e.alive = true;
            e.pos = to + Vec2::new(0.0, 1.0) * depth((k - from) as f32 / 60.0);
            r.frames[k].enemies.push(e);
        }
        (r, to, from)
    }

    /// A flare bursts 1.5 u deep round a stalker, which walks straight out at its run:
    /// caught, not entering — PASS; the same stalker standing where the burst found it
    /// for 2 s fails, as does one walking out at a third of its run.
    #[test]
    fn k3_passes_a_stalker_caught_by_a_burst_only_while_it_walks_out() {
        let t = sim::tuning::Tuning::default();
        let (light, speed) = (t.tools.flare_light, t.enemy.stalker.speed);
        let start = light - 1.5;
        let (out, ..) = caught_stalker(3.0, |s| (start + speed * s).min(light + 2.0));
        assert_pass(&K3, &out);
        let m = judge(&K3, &out).measured;
        assert!(m.contains("caught by a burst 1 "), "{m}");
        let (stays, ..) = caught_stalker(2.0, |_| start);
        let m = assert_fail(&K3, &stays);
        assert!(m.contains("still 1.50 inside"), "{m}");
        let (slow, ..) = caught_stalker(3.0, |s| (start + speed / 3.0 * s).min(light + 2.0));
        assert_fail(&K3, &slow);
        // Found just outside the light at its run toward it, it may come in what it
        // stops in, not deeper, and walk out: 0.1 u out on the landing, 0.1 u in for a
        // quarter of a second, then out (PASS); 0.6 u in instead (FAIL).
        let edge = |inside: f32| {
            move |s: f32| match s {
                s if s < 0.05 => light + 0.1,
                s if s < 0.3 => light - inside,
                _ => light + 0.5,
            }
        };
        let (brakes, ..) = caught_stalker(1.0, edge(0.1));
        assert_pass(&K3, &brakes);
        let (dives, ..) = caught_stalker(1.0, edge(0.6));
        assert_fail(&K3, &dives);
    }

    /// The frame before the landing the flare still flies and gives no light: a stalker
    /// on its landing spot then is inside nothing (the judge once read that frame with
    /// the full light round the spot to come). The same spot half a second into the
    /// burn, the stalker 9 u off at the landing, fails.
    #[test]
    fn k3_gives_no_light_to_a_flare_still_in_flight() {
        let (mut r, to, from) = caught_stalker(3.0, |_| 9.0);
        let mut e = *r.frames[from].enemies.last().unwrap();
        assert_eq!(e.id, ADDED);
        e.pos = to;
        r.frames[from - 1].enemies.push(e);
        assert_pass(&K3, &r);
        let (r, ..) = caught_stalker(3.0, |s| if (s - 0.5).abs() < 0.01 { 0.0 } else { 9.0 });
        let m = assert_fail(&K3, &r);
        assert!(m.contains(&format!("stalker {ADDED} 5.00 inside")), "{m}");
    }

    #[test]
    fn k3_is_not_applicable_without_a_flare() {
        let m = assert_na(&K3, embedded("stalkers"));
        assert!(m.contains("no stalker came within"), "{m}");
    }
}
