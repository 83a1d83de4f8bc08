//! Fire conditions (S9): cooldown, barrel on target, LaneClear re-confirmed, and the
//! ally-intercept test over the bullet's flight.

use crate::combat::bullet::Bullet;
use crate::core::events::{EventKind, Events};
use crate::core::geom::{dist_point_segment, dist_segment_segment, wrap_angle, Vec2};
use crate::core::ids::Ids;
use crate::core::stats::Stats;
use crate::horde::enemy::{find_enemy, Enemy};
use crate::space::grid::{resolve_walls, Grid};
use crate::squad::agent::{Agent, Role};
use crate::squad::lane::lane_clear_from;
use crate::squad::target::aim_at;
use crate::squad::Squad;
use crate::tuning::{TickTuning, Tuning, DT};

/// The ally (lowest index) that could be on the bullet's path during its flight: a
/// bullet from `muzzle` along unit `dir` at `bullet_speed` for `length` units. "On the
/// path" means closer than the LaneClear threshold to the bullet at the same instant.
///
/// S9.5, the reachable set: an ally is not taken to keep its velocity. Tick by tick of
/// the flight it may be anywhere in the disc its acceleration limit allows round where
/// its velocity takes it ([`reach`]), and never farther from where it stands than its
/// top speed carries it; a shot is withheld when the bullet's piece of path of that tick
/// comes within the threshold of both. So no motion the rules allow — turning, braking,
/// reversing, a blade starting a strike — walks an ally into a bullet that has left.
/// A blade already in a strike is bounded round its known moves: rooted for the rest of
/// its windup, then the lunge along its strike axis ([`lunge_reach`]).
#[allow(clippy::too_many_arguments)]
pub fn ally_intercepts_shot(
    shooter: u32,
    muzzle: Vec2,
    dir: Vec2,
    length: f32,
    agents: &[Agent],
    enemies: &[Enemy],
    grid: &Grid,
    t: &Tuning,
) -> Option<u32> {
    let speed = t.fire.bullet_speed;
    let flight = length / speed;
    let threshold = t.lane_threshold();
    let bullet_vel = dir * speed;
    // Whole ticks of flight, and one more: the ally may move once before the bullet's
    // first step, whichever order the tick runs its systems in.
    let n = (flight / DT).ceil() as u32 + 1;
    for a in agents.iter().filter(|a| a.alive && a.id != shooter) {
        let w = ReachWorld { enemies, grid };
        // A scripted walker's strike stands still (its state machine does not run) while
        // the script moves it: its course is the walk's.
        let hit = if a.melee.striking() && !a.forced {
            lunge_crosses(a, muzzle, bullet_vel, flight, threshold, &w, t)
        } else {
            reachable_set_crosses(a, muzzle, bullet_vel, flight, n, threshold, &w, t)
        };
        if hit {
            return Some(a.id);
        }
    }
    None
}

/// How far an ally's motion over `ticks` ticks can stray from its present course, and
/// how far it can get from where it stands (S9.5), in units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reach {
    /// Round the course ([`walled_course`]): the acceleration limit, applied each tick before the
    /// step as the movement layer does (`a·DT²·k(k+1)/2`), plus the body pushes' allowance
    /// and, for a blade, the lunge of a strike it may start.
    pub drift: f32,
    /// Round `pos`: the top speed (or the present one, if higher) over the same time,
    /// plus the same pushes and lunge.
    pub travel: f32,
}

/// What besides the agent itself bounds its reach: the walls, and the enemies whose
/// blows knock it back.
pub struct ReachWorld<'a> {
    pub enemies: &'a [Enemy],
    pub grid: &'a Grid,
}

/// [`Reach`] of agent `a` after `ticks` ticks, among `enemies`.
pub fn reach(a: &Agent, ticks: u32, enemies: &[Enemy], t: &Tuning) -> Reach {
    let k = ticks as f32;
    let time = k * DT;
    let accel = t.movement.steer_accel * DT * DT * k * (k + 1.0) * 0.5;
    let push = t.squad.body_push_max_speed * time;
    let lunge = if a.role == Role::Blade {
        // A strike begins with a rooted windup (the blade stops dead somewhere along its
        // course: see [`course_from`]), and after the shortest windup the lunge may carry
        // it on at the lunge's speed.
        let windup = t.melee.windup.iter().copied().fold(f32::INFINITY, f32::min);
        t.melee.lunge_speed * (time - windup).max(0.0)
    } else {
        0.0
    };
    let top = t.squad.fast_speed.max(a.vel.length());
    let knock = knockback_reach(a, ticks, top, enemies, t);
    Reach {
        drift: accel + push + lunge + knock,
        travel: top * time + push + lunge + knock,
    }
}

