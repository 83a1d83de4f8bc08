//! Movement layers (S8): seek/arrive, separation, lane avoidance, target push, wall
//! avoidance with tangential slide; then speed clamp, `steer_accel`, integration and
//! collision. Each layer is a function returning a vector in units of "fraction of
//! max speed" (OpenSteer style); the caller weights and sums them.

use crate::combat::spit::Spit;
use crate::core::geom::Vec2;
use crate::horde::enemy::{find_enemy, Enemy};
use crate::nav::follow::{FollowLimits, PathPlanner};
use crate::space::grid::{resolve_walls, Grid};
use crate::squad::agent::{approach_velocity, Agent, Role};
use crate::squad::anchor::{squad_speed, straggler_lag, SquadState};
use crate::squad::blades::around::round_goal;
use crate::squad::blades::melee::lunge_step;
use crate::squad::blades::state::StrikePhase;
use crate::squad::blades::turns::{gives_way_to, step_aside};
use crate::squad::blast::BlastZone;
use crate::squad::fall_back::fall_back_spot;
use crate::squad::registry::ReservedSector;
use crate::squad::Squad;
use crate::tuning::MovementTuning;
use crate::tuning::{TickTuning, Tuning, DT};

/// Layer 1: arrive at `goal` — full speed far away, braking linearly inside
/// `arrive_radius`.
pub fn seek(pos: Vec2, goal: Vec2, arrive_radius: f32) -> Vec2 {
    let to = goal - pos;
    let d = to.length();
    if d < 1e-4 {
        return Vec2::ZERO;
    }
    to * ((d / arrive_radius).min(1.0) / d)
}

/// Layer 2: away from allies closer than `radius`, stronger when closer.
pub fn separation(me: &Agent, agents: &[Agent], radius: f32) -> Vec2 {
    let mut f = Vec2::ZERO;
    for o in agents.iter().filter(|o| o.alive && o.id != me.id) {
        let off = me.pos - o.pos;
        let d = off.length();
        if d < radius {
            let away = if d > 1e-5 {
                off / d
            } else {
                tie_direction(me.id, o.id)
            };
            f += away * (1.0 - d / radius);
        }
    }
    f.clamp_length(1.0)
}

/// A fixed direction for two bodies on the same spot, different for each pair order.
fn tie_direction(a: u32, b: u32) -> Vec2 {
    if a < b {
        Vec2::new(1.0, 0.0)
    } else {
        Vec2::new(-1.0, 0.0)
    }
}

/// Layer 3′: enemies and targets are bodies, not empty space: agents closer than
/// contact + `range` are pushed off them.
pub fn target_push(me: &Agent, enemies: &[Enemy], range: f32) -> Vec2 {
    let mut f = Vec2::ZERO;
    for e in enemies.iter().filter(|e| e.alive) {
        let off = me.pos - e.pos;
        let d = off.length();
        let gap = d - me.radius - e.radius;
        if gap < range {
            let away = if d > 1e-5 {
                off / d
            } else {
                Vec2::new(1.0, 0.0)
            };
            f += away * (1.0 - gap.max(0.0) / range.max(1e-4)).min(1.0);
        }
    }
    f.clamp_length(1.0)
}

/// Brakes `desired` (a velocity) so that agent `me` does not walk into an enemy's body:
/// enemy by enemy, its speed toward that one is cut to what the acceleration limit can
/// still stop before contact, `sqrt(2 · steer_accel · gap)` (M7.6; a later cut may turn
/// some speed back toward an earlier enemy, so the bound is exact for the last one). It
/// shapes the wish, not the velocity, so the acceleration limit — and with it the
/// reachable set of S9.5 — holds.
pub fn contact_brake(me: &Agent, desired: Vec2, enemies: &[Enemy], accel: f32) -> Vec2 {
    let mut v = desired;
    for e in enemies.iter().filter(|e| e.alive) {
        v = brake_toward(v, me, e.pos, e.radius, Vec2::ZERO, accel);
    }
    v
}

