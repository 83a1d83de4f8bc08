//! The firing-position solver (REQ S6) on small real worlds: candidates, every rejection
//! rule, every scoring term, hysteresis and the hard bound.
//!
//! Each world is a text room (`Map::parse`), a scenario for the anchor start, dummies and
//! agent placements (`Scenario::parse`), `World::new`, then one `tick` so lanes and the
//! lane registry are evaluated. Expected values are computed here from the tuning weights
//! and the measured positions, never copied from the solver.

use std::sync::Arc;

use sim::script::scenario::Scenario;
use sim::space::map::Map;
use sim::squad::agent::Agent;
use sim::squad::lane::lane_clear_from;
use sim::squad::solver::{
    candidate_points, reject_reason, score_candidate, solve_firing_position, Candidate, Reject,
};
use sim::squad::target::{aim_at, enemies_in_reach};
use sim::tuning::Tuning;
use sim::world::{tick, TickInput, World};
use sim::Vec2;

// ---------------------------------------------------------------------------------------
// helpers

/// An open room `w × h` with a wall border, extra wall tiles `walls`, and the (unused)
/// squad spawn in its top-left corner; scenarios set `start`.
fn room(w: i32, h: i32, walls: &[(i32, i32)]) -> String {
    let mut s = String::from("name = solver room\n");
    for y in 0..h {
        for x in 0..w {
            let border = x == 0 || y == 0 || x == w - 1 || y == h - 1;
            s.push(if border || walls.contains(&(x, y)) {
                '#'
            } else if (x, y) == (1, 1) {
                'S'
            } else {
                '.'
            });
        }
        s.push('\n');
    }
    s
}

/// `n` agents of which the first `melee` are blades, every other number the default.
fn squad(n: u32, melee: u32) -> Tuning {
    let mut t = Tuning::default();
    t.squad.agent_count = n;
    t.squad.melee_count = melee;
    t.validate().unwrap();
    t
}

/// Loads the room and scenario (both must be valid), builds the world, ticks once.
fn world(map_text: &str, scn: &str, tuning: Tuning) -> World {
    let map = Map::parse("room.map", map_text).unwrap_or_else(|e| panic!("{e}"));
    let sc = Scenario::parse("room.scn", scn).unwrap_or_else(|e| panic!("{e}"));
    sc.check_against(&map, tuning.squad.agent_count as usize)
        .unwrap_or_else(|e| panic!("{e}"));
    let mut w = World::new(Arc::new(map), &sc, tuning);
    tick(&mut w, &TickInput::default());
    w
}

fn candidates(w: &World, agent: usize) -> Vec<Vec2> {
    let mut out = Vec::new();
    candidate_points(w.agents()[agent].pos, &w.view(), &mut out);
    out
}

/// The candidate at `pos + r·(cos θ, sin θ)`; asserts it is one of the 37.
fn candidate_at(w: &World, agent: usize, r: f32, deg: f32) -> Vec2 {
    let want = w.agents()[agent].pos + Vec2::from_angle(deg.to_radians()) * r;
    let c = candidates(w, agent);
    let best = c
        .iter()
        .copied()
        .min_by(|a, b| a.distance(want).total_cmp(&b.distance(want)))
        .unwrap();
    assert!(
        best.distance(want) < 1e-4,
        "no candidate at r = {r}, {deg}°: nearest {best:?} to {want:?}"
    );
    best
}

/// Enemy ids in reach of the agent, nearest first (what the solver scores coverage on).
fn reach(w: &World, agent: usize) -> Vec<u32> {
    let mut near = Vec::new();
    enemies_in_reach(
        w.agents()[agent].pos,
        w.enemies(),
        w.agents(),
        w.tuning(),
        &mut near,
    );
    near.iter().map(|e| e.id).collect()
}

fn score(w: &World, agent: usize, primary: u32, p: Vec2) -> f32 {
    score_candidate(p, &w.agents()[agent], primary, &reach(w, agent), &w.view())
}

fn lane_clear(w: &World, agent: &Agent, from: Vec2, enemy: u32) -> bool {
    let e = w.enemy(enemy).unwrap();
    lane_clear_from(
        from,
        aim_at(from, e, w.tuning()),
        agent.id,
        w.agents(),
        &w.map().grid,
        w.tuning(),
    )
    .is_clear()
}

