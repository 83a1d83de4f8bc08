//! Loaders (REQ S2.1–S2.4, Q2, REQ §19): every error names `file:line:col` and what was
//! expected; bad input never panics; the embedded content loads.

use std::sync::Arc;

use proptest::prelude::*;
use sim::content::{self, MAPS, SCENARIOS};
use sim::script::scenario::{EnemyKind, Scenario};
use sim::space::map::{Map, Tile, MAX_MAP_SIDE};
use sim::tuning::Tuning;
use sim::world::{tick, TickInput, World};
use sim::Vec2;

// ---------------------------------------------------------------------------------------
// helpers

fn map_err(text: &str) -> String {
    match Map::parse("yard.map", text) {
        Ok(m) => panic!(
            "expected an error, the map parsed: {}×{}",
            m.width(),
            m.height()
        ),
        Err(e) => e.to_string(),
    }
}

fn scn_err(text: &str) -> String {
    match Scenario::parse("t.scn", text) {
        Ok(sc) => panic!("expected an error, the scenario parsed: {sc:?}"),
        Err(e) => e.to_string(),
    }
}

fn tuning_err(text: &str) -> String {
    match Tuning::from_toml("t.toml", text) {
        Ok(_) => panic!("expected an error, the tuning parsed:\n{text}"),
        Err(e) => e.message,
    }
}

/// Asserts the message starts with exactly `prefix` (`file:line:col: `) and contains
/// every key word.
#[track_caller]
fn assert_msg(msg: &str, prefix: &str, words: &[&str]) {
    assert!(
        msg.starts_with(prefix),
        "expected prefix `{prefix}`, got `{msg}`"
    );
    for w in words {
        assert!(msg.contains(w), "expected `{w}` in `{msg}`");
    }
}

/// A 10 × 7 map used by the `check_against` tests. Tiles: row 0 is line 2.
/// Floor e.g. (2.5, 2.5); walls e.g. (0.5, 0.5) and (5.5, 4.5); one enemy spawn `E`.
const CHECK_MAP: &str = "\
name = check yard
##########
#S.......#
#....E...#
#...T....#
###..#####
#........#
##########
";

fn check_map() -> Map {
    Map::parse("check.map", CHECK_MAP).expect("the check map is valid")
}

/// Parses `text` (must parse) and checks it against the check map with 5 agents.
fn check_err(text: &str) -> String {
    let sc = Scenario::parse("t.scn", text).unwrap_or_else(|e| panic!("must parse: {e}"));
    match sc.check_against(&check_map(), 5) {
        Ok(()) => panic!("expected a map check error for:\n{text}"),
        Err(e) => e.to_string(),
    }
}

// ---------------------------------------------------------------------------------------
// Map (S2.1, S2.3)

#[test]
fn map_header_comments_and_all_tile_kinds_load() {
    let m = Map::parse(
        "yard.map",
        "; a comment\nname = Test yard\n# a comment too\ndescription = anything = goes\n\n#######\n#S.~TL#\n#E...E#\n#######\n\n\n",
    )
    .unwrap();
    assert_eq!(m.name, "Test yard");
    assert_eq!((m.width(), m.height()), (7, 4));
    assert_eq!(m.squad_spawn, Vec2::new(1.5, 1.5));
    assert_eq!(m.tile(3, 1), Tile::Debris);
    assert!(!m.grid.is_wall(3, 1), "debris is walkable");
    assert_eq!(m.dummies, vec![Vec2::new(4.5, 1.5)]);
    assert_eq!(m.lamps, vec![Vec2::new(5.5, 1.5)]);
    assert_eq!(
        m.enemy_spawns,
        vec![Vec2::new(1.5, 2.5), Vec2::new(5.5, 2.5)],
        "reading order"
    );
    assert_eq!(m.tile(-1, 0), Tile::Wall, "outside the grid is wall");
    assert!(m.grid.is_wall(7, 1) && m.grid.is_wall(1, -1) && m.grid.is_wall(1, 4));
}

#[test]
fn map_non_rectangular_grid_names_the_row_and_the_first_column_past_the_width() {
    let text = "name = Yard\n# comment\n#####\n#S..#\n#...##\n#####\n";
    assert_msg(
        &map_err(text),
        "yard.map:5:6: ",
        &["non-rectangular grid", "6 tiles wide", "expected 5"],
    );
    let text = "#####\n#S..#\n#####\n#..#\n";
    assert_msg(
        &map_err(text),
        "yard.map:4:5: ",
        &["non-rectangular grid", "4 tiles wide", "expected 5"],
    );
}

#[test]
fn map_blank_line_inside_the_grid_is_an_error_at_that_line() {
    assert_msg(
        &map_err("#####\n#S..#\n\n#####\n"),
        "yard.map:3:1: ",
        &["non-rectangular grid", "0 tiles wide"],
    );
}

