//! Blend modes and the per-pixel / per-span kernels every primitive funnels into.
//!
//! All maths is integer: two channels are processed at once in one `u32`
//! (`0x00RR00BB` and `0x0000GG00` lanes), and division by 255 is done with the exact
//! `t = x + 128; (t + (t >> 8)) >> 8` trick, so alpha 255 reproduces the source exactly
//! and alpha 0 leaves the destination untouched. Span kernels are tight slice loops the
//! compiler vectorises; on x86-64 the hot paths also get an AVX2 copy picked at run
//! time (the default build stays portable).

use crate::color::Rgba;

/// How a source colour combines with the framebuffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Blend {
    /// Replace the destination (source alpha ignored). Anti-aliased edges still use
    /// their coverage as alpha, so edges stay smooth.
    #[default]
    Opaque,
    /// Source-over with straight alpha: `d = s*a + d*(1-a)`.
    Alpha,
    /// Saturating add of the source scaled by its alpha: `d = min(255, d + s*a)`.
    /// Alpha acts as intensity, which is what glows and muzzle flashes want.
    Additive,
}

/// A colour plus a blend mode: what every primitive fills with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Paint {
    pub color: Rgba,
    pub blend: Blend,
}

impl Paint {
    #[inline]
    pub const fn new(color: Rgba, blend: Blend) -> Paint {
        Paint { color, blend }
    }
    #[inline]
    pub const fn opaque(color: Rgba) -> Paint {
        Paint::new(color, Blend::Opaque)
    }
    #[inline]
    pub const fn alpha(color: Rgba) -> Paint {
        Paint::new(color, Blend::Alpha)
    }
    #[inline]
    pub const fn additive(color: Rgba) -> Paint {
        Paint::new(color, Blend::Additive)
    }
}

/// A bare colour paints with [`Blend::Alpha`], which degrades to a plain store when
/// alpha is 255, so `draw_x(fb, .., Rgba::rgb(..))` is as fast as an explicit opaque paint.
impl From<Rgba> for Paint {
    #[inline]
    fn from(color: Rgba) -> Paint {
        Paint::alpha(color)
    }
}

/// `round(x / 255)` for `x <= 255 * 255`, exact.
#[inline(always)]
pub(crate) fn div255(x: u32) -> u32 {
    let t = x + 128;
    (t + (t >> 8)) >> 8
}

/// `round(a * b / 255)` for bytes.
#[inline(always)]
pub(crate) fn mul255(a: u32, b: u32) -> u32 {
    div255(a * b)
}

