//! `--generate KIND --seed N --out DIR` (REQ §26): a generated map and its scenario
//! written as `DIR/KIND_N.map` and `DIR/KIND_N.scn`, the scenario naming the map beside
//! it, so `--scenario DIR/KIND_N.scn` plays it.

use std::path::{Path, PathBuf};

use sim::read::generate::{generate, Kind};

use crate::files;

/// The kind named `name`, or one line listing the kinds.
pub fn kind(name: &str) -> Result<Kind, String> {
    Kind::parse(name).ok_or_else(|| {
        let names: Vec<&str> = Kind::ALL.iter().map(|k| k.name()).collect();
        format!(
            "--generate {name}: unknown kind: expected one of {}",
            names.join(", ")
        )
    })
}

/// The two files' names for `kind` and `seed`, without the folder.
pub fn file_names(kind: Kind, seed: u64) -> (String, String) {
    let base = format!("{}_{seed}", kind.name());
    (format!("{base}.map"), format!("{base}.scn"))
}

/// Generates `kind` for `seed` and writes the map and the scenario into `out` (made if
/// missing). Returns the two paths, map first.
pub fn write(kind: Kind, seed: u64, out: &Path) -> Result<(PathBuf, PathBuf), String> {
    let (map_name, scn_name) = file_names(kind, seed);
    let g = generate(kind, seed, &map_name);
    std::fs::create_dir_all(out)
        .map_err(|e| format!("{}: cannot create the folder: {e}", out.display()))?;
    let (map, scn) = (out.join(map_name), out.join(scn_name));
    files::write(&map, g.map_text.as_bytes())?;
    files::write(&scn, g.scenario_text.as_bytes())?;
    Ok((map, scn))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_by_name_with_the_list_in_the_error() {
        assert_eq!(kind("caves"), Ok(Kind::Caves));
        let e = kind("castle").unwrap_err();
        assert_eq!(
            e,
            "--generate castle: unknown kind: expected one of rooms, caves, pillars, yard, mixed"
        );
    }

    #[test]
    fn writes_both_files_and_the_scenario_loads_from_them() {
        let dir = std::env::temp_dir().join(format!("sqp_gen_{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let (map, scn) = write(Kind::Pillars, 4, &dir.join("deeper")).unwrap();
        assert_eq!(map.file_name().unwrap(), "pillars_4.map");
        assert_eq!(scn.file_name().unwrap(), "pillars_4.scn");
        let setup = crate::setup::load(Some(&scn), "combat_route", None, None, None).unwrap();
        assert_eq!(setup.scenario.name, "gen_pillars_4");
        assert_eq!(setup.scenario.seed, 4);
        assert!(setup.map.enemy_spawns.len() >= 3);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
