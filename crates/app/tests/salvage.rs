//! REQ W6: the files the player owns are salvaged, not replaced. For the campaign's
//! progress and the settings each: a file with one bad entry, one cut short, garbage, a
//! value of the wrong type, and one that cannot be read (permission denied). Every good
//! entry is kept; what was dropped is said (the line for the screen, the rest on
//! stderr); the file as it was is kept aside as `NAME.bad-N`, never overwritten; and the
//! file is never silently replaced by the defaults.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use app::shell::bindings::Bind;
use app::shell::progress::{Progress, FILE_NAME as PROGRESS};
use app::shell::settings::{Settings, FILE_NAME as SETTINGS};
use sim::read::Difficulty;
use winit::keyboard::KeyCode;

fn dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("squad_salvage_{tag}_{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Three missions' records as the game writes them.
fn three_missions() -> Progress {
    let mut p = Progress::default();
    p.record("m1_station", true, 192.25, Difficulty::Hard);
    p.record("m2_warrens", true, 250.0, Difficulty::Normal);
    p.record("m2_warrens", false, 31.0, Difficulty::Normal);
    p.record("m3_gate", true, 301.5, Difficulty::Easy);
    p
}

/// The file aside: `NAME.bad-1` holding `text`.
fn kept_aside(path: &Path, text: &[u8]) {
    let mut aside = path.as_os_str().to_owned();
    aside.push(".bad-1");
    assert_eq!(
        std::fs::read(&aside).expect("kept aside as .bad-1"),
        text,
        "the file as it was"
    );
}

#[test]
fn progress_with_one_bad_entry_keeps_every_good_one() {
    let d = dir("p_one");
    let path = d.join(PROGRESS);
    let p = three_missions();
    // m2's attempts of the wrong type: that field goes, m2's other fields and the other
    // missions stay.
    let text = p
        .to_toml()
        .replacen("attempts = 2", "attempts = \"two\"", 1);
    assert_ne!(text, p.to_toml());
    std::fs::write(&path, &text).unwrap();
    let (got, said) = Progress::load(&path).unwrap();
    let said = said.expect("said");
    let line = text.lines().position(|l| l.contains("\"two\"")).unwrap() + 1;
    assert!(
        said.starts_with(&format!(
            "campaign progress: {}:{line}: mission `m2_warrens`: `attempts = \"two\"`: expected a count (dropped)",
            path.display()
        )),
        "{said}"
    );
    assert!(said.contains("every other entry kept"), "{said}");
    assert_eq!(got.get("m1_station"), p.get("m1_station"));
    assert_eq!(got.get("m3_gate"), p.get("m3_gate"));
    let m2 = got.get("m2_warrens").unwrap();
    assert!(m2.completed && m2.best_seconds == Some(250.0) && m2.attempts == 0);
    kept_aside(&path, text.as_bytes());
    // Written again as read: it loads with nothing more to say.
    assert_eq!(Progress::load(&path).unwrap(), (got, None));
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn progress_cut_short_keeps_what_comes_before_the_cut() {
    let d = dir("p_cut");
    let path = d.join(PROGRESS);
    let p = three_missions();
    let whole = p.to_toml();
    // Cut in the middle of m3's `hardest = "easy"`.
    let at = whole.rfind("hardest = \"ea").unwrap() + "hardest = \"ea".len();
    let cut = &whole[..at];
    std::fs::write(&path, cut).unwrap();
    let (got, said) = Progress::load(&path).unwrap();
    let said = said.expect("said");
    assert!(
        said.contains("`hardest = \"ea`: could not be read"),
        "{said}"
    );
    assert_eq!(got.get("m1_station"), p.get("m1_station"));
    assert_eq!(got.get("m2_warrens"), p.get("m2_warrens"));
    let m3 = got.get("m3_gate").unwrap();
    assert!(m3.completed && m3.best_seconds == Some(301.5) && m3.hardest.is_none());
    assert_ne!(got, Progress::default(), "never silently the defaults");
    kept_aside(&path, cut.as_bytes());
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn progress_garbage_and_wrong_types_are_said_and_kept_aside_never_overwritten() {
    let d = dir("p_garbage");
    let path = d.join(PROGRESS);
    let garbage = b"\x00\x01\xffgarbage\n@@@ ===\n".to_vec();
    std::fs::write(&path, &garbage).unwrap();
    let (got, said) = Progress::load(&path).unwrap();
    let said = said.expect("said");
    assert_eq!(got, Progress::default());
    assert!(said.contains("could not be read"), "{said}");
    assert!(said.contains("nothing else could be read"), "{said}");
    assert!(said.contains("progress.toml.bad-1"), "{said}");
    kept_aside(&path, &garbage);
    // A mission that is not a table, and `missions` of the wrong type elsewhere: said,
    // set aside beside the first (which stays as it was), the rest kept.
    let text = "version = 2\n[missions]\nm1_station = \"done\"\n\n[missions.\"m2_warrens\"]\ncompleted = true\n";
    std::fs::write(&path, text).unwrap();
    let (got, said) = Progress::load(&path).unwrap();
    let said = said.expect("said");
    assert!(
        said.contains(":3: mission `m1_station`: expected a table (dropped)"),
        "{said}"
    );
    assert!(got.completed("m2_warrens") && got.get("m1_station").is_none());
    assert!(said.contains("progress.toml.bad-2"), "{said}");
    kept_aside(&path, &garbage);
    std::fs::write(&path, "version = 2\nmissions = 5\n").unwrap();
    let (got, said) = Progress::load(&path).unwrap();
    assert_eq!(got, Progress::default());
    assert!(said.unwrap().contains("unknown key `missions`"));
    std::fs::remove_dir_all(&d).unwrap();
}

/// A file that exists but cannot be read. As root a mode-000 file reads all the same,
/// so the error is injected through the loader's read; the real chmod is tried too and
/// checked for what it does on this machine.
#[test]
fn progress_that_cannot_be_read_is_said_and_kept_aside() {
    let d = dir("p_denied");
    let path = d.join(PROGRESS);
    let p = three_missions();
    std::fs::write(&path, p.to_toml()).unwrap();
    let denied = |_: &Path| Err(std::io::Error::from(std::io::ErrorKind::PermissionDenied));
    let (got, said) = Progress::load_with(&path, denied).unwrap();
    let said = said.expect("said");
    assert_eq!(got, Progress::default());
    assert!(
        said.contains("cannot be read (permission denied)"),
        "{said}"
    );
    assert!(said.contains("kept aside as"), "{said}");
    kept_aside(&path, p.to_toml().as_bytes());
    assert!(!path.exists(), "nothing written over it");
    // The real thing: mode 000.
    std::fs::write(&path, p.to_toml()).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o000)).unwrap();
    let readable = std::fs::read(&path).is_ok();
    let (got, said) = Progress::load(&path).unwrap();
    if readable {
        // Root (CAP_DAC_OVERRIDE) reads it: it is a good file, read whole.
        eprintln!("mode 000 is readable here (running as root): read whole");
        assert_eq!((got, said), (p, None));
    } else {
        assert!(said.unwrap().contains("permission denied"));
        assert!(d.join("progress.toml.bad-2").exists());
    }
    std::fs::remove_dir_all(&d).unwrap();
}

/// Settings with the player's bindings, as the game writes them.
fn rebound() -> Settings {
    let mut s = Settings {
        master: 40,
        brightness: 2,
        ..Settings::default()
    };
    s.keys.rebind(Bind::Pause, 0, KeyCode::KeyO);
    s.keys.rebind(Bind::MoveUp, 0, KeyCode::KeyI);
    s.keys.rebind(Bind::Grenade, 0, KeyCode::KeyQ);
    s
}

#[test]
fn settings_with_one_bad_entry_or_a_wrong_type_keep_every_good_one() {
    let d = dir("s_one");
    let path = d.join(SETTINGS);
    let s = rebound();
    let text = s
        .to_toml()
        .replace("brightness = 2", "brightness = \"bright\"")
        .replace("fullscreen = false", "fullscreen = 1");
    std::fs::write(&path, &text).unwrap();
    let (got, faults) = Settings::load(&path).unwrap();
    assert_eq!(faults.len(), 3, "{faults:#?}");
    assert!(
        faults[0].contains("`brightness` = \"bright\""),
        "{faults:#?}"
    );
    assert!(faults[1].contains("`fullscreen` = 1"), "{faults:#?}");
    assert!(
        faults[2].contains("every other setting kept"),
        "{faults:#?}"
    );
    assert_eq!(got.brightness, 0);
    assert_eq!(got.master, 40);
    assert_eq!(got.keys, s.keys, "the bindings kept");
    kept_aside(&path, text.as_bytes());
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn settings_cut_short_keep_the_bindings_before_the_cut() {
    let d = dir("s_cut");
    let path = d.join(SETTINGS);
    let s = rebound();
    let whole = s.to_toml();
    // Cut in the middle of the grenade's line: every binding before it kept.
    let at = whole.find("grenade = [\"").unwrap() + "grenade = [\"".len();
    let cut = &whole[..at];
    std::fs::write(&path, cut).unwrap();
    let (got, faults) = Settings::load(&path).unwrap();
    assert!(
        faults[0].contains("`grenade = [\"`: could not be read"),
        "{faults:#?}"
    );
    assert!(
        got.keys.is(Bind::MoveUp, KeyCode::KeyI),
        "the player's key kept"
    );
    // Pause comes after the cut: its default key.
    assert!(!cut.contains("pause =") && got.keys.is(Bind::Pause, KeyCode::KeyP));
    assert_eq!((got.master, got.brightness), (40, 2));
    assert_ne!(got, Settings::default(), "never silently the defaults");
    kept_aside(&path, cut.as_bytes());
    // Garbage beside it: said, kept aside as .bad-2, the first aside untouched.
    let garbage = b"\xfe\xff\x00[[[\nkeys = = =\n".to_vec();
    std::fs::write(&path, &garbage).unwrap();
    let (got, faults) = Settings::load(&path).unwrap();
    assert_eq!(got, Settings::default());
    assert!(faults.len() >= 2, "{faults:#?}");
    assert!(
        faults.last().unwrap().contains("settings.toml.bad-2"),
        "{faults:#?}"
    );
    kept_aside(&path, cut.as_bytes());
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn settings_that_cannot_be_read_are_said_and_kept_aside() {
    let d = dir("s_denied");
    let path = d.join(SETTINGS);
    let s = rebound();
    std::fs::write(&path, s.to_toml()).unwrap();
    let denied = |_: &Path| Err(std::io::Error::from(std::io::ErrorKind::PermissionDenied));
    let (got, faults) = Settings::load_with(&path, denied).unwrap();
    assert_eq!(got, Settings::default());
    assert_eq!(faults.len(), 1, "{faults:#?}");
    assert!(
        faults[0].contains("cannot be read (permission denied)"),
        "{faults:#?}"
    );
    assert!(faults[0].contains("kept aside as"), "{faults:#?}");
    kept_aside(&path, s.to_toml().as_bytes());
    std::fs::write(&path, s.to_toml()).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o000)).unwrap();
    let readable = std::fs::read(&path).is_ok();
    let (got, faults) = Settings::load(&path).unwrap();
    if readable {
        eprintln!("mode 000 is readable here (running as root): read whole");
        assert_eq!((got, faults), (s, Vec::new()));
    } else {
        assert!(faults[0].contains("permission denied"), "{faults:#?}");
    }
    std::fs::remove_dir_all(&d).unwrap();
}
