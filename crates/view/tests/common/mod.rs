//! Golden images shared by the view's tests: compare a frame pixel for pixel with
//! `tests/golden/<name>.png`; on a mismatch write `<name>.actual.png` beside it and fail
//! with the count of differing pixels; `UPDATE_GOLDEN=1` rewrites the golden instead.

use std::path::PathBuf;

use raster::Framebuffer;

fn golden_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(format!("{name}.png"))
}

fn to_rgb(fb: &Framebuffer) -> Vec<u8> {
    fb.pixels
        .iter()
        .flat_map(|&p| [(p >> 16) as u8, (p >> 8) as u8, p as u8])
        .collect()
}

fn write_png(path: &PathBuf, w: usize, h: usize, rgb: &[u8]) {
    let file = std::fs::File::create(path).unwrap();
    let mut enc = png::Encoder::new(std::io::BufWriter::new(file), w as u32, h as u32);
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    enc.write_header().unwrap().write_image_data(rgb).unwrap();
}

fn read_png(path: &PathBuf) -> Option<(usize, usize, Vec<u8>)> {
    let dec = png::Decoder::new(std::fs::File::open(path).ok()?);
    let mut reader = dec.read_info().ok()?;
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).ok()?;
    buf.truncate(info.buffer_size());
    Some((info.width as usize, info.height as usize, buf))
}

pub fn check_golden(name: &str, fb: &Framebuffer) {
    check_image(&golden_path(name), fb, "UPDATE_GOLDEN");
}

/// [`check_golden`] for an image anywhere (the documentation's frames under `docs/img`):
/// `update_var=1` rewrites it instead.
pub fn check_image(path: &std::path::Path, fb: &Framebuffer, update_var: &str) {
    let path = path.to_path_buf();
    let rgb = to_rgb(fb);
    if std::env::var_os(update_var).is_some_and(|v| v == "1") {
        write_png(&path, fb.width, fb.height, &rgb);
        return;
    }
    let (w, h, want) = read_png(&path).unwrap_or_else(|| {
        panic!(
            "missing image {} ({update_var}=1 to create)",
            path.display()
        )
    });
    assert_eq!((w, h), (fb.width, fb.height), "image size");
    let diff = rgb
        .chunks(3)
        .zip(want.chunks(3))
        .filter(|(a, b)| a != b)
        .count();
    if diff > 0 {
        let actual = path.with_extension("actual.png");
        write_png(&actual, fb.width, fb.height, &rgb);
        panic!(
            "{diff} pixels differ from {} (actual written to {}; {update_var}=1 rewrites it)",
            path.display(),
            actual.display()
        );
    }
}

/// The `w × h` pixels of `fb` round `c`, each shown as `k × k` (a close-up).
#[allow(dead_code)]
pub fn close_up(fb: &Framebuffer, c: [f32; 2], w: usize, h: usize, k: usize) -> Framebuffer {
    let mut out = Framebuffer::new(w * k, h * k);
    let (x0, y0) = (c[0] as i64 - w as i64 / 2, c[1] as i64 - h as i64 / 2);
    for y in 0..h * k {
        for x in 0..w * k {
            let sx = (x0 + (x / k) as i64).clamp(0, fb.width as i64 - 1) as usize;
            let sy = (y0 + (y / k) as i64).clamp(0, fb.height as i64 - 1) as usize;
            out.pixels[y * w * k + x] = fb.pixels[sy * fb.width + sx];
        }
    }
    out
}
