//! The shell's layout: each screen is first computed as a [`Layout`] — the dimming, its
//! panels and bars, and every text with the box it must stay inside — and then drawn
//! from it by [`Layout::draw`], the only painter of the screens. So the layout tests
//! check the very boxes the drawing uses ([`Layout::faults`]), not a second guess of
//! them.
//!
//! Screens are laid out in the units of a [`DESIGN_W`]×[`DESIGN_H`] box (the app's
//! internal frame), drawn at the frame's UI scale ([`super::ui::ui_scale`]: quarter
//! steps, 1.5 at 1920×1080, 2 at 2560×1440, 3 at 3840×2160) and centred; the text is
//! rasterised at that size. On a smaller frame it is drawn unscaled and centred (and
//! may not fit: the tests measure 1280×720, 1920×1080, 2560×1440 and 3840×2160). A
//! layout is checked ([`Layout::faults`]) in the frame's own pixels, where it is
//! drawn.

use raster::{text_height, text_width, Framebuffer, Paint, Rgba};

use super::style::{dim, panel, text};

/// The size the screens are designed for, in layout units.
pub use super::ui::{DESIGN_H, DESIGN_W};

/// A rectangle `x .. x + w` × `y .. y + h`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect {
    pub x: i32,
    pub y: i32,
    pub w: i32,
    pub h: i32,
}

impl Rect {
    pub const fn new(x: i32, y: i32, w: i32, h: i32) -> Rect {
        Rect { x, y, w, h }
    }

    pub const fn right(&self) -> i32 {
        self.x + self.w
    }

    pub const fn bottom(&self) -> i32 {
        self.y + self.h
    }

    /// Whether `o` lies wholly inside this one (an empty `o` anywhere inside counts).
    pub fn contains(&self, o: &Rect) -> bool {
        o.x >= self.x && o.y >= self.y && o.right() <= self.right() && o.bottom() <= self.bottom()
    }

    /// Whether the two share any pixel.
    pub fn overlaps(&self, o: &Rect) -> bool {
        self.w > 0
            && self.h > 0
            && o.w > 0
            && o.h > 0
            && o.x < self.right()
            && self.x < o.right()
            && o.y < self.bottom()
            && self.y < o.bottom()
    }

    /// Shrunk by `d` on every side.
    pub fn inset(&self, d: i32) -> Rect {
        Rect::new(self.x + d, self.y + d, self.w - 2 * d, self.h - 2 * d)
    }
}

impl std::fmt::Display for Rect {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "x {}..{}, y {}..{}",
            self.x,
            self.right(),
            self.y,
            self.bottom()
        )
    }
}

/// The box a text's ink covers at `(x, y)`: its advance and lines
/// ([`raster::text_width`], [`raster::text_height`]) and the shadow one font pixel down
/// and right ([`super::style::text`]).
pub fn text_rect(x: i32, y: i32, s: &str, scale: u32) -> Rect {
    let d = scale.max(1) as i32;
    Rect::new(x, y, text_width(s, scale) + d, text_height(s, scale) + d)
}

/// One text of a screen: where it is drawn and the box it must stay inside.
#[derive(Clone, Debug, PartialEq)]
pub struct TextBox {
    pub text: String,
    pub x: i32,
    pub y: i32,
    pub scale: u32,
    pub color: Rgba,
    /// The panel, row or column the text belongs to.
    pub container: Rect,
}

impl TextBox {
    /// What the text covers, shadow included (layout units).
    pub fn rect(&self) -> Rect {
        text_rect(self.x, self.y, &self.text, self.scale)
    }
}

/// One step of a screen's drawing, in layout units.
#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    /// The whole frame darkened by this much.
    Dim(u8),
    /// A dark translucent box with a faint edge.
    Panel(Rect),
    /// A translucent bar (the selection, a row's stripe).
    Fill(Rect, Rgba),
    Text(TextBox),
}

/// A screen as computed: its steps in drawing order, in layout units, and how the units
/// map onto the frame.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// The frame's size in pixels.
    pub frame_w: i32,
    pub frame_h: i32,
    /// Frame pixels per drawing unit (the frame's UI scale).
    pub ui: f32,
    /// Drawing units per layout unit (a whole factor: 1 unless the frame holds the
    /// design box more than twice over at its UI scale).
    pub k: i32,
    /// Where the design box's corner lies, in drawing units.
    pub ox: i32,
    pub oy: i32,
    pub ops: Vec<Op>,
}

impl Layout {
    /// An empty layout for a `w`×`h` frame (pixels).
    pub fn new(w: usize, h: usize) -> Layout {
        let (w, h) = (w.min(1 << 20), h.min(1 << 20));
        let (uw, uh) = super::ui::ui_units(w, h);
        let (k, ox, oy) = super::ui::design_fit(uw as i32, uh as i32);
        Layout {
            frame_w: w as i32,
            frame_h: h as i32,
            ui: super::ui::ui_scale(w, h),
            k,
            ox,
            oy,
            ops: Vec::new(),
        }
    }

