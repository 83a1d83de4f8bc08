//! The disk against the walls (REQ W4). Pushed into a wall it slides along it (the
//! circle-vs-wall push-out keeps the move's part along the wall). Where that leaves it
//! stuck — pushed into a step of a corridor's side, the jamb of a door beside it, a
//! pillar's face — it is nudged along the face that stops it, toward the nearer side
//! where the way on is open, if that side is at most `anchor.corner_nudge` away; into
//! a dead corner nothing moves it. The hard leash limit (S3.3) holds after the nudge.

use crate::core::geom::Vec2;
use crate::nav::tracer::walkable_line;
use crate::space::grid::{resolve_walls, Grid};
use crate::tuning::Tuning;

/// The search's stride along a face, u (a twentieth of a tile).
const STRIDE: f32 = 0.05;

/// An axis of the input is "blocked" when the disk cannot move this far along it.
const TOUCH: f32 = 0.1;

/// The way on past a face must be open this far (a tile and a quarter: through a door
/// in a wall a tile thick, not into the one-tile notch under a step).
const AHEAD: f32 = 1.25;

/// What lies along a face on one side.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Along {
    /// The way past the face opens this far along it.
    Opening(f32),
    /// A wall across the face this far along it, before any opening: a dead corner.
    Wall(f32),
    /// Neither within the distance searched.
    Clear,
}

/// Where the disk ends its step from `from` toward `to` (its move, drag and hard limit
/// done) with input `dir` (a unit vector, or zero): `to` out of the walls, sliding along
/// them — or nudged round the face that would stop it. A face across one of the input's
/// axes (the disk cannot move along it) is gone round along it toward an opening at most
/// `anchor.corner_nudge` away when the wall left the step less than
/// `anchor.blocked_share` of its progress along `dir` (a corner, a face nearly head-on),
/// or when the slide the input leans into ends in a dead corner and the whole face,
/// from that corner to the opening on the other side, is at most `corner_nudge` wide (a
/// step in a corridor's side, a jamb: a property of the wall, not of where the disk is,
/// so the disk never turns back and forth along a face). The move goes along the face to
/// the opening and on past it with the rest of the step; after it the disk is still
/// within the hard leash limit of `centre` (the squad centre), or the plain slide is
/// kept.
pub fn step_against_walls(
    from: Vec2,
    to: Vec2,
    dir: Vec2,
    centre: Vec2,
    grid: &Grid,
    t: &Tuning,
) -> Vec2 {
    let a = &t.anchor;
    let r = a.radius;
    let slid = resolve_walls(to, r, grid);
    let wanted = (to - from).dot(dir);
    // A step the leash (not a wall) shortened to almost nothing is no push into a wall.
    if dir == Vec2::ZERO || wanted < a.blocked_share * a.speed * crate::tuning::DT {
        return slid;
    }
    let sliding = (slid - from).dot(dir) >= a.blocked_share * wanted;
    let mut best: Option<(f32, Vec2, Vec2)> = None;
    for axis in [
        Vec2::new(dir.x.signum(), 0.0),
        Vec2::new(0.0, dir.y.signum()),
    ] {
        if axis.dot(dir) < 1e-3 || walkable_line(grid, from, from + axis * TOUCH, r) {
            continue; // no push along this axis, or no face across it
        }
        for side in [axis.perp(), -axis.perp()] {
            let Along::Opening(d) = along(grid, from, axis, side, a.corner_nudge, r) else {
                continue;
            };
            if sliding {
                // Only a slide into a dead corner of a narrow face is turned round,
                // toward the side the input does not lean to.
                let lean = -side;
                let dead = match along(grid, from, axis, lean, a.corner_nudge, r) {
                    Along::Wall(w) => w + d <= a.corner_nudge + 1e-4,
                    _ => false,
                };
                if lean.dot(dir) < 1e-3 || !dead {
                    continue;
                }
            }
            if best.is_none_or(|(bd, _, _)| d < bd - 1e-4) {
                best = Some((d, side, axis));
            }
        }
    }
    let Some((gap, side, axis)) = best else {
        return slid;
    };
    let step = (to - from).length();
    let p = resolve_walls(
        from + side * step.min(gap) + axis * (step - gap).max(0.0),
        r,
        grid,
    );
    if p.distance(centre) <= a.leash_max {
        p
    } else {
        slid
    }
}

