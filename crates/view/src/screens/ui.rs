//! The screens' scale (REQ §24): laid out in the units of the 1280×720 design frame
//! (REQ §24), drawn at a whole-step scale of the frame so their font stays on whole pixels,
//! centred; and the way back from a frame pixel (a click) to those units.

use raster::Framebuffer;

/// The design frame's size the screens are laid out for.
pub const DESIGN_W: i32 = 1280;
pub const DESIGN_H: i32 = 720;

/// The whole-step scale of the screens, the HUD and the F1 panel on a `width × height`
/// frame: the most whole copies of the design frame that fit (1 below 2560×1440, 2 from
/// it, 3 at 3840×2160; never below 1). A frame between steps shows them with more room
/// round them.
pub fn ui_scale(width: usize, height: usize) -> f32 {
    (width / DESIGN_W as usize)
        .min(height / DESIGN_H as usize)
        .max(1) as f32
}

/// The frame's size in its drawing units (device pixels over [`Framebuffer::scale`]):
/// what the screens lay out in, drawn at [`ui_scale`].
pub fn ui_size(fb: &Framebuffer) -> (usize, usize) {
    let (w, h) = fb.logical_size();
    (w.round() as usize, h.round() as usize)
}

/// How the design box sits on a `w × h` frame of drawing units: units per design
/// unit (whole, at least 1) and the box's top-left corner (centred).
pub fn design_fit(w: i32, h: i32) -> (i32, i32, i32) {
    let k = (w / DESIGN_W).min(h / DESIGN_H).max(1);
    (k, (w - DESIGN_W * k) / 2, (h - DESIGN_H * k) / 2)
}

/// Frame pixel `(x, y)` of a `size` frame to the design units the screens are laid out
/// in (drawn at [`ui_scale`] and centred): what a mouse click is tested against. Off
/// the design box it gives units outside `0..1280 × 0..720`.
pub fn design_point(size: (usize, usize), x: i32, y: i32) -> (i32, i32) {
    let u = ui_scale(size.0, size.1) as i32;
    let lw = (size.0 as i32 / u).min(1 << 20);
    let lh = (size.1 as i32 / u).min(1 << 20);
    let (k, ox, oy) = design_fit(lw, lh);
    (
        (x.div_euclid(u) - ox).div_euclid(k),
        (y.div_euclid(u) - oy).div_euclid(k),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scale_is_the_whole_design_frames_that_fit() {
        assert_eq!(ui_scale(1280, 720), 1.0);
        assert_eq!(ui_scale(1920, 1080), 1.0);
        assert_eq!(ui_scale(2560, 1440), 2.0);
        assert_eq!(ui_scale(3840, 2160), 3.0);
        assert_eq!(ui_scale(640, 360), 1.0, "never below 1");
        assert_eq!(
            ui_scale(1280, 2160),
            1.0,
            "a tall frame: as wide as one design frame"
        );
    }

    #[test]
    fn a_click_maps_to_the_design_unit_drawn_under_it() {
        // The design frame itself: identity.
        assert_eq!(design_point((1280, 720), 100, 200), (100, 200));
        // 1080p: scale 1, the design box centred (320, 180).
        assert_eq!(design_point((1920, 1080), 320, 180), (0, 0));
        assert_eq!(design_point((1920, 1080), 1599, 899), (1279, 719));
        // 2160p: scale 3, the box fills the frame.
        assert_eq!(design_point((3840, 2160), 3, 5), (1, 1));
        assert_eq!(design_point((3840, 2160), 3839, 2159), (1279, 719));
        // Left of the box is left of 0, however far.
        assert!(design_point((1920, 1080), 0, 0).0 < 0);
        assert!(design_point((1920, 1080), -5, 0).0 < 0);
    }
}
