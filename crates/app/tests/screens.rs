//! The shell's screens as `--screenshot --screen NAME` draws them, compared pixel for
//! pixel with goldens in `tests/golden/` (the view's golden helper: a mismatch writes
//! `<name>.actual.png`; `UPDATE_GOLDEN=1 cargo test --release -p app --test screens`
//! rewrites them — look at them before committing). The title lists only the embedded
//! scenarios here, so a `scenarios/` folder on the machine changes nothing.

#[path = "../../view/tests/common/mod.rs"]
mod common;

use app::catalog::catalog;
use app::frame::Screen;
use app::screenshot::{render_screen, Shot};
use app::setup::{load, Setup};
use common::check_golden;

fn setup(name: &str) -> Setup {
    load(None, name, None, None, None).unwrap()
}

#[test]
fn title_golden() {
    let (fb, _) = render_screen(
        &setup("combat_route"),
        12.0,
        &Shot {
            screen: Screen::Title,
            ..Shot::game()
        },
        &catalog(&[]),
    );
    check_golden("shell_title", &fb);
}

#[test]
fn help_golden() {
    let (fb, _) = render_screen(
        &setup("combat_route"),
        12.0,
        &Shot {
            screen: Screen::Game,
            help: true,
            ..Shot::game()
        },
        &[],
    );
    check_golden("shell_help", &fb);
}

#[test]
fn pause_golden() {
    let (fb, _) = render_screen(
        &setup("combat_route"),
        12.0,
        &Shot {
            screen: Screen::Pause,
            ..Shot::game()
        },
        &[],
    );
    check_golden("shell_pause", &fb);
}

/// The whole combat route: the run ends at its 180 s and the results show it.
#[test]
fn results_golden_after_the_whole_route() {
    let (fb, w) = render_screen(
        &setup("combat_route"),
        999.0,
        &Shot {
            screen: Screen::Results,
            ..Shot::game()
        },
        &[],
    );
    assert_eq!(w.tick(), 180 * 60, "stops where the scenario ends");
    check_golden("shell_results", &fb);
}

/// Plain board (no horror layer): the screens do not depend on the layer.
#[test]
fn results_plain_golden_on_a_short_scenario() {
    let (fb, w) = render_screen(
        &setup("melee_dummy"),
        999.0,
        &Shot {
            screen: Screen::Results,
            plain: true,
            ..Shot::game()
        },
        &[],
    );
    assert_eq!(w.tick(), 8 * 60);
    check_golden("shell_results_plain", &fb);
}

/// Every kill is credited to a gunner or a blade, and the split adds up to the
/// simulation's own count.
#[test]
fn kills_split_between_gunners_and_blades() {
    let m = app::screenshot::run_to(&setup("combat_route"), 180.0, false);
    let r = m.results();
    assert_eq!(r.tally.unattributed, 0);
    assert_eq!(r.tally.by_gunners + r.tally.by_blades, r.kills);
    assert!(
        r.tally.by_gunners > 0 && r.tally.by_blades > 0,
        "{:?}",
        r.tally
    );
}

#[test]
fn unknown_screen_names_are_errors() {
    assert_eq!(Screen::parse("pause"), Ok((Screen::Pause, false)));
    assert_eq!(Screen::parse("help"), Ok((Screen::Game, true)));
    assert!(Screen::parse("credits")
        .unwrap_err()
        .contains("title, help"));
}

/// With all five down the run is over and the results say so.
#[test]
fn a_fallen_squad_ends_the_run() {
    let mut m = app::screenshot::run_to(&setup("melee_dummy"), 1.0, false);
    assert!(!m.ended());
    for i in 0..m.world.agents().len() {
        m.world.agent_mut(i).alive = false;
    }
    assert!(m.ended());
    let r = m.results();
    assert_eq!(r.outcome, view::screens::Outcome::SquadDown);
    assert_eq!(r.standing, 0);
    assert_eq!(r.seconds, 1.0);
}

// ---------------------------------------------------------------------------------------
// Layouts: the screens computed as the `Layout` their drawing uses, at 1280×720 and
// 1920×1080, with long contents.

use app::shell::{self, TitleMenu};
use view::screens::{self as vs, Layout};

const SIZES: [(usize, usize); 2] = [(1280, 720), (1920, 1080)];

/// A `scenarios/` folder with more files than the list shows at once: good ones, one
/// with a long name, broken ones (one with a long file name). Returns the folder.
fn long_scenario_folder(tag: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("squad_layout_{tag}_{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let files = [
        ("a_good.scn", "name = a_good\nduration = 75\n".to_string()),
        (
            "b_long.scn",
            "name = a_scenario_with_a_rather_long_name_indeed\nduration = 3600\n".into(),
        ),
        (
            "c_broken.scn",
            "name = broken\nseed = 4\n      wave2 = 3\n".into(),
        ),
        (
            "d_this_file_name_is_long_and_it_does_not_parse.scn",
            "name = x\nbogus\n".into(),
        ),
        ("e_fine.scn", "name = e_fine\nduration = 5\n".into()),
        ("f_broken_too.scn", "duration = ten\n".into()),
    ];
    for (name, text) in files {
        std::fs::write(dir.join(name), text).unwrap();
    }
    dir
}

