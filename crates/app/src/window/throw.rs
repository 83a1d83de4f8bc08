//! Aiming a throw (REQ K3, K5): a flare's or a grenade's key (or the pad's bumper) is
//! held to aim and let go to throw; a tap throws at once at the aim point as it stands.
//! Where the aim point is, by these rules ([`aim_point`]), first that applies:
//!
//! 1. the pad's right stick, pushed while the bumper is held: from the disk along the
//!    stick, the throw range at full deflection;
//! 2. the mouse, when it is in the window and has moved while the throw is aimed or
//!    shortly before ([`CURSOR_FRESH`]): the floor point under the cursor;
//! 3. a grenade, when the squad sees enemies in throw range in a straight line from the
//!    disk: the middle of the biggest crowd of them clear of every ally
//!    ([`crowd_point`]; a playtest's keyboard throw landed ahead of the moving disk,
//!    far from the runners);
//! 4. otherwise from the disk along the manual aim (when on) or the squad's heading,
//!    [`DEFAULT_SHARE`] of the throw range away.
//!
//! The throw lands where `sim::read::throw_landing` says (short of a wall, within the
//! range): the reticle is drawn there and the tool is used at that point. Pure rules; the
//! game holds the state (`Controls::aiming`) and draws the reticle.

use std::time::{Duration, Instant};

use sim::read::{perceived, Tool, ToolRefusal, Vec2, World};
use winit::keyboard::KeyCode;

use super::pad::PadButton;

/// The default throw's share of the throw range: far enough to clear the squad's own
/// ring of bodies (the formations are 2–3 u across), short enough that a throw at a
/// corner's dark side stays in front of the squad.
pub const DEFAULT_SHARE: f32 = 0.75;
/// The mouse aims a throw when it moved within this long before the throw began (or
/// while it is aimed): a mouse the player left lying somewhere does not.
pub const CURSOR_FRESH: Duration = Duration::from_secs(2);

/// What holds a throw's aim: a key or a pad's button; letting go of it throws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holder {
    Key(KeyCode),
    Pad(PadButton),
}

/// A throw being aimed: the tool, what holds it, when it began.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Aiming {
    pub tool: Tool,
    pub by: Holder,
    pub began: Instant,
}

/// The last check of a grenade's throw against the simulation: the tick and the landing
/// point it was made for, and what the simulation said (`None`: it would go).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Probe {
    pub tick: u64,
    pub to: Vec2,
    pub refused: Option<ToolRefusal>,
}

/// Where an aim point can come from, as they stand this frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AimFrom {
    /// The disk (where a throw leaves from).
    pub disk: Vec2,
    /// The pad's right stick as a world vector (length up to 1), when pushed while a
    /// bumper aims.
    pub stick: Option<Vec2>,
    /// The floor point under the cursor, when the mouse aims ([`cursor_aims`]).
    pub cursor: Option<Vec2>,
    /// The biggest crowd's middle, for a grenade ([`crowd_point`]).
    pub crowd: Option<Vec2>,
    /// The manual aim's direction, when it is on.
    pub manual: Option<Vec2>,
    /// The squad's heading.
    pub heading: Vec2,
}

/// The aim point (see the module's rules) for a throw of `range`.
pub fn aim_point(a: &AimFrom, range: f32) -> Vec2 {
    if let Some(v) = a.stick.filter(|v| v.length() > 0.0) {
        return a.disk + v.clamp_length(1.0) * range;
    }
    if let Some(c) = a.cursor.filter(|c| c.is_finite()) {
        return c;
    }
    if let Some(c) = a.crowd {
        return c;
    }
    let dir = a
        .manual
        .map(Vec2::normalize_or_zero)
        .filter(|d| *d != Vec2::ZERO)
        .unwrap_or_else(|| a.heading.normalize_or_zero());
    let dir = if dir == Vec2::ZERO {
        Vec2::new(1.0, 0.0)
    } else {
        dir
    };
    a.disk + dir * (range * DEFAULT_SHARE)
}

