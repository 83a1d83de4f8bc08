//! `--audio-out FILE.wav` (REQ §21 AU6): a run's soundtrack written offline, one block
//! per tick as the sound layer rendered it — 48 kHz stereo, 32-bit float samples, so the
//! file holds exactly the samples the live path hands the device (two renders of the
//! same run are byte-identical).
//!
//! The header is written here, not by a library: a plain IEEE-float WAVE (format tag 3)
//! as the format's rules ask of any non-PCM data — a `fmt ` chunk of 18 bytes whose
//! last field (the extension's size, `cbSize`) is 0, and a `fact` chunk with the frame
//! count — so sox, ffmpeg and every reader take it without a warning (`hound`'s writer
//! gave a 16-byte `fmt ` and no `fact`: sox warned "wave header missing extended part of
//! fmt chunk"). Sizes are written as 0 first and filled in by [`WavOut::finish`].

use std::fs::File;
use std::io::{BufWriter, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// Interleaved channels.
const CHANNELS: u16 = 2;
/// Bytes per sample (f32).
const BYTES: u16 = 4;
/// WAVE_FORMAT_IEEE_FLOAT.
const FORMAT_FLOAT: u16 = 3;
/// Where the sizes sit in the header: the RIFF size, the `fact` frame count, the
/// `data` size.
const RIFF_SIZE_AT: u64 = 4;
const FACT_FRAMES_AT: u64 = 46;
const DATA_SIZE_AT: u64 = 54;
/// The header's length: RIFF (12) + `fmt ` (8 + 18) + `fact` (8 + 4) + `data` (8).
const HEADER: u32 = 58;

/// The header of a file of `frames` stereo f32 frames at the synthesizer's rate.
fn header(frames: u32) -> Vec<u8> {
    let data = frames * (CHANNELS * BYTES) as u32;
    let mut h = Vec::with_capacity(HEADER as usize);
    h.extend_from_slice(b"RIFF");
    h.extend_from_slice(&(HEADER - 8 + data).to_le_bytes());
    h.extend_from_slice(b"WAVE");
    h.extend_from_slice(b"fmt ");
    h.extend_from_slice(&18u32.to_le_bytes());
    h.extend_from_slice(&FORMAT_FLOAT.to_le_bytes());
    h.extend_from_slice(&CHANNELS.to_le_bytes());
    h.extend_from_slice(&audio::SAMPLE_RATE.to_le_bytes());
    h.extend_from_slice(&(audio::SAMPLE_RATE * (CHANNELS * BYTES) as u32).to_le_bytes());
    h.extend_from_slice(&(CHANNELS * BYTES).to_le_bytes());
    h.extend_from_slice(&(8 * BYTES).to_le_bytes());
    h.extend_from_slice(&0u16.to_le_bytes()); // cbSize: no extension
    h.extend_from_slice(b"fact");
    h.extend_from_slice(&4u32.to_le_bytes());
    h.extend_from_slice(&frames.to_le_bytes());
    h.extend_from_slice(b"data");
    h.extend_from_slice(&data.to_le_bytes());
    debug_assert_eq!(h.len(), HEADER as usize);
    h
}

/// The soundtrack being written.
pub struct WavOut {
    writer: BufWriter<File>,
    path: PathBuf,
    blocks: u64,
    frames: u64,
}

impl WavOut {
    pub fn create(path: &Path) -> Result<WavOut, String> {
        let err = |e: std::io::Error| format!("{}: cannot write: {e}", path.display());
        let mut writer = BufWriter::new(File::create(path).map_err(err)?);
        writer.write_all(&header(0)).map_err(err)?;
        Ok(WavOut {
            writer,
            path: path.to_path_buf(),
            blocks: 0,
            frames: 0,
        })
    }

    fn err(&self, e: impl std::fmt::Display) -> String {
        format!("{}: cannot write: {e}", self.path.display())
    }

    /// One block (interleaved stereo).
    pub fn write(&mut self, block: &[f32]) -> Result<(), String> {
        for &x in block {
            if let Err(e) = self.writer.write_all(&x.to_le_bytes()) {
                return Err(self.err(e));
            }
        }
        self.blocks += 1;
        self.frames += (block.len() / CHANNELS as usize) as u64;
        Ok(())
    }

    /// Finishes the file (its sizes into the header); returns the blocks written.
    pub fn finish(mut self) -> Result<u64, String> {
        let frames = u32::try_from(self.frames)
            .ok()
            .filter(|f| (*f as u64) * (CHANNELS * BYTES) as u64 + HEADER as u64 <= u32::MAX as u64)
            .ok_or_else(|| self.err("over 4 GiB, more than a WAV file can hold"))?;
        let h = header(frames);
        let mut fill = || -> std::io::Result<()> {
            for at in [RIFF_SIZE_AT, FACT_FRAMES_AT, DATA_SIZE_AT] {
                self.writer.seek(SeekFrom::Start(at))?;
                self.writer.write_all(&h[at as usize..at as usize + 4])?;
            }
            self.writer.flush()
        };
        fill().map_err(|e| self.err(e))?;
        Ok(self.blocks)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The header's fields where the format puts them, for 3 frames.
    #[test]
    fn the_header_is_plain_ieee_float_with_a_fact_chunk() {
        let h = header(3);
        let u16_at = |i: usize| u16::from_le_bytes([h[i], h[i + 1]]);
        let u32_at = |i: usize| u32::from_le_bytes([h[i], h[i + 1], h[i + 2], h[i + 3]]);
        assert_eq!(&h[0..4], b"RIFF");
        assert_eq!(u32_at(4), 58 - 8 + 24);
        assert_eq!(&h[8..16], b"WAVEfmt ");
        assert_eq!(u32_at(16), 18);
        assert_eq!((u16_at(20), u16_at(22)), (3, 2), "IEEE float, stereo");
        assert_eq!((u32_at(24), u32_at(28)), (48_000, 384_000));
        assert_eq!((u16_at(32), u16_at(34), u16_at(36)), (8, 32, 0));
        assert_eq!(&h[38..42], b"fact");
        assert_eq!((u32_at(42), u32_at(46)), (4, 3));
        assert_eq!(&h[50..54], b"data");
        assert_eq!(u32_at(54), 24);
    }
}
