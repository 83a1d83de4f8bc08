//! Test support: rendering a mixer to channel vectors, and the measurements the tests
//! make on rendered samples (levels, zero crossings, spectra by FFT, band energies).
#![allow(dead_code)]

use audio::*;

/// Renders `blocks` blocks; returns (left, right).
pub fn render(m: &mut Mixer, blocks: usize) -> (Vec<f32>, Vec<f32>) {
    let mut out = [0.0f32; 2 * BLOCK];
    let (mut l, mut r) = (Vec::new(), Vec::new());
    for _ in 0..blocks {
        m.render(&mut out);
        for f in out.chunks_exact(2) {
            l.push(f[0]);
            r.push(f[1]);
        }
    }
    (l, r)
}

/// A layer of `wave` held at full level (sustained) at `freq` with `gain`.
pub fn held(wave: Wave, freq: f32, gain: f32) -> Layer {
    let mut l = Layer::new(wave);
    l.freq = freq;
    l.freq_end = freq;
    l.gain = gain;
    l.env = Envelope {
        attack: 0.0,
        hold: 0.0,
        decay: 0.05,
        sustain: true,
    };
    l
}

/// A play of `patch` at `place`.
pub fn play_of(patch: Patch, place: Placement, seed: u32) -> Play {
    Play {
        patch,
        place,
        pitch: 1.0,
        bus: Bus::Effects,
        priority: 1.0,
        seed,
    }
}

/// Plays one patch alone in a fresh mixer; returns the mixer and the id.
pub fn solo(layers: &[Layer], place: Placement) -> (Mixer, VoiceId) {
    let mut m = Mixer::new(8);
    let id = m
        .play(play_of(Patch::new(layers), place, 1))
        .expect("room for a voice");
    (m, id)
}

/// Root mean square.
pub fn rms(x: &[f32]) -> f64 {
    (x.iter().map(|&v| (v as f64) * (v as f64)).sum::<f64>() / x.len().max(1) as f64).sqrt()
}

/// Decibels of an amplitude ratio.
pub fn db(ratio: f64) -> f64 {
    20.0 * ratio.max(1e-30).log10()
}

/// The frequency (Hz) from rising zero crossings, interpolated.
pub fn crossing_freq(x: &[f32]) -> f64 {
    let mut first = None;
    let mut last = 0.0;
    let mut n = 0;
    for i in 1..x.len() {
        if x[i - 1] < 0.0 && x[i] >= 0.0 {
            let t = (i - 1) as f64 + (-x[i - 1] as f64) / ((x[i] - x[i - 1]) as f64);
            if first.is_none() {
                first = Some(t);
            } else {
                n += 1;
            }
            last = t;
        }
    }
    n as f64 * SAMPLE_RATE as f64 / (last - first.expect("a crossing"))
}

/// In-place radix-2 FFT of (re, im); the length must be a power of two.
pub fn fft(re: &mut [f64], im: &mut [f64]) {
    let n = re.len();
    let mut j = 0;
    for i in 1..n {
        let mut bit = n >> 1;
        while j & bit != 0 {
            j ^= bit;
            bit >>= 1;
        }
        j |= bit;
        if i < j {
            re.swap(i, j);
            im.swap(i, j);
        }
    }
    let mut len = 2;
    while len <= n {
        let ang = -2.0 * std::f64::consts::PI / len as f64;
        for start in (0..n).step_by(len) {
            for k in 0..len / 2 {
                let (s, c) = (ang * k as f64).sin_cos();
                let (a, b) = (start + k, start + k + len / 2);
                let tr = re[b] * c - im[b] * s;
                let ti = re[b] * s + im[b] * c;
                re[b] = re[a] - tr;
                im[b] = im[a] - ti;
                re[a] += tr;
                im[a] += ti;
            }
        }
        len <<= 1;
    }
}

