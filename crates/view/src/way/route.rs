//! The walkable way from the disk to the active objective (REQ W1): an A* path over the
//! map's tiles (the simulation's own pathfinder, through its read model), kept between
//! ticks and searched again only when the disk enters another tile or the objective's
//! place changes; and its straight legs from where the disk stands (string pulling,
//! redone each tick: a few line traces). The HUD's off-screen arrow points along the
//! first leg, the floor trail marks the next tiles ([`super::trail`]), the map draws it
//! whole.
//!
//! The objective followed is the first active one with a place (the one the HUD lists
//! first): a reach or hold objective leads to the middle of its area, a recovery to
//! its item until it is carried and then to its area, the nests to the nearest standing
//! nest *by the path* (not through walls). A search is a pure query on the map's grid:
//! nothing here is in the simulation's state, its checksum or a replay.
//!
//! Two things keep the arrow steady (issue 35: in mission 2 it swung end for end when
//! the disk stepped one tile back and forth halfway between two nests). Of several goals
//! the one followed is kept while it stands unless another is nearer by the path by
//! more than `[way] switch_tiles`; and the arrow drawn ([`Route::arrow`]) turns toward
//! the first leg at no more than `[way] arrow_turn` degrees a second, so a corner turns
//! it over a few frames instead of in one.

use std::sync::Arc;

use sim::read::nav::{find_path_to_any, smooth_path, PathLimits, PathScratch, PathStatus, Tile};
use sim::read::{Goal, Grid, World};
use sim::tuning::DT;
use sim::Vec2;

use super::tuning::WayTuning;

/// What a path was searched for: the map, the objective and its goal tiles, the disk's
/// tile. The same key gives the same path, so it is not searched again.
#[derive(Clone, Debug, PartialEq)]
struct Key {
    map: usize,
    objective: usize,
    goals: Vec<Tile>,
    start: Tile,
}

/// Where an objective leads: its goal tiles and, per goal tile, the point the marker
/// rings (an area's centre for every tile of the area; a nest's or an item's position).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Place {
    pub objective: usize,
    pub goals: Vec<Tile>,
    pub points: Vec<Vec2>,
}

/// The way to the active objective (see the module's header).
#[derive(Clone, Debug, Default)]
pub struct Route {
    key: Option<Key>,
    /// Tiles from the disk's tile to the goal, both included; empty: no way (no place,
    /// the disk on no floor, or the place unreachable).
    tiles: Vec<Tile>,
    /// The point the marker rings for the goal reached.
    goal: Option<Vec2>,
    objective: Option<usize>,
    /// Where the disk stood at the last update, and the straight legs from there.
    from: Vec2,
    legs: Vec<Vec2>,
    scratch: PathScratch,
    /// A* searches run so far (the cache's work, for the tests and the measures).
    searches: u64,
    /// Reused buffer of the last place's goal tiles.
    place: Place,
    /// The goal tile followed (of several: the nest the way leads to), kept while it
    /// stands unless another is clearly nearer (see the module's header).
    followed: Option<Tile>,
    /// Buffer of the path to the goal that was followed.
    kept: Vec<Tile>,
    /// The arrow's direction as drawn: turned toward [`Route::heading`] at a bounded rate.
    arrow: Option<Vec2>,
}

