//! Horde steering (REQ E1, seed 002): behaviours that each return a steering force
//! (`desired velocity − current velocity`, OpenSteer style), blended with weights per
//! enemy kind, plus the boids trio with a "zombie crowd" flavour: strong separation,
//! weak alignment and cohesion. Neighbours come from the uniform grid, never O(n²).

use crate::core::geom::Vec2;
use crate::space::spatial::Columns;

/// Seek: full speed toward `target`.
pub fn seek(pos: Vec2, vel: Vec2, target: Vec2, max_speed: f32) -> Vec2 {
    (target - pos).normalize_or_zero() * max_speed - vel
}

/// Arrive: like seek, but braking linearly inside `slow_radius` to stop at `target`.
pub fn arrive(pos: Vec2, vel: Vec2, target: Vec2, max_speed: f32, slow_radius: f32) -> Vec2 {
    let to = target - pos;
    let d = to.length();
    if d < 1e-5 {
        return -vel;
    }
    let speed = if d < slow_radius {
        max_speed * d / slow_radius
    } else {
        max_speed
    };
    to * (speed / d) - vel
}

/// Pursuit: seek the target's predicted position, looking ahead the time it would take
/// to get there at `max_speed`, capped at `horizon` seconds.
pub fn pursuit(
    pos: Vec2,
    vel: Vec2,
    target: Vec2,
    target_vel: Vec2,
    max_speed: f32,
    horizon: f32,
) -> Vec2 {
    let d = pos.distance(target);
    let t = if max_speed > 1e-5 {
        (d / max_speed).min(horizon)
    } else {
        0.0
    };
    seek(pos, vel, target + target_vel * t, max_speed)
}

/// Wander: a heading that drifts by a small random turn each tick (the caller keeps the
/// heading and draws the turn from the world's RNG); returns the force along it.
pub fn wander(vel: Vec2, heading: f32, max_speed: f32) -> Vec2 {
    Vec2::from_angle(heading) * (max_speed * 0.5) - vel
}

/// Follow a flow-field direction (unit vector, zero where there is none).
pub fn follow_flow(vel: Vec2, dir: Vec2, max_speed: f32) -> Vec2 {
    if dir == Vec2::ZERO {
        return -vel * 0.5;
    }
    dir * max_speed - vel
}

/// True when `sqrt(d2) < r` is certainly false, decided without the square root: an
/// early-out that never changes a result. Proof: `r * r * 1.0001` rounded is above
/// `r² (1 + 9·10⁻⁵)`, so `d2` above it has `√d2 > r (1 + 4·10⁻⁵)`, and the correctly
/// rounded square root of a number above the float `r` is not below `r`. NaN and
/// infinite `r` never take the early-out.
#[inline(always)]
pub fn surely_beyond(d2: f32, r: f32) -> bool {
    d2 > r * r * 1.0001
}

/// The separation terms of [`Flock::add`] for four neighbours at `(qx, qy)` of `radius`
/// seen from `pos`: `off / d * ((sr - d) / max(d, 0.1))` where `d < sr` and `d > 1e-5`
/// (`sr = r_sep + radius - 0.3`), +0 elsewhere; and the squared distances `|off|²`. Each lane computes exactly what `add`
/// does in single precision: SSE's `sqrtps`, `divps`, `maxps` are the IEEE operations.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn separation4(
    pos: Vec2,
    qx: [f32; 4],
    qy: [f32; 4],
    radius: [f32; 4],
    r_sep: f32,
) -> [[f32; 4]; 3] {
    use std::arch::x86_64::*;
    let (mut sx, mut sy, mut sd2) = ([0.0f32; 4], [0.0f32; 4], [0.0f32; 4]);
    // SAFETY: SSE and SSE2 are part of the x86-64 baseline; the loads and stores are of
    // local arrays of four floats (unaligned forms).
    unsafe {
        let offx = _mm_sub_ps(_mm_set1_ps(pos.x), _mm_loadu_ps(qx.as_ptr()));
        let offy = _mm_sub_ps(_mm_set1_ps(pos.y), _mm_loadu_ps(qy.as_ptr()));
        let d2 = _mm_add_ps(_mm_mul_ps(offx, offx), _mm_mul_ps(offy, offy));
        _mm_storeu_ps(sd2.as_mut_ptr(), d2);
        let d = _mm_sqrt_ps(d2);
        let sr = _mm_sub_ps(
            _mm_add_ps(_mm_set1_ps(r_sep), _mm_loadu_ps(radius.as_ptr())),
            _mm_set1_ps(0.3),
        );
        let near = _mm_and_ps(_mm_cmplt_ps(d, sr), _mm_cmpgt_ps(d, _mm_set1_ps(1e-5)));
        // `d.max(0.1)`: equal for every lane that is kept (those have a real `d`).
        let k = _mm_div_ps(_mm_sub_ps(sr, d), _mm_max_ps(d, _mm_set1_ps(0.1)));
        let tx = _mm_mul_ps(_mm_div_ps(offx, d), k);
        let ty = _mm_mul_ps(_mm_div_ps(offy, d), k);
        _mm_storeu_ps(sx.as_mut_ptr(), _mm_and_ps(near, tx));
        _mm_storeu_ps(sy.as_mut_ptr(), _mm_and_ps(near, ty));
    }
    [sx, sy, sd2]
}

