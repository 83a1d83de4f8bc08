//! Light visibility polygons on the tile grid (REQ H1: walls cast shadows).
//!
//! A light at a continuous point `o` lights the part of the disk of radius `r` (or of a
//! flashlight cone) that a straight segment from `o` reaches without entering a wall
//! tile. That region is star-shaped around `o`, so it is returned as its boundary
//! points in angle order and drawn as the triangle fan `(o, points[i], points[i + 1])`.
//!
//! Why rays at corners: between two angles at which no wall corner lies, the lit
//! boundary is one straight piece (one wall line, or the range), so the fan is exact
//! once there is a ray at every corner where the wall boundary turns. A corner a ray
//! can graze (a silhouette) also gets a second ray rotated by a tiny angle away from
//! its wall, which slides past and finds the wall behind: that pair draws the shadow
//! edge. Where the light sits exactly on a grid line, a ray along that line is not
//! stopped by a wall beside it (the line belongs to the tiles on its positive side, as
//! in [`Grid::raycast`]) while its neighbours are, so rays along and just beside those
//! lines are cast too. Rays along the range arc, spaced at most [`ARC_RAYS`] per turn
//! and ending on a circle of radius `r / cos(step / 2)`, make the polygon circumscribe
//! the range circle (within 0.9 %; the caller's falloff is zero at `r`). Where a lit
//! wall line leaves that circle between two rays, the crossing point is added so the
//! fan follows both. Exactly collinear rays are cast once, and runs of points on one
//! wall line are merged, so the rasterizer gets few triangles.
//!
//! Each ray walks the grid with a DDA (Amanatides–Woo) to the first wall tile and
//! returns the hit point exactly on the tile boundary. A ray through the exact corner
//! shared by two tiles stops if either side tile is a wall, like [`Grid::raycast`], so
//! no light passes a zero-width diagonal gap.
//!
//! Cost: the walls around the light are copied once into [`VisScratch`] (the DDA and
//! corner tests then never leave this module); corners that their own tile hides are
//! dropped before casting, and corners hidden by other walls after their first ray
//! (no sliding ray, no vertex); rays are sorted by a pseudo-angle (no `atan2`).
//! Nothing is allocated once the scratch has warmed up.

use std::f32::consts::{PI, TAU};

use sim::read::{floor_i32, Grid, Vec2};

/// Range rays per full turn: the polygon's range boundary lies on a circle of radius
/// `r / cos(π / 24) ≈ 1.0086 r`, so it circumscribes the range circle within 1 %.
pub const ARC_RAYS: usize = 24;

/// Angle (radians) by which a silhouette corner's second ray is turned away from its
/// wall. Large enough that the DDA (f32, exact to ~1e-7 relative) reliably passes the
/// corner, small enough that the shadow edge moves by at most `ε·r` (2e-4 tiles at
/// r = 10).
const SLIDE: f32 = 2e-5;

/// The lit region of one light: boundary points in angle order around the light.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct VisPoly {
    /// Boundary points, sorted by increasing angle around the light (the `atan2`
    /// direction: from +x toward +y).
    /// For a cone the first point lies on the start edge `axis - half`, the last on the
    /// end edge `axis + half`.
    pub points: Vec<Vec2>,
    /// True for a full circle: the fan also has the triangle `(o, last, first)`.
    pub closed: bool,
}

impl VisPoly {
    pub fn new() -> VisPoly {
        VisPoly::default()
    }

    /// Nothing is lit (light inside a wall, or an invalid radius or cone).
    pub fn is_empty(&self) -> bool {
        self.points.len() < 2
    }
}

/// Which line a boundary point lies on: used to add range crossings and to merge runs
/// of collinear points (fewer triangles for the rasterizer).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Line {
    /// At the end of the range, not on a wall.
    Range,
    /// On the vertical tile boundary `x = k`.
    X(i32),
    /// On the horizontal tile boundary `y = k`.
    Y(i32),
    /// Exactly on the tile corner `(x, y)`, where two boundary lines meet.
    Corner(i32, i32),
}

#[derive(Clone, Copy, Debug)]
struct Ray {
    /// Pseudo-angle from the start direction, in `[0, 4)`. Exactly equal for exactly
    /// collinear directions (see [`pseudo_angle`]).
    key: f64,
    /// World direction, any non-zero length.
    d: Vec2,
    /// Aimed exactly at a corner (`d = corner - o`) or along a grid line: kept first
    /// when exactly collinear rays are merged (its DDA meets the corner exactly).
    exact: bool,
    /// Where the ray stops.
    hit: Hit,
}

