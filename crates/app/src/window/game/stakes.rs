//! The campaign's stakes in the window (REQ K6), driven like the player drives them:
//! the briefing, the mission won with an agent down, the results, the next briefing and
//! mission; a failed mission; a restart; the training; "N: new squad".

use super::testkit::*;
use crate::session::Session;
use crate::shell::squad::{Member, Squad, State, STAKES};
use sim::read::{Difficulty, Kit, Status};

/// Mission 1's briefing at `d`, begun: the campaign's squad carried in.
fn begin_mission_1(w: &mut Window, d: Difficulty) {
    w.open_page(Page::Campaign);
    while w.game.title.mission != 1 {
        w.press(KeyCode::ArrowDown);
    }
    w.press(KeyCode::Enter);
    assert_eq!(w.game.title.page, Page::Briefing);
    w.game.title.mission_difficulty = d;
    w.press(KeyCode::Enter);
    assert_eq!(
        (w.game.screen, w.game.start.mission),
        (Screen::Game, Some(1))
    );
    assert_eq!(w.game.session.world.difficulty(), d);
}

/// The mission's reference route drives the run; once its first objective is done,
/// agent `down` falls; the route wins the rest.
fn win_with_agent_down(w: &mut Window, down: usize) {
    w.game.session = Session::route(w.game.start.setup.clone())
        .with_cosmetics()
        .recorded();
    let first_done = |w: &Window| {
        matches!(
            w.game.session.world.mission().objectives[0].status,
            Status::Done { .. }
        )
    };
    for _ in 0..200 * 60 {
        if first_done(w) {
            break;
        }
        w.frames(1);
    }
    assert!(first_done(w), "the route reaches the first objective");
    let a = w.game.session.world.agent_mut(down);
    (a.health, a.alive) = (0.0, false);
    w.play_out(300 * 60);
    assert_eq!(w.game.mission_result(), Some((true, false)), "won");
}

/// A worn squad to start from.
fn worn() -> Squad {
    Squad {
        members: vec![
            Member::whole(100.0),
            Member {
                health: 30.0,
                max: 100.0,
                state: State::Wounded,
            },
            Member::whole(100.0),
            Member {
                health: 70.0,
                max: 70.0,
                state: State::Recruit,
            },
            Member {
                health: 55.0,
                max: 100.0,
                state: State::Fit,
            },
        ],
        kit: Kit {
            flares: 1,
            medkits: 2,
            grenades: 0,
        },
        rounds: 30,
    }
}

