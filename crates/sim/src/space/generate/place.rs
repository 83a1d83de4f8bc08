//! Placement on a carved map: the squad's start `S` (open ground round it), the enemy
//! spawns `E` (three to six, on more than one side of the start, far enough by path),
//! the lamps `L`; holding on odd seeds (no route: the squad holds at `S`), marching on
//! even ones (a route of three to six waypoints with room round each). The map's text,
//! and the plan the scenario's text is written from.

use crate::core::rng::Rng;
use crate::space::generate::carve::{pick, range, shuffle, Canvas, FAR, STRAIGHT};
use crate::space::generate::scenario::{self, Header, March, Plan};

/// How demanding the placement is; relaxed only when a map refuses the strict rules (on
/// no seed of 1..=600 of any kind), the start's open ground kept even then.
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    /// Clearance of the start tile (3: no wall within two tiles).
    pub start_clear: u32,
    /// Path distance of a spawn from the start, in tiles (at most `spawn_max` when
    /// holding).
    pub spawn_min: u32,
    pub spawn_max: u32,
    /// Clearance of a spawn tile (2: its 3×3 open, room for the spawn jitter).
    pub spawn_clear: u32,
    /// Path distance of a spawn from the marching route, in tiles, at least (no wave
    /// appears on the squad's way); and from its waypoint at most (the waves meet it).
    pub route_gap: u32,
    pub route_reach: u32,
}

pub const STRICT: Rules = Rules {
    start_clear: 3,
    spawn_min: 14,
    spawn_max: 40,
    spawn_clear: 2,
    route_gap: 6,
    route_reach: 24,
};

pub const RELAXED: Rules = Rules {
    start_clear: 3,
    spawn_min: 12,
    spawn_max: 200,
    spawn_clear: 1,
    route_gap: 3,
    route_reach: 200,
};

/// A waypoint's clearance (3: its 5×5 open, the formation fits) and a leg's path
/// length.
const WAYPOINT_CLEAR: u32 = 3;
const LEG_MIN: u32 = 10;
const LEG_MAX: u32 = 26;
/// The whole route's path length at most, tiles (walked in well under the duration).
const ROUTE_MAX: u32 = 110;

type T = (i32, i32);

/// The marching route: waypoints and every tile walked between them.
struct Route {
    points: Vec<T>,
    tiles: Vec<T>,
    /// Each leg's path length (to its waypoint), tenths of a tile.
    legs: Vec<u32>,
    /// Path length, tenths of a tile.
    length: u32,
}

/// The side of `from` that `to` lies on, by its larger offset: 0 east (+x), 1 south
/// (+y), 2 west, 3 north — times 90 its heading in degrees.
pub fn side(from: T, to: T) -> usize {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    if dx.abs() >= dy.abs() {
        if dx >= 0 {
            0
        } else {
            2
        }
    } else if dy > 0 {
        1
    } else {
        3
    }
}

fn dist2(a: T, b: T) -> i32 {
    (a.0 - b.0).pow(2) + (a.1 - b.1).pow(2)
}

/// Places the markers on a copy of `c` and writes the map's and the scenario's texts;
/// `None` when the map allows no placement under `rules` (24 starts tried, in order of
/// preference).
pub fn place(c: &Canvas, rng: &mut Rng, h: &Header, rules: Rules) -> Option<(String, String)> {
    let holding = h.seed % 2 == 1;
    let clear = c.clearance();
    let (cx, cy) = (c.width() / 2, c.height() / 2);
    let mut starts: Vec<T> = tiles(c)
        .filter(|&(x, y)| c.is_floor(x, y) && clear[c.index(x, y)] >= rules.start_clear)
        .collect();
    shuffle(rng, &mut starts);
    // Holding near the middle (spawns all round); marching half way out (room ahead).
    let reach = (cx + cy).max(1);
    starts.sort_by_key(|&(x, y)| {
        let band = ((x - cx).abs() + (y - cy).abs()) * 4 / reach;
        if holding {
            band
        } else {
            (band - 2).abs()
        }
    });
    for &s in starts.iter().take(24) {
        if let Some(out) = try_start(c, &clear, s, holding, rules, rng, h) {
            return Some(out);
        }
    }
    None
}

/// Every tile in reading order.
fn tiles(c: &Canvas) -> impl Iterator<Item = T> + '_ {
    (0..c.height()).flat_map(move |y| (0..c.width()).map(move |x| (x, y)))
}

