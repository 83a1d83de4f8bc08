//! Spits in flight (REQ T1: "a real, visible, audible body in flight"): each of
//! `World::spits` drawn as a glowing bile blob with a short trail of droplets, additive
//! on the final frame, so it reads in the dark as a tracer does (the horror layer also
//! puts a small green light under it, `horror::lights`). The plain scene draws the same.
//!
//! The simulation flies a spit straight on the floor plane; its height here is cosmetic:
//! it leaves the mouth, arcs a little and sinks toward the floor at the end of its range.

use raster::{draw_light, fill_circle, Framebuffer, Paint};
use sim::read::Spit;
use sim::Vec2;

use crate::interp::lerp_pos;
use crate::iso::Iso;
use crate::palette as pal;

/// Height a spit leaves the spitter's mouth at, world units.
pub const SPIT_Z: f32 = 0.5;
/// Length of the trail behind the blob once it has flown that far, world units.
pub const TRAIL: f32 = 0.8;
/// Droplets along the trail.
const DROPS: usize = 5;

/// The drawn height of a spit `traveled` along its `range`: from the mouth, a slight
/// arc, then down to the floor where it falls.
pub fn spit_z(traveled: f32, range: f32) -> f32 {
    let s = (traveled / range.max(1e-3)).clamp(0.0, 1.0);
    SPIT_Z * (1.0 - s * s * s) + 0.3 * s * (1.0 - s)
}

/// Where the spit's blob is at frame time `alpha`: on the floor plane, how far it has
/// flown there, and its drawn height.
pub fn head(s: &Spit, alpha: f32) -> (Vec2, f32, f32) {
    let p = lerp_pos(s.prev_pos, s.pos, alpha);
    let flown = (s.traveled - p.distance(s.pos)).max(0.0);
    (p, flown, spit_z(flown, s.range))
}

/// Draws every spit in flight: the trail's droplets (smaller and fainter behind), a
/// halo, the blob and its hot core, all additive.
pub fn draw_spits(fb: &mut Framebuffer, iso: &Iso, spits: &[Spit], alpha: f32) {
    for s in spits {
        let (p, flown, z) = head(s, alpha);
        let trail = flown.min(TRAIL);
        for i in (1..=DROPS).rev() {
            let d = trail * i as f32 / DROPS as f32;
            let c = iso.project(p - s.dir * d, spit_z(flown - d, s.range));
            let k = 1.0 - i as f32 / (DROPS + 1) as f32;
            fill_circle(
                fb,
                c,
                0.8 + 2.0 * k,
                Paint::additive(pal::BILE.with_alpha((40.0 + 140.0 * k) as u8)),
            );
        }
        let c = iso.project(p, z);
        draw_light(fb, c, 13.0, pal::BILE, 0.55);
        fill_circle(fb, c, 3.8, Paint::additive(pal::BILE.with_alpha(235)));
        fill_circle(fb, c, 2.0, Paint::additive(pal::BILE_CORE));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spit_leaves_the_mouth_and_falls_to_the_floor_at_its_range() {
        assert_eq!(spit_z(0.0, 12.0), SPIT_Z);
        assert!(
            spit_z(6.0, 12.0) >= 0.4,
            "mid-flight it is still at body height"
        );
        assert!(spit_z(12.0, 12.0).abs() < 1e-6);
        assert!(spit_z(20.0, 12.0).abs() < 1e-6, "never below the floor");
    }
}
