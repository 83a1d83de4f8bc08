//! The damage system: applies the records of the [`DamageQueue`] (the one damage path,
//! `combat::damage`). It runs where damage happens — after each bullet's hit, each
//! blade's strike, each enemy's blow — so a body killed by one is no longer there for
//! the next, exactly as the hits happen. (Applying once at the end of each system
//! instead let dead bodies soak later bullets and blows: measured on the combat route,
//! A12 fell from 5/5 to 3/5 standing and M7.6 failed at −0.091; docs/decisions.md.)

use crate::combat::damage::{DamageQueue, Source, Target};
use crate::core::events::{EventKind, Events};
use crate::core::geom::Vec2;
use crate::core::stats::Stats;
use crate::horde::enemy::Enemy;
use crate::squad::agent::{victim_state, Agent};

/// Applies and empties `queue`, in order. A record on a body that is gone (removed, or
/// fallen earlier in the queue) still counts and is reported as a hit, but kills nobody
/// twice.
pub fn apply_damage(
    queue: &mut DamageQueue,
    agents: &mut [Agent],
    enemies: &mut [Enemy],
    stats: &mut Stats,
    events: &mut Events,
    tick: u64,
) {
    let mut emit = |kind| events.emit(tick, kind);
    for d in queue.records.drain(..) {
        match d.target {
            Target::Agent(victim) => {
                let Some(a) = agents.get_mut(victim as usize) else {
                    continue;
                };
                if d.source == Source::Heal {
                    if a.alive {
                        a.health += d.amount;
                        emit(EventKind::Healed {
                            agent: victim,
                            amount: d.amount,
                        });
                    }
                    continue;
                }
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
                        stats.blows_landed += 1;
                        a.vel += d.knockback;
                        emit(EventKind::DamageDealt {
                            enemy,
                            agent: victim,
                            amount: d.amount,
                        });
                    }
                    Source::Spit { enemy, spit } => {
                        stats.blows_landed += 1;
                        emit(EventKind::SpitHit {
                            enemy,
                            spit,
                            agent: Some(victim),
                            amount: d.amount,
                            pos: d.pos,
                        });
                    }
                    Source::Blast { grenade } => {
                        stats.friendly_hits += 1;
                        stats.blast_friendly_hits += 1;
                        a.vel += d.knockback;
                        emit(EventKind::BlastHit {
                            grenade,
                            agent: Some(victim),
                            enemy: None,
                            amount: d.amount,
                            pos: d.pos,
                        });
                    }
                    Source::Heal => {}
                }
                if a.alive {
                    a.health -= d.amount;
                    if a.health <= 0.0 {
                        a.alive = false;
                        a.vel = Vec2::ZERO;
                        stats.agents_down += 1;
                        stats.first_fall.get_or_insert(tick);
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
                }
                // A nest takes the damage but is never staggered or knocked back: it
                // never moves, and its step (which wears both off) never runs.
                if !e.is_fixed() {
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
                    Source::Blast { grenade } => emit(EventKind::BlastHit {
                        grenade,
                        agent: None,
                        enemy: Some(id),
                        amount: d.amount,
                        pos: d.pos,
                    }),
                    Source::Blow { .. } | Source::Spit { .. } | Source::Heal => {}
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
