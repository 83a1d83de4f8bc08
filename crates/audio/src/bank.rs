//! A bank: eight layers rendered side by side, one per lane, for one block — the
//! synthesizer's hot loop.
//!
//! Every layer's sound is a chain of recursions (phase accumulator, noise colour,
//! state-variable filter, envelope, the voice's low-pass) whose every sample waits on
//! the last one. Rendered one layer at a time, the CPU spends most of each sample
//! waiting on those latencies; eight lanes in one vector register fill the wait with
//! seven other layers' work. A bank runs a single wave kind (the mixer sorts its
//! layers into banks by kind and filtered/unfiltered), so its loop has no branch on the
//! kind; the lanes differ only in their numbers.
//!
//! Per sample and lane, one loop does it all: **source → filter → envelope × gain →
//! the voice's one-pole low-pass → fade → gain × pan × bus volume** into three
//! lane-wide accumulators (left, right, reverb send), which the mixer sums across
//! lanes. The voice's low-pass runs on each of its layers, which is the same as on
//! their sum: the filter is linear and every layer of a voice gets the same
//! coefficients.
//!
//! - The envelope's stage changes are *events* at sample positions (a lane's attack
//!   ends, its delay ends…): the loop runs from event to event and each event rewrites
//!   its lane's level update (`level ← level·mul + add`). A layer whose delay ends
//!   mid-block is silent until its start event, which also resets its source and
//!   filter and lets its ramps begin.
//! - The block is rendered in chunks of [`CHUNK`] samples, every bank in turn for each
//!   chunk, so the accumulators stay in the L1 cache.
//! - The ramps (pitch, cutoff, low-pass, gains) move every 8 samples; the envelope,
//!   and the fade when some lane fades, every sample.
//!
//! The kernels are compiled twice, for the baseline and for AVX2, from the same code:
//! only IEEE operations, so both give the same bits (tested).

use crate::block::BLOCK;
use crate::filter::Svf8;
use crate::lanes::{Kernel, F8, LANES};
use crate::noise::Noise8;
use crate::osc::{saw, sine, square, triangle, Osc8};

/// One lane's numbers for a block: written by its layer before the bank runs, read back
/// after. Ramps (`d…`) are per-sample increments.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Lane {
    /// Oscillator phase, turns.
    pub phase: f32,
    /// Phase increment per sample.
    pub inc: f32,
    /// Its ramp.
    pub dinc: f32,
    /// 1 / `inc` (PolyBLEP's width).
    pub rinc: f32,
    /// Its ramp.
    pub drinc: f32,
    /// Pulse width.
    pub duty: f32,
    /// Noise generator state.
    pub rng: u32,
    /// Pink noise's poles.
    pub pink: [f32; 3],
    /// Brown noise's integrator.
    pub brown: f32,
    /// SVF state.
    pub ic1: f32,
    /// SVF state.
    pub ic2: f32,
    /// SVF coefficients ([`crate::filter::SvfCoefs`]) and their ramps.
    pub m11: f32,
    /// See `m11`.
    pub m12: f32,
    /// See `m11`.
    pub b2: f32,
    /// See `m11`.
    pub dm11: f32,
    /// See `m11`.
    pub dm12: f32,
    /// See `m11`.
    pub db2: f32,
    /// SVF output weights ([`crate::filter::tap_weights`]).
    pub taps: [f32; 3],
    /// Envelope level at the block's start, and its first update.
    pub level: f32,
    /// See `level`.
    pub mul: f32,
    /// See `level`.
    pub add: f32,
    /// The layer's gain.
    pub gain: f32,
    /// The voice's stage for this block.
    pub mix: Mix,
    /// The voice's low-pass state (per layer).
    pub lp: f32,
    /// Sample at which the layer starts this block (its delay ends); 0 if it was
    /// already running. Until then the lane is silent and its ramps wait.
    pub start: usize,
}