/// Where a grenade thrown from `disk` without a mouse or a stick goes: the middle of the
/// biggest crowd of enemies the squad perceives (a stalker in the dark it does not) in
/// throw range and in a straight line from the disk, no ally within the blast and a
/// step of it (the simulation's refusal still has the last word); ties go to the
/// nearer crowd, then the lower id. `None` when there is no such crowd.
pub fn crowd_point(w: &World, disk: Vec2) -> Option<Vec2> {
    let t = w.tuning();
    let blast = t.tools.grenade_radius;
    let grid = &w.map().grid;
    let seen: Vec<Vec2> = w
        .enemies()
        .iter()
        .filter(|e| e.alive && e.is_threat() && perceived(e, w.agents(), t))
        .map(|e| e.pos)
        .filter(|p| p.distance(disk) <= t.tools.throw_range && grid.line_clear(disk, *p))
        .collect();
    let clear = |p: Vec2| {
        w.agents()
            .iter()
            .all(|a| !a.alive || a.pos.distance(p) > blast + 1.0)
    };
    let mut best: Option<(usize, f32, Vec2)> = None;
    for &p in &seen {
        let near: Vec<Vec2> = seen
            .iter()
            .copied()
            .filter(|q| q.distance(p) <= blast)
            .collect();
        let mid = near.iter().fold(Vec2::ZERO, |s, q| s + *q) / near.len() as f32;
        if !clear(mid) || !grid.line_clear(disk, mid) {
            continue;
        }
        let d = mid.distance(disk);
        if best.is_none_or(|(n, bd, _)| near.len() > n || (near.len() == n && d < bd)) {
            best = Some((near.len(), d, mid));
        }
    }
    best.map(|(_, _, mid)| mid)
}

/// Whether a mouse last moved at `moved` aims a throw that began at `began`.
pub fn cursor_aims(moved: Instant, began: Instant) -> bool {
    moved + CURSOR_FRESH >= began
}

