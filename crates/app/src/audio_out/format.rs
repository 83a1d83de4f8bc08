//! The format the game renders and hands to the output: the synthesizer's 48 kHz
//! interleaved stereo f32, in blocks of one 60 Hz tick.

/// Samples per second and channels the game renders (the synthesizer's format).
pub const RATE: u32 = 48_000;
pub const CHANNELS: usize = 2;
/// Frames of one block: one 60 Hz tick.
pub const BLOCK_FRAMES: usize = 800;
/// Samples (f32) of one interleaved block: `CHANNELS × BLOCK_FRAMES`.
pub const BLOCK_SAMPLES: usize = CHANNELS * BLOCK_FRAMES;

/// Milliseconds that `frames` frames last at `RATE`.
pub fn frames_ms(frames: usize) -> f32 {
    frames as f32 * 1000.0 / RATE as f32
}
