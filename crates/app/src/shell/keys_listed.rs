//! The controls the title and help list, in the player's keys (issue 35: after a
//! rebind they still showed the defaults): each row of help's table
//! (`view::screens::help::CONTROLS`) and of the title's short list
//! (`view::screens::title::TITLE_KEYS`) stands for some binds; a row whose binds keep
//! their default keys reads as the table writes it, a rebound one names the player's
//! keys ([`player_keys`]).

use super::bindings::{key_label, Bind, Bindings};

/// What a verb with no key says (in a prompt, in the controls' tables).
pub const NO_KEY: &str = "(no key)";

/// The tables' key texts (spaces run together) and the binds each stands for.
const ROWS: &[(&str, &[Bind])] = &[
    (
        "WASD/arrows",
        &[
            Bind::MoveUp,
            Bind::MoveLeft,
            Bind::MoveDown,
            Bind::MoveRight,
        ],
    ),
    ("Shift", &[Bind::Sprint]),
    ("1 2 3", &[Bind::Wedge, Bind::Line, Bind::Ring]),
    ("Space", &[Bind::ToggleManual]),
    ("Left/Right", &[Bind::AimLeft, Bind::AimRight]),
    ("Tab", &[Bind::CycleTarget]),
    ("Q", &[Bind::Map]),
    ("F", &[Bind::Flare]),
    ("G", &[Bind::Grenade]),
    ("E", &[Bind::Medkit]),
    ("R", &[Bind::Restart]),
    ("P", &[Bind::Pause]),
    ("Esc", &[Bind::Menu]),
    ("H or ?", &[Bind::Help]),
    ("+ - wheel", &[Bind::ZoomIn, Bind::ZoomOut]),
    ("M", &[Bind::Mute]),
    ("F11", &[Bind::Fullscreen]),
    ("4", &[Bind::Speed]),
    (". (period)", &[Bind::SingleStep]),
    ("F1", &[Bind::Overlay]),
    ("F2", &[Bind::Flow]),
    ("F3", &[Bind::Horror]),
    ("F5", &[Bind::ReloadTuning]),
    ("F6 / F9", &[Bind::QuickSave, Bind::QuickLoad]),
    ("F12", &[Bind::Screenshot]),
];

/// `s` with its runs of spaces as one (the title writes `1  2  3`, help `1 2 3`).
fn squeezed(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The binds the tables' row `key` stands for.
pub fn binds_of(key: &str) -> Option<&'static [Bind]> {
    let key = squeezed(key);
    ROWS.iter().find(|(k, _)| *k == key).map(|(_, b)| *b)
}

/// One slot's keys of `binds`: run together when each is one letter (`WASD`), else
/// spaced; `None` when none of them has a key there.
fn slot_keys(b: &Bindings, binds: &[Bind], slot: usize) -> Option<String> {
    let keys: Vec<&str> = binds
        .iter()
        .filter_map(|&bind| b.slots(bind)[slot].map(key_label))
        .collect();
    if keys.is_empty() {
        return None;
    }
    let letters = keys
        .iter()
        .all(|k| k.len() == 1 && k.chars().all(char::is_alphabetic));
    Some(match letters && binds.len() > 1 {
        true => keys.concat(),
        false => keys.join(" "),
    })
}

/// The player's keys for the tables' row `key` under `b`: `None` while its binds keep
/// their default keys (the table's words stand, `WASD/arrows`), else the first keys
/// and, after a `/`, the second ones (`IJKL/arrows` is `IJKL/Up Left Down Right`), or
/// `(no key)`. A row the tables do not have is `None` too.
pub fn player_keys(b: &Bindings, key: &str) -> Option<String> {
    static DEFAULTS: std::sync::OnceLock<Bindings> = std::sync::OnceLock::new();
    let binds = binds_of(key)?;
    let defaults = DEFAULTS.get_or_init(Bindings::default);
    if binds
        .iter()
        .all(|&bind| b.slots(bind) == defaults.slots(bind))
    {
        return None;
    }
    Some(match (slot_keys(b, binds, 0), slot_keys(b, binds, 1)) {
        (Some(a), Some(c)) => format!("{a}/{c}"),
        (Some(a), None) | (None, Some(a)) => a,
        (None, None) => NO_KEY.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use winit::keyboard::KeyCode;

    /// Every row of help's table and of the title's list stands for binds, and under
    /// the default keys each reads as the table writes it.
    #[test]
    fn every_row_of_the_tables_has_its_binds() {
        let rows = view::screens::help::control_rows()
            .map(|(k, _)| *k)
            .chain(view::screens::title::TITLE_KEYS.iter().map(|(k, _)| *k));
        let b = Bindings::default();
        for key in rows {
            assert!(binds_of(key).is_some(), "{key:?}");
            assert_eq!(player_keys(&b, key), None, "{key:?} under the defaults");
        }
    }

    #[test]
    fn a_rebound_row_names_the_player_s_keys() {
        let mut b = Bindings::default();
        b.rebind(Bind::Flare, 0, KeyCode::NumpadEnter);
        assert_eq!(player_keys(&b, "F").as_deref(), Some("NumEnter"));
        assert_eq!(player_keys(&b, "G"), None, "the others stand");
        b.rebind(Bind::MoveUp, 0, KeyCode::KeyI);
        b.rebind(Bind::MoveLeft, 0, KeyCode::KeyJ);
        b.rebind(Bind::MoveDown, 0, KeyCode::KeyK);
        b.rebind(Bind::MoveRight, 0, KeyCode::KeyL);
        assert_eq!(
            player_keys(&b, "WASD/arrows").as_deref(),
            Some("IJKL/Up Left Down Right")
        );
        assert_eq!(player_keys(&b, "1  2  3"), None, "the title's spacing");
    }
}
