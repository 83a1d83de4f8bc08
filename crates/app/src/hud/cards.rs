//! The agents' cards along the bottom (REQ §20, K1): each agent's name and health (the
//! fallen crossed out), and a gunner's rounds — in its magazine out of the magazine's
//! size, with a bar filling while it reloads, `EMPTY` when its magazine is, and
//! `NO AMMO` when the pool is too; the medkit's patient's card ringed in green.

use raster::{draw_line, draw_text, Framebuffer, LineCap, Paint, Rgba};
use sim::read::{Agent, Role, World};

use super::feed::agent_name;
use super::layout::{
    Rect, CARD_AMMO_Y, CARD_BAR_H, CARD_BAR_Y, CARD_NAME_Y, CARD_RELOAD_H, CARD_RELOAD_Y,
};
use super::paint::{backing, BLADE, DIM, GOOD, GUNNER, INK, LOW, WARN};

/// A gunner's rounds as its card words them, and in what colour: `reload` while it
/// reloads, `NO AMMO` empty with the pool empty, `EMPTY` empty, else `rounds/magazine`
/// (at or under the reload mark in amber). `None` for a blade.
pub fn ammo_words(a: &Agent, w: &World) -> Option<(String, Rgba)> {
    if !a.is_gunner() {
        return None;
    }
    let t = &w.tuning().ammo;
    Some(if a.reloading() {
        ("reload".into(), LOW)
    } else if a.mag == 0 && w.ammo_pool() == Some(0) {
        ("NO AMMO".into(), WARN)
    } else if a.mag == 0 {
        ("EMPTY".into(), WARN)
    } else {
        let c = if a.mag <= t.low { LOW } else { INK };
        (format!("{}/{}", a.mag, t.magazine), c)
    })
}

/// How far `a`'s reload has got, 0 to 1 (`None`: not reloading).
pub fn reload_done(a: &Agent, w: &World) -> Option<f32> {
    let total = w.ticks().reload_time.max(1);
    a.reloading()
        .then(|| 1.0 - (a.reload.min(total) as f32 / total as f32))
}

/// Draws every agent's card into its box.
pub fn draw_cards(fb: &mut Framebuffer, w: &World, cards: &[Rect], s: i32) {
    let agents = w.agents();
    let full = w.tuning().squad.agent_health.max(1.0);
    let patient = w.tools().heal.as_ref().map(|h| h.agent);
    for (i, (a, r)) in agents.iter().zip(cards).enumerate() {
        backing(fb, *r);
        let role = if a.role == Role::Blade { BLADE } else { GUNNER };
        let name = agent_name(agents, i);
        let short = format!("{}{}", &name[..1], name.rsplit(' ').next().unwrap_or(""));
        let colour = if a.alive { role } else { DIM };
        draw_text(
            fb,
            r.0 + 5 * s,
            r.1 + CARD_NAME_Y * s,
            &short,
            colour,
            s as u32,
        );
        let (bx, by, bw, bh) = (
            r.0 + 5 * s,
            r.1 + CARD_BAR_Y * s,
            r.2 - 10 * s,
            CARD_BAR_H * s,
        );
        fb.fill_rect(bx, by, bw, bh, Paint::opaque(Rgba::rgb(40, 40, 40)));
        if !a.alive {
            crossed_out(fb, *r, s);
            continue;
        }
        let k = (a.health / full).clamp(0.0, 1.0);
        let c = WARN.lerp(GOOD, k);
        fb.fill_rect(bx, by, (bw as f32 * k).round() as i32, bh, Paint::opaque(c));
        let hp = format!("{}", a.health.ceil().max(0.0) as i32);
        let hw = raster::text_width(&hp, s as u32);
        draw_text(
            fb,
            r.0 + r.2 - 5 * s - hw,
            r.1 + CARD_NAME_Y * s,
            &hp,
            DIM,
            s as u32,
        );
        if let Some((words, c)) = ammo_words(a, w) {
            draw_text(fb, bx, r.1 + CARD_AMMO_Y * s, &words, c, s as u32);
        }
        if let Some(done) = reload_done(a, w) {
            let y = r.1 + CARD_RELOAD_Y * s;
            let h = CARD_RELOAD_H * s;
            fb.fill_rect(bx, y, bw, h, Paint::opaque(Rgba::rgb(50, 44, 30)));
            let filled = (bw as f32 * done).round() as i32;
            fb.fill_rect(bx, y, filled, h, Paint::opaque(LOW));
        }
        if patient == Some(a.id) {
            let g = Paint::opaque(GOOD);
            fb.fill_rect(r.0, r.1, r.2, s, g);
            fb.fill_rect(r.0, r.1 + r.3 - s, r.2, s, g);
            fb.fill_rect(r.0, r.1, s, r.3, g);
            fb.fill_rect(r.0 + r.2 - s, r.1, s, r.3, g);
        }
    }
}

/// A fallen agent's card: crossed out in red.
fn crossed_out(fb: &mut Framebuffer, r: Rect, s: i32) {
    let paint = Paint::opaque(WARN);
    let (x0, y0, x1, y1) = (
        r.0 as f32,
        r.1 as f32,
        (r.0 + r.2) as f32,
        (r.1 + r.3) as f32,
    );
    let w = 2.0 * s as f32;
    draw_line(
        fb,
        [x0 + 3.0, y0 + 3.0],
        [x1 - 3.0, y1 - 3.0],
        w,
        LineCap::Round,
        paint,
    );
    draw_line(
        fb,
        [x1 - 3.0, y0 + 3.0],
        [x0 + 3.0, y1 - 3.0],
        w,
        LineCap::Round,
        paint,
    );
}
