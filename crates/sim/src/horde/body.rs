//! An enemy's body and kind (REQ §11, E4): what it is, its attack's integer-tick timing
//! (E3, seed 003) and the state of its swing. The horde's step (`enemy.rs`) and the
//! special kinds (`spitter.rs`, `stalker.rs`) read it.

use crate::combat::bullet::{Body, Hit, Hittable};
use crate::core::geom::Vec2;
use crate::tuning::{KindTuning, Tuning, TICK_HZ};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum EnemyKind {
    /// The slow horde.
    Shambler,
    /// Fast and fragile.
    Runner,
    /// Long windup, heavy hit, knockback.
    Brute,
    /// A training dummy: static, indestructible, never attacks.
    Dummy,
    /// Ranged (T1): keeps its distance, seeks a line of sight, spits.
    Spitter,
    /// The hunter in the dark (T2): fast unlit, shies from the beams, lunges close.
    Stalker,
    /// A mission's nest (C1): static, never attacks, breeds until it is destroyed.
    Nest,
}

impl EnemyKind {
    pub fn parse(s: &str) -> Option<EnemyKind> {
        match s {
            "shambler" | "walker" => Some(EnemyKind::Shambler),
            "runner" => Some(EnemyKind::Runner),
            "brute" => Some(EnemyKind::Brute),
            "dummy" => Some(EnemyKind::Dummy),
            "spitter" => Some(EnemyKind::Spitter),
            "stalker" => Some(EnemyKind::Stalker),
            "nest" => Some(EnemyKind::Nest),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            EnemyKind::Shambler => "shambler",
            EnemyKind::Runner => "runner",
            EnemyKind::Brute => "brute",
            EnemyKind::Dummy => "dummy",
            EnemyKind::Spitter => "spitter",
            EnemyKind::Stalker => "stalker",
            EnemyKind::Nest => "nest",
        }
    }

    /// The kind's tuning; dummies and nests have none (a nest's body is `[mission]`'s).
    pub fn tuning(self, t: &Tuning) -> Option<&KindTuning> {
        match self {
            EnemyKind::Shambler => Some(&t.enemy.shambler),
            EnemyKind::Runner => Some(&t.enemy.runner),
            EnemyKind::Brute => Some(&t.enemy.brute),
            EnemyKind::Spitter => Some(&t.enemy.spitter),
            EnemyKind::Stalker => Some(&t.enemy.stalker),
            EnemyKind::Dummy | EnemyKind::Nest => None,
        }
    }
}

/// The integer-tick timing of an attack (seed 003), computed once per kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttackTiming {
    /// Ticks from one windup start to the next: `max(1, round(60 / attack_speed))`.
    pub interval: u32,
    /// The swing: `min(max_anim, interval)`.
    pub swing: u32,
    /// Ticks from `AttackStarted` to the hit:
    /// `clamp(hit_frame × swing / frame_count, min_windup, interval − 1)`, integer
    /// division (floor), and never below 1.
    pub windup: u32,
}

/// Seed 003's formula. The only rounding is the attack-speed conversion (half away from
/// zero, in f64); everything after is integer arithmetic.
pub fn attack_timing(
    attack_speed: f32,
    hit_frame: u32,
    frame_count: u32,
    max_anim: u32,
    min_windup: u32,
) -> AttackTiming {
    let raw = (TICK_HZ as f64 / attack_speed as f64).round();
    let interval = if raw.is_finite() && raw >= 1.0 {
        raw.min(u32::MAX as f64) as u32
    } else {
        1
    };
    let swing = max_anim.min(interval).max(1);
    let frames = frame_count.max(1);
    let at_hit = (hit_frame.min(frames) as u64 * swing as u64 / frames as u64) as u32;
    // The upper clamp wins over the floor: the hit never lands on the next windup's tick.
    let upper = interval.saturating_sub(1).max(1);
    let windup = at_hit.max(min_windup).min(upper).max(1);
    AttackTiming {
        interval,
        swing,
        windup,
    }
}

