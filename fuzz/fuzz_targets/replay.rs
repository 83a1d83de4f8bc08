//! The replay loader on arbitrary bytes: as a whole file (the envelope's checks), and as
//! the body of a valid envelope (the decoder and the state checks behind the hash).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    sim::record::probe::replay(data);
    sim::record::probe::replay_body(data);
});
