//! A hold that stays in its zone (REQ S10.3): while no key is pressed, a disk inside a
//! hold zone (the area of a `hold` objective not yet done) stays inside it — the
//! snap-back that settles the disk into the middle of the squad stops at the zone's
//! edge — and a holding squad whose disk is inside one keeps every post inside it, each
//! body whole. Without it a squad walked into a hold and let go drifted out of the zone
//! with the disk (the new user): the disk, leading the march by ≈2.9 u, settled
//! back behind the squad, and the hold's count paused.

use crate::core::geom::Vec2;
use crate::squad::anchor::SquadState;
use crate::squad::Squad;

/// A hold zone: its corners, world units (`min` ≤ `max`).
pub type Zone = (Vec2, Vec2);

fn inside(z: Zone, p: Vec2) -> bool {
    p.x >= z.0.x && p.x <= z.1.x && p.y >= z.0.y && p.y <= z.1.y
}

/// `p` moved into `z` shrunk by `margin` on every side (to its middle line where the
/// zone is narrower than that).
fn clamp_into(z: Zone, p: Vec2, margin: f32) -> Vec2 {
    let axis = |v: f32, lo: f32, hi: f32| {
        if hi - lo < 2.0 * margin {
            0.5 * (lo + hi)
        } else {
            v.clamp(lo + margin, hi - margin)
        }
    };
    Vec2::new(axis(p.x, z.0.x, z.1.x), axis(p.y, z.0.y, z.1.y))
}

/// After the disk's step: with no key pressed, a disk that began the tick inside `zone`
/// ends it inside.
pub fn keep_disk(s: &mut Squad, from: Vec2, moving: bool, zone: Option<Zone>) {
    if let Some(z) = zone.filter(|&z| !moving && inside(z, from)) {
        s.anchor.pos = clamp_into(z, s.anchor.pos, 0.0);
    }
}

/// After the posts' step: holding with the disk inside `zone`, every standing agent's
/// post is moved inside it by its radius.
pub fn keep_posts(s: &mut Squad, zone: Option<Zone>) {
    let Some(z) = zone.filter(|&z| s.state == SquadState::Holding && inside(z, s.anchor.pos))
    else {
        return;
    };
    for a in s.agents.iter_mut().filter(|a| a.alive && !a.forced) {
        a.post_pos = clamp_into(z, a.post_pos, a.radius);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_point_is_clamped_inside_by_the_margin_and_to_the_middle_of_a_thin_zone() {
        let z = (Vec2::new(0.0, 0.0), Vec2::new(4.0, 1.0));
        assert_eq!(
            clamp_into(z, Vec2::new(5.0, -1.0), 0.3),
            Vec2::new(3.7, 0.3)
        );
        assert_eq!(clamp_into(z, Vec2::new(2.0, 0.5), 0.3), Vec2::new(2.0, 0.5));
        assert_eq!(clamp_into(z, Vec2::new(2.0, 0.9), 0.6), Vec2::new(2.0, 0.5));
    }
}
