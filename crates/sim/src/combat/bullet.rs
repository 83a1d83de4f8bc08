//! Projectile bullets (S9): friendly fire always on, earliest hit along the swept
//! segment, life = the verified segment.

use crate::core::geom::{segment_circle_entry, Vec2};
use crate::space::grid::Grid;
use crate::tuning::DT;

#[derive(Clone, Debug, PartialEq)]
pub struct Bullet {
    pub id: u32,
    pub shooter: u32,
    pub pos: Vec2,
    pub prev_pos: Vec2,
    /// Where it left the barrel: the verified segment starts here.
    pub muzzle: Vec2,
    /// Unit direction.
    pub dir: Vec2,
    pub speed: f32,
    /// Distance flown so far from the muzzle.
    pub traveled: f32,
    /// Length of the verified segment: muzzle → aim point + target radius. The bullet
    /// never flies further: behind the target nobody checked the space.
    pub verified: f32,
    pub target: u32,
}

/// What a bullet segment hits first.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Hit {
    Wall,
    Agent(u32),
    Enemy(u32),
}

/// A body a bullet can hit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Body {
    pub hit: Hit,
    pub pos: Vec2,
    pub radius: f32,
}

/// The earliest hit along `a → b`: `(t in [0,1], what)`. Walls come from `wall_t`
/// (the DDA hit fraction, if any); bodies are tested with their radius plus the bullet's.
/// Ties go to the wall, then to the order of `bodies`.
pub fn earliest_hit(
    a: Vec2,
    b: Vec2,
    wall_t: Option<f32>,
    bodies: &[Body],
    bullet_radius: f32,
) -> Option<(f32, Hit)> {
    let mut best: Option<(f32, Hit)> = wall_t.map(|t| (t, Hit::Wall));
    for body in bodies {
        if let Some(t) = segment_circle_entry(a, b, body.pos, body.radius + bullet_radius) {
            if best.is_none_or(|(bt, _)| t < bt) {
                best = Some((t, body.hit));
            }
        }
    }
    best
}

/// What one tick of a bullet's flight came to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Flight {
    /// What stopped it, if anything.
    pub hit: Option<Hit>,
    /// Still flying after this tick.
    pub alive: bool,
    /// It ended beyond its verified segment (S9 says never; counted, not hidden).
    pub overshot: bool,
}

/// One tick of `b`'s flight: the swept segment, cut at the earliest wall or body
/// (`bodies` may hold more than the ones it can reach; the shooter must not be in it),
/// and never past the verified segment.
pub fn fly(b: &mut Bullet, bodies: &[Body], grid: &Grid, bullet_radius: f32) -> Flight {
    let step = (b.speed * DT).min(b.verified - b.traveled).max(0.0);
    let start = b.pos;
    let end = b.pos + b.dir * step;
    let wall_t = grid.raycast(start, end).map(|h| h.t);
    let hit = earliest_hit(start, end, wall_t, bodies, bullet_radius);
    let (frac, alive) = match hit {
        Some((f, _)) => (f, false),
        None => (1.0, true),
    };
    b.pos = start + b.dir * (step * frac);
    b.traveled += step * frac;
    Flight {
        hit: hit.map(|(_, what)| what),
        alive: alive && b.traveled < b.verified - 1e-5,
        overshot: b.pos.distance(b.muzzle) > b.verified + 1e-3,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wall_before_ally_is_hit_first() {
        let ally = Body {
            hit: Hit::Agent(2),
            pos: Vec2::new(6.0, 0.0),
            radius: 0.28,
        };
        let hit = earliest_hit(Vec2::ZERO, Vec2::new(10.0, 0.0), Some(0.4), &[ally], 0.04);
        assert_eq!(hit.map(|h| h.1), Some(Hit::Wall));
    }

    #[test]
    fn ally_before_wall_is_hit_first() {
        let ally = Body {
            hit: Hit::Agent(2),
            pos: Vec2::new(2.0, 0.0),
            radius: 0.28,
        };
        let hit = earliest_hit(Vec2::ZERO, Vec2::new(10.0, 0.0), Some(0.4), &[ally], 0.04);
        assert_eq!(hit.map(|h| h.1), Some(Hit::Agent(2)));
    }

    #[test]
    fn nearer_of_two_bodies_wins() {
        let far = Body {
            hit: Hit::Enemy(1),
            pos: Vec2::new(8.0, 0.0),
            radius: 0.3,
        };
        let near = Body {
            hit: Hit::Enemy(2),
            pos: Vec2::new(3.0, 0.1),
            radius: 0.3,
        };
        let hit = earliest_hit(Vec2::ZERO, Vec2::new(10.0, 0.0), None, &[far, near], 0.04);
        assert_eq!(hit.map(|h| h.1), Some(Hit::Enemy(2)));
    }
}
