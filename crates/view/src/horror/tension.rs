//! H7 tension: one scalar 0..1 from the enemies near the squad, the damage it took
//! lately and its fallen, with rise and decay times. It drives the heartbeat, the
//! vignette's pulse, desaturation, grain and the camera shake.
//!
//! Stepped once per simulation tick from `&World` (so a replay or a screenshot at tick N
//! sees the same tension); the frame only interpolates the heartbeat's phase.

use serde::{Deserialize, Serialize};
use sim::read::{Enemy, EnemyKind, EventKind, World};
use sim::tuning::DT;

use crate::horror::tuning::HorrorTuning;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Tension {
    /// The smoothed tension, 0..1.
    pub value: f32,
    /// What it moves toward this tick.
    pub target: f32,
    /// Health points the squad lost lately, decaying with `tension_damage_memory`.
    pub recent_damage: f32,
    /// Heartbeat phase in beats (its fraction is the position within a beat).
    pub beat: f64,
}

/// The share of tension each source gives, for the overlay.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TensionSources {
    pub enemies: f32,
    pub damage: f32,
    pub fallen: f32,
}

/// Closeness-weighted count of live enemies within `radius` of any standing agent:
/// an enemy at contact counts 1, one at the radius 0.
pub fn enemy_pressure(w: &World, radius: f32) -> f32 {
    let agents: Vec<sim::Vec2> = w
        .agents()
        .iter()
        .filter(|a| a.alive)
        .map(|a| a.pos)
        .collect();
    if agents.is_empty() {
        return 0.0;
    }
    let r2 = radius * radius;
    w.enemies()
        .iter()
        .filter(|e: &&Enemy| e.alive && e.kind != EnemyKind::Dummy)
        .map(|e| {
            let d2 = agents
                .iter()
                .map(|p| p.distance_sq(e.pos))
                .fold(f32::INFINITY, f32::min);
            if d2 < r2 {
                1.0 - d2.sqrt() / radius
            } else {
                0.0
            }
        })
        .sum()
}

impl Tension {
    /// The sources of tension now (before smoothing).
    pub fn sources(&self, w: &World, t: &HorrorTuning) -> TensionSources {
        let fallen = w.agents().iter().filter(|a| !a.alive).count() as f32;
        TensionSources {
            enemies: enemy_pressure(w, t.tension_radius) / t.tension_enemies_full,
            damage: self.recent_damage / t.tension_damage_full,
            fallen: fallen * t.tension_per_fallen,
        }
    }

    /// One simulation tick: take this tick's damage, move toward the new target, advance
    /// the heartbeat.
    pub fn step(&mut self, w: &World, t: &HorrorTuning) {
        let taken: f32 = w
            .events()
            .iter()
            .map(|e| match e.kind {
                EventKind::DamageDealt { amount, .. } => amount,
                _ => 0.0,
            })
            .sum();
        self.recent_damage =
            self.recent_damage * (-DT / t.tension_damage_memory).exp() + taken.max(0.0);
        let s = self.sources(w, t);
        self.target = (s.enemies + s.damage + s.fallen).clamp(0.0, 1.0);
        let time = if self.target > self.value {
            t.tension_rise
        } else {
            t.tension_decay
        };
        self.value += (self.target - self.value) * (1.0 - (-DT / time).exp());
        self.value = self.value.clamp(0.0, 1.0);
        self.beat += (self.bpm(t) / 60.0 * DT) as f64;
    }

    /// Heart rate now.
    pub fn bpm(&self, t: &HorrorTuning) -> f32 {
        t.heartbeat_bpm[0] + (t.heartbeat_bpm[1] - t.heartbeat_bpm[0]) * self.value
    }

    /// The heartbeat's pulse 0..1 at `alpha` of a tick past the last step: a "lub-dub",
    /// two quick thumps and a rest.
    pub fn pulse(&self, t: &HorrorTuning, alpha: f32) -> f32 {
        let beat = self.beat + (self.bpm(t) / 60.0 * DT * alpha.clamp(0.0, 1.0)) as f64;
        heartbeat_shape(beat.fract() as f32)
    }
}

/// The pulse over one beat (phase 0..1): a strong thump at 0, a weaker one at 0.2.
pub fn heartbeat_shape(phase: f32) -> f32 {
    let bump = |c: f32, w: f32| {
        let d = (phase - c) / w;
        (-d * d).exp()
    };
    (bump(0.06, 0.05) + 0.6 * bump(0.24, 0.05)).min(1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heartbeat_has_two_thumps_and_a_rest() {
        let s: Vec<f32> = (0..100)
            .map(|i| heartbeat_shape(i as f32 / 100.0))
            .collect();
        assert!(s[6] > 0.95, "{}", s[6]);
        assert!(s[24] > 0.55 && s[24] < 0.7, "{}", s[24]);
        assert!(s[15] < s[6] && s[15] < s[24]);
        assert!(s[60..].iter().all(|&v| v < 0.01));
    }
}
