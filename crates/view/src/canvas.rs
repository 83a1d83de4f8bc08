//! Where the scene draws: the albedo frame and, with the horror layer on, the light
//! buffer beside it.
//!
//! The horror layer lights the frame in one post pass (`albedo × light`), so every shape
//! that lands in the albedo must also say how lit it is. A [`Canvas`] draws each shape
//! twice: its paint into the albedo, and into the light buffer the light of the object
//! being drawn (the *stamp*, set per object) with the same geometry and coverage, so
//! anti-aliased edges mix the object's light with what lies behind exactly as they mix
//! the colours. Additive paints are emissive: under them the light buffer goes to
//! [`GLOW`], so they shine in the dark. Without a light buffer a canvas is just the
//! albedo frame and draws exactly what the plain scene always drew.

use raster::{
    draw_line, fill_circle, fill_convex_polygon, fill_ellipse, stroke_circle, stroke_ellipse,
    Blend, Framebuffer, LineCap, Paint, Rgba,
};

/// Light under emissive shapes: the brightest a light buffer holds (≈ 2.0).
pub const GLOW: Rgba = Rgba::rgb(255, 255, 255);
/// Light level 1.0: the albedo shown as drawn.
pub const UNLIT: Rgba = Rgba::rgb(128, 128, 128);

pub struct Canvas<'a> {
    albedo: &'a mut Framebuffer,
    light: Option<&'a mut Framebuffer>,
    /// The light of the object being drawn (ignored without a light buffer).
    pub stamp: Rgba,
}

impl<'a> Canvas<'a> {
    /// The albedo frame alone: the plain scene.
    pub fn plain(albedo: &'a mut Framebuffer) -> Canvas<'a> {
        Canvas {
            albedo,
            light: None,
            stamp: UNLIT,
        }
    }

    /// Albedo and light buffer (same size).
    pub fn lit(albedo: &'a mut Framebuffer, light: &'a mut Framebuffer) -> Canvas<'a> {
        Canvas {
            albedo,
            light: Some(light),
            stamp: UNLIT,
        }
    }

    pub fn has_light(&self) -> bool {
        self.light.is_some()
    }

    pub fn width(&self) -> usize {
        self.albedo.width
    }

    pub fn height(&self) -> usize {
        self.albedo.height
    }

    /// Whether anything drawn inside the box `[x0, x1] × [y0, y1]` (drawing units) can
    /// land in this canvas's rows (a band of the frame, or all of it): a body wholly
    /// outside is not posed at all.
    pub fn shows(&self, [x0, y0]: [f32; 2], [x1, y1]: [f32; 2]) -> bool {
        shows(self.albedo, [x0, y0], [x1, y1])
    }

    /// The albedo alone: shapes drawn here take the light already in the light buffer
    /// (floor decals, shadows).
    pub fn albedo(&mut self) -> &mut Framebuffer {
        self.albedo
    }

    /// The light buffer alone, if any.
    pub fn light(&mut self) -> Option<&mut Framebuffer> {
        self.light.as_deref_mut()
    }

    /// The light-buffer paint for an albedo paint.
    fn light_paint(&self, p: Paint) -> Paint {
        match p.blend {
            Blend::Additive => Paint::alpha(GLOW.with_alpha(p.color.a)),
            Blend::Opaque => Paint::alpha(self.stamp.with_alpha(255)),
            Blend::Alpha => Paint::alpha(self.stamp.with_alpha(p.color.a)),
        }
    }

    /// Runs `f` on the albedo with `p`, then on the light buffer with the light paint;
    /// with `glow` the light buffer gets [`GLOW`] whatever the paint (markers that must
    /// read in the dark: telegraphs, rims).
    fn both(&mut self, p: Paint, glow: bool, f: impl Fn(&mut Framebuffer, Paint)) {
        f(self.albedo, p);
        let lp = if glow {
            let a = if p.blend == Blend::Opaque {
                255
            } else {
                p.color.a
            };
            Paint::alpha(GLOW.with_alpha(a))
        } else {
            self.light_paint(p)
        };
        if let Some(l) = self.light.as_deref_mut() {
            f(l, lp);
        }
    }

    pub fn circle(&mut self, c: [f32; 2], r: f32, p: impl Into<Paint>) {
        self.both(p.into(), false, |fb, p| fill_circle(fb, c, r, p));
    }

    /// A circle inside a shape of the same object already drawn through the canvas: the
    /// light under it is already the object's, so it goes to the albedo only (half the
    /// cost; bodies are mostly such detail).
    pub fn inner_circle(&mut self, c: [f32; 2], r: f32, p: impl Into<Paint>) {
        fill_circle(self.albedo, c, r, p);
    }

    /// A line inside a shape of the same object already drawn through the canvas (a
    /// limb over its outline): the albedo only, as [`Canvas::inner_circle`].
    pub fn inner_line(
        &mut self,
        a: [f32; 2],
        b: [f32; 2],
        width: f32,
        cap: LineCap,
        p: impl Into<Paint>,
    ) {
        draw_line(self.albedo, a, b, width, cap, p);
    }

    pub fn ellipse(&mut self, c: [f32; 2], r: [f32; 2], p: impl Into<Paint>) {
        self.both(p.into(), false, |fb, p| fill_ellipse(fb, c, r, p));
    }