/// The first active objective of `w` with a place, and where it leads (goal tiles on
/// the floor only).
pub fn place(w: &World) -> Option<Place> {
    let m = w.mission();
    if m.outcome.ended() {
        return None;
    }
    let grid = &w.map().grid;
    let floor = |t: Tile| !grid.is_wall(t.0, t.1);
    for (k, o) in m.objectives.iter().enumerate().filter(|(_, o)| o.active()) {
        // An area: its floor tile nearest its centre (the squad's centre must be inside,
        // and the squad trails the disk: a way to the edge would stop it short).
        let area = |a: usize| {
            let area = &m.areas[a];
            let c = area.centre();
            let (x0, y0) = Grid::tile_of(area.min);
            let (x1, y1) = Grid::tile_of(area.max);
            let goals: Vec<Tile> = (y0..=y1)
                .flat_map(|y| (x0..=x1).map(move |x| (x, y)))
                .filter(|&(x, y)| area.contains(Grid::tile_center(x, y)) && floor((x, y)))
                .min_by(|a, b| {
                    let d = |t: &Tile| Grid::tile_center(t.0, t.1).distance_sq(c);
                    d(a).total_cmp(&d(b))
                })
                .into_iter()
                .collect();
            let points = vec![c; goals.len()];
            Place {
                objective: k,
                goals,
                points,
            }
        };
        let spots = |ps: Vec<Vec2>| Place {
            objective: k,
            goals: ps.iter().map(|&p| Grid::tile_of(p)).collect(),
            points: ps,
        };
        let p = match o.spec.goal {
            Goal::Reach { area: a } | Goal::Hold { area: a, .. } => area(a),
            Goal::Recover { item, area: a } => match m.items[item].carrier {
                Some(_) => area(a),
                None => spots(vec![m.items[item].pos]),
            },
            Goal::Nests => spots(
                m.nests
                    .iter()
                    .filter_map(|n| {
                        let es = w.enemies();
                        es.binary_search_by_key(&n.enemy, |e| e.id)
                            .ok()
                            .map(|i| &es[i])
                    })
                    .filter(|e| e.alive)
                    .map(|e| e.pos)
                    .collect(),
            ),
            Goal::Survive { .. } | Goal::Do { .. } => continue,
        };
        if !p.goals.is_empty() {
            return Some(p);
        }
    }
    None
}

impl Route {
    /// One simulation tick: the path searched again if the disk changed tile or the
    /// objective's place changed, the legs from where the disk stands now.
    pub fn update(&mut self, w: &World, t: &WayTuning) {
        let Some(place) = place(w) else {
            self.clear();
            return;
        };
        let grid = &w.map().grid;
        let from = w.anchor().pos;
        let key = Key {
            map: Arc::as_ptr(w.map()) as usize,
            objective: place.objective,
            goals: place.goals.clone(),
            start: Grid::tile_of(from),
        };
        if self.key.as_ref() != Some(&key) {
            self.searches += 1;
            let r = find_path_to_any(
                grid,
                key.start,
                &key.goals,
                PathLimits::UNLIMITED,
                &mut self.scratch,
                &mut self.tiles,
            );
            let mut found = match (r.status, r.goal) {
                (PathStatus::Found, Some(g)) => Some(g),
                _ => None,
            };
            // The goal followed so far, if it still stands and is not much farther.
            let before = self
                .followed
                .filter(|_| self.objective == Some(place.objective))
                .and_then(|f| key.goals.iter().position(|&g| g == f));
            if let (Some(g), Some(b)) = (found, before) {
                if g != b {
                    let r = find_path_to_any(
                        grid,
                        key.start,
                        &key.goals[b..=b],
                        PathLimits::UNLIMITED,
                        &mut self.scratch,
                        &mut self.kept,
                    );
                    if r.status == PathStatus::Found
                        && length(&self.kept) <= length(&self.tiles) + t.switch_tiles
                    {
                        std::mem::swap(&mut self.tiles, &mut self.kept);
                        found = Some(b);
                    }
                }
            }
            self.goal = found.map(|g| place.points[g]);
            self.followed = found.map(|g| key.goals[g]);
            if found.is_none() {
                self.tiles.clear();
            }
            self.objective = Some(place.objective);
            self.key = Some(key);
        }
        self.place = place;
        self.from = from;
        // The legs from the disk itself, past its own tile, wide as a body of the squad
        // (a leg a body cannot walk is not the way).
        let radius = w.agents().first().map_or(0.3, |a| a.radius);
        match self.tiles.get(1..) {
            Some(rest) if !rest.is_empty() => smooth_path(grid, rest, from, radius, &mut self.legs),
            _ => self.legs.clear(),
        }
        // The arrow: toward the first leg, at most `arrow_turn` degrees this tick; a new
        // way (none shown before) is pointed at at once.
        self.arrow = match (self.arrow, self.heading()) {
            (Some(a), Some(h)) => Some(turn_toward(a, h, (t.arrow_turn * DT).to_radians())),
            (_, h) => h,
        };
    }

