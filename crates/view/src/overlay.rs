//! The debug overlay (Q1, F1): lanes coloured by state, reservation corridors, solver
//! candidates coloured by score, posts and slots, urgency and leash, squad state,
//! FRIENDLY_HITS, the event log tail, frame and tick timings; the threat's (§22): the
//! beam cones the simulation tests, the stalkers they hold, the director and the
//! difficulty.

use raster::{
    draw_line, draw_text, fill_circle, fill_quad, stroke_circle, stroke_ellipse, Framebuffer,
    LineCap, Paint, Rgba,
};
use sim::read::{EnemyKind, Event, EventKind, ManualAim, Role, SquadState, World};
use sim::Vec2;

use crate::horror::{Readout, StageTimes};
use crate::interp::lerp_pos;
use crate::iso::{Iso, TILE_W};
use crate::palette as pal;

const CLEAR: Rgba = Rgba::new(80, 230, 120, 220);
const BY_ALLY: Rgba = Rgba::new(255, 150, 40, 230);
const BY_WALL: Rgba = Rgba::new(230, 60, 60, 200);
const INTENT: Rgba = Rgba::new(250, 230, 60, 230);
const CORRIDOR: Rgba = Rgba::new(120, 200, 255, 34);
const POST: Rgba = Rgba::new(255, 255, 255, 220);
const SLOT: Rgba = Rgba::new(160, 160, 255, 200);
/// The simulation's beam cones: faint, under everything the overlay says about them.
const BEAM: Rgba = Rgba::new(255, 236, 190, 70);
const Z: f32 = 0.05;

/// Timings the app measured, shown in the overlay.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Timings {
    /// Milliseconds to render the last frame (scene + overlay).
    pub frame_ms: f32,
    /// Milliseconds of simulation per tick (mean over the last second).
    pub tick_ms: f32,
    pub fps: f32,
    /// The horror layer's stage times of the last frame, when it drew.
    pub stages: Option<StageTimes>,
}

/// The event log's bottom edge above the frame's: the app's message band (up to three
/// lines) lies below it.
pub const LOG_BOTTOM: i32 = 84;
/// Lines the stats block and the log tail hold at the most.
const STATS_LINES: i32 = 11;
const LOG_LINES: i32 = 8;

/// The boxes the F1 overlay's text takes on a `width × height` frame at the most
/// (`x, y, w, h`): the stats block, the event log's tail, the legend. The HUD keeps out
/// of them.
pub fn text_regions(width: i32, height: i32) -> [(i32, i32, i32, i32); 3] {
    [
        (4, 4, 460, 16 * STATS_LINES + 8),
        (
            4,
            height - LOG_BOTTOM - 16 * LOG_LINES - 6,
            380,
            16 * LOG_LINES + 8,
        ),
        (width - 306, 4, 300, 22),
    ]
}

