//! The one damage path: bullets, strikes and enemy blows push [`Damage`] records into
//! the [`DamageQueue`]; one system (`world::damage`) applies them in order — health,
//! kills, staggers, knockback, the friendly-hit count and the events the view and
//! `--accept` read. No other code changes health.

use crate::core::events::Events;
use crate::core::geom::Vec2;
use crate::core::stats::Stats;
use serde::{Deserialize, Serialize};

/// The one damage path as the combat steps are handed it (`world::damage::apply_damage`
/// over the agents `A` and the enemies `E`): applies and empties the queue at `tick`.
pub type ApplyDamage<A, E> = fn(&mut DamageQueue, &mut [A], &mut [E], &mut Stats, &mut Events, u64);

/// Who is hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Target {
    Agent(u32),
    Enemy(u32),
}

/// What hit it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Source {
    /// A gunner's bullet.
    Bullet { shooter: u32 },
    /// A blade's strike `strike` (0, 1, 2) of its combo.
    Strike { blade: u32, strike: u8 },
    /// An enemy's blow at the end of its windup.
    Blow { enemy: u32 },
    /// A spitter's projectile `spit` (T1).
    Spit { enemy: u32, spit: u32 },
    /// A grenade's blast (K5): on an agent, a friendly hit.
    Blast { grenade: u32 },
    /// A medkit's work done (K4): `amount` is health given back, not taken.
    Heal,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
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

/// Damage pushed and not yet applied.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct DamageQueue {
    pub records: Vec<Damage>,
}

impl DamageQueue {
    pub fn push(&mut self, d: Damage) {
        self.records.push(d);
    }
}
