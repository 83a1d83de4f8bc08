//! The director (REQ T3) and the difficulty levels (T4). The anchor is Left 4 Dead's
//! AI director: the squad's *intensity* rises with damage taken, enemies close and
//! agents down, and decays when nothing is near; the director builds up pressure until
//! intensity crosses a peak, sustains the peak for a few seconds, lets it fade, gives a
//! long relax, then builds again.

use serde::{Deserialize, Serialize};

use super::validator::Validator;
use crate::core::pacing::Difficulty;

/// One difficulty level: how hard the director pushes, and what the enemies deal.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct LevelTuning {
    /// Every enemy's blow and spit is multiplied by this (T4).
    pub damage_scale: f32,
    /// Every scripted wave's count is multiplied by this (rounded, at least 1).
    pub count_scale: f32,
    /// Intensity at which the build-up turns into the peak.
    pub peak_at: f32,
    /// Seconds between the director's spawn groups while it builds up and peaks.
    pub spawn_every: f32,
    /// Bodies per group, drawn from `[min, max]`.
    pub group: [u32; 2],
    /// Most living enemies while building up and at the peak: the director spawns no
    /// group that would go above it.
    pub cap_build: u32,
    pub cap_peak: u32,
    /// Weights of the kinds a group is drawn from: shambler, runner, brute, spitter,
    /// stalker.
    pub kinds: [f32; 5],
    /// The mob: this many shamblers and runners from two sides at once...
    pub mob: u32,
    /// ...every this many seconds of build-up and peak.
    pub mob_every: f32,
}