#[test]
fn map_unknown_tile_char_names_line_and_column() {
    let text = "name = Yard\n\n#####\n#S.x#\n#####\n";
    assert_msg(
        &map_err(text),
        "yard.map:4:4: ",
        &["unknown tile `x`", "expected one of # . S E T L ~"],
    );
    // Columns count characters, not bytes.
    assert_msg(
        &map_err("#####\n#Sé.#\n#####\n"),
        "yard.map:2:3: ",
        &["unknown tile `é`"],
    );
    // A space inside the grid is not floor.
    assert_msg(
        &map_err("#####\n#S. #\n#####\n"),
        "yard.map:2:4: ",
        &["unknown tile ` `"],
    );
}

#[test]
fn map_missing_squad_spawn_is_an_error_at_the_first_grid_row() {
    assert_msg(
        &map_err("name = a\n#####\n#...#\n#####\n"),
        "yard.map:2:1: ",
        &["missing squad spawn", "expected one `S`"],
    );
}

#[test]
fn map_second_squad_spawn_names_both_places() {
    assert_msg(
        &map_err("#####\n#S..#\n#..S#\n#####\n"),
        "yard.map:3:4: ",
        &[
            "second squad spawn `S`",
            "expected exactly one",
            "first at 2:2",
        ],
    );
}

#[test]
fn map_unknown_header_key_names_the_key_column() {
    assert_msg(
        &map_err("name = a\n  size = 3\n###\n#S#\n###\n"),
        "yard.map:2:3: ",
        &[
            "unknown header key `size`",
            "expected `name` or `description`",
        ],
    );
}

#[test]
fn map_without_a_grid_is_an_error_after_the_header() {
    assert_msg(
        &map_err("name = a\n\n; only comments\n"),
        "yard.map:4:1: ",
        &["expected a tile grid"],
    );
    assert_msg(&map_err(""), "yard.map:1:1: ", &["expected a tile grid"]);
}

#[test]
fn map_taller_than_the_limit_is_an_error_at_the_first_extra_row() {
    let mut text = String::from("name = tall\n#S#\n");
    for _ in 1..=MAX_MAP_SIDE {
        text.push_str("#.#\n");
    }
    // 513 rows; row 513 is on line 1 + 513.
    let line = 1 + MAX_MAP_SIDE + 1;
    assert_msg(
        &map_err(&text),
        &format!("yard.map:{line}:1: "),
        &["513 rows", "expected at most 512"],
    );
}

#[test]
fn map_wider_than_the_limit_is_an_error_at_the_first_extra_column() {
    let row = format!("S{}", ".".repeat(MAX_MAP_SIDE));
    let text = format!("name = wide\n{row}\n{row}\n");
    assert_msg(
        &map_err(&text),
        "yard.map:2:513: ",
        &["513 tiles wide", "expected at most 512"],
    );
}

#[test]
fn map_exactly_at_the_limit_loads() {
    let mut text = String::new();
    for y in 0..MAX_MAP_SIDE {
        let mut row = ".".repeat(MAX_MAP_SIDE);
        if y == 0 {
            row.replace_range(0..1, "S");
        }
        text.push_str(&row);
        text.push('\n');
    }
    let m = Map::parse("big.map", &text).unwrap();
    assert_eq!((m.width(), m.height()), (512, 512));
}

#[test]
fn map_crlf_line_endings_load_like_lf() {
    let lf = "name = Yard\n# c\n#####\n#S.T#\n#E.L#\n#####\n";
    let crlf = lf.replace('\n', "\r\n");
    let a = Map::parse("yard.map", lf).unwrap();
    let b = Map::parse("yard.map", &crlf).unwrap();
    assert_eq!(a, b);
    assert_eq!(b.name, "Yard", "no \\r left in header values");
    // Error positions are the same with CRLF.
    let bad = "name = Yard\r\n#####\r\n#S.?#\r\n#####\r\n";
    assert_msg(&map_err(bad), "yard.map:3:4: ", &["unknown tile `?`"]);
}

// ---------------------------------------------------------------------------------------
// Scenario::parse (S2.2, S2.3)