/// Walking from `from` along `side` (a face across `axis` beside the disk), up to
/// `limit`: the first offset from which the way along `axis` is open for [`AHEAD`], or
/// a wall met along the face first.
fn along(grid: &Grid, from: Vec2, axis: Vec2, side: Vec2, limit: f32, radius: f32) -> Along {
    let mut k = 1;
    while k as f32 * STRIDE <= limit + 1e-4 {
        let d = k as f32 * STRIDE;
        let q = from + side * d;
        if !walkable_line(grid, from, q, radius) {
            return Along::Wall(d);
        }
        if walkable_line(grid, q, q + axis * AHEAD, radius) {
            return Along::Opening(d);
        }
        k += 1;
    }
    Along::Clear
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tuning::DT;

    /// `#` wall, anything else floor; row index = y.
    fn grid(rows: &[&str]) -> Grid {
        let walls = rows
            .iter()
            .flat_map(|r| r.bytes().map(|c| c == b'#'))
            .collect();
        Grid::new(rows[0].len() as i32, rows.len() as i32, walls)
    }

    /// Steps the disk `ticks` times from `at` with input `dir` (the squad centre
    /// following it, so the leash never holds it): where it ends.
    fn drive(g: &Grid, at: Vec2, dir: Vec2, ticks: u32) -> Vec2 {
        let t = Tuning::default();
        let mut p = at;
        for _ in 0..ticks {
            let to = p + dir * (t.anchor.speed * DT);
            p = step_against_walls(p, to, dir, p, g, &t);
        }
        p
    }

    const ROOM: [&str; 9] = [
        "############",
        "#..........#",
        "#..........#",
        "#..........#",
        "#..........#",
        "#..........#",
        "#..........#",
        "#..........#",
        "############",
    ];

    #[test]
    fn a_disk_pushed_diagonally_into_a_wall_keeps_moving_along_it() {
        let g = grid(&ROOM);
        let s = std::f32::consts::FRAC_1_SQRT_2;
        // Down-right into the bottom wall (y = 8): it slides along +x.
        let start = Vec2::new(2.0, 7.5);
        let end = drive(&g, start, Vec2::new(s, s), 60);
        let speed = Tuning::default().anchor.speed;
        assert!((end.y - 7.75).abs() < 1e-3, "against the wall: {end:?}");
        // A second of pushing: the part along the wall, 3.3 × 0.71 = 2.3 u.
        assert!(end.x - start.x > 0.69 * speed, "slid {:?}", end - start);
    }

    #[test]
    fn a_disk_pushed_into_a_step_of_the_wall_goes_round_it() {
        // A corridor going north (−y) whose west side steps east by a tile at y = 4.
        let g = grid(&[
            "#######", "##...##", "##...##", "##...##", "#....##", "#....##", "#....##", "#######",
        ]);
        let s = std::f32::consts::FRAC_1_SQRT_2;
        // Screen-up (world north-west) from the west side: without the nudge the disk
        // sticks in the step's corner at (1.25, 4.25).
        let end = drive(&g, Vec2::new(1.5, 6.0), Vec2::new(-s, -s), 120);
        assert!(end.y < 3.0, "went on north past the step: {end:?}");
        // Straight north along the west side: nudged east round the step's face.
        let end = drive(&g, Vec2::new(1.3, 6.0), Vec2::new(0.0, -1.0), 120);
        assert!(end.y < 3.0, "went on north past the step: {end:?}");
    }

    #[test]
    fn a_dead_corner_holds_the_disk_and_a_far_opening_does_not_pull_it() {
        let g = grid(&ROOM);
        let s = std::f32::consts::FRAC_1_SQRT_2;
        // Into the room's top-left corner: it stays there.
        let end = drive(&g, Vec2::new(2.0, 2.0), Vec2::new(-s, -s), 120);
        assert!(end.distance(Vec2::new(1.25, 1.25)) < 1e-3, "{end:?}");
        // Head-on into a long wall whose door (x 7..8) is 2.5 u off: it stays.
        let mut rows = ROOM;
        rows[2] = "#######.####";
        let g = grid(&rows);
        let end = drive(&g, Vec2::new(4.5, 4.0), Vec2::new(0.0, -1.0), 120);
        assert!(end.distance(Vec2::new(4.5, 3.25)) < 1e-3, "{end:?}");
        // Beside the door, within the nudge: it goes round the jamb and through.
        let end = drive(&g, Vec2::new(6.4, 4.0), Vec2::new(0.0, -1.0), 120);
        assert!(end.y < 2.0, "through the door: {end:?}");
    }
}
