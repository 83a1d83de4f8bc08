//! How the disk answers the movement keys (REQ W4), the settings' `[controls]`
//! section: the frame the keys move in — the screen's (W is up on the screen) or the
//! map's (W is the map's north, along the corridors, which the isometric view shows as
//! diagonals) — and what the disk does when the keys are let go: it stays where the
//! player put it (the squad walks up to it), or it springs back to the squad (S3.3's
//! snap-back, the scripted routes' way). The defaults and why: docs/decisions.md.

use sim::read::Vec2;

/// The frame the movement keys move in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKeys {
    /// Up is up on the screen: W moves the disk toward the screen's top, the map's
    /// north-west (−1, −1); W+D moves along the map's north.
    Screen,
    /// Up is the map's north: W moves along −y (up and right on the screen), D along
    /// +x, S along +y, A along −x; one key runs along a corridor.
    Map,
}

impl Default for MoveKeys {
    fn default() -> MoveKeys {
        ControlSettings::default().move_keys
    }
}

impl MoveKeys {
    pub const ALL: [MoveKeys; 2] = [MoveKeys::Map, MoveKeys::Screen];

    pub fn name(self) -> &'static str {
        match self {
            MoveKeys::Screen => "screen",
            MoveKeys::Map => "map",
        }
    }

    pub fn parse(s: &str) -> Option<MoveKeys> {
        MoveKeys::ALL.into_iter().find(|m| m.name() == s)
    }

    /// The setting's words on the settings page.
    pub fn label(self) -> &'static str {
        match self {
            MoveKeys::Screen => "screen (W up)",
            MoveKeys::Map => "map (W up-right)",
        }
    }

    /// The world direction of the movement keys up, down, left and right held (a unit
    /// vector, or zero when none or only opposites are held).
    pub fn dir(self, up: bool, down: bool, left: bool, right: bool) -> Vec2 {
        // Each key's world direction: up, down, left, right.
        let [u, d, l, r] = match self {
            MoveKeys::Screen => [
                Vec2::new(-1.0, -1.0),
                Vec2::new(1.0, 1.0),
                Vec2::new(-1.0, 1.0),
                Vec2::new(1.0, -1.0),
            ],
            MoveKeys::Map => [
                Vec2::new(0.0, -1.0),
                Vec2::new(0.0, 1.0),
                Vec2::new(-1.0, 0.0),
                Vec2::new(1.0, 0.0),
            ],
        };
        let mut v = Vec2::ZERO;
        for (held, dir) in [(up, u), (down, d), (left, l), (right, r)] {
            if held {
                v += dir;
            }
        }
        v.normalize_or_zero()
    }

    /// The other one.
    pub fn toggled(self) -> MoveKeys {
        match self {
            MoveKeys::Screen => MoveKeys::Map,
            MoveKeys::Map => MoveKeys::Screen,
        }
    }
}

/// What the disk does when the movement keys are let go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiskRelease {
    /// It stays where the player put it; the squad walks up to it and holds round it.
    Stay,
    /// It springs back into the middle of the squad, which holds where it stands.
    Return,
}

impl Default for DiskRelease {
    fn default() -> DiskRelease {
        ControlSettings::default().release
    }
}

impl DiskRelease {
    pub const ALL: [DiskRelease; 2] = [DiskRelease::Stay, DiskRelease::Return];

    pub fn name(self) -> &'static str {
        match self {
            DiskRelease::Stay => "stay",
            DiskRelease::Return => "return",
        }
    }

    pub fn parse(s: &str) -> Option<DiskRelease> {
        DiskRelease::ALL.into_iter().find(|m| m.name() == s)
    }

    /// The setting's words on the settings page.
    pub fn label(self) -> &'static str {
        match self {
            DiskRelease::Stay => "stays where put",
            DiskRelease::Return => "returns to the squad",
        }
    }

    pub fn toggled(self) -> DiskRelease {
        match self {
            DiskRelease::Stay => DiskRelease::Return,
            DiskRelease::Return => DiskRelease::Stay,
        }
    }

    /// The simulation's input flag ([`sim::read::TickInput::disk_stays`]).
    pub fn disk_stays(self) -> bool {
        self == DiskRelease::Stay
    }
}

/// The `[controls]` section.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ControlSettings {
    pub move_keys: MoveKeys,
    pub release: DiskRelease,
}

impl Default for ControlSettings {
    fn default() -> ControlSettings {
        ControlSettings {
            move_keys: MoveKeys::Map,
            release: DiskRelease::Stay,
        }
    }
}

impl ControlSettings {
    /// Reads one key of `[controls]`: `Ok(false)` for a key it does not know; `Err` the
    /// fault's words for a bad value (the default kept).
    pub fn set(&mut self, key: &str, v: &toml::Value) -> Result<bool, String> {
        match key {
            "move_keys" => match v.as_str().and_then(MoveKeys::parse) {
                Some(m) => self.move_keys = m,
                None => {
                    return Err(format!(
                        "`move_keys` = {v}: expected \"map\" or \"screen\" (the default \"{}\" is used)",
                        ControlSettings::default().move_keys.name()
                    ))
                }
            },
            "release" => match v.as_str().and_then(DiskRelease::parse) {
                Some(r) => self.release = r,
                None => {
                    return Err(format!(
                        "`release` = {v}: expected \"stay\" or \"return\" (the default \"{}\" is used)",
                        ControlSettings::default().release.name()
                    ))
                }
            },
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The section as the settings file keeps it, with its comments.
    pub fn to_toml(&self) -> String {
        format!(
            "[controls]\n\
             # The frame the movement keys move in: \"map\" (W along the map's north, one key\n\
             # runs along a corridor) or \"screen\" (W toward the top of the screen).\n\
             move_keys = \"{}\"\n\
             # Letting go of the movement keys: \"stay\" (the disk stays where it was put and the\n\
             # squad walks up to it) or \"return\" (the disk springs back to the squad).\n\
             release = \"{}\"\n\n",
            self.move_keys.name(),
            self.release.name()
        )
    }
}
