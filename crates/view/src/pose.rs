//! How a body stands this frame (REQ V1), read from the simulation's read model alone:
//! nothing here is kept between frames, so a frame's poses are a function of the world
//! and the frame's time (`alpha`), the same on any machine and any number of threads.
//!
//! - the walk: the stride's phase from the distance the body has walked (its odometer,
//!   when the horror layer keeps one, [`crate::horror::gait`]; else its position along
//!   the way it goes), its pace from its speed;
//! - an enemy's blow: the windup from `AttackState` (`windup_left` of `windup_ticks`),
//!   the strike for [`STRIKE_TICKS`] after the hit frame (a windup a stagger broke
//!   leaves the cooldown at 0 and shows no strike);
//! - a blade's strike: its phase and the combo's strike (0, 1 slashes, 2 thrust) from
//!   `MeleeState`, through the phase's length in the tuning;
//! - a flinch: an enemy's stagger; an agent's last hurt in the event log;
//! - a fall: an agent's `AgentDown` in the event log; an enemy's corpse's tick;
//! - the gunner's recoil: its fire cooldown just after a shot.

use sim::read::{Agent, Enemy, Event, EventKind, StrikePhase};
use sim::{Vec2, World};

/// Ticks an enemy's strike shows after its hit frame.
pub const STRIKE_TICKS: f32 = 10.0;
/// Ticks a flinch lasts on an agent.
pub const FLINCH_TICKS: f32 = 12.0;
/// Ticks a body takes to fall.
pub const FALL_TICKS: f32 = 24.0;
/// Ticks the gunner's recoil lasts after a shot.
pub const RECOIL_TICKS: f32 = 5.0;
/// Speed of a plain walk, u/s: `pace` 1.
pub const WALK_SPEED: f32 = 1.4;

/// A body's pose this frame. Every number is 0 at rest.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Pose {
    /// The stride's phase, radians (one stride of both legs per 2π).
    pub gait: f32,
    /// Speed over a plain walk: 0 still, 1 walking, 2 and more running.
    pub pace: f32,
    /// Through the windup of a blow, 0..1.
    pub windup: f32,
    /// Through the blow itself, 0..1 (0: none).
    pub strike: f32,
    /// A blade: through its recovery, 0..1.
    pub recover: f32,
    /// Which swing: a blade's combo strike (0, 1 slashes, 2 thrust).
    pub swing: u8,
    /// A flinch from a hit, 1 at the hit fading to 0.
    pub flinch: f32,
    /// Fallen: 0 standing … 1 lying.
    pub fall: f32,
    /// A gunner's recoil, 1 at the shot.
    pub recoil: f32,
    /// The weapon's direction from the facing, radians (a gunner's barrel).
    pub aim: f32,
    /// A gunner reloading (the weapon low).
    pub reload: bool,
    /// A stalker a beam holds: it cowers.
    pub cower: bool,
    /// Not a pose but how closely it is drawn: coarse for a corpse lying and a body in
    /// the dark, unlit and no silhouette (`crate::figure::Rig::coarse`).
    pub coarse: bool,
}

/// The stride's phase for a body at `p` moving with `vel`, having walked `walked` units
/// when the caller keeps an odometer; `stride` is the length of one full stride (both
/// legs). Without an odometer the distance is the position along the way it goes.
pub fn gait_phase(p: Vec2, vel: Vec2, walked: Option<f32>, stride: f32) -> f32 {
    let d = match walked {
        Some(d) => d,
        None => {
            let s = vel.length();
            if s < 1e-4 {
                0.0
            } else {
                (p.x * vel.x + p.y * vel.y) / s
            }
        }
    };
    (d / stride).fract() * std::f32::consts::TAU
}

/// The frame's moment in ticks, `alpha` (0..1) past the world's tick.
fn now(w: &World, alpha: f32) -> f32 {
    w.tick() as f32 + alpha - 1.0
}

/// The newest tick at which agent `id` was hurt and the tick it went down, from the
/// event log.
pub fn agent_marks(log: &[&Event], id: u32) -> (Option<u64>, Option<u64>) {
    let (mut hurt, mut down) = (None, None);
    for e in log.iter().rev() {
        let h = match e.kind {
            EventKind::DamageDealt { agent, .. } => agent == id,
            EventKind::FriendlyHit { victim, .. } => victim == id,
            EventKind::SpitHit { agent, .. } | EventKind::BlastHit { agent, .. } => {
                agent == Some(id)
            }
            EventKind::AgentDown { agent, .. } if agent == id => {
                down.get_or_insert(e.tick);
                false
            }
            _ => false,
        };
        if h && hurt.is_none() {
            hurt = Some(e.tick);
        }
        if hurt.is_some() && down.is_some() {
            break;
        }
    }
    (hurt, down)
}

