//! Ids of things that come and go (enemies, bullets): one counter, in creation order,
//! so an id names the same thing in every run of the same inputs.

use serde::{Deserialize, Serialize};
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ids {
    next: u32,
}

impl Default for Ids {
    fn default() -> Ids {
        Ids { next: 1 }
    }
}

impl Ids {
    /// The next free id.
    pub fn take(&mut self) -> u32 {
        let id = self.next;
        self.next += 1;
        id
    }
    /// The id the next call to [`Ids::take`] returns (for the checksum).
    pub fn peek(&self) -> u32 {
        self.next
    }
}
