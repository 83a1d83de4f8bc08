//! Drawing between ticks (S1.4): every position is drawn at `alpha` between the
//! entity's `prev_pos` and `pos` (the world is never cloned per tick).

use sim::Vec2;

/// Interpolated position between the last two ticks (S1.4).
#[inline]
pub fn lerp_pos(prev: Vec2, cur: Vec2, alpha: f32) -> Vec2 {
    prev.lerp(cur, alpha)
}
