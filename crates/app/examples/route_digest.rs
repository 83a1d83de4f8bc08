//! Prints a digest of the combat route's checksum at every tick (and the final checksum):
//! run it before and after a refactoring; the same digest means the same simulation.
//!
//! Expected on `combat_route`: digest `79cccc347cfac586`, final `90f78f41b304a78e`.
//! The checksum covers every field a later tick reads (issue 11: serde-derived over the
//! saved parts), so new fields of the state change these numbers without changing the
//! simulation: `264e3b441e5de642` was the digest of the old hand-listed checksum, which
//! run on this code still gives `264e3b441e5de642`; `420f0814b29af649` the first
//! serde-derived one; `57f96f936e6d9779` after the [enemy] tuning gained seven keys;
//! `26b0f1d96287eaed` after scenario waves gained `every`; `79cccc347cfac586` with the
//! simulation's own `atan2`/`sin`/`cos` (a deliberate change of behaviour, docs/decisions.md).
use app::setup;
use sim::driver::route::RouteDriver;
use sim::world::{tick, World};

fn main() {
    let name = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "combat_route".into());
    let s = setup::load(None, &name, None, None, None).unwrap();
    let mut w = World::new(s.map.clone(), &s.scenario, s.tuning.clone());
    let mut d = RouteDriver::new();
    let total = sim::tuning::ticks(s.scenario.duration) as u64;
    let mut digest: u64 = 0xcbf2_9ce4_8422_2325;
    while w.tick() < total {
        let input = d.input(&s.scenario, &w);
        tick(&mut w, &input);
        digest = (digest ^ w.checksum()).wrapping_mul(0x0100_0000_01b3);
    }
    println!(
        "{name}: {} ticks, final {:016x}, digest {digest:016x}",
        w.tick(),
        w.checksum()
    );
}
