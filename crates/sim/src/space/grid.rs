//! The tile grid: which tiles are walls, and the DDA ray cast over it (REQ S4 step 2).
//!
//! Tile `(x, y)` covers `[x, x + 1) × [y, y + 1)` in world units. Anything outside the
//! grid is wall (REQ S2.1), so every query is total.

use crate::core::geom::Vec2;

/// `x.floor() as i32` without the libm call (baseline x86-64 has no SSE4.1 `roundss`):
/// truncate, then step down for negative non-integers. Saturates like `as` (NaN → 0).
#[inline]
pub fn floor_i32(x: f32) -> i32 {
    let i = x as i32;
    if (i as f32) > x {
        i.saturating_sub(1)
    } else {
        i
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    width: i32,
    height: i32,
    walls: Vec<bool>,
    /// Per tile: it and its 8 neighbours are all floor (derived from `walls`, kept up to
    /// date by `set_wall`). A body of radius < 1 centred on such a tile touches no wall,
    /// which is [`resolve_walls`]' usual answer in open ground.
    clear: Vec<bool>,
    /// Per tile: bit `d` set when its neighbour in direction [`RING`]`[d]` is a wall (or
    /// outside the grid). [`resolve_walls`] reads which walls a body near the tile's edge
    /// could touch without visiting the tiles.
    ring: Vec<u8>,
}

/// The neighbours of [`Grid::ring`]'s bits: west, east, south, north, then the corners
/// south-west, south-east, north-west, north-east.
const RING: [(i32, i32); 8] = [
    (-1, 0),
    (1, 0),
    (0, -1),
    (0, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
    (1, 1),
];

/// Where a ray first touched a wall.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RayHit {
    /// Fraction of the segment `a -> b` at which the wall tile is entered, in `[0, 1]`.
    pub t: f32,
    pub tile: (i32, i32),
}

impl Grid {
    /// A grid of `width × height` tiles; `walls[y * width + x]` is true for a wall.
    pub fn new(width: i32, height: i32, walls: Vec<bool>) -> Grid {
        assert!(width >= 0 && height >= 0 && walls.len() == (width * height) as usize);
        let mut g = Grid {
            width,
            height,
            clear: vec![false; walls.len()],
            ring: vec![0; walls.len()],
            walls,
        };
        for y in 0..height {
            for x in 0..width {
                g.update_clear(x, y);
            }
        }
        g
    }

    /// Recomputes the `clear` flag and the `ring` of tile `(x, y)` (if it is in the grid).
    fn update_clear(&mut self, x: i32, y: i32) {
        if !self.in_bounds(x, y) {
            return;
        }
        let clear = (y - 1..=y + 1).all(|ny| (x - 1..=x + 1).all(|nx| !self.is_wall(nx, ny)));
        self.clear[(y * self.width + x) as usize] = clear;
        let ring = RING.iter().enumerate().fold(0u8, |m, (d, &(dx, dy))| {
            m | (self.is_wall(x + dx, y + dy) as u8) << d
        });
        self.ring[(y * self.width + x) as usize] = ring;
    }

    /// Tile `(x, y)` and its 8 neighbours are floor (false outside the grid).
    #[inline]
    pub fn is_clear(&self, x: i32, y: i32) -> bool {
        self.in_bounds(x, y) && self.clear[(y * self.width + x) as usize]
    }

    /// An open grid with a wall border of one tile.
    pub fn open_with_border(width: i32, height: i32) -> Grid {
        let mut walls = vec![false; (width * height) as usize];
        for y in 0..height {
            for x in 0..width {
                if x == 0 || y == 0 || x == width - 1 || y == height - 1 {
                    walls[(y * width + x) as usize] = true;
                }
            }
        }
        Grid::new(width, height, walls)
    }

    pub fn width(&self) -> i32 {
        self.width
    }

    pub fn height(&self) -> i32 {
        self.height
    }

    pub fn in_bounds(&self, x: i32, y: i32) -> bool {
        x >= 0 && y >= 0 && x < self.width && y < self.height
    }

    /// True for wall tiles and for everything outside the grid.
    pub fn is_wall(&self, x: i32, y: i32) -> bool {
        !self.in_bounds(x, y) || self.walls[(y * self.width + x) as usize]
    }

    pub fn set_wall(&mut self, x: i32, y: i32, wall: bool) {
        if self.in_bounds(x, y) {
            self.walls[(y * self.width + x) as usize] = wall;
            for ny in y - 1..=y + 1 {
                for nx in x - 1..=x + 1 {
                    self.update_clear(nx, ny);
                }
            }
        }
    }

    /// The tile containing world point `p`.
    pub fn tile_of(p: Vec2) -> (i32, i32) {
        (floor_i32(p.x), floor_i32(p.y))
    }

    /// Centre of tile `(x, y)` in world units.
    pub fn tile_center(x: i32, y: i32) -> Vec2 {
        Vec2::new(x as f32 + 0.5, y as f32 + 0.5)
    }

    pub fn is_wall_at(&self, p: Vec2) -> bool {
        let (x, y) = Grid::tile_of(p);
        self.is_wall(x, y)
    }

    /// True when a circle overlaps any wall tile (or leaves the grid).
    pub fn circle_hits_wall(&self, c: Vec2, r: f32) -> bool {
        let (x0, y0) = Grid::tile_of(Vec2::new(c.x - r, c.y - r));
        let (x1, y1) = Grid::tile_of(Vec2::new(c.x + r, c.y + r));
        for ty in y0..=y1 {
            for tx in x0..=x1 {
                if self.is_wall(tx, ty) {
                    let nx = c.x.clamp(tx as f32, tx as f32 + 1.0);
                    let ny = c.y.clamp(ty as f32, ty as f32 + 1.0);
                    if (c.x - nx) * (c.x - nx) + (c.y - ny) * (c.y - ny) < r * r {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// DDA (Amanatides–Woo) walk from `a` to `b` over the tiles; the first wall tile the
    /// segment enters. When the segment passes exactly through a tile corner, both
    /// side tiles are tested, so nothing slips diagonally between two walls.
    pub fn raycast(&self, a: Vec2, b: Vec2) -> Option<RayHit> {
        let (mut x, mut y) = Grid::tile_of(a);
        if self.is_wall(x, y) {
            return Some(RayHit {
                t: 0.0,
                tile: (x, y),
            });
        }
        let (bx, by) = Grid::tile_of(b);
        let d = b - a;
        let step_x: i32 = if d.x > 0.0 { 1 } else { -1 };
        let step_y: i32 = if d.y > 0.0 { 1 } else { -1 };
        let t_delta_x = if d.x != 0.0 {
            (1.0 / d.x).abs()
        } else {
            f32::INFINITY
        };
        let t_delta_y = if d.y != 0.0 {
            (1.0 / d.y).abs()
        } else {
            f32::INFINITY
        };
        let mut t_max_x = if d.x > 0.0 {
            (x as f32 + 1.0 - a.x) / d.x
        } else if d.x < 0.0 {
            (x as f32 - a.x) / d.x
        } else {
            f32::INFINITY
        };
        let mut t_max_y = if d.y > 0.0 {
            (y as f32 + 1.0 - a.y) / d.y
        } else if d.y < 0.0 {
            (y as f32 - a.y) / d.y
        } else {
            f32::INFINITY
        };
        // A segment crosses at most |dx| + |dy| + 2 tile boundaries; the bound keeps the
        // loop finite for any input, NaN included.
        let max_steps = ((bx as i64 - x as i64).abs() + (by as i64 - y as i64).abs() + 2) as usize;
        for _ in 0..max_steps {
            if x == bx && y == by {
                return None;
            }
            let t;
            if t_max_x < t_max_y {
                t = t_max_x;
                x += step_x;
                t_max_x += t_delta_x;
            } else if t_max_y < t_max_x {
                t = t_max_y;
                y += step_y;
                t_max_y += t_delta_y;
            } else {
                // Exactly through a corner: the two side tiles are both touched.
                t = t_max_x;
                if t > 1.0 {
                    return None;
                }
                if self.is_wall(x + step_x, y) {
                    return Some(RayHit {
                        t,
                        tile: (x + step_x, y),
                    });
                }
                if self.is_wall(x, y + step_y) {
                    return Some(RayHit {
                        t,
                        tile: (x, y + step_y),
                    });
                }
                x += step_x;
                y += step_y;
                t_max_x += t_delta_x;
                t_max_y += t_delta_y;
            }
            if t > 1.0 {
                return None;
            }
            if self.is_wall(x, y) {
                return Some(RayHit {
                    t: t.max(0.0),
                    tile: (x, y),
                });
            }
        }
        None
    }

    /// True when the straight segment `a -> b` touches no wall tile.
    pub fn line_clear(&self, a: Vec2, b: Vec2) -> bool {
        self.raycast(a, b).is_none()
    }
}

/// Pushes a circle out of every wall tile it overlaps (a few iterations for corners).
///
/// Inlined fast paths (open ground: most calls of the horde's 10 000 bodies), the pushes
/// out of line in [`resolve_walls_near`]: the whole function called for every body cost
/// its register spills on every call (10 % of a 10 000-enemy tick, perf 2026-11-30).
#[inline]
pub fn resolve_walls(pos: Vec2, radius: f32, grid: &Grid) -> Vec2 {
    // Fast paths: a circle of radius < 1 only reaches the 3×3 tiles round its centre's
    // (the tiles the loop below visits); when those are all floor nothing moves. That
    // is 84 % of the horde's calls (a shambler's circle fits inside its own tile only
    // when its centre is in the middle 0.4 × 0.4 of it), and this function was 9.5 % of
    // a 10 000-enemy tick with only the one-tile test.
    let (tx, ty) = Grid::tile_of(pos);
    if (0.0..1.0).contains(&radius) && grid.in_bounds(tx, ty) {
        let i = (ty * grid.width + tx) as usize;
        if grid.clear[i] {
            return pos;
        }
        // On a floor tile beside walls: the walls the circle may reach, by the sides and
        // corners it comes near. The loop below pushes out of a neighbour only when the
        // circle is closer than `radius` to it, which needs the centre within `radius` of
        // that side (both sides for a corner); `reach` widens `radius` by more than the
        // rounding of those distances on any map (`fx` is exact), so when none of the
        // neighbours within reach is a wall, the loop would not move the body either.
        if !grid.walls[i] {
            let (fx, fy) = (pos.x - tx as f32, pos.y - ty as f32);
            let reach = radius + 1e-3;
            let (w, e) = (fx < reach, fx > 1.0 - reach);
            let (s, n) = (fy < reach, fy > 1.0 - reach);
            let near = (w as u8)
                | (e as u8) << 1
                | (s as u8) << 2
                | (n as u8) << 3
                | ((w & s) as u8) << 4
                | ((e & s) as u8) << 5
                | ((w & n) as u8) << 6
                | ((e & n) as u8) << 7;
            if grid.ring[i] & near == 0 {
                return pos;
            }
        }
    }
    resolve_walls_near(pos, radius, grid)
}

/// [`resolve_walls`] for a circle that may touch a wall: up to three rounds of pushes out
/// of the wall tiles it overlaps, then [`out_of_wall`] if the centre still ends in one.
#[inline(never)]
fn resolve_walls_near(mut pos: Vec2, radius: f32, grid: &Grid) -> Vec2 {
    for _ in 0..3 {
        let (x0, y0) = Grid::tile_of(pos - Vec2::new(radius, radius));
        let (x1, y1) = Grid::tile_of(pos + Vec2::new(radius, radius));
        let mut moved = false;
        for ty in y0..=y1 {
            for tx in x0..=x1 {
                if !grid.is_wall(tx, ty) {
                    continue;
                }
                let nearest = Vec2::new(
                    pos.x.clamp(tx as f32, tx as f32 + 1.0),
                    pos.y.clamp(ty as f32, ty as f32 + 1.0),
                );
                let off = pos - nearest;
                let d = off.length();
                if d < radius {
                    if d > 1e-6 {
                        pos = nearest + off * (radius / d);
                    } else {
                        // Centre inside the tile: leave through the nearest face.
                        let cx = tx as f32 + 0.5;
                        let cy = ty as f32 + 0.5;
                        let dx = pos.x - cx;
                        let dy = pos.y - cy;
                        if dx.abs() > dy.abs() {
                            pos.x = if dx > 0.0 {
                                tx as f32 + 1.0 + radius
                            } else {
                                tx as f32 - radius
                            };
                        } else {
                            pos.y = if dy > 0.0 {
                                ty as f32 + 1.0 + radius
                            } else {
                                ty as f32 - radius
                            };
                        }
                    }
                    moved = true;
                }
            }
        }
        if !moved {
            break;
        }
    }
    if pos.is_finite() && grid.is_wall(Grid::tile_of(pos).0, Grid::tile_of(pos).1) {
        return out_of_wall(pos, radius, grid);
    }
    pos
}

/// The fallback of [`resolve_walls`] when its pushes end with the centre inside a wall
/// tile (a body squeezed into a pocket bounces between two walls): the nearest point,
/// within two tiles, where the circle touches no wall; failing that, the nearest point
/// of a floor tile at least `radius` from its edges; with no floor near, `pos` itself.
fn out_of_wall(pos: Vec2, radius: f32, grid: &Grid) -> Vec2 {
    let (cx, cy) = Grid::tile_of(pos);
    let inset = radius.min(0.5);
    let mut free: Option<(f32, Vec2)> = None;
    let mut floor: Option<(f32, Vec2)> = None;
    // Saturating: a centre far off the map has its tile at the ends of `i32`.
    for ty in cy.saturating_sub(2)..=cy.saturating_add(2) {
        for tx in cx.saturating_sub(2)..=cx.saturating_add(2) {
            if grid.is_wall(tx, ty) {
                continue;
            }
            let p = Vec2::new(
                pos.x.clamp(tx as f32 + inset, tx as f32 + 1.0 - inset),
                pos.y.clamp(ty as f32 + inset, ty as f32 + 1.0 - inset),
            );
            let d = p.distance_sq(pos);
            if floor.is_none_or(|(best, _)| d < best) {
                floor = Some((d, p));
            }
            if !grid.circle_hits_wall(p, radius) && free.is_none_or(|(best, _)| d < best) {
                free = Some((d, p));
            }
        }
    }
    free.or(floor).map_or(pos, |(_, p)| p)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The slow path alone: what `resolve_walls` computed before the 3×3 fast path.
    fn resolve_walls_reference(mut pos: Vec2, radius: f32, grid: &Grid) -> Vec2 {
        for _ in 0..3 {
            let (x0, y0) = Grid::tile_of(pos - Vec2::new(radius, radius));
            let (x1, y1) = Grid::tile_of(pos + Vec2::new(radius, radius));
            let mut moved = false;
            for ty in y0..=y1 {
                for tx in x0..=x1 {
                    if !grid.is_wall(tx, ty) {
                        continue;
                    }
                    let nearest = Vec2::new(
                        pos.x.clamp(tx as f32, tx as f32 + 1.0),
                        pos.y.clamp(ty as f32, ty as f32 + 1.0),
                    );
                    let off = pos - nearest;
                    let d = off.length();
                    if d < radius {
                        if d > 1e-6 {
                            pos = nearest + off * (radius / d);
                        } else {
                            let (dx, dy) = (pos.x - tx as f32 - 0.5, pos.y - ty as f32 - 0.5);
                            if dx.abs() > dy.abs() {
                                pos.x = if dx > 0.0 {
                                    tx as f32 + 1.0 + radius
                                } else {
                                    tx as f32 - radius
                                };
                            } else {
                                pos.y = if dy > 0.0 {
                                    ty as f32 + 1.0 + radius
                                } else {
                                    ty as f32 - radius
                                };
                            }
                        }
                        moved = true;
                    }
                }
            }
            if !moved {
                break;
            }
        }
        if pos.is_finite() && grid.is_wall(Grid::tile_of(pos).0, Grid::tile_of(pos).1) {
            return out_of_wall(pos, radius, grid);
        }
        pos
    }

    #[test]
    fn clear_tiles_follow_the_walls() {
        let mut g = Grid::open_with_border(6, 5);
        assert!(!g.is_clear(0, 0) && !g.is_clear(1, 1) && g.is_clear(2, 2));
        assert!(g.is_clear(3, 2) && !g.is_clear(4, 2) && !g.is_clear(-1, 2));
        g.set_wall(3, 3, true);
        assert!(!g.is_clear(2, 2) && !g.is_clear(3, 2) && !g.is_clear(4, 4));
        g.set_wall(3, 3, false);
        assert!(g.is_clear(2, 2) && g.is_clear(3, 2));
        assert_eq!(g, Grid::open_with_border(6, 5));
    }

    #[test]
    fn resolve_walls_fast_paths_change_nothing() {
        let mut g = Grid::open_with_border(12, 10);
        for &(x, y) in &[(4, 4), (5, 4), (8, 6), (3, 7)] {
            g.set_wall(x, y, true);
        }
        let mut rng = crate::core::rng::Rng::new(7);
        for k in 0..20_000 {
            let p = Vec2::new(rng.range_f32(-1.0, 13.0), rng.range_f32(-1.0, 11.0));
            let r = [0.0, 0.25, 0.28, 0.3, 0.45, 0.99, 1.0, 1.4][k % 8];
            let got = resolve_walls(p, r, &g);
            let want = resolve_walls_reference(p, r, &g);
            assert!(
                got.x.to_bits() == want.x.to_bits() && got.y.to_bits() == want.y.to_bits(),
                "{p:?} r {r}: {got:?} != {want:?}"
            );
        }
        let nan = resolve_walls(Vec2::new(f32::NAN, 3.0), 0.3, &g);
        assert!(nan.x.is_nan() && nan.y == 3.0);
        // Centres at a radius from a wall's side or corner, give or take a few ulps, where
        // the ring's reach and the loop's distances must agree — on a small map and at
        // coordinates near 1000, where the floats are coarser.
        for (big, origin) in [(false, 0), (true, 990)] {
            let mut g = Grid::open_with_border(if big { 1000 } else { 12 }, 12);
            let (wx, wy) = (origin + 5, 5);
            g.set_wall(wx, wy, true);
            for k in 0..40_000 {
                let r = [0.25, 0.3, 0.45, 0.5][k % 4];
                let ulps = (rng.below(9) as i32 - 4) as f32 * 1.2e-7 * (origin as f32 + 8.0);
                let along = rng.range_f32(-0.6, 1.6);
                let p = match k % 6 {
                    0 => Vec2::new(wx as f32 - r + ulps, wy as f32 + along),
                    1 => Vec2::new(wx as f32 + 1.0 + r + ulps, wy as f32 + along),
                    2 => Vec2::new(wx as f32 + along, wy as f32 - r + ulps),
                    3 => Vec2::new(wx as f32 + along, wy as f32 + 1.0 + r + ulps),
                    // Toward a corner, at about the radius.
                    _ => {
                        let a = rng.range_f32(0.0, std::f32::consts::TAU);
                        let c = Vec2::new((wx + (k % 2) as i32) as f32, wy as f32);
                        c + Vec2::from_angle(a) * (r + ulps)
                    }
                };
                let (got, want) = (resolve_walls(p, r, &g), resolve_walls_reference(p, r, &g));
                assert!(
                    got.x.to_bits() == want.x.to_bits() && got.y.to_bits() == want.y.to_bits(),
                    "{p:?} r {r}: {got:?} != {want:?}"
                );
            }
        }
    }

    #[test]
    fn floor_i32_matches_floor() {
        for &x in &[
            0.0f32,
            0.5,
            1.0,
            1.999,
            -0.0,
            -0.5,
            -1.0,
            -1.5,
            37.25,
            -1e9,
            1e9,
            f32::NAN,
        ] {
            assert_eq!(floor_i32(x), x.floor() as i32, "{x}");
        }
    }
}
