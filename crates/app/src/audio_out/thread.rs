//! The audio thread and its feed: blocks popped from a lock-free SPSC ring (`rtrb`,
//! f32 samples, whole blocks only) and written to the device; silence when the ring is
//! empty and the device is about to run dry; `snd_pcm_recover` on an underrun or a
//! suspend; a stop flag; the counters the game reads.
//!
//! The loop is written against `Device` (what it needs of a PCM), implemented for the
//! ALSA `Pcm` here and for scripted fakes in the tests: short writes, underruns and a
//! device that dies are tested without a sound card.

use super::alsa::{Pcm, EAGAIN, EINTR, EPIPE, ESTRPIPE};
use super::format::{BLOCK_FRAMES, BLOCK_SAMPLES, CHANNELS, RATE};
use rtrb::Consumer;
use std::ffi::c_int;
use std::io;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// What the output has done so far (`AudioOut::stats`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OutStats {
    /// Blocks offered to `push`, accepted or not.
    pub blocks_in: u64,
    /// The game's blocks written to the device, whole.
    pub blocks_written: u64,
    /// Pushes refused: the ring was full (or the block was not one block long).
    pub dropped: u64,
    /// Underruns and suspends recovered by `snd_pcm_recover`.
    pub underruns: u64,
    /// Blocks of silence written because the ring was empty when the device needed more.
    pub silence_blocks: u64,
}

/// State shared by the game's side (`AudioOut`) and the audio thread.
#[derive(Default)]
pub struct Shared {
    /// Set by the game's side to stop the thread.
    pub stop: AtomicBool,
    /// Cleared by the thread when it ends, told to or not.
    pub running: AtomicBool,
    pub blocks_in: AtomicU64,
    pub blocks_written: AtomicU64,
    pub dropped: AtomicU64,
    pub underruns: AtomicU64,
    pub silence_blocks: AtomicU64,
    /// The one-line "sound off: …" of an unrecoverable device error, if one stopped it.
    pub error: Mutex<Option<String>>,
}

impl Shared {
    pub fn stats(&self) -> OutStats {
        let get = |a: &AtomicU64| a.load(Ordering::Relaxed);
        OutStats {
            blocks_in: get(&self.blocks_in),
            blocks_written: get(&self.blocks_written),
            dropped: get(&self.dropped),
            underruns: get(&self.underruns),
            silence_blocks: get(&self.silence_blocks),
        }
    }

    pub fn error(&self) -> Option<String> {
        self.error.lock().ok().and_then(|e| e.clone())
    }

    fn count(&self, a: &AtomicU64) {
        a.fetch_add(1, Ordering::Relaxed);
    }
}

/// What the loop needs of a playback device. Errors are ALSA's negative codes.
pub trait Device {
    /// The device's buffer and period, in frames.
    fn buffer_frames(&self) -> usize;
    fn period_frames(&self) -> usize;
    /// Writes whole interleaved frames without blocking: frames taken (maybe fewer).
    fn write(&mut self, samples: &[f32]) -> Result<usize, c_int>;
    /// Frames free in the device's buffer.
    fn avail(&mut self) -> Result<usize, c_int>;
    /// Recovers from `err` (underrun, suspend, interrupted call) or gives a code back.
    fn recover(&mut self, err: c_int) -> Result<(), c_int>;
    fn strerror(&self, err: c_int) -> String;
    /// Called once on the audio thread before the first write (ALSA: keep quiet).
    fn on_thread(&mut self) {}
}

impl Device for Pcm {
    fn buffer_frames(&self) -> usize {
        Pcm::buffer_frames(self)
    }
    fn period_frames(&self) -> usize {
        Pcm::period_frames(self)
    }
    fn write(&mut self, samples: &[f32]) -> Result<usize, c_int> {
        Pcm::write(self, samples)
    }
    fn avail(&mut self) -> Result<usize, c_int> {
        Pcm::avail(self)
    }
    fn recover(&mut self, err: c_int) -> Result<(), c_int> {
        Pcm::recover(self, err)
    }
    fn strerror(&self, err: c_int) -> String {
        Pcm::strerror(self, err)
    }
    fn on_thread(&mut self) {
        // The thread-local handler stays installed for the thread's life: the thread
        // reports its one failure itself.
        std::mem::forget(self.quiet());
    }
}

