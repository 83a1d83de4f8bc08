//! Replay and save files on disk: reading with one-line errors, writing atomically
//! (a temporary file renamed into place, so a crash never leaves half a file), and the
//! window's rotation of its last runs in `replays/`.

use std::path::{Path, PathBuf};

/// The window keeps this many of its last runs in `replays/`.
pub const KEEP_REPLAYS: usize = 5;

/// A file's bytes, or one line naming it and what went wrong.
pub fn read(path: &Path) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|e| format!("{}: cannot read: {e}", path.display()))
}

/// Writes `bytes` to `path` through a temporary file beside it.
pub fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".part");
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, bytes).map_err(|e| format!("{}: cannot write: {e}", tmp.display()))?;
    std::fs::rename(&tmp, path).map_err(|e| format!("{}: cannot write: {e}", path.display()))
}

/// A damaged file moved out of the way, to `NAME.damaged` beside it (an older one
/// there is replaced): where it went.
pub fn set_aside(path: &Path) -> Result<PathBuf, String> {
    let mut to = path.as_os_str().to_owned();
    to.push(".damaged");
    let to = PathBuf::from(to);
    std::fs::rename(path, &to).map_err(|e| format!("{}: {e}", to.display()))?;
    Ok(to)
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