/// The S6 score written out term by term from the tuning weights.
struct Terms {
    lane_to_primary: bool,
    shootable: usize,
    in_reach: usize,
    lanes_blocked: usize,
    moved: f32,
    anchor_dist: f32,
    too_close: bool,
}

fn expected(t: &Tuning, x: Terms) -> f32 {
    let s = &t.solver;
    let mut v = 0.0;
    if x.lane_to_primary {
        v += s.w_lane;
    }
    if x.in_reach > 0 {
        v += s.w_coverage * x.shootable as f32 / x.in_reach as f32;
    }
    v += s.w_block * x.lanes_blocked as f32;
    v += s.w_move * x.moved;
    v += s.w_cohesion * (x.anchor_dist - s.cohesion_radius).max(0.0);
    if x.too_close {
        v += s.w_too_close;
    }
    v
}

#[track_caller]
fn assert_close(got: f32, want: f32, what: &str) {
    assert!(
        (got - want).abs() < 2e-3,
        "{what}: got {got}, expected {want}"
    );
}

// ---------------------------------------------------------------------------------------
// Candidates

#[test]
fn there_are_37_candidates_the_current_spot_then_three_rings_of_twelve() {
    let w = world(
        &room(20, 16, &[]),
        "start = 10 9\nheading = 270\ndummy 10.5 3.5\n",
        Tuning::default(),
    );
    assert_eq!(w.agents().len(), 5, "default squad");
    for agent in 0..w.agents().len() {
        let pos = w.agents()[agent].pos;
        let c = candidates(&w, agent);
        assert_eq!(c.len(), 37);
        assert_eq!(c[0], pos, "index 0 is the agent's position");
        // Every other candidate lies on one of the rings 0.8 / 1.6 / 2.4, 12 per ring, at
        // 30° steps.
        for (k, r) in [0.8f32, 1.6, 2.4].into_iter().enumerate() {
            let ring: Vec<Vec2> = c[1..]
                .iter()
                .copied()
                .filter(|p| (p.distance(pos) - r).abs() < 1e-4)
                .collect();
            assert_eq!(ring.len(), 12, "ring {k} of radius {r}");
            let mut angles: Vec<f32> = ring
                .iter()
                .map(|p| (*p - pos).angle().to_degrees().rem_euclid(360.0))
                .collect();
            angles.sort_by(f32::total_cmp);
            for pair in angles.windows(2) {
                assert!(
                    (pair[1] - pair[0] - 30.0).abs() < 0.01,
                    "ring {r}: directions {angles:?}"
                );
            }
        }
    }
    // solve_firing_position scores exactly these 37 points.
    let gunner = 2;
    let mut out = Vec::new();
    let _ = solve_firing_position(&w.agents()[gunner], &w.view(), &mut out);
    assert_eq!(out.len(), 37);
    let pts: Vec<Vec2> = out.iter().map(|c| c.pos).collect();
    assert_eq!(pts, candidates(&w, gunner));
}

// ---------------------------------------------------------------------------------------
// Rejections

#[test]
fn candidate_outside_the_map_is_rejected_as_outside_and_in_the_border_as_in_wall() {
    // Agent at x = 1.5 beside the left border wall (tile column 0).
    let w = world(
        &room(12, 12, &[]),
        "start = 2.5 6.5\nplace 0 1.5 6.5\ndummy 9.5 6.5\n",
        squad(1, 0),
    );
    let a = &w.agents()[0];
    let view = w.view();
    let mut outside = 0;
    let mut in_wall = 0;
    for p in candidates(&w, 0).into_iter().skip(1) {
        let r = reject_reason(p, a, &view);
        if p.x < 0.0 {
            assert_eq!(r, Some(Reject::OutsideMap), "{p:?} lies outside the grid");
            outside += 1;
        } else if p.x - a.radius < 1.0 {
            assert_eq!(r, Some(Reject::InWall), "{p:?}: body overlaps the border");
            in_wall += 1;
        } else {
            assert!(
                !matches!(r, Some(Reject::OutsideMap | Reject::InWall)),
                "{p:?} is on the floor clear of walls: {r:?}"
            );
        }
    }
    assert!(
        outside >= 3 && in_wall >= 1,
        "{outside} outside, {in_wall} in wall"
    );
    // The ring-0.8 point straight left, (0.7, 6.5), is in bounds (tile (0,6)) but in the wall.
    let left = candidate_at(&w, 0, 0.8, 180.0);
    assert_eq!(reject_reason(left, a, &view), Some(Reject::InWall));
}

