//! One layer of a playing voice: oscillator or noise → state-variable filter →
//! envelope × gain, added into the voice's mono buffer.
//!
//! Per block, the pitch and the cutoff are evaluated exactly (sweep and vibrato, with
//! our `exp2`/`tan`) at the block's end, and the hot loop ramps the phase increment and
//! the filter coefficients linearly towards them: per sample that is one phase add,
//! the wave's polynomial, the filter and one affine envelope update. The loop is
//! specialised for every wave × filter pair (28 small loops), so none of them branches
//! on the layer's kind.

use crate::block::{BLOCK, SR};
use crate::envelope::{EnvState, Segment, Stage, MAX_SECONDS};
use crate::filter::FilterKind;
use crate::filter::{damping, sane_cutoff, Svf, SvfCoefs, Tap, TapBand, TapHigh, TapLow, TapOff};
use crate::math::{exp2, log2, sane, sin_turns};
use crate::noise::Noise;
use crate::osc::{sane_duty, saw, sine, square, triangle, Wave};
use crate::patch::Layer;

/// Highest oscillator frequency (Hz): PolyBLEP needs an increment below 0.5.
pub const FREQ_MAX: f32 = 20_000.0;
/// Lowest oscillator frequency (Hz): the exponential glide needs a positive start.
pub const FREQ_MIN: f32 = 1.0;

/// The oscillator's running state, copied into locals for the hot loop.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gen {
    /// Phase in turns, [0, 1).
    pub phase: f32,
    /// Phase increment per sample (Hz / SR).
    pub inc: f32,
    /// Per-sample change of `inc` across this block.
    pub dinc: f32,
    /// Pulse width of a square.
    pub duty: f32,
    /// The noise source (noise waves only).
    pub noise: Noise,
}

impl Gen {
    #[inline(always)]
    fn step(&mut self) {
        let p = self.phase + self.inc;
        self.phase = if p >= 1.0 { p - 1.0 } else { p };
        self.inc += self.dinc;
    }
}

/// A wave as a type: one sample from the generator, advancing it.
trait Shape {
    fn next(g: &mut Gen) -> f32;
}

struct SineS;
struct TriS;
struct SawS;
struct SquareS;
struct WhiteS;
struct PinkS;
struct BrownS;

impl Shape for SineS {
    #[inline(always)]
    fn next(g: &mut Gen) -> f32 {
        let y = sine(g.phase);
        g.step();
        y
    }
}
impl Shape for TriS {
    #[inline(always)]
    fn next(g: &mut Gen) -> f32 {
        let y = triangle(g.phase);
        g.step();
        y
    }
}
impl Shape for SawS {
    #[inline(always)]
    fn next(g: &mut Gen) -> f32 {
        let y = saw(g.phase, g.inc);
        g.step();
        y
    }
}
impl Shape for SquareS {
    #[inline(always)]
    fn next(g: &mut Gen) -> f32 {
        let y = square(g.phase, g.inc, g.duty);
        g.step();
        y
    }
}
impl Shape for WhiteS {
    #[inline(always)]
    fn next(g: &mut Gen) -> f32 {
        g.noise.white()
    }
}
impl Shape for PinkS {
    #[inline(always)]
    fn next(g: &mut Gen) -> f32 {
        g.noise.pink()
    }
}
impl Shape for BrownS {
    #[inline(always)]
    fn next(g: &mut Gen) -> f32 {
        g.noise.brown()
    }
}

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

/// A playing layer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LayerState {
    wave: Wave,
    filter: FilterKind,
    gen: Gen,
    svf: Svf,
    coefs: SvfCoefs,
    k: f32,
    /// The envelope (public for the voice's level estimate and release).
    pub env: EnvState,
    gain: f32,
    pitch: Glide,
    cutoff: Glide,
    vib_hz: f32,
    vib_oct: f32,
    vib_phase: f32,
    /// Samples since the layer started sounding.
    age: u32,
}

