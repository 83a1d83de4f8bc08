//! The sound layer (REQ §21 AU2–AU4): the horror layer's audible twin. Render-only: it
//! reads `&World` and the tick's events once per tick ([`SoundLayer::absorb`], through
//! the app's cosmetics feed), starts, moves and cuts voices of our own synthesizer
//! (`crates/audio`), and renders one block of 800 frames (one tick at 48 kHz). It never
//! writes the world, and its randomness is its own seeded RNG, so the soundtrack is a
//! function of the run: an offline render (`--audio-out`) and the window's live output
//! are the same samples.
//!
//! What drives what (docs/sound.md has every sound's recipe):
//! - events: `Shot` → a gunshot whose tail follows the space round the muzzle;
//!   `BulletHitWall` → a tick, sometimes a ricochet; `EnemyHit` → a wet thud;
//!   `StrikeStarted` → a blade's windup whoosh (held), `StrikeActive` → the swish,
//!   `MeleeHit` → the blade's bite, `StrikeCancelled` → the whoosh cut in 15 ms;
//!   `AttackStarted` → the enemy's windup voice by kind (a brute's roar is its
//!   telegraph), `DamageDealt` → a heavy blow, `AttackWhiffed` → a whiff,
//!   `AttackInterrupted` → the windup cut and a grunt; `EnemyKilled` → a death by kind;
//!   `AgentDown` → a cry; the threat's (§22): a spitter's windup gurgles up to
//!   `SpitReleased` → a wet "ptoo", `SpitHit` → a splat (heavier on an agent),
//!   `StalkerLit` → a hiss and a shriek (once per stalker in a while); the player's
//!   tools and the ammunition (§27, [`tools`]): a throw's whoosh, a flare's pop, a
//!   landing's clatter, the burst's boom, the medkit's chime or cut, a magazine out and
//!   in, a dry click, a pickup, a refused use's buzz;
//! - the world's state: burning flares hiss (the nearest few, fading with them), the
//!   fuse ticks with its blinks, the medkit hums while it works; runners shriek when they first see the squad, shamblers in
//!   hearing moan now and then, the crowd's bed and its shuffles follow how many enemies
//!   are near, the squad's footsteps follow their walk, a hurt agent breathes hard;
//! - the horror layer's tension: a heartbeat on its beat, louder as tension rises;
//! - the ambience: a drone and distant noises at random intervals.

pub mod cue;
pub mod kit;
pub mod patches;
pub mod recipe;
pub mod space;
pub mod threat;
pub mod tools;
pub mod tuning;

use std::collections::{BTreeMap, BTreeSet};

use audio::{Block, Mixer, Patch, Placement, Play, VoiceId, BLOCK};
use sim::read::{EnemyKind, EventKind, Grid, Rng, Vec2, World};
use sim::tuning::{ticks, DT};

use crate::horror::tension::Tension;
use cue::Cue;
use tuning::AudioTuning;

/// Fades, seconds: a cancelled windup is cut (≥ 20 dB down within 30 ms, AU2), a
/// windup that turned into its blow or swish goes a little softer.
pub const CUT: f32 = 0.015;
pub const HANDOVER: f32 = 0.04;
/// A windup's reverb send: kept nearly dry, so a cut is a cut (a wet send would ring on
/// in the room past the 30 ms a cancelled windup has to fall 20 dB in).
pub const WINDUP_ROOM: f32 = 0.03;
/// Seconds before a stalker caught in a beam again shrieks again (a beam sweeping over
/// it catches it on and off).
pub const LIT_SHRIEK_GAP: f32 = 0.6;