    /// The design box in layout units.
    pub fn design(&self) -> Rect {
        Rect::new(0, 0, DESIGN_W, DESIGN_H)
    }

    /// A rectangle of layout units in drawing units.
    pub fn to_units(&self, r: &Rect) -> Rect {
        Rect::new(
            self.ox + r.x * self.k,
            self.oy + r.y * self.k,
            r.w * self.k,
            r.h * self.k,
        )
    }

    /// A rectangle of layout units in frame pixels: each edge at `round(u · ui)` for
    /// its drawing unit `u`, as the rasterizer places rects and text boxes.
    pub fn to_frame(&self, r: &Rect) -> Rect {
        let u = self.to_units(r);
        let p = |v: i32| (v as f32 * self.ui).round() as i32;
        let (x0, y0) = (p(u.x), p(u.y));
        Rect::new(x0, y0, p(u.right()) - x0, p(u.bottom()) - y0)
    }

    /// The frame in pixels.
    pub fn frame(&self) -> Rect {
        Rect::new(0, 0, self.frame_w, self.frame_h)
    }

    pub fn dim(&mut self, amount: u8) {
        self.ops.push(Op::Dim(amount));
    }

    /// A panel; returns its rectangle.
    pub fn panel(&mut self, r: Rect) -> Rect {
        self.ops.push(Op::Panel(r));
        r
    }

    pub fn fill(&mut self, r: Rect, color: Rgba) {
        self.ops.push(Op::Fill(r, color));
    }

    /// `s` at `(x, y)`, to stay inside `container`; returns its width.
    pub fn text(
        &mut self,
        container: Rect,
        x: i32,
        y: i32,
        s: &str,
        color: Rgba,
        scale: u32,
    ) -> i32 {
        self.ops.push(Op::Text(TextBox {
            text: s.to_string(),
            x,
            y,
            scale,
            color,
            container,
        }));
        text_width(s, scale)
    }

    /// `s` centred horizontally in `container`, at `y`.
    pub fn centred(&mut self, container: Rect, y: i32, s: &str, color: Rgba, scale: u32) {
        let x = container.x + (container.w - text_width(s, scale)) / 2;
        self.text(container, x, y, s, color, scale);
    }

    /// Every text, in drawing order.
    pub fn texts(&self) -> impl Iterator<Item = &TextBox> {
        self.ops.iter().filter_map(|op| match op {
            Op::Text(t) => Some(t),
            _ => None,
        })
    }

    /// Draws the screen at the layout's UI scale (the framebuffer's scale is put back
    /// after). A text on a panel drawn before it goes without the shadow (the panel's
    /// dark already sets it off; half the title's text cost at 1080p), any other with
    /// it.
    pub fn draw(&self, fb: &mut Framebuffer) {
        let k = self.k;
        let before = fb.scale();
        fb.set_scale(self.ui);
        let mut panels: Vec<Rect> = Vec::new();
        for op in &self.ops {
            match op {
                Op::Dim(a) => dim(fb, *a),
                Op::Panel(r) => {
                    let p = self.to_units(r);
                    panel(fb, p.x, p.y, p.w, p.h);
                    panels.push(*r);
                }
                Op::Fill(r, c) => {
                    let p = self.to_units(r);
                    fb.fill_rect(p.x, p.y, p.w, p.h, Paint::alpha(*c));
                }
                Op::Text(t) => {
                    let (x, y) = (self.ox + t.x * k, self.oy + t.y * k);
                    let scale = t.scale * k as u32;
                    match panels.iter().any(|p| p.contains(&t.rect())) {
                        true => {
                            raster::draw_text(fb, x, y, &t.text, t.color, scale);
                        }
                        false => {
                            text(fb, x, y, &t.text, t.color, scale);
                        }
                    }
                }
            }
        }
        fb.set_scale(before);
    }

