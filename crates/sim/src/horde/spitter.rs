//! The spitter (REQ T1): keeps its distance, seeks a line of sight, and at the end of
//! its windup releases a projectile (`combat::spit`). Its windup, stagger and cooldown
//! are every enemy's (E3, `enemy.rs`).

use crate::combat::spit::Spit;
use crate::core::geom::Vec2;
use crate::horde::body::{gap, Enemy};
use crate::horde::prey::{Prey, Seen};
use crate::tuning::{KindTuning, Tuning};

/// The projectile `id` a spitter `e` releases at the end of its windup on the standing
/// target `a` at `tick` (T1): from its body toward where the target stands now, dealing
/// the kind's damage times `damage_scale`.
pub(crate) fn spit_at(
    e: &Enemy,
    a: &Prey,
    kt: &KindTuning,
    t: &Tuning,
    (id, tick, damage_scale): (u32, u64, f32),
) -> Spit {
    let st = &t.enemy.spit;
    let dir = match (a.pos - e.pos).normalize_or_zero() {
        d if d == Vec2::ZERO => Vec2::from_angle(e.facing),
        d => d,
    };
    Spit {
        id,
        enemy: e.id,
        pos: e.pos,
        prev_pos: e.pos,
        dir,
        speed: st.speed,
        traveled: 0.0,
        range: st.range,
        radius: st.radius,
        released: tick,
        damage: kt.damage * damage_scale,
    }
}

/// A spitter's steering (T1) while it sees its prey: too close, it backs away; within
/// spitting distance it stands (it spits from there); beyond, `None`: it closes as the
/// others do (pursuit in sight, the flow field out of it — which brings it round to a
/// line of sight).
pub(crate) fn spitter_force(
    e: &Enemy,
    target: Option<&Seen>,
    kt: &KindTuning,
    t: &Tuning,
) -> Option<(Vec2, f32)> {
    use crate::horde::steering::{arrive, seek};
    let a = target.filter(|_| e.sees)?;
    let g = gap(e, a.pos, a.radius);
    if g < t.enemy.spit.keep_away {
        let away = e.pos + (e.pos - a.pos).normalize_or_zero();
        return Some((seek(e.pos, e.vel, away, kt.speed) * kt.w_pursuit, kt.speed));
    }
    // A little inside the spitting distance (8 u: just beyond a gunner's 8 u from centre
    // to centre), so a step of the prey does not take it out.
    if g <= kt.reach * 0.95 {
        return Some((
            arrive(e.pos, e.vel, e.pos, kt.speed, 0.5) * kt.w_pursuit,
            kt.speed,
        ));
    }
    None
}
