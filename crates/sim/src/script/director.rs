//! The director (REQ T3): paces the fear. Its anchor is Left 4 Dead's AI director.
//!
//! The squad's **intensity** (0..1) rises with the damage it takes, the agents that
//! fall and every enemy close to an agent, and decays while no enemy is near. The
//! director moves through four phases:
//!
//! - **build-up** — groups spawn every `spawn_every` seconds, up to the phase's
//!   population cap, until intensity crosses the level's `peak_at`;
//! - **peak** — sustained for 3–5 s (drawn from `sustain`), spawning on;
//! - **fade** — no spawns, until intensity falls below `relax_below`;
//! - **relax** — no spawns for 30–45 s (drawn from `relax`), then build-up again.
//!
//! A group spawns only where no standing agent sees it (no straight line of sight
//! within `sight_range`) and at least `min_flow_tiles` along the horde's flow field
//! from the squad: the map's `E` points and `samples` random floor tiles are the
//! candidates, one is drawn among those that qualify. Everything it draws comes from
//! the world's RNG, and its state is part of the script: checksummed, saved, replayed.

use serde::{Deserialize, Serialize};

pub use crate::core::pacing::{Difficulty, Phase};

use crate::core::events::{Event, EventKind, Events};
use crate::core::geom::Vec2;
use crate::core::ids::Ids;
use crate::core::rng::Rng;
use crate::horde::enemy::EnemyKind;
use crate::horde::prey::Prey;
use crate::horde::Horde;
use crate::nav::flow::{FlowField, UNREACHABLE};
use crate::space::grid::Grid;
use crate::space::light::Beam;
use crate::space::map::Map;
use crate::tuning::{ticks, LevelTuning, Tuning, DT};

/// The director's state: part of the script, so saved and checksummed.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Director {
    /// `None`: off (the acceptance scenarios).
    pub level: Option<Difficulty>,
    pub phase: Phase,
    /// Ticks spent in this phase.
    pub phase_ticks: u32,
    /// How long the peak or the relax lasts (drawn at its start), ticks.
    pub phase_len: u32,
    /// The squad's intensity, 0..1.
    pub intensity: f32,
    /// Ticks until the next group may spawn.
    pub spawn_wait: u32,
    /// Bodies spawned so far.
    pub spawned: u32,
    /// Peaks reached so far.
    pub peaks: u32,
    /// Ticks until the next mob may come (the first comes `mob_every` into the run).
    pub mob_wait: u32,
    /// Mobs sent so far.
    pub mobs: u32,
    /// The kinds it may send, in [`DIRECTOR_KINDS`]' order (the scenario's
    /// `director_kinds`: a campaign introduces its enemies one at a time); `None`: all.
    pub kinds: Option<[bool; 5]>,
}

impl Director {
    /// `weights` with the kinds this director may not send set to 0.
    pub fn allowed(&self, weights: [f32; 5]) -> [f32; 5] {
        match self.kinds {
            None => weights,
            Some(mask) => std::array::from_fn(|k| if mask[k] { weights[k] } else { 0.0 }),
        }
    }
}

/// What the director reads and writes.
pub struct DirectorStep<'a> {
    pub tick: u64,
    pub map: &'a Map,
    pub tuning: &'a Tuning,
    /// The horde's flow field toward the squad, built this tick.
    pub flow: &'a FlowField,
    pub agents: &'a [Prey],
    /// The burning flares' lights this tick: no stalker is spawned in one (K3).
    pub flare_lights: &'a [Beam],
    pub horde: &'a mut Horde,
    pub rng: &'a mut Rng,
    pub ids: &'a mut Ids,
    pub events: &'a mut Events,
}

