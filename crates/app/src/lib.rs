//! The `squad_proto` application: loading, the acceptance run, headless runs and
//! screenshots, the player's shell (title, menus, results) and the window. `main.rs`
//! is only the CLI.

pub mod accept;
pub mod bench;
pub mod catalog;
pub mod files;
pub mod headless;
pub mod play;
pub mod runner;
pub mod save_check;
pub mod screenshot;
pub mod setup;
pub mod shell;
pub mod soak;
pub mod window;
