//! The horde's bodies that are not standing figures (REQ V1), on the same [`Rig`]:
//!
//! - **spitter**: a bloated belly on two stubby legs, a small head over a swollen
//!   throat sac; its windup rears the head back while the sac fills and glows bile
//!   green, the release throws the head forward and empties the sac;
//! - **stalker**: thin, low and dark on four long limbs, a small head thrust forward;
//!   its windup flattens it, its strike is a leap with both forelimbs out; caught in a
//!   beam it rears up with its arms over its face;
//! - **nest**: a mound of three lobes with glowing sacs and tendrils that writhe; hit,
//!   it flinches them in; destroyed, it sags flat.

use raster::{Paint, Rgba};
use sim::Vec2;

use crate::canvas::Canvas;
use crate::figure::{Local, Rig};
use crate::figures::Head;
use crate::iso::Iso;
use crate::palette as pal;
use crate::pose::Pose;

fn ease(t: f32) -> f32 {
    let t = t.clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

fn add(a: Local, b: Local) -> Local {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

/// A spitter's colours: its hide, its dark and its sac.
pub struct SpitterLook {
    pub base: Rgba,
    pub dark: Rgba,
}

/// Draws a spitter; returns its head and the sac's screen point and radius (for the
/// glow the caller adds over it).
pub fn draw_spitter_body(
    cv: &mut Canvas,
    iso: &Iso,
    (p, facing): (Vec2, f32),
    pose: &Pose,
    look: SpitterLook,
    (rim, fade): (Rgba, f32),
) -> (Head, [f32; 2], f32) {
    let mut rig = Rig::new(iso, p, facing, pose.fall);
    rig.coarse = pose.coarse;
    rig.outline = !(pose.coarse && pose.fall >= 1.0);
    let k = ease(pose.windup) * (1.0 - ease(pose.strike));
    // The sac fills slowly, then fast as the spit comes up; it empties on the release.
    let swell = k * (0.4 + 0.6 * k);
    let fl = ease(pose.flinch);
    let walk = pose.pace.min(1.0) * (1.0 - pose.fall);
    let ph = pose.gait;
    // Stubby legs: a waddle.
    for (i, s) in [1.0f32, -1.0].into_iter().enumerate() {
        let phi = ph + if i == 0 { 0.0 } else { std::f32::consts::PI };
        let foot: Local = [
            phi.sin() * 0.09 * walk,
            s * 0.13,
            phi.cos().max(0.0) * 0.04 * walk,
        ];
        let hip: Local = [0.0, s * 0.1, 0.2];
        rig.limb(hip, add(hip, [0.04, s * 0.03, -0.1]), foot, 4.2, look.dark);
    }
    let sway = (ph.sin() * 0.02) * walk;
    let rear = 0.07 - 0.17 * k + 0.12 * ease(pose.strike) - 0.12 * fl;
    rig.ball([-0.02, sway, 0.24], 10.5, look.dark);
    rig.ball([0.0, sway, 0.38], 9.5, look.base);
    let head: Local = [rear, sway, 0.62 - 0.03 * k];
    rig.ball(head, 4.0, look.dark);
    let sac: Local = [0.17 + 0.05 * swell + rear * 0.5, sway, 0.46];
    let sr = 3.0 + 3.8 * swell;
    rig.ball(sac, sr, pal::SPITTER_SAC);
    // Two little arms.
    for s in [1.0f32, -1.0] {
        let sh: Local = [0.06, s * 0.14 + sway, 0.46];
        let hand: Local = [0.16 + 0.1 * fl, s * 0.2, 0.32 + 0.25 * fl];
        rig.limb(sh, add(sh, [0.05, s * 0.05, -0.06]), hand, 2.6, look.base);
    }
    let (h, s) = (rig.at(head), rig.at(sac));
    // Pustules on its hide (detail inside the body: no outline).
    let boils = [
        (0.1, 0.16, 0.42, 2.0),
        (0.02, -0.18, 0.3, 1.8),
        (0.16, -0.04, 0.28, 1.6),
    ]
    .map(|(f, s, z, r)| (rig.at([f, s + sway, z]), r));
    rig.draw(cv, rim, fade);
    if fade >= 1.0 && !pose.coarse {
        for (q, r) in boils {
            cv.inner_circle(
                q,
                r,
                Paint::opaque(pal::SPITTER_BOIL.scale_rgb(if rim.a > 0 { 0.5 } else { 1.0 })),
            );
        }
    }
    (Head { at: h, r: 4.0 }, s, sr)
}

/// Draws a stalker in `body`, `limb` colours; returns its head.
pub fn draw_stalker_body(
    cv: &mut Canvas,
    iso: &Iso,
    (p, facing): (Vec2, f32),
    pose: &Pose,
    (body, dark, limb_col): (Rgba, Rgba, Rgba),
    (rim, fade): (Rgba, f32),
) -> Head {
    let mut rig = Rig::new(iso, p, facing, pose.fall);
    rig.coarse = pose.coarse;
    rig.outline = !(pose.coarse && pose.fall >= 1.0);
    let k = ease(pose.windup) * (1.0 - ease(pose.strike));
    let leap = ease(pose.strike) * (1.0 - pose.recover);
    let cower = if pose.cower { 1.0 } else { ease(pose.flinch) };
    // Crouched; flatter as it gathers; reared back when lit or hit; stretched out in the leap.
    let z = 0.24 - 0.08 * k + 0.16 * cower + 0.08 * leap;
    let lean = 0.05 + 0.1 * k - 0.15 * cower + 0.15 * leap;
    let walk = pose.pace.min(2.5) * (1.0 - pose.fall);
    let stride = 0.12 * walk.min(1.0) * (1.0 + 0.5 * (walk - 1.0).max(0.0));
    let ph = pose.gait;
    let hips: Local = [-0.15, 0.0, z];
    let chest: Local = [0.07 + lean + 0.2 * leap, 0.0, z + 0.04];
    let head: Local = [chest[0] + 0.15 + 0.05 * k, 0.0, z + 0.13];
    for (i, s) in [1.0f32, -1.0].into_iter().enumerate() {
        let phi = ph + if i == 0 { 0.0 } else { std::f32::consts::PI };
        let g = phi.sin() * stride;
        let up = phi.cos().max(0.0) * 0.05 * walk.min(1.0);
        let back = 0.2 * leap;
        let foot: Local = [hips[0] - 0.2 - g - back, s * 0.33, up];
        let knee: Local = [hips[0] - 0.04, s * 0.25, z + 0.2];
        rig.limb(hips, knee, foot, 3.0, limb_col);
        // Forelimbs move against the hind ones on the same side.
        let (elbow, hand): (Local, Local) = if cower > 0.0 {
            // Elbows out and up, hands over the face.
            (
                [
                    chest[0] + 0.02,
                    s * 0.24,
                    z + 0.3 * cower + 0.22 * (1.0 - cower),
                ],
                [
                    head[0] + 0.08,
                    s * 0.07 + s * 0.13 * (1.0 - cower),
                    z + 0.5 * cower,
                ],
            )
        } else {
            (
                [
                    chest[0] + 0.06 + 0.1 * leap,
                    s * 0.27,
                    z + 0.22 - 0.06 * k + 0.06 * leap,
                ],
                [
                    chest[0] + 0.3 + 0.16 * k + g + 0.25 * leap,
                    s * 0.2,
                    up + 0.22 * leap,
                ],
            )
        };
        rig.limb(add(chest, [0.0, 0.0, 0.0]), elbow, hand, 3.0, limb_col);
    }
    rig.ball(hips, 5.0, dark);
    rig.trunk(hips, chest, 6.0, dark);
    rig.ball(chest, 6.0, body);
    rig.ball(head, 3.8, dark);
    let h = rig.at(head);
    rig.draw(cv, rim, fade);
    Head { at: h, r: 6.0 }
}

/// Draws a nest: `flush` (≥ 1) brightens its flesh as it takes hits, `beat` (0..1) its
/// sacs' pulse.
pub fn draw_nest_body(
    cv: &mut Canvas,
    iso: &Iso,
    (p, facing): (Vec2, f32),
    pose: &Pose,
    (flush, beat): (f32, f32),
    (rim, fade): (Rgba, f32),
) {
    // A nest never tips over: destroyed, it sags flat.
    let sag = 1.0 - 0.75 * pose.fall;
    let mut rig = Rig::new(iso, p, facing, 0.0);
    rig.coarse = pose.coarse;
    rig.outline = !(pose.coarse && pose.fall >= 1.0);
    let flesh = Rgba::rgb(92, 34, 44).scale_rgb(flush * (1.0 - 0.4 * pose.fall));
    let dark = Rgba::rgb(40, 12, 20);
    let fl = ease(pose.flinch);
    // Tendrils round it, writhing on its own clock; pulled in when hit.
    let t = pose.gait;
    for i in 0..6 {
        let a = i as f32 * 1.047 + 0.3;
        let (c, s) = (a.cos(), a.sin());
        let reach = (0.62 + 0.08 * (t * 1.3 + i as f32).sin()) * (1.0 - 0.45 * fl) * sag.max(0.5);
        let wave = 0.12 * (t * 2.1 + i as f32 * 1.7).sin();
        let base: Local = [c * 0.3, s * 0.3, 0.12 * sag];
        let mid: Local = [
            c * reach * 0.7 - s * wave,
            s * reach * 0.7 + c * wave,
            0.2 * sag + 0.05,
        ];
        let tip: Local = [c * reach, s * reach, 0.02];
        rig.limb(base, mid, tip, 3.2, dark);
    }
    for (f, s, z, r) in [
        (-0.12, -0.2, 0.2, 12.0),
        (0.12, 0.22, 0.2, 12.5),
        (0.1, -0.08, 0.36, 13.0),
    ] {
        rig.ball([f, s, z * sag], r * (1.0 + 0.06 * fl), flesh);
    }
    let sac = Rgba::new(210, 190, 90, (110.0 + 120.0 * beat) as u8);
    let pts = [
        (-0.05, -0.2, 0.34),
        (0.15, 0.2, 0.36),
        (0.18, -0.1, 0.52),
        (0.0, 0.08, 0.5),
    ];
    let sacs = pts.map(|(f, s, z)| rig.at([f, s, z * sag]));
    rig.draw(cv, rim, fade);
    if fade >= 1.0 && pose.fall < 1.0 {
        for q in sacs {
            cv.inner_circle(q, 3.4, Paint::alpha(sac));
        }
    }
}
