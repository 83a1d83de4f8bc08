//! Convex polygons and quads, as a fan of triangles around the first vertex.
//!
//! A fan is enough because the triangle rule already tiles exactly: the internal fan
//! edges are shared, so each pixel of the polygon is written once even with alpha or
//! additive paints. Iso wall faces are quads drawn through [`fill_quad`].

use crate::blend::{Paint, Shader};
use crate::depth::{DepthBuffer, DepthMode};
use crate::framebuffer::Framebuffer;
use crate::triangle::{fill_triangle_depth, fill_triangle_shader, scale_pt};

/// Fills a convex polygon (either winding), points in drawing units. Fewer than three
/// points draw nothing; a non-convex input draws its fan, which may overlap itself.
pub fn fill_convex_polygon(fb: &mut Framebuffer, pts: &[[f32; 2]], paint: impl Into<Paint>) {
    let sh = Shader::new(paint.into());
    if pts.len() < 3 || sh.is_skip() {
        return;
    }
    let s = fb.scale();
    if s == 1.0 {
        for i in 1..pts.len() - 1 {
            fill_triangle_shader(fb, &[pts[0], pts[i], pts[i + 1]], sh);
        }
    } else {
        // Each point scaled once (the same product for every triangle sharing it, so
        // the fan's shared edges still meet exactly).
        let p0 = scale_pt(s, pts[0]);
        let mut prev = scale_pt(s, pts[1]);
        for &p in &pts[2..] {
            let next = scale_pt(s, p);
            fill_triangle_shader(fb, &[p0, prev, next], sh);
            prev = next;
        }
    }
}

/// Fills a convex quad `a b c d` (in order around the outline).
pub fn fill_quad(fb: &mut Framebuffer, q: [[f32; 2]; 4], paint: impl Into<Paint>) {
    fill_convex_polygon(fb, &q, paint)
}

/// Depth-tested convex polygon with `[x, y, z]` vertices (planar or not: each fan
/// triangle interpolates its own z).
pub fn fill_convex_polygon_depth(
    fb: &mut Framebuffer,
    depth: &mut DepthBuffer,
    pts: &[[f32; 3]],
    paint: impl Into<Paint>,
    mode: DepthMode,
) {
    let paint = paint.into();
    if pts.len() < 3 {
        return;
    }
    for i in 1..pts.len() - 1 {
        fill_triangle_depth(fb, depth, [pts[0], pts[i], pts[i + 1]], paint, mode);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::color::Rgba;

    #[test]
    fn axis_aligned_quad_covers_exact_pixel_rect() {
        let mut fb = Framebuffer::new(10, 10);
        let p = Paint::additive(Rgba::rgb(1, 1, 1));
        fill_quad(&mut fb, [[2.0, 3.0], [7.0, 3.0], [7.0, 9.0], [2.0, 9.0]], p);
        for y in 0..10 {
            for x in 0..10 {
                let inside = (2..7).contains(&x) && (3..9).contains(&y);
                assert_eq!(
                    fb.get(x, y),
                    Some(if inside { 0x010101 } else { 0 }),
                    "({x},{y})"
                );
            }
        }
    }

    #[test]
    fn hexagon_fan_no_double_blend() {
        let mut fb = Framebuffer::new(40, 40);
        let pts: Vec<[f32; 2]> = (0..6)
            .map(|i| {
                let a = i as f32 * std::f32::consts::TAU / 6.0 + 0.3;
                [20.0 + 15.0 * a.cos(), 20.0 + 15.0 * a.sin()]
            })
            .collect();
        fill_convex_polygon(&mut fb, &pts, Paint::additive(Rgba::rgb(1, 1, 1)));
        assert!(fb.pixels.iter().all(|&p| p == 0 || p == 0x010101));
        let n = fb.pixels.iter().filter(|&&p| p != 0).count();
        let area = 1.5 * 3f32.sqrt() * 15.0 * 15.0;
        assert!((n as f32 - area).abs() < 40.0, "{n} vs {area}");
        fill_convex_polygon(&mut fb, &pts[..2], Rgba::WHITE);
        assert_eq!(fb.pixels.iter().filter(|&&p| p == 0xFFFFFF).count(), 0);
    }

    #[test]
    fn depth_polygon() {
        let mut fb = Framebuffer::new(8, 8);
        let mut zb = DepthBuffer::new(8, 8);
        let q = [
            [0.0, 0.0, 2.0],
            [8.0, 0.0, 2.0],
            [8.0, 8.0, 2.0],
            [0.0, 8.0, 2.0],
        ];
        fill_convex_polygon_depth(&mut fb, &mut zb, &q, Rgba::RED, DepthMode::LESS_WRITE);
        assert!(zb.depth.iter().all(|&z| z == 2.0));
        let q2 = q.map(|p| [p[0], p[1], 3.0]);
        fill_convex_polygon_depth(&mut fb, &mut zb, &q2, Rgba::BLUE, DepthMode::LESS_WRITE);
        assert!(fb.pixels.iter().all(|&p| p == 0xFF0000));
    }
}