pub struct SoundLayer {
    pub tuning: AudioTuning,
    mixer: Mixer,
    /// The layer's own randomness (pitch, which moan, when a distant noise comes),
    /// never `World::rng`.
    rng: Rng,
    /// Only these cues sound (tests and listening to one sound alone); `None`: all.
    only: Option<BTreeSet<Cue>>,
    /// Held windups: a blade's by agent id, an enemy's by enemy id.
    blade_windups: BTreeMap<u32, VoiceId>,
    enemy_windups: BTreeMap<u32, VoiceId>,
    /// The kind of every enemy alive (an `EnemyKilled` names one that is gone from the
    /// world by the time it is heard): taken from the world on the first tick heard,
    /// then kept by `EnemySpawned` and `EnemyKilled`.
    kinds: BTreeMap<u32, EnemyKind>,
    kinds_known: bool,
    /// The tick each stalker last shrieked at a beam.
    lit_shrieks: BTreeMap<u32, u64>,
    /// Runners that saw the squad at their last look.
    seeing: BTreeSet<u32>,
    moans: Vec<VoiceId>,
    /// Distance each agent walked since its last footstep, and when it breathes next.
    walked: Vec<f32>,
    next_breath: Vec<u64>,
    bed: Option<VoiceId>,
    drone: Option<VoiceId>,
    /// The tension's heartbeat phase at the last tick (a beat sounds when it passes a
    /// whole number).
    beat: f64,
    next_distant: u64,
    block: Block,
    /// Voices started, by cue (what a test or the overlay counts).
    started: BTreeMap<Cue, u64>,
    /// The voices the player's tools hold (flares' hisses, the medkit's hum).
    kit: tools::ToolVoices,
}

impl SoundLayer {
    /// A silent layer (nothing heard yet) with `tuning`; `seed` seeds its randomness.
    pub fn new(seed: u64, tuning: AudioTuning) -> SoundLayer {
        let mut mixer = Mixer::new(tuning.voices as usize);
        mixer.set_room(tuning.room);
        mixer.set_volumes(tuning.master, tuning.effects, tuning.ambience, tuning.ui);
        let mut rng = Rng::new(seed ^ 0x50_0D5E);
        let first = ticks(rng.range_f32(tuning.distant_every[0], tuning.distant_every[1])) as u64;
        SoundLayer {
            tuning,
            mixer,
            rng,
            only: None,
            blade_windups: BTreeMap::new(),
            enemy_windups: BTreeMap::new(),
            kinds: BTreeMap::new(),
            kinds_known: false,
            lit_shrieks: BTreeMap::new(),
            seeing: BTreeSet::new(),
            moans: Vec::new(),
            walked: Vec::new(),
            next_breath: Vec::new(),
            bed: None,
            drone: None,
            beat: 0.0,
            next_distant: first,
            block: [0.0; 2 * BLOCK],
            started: BTreeMap::new(),
            kit: tools::ToolVoices::default(),
        }
    }

    /// Only `cues` sound from now on (a test hears one sound alone).
    pub fn only(&mut self, cues: &[Cue]) {
        self.only = Some(cues.iter().copied().collect());
    }

    /// New numbers (F5): volumes, space, rates; the voice cap is fixed at creation.
    pub fn set_tuning(&mut self, t: AudioTuning) {
        self.mixer.set_room(t.room);
        self.mixer
            .set_volumes(t.master, t.effects, t.ambience, t.ui);
        self.tuning = t;
    }

    /// The block rendered for the last tick (interleaved stereo, 800 frames).
    pub fn block(&self) -> &Block {
        &self.block
    }

    pub fn mixer(&self) -> &Mixer {
        &self.mixer
    }

    /// The voices the tools hold now.
    pub fn tool_voices(&self) -> &tools::ToolVoices {
        &self.kit
    }

    /// Voices started so far for `cue`.
    pub fn started(&self, cue: Cue) -> u64 {
        self.started.get(&cue).copied().unwrap_or(0)
    }

    /// Whether the voice held for enemy `id`'s windup is still sounding.
    pub fn enemy_windup_alive(&self, id: u32) -> bool {
        self.enemy_windups
            .get(&id)
            .is_some_and(|v| self.mixer.alive(*v))
    }

    /// One simulation tick: call after every `tick` with the world it produced and the
    /// horror layer's tension after its own step; renders the tick's block.
    pub fn absorb(&mut self, w: &World, tension: &Tension) {
        let n = w.agents().len();
        self.walked.resize(n, 0.0);
        self.next_breath.resize(n, 0);
        if !self.kinds_known {
            self.kinds_known = true;
            self.kinds = w.enemies().iter().map(|e| (e.id, e.kind)).collect();
        }
        self.ambience(w);
        self.events(w);
        let mut kit = std::mem::take(&mut self.kit);
        kit.step(self, w);
        self.kit = kit;
        self.enemies(w);
        self.squad(w);
        self.heartbeat(tension);
        self.mixer.render(&mut self.block);
    }

