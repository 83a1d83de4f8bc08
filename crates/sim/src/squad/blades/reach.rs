//! What a strike reaches (M1, M4): strike `k`'s sector, how far its lunge carries the
//! blade, the sector the discipline check guards, and whether a target is in reach.

use crate::core::geom::Vec2;
use crate::horde::enemy::Enemy;
use crate::squad::agent::Agent;
use crate::squad::blades::sector::Sector;
use crate::tuning::Tuning;

/// The sector of strike `k` from `apex` along `axis`.
pub fn strike_sector(apex: Vec2, axis: f32, k: usize, t: &Tuning) -> Sector {
    Sector {
        apex,
        axis,
        reach: t.melee.reach[k],
        half_angle: t.melee.half_angle_deg[k].to_radians(),
    }
}

/// How far the lunge of strike `k` can carry the blade.
pub fn lunge_extent(k: usize, t: &Tuning) -> f32 {
    t.melee.lunge_speed * t.melee.active[k]
}

/// The sector the discipline check guards: strike `k`'s sector with the reach grown by
/// the lunge (the apex moves along the axis during the active window).
pub fn guarded_sector(apex: Vec2, axis: f32, k: usize, t: &Tuning) -> Sector {
    let mut s = strike_sector(apex, axis, k, t);
    s.reach += lunge_extent(k, t);
    s
}

/// Whether strike `k` from `blade` would touch `target` now (in reach and angle).
pub fn target_in_reach(blade: &Agent, e: &Enemy, k: usize, t: &Tuning) -> bool {
    let axis = (e.pos - blade.pos).angle();
    strike_sector(blade.pos, axis, k, t).hits_circle(e.pos, e.radius)
}