/// A line of text for one event (the log tail).
pub fn describe(e: &Event) -> String {
    let t = e.tick as f32 / 60.0;
    let what = match &e.kind {
        EventKind::Shot {
            shooter, target, ..
        } => format!("shot  g{shooter} -> e{target}"),
        EventKind::ShotWithheld { shooter, ally } => {
            format!("HOLD  g{shooter}: ally {ally} would cross")
        }
        EventKind::FriendlyHit {
            shooter,
            victim,
            victim_state,
            ..
        } => {
            format!("FRIENDLY HIT {shooter} -> {victim} ({victim_state:?})")
        }
        EventKind::EnemyHit { shooter, enemy, .. } => format!("hit   g{shooter} -> e{enemy}"),
        EventKind::EnemyKilled { enemy, .. } => format!("kill  e{enemy}"),
        EventKind::BulletHitWall { .. } => "wall  bullet".to_string(),
        EventKind::StateChanged { holding } => {
            if *holding {
                "state HOLDING".into()
            } else {
                "state ADVANCING".into()
            }
        }
        EventKind::Commit { agent, to, .. } => {
            format!("post  a{agent} -> ({:.1}, {:.1})", to.x, to.y)
        }
        EventKind::AgentDown { agent, .. } => format!("DOWN  a{agent}"),
        EventKind::EnemySpawned { enemy } => format!("spawn e{enemy}"),
        EventKind::AttackStarted {
            enemy,
            target,
            windup,
        } => format!("swing e{enemy} -> a{target} ({windup} ticks)"),
        EventKind::DamageDealt {
            enemy,
            agent,
            amount,
        } => format!("HURT  a{agent} -{amount:.0} (e{enemy})"),
        EventKind::AttackWhiffed { enemy, .. } => format!("whiff e{enemy}"),
        EventKind::AttackInterrupted { enemy } => format!("break e{enemy} staggered"),
        EventKind::StrikeStarted {
            blade,
            strike,
            target,
        } => format!("windup b{blade} #{} -> e{target}", strike + 1),
        EventKind::StrikeWithheld { blade, ally } => {
            format!("HOLD  b{blade}: ally {ally} in sector")
        }
        EventKind::StrikeCancelled {
            blade,
            strike,
            ally,
            ..
        } => format!("CANCEL b{blade} #{}: ally {ally}", strike + 1),
        EventKind::StrikeActive { blade, strike } => format!("strike b{blade} #{}", strike + 1),
        EventKind::StrikeRecovery { blade, strike } => format!("recover b{blade} #{}", strike + 1),
        EventKind::StrikeEnded { blade, strike } => format!("end   b{blade} #{}", strike + 1),
        EventKind::MeleeHit {
            blade,
            enemy,
            strike,
            ..
        } => format!("cut   b{blade} #{} -> e{enemy}", strike + 1),
        EventKind::SpitReleased { enemy, target, .. } => format!("spit  e{enemy} -> a{target}"),
        EventKind::SpitHit {
            enemy,
            agent: Some(agent),
            amount,
            ..
        } => format!("HURT  a{agent} -{amount:.0} (spit e{enemy})"),
        EventKind::SpitHit { enemy, .. } => format!("splat e{enemy}'s spit"),
        EventKind::StalkerLit { enemy } => format!("LIT   stalker e{enemy}"),
        EventKind::DirectorPhase { phase, intensity } => {
            format!("DIRECTOR {} ({intensity:.2})", phase.name())
        }
        EventKind::ObjectiveActive { objective } => format!("OBJECTIVE #{objective} active"),
        EventKind::ObjectiveDone { objective } => format!("OBJECTIVE #{objective} done"),
        EventKind::TriggerFired { trigger } => format!("trigger #{trigger}"),
        EventKind::Said { line } => format!("say   line {line}"),
        EventKind::ItemPicked { item, agent } => format!("item  #{item} picked by a{agent}"),
        EventKind::ItemDropped { item, .. } => format!("item  #{item} DROPPED"),
        EventKind::MissionEnded { won } => {
            format!("MISSION {}", if *won { "WON" } else { "FAILED" })
        }
        EventKind::FlareThrown { flare, to, .. } => {
            format!("flare f{flare} thrown to {:.1},{:.1}", to.x, to.y)
        }
        EventKind::FlareLanded { flare, .. } => format!("flare f{flare} burns"),
        EventKind::FlareOut { flare } => format!("flare f{flare} out"),
        EventKind::GrenadeThrown { grenade, fuse, .. } => {
            format!("GRENADE g{grenade} thrown, {fuse} ticks")
        }
        EventKind::GrenadeLanded { grenade, .. } => format!("grenade g{grenade} landed"),
        EventKind::GrenadeBurst { grenade, .. } => format!("GRENADE g{grenade} BURST"),
        EventKind::BlastHit {
            agent: Some(a),
            amount,
            ..
        } => format!("BLAST HIT ALLY a{a} {amount:.0}"),
        EventKind::BlastHit { enemy, amount, .. } => {
            format!("blast e{} {amount:.0}", enemy.unwrap_or(u32::MAX))
        }
        EventKind::HealStarted { agent } => format!("medkit on a{agent}"),
        EventKind::HealInterrupted { agent } => format!("medkit on a{agent} interrupted"),
        EventKind::Healed { agent, amount } => format!("a{agent} healed {amount:.0}"),
        EventKind::ToolRefused { tool, why } => {
            format!("{} refused: {}", tool.name(), why.words())
        }
        EventKind::ReloadStarted { agent } => format!("reload g{agent}"),
        EventKind::ReloadStopped { agent } => format!("reload g{agent} stopped"),
        EventKind::Reloaded { agent, rounds } => format!("g{agent} reloaded +{rounds}"),
        EventKind::OutOfAmmo { agent } => format!("DRY   g{agent}: no ammo"),
        EventKind::AmmoPicked { rounds, .. } => format!("ammo  +{rounds} rounds"),
        EventKind::SupplyPicked {
            flares,
            medkits,
            grenades,
            ..
        } => format!("case  +{flares} flare +{medkits} medkit +{grenades} grenade"),
    };
    format!("{t:7.2}  {what}")
}

