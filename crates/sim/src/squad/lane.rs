//! LaneClear, the line-of-fire check (S4): `lane_clear_from`.

use crate::core::geom::{dist_point_segment, Vec2};
use crate::space::grid::Grid;
use crate::squad::agent::Agent;
use crate::tuning::Tuning;

/// The first failing check in the spec's order (ally → wall → range).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LaneStatus {
    Clear,
    BlockedByAlly,
    BlockedByWall,
    OutOfRange,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LaneResult {
    pub status: LaneStatus,
    /// Where the bullet would leave: `from + normalize(target - from) * muzzle_offset`.
    pub muzzle: Vec2,
    /// The first ally (lowest index) inside the lane, if any.
    pub ally: Option<u32>,
    /// Every check is evaluated, so a lane blocked by an ally still says whether a wall
    /// or the range would also have stopped it (`laneIntent` needs "only an ally").
    pub wall: bool,
    pub out_of_range: bool,
}

impl LaneResult {
    pub fn is_clear(&self) -> bool {
        self.status == LaneStatus::Clear
    }

    /// Blocked by an ally and by nothing else: the lane is worth reserving (S7).
    pub fn only_ally_blocks(&self) -> bool {
        self.ally.is_some() && !self.wall && !self.out_of_range
    }
}

/// The muzzle for a shot from `from` at `target`: toward the target, not the facing, so
/// the bullet leaves from exactly the point that was checked.
pub fn muzzle_point(from: Vec2, target: Vec2, t: &Tuning) -> Vec2 {
    from + (target - from).normalize_or_zero() * t.lane.muzzle_offset
}

