//! The player's settings (REQ C4): volumes, brightness, fullscreen, the frame cap, the
//! render scale (REQ §24), the floor trail (REQ W1), the movement keys' frame and the
//! disk's release (REQ W4, [`crate::shell::controls`]) and the key bindings, kept as TOML
//! in the user's config directory (`ProjectDirs::config_dir()/settings.toml`:
//! `$XDG_CONFIG_HOME/squad_proto/` on Linux), loaded at start and saved whenever the
//! settings screen changes one.
//!
//! Reading never fails and keeps every good entry (REQ W6): a line that does not parse
//! (a file cut short, garbage: [`crate::shell::salvage`]), an unknown section or key, or
//! a bad value is reported as `file:line:col: …` (one line each) and the default is used
//! for what was wrong; the damaged file is kept beside it as `settings.toml.bad-N`
//! (never overwritten) and replaced by the settings as read. A file that cannot be read
//! (permission denied) is kept aside the same way and said. The file carries its format
//! and the build that wrote it ([`crate::shell::stamp`]): one of a newer format is
//! refused with a line and left untouched (the defaults are used and nothing is written
//! over it). Render-only, but for the controls: the movement keys' frame and the
//! disk's release reach the simulation only as each tick's input, which a replay
//! records.

use std::path::{Path, PathBuf};

use winit::keyboard::KeyCode;

use crate::shell::bindings::{key_from_name, key_name, Bind, Bindings, SLOTS};
use crate::shell::controls::ControlSettings;
use crate::shell::salvage;
use crate::shell::stamp::{self, Format};

/// The file's name in the config directory.
pub const FILE_NAME: &str = "settings.toml";

/// The settings file's format (1: `[sound]`, `[display]`, `[keys]`; files from before the
/// stamp are this format too).
pub const FORMAT: Format = Format {
    noun: "settings",
    version: 1,
};

/// The frame caps the settings offer (`None`: off, the display's rate).
pub const FRAME_CAPS: [Option<u32>; 5] = [None, Some(30), Some(60), Some(120), Some(144)];

/// A volume's step on the settings screen, in percent.
pub const VOLUME_STEP: u8 = 10;

/// The render scale's range and step on the settings screen, in percent of the frame's
/// size: below 100 the scene is drawn smaller and upscaled with filtering under the HUD
/// and screens, which stay sharp (for slow machines).
pub const RENDER_SCALE: std::ops::RangeInclusive<u8> = 50..=100;
pub const RENDER_SCALE_STEP: u8 = 10;

/// The brightness steps: −5 … +5, 0 unchanged.
pub const BRIGHTNESS: std::ops::RangeInclusive<i8> = -5..=5;

#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// Volumes in percent (0 … 100) over the tuning's `[audio]` volumes.
    pub master: u8,
    pub effects: u8,
    pub ambience: u8,
    /// −5 … +5: the final frame's gamma is `2^(brightness / 5)` (0.5 … 2.0).
    pub brightness: i8,
    pub fullscreen: bool,
    /// Frames per second at most (`None`: the display's rate).
    pub frame_cap: Option<u32>,
    /// The scene's size in percent of the frame's (50 … 100, [`RENDER_SCALE`]).
    pub render_scale: u8,
    /// The floor trail of the way to the objective (REQ W1).
    pub trail: Trail,
    pub keys: Bindings,
    /// The movement keys' frame and the disk's release (REQ W4).
    pub controls: ControlSettings,
}

/// When the floor trail of the way to the objective shows (REQ W1): on easy only (the
/// default: a new player finds the way; on normal and hard the arrow along the path is
/// the guide), always, or never.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Trail {
    #[default]
    Easy,
    On,
    Off,
}

impl Trail {
    pub const ALL: [Trail; 3] = [Trail::Easy, Trail::On, Trail::Off];

