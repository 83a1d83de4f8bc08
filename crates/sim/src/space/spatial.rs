//! Uniform bucket grid for neighbour queries (REQ §11 E1, §18 P2): the horde's
//! separation/alignment/cohesion and any "who is near this point" question in O(k)
//! instead of O(n²).
//!
//! Rebuilt from scratch every tick from `(id, position)` items by a counting sort into
//! flat arrays: one `starts` offset per cell and the items sorted by cell (stable, so
//! insertion order within a cell). No per-cell `Vec`, no hashing; after the first
//! rebuild of a given size nothing is allocated. Items outside the covered area are
//! clamped into the border cells, and queries test real positions, so results are exact
//! for every finite position. Items with non-finite positions are stored but never
//! returned.

use crate::core::geom::Vec2;
use crate::space::grid::floor_i32;
use crate::space::grid::Grid;

/// Most cells along one axis; a smaller `cell_size` is enlarged to respect it (it only
/// protects against absurd tuning values).
pub const MAX_CELLS_PER_AXIS: i32 = 1024;

/// What the grid keeps of an item besides its id and position, for crowd physics: the
/// horde's boids and body overlaps read their neighbours from here, in cell order, instead
/// of from the callers' large per-enemy records scattered in memory (REQ P2).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BodyData {
    pub vel: Vec2,
    pub radius: f32,
    /// Does not move (a training dummy): takes no share of an overlap.
    pub fixed: bool,
}

/// The grid's items by slot, as columns: what [`SpatialGrid::for_each_chunk_in_radius`]
/// hands out with the slots of a query's hits.
#[derive(Clone, Copy, Debug)]
pub struct Columns<'a> {
    pub ids: &'a [u32],
    pub xs: &'a [f32],
    pub ys: &'a [f32],
    pub bodies: &'a [BodyData],
}

/// "No slot" in the id → slot table.
const NO_SLOT: u32 = u32::MAX;

/// Candidates are filtered by distance into a stack buffer of this many slots before the
/// caller's closure runs: a branch-free filter instead of a hard-to-predict branch per
/// candidate (about one in three candidates of a horde query is inside the radius).
const CHUNK: usize = 64;

/// For a 4-bit mask of hits, the lanes that hit in order (the rest is filler).
const HIT_LANES: [[u8; 4]; 16] = {
    let mut t = [[0u8; 4]; 16];
    let mut m = 0;
    while m < 16 {
        let mut n = 0;
        let mut l = 0;
        while l < 4 {
            if m & (1 << l) != 0 {
                t[m][n] = l as u8;
                n += 1;
            }
            l += 1;
        }
        m += 1;
    }
    t
};

/// The mask of lanes `0..k` for `k` in `0..=8`.
const LANES_BELOW: [usize; 9] = [0, 0x1, 0x3, 0x7, 0xf, 0x1f, 0x3f, 0x7f, 0xff];

/// Entries past the last item in the `xs` and `ys` columns, so that a query's last block
/// (of 4, or of 8 with AVX2) never reads past them.
const PAD: usize = 7;

/// The number of hits of each 4-bit mask (baseline x86-64 has no `popcnt`).
const HIT_COUNT: [u8; 16] = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];

/// Bit `l` set when point `l` is within `sqrt(r2)` of `c`: `Vec2::distance_sq(c) <= r2`
/// with the same arithmetic (subtract, square, add x² + y², IEEE single precision in each
/// lane, no fused multiply-add), four lanes at once. SSE is part of baseline x86-64; LLVM
/// did not vectorise the portable version below on its own.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn inside4(x: &[f32; 4], y: &[f32; 4], c: Vec2, r2: f32) -> usize {
    use std::arch::x86_64::*;
    // SAFETY: SSE and SSE2 are part of the x86-64 baseline, so these intrinsics are
    // always available; `_mm_set_ps` takes values, no pointer is read.
    unsafe {
        let dx = _mm_sub_ps(_mm_set_ps(x[3], x[2], x[1], x[0]), _mm_set1_ps(c.x));
        let dy = _mm_sub_ps(_mm_set_ps(y[3], y[2], y[1], y[0]), _mm_set1_ps(c.y));
        let d2 = _mm_add_ps(_mm_mul_ps(dx, dx), _mm_mul_ps(dy, dy));
        _mm_movemask_ps(_mm_cmple_ps(d2, _mm_set1_ps(r2))) as usize
    }
}

#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn inside4(x: &[f32; 4], y: &[f32; 4], c: Vec2, r2: f32) -> usize {
    let mut m = 0;
    for l in 0..4 {
        let (dx, dy) = (x[l] - c.x, y[l] - c.y);
        m |= ((dx * dx + dy * dy <= r2) as usize) << l;
    }
    m
}

