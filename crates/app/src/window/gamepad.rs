//! The gamepad backend (REQ §20, §23 C5), Linux only: `/dev/input/event*` read through
//! the pure-Rust `evdev` crate (its ioctls on the device nodes: no libudev, no system
//! package at build time; docs/decisions.md). What the buttons and sticks mean is `pad`'s.
//!
//! - [`Gamepads`] finds the gamepads among the event devices (BTN_SOUTH, which is
//!   BTN_GAMEPAD, and ABS_X/ABS_Y), opens them non-blocking and reads them once a frame;
//!   it notices pads plugged in by rescanning the directory at most once a second and pads
//!   pulled out by their read error (ENODEV), which drops the device and lets go of its
//!   buttons. A missing directory, or devices nobody may open (the user is not in the
//!   `input` group), is said once, as one [`PadEvent::Note`].
//! - [`Decoder`] turns one device's events into [`PadButton`] presses and releases and its
//!   sticks' positions (−1..1, y up), from the device's own ranges (absinfo min/max/flat).
//!
//! No thread: the reads are non-blocking, a few system calls a frame; the window's loop
//! wakes every frame while a pad is connected (its menus, which otherwise sleep until an
//! input, included) and once a second for the rescan otherwise. A reading thread would
//! need the event loop woken from it, and would make the path the tests drive differ from
//! the one the game runs.
#![cfg(target_os = "linux")]

use std::fs;
use std::io;
use std::os::unix::fs::DirEntryExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use evdev::{AbsInfo, AbsoluteAxisCode as Abs, EventType, InputEvent, KeyCode};

use super::pad::{PadButton, PadEvent};

/// How often the directory is looked at again for pads plugged in.
pub const SCAN_EVERY: Duration = Duration::from_secs(1);
/// How often a connected pad is read while the window has nothing else to do.
pub const POLL_EVERY: Duration = Duration::from_millis(16);
/// A trigger (an axis) counts as pulled from this much of its travel, and as let go below
/// [`TRIGGER_LET_GO`].
pub const TRIGGER_PULL: f32 = 0.5;
pub const TRIGGER_LET_GO: f32 = 0.3;
/// Linux's "no such device": the pad was pulled out.
const ENODEV: i32 = 19;
/// At most this many reads of one device per poll (a device that never runs dry does not
/// hold the frame).
const MAX_READS: usize = 16;
/// Sony's USB vendor id: its drivers (hid-sony, hid-playstation) report the face buttons
/// by position, as the kernel's gamepad document says.
const SONY: u16 = 0x054c;

const ALL: [PadButton; 14] = [
    PadButton::South,
    PadButton::East,
    PadButton::West,
    PadButton::North,
    PadButton::LeftTrigger,
    PadButton::RightTrigger,
    PadButton::DPadUp,
    PadButton::DPadDown,
    PadButton::DPadLeft,
    PadButton::DPadRight,
    PadButton::Start,
    PadButton::Select,
    PadButton::LeftBumper,
    PadButton::RightBumper,
];

/// What an axis is on this device.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Role {
    LeftX,
    LeftY,
    RightX,
    RightY,
    Trigger(PadButton),
    HatX,
    HatY,
}

/// One axis: its code, what it is, its range.
#[derive(Clone, Copy, Debug)]
struct Axis {
    code: u16,
    role: Role,
    min: i32,
    max: i32,
    flat: i32,
}

impl Axis {
    /// −1..1 about the middle of the range; inside the flat band 0, and rescaled past it so
    /// the value grows from 0 without a jump.
    fn centred(&self, v: i32) -> f32 {
        let mid = (self.min as f64 + self.max as f64) / 2.0;
        let half = (self.max as f64 - self.min as f64) / 2.0;
        let flat = (self.flat.max(0) as f64).min(half * 0.9);
        let d = v as f64 - mid;
        if d.abs() <= flat {
            return 0.0;
        }
        let s = ((d.abs() - flat) / (half - flat)).min(1.0);
        (s * d.signum()) as f32
    }

    /// 0..1 from the minimum (a trigger at rest) to the maximum.
    fn travel(&self, v: i32) -> f32 {
        let span = self.max as f64 - self.min as f64;
        ((v as f64 - self.min as f64) / span).clamp(0.0, 1.0) as f32
    }
}

/// What holds a button down: its key, or an axis (a trigger pulled, the hat pushed). A
/// button is down while either holds it.
const BY_KEY: u8 = 1;
const BY_AXIS: u8 = 2;

/// One device's events → button presses and releases, stick positions.
#[derive(Clone, Debug)]
pub struct Decoder {
    axes: Vec<Axis>,
    /// The face buttons by position (Sony) instead of by the Xbox labels (xpad and most).
    positional: bool,
    left: (f32, f32),
    right: (f32, f32),
    held: [u8; ALL.len()],
}

