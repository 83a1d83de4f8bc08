//! The player's shell drawn over a frame (REQ §20, §23, X9): the title (its top menu,
//! the scenario lists, the campaign and a mission's briefing, the settings), help, pause
//! and results screens. Each is a function of a view model of plain data (labels, the
//! selected row, numbers: [`ScreenView`]) that the app fills from its menus, drawn
//! with the embedded font at the frame's UI scale (1.5 at 1080p: [`ui`]), the text
//! rasterised at its size. The app owns what a key does; the view only draws.
//!
//! Layout is in units of the 1280×720 design frame; on another size the screens keep
//! their proportions from the centre.

pub mod campaign;
pub mod editor;
pub mod help;
pub mod layout;
pub mod make;
pub mod pause;
pub mod results;
pub mod screen;
pub mod settings;
pub mod style;
pub mod title;
pub mod ui;

pub use campaign::{BriefingView, CampaignView, Mark, MemberLine, MissionRow, Standing};
pub use editor::EditorView;
pub use help::draw_help;
pub use layout::{Layout, Rect};
pub use make::MakeView;
pub use pause::PauseView;
pub use results::{MissionResults, ObjectiveResult, Outcome, Results, RunTally};
pub use screen::ScreenView;
pub use settings::SettingsView;
pub use style::{
    centre_x, centre_y, centred, clock_text, dim, panel, text, ACCENT, DANGER, INK, INK_DIM, PANEL,
    PANEL_EDGE, SAFE, SELECT_BAR,
};
pub use title::{TitleView, TopView};
pub use ui::{design_point, ui_scale, ui_size, ui_units};