/// A voice's stage for one block, the same for each of its layers: where every
/// parameter starts and its per-sample ramp.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Mix {
    /// One-pole coefficient (1 = open).
    pub lpa: f32,
    /// See `lpa`.
    pub dlpa: f32,
    /// Release fade, 1 → 0 (the gain is its square).
    pub fade: f32,
    /// Its per-sample decrement.
    pub dfade: f32,
    /// Gain into the left channel (placement gain × pan × bus volume).
    pub left: f32,
    /// See `left`.
    pub dleft: f32,
    /// Gain into the right channel.
    pub right: f32,
    /// See `right`.
    pub dright: f32,
    /// Gain into the reverb send.
    pub send: f32,
    /// See `send`.
    pub dsend: f32,
}

/// An envelope stage change inside the block.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Event {
    /// Sample position, 1 … BLOCK − 1.
    pub at: usize,
    /// Lane.
    pub lane: usize,
    /// The level from here on, and its update.
    pub level: f32,
    /// See `level`.
    pub mul: f32,
    /// See `level`.
    pub add: f32,
    /// The layer ends here: its low-pass state is dropped too. It is at −60 dB, so
    /// nothing is heard, and a decaying tail on silence would otherwise sink into
    /// denormal numbers, each of which costs the CPU a hundred cycles.
    pub end: bool,
}

/// The most events a bank holds: a lane passes each envelope stage at most once per
/// block (delay, attack, hold, sustain or decay, done).
const MAX_EVENTS: usize = LANES * 6;

/// Samples per chunk. The block is rendered chunk by chunk, every bank in turn for
/// each chunk, so the accumulators (15 KB) stay in the L1 cache:
/// a whole block's lane-wide accumulators (77 KB) would not, and every bank would
/// stream them through L2.
pub const CHUNK: usize = 160;

/// The three lane-wide accumulators (left, right, reverb send) of
/// one chunk, summed across lanes by the mixer when every bank has added into them.
pub struct Acc {
    /// Left.
    pub left: [F8; CHUNK],
    /// Right.
    pub right: [F8; CHUNK],
    /// Reverb send.
    pub send: [F8; CHUNK],
}

impl Acc {
    /// Zeroed accumulators, boxed.
    pub fn new() -> Box<Acc> {
        Box::new(Acc {
            left: [F8::default(); CHUNK],
            right: [F8::default(); CHUNK],
            send: [F8::default(); CHUNK],
        })
    }

    /// Back to zero for the next chunk.
    pub fn clear(&mut self) {
        self.left.fill(F8::default());
        self.right.fill(F8::default());
        self.send.fill(F8::default());
    }
}

/// The voice stage's state for eight lanes: low-pass (`y ← b·y + a·x`), fade, gains,
/// and their ramps.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Stage8 {
    lp: F8,
    a: F8,
    da: F8,
    b: F8,
    fade: F8,
    dfade: F8,
    left: F8,
    dleft: F8,
    right: F8,
    dright: F8,
    send: F8,
    dsend: F8,
}

/// A wave kind as a type, so each bank loop is specialised for it.
trait Shape {
    fn next(o: &mut Osc8, n: &mut Noise8) -> F8;
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
    fn next(o: &mut Osc8, _: &mut Noise8) -> F8 {
        let y = sine(o.phase);
        o.step();
        y
    }
}
impl Shape for TriS {
    #[inline(always)]
    fn next(o: &mut Osc8, _: &mut Noise8) -> F8 {
        let y = triangle(o.phase);
        o.step();
        y
    }
}
impl Shape for SawS {
    #[inline(always)]
    fn next(o: &mut Osc8, _: &mut Noise8) -> F8 {
        let y = saw(o.phase, o.rinc);
        o.step();
        y
    }
}
impl Shape for SquareS {
    #[inline(always)]
    fn next(o: &mut Osc8, _: &mut Noise8) -> F8 {
        let y = square(o.phase, o.rinc, o.duty);
        o.step();
        y
    }
}
impl Shape for WhiteS {
    #[inline(always)]
    fn next(_: &mut Osc8, n: &mut Noise8) -> F8 {
        n.white()
    }
}
impl Shape for PinkS {
    #[inline(always)]
    fn next(_: &mut Osc8, n: &mut Noise8) -> F8 {
        n.pink()
    }
}
impl Shape for BrownS {
    #[inline(always)]
    fn next(_: &mut Osc8, n: &mut Noise8) -> F8 {
        n.brown()
    }
}