/// The push that takes a body of radius `r` at `p` out of the neighbours `slots` of a
/// grid query (except the item `me`), added to `push` in their order: for each
/// neighbour at `q` of radius `o` closer than `min = r + o` (and farther than 1e-5),
/// `off / d * ((min - d) * share)` with `off = p - q`, `d = |off|`, and `share` 1 when
/// the neighbour is fixed, else ½. Four neighbours at a time without a branch on the
/// distance, as [`Flock::add_slots`]: bit for bit the sum of the one-by-one terms.
pub fn add_overlap_push(
    push: &mut Vec2,
    p: Vec2,
    r: f32,
    me: u32,
    cols: Columns<'_>,
    slots: &[u32],
) {
    #[cfg(not(target_arch = "x86_64"))]
    let rest = slots;
    #[cfg(target_arch = "x86_64")]
    let rest = {
        let blocks = slots.chunks_exact(4);
        let rest = blocks.remainder();
        for b in blocks {
            let s = [b[0] as usize, b[1] as usize, b[2] as usize, b[3] as usize];
            let (qx, qy) = (s.map(|k| cols.xs[k]), s.map(|k| cols.ys[k]));
            let radius = s.map(|k| cols.bodies[k].radius);
            let share = s.map(|k| if cols.bodies[k].fixed { 1.0 } else { 0.5 });
            let [px, py] = overlap4(p, qx, qy, radius, r, share);
            for l in 0..4 {
                if cols.ids[s[l]] != me {
                    *push += Vec2::new(px[l], py[l]);
                }
            }
        }
        rest
    };
    for &k in rest {
        let k = k as usize;
        if cols.ids[k] != me {
            let q = Vec2::new(cols.xs[k], cols.ys[k]);
            let o = &cols.bodies[k];
            let off = p - q;
            let min = r + o.radius;
            if !surely_beyond(off.length_sq(), min) {
                let d = off.length();
                if d < min && d > 1e-5 {
                    let share = if o.fixed { 1.0 } else { 0.5 };
                    *push += off / d * ((min - d) * share);
                }
            }
        }
    }
}

/// The overlap terms of [`add_overlap_push`] for four neighbours, +0 for those not
/// overlapping: the IEEE single-precision operations of the one-by-one code, four lanes
/// at once.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn overlap4(
    p: Vec2,
    qx: [f32; 4],
    qy: [f32; 4],
    radius: [f32; 4],
    r: f32,
    share: [f32; 4],
) -> [[f32; 4]; 2] {
    use std::arch::x86_64::*;
    let (mut sx, mut sy) = ([0.0f32; 4], [0.0f32; 4]);
    // SAFETY: SSE and SSE2 are part of the x86-64 baseline; the loads and stores are of
    // local arrays of four floats (unaligned forms).
    unsafe {
        let offx = _mm_sub_ps(_mm_set1_ps(p.x), _mm_loadu_ps(qx.as_ptr()));
        let offy = _mm_sub_ps(_mm_set1_ps(p.y), _mm_loadu_ps(qy.as_ptr()));
        let d = _mm_sqrt_ps(_mm_add_ps(_mm_mul_ps(offx, offx), _mm_mul_ps(offy, offy)));
        let min = _mm_add_ps(_mm_set1_ps(r), _mm_loadu_ps(radius.as_ptr()));
        let near = _mm_and_ps(_mm_cmplt_ps(d, min), _mm_cmpgt_ps(d, _mm_set1_ps(1e-5)));
        let k = _mm_mul_ps(_mm_sub_ps(min, d), _mm_loadu_ps(share.as_ptr()));
        let tx = _mm_mul_ps(_mm_div_ps(offx, d), k);
        let ty = _mm_mul_ps(_mm_div_ps(offy, d), k);
        _mm_storeu_ps(sx.as_mut_ptr(), _mm_and_ps(near, tx));
        _mm_storeu_ps(sy.as_mut_ptr(), _mm_and_ps(near, ty));
    }
    [sx, sy]
}

