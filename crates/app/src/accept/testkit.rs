//! Test support: recordings of the embedded scenarios (each recorded once per test
//! binary) and helpers to break one property in a copy.

use std::collections::BTreeMap;
use std::sync::{Mutex, OnceLock};

use sim::read::{Event, EventKind};

use super::criterion::{Criterion, Outcome, Verdict};
use super::record::{record, Recording};
use crate::setup;

/// The recording of an embedded scenario (with its repeat run), shared by the tests.
pub fn embedded(name: &str) -> &'static Recording {
    static CACHE: OnceLock<Mutex<BTreeMap<String, &'static Recording>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(BTreeMap::new()));
    let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(r) = map.get(name) {
        return r;
    }
    let s = setup::load(None, name, None, None, None).unwrap_or_else(|e| panic!("{e}"));
    let r: &'static Recording = Box::leak(Box::new(record(&s, true)));
    map.insert(name.to_string(), r);
    r
}

/// A recording of an embedded scenario whose world `fault` breaks after each tick (see
/// [`super::record::record_broken`]); `repeat_fault` gives it a second, differently broken
/// run.
pub fn broken(
    name: &str,
    fault: impl FnMut(&mut sim::read::World),
    repeat_fault: Option<&mut dyn FnMut(&mut sim::read::World)>,
) -> Recording {
    let s = setup::load(None, name, None, None, None).unwrap_or_else(|e| panic!("{e}"));
    super::record::record_broken(&s, fault, repeat_fault)
}

/// A copy of an embedded recording to break.
pub fn copy(name: &str) -> Recording {
    embedded(name).clone()
}

pub fn judge(c: &dyn Criterion, r: &Recording) -> Outcome {
    c.judge(&[r])
}

#[track_caller]
pub fn assert_pass(c: &dyn Criterion, r: &Recording) {
    let o = judge(c, r);
    assert_eq!(
        o.verdict,
        Verdict::Pass,
        "{} on {}: {}",
        c.id(),
        r.name,
        o.measured
    );
}

#[track_caller]
pub fn assert_fail(c: &dyn Criterion, r: &Recording) -> String {
    let o = judge(c, r);
    assert_eq!(
        o.verdict,
        Verdict::Fail,
        "{} on {}: {}",
        c.id(),
        r.name,
        o.measured
    );
    o.measured
}

#[track_caller]
pub fn assert_na(c: &dyn Criterion, r: &Recording) -> String {
    let o = judge(c, r);
    assert_eq!(
        o.verdict,
        Verdict::NotApplicable,
        "{} on {}: {}",
        c.id(),
        r.name,
        o.measured
    );
    o.measured
}

/// Appends an event to frame `k`.
pub fn push_event(r: &mut Recording, k: usize, kind: EventKind) {
    let tick = r.frames[k].tick.saturating_sub(1);
    r.frames[k].events.push(Event { tick, kind });
}

/// Removes every event matching `f`; returns how many went.
pub fn drop_events(r: &mut Recording, f: impl Fn(&EventKind) -> bool) -> usize {
    let mut n = 0;
    for fr in &mut r.frames {
        let before = fr.events.len();
        fr.events.retain(|e| !f(&e.kind));
        n += before - fr.events.len();
    }
    n
}

/// The first frame with an event matching `f`.
pub fn first_frame(r: &Recording, f: impl Fn(&EventKind) -> bool) -> Option<usize> {
    r.frames
        .iter()
        .position(|fr| fr.events.iter().any(|e| f(&e.kind)))
}
