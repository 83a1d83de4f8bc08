//! The mixer measured on rendered samples: release, pan, occlusion, the limiter, the
//! voice cap and stealing, stale ids, determinism, silence, extreme parameters, the
//! compressor and the room.

mod common;

use audio::*;
use common::*;

const SR: f64 = SAMPLE_RATE as f64;

#[test]
fn release_is_20_db_down_within_its_fade() {
    for fade in [0.03f32, 0.02, 0.1] {
        let (mut m, id) = solo(&[held(Wave::Sine, 500.0, 0.2)], Placement::CENTRE);
        let (before, _) = render(&mut m, 10);
        let level = rms(&before[before.len() - 960..]);
        m.release(id, fade);
        let (after, _) = render(&mut m, 12);
        // The limiter delays the output by its latency.
        let n = (fade as f64 * SR) as usize + LATENCY;
        let tail = rms(&after[n - 96..n]);
        assert!(
            db(tail / level) < -20.0,
            "fade {fade}: {:.1} dB at its end",
            db(tail / level)
        );
        assert!(!m.alive(id), "a released voice is freed");
        assert!(after[n + 800..].iter().all(|&v| v == 0.0), "and silent");
    }
}

#[test]
fn release_of_a_sustained_layer_decays_it() {
    let mut l = held(Wave::Sine, 300.0, 0.2);
    l.env.decay = 0.01;
    let (mut m, id) = solo(&[l], Placement::CENTRE);
    render(&mut m, 5);
    assert!(m.alive(id), "a sustained voice plays on");
    m.release(id, 1.0); // the layer's 10 ms decay ends it long before the fade does
    render(&mut m, 2);
    assert!(!m.alive(id));
}

#[test]
fn pan_is_equal_power_and_mirrored() {
    let levels = |pan: f32| {
        let (mut m, _) = solo(
            &[held(Wave::Sine, 440.0, 0.2)],
            Placement {
                pan,
                ..Placement::CENTRE
            },
        );
        let (l, r) = render(&mut m, 10);
        (rms(&l[BLOCK..]), rms(&r[BLOCK..]))
    };
    let (l, r) = levels(-0.5);
    assert!(
        db(l / r) >= 3.0,
        "pan −0.5: left {:.1} dB over right",
        db(l / r)
    );
    let (l2, r2) = levels(0.5);
    assert!(db(r2 / l2) >= 3.0);
    assert!(
        (l - r2).abs() < 1e-4 * l && (r - l2).abs() < 1e-4 * r,
        "mirrored"
    );
    let (lc, rc) = levels(0.0);
    assert!((lc - rc).abs() < 1e-6);
    // Equal power: the sum of squares does not move with the pan.
    assert!(((l * l + r * r) / (lc * lc + rc * rc) - 1.0).abs() < 1e-3);
}

#[test]
fn an_occluded_voice_is_darker_and_quieter() {
    let measure = |lowpass: f32| {
        let (mut m, _) = solo(
            &[held(Wave::White, 0.0, 0.1)],
            Placement {
                lowpass,
                ..Placement::CENTRE
            },
        );
        let (l, _) = render(&mut m, 30);
        let n = 2048;
        (centroid(&spectrum(&l[BLOCK..], n), n), rms(&l[BLOCK..]))
    };
    let (open_c, open_rms) = measure(20_000.0);
    let (shut_c, shut_rms) = measure(800.0);
    assert!(
        shut_c < open_c * 0.5,
        "centroid {shut_c:.0} Hz vs open {open_c:.0} Hz"
    );
    assert!(
        db(shut_rms / open_rms) < -6.0,
        "{:.1} dB",
        db(shut_rms / open_rms)
    );
}

#[test]
fn place_glides_without_zipper_noise() {
    // A hard jump of pan and gain between blocks: the output changes no faster than
    // the tone itself could.
    let (mut m, id) = solo(
        &[held(Wave::Sine, 200.0, 0.2)],
        Placement {
            pan: -1.0,
            ..Placement::CENTRE
        },
    );
    let (a, _) = render(&mut m, 4);
    m.place(
        id,
        Placement {
            pan: 1.0,
            gain: 0.2,
            ..Placement::CENTRE
        },
    );
    let (b, _) = render(&mut m, 2);
    let x: Vec<f32> = a.iter().chain(b.iter()).cloned().collect();
    let slope = 0.2 * 2.0 * std::f32::consts::PI * 200.0 / SAMPLE_RATE as f32;
    let worst = x
        .windows(2)
        .map(|w| (w[1] - w[0]).abs())
        .fold(0.0, f32::max);
    assert!(
        worst <= slope * 1.05,
        "a step of {worst} (the tone's steepest is {slope})"
    );
    // (After the limiter's latency.)
    assert!(
        rms(&b[BLOCK + LATENCY..]) < 1e-6,
        "and it got there: the left is empty"
    );
}

