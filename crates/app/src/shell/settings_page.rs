//! The settings page's state machine (REQ C4): its rows, what a key does on each
//! (volumes, brightness, fullscreen, the frame cap, the render scale, the floor trail,
//! the defaults, the movement keys' frame and the disk's release of REQ W4) and the
//! rebinding's capture of a raw key.

use winit::keyboard::KeyCode;

use super::bindings::{key_label, key_name, Bind, Rebound};
use super::menu::MenuKey;
use super::settings::{
    Settings, BRIGHTNESS, FRAME_CAPS, RENDER_SCALE, RENDER_SCALE_STEP, VOLUME_STEP,
};

/// A row of the settings page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettingRow {
    Heading(&'static str),
    Master,
    Effects,
    Ambience,
    Brightness,
    Fullscreen,
    FrameCap,
    RenderScale,
    Trail,
    Defaults,
    /// The movement keys' frame (REQ W4).
    MoveKeys,
    /// What the disk does when the movement keys are let go (REQ W4).
    Release,
    Key(Bind),
}

/// The settings page's rows, in order.
pub fn setting_rows() -> Vec<SettingRow> {
    let mut rows = vec![
        SettingRow::Heading("SOUND"),
        SettingRow::Master,
        SettingRow::Effects,
        SettingRow::Ambience,
        SettingRow::Heading("DISPLAY"),
        SettingRow::Brightness,
        SettingRow::Fullscreen,
        SettingRow::FrameCap,
        SettingRow::RenderScale,
        SettingRow::Trail,
        SettingRow::Defaults,
        SettingRow::Heading("CONTROLS"),
        SettingRow::MoveKeys,
        SettingRow::Release,
        SettingRow::Heading("KEYS   (Enter: rebind)"),
    ];
    rows.extend(Bind::ALL.into_iter().map(SettingRow::Key));
    rows
}

/// What a key on the settings page did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettingsEvent {
    /// A setting changed (apply it, save the file).
    Changed,
    Back,
}

/// The settings page's state: the row chosen, a binding's key slot, whether a key is
/// awaited, what the last change said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettingsMenu {
    pub selected: usize,
    pub slot: usize,
    pub capturing: bool,
    pub note: Option<String>,
}

impl Default for SettingsMenu {
    fn default() -> SettingsMenu {
        SettingsMenu {
            selected: 1,
            slot: 0,
            capturing: false,
            note: None,
        }
    }
}

impl SettingsMenu {
    /// The chosen row.
    pub fn row(&self) -> SettingRow {
        let rows = setting_rows();
        rows[self.selected.min(rows.len() - 1)]
    }

    /// Chooses row `i` (a heading chooses the row after it).
    pub fn choose(&mut self, i: usize) {
        let rows = setting_rows();
        let mut i = i.min(rows.len() - 1);
        while matches!(rows[i], SettingRow::Heading(_)) && i + 1 < rows.len() {
            i += 1;
        }
        if i != self.selected {
            self.slot = 0;
        }
        self.selected = i;
    }