#[test]
fn candidate_whose_body_circle_overlaps_a_wall_is_rejected_even_with_its_centre_on_floor() {
    // Agent beside the left border; a one-tile pillar at (4,3) for a convex wall corner.
    let w = world(
        &room(12, 12, &[(4, 3)]),
        "start = 2.5 6.5\nplace 0 1.5 6.5\ndummy 9.5 6.5\n",
        squad(1, 0),
    );
    let a = &w.agents()[0];
    let view = w.view();
    let r = a.radius;
    // Centre in floor tile (1,6); the circle reaches past x = 1 into the border.
    let touching = Vec2::new(1.0 + r - 0.02, 6.5);
    let free = Vec2::new(1.0 + r + 0.02, 6.5);
    assert!(!w.map().grid.is_wall_at(touching));
    assert_eq!(reject_reason(touching, a, &view), Some(Reject::InWall));
    assert_eq!(reject_reason(free, a, &view), None);
    // Diagonally off the pillar's corner (5,4) the true distance counts, not the box.
    let corner = Vec2::new(5.0, 4.0);
    let off_corner = Vec2::new(5.2, 4.2);
    let into_corner = Vec2::new(5.19, 4.19);
    assert!(off_corner.distance(corner) > r && into_corner.distance(corner) < r);
    assert!(!w.map().grid.is_wall_at(off_corner) && !w.map().grid.is_wall_at(into_corner));
    assert_ne!(reject_reason(off_corner, a, &view), Some(Reject::InWall));
    assert_eq!(reject_reason(into_corner, a, &view), Some(Reject::InWall));
}

#[test]
fn candidate_closer_than_0_55_to_another_agent_or_its_post_is_rejected() {
    // Agent 0 is a blade placed far from its formation slot: its post is the slot, its
    // body is elsewhere. Agent 1 is the solver's subject, agent 2 a gunner next to it.
    let w = world(
        &room(14, 12, &[]),
        "start = 6.5 5\nheading = 0\nplace 0 3 9.5\nplace 1 6.5 6.5\nplace 2 8 6.5\ndummy 11.5 2.5\n",
        squad(3, 1),
    );
    let me = &w.agents()[1];
    let other = &w.agents()[2];
    let blade = &w.agents()[0];
    let view = w.view();
    let min_d = w.tuning().solver.min_agent_distance;
    assert_eq!(min_d, 0.55);

    // Near the other gunner's body.
    let near = other.pos + Vec2::new(min_d - 0.01, 0.0);
    let far_enough = other.pos + Vec2::new(0.0, min_d + 0.01);
    assert!(
        other.post_pos.distance(far_enough) >= min_d,
        "post == body here"
    );
    assert_eq!(reject_reason(near, me, &view), Some(Reject::NearAgent));
    assert_eq!(reject_reason(far_enough, me, &view), None);

    // The ring candidates: 1.6 straight right sits 0.1 from agent 2, 0.8 right is 0.7 off.
    let c16 = candidate_at(&w, 1, 1.6, 0.0);
    let c08 = candidate_at(&w, 1, 0.8, 0.0);
    assert!(c16.distance(other.pos) < min_d && c08.distance(other.pos) > min_d);
    assert_eq!(reject_reason(c16, me, &view), Some(Reject::NearAgent));
    assert_eq!(reject_reason(c08, me, &view), None);

    // Near the blade's post (its slot), far from the blade itself.
    assert!(
        blade.post_pos.distance(blade.pos) > 3.0,
        "blade away from its post"
    );
    let by_post = blade.post_pos + Vec2::new(0.0, -(min_d - 0.05));
    let past_post = blade.post_pos + Vec2::new(0.0, -(min_d + 0.05));
    assert!(by_post.distance(blade.pos) > 1.0);
    assert_eq!(reject_reason(by_post, me, &view), Some(Reject::NearAgent));
    assert_eq!(reject_reason(past_post, me, &view), None);
    // Its own body and post never count against the agent itself.
    assert_eq!(reject_reason(me.pos + Vec2::new(0.0, 0.3), me, &view), None);
}

