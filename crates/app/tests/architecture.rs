//! The workspace's layout invariants (ARCHITECTURE.md), checked on the source text of
//! every crate under `crates/` (found by listing `crates/*/src`, so a new crate is
//! checked too):
//!
//! - no import cycle between the *files* of a crate;
//! - the crates depend on each other in one direction only (the `[dependencies]` with a
//!   `path` in each `crates/*/Cargo.toml`).
//!
//! The sim's own checks (cycles between its top-level modules, only `world/` takes the
//! `World`, no file over 900 lines) are in `crates/sim/tests/architecture.rs`;
//! `python3 tools/module_deps.py` prints the same graphs.
//!
//! # The file graph
//! A node is a `.rs` file under a crate's `src/` (`lib.rs` and `main.rs` included). An
//! edge goes from file F to the deepest module *file* a path written in F names:
//! `crate::squad::agent::Agent` → `squad/agent.rs`, `crate::squad::Squad` →
//! `squad/mod.rs`, `crate::Effects` → `lib.rs`. Paths are those of `use` trees (each
//! branch of a `{…}` group on its own, `self` in a group naming the group's module, a
//! glob naming its module) and every other `a::b…` path in the code. Their first
//! segment is `crate`, `self`, `super` (relative to the module the path is written in:
//! inside an inline `mod name { … }` that is the inline module, so `use super::*` in
//! `#[cfg(test)] mod tests` names F itself), or a name in scope that is a module: a child
//! module, a `use` of a module (`use crate::squad::blades; blades::melee::X` →
//! `blades/melee.rs`), or a module's name through a glob import. Other first segments
//! (other crates, `std`, types, `Self`) name no file of the crate; in `main.rs` the
//! library's name (`app::play::Play`) is the library's root. A `mod x;` declaration is no
//! edge, nor is `pub(in path)`; comments, string and character literals are skipped;
//! test modules count like any other code. Self-edges are dropped.
//!
//! A cycle is reported as a path of files, `a.rs -> b.rs -> a.rs`: for each strongly
//! connected component, shortest cycles until every edge inside it is on one.

use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::{Path, PathBuf};

// ---------------------------------------------------------------- lexer

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    /// `::`
    PathSep,
    Punct(char),
}

fn is_ident_start(c: char) -> bool {
    c.is_alphabetic() || c == '_'
}

fn is_ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The index after the closing `"` of a string whose body starts at `i`.
fn skip_string(c: &[char], mut i: usize) -> usize {
    while i < c.len() {
        match c[i] {
            '\\' => i += 2,
            '"' => return i + 1,
            _ => i += 1,
        }
    }
    c.len()
}

/// The index after the closing `"###` of a raw string whose body starts at `i`.
fn skip_raw_string(c: &[char], mut i: usize, hashes: usize) -> usize {
    while i < c.len() {
        if c[i] == '"' && (1..=hashes).all(|k| c.get(i + k) == Some(&'#')) {
            return i + 1 + hashes;
        }
        i += 1;
    }
    c.len()
}

/// At a `'`: the index after a character literal, or after the `'` of a lifetime or
/// label (whose name is then lexed as a harmless identifier).
fn skip_quote(c: &[char], i: usize) -> usize {
    match (c.get(i + 1), c.get(i + 2)) {
        (Some('\\'), _) => {
            let mut j = i + 3;
            while j < c.len() && c[j] != '\'' {
                j += 1;
            }
            j + 1
        }
        (Some(_), Some('\'')) => i + 3,
        _ => i + 1,
    }
}

