//! The one frame composer (SPEC §25 X3): the window and `--screenshot` (and `--bench`)
//! draw every frame here — the scene through the horror layer or plain, zoomed, the
//! manual-aim cone, the F1/F2 overlays, the shell's screen, help, PAUSED and the message
//! line — so the same state, zoom and screen give the same pixels headless and in the
//! window. The internal resolution is defined here.

use raster::Framebuffer;
use sim::read::World;
use sim::Vec2;
use view::screens::{self, Results};
use view::{StageTimes, Timings, ViewOptions, Zoom};

use crate::cosmetics::Cosmetics;
use crate::hud;
use crate::shell::{self, Lists, Page, PauseMenu, TitleMenu};

/// The internal resolution (R3): every frame is drawn at this size, then presented
/// scaled to the window.
pub const WIDTH: usize = 1280;
pub const HEIGHT: usize = 720;

/// The shell's screens: where the window is, and what `--screen NAME` draws. Help (H or
/// ?) is drawn over any of them ([`Frame::help`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    /// The run as played.
    Game,
    /// The title over the live scene (the default scenario driven by its route): the
    /// page [`TitleMenu::page`] says.
    Title,
    /// The pause menu over the game.
    Pause,
    /// The run's results over its last frame.
    Results,
}

impl Screen {
    pub const NAMES: &'static str =
        "game, title, campaign, briefing, settings, free-play, test-range, help, pause, results";

    /// `--screen NAME`: the screen, and whether help is over it (`help` is help over
    /// the game; `campaign`, `briefing` and `settings` are pages of the title,
    /// [`Screen::page`]).
    pub fn parse(s: &str) -> Result<(Screen, bool), String> {
        Ok(match s {
            "game" => (Screen::Game, false),
            "title" | "campaign" | "briefing" | "settings" | "free-play" | "test-range" => {
                (Screen::Title, false)
            }
            "help" => (Screen::Game, true),
            "pause" => (Screen::Pause, false),
            "results" => (Screen::Results, false),
            _ => return Err(format!("unknown screen `{s}`: expected {}", Self::NAMES)),
        })
    }

    /// The title's page `--screen NAME` shows (the top menu unless it names another).
    pub fn page(s: &str) -> Page {
        match s {
            "campaign" => Page::Campaign,
            "briefing" => Page::Briefing,
            "settings" => Page::Settings,
            "free-play" => Page::FreePlay,
            "test-range" => Page::TestRange,
            _ => Page::Top,
        }
    }
}

/// What the screens are drawn from.
#[derive(Clone, Copy)]
pub struct Menus<'a> {
    pub title: &'a TitleMenu,
    /// The title's lists (scenarios, missions), the progress and the settings.
    pub lists: &'a Lists<'a>,
    pub pause: &'a PauseMenu,
    /// The line naming the run on the pause menu.
    pub about: &'a str,
    /// The results screen's numbers.
    pub results: Option<&'a Results>,
    /// The line of keys under the results (`None`: every run's; a campaign mission has
    /// its own).
    pub results_keys: Option<&'a str>,
}

/// Everything one frame shows besides the world and the feed.
#[derive(Clone, Copy)]
pub struct Frame<'a> {
    pub screen: Screen,
    /// Help over the screen.
    pub help: bool,
    pub menus: Menus<'a>,
    /// Interpolation between the last two ticks (S1.4).
    pub alpha: f32,
    pub zoom: Zoom,
    /// The overlays (F1, F2) and whether the game is paused (no camera shake).
    pub view: ViewOptions,
    /// The horror layer (F3 off: the plain lit board).
    pub horror: bool,
    /// Manual aim on: the aim vector from the anchor and its cone.
    pub aim: Option<Vec2>,
    /// PAUSED (P, without the menu).
    pub paused_banner: bool,
    /// The message line.
    pub message: Option<&'a str>,
    /// The HUD over the game, with the run's end tick (`None`: no HUD).
    pub hud: Option<u64>,
    /// What the F1 overlay reports of the frame and tick times.
    pub timings: &'a Timings,
}

/// The composer: the frame and the scene buffer a zoomed frame is drawn into (both
/// kept between frames), and the player's brightness.
pub struct Composer {
    frame: Framebuffer,
    scene: Framebuffer,
    /// The last frame's scene was drawn at another size and resampled (zoomed).
    pub resampled: bool,
    /// The brightness (SPEC C4): a gamma applied once to the finished frame, screens
    /// and all (render-only; 1.0 changes no byte).
    gamma: raster::Gamma,
}

impl Default for Composer {
    fn default() -> Composer {
        Composer {
            frame: Framebuffer::new(WIDTH, HEIGHT),
            scene: Framebuffer::new(0, 0),
            resampled: false,
            gamma: raster::Gamma::default(),
        }
    }
}

impl Composer {
    /// The finished frames' gamma from now on (the settings' brightness).
    pub fn set_gamma(&mut self, gamma: f32) {
        if self.gamma.gamma() != gamma {
            self.gamma = raster::Gamma::new(gamma);
        }
    }

    pub fn gamma(&self) -> f32 {
        self.gamma.gamma()
    }

    /// The last frame composed.
    pub fn frame(&self) -> &Framebuffer {
        &self.frame
    }

    /// Draws `world` as the feed sees it, and `f` over it. Returns the horror layer's
    /// stage times when it drew.
    pub fn compose(
        &mut self,
        world: &World,
        feed: &mut Cosmetics,
        f: &Frame,
    ) -> Option<StageTimes> {
        let (sw, sh) = f.zoom.scene_size(WIDTH, HEIGHT);
        let direct = (sw, sh) == (WIDTH, HEIGHT);
        self.resampled = !direct;
        let target = if direct {
            &mut self.frame
        } else {
            self.scene.resize(sw, sh);
            &mut self.scene
        };
        let stages = view::render_frame(
            target,
            world,
            &feed.camera,
            f.alpha,
            &f.view,
            f.timings,
            Some(&feed.effects),
            f.horror.then_some(&mut feed.horror),
        );
        if let Some(aim) = f.aim {
            view::draw_manual_aim(target, world, &feed.camera, f.alpha, aim);
        }
        if !direct {
            view::zoom::resample(&self.scene, &mut self.frame);
        }
        let fb = &mut self.frame;
        let m = &f.menus;
        match f.screen {
            Screen::Game => {
                if let Some(end_tick) = f.hud.filter(|_| !f.help) {
                    let v = hud::HudView {
                        feed: &feed.hud,
                        end_tick,
                        manual_aim: f.aim.is_some(),
                        camera: &feed.camera,
                        zoom: f.zoom.current,
                    };
                    hud::draw_hud(fb, world, &v);
                }
                if f.paused_banner {
                    hud::paused(fb);
                }
            }
            Screen::Title => shell::draw_title(fb, m.title, m.lists),
            Screen::Pause => shell::draw_pause(fb, m.pause, m.about),
            Screen::Results => {
                if let Some(r) = m.results {
                    match m.results_keys {
                        Some(keys) => screens::results::draw_results_with_keys(fb, r, keys),
                        None => screens::draw_results(fb, r),
                    }
                }
            }
        }
        if f.help {
            screens::draw_help(fb);
        }
        if let Some(text) = f.message {
            hud::message_line(fb, text);
        }
        self.gamma.apply(&mut self.frame);
        stages
    }
}
