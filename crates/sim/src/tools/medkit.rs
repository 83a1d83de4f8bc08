//! The medkit (REQ K4): the most hurt standing agent within reach of the disk stands
//! rooted while the kit works; when it is done the agent has back a share of its
//! missing health (through the one damage path, as a heal record). A blow or a spit on
//! it meanwhile interrupts the work: no heal, and the kit is not spent. The squad covers
//! it as it covers a holding agent (it stands; the gunners' lanes and the blades'
//! posts keep round it as round any body).

use serde::{Deserialize, Serialize};

use crate::core::geom::Vec2;
use crate::squad::agent::Agent;
use crate::tuning::Tuning;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Heal {
    /// The patient.
    pub agent: u32,
    /// Ticks of the work left.
    pub left: u32,
    /// The tick it began.
    pub began: u64,
}

/// The medkit's patient round `anchor`: the standing agent within reach missing the most
/// health (the lowest index among equals); `None` when no one within reach is hurt.
pub fn patient(agents: &[Agent], anchor: Vec2, t: &Tuning) -> Option<u32> {
    patient_where(agents, anchor, t, |_| true)
}

/// [`patient`] among the agents `may` allows (a live grenade's zone roots no one, K5).
pub fn patient_where(
    agents: &[Agent],
    anchor: Vec2,
    t: &Tuning,
    may: impl Fn(&Agent) -> bool,
) -> Option<u32> {
    let missing = |a: &Agent| a.max_health - a.health;
    agents
        .iter()
        .filter(|a| a.alive && a.pos.distance(anchor) <= t.tools.medkit_reach)
        .filter(|a| missing(a) > 0.0 && may(a))
        .max_by(|a, b| missing(a).total_cmp(&missing(b)).then(b.id.cmp(&a.id)))
        .map(|a| a.id)
}

/// What the kit gives back to `a` when it is done.
pub fn heal_amount(a: &Agent, t: &Tuning) -> f32 {
    (a.max_health - a.health).max(0.0) * t.tools.medkit_share
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::squad::agent::Role;

    #[test]
    fn the_most_hurt_within_reach_is_the_patient() {
        let t = Tuning::default();
        let mut squad: Vec<Agent> = (0..4)
            .map(|i| {
                Agent::new(
                    i,
                    Role::Gunner,
                    0,
                    Vec2::new(i as f32, 0.0),
                    0.0,
                    0.28,
                    100.0,
                )
            })
            .collect();
        assert_eq!(patient(&squad, Vec2::ZERO, &t), None, "no one is hurt");
        squad[1].health = 60.0;
        squad[2].health = 30.0;
        squad[3].health = 5.0; // beyond the reach
        assert_eq!(patient(&squad, Vec2::ZERO, &t), Some(2));
        assert_eq!(heal_amount(&squad[2], &t), 70.0 * t.tools.medkit_share);
        squad[2].alive = false;
        assert_eq!(
            patient(&squad, Vec2::ZERO, &t),
            Some(1),
            "the fallen are past a kit"
        );
    }
    #[test]
    fn the_patient_is_the_one_missing_the_most_among_those_allowed() {
        let t = Tuning::default();
        let mut squad: Vec<Agent> = (0..3)
            .map(|i| {
                Agent::new(
                    i,
                    Role::Gunner,
                    i as usize,
                    Vec2::new(i as f32 * 0.5, 0.0),
                    0.0,
                    0.28,
                    100.0,
                )
            })
            .collect();
        // A recruit at 60 of 70 misses less than a veteran at 85 of 100.
        (squad[0].max_health, squad[0].health) = (70.0, 60.0);
        squad[1].health = 85.0;
        assert_eq!(patient(&squad, Vec2::ZERO, &t), Some(1));
        assert_eq!(
            patient_where(&squad, Vec2::ZERO, &t, |a| a.id != 1),
            Some(0)
        );
        assert_eq!(patient_where(&squad, Vec2::ZERO, &t, |_| false), None);
    }
}
