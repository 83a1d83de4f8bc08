//! The pose sheet (REQ V1): every kind of body in every pose, lit (left) and as the
//! horror layer's silhouette in the dark with its rim (right), drawn by the same
//! functions as the scene at the 720p design scale (one drawing unit a pixel) or any
//! other. `crates/view/tests/bodies.rs` draws it into `docs/img/bodies_sheet.png` and
//! measures that every kind and every pose reads differently.

use raster::{draw_text, Framebuffer, Paint, Rgba};
use sim::read::{Agent, AttackState, Enemy, EnemyKind, Role};
use sim::Vec2;

use crate::bodies::{draw_agent, draw_enemy, Shade};
use crate::canvas::{Canvas, UNLIT};
use crate::iso::Iso;
use crate::pose::Pose;

/// A row of the sheet: what is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    Agent(Role),
    Enemy(EnemyKind),
}

/// The rows: both agents (the blade once per swing of its combo) and every enemy kind.
pub const ROWS: [(Who, u8, &str); 10] = [
    (Who::Agent(Role::Gunner), 0, "gunner"),
    (Who::Agent(Role::Blade), 0, "blade 1"),
    (Who::Agent(Role::Blade), 1, "blade 2"),
    (Who::Agent(Role::Blade), 2, "blade 3"),
    (Who::Enemy(EnemyKind::Shambler), 0, "shambler"),
    (Who::Enemy(EnemyKind::Runner), 0, "runner"),
    (Who::Enemy(EnemyKind::Brute), 0, "brute"),
    (Who::Enemy(EnemyKind::Spitter), 0, "spitter"),
    (Who::Enemy(EnemyKind::Stalker), 0, "stalker"),
    (Who::Enemy(EnemyKind::Nest), 0, "nest"),
];

/// The columns: the poses.
pub const COLUMNS: [&str; 9] = [
    "idle", "walk", "walk'", "run", "windup", "strike", "flinch", "falling", "corpse",
];

/// A cell's size, drawing units.
pub const CELL: f32 = 64.0;
/// The label column's width.
pub const LABEL: f32 = 60.0;
/// The header's height.
pub const HEADER: f32 = 16.0;

/// The pose of column `col` for row `swing` (the blade's strike of its combo).
pub fn column_pose(col: usize, swing: u8) -> Pose {
    let mut p = Pose {
        swing,
        ..Pose::default()
    };
    match col {
        1 => {
            p.pace = 1.0;
            p.gait = 1.2;
        }
        2 => {
            p.pace = 1.0;
            p.gait = 1.2 + std::f32::consts::PI;
        }
        3 => {
            p.pace = 2.4;
            p.gait = 1.4;
        }
        4 => {
            p.windup = 0.95;
            p.reload = true;
            p.cower = true;
        }
        5 => {
            p.windup = 1.0;
            p.strike = 0.7;
            p.recoil = 1.0;
        }
        6 => p.flinch = 1.0,
        7 => p.fall = 0.5,
        8 => p.fall = 1.0,
        _ => {}
    }
    p
}

/// The body of a row in column `col`, facing the viewer's lower left, standing at `p`.
fn enemy(kind: EnemyKind, p: Vec2, col: usize, pose: &Pose) -> Enemy {
    let radius = match kind {
        EnemyKind::Brute => 0.45,
        EnemyKind::Runner => 0.25,
        EnemyKind::Nest => 0.6,
        _ => 0.3,
    };
    let windup = (pose.windup > 0.0 && pose.strike == 0.0).then_some(1);
    Enemy {
        id: 1,
        kind,
        pos: p,
        prev_pos: p,
        vel: Vec2::new(pose.pace * 1.4, 0.0),
        facing: FACING,
        radius,
        health: 10.0,
        alive: col < 7,
        stagger: u32::from(col == 6) * 6,
        hits: if col == 6 { 6 } else { 0 },
        attack: AttackState {
            windup_left: windup,
            windup_ticks: 20,
            ..AttackState::default()
        },
        wander: 0.6,
        sees: true,
        lit: col == 4 && kind == EnemyKind::Stalker,
        shy: 0,
    }
}

/// The sheet's facing: toward the viewer's lower left, a three-quarter view.
const FACING: f32 = 1.9;

