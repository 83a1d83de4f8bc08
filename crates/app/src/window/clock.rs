//! The fixed-step clock (S1.2, S1.4): real time in, whole 60 Hz ticks out, and the
//! fraction of a tick left over that the frame interpolates by ("fix your timestep").
//! Time is passed in, never read here, so the stepping is testable without waiting.

use std::time::{Duration, Instant};

use sim::tuning::DT;

/// Longest frame the accumulator accepts: after a stall the game slows down instead of
/// running hundreds of ticks at once.
pub const MAX_FRAME: f32 = 0.25;

/// Real seconds → whole simulation ticks.
pub struct Clock {
    last: Instant,
    accumulator: f32,
}

impl Clock {
    pub fn new(now: Instant) -> Clock {
        Clock {
            last: now,
            accumulator: 0.0,
        }
    }

    /// Starts measuring from `now` (the window just opened: the time spent opening it is
    /// not game time).
    pub fn restart_from(&mut self, now: Instant) {
        self.last = now;
    }

    /// Real seconds since the last call, clamped to [`MAX_FRAME`]. Measured while paused
    /// too, so unpausing does not release the paused time at once.
    pub fn frame(&mut self, now: Instant) -> f32 {
        let dt = now.saturating_duration_since(self.last).as_secs_f32();
        self.last = now;
        dt.min(MAX_FRAME)
    }

    /// Banks `dt` seconds (none while paused) and takes out the whole ticks now due.
    /// One subtraction per tick, as the loop always did, so the rounding is unchanged.
    pub fn take_ticks(&mut self, dt: f32, paused: bool) -> u32 {
        if paused {
            return 0;
        }
        self.accumulator += dt;
        let mut n = 0;
        while self.accumulator >= DT {
            self.accumulator -= DT;
            n += 1;
        }
        n
    }

    /// How far the frame is between the previous tick (0) and the last one (1). Paused,
    /// the last tick is shown as it is.
    pub fn alpha(&self, paused: bool) -> f32 {
        if paused {
            1.0
        } else {
            (self.accumulator / DT).clamp(0.0, 1.0)
        }
    }
}

/// Frame rate and mean tick cost, summed up once a second for the overlay (Q1).
pub struct Stats {
    since: Instant,
    frames: u32,
    ticks: u32,
    tick_time: Duration,
}

/// One second's numbers.
#[derive(Debug, PartialEq)]
pub struct Summary {
    pub fps: f32,
    /// Mean milliseconds per tick; 0 when no tick ran (paused).
    pub tick_ms: f32,
}

impl Stats {
    pub fn new(now: Instant) -> Stats {
        Stats {
            since: now,
            frames: 0,
            ticks: 0,
            tick_time: Duration::ZERO,
        }
    }

    /// One simulation tick took `took`.
    pub fn tick(&mut self, took: Duration) {
        self.ticks += 1;
        self.tick_time += took;
    }

    /// A frame was drawn; once a second has passed, the summary of that second.
    pub fn frame(&mut self, now: Instant) -> Option<Summary> {
        self.frames += 1;
        let since = now.saturating_duration_since(self.since).as_secs_f32();
        if since < 1.0 {
            return None;
        }
        let summary = Summary {
            fps: self.frames as f32 / since,
            tick_ms: if self.ticks > 0 {
                self.tick_time.as_secs_f32() * 1000.0 / self.ticks as f32
            } else {
                0.0
            },
        };
        *self = Stats::new(now);
        Some(summary)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(s: f32) -> Duration {
        Duration::from_secs_f32(s)
    }

    #[test]
    fn one_sixtieth_of_a_second_is_one_tick() {
        let mut c = Clock::new(Instant::now());
        assert_eq!(c.take_ticks(DT, false), 1);
        assert_eq!(c.alpha(false), 0.0);
    }

    #[test]
    fn a_short_frame_carries_over_and_interpolates() {
        let mut c = Clock::new(Instant::now());
        assert_eq!(c.take_ticks(DT * 0.5, false), 0);
        assert!((c.alpha(false) - 0.5).abs() < 1e-4);
        assert_eq!(c.take_ticks(DT * 0.75, false), 1);
        assert!((c.alpha(false) - 0.25).abs() < 1e-3);
    }

    #[test]
    fn a_long_stall_is_clamped() {
        let t0 = Instant::now();
        let mut c = Clock::new(t0);
        let dt = c.frame(t0 + secs(10.0));
        assert_eq!(dt, MAX_FRAME);
        let n = c.take_ticks(dt, false);
        // 0.25 s is 15 ticks; float rounding may leave the 15th in the accumulator.
        assert!((14..=15).contains(&n), "{n} ticks");
        assert!(c.alpha(false) < 1.0);
    }

    #[test]
    fn frame_measures_from_the_last_call() {
        let t0 = Instant::now();
        let mut c = Clock::new(t0);
        assert!((c.frame(t0 + secs(0.1)) - 0.1).abs() < 1e-6);
        assert!((c.frame(t0 + secs(0.15)) - 0.05).abs() < 1e-6);
        c.restart_from(t0 + secs(5.0));
        assert!((c.frame(t0 + secs(5.02)) - 0.02).abs() < 1e-6);
    }

    #[test]
    fn alpha_stays_in_zero_to_one() {
        let mut c = Clock::new(Instant::now());
        for i in 0..500 {
            let dt = (i % 37) as f32 * 0.0013;
            c.take_ticks(dt, false);
            let a = c.alpha(false);
            assert!((0.0..1.0).contains(&a), "alpha {a} after step {i}");
        }
    }

    #[test]
    fn paused_banks_nothing_and_shows_the_last_tick() {
        let mut c = Clock::new(Instant::now());
        c.take_ticks(DT * 0.5, false);
        assert_eq!(c.take_ticks(1.0, true), 0);
        assert_eq!(c.alpha(true), 1.0);
        assert!((c.alpha(false) - 0.5).abs() < 1e-4);
    }

    #[test]
    fn stats_sum_up_once_a_second() {
        let t0 = Instant::now();
        let mut s = Stats::new(t0);
        s.tick(Duration::from_millis(2));
        s.tick(Duration::from_millis(4));
        assert_eq!(s.frame(t0 + secs(0.5)), None);
        let sum = s.frame(t0 + secs(1.0)).unwrap();
        assert!((sum.fps - 2.0).abs() < 1e-4);
        assert!((sum.tick_ms - 3.0).abs() < 1e-4);
        // Started over: a second without ticks reports 0 ms per tick.
        let sum = s.frame(t0 + secs(2.0)).unwrap();
        assert!((sum.fps - 1.0).abs() < 1e-4);
        assert_eq!(sum.tick_ms, 0.0);
    }
}
