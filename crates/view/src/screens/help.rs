//! Help (`H` or `?` at any time): every control of SPEC §15, the shell's keys and the
//! F-keys, over a dimmed frame.

use raster::Framebuffer;

use super::layout::{Layout, Rect, DESIGN_H, DESIGN_W};
use super::style::{ACCENT, INK, INK_DIM};

/// The keys of play (SPEC §15 and the shell), as shown: key, what it does.
pub const PLAY_KEYS: &[(&str, &str)] = &[
    ("WASD / arrows", "move the disk; the squad follows"),
    ("Shift", "sprint (the squad runs, holds fire)"),
    ("1  2  3", "formation: wedge, line, ring"),
    ("Space", "manual aim on / off"),
    ("Left / Right", "turn the aim (in manual aim)"),
    ("Tab", "next target in the aim cone"),
    ("R", "restart the run"),
    ("P", "pause (no menu)"),
    ("Esc", "pause menu"),
    ("H or ?", "this help"),
    ("+ / - / wheel", "zoom in / out"),
    ("M", "sound off / on"),
    ("F11", "fullscreen on / off"),
];

/// The F-keys: tools for looking under the hood.
pub const TOOL_KEYS: &[(&str, &str)] = &[
    ("F1", "debug overlay (lanes, solver, log)"),
    ("F2", "flow field and paths"),
    ("F3", "horror layer on / off"),
    ("F5", "reload the tuning file"),
    ("F6 / F9", "quick save / load (saves/quick.sav)"),
    ("F12", "screenshot to shots/"),
];

const SCALE: u32 = 2;
const PITCH: i32 = 22;
const KEY_COL: i32 = 15 * 16;

/// Draws the help screen over the frame.
pub fn draw_help(fb: &mut Framebuffer) {
    layout(fb.width, fb.height).draw(fb);
}

/// Help on a `w`×`h` frame.
pub fn layout(fw: usize, fh: usize) -> Layout {
    let mut l = Layout::new(fw, fh);
    l.dim(170);
    let rows = PLAY_KEYS.len() + TOOL_KEYS.len();
    let h = 130 + 2 * (PITCH + 4 + 10) + rows as i32 * PITCH + 46;
    let w = 900;
    let (x, y) = ((DESIGN_W - w) / 2, ((DESIGN_H - h) / 2).max(0));
    let p = l.panel(Rect::new(x, y, w, h));
    l.centred(p, y + 22, "CONTROLS", ACCENT, 4);
    l.centred(
        p,
        y + 70,
        "You steer the disk. 3 gunners (blue) and 2 blades (orange)",
        INK_DIM,
        SCALE,
    );
    l.centred(
        p,
        y + 92,
        "follow and fight on their own, and never hit an ally.",
        INK_DIM,
        SCALE,
    );
    let mut row_y = y + 130;
    let left = x + 60;
    for (section, keys) in [("PLAY", PLAY_KEYS), ("TOOLS", TOOL_KEYS)] {
        l.text(p, left, row_y, section, ACCENT, SCALE);
        row_y += PITCH + 4;
        for (key, what) in keys {
            l.text(p, left + 16, row_y, key, INK, SCALE);
            l.text(p, left + 16 + KEY_COL, row_y, what, INK_DIM, SCALE);
            row_y += PITCH;
        }
        row_y += 10;
    }
    l.centred(p, y + h - 36, "H, ? or Esc closes", ACCENT, SCALE);
    l
}