#[test]
fn scenario_with_every_statement_kind_loads() {
    let text = "\
# full scenario
name = everything
map = default
seed = 42
duration = 90.5
formation = ring
heading = 90
start = 3.5 2.5

waypoint 2.5 2.5 hold=1.5 sprint   # trailing comment
waypoint 7.5 5.5
wave 3 0 walker 4
wave 1 0 dummy 1
dummy 6.5 1.5
place 1 2.5 1.5
force 2 1 4.5 2.5 2.5 7.5 2.5 7.5 5.5
assign 2 6.5 1.5
aim 1 45
clear_manual 3
";
    let sc = Scenario::parse("t.scn", text).unwrap();
    assert_eq!(sc.name, "everything");
    assert_eq!(sc.seed, 42);
    assert_eq!(sc.duration, 90.5);
    assert_eq!(sc.formation, sim::squad::anchor::Formation::Ring);
    assert!((sc.heading - std::f32::consts::FRAC_PI_2).abs() < 1e-6);
    assert_eq!(sc.start, Some(Vec2::new(3.5, 2.5)));
    assert_eq!(sc.route.len(), 2);
    assert_eq!(sc.route[0].hold, 1.5);
    assert!(sc.route[0].sprint && !sc.route[1].sprint);
    assert_eq!(sc.waves.len(), 2);
    assert_eq!(sc.waves[0].kind, EnemyKind::Shambler);
    assert_eq!(sc.waves[1].kind, EnemyKind::Dummy);
    assert_eq!(sc.dummies, vec![Vec2::new(6.5, 1.5)]);
    assert_eq!(sc.places, vec![(1, Vec2::new(2.5, 1.5))]);
    assert_eq!(sc.forced.len(), 1);
    assert_eq!(sc.forced[0].points.len(), 3);
    assert_eq!(sc.manual.len(), 3);
    assert!(
        sc.manual.windows(2).all(|w| w[0].0 <= w[1].0),
        "manual events sorted by time"
    );
    sc.check_against(&check_map(), 5).unwrap();
}

#[test]
fn scenario_bad_numbers_point_at_the_bad_word() {
    assert_msg(
        &scn_err("name = x\nseed = abc\n"),
        "t.scn:2:8: ",
        &["bad number `abc`", "expected a seed"],
    );
    assert_msg(
        &scn_err("seed = -1\n"),
        "t.scn:1:8: ",
        &["bad number `-1`", "expected a seed"],
    );
    assert_msg(
        &scn_err("duration = x\n"),
        "t.scn:1:12: ",
        &["bad number `x`", "expected a duration"],
    );
    assert_msg(
        &scn_err("duration = inf\n"),
        "t.scn:1:12: ",
        &["bad number `inf`"],
    );
    assert_msg(
        &scn_err("\n\nwaypoint 1 zz\n"),
        "t.scn:3:12: ",
        &["bad number `zz`", "expected waypoint Y"],
    );
    assert_msg(
        &scn_err("waypoint 1 2 hold=abc\n"),
        "t.scn:1:19: ",
        &["bad number `abc`", "hold seconds"],
    );
    assert_msg(
        &scn_err("heading = north\n"),
        "t.scn:1:11: ",
        &["bad number `north`", "heading"],
    );
    assert_msg(
        &scn_err("place x 1 1\n"),
        "t.scn:1:7: ",
        &["bad number `x`", "agent index"],
    );
    assert_msg(
        &scn_err("wave 1 -2 walker 3\n"),
        "t.scn:1:8: ",
        &["bad number `-2`", "spawn index"],
    );
    assert_msg(
        &scn_err("wave 1 0 walker 1e3\n"),
        "t.scn:1:17: ",
        &["bad number `1e3`", "enemy count"],
    );
    assert_msg(
        &scn_err("  dummy 1e40 2\n"),
        "t.scn:1:9: ",
        &["bad number `1e40`", "dummy X"],
    );
}

#[test]
fn scenario_unknown_header_key_names_the_key() {
    assert_msg(
        &scn_err("name = x\nspeed = 3\n"),
        "t.scn:2:1: ",
        &["unknown key `speed`", "expected name, briefing, map, seed"],
    );
    assert_msg(
        &scn_err("   speed = 3\n"),
        "t.scn:1:4: ",
        &["unknown key `speed`"],
    );
}

#[test]
fn scenario_unknown_statement_names_the_word() {
    assert_msg(
        &scn_err("waypoint 1 1\njump 1 2\n"),
        "t.scn:2:1: ",
        &["unknown statement `jump`", "waypoint, wave, dummy"],
    );
    assert_msg(
        &scn_err("\tjump 1 2\n"),
        "t.scn:1:2: ",
        &["unknown statement `jump`"],
    );
}

#[test]
fn scenario_unknown_enemy_kind_names_the_word() {
    assert_msg(
        &scn_err("wave 10 0 dragon 3\n"),
        "t.scn:1:11: ",
        &[
            "unknown enemy kind `dragon`",
            "expected shambler, runner, brute, spitter, stalker, walker or dummy",
        ],
    );
}

#[test]
fn scenario_unknown_formation_names_the_value() {
    assert_msg(
        &scn_err("formation = blob\n"),
        "t.scn:1:13: ",
        &["unknown formation `blob`", "expected wedge, line or ring"],
    );
}

