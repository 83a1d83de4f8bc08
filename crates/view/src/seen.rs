//! What the squad knows of a tile (H2), as the fog of war tells it to the scene.

/// What the squad knows of a tile (H2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seen {
    /// Never in sight: black.
    Never,
    /// Seen before: drawn from memory, grey and dim, no enemies.
    Remembered,
    /// In the squad's line of sight now.
    Live,
}
