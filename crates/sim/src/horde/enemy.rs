//! Enemies (REQ §11): kinds, bodies, and attacks on integer ticks (E3, seed 003).
//!
//! An attack is two-phase inside the simulation: when the cooldown is spent and an agent
//! is in reach the enemy enters its **windup** (rooted, target snapshot taken, the
//! cooldown restarts here — it is anchored at windup start); after exactly
//! `windup_ticks` the hit resolves: damage if the snapshot target is still alive and in
//! reach, else a whiff. A stagger (bullet or blade hit) during the windup interrupts it:
//! no damage, and the cooldown is **not** spent (the enemy may swing again as soon as the
//! stagger ends).

use crate::combat::damage::{Damage, Source, Target};
use crate::combat::spit::Spit;
use crate::core::events::Events;
use crate::core::geom::Vec2;
use crate::core::ids::Ids;
use crate::core::rng::Rng;
use crate::horde::prey::Prey;
use crate::nav::flow::FlowField;
use crate::space::light::{lit, Beam};
use crate::space::map::Map;
use crate::space::spatial::{Columns, SpatialGrid};
use crate::tuning::{KindTuning, TickTuning, Tuning};

pub use crate::horde::body::{gap, AttackState, AttackTiming, Enemy, EnemyKind};
use crate::horde::prey::Seen;

/// One tick of every enemy (world.rs order: after bullets and strikes, so a stagger
/// landing on tick T is seen by the enemy on tick T — a windup whose hit would land on
/// T is interrupted on T).
/// Enemy by id in a slice sorted by id (the world keeps enemies sorted by id).
pub fn find_enemy(enemies: &[Enemy], id: u32) -> Option<&Enemy> {
    enemies
        .binary_search_by_key(&id, |e| e.id)
        .ok()
        .map(|i| &enemies[i])
}

/// What the horde's step reads and writes, and nothing else (REQ §11).
pub struct HordeStep<'a> {
    pub tick: u64,
    pub map: &'a Map,
    pub tuning: &'a Tuning,
    pub ticks: &'a TickTuning,
    /// Sorted by id.
    pub enemies: &'a mut Vec<Enemy>,
    /// The squad as the horde sees it, by agent index.
    pub agents: &'a mut [Prey],
    /// The flow field toward the squad (E2) and the squad tiles it was built from.
    pub flow: &'a mut FlowField,
    pub flow_seeds: &'a mut Vec<(i32, i32)>,
    /// Neighbour grid over the horde's bodies (E1), rebuilt every tick.
    pub neighbours: &'a mut SpatialGrid,
    pub rng: &'a mut Rng,
    pub ids: &'a mut Ids,
    pub events: &'a mut Events,
    /// The squad's flashlight cones and the burning flares' lights this tick (T2:
    /// stalkers shy from them), and the flares' alone (K3: stalkers lunge into none).
    pub beams: &'a [Beam],
    pub flare_lights: &'a [Beam],
    /// Spits in flight: a spitter's release adds one (T1).
    pub spits: &'a mut Vec<Spit>,
    /// The difficulty's multiplier of every blow and spit (T4).
    pub damage_scale: f32,
    /// Applies a blow at once through the one damage path (the victim may fall, and the
    /// next enemy must see it) and returns what the horde then sees of the victim.
    pub deal: &'a mut dyn FnMut(Damage, &mut Events) -> Prey,
    /// The first burning flare, if one burns: shamblers near it go to it (K3).
    pub lure: Option<Lure<'a>>,
}

/// A burning flare as the horde sees it: where it is, and the flow field toward it
/// (built to the lure's reach: a tile beyond it is unreached).
#[derive(Clone, Copy)]
pub struct Lure<'a> {
    pub pos: Vec2,
    pub field: &'a FlowField,
}

impl Lure<'_> {
    /// Whether a body at `p` is within the lure's reach along the floor.
    pub fn draws(&self, p: Vec2) -> bool {
        let (x, y) = crate::space::grid::Grid::tile_of(p);
        self.field.distance(x, y) != crate::nav::flow::UNREACHABLE
    }
}

impl HordeStep<'_> {
    fn emit(&mut self, kind: crate::core::events::EventKind) {
        self.events.emit(self.tick, kind);
    }
}

