//! `--screenshot FILE.png [--at SECONDS] [--screen NAME]`: the frame the window would
//! show at that moment, rendered headless (R4) — the game, or one of the shell's screens
//! over it (REQ §20) — through the same composer as the window ([`crate::frame`]).

use raster::Framebuffer;
use sim::read::World;
use view::{Timings, ViewOptions, Zoom};

use crate::frame::{Composer, Frame};
use crate::session::Session;
use crate::setup::Setup;
use crate::shell::campaign::{self, Mission};
use crate::shell::catalog::{self, Entry, Group};
use crate::shell::pause::PauseMenu;
use crate::shell::progress::Progress;
use crate::shell::screen::{Menus, Screen};
use crate::shell::settings::Settings;
use crate::shell::squad::{self, Squad};
use crate::shell::squad_view;
use crate::shell::title::{Page, TitleMenu};
use crate::shell::views::Lists;

/// What `--screenshot` draws besides the moment.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shot {
    pub screen: Screen,
    /// Help over the screen.
    pub help: bool,
    pub overlay: bool,
    /// Without the horror layer.
    pub plain: bool,
    pub zoom: Zoom,
    /// The title's page, on [`Screen::Title`].
    pub page: Page,
    /// The frame's size in pixels (`--size`; clamped like the window's, REQ §24).
    pub size: (usize, usize),
    /// Threads drawing it (`--threads`): the pixels are the same for any number.
    pub threads: usize,
    /// The map screen over the game (`--screen map`, REQ W3).
    pub map: bool,
}

/// The player's files a screenshot is drawn with: the campaign's progress (what the
/// campaign's pages show) and the settings (the settings page, the brightness). Fresh
/// ones by default, so a screenshot does not depend on the machine.
#[derive(Clone, Debug, Default)]
pub struct Profile {
    pub progress: Progress,
    pub settings: Settings,
    /// The player's missions (the Make page, free play) and their folder.
    pub customs: Vec<crate::editor::missions::Custom>,
    pub folder: String,
}

impl Shot {
    /// The game as played, with the horror layer, unzoomed.
    pub fn game() -> Shot {
        Shot {
            screen: Screen::Game,
            help: false,
            overlay: false,
            plain: false,
            zoom: Zoom::default(),
            page: Page::Top,
            size: (crate::frame::WIDTH, crate::frame::HEIGHT),
            threads: 1,
            map: false,
        }
    }
}

impl Profile {
    /// The user's progress and settings as the window would read them (their faults
    /// printed to stderr, nothing repaired: a screenshot writes no file of theirs).
    pub fn of_user() -> Profile {
        let read = |p: Result<std::path::PathBuf, String>| {
            let p = p.ok()?;
            std::fs::read_to_string(&p)
                .ok()
                .map(|t| (p.display().to_string(), t))
        };
        let mut out = Profile::default();
        if let Some(dir) = crate::editor::missions::default_dir() {
            let agents = sim::tuning::Tuning::default().squad.agent_count as usize;
            out.customs = crate::editor::missions::list(&dir, agents);
            out.folder = dir.display().to_string();
        }
        if let Some((file, text)) = read(crate::shell::settings::default_path()) {
            let (s, faults) = Settings::from_toml(&file, &text);
            for f in faults {
                eprintln!("squad_proto: {f}");
            }
            out.settings = s;
        }
        if let Some((file, text)) = read(crate::shell::progress::default_path()) {
            match Progress::read(&file, &text) {
                Ok((p, faults)) => {
                    for f in faults {
                        eprintln!("squad_proto: {f}");
                    }
                    out.progress = p;
                }
                Err(e) => eprintln!("squad_proto: {e}"),
            }
        }
        out
    }
}

/// The squad a campaign mission's `setup` starts with, as the window would carry it from
/// `profile`'s progress (REQ K6); `None` for any other scenario and the training.
pub fn carried(setup: &Setup, profile: &Profile) -> Option<Squad> {
    campaign::mission_of(setup)
        .filter(|m| !m.is_training())
        .map(|_| {
            profile
                .progress
                .squad
                .clone()
                .unwrap_or_else(|| Squad::fresh(&setup.tuning))
        })
}

/// The title as the window opens `page`: the campaign on its next mission, the
/// briefing of that mission.
pub fn title_on(page: Page, missions: &[Mission], progress: &Progress) -> TitleMenu {
    let mut t = TitleMenu::default();
    let next = progress.next_mission(missions);
    match page {
        Page::Campaign => t.open_campaign(next),
        Page::Briefing => t.open_briefing(missions, next, progress.briefing_difficulty()),
        p => t.page = p,
    }
    t
}