impl LayerState {
    /// A layer of `l` with every frequency × `pitch`, its noise seeded with `seed`.
    pub fn new(l: &Layer, pitch: f32, seed: u32) -> LayerState {
        let sweep_n = crate::block::samples(sane(l.sweep, 0.0, MAX_SECONDS, 0.0));
        let hz = |f: f32| sane(f * pitch, FREQ_MIN, FREQ_MAX, 440.0);
        let pitch_glide = Glide::new(hz(l.freq), hz(l.freq_end), sweep_n);
        let cutoff = Glide::new(sane_cutoff(l.cutoff), sane_cutoff(l.cutoff_end), sweep_n);
        let k = damping(l.q);
        let duty = match l.wave {
            Wave::Square { duty } => sane_duty(duty),
            _ => 0.5,
        };
        LayerState {
            wave: l.wave,
            filter: l.filter,
            gen: Gen {
                phase: 0.0,
                inc: pitch_glide.start / SR,
                dinc: 0.0,
                duty,
                noise: Noise::new(seed),
            },
            svf: Svf::default(),
            coefs: SvfCoefs::new(cutoff.start, k),
            k,
            env: EnvState::new(&l.env, l.delay),
            gain: sane(l.gain, 0.0, 16.0, 0.0),
            pitch: pitch_glide,
            cutoff,
            vib_hz: sane(l.vibrato_hz, 0.0, 20.0, 0.0),
            vib_oct: sane(l.vibrato_semitones, 0.0, 24.0, 0.0) / 12.0,
            vib_phase: 0.0,
            age: 0,
        }
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

    /// Adds one block of this layer into `out`.
    pub fn render(&mut self, out: &mut [f32; BLOCK]) {
        if self.env.done() {
            return;
        }
        let skip = if self.env.stage == Stage::Delay {
            (self.env.left as usize).min(BLOCK)
        } else {
            0
        };
        let n = BLOCK - skip;
        if n == 0 {
            self.env.advance(BLOCK);
            return;
        }
        // The block's end, exactly; the loop ramps towards it.
        let age_end = self.age.saturating_add(n as u32);
        let vib_end = {
            let v = self.vib_phase + self.vib_hz * (n as f32 / SR);
            v - v.floor()
        };
        let inc_end = if self.wave.is_noise() {
            0.0
        } else {
            self.freq(age_end, vib_end) / SR
        };
        self.gen.dinc = (inc_end - self.gen.inc) / n as f32;
        let coefs_end = if self.filter != FilterKind::Off && self.cutoff.n > 0 {
            SvfCoefs::new(self.cutoff.at(age_end), self.k)
        } else {
            self.coefs
        };
        let dc = self.coefs.ramp_to(&coefs_end, n);

        let mut i = 0;
        while i < BLOCK && !self.env.done() {
            let s = self.env.segment(BLOCK - i);
            if !s.silent {
                self.run_filter(&mut out[i..i + s.len], &s, &dc);
            }
            self.env.advance(s.len);
            i += s.len;
        }
        self.gen.inc = inc_end;
        self.gen.dinc = 0.0;
        self.coefs = coefs_end;
        self.age = age_end;
        self.vib_phase = vib_end;
    }

    fn run_filter(&mut self, out: &mut [f32], s: &Segment, dc: &SvfCoefs) {
        match self.filter {
            FilterKind::Off => self.run_wave::<TapOff>(out, s, dc),
            FilterKind::LowPass => self.run_wave::<TapLow>(out, s, dc),
            FilterKind::BandPass => self.run_wave::<TapBand>(out, s, dc),
            FilterKind::HighPass => self.run_wave::<TapHigh>(out, s, dc),
        }
    }

    fn run_wave<T: Tap>(&mut self, out: &mut [f32], s: &Segment, dc: &SvfCoefs) {
        match self.wave {
            Wave::Sine => self.run::<SineS, T>(out, s, dc),
            Wave::Triangle => self.run::<TriS, T>(out, s, dc),
            Wave::Saw => self.run::<SawS, T>(out, s, dc),
            Wave::Square { .. } => self.run::<SquareS, T>(out, s, dc),
            Wave::White => self.run::<WhiteS, T>(out, s, dc),
            Wave::Pink => self.run::<PinkS, T>(out, s, dc),
            Wave::Brown => self.run::<BrownS, T>(out, s, dc),
        }
    }

    /// The hot loop: one segment of one wave through one filter tap.
    #[inline(always)]
    fn run<S: Shape, T: Tap>(&mut self, out: &mut [f32], s: &Segment, dc: &SvfCoefs) {
        let mut g = self.gen;
        let mut f = self.svf;
        let mut c = self.coefs;
        let (k, gain, mul, add) = (self.k, self.gain, s.mul, s.add);
        let mut level = self.env.level;
        for o in out.iter_mut() {
            let x = S::next(&mut g);
            let y = if T::ON {
                let (v1, v2) = f.tick(x, &c);
                c.a1 += dc.a1;
                c.a2 += dc.a2;
                c.a3 += dc.a3;
                T::pick(x, v1, v2, k)
            } else {
                x
            };
            *o += y * (level * gain);
            level = level * mul + add;
        }
        self.gen = g;
        self.svf = f;
        self.coefs = c;
        self.env.level = level;
    }
}
