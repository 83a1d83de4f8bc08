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
/// How fast the menus' sounds come back after giving way: from silence to full in
/// 0.1 s (six blocks).
const UI_RELEASE: f32 = 1.0 / 6.0;

/// Adds the menus' sounds `ui` to the run's block `run` without clipping either: the
/// run is never touched (it is mastered already, and what the device plays of it is the
/// soundtrack), and the menus' sounds give way — their gain for the block the largest
/// (at most 1) at which no sample of the sum passes the ceiling, taken at once when it
/// must drop and let back up by [`UI_RELEASE`] a block. Returns the gain for the next
/// block. Before, the sum was clamped at the ceiling: a blip over a loud shot clipped.
fn give_way(run: &mut Block, ui: &Block, last: f32) -> f32 {
    let room = run
        .iter()
        .zip(ui)
        .filter(|(_, u)| u.abs() > 1e-9)
        .map(|(x, u)| ((CEILING - x.abs()).max(0.0) / u.abs()).min(1.0))
        .fold(1.0f32, f32::min);
    let gain = room.min(last + UI_RELEASE);
    for (x, u) in run.iter_mut().zip(ui) {
        *x += gain * u;
    }
    gain
}

pub struct WindowSound {
    sink: Box<dyn Sink>,
    ui: Mixer,
    /// The menus' sounds' gain under the run ([`give_way`]).
    ui_gain: f32,
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
            ui_gain: 1.0,
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
            self.ui_gain = give_way(&mut b, &ui, self.ui_gain);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_menus_sounds_give_way_under_a_loud_run_instead_of_clipping() {
        // A run block near the ceiling (a loud shot) and a blip at 0.5.
        let run: Block = std::array::from_fn(|i| 0.8 * ((i as f32) * 0.07).sin());
        let ui: Block = std::array::from_fn(|i| 0.5 * ((i as f32) * 0.31).sin());
        let mut out = run;
        let g = give_way(&mut out, &ui, 1.0);
        let peak = out.iter().fold(0.0f32, |m, x| m.max(x.abs()));
        assert!(peak <= CEILING + 1e-6, "peak {peak}");
        assert!(g < 1.0 && g > 0.0, "it gave way: {g}");
        // Every sample is the run plus the blip at one gain: nothing clipped flat.
        for ((o, r), u) in out.iter().zip(&run).zip(&ui) {
            assert!((o - (r + g * u)).abs() < 1e-6);
        }
        // The clamp it replaces would have flattened samples at the ceiling.
        let clamped = run
            .iter()
            .zip(&ui)
            .filter(|(r, u)| (*r + *u).abs() > CEILING)
            .count();
        assert!(clamped > 0, "the case is one the clamp clipped");
        // In a quiet stretch the blip comes back to full over the release, not at once.
        let quiet: Block = [0.0; 2 * BLOCK];
        let mut out = quiet;
        let g2 = give_way(&mut out, &ui, g);
        assert!((g2 - (g + UI_RELEASE).min(1.0)).abs() < 1e-6, "{g} -> {g2}");
        let mut gain = g2;
        for _ in 0..6 {
            let mut out = quiet;
            gain = give_way(&mut out, &ui, gain);
        }
        assert_eq!(gain, 1.0);
    }
}
