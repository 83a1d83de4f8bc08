//! K3: no stalker enters a burning flare's light (REQ K3 with T2).
//!
//! Measured from the recording, the flare's light worked out here, not read from the
//! simulation: a flare is thrown at the `to` its `FlareThrown` event names, flies, and
//! burns from the first frame it stands there; for the `[tools]` tuning's burn its
//! light has the radius `flare_light`, shrinking to nothing over the fade's last
//! seconds (`flare_fade`). On every frame every standing stalker's centre must be at
//! least that radius from every burning flare. Reported: the closest a stalker came to
//! a burning flare's edge (the distance less the radius, negative inside it) and the
//! stalker-frames judged (a stalker within 3 u of a light's edge).
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

#[derive(Debug, Default)]
struct Found {
    /// The least (distance − radius) on a judged stalker-frame.
    closest: f32,
    judged: usize,
    inside: Vec<String>,
    at: Option<(usize, Vec2)>,
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
                if lit.is_none() && s.pos == *to {
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
    let flares = burning_from(r);
    let mut found = Found {
        closest: f32::INFINITY,
        ..Found::default()
    };
    for (k, f) in r.frames.iter().enumerate() {
        for s in &f.flares {
            let Some(&(to, Some(from))) = flares.get(&s.id) else {
                continue;
            };
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
                if edge < found.closest {
                    found.closest = edge;
                    found.at = Some((k, e.pos));
                }
                if edge < 0.0 {
                    found.inside.push(format!(
                        "stalker {} {:.2} inside flare {}'s light at tick {k}",
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
        let first = inside
            .first()
            .map(|s| format!(" (first: {s})"))
            .unwrap_or_default();
        let mut o = Outcome::judged(
            inside.is_empty(),
            format!(
                "closest {closest:.2} u from a light's edge over {judged} stalker-ticks near one, {} inside{first}",
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

    #[test]
    fn k3_is_not_applicable_without_a_flare() {
        let m = assert_na(&K3, embedded("stalkers"));
        assert!(m.contains("no stalker came within"), "{m}");
    }
}