/// What this tick did to the squad, read from its events: damage taken, agents down,
/// and enemies killed within `kill_radius` of a standing agent.
fn hurt_this_tick(events: &[Event], agents: &[Prey], kill_radius: f32) -> (f32, u32, u32) {
    let (mut damage, mut downs, mut kills) = (0.0, 0, 0);
    let r2 = kill_radius * kill_radius;
    for e in events {
        match e.kind {
            EventKind::EnemyKilled { pos, .. }
                if agents
                    .iter()
                    .any(|a| a.alive && a.pos.distance_sq(pos) <= r2) =>
            {
                kills += 1
            }
            EventKind::DamageDealt { amount, .. } => damage += amount,
            EventKind::SpitHit {
                agent: Some(_),
                amount,
                ..
            } => damage += amount,
            EventKind::AgentDown { .. } => downs += 1,
            _ => {}
        }
    }
    (damage, downs, kills)
}

/// Living enemies within `radius` of a standing agent (dummies are not a threat).
pub fn enemies_near(horde: &Horde, agents: &[Prey], radius: f32) -> u32 {
    let r2 = radius * radius;
    horde
        .enemies
        .iter()
        .filter(|e| e.alive && e.is_threat())
        .filter(|e| {
            agents
                .iter()
                .any(|a| a.alive && a.pos.distance_sq(e.pos) <= r2)
        })
        .count() as u32
}

/// What raised the squad's intensity this tick.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Hurt {
    /// Damage taken.
    pub damage: f32,
    /// Agents that fell.
    pub downs: u32,
    /// Enemies killed close to the squad.
    pub kills: u32,
    /// Enemies close to an agent.
    pub near: u32,
}

/// The intensity after one tick of `h`. Pure, so the curve is testable on its own.
pub fn next_intensity(i: f32, h: Hurt, t: &Tuning) -> f32 {
    let d = &t.director;
    let Hurt {
        damage,
        downs,
        kills,
        near,
    } = h;
    let mut i = i + damage * d.per_damage + downs as f32 * d.per_down + kills as f32 * d.per_kill;
    i += near as f32 * d.per_near * DT;
    if near == 0 {
        i -= d.decay * DT;
    }
    i.clamp(0.0, 1.0)
}

/// The next phase from `phase` after `phase_ticks` in it: `None` to stay.
pub fn next_phase(dir: &Director, level: &LevelTuning, t: &Tuning) -> Option<Phase> {
    let d = &t.director;
    match dir.phase {
        Phase::BuildUp if dir.intensity >= level.peak_at => Some(Phase::Peak),
        Phase::Peak if dir.phase_ticks >= dir.phase_len => Some(Phase::Fade),
        Phase::Fade if dir.intensity <= d.relax_below => Some(Phase::Relax),
        Phase::Relax if dir.phase_ticks >= dir.phase_len => Some(Phase::BuildUp),
        _ => None,
    }
}

