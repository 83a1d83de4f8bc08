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

/// A stalker's steering (T2) and its top speed: inside a flare's light it walks out of it
/// ([`way_out`]), prey or none; for a stalker with prey, shy of the light it backs away
/// from its prey; close, unlit and in sight it lunges — never at prey inside a flare's
/// light (K3: it does not enter one); otherwise it closes by the way ahead that no light
/// (beam or flare) reaches — its path (toward the prey it sees, else down the flow
/// field) turned by up to 90° — and waits in the dark when there is none. `None` with no
/// prey and out of every flare's light: it wanders as the others do. `flow_dir` is the
/// flow field's way at its feet; `flares` the burning flares' lights (also among
/// `beams`).
pub(crate) fn stalk_force(
    e: &Enemy,
    target: Option<&Seen>,
    kt: &KindTuning,
    t: &Tuning,
    (beams, flares, grid): (&[Beam], &[Beam], &Grid),
    flow_dir: Vec2,
) -> Option<(Vec2, f32)> {
    let st = &t.enemy.stalk;
    let wish = |v: Vec2| (v - e.vel) * STALK_GAIN;
    // Inside a flare's light (it burst round the stalker, or the crowd shoved it in) it
    // leaves, prey or none: every way ahead would be in the light, and waiting there
    // held a stalker inside one for 17 s (K3, mission 6).
    if let Some(f) = flares.iter().find(|f| f.touches(e.pos, e.radius)) {
        let out = way_out(
            e.pos,
            f.origin,
            st.turn_step_deg.to_radians(),
            st.lookahead,
            grid,
        );
        return Some((wish(out * kt.speed), kt.speed));
    }
    let a = target?;
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
    for dir in turned(base, step) {
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

/// `base`, then turned by `step` to either side in turn, out to 90° each way.
fn turned(base: Vec2, step: f32) -> impl Iterator<Item = Vec2> {
    let turns = (std::f32::consts::FRAC_PI_2 / step) as i32;
    (0..=2 * turns).map(move |k| {
        let n = (k + 1) / 2;
        let angle = if k % 2 == 1 { n as f32 } else { -(n as f32) } * step;
        base.rotate_by(Vec2::from_angle(angle))
    })
}

/// The way out of a flare's light from `pos`: straight away from the flare at `origin`,
/// or, when a wall stands within `lookahead` that way, the least turned way that is open
/// — at worst along the wall (mission 6 with the squad's movement changed: a stalker
/// put inside a light by the director slid out along the rock at a third of its run).
/// Straight away when no way is open.
fn way_out(pos: Vec2, origin: Vec2, step: f32, lookahead: f32, grid: &Grid) -> Vec2 {
    // On the flare's very spot, any way is away.
    let d = (pos - origin).normalize_or_zero();
    let away = if d == Vec2::ZERO {
        Vec2::new(1.0, 0.0)
    } else {
        d
    };
    turned(away, step)
        .find(|&dir| grid.line_clear(pos, pos + dir * lookahead))
        .unwrap_or(away)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::horde::body::EnemyKind;

    fn stalker_at(pos: Vec2, t: &Tuning) -> Enemy {
        let k = &t.enemy.stalker;
        Enemy::standing(1, EnemyKind::Stalker, pos, k.radius, k.health)
    }

    /// A flare's light round (10, 10) and a 20 × 20 room; `wall_x` a wall column from
    /// y 2 to 17 when given.
    fn setting(wall_x: Option<i32>, t: &Tuning) -> (Beam, Grid) {
        let mut g = Grid::open_with_border(20, 20);
        if let Some(x) = wall_x {
            for y in 2..18 {
                g.set_wall(x, y, true);
            }
        }
        let light = t.tools.flare_light;
        (
            Beam::new(Vec2::new(10.0, 10.0), 0.0, light, std::f32::consts::PI),
            g,
        )
    }

    /// K3: a stalker inside a flare's light walks out of it whether or not it has prey —
    /// with none it once wandered as the others do, and stood in the light.
    #[test]
    fn a_stalker_with_no_prey_walks_out_of_a_flares_light() {
        let t = Tuning::default();
        let kt = &t.enemy.stalker;
        let (flare, g) = setting(None, &t);
        let e = stalker_at(Vec2::new(12.0, 10.0), &t);
        let (wish, top) = stalk_force(&e, None, kt, &t, (&[flare], &[flare], &g), Vec2::ZERO)
            .expect("a stalker in the light moves");
        assert_eq!(top, kt.speed);
        assert!(
            wish.normalize_or_zero().x > 0.99,
            "away from the flare: {wish:?}"
        );
        // Out of the light and with no prey, it is left to wander (None).
        let out = stalker_at(Vec2::new(16.0, 10.0), &t);
        assert!(stalk_force(&out, None, kt, &t, (&[flare], &[flare], &g), Vec2::ZERO).is_none());
    }

    /// A wall straight away from the flare: the stalker turns along it, not into it
    /// (one pressed its face into the rock inside the light for 17 s).
    #[test]
    fn a_stalker_walks_out_of_a_flares_light_along_a_wall_that_blocks_the_way_straight_out() {
        let t = Tuning::default();
        let (_, g) = setting(Some(13), &t);
        let pos = Vec2::new(12.5, 10.3);
        let step = t.enemy.stalk.turn_step_deg.to_radians();
        let look = t.enemy.stalk.lookahead;
        let dir = way_out(pos, Vec2::new(10.0, 10.0), step, look, &g);
        assert!(g.line_clear(pos, pos + dir * look), "{dir:?}");
        assert!(
            dir.y > 0.5,
            "along the wall, on the side away from the flare: {dir:?}"
        );
        // In the open the way out is straight away.
        let (_, open) = setting(None, &t);
        let dir = way_out(pos, Vec2::new(10.0, 10.0), step, look, &open);
        let away = (pos - Vec2::new(10.0, 10.0)).normalize_or_zero();
        assert!(dir.distance(away) < 1e-5, "{dir:?}");
    }
}
