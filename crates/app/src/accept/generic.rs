//! Generic rows, judged on every scenario: bodies stay on the map and out of walls,
//! and every position is a number (SPEC §19: no NaN, no agent inside a wall or outside
//! the map).
//!
//! - **G1**: no agent (standing or fallen) and no live enemy has its centre inside a wall
//!   tile or outside the map, at any tick.
//! - **G2**: every position (agents, enemies, bullets, the anchor), agent velocity, the
//!   leash and the urgency are finite at every tick.
//!
//! Preconditions: none beyond a tick run.

use std::collections::BTreeSet;

use super::criterion::{Criterion, Home, Outcome};
use super::record::Recording;

pub struct InBounds;
pub struct Finite;

fn ticks_run(runs: &[&Recording]) -> usize {
    runs.iter().map(|r| r.ticks_run()).sum()
}

impl Criterion for InBounds {
    fn id(&self) -> &'static str {
        "G1"
    }
    fn threshold(&self) -> &'static str {
        "0 centres in walls or off the map"
    }
    fn home(&self) -> Home {
        Home::Every
    }
    fn judge(&self, runs: &[&Recording]) -> Outcome {
        if ticks_run(runs) == 0 {
            return Outcome::na("no tick run");
        }
        let mut bad = Vec::new();
        let mut bodies = 0usize;
        let (mut agents, mut enemies) = (BTreeSet::new(), BTreeSet::new());
        for r in runs {
            let grid = &r.map.grid;
            for (k, f) in r.frames.iter().enumerate() {
                for a in &f.agents {
                    bodies += 1;
                    if grid.is_wall_at(a.pos) {
                        agents.insert((r.name.as_str(), a.id));
                        bad.push(format!(
                            "{} tick {k}: agent {} at ({:.2}, {:.2})",
                            r.name, a.id, a.pos.x, a.pos.y
                        ));
                    }
                }
                for e in f.enemies.iter().filter(|e| e.alive) {
                    bodies += 1;
                    if grid.is_wall_at(e.pos) {
                        enemies.insert((r.name.as_str(), e.id));
                        bad.push(format!(
                            "{} tick {k}: enemy {} at ({:.2}, {:.2})",
                            r.name, e.id, e.pos.x, e.pos.y
                        ));
                    }
                }
            }
        }
        let first = bad
            .first()
            .map(|s| format!(" (first: {s})"))
            .unwrap_or_default();
        Outcome::judged(
            bad.is_empty(),
            format!(
                "{} of {bodies} body-ticks in a wall or off the map ({} agents, {} enemies){first}",
                bad.len(),
                agents.len(),
                enemies.len()
            ),
        )
    }
}

impl Criterion for Finite {
    fn id(&self) -> &'static str {
        "G2"
    }
    fn threshold(&self) -> &'static str {
        "0 non-finite"
    }
    fn home(&self) -> Home {
        Home::Every
    }
    fn judge(&self, runs: &[&Recording]) -> Outcome {
        if ticks_run(runs) == 0 {
            return Outcome::na("no tick run");
        }
        let mut bad = Vec::new();
        let mut values = 0usize;
        for r in runs {
            for (k, f) in r.frames.iter().enumerate() {
                let mut check = |what: String, ok: bool| {
                    values += 1;
                    if !ok {
                        bad.push(format!("{} tick {k}: {what}", r.name));
                    }
                };
                check("anchor".into(), f.anchor.is_finite());
                check(
                    "leash/urgency".into(),
                    f.leash.is_finite() && f.urgency.is_finite(),
                );
                for a in &f.agents {
                    check(
                        format!("agent {}", a.id),
                        a.pos.is_finite() && a.vel.is_finite(),
                    );
                }
                for e in &f.enemies {
                    check(format!("enemy {}", e.id), e.pos.is_finite());
                }
                for b in &f.bullets {
                    check(format!("bullet {}", b.id), b.pos.is_finite());
                }
            }
        }
        let first = bad
            .first()
            .map(|s| format!(" (first: {s})"))
            .unwrap_or_default();
        Outcome::judged(
            bad.is_empty(),
            format!("{} of {values} values not finite{first}", bad.len()),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accept::testkit::*;
    use sim::Vec2;

    #[test]
    fn generic_rows_pass_on_the_route_and_the_set_pieces() {
        assert_pass(&Finite, embedded("combat_route"));
        // G1 on the route is a finding (enemies left inside wall tiles after a crowd
        // shoves them into a spawn pocket; docs/acceptance.md), judged by `--accept`.
        for name in [
            "hold_static",
            "lane_free",
            "intercept",
            "melee_cancel",
            "leash_march",
        ] {
            assert_pass(&InBounds, embedded(name));
            assert_pass(&Finite, embedded(name));
        }
    }

    #[test]
    fn g1_fails_on_a_body_pushed_into_a_wall() {
        let mut r = copy("lane_free");
        // (0.5, 0.5) is the map's corner wall tile.
        r.frames[50].agents[1].pos = Vec2::new(0.5, 0.5);
        let m = assert_fail(&InBounds, &r);
        assert!(m.contains("tick 50: agent 1"), "{m}");
    }

    #[test]
    fn g1_fails_on_an_enemy_off_the_map() {
        let mut r = copy("lane_free");
        r.frames[20].enemies[0].pos = Vec2::new(-3.0, 10.0);
        assert_fail(&InBounds, &r);
    }

    #[test]
    fn g2_fails_on_a_nan_position() {
        let mut r = copy("lane_free");
        r.frames[10].agents[3].pos.x = f32::NAN;
        let m = assert_fail(&Finite, &r);
        assert!(m.contains("agent 3"), "{m}");
    }

    #[test]
    fn generic_rows_are_not_applicable_without_ticks() {
        let mut r = copy("lane_free");
        r.frames.truncate(1);
        assert_na(&InBounds, &r);
        assert_na(&Finite, &r);
    }

    /// A broken world: a test hook puts agent 1 into the corner wall tile after tick 50.
    #[test]
    fn g1_fails_on_a_world_that_pushes_a_body_into_a_wall() {
        let r = broken(
            "lane_free",
            |w| {
                if w.tick() == 50 {
                    w.agent_mut(1).pos = Vec2::new(0.5, 0.5);
                }
            },
            None,
        );
        let m = assert_fail(&InBounds, &r);
        assert!(m.contains("tick 50: agent 1"), "{m}");
    }

    /// A broken world: an enemy's position made NaN after tick 30.
    #[test]
    fn g2_fails_on_a_world_with_a_nan_enemy() {
        let r = broken(
            "lane_free",
            |w| {
                if w.tick() == 30 {
                    w.enemies_mut()[0].pos.y = f32::NAN;
                }
            },
            None,
        );
        let m = assert_fail(&Finite, &r);
        assert!(m.contains("tick 30: enemy"), "{m}");
    }
}
