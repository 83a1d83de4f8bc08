//! The player's tools in the window (REQ K3–K5): a medkit's key uses it at once; a
//! flare's or a grenade's key (the pad's bumper) is held to aim — the reticle drawn where
//! the throw would land — and let go to throw there (`window::throw`'s rules). A grenade
//! the simulation would refuse is shown so before it is thrown: the world as it stands is
//! copied and stepped once with the throw (`sim::read::tick` on the copy, never on the
//! run), and the refusal it meets, with its reason, colours the reticle red.

use std::time::Instant;

use sim::read::{EventKind, Tool, ToolRefusal, ToolUse, World};
use sim::Vec2;
use view::aim::{reach, Reticle};

use super::super::throw::{self, AimFrom, Aiming, Holder, Probe};
use super::Game;
use crate::hud::foreseen_words;
use crate::shell::screen::Screen;

/// Why the world would refuse `tool` thrown (or used) at `at` now, if it would: the
/// checks the kit answers at once (no charge, a grenade already live), else a copy of
/// the world stepped once with the use and `held` (the player's movement this tick).
pub fn would_refuse(
    w: &World,
    tool: Tool,
    at: Vec2,
    held: &sim::read::TickInput,
) -> Option<ToolRefusal> {
    let k = w.kit();
    let charges = match tool {
        Tool::Flare => k.flares,
        Tool::Medkit => k.medkits,
        Tool::Grenade => k.grenades,
    };
    if charges == 0 {
        return Some(ToolRefusal::NoCharge);
    }
    if tool == Tool::Flare {
        return None;
    }
    let mut probe = w.clone();
    let input = sim::read::TickInput {
        tool: Some(ToolUse { tool, at }),
        ..*held
    };
    sim::read::tick(&mut probe, &input);
    probe.events().iter().find_map(|e| match e.kind {
        EventKind::ToolRefused { tool: t, why } if t == tool => Some(why),
        _ => None,
    })
}

impl Game {
    /// The mouse is over frame pixel `at` at `now` (`None`: it left the window).
    /// The pointer moved to frame pixel `at` (`None`: it left the window). Returns
    /// whether that needs a frame: a throw's reticle follows it, and the editor marks
    /// the cell under it and names it on the status line (which kept the last cell's
    /// name after the pointer left, no frame being drawn for it).
    pub fn cursor(&mut self, at: Option<(i32, i32)>, now: Instant) -> bool {
        self.cursor = at.map(|p| (p, now));
        // The editor marks the cell under it (REQ §31).
        self.editor_pointer(at);
        self.is_aiming() || self.follows_pointer()
    }

    /// A throw is being aimed (a moving mouse then needs a frame).
    pub fn is_aiming(&self) -> bool {
        self.aiming.is_some()
    }

    /// Tools are the player's in a run being played (not a replay, not the menus).
    fn tools_usable(&self) -> bool {
        self.screen == Screen::Game && !self.help && self.session.playback().is_none()
    }

    /// A tool's key (or button) went down, held by `by`: a medkit is used at once, a
    /// throw begins its aim.
    pub(super) fn tool_down(&mut self, tool: Tool, by: Holder) {
        if !self.tools_usable() {
            return;
        }
        if tool == Tool::Medkit {
            let at = self.session.world.anchor().pos;
            self.controls.tool = Some(ToolUse { tool, at });
            return;
        }
        self.aiming = Some(Aiming {
            tool,
            by,
            began: self.now,
        });
        self.pad_aim = Vec2::ZERO;
    }

    /// `by` let go: the throw it held goes where its reticle is (exactly one use, on the
    /// next tick). Outside play it is dropped.
    pub(super) fn tool_up(&mut self, by: Holder) {
        if self.aiming.is_none_or(|a| a.by != by) {
            return;
        }
        let reticle = self.reticle();
        self.aiming = None;
        if let Some(r) = reticle.filter(|_| self.tools_usable()) {
            self.controls.tool = Some(ToolUse {
                tool: r.tool,
                at: r.to,
            });
        }
    }