/// The boids' accumulators over one enemy's neighbours.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Flock {
    /// Σ away-from-neighbour, stronger when closer (within the separation radius).
    pub separation: Vec2,
    /// Σ neighbour velocities and their count (alignment).
    pub vel_sum: Vec2,
    /// Σ neighbour positions (cohesion).
    pub pos_sum: Vec2,
    pub count: u32,
}

impl Flock {
    /// Adds a neighbour at `other` (moving at `other_vel`) seen from `pos`.
    pub fn add(&mut self, pos: Vec2, other: Vec2, other_vel: Vec2, separation_radius: f32) {
        let off = pos - other;
        // Most neighbours are beyond the separation radius: the square root is skipped
        // when the squared distance alone rules them out (see `surely_beyond`).
        let d2 = off.length_sq();
        if !surely_beyond(d2, separation_radius) {
            let d = d2.sqrt();
            if d < separation_radius && d > 1e-5 {
                // 1/d falloff: bodies about to touch push hard (the crowd does not overlap).
                self.separation += off / d * ((separation_radius - d) / d.max(0.1));
            }
        }
        self.vel_sum += other_vel;
        self.pos_sum += other;
        self.count += 1;
    }

    /// [`Flock::add`] for each of a neighbour-grid query's hits `slots` (in order) except
    /// the item `me`, with separation radius `r_sep + radius - 0.3` for a neighbour of
    /// `radius`: the same sums, bit for bit. Four hits at a time, without a branch on
    /// the distance: the square roots and divisions of four neighbours at once (SSE,
    /// the same IEEE operations as `add`), and a neighbour outside the separation radius
    /// adds +0 to the separation, which changes nothing (a sum that starts at +0 is never
    /// −0, and `x + 0 = x` for every other `x`). The horde steps with
    /// [`Flock::add_slots_picking`]; this form is the tests' bridge to `add`.
    #[cfg(test)]
    pub fn add_slots(&mut self, pos: Vec2, r_sep: f32, me: u32, cols: Columns<'_>, slots: &[u32]) {
        self.sum_slots::<false>(pos, r_sep, me, cols, slots, (0.0, &mut []));
    }

    /// [`Flock::add_slots`], and with `(r2, near)` the hits other than `me` whose squared
    /// distance from `pos` is at most `r2` written to `near` in order (the candidates of
    /// the body's overlap push, picked from the distances the separation computes anyway).
    pub fn add_slots_picking(
        &mut self,
        pos: Vec2,
        r_sep: f32,
        me: u32,
        cols: Columns<'_>,
        slots: &[u32],
        (r2, near): (f32, &mut Vec<u32>),
    ) {
        // Written branch-free into a buffer as long as the hits, cut to the picked ones.
        near.clear();
        near.resize(slots.len(), 0);
        let picked = self.sum_slots::<true>(pos, r_sep, me, cols, slots, (r2, near));
        near.truncate(picked);
    }

    /// The sums of [`Flock::add_slots`]; with `PICK`, the picking of
    /// [`Flock::add_slots_picking`] into `out` (as long as `slots`), returning the count.
    #[inline(always)]
    fn sum_slots<const PICK: bool>(
        &mut self,
        pos: Vec2,
        r_sep: f32,
        me: u32,
        cols: Columns<'_>,
        slots: &[u32],
        (near_r2, out): (f32, &mut [u32]),
    ) -> usize {
        let mut picked = 0;
        #[cfg(not(target_arch = "x86_64"))]
        let rest = slots;
        #[cfg(target_arch = "x86_64")]
        let rest = {
            let blocks = slots.chunks_exact(4);
            let rest = blocks.remainder();
            for b in blocks {
                let s = [b[0] as usize, b[1] as usize, b[2] as usize, b[3] as usize];
                let (qx, qy) = (s.map(|k| cols.xs[k]), s.map(|k| cols.ys[k]));
                let radius = s.map(|k| cols.bodies[k].radius);
                let [sx, sy, d2] = separation4(pos, qx, qy, radius, r_sep);
                for l in 0..4 {
                    let other = cols.ids[s[l]] != me;
                    if PICK {
                        out[picked] = b[l];
                        picked += (other & (d2[l] <= near_r2)) as usize;
                    }
                    if !other {
                        continue;
                    }
                    self.separation += Vec2::new(sx[l], sy[l]);
                    self.vel_sum += cols.bodies[s[l]].vel;
                    self.pos_sum += Vec2::new(qx[l], qy[l]);
                    self.count += 1;
                }
            }
            rest
        };
        for &k in rest {
            let ku = k as usize;
            if cols.ids[ku] != me {
                let o = &cols.bodies[ku];
                let q = Vec2::new(cols.xs[ku], cols.ys[ku]);
                self.add(pos, q, o.vel, r_sep + o.radius - 0.3);
                if PICK {
                    out[picked] = k;
                    picked += ((pos - q).length_sq() <= near_r2) as usize;
                }
            }
        }
        picked
    }

