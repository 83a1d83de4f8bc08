//! Short-lived cosmetic effects fed from the simulation's events: hit sparks, the flash
//! of a landed enemy blow, kill splats, wall sparks. Owned by the app, drawn by the view;
//! the simulation never sees them. Bounded memory (S19).

use raster::{draw_line, fill_circle, fill_ellipse, Framebuffer, LineCap, Paint, Rgba};
use serde::{Deserialize, Serialize};
use sim::read::{EventKind, World};
use sim::Vec2;

use crate::iso::Iso;

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
    /// ring), for the horror layer's final frame; blood replaces the rest there.
    pub fn draw_glows(&self, fb: &mut Framebuffer, iso: &Iso, alpha: f32) {
        self.draw_kinds(fb, iso, alpha, |k| {
            matches!(k, FxKind::Spark | FxKind::Hurt | FxKind::Friendly)
        });
    }

    fn draw_kinds(
        &self,
        fb: &mut Framebuffer,
        iso: &Iso,
        alpha: f32,
        keep: impl Fn(FxKind) -> bool,
    ) {
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
