//! The player's tools (REQ §27 K3–K5): what the player decides while the squad fights
//! on its own — a flare thrown into the dark ([`flare`]), a medkit on the most hurt
//! agent ([`medkit`]), a grenade that never hurts an ally ([`grenade`]). A tool is used
//! through the tick's input ([`ToolUse`], recorded in replays like a move) and spends a
//! charge of the squad's kit (`squad::supply::Kit`) only when it is used; a use the
//! rules refuse (no charge, no patient, an ally who could not be clear of a blast) is
//! one event with its reason and spends nothing.
//!
//! The tools' state is a part of the world ([`Tools`]: checksummed, saved). Throws fly
//! from the disk toward the aim point, never farther than the throw range and never
//! through a wall ([`throw_landing`]).

pub(crate) mod flare;
pub(crate) mod grenade;
pub(crate) mod medkit;
pub(crate) mod step;

use serde::{Deserialize, Serialize};

use crate::core::geom::Vec2;
pub use crate::core::kit::Tool;
use crate::space::grid::Grid;
use crate::tuning::{ToolsTuning, DT};

use flare::Flare;
use grenade::Grenade;
use medkit::Heal;

/// One tick's use of a tool: which, and where the player aims (a throw's target; the
/// medkit looks for its patient round the disk and ignores it).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ToolUse {
    pub tool: Tool,
    pub at: Vec2,
}

/// The tools at work in the world.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Tools {
    /// Flares in flight or burning, by id.
    pub flares: Vec<Flare>,
    /// The live grenade (one at a time: a second throw waits for the first blast).
    pub grenade: Option<Grenade>,
    /// The medkit at work, if one is.
    pub heal: Option<Heal>,
    /// Uses so far, by [`Tool`] (flares, medkits, grenades), and grenades refused.
    pub used: [u32; 3],
    pub refused: u32,
    /// The naive player's run (`tools = off`, REQ K7): no tool is used, no pickup taken.
    pub off: bool,
}

impl Tools {
    /// The first flare burning now (the lure the shamblers go to), if any.
    pub fn lure(&self) -> Option<&Flare> {
        self.flares.iter().find(|f| f.burning())
    }
}

/// Where a throw from `from` toward `at` lands: at `at`, at most `range` away, or short
/// of the first wall on the way (by `clearance`); and the whole ticks of its flight at
/// `speed`.
pub fn throw_landing(from: Vec2, at: Vec2, t: &ToolsTuning, grid: &Grid) -> (Vec2, u32) {
    let clearance = 0.25;
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
        assert_eq!(Tool::parse("grenade"), Some(Tool::Grenade));
        assert_eq!(Tool::parse("pipe"), None);
    }
}