#[test]
fn scenario_missing_argument_points_at_the_end_of_the_line() {
    assert_msg(
        &scn_err("waypoint 3\n"),
        "t.scn:1:11: ",
        &["expected waypoint Y, found end of line"],
    );
    assert_msg(
        &scn_err("wave 1 0\n"),
        "t.scn:1:9: ",
        &["expected an enemy kind, found end of line"],
    );
    assert_msg(
        &scn_err("wave 1 0 walker\n"),
        "t.scn:1:16: ",
        &["expected an enemy count, found end of line"],
    );
    assert_msg(&scn_err("place 1\n"), "t.scn:1:8: ", &["found end of line"]);
    assert_msg(
        &scn_err("start = 3\n"),
        "t.scn:1:10: ",
        &["expected start Y, found end of line"],
    );
    assert_msg(
        &scn_err("force 1 0 5 2 2 3\n"),
        "t.scn:1:18: ",
        &["Y of the last point", "found end of line"],
    );
}

#[test]
fn scenario_trailing_junk_is_an_error_at_the_junk() {
    assert_msg(
        &scn_err("dummy 1 2 3\n"),
        "t.scn:1:11: ",
        &["unexpected `3`", "expected end of line"],
    );
    assert_msg(
        &scn_err("wave 1 0 walker 3 extra\n"),
        "t.scn:1:19: ",
        &["unexpected `extra`", "expected end of line"],
    );
    assert_msg(
        &scn_err("start = 3 4 5\n"),
        "t.scn:1:13: ",
        &["unexpected `5`", "expected end of line"],
    );
    assert_msg(
        &scn_err("waypoint 1 2 fast\n"),
        "t.scn:1:14: ",
        &["unexpected `fast`", "expected hold=SECONDS or sprint"],
    );
    assert_msg(
        &scn_err("aim 1 45 90\n"),
        "t.scn:1:10: ",
        &["unexpected `90`"],
    );
}

#[test]
fn scenario_negative_hold_is_an_error_at_the_value() {
    assert_msg(
        &scn_err("waypoint 1 2 hold=-1\n"),
        "t.scn:1:19: ",
        &["expected hold seconds ≥ 0"],
    );
}

#[test]
fn scenario_duration_out_of_range_is_an_error_at_the_value() {
    for (v, col) in [("0", 12), ("-5", 12), ("3600.5", 12), ("4000", 12)] {
        assert_msg(
            &scn_err(&format!("duration = {v}\n")),
            &format!("t.scn:1:{col}: "),
            &["expected a duration in (0, 3600] seconds"],
        );
    }
    assert_eq!(
        Scenario::parse("t.scn", "duration = 3600\n")
            .unwrap()
            .duration,
        3600.0
    );
}

#[test]
fn scenario_force_with_one_point_is_an_error() {
    assert_msg(
        &scn_err("force 1 0 5 2 2\n"),
        "t.scn:1:16: ",
        &["expected at least two points"],
    );
}

#[test]
fn scenario_force_ending_before_it_starts_is_an_error() {
    assert_msg(
        &scn_err("force 1 5 2 1 1 2 2\n"),
        "t.scn:1:20: ",
        &["expected the end time after the start time"],
    );
    assert_msg(
        &scn_err("force 1 5 5 1 1 2 2\n"),
        "t.scn:1:20: ",
        &["end time after the start time"],
    );
}

#[test]
fn scenario_wave_count_above_the_limit_is_an_error() {
    assert_msg(
        &scn_err("wave 1 0 walker 501\n"),
        "t.scn:1:1: ",
        &["expected a count ≤ 500"],
    );
}

#[test]
fn scenario_wave_count_that_overflows_32_bits_is_not_silently_wrapped() {
    // 2^32 + 1 must not become a wave of 1 walker.
    let text = "wave 1 0 walker 4294967297\n";
    match Scenario::parse("t.scn", text) {
        Err(e) => assert!(e.to_string().starts_with("t.scn:1:"), "{e}"),
        Ok(sc) => panic!(
            "accepted a wave of 4294967297 walkers as {} walkers",
            sc.waves[0].count
        ),
    }
}

#[test]
fn scenario_tabs_separate_statement_words_like_spaces() {
    // Statements split on any whitespace; a `hold=` option must not turn a tab-separated
    // statement into a `key = value` header.
    let spaces = Scenario::parse("t.scn", "waypoint 1 2 hold=1.5\n").unwrap();
    let tabs = Scenario::parse("t.scn", "waypoint\t1\t2\thold=1.5\n")
        .unwrap_or_else(|e| panic!("tab-separated waypoint rejected: {e}"));
    assert_eq!(spaces.route, tabs.route);
}

