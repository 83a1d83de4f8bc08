//! Live sound output (REQ §21 AU5): the game's 48 kHz stereo f32 blocks, one per tick,
//! handed without blocking to an audio thread through a lock-free ring, written to an
//! ALSA device through the system library loaded at run time. No library, no device,
//! refused parameters: `open` gives one line, "sound off: …", and the game runs silent.
//!
//! - `format.rs`: `RATE`, `CHANNELS`, `BLOCK_FRAMES`, the synthesizer's format;
//! - `alsa.rs`: `libasound.so.2` through `libloading`, the PCM handle;
//! - `thread.rs`: the audio thread, its ring, its counters (`OutStats`).
//!
//! Drift between the game's clock (60 blocks/s by the system clock, in bursts of 1–2
//! per frame) and the device's (48 000 frames/s by its crystal) is not resampled: when
//! the game runs ahead the ring fills and a push is refused (`dropped`: 16.7 ms
//! missing); when it falls behind (a stall, a pause, a slow frame) the device is fed a
//! block of silence (`silence_blocks`). Either way the latency stays bounded and the
//! sound stays with the picture, at the price of a rare click: clocks that differ by
//! 100 ppm slip one block every ~170 s, and a stall is silent anyway.

mod alsa;
mod format;
mod thread;

pub use self::format::{BLOCK_FRAMES, BLOCK_SAMPLES, CHANNELS, RATE};
pub use self::thread::OutStats;

use self::alsa::{Alsa, Pcm};
use self::format::frames_ms;
use self::thread::Shared;
use rtrb::{Consumer, Producer, RingBuffer};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::thread::JoinHandle;

/// Blocks the ring holds: two absorb a frame that ran two ticks (33.3 ms).
pub const RING_BLOCKS: usize = 2;
/// The device buffer asked of ALSA, in µs: with the ring, under the 50 ms budget.
pub const DEVICE_LATENCY_US: u32 = 15_000;

/// The live output: the ring's producer, the audio thread, its counters.
pub struct AudioOut {
    ring: Producer<f32>,
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
    device: String,
    device_frames: usize,
}

/// "sound off: <what failed>", on one line.
fn sound_off(what: impl AsRef<str>) -> String {
    let line = what.as_ref().replace(['\n', '\r'], " ");
    format!("sound off: {}", line.trim())
}

impl AudioOut {
    /// The system's ALSA library, as the loader finds it.
    pub const LIBRARY: &'static str = "libasound.so.2";

    /// Opens `device` ("default", "null", "hw:0,0", …) for 48 kHz stereo f32 playback
    /// through the ALSA library named `lib` (normally `AudioOut::LIBRARY`), and starts
    /// the audio thread. Every failure (no library, a missing symbol, no device,
    /// refused params, no thread) is an Err with one line, "sound off: <what failed>".
    pub fn open(device: &str, lib: &str) -> Result<AudioOut, String> {
        let alsa = Alsa::load(lib).map_err(sound_off)?;
        let pcm = Pcm::open(alsa, device, RATE, CHANNELS, DEVICE_LATENCY_US).map_err(sound_off)?;
        let (mut out, ring) = AudioOut::unstarted(device, pcm.buffer_frames());
        let thread = thread::spawn(pcm, ring, out.shared.clone())
            .map_err(|e| sound_off(format!("cannot start the audio thread ({e})")))?;
        out.thread = Some(thread);
        Ok(out)
    }

    /// An output with its ring and no thread: the consumer is the caller's (`open`
    /// gives it to the thread; tests hold it to fill the ring deterministically).
    fn unstarted(device: &str, device_frames: usize) -> (AudioOut, Consumer<f32>) {
        let (ring, consumer) = RingBuffer::new(RING_BLOCKS * BLOCK_SAMPLES);
        let out = AudioOut {
            ring,
            shared: Arc::new(Shared::default()),
            thread: None,
            device: device.to_string(),
            device_frames,
        };
        (out, consumer)
    }