    /// The throw being aimed, where it would land and whether it would be refused (the
    /// frame's reticle; `None` when nothing is aimed).
    pub(super) fn reticle(&mut self) -> Option<Reticle> {
        let a = self.aiming?;
        if !self.tools_usable() {
            return None;
        }
        let w = &self.session.world;
        let camera = self
            .session
            .cosmetics
            .as_ref()
            .map_or(w.anchor().pos, |c| c.camera.center);
        let cursor = self
            .cursor
            .filter(|(_, moved)| throw::cursor_aims(*moved, a.began))
            .map(|(px, _)| throw::floor_under(px, self.composer.size(), camera, self.zoom.current));
        let from = AimFrom {
            disk: w.anchor().pos,
            stick: (self.pad_aim != Vec2::ZERO).then_some(self.pad_aim),
            cursor,
            crowd: (a.tool == Tool::Grenade)
                .then(|| throw::crowd_point(w, w.anchor().pos))
                .flatten(),
            manual: self.controls.manual_on.then_some(self.controls.aim),
            heading: w.anchor().heading,
        };
        let t = w.tuning();
        let aim = throw::aim_point(&from, t.tools.throw_range);
        let (to, _) = sim::read::throw_landing(from.disk, aim, &t.tools, &w.map().grid);
        let refused = match &self.probe {
            Some(p) if p.tick == w.tick() && p.to == to && a.tool == Tool::Grenade => p.refused,
            _ => {
                let why = would_refuse(w, a.tool, to, &self.controls.held_input());
                self.probe = Some(Probe {
                    tick: w.tick(),
                    to,
                    refused: why,
                });
                why
            }
        };
        let w = &self.session.world;
        Some(Reticle {
            tool: a.tool,
            from: view::camera_target(w, self.clock.alpha(!self.ran)),
            aim,
            to,
            radius: reach(a.tool, w.tuning()),
            refused: refused.map(|why| foreseen_words(a.tool, why, w.agents())),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::testkit::*;
    use super::*;

    /// A run of `name` from the title, played by hand (no route).
    fn playing(test: &str, name: &'static str) -> Window {
        let mut w = open(test);
        w.select(name);
        w.press(KeyCode::Enter);
        assert_eq!(w.game.screen, Screen::Game);
        w.game.session.take_over();
        w.frames(5);
        w
    }

    /// The uses the next ticks take: stepped frame by frame, each tick's input as the
    /// session gets it (the recorder keeps them).
    fn uses_over(w: &mut Window, frames: usize) -> Vec<ToolUse> {
        let mut out = Vec::new();
        for _ in 0..frames {
            if let Some(u) = w.game.controls.tool {
                out.push(u);
            }
            w.frames(1);
        }
        out
    }

    /// REQ K5 in the window: G held aims (the reticle where the throw would land, at the
    /// grenade's blast radius), G let go throws — exactly one use, at the reticle's
    /// point, and the grenade flies there.
    #[test]
    fn holding_and_letting_go_throws_once_at_the_reticle() {
        let mut w = playing("throw_hold", "melee_dummy");
        let grenades = w.game.session.world.kit().grenades;
        w.game.key(KeyCode::KeyG, true, false, None);
        w.frames(10);
        // Held: a reticle, nothing thrown yet; a key repeat changes nothing.
        w.game.key(KeyCode::KeyG, true, true, None);
        let r = w.game.reticle().expect("a reticle while G is held");
        assert_eq!(r.tool, Tool::Grenade);
        assert_eq!(r.radius, w.game.session.world.tuning().tools.grenade_radius);
        assert_eq!(r.refused, None, "a throw into the open is allowed");
        assert!(w.game.controls.tool.is_none(), "nothing thrown while held");
        assert_eq!(w.game.session.world.kit().grenades, grenades);
        // Drawn in the window's frame, over the horror layer, in the grenade's colour.
        let yellow = |fb: &raster::Framebuffer| {
            let c = view::aim::GRENADE;
            let near = |a: u8, b: u8| (a as i32 - b as i32).abs() < 30;
            (0..fb.height as i32)
                .flat_map(|y| (0..fb.width as i32).map(move |x| (x, y)))
                .filter_map(|(x, y)| fb.get_rgba(x, y))
                .filter(|p| near(p.r, c.r) && near(p.g, c.g) && near(p.b, c.b))
                .count()
        };
        let held = yellow(w.game.render(w.now).frame());
        assert!(held > 300, "{held} pixels of the reticle");
        w.game.key(KeyCode::KeyG, false, false, None);
        assert!(w.game.reticle().is_none(), "no reticle once let go");
        let after = yellow(w.game.render(w.now).frame());
        // (What is left is the scene's own yellows: lamps, muzzle flashes.)
        assert!(after * 4 < held, "gone from the frame: {after} of {held}");
        let uses = uses_over(&mut w, 30);
        assert_eq!(
            uses,
            [ToolUse {
                tool: Tool::Grenade,
                at: r.to
            }]
        );
        // The simulation threw it there: one grenade, toward the reticle's point.
        let thrown: Vec<Vec2> = w
            .game
            .session
            .world
            .log()
            .entries
            .iter()
            .filter_map(|e| match e.kind {
                EventKind::GrenadeThrown { to, .. } => Some(to),
                _ => None,
            })
            .collect();
        assert_eq!(thrown.len(), 1, "one grenade thrown");
        assert!(
            thrown[0].distance(r.to) < 0.2,
            "{:?} vs {:?}",
            thrown[0],
            r.to
        );
        assert_eq!(w.game.session.world.kit().grenades, grenades - 1);
    }

    /// A tap throws too (press and release before a frame), a medkit's key is used at
    /// once, and a throw held into the pause menu is dropped.
    #[test]
    fn a_tap_throws_a_medkit_is_used_at_once_and_the_menu_drops_a_throw() {
        let mut w = playing("throw_tap", "melee_dummy");
        w.press(KeyCode::KeyF);
        let uses = uses_over(&mut w, 5);
        assert_eq!(uses.len(), 1);
        assert_eq!(uses[0].tool, Tool::Flare);
        w.press(KeyCode::KeyE);
        let uses = uses_over(&mut w, 5);
        assert_eq!(uses.len(), 1);
        assert_eq!(uses[0].tool, Tool::Medkit);
        // Held, then Esc: the menu; let go there and back in play nothing is thrown.
        w.game.key(KeyCode::KeyF, true, false, None);
        w.press(KeyCode::Escape);
        assert_eq!(w.game.screen, Screen::Pause);
        w.game.key(KeyCode::KeyF, false, false, None);
        w.press(KeyCode::Escape);
        assert_eq!(w.game.screen, Screen::Game);
        assert!(uses_over(&mut w, 10).is_empty());
    }

    /// The mouse aims a throw: the reticle lands under the cursor (within the range);
    /// a mouse that has not moved lately does not, and the throw goes along the heading.
    #[test]
    fn the_cursor_aims_the_throw_when_it_moved() {
        let mut w = playing("throw_cursor", "melee_dummy");
        w.game.render(w.now);
        let world = &w.game.session.world;
        let disk = world.anchor().pos;
        let camera = w.game.session.cosmetics.as_ref().unwrap().camera.center;
        // A pixel whose floor point is 3 u from the disk along +x, in the open.
        let want = disk + Vec2::new(3.0, 0.0);
        let size = w.game.composer.size();
        let k = view::zoom::scene_scale(size.1, w.game.zoom.current);
        let q = view::Iso::new(camera, 0, 0).project(want, 0.0);
        let px = (
            (size.0 as f32 / 2.0 + q[0] * k) as i32,
            (size.1 as f32 / 2.0 + q[1] * k) as i32,
        );
        w.game.cursor(Some(px), w.now);
        w.game.key(KeyCode::KeyF, true, false, None);
        let r = w.game.reticle().unwrap();
        assert!(r.to.distance(want) < 0.1, "{:?} vs {want:?}", r.to);
        w.game.key(KeyCode::KeyF, false, false, None);
        assert!(w.game.controls.tool.unwrap().at.distance(want) < 0.1);
        w.frames(2);
        // The mouse left lying: a throw along the heading, the default distance.
        w.frames(3 * 60);
        w.game.key(KeyCode::KeyF, true, false, None);
        let r = w.game.reticle().unwrap();
        let world = &w.game.session.world;
        let range = world.tuning().tools.throw_range;
        let d = r.to.distance(world.anchor().pos);
        assert!(
            d <= throw::DEFAULT_SHARE * range + 1e-3,
            "{d} along the heading, not at the cursor"
        );
        w.game.cursor(None, w.now);
        w.game.key(KeyCode::KeyF, false, false, None);
    }

    /// The pad: a bumper held aims with the right stick (manual aim untouched) and let
    /// go throws along it, at the range at full deflection; A uses the medkit.
    #[test]
    fn the_pad_s_bumper_aims_with_the_right_stick() {
        let mut w = playing("throw_pad", "melee_dummy");
        w.game.pad_button(Pad::RightBumper, true);
        w.sticks(CENTRE, (1.0, 0.0), 3);
        assert!(
            !w.game.controls.manual_on,
            "the stick aims the throw, not the squad"
        );
        let r = w.game.reticle().unwrap();
        let world = &w.game.session.world;
        let dir = crate::window::pad::stick_aim(1.0, 0.0).unwrap();
        let want = world.anchor().pos + dir * world.tuning().tools.throw_range;
        let (want, _) = sim::read::throw_landing(
            world.anchor().pos,
            want,
            &world.tuning().tools,
            &world.map().grid,
        );
        assert!(r.to.distance(want) < 1e-3, "{:?} vs {want:?}", r.to);
        w.game.pad_button(Pad::RightBumper, false);
        let u = w.game.controls.tool.expect("thrown");
        assert_eq!((u.tool, u.at), (Tool::Grenade, r.to));
        w.frames(2);
        w.pad(Pad::South);
        assert_eq!(w.game.controls.tool.map(|u| u.tool), Some(Tool::Medkit));
    }

    /// The reticle turns red with the reason when the simulation would refuse the
    /// grenade: thrown at the squad's own feet, an ally is too close; with no grenade
    /// left, none is left.
    #[test]
    fn a_grenade_the_sim_would_refuse_is_shown_so() {
        let mut w = playing("throw_refused", "melee_dummy");
        let world = &w.game.session.world;
        let disk = world.anchor().pos;
        let held = sim::read::TickInput::default();
        let why = would_refuse(world, Tool::Grenade, disk, &held);
        assert!(
            matches!(why, Some(ToolRefusal::AllyTooClose { .. })),
            "{why:?}"
        );
        // Far out in the open: allowed (the same answer the sim gives when thrown).
        w.game.key(KeyCode::KeyG, true, false, None);
        let r = w.game.reticle().unwrap();
        let far = would_refuse(&w.game.session.world, Tool::Grenade, r.to, &held);
        assert_eq!(r.refused.is_some(), far.is_some());
        w.game.key(KeyCode::KeyG, false, false, None);
        w.game.session.world.kit_mut().grenades = 0;
        w.frames(2);
        w.game.key(KeyCode::KeyG, true, false, None);
        let r = w.game.reticle().unwrap();
        assert_eq!(r.refused.as_deref(), Some("No grenades left"));
        assert_eq!(r.colour(), view::aim::REFUSED);
    }

    /// A grenade the simulation refused on screen is counted in the results (issue 35:
    /// the reticle said "Grenade refused" of a throw not made, the results "0 grenades
    /// refused"). Aimed at the squad's feet the reticle foresees it, in words that do not
    /// say it was refused, and nothing is counted; let go there it is refused (the
    /// notice says so) and counted, and so is a second while one is live.
    #[test]
    fn a_refused_throw_is_counted_in_the_results() {
        let mut w = playing("throw_counted", "melee_dummy");
        w.game.render(w.now);
        let world = &w.game.session.world;
        let disk = world.anchor().pos;
        let camera = w.game.session.cosmetics.as_ref().unwrap().camera.center;
        let size = w.game.composer.size();
        let k = view::zoom::scene_scale(size.1, w.game.zoom.current);
        let q = view::Iso::new(camera, 0, 0).project(disk, 0.0);
        let px = (
            (size.0 as f32 / 2.0 + q[0] * k) as i32,
            (size.1 as f32 / 2.0 + q[1] * k) as i32,
        );
        w.game.cursor(Some(px), w.now);
        w.game.key(KeyCode::KeyG, true, false, None);
        let r = w.game.reticle().unwrap();
        let said = r.refused.clone().expect("foreseen: an ally too close");
        assert!(said.starts_with("Not here: ally too close ("), "{said}");
        let stats = |w: &Window| {
            let s = w.game.session.world.stats();
            (s.grenades_thrown, s.grenades_refused)
        };
        w.frames(2);
        assert_eq!(stats(&w), (0, 0), "a foreseen refusal is not one");
        w.game.key(KeyCode::KeyG, false, false, None);
        w.frames(2);
        assert_eq!(stats(&w), (0, 1), "let go at the feet: refused");
        let notices = &w.game.session.cosmetics.as_ref().unwrap().hud.notices;
        assert!(
            notices
                .iter()
                .any(|n| n.text.starts_with("Grenade refused: ally too close")),
            "{notices:?}"
        );
        // One thrown into the open, then a second while it is live: refused.
        w.game.cursor(None, w.now);
        w.press(KeyCode::KeyG);
        w.frames(2);
        w.game.key(KeyCode::KeyG, true, false, None);
        w.frames(2);
        let r = w.game.reticle().unwrap();
        assert_eq!(
            r.refused.as_deref(),
            Some("A grenade is live: one at a time")
        );
        w.game.key(KeyCode::KeyG, false, false, None);
        w.frames(3);
        assert_eq!(stats(&w), (1, 2));
        let results = w.game.session.results();
        assert_eq!(results.grenades_refused, 2);
        let rows = results.rows();
        let (_, _, note) = rows.iter().find(|(l, _, _)| *l == "Tools used").unwrap();
        assert!(note.ends_with("2 grenades refused)"), "{note}");
    }
}
