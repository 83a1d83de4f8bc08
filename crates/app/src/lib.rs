//! The `squad_proto` application: loading, the one session type every mode steps, the
//! cosmetics feed, the frame composer, the acceptance run, headless runs and
//! screenshots, the player's shell (title, menus, results) and the window. `main.rs`
//! is only the CLI.

pub mod accept;
pub mod audio_out;
pub mod bench;
pub mod cosmetics;
pub mod curve;
pub mod editor;
pub mod files;
pub mod frame;
pub mod generate;
pub mod headless;
pub mod hud;
pub mod loudness;
pub mod runner;
pub mod save_check;
pub mod screenshot;
pub mod session;
pub mod setup;
pub mod shell;
pub mod soak;
pub mod studio_frame;
pub mod wav;
pub mod window;
