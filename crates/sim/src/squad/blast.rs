//! A live grenade's blast zone, reserved like a lane (REQ K5, S7): from the throw to
//! the blast every ally keeps out of it, and one inside walks out along the escape the
//! throw planned for it. The plan is what makes the throw allowed at all: each standing
//! ally must be able to be clear of the blast when it goes off, under the same limits
//! its movement obeys (top speed, the steering acceleration, walls; S9.5's reachable
//! set, turned round: not "could it be hit" but "can it surely get out"). An ally that
//! cannot — pinned by a wall, rooted in a strike, too deep in the blast, walked by a
//! script into it — refuses the throw.
//!
//! The planner simulates each ally's escape tick by tick with the movement's own
//! velocity rule ([`approach_velocity`]), so the escape the movement then runs is the one
//! the plan checked. Nothing else the rules allow may undo it: a blade starts no strike
//! inside the zone, a medkit's patient is released, and a blow's knockback is budgeted
//! (the distance the steering needs to cancel it, for every enemy that could land one
//! before the blast).

use serde::{Deserialize, Serialize};

use crate::core::geom::Vec2;
use crate::horde::enemy::Enemy;
use crate::space::grid::Grid;
use crate::squad::agent::{approach_velocity, Agent};
use crate::squad::blades::reach::lunge_extent;
use crate::squad::blades::state::StrikePhase;
use crate::tuning::{Tuning, DT};

/// How one ally leaves the zone: along `dir` (unit), or already clear (`dir` zero: it
/// only keeps out).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Escape {
    pub agent: u32,
    pub dir: Vec2,
}

/// The ally that could not be clear of the blast (the throw is refused).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Refusal {
    pub ally: u32,
}

/// The reserved zone of a live grenade as the squad's movement reads it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BlastZone<'a> {
    pub centre: Vec2,
    /// Ticks until the blast.
    pub ticks_left: u32,
    pub escapes: &'a [Escape],
}

/// The distance an agent of `radius` keeps from a blast's centre: the blast's radius,
/// its body's and the margin.
pub fn keep_out(radius: f32, t: &Tuning) -> f32 {
    t.tools.grenade_radius + radius + t.tools.blast_margin
}

/// How far a blow's knockback can carry an agent toward the blast before its steering
/// has cancelled it: the kick `k` braked at the steering acceleration, `k² / 2a`, for
/// every enemy that could reach it and swing before the blast (`n` ticks away).
fn knock_budget(a: &Agent, enemies: &[Enemy], n: u32, t: &Tuning) -> f32 {
    let secs = n as f32 * DT;
    let accel = t.movement.steer_accel;
    enemies
        .iter()
        .filter(|e| e.alive)
        .filter_map(|e| e.kind.tuning(t).map(|kt| (e, kt)))
        .filter(|(_, kt)| kt.knockback > 0.0)
        .filter(|(e, kt)| {
            let reach = e.radius + a.radius + kt.reach + (kt.speed + t.squad.fast_speed) * secs;
            e.pos.distance(a.pos) <= reach
        })
        .map(|(_, kt)| kt.knockback * kt.knockback / (2.0 * accel))
        .sum()
}

/// Whether `a` can be at least `clear` from `centre` after `n` ticks, starting at `p`
/// with velocity `v` after `busy` ticks it cannot steer, running along `dir` at top speed
/// under the steering acceleration, its body never in a wall. The agent stops running
/// once it is clear (then it only keeps out), so reaching `clear` in time is enough.
#[allow(clippy::too_many_arguments)]
fn escapes_along(
    p: Vec2,
    v: Vec2,
    busy: u32,
    dir: Vec2,
    radius: f32,
    (centre, clear, n): (Vec2, f32, u32),
    grid: &Grid,
    t: &Tuning,
) -> bool {
    let want = dir * t.squad.fast_speed;
    let (mut p, mut v) = (p, v);
    for k in 0..n {
        if p.distance(centre) >= clear {
            return true;
        }
        if k < busy {
            continue;
        }
        v = approach_velocity(v, want, t);
        let next = p + v * DT;
        if grid.circle_hits_wall(next, radius) {
            return false;
        }
        p = next;
    }
    p.distance(centre) >= clear
}

