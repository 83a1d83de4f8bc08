//! A map cut into rooms, each with its look (REQ V2): computed once per map from its
//! tiles alone, so every frame, band and machine dresses it the same.
//!
//! Rooms are found where the map is open: a floor tile five tiles clear of every wall
//! (Chebyshev distance ≥ 3) is a room's core, the cores' 8-connected groups are the
//! rooms, and every other floor tile joins the room it reaches first by a 4-connected
//! walk (so a corridor between two rooms is shared at its middle, and doorways are
//! where the looks change). Floor no core reaches is a room of its own per connected
//! piece. A wall takes the room of the floor beside it (the faces the camera sees
//! first), solid rock none.

use sim::read::{Map, Tile};

/// A look: the floor's and the walls' materials and how worn the room is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    pub floor: FloorKind,
    pub wall: WallKind,
    /// 0 clean … 2 filthy: how often a tile gets its grime or damage variant.
    pub grime: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloorKind {
    /// Riveted steel deck plates.
    Plates,
    /// Small ceramic tiles in grout.
    Tiles,
    /// Poured concrete slabs.
    Concrete,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WallKind {
    /// Steel panels with trim, a kick plate and rivets.
    Panels,
    /// Cast concrete with formwork seams and tie holes.
    Concrete,
    /// Tiles to the waist, paint above.
    Tiled,
}

/// The looks a room may take: a service deck, a pump hall, a washroom or lab, a store,
/// a maintenance bay, a flooded tunnel.
pub const STYLES: [Style; 6] = [
    Style {
        floor: FloorKind::Plates,
        wall: WallKind::Panels,
        grime: 1,
    },
    Style {
        floor: FloorKind::Concrete,
        wall: WallKind::Concrete,
        grime: 2,
    },
    Style {
        floor: FloorKind::Tiles,
        wall: WallKind::Tiled,
        grime: 1,
    },
    Style {
        floor: FloorKind::Concrete,
        wall: WallKind::Panels,
        grime: 0,
    },
    Style {
        floor: FloorKind::Plates,
        wall: WallKind::Concrete,
        grime: 2,
    },
    Style {
        floor: FloorKind::Tiles,
        wall: WallKind::Concrete,
        grime: 2,
    },
];

/// Per tile, its room's look (an index into [`STYLES`]); the map's fingerprint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rooms {
    pub fingerprint: u64,
    width: i32,
    height: i32,
    style: Vec<u8>,
}

/// A map's identity for the caches: its size and every tile (FNV-1a).
pub fn fingerprint(m: &Map) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |b: u64| h = (h ^ b).wrapping_mul(0x0100_0000_01b3);
    eat(m.width() as u64);
    eat(m.height() as u64);
    for t in &m.tiles {
        eat(code(*t));
    }
    for c in m.name.bytes() {
        eat(c as u64);
    }
    h
}

fn code(t: Tile) -> u64 {
    match t {
        Tile::Wall => 0,
        Tile::Floor => 1,
        Tile::Debris => 2,
        Tile::Crates => 3,
        Tile::Barrels => 4,
        Tile::Console => 5,
        Tile::Pipes => 6,
        Tile::Grate => 7,
        Tile::Cables => 8,
    }
}

