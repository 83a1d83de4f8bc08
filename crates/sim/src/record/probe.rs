//! Entry points for the fuzzers (`fuzz/`) and the no-panic property tests
//! (`tests/fuzz_files.rs`): each feeds arbitrary bytes to one loader — and, where the
//! input is accepted, runs the world it describes for a few ticks — and must return
//! without panicking whatever the bytes. The `*_body` variants seal the bytes in a valid
//! envelope first, so the decoder and the state checks behind the integrity hash are
//! reached too.

use std::sync::Arc;

use crate::content;
use crate::record::container::{seal, REPLAY, SAVE};
use crate::record::replay::Player;
use crate::record::{Replay, Save};
use crate::script::scenario::Scenario;
use crate::space::map::Map;
use crate::tuning::Tuning;
use crate::world::{tick, TickInput, World};

/// Ticks a probe simulates at most from an accepted input.
pub const PROBE_TICKS: u64 = 120;

fn text(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}

fn run(w: &mut World, n: u64) {
    for _ in 0..n {
        tick(w, &TickInput::default());
    }
}

/// A map file; accepted maps are played with the combat route's scenario when it fits.
pub fn map(data: &[u8]) {
    let Ok(map) = Map::parse("fuzz.map", &text(data)) else {
        return;
    };
    let sc = Scenario::default();
    if sc.check_against(&map, 5).is_ok() {
        run(&mut World::new(Arc::new(map), &sc, Tuning::default()), 40);
    }
}

/// A scenario file, checked against the default map and played.
pub fn scenario(data: &[u8]) {
    let Ok(sc) = Scenario::parse("fuzz.scn", &text(data)) else {
        return;
    };
    let Ok(map) = Map::parse("default.map", content::DEFAULT_MAP) else {
        return;
    };
    if sc.check_against(&map, 5).is_ok() {
        run(&mut World::new(Arc::new(map), &sc, Tuning::default()), 40);
    }
}

/// A tuning file; an accepted tuning drives the default scenario.
pub fn tuning(data: &[u8]) {
    let Ok(t) = Tuning::from_toml("fuzz.toml", &text(data)) else {
        return;
    };
    let (Ok(map), sc) = (
        Map::parse("default.map", content::DEFAULT_MAP),
        Scenario::default(),
    ) else {
        return;
    };
    run(&mut World::new(Arc::new(map), &sc, t), 20);
}

/// A replay file: decoded, and an accepted one replayed (at most [`PROBE_TICKS`]).
pub fn replay(data: &[u8]) {
    let Ok((_, r)) = Replay::decode(data) else {
        return;
    };
    let Ok((mut w, _)) = r.start_world() else {
        return;
    };
    let mut p = Player::new(r);
    while let Some(input) = p.next(&mut w) {
        tick(&mut w, &input);
        let _ = p.check(&w);
        if p.played() >= PROBE_TICKS {
            break;
        }
    }
}

/// A replay's body behind a valid envelope.
pub fn replay_body(data: &[u8]) {
    replay(&seal(REPLAY, data));
}

/// A save file: loaded, and an accepted one continued (at most [`PROBE_TICKS`]).
pub fn save(data: &[u8]) {
    if let Ok(mut l) = Save::load(data) {
        run(&mut l.world, PROBE_TICKS);
    }
}

/// A save's body behind a valid envelope.
pub fn save_body(data: &[u8]) {
    save(&seal(SAVE, data));
}
