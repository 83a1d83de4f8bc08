//! The mission editor's model (REQ §31): a map and its scenario as the texts the game
//! ships, painted and written through commands with undo and redo, checked by the
//! loaders' own code on every edit, and kept in the player's data directory.
//!
//! - [`doc`]: a map's text as lines, its grid cells editable in place (byte-stable).
//! - [`paint`]: brush, line, rectangle and fill over the grid.
//! - [`forms`]: the scenario's header and statements written from small forms.
//! - [`history`]: undo and redo of every edit.
//! - [`problems`]: every error and warning, each at its `file:line:col` (and cell).
//! - [`missions`]: `missions/NAME.map` + `.scn` in the data directory, saved safely.
//! - [`state`]: the editor itself, one [`state::Command`] at a time.
//! - [`modal`]: the forms as fields the screen shows (typed, chosen, accepted).
//! - [`preview`]: what the screen draws of a mission that may not load, its
//!   statements, areas and the forms' choices.
//! - [`sample`]: a small mission made through the commands (the screenshots' and the
//!   tests').
//!
//! No window here: the screen draws an [`state::Editor`] and sends it commands.

pub mod doc;
pub mod forms;
pub mod history;
pub mod missions;
pub mod modal;
pub mod paint;
pub mod preview;
pub mod problems;
pub mod sample;
pub mod state;
