//! `--audio-out FILE.wav` (REQ §21 AU6): a run's soundtrack written offline, one block
//! per tick as the sound layer rendered it — 48 kHz stereo, 32-bit float samples, so the
//! file holds exactly the samples the live path hands the device (two renders of the
//! same run are byte-identical).

use std::fs::File;
use std::io::BufWriter;
use std::path::{Path, PathBuf};

use hound::{SampleFormat, WavSpec, WavWriter};

/// The soundtrack being written.
pub struct WavOut {
    writer: WavWriter<BufWriter<File>>,
    path: PathBuf,
    blocks: u64,
}

impl WavOut {
    pub fn create(path: &Path) -> Result<WavOut, String> {
        let spec = WavSpec {
            channels: 2,
            sample_rate: audio::SAMPLE_RATE,
            bits_per_sample: 32,
            sample_format: SampleFormat::Float,
        };
        let writer = WavWriter::create(path, spec)
            .map_err(|e| format!("{}: cannot write: {e}", path.display()))?;
        Ok(WavOut {
            writer,
            path: path.to_path_buf(),
            blocks: 0,
        })
    }

    /// One block (interleaved stereo).
    pub fn write(&mut self, block: &[f32]) -> Result<(), String> {
        for &x in block {
            self.writer
                .write_sample(x)
                .map_err(|e| format!("{}: cannot write: {e}", self.path.display()))?;
        }
        self.blocks += 1;
        Ok(())
    }

    /// Finishes the file; returns the blocks written.
    pub fn finish(self) -> Result<u64, String> {
        let (path, blocks) = (self.path, self.blocks);
        self.writer
            .finalize()
            .map_err(|e| format!("{}: cannot write: {e}", path.display()))?;
        Ok(blocks)
    }
}