    pub fn stroke_circle(&mut self, c: [f32; 2], r: f32, width: f32, p: impl Into<Paint>) {
        self.both(p.into(), false, |fb, p| stroke_circle(fb, c, r, width, p));
    }

    pub fn stroke_ellipse(&mut self, c: [f32; 2], r: [f32; 2], width: f32, p: impl Into<Paint>) {
        self.both(p.into(), false, |fb, p| stroke_ellipse(fb, c, r, width, p));
    }

    pub fn line(
        &mut self,
        a: [f32; 2],
        b: [f32; 2],
        width: f32,
        cap: LineCap,
        p: impl Into<Paint>,
    ) {
        self.both(p.into(), false, |fb, p| draw_line(fb, a, b, width, cap, p));
    }

    pub fn polygon(&mut self, pts: &[[f32; 2]], p: impl Into<Paint>) {
        self.both(p.into(), false, |fb, p| fill_convex_polygon(fb, pts, p));
    }

    pub fn rect(&mut self, x: i32, y: i32, w: i32, h: i32, p: impl Into<Paint>) {
        self.both(p.into(), false, |fb, p| fb.fill_rect(x, y, w, h, p));
    }

    /// Emissive outlines and markers: full glow under them.
    pub fn glow_line(
        &mut self,
        a: [f32; 2],
        b: [f32; 2],
        width: f32,
        cap: LineCap,
        p: impl Into<Paint>,
    ) {
        self.both(p.into(), true, |fb, p| draw_line(fb, a, b, width, cap, p));
    }

    pub fn glow_polygon(&mut self, pts: &[[f32; 2]], p: impl Into<Paint>) {
        self.both(p.into(), true, |fb, p| fill_convex_polygon(fb, pts, p));
    }

    pub fn glow_stroke_circle(&mut self, c: [f32; 2], r: f32, width: f32, p: impl Into<Paint>) {
        self.both(p.into(), true, |fb, p| stroke_circle(fb, c, r, width, p));
    }

    pub fn glow_stroke_ellipse(
        &mut self,
        c: [f32; 2],
        r: [f32; 2],
        width: f32,
        p: impl Into<Paint>,
    ) {
        self.both(p.into(), true, |fb, p| stroke_ellipse(fb, c, r, width, p));
    }

    pub fn glow_circle(&mut self, c: [f32; 2], r: f32, p: impl Into<Paint>) {
        self.both(p.into(), true, |fb, p| fill_circle(fb, c, r, p));
    }
}

/// [`Canvas::shows`] for a framebuffer.
pub fn shows(fb: &Framebuffer, [x0, y0]: [f32; 2], [x1, y1]: [f32; 2]) -> bool {
    let k = fb.scale();
    let band = fb.band();
    x1 * k >= 0.0
        && x0 * k < fb.width as f32
        && y1 * k >= band.start as f32
        && y0 * k < band.end as f32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_canvas_draws_the_albedo_only() {
        let mut a = Framebuffer::new(20, 20);
        let mut direct = Framebuffer::new(20, 20);
        {
            let mut c = Canvas::plain(&mut a);
            c.circle([10.0, 10.0], 5.0, Rgba::rgb(200, 10, 10));
            c.line(
                [0.0, 0.0],
                [19.0, 19.0],
                2.0,
                LineCap::Round,
                Rgba::new(0, 200, 0, 100),
            );
        }
        fill_circle(&mut direct, [10.0, 10.0], 5.0, Rgba::rgb(200, 10, 10));
        draw_line(
            &mut direct,
            [0.0, 0.0],
            [19.0, 19.0],
            2.0,
            LineCap::Round,
            Rgba::new(0, 200, 0, 100),
        );
        assert_eq!(a, direct);
    }

    #[test]
    fn lit_canvas_stamps_the_object_light_with_the_same_coverage() {
        let mut a = Framebuffer::new(20, 20);
        let mut l = Framebuffer::new(20, 20);
        {
            let mut c = Canvas::lit(&mut a, &mut l);
            c.stamp = Rgba::rgb(40, 50, 60);
            c.circle([10.0, 10.0], 5.0, Rgba::rgb(200, 10, 10));
            c.circle([3.0, 3.0], 2.0, Paint::additive(Rgba::rgb(255, 0, 0)));
        }
        assert_eq!(l.get(10, 10), Some(0x28323C));
        assert_eq!(a.get(10, 10), Some(0xC80A0A));
        // The light has the same coverage as the colour: on the anti-aliased rim both are
        // the same fraction of the full value, outside both are untouched.
        let mut rim = 0;
        for y in 8..20 {
            for x in 0..20 {
                let a = Rgba::from_u32(a.get(x, y).unwrap());
                let l = Rgba::from_u32(l.get(x, y).unwrap());
                let want = 40.0 * a.r as f32 / 200.0;
                assert!((l.r as f32 - want).abs() <= 1.0, "({x},{y}) {a:?} {l:?}");
                if a.r > 0 && a.r < 200 {
                    rim += 1;
                }
            }
        }
        assert!(rim > 4, "the circle has an anti-aliased rim ({rim} px)");
        // Under the emissive shape the light is the glow.
        assert_eq!(l.get(3, 3), Some(GLOW.to_u32()));
    }
}
