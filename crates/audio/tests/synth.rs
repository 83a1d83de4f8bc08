//! The synthesizer's nodes measured on rendered samples: pitch, band-limiting, noise
//! colours, filters, envelope times, glides. Each voice plays alone in a mixer, quiet
//! enough that the compressor (−12 dBFS) and the limiter stay out of the way.

mod common;

use audio::*;
use common::*;

const SR: f64 = SAMPLE_RATE as f64;

#[test]
fn sine_frequency_from_zero_crossings() {
    for f in [440.0f32, 1234.5, 55.0] {
        let (mut m, _) = solo(&[held(Wave::Sine, f, 0.2)], Placement::CENTRE);
        let (l, _) = render(&mut m, 60);
        let got = crossing_freq(&l[BLOCK..]);
        assert!((got / f as f64 - 1.0).abs() < 1e-3, "{f} Hz measured {got}");
    }
    // The play's pitch ratio scales every layer.
    let mut m = Mixer::new(4);
    let p = Play {
        pitch: 2.0,
        ..play_of(
            Patch::new(&[held(Wave::Sine, 440.0, 0.2)]),
            Placement::CENTRE,
            1,
        )
    };
    m.play(p);
    let (l, _) = render(&mut m, 30);
    assert!((crossing_freq(&l[BLOCK..]) / 880.0 - 1.0).abs() < 1e-3);
}

/// Energy of the harmonics of `f0` (±4 bins) and of everything else above 100 Hz.
fn harmonic_and_alias(x: &[f32], f0: f64) -> (f64, f64) {
    let n = 16384;
    let spec = spectrum(&x[..n], n);
    let hz = SR / n as f64;
    let (mut harm, mut alias) = (0.0, 0.0);
    for (k, &p) in spec.iter().enumerate() {
        let f = k as f64 * hz;
        if f < 100.0 {
            continue;
        }
        let h = (f / f0).round();
        if h >= 1.0 && (f - h * f0).abs() <= 4.0 * hz {
            harm += p;
        } else {
            alias += p;
        }
    }
    (harm, alias)
}

#[test]
fn saw_and_square_are_band_limited() {
    let f0 = 3520.0f32; // 48 000 / 3520 is not whole: aliases fall between harmonics
    for (wave, naive) in [
        (
            Wave::Saw,
            Box::new(|p: f64| 2.0 * p - 1.0) as Box<dyn Fn(f64) -> f64>,
        ),
        (
            Wave::Square { duty: 0.5 },
            Box::new(|p: f64| if p < 0.5 { 1.0 } else { -1.0 }),
        ),
        (
            Wave::Square { duty: 0.25 },
            Box::new(|p: f64| if p < 0.25 { 1.0 } else { -1.0 }),
        ),
    ] {
        let (mut m, _) = solo(&[held(wave, f0, 0.25)], Placement::CENTRE);
        let (l, _) = render(&mut m, 23);
        let (h, a) = harmonic_and_alias(&l[1600..], f0 as f64);
        let ours = 10.0 * (a / h).log10();
        let raw: Vec<f32> = (0..16384)
            .map(|i| naive((i as f64 * f0 as f64 / SR).fract()) as f32)
            .collect();
        let (h, a) = harmonic_and_alias(&raw, f0 as f64);
        let theirs = 10.0 * (a / h).log10();
        eprintln!("{wave:?}: ours {ours:.1} naive {theirs:.1}");
        assert!(
            ours < theirs - 10.0,
            "{wave:?}: aliases {ours:.1} dB vs naive {theirs:.1} dB"
        );
        assert!(ours < -20.0, "{wave:?}: aliases {ours:.1} dB");
    }
}

/// The slope (dB per octave) of the power density over octaves from `lo` Hz.
fn density_slope(x: &[f32], lo: f64, octaves: usize) -> f64 {
    let n = 4096;
    let spec = spectrum(x, n);
    let pts: Vec<(f64, f64)> = (0..octaves)
        .map(|o| {
            let (a, b) = (lo * 2f64.powi(o as i32), lo * 2f64.powi(o as i32 + 1));
            (o as f64, 10.0 * (band(&spec, n, a, b) / (b - a)).log10())
        })
        .collect();
    let mx = pts.iter().map(|p| p.0).sum::<f64>() / pts.len() as f64;
    let my = pts.iter().map(|p| p.1).sum::<f64>() / pts.len() as f64;
    let num: f64 = pts.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    let den: f64 = pts.iter().map(|p| (p.0 - mx) * (p.0 - mx)).sum();
    num / den
}

