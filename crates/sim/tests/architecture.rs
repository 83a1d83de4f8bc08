//! The sim crate's layout invariants (ARCHITECTURE.md), checked on its source text:
//! no import cycle between top-level modules, no system outside `world/` takes the whole
//! `World`, no source file over 900 lines.

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
