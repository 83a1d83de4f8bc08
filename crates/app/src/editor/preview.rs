//! What the editor's screen shows of a mission as it stands (REQ §31), loadable or not:
//! the world the scene renderer draws (the mission itself when it has no error; else
//! its map mended just enough to load — an unknown tile drawn as floor, a short row
//! walled, a missing squad spawn put on the first floor — under a bare scenario, so the
//! maker always sees what they paint), the areas to outline, the statements to list
//! and what the forms offer to choose from. Nothing here is saved: the files keep
//! exactly what was typed and painted, and the problems list says what is wrong.

use std::sync::Arc;

use sim::read::{Map, Scenario};
use sim::record::Origin;
use sim::tuning::Tuning;
use view::ViewTuning;

use super::doc::{MapDoc, TILES};
use super::modal::Context;
use super::state::Editor;
use crate::setup::Setup;

/// The grid of `doc` as a map text the loader takes (see the module): `None` when the
/// file has no grid at all.
pub fn drawable_map(doc: &MapDoc) -> Option<String> {
    let (w, h) = (doc.width(), doc.height());
    if w == 0 || h == 0 {
        return None;
    }
    let (w, h) = (w.min(256), h.min(256));
    let known = |c: char| TILES.iter().any(|(t, _)| *t == c);
    let mut rows: Vec<Vec<char>> = (0..h as i32)
        .map(|y| {
            (0..w as i32)
                .map(|x| match doc.get(x, y) {
                    Some(c) if known(c) => c,
                    Some(_) => '.',
                    None => '#',
                })
                .collect()
        })
        .collect();
    // One squad spawn: the first kept, or one put on the first floor (any cell at last).
    let mut seen = false;
    for c in rows.iter_mut().flatten() {
        if *c == 'S' {
            if seen {
                *c = '.';
            }
            seen = true;
        }
    }
    if !seen {
        let (y, x) = (0..h)
            .flat_map(|y| (0..w).map(move |x| (y, x)))
            .find(|&(y, x)| rows[y][x] == '.')
            .unwrap_or((h / 2, w / 2));
        rows[y][x] = 'S';
    }
    let mut text: String = rows
        .iter()
        .map(|r| r.iter().collect::<String>() + "\n")
        .collect();
    // A crate or case the squad cannot reach: floor (the loader's one refusal left).
    for _ in 0..64 {
        match Map::parse("preview.map", &text) {
            Ok(_) => return Some(text),
            Err(e) => {
                let (x, y) = (e.col.checked_sub(1)?, e.line.checked_sub(1)?);
                let c = rows.get_mut(y)?.get_mut(x)?;
                if *c == '.' {
                    return None;
                }
                *c = '.';
                text = rows
                    .iter()
                    .map(|r| r.iter().collect::<String>() + "\n")
                    .collect();
            }
        }
    }
    None
}

/// The run the screen draws for `e` (never recorded, never ticked): the mission when
/// it loads, else its mended map under a bare scenario; `None` without a grid.
pub fn setup(e: &Editor, tuning: &Tuning, view_tuning: &ViewTuning) -> Option<Setup> {
    let agents = tuning.squad.agent_count as usize;
    let (map_text, scenario_text, map, scenario) = match whole(e, agents) {
        Some((m, s)) => (e.map.text(), e.scenario.clone(), m, s),
        None => {
            let text = drawable_map(&e.map)?;
            let map = Map::parse("preview.map", &text).ok()?;
            let bare = "name = preview\n".to_string();
            let s = Scenario::parse("preview.scn", &bare).ok()?;
            (text, bare, map, s)
        }
    };
    let origin = Origin {
        map_file: e.map_file(),
        map_text,
        scenario_file: e.scenario_file(),
        scenario_text,
        tuning: tuning.clone(),
        seed: scenario.seed,
        director: None,
        difficulty: None,
    };
    Some(Setup {
        map: Arc::new(map),
        scenario,
        tuning: tuning.clone(),
        view_tuning: view_tuning.clone(),
        tuning_path: None,
        origin,
    })
}

/// The mission itself, when both files load and agree.
fn whole(e: &Editor, agents: usize) -> Option<(Map, Scenario)> {
    let map = Map::parse(&e.map_file(), &e.map.text()).ok()?;
    let s = Scenario::parse(&e.scenario_file(), &e.scenario).ok()?;
    s.check_against(&map, agents).ok()?;
    Some((map, s))
}

