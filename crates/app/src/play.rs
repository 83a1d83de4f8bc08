//! One run being played: the world and everything kept beside it — the route driver,
//! the camera, the effects, the horror layer's state and the kill tally — stepped
//! together one tick at a time. The window, `--screenshot` and `--bench` all step it
//! the same way.

use sim::driver::route::RouteDriver;
use sim::tuning::{ticks, DT};
use sim::world::{tick, TickInput, World};
use view::screens::{Results, RunTally};
use view::{Camera, Effects, Horror};

use crate::setup::Setup;

pub struct Play {
    pub setup: Setup,
    pub world: World,
    /// The scripted route, until the player takes over (or none).
    pub driver: Option<RouteDriver>,
    pub camera: Camera,
    pub effects: Effects,
    /// The horror layer's state; stepped every tick even while it is not drawn, so its
    /// fog memory and tension are right when it is.
    pub horror: Horror,
    pub tally: RunTally,
}

impl Play {
    /// A fresh run of `setup`; `scripted` lets the scenario's script (its route and
    /// manual-aim events) drive until the player moves.
    pub fn new(setup: Setup, scripted: bool) -> Play {
        let world = World::new(setup.map.clone(), &setup.scenario, setup.tuning.clone());
        let driver = scripted.then(RouteDriver::new);
        let mut horror = Horror::new(&world, setup.scenario.seed);
        horror.absorb(&world);
        Play {
            camera: Camera::new(world.anchor().pos),
            world,
            driver,
            setup,
            effects: Effects::default(),
            horror,
            tally: RunTally::default(),
        }
    }

    /// One simulation tick with the player's `input` (the route's movement while the
    /// route drives), then the cosmetic state that follows the tick's events.
    pub fn step(&mut self, mut input: TickInput) {
        if let Some(d) = self.driver.as_mut() {
            let scripted = d.input(&self.setup.scenario, &self.world);
            input.move_dir = scripted.move_dir;
            input.sprint |= scripted.sprint;
            input.manual = input.manual.or(scripted.manual);
        }
        tick(&mut self.world, &input);
        self.effects.absorb(&self.world);
        self.horror.absorb(&self.world);
        self.tally.absorb(&self.world);
    }

    /// Eases the camera after the anchor (interpolated by `alpha`) over `dt` seconds.
    pub fn follow(&mut self, alpha: f32, dt: f32) {
        self.camera
            .follow(view::camera_target(&self.world, alpha), dt);
    }

    /// The run is over: the squad is down or the scenario's time is up.
    pub fn ended(&self) -> bool {
        self.world.lost() || self.world.tick() >= ticks(self.setup.scenario.duration) as u64
    }

    /// The scenario's name as shown (file names stay as they were written).
    pub fn name(&self) -> &str {
        &self.setup.scenario.name
    }

    pub fn seed(&self) -> u64 {
        self.setup.scenario.seed
    }

    /// Seconds played.
    pub fn seconds(&self) -> f32 {
        self.world.tick() as f32 * DT
    }

    /// The numbers for the results screen.
    pub fn results(&self) -> Results {
        let duration = ticks(self.setup.scenario.duration) as u64;
        Results::of(&self.world, &self.tally, self.name(), self.seed(), duration)
    }

    /// One line about the run: scenario, seed, time.
    pub fn about(&self) -> String {
        format!(
            "{}   seed {}   {}",
            self.name(),
            self.seed(),
            view::screens::clock_text(self.seconds())
        )
    }
}
