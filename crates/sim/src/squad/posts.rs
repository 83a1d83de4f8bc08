//! Where each agent stands: lane evaluation (S5) and posts — the gunners' firing
//! positions from the solver (S6), the blades' approach spots (M5).

use crate::core::events::{EventKind, Events};
use crate::core::stats::Stats;
use crate::horde::enemy::Enemy;
use crate::space::grid::Grid;
use crate::squad::agent::{LaneEval, Role};
use crate::squad::anchor::SquadState;
use crate::squad::blades::melee::{choose_blade_target, solve_blade_post};
use crate::squad::debug::SquadDebug;
use crate::squad::solver::solve_firing_position;
use crate::squad::target::evaluate_agent_lane;
use crate::squad::view::WorldView;
use crate::squad::Squad;
use crate::tuning::{TickTuning, Tuning};

/// S5: every standing gunner's lane this tick. `forced[i]`: agent `i` walks a scripted
/// path (test hook) and neither aims nor fires.
pub fn evaluate_lanes(s: &mut Squad, forced: &[bool], enemies: &[Enemy], grid: &Grid, t: &Tuning) {
    for (i, &walks) in forced.iter().enumerate().take(s.agents.len()) {
        s.agents[i].forced = walks;
        let a = &s.agents[i];
        let eval = if a.alive && a.is_gunner() && !walks {
            evaluate_agent_lane(a, &WorldView::of(s, enemies, grid, t))
        } else {
            LaneEval::default()
        };
        s.agents[i].lane = eval;
    }
}

/// What the posts step reads and writes besides the squad.
pub struct PostsStep<'a> {
    pub tick: u64,
    pub enemies: &'a [Enemy],
    pub grid: &'a Grid,
    pub tuning: &'a Tuning,
    pub ticks: &'a TickTuning,
    pub debug: &'a mut SquadDebug,
    pub stats: &'a mut Stats,
    pub events: &'a mut Events,
}

/// Posts: blades in both states (M7), gunners while holding (S6), each gunner's solve
/// phased over `solve_interval` so the five never solve on the same tick.
pub fn update_posts(s: &mut Squad, p: &mut PostsStep) {
    let interval = p.ticks.solve_interval as u64;
    let n = s.agents.len().max(1) as u64;
    let stride = (interval / n).max(1);
    for i in 0..s.agents.len() {
        let a = &s.agents[i];
        if !a.alive || a.forced {
            continue;
        }
        if a.commit_timer > 0 {
            s.agents[i].commit_timer -= 1;
        }
        let a = &s.agents[i];
        if a.role == Role::Blade {
            // Blades go to their post in both states (M7): the approach spot round their
            // melee target (M5), or without one the formation slot. Mid-strike the post
            // stays where it is.
            if a.melee.striking() {
                continue;
            }
            let view = WorldView::of(s, p.enemies, p.grid, p.tuning);
            let target = choose_blade_target(&view, a);
            let buf = &mut p.debug.blades[i];
            let spot = target.and_then(|id| solve_blade_post(&view, &s.agents[i], id, buf));
            let slot = s.slots[s.agents[i].slot];
            let a = &mut s.agents[i];
            a.melee.target = target;
            match spot {
                Some(sp) => {
                    a.post_pos = sp.pos;
                    a.melee.approach = Some(sp.dir);
                }
                None => {
                    a.post_pos = slot;
                    a.melee.approach = None;
                }
            }
            continue;
        }
        if s.state != SquadState::Holding {
            continue;
        }
        if a.lane.priority.is_none() {
            // Nothing in reach: a straggler returns to the squad.
            s.agents[i].post_pos = s.slots[a.slot];
            continue;
        }
        let phase_due = (p.tick + i as u64 * stride).is_multiple_of(interval);
        let lane_to_priority = a.lane.has_lane && a.lane.target == a.lane.priority;
        if phase_due && a.commit_timer == 0 && !lane_to_priority {
            let view = WorldView::of(s, p.enemies, p.grid, p.tuning);
            let chosen = solve_firing_position(&s.agents[i], &view, &mut p.debug.solver[i]);
            if let Some(to) = chosen {
                let from = s.agents[i].post_pos;
                s.agents[i].post_pos = to;
                s.agents[i].commit_timer = p.ticks.commit_time;
                p.stats.commits += 1;
                p.events.emit(
                    p.tick,
                    EventKind::Commit {
                        agent: i as u32,
                        from,
                        to,
                    },
                );
            }
        }
    }
}