/// Draws the sheet at `scale` device pixels per drawing unit.
pub fn pose_sheet(scale: f32) -> Framebuffer {
    let cols = COLUMNS.len() as f32;
    let panel = LABEL + CELL * cols;
    let w = ((panel * 2.0 + 8.0) * scale).round() as usize;
    let h = ((HEADER + CELL * ROWS.len() as f32) * scale).round() as usize;
    let mut albedo = Framebuffer::new(w, h);
    albedo.set_scale(scale);
    let mut light = Framebuffer::new(w, h);
    light.set_scale(scale);
    albedo.fill_rect(
        0,
        0,
        w as i32,
        h as i32,
        Paint::opaque(Rgba::rgb(58, 56, 60)),
    );
    light.fill_rect(0, 0, w as i32, h as i32, Paint::opaque(UNLIT));
    let dark_x = panel + 8.0;
    // The dark panel: the floor under a dim ambient light.
    let dim = Rgba::rgb(14, 14, 18);
    light.fill_rect(
        dark_x as i32,
        0,
        (panel + 8.0) as i32,
        h as i32,
        Paint::opaque(dim),
    );
    let rim = Rgba::new(56, 64, 82, 255);
    for (panel_x, dark) in [(0.0, false), (dark_x, true)] {
        let mut cv = Canvas::lit(&mut albedo, &mut light);
        for (r, (who, swing, _)) in ROWS.iter().enumerate() {
            for c in 0..COLUMNS.len() {
                let cx = panel_x + LABEL + CELL * (c as f32 + 0.5);
                let cy = HEADER + CELL * (r as f32 + 0.72);
                // An isometric frame whose origin is this cell's foot point.
                let iso = Iso {
                    center: Vec2::ZERO,
                    origin: [cx, cy],
                };
                let pose = column_pose(c, *swing);
                cv.stamp = if dark { dim } else { UNLIT };
                let shade = if dark {
                    Shade {
                        lit: 0.0,
                        silhouette: 1.0,
                        rim,
                    }
                } else {
                    Shade::LIT
                };
                match *who {
                    Who::Agent(role) => {
                        let mut a = Agent::new(0, role, 0, Vec2::ZERO, FACING, 0.3, 100.0);
                        a.barrel = FACING;
                        a.alive = c < 7;
                        a.reload = u32::from(c == 4 && role == Role::Gunner);
                        a.health = if c == 6 { 60.0 } else { 100.0 };
                        draw_agent(&mut cv, &iso, &a, 1.0, false, &pose);
                    }
                    Who::Enemy(kind) => {
                        let e = enemy(kind, Vec2::ZERO, c, &pose);
                        if c < 7 {
                            draw_enemy(&mut cv, &iso, &e, 1.0, shade, &pose);
                        } else {
                            // As the scene draws it: falling in full, lying coarse.
                            let pose = Pose {
                                coarse: c == 8,
                                ..pose
                            };
                            let at = (e.pos, e.facing, kind);
                            crate::bodies::draw_corpse(&mut cv, &iso, at, &pose, 1.0);
                        }
                    }
                }
            }
        }
    }
    // Compose: albedo × light, as the post pass does (light 128 = 1.0).
    let mut out = Framebuffer::new(w, h);
    out.set_scale(scale);
    for (o, (a, l)) in out
        .pixels
        .iter_mut()
        .zip(albedo.pixels.iter().zip(light.pixels.iter()))
    {
        let ch = |s: u32| {
            let a = (a >> s) & 255;
            let l = (l >> s) & 255;
            ((a * l) / 128).min(255)
        };
        *o = (ch(16) << 16) | (ch(8) << 8) | ch(0);
    }
    for (panel_x, _) in [(0.0, false), (dark_x, true)] {
        for (r, (_, _, name)) in ROWS.iter().enumerate() {
            let y = HEADER + CELL * r as f32 + CELL * 0.4;
            draw_text(
                &mut out,
                (panel_x + 4.0) as i32,
                y as i32,
                name,
                Rgba::rgb(220, 220, 220),
                1,
            );
        }
        for (c, name) in COLUMNS.iter().enumerate() {
            let x = panel_x + LABEL + CELL * c as f32 + 6.0;
            draw_text(&mut out, x as i32, 3, name, Rgba::rgb(220, 220, 220), 1);
        }
    }
    out
}

/// The sheet cell of row `r`, column `c` in the lit (`dark` false) or dark panel, as a
/// device-pixel rectangle `(x, y, w, h)`.
pub fn cell_rect(r: usize, c: usize, dark: bool, scale: f32) -> (usize, usize, usize, usize) {
    let panel = LABEL + CELL * COLUMNS.len() as f32;
    let x0 = if dark { panel + 8.0 } else { 0.0 } + LABEL + CELL * c as f32;
    let y0 = HEADER + CELL * r as f32;
    let s = |v: f32| (v * scale).round() as usize;
    (s(x0), s(y0), s(CELL), s(CELL))
}
