//! Running a scenario without a window: to its end with a summary, recording a replay
//! (`--record`), stopping at a moment to save (`--save-at`), continuing a save
//! (`--load`), checking a replay (`--replay`), and writing the run's soundtrack
//! (`--audio-out`). Each is a [`Session`] stepped to its end.

use std::path::{Path, PathBuf};

use sim::record::Replay;
use sim::tuning::ticks;

use crate::files;
use crate::session::Session;
use crate::session::Until;
use crate::setup::Setup;
use crate::wav::WavOut;
use std::ops::ControlFlow;

/// What `--headless` does besides running.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// `--record FILE`.
    pub record: Option<PathBuf>,
    /// `--save-at SECONDS FILE`: stop at that moment and save.
    pub save_at: Option<(f32, PathBuf)>,
    /// `--load FILE`: continue this save instead of starting the scenario.
    pub load: Option<PathBuf>,
    /// `--audio-out FILE.wav`: the run's soundtrack.
    pub audio_out: Option<PathBuf>,
}

/// The soundtrack being written, if asked for, and the session made to hear it.
fn soundtrack(s: Session, path: Option<&Path>) -> Result<(Session, Option<WavOut>), String> {
    match path {
        None => Ok((s, None)),
        Some(p) => Ok((s.with_sound(), Some(WavOut::create(p)?))),
    }
}

/// Runs `s` to `until` (or its end, [`Session::run`]), writing each tick's sound to
/// `wav`.
fn run_until(s: &mut Session, until: Until, wav: &mut Option<WavOut>) -> Result<(), String> {
    let mut failed = Ok(());
    s.run(until, |s, _| {
        if let (Some(w), Some(b)) = (wav.as_mut(), s.sound()) {
            if let Err(e) = w.write(b) {
                failed = Err(e);
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    });
    failed
}

/// Closes the soundtrack and says so.
fn finish(wav: Option<WavOut>, path: Option<&Path>) -> Result<(), String> {
    if let (Some(w), Some(p)) = (wav, path) {
        let blocks = w.finish()?;
        println!(
            "wrote {}: {blocks} blocks, {:.1} s of 48 kHz stereo",
            p.display(),
            blocks as f64 * audio::BLOCK as f64 / audio::SAMPLE_RATE as f64
        );
    }
    Ok(())
}

/// `--headless`: runs the scenario (or the loaded save) to its end — or to `--save-at` —
/// and prints a summary, and a mission's outcome with each objective's (C3). Returns
/// `false` when a mission run to its end was not accomplished (failed, or won with a
/// friendly hit): `--headless` exits 1 then.
pub fn run(setup: Option<&Setup>, opts: &Options) -> Result<bool, String> {
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
    let (mut s, mut wav) = soundtrack(s, opts.audio_out.as_deref())?;
    let start = std::time::Instant::now();
    match &opts.save_at {
        Some((at, path)) => {
            run_until(&mut s, Until::Tick(ticks(at.max(0.0)) as u64), &mut wav)?;
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
        None => {
            run_until(&mut s, Until::End, &mut wav)?;
        }
    }
    println!("{}", s.summary(start.elapsed().as_secs_f64()));
    if let Some(report) = s.mission_report() {
        println!("{report}");
    }
    finish(wav, opts.audio_out.as_deref())?;
    if let (Some(path), Some(r)) = (&opts.record, &s.recorder) {
        files::write(path, &r.encode()?)?;
        println!("recorded {} ticks to {}", r.ticks(), path.display());
    }
    Ok(opts.save_at.is_some() || s.mission_accomplished().unwrap_or(true))
}

/// `--replay FILE` headless: Ok(true) when every tick matched. Prints
/// `replay OK: N ticks, checksum X` or `replay diverged at tick T: expected A, got B`;
/// with `audio_out`, writes the replay's soundtrack.
pub fn replay(path: &Path, audio_out: Option<&Path>) -> Result<bool, String> {
    let bytes = files::read(path)?;
    let (header, replay) =
        Replay::decode(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    let s = Session::replay(replay, &header.game_version, None)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let (mut s, mut wav) = soundtrack(s, audio_out)?;
    run_until(&mut s, Until::End, &mut wav)?;
    finish(wav, audio_out)?;
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