fn corridor(fb: &mut Framebuffer, iso: &Iso, a: Vec2, b: Vec2, half: f32) {
    let n = (b - a).normalize_or_zero().perp() * half;
    let q = [
        iso.project(a + n, Z),
        iso.project(b + n, Z),
        iso.project(b - n, Z),
        iso.project(a - n, Z),
    ];
    fill_quad(fb, q, Paint::alpha(CORRIDOR));
}

fn score_color(score: f32, lo: f32, hi: f32) -> Rgba {
    let t = if hi > lo {
        ((score - lo) / (hi - lo)).clamp(0.0, 1.0)
    } else {
        1.0
    };
    Rgba::rgb(230, 60, 60).lerp(Rgba::rgb(60, 230, 90), t)
}

/// Draws the world-space overlay items and the text panel.
pub fn draw_overlay(
    fb: &mut Framebuffer,
    w: &World,
    iso: &Iso,
    alpha: f32,
    timings: &Timings,
    horror: Option<&Readout>,
) {
    draw_beams(fb, w, iso, alpha);
    // Reservation corridors (S7).
    for l in &w.lanes().lanes {
        corridor(fb, iso, l.muzzle, l.aim, w.tuning().reserve_threshold());
    }
    // Blade sectors by phase (reserved: intent yellow, striking red) and approach spots.
    for s in &w.lanes().sectors {
        let col = if s.intent {
            INTENT.with_alpha(120)
        } else {
            BY_WALL.with_alpha(150)
        };
        let mut prev: Option<[f32; 2]> = None;
        let apex = iso.project(s.sector.apex, Z);
        for i in 0..=10 {
            let a =
                s.sector.axis - s.sector.half_angle + 2.0 * s.sector.half_angle * i as f32 / 10.0;
            let q = iso.project(s.sector.apex + Vec2::from_angle(a) * s.sector.reach, Z);
            if i == 0 || i == 10 {
                draw_line(fb, apex, q, 1.2, LineCap::Round, col);
            }
            if let Some(pq) = prev {
                draw_line(fb, pq, q, 1.2, LineCap::Round, col);
            }
            prev = Some(q);
        }
    }
    for spots in w.blade_debug() {
        for s in spots {
            let c = iso.project(s.pos, Z);
            let col = if s.clear {
                Rgba::new(120, 255, 160, 200)
            } else {
                Rgba::new(255, 120, 120, 160)
            };
            stroke_circle(fb, c, 3.0, 1.2, col);
        }
    }
    // Lanes by state.
    for a in w
        .agents()
        .iter()
        .filter(|a| a.alive && a.role == Role::Gunner && a.lane.priority.is_some())
    {
        let ev = &a.lane;
        let col = if ev.has_lane {
            CLEAR
        } else if ev.lane_intent {
            INTENT
        } else if ev.target_blocked_by_ally {
            BY_ALLY
        } else if ev.target_blocked_by_wall {
            BY_WALL
        } else {
            BY_WALL.with_alpha(90)
        };
        let from = iso.project(ev.muzzle, 0.5);
        let to = iso.project(ev.aim, 0.5);
        draw_line(fb, from, to, 1.5, LineCap::Round, col);
        fill_circle(fb, to, 3.0, Paint::alpha(col));
    }
    // Solver candidates of the last solve, coloured by score (grey = rejected).
    for (i, cands) in w.solver_debug().iter().enumerate() {
        if !w.agents().get(i).is_some_and(|a| a.alive) || cands.is_empty() {
            continue;
        }
        let ok = cands.iter().filter(|c| c.rejected.is_none());
        let lo = ok.clone().map(|c| c.score).fold(f32::INFINITY, f32::min);
        let hi = ok.map(|c| c.score).fold(f32::NEG_INFINITY, f32::max);
        for c in cands {
            let s = iso.project(c.pos, Z);
            let col = match c.rejected {
                Some(_) => Rgba::new(120, 120, 120, 120),
                None => score_color(c.score, lo, hi).with_alpha(210),
            };
            fill_circle(fb, s, 2.2, Paint::alpha(col));
        }
    }
    // Posts and slots.
    for a in w.agents().iter().filter(|a| a.alive) {
        let p = iso.project(a.post_pos, Z);
        draw_line(
            fb,
            [p[0] - 4.0, p[1] - 2.0],
            [p[0] + 4.0, p[1] + 2.0],
            1.5,
            LineCap::Butt,
            POST,
        );
        draw_line(
            fb,
            [p[0] - 4.0, p[1] + 2.0],
            [p[0] + 4.0, p[1] - 2.0],
            1.5,
            LineCap::Butt,
            POST,
        );
        if let Some(&slot) = w.slots().get(a.slot) {
            let s = iso.project(slot, Z);
            stroke_ellipse(fb, s, [5.0, 2.5], 1.2, SLOT);
        }
        draw_path(fb, iso, a, lerp_pos(a.prev_pos, a.pos, alpha), 1.0);
    }
    // The leash: anchor to squad centre, and the free / hard radii.
    let anchor = lerp_pos(w.anchor().prev_pos, w.anchor().pos, alpha);
    let centre = w.squad_centre();
    draw_line(
        fb,
        iso.project(anchor, Z),
        iso.project(centre, Z),
        1.0,
        LineCap::Round,
        Rgba::new(80, 230, 210, 160),
    );
    for (r, a) in [
        (w.tuning().anchor.leash, 60u8),
        (w.tuning().anchor.leash_max, 100u8),
    ] {
        let c = iso.project(centre, Z);
        stroke_ellipse(
            fb,
            c,
            [
                r * TILE_W * 0.5 * std::f32::consts::SQRT_2,
                r * TILE_W * 0.25 * std::f32::consts::SQRT_2,
            ],
            1.0,
            Rgba::new(80, 230, 210, a),
        );
    }
    if let Some(id) = w.assigned() {
        if let Some(e) = w.enemy(id) {
            let c = iso.project(lerp_pos(e.prev_pos, e.pos, alpha), 0.4);
            stroke_circle(fb, c, 14.0, 2.0, Rgba::rgb(255, 80, 80));
        }
    }
    // The panel is text on the screen: drawn at the frame's UI scale (1.5 at 1080p, 2 at
    // 1440p, 3 at 2160p), as the HUD.
    let scene_scale = fb.scale();
    fb.set_scale(crate::screens::ui_scale(fb.width, fb.height));
    draw_panel(fb, w, timings, horror);
    fb.set_scale(scene_scale);
}

