//! Missions (REQ C1): a scenario's objectives and triggers, and the step that judges
//! them each tick.
//!
//! A scenario names **areas** (rectangles of the map), **objectives** the squad must
//! complete — reach an area, survive a time, hold an area for a time, destroy the
//! nests, recover an item and bring it to an area — each active from the start or once
//! another is done (`after=`), and **triggers** that fire once, when the squad enters an
//! area or an objective is done: a wave, a cue to the director (a phase, a level, off),
//! or a line of text. The mission is won when every objective is done, and failed when
//! the squad is down or the scenario's time runs out first. A scenario without
//! objectives has no mission: it is survived to its end, as before.
//!
//! Where the squad *is*, for an area, is the centre of its standing agents (the anchor
//! leads it; what must arrive is the squad). A trigger's area is entered by any
//! standing agent. An item is picked up by the standing agent nearest to it (within
//! three pickup radii and in sight of it) once an agent or the anchor comes within
//! `pickup_radius`; it is dropped where its carrier
//! falls, and delivered when its carrier stands in the objective's area. A nest is a
//! static enemy (`EnemyKind::Nest`) that, once an agent comes within `nest_wake`,
//! sends a brood every `nest_every` seconds while it has fewer than `nest_cap` living
//! children.
//!
//! The state is part of the script: checksummed, saved and replayed with it.

use serde::{Deserialize, Serialize};

use crate::core::events::{EventKind, Events};
use crate::core::geom::Vec2;
use crate::core::ids::Ids;
use crate::core::pacing::{Difficulty, Phase};
use crate::core::rng::Rng;
use crate::horde::enemy::{find_enemy, Enemy, EnemyKind};
use crate::horde::Horde;
use crate::script::deeds::{Act, Deeds};
use crate::script::director::Director;
use crate::space::map::Map;
use crate::squad::agent::Agent;
use crate::tuning::{ticks, Tuning};

/// A named rectangle of the map, world units (`min` ≤ `max`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Area {
    pub name: String,
    pub min: Vec2,
    pub max: Vec2,
}

impl Area {
    pub fn contains(&self, p: Vec2) -> bool {
        p.x >= self.min.x && p.x <= self.max.x && p.y >= self.min.y && p.y <= self.max.y
    }

    pub fn centre(&self) -> Vec2 {
        (self.min + self.max) * 0.5
    }
}

/// What an objective asks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Goal {
    /// The squad reaches area `area`.
    Reach { area: usize },
    /// The squad stays standing for `seconds` once the objective is active.
    Survive { seconds: f32 },
    /// The squad stands in area `area` for `seconds` in all (leaving pauses the count).
    Hold { area: usize, seconds: f32 },
    /// Every nest of the mission destroyed.
    Nests,
    /// Item `item` carried into area `area`.
    Recover { item: usize, area: usize },
    /// The player does `act` once the objective is active (K8: a prompt that waits).
    Do { act: Act },
}

/// One objective as the scenario states it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ObjectiveSpec {
    pub name: String,
    pub goal: Goal,
    /// Active once this objective (an index) is done; `None`: from the start.
    pub after: Option<usize>,
    /// What the HUD and the results say of it.
    pub label: String,
}

/// When a trigger fires.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum When {
    /// A standing agent enters area `area`.
    Enter(usize),
    /// Objective `objective` is done.
    Done(usize),
}

/// A cue to the director.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Cue {
    /// Into this phase now.
    Phase(Phase),
    /// At this level from now on; `None` turns it off.
    Level(Option<Difficulty>),
}

/// What a trigger does.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Action {
    /// `count` enemies of `kind` at the map's enemy spawn `spawn` (scaled by the
    /// difficulty as a wave is).
    Wave {
        spawn: usize,
        kind: EnemyKind,
        count: u32,
    },
    Director(Cue),
    /// Shows line `line` of the mission's lines.
    Say(usize),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TriggerSpec {
    pub when: When,
    pub action: Action,
}

/// A mission as the scenario states it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct MissionSpec {
    pub areas: Vec<Area>,
    pub objectives: Vec<ObjectiveSpec>,
    pub triggers: Vec<TriggerSpec>,
    /// Where each item lies at the start (`recover` objectives).
    pub items: Vec<Vec2>,
    /// Each nest's place and the kind it breeds.
    pub nests: Vec<(Vec2, EnemyKind)>,
    /// The texts of `say` triggers.
    pub lines: Vec<String>,
}

