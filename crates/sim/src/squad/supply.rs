//! The squad's supplies (REQ K1, K3–K6): the kit's charges of the player's tools, the
//! ammunition pool the gunners reload from, and the crates and cases on the map that
//! the disk or a standing member of the squad picks up as it passes over them.

use serde::{Deserialize, Serialize};

use crate::core::events::{EventKind, Events};
use crate::core::geom::Vec2;
use crate::core::stats::Stats;
use crate::space::map::Map;
use crate::squad::agent::Agent;
use crate::tuning::Tuning;

/// The player's tools' charges.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Kit {
    pub flares: u32,
    pub medkits: u32,
    pub grenades: u32,
}

impl Kit {
    /// The kit a mission issues when its scenario names none (`kit = F M G`).
    pub const ISSUED: Kit = Kit {
        flares: 2,
        medkits: 1,
        grenades: 2,
    };
}

/// What lies on the map to be picked up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PickupKind {
    /// Tile `A`: rounds into the pool.
    Ammo,
    /// Tile `K`: charges into the kit.
    Case,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Pickup {
    pub kind: PickupKind,
    pub pos: Vec2,
    pub taken: bool,
}

/// The squad's ammunition and what is on the map.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Supply {
    /// Rounds in the pool beyond the magazines; `None`: a scenario with no `ammo` line,
    /// whose gunners still reload but never run out (the set-pieces and generated maps).
    pub pool: Option<u32>,
    /// In the map's reading order.
    pub pickups: Vec<Pickup>,
}

impl Supply {
    /// The pool a scenario gives and the map's crates and cases, untaken.
    pub fn of_map(map: &Map, pool: Option<u32>) -> Supply {
        let at = |kind| {
            move |&pos| Pickup {
                kind,
                pos,
                taken: false,
            }
        };
        let mut pickups: Vec<Pickup> = map.crates.iter().map(at(PickupKind::Ammo)).collect();
        pickups.extend(map.cases.iter().map(at(PickupKind::Case)));
        Supply { pool, pickups }
    }

    /// Takes up to `want` rounds from the pool: what it had.
    pub fn draw(&mut self, want: u32) -> u32 {
        match &mut self.pool {
            None => want,
            Some(p) => {
                let n = want.min(*p);
                *p -= n;
                n
            }
        }
    }

    /// The pool is empty (an unlimited one never is).
    pub fn exhausted(&self) -> bool {
        self.pool == Some(0)
    }
}

