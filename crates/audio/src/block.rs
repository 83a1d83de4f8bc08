//! The stream's shape: rate, block length, the block type. A leaf, so every other file
//! can name these without importing `lib.rs` (which re-exports them for other crates).

/// Samples per second per channel. Fixed: every time constant is converted once with it.
pub const SAMPLE_RATE: u32 = 48_000;

/// [`SAMPLE_RATE`] as `f32`, for the conversions.
pub const SR: f32 = SAMPLE_RATE as f32;

/// Frames per block: one 60 Hz simulation tick, so the game renders one block per tick.
pub const BLOCK: usize = 800;

/// One stereo block, interleaved L R L R … (2 × [`BLOCK`] samples), the layout sound
/// devices and WAV files take.
pub type Block = [f32; 2 * BLOCK];

/// Seconds → whole samples, saturating. Negative and NaN give 0, so a bad time is
/// "instant" rather than a panic.
pub fn samples(seconds: f32) -> u32 {
    let s = seconds * SR + 0.5;
    if s.is_nan() || s <= 0.0 {
        0
    } else if s >= u32::MAX as f32 {
        u32::MAX
    } else {
        s as u32
    }
}
