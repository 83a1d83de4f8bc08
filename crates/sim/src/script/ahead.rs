//! The scripted walks run ahead (REQ K5): where each scripted walker will stand when a
//! grenade thrown now bursts, for the blast's plan (it must not count on steering a
//! walker its script moves).

use crate::core::geom::Vec2;
use crate::script::Script;
use crate::squad::blast::ScriptedAt;
use crate::tuning::{Tuning, DT};

/// For each agent on a scripted walk at `tick` or later (within `n` ticks), where it
/// stands `n` ticks from now — its script run ahead on a copy of the script, from where
/// it stands now — and the slack of that prediction; `None` for the agents the AI moves
/// all the while.
///
/// A walk already under way is run exactly: slack 0. A walk that begins `k` ticks from
/// now begins wherever the AI has moved the agent by then, at most `fast_speed × k × DT`
/// from here, with any velocity up to `fast_speed`; following the same path from a start
/// that far off, at the same walking speed and acceleration bound, it stands no farther
/// from the predicted end than that distance and the braking of the difference in
/// velocities, `(2 · fast_speed)² / (2 · steer_accel)`. (The 100 000-case property run
/// found a walker whose walk began 35 ticks after a throw, 1.2 u from where the plan
/// had started it, and ended in the blast.)
pub fn forced_positions(
    script: &Script,
    agents: &[(Vec2, Vec2)],
    tick: u64,
    n: u32,
    t: &Tuning,
) -> Vec<ScriptedAt> {
    let mut ahead = script.clone();
    let (speed, accel) = (t.squad.walk_speed, t.movement.steer_accel);
    let fast = t.squad.fast_speed.max(speed);
    agents
        .iter()
        .enumerate()
        .map(|(i, &(pos, vel))| {
            let start = (0..=n as u64).find(|&k| script.is_forced(i, tick + k))?;
            let slack = if start == 0 {
                0.0
            } else {
                fast * start as f32 * DT + (2.0 * fast).powi(2) / (2.0 * accel)
            };
            let (mut p, mut v) = (pos, vel);
            for k in 0..n as u64 {
                if let Some(next) = ahead.forced_walk(i, p, v, tick + k, speed, accel) {
                    v = (next - p) / DT;
                    p = next;
                }
            }
            Some((p, slack))
        })
        .collect()
}
