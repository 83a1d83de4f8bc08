//! The squad's supplies (REQ K1, K3–K5): the kit's charges of the player's tools.

use serde::{Deserialize, Serialize};

/// The player's tools' charges.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Kit {
    pub flares: u32,
    pub medkits: u32,
    pub grenades: u32,
}