#[test]
fn scenario_crlf_line_endings_load_like_lf() {
    let lf = "name = x\nseed = 7\nwaypoint 2.5 2.5 hold=1\nwave 1 0 walker 2\n";
    let crlf = lf.replace('\n', "\r\n");
    assert_eq!(
        Scenario::parse("t.scn", lf).unwrap(),
        Scenario::parse("t.scn", &crlf).unwrap()
    );
}

// ---------------------------------------------------------------------------------------
// Scenario::check_against (map-dependent checks)

#[test]
fn scenario_waypoint_inside_a_wall_is_an_error_at_its_line() {
    let text = "name = t\nwaypoint 2.5 2.5\n# waypoint 0.5 0.5 is only a comment\n  waypoint 5.5 4.5 hold=1\n";
    assert_msg(
        &check_err(text),
        "t.scn:4:3: ",
        &[
            "waypoint (5.5, 4.5)",
            "inside a wall",
            "expected a floor tile",
        ],
    );
}

#[test]
fn scenario_waypoint_outside_the_map_is_an_error() {
    assert_msg(
        &check_err("waypoint 20 3\n"),
        "t.scn:1:1: ",
        &["waypoint (20, 3)", "outside the map"],
    );
    assert_msg(
        &check_err("waypoint 2.5 2.5\nwaypoint -0.5 2.5\n"),
        "t.scn:2:1: ",
        &["waypoint (-0.5, 2.5)", "outside the map"],
    );
}

#[test]
fn scenario_coordinates_far_outside_the_map_are_errors_not_panics() {
    for (kind, x, y) in [
        ("waypoint", -1e30f32, 2.5f32),
        ("waypoint", 2.5, -3e9),
        ("waypoint", 1e30, 1e30),
        ("dummy", -1e30, 2.5),
    ] {
        let text = format!("{kind} {x:e} {y:e}\n");
        let what = format!("{kind} ({x}, {y})");
        let text = text.as_str();
        let what = what.as_str();
        let sc = Scenario::parse("t.scn", text).unwrap();
        let r = std::panic::catch_unwind(|| sc.check_against(&check_map(), 5));
        match r {
            Ok(Err(e)) => assert_msg(&e.to_string(), "t.scn:1:1: ", &[what]),
            Ok(Ok(())) => panic!("{text:?}: accepted a point outside the map"),
            Err(_) => panic!("{text:?}: check_against panicked"),
        }
    }
}

#[test]
fn scenario_dummy_inside_a_wall_is_an_error() {
    assert_msg(
        &check_err("dummy 2.5 2.5\ndummy 0.5 3\n"),
        "t.scn:2:1: ",
        &["dummy (0.5, 3)", "inside a wall", "expected a floor tile"],
    );
}

#[test]
fn scenario_spawn_index_out_of_range_is_an_error() {
    assert_msg(
        &check_err("wave 1 0 walker 2\nwave 5 1 walker 2\n"),
        "t.scn:2:1: ",
        &["spawn index 1 out of range", "1 enemy spawns"],
    );
}

#[test]
fn scenario_place_agent_index_out_of_range_is_an_error() {
    assert_msg(
        &check_err("place 4 2.5 2.5\nplace 5 2.5 2.5\n"),
        "t.scn:2:1: ",
        &["agent index 5 out of range", "5 agents"],
    );
}

#[test]
fn scenario_place_inside_a_wall_is_an_error() {
    assert_msg(
        &check_err("place 1 0.2 0.2\n"),
        "t.scn:1:1: ",
        &["place (0.2, 0.2)", "inside a wall"],
    );
}

#[test]
fn scenario_force_agent_index_out_of_range_is_an_error() {
    assert_msg(
        &check_err("force 9 0 1 2.5 2.5 3.5 2.5\n"),
        "t.scn:1:1: ",
        &["agent index 9 out of range", "5 agents"],
    );
}

#[test]
fn scenario_force_path_point_inside_a_wall_is_an_error() {
    assert_msg(
        &check_err("force 2 0 4 2.5 2.5 5.5 4.5\n"),
        "t.scn:1:1: ",
        &["path point (5.5, 4.5)", "inside a wall"],
    );
}

#[test]
fn scenario_start_inside_a_wall_is_an_error_at_the_start_line() {
    assert_msg(
        &check_err("name = t\n\nstart = 0.5 0.5\nwaypoint 2.5 2.5\n"),
        "t.scn:3:1: ",
        &["start (0.5, 0.5)", "inside a wall", "expected a floor tile"],
    );
}

#[test]
fn scenario_on_floor_everywhere_passes_the_map_check() {
    let text = "start = 2.5 2.5\nwaypoint 7.5 5.5\ndummy 3.5 3.5\nplace 4 8.5 1.5\nwave 0 0 walker 3\nforce 0 0 1 2.5 2.5 4.5 5.5\n";
    let sc = Scenario::parse("t.scn", text).unwrap();
    sc.check_against(&check_map(), 5).unwrap();
}

