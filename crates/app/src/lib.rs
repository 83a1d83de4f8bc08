//! The `squad_proto` application: loading, the acceptance run, headless runs and
//! screenshots, and the window. `main.rs` is only the CLI.

pub mod accept;
pub mod bench;
pub mod headless;
pub mod screenshot;
pub mod setup;
pub mod window;