/// How far blows that knock back may carry agent `a` within `ticks` ticks: a blow adds
/// its knockback to the agent's velocity (E3), and lands only at the end of a windup —
/// the one an enemy is in against this agent now, or one an enemy in range could begin
/// once its cooldown and any windup it is in against someone else allow (no shorter than
/// `min_windup_ticks`).
fn knockback_reach(a: &Agent, ticks: u32, top: f32, enemies: &[Enemy], t: &Tuning) -> f32 {
    let mut reach = 0.0;
    for e in enemies.iter().filter(|e| e.alive) {
        let Some(kt) = e.kind.tuning(t).filter(|k| k.knockback > 0.0) else {
            continue;
        };
        let lands = match e.attack.windup_left {
            Some(left) if e.attack.target == Some(a.id) => left,
            // Winding up on someone else, or not at all: a swing at this agent begins
            // when that windup and the cooldown allow, and lands a windup later — if the
            // enemy is close enough to begin it during the flight.
            busy => {
                // A stalker lunges faster than its run (T2).
                let speed = match e.kind {
                    crate::horde::enemy::EnemyKind::Stalker => {
                        kt.speed.max(t.enemy.stalk.lunge_speed)
                    }
                    _ => kt.speed,
                };
                let closing = (speed + top) * ticks as f32 * DT;
                if e.pos.distance(a.pos) - e.radius - a.radius > kt.reach + closing {
                    continue;
                }
                let free = busy.unwrap_or(0).max(e.attack.cooldown).max(1);
                free + t.enemy.min_windup_ticks
            }
        };
        reach += kt.knockback * ticks.saturating_sub(lands.saturating_sub(1)) as f32 * DT;
    }
    reach
}

/// Agent `a`'s course: where its present velocity takes it tick by tick, pushed out of
/// walls as the movement step does (a wall stops the body; it does not change the
/// velocity), `course[k]` after `k` ticks, for `k` in `0..=ticks`, into `out`.
///
/// A scripted walker is placed on its path and never pushed out of walls, so its course
/// is not either (a walker scripted through a wall is where its path says).
pub fn walled_course(a: &Agent, ticks: u32, grid: &Grid, out: &mut Vec<Vec2>) {
    out.clear();
    let mut p = a.pos;
    out.push(p);
    for _ in 0..ticks {
        p = if a.forced {
            p + a.vel * DT
        } else {
            resolve_walls(p + a.vel * DT, a.radius, grid)
        };
        out.push(p);
    }
}

/// Where on its course agent `a` may be after `k` ticks, round which its drift applies:
/// the course's point then — or, for a blade, any point of the course so far, since a
/// windup roots it dead at whatever tick it begins (M2). `course` is [`walled_course`].
/// (The check inlines it; the reachable-set test measures with it.)
#[cfg(any(test, feature = "internals"))]
pub fn course_from(a: &Agent, k: u32, course: &[Vec2]) -> Vec2 {
    if a.role == Role::Blade {
        a.pos
    } else {
        course[k as usize]
    }
}