#[test]
fn candidate_farther_than_cohesion_radius_plus_post_leash_from_the_anchor_is_rejected() {
    // Open room, one agent 2 from the anchor: the only rule that can fire is the bound.
    let w = world(
        &room(20, 14, &[]),
        "start = 8.5 7.5\nplace 0 10.5 7.5\ndummy 10.5 1.5\n",
        squad(1, 0),
    );
    let a = &w.agents()[0];
    let view = w.view();
    let anchor = w.anchor().pos;
    let bound = w.tuning().solver.cohesion_radius + w.tuning().solver.post_leash;
    assert!((bound - 3.1).abs() < 1e-6);
    let (mut beyond, mut within) = (0, 0);
    for p in candidates(&w, 0).into_iter().skip(1) {
        let d = p.distance(anchor);
        assert!(
            (d - bound).abs() > 1e-3,
            "no candidate on the boundary itself"
        );
        if d > bound {
            assert_eq!(
                reject_reason(p, a, &view),
                Some(Reject::BeyondBound),
                "{p:?} at {d}"
            );
            beyond += 1;
        } else {
            assert_eq!(reject_reason(p, a, &view), None, "{p:?} at {d}");
            within += 1;
        }
    }
    assert!(
        beyond >= 5 && within >= 10,
        "{beyond} beyond, {within} within"
    );
    // Just inside and just outside the bound, straight out from the anchor.
    let dir = (a.pos - anchor).normalize_or_zero();
    assert_eq!(reject_reason(anchor + dir * (bound - 0.01), a, &view), None);
    assert_eq!(
        reject_reason(anchor + dir * (bound + 0.01), a, &view),
        Some(Reject::BeyondBound)
    );
}

#[test]
fn candidate_behind_a_wall_from_the_agent_is_rejected_as_not_direct() {
    // A one-tile pillar at (6,6) between the agent (4.9, 6.5) and the ring-2.4 spot
    // straight right (7.3, 6.5), which itself is clear of the pillar by 0.02.
    let w = world(
        &room(14, 12, &[(6, 6)]),
        "start = 4.9 7.5\nplace 0 4.9 6.5\ndummy 4.9 1.5\n",
        squad(1, 0),
    );
    let a = &w.agents()[0];
    let view = w.view();
    let behind = candidate_at(&w, 0, 2.4, 0.0);
    assert!(!w.map().grid.circle_hits_wall(behind, a.radius));
    assert!(!w.map().grid.line_clear(a.pos, behind));
    assert_eq!(reject_reason(behind, a, &view), Some(Reject::NotDirect));
    // The ring-1.6 spot in the same direction is inside the pillar.
    assert_eq!(
        reject_reason(candidate_at(&w, 0, 1.6, 0.0), a, &view),
        Some(Reject::InWall)
    );
    // A spot past the pillar but reachable in a straight line below it is fine.
    let around = Vec2::new(7.3, 8.0);
    assert!(w.map().grid.line_clear(a.pos, around));
    assert_eq!(reject_reason(around, a, &view), None);
}

#[test]
fn index_0_is_never_rejected_even_beyond_the_bound() {
    // The agent stands 3.5 from the anchor: as a candidate its spot would break the bound.
    let w = world(
        &room(20, 14, &[]),
        "start = 5.5 7.5\nplace 0 9 7.5\ndummy 9 1.5\n",
        squad(1, 0),
    );
    let a = &w.agents()[0];
    let d = a.pos.distance(w.anchor().pos);
    assert!(d > 3.4, "agent {d} from the anchor");
    assert_eq!(
        reject_reason(a.pos, a, &w.view()),
        Some(Reject::BeyondBound),
        "the rule would apply to this point"
    );
    let mut out = Vec::new();
    let _ = solve_firing_position(a, &w.view(), &mut out);
    assert_eq!(out[0].pos, a.pos);
    assert_eq!(out[0].rejected, None, "the baseline is never rejected");
    assert!(out[0].score.is_finite());
    // Its ring neighbours farther out are rejected by the same rule.
    assert!(out[1..]
        .iter()
        .any(|c| c.rejected == Some(Reject::BeyondBound)));
    assert!(out[1..]
        .iter()
        .filter(|c| c.rejected.is_some())
        .all(|c| c.score == f32::NEG_INFINITY));
}

