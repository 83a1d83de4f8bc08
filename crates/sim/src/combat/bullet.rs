//! Projectile bullets (S9): friendly fire always on, earliest hit along the swept
//! segment, life = the verified segment; the bullets' step ([`step_bullets`]).

use crate::combat::damage::{ApplyDamage, Damage, DamageQueue, Source, Target};
use crate::core::events::{EventKind, Events};
use crate::core::geom::{segment_circle_entry, Vec2};
use crate::core::stats::Stats;
use crate::space::grid::Grid;
use crate::space::spatial::SpatialGrid;
use crate::tuning::{TickTuning, Tuning, DT};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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

/// What a projectile can meet: an agent or an enemy as the combat steps see it (each
/// implemented beside its type, `squad::agent` and `horde::body`), so that combat names
/// neither.
pub trait Hittable {
    /// Its body while it stands (what it is for [`Hit`], where, how wide); `None` once
    /// it is down.
    fn body(&self) -> Option<Body>;
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
    let step = b.step_len();
    let (start, end) = b.step_segment();
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

/// What the bullets' step reads and writes: the agents `A` and enemies `E` a bullet can
/// meet, and the one damage path that applies what it hits.
pub struct BulletStep<'a, A, E> {
    pub tick: u64,
    pub grid: &'a Grid,
    pub tuning: &'a Tuning,
    pub ticks: &'a TickTuning,
    pub agents: &'a mut [A],
    pub enemies: &'a mut [E],
    pub bullets: &'a mut Vec<Bullet>,
    pub broad: &'a mut BulletBroadPhase,
    pub queue: &'a mut DamageQueue,
    pub stats: &'a mut Stats,
    pub events: &'a mut Events,
    /// The one damage path (`world::damage::apply_damage`).
    pub apply: ApplyDamage<A, E>,
}

/// S9: every bullet flies one tick; a wall stops it (an event), a body gets a damage
/// record applied at once, so the next bullet no longer meets a body this one killed.
pub fn step_bullets<A: Hittable, E: Hittable>(s: &mut BulletStep<A, E>) {
    let t = s.tuning;
    let mut bodies: Vec<Body> = Vec::with_capacity(s.agents.len() + s.enemies.len());
    if !s.bullets.is_empty() {
        s.broad.rebuild(
            s.enemies
                .iter()
                .enumerate()
                .filter_map(|(i, e)| e.body().map(|b| (i as u32, b.pos, b.radius))),
            s.bullets.iter().map(Bullet::step_segment),
            t.fire.bullet_radius,
        );
    }
    s.bullets.retain_mut(|b| {
        // Agents but the shooter, then the enemies near the step in index order: the
        // order `earliest_hit` breaks ties by, as if every enemy were tested.
        bodies.clear();
        let shooter = Hit::Agent(b.shooter);
        bodies.extend(
            s.agents
                .iter()
                .filter_map(Hittable::body)
                .filter(|a| a.hit != shooter),
        );
        let (start, end) = b.step_segment();
        bodies.extend(
            s.broad
                .candidates(start, end)
                .iter()
                .filter_map(|&i| s.enemies[i as usize].body()),
        );
        let flight = fly(b, &bodies, s.grid, t.fire.bullet_radius);
        if flight.overshot {
            s.stats.segment_violations += 1;
        }
        let target = match flight.hit {
            None => None,
            Some(Hit::Wall) => {
                s.events
                    .emit(s.tick, EventKind::BulletHitWall { pos: b.pos });
                None
            }
            Some(Hit::Agent(id)) => Some(Target::Agent(id)),
            Some(Hit::Enemy(id)) => Some(Target::Enemy(id)),
        };
        if let Some(target) = target {
            s.queue.push(Damage {
                target,
                source: Source::Bullet { shooter: b.shooter },
                amount: t.fire.bullet_damage,
                stagger: s.ticks.stagger,
                knockback: Vec2::ZERO,
                pos: b.pos,
            });
            (s.apply)(s.queue, s.agents, s.enemies, s.stats, s.events, s.tick);
        }
        flight.alive
    });
}

impl Bullet {
    /// The length of this tick's step: `speed × DT`, never past the end of the verified
    /// segment.
    pub fn step_len(&self) -> f32 {
        (self.speed * DT)
            .min(self.verified - self.traveled)
            .max(0.0)
    }

    /// This tick's step: from where the bullet is, [`Bullet::step_len`] along its
    /// direction.
    pub fn step_segment(&self) -> (Vec2, Vec2) {
        (self.pos, self.pos + self.dir * self.step_len())
    }
}

