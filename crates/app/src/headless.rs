//! Running a scenario without a window: to its end with a summary, recording a replay
//! (`--record`), stopping at a moment to save (`--save-at`), continuing a save
//! (`--load`), and checking a replay (`--replay`).

use std::path::{Path, PathBuf};

use sim::driver::route::RouteDriver;
use sim::record::replay::Verdict;
use sim::record::{Origin, Recorder, Replay, Save};
use sim::script::scenario::Scenario;
use sim::tuning::ticks;
use sim::world::{tick, TickInput, World};

use crate::files;
use crate::setup::Setup;

/// A run headless: the world, the pilot that steers it (none: no input), and where it
/// came from.
pub struct Run {
    pub world: World,
    pub scenario: Scenario,
    pub pilot: Option<RouteDriver>,
    pub origin: Origin,
    pub recorder: Option<Recorder>,
}

impl Run {
    /// A fresh run of `setup`, steered by its route.
    pub fn fresh(setup: &Setup) -> Run {
        Run {
            world: World::new(setup.map.clone(), &setup.scenario, setup.tuning.clone()),
            scenario: setup.scenario.clone(),
            pilot: Some(RouteDriver::new()),
            origin: setup.origin.clone(),
            recorder: None,
        }
    }

    /// The run a save file continues (refused with one line if the file is not a
    /// usable save).
    pub fn load(bytes: &[u8]) -> Result<Run, String> {
        let (header, save) = Save::decode(bytes)?;
        let origin = save.origin.clone();
        let l = save.open(header)?;
        Ok(Run {
            world: l.world,
            scenario: l.scenario,
            pilot: l.pilot,
            origin,
            recorder: None,
        })
    }

    /// Records from now on (a fresh run from its start, a loaded one from the save).
    pub fn record_from(&mut self, start: Option<Vec<u8>>) {
        self.recorder = Some(match start {
            None => Recorder::fresh(&self.origin),
            Some(save) => Recorder::from_save(save),
        });
    }

    /// One tick with the pilot's input.
    pub fn step(&mut self) {
        let input = match self.pilot.as_mut() {
            Some(p) => p.input(&self.scenario, &self.world),
            None => TickInput::default(),
        };
        tick(&mut self.world, &input);
        if let Some(r) = self.recorder.as_mut() {
            r.tick(&input, &self.world);
        }
    }

    /// Runs until the world's tick counter reaches `until`.
    pub fn run_to(&mut self, until: u64) {
        while self.world.tick() < until {
            self.step();
        }
    }

    /// The scenario's end, in ticks.
    pub fn end(&self) -> u64 {
        ticks(self.scenario.duration) as u64
    }

    /// The save of this moment.
    pub fn save(&self) -> Save {
        Save::of(&self.origin, &self.world, self.pilot.as_ref())
    }

    pub fn summary(&self, seconds: f64) -> String {
        let w = &self.world;
        let s = w.stats();
        format!(
            "{}: {} ticks ({:.1} s simulated) in {seconds:.3} s; shots {}, strike hits {}, kills {}, commits {}, withheld {}, standing {}/{}, FRIENDLY_HITS = {}",
            self.scenario.name,
            w.tick(),
            w.tick() as f32 / 60.0,
            s.shots_fired,
            s.melee_hits,
            s.kills,
            s.commits,
            s.shots_withheld_intercept,
            w.standing_agents(),
            w.agents().len(),
            s.friendly_hits
        )
    }
}

/// What `--headless` does besides running.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// `--record FILE`.
    pub record: Option<PathBuf>,
    /// `--save-at SECONDS FILE`: stop at that moment and save.
    pub save_at: Option<(f32, PathBuf)>,
    /// `--load FILE`: continue this save instead of starting the scenario.
    pub load: Option<PathBuf>,
}

/// `--headless`: runs the scenario (or the loaded save) to its end — or to `--save-at` —
/// and prints a summary.
pub fn run(setup: Option<&Setup>, opts: &Options) -> Result<(), String> {
    let (mut run, save_bytes) = match (&opts.load, setup) {
        (Some(path), _) => {
            let bytes = files::read(path)?;
            let run = Run::load(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
            println!(
                "loaded {} at tick {} ({})",
                path.display(),
                run.world.tick(),
                run.scenario.name
            );
            (run, Some(bytes))
        }
        (None, Some(setup)) => (Run::fresh(setup), None),
        (None, None) => return Err("nothing to run".into()),
    };
    if opts.record.is_some() {
        run.record_from(save_bytes);
    }
    let start = std::time::Instant::now();
    match &opts.save_at {
        Some((at, path)) => {
            run.run_to(ticks(at.max(0.0)) as u64);
            let bytes = run.save().encode()?;
            files::write(path, &bytes)?;
            println!(
                "saved {} at tick {}: checksum {:016x}, {} bytes",
                path.display(),
                run.world.tick(),
                run.world.checksum(),
                bytes.len()
            );
        }
        None => {
            let end = run.end();
            run.run_to(end);
        }
    }
    println!("{}", run.summary(start.elapsed().as_secs_f64()));
    if let (Some(path), Some(r)) = (&opts.record, &run.recorder) {
        files::write(path, &r.encode()?)?;
        println!("recorded {} ticks to {}", r.ticks(), path.display());
    }
    Ok(())
}

/// `--replay FILE` headless: Ok(true) when every tick matched. Prints
/// `replay OK: N ticks, checksum X` or `replay diverged at tick T: expected A, got B`.
pub fn replay(path: &Path) -> Result<bool, String> {
    let bytes = files::read(path)?;
    let (header, replay) =
        Replay::decode(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    match replay
        .verify()
        .map_err(|e| format!("{}: {e}", path.display()))?
    {
        Verdict::Same { ticks, checksum } => {
            println!("replay OK: {ticks} ticks, checksum {checksum:016x}");
            Ok(true)
        }
        Verdict::Diverged {
            tick,
            expected,
            got,
        } => {
            println!(
                "replay diverged at tick {tick}: expected {expected:016x}, got {got:016x}{}",
                sim::record::container::written_by_another_build(&header.game_version)
            );
            Ok(false)
        }
    }
}