    /// What is wrong with the layout, one line each naming the text: a text outside its
    /// container or the frame, two texts over each other, a panel outside the frame.
    pub fn faults(&self) -> Vec<String> {
        let frame = self.frame();
        let mut out = Vec::new();
        for op in &self.ops {
            if let Op::Panel(r) = op {
                let p = self.to_frame(r);
                if !frame.contains(&p) {
                    out.push(format!("a panel ({p}) leaves the frame ({frame})"));
                }
            }
        }
        let texts: Vec<(&TextBox, Rect)> = self
            .texts()
            .filter(|t| !t.text.trim().is_empty())
            .map(|t| (t, self.to_frame(&t.rect())))
            .collect();
        for (t, r) in &texts {
            let c = self.to_frame(&t.container);
            if !c.contains(r) {
                out.push(format!("`{}` ({r}) leaves its box ({c})", t.text));
            }
            if !frame.contains(r) {
                out.push(format!("`{}` ({r}) leaves the frame ({frame})", t.text));
            }
        }
        for (i, (a, ra)) in texts.iter().enumerate() {
            for (b, rb) in &texts[i + 1..] {
                if ra.overlaps(rb) {
                    out.push(format!("`{}` ({ra}) overlaps `{}` ({rb})", a.text, b.text));
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bounding box of the pixels that differ from black.
    fn ink(fb: &Framebuffer) -> Option<Rect> {
        let mut b: Option<(i32, i32, i32, i32)> = None;
        for y in 0..fb.height as i32 {
            for x in 0..fb.width as i32 {
                if fb.get(x, y) != Some(0) {
                    b = Some(match b {
                        None => (x, y, x + 1, y + 1),
                        Some((a, c, d, e)) => (a.min(x), c.min(y), d.max(x + 1), e.max(y + 1)),
                    });
                }
            }
        }
        b.map(|(x0, y0, x1, y1)| Rect::new(x0, y0, x1 - x0, y1 - y0))
    }

    /// The box a text is checked against covers every pixel its drawing touches, the
    /// shadow and descenders included, at every scale of the design box.
    #[test]
    fn a_text_box_covers_its_ink() {
        for (w, h) in [(1280, 720), (1920, 1080), (2560, 1440), (1600, 900)] {
            for s in ["gjpqy,;", "Hello, World", "MW_|", "(does not load)", "`@$"] {
                for scale in [1, 2, 3] {
                    let mut l = Layout::new(w, h);
                    let all = l.design();
                    l.text(all, 100, 50, s, Rgba::WHITE, scale);
                    let mut fb = Framebuffer::new(w, h);
                    l.draw(&mut fb);
                    let t = l.texts().next().unwrap();
                    let want = l.to_frame(&t.rect());
                    let got = ink(&fb).unwrap();
                    assert!(
                        want.contains(&got),
                        "{s:?} ×{scale} on {w}×{h}: {got} in {want}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_design_box_scales_by_the_ui_scale_and_centres() {
        let l = Layout::new(1280, 720);
        assert_eq!((l.ui, l.k, l.ox, l.oy), (1.0, 1, 0, 0));
        let l = Layout::new(1920, 1080);
        assert_eq!((l.ui, l.k, l.ox, l.oy), (1.5, 1, 0, 0));
        assert_eq!(
            l.to_frame(&Rect::new(10, 20, 30, 41)),
            Rect::new(15, 30, 45, 62)
        );
        let l = Layout::new(2560, 1440);
        assert_eq!((l.ui, l.k, l.ox, l.oy), (2.0, 1, 0, 0));
        assert_eq!(
            l.to_frame(&Rect::new(10, 20, 30, 40)),
            Rect::new(20, 40, 60, 80)
        );
        // A wider frame: the box centred in its units.
        let l = Layout::new(2560, 1080);
        assert_eq!((l.ui, l.k, l.ox, l.oy), (1.5, 1, 213, 0));
    }

    /// Issue 35: at 1920×1080 the text was the 720p font. A capital's height (its stem's
    /// coverage summed down its column) at 1080p is 1.5 times its 720p height, and
    /// twice and three times at 1440p and 2160p.
    #[test]
    fn text_grows_with_the_frame() {
        let stem = |w: usize, h: usize, scale: u32| {
            let mut l = Layout::new(w, h);
            l.text(l.design(), 100, 100, "H", Rgba::WHITE, scale);
            let mut fb = Framebuffer::new(w, h);
            l.draw(&mut fb);
            (0..w as i32)
                .map(|x| {
                    (0..h as i32)
                        .map(|y| (fb.get(x, y).unwrap() & 0xFF) as f32 / 255.0)
                        .sum::<f32>()
                })
                .fold(0.0, f32::max)
        };
        for scale in [1, 2] {
            let at720 = stem(1280, 720, scale);
            assert!(
                (at720 - raster::cap_height() * scale as f32).abs() < 0.1,
                "{at720}"
            );
            for (w, h, k) in [(1920, 1080, 1.5), (2560, 1440, 2.0), (3840, 2160, 3.0)] {
                let r = stem(w, h, scale) / at720;
                assert!(r >= k - 0.01 && r < k + 0.05, "×{scale} at {w}x{h}: {r}");
            }
        }
    }

    #[test]
    fn faults_name_the_text() {
        let mut l = Layout::new(1280, 720);
        let p = l.panel(Rect::new(100, 100, 200, 100));
        l.text(p, 110, 110, "fits", Rgba::WHITE, 2);
        l.text(p, 110, 150, "this line is far too long", Rgba::WHITE, 2);
        l.text(p, 112, 112, "on top", Rgba::WHITE, 1);
        l.text(l.design(), 1270, 700, "off", Rgba::WHITE, 2);
        let f = l.faults();
        assert_eq!(f.len(), 4, "{f:#?}");
        assert!(f[0].starts_with("`this line is far too long`"), "{f:#?}");
        assert!(f[1].starts_with("`off`") && f[1].contains("its box"));
        assert!(f[2].starts_with("`off`") && f[2].contains("the frame"));
        assert!(f[3].contains("`fits`") && f[3].contains("overlaps `on top`"));
        assert!(!Rect::new(0, 0, 10, 10).overlaps(&Rect::new(10, 0, 5, 5)));
    }
}
