//! `view`: draws a `&World` (read-only) into a framebuffer — the isometric scene and the
//! debug overlay. It never mutates the simulation: it only gets a `&World`, and the
//! simulation holds no `Cell`/`RefCell`.

pub mod aim;
pub mod beasts;
pub mod bodies;
pub mod canvas;
pub mod corpses;
pub mod cull;
pub mod dressing;
pub mod editor_marks;
pub mod effects;
pub mod figure;
pub mod figures;
pub mod floor_props;
pub mod horror;
pub mod interp;
pub mod iso;
pub mod lamps;
pub mod lighting;
pub mod marks;
pub mod medkit;
pub mod overlay;
pub mod palette;
pub mod pickups;
pub mod pose;
pub mod props;
pub mod reload;
pub mod scene;
pub mod screens;
pub mod seen;
pub mod sheet;
pub mod sound;
pub mod spits;
pub mod state;
pub mod strikes;
pub mod throw;
pub mod tools;
pub mod tuning;
pub mod way;
pub mod zoom;

use raster::Framebuffer;
use sim::read::World;

pub use effects::Effects;
pub use horror::{BandScratch, FrameOptions, Horror, Readout, StageTimes};
pub use iso::{Camera, Iso};
pub use overlay::Timings;
pub use state::ViewState;
pub use tuning::ViewTuning;
pub use way::{Guide, WayView};
pub use zoom::Zoom;

/// What to draw on top of the scene.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ViewOptions {
    /// The debug overlay (F1).
    pub overlay: bool,
    /// The horde's flow field and the agents' paths (F2).
    pub flow: bool,
    /// The game is paused (the horror layer does not shake the camera).
    pub paused: bool,
}

/// Renders one frame: the scene at interpolation `alpha` (0 = the previous tick,
/// 1 = the current one) seen by `camera`, and the overlay if asked for.
pub fn render(
    fb: &mut Framebuffer,
    world: &World,
    camera: &Camera,
    alpha: f32,
    opts: &ViewOptions,
    timings: &Timings,
) {
    render_frame(fb, world, camera, alpha, opts, timings, None, None);
}

/// The whole frame: with `horror` the scene goes through the horror layer (darkness,
/// light, fog, blood, tracers, post pass); without it the plain lit board. Then the
/// flow field (F2) and the overlay (F1). Returns the layer's stage times, if it drew.
/// (The app draws the same frame band by band on several threads: [`render_band`] and
/// [`render_overlays`] between [`Horror::prepare`] and [`Horror::finish`].)
#[allow(clippy::too_many_arguments)]
pub fn render_frame(
    fb: &mut Framebuffer,
    world: &World,
    camera: &Camera,
    alpha: f32,
    opts: &ViewOptions,
    timings: &Timings,
    effects: Option<&Effects>,
    horror: Option<&mut Horror>,
) -> Option<StageTimes> {
    let (stages, readout) = match horror {
        Some(h) => {
            let s = h.render(
                fb,
                world,
                camera,
                alpha,
                &FrameOptions {
                    paused: opts.paused,
                },
                effects,
            );
            (Some(s), Some(h.readout()))
        }
        None => {
            render_band(
                fb,
                &mut BandScratch::default(),
                world,
                camera,
                alpha,
                effects,
                None,
                None,
            );
            (None, None)
        }
    };
    render_overlays(fb, world, camera, alpha, opts, timings, readout.as_ref());
    stages
}

/// The scene of the rows `fb` holds (a band of the frame or all of it): through the
/// horror layer (prepared for this frame) or the plain lit board, the effects and the
/// way (the zones, the trail: REQ W1, W2) on it.
#[allow(clippy::too_many_arguments)]
pub fn render_band(
    fb: &mut Framebuffer,
    band: &mut BandScratch,
    world: &World,
    camera: &Camera,
    alpha: f32,
    effects: Option<&Effects>,
    way: Option<WayView>,
    horror: Option<&Horror>,
) -> Option<StageTimes> {
    match horror {
        Some(h) => Some(h.draw_band(
            fb,
            band,
            world,
            alpha,
            effects,
            way.as_ref().map(|v| v as _),
        )),
        None => {
            let iso = Iso::for_frame(camera.center, fb);
            scene::draw_scene_with(fb, world, &iso, alpha, way.as_ref().map(|v| v as _));
            if let Some(fx) = effects {
                fx.draw(fb, &iso, alpha);
            }
            None
        }
    }
}

/// What is drawn over the scene of the rows `fb` holds: the flow field (F2) and the
/// overlay (F1, with the horror layer's readout).
pub fn render_overlays(
    fb: &mut Framebuffer,
    world: &World,
    camera: &Camera,
    alpha: f32,
    opts: &ViewOptions,
    timings: &Timings,
    readout: Option<&Readout>,
) {
    let iso = Iso::for_frame(camera.center, fb);
    if opts.flow {
        overlay::draw_flow(fb, world, &iso);
    }
    if opts.overlay {
        overlay::draw_overlay(fb, world, &iso, alpha, timings, readout);
    }
}

/// The interpolated anchor position the camera should follow.
pub fn camera_target(world: &World, alpha: f32) -> sim::Vec2 {
    scene::lerp_pos(world.anchor().prev_pos, world.anchor().pos, alpha)
}

/// Manual aim (REQ §15): the aim vector from the anchor and the ±cone Tab cycles through.
pub fn draw_manual_aim(
    fb: &mut Framebuffer,
    world: &World,
    camera: &Camera,
    alpha: f32,
    aim: sim::Vec2,
) {
    use raster::{draw_line, LineCap, Rgba};
    let iso = Iso::for_frame(camera.center, fb);
    let a = camera_target(world, alpha);
    let cone = world.tuning().fire.manual_cone_deg.to_radians();
    let reach = world.tuning().lane.weapon_range;
    let from = iso.project(a, 0.05);
    draw_line(
        fb,
        from,
        iso.project(a + aim * reach, 0.05),
        2.0,
        LineCap::Round,
        Rgba::new(255, 90, 90, 200),
    );
    for s in [-1.0f32, 1.0] {
        let d = sim::Vec2::from_angle(aim.angle() + s * cone);
        draw_line(
            fb,
            from,
            iso.project(a + d * reach, 0.05),
            1.0,
            LineCap::Round,
            Rgba::new(255, 90, 90, 90),
        );
    }
}
