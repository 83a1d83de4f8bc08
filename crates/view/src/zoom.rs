//! Camera zoom (mouse wheel, `+`/`-`): bounded and eased. The scene is drawn into a
//! frame `1/zoom` the size of the screen, centred on the camera, and resampled onto the
//! screen (bilinear), so every stage of the view — light, fog, post pass — works
//! unchanged at any zoom, and at zoom 1 the frame is drawn directly, pixel for pixel.

use raster::Framebuffer;

/// The zoom's rungs: a notch or a key press moves one rung. 1 is a rung, exactly, so
/// every way back lands on it and the frame is drawn directly again (a product of
/// 1.15-steps drifted to 0.99, and the scene was resampled for ever, at twice the
/// frame time). Out to 3/4 (a third more map, a 1.8× larger scene frame), in to 2×.
pub const LADDER: [f32; 8] = [0.75, 0.87, 1.0, 1.15, 1.32, 1.52, 1.75, 2.0];
pub const MIN_ZOOM: f32 = LADDER[0];
pub const MAX_ZOOM: f32 = LADDER[LADDER.len() - 1];
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

    /// The size of the scene frame for a `w × h` screen.
    pub fn scene_size(&self, w: usize, h: usize) -> (usize, usize) {
        let z = self.current.clamp(MIN_ZOOM, MAX_ZOOM);
        (
            ((w as f32 / z).round() as usize).max(1),
            ((h as f32 / z).round() as usize).max(1),
        )
    }
}

/// Resamples all of `src` onto all of `dst`, bilinear (pixel centres aligned).
pub fn resample(src: &Framebuffer, dst: &mut Framebuffer) {
    let (sw, sh, dw, dh) = (src.width, src.height, dst.width, dst.height);
    if sw == 0 || sh == 0 || dw == 0 || dh == 0 {
        return;
    }
    // Source coordinate of each destination column / row, 8 fractional bits.
    let taps = |d: usize, s: usize| -> Vec<(usize, usize, u32)> {
        (0..d)
            .map(|i| {
                let x = ((i as f32 + 0.5) * s as f32 / d as f32 - 0.5).max(0.0);
                let x0 = (x as usize).min(s - 1);
                let x1 = (x0 + 1).min(s - 1);
                let f = (((x - x0 as f32) * 256.0) as u32).min(256);
                (x0, x1, f)
            })
            .collect()
    };
    let xs = taps(dw, sw);
    let ys = taps(dh, sh);
    // Red and blue in one multiply, green in another: (256 − f)·a + f·b stays below
    // 256 · 0xFF00FF, inside a u32.
    let mix = |a: u32, b: u32, f: u32| -> u32 {
        let g = 256 - f;
        let rb = (((a & 0xFF00FF) * g + (b & 0xFF00FF) * f) >> 8) & 0xFF00FF;
        let gg = (((a & 0xFF00) * g + (b & 0xFF00) * f) >> 8) & 0xFF00;
        rb | gg
    };
    for (y, &(y0, y1, fy)) in ys.iter().enumerate() {
        let r0 = &src.pixels[y0 * sw..(y0 + 1) * sw];
        let r1 = &src.pixels[y1 * sw..(y1 + 1) * sw];
        let out = &mut dst.pixels[y * dw..(y + 1) * dw];
        for (o, &(x0, x1, fx)) in out.iter_mut().zip(&xs) {
            let top = mix(r0[x0], r0[x1], fx);
            let bottom = mix(r1[x0], r1[x1], fx);
            *o = mix(top, bottom, fy);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use raster::Rgba;

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
        assert_eq!(
            z.scene_size(1280, 720),
            (1280, 720),
            "the direct path again"
        );
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
    fn the_scene_frame_shrinks_as_the_zoom_grows() {
        let z = Zoom::at(2.0);
        assert_eq!(z.scene_size(1280, 720), (640, 360));
        assert_eq!(Zoom::default().scene_size(1280, 720), (1280, 720));
    }

    #[test]
    fn resampling_keeps_flat_colour_and_blends_edges() {
        let mut src = Framebuffer::new(4, 2);
        src.clear(Rgba::rgb(200, 100, 50));
        let mut dst = Framebuffer::new(8, 4);
        resample(&src, &mut dst);
        assert!(dst.pixels.iter().all(|&p| p == src.pixels[0]));
        // Left half black, right half white: the middle of the upscale is grey.
        for y in 0..2 {
            for x in 0..4 {
                src.put(x, y, if x < 2 { 0 } else { 0xFFFFFF });
            }
        }
        resample(&src, &mut dst);
        let mid = dst.get_rgba(3, 1).unwrap();
        assert!(mid.r > 40 && mid.r < 215, "{mid:?}");
        assert_eq!(dst.get(0, 0), Some(0));
        assert_eq!(dst.get(7, 3), Some(0xFFFFFF));
    }
}
