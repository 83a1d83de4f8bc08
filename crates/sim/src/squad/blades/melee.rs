//! Blades (REQ §10): strike sectors, three phases on integer ticks, the three-strike
//! combo, the discipline "never strike through an ally", and the blade's position
//! solver in angular form.
//!
//! A strike: **windup** (telegraph; rooted, facing fixed on the strike axis) → **active**
//! (the lunge along the axis at its own speed and acceleration, only walls constrain it;
//! every body the sector touches is hit once, allies included) → **recovery**. Strikes 1
//! and 2 are wide slashes, 3 a narrow heavy thrust with knockback. The next strike chains
//! when a target is in reach within the combo window; after strike 3 or a missed window
//! comes the longer `combo_cooldown`.

use crate::combat::damage::{Damage, DamageQueue, Source, Target};
use crate::core::events::{EventKind, Events};
use crate::core::geom::Vec2;
use crate::horde::enemy::{find_enemy, Enemy};
use crate::space::grid::Grid;
use crate::squad::agent::{Agent, Role};
use crate::squad::anchor::SquadState;
use crate::squad::blades::around::walk_round;
use crate::squad::blades::sector::Sector;
use crate::squad::blades::turns;
use crate::squad::view::WorldView;
use crate::tuning::{TickTuning, Tuning, DT};

use crate::squad::blades::reach::ally_blocks;
pub use crate::squad::blades::reach::{
    guarded_sector, lunge_extent, strike_sector, swing_axes, target_in_reach,
};
pub use crate::squad::blades::state::{StrikePhase, Struck};

/// M4: the first ally whose body comes within `safety_margin` of the guarded sector at
/// any tick of the coming `ticks` (windup + active), extrapolating its velocity — and for
/// another blade mid-strike, anywhere along a whole lunge from where it stands (rooted in
/// its windup its velocity is zero, yet it will lunge: a windup started into that path
/// was cancelled by it, the "blades engage" row found; mid-lunge this over-covers the
/// part already done, on the safe side).
pub fn ally_in_sector_predicted(
    blade: &Agent,
    sector: &Sector,
    agents: &[Agent],
    ticks: u32,
    t: &Tuning,
) -> Option<u32> {
    agents
        .iter()
        .find(|a| ally_blocks(blade, a, sector, ticks, t))
        .map(|a| a.id)
}

/// The ally (if any) inside the guarded sector now, grown by the safety margin.
pub fn ally_in_sector_now(
    blade: &Agent,
    sector: &Sector,
    agents: &[Agent],
    t: &Tuning,
) -> Option<u32> {
    agents
        .iter()
        .filter(|a| a.alive && a.id != blade.id)
        .find(|a| sector.distance(a.pos) < a.radius + t.melee.safety_margin)
        .map(|a| a.id)
}

/// The post bound of a blade from the anchor: the solver's hard bound, plus some reach
/// while advancing (the disk leads the squad by ≈2.9 on the march).
///
/// While holding, the lunge must not carry the blade past the hard bound either: the
/// post bound is the hard bound minus the longest lunge.
fn blade_bound(w: &WorldView) -> f32 {
    let s = &w.tuning.solver;
    let base = s.cohesion_radius + s.post_leash;
    if w.state == SquadState::Advancing {
        base + w.tuning.melee.advance_bound_extra
    } else {
        let lunge = (0..3)
            .map(|k| lunge_extent(k, w.tuning))
            .fold(0.0, f32::max);
        base - lunge
    }
}

/// While advancing, how far from the disk a blade may fight an enemy on its heels: as far
/// as it already stands plus one approach ring (`standoff` from the enemy: the spots on
/// the near side of an enemy behind it are a ring's width farther out than the blade),
/// and never more than `engage_radius` past the post bound; `None` while holding, where
/// the tether brings it back instead.
fn defend_bound(w: &WorldView, blade: &Agent, standoff: f32) -> Option<f32> {
    let cap = blade_bound(w) + w.tuning.melee.engage_radius;
    (w.state == SquadState::Advancing).then(|| (blade.pos.distance(w.anchor) + standoff).min(cap))
}