/// One tick of the horde: flow field, attacks on integer ticks, steering, boids and
/// body overlaps.
pub fn step_enemies(w: &mut HordeStep) {
    use crate::horde::steering::surely_beyond;
    use crate::space::grid::Grid;
    use crate::space::spatial::BodyData;

    let t = w.tuning;
    // Flow field toward the squad, at a bounded rate (E2).
    if w.tick.is_multiple_of(w.ticks.flow_interval as u64) || w.flow.width() != w.map.width() {
        let seeds: Vec<(i32, i32)> = w
            .agents
            .iter()
            .filter(|a| a.alive)
            .map(|a| Grid::tile_of(a.pos))
            .collect();
        // Rebuilt only when the squad stands on other tiles than last time.
        if seeds != *w.flow_seeds || w.flow.width() != w.map.width() {
            w.flow.rebuild(&w.map.grid, &seeds);
            *w.flow_seeds = seeds;
        }
    }
    // Each kind's tuning and attack timing, once per step rather than per enemy (the
    // timing rounds a division; the values are the same for every enemy of a kind).
    let per_kind: [Option<(&KindTuning, AttackTiming)>; 7] = [
        EnemyKind::Shambler,
        EnemyKind::Runner,
        EnemyKind::Brute,
        EnemyKind::Dummy,
        EnemyKind::Spitter,
        EnemyKind::Stalker,
        EnemyKind::Nest,
    ]
    .map(|k| k.tuning(t).map(|kt| (kt, AttackTiming::of(kt, t))));
    // The table is indexed by `kind as usize`: the kinds in declaration order.
    const _: () = assert!(
        EnemyKind::Shambler as usize == 0
            && EnemyKind::Runner as usize == 1
            && EnemyKind::Brute as usize == 2
            && EnemyKind::Dummy as usize == 3
            && EnemyKind::Spitter as usize == 4
            && EnemyKind::Stalker as usize == 5
            && EnemyKind::Nest as usize == 6
    );
    // Neighbour grid over every body of the horde (indices into `enemies`), with the
    // velocity, radius and fixedness the boids and overlaps read of each neighbour.
    w.neighbours
        .rebuild_bodies(
            w.enemies
                .iter()
                .enumerate()
                .filter(|(_, e)| e.alive)
                .map(|(i, e)| {
                    let body = BodyData {
                        vel: e.vel,
                        radius: e.radius,
                        fixed: e.is_fixed(),
                    };
                    (i as u32, e.pos, body)
                }),
        );

    let sight = SightTurn::at(w.tick, t.enemy.sight_check_ticks);
    // Slots of the last boids query, and those of them the crowd push reads again.
    let mut hits: Vec<u32> = Vec::with_capacity(256);
    let mut near: Vec<u32> = Vec::with_capacity(256);
    for i in 0..w.enemies.len() {
        // The boids read a neighbour's velocity as it is now (already updated for enemies
        // before this one): the grid's copy follows each enemy's step. Enemy `i − 1` was
        // the only one the last iteration changed.
        if i > 0 {
            w.neighbours
                .set_body_vel(i as u32 - 1, w.enemies[i - 1].vel);
        }
        let picked = step_enemy(w, i, &per_kind, sight, &mut hits, &mut near);
        push_out_of_crowd(w, i, picked.map(|p| (p, &mut near)));
    }
    // Last, enemies that walked (or were shoved by the crowd) into an agent step back
    // out of it: agents resolved their overlaps before the horde moved (world.rs order).
    for e in w.enemies.iter_mut().filter(|e| e.alive && !e.is_fixed()) {
        for a in w.agents.iter().filter(|a| a.alive) {
            let off = e.pos - a.pos;
            let min = e.radius + a.radius;
            if surely_beyond(off.length_sq(), min) {
                continue;
            }
            let d = off.length();
            if d < min && d > 1e-5 {
                e.pos = crate::space::grid::resolve_walls(
                    e.pos + off / d * (min - d),
                    e.radius,
                    &w.map.grid,
                );
            }
        }
    }
}

/// Whose turn it is to look for the target this tick: enemy `id` looks when
/// `(tick + id)` is a multiple of `every` (the looks staggered by id). Worked out once per
/// tick as `id mod every == phase`, with a mask when `every` is a power of two: not a
/// 64-bit division per enemy.
#[derive(Clone, Copy, Debug)]
struct SightTurn {
    every: u32,
    phase: u32,
}