impl MissionSpec {
    /// The scenario has a mission (at least one objective).
    pub fn is_mission(&self) -> bool {
        !self.objectives.is_empty()
    }

    pub fn area(&self, name: &str) -> Option<usize> {
        self.areas.iter().position(|a| a.name == name)
    }

    pub fn objective(&self, name: &str) -> Option<usize> {
        self.objectives.iter().position(|o| o.name == name)
    }
}

/// Where an objective stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    /// Its `after` objective is not done yet.
    Waiting,
    /// Active since `since`.
    Active { since: u64 },
    /// Completed at `at`.
    Done { at: u64 },
}

/// An objective and how far it has got.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Objective {
    pub spec: ObjectiveSpec,
    pub status: Status,
    /// Ticks held (a hold) or survived (a survive) so far.
    pub progress: u64,
}

impl Objective {
    pub fn done(&self) -> bool {
        matches!(self.status, Status::Done { .. })
    }

    pub fn active(&self) -> bool {
        matches!(self.status, Status::Active { .. })
    }
}

/// An item of a `recover` objective.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Item {
    /// Where it lies, or its carrier's place when carried.
    pub pos: Vec2,
    pub carrier: Option<u32>,
    pub delivered: bool,
}

/// A nest and its brood.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Nest {
    /// The nest's enemy id.
    pub enemy: u32,
    pub breeds: EnemyKind,
    /// An agent has come within `nest_wake`.
    pub awake: bool,
    /// Ticks until the next brood.
    pub wait: u32,
    /// Ids of its living children (sorted).
    pub children: Vec<u32>,
}

/// How the mission ends.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    #[default]
    Running,
    Won {
        at: u64,
    },
    /// Failed at `at`: the squad down (`squad_down`) or the time out.
    Failed {
        at: u64,
        squad_down: bool,
    },
}

impl Outcome {
    pub fn ended(self) -> bool {
        self != Outcome::Running
    }
}

/// A mission under way: part of the script.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Mission {
    pub areas: Vec<Area>,
    pub objectives: Vec<Objective>,
    pub triggers: Vec<(TriggerSpec, bool)>,
    pub items: Vec<Item>,
    pub nests: Vec<Nest>,
    pub lines: Vec<String>,
    pub outcome: Outcome,
    /// The scenario's end (ticks): the time an unfinished mission fails at.
    pub deadline: u64,
    /// The last line said, and when.
    pub said: Option<(u64, usize)>,
}

impl Mission {
    /// The mission of `spec`, lasting `deadline` ticks; its nests are spawned into
    /// `horde`.
    pub fn new(
        spec: &MissionSpec,
        deadline: u64,
        horde: &mut Horde,
        tuning: &Tuning,
        rng: &mut Rng,
        ids: &mut Ids,
    ) -> Mission {
        if !spec.is_mission() {
            return Mission::default();
        }
        let wait = ticks(tuning.mission.nest_every);
        let nests = spec
            .nests
            .iter()
            .map(|&(p, breeds)| Nest {
                enemy: horde.spawn(EnemyKind::Nest, p, tuning, rng, ids),
                breeds,
                awake: false,
                wait,
                children: Vec::new(),
            })
            .collect();
        Mission {
            areas: spec.areas.clone(),
            objectives: spec
                .objectives
                .iter()
                .map(|o| Objective {
                    spec: o.clone(),
                    status: match o.after {
                        None => Status::Active { since: 0 },
                        Some(_) => Status::Waiting,
                    },
                    progress: 0,
                })
                .collect(),
            triggers: spec.triggers.iter().map(|t| (t.clone(), false)).collect(),
            items: spec
                .items
                .iter()
                .map(|&pos| Item {
                    pos,
                    carrier: None,
                    delivered: false,
                })
                .collect(),
            nests,
            lines: spec.lines.clone(),
            outcome: Outcome::Running,
            deadline,
            said: None,
        }
    }

