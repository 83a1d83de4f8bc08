//! The tools' systems: a tool used at the start of a tick ([`use_tool`], from the tick's
//! input) and the tools at work at its end ([`step_tools`]: flights, burns, the fuse and
//! the blast, the medkit's work and its interruption).

use crate::combat::damage::{ApplyDamage, Damage, DamageQueue, Source, Target};
use crate::core::events::{EventKind, Events, ToolRefusal};
use crate::core::geom::Vec2;
use crate::core::ids::Ids;
use crate::core::stats::Stats;
use crate::horde::enemy::Enemy;
use crate::space::grid::Grid;
use crate::squad::agent::Agent;
use crate::squad::blast::{plan_escapes, ScriptedAt};
use crate::squad::Squad;
use crate::tools::flare::Flare;
use crate::tools::grenade::{burst, Grenade};
use crate::tools::medkit::{heal_amount, patient, patient_where, Heal};
use crate::tools::throw::throw_landing;
use crate::tools::{Tool, ToolUse, Tools};
use crate::tuning::{TickTuning, Tuning};

/// What the tools' systems read and write besides the tools, the squad and the horde.
pub struct ToolStep<'a> {
    pub tick: u64,
    pub grid: &'a Grid,
    pub tuning: &'a Tuning,
    pub ticks: &'a TickTuning,
    pub ids: &'a mut Ids,
    pub stats: &'a mut Stats,
    pub events: &'a mut Events,
}

impl ToolStep<'_> {
    fn emit(&mut self, kind: EventKind) {
        self.events.emit(self.tick, kind);
    }

    fn refuse(&mut self, tools: &mut Tools, tool: Tool, why: ToolRefusal) {
        if tool == Tool::Grenade {
            tools.refused += 1;
            self.stats.grenades_refused += 1;
        }
        self.emit(EventKind::ToolRefused { tool, why });
    }
}

/// The tick's use of a tool (REQ K3–K5), from the disk: a charge is spent when the tool
/// is used (a medkit's when its work is done), nothing when the use is refused.
/// `forced_at` gives, for a blast `n` ticks away, where each scripted walker will stand
/// then and how far off it may be (`None` for the agents the AI moves).
pub fn use_tool(
    tools: &mut Tools,
    squad: &mut Squad,
    u: ToolUse,
    enemies: &[Enemy],
    forced_at: impl FnOnce(u32) -> Vec<ScriptedAt>,
    s: &mut ToolStep,
) {
    if tools.off {
        return;
    }
    let (t, tt) = (s.tuning, s.ticks);
    let from = squad.anchor.pos;
    let kit = &mut squad.kit;
    let charges = match u.tool {
        Tool::Flare => kit.flares,
        Tool::Medkit => kit.medkits,
        Tool::Grenade => kit.grenades,
    };
    if charges == 0 {
        return s.refuse(tools, u.tool, ToolRefusal::NoCharge);
    }
    match u.tool {
        Tool::Flare => {
            let (to, flight) = throw_landing(from, u.at, &t.tools, s.grid);
            let id = s.ids.take();
            tools.flares.push(Flare {
                id,
                pos: from,
                prev_pos: from,
                from,
                to,
                flight,
                flight_left: flight,
                burn_left: tt.flare_burn,
                thrown: s.tick,
            });
            squad.kit.flares -= 1;
            tools.used[0] += 1;
            s.stats.flares_used += 1;
            s.emit(EventKind::FlareThrown {
                flare: id,
                from,
                to,
            });
        }
        Tool::Medkit => {
            if tools.heal.is_some() {
                return s.refuse(tools, u.tool, ToolRefusal::Busy);
            }
            // A medkit roots its patient: never one a live grenade's zone reserves (it
            // may be running its escape, K5) — the most hurt clear of it, or a refusal
            // naming the one too close.
            let zone = tools.grenade.as_ref().map(|g| g.zone());
            let clear = |a: &Agent| {
                zone.as_ref()
                    .is_none_or(|z| !z.reserves(a.pos, a.radius, t))
            };
            let Some(agent) = patient_where(&squad.agents, from, t, clear) else {
                return match patient(&squad.agents, from, t) {
                    Some(ally) => s.refuse(tools, u.tool, ToolRefusal::AllyTooClose { ally }),
                    None => s.refuse(tools, u.tool, ToolRefusal::NoPatient),
                };
            };
            tools.heal = Some(Heal {
                agent,
                left: tt.medkit_time,
                began: s.tick,
            });
            s.emit(EventKind::HealStarted { agent });
        }
        Tool::Grenade => {
            if tools.grenade.is_some() {
                return s.refuse(tools, u.tool, ToolRefusal::Busy);
            }
            let (to, flight) = throw_landing(from, u.at, &t.tools, s.grid);
            let n = flight + tt.grenade_fuse;
            let forced = forced_at(n);
            let escapes = match plan_escapes(to, n, &squad.agents, &forced, enemies, s.grid, t) {
                Ok(e) => e,
                Err(r) => {
                    return s.refuse(tools, u.tool, ToolRefusal::AllyTooClose { ally: r.ally })
                }
            };
            // A patient that has to run for it is released: the kit is kept.
            if let Some(h) = &tools.heal {
                if escapes
                    .iter()
                    .any(|e| e.agent == h.agent && e.dir != Vec2::ZERO)
                {
                    let agent = h.agent;
                    tools.heal = None;
                    s.emit(EventKind::HealInterrupted { agent });
                }
            }
            let id = s.ids.take();
            tools.grenade = Some(Grenade {
                id,
                pos: from,
                prev_pos: from,
                from,
                to,
                flight,
                flight_left: flight,
                fuse_left: tt.grenade_fuse,
                thrown: s.tick,
                escapes,
            });
            squad.kit.grenades -= 1;
            tools.used[2] += 1;
            s.stats.grenades_thrown += 1;
            s.emit(EventKind::GrenadeThrown {
                grenade: id,
                from,
                to,
                fuse: n,
            });
        }
    }
}

