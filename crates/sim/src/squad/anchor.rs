//! Squad state, formation presets and the anchor with its elastic leash (S3). The
//! squad's step with them is [`crate::squad::march`].

use crate::core::geom::Vec2;
use crate::tuning::{Tuning, DT};
use serde::{Deserialize, Serialize};

/// Shared by all agents (S3.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SquadState {
    /// There is movement input.
    Advancing,
    /// No movement input for `hold_delay`: gunners stand at their posts, the solver works.
    Holding,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Formation {
    Wedge,
    Line,
    Ring,
}

impl Formation {
    pub fn parse(s: &str) -> Option<Formation> {
        match s {
            "wedge" => Some(Formation::Wedge),
            "line" => Some(Formation::Line),
            "ring" => Some(Formation::Ring),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Formation::Wedge => "wedge",
            Formation::Line => "line",
            Formation::Ring => "ring",
        }
    }

    /// Slot `i` of `n` in local coordinates (x forward, y right), before spacing.
    /// The first `melee_count` slots hold the blades: in the wedge the tip and the left
    /// flank, who meet the enemy first (S3.4).
    pub fn local_slot(self, i: usize, n: usize) -> Vec2 {
        match self {
            Formation::Wedge => {
                const WEDGE: [(f32, f32); 5] = [
                    (1.0, 0.0),
                    (0.0, -1.1),
                    (0.0, 1.1),
                    (-1.0, -1.7),
                    (-1.0, 1.7),
                ];
                match WEDGE.get(i) {
                    Some(&(x, y)) => Vec2::new(x, y),
                    // Extra agents trail behind the wedge in pairs.
                    None => {
                        let k = (i - WEDGE.len()) as f32;
                        Vec2::new(
                            -2.0 - (k / 2.0).floor(),
                            if i.is_multiple_of(2) { 0.8 } else { -0.8 },
                        )
                    }
                }
            }
            Formation::Line => {
                // Blades in the middle pair, gunners at the centre and the ends.
                let order: [f32; 5] = [-0.6, 0.6, 0.0, -1.2, 1.2];
                let y = order
                    .get(i)
                    .copied()
                    .unwrap_or((i as f32 - n as f32 / 2.0) * 1.2);
                Vec2::new(0.0, y * 1.6)
            }
            Formation::Ring => {
                let a = std::f32::consts::TAU * i as f32 / n.max(1) as f32;
                Vec2::from_angle(a) * 1.5
            }
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Anchor {
    pub pos: Vec2,
    pub prev_pos: Vec2,
    /// Unit vector the formation faces: the last movement direction.
    pub heading: Vec2,
    /// Distance from the squad centre after this tick's move (the leash length).
    pub leash_dist: f32,
    /// 0..1 from `leash_dist` (S3.3).
    pub urgency: f32,
    /// Input stopped and the leash is relaxing toward `settle_distance`.
    pub settling: bool,
}

/// Urgency from the leash distance: 0 up to `urgency_start`, 1 at `leash_max`.
pub fn urgency_from_distance(d: f32, t: &Tuning) -> f32 {
    let a = &t.anchor;
    ((d - a.urgency_start) / (a.leash_max - a.urgency_start)).clamp(0.0, 1.0)
}

/// Speed factor of the disk moving away from the squad at leash distance `d`:
/// 1 up to `leash`, then linearly down to `1 - leash_drag` at `leash_max`.
pub fn leash_drag_factor(d: f32, t: &Tuning) -> f32 {
    let a = &t.anchor;
    let over = ((d - a.leash) / (a.leash_max - a.leash)).clamp(0.0, 1.0);
    1.0 - a.leash_drag * over
}

/// How far an agent `behind` units from its goal is into its catch-up: 0 up to
/// `catch_up_start`, 1 from `catch_up_start + catch_up_span` (the agent runs at the top
/// speed from there, and the squad waits for it: [`step_anchor`]'s `lag`).
pub fn straggler_lag(behind: f32, t: &Tuning) -> f32 {
    let m = &t.movement;
    ((behind - m.catch_up_start) / m.catch_up_span).clamp(0.0, 1.0)
}

/// Agent speed for an urgency: lerp(walk, fast) (S3.3).
pub fn squad_speed(urgency: f32, t: &Tuning) -> f32 {
    t.squad.walk_speed + (t.squad.fast_speed - t.squad.walk_speed) * urgency
}

/// One tick of the disk: move → drag → hard limit (wall collision is the caller's, it
/// needs the grid). `centre` is the squad centre (the leash's other end), `middle` the
/// centre of the smallest circle round the standing agents (where a released leash
/// settles: nobody ends up far from the disk); `dir` the unit input or zero; `lag` how
/// far the worst straggler is into its catch-up (0..1, see [`straggler_lag`]).
pub fn step_anchor(
    anchor: &mut Anchor,
    dir: Vec2,
    sprint: bool,
    centre: Vec2,
    middle: Vec2,
    lag: f32,
    t: &Tuning,
) {
    let a = &t.anchor;
    let speed = if sprint { a.sprint_speed } else { a.speed };
    if dir != Vec2::ZERO {
        anchor.settling = false;
        anchor.heading = dir;
        let mut step = dir * (speed * DT);
        let outward = anchor.pos - centre;
        if step.dot(outward) > 0.0 {
            // Drag only resists pulling away from the squad; turning back is free.
            let d = (anchor.pos + step).distance(centre);
            // A sprint (Shift) is the player's call and does not wait for anyone.
            let wait = if sprint {
                1.0
            } else {
                1.0 - a.straggler_wait * lag.clamp(0.0, 1.0)
            };
            step = step * (leash_drag_factor(d, t) * wait);
        }
        anchor.pos += step;
    } else if anchor.settling {
        // The stretched leash snaps back (`settle_speed`): within the hold delay the disk
        // is back in the middle of the squad, so the holding squad stands round it.
        let to_centre = middle - anchor.pos;
        let d = to_centre.length();
        if d > a.settle_distance {
            let move_len = (a.settle_speed * DT).min(d - a.settle_distance);
            anchor.pos += to_centre * (move_len / d);
        } else {
            anchor.settling = false;
        }
    }
    let off = anchor.pos - centre;
    let d = off.length();
    if d > a.leash_max {
        anchor.pos = centre + off * (a.leash_max / d);
    }
}

/// Centre of (nearly) the smallest circle round `points` (Bădoiu–Clarkson: step toward
/// the farthest point with a shrinking stride; 64 steps is within 2 % of the optimum for
/// a handful of points). Deterministic; `fallback` for no points.
pub fn smallest_circle_centre(points: &[Vec2], fallback: Vec2) -> Vec2 {
    let Some(&first) = points.first() else {
        return fallback;
    };
    let mut c = first;
    for i in 1..=64 {
        let far = points
            .iter()
            .copied()
            .max_by(|a, b| a.distance_sq(c).total_cmp(&b.distance_sq(c)))
            .unwrap_or(c);
        c += (far - c) / (i as f32 + 1.0);
    }
    c
}

/// The march equilibrium (S3.3) worked out from the tuning: holding one direction, the
/// disk outruns the squad until the leash drag slows it to the squad's speed,
/// `anchor_speed × drag(d) = lerp(walk, fast, urgency(d))`. The left side falls and the
/// right side rises with `d` past `leash`, so the root is unique; found by bisection
/// on `[leash, leash_max]`. Returns `(distance, urgency, squad speed)`. What the tests
/// hold the march to.
#[cfg(any(test, feature = "internals"))]
pub fn leash_equilibrium(t: &Tuning) -> (f32, f32, f32) {
    let f = |d: f32| {
        t.anchor.speed * leash_drag_factor(d, t) - squad_speed(urgency_from_distance(d, t), t)
    };
    let (mut lo, mut hi) = (t.anchor.leash, t.anchor.leash_max);
    if f(hi) > 0.0 {
        // The disk is faster than the squad even at the hard limit: it rides the limit.
        let u = urgency_from_distance(hi, t);
        return (hi, u, squad_speed(u, t));
    }
    for _ in 0..60 {
        let mid = 0.5 * (lo + hi);
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let d = 0.5 * (lo + hi);
    let u = urgency_from_distance(d, t);
    (d, u, squad_speed(u, t))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn march_equilibrium_sits_below_sprint_at() {
        let t = Tuning::default();
        let (d, u, v) = leash_equilibrium(&t);
        // Worked out in docs/core.md: 3.3 (1 − 0.75 (d − 2.4) / 1.2) = 1.75 + 0.95 (d − 2) / 1.6.
        assert!((d - 2.894).abs() < 0.005, "d = {d}");
        assert!((u - 0.559).abs() < 0.005, "u = {u}");
        assert!((v - 2.28).abs() < 0.01, "v = {v}");
        assert!(u < t.anchor.sprint_at);
        assert!((0.5..=0.6).contains(&u));
    }

    #[test]
    fn smallest_circle_centre_is_the_middle_of_the_spread() {
        let pts = [
            Vec2::new(0.0, 0.0),
            Vec2::new(4.0, 0.0),
            Vec2::new(2.0, 0.5),
            Vec2::new(1.0, -0.5),
        ];
        let c = smallest_circle_centre(&pts, Vec2::ZERO);
        let r = pts.iter().map(|p| p.distance(c)).fold(0.0, f32::max);
        assert!(r < 2.05, "radius {r} (optimum 2.0)");
        assert_eq!(
            smallest_circle_centre(&[], Vec2::new(1.0, 2.0)),
            Vec2::new(1.0, 2.0)
        );
    }

    #[test]
    fn drag_leaves_a_quarter_of_the_speed_at_the_hard_limit() {
        let t = Tuning::default();
        assert_eq!(leash_drag_factor(1.0, &t), 1.0);
        assert_eq!(leash_drag_factor(2.4, &t), 1.0);
        assert!((leash_drag_factor(3.6, &t) - 0.25).abs() < 1e-6);
        assert!((leash_drag_factor(3.0, &t) - 0.625).abs() < 1e-6);
    }

    #[test]
    fn urgency_rises_from_start_to_hard_limit() {
        let t = Tuning::default();
        assert_eq!(urgency_from_distance(1.0, &t), 0.0);
        assert_eq!(urgency_from_distance(3.6, &t), 1.0);
        assert!((urgency_from_distance(2.8, &t) - 0.5).abs() < 1e-6);
    }

    #[test]
    fn the_disk_waits_for_a_straggler_but_not_in_a_sprint() {
        let t = Tuning::default();
        let step = |lag: f32, sprint: bool| {
            let mut a = Anchor {
                pos: Vec2::new(1.0, 0.0),
                prev_pos: Vec2::ZERO,
                heading: Vec2::new(1.0, 0.0),
                leash_dist: 0.0,
                urgency: 0.0,
                settling: false,
            };
            step_anchor(
                &mut a,
                Vec2::new(1.0, 0.0),
                sprint,
                Vec2::ZERO,
                Vec2::ZERO,
                lag,
                &t,
            );
            a.pos.x - 1.0
        };
        let free = step(0.0, false);
        assert!((free - t.anchor.speed * DT).abs() < 1e-6);
        // A straggler fully into its catch-up: `1 - straggler_wait` of the speed is left.
        let waiting = step(1.0, false);
        assert!((waiting - free * (1.0 - t.anchor.straggler_wait)).abs() < 1e-6);
        assert!((step(0.5, false) - free * (1.0 - 0.5 * t.anchor.straggler_wait)).abs() < 1e-6);
        // Shift is the player's call.
        assert!((step(1.0, true) - t.anchor.sprint_speed * DT).abs() < 1e-6);
        // The lag ramps over the catch-up span: 0 up to its start, 1 a span later.
        let m = &t.movement;
        assert_eq!(straggler_lag(m.catch_up_start, &t), 0.0);
        assert_eq!(straggler_lag(m.catch_up_start + m.catch_up_span, &t), 1.0);
    }

    #[test]
    fn hard_limit_stops_the_disk() {
        let t = Tuning::default();
        let mut a = Anchor {
            pos: Vec2::new(3.59, 0.0),
            prev_pos: Vec2::ZERO,
            heading: Vec2::new(1.0, 0.0),
            leash_dist: 0.0,
            urgency: 0.0,
            settling: false,
        };
        for _ in 0..60 {
            step_anchor(
                &mut a,
                Vec2::new(1.0, 0.0),
                true,
                Vec2::ZERO,
                Vec2::ZERO,
                0.0,
                &t,
            );
        }
        assert!(a.pos.length() <= 3.6 + 1e-5);
    }

    #[test]
    fn blades_hold_wedge_tip_and_left_flank() {
        let tip = Formation::Wedge.local_slot(0, 5);
        let left = Formation::Wedge.local_slot(1, 5);
        assert!(tip.x > 0.0 && tip.y == 0.0);
        assert!(left.y < 0.0);
        let r = Formation::Ring.local_slot(3, 5).length();
        assert!((r - 1.5).abs() < 1e-5);
    }
}