/// The bullets' broad phase (REQ P1, P2): the enemies standing when the bullets step, in
/// a uniform grid laid over the bullets' steps only, so that each bullet tests the bodies
/// near its step instead of every enemy. Enemies do not move while bullets step (a hit
/// changes health and velocity, never a position), so one build serves every bullet of
/// the tick; a body killed by an earlier bullet is still a candidate, and the caller
/// skips it.
#[derive(Clone, Debug)]
pub struct BulletBroadPhase {
    grid: SpatialGrid,
    /// The largest body radius of the last build (0 when empty).
    max_radius: f32,
    bullet_radius: f32,
    /// Every body of the last build, ascending: the answer to a query that is not
    /// finite.
    all: Vec<u32>,
    bodies: Vec<(u32, Vec2)>,
    found: Vec<u32>,
}

impl Default for BulletBroadPhase {
    fn default() -> BulletBroadPhase {
        BulletBroadPhase {
            grid: SpatialGrid::new(Vec2::ZERO, Vec2::ZERO, Self::CELL),
            max_radius: 0.0,
            bullet_radius: 0.0,
            all: Vec::new(),
            bodies: Vec::new(),
            found: Vec::new(),
        }
    }
}

impl BulletBroadPhase {
    /// Grid cells of 1 world unit: a bullet steps 0.4 per tick at the default speed, so a
    /// query covers about 2 × 2 cells.
    pub const CELL: f32 = 1.0;

    /// The circle round a step's midpoint that holds every body the step can hit:
    /// half the step plus the largest radius plus the bullet's, with a margin far above
    /// the rounding of [`segment_circle_entry`]. `None` when it is not finite.
    fn reach(&self, a: Vec2, b: Vec2) -> Option<(Vec2, f32)> {
        let mid = (a + b) * 0.5;
        let reach = 0.5 * a.distance(b) + self.max_radius + self.bullet_radius;
        let r = reach + 0.01 + reach * 1e-3;
        (mid.is_finite() && r.is_finite()).then_some((mid, r))
    }

    /// Replaces the contents with `bodies` (`(index, position, radius)`, indices
    /// ascending: the caller's enemy indices) for the queries of `steps` (each bullet's
    /// segment this tick, see [`Bullet::step_segment`]) with bullets of `bullet_radius`.
    /// The grid covers only the steps' reach: the bodies outside it are left out, so
    /// the build costs the bodies plus the cells round the bullets, not the map's.
    pub fn rebuild<B, S>(&mut self, bodies: B, steps: S, bullet_radius: f32)
    where
        B: IntoIterator<Item = (u32, Vec2, f32)>,
        S: IntoIterator<Item = (Vec2, Vec2)>,
    {
        self.all.clear();
        self.bodies.clear();
        let mut max_radius = 0.0f32;
        for (i, p, r) in bodies {
            self.all.push(i);
            self.bodies.push((i, p));
            // `f32::max` ignores a NaN radius (such a circle is never hit).
            max_radius = max_radius.max(r);
        }
        self.max_radius = max_radius;
        self.bullet_radius = bullet_radius.max(0.0);
        let (mut lo, mut hi) = (Vec2::new(f32::MAX, f32::MAX), Vec2::new(f32::MIN, f32::MIN));
        for (a, b) in steps {
            if let Some((mid, r)) = self.reach(a, b) {
                lo = Vec2::new(lo.x.min(mid.x - r), lo.y.min(mid.y - r));
                hi = Vec2::new(hi.x.max(mid.x + r), hi.y.max(mid.y + r));
            }
        }
        if !(lo.x <= hi.x && lo.y <= hi.y) {
            // No finite step: an empty grid.
            (lo, hi) = (Vec2::ZERO, Vec2::ZERO);
        }
        self.grid.reset_area(lo, hi - lo, Self::CELL);
        let inside = |p: Vec2| p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y;
        self.grid
            .rebuild(self.bodies.iter().copied().filter(|&(_, p)| inside(p)));
    }

