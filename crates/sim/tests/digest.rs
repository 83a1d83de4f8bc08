//! The simulation's revision (REQ §17, A11): the combat route's checksum at every tick,
//! folded into one digest, is pinned here with the revision in `GAME_VERSION`. A change
//! that moves the digest either changes the simulation's behaviour — then bump the
//! `+simN` revision in `sim::record::container` (replays recorded before it will say
//! why they diverge) and write the change in docs/decisions.md — or only adds state to
//! the checksum (a new saved field) or takes some out (render-only tuning left the
//! simulation's in REQ §25): then update the digest alone.

use std::sync::Arc;

use sim::content;
use sim::driver::route::RouteDriver;
use sim::record::container::{written_by_another_build, GAME_VERSION};
use sim::script::scenario::Scenario;
use sim::space::map::Map;
use sim::tuning::{ticks, Tuning};
use sim::world::{tick, World};

/// The `route_digest` example's fold of every tick's checksum.
fn route_digest() -> (u64, u64) {
    let sc = Scenario::parse(
        "combat_route",
        content::scenario_text("combat_route").unwrap(),
    )
    .unwrap();
    let map = Arc::new(Map::parse(&sc.map, content::map_text(&sc.map).unwrap()).unwrap());
    let mut w = World::new(map, &sc, Tuning::default());
    let mut d = RouteDriver::new();
    let total = ticks(sc.duration) as u64;
    let mut digest: u64 = 0xcbf2_9ce4_8422_2325;
    while w.tick() < total {
        let input = d.input(&sc, &w);
        tick(&mut w, &input);
        digest = (digest ^ w.checksum()).wrapping_mul(0x0100_0000_01b3);
    }
    (digest, w.checksum())
}

#[test]
fn the_route_digest_belongs_to_this_simulation_revision() {
    let (digest, last) = route_digest();
    assert_eq!(
        (
            format!("{digest:016x}"),
            format!("{last:016x}"),
            GAME_VERSION
        ),
        (
            "4a02d00d581a1ed1".to_string(),
            "0870121821caea66".to_string(),
            concat!(env!("CARGO_PKG_VERSION"), "+sim18")
        ),
        "the combat route's digest moved: a change of behaviour bumps the +simN revision \
         (see this file's header)"
    );
}

#[test]
fn a_replay_from_another_build_says_why_it_diverges() {
    assert_eq!(written_by_another_build(GAME_VERSION), "");
    let why = written_by_another_build("0.1.0");
    assert!(
        why.contains("recorded by squad_proto 0.1.0") && why.contains(GAME_VERSION),
        "{why}"
    );
}
