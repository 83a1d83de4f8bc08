//! One layer of a playing voice: its persistent state between blocks and, per block,
//! its plan for a bank lane ([`crate::bank`] renders it).
//!
//! Per block, the pitch (sweep and vibrato) and the cutoff are evaluated exactly, with
//! our own `exp2`/`tan`, at the block's end, and the lane ramps the phase increment and
//! the filter coefficients linearly towards them: no per-sample `exp`, `sin` or `tan`,
//! and no steps. The envelope's stage changes inside the block become the lane's
//! events.

use crate::bank::{Bank, Event, Lane, Mix};
use crate::block::{samples, BLOCK, SR};
use crate::envelope::{EnvState, Stage, MAX_SECONDS};
use crate::filter::{damping, sane_cutoff, tap_weights, FilterKind, SvfCoefs};
use crate::math::{exp2, log2, sane, sin_turns};
use crate::osc::{sane_duty, Wave};
use crate::patch::Layer;
use crate::rng::Rng;

/// Highest oscillator frequency (Hz): PolyBLEP needs an increment below 0.5.
pub const FREQ_MAX: f32 = 20_000.0;
/// Lowest oscillator frequency (Hz): the exponential glide needs a positive start.
pub const FREQ_MIN: f32 = 1.0;
/// A glide from `start` to `end` over `n` samples (exponential), or a constant.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Glide {
    start: f32,
    end: f32,
    log_ratio: f32,
    n: u32,
}

impl Glide {
    fn new(start: f32, end: f32, n: u32) -> Glide {
        Glide {
            start,
            end,
            log_ratio: log2(end / start),
            n,
        }
    }

    /// The value `age` samples in.
    fn at(&self, age: u32) -> f32 {
        if self.n == 0 {
            self.start
        } else if age >= self.n {
            self.end
        } else {
            self.start * exp2(self.log_ratio * (age as f32 / self.n as f32))
        }
    }
}

/// A playing layer between blocks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LayerState {
    wave: Wave,
    filter: FilterKind,
    /// The bank lane's numbers that persist: phase, increment, noise, filter state and
    /// coefficients, gain, the voice low-pass state.
    lane: Lane,
    coefs: SvfCoefs,
    k: f32,
    /// The envelope.
    pub env: EnvState,
    pitch: Glide,
    cutoff: Glide,
    vib_hz: f32,
    vib_oct: f32,
    vib_phase: f32,
    /// Samples since the layer started sounding.
    age: u32,
    /// Where the planned block ends, written back by `finish`.
    planned: Planned,
}

/// What `plan` computed for `finish`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Planned {
    inc_end: f32,
    coefs_end: SvfCoefs,
    age_end: u32,
    vib_end: f32,
    /// The envelope's last stage runs on past the block: its level is the lane's.
    level_from_lane: bool,
    /// The layer sounded this block (not all of it in its delay).
    started: bool,
}

impl LayerState {
    /// A layer of `l` with every frequency × `pitch`, its noise seeded with `seed`.
    pub fn new(l: &Layer, pitch: f32, seed: u32) -> LayerState {
        let sweep_n = samples(sane(l.sweep, 0.0, MAX_SECONDS, 0.0));
        let hz = |f: f32| sane(f * pitch, FREQ_MIN, FREQ_MAX, 440.0);
        let pitch_glide = Glide::new(hz(l.freq), hz(l.freq_end), sweep_n);
        let cutoff = Glide::new(sane_cutoff(l.cutoff), sane_cutoff(l.cutoff_end), sweep_n);
        let k = damping(l.q);
        let duty = match l.wave {
            Wave::Square { duty } => sane_duty(duty),
            _ => 0.5,
        };
        let inc = if l.wave.is_noise() {
            0.0
        } else {
            pitch_glide.start / SR
        };
        let coefs = SvfCoefs::new(cutoff.start, k);
        LayerState {
            wave: l.wave,
            filter: l.filter,
            lane: Lane {
                inc,
                rinc: if inc > 0.0 { 1.0 / inc } else { 0.0 },
                duty,
                rng: Rng::new(seed).state(),
                taps: tap_weights(l.filter, k),
                gain: sane(l.gain, 0.0, 16.0, 0.0),
                ..Lane::default()
            },
            coefs,
            k,
            env: EnvState::new(&l.env, l.delay),
            pitch: pitch_glide,
            cutoff,
            vib_hz: sane(l.vibrato_hz, 0.0, 20.0, 0.0),
            vib_oct: sane(l.vibrato_semitones, 0.0, 24.0, 0.0) / 12.0,
            vib_phase: 0.0,
            age: 0,
            planned: Planned::default(),
        }
    }

    /// The bank this layer runs in: its wave kind and whether it is filtered.
    pub fn key(&self) -> (usize, bool) {
        (self.wave.kind(), self.filter != FilterKind::Off)
    }

    /// Nothing left to render: the envelope is done (at −60 dB; the voice low-pass's
    /// state is dropped with it, see [`Event::end`]).
    pub fn over(&self) -> bool {
        self.env.done()
    }

    /// This block is all delay: nothing to render, the wait just shortens.
    pub fn waits_out(&self) -> bool {
        self.env.stage == Stage::Delay && self.env.left as usize >= BLOCK
    }

    /// Skips a block spent waiting (see [`LayerState::waits_out`]).
    pub fn wait(&mut self) {
        self.env.advance(BLOCK);
    }

    /// The oscillator's frequency (Hz) `age` samples in, with the vibrato at `vib`.
    fn freq(&self, age: u32, vib: f32) -> f32 {
        let f = self.pitch.at(age);
        if self.vib_oct > 0.0 {
            (f * exp2(self.vib_oct * sin_turns(vib))).min(FREQ_MAX)
        } else {
            f
        }
    }