impl SightTurn {
    fn at(tick: u64, every: u32) -> SightTurn {
        let every = every.max(1);
        let k = every as u64;
        SightTurn {
            every,
            phase: ((k - tick % k) % k) as u32,
        }
    }

    #[inline]
    fn looks(self, id: u32) -> bool {
        let rem = if self.every.is_power_of_two() {
            id & (self.every - 1)
        } else {
            id % self.every
        };
        rem == self.phase
    }
}

/// One enemy's tick (E1–E3): stagger, windup and hit, a new windup, or steering with the
/// boids. Returns the position the boids queried the neighbour grid from when they did,
/// with their hits left in `hits` (slot order).
fn step_enemy(
    w: &mut HordeStep,
    i: usize,
    per_kind: &[Option<(&KindTuning, AttackTiming)>; 7],
    sight: SightTurn,
    hits: &mut Vec<u32>,
    near: &mut Vec<u32>,
) -> Option<Picked> {
    use crate::core::events::EventKind;
    use crate::horde::steering::{arrive, follow_flow, pursuit, wander, Flock};
    use crate::tuning::DT;

    let t = w.tuning;
    let e = &w.enemies[i];
    if !e.alive || e.is_fixed() {
        return None;
    }
    let (kt, timing) = per_kind[e.kind as usize]?;
    let (id, kind) = (e.id, e.kind);

    // A stalker looks at the light every tick (T2): caught, it shies for the back-off
    // time after the beam leaves it.
    if kind == EnemyKind::Stalker {
        let e = &w.enemies[i];
        let now = lit(w.beams, e.pos, e.radius, &w.map.grid);
        let back_off = w.ticks.stalk_back_off.max(1);
        let e = &mut w.enemies[i];
        let was_dark = !e.lit;
        if now {
            e.shy = back_off;
        } else {
            e.shy = e.shy.saturating_sub(1);
        }
        e.lit = now;
        if now && was_dark {
            w.emit(EventKind::StalkerLit { enemy: id });
        }
    }

    // Stagger: interrupted, sliding to a stop; the cooldown does not run.
    if w.enemies[i].stagger > 0 {
        let e = &mut w.enemies[i];
        e.stagger -= 1;
        if e.attack.winding_up() {
            e.attack.windup_left = None;
            e.attack.cooldown = e.attack.cooldown_before;
            e.attack.target = None;
            w.emit(EventKind::AttackInterrupted { enemy: id });
        }
        let e = &mut w.enemies[i];
        e.vel = e.vel * t.enemy.stagger_damping;
        if e.shy > 0 {
            // A stalker in the light brakes as hard as it can, staggered or not (T2):
            // the hit does not carry it on toward the squad.
            e.vel = e
                .vel
                .clamp_length((e.vel.length() - kt.accel * DT).max(0.0));
        }
        e.pos = crate::space::grid::resolve_walls(e.pos + e.vel * DT, e.radius, &w.map.grid);
        return None;
    }
    w.enemies[i].attack.cooldown = w.enemies[i].attack.cooldown.saturating_sub(1);

    // Windup: rooted; the hit lands exactly `windup_ticks` after `AttackStarted`.
    if let Some(left) = w.enemies[i].attack.windup_left {
        let e = &mut w.enemies[i];
        e.vel = Vec2::ZERO;
        if left > 1 {
            e.attack.windup_left = Some(left - 1);
            return None;
        }
        e.attack.windup_left = None;
        let target = e.attack.target.take();
        let e = w.enemies[i].clone();
        if e.kind == EnemyKind::Spitter {
            // The hit frame is the release (T1): the spit leaves now, at the snapshot
            // target where it stands; the flight comes on top.
            match target.map(|ti| w.agents[ti as usize]).filter(|a| a.alive) {
                Some(a) => {
                    let spit = crate::horde::spitter::spit_at(
                        &e,
                        &a,
                        kt,
                        t,
                        (w.ids.take(), w.tick, w.damage_scale),
                    );
                    w.emit(EventKind::SpitReleased {
                        enemy: id,
                        spit: spit.id,
                        target: a.id,
                        pos: spit.pos,
                        dir: spit.dir,
                    });
                    w.spits.push(spit);
                }
                None => w.emit(EventKind::AttackWhiffed {
                    enemy: id,
                    gap: f32::INFINITY,
                }),
            }
            return None;
        }
        // Surface gap to the snapshot target at the hit (infinite when it is down).
        let target_gap = target
            .map(|ti| &w.agents[ti as usize])
            .filter(|a| a.alive)
            .map_or(f32::INFINITY, |a| gap(&e, a.pos, a.radius));
        match target
            .map(|ti| &w.agents[ti as usize])
            .filter(|a| a.alive && gap(&e, a.pos, a.radius) <= kt.reach)
        {
            Some(a) => {
                let dir = (a.pos - e.pos).normalize_or_zero();
                let victim = a.id as usize;
                let blow = Damage {
                    target: Target::Agent(a.id),
                    source: Source::Blow { enemy: id },
                    amount: kt.damage * w.damage_scale,
                    stagger: 0,
                    knockback: dir * kt.knockback,
                    pos: a.pos,
                };
                w.agents[victim] = (w.deal)(blow, w.events);
            }
            None => w.emit(EventKind::AttackWhiffed {
                enemy: id,
                gap: target_gap,
            }),
        }
        return None;
    }

    // The nearest standing agent (only what the steering needs: no clone of the
    // agent's buffers per enemy per tick).
    // Each agent's distance computed once: the least by (squared distance, id).
    let e = &w.enemies[i];
    let target = w
        .agents
        .iter()
        .filter(|a| a.alive)
        .map(|a| (a.pos.distance_sq(e.pos), a))
        .min_by(|(da, a), (db, b)| da.total_cmp(db).then(a.id.cmp(&b.id)))
        .map(|(_, a)| Seen {
            id: a.id,
            pos: a.pos,
            vel: a.vel,
            radius: a.radius,
        });

    if let Some(a) = &target {
        let in_reach = e.attack.cooldown == 0
            && gap(e, a.pos, a.radius) <= kt.reach
            && match e.kind {
                // A spitter spits along a clear line only; a shy stalker does not strike.
                EnemyKind::Spitter => w.map.grid.line_clear(e.pos, a.pos),
                EnemyKind::Stalker => e.shy == 0,
                _ => true,
            };
        if in_reach {
            let e = &mut w.enemies[i];
            e.attack.cooldown_before = e.attack.cooldown;
            e.attack.cooldown = timing.interval;
            e.attack.windup_left = Some(timing.windup);
            e.attack.windup_ticks = timing.windup;
            e.attack.target = Some(a.id);
            e.attack.started = w.tick;
            e.vel = Vec2::ZERO;
            e.facing = (a.pos - e.pos).angle();
            w.emit(EventKind::AttackStarted {
                enemy: id,
                target: a.id,
                windup: timing.windup,
            });
            return None;
        }
    }

    // Steering (E1): pursue a visible agent, else follow the flow field, else wander.
    let e = &w.enemies[i];
    let mut force = Vec2::ZERO;
    let mut wander_turn = 0.0;
    // Line of sight is looked at every `sight_check_ticks` per enemy (staggered by id).
    if sight.looks(e.id) {
        let sees = target.as_ref().is_some_and(|a| {
            a.pos.distance(e.pos) <= t.enemy.sight_range && w.map.grid.line_clear(e.pos, a.pos)
        });
        w.enemies[i].sees = sees;
    }
    let e = &w.enemies[i];
    let mut top = kt.speed;
    let special = match e.kind {
        EnemyKind::Stalker => crate::horde::stalker::stalk_force(
            e,
            target.as_ref(),
            kt,
            t,
            (w.beams, w.flare_lights, &w.map.grid),
            w.flow.smooth_direction_at(e.pos),
        ),
        EnemyKind::Spitter => crate::horde::spitter::spitter_force(e, target.as_ref(), kt, t),
        _ => None,
    };
    let e = &w.enemies[i];
    // A shambler within the lure's reach walks to the flare and mills round it, unless
    // an agent is right at hand (K3: one lure at a time, the first flare).
    let lured = e.kind == EnemyKind::Shambler
        && w.lure.is_some_and(|l| l.draws(e.pos))
        && !target
            .as_ref()
            .is_some_and(|a| gap(e, a.pos, a.radius) <= kt.reach + t.enemy.close_in_slack);
    match &target {
        _ if lured => {
            let l = w.lure.expect("lured by a lure");
            let mill = t.tools.flare_mill;
            if e.pos.distance(l.pos) > mill {
                force +=
                    follow_flow(e.vel, l.field.smooth_direction_at(e.pos), kt.speed) * kt.w_flow;
            } else {
                wander_turn = w.rng.range_f32(-t.enemy.wander_turn, t.enemy.wander_turn);
                force += wander(e.vel, e.wander, kt.speed) * kt.w_wander;
                force += arrive(e.pos, e.vel, l.pos, kt.speed, mill) * kt.w_flow;
            }
        }
        _ if special.is_some() => {
            if let Some((f, s)) = special {
                force += f;
                top = s;
            }
        }
        Some(a) if e.sees => {
            let contact = e.radius + a.radius + kt.reach * t.enemy.close_in_reach_share;
            if a.pos.distance(e.pos) < contact + t.enemy.close_in_slack {
                let stop = a.pos + (e.pos - a.pos).normalize_or_zero() * contact;
                force +=
                    arrive(e.pos, e.vel, stop, kt.speed, t.enemy.close_in_arrive) * kt.w_pursuit;
            } else {
                force += pursuit(e.pos, e.vel, a.pos, a.vel, kt.speed, kt.pursuit_horizon)
                    * kt.w_pursuit;
            }
        }
        Some(_) if w.flow.direction_at(e.pos) != Vec2::ZERO => {
            force += follow_flow(e.vel, w.flow.smooth_direction_at(e.pos), kt.speed) * kt.w_flow;
        }
        _ => {
            wander_turn = w.rng.range_f32(-t.enemy.wander_turn, t.enemy.wander_turn);
            force += wander(e.vel, e.wander, kt.speed) * kt.w_wander;
        }
    }
    let mut flock = Flock::default();
    let (pos, r_sep) = (e.pos, kt.separation_radius);
    hits.clear();
    w.neighbours
        .for_each_chunk_in_radius(pos, kt.neighbour_radius, |_, slots| {
            hits.extend_from_slice(slots)
        });
    // The crowd push's candidates, picked from the boids' distances: every neighbour
    // within `pick` of here, enough for a push from anywhere this step can take the
    // body (see `push_out_of_crowd`) and never beyond the boids' own radius.
    let reach = crowd_reach(e.radius, w.neighbours);
    let pick = (reach + kt.speed * DT + PICK_SLACK).min(kt.neighbour_radius);
    flock.add_slots_picking(
        pos,
        r_sep,
        i as u32,
        w.neighbours.columns(),
        hits,
        (pick * pick, near),
    );
    force += flock.separation_force(e.vel, kt.speed) * kt.w_separation;
    force += flock.alignment_force(e.vel) * kt.w_alignment;
    force += flock.cohesion_force(e.pos, e.vel, kt.speed) * kt.w_cohesion;

    let e = &mut w.enemies[i];
    e.wander += wander_turn;
    e.vel = (e.vel + force.clamp_length(kt.accel) * DT).clamp_length(top);
    e.pos = crate::space::grid::resolve_walls(e.pos + e.vel * DT, e.radius, &w.map.grid);
    if e.vel.length_sq() > t.enemy.facing_min_speed_sq {
        e.facing = e.vel.angle();
    }
    Some(Picked { from: pos, pick })
}

