//! The keyboard (REQ §15, §20, §23 C4): which keys are held, what a press means in play
//! (through the player's [`Bindings`]) and in the menus (fixed keys, as [`MenuKey`]s),
//! and the [`TickInput`] the held keys (and a gamepad's stick, see `pad`) make. Mapping
//! is pure; the game applies the actions.

use std::collections::BTreeSet;

use sim::read::{Formation, ManualAim, ManualCommand, TickInput, Tool, ToolUse};
use sim::Vec2;
use winit::keyboard::KeyCode;

use crate::shell::bindings::{Bind, Bindings};
use crate::shell::controls::{DiskRelease, MoveKeys};
use crate::shell::menu::MenuKey;

/// Manual aim vector turn rate (←/→), radians per second.
pub const AIM_TURN: f32 = 2.6;

/// A mouse button as the editor takes it (REQ §31; a left press elsewhere is a click).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Button {
    Left,
    /// The right or middle button: moves the view while held.
    Pan,
}

/// What a key press asks for, besides being held.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Action {
    /// Esc: the pause menu (no longer quits at once).
    Menu,
    Pause,
    Help,
    ZoomIn,
    ZoomOut,
    Fullscreen,
    Overlay,
    Flow,
    Horror,
    ReloadTuning,
    Screenshot,
    Restart,
    Formation(Formation),
    ToggleManual,
    CycleTarget,
    /// F6 / F9 (REQ §17).
    QuickSave,
    QuickLoad,
    /// Replay playback: ×1 / ×4, one tick while paused.
    Speed,
    SingleStep,
    /// M: sound off and on (REQ §21 AU5).
    Mute,
    /// Q: the map of what the squad has explored, on and off (REQ W3).
    Map,
    /// A tool's key (REQ K3–K5): a flare's or a grenade's is held to aim and let go to
    /// throw (`window::throw`), a medkit's is used at once.
    Tool(Tool),
}

/// The action of a press bind (`None` for the held ones).
pub fn bind_action(b: Bind) -> Option<Action> {
    Some(match b {
        Bind::Menu => Action::Menu,
        Bind::Pause => Action::Pause,
        Bind::Help => Action::Help,
        Bind::ZoomIn => Action::ZoomIn,
        Bind::ZoomOut => Action::ZoomOut,
        Bind::Fullscreen => Action::Fullscreen,
        Bind::Overlay => Action::Overlay,
        Bind::Flow => Action::Flow,
        Bind::Horror => Action::Horror,
        Bind::ReloadTuning => Action::ReloadTuning,
        Bind::Screenshot => Action::Screenshot,
        Bind::Restart => Action::Restart,
        Bind::Wedge => Action::Formation(Formation::Wedge),
        Bind::Line => Action::Formation(Formation::Line),
        Bind::Ring => Action::Formation(Formation::Ring),
        Bind::ToggleManual => Action::ToggleManual,
        Bind::CycleTarget => Action::CycleTarget,
        Bind::QuickSave => Action::QuickSave,
        Bind::QuickLoad => Action::QuickLoad,
        Bind::Speed => Action::Speed,
        Bind::SingleStep => Action::SingleStep,
        Bind::Mute => Action::Mute,
        Bind::Map => Action::Map,
        Bind::Flare => Action::Tool(Tool::Flare),
        Bind::Grenade => Action::Tool(Tool::Grenade),
        Bind::Medkit => Action::Tool(Tool::Medkit),
        Bind::MoveUp
        | Bind::MoveDown
        | Bind::MoveLeft
        | Bind::MoveRight
        | Bind::Sprint
        | Bind::AimLeft
        | Bind::AimRight => return None,
    })
}

/// The action of a fresh press of `code` under `bindings` (key repeat is not a press).
/// `?` is Shift+/ on most layouts; the game also takes the typed `?` (see game).
pub fn bound_action(bindings: &Bindings, code: KeyCode) -> Option<Action> {
    bindings.pressed(code).and_then(bind_action)
}