impl Decoder {
    /// The decoder of a device with these keys and axes (as its absinfo gives them), or
    /// `None` when it is not a gamepad. The right stick is ABS_RX/ABS_RY where the device
    /// has both, the triggers ABS_Z/ABS_RZ then; without them ABS_Z/ABS_RZ are the right
    /// stick (generic HID pads) and the triggers are BTN_TL2/BTN_TR2 (or ABS_BRAKE/GAS).
    /// The sticks start where the device says they are.
    pub fn new(keys: &[KeyCode], axes: &[(Abs, AbsInfo)], vendor: u16) -> Option<Decoder> {
        let has = |a: Abs| axes.iter().any(|(c, _)| *c == a);
        if !keys.contains(&KeyCode::BTN_SOUTH) || !has(Abs::ABS_X) || !has(Abs::ABS_Y) {
            return None;
        }
        let rx_ry = has(Abs::ABS_RX) && has(Abs::ABS_RY);
        let mut d = Decoder {
            axes: Vec::new(),
            positional: vendor == SONY,
            left: (0.0, 0.0),
            right: (0.0, 0.0),
            held: [0; ALL.len()],
        };
        for &(code, info) in axes {
            let role = match code {
                Abs::ABS_X => Role::LeftX,
                Abs::ABS_Y => Role::LeftY,
                Abs::ABS_RX if rx_ry => Role::RightX,
                Abs::ABS_RY if rx_ry => Role::RightY,
                Abs::ABS_Z if rx_ry => Role::Trigger(PadButton::LeftTrigger),
                Abs::ABS_RZ if rx_ry => Role::Trigger(PadButton::RightTrigger),
                Abs::ABS_Z => Role::RightX,
                Abs::ABS_RZ => Role::RightY,
                Abs::ABS_BRAKE => Role::Trigger(PadButton::LeftTrigger),
                Abs::ABS_GAS => Role::Trigger(PadButton::RightTrigger),
                Abs::ABS_HAT0X => Role::HatX,
                Abs::ABS_HAT0Y => Role::HatY,
                _ => continue,
            };
            if info.maximum() <= info.minimum() {
                continue;
            }
            let axis = Axis {
                code: code.0,
                role,
                min: info.minimum(),
                max: info.maximum(),
                flat: info.flat(),
            };
            d.axes.push(axis);
            d.stick(axis, info.value());
        }
        Some(d)
    }

    /// The left stick (x right, y up, −1..1).
    pub fn left(&self) -> (f32, f32) {
        self.left
    }

    pub fn right(&self) -> (f32, f32) {
        self.right
    }

    /// One event; the buttons it presses or releases are pushed onto `out`. Buttons are
    /// reported as their events come (a SYN_REPORT closes a frame the decoder does not
    /// need to wait for; after a SYN_DROPPED the `evdev` crate replays the state's
    /// changes as events).
    pub fn feed(&mut self, ev: &InputEvent, out: &mut Vec<(PadButton, bool)>) {
        let v = ev.value();
        match ev.event_type() {
            EventType::KEY => {
                if let Some(b) = self.button(KeyCode(ev.code())) {
                    // 2 is a key's auto-repeat: still down.
                    self.set(b, BY_KEY, v != 0, out);
                }
            }
            EventType::ABSOLUTE => {
                let Some(axis) = self.axes.iter().find(|a| a.code == ev.code()).copied() else {
                    return;
                };
                match axis.role {
                    Role::Trigger(b) => {
                        let t = axis.travel(v);
                        let pulled = self.held[b as usize] & BY_AXIS != 0;
                        if !pulled && t >= TRIGGER_PULL {
                            self.set(b, BY_AXIS, true, out);
                        } else if pulled && t < TRIGGER_LET_GO {
                            self.set(b, BY_AXIS, false, out);
                        }
                    }
                    Role::HatX => {
                        self.set(PadButton::DPadLeft, BY_AXIS, v < 0, out);
                        self.set(PadButton::DPadRight, BY_AXIS, v > 0, out);
                    }
                    Role::HatY => {
                        self.set(PadButton::DPadUp, BY_AXIS, v < 0, out);
                        self.set(PadButton::DPadDown, BY_AXIS, v > 0, out);
                    }
                    _ => self.stick(axis, v),
                }
            }
            _ => {}
        }
    }

    /// The device is gone: every button it held is let go, the sticks centred.
    pub fn release_all(&mut self, out: &mut Vec<(PadButton, bool)>) {
        for b in ALL {
            if self.held[b as usize] != 0 {
                self.held[b as usize] = 0;
                out.push((b, false));
            }
        }
        self.left = (0.0, 0.0);
        self.right = (0.0, 0.0);
    }

    fn stick(&mut self, axis: Axis, v: i32) {
        match axis.role {
            Role::LeftX => self.left.0 = axis.centred(v),
            // evdev's y grows downwards; ours up.
            Role::LeftY => self.left.1 = -axis.centred(v),
            Role::RightX => self.right.0 = axis.centred(v),
            Role::RightY => self.right.1 = -axis.centred(v),
            _ => {}
        }
    }

    /// A key's button. The face buttons: the kernel names 0x133 BTN_NORTH and 0x134
    /// BTN_WEST, but xpad (Xbox pads, most pads in XInput mode, Steam's virtual pad) sends
    /// 0x133 for X, the left one, and 0x134 for Y, the top one, as their aliases BTN_X and
    /// BTN_Y say; Sony's drivers send them by position.
    fn button(&self, k: KeyCode) -> Option<PadButton> {
        Some(match k {
            KeyCode::BTN_SOUTH => PadButton::South,
            KeyCode::BTN_EAST => PadButton::East,
            KeyCode::BTN_NORTH if self.positional => PadButton::North,
            KeyCode::BTN_NORTH => PadButton::West,
            KeyCode::BTN_WEST if self.positional => PadButton::West,
            KeyCode::BTN_WEST => PadButton::North,
            KeyCode::BTN_TL => PadButton::LeftBumper,
            KeyCode::BTN_TR => PadButton::RightBumper,
            KeyCode::BTN_TL2 => PadButton::LeftTrigger,
            KeyCode::BTN_TR2 => PadButton::RightTrigger,
            KeyCode::BTN_SELECT => PadButton::Select,
            KeyCode::BTN_START => PadButton::Start,
            KeyCode::BTN_DPAD_UP => PadButton::DPadUp,
            KeyCode::BTN_DPAD_DOWN => PadButton::DPadDown,
            KeyCode::BTN_DPAD_LEFT => PadButton::DPadLeft,
            KeyCode::BTN_DPAD_RIGHT => PadButton::DPadRight,
            _ => return None,
        })
    }