fn try_start(
    c: &Canvas,
    clear: &[u32],
    start: T,
    holding: bool,
    rules: Rules,
    rng: &mut Rng,
    h: &Header,
) -> Option<(String, String)> {
    let dist = c.distances(&[start]);
    let route = if holding {
        None
    } else {
        Some(route(c, clear, start, &dist, rng)?)
    };
    // Holding, the spawns are round the start; marching, near the waypoints in turn,
    // the last (the long hold) first.
    let avoid = route.as_ref().map(|r| c.distances(&r.tiles));
    let fields: Vec<Vec<u32>> = match &route {
        None => vec![dist.clone()],
        Some(r) => {
            let k = r.points.len();
            let mut order: Vec<usize> = Vec::new();
            for j in 0..k {
                order.push(if j % 2 == 0 { k - 1 - j / 2 } else { j / 2 });
            }
            order.iter().map(|&j| c.distances(&[r.points[j]])).collect()
        }
    };
    let anchors: Vec<&[u32]> = fields.iter().map(Vec::as_slice).collect();
    let reach = if holding {
        rules.spawn_max
    } else {
        rules.route_reach
    };
    let spawns = spawns(
        c,
        clear,
        start,
        (&dist, avoid.as_deref()),
        (&anchors, reach),
        rules,
        rng,
    )?;
    let mut taken = spawns.clone();
    taken.push(start);
    let lamps = lamps(c, clear, &dist, &taken, rng);
    let mut m = c.clone();
    m.set(start.0, start.1, b'S');
    for &(x, y) in &spawns {
        m.set(x, y, b'E');
    }
    for &(x, y) in &lamps {
        m.set(x, y, b'L');
    }
    let map_text = format!(
        "# Generated by `{}`: {}.\nname = gen_{}_{}: {}\n{}",
        h.command(),
        h.about,
        h.kind,
        h.seed,
        h.about,
        m.rows()
    );
    let march = route.map(|r| March {
        first_side: side(start, r.points[0]),
        reach: spawns
            .iter()
            .map(|&e| {
                let d = c.distances(&[e]);
                r.points
                    .iter()
                    .map(|p| d[c.index(p.0, p.1)] / STRAIGHT)
                    .collect()
            })
            .collect(),
        points: r.points,
        legs: r.legs,
    });
    let plan = Plan {
        header: h,
        sides: spawns.iter().map(|&e| side(start, e)).collect(),
        from_start: spawns
            .iter()
            .map(|e| dist[c.index(e.0, e.1)] / STRAIGHT)
            .collect(),
        march,
    };
    Some((map_text, scenario::write(&plan, rng)))
}

/// Three to six waypoints, each a leg of 10–26 tiles from the last through no one-tile
/// passage, with its 5×5 open, away from the start and the earlier waypoints,
/// preferring the way out; 110 tiles in all at most.
fn route(c: &Canvas, clear: &[u32], start: T, from_start: &[u32], rng: &mut Rng) -> Option<Route> {
    let n = range(rng, 3, 6) as usize;
    let mut r = Route {
        points: Vec::new(),
        tiles: vec![start],
        legs: Vec::new(),
        length: 0,
    };
    // The squad walks each leg abreast: its shortest path no longer than the shortest
    // without one-tile passages (half a tile's slack for ties).
    let wide = c.without_pinches();
    let mut cur = start;
    for _ in 0..n {
        let d = c.distances(&[cur]);
        let dw = wide.distances(&[cur]);
        let mut best: Option<(u32, T)> = None;
        for t in tiles(c) {
            let i = c.index(t.0, t.1);
            let ok = c.is_open(t.0, t.1)
                && clear[i] >= WAYPOINT_CLEAR
                && (LEG_MIN * STRAIGHT..=LEG_MAX * STRAIGHT).contains(&d[i])
                && dw[i] <= d[i] + STRAIGHT / 2
                && r.length + d[i] <= ROUTE_MAX * STRAIGHT
                && dist2(t, start) >= 64
                && r.points.iter().all(|&p| dist2(t, p) >= 64);
            if !ok {
                continue;
            }
            let score = from_start[i] + rng.below(8 * STRAIGHT);
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, t));
            }
        }
        let Some((_, next)) = best else { break };
        let leg = c.path(&d, next);
        r.tiles.extend_from_slice(&leg[1..]);
        r.legs.push(d[c.index(next.0, next.1)]);
        r.length += d[c.index(next.0, next.1)];
        r.points.push(next);
        cur = next;
    }
    (r.points.len() >= 3).then_some(r)
}

