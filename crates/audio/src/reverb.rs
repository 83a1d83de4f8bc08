//! The shared room: a Freeverb-style reverb (Jezar's design: eight damped feedback
//! combs in parallel, four allpasses in series, per channel; the right channel's delays
//! are 25 samples longer, which decorrelates the two sides). Mono in (the voices'
//! sends), stereo out. The delay lengths are Freeverb's, scaled from 44.1 to 48 kHz.
//!
//! The eight combs of a side run as the eight lanes of one vector: they share one ring
//! buffer of eight-lane frames, comb *k* writing lane *k* of the current frame and
//! reading lane *k* of the frame its delay back, so the damping recursion of all eight
//! costs one vector chain per sample. The allpasses, in series, each run over the whole
//! block in turn (each is causal, so that is the same as sample by sample). When the input has been silent and the tail has fallen below −140 dB the
//! state is zeroed and the room goes idle: silence out is exact zeros, and an idle
//! room costs one scan of the input.

use crate::block::BLOCK;
use crate::lanes::{Kernel, F8, LANES};
use crate::math::sane;

const COMBS: [usize; 8] = [1215, 1293, 1390, 1476, 1548, 1623, 1695, 1760];
const ALLPASSES: [usize; 4] = [605, 480, 371, 245];
const SPREAD: usize = 25;
/// Freeverb's input attenuation (its combs sum eight resonances).
const INPUT_GAIN: f32 = 0.015;
const DAMP: f32 = 0.25;
/// Below this on the wet output (−140 dB), with silent input, the tail is over.
const QUIET: f32 = 1e-7;
/// Quiet blocks in a row before the state is cleared (3 × 800 > the longest comb).
const QUIET_BLOCKS: u32 = 3;

/// The ring of comb frames: a power of two above the longest comb.
const RING: usize = 2048;

/// Eight parallel damped feedback combs.
#[derive(Clone, Debug)]
struct Combs {
    ring: Vec<F8>,
    len: [usize; LANES],
    store: F8,
}

impl Combs {
    fn new(extra: usize) -> Combs {
        Combs {
            ring: vec![F8::default(); RING],
            len: std::array::from_fn(|k| COMBS[k] + extra),
            store: F8::default(),
        }
    }

    /// Adds the combs' summed output for `input` into `out`, the ring's write position
    /// starting at `pos`, with the kernel's instructions.
    fn run(
        &mut self,
        input: &[f32; BLOCK],
        out: &mut [f32; BLOCK],
        fb: f32,
        pos: usize,
        kernel: Kernel,
    ) {
        #[cfg(target_arch = "x86_64")]
        if kernel == Kernel::Avx2 && Kernel::Avx2.supported() {
            // SAFETY: the CPU has AVX2 (checked just above).
            unsafe { self.run_avx2(input, out, fb, pos) };
            return;
        }
        let _ = kernel;
        self.run_any(input, out, fb, pos);
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn run_avx2(
        &mut self,
        input: &[f32; BLOCK],
        out: &mut [f32; BLOCK],
        fb: f32,
        pos: usize,
    ) {
        self.run_any(input, out, fb, pos);
    }

    #[inline(always)]
    fn run_any(&mut self, input: &[f32; BLOCK], out: &mut [f32; BLOCK], fb: f32, pos: usize) {
        let (damp, keep, fb) = (F8::splat(DAMP), F8::splat(1.0 - DAMP), F8::splat(fb));
        let mut store = self.store;
        for (i, (&x, o)) in input.iter().zip(out.iter_mut()).enumerate() {
            let p = pos + i;
            let y = F8(std::array::from_fn(|k| {
                self.ring[p.wrapping_sub(self.len[k]) & (RING - 1)].0[k]
            }));
            store = y * keep + store * damp;
            self.ring[p & (RING - 1)] = F8::splat(x) + store * fb;
            *o += y.sum();
        }
        self.store = store;
    }

    fn clear(&mut self) {
        self.ring.fill(F8::default());
        self.store = F8::default();
    }
}

#[derive(Clone, Debug)]
struct Allpass {
    buf: Vec<f32>,
    pos: usize,
}

impl Allpass {
    fn new(len: usize) -> Allpass {
        Allpass {
            buf: vec![0.0; len],
            pos: 0,
        }
    }

