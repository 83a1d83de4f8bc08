//! Turn-taking at a choke (REQ S10.1): at a door or a corridor's mouth two blades stand
//! in each other's swings, and the discipline check (M4) withholds the one behind for
//! as long as its partner stands there. A Ready blade whose every swing is withheld
//! only because of its partner (the same swing would be clear without the partner's
//! body) **waits on** it; after `turn_wait` the wait is a claim on the turn, and the
//! partner **gives way** for `turn_give`: it starts no strike and steps out of that
//! swing's guarded sector, over the sector's nearer edge. The waiting blade then strikes
//! under the same discipline check as ever (the partner's body and its motion are
//! predicted as any ally's), and the partner's own wait on it claims the next turn.
//! When both wait on each other the one that waited longer keeps its claim (the lower
//! id on a tie), so exactly one gives way.

use crate::core::geom::Vec2;
use crate::horde::enemy::Enemy;
use crate::space::grid::Grid;
use crate::squad::agent::{Agent, Role};
use crate::squad::blades::reach::{ally_blocks, guarded_sector, swing_axes, target_in_reach};
use crate::squad::blades::state::{MeleeState, StrikePhase};
use crate::tuning::{TickTuning, Tuning};

/// Whether `b`'s wait on blade `on` is a standing claim on the turn: Ready and free to
/// strike, waited at least `turn_wait`, and not yet for `turn_give` beyond it.
fn claims(b: &Agent, on: u32, tt: &TickTuning) -> bool {
    let m = &b.melee;
    b.alive
        && b.role == Role::Blade
        && m.phase == StrikePhase::Ready
        && m.cooldown == 0
        && m.rooted == 0
        && m.waits_on.contains(&on)
        && m.waited >= tt.turn_wait
        && m.waited < tt.turn_wait + tt.turn_give
}

/// The blade that agent `i` (the partner or a gunner) gives way to this tick, if any:
/// one with a standing claim on it, unless `i`'s own claim on that blade is the stronger
/// (it waited longer; on a tie the lower id keeps its claim). A blade in windup or active
/// gives way to nobody (it is committed to its strike), nor does an agent on a script.
pub fn gives_way_to(agents: &[Agent], i: usize, tt: &TickTuning) -> Option<u32> {
    let me = &agents[i];
    if !me.alive || me.forced || me.melee.striking() {
        return None;
    }
    agents
        .iter()
        .filter(|b| b.id != me.id && claims(b, me.id, tt))
        .find(|b| {
            let mine = claims(me, b.id, tt)
                && (me.melee.waited, std::cmp::Reverse(me.id))
                    > (b.melee.waited, std::cmp::Reverse(b.id));
            !mine
        })
        .map(|b| b.id)
}

/// S10.1: the fewest allies (at most `melee.turn_allies`, none of them mid-strike,
/// gunners only with `melee.turn_gunners`)
/// whose bodies alone withhold blade `i`'s swing, and that swing's axis (the target
/// first, then the nearest in reach; straight before turned).
pub fn allies_in_the_way(
    agents: &[Agent],
    i: usize,
    enemies: &[Enemy],
    ticks: u32,
    gunners_give_way: bool,
    t: &Tuning,
) -> Option<(Vec<u32>, f32)> {
    let a = &agents[i];
    let k = a.melee.strike;
    let target = a.melee.target.unwrap_or(u32::MAX);
    let mut reach: Vec<&Enemy> = enemies
        .iter()
        .filter(|e| e.alive && target_in_reach(a, e, k, t))
        .collect();
    reach.sort_by(|p, q| {
        (p.id != target)
            .cmp(&(q.id != target))
            .then(
                p.pos
                    .distance_sq(a.pos)
                    .total_cmp(&q.pos.distance_sq(a.pos)),
            )
            .then(p.id.cmp(&q.id))
    });
    let mut best: Option<(Vec<u32>, f32)> = None;
    for e in reach {
        for axis in swing_axes(a.pos, e.pos, k, t) {
            let sector = guarded_sector(a.pos, axis, k, t);
            let blockers: Vec<&Agent> = agents
                .iter()
                .filter(|o| ally_blocks(a, o, &sector, ticks, t))
                .collect();
            if blockers.is_empty()
                || blockers.len() > t.melee.turn_allies as usize
                || (!gunners_give_way && blockers.iter().any(|o| o.role != Role::Blade))
                || blockers.iter().any(|o| o.melee.striking())
                || best
                    .as_ref()
                    .is_some_and(|(b, _)| b.len() <= blockers.len())
            {
                continue;
            }
            best = Some((blockers.iter().map(|o| o.id).collect(), axis));
        }
    }
    best
}

