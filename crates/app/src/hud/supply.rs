//! The squad's supplies on the HUD (REQ K1, K3–K5): one line over the cards — the
//! ammunition pool (`POOL 189`, or `no end` for a scenario without one), each tool's key
//! and charges (`F flare 2  G grenade 1  E medkit 1`), and the medkit at work
//! (`Healing Gunner 3`) — and the throw's words beside its reticle (the tool, or why it
//! would be refused).

use raster::{draw_text, text_width, Framebuffer, Rgba};
use sim::read::{Tool, World};

use super::feed::agent_name;
use super::layout::Rect;
use super::paint::{backing, on_screen, HudView, DIM, GOOD, INK, KEY, WARN};
use crate::shell::prompts::KeyNames;

/// A line in pieces of colour.
pub type Pieces = Vec<(String, Rgba)>;

/// The supply line's pieces: the pool, the tools (their names left out when `short`),
/// the heal under way.
pub fn supply_pieces(w: &World, keys: &KeyNames, short: bool) -> Pieces {
    let mut out: Pieces = Vec::new();
    match w.ammo_pool() {
        Some(p) => {
            out.push(("POOL ".into(), DIM));
            out.push((p.to_string(), if p == 0 { WARN } else { INK }));
        }
        None => out.push(("POOL no end".into(), DIM)),
    }
    if w.tools().off {
        out.push(("   tools off".into(), DIM));
    } else {
        let k = w.kit();
        for (tool, n) in [
            (Tool::Flare, k.flares),
            (Tool::Grenade, k.grenades),
            (Tool::Medkit, k.medkits),
        ] {
            out.push(("   ".into(), DIM));
            out.push((keys.tool(tool).to_string(), KEY));
            if !short {
                out.push((format!(" {}", tool.name()), DIM));
            }
            out.push((format!(" {n}"), if n == 0 { DIM } else { INK }));
        }
    }
    if let Some(h) = &w.tools().heal {
        let name = agent_name(w.agents(), h.agent as usize);
        out.push((format!("   Healing {name}"), GOOD));
    }
    out
}

/// The pieces' text, run together.
pub fn pieces_text(p: &Pieces) -> String {
    p.iter().map(|(t, _)| t.as_str()).collect()
}

/// Draws the supply line into `r`: in full, or without the tools' names when that does
/// not fit.
pub fn draw_supply(fb: &mut Framebuffer, w: &World, v: &HudView, r: Rect, s: i32) {
    let mut pieces = supply_pieces(w, v.keys, false);
    if text_width(&pieces_text(&pieces), s as u32) > r.2 - 12 * s {
        pieces = supply_pieces(w, v.keys, true);
    }
    backing(fb, r);
    let mut x = r.0 + 6 * s;
    let y = r.1 + 3 * s;
    let right = r.0 + r.2 - 6 * s;
    for (text, c) in &pieces {
        let fits = raster::clip_end(text, right - x, s as u32);
        draw_text(fb, x, y, &fits, *c, s as u32);
        x += text_width(&fits, s as u32);
    }
}

/// The throw's words beside its reticle: the tool's name, or why it would be refused,
/// over the landing ring on screen (the ring's top, less a line).
pub fn draw_throw_words(fb: &mut Framebuffer, v: &HudView, s: i32) {
    let Some(r) = v.throw else {
        return;
    };
    let text = match &r.refused {
        Some(why) => why.clone(),
        None => r.tool.name().to_string(),
    };
    let k = view::zoom::scene_scale(fb.height, v.zoom) / fb.scale();
    let c = on_screen(fb, v, r.to);
    let (fw, fh) = super::paint::units(fb);
    let ry = r.ring_radii()[1] * k;
    let tw = text_width(&text, s as u32);
    let x = (c[0] as i32 - tw / 2).clamp(4 * s, fw as i32 - tw - 4 * s);
    let y = (c[1] - ry) as i32 - 14 * s;
    let y = y.clamp(4 * s, fh as i32 - 12 * s);
    fb.fill_rect(
        x - 3 * s,
        y - 3 * s,
        tw + 6 * s,
        14 * s,
        raster::Paint::alpha(Rgba::new(0, 0, 0, 160)),
    );
    draw_text(fb, x, y, &text, r.colour(), s as u32);
}
