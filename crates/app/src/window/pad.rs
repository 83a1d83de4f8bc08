//! The gamepad mapping (REQ §20, §23 C5): what a pad's buttons and sticks mean in play
//! and in the menus, for any backend. The backend is `gamepad` (Linux: `/dev/input`
//! through the pure-Rust `evdev` crate, no libudev; docs/decisions.md); it turns a
//! device's events into [`PadEvent`]s and stick positions (x right, y up, each −1..1), and
//! the game (`Game::pad_button`, `Game::pad_sticks`) reads them through this table:
//!
//! | pad | in play | in menus |
//! |---|---|---|
//! | left stick | move the disk (takes over from a route) | move (repeats while held) |
//! | right stick | aim (turns manual aim on) | — |
//! | A (south) | medkit | confirm |
//! | B (east) | manual aim on/off | back |
//! | X (west) | next target in the cone | — |
//! | Y (north) | cycle formation | — |
//! | left/right trigger | sprint (held) | — |
//! | left bumper (LB) | flare: held, the right stick aims the throw; let go throws | — |
//! | right bumper (RB) | grenade: the same | — |
//! | d-pad | formation 1/2/3 (left/up/right); down: the map on/off | move |
//! | Start | pause menu | back |
//! | Select | help | help |

use std::time::{Duration, Instant};

use sim::read::{Formation, Tool};
use sim::Vec2;

use super::input::Action;
use crate::shell::menu::MenuKey;

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
    /// The shoulder buttons above the triggers (evdev's BTN_TL, BTN_TR).
    LeftBumper,
    RightBumper,
}

/// What a pad backend reports between two frames.
#[derive(Clone, Debug, PartialEq)]
pub enum PadEvent {
    /// A button went down (`true`) or up.
    Button(PadButton, bool),
    /// A line for the message band and stderr: a pad plugged in or pulled out, or (once)
    /// why there is none.
    Note(String),
}

