//! Where the HUD's parts go on a frame ([`layout`]): in drawing units at the frame's
//! UI scale ([`view::screens::ui_scale`]: 1.5 at 1920×1080), out of the F1 overlay's
//! text boxes and above the message band.

use super::feed::NOTICES;

/// Lines of a message shown at once (the overlay and the HUD keep above them).
pub const MESSAGE_LINES: usize = 3;
/// At most this many objectives are shown at once (the active ones).
pub const OBJECTIVE_LINES: usize = 2;

/// A box on the frame: `x, y, w, h`.
pub type Rect = (i32, i32, i32, i32);

/// An agent's card, in the layout's units (times its scale): its size, and where its
/// three lines go from its top — the name and health, the health bar, a gunner's rounds
/// (or its reload's word) with the reload's bar under them.
pub const CARD_W: i32 = 70;
pub const CARD_H: i32 = 46;
pub const CARD_NAME_Y: i32 = 5;
pub const CARD_BAR_Y: i32 = 17;
pub const CARD_BAR_H: i32 = 7;
pub const CARD_AMMO_Y: i32 = 28;
pub const CARD_RELOAD_Y: i32 = 39;
pub const CARD_RELOAD_H: i32 = 3;
/// The supply line's height (one line of text).
pub const SUPPLY_H: i32 = 14;
// The card's lines fit inside it, one under the other.
const _: () = assert!(
    CARD_NAME_Y + raster::GLYPH_HEIGHT <= CARD_BAR_Y && CARD_BAR_Y + CARD_BAR_H <= CARD_AMMO_Y
);
const _: () = assert!(
    CARD_AMMO_Y + raster::GLYPH_HEIGHT <= CARD_RELOAD_Y && CARD_RELOAD_Y + CARD_RELOAD_H < CARD_H
);

/// Where the HUD's parts go on a `width × height` frame for `agents` agents, in
/// drawing units at the UI scale `ui`.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// Frame pixels per drawing unit (the frame's UI scale).
    pub ui: f32,
    /// Whole factor of text and boxes in drawing units (1 unless the frame holds the
    /// design frame twice over at its UI scale, as the screens' `k`).
    pub scale: i32,
    /// The time and kills line, top centre.
    pub top: Rect,
    /// The REPLAY tag right of it (while a replay is watched).
    pub replay: Rect,
    /// The notices under it.
    pub notices: Rect,
    /// The mission's objectives under the notices (C1), a line each.
    pub objectives: Rect,
    /// One card per agent, bottom centre, above the message band.
    pub cards: Vec<Rect>,
    /// The formation, aim and leash box beside the cards.
    pub side: Rect,
    /// The squad's supplies over the cards and the side box (REQ K1, K3–K5): the pool,
    /// each tool's key and charges, the medkit at work.
    pub supply: Rect,
    /// The message band over the supplies (its most lines, [`MESSAGE_LINES`]); a message
    /// of fewer lines takes its bottom.
    pub message: Rect,
}

impl Layout {
    /// The top of the HUD's bottom block (the supply line, the cards, the side box): the
    /// markers' arrows keep above it.
    pub fn hud_floor(&self) -> i32 {
        self.cards
            .iter()
            .chain([&self.side, &self.supply])
            .map(|r| r.1)
            .min()
            .unwrap_or(i32::MAX)
    }

    /// `r` (in drawing units) in frame pixels: each edge at `round(u · ui)`, as the
    /// rasterizer places rects.
    pub fn px(&self, r: Rect) -> Rect {
        let p = |v: i32| (v as f32 * self.ui).round() as i32;
        (p(r.0), p(r.1), p(r.0 + r.2) - p(r.0), p(r.1 + r.3) - p(r.1))
    }
}

/// Where the message band sits left: right of the F1 overlay's log box (x < 390).
pub const MESSAGE_X: i32 = 396;
/// The band's height for `lines` lines of a message.
pub const fn message_h(lines: i32) -> i32 {
    16 * lines + 20
}

