//! A manual check of the live output (REQ §21 AU5): 2 s of a 440 Hz sine through
//! `AudioOut`, pushed one block per 60 Hz tick as the game does, then the counters and
//! the latency.
//!
//! `cargo run --release -p app --example tone [DEVICE]` (default: "default"; "null"
//! plays to nowhere at the device's pace, wherever libasound is installed).

use app::audio_out::{AudioOut, BLOCK_FRAMES, BLOCK_SAMPLES, CHANNELS, RATE};
use std::time::{Duration, Instant};

fn main() {
    let device = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "default".to_string());
    let mut out = match AudioOut::open(&device, AudioOut::LIBRARY) {
        Ok(out) => out,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    println!(
        "device {:?}: device buffer {:.2} ms, latency (ring + device) {:.2} ms",
        out.device(),
        out.device_buffer_ms(),
        out.latency_ms()
    );
    let blocks = 2 * RATE as usize / BLOCK_FRAMES;
    let tick = Duration::from_secs_f64(BLOCK_FRAMES as f64 / RATE as f64);
    let step = 440.0 * std::f64::consts::TAU / RATE as f64;
    let mut block = vec![0.0f32; BLOCK_SAMPLES];
    let start = Instant::now();
    for n in 0..blocks {
        for (i, frame) in block.chunks_mut(CHANNELS).enumerate() {
            let t = (n * BLOCK_FRAMES + i) as f64;
            frame.fill(((t * step).sin() * 0.3) as f32);
        }
        out.push(&block);
        // The game's pace: one block per tick, by the system clock.
        let next = start + tick * (n as u32 + 1);
        std::thread::sleep(next.saturating_duration_since(Instant::now()));
    }
    // Let what is queued reach the device before closing it.
    std::thread::sleep(Duration::from_secs_f32(out.latency_ms() / 1000.0));
    println!(
        "{blocks} blocks in {:.2} s: {:?}",
        start.elapsed().as_secs_f32(),
        out.stats()
    );
    if let Some(e) = out.error() {
        println!("{e}");
    }
}
