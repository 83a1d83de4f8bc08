//! The mission editor's frame (REQ §31), composed by the one composer like every
//! other: the mission's world as the scene (drawn by the scene renderer, horror layer
//! off or on), the editor's marks on it, its screen over it, help over that. The
//! window and `--screenshot --screen editor` both draw it here.

use raster::Framebuffer;
use sim::tuning::Tuning;
use view::screens::ScreenView;
use view::{StageTimes, Timings, ViewOptions, ViewTuning, Zoom};

use crate::editor::preview;
use crate::frame::{Composer, Frame};
use crate::session::{Pilot, Session};
use crate::shell::prompts::KeyNames;
use crate::shell::studio::Studio;

/// The run the editor's scene shows for `st` (never ticked, never recorded), with its
/// cosmetics; `None` when the map has no grid at all.
pub fn scene(st: &Studio, tuning: &Tuning, view_tuning: &ViewTuning) -> Option<Session> {
    let setup = preview::setup(&st.editor, tuning, view_tuning)?;
    Some(Session::new(setup, Pilot::Hands).with_cosmetics())
}

/// Composes the editor's frame of `st` over `scene` (help over it when `help`, the
/// message line when there is one).
pub fn compose(
    c: &mut Composer,
    scene: &mut Session,
    st: &Studio,
    help: bool,
    message: Option<&str>,
    timings: &Timings,
) -> Option<StageTimes> {
    let (world, feed) = scene.watched();
    feed.camera.center = st.center;
    let mut v = st.view();
    // The editor says things in its own bottom bar (the message band would cover it).
    v.message = message.map(str::to_string);
    let marks = st.marks();
    let shown = ScreenView::Editor(&v);
    let keys = KeyNames::default();
    let frame = Frame {
        screen: &shown,
        help,
        alpha: 1.0,
        zoom: Zoom::at(st.zoom),
        view: ViewOptions {
            overlay: false,
            flow: false,
            paused: true,
        },
        horror: st.horror,
        aim: None,
        throw: None,
        keys: &keys,
        paused_banner: false,
        replay: None,
        message: None,
        hud: None,
        timings,
        trail: false,
        map: false,
        marks: Some(&marks),
    };
    c.compose(world, feed, &frame)
}

/// The editor `--screenshot --screen editor` draws: on the scenario file `scn` (its
/// map beside it, as the game finds it; its name the file's), or on the sample mission.
pub fn studio_for(scn: Option<&std::path::Path>) -> Result<Studio, String> {
    let agents = Tuning::default().squad.agent_count as usize;
    let Some(scn) = scn else {
        return Ok(Studio::new(crate::editor::sample::gate("gate")));
    };
    let read = |p: &std::path::Path| {
        std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()))
    };
    let text = read(scn)?;
    let map_name = crate::editor::forms::header(&text, crate::editor::forms::HeaderKey::Map)
        .unwrap_or_default();
    let map = match sim::content::map_text(&map_name) {
        Some(t) => t.to_string(),
        None => read(
            &scn.parent()
                .unwrap_or(std::path::Path::new("."))
                .join(&map_name),
        )?,
    };
    let name = scn
        .file_stem()
        .map_or("mission".into(), |s| s.to_string_lossy().into_owned());
    Ok(Studio::new(crate::editor::state::Editor::from_texts(
        &name, &map, &text, agents,
    )))
}

/// The editor's frame of `st` at `size` pixels on `threads` threads (`--screenshot
/// --screen editor`), help over it when `help`.
pub fn render(st: &Studio, size: (usize, usize), threads: usize, help: bool) -> Framebuffer {
    let mut c = Composer::new(crate::frame::window_frame_size(size), threads);
    let mut s = match scene(st, &Tuning::default(), &ViewTuning::default()) {
        Some(s) => s,
        None => Session::new(
            crate::setup::load(None, crate::shell::catalog::DEFAULT, None, None, None)
                .expect("the embedded scenario loads"),
            Pilot::Hands,
        ),
    };
    compose(&mut c, &mut s, st, help, None, &Timings::default());
    let want = crate::frame::clamp_size(size);
    if c.size() == want {
        return c.frame().clone();
    }
    let mut out = Framebuffer::new(want.0, want.1);
    raster::scale_bilinear_into(c.frame(), &mut out, raster::Rgba::BLACK);
    out
}
