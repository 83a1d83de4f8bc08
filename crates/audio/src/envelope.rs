//! The layers' amplitude envelope: delay, linear attack, hold, optional sustain, and an
//! exponential decay to −60 dB. It is run in *segments*: within a stage the level
//! follows one affine update `level ← level·mul + add` per sample (attack: `add` is the
//! step; hold and sustain: identity; decay: `mul` is the per-sample factor), so the hot
//! loop has no stage branch and no `exp`. Stage lengths are whole samples, so the ends
//! are exact and the same on every run.

use crate::block::samples;
use crate::math::{exp2, sane};

/// An envelope's shape, in seconds (each clamped to 0 … 60 s, NaN → 0).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Envelope {
    /// Linear rise 0 → 1.
    pub attack: f32,
    /// Time held at 1.
    pub hold: f32,
    /// Exponential fall to −60 dB over this time; the layer ends then (unless
    /// `sustain`). 0 is one sample.
    pub decay: f32,
    /// Stay at 1 after attack + hold until the voice is released, then decay.
    pub sustain: bool,
}

/// The longest stage, so a stage's sample count fits comfortably in `u32`.
pub const MAX_SECONDS: f32 = 60.0;

/// −60 dB: where a decay ends.
const FLOOR: f32 = 0.001;

/// Where an envelope is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Waiting for the layer's `delay`: silent, the oscillator does not run.
    Delay,
    /// Rising linearly.
    Attack,
    /// At 1 for `hold`.
    Hold,
    /// At 1 until released.
    Sustain,
    /// Falling exponentially.
    Decay,
    /// Finished: the layer is silent for good.
    Done,
}

/// One run of samples with a single affine level update.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Segment {
    /// Samples in the run (≥ 1).
    pub len: usize,
    /// Per-sample factor on the level.
    pub mul: f32,
    /// Per-sample addition to the level.
    pub add: f32,
    /// The layer makes no sound in this run (its delay).
    pub silent: bool,
}

/// A running envelope.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EnvState {
    /// The current stage.
    pub stage: Stage,
    /// Samples left in the stage (`u32::MAX` in `Sustain`).
    pub left: u32,
    /// The current level, 0 … 1.
    pub level: f32,
    attack_n: u32,
    hold_n: u32,
    decay_n: u32,
    step: f32,
    decay_mul: f32,
    sustain: bool,
}

impl EnvState {
    /// An envelope that waits `delay` seconds, then runs `env`.
    pub fn new(env: &Envelope, delay: f32) -> EnvState {
        let sec = |s: f32| samples(sane(s, 0.0, MAX_SECONDS, 0.0));
        let attack_n = sec(env.attack);
        let decay_n = sec(env.decay).max(1);
        let mut e = EnvState {
            stage: Stage::Delay,
            left: sec(delay),
            level: 0.0,
            attack_n,
            hold_n: sec(env.hold),
            decay_n,
            step: 1.0 / attack_n.max(1) as f32,
            // FLOOR^(1/n): the level is 1e-3 after n samples.
            decay_mul: exp2(crate::math::log2(FLOOR) / decay_n as f32),
            sustain: env.sustain,
        };
        e.settle();
        e
    }

    /// Enters the next stage while the current one has no samples left.
    fn settle(&mut self) {
        while self.left == 0 {
            match self.stage {
                Stage::Delay => {
                    self.stage = Stage::Attack;
                    self.left = self.attack_n;
                    self.level = 0.0;
                }
                Stage::Attack => {
                    self.stage = Stage::Hold;
                    self.left = self.hold_n;
                    self.level = 1.0;
                }
                Stage::Hold if self.sustain => {
                    self.stage = Stage::Sustain;
                    self.left = u32::MAX;
                    self.level = 1.0;
                }
                Stage::Hold | Stage::Sustain => {
                    self.stage = Stage::Decay;
                    self.left = self.decay_n;
                    self.level = 1.0;
                }
                Stage::Decay | Stage::Done => {
                    self.stage = Stage::Done;
                    self.left = u32::MAX;
                    self.level = 0.0;
                    return;
                }
            }
        }
    }

    /// The next run, at most `max` samples (≥ 1). Not called when `Done`.
    pub fn segment(&self, max: usize) -> Segment {
        let len = (self.left as usize).min(max).max(1);
        let (mul, add) = match self.stage {
            Stage::Attack => (1.0, self.step),
            Stage::Decay => (self.decay_mul, 0.0),
            _ => (1.0, 0.0),
        };
        Segment {
            len,
            mul,
            add,
            silent: self.stage == Stage::Delay,
        }
    }

    /// `n` samples of the current stage have been run (the level was updated by the
    /// caller); moves on when the stage is over, with its end level exact.
    pub fn advance(&mut self, n: usize) {
        if self.stage == Stage::Sustain || self.stage == Stage::Done {
            return;
        }
        self.left -= (n as u32).min(self.left);
        self.settle();
    }

    /// Ends a sustain: decays from where it is (an attack or hold of a sustaining
    /// envelope decays at once, a delay never starts). A non-sustained envelope runs
    /// on; the voice's release fade ends it.
    pub fn release(&mut self) {
        if !self.sustain {
            return;
        }
        match self.stage {
            Stage::Delay => {
                self.stage = Stage::Done;
                self.left = u32::MAX;
            }
            Stage::Attack | Stage::Hold | Stage::Sustain => {
                self.stage = Stage::Decay;
                self.left = self.decay_n;
            }
            Stage::Decay | Stage::Done => {}
        }
    }

    /// The layer is over.
    pub fn done(&self) -> bool {
        self.stage == Stage::Done
    }

    /// For stealing: how loud the envelope is now, counting a layer still waiting or
    /// rising as full (it is about to be heard).
    pub fn presence(&self) -> f32 {
        match self.stage {
            Stage::Delay | Stage::Attack => 1.0,
            _ => self.level,
        }
    }
}

impl Envelope {
    /// Seconds from the start of the layer to its end, `None` when it sustains.
    pub fn length(&self) -> Option<f32> {
        if self.sustain {
            return None;
        }
        let s = |x: f32| sane(x, 0.0, MAX_SECONDS, 0.0);
        Some(s(self.attack) + s(self.hold) + s(self.decay))
    }
}