#[derive(Clone, Copy, Debug)]
struct Hit {
    p: Vec2,
    line: Line,
}

/// Reusable working memory for [`visibility_polygon`]: the walls around the light and
/// the rays. Keep one per caller.
#[derive(Clone, Debug, Default)]
pub struct VisScratch {
    /// `walls[(y - y0) * w + (x - x0)]` for tiles in the window around the light.
    walls: Vec<bool>,
    x0: i32,
    y0: i32,
    w: i32,
    h: i32,
    rays: Vec<Ray>,
    /// `(key bits, index into rays)`, sorted: small entries sort fast.
    order: Vec<(u64, u32)>,
    hits: Vec<Hit>,
    /// The line of each output point, parallel to `VisPoly::points`.
    tags: Vec<Line>,
}

impl VisScratch {
    pub fn new() -> VisScratch {
        VisScratch::default()
    }

    /// Wall lookup in the window; anything outside the window counts as wall (rays never
    /// get there: the window covers the range plus one tile).
    #[inline]
    fn wall(&self, x: i32, y: i32) -> bool {
        let ix = x.wrapping_sub(self.x0);
        let iy = y.wrapping_sub(self.y0);
        if ix as u32 >= self.w as u32 || iy as u32 >= self.h as u32 {
            return true;
        }
        self.walls[(iy * self.w + ix) as usize]
    }

    fn fill_window(&mut self, grid: &Grid, x0: i32, y0: i32, x1: i32, y1: i32) {
        self.x0 = x0;
        self.y0 = y0;
        self.w = x1 - x0 + 1;
        self.h = y1 - y0 + 1;
        self.walls.clear();
        self.walls.resize((self.w * self.h) as usize, true);
        // Only the part inside the grid can be floor.
        for y in y0.max(0)..=y1.min(grid.height() - 1) {
            let row = ((y - y0) * self.w) as usize;
            for x in x0.max(0)..=x1.min(grid.width() - 1) {
                self.walls[row + (x - x0) as usize] = grid.is_wall(x, y);
            }
        }
    }

    /// DDA from `o` along `d` up to parameter `t_end` (the point `o + d·t`): the first
    /// wall boundary crossed, exactly on the tile edge, or the end of the range.
    ///
    /// Which boundary comes next is decided by comparing `nx / |d.x|` with
    /// `ny / |d.y|` as the products `nx·|d.y|` and `ny·|d.x|` (no division per step),
    /// where `nx`, `ny` are the distances from `o` to the next boundaries, computed
    /// afresh each step. For a ray aimed at a corner `c` with `d = c - o`, at `c` both
    /// products are the same two factors, so the tie (a corner crossing) is exact.
    fn cast(&self, o: Vec2, d: Vec2, t_end: f32) -> Hit {
        let (mut x, mut y) = (floor_i32(o.x), floor_i32(o.y));
        let (sx, sy) = (
            if d.x > 0.0 { 1 } else { -1 },
            if d.y > 0.0 { 1 } else { -1 },
        );
        let (fx, fy) = (sx as f32, sy as f32);
        let (ax, ay) = (d.x.abs(), d.y.abs());
        // The next vertical / horizontal boundary the ray crosses.
        let mut bx = if d.x > 0.0 { x + 1 } else { x };
        let mut by = if d.y > 0.0 { y + 1 } else { y };
        // Distances along each axis from `o` to the end of the range.
        let (ex, ey) = (ax * t_end, ay * t_end);
        for _ in 0..(self.w + self.h + 4) {
            let nx = (bx as f32 - o.x) * fx;
            let ny = (by as f32 - o.y) * fy;
            let kx = if ax > 0.0 { nx * ay } else { f32::INFINITY };
            let ky = if ay > 0.0 { ny * ax } else { f32::INFINITY };
            if kx < ky {
                if nx > ex {
                    break;
                }
                x += sx;
                if self.wall(x, y) {
                    let py = (o.y + d.y * (nx / ax)).clamp(y as f32, (y + 1) as f32);
                    return Hit {
                        p: Vec2::new(bx as f32, py),
                        line: Line::X(bx),
                    };
                }
                bx += sx;
            } else if ky < kx {
                if ny > ey {
                    break;
                }
                y += sy;
                if self.wall(x, y) {
                    let px = (o.x + d.x * (ny / ay)).clamp(x as f32, (x + 1) as f32);
                    return Hit {
                        p: Vec2::new(px, by as f32),
                        line: Line::Y(by),
                    };
                }
                by += sy;
            } else {
                // Exactly through the corner (bx, by): both side tiles are touched.
                if nx > ex {
                    break;
                }
                if self.wall(x + sx, y) || self.wall(x, y + sy) || self.wall(x + sx, y + sy) {
                    return Hit {
                        p: Vec2::new(bx as f32, by as f32),
                        line: Line::Corner(bx, by),
                    };
                }
                x += sx;
                y += sy;
                bx += sx;
                by += sy;
            }
        }
        Hit {
            p: o + d * t_end,
            line: Line::Range,
        }
    }
}

