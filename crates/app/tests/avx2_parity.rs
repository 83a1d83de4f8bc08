//! The AVX2 and portable kernels draw identical frames: the same `--screenshot`, with the
//! horror layer (light fans, post pass, every primitive), rendered once with AVX2 and once
//! with `RASTER_NO_AVX2=1` (the rasterizer reads it once per process, hence two runs of
//! the binary), compared byte for byte — at the design size and at 1920×1080 drawn in
//! two bands on two threads (REQ §24).

use std::path::Path;
use std::process::Command;

fn shot(path: &Path, at: &str, extra: &[&str], portable: bool) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_squad_proto"));
    cmd.args(["--screenshot", path.to_str().unwrap(), "--at", at]);
    cmd.args(extra);
    if portable {
        cmd.env("RASTER_NO_AVX2", "1");
    } else {
        cmd.env_remove("RASTER_NO_AVX2");
    }
    let out = cmd.output().expect("the binary runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn avx2_and_portable_paths_draw_the_same_frames() {
    #[cfg(target_arch = "x86_64")]
    if !std::arch::is_x86_feature_detected!("avx2") {
        eprintln!("no AVX2 on this CPU: both runs take the portable path");
    }
    let dir = std::env::temp_dir().join(format!("squad_proto_parity_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let full_hd: &[&str] = &["--size", "1920x1080", "--threads", "2"];
    for (at, extra, tag) in [
        ("30", &[][..], "design"),
        ("140", &[][..], "design"),
        ("140", full_hd, "1920x1080"),
    ] {
        let (a, b) = (
            dir.join(format!("avx2_{at}_{tag}.png")),
            dir.join(format!("portable_{at}_{tag}.png")),
        );
        shot(&a, at, extra, false);
        shot(&b, at, extra, true);
        let (pa, pb) = (std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
        assert!(pa.len() > 10_000, "a real frame was written");
        assert!(
            pa == pb,
            "the frames at {at} s ({tag}) differ between AVX2 and portable"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
