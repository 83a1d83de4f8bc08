//! The frame drawn right after a load is the frame of the run that was never saved, at
//! the same tick, pixel for pixel — horror layer (fog memory, blood, tracers, tension),
//! effects and camera included — and so are the frames after it (SPEC §17).

use app::play::Play;
use app::screenshot::{draw_game, run_to, HEIGHT, WIDTH};
use app::setup;
use raster::Framebuffer;
use sim::tuning::DT;
use sim::world::TickInput;

fn frame(m: &mut Play, overlay: bool) -> Vec<u32> {
    let mut fb = Framebuffer::new(WIDTH, HEIGHT);
    draw_game(&mut fb, m, overlay, false);
    fb.pixels
}

fn step(m: &mut Play) {
    m.step(TickInput::default());
    m.follow(1.0, DT);
}

#[test]
fn the_frame_after_a_load_equals_the_unsaved_runs() {
    let s = setup::load(None, "combat_route", None, None, None).unwrap();
    // 71 s: the squad mid-fight, blood on the floor, bullets in flight, fog remembered.
    let mut unsaved = run_to(&s, 71.0);
    assert!(!unsaved.world.bullets().is_empty() || !unsaved.horror.blood.decals.is_empty());
    let bytes = unsaved.save().encode().unwrap();
    let mut loaded = Play::load(&bytes).unwrap();
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
    let m = run_to(&s, 3.0);
    let mut save = m.save();
    save.view = None;
    let loaded = Play::load(&save.encode().unwrap()).unwrap();
    assert_eq!(loaded.world.checksum(), m.world.checksum());
    // A damaged view part refuses the whole save.
    let mut save = m.save();
    save.view = Some(vec![1, 2, 3]);
    let e = Play::load(&save.encode().unwrap()).err().expect("refused");
    assert!(e.contains("view"), "{e}");
}

#[test]
fn the_window_plays_a_replay_back_to_the_same_world_from_a_start_or_a_save() {
    let s = setup::load(None, "melee_dummy", None, None, None).unwrap();
    let mut live = Play::new(s, true).record();
    for _ in 0..150 {
        step(&mut live);
    }
    // The run goes on from a save (F9): its replay starts from the save.
    let mut resumed = Play::load(&live.save().encode().unwrap()).unwrap();
    let first = live.recorder.take().unwrap().encode().unwrap();
    for _ in 0..150 {
        step(&mut resumed);
    }
    let second = resumed.recorder.take().unwrap().encode().unwrap();
    for (bytes, end) in [(first, &live), (second, &resumed)] {
        let (h, r) = sim::record::Replay::decode(&bytes).unwrap();
        let mut p = Play::replay(r, &h.game_version).unwrap();
        while !p.ended() {
            p.step(TickInput::default());
        }
        assert_eq!(p.diverged, None);
        assert_eq!(p.world.checksum(), end.world.checksum());
        assert_eq!(p.tally, end.tally, "the view's state came with the save");
    }
}