/// Against the other agents a softer brake: an agent already touching another does not
/// close on it any further (the speed closing on it is cut to zero; touching is allowed,
/// so a blade still shoulders a gunner out of its sector as before). Without it the crowd
/// and a goal on the same spot press two agents into each other faster than the capped
/// body push parts them, and a blade with an ally inside its own body can strike nowhere
/// (the "blades engage" row found a gunner 0.19 u from a blade's centre).
pub fn ally_brake(me: &Agent, desired: Vec2, agents: &[Agent], accel: f32, slack: f32) -> Vec2 {
    let mut v = desired;
    for o in agents.iter().filter(|o| o.alive && o.id != me.id) {
        v = brake_toward(v, me, o.pos, o.radius - slack, o.vel, accel);
    }
    v
}

/// And against a blade's strike in progress (M4's twin of S9.5): the speed closing on
/// another blade's striking sector (grown by `margin`, the discipline check's safety
/// margin) is cut to what the acceleration limit can still stop outside it. The strike
/// was started with the sector clear of every ally predicted from its velocity; without
/// this brake a gunner speeding up toward its own post walked into an active sector and
/// was cut (one generated cave of 200). A gunner brakes so for a Ready blade's
/// *intended* sector too (reserved when its target is in reach or it stands by its
/// post, `LaneRegistry::rebuild`): walking on into it, its velocity
/// carried it into every swing the blade had and the discipline check withheld the
/// strike (mission 4's back street, M7.5); braked at the edge, it is predicted outside
/// and the blade strikes. The other blade does not (blades side by side at a mob braked
/// on each other's sectors and changed sides, A4 on `march_hard`).
pub fn sector_brake(
    me: &Agent,
    desired: Vec2,
    sectors: &[ReservedSector],
    margin: f32,
    accel: f32,
) -> Vec2 {
    let mut v = desired;
    for r in sectors
        .iter()
        .filter(|r| (!r.intent || me.is_gunner()) && r.owner != me.id)
    {
        let gap = r.sector.distance(me.pos) - me.radius - margin;
        if gap > 1.0 {
            continue;
        }
        // The way to the sector: down the distance's gradient (central differences).
        const H: f32 = 1e-3;
        let dx = r.sector.distance(me.pos + Vec2::new(H, 0.0))
            - r.sector.distance(me.pos - Vec2::new(H, 0.0));
        let dy = r.sector.distance(me.pos + Vec2::new(0.0, H))
            - r.sector.distance(me.pos - Vec2::new(0.0, H));
        let toward = -Vec2::new(dx, dy).normalize_or_zero();
        let closing = v.dot(toward);
        let allowed = (2.0 * accel * gap.max(0.0)).sqrt();
        if closing > allowed {
            v -= toward * (closing - allowed);
        }
    }
    v
}

/// `v` with its speed closing on the body at `pos` (radius `radius`, moving at `vel`)
/// cut to `sqrt(2 · accel · gap)`; bodies more than 1 u apart are left alone. Only the
/// other's speed *away* is credited: one coming at the agent never makes it back off
/// (a gunner at its post is not carried off by a blade running into it).
fn brake_toward(v: Vec2, me: &Agent, pos: Vec2, radius: f32, vel: Vec2, accel: f32) -> Vec2 {
    let off = pos - me.pos;
    let d = off.length();
    let gap = d - me.radius - radius;
    if d < 1e-5 || gap > 1.0 {
        return v;
    }
    let toward = off / d;
    let closing = v.dot(toward) - vel.dot(toward).max(0.0);
    let allowed = (2.0 * accel * gap.max(0.0)).sqrt();
    if closing > allowed {
        v - toward * (closing - allowed)
    } else {
        v
    }
}