    /// Starts a voice of `cue` with `patch` at `place` (its priority: the cue's
    /// importance times its level).
    fn play(&mut self, cue: Cue, patch: Patch, place: Placement, pitch: f32) -> Option<VoiceId> {
        if self.only.as_ref().is_some_and(|o| !o.contains(&cue)) {
            return None;
        }
        *self.started.entry(cue).or_default() += 1;
        let seed = self.rng.next_u64() as u32;
        self.mixer.play(Play {
            patch,
            place,
            pitch,
            bus: cue.bus(),
            priority: cue.importance() * place.gain,
            seed,
        })
    }

    /// Starts `cue` at world point `p` with loudness `gain`, its `reverb` send and
    /// `pitch`, if it is near enough.
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
    ) -> Option<VoiceId> {
        let place = space::place(&self.tuning, &w.map().grid, w.anchor().pos, p, gain, reverb)?;
        self.play(cue, patch, place, pitch)
    }

    /// A small random pitch: ±`spread` around 1.
    fn vary(&mut self, spread: f32) -> f32 {
        1.0 + self.rng.range_f32(-spread, spread)
    }

    fn release(&mut self, v: Option<VoiceId>, fade: f32) {
        if let Some(v) = v {
            self.mixer.release(v, fade);
        }
    }

    /// The drone (started once, held) and the distant noises.
    fn ambience(&mut self, w: &World) {
        if self.drone.is_none() && self.only.as_ref().is_none_or(|o| o.contains(&Cue::Drone)) {
            let place = Placement {
                gain: self.tuning.drone,
                reverb: 0.3,
                ..Placement::CENTRE
            };
            self.drone = self.play(Cue::Drone, patches::drone(), place, 1.0);
        }
        if w.tick() >= self.next_distant {
            let [lo, hi] = self.tuning.distant_every;
            self.next_distant = w.tick() + ticks(self.rng.range_f32(lo, hi)).max(1) as u64;
            let a = self.rng.range_f32(0.0, std::f32::consts::TAU);
            let d = self.rng.range_f32(12.0, 22.0);
            let which = self.rng.below(3);
            let p = w.anchor().pos + Vec2::new(a.cos(), a.sin()) * d;
            let pitch = self.vary(0.15);
            self.play_at(
                w,
                Cue::Distant,
                patches::distant(which),
                p,
                0.9,
                0.85,
                pitch,
            );
        }
    }

    /// The tick's events.
    fn events(&mut self, w: &World) {
        for e in w.events() {
            self.hear(w, &e.kind);
        }
    }

    /// What one event of `w`'s tick sounds like (the tick's events go through here; a
    /// test can hear an event the embedded runs never make, like a bullet on a wall).
    pub fn hear(&mut self, w: &World, e: &EventKind) {
        let grid: &Grid = &w.map().grid;
        match *e {
            EventKind::Shot { muzzle, .. } => {
                let open = space::openness(grid, muzzle, 8.0);
                let pitch = self.vary(0.06);
                let reverb = 0.15 + 0.5 * open;
                self.play_at(
                    w,
                    Cue::Gunshot,
                    patches::gunshot(open),
                    muzzle,
                    1.0,
                    reverb,
                    pitch,
                );
            }
            EventKind::BulletHitWall { pos } => {
                let pitch = self.vary(0.1);
                self.play_at(w, Cue::WallHit, patches::wall_hit(), pos, 0.6, 0.2, pitch);
                if self.rng.below(4) == 0 {
                    let pitch = self.vary(0.15);
                    self.play_at(w, Cue::Ricochet, patches::ricochet(), pos, 0.5, 0.3, pitch);
                }
            }
            EventKind::EnemyHit { pos, .. } | EventKind::FriendlyHit { pos, .. } => {
                let pitch = self.vary(0.1);
                self.play_at(
                    w,
                    Cue::FleshHit,
                    patches::flesh_hit(),
                    pos,
                    0.75,
                    0.1,
                    pitch,
                );
            }
            EventKind::MeleeHit { pos, .. } => {
                let pitch = self.vary(0.08);
                self.play_at(
                    w,
                    Cue::BladeHit,
                    patches::blade_hit(),
                    pos,
                    0.85,
                    0.1,
                    pitch,
                );
            }
            EventKind::EnemySpawned { enemy } => {
                if let Some(e) = w.enemy(enemy) {
                    self.kinds.insert(enemy, e.kind);
                }
            }
            EventKind::EnemyKilled { enemy, pos } => {
                let kind = self.kinds.remove(&enemy).unwrap_or(EnemyKind::Shambler);
                let pitch = self.vary(0.12);
                self.play_at(
                    w,
                    Cue::EnemyDeath,
                    patches::death(kind),
                    pos,
                    0.8,
                    0.2,
                    pitch,
                );
                let v = self.enemy_windups.remove(&enemy);
                self.release(v, HANDOVER);
                self.lit_shrieks.remove(&enemy);
            }
            EventKind::StrikeStarted { blade, strike, .. } => {
                let Some(a) = w.agents().get(blade as usize) else {
                    return;
                };
                let k = (strike as usize).min(2);
                let secs = w.ticks().strike_windup[k] as f32 * DT;
                let v = self.play_at(
                    w,
                    Cue::BladeWindup,
                    patches::blade_windup(secs),
                    a.pos,
                    0.7,
                    WINDUP_ROOM,
                    1.0,
                );
                let old = self.blade_windups.remove(&blade);
                self.release(old, CUT);
                if let Some(v) = v {
                    self.blade_windups.insert(blade, v);
                }
            }
            EventKind::StrikeActive { blade, strike } => {
                let v = self.blade_windups.remove(&blade);
                self.release(v, HANDOVER);
                if let Some(a) = w.agents().get(blade as usize) {
                    let pitch = self.vary(0.05);
                    self.play_at(
                        w,
                        Cue::BladeSwish,
                        patches::blade_swish(strike >= 2),
                        a.pos,
                        0.8,
                        0.15,
                        pitch,
                    );
                }
            }
            EventKind::StrikeCancelled { blade, .. } => {
                let v = self.blade_windups.remove(&blade);
                self.release(v, CUT);
            }
            EventKind::StrikeEnded { blade, .. } => {
                let v = self.blade_windups.remove(&blade);
                self.release(v, HANDOVER);
            }
            EventKind::AttackStarted { enemy, windup, .. } => {
                let Some(e) = w.enemy(enemy) else {
                    return;
                };
                let (kind, pos) = (e.kind, e.pos);
                let gain = if kind == EnemyKind::Brute { 1.0 } else { 0.6 };
                let pitch = self.vary(0.08);
                let secs = windup as f32 * DT;
                let v = self.play_at(
                    w,
                    Cue::EnemyWindup,
                    patches::enemy_windup(kind, secs),
                    pos,
                    gain,
                    WINDUP_ROOM,
                    pitch,
                );
                let old = self.enemy_windups.remove(&enemy);
                self.release(old, CUT);
                if let Some(v) = v {
                    self.enemy_windups.insert(enemy, v);
                }
            }
            EventKind::DamageDealt { enemy, agent, .. } => {
                let v = self.enemy_windups.remove(&enemy);
                self.release(v, HANDOVER);
                if let Some(a) = w.agents().get(agent as usize) {
                    let pitch = self.vary(0.06);
                    self.play_at(w, Cue::EnemyBlow, patches::blow(), a.pos, 1.0, 0.1, pitch);
                }
            }
            EventKind::AttackWhiffed { enemy, .. } => {
                let v = self.enemy_windups.remove(&enemy);
                self.release(v, HANDOVER);
                if let Some(e) = w.enemy(enemy) {
                    let (pos, pitch) = (e.pos, self.vary(0.1));
                    self.play_at(w, Cue::EnemyWhiff, patches::whiff(), pos, 0.6, 0.1, pitch);
                }
            }
            EventKind::AttackInterrupted { enemy } => {
                let v = self.enemy_windups.remove(&enemy);
                self.release(v, CUT);
                if let Some(e) = w.enemy(enemy) {
                    let (pos, pitch) = (e.pos, self.vary(0.1));
                    self.play_at(w, Cue::EnemyGrunt, patches::grunt(), pos, 0.5, 0.1, pitch);
                }
            }
            EventKind::SpitReleased { enemy, pos, .. } => {
                // The gurgle turns into the spit.
                let v = self.enemy_windups.remove(&enemy);
                self.release(v, HANDOVER);
                let pitch = self.vary(0.08);
                self.play_at(
                    w,
                    Cue::SpitRelease,
                    threat::spit_release(),
                    pos,
                    0.85,
                    0.15,
                    pitch,
                );
            }
            EventKind::SpitHit { agent, pos, .. } => {
                let (cue, gain) = match agent {
                    Some(_) => (Cue::SpitHit, 1.0),
                    None => (Cue::SpitSplat, 0.6),
                };
                let pitch = self.vary(0.1);
                let patch = threat::spit_splat(agent.is_some());
                self.play_at(w, cue, patch, pos, gain, 0.15, pitch);
            }
            EventKind::StalkerLit { enemy } => {
                // A beam flickering over it shrieks it once, not every catch.
                let gap = ticks(LIT_SHRIEK_GAP) as u64;
                let now = w.tick();
                if self.lit_shrieks.get(&enemy).is_some_and(|&t| now < t + gap) {
                    return;
                }
                let Some(e) = w.enemy(enemy) else {
                    return;
                };
                let (pos, pitch) = (e.pos, self.vary(0.1));
                self.lit_shrieks.insert(enemy, now);
                self.play_at(
                    w,
                    Cue::StalkerLit,
                    threat::stalker_lit(),
                    pos,
                    0.8,
                    0.25,
                    pitch,
                );
            }
            EventKind::AgentDown { pos, .. } => {
                let pitch = self.vary(0.08);
                self.play_at(w, Cue::AgentCry, patches::cry(), pos, 1.0, 0.3, pitch);
                // The HUD's notice: heard from anywhere, panned toward where.
                let place = Placement {
                    gain: 0.8,
                    pan: space::pan(&self.tuning, w.anchor().pos, pos),
                    reverb: 0.35,
                    ..Placement::CENTRE
                };
                self.play(Cue::Notice, patches::notice(), place, 1.0);
            }
            _ => {
                let mut kit = std::mem::take(&mut self.kit);
                kit.hear(self, w, e);
                self.kit = kit;
            }
        }
    }

    /// What the horde's state makes heard: shrieks, moans, the crowd; and the kinds
    /// remembered for the next tick's deaths.
    fn enemies(&mut self, w: &World) {
        let listener = w.anchor().pos;
        let t = self.tuning.clone();
        let moan_chance = t.moan_rate * DT;
        self.moans.retain(|v| self.mixer.alive(*v));
        let mut crowd = 0.0;
        let mut near: Vec<Vec2> = Vec::new();
        let mut spotting: Option<(f32, Vec2)> = None;
        let mut moaning: Option<(f32, Vec2)> = None;
        let mut seeing = BTreeSet::new();
        for e in w.enemies().iter().filter(|e| e.alive && !e.is_dummy()) {
            let d = e.pos.distance(listener);
            if d < t.crowd_radius {
                crowd += 1.0 - d / t.crowd_radius;
                if near.len() < 64 {
                    near.push(e.pos);
                }
            }
            if d > t.max_distance {
                continue;
            }
            match e.kind {
                EnemyKind::Runner if e.sees => {
                    seeing.insert(e.id);
                    if !self.seeing.contains(&e.id) && spotting.is_none_or(|(bd, _)| d < bd) {
                        spotting = Some((d, e.pos));
                    }
                }
                EnemyKind::Shambler
                    if !e.attack.winding_up()
                        && self.rng.next_f32() < moan_chance
                        && moaning.is_none_or(|(bd, _)| d < bd) =>
                {
                    moaning = Some((d, e.pos));
                }
                _ => {}
            }
        }
        self.seeing = seeing;
        if let Some((_, p)) = spotting {
            let pitch = self.vary(0.1);
            self.play_at(w, Cue::Shriek, patches::shriek(), p, 0.9, 0.35, pitch);
        }
        if let Some((_, p)) = moaning.filter(|_| self.moans.len() < t.moans_max as usize) {
            let pitch = self.vary(0.15);
            if let Some(v) = self.play_at(w, Cue::Moan, patches::moan(pitch), p, 0.7, 0.4, 1.0) {
                self.moans.push(v);
            }
        }
        // The bed: its level follows the closeness-weighted count (as √ so a few are
        // heard and a horde does not deafen), and shuffles at random near enemies.
        let level = (crowd / t.crowd_full).min(1.0).sqrt();
        if self.bed.is_none() && level > 0.0 {
            let place = Placement {
                gain: 0.0,
                reverb: 0.2,
                ..Placement::CENTRE
            };
            self.bed = self.play(Cue::CrowdBed, patches::crowd_bed(), place, 1.0);
        }
        if let Some(bed) = self.bed {
            let wobble = 0.8 + 0.2 * self.rng.next_f32();
            self.mixer.place(
                bed,
                Placement {
                    gain: 0.45 * level * wobble,
                    reverb: 0.2,
                    ..Placement::CENTRE
                },
            );
        }
        if !near.is_empty() && self.rng.next_f32() < level * 5.0 * DT {
            let p = near[self.rng.below(near.len() as u32) as usize];
            let pitch = self.vary(0.2);
            self.play_at(w, Cue::Shuffle, patches::shuffle(), p, 0.5, 0.2, pitch);
        }
    }

    /// The squad's footsteps and a hurt agent's breath.
    fn squad(&mut self, w: &World) {
        let full = w.tuning().squad.agent_health.max(1.0);
        let t = self.tuning.clone();
        for (i, a) in w.agents().iter().enumerate() {
            if !a.alive {
                continue;
            }
            self.walked[i] += a.pos.distance(a.prev_pos);
            if self.walked[i] >= t.stride {
                self.walked[i] -= t.stride;
                let gain = t.footsteps[usize::from(w.sprinting())];
                let pitch = self.vary(0.12);
                self.play_at(
                    w,
                    Cue::Footstep,
                    patches::footstep(),
                    a.pos,
                    gain,
                    0.05,
                    pitch,
                );
            }
            if a.health / full < t.breath_health && w.tick() >= self.next_breath[i] {
                let secs = 1.5 + self.rng.range_f32(0.0, 0.4);
                self.next_breath[i] = w.tick() + ticks(secs) as u64;
                let pitch = self.vary(0.08);
                self.play_at(w, Cue::Breath, patches::breath(), a.pos, 0.55, 0.05, pitch);
            }
        }
    }

    /// A beat each time the tension's heartbeat phase passes a whole beat, louder as
    /// tension rises (silent below `heartbeat_from`).
    fn heartbeat(&mut self, tension: &Tension) {
        let (was, now) = (self.beat, tension.beat);
        self.beat = now;
        let t = &self.tuning;
        if now.floor() <= was.floor() || tension.value <= t.heartbeat_from {
            return;
        }
        let k = (tension.value - t.heartbeat_from) / (1.0 - t.heartbeat_from).max(1e-3);
        let place = Placement {
            gain: t.heartbeat_level * k.clamp(0.0, 1.0),
            ..Placement::CENTRE
        };
        self.play(Cue::Heartbeat, patches::heartbeat(), place, 1.0);
    }
}

/// The tools' sounds play through the layer (`tools.rs` holds their voices).
impl tools::Player for SoundLayer {
    fn play_at(
        &mut self,
        w: &World,
        cue: Cue,
        patch: Patch,
        p: Vec2,
        gain: f32,
        reverb: f32,
        pitch: f32,
    ) -> Option<VoiceId> {
        SoundLayer::play_at(self, w, cue, patch, p, gain, reverb, pitch)
    }
    fn play(&mut self, cue: Cue, patch: Patch, place: Placement, pitch: f32) -> Option<VoiceId> {
        SoundLayer::play(self, cue, patch, place, pitch)
    }
    fn vary(&mut self, spread: f32) -> f32 {
        SoundLayer::vary(self, spread)
    }
    fn release(&mut self, v: Option<VoiceId>, fade: f32) {
        SoundLayer::release(self, v, fade)
    }
    fn place(&mut self, v: VoiceId, place: Placement) {
        self.mixer.place(v, place)
    }
    fn alive(&self, v: VoiceId) -> bool {
        self.mixer.alive(v)
    }
    fn tuning(&self) -> &AudioTuning {
        &self.tuning
    }
}
