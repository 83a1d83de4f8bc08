//! The P3 benchmark scene, shared by `benches/triangles.rs` and `examples/p3.rs`:
//! 10 000 random triangles from a fixed seed, mean area ≈ 200 px, all inside 1280×720.

// Each bench / example uses a different subset of these helpers.
#![allow(dead_code)]

use raster::Rgba;

pub const W: usize = 1280;
pub const H: usize = 720;
pub const N: usize = 10_000;
/// Half-size of the box the three vertices are drawn from. For uniform points in a
/// square of side 2S the expected triangle area is 11/144 · (2S)² ≈ 0.3056 S², so
/// S = 25.6 gives a mean area of ≈ 200 px.
const S: f32 = 25.6;

/// splitmix64: tiny, deterministic, good enough for test geometry.
pub struct Rng(pub u64);
impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `[lo, hi)`.
    pub fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (self.next() >> 40) as f32 / (1u64 << 24) as f32 * (hi - lo)
    }
}

pub struct Scene {
    pub tris: Vec<[[f32; 2]; 3]>,
    pub colors: Vec<Rgba>,
}

pub fn scene(seed: u64) -> Scene {
    let mut rng = Rng(seed);
    let mut tris = Vec::with_capacity(N);
    let mut colors = Vec::with_capacity(N);
    for _ in 0..N {
        let cx = rng.range(S, W as f32 - S);
        let cy = rng.range(S, H as f32 - S);
        let mut p = || [cx + rng.range(-S, S), cy + rng.range(-S, S)];
        tris.push([p(), p(), p()]);
        let c = rng.next();
        colors.push(Rgba::rgb(c as u8, (c >> 8) as u8, (c >> 16) as u8));
    }
    Scene { tris, colors }
}

pub fn area(t: &[[f32; 2]; 3]) -> f32 {
    ((t[1][0] - t[0][0]) * (t[2][1] - t[0][1]) - (t[1][1] - t[0][1]) * (t[2][0] - t[0][0])).abs()
        * 0.5
}
