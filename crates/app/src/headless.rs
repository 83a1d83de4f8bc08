//! Running a scenario without a window.

use sim::driver::route::RouteDriver;
use sim::tuning::ticks;
use sim::world::{tick, World};

use crate::setup::Setup;

/// Runs the scenario to its duration and prints a summary.
pub fn run_summary(setup: &Setup) {
    let mut world = World::new(setup.map.clone(), &setup.scenario, setup.tuning.clone());
    let mut driver = RouteDriver::new();
    let total = ticks(setup.scenario.duration) as u64;
    let start = std::time::Instant::now();
    while world.tick() < total {
        let input = driver.input(&setup.scenario, &world);
        tick(&mut world, &input);
    }
    let s = &world.stats();
    println!(
        "{}: {} ticks ({:.1} s simulated) in {:.3} s; shots {}, strike hits {}, kills {}, commits {}, withheld {}, standing {}/{}, FRIENDLY_HITS = {}",
        setup.scenario.name,
        world.tick(),
        world.tick() as f32 / 60.0,
        start.elapsed().as_secs_f64(),
        s.shots_fired,
        s.melee_hits,
        s.kills,
        s.commits,
        s.shots_withheld_intercept,
        world.standing_agents(),
        world.agents().len(),
        s.friendly_hits
    );
}