/// The blade's melee target: a melee enemy striking at a gunner within `guard_reach`
/// ([`crate::squad::blades::defend`]), else the current one while it stays close, else the nearest
/// live enemy within `engage_radius` whose contact spot is inside the post bound — or,
/// while advancing, within `defend_radius` of the blade wherever it stands (self-defence).
pub fn choose_blade_target(w: &WorldView, blade: &Agent) -> Option<u32> {
    let m = &w.tuning.melee;
    let bound = blade_bound(w) + m.reach[0];
    let defending = w.state == SquadState::Advancing;
    let ok = |e: &crate::horde::enemy::Enemy, r: f32| {
        let d = e.pos.distance(blade.pos);
        e.alive
            && d <= r
            && crate::squad::target::perceived(e, w.agents, w.tuning)
            && (e.pos.distance(w.anchor) <= bound || (defending && d <= m.defend_radius))
    };
    // Two blades on one small target would always stand in each other's sectors: a
    // target another blade already holds is not taken (blades decide in index order).
    let claimed = |id: u32| {
        w.agents.iter().any(|o| {
            o.alive && o.role == Role::Blade && o.id != blade.id && o.melee.target == Some(id)
        })
    };

    // S10.2: a gunner under a melee enemy's blow comes first.
    if let Some(id) = crate::squad::blades::defend::defend_target(w, blade, claimed) {
        return Some(id);
    }
    if let Some(e) = blade.melee.target.and_then(|id| w.enemy(id)) {
        if ok(e, m.engage_radius * m.keep_target_factor) && !claimed(e.id) {
            return Some(e.id);
        }
    }
    w.enemies
        .iter()
        .filter(|e| ok(e, m.engage_radius) && !claimed(e.id))
        .min_by(|a, b| {
            a.pos
                .distance_sq(blade.pos)
                .total_cmp(&b.pos.distance_sq(blade.pos))
                .then(a.id.cmp(&b.id))
        })
        .map(|e| e.id)
}

/// A scored approach spot round the target (M5), kept for the overlay.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct BladeSpot {
    pub pos: Vec2,
    pub dir: u32,
    pub clear: bool,
    pub score: f32,
}

/// M5: the spot round `target` from which the blade's sector to it is ally-free — the
/// solver idea in angular form. Candidates at contact + `standoff_gap` in `directions`
/// directions; rejected inside walls or beyond the post bound; scored +100 sector clear,
/// −9 × distance walked (round the target's body, [`walk_round`]), −35 per gunner lane
/// the spot blocks, −24 × distance beyond the cohesion radius, −60 where another agent
/// stands or within `blade_spacing` of the other blade or its post, +hysteresis for the
/// committed direction. While advancing a spot beyond the bound is kept when it is no
/// more than one approach ring farther from the disk than the blade ([`defend_bound`]:
/// it fights where it stands, it never walks out to do so).
pub fn solve_blade_post(
    w: &WorldView,
    blade: &Agent,
    target: u32,
    out: &mut Vec<BladeSpot>,
) -> Option<BladeSpot> {
    out.clear();
    let t = w.tuning;
    let m = &t.melee;
    let s = &t.solver;
    let e = w.enemy(target)?;
    let standoff = e.radius + blade.radius + m.standoff_gap;
    let bound = blade_bound(w).max(defend_bound(w, blade, standoff).unwrap_or(0.0));
    let mut best: Option<BladeSpot> = None;
    for k in 0..m.directions {
        let dir = Vec2::from_angle(std::f32::consts::TAU * k as f32 / m.directions as f32);
        let pos = e.pos + dir * standoff;
        if w.grid.circle_hits_wall(pos, blade.radius) || pos.distance(w.anchor) > bound {
            continue;
        }
        let axis = (e.pos - pos).angle();
        let sector = guarded_sector(pos, axis, 0, t);
        let clear = w
            .agents
            .iter()
            .filter(|a| a.alive && a.id != blade.id)
            .all(|a| {
                sector.distance(a.pos) >= a.radius + m.safety_margin
                    && a.pos.distance(pos) >= a.radius + blade.radius
            });
        let mut score = if clear { s.w_lane } else { 0.0 };
        // Where another agent stands (or the other blade's post is) there is no room, and
        // from there every sector holds that body: the solver's too-close penalty.
        // The other blade needs more room: side by side closer than `blade_spacing`
        // each stands in the other's sectors and neither strikes.
        let crowded = w
            .agents
            .iter()
            .filter(|a| a.alive && a.id != blade.id)
            .any(|a| {
                if a.role == Role::Blade {
                    a.pos.distance(pos) < m.blade_spacing
                        || a.post_pos.distance(pos) < m.blade_spacing
                } else {
                    a.pos.distance(pos) < a.radius + blade.radius
                }
            });
        if crowded {
            score += s.w_too_close;
        }
        // The walk there: round the target's body when the spot is on its far side.
        let body = e.radius + blade.radius;
        score += s.w_move * walk_round(blade.pos, pos, e.pos, body, standoff);
        score += s.w_block * w.lanes.blocked_by(pos, blade.id, t) as f32;
        score += s.w_cohesion * (pos.distance(w.anchor) - s.cohesion_radius).max(0.0);
        if blade.melee.approach == Some(k) {
            score += s.hysteresis;
        }
        let spot = BladeSpot {
            pos,
            dir: k,
            clear,
            score,
        };
        out.push(spot);
        if best.is_none_or(|b| score > b.score) {
            best = Some(spot);
        }
    }
    best
}

