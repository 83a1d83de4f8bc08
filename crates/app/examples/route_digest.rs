//! Prints a digest of the combat route's checksum at every tick (and the final checksum):
//! run it before and after a refactoring; the same digest means the same simulation.
//!
//! Expected on `combat_route`: digest `b95a7baa23e6d624`, final `1f420d500b81c4db`.
//! The checksum covers every field a later tick reads (issue 11: serde-derived over the
//! saved parts), so new fields of the state change these numbers without changing the
//! simulation: `264e3b441e5de642` was the digest of the old hand-listed checksum, which
//! run on this code still gives `264e3b441e5de642`; `420f0814b29af649` the first
//! serde-derived one; `57f96f936e6d9779` after the [enemy] tuning gained seven keys;
//! `26b0f1d96287eaed` after scenario waves gained `every`; `79cccc347cfac586` with the
//! simulation's own `atan2`/`sin`/`cos` (a deliberate change of behaviour, docs/decisions.md);
//! `b95a7baa23e6d624` once the horror layer's tuning left the simulation's (REQ §25; with
//! the tuning left out of the checksum the builds before and after both give
//! `2eb335a90c4efa94`, final `881608c93e5a2d49`: the same states at every tick).
use std::ops::ControlFlow;

use app::session::{Session, Until};
use app::setup;

fn main() {
    let name = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "combat_route".into());
    let s = setup::load(None, &name, None, None, None).unwrap();
    let mut run = Session::route(s);
    let mut digest: u64 = 0xcbf2_9ce4_8422_2325;
    run.run(Until::End, |run, _| {
        digest = (digest ^ run.world.checksum()).wrapping_mul(0x0100_0000_01b3);
        ControlFlow::Continue(())
    });
    println!(
        "{name}: {} ticks, final {:016x}, digest {digest:016x}",
        run.world.tick(),
        run.world.checksum()
    );
}
