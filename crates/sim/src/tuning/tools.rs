//! The player's tools (REQ §27 K3–K5): the throw, the flare, the medkit, the grenade.

use serde::{Deserialize, Serialize};

use super::validator::Validator;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ToolsTuning {
    /// Farthest throw from the disk, world units (a flare or a grenade flies toward the
    /// aim point and lands there, or short of the first wall).
    pub throw_range: f32,
    /// A thrown tool's speed, u/s: at 12 a throw across the range flies ⅔ s.
    pub throw_speed: f32,
    /// A flare's burn, seconds: long enough to hold a room's dark side while the squad
    /// works (Left 4 Dead's flares burn about as long).
    pub flare_burn: f32,
    /// The last seconds of the burn, over which its light dims to nothing.
    pub flare_fade: f32,
    /// The radius of a flare's light in the simulation's light test (T2: no stalker
    /// enters it), world units.
    pub flare_light: f32,
    /// Shamblers within this path distance of the first burning flare walk to it and
    /// mill round it (a lure, as a pipe bomb is to Left 4 Dead's commons).
    pub flare_lure: f32,
    /// Closer than this to the lure a shambler mills round it instead of walking on.
    pub flare_mill: f32,
    /// The medkit's patient: the most hurt standing agent within this distance of the
    /// disk.
    pub medkit_reach: f32,
    /// Seconds the patient stands rooted while the kit works; a blow in that time
    /// interrupts it (no heal, the kit kept).
    pub medkit_time: f32,
    /// Share of the patient's missing health the kit gives back.
    pub medkit_share: f32,
    /// Seconds between a grenade's landing and its blast.
    pub grenade_fuse: f32,
    /// The blast's radius, world units (every body whose circle it reaches along a
    /// clear line is hit).
    pub grenade_radius: f32,
    /// The blast's damage at its centre; it falls off linearly to half at the edge.
    pub grenade_damage: f32,
    /// The blast's push at its centre, u/s (half at the edge).
    pub grenade_knockback: f32,
    /// Seconds the blast staggers what it hits.
    pub grenade_stagger: f32,
    /// Beyond the blast's radius and its body's, how far an ally keeps from a live
    /// grenade (K5): the blast zone reserved like a lane (S7).
    pub blast_margin: f32,
    /// The reservation's band outside that keep-out circle: an ally inside it walks
    /// out along its escape; one outside it never turns inward there.
    pub blast_reserve: f32,
    /// A throw that meets a wall lands this far short of it: a body's breadth, so the
    /// flare or grenade rests on the floor tile, not in the wall's face.
    pub throw_clearance: f32,
    /// The blast's share at its edge (1 at its centre, falling off linearly): half, so
    /// a grenade at the edge of a crowd still staggers all of it.
    pub blast_edge_share: f32,
    /// How much farther than its braking distance from the reserved band an ally may be
    /// before the zone stops steering it: a step's worth (0.2 u at 2.7 u/s is 4 ticks),
    /// so no turn of a tick carries it into the band unwatched.
    pub keep_clear_slack: f32,
}

impl Default for ToolsTuning {
    fn default() -> Self {
        ToolsTuning {
            throw_range: 8.0,
            throw_speed: 12.0,
            flare_burn: 30.0,
            flare_fade: 5.0,
            flare_light: 5.0,
            flare_lure: 12.0,
            flare_mill: 1.5,
            medkit_reach: 2.5,
            medkit_time: 3.0,
            medkit_share: 0.8,
            grenade_fuse: 1.5,
            grenade_radius: 3.5,
            grenade_damage: 160.0,
            grenade_knockback: 6.0,
            grenade_stagger: 0.8,
            blast_margin: 0.3,
            blast_reserve: 0.4,
            throw_clearance: 0.25,
            blast_edge_share: 0.5,
            keep_clear_slack: 0.2,
        }
    }
}

impl ToolsTuning {
    /// Range checks of this section (dotted keys), into `v`.
    pub(crate) fn validate(&self, v: &mut Validator) {
        let t = self;
        v.range("tools.throw_range", t.throw_range, 1.0, 32.0);
        v.range("tools.throw_speed", t.throw_speed, 1.0, 100.0);
        v.range("tools.flare_burn", t.flare_burn, 1.0, 600.0);
        v.range("tools.flare_fade", t.flare_fade, 0.0, t.flare_burn.max(0.0));
        v.range("tools.flare_light", t.flare_light, 0.5, 32.0);
        v.range("tools.flare_lure", t.flare_lure, 0.0, 64.0);
        v.range("tools.flare_mill", t.flare_mill, 0.0, 8.0);
        v.range("tools.medkit_reach", t.medkit_reach, 0.0, 16.0);
        v.range("tools.medkit_time", t.medkit_time, 0.1, 60.0);
        v.range("tools.medkit_share", t.medkit_share, 0.0, 1.0);
        v.range("tools.grenade_fuse", t.grenade_fuse, 0.1, 10.0);
        v.range("tools.grenade_radius", t.grenade_radius, 0.5, 16.0);
        v.range("tools.grenade_damage", t.grenade_damage, 0.0, 1e6);
        v.range("tools.grenade_knockback", t.grenade_knockback, 0.0, 100.0);
        v.range("tools.grenade_stagger", t.grenade_stagger, 0.0, 10.0);
        v.range("tools.blast_margin", t.blast_margin, 0.0, 4.0);
        v.range("tools.blast_reserve", t.blast_reserve, 0.0, 4.0);
        v.range("tools.throw_clearance", t.throw_clearance, 0.0, 1.0);
        v.range("tools.blast_edge_share", t.blast_edge_share, 0.0, 1.0);
        v.range("tools.keep_clear_slack", t.keep_clear_slack, 0.0, 4.0);
    }
}
