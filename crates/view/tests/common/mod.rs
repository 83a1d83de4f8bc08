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
    let path = golden_path(name);
    let rgb = to_rgb(fb);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        write_png(&path, fb.width, fb.height, &rgb);
        return;
    }
    let (w, h, want) = read_png(&path).unwrap_or_else(|| {
        panic!(
            "missing golden {} (UPDATE_GOLDEN=1 to create)",
            path.display()
        )
    });
    assert_eq!((w, h), (fb.width, fb.height), "golden size");
    let diff = rgb
        .chunks(3)
        .zip(want.chunks(3))
        .filter(|(a, b)| a != b)
        .count();
    if diff > 0 {
        let actual = path.with_extension("actual.png");
        write_png(&actual, fb.width, fb.height, &rgb);
        panic!(
            "{name}: {diff} pixels differ from {} (actual written to {})",
            path.display(),
            actual.display()
        );
    }
}