/// The lines of the title's note (drawn in the danger colour) and their panel.
fn note_lines(l: &Layout) -> Vec<(String, vs::Rect)> {
    l.texts()
        .filter(|t| t.color == vs::DANGER)
        .map(|t| (t.text.clone(), l.to_frame(&t.container)))
        .collect()
}

/// Issue 19 (2): a broken `.scn` on the title — its note wraps inside the list's panel
/// and keeps `file:line:col` and the token; a file name too long for a line is cut at
/// its start, never at the position.
#[test]
fn a_broken_file_s_note_wraps_in_its_panel_and_keeps_the_position() {
    let dir = long_scenario_folder("note");
    let entries = catalog(std::slice::from_ref(&dir));
    let find = |file: &str| {
        entries
            .iter()
            .position(|e| matches!(&e.source, app::catalog::Source::File(p) if p.ends_with(file)))
            .unwrap()
    };
    for (file, keep) in [
        ("c_broken.scn", ["c_broken.scn:3:7:", "unknown key `wave2`"]),
        (
            "d_this_file_name_is_long_and_it_does_not_parse.scn",
            ["_does_not_parse.scn:2:1:", "`bogus`"],
        ),
    ] {
        let i = find(file);
        let mut menu = TitleMenu {
            selected: i,
            ..TitleMenu::default()
        };
        let err = app::catalog::load(&entries[i], None, None).unwrap_err();
        menu.cannot_start(&entries[i], &err);
        for (w, h) in SIZES {
            let l = shell::title_layout(w, h, &menu, &entries);
            let lines = note_lines(&l);
            assert!(lines.len() > 1, "{lines:?}");
            let all: Vec<&str> = lines.iter().map(|(t, _)| t.as_str()).collect();
            let joined = all.join(" ");
            for k in keep {
                assert!(joined.contains(k), "{k:?} kept in {all:#?}");
            }
            assert!(l.faults().is_empty(), "{:#?}", l.faults());
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 19 (6): the title's scroll arrows have a column of their own: with more
/// scenarios than rows, whichever row is chosen, no arrow covers a row's text.
#[test]
fn the_title_s_scroll_arrows_never_cover_a_row() {
    let dir = long_scenario_folder("arrows");
    let entries = catalog(std::slice::from_ref(&dir));
    let n = entries.len();
    assert!(n > view::screens::title::LIST_ROWS + 2, "{n} entries");
    let mut arrows = 0;
    for selected in 0..n {
        let menu = TitleMenu {
            selected,
            ..TitleMenu::default()
        };
        let l = shell::title_layout(1280, 720, &menu, &entries);
        let texts: Vec<_> = l.texts().collect();
        for a in texts.iter().filter(|t| t.text == "^" || t.text == "v") {
            arrows += 1;
            for t in texts.iter().filter(|t| t.text != a.text) {
                assert!(
                    !a.rect().overlaps(&t.rect()),
                    "row {selected}: `{}` covers `{}`",
                    a.text,
                    t.text
                );
            }
        }
    }
    assert!(arrows >= n, "the arrows are drawn ({arrows})");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 19 (3): the pause menu's footer stays inside its panel, with today's items and
/// a longer list (the replay's items to come); the rows stay where a click finds them.
#[test]
fn the_pause_footer_stays_in_its_panel() {
    let mut longer: Vec<&str> = app::shell::PAUSE_ITEMS.iter().map(|i| i.label()).collect();
    longer.splice(3..3, ["Restart the replay", "Back to the results"]);
    let today: Vec<&str> = app::shell::PAUSE_ITEMS.iter().map(|i| i.label()).collect();
    for items in [&today, &longer] {
        for (w, h) in SIZES {
            let l = vs::pause::layout(w, h, items, 0, "combat_route   seed 7   0:12.0");
            let footer = l.texts().find(|t| t.text == vs::pause::FOOTER).unwrap();
            let panel = l.to_frame(&footer.container);
            let r = l.to_frame(&footer.rect());
            assert!(panel.contains(&r), "{r} in {panel}");
            assert!(l.frame().contains(&panel), "{panel}");
            if (w, h) == (1280, 720) {
                // The rows where the window's clicks look for them.
                for (i, item) in items.iter().enumerate() {
                    let t = l.texts().find(|t| t.text == *item).unwrap();
                    let top = vs::pause::row_top(h, items.len(), i);
                    assert_eq!(t.y, top, "{item}");
                    assert_eq!(t.container.x, (1280 - vs::pause::ROW_W) / 2);
                    assert_eq!(t.container.w, vs::pause::ROW_W);
                }
            }
        }
    }
}