impl Default for LevelTuning {
    fn default() -> Self {
        LevelTuning {
            damage_scale: 1.0,
            count_scale: 1.0,
            peak_at: 0.7,
            spawn_every: 3.0,
            group: [3, 6],
            cap_build: 25,
            cap_peak: 70,
            // Three in ten groups spitters: what a holding squad cannot answer from
            // where it stands (they spit from beyond a gunner's reach).
            kinds: [0.3, 0.2, 0.05, 0.3, 0.15],
            // 50, not 40: the plaza hold's blades struck in 18 of 20 runs (16 with 40).
            mob: 50,
            mob_every: 20.0,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct DirectorTuning {
    pub easy: LevelTuning,
    pub normal: LevelTuning,
    pub hard: LevelTuning,
    /// Intensity added per point of damage the squad takes (40 points, a third of an
    /// agent, take a calm squad to half way).
    pub per_damage: f32,
    /// Intensity added when an agent falls.
    pub per_down: f32,
    /// Intensity added for each enemy killed within `kill_radius` of an agent.
    pub per_kill: f32,
    pub kill_radius: f32,
    /// Intensity added per second for each enemy within `near_radius` of an agent.
    pub per_near: f32,
    pub near_radius: f32,
    /// Intensity lost per second while no enemy is near.
    pub decay: f32,
    /// The peak is sustained for a time drawn from `[min, max]` seconds.
    pub sustain: [f32; 2],
    /// The fade ends when intensity falls below this.
    pub relax_below: f32,
    /// The relax lasts a time drawn from `[min, max]` seconds.
    pub relax: [f32; 2],
    /// A spawn is at least this far from the squad along the flow field, tiles.
    pub min_flow_tiles: f32,
    /// ...and at most this far (a group that has to walk for a minute adds no fear).
    pub max_flow_tiles: f32,
    /// An agent sees a tile in a straight line of sight this close: no spawn there.
    pub sight_range: f32,
    /// Random floor tiles looked at per spawn, besides the map's `E` points.
    pub samples: u32,
}

impl Default for DirectorTuning {
    fn default() -> Self {
        DirectorTuning {
            easy: LevelTuning {
                damage_scale: 0.6,
                count_scale: 0.75,
                peak_at: 0.55,
                spawn_every: 4.0,
                group: [2, 4],
                cap_build: 16,
                cap_peak: 36,
                kinds: [0.5, 0.2, 0.0, 0.2, 0.1],
                mob: 20,
                mob_every: 30.0,
            },
            normal: LevelTuning::default(),
            hard: LevelTuning {
                damage_scale: 1.25,
                count_scale: 1.1,
                peak_at: 0.85,
                spawn_every: 2.5,
                group: [3, 7],
                cap_build: 30,
                cap_peak: 80,
                kinds: [0.3, 0.2, 0.1, 0.25, 0.15],
                mob: 50,
                mob_every: 18.0,
            },
            per_damage: 1.0 / 80.0,
            per_down: 0.5,
            per_kill: 0.03,
            kill_radius: 6.0,
            per_near: 0.02,
            near_radius: 4.0,
            decay: 0.05,
            sustain: [3.0, 5.0],
            relax_below: 0.25,
            relax: [30.0, 45.0],
            min_flow_tiles: 10.0,
            max_flow_tiles: 18.0,
            // The squad's sight in the dark (the horror layer's 12 tiles).
            sight_range: 12.0,
            samples: 24,
        }
    }
}

impl DirectorTuning {
    /// The numbers of level `d`.
    pub fn level(&self, d: Difficulty) -> &LevelTuning {
        match d {
            Difficulty::Easy => &self.easy,
            Difficulty::Normal => &self.normal,
            Difficulty::Hard => &self.hard,
        }
    }

    pub(crate) fn validate(&self, v: &mut Validator) {
        for (name, l) in [
            ("easy", &self.easy),
            ("normal", &self.normal),
            ("hard", &self.hard),
        ] {
            let key = |f: &str| format!("director.{name}.{f}");
            v.range(&key("damage_scale"), l.damage_scale, 0.0, 10.0);
            v.range(&key("count_scale"), l.count_scale, 0.0, 10.0);
            v.range(&key("peak_at"), l.peak_at, 0.05, 1.0);
            v.positive(&key("spawn_every"), l.spawn_every);
            v.range(&key("group[0]"), l.group[0] as f32, 1.0, 64.0);
            v.range(&key("group[1]"), l.group[1] as f32, l.group[0] as f32, 64.0);
            v.range(&key("cap_build"), l.cap_build as f32, 0.0, 5000.0);
            v.range(&key("cap_peak"), l.cap_peak as f32, 0.0, 5000.0);
            let sum: f32 = l.kinds.iter().sum();
            for (k, &w) in l.kinds.iter().enumerate() {
                v.range(&key(&format!("kinds[{k}]")), w, 0.0, 100.0);
            }
            v.positive(&key("kinds (sum)"), sum);
            v.range(&key("mob"), l.mob as f32, 0.0, 1000.0);
            v.positive(&key("mob_every"), l.mob_every);
        }
        let d = self;
        v.range("director.per_damage", d.per_damage, 0.0, 1.0);
        v.range("director.per_down", d.per_down, 0.0, 1.0);
        v.range("director.per_near", d.per_near, 0.0, 1.0);
        v.range("director.per_kill", d.per_kill, 0.0, 1.0);
        v.positive("director.kill_radius", d.kill_radius);
        v.positive("director.near_radius", d.near_radius);
        v.range("director.decay", d.decay, 0.0, 1.0);
        v.range("director.sustain[0]", d.sustain[0], 0.0, 600.0);
        v.range("director.sustain[1]", d.sustain[1], d.sustain[0], 600.0);
        v.range("director.relax_below", d.relax_below, 0.0, 1.0);
        v.range("director.relax[0]", d.relax[0], 0.0, 600.0);
        v.range("director.relax[1]", d.relax[1], d.relax[0], 600.0);
        v.range("director.min_flow_tiles", d.min_flow_tiles, 0.0, 1000.0);
        v.range(
            "director.max_flow_tiles",
            d.max_flow_tiles,
            d.min_flow_tiles,
            1000.0,
        );
        v.range("director.sight_range", d.sight_range, 0.0, 1000.0);
        v.range("director.samples", d.samples as f32, 1.0, 4096.0);
    }
}