/// Identifiers, `::` and punctuation of Rust source, without comments (line, nested
/// block, doc), string, raw string, byte and character literals, lifetimes and numbers.
fn lex(text: &str) -> Vec<Tok> {
    let c: Vec<char> = text.chars().collect();
    let n = c.len();
    let mut out = Vec::new();
    let mut i = 0;
    while i < n {
        let ch = c[i];
        let next = c.get(i + 1).copied();
        if ch.is_whitespace() {
            i += 1;
        } else if ch == '/' && next == Some('/') {
            while i < n && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && next == Some('*') {
            let mut depth = 0usize;
            while i < n {
                if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if ch == '"' {
            i = skip_string(&c, i + 1);
        } else if ch == '\'' {
            i = skip_quote(&c, i);
        } else if is_ident_start(ch) {
            let start = i;
            while i < n && is_ident_char(c[i]) {
                i += 1;
            }
            let word: String = c[start..i].iter().collect();
            let mut hashes = 0;
            while c.get(i + hashes) == Some(&'#') {
                hashes += 1;
            }
            let after = c.get(i + hashes).copied();
            match word.as_str() {
                "r" | "br" | "cr" if after == Some('"') => {
                    i = skip_raw_string(&c, i + hashes + 1, hashes);
                }
                "r" if hashes == 1 && after.is_some_and(is_ident_start) => {
                    let s = i + 1;
                    i = s;
                    while i < n && is_ident_char(c[i]) {
                        i += 1;
                    }
                    out.push(Tok::Ident(c[s..i].iter().collect()));
                }
                "b" | "c" if next_is(&c, i, '"') => i = skip_string(&c, i + 1),
                "b" if next_is(&c, i, '\'') => i = skip_quote(&c, i),
                _ => out.push(Tok::Ident(word)),
            }
        } else if ch.is_ascii_digit() {
            while i < n && is_ident_char(c[i]) {
                i += 1;
            }
        } else if ch == ':' && next == Some(':') {
            out.push(Tok::PathSep);
            i += 2;
        } else {
            out.push(Tok::Punct(ch));
            i += 1;
        }
    }
    out
}

fn next_is(c: &[char], i: usize, want: char) -> bool {
    c.get(i) == Some(&want)
}

// ---------------------------------------------------------------- parser

/// A module path from the crate root: `[]` is the library's root, `["#main"]` the root
/// of the binary `main.rs` (`#` keeps it apart from any module name).
type ModPath = Vec<String>;

/// What one module (a file's, or an inline `mod name { … }`) says about names.
#[derive(Debug, Default)]
struct Scope {
    /// `use` bindings: the name and the path it stands for (as written).
    uses: Vec<(String, Vec<String>)>,
    /// Glob imports (`use path::*`), as written.
    globs: Vec<Vec<String>>,
}

/// A file's scopes, by module path, and every path written in it with the module it
/// was written in.
#[derive(Debug, Default)]
struct Parsed {
    scopes: BTreeMap<ModPath, Scope>,
    paths: Vec<(ModPath, Vec<String>)>,
}

fn ident(t: Option<&Tok>) -> Option<&str> {
    match t {
        Some(Tok::Ident(s)) => Some(s),
        _ => None,
    }
}

struct UseLeaf {
    path: Vec<String>,
    binding: Option<String>,
    glob: bool,
}

/// One use tree from `i` under `prefix`; returns the index after it.
fn use_tree(t: &[Tok], mut i: usize, prefix: &[String], out: &mut Vec<UseLeaf>) -> usize {
    let mut path = prefix.to_vec();
    if t.get(i) == Some(&Tok::PathSep) {
        // `::name`: another crate.
        path.push("::".into());
        i += 1;
    }
    loop {
        match t.get(i) {
            Some(Tok::Ident(s)) => {
                path.push(s.clone());
                i += 1;
                if t.get(i) == Some(&Tok::PathSep) {
                    i += 1;
                    continue;
                }
                if path.len() > 1 && path.last().map(String::as_str) == Some("self") {
                    path.pop();
                }
                let mut binding = path.last().cloned();
                if ident(t.get(i)) == Some("as") {
                    binding = ident(t.get(i + 1)).filter(|b| *b != "_").map(String::from);
                    i += 2;
                }
                out.push(UseLeaf {
                    path,
                    binding,
                    glob: false,
                });
                return i;
            }
            Some(Tok::Punct('*')) => {
                out.push(UseLeaf {
                    path,
                    binding: None,
                    glob: true,
                });
                return i + 1;
            }
            Some(Tok::Punct('{')) => {
                i += 1;
                while i < t.len() {
                    match t[i] {
                        Tok::Punct('}') => return i + 1,
                        Tok::Punct(',') => i += 1,
                        _ => {
                            let j = use_tree(t, i, &path, out);
                            i = if j == i { i + 1 } else { j };
                        }
                    }
                }
                return i;
            }
            _ => return i,
        }
    }
}

/// The scopes and paths of one file whose module is `module`.
fn parse(text: &str, module: &ModPath) -> Parsed {
    let t = lex(text);
    let mut parsed = Parsed::default();
    parsed.scopes.insert(module.clone(), Scope::default());
    // Open inline modules: (module path, brace depth outside it).
    let mut stack: Vec<(ModPath, usize)> = vec![(module.clone(), 0)];
    let mut depth = 0usize;
    let mut i = 0;
    while i < t.len() {
        let cur = stack.last().expect("the file's module").0.clone();
        match &t[i] {
            Tok::Punct('{') => {
                depth += 1;
                i += 1;
            }
            Tok::Punct('}') => {
                depth = depth.saturating_sub(1);
                if stack.len() > 1 && stack.last().is_some_and(|s| s.1 == depth) {
                    stack.pop();
                }
                i += 1;
            }
            Tok::Ident(w) if w == "mod" => match (ident(t.get(i + 1)), t.get(i + 2)) {
                (Some(name), Some(Tok::Punct('{'))) => {
                    let mut inner = cur.clone();
                    inner.push(name.to_string());
                    parsed.scopes.entry(inner.clone()).or_default();
                    stack.push((inner, depth));
                    depth += 1;
                    i += 3;
                }
                // `mod x;` declares a module: no edge.
                _ => i += 2,
            },
            Tok::Ident(w) if w == "use" => {
                let mut leaves = Vec::new();
                i = use_tree(&t, i + 1, &[], &mut leaves);
                while i < t.len() && t[i] != Tok::Punct(';') {
                    i += 1;
                }
                let scope = parsed.scopes.get_mut(&cur).expect("opened");
                for leaf in leaves {
                    if leaf.glob {
                        scope.globs.push(leaf.path.clone());
                    } else if let Some(b) = leaf.binding {
                        scope.uses.push((b, leaf.path.clone()));
                    }
                    parsed.paths.push((cur.clone(), leaf.path));
                }
            }
            Tok::Ident(w)
                if w == "pub"
                    && t.get(i + 1) == Some(&Tok::Punct('('))
                    && ident(t.get(i + 2)) == Some("in") =>
            {
                // `pub(in crate::a)` restricts visibility, it uses nothing.
                while i < t.len() && t[i] != Tok::Punct(')') {
                    i += 1;
                }
            }
            Tok::Ident(w) if i == 0 || t[i - 1] != Tok::PathSep => {
                let mut segs = vec![w.clone()];
                let mut j = i;
                while t.get(j + 1) == Some(&Tok::PathSep) {
                    match ident(t.get(j + 2)) {
                        Some(s) => {
                            segs.push(s.to_string());
                            j += 2;
                        }
                        None => break,
                    }
                }
                if segs.len() >= 2 {
                    parsed.paths.push((cur, segs));
                }
                i = j + 1;
            }
            _ => i += 1,
        }
    }
    parsed
}

// ---------------------------------------------------------------- resolver

/// One crate's files: relative path under `src/` (with `/`) → text.
type Sources = BTreeMap<String, String>;

/// File graph: every file → the files it uses.
type Graph = BTreeMap<String, BTreeSet<String>>;

/// The module a file is, from its place under `src/`. `lib.rs` is the root,
/// `main.rs` the binary's root (`["#main"]`), every other file is in the library's tree
/// (or the binary's, in a crate without `lib.rs`).
fn module_of(file: &str, has_lib: bool) -> ModPath {
    if file == "main.rs" {
        return vec!["#main".into()];
    }
    let mut parts: Vec<String> = if file == "lib.rs" {
        Vec::new()
    } else {
        let stem = file.trim_end_matches(".rs");
        let stem = stem.strip_suffix("/mod").unwrap_or(stem);
        stem.split('/').map(String::from).collect()
    };
    if !has_lib && file != "lib.rs" {
        parts.insert(0, "#main".into());
    }
    parts
}

struct Resolver<'a> {
    lib_name: &'a str,
    /// Every module (files' and inline ones) → the file it is in.
    modules: BTreeMap<ModPath, String>,
    scopes: BTreeMap<ModPath, &'a Scope>,
    memo: RefCell<BTreeMap<(ModPath, String), Memo>>,
    /// A lookup met one in progress (imports that go round).
    went_round: Cell<bool>,
}

enum Memo {
    Busy,
    Done(Option<ModPath>),
}

const MAX_DEPTH: usize = 16;

impl Resolver<'_> {
    fn root_of(m: &ModPath) -> ModPath {
        match m.first() {
            Some(f) if f.starts_with('#') => vec![f.clone()],
            _ => Vec::new(),
        }
    }

    fn parent(m: &ModPath) -> Option<ModPath> {
        if *m == Self::root_of(m) {
            return None;
        }
        let mut p = m.clone();
        p.pop();
        Some(p)
    }

    /// The module `name` stands for in module `scope`, if it is one (memoised; a name
    /// met again while it is being looked up, through imports that go round, is none).
    fn lookup(&self, scope: &ModPath, name: &str, depth: usize) -> Option<ModPath> {
        if depth > MAX_DEPTH {
            return None;
        }
        let key = (scope.clone(), name.to_string());
        match self.memo.borrow().get(&key) {
            Some(Memo::Done(known)) => return known.clone(),
            Some(Memo::Busy) => {
                self.went_round.set(true);
                return None;
            }
            None => {}
        }
        let outer = self.went_round.replace(false);
        self.memo.borrow_mut().insert(key.clone(), Memo::Busy);
        let found = self.lookup_uncached(scope, name, depth);
        if self.went_round.get() {
            // Found while some lookup in progress answered none: not kept.
            self.memo.borrow_mut().remove(&key);
        } else {
            self.memo
                .borrow_mut()
                .insert(key, Memo::Done(found.clone()));
        }
        self.went_round.set(outer || self.went_round.get());
        found
    }

    fn lookup_uncached(&self, scope: &ModPath, name: &str, depth: usize) -> Option<ModPath> {
        match name {
            "crate" => return Some(Self::root_of(scope)),
            "self" => return Some(scope.clone()),
            "super" => return Self::parent(scope),
            _ => {}
        }
        let mut child = scope.clone();
        child.push(name.to_string());
        if self.modules.contains_key(&child) {
            return Some(child);
        }
        if let Some(s) = self.scopes.get(scope) {
            for (b, target) in &s.uses {
                if b == name {
                    if let Some(m) = self.resolve_module(scope, target, depth + 1) {
                        return Some(m);
                    }
                }
            }
            for g in &s.globs {
                if let Some(m) = self.resolve_module(scope, g, depth + 1) {
                    if m != *scope {
                        if let Some(x) = self.lookup(&m, name, depth + 1) {
                            return Some(x);
                        }
                    }
                }
            }
        }
        if name == self.lib_name && !Self::root_of(scope).is_empty() {
            return Some(Vec::new());
        }
        None
    }

    /// One step down a path from module `m`.
    fn step(&self, m: &ModPath, seg: &str, depth: usize) -> Option<ModPath> {
        match seg {
            "super" => Self::parent(m),
            "self" => Some(m.clone()),
            "crate" => None,
            _ => self.lookup(m, seg, depth),
        }
    }

    /// The module a whole path stands for, if every segment is one.
    fn resolve_module(&self, scope: &ModPath, segs: &[String], depth: usize) -> Option<ModPath> {
        let mut m = self.lookup(scope, segs.first()?, depth)?;
        for s in &segs[1..] {
            m = self.step(&m, s, depth)?;
        }
        Some(m)
    }

    /// The deepest module a path written in `scope` names, if it names one of the crate.
    fn deepest(&self, scope: &ModPath, segs: &[String]) -> Option<ModPath> {
        let mut m = self.lookup(scope, segs.first()?, 0)?;
        for s in &segs[1..] {
            match self.step(&m, s, 0) {
                Some(x) => m = x,
                None => break,
            }
        }
        Some(m)
    }
}

/// The file graph of one crate. `lib_name` is the library's name, which `main.rs` uses.
fn file_graph(sources: &Sources, lib_name: &str) -> Graph {
    let has_lib = sources.contains_key("lib.rs");
    let parsed: BTreeMap<&String, Parsed> = sources
        .iter()
        .map(|(f, text)| (f, parse(text, &module_of(f, has_lib))))
        .collect();
    let mut modules = BTreeMap::new();
    let mut scopes = BTreeMap::new();
    for (f, p) in &parsed {
        modules.insert(module_of(f, has_lib), (*f).clone());
        for (m, s) in &p.scopes {
            modules.entry(m.clone()).or_insert_with(|| (*f).clone());
            scopes.insert(m.clone(), s);
        }
    }
    let r = Resolver {
        lib_name,
        modules,
        scopes,
        memo: RefCell::default(),
        went_round: Cell::new(false),
    };
    let mut graph = Graph::new();
    for (f, p) in &parsed {
        let out = graph.entry((*f).clone()).or_default();
        for (scope, segs) in &p.paths {
            if let Some(m) = r.deepest(scope, segs) {
                let target = &r.modules[&m];
                if target != *f {
                    out.insert(target.clone());
                }
            }
        }
    }
    graph
}

// ---------------------------------------------------------------- cycles

/// Strongly connected components with more than one node, each sorted, in order.
fn components(g: &Graph) -> Vec<Vec<String>> {
    struct T<'a> {
        g: &'a Graph,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on: BTreeSet<&'a str>,
        out: Vec<Vec<String>>,
    }
    fn strong<'a>(t: &mut T<'a>, v: &'a str) {
        let n = t.index.len();
        t.index.insert(v, n);
        t.low.insert(v, n);
        t.stack.push(v);
        t.on.insert(v);
        for w in t.g.get(v).into_iter().flatten() {
            let w = w.as_str();
            if !t.g.contains_key(w) {
                continue;
            }
            if !t.index.contains_key(w) {
                strong(t, w);
                let l = t.low[v].min(t.low[w]);
                t.low.insert(v, l);
            } else if t.on.contains(w) {
                let l = t.low[v].min(t.index[w]);
                t.low.insert(v, l);
            }
        }
        if t.low[v] == t.index[v] {
            let mut comp = Vec::new();
            loop {
                let w = t.stack.pop().expect("on the stack");
                t.on.remove(w);
                comp.push(w.to_string());
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                t.out.push(comp);
            }
        }
    }
    let mut t = T {
        g,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in g.keys() {
        if !t.index.contains_key(v.as_str()) {
            strong(&mut t, v);
        }
    }
    t.out.sort();
    t.out
}