/// Power spectrum averaged over Hann-windowed frames of `n` (a power of two), bins of
/// SAMPLE_RATE / n Hz, 0 … n/2.
pub fn spectrum(x: &[f32], n: usize) -> Vec<f64> {
    let mut acc = vec![0.0; n / 2 + 1];
    let frames = x.len() / n;
    assert!(frames > 0, "need at least one frame");
    for f in 0..frames {
        let mut re: Vec<f64> = (0..n)
            .map(|i| {
                let w = 0.5 - 0.5 * (2.0 * std::f64::consts::PI * i as f64 / n as f64).cos();
                x[f * n + i] as f64 * w
            })
            .collect();
        let mut im = vec![0.0; n];
        fft(&mut re, &mut im);
        for k in 0..=n / 2 {
            acc[k] += re[k] * re[k] + im[k] * im[k];
        }
    }
    acc
}

/// Energy of `spec` (from [`spectrum`] with frame `n`) between `lo` and `hi` Hz.
pub fn band(spec: &[f64], n: usize, lo: f64, hi: f64) -> f64 {
    let hz = SAMPLE_RATE as f64 / n as f64;
    spec.iter()
        .enumerate()
        .filter(|(k, _)| {
            let f = *k as f64 * hz;
            f >= lo && f < hi
        })
        .map(|(_, &p)| p)
        .sum()
}

/// The spectral centroid (Hz).
pub fn centroid(spec: &[f64], n: usize) -> f64 {
    let hz = SAMPLE_RATE as f64 / n as f64;
    let (mut num, mut den) = (0.0, 0.0);
    for (k, &p) in spec.iter().enumerate() {
        num += k as f64 * hz * p;
        den += p;
    }
    num / den
}

/// Peak |x| over consecutive windows of `w` samples.
pub fn envelope(x: &[f32], w: usize) -> Vec<f32> {
    x.chunks(w)
        .map(|c| c.iter().fold(0.0f32, |m, &v| m.max(v.abs())))
        .collect()
}

/// Every sample finite and within the limiter's ceiling.
pub fn bounded(x: &[f32]) -> bool {
    x.iter().all(|v| v.is_finite() && v.abs() <= CEILING)
}

/// The true peak of a channel (linear), measured independently of the limiter's own
/// detector: 8× oversampled, each point between samples reconstructed from 64 samples
/// (a Kaiser-windowed sinc, β = 10, in f64 with the platform's sine); the samples
/// themselves count too. Outside `x` the stream is silent.
pub fn true_peak(x: &[f32]) -> f64 {
    true_peak_in(x, 0, x.len())
}

/// [`true_peak`] of the stretch `from..to` of `x` (the points between its samples
/// reconstructed from all of `x`, so a stretch's ends are not mistaken for edges).
pub fn true_peak_in(x: &[f32], from: usize, to: usize) -> f64 {
    const HALF: i64 = 32;
    const OVER: usize = 8;
    let i0 = |x: f64| {
        let (mut s, mut t) = (1.0, 1.0);
        for k in 1..50 {
            t *= 0.5 * x / k as f64;
            s += t * t;
        }
        s
    };
    let beta = 10.0;
    let taps: Vec<Vec<f64>> = (1..OVER)
        .map(|p| {
            (-(HALF - 1)..=HALF)
                .map(|k| {
                    let t = p as f64 / OVER as f64 - k as f64;
                    let u = t / HALF as f64;
                    let w = i0(beta * (1.0 - u * u).max(0.0).sqrt()) / i0(beta);
                    let pt = std::f64::consts::PI * t;
                    pt.sin() / pt * w
                })
                .collect()
        })
        .collect();
    let at = |i: i64| -> f64 {
        if i < 0 || i >= x.len() as i64 {
            0.0
        } else {
            x[i as usize] as f64
        }
    };
    let mut peak = 0.0f64;
    for m in from as i64..to as i64 {
        peak = peak.max(at(m).abs());
        for h in &taps {
            let v: f64 = h
                .iter()
                .enumerate()
                .map(|(j, c)| c * at(m - (HALF - 1) + j as i64))
                .sum();
            peak = peak.max(v.abs());
        }
    }
    peak
}

/// A linear level in dB (of full scale).
pub fn dbfs(x: f64) -> f64 {
    20.0 * x.max(1e-12).log10()
}
