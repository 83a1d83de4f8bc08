//! The one damage path: bullets, strikes and enemy blows push [`Damage`] records; one
//! system, [`apply_damage`], applies them in order — health, kills, staggers,
//! knockback, the friendly-hit count and the events the view and `--accept` read.
//! No other code changes health.

use crate::core::events::EventKind;
use crate::core::geom::Vec2;
use crate::core::stats::Stats;
use crate::horde::enemy::Enemy;
use crate::squad::agent::{victim_state, Agent};

/// Who is hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Agent(u32),
    Enemy(u32),
}

/// What hit it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// A gunner's bullet.
    Bullet { shooter: u32 },
    /// A blade's strike `strike` (0, 1, 2) of its combo.
    Strike { blade: u32, strike: u8 },
    /// An enemy's blow at the end of its windup.
    Blow { enemy: u32 },
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Damage {
    pub target: Target,
    pub source: Source,
    pub amount: f32,
    /// Ticks the victim is interrupted (enemies; 0 for none).
    pub stagger: u32,
    /// Velocity kick, u/s.
    pub knockback: Vec2,
    /// Where the hit happened (the bullet's head, the victim's body), for the events.
    pub pos: Vec2,
}

/// Applies and empties `queue`, in order. A record on a body that is gone (removed, or
/// fallen earlier in the queue) still counts and is reported as a hit, but kills nobody
/// twice.
pub fn apply_damage(
    queue: &mut Vec<Damage>,
    agents: &mut [Agent],
    enemies: &mut [Enemy],
    stats: &mut Stats,
    mut emit: impl FnMut(EventKind),
) {
    for d in queue.drain(..) {
        match d.target {
            Target::Agent(victim) => {
                let Some(a) = agents.get_mut(victim as usize) else {
                    continue;
                };
                match d.source {
                    Source::Bullet { shooter } => {
                        stats.friendly_hits += 1;
                        emit(EventKind::FriendlyHit {
                            shooter,
                            victim,
                            pos: d.pos,
                            victim_state: victim_state(a),
                            melee: false,
                        });
                    }
                    Source::Strike { blade, .. } => {
                        stats.friendly_hits += 1;
                        stats.melee_friendly_hits += 1;
                        emit(EventKind::FriendlyHit {
                            shooter: blade,
                            victim,
                            pos: d.pos,
                            victim_state: victim_state(a),
                            melee: true,
                        });
                    }
                    Source::Blow { enemy } => {
                        a.vel += d.knockback;
                        emit(EventKind::DamageDealt {
                            enemy,
                            agent: victim,
                            amount: d.amount,
                        });
                    }
                }
                if a.alive {
                    a.health -= d.amount;
                    if a.health <= 0.0 {
                        a.alive = false;
                        a.vel = Vec2::ZERO;
                        emit(EventKind::AgentDown {
                            agent: victim,
                            pos: a.pos,
                        });
                    }
                }
            }
            Target::Enemy(id) => {
                let Ok(k) = enemies.binary_search_by_key(&id, |e| e.id) else {
                    continue;
                };
                let e = &mut enemies[k];
                let was_alive = e.alive;
                e.hits += 1;
                if !e.is_dummy() {
                    e.health -= d.amount;
                    match d.source {
                        // A bullet's stagger restarts the interruption; a strike's never
                        // shortens a longer one already running.
                        Source::Bullet { .. } => e.stagger = d.stagger,
                        _ => e.stagger = e.stagger.max(d.stagger),
                    }
                    e.vel += d.knockback;
                }
                match d.source {
                    Source::Bullet { shooter } => emit(EventKind::EnemyHit {
                        shooter,
                        enemy: id,
                        pos: d.pos,
                    }),
                    Source::Strike { blade, strike } => {
                        stats.melee_hits += 1;
                        emit(EventKind::MeleeHit {
                            blade,
                            enemy: id,
                            strike,
                            pos: d.pos,
                        });
                    }
                    Source::Blow { .. } => {}
                }
                if was_alive && e.health <= 0.0 {
                    e.alive = false;
                    stats.kills += 1;
                    emit(EventKind::EnemyKilled {
                        enemy: id,
                        pos: e.pos,
                    });
                }
            }
        }
    }
}
