//! The brightness setting (REQ C4) on the frame's pixels: a gamma applied once to the
//! finished frame by the composer. At 0 (gamma 1.0) the frame is today's, byte for byte
//! (the pause golden, drawn before the setting existed, still matches); every step up
//! lifts the measured mean luma, every step down lowers it; black stays black. The
//! settings page's calibration mark is drawn under the same gamma. Render-only: the run
//! underneath is the same world, tick and checksum at every brightness.

#[path = "../../view/tests/common/mod.rs"]
mod common;

use app::screenshot::{render_screen, render_screen_with, Profile, Shot};
use app::setup::load;
use app::shell::catalog::catalog;
use app::shell::settings::Settings;
use app::shell::Page;
use app::shell::Screen;
use common::check_golden;
use raster::Framebuffer;

fn profile(brightness: i8) -> Profile {
    Profile {
        settings: Settings {
            brightness,
            ..Settings::default()
        },
        ..Profile::default()
    }
}

/// Mean Rec. 709 luma of the frame, 0 … 255.
fn mean_luma(fb: &Framebuffer) -> f64 {
    let sum: f64 = fb
        .pixels
        .iter()
        .map(|&p| {
            let (r, g, b) = ((p >> 16) & 255, (p >> 8) & 255, p & 255);
            0.2126 * r as f64 + 0.7152 * g as f64 + 0.0722 * b as f64
        })
        .sum();
    sum / fb.pixels.len() as f64
}

#[test]
fn brightness_zero_is_today_s_frame_byte_for_byte() {
    let setup = load(None, "combat_route", None, None, None).unwrap();
    let shot = Shot {
        screen: Screen::Pause,
        ..Shot::game()
    };
    let (fb, _) = render_screen_with(&setup, 12.0, &shot, &[], &profile(0));
    check_golden("shell_pause", &fb);
    let (plain, _) = render_screen(&setup, 12.0, &shot, &[]);
    assert!(fb == plain, "the default settings are brightness 0");
}

#[test]
fn each_brightness_step_changes_the_mean_luma_and_nothing_else() {
    let setup = load(None, "combat_route", None, None, None).unwrap();
    let shot = Shot::game();
    let mut lumas = Vec::new();
    let mut worlds = Vec::new();
    let mut frames = Vec::new();
    for b in -5..=5i8 {
        let (fb, w) = render_screen_with(&setup, 30.0, &shot, &[], &profile(b));
        let l = mean_luma(&fb);
        eprintln!(
            "brightness {b:+}: gamma {:.3}, mean luma {l:.2}",
            app::shell::settings::gamma_of(b)
        );
        lumas.push(l);
        worlds.push((w.tick(), w.checksum()));
        frames.push(fb);
    }
    for (i, pair) in lumas.windows(2).enumerate() {
        assert!(
            pair[1] > pair[0],
            "step {} -> {}: {} then {}",
            i as i32 - 5,
            i as i32 - 4,
            pair[0],
            pair[1]
        );
    }
    // The brightest frame at least a third brighter than today's, the darkest darker.
    assert!(lumas[10] > lumas[5] * 1.33, "{lumas:?}");
    assert!(lumas[0] < lumas[5] * 0.8, "{lumas:?}");
    // Black stays black: a pixel black at 0 is black at every step.
    let base = &frames[5];
    for fb in &frames {
        let lifted = base
            .pixels
            .iter()
            .zip(&fb.pixels)
            .filter(|(a, b)| **a == 0 && **b != 0)
            .count();
        assert_eq!(lifted, 0);
    }
    assert!(
        worlds.iter().all(|w| *w == worlds[0]),
        "the run is the same at every brightness"
    );
}

#[test]
fn the_calibration_mark_is_drawn_under_the_gamma() {
    use view::screens::settings::{MARK, PICTURE};
    let setup = load(None, "combat_route", None, None, None).unwrap();
    let shot = Shot {
        screen: Screen::Title,
        page: Page::Settings,
        ..Shot::game()
    };
    let entries = catalog(&[]);
    let at = |b: i8| {
        let (fb, _) = render_screen_with(&setup, 5.0, &shot, &entries, &profile(b));
        let centre = fb.get(PICTURE.x + PICTURE.w / 2, PICTURE.y + PICTURE.h / 2);
        let corner = fb.get(PICTURE.x + 4, PICTURE.y + 4);
        (centre.unwrap() & 255, corner.unwrap())
    };
    let (mark, black) = at(0);
    assert_eq!((mark, black), (MARK as u32, 0), "the mark on black");
    let (brighter, black) = at(5);
    assert!(brighter > 2 * mark, "{brighter}");
    assert_eq!(black, 0, "black stays black");
    let (darker, _) = at(-5);
    assert!(darker < mark, "{darker}");
}