    /// A menu key: Up/Down move (over the headings), Left/Right change a value (or
    /// choose a binding's first or second key), Enter toggles, cycles, restores the
    /// defaults or waits for a binding's new key, Backspace clears a binding's key, Esc
    /// goes back (or cancels the wait).
    pub fn key(&mut self, k: MenuKey, s: &mut Settings) -> Option<SettingsEvent> {
        if self.capturing {
            if k == MenuKey::Back {
                self.capturing = false;
                self.note = Some("not changed".into());
            }
            return None;
        }
        let rows = setting_rows();
        let n = rows.len();
        let row = self.row();
        let volume = |v: &mut u8, up: bool| {
            let was = *v;
            *v = if up {
                v.saturating_add(VOLUME_STEP).min(100)
            } else {
                v.saturating_sub(VOLUME_STEP)
            };
            was != *v
        };
        let changed = match (k, row) {
            (MenuKey::Up | MenuKey::Down, _) => {
                let mut i = self.selected;
                loop {
                    i = if k == MenuKey::Up {
                        (i + n - 1) % n
                    } else {
                        (i + 1) % n
                    };
                    if !matches!(rows[i], SettingRow::Heading(_)) {
                        break;
                    }
                }
                self.selected = i;
                self.slot = 0;
                self.note = None;
                false
            }
            (MenuKey::Back, _) => {
                self.note = None;
                return Some(SettingsEvent::Back);
            }
            (MenuKey::Left | MenuKey::Right, SettingRow::Master) => {
                volume(&mut s.master, k == MenuKey::Right)
            }
            (MenuKey::Left | MenuKey::Right, SettingRow::Effects) => {
                volume(&mut s.effects, k == MenuKey::Right)
            }
            (MenuKey::Left | MenuKey::Right, SettingRow::Ambience) => {
                volume(&mut s.ambience, k == MenuKey::Right)
            }
            (MenuKey::Left | MenuKey::Right, SettingRow::Brightness) => {
                let was = s.brightness;
                let d = if k == MenuKey::Right { 1 } else { -1 };
                s.brightness = (s.brightness + d).clamp(*BRIGHTNESS.start(), *BRIGHTNESS.end());
                was != s.brightness
            }
            (MenuKey::Left | MenuKey::Right | MenuKey::Confirm, SettingRow::Fullscreen) => {
                s.fullscreen = !s.fullscreen;
                true
            }
            (MenuKey::Left | MenuKey::Right | MenuKey::Confirm, SettingRow::FrameCap) => {
                let i = FRAME_CAPS
                    .iter()
                    .position(|&c| c == s.frame_cap)
                    .unwrap_or(0);
                let m = FRAME_CAPS.len();
                let j = if k == MenuKey::Left {
                    (i + m - 1) % m
                } else {
                    (i + 1) % m
                };
                s.frame_cap = FRAME_CAPS[j];
                true
            }
            (MenuKey::Left | MenuKey::Right, SettingRow::RenderScale) => {
                let was = s.render_scale;
                s.render_scale = match k {
                    MenuKey::Right => s.render_scale.saturating_add(RENDER_SCALE_STEP),
                    _ => s.render_scale.saturating_sub(RENDER_SCALE_STEP),
                }
                .clamp(*RENDER_SCALE.start(), *RENDER_SCALE.end());
                was != s.render_scale
            }
            (MenuKey::Left | MenuKey::Right | MenuKey::Confirm, SettingRow::Trail) => {
                s.trail = s.trail.step(k != MenuKey::Left);
                true
            }
            (MenuKey::Left | MenuKey::Right | MenuKey::Confirm, SettingRow::MoveKeys) => {
                s.controls.move_keys = s.controls.move_keys.toggled();
                true
            }
            (MenuKey::Left | MenuKey::Right | MenuKey::Confirm, SettingRow::Release) => {
                s.controls.release = s.controls.release.toggled();
                true
            }
            (MenuKey::Confirm, SettingRow::Defaults) => {
                *s = Settings::default();
                self.note = Some("every setting and key is back to its default".into());
                true
            }
            (MenuKey::Left, SettingRow::Key(_)) => {
                self.slot = 0;
                false
            }
            (MenuKey::Right, SettingRow::Key(_)) => {
                self.slot = 1;
                false
            }
            (MenuKey::Confirm, SettingRow::Key(b)) => {
                self.capturing = true;
                self.note = Some(format!("press the new key for {} (Esc cancels)", b.label()));
                false
            }
            (MenuKey::Erase, SettingRow::Key(b)) => match s.keys.clear(b, self.slot) {
                Ok(()) => {
                    self.note = Some(format!("{}: {}", b.label(), keys_text(s, b)));
                    true
                }
                Err(e) => {
                    self.note = Some(e);
                    false
                }
            },
            _ => false,
        };
        changed.then_some(SettingsEvent::Changed)
    }

    /// The key pressed while a rebinding waits: put in the chosen slot (true), or the
    /// wait cancelled with Esc or refused (false). A key bound elsewhere is swapped,
    /// and the note says so.
    pub fn capture(&mut self, code: KeyCode, s: &mut Settings) -> bool {
        self.capturing = false;
        let SettingRow::Key(b) = self.row() else {
            return false;
        };
        if code == KeyCode::Escape {
            self.note = Some("not changed".into());
            return false;
        }
        let Some(name) = key_name(code) else {
            self.note = Some("that key cannot be bound".into());
            return false;
        };
        let (note, changed) = match s.keys.rebind(b, self.slot, code) {
            Rebound::Done => (format!("{}: {}", b.label(), keys_text(s, b)), true),
            Rebound::Swapped { other, gets } => (
                match gets {
                    Some(k) => format!(
                        "{name} is now {}'s; {} gets {} instead",
                        b.label(),
                        other.label(),
                        key_label(k)
                    ),
                    None => format!("{name} is now {}'s; {} lost it", b.label(), other.label()),
                },
                true,
            ),
            Rebound::Refused(why) => (format!("not changed: {why}"), false),
        };
        self.note = Some(note);
        changed
    }
}

/// A binding's keys as text (`W, Up`; `none`).
fn keys_text(s: &Settings, b: Bind) -> String {
    let keys: Vec<&str> = s.keys.keys(b).map(key_label).collect();
    if keys.is_empty() {
        "no key".into()
    } else {
        keys.join(", ")
    }
}
