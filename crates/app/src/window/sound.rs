//! What the window does with sound (REQ §21 AU5): each tick's block of the run goes to
//! the output as the sound layer rendered it (the same samples `--audio-out` writes);
//! the menus' sounds come from a small mixer of their own, mixed in while the game
//! runs and played alone while it stands still (paused, a menu, the results), so the
//! device is fed by real time and the run's soundtrack is never changed by a menu key;
//! M mutes at the output, after everything.

use audio::{Block, Bus, Mixer, Placement, Play, BLOCK};
use view::sound::patches::{self, UiSound};
use view::sound::tuning::AudioTuning;

/// Where the blocks go: the device, or a capture in the tests.
pub trait Sink {
    /// One interleaved stereo block; false when it could not be taken (dropped).
    fn push(&mut self, block: &[f32]) -> bool;
    /// A block that carries a tick of the run (the others carry only the menus'
    /// sounds); to the device they are all the same.
    fn run(&mut self, block: &[f32]) -> bool {
        self.push(block)
    }
}

impl Sink for crate::audio_out::AudioOut {
    fn push(&mut self, block: &[f32]) -> bool {
        crate::audio_out::AudioOut::push(self, block)
    }
}

/// The menus' voices at once.
const UI_VOICES: usize = 4;
/// Blocks the window may owe the device after a stall (more are not made up).
const MAX_OWED: f32 = 3.0;
/// The ceiling of the mix with the menus' sounds in it (−1 dBFS, as the limiter's).
const CEILING: f32 = 0.891;

pub struct WindowSound {
    sink: Box<dyn Sink>,
    ui: Mixer,
    pub muted: bool,
    /// Blocks owed to the device by the real time that passed.
    owed: f32,
    /// Blocks handed over, and how many of them were the run's.
    pub pushed: u64,
    pub run_blocks: u64,
}

impl WindowSound {
    pub fn new(sink: Box<dyn Sink>, t: &AudioTuning) -> WindowSound {
        let mut ui = Mixer::new(UI_VOICES);
        ui.set_room(0.0);
        ui.set_volumes(t.master, t.effects, t.ambience, t.ui);
        WindowSound {
            sink,
            ui,
            muted: false,
            owed: 0.0,
            pushed: 0,
            run_blocks: 0,
        }
    }

    /// New volumes (F5).
    pub fn set_tuning(&mut self, t: &AudioTuning) {
        self.ui.set_volumes(t.master, t.effects, t.ambience, t.ui);
    }

    /// A menu key's sound.
    pub fn ui(&mut self, s: UiSound) {
        self.ui.play(Play {
            patch: patches::ui(s),
            place: Placement::CENTRE,
            pitch: 1.0,
            bus: Bus::Ui,
            priority: 1.0,
            seed: 1,
        });
    }

    /// `dt` seconds of real time passed.
    pub fn elapsed(&mut self, dt: f32) {
        self.owed = (self.owed + dt * 60.0).min(MAX_OWED);
    }

    /// The run's block of one tick: the menus' sounds mixed in if any play, then out.
    pub fn tick(&mut self, run: &Block) {
        let mut b = *run;
        if self.ui.voices() > 0 {
            let mut ui = [0.0; 2 * BLOCK];
            self.ui.render(&mut ui);
            for (x, u) in b.iter_mut().zip(&ui) {
                *x = (*x + u).clamp(-CEILING, CEILING);
            }
        }
        self.run_blocks += 1;
        self.owed = (self.owed - 1.0).max(-MAX_OWED);
        self.pushed += 1;
        if self.muted {
            self.sink.run(&[0.0; 2 * BLOCK]);
        } else {
            self.sink.run(&b);
        }
    }

    /// While the game stands still: the menus' sounds alone, as many blocks as real
    /// time owes the device.
    pub fn fill(&mut self) {
        while self.owed >= 1.0 {
            let mut b = [0.0; 2 * BLOCK];
            if self.ui.voices() > 0 {
                self.ui.render(&mut b);
            }
            if self.muted {
                b = [0.0; 2 * BLOCK];
            }
            self.owed -= 1.0;
            self.pushed += 1;
            self.sink.push(&b);
        }
    }
}
