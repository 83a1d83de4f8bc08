//! The repository stands alone (REQ X12): every requirement it cites resolves in its own
//! requirements document, `docs/requirements.md`, and no file points outside it.
//!
//! The document defines the sections (`## §N …` headings, §1–§31) and the ids (bullets
//! starting with the id in bold, `- **S3.3** …`). Every text file of the repository is
//! searched for citations:
//!
//! - `§N` anywhere (`REQ §17`, `§26's goals`): section N must exist;
//! - `REQ <ID>`, any upper-case prefix: the id must be defined;
//! - a bare token of the id grammar — a prefix (`AU`, `ED`, `S`, `M`, `E`, `R`, `H`, `Q`,
//!   `A`, `P`, `T`, `C`, `X`, `G`, `K`, `W`, `V`, `D`), digits, at most one `.digits`,
//!   with no letter, digit or `_` on either side (so `F1`, `U8`, `0xE5`, `p4_post_ms` are
//!   not ids): the id must be defined.
//!
//! In Rust sources only comments and string literals are read: identifiers such as the
//! criteria's struct names are code, not citations. An `X` token followed by a `Y`
//! token (`X1 Y1`) or after `area ` is a coordinate of the scenario format.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The sections the document must have, in order.
const SECTIONS: u32 = 31;

/// The id grammar's prefixes; two-letter ones first, so `AU5` is not read as `A`.
const PREFIXES: &[&str] = &[
    "AU", "ED", "S", "M", "E", "R", "H", "Q", "A", "P", "T", "C", "X", "G", "K", "W", "V", "D",
];

/// Tokens the grammar matches that are not requirement ids: (file, token, text on the
/// same line); an empty file or text matches any.
const NOT_IDS: &[(&str, &str, &str)] = &[
    // The X Window System, named beside Wayland (README, the window's no-display error).
    ("", "X11", "Wayland"),
    // The HUD's short names of the agents ("G1–G3 gunners …, B1–B2 blades").
    ("docs/shell.md", "G1", "gunners"),
    ("docs/shell.md", "G3", "gunners"),
    // `accept::unmeasured`'s test asks for an id no criterion has, on purpose.
    ("crates/app/src/accept/mod.rs", "A99", ""),
];

/// Where citations are looked for, from the repository's root.
const ROOTS: &[&str] = &[
    "crates",
    "docs",
    "README.md",
    "ARCHITECTURE.md",
    ".ci",
    "tools",
    "fuzz",
    "scenarios",
];

/// File kinds read for citations (and every file under `.ci/`).
const EXTENSIONS: &[&str] = &["rs", "md", "toml", "scn", "map", "py"];

/// This file is not searched: it spells out the exceptions' tokens above, and its
/// extractor is checked on inline text by its own test instead.
const THIS_FILE: &str = "crates/app/tests/requirements.rs";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// What the requirements document defines.
#[derive(Debug, Default)]
struct Defs {
    sections: Vec<u32>,
    ids: BTreeSet<String>,
    duplicates: Vec<String>,
}

