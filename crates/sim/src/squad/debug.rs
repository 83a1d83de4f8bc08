//! What the overlay shows of the squad's decisions: the solver's candidates and the
//! blades' approach spots. Kept in the world (and saved) beside the squad, never read
//! by the simulation.

use serde::{Deserialize, Serialize};

use crate::squad::blades::melee::BladeSpot;
use crate::squad::solver::Candidate;

/// What the overlay shows of the squad's decisions (never read by the simulation).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SquadDebug {
    /// The last solve of each agent, by agent index.
    pub solver: Vec<Vec<Candidate>>,
    /// The blades' approach spots this tick, by agent index.
    pub blades: Vec<Vec<BladeSpot>>,
}