/// Movement beyond a step at full speed that the picked candidates still cover (a slide
/// along a wall); a body pushed further gets a query of its own.
const PICK_SLACK: f32 = 0.05;

/// How far the crowd push looks round a body of radius `r`: a neighbour closer than
/// `r + its radius` overlaps, so `r + the largest radius` in the grid — but never
/// further than `r + 0.5` (a neighbour of radius above 0.5 pushes only from within that).
fn crowd_reach(r: f32, neighbours: &SpatialGrid) -> f32 {
    (r + 0.5).min(r + neighbours.max_body_radius())
}

/// Where an enemy's boids looked from this tick, and how far round it they picked the
/// crowd push's candidates.
#[derive(Clone, Copy, Debug)]
struct Picked {
    from: Vec2,
    pick: f32,
}

/// Keeps the `slots` within `reach` of `p` by the neighbour grid's own test
/// (`dx² + dy² <= reach²` in single precision, as its query computes it): what a query
/// of radius `reach` round `p` would have found among them, in their order.
fn narrow_to_reach(slots: &mut Vec<u32>, cols: Columns<'_>, p: Vec2, reach: f32) {
    let r2 = reach * reach;
    slots.retain(|&s| {
        let (dx, dy) = (cols.xs[s as usize] - p.x, cols.ys[s as usize] - p.y);
        dx * dx + dy * dy <= r2
    });
}