/// Hard: the fallen gunner is lost and a recruit takes its place; the next mission's
/// briefing shows it, its setup has the recruit's max health and the carried kit on
/// top of the mission's issue, and a restart starts the same way; the file keeps it.
#[test]
fn a_mission_won_on_hard_with_an_agent_down_brings_a_recruit_and_the_kit_on() {
    let mut w = open("stakes_hard");
    begin_mission_1(&mut w, Difficulty::Hard);
    let fresh = Squad::fresh(&w.game.session.setup.tuning);
    assert_eq!(w.game.start.squad.as_ref(), Some(&fresh), "a fresh squad");
    win_with_agent_down(&mut w, 3);
    let end_kit = w.game.session.world.kit();
    let end_pool = w.game.session.world.ammo_pool();
    let squad = w.game.progress.squad.clone().expect("the squad kept");
    let m = squad.members[3];
    assert_eq!((m.health, m.max, m.state), (70.0, 70.0, State::Recruit));
    assert_eq!(m.max, STAKES.recruit_max);
    assert_eq!(squad.kit, end_kit, "the kit left carries on");
    assert_eq!(squad.rounds, end_pool.unwrap_or(0));
    for (i, a) in w.game.session.world.agents().iter().enumerate() {
        if i != 3 {
            assert_eq!(squad.members[i].health, a.health.max(1.0), "{i}");
        }
    }
    // The results say so, in place of the standing row.
    let r = w.game.results.clone().unwrap();
    let rows = r.rows();
    let kept = rows
        .iter()
        .find(|(l, _, _)| *l == "Standing")
        .expect("the squad row");
    assert!(
        kept.2.contains("Gunner 2 lost: a recruit, 70/70"),
        "{kept:?}"
    );
    assert!(rows.iter().any(|(l, _, _)| *l == "Carried on"));
    assert_eq!(rows.iter().filter(|(l, _, _)| *l == "Standing").count(), 1);
    assert!(
        !rows.iter().any(|(l, _, _)| *l == "Time"),
        "the time in the subtitle"
    );
    // Saved: the file reads back the same squad.
    let path = w.game.dirs.progress.clone().unwrap();
    assert_eq!(Progress::load(&path).unwrap().0, w.game.progress);
    // Enter: mission 2's briefing, showing the squad as it stands.
    w.press(KeyCode::Enter);
    assert_eq!(
        (w.game.title.page, w.game.title.mission),
        (Page::Briefing, 2)
    );
    let (free, range) = w.game.lists();
    let lists = crate::shell::views::Lists {
        free: &free,
        range: &range,
        missions: &w.game.missions,
        progress: &w.game.progress,
        settings: &w.game.settings,
        customs: &[],
        folder: "",
    };
    let screens::ScreenView::Briefing(b) = crate::shell::title_view(&w.game.title, &lists) else {
        panic!("a briefing");
    };
    assert_eq!(b.squad.len(), 5);
    assert_eq!(
        (b.squad[3].health.as_str(), b.squad[3].word.as_str()),
        ("70/70", "recruit")
    );
    // Begun: the recruit and the carried kit in the setup and the world.
    let issue = crate::shell::campaign::load(&w.game.missions[2], None, None)
        .unwrap()
        .scenario;
    w.press(KeyCode::Enter);
    assert_eq!(w.game.start.mission, Some(2));
    let check = |w: &Window| {
        let sc = &w.game.start.setup.scenario;
        assert_eq!(sc.squad_max[3], 70.0);
        let own = issue.kit.unwrap_or(Kit::ISSUED);
        let want = Kit {
            flares: own.flares + end_kit.flares,
            medkits: own.medkits + end_kit.medkits,
            grenades: own.grenades + end_kit.grenades,
        };
        assert_eq!(sc.kit, Some(want));
        assert_eq!(sc.ammo, issue.ammo.map(|a| a + squad.rounds));
        let world = &w.game.session.world;
        assert_eq!(world.agents()[3].max_health, 70.0);
        assert_eq!(world.kit(), want);
        assert_eq!(world.tick(), 0);
    };
    check(&w);
    // A restart replays the same start.
    w.frames(30);
    w.press(KeyCode::Escape);
    w.click_pause_item(PauseItem::Restart);
    check(&w);
}

/// Normal: the fallen agent comes back wounded at 30 % and the next mission starts
/// with it so.
#[test]
fn a_mission_won_on_normal_with_an_agent_down_brings_it_back_wounded() {
    let mut w = open("stakes_normal");
    begin_mission_1(&mut w, Difficulty::Normal);
    win_with_agent_down(&mut w, 1);
    let m = w.game.progress.squad.clone().unwrap().members[1];
    assert_eq!((m.health, m.max), (100.0 * STAKES.normal_return, 100.0));
    assert_eq!(m.state, State::Wounded);
    w.press(KeyCode::Enter);
    w.press(KeyCode::Enter);
    assert_eq!(w.game.start.mission, Some(2));
    let back = 100.0 * STAKES.normal_return;
    assert_eq!(w.game.start.setup.scenario.squad_health[1], back);
    assert_eq!(w.game.session.world.agents()[1].health, back);
}