/// The action of `code` under the default bindings (REQ §15's keys; the tests' table).
#[cfg(test)]
pub fn action(code: KeyCode) -> Option<Action> {
    bound_action(&Bindings::default(), code)
}

/// The menus' reading of a key (fixed, whatever the bindings): arrows or WASD move,
/// Enter or Space confirms, Esc goes back, digits and Backspace edit the seed, the
/// results take R, N, V and T.
pub fn menu_key(code: KeyCode) -> Option<MenuKey> {
    let digit = |d: u8| Some(MenuKey::Digit(d));
    match code {
        KeyCode::KeyR => Some(MenuKey::Letter('r')),
        KeyCode::KeyN => Some(MenuKey::Letter('n')),
        KeyCode::KeyV => Some(MenuKey::Letter('v')),
        KeyCode::KeyT => Some(MenuKey::Letter('t')),
        KeyCode::ArrowUp | KeyCode::KeyW => Some(MenuKey::Up),
        KeyCode::ArrowDown | KeyCode::KeyS => Some(MenuKey::Down),
        KeyCode::ArrowLeft | KeyCode::KeyA => Some(MenuKey::Left),
        KeyCode::ArrowRight | KeyCode::KeyD => Some(MenuKey::Right),
        KeyCode::Enter | KeyCode::NumpadEnter | KeyCode::Space => Some(MenuKey::Confirm),
        KeyCode::Escape => Some(MenuKey::Back),
        KeyCode::Backspace | KeyCode::Delete => Some(MenuKey::Erase),
        KeyCode::Tab => Some(MenuKey::Difficulty),
        KeyCode::Digit0 | KeyCode::Numpad0 => digit(0),
        KeyCode::Digit1 | KeyCode::Numpad1 => digit(1),
        KeyCode::Digit2 | KeyCode::Numpad2 => digit(2),
        KeyCode::Digit3 | KeyCode::Numpad3 => digit(3),
        KeyCode::Digit4 | KeyCode::Numpad4 => digit(4),
        KeyCode::Digit5 | KeyCode::Numpad5 => digit(5),
        KeyCode::Digit6 | KeyCode::Numpad6 => digit(6),
        KeyCode::Digit7 | KeyCode::Numpad7 => digit(7),
        KeyCode::Digit8 | KeyCode::Numpad8 => digit(8),
        KeyCode::Digit9 | KeyCode::Numpad9 => digit(9),
        _ => None,
    }
}

/// Movement direction from the movement keys held (WASD/arrows by default) in the frame
/// `frame` says (REQ W4), as a world direction. In the screen's frame up is up on the
/// screen, world (−1, −1) in the isometric view; in the map's, up is the map's north
/// (0, −1), right its east (1, 0): the screen's turned 45° clockwise, so one key runs
/// along a corridor. In manual aim a key that also turns the aim (←/→ by default)
/// turns it instead (§15).
pub fn move_dir(held: &BTreeSet<KeyCode>, manual_on: bool, b: &Bindings, frame: MoveKeys) -> Vec2 {
    let on = |bind: Bind| held.iter().any(|&k| b.moves(bind, k, manual_on));
    frame.dir(
        on(Bind::MoveUp),
        on(Bind::MoveDown),
        on(Bind::MoveLeft),
        on(Bind::MoveRight),
    )
}

/// A sprint key (either Shift by default) sprints.
pub fn sprint(held: &BTreeSet<KeyCode>, b: &Bindings) -> bool {
    b.held(Bind::Sprint, held)
}

/// How far the aim's turn keys (←/→ by default) turn the manual aim in `dt` seconds
/// (radians; both or neither: 0).
pub fn aim_turn(held: &BTreeSet<KeyCode>, b: &Bindings, dt: f32) -> f32 {
    match (b.held(Bind::AimLeft, held), b.held(Bind::AimRight, held)) {
        (true, false) => -AIM_TURN * dt,
        (false, true) => AIM_TURN * dt,
        _ => 0.0,
    }
}

