//! Simulation events: this tick's list for observers (view, `--accept`) and a capped log
//! for the overlay tail (S9, bounded memory S19).

use crate::geom::Vec2;
use std::collections::VecDeque;

/// Capacity of the rolling log.
pub const EVENT_LOG_CAP: usize = 256;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VictimState {
    Moving,
    Standing,
    Forced,
}

#[derive(Clone, Debug, PartialEq)]
pub enum EventKind {
    Shot {
        shooter: u32,
        target: u32,
        muzzle: Vec2,
        aim: Vec2,
    },
    /// A gunner had everything but the ally-intercept test (S9).
    ShotWithheld {
        shooter: u32,
        ally: u32,
    },
    FriendlyHit {
        shooter: u32,
        victim: u32,
        pos: Vec2,
        victim_state: VictimState,
    },
    EnemyHit {
        shooter: u32,
        enemy: u32,
        pos: Vec2,
    },
    EnemyKilled {
        enemy: u32,
        pos: Vec2,
    },
    BulletHitWall {
        pos: Vec2,
    },
    StateChanged {
        holding: bool,
    },
    Commit {
        agent: u32,
        from: Vec2,
        to: Vec2,
    },
    AgentDown {
        agent: u32,
        pos: Vec2,
    },
    EnemySpawned {
        enemy: u32,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub struct Event {
    pub tick: u64,
    pub kind: EventKind,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct EventLog {
    pub entries: VecDeque<Event>,
}

impl EventLog {
    pub fn push(&mut self, e: Event) {
        if self.entries.len() == EVENT_LOG_CAP {
            self.entries.pop_front();
        }
        self.entries.push_back(e);
    }
}