    /// Its value in the settings file.
    pub fn name(self) -> &'static str {
        match self {
            Trail::Easy => "easy",
            Trail::On => "on",
            Trail::Off => "off",
        }
    }

    pub fn parse(s: &str) -> Option<Trail> {
        Trail::ALL.into_iter().find(|t| t.name() == s)
    }

    /// Whether the trail shows in a run at `d`.
    pub fn shows(self, d: sim::read::Difficulty) -> bool {
        match self {
            Trail::Easy => d == sim::read::Difficulty::Easy,
            Trail::On => true,
            Trail::Off => false,
        }
    }

    /// The next one along (the settings page's Left/Right).
    pub fn step(self, up: bool) -> Trail {
        let i = Trail::ALL.iter().position(|&t| t == self).unwrap_or(0);
        let n = Trail::ALL.len();
        Trail::ALL[if up { (i + 1) % n } else { (i + n - 1) % n }]
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            master: 100,
            effects: 100,
            ambience: 100,
            brightness: 0,
            fullscreen: false,
            frame_cap: None,
            render_scale: 100,
            trail: Trail::Easy,
            keys: Bindings::default(),
            controls: ControlSettings::default(),
        }
    }
}

/// Where the settings are kept: `settings.toml` in the user's config directory.
pub fn default_path() -> Result<PathBuf, String> {
    directories::ProjectDirs::from("", "", "squad_proto")
        .map(|d| d.config_dir().join(FILE_NAME))
        .ok_or_else(|| "no home directory: the settings are not kept".to_string())
}

impl Settings {
    /// The gamma of the final frame: 1.0 at brightness 0.
    pub fn gamma(&self) -> f32 {
        gamma_of(self.brightness)
    }

    /// The tuning's `[audio]` volumes scaled by these (100 % leaves them as they are,
    /// bit for bit).
    pub fn audio(&self, t: &view::sound::tuning::AudioTuning) -> view::sound::tuning::AudioTuning {
        let pct = |p: u8| p.min(100) as f32 / 100.0;
        let mut t = t.clone();
        t.master *= pct(self.master);
        t.effects *= pct(self.effects);
        t.ambience *= pct(self.ambience);
        t
    }

    /// Reads `path`: a missing file gives the defaults with nothing to say; every fault
    /// in the file is one line (REQ W6: a bad value, an unknown key, a line that is not
    /// TOML — a file cut short, garbage — keeps every other entry, [`salvage`]), and a
    /// damaged file is kept aside as `settings.toml.bad-N` (never overwritten) and
    /// replaced by what was read (the defaults where it was wrong). A file that cannot be
    /// read (permission denied) is kept aside the same way and said; the defaults are
    /// used. `Err`: the file is refused — a newer format, or unreadable and it could not
    /// be moved — with the line that says so; it is left as it is, the defaults are
    /// used, and it must not be written this session.
    pub fn load(path: &Path) -> Result<(Settings, Vec<String>), String> {
        Settings::load_with(path, |p| std::fs::read(p))
    }