/// Does any motion within [`reach`] bring agent `a` within `threshold` of the bullet
/// (from `muzzle` at `bullet_vel` for `flight` seconds) at the same instant, over the
/// `n` ticks the check covers? The course runs along walls as the body would.
#[allow(clippy::too_many_arguments)]
fn reachable_set_crosses(
    a: &Agent,
    muzzle: Vec2,
    bullet_vel: Vec2,
    flight: f32,
    n: u32,
    threshold: f32,
    w: &ReachWorld,
    t: &Tuning,
) -> bool {
    let bullet_at = |k: u32| muzzle + bullet_vel * (k as f32 * DT).min(flight);
    let mut course = Vec::with_capacity(n as usize + 2);
    walled_course(a, n + 1, w.grid, &mut course);
    for k in 0..n {
        // This tick's piece of the bullet's path; the ally's course over it and the next
        // tick (the order of the two moves within a tick is not assumed).
        let (b0, b1) = (bullet_at(k), bullet_at(k + 1));
        let r = reach(a, k + 2, w.enemies, t);
        if dist_point_segment(a.pos, b0, b1) >= threshold + r.travel {
            continue;
        }
        // A blade may root anywhere on its course so far (a windup roots it where it
        // stands): every piece of that course, since along a wall the course bends and
        // a chord would cut the corner; any other agent is round this tick's piece.
        let first = if a.role == Role::Blade { 0 } else { k as usize };
        let near = (first..k as usize + 2)
            .any(|j| dist_segment_segment(b0, b1, course[j], course[j + 1]) < threshold + r.drift);
        if near {
            return true;
        }
    }
    false
}

/// Where a blade already in a strike can be `ticks` ticks on (S9.5): within `slack` of
/// the segment `from`–`to`. A bound, not a guess: rooted where it stands until its lunge
/// may begin, anywhere on the whole lunge after (the lunge's own acceleration and its
/// stop short of the target decide where); a cancelled windup keeps it rooted for the
/// strike it had planned (`MeleeState::rooted`), so it walks off from rest only once that
/// strike would have ended, under the acceleration limit; body pushes and the knockback
/// of blows move it all along.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LungeReach {
    pub from: Vec2,
    pub to: Vec2,
    pub slack: f32,
}

/// [`LungeReach`] of striking blade `a` after `ticks` ticks, among `enemies`. Near a
/// wall the lunge slides along it rather than down its axis (walls still constrain it,
/// M2): there the slack grows by the lunge's length.
pub fn lunge_reach(
    a: &Agent,
    ticks: u32,
    enemies: &[Enemy],
    grid: &Grid,
    t: &Tuning,
) -> LungeReach {
    use crate::squad::blades::reach::lunge_extent;
    use crate::squad::blades::state::StrikePhase;
    let k = a.melee.strike.min(2);
    let active = crate::tuning::ticks(t.melee.active[k]).max(1);
    // Ticks until the lunge may begin, and until the strike is over (from rest after).
    let (start, over) = match a.melee.phase {
        StrikePhase::Windup => {
            let start = a.melee.phase_left.saturating_sub(1);
            (start, start + active)
        }
        // Active: this tick's strike step still counts the phase down, so the recovery
        // walk is the `phase_left`-th move after the shot.
        _ => (0, a.melee.phase_left.saturating_sub(1)),
    };
    let lunged = ticks > start;
    let extent = lunge_extent(k, t);
    let to = if lunged {
        a.pos + Vec2::from_angle(a.melee.axis) * extent
    } else {
        a.pos
    };
    let free = ticks.saturating_sub(over) as f32;
    let from_rest = t.movement.steer_accel * DT * DT * free * (free + 1.0) * 0.5;
    let push = t.squad.body_push_max_speed * ticks as f32 * DT;
    let knock = knockback_reach(a, ticks, t.squad.fast_speed, enemies, t);
    // Pushes may bring it to a wall before it lunges: look that much farther.
    let near = a.radius + extent + push + knock + from_rest;
    let slide = if lunged && grid.circle_hits_wall(a.pos, near) {
        extent
    } else {
        0.0
    };
    LungeReach {
        from: a.pos,
        to,
        slack: from_rest + push + knock + slide,
    }
}

/// Tick by tick over the flight: can a striking blade ([`lunge_reach`]) come within
/// `threshold` of the bullet's path segment of that tick? Its reach is taken a tick on
/// (the order of moves within a tick is not assumed).
fn lunge_crosses(
    a: &Agent,
    muzzle: Vec2,
    bullet_vel: Vec2,
    flight: f32,
    threshold: f32,
    w: &ReachWorld,
    t: &Tuning,
) -> bool {
    let n = (flight / DT).ceil() as u32 + 1;
    (0..=n).any(|step| {
        let r = lunge_reach(a, step + 2, w.enemies, w.grid, t);
        let b0 = muzzle + bullet_vel * (step as f32 * DT).min(flight);
        let b1 = muzzle + bullet_vel * ((step + 1) as f32 * DT).min(flight);
        dist_segment_segment(r.from, r.to, b0, b1) < threshold + r.slack
    })
}