fn parse_requirements(text: &str) -> Defs {
    let mut defs = Defs::default();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("## §") {
            let n: String = rest.chars().take_while(char::is_ascii_digit).collect();
            if let Ok(n) = n.parse() {
                defs.sections.push(n);
            }
        } else if let Some(rest) = line.strip_prefix("- **") {
            if let Some(end) = rest.find("**") {
                let id = rest[..end].to_string();
                if !defs.ids.insert(id.clone()) {
                    defs.duplicates.push(id);
                }
            }
        }
    }
    defs
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// A Rust source with everything but its comments and string literals blanked (lines
/// kept), so only prose is searched.
fn rust_prose(src: &str) -> String {
    let c: Vec<char> = src.chars().collect();
    let mut out = String::with_capacity(src.len());
    let blank = |out: &mut String, ch: char| out.push(if ch == '\n' { '\n' } else { ' ' });
    let mut i = 0;
    while i < c.len() {
        let ch = c[i];
        let next = c.get(i + 1).copied();
        if ch == '/' && next == Some('/') {
            while i < c.len() && c[i] != '\n' {
                out.push(c[i]);
                i += 1;
            }
        } else if ch == '/' && next == Some('*') {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(c[i]);
                    i += 1;
                }
            }
        } else if ch == '"' {
            blank(&mut out, ch);
            i += 1;
            while i < c.len() && c[i] != '"' {
                if c[i] == '\\' {
                    blank(&mut out, c[i]);
                    i += 1;
                    if i < c.len() {
                        blank(&mut out, c[i]);
                        i += 1;
                    }
                } else {
                    out.push(c[i]);
                    i += 1;
                }
            }
            if i < c.len() {
                blank(&mut out, c[i]);
                i += 1;
            }
        } else if ch == 'r' && raw_string_start(&c, i).is_some() {
            let hashes = raw_string_start(&c, i).unwrap_or(0);
            for _ in 0..hashes + 2 {
                blank(&mut out, c[i]);
                i += 1;
            }
            while i < c.len() {
                let closes = c[i] == '"' && (1..=hashes).all(|k| c.get(i + k) == Some(&'#'));
                if closes {
                    for _ in 0..hashes + 1 {
                        blank(&mut out, c[i]);
                        i += 1;
                    }
                    break;
                }
                out.push(c[i]);
                i += 1;
            }
        } else if ch == '\'' {
            // A char literal ('x', '\n', '\'') is code; a lifetime is one quote.
            let len = if next == Some('\\') {
                let close = (i + 3..c.len()).find(|&k| c[k] == '\'');
                close.map_or(1, |k| k - i + 1)
            } else if c.get(i + 2) == Some(&'\'') {
                3
            } else {
                1
            };
            for _ in 0..len {
                blank(&mut out, c[i]);
                i += 1;
            }
        } else {
            blank(&mut out, ch);
            i += 1;
        }
    }
    out
}

/// At `r` starting a raw string (`r"`, `r#"`, `br"`), the number of its `#`s.
fn raw_string_start(c: &[char], i: usize) -> Option<usize> {
    let before = |k: usize| k.checked_sub(1).map(|k| c[k]);
    let free = |k: usize| before(k).is_none_or(|p| !is_ident(p));
    let prefix_ok = free(i) || (before(i) == Some('b') && free(i - 1));
    if !prefix_ok {
        return None;
    }
    let hashes = c[i + 1..].iter().take_while(|&&h| h == '#').count();
    (c.get(i + 1 + hashes) == Some(&'"')).then_some(hashes)
}

/// The id at byte `at` of `line` if one starts there: a prefix from `prefixes` (any
/// one to three upper-case letters when `None`), one or two digits (no id numbers more:
/// `E0603` is a compiler's error code), at most one `.digits`, not followed by a
/// letter, digit or `_`. Returns the id and its end.
fn id_at(line: &str, at: usize, prefixes: Option<&[&str]>) -> Option<(String, usize)> {
    let rest = &line[at..];
    let prefix_len = match prefixes {
        Some(list) => list
            .iter()
            .find(|p| {
                rest.starts_with(**p) && rest[p.len()..].starts_with(|d: char| d.is_ascii_digit())
            })?
            .len(),
        None => {
            let n = rest.chars().take_while(char::is_ascii_uppercase).count();
            if !(1..=3).contains(&n) {
                return None;
            }
            n
        }
    };
    let digits = |s: &str| s.chars().take_while(char::is_ascii_digit).count();
    let mut end = prefix_len + digits(&rest[prefix_len..]);
    if end == prefix_len || end - prefix_len > 2 {
        return None;
    }
    if rest[end..].starts_with('.') {
        let more = digits(&rest[end + 1..]);
        if more > 0 {
            end += 1 + more;
        }
    }
    if rest[end..].starts_with(is_ident) {
        return None;
    }
    Some((rest[..end].to_string(), at + end))
}

