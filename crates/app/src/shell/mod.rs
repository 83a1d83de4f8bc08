//! The player's shell without a window (REQ §20, §23 C2/C4): the title's pages — its
//! top menu (Campaign / Free play / Test range / Settings / Quit), the campaign's list
//! and a mission's briefing, the free play and test range lists with their seed and
//! difficulty, the settings with the key rebinding — the pause menu, the results' keys,
//! what their keys do, and the view models their screens are drawn from
//! ([`views`]). Keys arrive as [`MenuKey`]s so
//! the keyboard, the mouse and a gamepad can all drive the menus (the one raw key read
//! here is a rebinding's capture, [`TitleMenu::capture`]); the window maps its keys,
//! `--screenshot --screen` draws the same screens headless.
//!
//! The rooms: [`menu`] (the menus' keys, the seed choice, the difficulty steps),
//! [`title`] (the title's pages and their keys), [`settings_page`] (the
//! settings' rows and the rebinding), [`pause`], [`results`] (the results' keys),
//! [`screen`] (where the window is, and the frame's screen filled from the menus),
//! [`views`] (each page's view model: the view draws it); and
//! the controls' tables in the player's keys ([`keys_listed`]), the movement keys' frame
//! and the disk's release ([`controls`]); the player's files and lists: [`settings`],
//! [`bindings`], [`progress`] (with the campaign's [`squad`], its section [`squad_file`],
//! its words [`squad_view`]), [`catalog`], [`campaign`]; the mission editor's Make
//! page ([`make`]) and its screen ([`studio`], REQ §31).

pub mod bindings;
pub mod campaign;
pub mod catalog;
pub mod controls;
pub mod keys_listed;
pub mod make;
pub mod menu;
pub mod pause;
pub mod progress;
pub mod progress_report;
pub mod prompts;
pub mod results;
pub mod salvage;
pub mod screen;
pub mod settings;
pub mod settings_page;
pub mod squad;
pub mod squad_file;
pub mod squad_view;
pub mod stamp;
pub mod studio;
pub mod title;
pub mod views;

// The rooms' names in one place for other crates (the app's tests and benches); inside
// the crate each file imports from the file that defines the name.
pub use menu::{random_seed, MenuKey, SeedChoice};
pub use pause::{PauseItem, PauseMenu, PAUSE_ITEMS, REPLAY_PAUSE_ITEMS};
pub use results::{results_key, results_keys, ResultsAction};
pub use screen::{Menus, Screen};
pub use settings_page::{setting_rows, SettingRow, SettingsMenu};
pub use title::{Page, TitleAction, TitleMenu, TopItem, TOP_ITEMS};
pub use views::{pause_view, settings_view, title_view, Lists};
