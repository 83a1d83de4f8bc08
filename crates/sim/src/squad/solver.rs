//! The firing-position solver (S6): 37 candidates, rejections, scoring, hysteresis.

use crate::core::geom::Vec2;
use crate::squad::agent::Agent;
use crate::squad::lane::lane_clear_from;
use crate::squad::target::{aim_at, enemies_in_reach};
use crate::squad::view::WorldView;

/// Why a candidate was thrown out (the overlay colours them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Reject {
    OutsideMap,
    InWall,
    /// Closer than `min_agent_distance` to another agent or to another agent's post.
    NearAgent,
    /// Farther than `cohesion_radius + post_leash` from the anchor: the hard bound.
    BeyondBound,
    /// A wall stands between the agent and the spot (it would have to walk around).
    NotDirect,
}

#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Candidate {
    pub pos: Vec2,
    pub score: f32,
    pub rejected: Option<Reject>,
}

/// Candidate points: the current position (index 0, the baseline) and
/// `ring_radii.len() × directions` points around it (3 × 12 + 1 = 37 by default).
pub fn candidate_points(pos: Vec2, w: &WorldView, out: &mut Vec<Vec2>) {
    out.clear();
    out.push(pos);
    let s = &w.tuning.solver;
    for &r in &s.ring_radii {
        for k in 0..s.directions {
            let a = std::f32::consts::TAU * k as f32 / s.directions as f32;
            out.push(pos + Vec2::from_angle(a) * r);
        }
    }
}

/// The rejection rule for candidate `p` (never applied to index 0).
pub fn reject_reason(p: Vec2, agent: &Agent, w: &WorldView) -> Option<Reject> {
    let t = w.tuning;
    let (tx, ty) = crate::space::grid::Grid::tile_of(p);
    if !w.grid.in_bounds(tx, ty) {
        return Some(Reject::OutsideMap);
    }
    if w.grid.circle_hits_wall(p, agent.radius) {
        return Some(Reject::InWall);
    }
    let min_d = t.solver.min_agent_distance;
    let crowded = w
        .agents
        .iter()
        .filter(|o| o.alive && o.id != agent.id)
        .any(|o| o.pos.distance(p) < min_d || o.post_pos.distance(p) < min_d);
    if crowded {
        return Some(Reject::NearAgent);
    }
    if p.distance(w.anchor) > t.solver.cohesion_radius + t.solver.post_leash {
        return Some(Reject::BeyondBound);
    }
    if !w.grid.line_clear(agent.pos, p) {
        return Some(Reject::NotDirect);
    }
    None
}

/// Score of standing at `p` (S6), against the priority target `primary`:
/// +100 lane clear to it, +25 × shootable share of `reach`, −35 per ally lane blocked,
/// −9 × distance moved, −24 × distance beyond the cohesion radius, −60 when the nearest
/// target is closer than `min_engage_dist`.
pub fn score_candidate(p: Vec2, agent: &Agent, primary: u32, reach: &[u32], w: &WorldView) -> f32 {
    let t = w.tuning;
    let s = &t.solver;
    let mut score = 0.0;
    if let Some(e) = w.enemy(primary) {
        if lane_clear_from(p, aim_at(p, e, t), agent.id, w.agents, w.grid, t).is_clear() {
            score += s.w_lane;
        }
    }
    if !reach.is_empty() {
        let mut shootable = 0;
        let mut nearest = f32::INFINITY;
        for e in reach.iter().filter_map(|&id| w.enemy(id)) {
            nearest = nearest.min(e.pos.distance(p) - e.radius);
            if lane_clear_from(p, aim_at(p, e, t), agent.id, w.agents, w.grid, t).is_clear() {
                shootable += 1;
            }
        }
        score += s.w_coverage * shootable as f32 / reach.len() as f32;
        if nearest < s.min_engage_dist {
            score += s.w_too_close;
        }
    }
    score += s.w_block * w.lanes.blocked_by(p, agent.id, t) as f32;
    score += s.w_move * p.distance(agent.pos);
    score += s.w_cohesion * (p.distance(w.anchor) - s.cohesion_radius).max(0.0);
    score
}

/// Commit with hysteresis: the best candidate only when it beats the current spot by
/// more than `hysteresis` (S6). `candidates[0]` is the current position.
pub fn pick_commit(candidates: &[Candidate], hysteresis: f32) -> Option<Vec2> {
    let current = candidates.first()?;
    let mut best = current;
    for c in candidates.iter().skip(1).filter(|c| c.rejected.is_none()) {
        if c.score > best.score {
            best = c;
        }
    }
    (best.score > current.score + hysteresis).then_some(best.pos)
}

/// Most targets counted for the coverage term: bounds the solver's cost in a horde.
pub const MAX_COVERAGE_TARGETS: usize = 8;

/// `solve_firing_position`: scores all candidates into `out` (caller-owned, kept for the
/// overlay) and returns the new post if one is committed. Preconditions (HOLDING,
/// `commit_timer == 0`, no lane to the priority target) are the caller's.
pub fn solve_firing_position(
    agent: &Agent,
    w: &WorldView,
    out: &mut Vec<Candidate>,
) -> Option<Vec2> {
    out.clear();
    let primary = agent.lane.priority?;
    let mut near = Vec::new();
    enemies_in_reach(agent.pos, w.enemies, w.agents, w.tuning, &mut near);
    let reach: Vec<u32> = near
        .iter()
        .take(MAX_COVERAGE_TARGETS)
        .map(|e| e.id)
        .collect();
    let mut points = Vec::with_capacity(37);
    candidate_points(agent.pos, w, &mut points);
    for (i, &p) in points.iter().enumerate() {
        let rejected = if i == 0 {
            None
        } else {
            reject_reason(p, agent, w)
        };
        let score = if rejected.is_none() {
            score_candidate(p, agent, primary, &reach, w)
        } else {
            f32::NEG_INFINITY
        };
        out.push(Candidate {
            pos: p,
            score,
            rejected,
        });
    }
    pick_commit(out, w.tuning.solver.hysteresis)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cand(x: f32, score: f32) -> Candidate {
        Candidate {
            pos: Vec2::new(x, 0.0),
            score,
            rejected: None,
        }
    }

    #[test]
    fn gain_of_exactly_hysteresis_does_not_commit() {
        assert_eq!(pick_commit(&[cand(0.0, 10.0), cand(1.0, 25.0)], 15.0), None);
    }

    #[test]
    fn gain_just_above_hysteresis_commits() {
        assert_eq!(
            pick_commit(&[cand(0.0, 10.0), cand(1.0, 25.01)], 15.0),
            Some(Vec2::new(1.0, 0.0))
        );
    }

    #[test]
    fn rejected_candidates_never_win() {
        let mut c = cand(2.0, 500.0);
        c.rejected = Some(Reject::BeyondBound);
        assert_eq!(pick_commit(&[cand(0.0, 0.0), c], 15.0), None);
    }
}