/// What one blade's strike step reads and writes.
pub struct StrikeStep<'a> {
    pub tick: u64,
    pub tuning: &'a Tuning,
    pub ticks: &'a TickTuning,
    /// No strike starts: the squad sprints, or this blade stands (or would lunge) in a
    /// live grenade's reserved zone (K5), or it is a medkit's patient.
    pub hold_strikes: bool,
    /// S10.1: gunners may give way to this blade's turn (the squad advances and
    /// `melee.turn_gunners`); holding, a gunner keeps its post.
    pub gunners_give_way: bool,
    pub agents: &'a mut [Agent],
    /// Sorted by id.
    pub enemies: &'a [Enemy],
    pub damage: &'a mut DamageQueue,
    pub events: &'a mut Events,
}

impl StrikeStep<'_> {
    fn emit(&mut self, kind: EventKind) {
        self.events.emit(self.tick, kind);
    }
}

/// Whether agent `i` runs the strike state machine this tick (a standing blade not on
/// a scripted walk).
pub fn strikes_this_tick(a: &Agent) -> bool {
    a.alive && a.role == Role::Blade && !a.forced
}

/// One tick of blade `i`'s strike state machine, after movement (world order). Hits
/// are pushed to the damage queue; the caller applies them before the next blade.
pub fn step_blade(w: &mut StrikeStep, i: usize) {
    let t = w.tuning;
    let tick = w.tick;
    let k = w.agents[i].melee.strike;
    // S10.1: a partner's claim on the turn; giving way, the blade starts no strike.
    let yielding = turns::gives_way_to(w.agents, i, w.ticks);
    w.agents[i].melee.gives_way = yielding;
    if yielding.is_some() {
        turns::note_wait(&mut w.agents[i].melee, None, w.ticks);
    }
    match w.agents[i].melee.phase {
        StrikePhase::Ready => {
            let a = &w.agents[i];
            let m = &a.melee;
            // A blade rooted by a cancelled windup starts nothing until the strike it had
            // planned is over: a shot in flight foresaw it on that strike's lunge, not on
            // a new one along another axis (S9.5).
            let ready = m.cooldown == 0 && !w.hold_strikes && m.rooted == 0 && yielding.is_none();
            if ready {
                let mut chosen = choose_swing(w, i, k, k);
                // Hemmed in: when every slash would take in an ally, the narrow thrust
                // may pass beside it (issue 36: a gunner's body in every swing held the
                // blades back most) — at an enemy the slash reaches and no other blade
                // holds: narrower, not longer (its longer reach took the other blade's
                // enemy on leash_march). Under the same discipline check. It stands in
                // for that slash's place in the combo (`hemmed`): ending the combo with
                // the long cooldown, as the 3rd strike does, left mission 2's blade 1
                // out of a fight at its side for a second.
                let place = k;
                let mut k = k;
                if k < 2 && t.melee.hemmed_thrust && matches!(chosen, Err(ally) if ally != u32::MAX)
                {
                    if let Ok(c) = choose_swing(w, i, 2, k) {
                        chosen = Ok(c);
                        k = 2;
                    }
                }
                // S10.1: withheld, which allies' bodies alone are in the way?
                let in_the_way = match chosen {
                    Err(ally) if ally != u32::MAX => turns::allies_in_the_way(
                        w.agents,
                        i,
                        w.enemies,
                        w.ticks.strike_windup[k] + w.ticks.strike_active[k],
                        w.gunners_give_way,
                        t,
                    ),
                    _ => None,
                };
                turns::note_wait(&mut w.agents[i].melee, in_the_way, w.ticks);
                match chosen {
                    Ok((e, axis)) => {
                        let id = w.agents[i].id;
                        for o in w.agents.iter_mut() {
                            if o.id != id && o.role == Role::Blade && o.melee.target == Some(e) {
                                o.melee.target = None;
                            }
                        }
                        let a = &mut w.agents[i];
                        a.melee.withheld = false;
                        a.melee.strike = k;
                        if k != place {
                            a.melee.hemmed = Some(place);
                        }
                        a.melee.target = Some(e);
                        a.melee.phase = StrikePhase::Windup;
                        a.melee.phase_left = w.ticks.strike_windup[k];
                        a.melee.axis = axis;
                        a.melee.phase_started = tick;
                        a.melee.combo_left = 0;
                        a.facing = axis;
                        a.vel = Vec2::ZERO;
                        w.emit(EventKind::StrikeStarted {
                            blade: i as u32,
                            strike: k as u8,
                            target: e,
                        });
                        return;
                    }
                    Err(ally) if ally != u32::MAX => {
                        if !w.agents[i].melee.withheld {
                            w.emit(EventKind::StrikeWithheld {
                                blade: i as u32,
                                ally,
                            });
                        }
                        w.agents[i].melee.withheld = true;
                    }
                    Err(_) => {}
                }
            }
            let a = &mut w.agents[i];
            if a.melee.cooldown > 0 {
                a.melee.cooldown -= 1;
            } else if a.melee.combo_left > 0 && a.melee.rooted == 0 {
                // The combo window waits out the root (the cancel does not cost the combo).
                a.melee.combo_left -= 1;
                if a.melee.combo_left == 0 {
                    // Missed the window: the combo ends with the long cooldown.
                    a.melee.strike = 0;
                    a.melee.hemmed = None;
                    a.melee.cooldown = w.ticks.combo_cooldown;
                }
            }
        }
        StrikePhase::Windup => {
            let a = &w.agents[i];
            let sector = guarded_sector(a.pos, a.melee.axis, k, t);
            if let Some(ally) = ally_in_sector_now(a, &sector, w.agents, t) {
                // M4: an ally entered during windup: cancelled, no damage, no cooldown.
                let cooldown = a.melee.cooldown;
                let a = &mut w.agents[i];
                a.melee.rooted = a.melee.phase_left + w.ticks.strike_active[k];
                a.melee.phase = StrikePhase::Ready;
                a.melee.phase_left = 0;
                a.melee.phase_started = tick;
                if a.melee.strike > 0 {
                    a.melee.combo_left = w.ticks.combo_window.max(1);
                }
                w.emit(EventKind::StrikeCancelled {
                    blade: i as u32,
                    strike: k as u8,
                    ally,
                    cooldown,
                });
                return;
            }
            let a = &mut w.agents[i];
            a.melee.phase_left = a.melee.phase_left.saturating_sub(1);
            if a.melee.phase_left == 0 {
                a.melee.phase = StrikePhase::Active;
                a.melee.phase_left = w.ticks.strike_active[k];
                a.melee.phase_started = tick;
                a.melee.struck.clear();
                a.melee.lunge = 0.0;
                w.emit(EventKind::StrikeActive {
                    blade: i as u32,
                    strike: k as u8,
                });
                resolve_hits(w, i);
            }
        }
        StrikePhase::Active => {
            let a = &mut w.agents[i];
            a.melee.phase_left = a.melee.phase_left.saturating_sub(1);
            if a.melee.phase_left == 0 {
                a.melee.phase = StrikePhase::Recovery;
                a.melee.phase_left = w.ticks.strike_recovery[k];
                a.melee.phase_started = tick;
                // The lunge ends dead: the blade plants its feet (no drift past its mark).
                a.melee.lunge = 0.0;
                a.vel = Vec2::ZERO;
                let instant = a.melee.phase_left == 0;
                w.emit(EventKind::StrikeRecovery {
                    blade: i as u32,
                    strike: k as u8,
                });
                if instant {
                    end_strike(w, i);
                }
            } else {
                resolve_hits(w, i);
            }
        }
        StrikePhase::Recovery => {
            let a = &mut w.agents[i];
            a.melee.phase_left = a.melee.phase_left.saturating_sub(1);
            if a.melee.phase_left == 0 {
                end_strike(w, i);
            }
        }
    }
}

