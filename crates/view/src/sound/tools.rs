//! The player's tools and the squad's ammunition heard (REQ §21 AU2, §27 K1–K6): what
//! their events sound like, and the voices their state holds — a burning flare's hiss
//! (the nearest `flare_hisses` flares hiss, each as loud as its glow, so it fades with
//! the flare), the medkit's hum while it works, the fuse's ticks on the blink's own
//! clock ([`crate::throw::fuse_ticks`]: every blink the player sees is heard). The
//! recipes are [`super::kit`]; the layer plays them through [`Player`].

use std::collections::{BTreeMap, BTreeSet};

use audio::{Patch, Placement, VoiceId};
use sim::read::{EventKind, Vec2, World};

use super::cue::Cue;
use super::kit;
use super::space;
use super::tuning::AudioTuning;
use crate::throw::fuse_ticks;

/// The medkit's hum cut when a blow breaks the work (as a cancelled windup is cut: ≥ 20
/// dB down in 30 ms), or handed over to the chime when it is done, seconds.
const CUT: f32 = 0.015;
const HANDOVER: f32 = 0.04;

/// A flare's hiss at full glow, and in flight (before it has a glow of its own).
const HISS_GAIN: f32 = 0.55;
const HISS_FLIGHT: f32 = 0.6;
/// Seconds a hiss takes to go when its flare goes out or a nearer one takes its voice.
const HISS_FADE: f32 = 0.4;
/// A flare already hissing keeps its voice unless another is this much nearer, units
/// (flares in flight move every tick: without it the nearest few would trade voices
/// every tick, each leaving a fading hiss behind).
const HISS_KEEP: f32 = 1.5;
/// A burst's level (a shot is 1).
const BOOM_GAIN: f32 = 2.5;
/// The medkit's hum.
const HUM_GAIN: f32 = 0.6;

/// The voices the tools hold between ticks.
#[derive(Debug, Default)]
pub struct ToolVoices {
    /// Each hissing flare's voice, by flare id.
    hisses: BTreeMap<u32, VoiceId>,
    /// The medkit's hum while it works.
    hum: Option<VoiceId>,
}

/// What the tools' sounds need of the layer that plays them (the sound layer).
pub trait Player {
    /// Starts `cue` with `patch` at world point `p` with loudness `gain`, its `reverb`
    /// send and `pitch`, if it is near enough to be heard.
    #[allow(clippy::too_many_arguments)]
    fn play_at(
        &mut self,
        w: &World,
        cue: Cue,
        patch: Patch,
        p: Vec2,
        gain: f32,
        reverb: f32,
        pitch: f32,
    ) -> Option<VoiceId>;
    /// Starts `cue` with `patch` at `place`.
    fn play(&mut self, cue: Cue, patch: Patch, place: Placement, pitch: f32) -> Option<VoiceId>;
    /// A small random pitch: ±`spread` round 1 (the layer's own randomness).
    fn vary(&mut self, spread: f32) -> f32;
    /// Fades voice `v` out over `fade` seconds.
    fn release(&mut self, v: Option<VoiceId>, fade: f32);
    /// Moves voice `v`.
    fn place(&mut self, v: VoiceId, place: Placement);
    /// Whether voice `v` still sounds (not ended, not stolen).
    fn alive(&self, v: VoiceId) -> bool;
    fn tuning(&self) -> &AudioTuning;
}

impl ToolVoices {
    /// Flares hissing now.
    pub fn hisses(&self) -> usize {
        self.hisses.len()
    }

    /// What an event of the tools or the ammunition sounds like, played through `out`;
    /// `false` when `e` is none of theirs.
    pub fn hear(&mut self, out: &mut impl Player, w: &World, e: &EventKind) -> bool {
        let agent_at = |id: u32| w.agents().get(id as usize).map(|a| a.pos);
        match *e {
            EventKind::FlareThrown { from, .. } => {
                let pitch = out.vary(0.08);
                out.play_at(w, Cue::Throw, kit::throw_whoosh(), from, 0.6, 0.1, pitch);
                let pitch = out.vary(0.06);
                out.play_at(w, Cue::FlarePop, kit::flare_pop(), from, 0.8, 0.2, pitch);
            }
            EventKind::FlareLanded { pos, .. } => {
                let pitch = out.vary(0.1);
                let patch = kit::clatter(false);
                out.play_at(w, Cue::Clatter, patch, pos, 0.5, 0.1, pitch);
            }
            EventKind::FlareOut { flare } => {
                let v = self.hisses.remove(&flare);
                out.release(v, HISS_FADE);
            }
            EventKind::GrenadeThrown { from, .. } => {
                let pitch = out.vary(0.08);
                out.play_at(w, Cue::Throw, kit::throw_whoosh(), from, 0.7, 0.1, pitch);
            }
            EventKind::GrenadeLanded { pos, .. } => {
                let pitch = out.vary(0.08);
                out.play_at(w, Cue::Clatter, kit::clatter(true), pos, 0.7, 0.1, pitch);
            }
            EventKind::GrenadeBurst { pos, .. } => {
                let open = space::openness(&w.map().grid, pos, 8.0);
                let pitch = out.vary(0.04);
                let reverb = 0.3 + 0.4 * open;
                // 2.5 times a shot's level at the same distance: the limiter ducks the
                // whole mix under it, as a blast does.
                out.play_at(w, Cue::Boom, kit::boom(open), pos, BOOM_GAIN, reverb, pitch);
            }
            EventKind::Healed { agent, .. } => {
                let v = self.hum.take();
                out.release(v, HANDOVER);
                if let Some(p) = agent_at(agent) {
                    out.play_at(w, Cue::HealChime, kit::heal_chime(), p, 0.8, 0.3, 1.0);
                }
            }
            EventKind::HealInterrupted { agent } => {
                let v = self.hum.take();
                out.release(v, CUT);
                if let Some(p) = agent_at(agent) {
                    out.play_at(w, Cue::HealCut, kit::heal_cut(), p, 0.8, 0.1, 1.0);
                }
            }
            EventKind::ToolRefused { .. } => {
                // The player's own "no": heard from the middle, whatever is near.
                let place = Placement {
                    gain: 0.7,
                    reverb: 0.05,
                    ..Placement::CENTRE
                };
                out.play(Cue::Refusal, kit::refusal(), place, 1.0);
            }
            EventKind::ReloadStarted { agent } => {
                if let Some(p) = agent_at(agent) {
                    let pitch = out.vary(0.06);
                    out.play_at(w, Cue::MagOut, kit::mag_out(), p, 0.6, 0.05, pitch);
                }
            }
            EventKind::Reloaded { agent, .. } | EventKind::ReloadStopped { agent } => {
                // A reload stopped short seats the magazine back, softer.
                let gain = if matches!(e, EventKind::Reloaded { .. }) {
                    0.7
                } else {
                    0.4
                };
                if let Some(p) = agent_at(agent) {
                    let pitch = out.vary(0.06);
                    out.play_at(w, Cue::MagIn, kit::mag_in(), p, gain, 0.05, pitch);
                }
            }
            EventKind::OutOfAmmo { agent } => {
                if let Some(p) = agent_at(agent) {
                    out.play_at(w, Cue::DryClick, kit::dry_click(), p, 0.8, 0.05, 1.0);
                }
            }
            EventKind::AmmoPicked { at, .. } => {
                out.play_at(w, Cue::Pickup, kit::pickup(true), at, 0.8, 0.1, 1.0);
            }
            EventKind::SupplyPicked { at, .. } => {
                out.play_at(w, Cue::Pickup, kit::pickup(false), at, 0.8, 0.1, 1.0);
            }
            _ => return false,
        }
        true
    }