#[test]
fn noise_colours_have_their_slopes() {
    for (wave, want, tol) in [
        (Wave::White, 0.0, 0.7),
        (Wave::Pink, -3.0, 0.7),
        (Wave::Brown, -6.0, 1.0),
    ] {
        let (mut m, _) = solo(&[held(wave, 0.0, 0.1)], Placement::CENTRE);
        let (l, _) = render(&mut m, 100);
        let slope = density_slope(&l[BLOCK..], 200.0, 6); // 200 Hz … 12.8 kHz
        eprintln!("{wave:?} slope {slope:.2}");
        assert!(
            (slope - want).abs() < tol,
            "{wave:?}: {slope:.2} dB/oct, want {want}"
        );
    }
}

#[test]
fn noise_colours_are_about_as_loud_as_white() {
    let level = |w| {
        let (mut m, _) = solo(&[held(w, 0.0, 0.1)], Placement::CENTRE);
        rms(&render(&mut m, 30).0[BLOCK..])
    };
    let white = level(Wave::White);
    for w in [Wave::Pink, Wave::Brown] {
        let d = db(level(w) / white);
        assert!(d.abs() < 3.0, "{w:?} is {d:.1} dB from white");
    }
}

/// White noise through `kind` at `cutoff`: power density (dB) in `bands`.
fn filtered_noise(kind: FilterKind, cutoff: f32, q: f32, bands: &[(f64, f64)]) -> Vec<f64> {
    let mut l = held(Wave::White, 0.0, 0.1);
    l.filter = kind;
    l.cutoff = cutoff;
    l.q = q;
    let (mut m, _) = solo(&[l], Placement::CENTRE);
    let (x, _) = render(&mut m, 60);
    let n = 4096;
    let spec = spectrum(&x[BLOCK..], n);
    bands
        .iter()
        .map(|&(a, b)| 10.0 * (band(&spec, n, a, b) / (b - a)).log10())
        .collect()
}

#[test]
fn filters_attenuate_where_they_should() {
    let bands = [(100.0, 250.0), (900.0, 1100.0), (4000.0, 8000.0)];
    let lp = filtered_noise(FilterKind::LowPass, 1000.0, 0.707, &bands);
    assert!(lp[0] - lp[2] > 20.0, "low-pass: {lp:?}");
    assert!(
        (lp[0] - lp[1]).abs() < 6.0,
        "low-pass passes below the cutoff: {lp:?}"
    );
    let hp = filtered_noise(FilterKind::HighPass, 1000.0, 0.707, &bands);
    assert!(hp[2] - hp[0] > 20.0, "high-pass: {hp:?}");
    let bp = filtered_noise(FilterKind::BandPass, 1000.0, 4.0, &bands);
    assert!(
        bp[1] - bp[0] > 15.0 && bp[1] - bp[2] > 15.0,
        "band-pass: {bp:?}"
    );
    let off = filtered_noise(FilterKind::Off, 1000.0, 0.707, &bands);
    assert!((off[0] - off[2]).abs() < 2.0, "off is flat: {off:?}");
    // Resonance: a high q peaks at the cutoff.
    let res = filtered_noise(FilterKind::LowPass, 1000.0, 8.0, &bands);
    assert!(res[1] - lp[1] > 10.0, "q 8 peaks: {res:?} vs {lp:?}");
}

#[test]
fn a_swept_cutoff_opens_the_filter() {
    let mut l = held(Wave::White, 0.0, 0.1);
    l.filter = FilterKind::LowPass;
    l.cutoff = 300.0;
    l.cutoff_end = 8000.0;
    l.sweep = 1.0;
    let (mut m, _) = solo(&[l], Placement::CENTRE);
    let (x, _) = render(&mut m, 75);
    let n = 2048;
    let early = spectrum(&x[800..800 + 8192], n);
    let late = spectrum(&x[48_000..48_000 + 8192], n);
    let (e, la) = (
        band(&early, n, 3000.0, 6000.0),
        band(&late, n, 3000.0, 6000.0),
    );
    assert!(10.0 * (la / e).log10() > 15.0, "early {e:e} late {la:e}");
}

