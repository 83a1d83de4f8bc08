//! The player's tools (REQ §27 K3–K5): what the player decides while the squad fights
//! on its own — a flare thrown into the dark ([`flare`]), a medkit on the most hurt
//! agent ([`medkit`]), a grenade that never hurts an ally ([`grenade`]). A tool is used
//! through the tick's input ([`ToolUse`], recorded in replays like a move) and spends a
//! charge of the squad's kit (`squad::supply::Kit`) only when it is used; a use the
//! rules refuse (no charge, no patient, an ally who could not be clear of a blast) is
//! one event with its reason and spends nothing.
//!
//! The tools' state is a part of the world ([`Tools`]: checksummed, saved). Throws fly
//! from the disk toward the aim point, never farther than the throw range and never
//! through a wall (`throw::throw_landing`).

pub(crate) mod flare;
pub(crate) mod grenade;
pub(crate) mod medkit;
pub(crate) mod step;
pub(crate) mod throw;

use serde::{Deserialize, Serialize};

use crate::core::geom::Vec2;
pub use crate::core::kit::Tool;

use flare::Flare;
use grenade::Grenade;
use medkit::Heal;

/// One tick's use of a tool: which, and where the player aims (a throw's target; the
/// medkit looks for its patient round the disk and ignores it).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ToolUse {
    pub tool: Tool,
    pub at: Vec2,
}

/// The tools at work in the world.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Tools {
    /// Flares in flight or burning, by id.
    pub flares: Vec<Flare>,
    /// The live grenade (one at a time: a second throw waits for the first blast).
    pub grenade: Option<Grenade>,
    /// The medkit at work, if one is.
    pub heal: Option<Heal>,
    /// Uses so far, by [`Tool`] (flares, medkits, grenades), and grenades refused.
    pub used: [u32; 3],
    pub refused: u32,
    /// The naive player's run (`tools = off`, REQ K7): no tool is used, no pickup taken.
    pub off: bool,
}

impl Tools {
    /// The first flare burning now (the lure the shamblers go to), if any.
    pub fn lure(&self) -> Option<&Flare> {
        self.flares.iter().find(|f| f.burning())
    }
}