impl AttackTiming {
    pub fn of(k: &KindTuning, t: &Tuning) -> AttackTiming {
        attack_timing(
            k.attack_speed,
            k.hit_frame,
            k.frame_count,
            t.enemy.max_attack_anim_ticks,
            t.enemy.min_windup_ticks,
        )
    }
}

#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize)]
pub struct AttackState {
    /// Ticks left until the hit; `None` when not winding up.
    pub windup_left: Option<u32>,
    /// The windup length of the swing in progress (fixed at its start).
    pub windup_ticks: u32,
    /// The agent snapshot at windup start.
    pub target: Option<u32>,
    /// Ticks until a new windup may start (anchored at windup start).
    pub cooldown: u32,
    /// The cooldown as it was before the current windup began: an interrupted swing
    /// gives it back ("cooldown not spent").
    pub cooldown_before: u32,
    /// Tick the current windup started (the view animates from it).
    pub started: u64,
}

impl AttackState {
    pub fn winding_up(&self) -> bool {
        self.windup_left.is_some()
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Enemy {
    pub id: u32,
    pub kind: EnemyKind,
    pub pos: Vec2,
    pub prev_pos: Vec2,
    pub vel: Vec2,
    pub facing: f32,
    pub radius: f32,
    pub health: f32,
    pub alive: bool,
    /// Ticks of interruption left after a hit.
    pub stagger: u32,
    /// Hits taken (dummies count them instead of dying).
    pub hits: u32,
    pub attack: AttackState,
    /// Wander heading (radians) when no agent is known.
    pub wander: f32,
    /// The nearest agent was in sight at the last look (every 4th tick).
    pub sees: bool,
    /// A stalker: a beam held it this tick (T2).
    pub lit: bool,
    /// A stalker: ticks it still backs away from the light.
    pub shy: u32,
}

impl Enemy {
    /// A body of `kind` standing at `pos`: at rest, unhurt, unlit, heading 0 (a spawn,
    /// and the unit cases' bodies).
    pub(crate) fn standing(id: u32, kind: EnemyKind, pos: Vec2, radius: f32, health: f32) -> Enemy {
        Enemy {
            id,
            kind,
            pos,
            prev_pos: pos,
            vel: Vec2::ZERO,
            facing: 0.0,
            radius,
            health,
            alive: true,
            stagger: 0,
            hits: 0,
            attack: AttackState::default(),
            wander: 0.0,
            sees: false,
            lit: false,
            shy: 0,
        }
    }
}

impl Enemy {
    pub fn is_dummy(&self) -> bool {
        self.kind == EnemyKind::Dummy
    }

    /// A body that never moves of itself: a dummy or a nest (the horde's step skips
    /// it; bodies pushing into it give way).
    pub fn is_fixed(&self) -> bool {
        matches!(self.kind, EnemyKind::Dummy | EnemyKind::Nest)
    }

    /// A body that hunts the squad (the director counts these): not a dummy, not a
    /// nest.
    pub fn is_threat(&self) -> bool {
        !self.is_fixed()
    }

    /// The squad perceives this enemy from `from` (T2): every enemy, but a stalker only
    /// while a beam holds it or within `enemy.stalk.sensed_within` — in the dark the
    /// squad does not see it coming; turning the beams onto it (manual aim) does.
    pub fn perceived_from(&self, from: Vec2, t: &Tuning) -> bool {
        self.kind != EnemyKind::Stalker
            || self.lit
            || self.pos.distance_sq(from)
                <= t.enemy.stalk.sensed_within * t.enemy.stalk.sensed_within
    }
}

/// A standing enemy is a body bullets can meet (spits pass through the horde).
impl Hittable for Enemy {
    fn body(&self) -> Option<Body> {
        self.alive.then_some(Body {
            hit: Hit::Enemy(self.id),
            pos: self.pos,
            radius: self.radius,
        })
    }
}

/// Surface gap between an enemy and an agent.
pub fn gap(e: &Enemy, pos: Vec2, radius: f32) -> f32 {
    e.pos.distance(pos) - e.radius - radius
}