    /// What a tick relies on (a mission read from a save): every area, item, objective
    /// and agent index in range, positions finite.
    pub fn check(&self, agents: usize) -> Result<(), String> {
        let areas = self.areas.len();
        let area_ok = |a: usize| a < areas;
        for (k, o) in self.objectives.iter().enumerate() {
            let ok = match o.spec.goal {
                Goal::Reach { area } | Goal::Hold { area, .. } => area_ok(area),
                Goal::Recover { item, area } => area_ok(area) && item < self.items.len(),
                Goal::Survive { .. } | Goal::Nests | Goal::Do { .. } => true,
            };
            if !ok || o.spec.after.is_some_and(|a| a >= self.objectives.len()) {
                return Err(format!(
                    "objective {k} refers to no area, item or objective"
                ));
            }
        }
        for (k, (t, _)) in self.triggers.iter().enumerate() {
            let ok = match t.when {
                When::Enter(a) => area_ok(a),
                When::Done(o) => o < self.objectives.len(),
            } && match t.action {
                Action::Say(line) => line < self.lines.len(),
                _ => true,
            };
            if !ok {
                return Err(format!("trigger {k} refers to nothing"));
            }
        }
        for (k, it) in self.items.iter().enumerate() {
            if !it.pos.is_finite() || it.carrier.is_some_and(|c| c as usize >= agents) {
                return Err(format!("item {k} is off the map or carried by no agent"));
            }
        }
        if self.said.is_some_and(|(_, l)| l >= self.lines.len()) {
            return Err("the mission said a line it has not".into());
        }
        let finite = |a: &Area| a.min.is_finite() && a.max.is_finite();
        if !self.areas.iter().all(finite) {
            return Err("an area is not finite".into());
        }
        Ok(())
    }

    /// The world has a mission (objectives to complete).
    /// The hold zone `p` stands in (REQ S10.3): the area of a `hold` objective not yet
    /// done that contains it, as its corners.
    pub fn hold_zone_at(&self, p: Vec2) -> Option<(Vec2, Vec2)> {
        self.objectives
            .iter()
            .filter(|o| !o.done())
            .filter_map(|o| match o.spec.goal {
                Goal::Hold { area, .. } => self.areas.get(area),
                _ => None,
            })
            .find(|a| a.contains(p))
            .map(|a| (a.min, a.max))
    }

    pub fn is_mission(&self) -> bool {
        !self.objectives.is_empty()
    }

    /// Nests still standing.
    pub fn nests_left(&self, horde: &Horde) -> usize {
        self.nests_left_in(&horde.enemies)
    }

    /// Nests still standing among `enemies` (sorted by id: the world's).
    pub fn nests_left_in(&self, enemies: &[Enemy]) -> usize {
        self.nests
            .iter()
            .filter(|n| find_enemy(enemies, n.enemy).is_some_and(|e| e.alive))
            .count()
    }

    /// Where the player should look for objective `k`: its area, its item (until it is
    /// carried, then the area), the nearest standing nest to `from`.
    pub fn marker_in(&self, k: usize, enemies: &[Enemy], from: Vec2) -> Option<Vec2> {
        let o = self.objectives.get(k)?;
        match o.spec.goal {
            Goal::Reach { area } | Goal::Hold { area, .. } => Some(self.areas[area].centre()),
            Goal::Survive { .. } | Goal::Do { .. } => None,
            Goal::Nests => self
                .nests
                .iter()
                .filter_map(|n| find_enemy(enemies, n.enemy).filter(|e| e.alive))
                .map(|e| e.pos)
                .min_by(|a, b| a.distance_sq(from).total_cmp(&b.distance_sq(from))),
            Goal::Recover { item, area } => {
                let it = self.items[item];
                Some(if it.carrier.is_some() {
                    self.areas[area].centre()
                } else {
                    it.pos
                })
            }
        }
    }
}

/// What the mission step reads and writes.
pub struct MissionStep<'a> {
    pub tick: u64,
    pub map: &'a Map,
    pub tuning: &'a Tuning,
    pub agents: &'a [Agent],
    pub anchor: Vec2,
    pub horde: &'a mut Horde,
    pub director: &'a mut Director,
    pub difficulty: Difficulty,
    pub rng: &'a mut Rng,
    pub ids: &'a mut Ids,
    pub events: &'a mut Events,
    /// What the player did this tick (the `do` objectives wait for it).
    pub deeds: Deeds,
}

/// The centre of the standing agents; `None` when all are down.
fn squad_centre(agents: &[Agent]) -> Option<Vec2> {
    let (sum, n) = agents
        .iter()
        .filter(|a| a.alive)
        .fold((Vec2::ZERO, 0), |(s, n), a| (s + a.pos, n + 1));
    (n > 0).then(|| sum / n as f32)
}

