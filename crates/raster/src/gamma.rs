//! A gamma curve applied once to a finished frame (the player's brightness): every
//! channel through one 256-entry table, `out = round(255 · (in / 255)^(1 / gamma))`.
//! Gamma above 1 lifts the darks (brighter), below 1 deepens them; black stays black
//! and white stays white. A gamma of exactly 1 is the identity and
//! [`Gamma::apply`] leaves the frame untouched, byte for byte.

use crate::framebuffer::Framebuffer;

/// The smallest and largest gamma a table is built for (others are clamped).
pub const GAMMA_RANGE: (f32, f32) = (0.25, 4.0);

/// A gamma curve as lookup tables, one per channel position of a `0x00RRGGBB` pixel.
#[derive(Clone)]
pub struct Gamma {
    gamma: f32,
    red: [u32; 256],
    green: [u32; 256],
    blue: [u32; 256],
}

impl std::fmt::Debug for Gamma {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Gamma({})", self.gamma)
    }
}

impl Default for Gamma {
    fn default() -> Gamma {
        Gamma::new(1.0)
    }
}

impl Gamma {
    /// The curve of `gamma` (NaN → 1, clamped to [`GAMMA_RANGE`]).
    pub fn new(gamma: f32) -> Gamma {
        let g = if gamma.is_nan() {
            1.0
        } else {
            gamma.clamp(GAMMA_RANGE.0, GAMMA_RANGE.1)
        };
        let mut t = Gamma {
            gamma: g,
            red: [0; 256],
            green: [0; 256],
            blue: [0; 256],
        };
        for i in 0..256 {
            let v = if g == 1.0 {
                i as u32
            } else {
                let x = (i as f64 / 255.0).powf(1.0 / g as f64);
                (x * 255.0).round().clamp(0.0, 255.0) as u32
            };
            t.red[i] = v << 16;
            t.green[i] = v << 8;
            t.blue[i] = v;
        }
        t
    }

    /// The gamma the tables are for.
    pub fn gamma(&self) -> f32 {
        self.gamma
    }

    /// Whether the curve changes nothing (gamma 1).
    pub fn is_identity(&self) -> bool {
        self.gamma == 1.0
    }

    /// One channel value through the curve.
    pub fn channel(&self, v: u8) -> u8 {
        self.blue[v as usize] as u8
    }

    /// Every pixel of `fb` through the curve; nothing at all for gamma 1.
    pub fn apply(&self, fb: &mut Framebuffer) {
        if self.is_identity() {
            return;
        }
        for p in fb.pixels.iter_mut() {
            let c = *p;
            *p = self.red[((c >> 16) & 0xFF) as usize]
                | self.green[((c >> 8) & 0xFF) as usize]
                | self.blue[(c & 0xFF) as usize];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gamma_one_is_the_identity_and_ends_stay_put() {
        let one = Gamma::new(1.0);
        assert!(one.is_identity());
        for v in 0..=255u8 {
            assert_eq!(one.channel(v), v);
        }
        for g in [0.5, 2.0, 0.25, 4.0, f32::NAN] {
            let t = Gamma::new(g);
            assert_eq!((t.channel(0), t.channel(255)), (0, 255), "{g}");
        }
    }

    #[test]
    fn a_higher_gamma_lifts_the_darks_and_keeps_the_order() {
        let bright = Gamma::new(2.0);
        let dark = Gamma::new(0.5);
        assert_eq!(bright.channel(64), 128, "sqrt(0.25) = 0.5");
        assert_eq!(dark.channel(128), 64);
        for v in 1..255u8 {
            assert!(bright.channel(v) >= v && dark.channel(v) <= v, "{v}");
            assert!(bright.channel(v) <= bright.channel(v + 1));
        }
    }

    #[test]
    fn apply_maps_each_channel_and_leaves_gamma_one_frames_alone() {
        let mut fb = Framebuffer::new(3, 1);
        fb.pixels
            .copy_from_slice(&[0x0040_8010, 0x00FF_0000, 0x0000_0001]);
        let before = fb.pixels.clone();
        Gamma::new(1.0).apply(&mut fb);
        assert_eq!(fb.pixels, before);
        let g = Gamma::new(2.0);
        g.apply(&mut fb);
        let want = |r: u8, gr: u8, b: u8| {
            (g.channel(r) as u32) << 16 | (g.channel(gr) as u32) << 8 | g.channel(b) as u32
        };
        assert_eq!(fb.pixels[0], want(0x40, 0x80, 0x10));
        assert_eq!(fb.pixels[1], 0x00FF_0000);
        assert_eq!(fb.pixels[2], want(0, 0, 1));
        assert_eq!(fb.pixels[0] >> 24, 0, "the top byte stays zero");
    }
}
