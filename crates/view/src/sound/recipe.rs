//! The words the sound recipes are written in (REQ §21 AU2): envelopes and layers, and
//! what a layer does — glide, filter, wobble, wait — each a few numbers.

use audio::{Envelope, FilterKind, Layer, Wave};

/// A one-shot envelope: `attack`, `hold`, `decay` seconds.
pub(crate) const fn shot(attack: f32, hold: f32, decay: f32) -> Envelope {
    Envelope {
        attack,
        hold,
        decay,
        sustain: false,
    }
}

/// An envelope held until the voice is released.
pub(crate) const fn held(attack: f32, decay: f32) -> Envelope {
    Envelope {
        attack,
        hold: 0.0,
        decay,
        sustain: true,
    }
}

/// A layer of `wave` at `freq` with envelope `env` and `gain`.
pub(crate) fn layer(wave: Wave, freq: f32, env: Envelope, gain: f32) -> Layer {
    Layer {
        freq,
        freq_end: freq,
        env,
        gain,
        ..Layer::new(wave)
    }
}

/// `l` with its pitch gliding to `to` over `secs`.
pub(crate) fn glide(l: Layer, to: f32, secs: f32) -> Layer {
    Layer {
        freq_end: to,
        sweep: secs,
        ..l
    }
}

/// `l` through a filter from `cutoff` to `cutoff_end` (over the layer's sweep).
pub(crate) fn filtered(l: Layer, kind: FilterKind, cutoff: f32, cutoff_end: f32, q: f32) -> Layer {
    Layer {
        filter: kind,
        cutoff,
        cutoff_end,
        q,
        ..l
    }
}

pub(crate) fn wobble(l: Layer, hz: f32, semitones: f32) -> Layer {
    Layer {
        vibrato_hz: hz,
        vibrato_semitones: semitones,
        ..l
    }
}

pub(crate) fn later(l: Layer, delay: f32) -> Layer {
    Layer { delay, ..l }
}