/// A failed mission leaves the carried squad as it was, and the retry starts from it;
/// the training neither takes the squad nor changes it.
#[test]
fn a_failed_mission_and_the_training_leave_the_squad_as_it_was() {
    let mut w = open("stakes_failed");
    w.game.progress.squad = Some(worn());
    begin_mission_1(&mut w, Difficulty::Normal);
    let start = w.game.start.setup.scenario.clone();
    assert_eq!(start.squad_health, [100.0, 30.0, 100.0, 70.0, 55.0]);
    assert_eq!(w.game.session.world.agents()[3].max_health, 70.0);
    for i in 0..w.game.session.world.agents().len() {
        w.game.session.world.agent_mut(i).alive = false;
    }
    w.frames(2);
    assert_eq!(w.game.mission_result(), Some((false, false)));
    assert_eq!(w.game.progress.squad, Some(worn()), "nothing changes");
    let r = w.game.results.clone().unwrap();
    assert!(r
        .rows()
        .iter()
        .any(|(l, _, n)| *l == "Standing" && n.contains("costs the campaign nothing")));
    // Enter retries from the same start.
    w.press(KeyCode::Enter);
    assert_eq!((w.game.screen, w.tick()), (Screen::Game, 0));
    assert_eq!(w.game.start.setup.scenario.squad_health, start.squad_health);
    assert_eq!(w.game.start.setup.scenario.kit, start.kit);
    // The training: its own squad, and its end leaves the campaign's alone.
    w.press(KeyCode::Escape);
    w.click_pause_item(PauseItem::Title);
    w.open_page(Page::Campaign);
    while w.game.title.mission != 0 {
        w.press(KeyCode::ArrowUp);
    }
    w.press(KeyCode::Enter);
    w.press(KeyCode::Enter);
    assert_eq!(w.game.start.mission, Some(0));
    assert_eq!(w.game.start.squad, None);
    let own = crate::shell::campaign::load(&w.game.missions[0], None, None).unwrap();
    assert_eq!(
        w.game.start.setup.scenario.squad_health,
        own.scenario.squad_health
    );
    assert_eq!(w.game.start.setup.scenario.kit, own.scenario.kit);
    for i in 0..w.game.session.world.agents().len() {
        w.game.session.world.agent_mut(i).alive = false;
    }
    w.frames(2);
    assert_eq!(w.game.screen, Screen::Results);
    assert!(w.game.results.as_ref().unwrap().campaign.is_empty());
    assert_eq!(w.game.progress.squad, Some(worn()));
}

/// "N: new squad" on the campaign's list asks, and Enter starts over with a fresh squad
/// (saved); Esc keeps the squad.
#[test]
fn n_on_the_campaign_page_starts_over_with_a_fresh_squad_once_confirmed() {
    let mut w = open("stakes_new_squad");
    w.game.progress.squad = Some(worn());
    w.game
        .progress
        .record("m1_station", true, 60.0, Difficulty::Hard);
    w.open_page(Page::Campaign);
    w.press(KeyCode::KeyN);
    assert!(w.game.title.confirm_new_squad);
    w.press(KeyCode::Escape);
    assert_eq!(w.game.title.page, Page::Campaign, "Esc only cancels");
    assert_eq!(w.game.progress.squad, Some(worn()));
    w.press(KeyCode::KeyN);
    w.press(KeyCode::Enter);
    assert_eq!(w.game.title.page, Page::Campaign, "no briefing opened");
    assert_eq!(w.game.progress.squad, None, "a fresh squad");
    assert!(w.game.progress.completed("m1_station"), "the records kept");
    let path = w.game.dirs.progress.clone().unwrap();
    assert_eq!(Progress::load(&path).unwrap().0, w.game.progress);
    // On a briefing too; a click cancels.
    w.game.progress.squad = Some(worn());
    w.press(KeyCode::Enter);
    assert_eq!(w.game.title.page, Page::Briefing);
    w.press(KeyCode::KeyN);
    w.game.click(Some((10, 10)));
    assert!(!w.game.title.confirm_new_squad);
    assert_eq!(w.game.title.page, Page::Briefing);
    assert_eq!(w.game.progress.squad, Some(worn()));
}
