//! The spitter's projectile (REQ T1): a real body in flight, released at the end of the
//! spitter's windup (the hit frame is the release; the flight comes on top). It flies
//! straight, slower than a bullet, and stops at the first agent or wall its swept circle
//! meets — never passing a wall: the wall's ray-cast fraction cuts the step. Enemies do
//! not stop it (the horde's own bile).

use crate::combat::bullet::{earliest_hit, Body, Hit, Hittable};
use crate::combat::damage::{ApplyDamage, Damage, DamageQueue, Source, Target};
use crate::core::events::{EventKind, Events};
use crate::core::geom::Vec2;
use crate::core::stats::Stats;
use crate::space::grid::Grid;
use crate::tuning::DT;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Spit {
    pub id: u32,
    /// The spitter that released it.
    pub enemy: u32,
    pub pos: Vec2,
    pub prev_pos: Vec2,
    /// Unit direction.
    pub dir: Vec2,
    pub speed: f32,
    /// Distance flown so far.
    pub traveled: f32,
    /// It falls to the floor after this far.
    pub range: f32,
    pub radius: f32,
    /// The tick it was released.
    pub released: u64,
    /// What it deals the agent it hits (the difficulty's scale applied at release).
    pub damage: f32,
}

/// What one tick of a spit's flight came to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpitFlight {
    /// What stopped it (a wall or an agent), if anything.
    pub hit: Option<Hit>,
    /// Still flying after this tick.
    pub alive: bool,
}

impl Spit {
    /// This tick's step: from where it is, `speed × DT` (never past its range) along
    /// its direction.
    pub fn step_segment(&self) -> (Vec2, Vec2) {
        let len = (self.speed * DT).min(self.range - self.traveled).max(0.0);
        (self.pos, self.pos + self.dir * len)
    }

    /// Where it would be `seconds` on, unless something stops it first.
    pub fn ahead(&self, seconds: f32) -> Vec2 {
        let len = (self.speed * seconds)
            .min(self.range - self.traveled)
            .max(0.0);
        self.pos + self.dir * len
    }
}

/// One tick of `s`: the swept segment, cut at the earliest wall or body in `bodies`.
pub fn fly_spit(s: &mut Spit, bodies: &[Body], grid: &Grid) -> SpitFlight {
    let (start, end) = s.step_segment();
    let wall_t = grid.raycast(start, end).map(|h| h.t);
    let hit = earliest_hit(start, end, wall_t, bodies, s.radius);
    let frac = hit.map_or(1.0, |(f, _)| f);
    s.pos = start.lerp(end, frac);
    s.traveled += start.distance(end) * frac;
    SpitFlight {
        hit: hit.map(|(_, what)| what),
        alive: hit.is_none() && s.traveled < s.range - 1e-5,
    }
}

/// What the spits' step reads and writes: the agents `A` a spit can meet (enemies never
/// stop one), and the one damage path over them and the enemies `E` (given none).
pub struct SpitStep<'a, A, E> {
    pub tick: u64,
    pub grid: &'a Grid,
    pub agents: &'a mut [A],
    pub spits: &'a mut Vec<Spit>,
    pub queue: &'a mut DamageQueue,
    pub stats: &'a mut Stats,
    pub events: &'a mut Events,
    /// The one damage path (`world::damage::apply_damage`).
    pub apply: ApplyDamage<A, E>,
}

/// T1: every spit flies one tick; the first agent or wall its circle meets stops it.
/// An agent it hits takes its damage through the one damage path at once.
pub fn step_spits<A: Hittable, E>(s: &mut SpitStep<A, E>) {
    let mut bodies: Vec<Body> = Vec::with_capacity(s.agents.len());
    s.spits.retain_mut(|p| {
        bodies.clear();
        bodies.extend(s.agents.iter().filter_map(Hittable::body));
        let flight = fly_spit(p, &bodies, s.grid);
        match flight.hit {
            Some(Hit::Agent(id)) => {
                s.queue.push(Damage {
                    target: Target::Agent(id),
                    source: Source::Spit {
                        enemy: p.enemy,
                        spit: p.id,
                    },
                    amount: p.damage,
                    stagger: 0,
                    knockback: Vec2::ZERO,
                    pos: p.pos,
                });
                (s.apply)(s.queue, s.agents, &mut [], s.stats, s.events, s.tick);
            }
            _ if !flight.alive => s.events.emit(
                s.tick,
                EventKind::SpitHit {
                    enemy: p.enemy,
                    spit: p.id,
                    agent: None,
                    amount: 0.0,
                    pos: p.pos,
                },
            ),
            _ => {}
        }
        flight.alive
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spit(pos: Vec2, dir: Vec2) -> Spit {
        Spit {
            id: 1,
            enemy: 2,
            pos,
            prev_pos: pos,
            dir,
            speed: 6.0,
            traveled: 0.0,
            range: 10.0,
            radius: 0.15,
            released: 0,
            damage: 10.0,
        }
    }

    #[test]
    fn a_spit_stops_at_the_wall_and_never_passes_it() {
        let mut g = Grid::open_with_border(12, 6);
        g.set_wall(5, 3, true);
        let mut s = spit(Vec2::new(2.0, 3.5), Vec2::new(1.0, 0.0));
        let mut ticks = 0;
        loop {
            let f = fly_spit(&mut s, &[], &g);
            ticks += 1;
            assert!(s.pos.x <= 5.0 + 1e-4, "at {:?}", s.pos);
            if !f.alive {
                assert_eq!(f.hit, Some(Hit::Wall));
                break;
            }
            assert!(ticks < 100);
        }
        assert!(
            (s.pos.x - 5.0).abs() < 1e-3,
            "stopped on the wall's face {:?}",
            s.pos
        );
        // 3 u at 6 u/s: half a second (the 30th step may end a rounding short of it).
        assert!((30..=31).contains(&ticks), "{ticks} ticks");
    }

    #[test]
    fn a_spit_hits_the_first_agent_on_its_way() {
        let g = Grid::open_with_border(20, 6);
        let mut s = spit(Vec2::new(2.0, 3.0), Vec2::new(1.0, 0.0));
        let bodies = [
            Body {
                hit: Hit::Agent(4),
                pos: Vec2::new(8.0, 3.1),
                radius: 0.3,
            },
            Body {
                hit: Hit::Agent(3),
                pos: Vec2::new(5.0, 2.8),
                radius: 0.3,
            },
        ];
        let hit = loop {
            let f = fly_spit(&mut s, &bodies, &g);
            if !f.alive {
                break f.hit;
            }
        };
        assert_eq!(hit, Some(Hit::Agent(3)));
        assert!(s.pos.x < 5.0);
    }

    #[test]
    fn a_spit_falls_at_its_range() {
        let g = Grid::open_with_border(40, 6);
        let mut s = spit(Vec2::new(2.0, 3.0), Vec2::new(1.0, 0.0));
        let mut n = 0;
        while fly_spit(&mut s, &[], &g).alive {
            n += 1;
        }
        assert_eq!(n + 1, 100, "10 u at 0.1 u a tick");
        assert!((s.traveled - 10.0).abs() < 1e-3);
    }
}