// ---------------------------------------------------------------------------------------
// Scoring terms

/// Symmetric world about x = 10.5: the agent at (10.5, 10.5), the anchor right below it,
/// dummies A (9, 5.5) and B (12, 5.5), and a wall at (10,7),(10,8) on the axis. From the
/// ring spot 1.6 to the left only A is visible, from its mirror image only B.
fn mirror_world() -> World {
    world(
        &room(22, 14, &[(10, 7), (10, 8)]),
        "start = 10.5 11.5\nplace 0 10.5 10.5\ndummy 9 5.5\ndummy 12 5.5\n",
        squad(1, 0),
    )
}

#[test]
fn a_clear_lane_to_the_primary_target_is_worth_w_lane() {
    let w = mirror_world();
    let t = &w.tuning();
    let a = &w.agents()[0];
    let (ta, tb) = (1, 2);
    assert_eq!(
        a.lane.priority,
        Some(ta),
        "equidistant dummies: the lower id"
    );
    let left = candidate_at(&w, 0, 1.6, 180.0);
    let right = candidate_at(&w, 0, 1.6, 0.0);
    // The layout does what it claims: each spot sees exactly one target.
    assert!(lane_clear(&w, a, left, ta) && !lane_clear(&w, a, left, tb));
    assert!(!lane_clear(&w, a, right, ta) && lane_clear(&w, a, right, tb));
    assert_eq!(reach(&w, 0).len(), 2);
    // Same move, same coverage (1 of 2), no cohesion or too-close term: only the lane to
    // the primary differs.
    let s_left = score(&w, 0, ta, left);
    let s_right = score(&w, 0, ta, right);
    assert_close(s_left - s_right, t.solver.w_lane, "lane term");
    assert_eq!(t.solver.w_lane, 100.0);
    for (p, lane) in [(left, true), (right, false)] {
        let want = expected(
            t,
            Terms {
                lane_to_primary: lane,
                shootable: 1,
                in_reach: 2,
                lanes_blocked: 0,
                moved: p.distance(a.pos),
                anchor_dist: p.distance(w.anchor().pos),
                too_close: false,
            },
        );
        assert_close(score(&w, 0, ta, p), want, "sum of terms");
    }
    // Scored against B instead, the roles swap.
    assert_close(
        score(&w, 0, tb, right) - score(&w, 0, tb, left),
        t.solver.w_lane,
        "lane term toward B",
    );
}

#[test]
fn a_target_nearer_than_min_engage_dist_costs_60() {
    // Agent (10,10), anchor (10,11) on the mirror axis x = 10. The ring-1.6 spots at 240°
    // and 300° are mirror images; the dummy sits close to the 300° one only.
    let w = world(
        &room(20, 16, &[]),
        "start = 10 11\nplace 0 10 10\ndummy 11.3 7.7\n",
        squad(1, 0),
    );
    let t = &w.tuning();
    let a = &w.agents()[0];
    let e = w.enemy(1).unwrap();
    let far = candidate_at(&w, 0, 1.6, 240.0);
    let near = candidate_at(&w, 0, 1.6, 300.0);
    let surface = |p: Vec2| p.distance(e.pos) - e.radius;
    assert!(surface(near) < t.solver.min_engage_dist);
    assert!(surface(far) > t.solver.min_engage_dist);
    assert!(lane_clear(&w, a, near, 1) && lane_clear(&w, a, far, 1));
    let diff = score(&w, 0, 1, far) - score(&w, 0, 1, near);
    assert_close(diff, -t.solver.w_too_close, "too-close term");
    assert_eq!(t.solver.w_too_close, -60.0);
    for (p, too_close) in [(near, true), (far, false)] {
        let want = expected(
            t,
            Terms {
                lane_to_primary: true,
                shootable: 1,
                in_reach: 1,
                lanes_blocked: 0,
                moved: p.distance(a.pos),
                anchor_dist: p.distance(w.anchor().pos),
                too_close,
            },
        );
        assert_close(score(&w, 0, 1, p), want, "sum of terms");
    }
}