    /// [`Settings::load`] reading the file's bytes through `read` (the tests inject a
    /// read error there: as root a file of mode 000 is readable).
    pub fn load_with(
        path: &Path,
        read: impl FnOnce(&Path) -> std::io::Result<Vec<u8>>,
    ) -> Result<(Settings, Vec<String>), String> {
        let file = path.display().to_string();
        let text = match read(path) {
            // Bytes that are not UTF-8 make lines that do not parse: salvaged.
            Ok(b) => String::from_utf8_lossy(&b).into_owned(),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Ok((Settings::default(), Vec::new()))
            }
            Err(e) => {
                let refused = stamp::unreadable(&file, FORMAT, &e);
                if !path.is_file() {
                    return Err(refused);
                }
                return match salvage::set_aside(path) {
                    Ok(aside) => Ok((
                        Settings::default(),
                        vec![format!(
                            "{file}: cannot be read ({}): kept aside as {}; the default \
                             settings are used",
                            stamp::cause(&e),
                            aside.display()
                        )],
                    )),
                    Err(_) => Err(refused),
                };
            }
        };
        let table = text
            .parse::<toml::Table>()
            .unwrap_or_else(|_| salvage::salvage(&text).0);
        if let Some(why) = stamp::refusal(&file, &table, FORMAT) {
            return Err(why);
        }
        let (s, mut faults) = Settings::from_toml(&file, &text);
        if !faults.is_empty() {
            let aside = salvage::set_aside(path);
            let kept = match &aside {
                Ok(p) => format!("the file as it was is kept as {}", p.display()),
                Err(e) => format!("the file could not be set aside: {e}"),
            };
            let written = match aside.as_ref().map(|_| s.save(path)) {
                Ok(Ok(())) => "replaced with the settings as read".to_string(),
                Ok(Err(e)) => format!("NOT replaced: {e}"),
                Err(_) => "NOT replaced (it could not be kept aside)".to_string(),
            };
            faults.push(format!(
                "{}: every other setting kept, the defaults where it was wrong; {kept}; {written}",
                path.display()
            ));
        }
        Ok((s, faults))
    }

    /// Reads the settings from `text` (named `file` in the faults): the defaults for
    /// whatever is missing or wrong, and one `file:line:col: …` line per fault.
    pub fn from_toml(file: &str, text: &str) -> (Settings, Vec<String>) {
        let mut s = Settings::default();
        let mut faults: Vec<((usize, usize), String)> = Vec::new();
        let at = |pos: Option<(usize, usize)>| match pos {
            Some((l, c)) => format!("{file}:{l}:{c}"),
            None => file.to_string(),
        };
        // A file that does not parse as a whole: what can be read of it (W6).
        let table: toml::Table = match text.parse() {
            Ok(t) => t,
            Err(_) => {
                let (t, dropped) = salvage::salvage(text);
                for d in dropped {
                    let msg = format!("{}: {} (dropped)", at(Some((d.line, 1))), d.why);
                    faults.push(((d.line, 1), msg));
                }
                t
            }
        };
        let mut fault = |section: &str, key: Option<&str>, msg: String| {
            let pos = locate(text, section, key);
            let line = format!("{}: {msg}", at(pos));
            faults.push((pos.unwrap_or((0, 0)), line));
        };
        for (section, value) in &table {
            if stamp::is_stamp_key(section) && !value.is_table() {
                continue;
            }
            let Some(t) = value.as_table() else {
                fault(
                    "",
                    Some(section),
                    format!(
                        "unknown key `{section}`: expected the sections [sound], [display], [controls], [keys]"
                    ),
                );
                continue;
            };
            match section.as_str() {
                "sound" => {
                    for (k, v) in t {
                        let slot = match k.as_str() {
                            "master" => &mut s.master,
                            "effects" => &mut s.effects,
                            "ambience" => &mut s.ambience,
                            _ => {
                                fault(
                                    section,
                                    Some(k),
                                    format!("unknown key `{k}` in [sound]: expected master, effects, ambience"),
                                );
                                continue;
                            }
                        };
                        match v.as_integer().filter(|p| (0..=100).contains(p)) {
                            Some(p) => *slot = p as u8,
                            None => fault(
                                section,
                                Some(k),
                                format!("`{k}` = {v}: expected a percentage, 0 to 100 (the default 100 is used)"),
                            ),
                        }
                    }
                }
                "display" => {
                    for (k, v) in t {
                        match k.as_str() {
                            "brightness" => match v.as_integer().filter(|b| (-5..=5).contains(b)) {
                                Some(b) => s.brightness = b as i8,
                                None => fault(
                                    section,
                                    Some(k),
                                    format!("`brightness` = {v}: expected a whole number from -5 to 5 (the default 0 is used)"),
                                ),
                            },
                            "fullscreen" => match v.as_bool() {
                                Some(b) => s.fullscreen = b,
                                None => fault(
                                    section,
                                    Some(k),
                                    format!("`fullscreen` = {v}: expected true or false (the default false is used)"),
                                ),
                            },
                            "frame_cap" => match parse_cap(v) {
                                Some(c) => s.frame_cap = c,
                                None => fault(
                                    section,
                                    Some(k),
                                    format!("`frame_cap` = {v}: expected \"off\", 30, 60, 120 or 144 (the default off is used)"),
                                ),
                            },
                            "render_scale" => match v.as_integer().filter(|p| {
                                (*RENDER_SCALE.start() as i64..=*RENDER_SCALE.end() as i64).contains(p)
                            }) {
                                Some(p) => s.render_scale = p as u8,
                                None => fault(
                                    section,
                                    Some(k),
                                    format!("`render_scale` = {v}: expected a percentage, 50 to 100 (the default 100 is used)"),
                                ),
                            },
                            "trail" => match v.as_str().and_then(Trail::parse) {
                                Some(t) => s.trail = t,
                                None => fault(
                                    section,
                                    Some(k),
                                    format!("`trail` = {v}: expected \"easy\", \"on\" or \"off\" (the default easy is used)"),
                                ),
                            },
                            _ => fault(
                                section,
                                Some(k),
                                format!("unknown key `{k}` in [display]: expected brightness, fullscreen, frame_cap, render_scale, trail"),
                            ),
                        }
                    }
                }
                "keys" => {
                    for (k, v) in t {
                        let Some(bind) = Bind::from_name(k) else {
                            fault(
                                section,
                                Some(k),
                                format!("unknown key `{k}` in [keys]: expected an action such as move_up, pause, help"),
                            );
                            continue;
                        };
                        match parse_keys(v) {
                            Ok(keys) => s.keys.set_slots(bind, keys),
                            Err(e) => fault(
                                section,
                                Some(k),
                                format!("`{k}` = {v}: {e} (its default keys are used)"),
                            ),
                        }
                    }
                }
                "controls" => {
                    for (k, v) in t {
                        match s.controls.set(k, v) {
                            Ok(true) => {}
                            Ok(false) => fault(
                                section,
                                Some(k),
                                format!("unknown key `{k}` in [controls]: expected move_keys, release"),
                            ),
                            Err(e) => fault(section, Some(k), e),
                        }
                    }
                }
                _ => fault(
                    section,
                    None,
                    format!("unknown section [{section}]: expected [sound], [display], [controls], [keys]"),
                ),
            }
        }
        // A key on two actions: the later one falls back to its default keys, those not
        // taken by another action — or, when the file names only the earlier one, the
        // action the file does not name (one newer than the file, whose default key the
        // player had given to another action before it existed).
        for (key, a, b) in s.keys.clashes() {
            if !(s.keys.is(a, key) && s.keys.is(b, key)) {
                continue; // settled by an earlier fall-back
            }
            let name = key_name(key).unwrap_or("?");
            let named = |x: Bind| locate(text, "keys", Some(x.name())).is_some();
            let (kept, yields) = match (named(a), named(b)) {
                (true, false) => (a, b),
                (false, true) => (b, a),
                _ => (a, b),
            };
            // Said where the file names the action that yields, or else the other one.
            let at = if named(yields) { yields } else { kept };
            fault(
                "keys",
                Some(at.name()),
                format!(
                    "`{}` has {name}, already `{}`'s (its default keys are used, where free)",
                    yields.name(),
                    kept.name()
                ),
            );
            free_defaults(&mut s.keys, yields);
        }
        if s.keys.keys(Bind::Menu).next().is_none() {
            fault(
                "keys",
                Some(Bind::Menu.name()),
                "`menu` has no key: the pause menu needs one (Esc is used)".into(),
            );
            // Esc to the pause menu, taken from whichever action had it.
            let esc = KeyCode::Escape;
            for b in Bind::ALL {
                let mut slots = s.keys.slots(b);
                slots
                    .iter_mut()
                    .filter(|k| **k == Some(esc))
                    .for_each(|k| *k = None);
                s.keys.set_slots(b, slots);
            }
            s.keys.set_slots(Bind::Menu, [Some(esc), None]);
        }
        faults.sort_by_key(|(pos, _)| *pos);
        (s, faults.into_iter().map(|(_, m)| m).collect())
    }

    /// The settings as the file keeps them, with a comment on each section.
    pub fn to_toml(&self) -> String {
        let mut out = String::from(
            "# squad_proto settings: written by the game's Settings screen.\n\
             # `squad_proto --reset-settings` puts the defaults back.\n",
        );
        out += &stamp::stamp(FORMAT);
        out += "\n";
        out += "[sound]\n# Percent (0 to 100) of the tuning's volumes.\n";
        out += &format!(
            "master = {}\neffects = {}\nambience = {}\n\n",
            self.master, self.effects, self.ambience
        );
        out += "[display]\n# Brightness -5 to 5: the frame's gamma is 2^(brightness/5), 0 unchanged.\n";
        out += &format!("brightness = {}\n", self.brightness);
        out += &format!("fullscreen = {}\n", self.fullscreen);
        out += "# Frames per second at most: \"off\" (the display's rate), 30, 60, 120 or 144.\n";
        match self.frame_cap {
            None => out += "frame_cap = \"off\"\n",
            Some(n) => out += &format!("frame_cap = {n}\n"),
        }
        out += "# Percent (50 to 100) of the window's size the scene is drawn at, upscaled\n\
                # with filtering below 100 under a sharp HUD (for slow machines).\n";
        out += &format!("render_scale = {}\n", self.render_scale);
        out += "# The floor trail of the way to the objective: \"easy\" (on easy only), \"on\", \"off\".\n";
        out += &format!("trail = \"{}\"\n\n", self.trail.name());
        out += &self.controls.to_toml();
        out += "[keys]\n# One or two keys per action, by name: A-Z, 0-9, F1-F12, Up, Down, Left, Right,\n\
                # Space, Enter, Esc, Tab, LShift, RShift, LCtrl, LAlt, - = [ ] ; ' , . / Num0-Num9, Num+ ...\n";
        for b in Bind::ALL {
            let names: Vec<String> = self
                .keys
                .keys(b)
                .filter_map(key_name)
                .map(|n| format!("{n:?}"))
                .collect();
            out += &format!("{} = [{}]\n", b.name(), names.join(", "));
        }
        out
    }

    /// Writes the settings to `path` (a temporary file renamed into place).
    pub fn save(&self, path: &Path) -> Result<(), String> {
        crate::files::write(path, self.to_toml().as_bytes())
    }
}

