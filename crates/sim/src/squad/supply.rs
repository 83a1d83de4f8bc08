//! The squad's supplies (REQ K1, K3–K6): the kit's charges of the player's tools, the
//! ammunition pool the gunners reload from, and the crates and cases on the map that
//! the disk picks up as it passes over them.

use serde::{Deserialize, Serialize};

use crate::core::events::{EventKind, Events};
use crate::core::geom::Vec2;
use crate::core::stats::Stats;
use crate::space::map::Map;
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

/// The disk picks up every crate and case within `pickup_radius` of it (REQ K1, K6).
/// With the tools off (the naive player, K7) nothing is picked up.
pub fn step_pickups(
    supply: &mut Supply,
    kit: &mut Kit,
    disk: Vec2,
    tools_off: bool,
    t: &Tuning,
    (tick, events, stats): (u64, &mut Events, &mut Stats),
) {
    if tools_off {
        return;
    }
    let r = t.ammo.pickup_radius;
    for i in 0..supply.pickups.len() {
        let p = supply.pickups[i];
        if p.taken || p.pos.distance_sq(disk) > r * r {
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
            step_pickups(&mut s, &mut kit, disk, false, &t, (x, &mut ev, &mut st));
        }
        assert_eq!(s.pool, Some(10 + t.ammo.crate_rounds));
        assert_eq!(kit.flares, t.ammo.case_flares);
        assert_eq!(kit.grenades, t.ammo.case_grenades);
        assert_eq!((st.crates_taken, st.cases_taken), (1, 1));
        assert!(s.pickups.iter().all(|p| p.taken));
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
            Vec2::new(3.5, 1.5),
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