/// The shortest path from `from` to `to` inside `within` (both ends included).
fn shortest_path(g: &Graph, within: &BTreeSet<&str>, from: &str, to: &str) -> Option<Vec<String>> {
    let mut prev: BTreeMap<&str, &str> = BTreeMap::new();
    let mut queue = VecDeque::from([from]);
    let mut seen = BTreeSet::from([from]);
    while let Some(v) = queue.pop_front() {
        if v == to {
            let mut path = vec![to.to_string()];
            let mut x = to;
            while x != from {
                x = prev[x];
                path.push(x.to_string());
            }
            path.reverse();
            return Some(path);
        }
        for w in g.get(v).into_iter().flatten() {
            let w = w.as_str();
            if within.contains(w) && seen.insert(w) {
                prev.insert(w, v);
                queue.push_back(w);
            }
        }
    }
    None
}

/// Cycles as file paths (`a.rs -> b.rs -> a.rs`), each starting at its smallest file:
/// per strongly connected component, the shortest cycle through each edge inside it
/// that no cycle reported before went along. Empty when the graph has no cycle.
fn cycles(g: &Graph) -> Vec<String> {
    let mut out = Vec::new();
    for comp in components(g) {
        let within: BTreeSet<&str> = comp.iter().map(String::as_str).collect();
        let mut covered: BTreeSet<(String, String)> = BTreeSet::new();
        for u in &comp {
            for v in g.get(u).into_iter().flatten() {
                if !within.contains(v.as_str()) || covered.contains(&(u.clone(), v.clone())) {
                    continue;
                }
                let back = shortest_path(g, &within, v, u).expect("same component");
                let mut cycle = vec![u.clone()];
                cycle.extend(back);
                for w in cycle.windows(2) {
                    covered.insert((w[0].clone(), w[1].clone()));
                }
                // Start at the smallest file.
                cycle.pop();
                let k = (0..cycle.len()).min_by_key(|&k| &cycle[k]).expect("nodes");
                cycle.rotate_left(k);
                cycle.push(cycle[0].clone());
                out.push(cycle.join(" -> "));
            }
        }
    }
    out
}