/// Agent `a`'s pose; `walked` its odometer at the world's tick, if kept.
pub fn agent_pose(w: &World, a: &Agent, alpha: f32, walked: Option<f32>) -> Pose {
    let t = now(w, alpha);
    let walked = walked.map(|d| d - a.pos.distance(a.prev_pos) * (1.0 - alpha));
    let log: Vec<&Event> = w.log().entries.iter().collect();
    let (hurt, down) = agent_marks(&log, a.id);
    let mut pose = Pose {
        gait: gait_phase(a.pos, a.vel, walked, 1.5),
        pace: (a.vel.length() / WALK_SPEED).min(2.5),
        flinch: hurt.map_or(0.0, |h| 1.0 - (t - h as f32) / FLINCH_TICKS),
        aim: sim::read::wrap_angle(a.barrel - a.facing),
        reload: a.reloading(),
        ..Pose::default()
    }
    .clamped();
    if !a.alive {
        pose.fall = down
            .map_or(1.0, |d| (t - d as f32) / FALL_TICKS)
            .clamp(0.0, 1.0);
        pose.pace = 0.0;
        pose.flinch = 0.0;
        return pose;
    }
    let tt = w.ticks();
    let fire = tt.fire_cooldown.max(1) as f32;
    // Just after a shot the cooldown is full: the first ticks of it are the kick.
    let since = fire - a.cooldown as f32 + alpha;
    if a.cooldown > 0 && since < RECOIL_TICKS {
        pose.recoil = (1.0 - since / RECOIL_TICKS).clamp(0.0, 1.0);
    }
    let m = &a.melee;
    let s = m.strike.min(2);
    pose.swing = s as u8;
    let through = |len: u32| {
        let len = len.max(1) as f32;
        ((t - m.phase_started as f32) / len).clamp(0.0, 1.0)
    };
    match m.phase {
        StrikePhase::Windup => pose.windup = through(tt.strike_windup[s]),
        StrikePhase::Active => {
            pose.windup = 1.0;
            pose.strike = through(tt.strike_active[s]).max(0.05);
        }
        StrikePhase::Recovery => {
            pose.strike = 1.0;
            pose.recover = through(tt.strike_recovery[s]);
        }
        StrikePhase::Ready => {}
    }
    pose
}

/// Enemy `e`'s pose; `walked` its odometer at the world's tick, if kept.
pub fn enemy_pose(w: &World, e: &Enemy, alpha: f32, walked: Option<f32>) -> Pose {
    let t = now(w, alpha);
    let walked = walked.map(|d| d - e.pos.distance(e.prev_pos) * (1.0 - alpha));
    let stride = match e.kind {
        sim::read::EnemyKind::Brute => 1.9,
        sim::read::EnemyKind::Runner => 1.8,
        sim::read::EnemyKind::Stalker => 1.2,
        _ => 1.3,
    };
    let mut pose = Pose {
        gait: gait_phase(e.pos, e.vel, walked, stride),
        pace: (e.vel.length() / WALK_SPEED).min(2.5),
        cower: e.lit,
        ..Pose::default()
    };
    if e.kind == sim::read::EnemyKind::Nest {
        // A nest writhes on its own clock.
        pose.gait = t * 0.05 + e.wander;
    }
    let a = &e.attack;
    if let Some(left) = a.windup_left {
        let total = a.windup_ticks.max(1) as f32;
        pose.windup = (1.0 - (left as f32 - alpha) / total).clamp(0.0, 1.0);
    } else {
        // The hit frame was `started + windup_ticks`; a completed blow leaves the
        // cooldown running (an interrupted one gives it back: 0).
        let hit = (a.started + a.windup_ticks as u64) as f32;
        let since = t - hit;
        if a.cooldown > 0 && a.windup_ticks > 0 && (0.0..STRIKE_TICKS).contains(&since) {
            pose.windup = 1.0;
            pose.strike = (since / STRIKE_TICKS).clamp(0.05, 1.0);
        }
    }
    if e.stagger > 0 {
        let full = w.ticks().stagger.max(1) as f32;
        pose.flinch = ((e.stagger as f32 - alpha) / full).clamp(0.0, 1.0).max(0.4);
    }
    pose
}

/// A corpse's pose: fallen over [`FALL_TICKS`] from its death's `tick`.
pub fn corpse_fall(w: &World, tick: u64, alpha: f32) -> f32 {
    ((now(w, alpha) - tick as f32) / FALL_TICKS).clamp(0.0, 1.0)
}

impl Pose {
    fn clamped(mut self) -> Pose {
        self.flinch = self.flinch.clamp(0.0, 1.0);
        self
    }
}
