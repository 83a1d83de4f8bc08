//! The `squad_proto` application: loading, the acceptance run, headless runs, and (with
//! a display) the window. `main.rs` is only the CLI.

pub mod accept;
pub mod headless;
pub mod setup;