#[test]
fn the_too_close_term_switches_exactly_at_min_engage_dist() {
    // Two spots mirrored about the agent–anchor axis x = 10, on the line y = 8 with the
    // dummy at (11.9, 8): their surface distances to it are 1.55 and 1.65, either side
    // of min_engage_dist 1.6. Everything else is equal.
    let w = world(
        &room(20, 16, &[]),
        "start = 10 11\nplace 0 10 10\ndummy 11.9 8\n",
        squad(1, 0),
    );
    let t = &w.tuning();
    let a = &w.agents()[0];
    let e = w.enemy(1).unwrap();
    let inside = Vec2::new(10.05, 8.0);
    let outside = Vec2::new(9.95, 8.0);
    let surface = |p: Vec2| p.distance(e.pos) - e.radius;
    assert!((surface(inside) - 1.55).abs() < 1e-3 && (surface(outside) - 1.65).abs() < 1e-3);
    assert!((inside.distance(a.pos) - outside.distance(a.pos)).abs() < 1e-4);
    assert!(lane_clear(&w, a, inside, 1) && lane_clear(&w, a, outside, 1));
    assert_close(
        score(&w, 0, 1, outside) - score(&w, 0, 1, inside),
        -t.solver.w_too_close,
        "1.55 is too close, 1.65 is not",
    );
}

/// Open room, one agent at (10,10), the anchor (8.5,10.5), one dummy (10,5.5) that every
/// candidate sees: lane and coverage are constant, nothing is too close.
fn open_world() -> World {
    world(
        &room(20, 16, &[]),
        "start = 8.5 10.5\nplace 0 10 10\ndummy 10 5.5\n",
        squad(1, 0),
    )
}

#[test]
fn distance_beyond_the_cohesion_radius_costs_24_per_unit() {
    let w = open_world();
    let t = &w.tuning();
    let a = &w.agents()[0];
    let anchor = w.anchor().pos;
    // Mirror pair about the agent's vertical: equal move, equal lane geometry.
    let near = candidate_at(&w, 0, 1.6, 180.0);
    let far = candidate_at(&w, 0, 1.6, 0.0);
    assert!((near.distance(a.pos) - far.distance(a.pos)).abs() < 1e-4);
    assert!(lane_clear(&w, a, near, 1) && lane_clear(&w, a, far, 1));
    assert!(near.distance(anchor) < t.solver.cohesion_radius);
    assert!(far.distance(anchor) > t.solver.cohesion_radius + 0.5);
    let diff = score(&w, 0, 1, near) - score(&w, 0, 1, far);
    let want = -t.solver.w_cohesion * (far.distance(anchor) - t.solver.cohesion_radius);
    assert_eq!(t.solver.w_cohesion, -24.0);
    assert_close(diff, want, "cohesion term");
    // Linear beyond the radius: two spots at equal move distance, both past 2.1.
    let p1 = candidate_at(&w, 0, 2.4, 330.0);
    let p2 = candidate_at(&w, 0, 2.4, 30.0);
    let (d1, d2) = (p1.distance(anchor), p2.distance(anchor));
    assert!(d1 > 2.1 && d2 > 2.1 && (d1 - d2).abs() > 0.1);
    assert_close(
        score(&w, 0, 1, p1) - score(&w, 0, 1, p2),
        t.solver.w_cohesion * (d1 - d2),
        "24 per unit",
    );
}

#[test]
fn moving_costs_9_per_unit_of_distance() {
    let w = open_world();
    let t = &w.tuning();
    let a = &w.agents()[0];
    let anchor = w.anchor().pos;
    assert!(a.pos.distance(anchor) < t.solver.cohesion_radius);
    let c = candidates(&w, 0);
    let base = score(&w, 0, 1, c[0]);
    let mut checked = [0; 2];
    for p in &c[1..] {
        let moved = p.distance(a.pos);
        if p.distance(anchor) > t.solver.cohesion_radius || moved > 2.0 {
            continue;
        }
        // Inside the cohesion radius only the move term differs from standing still.
        assert_close(
            base - score(&w, 0, 1, *p),
            -t.solver.w_move * moved,
            "move term",
        );
        checked[(moved > 1.2) as usize] += 1;
    }
    assert_eq!(t.solver.w_move, -9.0);
    assert!(
        checked[0] >= 3 && checked[1] >= 3,
        "rings 0.8 and 1.6: {checked:?}"
    );
}