/// Turns `current` toward `wanted` by at most `max_step` radians.
pub fn turn_toward(current: f32, wanted: f32, max_step: f32) -> f32 {
    let diff = wrap_angle(wanted - current);
    if diff.abs() <= max_step {
        wanted
    } else {
        wrap_angle(current + max_step * diff.signum())
    }
}

/// The barrel is within `aim_tolerance_deg` of the direction to `aim`.
pub fn barrel_on_target(barrel: f32, from: Vec2, aim: Vec2, t: &Tuning) -> bool {
    let wanted = (aim - from).angle();
    wrap_angle(wanted - barrel).abs() <= t.fire.aim_tolerance_deg.to_radians()
}

/// What the fire step reads and writes besides the squad.
pub struct FireStep<'a> {
    pub tick: u64,
    pub enemies: &'a [Enemy],
    pub grid: &'a Grid,
    pub tuning: &'a Tuning,
    pub ticks: &'a TickTuning,
    pub bullets: &'a mut Vec<Bullet>,
    pub ids: &'a mut Ids,
    pub stats: &'a mut Stats,
    pub events: &'a mut Events,
    /// The medkit's patient: it fires nothing while the kit works (K4).
    pub busy: Option<u32>,
}

/// S9: barrels turn toward the priority target; a gunner off cooldown, not sprinting,
/// fires at its lane target when the lane is clear *from where it stands now*, the
/// barrel is on target and no ally walks into the verified segment.
pub fn fire(s: &mut Squad, f: &mut FireStep) {
    let t = f.tuning;
    let turn = t.fire.barrel_turn_rate_deg.to_radians() * DT;
    for i in 0..s.agents.len() {
        let a = &s.agents[i];
        if !a.alive || !a.is_gunner() || a.forced {
            continue;
        }
        let mut barrel = a.barrel;
        if a.lane.priority.is_some() {
            barrel = turn_toward(barrel, (a.lane.aim - a.pos).angle(), turn);
        }
        let cooldown = a.cooldown.saturating_sub(1);
        // K1: a reloading or empty gunner fires nothing.
        let silent = a.reloading() || a.mag == 0;
        s.agents[i].barrel = barrel;
        s.agents[i].cooldown = cooldown;
        if s.sprinting || cooldown > 0 || f.busy == Some(i as u32) || silent {
            continue;
        }
        let Some(tid) = s.agents[i].lane.target else {
            continue;
        };
        let Some(e) = find_enemy(f.enemies, tid).filter(|e| e.alive) else {
            continue;
        };
        let a = &s.agents[i];
        // Re-confirm on this tick's positions: aim and lane from where the agent is now.
        // The aim point may sit off the body's centre (S9.5): the centre, then one side,
        // then the other, the first whose lane and intercept tests pass; any point within
        // half the radius still hits.
        let centre = aim_at(a.pos, e, t);
        let side = (centre - a.pos).normalize_or_zero().perp() * (e.radius * t.fire.aim_offset);
        let mut withheld = None;
        let mut shot = None;
        for aim in [centre, centre + side, centre - side] {
            let res = lane_clear_from(a.pos, aim, a.id, &s.agents, f.grid, t);
            if !res.is_clear() || !barrel_on_target(barrel, a.pos, aim, t) {
                continue;
            }
            let dir = (aim - res.muzzle).normalize_or_zero();
            if dir == Vec2::ZERO {
                continue;
            }
            let verified = res.muzzle.distance(aim) + e.radius;
            match ally_intercepts_shot(
                a.id, res.muzzle, dir, verified, &s.agents, f.enemies, f.grid, t,
            ) {
                Some(ally) => {
                    withheld.get_or_insert(ally);
                }
                None => {
                    shot = Some((res.muzzle, aim, dir, verified));
                    break;
                }
            }
        }
        let Some((muzzle, aim, dir, verified)) = shot else {
            if let Some(ally) = withheld {
                f.stats.shots_withheld_intercept += 1;
                f.events.emit(
                    f.tick,
                    EventKind::ShotWithheld {
                        shooter: i as u32,
                        ally,
                    },
                );
            }
            continue;
        };
        let bullet = f.ids.take();
        f.bullets.push(Bullet {
            id: bullet,
            shooter: i as u32,
            pos: muzzle,
            prev_pos: muzzle,
            muzzle,
            dir,
            speed: t.fire.bullet_speed,
            traveled: 0.0,
            verified,
            target: tid,
        });
        s.agents[i].cooldown = f.ticks.fire_cooldown;
        s.agents[i].mag -= 1;
        if s.agents[i].mag == 0 && s.supply.exhausted() {
            f.events
                .emit(f.tick, EventKind::OutOfAmmo { agent: i as u32 });
        }
        f.stats.shots_fired += 1;
        f.events.emit(
            f.tick,
            EventKind::Shot {
                shooter: i as u32,
                bullet,
                target: tid,
                muzzle,
                aim,
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::squad::agent::Role;

    /// An open field round the tests' shots: no walls at all.
    fn open() -> Grid {
        Grid::new(64, 64, vec![false; 64 * 64])
    }

    fn agent(id: u32, p: Vec2, v: Vec2) -> Agent {
        let mut a = Agent::new(id, Role::Gunner, 0, p, 0.0, 0.28, 100.0);
        a.vel = v;
        a
    }

    #[test]
    fn a_striking_blade_is_bounded_round_its_rooting_and_lunge() {
        use crate::squad::blades::reach::lunge_extent;
        use crate::squad::blades::state::StrikePhase;
        let t = Tuning::default();
        let mut b = Agent::new(0, Role::Blade, 0, Vec2::new(5.0, 5.0), 0.0, 0.28, 100.0);
        b.melee.phase = StrikePhase::Windup;
        b.melee.phase_left = 6;
        b.melee.strike = 0;
        b.melee.axis = 0.0;
        let active = crate::tuning::ticks(t.melee.active[0]);
        let push = |k: u32| t.squad.body_push_max_speed * k as f32 * DT;
        // Rooted until the lunge may begin: a point, widened by pushes only.
        let r = lunge_reach(&b, 5, &[], &open(), &t);
        assert_eq!((r.from, r.to), (b.pos, b.pos));
        assert!((r.slack - push(5)).abs() < 1e-6);
        // Then anywhere on the whole lunge.
        let r = lunge_reach(&b, 6, &[], &open(), &t);
        assert!((r.to.x - (5.0 + lunge_extent(0, &t))).abs() < 1e-6);
        // Once the strike it planned is over, it may walk off from rest.
        let over = 5 + active;
        let r = lunge_reach(&b, over, &[], &open(), &t);
        assert!((r.slack - push(over)).abs() < 1e-6);
        let r = lunge_reach(&b, over + 2, &[], &open(), &t);
        let from_rest = t.movement.steer_accel * DT * DT * 3.0;
        assert!((r.slack - push(over + 2) - from_rest).abs() < 1e-6);
        // Mid-lunge with 3 ticks left: this tick's strike step counts one, so the
        // recovery walk (from rest) is the 3rd move after the shot.
        let mut mid = b.clone();
        mid.melee.phase = StrikePhase::Active;
        mid.melee.phase_left = 3;
        let r = lunge_reach(&mid, 2, &[], &open(), &t);
        assert!((r.slack - push(2)).abs() < 1e-6);
        let r = lunge_reach(&mid, 3, &[], &open(), &t);
        let one = t.movement.steer_accel * DT * DT;
        assert!((r.slack - push(3) - one).abs() < 1e-6);
        // By a wall (0.5 ahead) the lunge may slide along it: the slack grows by its length.
        let mut cells = vec![false; 64 * 64];
        cells[5 * 64 + 6] = true;
        let walled = Grid::new(64, 64, cells);
        b.pos = Vec2::new(5.5, 5.5);
        let r = lunge_reach(&b, 6, &[], &walled, &t);
        assert!((r.slack - push(6) - lunge_extent(0, &t)).abs() < 1e-6);
    }

    #[test]
    fn a_shot_past_a_rooted_blade_that_pushes_could_carry_into_it_is_withheld() {
        use crate::squad::blades::state::StrikePhase;
        let t = Tuning::default();
        // A blade rooted in a long windup 0.56 beside the line (outside LaneClear's 0.53):
        // the old prediction (rooted, no slack) let the shot go; pushes can carry it 0.03
        // closer within the flight, so the bound withholds it.
        let mut b = Agent::new(1, Role::Blade, 0, Vec2::new(4.0, 0.56), 0.0, 0.28, 100.0);
        b.melee.phase = StrikePhase::Windup;
        b.melee.phase_left = 17;
        b.melee.strike = 2;
        b.melee.axis = std::f32::consts::FRAC_PI_2;
        let agents = [agent(0, Vec2::ZERO, Vec2::ZERO), b.clone()];
        let shot = |agents: &[Agent]| {
            ally_intercepts_shot(
                0,
                Vec2::new(0.3, 0.0),
                Vec2::new(1.0, 0.0),
                8.0,
                agents,
                &[],
                &open(),
                &t,
            )
        };
        assert_eq!(shot(&agents), Some(1));
        // Farther off, beyond every push the flight allows, it fires.
        b.pos.y = 0.75;
        assert_eq!(shot(&[agents[0].clone(), b]), None);
    }

    #[test]
    fn a_scripted_walkers_course_goes_where_its_path_does_not_out_of_walls() {
        // A wall column at x = 10; an agent 0.5 west of it walking east at 2 u/s.
        let mut cells = vec![false; 64 * 64];
        for y in 0..64 {
            cells[y * 64 + 10] = true;
        }
        let grid = Grid::new(64, 64, cells);
        let mut a = agent(0, Vec2::new(9.5, 5.5), Vec2::new(2.0, 0.0));
        let mut course = Vec::new();
        walled_course(&a, 30, &grid, &mut course);
        // The squad's own agent is stopped by the wall, as the movement step stops it.
        assert!(course[30].x <= 10.0 - a.radius + 1e-4, "{:?}", course[30]);
        // A scripted walker is never pushed out: its course runs on through.
        a.forced = true;
        walled_course(&a, 30, &grid, &mut course);
        assert!(
            (course[30].x - (9.5 + 2.0 * 30.0 * DT)).abs() < 1e-4,
            "{:?}",
            course[30]
        );
    }

    #[test]
    fn ally_walking_into_the_path_withholds_the_shot() {
        let t = Tuning::default();
        // Ally 0.75 beside the line at x = 4 (outside LaneClear's 0.53), walking toward it
        // at 2.7 u/s: when the bullet passes x = 4 after 0.058 s it is 0.59 from the axis
        // on its course, and its reachable set (acceleration, pushes) reaches the rest.
        let agents = [
            agent(0, Vec2::ZERO, Vec2::ZERO),
            agent(1, Vec2::new(4.0, 0.75), Vec2::new(0.0, -2.7)),
        ];
        let hit = ally_intercepts_shot(
            0,
            Vec2::new(0.3, 0.0),
            Vec2::new(1.0, 0.0),
            8.0,
            &agents,
            &[],
            &open(),
            &t,
        );
        assert_eq!(hit, Some(1));
    }

    #[test]
    fn ally_walking_away_does_not_withhold() {
        let t = Tuning::default();
        let agents = [
            agent(0, Vec2::ZERO, Vec2::ZERO),
            agent(1, Vec2::new(4.0, 0.7), Vec2::new(0.0, 2.7)),
        ];
        assert_eq!(
            ally_intercepts_shot(
                0,
                Vec2::new(0.3, 0.0),
                Vec2::new(1.0, 0.0),
                8.0,
                &agents,
                &[],
                &open(),
                &t
            ),
            None
        );
    }

    #[test]
    fn barrel_turns_at_a_finite_rate() {
        let a = turn_toward(0.0, 1.0, 0.1);
        assert!((a - 0.1).abs() < 1e-6);
        assert_eq!(turn_toward(0.0, 0.05, 0.1), 0.05);
        // Across the ±π seam it takes the short way.
        let b = turn_toward(3.0, -3.0, 0.1);
        assert!(!(-3.0..=3.0).contains(&b));
    }
}
