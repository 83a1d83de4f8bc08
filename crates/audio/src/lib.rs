//! Our own synthesizer and mixer, the raster crate's twin for sound: oscillators,
//! noise, envelopes, filters, a room reverb, a compressor and a limiter, equal-power
//! panning, and a mixer with a voice cap. No game types, no threads, no clock, no I/O:
//! the same calls (and seeds) give the same samples bit for bit, every run.
//!
//! 48 kHz stereo `f32`, rendered in blocks of one 60 Hz tick ([`BLOCK`] = 800 frames).
//!
//! ```
//! use audio::*;
//!
//! let mut thump = Layer::new(Wave::Sine);
//! thump.freq = 120.0;
//! thump.freq_end = 45.0;
//! thump.sweep = 0.08;
//! thump.env = Envelope { attack: 0.001, hold: 0.0, decay: 0.2, sustain: false };
//! let mut hiss = Layer::new(Wave::White);
//! hiss.filter = FilterKind::BandPass;
//! hiss.cutoff = 2500.0;
//! hiss.q = 2.0;
//! hiss.env.decay = 0.05;
//! let shot = Patch::new(&[thump, hiss]);
//!
//! let mut mixer = Mixer::new(48);
//! let id = mixer.play(Play {
//!     patch: shot,
//!     place: Placement { pan: -0.3, reverb: 0.2, ..Placement::CENTRE },
//!     pitch: 1.0,
//!     bus: Bus::Effects,
//!     priority: 1.0,
//!     seed: 7,
//! });
//! let mut out = [0.0f32; 2 * BLOCK];
//! mixer.render(&mut out);
//! assert!(id.is_some() && mixer.stats().peak > 0.0);
//! ```
//!
//! Files, one concept each: `block` (rate, block), `math` (our own exp2/log2/sin/tan),
//! `lanes` (eight-lane arithmetic), `rng`, `osc`, `noise`, `envelope`, `filter`,
//! `patch`, `layer` (a playing layer between blocks), `bank` (eight layers' hot loop),
//! `voice`, `pan`, `reverb`, `truepeak` (4× oversampled peak detection), `dynamics`,
//! `mixer`.

mod bank;
mod block;
mod dynamics;
mod envelope;
mod filter;
mod lanes;
mod layer;
mod math;
mod mixer;
mod noise;
mod osc;
mod pan;
mod patch;
mod reverb;
mod rng;
mod truepeak;
mod voice;

pub use block::{Block, BLOCK, SAMPLE_RATE};
pub use dynamics::{Limiter, CEILING, LATENCY, LOOKAHEAD};
pub use envelope::Envelope;
pub use filter::FilterKind;
pub use lanes::Kernel;
pub use mixer::{Bus, MixStats, Mixer, Play, VoiceId};
pub use osc::Wave;
pub use pan::Placement;
pub use patch::{Layer, Patch, MAX_LAYERS};