/// Whether the `X` token at `start..end` of `line` is a coordinate of the scenario
/// format (`area NAME X1 Y1 X2 Y2`, `"area X1"`).
fn is_coordinate(line: &str, start: usize, end: usize, id: &str) -> bool {
    if !id.starts_with('X') {
        return false;
    }
    let after = &line[end..];
    let y_follows = after.starts_with(" Y") && after[2..].starts_with(|d: char| d.is_ascii_digit());
    y_follows || line[..start].ends_with("area ")
}

fn not_an_id(path: &str, line: &str, id: &str) -> bool {
    NOT_IDS.iter().any(|&(file, token, context)| {
        token == id && path.ends_with(file) && line.contains(context)
    })
}

/// Every citation in `text` (already reduced to prose), as (line, cited), where a
/// section is `§N` and an id is itself.
fn citations(path: &str, text: &str) -> BTreeSet<(usize, String)> {
    let mut found = BTreeSet::new();
    for (n, line) in text.lines().enumerate() {
        let line_no = n + 1;
        let mut prev: Option<char> = None;
        for (at, ch) in line.char_indices() {
            let boundary = prev.is_none_or(|p| !is_ident(p));
            prev = Some(ch);
            if ch == '§' {
                let rest = &line[at + ch.len_utf8()..];
                let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
                if !digits.is_empty() {
                    found.insert((line_no, format!("§{}", digits.trim_start_matches('0'))));
                }
                continue;
            }
            if !boundary || !ch.is_ascii_uppercase() {
                continue;
            }
            if line[at..].starts_with("REQ") && !line[at + 3..].starts_with(is_ident) {
                let gap = line[at + 3..].len() - line[at + 3..].trim_start().len();
                if gap > 0 {
                    if let Some((id, _)) = id_at(line, at + 3 + gap, None) {
                        if !not_an_id(path, line, &id) {
                            found.insert((line_no, id));
                        }
                    }
                }
                continue;
            }
            if let Some((id, end)) = id_at(line, at, Some(PREFIXES)) {
                if !is_coordinate(line, at, end, &id) && !not_an_id(path, line, &id) {
                    found.insert((line_no, id));
                }
            }
        }
    }
    found
}

/// The citations of one file that `defs` does not resolve, as `path:line: ID`.
fn unresolved(defs: &Defs, path: &str, text: &str) -> Vec<String> {
    let prose = if path.ends_with(".rs") {
        rust_prose(text)
    } else {
        text.to_string()
    };
    citations(path, &prose)
        .into_iter()
        .filter(|(_, cited)| match cited.strip_prefix('§') {
            Some(n) => !n.parse().is_ok_and(|n: u32| defs.sections.contains(&n)),
            None => !defs.ids.contains(cited),
        })
        .map(|(line, cited)| format!("{path}:{line}: {cited}"))
        .collect()
}

fn walk(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_file() {
        out.push(path.to_path_buf());
        return;
    }
    let Ok(entries) = fs::read_dir(path) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        let skip = p.is_dir()
            && (p.file_name().is_some_and(|n| n == "target" || n == ".git")
                || p.ends_with("docs/img"));
        if !skip {
            walk(&p, out);
        }
    }
}

fn relative(p: &Path) -> String {
    let root = root();
    p.strip_prefix(&root)
        .unwrap_or(p)
        .to_string_lossy()
        .replace('\\', "/")
}

fn requirements() -> Defs {
    let path = root().join("docs/requirements.md");
    let text =
        fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    parse_requirements(&text)
}

