//! The grenade (REQ K5) under the friendly-fire discipline: thrown to the aim point, it
//! lands, its fuse burns, and it bursts — damage and a push to every body its blast
//! reaches along a clear line, enemies and allies alike (a blast that reaches an ally is
//! a friendly hit). From the throw to the blast its zone is reserved
//! (`squad::blast`): the throw is made only when every ally can be clear of it by then,
//! and each runs the escape the throw planned.

use serde::{Deserialize, Serialize};

use crate::combat::damage::{Damage, DamageQueue, Source, Target};
use crate::core::geom::Vec2;
use crate::horde::enemy::Enemy;
use crate::space::grid::Grid;
use crate::squad::agent::Agent;
use crate::squad::blast::BlastZone;
use crate::squad::blast::Escape;
use crate::tools::throw::fly;
use crate::tuning::{TickTuning, Tuning};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Grenade {
    pub id: u32,
    pub pos: Vec2,
    pub prev_pos: Vec2,
    /// Thrown from (the disk), landing at.
    pub from: Vec2,
    pub to: Vec2,
    /// Ticks of its flight, and those left of it.
    pub flight: u32,
    pub flight_left: u32,
    /// Ticks of the fuse left after it landed.
    pub fuse_left: u32,
    /// The tick it was thrown.
    pub thrown: u64,
    /// Each standing ally's way out, planned at the throw.
    pub escapes: Vec<Escape>,
}

impl Grenade {
    /// Ticks until the blast.
    pub fn ticks_left(&self) -> u32 {
        self.flight_left + self.fuse_left
    }

    /// Its zone as the squad's movement reads it.
    pub fn zone(&self) -> BlastZone<'_> {
        BlastZone {
            centre: self.to,
            ticks_left: self.ticks_left(),
            escapes: &self.escapes,
        }
    }

    /// One tick: along its flight (the arc is the view's), then the fuse. `true` when it
    /// bursts this tick.
    pub fn advance(&mut self) -> bool {
        self.prev_pos = self.pos;
        let flying = self.flight_left > 0;
        self.pos = fly(self.from, self.to, self.flight, &mut self.flight_left);
        if flying {
            return false;
        }
        self.fuse_left = self.fuse_left.saturating_sub(1);
        self.fuse_left == 0
    }
}

/// How hard the blast at `centre` strikes a body at `p` of radius `r`: `None` beyond its
/// radius or behind a wall, else the share of the full blow (1 at the centre,
/// `blast_edge_share` at the edge).
pub fn blast_share(centre: Vec2, p: Vec2, r: f32, grid: &Grid, t: &Tuning) -> Option<f32> {
    let reach = t.tools.grenade_radius + r;
    let d = centre.distance(p);
    let fall = 1.0 - t.tools.blast_edge_share;
    (d < reach && grid.line_clear(centre, p)).then(|| 1.0 - fall * (d / reach).min(1.0))
}

/// The blast of `g`: a damage record for every standing body it reaches, pushed away
/// from its centre (agents by index, then enemies by id: the queue's order is fixed).
pub fn burst(
    g: &Grenade,
    agents: &[Agent],
    enemies: &[Enemy],
    grid: &Grid,
    (t, tt): (&Tuning, &TickTuning),
    queue: &mut DamageQueue,
) {
    let c = g.to;
    let mut hit = |target: Target, p: Vec2, r: f32, stagger: u32| {
        if let Some(share) = blast_share(c, p, r, grid, t) {
            let away = (p - c).normalize_or_zero();
            queue.push(Damage {
                target,
                source: Source::Blast { grenade: g.id },
                amount: t.tools.grenade_damage * share,
                stagger,
                knockback: away * (t.tools.grenade_knockback * share),
                pos: p,
            });
        }
    };
    for a in agents.iter().filter(|a| a.alive) {
        hit(Target::Agent(a.id), a.pos, a.radius, 0);
    }
    for e in enemies.iter().filter(|e| e.alive) {
        hit(Target::Enemy(e.id), e.pos, e.radius, tt.grenade_stagger);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_grenade_flies_then_burns_its_fuse_then_bursts() {
        let mut g = Grenade {
            id: 1,
            pos: Vec2::ZERO,
            prev_pos: Vec2::ZERO,
            from: Vec2::ZERO,
            to: Vec2::new(4.0, 0.0),
            flight: 4,
            flight_left: 4,
            fuse_left: 3,
            thrown: 0,
            escapes: Vec::new(),
        };
        assert_eq!(g.ticks_left(), 7);
        let bursts: Vec<bool> = (0..7).map(|_| g.advance()).collect();
        assert_eq!(bursts, [false, false, false, false, false, false, true]);
        assert_eq!(g.pos, g.to);
    }

    #[test]
    fn the_blast_stops_at_walls_and_falls_off_to_its_edge() {
        let t = Tuning::default();
        let mut grid = Grid::open_with_border(30, 30);
        let c = Vec2::new(10.5, 10.5);
        assert_eq!(blast_share(c, c, 0.3, &grid, &t), Some(1.0));
        let edge = blast_share(c, c + Vec2::new(3.7, 0.0), 0.3, &grid, &t).unwrap();
        assert!(edge > 0.5 && edge < 0.6, "{edge}");
        assert_eq!(
            blast_share(c, c + Vec2::new(4.0, 0.0), 0.3, &grid, &t),
            None
        );
        grid.set_wall(12, 10, true);
        assert_eq!(
            blast_share(c, c + Vec2::new(3.0, 0.0), 0.3, &grid, &t),
            None
        );
    }
}
