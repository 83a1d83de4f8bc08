//! The save loader on arbitrary bytes: as a whole file (the envelope's checks), and as
//! the body of a valid envelope (the decoder and the state checks behind the hash).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    sim::record::probe::save(data);
    sim::record::probe::save_body(data);
});