/// One tick of the mission, at the end of the world's tick: nests breed, items move
/// with their carriers, objectives progress and complete, triggers fire, the outcome is
/// judged.
pub fn step_mission(m: &mut Mission, s: &mut MissionStep) {
    if !m.is_mission() || m.outcome.ended() {
        return;
    }
    breed(m, s);
    carry_items(m, s);
    let centre = squad_centre(s.agents);
    // Objectives, in order; one completed this tick may activate a later one, which
    // starts counting next tick.
    for k in 0..m.objectives.len() {
        let since = match m.objectives[k].status {
            Status::Active { since } if since <= s.tick => since,
            _ => continue,
        };
        let done = match m.objectives[k].spec.goal {
            Goal::Reach { area } => centre.is_some_and(|c| m.areas[area].contains(c)),
            Goal::Survive { seconds } => {
                let o = &mut m.objectives[k];
                o.progress = s.tick + 1 - since;
                centre.is_some() && o.progress >= ticks(seconds) as u64
            }
            Goal::Hold { area, seconds } => {
                let inside = centre.is_some_and(|c| m.areas[area].contains(c));
                let o = &mut m.objectives[k];
                o.progress += inside as u64;
                o.progress >= ticks(seconds) as u64
            }
            Goal::Nests => m.nests_left(s.horde) == 0,
            Goal::Do { act } => act.seen(&s.deeds, &s.events.this_tick),
            Goal::Recover { item, area } => {
                let it = &m.items[item];
                let delivered = it
                    .carrier
                    .and_then(|c| s.agents.get(c as usize))
                    .is_some_and(|a| a.alive && m.areas[area].contains(a.pos));
                if delivered {
                    m.items[item].delivered = true;
                    m.items[item].carrier = None;
                }
                delivered || m.items[item].delivered
            }
        };
        if done {
            m.objectives[k].status = Status::Done { at: s.tick };
            s.events.emit(
                s.tick,
                EventKind::ObjectiveDone {
                    objective: k as u32,
                },
            );
            for j in 0..m.objectives.len() {
                if m.objectives[j].status == Status::Waiting
                    && m.objectives[j].spec.after == Some(k)
                {
                    m.objectives[j].status = Status::Active { since: s.tick + 1 };
                    s.events.emit(
                        s.tick,
                        EventKind::ObjectiveActive {
                            objective: j as u32,
                        },
                    );
                }
            }
        }
    }
    fire_triggers(m, s);
    let squad_down = centre.is_none();
    m.outcome = if m.objectives.iter().all(Objective::done) {
        Outcome::Won { at: s.tick }
    } else if squad_down || s.tick + 1 >= m.deadline {
        Outcome::Failed {
            at: s.tick,
            squad_down,
        }
    } else {
        Outcome::Running
    };
    if let Outcome::Won { .. } | Outcome::Failed { .. } = m.outcome {
        s.events.emit(
            s.tick,
            EventKind::MissionEnded {
                won: matches!(m.outcome, Outcome::Won { .. }),
            },
        );
    }
}

/// Nests wake when an agent comes near, and send a brood every `nest_every` while
/// their living children are fewer than `nest_cap`.
fn breed(m: &mut Mission, s: &mut MissionStep) {
    let mt = &s.tuning.mission;
    let wake2 = mt.nest_wake * mt.nest_wake;
    for n in &mut m.nests {
        let Some(nest) = find_enemy(&s.horde.enemies, n.enemy).filter(|e| e.alive) else {
            continue;
        };
        let at = nest.pos;
        n.children
            .retain(|&c| find_enemy(&s.horde.enemies, c).is_some_and(|e| e.alive));
        if !n.awake {
            n.awake = s
                .agents
                .iter()
                .any(|a| a.alive && a.pos.distance_sq(at) <= wake2);
            if !n.awake {
                continue;
            }
        }
        n.wait = n.wait.saturating_sub(1);
        if n.wait > 0 {
            continue;
        }
        n.wait = ticks(mt.nest_every).max(1);
        let room = mt.nest_cap.saturating_sub(n.children.len() as u32);
        let brood = mt.nest_brood.min(room);
        // The brood crawls out round the nest, just beyond its body.
        let r = nest.radius + 0.6;
        let ids = spawn_near(s, at, r, n.breeds, brood);
        n.children.extend(ids);
        n.children.sort_unstable();
    }
}

/// Spawns `count` enemies of `kind` round `at` (within `spread`, never inside a wall);
/// their ids.
fn spawn_near(s: &mut MissionStep, at: Vec2, spread: f32, kind: EnemyKind, count: u32) -> Vec<u32> {
    let t = s.tuning;
    let radius = kind.tuning(t).map_or(t.enemy.dummy_radius, |k| k.radius);
    let mut out = Vec::new();
    for _ in 0..count {
        let mut p = at;
        for _ in 0..8 {
            let a = s.rng.range_f32(0.0, std::f32::consts::TAU);
            let q = at + Vec2::from_angle(a) * spread;
            if !s.map.grid.circle_hits_wall(q, radius) {
                p = q;
                break;
            }
        }
        let id = s.horde.spawn(kind, p, t, s.rng, s.ids);
        s.events.emit(s.tick, EventKind::EnemySpawned { enemy: id });
        out.push(id);
    }
    out
}

