//! Prints a digest of the combat route's checksum at every tick (and the final checksum):
//! run it before and after a refactoring; the same digest means the same simulation.
//!
//! Expected on `combat_route`: digest `57f96f936e6d9779`, final `8cd9385bee3987d0`
//! (`420f0814b29af649` before the [enemy] tuning gained its last seven keys: the
//! checksum covers the tuning's serialisation, so new keys change it). The checksum grew to cover every field a later tick reads (issue 11: serde-derived over
//! the saved parts), which changed the numbers from the earlier `264e3b441e5de642`
//! without changing the simulation: the old checksum function, run on the new code,
//! still gives `264e3b441e5de642` (docs/decisions.md).
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
