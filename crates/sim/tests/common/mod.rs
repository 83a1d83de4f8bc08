//! Helpers shared by the scenario tests.

/// A walled open room `w × h` with the squad spawn at `(sx, sy)`.
#[allow(dead_code)]
pub fn room(w: usize, h: usize, sx: usize, sy: usize) -> String {
    let mut s = String::new();
    for y in 0..h {
        for x in 0..w {
            s.push(if x == 0 || y == 0 || x == w - 1 || y == h - 1 {
                '#'
            } else if (x, y) == (sx, sy) {
                'S'
            } else {
                '.'
            });
        }
        s.push('\n');
    }
    s
}

/// The origin of embedded scenario `name` with the default tuning and its own seed, as
/// the app's set-up makes it (replays and saves carry it).
#[allow(dead_code)]
pub fn origin(name: &str) -> sim::record::Origin {
    let text = sim::content::scenario_text(name).unwrap();
    let sc = sim::script::scenario::Scenario::parse(name, text).unwrap();
    sim::record::Origin {
        map_file: format!("{}.map", sc.map),
        map_text: sim::content::map_text(&sc.map).unwrap().to_string(),
        scenario_file: format!("{name}.scn"),
        scenario_text: text.to_string(),
        tuning: sim::tuning::Tuning::default(),
        seed: sc.seed,
        director: None,
        difficulty: None,
    }
}