/// Layer 4: away from walls closer than `range` to the body surface, plus a tangential
/// slide along the wall toward `goal` when the wall stands between (without it seek and
/// the push cancel and the agent sticks in the wall's shadow).
pub fn wall_avoidance(pos: Vec2, radius: f32, goal: Vec2, grid: &Grid, range: f32) -> Vec2 {
    let reach = radius + range;
    let (x0, y0) = Grid::tile_of(pos - Vec2::new(reach, reach));
    let (x1, y1) = Grid::tile_of(pos + Vec2::new(reach, reach));
    let mut push = Vec2::ZERO;
    for ty in y0..=y1 {
        for tx in x0..=x1 {
            if !grid.is_wall(tx, ty) {
                continue;
            }
            let nearest = Vec2::new(
                pos.x.clamp(tx as f32, tx as f32 + 1.0),
                pos.y.clamp(ty as f32, ty as f32 + 1.0),
            );
            let off = pos - nearest;
            let d = off.length();
            if d < reach && d > 1e-5 {
                push += off / d * (1.0 - (d - radius).max(0.0) / range.max(1e-4));
            }
        }
    }
    let push = push.clamp_length(1.0);
    if push == Vec2::ZERO {
        return push;
    }
    let to_goal = (goal - pos).normalize_or_zero();
    if to_goal.dot(push) < -0.2 {
        // The goal is behind the wall: slide along it, on the side nearer the goal.
        let n = push.normalize_or_zero();
        let mut tangent = n.perp();
        if tangent.dot(to_goal) < 0.0 {
            tangent = -tangent;
        }
        return push + tangent * push.length();
    }
    push
}

/// What the movement step reads and writes besides the squad.
pub struct MoveStep<'a> {
    pub enemies: &'a [Enemy],
    pub grid: &'a Grid,
    pub tuning: &'a Tuning,
    pub ticks: &'a TickTuning,
    pub planner: &'a mut PathPlanner,
    /// Where each agent on a scripted walk (test hook) stands after this tick, by
    /// agent index; `None` for the agents the AI moves.
    pub forced: &'a [Option<Vec2>],
    /// Spits in flight: an agent in one's way steps aside (T1).
    pub spits: &'a [Spit],
    /// A live grenade's reserved zone: allies keep out, those inside run their escape
    /// (K5).
    pub blast: Option<BlastZone<'a>>,
    /// The medkit's patient stands rooted while the kit works (K4).
    pub rooted: Option<u32>,
}

