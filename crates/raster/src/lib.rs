//! A small CPU software rasterizer. It knows nothing about the game: it draws
//! triangles, polygons, lines, circles, text and glows into a [`Framebuffer`].
//!
//! # Pixels and colours
//! * [`Framebuffer::pixels`] are `u32` in **`0x00RRGGBB`** (top byte always zero), the
//!   format softbuffer presents, so the window blits without converting.
//! * Source colours are [`Rgba`] (8-bit channels, straight alpha). Every primitive takes
//!   a [`Paint`] (colour + [`Blend`]): `Opaque` replaces, `Alpha` is source-over,
//!   `Additive` adds colour × alpha with saturation. A bare `Rgba` converts to an
//!   alpha paint, which is a plain store when alpha is 255.
//! * The optional [`DepthBuffer`] holds `f32`, smaller = nearer, cleared to `+inf`;
//!   the `*_depth` variants test and/or write it ([`DepthMode`]).
//!
//! ```
//! use raster::*;
//!
//! let mut fb = Framebuffer::new(320, 180);
//! fb.clear(Rgba::rgb(10, 10, 16));
//! fill_triangle(&mut fb, [[10.0, 10.0], [200.0, 40.0], [60.0, 170.0]], Rgba::rgb(200, 80, 40));
//! fill_quad(&mut fb, [[220.0, 20.0], [300.0, 60.0], [300.0, 120.0], [220.0, 80.0]],
//!           Paint::alpha(Rgba::new(60, 160, 255, 128)));
//! draw_line(&mut fb, [0.0, 179.0], [319.0, 0.0], 3.0, LineCap::Round, Rgba::WHITE);
//! fill_circle(&mut fb, [160.0, 90.0], 20.0, Paint::additive(Rgba::rgb(0, 90, 0)));
//! draw_light(&mut fb, [160.0, 90.0], 60.0, Rgba::rgb(255, 200, 120), 0.6);
//! let w = text_width("HELLO", 2);
//! draw_text(&mut fb, 160 - w / 2, 150, "HELLO", Rgba::WHITE, 2);
//! assert_eq!(fb.pixels.len(), 320 * 180);
//!
//! // Present at any window size, letterboxed.
//! let mut window = Framebuffer::new(1000, 700);
//! let vp = scale_nearest_into(&fb, &mut window, ScaleMode::Fit, Rgba::BLACK);
//! assert_eq!((vp.width, vp.height), (1000, 562));
//! ```
//!
//! # Bands
//! A [`Framebuffer`] may hold only rows [`Framebuffer::band`] of a `width × height`
//! frame ([`Framebuffer::new_band`]), so threads can draw a frame band by band. Every
//! primitive takes whole-frame coordinates, writes only the band's rows and computes
//! each pixel from its frame row (coverage, Gouraud planes, light falloff, depth,
//! vignette, grain), so the bands of a frame, concatenated, are byte for byte the frame
//! drawn whole, with either kernel (`tests/bands.rs`). The triangle walker starts its
//! edge DDAs exactly at a band's first row. A [`DepthBuffer`] is either the whole
//! frame's (indexed by frame row) or the band's size; the post pass takes an albedo and
//! a light band of the same rows.
//!
//! # Scale
//! [`Framebuffer::scale`] is device pixels per drawing unit (1 unless set). Every
//! primitive multiplies its positions and sizes (line widths, radii, stroke widths,
//! light ranges) by it on entry, so a scene laid out in 1280×720 units draws into
//! 1920×1080 at scale 1.5; a light's `to_light` maps drawing units. `fill_rect` rounds
//! each edge (`round(x·s)`, halves away from zero), so tiling rects still tile, and text
//! is rasterised at its size in device pixels (any fraction: 1.5 at 1080p), each
//! character's pen on a whole pixel. At scale 1 nothing
//! is multiplied: the output is what it was before scales existed. Pixel operations
//! ([`Framebuffer::get`], `put`, `blend_pixel`, `blit`, [`scale_nearest_into`],
//! [`Gamma`], the post pass) are in device pixels and ignore the scale.
//!
//! # Occluded lights
//! [`add_light_fan`] adds one light over exactly one polygon (its visibility polygon,
//! given as a fan of triangles around the light) into a *light buffer*, a
//! [`Framebuffer`] whose channels are light levels with 128 = 1.0 ([`LIGHT_ONE`]),
//! saturating at 255. The light is described by a [`LightShape`]: an affine map from
//! drawing units to a light space where the light is at the origin with range 1 (so isometric
//! ellipses are free), a colour, an intensity and an optional [`Cone`] (flashlight, with
//! a spill around the bearer). Falloff is `(1 − d²)²` like [`draw_light`]; the fan uses
//! the triangle fill rule, so its shared edges are lit exactly once. The exact
//! per-pixel formula is on [`add_light_fan`]; [`LightShape::contribution`] evaluates it
//! for one pixel.
//!
//! ```
//! use raster::*;
//!
//! let mut light = Framebuffer::new(320, 180);
//! // A torch on an isometric floor: range 60 px across, 30 px down (a 2:1 ellipse).
//! let torch = LightShape::point([100.0, 90.0], [60.0, 30.0], Rgba::rgb(255, 190, 120), 1.0);
//! // Its visibility polygon: a wall cuts the right half short.
//! let fan: Vec<[f32; 2]> = (0..32)
//!     .map(|i| {
//!         let a = i as f32 / 32.0 * std::f32::consts::TAU;
//!         let r = if a.cos() > 0.3 { 0.4 } else { 1.0 };
//!         [100.0 + 60.0 * r * a.cos(), 90.0 + 30.0 * r * a.sin()]
//!     })
//!     .collect();
//! add_light_fan(&mut light, [100.0, 90.0], &fan, true, &torch);
//! assert_eq!(light.get(100, 90), Some(0x80_5F_3C)); // 1.0 × the colour at the light
//! ```
//!
//! # Geometry rules
//! * Coordinates are `f32` drawing units (pixels at scale 1), y down; device pixel
//!   `(x, y)` covers `[x, x+1) × [y, y+1)` and is sampled at its centre `(x + ½, y + ½)`.
//! * Triangles use half-space edge functions on 24.8 fixed-point vertices with the
//!   **top-left fill rule**: triangles sharing an edge cover each pixel exactly once
//!   (no gaps, no double blending), which is property-tested. Quads and convex polygons
//!   are fans of such triangles.
//! * Everything is clipped to the target. NaN/inf input draws nothing; huge
//!   coordinates (±1e9) are clipped in `f64` against a guard band first, so nothing
//!   overflows and nothing panics. Targets up to [`MAX_DIM`] (32768) pixels per side.
//! * Lines, circles, ellipses and lights are anti-aliased from the signed distance of
//!   each pixel centre to the shape; text is drawn from an embedded TrueType font
//!   (DejaVu Sans Mono Bold, `fonts/` with its licence) by `ab_glyph` with coverage,
//!   each glyph rasterised once per size ([`draw_text`]).
//!
//! # Speed
//! The triangle filler walks spans with an exact DDA per edge (no per-pixel edge tests,
//! no divisions per row: one add and one add-with-carry per edge and row) and fills
//! each span with wide stores or integer blending (two channels per multiply); on x86-64 the hot path is also compiled for AVX2
//! and chosen at run time (set `RASTER_NO_AVX2=1` to force the portable kernels; the
//! pixels are identical). `cargo bench -p raster --bench triangles` runs the P3 scene
//! (10 000 random triangles, mean area ≈ 200 px, 1280×720) next to tiny-skia;
//! `cargo run --release -p raster --example p3` prints quick min/median timings.
//!
//! # Post pass
//! [`post_process`] (or a reusable [`PostPass`]) turns two same-size buffers, the unlit
//! `albedo` and a per-channel `light` buffer where [`LIGHT_ONE`] (128) = 1.0, into the
//! final frame in place in `albedo`: light × albedo, then desaturation toward the luma,
//! a vignette and monochrome film grain ([`PostParams`]), all integer and fused into one
//! sweep that reads `light` once. The exact formulas are in the docs of
//! [`post_process`] and in [`post_process_reference`], the scalar specification both
//! kernels (portable, and AVX2 chosen at run time like the others) are tested against,
//! bit for bit.
//! `cargo bench -p raster --bench post` times both kernels at 1280×720.
//!
//! # Golden images
//! `tests/golden.rs` renders small scenes and compares them pixel for pixel with the
//! PNGs in `tests/golden/`. On a mismatch it writes `<name>.actual.png` next to the
//! golden and fails with the number of differing pixels. To accept new output on
//! purpose, run `UPDATE_GOLDEN=1 cargo test -p raster --test golden`, look at the
//! images, and commit them.

