//! Short-lived cosmetic effects fed from the simulation's events: hit sparks, the flash
//! of a landed enemy blow, kill splats, wall sparks, a spit bursting on an agent and the
//! glowing bile a spit leaves where it fell; the medkit's end (a green glow rising off
//! the healed, a red cut across one whose heal a blow broke) and a pickup taken (a
//! sparkle where it lay). Owned by the app, drawn by the view; the
//! simulation never sees them. Bounded memory (REQ §19).

use raster::{draw_light, draw_line, fill_circle, fill_ellipse, Framebuffer, LineCap, Paint, Rgba};
use serde::{Deserialize, Serialize};
use sim::read::{EventKind, Grid, World};
use sim::Vec2;

use crate::canvas::Canvas;
use crate::iso::Iso;
use crate::palette as pal;

/// Most effects alive at once; the oldest go first.
pub const EFFECTS_CAP: usize = 512;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FxKind {
    /// A bullet or blade bit into an enemy.
    Hit,
    /// An enemy's blow landed on an agent.
    Hurt,
    /// An enemy went down.
    Kill,
    /// A bullet stopped on a wall.
    Spark,
    /// A friendly hit: never expected, loud when it happens.
    Friendly,
    /// A spit burst on an agent: a splash of bile (the blood is the horror layer's).
    Spat,
    /// A spit that hit a wall or fell: a burst of droplets and a pool of glowing bile on
    /// the floor, fading.
    Splat,
    /// The medkit's work done (K4): green light rising off the patient.
    Healed,
    /// The medkit's work broken by a blow: a red slash across the patient.
    HealCut,
    /// A crate or case taken (K1, K6): a sparkle where it lay.
    Picked,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Fx {
    pub pos: Vec2,
    pub kind: FxKind,
    /// Simulation tick it was born on.
    pub born: u64,
}

impl FxKind {
    /// Lifetime in ticks.
    fn life(self) -> u64 {
        match self {
            FxKind::Hit | FxKind::Spark => 12,
            FxKind::Hurt => 20,
            FxKind::Kill => 30,
            FxKind::Friendly => 90,
            FxKind::Spat => 24,
            FxKind::Splat => 180,
            FxKind::Healed => 45,
            FxKind::HealCut => 30,
            FxKind::Picked => 24,
        }
    }
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Effects {
    pub fx: Vec<Fx>,
    last_tick: u64,
}

impl Effects {
    /// Takes this tick's events of `w` (call once after every simulation tick).
    pub fn absorb(&mut self, w: &World) {
        let tick = w.tick();
        self.last_tick = tick;
        for e in w.events() {
            let (pos, kind) = match &e.kind {
                EventKind::EnemyHit { pos, .. } | EventKind::MeleeHit { pos, .. } => {
                    (*pos, FxKind::Hit)
                }
                EventKind::EnemyKilled { pos, .. } => (*pos, FxKind::Kill),
                EventKind::BulletHitWall { pos } => (*pos, FxKind::Spark),
                EventKind::FriendlyHit { pos, .. } => (*pos, FxKind::Friendly),
                EventKind::DamageDealt { agent, .. } => match w.agents().get(*agent as usize) {
                    Some(a) => (a.pos, FxKind::Hurt),
                    None => continue,
                },
                EventKind::SpitHit {
                    agent: Some(_),
                    pos,
                    ..
                } => (*pos, FxKind::Spat),
                EventKind::SpitHit {
                    agent: None, pos, ..
                } => (off_the_wall(&w.map().grid, *pos), FxKind::Splat),
                EventKind::Healed { agent, .. } => match w.agents().get(*agent as usize) {
                    Some(a) => (a.pos, FxKind::Healed),
                    None => continue,
                },
                EventKind::HealInterrupted { agent } => match w.agents().get(*agent as usize) {
                    Some(a) => (a.pos, FxKind::HealCut),
                    None => continue,
                },
                EventKind::AmmoPicked { at, .. } | EventKind::SupplyPicked { at, .. } => {
                    (*at, FxKind::Picked)
                }
                _ => continue,
            };
            if self.fx.len() == EFFECTS_CAP {
                self.fx.remove(0);
            }
            self.fx.push(Fx {
                pos,
                kind,
                born: tick,
            });
        }
        self.fx.retain(|f| tick < f.born + f.kind.life());
    }

    /// Draws every live effect at frame time `tick + alpha`.
    pub fn draw(&self, fb: &mut Framebuffer, iso: &Iso, alpha: f32) {
        self.draw_kinds(fb, iso, alpha, |_| true);
    }

    /// Only the effects that are light (sparks, the flash of a blow, the friendly-hit
    /// ring, bile bursting), for the horror layer's final frame; blood replaces the rest
    /// there, and the bile's pools are on the floor ([`Effects::draw_floor`]).
    pub fn draw_glows(&self, fb: &mut Framebuffer, iso: &Iso, alpha: f32) {
        self.draw_kinds(fb, iso, alpha, |k| {
            matches!(
                k,
                FxKind::Spark
                    | FxKind::Hurt
                    | FxKind::Friendly
                    | FxKind::Spat
                    | FxKind::Splat
                    | FxKind::Healed
                    | FxKind::HealCut
                    | FxKind::Picked
            )
        });
    }

    /// What lies on the floor, under the bodies, for the horror layer's scene stage: the
    /// pools of bile where spits fell, emissive (they glow in the dark) and fading.
    pub fn draw_floor(&self, cv: &mut Canvas, iso: &Iso, alpha: f32) {
        let now = self.last_tick as f32 + alpha;
        for f in self.fx.iter().filter(|f| f.kind == FxKind::Splat) {
            let t = ((now - f.born as f32) / f.kind.life() as f32).clamp(0.0, 1.0);
            pool(
                f,
                t,
                |c, r, col| cv.ellipse(c, r, Paint::additive(col)),
                iso,
            );
        }
    }

    fn draw_kinds(
        &self,
        fb: &mut Framebuffer,
        iso: &Iso,
        alpha: f32,
        keep: impl Fn(FxKind) -> bool,
    ) {
        // Only the lights: the horror layer's final frame (its pools are on its floor).
        let glows_only = !keep(FxKind::Hit);
        let now = self.last_tick as f32 + alpha;
        for f in self.fx.iter().filter(|f| keep(f.kind)) {
            let t = ((now - f.born as f32) / f.kind.life() as f32).clamp(0.0, 1.0);
            let fade = 1.0 - t;
            match f.kind {
                FxKind::Hit => {
                    let c = iso.project(f.pos, 0.45);
                    let r = 3.0 + 9.0 * t;
                    for k in 0..6 {
                        let a = k as f32 * 1.047 + f.born as f32;
                        let d = [a.cos() * r, a.sin() * r * 0.7];
                        draw_line(
                            fb,
                            c,
                            [c[0] + d[0], c[1] + d[1]],
                            2.0,
                            LineCap::Round,
                            Paint::alpha(Rgba::new(170, 20, 20, (220.0 * fade) as u8)),
                        );
                    }
                }
                FxKind::Hurt => {
                    let c = iso.project(f.pos, 0.5);
                    fill_circle(
                        fb,
                        c,
                        6.0 + 14.0 * t,
                        Paint::additive(Rgba::new(255, 40, 30, (200.0 * fade) as u8)),
                    );
                }
                FxKind::Kill => {
                    let c = iso.project(f.pos, 0.0);
                    fill_ellipse(
                        fb,
                        c,
                        [10.0 + 10.0 * t, 5.0 + 5.0 * t],
                        Paint::alpha(Rgba::new(120, 10, 10, (160.0 * fade) as u8)),
                    );
                }
                FxKind::Spark => {
                    let c = iso.project(f.pos, 0.5);
                    fill_circle(
                        fb,
                        c,
                        2.0 + 4.0 * t,
                        Paint::additive(Rgba::new(255, 220, 150, (255.0 * fade) as u8)),
                    );
                }
                FxKind::Spat => {
                    // A splash of bile off the body, and droplets thrown round it.
                    let c = iso.project(f.pos, 0.45);
                    draw_light(fb, c, 16.0 + 12.0 * t, pal::BILE, 0.9 * fade);
                    fill_circle(
                        fb,
                        c,
                        4.0 + 8.0 * t,
                        Paint::additive(pal::BILE.with_alpha((200.0 * fade) as u8)),
                    );
                    // With the horror layer its particles throw the droplets.
                    if !glows_only {
                        droplets(fb, c, f.born, 6.0 + 20.0 * t, fade);
                    }
                }
                FxKind::Splat => {
                    // The burst (its first fifth) over the pool, which the horror layer
                    // draws on the floor; the plain board draws the pool here.
                    if !glows_only {
                        pool(
                            f,
                            t,
                            |c, r, col| fill_ellipse(fb, c, r, Paint::additive(col)),
                            iso,
                        );
                    }
                    let burst = (t * 6.0).min(1.0);
                    if burst < 1.0 {
                        let c = iso.project(f.pos, 0.3);
                        draw_light(fb, c, 12.0 + 10.0 * burst, pal::BILE, 0.8 * (1.0 - burst));
                        if !glows_only {
                            droplets(fb, c, f.born, 5.0 + 16.0 * burst, 1.0 - burst);
                        }
                    }
                }
                FxKind::Healed => {
                    // A green glow round the body and motes rising off it.
                    let c = iso.project(f.pos, 0.5 + 0.3 * t);
                    draw_light(fb, c, 26.0 + 10.0 * t, pal::HEAL, 0.8 * fade);
                    for k in 0..6 {
                        let a = k as f32 * 1.047 + 0.4;
                        let q = [
                            c[0] + a.cos() * (8.0 + 4.0 * t),
                            c[1] + a.sin() * 4.0 - 26.0 * t,
                        ];
                        fill_circle(
                            fb,
                            q,
                            1.4,
                            Paint::additive(pal::HEAL.with_alpha((230.0 * fade) as u8)),
                        );
                    }
                }
                FxKind::HealCut => {
                    // A red slash across the patient, and the green going out.
                    let c = iso.project(f.pos, 0.6);
                    let s = 10.0 + 4.0 * t;
                    draw_line(
                        fb,
                        [c[0] - s, c[1] - s * 0.8],
                        [c[0] + s, c[1] + s * 0.8],
                        3.0,
                        LineCap::Round,
                        Paint::additive(Rgba::new(255, 40, 30, (240.0 * fade) as u8)),
                    );
                    draw_light(fb, c, 18.0, Rgba::rgb(255, 40, 30), 0.6 * fade);
                }
                FxKind::Picked => {
                    // A sparkle: a star opening and fading where the pickup lay.
                    let c = iso.project(f.pos, 0.3 + 0.3 * t);
                    let s = 4.0 + 12.0 * t;
                    let col = Paint::additive(Rgba::new(255, 240, 190, (255.0 * fade) as u8));
                    draw_line(
                        fb,
                        [c[0] - s, c[1]],
                        [c[0] + s, c[1]],
                        1.5,
                        LineCap::Round,
                        col,
                    );
                    draw_line(
                        fb,
                        [c[0], c[1] - s],
                        [c[0], c[1] + s],
                        1.5,
                        LineCap::Round,
                        col,
                    );
                    draw_light(fb, c, 14.0, Rgba::rgb(255, 230, 160), 0.7 * fade);
                }
                FxKind::Friendly => {
                    let c = iso.project(f.pos, 0.5);
                    for r in [14.0f32, 22.0] {
                        raster::stroke_circle(
                            fb,
                            c,
                            r * (0.6 + t),
                            3.0,
                            Paint::alpha(Rgba::new(255, 0, 255, (255.0 * fade) as u8)),
                        );
                    }
                }
            }
        }
    }
}

/// A pool of bile where a spit fell, `t` through its life: it spreads a little, then
/// fades; drawn through `fill` (centre, radii, colour), additive.
fn pool(f: &Fx, t: f32, mut fill: impl FnMut([f32; 2], [f32; 2], Rgba), iso: &Iso) {
    let c = iso.project(f.pos, 0.0);
    let spread = (t * 8.0).min(1.0);
    let fade = 1.0 - t;
    let r = 6.0 + 6.0 * spread;
    fill(
        c,
        [r * 1.3, r * 0.65],
        pal::BILE.with_alpha((120.0 * fade) as u8),
    );
    fill(
        c,
        [r * 0.6, r * 0.3],
        pal::BILE_CORE.with_alpha((110.0 * fade) as u8),
    );
    // Splashes round the pool.
    for k in 0..3 {
        let a = k as f32 * 2.1 + (f.born % 7) as f32;
        let q = [c[0] + a.cos() * r * 1.5, c[1] + a.sin() * r * 0.75];
        fill(
            q,
            [r * 0.3, r * 0.15],
            pal::BILE.with_alpha((110.0 * fade) as u8),
        );
    }
}

/// Droplets of bile thrown out round `c` to `reach` pixels (their angles from `seed`),
/// at `level` 0..1, additive.
fn droplets(fb: &mut Framebuffer, c: [f32; 2], seed: u64, reach: f32, level: f32) {
    for k in 0..7 {
        let a = k as f32 * 0.898 + (seed % 13) as f32 * 0.37;
        let d = reach * (0.6 + 0.4 * ((k * 5 % 7) as f32 / 6.0));
        let q = [c[0] + a.cos() * d, c[1] + a.sin() * d * 0.6 - reach * 0.15];
        fill_circle(
            fb,
            q,
            1.0 + 0.8 * level,
            Paint::additive(pal::BILE.with_alpha((230.0 * level) as u8)),
        );
    }
}

/// Where the pool of a spit that stopped at `p` lies: a little off any wall beside it
/// (a spit stops on the wall's face; its pool runs down onto the floor in front).
fn off_the_wall(g: &Grid, p: Vec2) -> Vec2 {
    const OFF: f32 = 0.3;
    let mut q = p;
    for d in [
        Vec2::new(1.0, 0.0),
        Vec2::new(-1.0, 0.0),
        Vec2::new(0.0, 1.0),
        Vec2::new(0.0, -1.0),
    ] {
        if g.is_wall_at(p + d * OFF) {
            q -= d * OFF;
        }
    }
    q
}