/// The directions an escape may take: straight away from the blast first, then 16
/// round the compass from there (the first that works is taken: the plan is the same on
/// every machine).
fn candidate_dirs(from: Vec2, centre: Vec2) -> impl Iterator<Item = Vec2> {
    let away = (from - centre).normalize_or_zero();
    let base = if away == Vec2::ZERO {
        Vec2::new(1.0, 0.0)
    } else {
        away
    };
    (0..17u32).map(move |k| {
        if k == 0 {
            return base;
        }
        // 1, -1, 2, -2, … sixteenths of a turn either side of "away".
        let step = k.div_ceil(2) as f32 * if k % 2 == 1 { 1.0 } else { -1.0 };
        let (s, c) = crate::core::trig::sin_cos(step * std::f32::consts::TAU / 16.0);
        Vec2::new(base.x * c - base.y * s, base.x * s + base.y * c)
    })
}

/// What an agent cannot steer for a while, and where it stands when it can again: a
/// blade in its strike (rooted through the windup, then the lunge along its axis), a
/// cancelled windup's root, a medkit's patient (released by the plan: steering at once).
fn busy_of(a: &Agent, t: &Tuning) -> (u32, Vec2) {
    let m = &a.melee;
    let active = |k: usize| crate::tuning::ticks(t.melee.active[k]).max(1);
    let axis = Vec2::from_angle(m.axis);
    match m.phase {
        StrikePhase::Windup => (
            m.phase_left + active(m.strike),
            a.pos + axis * lunge_extent(m.strike, t),
        ),
        StrikePhase::Active => (m.phase_left, a.pos + axis * lunge_extent(m.strike, t)),
        _ => (m.rooted, a.pos),
    }
}

/// Where a scripted walker will stand at the blast, and how far from there it may be:
/// `(position, slack)` (`script::ahead`).
pub type ScriptedAt = Option<(Vec2, f32)>;

/// The escapes of a blast at `centre` in `n` ticks, one per standing agent, or the ally
/// that could not be clear (REQ K5). `forced_at_blast[i]` is where a scripted walker
/// will stand at the blast and how far off it may be (it follows its script, not the
/// plan).
pub fn plan_escapes(
    centre: Vec2,
    n: u32,
    agents: &[Agent],
    forced_at_blast: &[ScriptedAt],
    enemies: &[Enemy],
    grid: &Grid,
    t: &Tuning,
) -> Result<Vec<Escape>, Refusal> {
    let mut out = Vec::with_capacity(agents.len());
    // The last tick's move happens with the blast's tick: one tick of slack.
    let n = n.saturating_sub(1);
    for a in agents.iter().filter(|a| a.alive) {
        let keep = keep_out(a.radius, t);
        if let Some((p, slack)) = forced_at_blast.get(a.id as usize).copied().flatten() {
            if p.distance(centre) < keep + t.tools.blast_reserve + slack {
                return Err(Refusal { ally: a.id });
            }
            out.push(Escape {
                agent: a.id,
                dir: Vec2::ZERO,
            });
            continue;
        }
        let clear = keep + t.tools.blast_reserve + knock_budget(a, enemies, n, t);
        let (busy, from) = busy_of(a, t);
        let v = if busy > 0 { Vec2::ZERO } else { a.vel };
        // Already clear and able to stop short of the zone: it only keeps out.
        let inward = (-v.dot((from - centre).normalize_or_zero())).max(0.0);
        let braking = inward * inward / (2.0 * t.movement.steer_accel);
        if from.distance(centre) >= clear + braking {
            out.push(Escape {
                agent: a.id,
                dir: Vec2::ZERO,
            });
            continue;
        }
        let dir = candidate_dirs(from, centre)
            .find(|&d| escapes_along(from, v, busy, d, a.radius, (centre, clear, n), grid, t));
        match dir {
            Some(dir) => out.push(Escape { agent: a.id, dir }),
            None => return Err(Refusal { ally: a.id }),
        }
    }
    Ok(out)
}