/// How much faster than `RATE` the thread may ever write, in real time. A device that
/// never fills (ALSA's `null`, a file) would otherwise be fed at CPU speed; a real one
/// paces the thread itself and this never binds (crystals drift by ≤ 0.01 %).
const PACE: f64 = 1.002;
/// The longest the thread sleeps at once: how soon it sees the stop flag.
const MAX_NAP: Duration = Duration::from_millis(4);

/// A token bucket: frames the thread may write now, refilled at `PACE × RATE`, at most
/// `cap` (the device's buffer and a block) banked.
pub struct Pacer {
    last: Instant,
    credit: f64,
    cap: f64,
}

impl Pacer {
    pub fn new(cap_frames: usize) -> Pacer {
        Pacer {
            last: Instant::now(),
            credit: cap_frames as f64,
            cap: cap_frames as f64,
        }
    }

    /// How long to wait before the next write: zero while there is credit.
    pub fn wait(&mut self) -> Duration {
        let now = Instant::now();
        let rate = RATE as f64 * PACE;
        self.credit =
            (self.credit + now.duration_since(self.last).as_secs_f64() * rate).min(self.cap);
        self.last = now;
        if self.credit > 0.0 {
            Duration::ZERO
        } else {
            Duration::from_secs_f64((1.0 - self.credit) / rate)
        }
    }

    /// Charges `frames` written.
    pub fn spend(&mut self, frames: usize) {
        self.credit -= frames as f64;
    }
}

fn frames_duration(frames: usize) -> Duration {
    Duration::from_secs_f64(frames as f64 / RATE as f64)
}

/// A nap of about `frames` frames, at least 1 ms, at most `MAX_NAP`.
fn nap(frames: usize) {
    thread::sleep(frames_duration(frames).clamp(Duration::from_millis(1), MAX_NAP));
}

/// Starts the audio thread on `device`, fed by `ring`.
pub fn spawn<D: Device + Send + 'static>(
    device: D,
    ring: Consumer<f32>,
    shared: Arc<Shared>,
) -> io::Result<JoinHandle<()>> {
    shared.running.store(true, Ordering::Release);
    let on_thread = shared.clone();
    let started = thread::Builder::new()
        .name("audio-out".into())
        .spawn(move || run(device, ring, &on_thread));
    if started.is_err() {
        shared.running.store(false, Ordering::Release);
    }
    started
}

/// The thread's body: until told to stop or the device fails for good. The device is
/// dropped (ALSA: closed) on the way out.
pub fn run<D: Device>(mut device: D, mut ring: Consumer<f32>, shared: &Shared) {
    device.on_thread();
    if let Err(e) = feed(&mut device, &mut ring, shared) {
        if let Ok(mut slot) = shared.error.lock() {
            *slot = Some(e);
        }
    }
    drop(device);
    shared.running.store(false, Ordering::Release);
}

/// Frames still queued in the device below which the thread writes silence rather
/// than wait for the game's next block: a period, at least 5 ms, under the buffer.
fn low_water(device: &impl Device) -> usize {
    let five_ms = RATE as usize / 200;
    device
        .period_frames()
        .max(five_ms)
        .min(device.buffer_frames().saturating_sub(1))
}

