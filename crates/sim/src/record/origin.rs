//! Where a run came from: the map and scenario files as text, the tuning and the seed.
//! Replays and saves carry it, so they open on a machine that has none of the files.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::core::pacing::Difficulty;
use crate::script::scenario::Scenario;
use crate::space::map::Map;
use crate::tuning::Tuning;
use crate::world::World;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Origin {
    /// The map file's name (error messages) and text.
    pub map_file: String,
    pub map_text: String,
    pub scenario_file: String,
    pub scenario_text: String,
    /// The tuning the run started with.
    pub tuning: Tuning,
    /// The seed the run used (the scenario's, or the one given on the command line).
    pub seed: u64,
    /// The director as the command line or the title set it (T3): `None` keeps the
    /// scenario's header, `Some(None)` turns it off, `Some(Some(level))` on.
    #[serde(default)]
    pub director: Option<Option<Difficulty>>,
    /// The difficulty chosen on the title or with `--difficulty` (T4), if any.
    #[serde(default)]
    pub difficulty: Option<Difficulty>,
}

impl Origin {
    /// Parses the embedded files again, exactly as the loaders do for files on disk
    /// (every check included), with the seed applied.
    pub fn open(&self) -> Result<(Arc<Map>, Scenario), String> {
        if let Err((key, expected)) = self.tuning.validate() {
            return Err(format!("tuning `{key}`: expected {expected}"));
        }
        let map = Map::parse(&self.map_file, &self.map_text).map_err(|e| e.to_string())?;
        let mut scenario =
            Scenario::parse(&self.scenario_file, &self.scenario_text).map_err(|e| e.to_string())?;
        scenario
            .check_against(&map, self.tuning.squad.agent_count as usize)
            .map_err(|e| e.to_string())?;
        scenario.seed = self.seed;
        apply_pacing(&mut scenario, self.director, self.difficulty);
        Ok((Arc::new(map), scenario))
    }

    /// The run's world at tick 0.
    pub fn world(&self) -> Result<(World, Scenario), String> {
        let (map, scenario) = self.open()?;
        Ok((World::new(map, &scenario, self.tuning.clone()), scenario))
    }
}

/// The director and difficulty a run was started with, over the scenario's header: the
/// director first (on at a level, or off), then the difficulty, which also sets the
/// level of a director that is on.
pub fn apply_pacing(
    scenario: &mut Scenario,
    director: Option<Option<Difficulty>>,
    difficulty: Option<Difficulty>,
) {
    if let Some(d) = director {
        scenario.director = d;
    }
    if let Some(d) = difficulty {
        scenario.set_difficulty(d);
    }
}