    /// Hands one interleaved stereo block (`2 × BLOCK_FRAMES` f32) to the audio thread
    /// without blocking; false (and counted as dropped) when the ring is full — or the
    /// block is not one block long.
    pub fn push(&mut self, block: &[f32]) -> bool {
        self.shared.blocks_in.fetch_add(1, Ordering::Relaxed);
        let taken = block.len() == BLOCK_SAMPLES && self.ring.push_entire_slice(block).is_ok();
        if !taken {
            self.shared.dropped.fetch_add(1, Ordering::Relaxed);
        }
        taken
    }

    /// The most a block waits from push to the device: the ring's capacity plus the
    /// device's buffer as granted, in milliseconds.
    pub fn latency_ms(&self) -> f32 {
        frames_ms(RING_BLOCKS * BLOCK_FRAMES + self.device_frames)
    }

    /// The device's buffer as granted, in milliseconds (part of `latency_ms`).
    pub fn device_buffer_ms(&self) -> f32 {
        frames_ms(self.device_frames)
    }

    pub fn stats(&self) -> OutStats {
        self.shared.stats()
    }

    pub fn device(&self) -> &str {
        &self.device
    }

    /// Whether the audio thread still writes to the device.
    pub fn is_running(&self) -> bool {
        self.shared.running.load(Ordering::Acquire)
    }

    /// The one line ("sound off: …") of the device error that stopped the thread, if
    /// one did; pushes then just fill the ring and are dropped.
    pub fn error(&self) -> Option<String> {
        self.shared.error()
    }
}