fn feed<D: Device>(
    device: &mut D,
    ring: &mut Consumer<f32>,
    shared: &Shared,
) -> Result<(), String> {
    let mut block = vec![0.0f32; BLOCK_SAMPLES];
    let mut pacer = Pacer::new(device.buffer_frames() + BLOCK_FRAMES);
    let low_water = low_water(device);
    while !shared.stop.load(Ordering::Acquire) {
        let game = ring.pop_entire_slice(&mut block).is_ok();
        if !game {
            // The ring is empty: wait for the game while the device still has enough.
            match device.avail() {
                Ok(free) => {
                    let queued = device.buffer_frames().saturating_sub(free);
                    if queued > low_water {
                        nap(queued - low_water);
                        continue;
                    }
                }
                Err(e) => {
                    recover(device, e, shared)?;
                    continue;
                }
            }
            block.fill(0.0);
        }
        if !write_block(device, &block, &mut pacer, shared)? {
            break;
        }
        shared.count(if game {
            &shared.blocks_written
        } else {
            &shared.silence_blocks
        });
    }
    Ok(())
}

/// Writes one whole block through short writes, full buffers and recoveries: true when
/// it all went, false when told to stop first.
fn write_block<D: Device>(
    device: &mut D,
    block: &[f32],
    pacer: &mut Pacer,
    shared: &Shared,
) -> Result<bool, String> {
    let mut done = 0;
    while done < BLOCK_FRAMES {
        if shared.stop.load(Ordering::Acquire) {
            return Ok(false);
        }
        let wait = pacer.wait();
        if !wait.is_zero() {
            thread::sleep(wait.min(MAX_NAP));
            continue;
        }
        match device.write(&block[done * CHANNELS..]) {
            Ok(0) => nap(device.period_frames()),
            Ok(n) => {
                pacer.spend(n);
                done += n;
            }
            Err(e) if e == -EAGAIN => nap(device.period_frames()),
            Err(e) => recover(device, e, shared)?,
        }
    }
    Ok(true)
}

