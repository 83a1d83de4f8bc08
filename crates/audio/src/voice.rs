//! A playing voice: its layers summed into a mono buffer, then the voice's own
//! one-pole low-pass (occlusion), its release fade and its place in the mix (gain,
//! equal-power pan, reverb send), added into the mixer's dry and send buffers. Every
//! mix parameter glides linearly across the block from where it was to where it is
//! asked to be, so moving a voice makes no zipper noise.

use crate::block::{samples, BLOCK};
use crate::filter::one_pole;
use crate::layer::LayerState;
use crate::pan::{equal_power, Placement};
use crate::patch::{Patch, MAX_LAYERS};
use crate::rng::mix32;

/// The mix gains of a voice at one instant.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct MixGains {
    left: f32,
    right: f32,
    send: f32,
    lowpass: f32,
}

impl MixGains {
    fn of(p: &Placement, bus: f32) -> MixGains {
        let p = p.sane();
        let (l, r) = equal_power(p.pan);
        let g = p.gain * bus;
        MixGains {
            left: g * l,
            right: g * r,
            send: g * p.reverb,
            lowpass: one_pole(p.lowpass),
        }
    }
}

/// The mixer's per-block buffers a voice adds into (planar: left, right, reverb send).
pub struct Bus<'a> {
    /// Dry left.
    pub left: &'a mut [f32; BLOCK],
    /// Dry right.
    pub right: &'a mut [f32; BLOCK],
    /// Mono send to the room.
    pub send: &'a mut [f32; BLOCK],
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
    cur: Option<MixGains>,
    lp: f32,
    fade: Option<Fade>,
    /// The layers ran out: only the low-pass tail is left.
    ended: bool,
}

impl Voice {
    /// A voice of `patch` at `pitch` (ratio, clamped to 1/16 … 16, NaN → 1), its noise
    /// from `seed` (each layer mixed with its index).
    pub fn new(patch: &Patch, pitch: f32, seed: u32, place: Placement) -> Voice {
        let pitch = crate::math::sane(pitch, 1.0 / 16.0, 16.0, 1.0);
        let layers = patch.layers();
        let mut states =
            [LayerState::new(&crate::patch::Layer::new(crate::osc::Wave::Sine), 1.0, 0);
                MAX_LAYERS];
        for (i, l) in layers.iter().enumerate() {
            states[i] = LayerState::new(
                l,
                pitch,
                mix32(seed.wrapping_add((i as u32).wrapping_mul(0x9e37_79b9))),
            );
        }
        Voice {
            layers: states,
            len: layers.len(),
            place,
            cur: None,
            lp: 0.0,
            fade: None,
            ended: layers.is_empty(),
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
        let n = samples(crate::math::sane(seconds, 0.0, 60.0, 0.0)).max(MIN_FADE);
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
        let gain = self.place.sane().gain.min(1.0);
        if self.ended {
            0.0
        } else {
            env * fade * gain
        }
    }

    /// Renders one block into `bus` with the bus volume `vol`, using `scratch`.
    /// Returns `false` when the voice is over (its layers and low-pass tail done, or
    /// its fade finished): the mixer frees it.
    #[allow(clippy::needless_range_loop)] // four buffers walked in step
    pub fn render(&mut self, scratch: &mut [f32; BLOCK], bus: &mut Bus, vol: f32) -> bool {
        scratch.fill(0.0);
        let mut live = false;
        for l in &mut self.layers[..self.len] {
            l.render(scratch);
            live |= !l.env.done();
        }
        let to = MixGains::of(&self.place, vol);
        let from = self.cur.unwrap_or(to);
        self.cur = Some(to);
        let r = 1.0 / BLOCK as f32;
        let d = MixGains {
            left: (to.left - from.left) * r,
            right: (to.right - from.right) * r,
            send: (to.send - from.send) * r,
            lowpass: (to.lowpass - from.lowpass) * r,
        };
        let mut g = from;
        let mut lp = self.lp;
        let (mut fx, fstep) = self.fade.map_or((1.0, 0.0), |f| (f.x, f.step));
        for i in 0..BLOCK {
            lp += g.lowpass * (scratch[i] - lp);
            let y = lp * (fx * fx);
            fx = (fx - fstep).max(0.0);
            bus.left[i] += y * g.left;
            bus.right[i] += y * g.right;
            bus.send[i] += y * g.send;
            g.left += d.left;
            g.right += d.right;
            g.send += d.send;
            g.lowpass += d.lowpass;
        }
        self.lp = lp;
        if let Some(f) = &mut self.fade {
            f.x = fx;
            if fx <= 0.0 {
                return false;
            }
        }
        self.ended = !live;
        live || lp.abs() > 1e-6
    }
}
