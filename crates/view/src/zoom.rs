//! Camera zoom (mouse wheel, `+`/`-`): bounded and eased. Zoom is a drawing scale
//! ([`scene_scale`]): the scene is drawn at the frame's own size with every position and
//! size multiplied, so a zoomed frame is as sharp as any other and costs the same.

/// The zoom's rungs: a notch or a key press moves one rung. 1 is a rung, exactly, so
/// every way back lands on it and the frame is drawn directly again (a product of
/// 1.15-steps drifted to 0.99, and the scene was resampled for ever, at twice the
/// frame time, when zoom was a resampling). Out to 3/4 (a third more map, a 1.8× larger scene frame), in to 2×.
pub const LADDER: [f32; 8] = [0.75, 0.87, 1.0, 1.15, 1.32, 1.52, 1.75, 2.0];
pub const MIN_ZOOM: f32 = LADDER[0];
pub const MAX_ZOOM: f32 = LADDER[LADDER.len() - 1];
/// The mission editor's widest view (REQ §31: a large map seen whole while it is
/// painted); play's ladder stops at [`MIN_ZOOM`].
pub const FAR_ZOOM: f32 = 0.3;
/// Easing time constant, seconds.
const EASE: f32 = 0.08;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Zoom {
    /// The zoom drawn now.
    pub current: f32,
    /// The zoom it eases toward: always a rung of [`LADDER`].
    pub target: f32,
    /// Wheel notches not yet a whole rung (touchpads send fractions).
    pub pending: f32,
}

impl Default for Zoom {
    fn default() -> Zoom {
        Zoom::at(1.0)
    }
}

impl Zoom {
    /// At rest at `z`.
    pub fn at(z: f32) -> Zoom {
        Zoom {
            current: z,
            target: z,
            pending: 0.0,
        }
    }

    /// The rung nearest `z`.
    fn rung(z: f32) -> usize {
        (0..LADDER.len())
            .min_by(|&a, &b| (LADDER[a] - z).abs().total_cmp(&(LADDER[b] - z).abs()))
            .unwrap_or(2)
    }

    /// `notches` rungs in (positive) or out (negative), within the ladder; fractions
    /// add up until they make a whole rung.
    pub fn step(&mut self, notches: f32) {
        if !notches.is_finite() {
            return;
        }
        self.pending += notches;
        let whole = self.pending.trunc();
        self.pending -= whole;
        let r = Zoom::rung(self.target) as i64 + whole as i64;
        self.target = LADDER[r.clamp(0, LADDER.len() as i64 - 1) as usize];
    }

    /// Eases `current` toward `target` over `dt` seconds; lands on it exactly.
    pub fn ease(&mut self, dt: f32) {
        let k = 1.0 - (-dt.max(0.0) / EASE).exp();
        self.current += (self.target - self.current) * k;
        if (self.current - self.target).abs() < 2e-3 {
            self.current = self.target;
        }
    }

    /// Still moving.
    pub fn easing(&self) -> bool {
        self.current != self.target
    }
}

/// The rows of the design frame (REQ §24) the scene is laid out for: a frame of any height
/// shows the same part of the world.
pub const DESIGN_HEIGHT: usize = 720;

/// The scene's drawing scale for a frame `height` rows tall at zoom `zoom`: device
/// pixels per pixel of the 720-row design frame, so every size shows the same part of
/// the world (more pixels, not more map); zoom (clamped to [`FAR_ZOOM`] … [`MAX_ZOOM`])
/// scales it further.
pub fn scene_scale(height: usize, zoom: f32) -> f32 {
    let z = if zoom.is_finite() {
        zoom.clamp(FAR_ZOOM, MAX_ZOOM)
    } else {
        1.0
    };
    height as f32 / DESIGN_HEIGHT as f32 * z
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zoom_is_bounded_and_lands_exactly() {
        let mut z = Zoom::default();
        for _ in 0..40 {
            z.step(1.0);
        }
        assert_eq!(z.target, MAX_ZOOM);
        for _ in 0..80 {
            z.step(-1.0);
        }
        assert_eq!(z.target, MIN_ZOOM);
        let mut z = Zoom::default();
        z.step(2.0);
        z.step(-2.0);
        assert_eq!(z.target, 1.0, "in and out again is 1 exactly");
        // The player's path that stuck at 0.99: out four times (to the end), in twice.
        let mut z = Zoom::default();
        for n in [-1.0, -1.0, -1.0, -1.0, 1.0, 1.0] {
            z.step(n);
            assert!(LADDER.contains(&z.target), "{} is a rung", z.target);
        }
        assert_eq!(z.target, 1.0, "back at 1 exactly");
        for _ in 0..60 {
            z.ease(1.0 / 60.0);
        }
        assert_eq!(z.current, 1.0);
        assert_eq!(scene_scale(720, z.current), 1.0, "the design frame again");
        // Touchpad fractions add up to rungs; a NaN notch changes nothing.
        let mut z = Zoom::default();
        for _ in 0..4 {
            z.step(0.25);
        }
        assert_eq!(z.target, LADDER[3]);
        z.step(f32::NAN);
        assert_eq!(z.target, LADDER[3]);
        z.step(1.0);
        z.ease(1.0 / 60.0);
        assert!(z.current > 1.0 && z.current < z.target && z.easing());
        for _ in 0..60 {
            z.ease(1.0 / 60.0);
        }
        assert_eq!(z.current, z.target);
        assert!(!z.easing());
    }

    #[test]
    fn the_scene_scale_follows_the_frame_height_and_the_zoom() {
        assert_eq!(scene_scale(720, 1.0), 1.0);
        assert_eq!(scene_scale(1080, 1.0), 1.5);
        assert_eq!(scene_scale(2160, 1.0), 3.0);
        assert_eq!(scene_scale(720, 2.0), 2.0);
        assert_eq!(scene_scale(1080, 0.75), 1.125);
        assert_eq!(scene_scale(720, 9.0), MAX_ZOOM, "clamped to the ladder");
        assert_eq!(scene_scale(720, 0.1), FAR_ZOOM, "the editor's widest view");
        assert_eq!(scene_scale(720, f32::NAN), 1.0);
    }
}