#[test]
fn every_candidate_scores_the_sum_of_the_terms() {
    let w = open_world();
    let t = &w.tuning();
    let a = &w.agents()[0];
    let e = w.enemy(1).unwrap();
    for p in candidates(&w, 0) {
        assert!(lane_clear(&w, a, p, 1), "{p:?} sees the dummy");
        let want = expected(
            t,
            Terms {
                lane_to_primary: true,
                shootable: 1,
                in_reach: 1,
                lanes_blocked: 0,
                moved: p.distance(a.pos),
                anchor_dist: p.distance(w.anchor().pos),
                too_close: p.distance(e.pos) - e.radius < t.solver.min_engage_dist,
            },
        );
        assert_close(score(&w, 0, 1, p), want, &format!("candidate {p:?}"));
    }
}

#[test]
fn standing_in_another_gunners_lane_costs_35_per_lane() {
    // Three gunners. Gunners 1 and 2 stand side by side, 0.6 apart, each firing straight
    // up at its own dummy; the subject (gunner 0) stands to their right.
    let w = world(
        &room(14, 14, &[]),
        "start = 8 9.5\nplace 0 8 10\nplace 1 6.8 11.2\nplace 2 6.2 11.2\ndummy 6.8 4\ndummy 6.2 4\n",
        squad(3, 0),
    );
    let t = &w.tuning();
    let a = &w.agents()[0];
    let owners: Vec<u32> = w.lanes().lanes.iter().map(|l| l.owner).collect();
    assert!(
        owners.contains(&1) && owners.contains(&2),
        "both lanes are registered: {owners:?}"
    );
    let primary = a.lane.priority.expect("the subject has a target");
    assert_eq!(primary, 1);
    // The ring-1.6 spot at 210° lies in both lanes; its mirror at 330° in none.
    let in_both = candidate_at(&w, 0, 1.6, 210.0);
    let in_none = candidate_at(&w, 0, 1.6, 330.0);
    let th = t.lane_threshold();
    let dist_to_lane = |p: Vec2, owner: u32| {
        let l = w.lanes().lanes.iter().find(|l| l.owner == owner).unwrap();
        sim::core::geom::dist_point_segment(p, l.muzzle, l.aim)
    };
    assert!(dist_to_lane(in_both, 1) < th && dist_to_lane(in_both, 2) < th);
    assert!(dist_to_lane(in_none, 1) > th && dist_to_lane(in_none, 2) > th);
    for p in [in_both, in_none] {
        assert!(lane_clear(&w, a, p, 1) && lane_clear(&w, a, p, 2), "{p:?}");
    }
    assert_close(
        score(&w, 0, primary, in_none) - score(&w, 0, primary, in_both),
        -2.0 * t.solver.w_block,
        "two lanes blocked",
    );
    assert_eq!(t.solver.w_block, -35.0);
    // A spot in gunner 1's lane only, against its mirror image.
    let in_one = Vec2::new(7.1, 8.0);
    let mirror = Vec2::new(8.9, 8.0);
    assert!(dist_to_lane(in_one, 1) < th && dist_to_lane(in_one, 2) > th);
    assert!((in_one.distance(a.pos) - mirror.distance(a.pos)).abs() < 0.01);
    assert_close(
        score(&w, 0, primary, mirror) - score(&w, 0, primary, in_one),
        -t.solver.w_block,
        "one lane blocked",
    );
    let want = expected(
        t,
        Terms {
            lane_to_primary: true,
            shootable: 2,
            in_reach: 2,
            lanes_blocked: 2,
            moved: in_both.distance(a.pos),
            anchor_dist: in_both.distance(w.anchor().pos),
            too_close: false,
        },
    );
    assert_close(score(&w, 0, primary, in_both), want, "sum of terms");
}

// ---------------------------------------------------------------------------------------
// Hysteresis and the hard bound

/// The best unrejected candidate (the first of equals): `(its score, its position)`.
fn best_of(out: &[Candidate]) -> (f32, Vec2) {
    let mut best = &out[0];
    for c in out[1..].iter().filter(|c| c.rejected.is_none()) {
        if c.score > best.score {
            best = c;
        }
    }
    (best.score, best.pos)
}

