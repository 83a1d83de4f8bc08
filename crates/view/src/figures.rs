//! The standing figures (REQ V1): the squad's gunner and blade and the horde's
//! shambler, runner and brute, built on the [`Rig`] from a [`Pose`]. Each kind has its
//! own silhouette, readable at 720p in the dark where only its outline and rim show:
//!
//! - **gunner**: upright, helmet and backpack, a long rifle along the barrel (kicking
//!   back on a shot, low while reloading);
//! - **blade**: slim, a crest on the head, a long bright sword; its combo's three
//!   strikes are three swings (a forehand slash from over the right shoulder, a rising
//!   backhand from the left hip, a lunging thrust);
//! - **shambler**: bent, arms held out in front, short shuffling steps;
//! - **runner**: thin and long-legged, pitched far forward, arms swept back;
//! - **brute**: twice as broad, a small head sunk between huge shoulders, fists low;
//!   raises both fists overhead and smashes down.

use raster::Rgba;
use sim::Vec2;

use crate::figure::{Local, Rig};
use crate::iso::Iso;
use crate::palette as pal;
use crate::pose::Pose;

/// The kinds drawn as standing figures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Human {
    Gunner,
    Blade,
    Shambler,
    Runner,
    Brute,
}

/// A figure's colours.
#[derive(Clone, Copy, Debug)]
pub struct Look {
    pub base: Rgba,
    pub dark: Rgba,
    /// The weapon's metal (a gunner's rifle: grey when dry) or the claws' bone.
    pub metal: Rgba,
}

/// Where a figure's head ended up on screen, and its radius (for eyes and marks).
#[derive(Clone, Copy, Debug)]
pub struct Head {
    pub at: [f32; 2],
    pub r: f32,
}

/// A kind's build, world units (heights and offsets) and drawing units (widths).
struct Build {
    hip: f32,
    torso: f32,
    shoulder: f32,
    hunch: f32,
    torso_w: f32,
    limb_w: f32,
    head_r: f32,
    /// A stride's reach at a walk.
    step: f32,
}

fn build(h: Human) -> Build {
    match h {
        Human::Gunner => Build {
            hip: 0.34,
            torso: 0.3,
            shoulder: 0.12,
            hunch: 0.05,
            torso_w: 8.5,
            limb_w: 3.4,
            head_r: 4.4,
            step: 0.13,
        },
        Human::Blade => Build {
            hip: 0.36,
            torso: 0.28,
            shoulder: 0.11,
            hunch: 0.08,
            torso_w: 7.0,
            limb_w: 3.0,
            head_r: 4.0,
            step: 0.15,
        },
        Human::Shambler => Build {
            hip: 0.3,
            torso: 0.3,
            shoulder: 0.12,
            hunch: 0.45,
            torso_w: 9.0,
            limb_w: 3.4,
            head_r: 4.2,
            step: 0.07,
        },
        Human::Runner => Build {
            hip: 0.4,
            torso: 0.26,
            shoulder: 0.09,
            hunch: 0.35,
            torso_w: 6.0,
            limb_w: 2.6,
            head_r: 3.4,
            step: 0.2,
        },
        Human::Brute => Build {
            hip: 0.34,
            torso: 0.4,
            shoulder: 0.25,
            hunch: 0.35,
            torso_w: 17.0,
            limb_w: 6.5,
            head_r: 4.6,
            step: 0.12,
        },
    }
}

fn lerp3(a: Local, b: Local, t: f32) -> Local {
    [
        a[0] + (b[0] - a[0]) * t,
        a[1] + (b[1] - a[1]) * t,
        a[2] + (b[2] - a[2]) * t,
    ]
}