impl Drop for AudioOut {
    /// Stops the thread and joins it (at most a few ms: it never blocks in ALSA); the
    /// thread closes the device, which drops what the device still held (≤ 15 ms), and
    /// the ring's blocks are dropped with it: the game is going away.
    fn drop(&mut self) {
        self.shared.stop.store(true, Ordering::Release);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::thread::sleep;
    use std::time::{Duration, Instant};

    fn tone_block(n: usize) -> Vec<f32> {
        (0..BLOCK_SAMPLES)
            .map(|i| ((n * BLOCK_FRAMES + i / 2) as f32 * 0.0576).sin() * 0.25)
            .collect()
    }

    fn assert_one_line(e: &str) {
        assert!(e.starts_with("sound off: "), "{e}");
        assert!(!e.contains('\n') && !e.contains('\r'), "{e:?}");
    }

    /// Whether this machine has the ALSA library at all (then "null" must work).
    fn library_present() -> bool {
        Alsa::load(AudioOut::LIBRARY).is_ok()
    }

    fn wait_for(what: &str, mut done: impl FnMut() -> bool) {
        let deadline = Instant::now() + Duration::from_secs(10);
        while !done() {
            assert!(Instant::now() < deadline, "timed out waiting for {what}");
            sleep(Duration::from_millis(2));
        }
    }

    #[test]
    fn the_null_device_plays_what_is_pushed_or_the_game_runs_silent() {
        let mut out = match AudioOut::open("null", AudioOut::LIBRARY) {
            Ok(out) => out,
            Err(e) => {
                eprintln!("audio_out: no ALSA library here, silent fallback: {e}");
                assert_one_line(&e);
                assert!(
                    !library_present(),
                    "the library loads, so \"null\" must open: {e}"
                );
                return;
            }
        };
        eprintln!(
            "audio_out: ALSA null device opened: device buffer {:.2} ms, latency {:.2} ms",
            out.device_buffer_ms(),
            out.latency_ms()
        );
        assert_eq!(out.device(), "null");
        assert!(out.is_running());
        let mut accepted = 0;
        wait_for("30 blocks accepted", || {
            if out.push(&tone_block(accepted)) {
                accepted += 1;
            } else {
                sleep(Duration::from_millis(1));
            }
            accepted == 30
        });
        wait_for("30 blocks written", || out.stats().blocks_written >= 30);
        let stats = out.stats();
        eprintln!("audio_out: {stats:?}");
        assert_eq!(stats.blocks_written, 30);
        assert_eq!(stats.blocks_in, 30 + stats.dropped, "{stats:?}");
        assert_eq!(out.error(), None);
        assert!(out.is_running());
        drop(out);
    }

    #[test]
    fn the_null_device_is_fed_silence_while_nothing_is_pushed() {
        let Ok(out) = AudioOut::open("null", AudioOut::LIBRARY) else {
            eprintln!("audio_out: no ALSA library here, nothing to feed");
            assert!(!library_present());
            return;
        };
        wait_for("silence", || out.stats().silence_blocks >= 3);
        assert_eq!(out.stats().blocks_written, 0);
    }

    #[test]
    fn the_null_device_latency_is_within_the_budget() {
        match AudioOut::open("null", AudioOut::LIBRARY) {
            Ok(out) => {
                eprintln!(
                    "audio_out: null latency {:.2} ms ({:.2} ms device)",
                    out.latency_ms(),
                    out.device_buffer_ms()
                );
                assert!(out.device_buffer_ms() > 0.0);
                assert!(out.latency_ms() <= 50.0, "{}", out.latency_ms());
            }
            Err(e) => {
                eprintln!("audio_out: no ALSA library here: {e}");
                assert!(!library_present());
            }
        }
    }

    #[test]
    fn a_missing_library_is_one_line_and_no_panic() {
        let e = AudioOut::open("null", "libasound_does_not_exist.so.9")
            .err()
            .expect("no such library");
        assert_one_line(&e);
        assert!(e.contains("libasound_does_not_exist.so.9"), "{e}");
    }

    #[test]
    fn a_library_without_alsa_symbols_is_one_line_and_no_panic() {
        // Any library that loads but is not ALSA: the C maths library of glibc.
        let e = AudioOut::open("null", "libm.so.6").err().expect("not ALSA");
        assert_one_line(&e);
        assert!(
            e.contains("snd_pcm_open") || e.contains("cannot load"),
            "{e}"
        );
        eprintln!("audio_out: {e}");
    }

    #[test]
    fn a_missing_device_is_one_line_and_no_panic() {
        let e = AudioOut::open("no_such_device_xyz", AudioOut::LIBRARY)
            .err()
            .expect("no such device");
        assert_one_line(&e);
        if library_present() {
            eprintln!("audio_out: with the library: {e}");
            assert!(e.contains("no_such_device_xyz"), "{e}");
        } else {
            eprintln!("audio_out: no ALSA library here: {e}");
        }
        let e = AudioOut::open("nul\0l", AudioOut::LIBRARY)
            .err()
            .expect("a NUL");
        assert_one_line(&e);
    }

    #[test]
    fn a_full_ring_refuses_the_push_and_counts_it() {
        let (mut out, mut consumer) = AudioOut::unstarted("test", 720);
        for n in 0..RING_BLOCKS {
            assert!(out.push(&tone_block(n)));
        }
        assert!(!out.push(&tone_block(9)));
        assert!(!out.push(&[0.0; 10]), "not one block long");
        let stats = out.stats();
        assert_eq!(stats.blocks_in, RING_BLOCKS as u64 + 2);
        assert_eq!(stats.dropped, 2);
        // The thread's side takes one block: room for exactly one more.
        let mut block = vec![0.0; BLOCK_SAMPLES];
        consumer.pop_entire_slice(&mut block).unwrap();
        assert_eq!(block, tone_block(0));
        assert!(out.push(&tone_block(2)));
        assert!(!out.push(&tone_block(3)));
        assert_eq!(out.stats().dropped, 3);
        assert!(!out.is_running());
        // 2 blocks and 720 frames: 48.33 ms.
        assert!(
            (out.latency_ms() - 48.333).abs() < 0.01,
            "{}",
            out.latency_ms()
        );
    }
}