/// The floor point under frame pixel `px` of a frame of `size` pixels whose scene is
/// centred on `center` at `zoom` (the composer's projection turned round: the scene is
/// laid out for the design frame and drawn at the frame's height over 720 times the
/// zoom).
pub fn floor_under(px: (i32, i32), size: (usize, usize), center: Vec2, zoom: f32) -> Vec2 {
    let k = view::zoom::scene_scale(size.1, zoom);
    let q = [
        (px.0 as f32 + 0.5 - size.0 as f32 / 2.0) / k,
        (px.1 as f32 + 0.5 - size.1 as f32 / 2.0) / k,
    ];
    view::Iso::new(center, 0, 0).unproject(q)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn from() -> AimFrom {
        AimFrom {
            disk: Vec2::new(10.0, 10.0),
            stick: None,
            cursor: None,
            crowd: None,
            manual: None,
            heading: Vec2::new(0.0, 1.0),
        }
    }

    fn close(a: Vec2, b: Vec2) -> bool {
        a.distance(b) < 1e-4
    }

    /// The rules in order: the stick over the cursor over the manual aim over the
    /// heading.
    #[test]
    fn the_aim_point_follows_the_rules_in_order() {
        let r = 8.0;
        let mut a = from();
        // Nothing else: along the heading, the default share of the range.
        assert!(close(aim_point(&a, r), Vec2::new(10.0, 10.0 + 6.0)));
        // Manual aim on: along it.
        a.manual = Some(Vec2::new(2.0, 0.0));
        assert!(close(aim_point(&a, r), Vec2::new(16.0, 10.0)));
        // A crowd in sight (a grenade's): its middle, over the manual aim.
        a.crowd = Some(Vec2::new(13.0, 7.0));
        assert!(close(aim_point(&a, r), Vec2::new(13.0, 7.0)));
        a.crowd = None;
        // The mouse: where it points, however far (the landing is clamped later).
        a.cursor = Some(Vec2::new(30.0, 4.0));
        assert!(close(aim_point(&a, r), Vec2::new(30.0, 4.0)));
        // The stick: the range at full deflection, half at half.
        a.stick = Some(Vec2::new(0.0, -1.0));
        assert!(close(aim_point(&a, r), Vec2::new(10.0, 2.0)));
        a.stick = Some(Vec2::new(-0.5, 0.0));
        assert!(close(aim_point(&a, r), Vec2::new(6.0, 10.0)));
        // A centred stick is no stick; a cursor off the floor (NaN) no cursor; no
        // heading at all still throws somewhere.
        a.stick = Some(Vec2::ZERO);
        a.cursor = Some(Vec2::new(f32::NAN, 1.0));
        assert!(close(aim_point(&a, r), Vec2::new(16.0, 10.0)));
        let none = AimFrom {
            heading: Vec2::ZERO,
            ..from()
        };
        assert!(close(aim_point(&none, r), Vec2::new(16.0, 10.0)));
    }

    /// A grenade without mouse or stick goes into the biggest crowd in sight and range,
    /// clear of the squad: five shamblers walking in on the squad in a room, measured
    /// each tick; none while an ally stands among them or a wall hides them.
    #[test]
    fn a_keyboard_grenade_goes_into_the_crowd() {
        use sim::read::{tick, TickInput};
        let scn = "seed = 3\nduration = 60\nwave 0 0 shambler 5\n";
        let mut w = crate::setup::room_world(scn, (14, 8));
        let tuning = w.tuning().clone();
        let blast = tuning.tools.grenade_radius;
        let mut aimed = 0;
        let mut first = None;
        for _ in 0..120 {
            tick(&mut w, &TickInput::default());
            let disk = w.anchor().pos;
            let Some(p) = crowd_point(&w, disk) else {
                continue;
            };
            aimed += 1;
            first.get_or_insert_with(|| w.clone());
            assert!(p.distance(disk) <= tuning.tools.throw_range + blast);
            let caught = w
                .enemies()
                .iter()
                .filter(|e| e.alive && e.pos.distance(p) <= blast);
            assert!(caught.count() >= 2, "a crowd, not one body: {p:?}");
            for a in w.agents().iter().filter(|a| a.alive) {
                assert!(a.pos.distance(p) > blast + 1.0, "clear of {}", a.id);
            }
        }
        assert!(aimed > 30, "the crowd was aimed at on {aimed} ticks of 120");
        // An ally stepping into the crowd aimed at: never there again.
        let mut w = first.unwrap();
        let p = crowd_point(&w, w.anchor().pos).unwrap();
        w.agent_mut(0).pos = p;
        if let Some(q) = crowd_point(&w, w.anchor().pos) {
            assert!(q.distance(p) > blast + 1.0, "{q:?} with an ally at {p:?}");
        }
    }

    #[test]
    fn the_mouse_aims_when_it_moved_lately() {
        let t = Instant::now();
        assert!(cursor_aims(t, t + Duration::from_millis(1999)));
        assert!(
            cursor_aims(t + Duration::from_secs(5), t),
            "moved while aimed"
        );
        assert!(!cursor_aims(t, t + Duration::from_secs(3)));
    }

    /// The floor point under a pixel is the point the scene drew there: projected back,
    /// at any frame size and zoom.
    #[test]
    fn the_floor_under_a_pixel_is_where_the_scene_drew_it() {
        let center = Vec2::new(20.0, 12.0);
        for (size, zoom) in [
            ((1280, 720), 1.0),
            ((1920, 1080), 1.5),
            ((2560, 1440), 0.75),
        ] {
            // The centre of the frame is the camera's point.
            let mid = floor_under((size.0 as i32 / 2, size.1 as i32 / 2), size, center, zoom);
            assert!(mid.distance(center) < 0.05, "{size:?}: {mid:?}");
            // A point drawn by the scene's projection maps back to itself.
            let p = Vec2::new(23.0, 9.5);
            let k = view::zoom::scene_scale(size.1, zoom);
            let q = view::Iso::new(center, 0, 0).project(p, 0.0);
            let px = (
                (size.0 as f32 / 2.0 + q[0] * k).floor() as i32,
                (size.1 as f32 / 2.0 + q[1] * k).floor() as i32,
            );
            let back = floor_under(px, size, center, zoom);
            assert!(back.distance(p) < 0.1, "{size:?} x{zoom}: {back:?}");
        }
    }
}
