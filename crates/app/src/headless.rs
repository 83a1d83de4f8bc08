//! Running a scenario without a window: to its end with a summary, recording a replay
//! (`--record`), stopping at a moment to save (`--save-at`), continuing a save
//! (`--load`), and checking a replay (`--replay`). Each is a [`Session`] stepped to its
//! end.

use std::path::{Path, PathBuf};

use sim::record::Replay;
use sim::tuning::ticks;

use crate::files;
use crate::session::Session;
use crate::setup::Setup;

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
    let mut s = match (&opts.load, setup) {
        (Some(path), _) => {
            let bytes = files::read(path)?;
            let s = Session::load(&bytes, None).map_err(|e| format!("{}: {e}", path.display()))?;
            println!(
                "loaded {} at tick {} ({})",
                path.display(),
                s.world.tick(),
                s.name()
            );
            s
        }
        (None, Some(setup)) => Session::route(setup.clone()),
        (None, None) => return Err("nothing to run".into()),
    };
    if opts.record.is_some() {
        s = s.recorded();
    }
    let start = std::time::Instant::now();
    match &opts.save_at {
        Some((at, path)) => {
            s.run_to(ticks(at.max(0.0)) as u64);
            let bytes = s.save().encode()?;
            files::write(path, &bytes)?;
            println!(
                "saved {} at tick {}: checksum {:016x}, {} bytes",
                path.display(),
                s.world.tick(),
                s.world.checksum(),
                bytes.len()
            );
        }
        None => s.run_to(s.end_tick()),
    }
    println!("{}", s.summary(start.elapsed().as_secs_f64()));
    if let (Some(path), Some(r)) = (&opts.record, &s.recorder) {
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
    let mut s = Session::replay(replay, &header.game_version, None)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    s.run_to_end();
    match s.take_divergence() {
        None => {
            let played = s.playback().map_or(0, |p| p.played());
            println!(
                "replay OK: {played} ticks, checksum {:016x}",
                s.world.checksum()
            );
            Ok(true)
        }
        Some(why) => {
            println!("{why}");
            Ok(false)
        }
    }
}
