//! `Mixer::render` (and `play`, `place`, `release`) allocate nothing: a counting
//! global allocator watches a busy second of blocks with the cap full and stealing.
//! It counts on the test's own thread only: the test harness's other threads allocate
//! when they like (a CI clone on a loaded machine saw 4 of theirs).

mod common;

use audio::*;
use common::*;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;

static ALLOCS: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    /// Set on the thread whose allocations count (a const `Cell`: no allocation, no
    /// destructor, safe to read inside the allocator).
    static COUNTED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        if COUNTED.try_with(|c| c.get()).unwrap_or(false) {
            ALLOCS.fetch_add(1, Ordering::Relaxed);
        }
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        unsafe { System.dealloc(p, l) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn playing_and_rendering_allocate_nothing() {
    let mut m = Mixer::new(48);
    let mut noise = held(Wave::Pink, 0.0, 0.05);
    noise.filter = FilterKind::BandPass;
    noise.cutoff = 900.0;
    let mut thump = Layer::new(Wave::Sine);
    thump.freq_end = 40.0;
    thump.sweep = 0.1;
    let patch = Patch::new(&[noise, thump, held(Wave::Saw, 110.0, 0.05)]);
    let mut out = [0.0f32; 2 * BLOCK];
    m.render(&mut out);
    COUNTED.with(|c| c.set(true));
    let before = ALLOCS.load(Ordering::Relaxed);
    for t in 0..60u32 {
        for k in 0..6 {
            let place = Placement {
                pan: k as f32 / 6.0 - 0.5,
                lowpass: 2000.0,
                reverb: 0.3,
                gain: 0.3,
            };
            if let Some(id) = m.play(Play {
                priority: (t % 5) as f32,
                ..play_of(patch.clone(), place, t * 8 + k)
            }) {
                m.place(id, Placement { pan: 0.2, ..place });
                if k == 0 {
                    m.release(id, 0.02);
                }
            }
        }
        m.render(&mut out);
    }
    let after = ALLOCS.load(Ordering::Relaxed);
    COUNTED.with(|c| c.set(false));
    assert_eq!(after, before, "allocations while playing");
    assert!(m.stats().stolen > 0 && m.voices() == 48);
}