/// A button's action in play (the triggers are held for sprint, not pressed).
pub fn pad_action(b: PadButton) -> Option<Action> {
    Some(match b {
        PadButton::East => Action::ToggleManual,
        PadButton::West => Action::CycleTarget,
        PadButton::DPadLeft => Action::Formation(Formation::Wedge),
        PadButton::DPadUp => Action::Formation(Formation::Line),
        PadButton::DPadRight => Action::Formation(Formation::Ring),
        PadButton::DPadDown => Action::Map,
        PadButton::Start => Action::Menu,
        PadButton::Select => Action::Help,
        PadButton::South => Action::Tool(Tool::Medkit),
        PadButton::LeftBumper => Action::Tool(Tool::Flare),
        PadButton::RightBumper => Action::Tool(Tool::Grenade),
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

/// Deflection past which the left stick steps through a menu, and below which (on the
/// held direction's axis) it lets go.
pub const MENU_PUSH: f32 = 0.5;
pub const MENU_LET_GO: f32 = 0.35;
/// A stick held in a menu steps again after this, then every [`MENU_REPEAT`].
pub const MENU_DELAY: Duration = Duration::from_millis(400);
pub const MENU_REPEAT: Duration = Duration::from_millis(120);

/// The left stick in the menus: one step when pushed, repeats while held, like a key's
/// auto-repeat.
#[derive(Clone, Copy, Debug, Default)]
pub struct MenuStick {
    /// The direction held and when it steps next.
    held: Option<(MenuKey, Instant)>,
}

impl MenuStick {
    /// The menu key the stick at (`x`, `y`) sends at `now`, if any, and whether it is a
    /// repeat. The dominant axis decides the direction (y up is [`MenuKey::Up`]).
    pub fn step(&mut self, x: f32, y: f32, now: Instant) -> Option<(MenuKey, bool)> {
        let finite = |v: f32| if v.is_finite() { v } else { 0.0 };
        let (x, y) = (finite(x), finite(y));
        let along = |k: MenuKey| match k {
            MenuKey::Up => y,
            MenuKey::Down => -y,
            MenuKey::Left => -x,
            _ => x,
        };
        if let Some((k, next)) = self.held {
            if along(k) >= MENU_LET_GO {
                if now < next {
                    return None;
                }
                self.held = Some((k, now + MENU_REPEAT));
                return Some((k, true));
            }
            self.held = None;
        }
        if x.abs().max(y.abs()) < MENU_PUSH {
            return None;
        }
        let k = match (x.abs() > y.abs(), x > 0.0, y > 0.0) {
            (true, true, _) => MenuKey::Right,
            (true, false, _) => MenuKey::Left,
            (false, _, true) => MenuKey::Up,
            (false, _, false) => MenuKey::Down,
        };
        self.held = Some((k, now + MENU_DELAY));
        Some((k, false))
    }

    /// Out of the menus: nothing held.
    pub fn reset(&mut self) {
        self.held = None;
    }
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
        assert_eq!(
            pad_action(PadButton::South),
            Some(Action::Tool(Tool::Medkit))
        );
        assert_eq!(pad_action(PadButton::DPadDown), Some(Action::Map));
        assert_eq!(
            pad_action(PadButton::LeftTrigger),
            None,
            "held, not pressed"
        );
        assert_eq!(pad_menu_key(PadButton::South), Some(MenuKey::Confirm));
        assert_eq!(pad_menu_key(PadButton::East), Some(MenuKey::Back));
        assert_eq!(pad_menu_key(PadButton::DPadDown), Some(MenuKey::Down));
        assert_eq!(next_formation(Formation::Ring), Formation::Wedge);
    }

    /// README's controls table has a pad column: each cell names the pad's way of doing
    /// what the row's key does, checked against both mappings (a button with the key's
    /// action, or the stick or trigger that the tick input reads), and the rows the pad
    /// has no way for say "—".
    #[test]
    fn readme_s_pad_column_is_the_mapping() {
        use winit::keyboard::KeyCode;

        use crate::window::input::{self, Controls};
        let readme =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md"))
                .expect("README.md");
        let rows: Vec<(String, String)> = readme
            .lines()
            .skip_while(|l| l.trim() != "## Controls")
            .skip_while(|l| !l.starts_with('|'))
            .take_while(|l| l.starts_with('|'))
            .skip(2)
            .map(|l| {
                let c: Vec<&str> = l
                    .trim()
                    .trim_matches('|')
                    .split('|')
                    .map(str::trim)
                    .collect();
                assert_eq!(c.len(), 3, "key, action, pad: {l}");
                (c[0].to_string(), c[2].to_string())
            })
            .collect();
        let pad_of = |key: &str| -> &str {
            let row = rows.iter().find(|(k, _)| k == key);
            &row.unwrap_or_else(|| panic!("README has no row {key}")).1
        };
        // Buttons: the same action as the row's key.
        for (key, code, b, name) in [
            ("Space", KeyCode::Space, PadButton::East, "B"),
            ("Tab", KeyCode::Tab, PadButton::West, "X"),
            ("Esc", KeyCode::Escape, PadButton::Start, "Start"),
            ("H or ?", KeyCode::KeyH, PadButton::Select, "Select"),
            ("1 2 3", KeyCode::Digit1, PadButton::DPadLeft, "d-pad left"),
            ("1 2 3", KeyCode::Digit2, PadButton::DPadUp, "up"),
            ("1 2 3", KeyCode::Digit3, PadButton::DPadRight, "right"),
            ("F", KeyCode::KeyF, PadButton::LeftBumper, "LB held"),
            ("G", KeyCode::KeyG, PadButton::RightBumper, "RB held"),
            ("E", KeyCode::KeyE, PadButton::South, "A"),
            ("Q", KeyCode::KeyQ, PadButton::DPadDown, "d-pad down"),
        ] {
            assert_eq!(input::action(code), pad_action(b), "{key} and {b:?}");
            assert!(pad_of(key).contains(name), "{key}: {}", pad_of(key));
        }
        assert!(pad_of("1 2 3").contains("Y cycles"));
        // A throw's aim: the right stick while a bumper is held (`window::throw`).
        assert!(
            pad_of("F").ends_with("right stick aims") && pad_of("G").ends_with("right stick aims")
        );
        assert!(pad_of("Esc").contains("in menus: B or Start"));
        assert_eq!(pad_menu_key(PadButton::East), Some(MenuKey::Back));
        assert_eq!(pad_menu_key(PadButton::Start), Some(MenuKey::Back));
        // Held: the left stick moves as WASD, the right aims as Left/Right turn, a trigger
        // sprints as Shift.
        let mut c = Controls {
            pad_move: stick_move(0.0, 1.0),
            pad_sprint: true,
            ..Controls::default()
        };
        let t = c.tick_input();
        assert!(t.move_dir != Vec2::ZERO && t.sprint);
        assert!(stick_aim(1.0, 0.0).is_some());
        assert_eq!(pad_of("WASD/arrows"), "left stick");
        assert_eq!(pad_of("Left/Right"), "right stick");
        assert_eq!(pad_of("Shift"), "either trigger");
        let mapped = [
            "WASD/arrows",
            "Shift",
            "1 2 3",
            "Space",
            "Left/Right",
            "Tab",
            "Esc",
            "H or ?",
            "F",
            "G",
            "E",
            "Q",
        ];
        for (key, pad) in &rows {
            if !mapped.contains(&key.as_str()) {
                assert_eq!(pad, "—", "{key}: the pad has no way for it");
            }
        }
    }

    #[test]
    fn the_left_stick_steps_through_menus_with_a_repeat() {
        let t0 = Instant::now();
        let ms = Duration::from_millis;
        let mut m = MenuStick::default();
        assert_eq!(m.step(0.1, 0.3, t0), None, "inside the push");
        assert_eq!(m.step(0.0, -0.9, t0), Some((MenuKey::Down, false)));
        assert_eq!(m.step(0.0, -0.9, t0 + ms(16)), None, "held: no step yet");
        assert_eq!(m.step(0.1, -0.8, t0 + ms(399)), None);
        assert_eq!(m.step(0.1, -0.8, t0 + ms(400)), Some((MenuKey::Down, true)));
        assert_eq!(m.step(0.0, -0.4, t0 + ms(500)), None, "still held");
        assert_eq!(m.step(0.0, -0.4, t0 + ms(520)), Some((MenuKey::Down, true)));
        // Let go and pushed again: a fresh step at once.
        assert_eq!(m.step(0.0, -0.2, t0 + ms(530)), None);
        assert_eq!(
            m.step(0.0, -0.9, t0 + ms(540)),
            Some((MenuKey::Down, false))
        );
        // Straight across to the other side: the new direction at once.
        assert_eq!(m.step(0.0, 0.9, t0 + ms(556)), Some((MenuKey::Up, false)));
        assert_eq!(
            m.step(-0.9, 0.2, t0 + ms(572)),
            Some((MenuKey::Left, false))
        );
        assert_eq!(
            m.step(0.9, 0.2, t0 + ms(588)),
            Some((MenuKey::Right, false))
        );
        assert_eq!(
            m.step(f32::NAN, 0.9, t0 + ms(600)),
            Some((MenuKey::Up, false))
        );
        m.reset();
        assert_eq!(m.step(0.0, 0.9, t0 + ms(610)), Some((MenuKey::Up, false)));
    }
}
