//! The player's tools and the squad's ammunition heard (REQ §21, §27 K1–K6), measured
//! from the samples the sound layer renders: each tool and ammunition event has its
//! own cue (heard in its tick's block and not before: `sound.rs`, with every cue an
//! event drives); burning flares
//! hiss, no more of them than the cap, and a hiss fades with its flare; the fuse ticks
//! once per blink; the burst is a boom with a body (a transient, then a low tone), not
//! only noise; the soundtrack of a run with every tool in it renders the same bytes
//! twice.

use std::sync::Arc;

use audio::{Block, Mixer, Play, BLOCK, SAMPLE_RATE};
use sim::content;
use sim::driver::route::RouteDriver;
use sim::read::{EventKind, Map, Scenario, Tool, ToolRefusal, ToolUse, Vec2, World};
use sim::tuning::{Tuning, DT};
use sim::{tick, TickInput};
use view::horror::tension::Tension;
use view::horror::tuning::HorrorTuning;
use view::sound::cue::Cue;
use view::sound::tuning::AudioTuning;
use view::sound::{kit, patches, SoundLayer};
use view::throw::fuse_ticks;
use view::Horror;

/// An embedded scenario's world and scenario.
fn scenario(name: &str) -> (World, Scenario) {
    let sc = Scenario::parse(name, content::scenario_text(name).unwrap()).unwrap();
    let map = Arc::new(Map::parse(&sc.map, content::map_text(&sc.map).unwrap()).unwrap());
    (World::new(map, &sc, Tuning::default()), sc)
}

/// A scenario run with its route for `ticks` ticks as the app's session steps it, the
/// sound layer hearing only `cues` (all of them for `None`): every tick's block and
/// events, and the layer.
fn render(
    name: &str,
    cues: Option<&[Cue]>,
    ticks: u64,
) -> (Vec<Block>, Vec<Vec<EventKind>>, SoundLayer) {
    let (mut w, sc) = scenario(name);
    let mut driver = RouteDriver::new();
    let mut horror = Horror::new(&w, sc.seed, HorrorTuning::default());
    let mut sound = SoundLayer::new(sc.seed, AudioTuning::default());
    if let Some(c) = cues {
        sound.only(c);
    }
    let (mut blocks, mut events) = (Vec::new(), Vec::new());
    while w.tick() < ticks {
        let input = driver.input(&sc, &w);
        tick(&mut w, &input);
        horror.absorb(&w);
        sound.absorb(&w, &horror.tension);
        blocks.push(*sound.block());
        events.push(w.events().iter().map(|e| e.kind.clone()).collect());
    }
    (blocks, events, sound)
}

fn rms(s: &[f32]) -> f32 {
    (s.iter().map(|x| x * x).sum::<f32>() / s.len().max(1) as f32).sqrt()
}

#[test]
fn each_tool_and_ammunition_event_has_its_cue() {
    // Heard alone at the listener's feet, including the events the embedded runs never
    // make (a heal broken, a gunner dry, a supply case, a reload stopped).
    let (w, _) = scenario("melee_dummy");
    let at = w.anchor().pos + Vec2::new(1.0, 0.5);
    let cases: Vec<(EventKind, Cue)> = vec![
        (
            EventKind::FlareThrown {
                flare: 1,
                from: at,
                to: at,
            },
            Cue::FlarePop,
        ),
        (EventKind::FlareLanded { flare: 1, pos: at }, Cue::Clatter),
        (
            EventKind::GrenadeThrown {
                grenade: 2,
                from: at,
                to: at,
                fuse: 90,
            },
            Cue::Throw,
        ),
        (
            EventKind::GrenadeLanded {
                grenade: 2,
                pos: at,
            },
            Cue::Clatter,
        ),
        (
            EventKind::GrenadeBurst {
                grenade: 2,
                pos: at,
                radius: 3.5,
            },
            Cue::Boom,
        ),
        (
            EventKind::Healed {
                agent: 0,
                amount: 40.0,
            },
            Cue::HealChime,
        ),
        (EventKind::HealInterrupted { agent: 0 }, Cue::HealCut),
        (
            EventKind::ToolRefused {
                tool: Tool::Grenade,
                why: ToolRefusal::NoCharge,
            },
            Cue::Refusal,
        ),
        (EventKind::ReloadStarted { agent: 0 }, Cue::MagOut),
        (
            EventKind::Reloaded {
                agent: 0,
                rounds: 14,
            },
            Cue::MagIn,
        ),
        (EventKind::ReloadStopped { agent: 0 }, Cue::MagIn),
        (EventKind::OutOfAmmo { agent: 0 }, Cue::DryClick),
        (EventKind::AmmoPicked { rounds: 84, at }, Cue::Pickup),
        (
            EventKind::SupplyPicked {
                flares: 1,
                medkits: 1,
                grenades: 1,
                at,
            },
            Cue::Pickup,
        ),
    ];
    let tension = Tension::default();
    for (e, cue) in cases {
        let mut sound = SoundLayer::new(9, AudioTuning::default());
        sound.only(&[cue]);
        sound.absorb(&w, &tension);
        assert!(sound.block().iter().all(|x| *x == 0.0), "silence before");
        sound.hear(&w, &e);
        sound.absorb(&w, &tension);
        assert_eq!(sound.started(cue), 1, "{e:?}: one {cue:?}");
        assert!(rms(sound.block()) > 1e-3, "{e:?}: heard at once");
    }
}

