//! Every error the command line can meet shares one format (issue 19, fault 9):
//! `squad_proto: FILE[:LINE:COL]: message`, one line, exit code 2 — a position where the
//! fault is at one, none where it is about the file as a whole.

use std::path::PathBuf;
use std::process::Command;

fn dir() -> PathBuf {
    let d = std::env::temp_dir().join(format!("squad_proto_errors_{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The binary's stderr and exit code for `args`.
fn run(args: &[&str]) -> (String, Option<i32>) {
    let out = Command::new(env!("CARGO_BIN_EXE_squad_proto"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code(),
    )
}

/// One line, `squad_proto: ` then `file` then either `:line:col: ` or `: `.
fn check(args: &[&str], file: &str, positioned: bool, says: &str) {
    let (err, code) = run(args);
    assert_eq!(code, Some(2), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: one line: {err}");
    let rest = err
        .strip_prefix(&format!("squad_proto: {file}"))
        .unwrap_or_else(|| panic!("{args:?}: `{err}` does not start with `squad_proto: {file}`"));
    let after = if positioned {
        let mut parts = rest.splitn(4, ':');
        assert_eq!(parts.next(), Some(""), "{err}");
        let line: usize = parts
            .next()
            .unwrap()
            .parse()
            .unwrap_or_else(|_| panic!("{err}"));
        let col: usize = parts
            .next()
            .unwrap()
            .parse()
            .unwrap_or_else(|_| panic!("{err}"));
        assert!(line >= 1 && col >= 1, "{err}");
        parts.next().unwrap().to_string()
    } else {
        rest.strip_prefix(':')
            .unwrap_or_else(|| panic!("{err}"))
            .to_string()
    };
    assert!(
        after.starts_with(' ') && after.contains(says),
        "{args:?}: `{err}`"
    );
}

#[test]
fn errors_name_the_file_and_a_position_only_where_there_is_one() {
    let d = dir();
    let p = |name: &str| d.join(name).display().to_string();
    // The file as a whole: missing, a directory, not UTF-8 — no position.
    let missing = p("missing.scn");
    check(
        &["--headless", "--scenario", &missing],
        &missing,
        false,
        "cannot read",
    );
    let folder = d.display().to_string();
    check(
        &["--headless", "--scenario", &folder],
        &folder,
        false,
        "cannot read",
    );
    let binary = p("binary.scn");
    std::fs::write(&binary, [0xff, 0xfe, 0x00, 0x80]).unwrap();
    check(
        &["--headless", "--scenario", &binary],
        &binary,
        false,
        "cannot read",
    );
    // At a place: a scenario's unknown key, a tuning's range, a map's tile.
    let scn = p("bad.scn");
    std::fs::write(&scn, "map = default\nseed = 1\nwave2 = 3\n").unwrap();
    check(&["--headless", "--scenario", &scn], &scn, true, "wave2");
    let toml = p("bad.toml");
    std::fs::write(&toml, "[fire]\n\ncooldown = -2.0\n").unwrap();
    check(
        &["--headless", "--tuning", &toml],
        &toml,
        true,
        "fire.cooldown",
    );
    let map = p("bad.map");
    std::fs::write(&map, "#####\n#S.?#\n#####\n").unwrap();
    check(&["--headless", "--map", &map], &map, true, "?");
    // Replays and saves: the whole file.
    let replay = p("bad.sqr");
    std::fs::write(&replay, b"SQPREPLY\x02\x00").unwrap();
    check(&["--replay", &replay], &replay, false, "truncated replay");
    let save = p("bad.sav");
    std::fs::write(&save, b"not a save").unwrap();
    check(&["--headless", "--load", &save], &save, false, "");
    let _ = std::fs::remove_dir_all(&d);
}