// ---------------------------------------------------------------- the workspace

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The crates: every `crates/*` with a `src/`, by directory name.
fn crate_dirs() -> Vec<(String, PathBuf)> {
    let mut out: Vec<(String, PathBuf)> = std::fs::read_dir(workspace().join("crates"))
        .expect("crates/")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.join("src").is_dir())
        .map(|p| (p.file_name().expect("name").to_string_lossy().into(), p))
        .collect();
    out.sort();
    out
}

fn rust_files(root: &Path, dir: &Path, out: &mut Sources) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("dir entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(root, &p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            let rel = p.strip_prefix(root).expect("under src");
            let rel: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into())
                .collect();
            let text = std::fs::read_to_string(&p).expect("readable");
            out.insert(rel.join("/"), text);
        }
    }
}

/// The `[package]` name and the `[dependencies]` (also `[target.….dependencies]`) that
/// have a `path`, as the directory names they point to, of one Cargo.toml.
fn manifest(text: &str) -> (String, BTreeSet<String>) {
    let mut name = String::new();
    let mut deps = BTreeSet::new();
    let mut section = String::new();
    let dir_of = |line: &str| -> Option<String> {
        let i = line.find("path")?;
        let rest = line[i + 4..].trim_start().strip_prefix('=')?.trim_start();
        let rest = rest.strip_prefix('"')?;
        let path = &rest[..rest.find('"')?];
        Path::new(path)
            .file_name()
            .map(|f| f.to_string_lossy().into())
    };
    for raw in text.lines() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.starts_with('[') {
            section = line.trim_matches(['[', ']']).trim().to_string();
            continue;
        }
        let is_deps = section == "dependencies"
            || (section.starts_with("target.") && section.ends_with(".dependencies"));
        let dep_table = section.strip_prefix("dependencies.").is_some()
            || (section.starts_with("target.") && section.contains(".dependencies."));
        if section == "package" && line.starts_with("name") {
            if let Some(v) = line.split('"').nth(1) {
                name = v.to_string();
            }
        } else if is_deps && line.contains('{') {
            if let Some(d) = dir_of(&line[line.find('{').expect("a table")..]) {
                deps.insert(d);
            }
        } else if dep_table && line.starts_with("path") {
            if let Some(d) = dir_of(line) {
                deps.insert(d);
            }
        }
    }
    (name, deps)
}

