//! The gamepad mapping, ready for a backend (SPEC §20). `gilrs` is not linked: on Linux
//! it needs `libudev-dev` and `pkg-config` at build time (docs/decisions.md), and the
//! game builds with no system packages. A backend only has to turn its events into
//! [`PadButton`]s and stick positions; what they mean is here and tested:
//!
//! | pad | in play | in menus |
//! |---|---|---|
//! | left stick | move the disk | — |
//! | right stick | aim (turns manual aim on) | — |
//! | A (south) | — | confirm |
//! | B (east) | manual aim on/off | back |
//! | X (west) | next target in the cone | — |
//! | Y (north) | cycle formation | — |
//! | left/right trigger | sprint (held) | — |
//! | d-pad | formation 1/2/3 (left/up/right) | move |
//! | Start | pause menu | back |
//! | Select | help | — |

use sim::read::Formation;
use sim::Vec2;

use super::input::Action;
use crate::shell::MenuKey;

/// Stick deflection below which a stick counts as centred.
pub const DEAD_ZONE: f32 = 0.2;

/// A gamepad's buttons, in the layout-neutral names gamepad libraries use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PadButton {
    South,
    East,
    West,
    North,
    LeftTrigger,
    RightTrigger,
    DPadUp,
    DPadDown,
    DPadLeft,
    DPadRight,
    Start,
    Select,
}

/// A button's action in play (the triggers are held for sprint, not pressed).
pub fn pad_action(b: PadButton) -> Option<Action> {
    Some(match b {
        PadButton::East => Action::ToggleManual,
        PadButton::West => Action::CycleTarget,
        PadButton::DPadLeft => Action::Formation(Formation::Wedge),
        PadButton::DPadUp => Action::Formation(Formation::Line),
        PadButton::DPadRight => Action::Formation(Formation::Ring),
        PadButton::Start => Action::Menu,
        PadButton::Select => Action::Help,
        _ => return None,
    })
}

/// Y cycles the formation: wedge → line → ring → wedge.
pub fn next_formation(f: Formation) -> Formation {
    match f {
        Formation::Wedge => Formation::Line,
        Formation::Line => Formation::Ring,
        Formation::Ring => Formation::Wedge,
    }
}

/// A button in the menus.
pub fn pad_menu_key(b: PadButton) -> Option<MenuKey> {
    Some(match b {
        PadButton::South => MenuKey::Confirm,
        PadButton::East | PadButton::Start => MenuKey::Back,
        PadButton::DPadUp => MenuKey::Up,
        PadButton::DPadDown => MenuKey::Down,
        PadButton::DPadLeft => MenuKey::Left,
        PadButton::DPadRight => MenuKey::Right,
        _ => return None,
    })
}

/// The left stick (`x` right, `y` up, each −1..1) as a movement direction in the world,
/// the same iso turn as WASD: screen-up is world (−1, −1). Inside the dead zone: none.
/// Partial deflection walks slower only in the sense that it is kept below 1.
pub fn stick_move(x: f32, y: f32) -> Vec2 {
    let s = Vec2::new(x, y);
    if !s.is_finite() || s.length() < DEAD_ZONE {
        return Vec2::ZERO;
    }
    // Screen right = world (1, −1)/√2, screen up = world (−1, −1)/√2.
    let h = std::f32::consts::FRAC_1_SQRT_2;
    let d = Vec2::new(h * (x - y), h * (-x - y));
    d.clamp_length(1.0)
}

/// The right stick as a manual aim direction, or `None` while centred.
pub fn stick_aim(x: f32, y: f32) -> Option<Vec2> {
    let d = stick_move(x, y);
    (d != Vec2::ZERO).then(|| d.normalize_or_zero())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: Vec2, b: Vec2) -> bool {
        (a - b).length() < 1e-5
    }

    #[test]
    fn the_left_stick_moves_like_wasd() {
        let h = std::f32::consts::FRAC_1_SQRT_2;
        assert!(close(stick_move(0.0, 1.0), Vec2::new(-h, -h)), "up is W");
        assert!(close(stick_move(1.0, 0.0), Vec2::new(h, -h)), "right is D");
        assert!(close(stick_move(0.0, -1.0), Vec2::new(h, h)), "down is S");
        assert_eq!(stick_move(0.1, -0.1), Vec2::ZERO, "dead zone");
        assert_eq!(stick_move(f32::NAN, 0.5), Vec2::ZERO);
        assert!(stick_move(1.0, 1.0).length() <= 1.0 + 1e-6);
    }

    #[test]
    fn the_right_stick_aims() {
        assert_eq!(stick_aim(0.0, 0.05), None);
        let a = stick_aim(0.5, 0.0).unwrap();
        assert!((a.length() - 1.0).abs() < 1e-5);
    }

    #[test]
    fn buttons_map_to_play_and_menus() {
        assert_eq!(pad_action(PadButton::Start), Some(Action::Menu));
        assert_eq!(pad_action(PadButton::East), Some(Action::ToggleManual));
        assert_eq!(pad_action(PadButton::West), Some(Action::CycleTarget));
        assert_eq!(pad_action(PadButton::South), None);
        assert_eq!(pad_menu_key(PadButton::South), Some(MenuKey::Confirm));
        assert_eq!(pad_menu_key(PadButton::East), Some(MenuKey::Back));
        assert_eq!(pad_menu_key(PadButton::DPadDown), Some(MenuKey::Down));
        assert_eq!(next_formation(Formation::Ring), Formation::Wedge);
    }
}
