//! Command-line checks of REQ W6 and W7: `--progress` prints the campaign's progress
//! (and what a salvage would drop) without a window and without changing the file;
//! `--threads 0` is refused with a clear line; with no display at all the window's
//! refusal says in one line that neither a Wayland compositor nor an X display was
//! found, naming no source file.

use std::path::PathBuf;
use std::process::{Command, Output};

fn dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("squad_cli_{tag}_{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The binary run with `args`, its data and config directories in `home`.
fn run(home: &std::path::Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_squad_proto"))
        .args(args)
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("WAYLAND_SOCKET")
        .output()
        .expect("the binary runs")
}

#[test]
fn progress_prints_the_surviving_entries_and_changes_nothing() {
    let home = dir("progress");
    let out = run(&home, &["--progress"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("no file yet"), "{text}");
    // One good mission, one with a field of the wrong type, and a line cut short.
    let file = home.join("data").join("squad_proto").join("progress.toml");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    let damaged = "version = 2\n\n[missions.\"m1_station\"]\ncompleted = true\nbest_seconds = 192.25\n\
                   hardest = \"hard\"\nattempts = 3\n\n[missions.\"m2_warrens\"]\ncompleted = true\n\
                   attempts = \"many\"\nbest_seconds = 250.0\n\n[missions.\"m3_gate\"]\ncompleted = tr";
    std::fs::write(&file, damaged).unwrap();
    let out = run(&home, &["--progress"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let row = |title: &str| {
        text.lines()
            .find(|l| l.contains(title))
            .unwrap_or_else(|| panic!("no row for {title}: {text}"))
            .to_string()
    };
    let m1 = row("The Pumping Station");
    assert!(
        m1.contains("yes") && m1.contains("3:12.3") && m1.contains("hard") && m1.ends_with(" 3"),
        "{m1}"
    );
    let m2 = row("The Warrens");
    assert!(m2.contains("yes") && m2.contains("4:10.0"), "{m2}");
    assert!(text.contains("2 of "), "{text}");
    assert!(text.contains("2 entries could not be read"), "{text}");
    assert!(
        text.contains(":11: mission `m2_warrens`: `attempts = \"many\"`"),
        "{text}"
    );
    assert!(
        text.contains(":15: `completed = tr`: could not be read"),
        "{text}"
    );
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        damaged,
        "--progress changes nothing"
    );
    assert!(!file.with_extension("toml.bad-1").exists());
    std::fs::remove_dir_all(&home).unwrap();
}

#[test]
fn zero_threads_are_refused_with_a_clear_line() {
    let home = dir("threads");
    for args in [
        &["--threads", "0", "--screenshot", "x.png"][..],
        &["--threads", "0"][..],
    ] {
        let out = run(&home, args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("--threads")
                && err.contains("0 threads cannot draw a frame: give 1 or more"),
            "{args:?}: {err}"
        );
    }
    assert!(!home.join("x.png").exists() && !PathBuf::from("x.png").exists());
    std::fs::remove_dir_all(&home).unwrap();
}

#[test]
fn without_a_display_one_line_says_neither_server_was_found() {
    let home = dir("display");
    let out = run(&home, &[]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    let first = err.lines().next().unwrap_or("");
    assert_eq!(
        first,
        "squad_proto: no display to open the game window: neither a Wayland compositor nor \
         an X display was found (WAYLAND_DISPLAY is not set; DISPLAY is not set)"
    );
    assert!(!err.contains(".rs:") && !err.contains("winit"), "{err}");
    std::fs::remove_dir_all(&home).unwrap();
}

#[test]
fn validate_lists_every_problem_and_fails_only_on_errors() {
    let home = dir("validate");
    // A good mission with an embedded map: no problems, exit 0.
    let good = home.join("good.scn");
    std::fs::write(
        &good,
        "name = Good\nmap = default\nduration = 60\narea a 4 54 12 57\nobjective in reach a\nwave 1 0 shambler 2\n",
    )
    .unwrap();
    let out = run(&home, &["--validate", good.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert_eq!(text, "no problems\n");
    // A bad one beside its own map: both files' errors, each at its place, exit 1.
    std::fs::write(home.join("bad.map"), "name = b\n#####\n#S.X#\n#####\n").unwrap();
    let bad = home.join("bad.scn");
    std::fs::write(
        &bad,
        "name = Bad\nmap = bad.map\nduration = sixty\nwave 1 0 shambler 2\n",
    )
    .unwrap();
    let out = run(&home, &["--validate", bad.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].contains("bad.map:3:4: error: unknown tile `X`: expected one of"),
        "{text}"
    );
    assert!(lines[1].contains("bad.scn:3:"), "{text}");
    assert!(
        lines[2].contains("bad.scn:4:") && lines[2].contains("spawn index 0"),
        "{text}"
    );
    assert_eq!(*lines.last().unwrap(), "3 errors, 0 warnings", "{text}");
    // Warnings alone do not fail.
    let warn = home.join("warn.scn");
    std::fs::write(&warn, "name = W\nmap = default\nduration = 60\n").unwrap();
    let out = run(&home, &["--validate", warn.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.ends_with("0 errors, 1 warning\n"), "{text}");
    assert!(
        text.contains("warn.scn:1:1: warning: no `objective`"),
        "{text}"
    );
    // A file that is not there: one clear line on stderr.
    let out = run(&home, &["--validate", "nowhere.scn"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("nowhere.scn"));
}
