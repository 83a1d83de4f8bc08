//! Movement layers (S8): seek/arrive, separation, lane avoidance, target push, wall
//! avoidance with tangential slide; then speed clamp, `steer_accel`, integration and
//! collision. Each layer is a function returning a vector in units of "fraction of
//! max speed" (OpenSteer style); the caller weights and sums them.

use crate::core::geom::Vec2;
use crate::horde::enemy::Enemy;
use crate::space::grid::Grid;
use crate::squad::agent::Agent;
use crate::tuning::{Tuning, DT};

/// Layer 1: arrive at `goal` — full speed far away, braking linearly inside
/// `arrive_radius`.
pub fn seek(pos: Vec2, goal: Vec2, arrive_radius: f32) -> Vec2 {
    let to = goal - pos;
    let d = to.length();
    if d < 1e-4 {
        return Vec2::ZERO;
    }
    to * ((d / arrive_radius).min(1.0) / d)
}

/// Layer 2: away from allies closer than `radius`, stronger when closer.
pub fn separation(me: &Agent, agents: &[Agent], radius: f32) -> Vec2 {
    let mut f = Vec2::ZERO;
    for o in agents.iter().filter(|o| o.alive && o.id != me.id) {
        let off = me.pos - o.pos;
        let d = off.length();
        if d < radius {
            let away = if d > 1e-5 {
                off / d
            } else {
                tie_direction(me.id, o.id)
            };
            f += away * (1.0 - d / radius);
        }
    }
    f.clamp_length(1.0)
}

/// A fixed direction for two bodies on the same spot, different for each pair order.
fn tie_direction(a: u32, b: u32) -> Vec2 {
    if a < b {
        Vec2::new(1.0, 0.0)
    } else {
        Vec2::new(-1.0, 0.0)
    }
}

/// Layer 3′: enemies and targets are bodies, not empty space: agents closer than
/// contact + `range` are pushed off them.
pub fn target_push(me: &Agent, enemies: &[Enemy], range: f32) -> Vec2 {
    let mut f = Vec2::ZERO;
    for e in enemies.iter().filter(|e| e.alive) {
        let off = me.pos - e.pos;
        let d = off.length();
        let gap = d - me.radius - e.radius;
        if gap < range {
            let away = if d > 1e-5 {
                off / d
            } else {
                Vec2::new(1.0, 0.0)
            };
            f += away * (1.0 - gap.max(0.0) / range.max(1e-4)).min(1.0);
        }
    }
    f.clamp_length(1.0)
}

/// Layer 4: away from walls closer than `range` to the body surface, plus a tangential
/// slide along the wall toward `goal` when the wall stands between (without it seek and
/// the push cancel and the agent sticks in the wall's shadow).
pub fn wall_avoidance(pos: Vec2, radius: f32, goal: Vec2, grid: &Grid, range: f32) -> Vec2 {
    let reach = radius + range;
    let (x0, y0) = Grid::tile_of(pos - Vec2::new(reach, reach));
    let (x1, y1) = Grid::tile_of(pos + Vec2::new(reach, reach));
    let mut push = Vec2::ZERO;
    for ty in y0..=y1 {
        for tx in x0..=x1 {
            if !grid.is_wall(tx, ty) {
                continue;
            }
            let nearest = Vec2::new(
                pos.x.clamp(tx as f32, tx as f32 + 1.0),
                pos.y.clamp(ty as f32, ty as f32 + 1.0),
            );
            let off = pos - nearest;
            let d = off.length();
            if d < reach && d > 1e-5 {
                push += off / d * (1.0 - (d - radius).max(0.0) / range.max(1e-4));
            }
        }
    }
    let push = push.clamp_length(1.0);
    if push == Vec2::ZERO {
        return push;
    }
    let to_goal = (goal - pos).normalize_or_zero();
    if to_goal.dot(push) < -0.2 {
        // The goal is behind the wall: slide along it, on the side nearer the goal.
        let n = push.normalize_or_zero();
        let mut tangent = n.perp();
        if tangent.dot(to_goal) < 0.0 {
            tangent = -tangent;
        }
        return push + tangent * push.length();
    }
    push
}

/// Layer 5: velocity approaches `desired` by at most `steer_accel × dt` per tick.
pub fn approach_velocity(vel: Vec2, desired: Vec2, t: &Tuning) -> Vec2 {
    vel + (desired - vel).clamp_length(t.movement.steer_accel * DT)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::space::grid::resolve_walls;

    #[test]
    fn arrive_brakes_inside_the_radius() {
        let full = seek(Vec2::ZERO, Vec2::new(5.0, 0.0), 0.6);
        assert!((full.length() - 1.0).abs() < 1e-6);
        let half = seek(Vec2::ZERO, Vec2::new(0.3, 0.0), 0.6);
        assert!((half.length() - 0.5).abs() < 1e-6);
    }

    #[test]
    fn circle_is_pushed_out_of_a_wall() {
        let mut g = Grid::open_with_border(10, 10);
        g.set_wall(5, 5, true);
        let p = resolve_walls(Vec2::new(4.9, 5.5), 0.28, &g);
        assert!(
            (p.x - 4.72).abs() < 1e-5 && (p.y - 5.5).abs() < 1e-6,
            "{:?}",
            p
        );
        assert!(!g.circle_hits_wall(p, 0.279));
    }

    #[test]
    fn wall_between_agent_and_goal_adds_a_tangential_slide() {
        let mut g = Grid::open_with_border(12, 12);
        for y in 3..8 {
            g.set_wall(6, y, true);
        }
        // Agent just left of the wall, goal right behind it, slightly below centre.
        let f = wall_avoidance(Vec2::new(5.6, 5.2), 0.28, Vec2::new(8.0, 6.5), &g, 0.25);
        assert!(
            f.y > 0.0,
            "slides along the wall toward the goal's side: {:?}",
            f
        );
    }
}
