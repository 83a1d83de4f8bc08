//! The frame (REQ X3, X9): the menus' state filled into the screen's view model, the
//! world interpolated at the clock's alpha, composed at the window's size by the one
//! composer. The data goes down only: game state → view model → view drawing.

use std::time::Instant;

use view::ViewOptions;

use super::Game;
use crate::frame::{Composer, Frame};
use crate::shell::prompts::KeyNames;
use crate::shell::screen::{Menus, Screen};
use crate::shell::views::Lists;

impl Game {
    /// The window is `size` pixels now: frames are drawn at its size (REQ §24,
    /// [`crate::frame::window_frame_size`]) from the next one on, the scene at the
    /// settings' render scale. A window with no area changes nothing.
    pub fn set_window_size(&mut self, size: (usize, usize)) {
        if size.0 > 0 && size.1 > 0 {
            self.composer
                .set_size(crate::frame::window_frame_size(size));
        }
        self.composer.set_render_scale(self.settings.render_scale);
    }

    /// The speed of the replay being watched, for the HUD's REPLAY tag (`None`: a live
    /// run, or the title's scene).
    pub fn replay_tag(&self) -> Option<u32> {
        (self.screen != Screen::Title && self.session.playback().is_some()).then_some(self.speed)
    }

    /// Draws the latest state at `now`, interpolated by the clock's alpha, with the
    /// shell's screen, help and the message line on top, through the one composer
    /// (whose bands the window presents). Changes nothing the simulation reads.
    pub fn render(&mut self, now: Instant) -> &mut Composer {
        self.now = now;
        let t0 = Instant::now();
        let about = self.session.about();
        let keys = KeyNames::of(&self.controls.bindings);
        let throw = self.reticle();
        let in_run = matches!(self.screen, Screen::Game | Screen::Pause);
        if self.screen == Screen::Editor && self.studio.is_some() {
            return self.render_editor(now, t0);
        }
        let (free, range) = self.lists();
        let folder = self.folder();
        let lists = Lists {
            free: &free,
            range: &range,
            missions: &self.missions,
            progress: &self.progress,
            settings: &self.settings,
            customs: &self.customs,
            folder: &folder,
        };
        let menus = Menus {
            title: &self.title,
            lists: &lists,
            pause: &self.menu,
            about: &about,
            results: self.results.as_ref(),
            mission: self.mission_result(),
            from_editor: self.start.editor,
        };
        let shown = menus.view(self.screen);
        let frame = Frame {
            marks: None,
            screen: &shown,
            help: self.help,
            alpha: self.clock.alpha(!self.ran),
            zoom: self.zoom,
            view: ViewOptions {
                overlay: self.overlay,
                flow: self.flow,
                paused: !self.ran,
            },
            horror: self.horror_on,
            aim: (in_run && self.controls.manual_on).then_some(self.controls.aim),
            throw: throw.as_ref(),
            keys: &keys,
            paused_banner: self.screen == Screen::Game && self.paused,
            replay: self.replay_tag(),
            message: self.message.current(now),
            hud: Some(self.session.end_tick()),
            timings: &self.timings,
            trail: self.settings.trail.shows(self.session.world.difficulty()),
            map: self.map && self.screen == Screen::Game,
        };
        let (world, feed) = self.session.watched();
        let stages = self.composer.compose(world, feed, &frame);
        self.timings.stages = stages;
        self.timings.frame_ms = t0.elapsed().as_secs_f32() * 1000.0;
        if let Some(s) = self.stats.frame(now) {
            self.timings.fps = s.fps;
            self.timings.tick_ms = s.tick_ms;
        }
        &mut self.composer
    }
}

#[cfg(test)]
mod tests {
    use super::super::testkit::*;
    use super::*;

    /// REQ §24: the frame is drawn at the window's size, at any moment of a run, on
    /// any screen (a window smaller than the design frame: at the design frame with its
    /// shape); a render scale below 100 % draws the scene smaller; a minimised window
    /// changes nothing.
    #[test]
    fn the_frame_follows_the_window_size_at_any_moment() {
        let mut w = open("resize");
        w.select("combat_route");
        w.press(KeyCode::Enter);
        for (win, want) in [
            ((1920, 1080), (1920, 1080)),
            ((800, 600), (1280, 960)),
            ((3840, 2160), (3840, 2160)),
            ((0, 0), (3840, 2160)),
            ((640, 360), (1280, 720)),
            ((1280, 720), (1280, 720)),
        ] {
            w.game.set_window_size(win);
            w.frames(3);
            let c = w.game.render(w.now);
            assert_eq!(c.size(), want, "window {win:?}");
            let fb = c.frame();
            assert_eq!((fb.width, fb.height), want);
            assert!(
                fb.pixels.iter().any(|&p| p != 0),
                "window {win:?}: something drawn"
            );
        }
        // Over the pause menu, then at a 50 % render scale from the settings.
        w.press(KeyCode::Escape);
        w.game.set_window_size((1920, 1080));
        assert_eq!(w.game.render(w.now).size(), (1920, 1080));
        w.game.settings.render_scale = 50;
        w.game.set_window_size((1920, 1080));
        let c = w.game.render(w.now);
        assert_eq!(
            c.size(),
            (1920, 1080),
            "the HUD and screens at the window's size"
        );
        assert_eq!(c.scene_size(), (960, 540), "the scene at half");
    }