/// The disk, or any standing member of the squad, picks up every crate and case within
/// `pickup_radius` of it (REQ K1, K6). The members take it too (issue 35): the disk
/// alone had to be steered within 0.75 u of a crate's centre, and a player who walked
/// the squad across a crate with the disk a step to the side did not get it. With the
/// tools off (the naive player, K7) nothing is picked up.
pub fn step_pickups(
    supply: &mut Supply,
    kit: &mut Kit,
    (disk, agents): (Vec2, &[Agent]),
    tools_off: bool,
    t: &Tuning,
    (tick, events, stats): (u64, &mut Events, &mut Stats),
) {
    if tools_off {
        return;
    }
    let r2 = t.ammo.pickup_radius * t.ammo.pickup_radius;
    for i in 0..supply.pickups.len() {
        let p = supply.pickups[i];
        let near = |q: Vec2| p.pos.distance_sq(q) <= r2;
        if p.taken || !(near(disk) || agents.iter().any(|a| a.alive && near(a.pos))) {
            continue;
        }
        supply.pickups[i].taken = true;
        match p.kind {
            PickupKind::Ammo => {
                let rounds = t.ammo.crate_rounds;
                if let Some(pool) = &mut supply.pool {
                    *pool = pool.saturating_add(rounds);
                }
                stats.crates_taken += 1;
                stats.rounds_picked += rounds;
                events.emit(tick, EventKind::AmmoPicked { rounds, at: p.pos });
            }
            PickupKind::Case => {
                let a = &t.ammo;
                kit.flares += a.case_flares;
                kit.medkits += a.case_medkits;
                kit.grenades += a.case_grenades;
                stats.cases_taken += 1;
                events.emit(
                    tick,
                    EventKind::SupplyPicked {
                        flares: a.case_flares,
                        medkits: a.case_medkits,
                        grenades: a.case_grenades,
                        at: p.pos,
                    },
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn supply(pool: Option<u32>) -> Supply {
        Supply {
            pool,
            pickups: vec![
                Pickup {
                    kind: PickupKind::Ammo,
                    pos: Vec2::new(3.5, 1.5),
                    taken: false,
                },
                Pickup {
                    kind: PickupKind::Case,
                    pos: Vec2::new(8.5, 1.5),
                    taken: false,
                },
            ],
        }
    }

    #[test]
    fn the_disk_passing_over_a_crate_takes_it_once() {
        let t = Tuning::default();
        let (mut ev, mut st) = (Events::default(), Stats::default());
        let mut s = supply(Some(10));
        let mut kit = Kit::default();
        for x in 0..40 {
            let disk = Vec2::new(x as f32 * 0.25, 1.6);
            step_pickups(
                &mut s,
                &mut kit,
                (disk, &[]),
                false,
                &t,
                (x, &mut ev, &mut st),
            );
        }
        assert_eq!(s.pool, Some(10 + t.ammo.crate_rounds));
        assert_eq!(kit.flares, t.ammo.case_flares);
        assert_eq!(kit.grenades, t.ammo.case_grenades);
        assert_eq!((st.crates_taken, st.cases_taken), (1, 1));
        assert!(s.pickups.iter().all(|p| p.taken));
    }

    /// A member of the squad walking over a crate takes it, the disk 1.7 u
    /// to the side (issue 35); a fallen one lying on it does not.
    #[test]
    fn a_member_walking_over_a_crate_takes_it() {
        use crate::squad::agent::Role;
        let t = Tuning::default();
        let (mut ev, mut st) = (Events::default(), Stats::default());
        let mut s = supply(Some(10));
        let mut kit = Kit::default();
        let on_crate = Vec2::new(3.5, 1.6);
        let mut fallen = Agent::new(0, Role::Gunner, 0, on_crate, 0.0, 0.3, 100.0);
        fallen.alive = false;
        let disk = Vec2::new(3.5, 3.3);
        assert!(disk.distance(on_crate) > t.ammo.pickup_radius * 2.0);
        let agents = [fallen];
        step_pickups(
            &mut s,
            &mut kit,
            (disk, &agents),
            false,
            &t,
            (0, &mut ev, &mut st),
        );
        assert!(!s.pickups[0].taken, "a fallen agent takes nothing");
        let walker = Agent::new(1, Role::Gunner, 1, on_crate, 0.0, 0.3, 100.0);
        let agents = [agents[0].clone(), walker];
        step_pickups(
            &mut s,
            &mut kit,
            (disk, &agents),
            false,
            &t,
            (1, &mut ev, &mut st),
        );
        assert!(s.pickups[0].taken, "a standing member takes it");
        assert_eq!(s.pool, Some(10 + t.ammo.crate_rounds));
        assert!(!s.pickups[1].taken, "the case, far from all, is left");
    }

    #[test]
    fn the_naive_player_picks_nothing_up() {
        let t = Tuning::default();
        let (mut ev, mut st) = (Events::default(), Stats::default());
        let mut s = supply(Some(10));
        let mut kit = Kit::default();
        step_pickups(
            &mut s,
            &mut kit,
            (Vec2::new(3.5, 1.5), &[]),
            true,
            &t,
            (0, &mut ev, &mut st),
        );
        assert_eq!(s.pool, Some(10));
        assert!(!s.pickups[0].taken);
    }

    #[test]
    fn the_pool_gives_what_it_has() {
        let mut s = supply(Some(5));
        assert_eq!(s.draw(14), 5);
        assert!(s.exhausted());
        let mut inf = supply(None);
        assert_eq!(inf.draw(14), 14);
        assert!(!inf.exhausted());
    }
}