#[test]
fn a_better_spot_is_committed_only_when_it_beats_the_current_one_by_more_than_the_hysteresis() {
    // The agent in the mirror world has no lane from where it stands; the spot to the left
    // gains about 100. Set the hysteresis around the real gain.
    let mut w = mirror_world();
    let mut out = Vec::new();
    let first = solve_firing_position(&w.agents()[0], &w.view(), &mut out);
    let (best_score, best) = best_of(&out);
    let current = out[0].score;
    let gain = best_score - current;
    assert!(gain > 15.0, "gain {gain}");
    assert_eq!(first, Some(best), "default hysteresis 15 < gain");
    // The largest hysteresis h with `current + h == best` (in f32): a gain of exactly the
    // hysteresis, which must not commit; the next smaller f32 must commit.
    let mut h = gain;
    while current + h < best_score {
        h = h.next_up();
    }
    while current + h.next_up() == best_score {
        h = h.next_up();
    }
    assert_eq!(current + h, best_score, "an exact tie exists");
    let mut below = h;
    while current + below >= best_score {
        below = below.next_down();
    }
    for (hyst, commits) in [
        (gain + 0.01, false),
        (h, false),
        (below, true),
        (gain - 0.01, true),
    ] {
        let mut t = w.tuning().clone();
        t.solver.hysteresis = hyst;
        w.set_tuning(t);
        let got = solve_firing_position(&w.agents()[0], &w.view(), &mut out);
        assert_eq!(
            got,
            commits.then_some(best),
            "best {best_score}, current {current}, hysteresis {hyst}"
        );
    }
}

/// A wall band across rows 5..8 with a one-tile tunnel at column 11; the dummy is above
/// the band at (11.8, 2.5). The agent (8.5, 10.5) stands 1 from the anchor (7.5, 10.5);
/// only spots far right of it, more than 3.1 from the anchor, see through the tunnel.
fn tunnel_map() -> String {
    let mut walls = Vec::new();
    for y in 5..=8 {
        for x in 1..15 {
            if x != 11 {
                walls.push((x, y));
            }
        }
    }
    room(16, 14, &walls)
}

const TUNNEL_SCN: &str = "start = 7.5 10.5\nplace 0 8.5 10.5\ndummy 11.8 2.5\n";

#[test]
fn the_solver_does_not_walk_past_the_hard_bound_for_a_lane() {
    let mut w = world(&tunnel_map(), TUNNEL_SCN, squad(1, 0));
    let anchor = w.anchor().pos;
    let bound = w.tuning().solver.cohesion_radius + w.tuning().solver.post_leash;
    let a = w.agents()[0].clone();
    assert_eq!(a.lane.priority, Some(1));
    assert!(!a.lane.has_lane, "no lane from where it stands");
    let mut out = Vec::new();
    let chosen = solve_firing_position(&a, &w.view(), &mut out);
    // The premise: a lane exists only from spots beyond the bound.
    let with_lane: Vec<&Candidate> = out
        .iter()
        .filter(|c| lane_clear(&w, &a, c.pos, 1))
        .collect();
    assert!(!with_lane.is_empty(), "some candidate sees the dummy");
    for c in &with_lane {
        assert!(c.pos.distance(anchor) > bound, "{c:?}");
        assert_eq!(c.rejected, Some(Reject::BeyondBound));
    }
    assert_eq!(chosen, None, "no commit: the agent stays silent");
    // And over three seconds of holding it neither commits, nor fires, nor leaves.
    for _ in 0..180 {
        tick(&mut w, &TickInput::default());
        assert!(w.agents()[0].pos.distance(w.anchor().pos) <= bound);
    }
    assert_eq!(w.stats().commits, 0);
    assert_eq!(w.stats().shots_fired, 0);
}

#[test]
fn with_a_looser_bound_the_same_world_walks_to_the_lane() {
    // Control for the test above: the bound, not the geometry, is what keeps it home.
    let mut t = squad(1, 0);
    t.solver.post_leash = 1.5;
    let mut w = world(&tunnel_map(), TUNNEL_SCN, t);
    let anchor = w.anchor().pos;
    let mut out = Vec::new();
    let chosen = solve_firing_position(&w.agents()[0], &w.view(), &mut out)
        .expect("a spot with a lane within 3.6 of the anchor is committed");
    assert!(chosen.distance(anchor) > 3.1);
    for _ in 0..180 {
        tick(&mut w, &TickInput::default());
    }
    assert!(w.stats().commits >= 1);
    assert!(w.stats().shots_fired >= 1, "it reached the spot and fired");
}
