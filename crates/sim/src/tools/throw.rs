//! A throw (REQ K3, K5): where a tool thrown from the disk toward the aim point lands,
//! and its flight there, tick by tick.

use crate::core::geom::Vec2;
use crate::space::grid::Grid;
use crate::tuning::{ToolsTuning, DT};

/// One tick of a thrown tool's flight from `from` to `to` over `flight` ticks with
/// `left` of them to go: where it is after the tick (at `to` once landed).
pub fn fly(from: Vec2, to: Vec2, flight: u32, left: &mut u32) -> Vec2 {
    if *left == 0 {
        return to;
    }
    *left -= 1;
    let done = (flight - *left) as f32 / flight.max(1) as f32;
    from + (to - from) * done
}

/// Where a throw from `from` toward `at` lands: at `at`, at most `range` away, or short
/// of the first wall on the way (by `clearance`); and the whole ticks of its flight at
/// `speed`.
pub fn throw_landing(from: Vec2, at: Vec2, t: &ToolsTuning, grid: &Grid) -> (Vec2, u32) {
    let clearance = t.throw_clearance;
    let d = at - from;
    let len = d.length();
    let dir = d.normalize_or_zero();
    let mut to = if len > t.throw_range {
        from + dir * t.throw_range
    } else {
        at
    };
    if let Some(hit) = grid.raycast(from, to) {
        let reach = (from.distance(to) * hit.t - clearance).max(0.0);
        to = from + dir * reach;
    }
    let flight = (from.distance(to) / t.throw_speed / DT).ceil().max(1.0) as u32;
    (to, flight)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_throw_lands_at_the_aim_within_range_and_short_of_walls() {
        let t = ToolsTuning::default();
        let mut g = Grid::open_with_border(40, 20);
        let from = Vec2::new(5.5, 10.5);
        let (to, n) = throw_landing(from, Vec2::new(9.5, 10.5), &t, &g);
        assert_eq!(to, Vec2::new(9.5, 10.5));
        assert_eq!(n, (4.0 / t.throw_speed / DT).ceil() as u32);
        let (to, _) = throw_landing(from, Vec2::new(35.5, 10.5), &t, &g);
        assert!((to.distance(from) - t.throw_range).abs() < 1e-4, "{to:?}");
        g.set_wall(8, 10, true);
        let (to, _) = throw_landing(from, Vec2::new(12.5, 10.5), &t, &g);
        assert!(to.x < 8.0 && !g.is_wall_at(to), "{to:?}");
    }
}