fn draw_panel(fb: &mut Framebuffer, w: &World, timings: &Timings, horror: Option<&Readout>) {
    let state = match w.state() {
        SquadState::Advancing => "ADVANCING",
        SquadState::Holding => "HOLDING",
    };
    let manual = match w.manual() {
        ManualAim::Off => "auto".to_string(),
        ManualAim::Target(id) => format!("manual e{id}"),
        ManualAim::Direction(_) => format!(
            "manual aim -> {}",
            w.assigned().map_or("-".into(), |id| format!("e{id}"))
        ),
    };
    let mut lines = vec![
        format!(
            "{state}  {}  {}{}",
            w.formation().name(),
            manual,
            if w.sprinting() {
                "  SPRINT (no fire)"
            } else {
                ""
            }
        ),
        format!(
            "urgency {:.2}  leash {:.2}  (free {:.1}, max {:.1})",
            w.anchor().urgency,
            w.anchor().leash_dist,
            w.tuning().anchor.leash,
            w.tuning().anchor.leash_max
        ),
        format!("FRIENDLY_HITS = {}", w.stats().friendly_hits),
        format!(
            "shots {}  withheld {}  kills {}  commits {}",
            w.stats().shots_fired,
            w.stats().shots_withheld_intercept,
            w.stats().kills,
            w.stats().commits
        ),
        format!(
            "tick {}  ({:.1} s)  standing {}/{}",
            w.tick(),
            w.tick() as f32 / 60.0,
            w.standing_agents(),
            w.agents().len()
        ),
        format!(
            "frame {:.2} ms  tick {:.3} ms  {:.0} fps",
            timings.frame_ms, timings.tick_ms, timings.fps
        ),
    ];
    lines.extend(director_lines(w));
    if let Some(h) = horror {
        // H7 and the horror layer's stage times (P4).
        lines.push(format!(
            "tension {:.2} -> {:.2}  heart {:.0} bpm  lights {}",
            h.tension, h.target, h.bpm, h.lights_drawn
        ));
        if let Some(s) = &timings.stages {
            lines.push(format!(
                "scene {:.2}  light {:.2}  fog {:.2}  post {:.2}  glow {:.2}  parts {:.2} ms",
                s.scene_ms, s.light_ms, s.fog_ms, s.post_ms, s.glow_ms, s.particles_ms
            ));
        }
        lines.push(format!(
            "tiles live {}  remembered {}  blood {} + {} decals  fx {}  dust {}",
            h.live_tiles, h.remembered_tiles, h.particles, h.decals, h.fx, h.motes
        ));
    }
    let x = 10;
    let mut y = 10;
    let h = 16 * lines.len() as i32 + 8;
    // The log's lines fit between the stats block and its bottom edge (all eight on a
    // 720-line frame, fewer on a small one).
    let room = ((fb.logical_size().1 as i32) - LOG_BOTTOM - (y + h + 8)) / 16;
    let log_lines = room.clamp(0, LOG_LINES) as usize;
    fb.fill_rect(x - 6, y - 6, 460, h, Paint::alpha(pal::PANEL));
    for (i, l) in lines.iter().enumerate() {
        let col = if i == 2 && w.stats().friendly_hits > 0 {
            Rgba::rgb(255, 80, 80)
        } else {
            pal::TEXT
        };
        draw_text(fb, x, y, l, col, 1);
        y += 16;
    }
    // Event log tail.
    let tail: Vec<String> = w
        .log()
        .entries
        .iter()
        .rev()
        .filter(|e| {
            !matches!(
                e.kind,
                EventKind::Shot { .. }
                    | EventKind::EnemyHit { .. }
                    | EventKind::BulletHitWall { .. }
            )
        })
        .take(log_lines)
        .map(describe)
        .collect();
    if !tail.is_empty() {
        let lx = 10;
        // Above the message band the app draws at the bottom (up to three lines).
        let ly = (fb.logical_size().1 as i32) - LOG_BOTTOM - 16 * tail.len() as i32;
        fb.fill_rect(
            lx - 6,
            ly - 6,
            380,
            16 * tail.len() as i32 + 8,
            Paint::alpha(pal::PANEL),
        );
        for (i, l) in tail.iter().rev().enumerate() {
            draw_text(fb, lx, ly + 16 * i as i32, l, pal::TEXT_DIM, 1);
        }
    }
    // Legend.
    let legend = [
        ("clear", CLEAR),
        ("intent", INTENT),
        ("ally", BY_ALLY),
        ("wall", BY_WALL),
    ];
    let mut lx = (fb.logical_size().0 as i32) - 300;
    let ly = 14;
    for (name, col) in legend {
        fb.fill_rect(lx, ly + 2, 10, 4, Paint::opaque(col.with_alpha(255)));
        lx += 14 + draw_text(fb, lx + 14, ly, name, pal::TEXT_DIM, 1) + 12;
    }
}