/// A room with the squad, no horde: `n` flares thrown from the disk at once (the kit
/// holding them), then run `secs` seconds, the layer hearing only the hiss: the most
/// hisses alive at once, and the hiss's level per tick.
fn flares_hissing(n: u32, secs: f32) -> (usize, usize, Vec<f32>) {
    let (mut w, _) = scenario("melee_dummy");
    w.kit_mut().flares = n;
    let mut sound = SoundLayer::new(4, AudioTuning::default());
    sound.only(&[Cue::FlareHiss]);
    let tension = Tension::default();
    let disk = w.anchor().pos;
    let (mut most, mut voices, mut levels) = (0, 0, Vec::new());
    for k in 0..(secs / DT) as u32 {
        let tool = (k < n).then(|| ToolUse {
            tool: Tool::Flare,
            at: disk + Vec2::from_angle(k as f32 * 1.3) * 3.0,
        });
        tick(
            &mut w,
            &TickInput {
                tool,
                ..TickInput::default()
            },
        );
        sound.absorb(&w, &tension);
        most = most.max(sound.tool_voices().hisses());
        voices = voices.max(sound.mixer().voices());
        levels.push(rms(sound.block()));
    }
    (most, voices, levels)
}

#[test]
fn flares_hiss_no_more_than_the_cap_and_a_hiss_fades_with_its_flare() {
    let cap = AudioTuning::default().flare_hisses as usize;
    let (most, voices, _) = flares_hissing(5, 3.0);
    eprintln!("5 flares burning: {most} hissing (cap {cap}), {voices} voices");
    assert_eq!(most, cap, "the nearest {cap} hiss");
    assert!(
        voices <= cap + 1,
        "{voices} voices for {cap} hisses (one fading)"
    );
    // One flare through its burn: full while it burns, fading over its last seconds, gone
    // when it is out.
    let t = Tuning::default().tools;
    let (_, _, levels) = flares_hissing(1, t.flare_burn + 2.0);
    let at = |s: f32| {
        let k = (s / DT) as usize;
        levels[k - 30..k + 30].iter().sum::<f32>() / 60.0
    };
    let (full, fading, out) = (
        at(10.0),
        at(t.flare_burn - t.flare_fade * 0.25),
        at(t.flare_burn + 1.5),
    );
    eprintln!("hiss rms: burning {full:.4}, in the fade {fading:.4}, out {out:.5}");
    assert!(full > 1e-3, "a burning flare hisses: {full}");
    assert!(
        fading < 0.6 * full,
        "the hiss fades with the flare: {fading} of {full}"
    );
    assert!(out < 0.02 * full, "and is gone with it: {out}");
}

#[test]
fn the_fuse_ticks_once_per_blink() {
    let (_, events, sound) = render("grenade_drill", Some(&[Cue::FuseTick]), 1500);
    let bursts = events
        .iter()
        .flatten()
        .filter(|e| matches!(e, EventKind::GrenadeBurst { .. }))
        .count() as u64;
    let fuse = scenario("grenade_drill").0.ticks().grenade_fuse;
    let blinks = (0..fuse).filter(|&e| fuse_ticks(e, fuse)).count() as u64;
    eprintln!(
        "{bursts} bursts, {blinks} blinks each, {} ticks heard",
        sound.started(Cue::FuseTick)
    );
    assert!(bursts >= 2);
    assert_eq!(sound.started(Cue::FuseTick), bursts * blinks);
}