    /// Plans this block into the next lane of `bank`, with the voice's stage `mix`;
    /// returns the lane.
    pub fn plan(&mut self, mix: &Mix, bank: &mut Bank) -> usize {
        let skip = if self.env.stage == Stage::Delay {
            (self.env.left as usize).min(BLOCK)
        } else {
            0
        };
        let n = BLOCK - skip;
        let started = !self.env.done() && n > 0;
        let mut lane = self.lane;
        lane.mix = *mix;
        lane.start = skip;
        let mut p = Planned {
            inc_end: lane.inc,
            coefs_end: self.coefs,
            age_end: self.age,
            vib_end: self.vib_phase,
            level_from_lane: false,
            started,
        };
        if started {
            // The block's end, exactly; the lane ramps towards it.
            p.age_end = self.age.saturating_add(n as u32);
            let v = self.vib_phase + self.vib_hz * (n as f32 / SR);
            p.vib_end = v - v.floor();
            if !self.wave.is_noise() {
                p.inc_end = self.freq(p.age_end, p.vib_end) / SR;
                let r = 1.0 / n as f32;
                lane.dinc = (p.inc_end - lane.inc) * r;
                lane.drinc = (1.0 / p.inc_end - lane.rinc) * r;
            }
            if self.filter != FilterKind::Off && self.cutoff.n > 0 && self.age < self.cutoff.n {
                p.coefs_end = SvfCoefs::new(self.cutoff.at(p.age_end), self.k);
            }
            let d = self.coefs.ramp_to(&p.coefs_end, n);
            (lane.m11, lane.m12, lane.b2) = (self.coefs.m11, self.coefs.m12, self.coefs.b2);
            (lane.dm11, lane.dm12, lane.db2) = (d.m11, d.m12, d.b2);
        }
        // The envelope's stages through the block: the first sets the lane, the
        // others are events.
        let mut events = [Event::default(); 6];
        let mut n_events = 0;
        let mut i = 0;
        (lane.level, lane.mul, lane.add) = (0.0, 0.0, 0.0);
        while i < BLOCK && !self.env.done() {
            let s = self.env.segment(BLOCK - i);
            let (level, mul, add) = if s.silent {
                (0.0, 1.0, 0.0)
            } else {
                (self.env.level, s.mul, s.add)
            };
            if i == 0 {
                (lane.level, lane.mul, lane.add) = (level, mul, add);
            } else if n_events < events.len() {
                events[n_events] = Event {
                    at: i,
                    lane: 0,
                    level,
                    mul,
                    add,
                    end: false,
                };
                n_events += 1;
            }
            let stage = self.env.stage;
            self.env.advance(s.len);
            i += s.len;
            p.level_from_lane = self.env.stage == stage;
        }
        if i < BLOCK && n_events < events.len() {
            // Done inside the block: silent from here, the low-pass state dropped.
            events[n_events] = Event {
                at: i,
                lane: 0,
                level: 0.0,
                mul: 0.0,
                add: 0.0,
                end: true,
            };
            n_events += 1;
        }
        let at = bank.push(lane);
        for e in &events[..n_events] {
            bank.event(Event { lane: at, ..*e });
        }
        self.planned = p;
        at
    }

    /// Takes back the lane's state after the bank ran.
    pub fn finish(&mut self, l: &Lane) {
        let p = self.planned;
        let keep = self.lane;
        self.lane = Lane {
            mix: Mix::default(),
            start: 0,
            dinc: 0.0,
            drinc: 0.0,
            dm11: 0.0,
            dm12: 0.0,
            db2: 0.0,
            ..*l
        };
        if p.started {
            // The exact end values, not the ramps' accumulated ones.
            self.lane.inc = p.inc_end;
            self.lane.rinc = if p.inc_end > 0.0 {
                1.0 / p.inc_end
            } else {
                0.0
            };
            self.coefs = p.coefs_end;
            self.age = p.age_end;
            self.vib_phase = p.vib_end;
        } else {
            // Not started: the source keeps its initial state.
            self.lane = Lane { lp: l.lp, ..keep };
        }
        if p.level_from_lane {
            self.env.level = l.level;
        }
        (self.lane.m11, self.lane.m12, self.lane.b2) =
            (self.coefs.m11, self.coefs.m12, self.coefs.b2);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bank::{Acc, Bank, CHUNK};
    use crate::envelope::Envelope;
    use crate::lanes::Kernel;

    /// A layer ending inside a block behind a closed low-pass leaves no tail to sink
    /// into denormals: its low-pass state is exactly zero after the block.
    #[test]
    fn an_ending_layer_drops_its_lowpass_state() {
        let mut l = Layer::new(Wave::Saw);
        l.env = Envelope {
            attack: 0.0,
            hold: 0.0,
            decay: 0.005,
            sustain: false,
        };
        let mut layer = LayerState::new(&l, 1.0, 1);
        let mix = Mix {
            lpa: 0.05,
            fade: 1.0,
            left: 1.0,
            right: 1.0,
            ..Mix::default()
        };
        let mut bank = Bank::new();
        let mut acc = Acc::new();
        bank.clear();
        let lane = layer.plan(&mix, &mut bank);
        for from in (0..BLOCK).step_by(CHUNK) {
            acc.clear();
            bank.run(Kernel::best(), 2, false, from, from + CHUNK, &mut acc);
            assert!(acc
                .left
                .iter()
                .all(|v| v.0.iter().all(|x| *x == 0.0 || x.is_normal())));
        }
        layer.finish(bank.lane(lane));
        assert!(layer.over());
        assert_eq!(bank.lane(lane).lp, 0.0);
    }
}