/// The director and the difficulty (T3, T4): `difficulty normal  director off`, or with
/// the director on its level and phase, then its intensity and what it did.
pub fn director_lines(w: &World) -> Vec<String> {
    let d = w.director();
    let difficulty = w.difficulty().name();
    match d.level {
        None => vec![format!("difficulty {difficulty}  director off")],
        Some(level) => vec![
            format!(
                "difficulty {difficulty}  director {}  {}",
                level.name(),
                d.phase.name()
            ),
            format!(
                "intensity {:.2}  (spawned {}, peaks {})  {:.1} s in phase",
                d.intensity,
                d.spawned,
                d.peaks,
                d.phase_ticks as f32 / 60.0
            ),
        ],
    }
}

/// The squad's beams as the simulation tests them this tick (`World::beams`, T2): each
/// cone's edges and its arc at the range, faint, under the rest of the overlay; and the
/// stalkers they hold ringed in amber (`LIT`), those backing off from the light ringed
/// thin.
fn draw_beams(fb: &mut Framebuffer, w: &World, iso: &Iso, alpha: f32) {
    const ARC: usize = 12;
    for b in w.beams() {
        let o = iso.project(b.origin, Z);
        let dir = |t: f32| {
            // The axis turned by t × the half-angle (t in -1..=1), from its cos and sin.
            let h = Vec2::from_angle(t * b.sin_half.atan2(b.cos_half));
            Vec2::new(
                b.axis.x * h.x - b.axis.y * h.y,
                b.axis.y * h.x + b.axis.x * h.y,
            )
        };
        let at = |t: f32| iso.project(b.origin + dir(t) * b.range, Z);
        for t in [-1.0, 1.0] {
            draw_line(fb, o, at(t), 1.0, LineCap::Round, BEAM);
        }
        for i in 0..ARC {
            let t0 = -1.0 + 2.0 * i as f32 / ARC as f32;
            let t1 = -1.0 + 2.0 * (i + 1) as f32 / ARC as f32;
            draw_line(fb, at(t0), at(t1), 1.0, LineCap::Round, BEAM);
        }
    }
    for e in w
        .enemies()
        .iter()
        .filter(|e| e.alive && e.kind == EnemyKind::Stalker)
    {
        let c = iso.project(lerp_pos(e.prev_pos, e.pos, alpha), 0.3);
        if e.lit {
            stroke_circle(fb, c, 13.0, 2.0, pal::STALKER_EYES.with_alpha(230));
            draw_text(
                fb,
                c[0] as i32 + 15,
                c[1] as i32 - 12,
                "LIT",
                pal::STALKER_EYES,
                1,
            );
        } else if e.shy > 0 {
            stroke_circle(fb, c, 13.0, 1.0, pal::STALKER_EYES.with_alpha(120));
        }
    }
}

