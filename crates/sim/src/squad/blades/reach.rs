//! What a strike reaches (M1, M4): strike `k`'s sector, how far its lunge carries the
//! blade, the sector the discipline check guards, and whether a target is in reach.

use crate::core::geom::{wrap_angle, Vec2};
use crate::horde::enemy::Enemy;
use crate::squad::agent::{Agent, Role};
use crate::squad::blades::sector::Sector;
use crate::tuning::{Tuning, DT};

/// The sector of strike `k` from `apex` along `axis`.
pub fn strike_sector(apex: Vec2, axis: f32, k: usize, t: &Tuning) -> Sector {
    Sector {
        apex,
        axis,
        reach: t.melee.reach[k],
        half_angle: t.melee.half_angle_deg[k].to_radians(),
    }
}

/// How far the lunge of strike `k` can carry the blade: the lunge speed over the active
/// window, in seconds or in the whole ticks it lasts, whichever is longer.
pub fn lunge_extent(k: usize, t: &Tuning) -> f32 {
    let ticks = crate::tuning::ticks(t.melee.active[k]).max(1) as f32 * crate::tuning::DT;
    t.melee.lunge_speed * t.melee.active[k].max(ticks)
}

/// The sector the discipline check guards: strike `k`'s sector with the reach grown by
/// the lunge (the apex moves along the axis during the active window).
pub fn guarded_sector(apex: Vec2, axis: f32, k: usize, t: &Tuning) -> Sector {
    let mut s = strike_sector(apex, axis, k, t);
    s.reach += lunge_extent(k, t);
    s
}

/// The axes strike `k` from `apex` may swing along at a target centred at `at`:
/// straight at it first, then turned off it by `j / steps` of `swing_turn_max` times the
/// half-angle, one side then the other, for `j` in `1..=steps`. Every one keeps the
/// target's centre inside the sector, so a target in reach is in reach on each.
pub fn swing_axes(apex: Vec2, at: Vec2, k: usize, t: &Tuning) -> impl Iterator<Item = f32> {
    let straight = (at - apex).angle();
    let steps = t.melee.swing_turn_steps;
    let turn = t.melee.swing_turn_max * t.melee.half_angle_deg[k].to_radians();
    std::iter::once(straight).chain((1..=steps).flat_map(move |j| {
        let d = turn * j as f32 / steps as f32;
        [wrap_angle(straight + d), wrap_angle(straight - d)]
    }))
}

/// Whether ally `a` blocks `blade`'s guarded `sector` over the coming `ticks`
/// (M4's test for one body, `melee::ally_in_sector_predicted`).
pub(crate) fn ally_blocks(
    blade: &Agent,
    a: &Agent,
    sector: &Sector,
    ticks: u32,
    t: &Tuning,
) -> bool {
    if !a.alive || a.id == blade.id {
        return false;
    }
    let margin = t.melee.safety_margin;
    if a.role == Role::Blade && a.melee.striking() {
        let lunge = Vec2::from_angle(a.melee.axis) * lunge_extent(a.melee.strike, t);
        const STEPS: u32 = 4;
        if (0..=STEPS).any(|j| {
            let p = a.pos + lunge * (j as f32 / STEPS as f32);
            sector.distance(p) < a.radius + margin
        }) {
            return true;
        }
    }
    let mut k = 0;
    loop {
        let p = a.pos + a.vel * (k as f32 * DT);
        if sector.distance(p) < a.radius + margin {
            return true;
        }
        if k >= ticks {
            return false;
        }
        k = (k + 2).min(ticks);
    }
}

/// Whether strike `k` from `blade` would touch `target` now (in reach and angle).
pub fn target_in_reach(blade: &Agent, e: &Enemy, k: usize, t: &Tuning) -> bool {
    let axis = (e.pos - blade.pos).angle();
    strike_sector(blade.pos, axis, k, t).hits_circle(e.pos, e.radius)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swing_axes_go_straight_first_then_turn_each_side_keeping_the_target_inside() {
        let t = Tuning::default();
        let target = Vec2::new(1.0, 0.0);
        for k in 0..3 {
            let axes: Vec<f32> = swing_axes(Vec2::ZERO, target, k, &t).collect();
            let steps = t.melee.swing_turn_steps as usize;
            assert_eq!(axes.len(), 1 + 2 * steps);
            assert_eq!(axes[0], 0.0, "straight at the target first");
            let half = t.melee.half_angle_deg[k].to_radians();
            let farthest = axes.iter().fold(0.0f32, |m, a| m.max(a.abs()));
            assert!((farthest - t.melee.swing_turn_max * half).abs() < 1e-5);
            for pair in axes[1..].chunks(2) {
                assert!(
                    pair[0] > 0.0 && (pair[0] + pair[1]).abs() < 1e-6,
                    "{pair:?}"
                );
            }
            for &axis in &axes {
                // The target's centre stays inside the sector's angle and reach.
                let s = strike_sector(Vec2::ZERO, axis, k, &t);
                assert_eq!(s.distance(target), 0.0, "strike {k}, axis {axis}");
            }
        }
    }
}
