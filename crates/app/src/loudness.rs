//! The soundtrack's loudness (REQ V4, docs/sound.md "Mastering"): a scenario's run
//! rendered as `--audio-out` renders it and measured with a BS.1770 meter (the
//! `ebur128` crate: K-weighted, gated integrated loudness; 4× oversampled true peak).
//! `--bench` prints it for its scenario.

use crate::session::Session;
use crate::setup::Setup;

/// Integrated loudness and true peak of a soundtrack.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Loudness {
    /// LUFS, integrated (gated).
    pub integrated: f64,
    /// dBTP, the louder channel.
    pub true_peak: f64,
}

/// The soundtrack of `setup`'s run to its end: interleaved stereo, 48 kHz.
pub fn soundtrack(setup: &Setup) -> Vec<f32> {
    let mut s = Session::route(setup.clone()).with_sound();
    let mut samples = Vec::new();
    s.run(crate::session::Until::End, |s, _| {
        if let Some(b) = s.sound() {
            samples.extend_from_slice(b);
        }
        std::ops::ControlFlow::Continue(())
    });
    samples
}

/// Measures interleaved stereo at the synthesizer's rate.
pub fn measure(samples: &[f32]) -> Result<Loudness, String> {
    use ebur128::{EbuR128, Mode};
    let e = |e: ebur128::Error| format!("loudness meter: {e:?}");
    let mut m = EbuR128::new(2, audio::SAMPLE_RATE, Mode::I | Mode::TRUE_PEAK).map_err(e)?;
    m.add_frames_f32(samples).map_err(e)?;
    let tp = m.true_peak(0).map_err(e)?.max(m.true_peak(1).map_err(e)?);
    Ok(Loudness {
        integrated: m.loudness_global().map_err(e)?,
        true_peak: 20.0 * tp.max(1e-12).log10(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 1 kHz sine peaking at −20 dBFS on both channels: −23 dB mean square each, the
    /// two channels summed −20 dB, and BS.1770's −0.691 dB offset cancels the
    /// K-weighting's gain at 1 kHz: −20 LUFS. Its true peak is its crest, −20 dBTP.
    #[test]
    fn a_sine_at_minus_20_reads_its_level() {
        let a = 0.1f32;
        let x: Vec<f32> = (0..48_000 * 5)
            .flat_map(|n| {
                let v = a * (std::f32::consts::TAU * 1000.0 * n as f32 / 48_000.0).sin();
                [v, v]
            })
            .collect();
        let l = measure(&x).unwrap();
        assert!((l.integrated + 20.0).abs() < 0.3, "{}", l.integrated);
        assert!((l.true_peak + 20.0).abs() < 0.1, "{}", l.true_peak);
    }
}
