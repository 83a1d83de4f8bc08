//! Counters the simulation measures about itself (FRIENDLY_HITS and the rest).

use serde::{Deserialize, Serialize};
/// Counters measured by the simulation itself.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Stats {
    /// `FRIENDLY_HITS`: bullets (and later strikes) that hit an ally.
    pub friendly_hits: u32,
    pub shots_fired: u32,
    /// Shots that passed every check but the ally-intercept test.
    pub shots_withheld_intercept: u32,
    /// Bullets seen farther from their muzzle than their verified segment (A8).
    pub segment_violations: u32,
    pub kills: u32,
    pub commits: u32,
    /// Strikes that hit an ally (also counted in `friendly_hits`).
    pub melee_friendly_hits: u32,
    /// Strike hits on enemies and dummies.
    pub melee_hits: u32,
    /// Enemy blows and spits that landed on an agent.
    pub blows_landed: u32,
    /// Agents that fell.
    pub agents_down: u32,
    /// The tick the first agent fell.
    pub first_fall: Option<u64>,
    /// The player's tools used (REQ K3–K5): flares thrown, medkits' work done, grenades
    /// thrown and refused, and blast hits on allies (also in `friendly_hits`).
    pub flares_used: u32,
    pub medkits_used: u32,
    pub grenades_thrown: u32,
    pub grenades_refused: u32,
    pub blast_friendly_hits: u32,
    /// Ammunition (REQ K1): reloads done, reloads stopped short, rounds taken from crates,
    /// crates and supply cases taken.
    pub reloads: u32,
    pub reloads_stopped: u32,
    pub rounds_picked: u32,
    pub crates_taken: u32,
    pub cases_taken: u32,
}
