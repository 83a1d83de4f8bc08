use super::*;

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Random pixels; with `top_garbage` the top byte is random too (the crate promises
/// zero, but the fields are public).
fn random_fb(rng: &mut Rng, w: usize, h: usize, top_garbage: bool) -> Framebuffer {
    let mut fb = Framebuffer::new(w, h);
    for p in fb.pixels.iter_mut() {
        let v = rng.next() as u32;
        *p = if top_garbage { v } else { v & 0x00FF_FFFF };
    }
    fb
}

/// Params biased toward the edges (0, 128, above 128).
fn random_params(rng: &mut Rng) -> PostParams {
    let lvl = |rng: &mut Rng| match rng.below(5) {
        0 => 0,
        1 => 128,
        2 => 129 + rng.below(127) as u8,
        _ => rng.below(129) as u8,
    };
    PostParams {
        desaturate: lvl(rng),
        vignette: lvl(rng),
        grain: lvl(rng),
        grain_seed: rng.next() as u32,
    }
}

fn kernels() -> Vec<PostKernel> {
    let mut k = vec![PostKernel::Portable];
    if avx2_available() {
        k.push(PostKernel::Avx2);
    } else {
        eprintln!("no AVX2 on this CPU: only the portable kernel is tested");
    }
    k
}

/// Every kernel, through `pass` and through a fresh pass, against the reference.
fn check(albedo: &Framebuffer, light: &Framebuffer, p: &PostParams, pass: &mut PostPass) {
    let mut want = albedo.clone();
    post_process_reference(&mut want, light, p);
    for kernel in kernels() {
        for fresh in [false, true] {
            let mut got = albedo.clone();
            let mut new = PostPass::new();
            let pass = if fresh { &mut new } else { &mut *pass };
            assert!(pass.run_kernel(&mut got, light, p, kernel));
            if let Some(i) = (0..got.pixels.len()).find(|&i| got.pixels[i] != want.pixels[i]) {
                panic!(
                    "{kernel:?} (fresh pass: {fresh}) albedo {}x{} light {}x{} {p:?}: \
                     pixel {i} is {:08x}, reference {:08x}",
                    albedo.width,
                    albedo.height,
                    light.width,
                    light.height,
                    got.pixels[i],
                    want.pixels[i]
                );
            }
        }
    }
}

#[test]
fn kernels_match_reference_on_random_buffers() {
    let mut rng = Rng(1);
    let mut pass = PostPass::new();
    for w in (1..=40).chain([1279, 1280, 1283, 1301]) {
        for _ in 0..3 {
            let h = 1 + rng.below(4) as usize;
            let garbage = rng.below(3) == 0;
            let albedo = random_fb(&mut rng, w, h, garbage);
            let light = random_fb(&mut rng, w, h, garbage);
            check(&albedo, &light, &random_params(&mut rng), &mut pass);
        }
    }
}

#[test]
fn kernels_match_reference_on_a_full_frame() {
    let mut rng = Rng(2);
    let albedo = random_fb(&mut rng, 1280, 720, false);
    let light = random_fb(&mut rng, 1280, 720, false);
    let p = PostParams {
        desaturate: 70,
        vignette: 90,
        grain: 24,
        grain_seed: 7,
    };
    check(&albedo, &light, &p, &mut PostPass::new());
}

#[test]
fn every_channel_value_pair_matches() {
    // All 256 × 256 (albedo, light) channel values, in every channel position, at
    // a few levels, so no lane of any kernel can hide a rounding slip.
    let mut albedo = Framebuffer::new(256, 256);
    let mut light = Framebuffer::new(256, 256);
    for y in 0..256u32 {
        for x in 0..256u32 {
            let i = (y * 256 + x) as usize;
            albedo.pixels[i] = (x << 16) | (((x * 7 + y) & 255) << 8) | (255 - x);
            light.pixels[i] = (y << 16) | (((y * 3 + x) & 255) << 8) | (255 - y);
        }
    }
    let mut pass = PostPass::new();
    for (desaturate, vignette, grain) in [
        (0, 0, 0),
        (128, 0, 0),
        (0, 128, 0),
        (0, 0, 128),
        (37, 101, 55),
        (128, 128, 128),
    ] {
        let p = PostParams {
            desaturate,
            vignette,
            grain,
            grain_seed: 99,
        };
        check(&albedo, &light, &p, &mut pass);
    }
}

#[test]
fn mismatched_sizes_process_the_overlap_only() {
    let mut rng = Rng(3);
    let mut pass = PostPass::new();
    let sizes = [
        (0, 0),
        (0, 5),
        (5, 0),
        (1, 1),
        (7, 3),
        (17, 2),
        (33, 4),
        (40, 1),
    ];
    for &(aw, ah) in &sizes {
        for &(lw, lh) in &sizes {
            let albedo = random_fb(&mut rng, aw, ah, false);
            let light = random_fb(&mut rng, lw, lh, false);
            let p = random_params(&mut rng);
            check(&albedo, &light, &p, &mut pass);
            let mut got = albedo.clone();
            post_process(&mut got, &light, &p);
            for y in 0..ah {
                for x in 0..aw {
                    let i = y * aw + x;
                    if x >= lw || y >= lh {
                        assert_eq!(got.pixels[i], albedo.pixels[i], "({x}, {y}) outside");
                    }
                }
            }
        }
    }
}

#[test]
fn inconsistent_framebuffers_do_not_panic() {
    // Public fields: `pixels` shorter than `width * height`.
    let mut rng = Rng(4);
    let mut albedo = random_fb(&mut rng, 20, 10, false);
    let mut light = random_fb(&mut rng, 20, 10, false);
    albedo.pixels.truncate(20 * 6 + 3);
    light.pixels.truncate(20 * 8);
    let p = random_params(&mut rng);
    check(&albedo, &light, &p, &mut PostPass::new());
    let before = albedo.clone();
    post_process(&mut albedo, &light, &p);
    assert_eq!(albedo.pixels[20 * 6..], before.pixels[20 * 6..]);
    let mut empty = Framebuffer::new(0, 0);
    post_process(&mut empty, &light, &p);
    post_process(&mut albedo, &Framebuffer::new(0, 0), &p);
}

#[test]
fn one_pass_reused_across_sizes_and_levels_matches_fresh_passes() {
    let mut rng = Rng(5);
    let mut pass = PostPass::new();
    for _ in 0..60 {
        let w = 1 + rng.below(70) as usize;
        let h = 1 + rng.below(6) as usize;
        let albedo = random_fb(&mut rng, w, h, false);
        let lw = w + rng.below(3) as usize;
        let light = random_fb(&mut rng, lw, h, false);
        let mut p = random_params(&mut rng);
        // Repeat some levels so that tables get reused, not only rebuilt.
        if rng.below(2) == 0 {
            p.vignette = 50;
            p.grain = 60;
        }
        check(&albedo, &light, &p, &mut pass);
    }
}

#[test]
fn output_top_byte_is_zero() {
    let mut rng = Rng(6);
    for kernel in kernels() {
        let mut albedo = random_fb(&mut rng, 37, 5, true);
        let light = random_fb(&mut rng, 37, 5, true);
        let p = PostParams {
            desaturate: 60,
            vignette: 60,
            grain: 128,
            grain_seed: 1,
        };
        PostPass::new().run_kernel(&mut albedo, &light, &p, kernel);
        assert!(albedo.pixels.iter().all(|&p| p >> 24 == 0), "{kernel:?}");
    }
}

/// Runs every kernel on `albedo` and returns the (identical) results.
fn run_all(albedo: &Framebuffer, light: &Framebuffer, p: &PostParams) -> Framebuffer {
    let mut want = albedo.clone();
    post_process_reference(&mut want, light, p);
    for kernel in kernels() {
        let mut got = albedo.clone();
        PostPass::new().run_kernel(&mut got, light, p, kernel);
        assert_eq!(got, want, "{kernel:?}");
    }
    want
}

fn rgb(p: u32) -> [u32; 3] {
    [(p >> 16) & 255, (p >> 8) & 255, p & 255]
}

#[test]
fn full_desaturation_is_grey() {
    let mut rng = Rng(7);
    let albedo = random_fb(&mut rng, 61, 9, false);
    let light = random_fb(&mut rng, 61, 9, false);
    for (vignette, grain) in [(0, 0), (100, 0), (0, 100), (128, 128)] {
        let p = PostParams {
            desaturate: 128,
            vignette,
            grain,
            grain_seed: 3,
        };
        for &px in &run_all(&albedo, &light, &p).pixels {
            let [r, g, b] = rgb(px);
            assert!(r == g && g == b, "{px:06x} {p:?}");
        }
    }
    // Without vignette and grain the grey is the luma of the lit pixel.
    let p = PostParams {
        desaturate: 128,
        ..PostParams::default()
    };
    let out = run_all(&albedo, &light, &p);
    for i in 0..out.pixels.len() {
        let (a, l) = (rgb(albedo.pixels[i]), rgb(light.pixels[i]));
        let lit: Vec<u32> = (0..3).map(|c| ((a[c] * l[c]) >> 7).min(255)).collect();
        let luma = (77 * lit[0] + 150 * lit[1] + 29 * lit[2]) >> 8;
        assert_eq!(rgb(out.pixels[i]), [luma; 3]);
    }
}

#[test]
fn neutral_light_and_no_effects_is_the_identity() {
    let mut rng = Rng(8);
    let albedo = random_fb(&mut rng, 77, 13, false);
    let mut light = Framebuffer::new(77, 13);
    light.pixels.fill(0x0080_8080);
    let p = PostParams {
        grain_seed: 1234,
        ..PostParams::default()
    };
    assert_eq!(run_all(&albedo, &light, &p), albedo);
}

#[test]
fn no_light_leaves_only_the_grain() {
    let mut rng = Rng(9);
    let albedo = random_fb(&mut rng, 53, 7, false);
    let light = Framebuffer::new(53, 7);
    let p = PostParams {
        desaturate: 40,
        vignette: 90,
        grain: 128,
        grain_seed: 77,
    };
    let out = run_all(&albedo, &light, &p);
    let mut lit_pixels = 0;
    for y in 0..7 {
        for x in 0..53 {
            let n = grain_noise(x, y, p.grain_seed) as i32;
            let want = n.max(0) as u32; // (n · 128) >> 7 = n, clamped at 0
            assert_eq!(rgb(out.pixels[y * 53 + x]), [want; 3], "({x}, {y})");
            lit_pixels += (want > 0) as usize;
        }
    }
    assert!(lit_pixels > 53 * 7 / 3, "grain shows on black");
    let p = PostParams { grain: 0, ..p };
    assert!(run_all(&albedo, &light, &p).pixels.iter().all(|&p| p == 0));
}

#[test]
fn light_saturates_at_white() {
    let mut albedo = Framebuffer::new(40, 3);
    let mut light = Framebuffer::new(40, 3);
    albedo.pixels.fill(0x00FF_FFFF);
    light.pixels.fill(0x00FF_FFFF);
    for desaturate in [0, 64, 128] {
        let p = PostParams {
            desaturate,
            ..PostParams::default()
        };
        assert!(run_all(&albedo, &light, &p)
            .pixels
            .iter()
            .all(|&p| p == 0x00FF_FFFF));
    }
    // Half albedo at double light: 128·255 >> 7 = 255 as well; 200 clips to 255.
    albedo.pixels.fill(0x0080_C880);
    assert!(run_all(&albedo, &light, &PostParams::default())
        .pixels
        .iter()
        .all(|&p| p == 0x00FF_FFFF));
    // Grain clamps at both ends: white stays white where the grain is positive.
    albedo.pixels.fill(0x00FF_FFFF);
    let p = PostParams {
        grain: 128,
        grain_seed: 5,
        ..PostParams::default()
    };
    let out = run_all(&albedo, &light, &p);
    for y in 0..3 {
        for x in 0..40 {
            let n = grain_noise(x, y, 5) as i32;
            let want = (255 + n).clamp(0, 255) as u32;
            assert_eq!(rgb(out.pixels[y * 40 + x]), [want; 3]);
        }
    }
}

#[test]
fn rounding_stays_within_two_levels_of_the_textbook_chain() {
    // The documented deviation: floor once instead of three times.
    let mut rng = Rng(10);
    for _ in 0..200_000 {
        let (a, l) = (rng.next() as u32 & 0xFF_FFFF, rng.next() as u32 & 0xFF_FFFF);
        let k = rng.below(129) as u32;
        let v = rng.below(129) as u32;
        let got = rgb(post_pixel(a, l, k, v, 0, 0));
        let (a, l) = (rgb(a), rgb(l));
        let lit: Vec<i32> = (0..3)
            .map(|c| ((a[c] * l[c]) >> 7).min(255) as i32)
            .collect();
        let luma = (77 * lit[0] + 150 * lit[1] + 29 * lit[2]) >> 8;
        for c in 0..3 {
            let d = lit[c] + (((luma - lit[c]) * k as i32) >> 7);
            let textbook = (d * v as i32) >> 7;
            let diff = got[c] as i32 - textbook;
            let max = if v == 128 { 1 } else { 2 };
            assert!((0..=max).contains(&diff), "a={a:?} l={l:?} k={k} v={v}");
            if k == 0 || (k == 128 && v == 128) {
                assert_eq!(diff, 0);
            }
        }
    }
}

#[test]
fn grain_is_deterministic_and_changes_with_the_seed() {
    let (w, h) = (640, 360);
    let frame = |seed: u32| -> Vec<i8> {
        (0..h)
            .flat_map(|y| (0..w).map(move |x| grain_noise(x, y, seed)))
            .collect()
    };
    let a = frame(1);
    assert_eq!(a, frame(1));
    for other in [2, 0x8000_0001, u32::MAX] {
        let b = frame(other);
        let same = a.iter().zip(&b).filter(|(x, y)| x == y).count();
        // Unrelated uniform values agree 1 time in 256.
        assert!(
            same < a.len() / 100,
            "seed {other}: {same} of {} equal",
            a.len()
        );
    }
    // Through the pass as well, on a flat grey frame.
    let mut albedo = Framebuffer::new(64, 8);
    albedo.pixels.fill(0x0080_8080);
    let mut light = Framebuffer::new(64, 8);
    light.pixels.fill(0x0080_8080);
    let run = |seed| {
        let p = PostParams {
            grain: 64,
            grain_seed: seed,
            ..PostParams::default()
        };
        run_all(&albedo, &light, &p)
    };
    assert_eq!(run(10), run(10));
    assert_ne!(run(10), run(11));
}

#[test]
fn grain_looks_like_uniform_white_noise() {
    let (w, h) = (1280, 720);
    let n: Vec<f64> = (0..h)
        .flat_map(|y| (0..w).map(move |x| grain_noise(x, y, 0xABCD) as f64))
        .collect();
    let len = n.len() as f64;
    let mean = n.iter().sum::<f64>() / len;
    // Uniform on -128..=127: mean -0.5, variance (256² - 1) / 12.
    assert!((mean + 0.5).abs() < 0.5, "mean {mean}");
    let var = n.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / len;
    assert!(
        (var / ((65536.0 - 1.0) / 12.0) - 1.0).abs() < 0.02,
        "variance {var}"
    );
    let mut hist = [0usize; 256];
    for &x in &n {
        hist[(x as i32 + 128) as usize] += 1;
    }
    let expect = len / 256.0;
    for (v, &c) in hist.iter().enumerate() {
        assert!(
            (c as f64 - expect).abs() < 0.15 * expect,
            "value {}: {c} times, expected {expect}",
            v as i32 - 128
        );
    }
    // No correlation with the neighbours (horizontal, vertical, diagonal).
    for (dx, dy) in [(1, 0), (2, 0), (0, 1), (0, 2), (1, 1), (1, 2)] {
        let mut sum = 0.0;
        for y in 0..h - dy {
            for x in 0..w - dx {
                sum += (n[y * w + x] - mean) * (n[(y + dy) * w + x + dx] - mean);
            }
        }
        let corr = sum / (((w - dx) * (h - dy)) as f64 * var);
        assert!(corr.abs() < 0.03, "correlation at ({dx}, {dy}): {corr}");
    }
}

#[test]
fn vignette_is_flat_in_the_middle_and_darkest_in_the_corners() {
    for (w, h) in [(1280, 720), (321, 181), (4, 4), (2, 2), (1, 1), (7, 300)] {
        for vig in [0u8, 1, 40, 90, 128, 255] {
            let v = |x, y| vignette_factor(x, y, w, h, vig);
            if w != 2 && h != 2 {
                // (In a 2 × 2 frame every pixel is half a frame from the centre.)
                assert_eq!(v(w / 2, h / 2), 128, "{w}x{h} vig {vig}: centre");
                assert_eq!(v((w - 1) / 2, (h - 1) / 2), 128);
            }
            if vig == 0 {
                for (x, y) in [(0, 0), (w - 1, h - 1), (w / 3, h - 1)] {
                    assert_eq!(v(x, y), 128);
                }
                continue;
            }
            let corner = v(0, 0);
            let vig = vig.min(128);
            assert!(corner >= 128 - vig);
            if w >= 300 && h >= 180 {
                // Up to the flooring of each axis' h: 128 - vig at the very corner.
                assert!(
                    corner <= 128 - vig + 4,
                    "{w}x{h} vig {vig}: corner {corner}"
                );
                assert!(vig < 4 || corner < 128);
            }
            // Symmetric, and the corners are the minimum.
            for (x, y) in [(0, 0), (3.min(w - 1), 1.min(h - 1)), (w / 4, h / 3)] {
                assert_eq!(v(x, y), v(w - 1 - x, y));
                assert_eq!(v(x, y), v(x, h - 1 - y));
                assert!(v(x, y) >= corner);
            }
            // Non-increasing from the centre outward along rows and columns.
            for y in [0, h / 5, h / 2, h - 1] {
                for x in w / 2..w - 1 {
                    assert!(v(x + 1, y) <= v(x, y), "{w}x{h} vig {vig}: row {y} at {x}");
                }
                for x in 1..=w / 2 {
                    assert!(v(x - 1, y) <= v(x, y));
                }
            }
            for x in [0, w / 3, w / 2] {
                for y in h / 2..h - 1 {
                    assert!(v(x, y + 1) <= v(x, y));
                }
            }
        }
    }
    // The flat middle: the central quarter of both axes is untouched.
    let v = |x, y| vignette_factor(x, y, 1280, 720, 128);
    assert_eq!(v(640 - 160, 360 - 90), 128);
    assert_eq!(v(640 + 159, 360 + 89), 128);
    assert!(v(640 - 240, 360) < 128);
    assert!(v(640, 360 - 135) < 128);
    // Mid-edges at about 128 - vig/2, corners at about 128 - vig.
    assert!((60..=70).contains(&v(0, 360)), "{}", v(0, 360));
    assert!(v(0, 0) <= 6, "{}", v(0, 0));
}

#[test]
fn noise_table_is_an_exact_uniform_shuffle() {
    let mut hist = [0usize; 256];
    for &n in NOISE.iter() {
        hist[(n as i32 + 128) as usize] += 1;
    }
    assert!(hist.iter().all(|&c| c == NOISE_LEN / 256));
    // Not left in the initial counting order.
    assert!(
        NOISE
            .windows(2)
            .filter(|w| w[1] == w[0].wrapping_add(1))
            .count()
            < 64
    );
}

#[test]
fn free_function_and_auto_dispatch_match_the_reference() {
    let mut rng = Rng(11);
    let albedo = random_fb(&mut rng, 300, 17, false);
    let light = random_fb(&mut rng, 300, 17, false);
    let p = random_params(&mut rng);
    let mut want = albedo.clone();
    post_process_reference(&mut want, &light, &p);
    let mut got = albedo.clone();
    post_process(&mut got, &light, &p);
    assert_eq!(got, want);
    let mut got = albedo.clone();
    PostPass::new().run(&mut got, &light, &p);
    assert_eq!(got, want);
}
