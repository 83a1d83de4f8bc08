//! Key bindings (REQ C4): which keys do what in play. Every action a key press asks
//! for, and the held ones (movement, sprint, the manual aim's turn), is a [`Bind`] with
//! up to [`SLOTS`] keys; the defaults are the keys of REQ §15. The window reads the
//! keyboard in play only through a [`Bindings`] (the settings' `[keys]` section); the
//! menus read it through `MenuKey`s, whose keys are fixed (arrows, Enter, Esc), so a
//! rebinding can never lock the player out of the menus.
//!
//! A key belongs to one bind, with one exception kept from the defaults: the manual
//! aim's turn keys (←/→) may also move the disk — outside manual aim they move, in it
//! they turn the aim ([`Bindings::moves`]).

use winit::keyboard::KeyCode;

/// Keys per bind.
pub const SLOTS: usize = 2;

/// One thing a key can be bound to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Bind {
    MoveUp,
    MoveDown,
    MoveLeft,
    MoveRight,
    Sprint,
    AimLeft,
    AimRight,
    ToggleManual,
    CycleTarget,
    Wedge,
    Line,
    Ring,
    Flare,
    Grenade,
    Medkit,
    Map,
    Menu,
    Pause,
    Help,
    Restart,
    ZoomIn,
    ZoomOut,
    Fullscreen,
    Mute,
    QuickSave,
    QuickLoad,
    Speed,
    SingleStep,
    Screenshot,
    Overlay,
    Flow,
    Horror,
    ReloadTuning,
}

impl Bind {
    /// Every bind, in the settings screen's order.
    pub const ALL: [Bind; 33] = [
        Bind::MoveUp,
        Bind::MoveDown,
        Bind::MoveLeft,
        Bind::MoveRight,
        Bind::Sprint,
        Bind::AimLeft,
        Bind::AimRight,
        Bind::ToggleManual,
        Bind::CycleTarget,
        Bind::Wedge,
        Bind::Line,
        Bind::Ring,
        Bind::Flare,
        Bind::Grenade,
        Bind::Medkit,
        Bind::Map,
        Bind::Menu,
        Bind::Pause,
        Bind::Help,
        Bind::Restart,
        Bind::ZoomIn,
        Bind::ZoomOut,
        Bind::Fullscreen,
        Bind::Mute,
        Bind::QuickSave,
        Bind::QuickLoad,
        Bind::Speed,
        Bind::SingleStep,
        Bind::Screenshot,
        Bind::Overlay,
        Bind::Flow,
        Bind::Horror,
        Bind::ReloadTuning,
    ];

    fn index(self) -> usize {
        self as usize
    }

