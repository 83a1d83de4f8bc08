//! A playing voice: its layers, and its stage in the mix — the one-pole low-pass
//! (occlusion), the release fade, gain × equal-power pan × bus volume, the reverb
//! send. Per block the voice works out where each of those starts and ends
//! ([`Mix`]): every parameter glides linearly across the block from where it was to
//! where it is asked to be, so moving a voice makes no zipper noise. Its layers carry
//! the same [`Mix`] into their bank lanes, which apply it per sample.

use crate::bank::Mix;
use crate::block::{samples, BLOCK};
use crate::filter::one_pole;
use crate::layer::LayerState;
use crate::math::sane;
use crate::osc::Wave;
use crate::pan::{equal_power, Placement};
use crate::patch::{Layer, Patch, MAX_LAYERS};
use crate::rng::mix32;

/// The mix gains of a voice at one instant.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Gains {
    left: f32,
    right: f32,
    send: f32,
    lowpass: f32,
}

impl Gains {
    fn of(p: &Placement, bus: f32) -> Gains {
        let p = p.sane();
        let (l, r) = equal_power(p.pan);
        let g = p.gain * bus;
        Gains {
            left: g * l,
            right: g * r,
            send: g * p.reverb,
            lowpass: one_pole(p.lowpass),
        }
    }
}

/// A voice's release: a (1 − t)² fade from where it is to silence.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Fade {
    /// 1 → 0 linearly; the gain is its square.
    x: f32,
    step: f32,
}

/// The shortest fade: 1 ms, below which a cut clicks.
const MIN_FADE: u32 = 48;

/// A playing voice.
#[derive(Clone, Debug, PartialEq)]
pub struct Voice {
    layers: [LayerState; MAX_LAYERS],
    len: usize,
    place: Placement,
    cur: Option<Gains>,
    fade: Option<Fade>,
    mix: Mix,
}

impl Voice {
    /// A voice of `patch` at `pitch` (ratio, clamped to 1/16 … 16, NaN → 1), its noise
    /// from `seed` (each layer's mixed with its index).
    pub fn new(patch: &Patch, pitch: f32, seed: u32, place: Placement) -> Voice {
        let pitch = sane(pitch, 1.0 / 16.0, 16.0, 1.0);
        let layers = patch.layers();
        let mut states = [LayerState::new(&Layer::new(Wave::Sine), 1.0, 0); MAX_LAYERS];
        for (i, l) in layers.iter().enumerate() {
            let s = mix32(seed.wrapping_add((i as u32).wrapping_mul(0x9e37_79b9)));
            states[i] = LayerState::new(l, pitch, s);
        }
        Voice {
            layers: states,
            len: layers.len(),
            place,
            cur: None,
            fade: None,
            mix: Mix::default(),
        }
    }

    /// Moves the voice; the next block glides there.
    pub fn place(&mut self, place: Placement) {
        self.place = place;
    }

    /// Fades the voice out over `seconds` (at least 1 ms; a shorter running fade is
    /// kept), releasing its sustained layers.
    pub fn release(&mut self, seconds: f32) {
        for l in &mut self.layers[..self.len] {
            l.env.release();
        }
        let n = samples(sane(seconds, 0.0, 60.0, 0.0)).max(MIN_FADE);
        let x = self.fade.map_or(1.0, |f| f.x);
        let step = x / n as f32;
        if self.fade.is_none_or(|f| step > f.step) {
            self.fade = Some(Fade { x, step });
        }
    }

    /// How present the voice is now, 0 … 1, for stealing: the fade's gain × the
    /// placement's gain (capped at 1) × the loudest layer's envelope (a layer waiting
    /// or rising counts as full).
    pub fn level(&self) -> f32 {
        let env = self.layers[..self.len]
            .iter()
            .map(|l| if l.env.done() { 0.0 } else { l.env.presence() })
            .fold(0.0, f32::max);
        let fade = self.fade.map_or(1.0, |f| f.x * f.x);
        env * fade * self.place.sane().gain.min(1.0)
    }

    /// Starts a block at bus volume `vol`: the voice's [`Mix`] for it.
    pub fn begin(&mut self, vol: f32) -> Mix {
        let to = Gains::of(&self.place, vol);
        let from = self.cur.unwrap_or(to);
        self.cur = Some(to);
        let r = 1.0 / BLOCK as f32;
        let (fade, dfade) = self.fade.map_or((1.0, 0.0), |f| (f.x, f.step));
        self.mix = Mix {
            lpa: from.lowpass,
            dlpa: (to.lowpass - from.lowpass) * r,
            fade,
            dfade,
            left: from.left,
            dleft: (to.left - from.left) * r,
            right: from.right,
            dright: (to.right - from.right) * r,
            send: from.send,
            dsend: (to.send - from.send) * r,
        };
        self.mix
    }

    /// This block's stage (after [`Voice::begin`]).
    pub fn mix(&self) -> &Mix {
        &self.mix
    }

    /// The layers.
    pub fn layers_mut(&mut self) -> &mut [LayerState] {
        &mut self.layers[..self.len]
    }

    /// Ends a block; `false` when the voice is over (its layers and their low-pass
    /// tails done, or its fade finished): the mixer frees it.
    pub fn end(&mut self) -> bool {
        if let Some(f) = &mut self.fade {
            f.x = (f.x - f.step * BLOCK as f32).max(0.0);
            if f.x <= 0.0 {
                return false;
            }
        }
        !self.layers[..self.len].iter().all(|l| l.over())
    }
}
