//! The tuning file as text (REQ Q2, §25): one TOML file that several readers share. The
//! simulation reads its behaviour sections ([`crate::tuning::Tuning`]); the view and the
//! app read their render-only sections from the same text with [`section_from_toml`].
//! Every reader's errors name `file:line:col`: syntax and type errors where the parser
//! stopped, unknown keys where they stand, range errors ([`Validator`]) on the key's line.

use serde::de::{self, DeserializeOwned, DeserializeSeed, IgnoredAny, IntoDeserializer, MapAccess};
use serde::{Deserialize, Serialize};

use crate::tuning::validator::Validator;

/// A tuning file that could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TuningError {
    pub message: String,
}

impl std::fmt::Display for TuningError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for TuningError {}

/// Reads `T` from the whole text with `read`, then range-checks it with `check`; both
/// kinds of error name the file, line and column.
pub(crate) fn parse_toml<T>(
    file: &str,
    text: &str,
    read: impl FnOnce(toml::Deserializer<'_>) -> Result<T, toml::de::Error>,
    check: impl FnOnce(&T, &mut Validator),
) -> Result<T, TuningError> {
    // `file:line:col:` where the fault is at a place, `file:` where it is not.
    let at = |pos: Option<(usize, usize)>| match pos {
        Some((line, col)) => format!("{file}:{line}:{col}"),
        None => file.to_string(),
    };
    let value = read(toml::Deserializer::new(text)).map_err(|e| {
        let key = e
            .span()
            .and_then(|s| key_at(text, s.start))
            .map(|k| format!("`{k}`: "))
            .unwrap_or_default();
        TuningError {
            message: format!(
                "{}: {key}{}",
                at(e.span().map(|s| line_col(text, s.start))),
                e.message().trim()
            ),
        }
    })?;
    let mut v = Validator::default();
    check(&value, &mut v);
    v.finish().map_err(|(key, expected)| TuningError {
        message: format!(
            "{}: `{key}`: expected {expected}",
            at(locate_key(text, &key))
        ),
    })?;
    Ok(value)
}

/// The dotted key (`section.key`) whose value stands at byte `at`, when that line is a
/// `key = value` line: a type error (a negative magazine, a word for a number) names
/// the key as a range error does.
fn key_at(text: &str, at: usize) -> Option<String> {
    let start = text[..at.min(text.len())].rfind('\n').map_or(0, |p| p + 1);
    let line = text[start..].lines().next()?;
    let (key, _) = line.split_once('=')?;
    let key = key.trim();
    if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    let section = text[..start].lines().rev().find_map(|l| {
        let l = l.trim();
        (l.starts_with('[') && l.ends_with(']')).then(|| l.trim_matches(['[', ']']).trim())
    });
    Some(match section {
        Some(s) => format!("{s}.{key}"),
        None => key.to_string(),
    })
}

/// A reader's own sections of a tuning file: `T` is a struct of the sections it owns
/// (with defaults, and `deny_unknown_fields` inside each section); the other top-level
/// sections are the simulation's and are not looked at here (the simulation refuses
/// sections nobody owns).
pub fn section_from_toml<T: DeserializeOwned>(
    file: &str,
    text: &str,
    check: impl FnOnce(&T, &mut Validator),
) -> Result<T, TuningError> {
    parse_toml(file, text, |d| T::deserialize(d), check)
}

/// `T` from the top-level table of `d`, without the sections named in `others`: their
/// keys and values are skipped, every other key goes to `T` (whose
/// `deny_unknown_fields` refuses the ones it does not know, at their position).
pub(crate) fn skipping<'de, T, D>(d: D, others: &[&str]) -> Result<T, D::Error>
where
    T: Deserialize<'de>,
    D: de::Deserializer<'de>,
{
    struct Top<'a, T>(&'a [&'a str], std::marker::PhantomData<T>);
    impl<'de, T: Deserialize<'de>> de::Visitor<'de> for Top<'_, T> {
        type Value = T;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a table of sections")
        }
        fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
            T::deserialize(de::value::MapAccessDeserializer::new(Skip {
                inner: map,
                others: self.0,
            }))
        }
    }
    d.deserialize_map(Top(others, std::marker::PhantomData))
}

