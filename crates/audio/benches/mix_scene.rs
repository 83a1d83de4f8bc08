//! The mixer bench's load, shared by `benches/mix.rs` and `examples/mix_time.rs`: a
//! palette of two- and three-layer patches (filtered noise, oscillators, sweeping
//! thumps; every wave and filter kind) and a refill that keeps N voices playing.

use audio::*;

/// The bench's sound palette: a few patches of two and three layers.
pub fn patches() -> Vec<Patch> {
    let mut hiss = Layer::new(Wave::White);
    hiss.filter = FilterKind::BandPass;
    hiss.cutoff = 3000.0;
    hiss.cutoff_end = 800.0;
    hiss.sweep = 0.3;
    hiss.q = 2.0;
    hiss.env = Envelope {
        attack: 0.001,
        hold: 0.05,
        decay: 0.6,
        sustain: false,
    };
    let mut tone = Layer::new(Wave::Saw);
    tone.freq = 220.0;
    tone.vibrato_hz = 5.0;
    tone.vibrato_semitones = 0.3;
    tone.filter = FilterKind::LowPass;
    tone.cutoff = 1800.0;
    tone.q = 4.0;
    tone.env = Envelope {
        attack: 0.01,
        hold: 0.2,
        decay: 0.8,
        sustain: false,
    };
    let mut thump = Layer::new(Wave::Sine);
    thump.freq = 140.0;
    thump.freq_end = 40.0;
    thump.sweep = 0.15;
    thump.env = Envelope {
        attack: 0.001,
        hold: 0.0,
        decay: 0.5,
        sustain: false,
    };
    let mut pink = Layer::new(Wave::Pink);
    pink.filter = FilterKind::HighPass;
    pink.cutoff = 500.0;
    pink.env = Envelope {
        attack: 0.05,
        hold: 0.3,
        decay: 0.7,
        sustain: false,
    };
    let mut sq = Layer::new(Wave::Square { duty: 0.3 });
    sq.freq = 330.0;
    sq.freq_end = 660.0;
    sq.sweep = 0.4;
    sq.filter = FilterKind::LowPass;
    sq.cutoff = 4000.0;
    sq.cutoff_end = 600.0;
    sq.env.decay = 0.9;
    let mut brown = Layer::new(Wave::Brown);
    brown.filter = FilterKind::LowPass;
    brown.cutoff = 300.0;
    brown.env = Envelope {
        attack: 0.02,
        hold: 0.4,
        decay: 0.6,
        sustain: false,
    };
    let mut tri = Layer::new(Wave::Triangle);
    tri.freq = 520.0;
    tri.env.decay = 0.7;
    vec![
        Patch::new(&[hiss, tone, thump]),
        Patch::new(&[pink, sq]),
        Patch::new(&[brown, tri, thump]),
        Patch::new(&[hiss, sq]),
        Patch::new(&[pink, tone, tri]),
    ]
}

/// Keeps `voices` voices playing: restarts any that ended, in a fixed pattern.
pub fn refill(mixer: &mut Mixer, ids: &mut [Option<VoiceId>], palette: &[Patch], n: &mut u32) {
    for id in ids.iter_mut() {
        if id.is_some_and(|i| mixer.alive(i)) {
            continue;
        }
        *n += 1;
        let k = *n as usize;
        *id = mixer.play(Play {
            patch: palette[k % palette.len()].clone(),
            place: Placement {
                gain: 0.3,
                pan: ((k * 37) % 200) as f32 / 100.0 - 1.0,
                lowpass: if k.is_multiple_of(3) {
                    1500.0
                } else {
                    20_000.0
                },
                reverb: 0.3,
            },
            pitch: 0.8 + (k % 5) as f32 * 0.1,
            bus: if k.is_multiple_of(4) {
                Bus::Ambience
            } else {
                Bus::Effects
            },
            priority: 1.0,
            seed: *n,
        });
    }
}

/// A mixer with `voices` voices playing, ages staggered by a second of blocks.
pub fn warm(voices: usize) -> (Mixer, Vec<Option<VoiceId>>, Vec<Patch>, u32) {
    let palette = patches();
    let mut mixer = Mixer::new(48);
    let mut ids = vec![None; voices];
    let mut n = 0;
    let mut out = [0.0f32; 2 * BLOCK];
    for _ in 0..60 {
        refill(&mut mixer, &mut ids, &palette, &mut n);
        mixer.render(&mut out);
    }
    (mixer, ids, palette, n)
}