/// The enemy Tab assigns next: the one after the current assignment in `in_cone`
/// (sorted by distance), wrapping, or the nearest when none of them is assigned.
pub fn next_target(in_cone: &[u32], current: ManualAim) -> Option<u32> {
    if in_cone.is_empty() {
        return None;
    }
    let at = match current {
        ManualAim::Target(id) => in_cone.iter().position(|&t| t == id),
        _ => None,
    };
    Some(in_cone[at.map_or(0, |i| (i + 1) % in_cone.len())])
}

/// Player input mapped to simulation commands (REQ §15). One-shot commands wait here
/// until the next tick takes them.
#[derive(Default)]
pub struct Controls {
    pub held: BTreeSet<KeyCode>,
    /// The player's keys (the settings' `[keys]`).
    pub bindings: Bindings,
    /// The frame the movement keys move in, and the disk's release (the settings'
    /// `[controls]`, REQ W4).
    pub move_keys: MoveKeys,
    pub release: DiskRelease,
    /// A gamepad's left stick as a world direction (zero without one; see `pad`).
    pub pad_move: Vec2,
    /// A gamepad's trigger is held: sprint, as Shift.
    pub pad_sprint: bool,
    pub formation: Option<Formation>,
    pub manual: Option<ManualCommand>,
    pub manual_on: bool,
    pub aim: Vec2,
    /// A tool to use on the next tick, at its aim point (REQ K3–K5).
    pub tool: Option<ToolUse>,
}

impl Controls {
    /// Nothing held, nothing pending, manual aim off: a fresh run's controls, with the
    /// same bindings.
    pub fn reset(&mut self) {
        let bindings = std::mem::take(&mut self.bindings);
        *self = Controls {
            bindings,
            move_keys: self.move_keys,
            release: self.release,
            ..Controls::default()
        };
    }

    pub fn key(&mut self, code: KeyCode, pressed: bool) {
        if pressed {
            self.held.insert(code);
        } else {
            self.held.remove(&code);
        }
    }

    /// Turns the manual aim by the held ←/→ over `dt` seconds.
    pub fn turn_aim(&mut self, dt: f32) {
        if !self.manual_on {
            return;
        }
        let turn = aim_turn(&self.held, &self.bindings, dt);
        if turn != 0.0 {
            self.aim = Vec2::from_angle(self.aim.angle() + turn);
            self.manual = Some(ManualCommand::Aim(self.aim));
        }
    }

    /// Space: manual aim on (starting along `heading`) or back to automatic targeting.
    /// Returns whether manual aim is now on.
    pub fn toggle_manual(&mut self, heading: Vec2) -> bool {
        self.manual_on = !self.manual_on;
        if self.manual_on {
            self.aim = heading;
            self.manual = Some(ManualCommand::Aim(self.aim));
        } else {
            self.manual = Some(ManualCommand::Clear);
        }
        self.manual_on
    }

    /// A gamepad's right stick pushed along `dir` (a unit vector): manual aim on, aiming
    /// there (a new aim command only when the direction moved). Returns whether it turned
    /// manual aim on.
    pub fn stick_aim(&mut self, dir: Vec2) -> bool {
        let was = self.manual_on;
        self.manual_on = true;
        if !was || (dir - self.aim).length() > 0.01 {
            self.aim = dir;
            self.manual = Some(ManualCommand::Aim(dir));
        }
        !was
    }

    /// This tick's input; takes the pending one-shot commands.
    pub fn tick_input(&mut self) -> TickInput {
        TickInput {
            formation: self.formation.take(),
            manual: self.manual.take(),
            tool: self.tool.take(),
            ..self.held_input()
        }
    }

