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