/// `snd_pcm_recover` after `err`, counting underruns and suspends; the thread's one
/// line when the device cannot go on.
fn recover<D: Device>(device: &mut D, err: c_int, shared: &Shared) -> Result<(), String> {
    match device.recover(err) {
        Ok(()) => {
            if err == -EPIPE || err == -ESTRPIPE {
                shared.count(&shared.underruns);
            }
            Ok(())
        }
        Err(again) => {
            let what = if err == -EINTR || again == err {
                device.strerror(err)
            } else {
                format!("{}, then {}", device.strerror(err), device.strerror(again))
            };
            Err(format!("sound off: the device stopped ({what})").replace('\n', " "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rtrb::RingBuffer;
    use std::collections::VecDeque;
    use std::sync::atomic::AtomicUsize;

    /// A scripted device: each write takes the next scripted answer (`Ok(n)` takes at
    /// most `n` frames), then everything; it counts the frames it took that are not
    /// silence.
    struct Fake {
        script: VecDeque<Result<usize, c_int>>,
        taken: Arc<AtomicUsize>,
        recoverable: bool,
    }

    impl Device for Fake {
        fn buffer_frames(&self) -> usize {
            960
        }
        fn period_frames(&self) -> usize {
            240
        }
        fn write(&mut self, samples: &[f32]) -> Result<usize, c_int> {
            let frames = samples.len() / CHANNELS;
            let n = match self.script.pop_front() {
                Some(Ok(n)) => n.min(frames),
                Some(Err(e)) => return Err(e),
                None => frames,
            };
            let sound = samples[..n * CHANNELS]
                .chunks(CHANNELS)
                .filter(|f| f[0] != 0.0)
                .count();
            self.taken.fetch_add(sound, Ordering::Relaxed);
            Ok(n)
        }
        fn avail(&mut self) -> Result<usize, c_int> {
            Ok(self.buffer_frames())
        }
        fn recover(&mut self, err: c_int) -> Result<(), c_int> {
            if self.recoverable {
                Ok(())
            } else {
                Err(err)
            }
        }
        fn strerror(&self, err: c_int) -> String {
            format!("fake error {err}\nsecond line")
        }
    }

    fn wait_for(what: &str, mut done: impl FnMut() -> bool) {
        let deadline = Instant::now() + Duration::from_secs(10);
        while !done() {
            assert!(Instant::now() < deadline, "timed out waiting for {what}");
            thread::sleep(Duration::from_millis(2));
        }
    }

    #[test]
    fn short_writes_and_underruns_still_deliver_whole_blocks() {
        let taken = Arc::new(AtomicUsize::new(0));
        let fake = Fake {
            script: [
                Ok(100),
                Err(-EAGAIN),
                Ok(0),
                Err(-EPIPE),
                Ok(300),
                Err(-ESTRPIPE),
            ]
            .into_iter()
            .collect(),
            taken: taken.clone(),
            recoverable: true,
        };
        let (mut tx, rx) = RingBuffer::<f32>::new(4 * BLOCK_SAMPLES);
        for _ in 0..3 {
            tx.push_entire_slice(&[0.5; BLOCK_SAMPLES]).unwrap();
        }
        let shared = Arc::new(Shared::default());
        let handle = spawn(fake, rx, shared.clone()).unwrap();
        wait_for("three blocks", || shared.stats().blocks_written >= 3);
        shared.stop.store(true, Ordering::Release);
        handle.join().unwrap();
        let stats = shared.stats();
        assert_eq!(stats.blocks_written, 3);
        assert_eq!(
            stats.underruns, 2,
            "EPIPE and ESTRPIPE recovered and counted"
        );
        assert!(!shared.running.load(Ordering::Acquire));
        assert_eq!(shared.error(), None);
        // Every frame of every block went out once: none lost or repeated by the short
        // writes and the recoveries.
        assert_eq!(taken.load(Ordering::Relaxed), 3 * BLOCK_FRAMES);
    }

    #[test]
    fn an_empty_ring_writes_silence_so_the_device_never_starves() {
        let taken = Arc::new(AtomicUsize::new(0));
        let fake = Fake {
            script: VecDeque::new(),
            taken,
            recoverable: true,
        };
        let (_tx, rx) = RingBuffer::<f32>::new(2 * BLOCK_SAMPLES);
        let shared = Arc::new(Shared::default());
        let handle = spawn(fake, rx, shared.clone()).unwrap();
        wait_for("silence", || shared.stats().silence_blocks >= 3);
        shared.stop.store(true, Ordering::Release);
        handle.join().unwrap();
        assert_eq!(shared.stats().blocks_written, 0);
    }

    #[test]
    fn a_device_that_cannot_recover_stops_the_thread_with_one_line() {
        let fake = Fake {
            script: [Ok(10), Err(-EPIPE)].into_iter().collect(),
            taken: Arc::new(AtomicUsize::new(0)),
            recoverable: false,
        };
        let (mut tx, rx) = RingBuffer::<f32>::new(2 * BLOCK_SAMPLES);
        tx.push_entire_slice(&[0.0; BLOCK_SAMPLES]).unwrap();
        let shared = Arc::new(Shared::default());
        let handle = spawn(fake, rx, shared.clone()).unwrap();
        handle.join().unwrap();
        assert!(!shared.running.load(Ordering::Acquire));
        let error = shared.error().expect("the thread's error");
        assert!(error.starts_with("sound off: "), "{error}");
        assert!(!error.contains('\n'), "{error:?}");
        assert_eq!(shared.stats().blocks_written, 0);
        assert_eq!(shared.stats().underruns, 0);
    }

    #[test]
    fn the_pacer_lends_the_bank_then_makes_the_thread_wait() {
        let mut pacer = Pacer::new(BLOCK_FRAMES);
        assert_eq!(pacer.wait(), Duration::ZERO);
        // Ten seconds of frames over the bank: the wait is long whatever the clock did.
        pacer.spend(BLOCK_FRAMES + 10 * RATE as usize);
        assert!(pacer.wait() > Duration::from_secs(5));
    }
}
