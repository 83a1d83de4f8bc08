//! Where a run came from: the map and scenario files as text, the tuning and the seed.
//! Replays and saves carry it, so they open on a machine that has none of the files.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

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
        Ok((Arc::new(map), scenario))
    }

    /// The run's world at tick 0.
    pub fn world(&self) -> Result<(World, Scenario), String> {
        let (map, scenario) = self.open()?;
        Ok((World::new(map, &scenario, self.tuning.clone()), scenario))
    }
}
