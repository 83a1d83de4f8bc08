//! The words of the player's tools (REQ K3–K5) that the tick's input, the events and the
//! tools' systems share: which tool, and why a use of one was refused.

use serde::{Deserialize, Serialize};

/// A tool the player uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Tool {
    Flare,
    Medkit,
    Grenade,
}

impl Tool {
    pub const ALL: [Tool; 3] = [Tool::Flare, Tool::Medkit, Tool::Grenade];

    /// The tool's name in scenarios and messages.
    pub fn name(self) -> &'static str {
        match self {
            Tool::Flare => "flare",
            Tool::Medkit => "medkit",
            Tool::Grenade => "grenade",
        }
    }

    /// The tool named `s` (scenarios).
    pub fn parse(s: &str) -> Option<Tool> {
        Tool::ALL.into_iter().find(|t| t.name() == s)
    }
}

/// Why a use of a tool was refused (nothing is spent).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ToolRefusal {
    /// The kit has none left.
    NoCharge,
    /// A medkit with no hurt agent within reach of the disk.
    NoPatient,
    /// One is at work already (a medkit's work, a live grenade).
    Busy,
    /// A grenade whose blast `ally` could not be clear of by the time it goes off
    /// (REQ K5).
    AllyTooClose { ally: u32 },
}

impl ToolRefusal {
    /// The reason as the player reads it.
    pub fn words(self) -> String {
        match self {
            ToolRefusal::NoCharge => "none left".into(),
            ToolRefusal::NoPatient => "no one hurt close by".into(),
            ToolRefusal::Busy => "one is already at work".into(),
            ToolRefusal::AllyTooClose { ally } => format!("ally too close (agent {ally})"),
        }
    }
}
