//! A thrown tool's flight and a grenade's fuse as the view shows and the sound layer
//! hears them (REQ K3, K5). The simulation flies a flare or a grenade in a straight line
//! on the floor plane (`sim::read::throw_landing`); its height is the view's, an arc
//! from the hand to the landing. The fuse blinks and ticks faster toward the burst, on
//! one clock the drawing and the sound share, so every blink is heard.

use sim::tuning::DT;
use sim::Vec2;

/// Height a throw leaves the hand at, world units (about a gunner's barrel).
pub const HAND_Z: f32 = 0.55;
/// The arc's rise over the straight line between hand and landing at no distance, and
/// per unit thrown: a throw across the whole range (8 u) peaks about 1.2 u up — a lob
/// over the squad's heads, not a dart.
const RISE: f32 = 0.2;
const RISE_PER_UNIT: f32 = 0.12;

/// The fuse's blink rate when the grenade lands and when it bursts, Hz: 2.5 blinks a
/// second at first, 9 at the end (Left 4 Dead's pipe bomb beeps up the same way); over
/// the 1.5 s fuse that is 8 blinks and a part.
pub const FUSE_RATE: [f32; 2] = [2.5, 9.0];
/// Share of a blink period the fuse light is on.
pub const BLINK_ON: f32 = 0.3;

/// The drawn height of a throw from `from` to `to` when it is at floor point `p` on its
/// way: from the hand, up an arc, down to the floor at the landing.
pub fn arc_z(from: Vec2, to: Vec2, p: Vec2) -> f32 {
    let len = from.distance(to);
    if len <= 1e-4 {
        return 0.0;
    }
    let s = (from.distance(p) / len).clamp(0.0, 1.0);
    let rise = RISE + RISE_PER_UNIT * len;
    HAND_Z * (1.0 - s) + 4.0 * rise * s * (1.0 - s)
}

/// The share of a throw from `from` to `to` done at floor point `p`, 0..1.
pub fn progress(from: Vec2, to: Vec2, p: Vec2) -> f32 {
    let len = from.distance(to);
    if len <= 1e-4 {
        return 1.0;
    }
    (from.distance(p) / len).clamp(0.0, 1.0)
}

/// The point `back` world units behind progress `s` along the throw `from → to` (the
/// trail behind the head), and its height; never behind the hand.
pub fn behind(from: Vec2, to: Vec2, s: f32, back: f32) -> (Vec2, f32) {
    let len = from.distance(to).max(1e-4);
    let q = (s - back / len).max(0.0);
    let p = from.lerp(to, q);
    (p, arc_z(from, to, p))
}

/// The fuse's blinks `elapsed` ticks after the landing of a fuse `fuse` ticks long: a
/// phase whose whole numbers are the blinks (the rate rising linearly in time from
/// [`FUSE_RATE`]`[0]` to `[1]`).
pub fn fuse_phase(elapsed: f32, fuse: u32) -> f32 {
    let t = elapsed.max(0.0) * DT;
    let total = (fuse.max(1) as f32 * DT).max(DT);
    let [r0, r1] = FUSE_RATE;
    r0 * t + (r1 - r0) * t * t / (2.0 * total)
}

/// Whether the fuse light is on `elapsed` ticks after the landing (each blink starts
/// it, for [`BLINK_ON`] of the period).
pub fn fuse_lit(elapsed: f32, fuse: u32) -> bool {
    fuse_phase(elapsed, fuse).fract() < BLINK_ON
}

/// Whether a blink begins in the tick that ends `elapsed` ticks after the landing (the
/// sound layer's fuse tick; the first comes with the landing).
pub fn fuse_ticks(elapsed: u32, fuse: u32) -> bool {
    if elapsed == 0 {
        return true;
    }
    let (a, b) = (
        fuse_phase(elapsed as f32 - 1.0, fuse),
        fuse_phase(elapsed as f32, fuse),
    );
    b.floor() > a.floor()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_arc_leaves_the_hand_rises_and_lands() {
        let (a, b) = (Vec2::new(0.0, 0.0), Vec2::new(8.0, 0.0));
        assert!((arc_z(a, b, a) - HAND_Z).abs() < 1e-6);
        assert!(arc_z(a, b, b).abs() < 1e-6);
        let top = arc_z(a, b, Vec2::new(4.0, 0.0));
        assert!(top > 1.0 && top < 1.6, "{top}");
        // Behind the head: on the line, lower toward the hand side than the top.
        let (p, z) = behind(a, b, 0.5, 1.0);
        assert!((p.x - 3.0).abs() < 1e-5 && z < top);
        assert_eq!(behind(a, b, 0.05, 3.0).0, a, "never behind the hand");
    }

    #[test]
    fn the_fuse_blinks_faster_toward_the_burst() {
        let fuse = 90;
        let starts: Vec<u32> = (0..fuse).filter(|&e| fuse_ticks(e, fuse)).collect();
        assert!(
            starts.len() >= 8 && starts.len() <= 10,
            "{} blinks",
            starts.len()
        );
        let gaps: Vec<u32> = starts.windows(2).map(|w| w[1] - w[0]).collect();
        assert!(gaps.first() > gaps.last(), "{gaps:?}");
        assert!(gaps.windows(2).all(|g| g[1] <= g[0] + 1), "{gaps:?}");
        // Lit at each blink's start.
        assert!(starts.iter().all(|&e| fuse_lit(e as f32 + 0.01, fuse)));
    }
}
