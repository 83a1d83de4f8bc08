//! The master limiter holds the *true* peak (ITU-R BS.1770: the reconstructed waveform
//! between samples) under −1 dBTP, measured by an independent 8× oversampled meter
//! (`common::true_peak`), on signals whose peaks fall between samples.

mod common;

use audio::*;
use common::*;

/// Runs planar stereo through a fresh limiter at unity gain; returns (left, right):
/// the whole output, from the first [`LATENCY`] samples of delay to the silence after.
fn limit(l: &[f32], r: &[f32]) -> (Vec<f32>, Vec<f32>) {
    let mut lim = Limiter::new();
    let mut out = [0.0f32; 2 * BLOCK];
    let (mut ol, mut or) = (Vec::new(), Vec::new());
    let blocks = l.len().div_ceil(BLOCK) + 1;
    let pad = |x: &[f32], b: usize| -> [f32; BLOCK] {
        std::array::from_fn(|i| x.get(b * BLOCK + i).copied().unwrap_or(0.0))
    };
    for b in 0..blocks {
        lim.process(&pad(l, b), &pad(r, b), 1.0, &mut out);
        for f in out.chunks_exact(2) {
            ol.push(f[0]);
            or.push(f[1]);
        }
    }
    (ol, or)
}

fn sample_peak(x: &[f32]) -> f64 {
    x.iter().fold(0.0f64, |m, v| m.max(v.abs() as f64))
}

/// A sine at fs/4 shifted 45°: every sample at 0.707 of the crest. Samples at −2 dBFS
/// (under a sample limiter's ceiling) carry a true peak of +1 dBTP; limited, the true
/// peak is at most −1 dBTP and the tone is not crushed (within 1 dB of the target).
#[test]
fn a_sine_at_a_quarter_of_the_rate_shifted_45_degrees_is_held_under_minus_1_dbtp() {
    let crest = 10f32.powf(1.0 / 20.0); // +1 dBTP
    let x: Vec<f32> = (0..48_000)
        .map(|n| crest * (std::f32::consts::TAU * (n as f32 / 4.0 + 0.125)).sin())
        .collect();
    assert!(dbfs(sample_peak(&x)) < -1.9, "its samples under −1 dBFS");
    assert!(dbfs(true_peak(&x)) > 0.9, "its true peak at +1 dBTP");
    let (l, r) = limit(&x, &x);
    let tp = dbfs(true_peak(&l).max(true_peak(&r)));
    assert!(tp <= -1.0, "true peak {tp:.2} dBTP");
    // Settled (after the first 100 ms), it sits just under the target.
    let settled = dbfs(true_peak_in(&l, 4800, 40_000));
    assert!(settled > -2.5, "over-limited: {settled:.2} dBTP");
    println!("fs/4 at 45°: true peak {tp:.2} dBTP, settled {settled:.2}");
}

/// Sines from 200 Hz to 19 kHz at odd phases 12 dB over full scale, a white-noise burst
/// stepping in from silence, and single-sample clicks: every one comes out at or under
/// −1 dBTP (true peak) and −1 dBFS (samples).
#[test]
fn loud_tones_noise_and_clicks_stay_under_minus_1_dbtp() {
    let mut cases: Vec<(String, Vec<f32>)> = Vec::new();
    for f in [
        200.0f32, 1000.0, 5_000.0, 9_600.0, 11_999.0, 15_000.0, 19_000.0,
    ] {
        let x = (0..24_000)
            .map(|n| 4.0 * (std::f32::consts::TAU * (f * n as f32 / 48_000.0 + 0.37)).sin())
            .collect();
        cases.push((format!("sine {f} Hz"), x));
    }
    let mut seed = 12_345u32;
    let mut noise = || {
        seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        (seed >> 8) as f32 / (1u32 << 23) as f32 - 1.0
    };
    let burst = (0..24_000)
        .map(|n| {
            if n < 4_000 {
                0.01 * noise()
            } else {
                3.0 * noise()
            }
        })
        .collect();
    cases.push(("noise burst".into(), burst));
    let clicks = (0..24_000)
        .map(|n| match n % 3_000 {
            0 => 5.0,
            1 => -5.0,
            _ => 0.0,
        })
        .collect();
    cases.push(("clicks".into(), clicks));
    for (what, x) in &cases {
        let (l, _) = limit(x, x);
        let tp = dbfs(true_peak(&l));
        println!("{what}: true peak {tp:.2} dBTP");
        assert!(tp <= -1.0, "{what}: true peak {tp:.2} dBTP");
        assert!(
            dbfs(sample_peak(&l)) <= -1.0,
            "{what}: a sample over −1 dBFS"
        );
        assert!(tp > -3.0, "{what}: limited, not silenced ({tp:.2} dBTP)");
    }
}

/// Through the whole mixer: 48 loud voices (saws through resonant filters, white
/// noise) at every volume's maximum stay under −1 dBTP.
#[test]
fn the_mix_of_48_loud_voices_stays_under_minus_1_dbtp() {
    let mut m = Mixer::new(48);
    m.set_volumes(4.0, 4.0, 4.0, 4.0);
    for k in 0..48 {
        let mut l = held(Wave::Saw, 55.0 * (1 + k % 7) as f32, 16.0);
        l.filter = FilterKind::LowPass;
        l.cutoff = 3000.0;
        l.q = 20.0;
        let hiss = held(Wave::White, 0.0, 16.0);
        let place = Placement {
            gain: 16.0,
            pan: 0.3,
            reverb: 1.0,
            lowpass: 20_000.0,
        };
        m.play(play_of(Patch::new(&[l, hiss]), place, k));
    }
    let (l, r) = render(&mut m, 60);
    let tp = dbfs(true_peak(&l).max(true_peak(&r)));
    println!("48 loud voices: true peak {tp:.2} dBTP");
    assert!((-3.0..=-1.0).contains(&tp), "true peak {tp:.2} dBTP");
}
