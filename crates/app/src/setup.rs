//! Loading what a run needs: map, scenario and tuning, from the embedded content or from
//! files. Every failure is a message with `file:line:col`.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use sim::content;
use sim::read::Difficulty;
use sim::read::{Map, Scenario};
use sim::record::apply_pacing;
use sim::record::Origin;
use sim::tuning::Tuning;
use view::ViewTuning;

/// A loaded run: everything `World::new` takes, and the view's numbers.
#[derive(Clone, Debug)]
pub struct Setup {
    pub map: Arc<Map>,
    pub scenario: Scenario,
    /// The simulation's sections of the tuning file (behaviour: in the checksum and
    /// the replay).
    pub tuning: Tuning,
    /// The render-only sections of the same file (the player's: in no checksum, no
    /// replay, no save).
    pub view_tuning: ViewTuning,
    /// Where the tuning came from (F5 reloads it), if a file.
    pub tuning_path: Option<PathBuf>,
    /// The files' texts, tuning and seed: what a replay or a save carries.
    pub origin: Origin,
}

impl Setup {
    /// Plays with the director and difficulty asked for (`--director`, `--difficulty`,
    /// the title's choice) over the scenario's header; the origin carries them, so a
    /// replay or a save starts the same way.
    pub fn with_pacing(
        mut self,
        director: Option<Option<Difficulty>>,
        difficulty: Option<Difficulty>,
    ) -> Setup {
        apply_pacing(&mut self.scenario, director, difficulty);
        self.origin.director = director.or(self.origin.director);
        self.origin.difficulty = difficulty.or(self.origin.difficulty);
        self
    }

    /// The naive player's run (`--no-tools`, REQ K7): the same scenario with `tools =
    /// off` — no tool used, by the route or the player, and no pickup taken. The header
    /// goes into the origin's text, so replays and saves of the run carry it.
    pub fn without_tools(mut self) -> Setup {
        self.scenario.tools_off = true;
        self.origin.scenario_text = format!("tools = off\n{}", self.origin.scenario_text);
        self
    }
}

fn read(path: &Path) -> Result<String, String> {
    // A fault of the file as a whole (missing, a directory, not UTF-8) has no position.
    std::fs::read_to_string(path).map_err(|e| format!("{}: cannot read: {e}", path.display()))
}

/// Loads a tuning file — the simulation's sections and the view's, from one text — or
/// the defaults.
pub fn load_tuning(path: Option<&Path>) -> Result<(Tuning, ViewTuning), String> {
    match path {
        None => Ok((Tuning::default(), ViewTuning::default())),
        Some(p) => parse_tuning(&p.display().to_string(), &read(p)?),
    }
}

/// Both readers' sections of a tuning file's text (errors name `file:line:col`).
pub fn parse_tuning(file: &str, text: &str) -> Result<(Tuning, ViewTuning), String> {
    let sim =
        Tuning::from_toml_except(file, text, ViewTuning::SECTIONS).map_err(|e| e.to_string())?;
    let view = ViewTuning::from_toml(file, text).map_err(|e| e.to_string())?;
    Ok((sim, view))
}

/// The compiled-in tuning as one file (what `--print-tuning` shows): the simulation's
/// sections, then the view's.
pub fn default_tuning_text() -> String {
    format!(
        "{}\n# Render-only: the view's sections (in no checksum and no replay).\n\n{}",
        Tuning::default().to_toml(),
        ViewTuning::default().to_toml()
    )
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

/// The file name an embedded scenario's origin carries (`<embedded m1_station.scn>`).
pub fn embedded_file(name: &str) -> String {
    format!("<embedded {name}.scn>")
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
    let (tuning, view_tuning) = load_tuning(tuning_path)?;
    let (name, text, dir) = match scenario_path {
        Some(p) => (
            p.display().to_string(),
            read(p)?,
            p.parent().map(Path::to_path_buf),
        ),
        None => {
            let text = content::scenario_text(embedded)
                .ok_or_else(|| format!("no embedded scenario `{embedded}`"))?;
            (embedded_file(embedded), text.to_string(), None)
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
        director: None,
        difficulty: None,
    };
    Ok(Setup {
        map: Arc::new(map),
        scenario,
        tuning,
        view_tuning,
        tuning_path: tuning_path.map(Path::to_path_buf),
        origin,
    })
}

/// A set-up from texts in memory (the bench's generated arena), with its own seed and
/// the view's defaults.
pub fn from_texts(
    map: (&str, &str),
    scenario: (&str, &str),
    tuning: Tuning,
) -> Result<Setup, String> {
    let seed = Scenario::parse(scenario.0, scenario.1)
        .map_err(|e| e.to_string())?
        .seed;
    let origin = Origin {
        map_file: map.0.to_string(),
        map_text: map.1.to_string(),
        scenario_file: scenario.0.to_string(),
        scenario_text: scenario.1.to_string(),
        tuning,
        seed,
        director: None,
        difficulty: None,
    };
    from_origin(&origin, &ViewTuning::default())
}

/// The set-up a replay or a save carries (its files parsed again), drawn with
/// `view_tuning` (the player's: a recording carries only the simulation's tuning).
pub fn from_origin(origin: &Origin, view_tuning: &ViewTuning) -> Result<Setup, String> {
    let (map, scenario) = origin.open()?;
    Ok(Setup {
        map,
        scenario,
        tuning: origin.tuning.clone(),
        view_tuning: view_tuning.clone(),
        tuning_path: None,
        origin: origin.clone(),
    })
}

/// For the app's unit tests: scenario text `scn` played in a 40 × 16 room, the squad at
/// (6, 8) and an enemy spawn at `spawn`, with the default tuning.
#[cfg(test)]
pub fn room_world(scn: &str, spawn: (usize, usize)) -> sim::read::World {
    let mut text = String::new();
    for y in 0..16 {
        for x in 0..40 {
            text.push(match (x, y) {
                (0 | 39, _) | (_, 0 | 15) => '#',
                (6, 8) => 'S',
                p if p == spawn => 'E',
                _ => '.',
            });
        }
        text.push('\n');
    }
    let map = Arc::new(sim::read::Map::parse("room.map", &text).unwrap());
    let sc = sim::read::Scenario::parse("t.scn", scn).unwrap();
    sim::read::World::new(map, &sc, Tuning::default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_tuning_file_feeds_both_readers_and_prints_whole() {
        let (sim, view) = parse_tuning("d.toml", &default_tuning_text()).unwrap();
        assert_eq!((sim, view), (Tuning::default(), ViewTuning::default()));
        let (sim, view) = parse_tuning(
            "t.toml",
            "[lane]\nweapon_range = 7.0\n[horror]\nambient = 0.3\n",
        )
        .unwrap();
        assert_eq!(sim.lane.weapon_range, 7.0);
        assert_eq!(view.horror.ambient, 0.3);
        // A section nobody reads is refused at its line.
        let err = parse_tuning("t.toml", "[lane]\n\n[sound]\nvolume = 1\n").unwrap_err();
        assert!(err.starts_with("t.toml:3:"), "{err}");
    }
}