/// S8: every standing agent's step — scripted walks, rooted windups, lunges, and the
/// steering layers (seek along the path, separation, lane avoidance, target push, wall
/// avoidance, the holding tether) at the squad's speed. Agents move in index order and
/// each sees the ones before it where they moved to.
pub fn move_agents(s: &mut Squad, m: &mut MoveStep) {
    let t = m.tuning;
    for i in 0..s.agents.len() {
        if !s.agents[i].alive {
            s.agents[i].vel = Vec2::ZERO;
            continue;
        }
        if let Some(p) = m.forced[i] {
            // Test hook: the script walks the agent, no AI.
            let a = &mut s.agents[i];
            a.vel = (p - a.pos) / DT;
            if a.vel.length_sq() > 1e-6 {
                a.facing = a.vel.angle();
            }
            a.pos = p;
            continue;
        }
        // The medkit's patient stands while the kit works; a grenade's escape releases it
        // (the throw interrupted the work).
        if m.rooted == Some(i as u32) {
            let a = &mut s.agents[i];
            a.vel = Vec2::ZERO;
            continue;
        }
        match s.agents[i].melee.phase {
            StrikePhase::Windup => {
                // Rooted, facing fixed on the strike axis (M2).
                let a = &mut s.agents[i];
                a.vel = Vec2::ZERO;
                a.facing = a.melee.axis;
                continue;
            }
            StrikePhase::Active => {
                lunge_step(&mut s.agents, i, m.enemies, m.grid, t);
                continue;
            }
            StrikePhase::Ready if s.agents[i].melee.rooted > 0 => {
                // A cancelled windup roots the blade for the strike it had planned.
                let a = &mut s.agents[i];
                a.melee.rooted -= 1;
                a.vel = Vec2::ZERO;
                continue;
            }
            _ => {}
        }
        let goal = s.goal_of(&s.agents[i]);
        // An agent far behind its goal hurries on its own (catch-up), so the tail of a
        // column in a corridor or a straggler closes in without waiting for the leash.
        let behind = s.agents[i].pos.distance(goal);
        let catch_up = straggler_lag(behind, t);
        let speed = match s.state {
            SquadState::Advancing if s.sprinting => t.squad.fast_speed,
            SquadState::Advancing => squad_speed(s.anchor.urgency.max(catch_up), t),
            SquadState::Holding => squad_speed(catch_up, t),
        };
        let steer_goal = {
            let a = &mut s.agents[i];
            m.planner.steer_goal(
                m.grid,
                a.pos,
                a.radius,
                &mut a.follow,
                goal,
                FollowLimits {
                    max_tiles: t.movement.path_max_tiles,
                    max_nodes: t.movement.path_max_nodes,
                    arrive: t.movement.waypoint_arrive,
                    repath_ticks: m.ticks.repath_interval,
                },
            )
        };
        let a = &s.agents[i];
        // A blade bound for the far side of its target walks round the body (M6 keeps
        // it from walking through).
        let steer_goal = match a.melee.target.and_then(|id| find_enemy(m.enemies, id)) {
            Some(e) if a.role == Role::Blade => {
                let body = e.radius + a.radius;
                round_goal(
                    a.pos,
                    steer_goal,
                    e.pos,
                    body,
                    body + t.melee.standoff_gap,
                    t.melee.round_turn_deg.to_radians(),
                )
            }
            _ => steer_goal,
        };
        // S10.1: giving way to a waiting blade's turn, out of the swing it waits to make.
        // A holding gunner keeps its post (its step aside cost A5's bound on the combat
        // route: 3.46 u from the anchor against 3.38).
        let gives_way = match s.state {
            SquadState::Holding if a.is_gunner() => None,
            _ => gives_way_to(&s.agents, i, m.ticks),
        };
        let steer_goal = match gives_way.and_then(|id| s.agents.iter().find(|b| b.id == id)) {
            Some(holder) => step_aside(a, holder, m.grid, t),
            None if s.state == SquadState::Advancing => {
                fall_back_spot(a, &s.agents, m.enemies, m.grid, t).unwrap_or(steer_goal)
            }
            None => steer_goal,
        };
        let mv = &t.movement;
        let mut desired = seek(a.pos, steer_goal, mv.arrive_radius) * mv.w_seek;
        desired += separation(a, &s.agents, mv.separation_radius) * mv.w_separation;
        desired += s.lanes.avoidance(a.pos, a.id, a.melee.target, t) * mv.w_lane_avoid;
        desired += target_push(a, m.enemies, mv.target_push_range) * mv.w_target_push;
        desired += dodge(a, m.spits, m.grid, mv) * mv.w_dodge;
        desired += wall_avoidance(a.pos, a.radius, steer_goal, m.grid, mv.wall_avoid_range)
            * mv.w_wall_avoid;
        if s.state == SquadState::Holding {
            desired += tether(a.pos, s.anchor.pos, t) * mv.w_tether;
        }
        // Recovering from a strike the blade moves slower; with a target it closes in or
        // takes its clear spot at the run (the agents' top speed), not at the march's
        // walk: a fight is won by the blade that gets there.
        let speed = if a.melee.phase == StrikePhase::Recovery {
            speed * t.melee.recovery_speed_factor
        } else if a.role == Role::Blade && a.melee.target.is_some() {
            speed.max(t.squad.fast_speed)
        } else {
            speed
        };
        // Allies first, enemies last: no later cut turns speed back toward an enemy (M7.6).
        let desired_vel = ally_brake(
            a,
            desired.clamp_length(1.0) * speed,
            &s.agents,
            mv.steer_accel,
            mv.ally_brake_slack,
        );
        // Twice the margin: the brake shapes the wish, the velocity follows a tick
        // behind, and M4 cancels a windup at the margin itself.
        let desired_vel = sector_brake(
            a,
            desired_vel,
            &s.lanes.sectors,
            2.0 * t.melee.safety_margin,
            mv.steer_accel,
        );
        let desired_vel = contact_brake(a, desired_vel, m.enemies, mv.steer_accel);
        // Last, the blast zone's reservation: nothing after it may turn an ally back in.
        let desired_vel = match &m.blast {
            Some(z) => z.keep_clear(a, desired_vel, t),
            None => desired_vel,
        };
        let a = &mut s.agents[i];
        a.vel = approach_velocity(a.vel, desired_vel, t);
        let next = a.pos + a.vel * DT;
        a.pos = resolve_walls(next, a.radius, m.grid);
        // Face the target when there is one, else the way we walk.
        let melee_target = a
            .melee
            .target
            .and_then(|id| find_enemy(m.enemies, id))
            .map(|e| e.pos);
        if a.melee.phase == StrikePhase::Recovery {
            a.facing = a.melee.axis;
        } else if let Some(tp) = melee_target {
            a.facing = (tp - a.pos).angle();
        } else if a.lane.priority.is_some() {
            a.facing = (a.lane.aim - a.pos).angle();
        } else if a.vel.length_sq() > t.movement.facing_min_speed_sq {
            a.facing = a.vel.angle();
        }
    }
}