    /// Its key in the settings file's `[keys]` section.
    pub fn name(self) -> &'static str {
        match self {
            Bind::MoveUp => "move_up",
            Bind::MoveDown => "move_down",
            Bind::MoveLeft => "move_left",
            Bind::MoveRight => "move_right",
            Bind::Sprint => "sprint",
            Bind::AimLeft => "aim_left",
            Bind::AimRight => "aim_right",
            Bind::ToggleManual => "manual_aim",
            Bind::CycleTarget => "next_target",
            Bind::Wedge => "wedge",
            Bind::Line => "line",
            Bind::Ring => "ring",
            Bind::Flare => "flare",
            Bind::Grenade => "grenade",
            Bind::Medkit => "medkit",
            Bind::Map => "map",
            Bind::Menu => "menu",
            Bind::Pause => "pause",
            Bind::Help => "help",
            Bind::Restart => "restart",
            Bind::ZoomIn => "zoom_in",
            Bind::ZoomOut => "zoom_out",
            Bind::Fullscreen => "fullscreen",
            Bind::Mute => "mute",
            Bind::QuickSave => "quick_save",
            Bind::QuickLoad => "quick_load",
            Bind::Speed => "replay_speed",
            Bind::SingleStep => "single_step",
            Bind::Screenshot => "screenshot",
            Bind::Overlay => "overlay",
            Bind::Flow => "flow_field",
            Bind::Horror => "horror_layer",
            Bind::ReloadTuning => "reload_tuning",
        }
    }

    /// What the settings screen calls it.
    pub fn label(self) -> &'static str {
        match self {
            Bind::MoveUp => "Move up",
            Bind::MoveDown => "Move down",
            Bind::MoveLeft => "Move left",
            Bind::MoveRight => "Move right",
            Bind::Sprint => "Sprint (held)",
            Bind::AimLeft => "Turn aim left",
            Bind::AimRight => "Turn aim right",
            Bind::ToggleManual => "Manual aim on/off",
            Bind::CycleTarget => "Next target",
            Bind::Wedge => "Formation: wedge",
            Bind::Line => "Formation: line",
            Bind::Ring => "Formation: ring",
            Bind::Flare => "Throw a flare",
            Bind::Grenade => "Throw a grenade",
            Bind::Medkit => "Use the medkit",
            Bind::Map => "Map on/off",
            Bind::Menu => "Pause menu",
            Bind::Pause => "Pause",
            Bind::Help => "Help",
            Bind::Restart => "Restart",
            Bind::ZoomIn => "Zoom in",
            Bind::ZoomOut => "Zoom out",
            Bind::Fullscreen => "Fullscreen",
            Bind::Mute => "Mute",
            Bind::QuickSave => "Quick save",
            Bind::QuickLoad => "Quick load",
            Bind::Speed => "Replay speed",
            Bind::SingleStep => "One tick (paused)",
            Bind::Screenshot => "Screenshot",
            Bind::Overlay => "Debug overlay",
            Bind::Flow => "Flow field",
            Bind::Horror => "Horror layer",
            Bind::ReloadTuning => "Reload tuning",
        }
    }

    pub fn from_name(s: &str) -> Option<Bind> {
        Bind::ALL.into_iter().find(|b| b.name() == s)
    }

    /// Read on every screen, menus included (before the menus read their fixed keys):
    /// such a bind may not take a key the menus need ([`menu_reserved`]).
    pub fn everywhere(self) -> bool {
        matches!(
            self,
            Bind::Fullscreen
                | Bind::Screenshot
                | Bind::Overlay
                | Bind::Flow
                | Bind::Horror
                | Bind::ReloadTuning
                | Bind::Mute
                | Bind::ZoomIn
                | Bind::ZoomOut
                | Bind::Help
        )
    }

    /// Held rather than pressed: movement, sprint, the aim's turn.
    pub fn held(self) -> bool {
        matches!(
            self,
            Bind::MoveUp
                | Bind::MoveDown
                | Bind::MoveLeft
                | Bind::MoveRight
                | Bind::Sprint
                | Bind::AimLeft
                | Bind::AimRight
        )
    }

    fn moves(self) -> bool {
        matches!(
            self,
            Bind::MoveUp | Bind::MoveDown | Bind::MoveLeft | Bind::MoveRight
        )
    }

    fn aims(self) -> bool {
        matches!(self, Bind::AimLeft | Bind::AimRight)
    }

    /// Whether one key may be on both: only a movement key and an aim key.
    fn may_share(self, other: Bind) -> bool {
        (self.moves() && other.aims()) || (self.aims() && other.moves())
    }

    /// The defaults: REQ §15's keys.
    fn defaults(self) -> [Option<KeyCode>; SLOTS] {
        use KeyCode::*;
        let (a, b) = match self {
            Bind::MoveUp => (KeyW, Some(ArrowUp)),
            Bind::MoveDown => (KeyS, Some(ArrowDown)),
            Bind::MoveLeft => (KeyA, Some(ArrowLeft)),
            Bind::MoveRight => (KeyD, Some(ArrowRight)),
            Bind::Sprint => (ShiftLeft, Some(ShiftRight)),
            Bind::AimLeft => (ArrowLeft, None),
            Bind::AimRight => (ArrowRight, None),
            Bind::ToggleManual => (Space, None),
            Bind::CycleTarget => (Tab, None),
            Bind::Wedge => (Digit1, None),
            Bind::Line => (Digit2, None),
            Bind::Ring => (Digit3, None),
            Bind::Flare => (KeyF, None),
            Bind::Grenade => (KeyG, None),
            Bind::Medkit => (KeyE, None),
            // Q, not M (mute's since before the map): free in every settings file
            // written so far, so no player's file loses a key to it; next to WASD.
            Bind::Map => (KeyQ, None),
            Bind::Menu => (Escape, None),
            Bind::Pause => (KeyP, None),
            Bind::Help => (KeyH, Some(Slash)),
            Bind::Restart => (KeyR, None),
            Bind::ZoomIn => (Equal, Some(NumpadAdd)),
            Bind::ZoomOut => (Minus, Some(NumpadSubtract)),
            Bind::Fullscreen => (F11, None),
            Bind::Mute => (KeyM, None),
            Bind::QuickSave => (F6, None),
            Bind::QuickLoad => (F9, None),
            Bind::Speed => (Digit4, None),
            Bind::SingleStep => (Period, None),
            Bind::Screenshot => (F12, None),
            Bind::Overlay => (F1, None),
            Bind::Flow => (F2, None),
            Bind::Horror => (F3, None),
            Bind::ReloadTuning => (F5, None),
        };
        [Some(a), b]
    }
}

