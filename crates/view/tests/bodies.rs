//! The bodies (REQ V1): the pose sheet drawn into `docs/img/bodies_sheet.png` and, at
//! twice the size, `bodies_sheet_2x.png` (compared exactly; `UPDATE_DOCS_IMG=1` redraws
//! them), and what it must show, measured on its cells: every kind's silhouette its
//! own, every pose a different picture from standing, the blade's three swings three
//! different pictures, every kind's rim showing in the dark.

// The goldens' helpers (this file compares documentation frames only).
#[allow(dead_code)]
mod common;

use raster::Framebuffer;
use view::sheet::{cell_rect, pose_sheet, COLUMNS, ROWS};

fn sheet_path(name: &str) -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../docs/img")
        .join(name)
}

/// The cell's pixels that are not the empty floor: the figure's ink.
fn ink(fb: &Framebuffer, r: usize, c: usize, dark: bool) -> Vec<bool> {
    let (x0, y0, w, h) = cell_rect(r, c, dark, fb.scale());
    let floor = fb.get_rgba(x0 as i32 + 1, y0 as i32 + 1).unwrap();
    let mut m = Vec::with_capacity(w * h);
    for y in y0..y0 + h {
        for x in x0..x0 + w {
            let p = fb.get_rgba(x as i32, y as i32).unwrap();
            let d = (p.r as i32 - floor.r as i32).abs()
                + (p.g as i32 - floor.g as i32).abs()
                + (p.b as i32 - floor.b as i32).abs();
            m.push(d > 12);
        }
    }
    m
}

/// Pixels set in one mask and not the other.
fn differ(a: &[bool], b: &[bool]) -> usize {
    a.iter().zip(b).filter(|(x, y)| x != y).count()
}

/// Intersection over union of two masks.
fn iou(a: &[bool], b: &[bool]) -> f32 {
    let i = a.iter().zip(b).filter(|(x, y)| **x && **y).count();
    let u = a.iter().zip(b).filter(|(x, y)| **x || **y).count();
    i as f32 / u.max(1) as f32
}

/// The cells' colours, channel by channel: two pictures of the same shape can differ in
/// what is drawn inside it.
fn picture(fb: &Framebuffer, r: usize, c: usize) -> Vec<u32> {
    let (x0, y0, w, h) = cell_rect(r, c, false, fb.scale());
    let mut v = Vec::with_capacity(w * h);
    for y in y0..y0 + h {
        for x in x0..x0 + w {
            v.push(fb.get(x as i32, y as i32).unwrap());
        }
    }
    v
}

fn changed(a: &[u32], b: &[u32]) -> usize {
    a.iter().zip(b).filter(|(x, y)| x != y).count()
}

#[test]
fn the_pose_sheet_is_drawn() {
    let fb = pose_sheet(1.0);
    common::check_image(&sheet_path("bodies_sheet.png"), &fb, "UPDATE_DOCS_IMG");
    let big = pose_sheet(2.0);
    common::check_image(&sheet_path("bodies_sheet_2x.png"), &big, "UPDATE_DOCS_IMG");
}

#[test]
fn every_kind_has_its_own_silhouette_at_720p() {
    let fb = pose_sheet(1.0);
    // One row per kind (the blade's first), standing and walking.
    let kinds: Vec<usize> = (0..ROWS.len()).filter(|&r| r != 2 && r != 3).collect();
    for col in [0, 1, 3] {
        for (i, &a) in kinds.iter().enumerate() {
            for &b in &kinds[i + 1..] {
                let (ma, mb) = (ink(&fb, a, col, false), ink(&fb, b, col, false));
                let o = iou(&ma, &mb);
                println!(
                    "{} / {} {}: overlap {o:.2}",
                    ROWS[a].2, ROWS[b].2, COLUMNS[col]
                );
                assert!(
                    o < 0.72,
                    "{} and {} ({}) share {o:.2} of their silhouettes",
                    ROWS[a].2,
                    ROWS[b].2,
                    COLUMNS[col]
                );
            }
        }
    }
}

#[test]
fn every_pose_is_a_different_picture() {
    let fb = pose_sheet(1.0);
    for (r, row) in ROWS.iter().enumerate() {
        let idle = picture(&fb, r, 0);
        let idle_ink = ink(&fb, r, 0, false);
        for (c, col) in COLUMNS.iter().enumerate().skip(1) {
            if (1..=5).contains(&c) && row.2 == "nest" {
                continue; // a nest neither walks nor strikes
            }
            let n = changed(&idle, &picture(&fb, r, c));
            let shape = differ(&idle_ink, &ink(&fb, r, c, false));
            println!(
                "{} {}: {n} pixels changed, {shape} of the shape",
                row.2, col
            );
            assert!(n >= 40, "{} {} is {n} pixels from standing", row.2, col);
            if c >= 4 {
                assert!(shape >= 25, "{} {}: its shape moves {shape} px", row.2, col);
            }
        }
        if row.2 != "nest" {
            // The stride's two halves are two pictures.
            let n = changed(&picture(&fb, r, 1), &picture(&fb, r, 2));
            assert!(n >= 40, "{}: the walk's two halves differ by {n} px", row.2);
        }
    }
}

#[test]
fn the_blades_three_swings_are_three_pictures() {
    let fb = pose_sheet(1.0);
    for c in [4, 5] {
        for (a, b) in [(1, 2), (1, 3), (2, 3)] {
            let n = differ(&ink(&fb, a, c, false), &ink(&fb, b, c, false));
            println!("{} / {} {}: {n} px", ROWS[a].2, ROWS[b].2, COLUMNS[c]);
            assert!(
                n >= 60,
                "{} and {} {} differ by {n} px",
                ROWS[a].2,
                ROWS[b].2,
                COLUMNS[c]
            );
        }
    }
}

#[test]
fn every_kind_shows_its_rim_in_the_dark() {
    let fb = pose_sheet(1.0);
    for (r, row) in ROWS.iter().enumerate() {
        for (c, col) in COLUMNS.iter().enumerate().take(7) {
            let (x0, y0, w, h) = cell_rect(r, c, true, 1.0);
            let mut rim = 0;
            for y in y0..y0 + h {
                for x in x0..x0 + w {
                    let p = fb.get_rgba(x as i32, y as i32).unwrap();
                    if (77 * p.r as u32 + 150 * p.g as u32 + 29 * p.b as u32) >> 8 >= 30 {
                        rim += 1;
                    }
                }
            }
            assert!(rim >= 20, "{} {} in the dark: {rim} rim pixels", row.2, col);
        }
    }
}