/// T1: the push out of the way of the spits coming at `me` — as the lane registry
/// pushes an agent out of a reserved lane. A spit that has flown `dodge_reaction`
/// seconds (the squad reads it a moment after it leaves) and whose path over the next
/// `dodge_horizon` seconds (cut at the first wall) passes within `me`'s radius plus its
/// own plus `dodge_margin` pushes `me` sideways off the path, harder the closer to the
/// line; one already past `me` pushes nothing. Zero when no spit comes.
pub fn dodge(me: &Agent, spits: &[Spit], grid: &Grid, mv: &MovementTuning) -> Vec2 {
    let (horizon, margin) = (mv.dodge_horizon, mv.dodge_margin);
    let mut push = Vec2::ZERO;
    for s in spits
        .iter()
        .filter(|s| s.traveled >= s.speed * mv.dodge_reaction)
    {
        let ahead = s.ahead(horizon);
        let end = grid
            .raycast(s.pos, ahead)
            .map_or(ahead, |h| s.pos.lerp(ahead, h.t));
        let off = me.pos - s.pos;
        let along = off.dot(s.dir);
        if along <= 0.0 || along > s.pos.distance(end) + me.radius {
            continue;
        }
        let side = s.dir.cross(off);
        let width = me.radius + s.radius + margin;
        if side.abs() >= width {
            continue;
        }
        // Off the side it stands on; dead on the line, to the spit's left.
        let n = if side >= 0.0 {
            s.dir.perp()
        } else {
            -s.dir.perp()
        };
        push += n * (1.0 - side.abs() / width);
    }
    push.clamp_length(1.0)
}

