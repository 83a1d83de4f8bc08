//! Sound is render-only and a function of the run (REQ §21 AU2, AU6): the checksum is
//! the same at every tick with the sound layer on or off; `--audio-out` twice gives the
//! same bytes; the limiter holds the peak under −1 dBFS.

use app::headless::{self, Options};
use app::session::Session;
use app::setup;
use sim::read::TickInput;

#[test]
fn the_checksum_is_the_same_with_sound_on_and_off() {
    let s = setup::load(None, "combat_route", None, None, None).unwrap();
    let mut heard = Session::route(s.clone()).with_sound();
    let mut silent = Session::route(s);
    let mut loud = 0usize;
    while heard.world.tick() < 60 * 60 {
        heard.step(TickInput::default());
        silent.step(TickInput::default());
        assert_eq!(
            heard.world.checksum(),
            silent.world.checksum(),
            "tick {}",
            heard.world.tick()
        );
        loud += heard
            .sound()
            .unwrap()
            .iter()
            .filter(|x| x.abs() > 0.01)
            .count();
    }
    assert!(
        loud > 10_000,
        "the minute was heard: {loud} samples above 0.01"
    );
}

#[test]
fn two_offline_renders_are_byte_identical_and_under_the_ceiling() {
    let dir = std::env::temp_dir().join(format!("squad_proto_sound_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let s = setup::load(None, "melee_dummy", None, None, None).unwrap();
    let mut files = Vec::new();
    for k in 0..2 {
        let path = dir.join(format!("render_{k}.wav"));
        let o = Options {
            audio_out: Some(path.clone()),
            ..Options::default()
        };
        headless::run(Some(&s), &o).unwrap();
        files.push(std::fs::read(&path).unwrap());
    }
    assert_eq!(files[0], files[1], "two renders of the same run");
    // 8 s of 48 kHz stereo f32 after the 44-byte-or-so header.
    assert!(
        files[0].len() > 8 * 48_000 * 2 * 4,
        "{} bytes",
        files[0].len()
    );
    let reader = hound::WavReader::open(dir.join("render_0.wav")).unwrap();
    let spec = reader.spec();
    assert_eq!(
        (spec.channels, spec.sample_rate, spec.bits_per_sample),
        (2, 48_000, 32)
    );
    let samples: Vec<f32> = reader.into_samples::<f32>().map(Result::unwrap).collect();
    let peak = samples.iter().fold(0.0f32, |m, x| m.max(x.abs()));
    assert!(peak > 0.05, "heard: peak {peak}");
    assert!(peak <= 10f32.powf(-1.0 / 20.0), "peak {peak} over −1 dBFS");
    let _ = std::fs::remove_dir_all(&dir);
}