/// The tools at work, at the end of a tick (after the horde, whose blows interrupt a
/// medkit): flares fly, land and burn out; the grenade flies, lands and bursts through
/// the one damage path (`apply`); the medkit's work goes on, is interrupted by a blow or
/// a spit on its patient this tick, or is done (the heal applied, the kit spent).
#[allow(clippy::too_many_arguments)]
pub fn step_tools(
    tools: &mut Tools,
    squad: &mut Squad,
    enemies: &mut [Enemy],
    queue: &mut DamageQueue,
    apply: ApplyDamage<Agent, Enemy>,
    s: &mut ToolStep,
) {
    let (t, tt) = (s.tuning, s.ticks);
    let mut out = Vec::new();
    for f in tools.flares.iter_mut() {
        let was_flying = f.flight_left > 0;
        if f.advance() {
            out.push(f.id);
        } else if was_flying && f.flight_left == 0 {
            s.events.emit(
                s.tick,
                EventKind::FlareLanded {
                    flare: f.id,
                    pos: f.pos,
                },
            );
        }
    }
    for id in out {
        tools.flares.retain(|f| f.id != id);
        s.emit(EventKind::FlareOut { flare: id });
    }
    if let Some(g) = tools.grenade.as_mut() {
        let was_flying = g.flight_left > 0;
        let bursts = g.advance();
        if was_flying && g.flight_left == 0 {
            s.events.emit(
                s.tick,
                EventKind::GrenadeLanded {
                    grenade: g.id,
                    pos: g.pos,
                },
            );
        }
        if bursts {
            let g = tools.grenade.take().expect("the grenade that bursts");
            s.emit(EventKind::GrenadeBurst {
                grenade: g.id,
                pos: g.to,
                radius: t.tools.grenade_radius,
            });
            burst(&g, &squad.agents, enemies, s.grid, (t, tt), queue);
            apply(queue, &mut squad.agents, enemies, s.stats, s.events, s.tick);
        }
    }
    let Some(h) = tools.heal.as_mut() else {
        return;
    };
    let agent = h.agent;
    let struck = s.events.this_tick.iter().any(|e| match e.kind {
        EventKind::DamageDealt { agent: a, .. } => a == agent,
        EventKind::SpitHit { agent: Some(a), .. } => a == agent,
        EventKind::BlastHit { agent: Some(a), .. } => a == agent,
        _ => false,
    });
    let patient = &squad.agents[agent as usize];
    if struck || !patient.alive {
        tools.heal = None;
        return s.emit(EventKind::HealInterrupted { agent });
    }
    h.left = h.left.saturating_sub(1);
    if h.left > 0 {
        return;
    }
    tools.heal = None;
    let amount = heal_amount(patient, t);
    queue.push(Damage {
        target: Target::Agent(agent),
        source: Source::Heal,
        amount,
        stagger: 0,
        knockback: Vec2::ZERO,
        pos: patient.pos,
    });
    apply(queue, &mut squad.agents, enemies, s.stats, s.events, s.tick);
    squad.kit.medkits = squad.kit.medkits.saturating_sub(1);
    tools.used[1] += 1;
    s.stats.medkits_used += 1;
}