/// What a rebinding did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rebound {
    /// The key was free (or already this bind's).
    Done,
    /// The key was `other`'s: `other` now has the key this slot had (`None`: nothing).
    Swapped { other: Bind, gets: Option<KeyCode> },
    /// Refused, and why (the bindings are unchanged).
    Refused(String),
}

/// The bind that uses `tool` (REQ K3–K5).
pub fn tool_bind(tool: sim::read::Tool) -> Bind {
    match tool {
        sim::read::Tool::Flare => Bind::Flare,
        sim::read::Tool::Grenade => Bind::Grenade,
        sim::read::Tool::Medkit => Bind::Medkit,
    }
}

/// Every bind's keys.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bindings {
    keys: [[Option<KeyCode>; SLOTS]; Bind::ALL.len()],
}

impl Default for Bindings {
    fn default() -> Bindings {
        let mut keys = [[None; SLOTS]; Bind::ALL.len()];
        for b in Bind::ALL {
            keys[b.index()] = b.defaults();
        }
        Bindings { keys }
    }
}

impl Bindings {
    /// `b`'s keys, slot by slot.
    pub fn slots(&self, b: Bind) -> [Option<KeyCode>; SLOTS] {
        self.keys[b.index()]
    }

    /// `b`'s keys.
    pub fn keys(&self, b: Bind) -> impl Iterator<Item = KeyCode> + '_ {
        self.keys[b.index()].iter().flatten().copied()
    }

    /// Whether `code` is one of `b`'s keys.
    pub fn is(&self, b: Bind, code: KeyCode) -> bool {
        self.keys(b).any(|k| k == code)
    }

    /// The press bind `code` triggers, if any.
    pub fn pressed(&self, code: KeyCode) -> Option<Bind> {
        Bind::ALL
            .into_iter()
            .find(|&b| !b.held() && self.is(b, code))
    }

    /// Whether any key of `b` is held.
    pub fn held(&self, b: Bind, held: &std::collections::BTreeSet<KeyCode>) -> bool {
        self.keys(b).any(|k| held.contains(&k))
    }

    /// Whether a held `code` moves the disk along `b`: one of its keys, and not an aim
    /// key while manual aim is on (then it turns the aim).
    pub fn moves(&self, b: Bind, code: KeyCode, manual_on: bool) -> bool {
        self.is(b, code)
            && !(manual_on && (self.is(Bind::AimLeft, code) || self.is(Bind::AimRight, code)))
    }

    /// Whether pressing `code` means the player takes over from a scripted route: a
    /// movement key that is not also an aim key.
    pub fn takes_over_route(&self, code: KeyCode) -> bool {
        [
            Bind::MoveUp,
            Bind::MoveDown,
            Bind::MoveLeft,
            Bind::MoveRight,
        ]
        .into_iter()
        .any(|b| self.moves(b, code, true))
    }

    /// Sets `b`'s keys as they are (the settings file's reader; no checks).
    pub fn set_slots(&mut self, b: Bind, keys: [Option<KeyCode>; SLOTS]) {
        self.keys[b.index()] = keys;
    }

    /// The bind (and slot) other than `b` that holds `code` and may not share it.
    pub fn clash(&self, b: Bind, code: KeyCode) -> Option<(Bind, usize)> {
        Bind::ALL
            .into_iter()
            .filter(|&o| o != b && !o.may_share(b))
            .find_map(|o| {
                self.keys[o.index()]
                    .iter()
                    .position(|k| *k == Some(code))
                    .map(|s| (o, s))
            })
    }

    /// Every key on two binds that may not share it: `(key, first, second)`.
    pub fn clashes(&self) -> Vec<(KeyCode, Bind, Bind)> {
        let mut out = Vec::new();
        for (i, &a) in Bind::ALL.iter().enumerate() {
            for k in self.keys(a) {
                for &b in &Bind::ALL[i + 1..] {
                    if !a.may_share(b) && self.is(b, k) {
                        out.push((k, a, b));
                    }
                }
            }
        }
        out
    }

    /// Puts `code` in `b`'s `slot`. A key already another bind's is swapped: that bind
    /// gets the key this slot had (or nothing, if that key would clash there too). A
    /// key already in `b`'s other slot trades places with this slot's.
    pub fn rebind(&mut self, b: Bind, slot: usize, code: KeyCode) -> Rebound {
        if slot >= SLOTS {
            return Rebound::Refused(format!("no slot {slot}"));
        }
        if b.everywhere() && menu_reserved(code) {
            return Rebound::Refused(format!(
                "{} is a menu key: {} works on every screen and would take it from the menus",
                key_label(code),
                b.name()
            ));
        }
        let old = self.keys[b.index()][slot];
        if old == Some(code) {
            return Rebound::Done;
        }
        if let Some(other_slot) = self.keys[b.index()].iter().position(|k| *k == Some(code)) {
            self.keys[b.index()][other_slot] = old;
            self.keys[b.index()][slot] = Some(code);
            return Rebound::Done;
        }
        let clash = self.clash(b, code);
        self.keys[b.index()][slot] = Some(code);
        let Some((other, other_slot)) = clash else {
            return Rebound::Done;
        };
        // The key this slot had goes to the other bind, unless it clashes there.
        let gets = old.filter(|&k| self.clash(other, k).is_none_or(|(o, _)| o == other));
        self.keys[other.index()][other_slot] = gets;
        if self.keys(other).next().is_none() && other == Bind::Menu {
            // The pause menu must keep a key: undo.
            self.keys[other.index()][other_slot] = Some(code);
            self.keys[b.index()][slot] = old;
            return Rebound::Refused(format!("{} is the pause menu's only key", key_label(code)));
        }
        Rebound::Swapped { other, gets }
    }

    /// Empties `b`'s `slot` (the pause menu keeps at least one key).
    pub fn clear(&mut self, b: Bind, slot: usize) -> Result<(), String> {
        if slot >= SLOTS {
            return Err(format!("no slot {slot}"));
        }
        let mut keys = self.keys[b.index()];
        keys[slot] = None;
        if b == Bind::Menu && keys.iter().all(Option::is_none) {
            return Err("the pause menu needs a key".into());
        }
        self.keys[b.index()] = keys;
        Ok(())
    }
}