/// A pseudo-angle: increasing with the true angle of `d` over `[0, 2π)`, mapped to
/// `[0, 4)`; enough to sort rays without `atan2`.
///
/// Computed in f64 from the f32 components: the sums below are then exact and the
/// division rounds once, so two exactly collinear directions get the very same key
/// (they are merged into one ray) and any two others keep their true order.
#[inline]
fn pseudo_angle(d: Vec2) -> f64 {
    let (x, y) = (d.x as f64, d.y as f64);
    // `+ 0.0` turns a -0.0 into +0.0.
    (if y >= 0.0 {
        if x >= 0.0 {
            y / (x + y)
        } else {
            1.0 - x / (y - x)
        }
    } else if x < 0.0 {
        2.0 - y / (-x - y)
    } else {
        3.0 + x / (x - y)
    }) + 0.0
}

/// Rotates `v` by the unit vector `s` (`conj = true`: by its inverse).
#[inline]
fn rotate(v: Vec2, s: Vec2, conj: bool) -> Vec2 {
    let sy = if conj { -s.y } else { s.y };
    Vec2::new(v.x * s.x - v.y * sy, v.x * sy + v.y * s.x)
}

/// Quadrant of each of the four tiles around a corner, from the corner toward the
/// tile's centre: bit 0 = (x-1, y-1), 1 = (x, y-1), 2 = (x-1, y), 3 = (x, y).
const QUAD: [(f32, f32); 4] = [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)];

/// Where the lit wall under a hit runs out of range inside the wedge from `pa` to `pb`
/// (relative to `o`, counter-clockwise, less than half a turn apart): the point where
/// the hit's wall line meets the circle of radius `big_r`, kept only if the line is a
/// wall edge facing the light all the way from the hit to that point. A corner hit
/// lies on two lines and its wall may continue along either (or neither). Inside a
/// wedge no corner can hide part of such an edge (its corner would have had a ray).
/// `other` is the wedge's other boundary point. Returns the point relative to `o` and
/// its line.
#[inline]
fn range_crossing(
    scratch: &VisScratch,
    hit: Hit,
    o: Vec2,
    big_r: f32,
    pa: Vec2,
    pb: Vec2,
    other: Vec2,
) -> Option<(Vec2, Line)> {
    let (lines, n) = match hit.line {
        Line::Range => return None,
        Line::X(_) | Line::Y(_) => ([hit.line, hit.line], 1),
        Line::Corner(x, y) => ([Line::X(x), Line::Y(y)], 2),
    };
    for &l in &lines[..n] {
        // `a`: the line's offset from the light; `along`: where the hit is on it.
        let (a, vertical, k, along) = match l {
            Line::X(k) => (k as f32 - o.x, true, k, hit.p.y),
            Line::Y(k) => (k as f32 - o.y, false, k, hit.p.x),
            _ => unreachable!("only X and Y lines are listed"),
        };
        let disc = big_r * big_r - a * a;
        if a == 0.0 || disc.is_nan() || disc < 0.0 {
            continue; // through the light, or out of range
        }
        // Cheap and common: the line meets the wedge's other ray (`other`, relative to
        // `o`) within range, so its whole piece inside the wedge is in range.
        let q = if vertical { other.x } else { other.y };
        if q * a > 0.0 && other.length_sq() * (a * a) <= big_r * big_r * (q * q) {
            continue;
        }
        let h = disc.sqrt();
        for s in [h, -h] {
            let v = if vertical {
                Vec2::new(a, s)
            } else {
                Vec2::new(s, a)
            };
            if !(pa.cross(v) > 0.0 && v.cross(pb) > 0.0) {
                continue;
            }
            // Floor on the light's side of the line, wall on the far side (the back of
            // a wall is never lit), for every tile between the hit and the crossing.
            let (near, far) = if a > 0.0 { (k - 1, k) } else { (k, k - 1) };
            let end = if vertical { o.y + s } else { o.x + s };
            let (lo, hi) = (along.min(end), along.max(end));
            let facing = (floor_i32(lo)..=(floor_i32(hi.ceil()) - 1).max(floor_i32(lo))).all(|t| {
                if vertical {
                    !scratch.wall(near, t) && scratch.wall(far, t)
                } else {
                    !scratch.wall(t, near) && scratch.wall(t, far)
                }
            });
            if facing {
                return Some((v, l));
            }
        }
    }
    None
}