    /// What the held keys and sticks alone make of a tick's input (movement, sprint),
    /// the one-shot commands left waiting.
    pub fn held_input(&self) -> TickInput {
        let keys = move_dir(&self.held, self.manual_on, &self.bindings, self.move_keys);
        TickInput {
            move_dir: if keys == Vec2::ZERO {
                self.pad_move
            } else {
                keys
            },
            sprint: sprint(&self.held, &self.bindings) || self.pad_sprint,
            disk_stays: self.release.disk_stays(),
            // A person's keys and stick are helped round corners (W4).
            round_corners: true,
            ..TickInput::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bd() -> Bindings {
        Bindings::default()
    }

    fn keys(k: &[KeyCode]) -> BTreeSet<KeyCode> {
        k.iter().copied().collect()
    }

    fn close(a: Vec2, b: Vec2) -> bool {
        (a - b).length() < 1e-5
    }

    #[test]
    fn wasd_and_arrows_move_along_the_iso_axes() {
        let s = std::f32::consts::FRAC_1_SQRT_2;
        for (k, want) in [
            (KeyCode::KeyW, Vec2::new(-s, -s)),
            (KeyCode::ArrowUp, Vec2::new(-s, -s)),
            (KeyCode::KeyS, Vec2::new(s, s)),
            (KeyCode::ArrowDown, Vec2::new(s, s)),
            (KeyCode::KeyA, Vec2::new(-s, s)),
            (KeyCode::ArrowLeft, Vec2::new(-s, s)),
            (KeyCode::KeyD, Vec2::new(s, -s)),
            (KeyCode::ArrowRight, Vec2::new(s, -s)),
        ] {
            assert!(
                close(move_dir(&keys(&[k]), false, &bd(), MoveKeys::Screen), want),
                "{k:?}"
            );
        }
    }

    /// REQ W4: in the map's frame each key runs along one of the map's axes (W north,
    /// D east, S south, A west: on the screen up-right, down-right, down-left,
    /// up-left), two keys along a diagonal; the screen's frame is the same turned 45°.
    #[test]
    fn map_keys_run_along_the_map_axes() {
        let s = std::f32::consts::FRAC_1_SQRT_2;
        let map = |k: &[KeyCode]| move_dir(&keys(k), false, &bd(), MoveKeys::Map);
        for (k, want) in [
            (KeyCode::KeyW, Vec2::new(0.0, -1.0)),
            (KeyCode::ArrowUp, Vec2::new(0.0, -1.0)),
            (KeyCode::KeyD, Vec2::new(1.0, 0.0)),
            (KeyCode::ArrowRight, Vec2::new(1.0, 0.0)),
            (KeyCode::KeyS, Vec2::new(0.0, 1.0)),
            (KeyCode::KeyA, Vec2::new(-1.0, 0.0)),
        ] {
            assert!(close(map(&[k]), want), "{k:?}: {:?}", map(&[k]));
        }
        assert!(close(
            map(&[KeyCode::KeyW, KeyCode::KeyD]),
            Vec2::new(s, -s)
        ));
        assert_eq!(map(&[KeyCode::KeyA, KeyCode::KeyD]), Vec2::ZERO);
        // Every combination in the map's frame is the screen's turned 45° clockwise
        // (in the world's y-down coordinates, clockwise on the screen is +45° here).
        let turn = |v: Vec2| Vec2::new(s * (v.x - v.y), s * (v.x + v.y));
        for bits in 0u8..16 {
            let [u, d, l, r] = [0, 1, 2, 3].map(|i| bits & (1 << i) != 0);
            let screen = MoveKeys::Screen.dir(u, d, l, r);
            let m = MoveKeys::Map.dir(u, d, l, r);
            assert!(close(turn(screen), m), "{bits:04b}: {screen:?} → {m:?}");
        }
        // The controls use the frame and the release they are given.
        let mut c = Controls {
            move_keys: MoveKeys::Map,
            release: DiskRelease::Stay,
            ..Controls::default()
        };
        c.key(KeyCode::KeyD, true);
        let t = c.tick_input();
        assert!(close(t.move_dir, Vec2::new(1.0, 0.0)) && t.disk_stays);
        c.move_keys = MoveKeys::Screen;
        c.release = DiskRelease::Return;
        let t = c.tick_input();
        assert!(close(t.move_dir, Vec2::new(s, -s)) && !t.disk_stays);
        // A reset keeps them.
        c.reset();
        assert_eq!(
            (c.move_keys, c.release),
            (MoveKeys::Screen, DiskRelease::Return)
        );
    }

    #[test]
    fn diagonals_are_unit_length_and_opposites_cancel() {
        // Screen up-right is world −y.
        let d = move_dir(
            &keys(&[KeyCode::KeyW, KeyCode::KeyD]),
            false,
            &bd(),
            MoveKeys::Screen,
        );
        assert!(close(d, Vec2::new(0.0, -1.0)));
        let d = move_dir(
            &keys(&[KeyCode::KeyW, KeyCode::KeyS]),
            false,
            &bd(),
            MoveKeys::Screen,
        );
        assert_eq!(d, Vec2::ZERO);
        assert_eq!(
            move_dir(&keys(&[]), false, &bd(), MoveKeys::Screen),
            Vec2::ZERO
        );
    }

    #[test]
    fn in_manual_aim_left_right_arrows_do_not_move() {
        let held = keys(&[KeyCode::ArrowLeft]);
        assert_eq!(move_dir(&held, true, &bd(), MoveKeys::Screen), Vec2::ZERO);
        // A and D still strafe.
        assert_ne!(
            move_dir(&keys(&[KeyCode::KeyA]), true, &bd(), MoveKeys::Screen),
            Vec2::ZERO
        );
    }

    /// REQ C4: a rebound key does its action and the old key no longer does, for a
    /// press (pause), movement (and the route's take-over) and the held sprint; the
    /// controls keep the bindings over a reset.
    #[test]
    fn a_rebound_key_triggers_its_action_and_the_old_one_does_not() {
        let mut b = Bindings::default();
        b.rebind(Bind::Pause, 0, KeyCode::KeyO);
        assert_eq!(bound_action(&b, KeyCode::KeyO), Some(Action::Pause));
        assert_eq!(bound_action(&b, KeyCode::KeyP), None);
        b.rebind(Bind::MoveUp, 0, KeyCode::KeyI);
        let s = std::f32::consts::FRAC_1_SQRT_2;
        let up = Vec2::new(-s, -s);
        assert!(close(
            move_dir(&keys(&[KeyCode::KeyI]), false, &b, MoveKeys::Screen),
            up
        ));
        assert_eq!(
            move_dir(&keys(&[KeyCode::KeyW]), false, &b, MoveKeys::Screen),
            Vec2::ZERO
        );
        assert!(b.takes_over_route(KeyCode::KeyI) && !b.takes_over_route(KeyCode::KeyW));
        b.rebind(Bind::Sprint, 0, KeyCode::ControlLeft);
        assert!(sprint(&keys(&[KeyCode::ControlLeft]), &b));
        assert!(!sprint(&keys(&[KeyCode::ShiftLeft]), &b));
        let mut c = Controls {
            bindings: b.clone(),
            manual_on: true,
            ..Controls::default()
        };
        c.key(KeyCode::KeyI, true);
        c.reset();
        assert_eq!(c.bindings, b);
        assert!(c.held.is_empty() && !c.manual_on);
    }

    #[test]
    fn shift_sprints() {
        assert!(sprint(&keys(&[KeyCode::ShiftLeft]), &bd()));
        assert!(sprint(&keys(&[KeyCode::ShiftRight, KeyCode::KeyW]), &bd()));
        assert!(!sprint(&keys(&[KeyCode::KeyW]), &bd()));
    }

    #[test]
    fn arrows_turn_the_manual_aim() {
        assert_eq!(
            aim_turn(&keys(&[KeyCode::ArrowRight]), &bd(), 0.5),
            AIM_TURN * 0.5
        );
        assert_eq!(
            aim_turn(&keys(&[KeyCode::ArrowLeft]), &bd(), 0.5),
            -AIM_TURN * 0.5
        );
        let both = keys(&[KeyCode::ArrowLeft, KeyCode::ArrowRight]);
        assert_eq!(aim_turn(&both, &bd(), 0.5), 0.0);

        let mut c = Controls::default();
        c.key(KeyCode::ArrowRight, true);
        c.turn_aim(0.1);
        assert!(c.manual.is_none(), "no turning outside manual aim");
        assert!(c.toggle_manual(Vec2::new(1.0, 0.0)));
        assert!(matches!(c.manual.take(), Some(ManualCommand::Aim(_))));
        c.turn_aim(0.1);
        assert!((c.aim.angle() - AIM_TURN * 0.1).abs() < 1e-5);
        assert!(matches!(c.manual, Some(ManualCommand::Aim(a)) if close(a, c.aim)));
        assert!(!c.toggle_manual(Vec2::new(1.0, 0.0)));
        assert!(matches!(c.manual, Some(ManualCommand::Clear)));
    }

    #[test]
    fn one_shot_commands_go_to_one_tick() {
        let mut c = Controls {
            formation: Some(Formation::Ring),
            ..Controls::default()
        };
        c.key(KeyCode::KeyS, true);
        c.key(KeyCode::ShiftLeft, true);
        let first = c.tick_input();
        assert!(matches!(first.formation, Some(Formation::Ring)));
        assert!(first.sprint);
        let second = c.tick_input();
        assert!(second.formation.is_none());
        c.key(KeyCode::KeyS, false);
        assert_eq!(c.tick_input().move_dir, Vec2::ZERO);
    }

    #[test]
    fn keys_map_to_actions() {
        assert_eq!(action(KeyCode::Escape), Some(Action::Menu));
        assert_eq!(action(KeyCode::KeyH), Some(Action::Help));
        assert_eq!(action(KeyCode::Slash), Some(Action::Help));
        assert_eq!(action(KeyCode::Equal), Some(Action::ZoomIn));
        assert_eq!(action(KeyCode::Minus), Some(Action::ZoomOut));
        assert_eq!(action(KeyCode::F11), Some(Action::Fullscreen));
        assert_eq!(action(KeyCode::KeyP), Some(Action::Pause));
        assert_eq!(action(KeyCode::F1), Some(Action::Overlay));
        assert_eq!(action(KeyCode::F3), Some(Action::Horror));
        assert_eq!(action(KeyCode::F12), Some(Action::Screenshot));
        assert_eq!(action(KeyCode::F6), Some(Action::QuickSave));
        assert_eq!(action(KeyCode::F9), Some(Action::QuickLoad));
        assert_eq!(
            action(KeyCode::Digit2),
            Some(Action::Formation(Formation::Line))
        );
        assert_eq!(action(KeyCode::KeyW), None);
        assert!(bd().takes_over_route(KeyCode::KeyW));
        assert!(!bd().takes_over_route(KeyCode::ArrowLeft));
    }

    #[test]
    fn menus_take_arrows_wasd_enter_escape_and_digits() {
        assert_eq!(menu_key(KeyCode::ArrowUp), Some(MenuKey::Up));
        assert_eq!(menu_key(KeyCode::KeyS), Some(MenuKey::Down));
        assert_eq!(menu_key(KeyCode::Enter), Some(MenuKey::Confirm));
        assert_eq!(menu_key(KeyCode::Escape), Some(MenuKey::Back));
        assert_eq!(menu_key(KeyCode::Numpad7), Some(MenuKey::Digit(7)));
        assert_eq!(menu_key(KeyCode::Digit0), Some(MenuKey::Digit(0)));
        assert_eq!(menu_key(KeyCode::Backspace), Some(MenuKey::Erase));
        assert_eq!(menu_key(KeyCode::Tab), Some(MenuKey::Difficulty));
        assert_eq!(menu_key(KeyCode::F1), None);
    }

    #[test]
    fn a_pad_stick_moves_only_when_no_key_does() {
        let mut c = Controls {
            pad_move: Vec2::new(1.0, 0.0),
            ..Controls::default()
        };
        assert_eq!(c.tick_input().move_dir, Vec2::new(1.0, 0.0));
        c.key(KeyCode::KeyS, true);
        assert_ne!(c.tick_input().move_dir, Vec2::new(1.0, 0.0));
    }

    #[test]
    fn tab_cycles_through_the_cone() {
        assert_eq!(next_target(&[], ManualAim::Off), None);
        assert_eq!(next_target(&[7, 3, 9], ManualAim::Off), Some(7));
        assert_eq!(next_target(&[7, 3, 9], ManualAim::Target(3)), Some(9));
        assert_eq!(next_target(&[7, 3, 9], ManualAim::Target(9)), Some(7));
        assert_eq!(next_target(&[7, 3, 9], ManualAim::Target(4)), Some(7));
    }

    /// The row of the help's table (README's too) that documents `a`: the match is
    /// exhaustive, so a new action does not build until it is given one.
    fn documented_as(a: Action) -> &'static str {
        match a {
            Action::Menu => "Esc",
            Action::Pause => "P",
            Action::Help => "H or ?",
            Action::ZoomIn | Action::ZoomOut => "+ - wheel",
            Action::Fullscreen => "F11",
            Action::Overlay => "F1",
            Action::Flow => "F2",
            Action::Horror => "F3",
            Action::ReloadTuning => "F5",
            Action::Screenshot => "F12",
            Action::Restart => "R",
            Action::Formation(_) => "1 2 3",
            Action::ToggleManual => "Space",
            Action::CycleTarget => "Tab",
            Action::QuickSave | Action::QuickLoad => "F6 / F9",
            Action::Speed => "4",
            Action::SingleStep => ". (period)",
            Action::Mute => "M",
            Action::Map => "Q",
            Action::Tool(Tool::Flare) => "F",
            Action::Tool(Tool::Grenade) => "G",
            Action::Tool(Tool::Medkit) => "E",
        }
    }

    /// The help's table lists exactly the keys play handles: every key with an action
    /// (tried over the whole keyboard's common keys) and the held ones (movement,
    /// Shift, the aim's turn; the wheel zooms with + and -), and no other.
    #[test]
    fn the_help_table_lists_exactly_the_keys_play_handles() {
        use KeyCode::*;
        let keyboard = [
            KeyA,
            KeyB,
            KeyC,
            KeyD,
            KeyE,
            KeyF,
            KeyG,
            KeyH,
            KeyI,
            KeyJ,
            KeyK,
            KeyL,
            KeyM,
            KeyN,
            KeyO,
            KeyP,
            KeyQ,
            KeyR,
            KeyS,
            KeyT,
            KeyU,
            KeyV,
            KeyW,
            KeyX,
            KeyY,
            KeyZ,
            Digit0,
            Digit1,
            Digit2,
            Digit3,
            Digit4,
            Digit5,
            Digit6,
            Digit7,
            Digit8,
            Digit9,
            F1,
            F2,
            F3,
            F4,
            F5,
            F6,
            F7,
            F8,
            F9,
            F10,
            F11,
            F12,
            Escape,
            Tab,
            Space,
            Enter,
            Backspace,
            Minus,
            Equal,
            Slash,
            Period,
            Comma,
            Semicolon,
            Quote,
            BracketLeft,
            BracketRight,
            Backslash,
            Backquote,
            NumpadAdd,
            NumpadSubtract,
            ArrowUp,
            ArrowDown,
            ArrowLeft,
            ArrowRight,
            ShiftLeft,
            ShiftRight,
            ControlLeft,
            AltLeft,
            Home,
            End,
            PageUp,
            PageDown,
            Insert,
            Delete,
        ];
        let mut handled: BTreeSet<&str> = keyboard
            .iter()
            .filter_map(|&k| action(k))
            .map(documented_as)
            .collect();
        // Held, not pressed: checked against the code that reads them.
        assert!(move_dir(&keys(&[KeyW]), false, &bd(), MoveKeys::Screen).length() > 0.0);
        assert!(move_dir(&keys(&[ArrowUp]), false, &bd(), MoveKeys::Screen).length() > 0.0);
        assert!(sprint(&keys(&[ShiftLeft]), &bd()));
        assert!(aim_turn(&keys(&[ArrowLeft]), &bd(), 0.1) != 0.0);
        handled.extend(["WASD/arrows", "Shift", "Left/Right"]);
        let table: BTreeSet<&str> = view::screens::help::control_rows()
            .map(|(k, _)| *k)
            .collect();
        assert_eq!(handled, table);
    }
}