// ---------------------------------------------------------------------------------------
// Tuning::from_toml (Q2)

#[test]
fn tuning_unknown_key_in_a_section_names_its_line_and_the_key() {
    let msg = tuning_err("[lane]\nweapon_range = 7.0\n  weapon_rnage = 3.0\n");
    assert_msg(&msg, "t.toml:3:3: ", &["weapon_rnage"]);
}

#[test]
fn tuning_unknown_section_names_its_line() {
    let msg = tuning_err("[squad]\nwalk_speed = 2.0\n\n[lanes]\nweapon_range = 7.0\n");
    assert_msg(&msg, "t.toml:4:2: ", &["lanes"]);
}

#[test]
fn tuning_wrong_type_names_the_value() {
    let msg = tuning_err("[squad]\nwalk_speed = \"fast\"\n");
    assert_msg(&msg, "t.toml:2:14: ", &["invalid type", "string"]);
    let msg = tuning_err("[squad]\nagent_count = -1\n");
    assert_msg(&msg, "t.toml:2:15: ", &["-1"]);
    let msg = tuning_err("[fire]\nfree_fire_secondary = 1\n");
    assert_msg(&msg, "t.toml:2:23: ", &["invalid type"]);
}

#[test]
fn tuning_out_of_range_value_names_the_key_and_its_line() {
    assert_eq!(
        tuning_err("[anchor]\n# the disk\n  leash = -1.0\n"),
        "t.toml:3:3: `anchor.leash`: expected a number > 0, found -1"
    );
    assert_msg(
        &tuning_err("[squad]\nagent_count = 40\n"),
        "t.toml:2:1: ",
        &["`squad.agent_count`", "[1, 16]", "40"],
    );
    assert_msg(
        &tuning_err("[solver]\nring_radii = [0.8, -1.6, 2.4]\n"),
        "t.toml:2:1: ",
        &["`solver.ring_radii`", "-1.6"],
    );
}

#[test]
fn tuning_non_finite_values_are_out_of_range() {
    assert_msg(
        &tuning_err("[anchor]\nspeed = nan\n"),
        "t.toml:2:1: ",
        &["`anchor.speed`", "NaN"],
    );
    assert_msg(
        &tuning_err("[fire]\nbullet_speed = inf\n"),
        "t.toml:2:1: ",
        &["`fire.bullet_speed`"],
    );
}

#[test]
fn tuning_out_of_range_after_a_commented_section_header_still_names_its_line() {
    // `[anchor] # comment` is a plain TOML table header.
    assert_msg(
        &tuning_err("[anchor] # the disk\n\nleash = -1.0\n"),
        "t.toml:3:1: ",
        &["`anchor.leash`"],
    );
}

#[test]
fn tuning_out_of_range_dotted_key_still_names_its_line() {
    // `anchor.leash = ...` at top level is the same key as `leash` under `[anchor]`.
    assert_msg(
        &tuning_err("# tuning\n\nanchor.leash = -1.0\n"),
        "t.toml:3:1: ",
        &["`anchor.leash`"],
    );
}

#[test]
fn tuning_partial_file_keeps_defaults_and_defaults_round_trip() {
    let t = Tuning::from_toml("t.toml", "[lane]\nweapon_range = 7.5\n").unwrap();
    assert_eq!(t.lane.weapon_range, 7.5);
    let d = Tuning::default();
    assert_eq!(t.lane.muzzle_offset, d.lane.muzzle_offset);
    assert_eq!(t.solver, d.solver);
    assert_eq!(Tuning::from_toml("t.toml", "").unwrap(), d);
    assert_eq!(Tuning::from_toml("d.toml", &d.to_toml()).unwrap(), d);
}

// ---------------------------------------------------------------------------------------
// Embedded content (S2.4)

#[test]
fn every_embedded_map_loads() {
    assert!(!MAPS.is_empty());
    for (name, text) in MAPS {
        let m = Map::parse(name, text).unwrap_or_else(|e| panic!("{e}"));
        assert!(m.width() > 0 && m.height() > 0, "{name}");
        let (sx, sy) = sim::space::grid::Grid::tile_of(m.squad_spawn);
        assert!(!m.grid.is_wall(sx, sy), "{name}: spawn on floor");
    }
}