/// The swing blade `i` would start now with strike `k` at an enemy in reach of strike
/// `reach` too: the enemy and axis, or the ally in the first blocked one's sector
/// (`u32::MAX` when nothing is in reach).
fn choose_swing(w: &StrikeStep, i: usize, k: usize, reach: usize) -> Result<(u32, f32), u32> {
    let t = w.tuning;
    let a = &w.agents[i];
    let m = &a.melee;
    let enemies = w.enemies;
    let target = m.target.unwrap_or(u32::MAX);
    let ticks = w.ticks.strike_windup[k] + w.ticks.strike_active[k];
    // The first swing axis at `e` whose guarded sector no ally enters, or the
    // ally in the straight one's.
    let clear = |e: &Enemy| {
        let mut blocked = None;
        swing_axes(a.pos, e.pos, k, t)
            .find(|&axis| {
                let sector = guarded_sector(a.pos, axis, k, t);
                let ally = ally_in_sector_predicted(a, &sector, w.agents, ticks, t);
                blocked = blocked.or(ally);
                ally.is_none()
            })
            .ok_or_else(|| blocked.expect("the straight axis was tried"))
    };
    // The target first, when it is in reach; when it is not, or an ally stands
    // in its sector, another enemy in reach whose sector is clear (nearest
    // first): a blade in a crowd strikes the one it can, it does not wait on
    // the one it cannot — but not one another blade is striking. One it only
    // holds is handed over: the striking blade holds it and the other lets it
    // go (issue 36: both held it, and the target choice's rule — a target
    // another blade holds is not taken — then dropped it for both).
    // `Err(ally)` names the ally of the first blocked one.
    let striking_at = |id: u32| {
        w.agents.iter().any(|o| {
            o.alive
                && o.role == Role::Blade
                && o.id != a.id
                && o.melee.target == Some(id)
                && o.melee.striking()
        })
    };
    // A blade left behind (no approach spot: its post is its slot, farther
    // than `engage_radius` away) strikes only what stands in its way back;
    // fighting the crowd at its heels it stood rooted for 7 s while the squad
    // walked 11 u on (generated yard 154, A10: 14.3 s; REQ S10.4).
    let back = a.post_pos - a.pos;
    let away = a.melee.approach.is_none() && back.length() > t.melee.engage_radius;
    let on_the_way = |e: &Enemy| !away || (e.pos - a.pos).dot(back) > 0.0;
    // The hemmed thrust (`k != reach`) leaves an enemy another blade holds to that blade:
    // thrusting past it at its enemy took its fight (leash_march's blade 0 stood by).
    let held = |e: &Enemy| {
        k != reach
            && w.agents.iter().any(|o| {
                o.alive && o.role == Role::Blade && o.id != a.id && o.melee.target == Some(e.id)
            })
    };
    let in_reach = |e: &Enemy| {
        target_in_reach(a, e, k, t) && (reach == k || target_in_reach(a, e, reach, t)) && !held(e)
    };
    let first = find_enemy(enemies, target)
        .filter(|e| e.alive && on_the_way(e) && in_reach(e))
        .map(clear);
    let chosen = match first {
        Some(Ok(axis)) => Ok((find_enemy(enemies, target).expect("found above"), axis)),
        first => {
            let mut others: Vec<&Enemy> = enemies
                .iter()
                .filter(|o| {
                    o.alive && o.id != target && !striking_at(o.id) && on_the_way(o) && in_reach(o)
                })
                .collect();
            others.sort_by(|p, q| {
                p.pos
                    .distance_sq(a.pos)
                    .total_cmp(&q.pos.distance_sq(a.pos))
                    .then(p.id.cmp(&q.id))
            });
            let mut blocked = first.and_then(Result::err);
            others
                .into_iter()
                .find_map(|o| match clear(o) {
                    Ok(axis) => Some((o, axis)),
                    Err(ally) => {
                        blocked.get_or_insert(ally);
                        None
                    }
                })
                .ok_or(blocked.unwrap_or(u32::MAX))
        }
    };
    chosen.map(|(e, axis)| (e.id, axis))
}