fn add(a: Local, b: Local) -> Local {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

fn scale(a: Local, k: f32) -> Local {
    [a[0] * k, a[1] * k, a[2] * k]
}

/// Smoothstep: poses ease in and out.
fn ease(t: f32) -> f32 {
    let t = t.clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// An elbow or knee between `a` and `b`: their middle, pushed by `out`.
fn joint(a: Local, b: Local, out: Local) -> Local {
    add(lerp3(a, b, 0.5), out)
}

/// What a blow does to the body: its lean, a crouch, and the hands (two) in the body's
/// frame, for the kinds that strike with their hands.
struct Hands {
    lean: f32,
    crouch: f32,
    hands: [Local; 2],
}

/// The horde's hands: at rest (swinging with the gait), winding up, striking.
fn claws(h: Human, b: &Build, pose: &Pose, swing: f32) -> Hands {
    let w = ease(pose.windup);
    let s = ease(pose.strike);
    let sh = b.shoulder;
    let (rest, wind, hit, lean) = match h {
        Human::Shambler => (
            [
                [0.36 + swing * 0.3, sh, 0.5],
                [0.3 - swing * 0.3, -sh, 0.46],
            ],
            [[-0.02, sh * 1.2, 0.98], [-0.02, -sh * 1.2, 0.98]],
            [[0.46, sh * 0.6, 0.22], [0.46, -sh * 0.6, 0.22]],
            (0.0, -0.25, 0.35),
        ),
        Human::Runner => (
            [
                [-swing * 1.2 - 0.05, sh * 1.3, 0.4],
                [swing * 1.2 - 0.05, -sh * 1.3, 0.4],
            ],
            [[-0.26, sh * 1.6, 0.5], [-0.26, -sh * 1.6, 0.5]],
            [[0.55, sh * 0.9, 0.44], [0.55, -sh * 0.9, 0.4]],
            (0.0, 0.35, 0.45),
        ),
        _ => (
            [
                [0.1 + swing, sh * 1.15, 0.2],
                [0.1 - swing, -sh * 1.15, 0.2],
            ],
            [[-0.06, sh * 0.6, 1.22], [-0.06, -sh * 0.6, 1.22]],
            [[0.5, sh * 0.5, 0.1], [0.5, -sh * 0.5, 0.1]],
            (0.0, -0.3, 0.6),
        ),
    };
    let mut hands = [lerp3(rest[0], wind[0], w), lerp3(rest[1], wind[1], w)];
    if s > 0.0 {
        hands = [lerp3(wind[0], hit[0], s), lerp3(wind[1], hit[1], s)];
    }
    let crouch = match h {
        Human::Runner => 0.08 * w * (1.0 - s),
        Human::Brute => 0.06 * s,
        _ => 0.03 * s,
    };
    Hands {
        lean: lean.0 + lean.1 * w * (1.0 - s) + lean.2 * s,
        crouch,
        hands,
    }
}

/// A blade's sword hand and the sword's direction (unit, body frame) for its pose.
fn sword(pose: &Pose) -> (Local, Local, f32) {
    let guard: (Local, Local) = ([0.16, 0.13, 0.46], [0.75, 0.15, 0.62]);
    let (wind, from, to): ((Local, Local), f32, f32) = match pose.swing {
        // A forehand slash: drawn back over the right shoulder, swept right to left.
        0 => (([-0.06, 0.2, 0.78], [-0.45, 0.45, 0.75]), 1.4, -1.5),
        // A rising backhand: drawn low across to the left hip, swept left to right.
        1 => (([0.02, -0.2, 0.3], [-0.35, -0.75, -0.4]), -1.5, 1.4),
        // The thrust: pulled back level at the hip.
        _ => (([-0.14, 0.12, 0.48], [1.0, 0.0, 0.05]), 0.0, 0.0),
    };
    let w = ease(pose.windup);
    let (mut hand, mut dir) = (lerp3(guard.0, wind.0, w), lerp3(guard.1, wind.1, w));
    let mut lean = match pose.swing {
        0 => -0.15 * w,
        1 => 0.1 * w,
        _ => -0.2 * w,
    };
    if pose.strike > 0.0 {
        let s = ease(pose.strike);
        if pose.swing == 2 {
            hand = lerp3(wind.0, [0.46, 0.04, 0.52], s);
            dir = [1.0, 0.0, 0.0];
            lean = -0.2 + 0.6 * s;
        } else {
            let a = from + (to - from) * s;
            let z = if pose.swing == 0 {
                0.62 - 0.12 * s
            } else {
                0.36 + 0.4 * s
            };
            hand = [0.14 + 0.2 * a.cos(), 0.26 * a.sin(), z];
            dir = [a.cos(), a.sin(), if pose.swing == 0 { -0.15 } else { 0.35 }];
            lean = 0.25 * (1.0 - (2.0 * s - 1.0).abs()) + 0.1;
        }
        if pose.recover > 0.0 {
            let r = ease(pose.recover);
            hand = lerp3(hand, guard.0, r);
            dir = lerp3(dir, guard.1, r);
            lean *= 1.0 - r;
        }
    }
    let l = (dir[0] * dir[0] + dir[1] * dir[1] + dir[2] * dir[2])
        .sqrt()
        .max(1e-3);
    (hand, scale(dir, 1.0 / l), lean)
}

/// Draws a standing figure of kind `h` at `p` facing `facing`, posed by `pose`, with
/// `rim` (alpha 0: none) and opacity `fade`; returns where its head is.
#[allow(clippy::too_many_arguments)]
pub fn draw_human(
    cv: &mut crate::canvas::Canvas,
    iso: &Iso,
    (p, facing): (Vec2, f32),
    h: Human,
    pose: &Pose,
    look: Look,
    rim: Rgba,
    fade: f32,
) -> Head {
    let mut rig = Rig::new(iso, p, facing, pose.fall);
    rig.coarse = pose.coarse;
    rig.outline = !(pose.coarse && pose.fall >= 1.0);
    rig.rim_major_only = matches!(h, Human::Gunner | Human::Blade);
    let head = pose_human(&mut rig, h, pose, look);
    rig.draw(cv, rim, fade);
    head
}

/// Where the head of a figure of kind `h` at `p` facing `facing` posed by `pose` is on
/// screen (its eyes, the marks over it, the tests).
pub fn human_head(iso: &Iso, (p, facing): (Vec2, f32), h: Human, pose: &Pose) -> Head {
    let mut rig = Rig::new(iso, p, facing, pose.fall);
    rig.coarse = pose.coarse;
    rig.outline = !(pose.coarse && pose.fall >= 1.0);
    let look = Look {
        base: pal::OUTLINE,
        dark: pal::OUTLINE,
        metal: pal::OUTLINE,
    };
    pose_human(&mut rig, h, pose, look)
}

/// Puts the parts of a figure of kind `h` posed by `pose` on `rig`.
fn pose_human(rig: &mut Rig, h: Human, pose: &Pose, look: Look) -> Head {
    let b = build(h);
    // The walk: each leg on the stride's phase, the other half a stride behind.
    let pace = pose.pace.min(2.5) * (1.0 - pose.fall);
    let walk = pace.min(1.0);
    let run = (pace - 1.0).clamp(0.0, 1.0);
    let reach = b.step * walk * (1.0 + 0.8 * run);
    let lift = (0.05 + 0.06 * run) * walk;
    let fl = ease(pose.flinch);
    let ph = pose.gait;
    let swing = ph.sin() * reach * 0.6;
    let (mut lean, mut crouch) = (b.hunch + 0.22 * run - 0.5 * fl, 0.05 * fl);
    let mut hands: Option<[Local; 2]> = None;
    let mut blade: Option<(Local, Local)> = None;
    let mut lunge = 0.0;
    match h {
        Human::Shambler | Human::Runner | Human::Brute => {
            let c = claws(h, &b, pose, swing);
            lean += c.lean;
            crouch += c.crouch;
            hands = Some(c.hands);
            lunge = 0.15 * ease(pose.strike) * (1.0 - ease(pose.recover));
        }
        Human::Blade => {
            let (hand, dir, l) = sword(pose);
            lean += l;
            blade = Some((hand, dir));
            if pose.swing == 2 {
                lunge = 0.2 * ease(pose.strike) * (1.0 - ease(pose.recover));
            }
        }
        Human::Gunner => {}
    }
    // A fall splays the limbs.
    let splay = 1.0 + 0.8 * pose.fall;
    let bob = lift * 0.4 * (2.0 * ph).cos().abs();
    let hip: Local = [0.0, 0.0, b.hip - crouch - bob];
    let neck: Local = add(hip, [lean.sin() * b.torso, 0.0, lean.cos() * b.torso]);
    let head_lean = lean - 0.4 * fl;
    let head_u = b.head_r / 36.0 * 1.6;
    let head: Local = add(
        neck,
        [head_lean.sin() * head_u, 0.0, head_lean.cos() * head_u],
    );
    let shoulders =
        [1.0f32, -1.0].map(|s| add(lerp3(hip, neck, 0.85), [0.0, s * b.shoulder * splay, 0.0]));
    // Legs: the right on the phase, the left half a stride behind; the thrust's front foot
    // forward.
    for (i, s) in [1.0f32, -1.0].into_iter().enumerate() {
        let phi = ph + if i == 0 { 0.0 } else { std::f32::consts::PI };
        let fwd = phi.sin() * reach + if i == 0 { lunge } else { -lunge * 0.6 };
        let up = phi.cos().max(0.0) * lift;
        let side = s * b.shoulder * 0.6 * splay;
        let hip_s = add(hip, [0.0, side * 0.7, 0.0]);
        let foot: Local = [fwd, side, up];
        let knee = joint(hip_s, foot, [0.05 + 0.05 * run + crouch, side * 0.1, 0.0]);
        rig.limb(hip_s, knee, foot, b.limb_w * 1.1, look.dark);
    }
    // The trunk.
    rig.trunk(hip, lerp3(hip, neck, 0.92), b.torso_w, look.base);
    match h {
        Human::Gunner => {
            // A backpack behind the shoulders.
            let back = add(lerp3(hip, neck, 0.65), [-0.11, 0.0, 0.0]);
            rig.bone(back, add(back, [0.0, 0.0, 0.1]), 7.5, look.dark);
        }
        Human::Brute => {
            // Shoulders like boulders, the head sunk between them.
            for s in shoulders {
                rig.ball(add(s, [0.0, 0.0, 0.03]), 6.0, look.base);
            }
        }
        Human::Blade => {
            for s in shoulders {
                rig.ball(s, 2.6, look.dark);
            }
        }
        _ => {}
    }
    let head_at = head;
    let head_ball = match h {
        Human::Brute => add(head, [0.04, 0.0, -0.08]),
        _ => head_at,
    };
    let skin = match h {
        Human::Gunner | Human::Blade => pal::HEAD,
        _ => look.dark,
    };
    rig.ball(head_ball, b.head_r, skin);
    match h {
        Human::Gunner => {
            // The helmet: a dark cap over the top of the head.
            rig.ball(
                add(head_ball, [-0.01, 0.0, 0.04]),
                b.head_r * 0.85,
                look.dark,
            );
        }
        Human::Blade => {
            // The crest.
            let top = add(head_ball, [0.0, 0.0, 0.1]);
            rig.bone(top, add(top, [-0.12, 0.0, 0.1]), 2.6, pal::BLADE);
        }
        _ => {}
    }
    // Arms and what they hold.
    match h {
        Human::Gunner => gunner_arms(rig, &b, pose, shoulders, look),
        Human::Blade => {
            let (hand, dir) = blade.unwrap_or(([0.16, 0.13, 0.46], [1.0, 0.0, 0.0]));
            let off: Local = if pose.strike > 0.0 || pose.windup > 0.0 {
                [0.0, -0.26 * splay, 0.5]
            } else {
                [0.05 - swing, -0.16 * splay, 0.26]
            };
            for (s, hnd) in [(0usize, hand), (1, off)] {
                let elbow = joint(shoulders[s], hnd, [-0.03, 0.0, -0.04]);
                rig.limb(shoulders[s], elbow, hnd, b.limb_w, look.base);
            }
            let tip = add(hand, scale(dir, 0.52));
            rig.bone(
                add(hand, scale(dir, -0.05)),
                add(hand, scale(dir, 0.04)),
                3.4,
                pal::BARREL,
            );
            rig.bone(add(hand, scale(dir, 0.04)), tip, 2.3, pal::STEEL);
        }
        _ => {
            let hs = hands.unwrap_or([[0.2, 0.1, 0.4], [0.2, -0.1, 0.4]]);
            let fl_up: Local = [0.12 * fl, 0.0, 0.3 * fl];
            for (s, hnd) in hs.into_iter().enumerate() {
                let hnd = add([hnd[0], hnd[1] * splay, hnd[2]], fl_up);
                let elbow = joint(shoulders[s], hnd, [-0.04, 0.0, -0.05]);
                rig.limb(shoulders[s], elbow, hnd, b.limb_w, look.base);
                match h {
                    Human::Brute => rig.ball(hnd, 4.8, look.dark),
                    _ => {
                        // Claws: two hooks off the hand.
                        let d = [0.08, 0.0, -0.05];
                        rig.bone(hnd, add(hnd, d), 1.6, look.metal);
                    }
                }
            }
        }
    }
    Head {
        at: rig.at(head_ball),
        r: b.head_r,
    }
}

/// The gunner's arms on its rifle, the rifle along the barrel: kicked back on a shot,
/// short and low while reloading.
fn gunner_arms(rig: &mut Rig, b: &Build, pose: &Pose, shoulders: [Local; 2], look: Look) {
    let d: Local = [pose.aim.cos(), pose.aim.sin(), 0.0];
    let (reach, drop) = if pose.reload {
        (0.36, 0.2)
    } else {
        (0.62, 0.0)
    };
    let kick = 0.08 * pose.recoil;
    let z = 0.5 - drop * 0.5;
    let at = |k: f32, dz: f32| -> Local { [d[0] * k, d[1] * k, z + dz] };
    let butt = at(-0.02 - kick, 0.02);
    let muzzle = at(reach - kick, -drop + 0.03 * pose.recoil);
    let grip = at(0.1 - kick, 0.0);
    let fore = at(0.3 - kick, -drop * 0.5);
    for (s, hnd) in [(0usize, grip), (1, fore)] {
        let elbow = joint(shoulders[s], hnd, [-0.04, 0.0, -0.07]);
        rig.limb(shoulders[s], elbow, hnd, b.limb_w, look.base);
    }
    rig.bone(butt, muzzle, 4.2, look.metal);
    rig.bone(grip, at(0.22 - kick, -0.06), 3.0, look.metal);
}