/// The horde's flow field (F2): an arrow per visible floor tile toward the squad, and
/// every agent's planned path.
pub fn draw_flow(fb: &mut Framebuffer, w: &World, iso: &Iso) {
    let (x0, y0, x1, y1) =
        crate::scene::visible_tiles(iso, fb.logical_size(), w.map().width(), w.map().height());
    for y in y0..=y1 {
        for x in x0..=x1 {
            if w.map().grid.is_wall(x, y) {
                continue;
            }
            let c = sim::read::Grid::tile_center(x, y);
            let d = w.flow().direction_at(c);
            if d == Vec2::ZERO {
                continue;
            }
            let a = iso.project(c - d * 0.3, Z);
            let b = iso.project(c + d * 0.3, Z);
            draw_line(fb, a, b, 1.2, LineCap::Round, Rgba::new(120, 170, 255, 150));
            fill_circle(fb, b, 1.8, Paint::alpha(Rgba::new(160, 200, 255, 190)));
        }
    }
    for a in w.agents().iter().filter(|a| a.alive) {
        draw_path(fb, iso, a, a.pos, 2.0);
    }
}

/// An agent's planned path (the waypoints still ahead of it).
fn draw_path(fb: &mut Framebuffer, iso: &Iso, a: &sim::read::Agent, from: Vec2, width: f32) {
    let mut prev = from;
    for &wp in a.follow.path.get(a.follow.cursor..).unwrap_or(&[]) {
        draw_line(
            fb,
            iso.project(prev, Z),
            iso.project(wp, Z),
            width,
            LineCap::Round,
            Rgba::new(200, 120, 255, 200),
        );
        prev = wp;
    }
}