/// The HUD's boxes (see [`Layout`]) on a `width × height` frame (pixels): out of the F1
/// overlay's text boxes ([`view::overlay::text_regions`]); the cards along the bottom
/// edge (a playtest found the HUD covering the bottom of the play area over an empty
/// band kept for messages), a message's band over them.
pub fn layout(width: i32, height: i32, agents: usize) -> Layout {
    let (fw, fh) = (width.max(0) as usize, height.max(0) as usize);
    let ui = view::screens::ui_scale(fw, fh);
    let (width, height) = view::screens::ui_units(fw, fh);
    let (width, height) = (width as i32, height as i32);
    let s = view::screens::ui::design_fit(width, height).0;
    let top_w = 380 * s;
    // Centred, but right of the overlay's stats block (x < 464).
    let tx = ((width - top_w) / 2).max(470 * s);
    let top = (tx, 6 * s, top_w, 22 * s);
    // The tag needs `REPLAY x4` at scale 2 (108 units) and keeps left of the overlay's
    // legend (x ≥ width − 306).
    let replay = (top.0 + top.2 + 6 * s, top.1, 112 * s, top.3);
    // Notices and objectives are wider than the time line: a trigger's sentence fits.
    let wide_w = 560 * s;
    let wx = ((width - wide_w) / 2).max(470 * s);
    let notices = (wx, top.1 + top.3 + 4 * s, wide_w, 14 * s * NOTICES as i32);
    let objectives = (
        wx,
        notices.1 + notices.3 + 4 * s,
        wide_w,
        (14 * OBJECTIVE_LINES as i32 + 6) * s,
    );
    let (card_w, card_h, gap) = (CARD_W * s, CARD_H * s, 6 * s);
    let side_w = 150 * s;
    let total = agents as i32 * (card_w + gap) + side_w;
    // Right of the overlay's log box (x < 390), centred where the frame allows.
    let x0 = ((width - total) / 2).max(400 * s);
    let y = height - 6 * s - card_h;
    let cards = (0..agents as i32)
        .map(|i| (x0 + i * (card_w + gap), y, card_w, card_h))
        .collect();
    let side = (x0 + agents as i32 * (card_w + gap), y, side_w, card_h);
    let supply = (x0, y - 4 * s - SUPPLY_H * s, total, SUPPLY_H * s);
    let band = message_h(MESSAGE_LINES as i32);
    let mx = MESSAGE_X * s;
    let message = (mx, supply.1 - 4 * s - band, width - mx, band);
    Layout {
        ui,
        scale: s,
        top,
        replay,
        notices,
        objectives,
        cards,
        side,
        supply,
        message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn overlap(a: Rect, b: Rect) -> bool {
        a.0 < b.0 + b.2 && b.0 < a.0 + a.2 && a.1 < b.1 + b.3 && b.1 < a.1 + a.3
    }

    #[test]
    fn the_hud_keeps_out_of_the_overlay_and_the_message_band_and_inside_the_frame() {
        for (fw, fh) in [(1280, 720), (1920, 1080), (2560, 1440), (3840, 2160)] {
            let l = layout(fw, fh, 5);
            let (w, h) = view::screens::ui_units(fw as usize, fh as usize);
            let (w, h) = (w as i32, h as i32);
            let band = l.message;
            // The cards sit on the bottom edge: no empty band under them.
            assert_eq!(l.cards[0].1 + l.cards[0].3, h - 6, "at {w}x{h}");
            assert!(
                band.0 >= 0 && band.0 + band.2 <= w && band.1 >= 0,
                "{band:?}"
            );
            let mut boxes = vec![
                ("top", l.top),
                ("replay", l.replay),
                ("notices", l.notices),
                ("objectives", l.objectives),
                ("side", l.side),
                ("supply", l.supply),
            ];
            boxes.extend(l.cards.iter().map(|c| ("card", *c)));
            for (name, r) in &boxes {
                assert!(
                    r.0 >= 0 && r.1 >= 0 && r.0 + r.2 <= w && r.1 + r.3 <= h,
                    "{name} {r:?} off {w}x{h}"
                );
                assert!(
                    !overlap(*r, band),
                    "{name} {r:?} under the message band at {w}x{h}"
                );
                for o in view::overlay::text_regions(w, h) {
                    assert!(
                        !overlap(*r, o),
                        "{name} {r:?} over the overlay's {o:?} at {w}x{h}"
                    );
                }
                for (other, q) in &boxes {
                    assert!(
                        std::ptr::eq(r, q) || !overlap(*r, *q),
                        "{name} over {other} at {w}x{h}"
                    );
                }
            }
            assert_eq!(l.ui, fh as f32 / 720.0, "the frame's UI scale");
            assert_eq!(l.scale, 1, "one design frame in units");
        }
        // The message band keeps right of the overlay's log.
        let log = view::overlay::text_regions(1280, 720)[1];
        assert!(!overlap(log, layout(1280, 720, 5).message));
    }
}
