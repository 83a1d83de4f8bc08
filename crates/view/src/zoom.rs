//! Camera zoom (mouse wheel, `+`/`-`): bounded and eased. The scene is drawn into a
//! frame `1/zoom` the size of the screen, centred on the camera, and resampled onto the
//! screen (bilinear), so every stage of the view — light, fog, post pass — works
//! unchanged at any zoom, and at zoom 1 the frame is drawn directly, pixel for pixel.

use raster::Framebuffer;

/// Bounds of the zoom: out to 3/4 (a third more map, a 1.8× larger scene frame), in
/// to 2× (units twice as large).
pub const MIN_ZOOM: f32 = 0.75;
pub const MAX_ZOOM: f32 = 2.0;
/// One wheel notch or key press.
pub const ZOOM_STEP: f32 = 1.15;
/// Easing time constant, seconds.
const EASE: f32 = 0.08;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Zoom {
    /// The zoom drawn now.
    pub current: f32,
    /// The zoom it eases toward.
    pub target: f32,
}

impl Default for Zoom {
    fn default() -> Zoom {
        Zoom {
            current: 1.0,
            target: 1.0,
        }
    }
}

impl Zoom {
    /// `notches` steps in (positive) or out (negative), within the bounds.
    pub fn step(&mut self, notches: f32) {
        self.target = (self.target * ZOOM_STEP.powf(notches)).clamp(MIN_ZOOM, MAX_ZOOM);
        // Back at 1 exactly, so the frame is drawn directly again.
        if (self.target - 1.0).abs() < 1e-3 {
            self.target = 1.0;
        }
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
        let z = Zoom {
            current: 2.0,
            target: 2.0,
        };
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