    /// The indices, ascending, of every body whose circle (radius + the bullet's) the
    /// segment `a → b` could touch: a superset of the bodies [`earliest_hit`] can return
    /// for that segment, in the order they were given to [`BulletBroadPhase::rebuild`].
    /// `a → b` must be one of the steps given there; a segment or radius that is not
    /// finite gets every body.
    pub fn candidates(&mut self, a: Vec2, b: Vec2) -> &[u32] {
        let Some((mid, r)) = self.reach(a, b) else {
            return &self.all;
        };
        self.found.clear();
        let found = &mut self.found;
        self.grid.for_each_in_radius(mid, r, |i, _| found.push(i));
        found.sort_unstable();
        &self.found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::rng::Rng;

    /// Random enemies (some outside the map, some of them stacked) and random bullet
    /// steps, short and long, from inside, outside and tangent to circles.
    #[test]
    fn broad_phase_keeps_every_hit_and_the_earliest() {
        let mut rng = Rng::new(7);
        let mut broad = BulletBroadPhase::default();
        let mut exact_hits = 0;
        for case in 0..400 {
            let n = rng.below(120) as usize;
            let bodies: Vec<(u32, Vec2, f32)> = (0..n)
                .map(|i| {
                    let p = if case % 7 == 0 && i % 3 == 0 {
                        // A pile on one spot.
                        Vec2::new(12.5, 7.25)
                    } else {
                        Vec2::new(rng.range_f32(-3.0, 43.0), rng.range_f32(-3.0, 33.0))
                    };
                    (i as u32 * 2 + 1, p, rng.range_f32(0.05, 0.9))
                })
                .collect();
            let mut steps = Vec::new();
            // A tick of one bullet, of a burst, of a firefight.
            for _ in 0..[1, 3, 50][case % 3] {
                let a = if rng.range_f32(0.0, 1.0) < 0.3 && n > 0 {
                    // Near a body: inside, on the edge or just outside.
                    let (_, p, r) = bodies[rng.below(n as u32) as usize];
                    let dir = Vec2::from_angle(rng.range_f32(-3.2, 3.2));
                    p + dir * (r + 0.04 + rng.range_f32(-0.1, 0.1))
                } else {
                    Vec2::new(rng.range_f32(-4.0, 44.0), rng.range_f32(-4.0, 34.0))
                };
                let len = [0.0, 0.4, rng.range_f32(0.0, 3.0), 12.0][rng.below(4) as usize];
                steps.push((a, a + Vec2::from_angle(rng.range_f32(-3.2, 3.2)) * len));
            }
            // One build for a tick's worth of steps, then each step's query.
            broad.rebuild(bodies.iter().copied(), steps.iter().copied(), 0.04);
            for &(a, b) in &steps {
                let all: Vec<Body> = bodies
                    .iter()
                    .map(|&(i, p, r)| Body {
                        hit: Hit::Enemy(i),
                        pos: p,
                        radius: r,
                    })
                    .collect();
                let near = broad.candidates(a, b).to_vec();
                assert!(near.windows(2).all(|w| w[0] < w[1]), "ascending: {near:?}");
                for body in &all {
                    let Hit::Enemy(i) = body.hit else {
                        unreachable!()
                    };
                    if segment_circle_entry(a, b, body.pos, body.radius + 0.04).is_some() {
                        exact_hits += 1;
                        assert!(
                            near.contains(&i),
                            "case {case}: {a:?}->{b:?} misses {body:?}"
                        );
                    }
                }
                let kept: Vec<Body> = all
                    .iter()
                    .filter(|b| matches!(b.hit, Hit::Enemy(i) if near.contains(&i)))
                    .copied()
                    .collect();
                for wall in [None, Some(0.5)] {
                    assert_eq!(
                        earliest_hit(a, b, wall, &kept, 0.04),
                        earliest_hit(a, b, wall, &all, 0.04)
                    );
                }
            }
        }
        // The cases did exercise hits (about a quarter of the steps touch a body).
        assert!(exact_hits > 2_000, "{exact_hits}");
    }

    #[test]
    fn broad_phase_answers_everything_to_a_segment_that_is_not_finite() {
        let mut broad = BulletBroadPhase::default();
        let bodies = [(0, Vec2::new(1.0, 1.0), 0.3), (4, Vec2::new(8.0, 8.0), 0.3)];
        let (a, inf) = (Vec2::new(1.0, 1.0), Vec2::new(f32::INFINITY, 0.0));
        let near = (a, Vec2::new(1.2, 1.0));
        broad.rebuild(bodies, [(a, inf), near], 0.04);
        assert_eq!(broad.candidates(a, inf), &[0, 4]);
        assert_eq!(broad.candidates(near.0, near.1), &[0]);
        // Only steps that are not finite: an empty grid, every body to those steps.
        broad.rebuild(bodies, [(a, inf)], 0.04);
        assert_eq!(broad.candidates(a, inf), &[0, 4]);
        // An infinite radius reaches everything.
        let step = (Vec2::new(9.0, 9.0), Vec2::new(9.1, 9.0));
        broad.rebuild([(2, Vec2::new(1.0, 1.0), f32::INFINITY)], [step], 0.04);
        assert_eq!(broad.candidates(step.0, step.1), &[2]);
    }

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