    /// Separation as a steering force toward `max_speed` away from the crowd.
    pub fn separation_force(&self, vel: Vec2, max_speed: f32) -> Vec2 {
        if self.separation == Vec2::ZERO {
            return Vec2::ZERO;
        }
        let _ = vel;
        self.separation.normalize_or_zero() * (max_speed * self.separation.length().min(1.0))
    }

    /// Alignment: toward the neighbours' mean velocity.
    pub fn alignment_force(&self, vel: Vec2) -> Vec2 {
        if self.count == 0 {
            return Vec2::ZERO;
        }
        self.vel_sum / self.count as f32 - vel
    }

    /// Cohesion: seek the neighbours' centre.
    pub fn cohesion_force(&self, pos: Vec2, vel: Vec2, max_speed: f32) -> Vec2 {
        if self.count == 0 {
            return Vec2::ZERO;
        }
        seek(pos, vel, self.pos_sum / self.count as f32, max_speed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seek_and_arrive_point_at_the_target_and_arrive_brakes() {
        let f = seek(Vec2::ZERO, Vec2::ZERO, Vec2::new(3.0, 4.0), 2.0);
        assert!((f - Vec2::new(1.2, 1.6)).length() < 1e-6);
        let far = arrive(Vec2::ZERO, Vec2::ZERO, Vec2::new(10.0, 0.0), 2.0, 1.0);
        let near = arrive(Vec2::ZERO, Vec2::ZERO, Vec2::new(0.5, 0.0), 2.0, 1.0);
        assert!((far.x - 2.0).abs() < 1e-6 && (near.x - 1.0).abs() < 1e-6);
    }

    #[test]
    fn pursuit_leads_a_moving_target() {
        let f = pursuit(
            Vec2::ZERO,
            Vec2::ZERO,
            Vec2::new(4.0, 0.0),
            Vec2::new(0.0, 2.0),
            2.0,
            1.0,
        );
        assert!(f.y > 0.0, "aims ahead of the target: {f:?}");
        // Far away the look-ahead is capped at the horizon: 1 s × 2 u/s = 2 units ahead.
        let capped = pursuit(
            Vec2::ZERO,
            Vec2::ZERO,
            Vec2::new(40.0, 0.0),
            Vec2::new(0.0, 2.0),
            2.0,
            1.0,
        );
        let want = Vec2::new(40.0, 2.0).normalize_or_zero() * 2.0;
        assert!((capped - want).length() < 1e-5, "{capped:?}");
    }

    /// Random crowds (stacked bodies, bodies exactly one separation radius or one
    /// contact apart, fixed ones): the four-at-a-time sums equal the one-by-one sums
    /// bit for bit.
    #[test]
    fn batched_sums_equal_the_one_by_one_sums_bit_for_bit() {
        use crate::space::spatial::{BodyData, SpatialGrid};
        let mut rng = crate::core::rng::Rng::new(5);
        let bits = |v: Vec2| (v.x.to_bits(), v.y.to_bits());
        let mut near_pushes = 0;
        for case in 0..300 {
            let n = 1 + rng.below(60) as usize;
            let mut items: Vec<(u32, Vec2, BodyData)> = Vec::new();
            for i in 0..n {
                let p = match (case + i) % 5 {
                    // On top of the previous body, or exactly 0.8 or 0.6 from it.
                    0 if i > 0 => items[i - 1].1,
                    1 if i > 0 => items[i - 1].1 + Vec2::new(0.8, 0.0),
                    2 if i > 0 => items[i - 1].1 + Vec2::new(0.0, -0.6),
                    _ => Vec2::new(rng.range_f32(0.0, 6.0), rng.range_f32(0.0, 6.0)),
                };
                let body = BodyData {
                    vel: Vec2::new(rng.range_f32(-1.0, 1.0), rng.range_f32(-1.0, 1.0)),
                    radius: [0.3, 0.3, 0.25, 0.5][rng.below(4) as usize],
                    fixed: rng.below(10) == 0,
                };
                items.push((i as u32, p, body));
            }
            let mut g = SpatialGrid::new(Vec2::ZERO, Vec2::new(6.0, 6.0), 2.0);
            g.rebuild_bodies(items.iter().copied());
            for &(me, p, body) in &items {
                // Boids from the body's own position.
                let mut one = Flock::default();
                g.for_each_body_in_radius(p, 1.5, |j, q, o| {
                    if j != me {
                        one.add(p, q, o.vel, 0.8 + o.radius - 0.3);
                    }
                });
                let mut four = Flock::default();
                g.for_each_chunk_in_radius(p, 1.5, |cols, slots| {
                    four.add_slots(p, 0.8, me, cols, slots)
                });
                assert_eq!(one.count, four.count);
                // Picking the overlap candidates changes no sum and picks exactly the
                // hits (not `me`) within the distance, in query order.
                let (mut picking, mut near, mut hits) = (Flock::default(), Vec::new(), Vec::new());
                g.for_each_chunk_in_radius(p, 1.5, |_, slots| hits.extend_from_slice(slots));
                picking.add_slots_picking(p, 0.8, me, g.columns(), &hits, (0.49, &mut near));
                assert_eq!(picking, four, "case {case}");
                let cols = g.columns();
                let want: Vec<u32> = hits
                    .iter()
                    .copied()
                    .filter(|&k| {
                        let q = Vec2::new(cols.xs[k as usize], cols.ys[k as usize]);
                        cols.ids[k as usize] != me && (p - q).length_sq() <= 0.49
                    })
                    .collect();
                assert_eq!(near, want, "case {case}");
                for (a, b) in [
                    (one.separation, four.separation),
                    (one.vel_sum, four.vel_sum),
                    (one.pos_sum, four.pos_sum),
                ] {
                    assert_eq!(bits(a), bits(b), "case {case}: {a:?} {b:?}");
                }
                // Overlaps from a moved position.
                let moved = p + Vec2::new(rng.range_f32(-0.05, 0.05), 0.0);
                let r = body.radius;
                let mut one = Vec2::ZERO;
                g.for_each_body_in_radius(moved, r + 0.5, |j, q, o| {
                    let off = moved - q;
                    let d = off.length();
                    let min = r + o.radius;
                    if j != me && d < min && d > 1e-5 {
                        let share = if o.fixed { 1.0 } else { 0.5 };
                        one += off / d * ((min - d) * share);
                    }
                });
                let mut four = Vec2::ZERO;
                let reach = (r + 0.5).min(r + g.max_body_radius());
                g.for_each_chunk_in_radius(moved, reach, |cols, slots| {
                    add_overlap_push(&mut four, moved, r, me, cols, slots)
                });
                assert_eq!(bits(one), bits(four), "case {case}: {one:?} {four:?}");
                near_pushes += (one != Vec2::ZERO) as u32;
            }
        }
        assert!(near_pushes > 500, "{near_pushes}");
    }

    #[test]
    fn surely_beyond_never_disagrees_with_the_square_root() {
        let mut rng = crate::core::rng::Rng::new(11);
        for _ in 0..200_000 {
            let r = rng.range_f32(0.0, 2.0);
            // Squared distances packed round r² (where rounding could matter) and beyond.
            let d2 = r * r * rng.range_f32(0.999, 1.001) + rng.range_f32(0.0, 1e-6);
            if surely_beyond(d2, r) {
                assert!(d2.sqrt() >= r, "d2 {d2} r {r}");
            }
        }
        assert!(!surely_beyond(1.0, f32::NAN) && !surely_beyond(1e30, f32::INFINITY));
        assert!(surely_beyond(0.81, 0.8) && !surely_beyond(0.64, 0.8));
    }

    #[test]
    fn separation_grows_as_neighbours_close_in() {
        let mut near = Flock::default();
        near.add(Vec2::ZERO, Vec2::new(0.2, 0.0), Vec2::ZERO, 0.8);
        let mut far = Flock::default();
        far.add(Vec2::ZERO, Vec2::new(0.7, 0.0), Vec2::ZERO, 0.8);
        assert!(near.separation.length() > far.separation.length());
        assert!(near.separation.x < 0.0, "pushes away from the neighbour");
    }
}
