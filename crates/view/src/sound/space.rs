//! Where a sound is heard from (REQ §21 AU3): the listener is the anchor; a source is
//! panned by where it stands on the screen relative to the listener (the camera follows
//! the anchor; the sound follows the anchor itself, so the soundtrack is a function of
//! the run and not of the frame rate), attenuated with distance, and muffled — quieter
//! and low-passed — by every wall tile on the straight line between them. What the fog
//! hides is still heard: nothing here looks at the fog.

use audio::Placement;
use sim::read::{Grid, Vec2};

use crate::iso::TILE_W;
use crate::sound::tuning::AudioTuning;

/// The low-pass of an open line, Hz (the mixer treats ≥ 20 000 as open).
pub const OPEN: f32 = 20_000.0;
/// Wall tiles counted at most (beyond it a sound is as muffled as it gets).
pub const MAX_WALLS: u32 = 4;

/// Wall tiles the segment `a → b` passes through, the tiles of `a` and `b` left out
/// (a source against a wall is not behind it), at most [`MAX_WALLS`]. A grid walk
/// (Amanatides–Woo) visiting every tile the segment touches.
pub fn walls_between(grid: &Grid, a: Vec2, b: Vec2) -> u32 {
    let (mut x, mut y) = Grid::tile_of(a);
    let end = Grid::tile_of(b);
    let d = b - a;
    let step_x = if d.x > 0.0 { 1 } else { -1 };
    let step_y = if d.y > 0.0 { 1 } else { -1 };
    let next = |p: f32, t: i32, s: i32| {
        if s > 0 {
            t as f32 + 1.0 - p
        } else {
            p - t as f32
        }
    };
    let (dtx, dty) = (
        if d.x != 0.0 {
            1.0 / d.x.abs()
        } else {
            f32::INFINITY
        },
        if d.y != 0.0 {
            1.0 / d.y.abs()
        } else {
            f32::INFINITY
        },
    );
    // An axis the segment does not move along is never crossed (and 0 · ∞ is NaN).
    let mut tx = if d.x != 0.0 {
        next(a.x, x, step_x) * dtx
    } else {
        f32::INFINITY
    };
    let mut ty = if d.y != 0.0 {
        next(a.y, y, step_y) * dty
    } else {
        f32::INFINITY
    };
    let mut walls = 0;
    // A segment crosses at most |Δx| + |Δy| tile borders.
    let steps = (end.0 - x).unsigned_abs() + (end.1 - y).unsigned_abs();
    for _ in 0..steps {
        if tx < ty {
            x += step_x;
            tx += dtx;
        } else {
            y += step_y;
            ty += dty;
        }
        if (x, y) == end {
            break;
        }
        if grid.is_wall(x, y) {
            walls += 1;
            if walls >= MAX_WALLS {
                break;
            }
        }
    }
    walls
}

/// Level for a source `d` units from the listener.
pub fn distance_gain(t: &AudioTuning, d: f32) -> f32 {
    if d <= t.ref_distance {
        1.0
    } else {
        t.ref_distance / (t.ref_distance + t.rolloff * (d - t.ref_distance))
    }
}

/// Pan −1..1 of a source at `p` heard from `listener`: its screen x (the 2:1 projection's
/// `dx − dy`) over the half screen.
pub fn pan(t: &AudioTuning, listener: Vec2, p: Vec2) -> f32 {
    let d = p - listener;
    // Screen pixels (dx − dy) · TILE_W / 2; the half screen is `pan_half_width` units
    // of that axis, i.e. pan_half_width · TILE_W / 2 pixels.
    let x = (d.x - d.y) * (TILE_W * 0.5) / (t.pan_half_width * TILE_W * 0.5);
    (x * t.pan_width).clamp(-t.pan_width, t.pan_width)
}

/// The placement of a source at `p` with `gain` (its own loudness), heard from
/// `listener` across `grid`; `None` when it is too far to start at all.
pub fn place(
    t: &AudioTuning,
    grid: &Grid,
    listener: Vec2,
    p: Vec2,
    gain: f32,
    reverb: f32,
) -> Option<Placement> {
    let d = p.distance(listener);
    // A NaN distance is too far too.
    if d.is_nan() || d > t.max_distance {
        return None;
    }
    let walls = walls_between(grid, p, listener);
    let muffle = 10f32.powf(-t.occlusion_db * walls as f32 / 20.0);
    let lowpass = if walls == 0 {
        OPEN
    } else {
        t.occlusion_lowpass / (1u32 << (walls - 1)) as f32
    };
    Some(Placement {
        gain: gain * distance_gain(t, d) * muffle,
        pan: pan(t, listener, p),
        lowpass,
        reverb: (reverb + 0.15 * walls as f32).min(1.0),
    })
}

/// How open the space round `p` is, 0 (a closet) .. 1 (a yard): the mean free distance
/// of eight rays up to `reach` units, over `reach`. A gunshot's tail follows it.
pub fn openness(grid: &Grid, p: Vec2, reach: f32) -> f32 {
    let mut free = 0.0;
    for k in 0..8 {
        let a = k as f32 * std::f32::consts::FRAC_PI_4;
        let to = p + Vec2::new(a.cos(), a.sin()) * reach;
        free += match grid.raycast(p, to) {
            Some(hit) => hit.t * reach,
            None => reach,
        };
    }
    (free / (8.0 * reach)).clamp(0.0, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(rows: &[&str]) -> Grid {
        let h = rows.len() as i32;
        let w = rows[0].len() as i32;
        let walls = rows
            .iter()
            .flat_map(|r| r.chars().map(|c| c == '#'))
            .collect();
        Grid::new(w, h, walls)
    }

    #[test]
    fn walls_on_the_line_are_counted_and_the_ends_are_not() {
        let g = grid(&["..........", "....#.....", "..........", "....##...."]);
        let y = 1.5;
        assert_eq!(walls_between(&g, Vec2::new(1.5, y), Vec2::new(8.5, y)), 1);
        assert_eq!(
            walls_between(&g, Vec2::new(1.5, 0.5), Vec2::new(8.5, 0.5)),
            0
        );
        assert_eq!(
            walls_between(&g, Vec2::new(1.5, 3.5), Vec2::new(8.5, 3.5)),
            2
        );
        // From inside the wall tile outward: its own tile is not in between.
        assert_eq!(walls_between(&g, Vec2::new(4.5, y), Vec2::new(8.5, y)), 0);
        assert_eq!(
            walls_between(&g, Vec2::new(3.5, 0.2), Vec2::new(5.5, 2.8)),
            1
        );
    }

    #[test]
    fn left_of_the_listener_pans_left_and_far_is_quieter() {
        let t = AudioTuning::default();
        let l = Vec2::new(10.0, 10.0);
        // Screen-left is world (−1, +1).
        assert!(pan(&t, l, l + Vec2::new(-2.0, 2.0)) < -0.3);
        assert!(pan(&t, l, l + Vec2::new(2.0, -2.0)) > 0.3);
        assert_eq!(
            pan(&t, l, l + Vec2::new(3.0, 3.0)),
            0.0,
            "straight down the screen"
        );
        assert!(distance_gain(&t, 20.0) < 0.5 * distance_gain(&t, 4.0));
        assert_eq!(distance_gain(&t, 1.0), 1.0);
    }
}
