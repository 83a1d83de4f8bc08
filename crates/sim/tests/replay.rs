//! Replays (REQ §17): record → replay is bit-exact; a replay whose inputs were edited
//! reports the first tick that differs; truncated, damaged, foreign or newer files are
//! refused with one line, never a panic; tuning reloads and runs begun from a save
//! replay too.

mod common;

use sim::driver::route::RouteDriver;
use sim::record::replay::{Start, Verdict};
use sim::record::{Origin, Recorder, Replay, Save};

use sim::tuning::ticks;
use sim::world::{tick, World};
use sim::Vec2;

use common::origin;

/// Runs `o`'s route for `n` ticks, recording; `each` may change the world's tuning
/// before a tick (returns true when it did).
fn record(o: &Origin, n: u64, mut each: impl FnMut(&mut World) -> bool) -> (World, Recorder) {
    let (mut w, sc) = o.world().unwrap();
    let mut d = RouteDriver::new();
    let mut r = Recorder::fresh(o);
    while w.tick() < n {
        if each(&mut w) {
            r.tuning(&w);
        }
        let input = d.input(&sc, &w);
        tick(&mut w, &input);
        r.tick(&input, &w);
    }
    (w, r)
}

#[test]
fn record_then_replay_is_bit_exact() {
    let o = origin("combat_route");
    let end = ticks(180.0) as u64;
    let (w, r) = record(&o, end, |_| false);
    let bytes = r.encode().unwrap();
    let (_, replay) = Replay::decode(&bytes).unwrap();
    assert_eq!(replay.ticks(), end);
    assert_eq!(
        replay.verify().unwrap(),
        Verdict::Same {
            ticks: end,
            checksum: w.checksum()
        }
    );
    // Held inputs are run-length encoded: fewer entries than ticks.
    assert!(replay.inputs.len() < end as usize);
}

#[test]
fn an_edited_input_diverges_at_its_tick() {
    let o = origin("combat_route");
    let (_, r) = record(&o, 1200, |_| false);
    let mut replay = r.replay().clone();
    // Split the run that covers tick 700 and give that one tick another direction.
    let mut at = 0u64;
    let k = replay
        .inputs
        .iter()
        .position(|(n, _)| {
            at += *n as u64;
            at > 700
        })
        .unwrap();
    let (n, input) = replay.inputs[k];
    let before = 700 - (at - n as u64);
    let mut edited = input;
    edited.move_dir =
        Vec2::new(-input.move_dir.y - 0.5, input.move_dir.x + 0.5).normalize_or_zero();
    let mut runs = Vec::new();
    if before > 0 {
        runs.push((before as u32, input));
    }
    runs.push((1, edited));
    if n as u64 - before - 1 > 0 {
        runs.push((n - before as u32 - 1, input));
    }
    replay.inputs.splice(k..=k, runs);
    let bytes = replay.encode().unwrap();
    let (_, back) = Replay::decode(&bytes).unwrap();
    match back.verify().unwrap() {
        Verdict::Diverged {
            tick,
            expected,
            got,
        } => {
            assert_eq!(tick, 701, "the world after its 701st tick");
            assert_ne!(expected, got);
        }
        v => panic!("not caught: {v:?}"),
    }
}

#[test]
fn broken_files_are_refused_in_one_line_without_panic() {
    let o = origin("melee_dummy");
    let (_, r) = record(&o, 300, |_| false);
    let bytes = r.encode().unwrap();
    // Every truncation.
    for cut in 0..bytes.len() {
        let e = Replay::decode(&bytes[..cut]).expect_err("truncated accepted");
        assert!(!e.contains('\n'));
    }
    // Every single-bit flip of the header and a sample of the body and hash.
    for i in (0..bytes.len()).filter(|i| *i < 64 || i % 97 == 0 || *i + 40 > bytes.len()) {
        let mut b = bytes.clone();
        b[i] ^= 1 << (i % 8);
        assert!(Replay::decode(&b).is_err(), "flip at {i} accepted");
    }
    let mut newer = bytes.clone();
    newer[8] = sim::record::container::REPLAY.version as u8 + 1;
    let e = Replay::decode(&newer).unwrap_err();
    assert!(e.contains("newer"), "{e}");
    let e = Replay::decode(b"SQPSAVE1\x01\x00").unwrap_err();
    assert!(e.contains("save file, not a replay"), "{e}");
    // A well-formed replay whose counts disagree.
    let mut replay = r.replay().clone();
    replay.checksums.pop();
    let e = Replay::decode(&replay.encode().unwrap()).unwrap_err();
    assert!(e.contains("checksums"), "{e}");
}

#[test]
fn tuning_reloads_replay_too() {
    let o = origin("combat_route");
    let (w, r) = record(&o, 2400, |w| {
        if w.tick() == 900 {
            let mut t = w.tuning().clone();
            t.fire.bullet_damage *= 0.5;
            t.enemy.neighbour_cell *= 1.5;
            w.set_tuning(t);
            return true;
        }
        false
    });
    let (_, replay) = Replay::decode(&r.encode().unwrap()).unwrap();
    assert_eq!(replay.tunings.len(), 1);
    assert_eq!(
        replay.verify().unwrap(),
        Verdict::Same {
            ticks: 2400,
            checksum: w.checksum()
        }
    );
    // Without the reload the same inputs give another run.
    let mut plain = replay.clone();
    plain.tunings.clear();
    assert!(matches!(
        plain.verify().unwrap(),
        Verdict::Diverged { tick: 901, .. }
    ));
}

#[test]
fn a_run_begun_from_a_save_replays_from_it() {
    let o = origin("combat_route");
    let (w, _) = record(&o, 1500, |_| false);
    // The pilot state is not needed: the replay holds the inputs.
    let save = Save::of(&o, &w, None).encode().unwrap();
    let l = Save::load(&save).unwrap();
    let (mut w2, sc) = (l.world, l.scenario);
    let mut r = Recorder::from_save(save);
    let mut d = RouteDriver::new();
    while w2.tick() < 2500 {
        let input = d.input(&sc, &w2);
        tick(&mut w2, &input);
        r.tick(&input, &w2);
    }
    let (_, replay) = Replay::decode(&r.encode().unwrap()).unwrap();
    assert!(matches!(replay.start, Start::Saved(_)));
    assert_eq!(
        replay.verify().unwrap(),
        Verdict::Same {
            ticks: 1000,
            checksum: w2.checksum()
        }
    );
}
