//! A sound's recipe: up to [`MAX_LAYERS`] layers, each a wave through a filter under an
//! envelope, summed (sfxr-style: a handful of numbers per sound, no samples on disk).
//! Plain data: the mixer turns a patch into a voice when it is played.

use crate::envelope::Envelope;
use crate::filter::FilterKind;
use crate::osc::Wave;

/// The most layers a patch holds (a voice's state is a fixed array, no heap).
pub const MAX_LAYERS: usize = 4;

/// One layer of a patch. Every field is clamped when a voice starts (see each field);
/// NaN takes the default.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layer {
    /// The source.
    pub wave: Wave,
    /// Hz at the start, clamped to 1 … 20 000 (× the play's `pitch` first). Ignored by
    /// noise waves (colour them with the filter).
    pub freq: f32,
    /// Hz reached after `sweep` seconds (exponential glide), then held. Ignored when
    /// `sweep` is 0 (so setting only `freq` gives a steady tone).
    pub freq_end: f32,
    /// Glide time in seconds, for both the pitch and the cutoff (0 … 60).
    pub sweep: f32,
    /// Pitch wobble rate, Hz (0 … 20: it is sampled per block, 60 Hz).
    pub vibrato_hz: f32,
    /// Pitch wobble depth, semitones either way (0 … 24).
    pub vibrato_semitones: f32,
    /// The filter's response.
    pub filter: FilterKind,
    /// Cutoff (or centre) Hz at the start, 20 … 20 000.
    pub cutoff: f32,
    /// Cutoff after `sweep` seconds (ignored when `sweep` is 0).
    pub cutoff_end: f32,
    /// Resonance, 0.5 … 20.
    pub q: f32,
    /// The amplitude envelope.
    pub env: Envelope,
    /// Linear gain, 0 … 16.
    pub gain: f32,
    /// Seconds after the voice starts before this layer starts (0 … 60): a lub-dub is
    /// two layers.
    pub delay: f32,
}

impl Layer {
    /// A 440 Hz layer of `wave`: no sweep or vibrato, filter off (cutoff 20 kHz, q
    /// 0.707), a 2 ms attack and a 250 ms decay, gain 1, no delay.
    pub const fn new(wave: Wave) -> Layer {
        Layer {
            wave,
            freq: 440.0,
            freq_end: 440.0,
            sweep: 0.0,
            vibrato_hz: 0.0,
            vibrato_semitones: 0.0,
            filter: FilterKind::Off,
            cutoff: 20_000.0,
            cutoff_end: 20_000.0,
            q: std::f32::consts::FRAC_1_SQRT_2,
            env: Envelope {
                attack: 0.002,
                hold: 0.0,
                decay: 0.25,
                sustain: false,
            },
            gain: 1.0,
            delay: 0.0,
        }
    }

    /// Seconds from the voice's start to this layer's end; `None` if it sustains.
    pub fn end(&self) -> Option<f32> {
        let d = crate::math::sane(self.delay, 0.0, crate::envelope::MAX_SECONDS, 0.0);
        self.env.length().map(|l| d + l)
    }
}

/// A sound's recipe: up to [`MAX_LAYERS`] layers summed. Stored inline (no heap), so
/// cloning a patch into a [`Play`](crate::mixer::Play) allocates nothing.
#[derive(Clone, Debug, PartialEq)]
pub struct Patch {
    layers: [Layer; MAX_LAYERS],
    len: usize,
}

impl Patch {
    /// A patch of `layers`. Layers beyond [`MAX_LAYERS`] are dropped (the first four
    /// are kept); an empty patch is silent and its voice ends at once.
    pub fn new(layers: &[Layer]) -> Patch {
        let mut p = Patch {
            layers: [Layer::new(Wave::Sine); MAX_LAYERS],
            len: layers.len().min(MAX_LAYERS),
        };
        p.layers[..p.len].copy_from_slice(&layers[..p.len]);
        p
    }

    /// The layers, in order.
    pub fn layers(&self) -> &[Layer] {
        &self.layers[..self.len]
    }

    /// Seconds until the last layer ends; infinite if any layer sustains (it ends when
    /// the voice is released), 0 for an empty patch.
    pub fn duration(&self) -> f32 {
        self.layers()
            .iter()
            .map(|l| l.end().unwrap_or(f32::INFINITY))
            .fold(0.0, f32::max)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn duration_and_dropped_layers() {
        let mut a = Layer::new(Wave::Sine);
        a.env = Envelope {
            attack: 0.01,
            hold: 0.1,
            decay: 0.2,
            sustain: false,
        };
        let mut b = a;
        b.delay = 0.5;
        let p = Patch::new(&[a, b]);
        assert!((p.duration() - 0.81).abs() < 1e-6);
        let mut s = a;
        s.env.sustain = true;
        assert_eq!(Patch::new(&[a, s]).duration(), f32::INFINITY);
        assert_eq!(Patch::new(&[a; 6]).layers().len(), MAX_LAYERS);
        assert_eq!(Patch::new(&[]).duration(), 0.0);
    }
}
