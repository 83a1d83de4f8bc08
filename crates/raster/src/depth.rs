//! Optional depth buffer for the depth-tested triangle variants.
//!
//! `f32` per pixel, **smaller is nearer**, cleared to `+inf` (nothing drawn yet). Floats
//! rather than u16/u32 because the caller's depth is whatever its projection produces
//! (the iso view uses a world-space distance along the view axis), so no range has to be
//! chosen up front; the interpolation is per-span float stepping anyway.

/// Per-pixel depth, same layout as [`crate::Framebuffer::pixels`].
#[derive(Clone, Debug, PartialEq)]
pub struct DepthBuffer {
    pub width: usize,
    pub height: usize,
    pub depth: Vec<f32>,
}

/// Which depth comparison a draw uses and whether it writes depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DepthMode {
    pub test: DepthTest,
    /// Store the fragment depth for pixels that pass.
    pub write: bool,
}

/// The comparison between the incoming depth `z` and the stored one `zbuf`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DepthTest {
    /// Pass if `z < zbuf` (the usual choice).
    Less,
    /// Pass if `z <= zbuf` (lets coplanar decals drawn later win).
    LessEqual,
    /// Always pass (write-only or ignore depth).
    Always,
}

impl DepthMode {
    /// Test `Less` and write: ordinary opaque geometry.
    pub const LESS_WRITE: DepthMode = DepthMode {
        test: DepthTest::Less,
        write: true,
    };
    /// Test `LessEqual`, no write: translucent geometry over an opaque scene.
    pub const TEST_ONLY: DepthMode = DepthMode {
        test: DepthTest::LessEqual,
        write: false,
    };
}

impl DepthBuffer {
    /// A buffer cleared to `+inf`.
    pub fn new(width: usize, height: usize) -> DepthBuffer {
        DepthBuffer {
            width,
            height,
            depth: vec![f32::INFINITY; width * height],
        }
    }

    /// Resets every pixel to `+inf`.
    pub fn clear(&mut self) {
        self.depth.fill(f32::INFINITY);
    }

    /// Resizes and clears.
    pub fn resize(&mut self, width: usize, height: usize) {
        self.width = width;
        self.height = height;
        self.depth.clear();
        self.depth.resize(width * height, f32::INFINITY);
    }

    /// Depth at `(x, y)` or `None` outside.
    pub fn get(&self, x: i32, y: i32) -> Option<f32> {
        if x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height {
            Some(self.depth[y as usize * self.width + x as usize])
        } else {
            None
        }
    }
}
