//! The tuning loader on arbitrary bytes (and what it accepts, played a few ticks).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| sim::record::probe::tuning(data));