/// The holding squad's tether: an agent drifting (pushed by the crowd, a lunge, a
/// knockback) past the solver's hard bound round the disk is pulled back toward it,
/// harder the farther out (full strength `tether_margin` beyond) — stronger than lane
/// avoidance, so the bound holds for bodies as it does for posts (A5). Posts are never
/// beyond the bound, so the tether never fights a committed post.
fn tether(pos: Vec2, anchor: Vec2, t: &Tuning) -> Vec2 {
    let start = t.solver.cohesion_radius + t.solver.post_leash;
    let off = anchor - pos;
    let d = off.length();
    if d <= start || d < 1e-5 {
        return Vec2::ZERO;
    }
    off / d * ((d - start) / t.movement.tether_margin.max(1e-3)).min(t.movement.tether_max)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::space::grid::resolve_walls;

    fn body(id: u32, pos: Vec2, vel: Vec2) -> Agent {
        let mut a = Agent::new(id, Role::Gunner, id as usize, pos, 0.0, 0.28, 100.0);
        a.vel = vel;
        a
    }

    #[test]
    fn an_agent_touching_another_does_not_close_on_it_but_follows_it_at_its_pace() {
        let t = Tuning::default();
        let (accel, slack) = (t.movement.steer_accel, t.movement.ally_brake_slack);
        let me = body(0, Vec2::ZERO, Vec2::ZERO);
        // Touching (0.5 apart, radii 0.28): no speed toward the other is left...
        let still = body(1, Vec2::new(0.5, 0.0), Vec2::ZERO);
        let v = ally_brake(&me, Vec2::new(2.0, 0.7), &[me.clone(), still], accel, slack);
        assert!(v.x.abs() < 1e-5, "{v:?}");
        assert!((v.y - 0.7).abs() < 1e-6, "sideways is free: {v:?}");
        // ...but walking behind one that walks away at the same pace is not slowed.
        let ahead = body(1, Vec2::new(0.5, 0.0), Vec2::new(2.0, 0.0));
        let v = ally_brake(&me, Vec2::new(2.0, 0.0), &[me.clone(), ahead], accel, slack);
        assert!((v.x - 2.0).abs() < 1e-5, "{v:?}");
        // Nearly touching, the brake lets it come on at what it can still stop from.
        let near = body(1, Vec2::new(0.7, 0.0), Vec2::ZERO);
        let v = ally_brake(&me, Vec2::new(2.7, 0.0), &[me.clone(), near], accel, slack);
        let gap: f32 = 0.7 - 0.28 - (0.28 - slack);
        assert!((v.x - (2.0 * accel * gap).sqrt()).abs() < 1e-4, "{v:?}");
    }

    #[test]
    fn an_agent_walking_at_a_striking_sector_stops_outside_it() {
        let t = Tuning::default();
        let margin = 2.0 * t.melee.safety_margin;
        let sector = ReservedSector {
            owner: 0,
            sector: crate::squad::blades::melee::guarded_sector(Vec2::ZERO, 0.0, 0, &t),
            intent: false,
        };
        let sectors = [sector];
        // A gunner beside the sector walks straight at it at the top speed, tick by tick
        // at the acceleration limit: it never comes inside the sector and the margin M4
        // cancels at (it slows, slides along the edge and round the arc).
        let mut a = body(2, Vec2::new(0.7, 2.2), Vec2::new(0.0, -2.7));
        let mut closest = f32::INFINITY;
        for _ in 0..120 {
            let want = sector_brake(
                &a,
                Vec2::new(0.0, -2.7),
                &sectors,
                margin,
                t.movement.steer_accel,
            );
            a.vel = approach_velocity(a.vel, want, &t);
            a.pos += a.vel * DT;
            closest = closest.min(sector.sector.distance(a.pos));
        }
        assert!(
            closest >= a.radius + t.melee.safety_margin,
            "came within {closest:.3} of the sector (M4 cancels inside {:.3})",
            a.radius + t.melee.safety_margin
        );
        assert!(
            a.pos.y < 0.0,
            "it went round, it did not stop for good: {:?}",
            a.pos
        );
        // An intended sector (a Ready blade with its target in reach, no strike yet)
        // brakes a gunner as a striking one does (mission 4: gunner 2 walked past blade
        // 1 into its swing and the strike was withheld), not the other blade (their
        // sides at a mob, A4), nor the agent's own sector.
        let me = body(0, Vec2::new(0.7, 1.0), Vec2::ZERO);
        let intent = [ReservedSector {
            intent: true,
            ..sector
        }];
        let want = Vec2::new(0.0, -2.7);
        let gunner = sector_brake(&body(2, me.pos, Vec2::ZERO), want, &intent, margin, 14.0);
        assert!(gunner.y > want.y + 0.5, "braked: {gunner:?}");
        let mut blade = body(1, me.pos, Vec2::ZERO);
        blade.role = Role::Blade;
        assert_eq!(sector_brake(&blade, want, &intent, margin, 14.0), want);
        assert_eq!(sector_brake(&me, want, &sectors, margin, 14.0), want);
    }

    #[test]
    fn arrive_brakes_inside_the_radius() {
        let full = seek(Vec2::ZERO, Vec2::new(5.0, 0.0), 0.6);
        assert!((full.length() - 1.0).abs() < 1e-6);
        let half = seek(Vec2::ZERO, Vec2::new(0.3, 0.0), 0.6);
        assert!((half.length() - 0.5).abs() < 1e-6);
    }

    #[test]
    fn circle_is_pushed_out_of_a_wall() {
        let mut g = Grid::open_with_border(10, 10);
        g.set_wall(5, 5, true);
        let p = resolve_walls(Vec2::new(4.9, 5.5), 0.28, &g);
        assert!(
            (p.x - 4.72).abs() < 1e-5 && (p.y - 5.5).abs() < 1e-6,
            "{:?}",
            p
        );
        assert!(!g.circle_hits_wall(p, 0.279));
    }

    #[test]
    fn wall_between_agent_and_goal_adds_a_tangential_slide() {
        let mut g = Grid::open_with_border(12, 12);
        for y in 3..8 {
            g.set_wall(6, y, true);
        }
        // Agent just left of the wall, goal right behind it, slightly below centre.
        let f = wall_avoidance(Vec2::new(5.6, 5.2), 0.28, Vec2::new(8.0, 6.5), &g, 0.25);
        assert!(
            f.y > 0.0,
            "slides along the wall toward the goal's side: {:?}",
            f
        );
    }
}
