//! The frame drawn right after a load is the frame of the run that was never saved, at
//! the same tick, pixel for pixel — horror layer (fog memory, blood, tracers, tension),
//! effects and camera included — and so are the frames after it (REQ §17).

use app::frame::Composer;
use app::screenshot::{compose, Shot};
use app::session::{Pilot, Session};
use app::setup;
use sim::read::TickInput;
use sim::tuning::DT;
use view::ViewTuning;

fn frame(m: &mut Session, overlay: bool) -> Vec<u32> {
    let mut c = Composer::default();
    let shot = Shot {
        overlay,
        ..Shot::game()
    };
    compose(&mut c, m, &shot, &[]);
    c.frame().pixels.clone()
}

fn step(m: &mut Session) {
    m.step(TickInput::default());
    let (world, feed) = m.watched();
    feed.follow(world, 1.0, DT);
}

fn load(bytes: &[u8]) -> Result<Session, String> {
    Session::load(bytes, Some(&ViewTuning::default())).map(Session::recorded)
}

#[test]
fn the_frame_after_a_load_equals_the_unsaved_runs() {
    let s = setup::load(None, "combat_route", None, None, None).unwrap();
    // 71 s: the squad mid-fight, blood on the floor, bullets in flight, fog remembered.
    let mut unsaved = Session::watched_at(&s, 71.0);
    assert!(
        !unsaved.world.bullets().is_empty()
            || !unsaved
                .cosmetics
                .as_ref()
                .unwrap()
                .horror
                .blood
                .decals
                .is_empty()
    );
    let bytes = unsaved.save().encode().unwrap();
    let mut loaded = load(&bytes).unwrap();
    assert_eq!(loaded.world.checksum(), unsaved.world.checksum());
    let (a, b) = (frame(&mut unsaved, false), frame(&mut loaded, false));
    let differ = a.iter().zip(&b).filter(|(x, y)| x != y).count();
    assert_eq!(differ, 0, "{differ} pixels differ right after the load");
    for n in 1..=90 {
        step(&mut unsaved);
        step(&mut loaded);
        if n % 30 == 0 {
            assert_eq!(loaded.world.checksum(), unsaved.world.checksum());
            let (a, b) = (frame(&mut unsaved, n == 90), frame(&mut loaded, n == 90));
            assert!(a == b, "the frames differ {n} ticks after the load");
        }
    }
}

#[test]
fn a_save_without_the_views_state_still_loads() {
    let s = setup::load(None, "melee_dummy", None, None, None).unwrap();
    let m = Session::watched_at(&s, 3.0);
    let mut save = m.save();
    save.view = None;
    let loaded = load(&save.encode().unwrap()).unwrap();
    assert_eq!(loaded.world.checksum(), m.world.checksum());
    // A damaged view part refuses the whole save.
    let mut save = m.save();
    save.view = Some(vec![1, 2, 3]);
    let e = load(&save.encode().unwrap()).err().expect("refused");
    assert!(e.contains("view"), "{e}");
}

#[test]
fn the_window_plays_a_replay_back_to_the_same_world_from_a_start_or_a_save() {
    let s = setup::load(None, "melee_dummy", None, None, None).unwrap();
    let mut live = Session::new(s, Pilot::Route(Default::default()))
        .with_cosmetics()
        .recorded();
    for _ in 0..150 {
        step(&mut live);
    }
    // The run goes on from a save (F9): its replay starts from the save.
    let mut resumed = load(&live.save().encode().unwrap()).unwrap();
    let first = live.recorder.take().unwrap().encode().unwrap();
    for _ in 0..150 {
        step(&mut resumed);
    }
    let second = resumed.recorder.take().unwrap().encode().unwrap();
    for (bytes, end) in [(&first, &live), (&second, &resumed)] {
        let (h, r) = sim::record::Replay::decode(bytes).unwrap();
        let mut p = Session::replay(r, &h.game_version, Some(&ViewTuning::default())).unwrap();
        p.run_to(app::session::Until::End);
        assert_eq!(p.take_divergence(), None);
        assert_eq!(p.world.checksum(), end.world.checksum());
        let tally = |s: &Session| s.cosmetics.as_ref().unwrap().tally;
        assert_eq!(tally(&p), tally(end), "the view's state came with the save");
    }
}