    fn clear(&mut self) {
        self.key = None;
        self.tiles.clear();
        self.legs.clear();
        self.goal = None;
        self.objective = None;
        self.place = Place::default();
        self.followed = None;
        self.arrow = None;
    }

    /// The objective the way leads to.
    pub fn objective(&self) -> Option<usize> {
        self.objective
    }

    /// The point the marker rings: the centre of the area reached, the nest or the item.
    pub fn goal(&self) -> Option<Vec2> {
        self.goal
    }

    /// The path's tiles from the disk's tile to the goal (empty: no way).
    pub fn tiles(&self) -> &[Tile] {
        &self.tiles
    }

    /// Up to `n` tiles of the path after the disk's own.
    pub fn ahead(&self, n: usize) -> &[Tile] {
        let rest = self.tiles.get(1..).unwrap_or(&[]);
        &rest[..rest.len().min(n)]
    }

    /// The straight legs from the disk (their ends; the last is the goal tile's centre).
    pub fn legs(&self) -> &[Vec2] {
        &self.legs
    }

    /// Where the disk stood at the last update.
    pub fn from(&self) -> Vec2 {
        self.from
    }

    /// The first leg's direction from the disk (a unit world vector), when there is a way
    /// and the disk is not already at its end.
    pub fn heading(&self) -> Option<Vec2> {
        self.legs
            .iter()
            .map(|&p| p - self.from)
            .find(|d| d.length() > 0.05)
            .map(|d| d.normalize_or_zero())
    }

    /// The direction the HUD's off-screen arrow points (a unit world vector): the first
    /// leg's, reached at a bounded turn rate (see the module's header).
    pub fn arrow(&self) -> Option<Vec2> {
        self.arrow
    }

    /// The objective's place as last seen (goal tiles, marker points).
    pub fn place(&self) -> &Place {
        &self.place
    }

    /// A* searches run so far.
    pub fn searches(&self) -> u64 {
        self.searches
    }
}

/// A path's length in tiles (a diagonal step is √2).
fn length(tiles: &[Tile]) -> f32 {
    tiles
        .windows(2)
        .map(|s| {
            if s[0].0 != s[1].0 && s[0].1 != s[1].1 {
                std::f32::consts::SQRT_2
            } else {
                1.0
            }
        })
        .sum()
}

/// `from` turned toward `to` (unit vectors) by at most `max` radians.
fn turn_toward(from: Vec2, to: Vec2, max: f32) -> Vec2 {
    let a = from.y.atan2(from.x);
    let d = sim::read::wrap_angle(to.y.atan2(to.x) - a);
    if d.abs() <= max {
        return to;
    }
    let a = a + max.copysign(d);
    Vec2::new(a.cos(), a.sin())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_arrow_turns_at_most_the_step_and_lands_on_the_target() {
        let east = Vec2::new(1.0, 0.0);
        let west = Vec2::new(-1.0, 0.0);
        let step = 0.1;
        let mut a = east;
        let mut n = 0;
        while a.dot(west) < 0.9999 && n < 100 {
            let b = turn_toward(a, west, step);
            let turned = a.dot(b).clamp(-1.0, 1.0).acos();
            assert!(turned <= step + 1e-4, "{turned} rad in one step");
            a = b;
            n += 1;
        }
        // Half a turn at 0.1 rad a step: 32 steps (π / 0.1, rounded up).
        assert_eq!(n, 32);
        assert_eq!(
            turn_toward(east, Vec2::new(0.0, 1.0), 2.0),
            Vec2::new(0.0, 1.0)
        );
    }

    #[test]
    fn a_path_s_length_counts_diagonals_as_root_two() {
        assert_eq!(length(&[(0, 0), (1, 0), (2, 0)]), 2.0);
        let d = length(&[(0, 0), (1, 1), (1, 2)]);
        assert!((d - (1.0 + std::f32::consts::SQRT_2)).abs() < 1e-6);
        assert_eq!(length(&[(3, 3)]), 0.0);
    }
}