/// Bodies of the horde do not overlap (dummies do not move): enemy `i`, where it now
/// stands, steps out of the neighbours within [`crowd_reach`] that it overlaps, as the
/// grid holds them (their places before this tick's moves). `picked` is what the boids
/// picked this tick: the neighbours within `pick` of `from`, in slot order. When every
/// neighbour within reach of the body lies within that, they are read — narrowed by the
/// grid query's own test — instead of a second query: the same neighbours in the same
/// order, so the same push, bit for bit.
fn push_out_of_crowd(w: &mut HordeStep, i: usize, picked: Option<(Picked, &mut Vec<u32>)>) {
    use crate::horde::steering::add_overlap_push;
    let e = &w.enemies[i];
    if !e.alive || e.is_fixed() {
        return;
    }
    let (p, r) = (e.pos, e.radius);
    let mut push = Vec2::ZERO;
    // Every body in the grid is alive: nothing in this step kills an enemy.
    let reach = crowd_reach(r, w.neighbours);
    match picked {
        // A neighbour within `reach` of `p` is within `|p - from| + reach` of `from`; the
        // margin keeps the single-precision picking from dropping one on the edge.
        Some((k, slots)) if k.from.distance(p) + reach + 1e-3 <= k.pick => {
            let cols = w.neighbours.columns();
            // Only a neighbour of radius above 0.5 can overlap from beyond the reach;
            // without one, those beyond it add +0 and need no narrowing.
            if w.neighbours.max_body_radius() > 0.5 {
                narrow_to_reach(slots, cols, p, reach);
            }
            add_overlap_push(&mut push, p, r, i as u32, cols, slots)
        }
        _ => w
            .neighbours
            .for_each_chunk_in_radius(p, reach, |cols, slots| {
                add_overlap_push(&mut push, p, r, i as u32, cols, slots)
            }),
    }
    if push != Vec2::ZERO {
        let e = &mut w.enemies[i];
        e.pos = crate::space::grid::resolve_walls(e.pos + push, e.radius, &w.map.grid);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::horde::body::attack_timing;

    /// The crowd push from the boids' picked neighbours, narrowed to the push's reach,
    /// equals the push from a query of that reach, bit for bit — also with bodies of
    /// radius above 0.5, which overlap beyond the reach and must not push from there.
    #[test]
    fn the_picked_crowd_push_equals_a_query_of_the_reach() {
        use crate::horde::steering::add_overlap_push;
        use crate::space::spatial::BodyData;
        let mut rng = Rng::new(9);
        let (mut differs_unnarrowed, mut pushes) = (0, 0);
        for case in 0..400 {
            let n = 2 + rng.below(40) as usize;
            let items: Vec<(u32, Vec2, BodyData)> = (0..n as u32)
                .map(|k| {
                    let body = BodyData {
                        vel: Vec2::ZERO,
                        radius: [0.3, 0.45, 0.6, 0.9][rng.below(4) as usize],
                        fixed: rng.below(8) == 0,
                    };
                    (
                        k,
                        Vec2::new(rng.range_f32(0.0, 5.0), rng.range_f32(0.0, 5.0)),
                        body,
                    )
                })
                .collect();
            let mut g = SpatialGrid::new(Vec2::ZERO, Vec2::new(5.0, 5.0), 2.0);
            g.rebuild_bodies(items.iter().copied());
            for &(me, from, body) in &items {
                let r = body.radius;
                let reach = crowd_reach(r, &g);
                let step = Vec2::new(rng.range_f32(-0.06, 0.06), rng.range_f32(-0.06, 0.06));
                let p = from + step;
                let pick = reach + 0.1 + PICK_SLACK;
                assert!(from.distance(p) + reach + 1e-3 <= pick, "case {case}");
                let mut picked = Vec::new();
                g.for_each_chunk_in_radius(from, pick, |cols, slots| {
                    picked.extend(slots.iter().filter(|&&k| cols.ids[k as usize] != me))
                });
                let mut unnarrowed = Vec2::ZERO;
                add_overlap_push(&mut unnarrowed, p, r, me, g.columns(), &picked);
                if g.max_body_radius() > 0.5 {
                    narrow_to_reach(&mut picked, g.columns(), p, reach);
                }
                let mut got = Vec2::ZERO;
                add_overlap_push(&mut got, p, r, me, g.columns(), &picked);
                let mut want = Vec2::ZERO;
                g.for_each_chunk_in_radius(p, reach, |cols, slots| {
                    add_overlap_push(&mut want, p, r, me, cols, slots)
                });
                assert_eq!(
                    (got.x.to_bits(), got.y.to_bits()),
                    (want.x.to_bits(), want.y.to_bits()),
                    "case {case} body {me}"
                );
                differs_unnarrowed += (unnarrowed != want) as u32;
                pushes += (want != Vec2::ZERO) as u32;
            }
        }
        assert!(pushes > 1000, "{pushes}");
        assert!(
            differs_unnarrowed > 10,
            "the reach matters: {differs_unnarrowed}"
        );
    }

    #[test]
    fn sight_turns_are_the_ticks_where_tick_plus_id_is_a_multiple() {
        for every in [1, 2, 3, 4, 5, 7, 8, 30] {
            for tick in [0u64, 1, 2, 3, 7, 29, 30, 1_000_003, u32::MAX as u64 + 5] {
                let turn = SightTurn::at(tick, every);
                for id in [0u32, 1, 2, 3, 4, 5, 6, 11, 64, 1001, u32::MAX] {
                    let want = (tick + id as u64).is_multiple_of(every as u64);
                    assert_eq!(turn.looks(id), want, "every {every} tick {tick} id {id}");
                }
            }
        }
        // 0 behaves as 1 (every tick), as the tuning's floor.
        assert!(SightTurn::at(5, 0).looks(3));
    }

    #[test]
    fn windup_formula_in_the_slow_regime() {
        // Seed 003's example at 60 Hz: interval 180 ticks (3 s), hit frame 5 of 7, swing 60.
        let t = attack_timing(1.0 / 3.0, 5, 7, 60, 6);
        assert_eq!(
            t,
            AttackTiming {
                interval: 180,
                swing: 60,
                windup: 42
            }
        );
    }

    #[test]
    fn swing_is_clamped_to_a_short_interval() {
        // Interval 30 ticks is shorter than the 60-tick swing: the swing shrinks.
        let t = attack_timing(2.0, 5, 7, 60, 6);
        assert_eq!(
            t,
            AttackTiming {
                interval: 30,
                swing: 30,
                windup: 21
            }
        );
    }

    #[test]
    fn hit_frame_zero_is_raised_to_the_telegraph_floor() {
        assert_eq!(attack_timing(1.0, 0, 7, 60, 12).windup, 12);
    }

    #[test]
    fn hit_on_the_last_frame_stays_before_the_next_swing() {
        // hit_frame = frame_count would land on the swing's end = the interval.
        let t = attack_timing(2.0, 7, 7, 60, 6);
        assert_eq!(t.interval, 30);
        assert_eq!(t.windup, 29, "clamped to interval − 1");
        assert_eq!(attack_timing(2.0, 6, 7, 60, 6).windup, 25);
    }

    #[test]
    fn very_high_attack_speed_keeps_an_interval_of_one() {
        let t = attack_timing(1000.0, 3, 7, 60, 12);
        assert_eq!(t.interval, 1);
        assert_eq!(t.swing, 1);
        assert_eq!(t.windup, 1, "the floor cannot exceed the interval; never 0");
        let z = attack_timing(0.0, 3, 7, 60, 12);
        assert_eq!(z.interval, 1, "a zero or NaN speed does not divide by zero");
    }

    #[test]
    fn the_floor_beats_a_tiny_hit_fraction_but_not_the_interval() {
        assert_eq!(
            attack_timing(0.5, 1, 20, 60, 12).windup,
            12,
            "3 ticks raised to 12"
        );
        assert_eq!(
            attack_timing(6.0, 1, 20, 60, 12).windup,
            9,
            "interval 10: capped at 9"
        );
    }

    #[test]
    fn the_one_rounding_is_half_away_from_zero() {
        // 60 / 40 = 1.5 ticks → 2.
        assert_eq!(attack_timing(40.0, 1, 2, 60, 0).interval, 2);
        // 60 / 24 = 2.5 → 3.
        assert_eq!(attack_timing(24.0, 1, 2, 60, 0).interval, 3);
    }
}