/// The gamma of brightness step `b`: `2^(b/5)`, exactly 1.0 at 0.
pub fn gamma_of(b: i8) -> f32 {
    if b == 0 {
        1.0
    } else {
        2f32.powf(b.clamp(-5, 5) as f32 / 5.0)
    }
}

/// `--reset-settings`: the defaults written to `path` (the old file replaced); the line
/// that says so.
pub fn reset(path: &Path) -> Result<String, String> {
    let existed = path.exists();
    Settings::default().save(path)?;
    Ok(if existed {
        format!("settings reset to the defaults: {}", path.display())
    } else {
        format!("default settings written to {}", path.display())
    })
}

/// `b` back to its default keys, leaving out any another action has.
fn free_defaults(keys: &mut Bindings, b: Bind) {
    keys.set_slots(b, [None; SLOTS]);
    let mut slots = Bindings::default().slots(b);
    for k in slots.iter_mut() {
        if k.is_some_and(|code| keys.clash(b, code).is_some()) {
            *k = None;
        }
    }
    keys.set_slots(b, slots);
}

fn parse_cap(v: &toml::Value) -> Option<Option<u32>> {
    if v.as_str() == Some("off") {
        return Some(None);
    }
    let n = v.as_integer()?;
    FRAME_CAPS.into_iter().find(|c| c.map(i64::from) == Some(n))
}

