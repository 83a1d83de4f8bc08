//! The post pass through the public API: random sizes (albedo and light apart, so they
//! often mismatch), random levels (including the out-of-range 129..=255) and random
//! pixels. Every path must match the scalar reference bit for bit, leave pixels
//! outside the overlap alone, and never panic or resize anything.

use proptest::prelude::*;
use raster::*;

fn framebuffer(max_w: usize, max_h: usize) -> impl Strategy<Value = Framebuffer> {
    (0..=max_w, 0..=max_h, any::<u64>()).prop_map(|(w, h, seed)| {
        let mut fb = Framebuffer::new(w, h);
        let mut s = seed;
        for p in fb.pixels.iter_mut() {
            s = s
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            *p = (s >> 40) as u32;
        }
        fb
    })
}

fn params() -> impl Strategy<Value = PostParams> {
    let level = prop_oneof![Just(0u8), Just(128u8), Just(255u8), any::<u8>()];
    (level.clone(), level.clone(), level, any::<u32>()).prop_map(
        |(desaturate, vignette, grain, grain_seed)| PostParams {
            desaturate,
            vignette,
            grain,
            grain_seed,
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn every_path_matches_the_reference(
        albedo in framebuffer(70, 6),
        light in framebuffer(70, 6),
        p in params(),
    ) {
        let mut want = albedo.clone();
        post_process_reference(&mut want, &light, &p);
        prop_assert_eq!((want.width, want.height), (albedo.width, albedo.height));
        let (w, h) = (albedo.width.min(light.width), albedo.height.min(light.height));
        for y in 0..albedo.height {
            for x in 0..albedo.width {
                if x >= w || y >= h {
                    let i = y * albedo.width + x;
                    prop_assert_eq!(want.pixels[i], albedo.pixels[i]);
                }
            }
        }

        let mut got = albedo.clone();
        post_process(&mut got, &light, &p);
        prop_assert_eq!(&got, &want);

        let mut pass = PostPass::new();
        for kernel in [PostKernel::Portable, PostKernel::Avx2] {
            let mut got = albedo.clone();
            if pass.run_kernel(&mut got, &light, &p, kernel) {
                prop_assert_eq!(&got, &want, "{:?}", kernel);
            }
        }
    }
}

#[test]
fn light_one_is_neutral() {
    let mut albedo = Framebuffer::new(33, 3);
    for (i, p) in albedo.pixels.iter_mut().enumerate() {
        *p = (i as u32).wrapping_mul(0x9E37_79B9) & 0x00FF_FFFF;
    }
    let mut light = Framebuffer::new(33, 3);
    light.clear(Rgba::rgb(LIGHT_ONE, LIGHT_ONE, LIGHT_ONE));
    let mut out = albedo.clone();
    post_process(&mut out, &light, &PostParams::default());
    assert_eq!(out, albedo);
}
