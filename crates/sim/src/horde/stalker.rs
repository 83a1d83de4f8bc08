//! The stalker (REQ T2): a hunter that uses the dark. It reads the simulation's own
//! light test (`space::light`, the squad's beams this tick): fast unlit, it closes by
//! the way no beam lights; caught, it freezes and backs off; close and unlit, it lunges.
//! Its strike is every enemy's windup (E3, `enemy.rs`), and a shy stalker starts none.

use crate::core::geom::Vec2;
use crate::horde::body::{gap, Enemy};
use crate::horde::prey::Seen;
use crate::space::grid::Grid;
use crate::space::light::{lit, Beam};
use crate::tuning::{KindTuning, Tuning, DT};

/// Reaches its wish within a tick, as far as the kind's acceleration allows: a beam
/// stops a stalker dead (its `accel` is the limit, not this gain).
const STALK_GAIN: f32 = 60.0;

/// A stalker's steering (T2) and its top speed, for a stalker with prey: inside a flare's
/// light it walks straight out of it; shy of the light it backs away from its prey;
/// close, unlit and in sight it lunges — never at prey inside a flare's light (K3: it
/// does not enter one); otherwise it closes by the way ahead that no light
/// (beam or flare) reaches — its path (toward the prey it sees, else down the flow
/// field) turned by up to 90° — and waits in the dark when there is none. `None` with no
/// prey and no flow: it wanders as the others do. `flow_dir` is the flow field's way at
/// its feet; `flares` the burning flares' lights (also among `beams`).
pub(crate) fn stalk_force(
    e: &Enemy,
    target: Option<&Seen>,
    kt: &KindTuning,
    t: &Tuning,
    (beams, flares, grid): (&[Beam], &[Beam], &Grid),
    flow_dir: Vec2,
) -> Option<(Vec2, f32)> {
    let st = &t.enemy.stalk;
    let a = target?;
    let wish = |v: Vec2| (v - e.vel) * STALK_GAIN;
    // Inside a flare's light (it burst round the stalker, or the crowd shoved it in) it
    // leaves straight away from the flare: every way ahead would be in the light, and
    // waiting there held a stalker inside one for 17 s (K3, mission 6).
    if let Some(f) = flares.iter().find(|f| f.touches(e.pos, e.radius)) {
        let out = (e.pos - f.origin).normalize_or_zero();
        return Some((wish(out * kt.speed), kt.speed));
    }
    if e.shy > 0 {
        let away = (e.pos - a.pos).normalize_or_zero();
        return Some((wish(away * st.back_off_speed), kt.speed));
    }
    let top = kt.speed.max(st.lunge_speed);
    let in_flare = flares.iter().any(|f| f.touches(a.pos, a.radius + e.radius));
    if e.sees && gap(e, a.pos, a.radius) <= st.lunge_range && !in_flare {
        let contact = e.radius + a.radius + kt.reach * t.enemy.close_in_reach_share;
        let stop = a.pos + (e.pos - a.pos).normalize_or_zero() * contact;
        let to = stop - e.pos;
        let v = to.normalize_or_zero() * st.lunge_speed.min(to.length() / DT);
        return Some((wish(v), top));
    }
    let base = if e.sees {
        (a.pos - e.pos).normalize_or_zero()
    } else {
        flow_dir
    };
    if base == Vec2::ZERO {
        return None;
    }
    let step = st.turn_step_deg.to_radians();
    let turns = (std::f32::consts::FRAC_PI_2 / step) as i32;
    for k in 0..=2 * turns {
        let n = (k + 1) / 2;
        let angle = if k % 2 == 1 { n as f32 } else { -(n as f32) } * step;
        let dir = base.rotate_by(Vec2::from_angle(angle));
        let q = e.pos + dir * st.lookahead;
        // A flare's light is kept at a body's breadth more: the stalker stops short of
        // its edge, not on it (K3).
        let in_flare = flares.iter().any(|f| f.touches(q, 2.0 * e.radius));
        if grid.line_clear(e.pos, q) && !lit(beams, q, e.radius, grid) && !in_flare {
            return Some((wish(dir * kt.speed), kt.speed));
        }
    }
    Some((wish(Vec2::ZERO), kt.speed))
}