/// Notes this tick's wait of a Ready blade that tried to strike: `Some((allies, axis))`
/// when only those allies' bodies kept a swing along `axis` from being clear, `None`
/// when it struck, had nothing in reach, or more allies stood in every swing. The wait
/// goes on while one of the allies stays in the way; a claim that has run its
/// `turn_give` starts over (the allies fight on meanwhile).
pub fn note_wait(m: &mut MeleeState, in_the_way: Option<(Vec<u32>, f32)>, tt: &TickTuning) {
    match in_the_way {
        Some((ids, axis)) => {
            if ids.iter().any(|id| m.waits_on.contains(id)) {
                m.waited += 1;
                if m.waited >= tt.turn_wait + tt.turn_give {
                    m.waited = 0;
                }
            } else {
                m.waited = 1;
            }
            m.waits_on = ids;
            m.wait_axis = axis;
        }
        None => {
            m.waits_on.clear();
            m.waited = 0;
        }
    }
}

/// Where an agent giving way to `holder` steps: out of the guarded sector of the swing
/// the holder waits to make, until its body is `2 × safety_margin` clear of it — over
/// the sector's nearer edge (the way out no longer than the body is deep in it, whatever
/// the sector's reach), or where a wall stands there (a corridor's side: pressed into
/// it the agent stood in the swing for good, generated rooms 316) over the farther
/// edge or back behind the holder, whichever of those free of walls is the shorter
/// walk; where it already is when clear.
pub fn step_aside(a: &Agent, holder: &Agent, grid: &Grid, t: &Tuning) -> Vec2 {
    let h = &holder.melee;
    let sector = guarded_sector(holder.pos, h.wait_axis, h.strike, t);
    let rel = a.pos - sector.apex;
    let clear = a.radius + 2.0 * t.melee.safety_margin;
    if sector.distance(a.pos) >= clear {
        return a.pos;
    }
    let axis = Vec2::from_angle(sector.axis);
    let nearer = match axis.cross(rel) {
        c if c > 1e-6 => 1.0,
        c if c < -1e-6 => -1.0,
        _ if a.id < holder.id => 1.0,
        _ => -1.0,
    };
    // A little past the mark, so the arrival's braking does not stop it short.
    let gap = t.melee.standoff_gap;
    let over_edge = |side: f32| {
        let edge = Vec2::from_angle(sector.axis + side * sector.half_angle);
        let out = edge.perp() * side;
        a.pos + out * ((clear - rel.dot(out)).max(0.0) + gap)
    };
    let first = over_edge(nearer);
    let free = |p: Vec2| !grid.circle_hits_wall(p, a.radius) && grid.line_clear(a.pos, p);
    if free(first) {
        return first;
    }
    // Behind the apex a sector of half-angle under 90° is `clear` away (the tuning allows
    // wider ones, so it is checked).
    let back = a.pos - axis * ((rel.dot(axis) + clear).max(0.0) + gap);
    let free = |p: Vec2| free(p) && sector.distance(p) >= clear;
    [over_edge(-nearer), back]
        .into_iter()
        .filter(|&p| free(p))
        .min_by(|p, q| p.distance_sq(a.pos).total_cmp(&q.distance_sq(a.pos)))
        .unwrap_or(first)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blade(id: u32, pos: Vec2) -> Agent {
        Agent::new(id, Role::Blade, id as usize, pos, 0.0, 0.28, 100.0)
    }

    #[test]
    fn a_claim_makes_the_partner_give_way_and_the_longer_wait_wins_a_mutual_one() {
        let t = Tuning::default();
        let tt = TickTuning::from_tuning(&t);
        let mut agents = [blade(0, Vec2::ZERO), blade(1, Vec2::new(0.8, 0.0))];
        assert_eq!(gives_way_to(&agents, 0, &tt), None);
        for _ in 0..tt.turn_wait {
            note_wait(&mut agents[1].melee, Some((vec![0], 0.0)), &tt);
        }
        assert_eq!(gives_way_to(&agents, 0, &tt), Some(1));
        assert_eq!(gives_way_to(&agents, 1, &tt), None);
        // Blade 0 waits on blade 1 as long: on the tie the lower id keeps its claim.
        for _ in 0..tt.turn_wait {
            note_wait(&mut agents[0].melee, Some((vec![1], 0.0)), &tt);
        }
        assert_eq!(gives_way_to(&agents, 0, &tt), None);
        assert_eq!(gives_way_to(&agents, 1, &tt), Some(0));
        // Blade 1 waiting longer keeps its claim and blade 0 gives way.
        note_wait(&mut agents[1].melee, Some((vec![0], 0.0)), &tt);
        assert_eq!(gives_way_to(&agents, 0, &tt), Some(1));
        assert_eq!(gives_way_to(&agents, 1, &tt), None);
        // Blade 0 longer again: blade 1 gives way.
        note_wait(&mut agents[0].melee, Some((vec![1], 0.0)), &tt);
        note_wait(&mut agents[0].melee, Some((vec![1], 0.0)), &tt);
        assert_eq!(gives_way_to(&agents, 0, &tt), None);
        assert_eq!(gives_way_to(&agents, 1, &tt), Some(0));
        // A blade mid-strike gives way to nobody; a claim lapses after `turn_give`.
        agents[1].melee.phase = StrikePhase::Windup;
        assert_eq!(gives_way_to(&agents, 1, &tt), None);
        agents[1].melee.phase = StrikePhase::Ready;
        for _ in 0..tt.turn_give {
            note_wait(&mut agents[0].melee, Some((vec![1], 0.0)), &tt);
        }
        assert!(agents[0].melee.waited < tt.turn_wait);
        assert_eq!(gives_way_to(&agents, 1, &tt), None);
    }

    #[test]
    fn a_blade_giving_way_steps_over_the_nearer_edge_of_its_partners_swing() {
        let t = Tuning::default();
        let grid = Grid::open_with_border(40, 40);
        let at = Vec2::new(20.0, 20.0);
        let mut holder = blade(0, at);
        holder.melee.wait_axis = 0.0;
        let sector = guarded_sector(at, 0.0, 0, &t);
        let clear = 0.28 + 2.0 * t.melee.safety_margin;
        for p in [
            Vec2::new(0.7, 0.2),
            Vec2::new(0.9, -0.4),
            Vec2::new(0.3, 0.45),
        ] {
            let a = blade(1, at + p);
            assert!(sector.distance(at + p) < clear);
            let goal = step_aside(&a, &holder, &grid, &t) - at;
            assert!(sector.distance(at + goal) >= clear, "{p:?} → {goal:?}");
            // Over the nearer edge: the side it stood on, and no farther along the axis.
            assert!(goal.y * p.y > 0.0 && goal.x <= p.x, "{p:?} → {goal:?}");
        }
        let out = blade(1, at + Vec2::new(-0.2, 1.5));
        assert_eq!(step_aside(&out, &holder, &grid, &t), out.pos);
    }

    /// Generated rooms 316: in a 2-wide corridor the partner stood pressed against the
    /// wall on its side of the swing; its step over the nearer edge was into the rock.
    /// It steps over the farther edge or back behind the holder instead, whichever is
    /// free of walls and nearer, and out of the swing either way: here, between the
    /// corridor's two walls, back (the farther edge is 1.77 u off, behind 1.48 u).
    #[test]
    fn a_blade_giving_way_against_a_wall_steps_the_other_way() {
        let t = Tuning::default();
        let mut grid = Grid::open_with_border(40, 40);
        // A 2-wide corridor: walls on rows 20 and 23 (the floor is y in 21..23).
        for x in 0..40 {
            grid.set_wall(x, 20, true);
            grid.set_wall(x, 23, true);
        }
        let mut holder = blade(0, Vec2::new(20.0, 22.0));
        holder.melee.wait_axis = 0.0;
        let sector = guarded_sector(holder.pos, 0.0, 0, &t);
        let clear = 0.28 + 2.0 * t.melee.safety_margin;
        let a = blade(1, Vec2::new(20.6, 22.7));
        assert!(sector.distance(a.pos) < clear, "in the swing");
        let goal = step_aside(&a, &holder, &grid, &t);
        assert!(
            !grid.circle_hits_wall(goal, a.radius),
            "{goal:?} in the wall"
        );
        assert!(
            sector.distance(goal) >= clear,
            "{goal:?} still in the swing"
        );
        assert!(goal.x < holder.pos.x, "back behind the holder: {goal:?}");
        // In the open the nearer edge is the way (north, into where the wall is here).
        let open = Grid::open_with_border(40, 40);
        let free = step_aside(&a, &holder, &open, &t);
        assert!(free.y > a.pos.y, "{free:?}");
        assert!(grid.circle_hits_wall(free, a.radius));
    }
}
