//! Replays and saves (REQ §17): the files a run leaves behind and how they are read.
//! Encoding only — reading and writing files is the app's.
//!
//! - [`container`]: the envelope (magic, format version, game version, postcard body,
//!   SHA-256) and its refusals;
//! - [`origin`]: the run's map and scenario texts, tuning and seed;
//! - [`replay`]: the per-tick inputs (run-length encoded), tuning changes and the
//!   checksum of every tick; recording, verifying and stepping a replay;
//! - [`save`]: the world's state with the pilot's and the view's;
//! - [`probe`]: every loader fed arbitrary bytes (the fuzzers' and property tests'
//!   entry points).

pub mod container;
pub(crate) mod origin;
pub mod probe;
pub mod replay;
pub(crate) mod save;

pub use origin::{apply_pacing, Origin};
pub use replay::{Recorder, Replay};
pub use save::Save;