    /// `by` holds `b` down or lets go of it; a change of the button is pushed.
    fn set(&mut self, b: PadButton, by: u8, down: bool, out: &mut Vec<(PadButton, bool)>) {
        let h = &mut self.held[b as usize];
        let before = *h != 0;
        if down {
            *h |= by;
        } else {
            *h &= !by;
        }
        if before != (*h != 0) {
            out.push((b, !before));
        }
    }
}

/// Where a device's events come from: an `evdev::Device` opened non-blocking, or a test's
/// recording.
pub trait EventSource {
    /// Appends the events waiting (none: `Ok` with nothing added). An error means the
    /// device is gone or broken; the events read before it are in `out`.
    fn read(&mut self, out: &mut Vec<InputEvent>) -> io::Result<()>;
}

impl EventSource for evdev::Device {
    fn read(&mut self, out: &mut Vec<InputEvent>) -> io::Result<()> {
        for _ in 0..MAX_READS {
            match self.fetch_events() {
                Ok(events) => {
                    let before = out.len();
                    out.extend(events);
                    if out.len() == before {
                        return Ok(());
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return Ok(()),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }
}

/// An event device opened: what it says it is, and its events.
pub struct Opened {
    pub name: String,
    pub vendor: u16,
    pub keys: Vec<KeyCode>,
    pub axes: Vec<(Abs, AbsInfo)>,
    pub events: Box<dyn EventSource>,
}

/// How a device node is opened (the real one: [`open_evdev`]; the tests give their own).
pub type Opener = Box<dyn FnMut(&Path) -> io::Result<Opened>>;

/// Opens `path` with `evdev`, non-blocking.
pub fn open_evdev(path: &Path) -> io::Result<Opened> {
    let dev = evdev::Device::open(path)?;
    let keys = dev
        .supported_keys()
        .map(|k| k.iter().collect())
        .unwrap_or_default();
    let axes = match dev.supported_absolute_axes() {
        Some(_) => dev.get_absinfo()?.collect(),
        None => Vec::new(),
    };
    dev.set_nonblocking(true)?;
    Ok(Opened {
        name: dev.name().unwrap_or("gamepad").trim().to_string(),
        vendor: dev.input_id().vendor(),
        keys,
        axes,
        events: Box::new(dev),
    })
}

struct Pad {
    path: PathBuf,
    name: String,
    events: Box<dyn EventSource>,
    decoder: Decoder,
}

/// The gamepads under a directory (`/dev/input`), found, read and dropped.
pub struct Gamepads {
    dir: PathBuf,
    open: Opener,
    pads: Vec<Pad>,
    /// Event devices that are not gamepads (or not event devices), by path and inode: not
    /// opened again until the node is replaced.
    others: Vec<(PathBuf, u64)>,
    next_scan: Option<Instant>,
    /// The line saying why there is no gamepad was said.
    told: bool,
    buf: Vec<InputEvent>,
}

impl Gamepads {
    /// The system's pads: `/dev/input`.
    pub fn system() -> Gamepads {
        Gamepads::new("/dev/input", Box::new(open_evdev))
    }

    /// The pads under `dir`, each node opened by `open`.
    pub fn new(dir: impl Into<PathBuf>, open: Opener) -> Gamepads {
        Gamepads {
            dir: dir.into(),
            open,
            pads: Vec::new(),
            others: Vec::new(),
            next_scan: None,
            told: false,
            buf: Vec::new(),
        }
    }

    /// Some pad is connected.
    pub fn connected(&self) -> bool {
        !self.pads.is_empty()
    }

    /// The connected pads' names.
    pub fn names(&self) -> Vec<&str> {
        self.pads.iter().map(|p| p.name.as_str()).collect()
    }

    /// The sticks (left, right; x right, y up, −1..1): of all pads, each stick the one
    /// pushed furthest.
    pub fn sticks(&self) -> ((f32, f32), (f32, f32)) {
        let far = |a: (f32, f32), b: (f32, f32)| {
            if b.0.hypot(b.1) > a.0.hypot(a.1) {
                b
            } else {
                a
            }
        };
        self.pads
            .iter()
            .fold(((0.0, 0.0), (0.0, 0.0)), |(l, r), p| {
                (far(l, p.decoder.left()), far(r, p.decoder.right()))
            })
    }

    /// When the pads want to be polled again: a frame on while one is connected, the next
    /// rescan otherwise.
    pub fn next_poll(&self, now: Instant) -> Instant {
        match self.next_scan {
            Some(t) if self.pads.is_empty() => t,
            _ => now + POLL_EVERY,
        }
    }

    /// What happened since the last poll: every pad read, the directory rescanned when
    /// [`SCAN_EVERY`] has passed.
    pub fn poll(&mut self, now: Instant) -> Vec<PadEvent> {
        let mut out = Vec::new();
        self.read(&mut out);
        if self.next_scan.is_none_or(|t| now >= t) {
            self.next_scan = Some(now + SCAN_EVERY);
            self.scan(&mut out);
        }
        out
    }

    fn read(&mut self, out: &mut Vec<PadEvent>) {
        let mut buttons = Vec::new();
        let mut i = 0;
        while i < self.pads.len() {
            self.buf.clear();
            let pad = &mut self.pads[i];
            let read = pad.events.read(&mut self.buf);
            for ev in &self.buf {
                pad.decoder.feed(ev, &mut buttons);
            }
            out.extend(buttons.drain(..).map(|(b, p)| PadEvent::Button(b, p)));
            match read {
                Ok(()) => i += 1,
                Err(e) => {
                    let why = if e.raw_os_error() == Some(ENODEV) {
                        format!("gamepad unplugged: {}", pad.name)
                    } else {
                        format!("gamepad dropped: {}: {e}", pad.name)
                    };
                    self.drop_pad(i, why, out);
                }
            }
        }
    }

    /// The pad `i` is gone: its buttons let go, `why` said.
    fn drop_pad(&mut self, i: usize, why: String, out: &mut Vec<PadEvent>) {
        let mut pad = self.pads.remove(i);
        let mut buttons = Vec::new();
        pad.decoder.release_all(&mut buttons);
        out.extend(buttons.into_iter().map(|(b, p)| PadEvent::Button(b, p)));
        out.push(PadEvent::Note(why));
    }

    /// The directory looked at: new gamepads opened, pads whose node went dropped, and
    /// (once) why there is no gamepad when the directory or its devices cannot be read.
    fn scan(&mut self, out: &mut Vec<PadEvent>) {
        let dir = self.dir.display().to_string();
        let entries = match fs::read_dir(&self.dir) {
            Ok(e) => e,
            Err(e) => {
                let why = match e.kind() {
                    io::ErrorKind::NotFound => "no such directory (no input devices here)".into(),
                    io::ErrorKind::PermissionDenied => "permission denied".into(),
                    _ => e.to_string(),
                };
                return self.tell(format!("no gamepad: {dir}: {why}"), out);
            }
        };
        let mut nodes: Vec<(PathBuf, u64)> = entries
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().starts_with("event"))
            .map(|e| (e.path(), e.ino()))
            .collect();
        nodes.sort();
        // Nodes that went away.
        while let Some(i) = self
            .pads
            .iter()
            .position(|p| !nodes.iter().any(|(n, _)| *n == p.path))
        {
            let why = format!("gamepad unplugged: {}", self.pads[i].name);
            self.drop_pad(i, why, out);
        }
        self.others.retain(|o| nodes.contains(o));
        let mut denied = 0;
        for (path, ino) in nodes {
            if self.pads.iter().any(|p| p.path == path)
                || self.others.contains(&(path.clone(), ino))
            {
                continue;
            }
            match (self.open)(&path) {
                Ok(dev) => match Decoder::new(&dev.keys, &dev.axes, dev.vendor) {
                    Some(decoder) => {
                        out.push(PadEvent::Note(format!("gamepad connected: {}", dev.name)));
                        self.pads.push(Pad {
                            path,
                            name: dev.name,
                            events: dev.events,
                            decoder,
                        });
                    }
                    None => self.others.push((path, ino)),
                },
                // Perhaps not yet: udev may grant the access a moment after the node
                // appears. Tried again at the next scan.
                Err(e) if e.kind() == io::ErrorKind::PermissionDenied => denied += 1,
                Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                // Not an event device (ENOTTY), or broken: left alone.
                Err(_) => self.others.push((path, ino)),
            }
        }
        // Blamed on permissions only when no node at all could be opened: on a desktop
        // the seat's user may open the pads' nodes but never the keyboards' and mice',
        // and those refusals say nothing about a pad.
        if self.pads.is_empty() && denied > 0 && self.others.is_empty() {
            self.tell(
                format!(
                    "no gamepad: {dir}/event*: permission denied \
                     (add yourself to the `input` group)"
                ),
                out,
            );
        }
    }

    /// `line`, if no such line was said before.
    fn tell(&mut self, line: String, out: &mut Vec<PadEvent>) {
        if !self.told {
            self.told = true;
            out.push(PadEvent::Note(line));
        }
    }
}

/// Recorded devices for the tests (here and the game's): events as an Xbox 360 pad on
/// xpad sends them, an opener that opens a folder's nodes as such a pad or a keyboard.
#[cfg(test)]
pub(crate) mod testkit {
    use std::cell::RefCell;
    use std::collections::VecDeque;
    use std::rc::Rc;

    use super::*;

    pub const SYN: u16 = 0;
    pub const KEY: u16 = 1;
    pub const ABS: u16 = 3;
    pub const MSC: u16 = 4;

    pub fn ev(t: u16, code: u16, value: i32) -> InputEvent {
        InputEvent::new(t, code, value)
    }

    /// SYN_REPORT: the end of one of the device's frames.
    pub fn report() -> InputEvent {
        ev(SYN, 0, 0)
    }

    /// The Xbox 360 pad as xpad describes it (`evtest`): A B X Y, the bumpers, Back,
    /// Start, the guide button, the stick clicks.
    pub fn xbox360_keys() -> Vec<KeyCode> {
        [
            0x130, 0x131, 0x133, 0x134, 0x136, 0x137, 0x13a, 0x13b, 0x13c, 0x13d, 0x13e,
        ]
        .into_iter()
        .map(KeyCode)
        .collect()
    }

    /// Its axes: sticks −32768..32767 with fuzz 16 and flat 128, triggers 0..255, the hat
    /// −1..1.
    pub fn xbox360_axes() -> Vec<(Abs, AbsInfo)> {
        let stick = AbsInfo::new(0, -32768, 32767, 16, 128, 0);
        let trigger = AbsInfo::new(0, 0, 255, 0, 0, 0);
        let hat = AbsInfo::new(0, -1, 1, 0, 0, 0);
        vec![
            (Abs::ABS_X, stick),
            (Abs::ABS_Y, stick),
            (Abs::ABS_Z, trigger),
            (Abs::ABS_RX, stick),
            (Abs::ABS_RY, stick),
            (Abs::ABS_RZ, trigger),
            (Abs::ABS_HAT0X, hat),
            (Abs::ABS_HAT0Y, hat),
        ]
    }

    /// What a recorded device's reads return, one entry a read: a batch of events, or an
    /// error (ENODEV: pulled out). Empty: nothing waiting.
    pub type Feed = Rc<RefCell<VecDeque<io::Result<Vec<InputEvent>>>>>;

    pub struct Script(pub Feed);

    impl EventSource for Script {
        fn read(&mut self, out: &mut Vec<InputEvent>) -> io::Result<()> {
            match self.0.borrow_mut().pop_front() {
                Some(Ok(batch)) => {
                    out.extend(batch);
                    Ok(())
                }
                Some(Err(e)) => Err(e),
                None => Ok(()),
            }
        }
    }

    pub const PAD_NAME: &str = "Microsoft X-Box 360 pad";

    /// An opener that opens the node named `pad` as an Xbox 360 pad reading `feed`, and
    /// every other node as a keyboard.
    pub fn opener(pad: &'static str, feed: Feed) -> Opener {
        Box::new(move |path: &Path| {
            let name = path.file_name().unwrap().to_string_lossy();
            if name == pad {
                Ok(Opened {
                    name: PAD_NAME.into(),
                    vendor: 0x045e,
                    keys: xbox360_keys(),
                    axes: xbox360_axes(),
                    events: Box::new(Script(feed.clone())),
                })
            } else {
                Ok(Opened {
                    name: "AT Translated Set 2 keyboard".into(),
                    vendor: 1,
                    keys: vec![KeyCode::KEY_A],
                    axes: Vec::new(),
                    events: Box::new(Script(Rc::default())),
                })
            }
        })
    }

    /// A fresh, empty folder of the test's own.
    pub fn folder(test: &str) -> PathBuf {
        let d = std::env::temp_dir()
            .join(format!("squad_proto_pads_{}", std::process::id()))
            .join(test);
        let _ = fs::remove_dir_all(&d);
        fs::create_dir_all(&d).unwrap();
        d
    }
}

#[cfg(test)]
mod tests {
    //! Recorded evdev events (as an Xbox 360 pad on xpad sends them) through the decoder,
    //! the mapping and the controls; hotplug and the no-gamepad paths on a directory of
    //! the test's own.

    use std::cell::RefCell;
    use std::rc::Rc;

    use sim::read::Formation;
    use sim::Vec2;

    use super::testkit::*;
    use super::*;
    use crate::shell::menu::MenuKey;
    use crate::window::input::{Action, Controls};
    use crate::window::pad::{self, pad_action, pad_menu_key};

    fn xbox360() -> Decoder {
        Decoder::new(&xbox360_keys(), &xbox360_axes(), 0x045e).expect("a gamepad")
    }

    /// Every button change `events` make.
    fn decode(d: &mut Decoder, events: &[InputEvent]) -> Vec<(PadButton, bool)> {
        let mut out = Vec::new();
        for e in events {
            d.feed(e, &mut out);
        }
        out
    }

    fn close(a: (f32, f32), b: (f32, f32)) -> bool {
        (a.0 - b.0).abs() < 1e-3 && (a.1 - b.1).abs() < 1e-3
    }

    #[test]
    fn only_gamepads_are_decoded() {
        assert!(Decoder::new(&xbox360_keys(), &xbox360_axes(), 0).is_some());
        // A keyboard: keys, no axes; a mouse-like device with ABS_X/Y but no BTN_SOUTH.
        let keyboard = [KeyCode::KEY_A, KeyCode::KEY_ENTER];
        assert!(Decoder::new(&keyboard, &[], 0).is_none());
        assert!(Decoder::new(&[KeyCode::BTN_LEFT], &xbox360_axes(), 0).is_none());
        assert!(Decoder::new(&xbox360_keys(), &xbox360_axes()[2..], 0).is_none());
    }

    #[test]
    fn sticks_are_normalised_from_the_absinfo_with_y_up() {
        let mut d = xbox360();
        // Full right and full up (evdev's y is negative up).
        decode(&mut d, &[ev(ABS, 0, 32767), ev(ABS, 1, -32768), report()]);
        assert!(close(d.left(), (1.0, 1.0)), "{:?}", d.left());
        // Inside the flat band: centred; just past it: a little, not a jump.
        decode(&mut d, &[ev(ABS, 0, 100), ev(ABS, 1, -120), report()]);
        assert_eq!(d.left(), (0.0, 0.0));
        decode(&mut d, &[ev(ABS, 0, 1000), report()]);
        assert!(d.left().0 > 0.0 && d.left().0 < 0.03, "{:?}", d.left());
        // Half left, down; the right stick on RX/RY.
        decode(&mut d, &[ev(ABS, 0, -16384), ev(ABS, 1, 32767), report()]);
        assert!((d.left().0 + 0.5).abs() < 0.01 && close((0.0, d.left().1), (0.0, -1.0)));
        decode(&mut d, &[ev(ABS, 3, -32768), ev(ABS, 4, 0), report()]);
        assert!(close(d.right(), (-1.0, 0.0)), "{:?}", d.right());
        // A stick that starts pushed (the absinfo's value) starts there.
        let mut axes = xbox360_axes();
        axes[0].1 = AbsInfo::new(32767, -32768, 32767, 16, 128, 0);
        let d = Decoder::new(&xbox360_keys(), &axes, 0).unwrap();
        assert!(close(d.left(), (1.0, 0.0)));
    }

    #[test]
    fn buttons_triggers_and_the_hat_press_and_release() {
        use PadButton::*;
        let mut d = xbox360();
        // A, as xpad sends it: MSC_SCAN is not there on xpad but is on HID pads; ignored.
        let a = decode(
            &mut d,
            &[
                ev(MSC, 4, 0x90001),
                ev(KEY, 0x130, 1),
                report(),
                ev(KEY, 0x130, 0),
                report(),
            ],
        );
        assert_eq!(a, [(South, true), (South, false)]);
        // X (0x133, BTN_X) is the left button on an Xbox pad: West; Y (0x134) North.
        let xy = decode(&mut d, &[ev(KEY, 0x133, 1), ev(KEY, 0x134, 1), report()]);
        assert_eq!(xy, [(West, true), (North, true)]);
        // X pressed again without a release (a resynchronisation): still one press.
        assert!(decode(&mut d, &[ev(KEY, 0x133, 1), report()]).is_empty());
        // Back and Start; the guide button means nothing; the bumpers (BTN_TL, BTN_TR)
        // are the throws'.
        let menu = decode(
            &mut d,
            &[
                ev(KEY, 0x13a, 1),
                ev(KEY, 0x13b, 1),
                ev(KEY, 0x13c, 1),
                ev(KEY, 0x136, 1),
                ev(KEY, 0x137, 1),
                ev(KEY, 0x136, 0),
            ],
        );
        assert_eq!(
            menu,
            [
                (Select, true),
                (Start, true),
                (LeftBumper, true),
                (RightBumper, true),
                (LeftBumper, false)
            ]
        );
        // The right trigger pulled in steps: pressed past half its travel, let go under
        // 30 %, not at every value between.
        let rt: Vec<_> = [40, 100, 128, 200, 255, 120, 90, 77, 76, 0]
            .iter()
            .map(|&v| decode(&mut d, &[ev(ABS, 5, v), report()]))
            .collect();
        assert_eq!(rt.concat(), [(RightTrigger, true), (RightTrigger, false)]);
        assert_eq!(rt[2], [(RightTrigger, true)], "at 128 of 255");
        assert_eq!(rt[8], [(RightTrigger, false)], "at 76 of 255");
        // The hat: left, then up-left, then right, then centred.
        let hat = decode(
            &mut d,
            &[
                ev(ABS, 0x10, -1),
                report(),
                ev(ABS, 0x11, -1),
                report(),
                ev(ABS, 0x10, 1),
                ev(ABS, 0x11, 0),
                report(),
                ev(ABS, 0x10, 0),
                report(),
            ],
        );
        assert_eq!(
            hat,
            [
                (DPadLeft, true),
                (DPadUp, true),
                (DPadLeft, false),
                (DPadRight, true),
                (DPadUp, false),
                (DPadRight, false),
            ]
        );
        // The device gone: what it held is let go.
        let gone = {
            let mut out = Vec::new();
            d.release_all(&mut out);
            out
        };
        assert_eq!(
            gone,
            [
                (West, false),
                (North, false),
                (Start, false),
                (Select, false),
                (RightBumper, false)
            ]
        );
    }

    #[test]
    fn a_pad_with_digital_triggers_dpad_buttons_and_a_z_rz_right_stick() {
        use PadButton::*;
        // A generic HID pad: the right stick on Z/RZ 0..255, triggers and d-pad as keys.
        let keys: Vec<KeyCode> = [0x130, 0x131, 0x133, 0x134, 0x138, 0x139, 0x220, 0x223]
            .into_iter()
            .map(KeyCode)
            .collect();
        let stick = AbsInfo::new(128, 0, 255, 0, 15, 0);
        let axes = [
            (Abs::ABS_X, stick),
            (Abs::ABS_Y, stick),
            (Abs::ABS_Z, stick),
            (Abs::ABS_RZ, stick),
        ];
        let mut d = Decoder::new(&keys, &axes, 0x0079).unwrap();
        assert_eq!(d.right(), (0.0, 0.0));
        decode(&mut d, &[ev(ABS, 2, 255), ev(ABS, 5, 0), report()]);
        assert!(close(d.right(), (1.0, 1.0)), "{:?}", d.right());
        let b = decode(
            &mut d,
            &[ev(KEY, 0x138, 1), ev(KEY, 0x220, 1), ev(KEY, 0x223, 1)],
        );
        assert_eq!(b, [(LeftTrigger, true), (DPadUp, true), (DPadRight, true)]);
        // Sony's drivers name the face buttons by position.
        let mut ds4 = Decoder::new(&xbox360_keys(), &xbox360_axes(), SONY).unwrap();
        let tri = decode(&mut ds4, &[ev(KEY, 0x133, 1), ev(KEY, 0x134, 1)]);
        assert_eq!(tri, [(North, true), (West, true)]);
    }

    /// A recording played through the decoder into the controls, as the game plays it:
    /// the left stick pushed up and right with the trigger held gives the tick input's
    /// move (the same iso turn as W+D) and sprint; the X and Y presses their actions.
    #[test]
    fn a_recording_drives_the_tick_input() {
        let mut d = xbox360();
        let recording = [
            ev(ABS, 0, 23170), // the left stick up-right at full deflection
            ev(ABS, 1, -23170),
            report(),
            ev(ABS, 2, 255), // the left trigger held
            report(),
            ev(KEY, 0x134, 1), // Y: the next formation
            report(),
            ev(KEY, 0x134, 0),
            report(),
        ];
        let buttons = decode(&mut d, &recording);
        let mut c = Controls::default();
        let (lx, ly) = d.left();
        c.pad_move = pad::stick_move(lx, ly);
        c.pad_sprint = buttons
            .iter()
            .any(|&(b, p)| p && matches!(b, PadButton::LeftTrigger | PadButton::RightTrigger));
        let t = c.tick_input();
        // Screen up-right is world −y, as W+D.
        assert!(
            (t.move_dir - Vec2::new(0.0, -1.0)).length() < 0.01,
            "{:?}",
            t.move_dir
        );
        assert!(t.sprint);
        assert_eq!(
            buttons,
            [
                (PadButton::LeftTrigger, true),
                (PadButton::North, true),
                (PadButton::North, false)
            ]
        );
        assert_eq!(pad::next_formation(Formation::Wedge), Formation::Line);
        // Back to the centre: no move.
        decode(&mut d, &[ev(ABS, 0, -5), ev(ABS, 1, 60), report()]);
        assert_eq!(pad::stick_move(d.left().0, d.left().1), Vec2::ZERO);
        // B and X in play, A and the hat in the menus.
        let b = decode(&mut d, &[ev(KEY, 0x131, 1), ev(KEY, 0x133, 1)]);
        let play: Vec<_> = b.iter().map(|&(b, _)| pad_action(b)).collect();
        assert_eq!(
            play,
            [Some(Action::ToggleManual), Some(Action::CycleTarget)]
        );
        let menu = decode(
            &mut d,
            &[ev(KEY, 0x130, 1), ev(ABS, 0x11, 1), ev(ABS, 0x10, -1)],
        );
        let keys: Vec<_> = menu.iter().map(|&(b, _)| pad_menu_key(b)).collect();
        assert_eq!(
            keys,
            [
                Some(MenuKey::Confirm),
                Some(MenuKey::Down),
                Some(MenuKey::Left)
            ]
        );
    }

    // ------------------------------------------------------------ devices in a folder

    fn notes(events: &[PadEvent]) -> Vec<&str> {
        events
            .iter()
            .filter_map(|e| match e {
                PadEvent::Note(n) => Some(n.as_str()),
                _ => None,
            })
            .collect()
    }

    fn buttons(events: &[PadEvent]) -> Vec<(PadButton, bool)> {
        events
            .iter()
            .filter_map(|e| match e {
                PadEvent::Button(b, p) => Some((*b, *p)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn pads_are_found_read_and_dropped_when_they_go() {
        let dir = folder("hotplug");
        fs::write(dir.join("event0"), "").unwrap(); // a keyboard
        fs::write(dir.join("mouse0"), "").unwrap(); // not an event node
        let feed: Feed = Rc::default();
        let opened = Rc::new(RefCell::new(0));
        let count = opened.clone();
        let mut inner = opener("event3", feed.clone());
        let mut pads = Gamepads::new(
            &dir,
            Box::new(move |p: &Path| {
                *count.borrow_mut() += 1;
                inner(p)
            }),
        );
        let t0 = Instant::now();
        let first = pads.poll(t0);
        assert!(first.is_empty(), "a keyboard only, nothing said: {first:?}");
        assert!(!pads.connected());
        assert_eq!(pads.next_poll(t0), t0 + SCAN_EVERY);
        // Plugged in: found at the next scan, not before.
        fs::write(dir.join("event3"), "").unwrap();
        assert!(pads.poll(t0 + Duration::from_millis(500)).is_empty());
        let found = pads.poll(t0 + SCAN_EVERY);
        assert_eq!(
            notes(&found),
            ["gamepad connected: Microsoft X-Box 360 pad"]
        );
        assert!(pads.connected());
        assert_eq!(pads.names(), ["Microsoft X-Box 360 pad"]);
        assert_eq!(*opened.borrow(), 2, "the keyboard is not opened again");
        // Its events, one batch a frame: Start pressed, the stick pushed; then pulled
        // out mid-stream, Start still held, A's press read in the same batch.
        feed.borrow_mut().extend([
            Ok(vec![ev(KEY, 0x13b, 1), ev(ABS, 0, 32767), report()]),
            Ok(vec![]),
            Ok(vec![ev(KEY, 0x130, 1), report()]),
            Err(io::Error::from_raw_os_error(ENODEV)),
        ]);
        let t = t0 + SCAN_EVERY + POLL_EVERY;
        assert_eq!(pads.next_poll(t), t + POLL_EVERY);
        assert_eq!(buttons(&pads.poll(t)), [(PadButton::Start, true)]);
        assert!(close(pads.sticks().0, (1.0, 0.0)));
        assert!(pads.poll(t).is_empty());
        assert_eq!(buttons(&pads.poll(t)), [(PadButton::South, true)]);
        let gone = pads.poll(t);
        assert_eq!(
            buttons(&gone),
            [(PadButton::South, false), (PadButton::Start, false)]
        );
        assert_eq!(notes(&gone), ["gamepad unplugged: Microsoft X-Box 360 pad"]);
        assert!(!pads.connected());
        assert_eq!(pads.sticks(), ((0.0, 0.0), (0.0, 0.0)));
        // Its node is still there until udev removes it: opened again at a scan it would
        // be a new pad; here the node goes, and a scan finds nothing and says nothing.
        fs::remove_file(dir.join("event3")).unwrap();
        assert!(pads.poll(t0 + SCAN_EVERY * 3).is_empty());
        // A pad whose node vanishes without a read error is dropped by the scan.
        fs::write(dir.join("event3"), "").unwrap();
        assert_eq!(notes(&pads.poll(t0 + SCAN_EVERY * 4)).len(), 1);
        fs::remove_file(dir.join("event3")).unwrap();
        let gone = pads.poll(t0 + SCAN_EVERY * 5);
        assert_eq!(notes(&gone), ["gamepad unplugged: Microsoft X-Box 360 pad"]);
    }

    #[test]
    fn no_directory_is_said_once() {
        let dir = folder("no_dir").join("input");
        let mut pads = Gamepads::new(&dir, opener("event0", Rc::default()));
        let t0 = Instant::now();
        let said = pads.poll(t0);
        assert_eq!(
            notes(&said),
            [format!(
                "no gamepad: {}: no such directory (no input devices here)",
                dir.display()
            )
            .as_str()]
        );
        for s in 1..5 {
            assert!(pads.poll(t0 + SCAN_EVERY * s).is_empty(), "said once");
        }
        // The directory appears with a pad in it (a module loaded): found.
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("event0"), "").unwrap();
        assert_eq!(notes(&pads.poll(t0 + SCAN_EVERY * 5)).len(), 1);
        assert!(pads.connected());
    }

    #[test]
    fn devices_nobody_may_open_are_said_once() {
        let dir = folder("denied");
        for n in ["event0", "event1", "event2"] {
            fs::write(dir.join(n), "").unwrap();
        }
        let denied = Rc::new(RefCell::new(true));
        let deny = denied.clone();
        let mut inner = opener("event2", Rc::default());
        let mut pads = Gamepads::new(
            &dir,
            Box::new(move |p: &Path| {
                if *deny.borrow() {
                    Err(io::Error::from(io::ErrorKind::PermissionDenied))
                } else {
                    inner(p)
                }
            }),
        );
        let t0 = Instant::now();
        let said = pads.poll(t0);
        let want = format!(
            "no gamepad: {}/event*: permission denied (add yourself to the `input` group)",
            dir.display()
        );
        assert_eq!(notes(&said), [want.as_str()]);
        assert!(pads.poll(t0 + SCAN_EVERY).is_empty(), "said once");
        // Access granted (the user joined the group, or udev's ACL came): found.
        *denied.borrow_mut() = false;
        let found = pads.poll(t0 + SCAN_EVERY * 2);
        assert_eq!(
            notes(&found),
            ["gamepad connected: Microsoft X-Box 360 pad"]
        );
    }

    /// The real opener on files that are not event devices, and on one this user may not
    /// read (as root every file can be read: then it is only not an event device).
    #[test]
    fn the_real_opener_on_files_that_are_not_devices() {
        use std::os::unix::fs::PermissionsExt;
        let dir = folder("real_opener");
        fs::write(dir.join("event0"), "not a device").unwrap();
        let locked = dir.join("event1");
        fs::write(&locked, "").unwrap();
        fs::set_permissions(&locked, fs::Permissions::from_mode(0o000)).unwrap();
        let mut pads = Gamepads::new(&dir, Box::new(open_evdev));
        let said = pads.poll(Instant::now());
        if fs::File::open(&locked).is_err() {
            let want = format!(
                "no gamepad: {}/event*: permission denied (add yourself to the `input` group)",
                dir.display()
            );
            assert_eq!(notes(&said), [want.as_str()]);
        } else {
            eprintln!("as root: event1 is readable, the permission path is tested above");
            assert!(said.is_empty(), "{said:?}");
        }
        assert!(!pads.connected());
    }

    /// The whole real path, through the kernel: a virtual Xbox pad made with uinput, found
    /// under `/dev/input`, read and dropped. Needs a writable `/dev/uinput` and a
    /// `/dev/input` the virtual node appears in; skipped (saying why) elsewhere.
    #[test]
    fn a_virtual_pad_through_uinput() {
        use evdev::uinput::VirtualDevice;
        use evdev::{AttributeSet, UinputAbsSetup};
        let builder = match VirtualDevice::builder() {
            Ok(b) => b,
            Err(e) => {
                eprintln!("skipped: no uinput here (/dev/uinput: {e})");
                return;
            }
        };
        let mut keys = AttributeSet::<KeyCode>::new();
        for k in xbox360_keys() {
            keys.insert(k);
        }
        let mut b = builder
            .name("squad_proto test pad")
            .with_keys(&keys)
            .unwrap();
        for (code, info) in xbox360_axes() {
            b = b
                .with_absolute_axis(&UinputAbsSetup::new(code, info))
                .unwrap();
        }
        let mut pad = b.build().unwrap();
        let node = pad
            .enumerate_dev_nodes_blocking()
            .unwrap()
            .flatten()
            .next()
            .expect("the virtual pad's node");
        eprintln!("virtual pad at {}", node.display());
        // udev may take a moment to make the node readable.
        let t0 = Instant::now();
        let mut pads = Gamepads::system();
        let mut said = Vec::new();
        for s in 0..50 {
            said.extend(pads.poll(t0 + SCAN_EVERY * s));
            if pads.names().contains(&"squad_proto test pad") {
                break;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        if !pads.names().contains(&"squad_proto test pad") {
            if let Err(e) = fs::File::open(&node) {
                // A container with uinput but no device nodes made for it, or no access.
                eprintln!("skipped: {} cannot be opened: {e}", node.display());
                return;
            }
            panic!(
                "{} opens but was not found as a pad: {said:?}",
                node.display()
            );
        }
        pad.emit(&[ev(KEY, 0x13b, 1), ev(ABS, 0, 32767)]).unwrap();
        let mut got = Vec::new();
        for _ in 0..50 {
            got.extend(buttons(&pads.poll(t0)));
            if !got.is_empty() {
                break;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(got.contains(&(PadButton::Start, true)), "{got:?}");
        assert!(pads.sticks().0 .0 > 0.99);
        drop(pad);
        let mut gone = Vec::new();
        for _ in 0..50 {
            gone.extend(pads.poll(t0));
            if !pads.names().contains(&"squad_proto test pad") {
                break;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(
            buttons(&gone).contains(&(PadButton::Start, false)),
            "{gone:?}"
        );
        eprintln!("uinput: {said:?} then {got:?} then {gone:?}");
    }
}
