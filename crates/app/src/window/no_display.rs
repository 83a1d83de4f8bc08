//! When there is no display to open the window on (REQ W7): which display the event loop
//! is opened on — Wayland's when its socket is there, else X's when `DISPLAY` is set
//! (winit alone would try a `WAYLAND_DISPLAY` whose compositor is gone and never X) —
//! and the one line said when neither is found, in the player's words: which servers
//! were looked for and where, never the windowing crate's source path.

use std::path::PathBuf;

/// The display servers the environment names.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DisplayEnv {
    /// `WAYLAND_DISPLAY` (or `WAYLAND_SOCKET`), when set and not empty.
    pub wayland: Option<String>,
    /// Whether that Wayland socket exists (`$XDG_RUNTIME_DIR/$WAYLAND_DISPLAY`, or the
    /// path itself when absolute; a `WAYLAND_SOCKET` is taken as there).
    pub wayland_socket: bool,
    /// `DISPLAY`, when set and not empty.
    pub x11: Option<String>,
}

/// The display servers this process's environment names.
pub fn display_env() -> DisplayEnv {
    let var = |k: &str| std::env::var(k).ok().filter(|v| !v.is_empty());
    let socket = var("WAYLAND_SOCKET");
    let display = var("WAYLAND_DISPLAY");
    let wayland_socket = socket.is_some()
        || display.as_deref().is_some_and(|d| {
            let p = PathBuf::from(d);
            if p.is_absolute() {
                p.exists()
            } else {
                var("XDG_RUNTIME_DIR").is_some_and(|r| PathBuf::from(r).join(d).exists())
            }
        });
    DisplayEnv {
        wayland: display.or(socket),
        wayland_socket,
        x11: var("DISPLAY"),
    }
}

impl DisplayEnv {
    /// Whether the event loop should be opened on X although Wayland is named: its
    /// socket is not there and an X display is.
    pub fn prefer_x11(&self) -> bool {
        self.wayland.is_some() && !self.wayland_socket && self.x11.is_some()
    }
}

/// The line said when the window found no display: `why` is the windowing crate's error
/// (its source place, `os error at …/mod.rs:89: `, left out), `env` what was looked for.
pub fn no_display_line(why: &str, env: &DisplayEnv) -> String {
    let cause = without_place(why).trim().trim_end_matches('.');
    // The cause in the middle of the line: its first letter small.
    let mut chars = cause.chars();
    let cause: String = chars
        .next()
        .map(|c| c.to_lowercase().chain(chars).collect())
        .unwrap_or_default();
    let wayland = match &env.wayland {
        None => "WAYLAND_DISPLAY is not set".to_string(),
        Some(w) if !env.wayland_socket => format!("WAYLAND_DISPLAY={w} names no socket"),
        Some(w) => format!("WAYLAND_DISPLAY={w}"),
    };
    let x11 = match &env.x11 {
        None => "DISPLAY is not set".to_string(),
        Some(d) => format!("DISPLAY={d}"),
    };
    let said = if env.wayland.is_none() && env.x11.is_none() {
        String::new()
    } else {
        format!(": {cause}")
    };
    format!(
        "no display to open the game window: neither a Wayland compositor nor an X display \
         was found ({wayland}; {x11}{said})"
    )
}

/// `why` without winit's `os error at FILE.rs:LINE: ` (a path on the machine that built
/// the game, of no use to its player).
fn without_place(why: &str) -> &str {
    let Some(at) = why.find(".rs:") else {
        return why;
    };
    let rest = &why[at + 4..];
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    rest[digits..].trim_start_matches(':').trim_start()
}

#[cfg(test)]
mod tests {
    use super::*;

    const WINIT: &str = "os error at /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/\
                         winit-0.30.13/src/platform_impl/linux/wayland/event_loop/mod.rs:89: \
                         Could not find wayland compositor";

    #[test]
    fn the_line_names_both_servers_and_no_source_path() {
        let none = DisplayEnv::default();
        let line = no_display_line(
            "os error at /x/winit-0.30.13/src/platform_impl/linux/mod.rs:763: neither \
             WAYLAND_DISPLAY nor WAYLAND_SOCKET nor DISPLAY is set.",
            &none,
        );
        assert_eq!(
            line,
            "no display to open the game window: neither a Wayland compositor nor an X \
             display was found (WAYLAND_DISPLAY is not set; DISPLAY is not set)"
        );
        let dead = DisplayEnv {
            wayland: Some("wayland-0".into()),
            wayland_socket: false,
            x11: None,
        };
        let line = no_display_line(WINIT, &dead);
        assert!(
            line.contains("neither a Wayland compositor nor an X display was found"),
            "{line}"
        );
        assert!(
            line.contains("WAYLAND_DISPLAY=wayland-0 names no socket; DISPLAY is not set: could not find wayland compositor"),
            "{line}"
        );
        assert!(
            !line.contains(".rs") && !line.contains("winit-0") && !line.contains('\n'),
            "{line}"
        );
        let x = DisplayEnv {
            wayland: None,
            wayland_socket: false,
            x11: Some(":5".into()),
        };
        let line = no_display_line("failed to open connection to X server", &x);
        assert!(
            line.ends_with(
                "(WAYLAND_DISPLAY is not set; DISPLAY=:5: failed to open connection to X server)"
            ),
            "{line}"
        );
    }

    #[test]
    fn x_is_chosen_only_when_the_wayland_socket_is_missing_and_x_is_named() {
        let env = |w: Option<&str>, socket: bool, x: Option<&str>| DisplayEnv {
            wayland: w.map(String::from),
            wayland_socket: socket,
            x11: x.map(String::from),
        };
        assert!(env(Some("wayland-0"), false, Some(":0")).prefer_x11());
        assert!(!env(Some("wayland-0"), true, Some(":0")).prefer_x11());
        assert!(!env(Some("wayland-0"), false, None).prefer_x11());
        assert!(!env(None, false, Some(":0")).prefer_x11());
        assert_eq!(without_place("plain"), "plain");
    }
}