struct CrateGraph {
    name: String,
    graph: Graph,
}

fn crate_graphs() -> Vec<CrateGraph> {
    crate_dirs()
        .into_iter()
        .map(|(dir, path)| {
            let mut sources = Sources::new();
            let src = path.join("src");
            rust_files(&src, &src, &mut sources);
            let toml = std::fs::read_to_string(path.join("Cargo.toml")).expect("Cargo.toml");
            let (package, _) = manifest(&toml);
            let lib = if package.is_empty() {
                dir.clone()
            } else {
                package
            };
            CrateGraph {
                graph: file_graph(&sources, &lib.replace('-', "_")),
                name: dir,
            }
        })
        .collect()
}

#[test]
fn no_import_cycle_between_the_files_of_any_crate() {
    let graphs = crate_graphs();
    let names: Vec<&str> = graphs.iter().map(|c| c.name.as_str()).collect();
    for expected in ["app", "raster", "sim", "view"] {
        assert!(names.contains(&expected), "crates found: {names:?}");
    }
    let mut report = Vec::new();
    for c in &graphs {
        let edges: usize = c.graph.values().map(BTreeSet::len).sum();
        let found = cycles(&c.graph);
        println!(
            "{}: {} files, {} edges, {} cycles in {} groups of files",
            c.name,
            c.graph.len(),
            edges,
            found.len(),
            components(&c.graph).len()
        );
        // A parser that saw nothing would find no cycle.
        assert!(
            c.graph.len() < 2 || edges > 0,
            "{}: {} files and no edge",
            c.name,
            c.graph.len()
        );
        report.extend(found.into_iter().map(|cy| format!("{}: {cy}", c.name)));
    }
    assert!(
        report.is_empty(),
        "{} import cycles between files:\n{}",
        report.len(),
        report.join("\n")
    );
}

/// The top-level module graph of a file graph: each file's edges to files of other
/// top-level modules (`squad/agent.rs` is in `squad`, `frame.rs` in `frame`); the crate
/// roots (`lib.rs`, `main.rs`) are left out, as `tools/module_deps.py` leaves them.
fn module_graph(files: &Graph) -> Graph {
    let top = |f: &str| -> Option<String> {
        let first = f.split('/').next().unwrap_or(f);
        let m = first.trim_end_matches(".rs");
        (m != "lib" && m != "main").then(|| m.to_string())
    };
    let mut g = Graph::new();
    for (f, to) in files {
        let Some(a) = top(f) else {
            continue;
        };
        let entry = g.entry(a.clone()).or_default();
        for t in to {
            if let Some(b) = top(t).filter(|b| *b != a) {
                entry.insert(b);
            }
        }
    }
    g
}