fn loud_play(k: u32) -> Play {
    let mut l = held(Wave::Saw, 55.0 * (1 + k % 7) as f32, 16.0);
    l.filter = FilterKind::LowPass;
    l.cutoff = 3000.0;
    l.q = 20.0;
    Play {
        pitch: 1.0,
        ..play_of(
            Patch::new(&[l, held(Wave::White, 0.0, 16.0)]),
            Placement {
                gain: 16.0,
                pan: 0.3,
                reverb: 1.0,
                lowpass: 20_000.0,
            },
            k,
        )
    }
}

#[test]
fn the_limiter_holds_the_ceiling_with_48_loud_voices() {
    let mut m = Mixer::new(48);
    m.set_volumes(4.0, 4.0, 4.0, 4.0);
    for k in 0..48 {
        m.play(loud_play(k));
    }
    let (l, r) = render(&mut m, 100);
    assert!(bounded(&l) && bounded(&r), "a sample above −1 dBFS");
    let peak = l.iter().chain(&r).fold(0.0f32, |a, &b| a.max(b.abs()));
    // The true-peak target (−2 dBTP, 0.794) bounds the samples too.
    assert!(
        peak > 0.75,
        "the limiter limits rather than silences: peak {peak}"
    );
    assert!(m.stats().peak <= CEILING);
    // It is gain reduction, not clipping: few samples sit at the ceiling.
    let clipped = l.iter().filter(|v| v.abs() >= CEILING * 0.9999).count();
    assert!(clipped < l.len() / 100, "{clipped} samples at the ceiling");
}

#[test]
fn the_compressor_squeezes_3_to_1_above_minus_12() {
    // A 0 dBFS sine (peak 1 after the pan law's −3 dB × √2 gain): 12 dB over the
    // threshold comes out 4 dB over it, −8 dBFS, under the limiter.
    let (mut m, _) = solo(
        &[held(Wave::Sine, 200.0, std::f32::consts::SQRT_2)],
        Placement::CENTRE,
    );
    let (l, _) = render(&mut m, 60);
    let peak = l[40 * BLOCK..].iter().fold(0.0f32, |a, &b| a.max(b.abs()));
    let out_db = db(peak as f64);
    assert!(
        (out_db + 8.0).abs() < 1.0,
        "output peak {out_db:.2} dBFS, want −8"
    );
}

#[test]
fn the_cap_holds_and_the_lowest_priority_is_stolen() {
    let mut m = Mixer::new(4);
    let p = |priority: f32| Play {
        priority,
        ..play_of(
            Patch::new(&[held(Wave::Sine, 300.0, 0.1)]),
            Placement::CENTRE,
            1,
        )
    };
    let ids: Vec<VoiceId> = [3.0, 1.0, 4.0, 2.0]
        .iter()
        .map(|&q| m.play(p(q)).unwrap())
        .collect();
    assert_eq!(m.voices(), 4);
    let new = m.play(p(5.0)).expect("a higher priority steals");
    assert!(!m.alive(ids[1]), "the priority-1 voice was stolen");
    assert!(ids.iter().enumerate().all(|(i, &id)| i == 1 || m.alive(id)));
    assert!(m.alive(new));
    assert_eq!(m.voices(), 4);
    assert_eq!(m.play(p(0.5)), None, "lower than every voice: dropped");
    let s = m.stats();
    assert_eq!((s.voices, s.started, s.stolen, s.dropped), (4, 5, 1, 1));
    // The stolen voice fades out over ~3 ms: no click.
    let (l, _) = render(&mut m, 2);
    assert!(bounded(&l));
    assert_eq!(m.voices(), 4);
    // Quiet voices lose to loud ones of the same priority: level counts.
    let mut m = Mixer::new(2);
    let quiet = m
        .play(Play {
            place: Placement {
                gain: 0.1,
                ..Placement::CENTRE
            },
            ..p(1.0)
        })
        .unwrap();
    let loud = m.play(p(1.0)).unwrap();
    m.play(p(0.5)).expect("0.5 > 1 × 0.1");
    assert!(!m.alive(quiet) && m.alive(loud));
}