/// The menus' fixed keys (arrows, WASD, Enter, Space, Esc, Backspace, Delete, Tab, the
/// digits) and the results' letters (R, N, V, T): what a bind read on every screen may
/// not take.
pub fn menu_reserved(code: KeyCode) -> bool {
    use KeyCode::*;
    matches!(
        code,
        ArrowUp
            | ArrowDown
            | ArrowLeft
            | ArrowRight
            | KeyW
            | KeyA
            | KeyS
            | KeyD
            | Enter
            | NumpadEnter
            | Space
            | Escape
            | Backspace
            | Delete
            | Tab
            | KeyR
            | KeyN
            | KeyV
            | KeyT
            | Digit0
            | Digit1
            | Digit2
            | Digit3
            | Digit4
            | Digit5
            | Digit6
            | Digit7
            | Digit8
            | Digit9
    )
}

/// The keys a binding may name: `(name in the settings file and on screen, key)`.
const KEY_NAMES: &[(&str, KeyCode)] = {
    use KeyCode::*;
    &[
        ("A", KeyA),
        ("B", KeyB),
        ("C", KeyC),
        ("D", KeyD),
        ("E", KeyE),
        ("F", KeyF),
        ("G", KeyG),
        ("H", KeyH),
        ("I", KeyI),
        ("J", KeyJ),
        ("K", KeyK),
        ("L", KeyL),
        ("M", KeyM),
        ("N", KeyN),
        ("O", KeyO),
        ("P", KeyP),
        ("Q", KeyQ),
        ("R", KeyR),
        ("S", KeyS),
        ("T", KeyT),
        ("U", KeyU),
        ("V", KeyV),
        ("W", KeyW),
        ("X", KeyX),
        ("Y", KeyY),
        ("Z", KeyZ),
        ("0", Digit0),
        ("1", Digit1),
        ("2", Digit2),
        ("3", Digit3),
        ("4", Digit4),
        ("5", Digit5),
        ("6", Digit6),
        ("7", Digit7),
        ("8", Digit8),
        ("9", Digit9),
        ("F1", F1),
        ("F2", F2),
        ("F3", F3),
        ("F4", F4),
        ("F5", F5),
        ("F6", F6),
        ("F7", F7),
        ("F8", F8),
        ("F9", F9),
        ("F10", F10),
        ("F11", F11),
        ("F12", F12),
        ("Up", ArrowUp),
        ("Down", ArrowDown),
        ("Left", ArrowLeft),
        ("Right", ArrowRight),
        ("Space", Space),
        ("Enter", Enter),
        ("Esc", Escape),
        ("Tab", Tab),
        ("Backspace", Backspace),
        ("Delete", Delete),
        ("Insert", Insert),
        ("Home", Home),
        ("End", End),
        ("PageUp", PageUp),
        ("PageDown", PageDown),
        ("CapsLock", CapsLock),
        ("LShift", ShiftLeft),
        ("RShift", ShiftRight),
        ("LCtrl", ControlLeft),
        ("RCtrl", ControlRight),
        ("LAlt", AltLeft),
        ("RAlt", AltRight),
        ("-", Minus),
        ("=", Equal),
        ("[", BracketLeft),
        ("]", BracketRight),
        ("\\", Backslash),
        (";", Semicolon),
        ("'", Quote),
        ("`", Backquote),
        (",", Comma),
        (".", Period),
        ("/", Slash),
        ("Num0", Numpad0),
        ("Num1", Numpad1),
        ("Num2", Numpad2),
        ("Num3", Numpad3),
        ("Num4", Numpad4),
        ("Num5", Numpad5),
        ("Num6", Numpad6),
        ("Num7", Numpad7),
        ("Num8", Numpad8),
        ("Num9", Numpad9),
        ("Num+", NumpadAdd),
        ("Num-", NumpadSubtract),
        ("Num*", NumpadMultiply),
        ("Num/", NumpadDivide),
        ("Num.", NumpadDecimal),
        ("NumEnter", NumpadEnter),
    ]
};

