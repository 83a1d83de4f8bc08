//! REQ V2: the props that dress the maps are drawing only. A wall prop (`c b o p`) is a
//! wall and a floor prop (`g w`) is floor in the simulation's grid, so a map dressed
//! with props is, to the simulation, the same map with `#` and `.` in their places: the
//! same grid, spawns, lamps and pickups (every embedded map), and every campaign
//! mission's reference route gives the same checksum at every tick on both.

use sim::content;
use sim::driver::route::RouteDriver;
use sim::space::map::{Map, Tile};
use sim::tuning::ticks;
use sim::world::tick;

mod common;

/// The test's own reading of the props (not the loader's table): wall props become `#`,
/// floor props `.`; the header is left alone.
fn undressed(text: &str) -> String {
    let mut in_grid = false;
    let mut out = String::new();
    for line in text.lines() {
        if !in_grid {
            let t = line.trim();
            let header = t.is_empty()
                || t.starts_with(';')
                || t.starts_with("# ")
                || t == "#!"
                || line.contains('=');
            in_grid = !header;
        }
        if in_grid {
            out.extend(line.chars().map(|c| match c {
                'c' | 'b' | 'o' | 'p' => '#',
                'g' | 'w' => '.',
                c => c,
            }));
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}

/// How many wall props and floor props a map holds.
fn props(m: &Map) -> (usize, usize) {
    let props = m.tiles.iter().filter(|t| t.is_prop());
    let walls = props.clone().filter(|t| t.is_wall()).count();
    (walls, props.count() - walls)
}

#[test]
fn a_dressed_map_is_the_same_map_to_the_simulation() {
    for (name, text) in content::MAPS {
        let dressed = Map::parse(name, text).unwrap();
        let plain = Map::parse(name, &undressed(text)).unwrap();
        assert_eq!(props(&plain), (0, 0), "{name}: the undressing left a prop");
        assert_eq!(dressed.grid, plain.grid, "{name}: the wall grid moved");
        assert_eq!(
            (
                &dressed.name,
                dressed.squad_spawn,
                &dressed.enemy_spawns,
                &dressed.dummies,
                &dressed.lamps,
                &dressed.crates,
                &dressed.cases
            ),
            (
                &plain.name,
                plain.squad_spawn,
                &plain.enemy_spawns,
                &plain.dummies,
                &plain.lamps,
                &plain.crates,
                &plain.cases
            ),
            "{name}"
        );
        // Tile by tile: a prop stands where its reading stands, nothing else differs.
        for (i, (d, p)) in dressed.tiles.iter().zip(&plain.tiles).enumerate() {
            let want = match (d.is_prop(), d.is_wall()) {
                (true, true) => Tile::Wall,
                (true, false) => Tile::Floor,
                _ => *d,
            };
            assert_eq!(want, *p, "{name}: tile {i}");
        }
    }
}

#[test]
fn the_six_missions_maps_are_dressed() {
    for name in [
        "station",
        "warrens",
        "gate",
        "flooded",
        "switchyard",
        "long_dark",
    ] {
        let m = Map::parse(name, content::map_text(name).unwrap()).unwrap();
        let (walls, floors) = props(&m);
        assert!(walls >= 12, "{name}: {walls} wall props");
        assert!(floors >= 6, "{name}: {floors} floor props");
        for (_, t) in Tile::PROPS {
            assert!(m.tiles.contains(&t), "{name}: no {t:?}");
        }
    }
}

#[test]
fn every_campaign_mission_runs_the_same_on_its_undressed_map() {
    for (name, _) in content::CAMPAIGN {
        let dressed = common::origin(name);
        let mut plain = dressed.clone();
        plain.map_text = undressed(&dressed.map_text);
        assert_ne!(plain.map_text, dressed.map_text, "{name} is dressed");
        let (mut a, sc) = dressed.world().unwrap();
        let (mut b, _) = plain.world().unwrap();
        let (mut da, mut db) = (RouteDriver::new(), RouteDriver::new());
        let end = ticks(sc.duration) as u64;
        while a.tick() < end && !a.mission().outcome.ended() {
            let (ia, ib) = (da.input(&sc, &a), db.input(&sc, &b));
            tick(&mut a, &ia);
            tick(&mut b, &ib);
            assert_eq!(
                a.checksum(),
                b.checksum(),
                "{name}: the dressed map's run left the plain one at tick {}",
                a.tick()
            );
        }
        assert!(a.tick() > 600, "{name}: {} ticks", a.tick());
    }
}