/// Eight layers' state for one block, structure of arrays.
pub struct Bank {
    lanes: [Lane; LANES],
    used: usize,
    osc: Osc8,
    noise: Noise8,
    svf: Svf8,
    level: F8,
    mul: F8,
    add: F8,
    /// Some lane's voice is fading out (the fade then runs per sample; otherwise
    /// its gain, 1, is left out).
    fading: bool,
    stage: Stage8,
    events: [Event; MAX_EVENTS],
    n_events: usize,
    /// The next event to apply.
    next_event: usize,
}

impl Bank {
    /// An empty bank.
    pub fn new() -> Bank {
        Bank {
            lanes: [Lane::default(); LANES],
            used: 0,
            osc: Osc8::default(),
            noise: Noise8::default(),
            svf: Svf8::default(),
            level: F8::default(),
            mul: F8::default(),
            add: F8::default(),
            fading: false,
            stage: Stage8::default(),
            events: [Event::default(); MAX_EVENTS],
            n_events: 0,
            next_event: 0,
        }
    }

    /// Empties the bank for the next eight layers.
    pub fn clear(&mut self) {
        self.lanes = [Lane::default(); LANES];
        self.used = 0;
        self.n_events = 0;
    }

    /// Fills the next lane; returns its index.
    pub fn push(&mut self, lane: Lane) -> usize {
        let i = self.used;
        self.lanes[i] = lane;
        self.used += 1;
        i
    }

    /// Adds an envelope event (ignored beyond the bank's capacity, which the stage
    /// sequence cannot exceed).
    pub fn event(&mut self, e: Event) {
        if self.n_events < MAX_EVENTS && e.at > 0 && e.at < BLOCK {
            self.events[self.n_events] = e;
            self.n_events += 1;
        }
    }

    /// A lane's numbers after the bank ran.
    pub fn lane(&self, i: usize) -> &Lane {
        &self.lanes[i]
    }

    /// Renders samples `from..to` of the block (a chunk) of the bank's lanes (all of
    /// `kind`, filtered or not) into `acc`. The first chunk loads the lanes, the last
    /// stores them back.
    pub fn run(
        &mut self,
        kernel: Kernel,
        kind: usize,
        filtered: bool,
        from: usize,
        to: usize,
        acc: &mut Acc,
    ) {
        if from == 0 {
            self.load();
        }
        macro_rules! go {
            ($s:ty) => {
                if filtered {
                    self.dispatch::<$s, true>(kernel, from, to, acc)
                } else {
                    self.dispatch::<$s, false>(kernel, from, to, acc)
                }
            };
        }
        match kind {
            0 => go!(SineS),
            1 => go!(TriS),
            2 => go!(SawS),
            3 => go!(SquareS),
            4 => go!(WhiteS),
            5 => go!(PinkS),
            _ => go!(BrownS),
        }
        if to == BLOCK {
            self.store();
        }
    }

    fn dispatch<S: Shape, const F: bool>(
        &mut self,
        kernel: Kernel,
        from: usize,
        to: usize,
        acc: &mut Acc,
    ) {
        #[cfg(target_arch = "x86_64")]
        if kernel == Kernel::Avx2 && Kernel::Avx2.supported() {
            // SAFETY: the CPU has AVX2 (checked just above).
            unsafe { run_avx2::<S, F>(self, from, to, acc) };
            return;
        }
        let _ = kernel;
        run::<S, F>(self, from, to, acc);
    }

