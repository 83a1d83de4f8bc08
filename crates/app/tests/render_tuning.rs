//! Render-only tuning is outside the simulation (REQ §25 X4): the combat route
//! recorded with a changed `[horror]` value gives the same replay — the same bytes, the
//! same checksum at every tick — as with the defaults, while a changed behaviour value
//! does not (so the comparison can fail). The replay carries only the simulation's
//! tuning.

use app::session::Session;
use app::setup::{self, Setup};
use sim::record::Replay;

/// The combat route with the tuning file `text`, recorded to its end with the cosmetics
/// feed stepped (the window's way): the replay's bytes and every tick's checksum.
fn record(text: &str) -> (Vec<u8>, Vec<u64>) {
    let (tuning, view_tuning) = setup::parse_tuning("t.toml", text).unwrap();
    let base = setup::load(None, "combat_route", None, None, None).unwrap();
    let mut origin = base.origin.clone();
    origin.tuning = tuning.clone();
    let s = Setup {
        tuning,
        view_tuning,
        origin,
        ..base
    };
    let mut run = Session::route(s).with_cosmetics().recorded();
    let mut sums = Vec::new();
    while run.world.tick() < run.end_tick() {
        run.step(Default::default());
        sums.push(run.world.checksum());
    }
    let bytes = run.recorder.take().unwrap().encode().unwrap();
    (bytes, sums)
}

#[test]
fn a_horror_value_changes_no_checksum_and_no_replay() {
    let (plain_bytes, plain) = record("");
    let (dark_bytes, dark) = record(
        "[horror]\nambient = 0.02\nvignette = [0.9, 1.0]\nblood_decal_cap = 4\nsight_radius = 5\n",
    );
    assert_eq!(plain.len(), 180 * 60);
    assert_eq!(dark, plain, "the same checksum at every tick");
    assert_eq!(dark_bytes, plain_bytes, "the same replay, byte for byte");
    let (_, replay) = Replay::decode(&dark_bytes).unwrap();
    assert_eq!(replay.checksums, plain);
    // A behaviour value moves the run: the comparison above can fail.
    let (_, moved) = record("[lane]\nweapon_range = 6.5\n");
    let first = moved.iter().zip(&plain).position(|(a, b)| a != b);
    assert!(first.is_some(), "a behaviour change moves the checksums");
}