/// Appends a boundary point; the middle one of three consecutive points on the same
/// wall line is dropped (it adds nothing to the fan), as are exact duplicates.
#[inline]
fn push_point(points: &mut Vec<Vec2>, tags: &mut Vec<Line>, p: Vec2, line: Line) {
    let n = points.len();
    if n >= 1 && points[n - 1] == p {
        return;
    }
    let on_line = matches!(line, Line::X(_) | Line::Y(_));
    if n >= 2 && on_line && tags[n - 1] == line && tags[n - 2] == line {
        points[n - 1] = p;
        return;
    }
    points.push(p);
    tags.push(line);
}

/// The region a light at `o` reaches within radius `r`, optionally only inside the
/// cone `(axis, half)` (angles in radians, counter-clockwise from +x, covering
/// `[axis - half, axis + half]`), written to `out` as a fan around `o`.
///
/// - `out.points` are in angle order; draw triangles `(o, points[i], points[i + 1])`,
///   plus `(o, last, first)` when `out.closed` (full circle, or `half >= π`).
/// - The fan covers exactly the lit part of the disk, up to the range boundary (a
///   polygon circumscribing the circle of radius `r` within 1 %) and a sliver of at
///   most 2e-5 rad along each shadow edge.
/// - Empty (no points) when `o` is inside a wall or not finite, `r` is not a positive
///   finite number, or the cone is not finite or has `half <= 0`. Never panics; a huge
///   `r` is clamped to the grid (everything beyond is wall anyway).
pub fn visibility_polygon(
    grid: &Grid,
    o: Vec2,
    r: f32,
    cone: Option<(f32, f32)>,
    scratch: &mut VisScratch,
    out: &mut VisPoly,
) {
    out.points.clear();
    out.closed = false;
    scratch.tags.clear();
    if !o.is_finite() || !r.is_finite() || r <= 0.0 || grid.is_wall_at(o) {
        return;
    }
    // The arc: `span` radians from direction `s`, cut into `segs` equal wedges.
    let (full, start_angle, span) = match cone {
        None => (true, 0.0, TAU),
        Some((axis, half)) => {
            if !axis.is_finite() || !half.is_finite() || half <= 0.0 {
                return;
            }
            // Within a milliradian of a full turn the two edges could swap in f32.
            if half >= PI - 1e-3 {
                (true, 0.0, TAU)
            } else {
                // Wrapped first, so a large axis keeps its edges precise.
                (false, axis.rem_euclid(TAU) - half, 2.0 * half)
            }
        }
    };
    let segs = ((span / (TAU / ARC_RAYS as f32)).ceil() as usize).clamp(1, ARC_RAYS);
    let step = span / segs as f32;
    // Beyond the farthest grid corner everything is wall: a larger range changes nothing.
    let (gw, gh) = (grid.width() as f32, grid.height() as f32);
    let far = o.length().max(Vec2::new(o.x - gw, o.y).length()).max(
        Vec2::new(o.x, o.y - gh)
            .length()
            .max(Vec2::new(o.x - gw, o.y - gh).length()),
    );
    let r = r.min(far + 2.0);
    let big_r = r / (0.5 * step).cos();
    let big_r2 = big_r * big_r;

    // The walls the rays can meet: the range's tiles plus one, clipped to the grid plus
    // its one-tile outer wall.
    let x0 = (floor_i32(o.x - big_r) - 1).max(-1);
    let y0 = (floor_i32(o.y - big_r) - 1).max(-1);
    let x1 = (floor_i32(o.x + big_r) + 1).min(grid.width());
    let y1 = (floor_i32(o.y + big_r) + 1).min(grid.height());
    scratch.fill_window(grid, x0, y0, x1, y1);

    // Keys count from the start direction `s`: the world pseudo-angle shifted
    // cyclically, which keeps both the order and exact ties.
    let s = Vec2::new(start_angle.cos(), start_angle.sin());
    let end_dir = Vec2::new((start_angle + span).cos(), (start_angle + span).sin());
    let key_s = if full { 0.0 } else { pseudo_angle(s) };
    let key_of = |d: Vec2| {
        let k = pseudo_angle(d) - key_s;
        if k < 0.0 {
            k + 4.0
        } else {
            k
        }
    };
    let key_end = if full { 4.0 } else { key_of(end_dir) };
    let (step_c, step_s) = (step.cos(), step.sin());

    // Every ray is cast as it is made (a corner's first ray tells whether the corner
    // is seen at all). Range rays first; for a cone its two edges are cast separately,
    // first and last.
    let mut rays = std::mem::take(&mut scratch.rays);
    rays.clear();
    let sc: &VisScratch = scratch;
    let cast = |d: Vec2| sc.cast(o, d, big_r / d.length());
    // Casts and keeps the ray unless it stops short of the squared distance `reach2`;
    // false then. A corner hidden behind other walls adds no vertex and no shadow
    // edge, and its ray tells: a ray aimed at a corner stops there at the latest.
    let mut add = |d: Vec2, exact: bool, reach2: f32| -> bool {
        let key = key_of(d);
        if !(full || (key > 0.0 && key < key_end)) {
            return true; // outside the cone: says nothing about the corner
        }
        let hit = cast(d);
        if (hit.p - o).length_sq() < reach2 * (1.0 - 1e-5) {
            return false;
        }
        rays.push(Ray { key, d, exact, hit });
        true
    };
    let mut l = Vec2::new(1.0, 0.0);
    for _ in 1..segs {
        l = Vec2::new(l.x * step_c - l.y * step_s, l.x * step_s + l.y * step_c);
        add(rotate(l, s, false), false, 0.0);
    }
    if full {
        add(s, false, 0.0);
    }

    // Corner rays. `rel = o - c`; a corner is seen only from outside its own walls.
    let slide = |d: Vec2, eps: f32| Vec2::new(d.x - eps * d.y, d.y + eps * d.x);
    let cx0 = (x0 + 1).max(0);
    let cx1 = x1.min(grid.width());
    let cy0 = (y0 + 1).max(0);
    let cy1 = y1.min(grid.height());
    let (walls, ww) = (&sc.walls, sc.w as usize);
    for cy in cy0..=cy1 {
        // Only the corners of this row within range.
        let dy = cy as f32 - o.y;
        let rem = big_r2 - dy * dy;
        if rem < 0.0 {
            continue;
        }
        let half = rem.sqrt();
        let lo = cx0.max(floor_i32(o.x - half));
        let hi = cx1.min(floor_i32(o.x + half) + 1);
        if lo > hi {
            continue;
        }
        // The tile rows above (cy - 1) and below (cy) the corner row, in the window.
        let up = &walls[(cy - 1 - y0) as usize * ww..][..ww];
        let down = &walls[(cy - y0) as usize * ww..][..ww];
        let column = |x: i32| {
            let i = (x - x0) as usize;
            up[i] as u8 | (down[i] as u8) << 2
        };
        let mut left = column(lo - 1);
        for cx in lo..=hi {
            let right = column(cx);
            // Bit 0 = (cx-1, cy-1), 1 = (cx, cy-1), 2 = (cx-1, cy), 3 = (cx, cy).
            let bits = left | right << 1;
            left = right;
            // Straight boundary, no boundary, or all wall: not a corner.
            if matches!(bits, 0 | 3 | 5 | 10 | 12 | 15) {
                continue;
            }
            let rel = Vec2::new(o.x - cx as f32, o.y - cy as f32);
            let dist2 = rel.length_sq();
            if dist2 > big_r2 || dist2 == 0.0 {
                continue;
            }
            // (A corner straight along a grid line through the light gets no sliding
            // rays here: the rays along and beside those lines are added below.)
            let d = -rel;
            match bits.count_ones() {
                1 => {
                    // Convex corner of one wall tile in quadrant q.
                    let (qx, qy) = QUAD[bits.trailing_zeros() as usize];
                    let (bx, by) = (rel.x * qx, rel.y * qy);
                    if bx > 0.0 && by > 0.0 {
                        continue; // behind its own tile
                    }
                    if !add(d, true, dist2) {
                        continue;
                    }
                    if !(bx < 0.0 && by < 0.0) && rel.x != 0.0 && rel.y != 0.0 {
                        // A silhouette: slide past on the side away from the tile.
                        let eps = if d.cross(Vec2::new(qx, qy)) > 0.0 {
                            -SLIDE
                        } else {
                            SLIDE
                        };
                        add(slide(d, eps), false, 0.0);
                    }
                }
                3 => {
                    // Concave corner: seen only from inside its floor quadrant.
                    let (fx, fy) = QUAD[(!bits & 15).trailing_zeros() as usize];
                    if rel.x * fx >= 0.0 && rel.y * fy >= 0.0 {
                        add(d, true, dist2);
                    }
                }
                _ => {
                    // Two diagonal walls touching at the corner (bits 6 or 9).
                    let wall_sign = if bits == 9 { 1.0 } else { -1.0 };
                    let side = rel.x * rel.y * wall_sign;
                    if side > 0.0 {
                        continue; // behind one of the two tiles
                    }
                    add(d, true, dist2);
                }
            }
        }
    }
    // The light on a grid line: a ray along it is not stopped by walls on either side
    // (the line belongs to the tiles on its positive side, as in `Grid::raycast`),
    // while rays just beside it may stop at once, so the lit distance jumps there.
    // Cast along the line and just beside it, like at a corner.
    for (on_line, dirs) in [
        (
            floor_i32(o.x) as f32 == o.x,
            [Vec2::new(0.0, 1.0), Vec2::new(0.0, -1.0)],
        ),
        (
            floor_i32(o.y) as f32 == o.y,
            [Vec2::new(1.0, 0.0), Vec2::new(-1.0, 0.0)],
        ),
    ] {
        if on_line {
            for d in dirs {
                add(d, true, 0.0);
                add(slide(d, SLIDE), false, 0.0);
                add(slide(d, -SLIDE), false, 0.0);
            }
        }
    }
    // Sort by key (non-negative, so its bits sort like it).
    let mut order = std::mem::take(&mut scratch.order);
    order.clear();
    order.extend(
        rays.iter()
            .enumerate()
            .map(|(i, r)| (r.key.to_bits(), i as u32)),
    );
    order.sort_unstable();

    // The hits in angle order. Exactly collinear rays are one ray: keep the one aimed
    // at the nearest corner, whose DDA meets that corner exactly; two casts of one
    // direction could disagree at a corner, and their order in the fan would then be
    // arbitrary.
    scratch.hits.clear();
    let cast = |scratch: &VisScratch, d: Vec2| scratch.cast(o, d, big_r / d.length());
    if !full {
        let h = cast(scratch, s);
        scratch.hits.push(h);
    }
    let better = |a: &Ray, b: &Ray| {
        (a.exact && !b.exact) || (a.exact == b.exact && a.d.length_sq() < b.d.length_sq())
    };
    let mut i = 0;
    while i < order.len() {
        let mut best = &rays[order[i].1 as usize];
        let mut j = i + 1;
        while j < order.len() && order[j].0 == order[i].0 {
            let r = &rays[order[j].1 as usize];
            if better(r, best) {
                best = r;
            }
            j += 1;
        }
        scratch.hits.push(best.hit);
        i = j;
    }
    scratch.rays = rays;
    scratch.order = order;
    if !full {
        let h = cast(scratch, end_dir);
        scratch.hits.push(h);
    }

    // Boundary: hits in order, plus where a lit wall line meets the range circle.
    let mut tags = std::mem::take(&mut scratch.tags);
    let points = &mut out.points;
    let n = scratch.hits.len();
    let wedge = |a: Hit, b: Hit, points: &mut Vec<Vec2>, tags: &mut Vec<Line>| {
        if a.line == b.line {
            return;
        }
        let (pa, pb) = (a.p - o, b.p - o);
        let xa = range_crossing(scratch, a, o, big_r, pa, pb, pb);
        let xb = range_crossing(scratch, b, o, big_r, pa, pb, pa);
        match (xa, xb) {
            (Some(u), Some(v)) => {
                let (first, second) = if u.0.cross(v.0) >= 0.0 {
                    (u, v)
                } else {
                    (v, u)
                };
                push_point(points, tags, o + first.0, first.1);
                push_point(points, tags, o + second.0, second.1);
            }
            (Some(u), None) | (None, Some(u)) => push_point(points, tags, o + u.0, u.1),
            (None, None) => {}
        }
    };
    for i in 0..n {
        let h = scratch.hits[i];
        if i > 0 {
            wedge(scratch.hits[i - 1], h, points, &mut tags);
        }
        push_point(points, &mut tags, h.p, h.line);
    }
    if full && n > 1 {
        wedge(scratch.hits[n - 1], scratch.hits[0], points, &mut tags);
    }
    scratch.tags = tags;
    out.closed = full;
}
