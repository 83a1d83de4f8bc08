//! Finding the way and reading the screen (REQ W1–W3): the walkable way from the disk to
//! the active objective ([`route`]) with the HUD's arrow along its first leg
//! ([`pointer`]) and an optional trail of its next tiles on the floor ([`trail`]); the
//! places that matter drawn on the floor while their objective is active ([`zones`]);
//! the map screen of what the squad has explored ([`map`]), with the enemies it saw
//! ([`recall`]). The numbers are the tuning's `[way]` section ([`tuning`]).
//!
//! A [`Guide`] is kept beside the world by the app's cosmetics feed and stepped once per
//! simulation tick; it reads the world and the fog, and nothing of it reaches the
//! simulation, its checksum or a replay.

pub mod map;
pub mod pointer;
pub mod recall;
pub mod route;
pub mod trail;
pub mod tuning;
pub mod zones;

use raster::Framebuffer;
use sim::read::World;

use crate::canvas::Canvas;
use crate::horror::fog::Fog;
use crate::iso::Iso;
use crate::scene::FloorExtra;
use recall::Recall;
use route::Route;
use tuning::WayTuning;

/// The way to the objective and the enemies seen, kept between ticks.
#[derive(Clone, Debug, Default)]
pub struct Guide {
    pub route: Route,
    pub recall: Recall,
    pub tuning: WayTuning,
}

impl Guide {
    pub fn new(tuning: WayTuning) -> Guide {
        Guide {
            tuning,
            ..Guide::default()
        }
    }

    /// One simulation tick of `w`, with the fog as the horror layer has stepped it.
    pub fn absorb(&mut self, w: &World, fog: &Fog) {
        self.route.update(w, &self.tuning);
        self.recall.update(w, fog, self.tuning.recall_seconds);
    }
}

/// What a frame draws of the way on the floor: the guide, and whether its trail shows
/// (the setting).
#[derive(Clone, Copy, Debug)]
pub struct WayView<'a> {
    pub guide: &'a Guide,
    pub trail: bool,
}

impl FloorExtra for WayView<'_> {
    /// The floor-marker pass: the zones, then the trail.
    fn draw_floor(&self, cv: &mut Canvas, iso: &Iso, w: &World) {
        zones::draw_zones(cv, iso, w, &self.guide.tuning);
        if self.trail {
            trail::draw_trail(cv, iso, &self.guide.route, &self.guide.tuning);
        }
    }

    /// Over the finished frame (with the squad's x-ray outlines): the trail's marks a
    /// wall hides.
    fn draw_xray(&self, fb: &mut Framebuffer, iso: &Iso, w: &World) {
        if self.trail {
            trail::draw_trail_xray(fb, iso, w, &self.guide.route, &self.guide.tuning);
        }
    }
}
