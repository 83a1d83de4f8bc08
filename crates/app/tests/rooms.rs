//! Every file a room of its own concern (REQ X9): no source file of any crate under
//! `crates/` is over 900 lines, its inline tests counted apart. Source means the code a
//! build compiles — `src/`, `benches/`, `examples/` — without what only `cargo test`
//! compiles: `#[cfg(test)]` items (an inline `mod tests { … }`, a test-only function or
//! import) and files declared by a `#[cfg(test)] mod name;`. Integration tests
//! (`tests/`) are test code and are not held to it.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The most lines a source file may have outside its tests.
const LIMIT: usize = 900;

/// The workspace's root.
fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// What a file's text holds outside its tests.
#[derive(Debug, Default, PartialEq)]
struct Count {
    /// Lines outside `#[cfg(test)]` items.
    code: usize,
    /// Modules declared test-only (`#[cfg(test)] mod name;`): their files are tests.
    test_modules: Vec<String>,
}

/// Counts `text`'s lines outside its `#[cfg(test)]` items. An item begins at the line
/// after the attribute (more attributes may come between); one that opens a block ends
/// at the line that closes it at the item's own indentation (as rustfmt writes it), one
/// that does not ends at its own line.
fn count(text: &str) -> Count {
    let lines: Vec<&str> = text.lines().collect();
    let mut c = Count::default();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if line.trim() != "#[cfg(test)]" {
            c.code += 1;
            i += 1;
            continue;
        }
        let indent = &line[..line.len() - line.trim_start().len()];
        // The item: the next line that is not an attribute or a comment.
        let mut j = i + 1;
        while j < lines.len() && {
            let t = lines[j].trim_start();
            t.starts_with("#[") || t.starts_with("//")
        } {
            j += 1;
        }
        let Some(item) = lines.get(j) else {
            break;
        };
        let head = item.trim();
        if let Some(name) = head
            .strip_prefix("mod ")
            .or_else(|| head.strip_prefix("pub mod "))
            .or_else(|| head.strip_prefix("pub(crate) mod "))
            .and_then(|r| r.strip_suffix(';'))
        {
            c.test_modules.push(name.trim().to_string());
        }
        i = if head.ends_with('{') {
            let close = format!("{indent}}}");
            (j + 1..lines.len())
                .find(|&k| lines[k] == close || lines[k] == format!("{close};"))
                .map_or(lines.len(), |k| k + 1)
        } else {
            j + 1
        };
    }
    c
}

/// The file a module `name` declared in `file` lives in (`name.rs` or `name/mod.rs`
/// beside a `mod.rs`, `lib.rs` or `main.rs`; inside a folder named after the file
/// otherwise).
fn module_files(file: &Path, name: &str) -> [PathBuf; 2] {
    let dir = file.parent().unwrap_or(Path::new("."));
    let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    let base = if matches!(stem, "mod" | "lib" | "main") {
        dir.to_path_buf()
    } else {
        dir.join(stem)
    };
    [
        base.join(format!("{name}.rs")),
        base.join(name).join("mod.rs"),
    ]
}

/// Every source file of every crate over the limit, as `path: N lines`.
fn over_the_limit(root: &Path) -> Vec<String> {
    let mut files = Vec::new();
    for krate in std::fs::read_dir(root.join("crates")).expect("crates/") {
        let krate = krate.expect("a crate").path();
        for part in ["src", "benches", "examples"] {
            rust_files(&krate.join(part), &mut files);
        }
    }
    let mut counts = Vec::new();
    let mut test_only = BTreeSet::new();
    for f in &files {
        let c = count(&std::fs::read_to_string(f).expect("readable"));
        for m in &c.test_modules {
            test_only.extend(module_files(f, m));
        }
        counts.push((f, c.code));
    }
    counts
        .into_iter()
        .filter(|(f, n)| *n > LIMIT && !test_only.contains(*f))
        .map(|(f, n)| {
            let shown = f.strip_prefix(root).unwrap_or(f);
            format!("{}: {n} lines outside its tests", shown.display())
        })
        .collect()
}

#[test]
fn no_source_file_of_any_crate_is_over_900_lines_its_tests_apart() {
    let root = workspace();
    let long = over_the_limit(&root);
    assert!(
        long.is_empty(),
        "split these files by concern (REQ X9, at most {LIMIT} lines each):\n{}",
        long.join("\n")
    );
}

#[test]
fn the_counter_sets_inline_tests_and_test_only_modules_apart() {
    let text = "\
use a::b;
#[cfg(test)]
mod kit;
fn f() {
    g();
}
#[cfg(test)]
#[allow(dead_code)]
fn only_in_tests() {
    h();
}
#[cfg(test)]
use c::d;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn t() {
        let s = \"}\";
    }
}
";
    let c = count(text);
    // `use a::b;`, `fn f() {`, `g();`, `}` and the blank line before the tests.
    assert_eq!(c.code, 5, "{c:?}");
    assert_eq!(c.test_modules, ["kit"]);
    assert_eq!(
        module_files(Path::new("crates/app/src/window/game/mod.rs"), "kit"),
        [
            PathBuf::from("crates/app/src/window/game/kit.rs"),
            PathBuf::from("crates/app/src/window/game/kit/mod.rs")
        ]
    );
    assert_eq!(
        module_files(Path::new("crates/app/src/shell/title.rs"), "kit")[0],
        PathBuf::from("crates/app/src/shell/title/kit.rs")
    );
}

#[test]
fn a_file_over_the_limit_is_named() {
    let root = std::env::temp_dir().join(format!("squad_proto_rooms_{}", std::process::id()));
    let src = root.join("crates/big/src");
    std::fs::create_dir_all(&src).unwrap();
    let long: String = (0..LIMIT + 1)
        .map(|i| format!("const C{i}: u8 = 0;\n"))
        .collect();
    let tests: String = (0..2 * LIMIT).map(|_| "    // a test line\n").collect();
    std::fs::write(
        src.join("lib.rs"),
        format!("{long}#[cfg(test)]\nmod tests {{\n{tests}}}\n"),
    )
    .unwrap();
    // Long only in its tests: within the limit.
    std::fs::write(
        src.join("ok.rs"),
        format!("fn f() {{}}\n#[cfg(test)]\nmod tests {{\n{tests}}}\n"),
    )
    .unwrap();
    // A test-only module's file is a test, however long.
    std::fs::write(src.join("kit.rs"), &long).unwrap();
    std::fs::write(
        src.join("main.rs"),
        "#[cfg(test)]\nmod kit;\nfn main() {}\n",
    )
    .unwrap();
    let got = over_the_limit(&root);
    let _ = std::fs::remove_dir_all(&root);
    assert_eq!(
        got,
        [format!(
            "crates/big/src/lib.rs: {} lines outside its tests",
            LIMIT + 1
        )]
    );
}
