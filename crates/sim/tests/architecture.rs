//! The sim crate's layout invariants (ARCHITECTURE.md), checked on its source text:
//! no import cycle between top-level modules, no system outside `world/` takes the whole
//! `World`, no source file over 900 lines, and the system modules `pub(crate)` but
//! through the test-only `internals` door (the one these tests come in by).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("dir entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The top-level module a file belongs to (`squad/blades/melee.rs` → `squad`).
fn top_module(root: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(root).expect("under src");
    let first = rel.components().next().expect("a component");
    first
        .as_os_str()
        .to_string_lossy()
        .trim_end_matches(".rs")
        .to_string()
}

/// Code of a line without its `//` comment.
fn code(line: &str) -> &str {
    line.split("//").next().unwrap_or("")
}

/// `text` holds `word` not followed by more of an identifier (`&World`, not
/// `&WorldView`).
fn mentions(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(i, _)| {
        !text[i + word.len()..]
            .chars()
            .next()
            .is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

/// `crate::X` names used in `text` (comments excluded).
fn crate_uses(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in text.lines() {
        let c = code(line);
        let mut rest = c;
        while let Some(i) = rest.find("crate::") {
            let after = &rest[i + "crate::".len()..];
            let name: String = after
                .chars()
                .take_while(|ch| ch.is_alphanumeric() || *ch == '_')
                .collect();
            if !name.is_empty() {
                out.insert(name);
            }
            rest = after;
        }
    }
    out
}

fn module_graph(root: &Path, files: &[PathBuf]) -> BTreeMap<String, BTreeSet<String>> {
    let mut deps: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for f in files {
        let top = top_module(root, f);
        if top == "lib" {
            continue;
        }
        let text = std::fs::read_to_string(f).expect("readable");
        let entry = deps.entry(top.clone()).or_default();
        for m in crate_uses(&text) {
            if m != top {
                entry.insert(m);
            }
        }
    }
    deps
}

/// A cycle in `deps` as a path of module names, if there is one.
fn find_cycle(deps: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        v: &str,
        deps: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(v.to_string(), 1);
        path.push(v.to_string());
        for w in deps.get(v).into_iter().flatten() {
            if !deps.contains_key(w) {
                continue;
            }
            match state.get(w.as_str()).copied().unwrap_or(0) {
                1 => {
                    let start = path.iter().position(|p| p == w).expect("on the path");
                    let mut cycle = path[start..].to_vec();
                    cycle.push(w.clone());
                    return Some(cycle);
                }
                0 => {
                    if let Some(c) = visit(w, deps, state, path) {
                        return Some(c);
                    }
                }
                _ => {}
            }
        }
        path.pop();
        state.insert(v.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for v in deps.keys() {
        if state.get(v.as_str()).copied().unwrap_or(0) == 0 {
            if let Some(c) = visit(v, deps, &mut state, &mut Vec::new()) {
                return Some(c);
            }
        }
    }
    None
}

#[test]
fn no_import_cycle_between_top_level_modules() {
    let root = src();
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let deps = module_graph(&root, &files);
    assert!(deps.len() >= 8, "modules found: {:?}", deps.keys());
    assert_eq!(find_cycle(&deps), None, "module graph: {deps:#?}");
}

#[test]
fn the_cycle_finder_sees_a_cycle() {
    let mut deps: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    deps.entry("a".into()).or_default().insert("b".into());
    deps.entry("b".into()).or_default().insert("c".into());
    deps.entry("c".into()).or_default().insert("a".into());
    assert_eq!(
        find_cycle(&deps),
        Some(vec!["a".into(), "b".into(), "c".into(), "a".into()])
    );
    deps.get_mut("c").expect("c").clear();
    assert_eq!(find_cycle(&deps), None);
    assert!(mentions("fn f(w: &World)", "&World"));
    assert!(!mentions("fn f(w: &WorldView)", "&World"));
    assert_eq!(
        crate_uses("use crate::squad::agent::Agent; // crate::world"),
        BTreeSet::from(["squad".to_string()])
    );
}

#[test]
fn only_the_world_module_takes_the_whole_world() {
    let root = src();
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let mut offenders = Vec::new();
    for f in &files {
        let top = top_module(&root, f);
        // The world's own systems, the driver (a player's hands, reading through the
        // public accessors), the record files (whole worlds in and out) and the read
        // model (it names the `World` for its readers, and runs nothing) may see the
        // whole world.
        if top == "world" || top == "driver" || top == "record" || top == "read" {
            continue;
        }
        let text = std::fs::read_to_string(f).expect("readable");
        for (n, line) in text.lines().enumerate() {
            let c = code(line);
            if ["&mut World", "&World", "crate::world"]
                .iter()
                .any(|w| mentions(c, w))
            {
                offenders.push(format!("{}:{}: {}", f.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(offenders.is_empty(), "{}", offenders.join("\n"));
}

#[test]
fn no_source_file_over_900_lines() {
    let root = src();
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let long: Vec<String> = files
        .iter()
        .filter_map(|f| {
            let n = std::fs::read_to_string(f)
                .expect("readable")
                .lines()
                .count();
            (n > 900).then(|| format!("{} has {n} lines", f.display()))
        })
        .collect();
    assert!(long.is_empty(), "{}", long.join("\n"));
}

/// The modules other crates may name (REQ §25 X11); every other top-level module is a
/// system module, `pub(crate)` unless the `internals` feature opens it.
const PUBLIC_MODULES: &[&str] = &["content", "driver", "read", "record", "tuning"];

/// Each `mod` declared in `lib_rs`, with how: its attributes and visibility, one string
/// per declaration (`#[cfg(…)] #[doc(hidden)] pub`).
fn module_declarations(lib_rs: &str) -> BTreeMap<String, BTreeSet<String>> {
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut attrs: Vec<&str> = Vec::new();
    for line in lib_rs.lines() {
        let l = code(line).trim();
        if l.is_empty() {
            continue;
        }
        if l.starts_with("#[") {
            attrs.push(l);
            continue;
        }
        let decl = ["pub mod ", "pub(crate) mod ", "mod "]
            .iter()
            .find_map(|v| Some((v.trim_end_matches(" mod "), l.strip_prefix(v)?)));
        if let Some((vis, name)) = decl {
            let vis = if vis == "mod " { "" } else { vis };
            let mut how = attrs.join(" ");
            if !how.is_empty() {
                how.push(' ');
            }
            how.push_str(vis);
            out.entry(name.trim_end_matches(';').trim().to_string())
                .or_default()
                .insert(how);
        }
        attrs.clear();
    }
    out
}

#[test]
fn the_system_modules_open_only_through_the_internals_door() {
    let root = src();
    let lib = std::fs::read_to_string(root.join("lib.rs")).expect("lib.rs");
    let decls = module_declarations(&lib);
    let door = BTreeSet::from([
        "#[cfg(feature = \"internals\")] #[doc(hidden)] pub".to_string(),
        "#[cfg(not(feature = \"internals\"))] pub(crate)".to_string(),
    ]);
    let mut wrong = Vec::new();
    // Every top-level folder and file is declared, each as its kind says.
    let mut tops: Vec<String> = std::fs::read_dir(&root)
        .expect("src/")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.is_dir() || p.extension().is_some_and(|x| x == "rs"))
        .map(|p| top_module(&root, &p))
        .filter(|m| m != "lib")
        .collect();
    tops.sort();
    assert!(tops.len() >= 12, "top-level modules: {tops:?}");
    for m in &tops {
        let want = if PUBLIC_MODULES.contains(&m.as_str()) {
            BTreeSet::from(["pub".to_string()])
        } else {
            door.clone()
        };
        match decls.get(m) {
            Some(how) if *how == want => {}
            how => wrong.push(format!("{m}: declared {how:?}, want {want:?}")),
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // The reader sees the attributes and the visibility of each declaration.
    let fake = module_declarations(
        "//! docs: pub mod nothing;\n#[cfg(test)]\npub(crate) mod a;\npub mod b; // b\nmod c;\n",
    );
    assert_eq!(
        fake,
        BTreeMap::from([
            (
                "a".to_string(),
                BTreeSet::from(["#[cfg(test)] pub(crate)".to_string()])
            ),
            ("b".to_string(), BTreeSet::from(["pub".to_string()])),
            ("c".to_string(), BTreeSet::from([String::new()])),
        ])
    );
}
