//! Errors the window meets while running (the surface, presenting, F12): said in the
//! window and printed to stderr, but an error repeated every frame is printed rarely,
//! and a display that keeps failing ends the game instead of leaving it frozen.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// Distinct messages remembered by [`Throttle`]; past this it starts over (bounded
/// memory even if messages carry changing numbers).
const REMEMBERED: usize = 32;

/// Rate limit for stderr: each distinct message is printed at its 1st, 10th, 100th, …
/// occurrence, so a failure every frame prints a handful of lines, not thousands.
#[derive(Default)]
pub struct Throttle {
    seen: BTreeMap<String, u64>,
}

impl Throttle {
    /// Counts `message`; the line to print, if this occurrence is one to print.
    pub fn note(&mut self, message: &str) -> Option<String> {
        if !self.seen.contains_key(message) && self.seen.len() >= REMEMBERED {
            self.seen.clear();
        }
        let n = self.seen.entry(message.to_string()).or_insert(0);
        *n += 1;
        let n = *n;
        let power_of_ten = n.checked_ilog10().is_some_and(|e| 10u64.pow(e) == n);
        match n {
            1 => Some(message.to_string()),
            _ if power_of_ten => Some(format!("{message} (seen {n} times)")),
            _ => None,
        }
    }
}

/// Frames in a row that must fail, and for how long at least, before the window gives
/// up: a resize can fail for a frame or two, a lost display fails for good.
pub const GIVE_UP_FRAMES: u32 = 120;
pub const GIVE_UP_AFTER: Duration = Duration::from_secs(3);

/// Consecutive frames that could not be shown.
#[derive(Default)]
pub struct FrameFailures {
    count: u32,
    since: Option<Instant>,
}

impl FrameFailures {
    /// A frame failed at `now`; `Some(why)` once the failure counts as persistent.
    pub fn failed(&mut self, now: Instant) -> Option<String> {
        self.count += 1;
        let since = *self.since.get_or_insert(now);
        let for_ = now.saturating_duration_since(since);
        (self.count >= GIVE_UP_FRAMES && for_ >= GIVE_UP_AFTER).then(|| {
            format!(
                "{} frames in a row over {:.1} s could not be shown",
                self.count,
                for_.as_secs_f32()
            )
        })
    }

    /// A frame was shown; how many failed before it, if any did.
    pub fn shown(&mut self) -> Option<u32> {
        let n = std::mem::take(&mut self.count);
        self.since = None;
        (n > 0).then_some(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_repeated_error_is_printed_rarely() {
        let mut t = Throttle::default();
        let printed: Vec<(u64, String)> = (1..=1000)
            .filter_map(|i| t.note("cannot present the frame").map(|l| (i, l)))
            .collect();
        let at: Vec<u64> = printed.iter().map(|(i, _)| *i).collect();
        assert_eq!(at, [1, 10, 100, 1000]);
        assert_eq!(printed[0].1, "cannot present the frame");
        assert_eq!(printed[1].1, "cannot present the frame (seen 10 times)");
    }

    #[test]
    fn distinct_errors_each_print_once() {
        let mut t = Throttle::default();
        assert!(t.note("a").is_some());
        assert!(t.note("b").is_some());
        assert!(t.note("a").is_none());
        assert!(t.note("b").is_none());
    }

    #[test]
    fn the_throttle_memory_is_bounded() {
        let mut t = Throttle::default();
        for i in 0..1000 {
            assert!(t.note(&format!("error {i}")).is_some());
        }
        assert!(t.seen.len() <= REMEMBERED);
    }

    #[test]
    fn only_a_persistent_failure_gives_up() {
        let t0 = Instant::now();
        let mut f = FrameFailures::default();
        // Many frames in a moment: not yet persistent.
        for _ in 0..GIVE_UP_FRAMES * 2 {
            assert!(f.failed(t0).is_none());
        }
        // Long but only one frame after a success: not persistent either.
        assert_eq!(f.shown(), Some(GIVE_UP_FRAMES * 2));
        assert_eq!(f.shown(), None);
        assert!(f.failed(t0).is_none());
        let later = t0 + GIVE_UP_AFTER * 2;
        // Failed frames 2 ..= GIVE_UP_FRAMES − 1, long after the first.
        for n in 2..GIVE_UP_FRAMES {
            assert!(f.failed(later).is_none(), "frame {n}");
        }
        let why = f.failed(later).expect("gives up");
        assert!(why.starts_with(&format!("{GIVE_UP_FRAMES} frames in a row over 6.0 s")));
    }
}