/// One tick of the director, at the end of the world's tick (it reads the tick's
/// events and the flow field built this tick).
pub fn step_director(dir: &mut Director, s: &mut DirectorStep) {
    let Some(level) = dir.level else {
        return;
    };
    let t = s.tuning;
    let lt = t.director.level(level);
    let (damage, downs, kills) =
        hurt_this_tick(&s.events.this_tick, s.agents, t.director.kill_radius);
    let near = enemies_near(s.horde, s.agents, t.director.near_radius);
    let hurt = Hurt {
        damage,
        downs,
        kills,
        near,
    };
    dir.intensity = next_intensity(dir.intensity, hurt, t);
    dir.phase_ticks = dir.phase_ticks.saturating_add(1);
    if let Some(next) = next_phase(dir, lt, t) {
        let span = match next {
            Phase::Peak => t.director.sustain,
            Phase::Relax => t.director.relax,
            _ => [0.0, 0.0],
        };
        dir.phase = next;
        dir.phase_ticks = 0;
        dir.phase_len = ticks(s.rng.range_f32(span[0], span[1]));
        if next == Phase::Peak {
            dir.peaks += 1;
        }
        s.events.emit(
            s.tick,
            EventKind::DirectorPhase {
                phase: next,
                intensity: dir.intensity,
            },
        );
    }
    let cap = match dir.phase {
        Phase::BuildUp => lt.cap_build,
        Phase::Peak => lt.cap_peak,
        Phase::Fade | Phase::Relax => return,
    };
    // The flow field is built from the first tick on; before it nothing qualifies.
    if s.flow.width() != s.map.width() {
        return;
    }
    let alive = s
        .horde
        .enemies
        .iter()
        .filter(|e| e.alive && e.is_threat())
        .count() as u32;
    // The mob (L4D's horde): every `mob_every` of build-up and peak, a crowd of
    // shamblers and runners from two places at once — more than the guns stop before it
    // reaches the squad. It may take the population to the peak's cap even in the
    // build-up (it is what makes the peak); the two places are drawn independently.
    dir.mob_wait = dir.mob_wait.saturating_sub(1);
    if dir.mob_wait == 0 && alive + lt.mob <= lt.cap_peak {
        let half = lt.mob / 2;
        let mut sent = 0;
        for n in [half, lt.mob - half] {
            if let Some(at) = spawn_point(s) {
                let mob_kinds = dir.allowed([lt.kinds[0], lt.kinds[1], 0.0, 0.0, 0.0]);
                for _ in 0..n {
                    let kind = pick_kind(&mob_kinds, s.rng);
                    sent += spawn_group(s, kind, at, 1);
                }
            }
        }
        dir.spawned += sent;
        dir.mobs += (sent > 0) as u32;
        dir.mob_wait = if sent > 0 { ticks(lt.mob_every) } else { 30 };
        return;
    }
    if dir.spawn_wait > 0 {
        dir.spawn_wait -= 1;
        return;
    }
    let n = lt.group[0] + s.rng.below(lt.group[1] - lt.group[0] + 1);
    if alive + n > cap {
        dir.spawn_wait = ticks(lt.spawn_every / 4.0);
        return;
    }
    let Some(at) = spawn_point(s) else {
        // Nowhere unseen and far enough this time: look again in half a second.
        dir.spawn_wait = 30;
        return;
    };
    let kind = pick_kind(&dir.allowed(lt.kinds), s.rng);
    dir.spawned += spawn_group(s, kind, at, n);
    dir.spawn_wait = ticks(lt.spawn_every);
}

/// The kinds a director's group is drawn from, in the order of `LevelTuning::kinds`.
pub const DIRECTOR_KINDS: [EnemyKind; 5] = [
    EnemyKind::Shambler,
    EnemyKind::Runner,
    EnemyKind::Brute,
    EnemyKind::Spitter,
    EnemyKind::Stalker,
];

/// One kind drawn by `weights`; shamblers when every weight is 0.
fn pick_kind(weights: &[f32; 5], rng: &mut Rng) -> EnemyKind {
    let sum: f32 = weights.iter().sum();
    let mut x = rng.range_f32(0.0, sum);
    for (k, &w) in DIRECTOR_KINDS.iter().zip(weights) {
        if x < w {
            return *k;
        }
        x -= w;
    }
    EnemyKind::Shambler
}

/// `p` is a place the director may spawn at: floor, within the flow-field band from
/// the squad, and out of every standing agent's line of sight.
pub fn spawn_allowed(p: Vec2, s: &DirectorStep) -> bool {
    let d = &s.tuning.director;
    let (x, y) = Grid::tile_of(p);
    let grid = &s.map.grid;
    if grid.is_wall(x, y) {
        return false;
    }
    let flow = s.flow.distance(x, y);
    let (lo, hi) = (
        (d.min_flow_tiles * 1000.0) as u32,
        (d.max_flow_tiles * 1000.0) as u32,
    );
    if flow == UNREACHABLE || flow < lo || flow > hi {
        return false;
    }
    let r2 = d.sight_range * d.sight_range;
    !s.agents
        .iter()
        .any(|a| a.alive && a.pos.distance_sq(p) <= r2 && grid.line_clear(a.pos, p))
}

/// One spawn point among the map's `E` points and `samples` random floor tiles that
/// qualify, drawn with the world's RNG.
fn spawn_point(s: &mut DirectorStep) -> Option<Vec2> {
    let (w, h) = (s.map.width() as u32, s.map.height() as u32);
    let mut ok: Vec<Vec2> = Vec::new();
    for &p in &s.map.enemy_spawns {
        if spawn_allowed(p, s) {
            ok.push(p);
        }
    }
    for _ in 0..s.tuning.director.samples {
        let k = s.rng.below(w * h);
        let p = Grid::tile_center((k % w) as i32, (k / w) as i32);
        if spawn_allowed(p, s) {
            ok.push(p);
        }
    }
    if ok.is_empty() {
        return None;
    }
    Some(ok[s.rng.below(ok.len() as u32) as usize])
}

