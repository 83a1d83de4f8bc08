//! Generic rows, judged on every scenario: bodies stay on the map and out of walls,
//! and every position is a number (REQ §19: no NaN, no agent inside a wall or outside
//! the map).
//!
//! - **G1**: no agent (standing or fallen) and no live enemy has its centre inside a wall
//!   tile or outside the map, at any tick; and no standing agent's or live enemy's circle
//!   sinks into a wall tile (or past the map's edge) by more than [`MAX_WALL_OVERLAP`].
//! - **G2**: every position (agents, enemies, bullets, the anchor), agent velocity, the
//!   leash and the urgency are finite at every tick.
//!
//! Preconditions: none beyond a tick run.

use std::collections::BTreeSet;

use sim::read::{Grid, Vec2};

use super::criterion::{Criterion, Home, Outcome};
use super::record::Recording;

pub struct InBounds;

/// How far a body's circle may overlap a wall tile: `resolve_walls` leaves none, so this
/// is float slack and the odd contact push of a crowd within the tick, not a body in a
/// wall (issue 20: centres alone let a body sink in by its radius).
pub const MAX_WALL_OVERLAP: f32 = 0.05;

/// How deep a circle at `c` of radius `r` reaches into the wall tiles (and the outside
/// of the map) round it: `r` minus its distance to the nearest such tile, 0 when clear.
/// The accept module's own geometry, not the simulation's.
pub fn wall_overlap(grid: &Grid, c: Vec2, r: f32) -> f32 {
    let (x0, y0) = ((c.x - r).floor() as i32 - 1, (c.y - r).floor() as i32 - 1);
    let (x1, y1) = ((c.x + r).floor() as i32 + 1, (c.y + r).floor() as i32 + 1);
    let mut deepest = 0.0f32;
    for ty in y0..=y1 {
        for tx in x0..=x1 {
            if !grid.is_wall(tx, ty) {
                continue;
            }
            // Distance from the centre to the tile's square [tx, tx+1] × [ty, ty+1].
            let dx = (tx as f32 - c.x).max(c.x - (tx + 1) as f32).max(0.0);
            let dy = (ty as f32 - c.y).max(c.y - (ty + 1) as f32).max(0.0);
            deepest = deepest.max(r - (dx * dx + dy * dy).sqrt());
        }
    }
    deepest
}
pub struct Finite;

fn ticks_run(runs: &[&Recording]) -> usize {
    runs.iter().map(|r| r.ticks_run()).sum()
}

impl Criterion for InBounds {
    fn id(&self) -> &'static str {
        "G1"
    }
    fn threshold(&self) -> &'static str {
        "0 centres in walls or off the map, wall overlap <= 0.05"
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
        // The deepest circle–wall overlap: (depth, where).
        let mut deepest: (f32, String) = (0.0, String::new());
        let mut sunk = 0usize;
        let mut overlap = |depth: f32, what: String| {
            if depth > MAX_WALL_OVERLAP {
                sunk += 1;
            }
            if depth > deepest.0 {
                deepest = (depth, what);
            }
        };
        let (mut agents, mut enemies) = (BTreeSet::new(), BTreeSet::new());
        for r in runs {
            let grid = &r.map.grid;
            for (k, f) in r.frames.iter().enumerate() {
                for a in &f.agents {
                    bodies += 1;
                    if a.alive {
                        overlap(wall_overlap(grid, a.pos, a.radius), {
                            let n = &r.name;
                            format!("agent {} at tick {k} of {n}", a.id)
                        });
                    }
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
                    overlap(wall_overlap(grid, e.pos, e.radius), {
                        let n = &r.name;
                        format!("enemy {} at tick {k} of {n}", e.id)
                    });
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
        let deepest_text = if deepest.0 > 0.0 {
            format!("deepest wall overlap {:.3} ({})", deepest.0, deepest.1)
        } else {
            "no wall overlap".to_string()
        };
        Outcome::judged(
            bad.is_empty() && sunk == 0,
            format!(
                "{} of {bodies} body-ticks in a wall or off the map ({} agents, {} enemies){first}; \
                 {sunk} over {MAX_WALL_OVERLAP}, {deepest_text}",
                bad.len(),
                agents.len(),
                enemies.len()
            ),
        )
        .with_value(deepest.0 as f64, true)
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

    /// A body whose centre stays on the floor but whose circle sinks into a wall by 0.2:
    /// the centre test alone would pass it.
    #[test]
    fn g1_fails_on_a_body_sunk_into_a_wall_by_its_radius() {
        let mut r = copy("lane_free");
        let a = r.frames[40].agents[2];
        // Just east of a wall tile, mid-row (the rows above and below are 0.5 away, out
        // of the circle's reach): the circle reaches 0.2 into it, its centre on the floor.
        let g = &r.map.grid;
        let (x, y) = (1..g.height())
            .flat_map(|y| (1..g.width()).map(move |x| (x, y)))
            .find(|&(x, y)| !g.is_wall(x, y) && g.is_wall(x - 1, y))
            .expect("a floor tile east of a wall");
        let centre = Vec2::new(x as f32 + a.radius - 0.2, y as f32 + 0.5);
        assert!(!g.is_wall_at(centre));
        r.frames[40].agents[2].pos = centre;
        let m = assert_fail(&InBounds, &r);
        assert!(m.contains("0 of") && m.contains("1 over 0.05"), "{m}");
        assert!(m.contains("deepest wall overlap 0.200"), "{m}");
    }

    #[test]
    fn wall_overlap_is_the_depth_into_the_nearest_wall_tile() {
        let g = Grid::open_with_border(8, 8);
        assert_eq!(wall_overlap(&g, Vec2::new(4.0, 4.0), 0.3), 0.0);
        let d = wall_overlap(&g, Vec2::new(1.2, 4.5), 0.3);
        assert!((d - 0.1).abs() < 1e-5, "{d}");
        // A lone wall tile met at its corner: the diagonal distance.
        let mut g = Grid::open_with_border(8, 8);
        g.set_wall(4, 4, true);
        let d = wall_overlap(&g, Vec2::new(3.9, 3.9), 0.3);
        assert!((d - (0.3 - 0.02f32.sqrt())).abs() < 1e-5, "{d}");
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