/// A key's name (the settings file's and the screen's); `None` for a key a binding
/// cannot name.
pub fn key_name(code: KeyCode) -> Option<&'static str> {
    KEY_NAMES.iter().find(|(_, k)| *k == code).map(|(n, _)| *n)
}

/// A key's name, or `?` for one without.
pub fn key_label(code: KeyCode) -> &'static str {
    key_name(code).unwrap_or("?")
}

/// The key named `s` (as [`key_name`] writes it).
pub fn key_from_name(s: &str) -> Option<KeyCode> {
    KEY_NAMES.iter().find(|(n, _)| *n == s).map(|(_, k)| *k)
}

/// Every key name, for an error message.
pub fn key_names() -> impl Iterator<Item = &'static str> {
    KEY_NAMES.iter().map(|(n, _)| *n)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A bind read on every screen (help, mute, fullscreen, …) may not take a menu's
    /// key: help on Enter would leave no keyboard Confirm anywhere. Play-only binds may.
    #[test]
    fn a_bind_read_on_every_screen_may_not_take_a_menu_key() {
        let mut b = Bindings::default();
        for code in [
            KeyCode::Enter,
            KeyCode::Space,
            KeyCode::KeyT,
            KeyCode::ArrowUp,
        ] {
            for bind in [Bind::Help, Bind::Mute, Bind::Fullscreen] {
                let before = b.clone();
                let r = b.rebind(bind, 0, code);
                assert!(
                    matches!(r, Rebound::Refused(_)),
                    "{bind:?} on {code:?}: {r:?}"
                );
                assert_eq!(b, before, "unchanged");
            }
        }
        // Everywhere binds take other keys; play binds take menu keys.
        assert_eq!(b.rebind(Bind::Help, 0, KeyCode::KeyJ), Rebound::Done);
        assert_ne!(
            b.rebind(Bind::Pause, 0, KeyCode::KeyT),
            Rebound::Refused(String::new())
        );
        assert!(b.is(Bind::Pause, KeyCode::KeyT));
        for bind in Bind::ALL.into_iter().filter(|b| b.everywhere()) {
            let d = Bindings::default();
            assert!(
                d.keys(bind).all(|k| !menu_reserved(k)),
                "{bind:?}'s default key is a menu key"
            );
        }
    }

    #[test]
    fn the_defaults_are_spec_15s_keys_and_clash_nowhere() {
        let b = Bindings::default();
        assert_eq!(b.pressed(KeyCode::Escape), Some(Bind::Menu));
        assert_eq!(b.pressed(KeyCode::Slash), Some(Bind::Help));
        assert_eq!(b.pressed(KeyCode::KeyW), None, "held, not pressed");
        // The tools (REQ K3–K5) on keys of their own, free in the defaults.
        assert_eq!(b.pressed(KeyCode::KeyF), Some(Bind::Flare));
        assert_eq!(b.pressed(KeyCode::KeyG), Some(Bind::Grenade));
        assert_eq!(b.pressed(KeyCode::KeyE), Some(Bind::Medkit));
        for t in sim::read::Tool::ALL {
            assert_eq!(b.keys(tool_bind(t)).count(), 1, "{t:?}");
        }
        assert!(b.clashes().is_empty(), "{:?}", b.clashes());
        // The arrows move and turn the aim (in manual aim they only turn it).
        assert!(b.moves(Bind::MoveLeft, KeyCode::ArrowLeft, false));
        assert!(!b.moves(Bind::MoveLeft, KeyCode::ArrowLeft, true));
        assert!(b.moves(Bind::MoveLeft, KeyCode::KeyA, true));
        assert!(b.takes_over_route(KeyCode::KeyW) && b.takes_over_route(KeyCode::ArrowUp));
        assert!(!b.takes_over_route(KeyCode::ArrowLeft));
        for bind in Bind::ALL {
            assert_eq!(Bind::from_name(bind.name()), Some(bind));
            // The settings page's label column holds the label whole (its rows clip).
            use view::screens::settings::{ROW_X, VALUE_X};
            let room = raster::chars_fitting(VALUE_X - 16 - (ROW_X + 20), 2);
            assert!(bind.label().len() <= room, "{:?} is clipped", bind.label());
            for k in b.keys(bind) {
                assert!(key_name(k).is_some(), "{bind:?}'s {k:?} has a name");
            }
        }
    }

    #[test]
    fn key_names_go_both_ways() {
        for (name, code) in KEY_NAMES {
            assert_eq!(key_from_name(name), Some(*code));
            assert_eq!(key_name(*code), Some(*name));
        }
        assert_eq!(key_from_name("Hyper"), None);
    }

    #[test]
    fn rebinding_moves_an_action_to_another_key() {
        let mut b = Bindings::default();
        assert_eq!(b.rebind(Bind::Pause, 0, KeyCode::KeyO), Rebound::Done);
        assert_eq!(b.pressed(KeyCode::KeyO), Some(Bind::Pause));
        assert_eq!(b.pressed(KeyCode::KeyP), None, "the old key is free");
    }

    #[test]
    fn a_key_bound_elsewhere_is_swapped() {
        let mut b = Bindings::default();
        // R (restart) onto pause: restart gets P.
        assert_eq!(
            b.rebind(Bind::Pause, 0, KeyCode::KeyR),
            Rebound::Swapped {
                other: Bind::Restart,
                gets: Some(KeyCode::KeyP)
            }
        );
        assert_eq!(b.pressed(KeyCode::KeyR), Some(Bind::Pause));
        assert_eq!(b.pressed(KeyCode::KeyP), Some(Bind::Restart));
        assert!(b.clashes().is_empty());
        // Into the empty second slot: the other bind is left with nothing there.
        assert_eq!(
            b.rebind(Bind::Pause, 1, KeyCode::KeyM),
            Rebound::Swapped {
                other: Bind::Mute,
                gets: None
            }
        );
        assert_eq!(b.keys(Bind::Mute).count(), 0);
        // Esc onto pause's key: the pause menu gets R in exchange.
        assert_eq!(
            b.rebind(Bind::Pause, 0, KeyCode::Escape),
            Rebound::Swapped {
                other: Bind::Menu,
                gets: Some(KeyCode::KeyR)
            }
        );
        // Onto an empty slot it would leave the pause menu without a key: refused.
        let before = b.clone();
        assert!(matches!(
            b.rebind(Bind::Wedge, 1, KeyCode::KeyR),
            Rebound::Refused(_)
        ));
        assert_eq!(b, before);
        assert!(b.clear(Bind::Menu, 0).is_err());
        assert!(b.clear(Bind::Help, 1).is_ok());
        assert_eq!(b.pressed(KeyCode::Slash), None);
    }

    #[test]
    fn an_arrow_swapped_away_never_clashes() {
        let mut b = Bindings::default();
        // ← is move-left's second key and the aim's too: handed to pause it would clash
        // with the aim, so pause is left without a key rather than with a clash.
        let r = b.rebind(Bind::MoveLeft, 1, KeyCode::KeyP);
        assert_eq!(
            r,
            Rebound::Swapped {
                other: Bind::Pause,
                gets: None
            }
        );
        assert!(b.clashes().is_empty(), "{:?}", b.clashes());
    }
}
