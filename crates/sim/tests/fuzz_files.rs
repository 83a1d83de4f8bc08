//! No panic on any input (REQ §19): byte-level mutations of every embedded map and
//! scenario, the compiled-in tuning as TOML, a recorded replay and a save — whole files
//! and, for replays and saves, bodies sealed in a valid envelope so the decoder and the
//! state checks are reached — fed to the loaders of `sim::record::probe` (the same entry
//! points as the cargo-fuzz targets in `fuzz/`), which also run what they accept.

use std::sync::OnceLock;

use proptest::prelude::*;
use sim::content;
use sim::driver::route::RouteDriver;
use sim::record::container::{open, REPLAY, SAVE};
use sim::record::probe;
use sim::record::{Origin, Recorder, Save};
use sim::script::scenario::Scenario;
use sim::tuning::Tuning;
use sim::world::tick;

#[derive(Clone, Debug)]
enum Mutation {
    Flip(usize, u8),
    Set(usize, u8),
    Insert(usize, u8),
    Remove(usize, usize),
    Duplicate(usize, usize),
    Truncate(usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), 1u8..=255).prop_map(|(i, m)| Mutation::Flip(i, m)),
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Mutation::Set(i, b)),
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Mutation::Insert(i, b)),
        (any::<usize>(), 1usize..64).prop_map(|(i, n)| Mutation::Remove(i, n)),
        (any::<usize>(), 1usize..64).prop_map(|(i, n)| Mutation::Duplicate(i, n)),
        any::<usize>().prop_map(Mutation::Truncate),
    ]
}

fn mutate(base: &[u8], muts: &[Mutation]) -> Vec<u8> {
    let mut b = base.to_vec();
    for m in muts {
        let n = b.len().max(1);
        match *m {
            Mutation::Flip(i, x) if !b.is_empty() => b[i % n] ^= x,
            Mutation::Set(i, x) if !b.is_empty() => b[i % n] = x,
            Mutation::Insert(i, x) => b.insert(i % (b.len() + 1), x),
            Mutation::Remove(i, k) if !b.is_empty() => {
                let at = i % n;
                b.drain(at..(at + k).min(b.len()));
            }
            Mutation::Duplicate(i, k) if !b.is_empty() => {
                let at = i % n;
                let piece: Vec<u8> = b[at..(at + k).min(b.len())].to_vec();
                b.splice(at..at, piece);
            }
            Mutation::Truncate(i) => b.truncate(i % n),
            _ => {}
        }
    }
    b
}

/// A short recorded run and a save of it: `(replay file, save file)`.
fn recorded() -> &'static (Vec<u8>, Vec<u8>) {
    static FILES: OnceLock<(Vec<u8>, Vec<u8>)> = OnceLock::new();
    FILES.get_or_init(|| {
        let name = "melee_dummy";
        let text = content::scenario_text(name).unwrap();
        let sc = Scenario::parse(name, text).unwrap();
        let o = Origin {
            map_file: "default.map".into(),
            map_text: content::map_text(&sc.map).unwrap().into(),
            scenario_file: "melee_dummy.scn".into(),
            scenario_text: text.into(),
            tuning: Tuning::default(),
            seed: sc.seed,
            director: None,
            difficulty: None,
        };
        let (mut w, sc) = o.world().unwrap();
        let mut d = RouteDriver::new();
        let mut r = Recorder::fresh(&o);
        while w.tick() < 100 {
            let input = d.input(&sc, &w);
            tick(&mut w, &input);
            r.tick(&input, &w);
        }
        let save = Save::of(&o, &w, Some(&d)).encode().unwrap();
        (r.encode().unwrap(), save)
    })
}

fn body(kind: sim::record::container::Kind, file: &[u8]) -> Vec<u8> {
    open(kind, file).unwrap().1.to_vec()
}

#[test]
fn the_seeds_are_accepted_and_run() {
    // The mutations start from valid inputs, otherwise they only test refusals.
    let (replay, save) = recorded();
    assert!(sim::record::Replay::decode(replay)
        .unwrap()
        .1
        .verify()
        .is_ok());
    assert!(Save::load(save).is_ok());
    for (_, text) in content::MAPS {
        probe::map(text.as_bytes());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 160, ..ProptestConfig::default() })]

    #[test]
    fn maps_and_scenarios_never_panic(
        k in any::<usize>(),
        muts in prop::collection::vec(mutation(), 1..6),
    ) {
        let (_, map) = content::MAPS[k % content::MAPS.len()];
        probe::map(&mutate(map.as_bytes(), &muts));
        let (_, scn) = content::SCENARIOS[k % content::SCENARIOS.len()];
        probe::scenario(&mutate(scn.as_bytes(), &muts));
    }

    #[test]
    fn tuning_never_panics(muts in prop::collection::vec(mutation(), 1..6)) {
        probe::tuning(&mutate(Tuning::default().to_toml().as_bytes(), &muts));
    }

    #[test]
    fn replays_never_panic(muts in prop::collection::vec(mutation(), 1..4)) {
        let (replay, _) = recorded();
        probe::replay(&mutate(replay, &muts));
        probe::replay_body(&mutate(&body(REPLAY, replay), &muts));
    }

    #[test]
    fn saves_never_panic(muts in prop::collection::vec(mutation(), 1..4)) {
        let (_, save) = recorded();
        probe::save(&mutate(save, &muts));
        probe::save_body(&mutate(&body(SAVE, save), &muts));
    }
}

/// What the fuzzers found, kept: each input must now be refused (or run) quickly.
#[test]
fn fuzz_findings_stay_fixed() {
    // A save body whose agent radius was finite but enormous: it passed the state
    // checks and one tick scanned billions of tiles (a 42 s timeout in the fuzzer).
    let data = include_bytes!("fuzz_regressions/save_huge_radius.bin");
    probe::save(data);
    probe::save_body(data);
    let sealed = sim::record::container::seal(SAVE, data);
    assert!(Save::load(&sealed).is_err());
    // The same damage made by hand on a valid save: refused by the state's checks.
    let (_, save) = recorded();
    let (_, mut s) = Save::decode(save).unwrap();
    s.world.squad.agents[0].radius = 1.0e6;
    let e = Save::load(&s.encode().unwrap()).err().expect("refused");
    assert!(e.contains("agent 0 has a bad body"), "{e}");

    // A save body whose agent velocity was finite but enormous: the agent left the map
    // in one tick, to a tile at the end of `i32`, and the wall fallback's tile range
    // overflowed (found by the save fuzzer after 41 s, 2026-11-30). Refused now, and the
    // fallback saturates.
    let data = include_bytes!("fuzz_regressions/save_fast_agent.bin");
    probe::save(data);
    probe::save_body(data);
    let sealed = sim::record::container::seal(SAVE, data);
    assert!(Save::load(&sealed).is_err());
    let (_, mut s) = Save::decode(save).unwrap();
    s.world.squad.agents[2].vel = sim::core::geom::Vec2::new(3.0e9, 0.0);
    let e = Save::load(&s.encode().unwrap()).err().expect("refused");
    assert!(e.contains("agent 2 is off the map"), "{e}");
}
