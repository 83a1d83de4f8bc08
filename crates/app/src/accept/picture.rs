//! The picture of a failing generated map (`--accept --generated`): the map from above,
//! tile by tile, with its spawns and lamps, every agent's path over the run in its role's
//! colour (blades orange, gunners blue, the anchor white), where each agent fell, and a
//! red ring with the criterion's id where a failing row says its worst moment was. A
//! legend at the top lists the failing rows.

use raster::{draw_line, draw_text, fill_circle, stroke_circle, Framebuffer, LineCap, Rgba};
use sim::Vec2;

use super::criterion::Outcome;
use super::record::Recording;

const FLOOR: Rgba = Rgba::rgb(58, 58, 64);
const WALL: Rgba = Rgba::rgb(16, 16, 20);
const SPAWN: Rgba = Rgba::rgb(200, 40, 40);
const LAMP: Rgba = Rgba::rgb(240, 210, 90);
const BLADE: Rgba = Rgba::rgb(255, 150, 60);
const GUNNER: Rgba = Rgba::rgb(90, 160, 255);
const ANCHOR: Rgba = Rgba::rgb(235, 235, 235);
const MARK: Rgba = Rgba::rgb(255, 40, 40);
/// Rows above the map for the legend.
const LEGEND: i32 = 40;

/// Pixels per tile: the map fills about 1280 pixels across, 6–16 per tile.
pub fn tile_px(width: i32) -> i32 {
    (1280 / width.max(1)).clamp(6, 16)
}

/// Draws recording `r` with the `failed` rows (id and outcome) marked.
pub fn draw(r: &Recording, failed: &[(&str, &Outcome)]) -> Framebuffer {
    let grid = &r.map.grid;
    let (w, h) = (r.map.width(), r.map.height());
    let px = tile_px(w);
    let mut fb = Framebuffer::new((w * px) as usize, (h * px + LEGEND) as usize);
    fb.clear(Rgba::BLACK);
    let at = |p: Vec2| [p.x * px as f32, p.y * px as f32 + LEGEND as f32];
    for ty in 0..h {
        for tx in 0..w {
            let c = if grid.is_wall(tx, ty) { WALL } else { FLOOR };
            fb.fill_rect(tx * px, ty * px + LEGEND, px, px, c);
        }
    }
    for &s in &r.map.enemy_spawns {
        fill_circle(&mut fb, at(s), px as f32 * 0.45, SPAWN);
    }
    for &l in &r.map.lamps {
        fill_circle(&mut fb, at(l), px as f32 * 0.3, LAMP);
    }
    // Paths, sampled every 6 ticks (0.1 s).
    let step = 6;
    let frames: Vec<_> = r.frames.iter().step_by(step).collect();
    for pair in frames.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        draw_line(
            &mut fb,
            at(a.anchor),
            at(b.anchor),
            2.0,
            LineCap::Round,
            ANCHOR,
        );
        for (p, q) in a.agents.iter().zip(&b.agents) {
            if !p.alive {
                continue;
            }
            let c = if p.is_blade() { BLADE } else { GUNNER };
            draw_line(&mut fb, at(p.pos), at(q.pos), 1.5, LineCap::Round, c);
        }
    }
    // Where each agent fell: a cross.
    for pair in r.frames.windows(2) {
        for (p, q) in pair[0].agents.iter().zip(&pair[1].agents) {
            if p.alive && !q.alive {
                let [x, y] = at(q.pos);
                let d = px as f32 * 0.6;
                draw_line(
                    &mut fb,
                    [x - d, y - d],
                    [x + d, y + d],
                    2.0,
                    LineCap::Butt,
                    MARK,
                );
                draw_line(
                    &mut fb,
                    [x - d, y + d],
                    [x + d, y - d],
                    2.0,
                    LineCap::Butt,
                    MARK,
                );
            }
        }
    }
    let mut legend = format!("{}: ", r.name);
    for (id, o) in failed {
        legend += &format!("{id} FAIL  ");
        if let Some((_, p)) = o.at {
            let c = at(p);
            stroke_circle(&mut fb, c, px as f32 * 1.5, 3.0, MARK);
            draw_text(&mut fb, c[0] as i32 + px * 2, c[1] as i32 - px, id, MARK, 2);
        }
    }
    draw_text(&mut fb, 8, 4, &legend, Rgba::WHITE, 2);
    let first = failed
        .first()
        .map(|(id, o)| format!("{id}: {}", o.measured));
    if let Some(t) = first {
        let fit = raster::clip_end(&t, fb.width as i32 - 16, 1);
        draw_text(&mut fb, 8, 24, &fit, MARK, 1);
    }
    fb
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accept::testkit::*;

    /// The marked failure is drawn red where the outcome says, the paths in their colours.
    #[test]
    fn a_failure_is_ringed_where_it_happened_and_paths_are_drawn() {
        let r = embedded("combat_route");
        let p = r.frames[600].agents[0].pos;
        let o = Outcome::fail("x").with_at(600, p);
        let fb = draw(r, &[("A5", &o)]);
        let px = tile_px(r.map.width()) as f32;
        let ring = [p.x * px + px * 1.5, p.y * px + LEGEND as f32];
        let pixel = |x: f32, y: f32| fb.get_rgba(x as i32, y as i32);
        assert_eq!(pixel(ring[0], ring[1]), Some(MARK), "the ring's right edge");
        let (w, h) = (fb.width as i32, fb.height as i32);
        let blue = (0..w)
            .flat_map(|x| (0..h).map(move |y| (x, y)))
            .filter(|&(x, y)| fb.get_rgba(x, y) == Some(GUNNER))
            .count();
        assert!(blue > 100, "gunner paths: {blue} pixels");
    }
}