#[test]
fn the_requirements_have_every_section_and_well_formed_ids() {
    let defs = requirements();
    let want: Vec<u32> = (1..=SECTIONS).collect();
    assert_eq!(
        defs.sections, want,
        "docs/requirements.md: sections §1–§31 in order"
    );
    assert!(
        defs.duplicates.is_empty(),
        "ids defined twice: {:?}",
        defs.duplicates
    );
    assert!(defs.ids.len() > 100, "only {} ids defined", defs.ids.len());
    let odd: Vec<&String> = defs
        .ids
        .iter()
        .filter(|id| id_at(id, 0, Some(PREFIXES)).is_none_or(|(_, end)| end != id.len()))
        .collect();
    assert!(
        odd.is_empty(),
        "defined ids outside the id grammar: {odd:?}"
    );
}

#[test]
fn every_citation_in_the_repository_resolves() {
    let defs = requirements();
    let root = root();
    let mut files = Vec::new();
    for r in ROOTS {
        walk(&root.join(r), &mut files);
    }
    let mut bad = Vec::new();
    let mut read = 0;
    for f in &files {
        let rel = relative(f);
        let ext = f.extension().and_then(|e| e.to_str()).unwrap_or("");
        if rel == THIS_FILE || !(EXTENSIONS.contains(&ext) || rel.starts_with(".ci/")) {
            continue;
        }
        let Ok(bytes) = fs::read(f) else {
            continue;
        };
        read += 1;
        bad.extend(unresolved(&defs, &rel, &String::from_utf8_lossy(&bytes)));
    }
    assert!(
        read > 100,
        "only {read} files read under {}",
        root.display()
    );
    assert!(
        bad.is_empty(),
        "{} citations do not resolve in docs/requirements.md:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

#[test]
fn no_file_points_outside_the_repository() {
    // The needles are put together so that this file does not contain them.
    let needles = [concat!("shared", "/SPEC"), concat!("..", "/shared/")];
    let root = root();
    let mut files = Vec::new();
    walk(&root, &mut files);
    let mut bad = Vec::new();
    for f in &files {
        let Ok(bytes) = fs::read(f) else {
            continue;
        };
        for needle in needles {
            let n = needle.as_bytes();
            if bytes.windows(n.len()).any(|w| w == n) {
                bad.push(format!("{}: {needle}", relative(f)));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "files referring outside the repository:\n{}",
        bad.join("\n")
    );
}

#[test]
fn the_extractor_reports_what_is_not_defined_and_nothing_else() {
    let defs = parse_requirements(
        "# R\n\n## §1 One\n\n- **A1** a\n- **S9.5** b\n\n## §21 Sound\n\n- **AU5** c\n",
    );
    assert_eq!(defs.sections, vec![1, 21]);
    assert_eq!(defs.ids.len(), 3);
    // The undefined ids are built at run time, so this file itself cites none of them.
    let text = format!(
        "//! REQ {z}9 and REQ §{n}; REQ §1, REQ §21 AU5, A1, S9.5's and {a}99.\n\
         // Keys F1, F5, F12; U8 lanes; 0x{e}5; area NAME X1 Y1 X2 Y2; X11 or Wayland; {e}0603.\n\
         pub struct {e}73; // code is not read\n\
         fn f() -> &'static str {{ let _c = '\"'; \"{a}1, {m}7.{n}\" }}\n\
         /* block {a}12 */ const R: &str = r#\"raw {x}4\"#;\n",
        z = 'Z',
        n = 40,
        a = 'A',
        e = 'E',
        m = 'M',
        x = 'X',
    );
    let got = unresolved(&defs, "inline.rs", &text);
    let want = [
        "inline.rs:1: A99",
        "inline.rs:1: Z9",
        "inline.rs:1: §40",
        "inline.rs:4: M7.40",
        "inline.rs:5: A12",
        "inline.rs:5: X4",
    ];
    assert_eq!(got, want, "{text}");
    // Outside Rust the whole text is read: the struct's name is then a citation.
    let md = unresolved(&defs, "inline.md", &format!("See {e}73 and A1.\n", e = 'E'));
    assert_eq!(md, ["inline.md:1: E73"]);
}
