//! Enemies the squad has seen, for the map (REQ W3): where each was last in sight and
//! when. An enemy standing on a tile the squad sees now is noted (its place and kind);
//! one out of sight stays where it was last seen for `recall_seconds`; a remembered
//! place the squad sees again with no enemy on it is forgotten (it moved on, or fell).
//! Stepped once per simulation tick, from the fog's live tiles, so what the map shows is
//! what the squad could have seen. Render-side only; not saved (a loaded run's map
//! starts without it, the fog's memory has the walls). Bounded (REQ §19): at most
//! [`RECALL_CAP`] enemies, the longest unseen forgotten first.

use std::collections::BTreeMap;

use sim::read::{EnemyKind, Grid, World};
use sim::tuning::DT;
use sim::Vec2;

use crate::horror::fog::Fog;
use crate::seen::Seen;

/// Most enemies remembered at once: a wave in sight is a few hundred at the most; the map
/// draws a dot each.
pub const RECALL_CAP: usize = 512;

/// One enemy as last seen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sighting {
    pub pos: Vec2,
    pub kind: EnemyKind,
    /// The tick it was last in sight.
    pub tick: u64,
}

#[derive(Clone, Debug, Default)]
pub struct Recall {
    seen: BTreeMap<u32, Sighting>,
}

impl Recall {
    /// One simulation tick: what the squad sees now of the enemies, what it forgets.
    pub fn update(&mut self, w: &World, fog: &Fog, recall_seconds: f32) {
        let tick = w.tick();
        let live = |p: Vec2| {
            let (x, y) = Grid::tile_of(p);
            fog.seen(x, y) == Seen::Live
        };
        for e in w.enemies() {
            if !e.alive {
                self.seen.remove(&e.id);
                continue;
            }
            if e.is_dummy() {
                continue;
            }
            if live(e.pos) {
                self.seen.insert(
                    e.id,
                    Sighting {
                        pos: e.pos,
                        kind: e.kind,
                        tick,
                    },
                );
            }
        }
        let keep = (recall_seconds / DT).round() as u64;
        self.seen
            .retain(|_, s| s.tick == tick || (!live(s.pos) && tick - s.tick <= keep));
        if self.seen.len() > RECALL_CAP {
            let mut ticks: Vec<u64> = self.seen.values().map(|s| s.tick).collect();
            ticks.sort_unstable();
            let cut = ticks[self.seen.len() - RECALL_CAP];
            self.seen.retain(|_, s| s.tick >= cut);
            // Ties at the cut: the lowest ids go first, to the cap exactly.
            while self.seen.len() > RECALL_CAP {
                let id = self
                    .seen
                    .iter()
                    .find(|(_, s)| s.tick == cut)
                    .map(|(&id, _)| id);
                match id {
                    Some(id) => self.seen.remove(&id),
                    None => break,
                };
            }
        }
    }

    /// Every enemy remembered, by id.
    pub fn sightings(&self) -> impl Iterator<Item = &Sighting> {
        self.seen.values()
    }

    pub fn len(&self) -> usize {
        self.seen.len()
    }

    pub fn is_empty(&self) -> bool {
        self.seen.is_empty()
    }
}