/// A map without the keys in `others` (and their values).
struct Skip<'a, A> {
    inner: A,
    others: &'a [&'a str],
}

/// Reads one key: a skipped one gives the seed back, any other goes to the seed inside
/// the parser's own key access (so an error on it carries the key's position).
struct KeyOrSkip<'a, K> {
    seed: K,
    others: &'a [&'a str],
}

impl<'de, K: DeserializeSeed<'de>> DeserializeSeed<'de> for KeyOrSkip<'_, K> {
    type Value = Result<K::Value, K>;
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        let key = String::deserialize(d)?;
        if self.others.contains(&key.as_str()) {
            return Ok(Err(self.seed));
        }
        let others = self.others;
        self.seed
            .deserialize(key.into_deserializer())
            .map(Ok)
            .map_err(|e: D::Error| {
                if others.is_empty() {
                    return e;
                }
                let names: Vec<String> = others.iter().map(|o| format!("`{o}`")).collect();
                de::Error::custom(format!(
                    "{}, or {}",
                    e.to_string().trim_end(),
                    names.join(", ")
                ))
            })
    }
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for Skip<'_, A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        let mut seed = seed;
        loop {
            let others = self.others;
            match self.inner.next_key_seed(KeyOrSkip { seed, others })? {
                None => return Ok(None),
                Some(Ok(key)) => return Ok(Some(key)),
                Some(Err(back)) => {
                    self.inner.next_value::<IgnoredAny>()?;
                    seed = back;
                }
            }
        }
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, A::Error> {
        self.inner.next_value_seed(seed)
    }
}

/// A value as TOML text, floats in their shortest `f32` spelling (f32 fields widen to
/// f64 on the way out: 0.28 would print as 0.2800000011920929).
pub fn to_toml_text<T: Serialize>(value: &T) -> String {
    fn tidy(v: &mut toml::Value) {
        match v {
            toml::Value::Float(f) => {
                if let Ok(x) = format!("{}", *f as f32).parse::<f64>() {
                    *f = x;
                }
            }
            toml::Value::Table(t) => t.iter_mut().for_each(|(_, v)| tidy(v)),
            toml::Value::Array(a) => a.iter_mut().for_each(tidy),
            _ => {}
        }
    }
    let mut value = match toml::Value::try_from(value) {
        Ok(v) => v,
        Err(_) => return String::new(),
    };
    tidy(&mut value);
    toml::to_string(&value).unwrap_or_default()
}

/// 1-based line and column of byte `offset` in `text`.
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// Finds `key = ...` of dotted `section.key` in TOML text (best effort, for messages):
/// `[section]` then `key = `, or a dotted `section.key = ` anywhere; comments ignored.
fn locate_key(text: &str, dotted: &str) -> Option<(usize, usize)> {
    // `horror.vignette[1]` is reported on the line of `vignette = [..]`.
    let dotted = dotted.split('[').next().unwrap_or(dotted);
    let (section, key) = dotted.rsplit_once('.')?;
    let mut in_section = false;
    for (i, line) in text.lines().enumerate() {
        let t = line.split('#').next().unwrap_or("").trim();
        if t.starts_with('[') {
            in_section = t.trim_matches(|c| c == '[' || c == ']').trim() == section;
            continue;
        }
        let Some((k, _)) = t.split_once('=') else {
            continue;
        };
        let k = k.trim();
        let dotted_here = k.split('.').map(str::trim).collect::<Vec<_>>().join(".");
        if (in_section && k == key) || dotted_here == dotted {
            let col = line.find(k.split('.').next().unwrap_or(k)).unwrap_or(0) + 1;
            return Some((i + 1, col));
        }
    }
    None
}
