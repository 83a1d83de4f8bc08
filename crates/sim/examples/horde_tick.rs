//! Times the horde tick (REQ P2) outside criterion, for profiling under `perf` and for
//! quick before/after runs:
//!
//! `cargo run --release -p sim --example horde_tick -- [PER_SPAWN] [ARENA] [TICKS] [RUNS]`
//!
//! Defaults: 1250 shamblers per spawn (10 000) in `horde_arena(192)`, 300 ticks after a
//! 120-tick warm-up, 3 runs. Prints every run's mean tick, then the median and minimum,
//! and a checksum of the final world so a speed-up that changes the simulation shows.
//! On Linux each run's on-CPU time (from `/proc/thread-self/schedstat`) is printed too:
//! on a shared, loaded machine it varies far less than the wall clock.
use std::sync::Arc;
use std::time::Instant;

use sim::script::scenario::Scenario;
use sim::space::map::Map;
use sim::tuning::Tuning;
use sim::world::{tick, TickInput, World};

fn arg(k: usize, default: usize) -> usize {
    std::env::args()
        .nth(k)
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// Nanoseconds this thread has spent on a CPU (Linux), 0 where unknown.
fn cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

fn main() {
    let per_spawn = arg(1, 1250);
    let arena = arg(2, 192);
    let n = arg(3, 300);
    let runs = arg(4, 3);
    let map = Arc::new(Map::parse("arena", &sim::content::horde_arena(arena)).unwrap());
    let scn = sim::content::horde_waves(per_spawn as u32);
    let sc = Scenario::parse("arena", &scn).unwrap();
    let mut times = Vec::new();
    let mut cpu_times = Vec::new();
    let mut sum = 0;
    for _ in 0..runs {
        let mut w = World::new(map.clone(), &sc, Tuning::default());
        for _ in 0..120 {
            tick(&mut w, &TickInput::default());
        }
        let (t0, c0) = (Instant::now(), cpu_ns());
        for _ in 0..n {
            tick(&mut w, &TickInput::default());
        }
        let ms = t0.elapsed().as_secs_f64() * 1000.0 / n as f64;
        let cpu = (cpu_ns() - c0) as f64 * 1e-6 / n as f64;
        println!("run {ms:.3} ms/tick (on-CPU {cpu:.3} ms)");
        times.push(ms);
        cpu_times.push(cpu);
        sum = w.checksum();
    }
    times.sort_by(f64::total_cmp);
    cpu_times.sort_by(f64::total_cmp);
    println!(
        "{} enemies, arena {arena}, {n} ticks: median {:.3} ms, min {:.3} ms (on-CPU median {:.3}, min {:.3}), checksum {sum:016x}",
        per_spawn * 8,
        times[times.len() / 2],
        times[0],
        cpu_times[cpu_times.len() / 2],
        cpu_times[0]
    );
}