    /// Lanes → SoA registers.
    fn load(&mut self) {
        let l = &self.lanes;
        let f = |g: fn(&Lane) -> f32| F8(std::array::from_fn(|i| g(&l[i])));
        // Ramps wait for a lane's start event.
        let ramp = |g: fn(&Lane) -> f32| {
            F8(std::array::from_fn(|i| {
                if l[i].start == 0 {
                    g(&l[i])
                } else {
                    0.0
                }
            }))
        };
        self.osc = Osc8 {
            phase: f(|l| l.phase),
            inc: f(|l| l.inc),
            dinc: ramp(|l| l.dinc),
            rinc: f(|l| l.rinc),
            drinc: ramp(|l| l.drinc),
            duty: f(|l| l.duty),
        };
        self.noise.rng.0 = std::array::from_fn(|i| l[i].rng);
        self.noise.pink = std::array::from_fn(|k| F8(std::array::from_fn(|i| l[i].pink[k])));
        self.noise.brown = f(|l| l.brown);
        self.svf = Svf8 {
            ic1: f(|l| l.ic1),
            ic2: f(|l| l.ic2),
            m11: f(|l| l.m11),
            m12: f(|l| l.m12),
            b2: f(|l| l.b2),
            dm11: ramp(|l| l.dm11),
            dm12: ramp(|l| l.dm12),
            db2: ramp(|l| l.db2),
            tx: f(|l| l.taps[0]),
            tb: f(|l| l.taps[1]),
            tl: f(|l| l.taps[2]),
        };
        // The layer's gain rides on the envelope level (it is linear in both).
        self.level = f(|l| l.level * l.gain);
        self.mul = f(|l| l.mul);
        self.add = f(|l| l.add * l.gain);
        self.fading = l[..self.used]
            .iter()
            .any(|l| l.mix.dfade != 0.0 || l.mix.fade != 1.0);
        let a = f(|l| l.mix.lpa);
        let da = f(|l| l.mix.dlpa);
        self.stage = Stage8 {
            lp: f(|l| l.lp),
            a,
            da,
            b: F8::splat(1.0) - a,
            fade: f(|l| l.mix.fade),
            dfade: f(|l| l.mix.dfade),
            left: f(|l| l.mix.left),
            dleft: f(|l| l.mix.dleft),
            right: f(|l| l.mix.right),
            dright: f(|l| l.mix.dright),
            send: f(|l| l.mix.send),
            dsend: f(|l| l.mix.dsend),
        };
        self.next_event = 0;
        // Events in position order (lane order within a position): insertion sort,
        // a handful of entries.
        let ev = &mut self.events[..self.n_events];
        for i in 1..ev.len() {
            let mut j = i;
            while j > 0 && (ev[j].at, ev[j].lane) < (ev[j - 1].at, ev[j - 1].lane) {
                ev.swap(j, j - 1);
                j -= 1;
            }
        }
    }

    /// A lane starts at `at`: its source and filter from the state it was given, its
    /// ramps on.
    fn start(&mut self, i: usize) {
        let l = self.lanes[i];
        self.osc.phase.0[i] = l.phase;
        self.osc.inc.0[i] = l.inc;
        self.osc.rinc.0[i] = l.rinc;
        self.osc.dinc.0[i] = l.dinc;
        self.osc.drinc.0[i] = l.drinc;
        self.noise.rng.0[i] = l.rng;
        for k in 0..3 {
            self.noise.pink[k].0[i] = l.pink[k];
        }
        self.noise.brown.0[i] = l.brown;
        self.svf.ic1.0[i] = l.ic1;
        self.svf.ic2.0[i] = l.ic2;
        self.svf.m11.0[i] = l.m11;
        self.svf.m12.0[i] = l.m12;
        self.svf.b2.0[i] = l.b2;
        self.svf.dm11.0[i] = l.dm11;
        self.svf.dm12.0[i] = l.dm12;
        self.svf.db2.0[i] = l.db2;
    }