impl BlastZone<'_> {
    /// `a`'s planned escape, if it has one to run (not yet clear).
    pub fn escape_of(&self, a: &Agent, t: &Tuning) -> Option<Vec2> {
        let e = self.escapes.iter().find(|e| e.agent == a.id)?;
        let clear = keep_out(a.radius, t) + t.tools.blast_reserve;
        (e.dir != Vec2::ZERO && a.pos.distance(self.centre) < clear).then_some(e.dir)
    }

    /// Whether `p` lies in the reserved zone of a body of `radius` (a blade starts no
    /// strike from there, and ends none there).
    pub fn reserves(&self, p: Vec2, radius: f32, t: &Tuning) -> bool {
        p.distance(self.centre) < keep_out(radius, t) + t.tools.blast_reserve
    }

    /// The movement's wish for `a` with the zone reserved: an ally with an escape to
    /// run runs it at top speed; any other never moves inward once it is within its
    /// braking distance of the reserved band (it stops short, as a lane's push keeps an
    /// agent out before a bullet flies).
    pub fn keep_clear(&self, a: &Agent, desired: Vec2, t: &Tuning) -> Vec2 {
        if let Some(dir) = self.escape_of(a, t) {
            return dir * t.squad.fast_speed;
        }
        let off = a.pos - self.centre;
        let d = off.length();
        if d <= 1e-5 {
            return desired;
        }
        let out = off / d;
        let band = keep_out(a.radius, t) + t.tools.blast_reserve;
        let inward = (-a.vel.dot(out)).max(0.0);
        let braking = inward * inward / (2.0 * t.movement.steer_accel) + inward * DT;
        if d - band > braking + t.tools.keep_clear_slack {
            return desired;
        }
        let toward = desired.dot(out);
        if toward < 0.0 {
            desired - out * toward
        } else {
            desired
        }
    }
}