#[derive(Clone)]
pub struct SpatialGrid {
    origin: Vec2,
    cell: f32,
    inv_cell: f32,
    cols: i32,
    rows: i32,
    /// The occupied window: the smallest rectangle of cells holding every item (each
    /// item in its cell of the whole area, clamped to it), `(x0, y0, cols, rows)`. Only
    /// its cells are counted and scanned at a rebuild — a few hundred bodies round the
    /// squad on a large map touch few of its cells (the whole map's cells were 4.6 % of
    /// the combat route, counted). The cells and their order are those of the whole
    /// area, so every query sees the same items in the same order.
    window: (i32, i32, i32, i32),
    /// `starts[c]..starts[c + 1]` are window cell `c`'s slots; `cols * rows + 1` long
    /// (the window's).
    starts: Vec<u32>,
    /// The items by slot: sorted by cell (row-major), insertion order within a cell, as
    /// columns (id, x, y, body data) so a query's scan reads only what it tests.
    ids: Vec<u32>,
    xs: Vec<f32>,
    ys: Vec<f32>,
    bodies: Vec<BodyData>,
    /// Slot of each id (ids are small: indices), [`NO_SLOT`] when absent; filled by
    /// [`SpatialGrid::rebuild_bodies`] only.
    slot_by_id: Vec<u32>,
    /// Queries test 8 candidates at a time (AVX2, detected at run time) rather than 4:
    /// the same IEEE single-precision tests either way.
    #[cfg(target_arch = "x86_64")]
    avx2: bool,
    /// The largest [`BodyData::radius`] in the grid (0 when empty or after a plain
    /// [`SpatialGrid::rebuild`]).
    max_body_radius: f32,
    /// Per-item cell index from the first pass, and the input before the scatter.
    cell_of: Vec<u32>,
    staging: Vec<(u32, Vec2, BodyData)>,
}

impl std::fmt::Debug for SpatialGrid {
    /// Compact: geometry and item count, not the buffers.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SpatialGrid")
            .field("origin", &self.origin)
            .field("cell", &self.cell)
            .field("dims", &(self.cols, self.rows))
            .field("len", &self.ids.len())
            .finish_non_exhaustive()
    }
}

impl SpatialGrid {
    /// A grid covering `[origin, origin + size)` in cells of `cell_size` world units
    /// (e.g. 1.0–2.0, about the largest query radius). A non-finite or non-positive
    /// `cell_size` becomes 1.0; a non-finite or negative `size` becomes zero (one cell).
    pub fn new(origin: Vec2, size: Vec2, cell_size: f32) -> SpatialGrid {
        let mut g = SpatialGrid {
            origin: Vec2::ZERO,
            cell: 1.0,
            inv_cell: 1.0,
            cols: 1,
            rows: 1,
            window: (0, 0, 0, 0),
            starts: Vec::new(),
            ids: Vec::new(),
            xs: Vec::new(),
            ys: Vec::new(),
            bodies: Vec::new(),
            slot_by_id: Vec::new(),
            #[cfg(target_arch = "x86_64")]
            avx2: std::arch::is_x86_feature_detected!("avx2"),
            max_body_radius: 0.0,
            cell_of: Vec::new(),
            staging: Vec::new(),
        };
        g.reset_area(origin, size, cell_size);
        g
    }

    /// Empties the grid and makes it cover `[origin, origin + size)` in cells of
    /// `cell_size`, as [`SpatialGrid::new`] does, keeping its buffers: for a grid laid
    /// anew over a different area each time (the bullets' broad phase).
    pub fn reset_area(&mut self, origin: Vec2, size: Vec2, cell_size: f32) {
        let origin = if origin.is_finite() {
            origin
        } else {
            Vec2::ZERO
        };
        let sx = if size.x.is_finite() {
            size.x.max(0.0)
        } else {
            0.0
        };
        let sy = if size.y.is_finite() {
            size.y.max(0.0)
        } else {
            0.0
        };
        let mut cell = if cell_size.is_finite() && cell_size > 0.0 {
            cell_size
        } else {
            1.0
        };
        let limit = MAX_CELLS_PER_AXIS as f32;
        cell = cell.max(sx / limit).max(sy / limit);
        let cols = ((sx / cell).ceil() as i32).clamp(1, MAX_CELLS_PER_AXIS);
        let rows = ((sy / cell).ceil() as i32).clamp(1, MAX_CELLS_PER_AXIS);
        self.origin = origin;
        self.cell = cell;
        self.inv_cell = 1.0 / cell;
        self.cols = cols;
        self.rows = rows;
        self.window = (0, 0, 0, 0);
        self.starts.clear();
        self.starts.push(0);
        self.ids.clear();
        self.xs.clear();
        self.ys.clear();
        self.bodies.clear();
        self.slot_by_id.clear();
        self.max_body_radius = 0.0;
    }