    /// In place over the block. Within a run that does not wrap the ring, no sample
    /// reads what another in the run wrote (each reads and writes its own slot), so a
    /// run is element-wise and vectorises; the series order of the allpasses is kept
    /// by running each over the whole block in turn (each is causal).
    fn run(&mut self, io: &mut [f32; BLOCK]) {
        let len = self.buf.len();
        let mut i = 0;
        while i < BLOCK {
            let n = (len - self.pos).min(BLOCK - i);
            let seg = &mut self.buf[self.pos..self.pos + n];
            for (b, x) in seg.iter_mut().zip(io[i..i + n].iter_mut()) {
                let old = *b;
                *b = *x + old * 0.5;
                *x = old - *x;
            }
            i += n;
            self.pos = (self.pos + n) % len;
        }
    }
}

/// The room reverb.
#[derive(Clone, Debug)]
pub struct Reverb {
    combs: [Combs; 2],
    allpasses: [Vec<Allpass>; 2],
    /// The combs' ring write position.
    pos: usize,
    feedback: f32,
    input: Box<[f32; BLOCK]>,
    quiet: u32,
    idle: bool,
}

impl Reverb {
    /// A room of `size` (see [`Reverb::set_size`]); allocates its delay lines once.
    pub fn new(size: f32) -> Reverb {
        let side = |extra: usize| {
            ALLPASSES
                .iter()
                .map(|&n| Allpass::new(n + extra))
                .collect::<Vec<_>>()
        };
        let mut r = Reverb {
            combs: [Combs::new(0), Combs::new(SPREAD)],
            allpasses: [side(0), side(SPREAD)],
            pos: 0,
            feedback: 0.0,
            input: Box::new([0.0; BLOCK]),
            quiet: 0,
            idle: true,
        };
        r.set_size(size);
        r
    }

    /// 0 … 1 (NaN → 0.5): the combs' feedback 0.70 … 0.98, a small room (~0.4 s to
    /// −60 dB) to a large hall (~6 s).
    pub fn set_size(&mut self, size: f32) {
        self.feedback = 0.7 + 0.28 * sane(size, 0.0, 1.0, 0.5);
    }

    /// Adds the room's answer to `send` into `left` and `right` (the combs run on
    /// `kernel`'s instructions: the same bits either way).
    pub fn process(
        &mut self,
        send: &[f32; BLOCK],
        left: &mut [f32; BLOCK],
        right: &mut [f32; BLOCK],
        kernel: Kernel,
    ) {
        let silent = send.iter().all(|&x| x == 0.0);
        if silent && self.idle {
            return;
        }
        self.idle = false;
        for (d, &s) in self.input.iter_mut().zip(send.iter()) {
            *d = s * INPUT_GAIN;
        }
        let mut peak = 0.0f32;
        for (side, out) in [&mut *left, &mut *right].into_iter().enumerate() {
            let mut wet = [0.0f32; BLOCK];
            self.combs[side].run(&self.input, &mut wet, self.feedback, self.pos, kernel);
            for a in &mut self.allpasses[side] {
                a.run(&mut wet);
            }
            for (o, w) in out.iter_mut().zip(wet.iter()) {
                *o += w;
                peak = peak.max(w.abs());
            }
        }
        self.pos = (self.pos + BLOCK) & (RING - 1);
        if silent && peak < QUIET {
            self.quiet += 1;
            if self.quiet >= QUIET_BLOCKS {
                self.clear();
            }
        } else {
            self.quiet = 0;
        }
    }

    /// Zeroes every delay line and goes idle.
    pub fn clear(&mut self) {
        for side in 0..2 {
            self.combs[side].clear();
            for a in &mut self.allpasses[side] {
                a.buf.fill(0.0);
            }
        }
        self.quiet = 0;
        self.idle = true;
    }
}