/// Source-over of one pixel: `srb`/`sg` are the premultiplied source lanes
/// (`(s & 0xFF00FF) * a + 0x800080`, `(s & 0xFF00) * a + 0x8000`), `ia = 255 - a`.
#[inline(always)]
fn alpha_px(d: u32, srb: u32, sg: u32, ia: u32) -> u32 {
    let rb = (d & 0x00FF_00FF) * ia + srb;
    let g = (d & 0x0000_FF00) * ia + sg;
    let rb = ((rb + ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF;
    let g = ((g + ((g >> 8) & 0x0000_FF00)) >> 8) & 0x0000_FF00;
    rb | g
}

/// Premultiplied lanes for [`alpha_px`].
#[inline(always)]
fn alpha_lanes(s: u32, a: u32) -> (u32, u32) {
    (
        (s & 0x00FF_00FF) * a + 0x0080_0080,
        (s & 0x0000_FF00) * a + 0x0000_8000,
    )
}

/// Blends packed source `s` over `d` with alpha `a` (0..=255). Exact at both ends.
#[inline(always)]
pub fn blend_alpha(d: u32, s: u32, a: u32) -> u32 {
    let (srb, sg) = alpha_lanes(s, a);
    alpha_px(d, srb, sg, 255 - a)
}

/// Per-channel saturating add of two `0x00RRGGBB` pixels.
#[inline(always)]
pub fn add_sat(d: u32, s: u32) -> u32 {
    let rb = (d & 0x00FF_00FF) + (s & 0x00FF_00FF);
    let g = (d & 0x0000_FF00) + (s & 0x0000_FF00);
    let orb = rb & 0x0100_0100;
    let og = g & 0x0001_0000;
    ((rb | (orb - (orb >> 8))) & 0x00FF_00FF) | ((g | (og - (og >> 8))) & 0x0000_FF00)
}

/// Scales every channel of a `0x00RRGGBB` pixel by `a / 255` (rounded).
#[inline(always)]
pub(crate) fn scale_px(s: u32, a: u32) -> u32 {
    let rb = (s & 0x00FF_00FF) * a + 0x0080_0080;
    let g = (s & 0x0000_FF00) * a + 0x0000_8000;
    let rb = ((rb + ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF;
    let g = ((g + ((g >> 8) & 0x0000_FF00)) >> 8) & 0x0000_FF00;
    rb | g
}

/// A paint reduced once per draw call to the cheapest kernel that gives the same
/// result (e.g. alpha 255 becomes a plain store, alpha 0 draws nothing).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shader {
    /// Nothing visible (alpha 0 in a translucent mode).
    Skip,
    /// Plain store of a packed colour.
    Fill(u32),
    /// Source-over with constant alpha; `c` is the packed colour for the coverage path.
    Alpha { c: u32, a: u32, srb: u32, sg: u32 },
    /// Saturating add of an already alpha-scaled packed colour; `c`/`a` unscaled.
    Add { c: u32, a: u32, add: u32 },
}

impl Shader {
    #[inline]
    pub(crate) fn new(p: Paint) -> Shader {
        let c = p.color.to_u32();
        let a = p.color.a as u32;
        match p.blend {
            Blend::Opaque => Shader::Fill(c),
            Blend::Alpha => match a {
                0 => Shader::Skip,
                255 => Shader::Fill(c),
                _ => {
                    let (srb, sg) = alpha_lanes(c, a);
                    Shader::Alpha { c, a, srb, sg }
                }
            },
            Blend::Additive => {
                let add = scale_px(c, a);
                if add == 0 {
                    Shader::Skip
                } else {
                    Shader::Add { c, a, add }
                }
            }
        }
    }

    #[inline]
    pub(crate) fn is_skip(&self) -> bool {
        matches!(self, Shader::Skip)
    }

    /// Applies the paint to a whole span (full coverage).
    #[inline(always)]
    pub(crate) fn span(&self, span: &mut [u32]) {
        match *self {
            Shader::Skip => {}
            Shader::Fill(c) => fill_span(span, c),
            Shader::Alpha { a, srb, sg, .. } => alpha_span(span, srb, sg, 255 - a),
            Shader::Add { add, .. } => add_span(span, add),
        }
    }

    /// Applies the paint to a long span (full coverage) with plain per-pixel loops the
    /// compiler vectorises (under [`simd::run`], eight lanes): a rect's rows, where
    /// [`Shader::span`]'s short-span tricks cost more than they save. The same pixels.
    #[inline(always)]
    pub(crate) fn long_span(&self, span: &mut [u32]) {
        match *self {
            Shader::Skip => {}
            Shader::Fill(c) => span.fill(c),
            Shader::Alpha { a, srb, sg, .. } => {
                let ia = 255 - a;
                for d in span.iter_mut() {
                    *d = alpha_px(*d, srb, sg, ia);
                }
            }
            Shader::Add { add, .. } => {
                for d in span.iter_mut() {
                    *d = add_sat(*d, add);
                }
            }
        }
    }

    /// Applies the paint to one pixel with partial coverage `cov` (0..=255).
    #[inline(always)]
    pub(crate) fn pixel_cov(&self, d: &mut u32, cov: u32) {
        match *self {
            Shader::Skip => {}
            Shader::Fill(c) => {
                if cov >= 255 {
                    *d = c
                } else {
                    *d = blend_alpha(*d, c, cov)
                }
            }
            Shader::Alpha { c, a, .. } => *d = blend_alpha(*d, c, mul255(a, cov)),
            Shader::Add { c, a, .. } => *d = add_sat(*d, scale_px(c, mul255(a, cov))),
        }
    }
}

/// Applies `paint` with per-pixel colour `s` (Gouraud) at full coverage.
#[inline(always)]
pub(crate) fn apply_color(d: &mut u32, s: u32, a: u32, blend: Blend) {
    match blend {
        Blend::Opaque => *d = s,
        Blend::Alpha => *d = blend_alpha(*d, s, a),
        Blend::Additive => *d = add_sat(*d, scale_px(s, a)),
    }
}

/// Stores `c` into a span with a few wide (possibly overlapping) stores instead of a
/// per-pixel loop: triangle spans average ~8 px, where loop tails and their branch
/// mispredictions would cost more than the stores themselves.
#[inline(always)]
pub(crate) fn fill_span(s: &mut [u32], c: u32) {
    let n = s.len();
    if n >= 8 {
        for ch in s.chunks_exact_mut(8) {
            ch.copy_from_slice(&[c; 8]);
        }
        s[n - 8..].copy_from_slice(&[c; 8]);
    } else if n >= 4 {
        s[..4].copy_from_slice(&[c; 4]);
        s[n - 4..].copy_from_slice(&[c; 4]);
    } else if n > 0 {
        // 1..=3 pixels, branch-free: indices 0, n/2, n-1 cover them all.
        s[0] = c;
        s[n / 2] = c;
        s[n - 1] = c;
    }
}

/// Applies a pure per-pixel function `f` to a span. The tail is handled like
/// [`fill_span`] with an overlapping last group, but computed from the *original* pixels
/// before the main loop runs, so the overlap is written twice with the same value and
/// nothing is blended twice.
#[inline(always)]
fn map_span(s: &mut [u32], f: impl Fn(u32) -> u32 + Copy) {
    let n = s.len();
    if n >= 8 {
        let tail: [u32; 8] = s[n - 8..].try_into().unwrap();
        let tail = tail.map(f);
        for ch in s.chunks_exact_mut(8) {
            let v: [u32; 8] = (&*ch).try_into().unwrap();
            ch.copy_from_slice(&v.map(f));
        }
        s[n - 8..].copy_from_slice(&tail);
    } else if n >= 4 {
        let head: [u32; 4] = s[..4].try_into().unwrap();
        let tail: [u32; 4] = s[n - 4..].try_into().unwrap();
        let (head, tail) = (head.map(f), tail.map(f));
        s[..4].copy_from_slice(&head);
        s[n - 4..].copy_from_slice(&tail);
    } else if n > 0 {
        let (a, b, c) = (f(s[0]), f(s[n / 2]), f(s[n - 1]));
        s[0] = a;
        s[n / 2] = b;
        s[n - 1] = c;
    }
}

/// Constant-colour source-over over a span (portable kernel).
#[inline(always)]
pub(crate) fn alpha_span(span: &mut [u32], srb: u32, sg: u32, ia: u32) {
    map_span(span, move |d| alpha_px(d, srb, sg, ia))
}

/// Constant saturating add over a span.
#[inline(always)]
pub(crate) fn add_span(span: &mut [u32], add: u32) {
    map_span(span, move |d| add_sat(d, add))
}

/// Runtime CPU-feature dispatch: the default build targets baseline x86-64 (SSE2), and
/// hot loops are additionally compiled with AVX2 and picked once per draw call.
pub(crate) mod simd {
    #[cfg(target_arch = "x86_64")]
    use std::sync::atomic::{AtomicU8, Ordering};

    /// 0 = unknown, 1 = no, 2 = yes.
    #[cfg(target_arch = "x86_64")]
    static AVX2: AtomicU8 = AtomicU8::new(0);

    #[inline(always)]
    pub(crate) fn has_avx2() -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            match AVX2.load(Ordering::Relaxed) {
                2 => true,
                1 => false,
                _ => {
                    // RASTER_NO_AVX2 forces the portable kernels (for comparing them;
                    // both produce identical pixels).
                    let yes = std::arch::is_x86_feature_detected!("avx2")
                        && std::env::var_os("RASTER_NO_AVX2").is_none();
                    AVX2.store(if yes { 2 } else { 1 }, Ordering::Relaxed);
                    yes
                }
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        false
    }

    /// Runs `f` compiled with AVX2 enabled when the CPU has it: loops inside `f` (which
    /// is inlined into the AVX2 function) get 8-lane vectorisation without the crate
    /// requiring AVX2.
    #[inline(always)]
    pub(crate) fn run<R>(f: impl FnOnce() -> R) -> R {
        #[cfg(target_arch = "x86_64")]
        {
            if has_avx2() {
                // SAFETY: AVX2 support was just checked at run time.
                return unsafe { run_avx2(f) };
            }
        }
        f()
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn run_avx2<R>(f: impl FnOnce() -> R) -> R {
        f()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reference(d: u32, s: u32, a: u32) -> u32 {
        // round-half-up of (s*a + d*(255-a)) / 255, per channel
        let ch = |sh: u32| {
            let dc = (d >> sh) & 255;
            let sc = (s >> sh) & 255;
            let x = sc * a + dc * (255 - a);
            ((2 * x + 255) / 510) << sh
        };
        ch(16) | ch(8) | ch(0)
    }

    #[test]
    fn div255_is_exact_rounding() {
        for x in 0..=255 * 255 {
            assert_eq!(div255(x), (2 * x + 255) / 510, "x={x}");
            // The AVX2 kernel's one-multiply form gives the same.
            assert_eq!(((x + 128) * 257) >> 16, div255(x), "x={x}");
        }
    }

    #[test]
    fn blend_alpha_matches_reference_per_channel() {
        // Exhaustive over (d, s, a) for one channel value set, spread over all lanes.
        for a in 0..=255u32 {
            for dv in (0..=255u32).step_by(3) {
                for sv in (0..=255u32).step_by(5) {
                    let d = (dv << 16) | ((255 - dv) << 8) | (dv ^ 0x5A);
                    let s = (sv << 16) | (((sv * 7) & 255) << 8) | (255 - sv);
                    assert_eq!(
                        blend_alpha(d, s, a),
                        reference(d, s, a),
                        "d={d:x} s={s:x} a={a}"
                    );
                }
            }
        }
        assert_eq!(blend_alpha(0x123456, 0xABCDEF, 255), 0xABCDEF);
        assert_eq!(blend_alpha(0x123456, 0xABCDEF, 0), 0x123456);
    }

    #[test]
    fn add_saturates_per_channel() {
        assert_eq!(add_sat(0x00F0_1020, 0x0020_F030), 0x00FF_FF50);
        assert_eq!(add_sat(0x00FF_FFFF, 0x00FF_FFFF), 0x00FF_FFFF);
        assert_eq!(add_sat(0x0001_0203, 0x0001_0101), 0x0002_0304);
        for x in (0..=255u32).step_by(7) {
            for y in (0..=255u32).step_by(11) {
                let d = x | (y << 8) | (x << 16);
                let s = y | (x << 8) | (y << 16);
                let m = (x + y).min(255);
                assert_eq!(add_sat(d, s), m | (m << 8) | (m << 16));
            }
        }
    }

    #[test]
    fn span_kernels_match_pixel_kernels() {
        let paints = [
            Paint::alpha(Rgba::new(200, 30, 90, 128)),
            Paint::additive(Rgba::new(10, 250, 90, 200)),
            Paint::opaque(Rgba::new(1, 2, 3, 0)),
        ];
        for p in paints {
            let sh = Shader::new(p);
            for len in 0..40 {
                let base: Vec<u32> = (0..len as u32)
                    .map(|i| i.wrapping_mul(0x9E37_79B9) & 0xFF_FFFF)
                    .collect();
                let mut span = base.clone();
                sh.span(&mut span);
                for (i, &d) in base.iter().enumerate() {
                    let mut e = d;
                    sh.pixel_cov(&mut e, 255);
                    assert_eq!(span[i], e, "{p:?} i={i} len={len}");
                }
            }
        }
    }

    #[test]
    fn shader_reductions() {
        assert_eq!(
            Shader::new(Paint::alpha(Rgba::new(1, 2, 3, 255))),
            Shader::Fill(0x010203)
        );
        assert!(Shader::new(Paint::alpha(Rgba::new(1, 2, 3, 0))).is_skip());
        assert!(Shader::new(Paint::additive(Rgba::new(1, 1, 1, 100))).is_skip());
        assert_eq!(
            Shader::new(Paint::opaque(Rgba::new(1, 2, 3, 0))),
            Shader::Fill(0x010203)
        );
    }
}