    /// Points of a ring round the disk where the map would draw it that are its cyan,
    /// of 48, in the frame the window draws now.
    fn disk_ring_on_the_map(w: &mut Window) -> usize {
        let fb = w.game.render(w.now).frame().clone();
        let world = &w.game.session.world;
        let feed = w.game.session.cosmetics.as_ref().unwrap();
        let f = view::way::map::fit(&fb, world, &feed.horror.fog, &feed.guide, 1.0);
        let c = f.to_screen(world.anchor().pos);
        (0..48)
            .filter(|k| {
                let a = *k as f32 * std::f32::consts::TAU / 48.0;
                let p = [c[0] + 6.0 * a.cos(), c[1] + 6.0 * a.sin()];
                fb.get_rgba(p[0] as i32, p[1] as i32)
                    .is_some_and(|q| q.g > 150 && q.b > 140 && q.r < 140)
            })
            .count()
    }

    /// REQ W3: Q opens the map over the game and the run goes on under it (the ticks
    /// advance, the map is drawn with the disk where it is now); the pad's d-pad down
    /// closes it; P still pauses with the map open.
    #[test]
    fn the_map_opens_over_the_running_game_and_pauses_nothing() {
        let mut w = open("map");
        w.select("combat_route");
        w.press(KeyCode::Enter);
        w.frames(30);
        let closed = disk_ring_on_the_map(&mut w);
        w.press(KeyCode::KeyQ);
        assert!(w.game.map);
        let t0 = w.tick();
        w.frames(120);
        assert!(
            w.tick() >= t0 + 110,
            "the run goes on: {} ticks",
            w.tick() - t0
        );
        let open = disk_ring_on_the_map(&mut w);
        assert!(open > 12, "the disk's ring on the map: {open} of 48");
        assert!(closed < open / 2, "before it opened: {closed}");
        w.pad(Pad::DPadDown);
        assert!(!w.game.map, "the pad closes it");
        assert!(disk_ring_on_the_map(&mut w) < open / 2, "closed");
        // Open again, and paused by the player: the run stands still under the map.
        w.press(KeyCode::KeyQ);
        w.press(KeyCode::KeyP);
        let t1 = w.tick();
        w.frames(60);
        assert_eq!(w.tick(), t1, "paused by the player");
        assert!(w.game.map);
    }

    #[test]
    fn the_window_and_the_screenshot_draw_the_same_pixels() {
        let mut w = open("same_pixels");
        w.select("combat_route");
        w.press(KeyCode::Enter);
        w.frames(240);
        // Zoomed in, eased to rest, on the pause menu, the messages gone.
        w.press(KeyCode::Equal);
        w.press(KeyCode::Escape);
        w.frames(300);
        assert!(!w.game.zoom.easing());
        let entries = w.game.entries.clone();
        // Each frame draws new film grain: both frames start from the same layer.
        let layer = w.game.session.cosmetics.as_ref().unwrap().horror.clone();
        let reset =
            |w: &mut Window| w.game.session.cosmetics.as_mut().unwrap().horror = layer.clone();
        for (screen, help) in [(Screen::Pause, false), (Screen::Pause, true)] {
            w.game.help = help;
            reset(&mut w);
            let window = w.game.render(w.now).frame().clone();
            reset(&mut w);
            let mut c = Composer::default();
            let shot = Shot {
                screen,
                help,
                overlay: false,
                plain: false,
                zoom: w.game.zoom,
                page: Page::Top,
                ..Shot::game()
            };
            screenshot::compose(&mut c, &mut w.game.session, &shot, &entries);
            let differ = window
                .pixels
                .iter()
                .zip(&c.frame().pixels)
                .filter(|(a, b)| a != b)
                .count();
            assert_eq!(differ, 0, "{screen:?} help {help}: {differ} pixels differ");
        }
        // The results of a run that ended, and the zoom back at 1.
        w.game.help = false;
        w.press(KeyCode::Enter);
        w.press(KeyCode::Minus);
        w.frames(120);
        for i in 0..w.game.session.world.agents().len() {
            w.game.session.world.agent_mut(i).alive = false;
        }
        w.frames(2);
        assert_eq!(w.game.screen, Screen::Results);
        w.frames(300);
        let layer = w.game.session.cosmetics.as_ref().unwrap().horror.clone();
        let window = w.game.render(w.now).frame().clone();
        w.game.session.cosmetics.as_mut().unwrap().horror = layer;
        let mut c = Composer::default();
        let shot = Shot {
            screen: Screen::Results,
            zoom: w.game.zoom,
            ..Shot::game()
        };
        screenshot::compose(&mut c, &mut w.game.session, &shot, &entries);
        assert!(window == *c.frame(), "the results differ");
    }
}