    /// One tick of the tools' held sounds: the flares' hisses follow them (the nearest
    /// `flare_hisses` of them, each as loud as its glow), the fuse ticks with its
    /// blinks, the medkit hums while it works.
    pub fn step(&mut self, out: &mut impl Player, w: &World) {
        self.follow_flares(out, w);
        if let Some(g) = &w.tools().grenade {
            let fuse = w.ticks().grenade_fuse;
            if g.flight_left == 0 && fuse_ticks(fuse.saturating_sub(g.fuse_left), fuse) {
                let pos = g.pos;
                out.play_at(w, Cue::FuseTick, kit::fuse_tick(), pos, 0.7, 0.05, 1.0);
            }
        }
        match &w.tools().heal {
            Some(h) => {
                let Some(p) = w.agents().get(h.agent as usize).map(|a| a.pos) else {
                    return;
                };
                let place = space::place(
                    out.tuning(),
                    &w.map().grid,
                    w.anchor().pos,
                    p,
                    HUM_GAIN,
                    0.2,
                );
                let alive = self.hum.filter(|v| out.alive(*v));
                match (alive, place) {
                    (Some(v), Some(pl)) => out.place(v, pl),
                    (None, Some(pl)) => {
                        self.hum = out.play(Cue::HealHum, kit::heal_hum(), pl, 1.0);
                    }
                    (v, None) => {
                        self.hum = None;
                        out.release(v, HANDOVER);
                    }
                }
            }
            None => {
                let v = self.hum.take();
                out.release(v, HANDOVER);
            }
        }
    }

    /// The flares' hisses: the nearest `flare_hisses` flares in hearing hiss (the rest
    /// fade out; one hissing keeps its voice unless another is [`HISS_KEEP`] nearer),
    /// each placed where it is and as loud as its glow.
    fn follow_flares(&mut self, out: &mut impl Player, w: &World) {
        let listener = w.anchor().pos;
        let cap = out.tuning().flare_hisses as usize;
        let mut near: Vec<(f32, u32, Vec2, f32)> = w
            .tools()
            .flares
            .iter()
            .filter_map(|f| {
                let level = if f.flight_left > 0 {
                    HISS_FLIGHT
                } else {
                    HISS_GAIN * f.glow(w.ticks())
                };
                let keep = if self.hisses.contains_key(&f.id) {
                    HISS_KEEP
                } else {
                    0.0
                };
                (level > 0.0).then(|| (f.pos.distance(listener) - keep, f.id, f.pos, level))
            })
            .collect();
        near.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        near.truncate(cap);
        let keep: BTreeSet<u32> = near.iter().map(|n| n.1).collect();
        let gone: Vec<u32> = self
            .hisses
            .keys()
            .copied()
            .filter(|id| !keep.contains(id))
            .collect();
        for id in gone {
            let v = self.hisses.remove(&id);
            out.release(v, HISS_FADE);
        }
        for (_, id, pos, level) in near {
            let place = space::place(out.tuning(), &w.map().grid, listener, pos, level, 0.2);
            let alive = self.hisses.get(&id).copied().filter(|v| out.alive(*v));
            match (alive, place) {
                (Some(v), Some(pl)) => out.place(v, pl),
                (None, Some(pl)) => {
                    let pitch = out.vary(0.1);
                    if let Some(v) = out.play(Cue::FlareHiss, kit::flare_hiss(), pl, pitch) {
                        self.hisses.insert(id, v);
                    }
                }
                (v, None) => {
                    self.hisses.remove(&id);
                    out.release(v, HISS_FADE);
                }
            }
        }
    }
}