/// `patch` played alone at full level, dry, through a fresh mixer: its samples (left).
fn alone(patch: audio::Patch, secs: f32) -> Vec<f32> {
    let mut m = Mixer::new(4);
    m.set_room(0.0);
    m.play(Play {
        patch,
        place: audio::Placement {
            reverb: 0.0,
            ..audio::Placement::CENTRE
        },
        pitch: 1.0,
        bus: audio::Bus::Effects,
        priority: 1.0,
        seed: 3,
    });
    let mut out = Vec::new();
    for _ in 0..(secs / DT) as usize {
        let mut b = [0.0; 2 * BLOCK];
        m.render(&mut b);
        out.extend(b.chunks(2).map(|f| f[0]));
    }
    out
}

/// The share of `s`'s energy below `hz` and the share above `hz2` (a direct DFT over
/// its first 4096 samples).
fn bands(s: &[f32], hz: f32, hz2: f32) -> (f32, f32) {
    let n = s.len().min(4096);
    let (mut low, mut high, mut all) = (0.0f64, 0.0f64, 0.0f64);
    for k in 1..n / 2 {
        let (mut re, mut im) = (0.0f64, 0.0f64);
        for (i, x) in s[..n].iter().enumerate() {
            let a = -2.0 * std::f64::consts::PI * (k * i) as f64 / n as f64;
            re += *x as f64 * a.cos();
            im += *x as f64 * a.sin();
        }
        let e = re * re + im * im;
        let f = k as f32 * SAMPLE_RATE as f32 / n as f32;
        all += e;
        if f < hz {
            low += e;
        }
        if f > hz2 {
            high += e;
        }
    }
    (
        (low / all.max(1e-30)) as f32,
        (high / all.max(1e-30)) as f32,
    )
}

#[test]
fn the_burst_is_a_boom_with_a_body_louder_than_a_shot() {
    let ms = |m: f32| (m / 1000.0 * SAMPLE_RATE as f32) as usize;
    let boom = alone(kit::boom(0.5), 1.5);
    let shot = alone(patches::gunshot(0.5), 1.5);
    // Its first 5 ms are a crack (high), the next 300 ms a body (low: the falling tone
    // and the roar), and it goes on for half a second past a shot.
    let (_, crack_high) = bands(&boom[..ms(5.0)], 200.0, 2000.0);
    let (body_low, body_high) = bands(&boom[ms(20.0)..ms(320.0)], 200.0, 2000.0);
    let loud = rms(&boom[..ms(400.0)]) / rms(&shot[..ms(400.0)]);
    let tail = rms(&boom[ms(600.0)..ms(900.0)]) / rms(&shot[ms(600.0)..ms(900.0)]).max(1e-9);
    eprintln!(
        "boom: crack {crack_high:.2} above 2 kHz (the body {body_high:.3}), body \
         {body_low:.2} below 200 Hz, {loud:.1}x a shot's rms over 400 ms, tail {tail:.1}x"
    );
    assert!(
        crack_high > 0.1 && crack_high > 10.0 * body_high,
        "a transient: {crack_high} above 2 kHz, then {body_high}"
    );
    assert!(body_low > 0.5, "a low body: {body_low}");
    assert!(loud > 1.5, "louder than a shot: {loud}");
    assert!(tail > 1.5, "longer than a shot: {tail}");
}

#[test]
fn the_soundtrack_of_the_tools_is_the_same_bytes_twice() {
    for (name, ticks) in [("grenade_drill", 1500), ("m0_training", 2900)] {
        let (a, ev, _) = render(name, None, ticks);
        let (b, _, _) = render(name, None, ticks);
        let tools = ev
            .iter()
            .flatten()
            .filter(|e| {
                matches!(
                    e,
                    EventKind::GrenadeBurst { .. }
                        | EventKind::FlareThrown { .. }
                        | EventKind::Healed { .. }
                        | EventKind::AmmoPicked { .. }
                )
            })
            .count();
        assert!(tools > 0, "{name}: the run uses its tools");
        let same = a
            .iter()
            .zip(&b)
            .all(|(x, y)| x.iter().zip(y).all(|(p, q)| p.to_bits() == q.to_bits()));
        assert!(same && a.len() == b.len(), "{name}: the renders differ");
    }
}
