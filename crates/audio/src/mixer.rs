//! The mixer: a fixed pool of voices under a cap, with priority and stealing, and the
//! master chain. One [`Mixer::render`] is one block:
//!
//! ```text
//! voices ─► layers ─► one-pole low-pass ─► fade × gain × bus volume ─► pan ─► dry L/R
//!                                                    └─► × reverb send ─► room ─┘
//! dry + room ─► bus compressor ─► × master ─► lookahead limiter (≤ −1 dBFS) ─► out
//! ```
//!
//! The layers of all voices are rendered eight at a time in banks ([`crate::bank`]),
//! grouped by wave kind in a fixed order (kind, slot, layer) and summed in that order,
//! and every parameter is clamped on the way in: the same calls give the same samples
//! bit for bit, with no clock and no thread.

use crate::bank::{Acc, Bank, CHUNK};
use crate::block::{Block, BLOCK};
use crate::dynamics::{Compressor, Limiter};
use crate::lanes::{sum_rows, Kernel, LANES};
use crate::math::sane;
use crate::pan::Placement;
use crate::patch::Patch;
use crate::reverb::Reverb;
use crate::voice::Voice;

/// The mix a voice goes to; each has its own volume.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Bus {
    /// The game's sounds.
    Effects,
    /// Beds, drones, distant noises.
    Ambience,
    /// Menus and the shell.
    Ui,
}

/// A request to play a sound.
#[derive(Clone, Debug, PartialEq)]
pub struct Play {
    /// The recipe.
    pub patch: Patch,
    /// Where it sits (it can be moved with [`Mixer::place`]).
    pub place: Placement,
    /// Ratio on every layer's frequency, 1/16 … 16 (NaN → 1).
    pub pitch: f32,
    /// Which volume applies.
    pub bus: Bus,
    /// Higher wins when the voices are full (NaN → 0).
    pub priority: f32,
    /// The voice's noise seed.
    pub seed: u32,
}

/// A playing voice's handle, tagged with its slot's generation: once the voice has
/// ended (or was stolen) the id is stale and every call with it is a no-op.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct VoiceId(u64);

impl VoiceId {
    fn new(slot: usize, gen: u32) -> VoiceId {
        VoiceId(((gen as u64) << 32) | slot as u64)
    }
    fn slot(self) -> usize {
        (self.0 & 0xffff_ffff) as usize
    }
    fn gen(self) -> u32 {
        (self.0 >> 32) as u32
    }
}

/// What the mixer has done.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MixStats {
    /// Voices playing (counted against the cap; stolen voices fading out are not).
    pub voices: usize,
    /// Voices started.
    pub started: u64,
    /// Voices stolen for a higher-priority one.
    pub stolen: u64,
    /// Plays refused at the cap.
    pub dropped: u64,
    /// The last block's peak, after the limiter.
    pub peak: f32,
}

/// A slot's occupant.
#[derive(Clone, Debug, PartialEq)]
enum State {
    Free,
    /// Playing, counted against the cap.
    Playing {
        bus: Bus,
        priority: f32,
        serial: u64,
    },
    /// Stolen: fading out over ~3 ms on its bus, its id already stale.
    Stolen {
        bus: Bus,
    },
}

#[derive(Clone, Debug)]
struct Slot {
    gen: u32,
    state: State,
    voice: Option<Voice>,
}

/// The fade a stolen voice gets: long enough not to click, short enough to free the
/// slot within the block.
const STEAL_FADE: f32 = 0.003;

/// Working buffers of a block (boxed: they should not sit on the stack).
struct Scratch {
    left: [f32; BLOCK],
    right: [f32; BLOCK],
    send: [f32; BLOCK],
    acc: Box<Acc>,
    /// Enough banks for every layer of every slot.
    banks: Vec<Bank>,
    /// This block's banks: (bank key, first and end index into `order`).
    used: Vec<(u64, usize, usize)>,
    /// This block's layers as sort keys: (wave kind, filtered) << 40 | slot << 8 | layer.
    order: Vec<u64>,
}

/// The synthesizer's voices and master chain.
pub struct Mixer {
    cap: usize,
    slots: Vec<Slot>,
    serial: u64,
    master: f32,
    buses: [f32; 3],
    room: Reverb,
    comp: Compressor,
    limiter: Limiter,
    stats: MixStats,
    kernel: Kernel,
    scratch: Box<Scratch>,
}