/// Three to six spawns, each near one of the `anchors` in turn (a distance field, the
/// spawn within `reach` tiles by path of its seed): of a sample, the one on a side of the
/// start no spawn stands on yet, else the farthest from those taken. Every spawn at least
/// `spawn_min` tiles by path from the start and, on a march, `route_gap` from the route.
/// `None` unless three or more on two sides or more.
fn spawns(
    c: &Canvas,
    clear: &[u32],
    start: T,
    (dist, avoid): (&[u32], Option<&[u32]>),
    (anchors, reach): (&[&[u32]], u32),
    rules: Rules,
    rng: &mut Rng,
) -> Option<Vec<T>> {
    let n = range(rng, 3, 6) as usize;
    let pool: Vec<T> = tiles(c)
        .filter(|&(x, y)| {
            let i = c.index(x, y);
            c.is_floor(x, y)
                && clear[i] >= rules.spawn_clear
                && dist[i] != FAR
                && dist[i] >= rules.spawn_min * STRAIGHT
                && avoid.is_none_or(|a| a[i] >= rules.route_gap * STRAIGHT)
        })
        .collect();
    let mut chosen: Vec<T> = Vec::new();
    let mut misses = 0;
    let mut turn = 0;
    while chosen.len() < n && misses < 2 * anchors.len() {
        let a = anchors[turn % anchors.len()];
        turn += 1;
        let near: Vec<T> = pool
            .iter()
            .copied()
            .filter(|t| a[c.index(t.0, t.1)] <= reach * STRAIGHT)
            .collect();
        let mut best: Option<((bool, i32), T)> = None;
        for _ in 0..if near.is_empty() { 0 } else { 32 } {
            let t = pick(rng, &near);
            let sep = chosen
                .iter()
                .map(|&q| dist2(t, q))
                .min()
                .unwrap_or(i32::MAX);
            let new_side = !chosen.iter().any(|&q| side(start, q) == side(start, t));
            let key = (new_side, sep.min(400));
            if sep >= 36 && best.is_none_or(|(b, _)| key > b) {
                best = Some((key, t));
            }
        }
        match best {
            Some((_, t)) => chosen.push(t),
            None => misses += 1,
        }
    }
    let sides = (0..4)
        .filter(|&s| chosen.iter().any(|&t| side(start, t) == s))
        .count();
    if chosen.len() < 3 || sides < 2 {
        return None;
    }
    // The map numbers its spawns in reading order.
    chosen.sort_by_key(|&(x, y)| (y, x));
    Some(chosen)
}

/// Two to six lamps: one a few tiles from the start, the others spread out.
fn lamps(c: &Canvas, clear: &[u32], dist: &[u32], taken: &[T], rng: &mut Rng) -> Vec<T> {
    let n = range(rng, 2, 6) as usize;
    let free = |t: T| c.is_floor(t.0, t.1) && !taken.contains(&t);
    let near: Vec<T> = tiles(c)
        .filter(|&t| {
            let d = dist[c.index(t.0, t.1)];
            free(t) && (3 * STRAIGHT..=8 * STRAIGHT).contains(&d)
        })
        .collect();
    let spread: Vec<T> = tiles(c)
        .filter(|&t| free(t) && clear[c.index(t.0, t.1)] >= 2)
        .collect();
    let mut out = Vec::new();
    if !near.is_empty() {
        out.push(pick(rng, &near));
    }
    while out.len() < n && !spread.is_empty() {
        let mut best: Option<(i32, T)> = None;
        for _ in 0..32 {
            let t = pick(rng, &spread);
            let sep = out.iter().map(|&q| dist2(t, q)).min().unwrap_or(i32::MAX);
            if sep > 0 && best.is_none_or(|(b, _)| sep > b) {
                best = Some((sep, t));
            }
        }
        match best {
            Some((_, t)) => out.push(t),
            None => break,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::space::generate::carve::FLOOR;

    #[test]
    fn an_open_field_gets_its_markers_and_both_texts() {
        let mut c = Canvas::new(44, 32);
        c.fill(c.interior(), FLOOR);
        let h = Header {
            kind: "yard",
            about: "an open yard",
            seed: 3,
            map_file: "yard_3.map",
        };
        let (map, scn) = place(&c, &mut Rng::new(3), &h, STRICT).expect("placed");
        assert!(map.starts_with("# Generated by `squad_proto --generate yard --seed 3`"));
        let grid: String = map.lines().skip(2).collect();
        assert_eq!(grid.matches('S').count(), 1);
        let spawns = grid.matches('E').count();
        assert!((3..=6).contains(&spawns), "{spawns} spawns");
        assert!(scn.contains("map = yard_3.map\n") && scn.contains("name = gen_yard_3\n"));
        assert!(!scn.contains("waypoint"), "odd seeds hold");
    }

    #[test]
    fn sides_by_the_larger_offset() {
        assert_eq!(side((5, 5), (9, 6)), 0);
        assert_eq!(side((5, 5), (6, 9)), 1);
        assert_eq!(side((5, 5), (1, 4)), 2);
        assert_eq!(side((5, 5), (5, 1)), 3);
    }
}
