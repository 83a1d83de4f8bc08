//! The files the game writes and reads on disk (replays, saves, settings, progress,
//! pictures): reading with one-line errors, writing atomically (a temporary file synced
//! and renamed into place, so a crash never leaves half a file), and the window's
//! rotation of its last runs in `replays/` (in the user's data directory).

use std::io::Write;
use std::path::{Path, PathBuf};

use raster::Framebuffer;

/// The window keeps this many of its last runs in `replays/` (in the data directory).
pub const KEEP_REPLAYS: usize = 5;

/// A file's bytes, or one line naming it and what went wrong.
pub fn read(path: &Path) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|e| format!("{}: cannot read: {}", path.display(), cause(&e)))
}

/// Writes `bytes` to `path` whole or not at all (REQ X13): into a temporary file beside
/// it, synced to the disk, renamed over `path`, and the folder synced so the rename
/// itself survives a crash. The old file stays until the new one is complete; a
/// temporary left by a failure is removed. Errors name the file and the cause (a
/// permission refused is said as such).
pub fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
    if let Some(dir) = dir {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {}", dir.display(), cause(&e)))?;
    }
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".part");
    let tmp = PathBuf::from(tmp);
    let written = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()
    })();
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(format!("{}: cannot write: {}", tmp.display(), cause(&e)));
    }
    if let Err(e) = std::fs::rename(&tmp, path) {
        let _ = std::fs::remove_file(&tmp);
        return Err(format!("{}: cannot write: {}", path.display(), cause(&e)));
    }
    // The rename is durable once the folder's entry is; a folder that cannot be opened
    // for syncing (some file systems) leaves the file written all the same.
    if let Ok(d) = std::fs::File::open(dir.unwrap_or(Path::new("."))) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// An I/O error in words: a refused permission named as one.
fn cause(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::PermissionDenied => format!("permission denied ({e})"),
        _ => e.to_string(),
    }
}

/// The next file name for a window run in `dir` (`run_YYYYMMDD_HHMMSS_N.sqr`
/// style names sort by age), after dropping the oldest so that at most
/// `KEEP_REPLAYS` remain with the new one.
pub fn next_replay_path(dir: &Path) -> PathBuf {
    let mut old: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| is_run_file(p))
                .collect()
        })
        .unwrap_or_default();
    old.sort();
    while old.len() >= KEEP_REPLAYS {
        let _ = std::fs::remove_file(old.remove(0));
    }
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let mut k = 0;
    loop {
        let p = dir.join(format!("run_{secs:012}_{k}.sqr"));
        if !p.exists() {
            return p;
        }
        k += 1;
    }
}

fn is_run_file(p: &Path) -> bool {
    p.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.starts_with("run_") && n.ends_with(".sqr"))
}

/// Writes a framebuffer as an 8-bit RGB PNG (through [`write`]: whole or not at all).
pub fn write_png(fb: &Framebuffer, path: &Path) -> Result<(), String> {
    let mut bytes = Vec::new();
    let mut enc = png::Encoder::new(&mut bytes, fb.width as u32, fb.height as u32);
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    let mut writer = enc
        .write_header()
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let mut data = Vec::with_capacity(fb.width * fb.height * 3);
    for &p in &fb.pixels {
        data.extend_from_slice(&[(p >> 16) as u8, (p >> 8) as u8, p as u8]);
    }
    writer
        .write_image_data(&data)
        .and_then(|()| writer.finish())
        .map_err(|e| format!("{}: {e}", path.display()))?;
    write(path, &bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_keeps_the_newest_runs_and_write_is_whole() {
        let dir = std::env::temp_dir().join(format!("sqp_rot_{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        for i in 0..KEEP_REPLAYS + 3 {
            let p = dir.join(format!("run_{i:012}_0.sqr"));
            write(&p, b"x").unwrap();
        }
        std::fs::write(dir.join("keep_me.sqr"), b"y").unwrap();
        let next = next_replay_path(&dir);
        write(&next, b"new").unwrap();
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        let runs: Vec<&String> = names.iter().filter(|n| n.starts_with("run_")).collect();
        assert_eq!(runs.len(), KEEP_REPLAYS, "{names:?}");
        assert!(
            !names.iter().any(|n| n == "run_000000000000_0.sqr"),
            "oldest dropped"
        );
        assert!(
            names.iter().any(|n| n == "keep_me.sqr"),
            "other files untouched"
        );
        assert!(!names.iter().any(|n| n.ends_with(".part")));
        assert_eq!(read(&next).unwrap(), b"new");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