    /// A grid covering the whole tile map.
    pub fn for_grid(grid: &Grid, cell_size: f32) -> SpatialGrid {
        SpatialGrid::new(
            Vec2::ZERO,
            Vec2::new(grid.width() as f32, grid.height() as f32),
            cell_size,
        )
    }

    #[cfg(test)]
    pub fn cell_size(&self) -> f32 {
        self.cell
    }

    /// `(columns, rows)`.
    #[cfg(test)]
    pub fn dims(&self) -> (i32, i32) {
        (self.cols, self.rows)
    }

    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.ids.len()
    }

    #[cfg(test)]
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    /// The largest body radius of the last [`SpatialGrid::rebuild_bodies`] (0 when empty,
    /// after a plain rebuild, or when every radius is NaN).
    pub fn max_body_radius(&self) -> f32 {
        self.max_body_radius
    }

    /// The (clamped) cell column/row containing `p`.
    #[inline]
    pub fn cell_of(&self, p: Vec2) -> (i32, i32) {
        // `floor_i32` saturates and maps NaN to 0, so any input gives a valid cell.
        let cx = floor_i32((p.x - self.origin.x) * self.inv_cell);
        let cy = floor_i32((p.y - self.origin.y) * self.inv_cell);
        (cx.clamp(0, self.cols - 1), cy.clamp(0, self.rows - 1))
    }

    /// Replaces the contents with `items` (`(id, position)`), counting-sorted by cell.
    pub fn rebuild<I: IntoIterator<Item = (u32, Vec2)>>(&mut self, items: I) {
        self.staging.clear();
        self.staging.extend(
            items
                .into_iter()
                .map(|(id, p)| (id, p, BodyData::default())),
        );
        self.sort_staging();
        self.slot_by_id.clear();
        self.max_body_radius = 0.0;
    }

    /// As [`SpatialGrid::rebuild`], with each item's [`BodyData`]; ids should be small
    /// (indices into the caller's array): a table of `max id + 1` entries maps them to
    /// slots for [`SpatialGrid::set_body_vel`].
    pub fn rebuild_bodies<I: IntoIterator<Item = (u32, Vec2, BodyData)>>(&mut self, items: I) {
        self.staging.clear();
        self.staging.extend(items);
        // `f32::max` skips a NaN radius.
        self.max_body_radius = self.staging.iter().fold(0.0, |m, s| m.max(s.2.radius));
        self.sort_staging();
        let max_id = self.ids.iter().copied().max().map_or(0, |m| m as usize + 1);
        self.slot_by_id.clear();
        self.slot_by_id.resize(max_id, NO_SLOT);
        for (slot, &id) in self.ids.iter().enumerate() {
            self.slot_by_id[id as usize] = slot as u32;
        }
    }

    /// The counting sort of `staging` into the slot columns.
    fn sort_staging(&mut self) {
        let n = self.staging.len();
        self.cell_of.clear();
        // Each item's cell of the whole area (x, y packed), and the window round them.
        let (mut wx0, mut wy0, mut wx1, mut wy1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
        for k in 0..n {
            let (cx, cy) = self.cell_of(self.staging[k].1);
            (wx0, wy0, wx1, wy1) = (wx0.min(cx), wy0.min(cy), wx1.max(cx), wy1.max(cy));
            self.cell_of.push(((cy as u32) << 16) | cx as u32);
        }
        let (wc, wr) = if n == 0 {
            (wx0, wy0) = (0, 0);
            (0, 0)
        } else {
            (wx1 - wx0 + 1, wy1 - wy0 + 1)
        };
        self.window = (wx0, wy0, wc, wr);
        self.starts.clear();
        self.starts.resize((wc * wr) as usize + 1, 0);
        // Count window cell c's items in `starts[c]`; `cell_of` becomes the window cell.
        for c in self.cell_of.iter_mut() {
            let (cx, cy) = ((*c & 0xffff) as i32, (*c >> 16) as i32);
            *c = ((cy - wy0) * wc + (cx - wx0)) as u32;
            self.starts[*c as usize] += 1;
        }
        // Running sum in a register (`starts[c] += starts[c - 1]` waits on the store of
        // the previous cell every step: 5 % of the combat route's whole run, measured):
        // `starts[c]` becomes the end of cell c, and the last entry `n`.
        let mut acc = 0u32;
        for s in self.starts.iter_mut() {
            acc += *s;
            *s = acc;
        }
        self.ids.clear();
        self.ids.resize(n, 0);
        self.xs.clear();
        self.xs.resize(n + PAD, f32::NAN);
        self.ys.clear();
        self.ys.resize(n + PAD, f32::NAN);
        self.bodies.clear();
        self.bodies.resize(n, BodyData::default());
        // Scatter from the last item down, `starts[c]` as cell c's write cursor counting
        // down from its end: insertion order within each cell, and afterwards `starts[c]`
        // is cell c's start, with no pass over the cells to shift them.
        for k in (0..n).rev() {
            let (id, p, body) = self.staging[k];
            let c = self.cell_of[k] as usize;
            self.starts[c] -= 1;
            let slot = self.starts[c] as usize;
            self.ids[slot] = id;
            self.xs[slot] = p.x;
            self.ys[slot] = p.y;
            self.bodies[slot] = body;
        }
    }

    /// Sets the velocity kept for item `id` (after a [`SpatialGrid::rebuild_bodies`]);
    /// nothing when `id` is not in the grid.
    #[inline]
    pub fn set_body_vel(&mut self, id: u32, vel: Vec2) {
        if let Some(&slot) = self.slot_by_id.get(id as usize) {
            if slot != NO_SLOT {
                self.bodies[slot as usize].vel = vel;
            }
        }
    }

    /// Calls `f(slots)` with the slots whose position is within `r` of `center`, in slot
    /// order (cell row-major, insertion order within a cell), a chunk of at most
    /// `CHUNK + 3` at a time.
    #[inline]
    fn visit_chunks<F: FnMut(&[u32])>(&self, center: Vec2, r: f32, mut f: F) {
        if r.is_nan() || r < 0.0 || !center.is_finite() {
            return;
        }
        let r2 = r * r;
        let (x0, y0) = self.cell_of(Vec2::new(center.x - r, center.y - r));
        let (x1, y1) = self.cell_of(Vec2::new(center.x + r, center.y + r));
        // Only the window's cells hold items: the query's cells within it, relative to it.
        let (wx0, wy0, wc, wr) = self.window;
        let (x0, y0) = ((x0 - wx0).max(0), (y0 - wy0).max(0));
        let (x1, y1) = ((x1 - wx0).min(wc - 1), (y1 - wy0).min(wr - 1));
        if x0 > x1 || y0 > y1 {
            f(&[]);
            return;
        }
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: the processor has AVX2 (detected when the grid was made).
            unsafe { self.visit_chunks_avx2(center, r2, (x0, y0, x1, y1), &mut f) };
            return;
        }
        // Room for one more block of 4 past a full chunk.
        let mut buf = [0u32; CHUNK + 4];
        let mut n = 0usize;
        for cy in y0..=y1 {
            // Cells x0..=x1 of one row are contiguous slots.
            let row = (cy * wc) as usize;
            let a = self.starts[row + x0 as usize] as usize;
            let b = self.starts[row + x1 as usize + 1] as usize;
            // Blocks of 4: the 4 tests as one vector compare, the hits' slots written
            // from a table by their bit mask (no branch per candidate). The last block
            // of a row reads up to 3 slots past it (the next cells' items, or the
            // `PAD` entries past the last item), its lanes past the row masked off: no
            // scalar tail with its hard-to-predict trip count.
            let mut k = a;
            while k < b {
                let x: &[f32; 4] = self.xs[k..k + 4].try_into().unwrap();
                let y: &[f32; 4] = self.ys[k..k + 4].try_into().unwrap();
                let mask = inside4(x, y, center, r2) & LANES_BELOW[(b - k).min(4)];
                let lanes = HIT_LANES[mask];
                let out: &mut [u32; 4] = (&mut buf[n & (CHUNK - 1)..(n & (CHUNK - 1)) + 4])
                    .try_into()
                    .unwrap();
                for l in 0..4 {
                    out[l] = k as u32 + lanes[l] as u32;
                }
                n += HIT_COUNT[mask] as usize;
                if n >= CHUNK {
                    f(&buf[..n]);
                    n = 0;
                }
                k += 4;
            }
        }
        f(&buf[..n]);
    }

    /// [`SpatialGrid::visit_chunks`]' loop over the cells `x0..=x1 × y0..=y1` with blocks
    /// of 8 candidates: the same test per candidate (`dx² + dy² <= r2`, single precision,
    /// no fused multiply-add), the same hits in the same order, and a chunk handed to
    /// `f` whenever `CHUNK` or more are gathered.
    ///
    /// # Safety
    /// The processor must have AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn visit_chunks_avx2(
        &self,
        center: Vec2,
        r2: f32,
        (x0, y0, x1, y1): (i32, i32, i32, i32),
        f: &mut dyn FnMut(&[u32]),
    ) {
        use std::arch::x86_64::*;
        let (cx, cy, rr) = (
            _mm256_set1_ps(center.x),
            _mm256_set1_ps(center.y),
            _mm256_set1_ps(r2),
        );
        // Room for two blocks of 4 slots past a chunk that is not yet full.
        let mut buf = [0u32; CHUNK + 8];
        let mut n = 0usize;
        for row_y in y0..=y1 {
            let row = (row_y * self.window.2) as usize;
            let a = self.starts[row + x0 as usize] as usize;
            let b = self.starts[row + x1 as usize + 1] as usize;
            let mut k = a;
            while k < b {
                // SAFETY: `k < b <= len` and the columns hold `len + PAD` floats, so the 8
                // floats from `k` are inside them; `n < CHUNK` here, so the two 4-slot
                // stores at `n` and at most `n + 4` stay inside `buf`.
                unsafe {
                    let x = _mm256_loadu_ps(self.xs.as_ptr().add(k));
                    let y = _mm256_loadu_ps(self.ys.as_ptr().add(k));
                    let dx = _mm256_sub_ps(x, cx);
                    let dy = _mm256_sub_ps(y, cy);
                    let d2 = _mm256_add_ps(_mm256_mul_ps(dx, dx), _mm256_mul_ps(dy, dy));
                    let inside = _mm256_movemask_ps(_mm256_cmp_ps::<_CMP_LE_OQ>(d2, rr));
                    let mask = inside as usize & LANES_BELOW[(b - k).min(8)];
                    for (half, m) in [(0, mask & 15), (4, mask >> 4)] {
                        let lanes = i32::from_le_bytes(HIT_LANES[m]);
                        let slots = _mm_add_epi32(
                            _mm_set1_epi32((k + half) as i32),
                            _mm_cvtepu8_epi32(_mm_cvtsi32_si128(lanes)),
                        );
                        _mm_storeu_si128(buf.as_mut_ptr().add(n).cast(), slots);
                        n += HIT_COUNT[m] as usize;
                    }
                }
                if n >= CHUNK {
                    f(&buf[..n]);
                    n = 0;
                }
                k += 8;
            }
        }
        f(&buf[..n]);
    }

    /// Calls `f(slot)` for every slot whose position is within `r` of `center`, in slot
    /// order (cell row-major, insertion order within a cell).
    #[inline]
    fn visit_slots<F: FnMut(usize)>(&self, center: Vec2, r: f32, mut f: F) {
        self.visit_chunks(center, r, |chunk| chunk.iter().for_each(|&s| f(s as usize)));
    }

    /// The items by slot, as a query hands them to [`SpatialGrid::for_each_chunk_in_radius`]'s
    /// closure: for callers that keep a query's slots to read them again.
    #[inline]
    pub fn columns(&self) -> Columns<'_> {
        Columns {
            ids: &self.ids,
            xs: &self.xs,
            ys: &self.ys,
            bodies: &self.bodies,
        }
    }

    /// As [`SpatialGrid::for_each_body_in_radius`], a chunk of hits at a time for callers
    /// that work on several at once: `f(columns, slots)`, where `slots` index
    /// `columns` (in the order `for_each_body_in_radius` visits them).
    #[inline]
    pub fn for_each_chunk_in_radius<F: FnMut(Columns<'_>, &[u32])>(
        &self,
        center: Vec2,
        r: f32,
        mut f: F,
    ) {
        let cols = self.columns();
        self.visit_chunks(center, r, |chunk| f(cols, chunk));
    }

    /// Calls `f(id, pos)` for every item with `|pos - center| <= r`, in cell order
    /// (row-major), insertion order within a cell: deterministic, but depends on the cell
    /// size. The fast path for hot loops.
    #[inline]
    pub fn for_each_in_radius<F: FnMut(u32, Vec2)>(&self, center: Vec2, r: f32, mut f: F) {
        self.visit_slots(center, r, |s| {
            f(self.ids[s], Vec2::new(self.xs[s], self.ys[s]))
        });
    }

    /// As [`SpatialGrid::for_each_in_radius`], with each item's [`BodyData`] (default
    /// after a plain [`SpatialGrid::rebuild`]).
    #[cfg(test)]
    #[inline]
    pub fn for_each_body_in_radius<F: FnMut(u32, Vec2, &BodyData)>(
        &self,
        center: Vec2,
        r: f32,
        mut f: F,
    ) {
        self.visit_slots(center, r, |s| {
            f(
                self.ids[s],
                Vec2::new(self.xs[s], self.ys[s]),
                &self.bodies[s],
            )
        });
    }

    /// Ids of the items within `r` of `center` (inclusive), written to `out` (cleared
    /// first) in **ascending id** order, independent of the cell size. Non-finite `center`
    /// or `r`, or negative `r`, give nothing.
    #[cfg(any(test, feature = "internals"))]
    pub fn query_radius(&self, center: Vec2, r: f32, out: &mut Vec<u32>) {
        out.clear();
        self.for_each_in_radius(center, r, |id, _| out.push(id));
        out.sort_unstable();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn brute(items: &[(u32, Vec2)], c: Vec2, r: f32) -> Vec<u32> {
        let mut v: Vec<u32> = items
            .iter()
            .filter(|(_, p)| p.distance_sq(c) <= r * r)
            .map(|&(id, _)| id)
            .collect();
        v.sort_unstable();
        v
    }

    #[test]
    fn finds_neighbours_and_clamps_outsiders() {
        let mut g = SpatialGrid::new(Vec2::ZERO, Vec2::new(10.0, 10.0), 2.0);
        assert_eq!(g.dims(), (5, 5));
        let items = [
            (7, Vec2::new(1.0, 1.0)),
            (3, Vec2::new(1.5, 1.0)),
            (9, Vec2::new(-3.0, 1.0)),  // outside, left
            (4, Vec2::new(50.0, 50.0)), // outside, far corner
            (5, Vec2::new(f32::NAN, 1.0)),
            (1, Vec2::new(9.9, 9.9)),
        ];
        g.rebuild(items);
        assert_eq!(g.len(), 6);
        let mut out = Vec::new();
        g.query_radius(Vec2::new(1.2, 1.0), 0.5, &mut out);
        assert_eq!(out, vec![3, 7]);
        g.query_radius(Vec2::new(-2.0, 1.0), 1.0, &mut out);
        assert_eq!(out, vec![9]);
        g.query_radius(Vec2::new(49.0, 50.0), 1.0, &mut out);
        assert_eq!(out, vec![4]);
        g.query_radius(Vec2::new(5.0, 5.0), 100.0, &mut out);
        assert_eq!(out, vec![1, 3, 4, 7, 9]);
        g.query_radius(Vec2::new(f32::NAN, 5.0), 100.0, &mut out);
        assert!(out.is_empty());
        g.query_radius(Vec2::new(1.0, 1.0), -1.0, &mut out);
        assert!(out.is_empty());
        // Rebuild replaces.
        g.rebuild([(2, Vec2::new(1.0, 1.0))]);
        g.query_radius(Vec2::new(1.0, 1.0), 0.0, &mut out);
        assert_eq!(out, vec![2]);
        // Absurd parameters do not panic.
        let mut g = SpatialGrid::new(Vec2::new(f32::NAN, 0.0), Vec2::new(1e9, f32::INFINITY), 0.0);
        g.rebuild([(1, Vec2::new(3.0, 3.0))]);
        g.query_radius(Vec2::new(3.0, 3.0), 1.0, &mut out);
        assert_eq!(out, vec![1]);
    }

    #[test]
    fn a_reset_grid_is_a_new_grid() {
        let items: Vec<(u32, Vec2)> = (0..200u32)
            .map(|i| {
                (
                    i,
                    Vec2::new((i * 37 % 101) as f32 * 0.3, (i * 53 % 89) as f32 * 0.25),
                )
            })
            .collect();
        let mut g = SpatialGrid::new(Vec2::ZERO, Vec2::new(40.0, 30.0), 2.0);
        g.rebuild(items.iter().copied());
        for (origin, size, cell) in [
            (Vec2::new(3.0, 4.5), Vec2::new(12.0, 7.0), 1.0),
            (Vec2::new(-2.0, 0.0), Vec2::new(50.0, 3.0), 0.7),
            (Vec2::new(f32::NAN, 1.0), Vec2::new(1e9, 5.0), -1.0),
        ] {
            g.reset_area(origin, size, cell);
            assert!(g.is_empty());
            let mut fresh = SpatialGrid::new(origin, size, cell);
            assert_eq!((g.dims(), g.cell_size()), (fresh.dims(), fresh.cell_size()));
            g.rebuild(items.iter().copied());
            fresh.rebuild(items.iter().copied());
            for k in 0..40 {
                let c = Vec2::new(k as f32 * 0.8, k as f32 * 0.6);
                let (mut a, mut b) = (Vec::new(), Vec::new());
                g.for_each_in_radius(c, 2.5, |id, _| a.push(id));
                fresh.for_each_in_radius(c, 2.5, |id, _| b.push(id));
                assert_eq!(a, b);
                let mut sorted = a.clone();
                sorted.sort_unstable();
                assert_eq!(sorted, brute(&items, c, 2.5));
            }
        }
    }

    /// The 8-wide (AVX2) and 4-wide (SSE) scans find the same hits in the same order,
    /// and so does the plain filter; rows of every length, items past the grid's edge,
    /// and hits on exactly the radius.
    #[test]
    fn blocks_of_8_and_of_4_visit_the_same_hits() {
        let mut items: Vec<(u32, Vec2)> = Vec::new();
        for i in 0..700u32 {
            let (a, b) = ((i * 7919 % 1000) as f32, (i * 104_729 % 1000) as f32);
            let p = match i % 4 {
                // Exactly 1.5 from (10, 10), the query's centre and radius below.
                0 => Vec2::new(11.5, 10.0),
                1 => Vec2::new(a * 0.025 - 2.0, b * 0.02 - 1.0),
                _ => Vec2::new(a * 0.02, b * 0.02),
            };
            items.push((i, p));
        }
        for count in [0usize, 1, 3, 5, 8, 9, 17, 100, 700] {
            let mut g = SpatialGrid::new(Vec2::ZERO, Vec2::new(20.0, 20.0), 2.0);
            g.rebuild(items[..count].iter().copied());
            for q in 0..60 {
                let c = Vec2::new(
                    10.0 + (q % 7) as f32 * 1.3 - 4.0,
                    (q / 7) as f32 * 2.4 - 0.5,
                );
                let r = [0.0, 0.6, 1.5, 3.0, 9.0][q % 5];
                let c = if q == 0 { Vec2::new(10.0, 10.0) } else { c };
                let mut runs = Vec::new();
                for avx2 in [false, true] {
                    let _ = avx2;
                    #[cfg(target_arch = "x86_64")]
                    {
                        g.avx2 = avx2 && std::arch::is_x86_feature_detected!("avx2");
                    }
                    let mut seen = Vec::new();
                    g.for_each_in_radius(c, r, |id, _| seen.push(id));
                    runs.push(seen);
                }
                assert_eq!(runs[0], runs[1], "{count} items, {c:?} r {r}");
                let mut sorted = runs[0].clone();
                sorted.sort_unstable();
                assert_eq!(sorted, brute(&items[..count], c, r));
            }
        }
    }

    #[test]
    fn cell_order_visit_is_stable() {
        let mut g = SpatialGrid::new(Vec2::ZERO, Vec2::new(4.0, 4.0), 1.0);
        g.rebuild([
            (5, Vec2::new(0.5, 0.5)),
            (2, Vec2::new(0.6, 0.5)),
            (9, Vec2::new(0.5, 2.5)),
        ]);
        let mut seen = Vec::new();
        g.for_each_in_radius(Vec2::new(0.5, 1.5), 1.2, |id, _| seen.push(id));
        assert_eq!(
            seen,
            vec![5, 2, 9],
            "row-major cells, insertion order within a cell"
        );
    }

    /// Items crowded in a corner of a large area, some outside it: every query — inside
    /// the occupied window, across its edge, or beyond it — visits its hits in the
    /// whole area's cell order (row-major, each item in its clamped cell), insertion
    /// order within a cell, as if every cell of the area were counted.
    #[test]
    fn queries_visit_hits_in_the_whole_area_cell_order() {
        let mut rng = crate::core::rng::Rng::new(21);
        let (size, cell) = (Vec2::new(96.0, 64.0), 2.0);
        let mut g = SpatialGrid::new(Vec2::ZERO, size, cell);
        for round in 0..40 {
            let n = 1 + rng.below(300) as usize;
            let corner = Vec2::new(rng.range_f32(-4.0, 90.0), rng.range_f32(-4.0, 60.0));
            let spread = rng.range_f32(0.5, 12.0);
            let items: Vec<(u32, Vec2)> = (0..n as u32)
                .map(|id| {
                    let d = Vec2::new(rng.range_f32(0.0, spread), rng.range_f32(0.0, spread));
                    (id, corner + d)
                })
                .collect();
            g.rebuild(items.iter().copied());
            // The whole area's clamped cell of each item.
            let cell_of = |p: Vec2| {
                let cx = ((p.x / cell).floor() as i32).clamp(0, 47);
                let cy = ((p.y / cell).floor() as i32).clamp(0, 31);
                (cy, cx)
            };
            for _ in 0..30 {
                let c = corner + Vec2::new(rng.range_f32(-6.0, 20.0), rng.range_f32(-6.0, 20.0));
                let r = rng.range_f32(0.0, 4.0);
                let mut seen = Vec::new();
                g.for_each_in_radius(c, r, |id, _| seen.push(id));
                let mut want: Vec<u32> = items
                    .iter()
                    .filter(|(_, p)| p.distance_sq(c) <= r * r)
                    .map(|&(id, _)| id)
                    .collect();
                want.sort_by_key(|&id| (cell_of(items[id as usize].1), id));
                assert_eq!(seen, want, "round {round}: query at {c:?} r {r}");
            }
        }
    }

    #[test]
    fn bodies_ride_along_and_velocities_follow() {
        let mut g = SpatialGrid::new(Vec2::ZERO, Vec2::new(8.0, 8.0), 2.0);
        let body = |r: f32| BodyData {
            vel: Vec2::new(r, -r),
            radius: r,
            fixed: r > 0.4,
        };
        g.rebuild_bodies([
            (4, Vec2::new(3.5, 0.5), body(0.3)),
            (0, Vec2::new(0.5, 0.5), body(0.5)),
            (2, Vec2::new(0.7, 2.5), body(0.25)),
        ]);
        let mut seen = Vec::new();
        g.for_each_body_in_radius(Vec2::new(1.0, 1.0), 3.0, |id, p, b| seen.push((id, p, *b)));
        assert_eq!(
            seen,
            vec![
                (0, Vec2::new(0.5, 0.5), body(0.5)),
                (4, Vec2::new(3.5, 0.5), body(0.3)),
                (2, Vec2::new(0.7, 2.5), body(0.25)),
            ],
            "cell order, each item with its own data"
        );
        g.set_body_vel(2, Vec2::new(9.0, 9.0));
        g.set_body_vel(3, Vec2::new(7.0, 7.0)); // not in the grid: nothing
        g.set_body_vel(99, Vec2::new(7.0, 7.0));
        let mut vels = Vec::new();
        g.for_each_body_in_radius(Vec2::new(1.0, 1.0), 3.0, |id, _, b| vels.push((id, b.vel)));
        assert_eq!(
            vels,
            vec![
                (0, Vec2::new(0.5, -0.5)),
                (4, Vec2::new(0.3, -0.3)),
                (2, Vec2::new(9.0, 9.0)),
            ]
        );
        // A plain rebuild forgets the bodies.
        g.rebuild([(2, Vec2::new(0.7, 2.5))]);
        g.set_body_vel(2, Vec2::new(1.0, 1.0));
        g.for_each_body_in_radius(Vec2::new(1.0, 1.0), 3.0, |_, _, b| {
            assert_eq!(*b, BodyData::default())
        });
    }

    proptest! {
        #[test]
        fn query_equals_brute_force(
            pts in prop::collection::vec((-5.0f32..45.0, -5.0f32..35.0), 0..300),
            queries in prop::collection::vec((-8.0f32..48.0, -8.0f32..38.0, 0.0f32..6.0), 1..20),
            cell in 0.3f32..5.0,
        ) {
            let items: Vec<(u32, Vec2)> = pts
                .iter()
                .enumerate()
                .map(|(i, &(x, y))| ((i as u32).wrapping_mul(2_654_435_761) % 100_000, Vec2::new(x, y)))
                .collect();
            let mut g = SpatialGrid::new(Vec2::ZERO, Vec2::new(40.0, 30.0), cell);
            g.rebuild(items.iter().copied());
            let mut out = Vec::new();
            for &(qx, qy, r) in &queries {
                let c = Vec2::new(qx, qy);
                g.query_radius(c, r, &mut out);
                prop_assert_eq!(&out, &brute(&items, c, r));
                // The visit order is (cell row, cell column, insertion order).
                let mut visit = Vec::new();
                g.for_each_in_radius(c, r, |id, p| visit.push((id, p)));
                let mut want: Vec<(usize, (i32, i32), u32, Vec2)> = items
                    .iter()
                    .enumerate()
                    .filter(|(_, (_, p))| p.distance_sq(c) <= r * r)
                    .map(|(k, &(id, p))| {
                        let (cx, cy) = g.cell_of(p);
                        (k, (cy, cx), id, p)
                    })
                    .collect();
                want.sort_by_key(|&(k, cell, _, _)| (cell, k));
                let want: Vec<(u32, Vec2)> = want.into_iter().map(|(_, _, id, p)| (id, p)).collect();
                prop_assert_eq!(visit, want);
            }
        }
    }
}