impl Mixer {
    /// A mixer of at most `cap` voices (the game uses 48). Allocates everything here:
    /// `render` allocates nothing.
    pub fn new(cap: usize) -> Mixer {
        // Twice the cap: stolen voices fade in their own slots while their successors play.
        let max_layers = cap * 2 * crate::patch::MAX_LAYERS;
        // Full banks, plus a partly filled one per key (7 waves × filtered or not).
        let max_banks = max_layers / LANES + 14;
        let slots = (0..cap * 2)
            .map(|_| Slot {
                gen: 0,
                state: State::Free,
                voice: None,
            })
            .collect();
        Mixer {
            cap,
            slots,
            serial: 0,
            master: 1.0,
            buses: [1.0; 3],
            room: Reverb::new(0.5),
            comp: Compressor::new(),
            limiter: Limiter::new(),
            stats: MixStats::default(),
            kernel: Kernel::best(),
            scratch: Box::new(Scratch {
                left: [0.0; BLOCK],
                right: [0.0; BLOCK],
                send: [0.0; BLOCK],
                acc: Acc::new(),
                banks: (0..max_banks).map(|_| Bank::new()).collect(),
                used: Vec::with_capacity(max_banks),
                order: Vec::with_capacity(max_layers),
            }),
        }
    }

    /// Starts a voice. At the cap it steals the voice with the lowest priority × level
    /// (ties: the oldest) if that is below `p.priority`, fading it out over 3 ms;
    /// otherwise the new voice is dropped (`None`).
    pub fn play(&mut self, p: Play) -> Option<VoiceId> {
        let priority = sane(p.priority, f32::MIN, f32::MAX, 0.0);
        if self.voices() >= self.cap {
            let victim = self
                .slots
                .iter()
                .enumerate()
                .filter_map(|(i, s)| match &s.state {
                    State::Playing {
                        priority, serial, ..
                    } => {
                        let level = s.voice.as_ref().map_or(0.0, |v| v.level());
                        Some((priority * level, *serial, i))
                    }
                    _ => None,
                })
                .min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
            match victim {
                Some((score, _, i)) if score < priority => {
                    let s = &mut self.slots[i];
                    if let State::Playing { bus, .. } = s.state {
                        s.state = State::Stolen { bus };
                    }
                    if let Some(v) = &mut s.voice {
                        v.release(STEAL_FADE);
                    }
                    self.stats.stolen += 1;
                }
                _ => {
                    self.stats.dropped += 1;
                    return None;
                }
            }
        }
        let i = match self.slots.iter().position(|s| s.state == State::Free) {
            Some(i) => i,
            None => {
                // Every spare slot holds a stolen voice still fading: cut the first.
                let i = self
                    .slots
                    .iter()
                    .position(|s| matches!(s.state, State::Stolen { .. }))?;
                self.free(i);
                i
            }
        };
        let s = &mut self.slots[i];
        s.gen = s.gen.wrapping_add(1);
        s.state = State::Playing {
            bus: p.bus,
            priority,
            serial: self.serial,
        };
        s.voice = Some(Voice::new(&p.patch, p.pitch, p.seed, p.place));
        self.serial += 1;
        self.stats.started += 1;
        Some(VoiceId::new(i, s.gen))
    }

    fn free(&mut self, i: usize) {
        let s = &mut self.slots[i];
        s.state = State::Free;
        s.voice = None;
    }

    /// The playing voice `id` names, if it still plays.
    fn voice_mut(&mut self, id: VoiceId) -> Option<&mut Voice> {
        let s = self.slots.get_mut(id.slot())?;
        match s.state {
            State::Playing { .. } if s.gen == id.gen() => s.voice.as_mut(),
            _ => None,
        }
    }

    /// Moves a playing voice; gain, pan, low-pass and send glide there over the next
    /// block. A stale id is a no-op.
    pub fn place(&mut self, id: VoiceId, place: Placement) {
        if let Some(v) = self.voice_mut(id) {
            v.place(place);
        }
    }

    /// Fades the voice out over `fade` seconds (a (1 − t)² curve: −20 dB at 68 % of
    /// it; at least 1 ms), releasing its sustained layers, then frees it. A stale id is
    /// a no-op.
    pub fn release(&mut self, id: VoiceId, fade: f32) {
        if let Some(v) = self.voice_mut(id) {
            v.release(fade);
        }
    }

    /// The voice still plays (not ended, not stolen).
    pub fn alive(&self, id: VoiceId) -> bool {
        self.slots
            .get(id.slot())
            .is_some_and(|s| s.gen == id.gen() && matches!(s.state, State::Playing { .. }))
    }

    /// Voices playing, counted against the cap.
    pub fn voices(&self) -> usize {
        self.slots
            .iter()
            .filter(|s| matches!(s.state, State::Playing { .. }))
            .count()
    }

