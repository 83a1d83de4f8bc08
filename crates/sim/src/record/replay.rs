//! Replays (REQ §17): a run's inputs and the checksum after every tick, so the run can
//! be simulated again and compared tick by tick.
//!
//! A replay starts from a fresh world ([`Start::Fresh`]: the run's [`Origin`]) or from a
//! save ([`Start::Saved`]: the save file's bytes, for runs that began with a load). It
//! holds the [`TickInput`] of every tick, run-length encoded (a held key is one entry),
//! the tuning reloads (F5) with the tick they took effect before, and the checksum after
//! every tick.

use serde::{Deserialize, Serialize};

use crate::record::container::{self, Header, REPLAY};
use crate::record::origin::Origin;
use crate::record::save::Save;
use crate::script::scenario::Scenario;
use crate::tuning::Tuning;
use crate::world::{tick, TickInput, World};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Start {
    Fresh(Box<Origin>),
    /// An encoded save file.
    Saved(Vec<u8>),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Replay {
    pub start: Start,
    /// `(count, input)`: `count` consecutive ticks with this input.
    pub inputs: Vec<(u32, TickInput)>,
    /// `(tick, tuning)`: set before simulating tick `tick` (the world's tick counter).
    pub tunings: Vec<(u64, Tuning)>,
    /// The world's checksum after each recorded tick.
    pub checksums: Vec<u64>,
}

/// How a replay compared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every tick matched; `ticks` simulated, ending on `checksum`.
    Same { ticks: u64, checksum: u64 },
    /// The world after tick `tick` (its counter then) had `got` where the recording had
    /// `expected`.
    Diverged { tick: u64, expected: u64, got: u64 },
}

impl Replay {
    pub fn encode(&self) -> Result<Vec<u8>, String> {
        container::encode(REPLAY, self)
    }

    pub fn decode(bytes: &[u8]) -> Result<(Header, Replay), String> {
        let (h, r): (Header, Replay) = container::decode(REPLAY, bytes)?;
        let n: u64 = r.inputs.iter().map(|(c, _)| *c as u64).sum();
        if n != r.checksums.len() as u64 {
            return Err(format!(
                "damaged replay: {n} ticks of input but {} checksums",
                r.checksums.len()
            ));
        }
        let finite = |i: &TickInput| {
            use crate::squad::manual::ManualCommand as M;
            i.move_dir.is_finite()
                && match i.manual {
                    Some(M::AssignNearest(p)) | Some(M::Aim(p)) => p.is_finite(),
                    _ => true,
                }
        };
        if let Some(k) = r.inputs.iter().position(|(_, i)| !finite(i)) {
            return Err(format!("damaged replay: input run {k} is not finite"));
        }
        for (at, t) in &r.tunings {
            if let Err((key, expected)) = t.validate() {
                return Err(format!(
                    "damaged replay: the tuning set at tick {at}: `{key}`: expected {expected}"
                ));
            }
        }
        Ok((h, r))
    }

    /// Ticks recorded.
    pub fn ticks(&self) -> u64 {
        self.checksums.len() as u64
    }

    /// The world the replay starts from, and the scenario of the run.
    pub fn start_world(&self) -> Result<(World, Scenario), String> {
        match &self.start {
            Start::Fresh(origin) => origin.world(),
            Start::Saved(bytes) => {
                let l = Save::load(bytes).map_err(|e| format!("the replay's start: {e}"))?;
                Ok((l.world, l.scenario))
            }
        }
    }

    /// Simulates the whole replay headless and compares every tick.
    pub fn verify(&self) -> Result<Verdict, String> {
        let (mut world, _) = self.start_world()?;
        let mut p = Player::new(self.clone());
        while let Some(input) = p.next(&mut world) {
            tick(&mut world, &input);
            if let Err(v) = p.check(&world) {
                return Ok(v);
            }
        }
        Ok(Verdict::Same {
            ticks: self.ticks(),
            checksum: world.checksum(),
        })
    }
}

/// Feeds a replay's inputs to a world one tick at a time and compares its checksums
/// (headless verification, window playback):
/// `while let Some(i) = p.next(&mut w) { tick(&mut w, &i); p.check(&w)?; }`.
#[derive(Clone, Debug)]
pub struct Player {
    replay: Replay,
    /// Ticks played so far.
    played: u64,
    run: usize,
    run_used: u32,
    next_tuning: usize,
}

impl Player {
    pub fn new(replay: Replay) -> Player {
        Player {
            replay,
            played: 0,
            run: 0,
            run_used: 0,
            next_tuning: 0,
        }
    }

    pub fn replay(&self) -> &Replay {
        &self.replay
    }

    /// Ticks played so far.
    pub fn played(&self) -> u64 {
        self.played
    }

    pub fn finished(&self) -> bool {
        self.played >= self.replay.ticks()
    }

    /// Before the next tick of `w`: applies the tuning reloads due and returns the
    /// tick's input; `None` at the end of the recording.
    pub fn next(&mut self, w: &mut World) -> Option<TickInput> {
        if self.finished() {
            return None;
        }
        let input = loop {
            let (count, input) = self.replay.inputs.get(self.run)?;
            if self.run_used < *count {
                self.run_used += 1;
                break *input;
            }
            self.run += 1;
            self.run_used = 0;
        };
        while let Some((at, t)) = self.replay.tunings.get(self.next_tuning) {
            if *at > w.tick() {
                break;
            }
            w.set_tuning(t.clone());
            self.next_tuning += 1;
        }
        Some(input)
    }

    /// After the tick: the world's checksum against the recording's.
    pub fn check(&mut self, w: &World) -> Result<(), Verdict> {
        let Some(&expected) = self.replay.checksums.get(self.played as usize) else {
            return Ok(());
        };
        self.played += 1;
        let got = w.checksum();
        if got == expected {
            Ok(())
        } else {
            Err(Verdict::Diverged {
                tick: w.tick(),
                expected,
                got,
            })
        }
    }
}

/// Records a run as it is played: call [`Recorder::tick`] after every simulated tick
/// with its input and the world it produced.
#[derive(Clone, Debug)]
pub struct Recorder {
    replay: Replay,
}

impl Recorder {
    /// A recording of a run that starts at tick 0 of `origin`.
    pub fn fresh(origin: &Origin) -> Recorder {
        Recorder::starting(Start::Fresh(Box::new(origin.clone())))
    }

    /// A recording of a run that starts from a save file's bytes.
    pub fn from_save(save: Vec<u8>) -> Recorder {
        Recorder::starting(Start::Saved(save))
    }

    fn starting(start: Start) -> Recorder {
        Recorder {
            replay: Replay {
                start,
                inputs: Vec::new(),
                tunings: Vec::new(),
                checksums: Vec::new(),
            },
        }
    }

    /// The tick just simulated: its input and the world after it.
    pub fn tick(&mut self, input: &TickInput, after: &World) {
        match self.replay.inputs.last_mut() {
            Some((n, last)) if last == input && *n < u32::MAX => *n += 1,
            _ => self.replay.inputs.push((1, *input)),
        }
        self.replay.checksums.push(after.checksum());
    }

    /// The tuning was replaced before the tick `w.tick()` is simulated.
    pub fn tuning(&mut self, w: &World) {
        self.replay.tunings.push((w.tick(), w.tuning().clone()));
    }

    pub fn ticks(&self) -> u64 {
        self.replay.ticks()
    }

    pub fn replay(&self) -> &Replay {
        &self.replay
    }

    /// The replay file's bytes.
    pub fn encode(&self) -> Result<Vec<u8>, String> {
        self.replay.encode()
    }
}