#[test]
fn a_stale_id_is_a_no_op() {
    let mut short = Layer::new(Wave::Sine);
    short.env.decay = 0.02;
    let (mut m, old) = solo(&[short], Placement::CENTRE);
    render(&mut m, 3);
    assert!(!m.alive(old));
    let new = m
        .play(play_of(
            Patch::new(&[held(Wave::Sine, 300.0, 0.1)]),
            Placement::CENTRE,
            2,
        ))
        .unwrap();
    assert_ne!(old, new);
    m.release(old, 0.0);
    m.place(
        old,
        Placement {
            gain: 0.0,
            ..Placement::CENTRE
        },
    );
    let (l, _) = render(&mut m, 3);
    assert!(m.alive(new), "the slot's new voice is untouched");
    // The tone at its full 0.05 rms (its sine 0.1 × the pan law).
    assert!(rms(&l[BLOCK..]) > 0.049, "{}", rms(&l[BLOCK..]));
}

/// A busy, repeatable session of calls.
fn session(m: &mut Mixer, seed: u32) -> Vec<f32> {
    let mut out = Vec::new();
    let mut block = [0.0f32; 2 * BLOCK];
    let mut ids = Vec::new();
    for t in 0..120u32 {
        if t % 3 == 0 {
            let mut l = Layer::new(if t % 2 == 0 { Wave::Pink } else { Wave::Saw });
            l.filter = FilterKind::BandPass;
            l.cutoff = 500.0 + 50.0 * (t % 20) as f32;
            l.cutoff_end = 4000.0;
            l.sweep = 0.2;
            l.env.decay = 0.4;
            let place = Placement {
                gain: 0.5,
                pan: (t % 9) as f32 / 4.0 - 1.0,
                lowpass: 3000.0,
                reverb: 0.4,
            };
            ids.push(m.play(Play {
                seed: seed.wrapping_add(t),
                ..play_of(Patch::new(&[l, held(Wave::White, 0.0, 0.1)]), place, 0)
            }));
        }
        if t % 7 == 0 {
            if let Some(Some(id)) = ids.get(t as usize / 7) {
                m.release(*id, 0.05);
            }
        }
        m.render(&mut block);
        out.extend_from_slice(&block);
    }
    out
}

#[test]
fn the_same_calls_give_the_same_bits() {
    let a = session(&mut Mixer::new(48), 9);
    let b = session(&mut Mixer::new(48), 9);
    assert!(a.iter().zip(&b).all(|(x, y)| x.to_bits() == y.to_bits()));
    assert!(rms(&a) > 0.01);
    let c = session(&mut Mixer::new(48), 10);
    assert!(
        a.iter().zip(&c).any(|(x, y)| x != y),
        "another seed, other noise"
    );
}

#[test]
fn every_kernel_gives_the_same_bits() {
    let mut p = Mixer::new(48);
    assert!(p.set_kernel(Kernel::Portable));
    let a = session(&mut p, 3);
    let mut v = Mixer::new(48);
    if !v.set_kernel(Kernel::Avx2) {
        eprintln!("no AVX2 here: nothing to compare");
        return;
    }
    let b = session(&mut v, 3);
    assert!(a.iter().zip(&b).all(|(x, y)| x.to_bits() == y.to_bits()));
}

#[test]
fn silence_after_the_tail_is_exact_zeros() {
    let mut m = Mixer::new(8);
    m.set_room(0.3);
    let mut l = Layer::new(Wave::Saw);
    l.env.decay = 0.1;
    m.play(play_of(
        Patch::new(&[l]),
        Placement {
            reverb: 1.0,
            ..Placement::CENTRE
        },
        1,
    ));
    let (x, _) = render(&mut m, 20);
    assert!(
        rms(&x[10 * BLOCK..]) > 1e-4,
        "the room answers after the voice ends"
    );
    let (x, _) = render(&mut m, 200);
    let tail = x.len() - 60 * BLOCK;
    assert!(
        x[tail..].iter().all(|&v| v.to_bits() == 0),
        "exact zeros once the tail dies"
    );
    assert_eq!(m.voices(), 0);
}