impl BlastZone<'_> {
    /// The tick's last word on the zone: an ally that is not running its escape and
    /// ends the tick deeper in the reserved band than it began it — a wall it slid
    /// along, a body's shove, a blow's knockback carried it in — goes back to where it
    /// began the tick (`prev`), and its velocity's inward part is dropped. So an ally
    /// clear of the band at the throw never comes nearer the blast than the band's edge.
    pub fn hold_out(&self, a: &mut Agent, prev: Vec2, t: &Tuning) {
        if !a.alive || a.forced || self.escape_of(a, t).is_some() {
            return;
        }
        let band = keep_out(a.radius, t) + t.tools.blast_reserve;
        let (was, now) = (prev.distance(self.centre), a.pos.distance(self.centre));
        if now < band && now < was {
            a.pos = prev;
            let out = (prev - self.centre).normalize_or_zero();
            let inward = a.vel.dot(out).min(0.0);
            a.vel -= out * inward;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::squad::agent::Role;

    fn agent(id: u32, p: Vec2) -> Agent {
        Agent::new(id, Role::Gunner, 0, p, 0.0, 0.28, 100.0)
    }

    /// An ally at the very centre of a blast 2.2 s away runs out of it; a blade rooted
    /// in its windup beside a wall cannot, and refuses the throw; a scripted walker who
    /// will stand in it refuses it too.
    #[test]
    fn allies_escape_or_refuse_the_throw() {
        let t = Tuning::default();
        let g = Grid::open_with_border(40, 40);
        let c = Vec2::new(20.0, 20.0);
        let n = crate::tuning::ticks(2.2);
        let squad = [agent(0, c), agent(1, Vec2::new(30.0, 20.0))];
        let plan = plan_escapes(c, n, &squad, &[None, None], &[], &g, &t).unwrap();
        assert_ne!(plan[0].dir, Vec2::ZERO, "the one at the centre runs");
        assert_eq!(plan[1].dir, Vec2::ZERO, "the one far off only keeps out");
        // Too little time to get out.
        assert_eq!(
            plan_escapes(c, 30, &squad, &[None, None], &[], &g, &t),
            Err(Refusal { ally: 0 })
        );
        // Where a script will walk it.
        assert_eq!(
            plan_escapes(c, n, &squad, &[None, Some((c, 0.0))], &[], &g, &t),
            Err(Refusal { ally: 1 })
        );
        // A walk that has not begun ends within its slack of the prediction: clear by
        // half a unit is enough without slack, not with one of a unit.
        let edge = keep_out(squad[1].radius, &t) + t.tools.blast_reserve + 0.5;
        let end = c + Vec2::new(0.0, -edge);
        let plan = plan_escapes(c, n, &squad, &[None, Some((end, 0.0))], &[], &g, &t);
        assert!(plan.is_ok(), "{plan:?}");
        assert_eq!(
            plan_escapes(c, n, &squad, &[None, Some((end, 1.0))], &[], &g, &t),
            Err(Refusal { ally: 1 })
        );
    }

    /// Boxed in by walls on every side but the blast's, the only way out is through it:
    /// refused.
    #[test]
    fn an_ally_boxed_in_refuses() {
        let t = Tuning::default();
        let mut g = Grid::open_with_border(40, 40);
        for x in 16..=24 {
            for y in 16..=24 {
                let edge = x == 16 || x == 24 || y == 16 || y == 24;
                g.set_wall(x, y, edge);
            }
        }
        let c = Vec2::new(20.5, 20.5);
        let squad = [agent(0, Vec2::new(22.5, 20.5))];
        let n = crate::tuning::ticks(2.2);
        assert_eq!(
            plan_escapes(c, n, &squad, &[None], &[], &g, &t),
            Err(Refusal { ally: 0 })
        );
    }

    /// The movement running the plan gets the ally out before the blast (the planner and
    /// the movement share the velocity rule).
    #[test]
    fn the_escape_run_is_clear_at_the_blast() {
        let t = Tuning::default();
        let g = Grid::open_with_border(40, 40);
        let c = Vec2::new(20.0, 20.0);
        let n = crate::tuning::ticks(2.2);
        let mut a = agent(0, Vec2::new(21.0, 20.5));
        a.vel = Vec2::new(-2.0, 0.0);
        let plan = plan_escapes(c, n, std::slice::from_ref(&a), &[None], &[], &g, &t).unwrap();
        let zone = BlastZone {
            centre: c,
            ticks_left: n,
            escapes: &plan,
        };
        for _ in 0..n {
            let want = zone.keep_clear(&a, (c - a.pos).normalize_or_zero() * 2.7, &t);
            a.vel = approach_velocity(a.vel, want, &t);
            a.pos += a.vel * DT;
        }
        assert!(a.pos.distance(c) >= keep_out(a.radius, &t), "{:?}", a.pos);
    }

    /// Pinned on a wall and sliding along it toward the blast (the wall turns its wish
    /// into an inward slide), an ally is held where it began the tick.
    #[test]
    fn an_ally_sliding_along_a_wall_is_held_out() {
        let t = Tuning::default();
        let c = Vec2::new(19.3, 11.8);
        let mut a = agent(0, Vec2::new(20.72, 7.0));
        let plan = plan_escapes(
            c,
            120,
            std::slice::from_ref(&a),
            &[None],
            &[],
            &Grid::open_with_border(40, 40),
            &t,
        )
        .unwrap();
        assert_eq!(plan[0].dir, Vec2::ZERO);
        let zone = BlastZone {
            centre: c,
            ticks_left: 120,
            escapes: &plan,
        };
        let prev = Vec2::new(20.72, 7.6);
        a.pos = Vec2::new(20.72, 7.7);
        a.vel = Vec2::new(0.0, 1.0);
        zone.hold_out(&mut a, prev, &t);
        assert_eq!(a.pos, prev);
        assert!(a.vel.dot(c - prev) <= 1e-6, "{:?}", a.vel);
    }

    /// An ally outside the band walking straight at the blast stops short of it.
    #[test]
    fn an_ally_outside_never_walks_in() {
        let t = Tuning::default();
        let g = Grid::open_with_border(40, 40);
        let c = Vec2::new(20.0, 20.0);
        let mut a = agent(0, Vec2::new(28.0, 20.0));
        a.vel = Vec2::new(-2.7, 0.0);
        let plan = plan_escapes(c, 120, std::slice::from_ref(&a), &[None], &[], &g, &t).unwrap();
        let zone = BlastZone {
            centre: c,
            ticks_left: 120,
            escapes: &plan,
        };
        for _ in 0..240 {
            let want = zone.keep_clear(&a, Vec2::new(-2.7, 0.0), &t);
            a.vel = approach_velocity(a.vel, want, &t);
            a.pos += a.vel * DT;
            assert!(a.pos.distance(c) >= keep_out(a.radius, &t), "{:?}", a.pos);
        }
    }
}