#[test]
fn no_import_cycle_between_the_top_level_modules_of_any_crate() {
    let mut report = Vec::new();
    for c in crate_graphs() {
        let g = module_graph(&c.graph);
        report.extend(cycles(&g).into_iter().map(|cy| format!("{}: {cy}", c.name)));
    }
    assert!(report.is_empty(), "module cycles:\n{}", report.join("\n"));
    // Two files that form no cycle can still tie their modules in one.
    let fake: Graph = [
        ("a/x.rs", vec!["b/y.rs"]),
        ("b/z.rs", vec!["a/w.rs"]),
        ("a/w.rs", vec![]),
        ("b/y.rs", vec![]),
    ]
    .into_iter()
    .map(|(f, to)| (f.to_string(), to.into_iter().map(String::from).collect()))
    .collect();
    assert!(cycles(&fake).is_empty());
    assert_eq!(cycles(&module_graph(&fake)), ["a -> b -> a"]);
}

#[test]
fn crates_depend_on_each_other_in_one_direction() {
    let allowed: BTreeMap<&str, &[&str]> = BTreeMap::from([
        ("app", &["audio", "raster", "sim", "view"][..]),
        ("view", &["audio", "raster", "sim"][..]),
        ("sim", &[][..]),
        ("raster", &[][..]),
        ("audio", &[][..]),
    ]);
    let mut wrong = Vec::new();
    let mut found = Vec::new();
    for (dir, path) in crate_dirs() {
        let toml = std::fs::read_to_string(path.join("Cargo.toml")).expect("Cargo.toml");
        let (_, deps) = manifest(&toml);
        let ok = allowed.get(dir.as_str()).copied().unwrap_or(&[]);
        for d in deps {
            if !ok.contains(&d.as_str()) {
                wrong.push(format!("{dir} -> {d}"));
            }
            found.push(format!("{dir} -> {d}"));
        }
    }
    println!("crate dependencies: {}", found.join(", "));
    // A reader that saw nothing would pass: the view draws the simulation's world.
    assert!(
        found.iter().any(|e| e == "view -> sim"),
        "path dependencies found: {found:?}"
    );
    assert!(
        wrong.is_empty(),
        "crate dependencies outside app -> view, sim, raster, audio; view -> sim, raster, audio: {wrong:?}"
    );
}

// ---------------------------------------------------------------- the checks checked

/// The simulation's public surface (REQ §25 X5, X11): its read model, the loaders' and
/// recorders' modules, the scripted pilot and the root re-exports (`sim::Vec2`,
/// `sim::tick`, …). The compiler enforces it — the system modules are `pub(crate)` —
/// unless a crate opens the sim's test-only door, the `internals` feature; the checks
/// below see that no manifest but the sim's own does, and that the view and the app name
/// nothing else (the same list, read from their source, for a reader of this file).
const SIM_PUBLIC: &[&str] = &[
    "read",
    "tuning",
    "record",
    "content",
    "driver",
    "Vec2",
    "tick",
    "TickInput",
    "World",
    "ManualCommand",
];