#[test]
fn every_embedded_scenario_loads_and_checks_against_its_map() {
    assert!(!SCENARIOS.is_empty());
    for (name, text) in SCENARIOS {
        let sc = Scenario::parse(name, text).unwrap_or_else(|e| panic!("{e}"));
        let map_text = content::map_text(&sc.map)
            .unwrap_or_else(|| panic!("{name}: unknown embedded map `{}`", sc.map));
        let map = Map::parse(&sc.map, map_text).unwrap_or_else(|e| panic!("{e}"));
        sc.check_against(&map, Tuning::default().squad.agent_count as usize)
            .unwrap_or_else(|e| panic!("{e}"));
    }
}

// ---------------------------------------------------------------------------------------
// No panic on any input (S2.3, REQ §19)

const BASE_MAP: &str = "\
name = base
description = a small yard
##########
#S..~...E#
#..T.....#
#...##..L#
#E.......#
##########
";

const BASE_SCN: &str = "\
name = base
map = default
seed = 3
duration = 20
formation = line
heading = 45
start = 2.5 2.5
waypoint 6.5 4.5 hold=0.5 sprint # go
waypoint 2.5 1.5
wave 0.5 1 walker 2
wave 0 0 dummy 1
dummy 7.5 2.5
place 4 6.5 1.5
force 0 0.1 0.5 2.5 4.5 7.5 4.5
assign 0.2 3.5 2.5
aim 0.3 90
clear_manual 0.4
";

fn base_tuning() -> String {
    Tuning::default().to_toml()
}

#[derive(Clone, Debug)]
enum Mutation {
    /// XOR a byte with a mask (may break UTF-8; decoded lossily).
    FlipByte(usize, u8),
    /// Replace a byte with one of the interesting ones.
    SetByte(usize, u8),
    InsertByte(usize, u8),
    DeleteLine(usize),
    DuplicateLine(usize),
    SwapLines(usize, usize),
    Truncate(usize),
}

const INTERESTING: &[u8] = b"#.SETL~=- \t\r\n0123456789.e+[]\"'x";

fn mutation() -> impl Strategy<Value = Mutation> {
    let interesting = prop::sample::select(INTERESTING.to_vec());
    prop_oneof![
        (any::<usize>(), 1u8..=255).prop_map(|(i, m)| Mutation::FlipByte(i, m)),
        (any::<usize>(), interesting.clone()).prop_map(|(i, b)| Mutation::SetByte(i, b)),
        (any::<usize>(), interesting).prop_map(|(i, b)| Mutation::InsertByte(i, b)),
        any::<usize>().prop_map(Mutation::DeleteLine),
        any::<usize>().prop_map(Mutation::DuplicateLine),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::SwapLines(a, b)),
        any::<usize>().prop_map(Mutation::Truncate),
    ]
}

