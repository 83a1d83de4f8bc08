//! Blades (SPEC §10): strike sectors, three phases on integer ticks, the three-strike
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
use crate::squad::blades::sector::Sector;
use crate::squad::view::WorldView;
use crate::tuning::{TickTuning, Tuning, DT};

pub use crate::squad::blades::reach::{
    guarded_sector, lunge_extent, strike_sector, target_in_reach,
};
pub use crate::squad::blades::state::{MeleeState, StrikePhase, Struck};

/// M4: the first ally whose body comes within `safety_margin` of the guarded sector at
/// any tick of the coming `ticks` (windup + active), extrapolating its velocity.
pub fn ally_in_sector_predicted(
    blade: &Agent,
    sector: &Sector,
    agents: &[Agent],
    ticks: u32,
    t: &Tuning,
) -> Option<u32> {
    let margin = t.melee.safety_margin;
    for a in agents.iter().filter(|a| a.alive && a.id != blade.id) {
        let mut k = 0;
        loop {
            let p = a.pos + a.vel * (k as f32 * DT);
            if sector.distance(p) < a.radius + margin {
                return Some(a.id);
            }
            if k >= ticks {
                break;
            }
            k = (k + 2).min(ticks);
        }
    }
    None
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

/// The blade's melee target: the current one while it stays close, else the nearest
/// live enemy within `engage_radius` whose contact spot is inside the post bound.
pub fn choose_blade_target(w: &WorldView, blade: &Agent) -> Option<u32> {
    let m = &w.tuning.melee;
    let bound = blade_bound(w) + m.reach[0];
    let ok = |e: &crate::horde::enemy::Enemy, r: f32| {
        e.alive && e.pos.distance(blade.pos) <= r && e.pos.distance(w.anchor) <= bound
    };
    // Two blades on one small target would always stand in each other's sectors: a
    // target another blade already holds is not taken (blades decide in index order).
    let claimed = |id: u32| {
        w.agents.iter().any(|o| {
            o.alive && o.role == Role::Blade && o.id != blade.id && o.melee.target == Some(id)
        })
    };

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
/// −9 × distance walked, −35 per gunner lane the spot blocks, −24 × distance beyond the
/// cohesion radius, +hysteresis for the committed direction.
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
    let bound = blade_bound(w);
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
        score += s.w_move * pos.distance(blade.pos);
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
    /// The squad sprints: no strike starts.
    pub sprinting: bool,
    pub agents: &'a mut [Agent],
    /// Sorted by id.
    pub enemies: &'a [Enemy],
    pub damage: &'a mut DamageQueue,
    pub events: &'a mut Events,
}

impl StrikeStep<'_> {
    fn enemy(&self, id: u32) -> Option<&Enemy> {
        find_enemy(self.enemies, id)
    }
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
    match w.agents[i].melee.phase {
        StrikePhase::Ready => {
            let a = &w.agents[i];
            let m = &a.melee;
            let wants = m.cooldown == 0
                && !w.sprinting
                && m.target
                    .and_then(|id| w.enemy(id))
                    .is_some_and(|e| e.alive && target_in_reach(a, e, k, t));
            if wants {
                let enemies = w.enemies;
                if let Some(e) = find_enemy(enemies, a.melee.target.unwrap_or(u32::MAX)) {
                    let axis = (e.pos - a.pos).angle();
                    let sector = guarded_sector(a.pos, axis, k, t);
                    let ticks = w.ticks.strike_windup[k] + w.ticks.strike_active[k];
                    match ally_in_sector_predicted(a, &sector, w.agents, ticks, t) {
                        None => {
                            let a = &mut w.agents[i];
                            a.melee.withheld = false;
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
                                target: e.id,
                            });
                            return;
                        }
                        Some(ally) => {
                            if !w.agents[i].melee.withheld {
                                w.emit(EventKind::StrikeWithheld {
                                    blade: i as u32,
                                    ally,
                                });
                            }
                            w.agents[i].melee.withheld = true;
                        }
                    }
                }
            }
            let a = &mut w.agents[i];
            if a.melee.cooldown > 0 {
                a.melee.cooldown -= 1;
            } else if a.melee.combo_left > 0 {
                a.melee.combo_left -= 1;
                if a.melee.combo_left == 0 {
                    // Missed the window: the combo ends with the long cooldown.
                    a.melee.strike = 0;
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

fn end_strike(w: &mut StrikeStep, i: usize) {
    let tick = w.tick;
    let a = &mut w.agents[i];
    let k = a.melee.strike;
    a.melee.phase = StrikePhase::Ready;
    a.melee.phase_started = tick;
    if k >= 2 {
        a.melee.strike = 0;
        a.melee.cooldown = w.ticks.combo_cooldown;
        a.melee.combo_left = 0;
    } else {
        a.melee.strike = k + 1;
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
