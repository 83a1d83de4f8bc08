//! Gunshots and impacts have a body (REQ V4): a transient, then a tone — not a burst of
//! noise. Each is rendered alone (the mixer at its defaults, the voice well under the
//! compressor) and measured on its first 150 ms:
//!
//! - **transient**: the loudest 2 ms window lies in the first 10 ms and stands at least
//!   12 dB over the whole 150 ms's RMS (a crack, then the ring decaying);
//! - **tone**: the power spectrum from 50 Hz to 8 kHz is far from flat — its spectral
//!   flatness (the geometric over the arithmetic mean of the bins) at most a third of a
//!   noise burst's, the same length and shape — and its strongest bin lies under 2 kHz,
//!   where the body's partials are (a bullet on a wall: under 3 kHz, its ping).
//!
//! The noise burst itself (white noise, the gunshot's crack envelope stretched to the
//! same decay) is the failing case: the same checks refuse it.

use audio::{Bus, FilterKind, Layer, Mixer, Patch, Placement, Play, Wave, BLOCK, SAMPLE_RATE};
use rustfft::{num_complex::Complex, FftPlanner};
use view::sound::patches;

const SR: f64 = SAMPLE_RATE as f64;
/// The window measured.
const WINDOW: usize = (SAMPLE_RATE as usize * 150) / 1000;

/// `patch` alone, its first [`WINDOW`] samples (left channel).
fn render(patch: Patch) -> Vec<f32> {
    let mut m = Mixer::new(8);
    m.play(Play {
        patch,
        place: Placement::CENTRE,
        pitch: 1.0,
        bus: Bus::Effects,
        priority: 1.0,
        seed: 7,
    })
    .expect("room for a voice");
    let mut out = [0.0f32; 2 * BLOCK];
    let mut l = Vec::new();
    while l.len() < WINDOW + audio::LATENCY {
        m.render(&mut out);
        l.extend(out.chunks_exact(2).map(|f| f[0]));
    }
    // The limiter's lookahead delays everything by its latency.
    l[audio::LATENCY..audio::LATENCY + WINDOW].to_vec()
}

fn rms(x: &[f32]) -> f64 {
    (x.iter().map(|&v| (v as f64).powi(2)).sum::<f64>() / x.len().max(1) as f64).sqrt()
}

/// (where the loudest 2 ms window starts, seconds; its RMS over the whole's, dB).
fn transient(x: &[f32]) -> (f64, f64) {
    let w = (SR * 0.002) as usize;
    let (mut best, mut at) = (0.0, 0);
    for s in (0..x.len() - w).step_by(w / 4) {
        let r = rms(&x[s..s + w]);
        if r > best {
            (best, at) = (r, s);
        }
    }
    (at as f64 / SR, 20.0 * (best / rms(x)).log10())
}

/// (spectral flatness 50 Hz–8 kHz, the strongest bin's frequency) of a Hann-windowed
/// periodogram of `x`.
fn tone(x: &[f32]) -> (f64, f64) {
    let n = x.len().next_power_of_two();
    let mut buf: Vec<Complex<f64>> = (0..n)
        .map(|i| {
            let v = x.get(i).copied().unwrap_or(0.0) as f64;
            let w = 0.5 - 0.5 * (std::f64::consts::TAU * i as f64 / x.len() as f64).cos();
            Complex::new(if i < x.len() { v * w } else { 0.0 }, 0.0)
        })
        .collect();
    FftPlanner::new().plan_fft_forward(n).process(&mut buf);
    let hz = SR / n as f64;
    let bins: Vec<(f64, f64)> = (0..n / 2)
        .map(|k| (k as f64 * hz, buf[k].norm_sqr() + 1e-30))
        .filter(|(f, _)| (50.0..=8000.0).contains(f))
        .collect();
    let geo = (bins.iter().map(|(_, p)| p.ln()).sum::<f64>() / bins.len() as f64).exp();
    let mean = bins.iter().map(|(_, p)| p).sum::<f64>() / bins.len() as f64;
    let peak = bins
        .iter()
        .fold((0.0, 0.0), |m, &(f, p)| if p > m.1 { (f, p) } else { m });
    (geo / mean, peak.0)
}

/// A burst of white noise as long as the sound it stands beside.
fn noise_burst() -> Patch {
    let mut l = Layer::new(Wave::White);
    l.gain = 0.8;
    l.env = audio::Envelope {
        attack: 0.0005,
        hold: 0.0,
        decay: 0.16,
        sustain: false,
    };
    l.filter = FilterKind::LowPass;
    l.cutoff = 12000.0;
    l.cutoff_end = 12000.0;
    Patch::new(&[l])
}

/// Whether `x` has a body with its strongest partial under `top` Hz, and the numbers.
fn has_body(x: &[f32], noise_flatness: f64, top: f64) -> (bool, String) {
    let (at, over) = transient(x);
    let (flat, peak) = tone(x);
    let ok = at <= 0.010 && over >= 12.0 && flat <= noise_flatness / 3.0 && peak < top;
    (
        ok,
        format!("transient at {:.1} ms, {over:.1} dB over; flatness {flat:.3} (noise {noise_flatness:.3}); strongest {peak:.0} Hz", at * 1000.0),
    )
}

#[test]
fn gunshots_and_flesh_hits_have_a_transient_and_a_tone_not_a_noise_burst() {
    let noise = render(noise_burst());
    let (noise_flat, _) = tone(&noise);
    assert!(noise_flat > 0.3, "white noise is flat: {noise_flat}");
    let (ok, why) = has_body(&noise, noise_flat, 2000.0);
    println!("noise burst: {why}");
    assert!(!ok, "the noise burst must fail: {why}");
    // A bullet on a wall is a metal tick: its tone is the ping at 2.3 kHz.
    for (name, patch, top) in [
        ("gunshot in a corridor", patches::gunshot(0.0), 2000.0),
        ("gunshot in a yard", patches::gunshot(1.0), 2000.0),
        ("flesh hit", patches::flesh_hit(), 2000.0),
        ("wall hit", patches::wall_hit(), 3000.0),
    ] {
        let x = render(patch);
        let (ok, why) = has_body(&x, noise_flat, top);
        println!("{name}: {why}");
        assert!(ok, "{name}: {why}");
    }
}