    /// The voice cap.
    pub fn cap(&self) -> usize {
        self.cap
    }

    /// Linear volumes, each 0 … 4 (NaN → 0); changes glide over the next block.
    pub fn set_volumes(&mut self, master: f32, effects: f32, ambience: f32, ui: f32) {
        let v = |x: f32| sane(x, 0.0, 4.0, 0.0);
        self.master = v(master);
        self.buses = [v(effects), v(ambience), v(ui)];
    }

    /// The shared room's size, 0 … 1: its decay from a small room to a large hall.
    pub fn set_room(&mut self, size: f32) {
        self.room.set_size(size);
    }

    /// Chooses the compiled kernel the banks run (the fastest by default); `false`
    /// and no change if this machine cannot run it. Both give the same bits.
    pub fn set_kernel(&mut self, kernel: Kernel) -> bool {
        if kernel.supported() {
            self.kernel = kernel;
        }
        kernel.supported()
    }

    /// Renders one block into `out`.
    pub fn render(&mut self, out: &mut Block) {
        let sc = &mut *self.scratch;
        sc.order.clear();
        // Each voice's stage for the block; its layers into the bank order.
        for (i, s) in self.slots.iter_mut().enumerate() {
            let vol = match s.state {
                State::Free => continue,
                State::Playing { bus, .. } | State::Stolen { bus } => self.buses[bus as usize],
            };
            let Some(v) = s.voice.as_mut() else { continue };
            v.begin(vol);
            for (j, l) in v.layers_mut().iter_mut().enumerate() {
                if l.over() {
                    continue;
                }
                if l.waits_out() {
                    l.wait();
                    continue;
                }
                let (kind, filtered) = l.key();
                let key = (kind as u64) << 1 | filtered as u64;
                sc.order.push(key << 40 | (i as u64) << 8 | j as u64);
            }
        }
        sc.order.sort_unstable();
        // Banks of up to eight layers of one kind, planned.
        sc.used.clear();
        let mut at = 0;
        while at < sc.order.len() {
            let key = sc.order[at] >> 40;
            let mut end = at;
            while end < sc.order.len() && end - at < LANES && sc.order[end] >> 40 == key {
                end += 1;
            }
            let bank = &mut sc.banks[sc.used.len()];
            bank.clear();
            for &o in &sc.order[at..end] {
                let (slot, layer) = ((o >> 8 & 0xffff_ffff) as usize, (o & 0xff) as usize);
                if let Some(v) = self.slots[slot].voice.as_mut() {
                    let mix = *v.mix();
                    v.layers_mut()[layer].plan(&mix, bank);
                }
            }
            sc.used.push((key, at, end));
            at = end;
        }
        // Chunk by chunk, every bank, then the lanes summed (in a fixed order).
        for from in (0..BLOCK).step_by(CHUNK) {
            sc.acc.clear();
            for (b, &(key, _, _)) in sc.used.iter().enumerate() {
                let (kind, filtered) = ((key >> 1) as usize, key & 1 == 1);
                sc.banks[b].run(self.kernel, kind, filtered, from, from + CHUNK, &mut sc.acc);
            }
            let to = from + CHUNK;
            sum_rows(&sc.acc.left, &mut sc.left[from..to], self.kernel);
            sum_rows(&sc.acc.right, &mut sc.right[from..to], self.kernel);
            sum_rows(&sc.acc.send, &mut sc.send[from..to], self.kernel);
        }
        for (b, &(_, at, end)) in sc.used.iter().enumerate() {
            for (lane, &o) in sc.order[at..end].iter().enumerate() {
                let (slot, layer) = ((o >> 8 & 0xffff_ffff) as usize, (o & 0xff) as usize);
                if let Some(v) = self.slots[slot].voice.as_mut() {
                    v.layers_mut()[layer].finish(sc.banks[b].lane(lane));
                }
            }
        }
        for s in &mut self.slots {
            if let Some(v) = s.voice.as_mut() {
                if !v.end() {
                    s.state = State::Free;
                    s.voice = None;
                }
            }
        }
        self.room
            .process(&sc.send, &mut sc.left, &mut sc.right, self.kernel);
        self.comp.process(&mut sc.left, &mut sc.right);
        self.stats.peak = self.limiter.process(&sc.left, &sc.right, self.master, out);
        self.stats.voices = self.voices();
    }

    /// The counters and the last block's peak.
    pub fn stats(&self) -> MixStats {
        MixStats {
            voices: self.voices(),
            ..self.stats
        }
    }
}