/// Composes the frame of `s` as it stands: the window's frame for the same state with
/// no message, menus at their defaults, `entries` the title's list, fresh progress and
/// settings. Over the pause menu, the results and help the window's game stands still
/// (the last tick as it is, no camera shake), and so does this frame.
pub fn compose(c: &mut Composer, s: &mut Session, shot: &Shot, entries: &[Entry]) {
    compose_with(c, s, shot, entries, &Profile::default());
}

/// [`compose`] with the player's progress and settings.
pub fn compose_with(
    c: &mut Composer,
    s: &mut Session,
    shot: &Shot,
    entries: &[Entry],
    profile: &Profile,
) {
    let keys = crate::shell::prompts::KeyNames::of(&profile.settings.keys);
    let mut results = s.results();
    keys.fill_results(&mut results);
    // A campaign mission's results say what the campaign keeps, as the window's do.
    if let Some(before) = carried(&s.setup, profile) {
        let won = campaign::mission_won(&results);
        results.campaign = squad_view::kept(&before, &s.world, won).1;
    }
    let about = s.about();
    // The window's menus at their defaults: a replay's pause menu over a replay.
    let pause = if s.playback().is_some() {
        PauseMenu::replay()
    } else {
        PauseMenu::live()
    };
    let missions = campaign::missions();
    let mut free = catalog::in_group(entries, Group::FreePlay);
    free.extend(crate::shell::make::play_entries(&profile.customs));
    let range = catalog::in_group(entries, Group::TestRange);
    let lists = Lists {
        free: &free,
        range: &range,
        missions: &missions,
        progress: &profile.progress,
        settings: &profile.settings,
        customs: &profile.customs,
        folder: &profile.folder,
    };
    let title = title_on(shot.page, &missions, &profile.progress);
    c.set_gamma(profile.settings.gamma());
    c.set_render_scale(profile.settings.render_scale);
    let menus = Menus {
        title: &title,
        lists: &lists,
        pause: &pause,
        about: &about,
        results: Some(&results),
        mission: None,
        from_editor: false,
    };
    let frame = Frame {
        marks: None,
        screen: &menus.view(shot.screen),
        help: shot.help,
        alpha: 1.0,
        zoom: shot.zoom,
        view: ViewOptions {
            overlay: shot.overlay,
            flow: false,
            paused: shot.help || matches!(shot.screen, Screen::Pause | Screen::Results),
        },
        horror: !shot.plain,
        aim: None,
        throw: None,
        keys: &keys,
        paused_banner: false,
        replay: None,
        message: None,
        hud: Some(s.end_tick()),
        timings: &Timings::default(),
        trail: profile.settings.trail.shows(s.world.difficulty()),
        map: shot.map && shot.screen == Screen::Game,
    };
    let (world, feed) = s.watched();
    c.compose(world, feed, &frame);
}

/// Runs the scenario to `at` seconds (to the run's end, if sooner, for the results) and
/// renders the frame the window would show on `shot`'s screen; `entries` is the
/// title's scenario list.
pub fn render_screen(
    setup: &Setup,
    at: f32,
    shot: &Shot,
    entries: &[Entry],
) -> (Framebuffer, World) {
    render_screen_with(setup, at, shot, entries, &Profile::default())
}

/// [`render_screen`] with the player's progress and settings (`--screenshot` reads the
/// user's files).
pub fn render_screen_with(
    setup: &Setup,
    at: f32,
    shot: &Shot,
    entries: &[Entry],
    profile: &Profile,
) -> (Framebuffer, World) {
    // A campaign mission starts with the squad the progress carries (REQ K6).
    let setup = &match carried(setup, profile) {
        Some(squad) => squad::carry_into(setup.clone(), &squad),
        None => setup.clone(),
    };
    // A results screen shows the run's end when that comes before `at`.
    let mut s = Session::watched_at(setup, at);
    // As the window: a size below the design frame is drawn at it and scaled down.
    let drawn = crate::frame::window_frame_size(shot.size);
    let mut c = Composer::new(drawn, shot.threads);
    compose_with(&mut c, &mut s, shot, entries, profile);
    let want = crate::frame::clamp_size(shot.size);
    if c.size() == want {
        return (c.frame().clone(), s.world);
    }
    let mut out = Framebuffer::new(want.0, want.1);
    raster::scale_bilinear_into(c.frame(), &mut out, raster::Rgba::BLACK);
    (out, s.world)
}