/// Would a shot from the arbitrary point `from` at `target` be clear? `shooter` is left
/// out of the ally check (the solver asks "what if I stood there"). Fallen agents are
/// bodies on the floor and block nothing.
pub fn lane_clear_from(
    from: Vec2,
    target: Vec2,
    shooter: u32,
    agents: &[Agent],
    grid: &Grid,
    t: &Tuning,
) -> LaneResult {
    let muzzle = muzzle_point(from, target, t);
    let threshold = t.lane_threshold();
    let ally = agents
        .iter()
        .filter(|a| a.alive && a.id != shooter)
        .find(|a| dist_point_segment(a.pos, muzzle, target) < threshold)
        .map(|a| a.id);
    let wall = grid.raycast(muzzle, target).is_some();
    let out_of_range = muzzle.distance(target) > t.lane.weapon_range;
    let status = if ally.is_some() {
        LaneStatus::BlockedByAlly
    } else if wall {
        LaneStatus::BlockedByWall
    } else if out_of_range {
        LaneStatus::OutOfRange
    } else {
        LaneStatus::Clear
    };
    LaneResult {
        status,
        muzzle,
        ally,
        wall,
        out_of_range,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::squad::agent::Role;

    fn agent(id: u32, x: f32, y: f32) -> Agent {
        Agent::new(
            id,
            Role::Gunner,
            id as usize,
            Vec2::new(x, y),
            0.0,
            0.28,
            100.0,
        )
    }

    fn open() -> Grid {
        Grid::open_with_border(30, 30)
    }

    #[test]
    fn clear_line_is_clear() {
        let t = Tuning::default();
        let agents = [agent(0, 5.0, 5.0)];
        let r = lane_clear_from(
            Vec2::new(5.0, 5.0),
            Vec2::new(10.0, 5.0),
            0,
            &agents,
            &open(),
            &t,
        );
        assert_eq!(r.status, LaneStatus::Clear);
        assert_eq!(r.muzzle, Vec2::new(5.3, 5.0));
    }

    #[test]
    fn ally_on_the_line_blocks() {
        let t = Tuning::default();
        let agents = [agent(0, 5.0, 5.0), agent(1, 7.5, 5.0)];
        let r = lane_clear_from(
            Vec2::new(5.0, 5.0),
            Vec2::new(10.0, 5.0),
            0,
            &agents,
            &open(),
            &t,
        );
        assert_eq!(r.status, LaneStatus::BlockedByAlly);
        assert_eq!(r.ally, Some(1));
        assert!(r.only_ally_blocks());
    }

    #[test]
    fn ally_beside_lane_outside_margin_does_not_block() {
        let t = Tuning::default();
        let agents = [agent(0, 5.0, 5.0), agent(1, 7.5, 5.0 + 0.531)];
        let r = lane_clear_from(
            Vec2::new(5.0, 5.0),
            Vec2::new(10.0, 5.0),
            0,
            &agents,
            &open(),
            &t,
        );
        assert_eq!(r.status, LaneStatus::Clear);
    }

    #[test]
    fn ally_beside_lane_inside_margin_blocks() {
        let t = Tuning::default();
        let agents = [agent(0, 5.0, 5.0), agent(1, 7.5, 5.0 - 0.529)];
        let r = lane_clear_from(
            Vec2::new(5.0, 5.0),
            Vec2::new(10.0, 5.0),
            0,
            &agents,
            &open(),
            &t,
        );
        assert_eq!(r.status, LaneStatus::BlockedByAlly);
    }

    #[test]
    fn wall_between_blocks() {
        let t = Tuning::default();
        let mut g = open();
        g.set_wall(7, 5, true);
        let agents = [agent(0, 5.0, 5.5)];
        let r = lane_clear_from(
            Vec2::new(5.0, 5.5),
            Vec2::new(10.0, 5.5),
            0,
            &agents,
            &g,
            &t,
        );
        assert_eq!(r.status, LaneStatus::BlockedByWall);
        assert!(r.ally.is_none());
    }

    #[test]
    fn ally_is_reported_before_wall_and_range() {
        let t = Tuning::default();
        let mut g = open();
        g.set_wall(20, 5, true);
        let agents = [agent(0, 2.0, 5.5), agent(1, 4.0, 5.5)];
        let r = lane_clear_from(
            Vec2::new(2.0, 5.5),
            Vec2::new(25.0, 5.5),
            0,
            &agents,
            &g,
            &t,
        );
        assert_eq!(r.status, LaneStatus::BlockedByAlly);
        assert!(r.wall && r.out_of_range);
        assert!(!r.only_ally_blocks());
    }

    #[test]
    fn out_of_range_is_reported_last() {
        let t = Tuning::default();
        let agents = [agent(0, 2.0, 5.0)];
        let r = lane_clear_from(
            Vec2::new(2.0, 5.0),
            Vec2::new(10.31, 5.0),
            0,
            &agents,
            &open(),
            &t,
        );
        assert_eq!(
            r.status,
            LaneStatus::OutOfRange,
            "muzzle-to-target 8.01 > 8"
        );
        let r = lane_clear_from(
            Vec2::new(2.0, 5.0),
            Vec2::new(10.29, 5.0),
            0,
            &agents,
            &open(),
            &t,
        );
        assert_eq!(r.status, LaneStatus::Clear, "muzzle-to-target 7.99");
    }

    #[test]
    fn shooter_is_ignored() {
        let t = Tuning::default();
        let agents = [agent(0, 5.0, 5.0)];
        let r = lane_clear_from(
            Vec2::new(5.0, 5.0),
            Vec2::new(10.0, 5.0),
            0,
            &agents,
            &open(),
            &t,
        );
        assert!(r.is_clear());
        // The same body is an ally to anybody else shooting through it.
        let r = lane_clear_from(
            Vec2::new(3.0, 5.0),
            Vec2::new(10.0, 5.0),
            9,
            &agents,
            &open(),
            &t,
        );
        assert_eq!(r.ally, Some(0));
    }

    #[test]
    fn fallen_ally_does_not_block() {
        let t = Tuning::default();
        let mut down = agent(1, 7.5, 5.0);
        down.alive = false;
        let agents = [agent(0, 5.0, 5.0), down];
        let r = lane_clear_from(
            Vec2::new(5.0, 5.0),
            Vec2::new(10.0, 5.0),
            0,
            &agents,
            &open(),
            &t,
        );
        assert!(r.is_clear());
    }

    #[test]
    fn muzzle_points_toward_target_not_facing() {
        let t = Tuning::default();
        let mut me = agent(0, 5.0, 5.0);
        me.facing = std::f32::consts::PI; // facing -x, target is +y
                                          // An ally right behind along the facing would block a facing-based muzzle.
        let agents = [me, agent(1, 4.4, 5.0)];
        let r = lane_clear_from(
            Vec2::new(5.0, 5.0),
            Vec2::new(5.0, 11.0),
            0,
            &agents,
            &open(),
            &t,
        );
        assert!((r.muzzle - Vec2::new(5.0, 5.3)).length() < 1e-6);
        assert!(r.is_clear(), "ally at 0.6 behind, lane goes +y: {:?}", r);
    }

    #[test]
    fn arbitrary_from_point_is_checked_not_the_shooter_position() {
        let t = Tuning::default();
        let mut g = open();
        g.set_wall(8, 5, true);
        let agents = [agent(0, 5.0, 5.5)];
        // From the agent's own spot the wall blocks; from a point two rows down it doesn't.
        assert!(!lane_clear_from(
            Vec2::new(5.0, 5.5),
            Vec2::new(12.0, 5.5),
            0,
            &agents,
            &g,
            &t
        )
        .is_clear());
        assert!(lane_clear_from(
            Vec2::new(5.0, 7.5),
            Vec2::new(12.0, 7.5),
            0,
            &agents,
            &g,
            &t
        )
        .is_clear());
    }
}