fn parse_keys(v: &toml::Value) -> Result<[Option<KeyCode>; SLOTS], String> {
    let names: Vec<&toml::Value> = match v {
        toml::Value::String(_) => vec![v],
        toml::Value::Array(a) => a.iter().collect(),
        _ => return Err("expected a key's name or a list of at most two".into()),
    };
    if names.len() > SLOTS {
        return Err(format!("at most {SLOTS} keys"));
    }
    let mut keys = [None; SLOTS];
    for (slot, n) in names.iter().enumerate() {
        let Some(s) = n.as_str() else {
            return Err("expected key names in quotes".into());
        };
        match key_from_name(s) {
            Some(k) if keys.contains(&Some(k)) => return Err(format!("{s} twice")),
            Some(k) => keys[slot] = Some(k),
            None => {
                let some: Vec<&str> = crate::shell::bindings::key_names().take(12).collect();
                return Err(format!(
                    "unknown key {s:?}: expected a name such as {} …",
                    some.join(", ")
                ));
            }
        }
    }
    Ok(keys)
}

/// Where `key` of `[section]` stands (or the section's header with no key; a top-level
/// key with an empty section): line and column from 1.
fn locate(text: &str, section: &str, key: Option<&str>) -> Option<(usize, usize)> {
    let mut current = String::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim_start();
        let indent = raw.len() - line.len();
        if let Some(rest) = line.strip_prefix('[') {
            let name = rest.split(']').next().unwrap_or("").trim().to_string();
            if key.is_none() && name == section {
                return Some((i + 1, indent + 1));
            }
            current = name;
            continue;
        }
        let Some(k) = key else { continue };
        if current != section {
            continue;
        }
        let name = line
            .split('=')
            .next()
            .unwrap_or("")
            .trim()
            .trim_matches('"');
        if line.contains('=') && name == k {
            return Some((i + 1, indent + 1));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(tag: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("squad_settings_{tag}_{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn settings_round_trip_through_toml() {
        let mut s = Settings {
            master: 70,
            effects: 40,
            ambience: 0,
            brightness: -3,
            fullscreen: true,
            frame_cap: Some(144),
            render_scale: 70,
            trail: Trail::Off,
            ..Settings::default()
        };
        s.keys.rebind(Bind::Pause, 0, KeyCode::KeyO);
        s.keys.rebind(Bind::ZoomIn, 1, KeyCode::BracketRight);
        // The tools' keys (REQ K3–K5) are kept like any other.
        s.keys.rebind(Bind::Grenade, 0, KeyCode::KeyQ);
        s.keys.rebind(Bind::Flare, 1, KeyCode::KeyZ);
        s.keys.clear(Bind::Medkit, 0).unwrap();
        // The controls (REQ W4) too.
        s.controls.move_keys = crate::shell::controls::MoveKeys::Screen;
        s.controls.release = crate::shell::controls::DiskRelease::Return;
        let (back, faults) = Settings::from_toml("s.toml", &s.to_toml());
        assert!(faults.is_empty(), "{faults:#?}");
        assert_eq!(back, s);
        let (d, faults) = Settings::from_toml("s.toml", &Settings::default().to_toml());
        assert!(faults.is_empty());
        assert_eq!(d, Settings::default());
        // An empty file is the defaults.
        assert_eq!(Settings::from_toml("s.toml", "").0, Settings::default());
    }

    #[test]
    fn bad_values_and_unknown_keys_are_reported_where_they_stand() {
        let text = "[sound]\nmaster = 50\neffects = 300\nloud = 1\n\n[display]\n  brightness = 9\nframe_cap = 75\nfullscreen = true\n\n[keys]\npause = [\"O\"]\nhelp = [\"Hyper\"]\nrestart = \"O\"\n\n[colours]\nx = 1\n";
        let (s, faults) = Settings::from_toml("s.toml", text);
        let want = [
            "s.toml:3:1: `effects` = 300",
            "s.toml:4:1: unknown key `loud`",
            "s.toml:7:3: `brightness` = 9",
            "s.toml:8:1: `frame_cap` = 75",
            "s.toml:13:1: `help` = [\"Hyper\"]: unknown key \"Hyper\"",
            "s.toml:14:1: `restart` has O, already `pause`'s",
            "s.toml:16:1: unknown section [colours]",
        ];
        assert_eq!(faults.len(), want.len(), "{faults:#?}");
        for (f, w) in faults.iter().zip(want) {
            assert!(f.starts_with(w), "{f:?} should start with {w:?}");
        }
        // What was right is kept; what was wrong is the default.
        assert_eq!((s.master, s.effects), (50, 100));
        assert_eq!((s.brightness, s.frame_cap, s.fullscreen), (0, None, true));
        assert!(s.keys.is(Bind::Pause, KeyCode::KeyO));
        assert!(s.keys.is(Bind::Help, KeyCode::KeyH));
        assert!(s.keys.is(Bind::Restart, KeyCode::KeyR));
        // Pause on R: restart's default key is taken, so restart is left without one.
        let (s, faults) = Settings::from_toml("s.toml", "[keys]\npause = \"R\"\nmenu = []\n");
        assert_eq!(faults.len(), 2, "{faults:#?}");
        assert!(faults[0].starts_with("s.toml:2:1: `restart` has R, already `pause`'s"));
        assert!(faults[1].starts_with("s.toml:3:1: `menu` has no key"));
        assert!(s.keys.is(Bind::Pause, KeyCode::KeyR));
        assert_eq!(s.keys.keys(Bind::Restart).count(), 0);
        assert!(s.keys.is(Bind::Menu, KeyCode::Escape));
        assert!(s.keys.clashes().is_empty());
        // A file from before the tools' keys (REQ K3–K5) with G on pause: pause keeps
        // it, the grenade (the file does not name it) is left without a key; the flare
        // and the medkit keep theirs.
        let (s, faults) = Settings::from_toml("s.toml", "[keys]\npause = \"G\"\n");
        assert_eq!(faults.len(), 1, "{faults:#?}");
        assert!(
            faults[0].starts_with("s.toml:2:1: `grenade` has G, already `pause`'s"),
            "{faults:?}"
        );
        assert!(s.keys.is(Bind::Pause, KeyCode::KeyG));
        assert_eq!(s.keys.keys(Bind::Grenade).count(), 0);
        assert!(s.keys.is(Bind::Flare, KeyCode::KeyF) && s.keys.is(Bind::Medkit, KeyCode::KeyE));
        assert!(s.keys.clashes().is_empty());
        // Not TOML at all: one line with the position, the defaults.
        let (s, faults) = Settings::from_toml("s.toml", "[sound]\nmaster = = 3\n");
        assert_eq!(s, Settings::default());
        assert_eq!(faults.len(), 1);
        assert!(faults[0].starts_with("s.toml:2:"), "{faults:?}");
    }

    #[test]
    fn the_render_scale_is_read_within_its_limits() {
        // In the file: 50 to 100; anything else is said and the default is used.
        let (s, faults) = Settings::from_toml("s.toml", "[display]\nrender_scale = 60\n");
        assert!(faults.is_empty(), "{faults:?}");
        assert_eq!(s.render_scale, 60);
        for bad in ["40", "101", "\"half\"", "-1"] {
            let text = format!("[display]\nrender_scale = {bad}\n");
            let (s, faults) = Settings::from_toml("s.toml", &text);
            assert_eq!(s.render_scale, 100, "{bad}");
            assert_eq!(faults.len(), 1, "{bad}: {faults:?}");
            assert!(
                faults[0].starts_with("s.toml:2:1: `render_scale`"),
                "{faults:?}"
            );
        }
    }

    /// The text's size follows the frame (REQ W5: quarter steps of the design frame);
    /// a file naming a font size or a UI scale is refused with its key named, and
    /// every other entry is kept.
    #[test]
    fn a_font_size_or_ui_scale_is_refused_with_its_key_named() {
        let text = "[display]\nui_scale = 9\nbrightness = 2\nfont_size = 12\n";
        let (s, faults) = Settings::from_toml("s.toml", text);
        assert_eq!(s.brightness, 2, "the good entry is kept");
        assert_eq!(faults.len(), 2, "{faults:?}");
        assert!(faults[0].starts_with("s.toml:2:1:") && faults[0].contains("`ui_scale`"));
        assert!(faults[1].starts_with("s.toml:4:1:") && faults[1].contains("`font_size`"));
    }

    /// REQ W1: the trail shows on easy only unless the file says on or off; anything
    /// else is said and the default kept.
    #[test]
    fn the_trail_is_read_and_shows_as_it_says() {
        use sim::read::Difficulty::{Easy, Hard, Normal};
        let d = Settings::default();
        assert_eq!(d.trail, Trail::Easy);
        assert!(d.trail.shows(Easy) && !d.trail.shows(Normal) && !d.trail.shows(Hard));
        let (s, faults) = Settings::from_toml("s.toml", "[display]\ntrail = \"on\"\n");
        assert!(faults.is_empty(), "{faults:?}");
        assert!(s.trail.shows(Hard));
        let (s, faults) = Settings::from_toml("s.toml", "[display]\ntrail = \"off\"\n");
        assert!(faults.is_empty() && !s.trail.shows(Easy), "{faults:?}");
        for bad in ["\"maybe\"", "true", "1"] {
            let (s, faults) = Settings::from_toml("s.toml", &format!("[display]\ntrail = {bad}\n"));
            assert_eq!(s.trail, Trail::Easy, "{bad}");
            assert_eq!(faults.len(), 1, "{bad}: {faults:?}");
            assert!(faults[0].starts_with("s.toml:2:1: `trail`"), "{faults:?}");
        }
        assert_eq!(Trail::Off.step(true), Trail::Easy, "round");
        assert_eq!(Trail::Easy.step(false), Trail::Off);
    }

    #[test]
    fn a_damaged_settings_file_is_reported_and_replaced() {
        let d = dir("damaged");
        let path = d.join(FILE_NAME);
        // Missing: the defaults, nothing said, nothing written.
        let (s, faults) = Settings::load(&path).unwrap();
        assert_eq!(s, Settings::default());
        assert!(faults.is_empty());
        assert!(!path.exists());
        std::fs::create_dir_all(&d).unwrap();
        std::fs::write(
            &path,
            "[display]\nbrightness = \"bright\"\nfullscreen = true\n",
        )
        .unwrap();
        let (s, faults) = Settings::load(&path).unwrap();
        assert!(s.fullscreen && s.brightness == 0);
        assert!(faults[0].contains(":2:1: `brightness`"), "{faults:#?}");
        assert!(faults.last().unwrap().contains("settings.toml.bad-1"));
        assert!(
            d.join("settings.toml.bad-1").exists(),
            "the old file is kept"
        );
        // The file now reads back clean, as what was read.
        let (again, faults) = Settings::load(&path).unwrap();
        assert!(faults.is_empty(), "{faults:#?}");
        assert_eq!(again, s);
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn reset_settings_writes_the_defaults() {
        let d = dir("reset");
        let path = d.join(FILE_NAME);
        let said = reset(&path).unwrap();
        assert!(said.starts_with("default settings written to"), "{said}");
        let changed = Settings {
            brightness: 4,
            ..Settings::default()
        };
        changed.save(&path).unwrap();
        assert_eq!(Settings::load(&path).unwrap().0.brightness, 4);
        let said = reset(&path).unwrap();
        assert!(
            said.starts_with("settings reset to the defaults: "),
            "{said}"
        );
        assert!(said.ends_with(FILE_NAME));
        assert_eq!(
            Settings::load(&path).unwrap(),
            (Settings::default(), Vec::new())
        );
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn brightness_maps_to_gamma_and_volumes_scale_the_tuning() {
        assert_eq!(gamma_of(0), 1.0);
        assert!((gamma_of(5) - 2.0).abs() < 1e-6);
        assert!((gamma_of(-5) - 0.5).abs() < 1e-6);
        let t = view::sound::tuning::AudioTuning::default();
        let full = Settings::default().audio(&t);
        assert_eq!(full.master.to_bits(), t.master.to_bits(), "100 % is exact");
        let half = Settings {
            master: 50,
            ambience: 0,
            ..Settings::default()
        }
        .audio(&t);
        assert_eq!(half.master, t.master * 0.5);
        assert_eq!(half.ambience, 0.0);
        assert_eq!(half.effects, t.effects);
    }

    /// REQ X13: the file carries its stamp; a file without one (written before files
    /// carried it) is read; a newer format is refused and left as it is.
    #[test]
    fn the_settings_file_names_its_format_and_build() {
        let d = dir("stamp");
        let path = d.join(FILE_NAME);
        Settings::default().save(&path).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let this = sim::record::container::GAME_VERSION;
        assert!(
            text.contains(&format!("version = 1\nbuild = \"{this}\"")),
            "{text}"
        );
        assert_eq!(
            Settings::load(&path).unwrap(),
            (Settings::default(), Vec::new())
        );
        std::fs::write(&path, "[display]\nbrightness = 2\n").unwrap();
        assert_eq!(
            Settings::load(&path).unwrap().0.brightness,
            2,
            "no stamp: format 1"
        );
        let newer = "version = 2\nbuild = \"0.3.0+sim20\"\n[display]\nbrightness = 2\n";
        std::fs::write(&path, newer).unwrap();
        let why = Settings::load(&path).unwrap_err();
        assert!(
            why.contains("settings format 2, made by build 0.3.0+sim20"),
            "{why}"
        );
        assert!(why.contains(&format!("this is build {this}")), "{why}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), newer);
        assert!(!d.join("settings.toml.bad-1").exists());
        std::fs::remove_dir_all(&d).unwrap();
    }
}