fn end_strike(w: &mut StrikeStep, i: usize) {
    let tick = w.tick;
    let a = &mut w.agents[i];
    let k = a.melee.strike;
    a.melee.phase = StrikePhase::Ready;
    a.melee.phase_started = tick;
    // A hemmed thrust goes on from the slash's place it stood in for.
    let place = a.melee.hemmed.take().unwrap_or(k);
    if place >= 2 {
        a.melee.strike = 0;
        a.melee.cooldown = w.ticks.combo_cooldown;
        a.melee.combo_left = 0;
    } else {
        a.melee.strike = place + 1;
        a.melee.combo_left = w.ticks.combo_window.max(1);
    }
    w.emit(EventKind::StrikeEnded {
        blade: i as u32,
        strike: k as u8,
    });
}

/// M1: every body the active sector touches is hit, once per strike — allies included.
fn resolve_hits(w: &mut StrikeStep, i: usize) {
    let a = &w.agents[i];
    let k = a.melee.strike;
    let sector = strike_sector(a.pos, a.melee.axis, k, w.tuning);
    let kick = Vec2::from_angle(a.melee.axis) * w.tuning.melee.knockback[k];
    let mut hits: Vec<(Struck, Vec2)> = Vec::new();
    for o in w.agents.iter().filter(|o| o.alive && o.id != a.id) {
        if sector.hits_circle(o.pos, o.radius) && !a.melee.struck.contains(&Struck::Agent(o.id)) {
            hits.push((Struck::Agent(o.id), o.pos));
        }
    }
    for e in w.enemies.iter().filter(|e| e.alive) {
        if sector.hits_circle(e.pos, e.radius) && !a.melee.struck.contains(&Struck::Enemy(e.id)) {
            hits.push((Struck::Enemy(e.id), e.pos));
        }
    }
    for &(h, pos) in &hits {
        let (target, knockback) = match h {
            Struck::Agent(id) => (Target::Agent(id), Vec2::ZERO),
            Struck::Enemy(id) => (Target::Enemy(id), kick),
        };
        w.damage.push(Damage {
            target,
            source: Source::Strike {
                blade: i as u32,
                strike: k as u8,
            },
            amount: w.tuning.melee.damage[k],
            stagger: w.ticks.strike_stagger[k],
            knockback,
            pos,
        });
    }
    w.agents[i]
        .melee
        .struck
        .extend(hits.into_iter().map(|(h, _)| h));
}

/// The lunge (active window): along the axis at the lunge speed with its own
/// acceleration; only walls constrain it, and it stops at body contact with the target
/// (M6: a blade never stands inside its target).
pub fn lunge_step(agents: &mut [Agent], i: usize, enemies: &[Enemy], grid: &Grid, t: &Tuning) {
    let a = &agents[i];
    let dir = Vec2::from_angle(a.melee.axis);
    let mut speed = (a.melee.lunge + t.melee.lunge_accel * DT).min(t.melee.lunge_speed);
    if let Some(e) = a
        .melee
        .target
        .and_then(|id| find_enemy(enemies, id))
        .filter(|e| e.alive)
    {
        let gap = a.pos.distance(e.pos) - a.radius - e.radius;
        let closing = dir.dot((e.pos - a.pos).normalize_or_zero()).max(0.0);
        if closing > 0.0 {
            speed = speed.min((gap - t.melee.lunge_stop_gap).max(0.0) / (closing * DT));
        }
    }
    let a = &mut agents[i];
    a.melee.lunge = speed;
    a.vel = dir * speed;
    a.pos = crate::space::grid::resolve_walls(a.pos + a.vel * DT, a.radius, grid);
    a.facing = a.melee.axis;
}