/// Whether scenario line `l` is a statement (not a header's `key = value`, a comment
/// or a blank).
pub fn is_statement(l: &str) -> bool {
    let t = l.trim();
    if t.is_empty() || t.starts_with('#') {
        return false;
    }
    match t.split_once('=') {
        None => true,
        Some((k, _)) => k.trim().contains(' '),
    }
}

/// The scenario's statements: each line's number (1-based) and text.
pub fn statements(scenario: &str) -> Vec<(usize, String)> {
    scenario
        .split('\n')
        .enumerate()
        .filter(|(_, l)| is_statement(l))
        .map(|(i, l)| (i + 1, l.trim_end_matches('\r').trim().to_string()))
        .collect()
}

/// The scenario's areas as written (name, x0 y0 x1 y1), whatever else is wrong.
pub fn areas(scenario: &str) -> Vec<(String, [f32; 4])> {
    statements(scenario)
        .iter()
        .filter_map(|(_, l)| {
            let t: Vec<&str> = l.split_whitespace().collect();
            match t.as_slice() {
                ["area", name, rest @ ..] if rest.len() == 4 => {
                    let v: Vec<f32> = rest.iter().filter_map(|x| x.parse().ok()).collect();
                    (v.len() == 4).then(|| (name.to_string(), [v[0], v[1], v[2], v[3]]))
                }
                _ => None,
            }
        })
        .collect()
}

/// What the forms offer: the areas and objectives written so far, the map's enemy
/// spawns.
pub fn context(e: &Editor) -> Context {
    let objectives = statements(&e.scenario)
        .iter()
        .filter_map(|(_, l)| {
            let mut t = l.split_whitespace();
            (t.next() == Some("objective"))
                .then(|| t.next().map(str::to_string))
                .flatten()
        })
        .collect();
    Context {
        areas: areas(&e.scenario).into_iter().map(|(n, _)| n).collect(),
        objectives,
        spawns: e.map.find('E').len(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::editor::state::Command;

    /// However broken the map, the screen has a world to draw with the painted tiles
    /// where they are.
    #[test]
    fn a_map_that_does_not_load_is_still_drawn() {
        let t = Tuning::default();
        let v = ViewTuning::default();
        let mut e = Editor::new("t", 5);
        assert!(setup(&e, &t, &v).is_some());
        // No squad spawn, an unknown tile, a short row: drawn all the same.
        let s = e.map.find('S')[0];
        e.apply(Command::Tile('#'));
        e.apply(Command::Press(s.0, s.1));
        e.apply(Command::Release(s.0, s.1));
        e.map.set(5, 5, 'X');
        assert!(!e.playable());
        let drawn = setup(&e, &t, &v).expect("drawn");
        assert_eq!(drawn.map.width(), 32);
        assert!(drawn
            .map
            .grid
            .is_wall_at(sim::Vec2::new(s.0 as f32 + 0.5, s.1 as f32 + 0.5)));
        // A scenario error: the map is drawn under the bare scenario.
        let mut e = Editor::new("t", 5);
        e.apply(Command::Add(crate::editor::forms::Form::Wave {
            at: 1.0,
            spawn: 3,
            kind: "runner".into(),
            count: 2,
        }));
        assert!(!e.playable());
        let drawn = setup(&e, &t, &v).expect("drawn");
        assert_eq!(drawn.scenario.name, "preview");
        // A ragged row and a second spawn, mended for the drawing only.
        let doc = MapDoc::parse("####\n#SS#\n#.\n####\n");
        let text = drawable_map(&doc).unwrap();
        assert_eq!(text, "####\n#S.#\n#.##\n####\n");
        assert_eq!(drawable_map(&MapDoc::parse("name = x\n")), None);
    }

    #[test]
    fn statements_areas_and_the_forms_context() {
        let scn = "name = T\nmap = t.map\n# a note\n\narea yard 1 2 5 6\nobjective h hold yard 20 after=x | Hold\narea bad 1 2\nwave 3 0 shambler 2\n";
        let st = statements(scn);
        assert_eq!(st.iter().map(|(n, _)| *n).collect::<Vec<_>>(), [5, 6, 7, 8]);
        assert_eq!(areas(scn), vec![("yard".to_string(), [1.0, 2.0, 5.0, 6.0])]);
        let mut e = Editor::from_texts("t", "#####\n#S.E#\n#####\n", scn, 5);
        let c = context(&e);
        assert_eq!(c.areas, ["yard"]);
        assert_eq!(c.objectives, ["h"]);
        assert_eq!(c.spawns, 1);
        e.map.set(2, 1, 'E');
        assert_eq!(context(&e).spawns, 2);
    }
}