/// `sim::…` paths of `files` whose first segment is not one of `SIM_PUBLIC`, as
/// `file: path`.
fn deep_sim_paths(files: &Sources) -> Vec<String> {
    let mut out = Vec::new();
    for (file, text) in files {
        let parsed = parse(text, &vec!["crate".to_string()]);
        for (_, path) in &parsed.paths {
            if path.first().map(String::as_str) != Some("sim") || path.len() < 2 {
                continue;
            }
            if !SIM_PUBLIC.contains(&path[1].as_str()) {
                out.push(format!("{file}: {}", path.join("::")));
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

#[test]
fn the_view_and_the_app_read_the_simulation_through_its_read_model() {
    let mut found = Vec::new();
    for krate in ["view", "app"] {
        let root = workspace().join("crates").join(krate);
        for dir in ["src", "tests", "benches", "examples"] {
            let d = root.join(dir);
            if !d.is_dir() {
                continue;
            }
            let mut files = Sources::new();
            rust_files(&d, &d, &mut files);
            for p in deep_sim_paths(&files) {
                found.push(format!("{krate}/{dir}/{p}"));
            }
        }
    }
    assert!(
        found.is_empty(),
        "deep paths into the simulation:\n{}",
        found.join("\n")
    );
    // The check sees a deep path, in a use group and written in code.
    let fake = sources(&[(
        "a.rs",
        "use sim::read::World;\nuse sim::{squad::agent::Role, tuning::Tuning};\nfn f() { sim::combat::bullet::fly(); sim::nav::astar::find_path(); sim::read::nav::find_path(); sim::Vec2::ZERO; }",
    )]);
    assert_eq!(
        deep_sim_paths(&fake),
        [
            "a.rs: sim::combat::bullet::fly",
            "a.rs: sim::nav::astar::find_path",
            "a.rs: sim::squad::agent::Role",
        ]
    );
}

/// Every `Cargo.toml` of the workspace's tree (the members, the root, `fuzz/` and any
/// other), as its path relative to the workspace; `target` and hidden folders skipped.
fn manifests(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("dir entry").path())
        .collect();
    entries.sort();
    for p in entries {
        let name = p.file_name().expect("name").to_string_lossy().to_string();
        if p.is_dir() {
            if name != "target" && !name.starts_with('.') {
                manifests(&p, out);
            }
        } else if name == "Cargo.toml" {
            out.push(p);
        }
    }
}

/// The lines of a manifest that name the sim's `internals` feature (comments left out):
/// a dependency's `features = ["internals"]`, a feature forwarding `"sim/internals"`.
fn names_internals(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| l.contains("internals"))
        .map(String::from)
        .collect()
}

#[test]
fn only_the_simulations_own_tests_open_its_internals() {
    let root = workspace();
    let mut found = Vec::new();
    manifests(&root, &mut found);
    let rel = |p: &Path| -> String {
        p.strip_prefix(&root)
            .unwrap_or(p)
            .to_string_lossy()
            .replace('\\', "/")
    };
    let names: Vec<String> = found.iter().map(|p| rel(p)).collect();
    for expected in [
        "Cargo.toml",
        "crates/app/Cargo.toml",
        "crates/sim/Cargo.toml",
    ] {
        assert!(
            names.iter().any(|n| n == expected),
            "manifests found: {names:?}"
        );
    }
    let mut wrong = Vec::new();
    for p in &found {
        let name = rel(p);
        let text = std::fs::read_to_string(p).expect("Cargo.toml");
        if name == "crates/sim/Cargo.toml" {
            // The door is declared, off by default, and opened by the self
            // dev-dependency alone.
            let mut section = String::new();
            for raw in text.lines() {
                let line = raw.split('#').next().unwrap_or("").trim();
                if line.starts_with('[') {
                    section = line.trim_matches(['[', ']']).trim().to_string();
                    continue;
                }
                if !line.contains("internals") {
                    continue;
                }
                let ok = (section == "features" && line.starts_with("internals"))
                    || (section == "dev-dependencies" && line.starts_with("sim "));
                if !ok || line.starts_with("default") {
                    wrong.push(format!("{name} [{section}]: {line}"));
                }
            }
            assert!(
                text.contains("internals = []"),
                "{name} declares the internals feature"
            );
        } else {
            wrong.extend(
                names_internals(&text)
                    .into_iter()
                    .map(|l| format!("{name}: {l}")),
            );
        }
    }
    assert!(
        wrong.is_empty(),
        "the sim's internals opened outside its own tests:\n{}",
        wrong.join("\n")
    );
    // The check sees a dependency's features and a forwarded feature, not a comment.
    assert_eq!(
        names_internals(
            "[dependencies]\nsim = { path = \"../sim\", features = [\"internals\"] }\n\
             # internals are the sim's\n[features]\nall = [\"sim/internals\"]\n"
        ),
        [
            "sim = { path = \"../sim\", features = [\"internals\"] }",
            "all = [\"sim/internals\"]",
        ]
    );
}

fn sources(files: &[(&str, &str)]) -> Sources {
    files
        .iter()
        .map(|(f, t)| (f.to_string(), t.to_string()))
        .collect()
}

fn edges(g: &Graph) -> Vec<String> {
    g.iter()
        .flat_map(|(f, to)| to.iter().map(move |t| format!("{f} -> {t}")))
        .collect()
}

#[test]
fn the_file_graph_finds_a_cycle_in_a_fake_crate() {
    let g = file_graph(
        &sources(&[
            ("lib.rs", "pub mod a;\npub mod b;\n"),
            ("a/mod.rs", "pub mod deep;\nuse crate::b::B;\npub struct A;"),
            ("a/deep.rs", "pub struct D;"),
            ("b.rs", "pub struct B;\npub fn f(_: &crate::a::deep::D) {}"),
        ]),
        "fake",
    );
    assert_eq!(edges(&g), ["a/mod.rs -> b.rs", "b.rs -> a/deep.rs"]);
    assert_eq!(cycles(&g), Vec::<String>::new());
    // a/deep.rs now uses b.rs: a cycle through the deepest files.
    let g = file_graph(
        &sources(&[
            ("lib.rs", "pub mod a;\npub mod b;\n"),
            ("a/mod.rs", "pub mod deep;\nuse crate::b::B;\npub struct A;"),
            ("a/deep.rs", "pub struct D(super::super::b::B);"),
            ("b.rs", "pub struct B;\npub fn f(_: &crate::a::deep::D) {}"),
        ]),
        "fake",
    );
    assert_eq!(cycles(&g), ["a/deep.rs -> b.rs -> a/deep.rs"]);
}

#[test]
fn the_cycle_finder_reports_each_cycle_as_a_path() {
    let mut g = Graph::new();
    for (a, b) in [
        ("c.rs", "a.rs"),
        ("a.rs", "b.rs"),
        ("b.rs", "c.rs"),
        ("b.rs", "a.rs"),
        ("c.rs", "d.rs"),
        ("e.rs", "f.rs"),
        ("f.rs", "e.rs"),
    ] {
        g.entry(a.to_string()).or_default().insert(b.to_string());
        g.entry(b.to_string()).or_default();
    }
    assert_eq!(
        components(&g),
        [vec!["a.rs", "b.rs", "c.rs"], vec!["e.rs", "f.rs"]]
    );
    assert_eq!(
        cycles(&g),
        [
            "a.rs -> b.rs -> a.rs",
            "a.rs -> b.rs -> c.rs -> a.rs",
            "e.rs -> f.rs -> e.rs"
        ]
    );
    g.get_mut("c.rs").expect("c").remove("a.rs");
    g.get_mut("f.rs").expect("f").clear();
    assert_eq!(cycles(&g), ["a.rs -> b.rs -> a.rs"]);
    g.get_mut("b.rs").expect("b").remove("a.rs");
    assert!(cycles(&g).is_empty());
}

#[test]
fn what_is_an_edge_and_what_is_not() {
    let g = file_graph(
        &sources(&[
            (
                "lib.rs",
                "mod scene;\nmod bodies;\npub mod squad;\npub use scene::Seen;\n\
                 pub struct Effects;",
            ),
            // `use super::*` in an inline test module is the file itself; `mod x;` is no
            // edge; comments and strings name nothing.
            (
                "scene.rs",
                "pub struct Seen;\n// use crate::bodies::X;\n/* crate::squad::Squad /* nested */ \
                 crate::bodies */\nconst S: &str = \"crate::bodies::draw\";\n\
                 const R: &str = r#\"crate::squad\"#;\nconst C: char = '\"';\n\
                 fn f<'a>(x: &'a str) -> &'a str { x }\n\
                 #[cfg(test)]\nmod tests {\n    use super::*;\n    #[test]\n    fn t() { let _ = Seen; }\n}\n",
            ),
            // A group: each branch resolved, `self` the group's module; `crate::Effects`
            // is lib.rs; a deep path is its deepest file.
            (
                "bodies.rs",
                "use crate::{squad::{self, agent::Agent}, Effects};\n\
                 fn g() { let _ = squad::blades::melee::Phase::A; }",
            ),
            ("squad/mod.rs", "pub mod agent;\npub mod blades;\npub struct Squad;"),
            ("squad/agent.rs", "pub struct Agent;\nuse self::inner::X;\nmod inner { pub struct X; }"),
            ("squad/blades/mod.rs", "pub mod melee;\npub use melee::Phase;"),
            (
                "squad/blades/melee.rs",
                "pub enum Phase { A }\nfn h(_: super::super::agent::Agent) {}\n\
                 pub(in crate::squad) fn k() {}\n\
                 mod tests { use super::super::Phase as P; fn t(_: super::Phase) {} }",
            ),
            ("main.rs", "use fake::squad::Squad;\nfn main() { let _ = crate::x(); }"),
        ]),
        "fake",
    );
    assert_eq!(
        edges(&g),
        [
            "bodies.rs -> lib.rs",
            "bodies.rs -> squad/agent.rs",
            "bodies.rs -> squad/blades/melee.rs",
            "bodies.rs -> squad/mod.rs",
            "lib.rs -> scene.rs",
            "main.rs -> squad/mod.rs",
            "squad/blades/melee.rs -> squad/agent.rs",
            "squad/blades/melee.rs -> squad/blades/mod.rs",
            "squad/blades/mod.rs -> squad/blades/melee.rs",
        ]
    );
    assert_eq!(
        cycles(&g),
        ["squad/blades/melee.rs -> squad/blades/mod.rs -> squad/blades/melee.rs"]
    );
}

#[test]
fn a_glob_and_a_module_alias_lead_to_the_deepest_file() {
    let g = file_graph(
        &sources(&[
            ("lib.rs", "pub mod a;\npub mod b;"),
            ("a/mod.rs", "pub mod x;\npub mod y;"),
            ("a/x.rs", "pub struct X;"),
            ("a/y.rs", "use crate::a as top;\nfn f(_: top::x::X) {}"),
            (
                "b.rs",
                "use crate::a::*;\nfn f(_: y::Y, _: ::other::Z, _: std::fmt::Error) {}",
            ),
        ]),
        "fake",
    );
    assert_eq!(
        edges(&g),
        [
            "a/y.rs -> a/mod.rs",
            "a/y.rs -> a/x.rs",
            "b.rs -> a/mod.rs",
            "b.rs -> a/y.rs",
        ]
    );
}

#[test]
fn the_manifest_reader_sees_path_dependencies_only() {
    let (name, deps) = manifest(
        "[package]\nname = \"app\"\n\n[dependencies]\nsim = { path = \"../sim\" }\n\
         clap = { version = \"4\" }\nview = { version = \"0.1\", path = \"../view\" } # x\n\n\
         [dependencies.raster]\npath = \"../raster\"\n\n[dev-dependencies]\n\
         tool = { path = \"../tool\" }\n",
    );
    assert_eq!(name, "app");
    assert_eq!(
        deps,
        BTreeSet::from(["raster".into(), "sim".into(), "view".into()])
    );
}
