//! One run being played: the world and everything kept beside it — the route driver,
//! the camera, the effects, the horror layer's state and the kill tally — stepped
//! together one tick at a time. The window, `--screenshot` and `--bench` all step it
//! the same way.

use sim::driver::route::RouteDriver;
use sim::record::replay::{Player, Start, Verdict};
use sim::record::{Recorder, Replay, Save};
use sim::tuning::{ticks, Tuning, DT};
use sim::world::{tick, TickInput, World};
use view::screens::{Results, RunTally};
use view::{Camera, Effects, Horror, ViewState};

use crate::setup::{self, Setup};

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
    /// The run's inputs and checksums, while it is recorded (SPEC §17).
    pub recorder: Option<Recorder>,
    /// Playing a replay back: its inputs instead of the player's.
    pub playback: Option<Player>,
    /// The playback diverged from the recording at this tick (it stops there).
    pub diverged: Option<String>,
    /// The build that recorded the replay being played (`GAME_VERSION`).
    recorded_by: String,
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
            recorder: None,
            playback: None,
            diverged: None,
            recorded_by: sim::record::container::GAME_VERSION.to_string(),
        }
    }

    /// Records the run from now on (from its start: a fresh run).
    pub fn record(mut self) -> Play {
        self.recorder = Some(Recorder::fresh(&self.setup.origin));
        self
    }

    /// The run a save file continues: world, pilot, camera, effects, the horror layer
    /// and the tally as they were; recorded from the save on. A refused file is one
    /// line and changes nothing.
    pub fn load(bytes: &[u8]) -> Result<Play, String> {
        let (header, save) = Save::decode(bytes)?;
        let setup = setup::from_origin(&save.origin)?;
        let l = save.open(header)?;
        let mut play = Play::new(setup, false);
        play.world = l.world;
        play.driver = l.pilot;
        match &l.view {
            Some(v) => {
                let r = ViewState::decode(v, &play.world)?;
                (play.camera, play.effects, play.horror, play.tally) =
                    (r.camera, r.effects, r.horror, r.tally);
            }
            None => play.fresh_view(),
        }
        play.recorder = Some(Recorder::from_save(bytes.to_vec()));
        Ok(play)
    }

    /// The save of this moment, with the view's state.
    pub fn save(&self) -> Save {
        let mut save = Save::of(&self.setup.origin, &self.world, self.driver.as_ref());
        let view = ViewState::of(&self.camera, &self.effects, &self.horror, &self.tally);
        save.view = Some(view.encode());
        save
    }

    /// A run that plays `replay` back (its start — a fresh world, or a save with its
    /// view's state — then its inputs); `recorded_by` is the file header's game version.
    pub fn replay(replay: Replay, recorded_by: &str) -> Result<Play, String> {
        let mut play = match &replay.start {
            Start::Fresh(o) => {
                let mut play = Play::new(setup::from_origin(o)?, false);
                play.fresh_view();
                play
            }
            Start::Saved(b) => Play::load(b).map_err(|e| format!("the replay's start: {e}"))?,
        };
        play.driver = None;
        play.recorder = None;
        play.playback = Some(Player::new(replay));
        play.recorded_by = recorded_by.to_string();
        Ok(play)
    }

    /// Camera, effects and the layer for a world nobody has watched yet.
    fn fresh_view(&mut self) {
        self.camera = Camera::new(self.world.anchor().pos);
        self.effects = Effects::default();
        self.horror = Horror::new(&self.world, self.setup.scenario.seed);
        self.horror.absorb(&self.world);
        self.tally = RunTally::default();
    }

    /// Replaces the tuning (F5), recorded with the tick it takes effect before.
    pub fn set_tuning(&mut self, t: Tuning) {
        self.world.set_tuning(t);
        if let Some(r) = self.recorder.as_mut() {
            r.tuning(&self.world);
        }
    }

    /// One simulation tick with the player's `input` (the route's movement while the
    /// route drives), then the cosmetic state that follows the tick's events.
    pub fn step(&mut self, mut input: TickInput) {
        if let Some(p) = self.playback.as_mut() {
            if self.diverged.is_some() {
                return;
            }
            match p.next(&mut self.world) {
                Some(i) => input = i,
                None => return,
            }
        } else if let Some(d) = self.driver.as_mut() {
            let scripted = d.input(&self.setup.scenario, &self.world);
            input.move_dir = scripted.move_dir;
            input.sprint |= scripted.sprint;
            input.manual = input.manual.or(scripted.manual);
        }
        tick(&mut self.world, &input);
        if let Some(r) = self.recorder.as_mut() {
            r.tick(&input, &self.world);
        }
        if let Some(Err(Verdict::Diverged {
            tick,
            expected,
            got,
        })) = self.playback.as_mut().map(|p| p.check(&self.world))
        {
            self.diverged = Some(format!(
                "replay diverged at tick {tick}: expected {expected:016x}, got {got:016x}{}",
                sim::record::container::written_by_another_build(&self.recorded_by)
            ));
        }
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
        if let Some(p) = &self.playback {
            return p.finished() || self.diverged.is_some();
        }
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