#[test]
fn a_larger_room_rings_longer() {
    let ring = |size: f32| {
        let mut m = Mixer::new(8);
        m.set_room(size);
        let mut l = Layer::new(Wave::White);
        l.env.decay = 0.02;
        m.play(play_of(
            Patch::new(&[l]),
            Placement {
                reverb: 1.0,
                gain: 0.0001,
                ..Placement::CENTRE
            },
            1,
        ));
        let (x, _) = render(&mut m, 60);
        rms(&x[30 * BLOCK..]) / rms(&x[..10 * BLOCK])
    };
    assert!(db(ring(0.9) / ring(0.1)) > 20.0);
}

#[test]
fn extreme_parameters_stay_finite() {
    let nan = f32::NAN;
    let mut layers = Vec::new();
    for (i, &(freq, q, decay, gain)) in [
        (0.0, 0.0, 0.0, 1e6),
        (1e6, 100.0, 0.0, 1e6),
        (nan, nan, nan, nan),
        (-5.0, -1.0, -1.0, -1.0),
        (f32::INFINITY, f32::INFINITY, f32::INFINITY, f32::INFINITY),
    ]
    .iter()
    .enumerate()
    {
        for wave in [
            Wave::Sine,
            Wave::Triangle,
            Wave::Saw,
            Wave::Square {
                duty: [0.0, 1.0, nan, 0.5, -3.0][i],
            },
            Wave::White,
            Wave::Pink,
            Wave::Brown,
        ] {
            for filter in [
                FilterKind::LowPass,
                FilterKind::BandPass,
                FilterKind::HighPass,
                FilterKind::Off,
            ] {
                let mut l = Layer::new(wave);
                (l.freq, l.freq_end, l.q, l.gain, l.filter) = (freq, 1.0 / freq, q, gain, filter);
                l.env.decay = decay;
                l.env.attack = decay;
                (l.cutoff, l.cutoff_end, l.sweep) = (freq, -freq, decay);
                (l.vibrato_hz, l.vibrato_semitones, l.delay) = (freq, q, decay * 1e-3);
                layers.push(l);
            }
        }
    }
    let mut m = Mixer::new(48);
    m.set_volumes(nan, f32::INFINITY, -1.0, 1e9);
    m.set_room(nan);
    let places = [
        Placement {
            gain: nan,
            pan: nan,
            lowpass: nan,
            reverb: nan,
        },
        Placement {
            gain: 1e6,
            pan: 7.0,
            lowpass: 0.0,
            reverb: 9.0,
        },
        Placement {
            gain: f32::INFINITY,
            pan: -f32::INFINITY,
            lowpass: -1.0,
            reverb: -1.0,
        },
    ];
    for (k, chunk) in layers.chunks(3).enumerate() {
        let p = Play {
            pitch: [nan, 0.0, 1e9][k % 3],
            priority: [nan, f32::INFINITY, -1.0][k % 3],
            bus: [Bus::Effects, Bus::Ambience, Bus::Ui][k % 3],
            ..play_of(Patch::new(chunk), places[k % 3], k as u32)
        };
        if let Some(id) = m.play(p) {
            m.place(id, places[(k + 1) % 3]);
            if k % 4 == 0 {
                m.release(id, [nan, 0.0, -1.0, 1e9][k % 4]);
            }
        }
    }
    m.set_volumes(1.0, 1.0, 1.0, 1.0);
    let (l, r) = render(&mut m, 60);
    assert!(
        bounded(&l) && bounded(&r),
        "a non-finite or too-loud sample"
    );
    assert!(m.stats().peak.is_finite());
}

#[test]
fn buses_follow_their_volumes() {
    let level = |bus: Bus, vols: [f32; 4]| {
        let mut m = Mixer::new(4);
        m.set_volumes(vols[0], vols[1], vols[2], vols[3]);
        m.play(Play {
            bus,
            ..play_of(
                Patch::new(&[held(Wave::Sine, 300.0, 0.1)]),
                Placement::CENTRE,
                1,
            )
        });
        rms(&render(&mut m, 5).0[BLOCK..])
    };
    let full = level(Bus::Ui, [1.0; 4]);
    assert!((db(level(Bus::Ui, [1.0, 1.0, 1.0, 0.5]) / full) + 6.02).abs() < 0.1);
    assert!((db(level(Bus::Ambience, [0.5, 1.0, 1.0, 1.0]) / full) + 6.02).abs() < 0.1);
    assert_eq!(level(Bus::Effects, [1.0, 0.0, 1.0, 1.0]), 0.0);
}