/// `n` bodies of `kind` round `at`, jittered as a wave's, never inside a wall and never
/// where the jitter brings one into an agent's sight ([`spawn_allowed`]). A stalker is
/// never put in a burning flare's light (K3: stalkers do not enter one; put there, it
/// stood in the light while it walked out — mission 6), and is not spawned when no
/// spot round `at` is dark. Returns how many it put down. (The lights are the ones the
/// tick began with: a flare landing this very tick is not among them, and the K3 row
/// takes a stalker it lands on as caught, as one it was thrown at.)
fn spawn_group(s: &mut DirectorStep, kind: EnemyKind, at: Vec2, n: u32) -> u32 {
    let t = s.tuning;
    let r = kind.tuning(t).map_or(t.enemy.dummy_radius, |k| k.radius);
    let jitter = t.enemy.spawn_jitter;
    let lights = s.flare_lights;
    let dark = |q: Vec2| kind != EnemyKind::Stalker || !lights.iter().any(|f| f.touches(q, r));
    let mut placed = 0;
    for _ in 0..n {
        let mut p = dark(at).then_some(at);
        for _ in 0..8 {
            let q = at
                + Vec2::new(
                    s.rng.range_f32(-jitter, jitter),
                    s.rng.range_f32(-jitter, jitter),
                );
            // Jittered, a body must still stand where no agent sees it.
            if !s.map.grid.circle_hits_wall(q, r) && spawn_allowed(q, s) && dark(q) {
                p = Some(q);
                break;
            }
        }
        let Some(p) = p else {
            continue;
        };
        let id = s.horde.spawn(kind, p, t, s.rng, s.ids);
        s.events.emit(s.tick, EventKind::EnemySpawned { enemy: id });
        placed += 1;
    }
    placed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn intensity_rises_with_damage_downs_and_near_enemies_and_decays_when_calm() {
        let t = Tuning::default();
        let hurt = |damage, downs, kills, near| Hurt {
            damage,
            downs,
            kills,
            near,
        };
        let i = next_intensity(0.0, hurt(40.0, 0, 0, 0), &t);
        assert!((i - 0.5).abs() < 0.01, "{i}");
        assert!(next_intensity(0.2, hurt(0.0, 1, 0, 0), &t) > 0.69);
        let kill = next_intensity(0.2, hurt(0.0, 0, 1, 0), &t);
        assert!(kill > 0.2, "a kill close by adds {kill}");
        let near = next_intensity(0.2, hurt(0.0, 0, 0, 5), &t);
        assert!(near > 0.2, "five near add {near}");
        let calm = next_intensity(0.2, Hurt::default(), &t);
        assert!(calm < 0.2, "{calm}");
        // A calm minute takes a peak of 1 down by 0.05/s × 60 s = 3: to 0.
        let mut i = 1.0;
        for _ in 0..60 * 60 {
            i = next_intensity(i, Hurt::default(), &t);
        }
        assert_eq!(i, 0.0);
        assert_eq!(
            next_intensity(0.9, hurt(500.0, 3, 9, 9), &t),
            1.0,
            "clamped"
        );
    }

    #[test]
    fn the_phases_go_build_up_peak_fade_relax_and_round() {
        let t = Tuning::default();
        let lt = t.director.level(Difficulty::Normal);
        let mut d = Director {
            level: Some(Difficulty::Normal),
            ..Director::default()
        };
        d.intensity = lt.peak_at - 0.01;
        assert_eq!(next_phase(&d, lt, &t), None);
        d.intensity = lt.peak_at;
        assert_eq!(next_phase(&d, lt, &t), Some(Phase::Peak));
        d.phase = Phase::Peak;
        d.phase_len = 200;
        d.phase_ticks = 199;
        assert_eq!(next_phase(&d, lt, &t), None, "sustained");
        d.phase_ticks = 200;
        assert_eq!(next_phase(&d, lt, &t), Some(Phase::Fade));
        d.phase = Phase::Fade;
        d.intensity = 0.3;
        assert_eq!(next_phase(&d, lt, &t), None);
        d.intensity = t.director.relax_below;
        assert_eq!(next_phase(&d, lt, &t), Some(Phase::Relax));
        d.phase = Phase::Relax;
        d.phase_len = 2000;
        d.phase_ticks = 2000;
        assert_eq!(next_phase(&d, lt, &t), Some(Phase::BuildUp));
    }

    #[test]
    fn kinds_are_drawn_by_their_weights() {
        let mut rng = Rng::new(3);
        let mut n = [0u32; 5];
        let w = [1.0, 0.0, 0.0, 3.0, 0.0];
        for _ in 0..4000 {
            let k = pick_kind(&w, &mut rng);
            n[DIRECTOR_KINDS.iter().position(|&x| x == k).unwrap()] += 1;
        }
        assert_eq!((n[1], n[2], n[4]), (0, 0, 0));
        assert!((2800..3200).contains(&n[3]), "{n:?}");
    }

    /// K3: the director puts no stalker in a burning flare's light (put there, it stood
    /// inside while it walked out — mission 6), neither on the group's spot nor jittered
    /// round it; a stalker spawns where no flare burns; other kinds spawn as before, draw
    /// for draw and on the same spots.
    #[test]
    fn no_stalker_is_spawned_in_a_flares_light() {
        let t = Tuning::default();
        let mut text = String::new();
        for y in 0..12 {
            for x in 0..40 {
                let wall = x == 0 || y == 0 || x == 39 || y == 11;
                text.push(if wall {
                    '#'
                } else if (x, y) == (2, 2) {
                    'S'
                } else {
                    '.'
                });
            }
            text.push('\n');
        }
        let map = Map::parse("room.map", &text).unwrap();
        // The flow field from the squad's corner: the group's spot is within the band.
        let mut flow = FlowField::new();
        flow.rebuild(&map.grid, &[(2, 2)]);
        let at = Vec2::new(16.5, 6.5);
        let light = Beam::new(at, 0.0, t.tools.flare_light, std::f32::consts::PI);
        // A light whose edge runs just past the spot: the spot is out of it, some of the
        // jittered spots round it are in.
        let edge = Beam::new(
            at + Vec2::new(5.2, 0.0),
            0.0,
            t.tools.flare_light,
            std::f32::consts::PI,
        );
        let spawned = |kind: EnemyKind, lights: &[Beam]| {
            let mut horde = Horde::default();
            let (mut rng, mut ids, mut events) = (Rng::new(7), Ids::default(), Events::default());
            let mut s = DirectorStep {
                tick: 1,
                map: &map,
                tuning: &t,
                flow: &flow,
                agents: &[],
                flare_lights: lights,
                horde: &mut horde,
                rng: &mut rng,
                ids: &mut ids,
                events: &mut events,
            };
            let placed = spawn_group(&mut s, kind, at, 6);
            let spots: Vec<Vec2> = horde.enemies.iter().map(|e| e.pos).collect();
            assert_eq!(placed as usize, spots.len());
            (spots, rng)
        };
        assert!(spawned(EnemyKind::Stalker, &[light]).0.is_empty());
        let (free, _) = spawned(EnemyKind::Stalker, &[]);
        assert_eq!(free.len(), 6);
        assert!(
            free.iter().any(|p| *p != at),
            "the jitter placed some: {free:?}"
        );
        let (near, _) = spawned(EnemyKind::Stalker, &[edge]);
        assert!(
            !near.is_empty()
                && near
                    .iter()
                    .all(|p| !edge.touches(*p, t.enemy.stalker.radius))
        );
        assert_ne!(near, free, "spots in the light were passed over");
        assert_eq!(
            spawned(EnemyKind::Shambler, &[light]),
            spawned(EnemyKind::Shambler, &[])
        );
    }
}