    /// SoA registers → lanes.
    fn store(&mut self) {
        for i in 0..self.used {
            let l = &mut self.lanes[i];
            l.phase = self.osc.phase.0[i];
            l.inc = self.osc.inc.0[i];
            l.rng = self.noise.rng.0[i];
            for k in 0..3 {
                l.pink[k] = self.noise.pink[k].0[i];
            }
            l.brown = self.noise.brown.0[i];
            l.ic1 = self.svf.ic1.0[i];
            l.ic2 = self.svf.ic2.0[i];
            l.level = if l.gain > 0.0 {
                self.level.0[i] / l.gain
            } else {
                0.0
            };
            l.lp = self.stage.lp.0[i];
        }
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn run_avx2<S: Shape, const F: bool>(b: &mut Bank, from: usize, to: usize, acc: &mut Acc) {
    run::<S, F>(b, from, to, acc)
}

/// One chunk of the bank (see the module's documentation).
#[inline(always)]
fn run<S: Shape, const F: bool>(b: &mut Bank, from: usize, to: usize, acc: &mut Acc) {
    let mut pos = from;
    while pos < to {
        let e = b.next_event;
        let next = if e < b.n_events {
            b.events[e].at.min(to)
        } else {
            to
        };
        if next > pos {
            if b.fading {
                span::<S, F, true>(b, pos - from, next - from, acc);
            } else {
                span::<S, F, false>(b, pos - from, next - from, acc);
            }
        }
        while b.next_event < b.n_events && b.events[b.next_event].at == next {
            let ev = b.events[b.next_event];
            let l = ev.lane;
            if b.lanes[l].start == ev.at {
                b.start(l);
            }
            let g = b.lanes[l].gain;
            b.level.0[l] = ev.level * g;
            b.mul.0[l] = ev.mul;
            b.add.0[l] = ev.add * g;
            if ev.end {
                b.stage.lp.0[l] = 0.0;
            }
            b.next_event += 1;
        }
        pos = next;
    }
}

/// Samples between ramp steps.
const STEP: usize = 8;

/// Samples `from..to` of the chunk between two events: source → filter → envelope ×
/// gain → the voice's low-pass, fade and gains → the accumulators. The ramps move
/// every [`STEP`] samples; the envelope and the fade (`FADE`: some lane is fading)
/// every sample.
#[inline(always)]
fn span<S: Shape, const F: bool, const FADE: bool>(
    b: &mut Bank,
    from: usize,
    to: usize,
    acc: &mut Acc,
) {
    let mut osc = b.osc;
    let mut noise = b.noise;
    let mut svf = b.svf;
    let (mut level, mul, add) = (b.level, b.mul, b.add);
    let mut s = b.stage;
    let zero = F8::splat(0.0);
    let mut i = from;
    while i < to {
        let end = (i + STEP).min(to);
        let (a, bb, gl, gr, gs) = (s.a, s.b, s.left, s.right, s.send);
        let mut lp = s.lp;
        let mut fade = s.fade;
        for j in i..end {
            let x = S::next(&mut osc, &mut noise);
            let x = if F { svf.tick(x) } else { x };
            let y = x * level;
            level = level * mul + add;
            lp = bb * lp + a * y;
            let z = if FADE {
                let z = lp * (fade * fade);
                fade = (fade - s.dfade).max(zero);
                z
            } else {
                lp
            };
            acc.left[j] = acc.left[j] + z * gl;
            acc.right[j] = acc.right[j] + z * gr;
            acc.send[j] = acc.send[j] + z * gs;
        }
        let n = F8::splat((end - i) as f32);
        osc.ramp(n);
        if F {
            svf.ramp(n);
        }
        s.lp = lp;
        s.fade = fade;
        s.a = s.a + s.da * n;
        s.b = s.b - s.da * n;
        s.left = s.left + s.dleft * n;
        s.right = s.right + s.dright * n;
        s.send = s.send + s.dsend * n;
        i = end;
    }
    b.osc = osc;
    b.noise = noise;
    b.svf = svf;
    b.level = level;
    b.stage = s;
}