#[test]
fn envelope_times_measured_on_the_output() {
    let mut l = held(Wave::Sine, 1000.0, 0.2);
    l.env = Envelope {
        attack: 0.05,
        hold: 0.1,
        decay: 0.3,
        sustain: false,
    };
    let (mut m, id) = solo(&[l], Placement::CENTRE);
    let (x, _) = render(&mut m, 36);
    let env = envelope(&x, 48); // 1 ms windows
    let peak = env.iter().cloned().fold(0.0, f32::max);
    let first =
        |f: &dyn Fn(f32) -> bool, from: usize| (from..env.len()).find(|&i| f(env[i])).unwrap();
    let half = first(&|v| v >= 0.5 * peak, 0);
    let full_end = (0..env.len())
        .rev()
        .find(|&i| env[i] >= 0.99 * peak)
        .unwrap();
    let minus30 = first(&|v| v <= peak * 0.0316, full_end);
    let minus60 = first(&|v| v <= peak * 0.001, full_end);
    // + 1.3 ms: the limiter's lookahead delays everything.
    assert!(
        (24..=28).contains(&half),
        "attack half-way at {half} ms, want ~26"
    );
    assert!(
        (148..=153).contains(&full_end),
        "hold ends at {full_end} ms, want ~151"
    );
    assert!(
        (296..=306).contains(&minus30),
        "−30 dB at {minus30} ms, want ~301"
    );
    assert!(
        (440..=456).contains(&minus60),
        "−60 dB at {minus60} ms, want ~451"
    );
    assert!(!m.alive(id), "the voice ends with its layers");
}

#[test]
fn pitch_sweeps_glide_exponentially_and_hold() {
    let mut l = held(Wave::Sine, 200.0, 0.2);
    l.freq_end = 800.0;
    l.sweep = 0.5;
    let (mut m, _) = solo(&[l], Placement::CENTRE);
    let (x, _) = render(&mut m, 45);
    let at = |t: f64, w: f64| {
        crossing_freq(&x[((t - w / 2.0) * SR) as usize..((t + w / 2.0) * SR) as usize])
    };
    assert!(
        (at(0.25, 0.02) / 400.0 - 1.0).abs() < 0.03,
        "mid-sweep {}",
        at(0.25, 0.02)
    );
    assert!(
        (at(0.65, 0.1) / 800.0 - 1.0).abs() < 2e-3,
        "held at the end {}",
        at(0.65, 0.1)
    );
    assert!(at(0.02, 0.03) < 230.0, "starts low: {}", at(0.02, 0.03));
}

#[test]
fn vibrato_wobbles_the_pitch() {
    let mut l = held(Wave::Sine, 440.0, 0.2);
    l.vibrato_hz = 4.0;
    l.vibrato_semitones = 1.0;
    let (mut m, _) = solo(&[l], Placement::CENTRE);
    let (x, _) = render(&mut m, 60);
    let f: Vec<f64> = x[BLOCK..].chunks(960).map(crossing_freq).collect();
    let (lo, hi) = (
        f.iter().cloned().fold(1e9, f64::min),
        f.iter().cloned().fold(0.0, f64::max),
    );
    assert!(hi > 455.0 && lo < 425.0, "vibrato range {lo:.1} … {hi:.1}");
}

#[test]
fn a_delayed_layer_starts_late() {
    let mut lub = held(Wave::Sine, 60.0, 0.2);
    lub.env = Envelope {
        attack: 0.002,
        hold: 0.05,
        decay: 0.1,
        sustain: false,
    };
    let mut dub = lub;
    dub.delay = 0.3;
    let (mut m, _) = solo(&[lub, dub], Placement::CENTRE);
    let (x, _) = render(&mut m, 30);
    let env = envelope(&x, 48);
    let gap = (60..env.len())
        .find(|&i| env[i] < 1e-4)
        .expect("silent between");
    let dub_at = (gap..env.len())
        .find(|&i| env[i] > 0.01)
        .expect("the second beat");
    assert!((300..=304).contains(&dub_at), "second onset at {dub_at} ms");
}