/// Items follow their carriers, fall where a carrier falls, and are picked up by the
/// standing agent nearest to them once an agent or the anchor comes close.
fn carry_items(m: &mut Mission, s: &mut MissionStep) {
    let r2 = s.tuning.mission.pickup_radius * s.tuning.mission.pickup_radius;
    for (k, it) in m.items.iter_mut().enumerate() {
        if it.delivered {
            continue;
        }
        if let Some(c) = it.carrier {
            let a = &s.agents[c as usize];
            it.pos = a.pos;
            if !a.alive {
                it.carrier = None;
                s.events.emit(
                    s.tick,
                    EventKind::ItemDropped {
                        item: k as u32,
                        pos: it.pos,
                    },
                );
            }
            continue;
        }
        let near = s.anchor.distance_sq(it.pos) <= r2
            || s.agents
                .iter()
                .any(|a| a.alive && a.pos.distance_sq(it.pos) <= r2);
        if !near {
            continue;
        }
        let pos = it.pos;
        // The anchor only points at it: the agent that takes it stands near (three
        // pickup radii, the squad's spread round the disk) with nothing in between, so
        // the item never jumps across the map or through a wall.
        let hand2 = r2 * 9.0;
        let grid = &s.map.grid;
        if let Some(a) = s
            .agents
            .iter()
            .filter(|a| a.alive && a.pos.distance_sq(pos) <= hand2 && grid.line_clear(a.pos, pos))
            .min_by(|a, b| a.pos.distance_sq(pos).total_cmp(&b.pos.distance_sq(pos)))
        {
            it.carrier = Some(a.id);
            it.pos = a.pos;
            s.events.emit(
                s.tick,
                EventKind::ItemPicked {
                    item: k as u32,
                    agent: a.id,
                },
            );
        }
    }
}

/// Triggers whose condition holds fire, once each, in order.
fn fire_triggers(m: &mut Mission, s: &mut MissionStep) {
    for k in 0..m.triggers.len() {
        if m.triggers[k].1 {
            continue;
        }
        let fires = match m.triggers[k].0.when {
            When::Enter(area) => s
                .agents
                .iter()
                .any(|a| a.alive && m.areas[area].contains(a.pos)),
            When::Done(o) => m.objectives[o].done(),
        };
        if !fires {
            continue;
        }
        m.triggers[k].1 = true;
        s.events
            .emit(s.tick, EventKind::TriggerFired { trigger: k as u32 });
        match m.triggers[k].0.action.clone() {
            Action::Wave { spawn, kind, count } => {
                let Some(&at) = s.map.enemy_spawns.get(spawn) else {
                    continue;
                };
                let scale = s.tuning.director.level(s.difficulty).count_scale;
                let n = if count > 0 {
                    ((count as f32 * scale).round() as u32).max(1)
                } else {
                    0
                };
                spawn_near(s, at, s.tuning.enemy.spawn_jitter, kind, n);
            }
            Action::Director(Cue::Level(level)) => {
                // A director switched on here waits a whole `mob_every` for its first
                // mob, as one the header starts does.
                if s.director.level.is_none() {
                    if let Some(l) = level {
                        s.director.mob_wait = ticks(s.tuning.director.level(l).mob_every);
                    }
                }
                s.director.level = level;
            }
            Action::Director(Cue::Phase(phase)) => {
                let d = &s.tuning.director;
                let span = match phase {
                    Phase::Peak => d.sustain,
                    Phase::Relax => d.relax,
                    _ => [0.0, 0.0],
                };
                s.director.phase = phase;
                s.director.phase_ticks = 0;
                s.director.phase_len = ticks(s.rng.range_f32(span[0], span[1]));
                s.director.spawn_wait = 0;
                if phase == Phase::Peak {
                    s.director.peaks += 1;
                }
                s.events.emit(
                    s.tick,
                    EventKind::DirectorPhase {
                        phase,
                        intensity: s.director.intensity,
                    },
                );
            }
            Action::Say(line) => {
                m.said = Some((s.tick, line));
                s.events.emit(s.tick, EventKind::Said { line: line as u32 });
            }
        }
    }
}