impl Rooms {
    pub fn new(m: &Map) -> Rooms {
        let (w, h) = (m.width(), m.height());
        let n = (w * h) as usize;
        let wall = |x: i32, y: i32| m.tile(x, y).is_wall();
        let idx = |x: i32, y: i32| (y * w + x) as usize;
        // Chebyshev distance to the nearest wall (outside the grid is wall), two passes.
        let mut d = vec![0u16; n];
        for y in 0..h {
            for x in 0..w {
                if wall(x, y) {
                    continue;
                }
                let mut v = u16::MAX;
                for (dx, dy) in [(-1, -1), (0, -1), (1, -1), (-1, 0)] {
                    let (a, b) = (x + dx, y + dy);
                    let o = if a < 0 || b < 0 || a >= w || b >= h {
                        0
                    } else {
                        d[idx(a, b)]
                    };
                    v = v.min(o.saturating_add(1));
                }
                d[idx(x, y)] = v;
            }
        }
        for y in (0..h).rev() {
            for x in (0..w).rev() {
                if wall(x, y) {
                    continue;
                }
                let mut v = d[idx(x, y)];
                for (dx, dy) in [(1, 1), (0, 1), (-1, 1), (1, 0)] {
                    let (a, b) = (x + dx, y + dy);
                    let o = if a < 0 || b < 0 || a >= w || b >= h {
                        0
                    } else {
                        d[idx(a, b)]
                    };
                    v = v.min(o.saturating_add(1));
                }
                d[idx(x, y)] = v;
            }
        }
        // Cores, grouped 8-connected in reading order; then the walk from all of them.
        const NONE: u32 = u32::MAX;
        let mut room = vec![NONE; n];
        let mut rooms = 0u32;
        let mut queue = std::collections::VecDeque::new();
        let core = |i: usize| d[i] >= 3;
        for y in 0..h {
            for x in 0..w {
                let i = idx(x, y);
                if !core(i) || room[i] != NONE {
                    continue;
                }
                let mut stack = vec![(x, y)];
                room[i] = rooms;
                while let Some((a, b)) = stack.pop() {
                    queue.push_back((a, b));
                    for dy in -1..=1 {
                        for dx in -1..=1 {
                            let (p, q) = (a + dx, b + dy);
                            if p < 0 || q < 0 || p >= w || q >= h {
                                continue;
                            }
                            let j = idx(p, q);
                            if core(j) && room[j] == NONE {
                                room[j] = rooms;
                                stack.push((p, q));
                            }
                        }
                    }
                }
                rooms += 1;
            }
        }
        let walk = |queue: &mut std::collections::VecDeque<(i32, i32)>, room: &mut [u32]| {
            while let Some((x, y)) = queue.pop_front() {
                let r = room[idx(x, y)];
                for (dx, dy) in [(1, 0), (0, 1), (-1, 0), (0, -1)] {
                    let (a, b) = (x + dx, y + dy);
                    if a < 0 || b < 0 || a >= w || b >= h || wall(a, b) {
                        continue;
                    }
                    let j = idx(a, b);
                    if room[j] == NONE {
                        room[j] = r;
                        queue.push_back((a, b));
                    }
                }
            }
        };
        walk(&mut queue, &mut room);
        for y in 0..h {
            for x in 0..w {
                if !wall(x, y) && room[idx(x, y)] == NONE {
                    room[idx(x, y)] = rooms;
                    rooms += 1;
                    queue.push_back((x, y));
                    walk(&mut queue, &mut room);
                }
            }
        }
        // Walls: the room of the floor beside them, the camera's side first.
        // The first look from the map's name alone: props moved about keep the looks.
        let named = m.name.bytes().fold(0x811c_9dc5u32, |h, b| {
            (h ^ b as u32).wrapping_mul(0x0100_0193)
        });
        let first = named % STYLES.len() as u32;
        let mut style = vec![0u8; n];
        for y in 0..h {
            for x in 0..w {
                let r = if wall(x, y) {
                    [
                        (0, 1),
                        (1, 0),
                        (0, -1),
                        (-1, 0),
                        (1, 1),
                        (-1, 1),
                        (1, -1),
                        (-1, -1),
                    ]
                    .iter()
                    .map(|&(dx, dy)| (x + dx, y + dy))
                    .find(|&(a, b)| a >= 0 && b >= 0 && a < w && b < h && !wall(a, b))
                    .map_or(NONE, |(a, b)| room[idx(a, b)])
                } else {
                    room[idx(x, y)]
                };
                // Rooms found one after the other take different looks (a step of 5 of
                // 6 visits every look), the first chosen by the map.
                style[idx(x, y)] = if r == NONE {
                    0
                } else {
                    ((first + r * 5) % STYLES.len() as u32) as u8
                };
            }
        }
        Rooms {
            fingerprint: fingerprint(m),
            width: w,
            height: h,
            style,
        }
    }

    /// The look of tile `(x, y)` (outside the map: the first).
    pub fn style(&self, x: i32, y: i32) -> Style {
        if x < 0 || y < 0 || x >= self.width || y >= self.height {
            return STYLES[0];
        }
        STYLES[self.style[(y * self.width + x) as usize] as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rooms(text: &str) -> (Map, Rooms) {
        let m = Map::parse("t.map", text).unwrap();
        let r = Rooms::new(&m);
        (m, r)
    }

    #[test]
    fn two_rooms_joined_by_a_corridor_differ_and_meet_in_it() {
        let text = "\
###################
#.......###.......#
#.......###.......#
#.......###.......#
#.S...............#
#.......###.......#
#.......###.......#
#.......###.......#
###################
";
        let (_, r) = rooms(text);
        let (a, b) = (r.style(4, 4), r.style(14, 4));
        assert_ne!(a, b, "the rooms look different");
        // Every tile of each room has its room's look, walls beside them too.
        for y in 1..8 {
            for x in 1..8 {
                assert_eq!(r.style(x, y), a, "({x}, {y})");
                assert_eq!(r.style(x + 10, y), b, "({}, {y})", x + 10);
            }
        }
        assert_eq!(r.style(4, 0), a, "a wall takes the room beside it");
        // The corridor is shared: its first tile the left room's, its last the right's.
        assert_eq!((r.style(8, 4), r.style(10, 4)), (a, b));
    }

    #[test]
    fn the_same_map_gets_the_same_rooms_and_a_prop_counts_as_its_reading() {
        let text = "########\n#S.....#\n#......#\n#......#\n#......#\n#......#\n########\n";
        let (m, r) = rooms(text);
        assert_eq!(r, Rooms::new(&m));
        let dressed = text.replacen("#S", "cS", 1).replacen("..#\n#", "..p\n#", 1);
        let (_, d) = rooms(&dressed);
        assert_ne!(r.fingerprint, d.fingerprint);
        for y in 1..6 {
            for x in 1..7 {
                assert_eq!(r.style(x, y), d.style(x, y), "({x}, {y})");
            }
        }
    }
}
