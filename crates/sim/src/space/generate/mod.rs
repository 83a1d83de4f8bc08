//! Generated maps (REQ §26): a map and its scenario from a kind and a seed, the same
//! texts for the same pair on every machine (the sim's own [`Rng`], ordered collections,
//! integer arithmetic).
//!
//! A kind carves the interior of an all-wall canvas (`rooms.rs`, `caves.rs`,
//! `pillars.rs`, `yard.rs`, `mixed.rs`, over `carve.rs`); every region but the largest
//! is filled, so the floor is one 4-connected region and the border is wall; then
//! `place.rs` puts the start, the spawns and the lamps and writes the map, and
//! `scenario.rs` the scenario. A map that refuses the placement is drawn again from
//! the same stream.

mod carve;
mod caves;
mod mixed;
mod pillars;
mod place;
mod rooms;
mod scenario;
mod yard;

use crate::core::rng::Rng;
use carve::{range, Canvas, FLOOR};
use place::{RELAXED, STRICT};
use scenario::Header;

/// The kinds of generated map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    /// Rooms joined by 2-wide corridors, some doorways narrowed to one tile, junctions
    /// that make long corridors.
    Rooms,
    /// Cellular-automaton caves, the largest region kept.
    Caves,
    /// Halls with grids of 1×1 or 2×2 pillars.
    Pillars,
    /// Open yards with scattered cover.
    Yard,
    /// Rooms on one side, a yard, caves or a pillar hall on the other.
    Mixed,
}

impl Kind {
    pub const ALL: [Kind; 5] = [
        Kind::Rooms,
        Kind::Caves,
        Kind::Pillars,
        Kind::Yard,
        Kind::Mixed,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Kind::Rooms => "rooms",
            Kind::Caves => "caves",
            Kind::Pillars => "pillars",
            Kind::Yard => "yard",
            Kind::Mixed => "mixed",
        }
    }

    pub fn parse(s: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == s)
    }

    /// What the kind is, in the files' comments.
    fn about(self) -> &'static str {
        match self {
            Kind::Rooms => "rooms and corridors",
            Kind::Caves => "caves",
            Kind::Pillars => "pillar halls",
            Kind::Yard => "an open yard with cover",
            Kind::Mixed => "rooms beside open ground",
        }
    }

    /// The map's size range, tiles: (width, height) low and high.
    fn size(self) -> ((i32, i32), (i32, i32)) {
        match self {
            Kind::Rooms => ((40, 64), (30, 48)),
            Kind::Caves => ((40, 60), (30, 44)),
            Kind::Pillars => ((40, 64), (30, 44)),
            Kind::Yard => ((40, 60), (30, 44)),
            Kind::Mixed => ((50, 64), (32, 48)),
        }
    }
}

/// A generated map and scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    pub kind: Kind,
    pub seed: u64,
    pub map_text: String,
    pub scenario_text: String,
}

/// Maps drawn under the strict placement rules before they are relaxed.
const ATTEMPTS: usize = 24;

/// The map and scenario of `kind` for `seed`. `map_file` is the file name the
/// scenario's `map =` line names (e.g. "rooms_7.map").
pub fn generate(kind: Kind, seed: u64, map_file: &str) -> Generated {
    let mut rng = Rng::new(seed ^ ((kind as u64 + 1) << 56));
    let h = Header {
        kind: kind.name(),
        about: kind.about(),
        seed,
        map_file,
    };
    let placed = (0..ATTEMPTS)
        .find_map(|_| place::place(&build(kind, &mut rng), &mut rng, &h, STRICT))
        .or_else(|| place::place(&build(kind, &mut rng), &mut rng, &h, RELAXED))
        .unwrap_or_else(|| {
            // An open field takes the relaxed rules whatever the draws.
            let mut c = Canvas::new(44, 32);
            c.fill(c.interior(), FLOOR);
            place::place(&c, &mut rng, &h, RELAXED).expect("an open field has room")
        });
    Generated {
        kind,
        seed,
        map_text: placed.0,
        scenario_text: placed.1,
    }
}

/// The kind for seed `n` when cycling through `kinds`: seed 1 the first, 2 the second,
/// … (seed 0 the last). `Rooms` when `kinds` is empty.
pub fn kind_for_seed(kinds: &[Kind], seed: u64) -> Kind {
    if kinds.is_empty() {
        return Kind::Rooms;
    }
    let n = kinds.len() as u64;
    kinds[((seed % n + n - 1) % n) as usize]
}

/// A carved map of `kind`: its size drawn, one connected floor region.
fn build(kind: Kind, rng: &mut Rng) -> Canvas {
    let ((w0, w1), (h0, h1)) = kind.size();
    let mut c = Canvas::new(range(rng, w0, w1), range(rng, h0, h1));
    let area = c.interior();
    match kind {
        Kind::Rooms => rooms::carve(&mut c, area, rng),
        Kind::Caves => caves::carve(&mut c, area, rng),
        Kind::Pillars => pillars::carve(&mut c, area, rng),
        Kind::Yard => yard::carve(&mut c, area, rng),
        Kind::Mixed => mixed::carve(&mut c, area, rng),
    }
    c.keep_largest();
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_by_name_and_by_seed() {
        for k in Kind::ALL {
            assert_eq!(Kind::parse(k.name()), Some(k));
        }
        assert_eq!(Kind::parse("Rooms"), None);
        let all = Kind::ALL;
        assert_eq!(kind_for_seed(&all, 1), Kind::Rooms);
        assert_eq!(kind_for_seed(&all, 2), Kind::Caves);
        assert_eq!(kind_for_seed(&all, 5), Kind::Mixed);
        assert_eq!(kind_for_seed(&all, 6), Kind::Rooms);
        assert_eq!(kind_for_seed(&all, 0), Kind::Mixed);
        assert_eq!(kind_for_seed(&[Kind::Yard], 9), Kind::Yard);
        assert_eq!(
            kind_for_seed(&all, u64::MAX),
            kind_for_seed(&all, u64::MAX % 5)
        );
    }
}
