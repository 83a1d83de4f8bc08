//! Loading what a run needs: map, scenario and tuning, from the embedded content or from
//! files. Every failure is a message with `file:line:col`.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use sim::content;
use sim::record::Origin;
use sim::script::scenario::Scenario;
use sim::space::map::Map;
use sim::tuning::Tuning;

/// A loaded run: everything `World::new` takes.
#[derive(Clone, Debug)]
pub struct Setup {
    pub map: Arc<Map>,
    pub scenario: Scenario,
    pub tuning: Tuning,
    /// Where the tuning came from (F5 reloads it), if a file.
    pub tuning_path: Option<PathBuf>,
    /// The files' texts, tuning and seed: what a replay or a save carries.
    pub origin: Origin,
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{}:1:1: cannot read: {e}", path.display()))
}

/// Loads a tuning file, or the defaults.
pub fn load_tuning(path: Option<&Path>) -> Result<Tuning, String> {
    match path {
        None => Ok(Tuning::default()),
        Some(p) => {
            Tuning::from_toml(&p.display().to_string(), &read(p)?).map_err(|e| e.to_string())
        }
    }
}

/// Resolves a scenario's `map = ...`: an embedded name, else a path relative to the
/// scenario file. Returns the file's name and text.
fn map_source_for(
    scenario: &Scenario,
    scenario_dir: Option<&Path>,
) -> Result<(String, String), String> {
    if let Some(text) = content::map_text(&scenario.map) {
        return Ok((format!("<embedded {}.map>", scenario.map), text.to_string()));
    }
    let p = match scenario_dir {
        Some(d) => d.join(&scenario.map),
        None => PathBuf::from(&scenario.map),
    };
    Ok((p.display().to_string(), read(&p)?))
}

/// The scenario: a file, or an embedded one by name (`combat_route` when `None`).
/// `map_override` replaces the scenario's map; `seed` its seed.
pub fn load(
    scenario_path: Option<&Path>,
    embedded: &str,
    map_override: Option<&Path>,
    seed: Option<u64>,
    tuning_path: Option<&Path>,
) -> Result<Setup, String> {
    let tuning = load_tuning(tuning_path)?;
    let (name, text, dir) = match scenario_path {
        Some(p) => (
            p.display().to_string(),
            read(p)?,
            p.parent().map(Path::to_path_buf),
        ),
        None => {
            let text = content::scenario_text(embedded)
                .ok_or_else(|| format!("no embedded scenario `{embedded}`"))?;
            (format!("<embedded {embedded}.scn>"), text.to_string(), None)
        }
    };
    let mut scenario = Scenario::parse(&name, &text).map_err(|e| e.to_string())?;
    let (map_file, map_text) = match map_override {
        Some(p) => (p.display().to_string(), read(p)?),
        None => map_source_for(&scenario, dir.as_deref())?,
    };
    let map = Map::parse(&map_file, &map_text).map_err(|e| e.to_string())?;
    scenario
        .check_against(&map, tuning.squad.agent_count as usize)
        .map_err(|e| e.to_string())?;
    if let Some(s) = seed {
        scenario.seed = s;
    }
    let origin = Origin {
        map_file,
        map_text,
        scenario_file: name,
        scenario_text: text,
        tuning: tuning.clone(),
        seed: scenario.seed,
    };
    Ok(Setup {
        map: Arc::new(map),
        scenario,
        tuning,
        tuning_path: tuning_path.map(Path::to_path_buf),
        origin,
    })
}

/// The set-up a replay or a save carries (its files parsed again).
pub fn from_origin(origin: &Origin) -> Result<Setup, String> {
    let (map, scenario) = origin.open()?;
    Ok(Setup {
        map,
        scenario,
        tuning: origin.tuning.clone(),
        tuning_path: None,
        origin: origin.clone(),
    })
}
