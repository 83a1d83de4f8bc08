//! The screens' scale (REQ §24): laid out in the units of the 1280×720 design frame,
//! drawn at a fractional scale of the frame (quarter steps: 1.5 at 1920×1080), the
//! text rasterised at that size, centred; and the way back from a frame pixel (a
//! click) to those units.

use raster::Framebuffer;

/// The design frame's size the screens are laid out for.
pub const DESIGN_W: i32 = 1280;
pub const DESIGN_H: i32 = 720;

/// Steps of the UI scale per whole factor: quarters (1, 1.25, 1.5 …), so a window
/// being resized asks for a handful of text sizes, not one per pixel.
const STEPS: f32 = 4.0;

/// The scale of the screens, the HUD and the F1 panel on a `width × height` frame:
/// how many times the design frame fits, in quarter steps, down (1 at 1280×720, 1.5 at
/// 1920×1080, 2 at 2560×1440, 3 at 3840×2160; never below 1). A frame between steps
/// shows them with more room round them.
pub fn ui_scale(width: usize, height: usize) -> f32 {
    let fit = (width as f32 / DESIGN_W as f32).min(height as f32 / DESIGN_H as f32);
    ((fit * STEPS).floor() / STEPS).max(1.0)
}

/// The frame's size in its drawing units (device pixels over [`Framebuffer::scale`]):
/// what the screens lay out in, drawn at [`ui_scale`].
pub fn ui_size(fb: &Framebuffer) -> (usize, usize) {
    let (w, h) = fb.logical_size();
    (w.round() as usize, h.round() as usize)
}

/// A `width × height` frame's size in units at its [`ui_scale`] (rounded).
pub fn ui_units(width: usize, height: usize) -> (usize, usize) {
    let u = ui_scale(width, height);
    (
        (width as f32 / u).round() as usize,
        (height as f32 / u).round() as usize,
    )
}

/// The frames the screens' layouts are checked on (REQ §24): 720p, 1080p (UI scale
/// 1.5), 1440p and 2160p.
pub const TEST_SIZES: [(usize, usize); 4] = [(1280, 720), (1920, 1080), (2560, 1440), (3840, 2160)];

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
    let u = ui_scale(size.0, size.1) as f64;
    let (lw, lh) = ui_units(size.0.min(1 << 20), size.1.min(1 << 20));
    let (k, ox, oy) = design_fit(lw as i32, lh as i32);
    let unit = |v: i32| (v as f64 / u).floor() as i32;
    ((unit(x) - ox).div_euclid(k), (unit(y) - oy).div_euclid(k))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scale_is_the_design_frames_that_fit_in_quarters() {
        assert_eq!(ui_scale(1280, 720), 1.0);
        assert_eq!(ui_scale(1920, 1080), 1.5);
        assert_eq!(ui_scale(1600, 900), 1.25);
        assert_eq!(ui_scale(1366, 768), 1.0);
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
        // 1080p: scale 1.5, the design box fills the frame.
        assert_eq!(design_point((1920, 1080), 0, 0), (0, 0));
        assert_eq!(design_point((1920, 1080), 1, 1), (0, 0));
        assert_eq!(design_point((1920, 1080), 3, 3), (2, 2));
        assert_eq!(design_point((1920, 1080), 1919, 1079), (1279, 719));
        // A 1920×1200 frame: scale 1.5, the box centred (60 units down).
        assert_eq!(design_point((1920, 1200), 0, 60), (0, 0));
        // 2160p: scale 3, the box fills the frame.
        assert_eq!(design_point((3840, 2160), 3, 5), (1, 1));
        assert_eq!(design_point((3840, 2160), 3839, 2159), (1279, 719));
        // Left of the box is left of 0, however far.
        assert!(design_point((1920, 1200), 0, 0).1 < 0);
        assert!(design_point((1920, 1080), -5, 0).0 < 0);
    }
}