fn mutate(base: &str, muts: &[Mutation]) -> String {
    let mut bytes = base.as_bytes().to_vec();
    for m in muts {
        let n = bytes.len().max(1);
        match *m {
            Mutation::FlipByte(i, mask) => {
                if !bytes.is_empty() {
                    bytes[i % n] ^= mask;
                }
            }
            Mutation::SetByte(i, b) => {
                if !bytes.is_empty() {
                    bytes[i % n] = b;
                }
            }
            Mutation::InsertByte(i, b) => bytes.insert(i % (bytes.len() + 1), b),
            Mutation::DeleteLine(i) | Mutation::DuplicateLine(i) | Mutation::SwapLines(i, _) => {
                let text = String::from_utf8_lossy(&bytes).into_owned();
                let mut lines: Vec<&str> = text.split('\n').collect();
                let k = i % lines.len();
                match *m {
                    Mutation::DeleteLine(_) => {
                        lines.remove(k);
                    }
                    Mutation::DuplicateLine(_) => {
                        let l = lines[k];
                        lines.insert(k, l);
                    }
                    Mutation::SwapLines(_, j) => {
                        let j = j % lines.len();
                        lines.swap(k, j);
                    }
                    _ => unreachable!(),
                }
                bytes = lines.join("\n").into_bytes();
            }
            Mutation::Truncate(i) => bytes.truncate(i % n),
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Feeds the texts to every loader; a scenario that loads and checks against a map that
/// loads must also build a world and run a few ticks.
fn load_everything(map_text: &str, scn_text: &str, tuning_text: &str) {
    let map = Map::parse("fuzz.map", map_text);
    let sc = Scenario::parse("fuzz.scn", scn_text);
    let _ = Tuning::from_toml("fuzz.toml", tuning_text);
    if let (Ok(map), Ok(sc)) = (map, sc) {
        if sc.check_against(&map, 5).is_ok() {
            let mut w = World::new(Arc::new(map), &sc, Tuning::default());
            for _ in 0..40 {
                tick(&mut w, &TickInput::default());
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn loaders_never_panic_on_random_text(s in any::<String>()) {
        let _ = Map::parse("r.map", &s);
        if let Ok(sc) = Scenario::parse("r.scn", &s) {
            let _ = sc.check_against(&check_map(), 5);
        }
        let _ = Tuning::from_toml("r.toml", &s);
    }

    #[test]
    fn loaders_never_panic_on_random_text_from_their_alphabet(
        s in "[#.SETL~=a-z0-9 \\t\\r\\n\\[\\]\"'.,+-]{0,300}"
    ) {
        let _ = Map::parse("r.map", &s);
        if let Ok(sc) = Scenario::parse("r.scn", &s) {
            let _ = sc.check_against(&check_map(), 5);
        }
        let _ = Tuning::from_toml("r.toml", &s);
    }

    #[test]
    fn loaders_never_panic_on_mutated_valid_files(
        mm in prop::collection::vec(mutation(), 1..6),
        sm in prop::collection::vec(mutation(), 1..6),
        tm in prop::collection::vec(mutation(), 1..6),
    ) {
        let map_text = mutate(BASE_MAP, &mm);
        let scn_text = mutate(BASE_SCN, &sm);
        let tuning_text = mutate(&base_tuning(), &tm);
        load_everything(&map_text, &scn_text, &tuning_text);
        // Also each mutated text against the valid partners.
        load_everything(BASE_MAP, &scn_text, &tuning_text);
        load_everything(&map_text, BASE_SCN, &tuning_text);
    }
}

#[test]
fn base_fuzz_inputs_are_valid() {
    // The mutation property starts from valid files, otherwise it only tests errors.
    let map = Map::parse("base.map", BASE_MAP).unwrap();
    let sc = Scenario::parse("base.scn", BASE_SCN).unwrap();
    sc.check_against(&map, 5).unwrap();
    Tuning::from_toml("base.toml", &base_tuning()).unwrap();
}

#[test]
fn repeating_waves_and_looping_routes_parse_and_refuse_bad_values() {
    let sc = sim::script::scenario::Scenario::parse(
        "t.scn",
        "loop = yes\nduration = 100\nwave 10 0 walker 3 every=30\n",
    )
    .unwrap();
    assert!(sc.loop_route);
    assert_eq!(sc.waves[0].every, 30.0);
    assert_msg(
        &scn_err("wave 1 0 walker 3 every=0.5\n"),
        "t.scn:1:25: ",
        &["at least 1 second"],
    );
    assert_msg(
        &scn_err("loop = maybe\n"),
        "t.scn:1:8: ",
        &["expected yes or no"],
    );
}

#[test]
fn scenario_director_and_difficulty_headers_parse_and_bad_words_are_named() {
    use sim::read::Difficulty;
    let sc = sim::read::Scenario::parse("t.scn", "director = hard\n").unwrap();
    assert_eq!(sc.director, Some(Difficulty::Hard));
    assert_eq!(sc.effective_difficulty(), Difficulty::Hard);
    let sc = sim::read::Scenario::parse("t.scn", "director = off\ndifficulty = easy\n").unwrap();
    assert_eq!(
        (sc.director, sc.effective_difficulty()),
        (None, Difficulty::Easy)
    );
    let mut sc = sim::read::Scenario::parse("t.scn", "director = normal\n").unwrap();
    sc.set_difficulty(Difficulty::Easy);
    assert_eq!(
        sc.director,
        Some(Difficulty::Easy),
        "the title's choice sets the level"
    );
    // A mission made for normal with an easy director (the campaign's first missions)
    // keeps the director a step under the difficulty played, clamped at the ends, and
    // choosing again starts from the file (each run parses it anew).
    let made = "difficulty = normal\ndirector = easy\n";
    for (chosen, director) in [
        (Difficulty::Easy, Difficulty::Easy),
        (Difficulty::Normal, Difficulty::Easy),
        (Difficulty::Hard, Difficulty::Normal),
    ] {
        let mut sc = sim::read::Scenario::parse("t.scn", made).unwrap();
        sc.set_difficulty(chosen);
        assert_eq!(
            (sc.director, sc.effective_difficulty()),
            (Some(director), chosen),
            "{} played on a mission made for normal with an easy director",
            chosen.name()
        );
        sc.set_difficulty(chosen);
        assert_eq!(sc.director, Some(director), "set twice: no second step");
    }
    let mut sc =
        sim::read::Scenario::parse("t.scn", "difficulty = easy\ndirector = hard\n").unwrap();
    sc.set_difficulty(Difficulty::Hard);
    assert_eq!(sc.director, Some(Difficulty::Hard), "clamped at hard");
    assert_msg(
        &scn_err("director = brutal\n"),
        "t.scn:1:12: ",
        &["unknown director `brutal`", "off, easy, normal or hard"],
    );
    assert_msg(
        &scn_err("difficulty = 3\n"),
        "t.scn:1:14: ",
        &["unknown difficulty `3`"],
    );
}