mod aa;
mod blend;
mod circle;
mod clip;
mod color;
mod depth;
mod font;
mod framebuffer;
mod gamma;
mod light;
mod light_fan;
mod line;
mod polygon;
mod post;
mod scale;
mod span_avx2;
mod spans;
mod sprite;
mod text;
mod triangle;

pub use blend::{add_sat, blend_alpha, Blend, Paint};
pub use circle::{fill_circle, fill_ellipse, stroke_circle, stroke_ellipse};
pub use clip::GUARD;
pub use color::{pack_rgb, unpack_rgb, Rgba};
pub use depth::{DepthBuffer, DepthMode, DepthTest};
pub use font::{MAX_PX as TEXT_MAX_PX, SIZES_KEPT as TEXT_SIZES_KEPT};
pub use framebuffer::Framebuffer;
pub use gamma::{Gamma, GAMMA_RANGE};
pub use light::draw_light;
pub use light_fan::{add_light_fan, Cone, LightShape};
pub use line::{draw_line, draw_line_thin, LineCap};
pub use polygon::{fill_convex_polygon, fill_convex_polygon_depth, fill_quad};
#[doc(hidden)]
pub use post::PostKernel;
pub use post::{
    grain_noise, post_process, post_process_reference, vignette_factor, PostParams, PostPass,
    LIGHT_ONE,
};
pub use scale::{scale_bilinear_into, scale_nearest_into, ScaleMode, Viewport};
pub use spans::{coverage_count, MAX_DIM, SUBPIXEL_BITS};
pub use sprite::{modulate_sprite, ModSprite, MOD_ONE};
pub use text::{
    baseline, cap_height, chars_fitting, clip_end, clip_start, draw_text, text_height, text_width,
    wrap_lines, wrap_text, GLYPH_HEIGHT, GLYPH_WIDTH, LINE_HEIGHT,
};
pub use triangle::{
    fill_triangle, fill_triangle_depth, fill_triangle_gouraud, fill_triangle_gouraud_depth,
};
