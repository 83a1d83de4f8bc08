//! The mix, mastered (REQ V4; docs/sound.md, "Mastering"): the combat route's and
//! hold_director's soundtracks, rendered as `--audio-out` renders them, measured with a
//! BS.1770 meter (the `ebur128` crate: K-weighted, gated integrated loudness; 4×
//! oversampled true peak) and by band levels from an FFT of each tick's block:
//!
//! - integrated loudness −24 ± 1 LUFS, true peak ≤ −1 dBTP;
//! - in fights (ticks within half a second of a shot, a blade's strike or a hit) the
//!   8–20 kHz band at least 12 dB under 200–2000 Hz: no wall of noise;
//! - in quiet stretches (no fight event within three seconds either way) the drone's
//!   band, 20–200 Hz, at least 6 dB under the 200–2000 Hz band that carries the cues.

use app::session::Session;
use app::setup;
use rustfft::{num_complex::Complex, FftPlanner};
use sim::read::{EventKind, TickInput};

/// The FFT's length: 85 ms, bins of 11.7 Hz, so the drone's 130 Hz partial does not
/// leak over the 200 Hz edge under the Hann window's main lobe (±2 bins).
const N: usize = 4096;
/// Bands, Hz.
const BANDS: [(f64, f64); 4] = [
    (20.0, 200.0),
    (200.0, 2000.0),
    (2000.0, 8000.0),
    (8000.0, 20000.0),
];
/// A fight: a fight event within this many ticks.
const FIGHT_TICKS: usize = 30;
/// Quiet: no fight event within this many ticks, either way.
const QUIET_TICKS: usize = 180;

/// A scenario's soundtrack as `--audio-out` writes it, and which of its ticks had a
/// fight event.
fn soundtrack(name: &str) -> (Vec<f32>, Vec<bool>) {
    let s = setup::load(None, name, None, None, None).unwrap();
    let mut s = Session::route(s).with_sound();
    let (mut samples, mut events) = (Vec::new(), Vec::new());
    while !s.ended() {
        s.step(TickInput::default());
        samples.extend_from_slice(s.sound().unwrap());
        events.push(s.world.events().iter().any(|e| {
            matches!(
                e.kind,
                EventKind::Shot { .. }
                    | EventKind::StrikeActive { .. }
                    | EventKind::EnemyHit { .. }
                    | EventKind::MeleeHit { .. }
                    | EventKind::DamageDealt { .. }
            )
        }));
    }
    (samples, events)
}

/// Integrated loudness (LUFS) and true peak (dBTP, the louder channel).
fn loudness(samples: &[f32]) -> (f64, f64) {
    let mut m =
        ebur128::EbuR128::new(2, 48_000, ebur128::Mode::I | ebur128::Mode::TRUE_PEAK).unwrap();
    m.add_frames_f32(samples).unwrap();
    let tp = m.true_peak(0).unwrap().max(m.true_peak(1).unwrap());
    (m.loudness_global().unwrap(), 20.0 * tp.log10())
}

/// Band levels (dB, mean square of both channels) over the ticks `pick` selects, each
/// tick by an N-point Hann-windowed FFT centred on its block.
fn bands(samples: &[f32], pick: impl Fn(usize) -> bool) -> [f64; 4] {
    let block = audio::BLOCK;
    let ticks = samples.len() / (2 * block);
    let fft = FftPlanner::<f64>::new().plan_fft_forward(N);
    let hann: Vec<f64> = (0..N)
        .map(|i| 0.5 - 0.5 * (std::f64::consts::TAU * i as f64 / N as f64).cos())
        .collect();
    let norm = N as f64 * hann.iter().map(|w| w * w).sum::<f64>();
    let bin = 48_000.0 / N as f64;
    let (mut power, mut frames) = ([0.0f64; 4], 0usize);
    let mut buf = vec![Complex::new(0.0, 0.0); N];
    for t in (0..ticks).filter(|&t| pick(t)) {
        let centre = t * block + block / 2;
        let Some(start) = centre.checked_sub(N / 2) else {
            continue;
        };
        if start + N > samples.len() / 2 {
            continue;
        }
        for ch in 0..2 {
            for (i, b) in buf.iter_mut().enumerate() {
                *b = Complex::new(samples[2 * (start + i) + ch] as f64 * hann[i], 0.0);
            }
            fft.process(&mut buf);
            for (k, c) in buf.iter().enumerate().take(N / 2).skip(1) {
                let f = k as f64 * bin;
                if let Some(j) = BANDS.iter().position(|&(lo, hi)| f >= lo && f < hi) {
                    power[j] += 2.0 * c.norm_sqr() / norm;
                }
            }
        }
        frames += 2;
    }
    assert!(frames > 0, "no tick picked");
    power.map(|p| 10.0 * (p / frames as f64).max(1e-20).log10())
}

/// Each tick: a fight (a fight event within [`FIGHT_TICKS`]) and quiet (none within
/// [`QUIET_TICKS`]).
fn classes(events: &[bool]) -> (Vec<bool>, Vec<bool>) {
    let near = |t: usize, r: usize| {
        let (a, b) = (t.saturating_sub(r), (t + r + 1).min(events.len()));
        events[a..b].iter().any(|e| *e)
    };
    (0..events.len())
        .map(|t| (near(t, FIGHT_TICKS), !near(t, QUIET_TICKS)))
        .unzip()
}

#[test]
fn both_soundtracks_are_mastered() {
    let mut failed = Vec::new();
    for name in ["combat_route", "hold_director"] {
        let (samples, events) = soundtrack(name);
        let (lufs, tp) = loudness(&samples);
        let (fight, quiet) = classes(&events);
        let f = bands(&samples, |t| fight[t]);
        let q = bands(&samples, |t| quiet[t]);
        let count = |v: &[bool]| v.iter().filter(|x| **x).count() as f64 / 60.0;
        println!(
            "{name}: {lufs:.1} LUFS, {tp:.2} dBTP; fights ({:.0} s): {:.1} / {:.1} / {:.1} / {:.1} dB \
             (20-200 / 200-2k / 2k-8k / 8k-20k); quiet ({:.0} s): {:.1} / {:.1} / {:.1} / {:.1} dB",
            count(&fight),
            f[0],
            f[1],
            f[2],
            f[3],
            count(&quiet),
            q[0],
            q[1],
            q[2],
            q[3]
        );
        if (lufs + 24.0).abs() > 1.0 {
            failed.push(format!("{name}: {lufs:.1} LUFS integrated, not −24 ± 1"));
        }
        if tp > -1.0 {
            failed.push(format!("{name}: true peak {tp:.2} dBTP over −1"));
        }
        if f[1] - f[3] < 12.0 {
            failed.push(format!(
                "{name}: in fights 8–20 kHz only {:.1} dB under 200–2000 Hz",
                f[1] - f[3]
            ));
        }
        if q[1] - q[0] < 6.0 {
            failed.push(format!(
                "{name}: in quiet stretches the drone only {:.1} dB under the cues",
                q[1] - q[0]
            ));
        }
        assert!(
            count(&fight) > 10.0 && count(&quiet) > 10.0,
            "{name}: both heard"
        );
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}
